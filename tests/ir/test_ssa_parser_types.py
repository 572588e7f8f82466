"""The types an op's own C++ parser gives its operands and results (ir/ssa.py `_PARSER_TYPES`):
`arith.select`'s condition `i1` (or the first of two written types), its other operands and
result the written type; `scf.for`'s results its `->` list, the values its header binds the
induction variable's type (`index` or the type after `:`) and each `iter_args` value its place
in that list, and the operands it resolves after its body the same: the bounds and the step the
induction variable's type, each initial value its `iter_args` value's. A value used otherwise
is reported
as mlir-opt 22 reports it (the oracle, tests/mlir_oracle.py, checks the same texts)."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics.mlir_messages import PRIOR_USE, TYPED_USE_MISMATCH

from tests.mlir_oracle import assert_mlir_opt_agrees, mlir_opt, needs_mlir_opt

_HEAD = "func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<4xi1>, %x: vector<4xf32>, %n: index, %z: f32) {\n"


def _func(*body: str) -> str:
    return _HEAD + "".join(f"  {line}\n" for line in body) + "  return\n}\n"


_LOOP = ("%r = scf.for %i = %n to %n step %n iter_args(%q = %z) -> (f32) {", "  scf.yield %q : f32", "}")

# (text, message, the use's line and column, the note's line and column), as mlir-opt 22 says.
CASES = [
    (_func("%s = arith.select %a, %a, %b : i32"), TYPED_USE_MISMATCH.format("%a", "i1", "i32"), (2, 21), (1, 22)),
    (_func("%s = arith.select %c, %c, %b : i32"), TYPED_USE_MISMATCH.format("%c", "i32", "i1"), (2, 25), (1, 14)),
    (_func("%s = arith.select %c, %a, %z {tag} : i32"), TYPED_USE_MISMATCH.format("%z", "i32", "f32"), (2, 29), (1, 88)),
    (_func("%t = arith.select %c, %x, %x : vector<4xi1>, vector<4xf32>"),
     TYPED_USE_MISMATCH.format("%c", "vector<4xi1>", "i1"), (2, 21), (1, 14)),
    (_func("%s = arith.select %c, %a, %b : i32", "%u = arith.addi %s, %s : i64"),
     TYPED_USE_MISMATCH.format("%s", "i64", "i32"), (3, 19), (2, 3)),
    (_func(*_LOOP, "%u = arith.addi %r, %r : i32"), TYPED_USE_MISMATCH.format("%r", "i32", "f32"), (5, 19), (2, 3)),
]

WELL_FORMED = [
    _func("%s = arith.select %c, %a, %b : i32", "%u = arith.addi %s, %s : i32"),
    _func("%t = arith.select %v, %x, %x {tag} : vector<4xi1>, vector<4xf32>", "%u = arith.addf %t, %t : vector<4xf32>"),
    _func("%t = arith.select %c, %x, %x : vector<4xf32>"),
    _func(*_LOOP, "%u = arith.addf %r, %r : f32"),
]


# `scf.for`'s header bindings: the induction variable `index` or the type written after `:`,
# each `iter_args` value its place in the `->` list. (text, message, the use's and the note's
# line and column), as mlir-opt 22 says.
_HEADER_LOOP = """func.func @f(%lb: {bound}, %ub: {bound}, %step: {bound}, %z: f32, %w: i64) {{
  %sum:2 = scf.for %iv = %lb to %ub step %step iter_args(%acc = %z, %k = %w) -> (f32, i64){typed} {{
    {use}
    scf.yield %acc, %k : f32, i64
  }}
  return
}}
"""


def _header_loop(use: str, typed: str = "", bound: str = "index") -> str:
    return _HEADER_LOOP.format(use=use, typed=typed, bound=bound)


HEADER_CASES = [
    (_header_loop("%n = arith.addf %acc, %iv : f32"), TYPED_USE_MISMATCH.format("%iv", "f32", "index"), (3, 27), (2, 20)),
    (_header_loop("%n = arith.addi %k, %iv : i32", typed=" : i32", bound="i32"),
     TYPED_USE_MISMATCH.format("%k", "i32", "i64"), (3, 21), (2, 69)),
    (_header_loop("%n = arith.addi %acc, %acc : i32"), TYPED_USE_MISMATCH.format("%acc", "i32", "f32"), (3, 21), (2, 58)),
    (_header_loop("%q = arith.index_cast %iv : i64 to index", typed=" : i32", bound="i32"),
     TYPED_USE_MISMATCH.format("%iv", "i64", "i32"), (3, 27), (2, 20)),
]

HEADER_WELL_FORMED = [
    _header_loop("%n = arith.addf %acc, %acc : f32"),
    _header_loop("%n = arith.addi %iv, %iv : i32", typed=" : i32", bound="i32"),
    _header_loop("%n = arith.addi %k, %k : i64\n    %m = arith.addi %iv, %iv : index"),
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

# The operands `scf.for`'s parser resolves after its body: the bounds and the step as the
# induction variable's type, each initial value as its `iter_args` value's. (text, message, the
# use's and the note's line and column), as mlir-opt 22 says.
_OPERAND_LOOP = """func.func @f(%lb: index, %ub: index, %st: index, %z: f32, %w: i64, %j: i32) {{
  %c = arith.constant 1 : i32
  %sum:2 = scf.for %iv = {lb} to {ub} step {st} iter_args(%acc = {acc}, %k = {k}) -> (f32, i64){typed} {{
    scf.yield %acc, %k : f32, i64
  }}
  return
}}
"""


def _operand_loop(lb="%lb", ub="%ub", st="%st", acc="%z", k="%w", typed=""):
    return _OPERAND_LOOP.format(lb=lb, ub=ub, st=st, acc=acc, k=k, typed=typed)


OPERAND_CASES = [
    (_operand_loop(lb="%j"), TYPED_USE_MISMATCH.format("%j", "index", "i32"), (3, 26), (1, 68)),
    (_operand_loop(ub="%w"), TYPED_USE_MISMATCH.format("%w", "index", "i64"), (3, 33), (1, 59)),
    (_operand_loop(st="%c"), TYPED_USE_MISMATCH.format("%c", "index", "i32"), (3, 42), (2, 3)),
    (_operand_loop(typed=" : i32"), TYPED_USE_MISMATCH.format("%lb", "i32", "index"), (3, 26), (1, 14)),
    (_operand_loop(lb="%j", ub="%j", st="%lb", typed=" : i32"), TYPED_USE_MISMATCH.format("%lb", "i32", "index"),
     (3, 40), (1, 14)),
    (_operand_loop(acc="%w"), TYPED_USE_MISMATCH.format("%w", "f32", "i64"), (3, 63), (1, 59)),
    (_operand_loop(k="%c"), TYPED_USE_MISMATCH.format("%c", "i64", "i32"), (3, 72), (2, 3)),
]

OPERAND_WELL_FORMED = [
    _operand_loop(),
    _operand_loop(lb="%j", ub="%c", st="%j", typed=" : i32"),
    """func.func @f(%n: i64, %z: f32) {
  %s = scf.for %i = %n to %n step %n iter_args(%a = %z) -> f32 : i64 {
    scf.yield %a : f32
  }
  return
}
""",
]

# `scf.while`'s parser: each initial value resolved as its input type (before the regions), the
# 'before' region's arguments those types, the results the function type's. (text, message, the
# use's and the note's line and column), as mlir-opt 22 says.
_WHILE = """func.func @f(%init: i32, %limit: i32, %x: f32) -> i64 {{
  %r:2 = scf.while (%a = {a}, %b = {b}) : ({inputs}) -> (i32, i64) {{
    {compare}
    %w = arith.extsi %a : i32 to i64
    scf.condition(%c) %a, %w : i32, i64
  }} do {{
  ^bb0(%p: i32, %q: i64):
    scf.yield %p, %limit : i32, i32
  }}
  {after}
  return %r#1 : i64
}}
"""


def _while(a="%init", b="%limit", inputs="i32, i32", compare="%c = arith.cmpi slt, %a, %b : i32", after=""):
    return _WHILE.format(a=a, b=b, inputs=inputs, compare=compare, after=after)


WHILE_CASES = [
    (_while(a="%x"), TYPED_USE_MISMATCH.format("%x", "i32", "f32"), (2, 26), (1, 39)),
    (_while(b="%x"), TYPED_USE_MISMATCH.format("%x", "i32", "f32"), (2, 38), (1, 39)),
    (_while(compare="%c = arith.cmpf olt, %a, %a : f32"), TYPED_USE_MISMATCH.format("%a", "f32", "i32"), (3, 26), (2, 21)),
    (_while(after="%s = arith.addi %r#1, %r#1 : i32"), TYPED_USE_MISMATCH.format("%r", "i32", "i64"), (10, 19), (2, 3)),
]

WHILE_WELL_FORMED = [
    _while(),
    _while(after="%s = arith.addi %r#0, %r#0 : i32"),
    """func.func @f(%n: index) {
  scf.while : () -> () {
    %t = arith.constant true
    scf.condition(%t)
  } do {
    scf.yield
  }
  return
}
""",
]

CASES += HEADER_CASES + OPERAND_CASES + WHILE_CASES
WELL_FORMED += HEADER_WELL_FORMED + OPERAND_WELL_FORMED + WHILE_WELL_FORMED


def _errors(text: str):
    return [d for d in DocumentAnalysis("file:///typed.mlir", text).diagnostics() if d.severity.name == "ERROR"]


def _offset(text: str, line: int, column: int) -> int:
    lines = text.encode().splitlines(keepends=True)
    return sum(len(each) for each in lines[:line - 1]) + column - 1


@pytest.mark.parametrize("text, message, at, note", CASES)
def test_a_use_typed_against_what_the_parser_gives(text, message, at, note):
    [error] = _errors(text)
    assert error.message == message
    assert error.span.start == _offset(text, *at)
    [related] = error.related
    assert related.message == PRIOR_USE
    assert related.span.start == _offset(text, *note)


@pytest.mark.parametrize("text", WELL_FORMED)
def test_values_used_at_the_parsers_types_are_accepted(text):
    assert _errors(text) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same():
    """The same message, and its first error and note where cute-ir puts them."""
    assert_mlir_opt_agrees([(text, message) for text, message, _, _ in CASES], WELL_FORMED)
    for text, _, at, note in CASES:
        stderr = mlir_opt(text).stderr
        assert f"<stdin>:{at[0]}:{at[1]}: error:" in stderr and f"<stdin>:{note[0]}:{note[1]}: note: prior use here" in stderr, stderr
