"""A custom form its op's ODS assembly format cannot read (ir/op_form.py's `Form.mismatch`): the
generated parser's error where it fails, in mlir-opt 22's words and columns (each case was run
through mlir-opt-22). Judged: a literal, a single operand or a single type missing where the
format writes it, a list's element missing after its comma, and a token left after the whole
format (which MLIR reads as the next op's start); what the reading cannot be sure of is not."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import Severity
from cute_ir.text.positions import Position

from tests.mlir_oracle import mlir_opt, needs_mlir_opt

_HEAD = "func.func @f(%a: i32, %b: i32, %m: memref<4xf32>, %i: index, %e: f32) {\n"


def _errors(text: str) -> list[tuple[int, int, str]]:
    """(line, column, message) of each error, 1-based as mlir-opt prints them."""
    analysis = DocumentAnalysis("file:///t.mlir", text)
    out = []
    for d in analysis.diagnostics():
        if d.severity == Severity.ERROR:
            line = text.count("\n", 0, d.span.start)
            out.append((line + 1, d.span.start - (text.rfind("\n", 0, d.span.start) + 1) + 1, d.message))
    return out


@pytest.mark.parametrize(("op", "column", "message"), [
    ("%0 = arith.cmpi eq, %a, %b i32", 29, "expected ':'"),
    ("%0 = arith.extsi %a : i32 i64", 29, "custom op 'arith.extsi' expected 'to'"),
    ("memref.store %e, %m[%i] memref<4xf32>", 26, "expected ':'"),
    ("%0 = arith.cmpi eq, %a, : i32", 26, "expected SSA operand"),
    ("%0 = arith.extsi %a : to i64", 24, "expected non-function type"),
    ("%0 = vector.broadcast %e : f32 vector<4xf32>", 34, "custom op 'vector.broadcast' expected 'to'"),
    ("%0 = arith.extsi %a : i32 to", 31, "expected non-function type"),
    ("%0 = arith.extsi %a i32 to i64", 22, "expected ':'"),
    ("%0 = arith.cmpi eq %a, %b : i32", 21, "expected ','"),
    ("%0 = memref.load %m[%i] memref<4xf32>", 26, "expected ':'"),
    ("%0 = memref.load [%i] : memref<4xf32>", 19, "expected SSA operand"),
    ("%0 = arith.extsi : i32 to i64", 19, "expected SSA operand"),
])
def test_a_form_the_format_cannot_read(op: str, column: int, message: str) -> None:
    assert _errors(f"{_HEAD}  {op}\n  return\n}}\n") == [(2, column, message)]


@pytest.mark.parametrize("op", [
    "%0 = arith.cmpi eq, %a, %b : i32",
    "%0 = arith.extsi %a : i32 to i64",
    "memref.store %e, %m[%i] : memref<4xf32>",
    "%0 = memref.load %m[%i] {nontemporal = true} : memref<4xf32>",
    "%0 = vector.broadcast %e : f32 to vector<4xf32>",
    "%0 = arith.extsi %a : i32 to i64 loc(\"f\":1:2)",
])
def test_forms_the_format_reads(op: str) -> None:
    assert _errors(f"{_HEAD}  {op}\n  return\n}}\n") == []


_IN = "func.func @f(%a: i32, %b: i32, %m: memref<4xf32>, %i: index, %e: f32, %c: i1) {\n"

# A token left after the op's whole format: MLIR ends the op and reads the token as the next
# op's start; a word as an op's name, looked up in the default dialect of the op around it too.
LEFT_OVER = [
    ("%0 = arith.cmpi eq, %a, %b : i32 i32", 2, 35, "expected operation name in quotes"),
    ("%0 = arith.extsi %a : i32 to i64 f32", 2, 36, "custom op 'f32' is unknown (tried 'func.f32' as well)"),
    ("memref.store %e, %m[%i] : memref<4xf32> index", 2, 43,
     "custom op 'index' is unknown (tried 'func.index' as well)"),
    ("%0 = arith.addf %e, %e : f32 to", 2, 32, "custom op 'to' is unknown (tried 'func.to' as well)"),
    ("%0 = arith.extsi %a : i32 to i64 1", 2, 35, "expected operation name in quotes"),
    ("%0 = arith.extsi %a : i32 to i64 @g", 2, 35, "expected operation name in quotes"),
    ("scf.if %c {\n    %0 = arith.addf %e, %e : f32 f32\n  }", 3, 34,
     "Dialect `' not found for custom op 'f32'  (tried '.f32' as well)"),
    # a list's comma with no element after it
    ("%0 = scf.if %c -> (i32) {\n    scf.yield %a, : i32\n  } else {\n    scf.yield %a : i32\n  }", 3, 18,
     "expected SSA operand"),
    ("%0:2 = scf.if %c -> (i32, i32) {\n    scf.yield %a, %a : i32,, i32\n  } else {\n"
     "    scf.yield %a, %a : i32, i32\n  }", 3, 28, "expected non-function type"),
]

# Inside the brackets a format writes, a list's element missing after its comma, `::` where a
# colon and a type stand, and the forms syntax/op_formats.py reads without finding these.
IN_BRACKETS_AND_LISTS = [
    ("%0 = memref.load %m[%i %i] : memref<4xf32>", 2, 25, "expected ']'"),
    ("%0 = memref.load %m[%i,] : memref<4xf32>", 2, 26, "expected SSA operand"),
    ("memref.store %e, %m[%i,, %i] : memref<4xf32>", 2, 26, "expected SSA operand"),
    ("%0 = arith.addi %a, %b :: i32", 2, 27, "expected non-function type"),
    ("%0 = arith.addi %a, %b :", 2, 27, "expected non-function type"),
    ("%0 = arith.extsi %a :: i32 to i64", 2, 24, "expected non-function type"),
    ("cf.br ^bb1(%a  i32)\n^bb1(%x: i32):", 2, 16, "expected ':'"),
    ("cf.br ^bb1(%a : )\n^bb1(%x: i32):", 2, 18, "expected non-function type"),
    ("cf.br ^bb1(%a : i32 i32)\n^bb1(%x: i32):", 2, 22, "expected ')'"),
    ("cf.br ^bb1()\n^bb1:", 2, 14, "expected ':'"),
    ("func.return %a :", 2, 19, "expected non-function type"),
    # an operand doubled in arith's binary form (its name is not given back to pass for a flag)
    ("%ab = arith.addi %a, %b : i32\n  %0 = arith.addi %a, %ab %ab : i32", 3, 26, "expected ':'"),
]

_ZERO = "%p = llvm.mlir.zero : !llvm.ptr\n  "

# Where the format writes a required attribute that MLIR's own attribute parser reads (a builtin
# class: a symbol, a typed or any attribute), a token no attribute starts with: an SSA value,
# punctuation, an op's name (the op written twice); where it writes a successor, anything but a
# block name; a position list written wrong.
NO_ATTRIBUTE = [
    ("%0 = arith.constant arith.constant 1 : i32", 2, 22, "expected attribute value"),
    ("%0 = arith.constant %a, %b : i32", 2, 22, "expected attribute value"),
    ("%0 = arith.constant : i32", 2, 22, "expected attribute value"),
    ("%0 = arith.constant 1 :: i32", 2, 26, "expected non-function type"),
    ("%0 = llvm.mlir.constant(1 :: i32) : i32", 2, 30, "expected non-function type"),
    ("%0 = func.call func.call @g(%a) : (i32) -> i32", 2, 17, "expected attribute value"),
    ("%0 = llvm.mlir.constant( : i32) : i32", 2, 27, "expected attribute value"),
    ("%0 = llvm.mlir.constant(%a) : i32", 2, 27, "expected attribute value"),
    ("%0 = memref.get_global memref.get_global @t : memref<4xi32>", 2, 25, "expected attribute value"),
    # a successor without its block name
    ("cf.cond_br %c, (%a : i32), ^bb1\n^bb1:", 2, 17, "expected block name"),
    ("cf.cond_br %c, ^bb1, %a\n^bb1:", 2, 23, "expected block name"),
    ("cf.br (%a : i32)\n^bb1(%x: i32):", 2, 8, "expected block name"),
    ("cf.br bb1\n^bb1:", 2, 8, "expected block name"),
    # a position list (custom<DynamicIndexList>): its brackets, commas and elements
    ("%0 = memref.subview %m[0 1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>", 2, 27,
     "expected ']' in dynamic index list"),
    ("%0 = memref.subview %m %m[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>", 2, 25,
     "expected '[' in dynamic index list"),
    ("%0 = memref.subview %m[0,] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>", 2, 28,
     "custom op 'memref.subview' expected integer value"),
    ("%0 = memref.subview %m[0] [2,, 1] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>", 2, 32,
     "custom op 'memref.subview' expected integer value"),
    # ... and what follows a clean list is read on
    ("%0 = memref.subview %m[0] [2] [1]  memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>", 2, 36,
     "expected ':'"),
    # ... as after llvm.getelementptr's clean indices (custom<GEPIndices>)
    (f"{_ZERO}%q = llvm.getelementptr %p[%a]  (!llvm.ptr, i32) -> !llvm.ptr, f32", 3, 33, "expected ':'"),
    (f"{_ZERO}%q = llvm.getelementptr %p[%a] : (!llvm.ptr, i32) -> !llvm.ptr f32", 3, 65, "expected ','"),
    (f"{_ZERO}%q = llvm.getelementptr %p[%a] :: (!llvm.ptr, i32) -> !llvm.ptr, f32", 3, 35,
     "expected non-function type"),
    (f"{_ZERO}%q = llvm.getelementptr %p[%a] : (!llvm.ptr, i32) -> !llvm.ptr, f32 f32", 3, 71,
     "custom op 'f32' is unknown (tried 'func.f32' as well)"),
    # a functional type's parenthesised type lists
    (f"{_ZERO}%q = llvm.getelementptr %p[%a] : (!llvm.ptr i32) -> !llvm.ptr, f32", 3, 46, "expected ')'"),
    (f"{_ZERO}%q = llvm.getelementptr %p[%a] : (!llvm.ptr,, i32) -> !llvm.ptr, f32", 3, 47,
     "expected non-function type"),
    ("%r:2 = func.call @g2(%a, %e) : (i32, f32) -> (f32,, i32)", 2, 53, "expected non-function type"),
    ("%r:2 = func.call @g2(%a, %e) : (i32, f32) -> (f32, i32,)", 2, 58, "expected non-function type"),
    ("%r:2 = func.call @g2(%a, %e) : (, f32) -> (f32, i32)", 2, 35, "expected non-function type"),
    ("%r:2 = func.call @g2(%a, %e) : (i32, f32) -> (f32 i32)", 2, 52, "expected ')'"),
]

# The same formats with what they take there (each accepted by mlir-opt 22).
ATTRIBUTES_READ = [
    "%0 = arith.constant 1 : i32",
    "%0 = arith.constant 1.5 : f32",
    "%0 = arith.constant true",
    "%0 = arith.constant dense<1> : vector<4xi32>",
    "%0 = arith.constant {tag} 1 : i32",
    "%0 = llvm.mlir.constant(1 : i32) : i32",
    "%0 = llvm.mlir.constant(2.0 : f32) : f32",
    "%0 = memref.get_global @t : memref<4xi32>",
    "%0 = func.call @g(%a) : (i32) -> i32",
    f"{_ZERO}%q = llvm.getelementptr %p[%a] : (!llvm.ptr, i32) -> !llvm.ptr, f32",
    f"{_ZERO}%q = llvm.getelementptr inbounds %p[1, %a] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<4 x f32>",
    "%0 = memref.subview %m[%i] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>",
    "%0 = memref.subview %m[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>",
    "%s = vector.broadcast %e : f32 to vector<4xf32>\n  %0 = vector.extract %s[] : vector<4xf32> from vector<4xf32>",
    "%s = vector.broadcast %e : f32 to vector<4xf32>\n  %0 = vector.insert %e, %s [3] : f32 into vector<4xf32>",
]
_GLOBALS = ("memref.global \"private\" constant @t : memref<4xi32> = dense<0>\n"
            "func.func private @g(i32) -> i32\n")


@pytest.mark.parametrize("op", ATTRIBUTES_READ)
def test_attributes_the_format_reads(op: str) -> None:
    assert _errors(f"{_GLOBALS}{_IN}  {op}\n  return\n}}\n") == []


@needs_mlir_opt
def test_mlir_opt_22_reads_those_attributes_too():
    for op in ATTRIBUTES_READ:
        run = mlir_opt(f"{_GLOBALS}{_IN}  {op}\n  return\n}}\n")
        assert run.returncode == 0, (op, run.stderr)


@pytest.mark.parametrize(("op", "line", "column", "message"), LEFT_OVER + IN_BRACKETS_AND_LISTS + NO_ATTRIBUTE)
def test_where_the_reading_of_a_format_fails(op: str, line: int, column: int, message: str) -> None:
    assert _errors(f"{_IN}  {op}\n  return\n}}\n") == [(line, column, message)]


@needs_mlir_opt
def test_mlir_opt_22_fails_there_too():
    for op, line, column, message in LEFT_OVER + IN_BRACKETS_AND_LISTS + NO_ATTRIBUTE:
        run = mlir_opt(f"{_IN}  {op}\n  return\n}}\n")
        assert f"<stdin>:{line}:{column}: error: {message}" in run.stderr, (op, run.stderr)


def test_what_follows_a_trailing_location_or_a_list_is_not_judged():
    # (after `loc(...)` the op is over; a comma may end a list some format reads its own way)
    assert _errors(f"{_IN}  %0 = arith.extsi %a : i32 to i64 loc(\"x\")\n  return\n}}\n") == []
    text = f"{_IN}  %0 = arith.addf %e, %e : f32 return\n  return\n}}\n"
    assert all("custom op" not in message for _, _, message in _errors(text))    # (`func.return` is an op)


def test_the_same_mistake_twice_is_reported_at_each():
    # (the reading of one text is kept and placed again at the other op)
    text = f"{_HEAD}  %0 = arith.cmpi eq, %a, %b i32\n  %1 = arith.cmpi eq, %a, %b i32\n  return\n}}\n"
    assert _errors(text) == [(2, 29, "expected ':'"), (3, 29, "expected ':'")]


def test_mending_and_breaking_a_form_equals_a_fresh_analysis():
    text = f"{_HEAD}  %0 = arith.cmpi eq, %a, %b : i32\n  return\n}}\n"
    analysis = DocumentAnalysis("file:///t.mlir", text)
    assert _errors(text) == []
    analysis.update([(Position(1, 28), Position(1, 30), "")], 2)       # the colon goes
    fresh = _errors(analysis.document.text)
    assert fresh == [(2, 29, "expected ':'")]
    assert [(d.span, d.message) for d in analysis.diagnostics()] == \
        [(d.span, d.message) for d in DocumentAnalysis("file:///u.mlir", analysis.document.text).diagnostics()]
    analysis.update([(Position(1, 28), Position(1, 28), ": ")], 3)
    assert [d.message for d in analysis.diagnostics()] == []
