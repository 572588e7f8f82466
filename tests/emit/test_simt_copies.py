"""The CuTe DSL's SIMT copies (`atom.g2r`, `atom.r2g`, `atom.s2r`, `atom.r2s`) in the PTX
preview: each is one load or one store, spelled with the qualifiers its options write in the DSL's
own PTX (nvidia-cutlass-dsl 4.8.1, compiled for sm_100a: `l1c_evict_priority=EVICT_FIRST` ->
`ld.global.L1::evict_first.v4.b32`, `store_cache_mode=STREAMING` -> `st.global.cs.v4.b32`, ...),
in the state space it names; options no instruction has are errors, as ptxas says."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity
from cute_ir.features.preview import preview_module
from cute_ir.ir.target import FROM_COMMAND_LINE, FROM_DEFAULT, FROM_INFERRED

from ptxas_runner import PTXAS, SKIP_REASON, assemble

# (atom type, the instruction the preview tags as the atom's)
FORMS = [
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 l1_cache_evict_priority = evict_first>",
     "ld.global.L1::evict_first.v4.b32"),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 load_cache_mode = last_use>", "ld.global.lu.v4.b32"),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 load_cache_mode = none>", "ld.global.cv.v4.b32"),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 invariant = true>", "ld.global.nc.v4.b32"),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 l2_prefetch_size = size_256b>", "ld.global.L2::256B.v4.b32"),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 mem_order = acquire mem_scope = gpu>",
     "ld.acquire.gpu.global.v4.b32"),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 mem_order = relaxed>", "ld.relaxed.cta.global.v4.b32"),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 mem_order = volatile>", "ld.volatile.global.v4.b32"),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 256>", "ld.global.v8.b32"),
    ("!cute_nvgpu.atom.r2g<f16 copy_bits = 128 store_cache_mode = streaming>", "st.global.cs.v4.b32"),
    ("!cute_nvgpu.atom.r2g<f16 copy_bits = 128 store_cache_mode = write_through>", "st.global.wt.v4.b32"),
    ("!cute_nvgpu.atom.r2g<f16 copy_bits = 128 l1_cache_evict_priority = no_allocate>",
     "st.global.L1::no_allocate.v4.b32"),
    ("!cute_nvgpu.atom.r2g<f16 copy_bits = 128 mem_order = release mem_scope = cluster>",
     "st.release.cluster.global.v4.b32"),
    ("!cute_nvgpu.atom.s2r<f16 copy_bits = 128>", "ld.shared.v4.b32"),
    ("!cute_nvgpu.atom.s2r<f16 copy_bits = 128 shared_space = cluster>", "ld.shared::cluster.v4.b32"),
    ("!cute_nvgpu.atom.r2s<f16 copy_bits = 64>", "st.shared.b64"),
    ("!cute_nvgpu.atom.r2s<f16 copy_bits = 128 mem_order = relaxed mem_scope = sys>",
     "st.relaxed.sys.shared.v4.b32"),
]


def _document(types: list[str]) -> str:
    lines = ["func.func @copies() {"]
    lines += [f"  %a{i} = cute.make_atom() : () -> {t}" for i, t in enumerate(types)]
    return "\n".join(lines + ["  return", "}"]) + "\n"


def _analysis(text: str, arch: str = "sm_100a") -> DocumentAnalysis:
    return DocumentAnalysis("file:///copies.mlir", text.encode(),
                            settings=Settings(target_arch=arch, target_from=FROM_COMMAND_LINE))


def _atom_lines(ptx: str) -> list[str]:
    """The instruction (opcode and qualifiers) of every line the preview tags as an atom's."""
    return [line.split()[0] for line in ptx.splitlines() if "// @op" in line]


@pytest.mark.parametrize("atom,instruction", FORMS, ids=[i for _, i in FORMS])
def test_each_option_is_spelled_as_the_dsl_spells_it(atom, instruction):
    analysis = _analysis(_document([atom]))
    assert [d.message for d in analysis.diagnostics() if d.severity is Severity.ERROR] == []
    preview = preview_module(analysis)
    assert preview.problems == []
    assert _atom_lines(preview.ptx_text) == [instruction]


@pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)
def test_every_form_assembles():
    preview = preview_module(_analysis(_document([a for a, _ in FORMS])))
    ok, output = assemble(preview.ptx_text, "sm_100a")
    assert ok, output


def test_a_qualifier_newer_than_the_target_is_its_gate():
    analysis = _analysis(_document([FORMS[12][0]]), arch="sm_80")
    [error] = [d for d in analysis.diagnostics() if d.severity is Severity.ERROR]
    assert error.code == "verify.target"
    assert error.message == ("atom `atom.r2g` with `mem_scope = cluster` needs sm_90 or later, "
                             "but the target is sm_80")


def test_an_order_the_instruction_does_not_have_is_an_error():
    text = _document(["!cute_nvgpu.atom.s2r<f16 copy_bits = 128 mem_order = release>",
                      "!cute_nvgpu.atom.r2g<f16 copy_bits = 32 mem_order = mmio>"])
    analysis = _analysis(text)
    errors = [(text.encode()[d.span.start:d.span.end].decode(), d.message)
              for d in analysis.diagnostics() if d.severity is Severity.ERROR]
    assert errors == [("mem_order = release",
                       "`atom.s2r` is a load (`ld`), which has no `release` memory order; it takes "
                       "weak, constant, volatile, relaxed, acquire, mmio")]
    assert "st.mmio.relaxed.sys.global.b32" in _atom_lines(preview_module(analysis).ptx_text)


def test_a_universal_copy_of_one_sub_byte_element_checks_clean_and_says_why_it_has_no_kernel():
    analysis = _analysis(_document(["!cute_nvgpu.atom.universal_copy<i4>"]))
    assert [d for d in analysis.diagnostics() if d.severity in (Severity.ERROR, Severity.WARNING)] == []
    preview = preview_module(analysis)
    assert preview.problems == [] and _atom_lines(preview.ptx_text) == []
    assert "copies one 4-bit element, and no load or store moves less than a byte" in preview.ptx_text


# A scope without a memory order (the DSL's `memory_scope=MemoryScope.CLUSTER` alone). The PTX ISA
# writes a scope only on a morally strong access (`ld.relaxed.scope`, `ld.acquire.scope`; `ld{.weak}`
# takes none, and `.shared::cluster` is a state space, which `shared_space` chooses): the load is a
# plain `ld.shared`, which every target runs, so the scope is no sm_90 gate.
UNSCOPED = [("!cute_nvgpu.atom.s2r<f16 copy_bits = 128 mem_scope = cluster>", "ld.shared.v4.b32"),
            ("!cute_nvgpu.atom.r2s<f16 copy_bits = 128 mem_scope = cluster>", "st.shared.v4.b32"),
            ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 mem_scope = sys>", "ld.global.v4.b32"),
            ("!cute_nvgpu.atom.s2r<f16 copy_bits = 128 mem_order = volatile mem_scope = cluster>",
             "ld.volatile.shared.v4.b32")]


@pytest.mark.parametrize("arch", ["sm_80", "sm_100a"])
def test_a_scope_without_an_order_is_a_weak_access_on_every_target(arch):
    analysis = _analysis(_document([a for a, _ in UNSCOPED]), arch=arch)
    assert [d.message for d in analysis.diagnostics() if d.severity is Severity.ERROR] == []
    preview = preview_module(analysis)
    assert preview.problems == [] and _atom_lines(preview.ptx_text) == [i for _, i in UNSCOPED]
    if PTXAS is not None:
        ok, output = assemble(preview.ptx_text, arch)
        assert ok, output


def test_a_file_of_an_unscoped_cluster_copy_is_not_inferred_for_sm_90():
    text = _document([UNSCOPED[0][0]])
    analysis = DocumentAnalysis("file:///copies.mlir", text.encode(), settings=Settings(target_from=FROM_DEFAULT))
    assert (analysis.target.source, analysis.target.arch) == (FROM_DEFAULT, "sm_90a")
    # With an order, the scope is written (`ld.acquire.cluster.shared`), and it asks for sm_90.
    gated = _document(["!cute_nvgpu.atom.s2r<f16 copy_bits = 128 mem_order = acquire mem_scope = cluster>"])
    analysis = DocumentAnalysis("file:///copies.mlir", gated.encode(), settings=Settings(target_from=FROM_DEFAULT))
    assert (analysis.target.source, analysis.target.arch) == (FROM_INFERRED, "sm_90a")


@pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)
def test_ptxas_refuses_a_scope_on_a_weak_load():
    """What the preview must not write: `ld.cluster.shared` (a scope with no order)."""
    preview = preview_module(_analysis(_document([UNSCOPED[0][0]]), arch="sm_100a"))
    ok, _ = assemble(preview.ptx_text.replace("ld.shared.v4.b32", "ld.cluster.shared.v4.b32"), "sm_100a")
    assert not ok
