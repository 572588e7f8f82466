"""Semantic tokens as deltas (`textDocument/semanticTokens/full/delta`): a full answer carries a
result id, and a delta request naming it is answered with the edit that turns that answer into
the current tokens; one naming another id gets the full tokens."""
from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from .helpers import apply_edit, bounded, change_range, doc_uri, open_and_wait, position_at, position_of, wait_for_publish

pytestmark = pytest.mark.asyncio

# More functions than a few chunks hold (the server keeps consecutive units' tokens together,
# lsp/unit_chunks.py: a delta sends the edited function's chunk).
TEXT = "module {\n" + "".join(
    f"  func.func @f{i}(%x: i32) -> i32 {{\n    %a{i} = arith.addi %x, %x : i32\n    return %a{i} : i32\n  }}\n"
    for i in range(400)) + "}\n"


def _applied(data: list[int], delta: lsp.SemanticTokensDelta) -> list[int]:
    out = list(data)
    for edit in sorted(delta.edits, key=lambda e: e.start, reverse=True):
        out[edit.start:edit.start + edit.delete_count] = list(edit.data or [])
    return out


async def test_a_delta_applied_to_the_last_answer_is_the_full_answer(client):
    assert client.init_result.capabilities.semantic_tokens_provider.full == lsp.SemanticTokensFullDelta(delta=True)
    uri = doc_uri("tokens-delta")
    await open_and_wait(client, uri, TEXT, version=1)
    # An edit first: the answer the open cache may keep for the opened text has no result id.
    text = TEXT + "\n"
    change_range(client, uri, 2, lsp.Range(start=position_at(TEXT, len(TEXT)), end=position_at(TEXT, len(TEXT))), "\n")
    await wait_for_publish(client, uri, 2)
    document = lsp.TextDocumentIdentifier(uri=uri)
    full = await bounded(client.text_document_semantic_tokens_full_async(lsp.SemanticTokensParams(text_document=document)))
    assert full.result_id
    data, result_id = list(full.data), full.result_id
    for version, (needle, new_text) in enumerate([("%a20", "q"), ("  func.func @f7(", "\n"), ("  func.func @f3(", "  // c\n")], start=3):
        at = position_of(text, needle, into=1 if needle.startswith("%") else 0)
        change_range(client, uri, version, lsp.Range(start=at, end=at), new_text)
        await wait_for_publish(client, uri, version)
        delta = await bounded(client.text_document_semantic_tokens_full_delta_async(
            lsp.SemanticTokensDeltaParams(text_document=document, previous_result_id=result_id)))
        assert isinstance(delta, lsp.SemanticTokensDelta) and delta.result_id != result_id
        assert sum(len(edit.data or []) for edit in delta.edits) < len(data) // 4
        data, result_id = _applied(data, delta), delta.result_id
        fresh = await bounded(client.text_document_semantic_tokens_full_async(lsp.SemanticTokensParams(text_document=document)))
        assert data == list(fresh.data), f"version {version}"
        result_id = fresh.result_id
        text = apply_edit(text, lsp.Range(start=at, end=at), new_text)
    stale = await bounded(client.text_document_semantic_tokens_full_delta_async(
        lsp.SemanticTokensDeltaParams(text_document=document, previous_result_id="no such answer")))
    assert isinstance(stale, lsp.SemanticTokens) and list(stale.data) == data
