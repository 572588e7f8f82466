"""A lift that takes ops from the memo (`OpMemo`: what an op without regions says, by its
shape, ir/op_shape.py) gives what a lift reading every op gives: the same IR, printed the same,
and the same source index, wherever the remembered ops were first read and whatever they named
their values. Checked for every unit of every example, corpus dump and lit input and of the
upstream-dialect bench file, with the memo filled from the same text moved down a line, from
the text itself, from the text with every value renamed (names shorter and longer), and from
another file first."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.ir.core import value_numbers
from cute_ir.ir.lift import Lifted, OpMemo, lift_statements
from cute_ir.ir.op_shape import Shape, shape_of
from cute_ir.ir.printer import print_ops

from tests.ir.test_copy_operations import WITH_LOCATIONS, _structure

ROOT = Path(__file__).resolve().parents[2]
UPSTREAM_GENERATOR = ROOT.parent / "shared" / "bench" / "gen_upstream_mlir.py"
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
    "names in strings, comments, attributes and locations": '''
func.func @h(%a: i32, %bb: i32, %c.d-e$f: i32) {
  %0 = "test.s"(%a) {s = "%a and \\"%bb\\"", t = "//%c"} : (i32) -> i32 loc("%a.py":1:2)
  %1 = "test.s"(%bb) {s = "%bb and \\"%a\\"", t = "//%c"} : (i32) -> i32 loc("%a.py":1:2)
  %2 = test.c %0, // %a in a comment
         %1 : i32
  %3 = test.c %1, // %bb in a comment
         %0 : i32
  %p = pdl.operation {"attr" = %a} -> (%bb : i32)
  %q = pdl.operation {"attr" = %bb} -> (%a : i32)
  %r:2 = "test.pair"(%c.d-e$f) : (i32) -> (i32, i32)
  %s = test.mix %r#1, %r#0, %c.d-e$f#0 {k = 1} : i32 loc(#loc1)
  %t = test.mix %0#1, %3#0, %c.d-e$f#0 {k = 1} : i32 loc(#loc1)
  %u = test.bind %i = %a, %j = %s : i32
  %v = test.bind %iv_long = %bb, %j = %t : i32
  return
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
        out.append((_structure(lifted.operations), print_ops(lifted.operations, WITH_LOCATIONS), _index(lifted)))
    return out


def _renamed(text: str) -> str:
    """`text` with every value name (and whatever else starts with `%`, in strings and comments
    too) renamed, each to a name of another length than its own."""
    names: dict[str, str] = {}

    def rename(match: re.Match) -> str:
        name = match.group(0)
        if name not in names:
            names[name] = f"%{'q' * (len(name) % 3 + 1)}{len(names)}" if len(name) < 5 else f"%{len(names)}"
        return names[name]
    return re.sub(r"%[A-Za-z0-9_$.\-]+", rename, text)


def _upstream(lines: int, where: Path) -> str:
    if not UPSTREAM_GENERATOR.exists():
        pytest.skip(f"{UPSTREAM_GENERATOR} is not on this machine")
    out = where / "upstream.mlir"
    subprocess.run([sys.executable, str(UPSTREAM_GENERATOR), str(lines), str(out)], check=True,
                   capture_output=True, timeout=60)
    return out.read_text()


CASES = [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8", errors="replace")) for p in FILES] \
    + list(SHAPES.items())


def assert_the_memo_reads_as_the_text(read, text: str, other: str | None = None) -> None:
    """`read(text, memo)` is the same with ops taken from a memo as with none: a memo filled
    from the text one line down (every op remembered one line away), from the text itself, from
    the text with its values renamed, and from `other` (another file, renamed) first."""
    fresh = read(text, None)
    moved = OpMemo()
    read("// one line down\n" + text, moved)
    assert read(text, moved) == fresh
    itself = OpMemo()
    assert read(text, itself) == fresh
    assert read(text, itself) == fresh          # now every op without regions from the memo
    renamed = OpMemo()
    read(_renamed(text), renamed)
    assert read(text, renamed) == fresh
    if other is not None:
        another = OpMemo()
        read(_renamed(other), another)
        assert read(text, another) == fresh


@pytest.mark.parametrize("name, text", CASES, ids=[name for name, _ in CASES])
def test_ops_taken_from_the_memo_lift_as_ops_read_again(name: str, text: str) -> None:
    # The memo filled from another file first: the file before this one (the last for the first).
    other = CASES[[n for n, _ in CASES].index(name) - 1][1]
    assert_the_memo_reads_as_the_text(_lifts, text, other)


def test_the_upstream_bench_file_lifts_alike_from_the_memo(tmp_path: Path) -> None:
    """The upstream-dialect bench file (its 40-line functions repeat under their own names),
    and a memo filled from the real dumps first."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from real_dumps import concatenated
    finally:
        sys.path.remove(str(ROOT / "bench"))
    assert_the_memo_reads_as_the_text(_lifts, _upstream(2000, tmp_path), concatenated(3000))


def test_one_shape_is_read_once() -> None:
    """Ops that differ by their value names only are kept once; an op whose names are read
    elsewhere too (an attribute's value, pdl's) is kept for its own text alone."""
    text = "\n".join(f"func.func @f{i}(%a{i}: i32) {{\n  %r{i * 37} = arith.addi %a{i}, %a{i} : i32\n"
                     f"  %p{i} = pdl.operation {{\"attr\" = %a{i}}}\n  return\n}}" for i in range(12))
    memo = OpMemo()
    _lifts(text, memo)
    kept = {key: shape for key, shape in memo._table.items() if isinstance(shape, Shape)}
    adds = [shape for shape in kept.values() if shape.written.name == "arith.addi"]
    assert len(adds) == 1 and adds[0].shared
    assert all(not shape.shared for shape in kept.values() if shape.written.name == "pdl.operation")


@pytest.mark.parametrize("text, shape, names", [
    (b"%0 = arith.addi %a, %b#1 : i32", b"% = arith.addi %, %#1 : i32", ((0, 2), (16, 18), (20, 22))),
    (b'%x = "t.s"() {s = "%y \\" %z", c = 1} : () -> i32 // %w', b'% = "t.s"() {s = "%y \\" %z", c = 1} : () -> i32 // %w',
     ((0, 2),)),
    (b"test.op : i32", b"test.op : i32", ()),
])
def test_a_shape_cuts_the_value_names_only(text: bytes, shape: bytes, names) -> None:
    assert shape_of(text) == (shape, names)


def test_the_memo_keeps_the_last_ops_read() -> None:
    memo = OpMemo(capacity=2)
    _lifts(SHAPES["the same op twice in one function"], memo)
    assert len(memo._table) == 2
