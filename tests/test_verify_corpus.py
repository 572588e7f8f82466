"""Runs tests/corpus/verify/*.ir: every expected diagnostic, exactly, and nothing else."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import PRODUCED_MESSAGES
from tests.verify_corpus import load_cases, run_case

CORPUS = Path(__file__).parent / "corpus" / "verify"
CASES = [case for path in sorted(CORPUS.glob("*.ir")) for case in load_cases(path)]


@pytest.mark.parametrize("case", CASES, ids=[f"{c.path.stem}-{c.index}" for c in CASES])
def test_case(case):
    got = run_case(case)
    PRODUCED_MESSAGES.update(e.message for e in got)
    # As in mlir-opt, one expectation stands for every identical diagnostic on its line.
    assert len(set(case.expected)) == len(case.expected), "an expectation written twice"
    assert sorted(set(got), key=lambda e: (e.line, e.message)) == sorted(case.expected, key=lambda e: (e.line, e.message))


def test_corpus_is_not_empty():
    assert len(CASES) >= 10


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.ir")), ids=lambda p: p.stem)
def test_the_corpus_passes_cute_ir_check_verify_diagnostics(path, capsys):
    """Each corpus file is also a test of `cute-ir check --verify-diagnostics --split-input-file`,
    which reads its expectations as mlir-opt would (substring matches, notes at their lines)."""
    from cute_ir.cli import main

    arch = load_cases(path)[0].target
    targets = {case.target for case in load_cases(path)}
    if len(targets) > 1:
        pytest.skip("cases on several targets: the CLI checks a file for one")
    assert main(["check", "-q", "--verify-diagnostics", "--split-input-file", "--arch", arch, str(path)]) == 0, \
        capsys.readouterr().out
