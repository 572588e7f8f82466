"""IR built from the CST: values, uses, blocks, symbols, types, opaque ops for errors."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis
from cute_ir.ir import ValueKind

TEXT = """\
func.func @f(%arg0: i32, %d: !cute_nvgpu.sm90.mma, %c0: index, %c1: index) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32
  %p:2 = "test.pair"(%0) {k = 1 : i32} : (i32) -> (i32, f32)
  %r = scf.for %iv = %c0 to %c1 step %c1 iter_args(%acc = %0) -> (i32) {
    %s = arith.addi %acc, %p#0 : i32
    scf.yield %s : i32
  }
  cf.br ^bb1(%r : i32)
^bb1(%y: i32):
  return %y : i32
}
"""


def _ir(text=TEXT):
    a = DocumentAnalysis("file:///t.ir", text)
    return a, a.unit_ir(a.units[0])


def _lines(a, spans):
    return [a.document.position(s.start).line for s in spans]


def test_definitions_by_kind():
    a, ir = _ir()
    kinds = {name: [v.kind for v in values] for name, values in ir.definitions.items()}
    assert kinds == {
        "%arg0": [ValueKind.BLOCK_ARGUMENT], "%d": [ValueKind.BLOCK_ARGUMENT],
        "%c0": [ValueKind.BLOCK_ARGUMENT], "%c1": [ValueKind.BLOCK_ARGUMENT],
        "%0": [ValueKind.RESULT], "%p": [ValueKind.RESULT], "%r": [ValueKind.RESULT],
        "%iv": [ValueKind.BOUND], "%acc": [ValueKind.BOUND], "%s": [ValueKind.RESULT],
        "%y": [ValueKind.BLOCK_ARGUMENT],
    }
    assert ir.definitions["%p"][0].count == 2


def test_types_of_values():
    _, ir = _ir()
    assert ir.definitions["%arg0"][0].type.text == "i32"
    assert ir.definitions["%d"][0].type.text == "!cute_nvgpu.sm90.mma"
    assert ir.definitions["%0"][0].type.text == "i32"
    assert ir.definitions["%p"][0].type.text == "i32"      # first of the group's result types
    assert ir.definitions["%s"][0].type.text == "i32"


def test_uses_and_result_index():
    a, ir = _ir()
    assert _lines(a, [u.name_span for u in ir.uses["%0"]]) == [2, 3]
    assert [u.index for u in ir.uses["%p"]] == [0]
    assert _lines(a, [u.name_span for u in ir.uses["%acc"]]) == [4]
    assert "%iv" not in ir.uses


def test_blocks_labels_and_symbols():
    a, ir = _ir()
    assert list(ir.labels) == ["^bb1"]
    assert [arg.name for arg in ir.labels["^bb1"][0].arguments] == ["%y"]
    assert _lines(a, ir.label_uses["^bb1"]) == [7]
    assert list(ir.symbols) == ["@f"]


def test_ops_nest_in_regions():
    _, ir = _ir()
    names = [op.name for op in ir.all_operations()]
    assert names == ["func.func", "arith.addi", "test.pair", "scf.for", "arith.addi", "scf.yield", "cf.br", "return"]
    pair = [op for op in ir.all_operations() if op.name == "test.pair"][0]
    assert pair.form == "generic"
    assert [(at.name, at.value) for at in pair.attributes] == [("k", "1 : i32")]
    assert [t.text for t in pair.result_types] == ["i32", "f32"]


def test_errors_become_opaque_ops_and_the_rest_survives():
    text = "%0 = a.b : i32\n}\n%1 = a.c %0 : i32\n"
    a = DocumentAnalysis("file:///e.ir", text)
    kinds = []
    for unit in a.units:
        kinds += [op.form for op in a.unit_ir(unit).operations]
    assert kinds == ["custom", "opaque", "custom"]
