"""Generate server/cute_ir/dialects/mlir_ods.json: the op records of upstream MLIR's dialects,
taken from MLIR's own op definitions (ODS `.td` files) at one pinned release.

    python tools/ods_records.py --tblgen /path/to/llvm-tblgen-22 \\
        --include /path/to/llvm-22/include > server/cute_ir/dialects/mlir_ods.json

`llvm-tblgen --dump-json` prints every TableGen record of a `.td` file as JSON; this keeps, for
each op of the dialects below, what cute-ir checks and shows: its name, summary, operand /
attribute / result / region / successor definitions with their constraints and counts, its
traits and interfaces (flattened, with their parameters), its assembly format and whether it has
a C++ verifier or parser of its own. Type constraints are kept once each, by name, with their
summary (the text MLIR's verifier prints: "must be signless-integer-like") and their predicate
as a tree of C++ condition strings, which cute-ir reads for the conditions it knows
(dialects/constraints.py).

An offline generator: building and testing cute-ir never runs it, and its output is committed.
MLIR 22's ODS files come with Debian trixie's `libmlir-22-dev` (`../shared/bench/setup_mlir_peer.sh`
unpacks it without installing it); llvm-tblgen with `llvm-22`.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

# The dialects real files use, and the `.td` file that defines each one's ops.
SOURCES = {
    "builtin": "mlir/IR/BuiltinOps.td",
    "func": "mlir/Dialect/Func/IR/FuncOps.td",
    "arith": "mlir/Dialect/Arith/IR/ArithOps.td",
    "math": "mlir/Dialect/Math/IR/MathOps.td",
    "scf": "mlir/Dialect/SCF/IR/SCFOps.td",
    "cf": "mlir/Dialect/ControlFlow/IR/ControlFlowOps.td",
    "memref": "mlir/Dialect/MemRef/IR/MemRefOps.td",
    "vector": "mlir/Dialect/Vector/IR/VectorOps.td",
    "index": "mlir/Dialect/Index/IR/IndexOps.td",
    "gpu": "mlir/Dialect/GPU/IR/GPUOps.td",
    "llvm": "mlir/Dialect/LLVMIR/LLVMOps.td",
    "llvm-intrinsics": "mlir/Dialect/LLVMIR/LLVMIntrinsicOps.td",
    "nvvm": "mlir/Dialect/LLVMIR/NVVMOps.td",
    "xevm": "mlir/Dialect/LLVMIR/XeVMOps.td",
    "nvgpu": "mlir/Dialect/NVGPU/IR/NVGPUOps.td",
    "ub": "mlir/Dialect/UB/IR/UBOps.td",
    "affine": "mlir/Dialect/Affine/IR/AffineOps.td",
    "tensor": "mlir/Dialect/Tensor/IR/TensorOps.td",
}

# Native traits by their C++ name -> the name cute-ir records (ODS's own spelling).
NATIVE = {
    "IsTerminator": "Terminator", "IsIsolatedFromAbove": "IsolatedFromAbove", "NoTerminator": "NoTerminator",
    "SameOperandsAndResultType": "SameOperandsAndResultType", "SameTypeOperands": "SameTypeOperands",
    "SameOperandsShape": "SameOperandsShape", "SameOperandsAndResultShape": "SameOperandsAndResultShape",
    "SameOperandsElementType": "SameOperandsElementType",
    "SameOperandsAndResultElementType": "SameOperandsAndResultElementType",
    "AttrSizedOperandSegments": "AttrSizedOperandSegments", "AttrSizedResultSegments": "AttrSizedResultSegments",
    "SymbolTable": "SymbolTable", "AffineScope": "AffineScope", "SingleBlock": "SingleBlock",
    "NoRegionArguments": "NoRegionArguments", "ConstantLike": "ConstantLike", "IsCommutative": "Commutative",
    "ReturnLike": "ReturnLike", "AutomaticAllocationScope": "AutomaticAllocationScope",
    "Elementwise": "Elementwise", "Scalarizable": "Scalarizable", "Vectorizable": "Vectorizable",
    "Tensorizable": "Tensorizable", "IsInvolution": "Involution", "IsIdempotent": "Idempotent",
    "HasOnlyGraphRegion": "GraphRegion",
}


def dump(tblgen: str, include: Path, td: str) -> dict:
    out = subprocess.run([tblgen, "--dump-json", "-I", str(include), str(include / td)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def _ref(value) -> str | None:
    return value["def"] if isinstance(value, dict) and value.get("kind") == "def" else None


class Reader:
    def __init__(self, records: dict, dialect_of_class: dict[str, str], source: str) -> None:
        self.records = records
        self.source = source
        self.class_names = dialect_of_class     # C++ op class (`ForOp`, `func::FuncOp`) -> op name
        self.constraints: dict[str, dict] = {}

    # ------------------------------------------------------------------ constraints
    def predicate(self, name: str | None, depth: int = 0):
        """A predicate record as a tree: ["and"|"or"|"not", ...], ["c", code], or None."""
        if name is None or depth > 40:
            return None
        record = self.records.get(name)
        if record is None:
            return None
        supers = record.get("!superclasses", [])
        if "CPred" in supers:
            return ["c", record.get("predExpr", "")]
        if "Concat" in supers or "SubstLeaves" in supers:
            # A predicate whose `$_self` stands for a part of the value (an element type, ...).
            children = record.get("children") or [None]
            inner = self.predicate(_ref(children[0]), depth + 1)
            kind = "concat" if "Concat" in supers else "subst"
            return [kind, record.get("prefix", record.get("pattern", "")), record.get("suffix", record.get("replacement", "")), inner]
        for kind in ("And", "Or", "Neg"):
            if kind in supers:
                children = [self.predicate(_ref(c), depth + 1) for c in record.get("children", [])]
                return [{"And": "and", "Or": "or", "Neg": "not"}[kind], *children]
        predicate = _ref(record.get("predicate"))
        return self.predicate(predicate, depth + 1) if predicate else None

    def constraint(self, value) -> str:
        """The name a type or attribute constraint is kept under (its record is kept once)."""
        name = _ref(value)
        if name is None:
            return "AnyType"
        wrapped = self.records.get(name, {})
        if "Arg" in wrapped.get("!superclasses", []) and _ref(wrapped.get("constraint")):
            # `Arg<AnyMemRef, "the reference to load from", [MemRead]>`: a description and
            # effects around the constraint the value must satisfy.
            return self.constraint(wrapped["constraint"])
        key = self.key(name)
        if key not in self.constraints:
            record = self.records.get(name, {})
            entry = {"summary": record.get("summary", ""), "kind": _constraint_kind(record)}
            self.constraints[key] = entry     # before recursing: a constraint can name itself
            base = _ref(record.get("baseType")) or _ref(record.get("baseAttr"))
            entry["predicate"] = self.predicate(_ref(record.get("predicate")))
            if base:
                entry["base"] = self.constraint(record.get("baseType") or record.get("baseAttr"))
            for field in ("cppType", "storageType", "returnType"):
                if isinstance(record.get(field), str) and record[field]:
                    entry["cpp"] = record[field]
                    break
            # What the custom form's parser takes a value's type to be when the text does not
            # say: a type constraint's buildable type (`Index`: `$_builder.getIndexType()`), an
            # attribute constraint's value type (`I64Attr`'s `I64`).
            builder = record.get("builderCall") or self.records.get(base or "", {}).get("builderCall")
            if isinstance(builder, str) and builder:
                entry["builder"] = builder
            value_type = self.records.get(_ref(record.get("valueType")) or "", {}).get("builderCall")
            if isinstance(value_type, str) and value_type:
                entry["valueType"] = value_type
            default = record.get("defaultValue")
            if isinstance(default, str) and default:
                entry["default"] = default
            enumerants = record.get("enumerants")
            if not isinstance(enumerants, list) and _ref(record.get("enum")):
                # An EnumAttr wraps the enum it names (`GPU_AllReduceOperationAttr`).
                enumerants = self.records.get(_ref(record.get("enum")), {}).get("enumerants")
                if isinstance(record.get("assemblyFormat"), str):
                    entry["attrFormat"] = " ".join(record["assemblyFormat"].split())
            if isinstance(enumerants, list):
                entry["cases"] = [self.records.get(_ref(e) or "", {}).get("str") for e in enumerants]
            if record.get("isOptional") is not None:
                entry["optional"] = bool(record.get("isOptional"))
        return key

    def key(self, name: str) -> str:
        """TableGen numbers anonymous records per run: such a name is kept with its file's."""
        return f"{self.source}/{name}" if name.startswith("anonymous_") else name

    def count(self, value) -> str:
        record = self.records.get(_ref(value) or "", {})
        supers = record.get("!superclasses", [])
        if "VariadicOfVariadic" in supers:
            return "variadic-of-variadic"
        if "Variadic" in supers or "VariadicRegion" in supers or "VariadicSuccessor" in supers:
            return "variadic"
        if "Optional" in supers or "OptionalAttr" in supers or "DefaultValuedAttr" in supers \
                or "DefaultValuedOptionalAttr" in supers or "OptionalProp" in supers:
            return "optional"
        return "single"

    # ------------------------------------------------------------------ traits
    def traits(self, refs: list, out: dict, depth: int = 0) -> None:
        for value in refs:
            name = _ref(value)
            record = self.records.get(name or "", {})
            supers = record.get("!superclasses", [])
            if depth > 20 or not record:
                continue
            if "TraitList" in supers:
                self.traits(record.get("traits", []), out, depth + 1)
                continue
            if "AllTypesMatch" in supers:
                out.setdefault("AllTypesMatch", []).append(record.get("values", []))
                continue
            if "TypesMatchWith" in supers:
                out.setdefault("TypesMatchWith", []).append(
                    {"from": record.get("lhs"), "to": record.get("rhs"), "transformer": record.get("transformer"),
                     "summary": record.get("summary")})
                continue
            if "PredOpTrait" in supers:
                out.setdefault("PredOpTrait", []).append(record.get("summary") or record.get("description", ""))
                continue
            if "OpInterface" in supers or "OpInterfaceTrait" in supers:
                interface = record.get("cppInterfaceName") or name
                out.setdefault("interfaces", []).append(interface)
                if interface == "CastOpInterface" and "SameOperandsAndResultShape" not in out.get("traits", ()):
                    # listed before the shape trait: its verifier runs first (memref.cast)
                    out["CastOpInterfaceFirst"] = True
                self.traits(record.get("baseInterfaces", []), out, depth + 1)
                continue
            trait = record.get("trait")
            if isinstance(trait, str):
                self.native(trait, out)

    def native(self, trait: str, out: dict) -> None:
        template = re.match(r"^(?:::mlir::OpTrait::)?(\w+)<(.*)>::Impl$", trait)
        if template:
            kind, args = template.groups()
            names = [a.strip() for a in args.split(",") if a.strip()]
            if kind == "HasParent":
                out["HasParent"] = [self.class_names.get(_cpp(a), _cpp(a)) for a in names]
            elif kind == "SingleBlockImplicitTerminator":
                out["SingleBlockImplicitTerminator"] = self.class_names.get(_cpp(names[0]), _cpp(names[0]))
            elif kind in ("NOperands", "NResults", "NRegions", "NSuccessors", "AtLeastNOperands",
                          "AtLeastNResults", "AtLeastNRegions", "AtLeastNSuccessors"):
                out[kind] = int(names[0]) if names and names[0].isdigit() else names
            else:
                out.setdefault("native", []).append(f"{kind}<{args}>")
            return
        name = trait.split("::")[-1]
        if name in NATIVE:
            out.setdefault("traits", []).append(NATIVE[name])
        elif name in ("ZeroOperands", "OneOperand", "ZeroResults", "OneResult", "ZeroRegions", "OneRegion",
                      "ZeroSuccessors", "OneSuccessor", "VariadicOperands", "VariadicResults",
                      "VariadicRegions", "VariadicSuccessors", "OneTypedResult"):
            pass   # follows from the op's own definitions
        else:
            out.setdefault("native", []).append(name)

    # ------------------------------------------------------------------ ops
    def op(self, name: str, full_name: str) -> dict:
        record = self.records[name]
        summary = " ".join((record.get("summary") or "").split())
        if not summary:
            # Ops without a summary: the first sentence of their description, else their name.
            description = " ".join((record.get("description") or "").split())
            summary = description.split(". ")[0][:200] if description else f"`{full_name}`"
        definition: dict = {"name": full_name, "summary": summary}
        operands, attributes = [], []
        for value, arg_name in (record.get("arguments") or {}).get("args", []):
            ref = self.records.get(_ref(value) or "", {})
            supers = ref.get("!superclasses", [])
            is_attr = "Attr" in supers or "AttrConstraint" in supers or "Property" in supers
            if is_attr:
                attributes.append([arg_name, self.constraint(value), self.count(value),
                                   "Property" in supers])
            else:
                operands.append([arg_name, self.constraint(value), self.count(value)])
        # A Variadic / Optional constraint is kept itself: its summary is what MLIR's verifier
        # says ("variadic of index"), its predicate its element's.
        results = [[n, self.constraint(v), self.count(v)]
                   for v, n in (record.get("results") or {}).get("args", [])]
        regions = [[n, self.records.get(_ref(v) or "", {}).get("summary", ""), self.count(v)]
                   for v, n in (record.get("regions") or {}).get("args", [])]
        successors = [[n, self.count(v)] for v, n in (record.get("successors") or {}).get("args", [])]
        traits: dict = {}
        self.traits(record.get("traits", []), traits)
        if "SameOperandsAndResultShape" not in traits.get("traits", ()):
            traits.pop("CastOpInterfaceFirst", None)     # an order that matters only between the two
        definition.update({k: v for k, v in (("operands", operands), ("attributes", attributes),
                                             ("results", results), ("regions", regions),
                                             ("successors", successors)) if v})
        definition.update(traits)
        fmt = record.get("assemblyFormat")
        if isinstance(fmt, str) and fmt.strip():
            definition["format"] = " ".join(fmt.split())
        if record.get("hasCustomAssemblyFormat"):
            definition["customParser"] = True
        if record.get("hasVerifier") or record.get("hasRegionVerifier"):
            definition["verifier"] = True
        return definition


def _constraint_kind(record: dict) -> str:
    supers = record.get("!superclasses", [])
    for kind in ("TypeConstraint", "AttrConstraint", "Property", "RegionConstraint", "SuccessorConstraint"):
        if kind in supers:
            return kind
    return supers[-1] if supers else ""


def _cpp(name: str) -> str:
    return name.strip().split("::")[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tblgen", required=True, help="llvm-tblgen of the release (22)")
    parser.add_argument("--include", required=True, type=Path, help="the release's include directory")
    parser.add_argument("--release", default="22", help="the MLIR release the files come from")
    args = parser.parse_args()

    ops: list[dict] = []
    constraints: dict[str, dict] = {}
    dialects: dict[str, str] = {}
    for source, td in SOURCES.items():
        records = dump(args.tblgen, args.include, td)
        op_names = records["!instanceof"].get("Op", [])
        # The op name of each C++ op class, so that HasParent<ForOp> names scf.for.
        full: dict[str, str] = {}
        for name in op_names:
            record = records[name]
            dialect = records.get(_ref(record.get("opDialect")) or "", {}).get("name", "")
            if record.get("opName"):
                full[name] = f"{dialect}.{record['opName']}" if dialect else record["opName"]
                cpp = record.get("cppClassName") or name.split("_", 1)[-1]
                full.setdefault(cpp, full[name])
                dialects[dialect] = td
        reader = Reader(records, full, source)
        for name in op_names:
            record = records[name]
            if not record.get("opName") or name.startswith("anonymous"):
                continue
            dialect = records.get(_ref(record.get("opDialect")) or "", {}).get("name", "")
            if dialect + "." + record["opName"] not in {op["name"] for op in ops}:
                ops.append(reader.op(name, f"{dialect}.{record['opName']}"))
        for key, value in reader.constraints.items():
            constraints.setdefault(key, value)
    ops.sort(key=lambda op: op["name"])
    json.dump({"release": f"MLIR {args.release}", "generator": "tools/ods_records.py",
               "sources": dialects, "ops": ops, "constraints": dict(sorted(constraints.items()))},
              sys.stdout, indent=None, separators=(",", ":"), sort_keys=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
