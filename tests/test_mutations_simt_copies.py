"""Every option value of the DSL's SIMT copies, written into a real dump one at a time
(tests/corpus/cutedsl/simt_copy_options: a g2r, r2s, s2r and r2g the DSL compiled), checked as
a user opens the mutant (no target: the one its atoms need), and the verdict held against
ptxas: a mutant that checks clean previews PTX ptxas assembles for the inferred target (no
missed error), and one with an error has it on the option written, in words that name it.

The values are the DSL's own (tables/type_parameters.SIMT_COPY_SETTINGS, the enums its type
printer writes, swept by `make corpus`'s vocabulary); the pairs one ld / st cannot take are
asked of ptxas in tests/tables/test_copy_modifiers.py.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity
from cute_ir.features.preview import preview_module
from cute_ir.ir.target import FROM_DEFAULT
from cute_ir.tables.type_parameters import SIMT_COPY_KEYS, SIMT_COPY_SETTINGS
from cute_ir.tables import atoms as A
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble

DUMP = Path(__file__).parent / "corpus" / "cutedsl" / "simt_copy_options" / "canonical.mlir"
TEXT = DUMP.read_text()
_ATOM = re.compile(r"atom\.(g2r|r2g|s2r|r2s)<f16 copy_bits = 128[^>]*>")
_SIDE = {"g2r": "ld", "s2r": "ld", "r2g": "st", "r2s": "st"}


def _with(atom_text: str, key: str, value: str) -> str:
    """The atom's type with `key = value` written (replacing the key's value, else appended)."""
    if re.search(rf"\b{key} = \w+", atom_text):
        return re.sub(rf"\b{key} = \w+", f"{key} = {value}", atom_text)
    return atom_text[:-1] + f" {key} = {value}>"


def _mutants() -> list[tuple[str, str, str, str]]:
    out = []
    for atom_text in sorted(set(m.group(0) for m in _ATOM.finditer(TEXT))):
        mnemonic = f"atom.{atom_text[5:8]}"
        orders = A.LOAD_ORDERS if _SIDE[atom_text[5:8]] == "ld" else A.STORE_ORDERS
        domains = {k: SIMT_COPY_SETTINGS[k] for k in sorted(SIMT_COPY_KEYS[mnemonic])}
        # Orders the instruction has (the others are refused by verify.copy.memory-order).
        domains["mem_order"] = tuple(orders)
        for key, values in domains.items():
            for value in values:
                mutant = _with(atom_text, key, value)
                if mutant != atom_text:
                    out.append((atom_text, mutant, key, value))
    return out


MUTANTS = _mutants()


def test_the_dump_has_each_simt_copy_and_the_sweep_each_option():
    assert {m[0][5:8] for m in MUTANTS} == {"g2r", "r2g", "s2r", "r2s"}
    assert len(MUTANTS) > 40


@pytest.mark.parametrize("atom_text,mutant,key,value", MUTANTS,
                         ids=[f"{m[0][5:8]}-{m[2]}-{m[3]}" for m in MUTANTS])
def test_an_option_checks_clean_exactly_when_ptxas_takes_it(atom_text, mutant, key, value):
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    analysis = DocumentAnalysis("file:///mutant.mlir", TEXT.replace(atom_text, mutant),
                                settings=Settings(target_from=FROM_DEFAULT))
    errors = [d for d in analysis.diagnostics() if d.severity is Severity.ERROR]
    if errors:
        # Refused on the option written: a pair with another option of the same atom, or an
        # `.mmio` access of more than one scalar.
        assert {d.code for d in errors} <= {"verify.copy.modifiers", "verify.copy.memory-order"}, \
            [d.message for d in errors]
        assert all(f"{key} = {value}" in d.message for d in errors)
        return
    preview = preview_module(analysis)
    assert preview.problems == []
    ok, log = assemble(preview.ptx_text, analysis.target_arch)
    assert ok, log


def test_the_dumps_copies_preview_as_the_dsls_ptx():
    """The unmutated dump: each SIMT copy's ld / st form is the one in the DSL's own PTX."""
    ptx = (DUMP.parent / "kernel.ptx").read_text()
    forms = set(re.findall(r"^\s*((?:ld|st)\.(?!param)[\w:.]+)\s", ptx, re.M))
    assert forms == {"ld.global.L1::evict_last.L2::128B.v4.b32", "st.shared.v4.b32",
                     "ld.acquire.cluster.shared::cluster.v4.b32", "st.global.cs.v4.b32"}
    analysis = DocumentAnalysis("file:///dump.mlir", TEXT, settings=Settings(target_from=FROM_DEFAULT))
    assert analysis.target_arch == "sm_90a"
    previewed = set(re.findall(r"^\s*((?:ld|st)\.[\w:.]+)\s.*// @op", preview_module(analysis).ptx_text, re.M))
    assert forms <= previewed
