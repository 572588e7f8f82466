"""The literal of a `dense<...>` attribute, read as MLIR's tensor literal parser reads it.

The grammar keeps the body as nested bracket groups of tokens. MLIR's literal-first syntax
(`dense<[1, 2]> : tensor<2xi32>`, mlir/lib/AsmParser/AttributeParser.cpp, TensorLiteralParser)
takes, at every position, a list `[...]` of elements, or one element: an integer, a float, a
boolean, a string (hex data), a special float (`+inf`, `-qnan`, `+nan(0x1)`), or a complex
number `(re, im)` of two such scalars. The first thing that is none of these is reported in
MLIR's words. In the type-first syntax (`dense<tensor<3xi32> : [1 : i32, 2 : i32]>`) the elements
are any attributes; there only an element that starts with a bare word no attribute starts with
is reported ("expected attribute value", as `parseAttribute` says). Lists are walked with an
explicit stack, so nesting depth costs no recursion.
"""
from __future__ import annotations

import re
from functools import cache

from tree_sitter import Node

from ..diagnostics.mlir_messages import EXPECTED_ATTRIBUTE_VALUE, EXPECTED_COMPLEX_COMMA, EXPECTED_ELEMENT_LITERAL

# Shaped types: a `dense<` that starts with one is the type-first form.
_SHAPED = frozenset({"tensor_type", "vector_type", "memref_type"})
_SCALARS = frozenset({"integer", "float", "boolean", "string"})
_HEX = b"0x"     # `0x7FC00000`: a hex integer, which the grammar may read as a `shape` token
_SPECIAL_FLOATS = frozenset({b"inf", b"nan", b"qnan", b"snan"})
_SIGNS = frozenset({"+", "-"})

# The common shapes of a literal, a scalar or a list of lists of numbers and booleans, matched on
# the text alone: a minified constant of a million elements is read in one regular-expression
# pass instead of a node per element. Everything the pattern takes the node walk below takes
# too (the grammar's integer, float and boolean tokens, a sign stuck to them); anything else
# (a comment, complex numbers, strings, deeper lists) goes to the node walk.
# Possessive quantifiers and atomic groups: nothing is ever given back, which keeps the match
# at one pass (0.08 s for 5 MB; the backtracking form took 0.45 s).
_NUMBER = rb"(?>0x[0-9a-fA-F]++|[-+]?+[0-9]++(?:\.[0-9]*+(?:[eE][-+]?+[0-9]++)?+)?+|true|false)"
_FLAT = rb"\[\s*+(?:" + _NUMBER + rb"(?:\s*+,\s*+" + _NUMBER + rb")*+)?+\s*+\]"
_NESTED = rb"\[\s*+(?:" + _FLAT + rb"(?:\s*+,\s*+" + _FLAT + rb")*+)?+\s*+\]"


@cache
def _plain_literal() -> re.Pattern[bytes]:
    """The pattern of those shapes, compiled when first used: about 4 ms, on the path of a large
    document's first publish (features/leading.py), which may hold no `dense<...>`."""
    return re.compile(rb"\s*+(?:" + _NUMBER + rb"|" + _FLAT + rb"|" + _NESTED + rb")\s*+")


# The bare words an attribute may start with (MLIR's Parser::parseAttribute, and the builtin
# types, which are attributes too, when the grammar reads them as words).
_ATTRIBUTE_WORDS = frozenset({
    b"true", b"false", b"unit", b"dense", b"dense_resource", b"array", b"affine_map",
    b"affine_set", b"sparse", b"strided", b"distinct", b"loc", b"index", b"none",
})


def _segments(group: Node) -> list[list[Node]]:
    """The comma-separated items of a bracket group, without the brackets, commas and comments."""
    out: list[list[Node]] = [[]]
    for child in group.children[1:-1]:
        if child.is_extra:
            continue
        if child.type == ",":
            out.append([])
        else:
            out[-1].append(child)
    return out


def _scalar_problem(items: list[Node], close: Node) -> Node | None:
    """The node where `items` stops being one scalar element, or None if it is one."""
    if not items:
        return close
    rest = items[1:] if items[0].type in _SIGNS else items
    if not rest:
        return close
    first = rest[0]
    if len(rest) == 1 and (first.type in _SCALARS or (first.type == "shape" and first.text.startswith(_HEX))):
        return None
    if first.type == "keyword" and first.text in _SPECIAL_FLOATS:
        # `nan(0x1)`: a payload after the name
        if len(rest) == 1 or (len(rest) == 2 and rest[1].type == "parameter_group"):
            return None
        return rest[2] if len(rest) > 2 else rest[1]
    return first


def check_dense_literal(parameters: Node) -> tuple[Node, str] | None:
    """(where, message) of the first mistake in the literal of `dense<...>` (its
    `type_parameters` node), or None."""
    named = parameters.named_children
    if not named:
        return None     # `dense<>`
    if named[0].type in _SHAPED:
        return _typed_list_problem(parameters)
    if _plain_literal().fullmatch(parameters.text or b"", 1, len(parameters.text or b"") - 1):
        return None
    # The body is one element or one list; a top-level list may hold lists.
    stack: list[tuple[list[Node], Node]] = [(parameters.children[1:-1], parameters.children[-1])]
    while stack:
        items, close = stack.pop()
        if len(items) == 1 and items[0].type == "parameter_list":
            group = items[0]
            segments = _segments(group)
            if segments == [[]]:
                continue    # `[]`
            for segment in reversed(segments):
                stack.append((segment, group.children[-1]))
            continue
        if len(items) == 1 and items[0].type == "parameter_group":
            problem = _complex_problem(items[0])
            if problem is not None:
                return problem
            continue
        where = _scalar_problem(items, close)
        if where is not None:
            return where, EXPECTED_ELEMENT_LITERAL
    return None


def _complex_problem(group: Node) -> tuple[Node, str] | None:
    close = group.children[-1]
    parts = _segments(group)
    if len(parts) == 1 and parts[0]:
        where = _scalar_problem(parts[0], close)
        return (where, EXPECTED_ELEMENT_LITERAL) if where is not None else (close, EXPECTED_COMPLEX_COMMA)
    for part in parts:
        where = _scalar_problem(part, close)
        if where is not None:
            return where, EXPECTED_ELEMENT_LITERAL
    return None


def _typed_list_problem(parameters: Node) -> tuple[Node, str] | None:
    """The type-first form `dense<tensor<3xi32> : [...]>`: an element that starts with a bare
    word no attribute starts with (`[foo]`)."""
    lists = [c for c in parameters.named_children if c.type == "parameter_list"]
    stack = lists[:1]
    while stack:
        for segment in _segments(stack.pop()):
            if not segment:
                continue
            first = segment[0]
            if first.type == "parameter_list":
                stack.append(first)
            elif first.type == "keyword" and first.text not in _ATTRIBUTE_WORDS:
                return first, EXPECTED_ATTRIBUTE_VALUE
    return None
