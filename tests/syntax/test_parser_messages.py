"""Mistakes MLIR's parser reports inside constructs the grammar keeps as flat token lists:
affine maps and sets, `loc()`, a function's name and argument list. Each is reported once, in
MLIR's wording, on the token MLIR points at."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import mlir_messages as M
from cute_ir.syntax.affine import MAX_DEPTH, check_affine_body

from tests.mlir_oracle import errors_at, first_mlir_error, needs_mlir_opt


def _syntax(text: str) -> list[tuple[str, str, str]]:
    """(code, message, the text the diagnostic covers) of each syntax diagnostic."""
    analysis = DocumentAnalysis("file:///t.ir", text)
    data = text.encode()
    return [(d.code, d.message, data[d.span.start:d.span.end].decode())
            for d in analysis.diagnostics() if d.source.value == "syntax"]


def _map(body: str) -> str:
    return f"#m = affine_map<{body}>\n"


@pytest.mark.parametrize(("body", "message", "at"), [
    ("(x, y) -> (x + , y)", M.AFFINE_MISSING_RIGHT_OPERAND, ","),
    ("(x, y) -> (* y)", M.AFFINE_MISSING_LEFT_OPERAND, "*"),
    ("(x) -> (x, )", M.AFFINE_EXPECTED_EXPRESSION, ")"),
    ("(x) -> (() + x)", M.AFFINE_EMPTY_PARENTHESES, ")"),
    ("(x)[n] -> (x + m)", M.AFFINE_UNDECLARED, "m"),
    ("(x, x) -> (x)", M.AFFINE_REDEFINITION.format("x"), "x"),
    ("(x)[x] -> (x)", M.AFFINE_REDEFINITION.format("x"), "x"),
    ("(x, y) -> (x * y)", M.AFFINE_NON_AFFINE_PRODUCT, "*"),
    ("(x, y) -> (x floordiv y)", M.AFFINE_NON_AFFINE_DIVISOR.format("floordiv"), "floordiv"),
    ("(x, y) -> (x mod (y + 1))", M.AFFINE_NON_AFFINE_DIVISOR.format("mod"), "mod"),
    # a wrong token where a punctuation belongs: right after the token before it (below)
    ("(x, y) -> (x y)", M.AFFINE_EXPECTED_IN_LIST.format(")", "affine map range"), ""),
    ("(x) -> x", M.AFFINE_EXPECTED_IN_LIST.format("(", "affine map range"), ""),
    ("(x) = (x)", M.AFFINE_EXPECTED_ARROW_OR_COLON, ""),
])
def test_affine_map_mistakes(body: str, message: str, at: str) -> None:
    assert _syntax(_map(body)) == [("syntax.affine", message, at)]


# The affine parser's parseToken errors where emitWrongTokenError puts them: backed up over the
# blanks to the end of the token before the wrong one, as mlir-opt 22 reports them.
_WRONG_TOKENS = [
    ("(x, y) -> (x y)", 29, M.AFFINE_EXPECTED_IN_LIST.format(")", "affine map range")),
    ("(x) -> x", 23, M.AFFINE_EXPECTED_IN_LIST.format("(", "affine map range")),
    ("(x) = (x)", 20, M.AFFINE_EXPECTED_ARROW_OR_COLON),
    ("(d0)[s0] (d0)", 25, M.AFFINE_EXPECTED_ARROW_OR_COLON),
    ("(d0)[s0 s1] -> (d0)", 24, M.AFFINE_EXPECTED_IN_LIST.format("]", "symbol list")),
    ("(d0,d1) -> (d0 d1)", 31, M.AFFINE_EXPECTED_IN_LIST.format(")", "affine map range")),
    # a bracket left open before the `>`: the grammar supplies its closer, MLIR's affine parser
    # names what it expected there
    ("(d0)[s0] -> (d0 * 2 + s0", 41, M.AFFINE_EXPECTED_IN_LIST.format(")", "affine map range")),
    ("(d0 -> (d0)", 20, M.AFFINE_EXPECTED_IN_LIST.format(")", "dimensional identifier list")),
    ("(d0)[s0 -> (d0)", 24, M.AFFINE_EXPECTED_IN_LIST.format("]", "symbol list")),
    ("(d0) -> ((d0 + 1)", 34, M.AFFINE_EXPECTED_IN_LIST.format(")", "affine map range")),
]


@pytest.mark.parametrize(("body", "column", "message"), _WRONG_TOKENS)
def test_a_wrong_token_in_an_affine_map_stands_after_the_token_before(body: str, column: int, message: str) -> None:
    assert errors_at(_map(body)) == [(1, column, message)]


@needs_mlir_opt
def test_mlir_opt_places_them_there_too() -> None:
    for body, column, message in _WRONG_TOKENS:
        assert first_mlir_error(_map(body)) == (1, column, message), body


def test_a_parenthesis_left_open_inside_the_body() -> None:
    # Through the grammar this is an unbalanced bracket first; the body reader agrees with MLIR.
    error = check_affine_body(b"(x) -> ((x + 1)")
    assert (error.message, error.start, error.end) == (M.AFFINE_EXPECTED_IN_LIST.format(")", "affine map range"), 15, 16)
    error = check_affine_body(b"(x) -> ((x + 1, x)")
    assert (error.message, error.start) == (M.EXPECTED_TOKEN.format(")"), 14)


def test_a_missing_negated_operand_also_says_so() -> None:
    analysis = DocumentAnalysis("file:///t.ir", _map("(x) -> (-())"))
    [d] = [d for d in analysis.diagnostics() if d.source.value == "syntax"]
    assert d.message == M.AFFINE_EMPTY_PARENTHESES
    assert [r.message for r in d.related] == [M.AFFINE_MISSING_NEGATED]


@pytest.mark.parametrize("text", [
    _map("(x, y)[s] -> (x * 4 + y floordiv s, (x + y) mod 8, -x, x * s, 3 ceildiv 2)"),
    _map("(x, y) -> ((x - x) * y, x * 0 * y, (y mod 1) * x)"),      # folded to constants first
    _map("(d0)[mod, floordiv] -> (mod floordiv 2 - d0, floordiv mod 3)"),   # keywords as names
    _map("() -> ()"),
    "#s = affine_set<(x)[n] : (x - 2 >= 0, n - x == 0, x <= n)>\n",
    "func.func @f(%i: index) {\n  %a = affine.apply affine_map<()[s] -> (s + 1)>()[%i]\n  return\n}\n",
    "func.func private @g(memref<4x4xf32, affine_map<(i, j) -> (j, i)>>)\n",
])
def test_valid_affine_bodies(text: str) -> None:
    assert _syntax(text) == []


def test_affine_set_constraint_needs_a_comparison() -> None:
    text = "#s = affine_set<(x) : (x + 1)>\n"
    assert _syntax(text) == [("syntax.affine", M.AFFINE_EXPECTED_CONSTRAINT_END, ")")]


def test_nesting_past_the_limit_is_left_unchecked_without_recursing() -> None:
    deep = "(" * (MAX_DEPTH + 50) + "x" + ")" * (MAX_DEPTH + 50)
    assert check_affine_body(f"(x) -> ({deep} * x)".encode()) is None
    negations = "-" * 100_000
    assert check_affine_body(f"(x) -> ({negations}x)".encode()) is None


def test_generic_op_with_a_non_function_type() -> None:
    text = 'func.func @f() {\n  "t.op"() : i32\n  return\n}\n'
    assert _syntax(text) == [("syntax.function-type", M.EXPECTED_FUNCTION_TYPE, "i32")]


def test_empty_location() -> None:
    text = "func.func @f() {\n  return loc()\n}\n"
    # at the `)`, where MLIR's location parser stops
    assert _syntax(text) == [("syntax.location", M.EXPECTED_LOCATION, ")")]


@pytest.mark.parametrize(("text", "code", "message", "at"), [
    ("func.func nosigil() -> i32\n", "syntax.symbol-name", M.EXPECTED_SYMBOL_NAME, "nosigil"),
    ("func.func @f(i32, %b: f32)\n", "syntax.arguments", M.CUSTOM_OP.format("func.func", M.EXPECTED_ARGUMENT_TYPE),
     "%b"),
    ("func.func @f(%a: i32, f32) {\n  return\n}\n", "syntax.arguments",
     M.CUSTOM_OP.format("func.func", M.EXPECTED_ARGUMENT_NAME), "f32"),
])
def test_function_name_and_arguments(text: str, code: str, message: str, at: str) -> None:
    assert _syntax(text) == [(code, message, at)]


@pytest.mark.parametrize("text", [
    "func.func private @f(i32, f32) -> i32\n",
    "func.func nested @f(%a: i32, %b: f32 {d.attr}) {\n  return\n}\n",
    "func.func public @f(%a: i32 loc(\"x\"), %b: f32) {\n  return\n}\n",
])
def test_well_formed_functions(text: str) -> None:
    assert _syntax(text) == []


@pytest.mark.parametrize(("literal", "message", "at"), [
    ("[1, bad, 3]", M.EXPECTED_ELEMENT_LITERAL, "bad"),
    ("[[1, 2], [3, (4)]]", M.EXPECTED_COMPLEX_COMMA, ")"),
    ("[(1, )]", M.EXPECTED_ELEMENT_LITERAL, ")"),
    ("[()]", M.EXPECTED_ELEMENT_LITERAL, ")"),
    ("[1, , 2]", M.EXPECTED_ELEMENT_LITERAL, "]"),
])
def test_dense_literal_mistakes(literal: str, message: str, at: str) -> None:
    text = f'"t.op"() {{v = dense<{literal}> : tensor<3xi32>}} : () -> ()\n'
    assert _syntax(text) == [("syntax.dense", message, at)]


@pytest.mark.parametrize("literal", [
    "[1, -2, 3]", "[-0x7F, +0x7F, 0x7F]", "[[1.5, 2.0], [-3.0, 4.0e2]]", "[(1, -2), (3, 4)]", "[true, false]", "[]", "",
    '"0x0102"', "[+inf, -inf, +qnan, -nan(0x1)]", "0x7FC00000", "-inf",
    "tensor<2x!t.elt> : [1 : i32, #t.any]",          # type-first: elements are any attributes
])
def test_valid_dense_literals(literal: str) -> None:
    # The literal's syntax only: whether its values fit the type is tests/syntax/test_attribute_values.py's.
    found = _syntax(f'"t.op"() {{v = dense<{literal}> : tensor<2xf32>}} : () -> ()\n')
    assert [d for d in found if d[0] != "syntax.attribute-value"] == []


@pytest.mark.parametrize(("literal", "at"), [
    ("tensor<1xi32> : [foo]", "foo"),
    ("tensor<2x2xi32> : [[1 : i32, 2 : i32], [bad, 3 : i32]]", "bad"),
])
def test_type_first_dense_elements_are_attributes(literal: str, at: str) -> None:
    text = f'"t.op"() {{v = dense<{literal}>}} : () -> ()\n'
    assert _syntax(text) == [("syntax.dense", M.EXPECTED_ATTRIBUTE_VALUE, at)]


def test_type_first_dense_elements_may_be_any_attribute() -> None:
    text = '"t.op"() {v = dense<tensor<4xi1> : [true, false, unit, #t.a]>} : () -> ()\n'
    assert _syntax(text) == []


def test_arith_constant_without_its_value_is_reported_right_after_its_name() -> None:
    text = "func.func @f() {\n  %c = arith.constant  // no value\n\n  %x = arith.constant 1 : i32\n  return\n}\n"
    [diagnostic] = [d for d in DocumentAnalysis("file:///t.ir", text).diagnostics() if d.source.value == "syntax"]
    after_name = text.index("arith.constant") + len("arith.constant")
    assert (diagnostic.code, diagnostic.message) == ("syntax.op-format", M.EXPECTED_ATTRIBUTE_VALUE)
    assert (diagnostic.span.start, diagnostic.span.end) == (after_name, after_name)


@pytest.mark.parametrize("text", ["#a = dense<[1, 2]>\n", "#a = dense_resource<blob>\n",
                                  '"t.op"() {v = sparse<0, 1.0>} : () -> ()\n'])
def test_an_elements_attribute_standing_alone_needs_its_type(text: str) -> None:
    [(code, message, at)] = _syntax(text)
    assert (code, message, at) == ("syntax.elements-type", M.EXPECTED_COLON, "")


def test_an_elements_attribute_in_an_op_format_takes_its_type_from_the_op() -> None:
    assert _syntax("func.func @f() {\n  %c = arith.constant dense<[1, 2]> : tensor<2xi32>\n  return\n}\n") == []
    assert _syntax("#a = dense<tensor<2xi32> : [1 : i32, 2 : i32]>\n") == []


@pytest.mark.parametrize(("text", "message", "at"), [
    ("{-#\n  other: {}\n#-}\n", M.UNKNOWN_METADATA_KEY.format("other"), "other"),
    ("{-#\n  dialect_resources\n#-}\n", M.EXPECTED_COLON, "dialect_resources"),
    ('{-#\n  dialect_resources: "x"\n#-}\n', M.EXPECTED_LBRACE, '"x"'),
    ("{-#\n  external_resources: {\n    : {}\n  }\n#-}\n", M.EXPECTED_RESOURCE_KEY, ":"),
    ('{-#\n  dialect_resources: {\n    builtin: {\n      blob "0x01"\n    }\n  }\n#-}\n', M.EXPECTED_COLON, '"0x01"'),
    # a token the grammar does not take there, as a group's key or a resource's value
    ("{-#\n  dialect_resources: {\n    10\n  }\n#-}\n", M.EXPECTED_RESOURCE_KEY, "10"),
    ("{-#\n  external_resources: {\n    10\n  }\n#-}\n", M.EXPECTED_RESOURCE_KEY, "10"),
    ("{-#\n  dialect_resources: {\n    test: {\n      b: 10\n    }\n  }\n#-}\n", M.EXPECTED_HEX_BLOB.format("b"), "10"),
    # a blob of the builtin or test dialect: hex pairs after `0x`, then a 4-byte alignment
    ('{-#\n  dialect_resources: {\n    builtin: {\n      b: ""\n    }\n  }\n#-}\n', M.EXPECTED_HEX_BLOB.format("b"), '""'),
    ('{-#\n  dialect_resources: {\n    test: {\n      b: "0x123"\n    }\n  }\n#-}\n', M.EXPECTED_HEX_BLOB.format("b"), '"0x123"'),
    ('{-#\n  dialect_resources: {\n    test: {\n      b: true\n    }\n  }\n#-}\n', M.EXPECTED_HEX_BLOB.format("b"), "true"),
    ('{-#\n  dialect_resources: {\n    test: {\n      b: "0x"\n    }\n  }\n#-}\n', M.BLOB_ALIGNMENT.format("b"), '"0x"'),
    ('{-#\n  dialect_resources: {\n    builtin: {\n      "k": "0x03000000"\n    }\n  }\n#-}\n',
     M.BLOB_ALIGNMENT_POWER.format("k", 3), '"0x03000000"'),
    # ml_program's interface declares no resource
    ('{-#\n  dialect_resources: {\n    ml_program: {\n      e: "foo"\n    }\n  }\n#-}\n',
     M.UNKNOWN_RESOURCE_KEY.format("e", "ml_program"), "e"),
])
def test_file_metadata_mistakes(text: str, message: str, at: str) -> None:
    assert _syntax(text) == [("syntax.file-metadata", message, at)]


def test_file_metadata_left_open_is_reported_at_the_end_of_its_split() -> None:
    text = '{-#\n\n// -----\n"t.op"() : () -> ()\n'
    analysis = DocumentAnalysis("file:///t.ir", text)
    [d] = [d for d in analysis.diagnostics() if d.source.value == "syntax"]
    assert (d.message, d.span.start, d.span.end) == (M.EXPECTED_METADATA_KEY, 4, 4)


def test_well_formed_file_metadata() -> None:
    # (a builtin blob's first 4 bytes are its alignment; other dialects' values are theirs)
    text = ('{-#\n  dialect_resources: {\n    builtin: {\n      // a comment\n      "quoted\\\\key": "0x08000000",\n'
            '      blob: "0x0800000001"\n    }\n  },\n  external_resources: {\n    mine: {\n      flag: true\n'
            '    }\n  }\n#-}\n')
    assert _syntax(text) == []


@pytest.mark.parametrize(("type_", "message", "at"), [
    ("quantile<ui4 f16, {1.0}>", M.EXPECTED_IN_QUANTILE.format(":"), "f16"),
    ("quantile<ui4:f16 {1.0}>", M.EXPECTED_IN_QUANTILE.format(","), "{1.0}"),
    ("quantile<ui4<-8:7>:f16, 1.0>", M.EXPECTED_IN_QUANTILE.format("{"), "1.0"),
])
def test_quantile_type_mistakes(type_: str, message: str, at: str) -> None:
    assert _syntax(f"func.func private @f() -> {type_}\n") == [("syntax.quantile", message, at)]


def test_well_formed_quantile_types() -> None:
    assert _syntax("func.func private @f(quantile<ui4<-8:7>:f16, {-2.0,0.0,2.0}><0:15>, quantile<i8:f32, {1.0}>)\n") == []


@pytest.mark.parametrize(("body", "message", "column"), [
    # mlir-opt 22's columns: the error backed up over the blanks before the wrong token.
    ("%a, %a, %a : f32", M.EXPECTED_COLON, 25),
    ("(%a, %a) : f32", M.EXPECTED_SSA_OPERAND, 18),
    ("%a %a : f32", M.EXPECTED_COMMA, 21),
    ("%a,%a,%a : f32", M.EXPECTED_COLON, 24),
])
def test_binary_arith_op_format(body: str, message: str, column: int) -> None:
    text = f"func.func @f(%a: f32) {{\n  %r = arith.addf {body}\n  return\n}}\n"
    found = [d for d in DocumentAnalysis("file:///t.ir", text).diagnostics() if d.source.value == "syntax"]
    line_start = text.index("\n") + 1
    assert [(d.code, d.message, d.span.start - line_start + 1) for d in found] == [("syntax.op-format", message, column)]


@pytest.mark.parametrize("body", ["%a, %a : f32", "%a, %a fastmath<fast> : f32", "%a, %a {tag} : f32",
                                  "%a, %a fastmath<nnan,ninf> : f32"])
def test_well_formed_binary_arith_ops(body: str) -> None:
    assert _syntax(f"func.func @f(%a: f32) {{\n  %r = arith.addf {body}\n  return\n}}\n") == []


@pytest.mark.parametrize(("prefix", "at"), [('"private" "public"', '"public"'), ("constant external", "external"),
                                            ('constant "private"', '"private"')])
def test_memref_global_before_its_symbol(prefix: str, at: str) -> None:
    text = f"memref.global {prefix} @g : memref<2xf32> = uninitialized\n"
    assert _syntax(text) == [("syntax.op-format", M.EXPECTED_SYMBOL_NAME, at)]


def test_well_formed_memref_globals() -> None:
    text = ('memref.global "private" constant @a : memref<2xf32> = dense<1.0>\nmemref.global @b : memref<2xf32>\n'
            'memref.global constant @c : memref<2xf32> = uninitialized\n')
    assert _syntax(text) == []


def test_memref_view_needs_its_byte_shift() -> None:
    text = ("func.func @f(%n: index) {\n  %0 = memref.alloc() : memref<64xi8>\n"
            "  %1 = memref.view %0[][%n] : memref<64xi8> to memref<?xf32>\n"
            "  %2 = memref.view %0[%n][] : memref<64xi8> to memref<4xf32>\n  return\n}\n")
    assert _syntax(text) == [("syntax.op-format", M.EXPECTED_SSA_OPERAND, "]")]


@pytest.mark.parametrize("text", ["t.op <values = 1, maybe = >\n", "t.op [k = , 2]\n", "t.op (k = )\n"])
def test_a_key_without_its_value(text: str) -> None:
    [(code, message, _)] = _syntax(text)
    assert (code, message) == ("syntax.missing-value", M.EXPECTED_ATTRIBUTE_VALUE)


def test_keys_with_values_in_an_op_format() -> None:
    assert _syntax("t.op <values = array<i64: 1>, maybe = 2> (k = %x) [n = 1]\n") == []


@pytest.mark.parametrize(("line", "at"), [
    ("affine.store %v, %C : memref<4x4xf32>", ":"),
    ("%a = affine.load %C : memref<4x4xf32>", ":"),
])
def test_affine_memory_ops_need_their_index_brackets(line: str, at: str) -> None:
    text = f"func.func @f(%C: memref<4x4xf32>, %v: f32) {{\n  {line}\n  return\n}}\n"
    assert _syntax(text) == [("syntax.op-format", M.EXPECTED_LSQUARE, at)]
    assert _syntax(text.replace("%C :", "%C[0, 0] :")) == []


SWITCH = """\
func.func @f(%flag: i32, %x: i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%x : i32),
    45: ^bb1(%x : i32)CASES
  ]
^bb1(%y: i32):
  return
}
"""


def test_switch_cases_are_separated_by_commas_and_reported_where_mlir_does() -> None:
    assert _syntax(SWITCH.replace("CASES", ",\n    46: ^bb1(%x : i32)")) == []
    broken = SWITCH.replace("CASES", "\n    46: ^bb1(%x : i32)")
    [diagnostic] = [d for d in DocumentAnalysis("file:///t.ir", broken).diagnostics() if d.source.value == "syntax"]
    after_case = broken.index("45: ^bb1(%x : i32)") + len("45: ^bb1(%x : i32)")
    assert (diagnostic.message, diagnostic.span.start, diagnostic.span.end) == (M.EXPECTED_RSQUARE, after_case, after_case)


def test_func_func_takes_no_variadic_arguments() -> None:
    assert _syntax("func.func @f(...)\n") == [("syntax.arguments", M.EXPECTED_TYPE, "...")]


def test_an_ssa_value_in_a_dictionary_belongs_to_an_op_format_only() -> None:
    pdl = 'pdl.pattern @p : benefit(1) {\n  %a = attribute\n  %op = operation {"attr" = %a}\n  rewrite %op with "r"\n}\n'
    assert _syntax(pdl) == []
    assert _syntax('"t.op"() {a = %x} : () -> ()\n') == [("syntax.missing-value", M.EXPECTED_ATTRIBUTE_VALUE, "%x")]


def test_a_list_value_starting_with_a_comma_is_reported_where_mlir_does() -> None:
    text = "func.func @f() {\n  linalg.matmul indexing_maps = [\n      ,\n    affine_map<(d0) -> (d0)>]\n  return\n}\n"
    [diagnostic] = [d for d in DocumentAnalysis("file:///t.ir", text).diagnostics() if d.source.value == "syntax"]
    after_bracket = text.index("= [") + 3
    assert (diagnostic.message, diagnostic.span.start, diagnostic.span.end) == (
        M.EXPECTED_ATTRIBUTE_VALUE, after_bracket, after_bracket)
    assert _syntax("func.func @f() {\n  linalg.matmul indexing_maps = [, affine_map<(d0) -> (d0)>]\n  return\n}\n") == [
        ("syntax.missing-value", M.EXPECTED_ATTRIBUTE_VALUE, ",")]


@pytest.mark.parametrize("text", ["test.op <a = $$ >\n", "test.op (k = [ $$ , 1])\n"])
def test_a_key_whose_value_is_skipped_text_still_lacks_its_value(text: str) -> None:
    """Error recovery skips `$$` as an ERROR the group reads past: the key has no value."""
    assert _syntax(text) == [("syntax.error", "syntax error: unexpected `$$`", "$$"),
                             ("syntax.missing-value", M.EXPECTED_ATTRIBUTE_VALUE, text.split("$$ ")[1][0])]


@pytest.mark.parametrize(("cases", "message", "at"), [
    ("default: ^bb1(%x : i32),\n    : ^bb1(%x : i32)", M.EXPECTED_INTEGER_VALUE, ":"),
    ('default: ^bb1(%x : i32),\n    "hello": ^bb1(%x : i32)', M.EXPECTED_INTEGER_VALUE, '"hello"'),
    ("45: ^bb1(%x : i32)\n    46: ^bb1(%x : i32)", M.EXPECTED_DEFAULT, "45"),
])
def test_switch_reads_default_first_then_an_integer_per_case(cases: str, message: str, at: str) -> None:
    text = f"func.func @f(%flag: i32, %x: i32) {{\n  cf.switch %flag : i32, [\n    {cases}\n  ]\n^bb1(%y: i32):\n  return\n}}\n"
    [diagnostic] = [d for d in DocumentAnalysis("file:///t.ir", text).diagnostics() if d.source.value == "syntax"]
    start = text.index("\n    " + at) + len("\n    ")
    assert (diagnostic.message, diagnostic.span.start, diagnostic.span.end) == (message, start, start + len(at))
    assert _syntax(text.replace(cases, "default: ^bb1(%x : i32),\n    -45: ^bb1(%x : i32)")) == []


@pytest.mark.parametrize("name", ["@$f", "@.f", "@-f"])
def test_a_symbol_starts_with_a_letter_or_underscore(name: str) -> None:
    assert _syntax(f"func.func {name}()\n") == [("syntax.symbol-name", M.SYMBOL_START, name[1])]
    assert _syntax("func.func @_$f()\n") == []
    assert _syntax('func.func @"$f"()\n') == []


@pytest.mark.parametrize(("text", "code", "message", "at"), [
    # where the grammar stops at an ERROR that MLIR's parser or lexer names
    ("!foo.bar = i32\n", "syntax.error", M.TYPE_NAME_RESERVED, ".bar"),
    ("#foo.attr = i32\n", "syntax.error", M.ATTRIBUTE_NAME_RESERVED, ".attr"),
    ("!missing_eq_alias i32\n", "syntax.error", M.TYPE_ALIAS_EQUALS, "!missing_eq_alias"),
    ("#m affine_map<(i) -> (i)>\n", "syntax.error", M.ATTRIBUTE_ALIAS_EQUALS, "#m"),
    ("@foo\n", "syntax.error", M.EXPECTED_OPERATION_NAME, "@foo"),
    ('func.func @f(!<"">) -> () {\n  return\n}\n', "syntax.error", M.INVALID_TYPE_IDENTIFIER, "!"),
    ("func.func @f(.)\n", "syntax.error", M.ELLIPSIS_DOTS, "."),
    ("func.func @f(..)\n", "syntax.error", M.ELLIPSIS_DOTS, ".."),
    # a block label's argument list and what follows a label
    ("func.func @f() {\n^bb42 (i32):\n  return\n}\n", "syntax.error", M.EXPECTED_SSA_OPERAND, "i32"),
    ("func.func @f() {\n^bb42 (%0):\n  return\n}\n", "syntax.error", M.EXPECTED_ARGUMENT_COLON_TYPE, "%0"),
    ("func.func @f() {\n^bb %x: i32 :\n  return\n}\n", "syntax.error", M.EXPECTED_COLON_AFTER_BLOCK_NAME, "^"),
    ("func.func @n(){^b(\n", "syntax.error", M.EXPECTED_SSA_OPERAND, "{^b("),
    # a closing bracket the parser had to supply: parseToken's words, or in a dialect's body
    # the bracket DialectSymbolParser holds open
    ("#a = affine_map<(i) -> ((i)>\n", "syntax.affine", M.AFFINE_EXPECTED_IN_LIST.format(")", "affine map range"), ">"),
    ("#attr = dense_resource<resource\n", "syntax.missing", M.EXPECTED_TOKEN.format(">"), ""),
    ("func.func private @f(%a: !d.t<(i32)->)\n", "syntax.missing", M.UNBALANCED_IN_DIALECT_BODY.format("<"), ""),
    ('"region"() ({},{},{} : () -> ()\n', "syntax.missing", M.REGION_LIST_CLOSE, ""),
    ('"foo"() {bar = dense<[(10,10]> : tensor<complex<i64>>} : () -> ()\n', "syntax.missing",
     M.COMPLEX_ELEMENTS_CLOSE, ""),
    ("#map = affine_map<(d0) -> (%)>\n", "syntax.error", M.INVALID_SSA_NAME, "%"),
    ('func.func @f(%x: i32) {\n  %z = "d.op"(%x) : (ppop32) -> i32\n  return\n}\n', "syntax.error",
     M.EXPECTED_TYPE, "ppop32"),
    ("func.func private @f() -> memref<?x?xf32, strided>\n", "syntax.error", M.STRIDED_LESS, ", strided"),
    ('"t"() {""} : () -> ()\n', "syntax.attribute-value", M.EMPTY_ATTRIBUTE_NAME, '""'),
    ("#attr = dense_resource<resource> : i32\n", "syntax.attribute-value", M.DENSE_RESOURCE_NOT_SHAPED, "i32"),
    # a function's results are types (the error backed up over the blank before the word)
    ("func.func private @f() -> (i32, foo)\n", "syntax.expected-type", M.EXPECTED_TYPE, ""),
    ("func.func private @f() -> foo\n", "syntax.expected-type", M.EXPECTED_TYPE, ""),
])
def test_where_the_grammar_stops_in_mlir_words(text: str, code: str, message: str, at: str) -> None:
    assert _syntax(text) == [(code, message, at)]


def test_an_affine_map_missing_its_closing_bracket_is_read_up_to_where_it_stops() -> None:
    """MLIR's affine parser meets a mistake inside the body before the missing `>`."""
    assert _syntax("#m = affine_map<(i, j) -> (->, j) // c\n") == [
        ("syntax.affine", M.AFFINE_EXPECTED_EXPRESSION, "->"), ("syntax.missing", M.EXPECTED_TOKEN.format(">"), "")]
    assert _syntax("#m = affine_map<(i, j) -> (i, j)\n") == [("syntax.missing", M.EXPECTED_TOKEN.format(">"), "")]
