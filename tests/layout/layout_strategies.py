"""Hypothesis strategies for layouts, shared by the layout property tests."""

from __future__ import annotations

from hypothesis import strategies as st

from cute_ir.layout import ComposedLayout, Layout, ScaledBasis, Swizzle


def _congruent(shape_leaf, stride_leaf, min_children=0):
    """Build (shape, stride) trees of the same structure from leaf strategies."""
    leaf = st.tuples(shape_leaf, stride_leaf)

    def extend(children):
        return st.lists(children, min_size=min_children, max_size=3).map(
            lambda pairs: (tuple(p[0] for p in pairs), tuple(p[1] for p in pairs))
        )

    return st.recursive(leaf, extend, max_leaves=5)


def static_layouts(
    extents=st.integers(1, 4), strides=st.integers(0, 24), empty_tuples=True
) -> st.SearchStrategy[Layout]:
    """Static integer layouts; ``empty_tuples=False`` avoids ``()`` modes."""
    pairs = _congruent(extents, strides, min_children=0 if empty_tuples else 1)
    return pairs.map(lambda p: Layout(p[0], p[1]))


def pow2_layouts(empty_tuples=True) -> st.SearchStrategy[Layout]:
    """Layouts whose extents and strides are powers of two: mostly composable."""
    extents = st.sampled_from([1, 2, 4, 8])
    strides = st.sampled_from([0, 1, 1, 2, 4, 8, 16, 32])
    return static_layouts(extents, strides, empty_tuples)


def compact_layouts() -> st.SearchStrategy[Layout]:
    """Injective layouts: a permutation of the modes of a compact layout."""
    return st.lists(st.sampled_from([1, 2, 3, 4]), min_size=1, max_size=4).flatmap(
        lambda shape: st.permutations(range(len(shape))).map(lambda order: _permuted(shape, order))
    )


def _permuted(shape, order):
    strides = [0] * len(shape)
    running = 1
    for i in order:
        strides[i] = running
        running *= shape[i]
    return Layout(tuple(shape), tuple(strides))


_dynamic = st.sampled_from(["?", "?{div=16}", "?{i64}", "?{i64 div=64}"])
_basis = st.builds(
    ScaledBasis,
    st.one_of(st.integers(0, 64), _dynamic),
    st.lists(st.integers(0, 3), min_size=1, max_size=3).map(tuple),
)
_any_stride = st.one_of(st.integers(-8, 300), _dynamic, _basis)
_any_extent = st.one_of(st.integers(1, 300), _dynamic)


def any_layouts() -> st.SearchStrategy[Layout | ComposedLayout]:
    """Everything the text grammar can express, for print/parse round trips."""
    plain = _congruent(_any_extent, _any_stride).map(lambda p: Layout(p[0], p[1]))
    basis_tuples = st.lists(_basis, min_size=0, max_size=3).map(lambda t: Layout(tuple(t)))
    swizzles = st.tuples(st.integers(0, 3), st.integers(0, 4), st.integers(3, 5)).flatmap(
        lambda t: st.sampled_from([t[2], -t[2]]).map(lambda s: Swizzle(t[0], t[1], s))
    )
    offsets = st.one_of(st.integers(0, 4096), _dynamic)
    composed = st.builds(ComposedLayout, st.one_of(swizzles, plain), offsets, plain)
    return st.one_of(plain, basis_tuples, composed)
