"""Syntax diagnostics: tree-sitter ERROR / MISSING nodes and brackets ended by `unclosed_bracket`.

Each problem is reported where it is, and only there: the grammar keeps errors inside the op
that has them, so one diagnostic per problem, never a cascade. Where MLIR's parser has a
message for the problem, the diagnostic uses its wording.
"""
from __future__ import annotations

import re
from typing import Iterable, NamedTuple

from tree_sitter import Node
from tree_sitter_cute_ir._binding import op_heads

from ..diagnostics import Diagnostic, Related, Severity, Source, Span
from ..diagnostics.mlir_messages import (EMPTY_OPERATION_NAME, EXPECTED_ATTRIBUTE_VALUE, EXPECTED_COLON,
                                         EXPECTED_FUNCTION_TYPE, EXPECTED_IN_QUANTILE, FUNCTION_TYPE_ARROW, EXPECTED_METADATA_KEY,
                                         EXPECTED_OPERATION_NAME,
                                         EXPECTED_OPERATION_TYPE, EXPECTED_RESULT_COUNT,
                                         EXPECTED_SSA_NAME, EXPECTED_LSQUARE, EXPECTED_SYMBOL_NAME, SYMBOL_START,
                                         EXPECTED_TYPE, INTEGER_WIDTH_LIMIT, INVALID_INTEGER_WIDTH,
                                         BRACKETED_TYPE_CLOSE, BRACKETED_TYPE_OPEN, EXPECTED_LIST_ELEMENT,
                                         MEMORY_SPACE_UNSUPPORTED, ATTRIBUTE_ALIAS_EQUALS, ATTRIBUTE_NAME_RESERVED,
                                         AFFINE_MAP_CLOSE, INTEGER_SET_CLOSE, ELLIPSIS_DOTS, EXPECTED_TOKEN, INVALID_TYPE_IDENTIFIER, EXPECTED_SSA_OPERAND,
                                         EXPECTED_ARGUMENT_COLON_TYPE, EXPECTED_COLON_AFTER_BLOCK_NAME, REGION_LIST_CLOSE,
                                         COMPLEX_ELEMENTS_CLOSE, INVALID_SSA_NAME, STRIDED_LESS, TYPE_ALIAS_EQUALS,
                                         REGION_BRACE, TYPE_NAME_RESERVED, UNBALANCED_IN_DIALECT_BODY, ZERO_RESULT_COUNT)
from .parser import WIDE_NODE, captures, query, wide_nodes
from .affine import after_complete_body, check_affine_body
from .builtin_types import check_builtin_type, strided_tail
from .cst import TYPE_KINDS, wrong_token_span
from .attribute_values import (broken_attribute, check_dense_array, check_dictionary_keys, check_elements_value, check_integer_value,
                               check_typed_dense, check_typed_integer, problem_diagnostic)
from .dense import check_dense_literal
from .metadata import check_metadata
from .signatures import TYPE_WORDS, signature_mistake
from .op_formats import BINARY_ARITH_OPS, FORMAT_CHECKS, SCALAR_TYPE_NODES, missing_constant_value
from .literals import integer_literal
from .location import check_location

_CLOSERS = {"(": ")", "[": "]", "<": ">", "{": "}"}
_CLOSING = frozenset(_CLOSERS.values())
_MAX_SHOWN = 24

# Nodes that are well-formed for the grammar but not for MLIR's parser, or that the grammar
# put where an unfinished construct ends (see `describe_malformed`).
# Unclosed brackets are found by `unclosed_openers` instead, which pairs each with its opener.
#
# Only structural patterns: a text predicate (`#eq?`, `#any-of?`, `#match?`) on an op's name
# is evaluated for every op of the file, which made this query cost as much as the parse on
# opening a large file. What an op's name decides is read from the `@op` captures
# (`named_op_diagnostics`: the op, not its name, is captured, since a node's parent costs a
# scan of every statement before it), and the two checks that look for a spelling (a key
# without its value, an integer width of eight digits or more) scan the text for it first
# (`malformed_nodes`).
MALFORMED_PATTERNS = """
    (operation name: (op_name)) @op
    (incomplete_op) @malformed
    (op_result count: (integer) @malformed)
    (operation name: (string)) @malformed
    (location) @malformed
    (keyword "loc") @malformed
    (file_metadata) @malformed
    (quantile_type parameters: (type_parameters) @malformed)
    (builtin_attribute kind: "strided" parameters: (type_parameters) @malformed)
    (builtin_attribute kind: ["affine_map" "affine_set"] parameters: (type_parameters) @malformed)
    (builtin_attribute kind: "dense" parameters: (type_parameters) @malformed)
    (attribute_alias_definition value: (builtin_attribute kind: ["dense" "dense_resource" "sparse"]) @malformed)
    (attribute_entry value: (builtin_attribute kind: ["dense" "dense_resource" "sparse"]) @malformed)
    (custom_body (successor) . (paren_group (successor) @malformed))
    (typed_integer) @malformed
    (typed_attribute value: (builtin_attribute kind: ["dense" "sparse" "dense_resource"])) @malformed
    (builtin_attribute kind: "array" parameters: (type_parameters) @malformed)
    (attribute_dict) @malformed
    (tensor_type) @malformed
    (memref_type) @malformed
    (vector_type) @malformed
    (complex_type) @malformed
    (symbol) @malformed
    (missing_region_open) @malformed
"""

# MLIR's IntegerType::kMaxWidth.
_MAX_INTEGER_WIDTH = (1 << 24) - 1

KEYED_GROUP_KINDS = frozenset({"angle_group", "paren_group", "bracket_group", "brace_group", "attribute_dict",
                               "custom_body"})


def _body(op: Node) -> Node | None:
    """The op's custom body, if it has one."""
    body = op.child_by_field_name("body")
    return body if body is not None and body.type == "custom_body" else None


def _function_header(op: Node, name: Node, text: str) -> list[Diagnostic]:
    """A function's custom body: for `func.func` a keyword first in it (a visibility, else a
    misplaced name); and its signature as MLIR's function parser reads it (syntax/signatures.py)."""
    body = _body(op)
    if body is None:
        return []
    named = body.named_children
    nodes = [named[0]] if named and named[0].type == "keyword" and text in ("func.func", "func") else []
    for symbol, arguments in zip(named, named[1:]):
        if symbol.type == "symbol_ref" and arguments.type == "paren_group":
            # (a type's word the grammar read alone: `complex memref<...>>`, in the type parser's words)
            nodes.extend(c for c in arguments.named_children if c.type == "keyword" and c.text in TYPE_WORDS)
            break
    out = [d for node in nodes if (d := describe_malformed(node)) is not None]
    found = signature_mistake(op, body, text)
    return out + [found] if found is not None else out


def _constant(op: Node, name: Node, text: str) -> list[Diagnostic]:
    """`arith.constant`: without a body its value is missing; a body is checked against the
    op's format like any other."""
    if op.child_by_field_name("body") is None:
        return [missing_constant_value(name)]
    found = _formatted(op, name, text)
    items = [c for c in op.child_by_field_name("body").children if not c.is_extra]
    if not found and len(items) == 3 and items[1].type == ":" and items[0].type in _CONSTANT_VALUES:
        # `arith.constant 300 : i8`: the value is an attribute parsed with its type
        typed = problem_diagnostic(_CONSTANT_VALUES[items[0].type](items[0], items[2]))
        found = [typed] if typed is not None else []
    return found


# What `arith.constant`'s value may be, read with the type after it.
_CONSTANT_VALUES = {"integer": check_integer_value, "builtin_attribute": check_elements_value}


def _formatted(op: Node, name: Node, text: str) -> list[Diagnostic]:
    """An op whose format `op_formats` knows: the first mistake in its body."""
    body = _body(op)
    found = FORMAT_CHECKS[text](body) if body is not None else None
    return [found] if found is not None else []


# An op's name -> what it makes checked, given (op, name node, name).
_BY_OP_NAME = {
    b"func.func": _function_header,
    b"func": _function_header,
    b"llvm.func": _function_header,
    b"gpu.func": _function_header,
    **{name.encode(): _formatted for name in FORMAT_CHECKS},
    b"arith.constant": _constant,
}


class OpName:
    """An op's name where it is written: the name (a generic op's without its quotes), read
    once for every check that dispatches on it, its bounds [start, end), the op of a
    custom-form name (None for a generic op), the name's node, and whether the op's body is
    known to draw nothing from the check its name selects (`_CLEAN_BODIES`). The node is
    asked of the tree only when something wants it (an unknown op's diagnostic, a check's
    range): on opening a large file, asking it of every op cost as much as the checks."""
    __slots__ = ("name", "start", "end", "op", "clean", "_node")

    def __init__(self, name: bytes, start: int, end: int, op: Node | None, node: Node | None = None,
                 clean: bool = False) -> None:
        self.name, self.start, self.end, self.op, self._node, self.clean = name, start, end, op, node, clean

    @property
    def node(self) -> Node:
        if self._node is None:
            self._node = self.op.child_by_field_name("name")
        return self._node

    @classmethod
    def of(cls, node: Node, name: bytes, op: Node | None) -> "OpName":
        return cls(name, node.start_byte, node.end_byte, op, node)


# Whether ops' names, and whether their bodies are plain, are read from the text where it
# is plain enough (`op_names`); off, everything is read from the tree, as
# tests/syntax/test_named_ops_from_text.py compares.
READ_FROM_TEXT = True

# Whether the loop of `op_names` over text it can read runs in C (the binding's `op_heads`,
# which matches `_OP_START` itself and calls the rest): a Python step per op cost a tenth of
# opening a large file. Off, the same loop runs here, as tests/syntax/test_op_heads.py compares.
NATIVE_HEADS = True

_VALUE = rb"%[A-Za-z0-9_$.\-]+"
# An op's results and its custom-form name, from the op's first byte, when written on one
# line without comments: `%a, %b:2 = dialect.op`. Otherwise the tree is asked.
_OP_START = re.compile(rb"(?:" + _VALUE + rb"(?::[0-9]+)?[ \t]*(?:,[ \t]*" + _VALUE
                       + rb"(?::[0-9]+)?[ \t]*)*=[ \t]*)?([A-Za-z_][A-Za-z0-9_$.]*)")

# Bodies, read from right after the op's name, on which an op's check (`_BY_OP_NAME`) is known
# to report nothing when the op holds no syntax error, so its nodes need not be read:
# - arith's binary ops: two operands with a comma between, then the colon, the attribute
#   dictionary or a flag word (what `_binary_operands` accepts);
# - `arith.constant`: a float, `true` / `false`, or an integer of at most nine digits (which
#   every width of 32 bits or more holds) typed with a scalar type of 32 bits or more, alone on
#   its line (what `_constant_then_type` and `check_integer_value` accept).
# (The second use is matched whole, `(?>...)`: given back, its name's last letter would pass
# for the flag word, and `%a, %bc %d : i32` for a clean body.)
_USE = _VALUE + rb"(?:#[0-9]+)?"
_CLEAN_BINARY = re.compile(rb"[ \t]+" + _USE + rb"[ \t]*,[ \t]*(?>" + _USE + rb")[ \t]*[:{A-Za-z]")
_CLEAN_CONSTANT = re.compile(
    rb"[ \t]+(?:(?:-?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?|true|false)[ \t]*:[ \t]*(?:index|[if](?:32|64)|f16|bf16)"
    rb"|-?[0-9]{1,9}[ \t]*:[ \t]*(?:index|i32|i64))[ \t]*(?:\r?\n|$)")
_CLEAN_BODIES = {
    **{name.encode(): _CLEAN_BINARY for name in BINARY_ARITH_OPS},
    b"arith.constant": _CLEAN_CONSTANT,
}

# The same, as the numbers of the checks the binding's `op_heads` makes in C in their place
# (tests/syntax/test_op_heads.py compares them with these patterns).
_CLEAN_KINDS = {name: {_CLEAN_BINARY: 1, _CLEAN_CONSTANT: 2}[pattern] for name, pattern in _CLEAN_BODIES.items()}


def named_op_diagnostics(ops: list[OpName]) -> list[Diagnostic]:
    """What the names of custom-form ops decide (nothing for an op whose body is `clean`)."""
    out: list[Diagnostic] = []
    checked = _BY_OP_NAME
    for found in [op for op in ops if op.name in checked and not op.clean and op.op is not None]:
        out.extend(checked[found.name](found.op, found.node, found.name.decode()))
    return out


def op_names(ops: list[Node], lo: int, hi: int, source: bytes | bytearray | None = None,
             intact: bool = False) -> list[OpName]:
    """The name of each `@op` capture whose name starts in [lo, hi]. With `source`, the text
    the ops' tree was parsed from (offsets as the tree's), the name of an op without syntax
    errors that is written plainly (`_OP_START`) is read from the text, without its node, and
    so is whether its body is clean (`_CLEAN_BODIES`). `intact`: the tree holds no syntax
    error, so no op needs asking."""
    if source is None or not READ_FROM_TEXT:
        return [found for op in ops if (found := _from_tree(op, lo, hi)) is not None]
    if NATIVE_HEADS:
        return op_heads(source, ops if isinstance(ops, list) else list(ops), lo, hi, intact, _CLEAN_KINDS, OpName,
                        lambda op: _from_tree(op, lo, hi))
    out = []
    start_of, clean = _OP_START.match, _CLEAN_BODIES.get
    for op in ops:
        found = start_of(source, op.start_byte)
        if found is None or (not intact and op.has_error):
            if (named := _from_tree(op, lo, hi)) is not None:
                out.append(named)
            continue
        start, end = found.span(1)
        if lo <= start <= hi:
            text = bytes(found.group(1))
            body = clean(text)
            out.append(OpName(text, start, end, op, None, body is not None and body.match(source, end) is not None))
    return out


def _from_tree(op: Node, lo: int, hi: int) -> OpName | None:
    """The op's name read from its node, if it starts in [lo, hi]."""
    name = op.child_by_field_name("name")
    return OpName.of(name, name.text or b"", op) if lo <= name.start_byte <= hi else None


# An integer type of eight digits or more (`i12345678`) starts like this.
_LONG_WIDTH = re.compile(rb"i[0-9]{8}")
_LONG_INTEGER_TYPE = re.compile(rb"[su]?i[0-9]{8,}")

# What the grammar skips between tokens (its extras: `\s` as tree-sitter reads it, which takes
# Unicode spaces too, and comments), taken whole: possessive (`*+`), since a comment of many
# `//` and spaces can be split into extras in exponentially many ways, and a search that
# backtracked through them when no closer follows would hang on one line of text.
_GAP = rb"(?:\s|\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2\x80[\x80-\x8a\xa8\xa9\xaf]|\xe2\x81\x9f|\xe3\x80\x80|\xef\xbb\xbf|//[^\r\n]*+)*+"
# Where `describe_keyed_group` can report something: a `=` followed by a closer or a comma
# (the value is missing), by `[` and a comma, or by an SSA value (in a dictionary).
_KEY_WITHOUT_VALUE = re.compile(rb"=" + _GAP + rb"(?:[>)\]},%]|\[" + _GAP + rb",)")


def malformed_nodes(root: Node, source: bytes, base: int, lo: int, hi: int,
                    wide: list[Node]) -> tuple[list[Node], list[Node]]:
    """The nodes starting in [lo, hi] that `describe_malformed` and `describe_keyed_group` read
    besides the `@malformed` captures, unsorted: integer types with a long width, and the
    groups that may hold a key without its value. `source[i]` is the byte at `base + i` of
    `root`'s text; `wide` are the wide nodes of the range (see `parser.wide_nodes`), whose
    insides queries do not search, and neither does this.

    The groups come from a scan of the text for what a key without a value looks like, each
    confirmed in the tree. Error recovery can skip text as an ERROR node between a `=` and
    what follows (an extra, which `describe_keyed_group` reads past), so the groups around
    each ERROR node are added too."""
    out: list[Node] = []

    def searched(node: Node) -> bool:
        return lo <= node.start_byte <= hi and not any(
            w.start_byte < node.start_byte and node.end_byte < w.end_byte for w in wide)

    end = hi + 1 - base
    for match in _LONG_WIDTH.finditer(source, max(0, lo - base), end + len(b"si12345678")):
        at = base + match.start()
        node = root.descendant_for_byte_range(at, at + 1)
        if (node is not None and node.type == "integer_type" and searched(node)
                and _LONG_INTEGER_TYPE.fullmatch(node.text or b"")):
            out.append(node)
    groups: dict[int, Node] = {}
    if root.has_error:
        groups.update((g.id, g) for g in _groups_around_errors(root, lo, hi) if searched(g))
    for match in _KEY_WITHOUT_VALUE.finditer(source, max(0, lo - base), end):
        at = base + match.start()
        equals = root.descendant_for_byte_range(at, at + 1)
        if equals is None or equals.type != "=" or equals.start_byte != at:
            continue
        group = equals.parent
        if group is not None and group.type == "attribute_entry":
            group = group.parent
        if group is not None and group.type in KEYED_GROUP_KINDS and searched(group):
            groups[group.id] = group
    for group in _groups_running_past(root, lo, hi):
        groups[group.id] = group
    return out, list(groups.values())


def _groups_around_errors(root: Node, lo: int, hi: int) -> list[Node]:
    """The parent and grandparent of each ERROR node overlapping [lo, hi] that are groups (the
    dictionary of an entry holding one): where an ERROR can stand between a key's `=` and
    what follows it, directly or inside the `[` of a list value. One walk down the nodes that
    hold an error, each knowing its parents (asking a node for its parent costs the depth)."""
    out: list[Node] = []
    stack: list[tuple[Node, Node | None, Node | None]] = [(root, None, None)]
    while stack:
        node, parent, grandparent = stack.pop()
        if node.type == "ERROR":
            for holder, above in ((parent, grandparent), (grandparent, None)):
                if holder is not None and holder.type == "attribute_entry":
                    holder = above
                if holder is not None and holder.type in KEYED_GROUP_KINDS:
                    out.append(holder)
        stack.extend((child, node, parent) for child in node.children
                     if child.has_error and child.end_byte >= lo and child.start_byte <= hi + 1)
    return out


def _groups_running_past(root: Node, lo: int, hi: int) -> list[Node]:
    """The groups starting in [lo, hi] that end after `hi + 1` (a container op's body runs
    past the header it starts in): their keys may lie past the scanned text. Found by
    walking down to `hi` with a cursor (asking nodes for their parents costs the depth)."""
    out: list[Node] = []
    cursor = root.walk()
    while cursor.goto_first_child_for_byte(hi) is not None:
        node = cursor.node
        if node.start_byte > hi:
            break
        if node.type in KEYED_GROUP_KINDS and lo <= node.start_byte and node.end_byte > hi + 1:
            out.append(node)
    return out


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


# The keywords of the builtin shaped types: `vector<-1xi32>` is no type to MLIR's parser (a
# dimension is never negative), which the grammar leaves as the keyword and an error after it.
_SHAPED_KEYWORDS = frozenset({b"vector", b"memref", b"tensor"})
# A memref's parameter that is a builtin scalar type: a type where an attribute (a memory
# space) is expected, which MemRefType::verify refuses.
_SCALAR_TYPE = re.compile(rb"^,\s*(?:[su]?i[0-9]+|f[0-9]+|bf16|tf32|index)\s*$")


_ALIAS_HEAD = re.compile(rb"#[\w$.]+\s*=\s*")


def _broken_alias_value(node: Node) -> str | None:
    """`#a = array<i8)`: an attribute alias's value the grammar could not read, in the words of
    the attribute parser that stops in it (the ERROR holds the definition, or is the word after
    its `=`)."""
    text = node.text or b""
    head = _ALIAS_HEAD.match(text)
    if head is not None:
        return broken_attribute(text[head.end():])
    previous = node.prev_named_sibling
    parent = node.parent
    if previous is None or previous.type != "attribute_alias" or parent is None:
        return None
    return broken_attribute((parent.text or b"")[node.start_byte - parent.start_byte:])


# Punctuation that starts no statement: after a complete alias definition MLIR's top-level
# parser reads it as an op's start and refuses it.
_NO_STATEMENT = b")]}>,"


def _after_alias_definition(node: Node) -> Diagnostic | None:
    """`#a = #cute.layout<...>)`, `!t = i32 >`: a stray closer or comma after an alias
    definition the grammar read whole, at the top level. MLIR's top-level parser takes the token
    for the start of an operation, which it cannot be (`parseOperation`'s "expected operation
    name in quotes", where emitWrongTokenError places it: right after the definition when blanks
    lie between)."""
    parent = node.parent
    previous = node.prev_sibling
    while previous is not None and previous.is_extra:
        previous = previous.prev_sibling
    if parent is None or parent.type != "source_file" or previous is None or previous.has_error \
            or previous.type not in ("attribute_alias_definition", "type_alias_definition"):
        return None
    start = node.start_byte + len(node.text or b"") - len((node.text or b"").lstrip())
    at = Span(previous.end_byte, previous.end_byte) if start > previous.end_byte else Span(start, start + 1)
    return Diagnostic("syntax.error", at, Severity.ERROR, Source.SYNTAX, EXPECTED_OPERATION_NAME)


def _leaf_before(node: Node) -> Node | None:
    """The last token before the node."""
    previous = node.prev_sibling
    while previous is not None and previous.child_count:
        previous = previous.children[-1]
    return previous


class _Reading(NamedTuple):
    """Where an ERROR stands and what it holds, for a mistake MLIR's parser or lexer names."""

    parent: str | None          # the ERROR's parent's type (None: any)
    text: re.Pattern[bytes]     # the ERROR's text, stripped, matched whole
    beside: frozenset[str] | None   # the named node just before it, or its only named child
    message: str


# ERRORs whose place says what MLIR stopped at (Parser.cpp, Lexer.cpp,
# DialectSymbolParser.cpp), in its words.
_ERROR_READINGS = (
    # `!foo.bar = i32`: the grammar's alias name ends at the dot, MLIR's takes it and refuses it
    _Reading("type_alias_definition", re.compile(rb"\..*"), frozenset({"type_alias"}), TYPE_NAME_RESERVED),
    _Reading("attribute_alias_definition", re.compile(rb"\..*"), frozenset({"attribute_alias"}),
             ATTRIBUTE_NAME_RESERVED),
    # `!a i32`, `#a affine_map<...>`: an alias without its `=`
    _Reading("source_file", re.compile(rb"![\w$.-]+"), frozenset({"type_alias"}), TYPE_ALIAS_EQUALS),
    _Reading("source_file", re.compile(rb"#[\w$.-]+"), frozenset({"attribute_alias"}), ATTRIBUTE_ALIAS_EQUALS),
    # `(.)`, `(..)`: the lexer's dots start an ellipsis
    _Reading("paren_group", re.compile(rb"\.\.?"), None, ELLIPSIS_DOTS),
    # `!<"">`: a `!` with no dialect name
    _Reading("paren_group", re.compile(rb"!"), None, INVALID_TYPE_IDENTIFIER),
    # `!foo<` whose body never closes
    _Reading(None, re.compile(rb"[!#][\w$.-]+<"), frozenset({"dialect_prefix"}), UNBALANCED_IN_DIALECT_BODY.format("<")),
    # a block label's argument list: a type where its name belongs, a name without its type
    _Reading("block_label", re.compile(rb".+", re.S), TYPE_KINDS, EXPECTED_SSA_OPERAND),
    _Reading("block_label", re.compile(rb"%.+"), frozenset({"value_id"}), EXPECTED_ARGUMENT_COLON_TYPE),
    # `^bb %x: i32 :`, `{^a:^b }`: a label that neither opens an argument list nor ends with `:`
    _Reading("region", re.compile(rb"(?:\^[\w$.-]+\s*:\s*)*\^[\w$.-]*"), None, EXPECTED_COLON_AFTER_BLOCK_NAME),
    # `{^b(` at the end of the text: an argument list with nothing in it
    _Reading("source_file", re.compile(rb"\{\s*\^[\w$.-]+\s*\("), None, EXPECTED_SSA_OPERAND),
    # `%` with no name, anywhere (the lexer's)
    _Reading(None, re.compile(rb"%"), None, INVALID_SSA_NAME),
    # a bare word in a generic op's function type, where a type belongs
    _Reading("type_list", re.compile(rb"[\w$.-]+"), None, EXPECTED_TYPE),
    # `memref<4xf32, strided>`
    _Reading("memref_type", re.compile(rb",\s*strided"), None, STRIDED_LESS),
    # `@foo` where a statement starts
    _Reading("source_file", re.compile(rb"@.*", re.S), None, EXPECTED_OPERATION_NAME),
)


def _reading(node: Node, text: bytes) -> str | None:
    parent = node.parent
    previous = node.prev_named_sibling
    inside = node.named_children
    for reading in _ERROR_READINGS:
        if (reading.parent is None or (parent is not None and parent.type == reading.parent)) \
                and reading.text.fullmatch(text) and (
                    reading.beside is None or (previous is not None and previous.type in reading.beside)
                    or (len(inside) == 1 and inside[0].type in reading.beside)):
            return reading.message
    return None


_OPENERS = frozenset(_CLOSERS)


def _innermost_opener(node: Node) -> str:
    """The bracket a dialect body holds open where `node` stands: DialectSymbolParser names it
    (not the closer it met) when a closer does not match."""
    if _opening_prefix_before(node) is not None:
        return "<"
    parent = node.parent
    while parent is not None and parent.type in _DIALECT_BODIES:
        first = parent.children[0].type if parent.child_count else ""
        if first in _OPENERS:
            return first
        parent = parent.parent
    return "<"


# An ERROR that begins with an affine map or set (as an alias's value, or a dictionary's first
# entry's): `#map = affine_map< d0)`, `{m = affine_map< d0)} {`.
_AFFINE_AT_START = re.compile(rb"(?:#[\w$.]+\s*=\s*|\{\s*[\w$.]+\s*=\s*)?affine_(?:map|set)\s*<")
# The first character MLIR's affine lexer takes for no token of a map's body: its text ends there.
_AFFINE_BODY_END = re.compile(rb"[^\sA-Za-z0-9_$.%()\[\],:+\-*<>=]")


def _broken_affine(node: Node) -> Diagnostic | None:
    """An ERROR in or after the body of an `affine_map<...>` / `affine_set<...>` whose body MLIR's
    affine parser stops in first, in its words where it stops (`affine_map< d0)`: "expected '('
    in dimensional identifier list" right after the `<`): an ERROR that starts with such a map,
    or one inside the map's parameters (a `)` with no `(`, which the grammar cannot place)."""
    text = node.text or b""
    head = _AFFINE_AT_START.match(text)
    if head is not None:
        start, body = node.start_byte + head.end(), text[head.end():]
        kind = b"affine_set" if b"affine_set" in text[:head.end()] else b"affine_map"
    elif text.startswith(b"{"):
        return _affine_in_later_entry(node) or _affine_in_generic_op(node)
    else:
        parent = node.parent
        kind = _kind_of(parent) if parent is not None and parent.type == "type_parameters" else None
        if kind not in (b"affine_map", b"affine_set"):
            return None
        start, body = parent.start_byte + 1, (parent.text or b"")[1:]
    return _affine_mistake(start, body, kind)


def _affine_in_generic_op(node: Node) -> Diagnostic | None:
    """An ERROR that recovery grew from a region's `{` around a generic op whose properties
    hold a broken map as their first entry (`"d.op"() <{m = affine_map< d0)}>`): the first ERROR
    inside holds the map, and the innermost first ERROR in it stands in the parameters of that
    `affine_map<...>` / `affine_set<...>`: the map's mistake (`_broken_affine`). (A map the
    first ERROR inside does not hold is read on its own, as `describe_malformed` reads any.)"""
    children = [c for c in node.children if not c.is_extra]
    if len(children) < 2 or children[0].type != "{" or children[1].type != "string":
        return None
    first = next((e for c in children[2:] if (e := _first_error(c)) is not None), None)
    inner = first
    while inner is not None and (deeper := next(
            (e for c in inner.children if (e := _first_error(c)) is not None), None)) is not None:
        inner = deeper
    if inner is None or inner is first or inner.parent is None or inner.parent.type != "type_parameters":
        return None
    return _broken_affine(inner)


def _first_error(node: Node) -> Node | None:
    """The first ERROR in `node`'s subtree, in document order (iterative: depth is the user's)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "ERROR":
            return current
        if current.has_error:
            stack.extend(reversed(current.children))
    return None


def _affine_in_later_entry(node: Node) -> Diagnostic | None:
    """An ERROR that is an attribute dictionary whose entries the grammar read whole up to one
    whose value is a broken `affine_map<...>` / `affine_set<...>` (`{a = 1, m = affine_map<
    d0)}`): that map's mistake, in the affine parser's words (`_affine_mistake`)."""
    children = [c for c in node.children if not c.is_extra]
    at = 1
    while at + 1 < len(children) and children[at].type == "attribute_entry" and not children[at].has_error \
            and children[at + 1].type == ",":
        at += 2
    if at == 1 or at + 3 >= len(children):
        return None     # (the first entry's map is read by `_AFFINE_AT_START`)
    name, equals, kind, opener = children[at:at + 4]
    if name.type != "bare_id" or equals.type != "=" or kind.type not in ("affine_map", "affine_set") \
            or opener.type != "<":
        return None
    text = node.text or b""
    return _affine_mistake(opener.end_byte, text[opener.end_byte - node.start_byte:], kind.type.encode())


def _affine_mistake(start: int, body: bytes, kind: bytes | None = None) -> Diagnostic | None:
    """The first mistake MLIR's affine parser meets in `body` (a map's text from `start`, read up
    to the first character no token of a map's has), where it stops before the body's end; with
    the attribute's `kind`, also a token after a complete body where its `>` belongs (`(d0) ->
    (d0))>`: `expected '>' in affine map`, `... in integer set`)."""
    end = _AFFINE_BODY_END.search(body)
    body = body[:end.start()] if end is not None else body
    error = check_affine_body(body)
    if error is None and kind is not None and (error := after_complete_body(body)) is not None:
        message = INTEGER_SET_CLOSE if kind == b"affine_set" else AFFINE_MAP_CLOSE
        return Diagnostic("syntax.affine", Span(start + error.start, start + error.end), Severity.ERROR,
                          Source.SYNTAX, message)
    if error is None or error.start >= len(body.rstrip()):
        return None
    return Diagnostic("syntax.affine", Span(start + error.start, start + error.end), Severity.ERROR, Source.SYNTAX,
                      error.message)


def describe_error(node: Node) -> Diagnostic:
    if (affine := _broken_affine(node)) is not None:
        return affine
    if (typed := _generic_op_type_left_open(node)) is not None:
        return typed
    shown = _shown(node.text or b"")
    message = f"syntax error: unexpected `{shown}`" if shown else "syntax error"
    previous = node.prev_sibling
    text = (node.text or b"").strip()
    first = text[:1]
    before = _leaf_before(node)
    if previous is not None and previous.type == "result_list":
        message = _AFTER_RESULTS.get(text, message)
    elif first and first in _NO_STATEMENT and (after := _after_alias_definition(node)) is not None:
        return after
    elif first and first in b")]}>" and _in_dialect_body(node):
        message = UNBALANCED_IN_DIALECT_BODY.format(_innermost_opener(node))
    elif (read := _reading(node, text)) is not None:
        message = read
    elif (broken := _broken_alias_value(node)) is not None:
        message = broken
    elif (in_metadata := _metadata_problem(node)) is not None:
        return in_metadata
    elif first == b"<" and before is not None and before.text in _SHAPED_KEYWORDS:
        message = EXPECTED_TYPE
    elif node.parent is not None and node.parent.type == "memref_type" and first == b",":
        if text == b",":
            message = EXPECTED_LIST_ELEMENT
        elif _SCALAR_TYPE.match(text):
            message = MEMORY_SPACE_UNSUPPORTED
    return Diagnostic("syntax.error", _within_first_split(node), Severity.ERROR,
                      Source.SYNTAX, message)


def _affine_left_open(node: Node) -> Diagnostic | None:
    """A `)` or `]` the grammar supplied inside an `affine_map<...>` / `affine_set<...>` whose `>`
    is there (`(d0 * 2 + s0>`, `(d0 -> (d0)>`): MLIR's affine parser reads the body's text and
    reports the first mistake in its words (`expected ')' in affine map range`, `expected ')' in
    dimensional identifier list`), said once, for the first such token of the body."""
    parent = node.parent
    while parent is not None and parent.type in ("parameter_group", "parameter_list"):
        parent = parent.parent
    if parent is None or parent.type != "type_parameters" or _kind_of(parent) not in (b"affine_map", b"affine_set"):
        return None
    last = parent.children[-1] if parent.child_count else None
    if last is None or last.type != ">" or last.is_missing or any(c.type == "ERROR" for c in parent.children):
        return None
    first = missing_nodes(parent)
    if not first or min(first, key=lambda n: n.start_byte) != node:
        return None
    error = check_affine_body((parent.text or b"")[1:-1])
    if error is None:
        return None
    start = parent.start_byte + 1
    return Diagnostic("syntax.affine", Span(start + error.start, start + error.end), Severity.ERROR, Source.SYNTAX,
                      error.message)


def describe_missing(node: Node) -> Diagnostic:
    span = Span(node.start_byte, node.end_byte)
    if node.type in (")", "]") and (affine := _affine_left_open(node)) is not None:
        return affine
    if node.parent is not None and node.parent.type in SCALAR_TYPE_NODES:
        # tree-sitter names one spelling it could insert (`bf16`); any type would do.
        return Diagnostic("syntax.missing", span, Severity.ERROR, Source.SYNTAX, EXPECTED_TYPE)
    if node.type == ">" and node.parent is not None and node.parent.type in _BRACKETED_TYPES:
        return Diagnostic("syntax.missing", span, Severity.ERROR, Source.SYNTAX,
                          BRACKETED_TYPE_CLOSE.format(_BRACKETED_TYPES[node.parent.type]))
    if node.type in _CLOSING and node.type != "}" and node.parent is not None:
        # (a brace's is the unclosed statement's, `missing_message`)
        opener = node.parent.children[0].type if node.parent.child_count else ""
        if node.parent.type in _DIALECT_BODIES and node.parent.parent is not None \
                and node.parent.parent.type in _DIALECT_SYMBOLS:
            message = UNBALANCED_IN_DIALECT_BODY.format(opener if opener in _OPENERS else "<")
        elif node.parent.type == "region_list":
            message = REGION_LIST_CLOSE
        elif node.parent.type == "parameter_group" and _in_dense_literal(node.parent):
            message = COMPLEX_ELEMENTS_CLOSE    # `dense<[(10, 10]>`: a complex element's pair
        else:
            message = EXPECTED_TOKEN.format(node.type)
        return Diagnostic("syntax.missing", span, Severity.ERROR, Source.SYNTAX, message)
    expected = node.type if not node.is_named else node.type.replace("_", " ")
    return Diagnostic("syntax.missing", span, Severity.ERROR, Source.SYNTAX, missing_message(expected))


def _in_dense_literal(node: Node) -> bool:
    """Whether a bracket group lies in the literal of `dense<...>`."""
    parent = node.parent
    while parent is not None and parent.type in ("parameter_list", "parameter_group"):
        parent = parent.parent
    return parent is not None and parent.type == "type_parameters" and _kind_of(parent) == b"dense"


# A dialect's own type or attribute, whose body MLIR reads by balancing brackets only.
_DIALECT_SYMBOLS = frozenset({"dialect_type", "dialect_attribute"})


# The types TypeParser.cpp reads as a keyword and a bracketed list, by the name its messages use.
_BRACKETED_TYPES = {"complex_type": "complex", "tuple_type": "tuple"}
_BRACKETED_KEYWORDS = {name.encode(): name for name in _BRACKETED_TYPES.values()}


def missing_message(expected: str) -> str:
    """What the parser reports for a token it had to supply."""
    return f"syntax error: expected `{expected}`"




def _successor_among_types(node: Node) -> Diagnostic | None:
    """A block reference in a successor's operand list after its `:`, where MLIR parses the
    operands' types."""
    group = node.parent
    if group is None:
        return None
    colon = next((c for c in group.children if c.type == ":"), None)
    if colon is None or colon.start_byte > node.start_byte:
        return None
    return Diagnostic("syntax.expected-type", Span(node.start_byte, node.end_byte), Severity.ERROR,
                      Source.SYNTAX, EXPECTED_TYPE)


# A builtin type's problem by its text (a file writes few types, each many times): where it is,
# relative to the type, and what it is; None for none. Bounded: dropped whole when full.
_builtin_type_problems: dict[bytes, tuple[int, int, str] | None] = {}
_BUILTIN_TYPE_PROBLEMS_KEPT = 4096


def _builtin_type_problem(node: Node) -> tuple[int, int, str] | None:
    """`check_builtin_type` of `node`, relative to it; memoised by its text when it has no
    syntax error (error recovery may read one text differently in another context)."""
    key = None if node.has_error else node.text
    if key is not None and key in _builtin_type_problems:
        return _builtin_type_problems[key]
    found = check_builtin_type(node)
    problem = None if found is None else (found[0].start_byte - node.start_byte, found[0].end_byte - node.start_byte,
                                          found[1])
    if key is not None:
        if len(_builtin_type_problems) >= _BUILTIN_TYPE_PROBLEMS_KEPT:
            _builtin_type_problems.clear()
        _builtin_type_problems[key] = problem
    return problem


def _missing_region_open(node: Node) -> Diagnostic:
    """The `{` the grammar supplies where an op whose parser reads a region next ends its line
    without one (grammar/src/scanner.c, REGION_OPS): `parseRegion`'s error, where
    emitWrongTokenError places it, right after the token before the region."""
    region = node.parent
    before = region.prev_sibling if region is not None else None
    while before is not None and before.is_extra:
        before = before.prev_sibling
    if before is None and region is not None and region.parent is not None:
        before = region.parent.prev_sibling     # the region first in the body: the op's name
    at = before.end_byte if before is not None else node.start_byte
    return Diagnostic("syntax.missing", Span(at, at), Severity.ERROR, Source.SYNTAX, REGION_BRACE)


def describe_malformed(node: Node) -> Diagnostic | None:
    """A node of MALFORMED_PATTERNS: its diagnostic, or None when it is fine after all."""
    kind = node.type    # (read once: the checks below ask it up to twenty times)
    if kind in _BUILTIN_TYPES:     # `tensor<tensor<i8>>`, `vector<0xi32>` (first: most of a file's)
        found = _builtin_type_problem(node)
        return None if found is None else Diagnostic(
            "syntax.builtin-type", Span(node.start_byte + found[0], node.start_byte + found[1]), Severity.ERROR,
            Source.SYNTAX, found[2])
    span = Span(node.start_byte, node.end_byte)
    if kind == "successor":        # `^bb(%a : i32, ^bb1)`: the operand list's types
        return _successor_among_types(node)
    if kind == "missing_region_open":   # `scf.if %c` and a next line: the region's `{`
        return _missing_region_open(node)
    if kind == "incomplete_op":
        named = node.parent is not None and node.parent.child_by_field_name("name") is not None
        return Diagnostic("syntax.incomplete", span, Severity.ERROR, Source.SYNTAX,
                          EXPECTED_OPERATION_TYPE if named else EXPECTED_OPERATION_NAME)
    if kind == "integer":          # `%r:N =`
        if (integer_literal(node.text) or 0) > 0:
            return None
        return Diagnostic("syntax.result-count", span, Severity.ERROR, Source.SYNTAX, ZERO_RESULT_COUNT)
    if kind == "operation":        # a generic op
        name = node.child_by_field_name("name")
        if name.text == b'""':
            return Diagnostic("syntax.empty-op-name", Span(name.start_byte, name.end_byte), Severity.ERROR,
                              Source.SYNTAX, EMPTY_OPERATION_NAME)
        # `"d.op"() : i32`. (Asked here, of the op: a pattern on its type field would keep a
        # query state open through the op's regions, quadratic in their nesting depth; and a
        # node's parent costs the depth too.)
        typed = node.child_by_field_name("type")
        if typed is not None and typed.type != "function_type":
            return Diagnostic("syntax.function-type", Span(typed.start_byte, typed.end_byte), Severity.ERROR,
                              Source.SYNTAX, EXPECTED_FUNCTION_TYPE)
        return None
    if kind == "function_type":
        return None
    if kind == "symbol":           # `@$name`: the grammar takes `$ . -` first, MLIR's lexer does not
        first = (node.text or b"@")[1:2]
        if first == b'"' or first.isalpha() or first == b"_":
            return None
        return Diagnostic("syntax.symbol-name", Span(node.start_byte + 1, node.start_byte + 2), Severity.ERROR,
                          Source.SYNTAX, SYMBOL_START)
    if kind in _TYPED_VALUES:      # `256 : i8`, `dense<[4.0]> : tensor<1xi32>`
        return _typed_value(node)
    if kind == "attribute_dict":   # `{a, a}`
        return problem_diagnostic(check_dictionary_keys(node))
    if kind == "type_parameters" and _kind_of(node) == b"array":    # `array<i8: 256>`
        return problem_diagnostic(check_dense_array(node))
    if kind == "file_metadata":    # `{-# ... #-}`
        return _file_metadata(node)
    if kind == "keyword" and node.text == b"loc" and (node.parent is None or node.parent.type != "custom_body"):
        return None                     # a word `loc` elsewhere (an affine map's symbol)
    if kind == "location" or (kind == "keyword" and node.text == b"loc"):   # `loc(...)`, an op's `loc)`
        found = check_location(node.text or b"")
        return None if found is None else Diagnostic(
            "syntax.location", Span(node.start_byte + found[0], node.start_byte + found[1]), Severity.ERROR,
            Source.SYNTAX, found[2])
    if kind == "keyword" and node.parent is not None and node.parent.type == "custom_body":
        # `func.func name(...)`: the name is a symbol (after an optional visibility)
        following = node.next_named_sibling
        if node.text in _VISIBILITIES and following is not None and following.type == "symbol_ref":
            return None
        return Diagnostic("syntax.symbol-name", span, Severity.ERROR, Source.SYNTAX, EXPECTED_SYMBOL_NAME)
    if kind == "type_parameters" and _kind_of(node) in (b"affine_map", b"affine_set"):
        return _affine_body(node)
    if kind == "type_parameters" and node.parent is not None and node.parent.type == "quantile_type":
        return _quantile_body(node)
    if kind == "type_parameters" and _kind_of(node) == b"dense":
        return _dense_literal(node)
    if kind == "builtin_attribute":    # an elements attribute given no type
        return _untyped_elements(node)
    if kind == "type_parameters":  # of `strided<...>`: a stride list first
        first = node.named_children[0] if node.named_children else None
        if first is not None and first.type == "parameter_list":
            tail = strided_tail(node)       # `, offset: N`
            return None if tail is None else Diagnostic(
                "syntax.strided", Span(tail[0].start_byte, tail[0].end_byte), Severity.ERROR, Source.SYNTAX, tail[1])
        return Diagnostic("syntax.strided", span, Severity.ERROR, Source.SYNTAX, EXPECTED_LSQUARE)
    if kind == "integer_type":     # a width with eight digits or more
        width = int((node.text or b"i0").lstrip(b"su")[1:])
        if width <= _MAX_INTEGER_WIDTH:
            return None
        message = INVALID_INTEGER_WIDTH if width >= 1 << 32 else INTEGER_WIDTH_LIMIT.format(_MAX_INTEGER_WIDTH)
        return Diagnostic("syntax.integer-width", span, Severity.ERROR, Source.SYNTAX, message)
    following = node.next_sibling
    if kind == "keyword" and node.text in _SHAPED_KEYWORDS and following is not None \
            and following.type == "ERROR" and (following.text or b"").startswith(b"<"):
        return None     # `vector<-1xi32>`: the error after the keyword says it
    if kind == "keyword" and node.text in _BRACKETED_KEYWORDS:     # `complex f32>`, `tuple i32>`
        return Diagnostic("syntax.expected-type", span, Severity.ERROR, Source.SYNTAX,
                          BRACKETED_TYPE_OPEN.format(_BRACKETED_KEYWORDS[node.text]))
    # A bare word among a function signature's arguments: neither `%arg: type` nor a type.
    return Diagnostic("syntax.expected-type", span, Severity.ERROR, Source.SYNTAX, EXPECTED_TYPE)


_TYPED_VALUES = {"typed_integer": check_typed_integer, "typed_attribute": check_typed_dense}
_BUILTIN_TYPES = frozenset({"tensor_type", "memref_type", "vector_type", "complex_type"})


def _typed_value(node: Node) -> Diagnostic | None:
    return problem_diagnostic(_TYPED_VALUES[node.type](node))


def _closed(parameters: Node) -> bool:
    return not parameters.has_error and parameters.child_count >= 2 and parameters.children[-1].type == ">"


def _open_at_end(parameters: Node) -> bool:
    """Whether only the closing `>` is missing (what precedes it, comments aside, is read whole)."""
    children = parameters.children
    return len(children) >= 2 and children[-1].is_missing and children[-1].type == ">" \
        and not any(c.has_error for c in children[:-1])


def _dense_literal(parameters: Node) -> Diagnostic | None:
    if not _closed(parameters):
        return None
    found = check_dense_literal(parameters)
    if found is None:
        return None
    where, message = found
    return Diagnostic("syntax.dense", Span(where.start_byte, where.end_byte), Severity.ERROR, Source.SYNTAX, message)


def _untyped_elements(attribute: Node) -> Diagnostic | None:
    """`#a = dense<[1]>`: outside an op's own format an elements attribute carries its type
    (`: tensor<1xi32>`); the type-first `dense<tensor<1xi32> : [...]>` has it inside."""
    parameters = attribute.child_by_field_name("parameters")
    if parameters is None or not _closed(parameters):
        return None
    named = parameters.named_children
    if _kind_of(parameters) == b"dense" and named and named[0].type in ("tensor_type", "vector_type", "memref_type"):
        return None
    close = parameters.children[-1]
    return Diagnostic("syntax.elements-type", Span(close.end_byte, close.end_byte), Severity.ERROR,
                      Source.SYNTAX, EXPECTED_COLON)


def _split_end(node: Node) -> int:
    """Where the split holding a top-level node ends: the line before the next split marker, or
    the file's last line (MLIR reports a section left unfinished at its buffer's end)."""
    after = node.next_sibling
    if after is not None and after.type == "split_marker":
        return max(after.start_byte - 1, node.end_byte)
    root = node.parent
    if after is None and root is not None and (root.text or b"").endswith(b"\n"):
        return max(root.end_byte - 1, node.end_byte)
    return node.end_byte


def _file_metadata(section: Node) -> Diagnostic | None:
    found = check_metadata(section)
    if found is None or (found[0] is not None and found[0].type == "ERROR"):
        return None     # (an ERROR node's own diagnostic says it: `_metadata_problem`)
    where, message = found
    if where is None:
        end = _split_end(section)
        span = Span(end, end)
    else:
        span = Span(where.start_byte, where.end_byte)
    return Diagnostic("syntax.file-metadata", span, Severity.ERROR, Source.SYNTAX, message)


def _metadata_problem(node: Node) -> Diagnostic | None:
    """An ERROR node in a `{-# ... #-}` section (a token the grammar does not take there, `10`
    as a key or a value) in the words of the section's reader, when that is where it stops; a
    `{-#` the grammar could not read as a section at all (nothing follows it in its split) is
    a section without its first key."""
    if node.parent is not None and node.parent.type == "source_file" and (node.text or b"").strip() == b"{-#":
        end = _split_end(node)
        return Diagnostic("syntax.file-metadata", Span(end, end), Severity.ERROR, Source.SYNTAX,
                          EXPECTED_METADATA_KEY)
    section = node.parent
    while section is not None and section.type == "metadata_group":
        section = section.parent
    if section is None or section.type != "file_metadata" or node.parent is section:
        return None
    found = check_metadata(section)
    if found is None or found[0] is None or found[0].id != node.id:
        return None
    return Diagnostic("syntax.file-metadata", Span(node.start_byte, node.end_byte), Severity.ERROR,
                      Source.SYNTAX, found[1])


# What follows the storage type of `quantile<ui4:f16, {...}>`, in order (the grammar already
# reports a missing `<`, `}` or `>`).
_QUANTILE_PUNCTUATION = ((":", ":"), (",", ","), ("parameter_dict", "{"))


def _quantile_body(parameters: Node) -> Diagnostic | None:
    if not _closed(parameters):
        return None
    items = [c for c in parameters.children[1:-1] if not c.is_extra]
    # storage type, an optional storage range `<lo:hi>`, then `:`, the expressed type, `,`, `{...}`
    position = 1 + (1 if len(items) > 1 and items[1].type == "type_parameters" else 0)
    expected = [_QUANTILE_PUNCTUATION[0], None, *_QUANTILE_PUNCTUATION[1:]]
    for want in expected:
        item = items[position] if position < len(items) else parameters.children[-1]
        if want is not None and item.type != want[0]:
            return Diagnostic("syntax.quantile", Span(item.start_byte, item.end_byte), Severity.ERROR,
                              Source.SYNTAX, EXPECTED_IN_QUANTILE.format(want[1]))
        position += 1
    return None


# What cannot follow `key =` inside brackets: the value is missing.
_NOT_A_VALUE = frozenset({">", ")", "]", "}", ","})


def _value_in_dictionary(dictionary: Node) -> Diagnostic | None:
    """`{a = %x}`: an SSA value where an attribute belongs. Only an op's own format takes one
    (`pdl.operation {"attr" = %a}`): a dictionary written directly in a custom op's body."""
    for entry in dictionary.named_children:
        value = entry.child_by_field_name("value") if entry.type == "attribute_entry" else None
        if value is not None and value.type == "value_use":
            parent = dictionary.parent
            if parent is not None and parent.type == "custom_body":
                return None
            return Diagnostic("syntax.missing-value", Span(value.start_byte, value.end_byte), Severity.ERROR,
                              Source.SYNTAX, EXPECTED_ATTRIBUTE_VALUE)
    return None


# Groups up to this many bytes are searched for a `=` before their children are listed (a copy
# of their text; larger groups are not copied, so nested groups never cost their depth times).
_SMALL_GROUP = 4096


def describe_keyed_group(group: Node) -> Diagnostic | None:
    """`<key = >`, `(key = , ...)`, `key = [ , ...]`: a key in an op's body or in a bracket group
    whose value is missing, or whose list value starts with a comma.

    Every group is captured and its own children read here: a pattern `(paren_group "=")` would
    keep a query state open for each enclosing group while the cursor walks their contents,
    quadratic in how deep they nest. A group too wide for the queries is not read either."""
    if group.child_count > WIDE_NODE:
        return None
    if group.end_byte - group.start_byte <= _SMALL_GROUP and b"=" not in (group.text or b""):
        return None     # no key in it: two in three groups, read without listing their children
    if group.type == "attribute_dict":
        return _value_in_dictionary(group)
    children = [c for c in group.children if not c.is_extra]
    for equals, after in zip(children, children[1:]):
        if equals.type != "=":
            continue
        if after.type in _NOT_A_VALUE and after.end_byte > after.start_byte:
            return Diagnostic("syntax.missing-value", Span(after.start_byte, after.end_byte), Severity.ERROR,
                              Source.SYNTAX, EXPECTED_ATTRIBUTE_VALUE)
        listed = [c for c in after.children if not c.is_extra] if after.type == "bracket_group" else []
        if len(listed) > 1 and listed[1].type == ",":
            # (after text the grammar skipped, at the comma: MLIR stops at that text first)
            skipped = listed[1].prev_sibling is not None and listed[1].prev_sibling.type == "ERROR"
            where = Span(listed[1].start_byte, listed[1].end_byte) if skipped else wrong_token_span(listed[0], listed[1])
            return Diagnostic("syntax.missing-value", where, Severity.ERROR, Source.SYNTAX, EXPECTED_ATTRIBUTE_VALUE)
    return None


def _kind_of(parameters: Node) -> bytes | None:
    kind = parameters.parent.child_by_field_name("kind") if parameters.parent is not None else None
    return kind.text if kind is not None else None


def _affine_body(parameters: Node) -> Diagnostic | None:
    """`affine_map<...>` / `affine_set<...>`: the first mistake MLIR's affine parser reports in
    the body; a body the grammar already found broken inside (a bracket left open) is not read
    again. A body whose closing `>` alone is missing is read up to where it stops: a mistake
    before its end is the one MLIR meets first (the missing `>` is reported as well)."""
    closed = _closed(parameters)
    if closed:
        body = (parameters.text or b"")[1:-1]
    elif _open_at_end(parameters):
        end = next(c for c in parameters.children[1:] if c.is_missing or c.type == "comment").start_byte
        body = (parameters.text or b"")[1:end - parameters.start_byte]
    else:
        return None
    error = check_affine_body(body)
    if error is None or (not closed and error.start >= len(body.rstrip())):
        return None
    start = parameters.start_byte + 1 + error.start
    related = tuple(Related(Span(start, parameters.start_byte + 1 + error.end), also) for also in error.also)
    return Diagnostic("syntax.affine", Span(start, parameters.start_byte + 1 + error.end), Severity.ERROR,
                      Source.SYNTAX, error.message, related)


# `func.func private @f`: the symbol visibilities MLIR's function parser takes before the name.
_VISIBILITIES = frozenset({b"private", b"public", b"nested"})

_OPENING_PREFIXES = frozenset({"dialect_prefix", "layout_keyword"})


def _opening_prefix_before(node: Node) -> Node | None:
    """An earlier sibling of `node` that ends with `<`: `!d<`, `#d<`, `#cute.layout<`."""
    sibling = node.prev_sibling
    while sibling is not None:
        if sibling.type in _OPENING_PREFIXES and (sibling.text or b"").endswith(b"<"):
            return sibling
        sibling = sibling.prev_sibling
    return None


def _is_opening_prefix(node: Node) -> bool:
    """`!d<`, `#d<`, `#cute.layout<`: a token that opens the `<` its parameters close."""
    return node.type in _OPENING_PREFIXES and (node.text or b"").endswith(b"<")


# Unclosed brackets more than this many tree levels below the root are not reported one by
# one. A bracket left open ends where the next op starts, and so do all the brackets around it
# (their closers come after that op), so the outer ones of such a run are reported; a run of
# 100,000 `(` otherwise gets 100,000 errors, which take a minute to publish and help no one.
# Real files nest at most about 50 levels (MLIR's own tests, the DSL's dumps).
MAX_REPORTED_NESTING = 1_000


def unclosed_openers(root: Node, lo: int, hi: int) -> list[tuple[Node, Node | None]]:
    """Each `unclosed_bracket` whose diagnostic starts in [lo, hi] (see `describe_unclosed`:
    at the bracket left open, else at the bracket node), with the bracket it closes: the
    nearest earlier sibling bracket left open, else a `!d<` / `#d<` prefix just before the
    parameters it ends (None if there is neither); none deeper than MAX_REPORTED_NESTING
    levels. Placing each by where it is reported lets a part of the tree analysed on its own
    report exactly the problems shown in it.

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
            openers = open_at_level[-1]
            outer = open_at_level[-2] if len(open_at_level) > 1 else []
            if openers:
                opener: Node | None = openers[-1]
            elif outer and _is_opening_prefix(outer[-1]):
                opener = outer[-1]
            else:
                opener = None
            if lo <= _reported_at(node, opener) <= hi:
                out.append((node, opener))
        elif kind in _CLOSERS or _is_opening_prefix(node):
            open_at_level[-1].append(node)
        elif kind in _CLOSING and open_at_level[-1]:
            open_at_level[-1].pop()
        elif (node.child_count and node.start_byte <= hi + 1 and node.end_byte >= lo
              and len(open_at_level) < MAX_REPORTED_NESTING and cursor.goto_first_child()):
            open_at_level.append([])
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return out
            open_at_level.pop()


def _reported_at(node: Node, opener: Node | None) -> int:
    """Where `describe_unclosed` puts the diagnostic of `node` closing `opener`."""
    if opener is None:
        return node.start_byte
    return opener.end_byte - 1 if _is_opening_prefix(opener) else opener.start_byte


def format_stops_at(opener: Node | None, formats: set[int]) -> bool:
    """Whether an op's format goes wrong at the bracket `opener` left open: its error stands at
    the bracket, or right after the token before it (backed up over the blanks). MLIR's parser
    stops there with the format's error, and never sees the bracket unclosed."""
    if opener is None or not formats:
        return False
    if opener.start_byte in formats:
        return True
    node = opener
    while node is not None and node.prev_sibling is None:
        node = node.parent
    return node is not None and node.prev_sibling.end_byte in formats


def _affine_left_unclosed(node: Node, opener: Node | None) -> Diagnostic | None:
    """The `<` of an `affine_map<...>` / `affine_set<...>` left open (`opener`, closed by `node`
    where the next statement starts: `#map = affine_map<(d0)[s0 -> (d0 + s0)` and a next line),
    where MLIR's affine parser stops first in the body up to the line's end: its words there,
    or None. (Only a `<` is asked for its parent: a run of other brackets may nest deep.)"""
    if opener is None or opener.type != "<":
        return None
    parameters = opener.parent
    if parameters is None or parameters.type != "type_parameters" \
            or _kind_of(parameters) not in (b"affine_map", b"affine_set"):
        return None
    last = parameters.children[-1]
    if last.type != "unclosed_bracket" or last.start_byte != node.start_byte:
        return None
    return _affine_mistake(parameters.start_byte + 1, (parameters.text or b"")[1:node.start_byte - parameters.start_byte])


# Where a `(` after an op's `:` stands: the op's function type (a generic op's `type_list`, a
# custom form's `paren_group`).
_OP_TYPE_HOLDERS = frozenset({"operation", "custom_body", "ERROR"})


def _open_function_type(group: Node) -> Diagnostic | None:
    """An op's type list after its `:` (or after the `->` of its function type) whose `(` is
    left open (`: (i32, i32 -> i32`, `: (i32` and the next statement): MLIR's type list parser
    reads types separated by commas and wants its `)` at the first other token, `expected ')'`
    where emitWrongTokenError places it (right after the last type). Judged only when the list
    holds types read whole up to there."""
    if group.type not in ("type_list", "paren_group") or group.child_count < 3 \
            or group.children[0].type != "(" or group.children[-1].type != "unclosed_bracket":
        return None
    before = _token_before(group)
    holder = group.parent
    if before is None or holder is None:
        return None
    if before.type == "->":
        # (the results of a function type whose inputs the grammar read whole)
        inputs = _token_before(before)
        if holder.type not in ("function_type", "custom_body", "operation") or inputs is None \
                or inputs.type not in ("type_list", "paren_group") or inputs.has_error:
            return None
        lead = _token_before(inputs if holder.type != "function_type" else holder)
        if lead is None or lead.type != ":":
            return None
        if holder.type == "function_type":
            holder = holder.parent
    elif before.type != ":":
        return None
    if holder is None or holder.type not in _OP_TYPE_HOLDERS:
        return None
    return _type_list_mistake(group.children[0], group.children[1:])


def _token_before(node: Node) -> Node | None:
    before = node.prev_sibling
    while before is not None and before.is_extra:
        before = before.prev_sibling
    return before


def _type_list_mistake(opener: Node, items: list[Node]) -> Diagnostic | None:
    """The `expected ')'` of a type list whose `(` is `opener`, read from `items` (the tokens
    after it) as MLIR's type list parser reads them: a type, then a comma and another type, up
    to the first token that is no comma (None when a token it reads is no type read whole)."""
    previous, want_type = opener, True
    for node in items:
        if node.is_extra:
            continue
        if want_type:
            if node.type not in TYPE_KINDS or node.has_error or _holds_unclosed(node):
                return None
        elif node.type != ",":
            return Diagnostic("syntax.missing", wrong_token_span(previous, node), Severity.ERROR, Source.SYNTAX,
                              EXPECTED_TOKEN.format(")"))
        want_type = not want_type
        previous = node
    return None


def _holds_unclosed(node: Node) -> bool:
    """Whether a bracket inside `node` (a type) is left open."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "unclosed_bracket":
            return True
        stack.extend(current.children)
    return False


def _after_missing_inputs_close(group: Node) -> bool:
    """Whether `group` is a function type's results whose inputs' `)` the grammar supplied
    (`: (i32, i32 -> (i32`): MLIR's type list parser stops at that `)` first."""
    function = group.parent
    if function is None or function.type != "function_type" or function.child_by_field_name("results") != group:
        return False
    inputs = function.child_by_field_name("inputs")
    return inputs is not None and inputs.child_count > 0 and inputs.children[-1].is_missing


def _generic_op_type_left_open(node: Node) -> Diagnostic | None:
    """An ERROR that is a generic op read whole up to its function type, which MLIR's type
    parser stops in: its type list's `(` left open (`%0 = "arith.addi"(%a, %b) : (i32, i32` and
    the next statement, `: (i32, i32 ->`, `: (i32 i32`: `expected ')'` after the last type), or
    a type list closed with no `->` after it (`expected '->' in function type`)."""
    children = [c for c in node.children if not c.is_extra]
    colon = next((i for i, c in enumerate(children) if c.type == ":"), None)
    if colon is None or colon < 3 or children[colon - 1].type != ")" or children[colon - 3].type != "(" \
            or children[colon - 2].type != "value_use_list" and children[colon - 2].type != "string" \
            or any(c.has_error for c in children[:colon]):
        return None
    if children[0].type not in ("result_list", "string"):
        return None
    rest = children[colon + 1:]
    if rest and rest[0].type == "type_list" and rest[0].children[-1].type == "unclosed_bracket":
        return _open_function_type(rest[0]) if len(rest) == 1 else None
    if len(rest) > 1 and rest[0].type == "(":
        return _type_list_mistake(rest[0], rest[1:])
    after = rest[1] if len(rest) > 1 else node.next_sibling if len(rest) == 1 else None
    if after is not None and rest[0].type == "type_list" and not rest[0].has_error and after.type != "->":
        return Diagnostic("syntax.missing", wrong_token_span(rest[0], after), Severity.ERROR, Source.SYNTAX,
                          FUNCTION_TYPE_ARROW)
    return None


def describe_unclosed_all(pairs: Iterable[tuple[Node, Node | None]]) -> list[Diagnostic]:
    """`describe_unclosed` of each (closer, opener) pair, but where an affine map's `<` is left
    open with a mistake in its body (`_affine_left_unclosed`): MLIR's affine parser stops there,
    so that mistake is said instead of every bracket closed where that map's is; and an op's
    function type left open (`_open_function_type`) in the type list parser's words (where the
    op is an ERROR, its `describe_error` says it)."""
    pairs = list(pairs)
    affine = {node.start_byte: d for node, opener in pairs
              if opener is not None and opener.type == "<" and (d := _affine_left_unclosed(node, opener)) is not None}
    out = []
    for node, opener in pairs:
        if node.start_byte in affine:
            continue
        group = opener.parent if opener is not None and opener.type == "(" else None
        if group is not None and group.children[-1] == node and (typed := _open_function_type(group)) is not None:
            if group.parent.type != "ERROR":
                out.append(typed)
            continue
        if group is not None and _after_missing_inputs_close(group):
            continue
        out.append(describe_unclosed(node, opener))
    return out + list(affine.values())


def describe_unclosed(node: Node, opener: Node | None) -> Diagnostic:
    if opener is not None and _is_opening_prefix(opener):
        return Diagnostic("syntax.unclosed", Span(opener.end_byte - 1, opener.end_byte), Severity.ERROR,
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


def location_lines(malformed: list[tuple[Node, Diagnostic]]) -> dict[int, int]:
    """For each line holding a location MLIR's location parser refuses (`syntax.location`), the
    first byte of that location: what the grammar says from there on on that line (an unclosed
    `(`, a stray `]`) is the same mistake, which the location's diagnostic says in MLIR's words."""
    out: dict[int, int] = {}
    for node, found in malformed:
        if found.code == "syntax.location":
            row = node.start_point[0]
            out[row] = min(out.get(row, node.start_byte), node.start_byte)
    return out


def in_refused_location(node: Node) -> bool:
    """Whether `node` (a MISSING token the parser supplied) lies inside a location MLIR's location
    parser refuses: the location's diagnostic says what is wrong there. Asked of MISSING nodes
    only, which are rare, so walking up through the parents is cheap."""
    parent = node.parent
    while parent is not None and parent.type not in ("operation", "source_file"):
        if parent.type == "location":
            return check_location(parent.text or b"") is not None
        parent = parent.parent
    return False


def after_location(node: Node | None, lines: dict[int, int]) -> bool:
    """Whether `node` starts on a line of `lines` at or after its refused location (never for
    no node: an unclosed bracket with no opener, `unclosed_openers`)."""
    if node is None or not lines:
        return False
    start = lines.get(node.start_point[0])
    return start is not None and node.start_byte >= start


def syntax_diagnostics(node: Node) -> list[Diagnostic]:
    """All syntax problems in `node`'s subtree (the CLI's `parse` and tests use this)."""
    lo, hi = node.start_byte, node.end_byte
    # Compiled when first used (`query` keeps it): the analysis reads these captures from its
    # own query (analysis/findings.py), so a first publish need not compile this one.
    found = captures(query(MALFORMED_PATTERNS), node, lo, hi + 1)
    more, groups = malformed_nodes(node, node.text or b"", lo, lo, hi, wide_nodes(node, lo, hi + 1))
    malformed = [(m, d) for m in found.get("malformed", []) + more
                 if lo <= m.start_byte <= hi and (d := describe_malformed(m)) is not None]
    lines = location_lines(malformed)
    named = named_op_diagnostics(op_names(found.get("op", []), lo, hi))
    formats = {d.span.start for d in named if d.code == "syntax.op-format"}
    out = describe_unclosed_all((u, opener) for u, opener in unclosed_openers(node, lo, hi)
                                if not after_location(opener, lines) and not format_stops_at(opener, formats))
    out.extend(describe_error(e) for e in outermost_errors(node, lo, hi) if not after_location(e, lines))
    out.extend(describe_missing(m) for m in missing_nodes(node) if not in_refused_location(m))
    out.extend(named)
    out.extend(d for _, d in malformed)
    out.extend(d for g in groups if (d := describe_keyed_group(g)) is not None)
    out.sort(key=Diagnostic.document_order)
    return out
