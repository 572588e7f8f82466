"""What an operand's type says about it: residency, element type, layout.

Operand residency is written in the type, as the spec's operand-contract tables describe:
a register fragment is a `memref` without memory space (or a `vector`), shared memory is
memory space 3, tensor memory 6 (NVVM's address spaces), global memory 1, and an SMEM
descriptor is a `!cute_nvgpu.smem_desc_view<source, layout>`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from tree_sitter import Node

from ...diagnostics import Span
from ...tables.atoms import Residency
from ...syntax.cst import span as _span, text as _text
from ...syntax.literals import integer_literal

MEMORY_SPACES: dict[int, Residency] = {1: Residency.GMEM, 3: Residency.SMEM, 6: Residency.TMEM}
MEMORY_SPACE_OF: dict[Residency, int] = {r: n for n, r in MEMORY_SPACES.items()}


@dataclass(frozen=True)
class OperandType:
    text: str
    span: Span
    residency: Residency | None          # None: not a kind of value an atom can take
    element_type: str | None             # MLIR spelling (f16, f8E4M3FN, i8, ...)
    layout: str | None = None            # the layout text as written (CuTe or strided)
    layout_span: Span | None = None
    layout_body: str | None = None       # a `#cute.layout<...>`'s body (its quoted string)
    shape: tuple[int | str, ...] = ()    # a memref's dimensions (`?` for dynamic ones)

    def shifted(self, delta: int) -> "OperandType":
        return replace(self, span=self.span.shifted(delta),
                       layout_span=self.layout_span.shifted(delta) if self.layout_span is not None else None)


def _layout_body(node: Node | None) -> str | None:
    """What a `#cute.layout<"...">` says (None for any other layout)."""
    if node is None or node.type != "cute_layout":
        return None
    body = node.child_by_field_name("body")
    return _text(body) if body is not None else _text(node)


def _shape(node: Node) -> tuple[int | str, ...]:
    dims = node.child_by_field_name("shape")
    if dims is None:
        return ()
    return tuple(int(part) if part.isdigit() else "?" for part in (p.strip() for p in _text(dims).split("x")) if part)


def _memref(node: Node) -> OperandType:
    element = node.child_by_field_name("element_type")
    residency = Residency.RMEM
    layout = layout_node = None
    for index in range(node.named_child_count):
        child = node.named_child(index)
        if node.field_name_for_named_child(index) != "parameter":
            continue
        if child.type == "integer":
            space = integer_literal(_text(child))
            residency = MEMORY_SPACES.get(space, Residency.RMEM if space == 0 else None)
        elif child.type in ("cute_layout", "builtin_attribute", "attribute_alias", "dialect_attribute"):
            layout, layout_node = _text(child), child
    return OperandType(_text(node), _span(node), residency, _text(element) or None, layout,
                       _span(layout_node) if layout_node is not None else None, _layout_body(layout_node),
                       _shape(node))


def operand_type(node: Node) -> OperandType:
    """Classify a type node written for an operand."""
    kind = node.type
    if kind == "memref_type":
        return _memref(node)
    if kind == "vector_type":
        element = node.child_by_field_name("element_type")
        return OperandType(_text(node), _span(node), Residency.RMEM, _text(element) or None)
    if kind == "cute_nvgpu_type":
        mnemonic = _text(node.child_by_field_name("mnemonic"))
        if mnemonic == "smem_desc_view":
            params = node.child_by_field_name("parameters")
            items = [c for c in params.named_children if c.type not in ("comment",)] if params is not None else []
            source = operand_type(items[0]) if items else None
            layout_node = items[1] if len(items) > 1 else None
            return OperandType(_text(node), _span(node), Residency.SMEM_DESC,
                               source.element_type if source is not None else None,
                               _text(layout_node) if layout_node is not None else None,
                               _span(layout_node) if layout_node is not None else None, _layout_body(layout_node))
        if mnemonic == "smem_desc":
            return OperandType(_text(node), _span(node), Residency.SMEM_DESC, None)
    if kind in ("integer_type", "float_type", "index_type"):
        return OperandType(_text(node), _span(node), Residency.RMEM, _text(node))
    return OperandType(_text(node), _span(node), None, None)
