"""What every verifier needs: the op's CST, the atom it applies, its operand types, the target."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from tree_sitter import Node

from ..diagnostics import Diagnostic, Related, Severity, Source, Span
from ..dialects.cute_nvgpu.atoms import AtomInstance, Field, atom_instance, implied_atom
from ..dialects.cute_nvgpu.ops import lookup_op
from ..dialects.cute_nvgpu.operands import OperandType, operand_type
from ..dialects.cute_nvgpu.types import CuteNvgpuType, parse_type_node
from ..ir import Operation, UnitIR, Value, ValueKind
from ..layout import layout_rank
from ..syntax.cst import TYPE_KINDS


def text(node: Node | None) -> str:
    return (node.text or b"").decode("utf-8", errors="replace") if node is not None else ""


def span(node: Node) -> Span:
    return Span(node.start_byte, node.end_byte)


def find_node(root: Node, at: Span, kind: str) -> Node | None:
    """The node of `kind` whose span is exactly `at`."""
    node = root.descendant_for_byte_range(at.start, at.end)
    while node is not None and not (node.type == kind and node.start_byte == at.start and node.end_byte == at.end):
        node = node.parent
    return node


@dataclass(frozen=True)
class LocatedAtom:
    """An atom with what it was read from."""
    atom: AtomInstance
    type: CuteNvgpuType | None      # the written type; None when the building op implies it
    op: Operation | None            # the op whose attributes configure it, if any

    @property
    def attribute_text(self) -> dict[str, str]:
        return {a.name: a.value or "" for a in self.op.attributes} if self.op is not None else {}


# The op that makes an executable TMA atom from a non-exec one.
EXEC_TMA_BINDER = "cute_nvgpu.atom.make_exec_tma"


@dataclass
class VerifyContext:
    root: Node                    # a tree whose nodes are valid for this unit
    ir: UnitIR
    target: str
    diagnostics: list[Diagnostic]
    # `!alias` -> the node of its definition's type (CuTe DSL dumps name atoms by alias).
    resolve_alias: Callable[[str], Node | None] = lambda name: None

    def error(self, code: str, at: Span, message: str, related: tuple[Related, ...] = (),
              source: Source = Source.VERIFY) -> None:
        self.diagnostics.append(Diagnostic(code, at, Severity.ERROR, source, message, related))

    def note_at_definition(self, atom: AtomInstance) -> tuple[Related, ...]:
        if atom.defined_at is None:
            return ()
        return (Related(atom.defined_at, f"the `{atom.mnemonic}` atom is defined here"),)

    # ------------------------------------------------------------------ atoms
    def atom_of_type_node(self, node: Node, attributes: dict[str, Field], defined_at: Span) -> AtomInstance | None:
        ty, _ = parse_type_node(node)
        return atom_instance(ty, attributes, defined_at)

    def attributes(self, op: Operation) -> dict[str, Field]:
        out = {}
        for a in op.attributes:
            if a.value is not None and a.value_span is not None:
                out[a.name] = Field(a.value, a.value_span)
        return out

    def definition(self, name: str) -> Value | None:
        values = self.ir.definitions.get(name)
        return values[0] if values else None

    def type_node(self, value: Value) -> Node | None:
        """The cute_nvgpu type node of a value's type, through a type alias if need be."""
        if value.type is None:
            return None
        if value.type.kind == "cute_nvgpu_type":
            return find_node(self.root, value.type.span, "cute_nvgpu_type")
        if value.type.kind == "type_alias":
            target = self.resolve_alias(value.type.text)
            return target if target is not None and target.type == "cute_nvgpu_type" else None
        return None

    def atom_from_value(self, value: Value) -> AtomInstance | None:
        """The atom an SSA value holds (see `resolve_atom`)."""
        found = self.resolve_atom(value)
        return found.atom if found is not None else None

    def resolve_atom(self, value: Value) -> LocatedAtom | None:
        """The atom an SSA value holds, with the type that spells it and the op that configures it.

        The one place that answers "which atom is this value": from the type the value is
        written with (directly or through a `!alias`), configured by its defining op's
        attributes; from the building op alone when the result type is left out (an op that
        builds one fixed atom); and for `make_exec_tma`, with what the non-exec atom it binds
        says (its multicast, mode and tile rank). A block argument's atom is its type's alone.
        """
        node = self.type_node(value)
        owner = value.owner if value.kind is ValueKind.RESULT and isinstance(value.owner, Operation) else None
        if node is None:
            row = lookup_op(owner.name) if owner is not None else None
            if row is None or row.builds is None or value.type is not None:
                return None
            atom = implied_atom(row.builds, self.attributes(owner), owner.name_span, owner.span)
            return LocatedAtom(atom, None, owner) if atom is not None else None
        ty, _ = parse_type_node(node)
        atom = atom_instance(ty, self.attributes(owner) if owner is not None else {},
                             owner.span if owner is not None else value.span)
        if atom is None:
            return None
        if owner is not None and owner.name == EXEC_TMA_BINDER:
            atom = replace(atom, settings={**self._bound_tma_settings(owner), **atom.settings})
        return LocatedAtom(atom, ty, owner)

    def _bound_tma_settings(self, binder: Operation) -> dict[str, Field]:
        """What `make_exec_tma` takes from the non-exec TMA atom it binds (its first operand):
        that op's multicast, mode and rank attributes, and otherwise the rank of its tile
        layout (the second of its (descriptor, tile, cta map) operands, else its first layout)."""
        out: dict[str, Field] = {}
        source = self.definition(binder.operands[0].name) if binder.operands else None
        builder = source.owner if source is not None else None
        if not isinstance(builder, Operation):
            return out
        for name, f in self.attributes(builder).items():
            if name in ("num_multicast", "rank", "mode"):
                out[name] = f
        if "rank" in out:
            return out
        operands = [self.definition(use.name) for use in builder.operands]
        layouts = [v for v in operands if v is not None and v.type is not None and "layout" in v.type.text]
        tile = operands[1] if len(operands) > 1 and any(operands[1] is v for v in layouts) else \
            (layouts[0] if layouts else None)
        rank = layout_rank(tile.type.text) if tile is not None else None
        if rank is not None:
            out["rank"] = Field(str(rank), tile.type.span)
        return out

    # ------------------------------------------------------------------ operands
    def operand_types(self, op: Operation) -> list[Node]:
        """Type nodes of the operands, in order: the `: (T0, T1, ...)` list of a custom op, or
        the inputs of a generic op's function type (`"cute_nvgpu.mma"(...) : (T0, ...) -> ()`)."""
        node = find_node(self.root, op.span, "operation")
        if node is None:
            return []
        signature = node.child_by_field_name("type")
        if signature is not None:
            inputs = signature.child_by_field_name("inputs")
            return [c for c in inputs.named_children if c.type in TYPE_KINDS] if inputs is not None else []
        body = node.child_by_field_name("body")
        if body is None:
            return []
        items = body.children
        colon = max((i for i, n in enumerate(items) if n.type == ":"), default=None)
        if colon is None:
            return []
        out: list[Node] = []
        for item in items[colon + 1:]:
            if item.type == "paren_group":
                out.extend(c for c in item.named_children if c.type in TYPE_KINDS)
                break
            if item.type in TYPE_KINDS:
                out.append(item)
        return out

    def classify(self, node: Node) -> OperandType:
        return operand_type(node)
