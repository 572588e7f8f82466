"""The lifted IR's source index (ir/lift.py `SourceIndex`): where each value, block and symbol
was written and used, which hover, go-to-definition, references, rename, the outline and
folding read."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis
from cute_ir.ir.core import BlockArgument, OpResult

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


def _lifted(text=TEXT):
    analysis = DocumentAnalysis("file:///t.ir", text)
    return analysis, analysis.lifted_unit(analysis.units[0])


def _named(index, name):
    return [v for v in index.definitions if v.name_hint == name]


def _lines(analysis, spans):
    return [analysis.document.position(s.start).line for s in spans]


def test_values_by_kind_and_type():
    _, lifted = _lifted()
    index = lifted.index
    [arg0], [p0, p1], [iv], [acc], [y] = (_named(index, n) for n in ("arg0", "p", "iv", "acc", "y"))
    assert isinstance(arg0, BlockArgument) and arg0 not in index.bound and arg0.type.text == "i32"
    assert isinstance(p0, OpResult) and [p0.type.text, p1.type.text] == ["i32", "f32"]
    assert index.group(p0) == index.group(p1) == [p0, p1]
    assert {iv, acc} <= index.bound
    assert isinstance(y, BlockArgument) and y.owner.label == "bb1" and y not in index.bound


def test_uses_and_the_name_a_rename_replaces():
    analysis, lifted = _lifted()
    index = lifted.index
    [zero], [p0, _], [acc], [iv] = (_named(index, n) for n in ("0", "p", "acc", "iv"))
    assert _lines(analysis, index.uses[zero]) == [2, 3]
    [use] = index.uses[p0]
    assert analysis.document.text[use.start:use.end] == "%p#0"
    name = index.use_name_span(p0, use)
    assert analysis.document.text[name.start:name.end] == "%p"
    assert _lines(analysis, index.uses[acc]) == [4]
    assert iv not in index.uses


def test_what_is_written_at_an_offset():
    analysis, lifted = _lifted()
    text = analysis.document.text
    at = text.index("%p#0") + 1
    value, span = lifted.index.value_at(at)
    assert (value.name_hint, text[span.start:span.end]) == ("p", "%p")
    block, span = lifted.index.label_at(text.index("^bb1(%r"))
    assert (block.label, text[span.start:span.end]) == ("bb1", "^bb1")
    assert lifted.index.labels[block] == lifted.index.label_at(text.index("^bb1(%y"))[1]
    assert lifted.index.value_at(text.index("arith.addi")) is None


def test_labels_symbols_and_regions():
    analysis, lifted = _lifted()
    index = lifted.index
    [block] = index.labels
    assert _lines(analysis, index.label_uses[block]) == [7]
    [(function, symbol)] = index.symbols.items()
    assert function.name == "func.func" and analysis.document.text[symbol.start:symbol.end] == "@f"
    assert sorted(_lines(analysis, index.region_spans.values())) == [0, 3]


def test_a_call_names_a_symbol_without_defining_it():
    _, lifted = _lifted("func.func @g() {\n  func.call @f() : () -> ()\n  return\n}\n")
    assert [op.name for op in lifted.index.symbols] == ["func.func"]


def test_a_label_named_but_not_defined_is_one_block_for_all_its_uses():
    analysis, lifted = _lifted("func.func @g() {\n  cf.br ^nowhere\n^a:\n  cf.br ^nowhere\n}\n")
    missing = [b for b in lifted.index.label_uses if b not in lifted.index.labels]
    assert len(missing) == 1 and _lines(analysis, lifted.index.label_uses[missing[0]]) == [1, 3]



def _every_op_name_span(text: str, placed_first: bool) -> list:
    """Every op's text and its name's span, in every unit, each unit lifted anew; asked
    before its tables are placed (and checked not to place them) or after."""
    from cute_ir.ir.lift import lift_statements
    analysis = DocumentAnalysis("file:///t.ir", text)
    spans = []
    for unit in analysis.units:
        index = lift_statements(analysis.unit_nodes(unit), limit=unit.end).index
        if placed_first:
            index.symbols   # any placed table places them all
        assert (index._noted is None) == placed_first
        for op, where in index.op_spans.items():
            spans.append((analysis.document.text[where.start:where.end][:40], index.name_span(op)))
        assert (index._noted is None) == placed_first
    return spans


def test_an_ops_name_asked_before_the_tables_are_placed_is_where_they_place_it():
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    for text in (TEXT, (root / "examples/cute_dsl_dump.ir").read_text(), (root / "examples/mistakes.ir").read_text(),
                 '"test.op"() : () -> ()\n%0 = "test.x"() ({\n^bb0:\n  "test.y"() : () -> ()\n}) : () -> i32\n'):
        before = _every_op_name_span(text, placed_first=False)
        assert len(before) >= 3 and before == _every_op_name_span(text, placed_first=True)
