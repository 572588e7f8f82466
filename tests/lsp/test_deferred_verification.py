"""A server that defers all verification at open (CUTE_IR_VERIFY_AT_OPEN_MS=0) publishes the
syntax and type diagnostics first, then the complete set once the background verification is
done; a pulled report is always complete."""
from __future__ import annotations

import os

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig

from ..test_deferred_verification import _document
from .helpers import (
    SERVER_COMMAND, RecordingClient, doc_uri, end_session, make_client, open_and_wait, open_document,
    publishes_for, pull_diagnostics, start_session, wait_until,
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
