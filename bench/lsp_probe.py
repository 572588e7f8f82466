"""The LSP client of ../shared/bench/lsp_latency.py (stdio transport, timestamps), loaded for
the benchmarks that drive the real server with requests of their own."""
from __future__ import annotations

import importlib.util
from pathlib import Path

PROBE = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "lsp_latency.py"


def load_probe():
    """The probe module (its `LspClient`, `tree_rss_kb`); check `PROBE.exists()` first."""
    spec = importlib.util.spec_from_file_location("lsp_latency", PROBE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def start_server(probe):
    """`cute-ir serve` started and initialised, as an `LspClient`."""
    import sys
    client = probe.LspClient([sys.executable, "-m", "cute_ir.cli", "serve"])
    rid, _ = client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    client.wait(lambda m: m.get("id") == rid, 60)
    client.notify("initialized", {})
    return client


def published(uri: str, version: int):
    """A message filter: the publishDiagnostics of `uri` at `version`."""
    return lambda m: (m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"].get("uri") == uri and m["params"].get("version") == version)
