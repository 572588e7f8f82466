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


def _described(form, base: int):
    """A form with each node as its kind, text and place relative to the op (`base`)."""
    def node(n):
        return None if n is None else (n.type, n.text, n.start_byte - base, n.end_byte - base)
    return (
        [[node(use) for use in group] for group in form.operands] if form.operands is not None else None,
        form.operand_types, form.result_types, {name: node(n) for name, n in form.attributes.items()},
        form.attribute_types, form.complete, form.in_dictionary,
        {start - base: text for start, text in form.use_types.items()}, form.results, form.read,
        {name: node(n) for name, n in form.type_nodes.items()},
        [form.use_start(i) - base if form.use_start(i) is not None else None for i in range(4)])


@pytest.mark.parametrize("line", [
    b"%x = arith.cmpi slt, %v, %w {tag = 1 : i32} : i32",
    b"memref.store %c, %m[%i] : memref<4xf32>",
    b'%x = "arith.addi"(%v, %w) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32',
    b"%x = llvm.extractvalue %s[1] : !llvm.struct<(i32, f32)>",
    b"%x = gpu.wait async [%t]",
])
def test_a_form_read_again_for_the_same_text_is_read_from_its_own_op(line: bytes) -> None:
    """The form of an op whose text was read before (`read_form`'s `text`) is what reading it
    afresh gives, its nodes those of its own tree at its own place."""
    from cute_ir.ir.op_form import read_form
    from cute_ir.syntax.parser import parse

    data = b"  " + line + b"\n" + b"    " + line + b"\n"
    ops = [n for n in parse(data).tree.root_node.named_children if n.type == "operation"]
    assert len(ops) == 2 and all(op.text == line for op in ops)
    name = ops[0].child_by_field_name("name").text.decode().strip('"')
    generic = ops[0].child_by_field_name("name").type == "string"
    op_record = record(name)
    fresh = [_described(read_form(op, op_record, generic), op.start_byte) for op in ops]
    kept = [_described(read_form(op, op_record, generic, op.text), op.start_byte) for op in ops]
    again = read_form(ops[1], op_record, generic, ops[1].text)
    assert kept == fresh and fresh[0] == fresh[1]
    assert all(n is None or n.start_byte >= ops[1].start_byte for n in again.attributes.values())
