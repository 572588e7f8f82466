"""Inlay hints: the dialect's SSA alias hints (`%mma_f16_f16_f32_16x8x16`) after results."""
from __future__ import annotations

from dataclasses import dataclass

from ..analysis import DocumentAnalysis
from ..diagnostics import Span
from ..dialects.cute_nvgpu.types import alias_for_type, is_cute_nvgpu_type


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
        index = analysis.lifted_unit(unit).index
        for op, span in index.op_spans.items():
            if not (lo <= span.start <= hi):
                continue
            attributes = {name: value.text for name, value in op.attributes.items()}
            named: set[Span] = set()        # a group `%r:2` is one name: one hint
            for value in op.results:
                written, defined = index.type_spans.get(value), index.definitions.get(value)
                if written is None or defined in named or defined is None or not is_cute_nvgpu_type(value.type.text):
                    continue
                named.add(defined)
                node = analysis.node_at(written.start + 1)
                while node is not None and node.type != "cute_nvgpu_type":
                    node = node.parent
                if node is None:
                    continue
                ty, _ = analysis.cute_type(node)
                alias = alias_for_type(ty, attributes)
                if alias and alias != value.name_hint:
                    out.append(Hint(defined.end, f"≡ %{alias}",
                                    "The dialect's alias for this atom (non-semantic)."))
    return out
