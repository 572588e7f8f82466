"""The affine dialect's own parsers (dialects/affine_checks.py), in mlir-opt 22's words for the
same input: `affine.for`'s bounds and step, `affine.if`'s condition operands, a map or set
written out or through an alias defined in another statement."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.text.positions import Position
from tests.mlir_oracle import assert_mlir_opt_agrees, needs_mlir_opt

ALIASES = ("#map1 = affine_map<(i)[j] -> (i+j)>\n#two = affine_map<(i) -> (i, 100)>\n"
           "#set0 = affine_set<(i)[N] : (i >= 0, N - i >= 0)>\n")


def _case(line: str) -> str:
    return ALIASES + f"func.func @f(%N: index) {{\n  {line} {{\n  }}\n  return\n}}\n"


# (the op's line, message, the text it is placed at)
CASES = [
    ("affine.for %i = #map1(%N) to 100",
     "custom op 'affine.for' symbol operand count and affine map symbol count must match", "affine.for"),
    ("affine.for %i = #map1(%N, %N)[%N] to 100",
     "custom op 'affine.for' dim operand count and affine map dim count must match", "affine.for"),
    ("affine.for %i = 0 to affine_map<(i)[j] -> (i + j)>(%N)",
     "custom op 'affine.for' symbol operand count and affine map symbol count must match", "affine.for"),
    ("affine.for %i = #two(%N) to 100",
     "custom op 'affine.for' lower loop bound affine map with multiple results requires 'max' prefix", "#two"),
    ("affine.for %i = 0 to #two(%N)",
     "custom op 'affine.for' upper loop bound affine map with multiple results requires 'min' prefix", "#two"),
    ("affine.for %i = 1 to 9223372036854775810", "integer constant out of range for attribute", "9223372036854775810"),
    ("affine.for %i = 1 to 100 step -- 1", "expected constant integer or floating point value", "-"),
    ("affine.for %i = 1 to max affine_map<(i) -> (i, 100)>(%N)", "expected attribute value", "max"),
    ("affine.for %i = 1 to 100 step -2",
     "custom op 'affine.for' expected step to be representable as a positive signed integer", "-2"),
    ("affine.if #set0(%N)", "custom op 'affine.if' symbol operand count and integer set symbol count must match",
     "affine.if"),
    ("affine.if #set0()[%N]", "custom op 'affine.if' dim operand count and integer set dim count must match",
     "affine.if"),
    # AffineIfOp::verify: a loop's induction variable is no symbol of the function's scope
    ("affine.for %i = 0 to 10 {\n    affine.if #set0(%i)[%i] {\n    }\n  }\n  affine.if #set0(%N)[%N]",
     "'affine.if' op operand cannot be used as a symbol", "affine.if"),
]

WELL_FORMED = [
    "affine.for %i = max #two(%N) to min #map1(%N)[%N] step 2",
    "affine.for %i = %N to 100",
    "affine.for %i = 0 to 9223372036854775807",
    "affine.if #set0(%N)[%N]",
    "affine.if affine_set<(i) : (i >= 0)>(%N)",
    "affine.for %i = 0 to 10 {\n    affine.if #set0(%i)[%N] {\n    }\n  }\n  affine.if #set0(%N)[%N]",
]


def _placed(text: str) -> list[tuple[str, str]]:
    data = text.encode()
    return [(d.message, data[d.span.start:d.span.end].decode())
            for d in DocumentAnalysis("file:///a.mlir", text).diagnostics()]


@pytest.mark.parametrize("line,message,at", CASES, ids=[m[-50:] for _, m, _ in CASES])
def test_each_rule_in_mlirs_words_where_mlir_puts_it(line, message, at):
    text = _case(line)
    start = text.index(at, text.index(line))
    assert _placed(text) == [(message, text[start:start + len(at)])]


@pytest.mark.parametrize("line", WELL_FORMED)
def test_well_formed_bounds_and_conditions_are_not_judged(line):
    assert _placed(_case(line)) == []


def test_an_alias_not_defined_is_not_judged():
    # (the loop is not; the alias is: analysis/alias_uses.py)
    assert _placed(_case("affine.for %i = #undefined(%N) to 100")) == [
        ("undefined symbol alias id 'undefined'", "#undefined")]


def test_an_edit_to_the_alias_checks_its_user_again():
    # The bound asked the document what `#map1` stands for: an edit to that definition
    # verifies the loop again, as a fresh reading of the text does.
    a = DocumentAnalysis("file:///a.mlir", _case("affine.for %i = #map1(%N)[%N] to 100"))
    assert _placed(a.document.text) == []
    column = ALIASES.index("[j]") + 1
    a.update([(Position(0, column), Position(0, column + 1), "j, k")], 1)      # (i)[j] -> (i)[j, k]
    fresh = DocumentAnalysis("file:///b.mlir", a.document.text)
    found = sorted((d.span.start, d.span.end, d.message) for d in a.diagnostics())
    assert found == sorted((d.span.start, d.span.end, d.message) for d in fresh.diagnostics())
    assert [d.message for d in a.diagnostics()] == [
        "custom op 'affine.for' symbol operand count and affine map symbol count must match"]


@needs_mlir_opt
def test_mlir_opt_says_the_same():
    assert_mlir_opt_agrees([(line, message) for line, message, _ in CASES], [_case(line) for line in WELL_FORMED],
                           wrap=_case)
