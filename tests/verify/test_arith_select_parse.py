"""arith.select's own C++ parser (ArithOps.cpp `SelectOp::parse`, dialects/op_checks.py
`arith_select_parse`): three operands, an optional dictionary, `:` and a type, and after a
comma the result's type; each mistake reported as mlir-opt 22 reports it, line, column and
words (the oracle runs each case when it is here)."""
from __future__ import annotations

import re

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import Severity

from tests.mlir_oracle import mlir_opt, needs_mlir_opt

_HEAD = "func.func @f(%c: i1, %a: vector<4xi32>, %b: vector<4xi32>, %m: vector<4xi1>) -> vector<4xi32> {\n"


def _case(body: str) -> str:
    return f"{_HEAD}  %r = arith.select {body}\n  return %r : vector<4xi32>\n}}\n"


def _errors(text: str) -> list[tuple[int, int, str]]:
    out = []
    for d in DocumentAnalysis("file:///t.mlir", text).diagnostics():
        if d.severity == Severity.ERROR:
            line = text.count("\n", 0, d.span.start)
            out.append((line + 1, d.span.start - (text.rfind("\n", 0, d.span.start) + 1) + 1, d.message))
    return out


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
    assert _errors(_case(body))[0] == (2, column, message)


@pytest.mark.parametrize("body", ["%c, %a, %b : vector<4xi32>", "%m, %a, %b : vector<4xi1>, vector<4xi32>",
                                  "%c, %a, %b {tag} : vector<4xi32>"])
def test_what_it_reads(body: str) -> None:
    assert _errors(_case(body)) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same_first():
    for body, column, message in CASES:
        first = re.search(r"^<stdin>:(\d+):(\d+): error: (.*)$", mlir_opt(_case(body)).stderr, re.M)
        assert first is not None and (int(first[1]), int(first[2]), first[3]) == (2, column, message), body
