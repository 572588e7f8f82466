"""Splitting an LSP byte stream into message bodies, and finding them again after a broken frame.

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

import os
import re
import select
import time
from dataclasses import dataclass, field
from typing import BinaryIO

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


@dataclass
class Resume:
    """Where a read before the event loop left off: the bytes read after what it took, the
    framer's state, whether the input ended."""
    buffered: bytearray = field(default_factory=bytearray)
    framer: Framer = field(default_factory=Framer)
    eof: bool = False


def read_first(stream: BinaryIO) -> tuple[bytes | FramingError | None, Resume]:
    """The stream's first message (or skipped stretch; None at the end of input), read
    blocking, and where reading left off."""
    resume = Resume()
    return read_next(stream, resume), resume


# `read_next`'s answer when nothing came within its wait.
NOTHING_YET = object()


def read_next(stream: BinaryIO, resume: Resume, wait: float | None = None):
    """The next message (or skipped stretch; None at the end of input) after `resume`, which
    it updates. With `wait` (seconds), NOTHING_YET when no message is complete by then; where
    the stream cannot be waited on (no descriptor, or not on POSIX), NOTHING_YET at once
    unless a message is already buffered."""
    try:
        fd = stream.fileno()
        read = lambda size: os.read(fd, size)   # noqa: E731 (what is available, not a full chunk)
    except (AttributeError, OSError, ValueError):
        fd = None
        read = getattr(stream, "read1", None) or stream.read
    deadline = None if wait is None else time.monotonic() + wait
    while True:
        found = resume.framer.next(resume.buffered, resume.eof)
        if found is not None:
            used, item = found
            del resume.buffered[:used]
            if item is not None:
                return item
            continue
        if resume.eof:
            return None
        if deadline is not None and not _readable(fd, deadline - time.monotonic()):
            return NOTHING_YET
        try:
            chunk = read(CHUNK)
        except (OSError, ValueError):   # closed under us: the same as the end of input
            chunk = b""
        if chunk:
            resume.buffered += chunk
        else:
            resume.eof = True


def _readable(fd: int | None, seconds: float) -> bool:
    if fd is None or os.name != "posix" or seconds <= 0:
        return False
    try:
        ready, _, _ = select.select([fd], [], [], seconds)
    except (OSError, ValueError):
        return False
    return bool(ready)
