"""Turning message bodies into pygls messages, answering every request that pygls cannot.

pygls's own loop (`pygls.io_.run_async`) decodes a body straight into a typed message; when
that fails — bad JSON, params that do not fit the method's type — it logs and drops the
message, so the client waits for an answer forever. JSON-RPC 2.0 and the LSP say otherwise:
a request gets exactly one response, a notification none. `dispatch` checks what pygls
assumes, answers what it cannot handle with the proper error, and hands the rest to pygls:

| body | answer |
|---|---|
| not JSON | ParseError (-32700), id null |
| not an object (a batch, a number, ...) | InvalidRequest (-32600) for each request id it holds, else one with id null |
| no `jsonrpc: "2.0"`, a `method` that is no string, an id that is no integer or string | InvalidRequest, with the id when it is one |
| an LSP notification sent with an id | InvalidRequest: the method takes no id |
| params that do not fit the request's type | InvalidParams (-32602), with what does not fit |
| the same for a notification | logged, no answer (a notification gets none) |
"""
from __future__ import annotations

import json
import logging
import threading
from typing import Any, Callable

from cattrs import transform_error
from lsprotocol import types as lsp
from pygls.exceptions import (JsonRpcException, JsonRpcInvalidParams, JsonRpcInvalidRequest,
                              JsonRpcParseError)
from pygls.protocol import JsonRPCProtocol

from .stdio import FramingError, PrefetchingReader

log = logging.getLogger(__name__)


def _is_id(value: Any) -> bool:
    return isinstance(value, (int, str)) and not isinstance(value, bool)


def _answer(protocol: JsonRPCProtocol, msg_id: int | str | None, error: JsonRpcException) -> None:
    log.warning("answering %r with %s", msg_id, error.message)
    if msg_id is None:
        # pygls's converter leaves out None fields, but JSON-RPC wants `"id": null` here.
        protocol._send_data({"jsonrpc": "2.0", "id": None,
                             "error": {"code": error.code, "message": error.message}})
    else:
        protocol._send_response(msg_id, error=error.to_response_error())


def _is_notification(method: str) -> bool:
    types = lsp.METHOD_TO_TYPES.get(method)
    return types is not None and types[1] is None


def _envelope_problem(data: dict[str, Any]) -> str | None:
    if data.get("jsonrpc") != "2.0":
        return 'a JSON-RPC message needs "jsonrpc": "2.0"'
    if "id" in data and not _is_id(data["id"]):
        return "a message id is an integer or a string"
    method = data.get("method")
    if "method" in data and not isinstance(method, str):
        return "a method name is a string"
    if method is None and ("id" not in data or not ("result" in data or "error" in data)):
        return "a message is a request, a notification or a response"
    if method is not None and "id" in data and _is_notification(method):
        return f"`{method}` is a notification: it takes no id"
    return None


def _unfit_params(error: JsonRpcException, method: str) -> JsonRpcInvalidParams:
    cause = error.__cause__
    try:
        details = "; ".join(transform_error(cause)) if cause is not None else ""
    except Exception:   # cattrs describes the errors it raises; anything else as text
        details = str(cause)
    return JsonRpcInvalidParams(f"Invalid params for {method}: {details or error.message}")


def dispatch(protocol: JsonRPCProtocol, body: bytes) -> None:
    """Handle one message body: hand it to pygls or answer it with an error."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as err:   # UnicodeDecodeError is a ValueError
        _answer(protocol, None, JsonRpcParseError(f"Parse error: {str(err)[:200]}"))
        return
    if not isinstance(data, dict):
        kind = "a batch (LSP sends one message per frame)" if isinstance(data, list) else "no JSON object"
        ids = [item["id"] for item in data if isinstance(item, dict) and _is_id(item.get("id"))] \
            if isinstance(data, list) else []
        for msg_id in ids or [None]:
            _answer(protocol, msg_id, JsonRpcInvalidRequest(f"Invalid request: the message is {kind}"))
        return
    request_id = data.get("id") if _is_id(data.get("id")) else None
    problem = _envelope_problem(data)
    if problem is not None:
        # A notification is never answered, not even with an error, and neither is a response.
        if "id" in data and ("method" in data or not ("result" in data or "error" in data)):
            _answer(protocol, request_id, JsonRpcInvalidRequest(f"Invalid request: {problem}"))
        else:
            log.warning("ignoring a malformed notification: %s", problem)
        return
    if "params" not in data and lsp.METHOD_TO_TYPES.get(data.get("method")) is None:
        # pygls's fallback types for methods lsprotocol does not know require params, which
        # JSON-RPC makes optional; without them an unknown method would not be MethodNotFound.
        data["params"] = None
    try:
        message = protocol.structure_message(data)
    except JsonRpcException as err:
        method = data.get("method")
        if method is None:
            log.warning("ignoring a response that does not fit its request: %s", err.message)
        elif request_id is None:
            log.warning("ignoring `%s`: its params do not fit", method)
        else:
            _answer(protocol, request_id, _unfit_params(err, method))
        return
    protocol.handle_message(message)


async def serve(reader: PrefetchingReader, protocol: JsonRPCProtocol, stop: threading.Event,
                on_skipped: Callable[[FramingError], None],
                first: "list[bytes | FramingError | None]" = ()) -> None:
    """The message loop (in place of pygls's `run_async`): every body is dispatched, every
    stretch of unreadable input reported, until the input ends or `stop` is set. SystemExit
    (the `exit` notification) ends it with the process's exit code. `first`: messages read
    before the loop started (lsp/fast_start.py), in order."""
    pending = list(first)
    pending.reverse()
    while not stop.is_set():
        item = pending.pop() if pending else await reader.next_message()
        if item is None:
            return
        if isinstance(item, FramingError):
            on_skipped(item)
            continue
        try:
            dispatch(protocol, item)
        except Exception as err:   # a defect in one message's handling must not end the loop
            log.exception("could not handle a message")
            protocol._server._report_server_error(err, JsonRpcException)
