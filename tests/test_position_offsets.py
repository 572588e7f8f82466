"""LSP position -> byte offset: the one-unit-per-character shortcut gives what a walk over the
line's characters gives, for every encoding, with astral characters, invalid UTF-8 and
positions past a line's end."""
from __future__ import annotations

import random

import pytest

from cute_ir.text.positions import Encoding, LineIndex, Position


def _walked(data: bytes, index: LineIndex, position: Position, encoding: Encoding) -> int:
    """The reference: count units character by character."""
    count = len(index._starts)
    if position.line >= count:
        return len(data)
    if position.line < 0:
        return 0
    start = index.start(position.line)
    end = index.start(position.line + 1) - 1 if position.line + 1 < count else len(data)
    line = data[start:end]
    if encoding is Encoding.UTF8:
        return start + min(position.character, len(line))
    text = line.decode("utf-8", errors="replace")
    units = 0
    for at, ch in enumerate(text):
        if units >= position.character:
            return start + len(text[:at].encode("utf-8"))
        units += 2 if (encoding is Encoding.UTF16 and ord(ch) > 0xFFFF) else 1
    return end


PIECES = ["a", "%x = ", "é", "€", "😀", "\n", "\r\n", "\t", " ", "\u200b"]


@pytest.mark.parametrize("seed", range(40))
def test_offsets_match_a_walk_over_the_line(seed: int) -> None:
    rng = random.Random(seed)
    data = "".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 60))).encode()
    if seed % 4 == 0:
        data += b"\xff\xfe tail"          # invalid UTF-8, as a file can hold
    index = LineIndex(data)
    lines = len(index._starts)
    for encoding in Encoding:
        for line in range(-1, lines + 1):
            for character in range(0, 70, 3):
                position = Position(line, character)
                assert index.offset(data, position, encoding) == _walked(data, index, position, encoding), (
                    data, position, encoding)


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("encoding", list(Encoding))
def test_many_offsets_at_once_are_converted_as_one_at_a_time(seed: int, encoding: Encoding) -> None:
    """`positions` walks the lines once for ascending offsets (semantic tokens); each result is
    what `position` gives for that offset alone, line ends of every kind and characters of
    every width included."""
    rng = random.Random(seed)
    pieces = ["ab", "é", "😀", "\n", "\r\n", "\r", "x y", "𝔸", "%v = arith.addi %a, %b : i32"]
    data = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 400))).encode("utf-8")
    index = LineIndex(data)
    offsets = sorted(o for o in (rng.randint(0, len(data)) for _ in range(200))
                     if o == len(data) or data[o] & 0xC0 != 0x80)
    one_at_a_time = [(p.line, p.character) for p in (index.position(data, o, encoding) for o in offsets)]
    assert index.positions(data, offsets, encoding) == one_at_a_time


@pytest.mark.parametrize("encoding", list(Encoding))
def test_offsets_in_ascii_text_after_wide_characters_on_their_line(encoding: Encoding) -> None:
    """Offsets whose stretch of text is ASCII, on a line that starts with wider characters:
    their columns still count those characters as the encoding does."""
    data = "é😀 %a = x\nplain %b\n".encode("utf-8")
    index = LineIndex(data)
    for offsets in ([data.index(b"%a"), data.index(b"= x")], [data.index(b"plain"), data.index(b"%b")],
                    [data.index(b"x\n"), data.index(b"%b")]):
        one_at_a_time = [(p.line, p.character) for p in (index.position(data, o, encoding) for o in offsets)]
        assert index.positions(data, offsets, encoding) == one_at_a_time
