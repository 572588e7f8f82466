"""Inlay hints: the dialect's SSA alias hints (`%mma_f16_f16_f32_16x8x16`) after results."""
from __future__ import annotations

from dataclasses import dataclass

from ..analysis import DocumentAnalysis
from ..dialects.cute_nvgpu.types import alias_for_type


@dataclass(frozen=True)
class Hint:
    offset: int
    label: str
    tooltip: str


def alias_hints(analysis: DocumentAnalysis, lo: int, hi: int) -> list[Hint]:
    out: list[Hint] = []
    for unit in analysis.units:
        if unit.end < lo or unit.start > hi or unit.shell:
            continue
        ir = analysis.unit_ir(unit)
        for op in ir.all_operations():
            if not (lo <= op.span.start <= hi):
                continue
            attributes = {a.name: a.value or "" for a in op.attributes}
            for value, type_ref in zip(op.results, op.result_types):
                if type_ref.kind != "cute_nvgpu_type":
                    continue
                node = analysis.node_at(type_ref.span.start + 1)
                while node is not None and node.type != "cute_nvgpu_type":
                    node = node.parent
                if node is None:
                    continue
                ty, _ = analysis.cute_type(node)
                alias = alias_for_type(ty, attributes)
                if alias and alias != value.name[1:]:
                    out.append(Hint(value.span.end, f"≡ %{alias}",
                                    "The dialect's alias for this atom (non-semantic)."))
    return out
