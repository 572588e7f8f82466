"""The rules of `tools/mlir_suite.py` (`make mlir-suite`), on small files of our own: which
diagnostics are false, which expectations count, and what crosses a split."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[1] / "tools" / "mlir_suite.py"
_SPEC = importlib.util.spec_from_file_location("mlir_suite", _PATH)
suite = importlib.util.module_from_spec(_SPEC)
sys.modules["mlir_suite"] = suite
_SPEC.loader.exec_module(suite)


def _syntax(line: int, end_line: int | None = None, message: str = "syntax error") -> dict:
    end = line if end_line is None else end_line
    return {"source": "syntax", "message": message,
            "range": {"start": {"line": line, "character": 0}, "end": {"line": end, "character": 1}}}


def _evaluate(tmp_path: Path, text: str, diagnostics: list[dict], valid: bool = False):
    path = tmp_path / "t.mlir"
    path.write_text(text)
    return suite.evaluate(path, valid, diagnostics)


TEXT = """\
"d.ok"() : () -> ()
// -----
// expected-error @+1 {{expected ':'}}
"d.op"()
// -----
"d.fine"() : () -> ()
"""


def test_a_diagnostic_in_a_split_without_expectations_is_false(tmp_path: Path) -> None:
    result = _evaluate(tmp_path, TEXT, [_syntax(5)])
    assert result.false_errors == [(6, "syntax error")]


def test_a_syntactic_expectation_is_a_hit_or_a_miss(tmp_path: Path) -> None:
    assert _evaluate(tmp_path, TEXT, [_syntax(3)]).hits == 1
    assert _evaluate(tmp_path, TEXT, []).misses == [(4, "expected ':'")]


def test_a_diagnostic_over_a_split_marker_crosses_it(tmp_path: Path) -> None:
    assert _evaluate(tmp_path, TEXT, [_syntax(3, 5)]).crossings == [(4, 6)]


def test_a_filecheck_stated_error_is_an_expectation(tmp_path: Path) -> None:
    text = ("// RUN: not mlir-opt %s 2>&1 | FileCheck %s\n"
            "// CHECK: {{.*}}:[[# @LINE + 1]]:5: error: expected operation name in quotes\n"
            "func.func @f() {\n")
    result = _evaluate(tmp_path, text, [_syntax(2)], valid=True)
    assert (result.hits, result.false_errors) == (1, [])


@pytest.mark.parametrize("line", ["test.optional_custom_attr foo", "%0 = test.format_op [2x3]"])
def test_an_expectation_in_a_test_dialect_format_is_counted_apart(tmp_path: Path, line: str) -> None:
    text = f"// expected-error @below {{{{expected attribute value}}}}\n{line}\n"
    result = _evaluate(tmp_path, text, [])
    assert (result.misses, result.format_dependent) == ([], [(2, "expected attribute value", False)])


def test_semantic_expectations_are_not_counted(tmp_path: Path) -> None:
    text = "// expected-error @+1 {{use of undeclared SSA value name}}\n\"d.op\"(%x) : (i32) -> ()\n"
    result = _evaluate(tmp_path, text, [])
    assert (result.hits, result.misses) == (0, [])


# ---------------------------------------------------------------- tools/mlir_verify_suite.py
_VPATH = Path(__file__).resolve().parents[1] / "tools" / "mlir_verify_suite.py"
_VSPEC = importlib.util.spec_from_file_location("mlir_verify_suite", _VPATH)
verify_suite = importlib.util.module_from_spec(_VSPEC)
sys.modules["mlir_verify_suite"] = verify_suite
_VSPEC.loader.exec_module(verify_suite)


def test_the_verify_suite_counts_expectations_met_and_unexpected_diagnostics(tmp_path: Path) -> None:
    path = tmp_path / "invalid.mlir"
    path.write_text("// RUN: mlir-opt %s -split-input-file -verify-diagnostics\n"
                    "func.func @f(%a: i32) {\n"
                    "  // expected-error@+1 {{custom op 'arith.adi' is unknown}}\n"
                    "  %0 = arith.adi %a, %a : i32\n"
                    "  return\n}\n"
                    "// -----\n"
                    "func.func @g(%a: i32) {\n"
                    "  // expected-error@+1 {{an error cute-ir does not give}}\n"
                    "  %0 = arith.addi %a, %a : i32\n"
                    "  %1 = arith.addi %a, %undefined : i32\n"
                    "  return\n}\n")
    # Without mlir-opt every expectation counts; cute-ir's note naming the nearest op and the
    # undeclared value are diagnostics nothing expected.
    assert verify_suite.measure(path, None, show_misses=False) == (1, 2, 2)


def test_the_verify_suite_reads_the_run_line_and_finds_valid_files(tmp_path: Path) -> None:
    assert verify_suite.run_line("// RUN: mlir-opt %s -split-input-file -allow-unregistered-dialect\n") == (True, True)
    assert verify_suite.run_line("// RUN: mlir-opt %s | FileCheck %s\n") == (False, False)
    (tmp_path / "ops.mlir").write_text("func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n")
    (tmp_path / "bad.mlir").write_text("func.func @f() -> i32 {\n  return %x : i32\n}\n")
    (tmp_path / "invalid.mlir").write_text("// expected-error {{x}}\n")
    assert [p.name for p in verify_suite.valid_files(tmp_path, ["*.mlir"])] == ["bad.mlir", "ops.mlir"]
    assert verify_suite.errors_on_valid(tmp_path / "ops.mlir") == []
    assert verify_suite.errors_on_valid(tmp_path / "bad.mlir") == ["bad.mlir:2:10: use of undeclared SSA value name"]
