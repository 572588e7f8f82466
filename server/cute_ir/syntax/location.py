"""`loc(...)` read with MLIR's location grammar: the first mistake MLIR's location parser reports,
in its words, at the token it stops at.

    location      ::= `loc` `(` instance `)`
    instance      ::= `unknown` | `#alias` | string (`:` line `:` column ...)? | string `(` instance `)`
                    | `callsite` `(` instance `at` instance `)`
                    | `fused` (`<` attribute `>`)? `[` instance (`,` instance)* `]`

The grammar reads a location as a balanced token list (a missing bracket closes at the next
statement), so this reads the location's own text again, token by token. A location that runs
out before it is complete is reported after its last token, where MLIR backs up to when the
token it stops at is on a later line. Whether an alias names a location is not judged here (the
alias may be defined anywhere in the file).
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..diagnostics.mlir_messages import (EXPECTED_ATTRIBUTE_VALUE, EXPECTED_LOCATION, LOCATION_CALLSITE_AT,
                                         LOCATION_CALLSITE_LPAREN, LOCATION_CALLSITE_RPAREN,
                                         LOCATION_FUSED_GREATER, LOCATION_FUSED_LSQUARE,
                                         LOCATION_FUSED_RSQUARE, LOCATION_LPAREN, LOCATION_NAME_RPAREN,
                                         LOCATION_RPAREN)

_TOKENS = re.compile(rb"""
    (?P<blank>\s+|//[^\r\n]*)
  | (?P<string>"(?:[^"\\\r\n]|\\.)*")
  | (?P<alias>\#[A-Za-z_][A-Za-z0-9_$.]*)
  | (?P<word>[A-Za-z_][A-Za-z0-9_$.]*)
  | (?P<number>-?[0-9]+(?:\.[0-9]*)?)
  | (?P<arrow>->)
  | (?P<punct>.)
""", re.VERBOSE | re.DOTALL)

# What an attribute may open with, and its closer (`fused<{key = 1}>[...]`).
_OPENERS = {b"<": b">", b"[": b"]", b"{": b"}", b"(": b")"}


class Token(NamedTuple):
    kind: str
    text: bytes
    start: int      # byte offsets in the text given to `check_location`
    end: int


class _Stop(Exception):
    def __init__(self, at: int, end: int, message: str) -> None:
        super().__init__(message)
        self.at, self.end, self.message = at, end, message


class _Reader:
    def __init__(self, text: bytes) -> None:
        self.tokens = [Token(m.lastgroup or "", m.group(), m.start(), m.end())
                       for m in _TOKENS.finditer(text) if m.lastgroup != "blank"]
        self.i = 0

    def peek(self, ahead: int = 0) -> Token | None:
        i = self.i + ahead
        return self.tokens[i] if i < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def stop(self, message: str) -> _Stop:
        """Stopped at the current token; past the last one, right after it."""
        token = self.peek()
        if token is not None:
            return _Stop(token.start, token.end, message)
        end = self.tokens[-1].end if self.tokens else 0
        return _Stop(end, end, message)

    def expect(self, text: bytes, message: str) -> None:
        token = self.peek()
        if token is None or token.text != text:
            raise self.stop(message)
        self.i += 1

    def instance(self) -> None:
        token = self.peek()
        if token is None:
            raise self.stop(EXPECTED_LOCATION)
        if token.kind == "alias":     # `#loc3`, or a dialect's location `#d.loc<...>`
            self.i += 1
            if (after := self.peek()) is not None and after.text == b"<":
                self._balanced()
        elif token.text == b"unknown":
            self.i += 1
        elif token.kind == "string":
            self.i += 1
            self._name_or_file()
        elif token.text == b"callsite":
            self.i += 1
            self.expect(b"(", LOCATION_CALLSITE_LPAREN)
            self.instance()
            self.expect(b"at", LOCATION_CALLSITE_AT)
            self.instance()
            self.expect(b")", LOCATION_CALLSITE_RPAREN)
        elif token.text == b"fused":
            self.i += 1
            self._fused()
        else:
            raise self.stop(EXPECTED_LOCATION)

    def _name_or_file(self) -> None:
        after = self.peek()
        if after is not None and after.text == b"(":        # a name with a child location
            self.i += 1
            self.instance()
            self.expect(b")", LOCATION_NAME_RPAREN)
            return
        # `"file":line:col`, a range's `to`: not judged beyond its tokens
        while (after := self.peek()) is not None and (after.text in (b":", b"to") or after.kind == "number"):
            self.i += 1

    def _fused(self) -> None:
        token = self.peek()
        if token is not None and token.text == b"<":
            self.i += 1
            self._attribute()
            self.expect(b">", LOCATION_FUSED_GREATER)
        self.expect(b"[", LOCATION_FUSED_LSQUARE)
        self.instance()
        while (token := self.peek()) is not None and token.text == b",":
            self.i += 1
            self.instance()
        self.expect(b"]", LOCATION_FUSED_RSQUARE)

    def _attribute(self) -> None:
        """One attribute value: a token, or a balanced bracket with what precedes it."""
        token = self.peek()
        if token is None or token.kind == "punct" and token.text not in _OPENERS:
            raise self.stop(EXPECTED_ATTRIBUTE_VALUE)
        if token.kind in ("word", "alias") and (after := self.peek(1)) is not None and after.text in (b"<", b"("):
            self.i += 1              # `dense<...>`, `memref<...>`, `loc(...)`
        if (opener := self.peek()) is not None and opener.text in _OPENERS:
            self._balanced()
        else:
            self.i += 1

    def _balanced(self) -> None:
        """A bracket and what it holds, up to its closer (or the end)."""
        depth = 0
        while (inner := self.peek()) is not None:
            self.i += 1
            depth += (inner.text in _OPENERS) - (inner.text in _OPENERS.values())
            if depth == 0:
                return


def check_location(text: bytes) -> tuple[int, int, str] | None:
    """The first mistake in a location written `text` (from its `loc`), as (start, end, message)
    with offsets into `text`; None when MLIR's location parser reads it whole."""
    reader = _Reader(text)
    try:
        reader.expect(b"loc", LOCATION_LPAREN)
        reader.expect(b"(", LOCATION_LPAREN)
        reader.instance()
        reader.expect(b")", LOCATION_RPAREN)
    except _Stop as stop:
        return stop.at, stop.end, stop.message
    return None
