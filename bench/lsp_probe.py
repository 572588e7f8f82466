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
