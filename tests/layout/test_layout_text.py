"""Parsing and printing layout text: forms from real IR and the spec, and errors."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from layout_strategies import any_layouts

from cute_ir.layout import (
    ComposedLayout,
    Layout,
    ScaledBasis,
    Swizzle,
    format_layout,
    has_scaled_basis,
    is_static,
    parse_int_tuple,
    parse_layout,
)


def parsed(text):
    result = parse_layout(text)
    assert result.error is None, result.error
    return result.value


# (text as found in IR, canonical spelling, expected value)
FORMS = [
    ("(64, 32):(1, 64)", "(64,32):(1,64)", Layout((64, 32), (1, 64))),
    ("(2, 2, 2) : (4, 1, 8)", "(2,2,2):(4,1,8)", Layout((2, 2, 2), (4, 1, 8))),
    (
        "((4,8),(2,2)):((32,1),(16,8))",
        "((4,8),(2,2)):((32,1),(16,8))",
        Layout(((4, 8), (2, 2)), ((32, 1), (16, 8))),
    ),
    (
        '"(4,32):(1@0,1@1)"',
        "(4,32):(1@0,1@1)",
        Layout((4, 32), (ScaledBasis(1, (0,)), ScaledBasis(1, (1,)))),
    ),
    (
        '"S<3,4,3> o 0 o ((128,64),1,4):((256,1),0,64)"',
        "S<3,4,3> o 0 o ((128,64),1,4):((256,1),0,64)",
        ComposedLayout(Swizzle(3, 4, 3), 0, Layout(((128, 64), 1, 4), ((256, 1), 0, 64))),
    ),
    (
        '"(1,2,4,(1,7)):(0,512,2,(0,1024))"',
        "(1,2,4,(1,7)):(0,512,2,(0,1024))",
        Layout((1, 2, 4, (1, 7)), (0, 512, 2, (0, 1024))),
    ),
    ('"()"', "():()", Layout((), ())),
    (
        '"(64,128,1):(1@1,1@0,1@2)"',
        "(64,128,1):(1@1,1@0,1@2)",
        Layout((64, 128, 1), (ScaledBasis(1, (1,)), ScaledBasis(1, (0,)), ScaledBasis(1, (2,)))),
    ),
    ('"(16,8,64)"', "(16,8,64):(1,16,128)", Layout((16, 8, 64), (1, 16, 128))),
    ("8:1", "8:1", Layout(8, 1)),
    ("8", "8:1", Layout(8, 1)),
    ("(4):(1)", "(4):(1)", Layout((4,), (1,))),
    ("((2,2)):((1,2))", "((2,2)):((1,2))", Layout(((2, 2),), ((1, 2),))),
    ("(4,8):(-1,4)", "(4,8):(-1,4)", Layout((4, 8), (-1, 4))),
    # C++ CuTe prints static integers with a leading underscore.
    ("(_4,_8):(_1,_4)", "(4,8):(1,4)", Layout((4, 8), (1, 4))),
    (
        '"(?,?{div=64}):(?{i64 div=64},1)"',
        "(?,?{div=64}):(?{i64 div=64},1)",
        Layout(("?", "?{div=64}"), ("?{i64 div=64}", 1)),
    ),
    # A dynamic extent makes every later default stride dynamic.
    ("(4,?,2)", "(4,?,2):(1,4,?)", Layout((4, "?", 2), (1, 4, "?"))),
    (
        '"(((32,128),1),?,?,?):(((1@0,1@1),0),128@1,32@0,1@2)"',
        "(((32,128),1),?,?,?):(((1@0,1@1),0),128@1,32@0,1@2)",
        None,
    ),
    (
        "(8,8):(8,1) o 16 o (4,4):(1,4)",
        "(8,8):(8,1) o 16 o (4,4):(1,4)",
        ComposedLayout(Layout((8, 8), (8, 1)), 16, Layout((4, 4), (1, 4))),
    ),
    ("S<2,0,-2>o0o4:1", "S<2,0,-2> o 0 o 4:1", ComposedLayout(Swizzle(2, 0, -2), 0, Layout(4, 1))),
]


@pytest.mark.parametrize("text,canonical,expected", FORMS)
def test_forms_parse_print_and_round_trip(text, canonical, expected):
    value = parsed(text)
    if expected is not None:
        assert value == expected
    assert format_layout(value) == canonical
    assert parsed(canonical) == value
    assert parsed(format_layout(value)) == value


def test_spec_basis_tuple_without_stride():
    # The spec writes `#cute.layout<(4@0, 32@1)>`: a tuple of scaled-basis
    # values with no stride.  It stays a stride-less basis tuple.
    value = parsed("(4@0, 32@1)")
    assert value == Layout((ScaledBasis(4, (0,)), ScaledBasis(32, (1,))))
    assert value.stride is None and value.is_basis_tuple
    assert is_static(value)
    assert has_scaled_basis(value)
    assert format_layout(value) == "(4@0,32@1)"
    assert parsed(format_layout(value)) == value


def test_scaled_basis_paths_are_printed_innermost_first():
    # CuTe's E<0,1> (mode 0, sub-mode 1) prints as 1@1@0.
    value = parsed("(2,4):(1@1@0,3@0@2)")
    assert value.stride == (ScaledBasis(1, (0, 1)), ScaledBasis(3, (2, 0)))
    assert format_layout(value) == "(2,4):(1@1@0,3@0@2)"


def test_static_and_scaled_basis_flags():
    assert is_static(parsed("(2,2,2):(4,1,8)"))
    assert not has_scaled_basis(parsed("(2,2,2):(4,1,8)"))
    assert not is_static(parsed('"(?,4):(1,?)"'))
    assert not is_static(parsed("(4,4):(1,?@1)"))
    assert has_scaled_basis(parsed("(4,4):(1,?@1)"))
    assert has_scaled_basis(parsed('"(64,128,1):(1@1,1@0,1@2)"'))
    composed = parsed("S<3,4,3> o ? o (8,8):(8,1)")
    assert not is_static(composed)
    assert not has_scaled_basis(composed)


def test_parse_int_tuple():
    assert parse_int_tuple('"(16,8,64)"').value == (16, 8, 64)
    assert parse_int_tuple("(0,?{div=128},?)").value == (0, "?{div=128}", "?")
    assert parse_int_tuple('"()"').value == ()
    bad = parse_int_tuple("(1,2")
    assert bad.value is None and "expected ')'" in bad.error.message


# (text, start, end, message fragment)
ERRORS = [
    ("((4,8),(2,2)", 12, 12, "expected ')' to close the shape tuple"),
    ("(2,2):((1,2)", 12, 12, "expected ')' to close the stride tuple"),
    ("(4,8):(1,", 9, 9, "expected ')' to close the stride tuple"),
    ("(2,2):(1)", 6, 9, "shape and stride have different ranks: (2,2) vs (1)"),
    ('"(2,2):(1)"', 7, 10, "shape and stride have different ranks"),
    ("  \"(2,2):(1)\"  ", 9, 12, "shape and stride have different ranks"),
    ("((2,2),3):((1,2,4),8)", 11, 18, "different ranks: (2,2) vs (1,2,4)"),
    ("(1,2):(1,(2,3))", 9, 14, "not congruent: 2 vs (2,3)"),
    ("(4):1", 4, 5, "not congruent"),
    ("garbage", 0, 1, "expected an integer, '?' or '(' in the shape"),
    ("(4,x)", 3, 4, "expected an integer, '?' or '(' in the shape"),
    ("(4 8)", 3, 4, "expected ',' or ')' in the shape tuple"),
    ("(2,2):", 5, 6, "expected a stride after ':'"),
    ("(2,2):(1,2) junk", 12, 16, "unexpected text after the layout"),
    ("(4)))", 3, 5, "unexpected text after the layout"),
    ("(4,)", 3, 4, "expected a shape entry after ','"),
    ("(0,2)", 1, 2, "shape extents must be positive"),
    ("(-4):(1)", 1, 3, "shape extents must be positive"),
    ("1@", 2, 2, "expected a mode index after '@'"),
    ("?{div=16", 1, 2, "expected '}'"),
    ("", 0, 0, "expected a layout"),
    ('"   "', 4, 4, "expected a layout"),
    ('"(4,4)', 6, 6, "missing closing '\"'"),
    ("S<3,4,3>", 8, 8, "expected 'o' after the swizzle"),
    ("S<3,4> o 0 o 4:1", 5, 6, "expected ',' in the swizzle"),
    ("S<3,4,2> o 0 o 4:1", 0, 8, "|shift| must be at least bits"),
    ("S<3,4,3> o 0 (4):(1)", 13, 14, "expected 'o' between the offset and the layout"),
    ("S<3,4,3> o 0 o (4):(1) o", 23, 24, "unexpected text after the composed layout"),
    ("9" * 60, 0, 60, "integer is too large"),
    ("(" * 100 + ")" * 100, 64, 65, "nested too deeply"),
]


@pytest.mark.parametrize("text,start,end,message", ERRORS)
def test_error_positions_and_messages(text, start, end, message):
    result = parse_layout(text)
    assert result.value is None
    assert result.error is not None
    assert message in result.error.message
    assert (result.error.start, result.error.end) == (start, end), result.error


@settings(max_examples=200, deadline=None)
@given(any_layouts())
def test_round_trip_property(layout):
    text = format_layout(layout)
    # Canonical text has no spaces except around 'o' and inside `?{...}` hints.
    assert " " not in re.sub(r"\{[^}]*\}", "", text).replace(" o ", "")
    assert parsed(text) == layout
    assert parsed(f'"{text}"') == layout


def _check_never_raises(text):
    result = parse_layout(text)
    assert (result.value is None) != (result.error is None)
    if result.error is not None:
        assert 0 <= result.error.start <= result.error.end <= len(text)
        assert result.error.message


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_random_text_never_raises(text):
    _check_never_raises(text)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet='()[],:@?S<>o0123456789 -_"{}w', max_size=40))
def test_layout_like_text_never_raises(text):
    _check_never_raises(text)
    parse_int_tuple(text)


@settings(max_examples=100, deadline=None)
@given(any_layouts(), st.data())
def test_mutated_layout_text_never_raises(layout, data):
    text = format_layout(layout)
    cut = data.draw(st.integers(0, len(text)))
    insert = data.draw(st.sampled_from(["", "(", ")", ",", ":", "@", "?", "o", "x", "Ⅷ", "٣"]))
    _check_never_raises(text[:cut] + insert + text[cut + 1 :])
