"""`cute-ir serve` answers `initialize` before it imports the server (lsp/fast_start.py): the
answer is the one pygls computes from the registered features, for any client, and it is sent
exactly once."""
from __future__ import annotations

import json
import subprocess
import sys
import threading
import time

import pytest

from cute_ir.lsp import capabilities, fast_start

CLIENTS = {
    "no capabilities": {},
    "UTF-8 first": {"general": {"positionEncodings": ["utf-8", "utf-16"]}},
    "UTF-32 only": {"general": {"positionEncodings": ["utf-32"]}},
    "an encoding the server does not speak": {"general": {"positionEncodings": ["utf-7"]}},
    "like VS Code": {"general": {"positionEncodings": ["utf-16"]},
                     "textDocument": {"semanticTokens": {"requests": {"full": {"delta": True}, "range": True},
                                                         "tokenTypes": ["type"], "tokenModifiers": [],
                                                         "formats": ["relative"]},
                                      "publishDiagnostics": {"versionSupport": True}},
                     "workspace": {"configuration": True, "workspaceFolders": True}},
}


def test_the_declared_capabilities_are_what_pygls_computes():
    """capabilities.json is the generator's output: `python -m cute_ir.lsp.capabilities`
    writes it again after a feature is registered or changed."""
    with open(fast_start.CAPABILITIES_FILE, encoding="utf-8") as file:
        assert json.load(file) == capabilities.declared()


@pytest.mark.parametrize("client", CLIENTS.values(), ids=list(CLIENTS))
def test_the_early_answer_is_the_server_s(client):
    params = {"processId": None, "rootUri": None, "capabilities": client,
              "initializationOptions": {"cute-ir": {"targetArch": "sm_100a"}}}
    assert fast_start.initialize_result(params) == capabilities.computed_answer(params)


def _frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _messages(output: bytes) -> list[dict]:
    out = []
    while output:
        header, _, rest = output.partition(b"\r\n\r\n")
        fields = dict(line.split(b":", 1) for line in header.split(b"\r\n"))
        length = int(fields[b"Content-Length"])
        out.append(json.loads(rest[:length]))
        output = rest[length:]
    return out


def _read_message(stream) -> dict:
    length = None
    while True:
        line = stream.readline()
        assert line, "the server closed its output"
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.partition(b":")
        if name.strip() == b"Content-Length":
            length = int(value)
    return json.loads(stream.read(length))


def start_server() -> tuple[subprocess.Popen, list[dict], threading.Thread]:
    """`cute-ir serve` as an editor starts it, and a thread that collects what it sends."""
    server = subprocess.Popen([sys.executable, "-m", "cute_ir.cli", "serve"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    received: list[dict] = []
    reader = threading.Thread(target=lambda: _read_all(server.stdout, received), daemon=True)
    reader.start()
    return server, received, reader


def test_initialize_is_answered_once_and_the_server_then_serves():
    uri = "file:///fast.ir"
    server, received, reader = start_server()
    try:
        send = lambda message: (server.stdin.write(_frame(message)), server.stdin.flush())  # noqa: E731
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"processId": None, "capabilities": {}, "rootUri": None}})
        send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "cute-ir", "version": 1, "text": "%0 = t.t : !cute_nvgpu.nope\n"}}})
        published = _wait(received, lambda m: m.get("method") == "textDocument/publishDiagnostics")
        assert [d["message"] for d in published["params"]["diagnostics"]] == \
            ["unknown  type `nope` in dialect `cute_nvgpu`"]
        send({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None})
        assert _wait(received, lambda m: m.get("id") == 2) == {"jsonrpc": "2.0", "id": 2, "result": None}
        send({"jsonrpc": "2.0", "method": "exit", "params": None})
        assert server.wait(timeout=60) == 0
        reader.join(timeout=60)
    finally:
        server.kill()
    answers = [m for m in received if m.get("id") == 1]
    assert len(answers) == 1 and answers[0]["result"]["serverInfo"]["name"] == "cute-ir"


def _read_all(stream, into: list[dict]) -> None:
    try:
        while True:
            into.append(_read_message(stream))
    except (AssertionError, ValueError, OSError):
        return


def _wait(received: list[dict], matches, seconds: float = 60.0) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = next((m for m in list(received) if matches(m)), None)
        if found is not None:
            return found
        time.sleep(0.01)
    raise AssertionError(f"no such message in {received}")


def test_a_first_message_that_is_not_initialize_is_the_server_s_to_answer():
    garbage = b"Content-Length: 5\r\n\r\nnope!"
    done = subprocess.run([sys.executable, "-m", "cute_ir.cli", "serve"],
                          input=garbage + _frame({"jsonrpc": "2.0", "method": "exit", "params": None}),
                          capture_output=True, timeout=120)
    [answer] = _messages(done.stdout)
    assert answer["id"] is None and answer["error"]["code"] == -32700
