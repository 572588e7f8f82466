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
from cute_ir.emit import preview as PV
from cute_ir.features import ptx as FP
from cute_ir.features.lowered import lower
from cute_ir.ir.target import FROM_DEFAULT
from cute_ir.verify import atom_sites as AS

from tests.emit.ptxas_runner import PTXAS, SKIP_REASON

needs_ptxas = pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)

# The page's worked example, byte for byte as it is printed (no function around it).
PAGE_EXAMPLE = """\
%desc = nv_tileas.make_tiled_tma_desc %tensor, %layout
shapes(%m, %n, %k) strides(%sn, %sk) paddings()
{mode = #cute_nvgpu.tma_load_mode<tiled>,
elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map
{num_multicast = 1}
%exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar
{cache_mode = #cute_nvgpu.load_cache_mode<cg>}
cute_nvgpu.atom.tma_load %exec, %smem_tile, %coord
{allow_tma = true, inBounds = true}
"""

# The load the preview gives it: a rank-3 tensor (three `shapes(...)` extents), its L2 policy.
LOAD = re.compile(r"^  cp\.async\.bulk\.tensor\.3d\.shared::cta\.global\.tile\.mbarrier::complete_tx::bytes"
                  r"\.L2::cache_hint \[%smem\], \[%tmap, \{%coord0, %coord1, %coord2\}\], \[%mbar\], %policy;"
                  r"  // @op %exec$", re.M)


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


def test_the_pages_example_lowers():
    result = lower(analyse(PAGE_EXAMPLE, target_arch="sm_90a"))
    assert result.ok
    final = result.stages[-1].text
    assert "cute_nvgpu.atom.tma_load" not in final
    assert "cp.async.bulk.tensor.3d.shared::cta.global.tile" in final


def test_an_edit_in_one_statement_reaches_the_runs_preview():
    a = analyse(PAGE_EXAMPLE, target_arch="sm_90a")
    assert "// L2 evict_normal" in PV.preview_module(a).ptx_text
    at = len(PAGE_EXAMPLE[:PAGE_EXAMPLE.index("load_cache_mode<cg>") + len("load_cache_mode<")].encode())
    a.update([(a.document.position(at), a.document.position(at + 2), "cs")], 2)
    edited = PV.preview_module(a).ptx_text
    assert "// L2 evict_first" in edited and len(LOAD.findall(edited)) == 1
    fresh = analyse(PAGE_EXAMPLE.replace("load_cache_mode<cg>", "load_cache_mode<cs>"), target_arch="sm_90a")
    assert edited == PV.preview_module(fresh).ptx_text


def test_ops_in_a_function_are_not_a_run():
    text = "func.func @f() {\n" + PAGE_EXAMPLE + "return\n}\n"
    a = analyse(text, target_arch="sm_90a")
    assert not any(isinstance(u, AS.StatementRun) for u in AS.site_units(a))
