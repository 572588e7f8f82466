"""Diagnostics as the protocol sends them, as JSON values: the one place a `Diagnostic` becomes
an LSP `Diagnostic`.

Plain dicts, not lsprotocol's classes: `cute-ir serve` publishes the first opened document's
diagnostics before it imports the protocol's classes and the server (lsp/fast_start.py), and a
publish written at once as JSON skips building and unstructuring an object per diagnostic.
"""
from __future__ import annotations

from typing import Any, Callable

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


def diagnostics(analysis: DocumentAnalysis) -> list[dict[str, Any]]:
    """The document's diagnostics as published."""
    document = analysis.document
    return [diagnostic(document, d, document.uri) for d in analysis.diagnostics()]


def publish_params(analysis: DocumentAnalysis, items: list[dict[str, Any]]) -> dict[str, Any]:
    return {"uri": analysis.document.uri, "version": analysis.version, "diagnostics": items}
