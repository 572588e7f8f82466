"""The one rule that selects an MMA's lattice rows (`tables/legality.mma_lattice`).

The verifier's lattice gate, the contract card, the shape completion, the nearest-shape quick fix
and `legality` (which the lowering check and the emitters ask) all select rows through it, so a
shape the verifier accepts is one the emitters have a row for, and the reverse.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cute_ir.tables import atoms as A
from cute_ir.tables.legality import AtomConfig, block_scale_pairs, legality, mma_lattice, takes_input_mix
from cute_ir.tables.tiers import parse_target

SERVER = Path(__file__).resolve().parents[2] / "server" / "cute_ir"


def _named_rows():
    return [r for r in A.MMA_LATTICE if r.atom is not None]


@pytest.mark.parametrize("row", _named_rows(), ids=lambda r: r.key)
def test_every_shape_of_a_row_selects_it(row):
    scale = row.block_scale
    for shape in row.shapes():
        found = mma_lattice(row.atom, shape, row.a_types[0], row.b_types[0], row.c_types[0],
                            sparse=row.sparse, scaled=scale is not None,
                            block_kind=scale.kind if scale else None,
                            vec_size=scale.vec_size if scale else None, cta_group=row.cta_group,
                            scale_type=scale.scale_types[0] if scale else None)
        assert row in found.rows, (row.key, shape)
        assert found.nearest is None


def test_a_shape_no_row_holds_gets_the_nearest_legal_one():
    found = mma_lattice("sm80.mma", (16, 8, 12), "f16", "f16", "f32")
    assert found.rows == []
    assert found.candidates
    assert found.nearest in {s for r in found.candidates for s in r.shapes()}


def test_types_no_row_takes_leave_no_candidates():
    found = mma_lattice("sm80.mma", (16, 8, 16), "f16", "f16", "s32")
    assert found.rows == [] and found.candidates == [] and found.nearest is None


def test_legality_picks_its_row_through_the_same_rule():
    target = parse_target("sm_90a")
    row = legality(AtomConfig("sm90.mma", (64, 128, 16), "f16", "f16", "f32"), target)
    assert isinstance(row, A.MmaShapeRow)
    assert row in mma_lattice("sm90.mma", (64, 128, 16), "f16", "f16", "f32").rows
    refused = legality(AtomConfig("sm90.mma", (64, 100, 16), "f16", "f16", "f32"), target)
    legal = A.shapes_text(mma_lattice("sm90.mma", (64, 100, 16), "f16", "f16", "f32").candidates)
    assert refused == f"shape 64x100x16 is not legal for sm90.mma f16 x f16 -> f32 (legal: {legal})"


def test_block_scale_pairs_and_input_mixes_come_from_the_rows():
    pairs = block_scale_pairs("sm100.mma_bs")
    assert pairs, "a block-scaled atom has (K, vec_size) pairs"
    for (k, vec), kinds in pairs.items():
        assert all(any(r.k == k and r.block_scale and r.block_scale.vec_size == vec and r.block_scale.kind == kind
                       for r in A.find_mma_rows(atom="sm100.mma_bs")) for kind in kinds)
    assert takes_input_mix("sm80.mma", "s8", "u8")
    assert not takes_input_mix("sm80.mma", "f16", "bf16")


def _calls(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Name, ast.Attribute))}


def test_rows_are_selected_by_written_types_in_tables_only():
    """Outside tables/, nobody filters lattice rows by a configuration of their own: they ask
    `mma_lattice` (the ops doc lists an atom's rows whole, by its mnemonic alone)."""
    offenders = []
    for path in SERVER.rglob("*.py"):
        if path.parent.name == "tables":
            continue
        if "match_lattice" in _calls(path):
            offenders.append(str(path.relative_to(SERVER)))
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "find_mma_rows"
                    and {k.arg for k in node.keywords} - {"atom"}):
                offenders.append(f"{path.relative_to(SERVER)}:{node.lineno}")
    assert offenders == []


def test_supported_targets_are_those_the_verifier_accepts_the_atom_on():
    """`sm80.mma`'s m16n8k8 f16 is an sm_75 instruction, but the atom is sm_80's (its gate, which
    verify/target.py checks): `legality` refuses sm_75 in the atom's words, so no target is
    supported that the verifier refuses, for any lattice row of a named atom."""
    from cute_ir.tables.legality import check_config, supported_targets
    from cute_ir.tables.tiers import TARGETS, satisfies_any
    config = AtomConfig("sm80.mma", shape=(16, 8, 8), a_type="f16", b_type="f16", c_type="f32")
    assert supported_targets(config)[0] == "sm_80" and "sm_75" not in supported_targets(config)
    assert check_config(config, "sm_75") == "atom `sm80.mma` needs sm_80 or later; target sm_75 does not provide it"
    for row in _named_rows():
        scale = row.block_scale
        found = AtomConfig(row.atom, shape=next(row.shapes()), a_type=row.a_types[0], b_type=row.b_types[0],
                           c_type=row.c_types[0], sparse=row.sparse, block_scale=scale.kind if scale else None,
                           vec_size=scale.vec_size if scale else None,
                           sf_type=scale.scale_types[0] if scale else None, cta_group=row.cta_group or 1)
        gate = A.ATOMS_BY_MNEMONIC[row.atom].requires
        assert all(satisfies_any(t, gate) for t in TARGETS if t.name in supported_targets(found)), row.key
