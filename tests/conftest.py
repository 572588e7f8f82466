"""Shared test fixtures and the catalogue backlog report."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

# Servers the tests start show what a first open shows: the open cache (lsp/open_cache.py)
# is off, and tests/lsp/test_open_cache.py turns it on in a directory of its own. It is
# inherited by every server process a test starts.
os.environ["CUTE_IR_CACHE"] = "off"

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
SPEC = SHARED / "spec"


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def spec_dir() -> Path:
    if not SPEC.is_dir():
        pytest.skip(f"spec pages not found at {SPEC}")
    return SPEC


# Messages produced by the verify corpus, collected by tests/test_verify_corpus.py and
# compared with the catalogue at the end of the run: the visible backlog.
PRODUCED_MESSAGES: set[str] = set()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    from cute_ir.diagnostics.catalogue import CATALOGUE
    from tests.verify_corpus import catalogue_backlog

    if not PRODUCED_MESSAGES:
        return
    backlog = catalogue_backlog(PRODUCED_MESSAGES)
    terminalreporter.section("catalogue backlog: spec messages no test input produces yet")
    by_page: dict[str, list[str]] = {}
    for code in backlog:
        by_page.setdefault(CATALOGUE[code].page, []).append(code)
    for page, codes in sorted(by_page.items()):
        terminalreporter.write_line(f"{page}: {len(codes)}")
        for code in codes:
            terminalreporter.write_line(f"    {code}: {CATALOGUE[code].template!r}")
    terminalreporter.write_line(f"produced: {len(CATALOGUE) - len(backlog)} of {len(CATALOGUE)}")
