"""Conversions between byte offsets (what tree-sitter reports) and LSP positions.

LSP positions are (line, character) where `character` counts UTF-16 code units by default
(VS Code) or UTF-8 bytes / code points when negotiated. The index keeps the byte offset of
every line start; converting a position costs a bisect plus decoding one line prefix.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate
from sys import maxsize
from dataclasses import dataclass
from enum import Enum

# LSP line ends: "\n", "\r\n" and a lone "\r".
_NEWLINE = re.compile(rb"\r\n|\r|\n")


def _line_starts(data: bytes) -> list[int]:
    """Byte offsets of the line starts. Text with only "\n" line ends (nearly all of it) is
    split instead of searched: twice as fast, which opening a large file notices."""
    if b"\r" in data:
        return [0] + [m.end() for m in _NEWLINE.finditer(data)]
    lines = data.split(b"\n")
    return [0, *accumulate(len(line) + 1 for line in lines[:-1])]


# A line prefix up to this long is read whole by `LineIndex.line_character`; a longer one (a
# minified line) goes through `position`, which remembers where it was on the line.
_SHORT_PREFIX = 256


class Encoding(str, Enum):
    UTF16 = "utf-16"
    UTF8 = "utf-8"
    UTF32 = "utf-32"


@dataclass(frozen=True, order=True)
class Position:
    line: int
    character: int


@dataclass(frozen=True)
class Range:
    start: Position
    end: Position


def _units(text: str, encoding: Encoding) -> int:
    if encoding is Encoding.UTF16:
        return len(text.encode("utf-16-le")) // 2
    if encoding is Encoding.UTF8:
        return len(text.encode("utf-8"))
    return len(text)


class LineIndex:
    """Byte offsets of line starts of a UTF-8 buffer, updatable in place after an edit.

    Typing inside a line moves every later line start by the same amount; instead of
    rewriting them all per keystroke, the shift is kept pending (`_from`, `_delta`) and
    applied when an edit elsewhere needs the true values. Readers go through `start()`.
    """

    def __init__(self, data: bytes) -> None:
        self._starts: list[int] = _line_starts(data)
        self._from = len(self._starts)   # line starts from this index are off by _delta
        self._delta = 0
        # The last position computed, (encoding, line start, offset, units from the line start):
        # converting many offsets of one long line in order then costs the line once, not once
        # per offset (semantic tokens of a minified one-line file).
        self._last: tuple[Encoding, int, int, int] | None = None

    @property
    def line_count(self) -> int:
        return len(self._starts)

    def _settle(self) -> None:
        if self._delta:
            f, d = self._from, self._delta
            self._starts[f:] = [s + d for s in self._starts[f:]]
        self._from, self._delta = len(self._starts), 0

    def start(self, line: int) -> int:
        value = self._starts[line]
        return value + self._delta if line >= self._from else value

    @property
    def starts(self) -> list[int]:
        self._settle()
        return self._starts

    def line_of(self, offset: int) -> int:
        starts, first_shifted, delta = self._starts, self._from, self._delta
        # The shifted view (starts[:first_shifted] as they are, the rest plus delta) is sorted,
        # so each side can be searched in C without building it.
        if delta and first_shifted < len(starts) and offset >= starts[first_shifted] + delta:
            return bisect_right(starts, offset - delta, first_shifted) - 1
        return bisect_right(starts, offset, 0, first_shifted if delta else len(starts)) - 1

    def update(self, data: bytes, start: int, old_end: int, new_end: int) -> None:
        """Refresh the index after bytes [start, old_end) became [start, new_end) in `data`."""
        self._last = None
        first = self.line_of(start) + 1            # line starts after `start` may change
        last = self.line_of(old_end) + 1           # first line start beyond the old range
        delta = new_end - old_end
        inserted = [m.end() for m in _NEWLINE.finditer(data, start, new_end)]
        if first == last and not inserted:
            # No line break added or removed: only later lines move.
            if not delta:
                return
            if self._delta and self._from != first:
                self._settle()
            self._from = first if not self._delta else self._from
            self._delta += delta
            if self._delta == 0:
                self._from = len(self._starts)
            return
        self._settle()
        tail = self._starts[last:]
        if delta:
            tail = [s + delta for s in tail]
        self._starts[first:] = inserted + tail
        self._from = len(self._starts)

    def position(self, data: bytes, offset: int, encoding: Encoding = Encoding.UTF16) -> Position:
        offset = max(0, min(offset, len(data)))
        line = self.line_of(offset)
        start = self.start(line)
        if encoding is Encoding.UTF8:
            return Position(line, offset - start)
        begin, units = start, 0
        last = self._last
        if (last is not None and last[0] is encoding and last[1] == start and last[2] <= offset
                and (last[2] == len(data) or data[last[2]] & 0xC0 != 0x80)):   # not inside a character
            begin, units = last[2], last[3]
        piece = data[begin:offset]
        # Every encoding counts an ASCII character as one unit.
        units += len(piece) if piece.isascii() else _units(piece.decode("utf-8", errors="replace"), encoding)
        self._last = (encoding, start, offset, units)
        return Position(line, units)

    def line_character(self, data: bytes, offset: int, encoding: Encoding = Encoding.UTF16) -> tuple[int, int]:
        """`position`'s line and character, as a tuple: what a whole-document answer asks for
        each container and each kept chunk it places (a thousand at 50k lines after every
        keystroke), with no `Position` made, no shift a keystroke left pending applied to the
        later lines (`positions` does), and, for a short ASCII line prefix (a statement's
        indentation), nothing decoded or remembered."""
        return self.line_characters(data, (offset,), encoding)[0]

    def line_characters(self, data: bytes, offsets, encoding: Encoding = Encoding.UTF16) -> list[tuple[int, int]]:
        """`line_character` of each of `offsets` (in any order), in one loop."""
        starts, shifted, delta = self._starts, self._from, self._delta
        if not delta:
            shifted = len(starts)
        first_shifted = starts[shifted] + delta if shifted < len(starts) else maxsize
        size = len(data)
        utf8 = encoding is Encoding.UTF8
        out = []
        for offset in offsets:
            if 0 <= offset <= size:
                if offset >= first_shifted:
                    line = bisect_right(starts, offset - delta, shifted) - 1
                    start = starts[line] + delta
                else:
                    line = bisect_right(starts, offset, 0, shifted) - 1
                    start = starts[line]
                if offset - start <= _SHORT_PREFIX and (utf8 or data[start:offset].isascii()):
                    out.append((line, offset - start))
                    continue
            found = self.position(data, offset, encoding)
            out.append((found.line, found.character))
        return out

    def positions(self, data: bytes, offsets: list[int], encoding: Encoding = Encoding.UTF16) -> list[tuple[int, int]]:
        """(line, character) of each of `offsets`, which ascend: one walk along the lines
        instead of a search and a decode per offset (the semantic tokens of a large file are
        hundreds of thousands of offsets)."""
        self._settle()
        starts = self._starts
        if offsets and encoding is not Encoding.UTF8:
            first_line_start = starts[bisect_right(starts, min(offsets[0], len(data))) - 1]
            if data[first_line_start:offsets[-1]].isascii():
                encoding = Encoding.UTF8   # in ASCII text every encoding counts bytes
        count = len(starts)
        out: list[tuple[int, int]] = []
        line = -1
        line_start = next_start = 0
        at = units = 0          # an offset of the current line whose units are known
        size = len(data)
        for offset in offsets:
            offset = size if offset > size else offset
            if offset >= next_start or offset < line_start:
                line = bisect_right(starts, offset) - 1
                line_start = starts[line]
                next_start = starts[line + 1] if line + 1 < count else size + 1
                at, units = line_start, 0
            if encoding is Encoding.UTF8:
                out.append((line, offset - line_start))
                continue
            if offset < at:
                at, units = line_start, 0
            piece = data[at:offset]
            units += len(piece) if piece.isascii() else _units(piece.decode("utf-8", errors="replace"), encoding)
            at = offset
            out.append((line, units))
        return out

    def offset(self, data: bytes, position: Position, encoding: Encoding = Encoding.UTF16) -> int:
        """Byte offset of an LSP position; positions past a line's end clamp to the line end."""
        count = len(self._starts)
        if position.line >= count:
            return len(data)
        if position.line < 0:
            return 0
        start = self.start(position.line)
        end = self.start(position.line + 1) - 1 if position.line + 1 < count else len(data)
        line = data[start:end]
        if encoding is Encoding.UTF8 or line.isascii():
            return start + min(position.character, len(line))
        text = line.decode("utf-8", errors="replace")
        if encoding is Encoding.UTF32 or max(text) <= "\uffff":
            # One unit per character: no walk over the line (a minified line can be megabytes).
            if position.character >= len(text):
                return end
            return start + len(text[:position.character].encode("utf-8"))
        units = 0
        for index, ch in enumerate(text):
            if units >= position.character:
                return start + len(text[:index].encode("utf-8"))
            units += 2 if (encoding is Encoding.UTF16 and ord(ch) > 0xFFFF) else 1
        return end
