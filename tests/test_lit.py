"""The IR-in / IR-out tests of tests/lit (`// RUN:` lines checked by FileCheck), run by lit."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

LIT_DIR = Path(__file__).parent / "lit"


def test_every_lit_test_passes():
    lit = Path(sys.executable).parent / "lit"
    done = subprocess.run([str(lit), "-v", str(LIT_DIR)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Failed" not in done.stdout
