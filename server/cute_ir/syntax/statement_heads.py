"""The head of a statement as MLIR's op parser reads it (Parser.cpp, `parseOperation` and
`parseGenericOperation`), where the grammar's error recovery cannot say what is wrong:

- the result names and the `=` after them: `%0 arith.addi %a, %b : i32` gets "expected '='
  after SSA name" right after the last name (the grammar reads the line as stray tokens, or,
  with several names, as the previous op's body and a region left open);
- a generic op's operand list, `"d.op"(%a, %b` up to its `)`: a value or the `)` after each
  comma's value ("expected ')' to end operand list"), a value after each comma ("expected SSA
  operand"); the grammar, with the `(` left open, reads up to the end of the enclosing region.

Each error stands where `emitWrongTokenError` puts it: right after the token before the wrong
one (backed up over the blanks), or at the wrong token when nothing lies between them.

Only a document the grammar already refuses is read this way (a well-formed one has no such
head), and only lines that start a statement: the line before ends no list (`,`, `(`, `[`,
`:`, `=`, `->`).
"""
from __future__ import annotations

import re

from ..diagnostics import Diagnostic, Severity, Source, Span
from ..diagnostics.mlir_messages import EQUALS_AFTER_RESULTS, EXPECTED_SSA_OPERAND, OPERAND_LIST_CLOSE

_NAME = rb"%[A-Za-z0-9$._-]+"
_RESULTS = re.compile(rb"[ \t]*" + _NAME + rb"(?::[0-9]+)?(?:[ \t]*,[ \t]*" + _NAME + rb"(?::[0-9]+)?)*")
_VALUE = re.compile(_NAME + rb"(?:#[0-9]+)?")
_BLANKS = re.compile(rb"(?:[ \t\r\n]|//[^\n]*)*")
_GENERIC_NAME = re.compile(rb'"(?:[^"\\\n]|\\.)*"')
# What a line that goes on to the next one ends with: a statement does not start after it.
_CONTINUED = (b",", b"(", b"[", b":", b"=", b"->", b"<", b"{-#")


def _error(start: int, end: int, message: str) -> Diagnostic:
    return Diagnostic("syntax.statement-head", Span(start, end), Severity.ERROR, Source.SYNTAX, message)


def _wrong_token(previous_end: int, token: int, data: bytes) -> tuple[int, int]:
    """emitWrongTokenError's place: after the token before, or at the token right after it."""
    if token > previous_end:
        return previous_end, previous_end
    return token, min(token + 1, len(data))


def _operand_list(data: bytes, at: int) -> Diagnostic | None:
    """`"d.op"(` read from `at`, just after the `(`: parseOptionalSSAUseList, then `)`."""
    previous_end = at
    position = _BLANKS.match(data, at).end()
    first = True
    while True:
        value = _VALUE.match(data, position)
        if value is None:
            if first:
                break                                   # no operand: the `)` must come now
            return _error(*_wrong_token(previous_end, position, data), EXPECTED_SSA_OPERAND)
        first = False
        previous_end = value.end()
        position = _BLANKS.match(data, previous_end).end()
        if data[position:position + 1] != b",":
            break
        previous_end = position + 1
        position = _BLANKS.match(data, previous_end).end()
    if data[position:position + 1] == b")":
        return None
    return _error(*_wrong_token(previous_end, position, data), OPERAND_LIST_CLOSE)


def _head(data: bytes, start: int, end: int) -> Diagnostic | None:
    """The mistake in the head of the statement on the line [start, end), if any."""
    results = _RESULTS.match(data, start, end)
    position = start
    if results is not None:
        after = _BLANKS.match(data, results.end(), end).end()
        following = data[after:after + 1]
        if following == b"=":
            position = after + 1
        elif following == b'"' or following.isalpha() or following == b"_":
            return _error(*_wrong_token(results.end(), after, data), EQUALS_AFTER_RESULTS)
        else:
            return None
    position = _BLANKS.match(data, position, end).end()
    name = _GENERIC_NAME.match(data, position, end)
    if name is None:
        return None
    opening = _BLANKS.match(data, name.end(), end).end()
    if data[opening:opening + 1] != b"(":
        return None
    return _operand_list(data, opening + 1)


def statement_head_mistake(data: bytes | bytearray, lo: int, hi: int) -> Diagnostic | None:
    """The first statement head in data[lo:hi] that MLIR's op parser refuses (see the module's
    doc), as an absolute diagnostic; None if every head there reads."""
    continued = False
    start = lo
    while start < hi:
        end = data.find(b"\n", start, hi)
        end = hi if end < 0 else end
        line = data[start:end]
        code = line.split(b"//", 1)[0].rstrip() if b'"' not in line else line.rstrip()
        if code.strip():
            if not continued and (found := _head(data, start, end)) is not None:
                return found
            continued = code.endswith(_CONTINUED)
        start = end + 1
    return None
