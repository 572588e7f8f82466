"""The benchmarks in bench/ are not run by the tests (their numbers depend on the machine), but
they must not rot: each one imports, with every name it takes from the project."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.mark.parametrize("script", sorted(p.stem for p in BENCH.glob("*.py")))
def test_the_benchmark_imports(script: str, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    module = importlib.import_module(script)
    assert module.__doc__, f"bench/{script}.py says what it measures"
    sys.modules.pop(script, None)
