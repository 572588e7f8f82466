"""A whole-document request computed in slices answers ContentModified when the document
changes while it waits, rather than answering about a text the client did not ask about:
also when the change arrives together with the request, before its handler starts. Its slices
take turns with background verification."""
from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcContentModified, JsonRpcException

from cute_ir.analysis import DocumentAnalysis
from cute_ir.lsp import semantic, server as server_module
from cute_ir.text.positions import Position

from .helpers import bounded, change_range, doc_uri, open_and_wait, server_with

TEXT = "".join(f"%v{i} = arith.constant {i} : i32\n" for i in range(200))



def test_a_change_while_the_request_waits_gives_content_modified(monkeypatch) -> None:
    monkeypatch.setattr(server_module, "FEATURE_SLICE", 0.0)   # one unit per slice
    analysis = DocumentAnalysis("file:///stale.ir", TEXT)
    ls = server_with(analysis)

    async def scenario() -> None:
        request = asyncio.ensure_future(ls.in_slices(semantic.PIECES, analysis))
        await asyncio.sleep(0)   # the request has started its slices
        analysis.update([(Position(0, 0), Position(0, 0), "\n")], 2)
        with pytest.raises(JsonRpcContentModified):
            await request

    asyncio.run(scenario())


def test_without_a_change_the_slices_complete() -> None:
    analysis = DocumentAnalysis("file:///fresh.ir", TEXT)
    asyncio.run(server_with(analysis).in_slices(semantic.PIECES, analysis))
    assert semantic.full_tokens(analysis)


def test_the_slices_take_turns_with_background_verification_rather_than_wait_for_it() -> None:
    """A whole-document request is what the client waits for; verification of the units it has
    not reached yet is no one's request. A verification that never ends does not hold it up."""
    analysis = DocumentAnalysis("file:///busy.ir", TEXT)
    ls = server_with(analysis)

    async def scenario() -> None:
        never = asyncio.get_running_loop().create_future()
        ls._verifying[analysis.document.uri] = never
        await asyncio.wait_for(ls.in_slices(semantic.PIECES, analysis), timeout=60)
        never.cancel()

    asyncio.run(scenario())
    assert semantic.full_tokens(analysis)


TOKENS_TEXT = "".join(f"func.func @f{i}(%a: i32) {{\n  %v = arith.addi %a, %a : i32\n  return\n}}\n" for i in range(400))


@pytest.mark.asyncio
async def test_a_change_sent_right_after_a_whole_document_request_is_not_in_its_answer(client):
    """The request and the change that follows it arrive in one read; a handler that waits
    starts after the change is applied. Its answer is for the text the client asked about, or
    ContentModified (then clients ask again), never for the newer text: VS Code would shift the
    tokens by that change a second time."""
    uri = doc_uri("tokens-race")
    await open_and_wait(client, uri, TOKENS_TEXT, version=1)
    old = semantic.full_tokens(DocumentAnalysis(uri, TOKENS_TEXT))
    new_text = "\n" + TOKENS_TEXT
    new = semantic.full_tokens(DocumentAnalysis(uri, new_text))
    outcomes = []
    for version in range(2, 12, 2):
        asked = asyncio.ensure_future(client.text_document_semantic_tokens_full_async(
            lsp.SemanticTokensParams(text_document=lsp.TextDocumentIdentifier(uri=uri))))
        await asyncio.sleep(0)   # the request is written, then the change right after it
        change_range(client, uri, version, lsp.Range(start=lsp.Position(line=0, character=0),
                                                     end=lsp.Position(line=0, character=0)), "\n")
        try:
            answer = list((await bounded(asked)).data)
        except JsonRpcException as error:
            assert error.code == lsp.LSPErrorCodes.ContentModified
            outcomes.append("modified")
        else:
            assert answer != new, "tokens of the text after the change"
            assert answer == old
            outcomes.append("answered")
        # Undo, so that each round asks about the same text.
        change_range(client, uri, version + 1, lsp.Range(start=lsp.Position(line=0, character=0),
                                                         end=lsp.Position(line=1, character=0)), "")
    assert outcomes
