"""Whether a type satisfies an ODS type constraint, read from the constraint's predicate.

ODS states each constraint as a predicate over `$_self` built from C++ conditions (`CPred`) with
And / Or / Neg, and Concat / SubstLeaves to apply a condition to a part of the type (a shaped
type's element type). `mlir_ods.json` keeps that tree; this module knows the conditions MLIR's
builtin and LLVM constraints use (`_CONDITIONS`: integer and float kinds and widths, index,
signlessness, shaped kinds, ranks and element counts, LLVM compatibility, pointer address
spaces, a few dialect types) and answers True, False, or None when a condition it does not know
decides. Only a definite False is reported.

Types are read from their text (`TypeFacts`); an alias, or a type this reading does not know,
answers None.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..text.brackets import top_level_parameters

_FLOATS = frozenset({"f16", "bf16", "f32", "f64", "f80", "f128", "tf32", "f4E2M1FN", "f6E2M3FN", "f6E3M2FN",
                     "f8E5M2", "f8E4M3", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E3M4",
                     "f8E8M0FNU"})
# Floating-point types LLVM has (mlir::LLVM::isCompatibleFloatingPointType).
_LLVM_FLOATS = frozenset({"f16", "bf16", "f32", "f64", "f80", "f128"})
_INT = re.compile(r"^(si|ui|i)(\d+)$")


@dataclass(frozen=True)
class TypeFacts:
    """What a builtin or LLVM type's text says, for constraint predicates."""

    kind: str                   # integer, index, float, none, complex, vector, tensor, memref, tuple,
                                # function, llvm.ptr, llvm.struct, llvm.array, llvm.void, llvm.func,
                                # llvm.token, or `!dialect.name` for another dialect type
    text: str
    width: int | None = None
    signedness: str = ""        # integer: signless, signed, unsigned
    element: "TypeFacts | None" = None
    dims: tuple[int | None, ...] | None = None   # None: unranked
    scalable: bool = False
    address_space: int | None = None


@lru_cache(maxsize=4096)
def facts(text: str) -> TypeFacts | None:
    """The facts of a type written `text`, or None when this reading cannot tell (an alias)."""
    t = text.strip()
    if not t or re.search(r"[!#][A-Za-z_][\w$]*(?![\w$.<])", t):
        return None     # an alias (or a namespace-only dialect type): its meaning is elsewhere
    match = _INT.match(t)
    if match:
        sign = {"i": "signless", "si": "signed", "ui": "unsigned"}[match.group(1)]
        return TypeFacts("integer", t, int(match.group(2)), sign)
    if t == "index":
        return TypeFacts("index", t)
    if t in _FLOATS:
        return TypeFacts("float", t)
    if t == "none":
        return TypeFacts("none", t)
    shaped = re.match(r"^(vector|tensor|memref|complex|tuple)<(.*)>$", t, re.S)
    if shaped:
        return _shaped(shaped.group(1), shaped.group(2), t)
    if t.startswith("(") or re.match(r"^\(.*\)\s*->", t):
        return TypeFacts("function", t)
    llvm = re.match(r"^!llvm\.(\w+)(?:<(.*)>)?$", t, re.S)
    if llvm:
        name, body = llvm.group(1), llvm.group(2)
        if name == "ptr":
            space = int(body) if body and body.strip().isdigit() else (0 if not body else None)
            return TypeFacts("llvm.ptr", t, address_space=space)
        return TypeFacts("llvm." + name, t)
    dialect = re.match(r"^!([\w$]+\.[\w$.]+)", t)
    if dialect:
        return TypeFacts("!" + dialect.group(1), t)
    return None


def _shaped(kind: str, body: str, text: str) -> TypeFacts | None:
    parameters = top_level_parameters(body)
    if kind in ("complex", "tuple"):
        element = facts(parameters[0]) if kind == "complex" else None
        return TypeFacts(kind, text, element=element)
    first = parameters[0]
    if first.startswith("*"):
        element = re.sub(r"^\*\s*x\s*", "", first)
        return TypeFacts(kind, text, element=facts(element), dims=None)
    dims: list[int | None] = []
    scalable = False
    rest = first
    while True:
        dim = re.match(r"^\s*(\[?)(\d+|\?)(\]?)\s*x\s*", rest)
        if dim is None:
            break
        scalable = scalable or dim.group(1) == "["
        dims.append(None if dim.group(2) == "?" else int(dim.group(2)))
        rest = rest[dim.end():]
    element = facts(rest)
    space = None
    if kind == "memref" and len(parameters) > 1 and parameters[-1].isdigit():
        space = int(parameters[-1])
    return TypeFacts(kind, text, element=element, dims=tuple(dims), scalable=scalable, address_space=space)


# ------------------------------------------------------------------------------- conditions
def _is(*kinds: str):
    return lambda t: t.kind in kinds


def _width(n: int, signedness: str | None = "signless"):
    return lambda t: t.kind == "integer" and t.width == n and (signedness is None or t.signedness == signedness)


def _llvm_compatible(t: TypeFacts) -> bool | None:
    """mlir::LLVM::isCompatibleOuterType (and, for vectors, of their elements)."""
    if t.kind == "integer":
        return t.signedness == "signless"
    if t.kind == "float":
        return t.text in _LLVM_FLOATS or t.text == "tf32" or None
    if t.kind.startswith("llvm.") or t.kind == "none":
        return t.kind != "none"
    if t.kind == "vector":
        return _llvm_vector(t)
    if t.kind in ("index", "tensor", "memref", "complex", "tuple", "function"):
        return False
    return None     # another dialect's type: LLVM's own, or one a dialect makes compatible


def _llvm_vector(t: TypeFacts) -> bool | None:
    if t.kind != "vector" or t.dims is None or len(t.dims) != 1 or t.element is None:
        return False if t.kind != "vector" else None
    element = t.element
    if element.kind == "integer":
        return element.signedness == "signless"
    if element.kind == "float":
        return element.text in _LLVM_FLOATS
    return element.kind == "llvm.ptr" or None


def _rank(op: str, n: int):
    compare = {">": lambda a: a > n, "==": lambda a: a == n, ">=": lambda a: a >= n}[op]
    return lambda t: t.kind == "vector" and t.dims is not None and compare(len(t.dims))


def _elements(n: int):
    def check(t: TypeFacts) -> bool | None:
        if t.kind != "vector" or t.dims is None or any(d is None for d in t.dims):
            return None
        count = 1
        for d in t.dims:
            count *= d
        return count == n
    return check


def _space(n: int):
    return lambda t: t.kind == "llvm.ptr" and t.address_space == n if t.address_space is not None else None


_SIGNLESS_WIDTH = re.compile(r"^\$_self\.isSignlessInteger\((\d+)\)$")
_CONDITIONS: list[tuple[re.Pattern, object]] = [
    (re.compile(r"^true$"), lambda t: True),
    (re.compile(r"^::llvm::isa<::mlir::IndexType>\(\$_self\)$"), _is("index")),
    (re.compile(r"^\$_self\.isSignlessInteger\(\)$"), lambda t: t.kind == "integer" and t.signedness == "signless"),
    (re.compile(r"^\$_self\.isSignedInteger\(\)$"), lambda t: t.kind == "integer" and t.signedness == "signed"),
    (re.compile(r"^\$_self\.isUnsignedInteger\(\)$"), lambda t: t.kind == "integer" and t.signedness == "unsigned"),
    (re.compile(r"^\$_self\.isSignlessIntOrIndex\(\)$"),
     lambda t: t.kind == "index" or (t.kind == "integer" and t.signedness == "signless")),
    (re.compile(r"^\$_self\.isSignlessIntOrIndexOrFloat\(\)$"),
     lambda t: t.kind in ("index", "float") or (t.kind == "integer" and t.signedness == "signless")),
    (re.compile(r"^\$_self\.isIntOrIndex\(\)$"), _is("integer", "index")),
    (re.compile(r"^\$_self\.isIntOrFloat\(\)$"), _is("integer", "float")),
    (re.compile(r"^\$_self\.isIntOrIndexOrFloat\(\)$"), _is("integer", "index", "float")),
    (re.compile(r"^::llvm::isa<::mlir::IntegerType>\(\$_self\)$"), _is("integer")),
    (re.compile(r"^::llvm::isa<::mlir::FloatType>\(\$_self\)$"), _is("float")),
    (re.compile(r"^\$_self\.is(F16|BF16|F32|F64|F80|F128|TF32)\(\)$"), None),   # by name, below
    (re.compile(r"^::llvm::isa<::mlir::NoneType>\(\$_self\)$"), _is("none")),
    (re.compile(r"^::llvm::isa<::mlir::ComplexType>\(\$_self\)$"), _is("complex")),
    (re.compile(r"^::llvm::isa<::mlir::TupleType>\(\$_self\)$"), _is("tuple")),
    (re.compile(r"^::llvm::isa<::mlir::FunctionType>\(\$_self\)$"), _is("function")),
    (re.compile(r"^::llvm::isa<::mlir::VectorType>\(\$_self\)$"), _is("vector")),
    (re.compile(r"^::llvm::isa<::mlir::FixedVectorType>\(\$_self\)$"), lambda t: t.kind == "vector" and not t.scalable),
    (re.compile(r"^::llvm::isa<::mlir::ScalableVectorType>\(\$_self\)$"), lambda t: t.kind == "vector" and t.scalable),
    (re.compile(r"^::llvm::isa<::mlir::(TensorType)>\(\$_self\)$"), _is("tensor")),
    (re.compile(r"^::llvm::isa<::mlir::RankedTensorType>\(\$_self\)$"), lambda t: t.kind == "tensor" and t.dims is not None),
    (re.compile(r"^::llvm::isa<::mlir::UnrankedTensorType>\(\$_self\)$"), lambda t: t.kind == "tensor" and t.dims is None),
    (re.compile(r"^::llvm::isa<::mlir::MemRefType>\(\$_self\)$"), lambda t: t.kind == "memref" and t.dims is not None),
    (re.compile(r"^::llvm::isa<::mlir::UnrankedMemRefType>\(\$_self\)$"), lambda t: t.kind == "memref" and t.dims is None),
    (re.compile(r"^::llvm::isa<::mlir::BaseMemRefType>\(\$_self\)$"), _is("memref")),
    (re.compile(r"^::llvm::isa<::mlir::ShapedType>\(\$_self\)$"), _is("vector", "tensor", "memref")),
    (re.compile(r"^\$_self\.hasTrait<::mlir::ValueSemantics>\(\)$"), _is("vector", "tensor")),
    (re.compile(r"^::llvm::cast<::mlir::VectorType>\(\$_self\)\.getRank\(\) (>|==|>=) (\d+)$"), "rank"),
    (re.compile(r"^::llvm::cast<::mlir::VectorType>\(\$_self\)\.getNumElements\(\) == (\d+)$"), "elements"),
    (re.compile(r"^::llvm::isa<::mlir::LLVM::LLVMPointerType>\(\$_self\)$"), _is("llvm.ptr")),
    (re.compile(r"^::llvm::cast<::mlir::LLVM::LLVMPointerType>\(\$_self\)\.getAddressSpace\(\) == (\d+)$"), "space"),
    (re.compile(r"^::llvm::isa<::mlir::LLVM::LLVMStructType>\(\$_self\)$"), _is("llvm.struct")),
    (re.compile(r"^::llvm::isa<::mlir::LLVM::LLVMStructType, ::mlir::LLVM::LLVMArrayType>\(\$_self\)$"),
     _is("llvm.struct", "llvm.array")),
    (re.compile(r"^::llvm::isa<::mlir::LLVM::LLVMTokenType>\(\$_self\)$"), _is("llvm.token")),
    (re.compile(r"^::mlir::LLVM::isCompatibleOuterType\(\$_self\)$"), _llvm_compatible),
    (re.compile(r"^::mlir::LLVM::isCompatibleVectorType\(\$_self\)$"), _llvm_vector),
    (re.compile(r"^::mlir::LLVM::isCompatibleFloatingPointType\(\$_self\)$"),
     lambda t: t.kind == "float" and t.text in _LLVM_FLOATS),
    (re.compile(r"^::llvm::isa<::mlir::gpu::AsyncTokenType>\(\$_self\)$"), lambda t: t.text == "!gpu.async.token"),
]
_FLOAT_NAMES = {"F16": "f16", "BF16": "bf16", "F32": "f32", "F64": "f64", "F80": "f80", "F128": "f128", "TF32": "tf32"}


@lru_cache(maxsize=1024)
def _condition(code: str):
    """The Python test of one C++ condition, or None when this module does not know it."""
    code = " ".join(code.split())
    while code.startswith("(") and code.endswith(")") and _balanced(code[1:-1]):
        code = code[1:-1].strip()
    negate = False
    if code.startswith("!") and not code.startswith("!="):
        negate, code = True, code[1:].strip()
    width = _SIGNLESS_WIDTH.match(code)
    test = _width(int(width.group(1))) if width else None
    if test is None:
        for pattern, rule in _CONDITIONS:
            match = pattern.match(code)
            if match is None:
                continue
            if rule is None:
                name = _FLOAT_NAMES[match.group(1)]
                test = lambda t, name=name: t.kind == "float" and t.text == name
            elif rule == "rank":
                test = _rank(match.group(1), int(match.group(2)))
            elif rule == "elements":
                test = _elements(int(match.group(1)))
            elif rule == "space":
                test = _space(int(match.group(1)))
            else:
                test = rule
            break
    if test is None:
        return None
    if negate:
        return lambda t, test=test: None if (r := test(t)) is None else not r
    return test


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if depth < 0:
            return False
    return depth == 0


_ELEMENT_OF = re.compile(r"::llvm::cast<::mlir::(?:ShapedType|VectorType|MemRefType|TensorType)>\(\$_self\)\.getElementType\(\)")


def evaluate(predicate, t: TypeFacts) -> bool | None:
    """A predicate tree of mlir_ods.json applied to a type: True, False, or None (unknown)."""
    if predicate is None:
        return None
    kind = predicate[0]
    if kind == "c":
        test = _condition(predicate[1])
        return test(t) if test is not None else None
    if kind in ("concat", "subst"):
        # Concat's prefix/suffix, or SubstLeaves' replacement, applies the inner predicate to
        # the shaped type's element type; a SubstLeaves that renames `$_self` (to the lambda's
        # parameter) applies it to the same type.
        where = (predicate[1] or "") + (predicate[2] or "")
        if _ELEMENT_OF.search(where):
            return evaluate(predicate[3], t.element) if t.element is not None else None
        if kind == "subst" and re.fullmatch(r"\w+", predicate[2] or ""):
            return evaluate(predicate[3], t)
        return None
    results = [evaluate(child, t) for child in predicate[1:]]
    if kind == "not":
        return None if results[0] is None else not results[0]
    if kind == "and":
        return False if False in results else (None if None in results else True)
    if kind == "or":
        return True if True in results else (None if None in results else False)
    return None


def satisfies(constraint: dict | None, text: str) -> bool | None:
    """Whether the type written `text` satisfies a constraint entry of mlir_ods.json."""
    if constraint is None:
        return None
    t = facts(text)
    if t is None:
        return None
    return evaluate(constraint.get("predicate"), t)
