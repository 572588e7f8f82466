"""Reading LSP messages from stdin ahead of the event loop, and finding them again after a
broken frame.

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

Framing follows the LSP base protocol: header lines `Name: value\\r\\n`, an empty line, then
exactly `Content-Length` bytes of body. pygls's loop trusts that length, so one wrong length
(short, long, missing or absurd) leaves it reading bodies as headers and headers as bodies for
good. `Framer` instead recovers at the next header: a header line (`Content-Length: N` and a raw
line break) cannot occur inside a JSON text, whose strings escape their line breaks, so where one
shows up inside a body the declared length was wrong, and where the input is not a header the
bytes up to the next one are skipped. (Header lines are found again by the name as the LSP
spells it, `Content-Length`; headers are otherwise read without regard to case.) Each broken stretch is reported once, as a `FramingError`.
"""
from __future__ import annotations

import asyncio
import os
import re
import threading
from dataclasses import dataclass
from typing import BinaryIO, Callable

CHUNK = 1 << 16

# Bodies larger than this are refused outright (the server's largest messages are whole
# documents; 256 MiB is far beyond any it can analyse interactively).
MAX_CONTENT_LENGTH = 1 << 28
# Header blocks larger than this are not headers.
MAX_HEADER_BYTES = 1 << 14

_HEADER_LINE = re.compile(rb"([!-9;-~]+):[ \t]*([^\r\n]*?)[ \t]*\r?\n")
_CONTENT_LENGTH_LINE = re.compile(rb"Content-Length:[ \t]*\d{1,19}[ \t]*\r?\n")
# The longest a _CONTENT_LENGTH_LINE match can be (with modest blanks), for scans that resume.
_MARKER_SPAN = 64


def _find_header_line(buffer: bytearray, start: int) -> int | None:
    """Where the first `Content-Length` header line at or after `start` begins. Found by its
    name, spelled as the LSP spells it (a plain substring search), then checked with the
    pattern: a case-blind regular-expression scan of a whole body is ~50x slower."""
    found = buffer.find(b"Content-Length:", start)
    while found >= 0:
        if _CONTENT_LENGTH_LINE.match(buffer, found):
            return found
        found = buffer.find(b"Content-Length:", found + 1)
    return None


@dataclass(frozen=True)
class FramingError:
    """Bytes that were not a well-formed message and were skipped."""
    reason: str
    skipped: int


class Framer:
    """Splits a byte stream into LSP message bodies. `next` looks at the unread bytes and says
    how many of them the next item uses: a body (bytes), a `FramingError`, or nothing (None,
    bytes skipped while looking for a header). It returns None while more input is needed."""

    def __init__(self) -> None:
        self._body_checked = 0   # how far the pending body was searched for a header
        self._reason = ""        # why input is being skipped ("" while in step)
        self._skipped = 0        # bytes skipped so far for that reason

    def next(self, buffer: bytearray, at_eof: bool) -> tuple[int, bytes | FramingError | None] | None:
        if self._reason:
            return self._resync(buffer, 0, at_eof)
        start = 0
        while start < len(buffer) and buffer[start] in b"\r\n":   # blank lines between messages
            start += 1
        headers: dict[bytes, bytes] = {}
        line_start = start
        while True:
            newline = buffer.find(b"\n", line_start, start + MAX_HEADER_BYTES)
            if newline < 0:
                if len(buffer) - start >= MAX_HEADER_BYTES:
                    return self._broken(buffer, start, at_eof, "a header block without an end")
                if not at_eof:
                    return None
                if len(buffer) == start:
                    return (start, None) if start else None
                return self._broken(buffer, start, at_eof, "input that ended inside a header")
            if buffer[line_start:newline + 1].strip() == b"":
                break
            line = _HEADER_LINE.fullmatch(buffer, line_start, newline + 1)
            if line is None:
                return self._broken(buffer, start, at_eof, "input that is not an LSP header")
            headers[line[1].lower()] = line[2]
            line_start = newline + 1
        body_start = newline + 1
        declared = headers.get(b"content-length")
        if declared is None:
            return self._broken(buffer, start, at_eof, "a message without Content-Length")
        if not declared.isdigit() or int(declared) > MAX_CONTENT_LENGTH:
            return self._broken(buffer, start, at_eof,
                                f"a message with Content-Length {declared[:40].decode('latin-1')!r}, "
                                f"not a length up to {MAX_CONTENT_LENGTH}")
        end = body_start + int(declared)
        marker = _find_header_line(buffer, max(body_start, self._body_checked - _MARKER_SPAN))
        if marker is not None and body_start <= marker < end:
            self._body_checked = 0
            return marker, FramingError(
                f"a message shorter than its Content-Length {int(declared)} (the next header came first)", marker)
        if len(buffer) < end:
            if at_eof:
                return self._broken(buffer, start, at_eof, "input that ended inside a message body")
            self._body_checked = len(buffer)
            return None
        self._body_checked = 0
        return end, bytes(buffer[body_start:end])

    def _broken(self, buffer: bytearray, start: int, at_eof: bool, reason: str):
        """The input at `start` is no message: skip from there to the next header."""
        self._body_checked = 0
        self._reason = reason
        return self._resync(buffer, start + 1, at_eof)

    def _resync(self, buffer: bytearray, search_from: int, at_eof: bool):
        marker = _find_header_line(buffer, search_from)
        if marker is None and not at_eof:
            # Keep a tail that may be the start of a header; the rest is gone for good.
            drop = max(search_from, len(buffer) - _MARKER_SPAN)
            self._skipped += drop
            return (drop, None) if drop else None
        stop = marker if marker is not None else len(buffer)
        error = FramingError(self._reason, self._skipped + stop)
        self._reason, self._skipped = "", 0
        return stop, error


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
        self._framer = Framer()

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
        return True

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
