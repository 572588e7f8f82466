"""The PTX emitter without the assembler: module structure, origin tags, refusals."""
from __future__ import annotations

import re

import pytest

from cute_ir.emit.ptx import EmitError, PtxModule, emit_module, emit_ptx, enumerate_configs, hand_built
from cute_ir.features.atom_kernel import config_kernel
from cute_ir.tables.legality import AtomConfig, check_config, supported_targets
from cute_ir.tables import tiers as T

WGMMA_SS = AtomConfig("sm90.mma", (64, 128, 16), "f16", "f16", "f32", a_source="smem_desc")
UMMA_F16 = AtomConfig("sm100.mma", (128, 256, 16), "f16", "f16", "f32", a_source="smem_desc")
SM80 = AtomConfig("sm80.mma", (16, 8, 16), "f16", "f16", "f32")


def test_module_header_and_kernel():
    m = emit_ptx(SM80, "sm_80")
    assert isinstance(m, PtxModule) and m.ok
    lines = m.text.splitlines()
    assert lines[:3] == [".version 9.0", ".target sm_80", ".address_size 64"]
    assert sum(1 for l in lines if l.startswith(".visible .entry ")) == 1
    assert "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" in m.text
    assert m.text.count("st.global.f32") == 4          # every D register is stored
    assert m.ptxas_arch == "sm_80"


def test_sm70_module_assembles_with_sm75():
    m = emit_ptx(AtomConfig(None, (8, 8, 4), "f16", "f16", "f32"), "sm_70")
    assert ".target sm_70" in m.text and m.ptxas_arch == "sm_75"


def test_origin_tags_map_lines_back():
    m = emit_ptx(WGMMA_SS, "sm_90a", origin="%12")
    lines = m.text.splitlines()
    assert set(m.line_origins.values()) == {"%12"}
    tagged = [lines[n - 1] for n in sorted(m.line_origins)]
    assert [re.sub(r"\s.*", "", l.strip()) for l in tagged] == [
        "wgmma.fence.sync.aligned;", "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16",
        "wgmma.commit_group.sync.aligned;", "wgmma.wait_group.sync.aligned"]
    assert all(l.endswith("// @op %12") for l in tagged)
    untagged = [l for i, l in enumerate(lines, 1) if i not in m.line_origins]
    assert not any("@op" in l for l in untagged)
    assert not emit_ptx(WGMMA_SS, "sm_90a").line_origins


def test_batch_module_keeps_origins_apart():
    m = emit_module([(SM80, "a"), (WGMMA_SS, "b")], "sm_90a")
    assert len(m.kernels) == 2
    assert set(m.line_origins.values()) == {"a", "b"}
    first_b = min(n for n, o in m.line_origins.items() if o == "b")
    assert max(n for n, o in m.line_origins.items() if o == "a") < first_b


def test_wgmma_rs_and_integer_forms():
    rs = emit_ptx(AtomConfig("sm90.mma", (64, 64, 16), "bf16", "bf16", "f32",
                             a_source="rmem"), "sm_90a")
    assert re.search(r"m64n64k16\.f32\.bf16\.bf16 \{[^}]*\}, \{%a0, %a1, %a2, %a3\}, %bdesc, "
                     r"%scale_d, 1, 1, 0;", rs.text)
    i8 = emit_ptx(AtomConfig("sm90.mma", (64, 48, 32), "s8", "u8", "s32", a_source="smem_desc",
                             saturate=True), "sm_90a")
    assert re.search(r"m64n48k32\.satfinite\.s32\.s8\.u8 \{[^}]*\}, %adesc, %bdesc, %scale_d;",
                     i8.text)


def test_a_cta_pair_s_tcgen05_kernel_shape():
    """Every tcgen05.mma has its kernel from the lowering (tests/emit/test_atom_kernel.py), a CTA
    pair's in tensor memory its function allocates."""
    assert isinstance(emit_ptx(UMMA_F16, "sm_100a"), EmitError)
    config = AtomConfig("sm100.mma_sp", (256, 256, 32), "bf16", "bf16", "f32", sparse=True, cta_group=2, a_source="tmem")
    assert isinstance(emit_ptx(config, "sm_100f"), EmitError)
    cta2 = config_kernel(config, "k0", "sm_100f").module
    assert "cta_group::1" not in cta2.text                # never mixed in one kernel
    assert re.search(r"tcgen05\.mma\.sp\.cta_group::2\.kind::f16\.collector::a::discard \[%\w+\], \[%\w+\], "
                     r"%\w+, \[%\w+\], %\w+,", cta2.text)


def test_sm120_block_scaled():
    m = emit_ptx(AtomConfig("SM120.mma_bs", (16, 8, 64), "e2m1", "e2m1", "f32",
                            block_scale="mxf4nvf4", vec_size=16, sf_type="ue4m3"), "sm_121a")
    assert ("mma.sync.aligned.kind::mxf4nvf4.block_scale.scale_vec::4X.m16n8k64.row.col"
            ".f32.e2m1.e2m1.f32.ue4m3") in m.text


def test_mma_sp_operands():
    m = emit_ptx(AtomConfig("sm80.sparse_mma", (16, 8, 16), "f16", "f16", "f32",
                            sparse_selector=3), "sm_86")
    assert re.search(r"mma\.sp::ordered_metadata\.sync\.aligned\.m16n8k16\.row\.col"
                     r"\.f32\.f16\.f16\.f32 \{[^}]+\}, \{%a0, %a1\}, \{%b0, %b1\}, \{[^}]+\}, "
                     r"%e, 3;", m.text)


@pytest.mark.parametrize("config, target, fragment", [
    (WGMMA_SS, "sm_100a", "sm_90a only"),
    (WGMMA_SS, "sm_90", "sm_90a only"),
    (UMMA_F16, "sm_120a", "sm_100f"),
    (UMMA_F16, "sm_100", "sm_100f"),
    (AtomConfig("sm100.mma", (128, 128, 32), "s8", "s8", "s32", a_source="smem_desc"),
     "sm_100f", "sm_100a"),
    (AtomConfig("sm100.mma_bs_sp", (128, 128, 128), "e2m1", "e2m1", "f32", block_scale="mxf4",
                sf_type="ue8m0", a_source="smem_desc"), "sm_103f", "sm_103a"),
    (AtomConfig("SM120.mma_bs", (16, 8, 64), "e2m1", "e2m1", "f32", block_scale="mxf4nvf4",
                vec_size=16, sf_type="ue8m0"), "sm_120a", "not ue8m0"),
    (AtomConfig("SM120.mma_bs", (16, 8, 32), "e4m3", "e4m3", "f32", block_scale="mxf8f6f4",
                sf_type="ue8m0"), "sm_120", "sm_120f"),
    (AtomConfig("sm90.mma", (64, 40, 32), "s8", "s8", "s32", a_source="smem_desc"), "sm_90a",
     "not legal"),
    (AtomConfig("sm90.mma", (64, 64, 64), "s4", "s4", "s32", a_source="smem_desc"), "sm_90a",
     "no form"),
    (AtomConfig("sm90.mma", (64, 64, 16), "f16", "f16", "f32", a_source="tmem"), "sm_90a",
     "not tmem"),
    (AtomConfig("sm100.mma", (64, 64, 16), "f16", "f16", "f32", cta_group=2,
                a_source="smem_desc"), "sm_100a", "not legal"),
    (AtomConfig("sm100.mma_bs", (64, 64, 32), "e4m3", "e4m3", "f32", block_scale="mxf8f6f4",
                sf_type="ue8m0", a_source="smem_desc"), "sm_100a", "not legal"),
    (AtomConfig("sm80.mma", (16, 8, 16), "f16", "f16", "f32"), "sm_75", "sm_80"),
    (AtomConfig(None, (8, 8, 4), "f16", "f16", "f32", saturate=True), "sm_80", "integer"),
    (AtomConfig("sm80.sparse_mma", (16, 8, 32), "s8", "s8", "s32", sparse_selector=2), "sm_80",
     "selector"),
    (AtomConfig("atom.simt_async_copy", cache="cg", copy_bytes=8), "sm_80", "legal"),
    (AtomConfig("atom.stsm", num_matrices=4), "sm_89", "sm_90"),
    (AtomConfig("atom.ldsm", num_matrices=4), "sm_70", "sm_75"),
    (AtomConfig("atom.tmem_load", tmem_shape="16x256b", repeat=64), "sm_100a", ".num"),
    (AtomConfig("atom.tmem_store", tmem_shape="32x32b", repeat=4), "sm_120a", "sm_100f"),
    (AtomConfig("atom.s2t_copy", cp_shape="64x128b"), "sm_100a", "no form"),
    (AtomConfig("atom.tma_load", tma_rank=2, tma_mode="im2col"), "sm_90", "rank"),
    (AtomConfig("atom.tma_store", tma_rank=2), "sm_89", "sm_90"),
    (AtomConfig("smem_desc_view"), "sm_90a", "descriptor type"),
    (AtomConfig("atom.non_exec_tiled_tma_load"), "sm_90a", "non-executing"),
    (AtomConfig("sm80.mma", (16, 8, 16), "f16", "f16", "f32"), "sm_999", "unknown SM target"),
    (AtomConfig("sm42.mma"), "sm_80", "unknown atom"),
])
def test_refusals_are_returned_not_raised(config, target, fragment):
    result = emit_ptx(config, target)
    assert isinstance(result, EmitError) and not result.ok
    assert fragment in result.message, result.message
    assert check_config(config, target) == result.message


def test_supported_targets():
    assert supported_targets(WGMMA_SS) == ("sm_90a",)
    assert supported_targets(UMMA_F16) == T.targets_satisfying(("sm_100f", "sm_110f"))
    assert supported_targets(AtomConfig(None, (8, 8, 4), "f16", "f16", "f16")) == tuple(
        t.name for t in T.TARGETS)


def test_enumeration_is_emittable_and_unique():
    configs = enumerate_configs()
    assert len(configs) == len(set(configs)) > 1000
    labels = {}
    for c in configs:
        targets = supported_targets(c)
        assert targets, c
        labels.setdefault(c.label(), c)
    assert len(labels) == len(configs)      # labels are distinct test ids / kernel names


def test_kernel_names_are_ptx_identifiers():
    for c in [c for c in enumerate_configs() if hand_built(c)][::37]:
        m = emit_ptx(c, supported_targets(c)[0])
        name = re.search(r"\.visible \.entry (\S+)\(", m.text).group(1)
        assert re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name)


def test_default_a_source_is_the_rows_first_residency():
    ss = emit_ptx(AtomConfig("sm90.mma", (64, 8, 16), "f16", "f16", "f32"), "sm_90a")
    assert "%adesc, %bdesc" in ss.text                       # wgmma defaults to SS
    umma = config_kernel(AtomConfig("sm100.mma", (256, 64, 8), "tf32", "tf32", "f32", cta_group=2), "k0", "sm_110a")
    assert re.search(r"kind::tf32\.collector::a::discard \[%\w+\], %\w+, %\w+, ", umma.module.text)   # SS


def test_a_multicast_load_feeds_as_many_ctas_as_num_multicast_says():
    for ctas, mask in ((None, 3), (2, 3), (4, 15), (8, 255)):
        config = AtomConfig("atom.tma_load", tma_rank=2, multicast=True, multicast_ctas=ctas)
        kernel = config_kernel(config, "k0", "sm_90a")
        assert re.search(rf"mov\.b16 (%\w+), {mask};\n(.*\n)*.*\.multicast::cluster.*\], \1, %\w+;  // @op %exec$",
                         kernel.module.text, re.M), kernel.module.text


def test_a_cta_pair_s_load_has_its_kernel_whatever_its_mma_commits():
    # A kernel whose CTA pair's MMA commits to both CTAs (the CuTe DSL's 2-CTA multicast
    # mainloop) gives its loads `commit_multicast`, which no TMA instruction reads.
    for multicast in (False, True):
        config = AtomConfig("atom.tma_load", tma_rank=2, multicast=multicast, cta_group=2, commit_multicast=True)
        kernel = config_kernel(config, "k0", "sm_100a")
        assert kernel is not None and ".cta_group::2 [" in kernel.module.text
        assert (".multicast::cluster" in kernel.module.text) == multicast


@pytest.mark.parametrize("config", [AtomConfig("atom.tma_store", tma_rank=2), AtomConfig("atom.ldsm", num_matrices=4),
                                    AtomConfig("atom.stsm", num_matrices=2, transpose=True)], ids=["tma", "ldsm", "stsm"])
def test_a_kernel_only_the_lowering_writes_is_refused_here(config):
    assert not hand_built(config)
    assert "the lowering's" in emit_module([(config, None)], "sm_90a").message
