"""`cute-ir serve` driven by Neovim's built-in LSP client (headless), end to end.

The Lua side (lsp_check.lua) opens the file, lets Neovim start and attach the server,
and reports what the editor recorded; this test decides whether that is right. All
expected positions are computed from SAMPLE so the test stays correct if it is edited.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
LSP_CHECK = HERE / "lsp_check.lua"

NVIM = shutil.which("nvim")
pytestmark = pytest.mark.skipif(
    NVIM is None, reason="nvim not on PATH (Debian/Ubuntu: apt-get install -y neovim)")

SAMPLE = """\
func.func @f(%a: i32) -> i32 {
  %x = arith.addi %a, %a : i32
  %y = arith.muli %x, %x : i32
  %t = cute.static : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
  %b = cute.static : !cute_nvgpu.bogus
  return %y : i32
}
"""
UNKNOWN_TYPE = "unknown  type `bogus` in dialect `cute_nvgpu`"  # two spaces, as MLIR prints it
NEW_NAME = "%sum"


def locate(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """0-based (line, column) of the nth occurrence of needle in text."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at)
    return line, at - (text.rfind("\n", 0, at) + 1)


def occurrences(text: str, token: str) -> list[tuple[int, int]]:
    """(line, column) of every occurrence of an SSA name as a whole token."""
    found = []
    for n, line in enumerate(text.splitlines()):
        start = line.find(token)
        while start != -1:
            end = start + len(token)
            if end == len(line) or not (line[end].isalnum() or line[end] in "_$.-"):
                found.append((n, start))
            start = line.find(token, end)
    return found


def nvim_env(tmp_path: Path) -> dict[str, str]:
    """Keep Neovim's state, cache and LSP log inside the test's directory."""
    env = dict(os.environ)
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        d = tmp_path / var.lower()
        d.mkdir(exist_ok=True)
        env[var] = str(d)
    return env


def last_json_line(stdout: str) -> dict:
    for line in reversed(stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    raise AssertionError(f"no JSON report in Neovim's output:\n{stdout}")


def run_neovim(tmp_path: Path, env_vars: dict[str, str]) -> dict:
    env = nvim_env(tmp_path)
    env.update(env_vars)
    proc = subprocess.run(
        [NVIM, "--headless", "--clean", "-u", "NONE", "-c", f"luafile {LSP_CHECK}"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=150)
    try:
        report = last_json_line(proc.stdout)
    except AssertionError:
        raise AssertionError(f"exit {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}") from None
    report["_returncode"] = proc.returncode
    report["_stderr"] = proc.stderr
    # Neovim logs the server's stderr and protocol errors here (default level WARN).
    log = Path(env["XDG_CACHE_HOME"]) / "nvim" / "lsp.log"
    report["_lsp_log"] = log.read_text() if log.exists() else ""
    return report


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> dict:
    tmp_path = tmp_path_factory.mktemp("neovim-lsp")
    path = tmp_path / "sample.ir"
    path.write_text(SAMPLE)

    bogus_line, bogus_col = locate(SAMPLE, "bogus")
    x_use = locate(SAMPLE, "%x", nth=1)
    fix = {"start_line": bogus_line, "start_col": bogus_col,
           "end_line": bogus_line, "end_col": bogus_col + len("bogus"), "text": "tma_descriptor_tiled"}
    hover_line, hover_col = locate(SAMPLE, "sm90.mma")

    result = run_neovim(tmp_path, {
        "CUTE_LSP_CMD": json.dumps([sys.executable, "-m", "cute_ir.cli", "serve"]),
        "CUTE_LSP_FILE": str(path),
        "CUTE_LSP_EXPECT": UNKNOWN_TYPE,
        "CUTE_LSP_HOVER": f"{hover_line}:{hover_col + 2}",
        "CUTE_LSP_DEFINITION": "%d:%d" % (x_use[0], x_use[1] + 1),
        "CUTE_LSP_RENAME": "%d:%d" % (x_use[0], x_use[1] + 1),
        "CUTE_LSP_NEW_NAME": NEW_NAME,
        "CUTE_LSP_FIX": json.dumps(fix),
        "CUTE_LSP_TIMEOUT": "15000",  # per wait: a loaded machine starts the server slowly; seven waits fit the limit
    })
    result["_path"] = path
    return result


def test_check_script_succeeded(report):
    assert report["errors"] == [], report
    assert report["ok"] is True
    assert report["_returncode"] == 0, report["_stderr"]


def test_unknown_type_diagnostic_at_bogus(report):
    line, col = locate(SAMPLE, "bogus")
    matching = [d for d in report["diagnostics"] if d["message"] == UNKNOWN_TYPE]
    assert len(matching) == 1, report["diagnostics"]
    d = matching[0]
    # vim.diagnostic stores 0-based lines and columns; the range is exactly the mnemonic.
    assert (d["lnum"], d["col"], d["end_lnum"], d["end_col"]) == (line, col, line, col + len("bogus"))
    assert d["severity"] == 1  # vim.diagnostic.severity.ERROR


def test_hover_describes_the_mma_atom(report):
    assert "sm90.mma" in report["hover"]
    assert "MmaAtom" in report["hover"]


def test_definition_of_a_use_is_the_defining_value(report):
    line, col = locate(SAMPLE, "%x")  # the first `%x` is the definition `%x = arith.addi`
    uri = report["_path"].resolve().as_uri()
    assert report["definitions"] == [{
        "uri": uri, "start_line": line, "start_col": col, "end_line": line, "end_col": col + len("%x")}]


def test_rename_edits_cover_every_occurrence(report):
    expected = occurrences(SAMPLE, "%x")
    assert len(expected) == 3  # the definition and two uses
    edits = report["rename_edits"]
    assert sorted((e["start_line"], e["start_col"]) for e in edits) == expected
    for e in edits:
        assert e["end_line"] == e["start_line"]
        assert e["end_col"] == e["start_col"] + len("%x")
        assert e["new_text"] == NEW_NAME
    # Neovim applied the edit to the buffer exactly where the occurrences were.
    assert report["text_after_rename"] == SAMPLE.replace("%x", NEW_NAME).splitlines()


def test_diagnostics_clear_after_the_fix(report):
    assert report["diagnostics_cleared"] is True
    assert "  %b = cute.static : !cute_nvgpu.tma_descriptor_tiled" in report["text_after_fix"]


def test_server_exits_cleanly(report):
    assert report["server_exit_code"] == 0
    assert report["server_exit_signal"] == 0


def test_no_errors_in_neovims_lsp_log(report):
    problems = [line for line in report["_lsp_log"].splitlines() if "[ERROR]" in line or "Traceback" in line]
    assert not problems, "\n".join(problems)
