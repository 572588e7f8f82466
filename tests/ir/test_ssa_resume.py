"""The SSA check resumed after an edit (ir/ssa.py `_Checker.run_resumable`: the walk's state
saved where the last edit was, taken over when the text before it is the same) reports what a
fresh check reports: the same diagnostics, at the same places, in the same order. Checked by
typing at every value name of the shapes and of real dumps, a letter at a time, with deletions,
new lines and braces among the keystrokes, each text's check compared with a fresh one."""
from __future__ import annotations

import re

import pytest

from cute_ir.ir import ssa
from cute_ir.ir.lift import OpMemo

from tests.ir.test_lift_memo import ROOT, SHAPES
from tests.ir.test_ssa_memo import SSA_SHAPES, _checks

DUMPS = sorted((ROOT / "tests" / "corpus" / "cutedsl").rglob("*.mlir"))[:2]
CASES = list(SHAPES.items()) + list(SSA_SHAPES.items()) + [
    (str(p.relative_to(ROOT)), p.read_text(encoding="utf-8", errors="replace")) for p in DUMPS]

# What is typed at a value name, keystroke after keystroke: letters, then a deletion, a digit,
# a new line, a brace (a syntax error: the unit is not checked) and its removal.
KEYSTROKES = [("insert", "q"), ("insert", "r"), ("delete", 1), ("insert", "7"), ("insert", "\n"),
              ("delete", 1), ("insert", "{"), ("delete", 1), ("insert", "s")]


def _typed(text: str, at: int) -> list[str]:
    """The texts after each of KEYSTROKES typed from offset `at` on."""
    out = []
    for kind, what in KEYSTROKES:
        if kind == "insert":
            text = text[:at] + what + text[at:]
            at += len(what)
        else:
            at -= what
            text = text[:at] + text[at + what:]
        out.append(text)
    return out


def _spots(text: str, most: int = 12) -> list[int]:
    """Offsets just after a `%` that starts a value name, at most `most`, spread over the text."""
    found = [m.start() + 1 for m in re.finditer(r"%[A-Za-z0-9_]", text)]
    step = max(1, len(found) // most)
    return found[::step][:most]


@pytest.mark.parametrize("name, text", CASES, ids=[name for name, _ in CASES])
def test_a_resumed_check_reports_what_a_fresh_one_does(name: str, text: str, monkeypatch) -> None:
    resumed = []
    restore = ssa._Checker._restore

    def counted(self, root, saved):
        stack = restore(self, root, saved)
        resumed.append(stack is not None)
        return stack
    monkeypatch.setattr(ssa._Checker, "_restore", counted)
    dump = name.endswith(".mlir")
    for at in _spots(text, 2 if dump else 8):
        memo = OpMemo()
        assert _checks(text, memo) == _checks(text, None)
        for typed in _typed(text, at):
            assert _checks(typed, memo) == _checks(typed, None), (at, typed[max(0, at - 40):at + 40])
    if dump:   # (ops nested in generic ops, as in some shapes, are not resumed: `_restore`)
        assert any(resumed), "no check resumed"
