"""Mistakes against the assembly format of a few core ops, in MLIR's words.

A custom op body is a flat token list for the grammar; what it must hold is the op's own
format, which cute-ir knows for these ops only:

- `arith.constant` (`attr-dict $value`, the value typed with `: type`): its value must be there;
- `memref.global` (`($sym_visibility)? (constant)? $sym_name : type (= initial)?`): what may
  stand before its symbol;
- `memref.view` (`$source [ $byte_shift ] [ $sizes ] attr-dict : type to type`): the byte
  shift operand its first brackets must hold;
- `affine.load` / `affine.store` (`$memref [ indices ] ...`, `$value , $memref [ indices ] ...`):
  the brackets after the memref (AffineOps.cpp, "expected '['");
- `cf.switch` (`$flag : type , [ default : ^bb(...) , case : ^bb(...) , ... ]`): `default`
  first, an integer value for each case after it, a comma between cases (ControlFlowOps.cpp's
  case list: "expected 'default'", "expected integer value", "expected ']'");
- the binary ops of `arith` (`$lhs, $rhs attr-dict : type($result)`, and for the extended
  ones `: type, type`): their two SSA operands, then the colon. Formats from
  mlir/include/mlir/Dialect/Arith/IR/ArithOps.td and MemRefOps.td; the messages are those of MLIR's op parser
  (`parseOperand`: "expected SSA operand"; `parseComma`, `parseColon`: "expected ','",
  "expected ':'").
"""
from __future__ import annotations

from tree_sitter import Node

from ..diagnostics import Diagnostic, Severity, Source, Span
from .cst import wrong_token_span
from ..diagnostics.mlir_messages import (EXPECTED_ATTRIBUTE_VALUE, EXPECTED_COLON, EXPECTED_COMMA,
                                         EXPECTED_DEFAULT, EXPECTED_INTEGER_VALUE, EXPECTED_LSQUARE,
                                         EXPECTED_OPERATION_NAME, EXPECTED_RSQUARE,
                                         EXPECTED_SSA_OPERAND, EXPECTED_SYMBOL_NAME, EXPECTED_TYPE)

SCALAR_TYPE_NODES = frozenset({"integer_type", "float_type", "index_type", "none_type"})
_LITERALS = frozenset({"integer", "float", "boolean"})

# `$lhs, $rhs attr-dict : type`: arith's binary ops (ArithOps.td, Arith_BinaryOp and the
# extended-result ops, whose format is the same up to the colon).
BINARY_ARITH_OPS = frozenset(f"arith.{name}" for name in (
    "addf", "addi", "subf", "subi", "mulf", "muli", "divf", "divsi", "divui", "ceildivsi",
    "ceildivui", "floordivsi", "remf", "remsi", "remui", "andi", "ori", "xori", "shli", "shrsi",
    "shrui", "maximumf", "minimumf", "maxnumf", "minnumf", "maxsi", "maxui", "minsi", "minui",
    "addui_extended", "mulsi_extended", "mului_extended",
))


def _items(body: Node) -> list[Node]:
    return [c for c in body.children if not c.is_extra]


def _brackets_after(position: int):
    """The check that the item at `position` of the body (after the memref) opens the index brackets."""
    def check(body: Node) -> Diagnostic | None:
        items = _items(body)
        if len(items) <= position or items[position].type == "bracket_group":
            return None
        expected = ("value_use",) if position == 1 else ("value_use", ",", "value_use")
        if tuple(i.type for i in items[:position]) != expected:
            return None
        return _error(items[position], EXPECTED_LSQUARE, 1)
    return check


def _switch_cases(body: Node) -> Diagnostic | None:
    """`cf.switch`'s case list: `default` (first) or an integer (after it), `:`, a successor
    with its operands, and then `,` or the closing `]`. The parser stops at the first token
    that is not what it reads there (parseKeyword, parseInteger: that token is reported)."""
    cases = next((c for c in _items(body) if c.type == "bracket_group"), None)
    if cases is None or cases.children[-1].type != "]":
        return None
    entries = [c for c in cases.children[1:-1] if not c.is_extra]
    position = 0
    while position < len(entries):
        value = entries[position]
        if position == 0 and not (value.type == "keyword" and value.text == b"default"):
            return _error(value, EXPECTED_DEFAULT)
        if position > 0 and value.type != "integer":
            return _error(value, EXPECTED_INTEGER_VALUE)
        case = entries[position:position + 3]
        if len(case) < 3 or case[1].type != ":" or case[2].type != "successor":
            return None          # not a case as this check knows it: leave it to the op's parser
        position += 3
        if position < len(entries) and entries[position].type == "paren_group":
            position += 1        # the successor's operands
        if position == len(entries):
            return None
        if entries[position].type != ",":
            return _wrong_token(entries[position - 1], entries[position], EXPECTED_RSQUARE)
        position += 1
    return None


def _view_shift(body: Node) -> Diagnostic | None:
    """`memref.view %buf[%shift][%sizes]`: the first brackets hold the byte shift, one SSA value."""
    items = [c for c in body.children if not c.is_extra]
    if len(items) < 2 or items[0].type != "value_use" or items[1].type != "bracket_group":
        return None
    shift = items[1]
    if shift.named_child_count == 0 and shift.children[-1].type == "]":
        return _error(shift.children[-1], EXPECTED_SSA_OPERAND)
    return None


def _global_prefix(body: Node) -> Diagnostic | None:
    """`memref.global "private" constant @g : ...`: before the symbol at most a visibility string,
    then the `constant` keyword, in that order (MLIR's parseSymbolName fails on anything else)."""
    allowed = ["string", "constant"]
    for item in body.children:
        if item.is_extra:
            continue
        if item.type == "symbol_ref":
            return None
        kind = "constant" if item.type == "keyword" and item.text == b"constant" else item.type
        if kind in allowed:
            del allowed[:allowed.index(kind) + 1]
            continue
        return _error(item, EXPECTED_SYMBOL_NAME)
    return None


def _wrong_token(previous: Node, token: Node, message: str) -> Diagnostic:
    if token.type.endswith("_group") and token.child_count:
        token = token.children[0]        # (a bracketed group's wrong token is its opening bracket)
    return Diagnostic("syntax.op-format", wrong_token_span(previous, token), Severity.ERROR, Source.SYNTAX, message)


def _error(node: Node, message: str, width: int | None = None) -> Diagnostic:
    end = node.end_byte if width is None else node.start_byte + width
    return Diagnostic("syntax.op-format", Span(node.start_byte, end), Severity.ERROR, Source.SYNTAX, message)


def left_open(body: Node) -> bool:
    """Whether a custom body holds a syntax error or a bracket left open: the grammar reports
    that, and a check of the op's format says nothing more of the body."""
    return body.has_error or any(c.child_count and c.children[-1].type not in (")", "]", ">", "}")
                                 for c in body.children if c.type.endswith("_group"))


def _broken(item: Node) -> bool:
    """Whether an item of a custom body holds a syntax error or is a bracket left open."""
    return item.type == "ERROR" or item.has_error or (
        item.type.endswith("_group") and item.child_count > 0 and item.children[-1].type not in (")", "]", ">", "}"))


def _binary_operands(body: Node) -> Diagnostic | None:
    """`%a, %b {attrs} : type`: two operands with a comma between them; a third operand where
    the flags (`fastmath<...>`, `overflow<...>`), attribute dictionary or colon go is reported
    at its comma. A body with a bracket left open is the grammar's to report, unless the
    operands go wrong before it: `arith.addi(%a, %b : i32` gets "expected SSA operand" at the
    `(`, where MLIR's parser stops (the unclosed `(` is not reported beside it)."""
    items = [c for c in body.children if not c.is_extra]
    name = body.parent.child_by_field_name("name") if body.parent is not None else None
    expected = (("value_use", EXPECTED_SSA_OPERAND), (",", EXPECTED_COMMA), ("value_use", EXPECTED_SSA_OPERAND))
    for position, (kind, message) in enumerate(expected):
        if position >= len(items):
            return None          # cut short: the grammar reports the op left unfinished
        if items[position].type != kind:
            if any(_broken(item) for item in items[:position]):
                return None
            previous = items[position - 1] if position else name
            return _wrong_token(previous, items[position], message) if previous is not None \
                else _error(items[position], message, 1)
    if any(_broken(item) for item in items[:3]):
        return None
    after = items[3] if len(items) > 3 else None
    if after is not None and after.type in (",", "value_use"):
        return _wrong_token(items[2], after, EXPECTED_COLON)
    return None


def missing_constant_value(name: Node) -> Diagnostic:
    """`%c = arith.constant` with nothing after the name: MLIR's parser wants the value there and
    reports it right after the name (it backs an error up to the end of the previous token when
    the next one is on a later line)."""
    return Diagnostic("syntax.op-format", Span(name.end_byte, name.end_byte), Severity.ERROR, Source.SYNTAX,
                      EXPECTED_ATTRIBUTE_VALUE)


def _constant_then_type(body: Node) -> Diagnostic | None:
    """`arith.constant`'s format is `attr-dict $value`, the value typed with `: type`. A type
    right after the value is not part of the op: MLIR's parser reads it as the start of the
    next op, and a type token cannot start one. After the colon a type must follow."""
    children = body.children
    for value, after in zip(children, children[1:]):
        if value.type in _LITERALS and after.type in SCALAR_TYPE_NODES:
            return _error(after, EXPECTED_OPERATION_NAME)
    # `: <...>`: after the value's colon MLIR parses a type, and `<` starts none.
    for value, colon, after in zip(children, children[1:], children[2:]):
        if (value.type in _LITERALS or value.type == "builtin_attribute") and colon.type == ":" \
                and after.type == "angle_group":
            return _error(after, EXPECTED_TYPE, 1)
    return None


# The ops whose custom body is checked here, by name: the first mistake in the body, or None.
FORMAT_CHECKS = {
    "arith.constant": _constant_then_type,
    "memref.global": _global_prefix,
    "memref.view": _view_shift,
    "affine.load": _brackets_after(1),
    "affine.store": _brackets_after(3),
    "cf.switch": _switch_cases,
    **{name: _binary_operands for name in sorted(BINARY_ARITH_OPS)},
}
