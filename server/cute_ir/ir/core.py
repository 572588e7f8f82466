"""The rewritable IR: operations, blocks, regions and values with use lists and parent links.

The shape is MLIR's: an `Operation` owns its result values and its regions, sits in a
`Block`, and refers to the values it takes through `OpOperand` uses, so every value knows its
users and `replace_all_uses_with` is exact. A `Block` owns its arguments and an ordered list of
operations; a `Region` owns blocks. Every object has a `Location` (`text/location.py`), so a
pass's output still points at the user's text.

Types and attributes are immutable values that are their printed form. What a type says (a
cute_nvgpu atom, a CuTe layout, a memref's shape) is `Type.parsed`, read once per distinct
text (`ir/reading.py`); attribute values are read by `ir/attributes.py`.

Source spans for hover, rename and go-to-definition do not live here: like MLIR's
`AsmParserState`, the source index is kept beside the IR, not inside it.

No method recurses over nesting depth: `walk` keeps its own stack.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Sequence

from ..text.location import UNKNOWN, Location


_new_object = object.__new__


class IRError(Exception):
    """A misuse of the IR API by a pass (not a problem in the user's text)."""


@dataclass(frozen=True)
class Type:
    """A type, by its printed form (`i32`, `!cute_nvgpu.sm90.mma<...>`)."""

    text: str

    @property
    def parsed(self) -> Any:
        """What the type's text says, read once per distinct text (`ir/reading.py`): a cute_nvgpu
        type, a CuTe layout, a builtin shaped type, or None."""
        from .reading import read_type      # reading imports the dialects, which sit on the IR's text
        return read_type(self.text)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Attribute:
    """An attribute value, by its printed form (`42 : i32`, `#cute.layout<...>`, `unit`)."""

    text: str

    def __str__(self) -> str:
        return self.text


UNIT = Attribute("unit")


@dataclass(frozen=True)
class Hole:
    """A place in an op's assembly template that the printer fills from the IR."""

    kind: str            # "operand", "bound" (an entry-block argument of region 0), "successor", "region"
    index: int


@dataclass(frozen=True)
class Template:
    """A custom-form op's assembly: literal text between holes.

    For ops whose dialect format is not modelled: the printer renders the literal text as
    written and fills the holes with the current IR (operand names, printed regions), so the
    op round-trips and still takes part in rewriting.
    """

    pieces: tuple["str | Hole", ...]


class Value:
    """Something an operation can take: an op's result or a block's argument."""

    __slots__ = ("type", "uses", "name_hint")

    def __init__(self, type: Type, name_hint: str | None = None) -> None:
        self.type = type
        self.uses: list[OpOperand] = []
        self.name_hint = name_hint          # the SSA name the user wrote, without `%`

    @property
    def users(self) -> list["Operation"]:
        """The operations that take this value, once each, in use order."""
        seen: dict[int, Operation] = {}
        for use in self.uses:
            seen.setdefault(id(use.owner), use.owner)
        return list(seen.values())

    def has_uses(self) -> bool:
        return bool(self.uses)

    def replace_all_uses_with(self, other: "Value") -> None:
        if other is self:
            return
        for use in list(self.uses):
            use.set(other)


class OpResult(Value):
    __slots__ = ("owner", "index")

    def __init__(self, type: Type, owner: "Operation", index: int) -> None:
        super().__init__(type)
        self.owner = owner
        self.index = index

    @classmethod
    def made(cls, type: Type, owner: "Operation", index: int) -> "OpResult":
        """`OpResult(type, owner, index)`, its fields set here (the same as `__init__`'s, without
        its call of `Value.__init__`: one result of every op lifted at each keystroke)."""
        result = _new_object(cls)
        result.type = type
        result.uses = []
        result.name_hint = None
        result.owner = owner
        result.index = index
        return result


class BlockArgument(Value):
    __slots__ = ("owner", "index", "location")

    def __init__(self, type: Type, owner: "Block", index: int, location: Location = UNKNOWN) -> None:
        super().__init__(type)
        self.owner = owner
        self.index = index
        self.location = location


class OpOperand:
    """One use of a value by an operation: keeps the value's use list in step."""

    __slots__ = ("owner", "index", "value")

    def __init__(self, owner: "Operation", index: int, value: Value) -> None:
        self.owner = owner
        self.index = index
        self.value = value
        value.uses.append(self)

    def set(self, value: Value) -> None:
        if value is self.value:
            return
        self._drop()
        self.value = value
        value.uses.append(self)

    def _drop(self) -> None:
        uses = self.value.uses
        for i, use in enumerate(uses):
            if use is self:
                del uses[i]
                return


class Operation:
    """One op: name, operands, results, attributes, properties, regions, successors."""

    def __init__(self, name: str, operands: Sequence[Value] = (), result_types: Sequence[Type] = (),
                 attributes: dict[str, Attribute] | None = None,
                 properties: dict[str, Attribute] | None = None,
                 regions: int | Sequence["Region"] = 0, successors: Sequence["Block"] = (),
                 location: Location = UNKNOWN) -> None:
        self.name = name
        self.location = location
        self.assembly: Template | None = None       # custom form, when no dialect format is known
        self.parent: Block | None = None
        self.attributes: dict[str, Attribute] = dict(attributes) if attributes else {}
        self.properties: dict[str, Attribute] = dict(properties) if properties else {}
        self.successors: list[Block] = list(successors)
        self._operands: list[OpOperand] = [OpOperand(self, i, v) for i, v in enumerate(operands)] if operands else []
        self.results: list[OpResult] = [OpResult(t, self, i) for i, t in enumerate(result_types)] if result_types else []
        self.regions: list[Region] = []
        if regions:   # (the lift makes every op with none, and adds its regions itself)
            for region in (Region() for _ in range(regions)) if isinstance(regions, int) else regions:
                self.add_region(region)

    @classmethod
    def lifted(cls, name: str, location: Location, result_types: Sequence[Type]) -> "Operation":
        """`Operation(name, result_types=result_types, location=location)`, made field by field:
        the lift makes every op of a unit at each keystroke (ir/lift.py `instantiate`), and
        `__init__`'s general arguments cost a third of that. The same fields as `__init__`
        sets; its results are made likewise (`OpResult.made`)."""
        op = _new_object(cls)
        op.name = name
        op.location = location
        op.assembly = None
        op.parent = None
        op.attributes = {}
        op.properties = {}
        op.successors = []
        op._operands = []
        op.results = [OpResult.made(t, op, i) for i, t in enumerate(result_types)] if result_types else []
        op.regions = []
        return op

    def __repr__(self) -> str:
        return f"<Operation {self.name} at {self.location}>"

    # ---------------------------------------------------------------- structure
    @property
    def dialect(self) -> str:
        return self.name.split(".", 1)[0]

    @property
    def operands(self) -> list[Value]:
        return [use.value for use in self._operands]

    def operand(self, index: int) -> Value:
        """The `index`th operand, without the list `operands` builds."""
        return self._operands[index].value

    @property
    def num_operands(self) -> int:
        return len(self._operands)

    @property
    def operand_uses(self) -> list[OpOperand]:
        return list(self._operands)

    @property
    def result(self) -> OpResult:
        if len(self.results) != 1:
            raise IRError(f"`{self.name}` has {len(self.results)} results, not one")
        return self.results[0]

    @property
    def parent_region(self) -> "Region | None":
        return self.parent.parent if self.parent is not None else None

    @property
    def parent_op(self) -> "Operation | None":
        region = self.parent_region
        return region.parent if region is not None else None

    def add_region(self, region: "Region | None" = None) -> "Region":
        region = region if region is not None else Region()
        if region.parent is not None:
            raise IRError("the region already belongs to an operation")
        region.parent = self
        self.regions.append(region)
        return region

    def walk(self) -> Iterator["Operation"]:
        """This op and every op nested in it, in textual (pre-)order."""
        stack: list[Operation] = [self]
        while stack:
            op = stack.pop()
            yield op
            if op.regions:   # (most ops have none: the verifiers walk every op of a unit, each keystroke)
                stack.extend(reversed([inner for region in op.regions for block in region.blocks
                                       for inner in block.operations]))

    def is_ancestor_of(self, other: "Operation") -> bool:
        current: Operation | None = other
        while current is not None:
            if current is self:
                return True
            current = current.parent_op
        return False

    # ---------------------------------------------------------------- operands
    def set_operand(self, index: int, value: Value) -> None:
        self._operands[index].set(value)

    def set_operands(self, values: Sequence[Value]) -> None:
        for use in self._operands:
            use._drop()
        self._operands = [OpOperand(self, i, v) for i, v in enumerate(values)]

    def replace_all_uses_with(self, replacement: "Operation | Sequence[Value]") -> None:
        values = replacement.results if isinstance(replacement, Operation) else list(replacement)
        if len(values) != len(self.results):
            raise IRError(f"`{self.name}` has {len(self.results)} results but {len(values)} replacements")
        for old, new in zip(self.results, values):
            old.replace_all_uses_with(new)

    def clone(self, mapping: dict[Value, Value]) -> "Operation":
        """A detached copy of this op (which must have no regions): operands through `mapping`
        (values not in it are kept), results added to `mapping`."""
        if self.regions or self.successors:
            raise IRError(f"cannot clone `{self.name}`: only ops without regions or successors are cloned")
        copy = Operation(self.name, [mapping.get(v, v) for v in self.operands], [r.type for r in self.results],
                         self.attributes, self.properties, location=self.location)
        copy.assembly = self.assembly
        for old, new in zip(self.results, copy.results):
            new.name_hint = old.name_hint
            mapping[old] = new
        return copy

    # ---------------------------------------------------------------- placement
    def detach(self) -> "Operation":
        """Take the op out of its block, keeping it whole (to be inserted elsewhere)."""
        if self.parent is not None:
            self.parent._remove(self)
        return self

    def move_before(self, anchor: "Operation") -> None:
        block = _block_of(anchor)
        self.detach()
        block.insert(block.index_of(anchor), self)

    def move_after(self, anchor: "Operation") -> None:
        block = _block_of(anchor)
        self.detach()
        block.insert(block.index_of(anchor) + 1, self)

    def erase(self) -> None:
        """Remove the op and everything nested in it; its results must be unused outside it."""
        inside = list(self.walk())
        members = {id(op) for op in inside}
        for op in inside:
            for result in op.results:
                if any(id(use.owner) not in members for use in result.uses):
                    raise IRError(f"cannot erase `{op.name}`: a result is still used")
        self.detach()
        for op in inside:
            for use in op._operands:
                use._drop()
            op._operands = []


class Block:
    """An ordered list of operations with arguments, inside a region."""

    def __init__(self, argument_types: Iterable[Type] = (), label: str | None = None) -> None:
        self.parent: Region | None = None
        self.label = label                  # the `^name` the user wrote, without `^`
        self.arguments: list[BlockArgument] = []
        self.operations: list[Operation] = []
        for t in argument_types:
            self.add_argument(t)

    def __repr__(self) -> str:
        return f"<Block ^{self.label or '?'} with {len(self.operations)} ops>"

    @property
    def parent_op(self) -> Operation | None:
        return self.parent.parent if self.parent is not None else None

    def add_argument(self, type: Type, location: Location = UNKNOWN) -> BlockArgument:
        argument = BlockArgument(type, self, len(self.arguments), location)
        self.arguments.append(argument)
        return argument

    def erase_argument(self, index: int) -> None:
        if self.arguments[index].has_uses():
            raise IRError(f"cannot erase argument #{index}: it is still used")
        del self.arguments[index]
        for i, argument in enumerate(self.arguments):
            argument.index = i

    def index_of(self, op: Operation) -> int:
        for i, candidate in enumerate(self.operations):
            if candidate is op:
                return i
        raise IRError(f"`{op.name}` is not in this block")

    def insert(self, index: int, op: Operation) -> Operation:
        if op.parent is not None:
            raise IRError(f"`{op.name}` is already in a block; detach it first")
        op.parent = self
        self.operations.insert(index, op)
        return op

    def append(self, op: Operation) -> Operation:
        return self.insert(len(self.operations), op)

    @property
    def terminator(self) -> Operation | None:
        return self.operations[-1] if self.operations else None

    def _remove(self, op: Operation) -> None:
        del self.operations[self.index_of(op)]
        op.parent = None


class Region:
    """A list of blocks owned by an operation; the first block is the entry."""

    def __init__(self, blocks: Iterable[Block] = ()) -> None:
        self.parent: Operation | None = None
        self.blocks: list[Block] = []
        for block in blocks:
            self.append(block)

    @property
    def entry(self) -> Block | None:
        return self.blocks[0] if self.blocks else None

    def append(self, block: Block) -> Block:
        if block.parent is not None:
            raise IRError("the block already belongs to a region")
        block.parent = self
        self.blocks.append(block)
        return block


def _block_of(op: Operation) -> Block:
    if op.parent is None:
        raise IRError(f"`{op.name}` is not in a block")
    return op.parent


def copy_operations(operations: Sequence[Operation]) -> list[Operation]:
    """A copy of `operations` and everything nested in them, for a pass to rewrite while the
    originals stay as they are: the same names, types, attributes, locations, assembly, block
    labels and successors, with every value they define and use their own (a value used but
    defined elsewhere, which only unresolved text gives, becomes a new value of that type).
    Walked iteratively: nesting depth is the user's."""
    values: dict[Value, Value] = {}
    blocks: dict[Block, Block] = {}
    pairs: list[tuple[Operation, Operation]] = []
    copies: list[Operation] = []
    # (op to copy, the block its copy goes in, or None for a top-level op)
    stack: list[tuple[Operation, Block | None]] = [(op, None) for op in reversed(operations)]
    while stack:
        op, into = stack.pop()
        copy = Operation(op.name, (), [r.type for r in op.results], op.attributes, op.properties,
                         location=op.location)
        copy.assembly = op.assembly
        for old, new in zip(op.results, copy.results):
            new.name_hint = old.name_hint
            values[old] = new
        pairs.append((op, copy))
        if into is None:
            copies.append(copy)
        else:
            into.append(copy)
        nested: list[tuple[Operation, Block]] = []
        for region in op.regions:
            copied_region = copy.add_region()
            for block in region.blocks:
                copied_block = copied_region.append(Block(label=block.label))
                blocks[block] = copied_block
                for argument in block.arguments:
                    values[argument] = copied_argument = copied_block.add_argument(argument.type, argument.location)
                    copied_argument.name_hint = argument.name_hint
                nested.extend((inner, copied_block) for inner in block.operations)
        stack.extend(reversed(nested))
    for op, copy in pairs:
        operands = []
        for value in op.operands:
            if value not in values:
                values[value] = Value(value.type, value.name_hint)
            operands.append(values[value])
        copy.set_operands(operands)
        copy.successors = [blocks.get(block, block) for block in op.successors]
    return copies


def value_numbers(operations: Iterable["Operation"]) -> dict[Value, int]:
    """Each value the ops and the ops nested in them define, numbered in definition order
    (block arguments before the ops of their region): names aside, what tells values apart."""
    numbers: dict[Value, int] = {}
    for top in operations:
        for op in top.walk():
            for region in op.regions:
                for block in region.blocks:
                    for argument in block.arguments:
                        numbers.setdefault(argument, len(numbers))
            for result in op.results:
                numbers.setdefault(result, len(numbers))
    return numbers
