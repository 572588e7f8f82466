"""The headers scf.while's and scf.for's own C++ parsers read (SCF.cpp `WhileOp::parse`,
`ForOp::parse`; dialects/op_checks.py `scf_while_parse`, `scf_for_parse`, and the result count
ir/ssa.py takes from the types they read): the assignment list `(%a = %init, ...)`, `:` and the
function type of scf.while, as many results as those types; each mistake reported as mlir-opt 22
reports it, line, column and words (the oracle runs each case when it is here)."""
from __future__ import annotations

import pytest

from tests.mlir_oracle import errors_at, first_mlir_error, needs_mlir_opt

_WHILE = """func.func @f(%init: i32, %c: i1) -> i32 {
  %r = scf.while (%a = %init) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return %r : i32
}
"""

_FOR = """func.func @f(%init: i32, %lb: index) -> i32 {
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %init) -> (i32) {
    scf.yield %a : i32
  }
  return %r : i32
}
"""

# (the text, what is replaced in it, by what) -> mlir-opt 22's first error: line, column, words
CASES = [
    (_WHILE, "(%a = %init)", "(%a = %init %c)", (2, 29, "expected ',' or ')'")),
    (_WHILE, "(%a = %init)", "(%a = %init,)", (2, 30, "expected SSA operand")),
    (_WHILE, "(%a = %init) : (i32)", "(%a = %init) (i32)", (2, 30, "expected ':'")),
    (_WHILE, ": (i32) -> i32 {", ": (i32 i32) -> i32 {", (2, 37, "expected ')'")),
    (_WHILE, ": (i32) -> i32 {", ": (i32   i32) -> i32 {", (2, 37, "expected ')'")),
    (_WHILE, ": (i32) -> i32 {", ": (i32) i32 {", (2, 38, "expected '->' in function type")),
    (_WHILE, ": (i32) -> i32 {", ": (i32) -> (i32 i32) {", (2, 46, "expected ')'")),
    (_WHILE, "%r = scf.while", "%r:4096 = scf.while", (2, 3, "operation defines 1 results but was provided 4096 to bind")),
    (_WHILE, "%r = scf.while", "%r:2 = scf.while", (2, 3, "operation defines 1 results but was provided 2 to bind")),
    (_FOR, "(%a = %init)", "(%a = %init %lb)", (2, 61, "expected ',' or ')'")),
    (_FOR, "%r = scf.for", "%r:3 = scf.for", (2, 3, "operation defines 1 results but was provided 3 to bind")),
]


def _mutant(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1
    return text.replace(old, new)


@pytest.mark.parametrize(("text", "old", "new", "expected"), CASES)
def test_what_the_parsers_refuse(text: str, old: str, new: str, expected: tuple) -> None:
    assert errors_at(_mutant(text, old, new))[0] == expected


_TWO = _WHILE.replace("(%a = %init)", "(%a = %init, %d = %c)").replace(": (i32) -> i32 {", ": (i32, i1) -> i32 {") \
    .replace("scf.yield %b : i32", "scf.yield %b, %c : i32, i1")


@pytest.mark.parametrize("text", [_WHILE, _FOR, _TWO])
def test_what_they_read(text: str) -> None:
    assert errors_at(text) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same_first():
    for text, old, new, expected in CASES:
        assert first_mlir_error(_mutant(text, old, new)) == expected, new
    for text in (_WHILE, _FOR, _TWO):
        assert first_mlir_error(text) is None
