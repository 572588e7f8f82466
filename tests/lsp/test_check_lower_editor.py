"""`cute-ir check`, `cute-ir lower` and the editor say the same of one file.

Each file is checked with `cute-ir check --format json`, lowered with `cute-ir lower` (both as
a user runs them, with no `--arch`: each file is checked for its own target) and opened in the
real server, whose diagnostics are pulled (a pulled report is complete: no verification is
owed). Then:

* the editor publishes exactly what `check` reports (range, severity, code, message, notes);
* `lower` stops on what `check` rejects before any pass runs (syntax, types, the verifiers), as
  mlir-opt stops on input that fails to verify, and says exactly those errors;
* otherwise what the lowering leaves and says why (`lower.not-lowered`, an information for an
  op whose atom is a kernel argument, a warning for an atom no instruction stands for) is the
  same in all three, at the same op. What `lower` adds is its `lower.stopped` errors, which
  restate an error `check` reports (the editor leaves them out for that reason); what `check`
  adds is the preview's verdict on an atom (`lower.target`, `lower.unsupported`,
  `lower.emit`), which the pass restates as that `lower.stopped`.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from cute_ir import cli
from tests.conftest import REPO
from tests.emit.page_examples import PAGE_EXAMPLE
from tests.passes.test_pipeline_on_edit import MMA_TYPES, SPECIFIED

from .helpers import RecordingClient, open_document, pull_diagnostics

pytestmark = pytest.mark.asyncio

FILES = (sorted((REPO / "examples").glob("*.ir"))
         + sorted((REPO / "tests" / "corpus" / "cutedsl").glob("*/*.mlir"))
         + sorted((REPO / "tests" / "corpus" / "verify").glob("*.ir")))

# Bare top-level statements, which MLIR's parser puts in one implicit module: the spec's TMA
# worked example as the page prints it, and an atom built in one statement, applied in the next.
BARE = {"page_example.ir": PAGE_EXAMPLE,
        "built_then_applied.ir": f"{SPECIFIED}\ncute_nvgpu.mma %g, %acc, %a, %b, %acc : {MMA_TYPES}\n",
        # A TileAS load of 8-byte rows that neither TMA nor the register path can move: an error
        # at the load, alike in all three (tests/lit/register-tiles.mlir: `--emit ptx` stops there).
        "register_tile.ir": (REPO / "tests" / "lit" / "register-tiles.mlir").read_text(),
        # Stores of tiles read back from shared memory, and the register path's other refusals.
        "register_transfers.ir": (REPO / "tests" / "lit" / "register-transfers.mlir").read_text()}

# What only the preview's verdict says (`check`), and what only restates it (`lower`).
PREVIEW_VERDICTS = frozenset({"lower.target", "lower.unsupported", "lower.emit"})
RESTATING = "lower.stopped"

# `lower`'s diagnostics on standard error: `path:line:col: severity: message [source:code]`.
_LOWER_LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning|information|hint): "
                         r"(?P<message>.*) \[(?P<source>\w+):(?P<code>[\w.-]+)\]$")
_LABELS = {lsp.DiagnosticSeverity.Error: "error", lsp.DiagnosticSeverity.Warning: "warning",
           lsp.DiagnosticSeverity.Information: "information", lsp.DiagnosticSeverity.Hint: "hint"}


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    code = cli.main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _checked(path: Path, capsys) -> list[dict]:
    _, out, _ = _run(["check", "--format", "json", str(path)], capsys)
    return json.loads(out)


def _where(item: dict) -> tuple[int, int]:
    start = item["range"]["start"]
    return start["line"] + 1, start["character"] + 1


def _lowered(path: Path, capsys) -> list[tuple[int, int, str, str, str]]:
    """(line, column, severity, code, message) of what `cute-ir lower` says on standard error."""
    _, _, err = _run(["lower", str(path)], capsys)
    out = []
    for line in err.splitlines():
        found = _LOWER_LINE.match(line)
        if found is not None and found["path"] == str(path):
            out.append((int(found["line"]), int(found["col"]), found["severity"], found["code"], found["message"]))
    return out


def _published(item: lsp.Diagnostic) -> dict:
    """A pulled diagnostic as `check --format json` writes one (its file aside)."""
    def rng(r: lsp.Range) -> dict:
        return {"start": {"line": r.start.line, "character": r.start.character},
                "end": {"line": r.end.line, "character": r.end.character}}
    return {"range": rng(item.range), "severity": _LABELS[item.severity], "code": item.code,
            "message": item.message,
            "related": [{"range": rng(r.location.range), "message": r.message} for r in item.related_information or ()]}


def _comparable(item: dict) -> tuple:
    related = tuple((json.dumps(r["range"], sort_keys=True), r["message"]) for r in item.get("related", ()))
    return (json.dumps(item["range"], sort_keys=True), item["severity"], item["code"], item["message"], related)


def _cases(tmp_path: Path) -> list[Path]:
    paths = list(FILES)
    for name, text in BARE.items():
        path = tmp_path / name
        path.write_text(text)
        paths.append(path)
    return paths


async def _agree(client: RecordingClient, capsys, path: Path, name: str) -> int:
    """Assert that the three agree on `path`; the number of ops the lowering leaves and says so."""
    checked = _checked(path, capsys)
    # The editor: the file opened in the server, its diagnostics pulled.
    uri = path.resolve().as_uri()
    open_document(client, uri, path.read_text())
    pulled = [_published(d) for d in await pull_diagnostics(client, uri)]
    assert sorted(map(_comparable, pulled)) == sorted(map(_comparable, checked)), name

    lowered = _lowered(path, capsys)
    rejected = [i for i in checked if i["severity"] == "error" and i["source"] != "lower"]
    if rejected:
        # No pass runs: `lower` says what stops it, as `check` says it.
        assert sorted(lowered) == sorted((*_where(i), "error", i["code"], i["message"]) for i in rejected), name
        return 0
    said = sorted(d for d in lowered if d[3] != RESTATING)
    told = sorted((*_where(i), i["severity"], i["code"], i["message"]) for i in checked
                  if i["source"] == "lower" and i["code"] not in PREVIEW_VERDICTS)
    assert said == told, name
    # What `lower` restates stands for an error `check` reports: none without one.
    assert not any(d[3] == RESTATING for d in lowered) or any(i["severity"] == "error" for i in checked), name
    return sum(1 for d in said if d[3] == "lower.not-lowered")


async def test_check_lower_and_the_editor_agree(client: RecordingClient, capsys, tmp_path):
    left = 0
    for path in _cases(tmp_path):
        left += await _agree(client, capsys, path, path.name if path.parent == tmp_path else str(path.relative_to(REPO)))
    # The corpus's kernels take their tiled MMA as an argument: the three say so alike.
    assert left >= 10


async def test_an_atom_without_a_kernel_applied_in_another_top_level_statement(client: RecordingClient, capsys,
                                                                                tmp_path):
    """The atom says no tile, so the lowering leaves the op that applies it and `lower` warns;
    the editor and `check` verify the applying statement with the one that builds the atom
    (analysis/runs.py), and say so too."""
    path = tmp_path / "under_specified.ir"
    path.write_text("%g = cute.make_atom : !cute_nvgpu.sm90.mma\n"
                    f"cute_nvgpu.mma %g, %acc, %a, %b, %acc : {MMA_TYPES}\n")
    await _agree(client, capsys, path, path.name)
