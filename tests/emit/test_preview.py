"""The document PTX preview: atom -> emitter configuration, module assembly, line map, ptxas.

Modules are assembled with the real ptxas where it is installed (skipped otherwise, with the
reason). The descriptor-field computations (CUTLASS make_gmma_desc / make_umma_desc rules)
are checked here too, against layouts whose descriptors CUTLASS's rules fix.
"""
from __future__ import annotations

from pathlib import Path

import os
import re
import stat
import subprocess

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity, Source, Span
from cute_ir.features import preview as PV
from cute_ir.emit.lowered_kernel import lowered_kernels
from cute_ir.verify import atom_sites as AS
from cute_ir.tables.legality import AtomConfig
from cute_ir.features import descriptors as FD
from cute_ir.features import ptx as FP
from cute_ir.layout import parse_layout
from cute_ir.tables import descriptors as D
from tests.conftest import REPO

from ptxas_runner import PTXAS, SKIP_REASON
from tests.emit.page_examples import PAGE_EXAMPLE

needs_ptxas = pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)

EXAMPLES = Path(__file__).parent / "fixtures"   # IR files whose exact text these tests rely on

# Every atom family in both spellings (spec attributes, CuTe DSL parameters), plus applying ops.
MANY = """\
!desc_a = !cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, #cute.layout<(64, 16):(16, 1)>>
module {
  func.func @atoms(%x: i32) {
    %m80 = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm80.mma
    %sp = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 32], a_type = i8, b_type = i8, c_type = i32} : !cute_nvgpu.sm80.sparse_mma
    %m89 = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 32], a_type = f8E4M3FN, b_type = f8E5M2, c_type = f32} : !cute_nvgpu.sm89.mma
    %fma = cute.make_atom : !cute_nvgpu.atom.universal_fma<1x1x1, (f32, f32) -> f32 >
    %wg = cute.make_atom : !cute_nvgpu.sm90.mma<64x64x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = rs>
    %wgi = cute_nvgpu.make_mma_atom {shape_MNK = [64, 48, 32], a_type = i8, b_type = i8, c_type = i32} : !cute_nvgpu.sm90.mma
    %u1 = cute.make_atom : !cute_nvgpu.sm100.mma<128x256x16, elem_type = (f16, f16, f32), frag_kind = ss>
    %u2 = cute.make_atom : !cute_nvgpu.sm100.mma<256x256x16, elem_type = (bf16, bf16, f32), frag_kind = ts>
    %usp = cute_nvgpu.make_mma_atom {shape_MNK = [128, 128, 64], a_type = f8E4M3FN, b_type = f8E4M3FN, c_type = f32} : !cute_nvgpu.sm100.mma_sp
    %bs1 = cute_nvgpu.make_mma_atom {shape_MNK = [128, 128, 32], a_type = f8E4M3FN, b_type = f8E4M3FN, c_type = f32, vec_size = 32, sf_type = f8E8M0FNU} : !cute_nvgpu.sm100.mma_bs
    %bs2 = cute_nvgpu.make_mma_atom {shape_MNK = [128, 128, 64], a_type = f4E2M1FN, b_type = f4E2M1FN, c_type = f32, vec_size = 16, sf_type = f8E4M3FN} : !cute_nvgpu.sm100.mma_bs
    %bs3 = cute_nvgpu.make_mma_atom {shape_MNK = [128, 128, 64], vec_size = 32} : !cute_nvgpu.sm100.mma_bs
    %s120 = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 32], vec_size = 32, a_type = f8E4M3FN, b_type = f6E2M3FN, c_type = f32} : !cute_nvgpu.SM120.mma_bs
    %s120b = cute.static : !cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, use_sf_layout_TV = false>
    %ldsm = cute_nvgpu.make_copy_atom {val_type = f16, num_matrices = 4} : !cute_nvgpu.atom.ldsm
    %ldsmt = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x2.trans>
    %ldsmd = cute.static : !cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>
    %stsm = cute.make_atom : !cute_nvgpu.atom.stsm<m8n8.x4>
    %cpa = cute.make_atom : !cute_nvgpu.atom.simt_async_copy<16>
    %cpa8 = cute.make_atom : !cute_nvgpu.atom.simt_async_copy<f16, copy_bits = 64, cache = ca>
    %tl = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>
    %tl2 = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32, 16 DP, 256 bit, x4>
    %ts = cute.make_atom : !cute_nvgpu.atom.tmem_store<f32, 16 DP, 32 bit, x8, unpack>
    %s2t = cute.make_atom : !cute_nvgpu.atom.s2t_copy<128x256b>
    %tma = cute.make_atom : !cute_nvgpu.atom.tma_load<f16, copy_bits = 131072, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,128,1):(1@1,1@0,1@2)">>
    %tst = cute_nvgpu.make_copy_atom {rank = 3} : !cute_nvgpu.atom.tma_store
    %tre = cute_nvgpu.make_copy_atom {rank = 2} : !cute_nvgpu.atom.tma_reduce<add>
    %uc = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32, 128 b, mem_order=release, mem_scope=gpu>
    return
  }
  func.func @apply(%d: memref<64xf32>, %a: !desc_a, %b: !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(16, 128):(128, 1)>>, %c: memref<64xf32>, %ar: memref<8xf16>) {
    %wgmma = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm90.mma
    cute_nvgpu.mma %wgmma, %d, %a, %b, %c : (!cute_nvgpu.sm90.mma, memref<64xf32>, !desc_a, !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(16, 128):(128, 1)>>, memref<64xf32>)
    cute_nvgpu.mma %wgmma, %d, %ar, %b, %c : (!cute_nvgpu.sm90.mma, memref<64xf32>, memref<8xf16>, !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(16, 128):(128, 1)>>, memref<64xf32>)
    return
  }
}
"""


def analyse(text: str, arch: str = "sm_90a") -> DocumentAnalysis:
    return DocumentAnalysis("file:///tests/preview.ir", text, settings=Settings(target_arch=arch))


def configs(text: str) -> dict[str, AtomConfig | str]:
    """SSA name (or `@line`) -> the configuration (or note) of each op the preview found."""
    a = analyse(text)
    out = {}
    for item in AS.document_sites(a):
        key = item.name if item.text.startswith("%") else f"@{a.document.position(item.span.start).line}"
        out[key] = item.config if item.config is not None else item.note
    return out


def span_text(a: DocumentAnalysis, span: Span) -> str:
    return bytes(a.document.data[span.start:span.end]).decode()


def ptx_lines(preview: PV.Preview) -> list[str]:
    return preview.ptx_text.split("\n")


# ------------------------------------------------------------------ atom -> configuration
def test_mma_configs_from_spec_and_dsl_spellings():
    c = configs(MANY)
    assert c["%m80"] == AtomConfig("sm80.mma", (16, 8, 16), "f16", "f16", "f32")
    assert c["%sp"] == AtomConfig("sm80.sparse_mma", (16, 8, 32), "s8", "s8", "s32", sparse=True)
    assert c["%m89"] == AtomConfig("sm89.mma", (16, 8, 32), "e4m3", "e5m2", "f32")
    assert c["%fma"] == AtomConfig("atom.universal_fma", (1, 1, 1), "f32", "f32", "f32")
    # DSL frag_kind: rs = A from registers (sm90), ts = A from tensor memory (sm100).
    assert c["%wg"] == AtomConfig("sm90.mma", (64, 64, 16), "bf16", "bf16", "f32", a_source="rmem")
    assert c["%u1"].a_source == "smem_desc" and c["%u1"].cta_group == 1
    # M = 256 is a 2-CTA tile.
    assert (c["%u2"].a_source, c["%u2"].cta_group) == ("tmem", 2)


def test_block_scale_kind_follows_k_vec_and_scale_type():
    c = configs(MANY)
    # (K 32, vec 32) -> kind::mxf8f6f4 with E8M0; (64, 16) -> mxf4nvf4; (64, 32) -> mxf4.
    assert (c["%bs1"].block_scale, c["%bs1"].vec_size, c["%bs1"].sf_type) == ("mxf8f6f4", 32, "ue8m0")
    assert (c["%bs2"].block_scale, c["%bs2"].vec_size, c["%bs2"].sf_type) == ("mxf4nvf4", 16, "ue4m3")
    # K 64 leaves e2m1 as the only element type and f32 as the only accumulator.
    assert c["%bs3"] == AtomConfig("sm100.mma_bs", (128, 128, 64), "e2m1", "e2m1", "f32",
                                   block_scale="mxf4", vec_size=32, sf_type="ue8m0")
    assert (c["%s120"].block_scale, c["%s120"].b_type) == ("mxf8f6f4", "e2m3")
    assert (c["%s120b"].block_scale, c["%s120b"].vec_size, c["%s120b"].sf_type) == ("mxf4nvf4", 16, "ue4m3")
    sparse = configs("%x = cute_nvgpu.make_mma_atom {shape_MNK = [128, 128, 128], vec_size = 32} "
                     ": !cute_nvgpu.sm100.mma_bs_sp\n")["%x"]
    assert (sparse.sparse, sparse.block_scale) == (True, "mxf4")


def test_copy_configs():
    c = configs(MANY)
    assert c["%ldsm"] == AtomConfig("atom.ldsm", num_matrices=4)
    assert c["%ldsmt"] == AtomConfig("atom.ldsm", num_matrices=2, transpose=True)
    assert c["%ldsmd"] == AtomConfig("atom.ldsm", num_matrices=4)
    assert c["%stsm"] == AtomConfig("atom.stsm", num_matrices=4)
    assert c["%cpa"] == AtomConfig("atom.simt_async_copy", copy_bytes=16)
    assert c["%cpa8"] == AtomConfig("atom.simt_async_copy", copy_bytes=8, cache="ca")
    # The DSL's `32 DP, 32 bit, x32` is tcgen05.ld.32x32b.x32.
    assert c["%tl"] == AtomConfig("atom.tmem_load", tmem_shape="32x32b", repeat=32)
    assert c["%tl2"] == AtomConfig("atom.tmem_load", tmem_shape="16x256b", repeat=4)
    assert c["%ts"] == AtomConfig("atom.tmem_store", tmem_shape="16x32bx2", repeat=8, pack=True)
    assert c["%s2t"] == AtomConfig("atom.s2t_copy", cp_shape="128x256b")
    assert c["%tma"] == AtomConfig("atom.tma_load", tma_rank=3)
    assert c["%tre"] == AtomConfig("atom.tma_reduce", tma_rank=2, reduce_op="add")
    # A release orders the copy's store; its load stays weak (tables/atoms.UNIVERSAL_ORDER_HALVES).
    assert c["%uc"] == AtomConfig("atom.universal_copy", copy_bits=128, store=".release.gpu.global")


def test_applying_ops_take_a_from_their_operand_types():
    a = analyse(MANY)
    applied = [i for i in AS.document_sites(a) if i.text.startswith("cute_nvgpu.mma")]
    assert [i.config.a_source for i in applied] == ["smem_desc", "rmem"]   # alias resolved
    assert all(i.name == "%wgmma" for i in applied)


def test_incomplete_atoms_are_notes_not_problems():
    text = "%u = cute.make_atom : !cute_nvgpu.sm100.mma\n%l = cute.make_atom : !cute_nvgpu.atom.ldsm\n"
    c = configs(text)
    assert "does not say its shape_MNK" in c["%u"]
    assert "num_matrices" in c["%l"]
    p = PV.preview_module(analyse(text, "sm_100a"))
    assert p.problems == [] and p.kernels == ()
    assert "// line 1: %u = cute.make_atom" in p.ptx_text and "no kernel:" in p.ptx_text


def test_make_exec_tma_takes_rank_from_the_tile_layout():
    text = (EXAMPLES / "hopper_wgmma.ir").read_text()
    a = analyse(text)
    items = {i.text.split("=")[0].strip(): i for i in AS.document_sites(a)}
    assert items["%exec"].config == AtomConfig("atom.tma_load", tma_rank=2)
    assert "non_exec" in items["%atom"].note


TMA_CHAIN = """\
func.func @load(%tensor: memref<?x?xf16, 1>, %layout: !cute.layout<"(64,128):(1,64)">, %m: index,
                %tile: !cute.layout<"S<3,4,3> o 0 o (64,16):(16,1)">, %cta_map: !cute.layout<"(64,16):(1,64)">,
                %mbar: memref<1xi64, 3>, %smem: memref<1024xf16, 3>, %coord: index) {
  %desc = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%m, %m) strides(%m) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
  %atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map {num_multicast = 1} : !cute_nvgpu.atom.non_exec_tiled_tma_load
  %exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar {cache_mode = #cute_nvgpu.load_cache_mode<cg>} : !cute_nvgpu.atom.tma_load
  cute_nvgpu.atom.tma_load %exec, %smem, %coord {allow_tma = true, inBounds = true}
  return
}
"""


def _partition(analysis, text: str):
    """The partition result of the non-exec TMA atom of `text`."""
    from cute_ir.features.tma_partition import partition_at
    return partition_at(analysis, text.index("cute_nvgpu.atom.non_exec_tiled_tma_load"))


def test_tma_tile_bytes_come_from_the_partition_result():
    a = analyse(TMA_CHAIN)
    assert [d for d in a.diagnostics() if d.severity is Severity.ERROR] == []
    # What its mbarrier expects (the hover's expect_tx): 64 x 16 f16 elements.
    assert _partition(a, TMA_CHAIN).tile_bytes == 64 * 16 * 16 // 8


def test_a_multicast_load_expects_the_tile_each_cta_receives_not_num_multicast_tiles():
    # CUTLASS's SM90 multicast mainloops expect the SMEM tile's bytes per stage, whatever the
    # multicast: each CTA loads 1/num_multicast of the tile and every CTA receives all of it.
    multicast = TMA_CHAIN.replace("{num_multicast = 1}", "{load_mode = #cute_nvgpu.load_mode<w_multicast>, num_multicast = 2}")
    a = analyse(multicast, "sm_90a")
    [config] = {i.config for i in AS.document_sites(a) if i.config is not None and i.config.mnemonic == "atom.tma_load"}
    assert _partition(a, multicast).tile_bytes == 2048 and config.multicast_ctas == 2
    # The function's kernel from the lowered IR: the multicast form, to the first two CTAs.
    text = PV.preview_module(a).ptx_text
    assert re.search(r"mov\.b16 (%\w+), 3;\n(.*\n)*.*\.multicast::cluster.*\], \1, %\w+;$", text, re.M)


def test_a_tma_descriptor_is_a_grid_constant_parameter():
    text = PV.preview_module(analyse(TMA_CHAIN)).ptx_text
    assert ", .hidden .param .align 64 .b8 tma0[128])" in text
    assert "mov.b64 %tma0_param, tma0;\n  cvta.param.u64 %tma0, %tma0_param;" in text


PREFETCHED = TMA_CHAIN.replace("  cute_nvgpu.atom.tma_load", "  cute_nvgpu.prefetch_tma_desc %desc\n  cute_nvgpu.atom.tma_load")


def test_a_prefetched_descriptor_is_prefetched_before_the_transfer():
    text = PV.preview_module(analyse(PREFETCHED)).ptx_text
    assert "prefetch.tensormap [%tma0];" in text
    assert text.index("prefetch.tensormap [%tma0];") < text.index("cp.async.bulk.tensor")
    assert "prefetch.tensormap" not in PV.preview_module(analyse(TMA_CHAIN)).ptx_text


@needs_ptxas
def test_a_sized_tma_tile_assembles():
    assert FP.assemble(PV.preview_module(analyse(TMA_CHAIN)).ptx_text, "sm_90a", PTXAS) == []
    assert FP.assemble(PV.preview_module(analyse(PREFETCHED)).ptx_text, "sm_90a", PTXAS) == []


# A CTA pair's MMA commits as the kernel's own `nvvm.tcgen05.commit` does (CUTLASS
# include/cutlass/arch/barrier.h: `umma_arrive_2x1SM` arrives on one mbarrier address,
# `umma_arrive_multicast_2x1SM` on the barrier of every CTA in a mask).
PAIR_MMA = "!cute_nvgpu.sm100.mma<256x256x16, elem_type = (bf16, bf16, f32), frag_kind = ss>"
_ONE = "tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.b64"
_MULTICAST = "tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64"


def _pair_kernel(commit: str) -> str:
    return f"""\
func.func @host() {{
  %u = cute.make_atom : {PAIR_MMA}
  return
}}
func.func @kernel(%bar: !llvm.ptr<3>, %mask: i16) {{
  {commit}
  return
}}
"""


def _commit_forms(text: str) -> set[str]:
    ptx = PV.preview_module(analyse(text, "sm_100a")).ptx_text
    return set(re.findall(r"tcgen05\.commit[\w.:]*", ptx))


@pytest.mark.parametrize("commit,forms", [
    ("nvvm.tcgen05.commit %bar {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>", {_ONE}),
    ("nvvm.tcgen05.commit %bar, multicast_mask = %mask {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i16",
     {_MULTICAST}),
    # Unsaid: the form CUTLASS's SM100 pipelines release a stage with.
    ("", {_MULTICAST}),
], ids=["one-barrier", "multicast", "unsaid"])
def test_a_cta_pair_commits_as_the_kernels_code_does(commit, forms):
    assert _commit_forms(_pair_kernel(commit)) == forms


def test_a_unit_that_commits_itself_follows_its_own_code():
    text = (_pair_kernel("nvvm.tcgen05.commit %bar, multicast_mask = %mask {group = #nvvm.cta_group<cta_2>} "
                         ": !llvm.ptr<3>, i16")
            + f"func.func @own(%bar: !llvm.ptr<3>) {{\n  %v = cute.make_atom : {PAIR_MMA}\n"
              "  nvvm.tcgen05.commit %bar {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>\n  return\n}\n")
    assert _commit_forms(text) == {_ONE, _MULTICAST}


def test_each_op_commits_as_the_commit_that_tracks_it():
    """The DSL writes each commit as its own op, emitted as written: a kernel may release shared
    memory to both CTAs (a multicast commit) and signal its accumulator to one barrier. Each MMA
    commits as the first commit after it does; one after the last commit as the last does."""
    multicast = ("nvvm.tcgen05.commit %bar, multicast_mask = %mask {group = #nvvm.cta_group<cta_2>} "
                 ": !llvm.ptr<3>, i16")
    one = "nvvm.tcgen05.commit %bar {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>"
    text = (f"func.func @kernel(%bar: !llvm.ptr<3>, %mask: i16) {{\n"
            f"  %a = cute.make_atom : {PAIR_MMA}\n  {multicast}\n"
            f"  %b = cute.make_atom : {PAIR_MMA}\n  {one}\n"
            f"  %c = cute.make_atom : {PAIR_MMA}\n  return\n}}\n")
    ptx = PV.preview_module(analyse(text, "sm_100a")).ptx_text
    forms = {}
    for entry in ptx.split(".visible .entry ")[1:]:
        tag = re.search(r"//\s*@op\s*(%\w+)", entry).group(1)
        forms[tag] = set(re.findall(r"tcgen05\.commit[\w.:]*", entry))
    assert forms == {"%a": {_MULTICAST}, "%b": {_ONE}, "%c": {_ONE}}


@needs_ptxas
def test_a_cta_pair_committing_to_one_barrier_assembles():
    text = _pair_kernel("nvvm.tcgen05.commit %bar {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>")
    assert FP.assemble(PV.preview_module(analyse(text, "sm_100a")).ptx_text, "sm_100a", PTXAS) == []


# ------------------------------------------------------------------ module and line map
def test_module_has_one_kernel_per_op_in_document_order():
    a = analyse(MANY, "sm_90a")
    p = PV.preview_module(a, "sm_90a")
    lines = ptx_lines(p)
    assert ".target sm_90a" in lines
    assert p.target == "sm_90a" and p.ptxas_arch == "sm_90a"
    entries = [l for l in lines if l.startswith(".visible .entry ")]
    assert len(entries) == len(p.kernels)
    comments = [l for l in lines if l.startswith("// line ") and ": function `" not in l]
    numbers = [int(re.match(r"// line (\d+):", l).group(1)) for l in comments]
    assert numbers == sorted(numbers) and len(comments) == len(AS.document_sites(a))
    # Then the function that applies atoms, as the lowering pipeline leaves it.
    assert [l for l in lines if ": function `" in l] == [
        "// line 34: function `apply`, its atoms as the lowering pipeline's inline assembly"]


def test_a_preview_writes_the_kernels_of_so_many_functions_from_the_lowered_ir_and_says_how_many_more(monkeypatch):
    """Each such kernel costs the pipeline on its function: past MAX_LOWERED_FUNCTIONS the
    preview says how many more there are and where they are written."""
    start = MANY.index("  func.func @apply")
    apply = MANY[start:MANY.index("\n  }\n", start) + 5]
    text = MANY.replace(apply, "".join(apply.replace("@apply", f"@apply_{n}") for n in range(4)))
    monkeypatch.setattr(PV, "MAX_LOWERED_FUNCTIONS", 2)
    lines = ptx_lines(PV.preview_module(analyse(text, "sm_90a"), "sm_90a"))
    assert re.findall(r": function `(\w+)`", "\n".join(lines)) == ["apply_0", "apply_1"]
    assert ("// 2 more functions apply atoms; their kernels from the lowered IR are not written here "
            "(at most 2 a preview): `cute-ir lower --emit ptx` writes them all") in lines


def _two_functions_in_one_unit(second: str, edit) -> str:
    """MANY with `@apply` and a copy of it named `second`, changed by `edit`, in one unit (a
    generic-form module's region is not cut into units)."""
    start = MANY.index("  func.func @apply")
    apply = MANY[start:MANY.index("\n  }\n", start) + 5]
    return MANY.replace(apply, '  "builtin.module"() ({\n%s}) : () -> ()\n' % (apply + edit(apply.replace("@apply", second))))


def _notes(preview: PV.Preview) -> list[str]:
    """What follows the `// line` comment of each op of the two functions, in order."""
    lines = ptx_lines(preview)
    return [lines[n + 1] for n, l in enumerate(lines) if re.match(r"// line (3[5-9]|4\d): [%c]", l)]


@pytest.mark.parametrize("second,edit,why", [
    ("@refused", lambda f: f.replace("    return\n", "    %z = arith.constant 1 : i32\n    %s = math.ctpop %z : i32\n    return\n"),
     "`refused`: `math.ctpop` has no PTX here (the lowering left it)"),
], ids=["writer-refuses"])
def test_a_function_whose_kernel_is_not_written_keeps_its_atoms_kernels_and_only_its_own(second, edit, why):
    """Per function: the unit's other function still shows its atoms in its kernel from the
    lowered IR; only the unwritten one's atoms have kernels of their own."""
    a = analyse(_two_functions_in_one_unit(second, edit))
    p = PV.preview_module(a, "sm_90a")
    lines = ptx_lines(p)
    assert "apply" in p.kernels and second[1:] not in p.kernels
    notes = _notes(p)
    assert notes[:3] == ["//   in the kernel of function `apply` below, from the lowered IR"] * 3
    assert all(note.startswith(".visible .entry k") for note in notes[3:]) and len(notes) == 6
    assert f"//   not emitted: {why}; each atom's own kernel above shows its instructions" in lines
    if PTXAS is not None:
        assert FP.assemble(p.ptx_text, "sm_90a", PTXAS) == []


def test_a_pipeline_error_in_one_function_stops_only_that_function_s_kernel():
    """The pipeline reported an error on the unit: the function it lies in gets no kernel from
    the lowered IR (its ops are `check`'s), the other function of the unit keeps its kernel."""
    text = _two_functions_in_one_unit("@broken", lambda f: f.replace("c_type = f32}", "c_type = f16}"))
    a = analyse(text)
    [unit] = [u for u in a.units if not u.shell and "@broken" in text[u.start:u.end]]
    assert a.lowered_unit(unit, "sm_90a").failed
    p = PV.preview_module(a, "sm_90a")
    notes = _notes(p)
    assert notes[:3] == ["//   in the kernel of function `apply` below, from the lowered IR"] * 3
    assert notes[4:] == ["//   not lowered: expects operand c with element type f16, but get f32."] * 2
    assert "apply" in p.kernels and "not emitted" not in p.ptx_text


@pytest.mark.parametrize("path", sorted([*(REPO / "examples").glob("*.ir"), *(REPO / "tests/corpus/cutedsl").glob("*/raw.mlir"),
                                           EXAMPLES / "hopper_wgmma.ir"]), ids=lambda p: p.parent.name + "/" + p.name)
def test_a_function_written_from_the_ir_the_pipeline_left_is_what_its_printed_text_gives(path):
    """The preview's function kernels are written from the IR the pipeline left, not from its
    printed text read back as `cute-ir lower --emit ptx` reads it: the same kernels, each line
    mapped to the same line of the printed text."""
    a = analyse(path.read_text())
    for unit in a.units:
        if unit.shell:
            continue
        lowered = a.lowered_unit(unit, a.target_arch)
        from_text = lowered_kernels(lowered.text, a.target_arch)
        assert [(k.name, k.module, k.line_ops) for k in lowered.functions] == \
            [(k.name, k.module, k.line_ops) for k in from_text]


def test_line_map_points_at_the_op_that_produced_each_line():
    text = (EXAMPLES / "hopper_wgmma.ir").read_text()
    a = analyse(text)
    p = PV.preview_module(a, "sm_90a")
    lines = ptx_lines(p)
    mapped = dict(p.line_map)
    wgmma = next(n for n, l in enumerate(lines) if "wgmma.mma_async" in l)
    assert span_text(a, mapped[wgmma]).startswith("%wgmma = cute.make_atom {shape_MNK = [64, 128, 16]")
    # The load is in the function's kernel (written from the lowered IR), its line mapped to the
    # op that applies the atom; the op that binds it points there.
    [tma_line] = [n for n, l in enumerate(lines) if "cp.async.bulk.tensor" in l]
    assert span_text(a, mapped[tma_line]).startswith("cute_nvgpu.atom.tma_load %exec")
    exec_line = next(n for n, l in enumerate(lines) if l.startswith("// line 18: %exec ="))
    assert lines[exec_line + 1] == "//   in the kernel of function `gemm_mainloop` below, from the lowered IR"
    # Every instruction that implements an atom is mapped; the module header is not.
    for n, line in enumerate(lines):
        if "// @op " in line:
            assert n in mapped, line
    assert not any(n in mapped for n, l in enumerate(lines) if l.startswith((".version", ".target")))
    # From the IR side: the cursor in the wgmma op finds that kernel's lines.
    offset = text.index("%wgmma = cute.make_atom") + 3
    assert wgmma in p.lines_for_offset(len(text[:offset].encode()))


def test_illegal_atom_is_checks_diagnostic_instead_of_a_kernel():
    # The verifier already refuses the atom for the target: the preview reports that very
    # diagnostic (one verdict), and a lowering problem only where the verifier says nothing.
    text = (EXAMPLES / "hopper_wgmma.ir").read_text()
    a = analyse(text, "sm_100a")
    p = PV.preview_module(a, "sm_100a")
    assert "wgmma" not in "\n".join(l for l in ptx_lines(p) if not l.startswith("//"))
    (d,) = p.problems
    assert (d.source, d.severity, d.code) == (Source.VERIFY, Severity.ERROR, "verify.target")
    assert d in a.diagnostics()
    assert "sm_100a" in d.message and "sm_90a" in d.message
    assert "//   not lowered: atom `sm90.mma` needs sm_90a" in p.ptx_text


def test_unknown_target_is_reported_not_raised():
    p = PV.preview_module(analyse(MANY), "sm_99")
    assert p.problems and "unknown target" in p.problems[0].message and not p.kernels


def test_edit_recomputes_only_the_changed_unit(monkeypatch):
    text = (EXAMPLES / "hopper_wgmma.ir").read_text()
    a = analyse(text)
    PV.clear_cache()
    first = PV.preview_module(a, "sm_90a")
    walked = []
    original = AS.SiteWalker.items
    # (An atom's own kernel is written from a document of its own, features/atom_kernel.py: its
    # units are not this document's.)
    monkeypatch.setattr(AS.SiteWalker, "items", lambda self: (any(self.unit is u for u in a.units)
                                                              and walked.append(self.unit.start)) or original(self))
    assert PV.preview_module(a, "sm_90a").ptx_text == first.ptx_text
    assert walked == []                                  # every unit came from the cache
    start = text.index("[64, 128, 16]") + len("[64, ")
    a.update([(a.document.position(len(text[:start].encode())),
               a.document.position(len(text[:start + 3].encode())), "64")], 2)
    second = PV.preview_module(a, "sm_90a")
    assert len(walked) == 1                              # the edited function only
    assert "m64n64k16" in second.ptx_text and "m64n128k16" not in second.ptx_text


def test_a_whole_document_walk_keeps_each_units_sites_with_the_unit(monkeypatch):
    # A file of more units than the shared cache holds: walked in order, a cache of least recently
    # used entries would miss on every unit at every preview.
    monkeypatch.setattr(AS, "_CACHE_SIZE", 1)
    text = (EXAMPLES / "hopper_wgmma.ir").read_text()
    a = analyse(text)
    PV.clear_cache()
    a.diagnostics()
    # Verification walks the units too (the lowering check), but keeps nothing on them.
    assert not any(AS.KEPT_ON_UNIT in u.derived for u in a.units)
    first = PV.preview_module(a, "sm_90a")
    kept = [u for u in a.units if AS.KEPT_ON_UNIT in u.derived]
    assert len(kept) > 1 and all(not u.shell for u in kept)
    walked = []
    original = AS.SiteWalker.items
    # (An atom's own kernel is written from a document of its own, features/atom_kernel.py: its
    # units are not this document's.)
    monkeypatch.setattr(AS.SiteWalker, "items", lambda self: (any(self.unit is u for u in a.units)
                                                              and walked.append(self.unit.start)) or original(self))
    PV.clear_cache()
    assert PV.preview_module(a, "sm_90a").ptx_text == first.ptx_text
    assert walked == []                                  # every unit read its own
    start = text.index("[64, 128, 16]") + len("[64, ")
    a.update([(a.document.position(len(text[:start].encode())),
               a.document.position(len(text[:start + 3].encode())), "64")], 2)
    edited = a.unit_at(start)
    assert AS.KEPT_ON_UNIT not in edited.derived         # dropped with the unit's old text
    second = PV.preview_module(a, "sm_90a")
    assert walked == [edited.start]                      # the edited unit only
    assert "m64n64k16" in second.ptx_text and "m64n128k16" not in second.ptx_text
    assert AS.document_sites(a) == AS.document_sites(analyse(a.document.text))


USER_EXAMPLES = REPO / "examples"


@needs_ptxas
@pytest.mark.parametrize("path,arch", [
    (EXAMPLES / "hopper_wgmma.ir", "sm_90a"), (EXAMPLES / "hopper_wgmma.ir", "sm_100a"),
    (EXAMPLES / "blackwell_atoms.ir", "sm_100a"),
    (USER_EXAMPLES / "sm90_gemm_mainloop.ir", "sm_90a"), (USER_EXAMPLES / "sm100_umma.ir", "sm_100a"),
    (USER_EXAMPLES / "sm120_nvfp4.ir", "sm_120a"),
    (USER_EXAMPLES / "cute_dsl_dump.ir", "sm_90a"), (USER_EXAMPLES / "cute_dsl_dump.ir", "sm_100a"),
    (USER_EXAMPLES / "cute_dsl_dump.ir", "sm_120a"), (USER_EXAMPLES / "mistakes.ir", "sm_90a"),
], ids=lambda v: v.stem if isinstance(v, Path) else v)
def test_examples_assemble_with_ptxas(path, arch):
    a = analyse(path.read_text(), arch)
    p = PV.preview_module(a, arch)
    assert FP.assemble(p.ptx_text, arch, PTXAS) == []


# Every file a user or the tests preview: the examples, the verifier corpus, the CuTe DSL dumps.
EVERY_PREVIEWED = sorted([*(REPO / "examples").glob("*.ir"), *(REPO / "tests/corpus/verify").glob("*.ir"),
                          *(REPO / "tests/corpus/cutedsl").glob("**/*.mlir")])


@needs_ptxas
@pytest.mark.parametrize("path", EVERY_PREVIEWED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_preview_assembles_for_sm_100a(path):
    """Whatever a file mixes (a function of one-CTA and CTA-pair tcgen05 atoms, errors the
    verifiers report, atoms of other targets), its preview for sm_100a is a module ptxas accepts."""
    p = PV.preview_module(analyse(path.read_text(), "sm_100a"), "sm_100a")
    assert FP.assemble(p.ptx_text, "sm_100a", PTXAS) == []


@needs_ptxas
@pytest.mark.parametrize("arch", ["sm_80", "sm_89", "sm_90a", "sm_100a", "sm_100f", "sm_103a",
                                  "sm_110a", "sm_120a", "sm_121a"])
def test_every_family_assembles_for_its_targets(arch):
    p = PV.preview_module(analyse(MANY, arch), arch)
    assert p.kernels
    assert FP.assemble(p.ptx_text, arch, PTXAS) == []


# ------------------------------------------------------------------ ptxas
PTXAS_OUTPUT = """\
ptxas /tmp/cute-ir-x.ptx, line 12; error   : Unknown modifier '.bogus'
ptxas /tmp/cute-ir-x.ptx, line 30; warning : Advisory only
ptxas fatal   : Ptx assembly aborted due to errors
"""


def test_parse_ptxas_output():
    assert FP.parse_ptxas_output(PTXAS_OUTPUT) == [
        (11, "error", "Unknown modifier '.bogus'"), (29, "warning", "Advisory only")]
    assert FP.parse_ptxas_output("ptxas fatal   : Unsupported .version 9.9\n") == [
        (None, "error", "Unsupported .version 9.9")]


def test_ptxas_findings_land_on_the_op():
    text = (EXAMPLES / "hopper_wgmma.ir").read_text()
    a = analyse(text)
    p = PV.preview_module(a, "sm_90a")
    wgmma = next(n for n, l in enumerate(ptx_lines(p)) if "wgmma.mma_async" in l)
    diags = FP.ptxas_diagnostics(p, [FP.PtxasMessage(wgmma, "error", "boom"),
                                     FP.PtxasMessage(None, "error", "aborted"),
                                     FP.PtxasMessage(1, "warning", "header")])
    assert [d.source for d in diags] == [Source.PTXAS] * 3
    assert span_text(a, diags[0].span).startswith("%wgmma = cute.make_atom")
    assert diags[0].message.startswith(f"PTX line {wgmma + 1}: boom (in `wgmma.mma_async")
    assert diags[1].span == Span(0, 0) and diags[2].span == Span(0, 0)
    assert diags[2].severity is Severity.WARNING


@needs_ptxas
def test_real_ptxas_error_is_mapped_to_the_op():
    text = (EXAMPLES / "hopper_wgmma.ir").read_text()
    a = analyse(text)
    p = PV.preview_module(a, "sm_90a")
    broken = p.ptx_text.replace("wgmma.fence.sync.aligned;", "wgmma.fence.sync.bogus;")
    messages = FP.assemble(broken, "sm_90a", PTXAS)
    assert any(m.severity == "error" for m in messages)
    diags = FP.ptxas_diagnostics(p, messages)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    assert errors and all(span_text(a, d.span).startswith("%wgmma") for d in errors)


def test_missing_ptxas_is_a_message_not_an_exception(tmp_path):
    for path in ("definitely-not-a-ptxas-binary", str(tmp_path / "ptxas")):
        (m,) = FP.assemble(".version 9.0\n", "sm_90a", path)
        assert m.ptx_line is None and FP.is_not_found(m) and "not found" in m.message


def test_assemble_uses_a_private_temp_file_and_an_argument_vector(monkeypatch):
    seen = {}

    def fake_run(argv, **kwargs):
        path = argv[2]
        seen.update(argv=argv, kwargs=kwargs, mode=stat.S_IMODE(os.stat(path).st_mode),
                    text=open(path).read(), path=path)
        return subprocess.CompletedProcess(argv, 0, "", "")

    monkeypatch.setattr(FP, "find_ptxas", lambda p: "/opt/ptxas")
    monkeypatch.setattr(FP.subprocess, "run", fake_run)
    assert FP.assemble("// ptx\n", "sm_70") == []
    assert seen["argv"][:2] == ["/opt/ptxas", "-arch=sm_75"]      # sm_70 assembles as sm_75
    assert seen["argv"][3:] == ["-o", os.devnull]
    assert seen["kwargs"]["shell"] is False and seen["kwargs"]["timeout"] == FP.TIMEOUT_SECONDS
    assert seen["mode"] == 0o600 and seen["text"] == "// ptx\n"
    assert not os.path.exists(seen["path"])


def test_assemble_timeout_is_reported(monkeypatch):
    def slow(argv, **kwargs):
        raise subprocess.TimeoutExpired(argv, kwargs["timeout"])
    monkeypatch.setattr(FP, "find_ptxas", lambda p: "/opt/ptxas")
    monkeypatch.setattr(FP.subprocess, "run", slow)
    (m,) = FP.assemble("x", "sm_90a")
    assert m.severity == "error" and "did not finish" in m.message


# ------------------------------------------------------------------ descriptor fields
def desc(layout: str, bits: int, **kw) -> FD.SmemDescriptorLayout:
    value = parse_layout(layout).value
    return FD.smem_descriptor_layout(value, bits, **kw)


@pytest.mark.parametrize("layout,bits,major,kind,lbo,sbo", [
    # CUTLASS GMMA::Layout_K_SW128_Atom<half_t> tiled to 64x64: SBO = 8 rows x 128 B.
    ("S<3,4,3> o 0 o ((8,8),64):((64,512),1)", 16, "K", "B128", 1, 64),
    # Layout_K_SW32_Atom<half_t> (8,16):(16,1) tiled to 64x16.
    ("S<1,4,3> o 0 o ((8,8),16):((16,128),1)", 16, "K", "B32", 1, 16),
    # Layout_K_INTER_Atom<half_t> (8,8):(8,1) tiled to 64x16: LBO between the two K core matrices.
    ("((8,8),(8,2)):((8,64),(1,512))", 16, "K", "INTERLEAVE", 64, 8),
    # Layout_MN_SW128_Atom<half_t> (64,8):(1,64) tiled to 128x16.
    ("S<3,4,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))", 16, "MN", "B128", 64, 128),
    # FP8 K-major 128B swizzle: 128 elements per row.
    ("S<3,4,3> o 0 o ((8,16),128):((128,1024),1)", 8, "K", "B128", 1, 64),
])
def test_smem_descriptor_follows_cutlass_canonical_layouts(layout, bits, major, kind, lbo, sbo):
    d = desc(layout, bits)
    assert d.ok, d.problem
    assert (d.major, d.layout_type, d.lbo, d.sbo, d.inferred) == (major, kind, lbo, sbo, False)


def test_smem_descriptor_infers_the_swizzle_of_a_plain_layout():
    # fixtures/hopper_wgmma.ir's A tile: rows 32 B apart = the K-major SW32 form.
    d = desc("(64, 16):(16, 1)", 16, k_mode=1)
    assert (d.major, d.layout_type, d.inferred, d.lbo, d.sbo) == ("K", "B32", True, 1, 16)
    # Rows 256 B apart fit no canonical form.
    bad = desc("(16, 128):(128, 1)", 16, k_mode=0)
    assert not bad.ok and "256 bytes" in bad.problem
    # A written swizzle that disagrees with the row pitch.
    assert "needs" in desc("S<3,4,3> o 0 o (64, 16):(16, 1)", 16).problem


def test_smem_descriptor_view_words_match_cutlass():
    view = FD.smem_descriptor_view("S<3,4,3> o 0 o ((8,8),64):((64,512),1)", "f16", umma=False)
    fields = {f.name: f.value for f in view.fields}
    assert fields["start_address"] is None                          # unknown at compile time
    # CUTLASS host run: start 0x400 (encoded 0x40), LBO 1, SBO 64, B128 = 0x4000004000010040.
    assert view.word | D.matrix_descriptor_encode(0x400) == 0x4000004000010040
    umma = FD.smem_descriptor_view("S<3,4,3> o 0 o ((8,8),64):((64,512),1)", "f16", umma=True)
    ufields = {f.name: f.value for f in umma.fields}
    assert (ufields["layout_type"], ufields["version"], ufields["lbo_mode"]) == (2, 1, 0)
    assert [(f.low, f.width) for f in umma.fields] == [(f.low, f.width) for f in D.UMMA_SMEM_DESC.fields]


def test_instruction_descriptor_of_an_sm100_atom():
    text = ("%u = cute.make_atom : !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, mn), "
            "elem_type = (f16, f16, f32), frag_kind = ss>\n")
    a = analyse(text, "sm_100a")
    view = FD.descriptor_fields(a, text.index("sm100.mma"))
    # make_instr_desc<half_t, half_t, float, 128, 256, K, MN> (CUTLASS host run).
    assert view.word == 0x08410010 == D.umma_instr_desc("f16", "f16", "f16", "f32", 128, 256, b_major=1)
    assert {f.name: f.value for f in view.fields}["n_dim"] == 32


def test_descriptor_fields_at_positions():
    text = (EXAMPLES / "hopper_wgmma.ir").read_text()
    a = analyse(text)
    at = lambda needle, n=0: len(text[:[i for i in range(len(text)) if text.startswith(needle, i)][n]].encode())
    view = FD.descriptor_fields(a, at("smem_desc_view"))
    assert "GmmaDescriptor" in view.title and "K-major, B32" in view.title
    assert {f.name: f.value for f in view.fields}["stride_byte_offset"] == 16   # 256 B
    on_b = FD.descriptor_fields(a, at("smem_desc_view", 1))
    assert "not a canonical" in on_b.title
    assert FD.descriptor_fields(a, at("%tensor_a")) is None
    # A CUtensorMap has no public bit layout: its encode parameters, without bit positions.
    tma = FD.descriptor_fields(a, at("tma_descriptor_tiled"))
    assert tma.title.startswith("CUtensorMap (tiled) encode parameters")
    assert tma.fields and all(f.low is None for f in tma.fields)
    # On sm_100a a view nobody consumes is read as a tcgen05 descriptor.
    b = analyse(text, "sm_100a")
    assert "SmemDescriptor" in FD.descriptor_fields(b, at("smem_desc_view")).title


SM100_APPLY = """\
!umma = !cute_nvgpu.sm100.mma
#sw128 = #cute.layout<"S<3,4,3> o 0 o ((8,16),64):((64,512),1)">
func.func @g(%d: memref<64xf32, 6>, %a: !cute_nvgpu.smem_desc_view<memref<8192xf16, 3>, #sw128>, %b: !cute_nvgpu.smem_desc_view<memref<8192xf16, 3>, #sw128>) {
  %u = cute_nvgpu.make_mma_atom {shape_MNK = [128, 128, 16], a_type = f16, b_type = f16, c_type = f32} : !umma
  cute_nvgpu.mma %u, %d, %a, %b, %d : (!umma, memref<64xf32, 6>, !cute_nvgpu.smem_desc_view<memref<8192xf16, 3>, #sw128>, !cute_nvgpu.smem_desc_view<memref<8192xf16, 3>, #sw128>, memref<64xf32, 6>)
  return
}
"""


@pytest.mark.parametrize("needle,occurrence", [("%u =", 0), ("!umma", 1), ("!umma", 2),
                                               ("cute_nvgpu.mma", 0), ("%u,", 0)])
def test_instruction_descriptor_through_aliases_values_and_the_applying_op(needle, occurrence):
    a = analyse(SM100_APPLY, "sm_90a")
    index = -1
    for _ in range(occurrence + 1):
        index = SM100_APPLY.index(needle, index + 1)
    view = FD.descriptor_fields(a, index)
    # The attributes of the building op configure the atom wherever the cursor is.
    assert view.word == D.umma_instr_desc("f16", "f16", "f16", "f32", 128, 128) == 0x08200010


def test_smem_descriptor_of_an_operand_follows_its_consumer():
    # The consumer is an sm100 atom: the tcgen05 word, whatever the target.
    a = analyse(SM100_APPLY, "sm_90a")
    view = FD.descriptor_fields(a, SM100_APPLY.index("%a,"))
    assert "SmemDescriptor" in view.title and "operand A of `sm100.mma`" in view.title
    fields = {f.name: f.value for f in view.fields}
    assert (fields["layout_type"], fields["stride_byte_offset"], fields["version"]) == (2, 64, 1)


@pytest.mark.parametrize("mode, spelling, policy", [
    ("cg", ".L2::cache_hint [%", "0x1000000000000000;  // L2 evict_normal"),
    ("streaming", ".L2::cache_hint [%", "0x12F0000000000000;  // L2 evict_first"),
    ("lu", ".L2::cache_hint [%", "0x12F0000000000000;  // L2 evict_first"),
    ("none", "complete_tx::bytes [%", None),
])
def test_the_cache_mode_picks_the_l2_policy_of_the_tma_load(mode, spelling, policy):
    """`make_exec_tma`'s cache mode becomes CUTLASS's encoded L2 policy, written as CUTLASS spells
    it with the policy's name, or no hint at all."""
    text = PV.preview_module(analyse(TMA_CHAIN.replace("load_cache_mode<cg>", f"load_cache_mode<{mode}>"))).ptx_text
    assert spelling in text
    if policy is None:
        assert ".L2::cache_hint" not in text
    else:
        assert re.search(rf"mov\.b64 (%\w+), {policy}\n(.*\n)*.*\], \1;$", text, re.M), text


REDUCE_CHAIN = """\
func.func @red(%t: memref<?x?xf32, 1>, %l: !cute.layout<"(32,128):(1,32)">, %m: index, %tile: !cute.layout<"S<3,4,3> o 0 o (32,8):(8,1)">,
               %cta_map: !cute.layout<"(32,8):(1,32)">, %mbar: memref<1xi64, 3>, %smem: memref<256xf32, 3>, %coord: !cute.coord<"(0,0)">) {
  %desc = nv_tileas.make_tiled_tma_desc %t, %l shapes(%m, %m) strides(%m) paddings() {mode = #cute_nvgpu.tma_store_mode<reduce>, elementBitWidth = 32} : !cute_nvgpu.tma_descriptor_tiled
  %red = cute_nvgpu.atom.non_exec_tiled_tma_reduce %desc, %tile, %cta_map {reduce_kind = #cute_nvgpu.reduce_kind<add>} : !cute_nvgpu.atom.non_exec_tiled_tma_reduce
  %exec = cute_nvgpu.atom.make_exec_tma %red, %mbar : !cute_nvgpu.atom.tma_reduce
  cute_nvgpu.atom.tma_reduce %exec, %smem, %coord
  %red2 = cute_nvgpu.atom.non_exec_tiled_tma_reduce %desc, %tile, %cta_map : !cute_nvgpu.atom.non_exec_tiled_tma_reduce
  %exec2 = cute_nvgpu.atom.make_exec_tma %red2, %mbar : !cute_nvgpu.atom.tma_reduce
  cute_nvgpu.atom.tma_reduce %exec2, %smem, %coord {kind = #cute_nvgpu.reduce_kind<add>}
  return
}
"""


def test_a_reduce_chain_takes_its_kind_from_the_non_exec_atom_or_the_transfer():
    a = analyse(REDUCE_CHAIN)
    assert [d for d in a.diagnostics() if d.code.startswith("lower.")] == []
    text = PV.preview_module(a).ptx_text
    lines = [line for line in text.splitlines() if line.strip().startswith("cp.reduce.async.bulk.tensor")]
    # The first transfer (its kind bound from reduce_kind) and the second (its own kind).
    assert len(lines) == 2 and all(".add.tile.bulk_group" in line for line in lines)
    from cute_ir.features.lowered import lower
    result = lower(a)
    assert result.ok and not [d for d in result.diagnostics if d.code == "lower.not-lowered"]
    assert result.stages[-1].text.count("cp.reduce.async.bulk.tensor.2d") == 2


def test_a_transfer_is_configured_by_its_partition_result_s_flags():
    two_cta = TMA_CHAIN.replace("{num_multicast = 1}", "{load_mode = #cute_nvgpu.load_mode<two_cta>, num_multicast = 1}")
    [config] = {i.config for i in AS.document_sites(analyse(two_cta, "sm_100a"))
                if i.config is not None and i.config.mnemonic == "atom.tma_load"}
    assert (config.cta_group, config.tma_rank) == (2, 2)       # bit 4: a CTA pair
    assert ".cta_group::2" in PV.preview_module(analyse(two_cta, "sm_100a")).ptx_text
    # A CTA pair is Blackwell's: on sm_90a the transfer has no PTX, as completion says.
    assert any(d.code == "lower.target" for d in analyse(two_cta, "sm_90a").diagnostics())


# The page's worked example (tma-atoms, "Worked Example") as the page writes it: no result type
# on the non-exec atom, the binder or the load. `make_exec_tma` implies the executable atom of
# the transfer the non-exec op it binds describes: here `atom.tma_load`.
TMA_PAGE = """\
func.func @load(%tensor: memref<?x?x?xf16, 1>, %layout: !cute.layout<"(64,16,4):(1,64,1024)">,
                %m: index, %n: index, %k: index, %sn: index, %sk: index,
                %tile: !cute.layout<"S<3,4,3> o 0 o (64,16):(16,1)">, %cta_map: !cute.layout<"(64,16):(1,64)">,
                %mbar: memref<1xi64, 3>, %smem_tile: memref<1024xf16, 3>, %coord: index) {
""" + PAGE_EXAMPLE + """\
return
}
"""


def test_the_pages_tma_chain_without_result_types_previews_its_load():
    a = analyse(TMA_PAGE)
    assert [d for d in a.diagnostics() if d.severity is Severity.ERROR] == []
    items = {i.text.split("=")[0].strip(): i for i in AS.document_sites(a)}
    assert items["%exec"].config.mnemonic == "atom.tma_load"
    text = PV.preview_module(a).ptx_text
    assert "has no op that builds or applies" not in text
    assert re.search(r"^  cp\.async\.bulk\.tensor\.\dd\.shared::cta\.global\.tile\.mbarrier::complete_tx::bytes"
                     r"\.L2::cache_hint \[%\w+\], \[%tma0, \{.*\}\], \[%\w+\], %\w+;  // @op %exec$", text, re.M)


def test_the_pages_tma_chain_without_result_types_lowers():
    from cute_ir.features.lowered import lower
    result = lower(analyse(TMA_PAGE))
    assert result.ok and not result.diagnostics
    final = result.stages[-1].text
    assert "cute_nvgpu.atom.tma_load" not in final and "cp.async.bulk.tensor." in final


# An im2col descriptor's load and an im2col store mode (flags bit 1): the transfers take PTX's
# im2col forms from the partition result, whatever the atoms themselves say of a mode.
IM2COL_CHAIN = """\
func.func @conv(%tensor: memref<?x?x?xf16, 1>, %layout: !cute.layout<"(64,16,4):(1,64,1024)">, %m: index,
                %tile: !cute.layout<"S<3,4,3> o 0 o (64,16):(16,1)">, %cta_map: !cute.layout<"(64,16):(1,64)">,
                %mbar: memref<1xi64, 3>, %smem: memref<1024xf16, 3>, %coord: index) {
  %desc = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%m, %m, %m) strides(%m, %m) paddings() {mode = #cute_nvgpu.tma_load_mode<im2col>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_im2col
  %atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map {num_multicast = 1}
  %exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar
  cute_nvgpu.atom.tma_load %exec, %smem, %coord
  %sdesc = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%m, %m, %m) strides(%m, %m) paddings() {mode = #cute_nvgpu.tma_store_mode<store>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
  %satom = cute_nvgpu.atom.non_exec_tiled_tma_store %sdesc, %tile, %cta_map {store_mode = #cute_nvgpu.store_mode<im2col>}
  %sexec = cute_nvgpu.atom.make_exec_tma %satom, %mbar
  cute_nvgpu.atom.tma_store %sexec, %smem, %coord
  return
}
"""


def test_the_im2col_flag_of_the_partition_result_picks_the_im2col_forms():
    a = analyse(IM2COL_CHAIN, "sm_90a")
    assert [d for d in a.diagnostics() if d.severity is Severity.ERROR] == []
    modes = {i.config.mnemonic: i.config.tma_mode for i in AS.document_sites(a)
             if i.config is not None and i.config.mnemonic.startswith("atom.tma_")}
    assert modes == {"atom.tma_load": "im2col", "atom.tma_store": "im2col_no_offs"}
    text = PV.preview_module(a).ptx_text
    assert "cp.async.bulk.tensor.3d.shared::cta.global.im2col.mbarrier::complete_tx::bytes" in text
    assert "cp.async.bulk.tensor.3d.global.shared::cta.im2col_no_offs.bulk_group" in text
    assert ".global.tile." not in text and ".shared::cta.tile." not in text
    # A tiled descriptor and store mode keep the tile forms.
    tiled = IM2COL_CHAIN.replace("tma_load_mode<im2col>", "tma_load_mode<tiled>").replace(
        "tma_descriptor_im2col", "tma_descriptor_tiled").replace("store_mode<im2col>", "store_mode<tiled>")
    assert {i.config.tma_mode for i in AS.document_sites(analyse(tiled, "sm_90a"))
            if i.config is not None and i.config.mnemonic.startswith("atom.tma_")} == {"tile"}


@needs_ptxas
def test_the_im2col_forms_assemble():
    assert FP.assemble(PV.preview_module(analyse(IM2COL_CHAIN, "sm_90a")).ptx_text, "sm_90a", PTXAS) == []


def test_a_repeated_preview_reads_the_ops_a_written_function_shows_from_its_unit(monkeypatch):
    """Which ops a function written from the lowered IR shows is kept with its unit (relative to
    its start): a repeated preview lifts no unit again, and after an edit that moves the units
    the preview is a fresh analysis's."""
    fixtures = REPO / "tests" / "emit" / "fixtures"
    text = (fixtures / "atom_mainloop.ir").read_text() + (fixtures / "atom_epilogue.ir").read_text()
    a = analyse(text)
    PV.clear_cache()
    first = PV.preview_module(a, "sm_90a")
    assert set(first.kernels) >= {"mainloop", "epilogue"}
    lifted = []
    original = type(a).lifted_unit
    monkeypatch.setattr(type(a), "lifted_unit", lambda self, unit: lifted.append(unit.start) or original(self, unit))
    again = PV.preview_module(a, "sm_90a")
    assert lifted == [] and again.ptx_text == first.ptx_text and again.line_map == first.line_map
    a.update([(a.document.position(0), a.document.position(0), "// moved\n")], 2)
    moved = PV.preview_module(a, "sm_90a")
    # The lowered units are cached by their text: a fresh analysis of the moved text finds them
    # too, each line mapped where its op now is.
    fresh = PV.preview_module(analyse(a.document.text), "sm_90a")
    assert moved.ptx_text == fresh.ptx_text and moved.line_map == fresh.line_map
    assert "in the kernel of function `epilogue` below" in moved.ptx_text
    lines = moved.ptx_text.split("\n")
    [span] = moved.spans_for_line(next(n for n, line in enumerate(lines) if line.strip().startswith("setp.lt.f32")))
    assert a.document.data[span.start:span.end].startswith(b"%neg = arith.cmpf olt, %v, %zero")
