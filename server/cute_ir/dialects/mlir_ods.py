"""The op records of upstream MLIR's dialects, read from `mlir_ods.json`: data generated from
MLIR's own op definitions (ODS) at the release it names, by `tools/ods_records.py`.

Each op becomes an `OpDef` like every other record (one record type, one registry): its operand,
result, attribute, region and successor definitions with their counts, its structural traits and
interfaces, the ops it must sit in (`HasParent` / `ParentOneOf`), the terminator its regions
imply, the groups of values whose types must match, its assembly format (from which
`type_syntax` is derived: where the custom form states its operand and result types) and its
type constraints by name (`CONSTRAINTS`: each one's summary, MLIR's wording in "must be ...",
and its predicate, which `dialects/constraints.py` reads).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from .ods import AttrDef, Count, OpDef, Trait, TypeSyntax, TypesMatch, ValueDef
from .op_checks import CHECKS

_DATA = json.loads((Path(__file__).with_name("mlir_ods.json")).read_text(encoding="utf-8"))

RELEASE: str = _DATA["release"]                 # "MLIR 22"
SOURCE = RELEASE.lower().replace(" ", "-")      # the records' `source`: "mlir-22"
CONSTRAINTS: dict[str, dict] = _DATA["constraints"]
# The dialects the records cover: an op of one of these that has no record is unknown.
DIALECTS: frozenset[str] = frozenset(op["name"].split(".", 1)[0] for op in _DATA["ops"])

# ODS trait and interface names -> the traits the project's stages ask about.
_TRAITS = {
    "IsolatedFromAbove": Trait.ISOLATED_FROM_ABOVE, "GraphRegion": Trait.GRAPH_REGION,
    "Terminator": Trait.TERMINATOR, "NoTerminator": Trait.NO_TERMINATOR, "SymbolTable": Trait.SYMBOL_TABLE,
    "AttrSizedOperandSegments": Trait.ATTR_SIZED_OPERAND_SEGMENTS,
    "AttrSizedResultSegments": Trait.ATTR_SIZED_RESULT_SEGMENTS,
    "SameOperandsAndResultType": Trait.SAME_OPERANDS_AND_RESULT_TYPE, "SameTypeOperands": Trait.SAME_TYPE_OPERANDS,
    "SameOperandsAndResultShape": Trait.SAME_OPERANDS_AND_RESULT_SHAPE,
    "ReturnLike": Trait.RETURN_LIKE, "SingleBlock": Trait.SINGLE_BLOCK, "ConstantLike": Trait.CONSTANT_LIKE,
    "NoRegionArguments": Trait.NO_REGION_ARGUMENTS,
}
_INTERFACES = {"SymbolOpInterface": Trait.SYMBOL, "FunctionOpInterface": Trait.FUNCTION_LIKE}
_COUNTS = {"single": Count.SINGLE, "optional": Count.OPTIONAL, "variadic": Count.VARIADIC,
           "variadic-of-variadic": Count.VARIADIC}


def summary(constraint: str) -> str:
    entry = CONSTRAINTS.get(constraint)
    return entry["summary"] if entry is not None and entry.get("summary") else constraint


def _value(name: str | None, constraint: str, count: str) -> ValueDef:
    return ValueDef(name or "", summary(constraint), _COUNTS[count], check=constraint)


def _attribute(name: str, constraint: str, count: str, is_property: bool) -> AttrDef:
    entry = CONSTRAINTS.get(constraint, {})
    required = count == "single" and not entry.get("optional") and "default" not in entry
    return AttrDef(name, summary(constraint), required=required, default=entry.get("default"), property=is_property)


# `attr-dict `:` type($x)` at the end of a format: one type stated after the colon.
_ONE_TRAILING_TYPE = re.compile(r"`:`\s*type\(\$(\w+)\)\s*\)?\s*$")
_FUNCTIONAL = re.compile(r"functional-type\(\s*operands\s*,\s*results\s*\)")
_CAST = re.compile(r"`:`\s*type\(\$(\w+)\)\s*`to`\s*type\(\$(\w+)\)\s*$")
_OPERANDS_THEN_TYPES = re.compile(r"\(\s*\$(\w+)\^\s*`:`\s*type\(\$(\w+)\)\s*\)\?\s*$")


def _type_syntax(op: dict, traits: frozenset[Trait]) -> tuple[TypeSyntax | None, int | None]:
    """Where an op's custom form states its types, read from its assembly format: the syntax,
    and for TypeSyntax.OPERAND the operand whose type it is."""
    fmt = op.get("format")
    if not fmt:
        return None, None
    if _FUNCTIONAL.search(fmt):
        return TypeSyntax.FUNCTIONAL, None
    groups = op.get("operands", ())
    operands = [g[0] for g in groups]
    results = [g[0] for g in op.get("results", ())]
    trailing = _ONE_TRAILING_TYPE.search(fmt)
    if trailing and (operands or results):
        everything = set(operands) | set(results)
        same = Trait.SAME_OPERANDS_AND_RESULT_TYPE in traits or any(
            set(group) >= everything for group in op.get("AllTypesMatch", ()))
        if same and trailing.group(1) in everything:
            return TypeSyntax.SAME, None
        single_result = len(results) == 1 and op["results"][0][2] == "single"
        if single_result and trailing.group(1) == results[0]:
            return TypeSyntax.RESULT, None
        if trailing.group(1) in operands:
            # `$memref[$indices] : type($memref)`: the type of one operand, placed when every
            # group before it holds exactly one value.
            at = operands.index(trailing.group(1))
            if all(g[2] == "single" for g in groups[:at + 1]):
                return TypeSyntax.OPERAND, at
    value = re.search(r"\$(\w+)$", fmt)
    if value and results and any(value.group(1) in group and results[0] in group for group in op.get("AllTypesMatch", ())):
        # `arith.constant 1 : i32`: a typed attribute last, whose type is the result's.
        return TypeSyntax.RESULT, None
    cast = _CAST.search(fmt)
    if cast and operands == [cast.group(1)] and results == [cast.group(2)]:
        return TypeSyntax.CAST, None
    listed = _OPERANDS_THEN_TYPES.search(fmt)
    if listed and listed.group(1) == listed.group(2) and operands == [listed.group(1)] and not results:
        return TypeSyntax.OPERANDS, None
    return None, None


def _record(op: dict) -> OpDef:
    traits = frozenset(_TRAITS[t] for t in op.get("traits", ()) if t in _TRAITS) | frozenset(
        _INTERFACES[i] for i in op.get("interfaces", ()) if i in _INTERFACES)
    regions = op.get("regions", ())
    successors = op.get("successors", ())
    syntax, typed_operand = _type_syntax(op, traits)
    return OpDef(
        op["name"], op.get("summary", ""),
        tuple(_value(*g) for g in op.get("operands", ())),
        tuple(_value(*g) for g in op.get("results", ())),
        tuple(_attribute(*a) for a in op.get("attributes", ())),
        regions=len(regions),
        successors=None if any(s[1] != "single" for s in successors) else len(successors),
        traits=traits, source=SOURCE,
        type_syntax=syntax, typed_operand=typed_operand,
        variadic_regions=any(r[2] != "single" for r in regions),
        interfaces=frozenset(op.get("interfaces", ())),
        parents=tuple(op.get("HasParent", ())),
        implicit_terminator=op.get("SingleBlockImplicitTerminator"),
        same_types=tuple(tuple(group) for group in op.get("AllTypesMatch", ())),
        types_match=tuple(TypesMatch(t["from"], t["to"], t["transformer"], t.get("summary") or "")
                          for t in op.get("TypesMatchWith", ())),
        format=op.get("format", ""),
        check=CHECKS.get(op["name"]),
    )


MLIR_OPS: tuple[OpDef, ...] = tuple(_record(op) for op in _DATA["ops"])
