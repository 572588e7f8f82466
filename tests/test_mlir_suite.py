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
