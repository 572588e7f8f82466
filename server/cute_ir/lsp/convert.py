"""Conversions between cute-ir results (byte spans) and lsprotocol types, in one place."""
from __future__ import annotations

import json
import re
from typing import Callable, Sequence

from lsprotocol import types as lsp
from lsprotocol.converters import get_converter
from pygls.exceptions import JsonRpcInvalidParams

from ..analysis import DocumentAnalysis, PerUnit, Unit
from ..diagnostics import Diagnostic, Span
from ..features.outline import OUTLINE, Container, Symbol, nesting
from ..text.positions import Encoding, Position
from . import diagnostic_json

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
    after another (`CuteIrProtocol`) rather than joining megabytes of them first."""

    __slots__ = ("parts",)
    _SMALL = 1 << 16          # adjacent pieces under this are joined: fewer, larger writes

    def __init__(self, parts: list[str]) -> None:
        self.parts = parts

    @property
    def size(self) -> int:
        """Bytes in UTF-8 (`isascii` is constant time in CPython: no piece is read)."""
        return sum(len(part) if part.isascii() else len(part.encode()) for part in self.parts)

    @classmethod
    def object(cls, value: dict, **members: "str | EncodedJson") -> "EncodedJson":
        """`value` (a JSON object) with more members, each JSON text already."""
        pieces = [json.dumps(value, default=_CONVERTER.unstructure)[:-1]]
        for name, member in members.items():
            pieces.append(f'{"," if len(pieces) > 1 or value else ""}{json.dumps(name)}:')
            pieces.extend(member.parts if isinstance(member, EncodedJson) else [member])
        pieces.append("}")
        return cls(_joined_small(pieces))

    @classmethod
    def array(cls, items: "list[EncodedJson]") -> "EncodedJson":
        pieces = ["["]
        for number, item in enumerate(items):
            pieces.extend([","] * (number > 0) + item.parts)
        pieces.append("]")
        return cls(_joined_small(pieces))


def _joined_small(pieces: list[str]) -> list[str]:
    out: list[str] = []
    for piece in pieces:
        if out and len(out[-1]) < EncodedJson._SMALL and len(piece) < EncodedJson._SMALL:
            out[-1] += piece
        else:
            out.append(piece)
    return out


def locations(analysis: DocumentAnalysis, spans) -> list[lsp.Location]:
    uri = analysis.document.uri
    return [lsp.Location(uri=uri, range=span_range(analysis, s)) for s in spans]


_SYMBOL_KINDS = {
    "module": lsp.SymbolKind.Module,
    "function": lsp.SymbolKind.Function,
    "alias": lsp.SymbolKind.TypeParameter,
    "atom": lsp.SymbolKind.Variable,
    "operation": lsp.SymbolKind.Event,
}


def symbol(analysis: DocumentAnalysis, s: Symbol) -> lsp.DocumentSymbol:
    return lsp.DocumentSymbol(
        name=s.name, detail=s.detail or None, kind=_SYMBOL_KINDS.get(s.kind, lsp.SymbolKind.Object),
        range=span_range(analysis, s.span),
        selection_range=span_range(analysis, s.selection),
        children=[symbol(analysis, c) for c in s.children] or None)


# ---------------------------------------------------------------------------------- outline
# The outline of a large file is thousands of symbols; as lsprotocol objects, converted one
# position at a time and serialised by pygls, a request after a keystroke took over a second at
# 50k lines. It is written as JSON instead, each unit's symbols once for each place the unit
# starts at (`Unit.derived`), so a keystroke re-encodes the edited unit and joins the rest.
_OUTLINE_JSON = "outline-json"


def document_symbols(analysis: DocumentAnalysis) -> EncodedJson:
    """textDocument/documentSymbol's answer: `outline.document_symbols` as LSP DocumentSymbols.
    In pieces (a module's children are most of a file's outline: megabytes not copied into its
    object), each list of them a JSON array's items."""
    starts = dict(zip((u.start for u in analysis.units),
                      analysis.document.positions([u.start for u in analysis.units])))

    def items_json(items: list) -> list[str]:
        parts: list[str] = []
        for item in items:
            if isinstance(item, Container):
                piece = _container_json(analysis, item.symbol, items_json(item.items))
            else:
                text = _unit_symbols_json(analysis, item, starts[item.start])
                piece = [text] if text else []
            if piece:
                if parts:
                    parts.append(",")
                parts.extend(piece)
        return parts
    return EncodedJson(_joined_small(["["] + items_json(nesting(analysis)) + ["]"]))


class _PlacedJson:
    """A unit's outline JSON where the unit starts now, and as a template of the lines in it:
    a unit that only moved to other lines (a newline typed above it moves every unit after it)
    differs by the same number in each `"line":`, and its characters are those it had as long
    as it starts at the same character of its line."""

    __slots__ = ("at", "text", "pieces", "lines")
    # JSON text escapes the quotes of a name or detail that holds `"line":` itself.
    _LINE = re.compile(r'(?<="line":)(\d+)')

    def __init__(self, at: tuple[int, int], text: str) -> None:
        self.at, self.text = at, text
        parts = self._LINE.split(text)
        self.pieces = parts[0::2]
        self.lines = [int(line) - at[0] for line in parts[1::2]]

    def moved_to(self, at: tuple[int, int]) -> str | None:
        """The text for a unit starting at `at`; None if it starts at another character."""
        if at[1] != self.at[1]:
            return None
        if at[0] != self.at[0]:
            base, pieces = at[0], self.pieces
            lines = [str(base + line) for line in self.lines] + [""]
            self.at, self.text = at, "".join([piece + line for piece, line in zip(pieces, lines)])
        return self.text


def _unit_symbols_json(analysis: DocumentAnalysis, unit, at: tuple[int, int]) -> str:
    """The unit's symbols as JSON objects joined by commas, for where the unit starts now (`at`)."""
    cached = unit.derived.get(_OUTLINE_JSON)
    text = cached.moved_to(at) if cached is not None else None
    if text is not None:
        return text
    text = ",".join(_symbols_json(analysis, analysis.for_unit(unit, OUTLINE).symbols, unit.start))
    unit.derived[_OUTLINE_JSON] = _PlacedJson(at, text)
    return text


def _unit_fold_lines(analysis: DocumentAnalysis, unit: Unit) -> tuple[tuple[int, int], ...]:
    """The unit's folds as FoldingRanges' (startLine, endLine), relative to the line the unit
    starts on: in the order `outline.folding_ranges` gives them, a fold that ends on the line
    after its start kept as it is, a longer one ending on the line before its `}`."""
    folds = sorted({(f.start, f.end) for f in analysis.for_unit(unit, OUTLINE).folds}, key=lambda f: (f[0], -f[1]))
    if not folds:
        return ()
    offsets = sorted({unit.start} | {unit.start + at for fold in folds for at in fold})
    line = dict(zip(offsets, (position[0] for position in analysis.document.positions(offsets))))
    base, out = line[unit.start], []
    for start, end in ((line[unit.start + a], line[unit.start + b]) for a, b in folds):
        if end > start:
            out.append((start - base, (end - 1 if end - 1 > start else end) - base))
    return tuple(out)


FOLD_LINES = PerUnit("folding-lines", _unit_fold_lines)


def folding_ranges(analysis: DocumentAnalysis) -> EncodedJson:
    """textDocument/foldingRange's answer, written as JSON: each unit keeps its folds' lines
    relative to its first line (`FOLD_LINES`), so after an edit only the edited unit is
    computed again, and a unit that moved only adds where it starts now."""
    units = [u for u in analysis.units if not u.shell]
    parts: list[str] = []
    for unit, (base, _) in zip(units, analysis.document.positions([u.start for u in units])):
        parts.extend(f'{{"startLine":{base + start},"endLine":{base + end}}}'
                     for start, end in analysis.for_unit(unit, FOLD_LINES))
    return EncodedJson(["[" + ",".join(parts) + "]"])


def _symbols_json(analysis: DocumentAnalysis, symbols: Sequence[Symbol], base: int) -> list[str]:
    """The symbols, whose offsets are relative to `base`, as DocumentSymbol JSON objects."""
    offsets: set[int] = set()
    stack = list(symbols)
    while stack:
        s = stack.pop()
        offsets.update((s.span.start, s.span.end, s.selection.start, s.selection.end))
        stack.extend(s.children)
    ordered = sorted(offsets)
    where = dict(zip(ordered, analysis.document.positions([base + at for at in ordered])))

    def encode(s: Symbol) -> str:
        children = [encode(c) for c in s.children]
        return _head(s, where) + (',"children":[' + ",".join(children) + "]}" if children else "}")
    return [encode(s) for s in symbols]


def _container_json(analysis: DocumentAnalysis, s: Symbol, children: list[str]) -> list[str]:
    offsets = sorted({s.span.start, s.span.end, s.selection.start, s.selection.end})
    where = dict(zip(offsets, analysis.document.positions(offsets)))
    if not children:
        return [_head(s, where) + "}"]
    return [_head(s, where) + ',"children":['] + children + ["]}"]


def _range_json(where: dict[int, tuple[int, int]], span: Span) -> str:
    (sl, sc), (el, ec) = where[span.start], where[span.end]
    return f'{{"start":{{"line":{sl},"character":{sc}}},"end":{{"line":{el},"character":{ec}}}}}'


def _head(s: Symbol, where: dict[int, tuple[int, int]]) -> str:
    """A DocumentSymbol's JSON object up to its children, without its closing brace."""
    kind = int(_SYMBOL_KINDS.get(s.kind, lsp.SymbolKind.Object))
    text = (f'{{"name":{json.dumps(s.name)},"kind":{kind},"range":{_range_json(where, s.span)},'
            f'"selectionRange":{_range_json(where, s.selection)}')
    if s.detail:
        text += f',"detail":{json.dumps(s.detail)}'
    return text
