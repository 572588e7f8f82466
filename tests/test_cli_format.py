"""`cute-ir format` as a user runs it: files rewritten in place, `--check` and `--diff` for CI,
standard input to standard output, broken statements left as written and said so."""
from __future__ import annotations

import shutil

from tests.conftest import REPO
from tests.test_cli import run

MESSY = "%0   =   t.t : i32   \n\n\n%1 = t.u %0 : i32"
TIDY = "%0 = t.t : i32\n\n%1 = t.u %0 : i32\n"


def test_format_rewrites_files_in_place_and_says_which(tmp_path):
    messy, tidy = tmp_path / "messy.ir", tmp_path / "tidy.mlir"
    messy.write_text(MESSY, encoding="utf-8")
    tidy.write_text(TIDY, encoding="utf-8")
    r = run("format", str(tmp_path))
    assert (r.returncode, r.stdout, r.stderr) == (0, "", f"reformatted {messy}\n")
    assert messy.read_text(encoding="utf-8") == TIDY and tidy.read_text(encoding="utf-8") == TIDY


def test_check_changes_nothing_and_fails_when_a_file_would_change(tmp_path):
    messy, tidy = tmp_path / "messy.ir", tmp_path / "tidy.ir"
    messy.write_text(MESSY, encoding="utf-8")
    tidy.write_text(TIDY, encoding="utf-8")
    r = run("format", "--check", str(messy), str(tidy))
    assert (r.returncode, r.stdout) == (1, f"would reformat {messy}\n")
    assert r.stderr == "1 file would be reformatted, 1 file already formatted\n"
    assert messy.read_text(encoding="utf-8") == MESSY
    clean = run("format", "--check", str(tidy))
    assert (clean.returncode, clean.stdout, clean.stderr) == (0, "", "1 file already formatted\n")


def test_every_example_is_formatted_already():
    r = run("format", "--check", "examples")
    assert r.returncode == 0, r.stdout
    examples = len(list((REPO / "examples").glob("*.ir")))
    assert r.stderr.endswith(f"{examples} files already formatted\n")


def test_diff_prints_what_would_change(tmp_path):
    messy = tmp_path / "messy.ir"
    messy.write_text(MESSY, encoding="utf-8")
    r = run("format", "--diff", str(messy))
    assert r.returncode == 1
    assert r.stdout.splitlines()[:2] == [f"--- {messy}", f"+++ {messy} (formatted)"]
    assert "-%0   =   t.t : i32   " in r.stdout and "+%0 = t.t : i32" in r.stdout
    assert messy.read_text(encoding="utf-8") == MESSY


def test_standard_input_goes_to_standard_output():
    r = run("format", "-", stdin=MESSY)
    assert (r.returncode, r.stdout, r.stderr) == (0, TIDY, "")
    check = run("format", "--check", "--stdin-filename", "k.ir", "-", stdin=MESSY)
    assert (check.returncode, check.stdout) == (1, "would reformat k.ir\n")


def test_broken_statements_are_left_as_written_and_counted(tmp_path):
    path = tmp_path / "broken.ir"
    path.write_text("%0   =   t.t : i32\n%1 = t.u ( %0 : i32\n", encoding="utf-8")
    r = run("format", str(path))
    assert r.returncode == 0
    assert r.stderr == (f"cute-ir format: {path}: 1 statement with syntax errors left as written\n"
                        f"reformatted {path}\n")
    assert path.read_text(encoding="utf-8") == "%0 = t.t : i32\n%1 = t.u ( %0 : i32\n"


def test_a_dump_keeps_its_text(tmp_path):
    source = REPO / "tests" / "corpus" / "cutedsl" / "sm100_umma_2cta_multicast" / "raw.mlir"
    copy = tmp_path / "raw.mlir"
    shutil.copy(source, copy)
    assert run("format", str(copy)).returncode == 0
    assert copy.read_text(encoding="utf-8") == source.read_text(encoding="utf-8").rstrip("\n") + "\n"


def test_usage_errors(tmp_path):
    assert run("format", "--check", "--diff", "x.ir").returncode == 2
    missing = run("format", str(tmp_path / "nope.ir"))
    assert (missing.returncode, missing.stderr) == (2, f"cute-ir format: error: {tmp_path / 'nope.ir'}: no such file\n")
    binary = tmp_path / "b.ir"
    binary.write_bytes(b"\xff\x00")
    assert run("format", str(binary)).returncode == 1
