"""The pipe the server writes its messages to, widened to the largest size an unprivileged
process may give it.

Linux gives a pipe 64 KiB. A whole-document answer at 50k lines is megabytes (4.4 MB of outline,
6.2 MB of semantic tokens for a generated cute_nvgpu file): through 64 KiB the server stops at
every 64 KiB until the client has read them, and the client, woken as many times, reads the
answer in as many pieces. Through a 1 MiB pipe a 4.4 MB answer reached a Python client reading
as bench/peer.py's probe reads (a read for the rest of the body, the pieces added up) in 17-34
ms instead of 38-78 ms at load 5-6, 72-89 ms instead of 167-224 at load 11
(bench/pipe_transfer.py). Elsewhere (not Linux, not a pipe, a limit lower than asked) the pipe
stays as it is.
"""
from __future__ import annotations

import os
import stat
from typing import BinaryIO

# fcntl's F_SETPIPE_SZ / F_GETPIPE_SZ (Linux 2.6.35); Python's `fcntl` names them from 3.10 on.
_F_SETPIPE_SZ = 1031
_F_GETPIPE_SZ = 1032
# The most asked for: Linux's default limit for an unprivileged process (/proc/sys/fs/pipe-max-size).
WIDEST = 1 << 20
_MAX_SIZE = "/proc/sys/fs/pipe-max-size"


def widen(stream: BinaryIO) -> int | None:
    """Give the pipe behind `stream` up to `WIDEST` bytes (no more than the system allows);
    its size after, or None where it is no pipe or its size cannot be set."""
    try:
        import fcntl
        fd = stream.fileno()
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return None
        try:
            with open(_MAX_SIZE) as limit:
                size = min(WIDEST, int(limit.read()))
        except (OSError, ValueError):
            size = WIDEST
        if fcntl.fcntl(fd, _F_GETPIPE_SZ) < size:
            fcntl.fcntl(fd, _F_SETPIPE_SZ, size)
        return fcntl.fcntl(fd, _F_GETPIPE_SZ)
    except (ImportError, AttributeError, OSError, ValueError):
        return None
