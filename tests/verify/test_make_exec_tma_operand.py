"""What `make_exec_tma` binds must be a non-exec TMA atom (tma-atoms, "Executable Atom Binding":
`make_exec_tma(NonExecTmaAtom atom, ...)`), whether a value defined by another op or an argument
whose type says what it holds (issue #30: "`make_exec_tma` accepts a function argument that is
not an atom at all"). An argument typed as another atom (an executable TMA atom, a copy atom)
holds no non-exec TMA atom either; one typed as a non-exec atom is bound without complaint. An
alias is read as the type it stands for, so both spellings get one verdict."""
from __future__ import annotations

import pytest

from tests.verify import located_diagnostics

OPERAND = "the TMA operand is defined here"


def diagnostics(parameter: str, aliases: str = "") -> list:
    text = (f"{aliases}func.func @k(%a: {parameter}, %mbar: memref<1xi64, 3>) {{\n"
            "  %x = cute_nvgpu.atom.make_exec_tma %a, %mbar\n"
            "  return\n}\n")
    return located_diagnostics(text, "sm_90a", "file:///exec.ir")


@pytest.mark.parametrize("type_", [
    "!cute_nvgpu.atom.tma_load",
    "!cute_nvgpu.atom.tma_store",
    "!cute_nvgpu.atom.universal_copy<f16, 128 b>",
    "!cute_nvgpu.tma_descriptor_tiled",
    "i32",
    '!cute.layout<"(4,4):(1,4)">',
])
def test_an_argument_of_another_type_is_not_bound(type_):
    assert diagnostics(type_) == [
        ("verify.tma.exec-atom-type", "%a", f"make_exec_tma binds a non-exec TMA atom, got a value of type {type_}",
         [("%a", OPERAND)])]


@pytest.mark.parametrize("type_", [
    "!cute_nvgpu.atom.non_exec_tiled_tma_load",
    "!cute_nvgpu.atom.non_exec_tiled_tma_store",
    "!cute_nvgpu.atom.non_exec_tiled_tma_reduce",
])
def test_an_argument_typed_as_a_non_exec_atom_is_bound(type_):
    assert diagnostics(type_) == []


def test_an_argument_typed_by_an_alias_of_a_non_exec_atom_is_bound():
    assert diagnostics("!atom", "!atom = !cute_nvgpu.atom.non_exec_tiled_tma_load\n") == []
    assert diagnostics("!atom", "!atom = !cute_nvgpu.atom.non_exec_tiled_tma_reduce\n") == []


@pytest.mark.parametrize("type_", [
    "!cute_nvgpu.atom.tma_load",
    "!cute_nvgpu.atom.tma_store",
    "!cute_nvgpu.atom.universal_copy<f16, 128 b>",
    "!cute_nvgpu.tma_descriptor_tiled",
])
def test_an_alias_gets_the_verdict_of_the_type_it_stands_for(type_):
    # A CuTe DSL dump names atoms by aliases (`!my_atom = !cute_nvgpu...`): the verifiers read the
    # type an alias stands for (VerifyContext.through_alias), so both spellings are reported alike.
    direct = diagnostics(type_)
    aliased = diagnostics("!my_atom", f"!my_atom = {type_}\n")
    assert [d[0] for d in aliased] == [d[0] for d in direct] == ["verify.tma.exec-atom-type"]
    assert aliased == [
        ("verify.tma.exec-atom-type", "%a",
         f"make_exec_tma binds a non-exec TMA atom, got a value of type !my_atom ({type_})", [("%a", OPERAND)])]


def test_an_alias_nobody_defines_is_reported_as_such_not_judged():
    assert [d[0] for d in diagnostics("!nowhere")] == ["ssa.undefined-alias"]
