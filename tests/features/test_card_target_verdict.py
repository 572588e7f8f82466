"""An atom's hover card says what `check` says of it: the Target row gives check's verdict for the
target, in check's words, and the Minimum tier (with the alias hint's tier) is the tier a file of
that atom alone is inferred for.

Every gated atom kind of the DSL's vocabulary (tests/corpus/cutedsl/vocabulary.json): one entry
per mnemonic and set of gates (the row's own and those its parameters add: the byte-matrix ldsm /
stsm shapes, the CTA pair's TMA, `copy_bits = 256`, the cluster scope, the SM103 MMA, ...),
hovered and checked for each target of a sweep over the tiers.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.dialects.cute_nvgpu import parse_type_node
from cute_ir.dialects.cute_nvgpu.types import parameter_pairs
from cute_ir.features.hover import hover
from cute_ir.ir.target import FROM_DEFAULT, FROM_INFERRED
from cute_ir.syntax import parse
from cute_ir.tables.atoms import atom_gates

CATALOGUE = json.loads((Path(__file__).parents[1] / "corpus" / "cutedsl" / "vocabulary.json").read_text())
TARGETS = ("sm_75", "sm_80", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_100a", "sm_103a", "sm_110a",
           "sm_120a")
# What `check` reports when a target cannot run an atom: its gates, then its lowering.
TARGET_CODES = ("verify.target", "lower.target", "lower.unsupported")


def _document(text: str) -> str:
    return f"func.func @atom() {{\n  %a = cute.make_atom() : () -> {text}\n  return\n}}\n"


def _type(text: str):
    stack = [parse(_document(text).encode()).root]
    while stack:
        node = stack.pop()
        if node.type == "cute_nvgpu_type":
            return parse_type_node(node)[0]
        stack.extend(node.named_children)
    raise AssertionError(text)


def _kinds() -> list[str]:
    """One vocabulary entry per (mnemonic, gates)."""
    kinds: dict[tuple, str] = {}
    for entry in CATALOGUE["entries"]:
        ty = _type(entry["type"])
        if ty.row is not None:
            kinds.setdefault((ty.mnemonic, tuple(atom_gates(ty.row, parameter_pairs(ty.params)))), entry["type"])
    return sorted(kinds.values())


KINDS = _kinds()


# A gate the lowering judges (`tables/legality.py`), not the atom's type: tcgen05.mma's kind::i8
# runs on sm_100a and sm_110a only, which an sm_100f file's atom gates cannot tell.
LOWERING_GATED = '!cute_nvgpu.sm100.mma<128x128x32, num_cta = 1, ab_major = (k, k), elem_type = (i8, i8, i32), frag_kind = ss>'


@pytest.mark.parametrize("arch", ["sm_100f", "sm_103a"])
def test_a_lowering_refusal_is_the_target_row(arch):
    analysis = DocumentAnalysis("file:///atom.mlir", _document(LOWERING_GATED), settings=Settings(target_arch=arch))
    [refusal] = analysis.diagnostics()
    assert refusal.code == "lower.target"
    assert _row(_card(analysis, LOWERING_GATED), "Target") == f"{arch}: **no** — {refusal.message}"


def test_a_bulk_copy_is_gated_as_inference_reads_it():
    """A DSL type the verifiers know no atom semantics of still has its row's gate: check
    reports it (as the card and target inference read it)."""
    text = "!cute_nvgpu.atom.bulk_copy_g2s<bf16 mcast = true>"
    analysis = DocumentAnalysis("file:///atom.mlir", _document(text), settings=Settings(target_arch="sm_80"))
    assert [(d.code, d.message) for d in analysis.diagnostics()] == [
        ("verify.target", "atom `atom.bulk_copy_g2s` needs sm_90 or later, but the target is sm_80 "
                          "(spec minimum tier: not in the spec (CuTe DSL))")]


def _card(analysis: DocumentAnalysis, text: str) -> str:
    source = _document(text)
    return hover(analysis, source.index("!cute_nvgpu") + len("!cute_nvgpu.")).markdown


def _row(card: str, name: str) -> str:
    return re.search(rf"^\| {name} \| (.*) \|$", card, re.M).group(1)


def test_every_gated_kind_is_swept():
    gated = [k for k in KINDS if atom_gates(_type(k).row, parameter_pairs(_type(k).params))]
    assert len(KINDS) > 30 and len(gated) > 25
    raised = {_type(k).mnemonic for k in KINDS
              if len(atom_gates(_type(k).row, parameter_pairs(_type(k).params))) > 1}
    assert {"atom.ldsm", "atom.stsm", "atom.non_exec_tiled_tma_load", "sm100.mma_bs"} <= raised
    # Rows without a gate of their own that a parameter gates: `copy_bits = 256`, the cluster scope.
    assert {"atom.g2r", "atom.r2g", "atom.universal_copy"} <= {
        _type(k).mnemonic for k in KINDS if not _type(k).row.requires
        and atom_gates(_type(k).row, parameter_pairs(_type(k).params))}


@pytest.mark.parametrize("text", KINDS, ids=[k.split("<", 1)[0] + f"#{i}" for i, k in enumerate(KINDS)])
def test_the_target_row_is_checks_verdict(text):
    mismatches = []
    for arch in TARGETS:
        analysis = DocumentAnalysis("file:///atom.mlir", _document(text), settings=Settings(target_arch=arch))
        refusals = [d.message for d in analysis.diagnostics() if d.code in TARGET_CODES]
        row = _row(_card(analysis, text), "Target")
        expected = f"{arch}: **no** — {refusals[0]}" if refusals else f"{arch}: yes"
        if row != expected:
            mismatches.append((arch, row, expected))
    assert mismatches == []


@pytest.mark.parametrize("text", KINDS, ids=[k.split("<", 1)[0] + f"#{i}" for i, k in enumerate(KINDS)])
def test_the_minimum_tier_is_the_inferred_target(text):
    """A file of the atom alone is inferred for the lowest target that runs it; the card's tier
    (and the alias hint's, for copy atoms) is that target's where the parameters ask more than
    the atom's row."""
    ty = _type(text)
    analysis = DocumentAnalysis("file:///atom.mlir", _document(text), settings=Settings(target_from=FROM_DEFAULT))
    card = _card(analysis, text)
    tier = _row(card, "Minimum tier")
    if atom_gates(ty.row, parameter_pairs(ty.params)) != ([ty.row.requires] if ty.row.requires else []):
        assert analysis.target.source == FROM_INFERRED
        inferred = int(re.match(r"sm_(\d+)", analysis.target_arch).group(1))
        assert tier.startswith(f"SM{inferred} as written: `"), tier
        alias = re.search(r"Alias hint: `%(\w+)`", card)
        if alias is not None and alias.group(1).startswith("copy_"):
            assert alias.group(1).startswith(f"copy_sm{inferred}_"), alias.group(1)
    else:
        assert tier.startswith(ty.row.spec_min_tier) or tier.startswith("all tiers"), tier


def test_a_byte_matrix_ldsm_on_sm_90a():
    """The case that disagreed: the row's sm_75 gate said yes while check said no."""
    text = '!cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(16,16)">, sz_pattern = u8, num_matrices = 1, t>'
    analysis = DocumentAnalysis("file:///atom.mlir", _document(text), settings=Settings(target_arch="sm_90a"))
    card = _card(analysis, text)
    gate = ("sm_100f (sm_100a/sm_100f/sm_103a/sm_103f) or sm_110f (sm_110a/sm_110f) or sm_120f "
            "(sm_120a/sm_120f/sm_121a/sm_121f)")
    assert _row(card, "Target") == (f'sm_90a: **no** — atom `atom.ldsm` with `mode = <"(16,16)">` needs '
                                    f"{gate}, but the target is sm_90a")
    assert _row(card, "Minimum tier") == (f'SM100 as written: `mode = <"(16,16)">` needs {gate} '
                                          f"(`atom.ldsm` itself: SM75 (hardware gate: sm_75))")
    assert "Alias hint: `%copy_sm100_ldsm`" in card


def _corpus_atoms() -> list[str]:
    """Every distinct atom type the corpus dumps write (the DSL's executable TMA atoms, which
    `make_exec_tma` makes inside a kernel and the vocabulary does not list, among them)."""
    found: dict[str, None] = {}
    for path in sorted(CORPUS.glob("*/*.mlir")):
        source = path.read_bytes()
        stack = [parse(source).root]
        while stack:
            node = stack.pop()
            if node.type == "cute_nvgpu_type":
                if parse_type_node(node)[0].row is not None:
                    found.setdefault(source[node.start_byte:node.end_byte].decode())
                continue
            stack.extend(node.named_children)
    return sorted(found)


CORPUS = Path(__file__).parents[1] / "corpus" / "cutedsl"
CORPUS_ATOMS = _corpus_atoms()


def test_the_corpus_atoms_include_a_cta_pairs_executable_tma():
    assert any(t.startswith("!cute_nvgpu.atom.tma_load<") and "num_cta = 2" in t for t in CORPUS_ATOMS)


@pytest.mark.parametrize("text", CORPUS_ATOMS, ids=[k.split("<", 1)[0] + f"#{i}" for i, k in enumerate(CORPUS_ATOMS)])
def test_a_corpus_atoms_card_gives_the_target_check_infers(text):
    """A file of the atom alone, with no target set: check infers a target that runs it, and
    the card's tier is that target's (an executable TMA atom of a CTA pair, `num_cta = 2`, is
    tcgen05's, not SM90's); the Target row is check's verdict on every target of the sweep."""
    analysis = DocumentAnalysis("file:///atom.mlir", _document(text), settings=Settings(target_from=FROM_DEFAULT))
    assert [d.message for d in analysis.diagnostics() if d.code in TARGET_CODES] == []
    card = _card(analysis, text)
    assert _row(card, "Target") == f"{analysis.target_arch}: yes"
    tier = _row(card, "Minimum tier")
    inferred = re.match(r"sm_(\d+)", analysis.target_arch).group(1)
    if analysis.target.source == FROM_INFERRED:
        assert tier.startswith(f"SM{inferred}"), (analysis.target_arch, tier)
    test_the_target_row_is_checks_verdict(text)


def test_a_cta_pairs_executable_tma_needs_tcgen05s_targets():
    text = ('!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 2, '
            'g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>')
    gate = "sm_100f (sm_100a/sm_100f/sm_103a/sm_103f) or sm_110f (sm_110a/sm_110f)"
    analysis = DocumentAnalysis("file:///atom.mlir", _document(text), settings=Settings(target_from=FROM_DEFAULT))
    assert (analysis.target_arch, analysis.target.source) == ("sm_100a", FROM_INFERRED)
    card = _card(analysis, text)
    assert _row(card, "Minimum tier") == (f"SM100 as written: `num_cta = 2` needs {gate} "
                                          f"(`atom.tma_load` itself: SM90 (hardware gate: sm_90))")
    assert "Alias hint: `%copy_sm100_tma_load`" in card
    on_hopper = DocumentAnalysis("file:///atom.mlir", _document(text), settings=Settings(target_arch="sm_90a"))
    assert [(d.code, d.message) for d in on_hopper.diagnostics()] == [
        ("verify.target", f"atom `atom.tma_load` with `num_cta = 2` needs {gate}, but the target is sm_90a")]
    assert _row(_card(on_hopper, text), "Target") == f"sm_90a: **no** — {on_hopper.diagnostics()[0].message}"
