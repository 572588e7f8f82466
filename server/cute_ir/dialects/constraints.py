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
# MLIR's float types, by name (for messages that name the nearest one).
FLOAT_TYPE_NAMES = tuple(sorted(_FLOATS))
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


_PRINT_SPLIT = re.compile(r'("(?:[^"\\]|\\.)*")')


_LONE_COLON = re.compile(r"(?<!:):(?!:)")


@lru_cache(maxsize=4096)
def printed(text: str) -> str:
    """A type text with blanks dropped (ir/op_form.normalized) as MLIR prints it in a message:
    a blank after each comma and colon, around an arrow (`tensor<2xf32, "foo">`,
    `strided<[64, 16, 1], offset: 16>`, `(i32) -> i64`); strings as they are."""
    parts = _PRINT_SPLIT.split(text)
    for i in range(0, len(parts), 2):
        parts[i] = _LONE_COLON.sub(": ", parts[i].replace(",", ", ").replace("->", " -> "))
        if "strided<" in parts[i]:
            parts[i] = _ZERO_OFFSET.sub("]>", parts[i])    # StridedLayoutAttr prints no zero offset
        if "affine_map<" in parts[i]:
            # an affine expression's binary operators, as AffineExpr prints them (`d0 * s0 + d1`)
            parts[i] = _AFFINE_OPERATOR.sub(r" \1 ", parts[i])
    return "".join(parts)


_ZERO_OFFSET = re.compile(r"\],\s*offset:\s*0>")
_AFFINE_OPERATOR = re.compile(r"(?<=[\w)])\s*([*+]|-(?!>)|floordiv|ceildiv|mod)\s*(?=[\w(])")


# The storage width of each float type (mlir/lib/IR/BuiltinTypes.cpp, FloatType::getWidth).
_FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128, "tf32": 19,
                 "f4E2M1FN": 4, "f6E2M3FN": 6, "f6E3M2FN": 6}


def bit_width(t: TypeFacts | None) -> int | None:
    """An integer or float type's width (`getIntOrFloatBitWidth`); None for other types."""
    if t is None:
        return None
    if t.kind == "integer":
        return t.width
    if t.kind == "float":
        return _FLOAT_WIDTHS.get(t.text, 8 if t.text.startswith("f8") else None)
    return None


def encoding(t: TypeFacts) -> str | None:
    """A ranked tensor's encoding as written ("" for none); None for any other type."""
    if t.kind != "tensor" or t.dims is None:
        return None
    parameters = top_level_parameters(t.text[len("tensor<"):-1])
    return parameters[1].strip() if len(parameters) > 1 else ""


def compatible_shapes(texts: list[str | None]) -> bool | None:
    """`verifyCompatibleShapes` (mlir/lib/IR/TypeUtilities.cpp) over the types known: shaped and
    unshaped types do not mix, nor scalable and fixed vectors; ranked types have one rank and
    equal static sizes (`?` matches any, unranked ones are left out). None when no two types
    are known."""
    known = [t for text in texts if text is not None and (t := facts(text)) is not None]
    if len(known) < 2:
        return None
    shaped = [t.kind in ("vector", "tensor", "memref") for t in known]
    if any(shaped) and not all(shaped):
        return False
    if not any(shaped):
        return True
    scalable = [t.kind == "vector" and t.scalable for t in known]
    if any(scalable) and not all(scalable):
        return False
    ranked = [t.dims for t in known if t.dims is not None]
    if len({len(dims) for dims in ranked}) > 1:
        return False
    for sizes in zip(*ranked):
        if len({size for size in sizes if size is not None}) > 1:
            return False
    return True


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


# LLVMTargetExtType's properties by its name (LLVMTypes.cpp, after LLVM's own Type.cpp): the
# name prefixes and whole names that have each, as (prefixes, names).
TARGET_EXTENSION_PROPERTIES = {
    "memory_ops": (("spirv.",), ("aarch64.svcount",)),     # supportsMemOps: load, store, alloca
    "zero_init": (("spirv.",), ()),                         # HasZeroInit
    "global": (("spirv.",), ("amdgcn.named.barrier",)),     # CanBeGlobal
}
_TARGET_EXTENSION = re.compile(r'^!llvm\.target<\s*"([^"]*)"')


def target_extension(text: str | None) -> str | None:
    """The name of a target extension type `!llvm.target<"name", ...>`; None for another type."""
    match = _TARGET_EXTENSION.match(text.strip()) if text else None
    return match.group(1) if match else None


def target_extension_has(name: str, property: str) -> bool:
    prefixes, names = TARGET_EXTENSION_PROPERTIES[property]
    return name.startswith(prefixes) or name in names


def _llvm_loadable(t: TypeFacts) -> bool | None:
    """mlir::LLVM::isLoadableType, as far as it is told here: not void or a function, and a
    target extension type only one that supports memory operations."""
    if t.kind in ("llvm.void", "llvm.func"):
        return False
    name = target_extension(t.text) if t.kind == "llvm.target" else None
    return target_extension_has(name, "memory_ops") if name is not None else None


def _llvm_vector(t: TypeFacts) -> bool | None:
    """mlir::LLVM::isCompatibleVectorType: a vector of rank 1 of LLVM's scalars."""
    if t.kind == "vector" and t.dims is not None and len(t.dims) != 1:
        return False
    if t.kind != "vector" or t.dims is None or t.element is None:
        return False if t.kind != "vector" else None
    element = t.element
    if element.kind == "integer":
        return element.signedness == "signless"
    if element.kind == "float":
        return element.text in _LLVM_FLOATS
    return element.kind == "llvm.ptr" or None


def _rank(op: str, n: int, kinds: tuple[str, ...]):
    compare = {">": lambda a: a > n, "==": lambda a: a == n, ">=": lambda a: a >= n}[op]
    return lambda t: t.kind in kinds and t.dims is not None and compare(len(t.dims))


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
_CONDITIONS: list[tuple[str, object]] = [
    (r"^true$", lambda t: True),
    (r"^::llvm::isa<::mlir::IndexType>\(\$_self\)$", _is("index")),
    (r"^\$_self\.isSignlessInteger\(\)$", lambda t: t.kind == "integer" and t.signedness == "signless"),
    (r"^\$_self\.isSignedInteger\(\)$", lambda t: t.kind == "integer" and t.signedness == "signed"),
    (r"^\$_self\.isUnsignedInteger\(\)$", lambda t: t.kind == "integer" and t.signedness == "unsigned"),
    (r"^\$_self\.isSignlessIntOrIndex\(\)$",
     lambda t: t.kind == "index" or (t.kind == "integer" and t.signedness == "signless")),
    (r"^\$_self\.isSignlessIntOrIndexOrFloat\(\)$",
     lambda t: t.kind in ("index", "float") or (t.kind == "integer" and t.signedness == "signless")),
    (r"^\$_self\.isIntOrIndex\(\)$", _is("integer", "index")),
    (r"^\$_self\.isIntOrFloat\(\)$", _is("integer", "float")),
    (r"^\$_self\.isIntOrIndexOrFloat\(\)$", _is("integer", "index", "float")),
    (r"^::llvm::isa<::mlir::IntegerType>\(\$_self\)$", _is("integer")),
    (r"^::llvm::isa<::mlir::FloatType>\(\$_self\)$", _is("float")),
    (r"^\$_self\.is(F16|BF16|F32|F64|F80|F128|TF32)\(\)$", None),   # by name, below
    (r"^::llvm::isa<::mlir::NoneType>\(\$_self\)$", _is("none")),
    (r"^::llvm::isa<::mlir::ComplexType>\(\$_self\)$", _is("complex")),
    (r"^::llvm::isa<::mlir::TupleType>\(\$_self\)$", _is("tuple")),
    (r"^::llvm::isa<::mlir::FunctionType>\(\$_self\)$", _is("function")),
    (r"^::llvm::isa<::mlir::VectorType>\(\$_self\)$", _is("vector")),
    (r"^::llvm::isa<::mlir::FixedVectorType>\(\$_self\)$", lambda t: t.kind == "vector" and not t.scalable),
    (r"^::llvm::isa<::mlir::ScalableVectorType>\(\$_self\)$", lambda t: t.kind == "vector" and t.scalable),
    (r"^::llvm::isa<::mlir::(TensorType)>\(\$_self\)$", _is("tensor")),
    (r"^::llvm::isa<::mlir::RankedTensorType>\(\$_self\)$", lambda t: t.kind == "tensor" and t.dims is not None),
    (r"^::llvm::isa<::mlir::UnrankedTensorType>\(\$_self\)$", lambda t: t.kind == "tensor" and t.dims is None),
    (r"^::llvm::isa<::mlir::MemRefType>\(\$_self\)$", lambda t: t.kind == "memref" and t.dims is not None),
    (r"^::llvm::isa<::mlir::UnrankedMemRefType>\(\$_self\)$", lambda t: t.kind == "memref" and t.dims is None),
    (r"^::llvm::isa<::mlir::BaseMemRefType>\(\$_self\)$", _is("memref")),
    (r"^::llvm::isa<::mlir::ShapedType>\(\$_self\)$", _is("vector", "tensor", "memref")),
    (r"^\$_self\.hasTrait<::mlir::ValueSemantics>\(\)$", _is("vector", "tensor")),
    (r"^::llvm::cast<::mlir::VectorType>\(\$_self\)\.getRank\(\) (>|==|>=) (\d+)$", "rank"),
    (r"^::llvm::cast<::mlir::ShapedType>\(\$_self\)\.getRank\(\) (>|==|>=) (\d+)$", "shaped rank"),
    (r"^::llvm::cast<::mlir::ShapedType>\(\$_self\)\.hasRank\(\)$",
     lambda t: t.dims is not None if t.kind in ("vector", "tensor", "memref") else None),
    (r"^true$", lambda t: True),
    (r"^::llvm::cast<::mlir::VectorType>\(\$_self\)\.getNumElements\(\) == (\d+)$", "elements"),
    (r"^::llvm::isa<::mlir::LLVM::LLVMPointerType>\(\$_self\)$", _is("llvm.ptr")),
    (r"^::llvm::cast<::mlir::LLVM::LLVMPointerType>\(\$_self\)\.getAddressSpace\(\) == (\d+)$", "space"),
    (r"^::llvm::isa<::mlir::LLVM::LLVMStructType>\(\$_self\)$", _is("llvm.struct")),
    (r"^::llvm::isa<::mlir::LLVM::LLVMStructType, ::mlir::LLVM::LLVMArrayType>\(\$_self\)$",
     _is("llvm.struct", "llvm.array")),
    (r"^::llvm::isa<::mlir::LLVM::LLVMTokenType>\(\$_self\)$", _is("llvm.token")),
    (r"^::mlir::LLVM::isCompatibleOuterType\(\$_self\)$", _llvm_compatible),
    (r"^::mlir::LLVM::isCompatibleVectorType\(\$_self\)$", _llvm_vector),
    (r"^\(?mlir::LLVM::isLoadableType\(\$_self\)\)?$", _llvm_loadable),
    # (a target extension type has no pointer element type; of the others this reading cannot tell)
    (r"^::llvm::isa<::mlir::LLVM::PointerElementTypeInterface>\(\$_self\)$",
     lambda t: False if t.kind == "llvm.target" else None),
    (r"^::mlir::LLVM::isScalableVectorType\(\$_self\)$", lambda t: t.kind == "vector" and t.scalable),
    (r"^::mlir::LLVM::isCompatibleFloatingPointType\(\$_self\)$",
     lambda t: t.kind == "float" and t.text in _LLVM_FLOATS),
    (r"^::llvm::isa<::mlir::gpu::AsyncTokenType>\(\$_self\)$", lambda t: t.text == "!gpu.async.token"),
]
_FLOAT_NAMES = {"F16": "f16", "BF16": "bf16", "F32": "f32", "F64": "f64", "F80": "f80", "F128": "f128", "TF32": "tf32"}


_COMPILED: dict[int, list[tuple[re.Pattern, object]]] = {}


def _compiled(conditions: list[tuple[str, object]]) -> list[tuple[re.Pattern, object]]:
    """A table of conditions with its patterns compiled, once, when first read: most of the
    80 are never needed while a file's top is first shown."""
    found = _COMPILED.get(id(conditions))
    if found is None:
        found = _COMPILED[id(conditions)] = [(re.compile(pattern), rule) for pattern, rule in conditions]
    return found


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
        for pattern, rule in _compiled(_CONDITIONS):
            match = pattern.match(code)
            if match is None:
                continue
            if rule is None:
                name = _FLOAT_NAMES[match.group(1)]
                test = lambda t, name=name: t.kind == "float" and t.text == name
            elif rule in ("rank", "shaped rank"):
                test = _rank(match.group(1), int(match.group(2)),
                             ("vector",) if rule == "rank" else ("vector", "tensor", "memref"))
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


# ------------------------------------------------------------------------------- attributes
@dataclass(frozen=True)
class AttrFacts:
    """What a builtin attribute's text says, for attribute constraint predicates."""

    kind: str                   # integer (a BoolAttr too), float, string, array, dense_i32,
                                # dense_i64, dictionary, symbol, nested_symbol, unit, type, or other
    type: str | None = None     # an integer's or float's type (i64 when the text gives none),
                                # a type attribute's type
    value: int | None = None    # an integer's value (true: 1)
    boolean: bool = False
    items: tuple[str, ...] = ()     # an array's elements, as written


_INTEGER_ATTRIBUTE = re.compile(r"^(-?(?:0x[0-9a-fA-F]+|\d+))\s*(?::\s*(\S+))?$")
_FLOAT_ATTRIBUTE = re.compile(r"^-?\d+\.\d*(?:[eE][-+]?\d+)?\s*(?::\s*(\S+))?$")


@lru_cache(maxsize=4096)
def attribute_facts(text: str) -> AttrFacts | None:
    """The facts of an attribute written `text`; None when this reading cannot tell."""
    t = " ".join(text.split())
    match = _INTEGER_ATTRIBUTE.match(t)
    if match:
        return AttrFacts("integer", match.group(2) or "i64", int(match.group(1), 0))
    if t in ("true", "false"):
        return AttrFacts("integer", "i1", int(t == "true"), boolean=True)
    match = _FLOAT_ATTRIBUTE.match(t)
    if match:
        return AttrFacts("float", match.group(1) or "f64")
    if t.startswith('"'):
        return AttrFacts("string")
    dense = re.fullmatch(r"array<\s*i(32|64)\s*(?::(.*))?>", t, re.S)
    if dense is not None:
        values = tuple(v.strip() for v in (dense.group(2) or "").split(",") if v.strip())
        return AttrFacts(f"dense_i{dense.group(1)}", items=values)
    if t.startswith("array<i32"):
        return AttrFacts("dense_i32")
    if t.startswith("array<i64"):
        return AttrFacts("dense_i64")
    if t.startswith("[") and t.endswith("]"):
        inner = t[1:-1].strip()
        return AttrFacts("array", items=tuple(item.strip() for item in top_level_parameters(inner)) if inner else ())
    if t.startswith("["):
        return AttrFacts("array")
    if t.startswith("{"):
        return AttrFacts("dictionary")
    if t == "unit":
        return AttrFacts("unit")
    if re.fullmatch(r"@[\w$.]+|@\"[^\"]*\"", t):
        return AttrFacts("symbol")
    if re.fullmatch(r"(?:@[\w$.]+|@\"[^\"]*\")(?:\s*::\s*(?:@[\w$.]+|@\"[^\"]*\"))+", t):
        return AttrFacts("nested_symbol")      # a SymbolRefAttr that is not flat
    if facts(t) is not None:
        return AttrFacts("type", t)     # a type standing as an attribute: a TypeAttr
    return None


def attribute_type(text: str) -> str | None:
    """The type of a typed attribute written `text` (`1 : i32`; a bare integer is an i64, a
    float an f64, a boolean an i1, a string of type none); None when the text does not say."""
    t = " ".join(text.split())
    typed = re.match(r"^(?:dense<.*>|\[.*\]|\S+)\s*:\s*(.+)$", t)
    if t.startswith('"'):
        return "none" if re.fullmatch(r'"(?:[^"\\]|\\.)*"', t) else None
    a = attribute_facts(t)
    if a is not None and a.kind in ("integer", "float"):
        return normalized_type(a.type)
    if typed and (t.startswith("dense<") or t.startswith("sparse<")):
        return normalized_type(typed.group(1))
    return None


_TYPE_ALIAS = re.compile(r"[!#][A-Za-z_][\w$]*(?![\w$.])")


def normalized_type(text: str | None) -> str | None:
    """A type's text with the blanks outside strings dropped (as ir/op_form.normalized); None
    when it uses an alias (its meaning is in another statement)."""
    if text is None or _TYPE_ALIAS.search(re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)):
        return None
    return "".join(part if part.startswith('"') else re.sub(r"\s+", "", part)
                   for part in _PRINT_SPLIT.split(text) if part)


_INT_OF = r"::llvm::cast<::mlir::IntegerAttr>\(\$_self\)"
# The C++ conditions of attribute constraints known here: each a test of AttrFacts.
_ATTRIBUTE_CONDITIONS: list[tuple[str, object]] = [
    (r"^::llvm::isa<::mlir::IntegerAttr>\(\$_self\)$", lambda a: a.kind == "integer"),
    (r"^::llvm::isa<::mlir::BoolAttr>\(\$_self\)$", lambda a: a.boolean),
    (r"^::llvm::isa<::mlir::FloatAttr>\(\$_self\)$", lambda a: a.kind == "float"),
    (r"^::llvm::isa<::mlir::StringAttr>\(\$_self\)$", lambda a: a.kind == "string"),
    (r"^::llvm::isa<::mlir::ArrayAttr>\(\$_self\)$", lambda a: a.kind == "array"),
    (r"^::llvm::isa<::mlir::DictionaryAttr>\(\$_self\)$", lambda a: a.kind == "dictionary"),
    (r"^::llvm::isa<::mlir::UnitAttr>\(\$_self\)$", lambda a: a.kind == "unit"),
    (r"^::llvm::isa<::mlir::FlatSymbolRefAttr>\(\$_self\)$", lambda a: a.kind == "symbol"),
    (r"^::llvm::isa<::mlir::SymbolRefAttr>\(\$_self\)$", lambda a: a.kind in ("symbol", "nested_symbol")),
    (r"^::llvm::isa<::mlir::DenseI32ArrayAttr>\(\$_self\)$", lambda a: a.kind == "dense_i32"),
    (r"^::llvm::isa<::mlir::DenseI64ArrayAttr>\(\$_self\)$", lambda a: a.kind == "dense_i64"),
    (r"^" + _INT_OF + r"\.getType\(\)\.isSignlessInteger\((\d+)\)$",
     lambda a, n: a.kind == "integer" and a.type == f"i{n}"),
    (r"^::llvm::isa<::mlir::IndexType>\(" + _INT_OF + r"\.getType\(\)\)$",
     lambda a: a.kind == "integer" and a.type == "index"),
    (r"^" + _INT_OF + r"\.getValue\(\)\.isPowerOf2\(\)$",
     lambda a: a.kind == "integer" and a.value > 0 and a.value & (a.value - 1) == 0),
    (r"^" + _INT_OF + r"\.getValue\(\)\.isStrictlyPositive\(\)$",
     lambda a: a.kind == "integer" and a.value > 0),
    (r"^" + _INT_OF + r"\.getInt\(\) >= (-?\d+)$", lambda a, n: a.kind == "integer" and a.value >= int(n)),
    (r"^" + _INT_OF + r"\.getInt\(\) > (-?\d+)$", lambda a, n: a.kind == "integer" and a.value > int(n)),
    (r"^true$", lambda a: True),
    (r"^::llvm::isa<::mlir::TypeAttr>\(\$_self\)$", lambda a: a.kind == "type"),
    (r"^::llvm::cast<::mlir::ArrayAttr>\(\$_self\)\.size\(\) >= (\d+)$",
     lambda a, n: a.kind == "array" and len(a.items) >= int(n)),
    (r"^::llvm::cast<::mlir::DenseArrayAttr>\(\$_self\)\.size\(\) == (\d+)$",
     lambda a, n: a.kind in ("dense_i32", "dense_i64") and len(a.items) == int(n)),
    (r"^!\$_self$", lambda a: False),     # the attribute is written: it is present
    # a dialect's attribute (an interface's, a class's): none of the builtin kinds read here
    # (attribute_facts reads no dialect attribute, whose verdict stays unknown)
    (r"^\$_self\.hasPromiseOrImplementsInterface<::mlir::gpu::TargetAttrInterface>\(\)$",
     lambda a: False),
    (r"^::llvm::isa<::mlir::gpu::ObjectAttr>\(\$_self\)$", lambda a: False),
    (r"^::llvm::isa<::mlir::LLVM::AccessGroupAttr>\(\$_self\)$", lambda a: False),
    (r"^::llvm::isa<::mlir::FunctionType>\(::llvm::cast<::mlir::TypeAttr>\(\$_self\)\.getValue\(\)\)$",
     lambda a: a.kind == "type" and facts(a.type).kind == "function"),
]


def _attribute_condition(code: str):
    code = " ".join(code.split())
    while code.startswith("(") and code.endswith(")") and _balanced(code[1:-1]):
        code = code[1:-1].strip()
    for pattern, rule in _compiled(_ATTRIBUTE_CONDITIONS):
        match = pattern.match(code)
        if match is not None:
            return lambda a, rule=rule, args=match.groups(): rule(a, *args)
    return None


_ALL_OF_ARRAY = "::llvm::all_of(::llvm::cast<::mlir::ArrayAttr>($_self),"


def _evaluate_attribute(predicate, a: AttrFacts) -> bool | None:
    if predicate is None:
        return None
    kind = predicate[0]
    if kind == "c":
        test = _attribute_condition(predicate[1])
        return test(a) if test is not None else None
    if kind == "concat" and predicate[1].startswith(_ALL_OF_ARRAY) and len(predicate) > 3 \
            and predicate[3][:3] == ["subst", "$_self", "attr"]:
        # each element of an array (ODS's ArrayOf / TypedArrayAttrBase)
        if a.kind != "array":
            return None
        verdicts = [_evaluate_attribute(predicate[3][3], element) if (element := attribute_facts(item)) is not None
                    else None for item in a.items]
        return False if False in verdicts else (None if None in verdicts else True)
    if kind not in ("and", "or", "not"):
        return None
    results = [_evaluate_attribute(child, a) for child in predicate[1:]]
    if kind == "not":
        return None if results[0] is None else not results[0]
    if kind == "and":
        # `isa<IntegerAttr> && cast<IntegerAttr>(...)...`: what follows a failed test is not asked.
        for result in results:
            if result is not True:
                return result
        return True
    return True if True in results else (None if None in results else False)


def attribute_satisfies(constraint: dict | None, text: str) -> bool | None:
    """Whether the attribute written `text` satisfies an attribute constraint of mlir_ods.json."""
    if constraint is None or constraint.get("kind") != "AttrConstraint":
        return None
    a = attribute_facts(text)
    if a is None:
        return None
    cases = _INTEGER_CASES.match(constraint.get("summary") or "")
    if cases is not None:
        # An integer enum (I64EnumAttr) written in the generic form as its value: one of its
        # cases' values, which its summary lists.
        if a.kind != "integer" or a.boolean or a.value is None:
            return None
        width = f"i{cases.group(1)}"
        return a.type == width and a.value in {int(v) for v in cases.group(2).split(",")}
    return _evaluate_attribute(constraint.get("predicate"), a)


_INTEGER_CASES = re.compile(r"^allowed ([0-9]+)-bit signless integer cases: ([0-9, ]+)$")
