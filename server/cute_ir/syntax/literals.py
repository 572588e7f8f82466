"""MLIR's integer literals as its lexer reads them (mlir/lib/AsmParser/Lexer.cpp, lexNumber):
decimal digits (leading zeros allowed: `08` is eight) or `0x` and hexadecimal digits, with an
optional `-`. Python's `int(text, 0)` rejects `08`, so user text never goes through it."""
from __future__ import annotations

import re

_INTEGER = re.compile(r"-?(?:0[xX][0-9a-fA-F]+|[0-9]+)")


def integer_literal(text: str | bytes | None) -> int | None:
    """The value of an MLIR integer literal, or None when `text` is not one."""
    if text is None:
        return None
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("ascii", errors="replace")
    text = text.strip()
    if not _INTEGER.fullmatch(text):
        return None
    negative = text.startswith("-")
    digits = text[1:] if negative else text
    value = int(digits, 16) if digits[:2] in ("0x", "0X") else int(digits, 10)
    return -value if negative else value
