"""A document opened right after `initialize` is analysed and its diagnostics published before
the server (pygls, lsprotocol) is imported (lsp/fast_start.py); the server then carries on
with that same analysis instead of making another."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

from lsprotocol import types as lsp

from cute_ir.analysis import DocumentAnalysis
from cute_ir.lsp import convert, diagnostic_json, open_cache, semantic, settings
from cute_ir.lsp.server import CuteIrServer
from cute_ir.text.positions import Encoding

from ..test_deferred_verification import _document
from .test_fast_start import _frame, _messages, _read_all, _read_message, _wait

URI = "file:///work/first.mlir"
OPTIONS = {"cute-ir": {"targetArch": "sm_90a"}}
TEXT = "%0 = t.t : !cute_nvgpu.nope\n"

# Runs what `cute-ir serve` runs before it imports the server, on the messages given on stdin,
# and says which of the server's modules were imported by then.
BEFORE_THE_SERVER = """
import json, sys
from cute_ir.lsp import fast_start
from cute_ir.lsp.framing import read_first
first, resume = read_first(sys.stdin.buffer)
request = fast_start._initialize_request(first)
fast_start.answer_initialize(first, sys.stdout.buffer)
read, published, analysed, answers = fast_start.publish_first_open(sys.stdin.buffer, sys.stdout.buffer, resume,
                                                                    request[1])
imported = sorted(m for m in ("pygls", "lsprotocol", "cute_ir.lsp.server") if m in sys.modules)
sys.stderr.write(json.dumps({"imported": imported, "published": published, "analysed": sorted(analysed),
                             "answered": {uri: sorted(names) for uri, names in answers.items()},
                             "left for the server": len(read)}))
"""


def _opening(text: str, options=None) -> list[dict]:
    return [{"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"processId": None, "rootUri": None, "capabilities": {}, "initializationOptions": options}},
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": URI, "languageId": "cute-ir", "version": 3, "text": text}}}]


def test_the_first_open_is_published_before_the_server_is_imported():
    done = subprocess.run([sys.executable, "-c", BEFORE_THE_SERVER],
                          input=b"".join(_frame(m) for m in _opening(TEXT, OPTIONS)),
                          capture_output=True, timeout=120, env={**os.environ, "CUTE_IR_CACHE": "off"})
    report = json.loads(done.stderr.decode().strip().splitlines()[-1])
    assert report == {"imported": [], "published": {URI: 3}, "analysed": [URI], "answered": {URI: []},
                      "left for the server": 3}    # `initialized`, `didOpen` and the end of the input
    answer, publish = _messages(done.stdout)
    assert answer["id"] == 1
    expected = DocumentAnalysis(URI, TEXT, 3, Encoding.UTF16, settings.initial(OPTIONS))
    assert publish == {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                       "params": {"uri": URI, "version": 3, "diagnostics": diagnostic_json.diagnostics(expected)}}
    assert [d["message"] for d in publish["params"]["diagnostics"]] == ["unknown  type `nope` in dialect `cute_nvgpu`"]


def test_an_open_written_slowly_is_read_whole_before_the_server_is_imported():
    """A client that writes a large `didOpen` on a loaded machine takes longer than the wait
    for the messages after `initialize` (fast_start.OPEN_WAIT): a message begun within it
    is read to its end while its bytes keep coming, and published before the import."""
    import time
    from cute_ir.lsp import fast_start
    opening = [_frame(m) for m in _opening(TEXT, OPTIONS)]
    process = subprocess.Popen([sys.executable, "-c", BEFORE_THE_SERVER], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, "CUTE_IR_CACHE": "off"})
    try:
        process.stdin.write(opening[0])
        process.stdin.flush()
        assert _read_message(process.stdout)["id"] == 1
        rest = opening[1] + opening[2]
        for at in range(0, len(rest), 10):   # in pieces, over three times the wait
            process.stdin.write(rest[at:at + 10])
            process.stdin.flush()
            time.sleep(3 * fast_start.OPEN_WAIT * 10 / len(rest))
        out, err = process.communicate(timeout=120)
    finally:
        process.kill()
    report = json.loads(err.decode().strip().splitlines()[-1])
    assert report["imported"] == [] and report["published"] == {URI: 3}
    [publish] = _messages(out)
    assert [d["message"] for d in publish["params"]["diagnostics"]] == ["unknown  type `nope` in dialect `cute_nvgpu`"]


def test_the_outline_folds_and_tokens_asked_with_the_open_are_answered_before_the_server_is_imported():
    text = _document()
    asked = {10: "textDocument/documentSymbol", 11: "textDocument/semanticTokens/full", 12: "textDocument/foldingRange"}
    hover = {"jsonrpc": "2.0", "id": 20, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}}
    messages = _opening(text, OPTIONS) + [{"jsonrpc": "2.0", "id": n, "method": method,
                                           "params": {"textDocument": {"uri": URI}}} for n, method in asked.items()]
    done = subprocess.run([sys.executable, "-c", BEFORE_THE_SERVER],
                          input=b"".join(_frame(m) for m in messages + [hover]),
                          capture_output=True, timeout=120, env={**os.environ, "CUTE_IR_CACHE": "off"})
    report = json.loads(done.stderr.decode().strip().splitlines()[-1])
    assert report == {"imported": [], "published": {URI: 3}, "analysed": [URI],
                      "answered": {URI: sorted(open_cache.ANSWERS)}, "left for the server": 3}   # then the hover
    sent = _messages(done.stdout)
    assert [m.get("id", m.get("method")) for m in sent] == [1, "textDocument/publishDiagnostics", 10, 11, 12]
    # What the server answers for the same analysis (lsp/convert.py, lsp/semantic.py).
    expected = DocumentAnalysis(URI, text, 3, Encoding.UTF16, settings.initial(OPTIONS),
                                verify_budget=settings.VERIFY_AT_OPEN)
    assert [m["result"] for m in sent[2:]] == [
        json.loads("".join(convert.document_symbols(expected).parts)),
        json.loads(semantic.full_tokens_json(expected)),
        json.loads("".join(convert.folding_ranges(expected).parts))]
    assert all(m["result"] for m in sent[2:])


def _serve(**env: str) -> tuple[subprocess.Popen, list[dict]]:
    server = subprocess.Popen([sys.executable, "-m", "cute_ir.cli", "serve"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              env={**os.environ, "CUTE_IR_CACHE": "off", **env})
    received: list[dict] = []
    threading.Thread(target=lambda: _read_all(server.stdout, received), daemon=True).start()
    return server, received


def _send(server: subprocess.Popen, *messages: dict) -> None:
    for message in messages:
        server.stdin.write(_frame(message))
    server.stdin.flush()


def _shut_down(server: subprocess.Popen, received: list[dict]) -> None:
    _send(server, {"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None})
    _wait(received, lambda m: m.get("id") == 2)
    _send(server, {"jsonrpc": "2.0", "method": "exit", "params": None})
    assert server.wait(timeout=60) == 0


def _publishes(received: list[dict]) -> list[dict]:
    return [m["params"] for m in list(received) if m.get("method") == "textDocument/publishDiagnostics"]


def test_a_complete_first_publish_is_not_sent_again():
    server, received = _serve()
    try:
        _send(server, *_opening(TEXT, OPTIONS))
        _wait(received, lambda m: m.get("method") == "textDocument/publishDiagnostics")
        _shut_down(server, received)
    finally:
        server.kill()
    [published] = _publishes(received)
    assert [d["message"] for d in published["diagnostics"]] == ["unknown  type `nope` in dialect `cute_nvgpu`"]


def test_the_server_carries_on_with_that_analysis():
    """With all verification left for after the open, the first publish (made before the
    server was imported) lacks the verifier's findings and the next one has them all: the
    server publishes no incomplete set of its own in between, as it would if it analysed the
    document again."""
    server, received = _serve(CUTE_IR_VERIFY_AT_OPEN_MS="0")
    verified = lambda p: sum(d["source"] == "verify" for d in p["diagnostics"])  # noqa: E731
    try:
        _send(server, *_opening(_document(), OPTIONS))
        _wait(received, lambda m: m.get("method") == "textDocument/publishDiagnostics" and verified(m["params"]) == 12)
        _shut_down(server, received)
    finally:
        server.kill()
    first, complete = _publishes(received)
    assert (first["version"], verified(first)) == (3, 0) and complete["version"] == 3
    full = DocumentAnalysis(URI, _document(), 3, Encoding.UTF16, settings.initial(OPTIONS))
    assert complete["diagnostics"] == diagnostic_json.diagnostics(full)


def test_an_analysis_of_another_text_version_or_settings_is_not_taken():
    def early(text: str = TEXT, version: int = 3, options=OPTIONS, encoding=Encoding.UTF16) -> DocumentAnalysis:
        return DocumentAnalysis(URI, text, version, encoding, settings.initial(options))
    item = lsp.TextDocumentItem(uri=URI, language_id="cute-ir", version=3, text=TEXT)
    ls = CuteIrServer()
    ls.settings = settings.initial(OPTIONS)
    for other in (early(text=TEXT + "\n"), early(version=4), early(options={"cute-ir": {"targetArch": "sm_100a"}}),
                  early(encoding=Encoding.UTF8)):
        ls.analysed_early = {URI: other}
        assert ls._analysed_early(item) is None and ls.analysed_early == {}
    same = early()
    ls.analysed_early = {URI: same}
    assert ls._analysed_early(item) is same
