"""PTX of a TileAS kernel after the default pipeline (emit/tileas_kernel.py, `cute-ir lower
--emit ptx`): the descriptor parameters, prefetch, bulk-tensor loads and stores, and ptxas
accepting the module on sm_90a and sm_100a."""
from __future__ import annotations

import json
import re

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.cli import main
from cute_ir.dialects.nv_tileas.async_tma import is_kernel
from cute_ir.emit.tileas_kernel import emit_tileas_kernel, launch_parameters
from cute_ir.features.lowered import lower
from cute_ir.ir.functions import function_symbol
from cute_ir.ir.lift import lift
from cute_ir.syntax.parser import parse
from cute_ir.tables.legality import MOVES_BY_INSTRUCTION
from tests.conftest import REPO
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble

MAINLOOP = REPO / "examples" / "tileas_tma_mainloop.ir"
TMEM_COPY = REPO / "examples" / "tileas_tmem_copy.ir"
DEVICE_DESCRIPTOR = REPO / "tests" / "emit" / "fixtures" / "tileas_device_descriptor.mlir"
ROWS = REPO / "tests" / "emit" / "fixtures" / "tileas_rows.mlir"
SPEC = "attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>}"
LOAD = ("nv_tileas.tiled_load %v coords(%i, %j) offsets() {tileSize = array<i64: 64, 128>, allow_tma = true, "
        "copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128x256xf16, 1> -> tensor<64x128xf16>")


def assert_assembles(text: str, arch: str) -> None:
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(text, arch)
    assert accepted, said


def emitted(text: str, arch: str = "sm_90a"):
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch=arch)))
    assert result.ok, [d.message for d in result.diagnostics]
    [kernel] = [op for top in lift(parse(result.stages[-1].text.encode()).root).operations
                for op in top.walk() if op.name == "func.func" and is_kernel(op)]
    return emit_tileas_kernel(kernel, arch)


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a"])
def test_the_example_mainloop_becomes_ptx_that_ptxas_assembles(arch):
    module = emitted(MAINLOOP.read_text(), arch)
    assert module.ok
    text = module.text
    assert f".target {arch}" in text
    assert text.count(".param .align 64 .b8 p") == 3                         # a, b, c: grid-constant tensor maps
    assert text.count("prefetch.tensormap") == 3
    # A's 128 x 64 tile is one box of 128-byte rows; B's 64 x 128 tile and the stored one are two
    # boxes of 64 x 64 each: one expect_tx per tile, one instruction per box, written twice for
    # each load (the first stage filled before the loop, the next ones in it).
    assert text.count("cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes") == 2 * 3
    assert text.count("mbarrier.arrive.expect_tx.shared::cta.b64") == 2 * 2 and ", 16384;" in text
    assert text.count("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group") == 2
    assert "cp.async.bulk.commit_group;" in text and "cp.async.bulk.wait_group.read 0;" in text
    assert_assembles(text, arch)


def test_the_host_side_says_which_map_gathers_scatters_or_reduces(capsys):
    assert main(["lower", str(ROWS), "--arch", "sm_100a", "--emit", "host"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line for line in lines if line.startswith("//   mode:") or line.startswith("//   box_dims")] == [
        "//   mode: tma_load_mode<gather4>", "//   box_dims: [64, 1]",
        "//   mode: tma_store_mode<scatter4>", "//   box_dims: [64, 1]",
        "//   mode: tma_store_mode<reduce>", "//   box_dims: [64, 4]"]


@pytest.mark.parametrize("arch", ["sm_100a", "sm_100f", "sm_103a", "sm_110a"])
def test_gathered_scattered_and_reduced_rows_become_ptx_that_ptxas_assembles(arch):
    module = emitted(ROWS.read_text(), arch)
    assert module.ok
    text = module.text
    # The column first, then the four rows (the row coordinate plus each offset).
    assert ("cp.async.bulk.tensor.2d.shared::cta.global.tile::gather4.mbarrier::complete_tx::bytes.L2::cache_hint "
            "[%tile6], [%p9_tma_host0, {%p3_j_32, %x1, %x2, %x3, %x4}], [%mbar5_full], %l2_policy;") in text
    assert "add.s32 %x1, %p2_i_32, %p4_o0_32;" in text
    assert "mbarrier.arrive.expect_tx.shared::cta.b64 %state8, [%mbar5_full], 512;" in text
    assert ("cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group.L2::cache_hint "
            "[%p10_tma_host1, {%p3_j_32, %x11, %x12, %x13, %x14}], [%tile6], %l2_policy;") in text
    assert ("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group.L2::cache_hint "
            "[%p11_tma_host2, {%p3_j_32, %p2_i_32}], [%tile6], %l2_policy;") in text
    assert_assembles(text, arch)


def test_coordinates_are_given_innermost_first_and_a_delayed_store_wait_comes_last():
    text = (f"func.func @k(%v: memref<128x256xf16, 1>, %o: memref<128x256xf16, 1>, %i: index, %j: index) {SPEC} {{\n"
            f"  %t = {LOAD}\n"
            "  %s = nv_tileas.tiled_store %t, %o coords(%i, %j) offsets() {tileSize = array<i64: 64, 128>, "
            "allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_store>} : memref<128x256xf16, 1> -> !nv_tileaa.mem_token\n"
            "  return\n}\n")
    module = emitted(text)
    assert "{%p3_j_32, %p2_i_32}" in module.text
    pipeline_delayed = lower(DocumentAnalysis("file:///k.ir", text),
                             "builtin.module(lower-tma-load-store-to-async{delay_store_wait=true},"
                             "attach-tma-descriptor-args,separate-host-tma)")
    [kernel] = [op for top in lift(parse(pipeline_delayed.stages[-1].text.encode()).root).operations
                for op in top.walk() if op.name == "func.func" and is_kernel(op)]
    lines = emit_tileas_kernel(kernel, "sm_90a").text.splitlines()
    assert lines[-3].strip() == "@%leader cp.async.bulk.wait_group.read 0;" and lines[-2].strip() == "ret;"


def test_what_has_no_ptx_here_is_an_error_naming_the_op_not_wrong_ptx():
    # A stored tile the kernel neither loads nor computes (a tensor argument).
    text = (f"func.func @k(%o: memref<128x256xf16, 1>, %t: tensor<64x128xf16>, %i: index) {SPEC} {{\n"
            "  %s = nv_tileas.tiled_store %t, %o coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>, "
            "allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_store>} : memref<128x256xf16, 1> -> !nv_tileaa.mem_token\n"
            "  return\n}\n")
    module = emitted(text)
    assert not module.ok
    assert module.message == "`k`: `nv_tileas.async.tiled_tma_store` uses a tile this kernel neither loads nor computes"


# An activation tensor of each im2col rank (NWC, NHWC, NDHWC; 64 f16 channels) and a
# 32-pixel x 64-channel box of it: (C, P, 1, ...) over the tensor's strides.
_IM2COL_TENSORS = {
    3: ("memref<8x128x64xf16, 1>", '"(64,32,1):(1,64,8192)"'),
    4: ("memref<8x32x32x64xf16, 1>", '"(64,32,1,1):(1,64,2048,65536)"'),
    5: ("memref<2x8x16x16x64xf16, 1>", '"(64,32,1,1,1):(1,64,1024,16384,131072)"'),
}


def _im2col_kernel(rank: int) -> str:
    memref, box = _IM2COL_TENSORS[rank]
    tile = "x".join(["1"] * (rank - 2) + ["32", "64"])
    coords = ", ".join(["%i"] * rank)
    offsets = ", ".join(["%o"] * (rank - 2))
    return (f"func.func @k(%act: {memref}, %i: index, %o: index) {SPEC} {{\n"
            "  %mbar = memref.alloca() : memref<1xi64, 3>\n"
            f"  %box = cute.static : !cute.layout<{box}>\n"
            "  %d = nv_tileas.make_tiled_tma_desc %act, %box shapes() strides() paddings() {mode = "
            "#cute_nvgpu.tma_load_mode<im2col>, elementBitWidth = 16, tmaIdx = 0 : i32} : !cute_nvgpu.tma_descriptor_im2col\n"
            f"  %t, %tok = nv_tileas.async.tiled_tma_load %d, %mbar coords({coords}, {offsets}) {{copy_atom = "
            "#nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, tx_count = 4096 : i64} : !cute_nvgpu.tma_descriptor_im2col "
            f"-> tensor<{tile}xf16>, !nv_tileaa.mem_token\n"
            "  nv_tileas.async.wait %mbar\n"
            f"  %s = nv_tileas.async.tiled_tma_store %t, %d coords({coords}) token(%tok) {{copy_atom = "
            "#nv_tileas.copy_atom<tma_store>, tmaIdx = 0 : i32} : !cute_nvgpu.tma_descriptor_im2col -> !nv_tileaa.mem_token\n"
            "  nv_tileas.async.wait\n"
            "  return\n}\n")


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
@pytest.mark.parametrize("rank", [3, 4, 5])
def test_an_im2col_transfer_is_ptx_s_im2col_form_with_its_offsets(rank, arch):
    # Written as a `.tile` transfer, the TMA unit would read the im2col tensor map wrongly: a
    # load is `.im2col` with rank - 2 16-bit offsets after the mbarrier, a store `.im2col_no_offs`.
    module = emitted(_im2col_kernel(rank), arch)
    assert module.ok, module.message
    text = module.text
    offsets = ", ".join(f"%im2col_off{n}" for n in re.findall(r"cvt\.u16\.u32 %im2col_off(\d+),", text))
    assert text.count("cvt.u16.u32 %im2col_off") == rank - 2
    coords = ", ".join(["%p1_i_32"] * rank)
    assert (f"cp.async.bulk.tensor.{rank}d.shared::cta.global.im2col.mbarrier::complete_tx::bytes.L2::cache_hint "
            f"[%tile2], [%p3_tma_host0, {{{coords}}}], [%mbar1_full], {{{offsets}}}, %l2_policy;") in text
    assert "mbarrier.arrive.expect_tx.shared::cta.b64 %state4, [%mbar1_full], 4096;" in text
    assert (f"@%leader cp.async.bulk.tensor.{rank}d.global.shared::cta.im2col_no_offs.bulk_group.L2::cache_hint "
            f"[%p3_tma_host0, {{{coords}}}], [%tile2], %l2_policy;") in text
    assert_assembles(text, arch)


def _backed_kernel(rank: int) -> str:
    """The same transfers written as token-ordered memops whose view is the im2col descriptor:
    a view backed by a TMA descriptor, which lower-tma-load-store-to-async binds as it is."""
    memref, box = _IM2COL_TENSORS[rank]
    coords = ", ".join(["%i"] * rank)
    offsets = ", ".join(["%o"] * (rank - 2))
    return (f"func.func @k(%act: {memref}, %i: index, %o: index) {SPEC} {{\n"
            f"  %box = cute.static : !cute.layout<{box}>\n"
            "  %d = nv_tileas.make_tiled_tma_desc %act, %box shapes() strides() paddings() {mode = "
            "#cute_nvgpu.tma_load_mode<im2col>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_im2col\n"
            f"  %t, %tok = nv_tileas.tiled_load %d coords({coords}, {offsets}) offsets() {{tileSize = array<i64: 32, 64>, "
            "allow_tma = true} : !cute_nvgpu.tma_descriptor_im2col -> tensor<32x64xf16>, !nv_tileaa.mem_token\n"
            f"  %s = nv_tileas.tiled_store %t, %d coords({coords}) offsets() token(%tok) {{tileSize = array<i64: 32, 64>, "
            "allow_tma = true} : !cute_nvgpu.tma_descriptor_im2col -> !nv_tileaa.mem_token\n"
            "  return\n}\n")


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
@pytest.mark.parametrize("rank", [3, 4, 5])
def test_memops_through_a_tma_backed_view_keep_its_im2col_descriptor(rank, arch):
    # assign-load-store-layouts gives them TMA atoms (the descriptor is their tensor map), and
    # phase 4 binds the descriptor they read through, with its mode: the PTX is the im2col form.
    module = emitted(_backed_kernel(rank), arch)
    assert module.ok, module.message
    text = module.text
    assert text.count("cvt.u16.u32 %im2col_off") == rank - 2
    assert f"cp.async.bulk.tensor.{rank}d.shared::cta.global.im2col.mbarrier::complete_tx::bytes" in text
    assert ", 4096;" in text                                  # expect_tx: the 32 x 64 f16 tile
    assert f"cp.async.bulk.tensor.{rank}d.global.shared::cta.im2col_no_offs.bulk_group" in text
    assert ".tile." not in text
    assert_assembles(text, arch)


def test_an_im2col_load_with_another_count_of_coordinates_has_no_ptx():
    # `check` reports the count (verify/tileas_atoms.py); an argument descriptor it cannot judge
    # still gets no instruction with offsets PTX does not have.
    # As the pipeline leaves a kernel whose descriptor is a host one (no builder to count by).
    text = ("func.func @k(%i: index, %d: !cute_nvgpu.tma_descriptor_im2col {cute_nvgpu.grid_constant}) attributes "
            "{nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>, \"nv_tileas.num-device-tmas\" = 0 : i32, "
            "\"nv_tileas.num-host-tmas\" = 1 : i32} {\n"
            "  %mbar = memref.alloca() : memref<1xi64, 3>\n"
            "  %t, %tok = nv_tileas.async.tiled_tma_load %d, %mbar coords(%i, %i, %i) {copy_atom = "
            "#nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, tx_count = 4096 : i64} : !cute_nvgpu.tma_descriptor_im2col "
            "-> tensor<32x64xf16>, !nv_tileaa.mem_token\n"
            "  return\n}\n")
    [kernel] = [op for top in lift(parse(text.encode()).root).operations for op in top.walk() if is_kernel(op)]
    module = emit_tileas_kernel(kernel, "sm_90a")
    assert not module.ok
    assert module.message == ("`k`: `nv_tileas.async.tiled_tma_load` through an im2col descriptor with 3 coordinates: "
                              "a 3-d to 5-d tensor's, then its rank - 2 im2col offsets")


def test_cli_emit_ptx_prints_the_module_and_says_when_there_is_no_kernel(capsys, tmp_path):
    assert main(["lower", str(MAINLOOP), "--emit", "ptx", "--arch", "sm_100a"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(".version ") and ".target sm_100a" in out and ".visible .entry mainloop(" in out
    # A function whose atoms became inline assembly is a kernel too (emit/lowered_kernel.py);
    # one with an op that writer does not know is its error.
    assert main(["lower", str(REPO / "examples" / "sm120_nvfp4.ir"), "--emit", "ptx"]) == 0
    assert ".visible .entry nvfp4(" in capsys.readouterr().out
    assert main(["lower", str(REPO / "examples" / "sm90_gemm_mainloop.ir"), "--emit", "ptx"]) == 0
    assert ".visible .entry gemm_mainloop(" in capsys.readouterr().out
    unknown = tmp_path / "unknown.ir"
    unknown.write_text((REPO / "tests" / "emit" / "fixtures" / "atom_mainloop.ir").read_text().replace("    %c0 = arith.constant 0 : index\n",
                                                    "    %c0 = arith.constant 0 : index\n    %u = llvm.mlir.undef : i32\n"))
    assert main(["lower", str(unknown), "--emit", "ptx", "--arch", "sm_90a"]) == 1
    assert "--emit ptx: `mainloop`: `llvm.mlir.undef` has no PTX here (the lowering left it)" in capsys.readouterr().err
    assert main(["lower", str(REPO / "examples" / "cute_dsl_dump.ir"), "--emit", "ptx"]) == 1
    assert ("--emit ptx: no kernel to emit: no TileAS kernel (a function with nv_tileas.kernel_spec), and no "
            "function with an atom the pipeline lowered to inline assembly") in capsys.readouterr().err


def test_the_tensor_memory_example_becomes_tcgen05_and_matrix_copies_that_ptxas_assembles():
    module = emitted(TMEM_COPY.read_text(), "sm_100a")
    assert module.ok, module.message
    text = module.text
    assert "@%warp0 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32" in text
    assert "tcgen05.ld.sync.aligned.32x32b.x32.b32 {" in text and "tcgen05.st.sync.aligned.32x32b.x32.b32 [" in text
    assert "tcgen05.ld.sync.aligned.32x32b.x32.pack::16b.b32" in text
    assert "tcgen05.st.sync.aligned.32x32b.x32.unpack::16b.b32" in text
    assert text.count("stmatrix.sync.aligned.m8n8.x4.shared.b16 [") == 8
    assert text.count("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {") == 8
    assert text.count("@%warp0 tcgen05.dealloc.cta_group::1.sync.aligned.b32") == 2
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(text, "sm_100a")
    assert accepted, said


def test_a_copy_on_fewer_lanes_is_issued_by_the_warps_it_reaches():
    text = ("gpu.module @m [#nvvm.target<chip = \"sm_100a\">] {\n"
            f"  func.func @k(%acc: memref<64x16xf32, 6>, %frag: memref<64x16xf32>) {SPEC} {{\n"
            "    nv_tileas.copy %acc, %frag : memref<64x16xf32, 6>, memref<64x16xf32>\n"
            "    return\n  }\n}\n")
    module = emitted(text, "sm_100a")
    assert "setp.lt.u32 %reach" in module.text and "%warp, 2;" in module.text
    assert "@%reach" in module.text and "tcgen05.ld.sync.aligned.32x32b.x16.b32" in module.text
    if PTXAS is not None:
        accepted, said = assemble(module.text, "sm_100a")
        assert accepted, said


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a"])
def test_a_device_descriptor_is_rebound_in_the_page_s_order_with_the_proxy_fences(arch):
    module = emitted(DEVICE_DESCRIPTOR.read_text(), arch)
    assert module.ok, module.message
    lines = [line.strip() for line in module.text.splitlines()]
    assert "ld.param.u64 %p5_tma_device0, [p5_tma_device0];" in lines
    rebind = [line for line in lines if "tensormap.replace" in line or "fence.proxy.tensormap" in line]
    assert [line.split(" ")[1] for line in rebind] == [
        "tensormap.replace.tile.global_address.global.b1024.b64",
        "tensormap.replace.tile.global_dim.global.b1024.b32",
        "tensormap.replace.tile.global_dim.global.b1024.b32",
        "tensormap.replace.tile.global_stride.global.b1024.b64",
        "fence.proxy.tensormap::generic.release.gpu;",
        "fence.proxy.tensormap::generic.acquire.gpu"]
    load = next(line for line in lines if "cp.async.bulk.tensor" in line)
    assert lines.index(rebind[-1]) < lines.index(load) and "[%desc" in load
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(module.text, arch)
    assert accepted, said


def test_cli_emit_host_lists_the_tensor_maps_in_tmaidx_order_and_prints_the_twin(capsys):
    assert main(["lower", str(MAINLOOP), "--emit", "host"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "// @mainloop.host_tma: the host side of @mainloop: 3 tensor map(s), in tmaIdx order"
    assert [line for line in lines if line.startswith("// tmaIdx")] == [
        f"// tmaIdx {k} -> the kernel's grid-constant argument %tma_host{k}" for k in range(3)]
    assert "//   global_address: runtime: the base of `%b`" in lines
    assert lines.count("//   global_dims: [4096, 4096]") == 3 and "//   box_dims: [64, 128]" in lines
    assert [line for line in lines if line.startswith("//   mode:")] == [
        "//   mode: tma_load_mode<tiled>", "//   mode: tma_load_mode<tiled>", "//   mode: tma_store_mode<store>"]
    assert '// the callback reports once per launch: "[TileIR Callback] SmNum: %ld deviceTMAMemorySize: 0x%lx"' in lines
    assert "func.func @mainloop.host_tma(" in out and 'sym_name = "mainloop.tileir_sm_count_format"' in out
    assert main(["lower", str(REPO / "examples" / "sm90_gemm_mainloop.ir"), "--emit", "host"]) == 1
    assert "--emit host: no TileAS kernel" in capsys.readouterr().err


def test_cli_emit_host_gives_an_im2col_tensor_map_its_channels_and_pixels(capsys, tmp_path):
    path = tmp_path / "im2col.ir"
    path.write_text(_im2col_kernel(4))
    assert main(["lower", str(path), "--emit", "host"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "//   mode: tma_load_mode<im2col>" in lines
    assert "//   global_dims: [64, 32, 32, 8]" in lines and "//   global_strides: [128, 4096, 131072]" in lines
    assert "//   channels_per_pixel: 64" in lines and "//   pixels_per_column: 32" in lines
    corners = "not in the IR (the convolution's padding and filter, chosen when the descriptor is encoded)"
    assert f"//   pixel_box_lower_corner: {corners}" in lines and f"//   pixel_box_upper_corner: {corners}" in lines
    assert not [line for line in lines if line.endswith(": None")]


def test_cli_emit_host_says_what_the_launch_passes_each_parameter(capsys):
    """Every TileAS kernel's parameters, in `.entry` order, with what the host passes in each:
    a static view's aligned pointer, a dynamic view's memref descriptor field by field, a tensor
    map the host twin encodes."""
    assert main(["lower", str(REPO / "examples" / "tileas_copy.ir"), "--emit", "host"]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    start = lines.index("// @copy_dynamic_registers: no host twin (the host encodes no tensor map for it)")
    assert lines[start + 1].startswith("// the launch passes @copy_dynamic_registers, parameter by parameter")
    assert lines[start + 2:start + 16] == [f"//   {line}" for view in ("%src", "%dst") for line in (
        f"p{0 if view == '%src' else 1}_{view[1:]}_allocated: the allocated pointer of {view}",
        f"p{0 if view == '%src' else 1}_{view[1:]}: the aligned pointer of {view}",
        f"p{0 if view == '%src' else 1}_{view[1:]}_offset: the offset of {view}, in elements",
        *(f"p{0 if view == '%src' else 1}_{view[1:]}_size{k}: extent {k} of {view}" for k in (0, 1)),
        *(f"p{0 if view == '%src' else 1}_{view[1:]}_stride{k}: stride {k} of {view}, in elements" for k in (0, 1)))]
    assert ("//   p0_src: the aligned pointer of %src (memref<4096x4096xf16, 1>: its type fixes its extents, "
            "strides and offset)") in lines
    assert ("//   p2_tma_host0: %tma_host0: a 128-byte CUtensorMap by value (a grid constant, .hidden: the host "
            "twin encodes it)") in lines
    # A kernel with tiles of its own only: no parameter for them.
    assert main(["lower", str(TMEM_COPY), "--emit", "host"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "// the launch passes @tmem_round_trip no parameter"


@pytest.mark.parametrize("path", sorted((REPO / "examples").glob("tileas_*.ir")) + [REPO / "tests" / "lit" / "dynamic-views.mlir"],
                         ids=lambda p: p.name)
def test_what_the_host_side_says_the_launch_passes_is_each_entry_s_parameter_list(path):
    """`--emit host`'s parameters (launch_parameters) are the ones the kernel's `.entry`
    declares, in its order."""
    result = lower(DocumentAnalysis(path.as_uri(), path.read_text(), settings=Settings(target_arch="sm_100a")))
    for top in lift(parse(result.stages[-1].text.encode()).root).operations:
        for op in top.walk():
            if op.name != "func.func" or not is_kernel(op):
                continue
            module = emit_tileas_kernel(op, "sm_100a")
            if not module.ok:
                continue
            header = re.search(r"\.visible \.entry \w+\((.*)\)", module.text).group(1)
            declared = [re.sub(r"\[\d+\]$", "", part.split()[-1]) for part in header.split(", ") if part]
            assert [name for name, _ in launch_parameters(op)] == declared, function_symbol(op)


def test_cli_emit_host_names_the_callback_payload_for_device_descriptors(capsys):
    assert main(["lower", str(DEVICE_DESCRIPTOR), "--emit", "host"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "// @grouped.host_tma: the host side of @grouped: 0 tensor map(s), in tmaIdx order"
    assert lines[1] == ('// 1 descriptor(s) the kernel builds: their templates come from the callback, once per '
                        'launch "[TileIR Callback] SmNum: %ld deviceTMAMemorySize: 0x%lx", then per descriptor in '
                        'tmaIdx order "[TileIR Callback] DESC_TMA512: 0x%016lx %016lx %016lx %016lx"')
    assert any('sym_name = "grouped.tileir_desc_format"' in line for line in lines)


def test_the_editor_s_ptx_preview_has_each_tileas_kernel_and_ptxas_assembles_it():
    from cute_ir.features.preview import preview_module
    text = MAINLOOP.read_text()
    analysis = DocumentAnalysis("file:///mainloop.ir", text)
    preview = preview_module(analysis)
    lines = preview.ptx_text.splitlines()
    header = next(i for i, line in enumerate(lines) if "TileAS kernel `mainloop`" in line)
    entry = lines.index(next(line for line in lines if line.startswith(".visible .entry mainloop(")))
    function = text.index("func.func @mainloop")
    assert entry > header and all(span.start == function for line, span in preview.line_map if line >= header)
    assert preview.kernels == ("mainloop",) and preview.problems == []
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(preview.ptx_text, "sm_90a")
    assert accepted, said


def test_a_kernel_the_passes_reject_is_a_comment_in_the_preview():
    from cute_ir.features.preview import preview_module
    preview = preview_module(DocumentAnalysis("file:///m.ir", (REPO / "examples" / "mistakes.ir").read_text()))
    assert ("//   not emitted: `tileas_pass_mistakes`: the lowering pipeline reported errors on it (the Problems "
            "list has them)") in preview.ptx_text.splitlines()


# A hand-written descriptor whose box the driver refuses (512 rows), next to a kernel with none.
def _one_box_load(name: str, rows: int) -> str:
    return f"""\
func.func @{name}(%view: memref<4096x4096xf16, 1>, %i: index) {SPEC} {{
  %mbar = memref.alloca() : memref<1xi64, 3>
  %box = cute.static : !cute.layout<"(64,{rows}):(1,4096)">
  %d = nv_tileas.make_tiled_tma_desc %view, %box shapes() strides() paddings() {{mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16, tmaIdx = 0 : i32}} : !cute_nvgpu.tma_descriptor_tiled
  %t, %tok = nv_tileas.async.tiled_tma_load %d, %mbar coords(%i, %i) {{copy_atom = #nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, tx_count = {rows * 128} : i64}} : !cute_nvgpu.tma_descriptor_tiled -> tensor<{rows}x64xf16>, !nv_tileaa.mem_token
  nv_tileas.async.wait %mbar : memref<1xi64, 3>
  return
}}
"""


REFUSED = _one_box_load("refused", 512) + _one_box_load("fine", 256)
REFUSED_ERROR = "TMA descriptor: box dimension 1 is 512; it must be between 1 and 256"


def test_a_kernel_check_rejects_has_no_ptx_in_the_preview_even_if_ptxas_would_take_it():
    from cute_ir.features.preview import preview_module
    analysis = DocumentAnalysis("file:///k.ir", REFUSED)
    preview = preview_module(analysis, "sm_90a")
    lines = preview.ptx_text.splitlines()
    assert f"//   not emitted: `refused`: `check` reports an error in it ({REFUSED_ERROR})" in lines
    assert preview.kernels == ("fine",) and ".visible .entry refused(" not in preview.ptx_text
    # The same verdict as `check`: its error, once, is the preview's problem.
    assert [d.message for d in preview.problems] == [REFUSED_ERROR]
    assert [d.message for d in analysis.diagnostics() if d.severity.name == "ERROR"] == [REFUSED_ERROR]


def test_lower_emits_no_ptx_and_no_tensor_map_for_a_kernel_check_rejects(tmp_path, capsys):
    path = tmp_path / "k.ir"
    path.write_text(REFUSED)
    assert main(["lower", str(path), "--emit", "ptx"]) == 1
    captured = capsys.readouterr()
    assert ".visible .entry fine(" in captured.out and ".visible .entry refused(" not in captured.out
    assert f"{path}:4:45: error: {REFUSED_ERROR} [verify:verify.tma.descriptor-limit]" in captured.err.splitlines()
    assert (f"{path}: error: --emit ptx: not emitted: `refused`: `check` reports an error in it ({REFUSED_ERROR})"
            in captured.err.splitlines())
    assert main(["lower", str(path), "--emit", "host"]) == 1
    captured = capsys.readouterr()
    assert "the host side of @fine" in captured.out and "@refused" not in captured.out
    # A TileAS descriptor swizzles as its builder's layout says: this one, not at all.
    assert "//   box_dims: [64, 256]" in captured.out and "//   swizzle: none" in captured.out
    assert "box_dims: [64, 512]" not in captured.out


TALL = """\
func.func @tall(%src: memref<4096x64xf16, 1>, %dst: memref<4096x64xf16, 1>, %m: index, %n: index) SPEC {
  %t, %k = nv_tileas.tiled_load %src coords(%m, %n) offsets() {tileSize = array<i64: 512, 64>, allow_tma = true} : memref<4096x64xf16, 1> -> tensor<512x64xf16>, !nv_tileaa.mem_token
  %s = nv_tileas.tiled_store %t, %dst coords(%m, %n) offsets() token(%k) {tileSize = array<i64: 512, 64>, allow_tma = true} : memref<4096x64xf16, 1> -> !nv_tileaa.mem_token
  return
}
""".replace("SPEC", SPEC)


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
def test_a_tile_taller_than_a_box_moves_in_boxes_of_256_rows_after_one_expect_tx(arch):
    module = emitted(TALL, arch)
    assert module.ok
    text = module.text
    assert text.count("mbarrier.arrive.expect_tx.shared::cta.b64") == 1 and ", 65536;" in text
    loads = [line for line in text.splitlines() if "cp.async.bulk.tensor.2d.shared::cta.global" in line]
    stores = [line for line in text.splitlines() if "cp.async.bulk.tensor.2d.global.shared::cta" in line]
    assert len(loads) == len(stores) == 2
    # The second box starts 256 rows further (the tile's row coordinate + 256), 32 KB further in
    # shared memory.
    row = re.search(r"add\.s32 (%at\d+), %p2_m_32, 256;", text)
    assert row is not None and f"{{%p3_n_32, {row.group(1)}}}" in loads[1]
    assert ".shared .align 1024 .b8 tile2[65536];" in text and re.search(r"add\.u32 %box\d+, %tile2, 32768;", text)
    assert_assembles(text, arch)


def test_the_host_side_of_a_tall_tile_is_two_legal_boxes_with_128_byte_swizzle(tmp_path, capsys):
    path = tmp_path / "tall.ir"
    path.write_text(TALL)
    assert main(["check", str(path)]) == 0
    capsys.readouterr()
    assert main(["lower", str(path), "--emit", "host"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines.count("//   box_dims: [64, 256]") == 2 and lines.count("//   swizzle: 128B") == 2
    assert main(["descriptor", "tma-tiled", json.dumps({"rank": 2, "data_type": "FLOAT16", "swizzle": "128B",
                                                         "global_dims": [64, 4096], "global_strides": [128],
                                                         "box_dims": [64, 256]})]) == 0


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
def test_the_mainloop_speaks_nvidia_s_ptx(arch):
    """The forms NVIDIA's tileiras writes: a createpolicy'd L2 cache hint on every TMA load and
    store, `.hidden` appended tensor maps, try_wait with a suspend-time hint, `.reqntid` from the
    kernel spec's warp count."""
    text = emitted(MAINLOOP.read_text(), arch).text
    assert "createpolicy.fractional.L2::evict_normal.b64 %l2_policy, 1.0;" in text
    loads = [line.strip() for line in text.splitlines() if "cp.async.bulk.tensor.2d.shared::cta.global" in line]
    stores = [line.strip() for line in text.splitlines() if "cp.async.bulk.tensor.2d.global.shared::cta" in line]
    assert loads and all(line.startswith("cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes"
                                         ".L2::cache_hint ") and line.endswith(", %l2_policy;") for line in loads)
    assert stores and all("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group.L2::cache_hint " in line
                          and line.endswith(", %l2_policy;") for line in stores)
    assert text.count(".hidden .param .align 64 .b8 p") == 3
    waits = [line.strip() for line in text.splitlines() if "mbarrier.try_wait" in line]
    assert waits and all(re.fullmatch(r"mbarrier\.try_wait\.parity\.shared::cta\.b64 %done\d+, \[%\w+\], %\w+, 10000000;",
                                      line) for line in waits)
    assert "\n.reqntid 128, 1, 1\n{" in text
    assert_assembles(text, arch)


def test_a_load_in_a_loop_cycles_through_a_ring_of_full_and_empty_barriers():
    """Each load in the loop has `stages` buffers with a full and an empty mbarrier: the leader
    waits for the stage's empty barrier (every thread released it) before refilling it, every
    thread waits for its full barrier, and at the end of the iteration every thread releases the
    stage and the ring moves on, flipping the phase when it wraps."""
    text = emitted(MAINLOOP.read_text()).text
    assert ".shared .align 8 .b64 mbar8_full[2];" in text and ".shared .align 8 .b64 mbar8_empty[2];" in text
    assert ".shared .align 1024 .b8 tile12[32768];" in text                       # two stages of A's tile
    assert "mov.u32 %threads, %ntid.x;" in text
    assert "@%leader mbarrier.init.shared::cta.b64 [%mbar8_empty+8], %threads;" in text
    assert "@%leader mbarrier.init.shared::cta.b64 [%mbar8_full+8], 1;" in text
    body = text[text.index("LOOP_6:"):text.index("LOOP_END_7:")]
    produce = body[body.index("@!%leader bra PRODUCED_"):body.index("PRODUCED_", body.index("@!%leader bra PRODUCED_") + 30)]
    # The producer's empty wait comes before its expect_tx and its transfer.
    assert produce.index("[%fill_empty") < produce.index("mbarrier.arrive.expect_tx") < produce.index("cp.async.bulk.tensor")
    assert "mbarrier.arrive.shared::cta.b64" in body and body.index("mbarrier.arrive.shared::cta.b64") > body.index(
        "cp.async.bulk.wait_group.read 0;")                                         # released after the store read it
    assert re.search(r"setp\.eq\.u32 (%wrapped\d+), %mbar8_stage, 2;\n  @\1 mov\.b32 %mbar8_stage, 0;\n"
                     r"  @\1 xor\.b32 %mbar8_phase, %mbar8_phase, 1;", body)


@pytest.mark.parametrize("stages", [2, 4])
def test_a_loop_s_loads_are_filled_stages_minus_one_iterations_ahead(stages):
    """Software pipelining, as tileiras and CUTLASS's mainloops do: before the loop the leader
    fills the stages of iterations 0 .. stages - 2; in iteration i it fills the stage of
    iteration i + stages - 1 (if the loop has one) before every thread waits for the tile of
    iteration i. The producer keeps its own stage and phase, `stages - 1` ahead of the
    consumers'; it waits for a stage's empty barrier (every thread released it) before
    refilling it."""
    result = lower(DocumentAnalysis("file:///k.ir", MATMUL.read_text(), settings=Settings(target_arch="sm_90a")),
                   f"builtin.module(assign-load-store-layouts,lower-tma-load-store-to-async{{stages={stages}}},"
                   "attach-tma-descriptor-args,separate-host-tma)")
    assert result.ok
    [kernel] = [op for top in lift(parse(result.stages[-1].text.encode()).root).operations
                for op in top.walk() if op.name == "func.func" and is_kernel(op)]
    text = emit_tileas_kernel(kernel, "sm_90a").text
    # The loop's bounds and step are the example's constants, immediates (0 and 1), its count a register.
    loop = re.search(r"^  mov\.b32 (%iv\d+), (\d+);\n  setp\.lt\.s32 %more\d+, \1, (%\w+);", text, re.M)
    iv, lower_bound, upper = loop.groups()
    step = re.search(rf"add\.s32 {iv}, {iv}, (\d+);", text).group(1)
    top = text.index(loop.group(0))
    before, inside = text[:top], text[top:text.index("LOOP_END_", text.index("@%more", top))]
    for ring in re.findall(r"\.b64 (mbar\d+)_full\[", text):
        assert f".b64 {ring}_full[{stages}];" in text and f".b64 {ring}_empty[{stages}];" in text
        # Before the loop: stages - 1 fills, of iterations lower + j * step, each only when the
        # loop has that iteration, each into the producer's stage, which then moves on.
        # The iteration lower + j * step of a fill is a literal: its `mad.lo` of constants folded.
        firsts = re.findall(rf"  setp\.lt\.s32 (%fill\d+), (\d+), {upper};\n"
                            rf"(?:  mov\.u32 %tile\d+, \w+;\n(?:  add\.u32 %tile\d+, %tile\d+, \d+;\n)?)?"
                            rf"  mad\.lo\.u32 %fill_tile\d+, %{ring}_fill_stage,", before)
        assert [int(first) for _, first in firsts] == [int(lower_bound) + j * int(step) for j in range(stages - 1)]
        assert before.count(f"add.u32 %{ring}_fill_stage, %{ring}_fill_stage, 1;") == stages - 1
        # In the loop: the fill of iteration i + stages - 1 comes before the consumers' wait.
        # Iteration i + stages - 1: the `mad.lo` of step and stages - 1, both literals, is the `add` of their product.
        ahead = re.search(rf"add\.s32 (%iv_ahead\d+), {iv}, {int(step) * (stages - 1)};\n(?:.*\n)*?"
                          rf"  setp\.lt\.s32 (%fill\d+), \1, {upper};\n  mad\.lo\.u32 %fill_tile\d+, %{ring}_fill_stage,", inside)
        assert ahead is not None
        label = re.search(rf"@!{ahead.group(2)} bra (PRODUCED_\d+);", inside).group(1)
        fill = inside[ahead.start():inside.index(f"{label}:")]
        assert fill.index("mbarrier.try_wait.parity") < fill.index("mbarrier.arrive.expect_tx") < fill.index("cp.async.bulk.tensor")
        assert re.search(rf"xor\.b32 %empty_parity\d+, %{ring}_fill_phase, 1;", fill)
        consumed = re.search(rf"mad\.lo\.u32 (%full\d+), %{ring}_stage, 8, %{ring}_full;\n(?:.*\n)*?"
                             rf"  mbarrier\.try_wait\.parity\.shared::cta\.b64 %done\d+, \[\1\], %{ring}_phase,", inside)
        assert consumed is not None and ahead.start() < consumed.start()
        # At the end of an iteration every thread releases the consumers' stage.
        assert re.search(rf"mad\.lo\.u32 (%empty\d+), %{ring}_stage, 8, %{ring}_empty;\n"
                         rf"  mbarrier\.arrive\.shared::cta\.b64 %released\d+, \[\1\];", inside)
    assert_assembles(text, "sm_90a")


def test_a_load_ordered_after_a_write_of_its_iteration_or_carried_round_the_loop_is_not_filled_ahead():
    """Filling ahead moves a load before the ops of the iterations in between: only a load
    whose coordinates the loop can compute early (integer arithmetic of the induction
    variable) and whose token orders it after loads alone is."""
    text = MAINLOOP.read_text()
    # B's coordinate from a value carried round the loop: not computable ahead.
    carried = text.replace("scf.for %kt = %c0 to %k_tiles step %c1 {", "%r = scf.for %kt = %c0 to %k_tiles step %c1 iter_args(%kk = %c0) -> (index) {") \
        .replace("coords(%k, %n) offsets() token(%ka)", "coords(%kk, %n) offsets() token(%ka)").replace("scf.yield\n", "scf.yield %k : index\n")
    ptx = emitted(carried).text
    assert len(set(re.findall(r"%(mbar\d+)_fill_stage", ptx))) == 1          # A's ring only
    assert_assembles(ptx, "sm_90a")
    # A's load ordered after the store of its iteration: not filled ahead.
    after_store = text.replace("token(%start) {tileSize = array<i64: 128, 64>", "token(%ks0) {tileSize = array<i64: 128, 64>") \
        .replace("      %k = arith.muli %kt, %c64 : index\n",
                 "      %k = arith.muli %kt, %c64 : index\n      %ks0 = nv_tileas.tiled_store %z, %c coords(%m, %n) offsets() token(%start) "
                 "{tileSize = array<i64: 64, 128>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_store>} : "
                 "memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token\n") \
        .replace("    %c64 = arith.constant 64 : index\n", "    %c64 = arith.constant 64 : index\n    %z = arith.constant dense<0.0> : tensor<64x128xf16>\n")
    ptx = emitted(after_store).text
    # Nor is B, ordered after A, so after the store too.
    assert "_fill_stage" not in ptx and ptx.count("_empty[2];") == 2
    assert_assembles(ptx, "sm_90a")


def test_what_a_load_s_coordinates_may_be_recomputed_ahead_by_is_the_integer_arithmetic_the_emitter_writes():
    """dialects/ says what integer arithmetic is (records: no memory effect, integers in and
    out, constants); of it, the ops this emitter writes: the constant, the index casts, the
    binary integer ops and the rounded divisions (not `cmpi` / `select`, whose i1s are no integers
    out or in)."""
    from cute_ir.emit import tileas_kernel as TK
    assert {name for name in TK._HANDLERS if TK._recomputable(name)} == {
        "arith.constant", "arith.index_cast", "arith.index_castui", "arith.addi", "arith.subi", "arith.muli",
        "arith.divui", "arith.remui", "arith.divsi", "arith.remsi", "arith.minsi", "arith.maxsi", "arith.minui",
        "arith.maxui", "arith.andi", "arith.ori", "arith.xori", "arith.shli", "arith.shrui", "arith.shrsi",
        "arith.ceildivsi", "arith.floordivsi", "arith.ceildivui", "arith.extsi", "arith.extui", "arith.trunci"}
    # Neither a float op nor a thread's id, which it writes too.
    assert not TK._recomputable("arith.addf") and not TK._recomputable("gpu.thread_id")


def test_the_stage_count_is_the_pass_s_option_and_a_load_outside_a_loop_has_one_barrier():
    assert ".b64 mbar8_full[2];" in emitted(MAINLOOP.read_text()).text              # the default: two
    result = lower(DocumentAnalysis("file:///k.ir", MAINLOOP.read_text(), settings=Settings(target_arch="sm_90a")),
                   "builtin.module(assign-load-store-layouts,lower-tma-load-store-to-async{stages=4})")
    assert result.ok and result.stages[-1].text.count("stages = 4 : i32") == 2
    single = emitted(TALL).text
    assert ".shared .align 8 .b64 mbar1_full[1];" in single and "_empty" not in single and "%threads" not in single


def test_a_kernel_spec_with_a_most_warps_gives_maxntid():
    text = emitted(TALL.replace("num_warps = 4", "max_num_warps = 8")).text
    assert "\n.maxntid 256, 1, 1\n{" in text and ".reqntid" not in text


COPY = REPO / "examples" / "tileas_copy.ir"


def _kernels(text: str, arch: str) -> dict[str, str]:
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch=arch)))
    assert result.ok, [d.message for d in result.diagnostics]
    out = {}
    for top in lift(parse(result.stages[-1].text.encode()).root).operations:
        for op in top.walk():
            if op.name == "func.func" and is_kernel(op):
                module = emit_tileas_kernel(op, arch)
                assert module.ok, module.message
                out[module.kernels[0]] = module.text
    return out


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
def test_the_copy_kernels_are_whole_and_ptxas_assembles_each(arch):
    kernels = _kernels(COPY.read_text(), arch)
    assert sorted(kernels) == ["copy_async", "copy_dynamic", "copy_dynamic_registers", "copy_registers", "copy_tma"]
    tma = kernels["copy_tma"]
    # The block's tile: its ids scaled by the tile's extent.
    assert "mov.u32 %block_id1, %ctaid.x;" in tma and "mov.u32 %block_id2, %ctaid.y;" in tma
    # tileiras' forms, exactly.
    assert re.search(r"cp\.async\.bulk\.tensor\.2d\.shared::cta\.global\.tile\.mbarrier::complete_tx::bytes\.L2::cache_hint "
                     r"\[%\w+\], \[%\w+, \{%\w+, %\w+\}\], \[%\w+\], %l2_policy;", tma)
    assert re.search(r"cp\.async\.bulk\.tensor\.2d\.global\.shared::cta\.tile\.bulk_group\.L2::cache_hint "
                     r"\[%\w+, \{%\w+, %\w+\}\], \[%\w+\], %l2_policy;", tma)
    registers = kernels["copy_registers"]
    assert registers.count("ld.global.v4.b32") == 4 and registers.count("st.global.v4.b32") == 4   # 16 B a thread
    assert "cp.async.bulk" not in registers and "cvta.to.global.u64" in registers
    # Over dynamic views: MLIR's memref descriptor per view, the rows addressed by the runtime
    # row stride in bytes; each 16-byte chunk moves whole where it lies in the runtime extents
    # and this thread's address and the row stride prove it aligned, else each element alone,
    # predicated on the extents.
    dynamic = kernels["copy_dynamic_registers"]
    fields = ["allocated", "", "offset", "size0", "size1", "stride0", "stride1"]
    parameters = [f".param .u64 p{k}_{view}{'_' + field if field else ''}" for k, view in enumerate(("src", "dst"))
                  for field in fields]
    assert f".visible .entry copy_dynamic_registers({', '.join(parameters)})" in dynamic
    assert "mul.lo.u64 %p0_src_stride0_bytes, %p0_src_stride0, 2;" in dynamic
    assert re.search(r"mad\.lo\.u64 %goff\d+, %gr\d+, %p0_src_stride0_bytes, %goff\d+;", dynamic)
    # Compared with the 64-bit extents, the coordinates widened (a view may pass 2^32 elements).
    assert re.search(r"setp\.lt\.u64 %in\d+, %ic\d+, %p0_src_size1;", dynamic)
    assert re.search(r"setp\.lt\.and\.u64 %in\d+, %ir\d+, %p1_dst_size0, %in\d+;", dynamic)
    assert "cvt.u32.u64 %p0_src_size" not in dynamic
    assert dynamic.count("@%in") == 2 * 32 and dynamic.count("ld.global.b16") == dynamic.count("st.global.b16") == 32
    for view in ("p0_src", "p1_dst"):
        assert re.search(rf"mov\.b64 (%low\d+), %gaddr\d+;\n  or\.b64 \1, \1, %{view}_stride0_bytes;\n"
                         rf"  and\.b64 \1, \1, 15;\n  setp\.eq\.u64 %aligned\d+, \1, 0;\n", dynamic)
    # The chunk's last element in the extents, and aligned: whole.
    chunk = re.compile(r"  setp\.lt\.and\.u64 (%in\d+), %ir\d+, %p[01]_\w+_size0, \1;\n"
                       r"  and\.pred \1, \1, %aligned\d+;\n  @!\1 bra (APART_\d+);\n"
                       r"  (ld|st)\.global\.v4\.b32 (\{%t7_\d+(?:, %t7_\d+){3}\}, )?\[%g\w+\+0\]"
                       r"(, \{%t7_\d+(?:, %t7_\d+){3}\})?;\n  bra\.uni (WHOLE_\d+);\n  \2:\n")
    assert [m.group(3) for m in chunk.finditer(dynamic)] == ["ld"] * 4 + ["st"] * 4
    assert dynamic.count("ld.global.v4.b32") == dynamic.count("st.global.v4.b32") == 4 and "cp.async.bulk" not in dynamic
    # The TMA copy over the same views takes the same parameters and reads none of them.
    assert f".visible .entry copy_dynamic({', '.join(parameters)}, .hidden" in kernels["copy_dynamic"]
    assert "ld.param.u64 %p0_src" not in kernels["copy_dynamic"]
    copied = kernels["copy_async"]
    assert copied.count("cp.async.cg.shared.global") == 4 and "cp.async.wait_group 0;" in copied
    # Staged for the TMA store: the swizzled box the store reads, 16 bytes a thread at a time.
    assert copied.count("st.shared.v4.b32") == 4 and "xor.b32 %off" in copied
    assert re.search(r"cp\.async\.bulk\.tensor\.2d\.global\.shared::cta\.tile\.bulk_group\.L2::cache_hint", copied)
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    for name, text in kernels.items():
        accepted, said = assemble(text, arch)
        assert accepted, (name, said)


def test_a_load_that_does_not_allow_tma_moves_through_registers_even_with_a_tma_atom():
    text = (f"func.func @k(%v: memref<128x256xf16, 1>, %o: memref<128x256xf16, 1>, %i: index) {SPEC} {{\n"
            "  %t, %k = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, "
            "copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128x256xf16, 1> -> tensor<64x64xf16>, "
            "!nv_tileaa.mem_token\n"
            "  %s = nv_tileas.tiled_store %t, %o coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>} "
            ": memref<128x256xf16, 1> -> !nv_tileaa.mem_token\n  return\n}\n")
    [ptx] = _kernels(text, "sm_90a").values()
    # The written atom stays, unused (lower-tma-load-store-to-async takes only ops that allow
    # TMA); the store, which names none, gets the register path's.
    lowered = lower(DocumentAnalysis("file:///k.ir", text)).stages[-1].text
    assert "copy_atom<tma_load>" in lowered and "copy_atom<stg>" in lowered
    # Not said to be in bounds: a chunk whose last element lies in the view's extents moves
    # whole, any other element by element, each predicated on the extents.
    assert ptx.count("ld.global.b16") == 32 and ptx.count("st.global.b16") == 32 and "setp.lt.u32 %in" in ptx
    assert ptx.count("ld.global.v4.b32") == ptx.count("st.global.v4.b32") == 4
    assert "and.b64 %low" not in ptx         # a static view: no alignment to test
    if PTXAS is not None:
        assert assemble(ptx, "sm_90a")[0]


def test_float_constants_loop_carried_values_and_register_tiles():
    text = (f"func.func @k(%n: index, %o: memref<4096x4096xf32, 1>) {SPEC} {{\n"
            "  %tx = gpu.thread_id x\n"
            "  %f = arith.constant 1.5 : f32\n"
            "  %h = arith.constant 2.0 : f16\n"
            "  %z = arith.constant dense<0.0> : tensor<64x64xf32>\n"
            "  %one = arith.constant dense<1.0> : tensor<64x64xf32>\n"
            "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
            "  %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %f, %t = %z) -> (f32, tensor<64x64xf32>) {\n"
            "    %s = arith.addf %acc, %f : f32\n"
            "    %t2 = arith.addf %t, %one : tensor<64x64xf32>\n"
            "    scf.yield %s, %t2 : f32, tensor<64x64xf32>\n  }\n"
            "  %st = nv_tileas.tiled_store %r#1, %o coords(%c0, %c0) offsets() {tileSize = array<i64: 64, 64>, "
            "allow_tma = true} : memref<4096x4096xf32, 1> -> !nv_tileaa.mem_token\n"
            "  return\n}\n")
    [ptx] = _kernels(text, "sm_90a").values()
    assert "mov.u32 %thread_id1, %tid.x;" in ptx
    # 1.5: an immediate where the loop's carried value starts (a `.b32` move takes an f32
    # literal, as ptxas accepts) and in the add, no register of its own; 2.0 (f16), never
    # read, no `mov` at all.
    assert re.search(r"^  mov\.b32 (%carried\d+), 0f3FC00000;$(?:.*\n)*  add\.rn\.f32 %f\d+, \1, 0f3FC00000;$",
                     ptx, re.M) and "%c2" not in ptx
    assert "0x4000" not in ptx
    assert ptx.count("mov.b32 %t") and "0x3f800000" in ptx                            # the splat of 1.0
    assert "add.rn.f32 %f" in ptx and ptx.count("add.rn.f32 %ew") == 32               # 32 f32 a thread
    # The register tile is staged for the TMA store: the store's swizzled 128-byte boxes.
    assert ptx.count("st.shared.v4.b32") == 8 and "fence.proxy.async.shared::cta;" in ptx
    assert ptx.count("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group.L2::cache_hint") == 2
    if PTXAS is not None:
        accepted, said = assemble(ptx, "sm_90a")
        assert accepted, said


MATMUL = REPO / "examples" / "tileas_matmul.ir"


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
def test_the_matmul_main_loop_loads_by_tma_multiplies_by_mma_sync_and_stores_by_tma(arch):
    [ptx] = _kernels(MATMUL.read_text(), arch).values()
    # A (128 x 64, one box) and B (64 x 128, two boxes) by TMA each step, in tileiras' form.
    loads = re.findall(r"cp\.async\.bulk\.tensor\.2d\.shared::cta\.global\.tile\.mbarrier::complete_tx::bytes"
                       r"\.L2::cache_hint \[%\w+\], \[%\w+, \{%\w+, %\w+\}\], \[%\w+\], %l2_policy;", ptx)
    stores = re.findall(r"cp\.async\.bulk\.tensor\.2d\.global\.shared::cta\.tile\.bulk_group\.L2::cache_hint "
                        r"\[%\w+, \{%\w+, %\w+\}\], \[%\w+\], %l2_policy;", ptx)
    assert len(loads) == 2 * 3 and len(stores) == 2      # each load's first stage filled before the loop
    # Each warp's 32 rows x 128 columns: 2 x 16 blocks of m16n8k16, for each of the 4 K steps.
    assert ptx.count("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32") == 128
    assert ptx.count("ldmatrix.sync.aligned.m8n8.x4.shared.b16") == 8
    assert ptx.count("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16") == 32
    # The accumulator starts at zero, is carried round the loop and leaves it as f16 pairs.
    assert ptx.count("cvt.rn.f16x2.f32") == 64 and "0f00000000" in ptx
    assert "\n.reqntid 128, 1, 1\n" in ptx
    # Two stages of A and B tiles, the C stage and the full / empty mbarriers: more than a
    # kernel may declare statically, so they are dynamic shared memory (emit/builder.py).
    assert re.search(r"mov\.u32 %mbar\d+_empty, dynamic_smem;", ptx) and "\n  .shared" not in ptx
    assert "// 98368 bytes of dynamic shared memory" in ptx
    assert_assembles(ptx, arch)


def test_cli_emit_host_says_the_dynamic_shared_memory_each_kernel_launches_with(capsys):
    """What the kernel's PTX takes as dynamic shared memory is what its host must opt into and
    launch with; a kernel whose buffers fit 48 KB declares them and needs none."""
    assert main(["lower", str(MATMUL), "--arch", "sm_90", "--emit", "host"]) == 0
    assert ("// dynamic shared memory: 98368 bytes: cuFuncSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, "
            "98368) before the first launch, and sharedMemBytes = 98368 at each") in capsys.readouterr().out.splitlines()
    assert main(["lower", str(COPY), "--emit", "host"]) == 0
    lines = capsys.readouterr().out.splitlines()
    twins = [line for line in lines if ": the host side of @" in line]
    assert len(twins) > 1 and lines.count(
        "// dynamic shared memory: none (its shared buffers are declared statically; sharedMemBytes = 0)") == len(twins)


def test_a_dot_needs_its_operands_in_shared_memory_and_a_product_accumulator():
    text = (f"func.func @k(%v: memref<128x128xf16, 1>, %i: index) {SPEC} {{\n"
            "  %a, %ka = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 16>, "
            "in_bounds = array<i1: true, true>} : memref<128x128xf16, 1> -> tensor<64x16xf16>, !nv_tileaa.mem_token\n"
            "  %b, %kb = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 16, 16>, allow_tma = true} "
            ": memref<128x128xf16, 1> -> tensor<16x16xf16>, !nv_tileaa.mem_token\n"
            "  %z = arith.constant dense<0.0> : tensor<64x16xf32>\n"
            "  %r = nv_tileas.dot %a, %b, %z : tensor<64x16xf16>, tensor<16x16xf16>, tensor<64x16xf32> -> tensor<64x16xf32>\n"
            "  return\n}\n")
    result = lower(DocumentAnalysis("file:///k.ir", text))
    [kernel] = [op for top in lift(parse(result.stages[-1].text.encode()).root).operations
                for op in top.walk() if op.name == "func.func" and is_kernel(op)]
    module = emit_tileas_kernel(kernel, "sm_90a")
    assert module.message == ("`k`: `nv_tileas.dot` multiplies tiles in shared memory (a TMA or `cp.async` "
                              "load's)")


def _offset_copy(offset: str) -> str:
    view = f"memref<256x256xf16, strided<[256, 1], offset: {offset}>, 1>"
    return (f"func.func @k(%src: {view}, %dst: {view}, %i: index) {SPEC} {{\n"
            f"  %t, %k = nv_tileas.tiled_load %src coords(%i, %i) offsets() {{tileSize = array<i64: 64, 64>, "
            f"in_bounds = array<i1: true, true>}} : {view} -> tensor<64x64xf16>, !nv_tileaa.mem_token\n"
            f"  %s = nv_tileas.tiled_store %t, %dst coords(%i, %i) offsets() token(%k) {{tileSize = array<i64: 64, 64>, "
            f"in_bounds = array<i1: true, true>}} : {view} -> !nv_tileaa.mem_token\n"
            "  return\n}\n")


def test_a_view_s_static_offset_moves_its_address_and_a_dynamic_one_is_read_from_its_descriptor():
    # A memref's parameter is its aligned pointer: its first element is `offset` elements on.
    module = emitted(_offset_copy("24"))
    assert module.ok
    text = module.text
    assert "add.u64 %p0_src_first, %p0_src, 48;" in text and "add.u64 %p1_dst_first, %p1_dst, 48;" in text
    assert re.search(r"cvta\.to\.global\.u64 %\w+, %p0_src_first;", text)
    assert_assembles(text, "sm_90a")
    # A dynamic one is passed in MLIR's memref descriptor: the offset field moves the aligned
    # pointer, and its alignment being unknown when compiling, each chunk moves whole where the
    # thread's address proves it aligned when the kernel runs (the tile being in bounds, that
    # is the whole test), each element alone elsewhere.
    module = emitted(_offset_copy("?"))
    assert module.ok, module.message
    text = module.text
    assert "ld.param.u64 %p0_src_offset, [p0_src_offset];" in text
    assert "mad.lo.u64 %p0_src_first, %p0_src_offset, 2, %p0_src;" in text
    assert re.search(r"mov\.b64 (%low\d+), %gaddr\d+;\n  and\.b64 \1, \1, 15;\n  setp\.eq\.u64 (%aligned\d+), \1, 0;\n"
                     r"  @!\2 bra (APART_\d+);\n  ld\.global\.v4\.b32 \{%t\d+_0, %t\d+_1, %t\d+_2, %t\d+_3\}, "
                     r"\[%gaddr\d+\+0\];\n  bra\.uni WHOLE_\d+;\n  \3:\n", text)
    assert text.count("ld.global.v4.b32") == text.count("st.global.v4.b32") == 4
    assert text.count("ld.global.b16") == text.count("st.global.b16") == 32
    assert_assembles(text, "sm_90a")


def test_the_emitter_refuses_a_register_transfer_with_the_words_the_lowering_reports_it_with():
    """One rule (tables/legality.register_transfer_problem): each kernel's first
    `lower.register-tile` error is what `--emit ptx` refuses the kernel with, were it emitted."""
    text = (REPO / "tests" / "lit" / "register-transfers.mlir").read_text()
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch="sm_90a")))
    reported = [d for d in result.diagnostics if d.code == "lower.register-tile"]
    lines = text.splitlines()
    starts = [(index, line.split("@")[1].split("(")[0]) for index, line in enumerate(lines) if "func.func @" in line]
    first: dict[str, str] = {}
    for d in reported:
        line = text.count("\n", 0, d.span.start)
        kernel = [name for index, name in starts if index <= line][-1]
        op = re.search(r"nv_tileas\.tiled_(load|store)", lines[line])
        why = d.message.split("which it cannot: ", 1)[1]
        # A load or store is named; a loop reads its tile into registers as any other does.
        moves = MOVES_BY_INSTRUCTION["cp.async" if "ldgsts" in lines[line] else "ld.global"]
        first.setdefault(kernel, f"`{op.group(0)}` {moves}, which it cannot: {why}" if op else why)
    kernels = [op for top in lift(parse(result.stages[-1].text.encode()).root).operations
               for op in top.walk() if op.name == "func.func" and is_kernel(op)]
    refused = {}
    for kernel in kernels:
        module = emit_tileas_kernel(kernel, "sm_90a")
        assert not module.ok
        name, why = module.message.split(": ", 1)
        refused[name.strip("`")] = why
    assert refused == first and len(first) == 5


def _narrow_copy(tile: tuple[int, int], element: str, load_attrs: str, store_attrs: str = "") -> str:
    view = f"memref<4096x4096x{element}, 1>"
    tile_type = f"tensor<{tile[0]}x{tile[1]}x{element}>"
    size = f"tileSize = array<i64: {tile[0]}, {tile[1]}>"
    inside = "in_bounds = array<i1: true, true>"
    return (f"func.func @k(%src: {view}, %dst: {view}, %i: index) {SPEC} {{\n"
            f"  %t, %k = nv_tileas.tiled_load %src coords(%i, %i) offsets() {{{size}, {load_attrs}}} : {view} -> "
            f"{tile_type}, !nv_tileaa.mem_token\n"
            f"  %s = nv_tileas.tiled_store %t, %dst coords(%i, %i) offsets() token(%k) {{{size}, {inside}, "
            f"copy_atom = #nv_tileas.copy_atom<stg>{store_attrs}}} : {view} -> !nv_tileaa.mem_token\n"
            "  return\n}\n")


# (tile, element, the load's attributes) -> an access each chunk of the tile moves with, and
# one none does: the widest chunk of 16, 8 and 4 bytes that spreads the tile over 128 threads.
_NARROW_CHUNKS = {
    # 8-byte rows: 4 bytes a thread, one register a chunk.
    "ldg 64x4 f16": (((64, 4), "f16", "in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>"),
                     ("ld.global.b32 ", "st.global.b32 "), ".v2."),
    # 512 elements: 8 bytes a thread.
    "ldg 8x64 f16": (((8, 64), "f16", "in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>"),
                     ("ld.global.v2.b32 ", "st.global.v2.b32 "), ".v4."),
    # A TMA load's tile read back from shared memory for the store, 8 bytes a thread.
    "tma 8x64 f16": (((8, 64), "f16", "allow_tma = true"), ("ld.shared.v2.b32 ", "st.global.v2.b32 "), ".v4."),
    # cp.async of 4 bytes (.ca: .cg takes 16 only), in bounds and zero-filling past the view.
    "ldgsts 64x4 f16": (((64, 4), "f16", "in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldgsts>"),
                        ("cp.async.ca.shared.global ", ", 4;", "ld.shared.b32 "), "cp.async.cg"),
    "ldgsts 64x4 f16 past the view": (((64, 4), "f16", "copy_atom = #nv_tileas.copy_atom<ldgsts>"),
                                      ("cp.async.ca.shared.global ", "min.s32 ", ", 4, "), "cp.async.cg"),
    # A 64-bit element: an 8-byte chunk is one register.
    "ldg 64x2 f64": (((64, 2), "f64", "in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>"),
                     ("ld.global.b64 ", "st.global.b64 "), ".v2."),
}


@pytest.mark.parametrize("case", sorted(_NARROW_CHUNKS))
@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
def test_a_tile_16_byte_chunks_do_not_split_moves_in_8_or_4_byte_chunks_that_ptxas_assembles(case, arch):
    (tile, element, attrs), present, absent = _NARROW_CHUNKS[case]
    module = emitted(_narrow_copy(tile, element, attrs), arch)
    assert module.ok, module.message
    for text in present:
        assert text in module.text, text
    assert absent not in module.text
    assert_assembles(module.text, arch)


def _lit_kernels(name: str):
    """A lit test's text, its lowering for sm_90a, and its TileAS kernels after the pipeline by name."""
    text = (REPO / "tests" / "lit" / name).read_text()
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch="sm_90a")))
    kernels = {function_symbol(op).lstrip("@"): op
               for top in lift(parse(result.stages[-1].text.encode()).root).operations
               for op in top.walk() if op.name == "func.func" and is_kernel(op)}
    return text, result, kernels


def test_the_emitter_refuses_a_restaged_tma_store_with_the_words_the_lowering_reports_it_with():
    """One rule (tables/legality.restage_problem): a TMA store of a tile a TMA load left in
    shared memory in other boxes or another swizzle, which the chunks cannot restage, is the
    lowering's `lower.register-tile` error at the store and `--emit ptx`'s refusal."""
    text, result, kernels = _lit_kernels("tma-store-restage.mlir")
    [reported] = [d for d in result.diagnostics if d.code == "lower.register-tile"]
    assert text.count("\n", 0, reported.span.start) == text.splitlines().index(
        next(line for line in text.splitlines() if "tiled_store %narrow" in line))
    refused = emit_tileas_kernel(kernels["restaged"], "sm_90a")
    assert not refused.ok
    assert refused.message == ("`restaged`: `nv_tileas.async.tiled_tma_store` "
                               + reported.message.removeprefix("this store "))
    assert emit_tileas_kernel(kernels["alike"], "sm_90a").ok


_VIEW = "memref<4096x4096xf16, 1>"
_TILE_LOAD = ("nv_tileas.tiled_load %{src} coords(%i, %i) offsets() {{tileSize = array<i64: 64, 64>, {attrs}}} : "
              f"{_VIEW} -> tensor<64x64xf16>, !nv_tileaa.mem_token")
_SUM_STORED = (f"  %sum = arith.addf %x, %tc : tensor<64x64xf16>\n"
               f"  %s = nv_tileas.tiled_store %sum, %c coords(%i, %i) offsets() {{tileSize = array<i64: 64, 64>, "
               f"allow_tma = true}} : {_VIEW} -> !nv_tileaa.mem_token\n  return\n}}\n")
_TMA = "allow_tma = true"
# A register tile (%x) added to a tile a TMA load left in shared memory (%tc) -> how that tile is
# read: 64 x 64 f16 over 128 threads is 16 registers of two elements a thread.
_MIXED = {
    # An mma.sync product truncated to f16: its placement, a register at a time.
    "product": (f"func.func @k(%a: {_VIEW}, %b: {_VIEW}, %c: {_VIEW}, %i: index) {SPEC} {{\n"
                "  %zero = arith.constant dense<0.0> : tensor<64x64xf32>\n"
                f"  %ta, %ka = {_TILE_LOAD.format(src='a', attrs=_TMA)}\n"
                f"  %tb, %kb = {_TILE_LOAD.format(src='b', attrs=_TMA)}\n"
                "  %p = nv_tileas.dot %ta, %tb, %zero : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> "
                "-> tensor<64x64xf32>\n"
                "  %x = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>\n"
                f"  %tc, %kc = {_TILE_LOAD.format(src='c', attrs=_TMA)}\n" + _SUM_STORED, "ld.shared.b32 ", 16),
    # A tile ld.global brought: its chunks, 16 bytes at a time.
    "chunks": (f"func.func @k(%a: {_VIEW}, %c: {_VIEW}, %i: index) {SPEC} {{\n"
               f"  %x, %ka = {_TILE_LOAD.format(src='a', attrs='copy_atom = #nv_tileas.copy_atom<ldg>')}\n"
               f"  %tc, %kc = {_TILE_LOAD.format(src='c', attrs=_TMA)}\n" + _SUM_STORED, "ld.shared.v4.b32 ", 4),
}


@pytest.mark.parametrize("case", _MIXED)
def test_float_arithmetic_reads_a_shared_tile_in_the_placement_of_the_register_tile_it_meets(case):
    text, access, count = _MIXED[case]
    module = emitted(text)
    assert module.ok, module.message
    assert module.text.count(access) == count and module.text.count("add.rn.f16x2 ") == 16
    assert_assembles(module.text, "sm_90a")


def test_float_arithmetic_of_two_shared_tiles_reads_them_as_the_lowering_reports():
    """Two tiles TMA loads left in shared memory: the first read in the chunks, the second in
    the same placement; a tile the chunks cannot split is the lowering's `lower.register-tile`
    error at the op and, in the same words, `--emit ptx`'s refusal."""
    text, result, kernels = _lit_kernels("shared-tile-arithmetic.mlir")
    [reported] = [d for d in result.diagnostics if d.code == "lower.register-tile"]
    refused = emit_tileas_kernel(kernels["narrow"], "sm_90a")
    assert refused.message == "`narrow`: " + reported.message.split("which it cannot: ", 1)[1]
    wide = emit_tileas_kernel(kernels["wide"], "sm_90a")
    assert wide.ok, wide.message
    # 64 x 64 f16: four 16-byte chunks a thread of each tile, 16 packed products.
    assert wide.text.count("ld.shared.v4.b32 ") == 8 and wide.text.count("mul.rn.f16x2 ") == 16
    assert_assembles(wide.text, "sm_90a")


def test_the_emitter_refuses_float_arithmetic_of_tiles_placed_otherwise_with_the_words_the_lowering_reports():
    """One rule (tables/legality.float_arithmetic_problem): an mma.sync product added to a tile
    `ld.global` brought, and f64 tiles, are the lowering's `lower.register-tile` errors at the
    op and, in the same words, `--emit ptx`'s refusals; a splat constant is made again in the
    product's placement."""
    text, result, kernels = _lit_kernels("register-tile-arithmetic.mlir")
    reported = [d for d in result.diagnostics if d.code == "lower.register-tile"]
    for name, diagnostic in zip(("mixed", "wide"), reported, strict=True):
        refused = emit_tileas_kernel(kernels[name], "sm_90a")
        assert not refused.ok
        assert refused.message == f"`{name}`: " + diagnostic.message.removeprefix("this ")
    alike = emit_tileas_kernel(kernels["alike"], "sm_90a")
    assert alike.ok, alike.message
    # 64 x 64 f32 over 4 warps: 32 accumulator registers a thread, each scaled by a splat of 0.5 made
    # in their placement, then the f16 tile read from shared memory in the product's, a register at a time.
    assert alike.text.count("mul.rn.f32 ") == 32 and alike.text.count("mov.b32 %t") >= 32
    assert alike.text.count("add.rn.f16x2 ") == 16 and alike.text.count("ld.shared.b32 ") == 16
    assert_assembles(alike.text, "sm_90a")


def test_a_view_whose_chunks_are_not_consecutive_or_aligned_moves_element_by_element():
    """One rule (tables/legality.whole_accesses): a vector access needs consecutive elements at a
    multiple of its bytes. A column-major view, or one whose rows are 4095 f16 apart (8190 bytes),
    is read each element alone although the op says it is in bounds; the contiguous store is
    whole chunks."""
    text, result, kernels = _lit_kernels("register-access-alignment.mlir")
    for name in ("columns", "rows"):
        module = emit_tileas_kernel(kernels[name], "sm_90a")
        assert module.ok, module.message
        # 64 x 64 f16 over 128 threads: 32 elements a thread, each loaded alone; four 16-byte stores.
        assert "ld.global.v4" not in module.text and module.text.count("ld.global.b16") == 32
        assert module.text.count("st.global.v4.b32") == 4
        assert_assembles(module.text, "sm_90a")


def test_the_emitter_refuses_a_yield_placed_otherwise_than_its_loop_s_tile_with_the_lowering_s_words():
    """One rule (tables/legality.carried_tile_problem): a loop carrying a tile in the chunks that
    yields an mma.sync product is the lowering's `lower.register-tile` error at the yield and, in
    the same words, `--emit ptx`'s refusal; an accumulator yielding its product is emitted."""
    text, result, kernels = _lit_kernels("register-tile-loops.mlir")
    [reported] = [d for d in result.diagnostics if d.code == "lower.register-tile"]
    refused = emit_tileas_kernel(kernels["mixed"], "sm_90a")
    assert refused.message == "`mixed`: " + reported.message.removeprefix("this ")
    accumulated = emit_tileas_kernel(kernels["accumulated"], "sm_90a")
    assert accumulated.ok, accumulated.message
    assert_assembles(accumulated.text, "sm_90a")


REFUSALS = REPO / "tests" / "lit" / "register-tile-refusals.mlir"


def test_what_mma_sync_and_the_chunks_cannot_hold_is_the_lowering_s_error_at_the_op_in_the_emitter_s_words():
    """One rule each (tables/legality: dot_accumulator_problem, mma_tile_problem,
    dot_operands_problem, register_tile_problem, truncation_problem): `check` reports the op,
    its whole text the range, and `--emit ptx` refuses the kernel in the same words."""
    text = REFUSALS.read_text()
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch="sm_90a")))
    reported = [d for d in result.diagnostics if d.code == "lower.register-tile"]
    # Each at the op: from its first character to the end of its line.
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line.encode()) + 1)
    at = {}
    for d in reported:
        n = next(i for i in range(len(lines)) if starts[i] <= d.span.start < starts[i + 1])
        indent = len(lines[n]) - len(lines[n].lstrip())
        assert (d.span.start, d.span.end) == (starts[n] + indent, starts[n] + len(lines[n].encode())), d.message
        at[next(lines[k] for k in range(n, -1, -1) if "func.func @" in lines[k]).split("@")[1].split("(")[0]] = d.message
    assert list(at) == ["chunk_acc", "shared_acc", "small_acc", "short_k", "small_splat", "unpaired"]
    kernels = {function_symbol(op).lstrip("@"): op
               for top in lift(parse(result.stages[-1].text.encode()).root).operations
               for op in top.walk() if op.name == "func.func" and is_kernel(op)}
    for name, message in at.items():
        refused = emit_tileas_kernel(kernels[name], "sm_90a")
        if name in ("chunk_acc", "shared_acc", "unpaired"):
            assert refused.message == f"`{name}`: " + message.removeprefix("this "), name
        else:     # the emitter refuses the tile where it makes it: the rule's own words
            assert refused.message == f"`{name}`: " + message.split(": ", 1)[1], name


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
def test_a_tile_in_shared_memory_narrowed_by_truncf_is_read_into_the_chunks_first(arch):
    text = REFUSALS.read_text()
    narrowed = text[text.index("  func.func @narrowed"):text.rindex("}")]
    module = emitted("module attributes {gpu.container_module} {\n" + narrowed + "}\n", arch)
    assert module.ok, module.message
    body = module.text
    assert body.count("ld.shared.v4.b32") == 8 and body.count("cvt.rn.f16x2.f32") == 16
    assert body.index("ld.shared.v4.b32") < body.index("cvt.rn.f16x2.f32") < body.index("cp.async.bulk.tensor.2d.global")
    assert_assembles(body, arch)


REDUCE = REPO / "examples" / "tileas_reduce.ir"


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a"])
def test_atomics_naming_no_atom_become_tma_reductions_that_ptxas_assembles(arch, capsys):
    # tileas-tma-and-memops: "async tiled atomic/reduction emits TMA reduction-style traffic when
    # the atom supports it"; assign-load-store-layouts gives the atomics `tma_redg` (f32 add and
    # f16 max are in the PTX ISA's table for cp.reduce.async.bulk.tensor).
    kernels = _kernels(REDUCE.read_text(), arch)
    assert sorted(kernels) == ["running_max", "split_k_accumulate"]
    form = r"cp\.reduce\.async\.bulk\.tensor\.2d\.global\.shared::cta\.{}\.tile\.bulk_group\.L2::cache_hint " \
           r"\[%\w+, \{{%\w+, %\w+\}}\], \[%\w+\], %l2_policy;"
    # 64 f32 columns are two boxes of 32 (128-byte rows, 128-byte swizzle); 64 f16 one box.
    assert len(re.findall(form.format("add"), kernels["split_k_accumulate"])) == 2
    assert len(re.findall(form.format("max"), kernels["running_max"])) == 1
    assert "cp.async.bulk.wait_group.read 0;" in kernels["split_k_accumulate"]
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    # The command line a user runs, ptxas included.
    assert main(["lower", str(REDUCE), "--arch", arch, "--emit", "ptx", "--assemble"]) == 0
    said = capsys.readouterr().err
    assert f"ptxas ({PTXAS} -arch={arch}) assembled `split_k_accumulate`" in said
    assert f"ptxas ({PTXAS} -arch={arch}) assembled `running_max`" in said


# An integer instruction of literals only, or a copy of a constant's register: what folding leaves
# untidy when it does not carry on.
_UNFOLDED = re.compile(r"^  (?:(?:add|sub|mul\.lo|mad\.lo|and|or|xor|shl)\.[sub](?:32|64) %\w+(?:, (?:-?\d+|0x[0-9A-Fa-f]+))+"
                       r"|mov\.b(?:32|64) %\w+, %c\d+);$", re.M)


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
def test_folded_constants_carry_on_into_literals_in_the_example_kernels(arch):
    """After constant folding an instruction all of whose sources became literals is the `mov`
    of its value, folded on in turn: the first iterations the mainloop fills ahead are
    literals (no `mad.lo.s32 %iv_first, 1, 0, 0;`), and the matmul's loop-carried accumulator
    starts from the constant's literal (no `mov.b32 %carried, %acc` of a constant register)."""
    mainloop, matmul = (_kernels(path.read_text(), arch) for path in (MAINLOOP, MATMUL))
    for ptx in (*mainloop.values(), *matmul.values()):
        assert _UNFOLDED.findall(ptx) == []
        assert_assembles(ptx, arch)
    [loop] = mainloop.values()
    assert "  mov.b32 %x10, 0;\n  setp.lt.s32 %fill11, 0, %p5_k_tiles_32;\n" in loop
    [product] = matmul.values()
    assert "  mov.b32 %carried13_0, 0f00000000;\n" in product and "iv_first" not in product


def _plain_copy(load_attrs: str = "") -> str:
    """A CTA copying its 64 x 64 f16 tile with a load and a store that do not allow TMA."""
    view = "memref<4096x4096xf16, 1>"
    inside = "in_bounds = array<i1: true, true>"
    return (f"func.func @k(%src: {view}, %dst: {view}) {SPEC} {{\n"
            "  %bx = gpu.block_id x\n  %by = gpu.block_id y\n  %c64 = arith.constant 64 : index\n"
            "  %m = arith.muli %by, %c64 : index\n  %n = arith.muli %bx, %c64 : index\n"
            f"  %t, %k = nv_tileas.tiled_load %src coords(%m, %n) offsets() {{tileSize = array<i64: 64, 64>, {inside}"
            f"{load_attrs}}} : {view} -> tensor<64x64xf16>, !nv_tileaa.mem_token\n"
            f"  %s = nv_tileas.tiled_store %t, %dst coords(%m, %n) offsets() token(%k) {{tileSize = array<i64: 64, 64>, "
            f"{inside}}} : {view} -> !nv_tileaa.mem_token\n"
            "  return\n}\n")


# The load's attributes -> its atom after the pipeline, what its PTX moves the tile with.
_NOT_TMA = {
    # No atom and no allow_tma: assign-load-store-layouts gives ldg / stg (a TMA box could move the
    # tile, but lower-tma-load-store-to-async takes only ops that allow TMA).
    "none": ("", "ldg", ("ld.global.v4.b32 ", "st.global.v4.b32 ")),
    "ldgsts": (", copy_atom = #nv_tileas.copy_atom<ldgsts>", "ldgsts",
               ("cp.async.cg.shared.global ", ", 16;", "cp.async.commit_group;", "cp.async.wait_group 0;",
                "ld.shared.v4.b32 ", "st.global.v4.b32 ")),
}


@pytest.mark.parametrize("case", sorted(_NOT_TMA))
@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
def test_a_load_and_store_without_allow_tma_move_by_their_atoms_ptx_that_ptxas_assembles(case, arch):
    load_attrs, atom, present = _NOT_TMA[case]
    text = _plain_copy(load_attrs)
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch=arch)))
    assert result.ok, [d.message for d in result.diagnostics]
    lowered = result.stages[-1].text
    assert f"copy_atom = #nv_tileas.copy_atom<{atom}>" in lowered
    assert "copy_atom = #nv_tileas.copy_atom<stg>" in lowered
    assert "tma" not in lowered
    module = emitted(text, arch)
    assert module.ok, module.message
    for piece in present:
        assert piece in module.text, piece
    assert "cp.async.bulk" not in module.text and "mbarrier" not in module.text
    assert_assembles(module.text, arch)
