"""The op records of upstream MLIR's dialects, read from `mlir_ods.json`: data generated from
MLIR's own op definitions (ODS) at the release it names, by `tools/ods_records.py`.

Each op becomes an `OpDef` like every other record (one record type, one registry): its operand,
result, attribute, region and successor definitions with their counts, its structural traits and
interfaces, the ops it must sit in (`HasParent` / `ParentOneOf`), the terminator its regions
imply, the groups of values whose types must match, its assembly format (which ir/op_form.py
reads to learn what a custom form says of its operands, results and attributes) and its
type constraints by name (`CONSTRAINTS`: each one's summary, MLIR's wording in "must be ...",
and its predicate, which `dialects/constraints.py` reads).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from .ods import AttrDef, Count, OpDef, Trait, TypesMatch, ValueDef
from .op_checks import CHECKS, PARSERS
from .affine_checks import CHECKS as AFFINE_CHECKS, PARSERS as AFFINE_PARSERS
from .gpu_checks import CHECKS as GPU_CHECKS, PARSERS as GPU_PARSERS
from .llvm_checks import CHECKS as LLVM_CHECKS, PARSERS as LLVM_PARSERS
from .memref_checks import CHECKS as MEMREF_CHECKS, PARSERS as MEMREF_PARSERS
from .nvvm_checks import CHECKS as NVVM_CHECKS
from .tensor_checks import CHECKS as TENSOR_CHECKS
from .vector_checks import CHECKS as VECTOR_CHECKS, PARSERS as VECTOR_PARSERS
from .xevm_checks import CHECKS as XEVM_CHECKS

# Each op's own verifier (OpDef.check) and what its custom parser refuses (OpDef.parse), from the
# modules of dialects/ that model them; an op has at most one of each.
_CHECK_TABLES = (CHECKS, AFFINE_CHECKS, GPU_CHECKS, LLVM_CHECKS, MEMREF_CHECKS, NVVM_CHECKS, TENSOR_CHECKS,
                 VECTOR_CHECKS, XEVM_CHECKS)
_OWN_CHECKS = {name: check for table in _CHECK_TABLES for name, check in table.items()}
_OWN_PARSERS = {**PARSERS, **AFFINE_PARSERS, **GPU_PARSERS, **LLVM_PARSERS, **MEMREF_PARSERS, **VECTOR_PARSERS}
assert len(_OWN_CHECKS) == sum(len(t) for t in _CHECK_TABLES), "an op's verifier is modelled twice"

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
    "SameOperandsShape": Trait.SAME_OPERANDS_SHAPE, "SameOperandsElementType": Trait.SAME_OPERANDS_ELEMENT_TYPE,
    "SameOperandsAndResultElementType": Trait.SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE,
    "ReturnLike": Trait.RETURN_LIKE, "SingleBlock": Trait.SINGLE_BLOCK, "ConstantLike": Trait.CONSTANT_LIKE,
    "NoRegionArguments": Trait.NO_REGION_ARGUMENTS, "AutomaticAllocationScope": Trait.AUTOMATIC_ALLOCATION_SCOPE,
    "Elementwise": Trait.ELEMENTWISE, "AffineScope": Trait.AFFINE_SCOPE,
}
_INTERFACES = {"SymbolOpInterface": Trait.SYMBOL, "FunctionOpInterface": Trait.FUNCTION_LIKE}
_COUNTS = {"single": Count.SINGLE, "optional": Count.OPTIONAL, "variadic": Count.VARIADIC,
           "variadic-of-variadic": Count.VARIADIC}


# ODS builder calls (a buildable type, an attribute's value type) -> the type they build.
_BUILDERS = [
    (re.compile(r"^\$_builder\.getIndexType\(\)$"), lambda m: "index"),
    (re.compile(r"^\$_builder\.getIntegerType\((\d+)\)$"), lambda m: f"i{m.group(1)}"),
    (re.compile(r"^\$_builder\.getI(\d+)Type\(\)$"), lambda m: f"i{m.group(1)}"),
    (re.compile(r"^\$_builder\.get(F16|BF16|F32|F64|F80|F128)Type\(\)$"), lambda m: m.group(1).lower()),
    (re.compile(r"^\$_builder\.getType<::mlir::LLVM::LLVMPointerType>\((\d*)\)$"),
     lambda m: "!llvm.ptr" if m.group(1) in ("", "0") else f"!llvm.ptr<{m.group(1)}>"),
    (re.compile(r"^(?:::)?mlir::gpu::AsyncTokenType::get\(\$_builder\.getContext\(\)\)$"), lambda m: "!gpu.async.token"),
    (re.compile(r"^::mlir::LLVM::LLVMTokenType::get\(\$_builder\.getContext\(\)\)$"), lambda m: "!llvm.token"),
]


def builder_type(call: str | None) -> str | None:
    """The type an ODS builder call builds, as MLIR prints it; None for one not known here."""
    if not call:
        return None
    call = " ".join(call.split())
    for pattern, text in _BUILDERS:
        match = pattern.match(call)
        if match:
            return text(match)
    return None


def summary(constraint: str) -> str:
    entry = CONSTRAINTS.get(constraint)
    return entry["summary"] if entry is not None and entry.get("summary") else constraint


def _value(name: str | None, constraint: str, count: str) -> ValueDef:
    return ValueDef(name or "", summary(constraint), _COUNTS[count], check=constraint)


def _attribute(name: str, constraint: str, count: str, is_property: bool) -> AttrDef:
    entry = CONSTRAINTS.get(constraint, {})
    required = count == "single" and not entry.get("optional") and "default" not in entry
    return AttrDef(name, summary(constraint), required=required, default=entry.get("default"), property=is_property,
                   check=constraint)


def _traits(op: dict) -> frozenset[Trait]:
    return frozenset(_TRAITS[t] for t in op.get("traits", ()) if t in _TRAITS) | frozenset(
        _INTERFACES[i] for i in op.get("interfaces", ()) if i in _INTERFACES)


def _record(op: dict) -> OpDef:
    traits = _traits(op)
    regions = op.get("regions", ())
    successors = op.get("successors", ())
    return OpDef(
        op["name"], op.get("summary", ""),
        tuple(_value(*g) for g in op.get("operands", ())),
        tuple(_value(*g) for g in op.get("results", ())),
        tuple(_attribute(*a) for a in op.get("attributes", ())),
        regions=len(regions),
        successors=None if any(s[1] != "single" for s in successors) else len(successors),
        traits=traits, source=SOURCE,
        variadic_regions=any(r[2] != "single" for r in regions),
        interfaces=frozenset(op.get("interfaces", ())),
        parents=tuple(op.get("HasParent", ())),
        implicit_terminator=op.get("SingleBlockImplicitTerminator"),
        same_types=tuple(tuple(group) for group in op.get("AllTypesMatch", ())),
        types_match=tuple(TypesMatch(t["from"], t["to"], t["transformer"], t.get("summary") or "")
                          for t in op.get("TypesMatchWith", ())),
        format=op.get("format", ""),
        predicates=tuple(op.get("PredOpTrait", ())),
        region_names=tuple(r[0] for r in regions), region_constraints=tuple(r[1] for r in regions),
        successor_names=tuple(s[0] for s in successors),
        check=_OWN_CHECKS.get(op["name"]), parse=_OWN_PARSERS.get(op["name"]),
        cast_verified_first=bool(op.get("CastOpInterfaceFirst")),
    )


# The ops of these dialects MLIR defines in C++ rather than in ODS, which the generated records
# therefore lack (mlir/include/mlir/Dialect/Affine/IR/AffineOps.h: AffineDmaStartOp and
# AffineDmaWaitOp, `Op<..., VariadicOperands, ZeroResults, ...>`). Known, so that they are not
# reported as unknown ops; their own parsers and verifiers are not modelled.
CPP_OPS = (
    OpDef("affine.dma_start", "non-blocking DMA operation that starts a transfer (C++-defined)",
          operands=(ValueDef("operands", "variadic of any type", Count.VARIADIC),), source=SOURCE,
          interfaces=frozenset({"AffineMapAccessInterface", "MemoryEffectOpInterface"})),
    OpDef("affine.dma_wait", "blocking DMA operation that waits for transfer completion (C++-defined)",
          operands=(ValueDef("operands", "variadic of any type", Count.VARIADIC),), source=SOURCE,
          interfaces=frozenset({"AffineMapAccessInterface", "MemoryEffectOpInterface"})),
)

# The records, by name, each made when first asked for (`record`, through the registry's `OPS`):
# a document uses a few dozen of the 836, and making them all took about 20 ms of every start.
# Their traits are read without making them (`TRAITS`: the registry's tables of containers and
# symbols need them).
_BY_NAME: dict[str, dict] = {op["name"]: op for op in _DATA["ops"]}
TRAITS: dict[str, frozenset[Trait]] = {name: _traits(op) for name, op in _BY_NAME.items()}


def record(name: str) -> OpDef:
    """The record of the upstream op named so (its full name; `TRAITS` names them)."""
    return _record(_BY_NAME[name])


# NVVM ops' `NVVMRequiresSM<N>` / `NVVMRequiresSMa<[N, ...]>` traits (MLIR's
# NVVMRequiresSMTraits.td), as written: op name -> ("SM", ("90",)) or ("SMa", ("100", "101")).
# What they mean for a target is ir/target.py's (`op_needs`).
_REQUIRES_SM = re.compile(r"^NVVMRequires(SMa?)<([\d,\s]+)>$")
REQUIRED_SM: dict[str, tuple[str, tuple[str, ...]]] = {
    op["name"]: (m.group(1), tuple(v.strip() for v in m.group(2).split(",") if v.strip()))
    for op in _DATA["ops"] for trait in op.get("native", ())
    if (m := _REQUIRES_SM.match(trait)) is not None
}
