"""A custom form its op's ODS assembly format cannot read (ir/op_form.py's `Form.mismatch`): the
generated parser's error where it fails, in mlir-opt 22's words and columns (each case was run
through mlir-opt-22). Only a literal, a single operand or a single type missing where the
format writes it, outside any bracket, is judged; what the reading cannot be sure of is not."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import Severity
from cute_ir.text.positions import Position

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
