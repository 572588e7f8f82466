"""The types `scf.for`'s own parser gives the values its header binds (ir/ssa.py): the
induction variable `index` or the type written after `:`, each `iter_args` value its place in
the `->` list. A use in the body typed otherwise is reported as mlir-opt 22 reports it (the
oracle, tests/mlir_oracle.py, checks the same texts when it is installed)."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics.mlir_messages import PRIOR_USE, TYPED_USE_MISMATCH

from tests.mlir_oracle import assert_mlir_opt_agrees, needs_mlir_opt

_LOOP = """func.func @f(%lb: {bound}, %ub: {bound}, %step: {bound}, %z: f32, %w: i64) {{
  %sum:2 = scf.for %iv = %lb to %ub step %step iter_args(%acc = %z, %k = %w) -> (f32, i64){typed} {{
    {use}
    scf.yield %acc, %k : f32, i64
  }}
  return
}}
"""


def _loop(use: str, typed: str = "", bound: str = "index") -> str:
    return _LOOP.format(use=use, typed=typed, bound=bound)


# (text, message, the use's line and column, the note's column on line 2), as mlir-opt 22 says.
CASES = [
    (_loop("%n = arith.addf %acc, %iv : f32"), TYPED_USE_MISMATCH.format("%iv", "f32", "index"), (3, 27), 20),
    (_loop("%n = arith.addi %k, %iv : i32", typed=" : i32", bound="i32"),
     TYPED_USE_MISMATCH.format("%k", "i32", "i64"), (3, 21), 69),
    (_loop("%n = arith.addi %acc, %acc : i32"), TYPED_USE_MISMATCH.format("%acc", "i32", "f32"), (3, 21), 58),
    (_loop("%q = arith.index_cast %iv : i64 to index", typed=" : i32", bound="i32"),
     TYPED_USE_MISMATCH.format("%iv", "i64", "i32"), (3, 27), 20),
]

WELL_FORMED = [
    _loop("%n = arith.addf %acc, %acc : f32"),
    _loop("%n = arith.addi %iv, %iv : i32", typed=" : i32", bound="i32"),
    _loop("%n = arith.addi %k, %k : i64\n    %m = arith.addi %iv, %iv : index"),
    # `-> f32` without parentheses is the same list.
    """func.func @f(%n: index, %z: f32) {
  %s = scf.for %i = %n to %n step %n iter_args(%a = %z) -> f32 {
    %t = arith.addf %a, %a : f32
    scf.yield %t : f32
  }
  return
}
""",
]


def _errors(text: str):
    return [d for d in DocumentAnalysis("file:///loop.mlir", text).diagnostics() if d.severity.name == "ERROR"]


@pytest.mark.parametrize("text, message, at, note", CASES)
def test_a_use_typed_against_a_loop_header_binding(text, message, at, note):
    [error] = _errors(text)
    assert error.message == message
    lines = text.encode().splitlines(keepends=True)
    start = sum(len(line) for line in lines[:at[0] - 1]) + at[1] - 1
    assert error.span.start == start
    [related] = error.related
    assert related.message == PRIOR_USE
    assert related.span.start == len(lines[0]) + note - 1


@pytest.mark.parametrize("text", WELL_FORMED)
def test_loop_header_bindings_used_at_their_types_are_accepted(text):
    assert _errors(text) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same():
    assert_mlir_opt_agrees([(text, message) for text, message, _, _ in CASES], WELL_FORMED)
