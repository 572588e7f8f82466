"""The lowering check (verify/lowering.py) and the emitters judge an atom by one rule,
tables/legality.py: what `check` refuses is exactly what the emitter will not build, in the
same words, and an atom the document's own errors stop is not judged again."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity, Source
from cute_ir.emit.ptx import EmitError, emit_ptx
from cute_ir.features.atom_kernel import config_kernel
from cute_ir.tables import legality as L
from cute_ir.verify import atom_sites as AS
from cute_ir.tables import tiers as T

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

# A CTA pair's TMA load (flags bit 4): Blackwell runs it, Hopper does not.
TWO_CTA = TMA_CHAIN.replace("{num_multicast = 1}",
                            "{load_mode = #cute_nvgpu.load_mode<two_cta>, num_multicast = 1}")


def _analyse(text: str, arch: str) -> DocumentAnalysis:
    return DocumentAnalysis("file:///tests/lowering.ir", text, settings=Settings(target_arch=arch))


def _lowering(a: DocumentAnalysis) -> list:
    return [d for d in a.diagnostics() if d.source is Source.LOWER and d.code in ("lower.target", "lower.unsupported")]


def test_a_refusal_is_the_legality_rule_s_reason_in_check_and_in_the_emitter():
    a = _analyse(TWO_CTA, "sm_90a")
    configs = {s.config for s in AS.document_sites(a) if s.config is not None and s.config.mnemonic == "atom.tma_load"}
    assert len(configs) == 1
    [config] = configs
    reason = L.check_config(config, "sm_90a")
    assert reason is not None and "CTA pair" in reason
    found = _lowering(a)
    assert found and {(d.code, d.severity, d.message) for d in found} == {
        ("lower.target", Severity.ERROR, f"no PTX for sm_90a: {reason}")}
    emitted = emit_ptx(config, "sm_90a")
    assert isinstance(emitted, EmitError) and emitted.message == reason
    # Blackwell runs it: no refusal, and the preview's kernel is the lowering's (a TMA
    # transfer's kernel is no longer built by hand: the emitter says so instead of refusing).
    assert L.check_config(config, "sm_100a") is None and _lowering(_analyse(TWO_CTA, "sm_100a")) == []
    assert config_kernel(config, "k", "sm_100a") is not None
    emitted = emit_ptx(config, "sm_100a")
    assert isinstance(emitted, EmitError) and emitted.message != reason and "lowering" in emitted.message
    assert "sm_100a" in L.supported_targets(config) and L.refusal_code(config) == "lower.target"


def test_an_atom_no_target_runs_is_lower_unsupported():
    config = L.AtomConfig("atom.ldsm", num_matrices=3)
    assert L.supported_targets(config) == () and L.refusal_code(config) == "lower.unsupported"
    assert isinstance(L.legality(config, T.parse_target("sm_90a")), str)


def test_an_atom_the_verifier_already_refuses_is_not_judged_twice():
    # The non-exec atom's own error (num_multicast 0) stops the chain: that error is the verdict.
    broken = TMA_CHAIN.replace("{num_multicast = 1}", "{num_multicast = 0}")
    a = _analyse(broken, "sm_90a")
    assert any(d.severity is Severity.ERROR and d.source is Source.VERIFY for d in a.diagnostics())
    assert _lowering(a) == []
