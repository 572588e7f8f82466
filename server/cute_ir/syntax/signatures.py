"""A function's signature read as MLIR's function parser reads it (FunctionImplementation.cpp:
`parseFunctionSignatureWithArguments`, which `func.func`, `llvm.func` and `gpu.func` call after
their symbol), in mlir-opt 22's words and columns.

The grammar keeps the signature as flat token lists: the symbol, a parenthesised group of
arguments, and after `->` one type or a parenthesised group of types. Read here:

- the `(` after the symbol (`parseCommaSeparatedList`: "expected '('");
- each argument: `%name : type`, then an optional attribute dictionary and `loc(...)`, or a bare
  type with the same optional parts; all named or none, the first argument deciding
  (`custom op 'func.func' expected SSA identifier` where a name is missing, `custom op
  'func.func' expected type instead of SSA identifier` where one is written after bare types),
  `...` only where the op takes variadic arguments (`llvm.func`); a missing `:` ("expected
  ':'"), a missing type ("expected non-function type"), and anything else after an argument
  ("expected ')'");
- the results after `->`: one type, or types with optional attribute dictionaries in
  parentheses;
- for `func.func`, what follows: `attributes {...}` and the body are optional, so a token after
  the signature that is neither ends the op, and MLIR reads it as the start of the next op
  (`expected operation name in quotes`; a word at the file's top level is looked up as an op of
  `builtin`, the module's default dialect).

Errors about a token that is not what the parser expects are placed as
`Parser::emitWrongTokenError` places them (`wrong_token_span`); the custom parser's own
`emitError`s at the token. Only what is surely wrong is reported: a token the grammar may have
split off a type (a bracketed group) ends the reading silently.
"""
from __future__ import annotations

from tree_sitter import Node

from ..diagnostics import Diagnostic, Severity, Source, Span
from ..diagnostics.mlir_messages import (CUSTOM_OP, EXPECTED_ARGUMENT_NAME, EXPECTED_ARGUMENT_TYPE,
                                         EXPECTED_COLON, EXPECTED_TOKEN, EXPECTED_TYPE)
from ..tables.op_names import BUILTIN_OPS, next_op_message
from .cst import TYPE_KINDS, next_op_start, wrong_token_span

# Tokens no type starts with (MLIR's type parser says `expected non-function type` there).
_NOT_TYPES = frozenset({",", ":", "->", "=", "value_use", "integer", "float", "string", "keyword", "bare_id",
                        "symbol_ref", ")", "region", "attribute_dict", "location", "..."})
# Words that start a type the grammar did not read as one (`complex memref<...>>`): the type
# parser's own words are errors.py's to say.
TYPE_WORDS = frozenset({b"complex", b"tuple", b"vector", b"memref", b"tensor"})
# Tokens that surely continue no argument or result (a bracketed group might be part of a type
# the grammar split): after one, MLIR's list wants its `,` or `)`.
_NOT_CONTINUING = (_NOT_TYPES | TYPE_KINDS) - {",", ")"}
# The ops whose signature is read here: whether they take variadic arguments (`...`).
VARIADIC = {"func.func": False, "func": False, "gpu.func": False, "llvm.func": True}


class _Found(Exception):
    def __init__(self, span: Span, message: str, code: str = "syntax.arguments") -> None:
        super().__init__(message)
        self.span, self.message, self.code = span, message, code


class _Unsure(Exception):
    """The text is not what this reading knows: nothing is concluded."""


def signature_mistake(op: Node, body: Node, name: str) -> Diagnostic | None:
    """The first mistake MLIR's function parser meets in the signature of `op` (custom body
    `body`, op name `name`), or None."""
    if body.has_error:
        return None
    items = [c for c in body.children if not c.is_extra]
    # (before the symbol: `func.func`'s visibility; `llvm.func`'s linkage, visibility, ...)
    at = next((i for i, item in enumerate(items) if item.type != "keyword"), len(items))
    if at >= len(items) or items[at].type != "symbol_ref" or (name == "func.func" and at > 1):
        return None         # (a name without `@` is errors.py's `syntax.symbol-name`)
    try:
        at = _signature(items, at, name)
        if name == "func.func":
            _after_signature(op, items, at)
    except _Found as found:
        return Diagnostic(found.code, found.span, Severity.ERROR, Source.SYNTAX, found.message)
    except _Unsure:
        return None
    return None


def _signature(items: list[Node], at: int, name: str) -> int:
    """Read from the symbol at `at`: the arguments and the results; where the reading ends."""
    symbol = items[at]
    arguments = items[at + 1] if at + 1 < len(items) else None
    if arguments is None or arguments.type == "function_type":
        raise _Unsure
    if arguments.type != "paren_group":
        raise _Found(wrong_token_span(symbol, arguments), EXPECTED_TOKEN.format("("))
    _arguments(arguments, name)
    at += 2
    if at < len(items) and items[at].type == "->":
        _results(items, at)
        at += 2
    return at


def _group(node: Node) -> list[Node]:
    """A parenthesised group's items, its brackets included; unsure of one left open."""
    items = [c for c in node.children if not c.is_extra]
    if len(items) < 2 or items[-1].type != ")" or items[-1].is_missing:
        raise _Unsure
    return items


def _type_at(items: list[Node], at: int) -> int:
    """A type at `at` (after `items[at - 1]`); after it."""
    node = items[at]
    if node.type in TYPE_KINDS and node.type != "function_type":
        return at + 1
    if node.type in _NOT_TYPES and not (node.type == "keyword" and node.text in TYPE_WORDS):
        raise _Found(wrong_token_span(items[at - 1], node), EXPECTED_TYPE,
                     "syntax.arguments" if node.type == "..." else "syntax.expected-type")
    raise _Unsure


def _optional(items: list[Node], at: int, kinds: tuple[str, ...]) -> int:
    """Past the optional parts of `kinds`, in that order, each there or not."""
    for kind in kinds:
        if items[at].type == kind:
            at += 1
    return at


def _separator(items: list[Node], at: int) -> bool:
    """After a list's element: True at a `,`, False at the closing `)`; else `expected ')'`."""
    node = items[at]
    if node.type == ",":
        return True
    if at == len(items) - 1:
        return False
    if node.type in _NOT_CONTINUING:
        raise _Found(wrong_token_span(items[at - 1], node), EXPECTED_TOKEN.format(")"))
    raise _Unsure


def _arguments(group: Node, name: str) -> None:
    """`parseFunctionArgumentList`: `(%a: t {attrs} loc(...), ...)` or `(t {attrs}, ...)`."""
    items = _group(group)
    if len(items) == 2:
        return
    at, named, variadic = 1, None, False
    while True:
        node = items[at]
        if variadic:
            raise _Unsure       # (an argument after `...`: a message of its own, not read here)
        if node.type == "..." and VARIADIC.get(name):
            variadic, at = True, at + 1
        elif node.type == "value_use":
            if b"#" in (node.text or b""):
                raise _Unsure
            if items[at + 1].type != ":":
                if items[at + 1].type not in _NOT_CONTINUING | {",", ")"}:
                    raise _Unsure       # (`::`, a colon the grammar read with what follows)
                raise _Found(wrong_token_span(node, items[at + 1]), EXPECTED_COLON)
            at = _optional(items, _type_at(items, at + 2), ("attribute_dict", "location"))
            if named is False:
                raise _Found(Span(node.start_byte, node.end_byte), CUSTOM_OP.format(name, EXPECTED_ARGUMENT_TYPE))
            named = True
        else:
            if named:
                raise _Found(Span(node.start_byte, node.end_byte), CUSTOM_OP.format(name, EXPECTED_ARGUMENT_NAME))
            at = _optional(items, _type_at(items, at), ("attribute_dict", "location"))
            named = False
        if not _separator(items, at):
            return
        at += 1


def _results(items: list[Node], arrow: int) -> None:
    """`parseFunctionResultList` after the `->` at `arrow`: a type, or `(t {attrs}, ...)`."""
    if arrow + 1 >= len(items):
        raise _Unsure           # (the next token lies past the op: not in this reading's reach)
    node = items[arrow + 1]
    if node.type != "paren_group":
        _type_at(items, arrow + 1)
        return
    listed = _group(node)
    if len(listed) == 2:
        return
    at = 1
    while True:
        at = _optional(listed, _type_at(listed, at), ("attribute_dict",))
        if not _separator(listed, at):
            return
        at += 1


def _after_signature(op: Node, items: list[Node], at: int) -> None:
    """`func.func` after its signature: `attributes {...}` and the body, each optional; a token
    after the signature that neither starts ends the op, and starts the next one."""
    if at < len(items) and items[at].type == "keyword" and items[at].text == b"attributes":
        if at + 1 >= len(items) or items[at + 1].type not in ("attribute_dict", "region"):
            raise _Unsure
        at += 2
    if at >= len(items) or items[at].type in ("region", "location"):
        return
    found = next_op_start(items[at - 1], items[at])
    if found is None:
        raise _Unsure   # (a body the grammar read as braces, a result's name, a generic op, ...)
    # (a file's top level is an implicit module's body; inside another op the words of its
    # default dialect are ops this reading does not know)
    parent = "builtin.module" if op.parent is not None and op.parent.type == "source_file" else None
    judged = next_op_message(*found, parent, BUILTIN_OPS.__contains__)
    if judged is None:
        raise _Unsure
    raise _Found(judged[1], judged[0], "syntax.op-format")
