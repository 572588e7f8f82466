"""Inlay hints: the dialect's SSA alias hints (`%mma_f16_f16_f32_16x8x16`) after results.

A unit's hints are found once per text of the unit (`HINTS`, kept by its analysis, relative
to its start): a request for the visible range then lifts only the units edited since the last.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..analysis import DocumentAnalysis, PerUnit, Unit
from ..diagnostics import Span
from ..dialects.cute_nvgpu.types import TYPE_PREFIX, alias_for_type, is_cute_nvgpu_type


@dataclass(frozen=True)
class Hint:
    offset: int
    label: str
    tooltip: str


_TOOLTIP = "The dialect's alias for this atom (non-semantic)."


def alias_hints(analysis: DocumentAnalysis, lo: int, hi: int) -> list[Hint]:
    out: list[Hint] = []
    for unit in analysis.units:
        if unit.end < lo or unit.start > hi or unit.shell:
            continue
        out.extend(Hint(unit.start + offset, label, _TOOLTIP)
                   for op_start, offset, label in analysis.for_unit(unit, HINTS) if lo <= unit.start + op_start <= hi)
    return out


def _unit_hints(analysis: DocumentAnalysis, unit: Unit) -> tuple[tuple[int, int, str], ...]:
    """(where the op starts, where the hint goes, its label) of each hint of the unit, relative
    to its start, in the order of the unit's ops."""
    if TYPE_PREFIX.encode() not in analysis.document.data[unit.start:unit.end]:
        return ()   # a hint names a cute_nvgpu type the unit writes; most units write none
    out: list[tuple[int, int, str]] = []
    index = analysis.lifted_unit(unit).index
    for op, span in index.op_spans.items():
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
                out.append((span.start - unit.start, defined.end - unit.start, f"≡ %{alias}"))
    return tuple(out)


HINTS = PerUnit("alias-hints", _unit_hints)
