"""Hover: what the thing under the cursor is, as a kernel engineer wants to read it."""
from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from ..analysis import DocumentAnalysis
from ..diagnostics import Span
from ..passes.lower_atoms import NOT_LOWERED_CODE, STOPPED_CODE
from ..dialects.cute_nvgpu.types import is_cute_nvgpu_type
from ..ir.core import BlockArgument, OpResult
from ..ir.lift import UNDEFINED, UNKNOWN_TYPE
from ..layout import cosize, format_layout, has_scaled_basis, is_static, parse_layout, rank, size
from .descriptors import descriptor_fields
from .document_target import explain
from .tileas_memop import HOVERED as TMA_HOVERED, SECTIONS, memop_section
from .tma_partition import partition_at, partition_section
from .cards import (
    applied_operand, atom_at_type, atom_of_op_at, atom_of_value, builds_atom_from_attributes,
    contract_card, enum_card, op_card, type_card,
)
from ..syntax.cst import span as _span, text as _text
from .lifted import lifted_unit_at
from .navigation import symbol_definitions

# Types a value has when its text does not write one.
UNWRITTEN_TYPES = frozenset({UNDEFINED.text, UNKNOWN_TYPE.text})


@dataclass(frozen=True)
class HoverResult:
    markdown: str
    span: Span


class _Ancestry:
    """The nodes from the root down to an offset, found with one cursor descent. Asking a node
    for its parent costs the depth (tree-sitter searches from the root down), and nesting
    depth is the user's: hover answers from this path instead."""

    def __init__(self, root: Node, offset: int) -> None:
        cursor = root.walk()
        self.path = [cursor.node]
        while cursor.goto_first_child_for_byte(offset) is not None:
            self.path.append(cursor.node)

    def _above(self, node: Node):
        for candidate in reversed(self.path):
            if candidate.start_byte <= node.start_byte and node.end_byte <= candidate.end_byte and candidate != node:
                yield candidate

    def enclosing(self, node: Node | None, kind: str) -> Node | None:
        if node is None or node.type == kind:
            return node
        return next((n for n in self._above(node) if n.type == kind), None)

    def parent(self, node: Node) -> Node | None:
        return next(self._above(node), None)


def _op_attributes(op: Node | None) -> dict[str, str]:
    """`key = value` entries written in an op's attribute dictionaries."""
    out: dict[str, str] = {}
    if op is None:
        return out
    stack = [op]
    while stack:
        n = stack.pop()
        if n.type == "attribute_entry":
            key = n.child_by_field_name("name")
            value = n.child_by_field_name("value")
            out[_text(key)] = _text(value)
            continue
        if n.type == "region":
            continue
        stack.extend(n.named_children)
    return out


def _layout_card(node: Node) -> str:
    body = node.child_by_field_name("body")
    text = _text(body)
    parsed = parse_layout(text)
    lines = [f"**CuTe layout** `{_text(node)}`"]
    if parsed.error is not None:
        lines.append(f"\nCannot read the layout: {parsed.error.message}")
        return "\n".join(lines)
    layout = parsed.value
    facts = [("canonical", f"`{format_layout(layout)}`")]
    for label, fn in (("rank", rank), ("size", size), ("cosize", cosize)):
        try:
            value = fn(layout)
        except Exception:  # an operation the layout kind does not support
            value = None
        facts.append((label, "dynamic" if value is None else str(value)))
    facts.append(("static", "yes" if is_static(layout) else "no"))
    facts.append(("scaled basis", "yes" if has_scaled_basis(layout) else "no"))
    lines += ["", "| | |", "|---|---|"] + [f"| {k} | {v} |" for k, v in facts]
    return "\n".join(lines)


_DESCRIPTOR_MNEMONICS = frozenset({"smem_desc", "smem_desc_view"})


def _field_value(value: int | str | None) -> str:
    if value is None:
        return "unknown"
    return f"{value} (0x{value:x})" if isinstance(value, int) else str(value)


def _bits(low: int | None, width: int | None) -> str:
    return "—" if low is None or width is None else f"{low}-{low + width - 1}"


def _descriptor_section(analysis: DocumentAnalysis, offset: int) -> str:
    """The bit fields of the descriptor at `offset`, as a table ("" when there is none)."""
    view = descriptor_fields(analysis, offset)
    if view is None or not view.fields:
        return ""
    rows = [f"| `{f.name}` | {_bits(f.low, f.width)} | "
            f"{_field_value(f.value)} | {f.meaning} |"
            for f in view.fields if not f.name.startswith("reserved")]
    return "\n\n**" + view.title + "**\n\n| field | bits | value | meaning |\n|---|---|---|---|\n" + "\n".join(rows)


def prepare(analysis: DocumentAnalysis, offset: int) -> None:
    """Compute what a hover in the unit at `offset` reads that is found once per text of the
    unit, the costly part of the first hover after a keystroke: the TileAS load and store
    sections (`SECTIONS`, from the default pipeline's stages the unit's analysis runs) and the
    TMA partition results (`UnitAnalysis.tma_partitions`). So the first hover after typing
    there is a lookup: the server calls this when typing pauses."""
    unit = analysis.unit_at(offset)
    if unit is None or unit.shell:
        return
    analysis.for_unit(unit, SECTIONS)
    analysis.unit_analysis(unit).tma_partitions()


def hover(analysis: DocumentAnalysis, offset: int) -> HoverResult | None:
    node = analysis.node_at(offset)
    if node is None:
        return None
    ancestry = _Ancestry(analysis.tree_for(analysis.unit_at(offset)).root_node, offset)
    enclosing = ancestry.enclosing
    parent = ancestry.parent(node)
    cute = enclosing(node, "cute_nvgpu_type")
    layout = enclosing(node, "cute_layout")
    if layout is not None and (cute is None or layout.start_byte > cute.start_byte):
        return HoverResult(_layout_card(layout), _span(layout))
    alias = enclosing(node, "type_alias")
    if alias is not None and (cute is None or alias.start_byte > cute.start_byte):
        return _alias_hover(analysis, alias)
    if cute is not None:
        # Inside a universal_copy enum parameter: explain the enum.
        for kind in ("memory_order", "memory_scope"):
            param = enclosing(node, kind)
            if param is not None and param.start_byte >= cute.start_byte:
                return HoverResult(enum_card("mem_order" if kind == "memory_order" else "mem_scope"), _span(param))
        ty, diags = analysis.cute_type(cute)
        attributes = _op_attributes(enclosing(cute, "operation"))
        located = atom_at_type(analysis, cute) if ty.row is not None else None
        if located is not None:
            card = contract_card(located.atom, located.type, analysis.target_arch, attributes)
        else:
            card = type_card(ty, attributes, analysis.target_arch)
        if ty.row is not None:
            card += target_note(analysis)
        if diags:
            card += "\n\n---\n" + "\n".join(f"- {d.message}" for d in diags)
        if ty.mnemonic in _DESCRIPTOR_MNEMONICS or ty.mnemonic.startswith("sm100."):
            card += _descriptor_section(analysis, offset)
        return HoverResult(card, _span(cute))
    if node.type == "symbol":
        return _symbol_hover(analysis, node)
    if node.type in ("value_id", "result_index") or parent is not None and parent.type == "value_use":
        return _value_hover(analysis, offset)
    if node.type == "caret_id" or node.type == "successor":
        return _label_hover(analysis, offset)
    name = enclosing(node, "op_name")
    if name is None and node.type == "string" and parent is not None and parent.type == "operation" \
            and parent.child_by_field_name("name") == node:
        name = node
    if name is not None:
        op_text = _text(name).strip('"')
        # An op that produces a descriptor (or builds a UMMA atom) also shows the bit fields; a
        # TMA atom or partition op, what the partition verifier learned.
        partition = partition_at(analysis, name.start_byte)
        extra = "\n\n---\n\n" + partition_section(partition) if partition is not None else ""
        memop = memop_section(analysis, name.start_byte) if op_text in TMA_HOVERED else None
        extra += "\n\n---\n\n" + memop if memop else ""
        return HoverResult(_op_hover(analysis, op_text, name) + _descriptor_section(analysis, offset) + extra,
                           _span(name))
    entry = enclosing(node, "attribute_entry")
    named = enclosing(node, "attribute_alias")
    if named is not None and entry is None:
        return _attribute_alias_hover(analysis, named, parent)
    if entry is not None:
        key = _text(entry.child_by_field_name("name"))
        value = entry.child_by_field_name("value")
        op = enclosing(entry, "operation")
        owner = _text(op.child_by_field_name("name")) if op is not None else "?"
        shown = f" = `{_text(value)}`" if value is not None else " (unit attribute)"
        # An attribute alias: what it stands for, as the verifiers and passes read it.
        aliased = _through_aliases(analysis, _text(value)) if value is not None and value.type == "attribute_alias" else None
        stands = "" if aliased is None else (
            f"\n\n`{_text(value)}` stands for `{aliased.text}` (defined on line "
            f"{analysis.document.position(aliased.span.start).line + 1})")
        return HoverResult(f"**attribute `{key}`**{shown} of `{owner.strip(chr(34))}`{stands}", _span(entry))
    attr = enclosing(node, "dialect_attribute")
    if attr is not None:
        return HoverResult(f"**dialect attribute** `{_text(attr)}`", _span(attr))
    return None


# A type or attribute that is only another alias's name (`!a = !b`, `#a = #b`).
_ALIAS_NAME = re.compile(r"[!#][\w.$-]+")
_ATOM_TYPE = "!cute_nvgpu."


def _through_aliases(analysis: DocumentAnalysis, name: str):
    """What alias `name` finally stands for (`WrittenType`), through aliases of aliases, each
    once (a cycle is MLIR's parser's error, not a hang here); None when it is not defined."""
    written, seen = analysis.alias_type(name), {name}
    while written is not None and _ALIAS_NAME.fullmatch(written.text.strip()) and written.text.strip() not in seen:
        seen.add(written.text.strip())
        written = analysis.alias_type(written.text.strip())
    return written


def _attribute_alias_hover(analysis: DocumentAnalysis, node: Node, parent: Node | None) -> HoverResult:
    """An attribute alias outside an op's attribute dictionary (whose hover names it too): its
    definition's name, or a use in a type (`memref<8xf16, #map, 3>`). What it stands for, as
    the verifiers and passes read it; a location alias (`#loc = loc(...)`), which the alias
    table leaves out, says what its definition writes."""
    name = _text(node)
    written = _through_aliases(analysis, name)
    if written is not None:
        line = analysis.document.position(written.span.start).line + 1
        return HoverResult(f"**attribute alias `{name}`** stands for `{written.text}` (defined on line {line})",
                           _span(node))
    value = parent.child_by_field_name("value") if parent is not None and parent.type == "attribute_alias_definition" \
        else None
    if value is not None:
        return HoverResult(f"**attribute alias `{name}`** = `{_text(value)}`", _span(node))
    return HoverResult(f"**attribute alias `{name}`**: not defined in this file", _span(node))


def _alias_hover(analysis: DocumentAnalysis, node: Node) -> HoverResult | None:
    """A type alias (its name or a use): the card of the type it stands for, as hovering that
    type in the alias's definition gives it, under a line naming the alias. CuTe DSL dumps
    write every atom type once, as an alias, and their ops write the alias."""
    name = _text(node)
    written = _through_aliases(analysis, name)
    if written is None:
        return HoverResult(f"**type alias `{name}`**: not defined in this file", _span(node))
    line = analysis.document.position(written.span.start).line + 1
    head = f"**type alias `{name}`**, defined on line {line}"
    # The card of the atom type it is, or holds (the DSL's `!cute.tiled_mma<!cute_nvgpu...>`).
    at = written.text.find(_ATOM_TYPE)
    inner = hover(analysis, written.span.start + len(written.text[:at].encode())) if at >= 0 else None
    if inner is None:
        return HoverResult(f"{head}: `{written.text}`", _span(node))
    if at > 0:
        head += f": a `{written.text[:written.text.find('<')]}` of"
    return HoverResult(f"{head}\n\n---\n\n{inner.markdown}", _span(node))


def _op_hover(analysis: DocumentAnalysis, op_text: str, name: Node) -> str:
    """The op's card; for an op that builds an atom, the atom's contract card follows; for one
    that applies an atom, which atom, and what the lowering does with the op."""
    card = op_card(op_text)
    located = atom_of_op_at(analysis, name.start_byte, name.end_byte)
    if located is None:
        return card + _applied_section(analysis, name)
    return card + "\n\n---\n\n" + contract_card(located.atom, located.type, analysis.target_arch,
                                               located.attribute_text) + target_note(analysis)


def _applied_section(analysis: DocumentAnalysis, name: Node) -> str:
    """An op that applies an atom: the atom its operand's type spells (through the dump's
    aliases, inside a DSL `!cute.tiled_mma<...>`: what a kernel argument's type alone says),
    and, when the lowering leaves the op, its `lower.*` diagnostic: the reason `check`, `lower`
    and the editor give."""
    applied = applied_operand(analysis, name.start_byte, name.end_byte)
    if applied is None:
        return ""
    lines = []
    atom = _atom_in(analysis, applied.resolved)
    if atom is not None:
        text, row, holder = atom
        # `%27 : !alias, a `!cute.tiled_mma` of `!cute_nvgpu...``; `%a : !alias = ...`; `%a : !cute_nvgpu...`.
        written = "" if applied.written.text == text else f"`{applied.written.text}`" + (
            f", a `{holder}` of " if holder else " = ")
        lines.append(f"**Atom:** `{applied.value}` : {written}`{text}` — {row.description}")
    left = [d for d in analysis.diagnostics() if d.code in (NOT_LOWERED_CODE, STOPPED_CODE)
            and d.span.start <= name.start_byte < d.span.end]
    if left:
        said = min(left, key=lambda d: d.span.end - d.span.start)
        lines.append(f"**Lowering:** {said.message}")
    return "\n\n---\n\n" + "\n\n".join(lines) if lines else ""


def _atom_in(analysis: DocumentAnalysis, written) -> tuple[str, object, str] | None:
    """(the atom type's text, its row, the DSL type that holds it or "") of the first
    cute_nvgpu atom type `written` holds, or None."""
    at = written.text.find(_ATOM_TYPE) if written is not None else -1
    if at < 0:
        return None
    offset = written.span.start + len(written.text[:at].encode()) + 1
    node = analysis.node_at(offset)
    ancestry = _Ancestry(analysis.tree_for(analysis.unit_at(offset)).root_node, offset)
    cute = ancestry.enclosing(node, "cute_nvgpu_type") if node is not None else None
    if cute is None:
        return None
    ty, _ = analysis.cute_type(cute)
    if ty.row is None:
        return None
    holder = written.text[:written.text.find("<")] if at > 0 else ""
    return _text(cute), ty.row, holder


def target_note(analysis: DocumentAnalysis) -> str:
    """Which target the card's verdicts are for, and why (ir/target.py): for a file that
    declares none, the atom whose needs decided it, and where."""
    choice = analysis.target
    return f"\n\n*Target `{choice.arch}`: {explain(analysis, choice)}.*"


def _value_hover(analysis: DocumentAnalysis, offset: int) -> HoverResult | None:
    lifted = lifted_unit_at(analysis, offset)
    found = lifted.index.value_at(offset) if lifted is not None else None
    if found is None:
        return None
    value, span = found
    index = lifted.index
    name = "%" + (value.name_hint or "")
    group = index.group(value)
    defined_at = index.definitions.get(value)
    if defined_at is None:
        return HoverResult(f"**`{name}`** — no definition in this function", span)
    line = analysis.document.position(defined_at.start).line + 1
    if isinstance(value, OpResult):
        kind, where = "result", f" of `{value.owner.name}`"
    elif value in index.bound:
        kind, where = "bound", ""
    else:
        label = value.owner.label if isinstance(value, BlockArgument) else None
        kind, where = "block argument", (f" of block `^{label}`" if label else "")
    type_text = f" : `{value.type.text}`" if value.type.text not in UNWRITTEN_TYPES else ""
    count = f" (group of {len(group)} results)" if len(group) > 1 else ""
    uses = sum(len(index.uses.get(v, [])) for v in group)
    md = f"**`{name}`**{type_text}\n\n{kind}{where}{count}, defined on line {line}; {uses} use{'s' if uses != 1 else ''}"
    written = len({span for v, span in index.definitions.items() if v.name_hint == value.name_hint})
    if written > 1:
        md += f"\n\n*{written} definitions of this name in the same function.*"
    # An atom configured by its building op's attributes: the type alone does not show it,
    # so its contract card follows. (An atom spelled entirely in its type keeps the plain
    # hover; hovering the type shows the card.)
    located = atom_of_value(analysis, defined_at.start) if is_cute_nvgpu_type(value.type.text) else None
    if located is not None and builds_atom_from_attributes(located.op):
        md += "\n\n---\n\n" + contract_card(located.atom, located.type, analysis.target_arch,
                                              located.attribute_text) + target_note(analysis)
    return HoverResult(md, span)


def _label_hover(analysis: DocumentAnalysis, offset: int) -> HoverResult | None:
    lifted = lifted_unit_at(analysis, offset)
    found = lifted.index.label_at(offset) if lifted is not None else None
    if found is None:
        return None
    block, span = found
    name = "^" + (block.label or "")
    label = lifted.index.labels.get(block)
    if label is None:
        return HoverResult(f"**block `{name}`** — not defined in this function", span)
    args = ", ".join(f"%{a.name_hint}: {a.type.text if a.type.text not in UNWRITTEN_TYPES else '?'}"
                     for a in block.arguments)
    line = analysis.document.position(label.start).line + 1
    return HoverResult(f"**block `{name}`**({args}) — {len(block.operations)} ops, line {line}", span)


def _symbol_hover(analysis: DocumentAnalysis, node: Node) -> HoverResult:
    name = _text(node)
    for found in symbol_definitions(analysis, name)[:1]:
        line = analysis.document.position(found.op_start).line + 1
        return HoverResult(f"**symbol `{name}`** — defined by `{found.op_name}` on line {line}", _span(node))
    return HoverResult(f"**symbol `{name}`** — not defined in this file", _span(node))
