"""Custom forms read by their ODS assembly format (server/cute_ir/ir/op_form.py): the type each
value gets where the text states it or the format's parser derives it (a constraint's buildable
type, `TypesMatchWith`, `getI1SameShape`, an LLVM aggregate's element), checked through the SSA
type comparison. Each expected message and place is mlir-opt 22's own for the same input; the
last test runs mlir-opt 22 on every case when it is here."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.dialects.registry import record
from cute_ir.ir.op_form import parse_format
from tests.mlir_oracle import MLIR_OPT, needs_mlir_opt

# (function body using %v: i32 and the arguments below, the value, what a use expects, what
# its definition gives). The mismatch is always at the second line, column of the value.
_ARGS = "%m: memref<4xf32>, %i: index, %v: i32, %p: !llvm.ptr, %s: !llvm.struct<(i32, f32)>"
CASES = {
    "the element type of a memref (TypesMatchWith)": (
        "  %c = arith.constant 1 : i32\n  memref.store %c, %m[%i] : memref<4xf32>\n", "%c", "f32", "i32"),
    "a load's result from its memref": (
        "  %x = memref.load %m[%i] : memref<4xf32>\n  %y = arith.addi %x, %v : i32\n", "%x", "i32", "f32"),
    "a comparison's i1 (getI1SameShape)": (
        "  %x = arith.cmpi slt, %v, %v : i32\n  %y = arith.addi %x, %x : i32\n", "%x", "i32", "i1"),
    "a cast's result type (`: T to U`)": (
        "  %x = arith.index_cast %v : i32 to index\n  %y = arith.addi %x, %v : i32\n", "%x", "i32", "index"),
    "a token the format does not write (custom<AsyncDependencies>)": (
        "  %x = gpu.wait async\n  %y = arith.addi %x, %x : i32\n", "%x", "i32", "!gpu.async.token"),
    "a result type after `->`": (
        "  %x = llvm.load %p : !llvm.ptr -> f32\n  %y = arith.addi %x, %v : i32\n", "%x", "i32", "f32"),
    "an aggregate's element (custom<InsertExtractValueElementType>)": (
        "  %x = llvm.extractvalue %s[1] : !llvm.struct<(i32, f32)>\n  %y = arith.addi %x, %v : i32\n",
        "%x", "i32", "f32"),
}


def _text(body: str) -> str:
    return f"func.func @f({_ARGS}) {{\n{body}  return\n}}\n"


@pytest.mark.parametrize("name", CASES)
def test_a_type_the_format_gives_is_held_against_a_use(name: str) -> None:
    body, value, expects, prior = CASES[name]
    text = _text(body)
    diagnostics = [d for d in DocumentAnalysis("file:///f.mlir", text).diagnostics() if d.severity.name == "ERROR"]
    assert [d.message for d in diagnostics] == [
        f"use of value '{value}' expects different type than prior uses: '{expects}' vs '{prior}'"]
    data = text.encode()
    use = data.index(value.encode(), data.index(b"\n", data.index(b"\n") + 1) + 1)
    assert (diagnostics[0].span.start, diagnostics[0].span.end) == (use, use + len(value))
    assert [r.message for r in diagnostics[0].related] == ["prior use here"]


def test_the_same_ops_written_consistently_are_clean() -> None:
    text = _text("  %c = arith.constant 1.0 : f32\n  memref.store %c, %m[%i] : memref<4xf32>\n"
                 "  %x = memref.load %m[%i] : memref<4xf32>\n  %y = arith.addf %x, %c : f32\n"
                 "  %b = arith.cmpi slt, %v, %v : i32\n  %z = arith.select %b, %v, %v : i32\n"
                 "  %e = llvm.extractvalue %s[1] : !llvm.struct<(i32, f32)>\n  %w = arith.addf %e, %x : f32\n")
    assert [d.message for d in DocumentAnalysis("file:///f.mlir", text).diagnostics()] == []


def test_formats_of_the_records_are_read() -> None:
    """Every format of the ops the DSL's dumps use most parses; an unknown directive is None."""
    for name in ("arith.addi", "arith.cmpi", "arith.constant", "memref.load", "memref.store", "scf.yield",
                 "llvm.load", "llvm.extractvalue", "gpu.wait", "nvvm.read.ptx.sreg.tid.x", "vector.broadcast"):
        assert parse_format(record(name).format) is not None, name
    assert parse_format("$x oilist(`a` $y)") is None


@needs_mlir_opt
def test_mlir_opt_says_the_same(tmp_path: Path) -> None:
    for name, (body, value, expects, prior) in CASES.items():
        path = tmp_path / "case.mlir"
        path.write_text(_text(body))
        out = subprocess.run([MLIR_OPT, str(path), "-o", "/dev/null"], capture_output=True, text=True).stderr
        assert ("case.mlir:3:" in out and f"error: use of value '{value}' expects different type than prior "
                f"uses: '{expects}' vs '{prior}'" in out), (name, out)
