"""Upstream `mlir-opt` 22 as the oracle for MLIR's wording: the tests that compare a verifier's
messages with MLIR's also run their cases through it. Found on PATH or where
`../shared/bench/setup_mlir_peer.sh` unpacks it; the tests that use it skip when it is absent."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Callable, Iterable

import pytest

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
