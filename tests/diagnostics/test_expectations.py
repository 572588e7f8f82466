"""`-verify-diagnostics` semantics (diagnostics/expectations.py), case by case from the rules of
MLIR's SourceMgrDiagnosticVerifierHandler, and `cute-ir check --verify-diagnostics` end to end."""
from __future__ import annotations

import subprocess
import sys

from cute_ir.diagnostics.expectations import Produced, expectations, verify


def lines(text: str) -> list[tuple[str, int | None, str]]:
    return [(e.severity, e.line, e.text) for e in expectations(text)]


def test_where_each_designator_points():
    text = "\n".join([
        "op0",                                   # 1
        "// expected-error {{own line}}",        # 2
        "// expected-error@+2 {{two below}}",    # 3
        "// expected-note @-3 {{three above}}",  # 4
        "op5",                                   # 5
        "// expected-warning @above {{above}}",  # 6
        "// expected-remark @below {{below}}",   # 7
        "// expected-error @below {{below too}}",  # 8
        "op9",                                   # 9
        "// expected-error @unknown {{nowhere}}",  # 10
    ])
    assert lines(text) == [("error", 2, "own line"), ("error", 5, "two below"), ("note", 1, "three above"),
                           ("warning", 5, "above"), ("remark", 9, "below"), ("error", 9, "below too"),
                           ("error", None, "nowhere")]


def test_a_dangling_below_points_past_the_end():
    assert lines("op\n// expected-error @below {{x}}") == [("error", 2, "x")]


def test_matching_is_by_substring_severity_and_line():
    expected = expectations("// expected-error @+1 {{does not dominate}}\nop\n")
    verdict = verify(expected, [Produced("error", 2, 3, "operand #0 does not dominate this use")])
    assert verdict.ok


def test_failures_are_reported_as_mlir_opt_reports_them():
    text = "// expected-error @+1 {{first}}\nop\n// expected-error {{second}}\n"
    got = [Produced("warning", 2, 1, "the first one"), Produced("error", 4, 7, "stray")]
    verdict = verify(expectations(text), got)
    assert [(f.line, f.column, f.message) for f in verdict.failures] == [
        (1, 4, "'warning' diagnostic emitted when expecting a 'error'"),
        (1, 4, 'expected error "first" was not produced'),
        (3, 4, 'expected error "second" was not produced'),
        (4, 7, "unexpected error: stray"),
    ]


def test_one_expectation_stands_for_identical_diagnostics():
    verdict = verify(expectations("op // expected-note {{here}}"),
                     [Produced("note", 1, 1, "defined here"), Produced("note", 1, 1, "defined here")])
    assert verdict.ok


def test_re_blocks_are_regular_expressions_and_the_rest_is_literal():
    text = "op // expected-error-re {{value '{{%[a-z]+}}' (x)}}"
    assert verify(expectations(text), [Produced("error", 1, 1, "value '%abc' (x)")]).ok
    assert not verify(expectations(text), [Produced("error", 1, 1, "value '%a1' (x)")]).ok
    # Without -re, braces are literal text.
    plain = "op // expected-error {{a {{.*}} b}}"
    assert not verify(expectations(plain), [Produced("error", 1, 1, "a xyz b")]).ok


def test_an_invalid_regex_is_a_failure_at_the_expectation():
    verdict = verify(expectations("op // expected-error-re {{{{(}}}}"), [])
    assert [f.message for f in verdict.failures][0].startswith("invalid regex: ")


def test_the_cli(tmp_path):
    source = tmp_path / "t.mlir"
    source.write_text(
        "func.func @f(%a: i32) {\n"
        "  // expected-error @+1 {{use of undeclared SSA value name}}\n"
        "  %0 = arith.addi %a, %b : i32\n"
        "  return\n"
        "}\n"
        "// -----\n"
        "// expected-note @+1 {{prior use here}}\n"
        "func.func @g(%a: i32) {\n"
        "  // expected-error @+1 {{expects different type than prior uses: 'i64' vs 'i32'}}\n"
        "  %0 = arith.addi %a, %a : i64\n"
        "  %1 = arith.addi %0, %zz : i64\n"
        "  // expected-error @+1 {{never produced}}\n"
        "  return\n"
        "}\n")
    run = subprocess.run([sys.executable, "-m", "cute_ir.cli", "check", "--verify-diagnostics",
                          "--split-input-file", str(source)], capture_output=True, text=True)
    assert run.returncode == 1
    assert run.stdout.splitlines() == [
        f"{source}:11:23: error: unexpected error: use of undeclared SSA value name",
        f'{source}:12:6: error: expected error "never produced" was not produced',
    ]
    assert "3 of 4 expected diagnostics produced" in run.stderr
