"""The outline's and the folds' answers (textDocument/documentSymbol, foldingRange) written as
JSON text, with no protocol library: lsp/fast_start.py answers them for a document opened
before the server is imported (about half a second, most of it lsprotocol's types), and the
server answers them from here too (lsp/convert.py)."""
from __future__ import annotations

import re
from bisect import bisect_right
from json.encoder import encode_basestring_ascii as _string
from typing import Iterator, Sequence
from weakref import WeakKeyDictionary

from ..analysis import DocumentAnalysis, PerUnit, Unit
from ..diagnostics import Span
from ..features.outline import OUTLINE, Container, Symbol, nesting
from .unit_chunks import Chunk, chunked

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
# 50k lines. It is written as JSON instead, each unit's symbols once per text of the unit
# (`Unit.derived`, dropped when its text changes), so a keystroke re-encodes the edited unit and
# joins the rest. A unit's JSON is kept as a template whose line numbers count from the unit's
# first line: a unit that only moved to other lines (a newline typed above it moves every unit
# after it) is placed again by adding where it starts now, with nothing read or encoded again.
_OUTLINE_JSON = "outline-json"
_FOLDS_JSON = "folding-json"


def _kept(unit: Unit, key: str):
    """What the unit's facts hold under `key`, or None. Read from the unit itself: a request
    reads every unit's piece, and `DocumentAnalysis.for_unit` makes an analysis object per call
    (a tenth of an answer's time at 50k lines when nothing changed)."""
    facts = unit.facts
    return facts.get(key) if facts is not None else None


def _unit_result(analysis: DocumentAnalysis, unit: Unit, result: PerUnit):
    found = _kept(unit, result.key)
    return found if found is not None else analysis.for_unit(unit, result)


def document_symbols(analysis: DocumentAnalysis) -> list[str]:
    """textDocument/documentSymbol's answer: `outline.document_symbols` as LSP DocumentSymbols,
    in pieces (a module's children are most of a file's outline: megabytes not copied into its
    object), each list of them a JSON array's items."""
    # Not `joined_small`: the server batches small parts as it writes them.
    return ["[", *_level_parts(analysis, _layout(analysis)), "]"]


# ------------------------------------------------------------------------ the outline's shape
# The outline is `nesting`'s shape: the units of each level, and its containers, each holding a
# level of its own. That shape, and which units each item stands for, is kept with the analysis
# while its list of units is the same list: an edit inside a statement keeps the list (the unit
# is parsed again, later ones move), any other edit installs a new one (analysis/document.py),
# and only then can a container's shell have come, gone or changed. Reading the shape again
# after each keystroke was a sixth of the answer at 50k lines of real dumps (a hundred
# containers, each placed anew).

class _Level:
    """A level's items (units and `_Box`es), each item's first unit, where its units start and
    end in the document's list of units, and its `runs`: (low, high) for items[low:high] kept in
    chunks, (index, None) for a container too large for one (`_ALONE`)."""

    __slots__ = ("items", "heads", "lows", "highs", "runs")

    def __init__(self) -> None:
        self.items: list[Unit | _Box] = []
        self.heads: list[Unit] = []
        self.lows: list[int] = []
        self.highs: list[int] = []
        self.runs: list[tuple[int, int | None]] = []

    def close(self) -> "_Level":
        """Cut the items into `runs`."""
        low = 0
        for index, (first, end) in enumerate(zip(self.lows, self.highs)):
            if end - first > _ALONE:
                if low < index:
                    self.runs.append((low, index))
                self.runs.append((index, None))
                low = index + 1
        if low < len(self.items):
            self.runs.append((low, len(self.items)))
        return self


class _Box:
    """A container: its header's and closing brace's units (None while it is left open), its
    symbol's name, kind and detail, where its name is relative to the header's start, and the
    level its braces hold."""

    __slots__ = ("header", "closer", "name", "kind", "detail", "selection", "level")

    def __init__(self, container: Container, level: _Level) -> None:
        s, header = container.symbol, container.header
        self.header, self.closer, self.level = header, container.closer, level
        self.name, self.kind, self.detail = s.name, s.kind, s.detail
        self.selection = (s.selection.start - header.start, s.selection.end - header.start)

    def symbol(self) -> Symbol:
        """Its symbol where its units are now."""
        start = self.header.start
        end = self.closer.end if self.closer is not None else self.header.end
        return Symbol(self.name, self.kind, self.detail, Span(start, end),
                      Span(start + self.selection[0], start + self.selection[1]))


# {analysis: (its units list, its length, the outline's top level)}
_LAYOUTS: "WeakKeyDictionary[DocumentAnalysis, tuple[list[Unit], int, _Level]]" = WeakKeyDictionary()


def _layout(analysis: DocumentAnalysis) -> _Level:
    """The outline's top level (see above)."""
    units = analysis.units
    kept = _LAYOUTS.get(analysis)
    if kept is not None and kept[0] is units and kept[1] == len(units):
        return kept[2]
    index = {id(unit): at for at, unit in enumerate(units)}

    def level(items: list) -> _Level:
        out = _Level()
        for item in items:
            if isinstance(item, Container):
                low = index[id(item.header)]
                # A container left open holds every unit after its header.
                high = index[id(item.closer)] + 1 if item.closer is not None else len(units)
                out.items.append(_Box(item, level(item.items)))
                out.heads.append(item.header)
            else:
                low = index[id(item)]
                high = low + 1
                out.items.append(item)
                out.heads.append(item)
            out.lows.append(low)
            out.highs.append(high)
        return out.close()
    top = level(nesting(analysis))
    _LAYOUTS[analysis] = (units, len(units), top)
    return top


# A level's items are kept together in chunks of up to CHUNK_UNITS items (lsp/unit_chunks.py):
# a chunk that holds a container holds all of it, its JSON among the chunk's parts, and after a
# keystroke an answer looks at a few dozen chunks of the top level, makes the edited item's
# again, and, in a container among its items, does the same one level down. A container of
# more than _ALONE units is in no chunk: a chunk checks every unit it holds when it is taken
# again, and is made again whole when one of them changed (a file that is one `module {` would
# have been one chunk, checked and made whole after each keystroke); it is written each time,
# its level's chunks taken as they are.
CHUNK_UNITS = 64
_ALONE = 4 * CHUNK_UNITS
_CHUNK = "outline-chunk"


def _level_parts(analysis: DocumentAnalysis, level: _Level) -> list[str]:
    """The JSON of a level's items, in parts, with commas between the items."""
    parts: list[str] = []
    for low, high in level.runs:
        values = ([chunk.value for chunk in _level_chunks(analysis, level, low, high)] if high is not None
                  else [_box_json(analysis, level.items[low])])
        for value in values:
            if value:
                if parts:
                    parts.append(",")
                parts.extend(value)
    return parts


def _level_chunks(analysis: DocumentAnalysis, level: _Level, low: int = 0, high: int | None = None) -> list[Chunk]:
    """The chunks covering the level's items[low:high]; each chunk's value the parts of its
    items' JSON, with commas between them (no part when none shows anything)."""
    units, lows, highs = analysis.units, level.lows, level.highs
    where = analysis.document.line_character
    high = len(level.items) if high is None else high

    def make(items: list, at: tuple[int, int]) -> list[str]:
        parts: list[str] = []
        run: list[Unit] = []

        def add(piece: list[str]) -> None:
            if parts:
                parts.append(",")
            parts.extend(piece)

        def flush() -> None:
            if run:
                text = _units_json(analysis, run, at if run[0] is items[0] else where(run[0].start))
                if text:
                    add([text])
                run.clear()
        for item in items:
            if isinstance(item, _Box):
                flush()
                add(_box_json(analysis, item))
            else:
                run.append(item)
        flush()
        return parts
    return chunked(analysis, level.items[low:high], _CHUNK, CHUNK_UNITS, where, make, level.heads[low:high],
                   lambda a, b: units[lows[low + a]:highs[low + b - 1]])


def _box_json(analysis: DocumentAnalysis, box: _Box) -> list[str]:
    """A container's DocumentSymbol, with its level's JSON as its children."""
    s = box.symbol()
    offsets = (s.span.start, s.span.end, s.selection.start, s.selection.end)
    where = dict(zip(offsets, analysis.document.line_characters(offsets)))
    return _container_json(s, _level_parts(analysis, box.level), where)


def _units_json(analysis: DocumentAnalysis, units: list[Unit], at: tuple[int, int]) -> str:
    """The outline JSON of consecutive units of one level, the first starting at `at`."""
    first = units[0]
    relative = _relative_positions(analysis, first, [u.start - first.start for u in units], at)
    texts = []
    for unit in units:
        line, character = relative[unit.start - first.start]
        text = _unit_symbols_json(analysis, unit, (at[0] + line, character))
        if text:
            texts.append(text)
    return ",".join(texts)


class _PlacedJson:
    """A unit's outline JSON placed where the unit starts now (`text`, for the line `base`), and
    its template: the text as a %-format with `%d` for each line number (a `%` of a name or
    detail written `%%`) and the numbers, counted from the unit's first line; one formatting
    call places it (a third faster than splitting the text at each number and joining it with
    them). Its characters are those of a unit starting at `column` (on its first line they count
    from the line's start)."""

    __slots__ = ("column", "template", "lines", "base", "text")
    _CUT = "%d"

    def __init__(self, column: int, template: str, lines: list[int]) -> None:
        self.column, self.template, self.lines = column, template, tuple(lines)
        self.base, self.text = -1, ""

    def placed(self, at: tuple[int, int]) -> str | None:
        """The text for a unit starting at `at`; None if it starts at another character."""
        if at[1] != self.column:
            return None
        if at[0] != self.base:
            self.base, self.text = at[0], self.template % tuple(map(at[0].__add__, self.lines))
        return self.text


def _unit_symbols_json(analysis: DocumentAnalysis, unit: Unit, at: tuple[int, int]) -> str:
    """The unit's symbols as JSON objects joined by commas, for where the unit starts now (`at`)."""
    cached = _kept(unit, _OUTLINE_JSON)
    text = cached.placed(at) if cached is not None else None
    if text is not None:
        return text
    symbols = _unit_result(analysis, unit, OUTLINE).symbols
    lines: list[int] = []
    template = ",".join(_symbols_json(analysis, unit, symbols, at, lines))
    placed = unit.derived[_OUTLINE_JSON] = _PlacedJson(at[1], template, lines)
    return placed.placed(at) or ""


_LINE_BREAK = re.compile(rb"\n")


def _relative_positions(analysis: DocumentAnalysis, unit: Unit, offsets: list[int],
                        at: tuple[int, int] | None = None) -> dict[int, tuple[int, int]]:
    """(line counted from the unit's first line, character) of each of `offsets` (ascending,
    relative to the unit's start) for the unit starting at `at`, its (line, character) in the
    document (when not given: the characters on the unit's first line count from its start,
    and only the lines are right). A unit's text in ASCII with
    no carriage return (every encoding counts its bytes, and only `\n` ends a line) is read
    alone, the document's line index not asked (a third of the first outline's JSON at 50k
    lines went to asking it unit by unit); other text is asked of it."""
    if not offsets:
        return {}
    data = analysis.document.data
    text = data[unit.start:unit.start + offsets[-1]]
    if text.isascii() and b"\r" not in text:
        starts = [0, *(m.end() for m in _LINE_BREAK.finditer(text))]
        out: dict[int, tuple[int, int]] = {}
        for offset in offsets:
            line = bisect_right(starts, offset) - 1
            out[offset] = (line, offset - starts[line] + (at[1] if line == 0 and at is not None else 0))
        return out
    base = unit.start
    if at is None:
        at = analysis.document.positions([base])[0]
    return {offset: (line - at[0], character) for offset, (line, character)
            in zip(offsets, analysis.document.positions([base + offset for offset in offsets]))}


def _unit_fold_lines(analysis: DocumentAnalysis, unit: Unit) -> tuple[tuple[int, int], ...]:
    """The unit's folds as FoldingRanges' (startLine, endLine), relative to the line the unit
    starts on: in the order `outline.folding_ranges` gives them, a fold that ends on the line
    after its start kept as it is, a longer one ending on the line before its `}`."""
    folds = sorted({(f.start, f.end) for f in _unit_result(analysis, unit, OUTLINE).folds}, key=lambda f: (f[0], -f[1]))
    if not folds:
        return ()
    offsets = sorted({at for fold in folds for at in fold})
    line = _relative_positions(analysis, unit, offsets)
    out = []
    for start, end in ((line[a][0], line[b][0]) for a, b in folds):
        if end > start:
            out.append((start, end - 1 if end - 1 > start else end))
    return tuple(out)


FOLD_LINES = PerUnit("folding-lines", _unit_fold_lines)


def folding_ranges(analysis: DocumentAnalysis) -> list[str]:
    """textDocument/foldingRange's answer, written as JSON: each unit keeps its folds' lines
    relative to its first line (`FOLD_LINES`) and their JSON where it starts now, so after an
    edit only the edited unit is computed again, and only a unit that moved is written again;
    consecutive units' JSON is kept together (lsp/unit_chunks.py), while their first starts on
    the same line."""
    units = [u for u in analysis.units if not u.shell]
    found = _folds_chunks(analysis, units, analysis.document.lines.line_of)
    return ["[" + ",".join(chunk.value for chunk in found if chunk.value) + "]"]


_FOLDS_CHUNK = "folding-chunk"


def _folds_chunks(analysis: DocumentAnalysis, units: list[Unit], line_of) -> list[Chunk]:
    """The chunks of the folds' JSON covering `units` (consecutive non-shell units)."""
    def make(run: list[Unit], _) -> str:
        texts = [_unit_folds_json(analysis, unit, line_of(unit.start)) for unit in run]
        return ",".join(text for text in texts if text)
    return chunked(analysis, units, _FOLDS_CHUNK, CHUNK_UNITS, line_of, make)


def _unit_folds_json(analysis: DocumentAnalysis, unit: Unit, base: int) -> str:
    """The unit's FoldingRanges as JSON objects joined by commas, for a unit starting on line `base`."""
    kept = _kept(unit, _FOLDS_JSON)
    if kept is None or kept[0] != base:
        folds = _unit_result(analysis, unit, FOLD_LINES)
        kept = unit.derived[_FOLDS_JSON] = (base, ",".join(
            [f'{{"startLine":{base + start},"endLine":{base + end}}}' for start, end in folds]))
    return kept[1]


def chunk_steps(analysis: DocumentAnalysis) -> Iterator[None]:
    """Make the chunks `document_symbols` and `folding_ranges` join (lsp/unit_chunks.py), one
    chunk a step, yielding after each: the chunks an answer would make first, each where it
    would make it (a level's runs of items cut every CHUNK_UNITS; a container's level before the level
    holding it, whose chunk then takes its chunks as they are), so that its first answer takes
    them as they are. Units whose share is kept (`prepare`) make their chunk quickly."""
    def levels(level: _Level) -> Iterator[_Level]:
        for item in level.items:
            if isinstance(item, _Box):
                yield from levels(item.level)
        yield level
    for level in levels(_layout(analysis)):
        for low, high in level.runs:
            for at in range(low, high if high is not None else low, CHUNK_UNITS):
                _level_chunks(analysis, level, at, min(at + CHUNK_UNITS, high))
                yield
    units = [u for u in analysis.units if not u.shell]
    line_of = analysis.document.lines.line_of
    for at in range(0, len(units), CHUNK_UNITS):
        _folds_chunks(analysis, units[at:at + CHUNK_UNITS], line_of)
        yield


def prepare(analysis: DocumentAnalysis, units: list[Unit]) -> None:
    """Keep what the outline's and the folds' answers read of each of `units` (units of the
    analysis as it is now): its symbols' and its folds' JSON where it starts now, as
    `document_symbols` and `folding_ranges` keep them. Those answers then join what is kept
    (the server does this for a newly opened file while the client is quiet)."""
    units = [u for u in units if not u.shell]
    for unit, at in zip(units, analysis.document.positions([u.start for u in units])):
        _unit_symbols_json(analysis, unit, at)
        _unit_folds_json(analysis, unit, at[0])


def _symbols_json(analysis: DocumentAnalysis, unit: Unit, symbols: Sequence[Symbol], at: tuple[int, int],
                  lines: list[int]) -> list[str]:
    """The symbols of a unit starting at `at`, their offsets relative to its start, as
    DocumentSymbol JSON objects whose line numbers are cut out (`_PlacedJson`) and appended,
    counted from the unit's first line, to `lines`."""
    offsets: set[int] = set()
    stack = list(symbols)
    while stack:
        s = stack.pop()
        offsets.update((s.span.start, s.span.end, s.selection.start, s.selection.end))
        stack.extend(s.children)
    where = _relative_positions(analysis, unit, sorted(offsets), at)

    def encode(s: Symbol) -> str:
        head = _head(s, where, lines)
        if not s.children:
            return head + "}"
        return head + ',"children":[' + ",".join([encode(c) for c in s.children]) + "]}"
    return [encode(s) for s in symbols]


def _container_json(s: Symbol, children: list[str], where: dict[int, tuple[int, int]]) -> list[str]:
    """A container's DocumentSymbol with its `children` (JSON text), at the positions `where` holds."""
    if not children:
        return [_head(s, where) + "}"]
    return [_head(s, where) + ',"children":['] + children + ["]}"]


def _head(s: Symbol, where: dict[int, tuple[int, int]], lines: list[int] | None = None) -> str:
    """A DocumentSymbol's JSON object up to its children, without its closing brace; with
    `lines`, a `_PlacedJson` template: its line numbers cut out and appended there. Names and
    details are written as `json.dumps` writes a string (its own encoder, without the call
    around it: tens of thousands of symbols in a large file)."""
    (sl, sc), (el, ec) = where[s.span.start], where[s.span.end]
    (tl, tc), (fl, fc) = where[s.selection.start], where[s.selection.end]
    name, detail = _string(s.name), _string(s.detail) if s.detail else ""
    if lines is not None:
        lines.extend((sl, el, tl, fl))
        sl = el = tl = fl = _PlacedJson._CUT
        name, detail = name.replace("%", "%%"), detail.replace("%", "%%")
    text = (f'{{"name":{name},"kind":{SYMBOL_KINDS.get(s.kind, OTHER_SYMBOL_KIND)},'
            f'"range":{{"start":{{"line":{sl},"character":{sc}}},"end":{{"line":{el},"character":{ec}}}}},'
            f'"selectionRange":{{"start":{{"line":{tl},"character":{tc}}},"end":{{"line":{fl},"character":{fc}}}}}')
    if detail:
        text += f',"detail":{detail}'
    return text
