"""Layout algebra on worked examples (CuTe documentation and MMA fragment layouts)."""

from __future__ import annotations

import pytest

from cute_ir.layout import (
    ComposedLayout,
    Layout,
    ScaledBasis,
    Swizzle,
    coalesce,
    compact_left_stride,
    complement,
    composition,
    cosize,
    depth,
    flatten,
    format_layout,
    layout_fn,
    layouts_equivalent,
    left_inverse,
    logical_divide,
    logical_product,
    make_layout,
    mode,
    parse_layout,
    rank,
    right_inverse,
    size,
)


def L(text: str):
    result = parse_layout(text)
    assert result.error is None, result.error
    return result.value


def values(layout, n=None):
    fn = layout_fn(layout)
    return [fn(i) for i in range(size(layout) if n is None else n)]


# --- queries ---------------------------------------------------------------------


def test_sm80_fragment_layout():
    frag = L("((4,8),(2,2,2)):((32,1),(16,8,128))")
    assert size(frag) == 32 * 8
    assert rank(frag) == 2
    assert depth(frag) == 2
    assert cosize(frag) == 256
    fn = layout_fn(frag)
    assert [fn(i) for i in (0, 1, 3, 4, 31, 32, 64, 128, 255)] == [0, 32, 96, 1, 103, 16, 8, 128, 255]
    # It is a bijection onto [0, 256): every offset is hit exactly once.
    assert sorted(values(frag)) == list(range(256))
    assert flatten(frag) == L("(4,8,2,2,2):(32,1,16,8,128)")


@pytest.mark.parametrize(
    "text,count,first",
    [
        ("(2, 2, 2) : (8, 1, 16)", 8, [0, 8, 1, 9, 16]),  # SM70 A
        ("(2, 2) : (1, 16)", 4, [0, 1, 16, 17]),  # SM70 B
        ("(2, 2, 2) : (4, 1, 8)", 8, [0, 4, 1, 5, 8]),  # C/D
        ("(2, 2, 2, 2) : (1, 16, 8, 128)", 16, [0, 1, 16, 17, 8]),  # SM80 A
        ("(1) : (1)", 1, [0]),  # sparse metadata
    ],
)
def test_spec_fragment_layouts(text, count, first):
    layout = L(text)
    assert size(layout) == count
    assert values(layout, len(first)) == first


def test_queries_on_scalars_and_empty():
    assert (rank(L("8:1")), depth(L("8:1")), size(L("8:1")), cosize(L("8:1"))) == (1, 0, 8, 8)
    assert (rank(L("()")), depth(L("()")), size(L("()")), cosize(L("()"))) == (0, 1, 1, 1)
    assert size((2, (3, 4))) == 24 and rank((2, (3, 4))) == 2 and depth((2, (3, 4))) == 2


def test_dynamic_values_give_none_not_errors():
    dyn = L('"(?,?{div=16}):(1,?)"')
    assert size(dyn) is None
    assert cosize(dyn) is None
    assert layout_fn(dyn)(3) is None
    assert composition(dyn, L("4:1")) is None
    assert complement(dyn) is None
    assert logical_divide(dyn, 4) is None
    assert logical_product(dyn, 2) is None
    assert right_inverse(dyn) is None
    # A static prefix still coalesces; the dynamic tail stays.
    assert coalesce(L("(2,4,?):(1,2,?)")) == L("(8,?):(1,?)")
    assert coalesce(L("(2,?):(1,2)")) == L("?:1")
    assert rank(dyn) == 2


def test_basis_tuple_has_no_size_or_function():
    basis = L("(4@0, 32@1)")
    assert size(basis) is None
    assert cosize(basis) is None
    assert layout_fn(basis)(0) is None
    assert coalesce(basis) == basis
    assert composition(basis, 4) is None
    assert rank(basis) == 2


def test_compact_left_stride():
    assert compact_left_stride((4, (2, 3), 5)) == (1, (4, 8), 24)
    assert compact_left_stride(8) == 1
    assert compact_left_stride(()) == ()
    assert compact_left_stride((2, "?", 4)) == (1, 2, "?")
    assert compact_left_stride((ScaledBasis(4, (0,)),)) is None


def test_mode_and_make_layout():
    layout = L("((4,8),2):((1,4),32)")
    assert mode(layout, 0) == L("(4,8):(1,4)")
    assert mode(layout, 1) == L("2:32")
    assert make_layout(mode(layout, 0), mode(layout, 1)) == layout
    assert mode(L("8:2"), 0) == L("8:2")


# --- scaled basis and swizzle evaluation ------------------------------------------


def test_scaled_basis_layout_maps_to_coordinates():
    tma = L('"(64,128,1):(1@1,1@0,1@2)"')
    fn = layout_fn(tma)
    assert fn(0) == (0, 0, 0)
    assert fn(1) == (0, 1, 0)
    assert fn(64) == (1, 0, 0)
    assert fn(64 * 3 + 5) == (3, 5, 0)
    assert layout_fn(L("(4,32):(1@0,1@1)"))(5) == (1, 1)
    # Nested basis paths: E<1,0> prints as 1@0@1 and lands in get<1,0>.
    assert layout_fn(L("(2,2):(1@0@1,1@0)"))(3) == (1, (1,))
    # Adding an integer to a coordinate is undefined.
    assert layout_fn(L("(2,2):(1,1@0)"))(1) is None
    # Stride-0 integer modes are fine: they add nothing.
    assert layout_fn(L("(2,2):(0,1@0)"))(3) == (1,)


def test_swizzle_semantics():
    sw = Swizzle(3, 4, 3)
    assert sw.yyy_mask == 0b111 << 7
    assert sw.zzz_mask == 0b111 << 4
    assert sw(0) == 0
    assert sw(0x80) == 0x90
    assert sw(0x3FF) == 0x38F
    assert sw(15) == 15  # the lowest `base` bits never move
    assert sorted(sw(i) for i in range(1024)) == list(range(1024))
    neg = Swizzle(2, 0, -2)
    assert (neg.yyy_mask, neg.zzz_mask) == (0b11, 0b1100)
    assert neg(1) == 0b101
    with pytest.raises(ValueError):
        Swizzle(3, 4, 2)


def test_composed_layout_evaluation():
    composed = L("S<3,4,3> o 0 o ((128,64),1,4):((256,1),0,64)")
    outer = layout_fn(composed.outer)
    fn = layout_fn(composed)
    sw = Swizzle(3, 4, 3)
    for i in (0, 1, 127, 128, 129, 8191, 8192, 32767):
        assert fn(i) == sw(outer(i))
    shifted = layout_fn(ComposedLayout(Layout(64, 2), 3, Layout((4, 4), (1, 4))))
    assert [shifted(i) for i in range(4)] == [6, 8, 10, 12]
    assert size(composed) == 128 * 64 * 4


# --- coalesce ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,expected",
    [
        ("(2,(1,6)):(1,(6,2))", "12:1"),
        ("(2,4):(1,2)", "8:1"),
        ("(2,2):(1,2)", "4:1"),
        ("((2,2)):((1,2))", "4:1"),
        ("(1,4):(0,1)", "4:1"),
        ("(2,2):(1,4)", "(2,2):(1,4)"),
        ("(2,2):(0,0)", "4:0"),
        ("(1,1):(3,5)", "1:0"),
        ("()", "1:0"),
        ("((4,8),(2,2,2)):((32,1),(16,8,128))", "(4,8,2,2,2):(32,1,16,8,128)"),
        ("(4,8):(1@0,4@0)", "32:1@0"),
        ("(4,8):(1@0,4@1)", "(4,8):(1@0,4@1)"),
    ],
)
def test_coalesce_examples(text, expected):
    assert coalesce(L(text)) == L(expected)


def test_coalesce_by_mode():
    layout = L("(2,(1,6)):(1,(6,2))")
    assert coalesce(layout, (1, 1)) == L("(2,6):(1,2)")
    assert coalesce(L("((2,2),(3,1),5):((1,2),(4,0),12)"), (1, 1)) == L("(4,3,5):(1,4,12)")
    assert coalesce(L("((2,2),((3,1),4)):((1,2),((4,0),12))"), (1, (1, 1))) == L(
        "(4,(3,4)):(1,(4,12))"
    )
    composed = L("S<3,4,3> o 0 o (8,(8,8)):(64,(1,8))")
    assert coalesce(composed) == L("S<3,4,3> o 0 o (8,64):(64,1)")


# --- composition --------------------------------------------------------------------


@pytest.mark.parametrize(
    "a,b,expected",
    [
        ("(6,2):(8,2)", "(4,3):(3,1)", "((2,2),3):((24,2),8)"),
        ("20:2", "(5,4):(4,1)", "(5,4):(8,2)"),
        ("(10,2):(16,4)", "(5,4):(1,5)", "(5,(2,2)):(16,(80,4))"),
        ("(4,8):(8,1)", "3:1", "3:8"),
        ("(4,8):(8,1)", "4:0", "4:0"),
        ("(4,32):(1@0,1@1)", "(2,16):(2,8)", "(2,16):(2@0,2@1)"),
    ],
)
def test_composition_examples(a, b, expected):
    result = composition(L(a), L(b))
    assert result == L(expected)
    assert values(result) == [layout_fn(L(a))(j) for j in values(L(b))]


def test_composition_preconditions():
    # 3 neither divides nor is divided by 2: the stride divisibility condition fails.
    assert composition(L("(2,8):(1,4)"), L("4:3")) is None
    # Taking 2 of a rest of 3 leaves a fractional extent: shape divisibility fails.
    assert composition(L("(2,8):(1,4)"), L("3:1")) is None
    assert composition(L("(2,8):(1,4)"), L("4:-1")) is None
    # The same operands are fine once coalescing removes the mode boundary.
    assert composition(L("(2,8):(1,2)"), L("4:3")) == L("4:3")


def test_composition_by_mode_tiler_and_composed():
    a = L("(12,(4,8)):(59,(13,1))")
    assert composition(a, (L("3:4"), L("8:2"))) == L("(3,(2,4)):(236,(26,1))")
    assert composition(a, (3, None)) == L("(3,(4,8)):(59,(13,1))")
    assert composition(a, (3, 4, 5)) is None  # more tiler modes than layout modes
    composed = L("S<3,4,3> o 0 o (8,64):(64,1)")
    assert composition(composed, L("(8,8):(1,8)")) == L("S<3,4,3> o 0 o (8,8):(64,1)")


# --- complement, divide, product, inverses --------------------------------------------


@pytest.mark.parametrize(
    "a,bound,expected",
    [
        ("4:1", 24, "6:4"),
        ("6:4", 24, "4:1"),
        ("(4,6):(1,4)", 24, "1:0"),
        ("4:2", 24, "(2,3):(1,8)"),
        ("(2,4):(1,6)", 24, "3:2"),
        ("(2,2):(1,6)", 24, "(3,2):(2,12)"),
        ("4:0", 8, "8:1"),
    ],
)
def test_complement_examples(a, bound, expected):
    assert complement(L(a), bound) == L(expected)


def test_complement_default_bound_and_failures():
    assert complement(L("(2,2):(1,6)")) == L("3:2")  # bound defaults to cosize == 8
    assert complement(L("(2,2):(1,1)"), 8) is None  # overlapping modes
    assert complement(L("(2,3):(1,3)"), 12) is None  # 3 is not a multiple of 2
    assert complement(L("4:-1"), 8) is None
    assert complement(L("(4,32):(1@0,1@1)"), 8) is None


@pytest.mark.parametrize(
    "a,tiler,expected",
    [
        ("(4,2,3):(2,1,8)", "4:2", "((2,2),(2,3)):((4,1),(2,8))"),
        ("16:1", "4:1", "(4,4):(1,4)"),
        ("16:1", "4:4", "(4,4):(4,1)"),
    ],
)
def test_logical_divide_examples(a, tiler, expected):
    assert logical_divide(L(a), L(tiler)) == L(expected)


def test_logical_divide_by_mode():
    a = L("(9,(4,8)):(59,(13,1))")
    tiler = (L("3:3"), L("(2,4):(1,8)"))
    assert logical_divide(a, tiler) == L("((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))")
    assert logical_divide(L("(8,6):(1,8)"), (2, 3)) == L("((2,4),(3,2)):((1,2),(8,24))")
    assert logical_divide(L("(2,8):(1,4)"), L("4:3")) is None


@pytest.mark.parametrize(
    "a,tiler,expected",
    [
        ("(2,2):(4,1)", "6:1", "((2,2),(2,3)):((4,1),(2,8))"),
        ("(2,2):(4,1)", "(4,2):(2,1)", "((2,2),(4,2)):((4,1),(8,2))"),
        ("4:1", "3:1", "(4,3):(1,4)"),
    ],
)
def test_logical_product_examples(a, tiler, expected):
    assert logical_product(L(a), L(tiler)) == L(expected)


def test_logical_product_by_mode():
    # Each mode is repeated within its own mode: 2:1 x 3 and 4:2 x 2.
    assert logical_product(L("(2,4):(1,2)"), (3, 2)) == L("((2,3),(4,2)):((1,2),(2,1))")
    assert logical_product(L("(2,4):(1,2)"), (3, 2, 2)) is None


def test_right_and_left_inverse():
    frag = L("((4,8),(2,2,2)):((32,1),(16,8,128))")
    inverse = right_inverse(frag)
    assert size(inverse) == 256
    fn, inv = layout_fn(frag), layout_fn(inverse)
    assert all(fn(inv(i)) == i for i in range(256))
    assert right_inverse(L("(4,8):(8,1)")) == L("(8,4):(4,1)")
    assert right_inverse(L("(2,4):(0,1)")) == L("4:2")  # stride-0 modes are skipped
    assert right_inverse(L("4:2")) == L("1:0")  # offset 1 is never produced
    left = left_inverse(L("(2,2):(1,4)"))
    lf, af = layout_fn(left), layout_fn(L("(2,2):(1,4)"))
    assert [lf(af(i)) for i in range(4)] == [0, 1, 2, 3]


# --- equivalence --------------------------------------------------------------------


@pytest.mark.parametrize(
    "a,b,expected",
    [
        ("(2,2):(1,2)", "4:1", True),
        ("((2,2)):((1,2))", "(4):(1)", True),
        ("(2,2):(1,2)", "(2,2):(2,1)", False),
        ("(2,2,2):(4,1,8)", "((2,2),2):((4,1),8)", True),
        ("(2,2,2):(4,1,8)", "(2,2,2):(4,1,16)", False),
        ("8:1", "4:1", False),
        ("(1,8):(7,1)", "8:1", True),
        ("(4,32):(1@0,1@1)", "((2,2),32):((1@0,2@0),1@1)", True),
        ("(4,32):(1@0,1@1)", "(4,32):(1@1,1@0)", False),
        ("(2,2):(0,0@1)", "4:0", True),
        # Large layouts fall back to comparing coalesced forms.
        ("(256,512):(1,256)", "131072:1", True),
        ("(256,512):(512,1)", "131072:1", False),
        # Dynamic layouts are compared by their coalesced spelling.
        ('"(4,?,?):(1,4,?)"', "(4,?,?{div=8}):(1,4,?)", True),
        ('"(4,?):(1,?)"', "(4,?):(1,4)", False),
        ("S<3,4,3> o 0 o (8,64):(64,1)", "S<3,4,3> o 0 o ((8,(2,32))):((64,(1,2)))", True),
        ("S<3,4,3> o 0 o (8,64):(64,1)", "S<3,3,3> o 0 o (8,64):(64,1)", False),
        ("S<0,4,3> o 0 o 8:1", "8:1", True),
        ("(4@0, 32@1)", "(4@0,32@1)", True),
        ("(4@0, 32@1)", "(4@0,32@2)", False),
    ],
)
def test_layouts_equivalent_examples(a, b, expected):
    assert layouts_equivalent(L(a), L(b)) is expected
    assert layouts_equivalent(L(b), L(a)) is expected


def test_format_of_algebra_results():
    assert format_layout(composition(L("(6,2):(8,2)"), L("(4,3):(3,1)"))) == "((2,2),3):((24,2),8)"
    assert format_layout(complement(L("4:2"), 24)) == "(2,3):(1,8)"


def test_wrong_python_types_raise_value_error():
    with pytest.raises(ValueError):
        Layout([4, 8], [1, 4])
    with pytest.raises(ValueError):
        Layout((4, 8), (1,))
    with pytest.raises(ValueError):
        size("not a layout at all")
    with pytest.raises(ValueError):
        composition((4, 8), L("4:1"))
    with pytest.raises(ValueError):
        layout_fn(L("8:1"))(-1)
    with pytest.raises(ValueError):
        parse_layout(42)
    with pytest.raises(ValueError):
        ScaledBasis(1, ())
