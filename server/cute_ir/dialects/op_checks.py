"""The op-specific verifiers of the upstream ops real files use most: what an op's C++
`verify()` (or its custom parser) checks beyond its ODS definition, as callables on its record
(`OpDef.check`), in MLIR's words (mlir/lib/Dialect/*/IR/*Ops.cpp, checked against mlir-opt 22).

Each takes what the text says of one op (ir/ssa.OpSite: its operand and result types where
known, the function around it) and returns None, a message that verify/structure.py prefixes
with `'<op>' op ` and places at the op's name, or a `Placed` message (its own span and wording).
Whatever a check cannot know (a type written through an alias, a signature with result
attributes) passes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..diagnostics import Span
from .constraints import facts


@dataclass(frozen=True)
class Placed:
    """A message with a place of its own, not prefixed with the op's name."""

    message: str
    span: Span | None = None      # None: at the op's name


def func_return(site: Any) -> str | Placed | None:
    """func.return against the function around it (FuncOps.cpp, ReturnOp::verify)."""
    function = site.function()
    if function is None or function[1] is None:
        return None
    symbol, results = function
    if site.operands != len(results):
        return f"has {site.operands} operands, but enclosing function ({symbol}) returns {len(results)}"
    for i, expected in enumerate(results):
        got = site.operand_type(i)
        if got is not None and expected is not None and got != expected:
            return Placed(f"type of return operand {i} ('{got}') doesn't match function result type "
                          f"('{expected}') in function {symbol}")
    return None


def _rank(text: str | None) -> int | None:
    t = facts(text) if text is not None else None
    return len(t.dims) if t is not None and t.kind == "memref" and t.dims is not None else None


def memref_load(site: Any) -> str | None:
    """memref.load: one index per dimension (MemRefOps.cpp, LoadOp::verify)."""
    rank = _rank(site.operand_type(0))
    if rank is not None and site.operands - 1 != rank:
        return f"incorrect number of indices for load, expected {rank} but got {site.operands - 1}"
    return None


def memref_store(site: Any) -> str | None:
    """memref.store: one index per dimension (MemRefOps.cpp, StoreOp::verify)."""
    rank = _rank(site.operand_type(1))
    if rank is not None and site.operands - 2 != rank:
        return "store index operand count not equal to memref rank"
    return None


def _body(site: Any) -> list:
    """The items of a custom form's body (none for the generic form)."""
    if site.generic or site.node is None:
        return []
    body = site.node.child_by_field_name("body")
    return [c for c in body.children if c.type != "comment"] if body is not None else []


def _predicate(cases_of: str) -> Callable[[Any], Placed | None]:
    """arith.cmpi / cmpf's custom parser: the predicate keyword must be one of the enum's cases
    (mlir-tblgen's enum parser: `custom op ... expected string or keyword containing one of the
    following enum values for attribute 'predicate' [...]`)."""
    def check(site: Any) -> Placed | None:
        items = _body(site)
        if not items or items[0].type not in ("keyword", "bare_id", "string"):
            return None
        from .mlir_ods import CONSTRAINTS   # mlir_ods builds the records these checks sit on
        word = (items[0].text or b"").decode().strip('"')
        cases = CONSTRAINTS.get(cases_of, {}).get("cases") or []
        if not cases or word in cases:
            return None
        return Placed(f"custom op '{site.name}' expected string or keyword containing one of the following enum "
                      f"values for attribute 'predicate' [{', '.join(cases)}]",
                      Span(items[0].start_byte, items[0].end_byte))
    return check


def arith_constant(site: Any) -> Placed | None:
    """`arith.constant 1.0 : i32`: the attribute parser takes a float literal only for a float
    type (AttributeParser.cpp)."""
    items = _body(site)
    if len(items) == 3 and items[0].type == "float" and items[1].type == ":" \
            and items[2].type in ("integer_type", "index_type"):
        # MLIR places it at the op's start (its result names), where the attribute parser's
        # location points.
        start = site.node.start_byte
        return Placed("floating point value not valid for specified type", Span(start, start + 1))
    return None


CHECKS: dict[str, Callable[[Any], Any]] = {
    "func.return": func_return,
    "memref.load": memref_load,
    "memref.store": memref_store,
    "arith.cmpi": _predicate("Arith_CmpIPredicateAttr"),
    "arith.cmpf": _predicate("Arith_CmpFPredicateAttr"),
    "arith.constant": arith_constant,
}
