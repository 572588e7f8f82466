"""Deciding whether two layouts describe the same function.

Verifiers compare a declared operand layout with the one an atom expects, and
the two are often spelled differently: ``(2,2):(1,2)`` and ``4:1`` are the same
mapping.  So layouts are compared as functions -- same size and the same value
at every index -- whenever that is cheap and decidable.  Otherwise (huge or
dynamic layouts, stride-less basis tuples) the coalesced forms are compared
structurally, which is exact for static layouts up to mode splitting and
conservative for dynamic ones: two dynamic extents are considered equal only
when spelled the same (divisibility annotations aside).
"""

from __future__ import annotations

from .algebra import coalesce, size
from .evaluate import all_values, canonical_int
from .inttuple import leaves, strip_annotation
from .model import ComposedLayout, Layout
from .swizzle import Swizzle

# Beyond this many indices a pointwise comparison is too slow for an editor.
POINTWISE_LIMIT = 1 << 16


def layouts_equivalent(a: Layout | ComposedLayout, b: Layout | ComposedLayout) -> bool:
    for x in (a, b):
        if not isinstance(x, (Layout, ComposedLayout)):
            raise ValueError(f"layouts_equivalent expects layouts, got {x!r}")
    size_a, size_b = size(a), size(b)
    if size_a is not None and size_b is not None:
        if size_a != size_b:
            return False
        if size_a <= POINTWISE_LIMIT:
            values_a, values_b = all_values(a), all_values(b)
            if values_a is not None and values_b is not None:
                return _same_values(values_a, values_b)
    return _structurally_equal(a, b)


def _same_values(values_a: list, values_b: list) -> bool:
    int_a = all(isinstance(v, int) for v in values_a)
    int_b = all(isinstance(v, int) for v in values_b)
    if int_a != int_b:
        # One side produces offsets, the other coordinates: they can only
        # agree where both are zero, so compare in the coordinate form.
        if int_a:
            values_a = [canonical_int(v) for v in values_a]
        else:
            values_b = [canonical_int(v) for v in values_b]
    return values_a == values_b


def _structurally_equal(a: Layout | ComposedLayout, b: Layout | ComposedLayout) -> bool:
    if isinstance(a, ComposedLayout) and isinstance(b, ComposedLayout):
        if isinstance(a.inner, Swizzle) or isinstance(b.inner, Swizzle):
            inner_equal = a.inner == b.inner
        else:
            inner_equal = layouts_equivalent(a.inner, b.inner)
        return (
            inner_equal
            and _normalized(a.offset) == _normalized(b.offset)
            and _structurally_equal(a.outer, b.outer)
        )
    if isinstance(a, Layout) and isinstance(b, Layout):
        return _coalesced_key(a) == _coalesced_key(b)
    return False


def _coalesced_key(layout: Layout) -> tuple:
    c = coalesce(layout)
    stride = None if c.stride is None else _normalized(c.stride)
    return _normalized(c.shape), stride


def _normalized(t) -> tuple:
    return tuple(strip_annotation(leaf) for leaf in leaves(t))
