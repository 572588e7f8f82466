"""A server that defers all verification at open (CUTE_IR_VERIFY_AT_OPEN_MS=0) publishes the
syntax and type diagnostics first, then the complete set once the background verification is
done; a pulled report is always complete."""
from __future__ import annotations

import asyncio
import os

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig

from ..test_deferred_verification import _document
from .helpers import (
    SERVER_COMMAND, TIMEOUT, RecordingClient, bounded, change_range, doc_uri, end_session, make_client, open_and_wait,
    open_document, position_of, publishes_for, pull_diagnostics, range_of, start_session, wait_until,
)

pytestmark = pytest.mark.asyncio

DEFERRING = ClientServerConfig(server_command=SERVER_COMMAND, client_factory=make_client,
                               server_env={**os.environ, "CUTE_IR_VERIFY_AT_OPEN_MS": "0"})


@pytest_lsp.fixture(config=DEFERRING)
async def deferring(lsp_client: RecordingClient):
    await start_session(lsp_client)
    yield
    await end_session(lsp_client)


def _by_source(diagnostics: list[lsp.Diagnostic], source: str) -> list[lsp.Diagnostic]:
    return [d for d in diagnostics if d.source == source]


async def test_verifier_diagnostics_follow_the_first_publish(deferring: RecordingClient):
    uri = doc_uri("deferred")
    first = await open_and_wait(deferring, uri, _document(), version=1)
    assert _by_source(first.diagnostics, "verify") == []
    assert len(_by_source(first.diagnostics, "types")) == 4   # unknown types: never deferred

    def complete():
        for p in publishes_for(deferring, uri)[1:]:
            if p.version == 1 and len(_by_source(p.diagnostics, "verify")) == 12:
                return p
        return None
    final = await wait_until(deferring, complete, "the publish with the verifier diagnostics")
    assert len(_by_source(final.diagnostics, "types")) == 4
    assert all("is not in the `sm90.mma` lattice" in d.message for d in _by_source(final.diagnostics, "verify"))


async def test_a_pulled_report_is_complete_at_once(deferring: RecordingClient):
    uri = doc_uri("deferred-pull")
    open_document(deferring, uri, _document(), version=1)
    pulled = await pull_diagnostics(deferring, uri)
    assert len(_by_source(pulled, "verify")) == 12
    assert len(_by_source(pulled, "types")) == 4


def _pull(client: RecordingClient, uri: str):
    """A pull sent now (its answer, to await)."""
    return client.text_document_diagnostic_async(lsp.DocumentDiagnosticParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri)))


def _hover(client: RecordingClient, uri: str, text: str):
    return client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=position_of(text, "%wg", occurrence=150)))


async def test_a_pull_that_waits_for_verification_lets_hover_through(deferring: RecordingClient):
    """Completing verification for a pulled report runs in slices: a hover sent after the pull
    is answered before it, as it is during verification after open."""
    uri = doc_uri("deferred-pull-hover")
    text = _document(kernels=300)
    open_document(deferring, uri, text, version=1)
    pull = asyncio.ensure_future(_pull(deferring, uri))
    hover = asyncio.ensure_future(_hover(deferring, uri, text))
    done, _ = await asyncio.wait({pull, hover}, timeout=TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
    assert done == {hover} and hover.result() is not None
    report = await bounded(pull)
    assert len(_by_source(report.items, "verify")) == 300   # a shape off the lattice in every kernel


async def test_a_pull_whose_text_changes_meanwhile_is_content_modified(deferring: RecordingClient):
    uri = doc_uri("deferred-pull-change")
    text = _document(kernels=300)
    open_document(deferring, uri, text, version=1)
    pull = asyncio.ensure_future(_pull(deferring, uri))
    await bounded(_hover(deferring, uri, text))   # answered while the pull waits
    assert not pull.done()
    change_range(deferring, uri, 2, range_of(text, "%wg"), "%wh")
    with pytest.raises(JsonRpcException) as raised:
        await bounded(pull)
    assert raised.value.code == lsp.LSPErrorCodes.ContentModified
