"""Reading LSP messages from stdin ahead of the event loop.

pygls's own stdin reader hands every header line and every body to the event loop through a
thread-pool job, so each message costs the loop three turns. While background work runs in
slices (deferred verification, the first whole-document requests after opening a large file),
every turn also runs a slice, and a burst of messages (an editor's requests after open, hovers)
waits for many turns. This reader fills a buffer from a thread of its own; whatever is already
buffered is handed over at once, without a turn of the loop. It implements pygls's
`AsyncReader` (`readline`, `readexactly`) and is used by `CuteIrServer.start_io`.
"""
from __future__ import annotations

import asyncio
import os
import threading
from typing import BinaryIO, Callable

CHUNK = 1 << 16


def _release(waiter: asyncio.Future) -> None:
    if not waiter.done():
        waiter.set_result(None)


class PrefetchingReader:
    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self._buffer = bytearray()
        self._eof = False
        self._lock = threading.Lock()
        self._waiter: asyncio.Future | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def _reader(self) -> Callable[[int], bytes]:
        """A read that returns what is available (at least one byte), not a full chunk. On a
        file descriptor, os.read: a thread blocked in a buffered stream's read holds the
        stream's lock, and the interpreter aborts if it still does when the process exits."""
        try:
            fd = self._stream.fileno()
        except (AttributeError, OSError, ValueError):
            return getattr(self._stream, "read1", None) or self._stream.read
        return lambda size: os.read(fd, size)

    def _pump(self) -> None:
        read = self._reader()
        while True:
            try:
                chunk = read(CHUNK)
            except (OSError, ValueError):   # closed under us: the same as the end of input
                chunk = b""
            with self._lock:
                if chunk:
                    self._buffer += chunk
                else:
                    self._eof = True
                waiter, self._waiter = self._waiter, None
            if waiter is not None:
                self._loop.call_soon_threadsafe(_release, waiter)
            if not chunk:
                return

    async def _take(self, size: Callable[[bytearray, bool], int | None]) -> bytes:
        """The first `size(buffer, at_eof)` bytes, waiting while it says None."""
        if self._thread is None:
            self._loop = asyncio.get_running_loop()
            self._thread = threading.Thread(target=self._pump, name="cute-ir-stdin", daemon=True)
            self._thread.start()
        while True:
            with self._lock:
                count = size(self._buffer, self._eof)
                if count is not None:
                    data = bytes(self._buffer[:count])
                    del self._buffer[:count]
                    return data
                waiter = self._waiter = self._loop.create_future()
            await waiter

    def readline(self):
        def line(buffer: bytearray, at_eof: bool) -> int | None:
            end = buffer.find(b"\n")
            if end >= 0:
                return end + 1
            return len(buffer) if at_eof else None
        return self._take(line)

    def readexactly(self, n: int):
        return self._take(lambda buffer, at_eof: n if len(buffer) >= n else (len(buffer) if at_eof else None))
