"""Bare top-level statements are verified with the statements whose values they use
(analysis/runs.py), as `cute-ir lower` and the PTX preview walk them, and every edit that
changes such a verdict verifies the statement again: the incremental analysis equals a fresh
one after each of these edits."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.analysis.runs import MAX_SCOPE, results, uses
from tests.fuzz.edit_fuzz import Edit, run_edits
from tests.passes.test_pipeline_on_edit import MMA_TYPES, NOT_LOWERED, SPECIFIED

UNDER = "%g = cute.make_atom : !cute_nvgpu.sm90.mma"
MMA = f"cute_nvgpu.mma %g, %acc, %a, %b, %acc : {MMA_TYPES}"
TEXT = f"{UNDER}\n{MMA}\n"


def _codes(text: str) -> list[tuple[str, str, int]]:
    analysis = DocumentAnalysis("file:///runs.ir", text)
    return [(d.code, d.message, d.span.start) for d in analysis.diagnostics()]


def _replace(text: str, old: str, new: str) -> Edit:
    at = text.index(old)
    return Edit(at, at + len(old), new)


def test_a_statement_is_verified_with_the_one_that_builds_its_atom():
    assert _codes(TEXT) == [("lower.not-lowered", NOT_LOWERED, len(UNDER) + 1)]
    assert _codes(f"{SPECIFIED}\n{MMA}\n") == []


def test_the_names_a_statement_defines_and_uses():
    assert results(b"%a, %b:2 = test.op %c, %d#1 : i32") == {b"%a", b"%b"}
    assert uses(b"%a, %b:2 = test.op %c, %d#1 : i32") == {b"%c", b"%d"}
    assert results(b"cute_nvgpu.mma %g, %acc") == frozenset()
    assert uses(b"cute_nvgpu.mma %g, %acc") == {b"%g", b"%acc"}


EDITS = {
    "the atom specified": [_replace(TEXT, UNDER, SPECIFIED)],
    "the atom's value renamed": [_replace(TEXT, "%g =", "%h =")],
    "the atom's op renamed to a function": [_replace(TEXT, "cute.make_atom", "func.func")],
    "a function put between the two": [Edit(len(UNDER) + 1, len(UNDER) + 1, "func.func @f() {\n  return\n}\n")],
    "both put in a module": [Edit(0, 0, "module {\n"), Edit(len(TEXT) + 9, len(TEXT) + 9, "}\n")],
    "the atom's type deleted a character at a time": [Edit(len(UNDER) - 1 - k, len(UNDER) - k, "") for k in range(12)],
    "the applying op's atom renamed": [_replace(TEXT, "mma %g", "mma %h")],
    "a brace left open before them": [Edit(0, 0, "func.func @f() {\n")],
}


@pytest.mark.parametrize("edits", EDITS.values(), ids=EDITS.keys())
def test_each_edit_leaves_what_a_fresh_analysis_finds(edits):
    assert run_edits(TEXT, edits) is None


def test_a_specified_atom_typed_over_the_other_clears_the_warning():
    analysis = DocumentAnalysis("file:///runs.ir", TEXT)
    edit = _replace(TEXT, UNDER, SPECIFIED)
    from tests.fuzz.edit_fuzz import apply
    apply(analysis, edit, 1)
    assert analysis.diagnostics() == []


def test_a_definition_further_back_than_the_scope_reaches_is_not_looked_for():
    """A run of thousands of statements costs each a bounded stretch (runs.py)."""
    filler = "".join(f"%x{i} = cute.make_atom : !cute_nvgpu.sm90.mma\n" for i in range(MAX_SCOPE))
    near = _codes(f"{UNDER}\n{MMA}\n")
    far = _codes(f"{UNDER}\n{filler}{MMA}\n")
    assert [c[:2] for c in near] == [("lower.not-lowered", NOT_LOWERED)]
    assert far == []   # checked as though the atom were not built in the file
