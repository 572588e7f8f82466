"""What the CST of a stretch of the document reports: one query finds the nodes that may carry
a diagnostic (cute_nvgpu types, op names, malformed constructs), walks find the syntax problems
(unclosed brackets with their openers, outermost ERROR nodes), and each finding becomes its
diagnostic. Most findings (well-formed types, known ops) produce nothing.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from tree_sitter import Node, Tree

from ..diagnostics import Diagnostic, Related, Severity, Source, Span
from ..diagnostics.mlir_messages import (NEAREST_OP, UNKNOWN_CUSTOM_OP, UNKNOWN_DSL_OP, UNREGISTERED_CUSTOM_DIALECT,
                                         UNREGISTERED_DIALECT, UNREGISTERED_OPERATION)
from ..dialects.registry import known_dialect, unknown_op
from ..dialects.cute_nvgpu.types import CuteNvgpuType
from ..syntax import WIDE_NODE, captures, query, wide_nodes
from ..syntax.errors import (MALFORMED_PATTERNS, OpName, after_location, describe_error, describe_keyed_group, describe_malformed,
                             describe_unclosed_all, format_stops_at, in_refused_location, location_lines, malformed_nodes, missing_message, missing_nodes, named_op_diagnostics, op_names,
                             outermost_errors, unclosed_openers)
from .alias_uses import ALIAS_USE_PATTERNS, AliasUses
from .units import Unit


_FINDINGS = query(
    """
    (cute_nvgpu_type) @type
    (operation name: (string) @generic_op)
    (unclosed_bracket) @unclosed
    (region) @region
    """ + ALIAS_USE_PATTERNS + MALFORMED_PATTERNS
)

# Captures that only say a walk is needed; the walks find the nodes themselves.
# (`(region (unclosed_bracket))` would say it of a region directly, but a pattern that waits for a
# later child keeps a state open for each enclosing region while the cursor walks their
# contents: quadratic in the nesting depth.)
_WALKED = ("unclosed", "region")

# A cute_nvgpu type node -> the type and its diagnostics relative to the node's start.
TypeParser = Callable[[Node], tuple[CuteNvgpuType, list[Diagnostic]]]


def findings(root: Node, source: bytes, lo: int, hi: int) -> dict[str, list[Any]]:
    """The findings in [lo, hi], by kind: op names (`ops`, as `OpName`s), cute_nvgpu types,
    malformed constructs and groups, syntax problems, and the alias uses (`alias_uses`, for the
    SSA check: `alias_uses.uses_in`). `source` is the text `root`'s tree was
    parsed from. Not in document order: nothing that reads them depends on it, and
    `finding_diagnostics` orders what they say."""
    wide = wide_nodes(root, lo, hi + 1)
    found = captures(_FINDINGS, root, lo, hi + 1)  # zero-width nodes at `hi` belong to the unit too
    ops = op_names(found.pop("op", ()), lo, hi, source, not root.has_error)
    ops += [OpName.of(n, (n.text or b'""')[1:-1], None) for n in found.pop("generic_op", ()) if lo <= n.start_byte <= hi]
    uses = found.pop("alias_use", [])
    more, groups = malformed_nodes(root, source, 0, lo, hi, wide)
    out: dict[str, list[Any]] = {name: [n for n in nodes if lo <= n.start_byte <= hi]
                                 for name, nodes in found.items() if name not in _WALKED}
    out["ops"] = ops
    out["malformed"] = out.get("malformed", []) + [n for n in more if lo <= n.start_byte <= hi]
    out["keyed_group"] = groups
    # Syntax problems come from walks that do not ask nodes for their parents (which costs
    # the depth): (unclosed_bracket, its opener) pairs, and the outermost ERROR nodes.
    # A region left open ends in an unclosed bracket that can lie past `hi` (a container's
    # header is a unit of its own); its diagnostic sits at the `{`, in range.
    if found.get("unclosed") or any(_ends_unclosed(r) for r in found.get("region", ()) if lo <= r.start_byte <= hi):
        out["unclosed"] = unclosed_openers(root, lo, hi)
    if root.has_error:
        out["error"] = outermost_errors(root, lo, hi)
    out["wide"] = [node for node in wide if lo <= node.start_byte <= hi and not _in_dense_literal(node)]
    if not wide:   # (inside a wide node a statement's own query would search what this one skips)
        out["alias_uses"] = [AliasUses.of(root, lo, hi + 1, uses)]
    return out


def _ends_unclosed(region: Node) -> bool:
    cursor = region.walk()
    return cursor.goto_last_child() and cursor.node.type == "unclosed_bracket"


TOO_WIDE = ("a list of {items:,} items: cute-ir does not look inside lists of more than {limit:,} tokens; "
            "types, value names and syntax inside this one are not checked")


def _in_dense_literal(node: Node) -> bool:
    """Whether a list is (part of) the literal of `dense<...>`, which `syntax.dense` reads whole
    from its text."""
    parent = node.parent
    while parent is not None and parent.type == "parameter_list":
        parent = parent.parent
    if parent is None or parent.type != "type_parameters":
        return False
    attribute = parent.parent
    kind = attribute.child_by_field_name("kind") if attribute is not None else None
    return attribute.type == "builtin_attribute" and kind is not None and kind.type == "dense"


def finding_diagnostics(found: dict[str, list[Any]], parse_type: TypeParser,
                        allow_unregistered: bool = True) -> list[Diagnostic]:
    """Absolute diagnostics for the findings; `allow_unregistered`: ops of dialects cute-ir has
    no records for are accepted (mlir-opt's --allow-unregistered-dialect)."""
    out: list[Diagnostic] = []
    for node in found.get("type", ()):
        _, diags = parse_type(node)
        if diags:
            out.extend(d.shifted(node.start_byte) for d in diags)
    ops = found.get("ops", ())
    # Whether an op's name says nothing depends on the name alone (`op_diagnostic`): asked
    # once per name, not for each of a large file's tens of thousands of ops.
    fine: set[bytes] = set()
    for op in ops:
        if op.name not in fine:
            if (d := op_diagnostic(op, allow_unregistered)) is None:
                fine.add(op.name)
            else:
                out.append(d)
    out.extend(named_op_diagnostics(ops))
    malformed = [(node, d) for node in found.get("malformed", ()) if (d := describe_malformed(node)) is not None]
    lines = location_lines(malformed)
    out.extend(describe_error(node) for node in found.get("error", ()) if not after_location(node, lines))
    formats = {d.span.start for d in out if d.code == "syntax.op-format"}
    out.extend(describe_unclosed_all((node, opener) for node, opener in found.get("unclosed", ())
                                     if not after_location(opener, lines) and not format_stops_at(opener, formats)))
    out.extend(d for _, d in malformed)
    out.extend(d for node in found.get("keyed_group", ()) if (d := describe_keyed_group(node)) is not None)
    out.extend(Diagnostic("syntax.too-wide", Span(node.start_byte, node.start_byte + 1), Severity.WARNING,
                          Source.SYNTAX, TOO_WIDE.format(items=node.named_child_count, limit=WIDE_NODE))
               for node in found.get("wide", ()))
    out.sort(key=Diagnostic.document_order)
    return out


def missing_in(tree: Tree | None, unit: Unit) -> list[Node]:
    """The MISSING nodes of the unit's stretch of `tree` (its own or the document's)."""
    if tree is None or not tree.root_node.has_error:
        return []
    start = tree.root_node.descendant_for_byte_range(unit.start, unit.end)
    if start is None:
        return []
    return [node for node in missing_nodes(start, unit.start, unit.end) if not in_refused_location(node)]


def op_diagnostic(op: OpName, allow_unregistered: bool = True) -> Diagnostic | None:
    """MLIR's diagnostic for an op its dialect does not have: an error for a dialect whose ops
    are all known (MLIR's, cute_nvgpu's), with a note naming the nearest op; a warning for the
    CuTe DSL's dialects, known by the names the DSL prints. With `allow_unregistered` off, an op
    of a dialect cute-ir has no records for is an error too, as in mlir-opt. Whether the answer
    is None depends on the name (and `allow_unregistered`) alone."""
    name = op.name.decode("utf-8", errors="replace")
    unknown = unknown_op(name)
    if unknown is None and allow_unregistered:
        return None     # (nearly every op: nothing more to ask)
    span = Span(op.start, op.end)
    if unknown is None:
        dialect = name.split(".", 1)[0]
        if "." not in name or known_dialect(dialect):
            return None
        message = UNREGISTERED_CUSTOM_DIALECT.format(dialect, name) if op.op is not None else UNREGISTERED_DIALECT
        return Diagnostic("types.unregistered-dialect", span, Severity.ERROR, Source.TYPES, message)
    if not unknown.certain:
        hint = f"; did you mean '{unknown.nearest}'?" if unknown.nearest else ""
        return Diagnostic("types.unknown-dsl-op", span, Severity.WARNING, Source.TYPES,
                          UNKNOWN_DSL_OP.format(name, unknown.dialect) + hint)
    message = UNKNOWN_CUSTOM_OP.format(name) if op.op is not None else UNREGISTERED_OPERATION.format(name, unknown.dialect)
    related = (Related(span, NEAREST_OP.format(unknown.nearest)),) if unknown.nearest else ()
    return Diagnostic("types.unknown-op", span, Severity.ERROR, Source.TYPES, message, related)


MATCHING_BRACE = "to match this `{`"


def missing_brace(at: Span, opener: Span) -> Diagnostic:
    """A `}` missing at `at`, with a note at the `{` it would close."""
    return Diagnostic("syntax.missing", at, Severity.ERROR, Source.SYNTAX, missing_message("}"),
                      (Related(opener, MATCHING_BRACE),))


def unclosed_note(diagnostics: list[Diagnostic], opener: int) -> list[Diagnostic]:
    """A piece of a broken document that ends with a brace of its own open
    (analysis/segments.py): the parser reports the `}` missing where the piece ends, and the
    note says which `{` it would close (at `opener`, in the diagnostics' coordinates)."""
    missing = [i for i, d in enumerate(diagnostics) if d.code == "syntax.missing" and d.message == missing_message("}")]
    if not missing:
        return diagnostics
    last = diagnostics[missing[-1]]
    noted = replace(last, related=last.related + (Related(Span(opener, opener + 1), MATCHING_BRACE),))
    return diagnostics[:missing[-1]] + [noted] + diagnostics[missing[-1] + 1:]
