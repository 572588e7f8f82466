"""`cute-ir ptx` and `cute-ir lower` say which target a file that declares none got, and why, in
the words `check` reports it with (cli/target_note.py): `path: note: target sm_100a, inferred
from `atom.s2t_copy` at 107:42; the file declares none`, on stderr."""
from __future__ import annotations

import pytest

from cute_ir.cli import main
from tests.conftest import REPO

DUMP = REPO / "tests" / "corpus" / "cutedsl" / "sm100_nvfp4_s2t" / "canonical.mlir"
ATOM = ("func.func @f() {\n"
        "  %a = cute.make_atom() : () -> !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>\n"
        "  return\n}\n")
COLUMN = ATOM.splitlines()[1].index("!cute_nvgpu") + 1


def _note(path) -> str:
    return f"{path}: note: target sm_100a, inferred from `atom.tmem_load` at 2:{COLUMN}; the file declares none"


@pytest.fixture
def atom(tmp_path):
    path = tmp_path / "tmem.ir"
    path.write_text(ATOM, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["ptx"], ["lower"], ["lower", "--print-ir-after-all"]])
def test_ptx_and_lower_say_why_the_target_was_inferred(atom, command, capsys):
    main([*command, str(atom)])
    assert capsys.readouterr().err.splitlines()[0] == _note(atom)


def test_the_note_is_checks_own_line(atom, capsys):
    main(["check", str(atom)])
    assert capsys.readouterr().out.splitlines()[0] == _note(atom)


def test_a_corpus_dump_gets_the_same_note_from_all_three(capsys):
    main(["check", str(DUMP)])
    said = capsys.readouterr().out.splitlines()[0]
    assert said == (f"{DUMP}: note: target sm_100a, inferred from `atom.s2t_copy` at 107:42; "
                    f"the file declares none")
    for command in ("ptx", "lower"):
        main([command, str(DUMP)])
        err = capsys.readouterr().err.splitlines()
        assert err.count(said) == 1 and err[0] == said, command


@pytest.mark.parametrize("command", ["ptx", "lower"])
def test_no_note_when_the_target_is_chosen_or_declared(atom, tmp_path, command, capsys):
    main([command, str(atom), "--arch", "sm_100a"])
    assert "note: target" not in capsys.readouterr().err
    declared = tmp_path / "declared.ir"
    declared.write_text('gpu.module @k [#nvvm.target<chip = "sm_100a">] {\n}\n' + ATOM, encoding="utf-8")
    main([command, str(declared)])
    assert "note: target" not in capsys.readouterr().err


def test_each_case_of_a_split_file_says_its_own_target(tmp_path, capsys):
    path = tmp_path / "split.ir"
    path.write_text(ATOM + "// -----\nfunc.func @g() {\n  return\n}\n// -----\n" + ATOM, encoding="utf-8")
    main(["lower", "--split-input-file", str(path)])
    notes = [line for line in capsys.readouterr().err.splitlines() if ": note: target" in line]
    # The second case has no atom: nothing in it decides, and nothing is said about its default.
    assert notes == [_note(path), _note(path).replace("at 2:", "at 11:")]
