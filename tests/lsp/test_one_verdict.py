"""The live server publishes, for a document, every problem its PTX preview refuses an atom for
(the same message at the same range; the preview does not repeat them at the document's target): `check`, `ptx` and the server give one verdict
(tests/test_one_verdict.py compares check and ptx on every example and corpus dump)."""
from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from tests.test_one_verdict import MIXED_TARGETS

from .helpers import bounded, doc_uri, open_and_wait

pytestmark = pytest.mark.asyncio


def _get(obj, key):
    return obj[key] if isinstance(obj, dict) else getattr(obj, key)


def _key(d) -> tuple:
    rng = _get(d, "range")
    start, end = _get(rng, "start"), _get(rng, "end")
    return (_get(start, "line"), _get(start, "character"), _get(end, "line"),
            _get(end, "character"), _get(d, "message"))


async def test_the_server_publishes_what_the_preview_refuses(client):
    # The document's atoms need targets no single one has: under the `auto` setting it would get
    # one conflict error instead of a target error at each atom. The user chooses sm_90a.
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(
        settings={"cute-ir": {"targetArch": "sm_90a"}}))
    try:
        text = MIXED_TARGETS
        uri = doc_uri("one-verdict")
        published = await open_and_wait(client, uri, text)
        served = {_key(d) for d in published.diagnostics
                  if d.severity == lsp.DiagnosticSeverity.Error}
        assert served
        # At the document's own target the preview's refusals are these published errors: it
        # does not send them again (an editor shows both collections, and would count each
        # twice). For another arch it says what that arch refuses.
        own = await bounded(client.protocol.send_request_async(
            "cute-ir/ptxPreview", {"textDocument": {"uri": uri}, "arch": "sm_90a"}))
        assert list(_get(own, "diagnostics")) == []
        other = await bounded(client.protocol.send_request_async(
            "cute-ir/ptxPreview", {"textDocument": {"uri": uri}, "arch": "sm_100a"}))
        assert {_key(d) for d in _get(other, "diagnostics")}
    finally:
        client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(
            settings={"cute-ir": {"targetArch": "auto"}}))
