"""When a command says which target it checked, lowered or previewed a file for, and why: the
one rule `check`, `ptx` and `lower` share (the sentence itself: ir/target.py,
`TargetChoice.sentence`)."""
from __future__ import annotations

import sys

from ..analysis import DocumentAnalysis
from ..diagnostics import Diagnostic
from ..features import document_target
from ..ir.target import FROM_DEFAULT, FROM_INFERRED

# Findings about the target: with them, a default target is worth a word (it is only a default).
_TARGET_CODES = ("verify.target", "lower.target")


def target_sentence(analysis: DocumentAnalysis | None, diagnostics: list[Diagnostic]) -> str | None:
    """What to say about the target a file got: always when the file's atoms decided it (or
    could not), and for the default when a finding is about the target; a target the file
    declares or the user chose goes without saying."""
    if analysis is None:
        return None
    choice = analysis.target
    about_target = any(d.code.startswith(_TARGET_CODES) for d in diagnostics)
    if choice.source == FROM_INFERRED or (choice.source == FROM_DEFAULT and about_target):
        return document_target.sentence(analysis, choice)
    return None


def print_target_note(path: str, analysis: DocumentAnalysis | None, diagnostics: list[Diagnostic]) -> None:
    """`path: note: target sm_100a, inferred from ...` on stderr, as `check` reports it, when
    `target_sentence` has something to say."""
    sentence = target_sentence(analysis, diagnostics)
    if sentence is not None:
        print(f"{path}: note: {sentence}", file=sys.stderr)
