"""The IR model: operations, values, blocks, regions, types and attributes, with byte spans.

Built from the CST one unit at a time (see analysis/units.py); nothing here keeps tree-sitter
nodes, so a unit's IR stays valid while the rest of the document changes around it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..diagnostics import Span


class ValueKind(Enum):
    RESULT = "result"                  # %r = op ...
    BLOCK_ARGUMENT = "block argument"  # ^bb(%a: i32) or func.func @f(%a: i32)
    BOUND = "bound"                    # bound by a custom op body: scf.for %iv = ..., iter_args(%acc = ...)


@dataclass
class TypeRef:
    text: str
    span: Span
    kind: str                  # CST node kind: cute_nvgpu_type, memref_type, float_type, ...


@dataclass
class Attribute:
    name: str
    span: Span
    value: str | None
    value_span: Span | None


@dataclass
class Value:
    name: str                  # "%x" (a group `%r:2` defines "%r" with count 2)
    span: Span                 # the defining token
    kind: ValueKind
    owner: "Operation | Block | None" = None
    count: int = 1             # results in a group (`%r:2`)
    type: TypeRef | None = None

    @property
    def description(self) -> str:
        return self.kind.value


@dataclass
class Use:
    name: str                  # "%x"
    span: Span                 # the whole use, "%x#1" included
    name_span: Span            # just "%x"
    index: int | None = None


@dataclass
class Successor:
    label: str
    span: Span


@dataclass
class Operation:
    name: str
    span: Span
    name_span: Span
    form: str                                   # "custom", "generic", "alias", "opaque"
    results: list[Value] = field(default_factory=list)
    operands: list[Use] = field(default_factory=list)
    successors: list[Successor] = field(default_factory=list)
    regions: list["Region"] = field(default_factory=list)
    attributes: list[Attribute] = field(default_factory=list)
    types: list[TypeRef] = field(default_factory=list)        # every type written in the op
    result_types: list[TypeRef] = field(default_factory=list)
    symbol: tuple[str, Span] | None = None                    # `func.func @name`
    bound: list[Value] = field(default_factory=list)          # values bound by the body

    def walk(self):
        yield self
        for region in self.regions:
            for block in region.blocks:
                for op in block.operations:
                    yield from op.walk()


@dataclass
class Block:
    label: str | None
    label_span: Span | None
    span: Span
    arguments: list[Value] = field(default_factory=list)
    operations: list[Operation] = field(default_factory=list)


@dataclass
class Region:
    span: Span
    blocks: list[Block] = field(default_factory=list)


@dataclass
class UnitIR:
    """The IR of one unit (a top-level statement or a statement of a top-level module)."""

    span: Span
    operations: list[Operation]
    definitions: dict[str, list[Value]]
    uses: dict[str, list[Use]]
    labels: dict[str, list[Block]]
    label_uses: dict[str, list[Span]]
    symbols: dict[str, Span]

    def all_operations(self):
        for op in self.operations:
            yield from op.walk()

    def value_at(self, offset: int) -> tuple[str, Span] | None:
        """The SSA name (defined or used) whose token covers `offset`."""
        for name, values in self.definitions.items():
            for v in values:
                if v.span.start <= offset <= v.span.end:
                    return name, v.span
        for name, uses in self.uses.items():
            for u in uses:
                if u.name_span.start <= offset <= u.name_span.end:
                    return name, u.name_span
        return None

    def label_at(self, offset: int) -> tuple[str, Span] | None:
        for name, blocks in self.labels.items():
            for b in blocks:
                if b.label_span and b.label_span.start <= offset <= b.label_span.end:
                    return name, b.label_span
        for name, spans in self.label_uses.items():
            for s in spans:
                if s.start <= offset <= s.end:
                    return name, s
        return None
