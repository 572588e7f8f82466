"""Assemble every PTX form the emitter can produce, on every target it claims, with ptxas.

A configuration whose kernel the preview has from the lowering alone (`emit.ptx.hand_built` is
False: tcgen05.mma and tcgen05.cp, tcgen05.ld / tcgen05.st, universal copies and FMAs, cp.async,
ldmatrix / stmatrix, TMA loads, stores and reductions) is assembled as the lowering writes it: the kernel of a function
applying an atom built from its attributes, or of a TMA transfer's chain (features/atom_kernel.py
`config_kernel`), after the pipeline and the function writer; the others as emit/ptx.py builds them. One module per target
and path, as many kernels as a batch holds.

Also checks the other direction: a configuration refused for a target really is rejected by
ptxas there (the table gates are not stricter than the hardware).
"""
from __future__ import annotations

import collections
import re
from dataclasses import replace
from functools import lru_cache

import pytest

from cute_ir.emit import ptx as P
from cute_ir.features import atom_kernel as AK
from cute_ir.tables import atoms as A
from cute_ir.tables import legality as L
from cute_ir.tables import tiers as T

from ptxas_runner import PTXAS, SKIP_REASON, assemble, chunks, parallel_map

CONFIGS = P.enumerate_configs()
PAIRS = [(config, target) for config in CONFIGS for target in L.supported_targets(config)]
# Modules of at most this many kernels: small enough to balance two workers, large enough to
# amortise ptxas start-up.
BATCH = 120

needs_ptxas = pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)


def _lowered_module(configs, target: str, written_at=None) -> tuple[str, str]:
    """(text, ptxas arch) of one module of the lowering's kernel of each config on `target`;
    `written_at(config)`: the target to write a kernel for instead (a refused config's text is
    the row's, whatever the target)."""
    t = T.parse_target(target)
    blocks: list[str] = []
    for index, config in enumerate(configs):
        at = written_at(config) if written_at is not None else target
        kernel = AK.config_kernel(config, f"k{index}_{config.label()}", at)
        assert kernel is not None and kernel.module.ok, f"the lowering writes no kernel for {config.label()} on {at}"
        lines = kernel.module.text.rstrip("\n").split("\n")
        start = next(n for n, line in enumerate(lines) if line.startswith(".visible"))
        assert all(not line.strip() for line in lines[3:start]), "a module-scope declaration"
        blocks += [""] + lines[start:]
    header = [f".version {t.ptx_version}", f".target {t.name}", ".address_size 64"]
    return "\n".join(header + blocks) + "\n", t.ptxas_arch


def _module(configs, target: str) -> tuple[str, str]:
    """(text, ptxas arch) of one module of `configs` (all of one path) on `target`."""
    if not P.hand_built(configs[0]):
        return _lowered_module(configs, target)
    module = P.emit_module([(c, None) for c in configs], target)
    assert module.ok, module
    return module.text, module.ptxas_arch


def _assemble_batch(batch: tuple[str, tuple[L.AtomConfig, ...]]) -> dict:
    target, configs = batch
    ok, output = assemble(*_module(configs, target))
    if ok:
        return {(c, target): (True, "", "") for c in configs}
    # A batch failed: assemble its kernels one by one so every failure is attributed.
    results = {}
    for c in configs:
        text, arch = _module([c], target)
        ok1, out1 = assemble(text, arch)
        results[(c, target)] = (ok1, out1, text)
    return results


@lru_cache(maxsize=1)
def _sweep() -> dict:
    by_target: dict[tuple[str, bool], list[L.AtomConfig]] = collections.defaultdict(list)
    for config, target in PAIRS:
        by_target[(target, P.hand_built(config))].append(config)
    batches = [(target, tuple(part)) for (target, _), configs in by_target.items()
               for part in chunks(configs, BATCH)]
    # Largest modules first so the two workers finish together.
    batches.sort(key=lambda b: -sum(len(c.label()) for c in b[1]))
    results: dict = {}
    for part in parallel_map(_assemble_batch, batches):
        results.update(part)
    return results


def _pair_id(pair: tuple[L.AtomConfig, str]) -> str:
    config, target = pair
    return f"{target}-{config.label()}"


@needs_ptxas
@pytest.mark.parametrize("pair", PAIRS, ids=[_pair_id(p) for p in PAIRS])
def test_emitted_ptx_assembles(pair):
    ok, output, text = _sweep()[pair]
    assert ok, f"ptxas rejected {_pair_id(pair)}:\n{output}\n--- PTX ---\n{text}"


def test_sweep_covers_every_lattice_row_and_target_family():
    """The enumeration reaches every lattice row and every roster target."""
    mma_keys = {L._resolve_mma(c).key for c in CONFIGS
                if c.mnemonic is None or c.mnemonic in L._MMA_ATOMS}
    assert mma_keys == {r.key for r in A.MMA_LATTICE}
    copy_keys = {L._resolve_copy(c).key for c in CONFIGS
                 if c.mnemonic is not None and c.mnemonic not in L._MMA_ATOMS}
    assert copy_keys == {r.key for r in A.COPY_LATTICE}
    assert {t for _, t in PAIRS} == {t.name for t in T.TARGETS}


# --- the gates are not stricter than ptxas ------------------------------------------------

def _first_config_per_row() -> list[L.AtomConfig]:
    seen, out = set(), []
    for c in CONFIGS:
        is_mma = c.mnemonic is None or c.mnemonic in L._MMA_ATOMS
        key = (L._resolve_mma(c) if is_mma else L._resolve_copy(c)).key
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _descriptor_gated(config: L.AtomConfig, target: str) -> bool:
    """SM103's 96-deep FP4 MMA on another tcgen05 target: its text is kind::mxf4nvf4's, which
    ptxas takes there; K = 96 is the instruction descriptor's `k_size` bit, read by SM103 alone
    (CUTLASS SM103_MXF4_ULTRA_SS_VS), so the table refuses what ptxas cannot see."""
    row = L._resolve_mma(config) if config.mnemonic in L._MMA_ATOMS else None
    return (isinstance(row, A.MmaShapeRow) and row.requires == A.SM103_K96
            and T.satisfies_any(target, A.TCGEN05))


def _atom_gated(config: L.AtomConfig, target: str) -> bool:
    """`sm80.mma`'s m16n8k8 f16 on sm_75: the instruction is sm_75's, which ptxas takes there; the
    atom is sm_80's (its gate, which the verifier checks), so the table refuses what ptxas
    accepts (tables/legality: the atom's gate where its row's instruction runs on more targets)."""
    is_mma = config.mnemonic is None or config.mnemonic in L._MMA_ATOMS
    row = L._resolve_mma(config) if is_mma else L._resolve_copy(config)
    return not isinstance(row, str) and T.satisfies_any(target, row.requires) \
        and L._atom_gate_error(config, T.parse_target(target)) is not None


REFUSED = [(c, t.name) for c in _first_config_per_row() for t in T.TARGETS
           if L.check_config(c, t.name) is not None and not _descriptor_gated(c, t.name)
           and not _atom_gated(c, t.name)]
DESCRIPTOR_GATED = [(c, t.name) for c in _first_config_per_row() for t in T.TARGETS
                    if L.check_config(c, t.name) is not None and _descriptor_gated(c, t.name)]
ATOM_GATED = [(c, t.name) for c in _first_config_per_row() for t in T.TARGETS if _atom_gated(c, t.name)]


def _row_ignoring_gate(config: L.AtomConfig):
    is_mma = config.mnemonic is None or config.mnemonic in L._MMA_ATOMS
    return L._resolve_mma(config) if is_mma else L._resolve_copy(config)


def _forced_module(configs, target: str) -> tuple[str, str]:
    """(text, ptxas arch) of one kernel per config for `target`, bypassing the legality check:
    emit/ptx.py's kernel from the row, or (a config whose kernel is the lowering's) the kernel
    the lowering writes on a target that runs it, whose text is the row's."""
    t = T.parse_target(target)
    if not P.hand_built(configs[0]):
        return _lowered_module(configs, target, lambda c: L.supported_targets(c)[0])
    kernels = [(P._build_kernel(f"k{i}", c, _row_ignoring_gate(c)), str(i))
               for i, c in enumerate(configs)]
    module = P.render(kernels, t)
    return module.text, module.ptxas_arch


def _kernel_at(text: str) -> list[int]:
    """The 1-based line each kernel of a module starts on."""
    return [n for n, line in enumerate(text.split("\n"), 1) if line.startswith(".visible")]


def _forced_batch(batch: tuple[str, tuple[L.AtomConfig, ...]]) -> dict:
    """Assemble every refused config of one target and path in one module. ptxas reports each
    bad line, so a config counts as rejected when an error falls on a line of its kernel; configs
    the batch run does not flag that way are re-run alone."""
    target, configs = batch
    text, arch = _forced_module(configs, target)
    ok, output = assemble(text, arch)
    starts = _kernel_at(text)
    error_lines = {int(n) for n in re.findall(r"line (\d+); error", output)}
    flagged = {sum(1 for s in starts if s <= n) - 1 for n in error_lines}
    results = {}
    for index, config in enumerate(configs):
        if index in flagged:
            results[(config, target)] = (False, "")
        else:
            results[(config, target)] = assemble(*_forced_module([config], target))
    return results


@lru_cache(maxsize=1)
def _refusals() -> dict:
    by_target: dict[tuple[str, bool], list[L.AtomConfig]] = collections.defaultdict(list)
    for config, target in REFUSED:
        by_target[(target, P.hand_built(config))].append(config)
    results: dict = {}
    for part in parallel_map(_forced_batch, [(t, tuple(c)) for (t, _), c in by_target.items()]):
        results.update(part)
    return results


@needs_ptxas
@pytest.mark.parametrize("pair", REFUSED, ids=[_pair_id(p) for p in REFUSED])
def test_refused_config_is_rejected_by_ptxas(pair):
    ok, output = _refusals()[pair]
    assert not ok, (f"{_pair_id(pair)} is refused by the tables "
                    f"({L.check_config(*pair)}) but ptxas accepts it")


@needs_ptxas
def test_an_sm80_mma_m16n8k8_is_refused_on_sm_75_where_only_its_atom_s_gate_is_unmet():
    """The refusals of the atom's gate ptxas cannot see: the m16n8k8 f16 instruction assembles on
    sm_75, the `sm80.mma` atom that builds it is sm_80's."""
    assert {(c.mnemonic, c.shape, c.a_type, t) for c, t in ATOM_GATED} == {("sm80.mma", (16, 8, 8), "f16", "sm_75")}
    for config, target in ATOM_GATED:
        assert L.check_config(config, target) == "atom `sm80.mma` needs sm_80 or later; target sm_75 does not provide it"
        assert assemble(*_forced_module([config], target))[0], _pair_id((config, target))


@needs_ptxas
def test_the_96_deep_fp4_mma_is_refused_where_only_its_descriptor_is_wrong():
    """The refusals ptxas cannot see: the SM103 K = 96 rows on sm_100a/f and sm_110a/f. Their
    text assembles there; the descriptor bit that selects K = 96 is what those GPUs lack."""
    assert {t for _, t in DESCRIPTOR_GATED} == {"sm_100a", "sm_100f", "sm_110a", "sm_110f"}
    for config, target in DESCRIPTOR_GATED:
        assert "sm_103f" in L.check_config(config, target)
        assert assemble(*_forced_module([config], target))[0], _pair_id((config, target))


# --- where the spec is wrong, ptxas agrees with the tables --------------------------------

def _forced(config: L.AtomConfig, row, target: str, rewrite=None) -> tuple[bool, str]:
    """Assemble the kernel of `config` for `target` from `row` with `rewrite` (a change of PTX
    text) made to its instruction: emit/ptx.py's from the rewritten row, or the lowering's (on a
    target that runs it) rewritten."""
    if not P.hand_built(config):
        text, arch = _forced_module([config], target)
        return assemble(rewrite(text) if rewrite is not None else text, arch)
    t = T.parse_target(target)
    if rewrite is not None:
        row = replace(row, ptx=rewrite(row.ptx))
    module = P.render([(P._build_kernel("k0", config, row), None)], t)
    return assemble(module.text, module.ptxas_arch)


SPEC_CLAIMS = {
    # hardware-facts 5: SM120 mxf4nvf4 4X takes ue4m3, not ue8m0 (an E8M0-only rule).
    "sm120_4X_ue8m0": (L.AtomConfig("SM120.mma_bs", (16, 8, 64), "e2m1", "e2m1", "f32",
                                    block_scale="mxf4nvf4", vec_size=16, sf_type="ue8m0"),
                       "sm120.m16n8k64.mxf4nvf4.vec16", "sm_120a", None),
    # hardware-facts 2: s8 wgmma has no N=40; no s4 wgmma at all.
    "wgmma_s8_n40": (L.AtomConfig("sm90.mma", (64, 40, 32), "s8", "s8", "s32",
                                  a_source="smem_desc"), "sm90.wgmma.i8", "sm_90a", None),
    "wgmma_s4": (L.AtomConfig("sm90.mma", (64, 64, 64), "s4", "s4", "s32", a_source="smem_desc"),
                 "sm90.wgmma.i8", "sm_90a", None),
    # hardware-facts 10: the mma.sp selector for 8-bit types is 0..1.
    "mma_sp_s8_selector_2": (L.AtomConfig("sm80.sparse_mma", (16, 8, 32), "s8", "s8", "s32",
                                          sparse_selector=2), "sm80.sp.m16n8k32.i8", "sm_80",
                             None),
    # hardware-facts 11: cp.async.cg takes 16 bytes only.
    "cp_async_cg_8": (L.AtomConfig("atom.simt_async_copy", cache="cg", copy_bytes=16),
                      "cp_async.cg.16", "sm_80",
                      lambda ptx: ptx.replace(", 16;", ", 8;")),
    # hardware-facts 8: the spec's `.global.shared` TMA store spelling.
    "tma_store_global_shared": (L.AtomConfig("atom.tma_store", tma_rank=2), "tma_store.tile",
                                "sm_90", lambda ptx: ptx.replace(".global.shared::cta", ".global.shared").replace(
                                    ".bulk_group", "")),
    # hardware-facts, arch gates: the 64x128b tcgen05.cp shape needs its .warpx2 qualifier.
    # (A CTA pair's: one CTA's kernel is the lowering's, whose text is the same row's.)
    "tcgen05_cp_64x128b_bare": (L.AtomConfig("atom.s2t_copy", cp_shape="64x128b.warpx2::02_13", cta_group=2),
                                "s2t_copy.64x128b.warpx2::02_13", "sm_100a",
                                lambda ptx: ptx.replace(".warpx2::02_13", "")),
}


@needs_ptxas
@pytest.mark.parametrize("name", sorted(SPEC_CLAIMS))
def test_spec_claims_rejected_by_ptxas(name):
    config, key, target, rewrite = SPEC_CLAIMS[name]
    row = A.mma_row(key) if key in {r.key for r in A.MMA_LATTICE} else A.copy_row(key)
    assert rewrite is not None or L.check_config(config, target) is not None
    ok, output = _forced(config, row, target, rewrite)
    assert not ok, f"{name}: ptxas accepted a form the hardware facts say it rejects"
