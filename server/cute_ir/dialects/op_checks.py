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

import re
from dataclasses import dataclass
from typing import Any, Callable

from ..diagnostics import Span
from ..diagnostics.mlir_messages import (
    BRANCH_EDGE, BRANCH_EDGE_COUNT, BRANCH_EDGE_TYPE, BRANCH_POINT_NOTE, CAST_INCOMPATIBLE, CONSTANT_NOT_SIGNLESS,
    CONSTANT_SCALABLE_NOT_SPLAT, FOR_INDUCTION_TYPE, IF_NEEDS_ELSE, LOOP_CARRIED_COUNT, LOOP_COUNT, LOOP_TYPE,
)
from ..syntax.cst import TYPE_KINDS
from .constraints import TypeFacts, bit_width, compatible_shapes, encoding, facts, normalized_type, printed


@dataclass(frozen=True)
class Placed:
    """A message with a place of its own, not prefixed with the op's name."""

    message: str
    span: Span | None = None      # None: at the op's name
    notes: tuple[tuple[Span, str], ...] = ()     # MLIR's attached notes: (where, what)


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


def arith_constant(site: Any) -> str | Placed | None:
    """`arith.constant 1.0 : i32`: the attribute parser takes a float literal only for a float
    type (AttributeParser.cpp). Then ConstantOp::verify (ArithOps.cpp): an integer result type
    must be signless, and a scalable vector takes only a splat (`dense<0>`, or a list of one
    value repeated)."""
    items = _body(site)
    if len(items) == 3 and items[0].type == "float" and items[1].type == ":" \
            and items[2].type in ("integer_type", "index_type"):
        # MLIR places it at the op's start (its result names), where the attribute parser's
        # location points.
        start = site.node.start_byte
        return Placed("floating point value not valid for specified type", Span(start, start + 1))
    result = site.result_type(0)
    t = facts(result) if result is not None else None
    if t is None:
        return None
    if t.kind == "integer" and t.signedness != "signless":
        return CONSTANT_NOT_SIGNLESS
    value = site.attribute("value")
    if t.kind == "vector" and t.scalable and value is not None and value.text is not None \
            and not _splat(value.text.decode("utf-8", "replace")):
        return CONSTANT_SCALABLE_NOT_SPLAT
    return None


def _splat(text: str) -> bool:
    """Whether a `dense<...>` literal holds one value (written once, or the same everywhere), as
    DenseElementsAttr::get makes a splat of it; True for anything else (not judged)."""
    match = re.match(r"^\s*dense<(.*)>\s*(?::.*)?$", text, re.S)
    if match is None:
        return True
    body = match.group(1).strip()
    if not body.startswith("["):
        return True
    values = [v.strip() for v in re.split(r"[\[\],]", body) if v.strip()]
    return len(set(values)) <= 1


# ------------------------------------------------------------------------------ arith casts
def _underlying(t: TypeFacts, kinds: tuple[str, ...], memref: bool) -> TypeFacts | None:
    """ArithOps.cpp's getTypeIfLike / getTypeIfLikeOrMemRef: the element type of a vector or
    tensor (or memref) of one of `kinds`, or the type itself; None otherwise."""
    shaped = ("vector", "tensor", "memref") if memref else ("vector", "tensor")
    if t.kind in ("vector", "tensor", "memref"):
        if t.kind not in shaped:
            return None
        t = t.element
    return t if t is not None and t.kind in kinds else None


def _widens(source: TypeFacts, target: TypeFacts) -> bool | None:
    a, b = bit_width(source), bit_width(target)
    return None if a is None or b is None else b > a


def _narrows(source: TypeFacts, target: TypeFacts) -> bool | None:
    a, b = bit_width(source), bit_width(target)
    return None if a is None or b is None else b < a


def _index_pair(source: TypeFacts, target: TypeFacts) -> bool:
    return (source.kind == "index" and target.kind == "integer" and target.signedness == "signless") or \
        (source.kind == "integer" and source.signedness == "signless" and target.kind == "index")


def _same_width(source: TypeFacts, target: TypeFacts) -> bool | None:
    a, b = bit_width(source), bit_width(target)
    return None if a is None or b is None else a == b


# Each arith cast's `areCastCompatible` (ArithOps.cpp): the element kinds of its operand and of
# its result, whether memrefs count, and what must hold between the two element types.
_CASTS: dict[str, tuple[tuple[str, ...], tuple[str, ...], bool, Callable[[TypeFacts, TypeFacts], bool | None]]] = {
    "arith.extui": (("integer",), ("integer",), False, _widens),
    "arith.extsi": (("integer",), ("integer",), False, _widens),
    "arith.extf": (("float",), ("float",), False, _widens),
    "arith.trunci": (("integer",), ("integer",), False, _narrows),
    "arith.truncf": (("float",), ("float",), False, _narrows),
    "arith.uitofp": (("integer",), ("float",), False, lambda s, t: True),
    "arith.sitofp": (("integer",), ("float",), False, lambda s, t: True),
    "arith.fptoui": (("float",), ("integer",), False, lambda s, t: True),
    "arith.fptosi": (("float",), ("integer",), False, lambda s, t: True),
    "arith.index_cast": (("integer", "index"), ("integer", "index"), True, _index_pair),
    "arith.index_castui": (("integer", "index"), ("integer", "index"), True, _index_pair),
    "arith.bitcast": (("integer", "float"), ("integer", "float"), True, _same_width),
}


def arith_cast(site: Any) -> str | None:
    """An arith cast's operand and result types against its `areCastCompatible`, as
    CastOpInterface's verifier reports it: one of each, the same tensor encoding, compatible
    shapes, element kinds the op takes, and the width relation (wider, narrower, equal)."""
    source_text, target_text = site.operand_type(0), site.result_type(0)
    source = facts(source_text) if source_text is not None else None
    target = facts(target_text) if target_text is not None else None
    if source is None or target is None:
        return None
    ins, outs, memref, relation = _CASTS[site.name]
    compatible: bool | None
    if encoding(source) is not None and encoding(target) is not None and encoding(source) != encoding(target):
        compatible = False
    elif compatible_shapes([source_text, target_text]) is False:
        compatible = False
    else:
        a, b = _underlying(source, ins, memref), _underlying(target, outs, memref)
        compatible = False if a is None or b is None else relation(a, b)
    return CAST_INCOMPATIBLE.format(printed(source_text), printed(target_text)) if compatible is False else None


# ------------------------------------------------------------------------------ scf
def _types(site: Any, count: int, of: Callable[[int], str | None]) -> list[str | None]:
    return [of(i) for i in range(count)]


def _result_types(site: Any) -> list[str | None] | None:
    """The op's result types: the generic form's function type, or a custom form's `-> (T, U)`
    (scf.if, scf.while); None when the text does not say."""
    if site.generic:
        return _types(site, site.results, site.result_type) if site.results is not None else None
    items = _body(site)
    for arrow, after in zip(items, items[1:]):
        if arrow.type == "->":
            nodes = after.named_children if after.type == "paren_group" else [after]
            return [normalized_type(n.text.decode("utf-8", "replace")) if n.type in TYPE_KINDS and n.text else None
                    for n in nodes]
    return []


def _yield(block: Any, name: str) -> tuple[Any, list[str | None]] | None:
    """A block's terminator if it is `name`, and its operand types (None: no terminator written,
    as a custom form leaves an implicit one out)."""
    term = block.terminator if block is not None else None
    if term is None or term.name != name:
        return None
    return term, _types(term, term.operands, term.operand_type)


def _typed(text: str | None) -> str:
    """A type as a diagnostic streams it: quoted."""
    return f"'{printed(text)}'" if text is not None else "'?'"


def scf_for(site: Any) -> str | Placed | None:
    """scf.for: ForOp::verify (inits against results), LoopLikeOpInterface's verifier
    (LoopLikeInterface.cpp: inits, the body's iter_args, the yielded values, the results:
    counts, then types), ForOp::verifyRegions (the induction variable's type). The generic form
    states the body's arguments in its label; the custom form gives the iter_args the types after
    `->`."""
    inits = site.operands - 3
    regions = site.region_blocks()
    body = regions[0][0] if regions and regions[0] else None
    if not site.generic:
        # ForOp::parse: the iter_args against the types after `->`, which are the results and
        # the iter_args' types.
        iterated = _result_types(site) or []
        if inits != len(iterated):
            return Placed(f"custom op '{site.name}' {LOOP_CARRIED_COUNT}")
        results, induction = len(iterated), None
    else:
        results = site.results
        if results is not None and inits != results:
            return LOOP_CARRIED_COUNT
        if body is None or not body.arguments:
            return None
        iterated, induction = list(body.arguments[1:]), body.arguments[0]
    found = _yield(body, "scf.yield")
    yielded = found[1] if found is not None else []
    if inits != len(iterated):
        return LOOP_COUNT.format("inits and region iter_args", inits, len(iterated))
    if yielded and len(iterated) != len(yielded):
        return LOOP_COUNT.format("region iter_args and yielded values", len(iterated), len(yielded))
    if results is not None and results != len(iterated):
        return LOOP_COUNT.format("loop results and region iter_args", results, len(iterated))
    for i, iterated_type in enumerate(iterated):
        init = site.operand_type(3 + i) if site.generic else None
        if init is not None and iterated_type is not None and init != iterated_type:
            return LOOP_TYPE.format(i, "init", i, "region iter_arg", _typed(init), _typed(iterated_type))
        if yielded and iterated_type is not None and yielded[i] is not None and iterated_type != yielded[i]:
            return LOOP_TYPE.format(i, "region iter_arg", i, "yielded value", _typed(iterated_type), _typed(yielded[i]))
    for i, iterated_type in enumerate(iterated):
        result = site.result_type(i) if site.generic and results is not None else None
        if result is not None and iterated_type is not None and result != iterated_type:
            # LoopLikeInterface.cpp counts `i` outside its loop: every such message says 0-th.
            return LOOP_TYPE.format(0, "region iter_arg", 0, "loop result", _typed(iterated_type), _typed(result))
    bound = site.operand_type(0)
    if bound is not None and induction is not None and bound != induction:
        return FOR_INDUCTION_TYPE
    return None


def scf_if(site: Any) -> str | Placed | None:
    """scf.if: IfOp::verify (results need an else region), then RegionBranchOpInterface's
    verifier (ControlFlowInterfaces.cpp) on the edges from each region's scf.yield to the op's
    results: how many values, then their types."""
    regions = site.region_blocks()
    results = _result_types(site)
    if results is None:
        return None
    if results and (len(regions) < 2 or not regions[1]):
        return IF_NEEDS_ELSE
    for blocks in regions:
        found = _yield(blocks[0] if blocks else None, "scf.yield")
        if found is None:
            continue
        term, yielded = found
        edge = BRANCH_EDGE.format(site.name, "Operation scf.yield", "parent")
        note = ((term.name_span, BRANCH_POINT_NOTE),)
        if len(yielded) != len(results):
            return Placed(edge + BRANCH_EDGE_COUNT.format(len(yielded), len(results)), notes=note)
        for i, (got, want) in enumerate(zip(yielded, results)):
            if got is not None and want is not None and got != want:
                return Placed(edge + BRANCH_EDGE_TYPE.format(i, _typed(got), _typed(want)), notes=note)
    return None


CHECKS: dict[str, Callable[[Any], Any]] = {
    "scf.for": scf_for,
    "scf.if": scf_if,
    **{name: arith_cast for name in _CASTS},
    "func.return": func_return,
    "memref.load": memref_load,
    "memref.store": memref_store,
    "arith.cmpi": _predicate("Arith_CmpIPredicateAttr"),
    "arith.cmpf": _predicate("Arith_CmpFPredicateAttr"),
    "arith.constant": arith_constant,
}
