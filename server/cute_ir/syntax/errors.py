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


def outermost_errors(errors: list[Node]) -> list[Node]:
    """The ERROR nodes among `errors` with no ERROR ancestor, in document order: nested ones
    describe the same problem. The answer depends on the tree alone, not on which part of
    it was searched, so a region analysed on its own reports what a whole-file analysis does.
    """
    # node id -> whatever lies below the node lies inside an ERROR (memoised: walks share paths)
    covered: dict[int, bool] = {}

    def nested(node: Node) -> bool:
        path: list[int] = []
        parent = node.parent
        answer = False
        while parent is not None:
            known = covered.get(parent.id)
            if known is not None:
                answer = known
                break
            if parent.type == "ERROR":
                covered[parent.id] = answer = True
                break
            path.append(parent.id)
            parent = parent.parent
        for node_id in path:
            covered[node_id] = answer
        return answer

    return sorted((e for e in errors if not nested(e)), key=lambda n: (n.start_byte, -n.end_byte))


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
    out: list[Diagnostic] = []
    errors: list[Node] = []
    for name, nodes in QueryCursor(_PROBLEMS).captures(node).items():
        for found in nodes:
            if name == "error":
                errors.append(found)
            else:
                out.append(describe_unclosed(found))
    out.extend(describe_error(e) for e in outermost_errors(errors))
    out.extend(describe_missing(m) for m in missing_nodes(node))
    out.sort(key=lambda d: d.span)
    return out
