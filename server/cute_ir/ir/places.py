"""Where things are written, looked up by offset: a feature asks "which op / which value is
under the cursor" once per request, and a unit holds hundreds of ops and thousands of names, so
the answers come from sorted tables made once per lifted unit (`SourceIndex` keeps them), not
from a walk of every op or name.
"""
from __future__ import annotations

import operator
from bisect import bisect_right
from typing import Callable, Generic, TypeVar

from ..diagnostics import Span

T = TypeVar("T")


class NamesAt(Generic[T]):
    """Items written at spans that do not overlap unless they are the same span (value names:
    the results of `%r:2` share one), looked up by an offset inside a span (both ends
    included); of several, the first given."""

    def __init__(self, spans: list[Span], items: list[T]) -> None:
        starts = [span.start for span in spans]
        if _ascending(starts):   # a lift records most names in the order they are written
            order = range(len(starts))
        else:
            order = sorted(range(len(starts)), key=starts.__getitem__)   # stable: the first given first
            starts = [starts[i] for i in order]
        self._starts = starts
        self._order = order
        self._spans = spans
        self._items = items

    def at(self, offset: int) -> T | None:
        # Spans that hold `offset` start at or before it and, not overlapping, are the last
        # ones to do so: walk back while they still reach it; the first given wins.
        i = bisect_right(self._starts, offset) - 1
        best = None
        while i >= 0:
            given = self._order[i]
            if self._spans[given].end < offset:
                break
            if best is None or given < best:
                best = given
            i -= 1
        return self._items[best] if best is not None else None


class OpsAt(Generic[T]):
    """Ops at nested spans (an op's span holds the ops of its regions), looked up by the
    innermost one that covers a range. `parent` gives the op around an op (None at the top)."""

    def __init__(self, spans: dict[T, Span], parent: Callable[[T], T | None]) -> None:
        # By start; of ops starting together the innermost (the shortest) last. A lift records
        # ops in the order they are written, outer before inner.
        ordered = list(spans.items())
        starts = [span.start for _, span in ordered]
        if not _ascending(starts, strictly=True):
            ordered.sort(key=lambda entry: (entry[1].start, -entry[1].end))
            starts = [span.start for _, span in ordered]
        self._starts = starts
        self._ops = [op for op, _ in ordered]
        self._spans = spans
        self._parent = parent
        self._ending: dict[int, list[T]] = {}
        for op, span in ordered:
            self._ending.setdefault(span.end, []).append(op)

    def innermost(self, start: int, end: int) -> T | None:
        """The op of the shortest span with span.start <= start and end <= span.end."""
        i = bisect_right(self._starts, start) - 1
        # An op covering `start` holds the last op to start at or before it (spans nest), or
        # ends exactly at `start` (touching the next op): the first op around the last one
        # that covers the range, or one of those that end there.
        candidates: list[T] = []
        op = self._ops[i] if i >= 0 else None
        while op is not None:
            if self._covers(op, start, end):
                candidates.append(op)
                break
            op = self._parent(op)
        candidates += [o for o in self._ending.get(start, ()) if self._covers(o, start, end)]
        return min(candidates, key=self._length, default=None)

    def _covers(self, op: T, start: int, end: int) -> bool:
        span = self._spans.get(op)
        return span is not None and span.start <= start and end <= span.end

    def _length(self, op: T) -> int:
        span = self._spans[op]
        return span.end - span.start


def _ascending(values: list[int], strictly: bool = False) -> bool:
    return all(map(operator.lt if strictly else operator.le, values, values[1:]))
