"""A typed attribute's value against its type, as MLIR's attribute parser refuses it
(AttributeParser.cpp: parseDecOrHexAttr, TensorLiteralParser, DenseArrayElementParser,
parseAttributeDict): each mistake once, in MLIR's wording, on the token MLIR points at."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import mlir_messages as M


def _found(text: str) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """(code, message, the text it covers, its notes) of each syntax diagnostic."""
    analysis = DocumentAnalysis("file:///t.ir", text)
    data = text.encode()
    return [(d.code, d.message, data[d.span.start:d.span.end].decode(), tuple(r.message for r in d.related))
            for d in analysis.diagnostics() if d.source.value == "syntax"]


def _attribute(value: str) -> str:
    return f'"t.op"() {{v = {value}}} : () -> ()\n'


@pytest.mark.parametrize(("value", "message", "at"), [
    ("256 : i8", M.INTEGER_OUT_OF_RANGE, "256"),
    ("-129 : i8", M.INTEGER_OUT_OF_RANGE, "129"),
    ("128 : si8", M.INTEGER_OUT_OF_RANGE, "128"),
    ("256 : ui8", M.INTEGER_OUT_OF_RANGE, "256"),
    ("-1 : ui8", M.NEGATIVE_FOR_UNSIGNED, "1"),
    ("0x10000 : i16", M.INTEGER_OUT_OF_RANGE, "0x10000"),
    ("1 : si0", M.INTEGER_OUT_OF_RANGE, "1"),
    ("9223372036854775808 : index", M.INTEGER_OUT_OF_RANGE, "9223372036854775808"),
    ("-0x1 : f32", M.HEX_FLOAT_NEGATIVE, "0x1"),
    ("0x1FFFFFFFF : f32", M.HEX_FLOAT_OUT_OF_RANGE, "0x1FFFFFFFF"),
])
def test_integer_out_of_its_type(value: str, message: str, at: str) -> None:
    assert _found(_attribute(value)) == [("syntax.attribute-value", message, at, ())]


def test_decimal_integer_for_a_float_says_how_to_write_it() -> None:
    for value in ("1 : f32", "array<f32: 1>", "array<f32: -1, 2>"):
        assert _found(_attribute(value)) == [
            ("syntax.attribute-value", M.DECIMAL_FOR_FLOAT, "1", (M.DECIMAL_FOR_FLOAT_NOTE,))]


@pytest.mark.parametrize("value", [
    "255 : i8", "-128 : i8", "127 : si8", "255 : ui8", "0 : i0", "0x0000 : si0", "-1 : i64",
    "0xFFFFFFFFFFFFFFFF : i64", "0x7F800000 : f32", "1.0 : f32", "5 : !t.int", "3 : index",
])
def test_values_their_type_holds(value: str) -> None:
    assert _found(_attribute(value)) == []


@pytest.mark.parametrize(("value", "message", "at"), [
    ("dense<[777]> : tensor<1xi8>", M.ELEMENT_OUT_OF_RANGE, "777"),
    ("dense<[4.0]> : tensor<1xi32>", M.ELEMENT_FLOAT_FOR_INTEGER, "4.0"),
    ("dense<true> : tensor<2xi16>", M.ELEMENT_BOOL_NOT_I1, "true"),
    ("dense<[5, -5]> : vector<2xui32>", M.ELEMENT_NEGATIVE_UNSIGNED, "5"),
    ("dense<[1, 2]> : tensor<5xi8>", M.ELEMENTS_SHAPE_MISMATCH.format("2", "5"), "dense"),
    ("dense<[[1, 2], [3, 4]]> : tensor<4xi8>", M.ELEMENTS_SHAPE_MISMATCH.format("2, 2", "4"), "dense"),
    ("dense<[[1], 2]> : tensor<2xi8>", M.ELEMENTS_RANKS_INCONSISTENT, "2"),
    ("dense<[1]> : i32", M.ELEMENTS_NOT_SHAPED, "dense"),
    ("dense<1> : tensor<?xi32>", M.ELEMENTS_NOT_STATIC, "dense"),
    ("dense<[true]> : tensor<1xf32>", M.EXPECTED_FLOAT_LITERAL, "true"),
    ("dense<> : tensor<i64>", M.ELEMENTS_NONE_PARSED.format("tensor<i64>"), "dense"),
    ("dense<0> : tensor<2xcomplex<i64>>", M.ELEMENTS_COMPLEX_COUNT.format(1, "complex<i64>", 2), "dense"),
    ("dense<[0, (0, 1)]> : tensor<2xcomplex<i64>>",
     M.ELEMENTS_COMPLEX_COUNT.format(3, "tensor<2xcomplex<i64>>", 4), "dense"),
    ("sparse<0.5, 1> : tensor<1xi16>", M.ELEMENT_FLOAT_FOR_INTEGER, "0.5"),
    ("sparse<[[0, 1]], [1.5]> : tensor<2x2xi16>", M.ELEMENT_FLOAT_FOR_INTEGER, "1.5"),
    ("array<vector<i32>>", M.ARRAY_ELEMENT_TYPE.format("vector<i32>"), "vector<i32>"),
    ("array<i7>", M.ARRAY_ELEMENT_WIDTH, "i7"),
    ("array<i8: true>", M.ELEMENT_BOOL_NOT_I1, "true"),
    # An integer array's element out of its type: at the token after it, where the parser
    # stands once it has read the literal (mlir-opt 22).
    ("array<i1: 0>", M.ARRAY_I1_NOT_BOOL, ">"),
    ("array<i1: true, 0x1>", M.ARRAY_I1_NOT_BOOL, ">"),
    ("array<i8: 1, 300>", M.ARRAY_OUT_OF_RANGE, ">"),
    ("array<i8: -129, 1>", M.ARRAY_OUT_OF_RANGE, ","),
    ("array<i16: 0x10000>", M.ARRAY_OUT_OF_RANGE, ">"),
    ("array<i8: 1.5>", M.ARRAY_EXPECTED_INTEGER, "1.5"),
    ("array<i8: -1.5>", M.ARRAY_EXPECTED_INTEGER, "1.5"),
    ('array<i8: "x">', M.ARRAY_EXPECTED_INTEGER, '"x"'),
    ("array<f32: true>", M.EXPECTED_FLOAT_LITERAL, "true"),
    ('array<f32: 1.0, "s">', M.EXPECTED_FLOAT_LITERAL, '"s"'),
    ("array<f16: 0x1234, 0x12345>", M.HEX_FLOAT_OUT_OF_RANGE, "0x12345"),
    ("array<f16: -0x1>", M.HEX_FLOAT_NEGATIVE, "0x1"),
])
def test_elements_against_their_type(value: str, message: str, at: str) -> None:
    assert _found(_attribute(value)) == [("syntax.attribute-value", message, at, ())]


@pytest.mark.parametrize("value", [
    "dense<[1, -2]> : tensor<2xi8>", "dense<5> : tensor<3x4xi32>", "dense<[[1.5, 2.0]]> : tensor<1x2xf32>",
    "dense<[0x7FC00000]> : tensor<1xf32>", "dense<[true, false]> : vector<2xi1>", "dense<[]> : tensor<0xi32>",
    'dense<"0x0102"> : tensor<2xi8>', "dense<[(1, 2)]> : tensor<1xcomplex<i32>>",
    "dense<[0, 1]> : vector<[2] x i32>", "dense<[1]> : tensor<1x!t.elt>", "array<i1: true, false>",
    "array<i0: 0, 0>", "array<ui24: 16777215>", "array<i64: 1, 2, -3>", "array<i32: 0x10000>",
    "array<f32: 1.0, -2.5, 0x3f800000>", "array<bf16: 0x3f80>", "array<index: 1>", "dense<[1]> : !t.alias",
    "dense<(1, 2)> : tensor<2xcomplex<i32>>", "sparse<[[0, 1]], [1.5]> : tensor<2x2xf32>",
])
def test_elements_their_type_holds(value: str) -> None:
    assert _found(_attribute(value)) == []


def test_a_dictionary_key_twice() -> None:
    assert _found('"t.op"() {a, b = 1, a = 2} : () -> ()\n') == [
        ("syntax.attribute-value", M.DUPLICATE_KEY.format("a"), "a", ())]
    assert _found('"t.op"() {a, "a"} : () -> ()\n') == [
        ("syntax.attribute-value", M.DUPLICATE_KEY.format("a"), '"a"', ())]


def test_arith_constant_reads_its_value_with_its_type() -> None:
    text = "func.func @f() {\n  %0 = arith.constant 300 : i8\n  %1 = arith.constant dense<[3]> : i32\n  return\n}\n"
    assert _found(text) == [
        ("syntax.attribute-value", M.INTEGER_OUT_OF_RANGE, "300", ()),
        ("syntax.attribute-value", M.ELEMENTS_NOT_SHAPED, "dense", ()),
    ]


@pytest.mark.parametrize(("value", "message"), [
    ("dense_resource>", M.DENSE_RESOURCE_LESS),
    ("array", M.ARRAY_LESS),
    ("array<i8)", M.ARRAY_COLON),
    ("array<i8: 1)", M.ARRAY_CLOSE),
    ("distinct<", M.DISTINCT_LSQUARE),
    ("distinct[i8", M.DISTINCT_ID),
    ("distinct[0xAAAABBBBEEEEFFFF1]", M.DISTINCT_ID_RANGE),
    ("distinct[8)", M.DISTINCT_RSQUARE),
    ("distinct[8](", M.DISTINCT_LESS),
    ("distinct[8]<@foo]", M.DISTINCT_CLOSE),
])
def test_an_alias_value_the_parser_stops_in(value: str, message: str) -> None:
    # The grammar cannot read the definition; the first error says what MLIR's attribute
    # parser expected where it stopped (upstream's invalid-builtin-attributes.mlir).
    found = _found(f"#attr = {value}\n")
    assert found[0][:2] == ("syntax.error", message)


def test_an_alias_value_that_reads_is_not_refused() -> None:
    assert _found("#a = array<i8: 1, 2>\n#b = distinct[0]<42 : i32>\n#c = array<i1>\n#d = array<f32: 1.0>\n") == []


def test_a_flat_list_of_integers_read_from_its_text_is_judged_as_its_tokens_are() -> None:
    # A flat list of decimal integers is judged from its text in one pass; a comment inside
    # the literal makes it a list of tokens again. Both readings must say the same.
    import random
    rng = random.Random(31)
    types = ["i1", "i8", "si8", "ui8", "i16", "ui16", "si32", "i64", "index", "si0", "f32", "bf16"]
    for _ in range(300):
        values = [rng.choice([0, 1, -1, 127, 128, -128, -129, 255, 256, 65535, -32769,
                              2 ** 31, -2 ** 63, rng.randrange(-300, 300)])
                  for _ in range(rng.randrange(0, 5))]
        element = rng.choice(types)
        body = ", ".join(map(str, values))
        flat = f"dense<[{body}]> : tensor<{len(values)}x{element}>"
        walked = f"dense<[{body} // a comment\n]> : tensor<{len(values)}x{element}>"
        assert _found(_attribute(flat)) == _found(_attribute(walked)), flat


@pytest.mark.parametrize("value", [
    "dense<[1, // one\n 2]> : tensor<2xi8>",
    "dense<[1, 2 // two\n]> : tensor<2xi8>",
    "dense<[ // none\n]> : tensor<0xi8>",
    "dense<[[1, 2], // a row\n [3, 4]]> : tensor<2x2xi8>",
])
def test_a_comment_inside_an_elements_literal_is_no_element(value: str) -> None:
    assert _found(_attribute(value)) == []
