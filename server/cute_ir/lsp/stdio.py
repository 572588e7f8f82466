"""Reading LSP messages from stdin ahead of the event loop.

pygls's own stdin reader hands every header line and every body to the event loop through a
thread-pool job, so each message costs the loop three turns. While background work runs in
slices (deferred verification, the first whole-document requests after opening a large file),
every turn also runs a slice, and a burst of messages (an editor's requests after open, hovers)
waits for many turns. This reader fills a buffer as input arrives; whatever is already buffered
is handed over at once, without a turn of the loop.

Where the event loop can watch stdin (a pipe or terminal on POSIX), the loop itself reads it
when it is readable, between two slices of background work. Otherwise (a regular file, a
stream without a descriptor, Windows pipes) a thread of its own reads it. The thread needs the
interpreter lock for every chunk it hands over, and while background work keeps the main
thread busy it gets it only after CPython's 5 ms switch interval, several times per message:
a change sent during the background verification of a 50k-line file waited about 100 ms to be
read that way, against one slice (a few ms) when the loop reads.

Framing (finding message bodies, and finding them again after a broken frame) is lsp/framing.py's.
"""
from __future__ import annotations

import asyncio
import os
import select
import threading
from typing import BinaryIO, Callable

from .framing import CHUNK, MAX_CONTENT_LENGTH, Framer, FramingError, Resume

__all__ = ["CHUNK", "MAX_CONTENT_LENGTH", "Framer", "FramingError", "PrefetchingReader"]


def _release(waiter: asyncio.Future) -> None:
    if not waiter.done():
        waiter.set_result(None)


class PrefetchingReader:
    def __init__(self, stream: BinaryIO, resume: "Resume | None" = None) -> None:
        """`resume`: where reading the stream before the loop left off (lsp/fast_start.py)."""
        self._stream = stream
        self._buffer = bytearray(resume.buffered) if resume is not None else bytearray()
        self._eof = resume.eof if resume is not None else False
        self._lock = threading.Lock()
        self._waiter: asyncio.Future | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._framer = resume.framer if resume is not None else Framer()
        self._watched: int | None = None    # the descriptor the loop reads when readable

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
            waiter = self._take(chunk)
            if waiter is not None:
                self._loop.call_soon_threadsafe(_release, waiter)
            if not chunk:
                return

    def _take(self, chunk: bytes) -> asyncio.Future | None:
        """Buffer `chunk` (b"": the end of input); the waiter to release, if one waits."""
        with self._lock:
            if chunk:
                self._buffer += chunk
            else:
                self._eof = True
            waiter, self._waiter = self._waiter, None
        return waiter

    def _watch(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Have the loop read stdin when it is readable; False where it cannot watch it."""
        try:
            fd = self._stream.fileno()
            os.set_blocking(fd, False)
        except (AttributeError, OSError, ValueError):
            return False
        try:
            loop.add_reader(fd, self._on_readable, fd)
        except (OSError, ValueError, NotImplementedError):    # a regular file, say: epoll refuses it
            os.set_blocking(fd, True)                          # the thread reads it as it was
            return False
        self._watched = fd
        return True

    def input_waiting(self) -> bool:
        """Whether input has arrived that the message loop has not handled yet: bytes read but
        not taken (a message, or part of one), or bytes stdin holds for the loop to read."""
        with self._lock:
            if self._buffer:
                return True
        if self._watched is None:
            return False
        try:
            return bool(select.select([self._watched], [], [], 0)[0])
        except (OSError, ValueError):   # closed: nothing more arrives
            return False

    def _on_readable(self, fd: int) -> None:
        try:
            chunk = os.read(fd, CHUNK)
        except BlockingIOError:
            return
        except (OSError, ValueError):      # closed under us: the same as the end of input
            chunk = b""
        if not chunk:
            self._loop.remove_reader(fd)
        waiter = self._take(chunk)
        if waiter is not None:
            _release(waiter)

    async def next_message(self) -> bytes | FramingError | None:
        """The next message body, or a stretch of input that was skipped; None at the end of input."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            if not self._watch(self._loop):
                self._thread = threading.Thread(target=self._pump, name="cute-ir-stdin", daemon=True)
                self._thread.start()
        while True:
            with self._lock:
                while True:
                    found = self._framer.next(self._buffer, self._eof)
                    if found is None:
                        break
                    used, item = found
                    del self._buffer[:used]
                    if item is not None:
                        return item
                if self._eof and not self._buffer:
                    return None
                waiter = self._waiter = self._loop.create_future()
            await waiter
