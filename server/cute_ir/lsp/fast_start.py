"""`cute-ir serve` answers `initialize` before it imports the language server.

An editor sends `initialize` first and waits for the answer before anything else, and every
editor window pays that wait. Importing the server (pygls, lsprotocol's several hundred types,
the analysis) takes about a second, while the answer needs none of it: the capabilities the
server declares (`capabilities.json`, which tests/lsp/test_fast_start.py holds equal to what
pygls computes from the registered features) with the position encoding chosen from the
client's, as pygls chooses it. So `serve` reads the first message itself and answers an
`initialize` request at once; then it imports the server and hands it that message (the
server's own answer to it is not sent: `CuteIrProtocol.answered_early`) and everything after.
Anything else as the first message is simply left to the server.
"""
from __future__ import annotations

import json
import os
import sys
from typing import Any, BinaryIO

from .. import __version__
from .framing import read_first

CAPABILITIES_FILE = os.path.join(os.path.dirname(__file__), "capabilities.json")
SERVER_INFO = {"name": "cute-ir", "version": __version__}
# The position encodings the server speaks, as pygls lists them (pygls/capabilities.py).
ENCODINGS = ("utf-8", "utf-16", "utf-32")
DEFAULT_ENCODING = "utf-16"
CONTENT_TYPE = b"application/vscode-jsonrpc; charset=utf-8"   # as pygls writes it


def position_encoding(params: dict[str, Any]) -> str:
    """The client's first encoding the server speaks, else UTF-16 (LSP 3.17; pygls's rule)."""
    general = (params.get("capabilities") or {}).get("general") or {}
    offered = general.get("positionEncodings")
    for encoding in offered if isinstance(offered, list) else ():
        if encoding in ENCODINGS:
            return encoding
    return DEFAULT_ENCODING


def initialize_result(params: dict[str, Any]) -> dict[str, Any]:
    with open(CAPABILITIES_FILE, encoding="utf-8") as file:
        capabilities = json.load(file)
    return {"capabilities": {"positionEncoding": position_encoding(params), **capabilities},
            "serverInfo": SERVER_INFO}


def _initialize_request(body: bytes) -> tuple[int | str, dict[str, Any]] | None:
    """(id, params) when `body` is a well-formed `initialize` request; None for anything the
    server must look at itself (malformed input gets its proper error there)."""
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0" or message.get("method") != "initialize":
        return None
    msg_id, params = message.get("id"), message.get("params")
    if isinstance(msg_id, bool) or not isinstance(msg_id, (int, str)) or not isinstance(params, dict):
        return None
    if not isinstance(params.get("capabilities"), dict):
        return None
    return msg_id, params


def answer_initialize(body: bytes, out: BinaryIO) -> int | str | None:
    """Answer `body` if it is an `initialize` request; the id answered, or None."""
    request = _initialize_request(body)
    if request is None:
        return None
    msg_id, params = request
    answer = json.dumps({"jsonrpc": "2.0", "id": msg_id, "result": initialize_result(params)},
                        separators=(",", ":")).encode("utf-8")
    out.write(b"Content-Length: %d\r\nContent-Type: %s\r\n\r\n" % (len(answer), CONTENT_TYPE) + answer)
    out.flush()
    return msg_id


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    first, resume = read_first(stdin)
    answered = answer_initialize(first, stdout) if isinstance(first, bytes) else None
    from .server import server   # what the answer did not wait for
    from .stdio import PrefetchingReader
    return server.start_io(stdin, stdout, reader=PrefetchingReader(stdin, resume), first=first,
                           answered=answered)
