"""Where the lift says types are written, and what a written type reads as, spans included."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis
from cute_ir.dialects.cute_nvgpu.written import WrittenType
from cute_ir.diagnostics import Span
from cute_ir.ir.lift import lift
from cute_ir.syntax import parse
from cute_ir.tables.atoms import Residency

TEXT = """func.func @k(%smem: memref<8xf16, 3>, %frag: memref<8xf16>) {
  %cp = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.universal_copy<f16, 128 b>
  cute_nvgpu.copy %cp, %smem, %frag : (!cute_nvgpu.atom.universal_copy<f16, 128 b>, memref<8xf16, 3>, memref<8xf16>)
  return
}
"""


def _span_of(needle: str, occurrence: int = 0) -> Span:
    at = -1
    for _ in range(occurrence + 1):
        at = TEXT.index(needle, at + 1)
    return Span(at, at + len(needle))


def _ops():
    lifted = lift(parse(TEXT.encode()).root)
    ops = {op.name: op for top in lifted.operations for op in top.walk()}
    return lifted.index, ops


def test_the_lift_records_where_result_argument_and_operand_types_are_written():
    index, ops = _ops()
    atom_type = "!cute_nvgpu.atom.universal_copy<f16, 128 b>"
    assert index.type_spans[ops["cute_nvgpu.make_copy_atom"].results[0]] == _span_of(atom_type, 0)
    smem = ops["func.func"].regions[0].entry.arguments[0]
    assert index.type_spans[smem] == _span_of("memref<8xf16, 3>", 0)
    written = index.operand_types[ops["cute_nvgpu.copy"]]
    last = TEXT.rindex("memref<8xf16>")
    assert written == [(atom_type, _span_of(atom_type, 1)), ("memref<8xf16, 3>", _span_of("memref<8xf16, 3>", 1)),
                       ("memref<8xf16>", Span(last, last + len("memref<8xf16>")))]


def test_a_written_type_reads_with_spans_where_it_is_written():
    span = _span_of("!cute_nvgpu.atom.universal_copy<f16, 128 b>", 1)
    ty = WrittenType(TEXT[span.start:span.end], span).cute_type()
    assert ty.mnemonic == "atom.universal_copy" and ty.bit_width == 128
    assert ty.span == span
    assert [TEXT[p.span.start:p.span.end] for p in ty.params] == ["f16", "128 b"]
    operand = WrittenType("memref<4x8xf16, #cute.layout<\"(4,8):(8,1)\">, 3>", Span(100, 147)).operand()
    assert operand.residency is Residency.SMEM and operand.shape == (4, 8)
    assert operand.layout_span == Span(116, 143) and operand.layout_body == '"(4,8):(8,1)"'


def test_a_written_type_knows_an_alias_and_text_that_is_no_type():
    assert WrittenType("!my_atom", Span(0, 8)).is_alias
    assert WrittenType("memref<", Span(0, 7)).kind == "unparsed"


def test_readers_share_a_units_ir_and_a_pass_gets_its_own():
    analysis = DocumentAnalysis("file:///w.ir", TEXT)
    unit = analysis.unit_at(TEXT.index("cute_nvgpu.copy"))
    assert analysis.lifted_unit(unit) is analysis.lifted_unit(unit)
    assert analysis.rewritable_unit(unit) is not analysis.lifted_unit(unit)


def test_a_type_reads_as_what_its_dialect_says():
    from cute_ir.ir.core import Type
    from cute_ir.ir.shaped import Shaped
    from cute_ir.layout import Layout

    assert isinstance(Type('!cute.layout<"(4,8):(8,1)">').parsed, Layout)
    assert Type("memref<4x?xf16, 3>").parsed == Shaped("memref", (4, None), "f16", "3")
    atom = Type("!cute_nvgpu.atom.universal_copy<f16, 128 b>").parsed
    assert atom.mnemonic == "atom.universal_copy" and atom.span == Span(0, len("!cute_nvgpu.atom.universal_copy<f16, 128 b>"))
    assert Type("i32").parsed is None


def test_a_broken_units_ir_is_shared_until_the_next_change():
    """A unit with a syntax error is lifted once per text the analysis holds: its readers in one
    keystroke (verifiers, lowering check, pipeline) share it, a pass gets a copy, and a change
    lifts it again (its parse may read otherwise then)."""
    from cute_ir.text.positions import Position
    broken = "func.func @f(%a: i32) {\n  %b = arith.addi %a, %a : i32\n  %c = arith.addi %b, %b : i32 )\n  return\n}\n"
    analysis = DocumentAnalysis("file:///b.ir", broken)
    unit = analysis.unit_at(broken.index("%b"))
    first = analysis.lifted_unit(unit)
    assert any(node.has_error for node in analysis.unit_nodes(unit))
    assert analysis.lifted_unit(unit) is first
    copy = analysis.rewritable_operations(unit)
    assert copy is not first.operations and [op.name for op in copy] == [op.name for op in first.operations]
    analysis.update([(Position(1, 4), Position(1, 4), "x")], 2)
    unit = analysis.unit_at(broken.index("%b"))
    again = analysis.lifted_unit(unit)
    assert again is not first and again.index.definitions
