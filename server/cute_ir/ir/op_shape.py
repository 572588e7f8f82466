"""Ops that differ only by the names of their values are read once (the lift's `OpMemo`).

An op's *shape* is its text with every value name cut to a bare `%`:
`%0 = arith.addi %a, %b : i32` and `%7 = arith.addi %x, %y : i32` have one. A generated module,
or a CuTe DSL dump, repeats the same ops in every function under other names, so a memo keyed
by the op's text misses in each new function, while one keyed by its shape finds the op read
in the first.

What the lift reads of an op (ir/lift.py, a `WrittenOp`: every place relative to the op's
first byte) depends on the names only where they are written: a result's name, an operand's,
a value a custom body binds; every other part is text between them, which ops of one shape
share, at places moved by the difference of the names' lengths before it. `Shape.bind` gives
another op's reading as one op's with the other's names and places (`Binding`), and only where that holds of the reading itself
(`Shape.shared`): every name the shape cut is one of those three, and nothing else the
reading holds (a type, an attribute, a template's text, a location) covers a name. An op
whose names are read elsewhere too (pdl's `{"attr" = %a}`) is taken only for its own text.

The names are found by one pattern over the text, the grammar's `value_id`, skipping strings
and comments (where `%` is text). Two ops of one shape parse alike: they differ only inside
tokens the lexer and the scanner read by their class alone (grammar/grammar.js, `value_id`;
grammar/src/scanner.c, `is_suffix_id_char`), and `shared` checks of the first op's parse that
each name cut was such a token.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from ..diagnostics import Span

if TYPE_CHECKING:
    from .lift import WrittenOp

# A string, a comment or a value name, whichever starts first (the grammar's `string`,
# `comment` and `value_id`): names inside the first two are text.
_TOKENS = re.compile(rb'"(?:[^"\\\r\n]|\\.)*"|//[^\r\n]*|%[A-Za-z0-9_$.\-]+')
_NAMES = re.compile(rb"%[A-Za-z0-9_$.\-]+")
_PERCENT = 0x25

Names = tuple[tuple[int, int], ...]


def shape_of(text: bytes) -> tuple[bytes, Names]:
    """The op's shape (its text, each value name cut to `%`) and where the names are in it."""
    if b'"' not in text and b"//" not in text:
        names = tuple(m.span() for m in _NAMES.finditer(text))
        return (_NAMES.sub(b"%", text) if names else text), names
    names = tuple(m.span() for m in _TOKENS.finditer(text) if text[m.start()] == _PERCENT)
    if not names:
        return text, names
    pieces = []
    at = 0
    for start, end in names:
        pieces.append(text[at:start + 1])
        at = end
    pieces.append(text[at:])
    return b"".join(pieces), names


class Shape:
    """One op's reading (`written`, of `text`, whose names are at `names`), to be bound to the
    names of another op of its shape (`bind`)."""

    __slots__ = ("written", "text", "names", "_shared", "_starts", "_results", "_uses", "_bound")

    def __init__(self, written: "WrittenOp", text: bytes, names: Names) -> None:
        self.written = written
        self.text = text
        self.names = names
        self._shared: bool | None = None      # found when another op of the shape first comes

    @property
    def shared(self) -> bool:
        """Whether the reading holds for every op of the shape, its names put in."""
        if self._shared is None:
            self._shared = self._claim()
        return self._shared

    def _claim(self) -> bool:
        written, names = self.written, self.names
        self._starts = tuple(start for start, _ in names)
        # For each result, operand and bound value: which name it is (its index in `names`),
        # None for one the shape did not cut (it is the same in every op of the shape).
        at = {start: (i, end) for i, (start, end) in enumerate(names)}
        claimed: set[int] = set()

        def which(span: Span, length: int) -> int | None:
            found = at.get(span.start)
            if found is None or found[1] != span.start + length:
                return None
            claimed.add(found[0])
            return found[0]

        self._results = tuple(which(span, len(name.encode())) for name, _, span in written.results)
        self._uses = tuple(which(span, len(name.encode())) for name, _, span in written.uses)
        self._bound = tuple(which(b.span, len(b.name.split("#")[0].encode())) for b in written.bound)
        return len(claimed) == len(names) and not any(
            s < end and start < e for s, e in _other_spans(written) for start, end in names) \
            and _nameless(written)

    def bind(self, text: bytes, names: Names) -> "Binding | None":
        """Op `text` (of this shape, its names at `names`) as this shape's reading gives it; None
        if that reading holds only for its own text."""
        if text == self.text:
            return Binding(self.written)
        if not self.shared:
            return None
        shifts = [0]
        moved = 0
        for (start, end), (other_start, other_end) in zip(self.names, names):
            moved += (other_end - other_start) - (end - start)
            shifts.append(moved)
        own = [text[start:end].decode("utf-8", errors="replace") for start, end in names]
        written = self.written
        return Binding(
            written,
            tuple(own[i] if i is not None else name for (name, _, _), i in zip(written.results, self._results)),
            tuple(own[i] if i is not None else name for (name, _, _), i in zip(written.uses, self._uses)),
            tuple(own[i] + b.name[len(b.name.split("#")[0]):] if i is not None else b.name
                  for b, i in zip(written.bound, self._bound)),
            shifts if any(shifts) else None, self._starts)


class Binding(NamedTuple):
    """An op's reading: `written`, the reading of an op of its shape, with the op's own names
    (of `written.results`, `.uses` and `.bound` in order; None: `written`'s) and its places
    moved by the difference of the names' lengths before them (`shifts`, by how many of the
    names, which start at `starts`, come before; None: none moved)."""

    written: "WrittenOp"
    results: tuple[str, ...] | None = None
    uses: tuple[str, ...] | None = None
    bound: tuple[str, ...] | None = None
    shifts: list[int] | None = None
    starts: tuple[int, ...] = ()

    def own(self) -> "WrittenOp":
        """The op's own reading: `written` with the op's names, and its places moved by them.
        Made once per op text (the lift keeps it by the text, `OpMemo`), so that placing the op
        where it stands is only adding its start to each place: a keystroke places every op of
        its function again."""
        written = self.written
        if self.results is None and self.uses is None and self.bound is None and self.shifts is None:
            return written
        shifts, starts = self.shifts, self.starts
        if shifts is None:
            def at(span: Span) -> Span:
                return span
        else:
            def at(span: Span) -> Span:
                # A place moves by the names that end before it (no place falls inside a name).
                start, end = span
                return Span(start + shifts[bisect_left(starts, start)], end + shifts[bisect_left(starts, end)])

        def maybe(span: Span | None) -> Span | None:
            return at(span) if span is not None else None
        results = self.results or [name for name, _, _ in written.results]
        uses = self.uses or [name for name, _, _ in written.uses]
        bound = self.bound or [b.name for b in written.bound]
        return replace(
            written, length=written.length + (shifts[-1] if shifts is not None else 0),
            name_span=maybe(written.name_span), symbol=maybe(written.symbol),
            results=tuple((name, n, at(span)) for name, (_, n, span) in zip(results, written.results)),
            result_types=tuple((ty, maybe(span)) for ty, span in written.result_types),
            operand_types=(tuple((text, at(span)) for text, span in written.operand_types)
                           if written.operand_types is not None else None),
            attribute_entries=tuple((into, key, value, at(entry), at(value_span))
                                    for into, key, value, entry, value_span in written.attribute_entries),
            uses=tuple((name, number, at(span)) for name, (_, number, span) in zip(uses, written.uses)),
            successors=tuple((name, at(span)) for name, span in written.successors),
            bound=tuple(b._replace(name=name, span=at(b.span), type_span=maybe(b.type_span))
                        for name, b in zip(bound, written.bound)))


def _other_spans(written: "WrittenOp") -> list[Span]:
    """The places a reading keeps besides its names: none of them may cover a name."""
    spans = [s for s in (written.name_span, written.symbol) if s is not None]
    spans += [span for _, span in written.result_types if span is not None]
    spans += [span for _, span in written.operand_types or ()]
    spans += [s for *_, entry, value in written.attribute_entries for s in (entry, value)]
    spans += [span for _, span in written.successors]
    spans += [b.type_span for b in written.bound if b.type_span is not None]
    return spans


def _nameless(written: "WrittenOp") -> bool:
    """The reading's texts without places (its template's text, its location) name no value."""
    texts = [p for p in (written.template.pieces if written.template is not None else ()) if isinstance(p, str)]
    if written.declared_location is not None:
        texts.append(written.declared_location)
    return not any(shape_of(t.encode())[1] for t in texts)
