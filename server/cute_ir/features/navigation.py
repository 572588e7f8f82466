"""Go to definition, find references and rename for SSA values, block labels and symbols.

SSA values and blocks are scoped to their unit (a function, or a top-level op); symbols
(`@name`) are looked up across the document.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..analysis import DocumentAnalysis
from ..diagnostics import Span

_VALUE_NAME = re.compile(r"%[A-Za-z0-9_$.\-]+")
_LABEL_NAME = re.compile(r"\^[A-Za-z0-9_$.\-]+")


@dataclass(frozen=True)
class Target:
    kind: str       # "value", "label", "symbol"
    name: str
    span: Span      # the token under the cursor


def _target(analysis: DocumentAnalysis, offset: int) -> Target | None:
    ir = analysis.ir_at(offset)
    if ir is None:
        return None
    found = ir.value_at(offset)
    if found is not None:
        return Target("value", found[0], found[1])
    found = ir.label_at(offset)
    if found is not None:
        return Target("label", found[0], found[1])
    node = analysis.node_at(offset)
    if node is not None and node.type == "symbol":
        text = (node.text or b"").decode("utf-8", "replace")
        return Target("symbol", text, Span(node.start_byte, node.end_byte))
    return None


def _occurrences(analysis: DocumentAnalysis, target: Target, offset: int) -> tuple[list[Span], list[Span]]:
    """(definition spans, use spans) of the target."""
    if target.kind == "symbol":
        defs, uses = [], []
        for ir in analysis.all_ir():
            if target.name in ir.symbols:
                defs.append(ir.symbols[target.name])
        if analysis.syntax is not None:
            data = analysis.document.data
            needle = target.name.encode("utf-8")
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
        return defs, uses
    ir = analysis.ir_at(offset)
    if ir is None:
        return [], []
    if target.kind == "value":
        defs = [v.span for v in ir.definitions.get(target.name, [])]
        uses = [u.name_span for u in ir.uses.get(target.name, [])]
        return defs, uses
    defs = [b.label_span for b in ir.labels.get(target.name, []) if b.label_span is not None]
    uses = list(ir.label_uses.get(target.name, []))
    return defs, uses


def definition(analysis: DocumentAnalysis, offset: int) -> list[Span]:
    target = _target(analysis, offset)
    if target is None:
        return []
    defs, _ = _occurrences(analysis, target, offset)
    return defs


def references(analysis: DocumentAnalysis, offset: int, include_declaration: bool = True) -> list[Span]:
    target = _target(analysis, offset)
    if target is None:
        return []
    defs, uses = _occurrences(analysis, target, offset)
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
    pattern = {"value": _VALUE_NAME, "label": _LABEL_NAME}.get(target.kind)
    if pattern is not None and not pattern.fullmatch(name):
        return f"`{name}` is not a valid {target.kind} name"
    if target.kind == "symbol" and not re.fullmatch(r"@[A-Za-z_$.\-][A-Za-z0-9_$.\-]*", name):
        return f"`{name}` is not a valid symbol name"
    defs, uses = _occurrences(analysis, target, offset)
    if target.kind == "value":
        ir = analysis.ir_at(offset)
        if ir is not None and name in ir.definitions and name != target.name:
            return f"`{name}` is already defined in this function"
    return sorted(set(defs + uses)), name
