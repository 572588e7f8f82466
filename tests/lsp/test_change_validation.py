"""A didChange that cannot apply to the document is refused as a whole: logged to the client
(window/logMessage, Error) and the document kept exactly as it was."""
from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from .helpers import (RecordingClient, apply_edit, doc_uri, open_and_wait, pull_diagnostics, range_of,
                      shapes, wait_for_log, wait_for_publish)

pytestmark = pytest.mark.asyncio

TEXT = ("func.func @f() {\n"
        "  %a = test.make : !cute_nvgpu.bogus\n"
        "  %b = test.make : !cute_nvgpu.sm90.mma\n"
        "  return\n"
        "}\n")


def _pos(line: int, character: int) -> lsp.Position:
    return lsp.Position(line=line, character=character)


def _change(client: RecordingClient, uri: str, version: int, *edits: tuple[lsp.Range, str]) -> None:
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[lsp.TextDocumentContentChangePartial(range=r, text=t) for r, t in edits]))


BAD_RANGES = {
    # (range, what the log says)
    "ends before it starts": (lsp.Range(start=_pos(2, 30), end=_pos(1, 2)), "before it starts"),
    "ends before it starts on one line": (lsp.Range(start=_pos(1, 30), end=_pos(1, 2)), "before it starts"),
    "starts past the end": (lsp.Range(start=_pos(40, 0), end=_pos(41, 0)), "past the end"),
}


@pytest.mark.parametrize("case", BAD_RANGES)
async def test_a_change_that_cannot_apply_is_refused(client: RecordingClient, case: str):
    uri = doc_uri(f"bad-change-{case.replace(' ', '-')}")
    before = shapes((await open_and_wait(client, uri, TEXT)).diagnostics)
    assert before   # the `bogus` type
    bad_range, says = BAD_RANGES[case]
    _change(client, uri, 2, (bad_range, ""))
    logged = await wait_for_log(client, lambda m: uri in m.message)
    assert logged.type == lsp.MessageType.Error and says in logged.message, logged
    assert shapes(await pull_diagnostics(client, uri)) == before
    # The document is the one the client had before the refused change: a later edit that
    # fixes the unknown type in that text leaves nothing to report.
    fix = range_of(TEXT, "bogus")
    _change(client, uri, 3, (fix, "sm90.mma"))
    assert list((await wait_for_publish(client, uri, 3)).diagnostics) == []


async def test_one_bad_change_refuses_the_whole_notification(client: RecordingClient):
    uri = doc_uri("bad-second-change")
    before = shapes((await open_and_wait(client, uri, TEXT)).diagnostics)
    fixed = apply_edit(TEXT, range_of(TEXT, "bogus"), "sm90.mma")
    _change(client, uri, 2, (range_of(TEXT, "bogus"), "sm90.mma"),
            (range_of(fixed, "\n  return\n}"), "\n  retu"),                 # applies: breaks the function
            (lsp.Range(start=_pos(3, 4), end=_pos(0, 0)), "x"))           # cannot apply
    await wait_for_log(client, lambda m: uri in m.message)
    assert shapes(await pull_diagnostics(client, uri)) == before
    _change(client, uri, 3, (range_of(TEXT, "bogus"), "sm90.mma"))   # the text is TEXT again, byte for byte
    assert list((await wait_for_publish(client, uri, 3)).diagnostics) == []


async def test_an_end_past_the_last_line_means_the_end(client: RecordingClient):
    uri = doc_uri("end-past-end")
    await open_and_wait(client, uri, TEXT)
    _change(client, uri, 2, (lsp.Range(start=_pos(1, 0), end=_pos(400, 0)), "  return\n}\n"))
    assert list((await wait_for_publish(client, uri, 2)).diagnostics) == []
    assert not [m for m in client.log_messages if uri in m.message]
