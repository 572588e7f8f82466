"""scf.index_switch's custom form read as its format reads it (`$arg attr-dict (-> types)?
custom<SwitchCases> default $defaultRegion`: each `case` an integer and a region, then the
`default` keyword and its region) and verified as IndexSwitchOp::verify does. Each case's
errors start with mlir-opt 22's first error, line, column and words (the oracle runs each case
when it is here); the forms MLIR's own tests write get none."""
from __future__ import annotations

import pytest

from tests.mlir_oracle import errors_at, first_mlir_error, mlir_opt, needs_mlir_opt

_SWITCH = """func.func @f(%i: index, %a: i32) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 2 {
    scf.yield %a : i32
  }
  case 5 {
    scf.yield %a : i32
  }
  default {
    scf.yield %a : i32
  }
  return %0 : i32
}
"""

CASES = [
    # (written, written instead, line, column, message)
    ("case 2", "case x", 3, 8, "custom op 'scf.index_switch' expected integer value"),
    ("case 2", "case", 3, 8, "custom op 'scf.index_switch' expected integer value"),
    ("  default {", "  defaul {", 9, 3, "custom op 'scf.index_switch' expected 'default'"),
    ("case 5", "cse 5", 6, 3, "custom op 'scf.index_switch' expected 'default'"),
    ("%i -> i32", "%i i32", 2, 28, "custom op 'scf.index_switch' expected 'default'"),
    ("case 2 {", "case 2", 3, 9, "expected '{' to begin a region"),
    ("case 2 {", "case 2 3 {", 3, 9, "expected '{' to begin a region"),
    ("default {", "default", 9, 10, "expected '{' to begin a region"),
    ("  default {", "  default 3 {", 9, 10, "expected '{' to begin a region"),
    ("case 5", "case 2", 2, 8, "'scf.index_switch' op has duplicate case value: 2"),
]


def _case(written: str, instead: str) -> str:
    assert written in _SWITCH
    return _SWITCH.replace(written, instead, 1)


@pytest.mark.parametrize(("written", "instead", "line", "column", "message"), CASES)
def test_a_switch_is_judged_as_mlir_judges_it(written, instead, line, column, message):
    assert errors_at(_case(written, instead))[0] == (line, column, message)


@needs_mlir_opt
def test_mlir_opt_says_the_same_first():
    for written, instead, line, column, message in CASES:
        assert first_mlir_error(_case(written, instead)) == (line, column, message), instead


_WELL_FORMED = [
    _SWITCH,
    # no results, no cases, an attribute dictionary, two results without parentheses
    """func.func @f(%i: index, %a: i32) {
  scf.index_switch %i
  default {
  }
  scf.index_switch %i {some.attr}
  case 0 {
    scf.yield
  }
  default {
  }
  %1:2 = scf.index_switch %i -> i32, index
  case -1 {
    scf.yield %a, %i : i32, index
  }
  default {
    scf.yield %a, %i : i32, index
  }
  return
}
""",
]


@pytest.mark.parametrize("text", _WELL_FORMED)
def test_well_formed_switches_get_no_error(text):
    assert errors_at(text) == []


@needs_mlir_opt
def test_mlir_opt_accepts_them():
    for text in _WELL_FORMED:
        run = mlir_opt(text)
        assert run.returncode == 0, run.stderr
