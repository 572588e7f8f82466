"""Edit -> diagnostics through the real server now that each verified function also goes through
the lowering pipeline (analysis/pipeline.py), on generated files of 10k and 50k lines
(bench/generate_ir.py), after the verification of the whole file has settled.

Each edit types a new name into an SSA value of a function in the middle of the file and the
next one deletes it, so every typed edit is text no cache has seen (bench/run_latency.py types
the same character each time). Two cases:

- `lowers`: the generated function as is. Every op lowers, so no pass may report anything
  (`Pass.may_report`) and the pipeline is not run; what is left is the PTX verdict it is given.
- `leaves an op`: the edited function's MMA atom is written without its shape and types, so the
  lowering has no instruction for it: the pipeline runs on the function at every edit and
  publishes its warning.
- `TileAS kernel`: the edit is in a TileAS kernel put in the middle of the file (a TMA-fed
  loop of two loads and a store): every TileAS pass has work at every edit (the atoms chosen,
  the async rewrite, the descriptor ABI and the host twin).

Wall-clock milliseconds from sending didChange to the publish of that version. Prints a
Markdown table for docs/benchmarks.md. Not a test: numbers depend on the machine.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate_ir import generate  # noqa: E402
from lsp_probe import PROBE, load_probe, published as publish_of, start_server  # noqa: E402

SPECIFIED = "cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm90.mma"
UNDER_SPECIFIED = "cute.make_atom : !cute_nvgpu.sm90.mma"
CASES = ("lowers (no pass may report)", "leaves an op (the pipeline runs)", "TileAS kernel (every TileAS pass runs)")
TILEAS_KERNEL = """\
  func.func @tileas_mainloop(%arg0: i32, %a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>,
                             %c: memref<4096x4096xf16, 1>, %m: index, %n: index, %k_tiles: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %a_t = arith.addi %arg0, %arg0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k = arith.muli %kt, %c64 : index
      %ta = nv_tileas.tiled_load %a coords(%m, %k) offsets() {tileSize = array<i64: 128, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<128x64xf16>
      %tb = nv_tileas.tiled_load %b coords(%k, %n) offsets() {tileSize = array<i64: 64, 128>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x128xf16>
      %ks = nv_tileas.tiled_store %tb, %c coords(%m, %n) offsets() {tileSize = array<i64: 64, 128>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
      scf.yield
    }
    return
  }"""


def _edited_line(lines: list[str]) -> int:
    return next(i for i in range(len(lines) // 2, len(lines)) if lines[i].lstrip().startswith("%a_"))


def run(probe, size: int, edits: int, case: str, settle_s: float) -> tuple[float, float, int]:
    lines = generate(size).split("\n")
    line = _edited_line(lines)
    if case == CASES[1]:
        atom = max(i for i in range(line) if SPECIFIED in lines[i])
        lines[atom] = lines[atom].replace(SPECIFIED, UNDER_SPECIFIED)
    elif case == CASES[2]:
        start = max(i for i in range(line) if lines[i].lstrip().startswith("func.func"))
        lines[start:start] = TILEAS_KERNEL.split("\n")
        line = next(i for i in range(start, len(lines)) if lines[i].lstrip().startswith("%a_t"))
    text = "\n".join(lines)
    uri = f"file:///bench/pipeline-{size}-{CASES.index(case)}.ir"
    client = start_server(probe)

    def published(version):
        return publish_of(uri, version)

    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cute-ir",
                                                              "version": 1, "text": text}})
    first = client.wait(published(1), 300)
    # The complete set, once the verification of the whole file has settled.
    _, last = client.drain_until_quiet(published(1), settle_s, 600) or first
    warnings = len([d for d in last["params"]["diagnostics"] if d.get("code") == "lower.not-lowered"])
    column = lines[line].index("%a_") + 1
    at = {"line": line, "character": column}
    times = []
    for version in range(2, 2 * edits + 2):
        typed = f"e{version}"
        if version % 2 == 0:
            change = {"range": {"start": at, "end": at}, "text": typed}
        else:
            previous = f"e{version - 1}"
            change = {"range": {"start": at, "end": {"line": line, "character": column + len(previous)}}, "text": ""}
        sent = client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        t, _ = client.wait(published(version), 300)
        if version % 2 == 0:
            times.append((t - sent) * 1000)
    client.close()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9) - 1], warnings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10000, 50000])
    parser.add_argument("--edits", type=int, default=20, help="typed edits per case (each is deleted again)")
    parser.add_argument("--settle-s", type=float, default=20.0,
                        help="seconds without a publish after which the open's verification counts as settled")
    args = parser.parse_args()
    if not PROBE.exists():
        print(f"LSP client not found at {PROBE}", file=sys.stderr)
        return 2
    probe = load_probe()
    print("| lines | edited function | published `lower.not-lowered` warnings | typed edit -> diagnostics (median / p90) |")
    print("|---|---|---|---|")
    for size in args.sizes:
        for case in CASES:
            median, p90, warnings = run(probe, size, args.edits, case, args.settle_s)
            print(f"| {size} | {case} | {warnings} | {median:.1f} / {p90:.1f} ms |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
