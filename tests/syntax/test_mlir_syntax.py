"""The whole MLIR textual syntax parses, and mistakes are reported where they are, in MLIR's
parser wording, never across a split marker."""
from __future__ import annotations

import random
import re

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics.mlir_messages import (EMPTY_OPERATION_NAME, EXPECTED_OPERATION_NAME,
                                               EXPECTED_OPERATION_TYPE, EXPECTED_TYPE, ZERO_RESULT_COUNT)
from cute_ir.syntax import parse, syntax_diagnostics

VALID = [
    '"t.a"() {x = dense<7> : tensor<i4>, y = #d.flag : i16, z = "s" : !d.str, w = [2.5 : f32]} : () -> ()',
    "#g = affine_set<(d0)[s0] : (d0 - 3 >= 0, s0 - d0 - 1 >= 0, d0 == 0)>",
    "func.func private @s(memref<4 x i8>, tensor<* x f16>, vector<2 x 3 x i8>)",
    "func.func private @q(quantile<ui4:f32, {-2.0,0.0,2.0}><0:15>) -> ()",
    'gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_100a", flags = {ftz}>, properties = {O = 2 : i32}, fatbin = "">]',
    '"t.b"() {id = distinct[3]<7 : i64>} : () -> ()',
    '"t.c"() : () -> ()\n{-#\n  dialect_resources: {\n    builtin: {\n      w: "0x04000000AABB"\n    }\n  }\n#-}',
    'func.func private @e(tensor<8xf32, "packed">, memref<8xf32, "shared">, memref<8xf32, {space = "s", bank = 2}>)',
    "%h = arith.constant 0x1.4p2 : f32",
    '"t.d"() {a = #d.odd<pq<[r]&&[8]>>, b = !d.raw<!y@~!@~>} : () -> ()',
    '"t.e"() ({}) {function_type = (i8) -> (), sym_name = "k"} : () -> ()',
    'func.func @i() { "t.work"() : () -> () }',
    'func.func @c() {\n  t.literal : 12\n  return\n}',
    '%o = "t.f"() {a = #d<"q\\"uoted\\\\\\n">} : () -> !d<>',
    "t.props a = 1, array = [5, 6], dense = 2",
    "%c = arith.constant 1 : i32\n%d = arith.constant 2.0 : f32\n%t = arith.constant true\n%i = arith.constant 3 : index",
    "func.func @f(%c: i1, %a: i32) {\n  cf.cond_br %c, ^bb1(%a : i32), ^bb2\n^bb1(%x: i32):\n  cf.br ^bb2\n^bb2:\n  return\n}",
    '"t.a"() : () -> ()\n// -----\n"t.b"() : () -> ()',
    # a slash in a dialect attribute's body (`parser.mlir`); `//` there still starts a comment
    "#r = #test.slash_attr<1 / 2>\n#s = #d.x<a // note\n>",
]


@pytest.mark.parametrize("text", VALID)
def test_valid_mlir_has_no_syntax_error(text: str) -> None:
    tree = parse(text.encode())
    assert syntax_diagnostics(tree.root) == []


INVALID = [
    # (text, 1-based line of the diagnostic, message)
    ('func.func @f() {\n  ""() : () -> ()\n  return\n}', 2, EMPTY_OPERATION_NAME),
    ('func.func @f() {\n  %0:0 = "foo"() : () -> (i32, i32)\n  return\n}', 2, ZERO_RESULT_COUNT),
    ("func.func @f(i)", 1, EXPECTED_TYPE),
    ('func.func @f() {\n  %0 = "foo"()\n  return\n}', 2, EXPECTED_OPERATION_TYPE),
    ("func.func @f() {\n  %x =\n}", 2, EXPECTED_OPERATION_NAME),
    # arith.constant's format ends after its value: the type starts the next op, which it cannot.
    ("func.func @f() {\n  %2 = arith.constant 1 i32\n  return\n}", 2, EXPECTED_OPERATION_NAME),
    ("func.func @f() {\n  %2 = arith.constant 1.5 f32\n  return\n}", 2, EXPECTED_OPERATION_NAME),
    # After the colon of `arith.constant`'s value, and of a successor's operand list: a type.
    ("func.func @f() {\n  %0 = arith.constant dense<0> : <vector 4 x f32> : vector<4 x f32>\n}", 2, EXPECTED_TYPE),
    ("func.func @f() {\n^bb0:\n  %c = \"foo\"() : () -> i1\n  cf.cond_br %c, ^bb0(%c, %c : i1, ^bb0)\n}", 4,
     EXPECTED_TYPE),
]


def _diagnostics(text: str) -> list[tuple[int, int, str]]:
    analysis = DocumentAnalysis("file:///t.ir", text)
    data = text.encode()
    return [(data.count(b"\n", 0, d.span.start) + 1, data.count(b"\n", 0, d.span.end) + 1, d.message)
            for d in analysis.diagnostics() if d.source.value == "syntax"]


@pytest.mark.parametrize(("text", "line", "message"), INVALID)
def test_syntactic_mistakes_in_mlir_wording(text: str, line: int, message: str) -> None:
    assert (line, line, message) in _diagnostics(text)


def test_no_diagnostic_crosses_a_split_marker() -> None:
    broken = [
        "func.func @a(%x: !d<i32) {\n  return\n}",
        "func.func @b() {\n  return",
        'func.func @c() {\n  %0 = "foo"()\n  return\n}',
        '"t.e"() : () ->',
        "func.func @d(memref<2 x",
    ]
    fine = "func.func @ok() {\n  return\n}"
    text = "\n\n// -----\n\n".join(part for b in broken for part in (b, fine)) + "\n"
    markers = [i + 1 for i, l in enumerate(text.split("\n")) if l.startswith("// -----")]

    def split(line: int) -> int:
        return sum(1 for m in markers if m < line)

    found = _diagnostics(text)
    assert found
    for start, end, message in found:
        assert split(start) == split(end), message
        assert split(start) % 2 == 0, f"diagnostic in a valid split: {message} at line {start}"
    assert {split(start) for start, _, _ in found} == {0, 2, 4, 6, 8}


@pytest.mark.parametrize(("text", "message"), [
    ("func.func private @f() -> memref<?x?xf32, strided<>>", "expected '['"),
    ("func.func @f(i21312312323120)", "invalid integer width"),
    ("func.func @f(i99999999)", "integer bitwidth is limited to 16777215 bits"),
    # (DialectSymbolParser names the bracket it holds open, not the closer it met: mlir-opt 22)
    ("func.func @f() -> !d.t<!x@#]!@#>", "unbalanced '<' character in pretty dialect name"),
])
def test_builtin_type_mistakes_in_mlir_wording(text: str, message: str) -> None:
    assert [m for _, _, m in _diagnostics(text)] == [message]


def test_no_diagnostic_of_randomly_broken_splits_crosses_a_marker() -> None:
    """Four splits at a time, each cut short or given a stray bracket, quote or sigil."""
    pieces = [t.encode() for t in VALID] + [t.encode() for t, _, _ in INVALID]
    strays = [b"(", b")", b"{", b"}", b"<", b">", b"[", b'"', b"%", b"=", b":", b"#", b"!"]
    rng = random.Random(13)
    for _ in range(400):
        parts = []
        for _ in range(4):
            piece = rng.choice(pieces)
            at = rng.randrange(len(piece))
            parts.append(piece[:at] if rng.random() < 0.5 else piece[:at] + rng.choice(strays) + piece[at:])
        text = b"\n\n// -----\n\n".join(parts) + b"\n"
        markers = [m.start() for m in re.finditer(rb"// -----", text)]
        for d in syntax_diagnostics(parse(text).root):
            assert not any(d.span.start < m + 8 and m < d.span.end for m in markers), (d, text)
