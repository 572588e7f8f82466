"""The README's Neovim configuration works as written: each snippet is taken from README.md,
its one placeholder (the path of the cute-ir command) replaced by this checkout's, and run as
the init file of headless Neovim, which then opens an .ir file and must show the real
server's diagnostic. The Neovim 0.7 snippet runs on every Neovim (Debian bookworm's is 0.7);
the 0.8+ one where the Neovim on PATH is 0.8 or later."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.editors.neovim.test_neovim_lsp import last_json_line, nvim_env

HERE = Path(__file__).resolve().parent
PROBE = HERE / "readme_probe.lua"
NVIM = shutil.which("nvim")
pytestmark = pytest.mark.skipif(
    NVIM is None, reason="nvim not on PATH (Debian/Ubuntu: apt-get install -y neovim)")

PLACEHOLDER = "/path/to/cute-ir/.venv/bin/cute-ir"
CUTE_IR = Path(sys.executable).parent / "cute-ir"      # the command this checkout installed
SAMPLE = "%0 = t.t : !cute_nvgpu.bogus\n"
UNKNOWN_TYPE = "unknown  type `bogus` in dialect `cute_nvgpu`"


def readme_snippet(heading: str) -> str:
    """The ```lua block that follows the bold `heading` in README.md."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    found = re.search(re.escape(f"**{heading}**") + r".*?```lua\n(.*?)```", readme, re.S)
    assert found, f"README.md has no lua snippet under **{heading}**"
    return found.group(1)


def nvim_version() -> tuple[int, int]:
    out = subprocess.run([NVIM, "--version"], capture_output=True, text=True, timeout=30).stdout
    major, minor = re.match(r"NVIM v(\d+)\.(\d+)", out).groups()
    return int(major), int(minor)


@pytest.mark.parametrize("heading,since", [("Neovim 0.7", (0, 7)), ("Neovim 0.8 and later", (0, 8))])
def test_readme_neovim_snippet_attaches_and_shows_diagnostics(tmp_path, heading, since):
    if nvim_version() < since:
        pytest.skip(f"the snippet needs Neovim {since[0]}.{since[1]}; PATH has {nvim_version()}")
    snippet = readme_snippet(heading)
    assert snippet.count(PLACEHOLDER) == 1
    init = tmp_path / "init.lua"
    init.write_text(snippet.replace(PLACEHOLDER, str(CUTE_IR)), encoding="utf-8")
    sample = tmp_path / "kernel.ir"
    sample.write_text(SAMPLE, encoding="utf-8")
    env = nvim_env(tmp_path)
    env.update(CUTE_LSP_FILE=str(sample), CUTE_LSP_TIMEOUT="20000")
    proc = subprocess.run([NVIM, "--headless", "--clean", "-u", str(init), "-c", f"luafile {PROBE}"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    report = last_json_line(proc.stdout)
    assert report["errors"] == [], (report, proc.stderr)
    assert (report["filetype"], report["clients"]) == ("cute_ir", ["cute-ir"])
    assert report["diagnostics"] == [{"line": 0, "col": SAMPLE.index("bogus"), "message": UNKNOWN_TYPE}]
    assert proc.returncode == 0, proc.stderr


CC = shutil.which("cc")
UPSTREAM = "func.func @add(%a: i32) -> i32 {\n  return %a : i32\n}\n"


@pytest.mark.skipif(CC is None, reason="no C compiler `cc` on PATH to build the grammar")
@pytest.mark.parametrize("heading,since", [("Neovim 0.7", (0, 7)), ("Neovim 0.8 and later", (0, 8))])
def test_readme_neovim_snippet_takes_cute_mlir_files_and_highlights_them(tmp_path, heading, since):
    """The parser installed where the README says (its data directory's `site`, on the runtime
    path of a Neovim started without --clean: the XDG directories are the test's own), the
    snippet gives an .ir file and a CuTe DSL .mlir dump the cute_ir filetype, the server and
    tree-sitter highlighting, and leaves an upstream .mlir file alone."""
    if nvim_version() < since:
        pytest.skip(f"the snippet needs Neovim {since[0]}.{since[1]}; PATH has {nvim_version()}")
    env = nvim_env(tmp_path)
    site = Path(env["XDG_DATA_HOME"]) / "nvim" / "site"
    (site / "parser").mkdir(parents=True)
    (site / "queries" / "cute_ir").mkdir(parents=True)
    src = REPO / "grammar" / "src"
    build = subprocess.run([CC, "-shared", "-fPIC", "-O1", f"-I{src}", str(src / "parser.c"), str(src / "scanner.c"),
                            "-o", str(site / "parser" / "cute_ir.so")], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    for query in (REPO / "grammar" / "queries").glob("*.scm"):
        shutil.copy(query, site / "queries" / "cute_ir" / query.name)
    init = tmp_path / "init.lua"
    init.write_text(readme_snippet(heading).replace(PLACEHOLDER, str(CUTE_IR)), encoding="utf-8")
    kernel, dump, upstream = tmp_path / "kernel.ir", tmp_path / "dump.mlir", tmp_path / "upstream.mlir"
    kernel.write_text(SAMPLE, encoding="utf-8")
    # a real CuTe DSL dump, with one mistake so that the server has something to say
    dump.write_text((REPO / "tests" / "corpus" / "cutedsl" / "universal_copy" / "raw.mlir").read_text(encoding="utf-8")
                    + SAMPLE, encoding="utf-8")
    upstream.write_text(UPSTREAM, encoding="utf-8")
    env.update(CUTE_LSP_FILE=str(kernel), CUTE_LSP_MORE_FILES=f'["{dump}", "{upstream}"]', CUTE_LSP_TIMEOUT="30000")
    proc = subprocess.run([NVIM, "--headless", "-u", str(init), "-c", f"luafile {PROBE}"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    report = last_json_line(proc.stdout)
    assert report["errors"] == [], (report, proc.stderr)
    by_file = {f["file"]: f for f in report["files"]}
    assert by_file["kernel.ir"] == {"file": "kernel.ir", "filetype": "cute_ir", "diagnostics": 1, "highlighted": True}
    assert (by_file["dump.mlir"]["filetype"], by_file["dump.mlir"]["highlighted"]) == ("cute_ir", True)
    assert by_file["dump.mlir"]["diagnostics"] >= 1
    assert by_file["upstream.mlir"]["filetype"] != "cute_ir" and by_file["upstream.mlir"]["diagnostics"] == 0
