"""Upstream `mlir-opt` 22 as the oracle for MLIR's wording: the tests that compare a verifier's
messages with MLIR's also run their cases through it. Found on PATH or where
`../shared/bench/setup_mlir_peer.sh` unpacks it; the tests that use it skip when it is absent."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Callable, Iterable

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import Severity

MLIR_OPT = shutil.which("mlir-opt-22") or "/tmp/mlirpeer/bin/mlir-opt-22"

needs_mlir_opt = pytest.mark.skipif(not Path(MLIR_OPT).exists(), reason="mlir-opt 22 is not here")


def mlir_opt(text: str) -> subprocess.CompletedProcess:
    """`text` through mlir-opt 22 (parsed and verified, printed to stdout)."""
    return subprocess.run([MLIR_OPT, "-"], input=text, capture_output=True, text=True)


def assert_mlir_opt_agrees(cases: Iterable[tuple[str, str]], well_formed: Iterable[str] = (),
                           wrap: Callable[[str], str] = lambda text: text) -> None:
    """Each case's text, wrapped as its test wraps it, makes mlir-opt 22 report `error: <its
    message>`; each well-formed text it accepts."""
    for text, message in cases:
        run = mlir_opt(wrap(text))
        assert f"error: {message}" in run.stderr, (text, run.stderr)
    for text in well_formed:
        run = mlir_opt(text)
        assert run.returncode == 0, (text, run.stderr)


def errors_at(text: str) -> list[tuple[int, int, str]]:
    """cute-ir's errors on `text` as mlir-opt prints its own: (line, column, message), 1-based."""
    out = []
    for d in DocumentAnalysis("file:///t.mlir", text).diagnostics():
        if d.severity == Severity.ERROR:
            line = text.count("\n", 0, d.span.start)
            out.append((line + 1, d.span.start - (text.rfind("\n", 0, d.span.start) + 1) + 1, d.message))
    return out


def first_mlir_error(text: str) -> tuple[int, int, str] | None:
    """mlir-opt 22's first error on `text`: (line, column, message), or None when it accepts it."""
    found = re.search(r"^<stdin>:(\d+):(\d+): error: (.*)$", mlir_opt(text).stderr, re.M)
    return (int(found[1]), int(found[2]), found[3]) if found is not None else None
