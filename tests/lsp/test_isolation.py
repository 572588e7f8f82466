"""One broken op in the middle of a function does not take the rest of the file down."""
from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from .helpers import (
    RecordingClient, Shape, bounded, change_range, doc_uri, find, open_and_wait, position_at, position_of,
    range_of, rng_tuple, shapes, wait_for_publish,
)

pytestmark = pytest.mark.asyncio

BROKEN = """\
func.func @kernel(%arg0: i32) -> i32 {
  %x = arith.addi %arg0, %arg0 : i32
  %broken = arith.muli(%x, %x : i32
  %m = test.make : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
  %y = arith.addi %x, %x : i32
  return %y : i32
}
"""
URI = doc_uri("broken-middle")
UNCLOSED = find(BROKEN, "(%x, %x : i32")          # the `(` that is never closed


async def test_syntax_error_sits_on_the_unclosed_paren_only(client: RecordingClient):
    published = await open_and_wait(client, URI, BROKEN)

    # arith.muli's operands start where the `(` stands: MLIR's parser stops there
    paren = lsp.Range(start=position_at(BROKEN, UNCLOSED), end=position_at(BROKEN, UNCLOSED + 1))
    assert shapes(published.diagnostics) == [Shape(
        "expected SSA operand", rng_tuple(paren), lsp.DiagnosticSeverity.Error, "syntax")]


async def test_hover_on_a_type_after_the_broken_op(client: RecordingClient):
    await open_and_wait(client, URI, BROKEN)
    hover = await bounded(client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=URI),
        position=position_of(BROKEN, "sm90.mma", into=2))))

    assert hover is not None
    assert hover.contents.value.startswith("**`!cute_nvgpu.sm90.mma`**")
    assert hover.range == range_of(BROKEN, "!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), "
                                           "elem_type = (f16, f16, f32), frag_kind = ss>")


async def test_document_symbol_for_the_function(client: RecordingClient):
    await open_and_wait(client, URI, BROKEN)
    symbols = await bounded(client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
        text_document=lsp.TextDocumentIdentifier(uri=URI))))

    assert [(s.name, s.kind) for s in symbols] == [("@kernel", lsp.SymbolKind.Function)]
    function = symbols[0]
    assert function.selection_range == range_of(BROKEN, "@kernel")
    assert function.range.start == lsp.Position(line=0, character=0)
    assert function.range.end == position_at(BROKEN, len(BROKEN.rstrip("\n")))
    # The atom defined after the broken op is still in the outline.
    assert [(c.name, c.kind) for c in function.children or []] == [("%m", lsp.SymbolKind.Variable)]


async def test_definition_across_the_broken_op(client: RecordingClient):
    await open_and_wait(client, URI, BROKEN)
    # `%x` is defined before the broken op; its use in `%y = arith.addi %x, %x` comes after it.
    use_line = find(BROKEN, "%y = arith.addi")
    result = await bounded(client.text_document_definition_async(lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri=URI),
        position=position_of(BROKEN, "%x", into=1, start=use_line))))

    assert result == [lsp.Location(uri=URI, range=range_of(BROKEN, "%x"))]


async def test_value_defined_after_the_broken_op_resolves(client: RecordingClient):
    await open_and_wait(client, URI, BROKEN)
    ret = find(BROKEN, "return %y")
    result = await bounded(client.text_document_definition_async(lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri=URI),
        position=position_of(BROKEN, "%y", start=ret))))

    assert result == [lsp.Location(uri=URI, range=range_of(BROKEN, "%y"))]


TWO_FUNCTIONS = """\
module {
  func.func @first(%arg0: i32) -> i32 {
    %m = test.make : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
    return %arg0 : i32
  }
  func.func @second(%arg0: i32) -> i32 {
    %x = arith.addi %arg0, %arg0 : i32
    return %x : i32
  }
}
"""


async def test_typing_in_one_function_leaves_the_others_intact(client: RecordingClient):
    """Typing re-parses the edited statement alone; hover and the outline elsewhere must still
    read the other functions' text."""
    uri = doc_uri("two-functions")
    await open_and_wait(client, uri, TWO_FUNCTIONS)
    at = position_at(TWO_FUNCTIONS, find(TWO_FUNCTIONS, "%x = arith") + 2)
    change_range(client, uri, 2, lsp.Range(start=at, end=at), "y")          # %x -> %xy
    await wait_for_publish(client, uri, 2)

    hover = await bounded(client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri),
        position=position_of(TWO_FUNCTIONS, "sm90.mma", into=2))))
    assert hover is not None and hover.contents.value.startswith("**`!cute_nvgpu.sm90.mma`**")
    symbols = await bounded(client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri))))
    assert [s.name for s in symbols[0].children] == ["@first", "@second"]
    assert [c.name for c in symbols[0].children[0].children] == ["%m"]
