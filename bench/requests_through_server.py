"""Hover right after open, and the whole-document requests after an edit, against the real
server over stdio, on 50k lines of generated IR (bench/generate_ir.py) or of real dumps
(bench/real_dumps.py, `--real`).

The client is one thread that reads the server's output with `select` and whole `os.read`s:
a client with a reader thread (../shared/bench/lsp_latency.py reads a byte per call in one)
adds its own waits for the interpreter lock to what it times. Steps, after `didOpen` and its
first publish: `--hovers` hovers on an `!cute_nvgpu` type in the middle of the file, each sent
when the one before is answered, while the rest of the file is still verified in the
background; then `--edits` rounds of a one-character edit in an SSA name in the middle of the
file (typed and deleted alternately), its publish, and document symbols, semantic tokens (in
full, or, after every other edit, as a delta against the last answer) and folding ranges, each
sent when the one before is answered. Prints milliseconds (median /
p90 / max). Not a test: figures depend on the machine.

    python bench/requests_through_server.py [--real] [--lines 50000] [--hovers 30] [--edits 10]
        [--hover-gap-ms 0]
"""
from __future__ import annotations

import argparse
import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate_ir import generate  # noqa: E402
from real_dumps import concatenated as real_dumps  # noqa: E402


class Client:
    def __init__(self, command: list[str]) -> None:
        env = {**os.environ, "CUTE_IR_CACHE": "off"}
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0, env=env)
        self.fd = self.proc.stdout.fileno()
        self.buffer = bytearray()
        self.next_id = 1

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method: str, params: dict) -> int:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def _message(self) -> tuple[float, dict]:
        """The next message and when its last byte arrived (before it is parsed: the 6 MB of a
        50k-line file's tokens take the client longer to parse than the server to write)."""
        length = None
        while True:
            if length is None:
                head = self.buffer.find(b"\r\n\r\n")
                if head >= 0:
                    length = next(int(line.split(b":")[1]) for line in bytes(self.buffer[:head]).split(b"\r\n")
                                  if line.lower().startswith(b"content-length"))
                    del self.buffer[:head + 4]
            if length is not None and len(self.buffer) >= length:
                arrived = time.perf_counter()
                body = bytes(self.buffer[:length])
                del self.buffer[:length]
                return arrived, json.loads(body)
            select.select([self.fd], [], [])
            chunk = os.read(self.fd, 1 << 22)
            if not chunk:
                raise EOFError("the server closed its output")
            self.buffer += chunk

    def until(self, wanted) -> tuple[float, dict]:
        while True:
            arrived, message = self._message()
            if "id" in message and "method" in message:   # a request of the server's
                items = message.get("params", {}).get("items", [])
                self.send({"jsonrpc": "2.0", "id": message["id"],
                           "result": [None] * len(items) if message["method"] == "workspace/configuration" else None})
                continue
            if wanted(message):
                return arrived, message

    def answer(self, method: str, params: dict) -> tuple[float, dict]:
        """Milliseconds from sending the request to its answer, and the answer."""
        start = time.perf_counter()
        sent = self.request(method, params)
        arrived, message = self.until(lambda m: m.get("id") == sent and "method" not in m)
        return (arrived - start) * 1000, message.get("result")


def _summary(times: list[float]) -> str:
    ordered = sorted(times)
    return (f"{ordered[len(ordered) // 2]:.2f} / {ordered[int(0.9 * (len(ordered) - 1))]:.2f} / "
            f"{ordered[-1]:.2f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--real", action="store_true", help="real dumps concatenated, not generated IR")
    parser.add_argument("--lines", type=int, default=50000)
    parser.add_argument("--hovers", type=int, default=30)
    parser.add_argument("--edits", type=int, default=10)
    parser.add_argument("--hover-gap-ms", type=float, default=0.0,
                        help="wait between a hover's answer and the next hover: past the server's "
                             "quiet period (lsp/server.py, MESSAGE_QUIET) a hover can arrive while a "
                             "slice of background verification runs")
    args = parser.parse_args()
    text = real_dumps(args.lines) if args.real else generate(args.lines)
    lines = text.split("\n")
    middle = len(lines) // 2
    hover_line = next(i for i in range(middle, len(lines)) if "!cute_nvgpu." in lines[i])
    hover_at = {"line": hover_line, "character": lines[hover_line].index("!cute_nvgpu.") + 13}
    edit_line = next(i for i in range(middle, len(lines)) if lines[i].lstrip().startswith("%"))
    edit_at = {"line": edit_line, "character": lines[edit_line].index("%") + 2}

    client = Client([sys.executable, "-m", "cute_ir.cli", "serve"])
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    client.until(lambda m: m.get("id") == client.next_id)
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = "file:///bench/requests_through_server.ir"
    document = {"uri": uri}
    start = time.perf_counter()
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "cute-ir", "version": 1, "text": text}}})
    arrived, _ = client.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    print(f"{'real dumps' if args.real else 'generated'}, {len(lines)} lines: "
          f"open -> first diagnostics {(arrived - start) * 1000:.0f} ms")

    hovers = []
    for _ in range(args.hovers):
        hovers.append(client.answer("textDocument/hover", {"textDocument": document, "position": hover_at})[0])
        time.sleep(args.hover_gap_ms / 1000)
    print(f"hover right after open (median / p90 / max): {_summary(hovers)}"
          + (f"; without the first: {_summary(hovers[1:])}" if len(hovers) > 1 else ""))

    requests = {"document symbols": "textDocument/documentSymbol",
                "semantic tokens (full)": "textDocument/semanticTokens/full",
                "folding ranges": "textDocument/foldingRange"}
    delta = "semantic tokens (delta)"
    result_id = ""

    def ask(method: str) -> float:
        """A request's time; a semantic tokens answer's result id is what the next delta names."""
        nonlocal result_id
        params = {"textDocument": document}
        if method.endswith("delta"):
            params["previousResultId"] = result_id
        took, answer = client.answer(method, params)
        if isinstance(answer, dict) and "resultId" in answer:
            result_id = answer["resultId"]
        return took

    for method in requests.values():   # every unit's pieces computed once, as after open
        ask(method)
    after_edit: dict[str, list[float]] = {name: [] for name in (*requests, delta)}
    for version in range(2, 2 + args.edits):
        end = {**edit_at, "character": edit_at["character"] + (version % 2)}
        client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": edit_at, "end": end}, "text": "q" if version % 2 == 0 else ""}]}})
        client.until(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                     and m["params"].get("version") == version)
        for name, method in requests.items():
            if method.endswith("semanticTokens/full") and version % 2:   # every other edit, a delta
                name, method = delta, method + "/delta"
            after_edit[name].append(ask(method))
    for name, times in after_edit.items():
        if not times:   # --edits 0
            continue
        print(f"{name} after an edit (median / p90 / max): {_summary(times)}")

    client.answer("shutdown", {})
    client.send({"jsonrpc": "2.0", "method": "exit"})
    client.proc.wait(timeout=30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
