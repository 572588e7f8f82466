"""A bounded slice of the edit fuzzer (tests/fuzz/edit_fuzz.py) with fixed seeds: after every
random edit the incremental analysis equals a fresh one. `make fuzz` runs it for longer."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzz.edit_fuzz import Report, corpus, fuzz_case, replay

# The slice keeps to the hand-written files and the smallest real-compiler dump; `make fuzz`
# takes every dump.
FILES = [p for p in corpus() if p.suffix == ".ir" or p.match("universal_copy/canonical.mlir")]
TEXTS = [p.read_text(encoding="utf-8") for p in FILES]


@pytest.mark.parametrize("seed", (1, 2), ids=("verified in slices between edits", "verified at once"))
@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_random_edits_keep_the_incremental_state_equal_to_a_fresh_analysis(path, seed):
    """Odd seeds open the file with verification deferred and run slices of it between
    edits (edit_fuzz.py, MAX_SLICES)."""
    report = Report()
    fuzz_case(path, seed=seed, steps=25, texts=TEXTS, report=report)
    assert not report.mismatches, report.mismatches[0]["what"]


REPRODUCERS = sorted((Path(__file__).parent / "reproducers").glob("*.json"))


@pytest.mark.parametrize("path", REPRODUCERS, ids=lambda p: p.stem)
def test_minimised_reproducers_stay_fixed(path):
    """Cases the fuzzer found and minimised (`make fuzz` writes them): text, then edits."""
    assert replay(path) is None
