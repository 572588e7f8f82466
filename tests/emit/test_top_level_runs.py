"""Bare ops at the file's top level, walked together by the PTX preview and the lowering.

MLIR's parser puts a file's top-level ops into one implicit module whose body is a graph
region, so a bare op may use what the statement before it defines. The spec writes its TMA
worked example (tma-atoms, "Worked Example") so: four statements, no function, no result
types. The analysis keeps each top-level statement as a unit of its own; the atom sites walk a
run of consecutive bare ops as one (`verify/atom_sites.site_units`).
"""
from __future__ import annotations

import re

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity
from cute_ir.features import preview as PV
from cute_ir.features import ptx as FP
from cute_ir.features.lowered import lower
from cute_ir.ir.target import FROM_DEFAULT
from cute_ir.verify import atom_sites as AS

from tests.emit.page_examples import LOAD, PAGE_EXAMPLE, POLICY
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON
from tests.emit.test_preview import IM2COL_CHAIN, REDUCE_CHAIN, TMA_CHAIN, TMA_PAGE

needs_ptxas = pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)


def analyse(text: str, **settings) -> DocumentAnalysis:
    return DocumentAnalysis("file:///tests/page.ir", text, settings=Settings(**settings))


def test_the_pages_example_checks_clean_for_the_target_it_needs():
    a = analyse(PAGE_EXAMPLE, target_from=FROM_DEFAULT)
    assert [d for d in a.diagnostics() if d.severity is Severity.ERROR] == []
    assert a.target_arch == "sm_90a"


def test_the_pages_example_as_written_previews_its_load():
    a = analyse(PAGE_EXAMPLE, target_arch="sm_90a")
    preview = PV.preview_module(a)
    assert "has no op that builds or applies" not in preview.ptx_text
    assert len(LOAD.findall(preview.ptx_text)) == 1
    assert preview.problems == []
    # Its lines map to the op that makes the executable atom, where the page writes it.
    exec_op = PAGE_EXAMPLE.index("%exec =")
    [line] = [n for n, text in enumerate(preview.ptx_text.split("\n")) if LOAD.match(text)]
    assert [(s.start, s.end) for s in preview.spans_for_line(line)] == [(exec_op, PAGE_EXAMPLE.index("}", exec_op) + 1)]


@needs_ptxas
def test_the_pages_example_assembles():
    a = analyse(PAGE_EXAMPLE, target_arch="sm_90a")
    assert FP.assemble(PV.preview_module(a).ptx_text, "sm_90a", PTXAS) == []


def test_the_pages_example_keeps_its_load_whose_operands_it_does_not_define():
    # The page's snippet uses values it does not define: its load has no address to bind, so
    # it stays as written (tests/passes/test_inline_asm.py lowers it in a function). What is
    # missing is the snippet's context, not the lowering's to report.
    analysis = analyse(PAGE_EXAMPLE, target_arch="sm_90a")
    result = lower(analysis)
    assert result.ok and result.diagnostics == []
    assert "cute_nvgpu.atom.tma_load %exec" in result.stages[-1].text and "llvm.inline_asm" not in result.stages[-1].text
    assert [d for d in analysis.diagnostics() if d.source.value == "lower"] == []


def test_an_edit_in_one_statement_reaches_the_runs_preview():
    a = analyse(PAGE_EXAMPLE, target_arch="sm_90a")
    normal, first = POLICY["evict_normal"], POLICY["evict_first"]
    assert normal in PV.preview_module(a).ptx_text
    at = len(PAGE_EXAMPLE[:PAGE_EXAMPLE.index("load_cache_mode<cg>") + len("load_cache_mode<")].encode())
    a.update([(a.document.position(at), a.document.position(at + 2), "cs")], 2)
    edited = PV.preview_module(a).ptx_text
    assert first in edited and normal not in edited and len(LOAD.findall(edited)) == 1
    fresh = analyse(PAGE_EXAMPLE.replace("load_cache_mode<cg>", "load_cache_mode<cs>"), target_arch="sm_90a")
    assert edited == PV.preview_module(fresh).ptx_text


def test_ops_in_a_function_are_not_a_run():
    text = "func.func @f() {\n" + PAGE_EXAMPLE + "return\n}\n"
    a = analyse(text, target_arch="sm_90a")
    assert not any(isinstance(u, AS.StatementRun) for u in AS.site_units(a))


def bare(function: str) -> str:
    """The ops of a one-function file, `return` left out, as bare top-level statements: their
    operands are then values no statement defines, with no written type."""
    lines = function.split("\n")
    body = next(i for i, line in enumerate(lines) if line.rstrip().endswith("{")) + 1
    end = max(i for i, line in enumerate(lines) if line.strip() == "return")
    return "\n".join(line.strip() for line in lines[body:end]) + "\n"


_TRANSFER = re.compile(r"^\s*(cp\.(?:reduce\.)?async\.bulk\.tensor[\w.:]*)", re.M)
TWO_CTA = TMA_CHAIN.replace("{num_multicast = 1}", "{load_mode = #cute_nvgpu.load_mode<two_cta>, num_multicast = 1}")
MULTICAST = TMA_CHAIN.replace("{num_multicast = 1}", "{load_mode = #cute_nvgpu.load_mode<w_multicast>, num_multicast = 2}")


@pytest.mark.parametrize("function,arch", [(TMA_CHAIN, "sm_90a"), (TMA_PAGE, "sm_90a"), (IM2COL_CHAIN, "sm_90a"),
                                           (REDUCE_CHAIN, "sm_90a"), (TWO_CTA, "sm_100a"), (MULTICAST, "sm_90a")],
                         ids=["chain", "page", "im2col", "reduce", "two_cta", "multicast"])
def test_bare_ops_preview_the_transfers_their_function_does(function, arch):
    """Without types the partition cannot run: the forms its flags pick (im2col, a CTA pair,
    multicast) come from the descriptor and the non-exec atom's modes, and the rank from the
    descriptor's extents. Only the tile's bytes are a sample then."""
    def forms(text: str) -> list[str]:
        analysis = analyse(text, target_arch=arch)
        assert [d.message for d in analysis.diagnostics() if d.severity is Severity.ERROR] == []
        return _TRANSFER.findall(PV.preview_module(analysis).ptx_text)
    inside = forms(function)
    # In the function the transfers are in its kernel from the lowered IR; bare, each op that
    # binds or applies the atom has its own kernel: the same forms.
    assert inside and set(forms(bare(function))) == set(inside)
