"""Print the rewritable IR (`ir/core.py`) as MLIR text.

An op with an assembly template (a custom form the project keeps as written, `ir/lift.py`)
prints through it, with holes filled from the current IR; every other op prints in MLIR's
generic form: `%0 = "d.op"(%a, %b)[^bb1] <{prop = 1}> ({ ... }) {attr = 2} : (i32, i32) -> i32`.
SSA names are the ones the user wrote where they are still unique, numbers otherwise; an op
with several results names them as a group (`%r:2`, used as `%r#1`), as MLIR prints them.
Block labels are the user's or `^bbN`. A `loc(...)` the user wrote is printed back; with
`PrintOptions.locations`, ops without one get `loc("bytes":start:end)` and a pass's output
`loc(fused["pass"][...])`, so the output stays valid MLIR.

With a `Layout` (`PrintOptions.layout`, what formatting gives: features/format.py) the printer
keeps what the user wrote where the IR is still what they wrote: SSA names and result groups as
written (never renumbered), comments and blank lines between ops, the space (or none) between an
op's name and its custom body, and each op's continuation lines moved with the op.

Iterative: nesting depth is the user's, so the printer keeps its own stack.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol, Sequence

from ..text.location import Location, provenance, source_span, written
from ..dialects.ods import Trait
from ..dialects.registry import has_trait
from .core import Block, Hole, Operation, Region, Value

INDENT = "  "


class Layout(Protocol):
    """The text around and inside the ops as written, for printing them back as a formatter."""

    def before(self, anchor: "Operation | Block | Region") -> tuple[str, list[str]]:
        """What was written before `anchor` (an op, a block label printed, or the closing
        brace of a region) since the previous one: a comment that ended the previous line
        ("" when none), then the comment lines, "" standing for a blank line."""

    def signature(self, op: Operation) -> str | None:
        """A generic op's type as written (`(i32, i32) -> ()`): a wrong one is the user's to
        see, not the printer's to mend."""

    def name_gap(self, op: Operation) -> str:
        """What separates `op`'s name from its custom body: " ", or "" when written together
        (`cute.get_iter(%t)`)."""

    def reflow(self, op: Operation, chunk: str, indent: str) -> str:
        """A chunk of `op`'s text, its first line to stand at `indent`: runs of blanks made
        one, and the lines it continues on moved as far as the op moved."""


@dataclass
class PrintOptions:
    locations: bool = False          # a location after every op, not only those the user wrote
    layout: Layout | None = None     # formatting: names, comments and line breaks as written


class _Names:
    """SSA and block names, unique in the printed text."""

    def __init__(self) -> None:
        self.values: dict[Value, str] = {}
        self.taken: set[str] = set()
        self.next_number = 0
        self.blocks: dict[Block, str] = {}
        self.next_block = 0

    def value(self, value: Value) -> str:
        name = self.values.get(value)
        if name is None:
            name = "%" + self.fresh(value.name_hint)
            self.values[value] = name
        return name

    def results(self, op: Operation) -> str:
        """The result list of `op` (`%a`, `%r:2`), naming its results."""
        if len(op.results) == 1:
            return self.value(op.results[0])
        group = "%" + self.fresh(op.results[0].name_hint)
        for i, result in enumerate(op.results):
            self.values[result] = f"{group}#{i}"
        return f"{group}:{len(op.results)}"

    def fresh(self, hint: str | None) -> str:
        if hint and hint not in self.taken and not hint.isdigit():
            self.taken.add(hint)
            return hint
        while str(self.next_number) in self.taken:
            self.next_number += 1
        name = str(self.next_number)
        self.taken.add(name)
        self.next_number += 1
        return name

    def block(self, block: Block) -> str:
        name = self.blocks.get(block)
        if name is None:
            label = block.label
            if not label or label in self.blocks.values():
                label = f"bb{self.next_block}"
                self.next_block += 1
            name = "^" + label
            self.blocks[block] = name
        return name


class _WrittenNames(_Names):
    """Names as the user wrote them, for formatting: the text parsed, so its names resolve
    (a name may stand again in a sibling region, as MLIR allows), and results keep their
    grouping (`%a, %b = ...` stays two names, `%r:2` one)."""

    def fresh(self, hint: str | None) -> str:
        return hint if hint else super().fresh(hint)

    def results(self, op: Operation) -> str:
        groups: list[list[Value]] = []
        for result in op.results:
            if groups and result.name_hint and groups[-1][0].name_hint == result.name_hint:
                groups[-1].append(result)
            else:
                groups.append([result])
        names = []
        for group in groups:
            name = "%" + self.fresh(group[0].name_hint)
            if len(group) == 1:
                self.values[group[0]] = name
                names.append(name)
                continue
            for i, result in enumerate(group):
                self.values[result] = f"{name}#{i}"
            names.append(f"{name}:{len(group)}")
        return ", ".join(names)

    def block(self, block: Block) -> str:
        if block.label:
            return self.blocks.setdefault(block, "^" + block.label)
        return super().block(block)


def _location_text(location: Location) -> str:
    declared = written(location)
    if declared is not None:
        return declared
    span = source_span(location)
    where = f'"bytes":{span.start}:{span.end}' if span is not None else "unknown"
    passes = provenance(location)
    return f"loc({where})" if not passes else f'loc(fused["{"/".join(passes)}"][{where}])'


_BARE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")


def attribute_name(name: str) -> str:
    """`name` as an attribute dictionary key: bare where MLIR allows it, else quoted
    (`"nv_tileas.num-host-tmas"`)."""
    return name if _BARE_NAME.fullmatch(name) else '"' + name.replace('"', '\\"') + '"'


def attribute_dictionary(attributes: dict) -> str:
    return "{" + ", ".join(attribute_name(name) if value.text == "unit" else f"{attribute_name(name)} = {value}"
                           for name, value in attributes.items()) + "}"


# Work items on the printer's stack.
_OP, _LINE, _BLOCK = 0, 1, 2


def print_ops(ops: Sequence[Operation], options: PrintOptions | None = None,
              aliases: Sequence[tuple[str, str]] = (),
              line_origins: list[tuple[int, Operation]] | None = None, depth: int = 0) -> str:
    """`ops` (the top-level ops of a document, or any ops), one per line, after `aliases`,
    indented `depth` levels. `line_origins`, when given, receives (0-based line, op) for the
    first line of each op."""
    options = options or PrintOptions()
    layout = options.layout
    naming = _WrittenNames if layout is not None else _Names
    top = naming()
    lines: list[str] = [f"{name} = {text}" for name, text in aliases]
    work: list[tuple[int, object, int, _Names]] = [(_OP, op, depth, top) for op in reversed(ops)]
    counted = text_lines = 0       # entries of `lines` counted so far, and their text lines

    def written_before(anchor: Operation | Block | Region, depth: int) -> None:
        trailing, between = layout.before(anchor)
        if trailing and lines:
            lines[-1] += " " + trailing
        lines.extend(INDENT * depth + line if line else "" for line in between)

    while work:
        kind, item, depth, names = work.pop()
        if kind == _LINE:
            region, text = item
            if layout is not None:
                written_before(region, depth + 1)     # comments above the `}` are inside the region
            lines.append(INDENT * depth + text)
        elif kind == _BLOCK:
            block, show = item
            if show:
                if layout is not None:
                    written_before(block, depth)
                args = ", ".join(f"{names.value(a)}: {a.type}" for a in block.arguments)
                label = names.block(block)
                lines.append(INDENT * depth + (f"{label}({args}):" if args else f"{label}:"))
        else:
            assert isinstance(item, Operation)
            # As MLIR's printer does, names start afresh inside an op isolated from above (a
            # function): its body cannot refer to outer values, so each function reads alone.
            inner = naming() if has_trait(item.name, Trait.ISOLATED_FROM_ABOVE) else names
            chunks, hidden_entry = _op_chunks(item, names, options, inner)
            if layout is not None:
                written_before(item, depth)
                chunks = [layout.reflow(item, chunk, INDENT * depth) for chunk in chunks]
            if line_origins is not None:
                # An entry may span lines (a custom form kept as written): count text lines.
                while counted < len(lines):
                    text_lines += lines[counted].count("\n") + 1
                    counted += 1
                line_origins.append((text_lines, item))
            # chunks: the text before the first region, between regions, after the last.
            pending: list[tuple[int, object, int, _Names]] = []
            for index, region in enumerate(item.regions):
                pending.extend(_region_items(region, depth + 1, inner,
                                             hide_entry_label=hidden_entry and index == 0))
                pending.append((_LINE, (region, chunks[index + 1]), depth, names))
            lines.append(INDENT * depth + chunks[0])
            work.extend(reversed(pending))
    return "\n".join(lines) + ("\n" if lines else "")


def _region_items(region: Region, depth: int, names: _Names,
                  hide_entry_label: bool) -> list[tuple[int, object, int, _Names]]:
    items: list[tuple[int, object, int, _Names]] = []
    for index, block in enumerate(region.blocks):
        show = index > 0 or (bool(block.arguments) and not hide_entry_label)
        items.append((_BLOCK, (block, show), depth - 1, names))
        items.extend((_OP, op, depth, names) for op in block.operations)
    return items


def _op_chunks(op: Operation, names: _Names, options: PrintOptions,
               inner: _Names) -> tuple[list[str], bool]:
    """The op's text split at its regions (len = regions + 1), and whether the first region's
    entry arguments are printed by the op itself (bound in its custom form). `names` names
    what the op uses and defines, `inner` what its regions define."""
    results = (names.results(op) + " = ") if op.results else ""
    location = ""
    if options.locations or written(op.location) is not None:
        location = " " + _location_text(op.location)
    if op.assembly is not None:
        binds = any(isinstance(p, Hole) and p.kind == "bound" for p in op.assembly.pieces)
        gap = options.layout.name_gap(op) if options.layout is not None else " "
        return _custom_chunks(op, names, results, location, inner, gap), binds
    head = results + f'"{op.name}"(' + ", ".join(names.value(v) for v in op.operands) + ")"
    if op.successors:
        head += "[" + ", ".join(names.block(b) for b in op.successors) + "]"
    if op.properties:
        head += " <" + attribute_dictionary(op.properties) + ">"
    tail = ""
    if op.attributes:
        tail += " " + attribute_dictionary(op.attributes)
    signature = options.layout.signature(op) if options.layout is not None else None
    if signature is None:
        result_types = [str(r.type) for r in op.results]
        results_text = result_types[0] if len(result_types) == 1 and not result_types[0].startswith("(") \
            else "(" + ", ".join(result_types) + ")"
        signature = "(" + ", ".join(str(v.type) for v in op.operands) + ") -> " + results_text
    tail += " : " + signature + location
    if not op.regions:
        return [head + tail], False
    return [head + " ({"] + ["}, {"] * (len(op.regions) - 1) + ["})" + tail], False


def _custom_chunks(op: Operation, names: _Names, results: str, location: str, inner: _Names,
                   gap: str = " ") -> list[str]:
    entry = op.regions[0].entry if op.regions else None
    chunks: list[str] = []
    current = results + op.name + gap
    for piece in op.assembly.pieces:
        if isinstance(piece, str):
            current += piece
            continue
        if piece.kind == "operand":
            current += names.value(op.operands[piece.index])
        elif piece.kind == "bound":
            current += inner.value(entry.arguments[piece.index]) if entry is not None else "%<<unbound>>"
        elif piece.kind == "successor":
            current += names.block(op.successors[piece.index])
        elif piece.kind == "location":
            current += location.strip()
            location = ""
        elif piece.kind == "region":
            chunks.append(current + "{")
            current = "}"
    chunks.append((current + location).rstrip() if not current.endswith("\n") else current)
    return chunks
