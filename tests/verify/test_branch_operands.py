"""BranchOpInterface's verifier (verifyBranchSuccessorOperands, checked against mlir-opt 22):
each successor of a branch is passed as many values as its block has arguments, of their
types, in MLIR's words (an error without the op's name) at the branch."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis


def _errors(text: str) -> list[tuple[str, str]]:
    a = DocumentAnalysis("file:///x.mlir", text)
    return [(text[d.span.start:d.span.end], d.message) for d in a.diagnostics()]


def _function(branch: str) -> str:
    return ("func.func @f(%c: i1, %a: i32, %b: f32) {\n  " + branch + "\n"
            "^bb1(%x: i32):\n  return\n^bb2(%y: f32, %z: i32):\n  return\n}\n")


@pytest.mark.parametrize("branch, expected", [
    ("cf.br ^bb1(%a : i32)", None),
    ("cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b, %a : f32, i32)", None),
    ("llvm.br ^bb1(%a : i32)", None),
    ("cf.br ^bb1(%a, %a : i32, i32)", "branch has 2 operands for successor #0, but target block has 1"),
    ("cf.br ^bb1", "branch has 0 operands for successor #0, but target block has 1"),
    ("cf.br ^bb1(%b : f32)", "type mismatch for bb argument #0 of successor #0"),
    ("cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b, %b : f32, f32)", "type mismatch for bb argument #1 of successor #1"),
    ("cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b : f32)", "branch has 1 operands for successor #1, but target block has 2"),
])
def test_a_branchs_operands_against_its_successors_arguments(branch, expected):
    name = branch.split()[0]
    assert _errors(_function(branch)) == ([(name, expected)] if expected else [])


@pytest.mark.parametrize("branch, expected", [
    ("cf.cond_br %c weights([100, 0]), ^bb1(%a : i32), ^bb2(%b, %a : f32, i32)", None),
    ("cf.cond_br %c weights([100]), ^bb1(%a : i32), ^bb2(%b, %a : f32, i32)",
     "expects number of branch weights to match number of successors: 1 vs 2"),
    ("cf.cond_br %c weights([0, 0]), ^bb1(%a : i32), ^bb2(%b, %a : f32, i32)", "branch weights cannot all be zero"),
    ("llvm.switch %a : i32, ^bb1(%a : i32) [\n    42: ^bb2(%b, %a : f32, i32)\n  ] {branch_weights = array<i32: 13, 17, 19>}",
     "expects number of branch weights to match number of successors: 3 vs 2"),
])
def test_a_branchs_weights_against_its_successors(branch, expected):
    """WeightedBranchOpInterface's verifier (verifyBranchWeights)."""
    name = branch.split()[0]
    assert _errors(_function(branch)) == ([(name, expected)] if expected else [])


def test_a_region_with_an_implicit_terminator_ends_with_no_other_terminator():
    """SingleBlockImplicitTerminator<T>: the custom form adds T after an op that is no
    terminator; a block that ends with another terminator is refused, with MLIR's note (unless
    that terminator is wrong where it stands, which MLIR reports first)."""
    text = "func.func @f(%n: index) {\n  scf.forall (%i) in (%n) {\n    llvm.return\n  }\n  return\n}\n"
    [d] = DocumentAnalysis("file:///x.mlir", text).diagnostics()
    assert (text[d.span.start:d.span.end], d.message) == (
        "scf.forall", "'scf.forall' op expects regions to end with 'scf.forall.in_parallel', found 'llvm.return'")
    assert [r.message for r in d.related] == ["in custom textual format, the absence of terminator implies 'scf.forall.in_parallel'"]
    misplaced = "func.func @f() {\n  affine.for %i = 1 to 100 {\n    func.return\n  }\n  return\n}\n"
    assert _errors(misplaced) == [("func.return", "'func.return' op expects parent op 'func.func'")]
    fine = "func.func @f(%n: index) {\n  scf.forall (%i) in (%n) {\n    %c = arith.constant 0 : index\n  }\n  return\n}\n"
    assert _errors(fine) == []
