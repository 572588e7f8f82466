"""The SSA check taking ops from its memo (`OpNames`: what an op without regions names, by its
text) reports what a check reading every op reports: the same diagnostics, at the same places,
in the same order. Checked for every unit of every example, corpus dump and lit input, and for
shapes that exercise each thing an op's text tells the check, with the memo filled from the
same text moved down a line and from the text itself."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.analysis.symbols import UnitLookup
from cute_ir.analysis.units import statement_nodes
from cute_ir.ir.lift import OpMemo
from cute_ir.ir.ssa import check_ssa
from cute_ir.verify.structure import check_site

from tests.ir.test_lift_memo import FILES, ROOT, SHAPES, assert_the_memo_reads_as_the_text

SSA_SHAPES = {
    "counts the generic form states": '''
func.func @f(%a: i32) {
  %0 = "test.two"(%a) : (i32, i32) -> i32
  %1:2 = "test.one"(%a) : (i32) -> i32
  %2 = "test.none"() : () -> ()
  "test.sink"(%a, %0) : (i32, i32) -> ()
  return
}
''',
    "types at uses and definitions": '''
func.func @g(%a: i32, %b: f32) -> i32 {
  %x = "test.use_later"(%later) : (i64) -> i32
  %later = "test.make"() : () -> i32
  %y = arith.addi %a, %b : i32
  %z = arith.addi %y, %x : i64
  %w = "test.first"(%z#1) : (i32) -> i32
  %w = "test.again"() : () -> i32
  return %w : i32
}
''',
    "dominance, successors and bare returns": '''
func.func @h(%c: i1) -> i32 {
  cf.cond_br %c, ^a, ^missing
^a:
  %v = "test.v"(%u) : (i32) -> i32
  cf.br ^b
^b:
  %u = "test.u"() : () -> i32
  return %v : i32
}
cuda.kernel @k(%p: i32) {
  %q = arith.addi %p, %p : i32
  return
}
''',
    "headers between regions, bound names and block labels": '''
func.func @s(%n: index, %c: i1, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f32) {
    %r = scf.if %c -> (f32) {
      scf.yield %acc : f32
    } else {
      %t = arith.addf %acc, %acc : f32
      scf.yield %t : f32
    }
    scf.yield %r : f32
  }
  scf.parallel (%p) = (%c0) to (%n) step (%c1) {
    %u = arith.addi %p, %c1 : index
    scf.reduce
  }
  scf.forall (%x, %y) in (%n, %n) {
    %v = arith.addi %x, %y : index
  }
  %g = "test.two_regions"(%c) ({
  ^bb0(%a0: i32):
    "test.yield"(%a0, %undefined) : (i32, i32) -> ()
  }, {
    "test.yield"(%sum) : (f32) -> ()
  }) {note = 1 : i32} : (i1) -> f32
  %z = test.polyfor %q, %w {
    "test.use"(%q, %w) : (index, index) -> ()
  }
  test.region_then_use {
    "test.inner"() : () -> ()
  } then %late, %c
  "test.labels_only"() ({
  ^only:
  }, {
  ^first(%f: i32):
  ^second:
    "test.end"(%f) : (i32) -> ()
  }) : () -> ()
  cf.br ^tail(%g : f32)
^tail(%last: f32):
  return %last : f32
}
''',
    "ops that name nothing outside their regions, nested": '''
func.func @n() {
  "test.a"() ({
    "test.b"() ({
      %x = "test.c"() : () -> i32
      test.bare {
        "test.e"(%x, %y) : (i32, i32) -> ()
      }
    }) : () -> ()
    "test.d"(%x) : (i32) -> ()
    ^next:
    "test.f"() ({
    ^only:
    }) : () -> ()
  }) {tag = "no names here"} : () -> ()
  return
}
''',
    "an isolated op and a value from outside it": '''
%outer = "test.outer"() : () -> i32
func.func @i() {
  "test.sink"(%outer) : (i32) -> ()
  return
}
''',
}


def _checks(text: str, memo: OpMemo | None) -> list[list]:
    analysis = DocumentAnalysis("file:///memo.mlir", text)
    out = []
    for unit in analysis.units:
        tree = analysis.tree_for(unit)
        found = check_ssa(statement_nodes(tree, unit), limit=unit.end, judge=check_site,
                          lookup=UnitLookup(analysis, unit, {}), memo=memo)
        out.append([(d.code, d.span, d.message, d.related) for d in found])
    return out


CASES = [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8", errors="replace")) for p in FILES] \
    + list(SHAPES.items()) + list(SSA_SHAPES.items())


@pytest.mark.parametrize("name, text", CASES, ids=[name for name, _ in CASES])
def test_ops_taken_from_the_memo_check_as_ops_read_again(name: str, text: str) -> None:
    assert_the_memo_reads_as_the_text(_checks, text)


def test_the_shapes_report_what_they_are_written_to_report() -> None:
    codes = {code for unit in _checks("\n".join(SSA_SHAPES.values()), None) for code, *_ in unit}
    assert codes >= {"ssa.operand-type-count", "ssa.result-count", "ssa.named-no-results", "ssa.type-mismatch",
                     "ssa.invalid-result-number", "ssa.redefinition", "ssa.does-not-dominate",
                     "ssa.undefined-block", "ssa.undeclared-value"}
