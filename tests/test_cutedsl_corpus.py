"""Real CuTe DSL output (tests/corpus/cutedsl/, written by `make corpus`) opens clean and
previews the instructions NVIDIA's toolchain chose for it.

For every committed dump (the raw IR and the canonicalised IR of each kernel), analysed as a
user opens it, with no target given (the dumps declare none):

* the target is the one the kernel was compiled for, inferred from its atoms and NVVM ops, and
  where they run anywhere (a kernel of universal atoms alone), from the launch guard the DSL
  writes into the host code ("exceeds current GPU arch sm_80 allowed");
* no syntax error and no error at all: every dump is valid output of the real compiler, so any
  error would be a false one;
* every tensor-core / TMA / ldmatrix / stmatrix / cp.async / tcgen05 instruction form of the
  DSL's own PTX (opcode with all its modifiers, exactly) appears in our PTX preview of the dump
  (tcgen05 allocation, fences and waits excepted, see `_BOOKKEEPING`);
* a CTA pair's tcgen05 work is committed in the preview exactly as in the DSL's PTX: with
  `.multicast::cluster` where the kernel's `nvvm.tcgen05.commit` has a `multicast_mask`, without
  where it has none.

`KNOWN_GAPS` lists what does not hold yet, form by form. The list may only shrink: a gap that is
no longer a gap fails the test until it is removed from the list.
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity, Source
from cute_ir.features.preview import preview_module
from cute_ir.ir.target import FROM_DEFAULT, FROM_INFERRED

CORPUS = Path(__file__).parent / "corpus" / "cutedsl"
MANIFEST = json.loads((CORPUS / "manifest.json").read_text())
KERNELS = MANIFEST["kernels"]
STAGES = ("raw.mlir", "canonical.mlir")

# The instruction families the preview answers for: what atoms lower to.
_FAMILIES = re.compile(
    r"^(mma\.|wgmma\.|tcgen05\.|cp\.async|cp\.reduce\.async|ldmatrix\.|stmatrix\.)")
# Tensor-memory allocation, fences and waits: the DSL lowers them from `nvvm.*` and
# `cute_nvgpu.arch.*` ops (alloc_tmem, ...), not from atoms, and their spelling follows the
# kernel's code; the preview's kernels carry their own only so that they assemble. They are not
# compared. Commits are: the preview commits as the kernel's `nvvm.tcgen05.commit` ops do.
_BOOKKEEPING = re.compile(
    r"^tcgen05\.(alloc|dealloc|relinquish_alloc_permit|fence|wait)")
_COMMIT = re.compile(r"^tcgen05\.commit")
_OPCODE = re.compile(r"^\s*(?:@!?%\w+\s+)?([a-z][\w.:]*)")

# (kernel, stage) -> instruction forms of the DSL's PTX the preview does not produce yet.
KNOWN_GAPS: dict[tuple[str, str], frozenset[str]] = {}


def instruction_forms(ptx: str) -> set[str]:
    """Opcodes (with every modifier) of the instruction families above, one per form."""
    forms = set()
    for line in ptx.splitlines():
        code = line.split("//", 1)[0]
        m = _OPCODE.match(code)
        if m and _FAMILIES.match(m.group(1)) and not _BOOKKEEPING.match(m.group(1)):
            forms.add(m.group(1).rstrip(";"))
    return forms


# What decides each kernel's target: an atom, an NVVM op's required SM, or (for kernels of atoms
# every target runs) the DSL's launch guard.
DECIDED_BY = {
    "universal_copy": "cute.print", "elementwise_predicated": "cute.print",
    "warp_reduce": "cute.print", "ssa_reduce_convert": "cute.print",
    "cluster_barriers": "nvvm.read.ptx.sreg.cluster.ctarank",
    "sm80_mma_cp_async_ldmatrix": "atom.simt_async_copy", "smem_transpose": "atom.simt_async_copy",
    "sm90_tma_wgmma_stmatrix": "sm90.mma", "sm90_tma_store_reduce": "atom.non_exec_tiled_tma_store",
    "sm100_umma_2cta_multicast": "atom.tmem_load", "sm100_nvfp4_s2t": "atom.s2t_copy",
    "sm120_nvfp4": "SM120.mma_bs", "sm120_nvfp4_ldsm": "SM120.mma_bs",
    "sm100_b8_ldsm_stsm": "atom.ldsm", "sm100_stsm_wide": "atom.stsm", "simt_copy_options": "atom.s2r",
}


def _analyse(kernel: str, stage: str) -> DocumentAnalysis:
    path = CORPUS / kernel / stage
    return DocumentAnalysis(path.resolve().as_uri(), path.read_bytes(),
                            settings=Settings(target_from=FROM_DEFAULT))


DUMPS = [(k, s) for k in KERNELS for s in STAGES]


def test_manifest_names_the_generator_and_matches_the_files():
    assert MANIFEST["generator"]["package"] == "nvidia-cutlass-dsl"
    assert MANIFEST["generator"]["version"] == "4.8.1"
    assert {p.name for p in CORPUS.iterdir() if p.is_dir()} == set(KERNELS)
    for kernel, entry in KERNELS.items():
        for name, digest in entry["files"].items():
            assert hashlib.sha256((CORPUS / kernel / name).read_bytes()).hexdigest() == digest, \
                f"{kernel}/{name} differs from what `make corpus` wrote"


def test_the_corpus_covers_every_target_and_family():
    assert {e["arch"] for e in KERNELS.values()} >= {"sm_80", "sm_90a", "sm_100a", "sm_120a"}
    forms = set().union(*(instruction_forms((CORPUS / k / "kernel.ptx").read_text())
                          for k in KERNELS))
    for family in ("mma.sync", "wgmma.mma_async", "tcgen05.mma", "tcgen05.cp", "tcgen05.ld",
                   "cp.async.cg", "cp.async.bulk.tensor", "cp.reduce.async.bulk.tensor",
                   "ldmatrix", "stmatrix"):
        assert any(f.startswith(family) for f in forms), family


@pytest.mark.parametrize("kernel,stage", DUMPS, ids=[f"{k}-{s.split('.')[0]}" for k, s in DUMPS])
def test_dump_opens_clean(kernel, stage):
    analysis = _analyse(kernel, stage)
    assert (analysis.target.source, analysis.target_arch) == (FROM_INFERRED, KERNELS[kernel]["arch"])
    decided = analysis.target.decided_by
    assert (decided.op if decided.label else decided.atom) == DECIDED_BY[kernel]
    diagnostics = analysis.diagnostics()
    syntax = [d for d in diagnostics if d.source is Source.SYNTAX]
    assert syntax == []
    errors = [(analysis.document.position(d.span.start).line + 1, d.message)
              for d in diagnostics if d.severity is Severity.ERROR]
    assert errors == []


@pytest.mark.parametrize("kernel,stage", DUMPS, ids=[f"{k}-{s.split('.')[0]}" for k, s in DUMPS])
def test_preview_has_every_instruction_form_of_the_dsl(kernel, stage):
    expected = instruction_forms((CORPUS / kernel / "kernel.ptx").read_text())
    preview = preview_module(_analyse(kernel, stage))
    assert preview.problems == []
    missing = expected - instruction_forms(preview.ptx_text)
    gaps = KNOWN_GAPS.get((kernel, stage), frozenset())
    assert missing == set(gaps), (
        f"missing from the preview: {sorted(missing - gaps)}; "
        f"listed as gaps but produced now (remove them from KNOWN_GAPS): {sorted(gaps - missing)}")


@pytest.mark.parametrize("kernel,stage", DUMPS, ids=[f"{k}-{s.split('.')[0]}" for k, s in DUMPS])
def test_preview_commits_as_the_dsl_does(kernel, stage):
    """No commit form the DSL's PTX lacks: sm100_nvfp4_s2t commits its CTA pair's MMA to one
    mbarrier, sm100_umma_2cta_multicast to both CTAs' (`.multicast::cluster`)."""
    expected = {f for f in instruction_forms((CORPUS / kernel / "kernel.ptx").read_text()) if _COMMIT.match(f)}
    found = {f for f in instruction_forms(preview_module(_analyse(kernel, stage)).ptx_text) if _COMMIT.match(f)}
    assert found == expected


def test_the_corpus_commits_both_ways():
    forms = {kernel: {f for f in instruction_forms((CORPUS / kernel / "kernel.ptx").read_text())
                      if _COMMIT.match(f)} for kernel in ("sm100_nvfp4_s2t", "sm100_umma_2cta_multicast")}
    assert forms == {
        "sm100_nvfp4_s2t": {"tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.b64"},
        "sm100_umma_2cta_multicast": {
            "tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64"}}


def fidelity_rows() -> list[tuple[str, str, str, int, int, int]]:
    """(kernel, stage, target, forms expected, forms found, errors) for docs/fidelity.md."""
    rows = []
    for kernel, stage in DUMPS:
        analysis = _analyse(kernel, stage)
        expected = instruction_forms((CORPUS / kernel / "kernel.ptx").read_text())
        found = expected & instruction_forms(preview_module(analysis).ptx_text)
        errors = sum(d.severity is Severity.ERROR for d in analysis.diagnostics())
        rows.append((kernel, stage.split(".")[0], KERNELS[kernel]["arch"], len(expected),
                     len(found), errors))
    return rows


if __name__ == "__main__":       # prints the table of docs/fidelity.md
    print("| kernel | IR | target | forms expected | forms found | false errors |")
    print("|---|---|---|---|---|---|")
    for row in fidelity_rows():
        print("| {} | {} | {} | {} | {} | {} |".format(*row))


@pytest.mark.parametrize("kernel", list(KERNELS))
def test_a_dsl_op_the_lowering_cannot_bind_stays_and_says_why_in_the_lowering_and_the_editor(kernel):
    # `cute.copy` / `cute.gemm` take CuTe tensors, which no instruction's constraints bind: the
    # op stays as written with the reason, never as inline assembly without constraints.
    from cute_ir.features.lowered import lower
    from cute_ir.passes.lower_atoms import DSL_UNBOUND
    analysis = _analyse(kernel, "raw.mlir")
    result = lower(analysis)
    text = result.stages[-1].text
    assert 'constraints = ""' not in text
    applied = [m.group(1) for m in re.finditer(r"^\s*(cute\.(?:copy|gemm))\s*\(", text, re.M)]
    written = re.findall(r"^\s*(cute\.(?:copy|gemm))\s*\(", (CORPUS / kernel / "raw.mlir").read_text(), re.M)
    assert len(applied) == len(written)
    said = sorted((d.span.start, d.message) for d in result.diagnostics if d.code == "lower.not-lowered")
    shown = sorted((d.span.start, d.message) for d in analysis.diagnostics() if d.code == "lower.not-lowered")
    assert said == shown and len(said) == len(written)
    assert all(m.endswith(DSL_UNBOUND) or "arrives as a kernel argument" in m for _, m in said)
    # One note per op, and each says which application of its atom it is.
    assert len({m for _, m in said}) == len(said)
    assert all(d.severity is Severity.INFORMATION for d in result.diagnostics if d.code == "lower.not-lowered")


def test_each_copy_the_lowering_leaves_says_what_it_copies_where_and_with_which_atom():
    """The ldmatrix / stmatrix kernel applies a few atoms at 19 `cute.copy` ops: each op's note
    names its source and destination with their memory and the atom, at the op, as `check`
    and the editor give it."""
    from cute_ir.passes.lower_atoms import DSL_UNBOUND
    analysis = _analyse("sm100_b8_ldsm_stsm", "canonical.mlir")
    text = analysis.document.text
    said = [(analysis.document.position(d.span.start).line, d.message)
            for d in analysis.diagnostics() if d.code == "lower.not-lowered"]
    line = next(n for n, written in enumerate(text.splitlines()) if "cute.copy(%2, %grouped, %grouped_17)" in written)
    assert (line, "`cute.copy` is not lowered: it copies `%grouped` (smem) to `%grouped_17` (rmem) with `%2` "
            f"(a `ldsm` atom); {DSL_UNBOUND}") in said
    assert len(said) == 19 and len({m for _, m in said}) == 19
