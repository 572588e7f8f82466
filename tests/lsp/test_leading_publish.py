"""A large document's top is published first (features/leading.py), then the whole: through the
real server, for an open right after `initialize` (lsp/fast_start.py) and a later one
(`CuteIrServer.open_document`); a change sent right after the open supersedes the whole
analysis of the opened text, and only the newest version's diagnostics follow the first."""
from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features.leading import LEADING_FROM, leading
from cute_ir.lsp import diagnostic_json, settings

from ..test_leading import _real_dumps, _with_errors
from .helpers import (
    TIMEOUT, RecordingClient, apply_edit, bounded, change_range, doc_uri, open_and_wait, open_document,
    position_of, publishes_for, pull_diagnostics, range_of, wait_until,
)

pytestmark = pytest.mark.asyncio

TEXT = _with_errors(_real_dumps(3000), 4)
# Every stage's problems at the top (found in the first screens) and further down.
assert len(TEXT) >= LEADING_FROM


def _keys(diagnostics) -> list[tuple]:
    """Published diagnostics (lsprotocol's or JSON values) as comparable tuples."""
    out = []
    for d in diagnostics:
        if isinstance(d, dict):
            r = d["range"]
            out.append((r["start"]["line"], r["start"]["character"], r["end"]["line"], r["end"]["character"],
                        d["code"], d["message"]))
        else:
            out.append((d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character,
                        d.code, d.message))
    return out


def _expected_top(uri: str, text: str, version: int) -> list[tuple]:
    found = leading(uri, text, version, settings=settings.INITIAL)
    assert found is not None and found.diagnostics
    return _keys([diagnostic_json.diagnostic(found.analysis.document, d, uri) for d in found.diagnostics])


def _complete(uri: str, text: str, version: int) -> list[tuple]:
    return _keys(diagnostic_json.diagnostics(DocumentAnalysis(uri, text, version, settings=settings.INITIAL)))


async def _settled(client: RecordingClient, uri: str, text: str, version: int) -> list[lsp.PublishDiagnosticsParams]:
    """The publishes of `uri` once the last carries the complete diagnostics of `text`."""
    complete = _complete(uri, text, version)
    await wait_until(client, lambda: (publishes_for(client, uri) and publishes_for(client, uri)[-1].version == version
                                      and _keys(publishes_for(client, uri)[-1].diagnostics) == complete) or None,
                     "the complete publish", TIMEOUT)
    return publishes_for(client, uri)


async def _top_then_whole(client: RecordingClient, uri: str) -> None:
    top = _expected_top(uri, TEXT, 1)
    published = await _settled(client, uri, TEXT, 1)
    assert [p.version for p in published] == [1] * len(published)
    assert _keys(published[0].diagnostics) == top
    complete = set(_complete(uri, TEXT, 1))
    assert set(top) < complete   # the top says only what the whole does, and the whole says more
    for p in published:
        assert set(top) <= set(_keys(p.diagnostics)) <= complete   # nothing shown first goes away


async def test_the_first_open_publishes_the_top_then_the_whole(client: RecordingClient):
    uri = doc_uri("leading-first")
    open_document(client, uri, TEXT)   # right after `initialize`: lsp/fast_start.py
    await _top_then_whole(client, uri)


async def test_a_later_open_publishes_the_top_then_the_whole(client: RecordingClient):
    await open_and_wait(client, doc_uri("small"), "func.func @f() {\n  return\n}\n")
    uri = doc_uri("leading-later")
    open_document(client, uri, TEXT)
    await _top_then_whole(client, uri)


async def test_a_change_right_after_the_open_supersedes_the_whole_analysis(client: RecordingClient):
    await open_and_wait(client, doc_uri("small"), "func.func @f() {\n  return\n}\n")
    uri = doc_uri("leading-changed")
    spot = range_of(TEXT, "arith.constant", occurrence=80)
    changed = apply_edit(TEXT, spot, "arith.constanx")
    open_document(client, uri, TEXT)
    change_range(client, uri, 2, spot, "arith.constanx")
    hover = client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=position_of(changed, "%", occurrence=40)))
    await bounded(hover)
    assert _keys(await pull_diagnostics(client, uri)) == _complete(uri, changed, 2)
    published = await _settled(client, uri, changed, 2)
    # The top of version 1 (sent before the change was read), then version 2's alone.
    assert published[0].version == 1 and _keys(published[0].diagnostics) == _expected_top(uri, TEXT, 1)
    assert [p.version for p in published[1:]] == [2] * (len(published) - 1)
