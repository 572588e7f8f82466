"""Property tests: the algebra preserves and composes layout functions."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from layout_strategies import any_layouts, compact_layouts, pow2_layouts, static_layouts

from cute_ir.layout import (
    Layout,
    Swizzle,
    coalesce,
    complement,
    composition,
    cosize,
    flatten,
    is_static,
    layout_fn,
    layouts_equivalent,
    logical_divide,
    logical_product,
    make_layout,
    rank,
    right_inverse,
    size,
)

SETTINGS = settings(max_examples=100, deadline=None)


def values(layout):
    fn = layout_fn(layout)
    return [fn(i) for i in range(size(layout))]


@SETTINGS
@given(static_layouts(strides=st.integers(-6, 24)))
def test_coalesce_preserves_the_function(layout):
    merged = coalesce(layout)
    assert size(merged) == size(layout)
    assert values(merged) == values(layout)
    assert rank(merged) <= max(1, len(flatten(layout).shape) if isinstance(layout.shape, tuple) else 1)
    assert coalesce(merged) == merged  # idempotent


@SETTINGS
@given(static_layouts(), st.data())
def test_coalesce_by_mode_keeps_profile_rank_and_function(layout, data):
    assume(isinstance(layout.shape, tuple) and len(layout.shape) > 0)
    keep = data.draw(st.integers(1, len(layout.shape)))
    merged = coalesce(layout, (1,) * keep)
    assert rank(merged) == len(layout.shape)
    assert values(merged) == values(layout)


@SETTINGS
@given(static_layouts())
def test_flatten_preserves_the_function(layout):
    assert values(flatten(layout)) == values(layout)


@SETTINGS
@given(pow2_layouts(), pow2_layouts())
def test_composition_evaluates_as_f_of_g(a, b):
    # CuTe composes mode by mode, which equals f(g(i)) only when b's modes do
    # not add up across a's mode boundaries; injective b guarantees that.
    assume(len(set(values(b))) == size(b))
    result = composition(a, b)
    assume(result is not None)
    f, g, h = layout_fn(a), layout_fn(b), layout_fn(result)
    assert size(result) == size(b)
    if isinstance(b.shape, tuple):
        assert rank(result) == rank(b)  # by-mode: the result keeps b's modes
    # Past size(a), "a(j)" depends on how a's last mode is spelled (CuTe
    # coalesces a first), so the contract covers b's values inside a's domain.
    assert all(h(i) == f(g(i)) for i in range(size(b)) if g(i) < size(a))


@SETTINGS
@given(compact_layouts(), st.integers(1, 200))
def test_complement_fills_the_gaps(a, bound):
    rest = complement(a, bound)
    assert rest is not None  # injective layouts with compact strides always have one
    together = values(make_layout(a, rest))
    assert len(set(together)) == len(together)  # injective
    assert cosize(make_layout(a, rest)) >= bound
    rest_values = values(rest)
    assert rest_values == sorted(rest_values)  # ordered, as CuTe requires


@SETTINGS
@given(compact_layouts(), st.sampled_from([1, 2, 3, 4, 6]))
def test_logical_divide_first_mode_is_the_tile(a, tile_size):
    result = logical_divide(a, tile_size)
    assume(result is not None)
    f, r = layout_fn(a), layout_fn(result)
    # Mode 0 enumerates the first tile: a(0), a(1), ... a(tile_size - 1).
    inside = min(tile_size, size(a))
    assert [r(i) for i in range(inside)] == [f(i) for i in range(inside)]
    assert size(result) >= size(a)
    if size(a) % tile_size == 0:
        # Exact tiling: the divided layout is a reordering of a.
        assert size(result) == size(a)
        assert sorted(values(result)) == sorted(values(a))


@SETTINGS
@given(compact_layouts(), st.sampled_from([1, 2, 3, 4]))
def test_logical_product_repeats_the_block(a, copies):
    result = logical_product(a, copies)
    assert result is not None
    assert size(result) == size(a) * copies
    got = values(result)
    assert got[: size(a)] == values(a)
    assert len(set(got)) == len(got)


@SETTINGS
@given(static_layouts(extents=st.sampled_from([1, 2, 4]), strides=st.sampled_from([0, 1, 2, 4, 8])))
def test_right_inverse_property(layout):
    inverse = right_inverse(layout)
    assert inverse is not None
    f, g = layout_fn(layout), layout_fn(inverse)
    assert all(f(g(i)) == i for i in range(size(inverse)))


@SETTINGS
@given(any_layouts())
def test_equivalence_is_reflexive_and_never_raises(layout):
    assert layouts_equivalent(layout, layout)
    size(layout), cosize(layout), is_static(layout), coalesce(layout)
    layout_fn(layout)(0)


@SETTINGS
@given(static_layouts(), static_layouts())
def test_equivalence_is_symmetric_and_pointwise(a, b):
    expected = size(a) == size(b) and values(a) == values(b)
    assert layouts_equivalent(a, b) is expected
    assert layouts_equivalent(b, a) is expected


@SETTINGS
@given(static_layouts(strides=st.integers(0, 12)))
def test_equivalent_to_own_coalesced_and_flattened_forms(layout):
    assert layouts_equivalent(layout, coalesce(layout))
    assert layouts_equivalent(flatten(layout), layout)


def test_swizzle_is_a_permutation_and_an_involution():
    # Every bit a swizzle reads or writes lies below bits+base+|shift|, so that
    # window is closed under the map and exhaustive checking there suffices.
    for bits in range(4):
        for base in range(4):
            for shift in {bits, bits + 1, bits + 2, -bits, -(bits + 2)}:
                sw = Swizzle(bits, base, shift)
                span = 1 << (bits + base + abs(shift))
                image = [sw(i) for i in range(span)]
                assert sorted(image) == list(range(span))
                assert all(sw(v) == i for i, v in enumerate(image))


def test_large_layouts_use_the_structural_fallback_quickly():
    a = Layout((1024, 1024), (1, 1024))
    assert layouts_equivalent(a, Layout(1 << 20, 1))
    assert not layouts_equivalent(a, Layout((1024, 1024), (1024, 1)))
