"""Quick fixes through a real client: the server offers them for the published diagnostics, and
the client applying the workspace edit gets a file with no diagnostics back."""
from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from tests.features.test_actions import im2col

from .helpers import (RecordingClient, apply_edit, bounded, change_range, doc_uri, open_and_wait, range_of,
                      wait_for_publish)

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


# A TileAS atomic in a kernel (so the lowering has nothing to say of it), with a string attribute
# of characters UTF-16 counts otherwise than UTF-8 before its `rmw_mode`: the fix's range is the
# diagnostic's, in the client's encoding.
ATOMIC = ("func.func @f(%view: memref<128x128xf32, 1>, %i: index, %j: index, %tile: tensor<64x64xf32>) attributes "
          "{nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {\n"
          '  %old, %t = nv_tileas.tiled_atomic_rmw %tile, %view coords(%i, %j) offsets() {note = "naïve 😀 sum", '
          "tileSize = array<i64: 64, 64>, rmw_mode = #nv_tileas.rmw_mode<MODE>, memSemantic = "
          "#nv_tileas.mem_semantic<relaxed>, memScope = #nv_tileas.mem_scope<gpu>ATOM} : memref<128x128xf32, 1> -> "
          "tensor<64x64xf32>, !nv_tileaa.mem_token\n"
          "  return\n}\n")


async def _fix_rmw_mode(client: RecordingClient, name: str, text: str, code: str) -> tuple[lsp.CodeAction, str]:
    """Open `text`, ask for the code actions on its one diagnostic `code` (at the `rmw_mode`
    value), check the action and its edit, apply it as an editor does; (action, fixed text) once
    the server published the fixed text's diagnostics (none)."""
    uri = doc_uri(name)
    published = await open_and_wait(client, uri, text, version=1)
    [diagnostic] = [d for d in published.diagnostics if d.code == code]
    written = text[text.index("#nv_tileas.rmw_mode<"):text.index(">", text.index("#nv_tileas.rmw_mode<")) + 1]
    assert diagnostic.range == range_of(text, written)
    actions = await bounded(client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), range=diagnostic.range,
        context=lsp.CodeActionContext(diagnostics=[diagnostic]))))
    [action] = actions
    assert action.kind == lsp.CodeActionKind.QuickFix and list(action.diagnostics) == [diagnostic]
    [edit] = action.edit.changes[uri]
    assert (edit.range, edit.new_text) == (diagnostic.range, "#nv_tileas.rmw_mode<add>")
    fixed = apply_edit(text, edit.range, edit.new_text)
    change_range(client, uri, 2, edit.range, edit.new_text)
    after = await wait_for_publish(client, uri, 2)
    assert list(after.diagnostics) == []
    return action, fixed


async def test_the_fadd_fix_applied_by_the_client_makes_the_mode_add(client: RecordingClient):
    # tileas-tma-and-memops: "tiled_atomic_rmw op cannot use fadd operation, please use add
    # instead for both int and float types".
    text = ATOMIC.replace("MODE", "fadd").replace("ATOM", "")
    action, fixed = await _fix_rmw_mode(client, "fadd", text, "tileas.atomic-rmw.no-fadd")
    assert action.title == "Use `add` (it covers float adds too)"
    assert fixed == ATOMIC.replace("MODE", "add").replace("ATOM", "")


async def test_the_reduce_kind_fix_of_a_tma_reduction_atomic_makes_its_mode_the_one_f32_takes(client: RecordingClient):
    # A TMA reduction's mode against the PTX ISA's table: of f32, cp.reduce.async.bulk.tensor
    # only adds.
    atom = ", allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_redg>"
    text = ATOMIC.replace("MODE", "max").replace("ATOM", atom)
    action, fixed = await _fix_rmw_mode(client, "reduce-kind", text, "verify.tma.reduce-kind")
    assert action.title == "Use `add` (the one kind f32 elements reduce with)"
    assert fixed == ATOMIC.replace("MODE", "add").replace("ATOM", atom)
