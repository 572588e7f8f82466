"""Reopening a document shows its diagnostics before the server is imported
(lsp/open_cache.py, lsp/fast_start.py): an entry is the complete diagnostics of one text, for
one tool, encoding, `initializationOptions` and URI, and nothing else reads as a hit."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cute_ir.lsp import fast_start, open_cache

from .test_fast_start import _frame, _wait, start_server

REPO = Path(__file__).resolve().parents[2]
# A real dump with one op name misspelt: diagnostics the cache must carry over exactly.
DUMP = (REPO / "tests/corpus/cutedsl/sm90_tma_wgmma_stmatrix/raw.mlir").read_text().replace(
    "arith.cmpi", "arith.cmpj", 1)
URI = "file:///work/kernel.mlir"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("CUTE_IR_CACHE", "on")
    monkeypatch.setenv("CUTE_IR_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_the_key_is_the_text_the_settings_the_encoding_and_the_uri(cache_dir):
    base = open_cache.key(URI, DUMP, "utf-16", {"targetArch": "sm_90a"})
    assert open_cache.key(URI, DUMP, "utf-16", {"targetArch": "sm_90a"}) == base
    assert open_cache.key(URI, DUMP.encode(), "utf-16", {"targetArch": "sm_90a"}) == base
    variants = [
        open_cache.key(URI, DUMP + " ", "utf-16", {"targetArch": "sm_90a"}),
        open_cache.key(URI, DUMP, "utf-8", {"targetArch": "sm_90a"}),
        open_cache.key(URI, DUMP, "utf-16", {"targetArch": "sm_100a"}),
        open_cache.key(URI, DUMP, "utf-16", None),
        open_cache.key("file:///work/other.mlir", DUMP, "utf-16", {"targetArch": "sm_90a"}),
    ]
    assert base not in variants and len(set(variants)) == len(variants)


def test_entries_round_trip_and_a_damaged_entry_is_a_miss(cache_dir):
    key = open_cache.key(URI, DUMP, "utf-16", None)
    assert open_cache.load(key) is None
    diagnostics = [{"range": {"start": {"line": 1, "character": 2}, "end": {"line": 1, "character": 9}},
                    "message": "custom op 'arith.cmpj' is unknown", "severity": 1}]
    symbols = '[{"name":"@kernel"}]'
    written = open_cache.store(key, {"diagnostics": diagnostics}, {"documentSymbol": symbols})
    assert written is not None and open_cache.load(key) == written
    assert written["diagnostics"] == diagnostics and open_cache.answer(written, "documentSymbol") == symbols.encode()
    assert open_cache.answer(written, "semanticTokens") is None
    entry = cache_dir / (key + open_cache.ENTRY_SUFFIX)
    for damaged in (b"", b"{not json", b"[]", json.dumps({"key": "another", "diagnostics": []}).encode(),
                    json.dumps({"key": key, "diagnostics": "none"}).encode(),
                    json.dumps({"key": key, "semanticTokens": [1, 2]}).encode()):
        entry.write_bytes(damaged)
        assert open_cache.load(key) is None


def test_the_directory_is_kept_under_its_size_by_dropping_the_least_recently_used(cache_dir, monkeypatch):
    keys = [open_cache.key(URI, f"text {n}", "utf-16", None) for n in range(4)]
    big = [{"message": "x" * 900}]
    for n, key in enumerate(keys):
        open_cache.store(key, {"diagnostics": big})
        os.utime(cache_dir / (key + open_cache.ENTRY_SUFFIX), ns=(n * 10**9, n * 10**9))
    monkeypatch.setattr(open_cache, "MAX_BYTES", 3500)   # room for three entries
    open_cache.load(keys[0])   # used: now the most recent
    open_cache.store(open_cache.key(URI, "text 5", "utf-16", None), {"diagnostics": big})
    kept = {p.name[:-len(open_cache.ENTRY_SUFFIX)] for p in cache_dir.glob("*" + open_cache.ENTRY_SUFFIX)}
    assert keys[0] in kept and keys[1] not in kept and sum(p.stat().st_size for p in cache_dir.iterdir()) <= 3500


def test_whether_an_entry_holds_an_answer_is_known_without_unpacking_it(cache_dir, monkeypatch):
    """The reopen asks whether all three answers are held before it computes any ahead; that
    costs no unpacking (about 4-13 ms at 50k lines)."""
    key = open_cache.key(URI, DUMP, "utf-16", None)
    written = open_cache.store(key, {"diagnostics": []}, {"documentSymbol": "[]", "foldingRange": "[]"})
    entry = open_cache.load(key)
    assert entry == written

    def unpacked(*_):
        raise AssertionError("unpacked")
    monkeypatch.setattr(open_cache.zlib, "decompress", unpacked)
    assert open_cache.holds(entry, "documentSymbol") and open_cache.holds(entry, "foldingRange")
    assert not open_cache.holds(entry, "semanticTokens") and not open_cache.holds({}, "documentSymbol")
    # A damaged answer is held, and found damaged when it is read: it is then computed afresh.
    monkeypatch.undo()
    damaged = {**entry, "semanticTokens": "not base64 of zlib"}
    assert open_cache.holds(damaged, "semanticTokens") and open_cache.answer(damaged, "semanticTokens") is None


def test_it_can_be_turned_off(monkeypatch):
    monkeypatch.setenv("CUTE_IR_CACHE", "on")
    assert open_cache.enabled(None) and open_cache.enabled({"targetArch": "sm_90a"})
    assert not open_cache.enabled({"cache": False})
    for off in ("off", "0", "false", "no", "OFF"):
        monkeypatch.setenv("CUTE_IR_CACHE", off)
        assert not open_cache.enabled(None)


WHOLE_DOCUMENT = {"symbols": "textDocument/documentSymbol", "tokens": "textDocument/semanticTokens/full",
                  "folds": "textDocument/foldingRange"}


def _ask_whole_document(send, received: list[dict], first_id: int, pause: float = 0.0) -> None:
    """Ask for the outline, tokens and folds (ids `first_id` on), each `pause` seconds after
    the answer before."""
    for number, method in enumerate(WHOLE_DOCUMENT.values(), first_id):
        time.sleep(pause)
        send({"jsonrpc": "2.0", "id": number, "method": method, "params": {"textDocument": {"uri": URI}}})
        _wait(received, lambda m: m.get("id") == number, 120)


def _edit(send, received: list[dict]) -> None:
    """Insert a comment line at the top (version 2) and wait for its publish."""
    send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                      "end": {"line": 0, "character": 0}}, "text": "// edited\n"}]}})
    _wait(received, lambda m: m.get("method") == "textDocument/publishDiagnostics"
          and m["params"]["version"] == 2, 120)


def _shut_down(server, send, received: list[dict], reader) -> None:
    send({"jsonrpc": "2.0", "id": 3, "method": "shutdown", "params": None})
    _wait(received, lambda m: m.get("id") == 3, 60)
    send({"jsonrpc": "2.0", "method": "exit", "params": None})
    assert server.wait(timeout=60) == 0
    reader.join(timeout=60)


def _session(options, text: str = DUMP, edit: bool = False, ask: bool = False) -> list[dict]:
    """A server process that is initialised, opens `text` and, once its diagnostics are
    complete (the pull request answers the complete set), optionally asks for its outline,
    tokens and folds (ids 10-12) and edits it and asks again (ids 13-15); every message it sent."""
    server, received, reader = start_server()
    try:
        send = lambda message: (server.stdin.write(_frame(message)), server.stdin.flush())  # noqa: E731
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "processId": None, "rootUri": None, "initializationOptions": options,
            "capabilities": {"textDocument": {"publishDiagnostics": {"versionSupport": True}}}}})
        send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": URI, "languageId": "cute-ir", "version": 1, "text": text}}})
        send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/diagnostic",
              "params": {"textDocument": {"uri": URI}}})
        _wait(received, lambda m: m.get("id") == 2, 120)
        # The publish that follows complete verification.
        _wait(received, lambda m: m.get("method") == "textDocument/publishDiagnostics"
              and m["params"]["diagnostics"] == _pulled(received), 120)
        if ask:
            _ask_whole_document(send, received, 10)
        if edit:
            _edit(send, received)
            if ask:
                _ask_whole_document(send, received, 13)
        _shut_down(server, send, received, reader)
    finally:
        server.kill()
    return received


def _pulled(received: list[dict]) -> list[dict] | None:
    answer = next((m for m in list(received) if m.get("id") == 2), None)
    return answer["result"]["items"] if answer is not None else None


def _published(received: list[dict], version: int) -> list[list[dict]]:
    return [m["params"]["diagnostics"] for m in received
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["version"] == version]


def test_a_reopened_document_shows_its_complete_diagnostics_first(cache_dir):
    options = {"targetArch": "sm_90a"}
    first = _session(options)
    complete = _pulled(first)
    assert any(d["message"] == "custom op 'arith.cmpj' is unknown" for d in complete)
    assert len(list(cache_dir.glob("*.json"))) == 1

    again = _session(options, edit=True)
    # Published before the server was imported: the first message after the answer to
    # `initialize`, and no incomplete set of the same text after it.
    assert again[0]["id"] == 1 and again[1]["method"] == "textDocument/publishDiagnostics"
    assert again[1]["params"] == {"uri": URI, "version": 1, "diagnostics": complete}
    assert all(published == complete for published in _published(again, 1))
    assert _pulled(again) == complete
    # An edit is analysed as always.
    assert [d["message"] for d in _published(again, 2)[-1]] == [d["message"] for d in complete]


def _answer(received: list[dict], number: int):
    """The answer to request `number`; semantic tokens the server computed carry a result id
    (for deltas after it), those from the open cache or lsp/fast_start.py none: it is left out."""
    result = next(m for m in received if m.get("id") == number)["result"]
    if isinstance(result, dict):
        result.pop("resultId", None)
    return result


def test_the_outline_tokens_and_folds_of_the_opened_text_are_answered_from_the_entry(cache_dir):
    first = _session(None, ask=True)
    symbols, tokens, folds = _answer(first, 10), _answer(first, 11), _answer(first, 12)
    assert symbols and tokens["data"] and folds
    [path] = cache_dir.glob("*.json")
    key = path.name[:-len(open_cache.ENTRY_SUFFIX)]
    entry = open_cache.load(key)
    assert json.loads(open_cache.answer(entry, "documentSymbol")) == symbols
    assert json.loads(open_cache.answer(entry, "semanticTokens")) == tokens
    assert json.loads(open_cache.answer(entry, "foldingRange")) == folds
    # What the entry holds is what a reopened text is answered (markers prove where from),
    # until the first edit.
    markers = {"documentSymbol": [{**symbols[0], "name": "from the cache"}],
               "semanticTokens": {"data": [0, 0, 1, 0, 0]}, "foldingRange": [{"startLine": 0, "endLine": 1}]}
    open_cache.store(key, entry, {name: json.dumps(value) for name, value in markers.items()})
    again = _session(None, edit=True, ask=True)
    assert [_answer(again, n) for n in (10, 11, 12)] == list(markers.values())
    # A comment line added on top: a token of its own, then the same tokens.
    assert _answer(again, 14)["data"][10:] == tokens["data"][5:]
    assert _answer(again, 13) != markers["documentSymbol"]
    assert _answer(again, 15) == [{**fold, "startLine": fold["startLine"] + 1, "endLine": fold["endLine"] + 1}
                                  for fold in folds]


# As editors send them: `didOpen`, then the outline, tokens and folds (ids 10-12) at once; then
# a hover (20) and the outline again (21).
OPEN_AND_ASK_AT_ONCE = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": None, "rootUri": None, "capabilities": {}}},
    {"jsonrpc": "2.0", "method": "initialized", "params": {}},
    {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": URI, "languageId": "cute-ir", "version": 1, "text": DUMP}}},
    *({"jsonrpc": "2.0", "id": n, "method": method, "params": {"textDocument": {"uri": URI}}}
      for n, method in enumerate(WHOLE_DOCUMENT.values(), 10)),
    {"jsonrpc": "2.0", "id": 20, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}},
    {"jsonrpc": "2.0", "id": 21, "method": "textDocument/documentSymbol", "params": {
        "textDocument": {"uri": URI}}},
]


def _shut_down_at_once(server: subprocess.Popen, reader: threading.Thread) -> None:
    """`shutdown` and `exit` written to `server` together (`_shut_down` waits for the answer
    between them, read from a list of messages these sessions' readers do not keep); the server
    must then exit cleanly, and `reader` is drained."""
    server.stdin.write(_frame({"jsonrpc": "2.0", "id": 3, "method": "shutdown", "params": None})
                       + _frame({"jsonrpc": "2.0", "method": "exit", "params": None}))
    server.stdin.flush()
    assert server.wait(timeout=60) == 0
    reader.join(timeout=60)


def _asked_at_once() -> list[dict]:
    """`OPEN_AND_ASK_AT_ONCE` sent to a server process: every message it sent."""
    server, received, reader = start_server()
    try:
        server.stdin.write(b"".join(_frame(m) for m in OPEN_AND_ASK_AT_ONCE))
        server.stdin.flush()
        _wait(received, lambda m: m.get("id") == 21, 120)
        _shut_down_at_once(server, reader)
    finally:
        server.kill()
    return received


def test_requests_that_follow_a_reopen_at_once_are_answered_before_the_server_loads(cache_dir):
    """The outline, folds and tokens asked right after `didOpen` come from the entry; the first
    other request is the server's, which then serves as always."""
    first = _session(None, ask=True)
    expected = [_answer(first, n) for n in (10, 11, 12)]
    received = _asked_at_once()
    order = [m.get("id", m.get("method")) for m in received]
    assert order[:5] == [1, "textDocument/publishDiagnostics", 10, 11, 12]
    assert [_answer(received, n) for n in (10, 11, 12)] == expected
    assert _answer(received, 21) == expected[0] and 20 in order
    assert len([m for m in received if m.get("id") in (10, 11, 12)]) == 3   # each answered once


def test_requests_that_follow_a_first_open_at_once_are_answered_from_its_first_analysis(cache_dir, monkeypatch):
    """A text opened for the first time: the same requests are answered from the analysis made
    for its first diagnostics (lsp/fast_start.py), as the server answers them once its
    verification is complete, and the answers go into the open cache for a reopen."""
    received = _asked_at_once()
    order = [m.get("id", m.get("method")) for m in received]
    assert order[:5] == [1, "textDocument/publishDiagnostics", 10, 11, 12]
    assert len([m for m in received if m.get("id") in (10, 11, 12)]) == 3
    assert _answer(received, 21) == _answer(received, 10)
    [path] = cache_dir.glob("*.json")
    entry = open_cache.load(path.name[:-len(open_cache.ENTRY_SUFFIX)])
    for number, name in zip((10, 11, 12), open_cache.ANSWERS):
        assert json.loads(open_cache.answer(entry, name)) == _answer(received, number)
    # The server's own answers, with no cache, asked once verification is complete.
    monkeypatch.setenv("CUTE_IR_CACHE", "off")
    settled = _session(None, ask=True)
    assert [_answer(received, n) for n in (10, 11, 12)] == [_answer(settled, n) for n in (10, 11, 12)]


def test_other_settings_or_another_text_are_not_a_hit(cache_dir):
    """A miss is analysed and written as an entry of its own; a hit writes nothing."""
    _session({"targetArch": "sm_90a"})
    _session({"targetArch": "sm_90a"})
    assert len(list(cache_dir.glob("*.json"))) == 1
    _session({"targetArch": "sm_100a"})
    _session({"targetArch": "sm_90a"}, DUMP + "\n// more\n")
    assert len(list(cache_dir.glob("*.json"))) == 3


def test_nothing_is_written_when_it_is_off(tmp_path, monkeypatch):
    monkeypatch.setenv("CUTE_IR_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("CUTE_IR_CACHE", "off")
    _session(None)
    monkeypatch.setenv("CUTE_IR_CACHE", "on")
    _session({"cache": False})
    assert list(tmp_path.iterdir()) == []


def _reopened_asked_apart() -> list[dict]:
    """A server process that reopens DUMP and asks for its outline, tokens and folds (ids
    10-12) each a pause longer than lsp/fast_start.py's FOLLOW_UP_WAIT after the answer before
    (as a client does that reads each answer first: the server's import and its analysis of
    the text run meanwhile); then edits it and asks again (ids 13-15); every message it sent."""
    server, received, reader = start_server()
    try:
        send = lambda message: (server.stdin.write(_frame(message)), server.stdin.flush())  # noqa: E731
        for message in OPEN_AND_ASK_AT_ONCE[:3]:
            send(message)
        _wait(received, lambda m: m.get("method") == "textDocument/publishDiagnostics", 120)
        _ask_whole_document(send, received, 10, pause=1.5 * fast_start.FOLLOW_UP_WAIT)
        _edit(send, received)
        _ask_whole_document(send, received, 13)
        _shut_down(server, send, received, reader)
    finally:
        server.kill()
    return received


def test_a_reopen_is_answered_as_a_fresh_open_is_before_and_after_an_edit(cache_dir, monkeypatch):
    """Requests that come one by one after a reopen, while the server is imported and the text
    analysed in a thread, are answered from the entry; the server then carries on with that
    analysis. Both give what an analysis of the same text and edit from scratch gives."""
    _session(None, ask=True)
    again = _reopened_asked_apart()
    monkeypatch.setenv("CUTE_IR_CACHE", "off")
    fresh = _session(None, edit=True, ask=True)
    assert [_answer(again, n) for n in range(10, 16)] == [_answer(fresh, n) for n in range(10, 16)]
    assert _published(again, 2)[-1] == _published(fresh, 2)[-1]


def _raw_bodies(stream, bodies: list[tuple[object, bytes]]) -> None:
    """Every message's id (None for a notification) and body as the server wrote it, byte for byte."""
    while True:
        length = None
        while True:
            line = stream.readline()
            if not line:
                return
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.partition(b":")
            if name.strip() == b"Content-Length":
                length = int(value)
        body = stream.read(length)
        bodies.append((json.loads(body).get("id"), body))


def test_a_reopened_text_s_tokens_are_the_entry_s_bytes_before_and_after_the_server_loads(cache_dir, monkeypatch):
    """The tokens of a reopened text, asked at once (lsp/fast_start.py answers) and once the
    server serves (after a hover), are written from the entry's bytes as they are: the body is
    exactly the reply around them, and they are the tokens of the same text opened fresh."""
    _session(None, ask=True)
    [path] = cache_dir.glob("*.json")
    kept = open_cache.answer(open_cache.load(path.name[:-len(open_cache.ENTRY_SUFFIX)]), "semanticTokens")
    tokens = {"jsonrpc": "2.0", "method": "textDocument/semanticTokens/full", "params": {"textDocument": {"uri": URI}}}
    server = subprocess.Popen([sys.executable, "-m", "cute_ir.cli", "serve"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    bodies: list[tuple[object, bytes]] = []
    reader = threading.Thread(target=_raw_bodies, args=(server.stdout, bodies), daemon=True)
    reader.start()
    try:
        def answered(number: int) -> bytes:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                found = [body for answer_id, body in list(bodies) if answer_id == number]
                if found:
                    return found[0]
                time.sleep(0.05)
            raise AssertionError(f"no answer to {number}")
        server.stdin.write(b"".join(_frame(m) for m in OPEN_AND_ASK_AT_ONCE[:3]) + _frame({**tokens, "id": 10}))
        server.stdin.flush()
        answered(10)
        server.stdin.write(_frame(OPEN_AND_ASK_AT_ONCE[-2]))   # a hover: the server's
        server.stdin.flush()
        answered(20)
        server.stdin.write(_frame({**tokens, "id": 11}))
        server.stdin.flush()
        for number in (10, 11):
            assert answered(number) == b'{"jsonrpc":"2.0","id":%d,"result":%s}' % (number, kept)
        _shut_down_at_once(server, reader)
    finally:
        server.kill()
    monkeypatch.setenv("CUTE_IR_CACHE", "off")
    assert json.loads(kept) == _answer(_session(None, ask=True), 11)
