"""Semantic tokens in LSP's relative integer encoding, for a range or the whole document.

The whole-document answer is assembled from per-unit pieces (`PerUnit`, `DocumentAnalysis.for_unit`):
each unit keeps its tokens encoded relative to the line it starts on, so after an edit only
the edited unit is encoded again and the rest is concatenation. Text between units (comments,
split markers) is rare and encoded on each request.

With the C encoder (`tokens.native`) each piece's integers are written by `_encode_native`
straight from the captured nodes; `_encode` is the same in Python, kept for a machine where
the extension was not built (and as the reference the tests compare the C encoder with).
"""
from __future__ import annotations

import json
from bisect import bisect_right
from operator import itemgetter
from sys import maxsize
from typing import Iterator

from ..analysis import DocumentAnalysis, PerUnit, Unit
from ..features import tokens
from ..text.positions import Encoding
from .unit_chunks import Chunk, chunked


_INTEGERS = json.JSONEncoder(separators=(",", ":"))   # a list of integers, as `1,2,3` once [ ] are cut


class _Piece:
    """Tokens of one stretch of text, LSP-encoded, the first one relative to (line 0, column 0)
    of the stretch's first line (`first`, None when there are none); `last` is the last token's
    (line, column) the same way. The rest of the encoding, which is the same wherever the piece
    goes (only the first token is relative to what precedes it), is kept as JSON array items
    alone: as a list of integers it would be most of a large file's memory."""

    __slots__ = ("first", "last", "rest_json", "size")

    def __init__(self, data: list[int], last: tuple[int, int]) -> None:
        self.first = (data[0], data[1]) if data else None
        self.last = last
        self.rest_json = _INTEGERS.encode(data[2:])[1:-1]
        self.size = len(data)   # integers in the encoding

    @classmethod
    def native(cls, encoded: tuple[int, int, int, int, int, str] | None) -> _Piece:
        """The piece `tokens.native.encode_rows` describes: (integers, the first two, the last
        token's line and column, the rest as JSON array items)."""
        if encoded is None:
            return _EMPTY
        piece = cls.__new__(cls)
        piece.size, first_line, first_char, last_line, last_char, piece.rest_json = encoded
        piece.first, piece.last = (first_line, first_char), (last_line, last_char)
        return piece

    def rest(self) -> list[int]:
        return json.loads(f"[{self.rest_json}]")

    def data(self) -> list[int]:
        return [*self.first, *self.rest()] if self.first is not None else []


_EMPTY = _Piece([], (0, 0))
_END = itemgetter(1)


def _encode(analysis: DocumentAnalysis, rows: list[tuple[int, int, int, int, int]],
            lo: int, hi: int, base_line: int) -> _Piece:
    """The tokens among `rows` (`tokens.captured`: sorted, overlapping ones included) that start
    in [lo, hi), the first of each overlapping run kept, encoded relative to `base_line`.

    One walk, with no object per token: a large file's first request encodes hundreds of
    thousands. In ASCII text a column is a byte offset from the line's start (every encoding
    counts an ASCII character as one unit), found by stepping along the line starts; other text
    asks the document for each position."""
    if not rows:
        return _EMPTY
    document = analysis.document
    source = document.data
    lines = document.lines
    starts = lines.starts
    count = len(starts)
    first_line_start = starts[lines.line_of(rows[0][0])]
    ascii_text = source[first_line_start:max(map(_END, rows))].isascii()
    data: list[int] = []
    add = data.extend
    prev_line, prev_char = base_line, 0
    line, line_start, next_start = -1, 0, 0
    last_end = -1
    for start, end, _, type_index, modifiers in rows:
        if start < last_end:
            continue   # overlaps the token before (another capture of the same text, too)
        last_end = end
        if start < lo or start >= hi:
            continue
        if ascii_text:
            if start >= next_start or start < line_start:
                line = bisect_right(starts, start) - 1
                line_start = starts[line]
                next_start = starts[line + 1] if line + 1 < count else maxsize
            character, length = start - line_start, end - start
        else:
            at = document.position(start)
            line, character = at.line, at.character
            # Tokens are single-line: their length is that of their own text.
            length = end - start if source[start:end].isascii() else document.position(end).character - character
        if line == prev_line:
            add((0, character - prev_char, length, type_index, modifiers))
        else:
            add((line - prev_line, character, length, type_index, modifiers))
        prev_line, prev_char = line, character
    return _Piece(data, (prev_line - base_line, prev_char)) if data else _EMPTY


_UNIT_BITS = {Encoding.UTF8: 8, Encoding.UTF16: 16, Encoding.UTF32: 32}


def _encode_native(analysis: DocumentAnalysis, rows: bytes, rows_lo: int, lo: int, hi: int,
                   base_line: int) -> _Piece:
    """`_encode` in C: `rows` (`tokens.native_rows` over [rows_lo, ...)) sorted, kept and
    encoded by `encode_rows`, whose walk along the lines starts at the line of `rows_lo` (no
    token captured from there starts before it: tokens are single-line)."""
    if not rows:
        return _EMPTY
    document = analysis.document
    lines = document.lines
    anchor_line = lines.line_of(min(rows_lo, len(document.data)))
    return _Piece.native(tokens.native.encode_rows(
        document.data, rows, lo, hi, base_line, lines.start(anchor_line), anchor_line,
        _UNIT_BITS[document.encoding]))


def _line(analysis: DocumentAnalysis, offset: int) -> int:
    # Not `document.position(offset).line`, which finds the column too: asked for every unit
    # by every whole-document answer, that was half of assembling one after an edit.
    return analysis.document.lines.line_of(offset)


def _starting_in(analysis: DocumentAnalysis, lo: int, hi: int, base_line: int) -> _Piece:
    """The tokens that start in [lo, hi), encoded: a query over a range also returns what
    overlaps it."""
    if tokens.native is not None:
        return _encode_native(analysis, tokens.native_rows(analysis, lo, hi), lo, lo, hi, base_line)
    return _encode(analysis, tokens.captured(analysis, lo, hi), lo, hi, base_line)


def range_tokens(analysis: DocumentAnalysis, lo: int, hi: int) -> list[int]:
    """The tokens over [lo, hi), those that start before it included (as a range request
    answers)."""
    if tokens.native is not None:
        return _encode_native(analysis, tokens.native_rows(analysis, lo, hi), lo, 0, maxsize, 0).data()
    return _encode(analysis, tokens.captured(analysis, lo, hi), 0, maxsize, 0).data()


def _unit_piece(analysis: DocumentAnalysis, unit: Unit) -> _Piece:
    base_line = _line(analysis, unit.start)
    if tokens.native is not None:
        rows = tokens.native_unit_rows(analysis, unit.start, unit.end, trees=tokens.unit_trees(analysis, unit))
        return _encode_native(analysis, rows, unit.start, unit.start, unit.end, base_line)
    return _starting_in(analysis, unit.start, unit.end, base_line)


PIECES = PerUnit("semantic-tokens", _unit_piece)


def text_tokens(text: str, source: DocumentAnalysis) -> list[int]:
    """The whole-document tokens of a text no client has open (the lowered IR a pane shows,
    coloured like the source beside it), in the encoding of the document it comes from. Its
    analysis verifies nothing: tokens read the tree only."""
    shown = DocumentAnalysis(f"{source.document.uri}#lowered", text, encoding=source.document.encoding,
                             settings=source.settings, verify_budget=0)
    return full_tokens(shown)


def _placed_pieces(analysis: DocumentAnalysis) -> list[tuple[_Piece, int]]:
    """The document's non-empty pieces in order, each with the line its encoding is relative
    to: a piece for each chunk of consecutive units (`_chunk_piece`, kept while the chunk
    holds: lsp/unit_chunks.py), and the text between chunks (comments, split markers) encoded
    anew. Empty pieces need no line."""
    units = analysis.units   # settled once here
    source = analysis.document.data
    line_of = analysis.document.lines.line_of
    placed: list[tuple[_Piece, int]] = []
    add = placed.append
    covered = 0

    for chunk in _chunks(analysis, units):
        start = chunk.units[0].start
        if start > covered and source[covered:start].strip():
            gap_line = line_of(covered)
            gap = _starting_in(analysis, covered, start, gap_line)
            if gap.first is not None:
                add((gap, gap_line))
        if chunk.value.first is not None:
            add((chunk.value, line_of(start)))
        covered = chunk.units[-1].end
    if source[covered:].strip():
        tail_line = line_of(covered)
        tail = _starting_in(analysis, covered, len(source), tail_line)
        if tail.first is not None:
            add((tail, tail_line))
    return placed


# Consecutive units' pieces are kept joined, in chunks of up to CHUNK_UNITS (lsp/unit_chunks.py):
# after a keystroke an answer looks at a few dozen chunks, not at every unit. A delta request
# (`delta`) then answers with the edited unit's chunk.
CHUNK_UNITS = 64
_CHUNK = "semantic-tokens-chunk"


def _chunks(analysis: DocumentAnalysis, units: list[Unit]) -> list[Chunk]:
    """The chunks covering `units` (consecutive units of the document)."""
    def column(offset: int) -> int:
        # A chunk's first tokens' characters count from its first line's start.
        return analysis.document.line_character(offset)[1]
    return chunked(analysis, units, _CHUNK, CHUNK_UNITS, column, lambda run, _: _chunk_piece(analysis, run))


def chunk_steps(analysis: DocumentAnalysis) -> Iterator[None]:
    """Make the chunks `full_tokens` joins, one a step, yielding after each: those its first
    answer would make, where it would make them (the document's units cut every CHUNK_UNITS),
    so that it takes them as they are."""
    units = analysis.units
    for at in range(0, len(units), CHUNK_UNITS):
        _chunks(analysis, units[at:at + CHUNK_UNITS])
        yield


def _chunk_piece(analysis: DocumentAnalysis, run: list[Unit]) -> _Piece:
    """The tokens of consecutive units and of the text between them, as one piece relative to
    the line the first starts on: each unit's kept piece (`PIECES`), the text between encoded."""
    source = analysis.document.data
    line_of = analysis.document.lines.line_of
    key = PIECES.key
    base = line_of(run[0].start)
    found: list[tuple[_Piece, int]] = []
    covered = run[0].start
    for unit in run:
        start = unit.start
        if start > covered and source[covered:start].strip():
            gap_line = line_of(covered)
            gap = _starting_in(analysis, covered, start, gap_line)
            if gap.first is not None:
                found.append((gap, gap_line))
        facts = unit.facts
        piece = facts.get(key) if facts is not None else None
        if piece is None:
            piece = analysis.for_unit(unit, PIECES)
        if piece.first is not None:
            found.append((piece, line_of(start)))
        covered = unit.end
    if not found:
        return _EMPTY
    if len(found) == 1 and found[0][1] == base:
        return found[0][0]
    (head, head_line), rest = found[0], found[1:]
    items = [head.rest_json] if head.rest_json else []
    prev_line, prev_char = head_line + head.last[0], head.last[1]
    size = head.size
    for piece, piece_line in rest:
        first_line, first_char = piece.first
        delta_line = piece_line + first_line - prev_line
        items.append(f"{delta_line},{first_char - prev_char if delta_line == 0 else first_char}")
        if piece.rest_json:
            items.append(piece.rest_json)
        prev_line, prev_char = piece_line + piece.last[0], piece.last[1]
        size += piece.size
    joined = _Piece.__new__(_Piece)
    joined.first = (head_line - base + head.first[0], head.first[1])
    joined.last = (prev_line - base, prev_char)
    joined.rest_json = ",".join(items)
    joined.size = size
    return joined


def _joined(analysis: DocumentAnalysis, take) -> None:
    """Join the pieces: `take(piece, delta_line, first_char)` for each non-empty piece, its
    first token's position encoded relative to the previous piece's last token."""
    prev_line = prev_char = 0
    for piece, base_line in _placed_pieces(analysis):
        first_line, first_char = piece.first
        delta_line = base_line + first_line - prev_line
        take(piece, delta_line, first_char - prev_char if delta_line == 0 else first_char)
        prev_line, prev_char = base_line + piece.last[0], piece.last[1]


def full_tokens(analysis: DocumentAnalysis) -> list[int]:
    data: list[int] = []

    def take(piece: _Piece, delta_line: int, first_char: int) -> None:
        data.extend((delta_line, first_char))
        data.extend(piece.rest())
    _joined(analysis, take)
    return data


def segments(analysis: DocumentAnalysis) -> list[tuple[int, int, _Piece]]:
    """The whole-document tokens as (first token's delta line, its delta character, piece) for
    each non-empty piece: `full_tokens` is each piece's encoding with its first two integers
    replaced by these. Two answers are compared segment by segment (`delta`)."""
    out: list[tuple[int, int, _Piece]] = []
    _joined(analysis, lambda piece, delta_line, first_char: out.append((delta_line, first_char, piece)))
    return out


def _segments_json(found: list[tuple[int, int, _Piece]]) -> list[str]:
    """The integers of `found`, as JSON array items without the brackets, in parts: each
    piece's kept text (`_Piece.rest_json`) is a part of its own, not copied."""
    parts: list[str] = []
    separator = ""
    for delta_line, first_char, piece in found:
        rest = piece.rest_json
        if rest:
            parts.extend((f"{separator}{delta_line},{first_char},", rest))
        else:
            parts.append(f"{separator}{delta_line},{first_char}")
        separator = ","
    return parts


def full_tokens_parts(analysis: DocumentAnalysis, result_id: str | None = None,
                      found: list[tuple[int, int, _Piece]] | None = None) -> list[str]:
    """`{"data": full_tokens(analysis)}` as compact JSON, in parts (`_segments_json`), with
    `result_id` when given (a client then asks for the next answer as a delta). At 50k lines
    the text is 6 MB, and joined (with the list of its items) it was the largest thing the
    server allocated after an edit; writing the integers anew took longer than everything else
    an edit costs."""
    head = f'{{"resultId":{json.dumps(result_id)},"data":[' if result_id is not None else '{"data":['
    return [head, *_segments_json(segments(analysis) if found is None else found), "]}"]


def _same(a: tuple[int, int, _Piece], b: tuple[int, int, _Piece]) -> bool:
    # A unit that only moved keeps its piece; the text between units is encoded anew.
    return a[0] == b[0] and a[1] == b[1] and (a[2] is b[2] or a[2].rest_json == b[2].rest_json)


def delta(old: list[tuple[int, int, _Piece]], new: list[tuple[int, int, _Piece]]) -> tuple[int, int, list[str]]:
    """The one edit that turns the integers of `old` (`segments`) into those of `new`: (where
    it starts, how many integers it deletes, the integers it inserts as JSON array items in
    parts). The segments both share at the start and at the end are left alone: after an edit
    in one function, all but that function's (and a neighbour's first token, relative to it)."""
    prefix = 0
    limit = min(len(old), len(new))
    while prefix < limit and _same(old[prefix], new[prefix]):
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and _same(old[-1 - suffix], new[-1 - suffix]):
        suffix += 1
    start = sum(piece.size for _, _, piece in old[:prefix])
    deleted = sum(piece.size for _, _, piece in old[prefix:len(old) - suffix])
    return start, deleted, _segments_json(new[prefix:len(new) - suffix])


def delta_parts(result_id: str, old: list[tuple[int, int, _Piece]], new: list[tuple[int, int, _Piece]]) -> list[str]:
    """A `SemanticTokensDelta` with the edit `delta` finds (none when nothing changed), as
    compact JSON in parts."""
    start, deleted, inserted = delta(old, new)
    if not deleted and not inserted:
        return [f'{{"resultId":{json.dumps(result_id)},"edits":[]}}']
    return [f'{{"resultId":{json.dumps(result_id)},"edits":[{{"start":{start},"deleteCount":{deleted},"data":[',
            *inserted, "]}]}"]


def full_tokens_json(analysis: DocumentAnalysis) -> str:
    """`full_tokens_parts` joined."""
    return "".join(full_tokens_parts(analysis))
