"""What the CST of a stretch of the document reports: one query finds the nodes that may carry
a diagnostic (cute_nvgpu types, op names, malformed constructs), walks find the syntax problems
(unclosed brackets with their openers, outermost ERROR nodes), and each finding becomes its
diagnostic. Most findings (well-formed types, known ops) produce nothing.
"""
from __future__ import annotations

from typing import Any, Callable

from tree_sitter import Node, QueryCursor, Tree

from ..diagnostics import Diagnostic, Severity, Source, Span
from ..diagnostics.mlir_messages import UNKNOWN_CUSTOM_OP, UNREGISTERED_OPERATION
from ..dialects.cute_nvgpu.ops import DIALECT_PREFIX, is_known_op
from ..dialects.cute_nvgpu.types import CuteNvgpuType
from ..syntax import query
from ..syntax.errors import (MALFORMED_PATTERNS, describe_error, describe_malformed, describe_unclosed,
                             missing_nodes, outermost_errors, unclosed_openers)
from .units import Unit

_FINDINGS = query(
    """
    (cute_nvgpu_type) @type
    (operation name: (op_name) @custom_op)
    (operation name: (string) @generic_op)
    (unclosed_bracket) @unclosed
    (region (unclosed_bracket)) @unclosed_region
    """ + MALFORMED_PATTERNS
)

# Captures that only say a walk is needed; the walks find the nodes themselves.
_WALKED = ("unclosed", "unclosed_region")

_PREFIX_BYTES = {"custom_op": DIALECT_PREFIX.encode(), "generic_op": b'"' + DIALECT_PREFIX.encode()}

# A cute_nvgpu type node -> the type and its diagnostics relative to the node's start.
TypeParser = Callable[[Node], tuple[CuteNvgpuType, list[Diagnostic]]]


def position(node: Node) -> tuple[int, int]:
    return node.start_byte, node.end_byte


def findings(root: Node, lo: int, hi: int) -> dict[str, list[Any]]:
    """The findings in [lo, hi], by capture name, in document order."""
    cursor = QueryCursor(_FINDINGS)
    cursor.set_byte_range(lo, hi + 1)  # zero-width nodes at `hi` belong to the unit too
    found = cursor.captures(root)
    # Document order: the order captures come back in varies from run to run, and which
    # of two definitions of one SSA name a verifier sees first must not.
    out: dict[str, list[Any]] = {name: sorted((n for n in nodes if lo <= n.start_byte <= hi), key=position)
                                 for name, nodes in found.items() if name not in _WALKED}
    # Syntax problems come from walks that do not ask nodes for their parents (which costs
    # the depth): (unclosed_bracket, its opener) pairs, and the outermost ERROR nodes.
    # A region left open ends in an unclosed bracket that can lie past `hi` (a container's
    # header is a unit of its own); its diagnostic sits at the `{`, in range.
    if found.get("unclosed") or found.get("unclosed_region"):
        out["unclosed"] = unclosed_openers(root, lo, hi)
    if root.has_error:
        out["error"] = outermost_errors(root, lo, hi)
    return out


_UNCLOSED = query("(unclosed_bracket) @unclosed")


def has_unclosed(root: Node, lo: int, hi: int) -> bool:
    """Whether a bracket left open ends in [lo, hi]: not an error node, so `has_error` does not
    see it, yet it is a syntax diagnostic of the statement it is in."""
    cursor = QueryCursor(_UNCLOSED)
    cursor.set_byte_range(lo, hi + 1)
    return any(lo <= n.start_byte <= hi for n in cursor.captures(root).get("unclosed", ()))


def finding_diagnostics(found: dict[str, list[Any]], parse_type: TypeParser) -> list[Diagnostic]:
    """Absolute diagnostics for the findings."""
    out: list[Diagnostic] = []
    for node in found.get("type", ()):
        _, diags = parse_type(node)
        if diags:
            out.extend(d.shifted(node.start_byte) for d in diags)
    for kind in ("custom_op", "generic_op"):
        for node in found.get(kind, ()):
            d = op_diagnostic(kind, node)
            if d is not None:
                out.append(d)
    out.extend(describe_error(node) for node in found.get("error", ()))
    out.extend(describe_unclosed(node, opener) for node, opener in found.get("unclosed", ()))
    out.extend(d for node in found.get("malformed", ()) if (d := describe_malformed(node)) is not None)
    return out


def missing_in(tree: Tree | None, unit: Unit) -> list[Node]:
    """The MISSING nodes of the unit's stretch of `tree` (its own or the document's)."""
    if tree is None or not tree.root_node.has_error:
        return []
    start = tree.root_node.descendant_for_byte_range(unit.start, unit.end)
    return missing_nodes(start, unit.start, unit.end) if start is not None else []


def op_diagnostic(kind: str, name_node: Node) -> Diagnostic | None:
    """MLIR's diagnostic for a cute_nvgpu op the dialect does not have (None for the others)."""
    raw = name_node.text or b""
    if not raw.startswith(_PREFIX_BYTES[kind]):
        return None
    name = raw.decode("utf-8", errors="replace")
    name = name[1:-1] if kind == "generic_op" else name
    if is_known_op(name):
        return None
    dialect = DIALECT_PREFIX[:-1]
    if kind == "generic_op":
        message = UNREGISTERED_OPERATION.format(name, dialect)
    else:
        message = UNKNOWN_CUSTOM_OP.format(name)
    return Diagnostic("types.unknown-op", Span(name_node.start_byte, name_node.end_byte),
                      Severity.ERROR, Source.TYPES, message)
