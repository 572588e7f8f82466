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

import threading
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
    """Op records by full name; `module` is MLIR's short spelling of `builtin.module`.

    Records may be added made (`add`) or to be made when first asked for (`add_lazy`: the 800
    and more upstream records, of which a document uses a few dozen); `traits` answers without
    making one, `__iter__` makes them all."""

    def __init__(self) -> None:
        self._ops: dict[str, OpDef] = {}
        # Every spelling of each op (its full name and those MLIR also prints it under): a
        # lookup is one dict read, made for every op of a function on every keystroke.
        self._spellings: dict[str, OpDef] = {}
        # Records not made yet: each spelling -> the full name, and how to make it.
        self._pending: dict[str, str] = {}
        self._pending_traits: dict[str, frozenset[Trait]] = {}
        self._make: dict[str, Callable[[str], OpDef]] = {}
        self._making = threading.Lock()

    def add(self, *ops: OpDef) -> None:
        for op in ops:
            if op.name in self._ops or op.name in self._make:
                raise ValueError(f"op {op.name} declared twice")
            self._ops[op.name] = op
            for spelling in (op.name, *short_spellings(op.name)):
                self._spellings[spelling] = op

    def add_lazy(self, traits: dict[str, frozenset[Trait]], make: Callable[[str], OpDef]) -> None:
        """Records of the ops `traits` names (each with its traits), made by `make(name)` when
        first asked for."""
        for name, its_traits in traits.items():
            if name in self._ops or name in self._make:
                raise ValueError(f"op {name} declared twice")
            self._make[name] = make
            self._pending_traits[name] = its_traits
            for spelling in (name, *short_spellings(name)):
                self._pending[spelling] = name

    def get(self, name: str) -> OpDef | None:
        found = self._spellings.get(name)
        if found is None and name in self._pending:
            with self._making:   # (the server's threads may ask for the same one)
                found = self._spellings.get(name)
                if found is None:
                    found = self._made(self._pending[name])
        return found

    def _made(self, name: str) -> OpDef:
        op = self._make.pop(name)(name)
        assert op.name == name and op.traits == self._pending_traits[name], name
        del self._pending_traits[name]
        self._ops[name] = op
        for spelling in (name, *short_spellings(name)):
            del self._pending[spelling]
            self._spellings[spelling] = op
        return op

    def has_trait(self, name: str, trait: Trait) -> bool:
        record = self.get(name)
        return record is not None and record.has(trait)

    def names(self) -> list[str]:
        """Every op's full name, sorted, without making a record."""
        return sorted((*self._ops, *self._make))

    def traits(self, name: str) -> frozenset[Trait]:
        """The traits of the op named so (its full name), without making its record."""
        made = self._ops.get(name)
        return made.traits if made is not None else self._pending_traits[name]

    def made(self) -> int:
        """How many records are made (the others wait to be asked for)."""
        return len(self._ops)

    def __iter__(self):
        with self._making:
            for name in list(self._make):
                self._made(name)
        return iter(sorted(self._ops.values(), key=lambda op: op.name))

    def __len__(self) -> int:
        return len(self._ops) + len(self._make)


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
