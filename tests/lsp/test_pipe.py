"""The pipe the server writes to is widened where Linux lets it (lsp/pipe.py); anything else is
left as it is."""
from __future__ import annotations

import os
import sys

import pytest

from cute_ir.lsp import pipe


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pipe sizes are Linux's")
def test_a_pipe_is_widened_up_to_what_the_system_allows() -> None:
    read, write = os.pipe()
    try:
        with os.fdopen(write, "wb", closefd=False) as stream:
            size = pipe.widen(stream)
        with open("/proc/sys/fs/pipe-max-size") as limit:
            allowed = min(pipe.WIDEST, int(limit.read()))
        assert size is not None and size >= min(allowed, 1 << 16)
    finally:
        os.close(read)
        os.close(write)


def test_what_is_no_pipe_is_left_alone(tmp_path) -> None:
    with open(tmp_path / "out", "wb") as stream:
        assert pipe.widen(stream) is None
    assert pipe.widen(object()) is None   # no descriptor at all
