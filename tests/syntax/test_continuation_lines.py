"""A statement written over several lines, as MLIR's own tests write them: MLIR's text does not
care about line ends, so none of these is an error (mlir-opt 22 accepts each), and each op is one
statement of the tree, not two."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.syntax import parse
from tests.mlir_oracle import mlir_opt, needs_mlir_opt

CASES = {
    # `func.return %a, %b : index,` / `index`: a trailing comma of the types.
    "trailing comma": """func.func @f(%a: index, %b: index) -> (index, index) {
  func.return %a, %b : index,
    index
}
""",
    # a colon and an arrow at a line's end, the type on the next line
    "trailing colon and arrow": """func.func @f(%a: i32, %m: memref<4xf32>) -> i32 {
  %c = memref.cast %m :
    memref<4xf32> to
    memref<?xf32>
  %r = scf.execute_region ->
      i32 {
    scf.yield %a : i32
  }
  func.return %r :
    i32
}
""",
    # `}` / `else {`
    "else on its own line": """func.func @f(%c: i1) -> i32 {
  %r = scf.if %c -> i32 {
    %x = arith.constant 1 : i32
    scf.yield %x : i32
  }
  else {
    %y = arith.constant 2 : i32
    scf.yield %y : i32
  }
  func.return %r : i32
}
""",
    # `affine.for %i = ...` / `to ...` / `step ...`, `scf.for` likewise
    "to and step on their own lines": """func.func @f(%m: memref<?xf32>, %lb: index, %ub: index) {
  affine.for %i = max affine_map<(d0) -> (d0)>(%lb)
          to min affine_map<(d0) -> (d0)>(%ub) {
    affine.load %m[%i] : memref<?xf32>
  }
  affine.for %j = 0
      to 10
      step 2 {
  }
  scf.for %k = %lb
      to %ub
      step %lb {
  }
  return
}
""",
    # `gpu.launch blocks(...) in (...)` / `threads` / `(...) in (...)`
    "threads on its own line": """func.func @f(%sz: index) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz)
    threads
    (%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz_ = %sz) {
    gpu.terminator
  }
  return
}
""",
    # `%x =` ending its line, the op on the next
    "results at a line's end": """func.func @f(%a: i32, %b: i32) -> i32 {
  %x =
    arith.addi %a, %b : i32
  %y, %z =
    "test.two"() : () -> (i32, i32)
  func.return %x : i32
}
""",
}


def _statements(tree_root) -> list[str]:
    """The names of the ops of the function's body, as the tree splits them."""
    out = []

    def walk(node):
        if node.type == "operation":
            name = node.child_by_field_name("name")
            if name is not None:
                out.append(name.text.decode())
        for child in node.children:
            walk(child)
    walk(tree_root)
    return out


@pytest.mark.parametrize("name", CASES)
def test_no_diagnostic(name: str) -> None:
    analysis = DocumentAnalysis("file:///continued.mlir", CASES[name])
    assert [d.message for d in analysis.diagnostics()] == []


@pytest.mark.parametrize(("name", "ops"), [
    ("trailing comma", ["func.func", "func.return"]),
    ("else on its own line", ["func.func", "scf.if", "arith.constant", "scf.yield", "arith.constant",
                              "scf.yield", "func.return"]),
    ("results at a line's end", ["func.func", "arith.addi", '"test.two"', "func.return"]),
])
def test_one_statement_per_op(name: str, ops: list[str]) -> None:
    assert _statements(parse(CASES[name].encode()).tree.root_node) == ops


def test_results_without_an_op_still_end_there() -> None:
    """`%y =` followed by a line that cannot be its op's name stays an op still being typed."""
    text = "func.func @f(%a: i32) -> i32 {\n  %y =\n  %z = arith.addi %a, %a : i32\n  func.return %z : i32\n}\n"
    analysis = DocumentAnalysis("file:///typing.mlir", text)
    at = text.index("%y =") + len("%y =")
    assert [(d.message, tuple(d.span)) for d in analysis.diagnostics()] == [
        ("expected operation name in quotes", (at, at))]


@needs_mlir_opt
@pytest.mark.parametrize("name", CASES)
def test_mlir_opt_accepts(name: str) -> None:
    run = mlir_opt(CASES[name])
    assert run.returncode == 0, run.stderr

