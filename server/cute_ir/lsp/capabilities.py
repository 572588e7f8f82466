"""What the server declares in its answer to `initialize`, as pygls computes it from the
registered features: `python -m cute_ir.lsp.capabilities` writes it to capabilities.json, which
`serve` answers from before it imports the server (lsp/fast_start.py). The position encoding
is left out: it depends on the client, and fast_start chooses it as pygls does."""
from __future__ import annotations

import io
import json
import sys
from typing import Any

from .fast_start import CAPABILITIES_FILE


def computed_answer(params: dict[str, Any]) -> dict[str, Any]:
    """The `initialize` answer of a fresh server for `params`, through pygls itself."""
    from .server import CuteIrServer, server

    out = io.BytesIO()
    fresh = CuteIrServer()
    fresh.protocol.fm = server.protocol.fm     # the features registered on the server
    fresh.protocol.set_writer(_Writer(out))
    request = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}
    fresh.protocol.handle_message(fresh.protocol.structure_message(request))
    header, _, body = out.getvalue().partition(b"\r\n\r\n")
    return json.loads(body)["result"]


class _Writer:
    def __init__(self, out: io.BytesIO) -> None:
        self.out = out

    def write(self, data: bytes) -> None:
        self.out.write(data)


def declared() -> dict[str, Any]:
    capabilities = computed_answer({"processId": None, "rootUri": None, "capabilities": {}})["capabilities"]
    capabilities.pop("positionEncoding", None)
    return capabilities


def main() -> int:
    text = json.dumps(declared(), indent=1, sort_keys=True) + "\n"
    if "--check" in sys.argv[1:]:
        with open(CAPABILITIES_FILE, encoding="utf-8") as file:
            return 0 if file.read() == text else 1
    with open(CAPABILITIES_FILE, "w", encoding="utf-8") as file:
        file.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
