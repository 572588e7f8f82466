"""Runs of consecutive units whose share of a whole-document answer is kept together.

Each unit keeps its share of the outline, the folds and the semantic tokens (by its text, in
its facts), so after a keystroke only the edited unit is computed again; but looking up and
placing every unit's share, for thousands of units, was most of an answer at 50k lines (the
outline after a keystroke: 16 ms of CPU in process, more through the server). An answer is
assembled from `Chunk`s instead: the shares of up to `size` consecutive units, joined, kept in
the facts of the run's first unit and taken again as they are while the run is the same
(`Chunk.holds`) and starts where it did, so an answer looks at a few dozen chunks and rebuilds
the edited unit's (lsp/outline_json.py, lsp/semantic.py).
"""
from __future__ import annotations

from operator import attrgetter, is_
from typing import Any, Callable, Hashable

from ..analysis import DocumentAnalysis, Unit

_FACTS = attrgetter("facts")


class Chunk:
    """Consecutive units (`units`), with their facts when it was made, their starts relative to
    the first's and the last's end, the text between them (`gaps`), what `where` said of the
    first's start (`at`) and what the answer made of them (`value`); and, from when it last
    held, the document, its edit count and length, and where the units spanned (`checked`)."""

    __slots__ = ("units", "items", "facts", "starts", "gaps", "at", "value", "checked")

    def __init__(self, analysis: DocumentAnalysis, units: list[Unit], at: Hashable, value: Any,
                 items: int | None = None) -> None:
        self.units, self.facts = units, [u.derived for u in units]   # (never None: see `holds`)
        self.items = len(units) if items is None else items   # the items of the run it covers (`chunked`)
        self.starts = _relative(units)
        self.gaps = _gaps(analysis.document.data, units)
        self.at, self.value = at, value
        self._checked(analysis, units)

    def _checked(self, analysis: DocumentAnalysis, units: list[Unit]) -> None:
        document = analysis.document
        self.checked = (document, document.edit_count, len(document.data), units[0].start, units[-1].end)

    def holds(self, analysis: DocumentAnalysis, units: list[Unit]) -> bool:
        """Whether `units` are this chunk's units, each with the facts it had, at the same places
        relative to the first, with the same text between them (a line break there moves the
        later ones). A unit's own text is the same while its facts are: they are dropped when
        its text changes, or what its analysis read does (`Unit.forget`), so only the text
        between units is compared, not a copy of the whole run's kept with each chunk; and
        not even that when no edit since the chunk last held reached its span (the document's
        edit log, `Document.unchanged_since`): after a keystroke, every chunk but the edited
        one's. Each comparison is one pass in C (`map`): an answer checks every chunk."""
        if len(units) != len(self.units) or not all(map(is_, units, self.units)):
            return False
        if not all(map(is_, map(_FACTS, units), self.facts)):
            return False
        # The same units, none of them re-parsed (that drops its facts), are where they were
        # relative to each other unless an edit reached their span: the only other change to a
        # unit's place is the shift every unit after an edit gets alike (analysis/document.py).
        # So their starts are compared only when an edit reached the span, or could have.
        document, edit_count, length, start, end = self.checked
        if document is analysis.document:
            if document.edit_count == edit_count:
                return True
            unchanged = document.unchanged_since(edit_count)
            if unchanged is not None and (end <= unchanged[0] or start >= length - unchanged[1]):
                self._checked(analysis, units)
                return True
        if _relative(units) != self.starts:
            return False
        if _gaps(analysis.document.data, units) != self.gaps:
            return False
        self._checked(analysis, units)
        return True


_START, _END = attrgetter("start"), attrgetter("end")


def _relative(units: list[Unit]) -> list[int]:
    """The units' starts and the last one's end, relative to the first's start."""
    starts = list(map(_START, units))
    starts.append(units[-1].end)
    return list(map(starts[0].__rsub__, starts))


def _gaps(data: bytes, units: list[Unit]) -> list[bytes]:
    """The text between each unit and the next: blanks and line breaks mostly, comments rarely."""
    return list(map(data.__getitem__, map(slice, map(_END, units[:-1]), map(_START, units[1:]))))


def _kept(unit: Unit, key: str) -> Chunk | None:
    facts = unit.facts
    return facts.get(key) if facts is not None else None


def chunked(analysis: DocumentAnalysis, run: list, key: str, size: int,
            where: Callable[[int], Hashable], make: Callable[[list, Any], Any],
            heads: list[Unit] | None = None, units_of: Callable[[int, int], list[Unit]] | None = None) -> list[Chunk]:
    """Chunks covering `run` (consecutive units), in order, kept under `key`: a chunk the run's
    next unit keeps is taken again when it still holds and `where` (of the first unit's start)
    says what it said; otherwise the units up to the next one that keeps a chunk (at most
    `size`) make a new one, its value `make(units, where(start))`, so that the chunks after an
    edited one are found again.

    `run` may also be items that each stand for consecutive units (an outline's containers,
    with all the units they hold: lsp/outline_json.py): `heads` are their first units, which
    keep the chunks, and `units_of(lo, hi)` the units of run[lo:hi], which a chunk holds;
    `make` gets the items."""
    if heads is None:
        heads = run
    if units_of is None:
        units_of = (lambda lo, hi: run[lo:hi])
    out: list[Chunk] = []
    index, count = 0, len(run)
    while index < count:
        first = heads[index]
        chunk = _kept(first, key)
        if chunk is not None:
            end = index + chunk.items
            if end <= count and chunk.at == where(first.start) and chunk.holds(analysis, units_of(index, end)):
                out.append(chunk)
                index = end
                continue
        end, limit = index + 1, min(count, index + size)
        while end < limit and _kept(heads[end], key) is None:
            end += 1
        at = where(first.start)
        value = make(run[index:end], at)
        for unit in heads[index + 1:end]:
            facts = unit.facts
            if facts is not None:
                facts.pop(key, None)   # a chunk it started no longer starts there
        chunk = first.derived[key] = Chunk(analysis, units_of(index, end), at, value, end - index)
        out.append(chunk)
        index = end
    return out
