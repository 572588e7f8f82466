"""The outline's and the folds' answers (textDocument/documentSymbol, foldingRange) written as
JSON text, with no protocol library: lsp/fast_start.py answers them for a document opened
before the server is imported (about half a second, most of it lsprotocol's types), and the
server answers them from here too (lsp/convert.py)."""
from __future__ import annotations

import re
from json.encoder import encode_basestring_ascii as _string
from typing import Sequence

from ..analysis import DocumentAnalysis, PerUnit, Unit
from ..features.outline import OUTLINE, Container, Symbol, nesting

# LSP's SymbolKind numbers (the specification's enumeration; lsprotocol's `SymbolKind` has the
# same values, tests/lsp/test_outline_json.py holds them equal) for the outline's kinds.
SYMBOL_KINDS = {
    "module": 2,         # Module
    "function": 12,      # Function
    "alias": 26,         # TypeParameter
    "atom": 13,          # Variable
    "operation": 24,     # Event
}
OTHER_SYMBOL_KIND = 19   # Object

# Adjacent pieces of an answer under this size are joined: fewer, larger writes.
SMALL_PIECE = 1 << 16


def symbol_kind(kind: str) -> int:
    return SYMBOL_KINDS.get(kind, OTHER_SYMBOL_KIND)


def joined_small(pieces: list[str]) -> list[str]:
    # Each run joined once: adding every piece to the text joined so far copied that text
    # each time (a fifth of an outline answer's time at 50k lines).
    out: list[str] = []
    run: list[str] = []
    size = 0
    for piece in pieces:
        if len(piece) >= SMALL_PIECE:
            if run:
                out.append("".join(run))
                run, size = [], 0
            out.append(piece)
            continue
        run.append(piece)
        size += len(piece)
        if size >= SMALL_PIECE:
            out.append("".join(run))
            run, size = [], 0
    if run:
        out.append("".join(run))
    return out


# ---------------------------------------------------------------------------------- outline
# The outline of a large file is thousands of symbols; as lsprotocol objects, converted one
# position at a time and serialised by pygls, a request after a keystroke took over a second at
# 50k lines. It is written as JSON instead, each unit's symbols once for each place the unit
# starts at (`Unit.derived`), so a keystroke re-encodes the edited unit and joins the rest.
_OUTLINE_JSON = "outline-json"


def document_symbols(analysis: DocumentAnalysis) -> list[str]:
    """textDocument/documentSymbol's answer: `outline.document_symbols` as LSP DocumentSymbols,
    in pieces (a module's children are most of a file's outline: megabytes not copied into its
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
    return joined_small(["["] + items_json(nesting(analysis)) + ["]"])


class _PlacedJson:
    """A unit's outline JSON where the unit starts now, and as a template of the lines in it:
    a unit that only moved to other lines (a newline typed above it moves every unit after it)
    differs by the same number in each `"line":`, and its characters are those it had as long
    as it starts at the same character of its line. The template is the text around those
    numbers joined by a character JSON text never holds raw (a control character): kept as a
    list of strings, the pieces took twice the memory of the text (8 MiB at 50k lines). It is
    made when the unit first moves to another line: the first outline of a large file would
    otherwise split every unit's text once more (a tenth of that answer's time at 50k lines)."""

    __slots__ = ("at", "text", "template", "lines")
    # JSON text escapes the quotes of a name or detail that holds `"line":` itself.
    _LINE = re.compile(r'(?<="line":)(\d+)')
    _CUT = "\x00"

    def __init__(self, at: tuple[int, int], text: str) -> None:
        self.at, self.text = at, text
        self.template: str | None = None
        self.lines: tuple[int, ...] = ()

    def moved_to(self, at: tuple[int, int]) -> str | None:
        """The text for a unit starting at `at`; None if it starts at another character."""
        if at[1] != self.at[1]:
            return None
        if at[0] != self.at[0]:
            if self.template is None:
                parts = self._LINE.split(self.text)
                self.template = self._CUT.join(parts[0::2])
                self.lines = tuple(int(line) - self.at[0] for line in parts[1::2])
            base, pieces = at[0], self.template.split(self._CUT)
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


def folding_ranges(analysis: DocumentAnalysis) -> list[str]:
    """textDocument/foldingRange's answer, written as JSON: each unit keeps its folds' lines
    relative to its first line (`FOLD_LINES`), so after an edit only the edited unit is
    computed again, and a unit that moved only adds where it starts now."""
    units = [u for u in analysis.units if not u.shell]
    parts: list[str] = []
    for unit, (base, _) in zip(units, analysis.document.positions([u.start for u in units])):
        parts.extend(f'{{"startLine":{base + start},"endLine":{base + end}}}'
                     for start, end in analysis.for_unit(unit, FOLD_LINES))
    return ["[" + ",".join(parts) + "]"]


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


def _head(s: Symbol, where: dict[int, tuple[int, int]]) -> str:
    """A DocumentSymbol's JSON object up to its children, without its closing brace. Names and
    details are written as `json.dumps` writes a string (its own encoder, without the call
    around it: tens of thousands of symbols in a large file)."""
    (sl, sc), (el, ec) = where[s.span.start], where[s.span.end]
    (tl, tc), (fl, fc) = where[s.selection.start], where[s.selection.end]
    text = (f'{{"name":{_string(s.name)},"kind":{SYMBOL_KINDS.get(s.kind, OTHER_SYMBOL_KIND)},'
            f'"range":{{"start":{{"line":{sl},"character":{sc}}},"end":{{"line":{el},"character":{ec}}}}},'
            f'"selectionRange":{{"start":{{"line":{tl},"character":{tc}}},"end":{{"line":{fl},"character":{fc}}}}}')
    if s.detail:
        text += f',"detail":{_string(s.detail)}'
    return text
