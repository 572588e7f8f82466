"""The affine dialect's own parsers (mlir/lib/Dialect/Affine/IR/AffineOps.cpp, MLIR 22), as
callables on the ops' records: `affine.for`'s bounds and step (parseBound, AffineForOp::parse)
and `affine.if`'s condition (AffineIfOp::parse). A bound or condition written through an
attribute alias (`#map1(%N)`) is read through it (dialects/lookup.Lookup.alias).

Each takes what the text says of one op (ir/ssa.OpSite) and returns None or a `Placed`
message: the parser's own words where it stops, as MLIR reports the first and no more. What
the text does not say (an undefined alias, a bound this reading does not know) is not judged.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from ..diagnostics import Span
from ..diagnostics.mlir_messages import (AFFINE_OPS as M, CUSTOM_OP, EXPECTED_ATTRIBUTE_VALUE,
                                         EXPECTED_NUMBER_AFTER_MINUS)
from ..syntax.attribute_values import check_index_value
from ..text.brackets import top_level_parameters
from .ods import Trait
from .op_checks import Placed, _body, square_operand_list, unaliased

# `affine_map<(d0, d1)[s0] -> (...)>` / `affine_set<(d0)[s0] : (...)>`: the dimension and
# symbol lists, and what follows the arrow or colon.
_SHAPE = re.compile(r"^affine_(map|set)<\s*\(([^()]*)\)\s*(?:\[([^\[\]]*)\])?\s*(?:->|:)\s*\((.*)\)\s*>$", re.S)

# Which bound a prefix belongs to: the lower bound's `max`, the upper's `min`.
_PREFIX = {True: b"max", False: b"min"}
_MULTIPLE_RESULTS = {True: "lower_max", False: "upper_min"}


def _span(node: Any) -> Span:
    return Span(node.start_byte, node.end_byte)


def _shape(site: Any, node: Any) -> tuple[str, int, int, int] | None:
    """("map" or "set", dimensions, symbols, results or constraints) of a map or set written out
    or through an alias; None when the text does not say."""
    text = (node.text or b"").decode("utf-8", "replace").strip()
    if node.type == "attribute_alias":
        text = unaliased(site, text) or ""
    match = _SHAPE.match(text.strip())
    if match is None:
        return None
    dims, symbols = (len([n for n in (group or "").split(",") if n.strip()]) for group in match.group(2, 3))
    results = len(top_level_parameters(match.group(4))) if match.group(4).strip() else 0
    return match.group(1), dims, symbols, results


def _operands(items: list, at: int) -> tuple[int, int, int] | None:
    """The `(dims)[symbols]` lists at `at`: (dimension operands, symbol operands, the index after
    them); None without the parenthesised list."""
    if at >= len(items) or items[at].type != "paren_group":
        return None
    dims = sum(1 for c in items[at].named_children if c.type == "value_use")
    symbols = 0
    if at + 1 < len(items) and items[at + 1].type == "bracket_group":
        symbols = sum(1 for c in items[at + 1].named_children if c.type == "value_use")
        return dims, symbols, at + 2
    return dims, symbols, at + 1


def _counts(site: Any, kind: str, shape: tuple[str, int, int, int], written: tuple[int, int, int]) -> Placed | None:
    """parseDimAndSymbolList's operands against the map's or set's own lists (at the op's name)."""
    _, dims, symbols, _ = shape
    if written[0] != dims:
        return Placed(CUSTOM_OP.format(site.name, M[f"{kind}_dims"]))
    if written[0] + written[1] != dims + symbols:
        return Placed(CUSTOM_OP.format(site.name, M[f"{kind}_symbols"]))
    return None


def _number(items: list, at: int) -> tuple[Placed | None, int] | None:
    """An integer attribute at `at` read as an `index` (its range), or a `-` with no number
    after it (Parser::parseAttribute's minus); (problem, the index after it), None for neither."""
    item = items[at] if at < len(items) else None
    if item is not None and item.type == "integer":
        problem = check_index_value(item)
        return (Placed(problem[1], _span(problem[0])) if problem is not None else None), at + 1
    if item is not None and item.type == "-" and at + 1 < len(items) and items[at + 1].type not in ("integer", "float"):
        return Placed(EXPECTED_NUMBER_AFTER_MINUS, _span(items[at + 1])), at + 1
    return None


def _bound(site: Any, items: list, at: int, lower: bool) -> tuple[Placed | None, int] | None:
    """parseBound from `at`: (the first problem, the index after the bound); None when this
    reading does not know the bound."""
    prefixed = at < len(items) and items[at].type == "keyword" and items[at].text == _PREFIX[lower]
    at += prefixed
    if at >= len(items):
        return None
    item = items[at]
    if item.type == "keyword" and item.text == _PREFIX[not lower]:
        # (the other bound's prefix is no operand and no attribute)
        return Placed(EXPECTED_ATTRIBUTE_VALUE, _span(item)), at
    if item.type == "value_use":
        return None, at + 1
    number = _number(items, at)
    if number is not None:
        return number
    if item.type not in ("builtin_attribute", "attribute_alias"):
        return None
    shape = _shape(site, item)
    written = _operands(items, at + 1)
    if shape is None or shape[0] != "map" or written is None:
        return None
    problem = _counts(site, "map", shape, written)
    if problem is None and shape[3] > 1 and not prefixed:
        problem = Placed(CUSTOM_OP.format(site.name, M[_MULTIPLE_RESULTS[lower]]), _span(item))
    return problem, written[2]


def affine_for_parse(site: Any) -> Placed | None:
    """AffineForOp::parse: `%iv = lower to upper (step N)?`, each bound an SSA value, an
    integer, or a map with its operands."""
    items = _body(site)
    if len(items) < 3 or items[0].type != "value_use" or items[1].type != "=":
        return None
    lower = _bound(site, items, 2, True)
    if lower is None or lower[0] is not None:
        return lower[0] if lower is not None else None
    at = lower[1]
    if at >= len(items) or items[at].type != "keyword" or items[at].text != b"to":
        return None
    upper = _bound(site, items, at + 1, False)
    if upper is None or upper[0] is not None:
        return upper[0] if upper is not None else None
    at = upper[1]
    if at >= len(items) or items[at].type != "keyword" or items[at].text != b"step":
        return None
    step = _number(items, at + 1)
    if step is None or step[0] is not None:
        return step[0] if step is not None else None
    if (items[at + 1].text or b"").startswith(b"-"):
        return Placed(CUSTOM_OP.format(site.name, M["step_negative"]), _span(items[at + 1]))
    return None


def affine_if_parse(site: Any) -> Placed | None:
    """AffineIfOp::parse: the condition's operands against the integer set's dimensions and
    symbols."""
    items = _body(site)
    if not items or items[0].type not in ("builtin_attribute", "attribute_alias"):
        return None
    shape = _shape(site, items[0])
    written = _operands(items, 1)
    if shape is None or shape[0] != "set" or written is None:
        return None
    return _counts(site, "set", shape, written)


def _header_names(op: Any) -> set[bytes]:
    """The values an op's custom form binds for its region before `=` (`affine.for %i =`,
    `affine.parallel (%i, %j) =`)."""
    items = _body(op)
    if len(items) < 2 or items[1].type != "=":
        return set()
    if items[0].type == "value_use":
        return {items[0].text or b""}
    if items[0].type == "paren_group":
        return {c.text or b"" for c in items[0].named_children if c.type == "value_use"}
    return set()


def affine_if(site: Any) -> str | None:
    """verifyDimAndSymbolIdentifiers (AffineIfOp::verify) for the symbol operands: a value an op
    inside the affine scope binds for its region (a loop's induction variable) is no valid
    symbol (isValidSymbol: a block argument of the scope's region, or above it, is). Values
    that ops define are not judged here."""
    items = _body(site)
    if len(items) < 3 or items[1].type != "paren_group" or items[2].type != "bracket_group":
        return None
    symbols = {c.text or b"" for c in items[2].named_children if c.type == "value_use"}
    op = site.parent_site()
    while op is not None and op.record is not None and not op.record.has(Trait.AFFINE_SCOPE):
        if symbols & _header_names(op):
            return M["symbol_operand"]
        op = op.parent_site()
    return None


CHECKS: dict[str, Callable[[Any], Any]] = {
    "affine.if": affine_if,
}

def affine_access_parse(site: Any) -> Placed | None:
    """The affine ops' accesses (AffineLoadOp / StoreOp / PrefetchOp / VectorLoadOp /
    VectorStoreOp::parse): the indices an affine map of SSA ids in square brackets, whose
    parser wants an expression where a comma or the `]` stands."""
    return square_operand_list(site, affine=True)


PARSERS: dict[str, Callable[[Any], Any]] = {
    "affine.for": affine_for_parse,
    "affine.if": affine_if_parse,
    **{name: affine_access_parse for name in ("affine.load", "affine.store", "affine.prefetch", "affine.vector_load",
                                              "affine.vector_store")},
}
