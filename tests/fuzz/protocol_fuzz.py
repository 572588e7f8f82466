"""Protocol fuzzing of `cute-ir serve`: random and malformed messages through the real server.

Each case is one write to the server's stdin: bad JSON, params of the wrong shape or type,
unknown methods, out-of-range positions, huge and odd ids, notifications with ids, batches,
responses nobody asked for, and frames with a wrong, missing or huge Content-Length. After
each case a hover is sent, and the run checks that

* every request the case holds (a JSON object with an integer or string id and a method) got
  exactly one answer: a result or a JSON-RPC error other than InternalError (-32603, which
  means a defect of the server); a request inside a broken frame gets at most one;
* nothing else was answered under an id, and an error under `"id": null` came only for a
  body that holds no readable request id;
* the hover is answered, correctly, and the server still runs.

A failure stops the run and writes the bytes sent (all cases so far, the last one failed)
to the reproducer directory. As a script:

    .venv/bin/python tests/fuzz/protocol_fuzz.py --seconds 600 --seed 1 [--out DIR]
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
from tests.lsp.wire import WireClient, encode, frame  # noqa: E402

URI = "file:///cute-ir-fuzz/probe.ir"
OTHER_URI = "file:///cute-ir-fuzz/other.ir"
TEXT = "func.func @f() {\n  %a = test.make : !cute_nvgpu.sm90.mma\n  return\n}\n"
PROBE_POSITION = {"line": 1, "character": TEXT.split("\n")[1].index("sm90") + 1}
INTERNAL_ERROR = -32603
PROPER_ERRORS = {-32700, -32600, -32601, -32602, -32800, -32801, -32803, -32002}

_DOC = {"uri": URI}
_RANGE = {"start": {"line": 0, "character": 0}, "end": {"line": 3, "character": 1}}
# Requests with well-formed params, to be sent as they are or mutated.
REQUESTS: dict[str, dict] = {
    "textDocument/hover": {"textDocument": _DOC, "position": PROBE_POSITION},
    "textDocument/definition": {"textDocument": _DOC, "position": {"line": 1, "character": 3}},
    "textDocument/references": {"textDocument": _DOC, "position": {"line": 1, "character": 3},
                                "context": {"includeDeclaration": True}},
    "textDocument/prepareRename": {"textDocument": _DOC, "position": {"line": 1, "character": 3}},
    "textDocument/rename": {"textDocument": _DOC, "position": {"line": 1, "character": 3}, "newName": "%b"},
    "textDocument/completion": {"textDocument": _DOC, "position": {"line": 1, "character": 30}},
    "textDocument/documentSymbol": {"textDocument": _DOC},
    "textDocument/foldingRange": {"textDocument": _DOC},
    "textDocument/semanticTokens/full": {"textDocument": _DOC},
    "textDocument/semanticTokens/range": {"textDocument": _DOC, "range": _RANGE},
    "textDocument/inlayHint": {"textDocument": _DOC, "range": _RANGE},
    "textDocument/codeAction": {"textDocument": _DOC, "range": _RANGE, "context": {"diagnostics": []}},
    "textDocument/diagnostic": {"textDocument": _DOC},
    "cute-ir/descriptorFields": {"textDocument": _DOC, "position": {"line": 1, "character": 3}},
    "cute-ir/ptxPreview": {"textDocument": _DOC, "arch": "sm_90a"},
    "cute-ir/loweredIr": {"textDocument": _DOC, "pipeline": "builtin.module(convert-cute-nvgpu-to-ptx)",
                          "stages": "changed"},
    "cute-ir/documentTarget": {"textDocument": _DOC},
}
# Notifications that cannot end the session or change the probe document (they name another).
NOTIFICATIONS: dict[str, dict] = {
    "textDocument/didOpen": {"textDocument": {"uri": OTHER_URI, "languageId": "cute-ir", "version": 1,
                                              "text": "func.func @g() {\n  return\n}\n"}},
    "textDocument/didChange": {"textDocument": {"uri": OTHER_URI, "version": 2},
                               "contentChanges": [{"range": _RANGE, "text": "x"}]},
    "textDocument/didClose": {"textDocument": {"uri": OTHER_URI}},
    "$/cancelRequest": {"id": 12},
    "$/setTrace": {"value": "off"},
    "initialized": {},
}
ODD_VALUES: list[Any] = [None, -1, 0, 2 ** 31, 2 ** 40, -2 ** 63, 1.5, float("1e308"), True, "", "x" * 300,
                         "\u200b\ud83d\ude00", [], [1, "a"], {}, {"line": 1}]


@dataclass
class Case:
    kind: str
    data: bytes
    requests: list[Any] = field(default_factory=list)   # ids that must get exactly one answer
    may_answer: list[Any] = field(default_factory=list)  # ids that may get one (broken frames)
    null_errors: int = 0                                # answers with "id": null allowed


def _mutate(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """The value with one leaf replaced, one key removed or added."""
    if isinstance(value, dict) and value and depth < 6:
        key = rng.choice(list(value))
        out = dict(value)
        roll = rng.random()
        if roll < 0.15:
            del out[key]
        elif roll < 0.25:
            out[rng.choice(["extra", "position", "range", "textDocument"])] = rng.choice(ODD_VALUES)
        else:
            out[key] = _mutate(value[key], rng, depth + 1)
        return out
    if isinstance(value, list) and value and depth < 6:
        out = list(value)
        index = rng.randrange(len(out))
        out[index] = _mutate(out[index], rng, depth + 1)
        return out
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.6:
        return rng.choice([-1, 2 ** 31 - 1, 2 ** 31, 2 ** 40, rng.randrange(0, 10_000)])
    return rng.choice(ODD_VALUES)


class Generator:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.counter = 0

    def new_id(self) -> Any:
        self.counter += 1
        return self.rng.choice([self.counter, f"fuzz-{self.counter}", 2 ** 62 + self.counter,
                                -self.counter, f"\u00e9\u200b-{self.counter}"])

    def request(self, params_shape: Callable[[dict], Any] | None = None) -> tuple[dict, Any]:
        method = self.rng.choice(list(REQUESTS))
        params = REQUESTS[method] if params_shape is None else params_shape(REQUESTS[method])
        msg_id = self.new_id()
        return {"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params}, msg_id

    # ---------------------------------------------------------------- the cases
    def valid_request(self) -> Case:
        message, msg_id = self.request()
        return Case("valid request", frame(encode(message)), requests=[msg_id])

    def wrong_params(self) -> Case:
        message, msg_id = self.request(lambda params: _mutate(params, self.rng))
        if self.rng.random() < 0.1:
            del message["params"]
        return Case("wrong params", frame(encode(message)), requests=[msg_id])

    def out_of_range(self) -> Case:
        def moved(value: Any) -> Any:
            """Every line and character anywhere in the params, at a random place in the uinteger range."""
            if isinstance(value, dict):
                return {k: self.rng.choice([0, 1, 3, 4, 5, 100, 2 ** 31 - 1]) if k in ("line", "character")
                        else moved(v) for k, v in value.items()}
            return value
        message, msg_id = self.request(moved)
        return Case("out-of-range positions", frame(encode(message)), requests=[msg_id])

    def unknown_method(self) -> Case:
        name = self.rng.choice(["foo", "textDocument/hoover", "$/unknown", "cute-ir/", "", "\u00e9", "x" * 500])
        if self.rng.random() < 0.5:
            msg_id = self.new_id()
            return Case("unknown request", frame(encode({"jsonrpc": "2.0", "id": msg_id, "method": name,
                                                         "params": {}})), requests=[msg_id])
        return Case("unknown notification", frame(encode({"jsonrpc": "2.0", "method": name})))

    def notification(self) -> Case:
        method = self.rng.choice(list(NOTIFICATIONS))
        params = NOTIFICATIONS[method]
        if self.rng.random() < 0.5:
            params = _mutate(params, self.rng)
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if self.rng.random() < 0.4:   # a notification with an id is a request to answer
            message["id"] = msg_id = self.new_id()
            return Case("notification with an id", frame(encode(message)), requests=[msg_id])
        return Case("notification", frame(encode(message)))

    def odd_id(self) -> Case:
        message, _ = self.request()
        message["id"] = self.rng.choice([None, 1.5, True, [], {}, 1e300])
        return Case("id of a wrong type", frame(encode(message)), null_errors=1)

    def bad_json(self) -> Case:
        message, msg_id = self.request()
        body = encode(message)
        cut = self.rng.randrange(1, len(body))
        body = self.rng.choice([body[:cut], body[:cut] + b"\xff" + body[cut:], b"{" * 50, b"nul",
                                body.replace(b'"', b"'", 1), b"\x00" * 8])
        try:
            parsed = json.loads(body)
        except ValueError:
            return Case("bad JSON", frame(body), null_errors=1)
        return Case("bad JSON that parses", frame(body), may_answer=[msg_id], null_errors=1 if not isinstance(parsed, dict) else 0)

    def batch(self) -> Case:
        items = [self.request()[0] for _ in range(self.rng.randrange(0, 3))]
        ids = [item["id"] for item in items]
        return Case("batch", frame(encode(items)), requests=ids, null_errors=0 if ids else 1)

    def stray_response(self) -> Case:
        body = {"jsonrpc": "2.0", "id": self.new_id(), self.rng.choice(["result", "error"]):
                self.rng.choice([None, {"code": 1, "message": "x"}, [1]])}
        return Case("response nobody asked for", frame(encode(body)))

    def broken_frame(self) -> Case:
        message, msg_id = self.request()
        body = encode(message)
        header = self.rng.choice([
            b"Content-Length: %d\r\n\r\n" % self.rng.randrange(0, len(body)),
            b"Content-Length: %d\r\n\r\n" % (len(body) + self.rng.randrange(1, 5000)),
            b"Content-Length: 99999999999999999999\r\n\r\n",
            b"Content-Length: 123456789\r\n\r\n",
            b"Content-Type: application/vscode-jsonrpc\r\n\r\n",
            b"Content-Length: -5\r\n\r\n",
            b"Content-Length: 1x\r\n\r\n",
            b"",
        ])
        return Case("broken frame", header + body, may_answer=[msg_id], null_errors=1)

    CASES = ["valid_request", "wrong_params", "wrong_params", "wrong_params", "out_of_range", "unknown_method",
             "notification", "odd_id", "bad_json", "batch", "stray_response", "broken_frame"]

    def next_case(self) -> Case:
        return getattr(self, self.rng.choice(self.CASES))()


class Failure(AssertionError):
    pass


def check_case(client: WireClient, case: Case, probe_id: str, timeout: float) -> None:
    client.write(case.data)
    client.send({"jsonrpc": "2.0", "id": probe_id, "method": "textDocument/hover",
                 "params": {"textDocument": _DOC, "position": PROBE_POSITION}})
    answers: dict[Any, list[dict]] = {}
    pending = set(map(json.dumps, case.requests)) | {json.dumps(probe_id)}
    deadline = time.monotonic() + timeout
    while pending:
        left = deadline - time.monotonic()
        try:
            message = client.wait(lambda m: "method" not in m, max(left, 0.001))
        except TimeoutError:
            raise Failure(f"no answer to {sorted(pending)} within {timeout}s") from None
        key = json.dumps(message.get("id"))
        answers.setdefault(key, []).append(message)
        pending.discard(key)
    probe = answers.pop(json.dumps(probe_id))
    if "sm90.mma" not in json.dumps(probe[0].get("result")):
        raise Failure(f"the hover after the case is wrong: {probe[0]}")
    for key, got in answers.items():
        expected = key in map(json.dumps, case.requests)
        allowed = 1 if expected or key in map(json.dumps, case.may_answer) else \
            case.null_errors if key == "null" else 0
        if len(got) > allowed:
            raise Failure(f"{len(got)} answers under id {key}, expected at most {allowed}: {got}")
        for answer in got:
            error = answer.get("error")
            if error is not None and error.get("code") not in PROPER_ERRORS:
                raise Failure(f"answer under id {key} is not a proper error: {answer}")
    if client.process.poll() is not None:
        raise Failure(f"the server exited with {client.process.returncode}")


@dataclass
class Report:
    seed: int
    cases: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    failure: str | None = None
    reproducer: Path | None = None


def run(seed: int, cases: int | None = None, seconds: float | None = None, out: Path | None = None,
        timeout: float = 10.0) -> Report:
    """Fuzz one fresh server for `cases` cases or `seconds` seconds, whichever ends first."""
    rng = random.Random(seed)
    generator = Generator(rng)
    report = Report(seed)
    sent: list[bytes] = []
    deadline = None if seconds is None else time.monotonic() + seconds
    with WireClient() as client:
        client.initialize()
        client.open(URI, TEXT)
        client.publish(URI, 1)
        while (cases is None or report.cases < cases) and (deadline is None or time.monotonic() < deadline):
            case = generator.next_case()
            sent.append(case.data)
            try:
                check_case(client, case, f"probe-{report.cases}", timeout)
            except (Failure, EOFError, OSError) as err:
                report.failure = f"case {report.cases} ({case.kind}): {err}"
                if out is not None:
                    out.mkdir(parents=True, exist_ok=True)
                    report.reproducer = out / f"protocol-seed{seed}-case{report.cases}.bin"
                    report.reproducer.write_bytes(b"".join(sent))
                break
            report.cases += 1
            report.kinds[case.kind] = report.kinds.get(case.kind, 0) + 1
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1, help="first seed; each fresh server takes the next")
    parser.add_argument("--cases-per-server", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=REPO / "fuzz-failures",
                        help="where a failing run's input is written")
    args = parser.parse_args()
    deadline = time.monotonic() + args.seconds
    seed, total, kinds = args.seed, 0, {}
    while time.monotonic() < deadline:
        report = run(seed, cases=args.cases_per_server, seconds=deadline - time.monotonic(), out=args.out)
        total += report.cases
        for kind, count in report.kinds.items():
            kinds[kind] = kinds.get(kind, 0) + count
        if report.failure:
            print(f"seed {seed}: FAILED {report.failure}\n  input: {report.reproducer}")
            return 1
        seed += 1
    print(f"protocol fuzz: {total} cases on seeds {args.seed}..{seed - 1}, 0 failures")
    for kind, count in sorted(kinds.items()):
        print(f"  {kind}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
