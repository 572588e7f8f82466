"""A statement's head as MLIR's op parser reads it: the `=` after result names, a generic op's
operand list up to its `)`, and a custom op's operands where the grammar sees a bracket left
open. Each case gets mlir-opt 22's first error, line, column and words, and nothing else (the
grammar's recovery, a region or bracket it then found unbalanced, is not reported beside it);
the oracle runs each case when it is here."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.mlir_oracle import MLIR_OPT, errors_at, first_mlir_error, mlir_opt, needs_mlir_opt

MLIR_OPT_HERE = Path(MLIR_OPT).exists()

_HEAD = "func.func @f(%a: i32, %m: memref<4xi32>) -> i32 {\n"

CASES = [
    # result names without their `=`
    ("%0 arith.addi %a, %a : i32", 5, "expected '=' after SSA name"),
    ("%0, %1 arith.addi %a, %a : i32", 9, "expected '=' after SSA name"),
    ("%0:2 arith.addi %a, %a : i32", 7, "expected '=' after SSA name"),
    ('%0 "arith.addi"(%a, %a) : (i32, i32) -> i32', 5, "expected '=' after SSA name"),
    # a generic op's operand list
    ('%0 = "arith.addi"(%a, %a : (i32, i32) -> i32', 27, "expected ')' to end operand list"),
    ('%0 = "arith.addi"(%a %a) : (i32, i32) -> i32', 23, "expected ')' to end operand list"),
    ('%0 = "arith.addi"(%a, : (i32, i32) -> i32', 24, "expected SSA operand"),
    ('%0 = "arith.addi"(: (i32, i32) -> i32', 21, "expected ')' to end operand list"),
    ('%0 = "arith.addi"(%a, %a', 27, "expected ')' to end operand list"),
    ('%0 = "arith.addi"(%a, %a {} : (i32, i32) -> i32', 27, "expected ')' to end operand list"),
    ('"test.op"(%a : (i32) -> ()', 15, "expected ')' to end operand list"),
    # a custom op's operands where the grammar finds a `(` left open
    ("%0 = arith.addi(%a, %a : i32", 18, "expected SSA operand"),
    ("%0 = arith.muli (%a, %a : i32", 18, "expected SSA operand"),
    ("%0 = arith.addi %a, (%a : i32", 22, "expected SSA operand"),
    ("%0 = arith.addi %a (%a : i32", 21, "expected ','"),
]


def _case(op: str) -> str:
    return f"{_HEAD}  {op}\n  return %a : i32\n}}\n"


@pytest.mark.parametrize(("op", "column", "message"), CASES)
def test_a_statement_head_is_judged_as_mlir_judges_it(op: str, column: int, message: str) -> None:
    assert errors_at(_case(op)) == [(2, column, message)]


@needs_mlir_opt
def test_mlir_opt_says_the_same_first():
    for op, column, message in CASES:
        assert first_mlir_error(_case(op)) == (2, column, message), op


# Heads the reading must leave alone: a generic op whose operands go on on the next line, a
# line that goes on an op's list, result names with their `=` on the next line.
_WELL_FORMED = """func.func @f(%a: i32) -> i32 {
  %0 = "arith.addi"(%a,
                    %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%0, %a) : (i32, i32) -> i32
  %2:2 = "arith.addui_extended"(%1, %a) : (i32, i32) -> (i32, i1)
  %3 = "arith.addi"(%2#0, %a) : (i32, i32) -> i32
  return %3 : i32
}
"""


def test_well_formed_heads_get_no_error():
    assert errors_at(_WELL_FORMED) == []


@needs_mlir_opt
def test_mlir_opt_accepts_them():
    run = mlir_opt(_WELL_FORMED)
    assert run.returncode == 0, run.stderr


def test_a_head_mistake_after_a_list_that_goes_on_is_not_read_as_a_head():
    # `%a` here continues the call's operands: not a statement's result names
    text = _HEAD + "  %0 = \"arith.addi\"(%a,\n  %a %a) : (i32, i32) -> i32\n  return %a : i32\n}\n"
    assert errors_at(text) == [(3, 5, "expected ')' to end operand list")]
    if MLIR_OPT_HERE:
        assert first_mlir_error(text) == (3, 5, "expected ')' to end operand list")
