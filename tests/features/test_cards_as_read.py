"""Hover cards of the corpus's atom kinds read as a kernel engineer reads them: each parameter
says what the value written means (not another atom's parameter of the same name), the copy
variant is the one the type picks, and the PTX line is the instruction the preview emits, with
the modifiers the DSL's own PTX has."""
from __future__ import annotations

import re

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.preview import preview_module
from cute_ir.features.hover import hover
from cute_ir.ir.target import FROM_DEFAULT


def _document(text: str) -> str:
    return f"func.func @atom() {{\n  %a = cute.make_atom() : () -> {text}\n  return\n}}\n"


def _card(text: str) -> tuple[str, DocumentAnalysis]:
    source = _document(text)
    analysis = DocumentAnalysis("file:///atom.mlir", source, settings=Settings(target_from=FROM_DEFAULT))
    return hover(analysis, source.index("!cute_nvgpu") + len("!cute_nvgpu.")).markdown, analysis


def _meaning(card: str, parameter: str) -> str:
    return re.search(rf"^\| `{re.escape(parameter)}` \| (.*) \|$", card, re.M).group(1)


def _ptx(card: str) -> list[str]:
    return card.split("**PTX:**\n```ptx\n", 1)[1].split("\n```", 1)[0].splitlines()


def _variants(card: str) -> tuple[str, list[str]]:
    title = re.search(r"^\*\*Copy variants?.*$", card, re.M).group(0)
    table = card.split(title, 1)[1].split("\n\n", 2)[1]
    return title, re.findall(r"^\| `([^`]+)` \|", table, re.M)


TMA_PAIR = ('!cute_nvgpu.atom.tma_load<f16, copy_bits = 131072, mode = tiled, num_cta = 2, '
            'g_stride = <"()"> mcast = true tma_gbasis = <"(64,128):(1@1,1@0)">>')
TMA_ONE = ('!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, '
           'g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>')
TMA_REDUCE = ('!cute_nvgpu.atom.tma_reduce<f32, copy_bits = 32768, mode = tiled, kind = ADD, '
              'g_stride = <"()"> tma_gbasis = <"(32,32):(1@1,1@0)">>')


def test_an_executable_tma_atoms_parameters_are_its_own():
    card, _ = _card(TMA_PAIR)
    assert _meaning(card, "mode = tiled") == ("how the transfer addresses the tensor: `.tile`: a box of "
                                               "the tensor, as its tensor map tiles it")
    assert "matrix" not in _meaning(card, "mode = tiled")
    assert _meaning(card, 'g_stride = <"()">').startswith("the global tensor's stride")
    assert _meaning(card, "num_cta = 2") == ("CTAs that issue the MMA or TMA transfer together: a CTA "
                                             "pair (`.cta_group::2`), which only tcgen05's targets run "
                                             "(sm_100f, sm_110f)")
    reduce_card, _ = _card(TMA_REDUCE)
    assert _meaning(reduce_card, "kind = ADD") == "the reduction the transfer applies: `.add`"


@pytest.mark.parametrize("text,variant,instruction", [
    (TMA_PAIR, "tile.multicast",
     "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"
     ".L2::cache_hint.cta_group::2"),
    (TMA_ONE, "tile",
     "cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint"),
    (TMA_REDUCE, "tile",
     "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group.L2::cache_hint"),
])
def test_an_executable_tma_atom_picks_its_transfer_and_the_previews_instruction(text, variant, instruction):
    """The corpus's own forms (sm100_umma_2cta_multicast, sm90_tma_wgmma_stmatrix,
    sm90_tma_store_reduce kernel.ptx): the card names the instruction the preview emits."""
    card, analysis = _card(text)
    assert _variants(card) == ("**Copy variant:**", [variant])
    [line] = _ptx(card)
    assert line.split(" ", 1)[0] == instruction
    preview = preview_module(analysis).ptx_text
    assert re.search(rf"^\s*{re.escape(instruction)} ", preview, re.M), preview


@pytest.mark.parametrize("text,variant", [
    ("!cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>", "cg.16"),
    ("!cute_nvgpu.atom.simt_async_copy<f32, cache = always, 32 b>", "ca.4"),
    ("!cute_nvgpu.atom.universal_copy<f32>", "bits"),
    ("!cute_nvgpu.atom.universal_copy<f16, 128 b>", "bits"),
    ("!cute_nvgpu.atom.universal_copy<i8, 256 b>", "bits256"),
])
def test_a_copy_type_that_says_its_variant_shows_only_it(text, variant):
    card, _ = _card(text)
    assert _variants(card) == ("**Copy variant:**", [variant])


@pytest.mark.parametrize("text,mode,count", [
    # The DSL counts 16x8 stmatrix matrices of its values: its own PTX (sm100_stsm_wide).
    ('!cute_nvgpu.atom.stsm<f32, mode = <"(16,8)">, num_matrices = 1, t>', '<"(16,8)">',
     "as written, `.x4` of the instruction's `.m16n8` matrices"),
    ('!cute_nvgpu.atom.stsm<bf16, mode = <"(16,8)">, num_matrices = 1, t>', '<"(16,8)">',
     "as written, `.x2` of the instruction's `.m16n8` matrices"),
    ('!cute_nvgpu.atom.stsm<i8, mode = <"(16,8)">, num_matrices = 2, t>', '<"(16,8)">', "as written, `.x2`"),
    # Half an `.m16n16`: four of the DSL's 16x8 loads are `.x2` (sm100_b8_ldsm_stsm).
    ('!cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(16,8)">, sz_pattern = u8, num_matrices = 4, t>',
     '<"(16,8)">', "as written, `.x2` of the instruction's `.m16n16` matrices"),
    ('!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>',
     '<"(8,8)">', "as written, `.x4`"),
])
def test_a_matrix_atoms_mode_and_count_say_the_instructions(text, mode, count):
    card, _ = _card(text)
    written = re.search(r"num_matrices = (\d)", text).group(0)
    assert _meaning(card, written).endswith(count)
    meaning = _meaning(card, f"mode = {mode}")
    shape = {'<"(16,8)">': ".m16n8" if "stsm" in text else "half a `.m16n16`", '<"(8,8)">': ".m8n8"}[mode]
    assert shape in meaning
    # Only this shape is described, not every shape of every matrix atom.
    assert meaning.count("`.m") == 1


def test_a_tensor_memory_copy_from_the_dsl_shows_its_instruction():
    """The DSL's 64-lane tcgen05.cp (Cp2x64x128b0213Op: ".64x128b ... .warpx2::02_13") gets a
    kernel, as its other shapes do."""
    text = "!cute_nvgpu.atom.s2t_copy<f16, 64 DP, 128 bit, 2 cta, lw_0213>"
    card, analysis = _card(text)
    preview = preview_module(analysis).ptx_text
    assert re.search(r"^\s*tcgen05\.cp\.cta_group::2\.64x128b\.warpx2::02_13 ", preview, re.M), preview
