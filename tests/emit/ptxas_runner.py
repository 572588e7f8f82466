"""Run the real ptxas on emitted PTX: `ptxas -arch=<arch> file.ptx -o /dev/null`."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Iterable, Sequence, TypeVar

_FALLBACK = "/usr/local/bin/ptxas"
PTXAS: str | None = shutil.which("ptxas") or (
    _FALLBACK if os.path.isfile(_FALLBACK) and os.access(_FALLBACK, os.X_OK) else None)
SKIP_REASON = "ptxas not found on PATH nor at /usr/local/bin/ptxas"
WORKERS = 2

T = TypeVar("T")
U = TypeVar("U")


def assemble(text: str, arch: str) -> tuple[bool, str]:
    """(accepted, ptxas output). Advisories on stderr do not make a module fail."""
    assert PTXAS is not None
    fd, path = tempfile.mkstemp(suffix=".ptx")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        proc = subprocess.run([PTXAS, f"-arch={arch}", path, "-o", os.devnull],
                              capture_output=True, text=True, timeout=300)
        return proc.returncode == 0, (proc.stderr + proc.stdout).strip()
    finally:
        os.unlink(path)


def parallel_map(fn: Callable[[T], U], items: Iterable[T]) -> list[U]:
    with ThreadPoolExecutor(WORKERS) as pool:
        return list(pool.map(fn, items))


def chunks(items: Sequence[T], size: int) -> list[Sequence[T]]:
    return [items[i:i + size] for i in range(0, len(items), size)]
