"""Semantic tokens in LSP's relative integer encoding, for a range or the whole document.

The whole-document answer is assembled from per-unit pieces (`PerUnit`, `DocumentAnalysis.for_unit`):
each unit keeps its tokens encoded relative to the line it starts on, so after an edit only
the edited unit is encoded again and the rest is concatenation. Text between units (comments,
split markers) is rare and encoded on each request.
"""
from __future__ import annotations

import json

from ..analysis import DocumentAnalysis, PerUnit, Unit
from ..features import tokens


_INTEGERS = json.JSONEncoder(separators=(",", ":"))   # a list of integers, as `1,2,3` once [ ] are cut


class _Piece:
    """Tokens of one stretch of text, LSP-encoded, the first one relative to (line 0, column 0)
    of the stretch's first line (`first`, None when there are none); `last` is the last token's
    (line, column) the same way. The rest of the encoding, which is the same wherever the piece
    goes (only the first token is relative to what precedes it), is kept as JSON array items
    alone: as a list of integers it would be most of a large file's memory."""

    __slots__ = ("first", "last", "rest_json")

    def __init__(self, data: list[int], last: tuple[int, int]) -> None:
        self.first = (data[0], data[1]) if data else None
        self.last = last
        self.rest_json = _INTEGERS.encode(data[2:])[1:-1]

    def rest(self) -> list[int]:
        return json.loads(f"[{self.rest_json}]")

    def data(self) -> list[int]:
        return [*self.first, *self.rest()] if self.first is not None else []


_EMPTY = _Piece([], (0, 0))


def _encode(analysis: DocumentAnalysis, found: list[tokens.Token], base_line: int) -> _Piece:
    if not found:
        return _EMPTY
    data: list[int] = []
    add = data.extend
    prev_line, prev_char = base_line, 0
    source = analysis.document.data
    starts = analysis.document.positions([t.start for t in found])
    ascii_text = source[found[0].start:found[-1].end].isascii()   # then every length is in bytes
    for (start, end, type_index, modifiers), (line, character) in zip(found, starts):
        length = end - start
        if not ascii_text and not source[start:end].isascii():
            # Tokens are single-line: their length is that of their own text.
            length = analysis.document.position(end).character - character
        if line == prev_line:
            add((0, character - prev_char, length, type_index, modifiers))
        else:
            add((line - prev_line, character, length, type_index, modifiers))
        prev_line, prev_char = line, character
    return _Piece(data, (prev_line - base_line, prev_char))


def _line(analysis: DocumentAnalysis, offset: int) -> int:
    return analysis.document.position(offset).line


def _starting_in(analysis: DocumentAnalysis, lo: int, hi: int) -> list[tokens.Token]:
    """Tokens that start in [lo, hi): a query over a range also returns what overlaps it."""
    return [t for t in tokens.semantic_tokens(analysis, lo, hi) if lo <= t.start < hi]


def range_tokens(analysis: DocumentAnalysis, lo: int, hi: int) -> list[int]:
    return _encode(analysis, tokens.semantic_tokens(analysis, lo, hi), 0).data()


def _unit_piece(analysis: DocumentAnalysis, unit: Unit) -> _Piece:
    return _encode(analysis, _starting_in(analysis, unit.start, unit.end), _line(analysis, unit.start))


PIECES = PerUnit("semantic-tokens", _unit_piece)


def text_tokens(text: str, source: DocumentAnalysis) -> list[int]:
    """The whole-document tokens of a text no client has open (the lowered IR a pane shows,
    coloured like the source beside it), in the encoding of the document it comes from. Its
    analysis verifies nothing: tokens read the tree only."""
    shown = DocumentAnalysis(f"{source.document.uri}#lowered", text, encoding=source.document.encoding,
                             settings=source.settings, verify_budget=0)
    return full_tokens(shown)


def _placed_pieces(analysis: DocumentAnalysis):
    """The document's pieces in order, each with the line its encoding is relative to: every
    unit's kept piece, and the text between units (comments, split markers) encoded anew."""
    source = analysis.document.data
    covered = 0
    for unit in analysis.units:
        if source[covered:unit.start].strip():
            gap_line = _line(analysis, covered)
            yield _encode(analysis, _starting_in(analysis, covered, unit.start), gap_line), gap_line
        yield analysis.for_unit(unit, PIECES), _line(analysis, unit.start)
        covered = unit.end
    if source[covered:].strip():
        tail_line = _line(analysis, covered)
        yield _encode(analysis, _starting_in(analysis, covered, len(source)), tail_line), tail_line


def _joined(analysis: DocumentAnalysis, take) -> None:
    """Join the pieces: `take(piece, delta_line, first_char)` for each non-empty piece, its
    first token's position encoded relative to the previous piece's last token."""
    prev_line = prev_char = 0
    for piece, base_line in _placed_pieces(analysis):
        if piece.first is None:
            continue
        first_line, first_char = base_line + piece.first[0], piece.first[1]
        delta_line = first_line - prev_line
        take(piece, delta_line, first_char - prev_char if delta_line == 0 else first_char)
        prev_line, prev_char = base_line + piece.last[0], piece.last[1]


def full_tokens(analysis: DocumentAnalysis) -> list[int]:
    data: list[int] = []

    def take(piece: _Piece, delta_line: int, first_char: int) -> None:
        data.extend((delta_line, first_char))
        data.extend(piece.rest())
    _joined(analysis, take)
    return data


def full_tokens_json(analysis: DocumentAnalysis) -> str:
    """`{"data": full_tokens(analysis)}` as compact JSON, written from each piece's kept text:
    at 50k lines the data is millions of integers, and writing them anew took longer than
    everything else an edit costs the request."""
    items: list[str] = []

    def take(piece: _Piece, delta_line: int, first_char: int) -> None:
        rest = piece.rest_json
        items.append(f"{delta_line},{first_char},{rest}" if rest else f"{delta_line},{first_char}")
    _joined(analysis, take)
    return '{"data":[' + ",".join(items) + "]}"
