"""The outline (features/outline.py) is read from the tree where the tree reads as the lift
reads it, and from the lifted unit elsewhere. Both readings must agree: for every unit of every
example, corpus dump, lit input and generated bench file, and for the shapes written below, the
symbols (names, kinds, details, ranges, nesting) and folds read from the tree are those the
lifted IR gives."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.dialects.ods import short_spellings
from cute_ir.dialects.registry import OPS, is_function, is_module
from cute_ir.features import outline

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted({*(ROOT / "examples").glob("**/*.ir"), *(ROOT / "examples").glob("**/*.mlir"),
                *(ROOT / "tests" / "corpus").glob("**/*.mlir"), *(ROOT / "tests" / "corpus").glob("**/*.ir"),
                *(ROOT / "tests" / "lit").glob("**/*.mlir")})

SHAPES = {
    "generic ops with regions, blocks and results": '''
"builtin.module"() ({
  %a:2 = "test.op"() ({
  ^bb0(%x: i32):
    "test.inner"() : () -> ()
  ^bb1:
    %m = "test.make"() : () -> !cute_nvgpu.atom.universal_copy<f16, 128 b>
  }) : () -> (i32, !cute_nvgpu.atom.universal_copy<f16, 32 b>)
}) : () -> ()
''',
    "an atom in the second group of results": '''
func.func @f() {
  %a, %b:2 = test.pair : i32, i32, !cute_nvgpu.atom.universal_copy<f16, 32 b>
  %c = test.cast %a : i32 to !cute_nvgpu.atom.universal_copy<f16, 64 b>
  %d = test.user(%c) : (!cute_nvgpu.atom.universal_copy<f16, 64 b>) -> i32
  %e = test.same %c <{mode = [1]}> : !cute_nvgpu.atom.universal_copy<f16, 64 b>
  return
}
''',
    "loops carrying atoms, nested functions and modules": '''
module {
  gpu.module @kernels {
    gpu.func @k(%n: index) kernel {
      %r = scf.for %i = %n to %n step %n iter_args(%s = %n) -> (!cute_nvgpu.atom.universal_copy<f16, 16 b>) {
        %in = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f16, 16 b>
        scf.yield %in : !cute_nvgpu.atom.universal_copy<f16, 16 b>
      }
      gpu.return
    }
  }
  func.func private @declared(i32) -> i32
  module @inner {
    llvm.func internal @g() { llvm.return }
  }
  memref.global "private" @buffer : memref<4xf32>
}
''',
    "regions in brackets and on one line": '''
func.func @one_line() { %x = scf.execute_region -> i32 { %c = arith.constant 0 : i32
  scf.yield %c : i32 } return }
%t = test.wrapped ({ test.a }, [{ test.b }]) : () -> !cute_nvgpu.atom.universal_copy<f16, 8 b>
''',
    "braces that open no region the lift takes": '''
func.func @braces() attributes {note = "{ x }", nested = {inner = {deep = 1}}} {
  %u = test.dict {key = {inner = 1}} : !cute_nvgpu.atom.universal_copy<f16, 16 b>
  %v = test.grouped { (%u) { test.hidden } } <{ test.angled }> : !cute_nvgpu.atom.universal_copy<f16, 32 b>
  test.quoted "{" { test.c } // { a comment
  %w = test.multi {a = 1}
      : !cute_nvgpu.atom.universal_copy<f16, 64 b>
  return
}
''',
    "atoms on one line, read by their text's pattern or not": '''
#l = loc("k.py":1:2)
func.func @one_line(%n: i32) {
  %a = cute_nvgpu.make_copy_atom {val_type = f16, num_matrices = 4} : !cute_nvgpu.atom.ldsm<m8n8.x4>
  %b = cute.make_atom %n, %n : !cute_nvgpu.i4<divby 2> loc(#l)
  %c = cute.make_atom : !cute_nvgpu.sm90.mma loc("k.py":3:4)
  %d:2 = test.two : !cute_nvgpu.sm90.mma, !cute_nvgpu.sm90.mma
  %e = test.cast %n : i32 to !cute_nvgpu.sm90.mma
  %f = test.attr {a = 1 : i32} : !cute_nvgpu.sm90.mma
  %g = test.layout : !cute_nvgpu.smem_desc_view<memref<8xf16>, #cute.layout<(8):(1)>>
  %h = test.later : !cute_nvgpu.sm90.mma extra
  %i = "test.generic"() : () -> !cute_nvgpu.sm90.mma
  %j = test.empty {} : !cute_nvgpu.sm90.mma
  return
}
''',
    "functions and modules by other names": '''
module {
  llvm.comdat @c {
    llvm.comdat_selector @s any
  }
  cuda.kernel @k() {
    cuda.return
  }
  tt.func @t() { tt.return }
  spirv.module Logical GLSL450 {
  }
}
''',
}


def _by_lift(analysis: DocumentAnalysis, unit, operations):
    lifted = analysis.lifted_unit(unit)
    data = analysis.document.data
    spans = [*lifted.index.op_spans.values(), *lifted.index.region_spans.values()]
    return (outline._collect(lifted.operations, lifted.index, data),
            {(s.start, s.end) for s in spans if b"\n" in data[s.start:s.end]})


def _comparable(symbol: outline.Symbol):
    return (symbol.name, symbol.kind, symbol.detail, symbol.span, symbol.selection,
            tuple(_comparable(child) for child in symbol.children))


def _assert_readings_agree(text: str) -> int:
    analysis = DocumentAnalysis("file:///outline.mlir", text, verify_budget=0)
    compared = 0
    for unit in analysis.units:
        operations = [n for n in analysis.unit_nodes(unit) if n.type == "operation"]
        if unit.shell or not operations or not outline._read_as_written(operations, unit.end):
            continue
        symbols, folds = outline._written_outline(operations, analysis.document.data, 0)
        want_symbols, want_folds = _by_lift(analysis, unit, operations)
        assert [_comparable(s) for s in symbols] == [_comparable(s) for s in want_symbols], unit.start
        assert {(f.start, f.end) for f in folds} == want_folds, unit.start
        compared += 1
    return compared


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_files_read_alike(path: Path):
    _assert_readings_agree(path.read_text(encoding="utf-8", errors="replace"))


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_shapes_read_alike(name: str):
    assert _assert_readings_agree(SHAPES[name]) >= 1


def test_generated_files_read_alike():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from generate_ir import generate
        from real_dumps import concatenated
    finally:
        sys.path.remove(str(ROOT / "bench"))
    assert _assert_readings_agree(generate(1500)) > 50
    assert _assert_readings_agree(concatenated(3000)) > 5


def test_the_shapes_outline_as_expected():
    """What the tree reading gives for the shapes, by name: an atom of a later result group,
    a cast's `to` type, ops whose operands alone are atoms not listed."""
    analysis = DocumentAnalysis("file:///o.mlir", SHAPES["an atom in the second group of results"])
    (function,) = outline.document_symbols(analysis)
    assert [(s.name, s.kind) for s in function.children] == [("%b", "atom"), ("%c", "atom"), ("%e", "atom")]


def test_every_function_and_module_name_holds_a_container_word():
    """An op whose text holds none of `CONTAINER_WORDS` is no function and no module: the tree
    reading passes over ops that hold nothing else the outline shows without reading them."""
    names = [s for op in OPS for s in (op.name, *short_spellings(op.name))] + ["func", "tt.func", "spirv.module"]
    containers = [name for name in names if is_function(name) or is_module(name)]
    assert {"func.func", "module", "cuda.kernel", "tt.func", "spirv.module"} <= set(containers)
    for name in containers:
        assert any(word.decode() in name for word in outline.CONTAINER_WORDS), name


def test_a_broken_unit_is_read_from_its_lift():
    text = ('func.func @f() {\n  %a = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f16, 16 b>\n'
            '  %b = "x.y"(%a : () ->\n}\n')
    analysis = DocumentAnalysis("file:///o.mlir", text)
    unit = next(u for u in analysis.units if not u.shell)
    operations = [n for n in analysis.unit_nodes(unit) if n.type == "operation"]
    assert not outline._read_as_written(operations, unit.end)
    (function,) = outline.document_symbols(analysis)
    assert function.name == "@f" and [s.name for s in function.children] == ["%a"]
