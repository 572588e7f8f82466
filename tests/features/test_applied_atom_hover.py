"""Hover on an op that applies an atom says which atom (from its operand's type: for a CuTe DSL
kernel, a kernel argument's `!cute.tiled_mma<...>` alias) and, when the lowering leaves the op,
why: the `lower.not-lowered` diagnostic's own message, as `check`, `lower` and the editor give it."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.hover import hover
from cute_ir.ir.target import FROM_DEFAULT
from tests.conftest import REPO

DUMP = REPO / "tests" / "corpus" / "cutedsl" / "sm100_nvfp4_s2t" / "canonical.mlir"
MAINLOOP = REPO / "examples" / "sm90_gemm_mainloop.ir"


def _analysis(path) -> DocumentAnalysis:
    return DocumentAnalysis(path.as_uri(), path.read_bytes(), settings=Settings(target_from=FROM_DEFAULT))


def _hover_at(analysis: DocumentAnalysis, line: int, needle: str) -> str:
    lines = analysis.document.data.split(b"\n")
    offset = sum(len(x) + 1 for x in lines[:line - 1]) + lines[line - 1].index(needle.encode()) + 1
    return hover(analysis, offset).markdown


def test_a_kernel_argument_atom_is_named_and_the_lowering_says_why_it_stays():
    analysis = _analysis(DUMP)
    card = _hover_at(analysis, 158, "cute.gemm")
    [left] = [d for d in analysis.diagnostics() if d.code == "lower.not-lowered"
              and analysis.document.position(d.span.start).line == 157]
    assert "arrives as a kernel argument" in left.message
    assert card.split("\n\n---\n\n")[1:] == [
        "**Atom:** `%27` : `!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64`, a `!cute.tiled_mma` of "
        "`!cute_nvgpu.sm100.mma_bs<256x128x64, num_cta = 2, ab_major = (k, k), elem_type = "
        "(f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, frag_kind = ss, vec_size = 16>` — Blackwell "
        "block-scaled tcgen05.mma (mxf8f6f4 / mxf4 / mxf4nvf4), scale factors in tensor memory.\n\n"
        f"**Lowering:** {left.message}"]


def test_an_atom_the_file_builds_and_the_lowering_takes_has_no_lowering_line():
    analysis = _analysis(MAINLOOP)
    line = next(n for n, text in enumerate(MAINLOOP.read_text().splitlines(), 1) if "cute_nvgpu.mma " in text)
    card = _hover_at(analysis, line, "cute_nvgpu.mma")
    assert card.endswith("\n\n---\n\n**Atom:** `%wgmma` : `!cute_nvgpu.sm90.mma` — Hopper warpgroup "
                         "wgmma.mma_async: B (and optionally A) from SMEM descriptors, D in registers.")
    assert "**Lowering:**" not in card


def test_an_op_that_applies_no_atom_keeps_its_plain_card():
    analysis = _analysis(DUMP)
    card = _hover_at(analysis, 71, "cute.mma.make_fragment")
    assert "**Atom:**" not in card and "**Lowering:**" not in card
