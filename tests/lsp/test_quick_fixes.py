"""Quick fixes through a real client: the server offers them for the published diagnostics, and
the client applying the workspace edit gets a file with no diagnostics back."""
from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from tests.features.test_actions import im2col

from .helpers import RecordingClient, apply_edit, bounded, change_range, doc_uri, open_and_wait, wait_for_publish

pytestmark = pytest.mark.asyncio


async def test_the_im2col_rank_fix_applied_by_the_client_leaves_no_diagnostics(client: RecordingClient):
    uri, text = doc_uri("im2col-rank"), im2col()
    published = await open_and_wait(client, uri, text, version=1)
    [rank] = [d for d in published.diagnostics if d.message == "TMA descriptor rank must be between 3 and 5, got 2"]

    actions = await bounded(client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), range=rank.range,
        context=lsp.CodeActionContext(diagnostics=[rank]))))
    [action] = actions
    assert action.title == "Build a tiled descriptor (im2col takes rank 3..5; the tensor has rank 2)"
    assert action.kind == lsp.CodeActionKind.QuickFix and list(action.diagnostics) == [rank]

    # Applied as an editor does: each edit a change of its own, the last in the text first.
    edits = sorted(action.edit.changes[uri], key=lambda e: (e.range.start.line, e.range.start.character), reverse=True)
    for version, edit in enumerate(edits, start=2):
        text = apply_edit(text, edit.range, edit.new_text)
        change_range(client, uri, version, edit.range, edit.new_text)
    fixed = await wait_for_publish(client, uri, len(edits) + 1)
    assert "im2col" not in text and list(fixed.diagnostics) == []
