"""Go to definition, find references and rename for SSA values, block labels and symbols.

Values and blocks are those of the IR (`ir/lift.py`), found through its source index: a name
means what MLIR's scoping makes of it at that place, so two values that share a name in
sibling regions are two values. Symbols (`@name`) are looked up across the document.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..analysis import DocumentAnalysis
from ..analysis.units import Unit
from ..diagnostics import Span
from ..ir.core import Block, Value
from ..ir.lift import Lifted
from .lifted import lifted_unit_at
from .outline import OUTLINE

_VALUE_NAME = re.compile(r"%[A-Za-z0-9_$.\-]+")
_LABEL_NAME = re.compile(r"\^[A-Za-z0-9_$.\-]+")
_SYMBOL_NAME = re.compile(r"@[A-Za-z_$.\-][A-Za-z0-9_$.\-]*")


@dataclass(frozen=True)
class Target:
    kind: str                       # "value", "label", "symbol"
    name: str
    span: Span                      # the token under the cursor
    lifted: Lifted | None = None    # the unit's IR, for a value or a label
    found: Value | Block | None = None


@dataclass(frozen=True)
class SymbolDefinition:
    name: str                       # `@f`
    span: Span                      # where the name is written
    op_name: str                    # the op that defines it
    op_start: int


def symbol_definitions(analysis: DocumentAnalysis, name: str) -> list[SymbolDefinition]:
    """Where the document defines symbol `name`, in document order: the functions and modules
    of the outline of the units whose text holds the name (each unit's outline is read once per
    text of the unit; the others are not read at all)."""
    out = []
    for unit in _units_writing(analysis, name):
        stack = list(analysis.for_unit(unit, OUTLINE).symbols)
        while stack:
            symbol = stack.pop()
            if symbol.kind in ("function", "module") and symbol.name == name:
                out.append(SymbolDefinition(name, symbol.selection.shifted(unit.start), symbol.detail,
                                            symbol.span.start + unit.start))
            stack.extend(symbol.children)
    return sorted(out, key=lambda found: found.span)


def _units_writing(analysis: DocumentAnalysis, name: str) -> list[Unit]:
    """The units (not shells) whose text holds `name`, in document order."""
    data, needle = analysis.document.data, name.encode("utf-8")
    found: dict[int, Unit] = {}
    at = data.find(needle)
    while at != -1:
        unit = analysis.unit_at(at)
        if unit is not None and not unit.shell:
            found.setdefault(unit.start, unit)
        at = data.find(needle, at + len(needle))
    return [found[start] for start in sorted(found)]


def _target(analysis: DocumentAnalysis, offset: int) -> Target | None:
    lifted = lifted_unit_at(analysis, offset)
    if lifted is not None:
        value = lifted.index.value_at(offset)
        if value is not None:
            return Target("value", "%" + (value[0].name_hint or ""), value[1], lifted, value[0])
        block = lifted.index.label_at(offset)
        if block is not None:
            return Target("label", "^" + (block[0].label or ""), block[1], lifted, block[0])
    node = analysis.node_at(offset)
    if node is not None and node.type == "symbol":
        text = (node.text or b"").decode("utf-8", "replace")
        return Target("symbol", text, Span(node.start_byte, node.end_byte))
    return None


def _symbol_uses(analysis: DocumentAnalysis, name: str, defs: list[Span]) -> list[Span]:
    """Every other place `name` is written as a symbol."""
    uses: list[Span] = []
    if analysis.syntax is None:
        return uses
    data = analysis.document.data
    needle = name.encode("utf-8")
    start = data.find(needle)
    while start != -1:
        end = start + len(needle)
        boundary = end >= len(data) or not (chr(data[end]).isalnum() or data[end] in b"_$.-")
        span = Span(start, end)
        if boundary and span not in defs:
            node = analysis.node_at(start)
            if node is not None and node.type == "symbol":
                uses.append(span)
        start = data.find(needle, end)
    return uses


def _occurrences(analysis: DocumentAnalysis, target: Target) -> tuple[list[Span], list[Span]]:
    """(definition spans, use spans) of the target."""
    if target.kind == "symbol":
        defs = [d.span for d in symbol_definitions(analysis, target.name)]
        return defs, _symbol_uses(analysis, target.name, defs)
    index = target.lifted.index
    if target.kind == "value":
        group = index.group(target.found)
        defs = sorted({index.definitions[v] for v in group if v in index.definitions})
        uses = [index.use_name_span(v, use) for v in group for use in index.uses.get(v, [])]
        return defs, uses
    label = index.labels.get(target.found)
    return ([label] if label is not None else []), list(index.label_uses.get(target.found, []))


def definition(analysis: DocumentAnalysis, offset: int) -> list[Span]:
    target = _target(analysis, offset)
    if target is None:
        return []
    defs, _ = _occurrences(analysis, target)
    return defs


def references(analysis: DocumentAnalysis, offset: int, include_declaration: bool = True) -> list[Span]:
    target = _target(analysis, offset)
    if target is None:
        return []
    defs, uses = _occurrences(analysis, target)
    spans = (defs if include_declaration else []) + uses
    return sorted(set(spans))


def prepare_rename(analysis: DocumentAnalysis, offset: int) -> tuple[Span, str] | None:
    target = _target(analysis, offset)
    if target is None:
        return None
    return target.span, target.name


def rename(analysis: DocumentAnalysis, offset: int, new_name: str) -> tuple[list[Span], str] | str:
    """Spans to replace and the replacement text, or an error message for the user."""
    target = _target(analysis, offset)
    if target is None:
        return "nothing to rename here: place the cursor on an SSA value, a block label or a symbol"
    sigil = {"value": "%", "label": "^", "symbol": "@"}[target.kind]
    name = new_name if new_name.startswith(sigil) else sigil + new_name
    pattern = {"value": _VALUE_NAME, "label": _LABEL_NAME, "symbol": _SYMBOL_NAME}[target.kind]
    if not pattern.fullmatch(name):
        return f"`{name}` is not a valid {target.kind} name"
    if target.kind == "value" and name != target.name and name[1:] in _value_names(target.lifted):
        return f"`{name}` is already defined in this function"
    defs, uses = _occurrences(analysis, target)
    return sorted(set(defs + uses)), name


def _value_names(lifted: Lifted) -> set[str]:
    """The names the unit defines values with, without `%`."""
    return {value.name_hint for value in lifted.index.definitions if value.name_hint}
