"""What an editor does right after opening a large file, against the real server over stdio:
`didOpen`, then at once the whole-document requests (full semantic tokens, document symbols,
folding ranges), and while they are being computed, hovers. Prints when each answer arrived
(milliseconds after `didOpen`) and how long each hover took: hovers should not wait for the
whole-document requests, which the server computes in slices.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate_ir import generate  # noqa: E402
from lsp_probe import PROBE, load_probe  # noqa: E402



def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=50000)
    parser.add_argument("--hovers", type=int, default=20)
    args = parser.parse_args()
    if not PROBE.exists():
        print(f"latency probe not found at {PROBE}", file=sys.stderr)
        return 2
    text = generate(args.lines)
    lines = text.split("\n")
    hover_line = next(i for i in range(len(lines) // 2, len(lines)) if "!cute_nvgpu.sm90.mma" in lines[i])
    hover_at = {"line": hover_line, "character": lines[hover_line].index("!cute_nvgpu.sm90.mma") + 14}
    uri = "file:///bench/editor_like_open.ir"
    doc = {"uri": uri}
    client = load_probe().LspClient([sys.executable, "-m", "cute_ir.cli", "serve"])
    rid, _ = client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    client.wait(lambda m: m.get("id") == rid, 60)
    client.notify("initialized", {})

    t0 = client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cute-ir",
                                                                  "version": 1, "text": text}})
    pending = {}
    for method, params in (("textDocument/semanticTokens/full", {"textDocument": doc}),
                           ("textDocument/documentSymbol", {"textDocument": doc}),
                           ("textDocument/foldingRange", {"textDocument": doc})):
        pending[client.request(method, params)[0]] = method
    hovers = {}
    for _ in range(args.hovers):
        rid, sent = client.request("textDocument/hover", {"textDocument": doc, "position": hover_at})
        hovers[rid] = sent
    arrived, hover_ms, publishes = {}, [], []
    while pending or hovers:
        t, msg = client.wait(lambda m: "id" in m or m.get("method") == "textDocument/publishDiagnostics", 300)
        if msg.get("method") == "textDocument/publishDiagnostics":
            publishes.append((t - t0) * 1000)
        elif msg.get("id") in pending:
            arrived[pending.pop(msg["id"])] = (t - t0) * 1000
        elif msg.get("id") in hovers:
            hover_ms.append((t - hovers.pop(msg["id"])) * 1000)
    client.proc.kill()
    hover_ms.sort()
    print(f"{args.lines} lines; after didOpen (ms):")
    print(f"  publishes: {', '.join(f'{p:.0f}' for p in publishes)}")
    for method, ms in arrived.items():
        print(f"  {method}: {ms:.0f}")
    print(f"  {len(hover_ms)} hovers sent with them: median {hover_ms[len(hover_ms) // 2]:.0f} ms, "
          f"slowest {hover_ms[-1]:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
