"""Syntax diagnostics: tree-sitter ERROR / MISSING nodes and brackets ended by `unclosed_bracket`.

Each problem is reported where it is, and only there: the grammar keeps errors inside the op
that has them, so one diagnostic per problem, never a cascade. Where MLIR's parser has a
message for the problem, the diagnostic uses its wording.
"""
from __future__ import annotations

from tree_sitter import Node, QueryCursor

from ..diagnostics import Diagnostic, Severity, Source, Span
from ..diagnostics.mlir_messages import (EMPTY_OPERATION_NAME, EXPECTED_OPERATION_NAME,
                                         EXPECTED_OPERATION_TYPE, EXPECTED_RESULT_COUNT,
                                         EXPECTED_SSA_NAME, EXPECTED_STRIDE_LIST, EXPECTED_TYPE,
                                         INTEGER_WIDTH_LIMIT, INVALID_INTEGER_WIDTH,
                                         UNBALANCED_IN_DIALECT_BODY, ZERO_RESULT_COUNT)
from .parser import query

_CLOSERS = {"(": ")", "[": "]", "<": ">", "{": "}"}
_MAX_SHOWN = 24

# Nodes that are well-formed for the grammar but not for MLIR's parser, or that the grammar
# put where an unfinished construct ends (see `describe_malformed`).
MALFORMED_PATTERNS = """
    (unclosed_bracket) @malformed
    (incomplete_op) @malformed
    (op_result count: (integer) @malformed)
    (operation name: (string) @malformed)
    (operation name: (op_name) @_func body: (custom_body (symbol_ref) . (paren_group (keyword) @malformed))
      (#any-of? @_func "func.func" "func"))
    (builtin_attribute kind: "strided" parameters: (type_parameters) @malformed)
    ((integer_type) @malformed (#match? @malformed "^[su]?i[0-9]{8,}$"))
"""

# MLIR's IntegerType::kMaxWidth.
_MAX_INTEGER_WIDTH = (1 << 24) - 1

_PROBLEMS = query("(ERROR) @error" + MALFORMED_PATTERNS)


def _shown(raw: bytes) -> str:
    value = raw.decode("utf-8", errors="replace").strip()
    first_line = value.splitlines()[0] if value else ""
    if len(first_line) > _MAX_SHOWN:
        first_line = first_line[:_MAX_SHOWN] + "..."
    return first_line


# A stray token right after an op's results (`%0: =`, `%0, =`): what MLIR expected there.
_AFTER_RESULTS = {b":": EXPECTED_RESULT_COUNT, b",": EXPECTED_SSA_NAME}

# The bracketed body of a dialect type or attribute, where MLIR only balances brackets.
_DIALECT_BODIES = frozenset({"type_parameters", "parameter_group", "parameter_list", "parameter_dict"})


def _in_dialect_body(node: Node) -> bool:
    if _opening_prefix_before(node) is not None:    # right after `!d<`
        return True
    parent = node.parent
    while parent is not None and parent.type not in ("operation", "source_file"):
        if parent.type in _DIALECT_BODIES:
            return True
        parent = parent.parent
    return False


# A split of `mlir-opt --split-input-file` ends where its marker starts.
_SPLIT_MARKER = b"// -----"


def _within_first_split(node: Node) -> Span:
    """The node's span, cut at a split marker inside it: recovery from a text broken in several
    consecutive splits can, rarely, put one ERROR across a marker; its diagnostic still stays
    in the split where the problem starts."""
    cut = (node.text or b"").find(_SPLIT_MARKER, 1)
    end = node.end_byte if cut < 0 else node.start_byte + cut
    return Span(node.start_byte, end)


def describe_error(node: Node) -> Diagnostic:
    shown = _shown(node.text or b"")
    message = f"syntax error: unexpected `{shown}`" if shown else "syntax error"
    previous = node.prev_sibling
    first = (node.text or b"").lstrip()[:1]
    if previous is not None and previous.type == "result_list":
        message = _AFTER_RESULTS.get((node.text or b"").strip(), message)
    elif first and first in b")]}>" and _in_dialect_body(node):
        message = UNBALANCED_IN_DIALECT_BODY.format(first.decode())
    return Diagnostic("syntax.error", _within_first_split(node), Severity.ERROR,
                      Source.SYNTAX, message)


def describe_missing(node: Node) -> Diagnostic:
    span = Span(node.start_byte, node.end_byte)
    if node.parent is not None and node.parent.type in _TYPE_NODES:
        # tree-sitter names one spelling it could insert (`bf16`); any type would do.
        return Diagnostic("syntax.missing", span, Severity.ERROR, Source.SYNTAX, EXPECTED_TYPE)
    expected = node.type if not node.is_named else node.type.replace("_", " ")
    return Diagnostic("syntax.missing", span, Severity.ERROR, Source.SYNTAX,
                      f"syntax error: expected `{expected}`")


_TYPE_NODES = frozenset({"integer_type", "float_type", "index_type", "none_type"})


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


def describe_malformed(node: Node) -> Diagnostic | None:
    """A node of MALFORMED_PATTERNS: its diagnostic, or None when it is fine after all."""
    span = Span(node.start_byte, node.end_byte)
    if node.type == "unclosed_bracket":
        return describe_unclosed(node)
    if node.type == "incomplete_op":
        named = node.parent is not None and node.parent.child_by_field_name("name") is not None
        return Diagnostic("syntax.incomplete", span, Severity.ERROR, Source.SYNTAX,
                          EXPECTED_OPERATION_TYPE if named else EXPECTED_OPERATION_NAME)
    if node.type == "integer":          # `%r:N =`
        if int(node.text or b"0", 0) > 0:
            return None
        return Diagnostic("syntax.result-count", span, Severity.ERROR, Source.SYNTAX, ZERO_RESULT_COUNT)
    if node.type == "string":           # generic op name
        if node.text != b'""':
            return None
        return Diagnostic("syntax.empty-op-name", span, Severity.ERROR, Source.SYNTAX, EMPTY_OPERATION_NAME)
    if node.type == "type_parameters":  # of `strided<...>`: a stride list first
        first = node.named_children[0] if node.named_children else None
        if first is not None and first.type == "parameter_list":
            return None
        return Diagnostic("syntax.strided", span, Severity.ERROR, Source.SYNTAX, EXPECTED_STRIDE_LIST)
    if node.type == "integer_type":     # a width with eight digits or more
        width = int((node.text or b"i0").lstrip(b"su")[1:])
        if width <= _MAX_INTEGER_WIDTH:
            return None
        message = INVALID_INTEGER_WIDTH if width >= 1 << 32 else INTEGER_WIDTH_LIMIT.format(_MAX_INTEGER_WIDTH)
        return Diagnostic("syntax.integer-width", span, Severity.ERROR, Source.SYNTAX, message)
    # A bare word among a function signature's arguments: neither `%arg: type` nor a type.
    return Diagnostic("syntax.expected-type", span, Severity.ERROR, Source.SYNTAX, EXPECTED_TYPE)


_OPENING_PREFIXES = frozenset({"dialect_prefix", "layout_keyword"})


def _opening_prefix_before(node: Node) -> Node | None:
    """An earlier sibling of `node` that ends with `<`: `!d<`, `#d<`, `#cute.layout<`."""
    sibling = node.prev_sibling
    while sibling is not None:
        if sibling.type in _OPENING_PREFIXES and (sibling.text or b"").endswith(b"<"):
            return sibling
        sibling = sibling.prev_sibling
    return None


def _prefix_opener(node: Node) -> Node | None:
    """The token that ends with the `<` `node` closes: `!d<` / `#d<` before the parameters it
    ends, or `#cute.layout<` in the same layout."""
    parent = node.parent
    if parent is None:
        return None
    return _opening_prefix_before(node) or _opening_prefix_before(parent)


def describe_unclosed(node: Node) -> Diagnostic:
    opener = _opener_of(node)
    if opener is None and (prefix := _prefix_opener(node)) is not None:
        return Diagnostic("syntax.unclosed", Span(prefix.end_byte - 1, prefix.end_byte), Severity.ERROR,
                          Source.SYNTAX,
                          "syntax error: `<` is never closed; expected `>` before the next operation")
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
            elif name == "malformed" and (d := describe_malformed(found)) is not None:
                out.append(d)
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
