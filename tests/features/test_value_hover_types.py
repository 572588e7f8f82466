"""A value's hover names the type its op's parser gives it. Where an upstream op's assembly
format writes another type after its `:` (`memref.load`'s memref, `arith.cmpi`'s operands), the
result's type is the one the format derives, as mlir-opt builds it."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features import hover

TEXT = """\
func.func @f(%m: memref<16xf32>, %i: index, %a: i32, %b: i32, %v: vector<4xf32>, %w: vector<4xi32>) -> f32 {
  %load = memref.load %m[%i] : memref<16xf32>
  %lt = arith.cmpi slt, %a, %b : i32
  %lanes = arith.cmpi slt, %w, %w : vector<4xi32>
  %pick = arith.select %lt, %a, %b : i32
  %lane = vector.extract %v[0] : f32 from vector<4xf32>
  %size = memref.dim %m, %i : memref<16xf32>
  %sum = "arith.addi"(%a, %b) : (i32, i32) -> i32
  return %load : f32
}
"""


@pytest.mark.parametrize("name, expected", [
    ("%load", "f32"),             # TypesMatchWith: the memref's element type
    ("%lt", "i1"),                # the comparison's result: i1 of its operands' shape
    ("%lanes", "vector<4xi1>"),
    ("%pick", "i32"),
    ("%lane", "f32"),
    ("%size", "index"),
    ("%sum", "i32"),              # the generic form states it
])
def test_a_results_hover_names_the_type_its_op_gives_it(name: str, expected: str) -> None:
    analysis = DocumentAnalysis("file:///types.mlir", TEXT)
    assert analysis.diagnostics() == []
    at = TEXT.encode().index(f"{name} =".encode()) + 1
    card = hover.hover(analysis, at)
    assert card is not None
    assert card.markdown.startswith(f"**`{name}`** : `{expected}`\n")
