"""Op records: each op declared once, the way MLIR's ODS and xDSL's `irdl_op_definition` do.

An `OpDef` says what an op takes and gives (operands, results, attributes and properties,
regions, successors), its traits, and its documentation. Everything that needs to know an op
reads its record: lifting (which ops are isolated from above), the SSA checks (graph regions,
result and operand counts), hover and completion, and the generated docs.

Counts follow ODS: a definition is single, `optional` (0 or 1) or `variadic` (any number);
when a generic-form op has more than one non-single operand group it says how the operands
split with the `operandSegmentSizes` property (MLIR's `AttrSizedOperandSegments`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable

from ..tables.op_names import SHORT_NAMES


class Trait(str, Enum):
    ISOLATED_FROM_ABOVE = "IsolatedFromAbove"     # regions do not see values defined outside
    GRAPH_REGION = "GraphRegion"                  # regions are graphs: no dominance between ops
    TERMINATOR = "Terminator"                     # must end its block
    NO_TERMINATOR = "NoTerminator"                # its single block needs no terminator
    SYMBOL = "Symbol"                             # defines `@name`
    SYMBOL_TABLE = "SymbolTable"                  # its region holds symbols
    ATTR_SIZED_OPERAND_SEGMENTS = "AttrSizedOperandSegments"
    ATTR_SIZED_RESULT_SEGMENTS = "AttrSizedResultSegments"
    FUNCTION_LIKE = "FunctionOpInterface"         # a function: a symbol with a signature and a body
    SAME_OPERANDS_AND_RESULT_TYPE = "SameOperandsAndResultType"
    SAME_TYPE_OPERANDS = "SameTypeOperands"
    SAME_OPERANDS_AND_RESULT_SHAPE = "SameOperandsAndResultShape"
    SAME_OPERANDS_SHAPE = "SameOperandsShape"
    SAME_OPERANDS_ELEMENT_TYPE = "SameOperandsElementType"
    SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE = "SameOperandsAndResultElementType"
    RETURN_LIKE = "ReturnLike"                    # returns to its parent's results
    SINGLE_BLOCK = "SingleBlock"
    CONSTANT_LIKE = "ConstantLike"
    NO_REGION_ARGUMENTS = "NoRegionArguments"
    AUTOMATIC_ALLOCATION_SCOPE = "AutomaticAllocationScope"   # holds the stack allocations of its regions
    ELEMENTWISE = "Elementwise"                   # maps over the elements of vector / tensor operands
    AFFINE_SCOPE = "AffineScope"                  # its regions are where affine symbols are defined
    # The project's own kinds, for ops no public definition gives traits (the CuTe DSL's, known
    # by name: cute_dsl.DSL_KINDS says which op has which, and why).
    KERNEL = "cute-ir.Kernel"                     # a function that is a device kernel's entry
    APPLIES_ATOM = "cute-ir.AppliesAtom"          # applies the atom its first operand is (no instruction of its own)
    PASSES_ATOM = "cute-ir.PassesAtom"            # its result is its first operand's atom, a runtime field set
    DEVICE_ONLY = "cute-ir.DeviceOnly"            # reads memory or the running thread: only a kernel can run it


class Count(str, Enum):
    SINGLE = "single"
    OPTIONAL = "optional"
    VARIADIC = "variadic"


@dataclass(frozen=True)
class ValueDef:
    """An operand or result group."""

    name: str
    constraint: str = "any type"      # what the values must be, in words (ODS's summary)
    count: Count = Count.SINGLE
    doc: str = ""
    check: str | None = None          # the ODS type constraint that decides it (mlir_ods.CONSTRAINTS)


@dataclass(frozen=True)
class TypesMatch:
    """ODS `TypesMatchWith`: the type of value `to` is `transformer` applied to the type of `source`."""

    source: str
    to: str
    transformer: str
    summary: str


@dataclass(frozen=True)
class AttrDef:
    name: str
    constraint: str
    required: bool = True
    default: str | None = None
    property: bool = False            # a property (`<{...}>`) rather than a discardable attribute
    doc: str = ""
    check: str | None = None          # the ODS attribute constraint that decides it (mlir_ods.CONSTRAINTS)


@dataclass(frozen=True)
class OpDef:
    name: str
    summary: str
    operands: tuple[ValueDef, ...] = ()
    results: tuple[ValueDef, ...] = ()
    attributes: tuple[AttrDef, ...] = ()
    regions: int = 0
    successors: int | None = 0        # None: any number
    traits: frozenset[Trait] = field(default_factory=frozenset)
    syntax: str = ""                  # the custom form, for docs and hover
    example: str = ""
    source: str = ""                  # where the op is specified (a spec page, "mlir", "cute-dsl")
    note: str = ""                    # what else a reader of its documentation should know
    # The verifier hook: what the atom verifiers check the op as (cute_nvgpu/ops.py:
    # "make_atom", "mma", "copy"); None when they do not look at it.
    verifier: str | None = None
    builds: str | None = None         # the one atom mnemonic the op builds: its result type may be omitted
    variadic_regions: bool = False
    interfaces: frozenset[str] = field(default_factory=frozenset)
    parents: tuple[str, ...] = ()     # HasParent / ParentOneOf: the ops it must sit in
    implicit_terminator: str | None = None   # SingleBlockImplicitTerminator
    same_types: tuple[tuple[str, ...], ...] = ()   # AllTypesMatch groups, by value name
    types_match: tuple[TypesMatch, ...] = ()
    predicates: tuple[str, ...] = ()    # PredOpTrait summaries (verify/structure.py knows some)
    format: str = ""                  # the ODS assembly format, when the op has one (ir/op_form.py reads it)
    region_names: tuple[str, ...] = ()        # the regions' and successors' names in the format
    region_constraints: tuple[str, ...] = ()  # each region's ODS constraint, in words ("region with 1 blocks")
    successor_names: tuple[str, ...] = ()
    # The op's own verifier beyond what its definitions and traits say: called with what the
    # text says of one op (ir/ssa.OpSite), it returns MLIR's message (without the
    # `'name' op ` prefix unless it says otherwise) or None (verify/structure.py).
    check: Callable[[Any], Any] | None = field(default=None, compare=False)
    # What the op's own custom parser refuses as it reads a custom form, before anything is
    # verified (a `Placed` message, or None); same argument as `check`.
    parse: Callable[[Any], Any] | None = field(default=None, compare=False)
    # CastOpInterface is listed before SameOperandsAndResultShape (memref.cast): the cast's
    # compatibility (`check`) is verified before the shapes.
    cast_verified_first: bool = False

    @property
    def dialect(self) -> str:
        return self.name.split(".", 1)[0]

    def has(self, trait: Trait) -> bool:
        return trait in self.traits

    def result_count(self) -> tuple[int, int | None]:
        """(fewest, most) results; most is None when a result group is variadic."""
        return _count_range(self.results)

    def operand_count(self) -> tuple[int, int | None]:
        return _count_range(self.operands)

    def region_count(self) -> tuple[int, int | None]:
        return (self.regions - 1, None) if self.variadic_regions else (self.regions, self.regions)


def _count_range(groups: tuple[ValueDef, ...]) -> tuple[int, int | None]:
    fewest = sum(1 for g in groups if g.count is Count.SINGLE)
    most: int | None = sum(1 for g in groups if g.count is not Count.VARIADIC)
    if any(g.count is Count.VARIADIC for g in groups):
        most = None
    return fewest, most


class OpRegistry:
    """Op records by full name; `module` is MLIR's short spelling of `builtin.module`."""

    def __init__(self) -> None:
        self._ops: dict[str, OpDef] = {}
        # Every spelling of each op (its full name and those MLIR also prints it under): a
        # lookup is one dict read, made for every op of a function on every keystroke.
        self._spellings: dict[str, OpDef] = {}

    def add(self, *ops: OpDef) -> None:
        for op in ops:
            if op.name in self._ops:
                raise ValueError(f"op {op.name} declared twice")
            self._ops[op.name] = op
            for spelling in (op.name, *short_spellings(op.name)):
                self._spellings[spelling] = op

    def get(self, name: str) -> OpDef | None:
        return self._spellings.get(name)

    def has_trait(self, name: str, trait: Trait) -> bool:
        record = self.get(name)
        return record is not None and record.has(trait)

    def __iter__(self):
        return iter(sorted(self._ops.values(), key=lambda op: op.name))

    def __len__(self) -> int:
        return len(self._ops)


def canonical_name(name: str) -> str:
    """An op's full name: MLIR prints some builtin and func ops without their dialect."""
    return SHORT_NAMES.get(name, name)


def short_spellings(name: str) -> tuple[str, ...]:
    """The names MLIR also prints an op under (`module` for `builtin.module`)."""
    return tuple(short for short, full in SHORT_NAMES.items() if full == name)


def single(name: str, constraint: str = "any type", doc: str = "") -> ValueDef:
    return ValueDef(name, constraint, Count.SINGLE, doc)


def optional(name: str, constraint: str = "any type", doc: str = "") -> ValueDef:
    return ValueDef(name, constraint, Count.OPTIONAL, doc)


def variadic(name: str, constraint: str = "any type", doc: str = "") -> ValueDef:
    return ValueDef(name, constraint, Count.VARIADIC, doc)
