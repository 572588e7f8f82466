"""Conversions between cute-ir results (byte spans) and lsprotocol types, in one place."""
from __future__ import annotations

import json
from typing import Callable

from lsprotocol import types as lsp
from lsprotocol.converters import get_converter
from pygls.exceptions import JsonRpcInvalidParams

from ..analysis import DocumentAnalysis
from ..diagnostics import Diagnostic, Span
from ..features.outline import Symbol
from ..text.positions import Encoding, Position
from . import diagnostic_json, outline_json

ENCODINGS = {
    lsp.PositionEncodingKind.Utf16: Encoding.UTF16,
    lsp.PositionEncodingKind.Utf8: Encoding.UTF8,
    lsp.PositionEncodingKind.Utf32: Encoding.UTF32,
}


def position(analysis: DocumentAnalysis, offset: int) -> lsp.Position:
    p = analysis.document.position(offset)
    return lsp.Position(line=p.line, character=p.character)


def span_range(analysis: DocumentAnalysis, span: Span) -> lsp.Range:
    return lsp.Range(start=position(analysis, span.start), end=position(analysis, span.end))


def offset(analysis: DocumentAnalysis, pos: lsp.Position) -> int:
    return analysis.document.offset(Position(pos.line, pos.character))


def span(analysis: DocumentAnalysis, rng: lsp.Range) -> tuple[int, int]:
    """The byte offsets of a range a request names. A range that ends before it starts is
    InvalidParams: the LSP defines a range's end as at or after its start, and guessing which
    the client meant (swap? empty?) would answer a question that was not asked."""
    if (rng.end.line, rng.end.character) < (rng.start.line, rng.start.character):
        raise JsonRpcInvalidParams(f"Invalid params: the range ends ({rng.end.line}:{rng.end.character}) "
                                   f"before it starts ({rng.start.line}:{rng.start.character})")
    return offset(analysis, rng.start), offset(analysis, rng.end)


def change(c) -> tuple[Position | None, Position | None, str]:
    """An LSP content change as (start, end, text); a whole-document change has no range."""
    rng = getattr(c, "range", None)
    if rng is None:
        return None, None, c.text
    return Position(rng.start.line, rng.start.character), Position(rng.end.line, rng.end.character), c.text


def diagnostic(analysis: DocumentAnalysis, d: Diagnostic, uri: str,
               range_of: Callable[[Span], lsp.Range] | None = None) -> lsp.Diagnostic:
    """`d` as lsprotocol's object, for answers built of them (lsp/diagnostic_json.py writes it).
    `range_of` converts its spans when they must be the positions of an earlier text (a
    request that awaits while the document may change)."""
    json_range = (lambda s: _CONVERTER.unstructure(range_of(s))) if range_of is not None else None
    return _CONVERTER.structure(diagnostic_json.diagnostic(analysis.document, d, uri, json_range), lsp.Diagnostic)


def range_json(r: lsp.Range) -> dict:
    """A range in the JSON shape of the custom requests' results."""
    return {"start": {"line": r.start.line, "character": r.start.character},
            "end": {"line": r.end.line, "character": r.end.character}}


def span_json(analysis: DocumentAnalysis, span: Span) -> dict:
    """`range_json(span_range(...))` without the protocol objects."""
    return diagnostic_json.span_json(analysis.document, span)


def line_map_json(analysis: DocumentAnalysis, line_spans, ranges: dict[Span, str]) -> str:
    """A printed IR's line map, `[{line, range}]`, written as JSON text: at 50k lines it has an
    entry per op of the file, and as dicts these took 37 MB before being written.
    `ranges` keeps each span's JSON for the other stages, which map to the same ops."""
    document = analysis.document

    def range_text(span: Span) -> str:
        found = ranges.get(span)
        if found is None:
            start, end = document.position(span.start), document.position(span.end)
            found = ranges[span] = (f'{{"start":{{"line":{start.line},"character":{start.character}}},'
                                    f'"end":{{"line":{end.line},"character":{end.character}}}}}')
        return found
    return "[" + ",".join(f'{{"line":{line},"range":{range_text(span)}}}' for line, span in line_spans) + "]"


# lsprotocol's own converter, for the protocol objects inside an answer written here.
_CONVERTER = get_converter()


class EncodedJson:
    """A request's answer written as JSON text, kept in pieces: the server writes them one
    after another (`CuteIrProtocol`) rather than joining megabytes of them first. A piece may
    be bytes, JSON in UTF-8 already (an answer from the open cache), written as it is;
    `object` and `array` take pieces of text."""

    __slots__ = ("parts",)

    def __init__(self, parts: list[str | bytes]) -> None:
        self.parts = parts

    @property
    def size(self) -> int:
        """Bytes in UTF-8 (`isascii` is constant time in CPython: no piece is read)."""
        return sum(len(part) if type(part) is bytes or part.isascii() else len(part.encode()) for part in self.parts)

    @classmethod
    def object(cls, value: dict, **members: "str | EncodedJson") -> "EncodedJson":
        """`value` (a JSON object) with more members, each JSON text already."""
        pieces = [json.dumps(value, default=_CONVERTER.unstructure)[:-1]]
        for name, member in members.items():
            pieces.append(f'{"," if len(pieces) > 1 or value else ""}{json.dumps(name)}:')
            pieces.extend(member.parts if isinstance(member, EncodedJson) else [member])
        pieces.append("}")
        return cls(outline_json.joined_small(pieces))

    @classmethod
    def array(cls, items: "list[EncodedJson]") -> "EncodedJson":
        pieces = ["["]
        for number, item in enumerate(items):
            pieces.extend([","] * (number > 0) + item.parts)
        pieces.append("]")
        return cls(outline_json.joined_small(pieces))


def locations(analysis: DocumentAnalysis, spans) -> list[lsp.Location]:
    uri = analysis.document.uri
    return [lsp.Location(uri=uri, range=span_range(analysis, s)) for s in spans]


def symbol(analysis: DocumentAnalysis, s: Symbol) -> lsp.DocumentSymbol:
    return lsp.DocumentSymbol(
        name=s.name, detail=s.detail or None, kind=lsp.SymbolKind(outline_json.symbol_kind(s.kind)),
        range=span_range(analysis, s.span),
        selection_range=span_range(analysis, s.selection),
        children=[symbol(analysis, c) for c in s.children] or None)


def document_symbols(analysis: DocumentAnalysis) -> EncodedJson:
    return EncodedJson(outline_json.document_symbols(analysis))


def folding_ranges(analysis: DocumentAnalysis) -> EncodedJson:
    return EncodedJson(outline_json.folding_ranges(analysis))
