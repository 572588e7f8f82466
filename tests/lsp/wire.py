"""A client that speaks raw bytes to `cute-ir serve`: for what pytest-lsp cannot send (broken
frames, bad JSON, wrong id types) and for long runs where its per-message cost matters.

Messages from the server are read on a thread into a queue; every wait is bounded.
"""
from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parents[2]
SERVER_COMMAND = [sys.executable, "-m", "cute_ir.cli", "serve"]
TIMEOUT = 10.0


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def encode(message: Any) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode()


class WireClient:
    def __init__(self, command: list[str] | None = None, env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen(command or SERVER_COMMAND, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        cwd=REPO, env=env)   # buffered: read(n) returns n bytes
        self.inbox: queue.Queue[dict | None] = queue.Queue()
        self.next_id = 1
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    # ------------------------------------------------------------------ transport
    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.inbox.put(None)
                    return
                if not line.strip():
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            body = stream.read(length)
            if len(body) < length:
                self.inbox.put(None)
                return
            self.inbox.put(json.loads(body))

    def write(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: Any) -> None:
        self.write(frame(encode(message)))

    def request(self, method: str, params: Any = None) -> int:
        msg_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return msg_id

    def notify(self, method: str, params: Any = None) -> None:
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    # ------------------------------------------------------------------ waiting
    def wait(self, wanted: Callable[[dict], bool], timeout: float = TIMEOUT,
             seen: list[dict] | None = None) -> dict:
        """The first message from the server that `wanted` accepts; the others go to `seen`.
        Requests from the server (workspace/configuration) are answered with nulls."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message from the server in time")
            try:
                message = self.inbox.get(timeout=left)
            except queue.Empty:
                raise TimeoutError("no such message from the server in time") from None
            if message is None:
                raise EOFError(f"the server closed its output (exit code {self.process.poll()})")
            if "method" in message and "id" in message:
                items = (message.get("params") or {}).get("items", [])
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": [None] * len(items)})
                continue
            if wanted(message):
                return message
            if seen is not None:
                seen.append(message)

    def response(self, msg_id: Any, timeout: float = TIMEOUT, seen: list[dict] | None = None) -> dict:
        return self.wait(lambda m: "method" not in m and m.get("id") == msg_id, timeout, seen)

    def call(self, method: str, params: Any = None, timeout: float = TIMEOUT) -> dict:
        return self.response(self.request(method, params), timeout)

    def publish(self, uri: str, version: int, timeout: float = TIMEOUT) -> dict:
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri and m["params"].get("version") == version, timeout)

    # ------------------------------------------------------------------ session
    def initialize(self) -> dict:
        result = self.call("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        self.notify("initialized", {})
        return result

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "cute-ir", "version": version, "text": text}})

    def close(self, timeout: float = TIMEOUT) -> int:
        """End the session properly if the server still runs; the exit code."""
        if self.process.poll() is None:
            try:
                self.call("shutdown", timeout=timeout)
                self.notify("exit")
            except (OSError, TimeoutError, EOFError):
                pass
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait(timeout)
        finally:
            for stream in (self.process.stdin, self.process.stdout):
                try:
                    stream.close()
                except OSError:
                    pass

    def __enter__(self) -> "WireClient":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
