"""`cute-ir check|parse` on real files, including every kind of bad input."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cute_ir.analysis import MAX_ANALYSED_BYTES
from tests.conftest import REPO


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "cute_ir.cli", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


BAD = "%0 = t.t : !cute_nvgpu.bogus\n"
COL = BAD.index("bogus")          # 0-based column of the mnemonic


@pytest.fixture
def bad(tmp_path):
    path = tmp_path / "bad.ir"
    path.write_text(BAD, encoding="utf-8")
    return path


def test_text_output_and_exit_status(bad):
    r = run("check", str(bad))
    assert r.returncode == 1
    assert r.stdout.splitlines() == [
        f"{bad}:1:{COL + 1}: error: unknown  type `bogus` in dialect `cute_nvgpu` [types:types.unknown-type]",
        "1 file checked: 1 error, 0 warnings",
    ]


def test_json_output(bad):
    r = run("check", "--format", "json", str(bad))
    assert r.returncode == 1
    assert json.loads(r.stdout) == [{
        "file": str(bad),
        "range": {"start": {"line": 0, "character": COL}, "end": {"line": 0, "character": COL + 5}},
        "severity": "error", "code": "types.unknown-type", "source": "types",
        "message": "unknown  type `bogus` in dialect `cute_nvgpu`",
    }]


def test_sarif_output(bad):
    r = run("check", "--format", "sarif", str(bad))
    log = json.loads(r.stdout)
    assert log["version"] == "2.1.0"
    (result,) = log["runs"][0]["results"]
    assert result["ruleId"] == "types.unknown-type"
    assert result["message"]["text"] == "unknown  type `bogus` in dialect `cute_nvgpu`"
    assert result["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 1, "startColumn": COL + 1, "endLine": 1, "endColumn": COL + 6}


def test_clean_file_exits_zero(tmp_path):
    path = tmp_path / "ok.ir"
    path.write_text("%0 = t.t : !cute_nvgpu.SM120.mma_bs\n", encoding="utf-8")
    r = run("check", str(path))
    assert (r.returncode, r.stdout.strip()) == (0, "1 file checked: 0 errors, 0 warnings")


def test_utf16_columns_in_json(tmp_path):
    path = tmp_path / "emoji.ir"
    path.write_text("%0 = t.t {c = \"😀\"} : !cute_nvgpu.bogus\n", encoding="utf-8")
    item = json.loads(run("check", "--format", "json", str(path)).stdout)[0]
    line = path.read_text(encoding="utf-8")
    expected = len(line[: line.index("bogus")].encode("utf-16-le")) // 2
    assert item["range"]["start"] == {"line": 0, "character": expected}


@pytest.mark.parametrize("content,message", [
    (b"abc\x00def", "binary file (contains NUL bytes), not MLIR text"),
])
def test_binary_file(tmp_path, content, message):
    path = tmp_path / "bin.ir"
    path.write_bytes(content)
    r = run("check", str(path))
    assert r.returncode == 1
    assert r.stdout.splitlines()[0] == f"{path}: error: {message}"
    assert "Traceback" not in r.stderr


def test_invalid_utf8_is_a_warning_and_the_rest_is_checked(tmp_path):
    path = tmp_path / "latin1.ir"
    path.write_bytes(b"// caf\xe9\n%0 = t.t : !cute_nvgpu.bogus\n")
    r = run("check", str(path))
    assert r.returncode == 1
    lines = r.stdout.splitlines()
    assert lines[0] == (f"{path}:1:1: warning: the file is not valid UTF-8 (first bad byte at offset 6); "
                        "invalid bytes were replaced [syntax:syntax.encoding]")
    assert lines[1] == f"{path}:2:{COL + 1}: error: unknown  type `bogus` in dialect `cute_nvgpu` [types:types.unknown-type]"


def test_empty_file(tmp_path):
    path = tmp_path / "empty.ir"
    path.write_bytes(b"")
    r = run("check", str(path))
    assert (r.returncode, r.stdout.strip()) == (0, "1 file checked: 0 errors, 0 warnings")


def test_directory_and_missing_file(tmp_path):
    r = run("check", str(tmp_path), str(tmp_path / "nope.ir"))
    assert r.returncode == 1
    assert r.stdout.splitlines()[:2] == [f"{tmp_path}: error: is a directory, not an .ir file",
                                         f"{tmp_path / 'nope.ir'}: error: no such file"]


def test_huge_file_is_refused_quickly(tmp_path):
    path = tmp_path / "huge.ir"
    with open(path, "wb") as f:
        f.truncate(MAX_ANALYSED_BYTES * 3)        # sparse: 48 MiB without writing them
    r = run("check", str(path))
    assert r.returncode == 1
    assert r.stdout.splitlines()[0] == f"{path}: error: file too large to analyse: 48.0 MiB (the limit is 16 MiB)"


def test_parse_prints_the_tree(tmp_path):
    path = tmp_path / "p.ir"
    path.write_text("%0 = a.b %x : i32\n", encoding="utf-8")
    r = run("parse", str(path))
    assert r.returncode == 0
    assert r.stdout.splitlines()[:3] == [
        "(source_file [0, 0] - [1, 0])",
        "  (operation [0, 0] - [0, 17])",
        "    results: (result_list [0, 0] - [0, 2])",
    ]


def test_examples_check_as_documented():
    r = run("check", *sorted(str(p) for p in (REPO / "examples").glob("*.ir")))
    assert "Traceback" not in r.stderr
    assert r.stdout.strip().splitlines()[-1].endswith("warnings")


def test_usage_error_exits_two():
    r = run("check")
    assert r.returncode == 2
