"""`cute-ir/ptxPreview` of the spec's TMA worked example pasted as the page prints it: bare
top-level statements, no function (tests/emit/test_top_level_runs.py has the preview's own
tests), against the real server process, before and after an edit, with ptxas."""
from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from tests.emit.ptxas_runner import PTXAS, SKIP_REASON
from tests.emit.page_examples import LOAD, PAGE_EXAMPLE, POLICY

from .helpers import RecordingClient, change_range, doc_uri, open_and_wait, position_of, wait_for_publish
from .test_preview import _get, as_tuple, op_range, preview

pytestmark = pytest.mark.asyncio
needs_ptxas = pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)

EXEC_OP = "%exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar\n{cache_mode = #cute_nvgpu.load_cache_mode<cg>}"


async def test_the_pages_tma_example_previews_its_load(client: RecordingClient):
    uri = doc_uri("page-tma")
    published = await open_and_wait(client, uri, PAGE_EXAMPLE)
    assert [d for d in published.diagnostics if d.severity == lsp.DiagnosticSeverity.Error] == []
    result = await preview(client, uri, arch=None)
    ptx = _get(result, "ptx")
    assert ".target sm_90a" in ptx and "has no op that builds or applies" not in ptx
    lines = ptx.split("\n")
    [load] = [n for n, line in enumerate(lines) if LOAD.match(line)]
    ranges = [as_tuple(_get(m, "range")) for m in _get(result, "lineMap") if _get(m, "ptxLine") == load]
    assert ranges == [op_range(PAGE_EXAMPLE, EXEC_OP)]
    assert list(_get(result, "diagnostics")) == []


async def test_an_edit_reaches_the_examples_preview(client: RecordingClient):
    uri = doc_uri("page-tma-edit")
    await open_and_wait(client, uri, PAGE_EXAMPLE)
    assert POLICY["evict_normal"] in _get(await preview(client, uri), "ptx")
    change_range(client, uri, 2, lsp.Range(start=position_of(PAGE_EXAMPLE, "load_cache_mode<cg>", into=16),
                                           end=position_of(PAGE_EXAMPLE, "load_cache_mode<cg>", into=18)), "cs")
    await wait_for_publish(client, uri, 2)
    ptx = _get(await preview(client, uri), "ptx")
    assert POLICY["evict_first"] in ptx and POLICY["evict_normal"] not in ptx and len([line for line in ptx.split("\n") if LOAD.match(line)]) == 1


@needs_ptxas
async def test_the_examples_preview_assembles(client: RecordingClient):
    uri = doc_uri("page-tma-assemble")
    client.set_configuration({"ptxas": {"path": PTXAS}}, section="cute-ir")
    await open_and_wait(client, uri, PAGE_EXAMPLE)
    result = await preview(client, uri, "sm_90a", assemble=True)
    assert _get(result, "diagnostics") == []
