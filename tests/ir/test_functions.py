"""A function's signature read from its custom form, changed and written back
(ir/functions.py), and attribute names that need quotes."""
from __future__ import annotations

from cute_ir.ir.core import UNIT, Attribute, Operation, Type
from cute_ir.ir.custom_form import write_attributes
from cute_ir.ir.functions import FunctionHeader, new_function
from cute_ir.ir.lift import lift
from cute_ir.ir.printer import print_ops
from cute_ir.syntax.parser import parse

KERNEL = (b'func.func @k(%a: memref<4xf16, 1> {llvm.noalias, x.y = {z = 1}}, %n: index) -> (i32) '
          b'attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {\n'
          b'  %c = arith.constant 1 : i32\n  return %c : i32\n}\n')


def _lifted(source: bytes):
    return lift(parse(source).root).operations


def test_reads_argument_attributes_and_what_follows_the_arguments():
    [function] = _lifted(KERNEL)
    header = FunctionHeader.read(function)
    assert header.symbol == "@k" and header.trailer == "-> (i32)"
    assert header.argument_attributes == [{"llvm.noalias": UNIT, "x.y": Attribute("{z = 1}")}, {}]


def test_an_appended_argument_and_a_new_attribute_print_and_parse_back_the_same():
    [function] = _lifted(KERNEL)
    header = FunctionHeader.read(function)
    header.add_argument(Type("!llvm.ptr<1>"), {"cute_nvgpu.grid_constant": UNIT}, "p")
    function.attributes["nv_tileas.num-host-tmas"] = Attribute("1 : i32")
    header.write()
    text = print_ops([function])
    assert text.startswith('func.func @k(%a: memref<4xf16, 1> {llvm.noalias, x.y = {z = 1}}, %n: index, '
                           '%p: !llvm.ptr<1> {cute_nvgpu.grid_constant}) -> (i32) attributes '
                           '{nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>, '
                           '"nv_tileas.num-host-tmas" = 1 : i32} {\n')
    tree = parse(text.encode())
    assert not tree.root.has_error
    [again] = lift(tree.root).operations
    assert again.attributes["nv_tileas.num-host-tmas"] == Attribute("1 : i32")     # the key unquoted
    assert FunctionHeader.read(again).argument_attributes[2] == {"cute_nvgpu.grid_constant": UNIT}
    assert print_ops([again]) == text


def test_a_gpu_kernel_keeps_its_keyword_and_a_declaration_is_not_a_header():
    [kernel, declaration] = _lifted(b"gpu.func @g() kernel {\n  gpu.return\n}\nfunc.func private @d(i32)\n")
    header = FunctionHeader.read(kernel)
    header.add_argument(Type("index"), name_hint="n")
    header.write()
    assert print_ops([kernel]).startswith("gpu.func @g(%n: index) kernel {")
    assert FunctionHeader.read(declaration) is None


def test_a_new_function_prints_in_its_custom_form():
    function, header = new_function("@twin", [Type("index")], {"nv_tileas.host-code": UNIT}, "-> index")
    entry = function.regions[0].blocks[0]
    entry.arguments[0].name_hint = "n"
    entry.append(Operation("func.return", [entry.arguments[0]]))
    assert print_ops([function]) == ('func.func @twin(%n: index) -> index attributes {"nv_tileas.host-code"} {\n'
                                     '  "func.return"(%n) : (index) -> ()\n}\n')


def test_a_signature_over_several_lines_with_attributes_on_their_own_line_binds_its_arguments():
    [function] = _lifted(b"func.func @k(%a: index,\n             %b: index)\n    attributes {x} {\n"
                         b"  return\n}\n")
    header = FunctionHeader.read(function)
    assert [a.name_hint for a in header.arguments] == ["a", "b"] and "x" in function.attributes
    assert "<<unbound>>" not in print_ops([function])


def test_a_changed_attribute_is_written_into_the_op_s_own_form():
    source = (b"func.func @f(%v: memref<128xf32, 1>, %i: index) {\n"
              b"  %a = nv_tileas.tiled_load %v coords(%i) offsets() {tileSize = array<i64: 64>} : memref<128xf32, 1> -> tensor<64xf32>\n"
              b"  %b = nv_tileas.tiled_load %v coords(%i) offsets() : memref<128xf32, 1> -> tensor<64xf32>\n"
              b"  return\n}\n")
    [function] = _lifted(source)
    a, b = [op for op in function.walk() if op.name == "nv_tileas.tiled_load"]
    for op in (a, b):
        op.attributes["copy_atom"] = Attribute("#nv_tileas.copy_atom<ldg>")
        write_attributes(op)
    del a.attributes["tileSize"]
    write_attributes(a)
    lines = print_ops([function]).splitlines()
    assert lines[1] == ("  %a = nv_tileas.tiled_load %v coords(%i) offsets() {copy_atom = #nv_tileas.copy_atom<ldg>} "
                        ": memref<128xf32, 1> -> tensor<64xf32>")
    assert lines[2] == ("  %b = nv_tileas.tiled_load %v coords(%i) offsets() {copy_atom = #nv_tileas.copy_atom<ldg>} "
                        ": memref<128xf32, 1> -> tensor<64xf32>")
