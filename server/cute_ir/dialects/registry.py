"""Every op record the project knows, by name: the one place parsers, checks and docs ask."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from difflib import SequenceMatcher, get_close_matches
from os.path import commonprefix
from typing import Callable

from .cute_dsl import DSL_DIALECTS, DSL_FAMILIES, dsl_records, dsl_traits
from .ods import OpDef, OpRegistry, Trait, short_spellings
from .cute_nvgpu.ops import APPLYING_OPS, OPS as CUTE_NVGPU_OPS, is_cute_nvgpu_op
from .cute_nvgpu.tma_ops import TMA_OPS
from .nv_tileas.async_tma import ASYNC_TMA_OPS
from .nv_tileas.copy import COPY_OP as TILEAS_COPY
from .nv_tileas.dot import DOT_OP
from .nv_tileas.memops import MEMOPS
from .mlir_ods import CPP_OPS as MLIR_CPP_OPS, DIALECTS as MLIR_DIALECTS, TRAITS as MLIR_TRAITS, record as mlir_record

# The `cuda` dialect of CuTe DSL dumps. A kernel is a function like gpu.func: the DSL outlines
# each kernel and passes it everything through its arguments (a launch names the kernel by
# symbol and hands it its operands), so its body sees no value from outside: it is isolated
# from above (the DSL's own parser says "'arith.addi' op using value defined outside the
# region ... required by region isolation constraints" of a kernel body using an outer value),
# and the SSA checks report a name its body does not define. Like every function of MLIR's
# dialects it is an allocation scope: its dumps hold `memref.alloca` in kernel bodies. Every
# one is a kernel's entry (KERNEL): the DSL prints its host functions as `func.func`.
CUDA_DSL_OPS = (
    OpDef("cuda.kernel", "A device kernel as CuTe DSL prints it (`cuda.kernel @kernel_...(...) { ... }`).",
          regions=1, traits=frozenset({Trait.SYMBOL, Trait.FUNCTION_LIKE, Trait.ISOLATED_FROM_ABOVE,
                                       Trait.AUTOMATIC_ALLOCATION_SCOPE, Trait.KERNEL}),
          source="cute-dsl"),
)

OPS = OpRegistry()
OPS.add_lazy(MLIR_TRAITS, mlir_record)
# The TMA family's descriptor builder is TileAS's op (nv_tileas.make_tiled_tma_desc).
OPS.add(*MLIR_CPP_OPS, *CUDA_DSL_OPS, *CUTE_NVGPU_OPS, *(op for op in TMA_OPS if not is_cute_nvgpu_op(op.name)),
        *MEMOPS, *ASYNC_TMA_OPS, TILEAS_COPY, DOT_OP)
OPS.add(*dsl_records(set(OPS.names())))

# Dialects whose every op has a record: a name they lack is an unknown op (an error, as in
# mlir-opt). The DSL's dialects are known by the names its dumps print: a name they lack is a
# warning (the DSL may print one its corpus never did).
CLOSED_DIALECTS = MLIR_DIALECTS | {"cute_nvgpu"}
_BY_DIALECT: dict[str, list[str]] = {}
for _name in OPS.names():
    _BY_DIALECT.setdefault(_name.split(".", 1)[0], []).append(_name)


@dataclass(frozen=True)
class UnknownOp:
    dialect: str
    nearest: str | None      # the known op of the dialect whose name is closest
    certain: bool            # the dialect's ops are all known (an error), or only as printed (a warning)


def unknown_op(name: str) -> UnknownOp | None:
    """What to say of an op name no record has, when its dialect is one cute-ir knows; None
    for a known op or a dialect cute-ir has no records for."""
    if "." not in name or record(name) is not None:
        return None
    dialect = name.split(".", 1)[0]
    if dialect in CLOSED_DIALECTS:
        if name.startswith(DSL_FAMILIES):
            return UnknownOp(dialect, _nearest(name, dialect), certain=False)
        return UnknownOp(dialect, _nearest(name, dialect), certain=True)
    if dialect in DSL_DIALECTS:
        return UnknownOp(dialect, _nearest(name, dialect), certain=False)
    return None


def _nearest(name: str, dialect: str) -> str | None:
    """The op of the dialect whose name is closest (the part after the dialect's prefix,
    which they all share, compared), if one is close."""
    prefix = dialect + "."
    word = name[len(prefix):]
    close = get_close_matches(word, [n[len(prefix):] for n in _BY_DIALECT.get(dialect, ())], n=5, cutoff=0.6)
    if not close:
        return None
    # Equally close names: the one that shares the longest start with the name written.
    best = max(close, key=lambda c: (SequenceMatcher(None, word, c).ratio(), len(commonprefix([word, c]))))
    return prefix + best


def known_dialect(dialect: str) -> bool:
    """Whether cute-ir has records of this dialect (an unregistered one is the user's own)."""
    return dialect in _BY_DIALECT or dialect in DSL_DIALECTS


def record(name: str) -> OpDef | None:
    return OPS.get(name)


def has_trait(name: str, trait: Trait) -> bool:
    """Whether an op's record has the trait; for a DSL name no record has, whether its family
    has the kind (cute_dsl.DSL_KINDS: `cute.arch.*`)."""
    found = record(name)
    return trait in (found.traits if found is not None else dsl_traits(name))


def applies_atom(name: str) -> bool:
    """Whether an op applies the atom its first operand is: cute_nvgpu's MMAs, copies and TMA
    transfers (by their verifier hook), and the DSL's `cute.gemm` / `cute.copy` (APPLIES_ATOM)."""
    # Kept by name: the lowering and its check ask it of every op of a unit, at each keystroke.
    found = _APPLIES_ATOM.get(name)
    if found is None:
        found = name in APPLYING_OPS or has_trait(name, Trait.APPLIES_ATOM)
        if len(_APPLIES_ATOM) < 4096:   # (op names come in few kinds; a file of made-up ones does not grow it)
            _APPLIES_ATOM[name] = found
    return found


_APPLIES_ATOM: dict[str, bool] = {}


def passes_atom(name: str) -> bool:
    """Whether an op's result is the atom its first operand is, with a runtime field set (the
    CuTe DSL's `cute_nvgpu.atom.set_value`): what applies the result applies that atom."""
    return has_trait(name, Trait.PASSES_ATOM)


def returns_to(name: str, parent: Callable[[str], bool]) -> bool:
    """Whether an op ends the region of an op `parent` accepts and hands it its values:
    ReturnLike, with such an op among those it must sit in (HasParent / ParentOneOf:
    `func.return` in `func.func`, `scf.yield` in `scf.for`, ...)."""
    found = record(name)
    return found is not None and found.has(Trait.RETURN_LIKE) and any(parent(p) for p in found.parents)


def runs_region_once(name: str) -> bool:
    """Whether an op runs its one region once, so each of its results has one source: a region
    branch op (RegionBranchOpInterface) with a single region that is not a loop
    (LoopLikeOpInterface): `scf.execute_region`, `memref.alloca_scope`."""
    found = record(name)
    return (found is not None and "RegionBranchOpInterface" in found.interfaces
            and "LoopLikeOpInterface" not in found.interfaces and found.region_count() == (1, 1))


def is_function(name: str) -> bool:
    """Whether an op is a function (FunctionOpInterface: func.func, gpu.func, llvm.func,
    cuda.kernel); in dialects without records, by its name (`tt.func`, MLIR's old `func`)."""
    found = record(name)
    if found is not None:
        return found.has(Trait.FUNCTION_LIKE)
    return name == "func" or name.endswith(".func")


def is_module(name: str) -> bool:
    """Whether an op is a module: a symbol table without a terminator (builtin.module,
    gpu.module); in dialects without records, by its name (`spirv.module`)."""
    found = record(name)
    if found is not None:
        return found.has(Trait.SYMBOL_TABLE) and found.has(Trait.NO_TERMINATOR)
    return name.endswith("module")


def defines_symbol(name: str) -> bool:
    """Whether an op named so defines the `@name` its custom form writes first (`func.func
    @f`, `gpu.module @m`): ops whose record has the Symbol trait, and, in dialects without
    records here, functions and modules by their names (`tt.func`, `spirv.module`)."""
    return has_trait(name, Trait.SYMBOL) or (record(name) is None and name.endswith((".func", "module")))


def is_builtin_module(name: str) -> bool:
    """Whether an op is MLIR's builtin module (`builtin.module`, or `module` as MLIR prints
    it): the root op a pipeline runs on and a document's one top-level op."""
    found = record(name)
    return found is not None and found.name == "builtin.module"


def _module_like(traits: frozenset[Trait]) -> bool:
    """A module whose statements are units of their own: a symbol table (its statements are
    the symbols other units look up), isolated from above (nothing in it uses a value from
    outside, so each statement is read alone), one block without a terminator (its body is a
    list of statements, none of them its end): builtin.module and gpu.module. llvm.comdat is a
    symbol table without a terminator too, but its region is not isolated: its selectors stay
    in its own unit."""
    return all(t in traits for t in (Trait.SYMBOL_TABLE, Trait.ISOLATED_FROM_ABOVE, Trait.SINGLE_BLOCK,
                                     Trait.NO_TERMINATOR))


def _with_short_spellings(names: frozenset[str]) -> frozenset[str]:
    return names | frozenset(short for name in names for short in short_spellings(name))


# Computed once (from the traits alone: no record is made for it): analysis/ scans the text for
# these names at each keystroke.
CONTAINER_OPS: frozenset[str] = _with_short_spellings(frozenset(
    name for name in OPS.names() if _module_like(OPS.traits(name))))

# The ops that define a symbol of the symbol table around them, which a unit of its own may
# be (analysis/symbols.py reads the definition from the unit's text): Symbol, and not a symbol
# table (a module is a container, its symbols are its statements' own; a comdat holds its
# selectors). Functions (func.func, gpu.func, llvm.func, cuda.kernel), globals
# (memref.global, llvm.mlir.global), llvm.mlir.alias / ifunc, gpu.binary, llvm.comdat_selector.
SYMBOL_DEFINERS: frozenset[str] = _with_short_spellings(frozenset(
    name for name in OPS.names() if Trait.SYMBOL in OPS.traits(name) and Trait.SYMBOL_TABLE not in OPS.traits(name)))


def _integral(constraint: str) -> bool:
    """Whether an operand or result constraint (ODS's summary, in words) admits integers or
    indices only (`signless-integer-like`, `index`; a cast's `... or memref of signless-integer`)."""
    words = constraint.lower().replace(" or memref of signless-integer", "")
    return ("integer" in words or words == "index") and "float" not in words and "memref" not in words


def _integer_arithmetic(op: OpDef) -> bool:
    return ("NoMemoryEffect" in op.interfaces and not op.regions and not op.has(Trait.DEVICE_ONLY)
            and (op.has(Trait.CONSTANT_LIKE)
                 or (bool(op.operands) and all(_integral(v.constraint) for v in (*op.operands, *op.results)))))


# Integer arithmetic: ops whose records declare no memory effect (NoMemoryEffect) and no
# region, computing integers or indices from integers or indices (`arith.addi`, `index_cast`,
# `index.mul`, ...), and constants (ConstantLike). Computing one again wherever its operands
# are defined gives the same value: what an emitter may recompute ahead of where it was written.
# Made when first asked (by the emitters): it reads every record.
@cache
def _integer_arithmetic_ops() -> frozenset[str]:
    return frozenset(op.name for op in OPS if _integer_arithmetic(op))


def is_integer_arithmetic(name: str) -> bool:
    return name in _integer_arithmetic_ops()
