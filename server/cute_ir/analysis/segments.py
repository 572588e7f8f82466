"""How a document with a syntax error is cut into pieces that are parsed on their own.

A syntax error can make tree-sitter's reading of everything after it depend on it: a function
whose `}` is missing takes in every later function, and the module's `}` then closes the wrong
body. Parsing such a document afresh costs the whole file on each keystroke (over a second for
50k lines of real CuTe DSL output: error recovery is slow), and an incremental re-parse may
recover differently from a fresh one. So a broken document is not read as one tree: it is cut
at lines whose meaning does not depend on what came before, and each piece is parsed alone.
A missing or extra brace then costs its own piece, and the pieces after it keep their trees,
diagnostics and IR.

The cut follows how MLIR is printed, line by line:

- A line that starts a *symbol definition* (`func.func @f`, `cuda.kernel @k`, `gpu.module @m`,
  `module`) starts a piece: a symbol is defined in a module's body, never inside a function's,
  so a function still open there is missing its `}` (unless the symbol is indented deeper than
  the function: a module nested in a body).
- A *container* (`module`, `gpu.module`) whose header line ends with the `{` of its body is a
  header piece; the `}` that closes it is a closer piece, and the two are parsed together, as
  one empty container. The statements in between are pieces of their own.
- Which `}` closes a container: the first one at the container's nesting level; when the piece
  before it still has braces open, a `}` indented like the container's header, less than the
  piece's first line, closes the container (the piece's own `}` is missing).
- A top-level alias definition (`!a = ...`, `#a = ...`) and a split marker (`// -----`) start a
  piece; a split marker also closes every container (as it ends every construct in the grammar).

Only brace *lines* count: a `{` that ends a line opens a body, a `}` that starts one closes it
(MLIR prints regions so), while braces in strings and comments do not count. The cut is a
function of the text alone, so a fresh analysis and an incremental one agree; a scan resumed at
a piece boundary gives the same pieces as one from the start (`Scanner.pieces`).
"""
from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Iterator

from ..dialects.registry import CONTAINER_OPS, defines_symbol


class Kind(str, Enum):
    BODY = "body"           # statements, parsed alone
    HEADER = "header"       # a container's header up to and including its `{`
    CLOSER = "closer"       # the `}` that closes a container, and the rest of its line


@dataclass(eq=False)
class Piece:
    """A piece as a scan found it. `start` and `end` are where the scan found it (the analysis'
    unit for it keeps its place after later edits); the rest holds while its text and what
    comes before it are unchanged."""
    kind: Kind
    start: int
    end: int
    # The container headers open where the piece starts, outermost first: a scan resumed at
    # this piece starts from them.
    opened: tuple["Piece", ...] = ()
    partner: "Piece | None" = None      # header <-> its closer
    unclosed: bool = False              # a body piece cut with a brace of its own still open
    opener: int | None = None           # where the outermost brace it left open is, from `start`
    indent: int = 0
    unit: Any = None                    # the analysis' unit for this piece


_STRING = re.compile(rb'"(?:[^"\\\n]|\\.)*"?')
_WORD = re.compile(rb"[A-Za-z_][\w$.]*")
_ALIAS = re.compile(rb"[!#][A-Za-z_][\w$]*[ \t]*=(?!=)")
_SPLIT = b"// -----"


@dataclass
class Line:
    start: int            # offset of the line's first byte
    token: int            # offset of its first non-blank byte
    end: int              # offset of its line break (or the end of the text)
    indent: int
    opens: int            # `{` outside strings and comments
    closes: int           # `}` outside strings and comments
    ends_open: bool       # its code ends with `{`
    starts_close: bool    # its code starts with `}`
    word: bytes | None    # the word it starts with, if it starts with one
    brace_at: int         # offset of its last `{` (ends_open) or first `}` (starts_close), else -1


def _code(content: bytes) -> bytes:
    """The line without its strings' contents and its comment (same length up to the comment)."""
    if b'"' in content:
        content = _STRING.sub(lambda m: b'"' + b" " * (len(m.group(0)) - 1), content)
    cut = content.find(b"//")
    return content if cut < 0 else content[:cut]


def line_start(data: bytes | bytearray, at: int, lo: int = 0) -> int:
    """The start of the line holding offset `at` (not before `lo`). `\n`, `\r\n` and a lone
    `\r` end lines, as in the grammar and in LSP."""
    start = max(lo, data.rfind(b"\n", lo, at) + 1)
    return max(start, data.rfind(b"\r", start, at) + 1)


def read_line(data: bytes | bytearray, at: int) -> tuple[Line, bytes, int]:
    """The line starting at offset `at`, its text from its first non-blank byte, and where the
    next line starts."""
    size = len(data)
    newline = data.find(b"\n", at)
    end = size if newline < 0 else newline
    cr = data.find(b"\r", at, end)
    if cr >= 0:
        end = cr
    following = end + 2 if data[end:end + 2] == b"\r\n" else end + 1
    content = bytes(data[at:end])
    text = content.lstrip(b" \t\f\v")
    indent = len(content) - len(text)
    token = at + indent
    if b"{" in text or b"}" in text:
        code = _code(text)
        opens, closes = code.count(b"{"), code.count(b"}")
        stripped = code.rstrip()
        ends_open = stripped.endswith(b"{")
        starts_close = code.startswith(b"}")
        brace_at = token + len(stripped) - 1 if ends_open else token if starts_close else -1
    else:
        opens = closes = 0
        ends_open = starts_close = False
        brace_at = -1
    word = _WORD.match(text)
    return (Line(at, token, end, indent, opens, closes, ends_open, starts_close,
                 word.group(0) if word is not None else None, brace_at), text.rstrip(), following)


def code_end(data: bytes | bytearray, lo: int, hi: int) -> int:
    """The end of the last line of code in [lo, hi): blank and comment-only lines do not count
    (`lo` when there is none)."""
    at = hi
    while at > lo:
        start = line_start(data, at, lo)
        content = bytes(data[start:at]).rstrip()
        stripped = content.lstrip()
        if stripped and not stripped.startswith(b"//"):
            return start + len(content)
        at = start - 1
    return lo


@lru_cache(maxsize=None)
def _shallow_line(indent: int) -> re.Pattern[bytes]:
    """A line of code indented at most `indent` blanks (and the line break before it)."""
    return re.compile(rb"[\r\n][ \t]{0,%d}[^ \t\r\n]" % indent)


def next_line_to_read(data: bytes | bytearray, at: int, indent: int) -> int:
    """The start of the first line from `at` that can end a body piece indented `indent` with
    braces open: one with a brace, one indented no deeper than the piece (a symbol definition,
    a container's `}`), or a split marker; the lines before it only continue the piece.
    `len(data)` when there is none."""
    found = len(data)
    for needle in (b"{", b"}", b"// -----"):
        hit = data.find(needle, at, found)
        if hit >= 0:
            found = hit
    shallow = _shallow_line(indent).search(data, at, found)
    if shallow is not None:
        return shallow.start() + 1
    return line_start(data, found, at) if found < len(data) else found


def _symbol_word(line: Line, body: bytes) -> str | None:
    """The op name a line starts with when it starts a symbol definition (`func.func @f`)."""
    if line.word is None:
        return None
    after = body[len(line.word):len(line.word) + 1]
    if after not in (b"", b" ", b"\t", b"@", b"{", b"\r"):
        return None
    rest = body[len(line.word):].lstrip(b" \t")
    if rest[:1] in (b"=", b":", b","):
        return None   # a key or a parameter named like an op
    name = line.word.decode("ascii", "replace")
    return name if defines_symbol(name) else None


class Scanner:
    """Cuts text into pieces; `pieces` may resume at any piece boundary it produced."""

    def __init__(self, data: bytes | bytearray) -> None:
        self.data = data

    def pieces(self, start: int = 0, opened: tuple[Piece, ...] = (),
               known_header: Callable[[int], Piece | None] | None = None) -> Iterator[Piece]:
        """Pieces from offset `start` (where a piece starts: the first token of its line) to the
        end, in document order; `opened` are the container headers open at `start` (the piece's
        own `opened`). A body piece is yielded once the next boundary is found.

        `known_header(start)` may return the header piece an earlier scan found at `start`: when
        it has the same indentation and the same containers around it, it stands for the header
        found there (what the scan does next depends on nothing else of it), so that a resumed
        scan's pieces name the same containers as the earlier scan's (`opened` compares by
        identity) and it can meet the earlier scan again inside them."""
        data = self.data
        state = _State(data, list(opened), known_header)
        at = line_start(data, start)
        while at < len(data):
            if state.body is not None and state.depth > 0:
                # Inside a body with braces open only brace lines, split markers and symbol
                # definitions can end it: the lines in between are not read one by one.
                at = max(at, next_line_to_read(data, at, state.body.indent))
                if at >= len(data):
                    break
            line, text, at = read_line(data, at)
            if line.token >= start:
                yield from state.take(line, text)
        if state.body is not None:
            yield state.close_body(len(data))
        yield from state.close_containers(len(data))


class _State:
    """The scan between lines: the containers open and the body piece being read."""

    def __init__(self, data: bytes | bytearray, stack: list[Piece],
                 known_header: Callable[[int], Piece | None] | None) -> None:
        self.data = data
        self.stack = stack
        self.known_header = known_header
        self.body: Piece | None = None
        self.depth = 0                  # braces the body piece has open
        self.opener: int | None = None  # where the outermost of them opened

    def close_containers(self, boundary: int) -> Iterator[Piece]:
        """The containers still open at a split marker or the end (`boundary`), innermost first:
        each gets a closer with no text where its `}` is missing, after the last line of code."""
        if not self.stack:
            return
        at = code_end(self.data, 0, boundary)
        while self.stack:
            header = self.stack[-1]
            closer = Piece(Kind.CLOSER, at, at, tuple(self.stack), partner=header, indent=header.indent)
            header.partner = closer
            self.stack.pop()
            yield closer

    def close_body(self, boundary: int) -> Piece:
        """The body piece, ended at its last line of code before `boundary` (a line start)."""
        body = self.body
        body.end = max(body.start, code_end(self.data, body.start, boundary))
        body.unclosed = self.depth > 0
        body.opener = self.opener - body.start if self.depth > 0 and self.opener is not None else None
        self.body = None
        return body

    def open_body(self, line: Line) -> None:
        self.body = Piece(Kind.BODY, line.token, line.end, tuple(self.stack), indent=line.indent)
        self.depth, self.opener = 0, None

    def count(self, line: Line) -> None:
        """The line's braces, in the body piece."""
        before = self.depth
        if line.starts_close:
            self.depth = max(0, self.depth - line.closes) + line.opens
        else:
            self.depth = max(0, self.depth + line.opens - line.closes)
        if self.depth == 0:
            self.opener = None
        elif before == 0 or self.opener is None:
            self.opener = line.brace_at if line.ends_open else None

    def take(self, line: Line, text: bytes) -> Iterator[Piece]:
        if not text:
            return
        end = line.token + len(text)
        if text.startswith(b"//"):
            if not text.startswith(_SPLIT):
                return   # a comment line: whatever piece is open keeps it
            if self.body is not None:
                yield self.close_body(line.start)
            # Every container closes at a split marker, as every construct does in the grammar.
            yield from self.close_containers(line.start)
            return
        if line.starts_close:
            if self.body is not None and self.depth > 0:
                container = self.stack[-1] if self.stack else None
                if not (container is not None and line.indent < self.body.indent
                        and line.indent == container.indent):
                    self.count(line)
                    return
                # Indented like the container, less than the body: the body's `}` is missing.
            if self.body is not None:
                yield self.close_body(line.start)
            if self.stack:
                header = self.stack[-1]
                closer = Piece(Kind.CLOSER, line.token, end, tuple(self.stack), partner=header,
                               indent=line.indent)
                self.stack.pop()
                header.partner = closer
                yield closer
                return
            # A `}` with nothing open: a stray brace, in a piece of its own (its parse says so).
            self.open_body(line)
            return
        symbol = _symbol_word(line, text)
        if symbol is not None and (self.body is None or self.depth == 0 or line.indent <= self.body.indent):
            if self.body is not None:
                yield self.close_body(line.start)
            if symbol in CONTAINER_OPS and line.ends_open and line.opens - line.closes == 1:
                opened = tuple(self.stack)
                header = self.known_header(line.token) if self.known_header else None
                if header is None or header.indent != line.indent or header.opened != opened:
                    header = Piece(Kind.HEADER, line.token, line.brace_at + 1, opened, indent=line.indent)
                header.start, header.end = line.token, line.brace_at + 1
                self.stack.append(header)
                yield header
                return
            self.open_body(line)
            self.count(line)
            return
        if self.body is None or (self.depth == 0 and (
                (not self.stack and _ALIAS.match(text) is not None) or _starts_statement(text))):
            if self.body is not None:
                yield self.close_body(line.start)
            self.open_body(line)
        self.count(line)


_RESULTS = re.compile(rb"%[\w$.\-]+(?::\d*)?(?:[ \t]*,[ \t]*%[\w$.\-]+(?::\d*)?)*[ \t]*=(?!=)")
_GENERIC = re.compile(rb'"(?:[^"\\\n]|\\.)*"[ \t]*\(')


def _starts_statement(body: bytes) -> bool:
    """Whether a line at a container's level starts a statement, as the grammar's scanner
    decides it (grammar/src/scanner.c): results then `=`, a generic op, an alias definition, a
    dotted op name or `return` first on the line."""
    first = body[:1]
    if first == b"%":
        return _RESULTS.match(body) is not None
    if first == b'"':
        return _GENERIC.match(body) is not None
    if first in (b"!", b"#"):
        return _ALIAS.match(body) is not None
    word = _WORD.match(body)
    if word is None:
        return False
    name = word.group(0)
    rest = body[len(name):].lstrip(b" \t")
    return (b"." in name or name == b"return") and rest[:1] not in (b"=", b",", b"}", b")", b"]", b">")
