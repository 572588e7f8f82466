"""Navigation follows the IR's values, not their spellings: a name that two regions define
for themselves is two values (MLIR scoping), and a result group `%r:2` is one name."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import Span
from cute_ir.features import hover, navigation

TEXT = """\
func.func @f(%c: i1, %a: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  } else {
    %y = arith.muli %a, %a : i32
    scf.yield %y : i32
  }
  %p:2 = "test.pair"(%r) : (i32) -> (i32, i32)
  %s = arith.addi %p#0, %p#1 : i32
  return %s : i32
}
"""


def _at(needle: str, occurrence: int = 0) -> int:
    at = -1
    for _ in range(occurrence + 1):
        at = TEXT.index(needle, at + 1)
    return at


def _spans(needle: str, *occurrences: int) -> list[Span]:
    return [Span(_at(needle, i), _at(needle, i) + len(needle)) for i in occurrences]


def test_a_name_each_branch_defines_is_a_value_per_branch():
    analysis = DocumentAnalysis("file:///scopes.ir", TEXT)
    then_use, else_use = _at("%y :", 0), _at("%y :", 1)
    assert navigation.definition(analysis, then_use) == _spans("%y", 0)
    assert navigation.definition(analysis, else_use) == _spans("%y", 2)
    spans, name = navigation.rename(analysis, else_use, "%prod")
    assert (spans, name) == (_spans("%y", 2, 3), "%prod")


def test_a_result_group_is_one_name():
    analysis = DocumentAnalysis("file:///scopes.ir", TEXT)
    second = _at("%p#1") + 1
    assert navigation.references(analysis, second) == [Span(_at("%p"), _at("%p") + 2), Span(_at("%p#0"), _at("%p#0") + 2),
                                                       Span(_at("%p#1"), _at("%p#1") + 2)]
    found = hover.hover(analysis, second)
    assert found.markdown == ("**`%p`** : `i32`\n\nresult of `test.pair` (group of 2 results), "
                              "defined on line 9; 2 uses")


def test_a_symbol_is_defined_by_the_function_not_by_the_calls_that_name_it():
    text = ("func.func @caller() {\n  func.call @callee() : () -> ()\n  return\n}\n"
            "func.func @callee() {\n  return\n}\n")
    analysis = DocumentAnalysis("file:///calls.ir", text)
    call = text.index("@callee")
    defined = text.index("@callee", call + 1)
    assert navigation.definition(analysis, call + 1) == [Span(defined, defined + len("@callee"))]
    assert navigation.references(analysis, defined) == [Span(call, call + 7), Span(defined, defined + 7)]
    assert hover.hover(analysis, call + 1).markdown == "**symbol `@callee`** — defined by `func.func` on line 5"
