"""A lift that takes ops from the memo (`OpMemo`: what an op without regions says, by its text)
gives what a lift reading every op gives: the same IR and the same source index, wherever the
remembered ops were first read. Checked for every unit of every example, corpus dump and lit
input, with the memo filled from the same text moved down a line and from the text itself."""
from __future__ import annotations

from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.ir.core import value_numbers
from cute_ir.ir.lift import Lifted, OpMemo, lift_statements

from tests.ir.test_copy_operations import _structure

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted({*(ROOT / "examples").glob("**/*.ir"), *(ROOT / "examples").glob("**/*.mlir"),
                *(ROOT / "tests" / "corpus").glob("**/*.mlir"), *(ROOT / "tests" / "corpus").glob("**/*.ir"),
                *(ROOT / "tests" / "lit").glob("**/*.mlir")})

SHAPES = {
    "bound values, successors, locations and a wide body": '''
func.func @f(%a: i32, %b: i1) -> i32 {
  %r:2 = "test.pair"(%a) {k = 1 : i32, "q-x" = unit} : (i32) -> (i32, i32) loc("k.py":3:0)
  %s = test.custom %r#1, %a <{mode = [1]}> {x = 2} : (i32, i32) -> i32 loc(#loc1)
  cf.cond_br %b, ^bb1(%s : i32), ^bb2
^bb1(%x: i32):
  %y = test.bind %i = %x : i32
  cf.br ^bb2
^bb2:
  %w = test.wide ''' + ", ".join("%a" for _ in range(3000)) + ''' : i32
  %u = test.use %undefined#3 : i32
  return %r#0 : i32
}
''',
    "declarations: symbols without regions": '''
func.func private @decl(i32) -> i32
llvm.func @ext(i32) -> i32
gpu.module @m {
  func.func private @inner(f32)
}
''',
    "the same op twice in one function": '''
func.func @g(%a: i32) {
  %c = arith.constant 8 : i32
  %d = arith.addi %a, %c : i32
  %d = arith.addi %a, %c : i32
  return
}
''',
}


def _index(lifted: Lifted) -> dict:
    """The source index with its keys numbered as `_structure` numbers them: ops in walk order,
    values in definition order (values no op of the unit defines by name), blocks in order."""
    ops = {op: i for i, op in enumerate(o for top in lifted.operations for o in top.walk())}
    values = value_numbers(lifted.operations)
    blocks = {b: i for i, b in enumerate(b for top in lifted.operations for o in top.walk()
                                          for r in o.regions for b in r.blocks)}
    regions = {r: i for i, r in enumerate(r for top in lifted.operations for o in top.walk() for r in o.regions)}

    def value(v):
        return (values[v], "", "") if v in values else (-1, v.name_hint or "", str(v.type))

    def block(b):
        return (blocks[b], "") if b in blocks else (-1, b.label or "")

    index = lifted.index
    return {
        "op_spans": [(ops[o], s) for o, s in index.op_spans.items()],
        "definitions": sorted((value(v), s) for v, s in index.definitions.items()),
        "uses": sorted((value(v), tuple(s)) for v, s in index.uses.items()),
        "undefined": index.undefined,
        "name_spans": [(ops[o], s) for o, s in index.name_spans.items()],
        "operand_spans": [(ops[o], s) for o, s in index.operand_spans.items()],
        "attribute_spans": [(ops[o], s) for o, s in index.attribute_spans.items()],
        "type_spans": sorted((value(v), s) for v, s in index.type_spans.items()),
        "operand_types": [(ops[o], s) for o, s in index.operand_types.items()],
        "bound": sorted(value(v) for v in index.bound),
        "labels": sorted((block(b), s) for b, s in index.labels.items()),
        "label_uses": sorted((block(b), tuple(s)) for b, s in index.label_uses.items()),
        "symbols": [(ops[o], s) for o, s in index.symbols.items()],
        "region_spans": sorted((regions[r], s) for r, s in index.region_spans.items()),
    }


def _lifts(text: str, memo: OpMemo | None) -> list[tuple[list, dict]]:
    analysis = DocumentAnalysis("file:///memo.mlir", text)
    out = []
    for unit in analysis.units:
        lifted = lift_statements(analysis.unit_nodes(unit), limit=unit.end, memo=memo)
        out.append((_structure(lifted.operations), _index(lifted)))
    return out


CASES = [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8", errors="replace")) for p in FILES] \
    + list(SHAPES.items())


def assert_the_memo_reads_as_the_text(read, text: str) -> None:
    """`read(text, memo)` is the same with ops taken from a memo as with none: a memo filled
    from the text one line down (every op remembered one line away), and from the text itself."""
    fresh = read(text, None)
    moved = OpMemo()
    read("// one line down\n" + text, moved)
    assert read(text, moved) == fresh
    itself = OpMemo()
    assert read(text, itself) == fresh
    assert read(text, itself) == fresh          # now every op without regions from the memo


@pytest.mark.parametrize("name, text", CASES, ids=[name for name, _ in CASES])
def test_ops_taken_from_the_memo_lift_as_ops_read_again(name: str, text: str) -> None:
    assert_the_memo_reads_as_the_text(_lifts, text)


def test_the_memo_keeps_the_last_ops_read() -> None:
    memo = OpMemo(capacity=2)
    _lifts(SHAPES["the same op twice in one function"], memo)
    assert len(memo._table) == 2
