"""Formatting through a real client: `textDocument/formatting` and `rangeFormatting` answer
edits that, applied as the client applies them, give features/format.py's text; formatting
the result again changes nothing."""
from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features.format import formatted_text
from tests.conftest import REPO

from .helpers import RecordingClient, apply_edit, bounded, change_whole, doc_uri, open_and_wait, wait_for_publish

pytestmark = pytest.mark.asyncio

MESSY = ("!a   =   i32\n"
         "module {\n"
         "        func.func @f(%x: i32) -> i32 {   // entry\n"
         "%y   =   arith.addi %x,   %x : i32\n"
         "\n\n\n"
         "    return %y : i32\n"
         "  }\n"
         "}\n")
OPTIONS = lsp.FormattingOptions(tab_size=4, insert_spaces=True)


def _applied(text: str, edits: list[lsp.TextEdit]) -> str:
    """The edits applied as LSP says: all on the original text (the last in the text first;
    inserts at one place keep the order of the list)."""
    indexed = list(enumerate(edits))
    indexed.sort(key=lambda p: (p[1].range.start.line, p[1].range.start.character, p[0]), reverse=True)
    for _, edit in indexed:
        text = apply_edit(text, edit.range, edit.new_text)
    return text


async def _format(client: RecordingClient, uri: str) -> list[lsp.TextEdit]:
    return await bounded(client.text_document_formatting_async(lsp.DocumentFormattingParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), options=OPTIONS))) or []


async def test_the_server_says_it_formats(client: RecordingClient):
    capabilities = client.init_result.capabilities
    assert capabilities.document_formatting_provider
    assert capabilities.document_range_formatting_provider


async def test_formatting_edits_give_the_formatted_text_and_then_none(client: RecordingClient):
    uri = doc_uri("format-messy")
    await open_and_wait(client, uri, MESSY)
    edits = await _format(client, uri)
    formatted = _applied(MESSY, edits)
    assert formatted == ("!a = i32\n"
                         "module {\n"
                         "  func.func @f(%x: i32) -> i32 { // entry\n"
                         "    %y = arith.addi %x, %x : i32\n"
                         "\n"
                         "    return %y : i32\n"
                         "  }\n"
                         "}\n")
    # Only what changes is replaced: the lines already formatted are not in any edit.
    assert all(e.range.start.line != 6 for e in edits)
    change_whole(client, uri, 2, formatted)
    await wait_for_publish(client, uri, 2)
    assert await _format(client, uri) == []


async def test_formatting_a_real_dump_matches_the_cli(client: RecordingClient):
    path = REPO / "tests" / "corpus" / "cutedsl" / "sm90_tma_store_reduce" / "raw.mlir"
    text = path.read_text(encoding="utf-8").replace("\n    ", "\n      ", 40)   # some lines moved
    uri = doc_uri("format-dump")
    await open_and_wait(client, uri, text, timeout=30)
    formatted = _applied(text, await _format(client, uri))
    assert formatted == formatted_text(DocumentAnalysis("file:///x.mlir", text, verify_budget=0))
    assert formatted == path.read_text(encoding="utf-8").rstrip("\n") + "\n"


async def test_range_formatting_formats_only_the_statements_in_the_range(client: RecordingClient):
    text = "%0   =   t.t : i32\n%1   =   t.t : i32\n%2   =   t.t : i32\n"
    uri = doc_uri("format-range")
    await open_and_wait(client, uri, text)
    edits = await bounded(client.text_document_range_formatting_async(lsp.DocumentRangeFormattingParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), options=OPTIONS,
        range=lsp.Range(start=lsp.Position(line=1, character=3), end=lsp.Position(line=1, character=5)))))
    assert _applied(text, edits) == "%0   =   t.t : i32\n%1 = t.t : i32\n%2   =   t.t : i32\n"


async def test_a_statement_with_a_syntax_error_is_not_touched(client: RecordingClient):
    text = "%0   =   t.t : i32\nfunc.func @bad( {\n    %1 =   t.t : i32\n}\n%2   =   t.t : i32\n"
    uri = doc_uri("format-broken")
    await open_and_wait(client, uri, text)
    formatted = _applied(text, await _format(client, uri))
    assert "func.func @bad( {\n    %1 =   t.t : i32\n}" in formatted
    assert formatted.startswith("%0 = t.t : i32\n")


async def test_formatting_a_document_not_open_answers_nothing(client: RecordingClient):
    assert await _format(client, doc_uri("never-opened")) == []
