"""Syntax diagnostics: tree-sitter ERROR / MISSING nodes and brackets ended by `unclosed_bracket`.

Each problem is reported where it is, and only there: the grammar keeps errors inside the op
that has them, so one diagnostic per problem, never a cascade.
"""
from __future__ import annotations

from tree_sitter import Node, QueryCursor

from ..diagnostics import Diagnostic, Severity, Source, Span
from .parser import query

_CLOSERS = {"(": ")", "[": "]", "<": ">", "{": "}"}
_MAX_SHOWN = 24

_PROBLEMS = query("(ERROR) @error (unclosed_bracket) @unclosed")


def _shown(raw: bytes) -> str:
    value = raw.decode("utf-8", errors="replace").strip()
    first_line = value.splitlines()[0] if value else ""
    if len(first_line) > _MAX_SHOWN:
        first_line = first_line[:_MAX_SHOWN] + "..."
    return first_line


def describe_error(node: Node) -> Diagnostic:
    shown = _shown(node.text or b"")
    message = f"syntax error: unexpected `{shown}`" if shown else "syntax error"
    return Diagnostic("syntax.error", Span(node.start_byte, node.end_byte), Severity.ERROR,
                      Source.SYNTAX, message)


def describe_missing(node: Node) -> Diagnostic:
    expected = node.type if not node.is_named else node.type.replace("_", " ")
    return Diagnostic("syntax.missing", Span(node.start_byte, node.end_byte), Severity.ERROR,
                      Source.SYNTAX, f"syntax error: expected `{expected}`")


def _opener_of(node: Node) -> Node | None:
    """The nearest earlier sibling bracket left open: what `unclosed_bracket` closes."""
    depth = 0
    sibling = node.prev_sibling
    while sibling is not None:
        if sibling.type in _CLOSERS.values():
            depth += 1
        elif sibling.type in _CLOSERS:
            if depth == 0:
                return sibling
            depth -= 1
        sibling = sibling.prev_sibling
    return None


def describe_unclosed(node: Node) -> Diagnostic:
    opener = _opener_of(node)
    if opener is None:
        return Diagnostic("syntax.unclosed", Span(node.start_byte, node.end_byte), Severity.ERROR,
                          Source.SYNTAX, "syntax error: unclosed bracket before the next operation")
    closer = _CLOSERS[opener.type]
    return Diagnostic(
        "syntax.unclosed",
        Span(opener.start_byte, opener.end_byte),
        Severity.ERROR,
        Source.SYNTAX,
        f"syntax error: `{opener.type}` is never closed; expected `{closer}` before the next operation",
    )


def _missing_nodes(node: Node, out: list[Node]) -> None:
    if node.is_missing:
        out.append(node)
        return
    if not node.has_error:
        return
    for child in node.children:
        _missing_nodes(child, out)


def syntax_diagnostics(node: Node) -> list[Diagnostic]:
    """All syntax problems in `node`'s subtree (the CLI's `parse` and tests use this)."""
    out: list[Diagnostic] = []
    errors: list[Node] = []
    for name, nodes in QueryCursor(_PROBLEMS).captures(node).items():
        for found in nodes:
            if name == "error":
                errors.append(found)
            else:
                out.append(describe_unclosed(found))
    errors.sort(key=lambda n: (n.start_byte, -n.end_byte))
    outer: list[Node] = []
    for e in errors:
        if not any(o.start_byte <= e.start_byte and e.end_byte <= o.end_byte for o in outer):
            outer.append(e)
            out.append(describe_error(e))
    missing: list[Node] = []
    _missing_nodes(node, missing)
    out.extend(describe_missing(m) for m in missing)
    out.sort(key=lambda d: d.span)
    return out
