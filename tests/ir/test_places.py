"""The source index's lookups by offset (ir/places.py: which op, which value is written there)
answer what a walk of every op and every name answers: the innermost op covering a range, the
first value whose definition or use holds an offset. Checked at boundaries of ops and names (a
byte either side, and their middles; 200 spread over each unit) in every unit of every example,
corpus dump and lit input, and in shapes that put the ties where they fall: ops touching, a
group of results sharing one name, uses of undefined names."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import Span

from tests.ir.test_lift_memo import FILES, ROOT

SHAPES = {
    "ops touching, result groups, nested regions": '''
func.func @f(%a: i32) -> i32 {
  %r:2 = "test.two"(%a) : (i32) -> (i32, i32)
  "test.a"(%r#1)[^x] : (i32) -> ()"test.b"(%r#0) : (i32) -> ()
^x:
  %s = scf.execute_region -> i32 {
    %t = "test.inner"(%a, %undefined) ({
      "test.deeper"(%r#0) : (i32) -> ()
    }) : (i32, i32) -> i32
    scf.yield %t : i32
  }
  return %s : i32
}
''',
}


def _innermost_by_walk(index, start: int, end: int):
    best = best_span = None
    for op, span in index.op_spans.items():
        if span.start <= start and end <= span.end and (best_span is None or span.end - span.start < best_span.end - best_span.start):
            best, best_span = op, span
    return best


def _value_by_walk(index, offset: int, whole: bool):
    for value, span in index.definitions.items():
        if span.start <= offset <= span.end:
            return value, span
    for value, spans in index.uses.items():
        for use in spans:
            name = use if whole else index.use_name_span(value, use)
            if name.start <= offset <= name.end:
                return value, name
    return None


def _offsets(index) -> set[int]:
    spans = list(index.op_spans.values()) + list(index.definitions.values()) + \
        [s for spans in index.uses.values() for s in spans] + list(index.name_spans.values())
    return {at for s in spans for at in (s.start - 1, s.start, s.start + 1, (s.start + s.end) // 2, s.end - 1, s.end, s.end + 1)}


def _check(text: str) -> int:
    analysis = DocumentAnalysis("file:///places.mlir", text)
    checked = 0
    for unit in analysis.units:
        if unit.shell:
            continue
        index = analysis.lifted_unit(unit).index
        offsets = sorted(_offsets(index))
        # The walks this compares with cost the unit's size per offset: a spread of 200 a unit.
        for offset in offsets[::max(1, len(offsets) // 200)]:
            assert index.innermost_op(offset) is _innermost_by_walk(index, offset, offset), offset
            assert index.value_at(offset) == _value_by_walk(index, offset, whole=False), offset
            by_walk = _value_by_walk(index, offset, whole=True)
            assert index.value_written_at(offset) is (by_walk[0] if by_walk else None), offset
            checked += 1
        for span in list(index.op_spans.values())[:50]:
            inside = Span(span.start + 1, max(span.start + 1, span.end - 1))
            assert index.innermost_op(inside.start, inside.end) is _innermost_by_walk(index, inside.start, inside.end)
    return checked


CASES = [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8", errors="replace")) for p in FILES] + list(SHAPES.items())


@pytest.mark.parametrize("name, text", CASES, ids=[name for name, _ in CASES])
def test_lookups_by_offset_answer_what_a_walk_answers(name: str, text: str) -> None:
    _check(text)


def test_the_shapes_put_ties_where_the_lookups_must_break_them() -> None:
    analysis = DocumentAnalysis("file:///places.mlir", SHAPES["ops touching, result groups, nested regions"])
    index = analysis.lifted_unit(analysis.units[0]).index
    text = analysis.document.data.decode()
    touching = text.index('"test.b"')
    # The offset where one op ends and the next begins belongs to the shorter of the two.
    assert index.innermost_op(touching).name in ("test.a", "test.b")
    assert index.innermost_op(touching) is _innermost_by_walk(index, touching, touching)
    group = text.index("%r:2") + 1
    value, _ = index.value_at(group)
    assert value.owner.name == "test.two" and value.index == 0   # the first of the group
    assert _check(SHAPES["ops touching, result groups, nested regions"]) > 50
