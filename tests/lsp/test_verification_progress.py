"""Verification after open is shown as the client's progress bar (`window/workDoneProgress/create`,
then `$/progress` begin / report / end) to a client that declares `window.workDoneProgress`; the
end comes after the complete diagnostics are published, and never without a begin."""
from __future__ import annotations

import os

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, client_capabilities

from cute_ir.analysis import DocumentAnalysis

from ..test_deferred_verification import _document
from .helpers import (
    SERVER_COMMAND, RecordingClient, bounded, doc_uri, end_session, make_client, open_and_wait, open_document,
    publishes_for, start_session, wait_until,
)

pytestmark = pytest.mark.asyncio

# Everything deferred at open, and a bar for any verification after it, however short.
SHOWING = ClientServerConfig(server_command=SERVER_COMMAND, client_factory=make_client,
                             server_env={**os.environ, "CUTE_IR_VERIFY_AT_OPEN_MS": "0",
                                         "CUTE_IR_PROGRESS_AFTER_MS": "0"})


@pytest_lsp.fixture(config=SHOWING)
async def showing(lsp_client: RecordingClient):
    await start_session(lsp_client)   # VS Code's capabilities: window.workDoneProgress
    yield
    await end_session(lsp_client)


@pytest_lsp.fixture(config=SHOWING)
async def without_progress(lsp_client: RecordingClient):
    capabilities = client_capabilities("visual-studio-code")
    capabilities.window.work_done_progress = False
    lsp_client.init_result = await bounded(lsp_client.initialize_session(
        lsp.InitializeParams(capabilities=capabilities)))
    yield
    await end_session(lsp_client)


def _verifier_publish(client: RecordingClient, uri: str, text: str) -> int | None:
    """The index among all publishes of `uri`'s complete one: as many verifier diagnostics as
    an analysis of `text` that defers nothing has."""
    expected = sum(d.source.value == "verify" for d in DocumentAnalysis(uri, text).diagnostics())
    assert expected > 0
    for index, p in enumerate(client.publishes):
        if p.uri == uri and sum(d.source == "verify" for d in p.diagnostics) == expected:
            return index
    return None


async def test_verification_after_open_begins_reports_and_ends_after_the_complete_publish(showing: RecordingClient):
    uri = doc_uri("progress")
    text = _document(kernels=120)
    open_document(showing, uri, text, version=1)

    def ended():
        return next((entry for entry in showing.progress_order if entry[1] == "end"), None)
    token, _, publishes_before_end = await wait_until(showing, ended, "the end of the progress")

    kinds = [kind for t, kind, _ in showing.progress_order if t == token]
    assert kinds[0] == "begin" and kinds[-1] == "end" and set(kinds[1:-1]) <= {"report"}
    values = showing.progress_reports[token]
    begin, end = values[0], values[-1]
    assert begin.title == "Verifying progress.ir" and begin.cancellable is False
    percentages = [v.percentage for v in values[:-1] if v.percentage is not None]
    assert percentages == sorted(percentages) and all(0 <= p <= 100 for p in percentages)
    assert end.message == "122 functions verified"   # the module's kernels and the module's two ends
    complete = _verifier_publish(showing, uri, text)
    assert complete is not None and complete < publishes_before_end, "the end came before the complete diagnostics"


async def test_a_client_without_work_done_progress_gets_none(without_progress: RecordingClient):
    uri = doc_uri("no-progress")
    text = _document()
    open_document(without_progress, uri, text, version=1)
    await wait_until(without_progress, lambda: _verifier_publish(without_progress, uri, text), "the complete publish")
    assert without_progress.progress_reports == {} and without_progress.progress_order == []


async def test_closing_the_document_ends_its_bar(showing: RecordingClient):
    uri = doc_uri("progress-closed")
    open_document(showing, uri, _document(kernels=300), version=1)
    begun = await wait_until(showing, lambda: next((e for e in showing.progress_order if e[1] == "begin"), None),
                             "the beginning of the progress")
    showing.text_document_did_close(lsp.DidCloseTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=uri)))
    await wait_until(showing, lambda: next((e for e in showing.progress_order if e[1] == "end"), None),
                     "the end of the progress")
    token = begun[0]
    assert [k for t, k, _ in showing.progress_order if t == token][-1] == "end"
    assert showing.progress_reports[token][-1].message in ("stopped", "302 functions verified")


async def test_a_small_file_verified_at_open_shows_no_bar(showing: RecordingClient):
    """Nothing owed after open (a file with no function to verify later): no bar at all."""
    uri = doc_uri("progress-none")
    await open_and_wait(showing, uri, "module {\n}\n", version=1)
    await wait_until(showing, lambda: publishes_for(showing, uri) or None, "the publish")
    assert showing.progress_order == []


async def test_nothing_is_sent_once_the_server_is_shut_down():
    """After `shutdown` (and while the server exits) a bar sends nothing: a write the client no
    longer reads would be reported to it by another write."""
    from concurrent.futures import Future
    from types import SimpleNamespace

    from cute_ir.lsp.progress import VerificationProgress

    class Protocol:
        _shutdown = False

        def __init__(self):
            self.sent: list[str] = []

        def send_request(self, method, params):
            accepted: Future = Future()
            accepted.set_result(None)   # the client accepts the token at once
            return accepted

        def notify(self, method, params):
            self.sent.append(params.value.kind)

    protocol = Protocol()
    bar = VerificationProgress(SimpleNamespace(protocol=protocol), "file:///x/big.mlir")
    bar.report(1, 4)
    assert protocol.sent == ["begin", "report"]
    protocol._shutdown = True
    bar.report(2, 4)
    bar.end("4 functions verified")
    assert protocol.sent == ["begin", "report"]
