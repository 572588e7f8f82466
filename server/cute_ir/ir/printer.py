"""Print the rewritable IR (`ir/core.py`) in MLIR's generic form.

`%0 = "d.op"(%a, %b)[^bb1] <{prop = 1}> ({ ... }) {attr = 2} : (i32, i32) -> i32`, with SSA
names taken from the names the user wrote where they are unique and free, numbered otherwise,
and block labels `^bb0`, `^bb1`, ... per region unless the user named them. Locations are
printed on request as `loc(...)` of the user's byte range, so the output stays valid MLIR.

Iterative: nesting depth is the user's, so the printer keeps its own stack.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..text.location import Location, provenance, source_span
from .core import Block, Operation, Region, Value

INDENT = "  "


@dataclass
class PrintOptions:
    locations: bool = False          # print `loc(...)` after each op


class _Names:
    """SSA and block names, unique in the printed module."""

    def __init__(self) -> None:
        self.values: dict[int, str] = {}
        self.taken: set[str] = set()
        self.next_number = 0
        self.blocks: dict[int, str] = {}

    def value(self, value: Value) -> str:
        name = self.values.get(id(value))
        if name is None:
            name = self._fresh(value.name_hint)
            self.values[id(value)] = name
        return "%" + name

    def _fresh(self, hint: str | None) -> str:
        if hint and hint not in self.taken and not hint.isdigit():
            self.taken.add(hint)
            return hint
        while str(self.next_number) in self.taken:
            self.next_number += 1
        name = str(self.next_number)
        self.taken.add(name)
        self.next_number += 1
        return name

    def block(self, block: Block, index: int) -> str:
        name = self.blocks.get(id(block))
        if name is None:
            name = "^" + (block.label or f"bb{index}")
            self.blocks[id(block)] = name
        return name


def _location_text(location: Location) -> str:
    span = source_span(location)
    where = f'"bytes":{span.start}:{span.end}' if span is not None else "unknown"
    passes = provenance(location)
    return f'loc({where})' if not passes else f'loc(fused["{"/".join(passes)}"][{where}])'


def _attribute_dict(attributes: dict) -> str:
    return "{" + ", ".join(name if value.text == "unit" else f"{name} = {value}"
                           for name, value in attributes.items()) + "}"


def print_ops(ops: list[Operation], options: PrintOptions | None = None) -> str:
    """The generic form of `ops` (top-level ops of a module body or a unit), one per line."""
    options = options or PrintOptions()
    names = _Names()
    lines: list[str] = []
    # Work items: ("op", op, depth) prints an op header; ("close", text, depth) a closing line;
    # ("block", (block, index, region_has_one_entry), depth) a block label.
    work: list[tuple[str, object, int]] = [("op", op, 0) for op in reversed(ops)]
    while work:
        kind, item, depth = work.pop()
        pad = INDENT * depth
        if kind == "close":
            lines.append(pad + str(item))
        elif kind == "block":
            block, index, show = item
            if show:
                args = ", ".join(f"{names.value(a)}: {a.type}" for a in block.arguments)
                label = names.block(block, index)
                lines.append(INDENT * (depth - 1) + (f"{label}({args}):" if args else f"{label}:"))
        else:
            op = item
            assert isinstance(op, Operation)
            head, tail = _op_text(op, names)
            if options.locations:
                tail += " " + _location_text(op.location)
            if not op.regions:
                lines.append(pad + head + tail)
                continue
            lines.append(pad + head + " ({")
            closing: list[tuple[str, object, int]] = [("close", "})" + tail, depth)]
            for r_index in range(len(op.regions) - 1, -1, -1):
                region = op.regions[r_index]
                if r_index > 0:
                    closing.append(("close", "}, {", depth))
                closing.extend(_region_items(region, depth + 1))
            work.extend(closing)
    return "\n".join(lines) + ("\n" if lines else "")


def _region_items(region: Region, depth: int) -> list[tuple[str, object, int]]:
    """Work items for a region's blocks, in reverse (they are pushed on a stack)."""
    items: list[tuple[str, object, int]] = []
    for b_index, block in enumerate(region.blocks):
        show = b_index > 0 or bool(block.arguments)
        items.append(("block", (block, b_index, show), depth))
        items.extend(("op", op, depth) for op in block.operations)
    items.reverse()
    return items


def _op_text(op: Operation, names: _Names) -> tuple[str, str]:
    """The op up to its regions, and what follows them (attributes and the type)."""
    results = ", ".join(names.value(r) for r in op.results)
    head = (results + " = " if results else "") + f'"{op.name}"(' + ", ".join(names.value(v) for v in op.operands) + ")"
    if op.successors:
        head += "[" + ", ".join(_successor_name(op, block, names) for block in op.successors) + "]"
    if op.properties:
        head += " <" + _attribute_dict(op.properties) + ">"
    tail = ""
    if op.attributes:
        tail += " " + _attribute_dict(op.attributes)
    operand_types = ", ".join(str(v.type) for v in op.operands)
    result_types = [str(r.type) for r in op.results]
    results_text = result_types[0] if len(result_types) == 1 and not result_types[0].startswith("(") \
        else "(" + ", ".join(result_types) + ")"
    tail += f" : ({operand_types}) -> {results_text}"
    return head, tail


def _successor_name(op: Operation, block: Block, names: _Names) -> str:
    region = block.parent
    index = region.blocks.index(block) if region is not None and block in region.blocks else 0
    return names.block(block, index)
