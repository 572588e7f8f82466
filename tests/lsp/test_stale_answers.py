"""A whole-document request computed in slices answers ContentModified when the document
changes while it waits, rather than answering about a text the client did not ask about."""
from __future__ import annotations

import asyncio

import pytest
from pygls.exceptions import JsonRpcContentModified

from cute_ir.analysis import DocumentAnalysis
from cute_ir.lsp import semantic, server as server_module
from cute_ir.text.positions import Position

TEXT = "".join(f"%v{i} = arith.constant {i} : i32\n" for i in range(200))


def _server_with(analysis: DocumentAnalysis) -> server_module.CuteIrServer:
    ls = server_module.CuteIrServer()
    ls.analyses[analysis.document.uri] = analysis
    return ls


def test_a_change_while_the_request_waits_gives_content_modified(monkeypatch) -> None:
    monkeypatch.setattr(server_module, "FEATURE_SLICE", 0.0)   # one unit per slice
    analysis = DocumentAnalysis("file:///stale.ir", TEXT)
    ls = _server_with(analysis)

    async def scenario() -> None:
        request = asyncio.ensure_future(ls.in_slices(semantic.PIECES, analysis))
        await asyncio.sleep(0)   # the request has started its slices
        analysis.update([(Position(0, 0), Position(0, 0), "\n")], 2)
        with pytest.raises(JsonRpcContentModified):
            await request

    asyncio.run(scenario())


def test_without_a_change_the_slices_complete() -> None:
    analysis = DocumentAnalysis("file:///fresh.ir", TEXT)
    asyncio.run(_server_with(analysis).in_slices(semantic.PIECES, analysis))
    assert semantic.full_tokens(analysis)
