"""A large document's top is published first (features/leading.py), then the whole: through the
real server, for an open right after `initialize` (lsp/fast_start.py) and a later one
(`CuteIrServer.open_document`); a change sent right after the open supersedes the whole
analysis of the opened text, and only the newest version's diagnostics follow the first, in
both."""
from __future__ import annotations

import functools

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


@functools.cache
def _expected_top(uri: str, text: str, version: int) -> list[tuple]:
    found = leading(uri, text, version, settings=settings.INITIAL)
    assert found is not None and found.diagnostics
    return _keys([diagnostic_json.diagnostic(found.analysis.document, d, uri) for d in found.diagnostics])


@functools.cache
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


FIRST_URI = doc_uri("leading-first")
FIRST_CHANGED_URI = doc_uri("leading-first-changed")
SPOT = range_of(TEXT, "arith.constant", occurrence=80)
CHANGED = apply_edit(TEXT, SPOT, "arith.constanx")


@pytest.fixture
def first_open_expected() -> None:
    """What the opens right after `initialize` are compared with, computed before the client
    starts (a test parameter before `client`): computed by the client's own loop right after
    the open, they hold back the rest of the open's text (a pipe takes 64 KiB at a time) past
    the pause lsp/fast_start.py waits for it, and the server, not fast_start, takes the open."""
    _expected_top(FIRST_URI, TEXT, 1)
    _complete(FIRST_URI, TEXT, 1)
    _expected_top(FIRST_CHANGED_URI, TEXT, 1)
    _complete(FIRST_CHANGED_URI, CHANGED, 2)


async def test_the_first_open_publishes_the_top_then_the_whole(first_open_expected, client: RecordingClient):
    uri = FIRST_URI
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


async def test_a_change_during_the_first_open_supersedes_its_analysis(first_open_expected, client: RecordingClient):
    """The open right after `initialize` is analysed before the server is imported
    (lsp/fast_start.py); a change sent right after it arrives while that analysis runs, and
    stops it: of version 1 at most the top is published (none of it after version 2's
    diagnostics), and what follows is version 2's, ending with a fresh analysis's."""
    uri = FIRST_CHANGED_URI
    open_document(client, uri, TEXT)
    change_range(client, uri, 2, SPOT, "arith.constanx")
    published = await _settled(client, uri, CHANGED, 2)
    versions = [p.version for p in published]
    assert versions == sorted(versions) and set(versions) <= {1, 2}
    top = _expected_top(uri, TEXT, 1)
    assert all(_keys(p.diagnostics) == top for p in published if p.version == 1)   # never the whole of version 1
    assert _keys(published[-1].diagnostics) == _complete(uri, CHANGED, 2)
    assert _keys(await pull_diagnostics(client, uri)) == _complete(uri, CHANGED, 2)
