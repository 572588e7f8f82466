"""The body of an `affine_map<...>` / `affine_set<...>` attribute, read as MLIR's affine parser
reads it, for the first mistake it reports.

The grammar keeps the body as a flat token list (it accepts every map and set); this module
walks those tokens with MLIR's affine grammar (mlir/lib/AsmParser/AffineParser.cpp):

    map  ::= dim-list symbol-list? `->` `(` (expr (`,` expr)*)? `)`
    set  ::= dim-list symbol-list? `:`  `(` (constraint (`,` constraint)*)? `)`
    dim-list ::= `(` (id (`,` id)*)? `)`        symbol-list ::= `[` (id (`,` id)*)? `]`
    constraint ::= expr (`>=` | `<=` | `==`) expr
    expr ::= term ((`+` | `-`) term)*           term ::= operand ((`*` | floordiv | ceildiv | mod) operand)*
    operand ::= id | integer | `(` expr `)` | `-` operand

and reports MLIR's own messages: missing operands, empty parentheses, undeclared or redefined
identifiers, a product of two dimensions or a division by one (non-affine), a broken list.
Only the first mistake is reported, as MLIR stops there; a negation whose operand is missing
adds MLIR's second message. Parentheses nest at most `MAX_DEPTH` deep here; deeper bodies are
not checked (no recursion over user-controlled depth).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..diagnostics import mlir_messages as M

MAX_DEPTH = 64

# MLIR's lexer, as far as affine bodies go: identifiers (bare ids may contain `$` and `.`),
# SSA names, integers, and the punctuation of the grammar above.
_TOKEN = re.compile(rb"""
    (?P<space>\s+)
  | (?P<int>0x[0-9a-fA-F]+|[0-9]+)
  | (?P<id>[A-Za-z_][A-Za-z0-9_$.]*)
  | (?P<ssa>%[A-Za-z0-9_$.\-]+)
  | (?P<punct>->|==|>=|<=|[()\[\],:+\-*<>=])
  | (?P<other>.)
""", re.VERBOSE | re.DOTALL)

_HIGH = {b"*", b"floordiv", b"ceildiv", b"mod"}

# What an expression is known to be, for MLIR's affine-ness rule ("one multiply operand, and
# the right operand of a division, must be a constant or symbolic"). MLIR folds as it builds
# (`d0 - d0` is 0), so only a definite dimension is held against an expression.
_CONSTANT, _SYMBOLIC, _DIM, _MAYBE_DIM = range(4)


@dataclass(frozen=True)
class AffineError:
    message: str
    start: int           # byte offsets relative to the body's start
    end: int
    also: tuple[str, ...] = ()    # further messages MLIR emits at the same place


@dataclass
class _Tok:
    kind: str
    text: bytes
    start: int
    end: int


class _Stop(Exception):
    def __init__(self, error: AffineError | None) -> None:   # None: stop without a verdict
        self.error = error


@dataclass
class _Parser:
    tokens: list[_Tok]
    pos: int = 0
    names: dict[bytes, int] = field(default_factory=dict)   # id -> _DIM or _SYMBOLIC
    depth: int = 0

    # ------------------------------------------------------------------ tokens
    @property
    def tok(self) -> _Tok:
        return self.tokens[self.pos]

    def is_(self, text: bytes) -> bool:
        return self.tok.text == text and self.tok.kind in ("punct", "id")

    def take(self) -> _Tok:
        tok = self.tok
        if tok.kind != "eof":
            self.pos += 1
        return tok

    def fail(self, message: str, also: tuple[str, ...] = ()) -> _Stop:
        tok = self.tok
        return _Stop(AffineError(message, tok.start, max(tok.end, tok.start + 1), also))

    def expect(self, text: bytes, message: str) -> None:
        """MLIR's parseToken: a wrong token's error stands where emitWrongTokenError puts it,
        right after the token before it (backed up over the blanks; the body's start stands
        for the `<` before it), or at the wrong token when nothing lies between them."""
        if not self.is_(text):
            before = self.tokens[self.pos - 1].end if self.pos else 0
            if self.tok.start > before:
                raise _Stop(AffineError(message, before, before))
            raise self.fail(message)
        self.take()

    def is_identifier(self) -> bool:
        return self.tok.kind == "id"

    # ------------------------------------------------------------------ lists
    def comma_list(self, open_: bytes, close: bytes, context: str, element) -> None:
        """MLIR's parseCommaSeparatedList: `open (element (`,` element)*)? close`."""
        self.expect(open_, M.AFFINE_EXPECTED_IN_LIST.format(open_.decode(), context))
        if self.is_(close):
            self.take()
            return
        element()
        while self.is_(b","):
            self.take()
            element()
        self.expect(close, M.AFFINE_EXPECTED_IN_LIST.format(close.decode(), context))

    def definition(self, kind: int) -> None:
        if not self.is_identifier():
            raise self.fail(M.AFFINE_EXPECTED_IDENTIFIER)
        name = self.tok.text
        if name in self.names:
            raise self.fail(M.AFFINE_REDEFINITION.format(name.decode("utf-8", "replace")))
        self.names[name] = kind
        self.take()

    # ------------------------------------------------------------------ expressions
    # An expression is (kind, value): its kind above and, for a constant, its value when known.
    def operand(self, has_lhs: bool) -> tuple[int, int | None]:
        negations = 0
        while self.is_(b"-"):            # `- - x`: a loop, not a recursion
            self.take()
            negations += 1
        try:
            kind, value = self.primary(has_lhs)
        except _Stop as stop:
            if negations and stop.error is not None:
                raise _Stop(AffineError(stop.error.message, stop.error.start, stop.error.end,
                                        stop.error.also + (M.AFFINE_MISSING_NEGATED,))) from None
            raise
        if value is not None and negations % 2:
            value = -value
        return kind, value

    def primary(self, has_lhs: bool) -> tuple[int, int | None]:
        tok = self.tok
        if tok.kind == "int":
            self.take()
            return _CONSTANT, int(tok.text, 0)
        if tok.kind == "id":
            if tok.text not in self.names:
                raise self.fail(M.AFFINE_UNDECLARED)
            self.take()
            return self.names[tok.text], None
        if tok.kind == "ssa":
            raise self.fail(M.AFFINE_UNEXPECTED_SSA)
        if self.is_(b"("):
            if self.depth >= MAX_DEPTH:
                raise _Stop(None)   # too deep to check here
            self.take()
            if self.is_(b")"):
                raise self.fail(M.AFFINE_EMPTY_PARENTHESES)
            self.depth += 1
            result = self.expression()
            self.depth -= 1
            self.expect(b")", M.EXPECTED_TOKEN.format(")"))
            return result
        if self.is_(b"+") or self.is_(b"*"):
            raise self.fail(M.AFFINE_MISSING_RIGHT_OPERAND if has_lhs else M.AFFINE_MISSING_LEFT_OPERAND)
        raise self.fail(M.AFFINE_MISSING_RIGHT_OPERAND if has_lhs else M.AFFINE_EXPECTED_EXPRESSION)

    def term(self, has_lhs: bool) -> tuple[int, int | None]:
        lhs = self.operand(has_lhs)
        while self.tok.text in _HIGH and self.tok.kind in ("punct", "id"):
            op = self.take()
            lhs = _high(op, lhs, self.operand(True))
        return lhs

    def expression(self) -> tuple[int, int | None]:
        lhs = self.term(False)
        while self.is_(b"+") or self.is_(b"-"):
            sign = -1 if self.take().text == b"-" else 1
            rhs = self.term(True)
            if lhs[0] == _CONSTANT and rhs[0] == _CONSTANT:
                value = None if None in (lhs[1], rhs[1]) else lhs[1] + sign * rhs[1]
                lhs = (_CONSTANT, value)
            elif {lhs[0], rhs[0]} <= {_DIM, _MAYBE_DIM}:
                lhs = (_MAYBE_DIM, None)        # `d0 - d0` folds to 0
            else:
                lhs = (max(lhs[0], rhs[0]), None)
        return lhs

    def constraint(self) -> None:
        self.expression()
        for first, second in ((b">", b"="), (b"<", b"="), (b"=", b"=")):
            combined = first + second
            if self.is_(combined):
                self.take()
                self.expression()
                return
            if self.is_(first) and self.tokens[self.pos + 1].text == second:
                self.take()
                self.take()
                self.expression()
                return
        raise self.fail(M.AFFINE_EXPECTED_CONSTRAINT_END)

    # ------------------------------------------------------------------ the body
    def body(self) -> None:
        self.comma_list(b"(", b")", "dimensional identifier list", lambda: self.definition(_DIM))
        if self.is_(b"["):
            self.comma_list(b"[", b"]", "symbol list", lambda: self.definition(_SYMBOLIC))
        if self.is_(b"->"):
            self.take()
            self.comma_list(b"(", b")", "affine map range", self.expression)
            return
        self.expect(b":", M.AFFINE_EXPECTED_ARROW_OR_COLON)
        self.comma_list(b"(", b")", "integer set constraint list", self.constraint)


def _high(op: _Tok, lhs: tuple[int, int | None], rhs: tuple[int, int | None]) -> tuple[int, int | None]:
    """`lhs op rhs` for `*`, floordiv, ceildiv, mod, with MLIR's affine-ness rule and the folds
    that make a dimension vanish (`d0 * 0`, `d0 mod 1`)."""
    (lk, lv), (rk, rv) = lhs, rhs
    if op.text == b"*":
        if lk == _DIM and rk == _DIM:
            raise _Stop(AffineError(M.AFFINE_NON_AFFINE_PRODUCT, op.start, op.end))
        if lv == 0 or rv == 0:
            return _CONSTANT, 0
        if lk == rk == _CONSTANT:
            return _CONSTANT, None if None in (lv, rv) else lv * rv
        return max(lk, rk), None
    if rk == _DIM:
        raise _Stop(AffineError(M.AFFINE_NON_AFFINE_DIVISOR.format(op.text.decode()), op.start, op.end))
    if op.text == b"mod" and rv == 1:
        return _CONSTANT, 0
    if lk == rk == _CONSTANT:
        return _CONSTANT, None
    return max(lk, rk), None


def _tokens(body: bytes) -> list[_Tok] | None:
    out = []
    for m in _TOKEN.finditer(body):
        kind = m.lastgroup
        if kind == "space":
            continue
        if kind == "other":
            return None     # a character MLIR's lexer rejects is reported as such elsewhere
        out.append(_Tok(kind, m.group(), m.start(), m.end()))
    out.append(_Tok("eof", b"", len(body), len(body)))
    return out


def _read(body: bytes) -> tuple[_Parser | None, AffineError | None]:
    """MLIR's affine parser over `body`: the parser where a complete map or set ends, or the
    first mistake it reports (neither when a character of it is no token)."""
    tokens = _tokens(body)
    if tokens is None:
        return None, None
    parser = _Parser(tokens)
    try:
        parser.body()
    except _Stop as stop:
        return None, stop.error
    return parser, None


def check_affine_body(body: bytes) -> AffineError | None:
    """The first mistake MLIR's affine parser reports in `body` (the text between the `<` and
    `>` of `affine_map<...>` or `affine_set<...>`), or None. Text after a complete map or set
    is left to the attribute's own parse."""
    return _read(body)[1]


def after_complete_body(body: bytes) -> AffineError | None:
    """Where a body MLIR's affine parser reads whole is followed by a token that is no `>`
    (`(d0) -> (d0))`): the attribute parser's `expected '>'` stands there (placed as
    emitWrongTokenError places it), with the words of a map's (the caller's words for a set's).
    None when the body has a mistake of its own (`check_affine_body`), or nothing follows it."""
    parser = _read(body)[0]
    if parser is None or parser.tok.kind == "eof" or parser.is_(b">"):
        return None
    try:
        parser.expect(b">", M.AFFINE_MAP_CLOSE)
    except _Stop as stop:
        return stop.error
    return None
