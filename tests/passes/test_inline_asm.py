"""convert-cute-nvgpu-to-ptx binds an MMA atom's operands to its inline assembly by constraints,
and a cp.async, ldmatrix or stmatrix copy's (passes/inline_asm.py, emit/ptx.inline_asm): the
lowered IR is one an LLVM backend compiles.

When Debian trixie's MLIR 22 tools are unpacked (`../shared/bench/setup_mlir_peer.sh`, default
/tmp/mlirpeer), the lowered kernels go through `mlir-opt-22 --convert-to-llvm`,
`mlir-translate-22 --mlir-to-llvmir` and `llc-22 -march=nvptx64`, and ptxas assembles the PTX
LLVM wrote; the tests skip when the tools are absent (the project never needs them)."""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.emit.ptx import InlineAsm, enumerate_configs, inline_asm
from cute_ir.features.lowered import lower
from cute_ir.tables.legality import AtomConfig
from tests.conftest import REPO
from tests.emit.page_examples import PAGE_EXAMPLE as THE_PAGE
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble

PEER = Path(os.environ.get("MLIR_PEER_DIR", "/tmp/mlirpeer")) / "bin"
TOOLS = {name: PEER / f"{name}-22" for name in ("mlir-opt", "mlir-translate", "llc")}

# One function per MMA family whose operands are registers, and per copy whose operands bind, at
# the top level (what mlir-translate translates), each with the target ptxas assembles it for.
CASES = {
    "sm_80": """\
func.func @f16(%d: memref<4xf32>, %a: memref<8xf16>, %b: memref<4xf16>, %c: memref<4xf32>) {
  %m = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm80.mma
  cute_nvgpu.mma %m, %d, %a, %b, %c : (!cute_nvgpu.sm80.mma, memref<4xf32>, memref<8xf16>, memref<4xf16>, memref<4xf32>)
  return
}
func.func @f16acc(%d: memref<4xf16>, %a: memref<8xf16>, %b: memref<4xf16>) {
  %m = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 16], a_type = f16, b_type = f16, c_type = f16} : !cute_nvgpu.sm80.mma
  cute_nvgpu.mma %m, %d, %a, %b, %d : (!cute_nvgpu.sm80.mma, memref<4xf16>, memref<8xf16>, memref<4xf16>, memref<4xf16>)
  return
}
func.func @s8(%d: memref<4xi32>, %a: memref<16xi8>, %b: memref<8xi8>) {
  %m = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 32], a_type = i8, b_type = i8, c_type = i32} : !cute_nvgpu.sm80.mma
  cute_nvgpu.mma %m, %d, %a, %b, %d : (!cute_nvgpu.sm80.mma, memref<4xi32>, memref<16xi8>, memref<8xi8>, memref<4xi32>)
  return
}
func.func @sparse(%d: memref<4xf32>, %a: memref<4xf16>, %b: memref<4xf16>, %e: memref<1xi32>) {
  %sp = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm80.sparse_mma
  cute_nvgpu.mma %sp, %d, %a, %b, %d, %e : (!cute_nvgpu.sm80.sparse_mma, memref<4xf32>, memref<4xf16>, memref<4xf16>, memref<4xf32>, memref<1xi32>)
  return
}
""",
    "sm_90a": """\
func.func @cp_async(%g: memref<8xf16, 1>, %s: memref<8xf16, 3>) {
  %cp = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.simt_async_copy<16, cg>
  cute_nvgpu.copy %cp, %g, %s : (!cute_nvgpu.atom.simt_async_copy<16, cg>, memref<8xf16, 1>, memref<8xf16, 3>)
  return
}
func.func @ldmatrix(%s: memref<1024xf16, 3>, %frag: memref<8xf16>) {
  %ldsm = cute_nvgpu.make_copy_atom {val_type = f16, num_matrices = 4} : !cute_nvgpu.atom.ldsm<m8n8.x4>
  cute_nvgpu.copy %ldsm, %s, %frag : (!cute_nvgpu.atom.ldsm<m8n8.x4>, memref<1024xf16, 3>, memref<8xf16>)
  return
}
func.func @cp_async_offset(%g: memref<8xf16, strided<[1], offset: 8>, 1>, %s: memref<8xf16, strided<[1], offset: ?>, 3>) {
  %cp = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.simt_async_copy<16, cg>
  cute_nvgpu.copy %cp, %g, %s : (!cute_nvgpu.atom.simt_async_copy<16, cg>, memref<8xf16, strided<[1], offset: 8>, 1>, memref<8xf16, strided<[1], offset: ?>, 3>)
  return
}
func.func @cp_async_mapped(%g: memref<8xf16, 1>, %s: memref<8xf16, affine_map<(d0) -> (d0 + 8)>, 3>) {
  %cp = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.simt_async_copy<16, cg>
  cute_nvgpu.copy %cp, %g, %s : (!cute_nvgpu.atom.simt_async_copy<16, cg>, memref<8xf16, 1>, memref<8xf16, affine_map<(d0) -> (d0 + 8)>, 3>)
  return
}
func.func @universal(%g: memref<8xf16, 1>, %h: memref<8xf16, 1>) {
  %cp = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.universal_copy<f16, 128 b>
  cute_nvgpu.copy %cp, %g, %h : (!cute_nvgpu.atom.universal_copy<f16, 128 b>, memref<8xf16, 1>, memref<8xf16, 1>)
  return
}
func.func @narrow(%g: memref<4xi8, 1>, %r: memref<4xi8>, %h: memref<4xf16, 1>, %rh: memref<4xf16>, %f8: memref<4xf8E4M3FN, 1>, %rf8: memref<4xf8E4M3FN>) {
  %ld8 = cute_nvgpu.make_copy_atom {val_type = i8} : !cute_nvgpu.atom.g2r<i8 copy_bits = 8>
  cute_nvgpu.copy %ld8, %g, %r : (!cute_nvgpu.atom.g2r<i8 copy_bits = 8>, memref<4xi8, 1>, memref<4xi8>)
  %st8 = cute_nvgpu.make_copy_atom {val_type = f8E4M3FN} : !cute_nvgpu.atom.r2g<f8E4M3FN copy_bits = 8>
  cute_nvgpu.copy %st8, %rf8, %f8 : (!cute_nvgpu.atom.r2g<f8E4M3FN copy_bits = 8>, memref<4xf8E4M3FN>, memref<4xf8E4M3FN, 1>)
  %ld16 = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.g2r<f16 copy_bits = 16>
  cute_nvgpu.copy %ld16, %h, %rh : (!cute_nvgpu.atom.g2r<f16 copy_bits = 16>, memref<4xf16, 1>, memref<4xf16>)
  %st16 = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.r2g<f16 copy_bits = 16>
  cute_nvgpu.copy %st16, %rh, %h : (!cute_nvgpu.atom.r2g<f16 copy_bits = 16>, memref<4xf16>, memref<4xf16, 1>)
  return
}
func.func @stmatrix(%frag: memref<8xf16>, %s: memref<1024xf16, 3>) {
  %stsm = cute_nvgpu.make_copy_atom {val_type = f16, num_matrices = 4} : !cute_nvgpu.atom.stsm<m8n8.x4>
  cute_nvgpu.copy %stsm, %frag, %s : (!cute_nvgpu.atom.stsm<m8n8.x4>, memref<8xf16>, memref<1024xf16, 3>)
  return
}
""",
    "sm_100a": """\
func.func @tmem(%t: memref<128xf32, 6>, %r: memref<32xf32>) {
  %ld = cute_nvgpu.make_copy_atom : !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>
  cute_nvgpu.copy %ld, %t, %r : (!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>, memref<128xf32, 6>, memref<32xf32>)
  %st = cute_nvgpu.make_copy_atom : !cute_nvgpu.atom.tmem_store<f32, 32 DP, 32 bit, x32>
  cute_nvgpu.copy %st, %r, %t : (!cute_nvgpu.atom.tmem_store<f32, 32 DP, 32 bit, x32>, memref<32xf32>, memref<128xf32, 6>)
  return
}
""",
    "sm_120a": """\
func.func @nvfp4(%d: memref<4xf32>, %a: memref<32xf4E2M1FN>, %b: memref<16xf4E2M1FN>, %sfa: memref<4xf8E4M3FN>, %sfb: memref<4xf8E4M3FN>) {
  %mma = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 64], vec_size = 16, a_type = f4E2M1FN, b_type = f4E2M1FN, c_type = f32, sf_type = f8E4M3FN} : !cute_nvgpu.SM120.mma_bs
  cute_nvgpu.mma %mma, %d, %a, %b, %d, %sfa, %sfb : (!cute_nvgpu.SM120.mma_bs, memref<4xf32>, memref<32xf4E2M1FN>, memref<16xf4E2M1FN>, memref<4xf32>, memref<4xf8E4M3FN>, memref<4xf8E4M3FN>)
  return
}
""",
}


def lowered(text: str, arch: str) -> str:
    result = lower(DocumentAnalysis("file:///mma.ir", text, settings=Settings(target_arch=arch)))
    assert result.ok, [d.message for d in result.diagnostics]
    return result.stages[-1].text


def test_the_mma_s_operands_are_bound_by_constraints_not_named_registers():
    text = lowered(CASES["sm_80"], "sm_80")
    asm = re.findall(r'asm_string = "([^"]*)", constraints = "([^"]*)"', text)
    assert len(asm) == 4 and "cute_nvgpu" not in text
    assert asm[0] == ("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, "
                      "{$8, $9}, {$10, $11, $12, $13};", "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f")
    assert asm[1][1] == "=r,=r,r,r,r,r,r,r,r,r"                   # f16 accumulators: packed pairs
    assert asm[2][1] == "=r,=r,=r,=r,r,r,r,r,r,r,r,r,r,r"          # s8 x s8 -> s32
    assert asm[3][0].endswith("{$8, $9, $10, $11}, $12, 0;") and asm[3][1] == "=f,=f,=f,=f,r,r,r,r,f,f,f,f,r"
    assert all("%" not in instruction for instruction, _ in asm)
    # The fragments' elements are loaded as the registers' types and D's stored back.
    assert '"vector.load"(%a, %0) : (memref<8xf16>, index) -> vector<2xf16>' in text
    assert '"llvm.bitcast"(%1) : (vector<2xf16>) -> i32' in text
    assert text.count('"llvm.extractvalue"') == 4 + 2 + 4 + 4 and '"memref.store"' in text


def test_wgmma_takes_its_descriptors_as_i64_and_accumulates_in_tied_registers():
    text = lowered(Path("examples/sm90_gemm_mainloop.ir").read_text(), "sm_90a")
    [ss, rs] = [asm for asm in re.findall(r'asm_string = "([^"]*)", constraints = "([^"]*)"', text)
                if asm[0].startswith("{\\n.reg .pred scale_d")]
    outputs, tied = ",".join(["=f"] * 64), ",".join(str(i) for i in range(64))
    assert ss[1] == f"{outputs},{tied},l,l,r" and rs[1] == f"{outputs},{tied},r,r,r,r,l,r"
    assert "setp.ne.b32 scale_d, $130, 0;" in ss[0] and "$128, $129, scale_d, 1, 1, 0, 0;" in ss[0]
    # The descriptor's type as MLIR's parser resolves `!desc_a`: the passes see no alias.
    desc_a = "!cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, #cute.layout<(64, 16):(16, 1)>>"
    assert f'"builtin.unrealized_conversion_cast"(%a) : ({desc_a}) -> i64' in text


def test_a_copy_s_memory_sides_are_bound_by_their_addresses_and_its_fragment_by_registers():
    text = lowered(CASES["sm_90a"], "sm_90a")
    asm = re.findall(r'asm_string = "([^"]*)", constraints = "([^"]*)"', text)
    assert "cute_nvgpu" not in text
    cp_async = ("cp.async.cg.shared.global [$0], [$1], 16;\\ncp.async.commit_group;\\ncp.async.wait_group 0;", "r,l")
    assert asm == [
        cp_async,
        ("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,r"),
        cp_async,                                   # of memrefs with offsets (below)
        cp_async,                                   # into a memref with an affine map (below)
        ("{\\n.reg .b32 %copy<4>;\\nld.global.v4.b32 {%copy0, %copy1, %copy2, %copy3}, [$0];\\n"
         "st.global.v4.b32 [$1], {%copy0, %copy1, %copy2, %copy3};\\n}", "l,l"),     # a universal copy
        # 8- and 16-bit ones: an element in a 16-bit register (a byte in its low half)
        ("ld.global.b8 $0, [$1];", "=h,l"), ("st.global.b8 [$0], $1;", "l,h"),
        ("ld.global.b16 $0, [$1];", "=h,l"), ("st.global.b16 [$0], $1;", "l,h"),
        ("stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], {$1, $2, $3, $4};", "r,r,r,r,r")]
    # Shared memory by its 32-bit address, global memory by its 64-bit one.
    assert '"memref.extract_aligned_pointer_as_index"(%s) : (memref<8xf16, 3>) -> index' in text
    assert '"memref.extract_aligned_pointer_as_index"(%g) : (memref<8xf16, 1>) -> index' in text
    assert text.count('"arith.index_cast"') == 14 and text.count("(index) -> i64") == 9
    # ldmatrix's four registers are stored into the fragment, stmatrix's loaded from it.
    assert text.count('"vector.store"') == 4 and text.count('"vector.load"') == 4
    # A byte enters zero-extended and leaves truncated; an f8 element as its bits.
    assert '"arith.trunci"(%' in text and '-> i8' in text and '"arith.extui"(%' in text
    assert '"arith.bitcast"(%' in text and "(f8E4M3FN) -> i8" in text


def test_a_copy_of_a_memref_with_an_offset_is_bound_past_its_offset():
    # Its aligned pointer is not its first element's address: the strided metadata's offset,
    # in elements, moves it (16 bytes for 8 f16 elements; a dynamic offset the same way).
    one = CASES["sm_90a"].split("func.func @ldmatrix")[0].split("func.func @cp_async_offset")[0]
    for layout in ("strided<[1], offset: 8>", "strided<[1], offset: ?>"):
        text = lowered(one.replace("memref<8xf16, 3>", f"memref<8xf16, {layout}, 3>"), "sm_90a")
        asm = re.findall(r'asm_string = "([^"]*)", constraints = "([^"]*)"', text)
        assert asm[0][1] == "r,l" and asm[0][0].startswith("cp.async.cg.shared.global [$0], [$1], 16;")
        assert (f'"memref.extract_strided_metadata"(%s) : (memref<8xf16, {layout}, 3>) -> '
                "(memref<f16, 3>, index, index, index)") in text
        assert '<{value = 2 : index}>' in text and text.count('"arith.muli"') == 1 and text.count('"arith.addi"') == 1


def test_a_copy_of_a_memref_with_a_linear_affine_map_is_bound_where_the_map_puts_its_first_element():
    one = CASES["sm_90a"].split("func.func @ldmatrix")[0]
    text = lowered(one.replace("memref<8xf16, 3>", "memref<8xf16, affine_map<(d0) -> (d0 + 8)>, 3>"), "sm_90a")
    asm = re.findall(r'asm_string = "([^"]*)", constraints = "([^"]*)"', text)
    assert asm[0][1] == "r,l" and asm[0][0].startswith("cp.async.cg.shared.global [$0], [$1], 16;")
    # 8 f16 elements past the aligned pointer: 16 bytes.
    assert '<{value = 16 : index}>' in text and text.count('"arith.addi"') == 1


def unbound(text: str, arch: str) -> tuple[str, list[tuple[str, str]], list[tuple[str, str]]]:
    """The lowered IR of `text`, what the lowering reports and what the editor (and `check`)
    report, each as (code, message): an op whose operands do not bind stays as written."""
    analysis = DocumentAnalysis("file:///mma.ir", text, settings=Settings(target_arch=arch))
    result = lower(analysis)
    assert result.ok, [d.message for d in result.diagnostics]
    said = [(d.code, d.message) for d in result.diagnostics if d.code == "lower.not-lowered"]
    shown = [(d.code, d.message) for d in analysis.diagnostics() if d.code == "lower.not-lowered"]
    assert 'constraints = ""' not in result.stages[-1].text
    return result.stages[-1].text, said, shown


def test_a_copy_of_a_memref_with_a_cute_layout_is_bound_at_its_pointer():
    # A CuTe layout sends coordinate 0 to offset 0: the first element is at the aligned pointer.
    one = CASES["sm_90a"].split("func.func @ldmatrix")[0]
    text = lowered(one.replace("memref<8xf16, 3>", "memref<8xf16, #cute.layout<(8):(1)>, 3>"), "sm_90a")
    asm = re.findall(r'asm_string = "([^"]*)", constraints = "([^"]*)"', text)
    assert asm[0][1] == "r,l" and '"arith.addi"' not in text


@pytest.mark.parametrize("layout", ["affine_map<(d0) -> (d0 floordiv 2)>", "affine_map<(d0)[s0] -> (d0 + s0)>"])
def test_a_copy_of_a_memref_whose_affine_map_does_not_say_where_it_starts_stays_and_says_why(layout):
    one = CASES["sm_90a"].split("func.func @ldmatrix")[0]
    text, said, shown = unbound(one.replace("memref<8xf16, 3>", f"memref<8xf16, {layout}, 3>"), "sm_90a")
    assert "cute_nvgpu.copy %cp" in text and "llvm.inline_asm" not in text
    reason = (f"`cute_nvgpu.copy` is not lowered: its operands do not bind to the instruction's constraints: "
              f"a memref<8xf16, {layout}, 3> operand is not a memref whose first element's address is known")
    assert said == shown == [("lower.not-lowered", reason)]


def test_an_unbindable_operand_behind_a_type_alias_is_reported_by_the_editor_and_the_lowering_alike():
    one = "!smem = memref<8xf16, affine_map<(d0) -> (d0 floordiv 2)>, 3>\n" + \
        CASES["sm_90a"].split("func.func @ldmatrix")[0].replace("memref<8xf16, 3>", "!smem")
    text, said, shown = unbound(one, "sm_90a")
    assert "cute_nvgpu.copy %cp" in text and len(said) == 1 and said[0][1].endswith(
        "a memref<8xf16, affine_map<(d0) -> (d0 floordiv 2)>, 3> operand is not a memref whose first element's "
        "address is known")
    # The editor checks the IR as written, reading `!smem` through the aliases as the run does.
    assert shown == said


@pytest.mark.parametrize("map_, binds", [("affine_map<(d0) -> (d0 floordiv 2)>", False), ("affine_map<(d0) -> (d0 + 8)>", True)])
def test_an_attribute_alias_in_an_operand_s_type_is_read_by_the_editor_and_the_lowering_alike(map_, binds):
    # `#m` in a memref type: the editor's check in place reads it through the document's
    # aliases (attribute aliases too), as the run, which resolved them, does.
    one = f"#m = {map_}\n" + CASES["sm_90a"].split("func.func @ldmatrix")[0].replace("memref<8xf16, 3>", "memref<8xf16, #m, 3>")
    text, said, shown = unbound(one, "sm_90a")
    assert ("llvm.inline_asm" in text) is binds
    assert shown == said and len(said) == (0 if binds else 1)
    if not binds:
        assert said[0][1].endswith(f"a memref<8xf16, {map_}, 3> operand is not a memref whose first element's address is known")


IM2COL = """\
func.func @conv(%t: memref<8x32x32x64xf16, 1>, %l: !cute.layout<"(64,32,1,1):(1,64,2048,65536)">,
                %tile: !cute.layout<"S<3,4,3> o 0 o (64,32):(1,64)">, %cta_map: !cute.layout<"(64,32):(1,64)">,
                %mbar: memref<1xi64, 3>, %smem: memref<2048xf16, 3>, %at: !cute.coord<"(0,64,1,2,3,4)">, %v: vector<6xi32>) {
  %desc = nv_tileas.make_tiled_tma_desc %t, %l shapes() strides() paddings() {mode = #cute_nvgpu.tma_load_mode<im2col>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_im2col
  %load = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map
  %exec = cute_nvgpu.atom.make_exec_tma %load, %mbar
  cute_nvgpu.atom.tma_load %exec, %smem, %at
  cute_nvgpu.atom.tma_load %exec, %smem, %v
  return
}
"""


def test_an_im2col_load_binds_its_offsets_after_its_coordinates_as_16_bit_registers():
    text = lowered(IM2COL, "sm_90a")
    asm = re.findall(r'asm_string = "([^"]*)", constraints = "([^"]*)"', text)
    assert len(asm) == 2
    for instruction, constraints in asm:
        assert instruction == ("cp.async.bulk.tensor.4d.shared::cta.global.im2col.mbarrier::complete_tx::bytes"
                               ".L2::cache_hint [$0], [$1, {$2, $3, $4, $5}], [$7], {$8, $9}, $6;")
        assert constraints == "r,l,r,r,r,r,l,r,h,h"
    # A static coordinate's last two leaves are i16 constants, a vector's last two elements truncated.
    assert '<{value = 3 : i16}>' in text and '<{value = 4 : i16}>' in text
    assert '"vector.extract"(%v) <{static_position = array<i64: 5>}> : (vector<6xi32>) -> i32' in text
    assert text.count('"arith.trunci"') == 2 and "cute_nvgpu.atom" not in text


TMA = """\
func.func @tma(%t: memref<4096x4096xf16, 1>, %l: !cute.layout<"(64,128):(1,4096)">, %tile: !cute.layout<"S<3,4,3> o 0 o (64,8):(8,1)">,
               %cta_map: !cute.layout<"(64,8):(1,64)">, %mbar: memref<1xi64, 3>, %smem: memref<512xf16, 3>,
               %at: !cute.coord<"(0,64)">, %v: vector<2xi32>, %i: index) {
  %desc = nv_tileas.make_tiled_tma_desc %t, %l shapes() strides() paddings() {elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
  %load = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map
  %exec = cute_nvgpu.atom.make_exec_tma %load, %mbar
  cute_nvgpu.atom.tma_load %exec, %smem, %at
  %store = cute_nvgpu.atom.non_exec_tiled_tma_store %desc, %tile, %cta_map
  %exec_store = cute_nvgpu.atom.make_exec_tma %store, %mbar
  cute_nvgpu.atom.tma_store %exec_store, %smem, %v
  cute_nvgpu.atom.tma_store %exec_store, %smem, %i
  return
}
"""


def test_a_tma_transfer_binds_its_tile_tensor_map_coordinates_and_mbarrier():
    text = lowered(TMA, "sm_90a")
    asm = re.findall(r'asm_string = "([^"]*)", constraints = "([^"]*)"', text)
    policy = "1152921504606846976 : i64"       # evict_normal, the atom's default L2 policy
    assert asm[0] == ("cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint "
                      "[$0], [$1, {$2, $3}], [$5], $4;", "r,l,r,r,l,r")
    assert asm[1] == ("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group.L2::cache_hint [$1, {$2, $3}], [$0], $4;"
                      "\\ncp.async.bulk.commit_group;\\ncp.async.bulk.wait_group.read 0;", "r,l,r,r,l")
    # The tensor map is the descriptor the atom was built on, the mbarrier the one it binds; a
    # static coordinate's leaves are constants, a vector's elements are extracted.
    assert text.count('"builtin.unrealized_conversion_cast"(%desc) : (!cute_nvgpu.tma_descriptor_tiled) -> i64') == 3
    assert '"memref.extract_aligned_pointer_as_index"(%mbar) : (memref<1xi64, 3>) -> index' in text
    assert '<{value = 0 : i32}>' in text and '<{value = 64 : i32}>' in text and text.count(policy) == 3
    assert '"vector.extract"(%v) <{static_position = array<i64: 1>}> : (vector<2xi32>) -> i32' in text
    # One index for two dimensions is an element index over the tensor's static extents,
    # innermost first (CuTe's idx2crd): i mod 4096, then i div 4096.
    assert asm[2] == (asm[1][0], "r,l,r,r,l")
    assert '"arith.remui"(%i, %0) : (index, index) -> index' in text.replace(_index_constant(text, 4096), "%0")
    assert "cute_nvgpu.atom" not in text


def _index_constant(text: str, n: int) -> str:
    [name] = re.findall(rf'(%\w+) = "arith.constant"\(\) <{{value = {n} : index}}>', text)
    return name


# The TMA page's worked example: one `index` coordinate for a descriptor of a rank-3 tensor
# whose extents are given at run time (`shapes(%m, %n, %k)`).
PAGE_EXAMPLE = (
    "func.func @load(%tensor: memref<?x?x?xf16, 1>, %layout: !cute.layout<\"(64,16,4):(1,64,1024)\">,\n"
    "                %m: index, %n: index, %k: index, %sn: index, %sk: index,\n"
    "                %tile: !cute.layout<\"S<3,4,3> o 0 o (64,16):(16,1)\">, %cta_map: !cute.layout<\"(64,16):(1,64)\">,\n"
    "                %mbar: memref<1xi64, 3>, %smem_tile: memref<1024xf16, 3>, %coord: index, %c32: i32) {\n"
    + THE_PAGE + "cute_nvgpu.atom.tma_load %exec, %smem_tile, %c32\nreturn\n}\n")


def test_the_page_s_single_index_coordinate_is_the_element_index_over_the_descriptor_s_extents():
    text = lowered(PAGE_EXAMPLE, "sm_90a")
    asm = re.findall(r'asm_string = "([^"]*)", constraints = "([^"]*)"', text)
    load = ("cp.async.bulk.tensor.3d.shared::cta.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint "
            "[$0], [$1, {$2, $3, $4}], [$6], $5;", "r,l,r,r,r,l,r")
    assert asm == [load, load]
    # c0 = i mod m, c1 = (i div m) mod n, c2 = (i div m) div n: the extents shapes(...) gives,
    # innermost first as cuTensorMapEncodeTiled's globalDim.
    for line in ('%0 = "arith.remui"(%coord, %m) : (index, index) -> index',
                 '%1 = "arith.divui"(%coord, %m) : (index, index) -> index',
                 '%2 = "arith.remui"(%1, %n) : (index, index) -> index',
                 '%3 = "arith.divui"(%1, %n) : (index, index) -> index',
                 '"llvm.inline_asm"(%8, %9, %4, %5, %6, %10, %12)'):
        assert line in text
    assert [re.search(rf'{v} = "arith.index_cast"\((%\d+)\)', text).group(1) for v in ("%4", "%5", "%6")] == \
        ["%0", "%2", "%3"]
    # An i32 index is widened to an index first.
    assert '"arith.index_cast"(%c32) : (i32) -> index' in text
    assert "cute_nvgpu.atom" not in text


def test_an_index_coordinate_without_the_tensor_s_extents_stays_and_says_why():
    text, said, shown = unbound(PAGE_EXAMPLE.replace("shapes(%m, %n, %k)", "shapes()"), "sm_90a")
    # memref<?x?x?xf16> without shapes(...): the extents are not known, so nothing is made up.
    assert text.count("cute_nvgpu.atom.tma_load %exec") == 2 and "llvm.inline_asm" not in text
    reason = ("`cute_nvgpu.atom.tma_load` is not lowered: its operands do not bind to the instruction's constraints: "
              "an index coordinate needs the extents of the descriptor's tensor, which are neither static nor "
              "given by shapes(...)")
    assert said == shown == [("lower.not-lowered", reason)] * 2


_PTX_REG = {"h": ("b16", "%h"), "r": ("b32", "%r"), "l": ("b64", "%rd")}


@pytest.mark.parametrize("config", [
    AtomConfig("atom.tma_load", tma_rank=2),
    AtomConfig("atom.tma_load", tma_rank=3, multicast=True, multicast_ctas=4, tma_prefetch=True),
    AtomConfig("atom.tma_load", tma_rank=5, tma_cache_policy=None),
    AtomConfig("atom.tma_load", tma_rank=4, tma_mode="im2col"),
    AtomConfig("atom.tma_store", tma_rank=3, tma_mode="im2col_no_offs"),
    AtomConfig("atom.tma_store", tma_rank=2),
    AtomConfig("atom.tma_reduce", tma_rank=3, reduce_op="add"),
], ids=lambda c: c.label())
def test_a_bound_tma_instruction_assembles_with_registers_in_place_of_its_operands(config):
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    asm = inline_asm(config, "sm_90a")
    assert isinstance(asm, InlineAsm), asm
    text, declared = asm.text, []
    for n in reversed(range(len(asm.operands))):
        ptx_type, prefix = _PTX_REG[asm.operands[n].constraint]
        text = text.replace(f"${n}", f"{prefix}{n}")
        declared += [f".reg .{ptx_type} {prefix}{n};", f"mov.{ptx_type} {prefix}{n}, 0;"]
    kernel = "\n".join([".version 8.7", ".target sm_90a", ".address_size 64", ".visible .entry k()", "{",
                         *declared, text, "ret;", "}", ""])
    accepted, said = assemble(kernel, "sm_90a")
    assert accepted, said


def _kernel_of(asm: InlineAsm, name: str) -> list[str]:
    """`asm` in a kernel of its own, a register of its constraint's class for each operand."""
    text, declared = asm.text, []
    for i in reversed(range(len(asm.operands))):
        ptx_type, prefix = _PTX_REG[asm.operands[i].constraint.lstrip("=")]
        text = text.replace(f"${i}", f"{prefix}{i}")
        declared += [f".reg .{ptx_type} {prefix}{i};", f"mov.{ptx_type} {prefix}{i}, 0;"]
    return [f".visible .entry {name}()", "{", *declared, text, "ret;", "}"]


def test_every_universal_copy_that_binds_assembles_with_registers_in_place_of_its_operands():
    # The DSL's SIMT copies (each side's qualifiers, shared-memory sides, .mmio) and the generic
    # widths, one kernel each in one module; an 8-bit copy's byte in a 16-bit register.
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    configs = [c for c in enumerate_configs() if c.mnemonic == "atom.universal_copy"]
    configs += [AtomConfig("atom.universal_copy", copy_bits=bits) for bits in (8, 16, 32, 64, 128, 256)]
    kernels, unbound = [], []
    for n, config in enumerate(configs):
        asm = inline_asm(config, "sm_100a")
        if not isinstance(asm, InlineAsm):
            unbound.append(config.copy_bits)
            continue
        kernels += _kernel_of(asm, f"k{n}")
    assert unbound == [] and len(kernels) > 20 * 6
    accepted, said = assemble("\n".join([".version 8.8", ".target sm_100a", ".address_size 64", *kernels, ""]), "sm_100a")
    assert accepted, said


def test_every_tcgen05_instruction_binds_and_assembles_with_registers_in_place_of_its_operands():
    # tcgen05.mma (dense, sparse, block-scaled; A from a descriptor or tensor memory), tcgen05.ld /
    # st and tcgen05.cp, each in a kernel of its own, one module per target (the K = 96 FP4
    # forms are sm_103a's).
    configs = [c for c in enumerate_configs() if c.mnemonic in ("atom.tmem_load", "atom.tmem_store", "atom.s2t_copy")
               or (c.mnemonic or "").startswith("sm100.")]
    kernels: dict[str, list[str]] = {"sm_100a": [], "sm_103a": []}
    unbound = []
    for n, config in enumerate(configs):
        arch, asm = next(((arch, asm) for arch in kernels for asm in [inline_asm(config, arch)]
                          if isinstance(asm, InlineAsm)), (None, inline_asm(config, "sm_100a")))
        if arch is None:
            unbound.append((config.label(), asm))
            continue
        kernels[arch] += _kernel_of(asm, f"k{n}")
    assert unbound == [] and len(kernels["sm_100a"]) > 50 and kernels["sm_103a"]
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    for arch, found in kernels.items():
        accepted, said = assemble("\n".join([".version 8.8", f".target {arch}", ".address_size 64", *found, ""]), arch)
        assert accepted, said


@pytest.mark.parametrize("arch", sorted(CASES))
def test_llvm_compiles_the_lowered_ir_and_ptxas_assembles_what_it_writes(tmp_path, arch):
    if not all(tool.exists() for tool in TOOLS.values()):
        pytest.skip(f"MLIR 22 tools not found under {PEER} (../shared/bench/setup_mlir_peer.sh unpacks them)")
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    source = tmp_path / "lowered.mlir"
    source.write_text(lowered(CASES[arch], arch))

    def run(*argv: str) -> None:
        done = subprocess.run(list(map(str, argv)), capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr

    run(TOOLS["mlir-opt"], source, "--expand-strided-metadata", "--convert-to-llvm", "--reconcile-unrealized-casts", "-o", tmp_path / "llvm.mlir")
    run(TOOLS["mlir-translate"], "--mlir-to-llvmir", tmp_path / "llvm.mlir", "-o", tmp_path / "k.ll")
    run(TOOLS["llc"], "-march=nvptx64", f"-mcpu={arch}", "-mattr=+ptx87", tmp_path / "k.ll", "-o", tmp_path / "k.ptx")
    ptx = (tmp_path / "k.ptx").read_text()
    assert len(re.findall(r"^\s*(?:mma\.(?:sync|sp)|cp\.async\.c[ag]\.|ldmatrix\.|stmatrix\.|st\.global\.v4\.b32|"
                          r"(?:ld|st)\.global\.b(?:8|16)\b|tcgen05\.(?:ld|st)\.)", ptx, re.M)) == \
        CASES[arch].count("cute_nvgpu.mma ") + CASES[arch].count("cute_nvgpu.copy ")
    accepted, said = assemble(ptx, arch)
    assert accepted, said


def test_a_umma_and_its_tensor_memory_load_are_bound_by_constraints():
    text = lowered((REPO / "examples" / "sm100_umma.ir").read_text(), "sm_100a")
    asm = re.findall(r'asm_string = "([^"]*)", constraints = "([^"]*)"', text)
    assert asm[0] == ("{\\n.reg .pred enable_d;\\nsetp.ne.b32 enable_d, $4, 0;\\ntcgen05.mma.cta_group::1.kind::f16"
                      ".collector::a::discard [$0], $1, $2, $3, enable_d;\\n}", "r,l,l,r,r")
    assert asm[1][0].startswith("tcgen05.ld.sync.aligned.32x32b.x32.b32 {$0, $1,")
    assert asm[1][0].endswith("}, [$32];\\ntcgen05.wait::ld.sync.aligned;") and asm[1][1] == "=r," * 32 + "r"
    # D in tensor memory by its 32-bit address; the instruction descriptor a constant.
    assert '"memref.extract_aligned_pointer_as_index"(%d) : (memref<128x256xf32, 6>) -> index' in text
    assert text.count("(index) -> i32") == 2 and "cute_nvgpu.mma" not in text and "cute_nvgpu.copy" not in text


def test_a_sparse_block_scaled_umma_binds_its_scales_after_its_metadata():
    """(D, A, B, C, E, SFA, SFB): the scale factors are the two operands after the metadata."""
    view = "!cute_nvgpu.smem_desc_view<memref<{n}xf8E4M3FN, 3>, #cute.layout<({r}, {c}):({s}, {t})>>"
    a, b = view.format(n=4096, r=128, c=32, s=32, t=1), view.format(n=8192, r=64, c=128, s=1, t=64)
    types = (f"!cute_nvgpu.sm100.mma_bs_sp, memref<128x128xf32, 6>, {a}, {b}, memref<128x128xf32, 6>, "
             "memref<128x4xi32, 6>, memref<128x4xf8E8M0FNU, 6>, memref<128x4xf8E8M0FNU, 6>")
    text = lowered(f"""\
func.func @sparse_scaled(%d: memref<128x128xf32, 6>, %a: {a}, %b: {b}, %e: memref<128x4xi32, 6>, %sfa: memref<128x4xf8E8M0FNU, 6>, %sfb: memref<128x4xf8E8M0FNU, 6>) {{
  %m = cute_nvgpu.make_mma_atom {{shape_MNK = [128, 128, 64], a_type = f8E4M3FN, b_type = f8E4M3FN, c_type = f32, vec_size = 32, sf_type = f8E8M0FNU}} : !cute_nvgpu.sm100.mma_bs_sp
  cute_nvgpu.mma %m, %d, %a, %b, %d, %e, %sfa, %sfb : ({types})
  return
}}
""", "sm_100a")
    for operand in ("%e", "%sfa", "%sfb"):
        assert f'"memref.extract_aligned_pointer_as_index"({operand})' in text, operand
    assert "cute_nvgpu.mma" not in text
