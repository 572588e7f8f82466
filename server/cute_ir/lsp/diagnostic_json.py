"""Diagnostics as the protocol sends them, as JSON values: the one place a `Diagnostic` becomes
an LSP `Diagnostic`.

Plain dicts, not lsprotocol's classes: `cute-ir serve` publishes the first opened document's
diagnostics before it imports the protocol's classes and the server (lsp/fast_start.py), and a
publish written at once as JSON skips building and unstructuring an object per diagnostic.
"""
from __future__ import annotations

import json
from typing import Any, Callable
from weakref import WeakKeyDictionary

from ..analysis import DocumentAnalysis
from ..diagnostics import Diagnostic, Span
from ..text import Document

PUBLISH = "textDocument/publishDiagnostics"

RangeOf = Callable[[Span], dict[str, Any]]


def span_json(document: Document, span: Span) -> dict[str, Any]:
    """A span as an LSP Range, in the document's position encoding."""
    start, end = document.position(span.start), document.position(span.end)
    return {"start": {"line": start.line, "character": start.character},
            "end": {"line": end.line, "character": end.character}}


def diagnostic(document: Document, d: Diagnostic, uri: str, range_of: RangeOf | None = None) -> dict[str, Any]:
    """`d` as an LSP Diagnostic. `range_of` converts its spans when they must be the positions
    of an earlier text (a request that awaits while the document may change)."""
    range_of = range_of or (lambda s: span_json(document, s))
    out: dict[str, Any] = {"range": range_of(d.span), "message": d.message,
                           "severity": int(d.severity),   # numbered as LSP's DiagnosticSeverity
                           "code": d.code, "source": d.source.value}
    if d.related:
        out["relatedInformation"] = [{"location": {"uri": uri, "range": range_of(r.span)}, "message": r.message}
                                     for r in d.related]
    return out


class _Converted:
    """What the last `diagnostics` of a document wrote: the diagnostics and their values, in
    order, and the text they were written for (the document's edit count, length and lines)."""
    __slots__ = ("edit_count", "length", "line_count", "uri", "encoding", "found", "values")

    def __init__(self, document: Document, found: list[Diagnostic], values: list[dict[str, Any]]) -> None:
        self.edit_count, self.length = document.edit_count, len(document.data)
        self.line_count = document.lines.line_count
        self.uri, self.encoding = document.uri, document.encoding
        self.found, self.values = found, values


_CONVERTED: WeakKeyDictionary[Document, _Converted] = WeakKeyDictionary()


def _offsets(d: Diagnostic) -> list[int]:
    return [d.span.start, d.span.end, *(o for r in d.related for o in (r.span.start, r.span.end))]


def _first(d: Diagnostic) -> int:
    return min(_offsets(d)) if d.related else min(d.span)


def _last(d: Diagnostic) -> int:
    return max(_offsets(d)) if d.related else max(d.span)


def _moved_by(old: Diagnostic, d: Diagnostic, delta: int) -> bool:
    """`d == old.shifted(delta)`, without making the shifted diagnostic."""
    if d.span.start != old.span.start + delta or d.span.end != old.span.end + delta:
        return False
    if d.code != old.code or d.message != old.message or d.severity != old.severity or d.source != old.source:
        return False
    return len(d.related) == len(old.related) and all(
        r.message == q.message and r.span.start == q.span.start + delta and r.span.end == q.span.end + delta
        for r, q in zip(d.related, old.related))


def _moved_range(value: dict[str, Any], lines: int) -> dict[str, Any]:
    start, end = value["start"], value["end"]
    return {"start": {"line": start["line"] + lines, "character": start["character"]},
            "end": {"line": end["line"] + lines, "character": end["character"]}}


def _moved(value: dict[str, Any], lines: int) -> dict[str, Any]:
    """A diagnostic's value `lines` lines further down."""
    out = {**value, "range": _moved_range(value["range"], lines)}
    if "relatedInformation" in value:
        out["relatedInformation"] = [{"location": {"uri": r["location"]["uri"],
                                                   "range": _moved_range(r["location"]["range"], lines)},
                                      "message": r["message"]} for r in value["relatedInformation"]]
    return out


def diagnostics(analysis: DocumentAnalysis) -> list[dict[str, Any]]:
    """The document's diagnostics as published.

    Written anew only where an edit since the last call could change them (on every keystroke
    of a 50k-line file with hundreds of diagnostics, writing them all took 10 ms). The text
    before the first byte any edit since touched is as it was, so a diagnostic that lies wholly
    in it (and in its line-end pair's first byte: "\r" and "\n" are one line end) has the
    positions it had, and its value is the one written then. The text after the last byte an
    edit touched is as it was too, moved by the edits' change in length; a diagnostic that
    starts on a line that begins in it has every position it had there, on a line as many
    lines further as the edits added: the line starts in that stretch are those it had, and its
    columns count from one of them.

    The diagnostics come in the same order as before an edit, but for those of the units it
    reached: those before them are matched with the last call's in order from the start (the
    same objects, `Unit.placed`), those after them in order from the end (moved by the edit), and
    only the ones between are looked up by value. Looking every one up by value (a moved copy
    made and hashed for each of the 300 diagnostics below a keystroke in a 50k-line dump) was
    most of a publish's conversion."""
    document = analysis.document
    uri = document.uri
    found = analysis.diagnostics()
    last = _CONVERTED.get(document)
    unchanged = None
    if last is not None and last.uri == uri and last.encoding is document.encoding:
        unchanged = document.unchanged_since(last.edit_count)
    if unchanged is None:
        values: dict[Diagnostic, dict[str, Any]] = {}
        out = []
        for d in found:
            value = values.get(d)
            if value is None:
                value = values[d] = diagnostic(document, d, uri)
            out.append(value)
    else:
        out = _reused(document, last, found, *unchanged)
    _CONVERTED[document] = _Converted(document, found, out)
    return out


def _reused(document: Document, last: _Converted, found: list[Diagnostic], prefix: int,
            suffix: int) -> list[dict[str, Any]]:
    """`diagnostics` after edits that left `prefix` bytes at the start and `suffix` at the end
    of the text the last call converted."""
    uri = document.uri
    length, lines = len(document.data), document.lines
    delta = length - last.length
    after = lines.line_of(length - suffix) + 1   # the first line that starts after the edits
    tail = lines.start(after) if suffix and after < lines.line_count else length + 1
    old, old_values = last.found, last.values
    n, m = len(found), len(old)
    top = min(n, m)
    above = 0   # matched from the start: before the edits, equal and where they were
    while above < top:
        d, o = found[above], old[above]
        if not ((d is o or d == o) and _last(d) < prefix):
            break
        above += 1
    below = 0   # matched from the end: after the edits, equal once moved by them
    while below < top - above:
        d, o = found[n - 1 - below], old[m - 1 - below]
        if not (_first(d) >= tail and _moved_by(o, d, delta)):
            break
        below += 1
    out = old_values[:above]
    kept = dict(zip(old[above:m - below], old_values[above:m - below]))
    values: dict[Diagnostic, dict[str, Any]] = {}
    for d in found[above:n - below]:
        value = values.get(d)
        if value is None:
            if _last(d) < prefix:
                value = kept.get(d)
            elif _first(d) >= tail:
                value = kept.get(d.shifted(-delta))
                if value is not None:
                    moved = lines.line_of(d.span.start) - value["range"]["start"]["line"]
                    value = _moved(value, moved) if moved else value
            if value is None:
                value = diagnostic(document, d, uri)
            values[d] = value
        out.append(value)
    # The line starts from `tail` on are those the last text had there, moved by the edits:
    # as many lines further down as the edits added.
    moved = lines.line_count - last.line_count
    for value in old_values[m - below:]:
        out.append(_moved(value, moved) if moved else value)
    return out


def publish_params(analysis: DocumentAnalysis, items: list[dict[str, Any]]) -> dict[str, Any]:
    return {"uri": analysis.document.uri, "version": analysis.version, "diagnostics": items}


def _encoded(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


# The JSON text of each value the last `publish_text` of a document wrote, by the value's id,
# with the value itself (an id is reused once its value is gone).
_ENCODED: WeakKeyDictionary[Document, dict[int, tuple[dict[str, Any], str]]] = WeakKeyDictionary()


def publish_text(analysis: DocumentAnalysis, items: list[dict[str, Any]]) -> str:
    """`publish_params` as compact JSON text, the text `json.dumps` writes for them. A value
    `diagnostics` handed out again (one an edit could not change) is not encoded again: in a
    5k-line dump with a brace deleted, encoding the publish's 48 diagnostics anew was about
    0.5 ms of each keystroke's work in the server."""
    document = analysis.document
    last = _ENCODED.get(document, {})
    texts: dict[int, tuple[dict[str, Any], str]] = {}
    parts = []
    for value in items:
        kept = last.get(id(value))
        text = kept[1] if kept is not None and kept[0] is value else _encoded(value)
        texts[id(value)] = (value, text)
        parts.append(text)
    _ENCODED[document] = texts
    return (f'{{"uri":{_encoded(document.uri)},"version":{_encoded(analysis.version)},'
            f'"diagnostics":[{",".join(parts)}]}}')
