"""arith.select's own C++ parser (ArithOps.cpp `SelectOp::parse`, dialects/op_checks.py
`arith_select_parse`): three operands, an optional dictionary, `:` and a type, and after a
comma the result's type; each mistake reported as mlir-opt 22 reports it, line, column and
words (the oracle runs each case when it is here)."""
from __future__ import annotations

import pytest

from tests.mlir_oracle import errors_at, first_mlir_error, needs_mlir_opt

_HEAD = "func.func @f(%c: i1, %a: vector<4xi32>, %b: vector<4xi32>, %m: vector<4xi1>) -> vector<4xi32> {\n"


def _case(body: str) -> str:
    return f"{_HEAD}  %r = arith.select {body}\n  return %r : vector<4xi32>\n}}\n"


CASES = [
    ("%c, %a %b : vector<4xi32>", 21, "custom op 'arith.select' expected 3 operands"),
    ("%c %c, %a, %b : vector<4xi32>", 21, "custom op 'arith.select' expected 3 operands"),
    ("%c, %a : vector<4xi32>", 21, "custom op 'arith.select' expected 3 operands"),
    ("%c, %a, %b, %b : vector<4xi32>", 21, "custom op 'arith.select' expected 3 operands"),
    ("%c,, %a, %b : vector<4xi32>", 24, "expected SSA operand"),
    ("%m, , %a : vector<4xi1>, vector<4xi32>", 24, "expected SSA operand"),
    ("%c, %a, %b, : vector<4xi32>", 32, "expected SSA operand"),
    ("%c, %a, %b  vector<4xi32>", 31, "expected ':'"),
    ("%c, %a, %b %b : vector<4xi32>", 31, "expected ':'"),
    ("%c, %a, %b :: vector<4xi32>", 33, "expected non-function type"),
    ("%m, %a, %b : , vector<4xi32>", 33, "expected non-function type"),
    ("%m, %a, %b : vector<4xi1>, , vector<4xi32>", 47, "expected non-function type"),
    # the comma between the two types left out: the first is the result's, the condition i1
    ("%m, %a, %b : vector<4xi1> vector<4xi32>", 21,
     "use of value '%m' expects different type than prior uses: 'i1' vs 'vector<4xi1>'"),
]


@pytest.mark.parametrize(("body", "column", "message"), CASES)
def test_what_the_parser_refuses(body: str, column: int, message: str) -> None:
    assert errors_at(_case(body))[0] == (2, column, message)


@pytest.mark.parametrize("body", ["%c, %a, %b : vector<4xi32>", "%m, %a, %b : vector<4xi1>, vector<4xi32>",
                                  "%c, %a, %b {tag} : vector<4xi32>"])
def test_what_it_reads(body: str) -> None:
    assert errors_at(_case(body)) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same_first():
    for body, column, message in CASES:
        assert first_mlir_error(_case(body)) == (2, column, message), body
