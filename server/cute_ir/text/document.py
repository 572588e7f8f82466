"""An open document: UTF-8 bytes, its line index and the edits that brought it here.

The server owns document text itself (instead of pygls's workspace copy, which re-splits
the whole text on every change) so that applying a keystroke costs O(edit), and the
byte-level edit can be handed to tree-sitter for an incremental re-parse.

The bytes live in one `bytearray` edited in place. tree-sitter trees keep a reference to the
buffer they were parsed from, so a tree that has had an edit applied (`Tree.edit`) reads the
current text at its shifted positions.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .positions import Encoding, LineIndex, Position

# Edits a document remembers (`Document.edits`): more than a burst of typing between two reads.
_KEPT_EDITS = 64


@dataclass(frozen=True)
class TextEdit:
    """A byte-level edit in tree-sitter's terms: [start, old_end) became [start, new_end)."""

    start: int
    old_end: int
    new_end: int
    start_point: tuple[int, int]
    old_end_point: tuple[int, int]
    new_end_point: tuple[int, int]


def advance_point(point: tuple[int, int], text: bytes) -> tuple[int, int]:
    """tree-sitter's point after `text`, written from `point` (lines end as in `positions.LineIndex`:
    `\n`, `\r\n` or a lone `\r`)."""
    breaks = text.count(b"\n") + text.count(b"\r") - text.count(b"\r\n")
    if not breaks:
        return (point[0], point[1] + len(text))
    last = max(text.rfind(b"\n"), text.rfind(b"\r"))
    return (point[0] + breaks, len(text) - last - 1)


def decode_source(raw: bytes) -> tuple[bytes, str | None]:
    """Normalise raw file bytes to valid UTF-8; returns (data, problem or None).

    Invalid UTF-8 is replaced (U+FFFD) so that every later stage sees text; the caller
    reports the problem as a diagnostic instead of failing.
    """
    try:
        raw.decode("utf-8")
        return raw, None
    except UnicodeDecodeError as err:
        fixed = raw.decode("utf-8", errors="replace").encode("utf-8")
        return fixed, f"the file is not valid UTF-8 (first bad byte at offset {err.start}); invalid bytes were replaced"


class InvalidChange(ValueError):
    """A content change whose range cannot be applied to the document as it is."""


class Document:
    def __init__(self, uri: str, text: str, version: int | None = None,
                 encoding: Encoding = Encoding.UTF16) -> None:
        self.uri = uri
        self.version = version
        self.encoding = encoding
        self.data = bytearray(text.encode("utf-8", errors="replace"))
        self.lines = LineIndex(self.data)
        # The last edits, each (start, old end, length of the text before it), and how many
        # there were: what was derived from an earlier text can be kept where no edit since
        # reached (lsp/diagnostic_json.py).
        self.edits: deque[tuple[int, int, int]] = deque(maxlen=_KEPT_EDITS)
        self.edit_count = 0

    @property
    def text(self) -> str:
        return self.data.decode("utf-8", errors="replace")

    def position(self, offset: int) -> Position:
        return self.lines.position(self.data, offset, self.encoding)

    def line_character(self, offset: int) -> tuple[int, int]:
        """`position(offset)` as (line, character)."""
        return self.lines.line_characters(self.data, (offset,), self.encoding)[0]

    def line_characters(self, offsets) -> list[tuple[int, int]]:
        """`line_character` of each of `offsets`, in one loop."""
        return self.lines.line_characters(self.data, offsets, self.encoding)

    def positions(self, offsets: list[int]) -> list[tuple[int, int]]:
        """(line, character) of each of `offsets` (ascending), in one walk."""
        return self.lines.positions(self.data, offsets, self.encoding)

    def offset(self, position: Position) -> int:
        return self.lines.offset(self.data, position, self.encoding)

    def point(self, offset: int) -> tuple[int, int]:
        """tree-sitter's (row, byte column) of a byte offset."""
        line = self.lines.line_of(offset)
        return (line, offset - self.lines.start(line))

    def change_problem(self, start: Position | None, end: Position | None) -> str | None:
        """Why a content change's range cannot be applied, or None. A range that ends before
        it starts, or starts on a line the document does not have, is not an edit of this
        text: applying it anyway (swapped, clamped) would make a different text than the
        client's. An end past the last line is the usual way to say "to the end" and clamps,
        as do characters past a line's end (the LSP says so)."""
        if start is None or end is None:
            return None
        if (end.line, end.character) < (start.line, start.character):
            return f"the range ends ({end.line}:{end.character}) before it starts ({start.line}:{start.character})"
        if start.line >= self.lines.line_count:
            return f"the range starts on line {start.line}, past the end of the document ({self.lines.line_count} lines)"
        return None

    def span(self, start: Position | None, end: Position | None) -> tuple[int, int]:
        """The bytes a content change replaces (the whole document when it has no range)."""
        if start is None or end is None:
            return 0, len(self.data)
        return self.offset(start), self.offset(end)

    def unchanged_since(self, edit_count: int) -> tuple[int, int] | None:
        """How many bytes at the text's start and at its end no edit changed since there had
        been `edit_count` edits (None when that is too long ago to tell): each edit leaves
        the bytes before its start and after its old end as they were."""
        newer = self.edit_count - edit_count
        if newer < 0 or newer > len(self.edits):
            return None
        prefix, suffix = len(self.data), len(self.data)
        for start, old_end, length in list(self.edits)[len(self.edits) - newer:]:
            prefix, suffix = min(prefix, start), min(suffix, length - old_end)
        return prefix, suffix

    def replace(self, start: Position | None, end: Position | None, new_text: str) -> TextEdit:
        """Apply one LSP content change (a range, or the whole document when None)."""
        problem = self.change_problem(start, end)
        if problem is not None:
            raise InvalidChange(problem)
        s, old_end = self.span(start, end)
        start_point, old_end_point = self.point(s), self.point(old_end)
        self.edits.append((s, old_end, len(self.data)))
        self.edit_count += 1
        removed_cr = b"\r" in self.data[s:old_end]
        inserted = new_text.encode("utf-8", errors="replace")
        if start is None:
            # A whole new text: a new buffer, so trees of the old text keep reading the old one.
            self.data = bytearray(inserted)
        else:
            self.data[s:old_end] = inserted
        new_end = s + len(inserted)
        if start is None or removed_cr or b"\r" in inserted or b"\r" in self.data[max(0, s - 1):new_end + 1]:
            # A carriage return next to the edit may pair with a newline differently: rescan.
            self.lines = LineIndex(self.data)
        else:
            self.lines.update(self.data, s, old_end, new_end)
        return TextEdit(s, old_end, new_end, start_point, old_end_point, self.point(new_end))
