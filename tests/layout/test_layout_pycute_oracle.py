"""Cross-check against pycute (NVIDIA's reference Python CuTe), when installed.

pycute ships in the ``nvidia-cutlass`` wheel; it is an optional test oracle
only.  Where pycute and C++ CuTe are known to differ (right_inverse skips
stride-0 modes in C++ but stops at them in pycute) we follow C++ and only
compare the cases where the two agree.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from layout_strategies import compact_layouts, pow2_layouts, static_layouts

from cute_ir.layout import (
    ComposedLayout,
    Layout,
    Swizzle,
    coalesce,
    complement,
    composition,
    cosize,
    layout_fn,
    logical_divide,
    logical_product,
    right_inverse,
    size,
)

pycute = pytest.importorskip("pycute")

SETTINGS = settings(max_examples=100, deadline=None)


def to_py(layout: Layout):
    return pycute.Layout(layout.shape, layout.stride)


def same(ours: Layout, theirs) -> bool:
    return _ignore_unit_strides(ours.shape, ours.stride) == _ignore_unit_strides(
        theirs.shape, theirs.stride
    )


def oracle(fn, *args):
    """pycute's result, skipping inputs it rejects.

    pycute asserts the divisibility conditions even for single-index modes,
    where they cannot affect the result and we do not check them.
    """
    try:
        return fn(*args)
    except AssertionError:
        assume(False)


def _ignore_unit_strides(shape, stride):
    """The stride of an extent-1 mode never matters; we print 0, pycute varies."""
    if isinstance(shape, tuple):
        pairs = [_ignore_unit_strides(s, d) for s, d in zip(shape, stride)]
        return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)
    return shape, (0 if shape == 1 else stride)


# pycute cannot represent empty tuples, so none are generated here.
@SETTINGS
@given(static_layouts(empty_tuples=False))
def test_size_cosize_and_values_match(layout):
    py = to_py(layout)
    assert size(layout) == pycute.size(py)
    assert cosize(layout) == pycute.cosize(py)
    fn = layout_fn(layout)
    assert [fn(i) for i in range(size(layout))] == [py(i) for i in range(size(layout))]


@SETTINGS
@given(static_layouts(extents=st.integers(1, 4), strides=st.integers(0, 12), empty_tuples=False))
def test_coalesce_matches(layout):
    assert same(coalesce(layout), pycute.coalesce(to_py(layout)))


@SETTINGS
@given(pow2_layouts(empty_tuples=False), pow2_layouts(empty_tuples=False))
def test_composition_matches(a, b):
    ours = composition(a, b)
    assume(ours is not None)
    assert same(ours, oracle(pycute.composition, to_py(a), to_py(b)))


@SETTINGS
@given(compact_layouts(), st.integers(1, 100))
def test_complement_matches(a, bound):
    assert same(complement(a, bound), pycute.complement(to_py(a), bound))


@SETTINGS
@given(compact_layouts(), pow2_layouts(empty_tuples=False))
def test_logical_divide_and_product_match(a, tiler):
    assume(size(tiler) > 1)
    ours = logical_divide(a, tiler)
    if ours is not None:
        assert same(ours, oracle(pycute.logical_divide, to_py(a), to_py(tiler)))
    ours = logical_product(a, tiler)
    if ours is not None:
        assert same(ours, oracle(pycute.logical_product, to_py(a), to_py(tiler)))


@SETTINGS
@given(static_layouts(extents=st.sampled_from([1, 2, 4]), strides=st.sampled_from([0, 1, 2, 4, 8])))
def test_right_inverse_is_at_least_as_large(layout):
    # C++ CuTe walks the coalesced modes in order and skips stride-0 modes;
    # pycute sorts and stops earlier, so its inverse can only be smaller.
    ours = right_inverse(layout)
    theirs = pycute.right_inverse(to_py(layout))
    assert size(ours) >= pycute.size(theirs)
    f, g = layout_fn(layout), layout_fn(ours)
    assert all(f(g(i)) == i for i in range(size(ours)))


@SETTINGS
@given(
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(0, 2),
    st.integers(0, 4095),
)
def test_swizzle_matches(bits, base, extra, offset):
    # pycute's shift helpers recurse forever on a zero shift.
    assume(bits + extra > 0)
    shift = bits + extra
    for s in (shift, -shift):
        assert Swizzle(bits, base, s)(offset) == pycute.Swizzle(bits, base, s)(offset)


def test_composed_layout_matches():
    outer = Layout(((8, 8), 4), ((64, 1), 512))
    ours = layout_fn(ComposedLayout(Swizzle(3, 3, 3), 0, outer))
    theirs = pycute.ComposedLayout(pycute.Swizzle(3, 3, 3), 0, to_py(outer))
    assert [ours(i) for i in range(256)] == [theirs(i) for i in range(256)]


def test_documented_composition_example():
    ours = composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))
    assert same(ours, pycute.composition(pycute.Layout((6, 2), (8, 2)), pycute.Layout((4, 3), (3, 1))))
