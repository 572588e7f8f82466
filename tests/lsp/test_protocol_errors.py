"""Malformed and misplaced messages through the real server, byte for byte: every request gets
exactly one answer (a result or the JSON-RPC error the case calls for), a broken frame costs
only itself, and the server keeps answering hovers afterwards."""
from __future__ import annotations

import json

import pytest

from cute_ir.lsp.stdio import MAX_CONTENT_LENGTH

from .wire import WireClient, encode, frame

URI = "file:///cute-ir-lsp-tests/protocol.ir"
TEXT = "func.func @f() {\n  %a = test.make : !cute_nvgpu.sm90.mma\n  return\n}\n"
MMA = {"line": 1, "character": TEXT.split("\n")[1].index("sm90") + 1}

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602


def hover_params(position=MMA):
    return {"textDocument": {"uri": URI}, "position": position}


def assert_hover_works(client: WireClient) -> None:
    answer = client.call("textDocument/hover", hover_params())
    assert "sm90.mma" in answer["result"]["contents"]["value"], answer


@pytest.fixture(scope="module")
def server():
    with WireClient() as client:
        client.initialize()
        client.open(URI, TEXT)
        client.publish(URI, 1)
        yield client


INVALID_PARAMS_CASES = {
    "hover without position": ("textDocument/hover", {"textDocument": {"uri": URI}}),
    "hover with null params": ("textDocument/hover", None),
    "hover without params": ("textDocument/hover", "absent"),
    "hover with params of the wrong type": ("textDocument/hover", [1, 2]),
    "negative line": ("textDocument/hover", hover_params({"line": -1, "character": 0})),
    "negative character": ("textDocument/hover", hover_params({"line": 0, "character": -4})),
    "line 2^40": ("textDocument/hover", hover_params({"line": 2 ** 40, "character": 0})),
    "semanticTokens/full with {}": ("textDocument/semanticTokens/full", {}),
    "semanticTokens/range ending before it starts": ("textDocument/semanticTokens/range", {
        "textDocument": {"uri": URI},
        "range": {"start": {"line": 2, "character": 0}, "end": {"line": 1, "character": 3}}}),
    "inlayHint ending before it starts": ("textDocument/inlayHint", {
        "textDocument": {"uri": URI},
        "range": {"start": {"line": 1, "character": 9}, "end": {"line": 1, "character": 3}}}),
    "descriptorFields with a negative line": ("cute-ir/descriptorFields", hover_params({"line": -1, "character": 0})),
}


@pytest.mark.parametrize("case", INVALID_PARAMS_CASES)
def test_invalid_params_get_invalid_params(server: WireClient, case: str):
    method, params = INVALID_PARAMS_CASES[case]
    message = {"jsonrpc": "2.0", "id": f"case-{case}", "method": method}
    if params != "absent":
        message["params"] = params
    server.send(message)
    answer = server.response(f"case-{case}")
    assert answer["error"]["code"] == INVALID_PARAMS, answer
    assert answer["error"]["message"].strip()   # says what is wrong
    assert_hover_works(server)


ENVELOPE_CASES = {
    # body -> (id the answer carries, error code)
    "not JSON": (b'{"jsonrpc": "2.0", "id": 1, "method": ', None, PARSE_ERROR),
    "not UTF-8": (b'{"jsonrpc": "2.0", "id": "\xff", "method": "shutdown"}', None, PARSE_ERROR),
    "deeply nested JSON": (b"[" * 100_000 + b"]" * 100_000, None, PARSE_ERROR),   # deeper than a parser recurses
    "a JSON number": (b"42", None, INVALID_REQUEST),
    "a batch": (encode([{"jsonrpc": "2.0", "id": "in-batch", "method": "shutdown"}]), "in-batch", INVALID_REQUEST),
    "an empty batch": (b"[]", None, INVALID_REQUEST),
    "no jsonrpc version": (encode({"id": "v1", "method": "shutdown"}), "v1", INVALID_REQUEST),
    "a float id": (encode({"jsonrpc": "2.0", "id": 1.5, "method": "shutdown"}), None, INVALID_REQUEST),
    "a boolean id": (encode({"jsonrpc": "2.0", "id": True, "method": "shutdown"}), None, INVALID_REQUEST),
    "a method that is no string": (encode({"jsonrpc": "2.0", "id": "m", "method": 7}), "m", INVALID_REQUEST),
    "neither request nor response": (encode({"jsonrpc": "2.0", "id": "r"}), "r", INVALID_REQUEST),
    "a notification with an id": (encode({"jsonrpc": "2.0", "id": "n", "method": "textDocument/didClose",
                                          "params": {"textDocument": {"uri": URI}}}), "n", INVALID_REQUEST),
    "an unknown method": (encode({"jsonrpc": "2.0", "id": "u", "method": "cute-ir/noSuchThing"}), "u", METHOD_NOT_FOUND),
    "a huge id": (encode({"jsonrpc": "2.0", "id": 2 ** 80, "method": "cute-ir/noSuchThing"}), 2 ** 80, METHOD_NOT_FOUND),
}


@pytest.mark.parametrize("case", ENVELOPE_CASES)
def test_malformed_messages_get_one_error_each(server: WireClient, case: str):
    body, msg_id, code = ENVELOPE_CASES[case]
    server.write(frame(body))
    answer = server.wait(lambda m: "method" not in m and "error" in m)
    assert "id" in answer and answer["id"] == msg_id and answer["error"]["code"] == code, answer
    assert_hover_works(server)


def test_notifications_that_do_not_fit_get_no_answer(server: WireClient):
    seen: list[dict] = []
    server.notify("textDocument/didChange", {"textDocument": {"uri": URI}})   # no version, no changes
    server.notify("$/noSuchNotification")
    server.write(frame(encode({"method": "textDocument/didClose"})))            # no jsonrpc
    server.response(server.request("textDocument/hover", hover_params()), seen=seen)
    assert not [m for m in seen if "method" not in m], seen


BROKEN_FRAMES = {
    "short Content-Length": b"Content-Length: 12\r\n\r\n",
    "long Content-Length": b"Content-Length: 4000\r\n\r\n",
    "missing Content-Length": b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n",
    "huge Content-Length": b"Content-Length: %d\r\n\r\n" % (MAX_CONTENT_LENGTH * 1000),
    "no headers": b"",
}


@pytest.mark.parametrize("case", BROKEN_FRAMES)
def test_a_broken_frame_does_not_deafen_the_server(server: WireClient, case: str):
    body = encode({"jsonrpc": "2.0", "id": f"lost-{case}", "method": "textDocument/hover", "params": hover_params()})
    seen: list[dict] = []
    server.write(BROKEN_FRAMES[case] + body)
    answer = server.response(server.request("textDocument/hover", hover_params()), seen=seen)
    assert "sm90.mma" in answer["result"]["contents"]["value"]
    logged = [m for m in seen if m.get("method") == "window/logMessage"]
    assert any("unreadable input" in m["params"]["message"] for m in logged), seen
    # The broken frame's request is not answered under its id (its frame could not be read).
    assert not [m for m in seen if m.get("id") == f"lost-{case}"]


# ---------------------------------------------------------------------- shutdown and exit
def test_requests_after_shutdown_are_invalid_and_exit_then_exits_0():
    with WireClient() as client:
        client.initialize()
        assert client.call("shutdown")["result"] is None
        for method, params in (("textDocument/hover", hover_params()), ("shutdown", None)):
            answer = client.call(method, params)
            assert answer["error"]["code"] == INVALID_REQUEST, answer
        client.notify("exit")
        assert client.process.wait(10) == 0


def test_exit_without_shutdown_exits_1():
    with WireClient() as client:
        client.initialize()
        client.notify("exit")
        assert client.process.wait(10) == 1


def test_answers_are_json_rpc():
    """Every answer above was parsed by WireClient as JSON; an error to an unknown id says `"id": null`."""
    with WireClient() as client:
        client.write(frame(b"{"))
        answer = client.wait(lambda m: "error" in m)
        assert json.loads(json.dumps(answer)) == {"jsonrpc": "2.0", "id": None,
                                                  "error": answer["error"]}
