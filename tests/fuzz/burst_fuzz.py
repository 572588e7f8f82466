"""Bursts of random edits into real CuTe DSL dumps, through the real server.

A user who types fast (or an editor that replays an undo) sends changes back to back; the
server must analyse only the newest text and publish it soon. This fuzzer opens real dumps
(tests/corpus/cutedsl, concatenated to `--lines` lines) in `cute-ir serve`, sends batches of
random edits with no wait between them (characters and brackets typed, stretches deleted, a
`}` removed, lines joined and split), and after each batch checks that

* the newest version is published within `--hang` seconds (10 by default): a missing publish
  counts as a hang;
* no publish of an older version comes after it;
* the diagnostics the server then reports for that version (a pulled report, which finishes
  any verification still owed) equal those of a fresh analysis of the same text.

A failure stops the run and writes the text before the batch, the batch's edits and what was
seen to the reproducer directory. As a script:

    .venv/bin/python tests/fuzz/burst_fuzz.py --seconds 300 --seed 1 [--lines 5000] [--out DIR]

(default DIR `fuzz-out/burst/`).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
for path in (REPO, REPO / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
from lsprotocol import types as lsp  # noqa: E402
from real_dumps import concatenated  # noqa: E402

from tests.lsp.helpers import apply_edit, utf16_len  # noqa: E402
from tests.lsp.wire import WireClient  # noqa: E402

URI = "file:///cute-ir-fuzz/burst.mlir"
# What is typed: identifier characters, and the characters that open, close and separate.
TYPED = "abcxyz019_%#!.@^:,=-><(){}[]\" \n"


@dataclass
class Edit:
    """Replace `length` characters at (line, column), columns in UTF-16 code units."""
    line: int
    column: int
    length: int
    text: str

    def change(self) -> dict:
        start = {"line": self.line, "character": self.column}
        end = {"line": self.line, "character": self.column + self.length}
        return {"range": {"start": start, "end": end}, "text": self.text}


def apply(text: str, edit: Edit) -> str:
    """`text` with `edit` applied, as a client models the change it sends."""
    return apply_edit(text, lsp.Range(start=lsp.Position(line=edit.line, character=edit.column),
                                      end=lsp.Position(line=edit.line, character=edit.column + edit.length)),
                      edit.text)


def random_edit(text: str, rng: random.Random) -> Edit:
    """One edit within a line (a line end typed or deleted joins or splits lines too)."""
    lines = text.split("\n")
    line = rng.randrange(len(lines))
    content = lines[line]
    column = rng.randint(0, len(content))
    kind = rng.random()
    if kind < 0.45:                                        # typing
        typed = "".join(rng.choice(TYPED) for _ in range(rng.randint(1, 3)))
        return Edit(line, utf16_len(content[:column]), 0, typed)
    if kind < 0.75 and column < len(content):              # deleting a stretch
        end = min(len(content), column + rng.randint(1, 6))
        return Edit(line, utf16_len(content[:column]), utf16_len(content[column:end]), "")
    closing = content.find("}")
    if kind < 0.9 and closing >= 0:                        # a brace removed
        return Edit(line, utf16_len(content[:closing]), 1, "")
    return Edit(line, utf16_len(content[:column]), 0, rng.choice(["{", "}", "(", ")", "<", ">"]))


def _key(item: dict) -> tuple:
    r = item["range"]
    return (r["start"]["line"], r["start"]["character"], r["end"]["line"], r["end"]["character"],
            item["message"], item.get("code"), item.get("severity"))


def fresh_diagnostics(text: str, version: int) -> list[tuple]:
    """The diagnostics of a fresh analysis of `text`, as the server writes them (with the
    settings of a server the client gave none: the target inferred from the file)."""
    from cute_ir.analysis import DocumentAnalysis
    from cute_ir.lsp import diagnostic_json
    from cute_ir.lsp.settings import INITIAL
    return sorted(_key(d) for d in diagnostic_json.diagnostics(DocumentAnalysis(URI, text, version, settings=INITIAL)))


class Failure(AssertionError):
    pass


def run_batch(client: WireClient, text: str, version: int, edits: list[Edit], hang: float,
              published: list[dict]) -> tuple[str, int]:
    """Send `edits` back to back; the text and version after them, once checked."""
    for edit in edits:
        text = apply(text, edit)
        version += 1
        client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": version},
                                                 "contentChanges": [edit.change()]})
    newest = version
    try:
        client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"]["uri"] == URI and m["params"].get("version") == newest,
                    hang, published)
    except TimeoutError:
        raise Failure(f"hang: no publish of version {newest} within {hang:g} s after the batch's last edit") from None
    # What came after the newest version's publish, until the pulled report is answered.
    later: list[dict] = []
    report = client.response(client.request("textDocument/diagnostic", {"textDocument": {"uri": URI}}),
                             max(hang, 60.0), later)
    stale = [m["params"]["version"] for m in later if m.get("method") == "textDocument/publishDiagnostics"
             and m["params"]["uri"] == URI and m["params"].get("version") != newest]
    if stale:
        raise Failure(f"versions {stale} published after version {newest}")
    items = sorted(_key(d) for d in (report.get("result") or {}).get("items", []))
    expected = fresh_diagnostics(text, newest)
    if items != expected:
        missing = [d for d in expected if d not in items][:5]
        extra = [d for d in items if d not in expected][:5]
        raise Failure(f"version {newest}: the server's diagnostics differ from a fresh analysis; "
                      f"missing {missing}, extra {extra}")
    return text, version


def run(seed: int, seconds: float, lines: int, batch: int, hang: float, out: Path | None) -> int:
    """Batches until `seconds` have passed; the number of edits sent."""
    rng = random.Random(seed)
    text = concatenated(lines)
    sent = 0
    with WireClient() as client:
        client.initialize()
        client.open(URI, text)
        client.publish(URI, 1, max(hang, 60.0))
        version = 1
        ends = time.monotonic() + seconds
        batches = 0
        while time.monotonic() < ends:
            edits = []
            planned = text
            for _ in range(rng.randint(1, batch)):
                edit = random_edit(planned, rng)
                planned = apply(planned, edit)
                edits.append(edit)
            before = text
            published: list[dict] = []
            try:
                text, version = run_batch(client, text, version, edits, hang, published)
            except Failure as failure:
                if out is not None:
                    out.mkdir(parents=True, exist_ok=True)
                    stem = out / f"burst-{seed}-{batches}"
                    stem.with_suffix(".before.mlir").write_text(before)
                    stem.with_suffix(".json").write_text(json.dumps({
                        "seed": seed, "batch": batches, "first_version": version + 1, "failure": str(failure),
                        "edits": [e.__dict__ for e in edits],
                        "published_versions": [m["params"].get("version") for m in published
                                               if m.get("method") == "textDocument/publishDiagnostics"]}, indent=1))
                raise
            sent += len(edits)
            batches += 1
    return sent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lines", type=int, default=5000, help="real dumps concatenated to this many lines")
    parser.add_argument("--batch", type=int, default=100, help="at most this many edits back to back")
    parser.add_argument("--hang", type=float, default=10.0, help="seconds without the newest publish: a hang")
    parser.add_argument("--out", type=Path, default=REPO / "fuzz-out" / "burst")
    args = parser.parse_args()
    started = time.monotonic()
    try:
        sent = run(args.seed, args.seconds, args.lines, args.batch, args.hang, args.out)
    except Failure as failure:
        print(f"seed {args.seed}: FAILED: {failure} (reproducer in {args.out})")
        return 1
    print(f"seed {args.seed}: {sent} edits in bursts over {time.monotonic() - started:.0f} s "
          f"into {args.lines} lines of real dumps, no hang, every newest version equal to a fresh analysis")
    return 0


if __name__ == "__main__":
    sys.exit(main())
