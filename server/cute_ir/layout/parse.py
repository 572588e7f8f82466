"""Parsing the textual layout forms found in cute / cute_nvgpu IR.

Grammar (whitespace allowed between any two tokens)::

    text      := body | '"' body '"'
    body      := layout | (swizzle | layout) 'o' int-tuple 'o' layout
    layout    := shape [':' stride]
    shape     := int-tuple          stride := int-tuple
    swizzle   := 'S' '<' int ',' int ',' int '>'
    int-tuple := '(' [int-tuple (',' int-tuple)*] ')' | leaf
    leaf      := value ('@' mode)*
    value     := ['-'] digits | '_' digits | '?' ['{' annotation '}']

The quoted form is what the CuTe DSL prints (``#cute.layout<"(4,32):(1@0,1@1)">``),
the unquoted one what the spec writes (``#cute.layout<(4@0, 32@1)>``).  ``_4``
is accepted as a spelling of ``4`` because CuTe's C++ printer uses it for
static integers, and ``Sw<...>`` likewise for swizzles.

A shape without a stride gets compact column-major strides, except a shape
holding scaled-basis values, which stays a stride-less basis tuple (see
``Layout``).  Parsing never raises on bad text: the error is returned with
character offsets into the text exactly as given (quotes included).
"""

from __future__ import annotations

import re
from functools import lru_cache

from dataclasses import dataclass

from .inttuple import IntTuple, ScaledBasis, congruent, is_int
from .model import ComposedLayout, Layout
from .printer import format_int_tuple
from .swizzle import Swizzle, swizzle_problem

# Deep enough for any real layout, shallow enough that Python's recursion
# limit can never be reached on adversarial input.
_MAX_NESTING = 64
# Python refuses to convert very long digit strings; no layout needs them.
_MAX_DIGITS = 40
_WHITESPACE = " \t\r\n"


@dataclass(frozen=True)
class LayoutSyntaxError:
    """A problem in layout text: ``text[start:end]`` is what to underline."""

    start: int
    end: int
    message: str


@dataclass(frozen=True)
class LayoutParse:
    value: Layout | ComposedLayout | None
    error: LayoutSyntaxError | None

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass(frozen=True)
class IntTupleParse:
    value: IntTuple | None
    error: LayoutSyntaxError | None

    @property
    def ok(self) -> bool:
        return self.error is None


def parse_layout(text: str) -> LayoutParse:
    """Parse a layout or composed layout; see the module docstring for the forms."""
    if not isinstance(text, str):
        raise ValueError(f"parse_layout expects a str, got {type(text).__name__}")
    return _parse_layout(text)


@lru_cache(maxsize=4096)
def _parse_layout(text: str) -> LayoutParse:
    # Memoised: the same tile layouts recur across the kernels of a file, and results are
    # immutable.
    try:
        parser = _Parser(text)
        return LayoutParse(parser.parse_body(), None)
    except _Failure as failure:
        return LayoutParse(None, failure.error)


def parse_int_tuple(text: str) -> IntTupleParse:
    """Parse a bare IntTuple such as ``"(16,8,64)"`` or ``"(0,?{div=128},?)"``."""
    if not isinstance(text, str):
        raise ValueError(f"parse_int_tuple expects a str, got {type(text).__name__}")
    try:
        parser = _Parser(text)
        node = parser.int_tuple("tuple")
        parser.expect_end("the tuple")
        return IntTupleParse(node.value, None)
    except _Failure as failure:
        return IntTupleParse(None, failure.error)


class _Failure(Exception):
    def __init__(self, error: LayoutSyntaxError) -> None:
        super().__init__(error.message)
        self.error = error


@dataclass(frozen=True)
class _Node:
    """A parsed IntTuple with its source span, kept for semantic diagnostics."""

    value: IntTuple
    start: int
    end: int
    children: tuple["_Node", ...] | None  # None for a leaf


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos, self.limit = self._body_bounds(text)

    # --- low-level helpers ------------------------------------------------------

    def _body_bounds(self, text: str) -> tuple[int, int]:
        """Strip surrounding whitespace and an optional pair of double quotes."""
        start, end = 0, len(text)
        while start < end and text[start] in _WHITESPACE:
            start += 1
        while end > start and text[end - 1] in _WHITESPACE:
            end -= 1
        if start < end and text[start] == '"':
            if end - start < 2 or text[end - 1] != '"':
                raise _Failure(LayoutSyntaxError(end, end, "missing closing '\"' after the quoted layout"))
            start, end = start + 1, end - 1
        return start, end

    def fail(self, start: int, end: int, message: str) -> None:
        raise _Failure(LayoutSyntaxError(start, end, message))

    def skip_ws(self) -> None:
        while self.pos < self.limit and self.text[self.pos] in _WHITESPACE:
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < self.limit else ""

    def at_end(self) -> bool:
        return self.pos >= self.limit

    def found(self) -> str:
        """How the current character is described in an error message."""
        return "the end of the layout" if self.at_end() else repr(self.peek())

    def here(self) -> tuple[int, int]:
        """Span of the current character (empty at the end of the text)."""
        return self.pos, min(self.pos + 1, self.limit)

    def expect_end(self, what: str) -> None:
        self.skip_ws()
        if not self.at_end():
            self.fail(self.pos, self.limit, f"unexpected text after {what}")

    # --- grammar ----------------------------------------------------------------

    def parse_body(self) -> Layout | ComposedLayout:
        self.skip_ws()
        if self.at_end():
            self.fail(self.pos, self.pos, "expected a layout")
        if self.peek() == "S" and self.text.startswith(("S<", "Sw<"), self.pos):
            inner: Swizzle | Layout = self.swizzle()
            self.skip_ws()
            if self.peek() != "o":
                self.fail(
                    *self.here(),
                    "expected 'o' after the swizzle; a composed layout is written "
                    "'S<B,M,S> o offset o layout'",
                )
        else:
            inner = self.layout()
            self.skip_ws()
            if self.at_end():
                return inner
            if self.peek() != "o":
                self.fail(self.pos, self.limit, "unexpected text after the layout")
        self.pos += 1  # the 'o' after the inner function
        self.skip_ws()
        offset = self.int_tuple("offset").value
        self.skip_ws()
        if self.peek() != "o":
            self.fail(*self.here(), f"expected 'o' between the offset and the layout, found {self.found()}")
        self.pos += 1
        self.skip_ws()
        outer = self.layout()
        self.expect_end("the composed layout")
        return ComposedLayout(inner, offset, outer)

    def layout(self) -> Layout:
        shape = self.int_tuple("shape")
        self.check_shape(shape)
        self.skip_ws()
        if self.peek() != ":":
            return Layout(shape.value)
        colon = self.pos
        self.pos += 1
        self.skip_ws()
        if self.at_end():
            self.fail(colon, colon + 1, "expected a stride after ':'")
        stride = self.int_tuple("stride")
        self.check_congruent(shape, stride)
        return Layout(shape.value, stride.value)

    def swizzle(self) -> Swizzle:
        start = self.pos
        self.pos += 2 if self.text.startswith("S<", self.pos) else 3
        params = []
        for index in range(3):
            self.skip_ws()
            if not (self.peek().isdigit() or self.peek() == "-"):
                self.fail(*self.here(), f"expected an integer in the swizzle, found {self.found()}")
            params.append(self.integer())
            self.skip_ws()
            closer = "," if index < 2 else ">"
            if self.peek() != closer:
                self.fail(*self.here(), f"expected '{closer}' in the swizzle S<B,M,S>, found {self.found()}")
            self.pos += 1
        problem = swizzle_problem(*params)
        if problem:
            self.fail(start, self.pos, problem)
        return Swizzle(*params)

    def int_tuple(self, role: str, nesting: int = 0) -> _Node:
        self.skip_ws()
        if self.peek() != "(":
            return self.leaf(role)
        if nesting >= _MAX_NESTING:
            self.fail(*self.here(), f"the {role} is nested too deeply")
        start = self.pos
        self.pos += 1
        children: list[_Node] = []
        self.skip_ws()
        if self.peek() == ")":
            self.pos += 1
            return _Node((), start, self.pos, ())
        while True:
            children.append(self.int_tuple(role, nesting + 1))
            self.skip_ws()
            if self.peek() == ",":
                self.pos += 1
                self.skip_ws()
                if self.at_end():
                    self.fail(self.pos, self.pos, f"expected ')' to close the {role} tuple")
                if self.peek() == ")":
                    self.fail(*self.here(), f"expected a {role} entry after ','")
                continue
            if self.peek() == ")":
                self.pos += 1
                break
            if self.at_end():
                self.fail(self.pos, self.pos, f"expected ')' to close the {role} tuple")
            self.fail(*self.here(), f"expected ',' or ')' in the {role} tuple, found {self.found()}")
        value = tuple(child.value for child in children)
        return _Node(value, start, self.pos, tuple(children))

    def leaf(self, role: str) -> _Node:
        start = self.pos
        c = self.peek()
        if c == "?":
            value: int | str = self.dynamic()
        elif c.isdigit() or (c == "-" and self.text[self.pos + 1 : self.pos + 2].isdigit()):
            value = self.integer()
        elif c == "_" and self.text[self.pos + 1 : self.pos + 2].isdigit():
            self.pos += 1
            value = self.integer()
        else:
            self.fail(*self.here(), f"expected an integer, '?' or '(' in the {role}, found {self.found()}")
        modes: list[int] = []
        while self.peek() == "@":
            self.pos += 1
            if not self.peek().isdigit():
                self.fail(*self.here(), f"expected a mode index after '@', found {self.found()}")
            modes.append(self.integer())
        if modes:
            # The text lists the basis path innermost first; store it outermost first.
            return _Node(ScaledBasis(value, tuple(reversed(modes))), start, self.pos, None)
        return _Node(value, start, self.pos, None)

    def integer(self) -> int:
        start = self.pos
        if self.peek() == "-":
            self.pos += 1
        digits_start = self.pos
        while self.peek().isdigit():
            self.pos += 1
        if self.pos == digits_start:
            self.fail(start, max(self.pos, start + 1), f"expected digits, found {self.found()}")
        if self.pos - digits_start > _MAX_DIGITS:
            self.fail(start, self.pos, "integer is too large")
        # str.isdigit accepts other Unicode digits that int() may reject or
        # interpret surprisingly; only ASCII digits are part of the grammar.
        literal = self.text[start : self.pos]
        if not literal.lstrip("-").isascii():
            self.fail(start, self.pos, f"invalid integer {literal!r}")
        return int(literal)

    def dynamic(self) -> str:
        self.pos += 1  # '?'
        if self.peek() != "{":
            return "?"
        open_brace = self.pos
        close = self.text.find("}", self.pos, self.limit)
        if close < 0:
            self.fail(open_brace, open_brace + 1, "expected '}' to close the dynamic value annotation")
        annotation = " ".join(self.text[open_brace + 1 : close].split())
        self.pos = close + 1
        return "?{" + annotation + "}"

    # --- semantic checks with precise spans ---------------------------------------

    def check_shape(self, node: _Node) -> None:
        if node.children is not None:
            for child in node.children:
                self.check_shape(child)
        elif is_int(node.value) and node.value <= 0:
            self.fail(node.start, node.end, f"shape extents must be positive, got {node.value}")

    def check_congruent(self, shape: _Node, stride: _Node) -> None:
        if shape.children is not None and stride.children is not None:
            if len(shape.children) != len(stride.children):
                self.fail(
                    stride.start,
                    stride.end,
                    "shape and stride have different ranks: "
                    f"{format_int_tuple(shape.value)} vs {format_int_tuple(stride.value)}",
                )
            for sub_shape, sub_stride in zip(shape.children, stride.children):
                self.check_congruent(sub_shape, sub_stride)
        elif not congruent(shape.value, stride.value):
            self.fail(
                stride.start,
                stride.end,
                "shape and stride are not congruent: "
                f"{format_int_tuple(shape.value)} vs {format_int_tuple(stride.value)}",
            )


_WRAPPED = re.compile(r"<\s*\"?(.*?)\"?\s*>\s*$")


def parse_written_layout(text: str) -> LayoutParse:
    """A layout written bare (`(4,32):(1,4)`) or wrapped as an attribute or type
    (`#cute.layout<"(4,32):(1,4)">`, `!cute.composed_layout<"S<3,4,3> o 0 o ...">`)."""
    m = _WRAPPED.search(text.strip())
    return parse_layout(m.group(1) if m else text)


def layout_rank(text: str | None) -> int | None:
    """The rank (top-level mode count) of a layout written bare or wrapped (`parse_written_layout`);
    None if unreadable."""
    if not text:
        return None
    parsed = parse_written_layout(text)
    if parsed.error is not None or parsed.value is None:
        return None
    value = parsed.value
    layout = value.outer if isinstance(value, ComposedLayout) else value
    if not isinstance(layout, Layout):
        return None
    return len(layout.shape) if isinstance(layout.shape, tuple) else 1
