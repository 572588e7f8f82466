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
    assert sorted(got, key=lambda e: (e.line, e.message)) == sorted(case.expected, key=lambda e: (e.line, e.message))


def test_corpus_is_not_empty():
    assert len(CASES) >= 10
