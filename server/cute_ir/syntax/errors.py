"""Syntax diagnostics: tree-sitter ERROR / MISSING nodes and brackets ended by `unclosed_bracket`.

Each problem is reported where it is, and only there: the grammar keeps errors inside the op
that has them, so one diagnostic per problem, never a cascade.
"""
from __future__ import annotations

from tree_sitter import Node

from ..diagnostics import Diagnostic, Severity, Source, Span

_CLOSERS = {"(": ")", "[": "]", "<": ">", "{": "}"}
_CLOSING = frozenset(_CLOSERS.values())
_MAX_SHOWN = 24



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


def unclosed_openers(root: Node, lo: int, hi: int) -> list[tuple[Node, Node | None]]:
    """Each `unclosed_bracket` starting in [lo, hi], with the bracket it closes: the nearest
    earlier sibling bracket left open (None if there is none).

    One walk with a tree cursor, keeping the open brackets of each level on a stack: asking
    each node for its parent or previous sibling would cost the depth (tree-sitter finds a
    parent from the root down) and make bracket runs cubic.
    """
    out: list[tuple[Node, Node | None]] = []
    cursor = root.walk()
    open_at_level: list[list[Node]] = [[]]
    while True:
        node = cursor.node
        kind = node.type
        if kind == "unclosed_bracket":
            if lo <= node.start_byte <= hi:
                openers = open_at_level[-1]
                out.append((node, openers[-1] if openers else None))
        elif kind in _CLOSERS:
            open_at_level[-1].append(node)
        elif kind in _CLOSING and open_at_level[-1]:
            open_at_level[-1].pop()
        elif node.child_count and node.start_byte <= hi and node.end_byte >= lo and cursor.goto_first_child():
            open_at_level.append([])
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return out
            open_at_level.pop()


def describe_unclosed(node: Node, opener: Node | None) -> Diagnostic:
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


def outermost_errors(root: Node, lo: int, hi: int) -> list[Node]:
    """The ERROR nodes starting in [lo, hi] with no ERROR ancestor, in document order (nested
    ones describe the same problem). The answer depends on the tree alone, not on the part
    of it searched, so a region analysed on its own reports what a whole-file analysis does.
    An iterative walk that enters only subtrees with errors: depth is the user's.
    """
    out: list[Node] = []
    cursor = root.walk()
    while True:
        node = cursor.node
        if node.type == "ERROR" and node.start_byte <= hi and node.end_byte >= lo:
            if lo <= node.start_byte:
                out.append(node)
        elif node.has_error and node.start_byte <= hi and node.end_byte >= lo and cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return out


def missing_nodes(node: Node, lo: int = 0, hi: int | None = None) -> list[Node]:
    """MISSING nodes in `node`'s subtree starting in [lo, hi] (iterative: depth is the user's)."""
    out: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current is None or not (current.has_error or current.is_missing):
            continue
        if current.is_missing:
            if lo <= current.start_byte and (hi is None or current.start_byte <= hi):
                out.append(current)
            continue
        stack.extend(c for c in reversed(current.children)
                     if c.end_byte >= lo and (hi is None or c.start_byte <= hi))
    return out


def syntax_diagnostics(node: Node) -> list[Diagnostic]:
    """All syntax problems in `node`'s subtree (the CLI's `parse` and tests use this)."""
    lo, hi = node.start_byte, node.end_byte
    out = [describe_unclosed(u, opener) for u, opener in unclosed_openers(node, lo, hi)]
    out.extend(describe_error(e) for e in outermost_errors(node, lo, hi))
    out.extend(describe_missing(m) for m in missing_nodes(node))
    out.sort(key=lambda d: d.span)
    return out
