"""Small helpers over tree-sitter nodes that every later stage uses."""
from __future__ import annotations

import re
from typing import Iterator

from tree_sitter import Node

from ..diagnostics import Span

# Statement-level node kinds (children of source_file, region and block).
ALIAS_DEFINITIONS = frozenset({"type_alias_definition", "attribute_alias_definition"})
STATEMENT_KINDS = frozenset({"operation"}) | ALIAS_DEFINITIONS

# Node kinds that are a type (grammar/README.md lists them).
TYPE_KINDS = frozenset({
    "integer_type", "float_type", "index_type", "none_type", "memref_type", "tensor_type",
    "vector_type", "complex_type", "tuple_type", "cute_nvgpu_type", "cute_layout", "dialect_type",
    "type_alias", "function_type",
})


# What a token left after an op's custom form (read whole) is to MLIR, which ends the op there
# and reads the token as the next op's start, by the grammar's node: a word, looked up as an
# op's name, or a token no op starts with (`expected operation name in quotes`). Other nodes are
# not judged: a bracketed group may be the tail of a type the grammar split, a comma may end a
# list an op reads its own way, a value or a string starts an op of its own, a block label ends
# the block.
NEXT_OP_WORDS = frozenset({"keyword", "bare_id", "float_type", "index_type", "none_type", "boolean"})
NO_OP_STARTS = frozenset({"integer_type", "integer", "float", ":", "=", "->", "symbol_ref"})
# A bare identifier at the start of a token's text (MLIR's lexer: letters, digits, `_$.`).
_BARE_WORD = re.compile(rb"[A-Za-z_][\w$.]*")


def next_op_start(previous: Node, token: Node) -> "tuple[Span, Span, str | None] | None":
    """`token`, left after an op read whole (`previous` the op's last token read), as the start
    of the next op: (the token's span, where `Parser::emitWrongTokenError` reports it, the op
    name a word is looked up as, else None); None when it is not judged (a dotted word is an
    op's name, and the next op may well be one)."""
    wrong = wrong_token_span(previous, token)
    if token.type in NO_OP_STARTS:
        return Span(token.start_byte, token.end_byte), wrong, None
    word = _BARE_WORD.match(token.text or b"") if token.type in NEXT_OP_WORDS else None
    if word is None or b"." in word.group():
        return None
    return Span(token.start_byte, token.start_byte + len(word.group())), wrong, word.group().decode()


def span(node: Node) -> Span:
    return Span(node.start_byte, node.end_byte)


def wrong_token_span(previous: Node, token: Node) -> Span:
    """Where MLIR's parser reports an unexpected token: Parser::emitWrongTokenError backs up
    over the blanks (and blank lines) before the token, so the error stands right after the
    token before it, or at the token when nothing lies between them."""
    if token.start_byte > previous.end_byte:
        return Span(previous.end_byte, previous.end_byte)
    return Span(token.start_byte, token.end_byte)


def text(node: Node | None) -> str:
    if node is None:
        return ""
    raw = node.text
    return raw.decode("utf-8", errors="replace") if raw is not None else ""


def named_children(node: Node) -> Iterator[Node]:
    for child in node.named_children:
        yield child


def statements(container: Node) -> Iterator[Node]:
    """Statement nodes directly inside a source_file, region or block (ERROR nodes included)."""
    for child in container.named_children:
        if child.type in STATEMENT_KINDS or child.type == "ERROR":
            yield child


def op_name(op: Node) -> str:
    name = op.child_by_field_name("name")
    if name is None:
        return ""
    value = text(name)
    return value[1:-1] if name.type == "string" else value


def written_symbol(op: Node) -> Node | None:
    """The `@name` an op's custom form writes near its start (`func.func @f`, `gpu.module @m`,
    `llvm.func internal @f`): a symbol_ref among the body's first three items."""
    body = op.child_by_field_name("body")
    if body is None:
        return None
    for position in range(min(3, body.child_count)):
        item = body.child(position)
        if item is not None and item.type == "symbol_ref":
            return item
    return None


def empty_dictionary(region: Node) -> bool:
    """Whether a `{}` the grammar reads as a region is an empty attribute dictionary: after
    `attributes` in a custom form (`func.func @f(...) attributes {} {`, as a function's format
    writes its `attr-dict-with-keyword`), where no region stands."""
    if region.type != "region" or region.named_child_count:
        return False
    before = region.prev_sibling    # (costs the depth: asked only of an empty region)
    return before is not None and before.type == "keyword" and before.text == b"attributes"


def ancestors(node: Node) -> Iterator[Node]:
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def enclosing(node: Node, kinds: frozenset[str] | set[str]) -> Node | None:
    if node.type in kinds:
        return node
    for parent in ancestors(node):
        if parent.type in kinds:
            return parent
    return None
