"""What one op's text says of its operands, results and attributes, read the way MLIR's parser
reads it: the generic form by its own syntax, a custom form by the op's ODS assembly format
(`OpDef.format`, from mlir_ods.json).

The grammar keeps a custom op's body as a flat list of tokens and bracketed groups (a type, an
attribute or a region is one node); `read_form` walks that list along the format's elements,
as the parser ODS generates from the format would: `$operand` takes SSA values by the operand
group's count (one, an optional one, a comma-separated list), `type($x)` / `functional-type`
take types, `$attr` one attribute (with its `: type` when the attribute's constraint fixes no
type), `attr-dict` the dictionary, literals their token, and an optional group `(...)?` is read
when its first element is there. Two directives of the formats real files use most are read
too (`custom<DynamicIndexList>`, `custom<AsyncDependencies>`); any other `custom<...>`, or text
the format does not expect, ends the reading: what was read before holds, the rest is unknown
(`Form.complete` is False), and nothing is concluded from it. Two things are, while all read
before was read as MLIR reads it (no custom directive): where the format writes a literal, a
single operand or a single type (at the top level of the body or inside the brackets its own
literals open) and the text surely has none there, or a list's comma has no element after it,
the generated parser fails at that point (`Form.mismatch`, its error in MLIR's words and
place); and a token left after the whole format is what MLIR reads as the start of the next op
(`Form.leftover`). verify/structure.py reports both.

Types the text leaves out are resolved as the generated parser resolves them: a constraint's
buildable type (an `index` operand), the op's `SameOperandsAndResultType`, `AllTypesMatch`
groups and `TypesMatchWith` relations (the element type of a shaped type, `i1` of a comparison's
shape). All types are texts with blanks dropped (`normalized`); a type written through an alias
is read as what the alias stands for under `reading_types_through` (as MLIR's parser replaces
it before any verifier runs: ir/aliases.py resolves it), and is None without a table or when
the alias is not defined (its meaning lies in another statement).
"""
from __future__ import annotations

import re
from collections import OrderedDict
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Iterator

from tree_sitter import Node

from ..dialects.constraints import facts
from ..dialects.mlir_ods import CONSTRAINTS, builder_type
from ..dialects.ods import Count, OpDef, Trait
from ..diagnostics import Span
from ..diagnostics.mlir_messages import (CUSTOM_OP, EXPECTED_ATTRIBUTE_VALUE, EXPECTED_BLOCK_NAME, EXPECTED_INTEGER,
                                         EXPECTED_SSA_OPERAND, EXPECTED_TOKEN, EXPECTED_TYPE, FUNCTION_TYPE_ARROW,
                                         IN_DYNAMIC_INDEX_LIST)
from ..syntax.cst import TYPE_KINDS, next_op_start, wrong_token_span
from ..text.brackets import top_level_parameters
from .aliases import AliasTable

# ------------------------------------------------------------------------------ type texts
_ALIAS = re.compile(rb"[!#][A-Za-z_][\w$]*(?![\w$.])")
_BLANKS = re.compile(r"\s+")
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_STRING_SPLIT = re.compile(r'("(?:[^"\\]|\\.)*")')


# The aliases types are read through (`reading_types_through`); None: an aliased type is unknown.
_aliases: ContextVar[AliasTable | None] = ContextVar("type_aliases", default=None)


@contextmanager
def reading_types_through(table: AliasTable | None) -> Iterator[None]:
    """Within the block, the types read here (`type_text`, `read_form`) stand for what their
    aliases stand for in `table`."""
    token = _aliases.set(table)
    try:
        yield
    finally:
        _aliases.reset(token)


def type_text(node: Node | None) -> str | None:
    """A type as the text writes it, blanks outside strings dropped so that spellings that
    differ only in spacing compare equal, its aliases resolved under `reading_types_through`;
    None when it uses an alias that is not resolved, or is not a type."""
    if node is None or node.type not in TYPE_KINDS or node.text is None:
        return None
    text = normalized(node.text)
    if text is None and (expanded := aliases_read(node.text)) is not None:
        text = normalized(expanded.encode())
    return text


def aliases_read(text: bytes) -> str | None:
    """`text` with the aliases it uses resolved, under `reading_types_through`; None when it
    uses none or no table is in effect. What a text says through aliases depends on this too:
    a key for what is read of the text holds it (`read_form`, verify/structure.py's memo)."""
    table = _aliases.get()
    if table is None or (b"!" not in text and b"#" not in text) or not _ALIAS.search(text):
        return None
    return table.expand(text.decode("utf-8", "replace"))


def aliases_key(text: bytes) -> tuple[str | None, ...] | None:
    """What the aliases `text` uses stand for, under `reading_types_through`: None where
    `aliases_read` is None, else a tuple such that two equal ones give `text` the same
    `aliases_read` (`AliasTable.reading`). A key for what is read of the
    text (`read_form`, the SSA check's sites) that writes no expanded text: an op of a CuTe DSL
    dump names a `#loc` alias of its own, and expanding each op's text at every check cost a
    sixth of the SSA check of a keystroke's function."""
    table = _aliases.get()
    if table is None or (b"!" not in text and b"#" not in text) or not _ALIAS.search(text):
        return None
    return table.reading(text)


@lru_cache(maxsize=8192)
def normalized(text: bytes) -> str | None:
    if _ALIAS.search(_STRINGS.sub(b'""', text)):
        return None
    return written_normalized(text)


@lru_cache(maxsize=8192)
def written_normalized(text: bytes) -> str:
    """`text` with blanks outside strings dropped and its aliases kept as written: a type read
    in one unit that another resolves through its own alias lookups (a callee's signature)."""
    flat = "".join(part if part.startswith('"') else _BLANKS.sub("", part)
                   for part in _STRING_SPLIT.split(text.decode("utf-8", "replace")) if part)
    return _canonical(flat)


def written_type_text(node: Node | None) -> str | None:
    """A type as `type_text` reads it, or, where it uses an alias no table in effect resolves,
    as written (`written_normalized`); None when the node is no type."""
    text = type_text(node)
    if text is None and node is not None and node.type in TYPE_KINDS and node.text is not None:
        return written_normalized(node.text)
    return text


_DEFAULT_POINTER = re.compile(r"!llvm\.ptr<0>")


def _canonical(flat: str) -> str:
    """One spelling for spellings MLIR reads as the same type: the default address space of a
    pointer (`!llvm.ptr<0>` is `!llvm.ptr`), the default memory space of a memref
    (`memref<4xf32, 0>` is `memref<4xf32>`) and a memref's identity layout map
    (`memref<4xf32, affine_map<(d0) -> (d0)>, 1>` is `memref<4xf32, 1>`)."""
    if "ptr<0>" in flat:
        flat = _DEFAULT_POINTER.sub("!llvm.ptr", flat)
    if flat.startswith("memref<") and flat.endswith(",0>"):
        parameters = top_level_parameters(flat[len("memref<"):-1])
        if len(parameters) > 1 and parameters[-1] == "0":
            flat = "memref<" + ",".join(parameters[:-1]) + ">"
    if flat.startswith("memref<") and "affine_map<" in flat:
        # An identity layout map is no layout: MemRefType::get drops it.
        # (an arrow's `>` closes no bracket: it is set aside, as `~`, while the parameters are split)
        parameters = [p.replace("~", "->") for p in
                      top_level_parameters(flat[len("memref<"):-1].replace("->", "~"))]
        kept = [p for p in parameters[1:] if not ((m := _IDENTITY_MAP.fullmatch(p)) and m.group(1) == m.group(2))]
        if len(kept) < len(parameters) - 1:
            flat = "memref<" + ",".join(parameters[:1] + kept) + ">"
    return flat


_IDENTITY_MAP = re.compile(r"affine_map<\(([\w,]*)\)(?:\[[\w,]*\])?->\(([\w,]*)\)>")


# ------------------------------------------------------------------------------ what is read
@dataclass
class Form:
    """What the text says of an op, by its ODS definitions: per operand group the SSA uses
    written for it, per operand and result group the types known for its values (None where
    the text does not say), and the attributes written (name -> value node, and the type an
    attribute was written with)."""

    operands: list[list[Node]] | None           # None: which value is which group is unknown
    operand_types: list[list[str | None]]
    result_types: list[list[str | None]]
    attributes: dict[str, Node | None] = field(default_factory=dict)   # None: a unit attribute
    attribute_types: dict[str, str | None] = field(default_factory=dict)
    complete: bool = True
    # The attributes written in a dictionary (`{...}`, `<{...}>`), as the generic attribute
    # parser reads them; the others stand where the format puts them, in its own shorthand.
    in_dictionary: frozenset[str] = frozenset()
    # The type known for each SSA use, by where it is written, and for each result in order
    # (None past a result group of unknown size).
    use_types: dict[int, str | None] = field(default_factory=dict)
    results: list[str | None] | None = None
    read: list[bool] | None = None     # which operand groups the reading reached (None: all)
    # Where a custom form writes the type of a single operand or result (`type($x)`), by the
    # value's name, in the format's order: the generated parser reads each as it comes.
    type_nodes: dict[str, Node] = field(default_factory=dict)
    # Where and why MLIR's parser surely fails reading the custom form (`_Mismatch`), or None.
    mismatch: tuple[Span, str] | None = None
    # A token left after the whole format was surely read (`Leftover`), or None.
    leftover: "Leftover | None" = None

    def position(self, index: int) -> "Node | None":
        """The use written for operand `index` of the record's order, when the reading says."""
        if self.operands is None:
            return None
        at = 0
        for number, group in enumerate(self.operands):
            if self.read is not None and not self.read[number]:
                return None
            if index < at + len(group):
                return group[index - at]
            at += len(group)
        return None

    def use_start(self, index: int) -> int | None:
        """Where the use written for operand `index` of the record's order starts (`position`)."""
        use = self.position(index)
        return use.start_byte if use is not None else None

    def use_type(self, start: int) -> str | None:
        """The type known for the SSA use written at byte `start` (`use_types`)."""
        return self.use_types.get(start)

    def finish(self, record: OpDef | None) -> "Form":
        """Derive `use_types` and `results` from the groups."""
        if self.operands is not None:
            for group, types in zip(self.operands, self.operand_types):
                if len(types) == len(group):
                    for use, text in zip(group, types):
                        self.use_types[use.start_byte] = text
        if self.results is None and record is not None:
            flat: list[str | None] = []
            for group, types in zip(record.results, self.result_types):
                if types:
                    flat.extend(types)
                elif group.count is Count.SINGLE:
                    flat.append(None)
                else:
                    break
            self.results = flat
        return self


@dataclass(frozen=True)
class Leftover:
    """A token left in the op's body after its whole format was read as MLIR's generated parser
    reads it: MLIR ends the op there and reads the token as the start of the next op. `word`:
    the name a word would be looked up as (`f32`, `to`), None for a token no op's name starts
    with (`i32`, `:`, `1`), which MLIR reports where `wrong` is (`emitWrongTokenError`)."""

    token: Span
    wrong: Span
    word: str | None

    def moved(self, by: int) -> "Leftover":
        return Leftover(Span(self.token.start + by, self.token.end + by),
                        Span(self.wrong.start + by, self.wrong.end + by), self.word)


def _leftover(cursor: "_Cursor", name: Node | None, op: str) -> Leftover | None:
    """The token left after the format was read whole (a trailing location aside), when it is
    one whose reading as the next op's start is known (`next_op_start`). (`arith.constant 1
    i32`, a type right after a literal, is syntax/op_formats.py's to report.)"""
    rest = cursor.items[cursor.at:]
    if not rest or cursor.stack or rest[0].type == "location":
        return None         # (after the op's location, what follows is not judged)
    token = rest[0]
    previous = cursor.items[cursor.at - 1] if cursor.at > 0 else name
    if previous is None or (op == "arith.constant" and previous.type in ("integer", "float", "boolean")
                            and token.type in ("integer_type", "float_type", "index_type", "none_type")):
        return None
    found = next_op_start(previous, token)
    return Leftover(*found) if found is not None else None


# ------------------------------------------------------------------------------ formats
@dataclass(frozen=True)
class _El:
    kind: str                       # lit, var, type, functional, attr-dict, custom, optional, ...
    text: str = ""                  # lit: the literal; var: the name; custom: the directive's name
    args: tuple = ()                # type: refs; functional: (inputs, results); custom/optional: elements
    alt: tuple = ()                 # optional: the else group
    anchor: bool = False


_FORMAT_TOKEN = re.compile(r"`[^`]*`|\$\w+|custom<\w+>|[A-Za-z_][\w-]*|[()?^:,|]|\S")


@lru_cache(maxsize=1024)
def parse_format(fmt: str) -> tuple[_El, ...] | None:
    """An ODS assembly format as its elements; None when it uses what this reading does not know."""
    tokens = _FORMAT_TOKEN.findall(fmt)
    try:
        elements, at = _elements(tokens, 0)
    except (IndexError, ValueError):
        return None
    return tuple(elements) if at == len(tokens) else None


def _elements(tokens: list[str], at: int, stop: tuple[str, ...] = ()) -> tuple[list[_El], int]:
    out: list[_El] = []
    while at < len(tokens) and tokens[at] not in stop:
        element, at = _element(tokens, at)
        if at < len(tokens) and tokens[at] == "^":
            element = _El(element.kind, element.text, element.args, element.alt, True)
            at += 1
        if element.kind != "space":
            out.append(element)
    return out, at


def _element(tokens: list[str], at: int) -> tuple[_El, int]:
    token = tokens[at]
    if token.startswith("`"):
        literal = token[1:-1]
        return (_El("space") if literal.strip() in ("", "\\n") else _El("lit", literal)), at + 1
    if token.startswith("$"):
        return _El("var", token[1:]), at + 1
    if token == "(":
        group, at = _elements(tokens, at + 1, (")",))
        at += 1                                            # `)`
        alt: list[_El] = []
        if tokens[at] == ":":
            if tokens[at + 1] != "(":
                raise ValueError("else group")
            alt, at = _elements(tokens, at + 2, (")",))
            at += 1
        if tokens[at] != "?":
            raise ValueError("group without ?")
        return _El("optional", args=tuple(group), alt=tuple(alt)), at + 1
    if tokens[at + 1:at + 2] == ["("] and (token.startswith("custom<") or token in _WITH_ARGUMENTS):
        args, at = _arguments(tokens, at + 2)
        if token == "qualified":
            return args[0], at
        if token == "type":
            return _El("type", args=tuple(_ref(a) for a in args)), at
        if token == "functional-type":
            return _El("functional", args=(_ref(args[0]), _ref(args[1]))), at
        if token.startswith("custom<"):
            return _El("custom", token[7:-1], tuple(args)), at
        if token == "ref":
            return _El("ref", args=tuple(args)), at
        raise ValueError(token)     # oilist, struct, params: not read here
    if token in ("attr-dict", "attr-dict-with-keyword", "prop-dict", "operands", "results", "regions",
                 "successors"):
        return _El(token), at + 1
    raise ValueError(token)


_WITH_ARGUMENTS = frozenset({"qualified", "type", "functional-type", "ref", "oilist", "struct", "params"})


def _arguments(tokens: list[str], at: int) -> tuple[list[_El], int]:
    out: list[_El] = []
    while tokens[at] != ")":
        if tokens[at] == ",":
            at += 1
            continue
        element, at = _element(tokens, at)
        out.append(element)
    return out, at + 1


def _ref(element: _El) -> str:
    """What a type directive's argument names: `$x` -> "x", `operands`, `results`."""
    if element.kind == "var":
        return element.text
    if element.kind in ("operands", "results"):
        return "@" + element.kind
    if element.kind == "type" and element.args:     # ref(type($x)) inside a custom directive
        return element.args[0]
    raise ValueError(element.kind)


# ------------------------------------------------------------------------------ reading
_OPEN = {"(": "paren_group", "[": "bracket_group", "<": "angle_group", "{": "brace_group"}
# Tokens an attribute value starts with (an enum's keyword is checked against its cases).
_ATTRIBUTE_NODES = frozenset({"integer", "float", "string", "boolean", "unit_attribute", "symbol_ref",
                              "bracket_group", "array_attribute", "builtin_attribute", "dialect_attribute",
                              "attribute_alias", "angle_group", "typed_integer", "typed_attribute",
                              "distinct_attribute", "attribute_dict"}) | TYPE_KINDS
# Attribute classes the parser ODS generates reads with MLIR's own attribute parser
# (`Parser::parseAttribute`), which says `expected attribute value` at a token no attribute
# starts with; a dialect's attribute class may read words of its own instead, so only these
# are judged. (Not `StringAttr`: a symbol's name is one, read by `parseSymbolName`, whose
# words differ.)
_GENERIC_ATTRIBUTES = frozenset({"::mlir::Attribute", "::mlir::TypedAttr", "::mlir::FlatSymbolRefAttr",
                                 "::mlir::SymbolRefAttr", "::mlir::IntegerAttr", "::mlir::FloatAttr",
                                 "::mlir::ArrayAttr"})
# Tokens that surely start no attribute value: an SSA use, punctuation (a dotted word, an op's
# name, is judged apart: no type or attribute keyword has a dot).
_NOT_ATTRIBUTES = frozenset({"value_use", ",", ":", "->", "=", ")", "]"})
# Attribute values MLIR reads a `: type` after when the constraint fixes no type.
_TYPED_VALUES = frozenset({"integer", "float", "string", "boolean", "builtin_attribute"})


# Tokens that surely start no type (MLIR's parser says `expected non-function type` there).
_NOT_TYPES = frozenset({":", ",", "->", "=", "value_use", "integer", "float", "string", "keyword", "bare_id",
                        ")", "]", ">"})

# Tokens that surely start no SSA use (`expected SSA operand` there).
_NOT_USES = frozenset({",", ":", "->", "=", "integer", "float", "string", "keyword", "bare_id",
                       ")", "]", ">"}) | TYPE_KINDS

# What a dynamic index list holds (custom<DynamicIndexList>), and tokens that surely start none.
_INDEX_ELEMENTS = frozenset({"value_use", "integer"})
_NOT_INDEX_LISTS = frozenset({"value_use", ",", ":", "->", "=", "integer", "keyword", "bare_id"})

# A unit attribute the format does not write (it anchors an optional group): present.
_UNIT = None


class _Stop(Exception):
    """The text is not what the format expects here: the reading ends."""


class _Mismatch(_Stop):
    """The text is surely not what the format expects here (a literal, a single operand or a
    single type the format writes at this point, outside any bracket, is not there): MLIR's
    generated parser fails here with `message`, at `span`."""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message, self.span = message, span


class _Cursor:
    """The body's items, entering a bracketed group when the format's literal opens it."""

    def __init__(self, items: list[Node]) -> None:
        self.stack: list[tuple[list[Node], int, Node]] = []
        self.items, self.at = items, 0

    def peek(self, ahead: int = 0) -> Node | None:
        at = self.at + ahead
        return self.items[at] if at < len(self.items) else None

    def take(self) -> Node:
        node = self.peek()
        if node is None:
            raise _Stop
        self.at += 1
        return node

    def enter(self, group: Node) -> None:
        children = [c for c in group.children if c.type != "comment"]
        self.stack.append((self.items, self.at + 1, children[0]))
        self.items, self.at = children[1:], 0       # (the closing bracket is the last item)

    def leave(self) -> None:
        self.items, self.at, _ = self.stack.pop()

    def previous(self, name: Node | None) -> Node | None:
        """The token before the next item: the last one read, the bracket the reading entered,
        or the op's name."""
        if self.at > 0:
            return self.items[self.at - 1]
        return self.stack[-1][2] if self.stack else name

    def done(self) -> bool:
        rest = [n for n in self.items[self.at:] if n.type != "location"]
        return not rest and not self.stack


def _is_literal(node: Node | None, literal: str, cursor: _Cursor) -> bool:
    if node is None:
        return False
    if literal in _OPEN:
        return node.type == _OPEN[literal]
    if literal in (")", "]", ">", "}"):
        return node.type == literal and cursor.stack != [] and cursor.peek(1) is None
    if node.type == literal:
        return True
    return node.type in ("keyword", "bare_id") and node.text == literal.encode()


_BRACKETS = frozenset("()[]<>{}")
_CLOSERS = frozenset(")]>")
# Tokens that surely continue no value, type or attribute read before them (a bracketed group
# might be part of a type the grammar split).
_NOT_CONTINUING = frozenset({"value_use", ":", "->", "=", "integer", "float", "string", "keyword", "bare_id",
                             "symbol_ref"}) | TYPE_KINDS
_NOT_CONTINUING_OR_COMMA = _NOT_CONTINUING | {","}
# Nodes that may have taken a `:` and a type the format writes after them (`16 : memref<...>`
# is read by the grammar as one typed integer).
_HOLDS_TYPE = frozenset({"typed_integer", "typed_attribute"})

# A literal of a format read by `parseKeyword` (a word) rather than by `parseToken`: MLIR's
# message for it names the op.
_WORD = re.compile(r"[A-Za-z_][\w-]*")


class _Reader:
    def __init__(self, record: OpDef, cursor: _Cursor, name: Node | None = None) -> None:
        self.record, self.cursor, self.name = record, cursor, name
        # Whether what was read so far was read as MLIR's parser reads it: a custom directive
        # is read leniently (or not at all), so after one nothing is concluded (`mismatch`).
        self.sure = True
        tables = record_tables(record)      # (read only)
        self.operand_names, self.result_names = tables.operand_names, tables.result_names
        self.attribute_defs, self.region_names = tables.attribute_defs, tables.region_names
        self.operands: list[list[Node]] = [[] for _ in record.operands]
        self.read = [False] * len(record.operands)
        self.operand_types: list[list[str | None] | None] = [None] * len(record.operands)
        self.result_types: list[list[str | None] | None] = [None] * len(record.results)
        self.attributes: dict[str, Node] = {}
        self.attribute_types: dict[str, str | None] = {}
        self.in_dictionary: set[str] = set()
        self.type_nodes: dict[str, Node] = {}

    def mismatch(self, expected: str) -> _Stop:
        """The reading's end where the format surely expects something else: a `_Mismatch`
        while all read so far was read as MLIR reads it, else a plain stop."""
        c = self.cursor
        previous = c.previous(self.name)
        if previous is None or not self.sure or previous.type in _HOLDS_TYPE:
            return _Stop()
        token = c.peek()
        span = wrong_token_span(previous, token) if token is not None else Span(previous.end_byte, previous.end_byte)
        return _Mismatch(expected, span)

    def expected_literal(self, literal: str) -> _Stop:
        """`expected ':'`, or `custom op 'x.y' expected 'to'` for a word, which parseKeyword
        reports at the token itself (not backed up as a punctuation's error is)."""
        if literal in _CLOSERS and self.cursor.stack and self.cursor.peek() is not None \
                and self.cursor.peek().type in _NOT_CONTINUING_OR_COMMA:
            # (inside the brackets the format entered, a token that surely continues nothing
            # read, or a comma that follows no element of a list: `%t[, %i]`, whose empty
            # operand list parseOperandList reads before the comma)
            return self.mismatch(EXPECTED_TOKEN.format(literal))
        if literal in _BRACKETS:
            # (a bracket is a group the grammar reads as it can: `{` an attribute dictionary,
            # `(` a function type; a closer is judged with the whole group's contents)
            return _Stop()
        said = EXPECTED_TOKEN.format(literal)
        if not _WORD.fullmatch(literal):
            return self.mismatch(said)
        token = self.cursor.peek()
        if token is None or self.cursor.stack or not self.sure:
            return _Stop()      # (none: at the next statement's token, not in this op's reach)
        return _Mismatch(CUSTOM_OP.format(self.record.name, said), Span(token.start_byte, token.end_byte))

    # -------------------------------------------------------------- elements
    def run(self, elements: tuple[_El, ...]) -> None:
        for at, element in enumerate(elements):
            if element.kind == "lit" and element.text == ":" and at + 1 < len(elements) \
                    and elements[at + 1].kind in ("type", "functional"):
                self.colon_then_type()
            self.element(element)

    def colon_then_type(self) -> None:
        """`::` where the format writes `:` and then a type: MLIR's lexer reads two colons, and
        its type parser fails at the second."""
        node = self.cursor.peek()
        if node is not None and node.type == "::" and self.sure:
            self.cursor.take()
            raise _Mismatch(EXPECTED_TYPE, Span(node.start_byte + 1, node.start_byte + 2))

    def element(self, el: _El) -> None:
        c = self.cursor
        kind = el.kind
        if kind == "lit":
            node = c.peek()
            if not _is_literal(node, el.text, c):
                raise self.expected_literal(el.text)
            if el.text in _OPEN:
                c.enter(node)
            elif el.text in (")", "]", ">", "}"):
                c.leave()
            else:
                c.take()
        elif kind == "var":
            self.variable(el.text)
        elif kind == "type":
            for ref in el.args:
                self.types(ref)
        elif kind == "functional":
            self.functional(*el.args)
        elif kind in ("attr-dict", "attr-dict-with-keyword"):
            node = c.peek()
            if kind == "attr-dict-with-keyword" and node is not None and node.type == "keyword" \
                    and node.text == b"attributes":
                c.take()
                node = c.peek()
            if node is not None and node.type == "attribute_dict":
                self.dictionary(c.take())
        elif kind == "optional":
            if self.present(el.args[0]):
                self.run(el.args)
            else:
                self.run(el.alt)
        elif kind == "custom":
            self.custom(el)
        elif kind == "operands":
            self.value_list(range(len(self.record.operands)))
        elif kind == "prop-dict":
            # `<{...}>`: the op's properties, as the generic form writes them (what each holds
            # is read; whether it is judged as a dictionary's entry is not said here)
            node = c.peek()
            inner = [n for n in node.named_children if n.type != "comment"] if node is not None \
                and node.type == "angle_group" else []
            if len(inner) == 1 and inner[0].type == "attribute_dict":
                c.take()
                in_dictionary = set(self.in_dictionary)
                self.dictionary(inner[0])
                self.in_dictionary = in_dictionary
        elif kind == "regions":
            while c.peek() is not None and c.peek().type == "region":
                c.take()
                if c.peek() is not None and c.peek().type == ",":
                    c.take()
        else:
            raise _Stop      # successors, results: not read here

    def present(self, first: _El) -> bool:
        """Whether an optional group is there: its first element is (MLIR's rule)."""
        node = self.cursor.peek()
        if node is None:
            return False
        if first.kind == "lit":
            return _is_literal(node, first.text, self.cursor)
        if first.kind == "var":
            name = first.text
            if name in self.operand_names:
                return node.type == "value_use"
            if name in self.region_names:
                return node.type == "region"
            if name in self.attribute_defs:
                cases = _cases(self.attribute_defs[name].check)
                if cases:
                    return node.type in ("keyword", "string") and node.text.decode().strip('"') in cases
                return node.type in _ATTRIBUTE_NODES
            return node.type == "successor"
        if first.kind == "type":
            return node.type in TYPE_KINDS
        raise _Stop

    # -------------------------------------------------------------- values
    def variable(self, name: str) -> None:
        c = self.cursor
        if name in self.operand_names:
            self.value_list([self.operand_names[name]])
        elif name in self.attribute_defs:
            self.attribute(name)
        elif name in self.region_names:
            if c.peek() is None or c.peek().type != "region":
                raise _Stop
            c.take()
        else:       # a successor
            node = c.peek()
            if node is not None and node.type not in ("successor", "ERROR"):
                raise self.mismatch(EXPECTED_BLOCK_NAME)
            if node is None:
                raise _Stop     # (MLIR reads on: the next line's block label would be the name)
            c.take()

    def value_list(self, groups) -> None:
        """SSA uses for the groups: one group takes one value, an optional one, or a
        comma-separated list; the `operands` directive takes a list for all groups, divided by
        their counts."""
        c = self.cursor
        groups = list(groups)
        if len(groups) != 1:
            uses = self.uses()
            sizes = _sizes([self.record.operands[i] for i in groups], len(uses))
            if sizes is None:
                raise _Stop
            at = 0
            for index, size in zip(groups, sizes):
                self.operands[index].extend(uses[at:at + size])
                self.read[index] = True
                at += size
            return
        index = groups[0]
        self.read[index] = True
        count = self.record.operands[index].count
        node = c.peek()
        if node is None or node.type != "value_use":
            if count is Count.SINGLE:
                raise self.mismatch(EXPECTED_SSA_OPERAND)
            return
        if count is Count.VARIADIC:
            self.operands[index].extend(self.uses())
        else:
            self.operands[index].append(c.take())

    def uses(self) -> list[Node]:
        c = self.cursor
        out: list[Node] = []
        while c.peek() is not None and c.peek().type == "value_use":
            out.append(c.take())
            if c.peek() is not None and c.peek().type == "," and c.peek(1) is not None \
                    and c.peek(1).type == "value_use":
                c.take()
            else:
                self.after_comma(_NOT_USES, EXPECTED_SSA_OPERAND)
                break
        return out

    def after_comma(self, surely_not: frozenset[str], message: str) -> None:
        """After a list's element, a comma and then surely no element: the list's parser
        (`parseCommaSeparatedList`) wants one after its comma, and fails there."""
        c = self.cursor
        if c.peek() is not None and c.peek().type == "," and c.peek(1) is not None \
                and c.peek(1).type in surely_not and self.sure:
            c.take()
            raise self.mismatch(message)

    def types(self, ref: str) -> None:
        c = self.cursor
        if ref in ("@operands", "@results"):
            listed = self.type_list()
            groups = self.record.operands if ref == "@operands" else self.record.results
            target = self.operand_types if ref == "@operands" else self.result_types
            self.spread(listed, groups, target, ref == "@operands")
            return
        if ref in self.operand_names:
            index, groups, target = self.operand_names[ref], self.record.operands, self.operand_types
        elif ref in self.result_names:
            index, groups, target = self.result_names[ref], self.record.results, self.result_types
        else:
            raise _Stop
        count = groups[index].count
        if count is Count.SINGLE:
            node = c.peek()
            if node is None or node.type in _NOT_TYPES:
                raise self.mismatch(EXPECTED_TYPE)
            if node.type not in TYPE_KINDS:
                raise _Stop
            self.type_nodes[ref] = node
            target[index] = [type_text(c.take())]
        elif count is Count.OPTIONAL:
            node = c.peek()
            target[index] = [type_text(c.take())] if node is not None and node.type in TYPE_KINDS else []
        else:
            target[index] = self.type_list()
            node = c.peek()
            if not target[index] and (node is None or node.type in _NOT_TYPES):
                raise self.mismatch(EXPECTED_TYPE)      # (a type list holds one type at least)

    def type_list(self) -> list[str | None]:
        c = self.cursor
        out: list[str | None] = []
        while c.peek() is not None and c.peek().type in TYPE_KINDS:
            out.append(type_text(c.take()))
            if c.peek() is not None and c.peek().type == "," and c.peek(1) is not None \
                    and c.peek(1).type in TYPE_KINDS:
                c.take()
            else:
                self.after_comma(_NOT_TYPES, EXPECTED_TYPE)
                break
        return out

    def spread(self, listed: list[str | None], groups, target, operands: bool) -> None:
        """Types listed for all operands (or results): by group, when the counts say which."""
        sizes = [len(self.operands[i]) for i in range(len(groups))] if operands else _sizes(groups, len(listed))
        if sizes is None or sum(sizes) != len(listed):
            return
        at = 0
        for index, size in enumerate(sizes):
            target[index] = listed[at:at + size]
            at += size

    def functional(self, inputs: str, results: str) -> None:
        c = self.cursor
        node = c.peek()
        if node is not None and node.type == "function_type":
            c.take()
            ins = _list_types(node.child_by_field_name("inputs"))
            outs = _list_types(node.child_by_field_name("results"))
        else:
            if node is None or node.type != "paren_group":
                raise _Stop
            group = c.take()
            ins = _list_types(self.type_list_group(group))
            if c.peek() is None or c.peek().type != "->":
                if group.children[-1].type == ")" and not group.children[-1].is_missing:
                    # (parseFunctionType wants the `->` after the closed inputs: `(i32) - (f32)`)
                    raise self.mismatch(FUNCTION_TYPE_ARROW)
                raise _Stop
            c.take()
            after = c.peek()
            if after is None:
                raise _Stop
            if after.type == "paren_group":
                outs = _list_types(self.type_list_group(c.take()))
            elif after.type in TYPE_KINDS:
                outs = [type_text(c.take())]
            else:
                raise _Stop
        if ins is None or outs is None:
            return
        for ref, listed in ((inputs, ins), (results, outs)):
            if ref in ("@operands", "@results"):
                operands = ref == "@operands"
                self.spread(listed, self.record.operands if operands else self.record.results,
                            self.operand_types if operands else self.result_types, operands)
            elif ref in self.operand_names:
                self.operand_types[self.operand_names[ref]] = listed
            elif ref in self.result_names:
                self.result_types[self.result_names[ref]] = listed

    def type_list_group(self, group: Node) -> Node:
        """`group`, a `(...)` of types, once judged as MLIR's type list parser reads it: a comma
        with no type after it (`expected non-function type`), two types with no comma between
        them (`expected ')'`); judged only when it holds nothing but types and commas."""
        children = group.children
        if not self.sure or len(children) < 2 or children[0].type != "(" or children[-1].type != ")" \
                or any(n.type not in TYPE_KINDS and n.type != "," for n in children[1:-1]):
            return group
        previous, want_type = children[0], True
        for node in children[1:]:
            if want_type and (node.type == "," or (node.type == ")" and previous.type == ",")):
                raise _Mismatch(EXPECTED_TYPE, wrong_token_span(previous, node))
            if not want_type and node.type in TYPE_KINDS:
                raise _Mismatch(EXPECTED_TOKEN.format(")"), wrong_token_span(previous, node))
            want_type = node.type == ","
            previous = node
        return group

    # -------------------------------------------------------------- attributes
    def attribute(self, name: str) -> None:
        c = self.cursor
        definition = self.attribute_defs[name]
        entry = CONSTRAINTS.get(definition.check or "", {})
        if entry.get("cpp", "").strip() == "::mlir::UnitAttr":
            self.attributes[name] = _UNIT       # the anchor of its group: there, and not written
            return
        node = c.peek()
        if node is not None and self.surely_no_attribute(node, definition, entry):
            raise self.mismatch(EXPECTED_ATTRIBUTE_VALUE)
        if node is None or (node.type not in _ATTRIBUTE_NODES and node.type != "keyword"):
            raise _Stop
        if node.type == "keyword" and not _cases(definition.check) and c.peek(1) is not None \
                and c.peek(1).type == "angle_group":
            c.take()                     # `#dialect.mnemonic<...>` written short: `mnemonic<...>`
        value = c.take()
        if value.type == "keyword" and value.text.decode() not in _cases(definition.check):
            self.sure = False       # (a word MLIR reads as no attribute, or as one of its own: not judged)
        self.attributes[name] = value
        kind = None
        if value.type in _TYPED_VALUES and "valueType" not in entry and c.peek() is not None \
                and c.peek().type == ":" and c.peek(1) is not None and c.peek(1).type in TYPE_KINDS:
            c.take()
            kind = type_text(c.take())
        elif value.type in _TYPED_VALUES and "valueType" not in entry and c.peek() is not None \
                and c.peek().type == "::" and self.sure and entry.get("cpp", "").strip() in _GENERIC_ATTRIBUTES:
            # (the value's own `: type`, its colon doubled: the type parser fails at the second)
            colons = c.take()
            raise _Mismatch(EXPECTED_TYPE, Span(colons.start_byte + 1, colons.start_byte + 2))
        elif "valueType" in entry:
            kind = builder_type(entry["valueType"])
        elif value.type in ("typed_integer", "typed_attribute"):
            kind = type_text(value.child_by_field_name("type") or value.named_children[-1])
        self.attribute_types[name] = kind

    @staticmethod
    def surely_no_attribute(node: Node, definition, entry: dict) -> bool:
        """Whether the generic attribute parser surely fails at `node` for a required attribute
        the format writes (an optional or defaulted one is read by `parseOptionalAttribute`)."""
        if entry.get("cpp", "").strip() not in _GENERIC_ATTRIBUTES or entry.get("optional") or "default" in entry \
                or "attrFormat" in entry or _cases(definition.check):
            return False
        return node.type in _NOT_ATTRIBUTES or (node.type == "keyword" and b"." in node.text)

    def index_list(self, group: Node, sure: bool) -> bool:
        """Whether `group` is a clean `[...]` of SSA values and integers, as the directive's
        list parser reads it; where it surely fails (two elements with no comma between them,
        a comma with no element after it, or first), its error, while all read before was sure."""
        inside = [n for n in group.children if n.type not in ("[", "]", "comment")]
        if not (group.children and group.children[0].type == "[" and group.children[-1].type == "]"):
            return False
        previous = group.children[0]
        want_element = True
        for node in inside:
            if node.type in _INDEX_ELEMENTS:
                if not want_element:
                    if sure:
                        raise _Mismatch(EXPECTED_TOKEN.format("]") + IN_DYNAMIC_INDEX_LIST,
                                        wrong_token_span(previous, node))
                    return False
                want_element = False
            elif node.type == "," and not want_element:
                want_element = True
            elif node.type == "," and previous.type in (",", "[") and sure:
                raise _Mismatch(CUSTOM_OP.format(self.record.name, EXPECTED_INTEGER),
                                Span(node.start_byte, node.end_byte))
            else:
                return False
            previous = node
        if want_element and previous.type == ",":
            if sure:
                closer = group.children[-1]
                raise _Mismatch(CUSTOM_OP.format(self.record.name, EXPECTED_INTEGER),
                                Span(closer.start_byte, closer.end_byte))
            return False
        return True

    def dictionary(self, node: Node) -> None:
        for entry in node.named_children:
            if entry.type != "attribute_entry":
                continue
            key = entry.child_by_field_name("name")
            value = entry.child_by_field_name("value")
            if key is None or key.text is None:
                continue
            name = key.text.decode("utf-8", "replace").strip('"')
            self.attributes[name] = value if value is not None else entry
            self.in_dictionary.add(name)

    # -------------------------------------------------------------- custom directives
    def custom(self, el: _El) -> None:
        c = self.cursor
        sure, self.sure = self.sure, False
        if el.text == "DynamicIndexList" and el.args and el.args[0].kind == "var":
            node = c.peek()
            square = len(el.args) == 2     # (the other arguments name another bracket)
            if node is None or node.type != "bracket_group":
                if square and sure and node is not None and node.type in _NOT_INDEX_LISTS:
                    self.sure = True
                    raise self.mismatch(EXPECTED_TOKEN.format("[") + IN_DYNAMIC_INDEX_LIST)
                raise _Stop
            group = c.take()
            clean = square and self.index_list(group, sure)
            uses = [n for n in group.named_children if n.type == "value_use"]
            if el.args[0].text in self.operand_names:
                self.operands[self.operand_names[el.args[0].text]].extend(uses)
                self.read[self.operand_names[el.args[0].text]] = True
            if len(el.args) > 1 and el.args[1].kind == "var":
                self.attributes[el.args[1].text] = group
            self.sure = sure and clean     # (the directive read the group, all of it and no more)
            return
        if el.text == "GEPIndices" and el.args and el.args[0].kind == "var":
            # `[%i, 1, %j]` inside the format's own brackets: up to the closing one.
            uses, taken = [], []
            while c.peek() is not None and not _is_literal(c.peek(), "]", c):
                node = c.take()
                taken.append(node.type)
                if node.type == "value_use":
                    uses.append(node)
            if el.args[0].text in self.operand_names:
                self.operands[self.operand_names[el.args[0].text]].extend(uses)
                self.read[self.operand_names[el.args[0].text]] = True
            # (values and integers, one comma between each two: the directive read all of it)
            self.sure = sure and bool(taken) and all(
                kind in _INDEX_ELEMENTS if at % 2 == 0 else kind == "," for at, kind in enumerate(taken)) \
                and len(taken) % 2 == 1
            return
        if el.text == "AllReduceOperation" and el.args and el.args[0].kind == "var":
            node = c.peek()
            name = el.args[0].text
            if node is not None and node.type == "keyword" and name in self.attribute_defs \
                    and node.text.decode() in _cases(self.attribute_defs[name].check):
                self.attributes[name] = c.take()
            return
        if el.text == "AsyncDependencies" and len(el.args) == 2:
            token = el.args[0].args[0] if el.args[0].kind == "type" else None
            node = c.peek()
            if node is not None and node.type == "keyword" and node.text == b"async":
                c.take()
                if token in self.result_names:
                    self.result_types[self.result_names[token]] = ["!gpu.async.token"]
            elif token in self.result_names:
                self.result_types[self.result_names[token]] = []
            if el.args[1].text in self.operand_names:
                self.read[self.operand_names[el.args[1].text]] = True
            node = c.peek()
            if node is not None and node.type == "bracket_group":
                uses = [n for n in c.take().named_children if n.type == "value_use"]
                name = el.args[1].text
                if name in self.operand_names:
                    self.operands[self.operand_names[name]].extend(uses)
                    self.read[self.operand_names[name]] = True
                    self.operand_types[self.operand_names[name]] = ["!gpu.async.token"] * len(uses)
            return
        if el.text == "OffloadingHandler" and el.args and el.args[0].kind == "var":
            # gpu.binary's `<attr>` before its objects, written or not.
            node = c.peek()
            if node is not None and node.type == "angle_group":
                inner = [n for n in c.take().named_children if n.type != "comment"]
                if len(inner) == 1:
                    self.attributes[el.args[0].text] = inner[0]
            return
        if el.text == "InsertExtractValueElementType" and len(el.args) == 3:
            # Writes nothing: the value's type is the container's element at the position.
            target = el.args[0].args[0] if el.args[0].kind == "type" else None
            container = self.known_type(_ref(el.args[1].args[0]) if el.args[1].args else "")
            position = self.attributes.get(el.args[2].args[0].text if el.args[2].args else "")
            element = aggregate_element(container, position)
            if element is not None and target is not None:
                self.give_type(target, element)
            return
        raise _Stop

    def known_type(self, name: str) -> str | None:
        for names, types in ((self.operand_names, self.operand_types), (self.result_names, self.result_types)):
            if name in names and types[names[name]]:
                return types[names[name]][0]
        return None

    def give_type(self, name: str, text: str) -> None:
        if name in self.operand_names:
            self.operand_types[self.operand_names[name]] = [text]
        elif name in self.result_names:
            self.result_types[self.result_names[name]] = [text]


def aggregate_element(container: str | None, position: Node | None) -> str | None:
    """The type at a position (`[1, 0]`) of an LLVM struct or array type, as MLIR prints it."""
    if container is None or position is None or position.text is None:
        return None
    try:
        path = [int(p) for p in position.text.decode().strip("[]").split(",") if p.strip()]
    except ValueError:
        return None
    text = container
    for index in path:
        struct = re.fullmatch(r"!llvm\.struct<(?:\"[^\"]*\",)?(?:packed)?\((.*)\)>", text)
        array = re.fullmatch(r"!llvm\.array<(\d+)x(.*)>", text)
        if struct:
            fields = top_level_parameters(struct.group(1)) if struct.group(1) else []
            if not 0 <= index < len(fields):
                return None
            text = fields[index]
        elif array:
            if not 0 <= index < int(array.group(1)):
                return None
            text = array.group(2)
        else:
            return None
    # Inside an LLVM type its element types may be written in the dialect's shorthand
    # (`struct<(i32)>`); as the type of a value of its own it is `!llvm.struct<(i32)>`.
    return _LLVM_SHORTHAND.sub(r"!llvm.\1", text, count=1)


_LLVM_SHORTHAND = re.compile(r"^(struct|array|ptr|func|target|void|token|metadata|label)(?=<|$)")


def _cases(constraint: str | None) -> list[str]:
    entry = CONSTRAINTS.get(constraint or "", {})
    while not entry.get("cases") and entry.get("base"):
        entry = CONSTRAINTS.get(entry["base"], {})
    return [c for c in entry.get("cases") or [] if c]


def _list_types(node: Node | None) -> list[str | None] | None:
    """The types of `(a, b)`, a type list or one type; None when something else stands there."""
    if node is None:
        return []
    if node.type in ("type_list", "paren_group"):
        kinds = [child for child in node.named_children if child.type != "comment"]
        return [type_text(k) for k in kinds] if all(k.type in TYPE_KINDS for k in kinds) else None
    return [type_text(node)] if node.type in TYPE_KINDS else None


def _sizes(groups, count: int) -> list[int] | None:
    """How `count` values divide among the groups when that follows from the counts alone."""
    flexible = [i for i, g in enumerate(groups) if g.count is not Count.SINGLE]
    fixed = len(groups) - len(flexible)
    if len(flexible) > 1 or count < fixed or (not flexible and count != fixed):
        return None
    return [1 if g.count is Count.SINGLE else count - fixed for g in groups]


# ------------------------------------------------------------------------------ entry point
def read_form(node: Node, record: OpDef, generic: bool, text: bytes | None = None) -> Form | None:
    """What the text of an op with a record says (None when the record has no format and the
    op is written in a custom form). `text`: the op's text, when the caller has it and the op
    holds no region: what it says is then read once per text and record (`_FORMS`), and
    another op of the same text gets the same form, its nodes found again in its own tree."""
    if text is None:
        return _read_form(node, record, generic)
    key = (text, id(record), generic, aliases_key(text))
    entry = _FORMS.get(key)
    if entry is not None and entry[0] is record:
        _FORMS.move_to_end(key)
        return entry[1].at(node) if entry[1] is not _NO_FORM else None
    form = _read_form(node, record, generic)
    template = _FormTemplate.of(form, node) if form is not None else _NO_FORM
    if template is not None:
        _FORMS[key] = (record, template)
        if len(_FORMS) > _FORMS_KEPT:
            _FORMS.popitem(last=False)
    return form


class _FormTemplate:
    """A form with its nodes kept as their places in the op (each a path of child indexes from
    the op's node) and its uses by their offsets in the op's text: the same text parses to the
    same tree, so the form of another op of that text is this one with its own nodes."""

    __slots__ = ("form", "operands", "attributes", "type_nodes", "use_types", "starts")

    def __init__(self, form: Form, operands, attributes, type_nodes, use_types, starts) -> None:
        self.form, self.operands, self.attributes = form, operands, attributes
        self.type_nodes, self.use_types, self.starts = type_nodes, use_types, starts

    @classmethod
    def of(cls, form: Form, op: Node) -> "_FormTemplate | None":
        """None when a node of the form is not found by its place (then the form is not kept)."""
        places: dict[tuple[int, int, int], tuple[int, ...] | None] = {}

        def place(node: Node | None) -> tuple[int, ...] | None:
            if node is None:
                return None
            at = (node.start_byte, node.end_byte, node.id)
            if at not in places:
                places[at] = _place(node, op)
            if places[at] is None:
                raise LookupError
            return places[at]

        base = op.start_byte
        try:
            operands = [[place(use) for use in group] for group in form.operands] \
                if form.operands is not None else None
            attributes = {name: place(value) for name, value in form.attributes.items()}
            type_nodes = {name: place(value) for name, value in form.type_nodes.items()}
        except LookupError:
            return None
        starts = []
        while (start := form.use_start(len(starts))) is not None:
            starts.append(start - base)
        if form.mismatch is not None:      # (kept relative to the op, as `_FormAt` reads it)
            where, message = form.mismatch
            form = replace(form, mismatch=(Span(where.start - base, where.end - base), message))
        if form.leftover is not None:
            form = replace(form, leftover=form.leftover.moved(-base))
        return cls(form, operands, attributes, type_nodes,
                   {start - base: text for start, text in form.use_types.items()}, starts)

    def at(self, op: Node) -> Form:
        """This form, read from `op` (an op of the same text)."""
        return _FormAt(self, op)


class _FormAt(Form):
    """The form of `_FormTemplate.at`: its nodes are found in the op when first asked for (the
    SSA check asks for the types alone, and the structure judge for no node of an op it has
    judged before by its text)."""

    def __init__(self, template: _FormTemplate, op: Node) -> None:   # (not the dataclass's)
        form = template.form
        self._template, self._op, self._base = template, op, op.start_byte
        self.operand_types, self.result_types = form.operand_types, form.result_types
        self.attribute_types, self.complete, self.in_dictionary = form.attribute_types, form.complete, form.in_dictionary
        self.results, self.read = form.results, form.read
        self.mismatch = None if form.mismatch is None else \
            (Span(form.mismatch[0].start + self._base, form.mismatch[0].end + self._base), form.mismatch[1])
        self.leftover = None if form.leftover is None else form.leftover.moved(self._base)

    @property
    def operands(self) -> list[list[Node]] | None:
        if "_operands" not in self.__dict__:
            groups = self._template.operands
            self._operands = [[_found(self._op, p) for p in group] for group in groups] if groups is not None else None
        return self._operands

    @property
    def attributes(self) -> dict[str, Node | None]:
        if "_attributes" not in self.__dict__:
            self._attributes = {name: _found(self._op, p) if p is not None else None
                                for name, p in self._template.attributes.items()}
        return self._attributes

    @property
    def type_nodes(self) -> dict[str, Node]:
        if "_type_nodes" not in self.__dict__:
            self._type_nodes = {name: _found(self._op, p) for name, p in self._template.type_nodes.items()}
        return self._type_nodes

    @property
    def use_types(self) -> dict[int, str | None]:
        base = self._base
        return {start + base: text for start, text in self._template.use_types.items()}

    def use_start(self, index: int) -> int | None:
        starts = self._template.starts
        return starts[index] + self._base if index < len(starts) else None

    def use_type(self, start: int) -> str | None:
        return self._template.use_types.get(start - self._base)


_NO_FORM = object()     # `_FORMS`' entry for a text whose op has no form to read


def _place(node: Node, op: Node) -> tuple[int, ...] | None:
    """The child indexes that lead from `op` to `node` (None when `node` is not inside `op`)."""
    path: list[int] = []
    while node.id != op.id:
        parent = node.parent
        if parent is None:
            return None
        index = next((i for i, child in enumerate(parent.children) if child.id == node.id), None)
        if index is None:
            return None
        path.append(index)
        node = parent
    return tuple(reversed(path))


def _found(op: Node, path: tuple[int, ...]) -> Node:
    node = op
    for index in path:
        node = node.child(index)
    return node


# Forms read, by the op's text, its record's identity (the entry holds the record, so a key is
# not reused), whether the text is the generic form and what its aliases stand for
# (`aliases_read`): the last `_FORMS_KEPT` read.
_FORMS: "OrderedDict[tuple[bytes, int, bool, tuple | None], tuple[OpDef, object]]" = OrderedDict()
_FORMS_KEPT = 4096


def _read_form(node: Node, record: OpDef, generic: bool) -> Form | None:
    if generic:
        return _generic(node, record)
    elements = parse_format(record.format) if record.format else None
    if elements is None:
        return None
    body = node.child_by_field_name("body")
    items = [c for c in body.children if c.type != "comment"] if body is not None else []
    reader = _Reader(record, _Cursor(items), node.child_by_field_name("name"))
    complete = True
    mismatch = None
    leftover = None
    try:
        reader.run(elements)
        complete = reader.cursor.done()
        if not complete and reader.sure:
            leftover = _leftover(reader.cursor, reader.name, record.name)
    except _Mismatch as stop:
        complete, mismatch = False, (stop.span, stop.message)
    except _Stop:
        complete = False
    form = Form([group if read else [] for group, read in zip(reader.operands, reader.read)],
                [t if t is not None else [] for t in reader.operand_types],
                [t if t is not None else [] for t in reader.result_types],
                reader.attributes, reader.attribute_types, complete, read=reader.read,
                in_dictionary=frozenset(reader.in_dictionary), type_nodes=reader.type_nodes,
                mismatch=mismatch, leftover=leftover)
    _resolve(form, record, [t is not None for t in reader.operand_types],
             [t is not None for t in reader.result_types])
    return form.finish(record)


def read_generic_types(node: Node) -> Form | None:
    """The types a generic op of a dialect without records states in its function type."""
    ftype = node.child_by_field_name("type")
    if ftype is None or ftype.type != "function_type":
        return None
    operands = node.child_by_field_name("operands")
    uses = [n for n in operands.named_children if n.type == "value_use"] if operands is not None else []
    ins = _list_types(ftype.child_by_field_name("inputs")) or []
    outs = _list_types(ftype.child_by_field_name("results")) or []
    form = Form(None, [], [], results=outs)
    if len(ins) == len(uses):
        form.use_types = {use.start_byte: text for use, text in zip(uses, ins)}
    return form


def _generic(node: Node, record: OpDef) -> Form:
    operands = node.child_by_field_name("operands")
    uses = [n for n in operands.named_children if n.type == "value_use"] if operands is not None else []
    attributes: dict[str, Node] = {}
    reader = _Reader(record, _Cursor([]))
    for fieldname in ("properties", "attributes"):
        group = node.child_by_field_name(fieldname)
        if group is None:
            continue
        for dictionary in ([group] if group.type == "attribute_dict" else group.named_children):
            if dictionary.type == "attribute_dict":
                reader.dictionary(dictionary)
    attributes = reader.attributes
    ftype = node.child_by_field_name("type")
    ins = _list_types(ftype.child_by_field_name("inputs")) if ftype is not None and ftype.type == "function_type" else None
    outs = _list_types(ftype.child_by_field_name("results")) if ftype is not None and ftype.type == "function_type" else None
    sizes = segment_sizes(attributes.get("operandSegmentSizes"), len(record.operands)) \
        if record.has(Trait.ATTR_SIZED_OPERAND_SEGMENTS) else _sizes(record.operands, len(uses))
    groups: list[list[Node]] | None = None
    operand_types: list[list[str | None]] = [[] for _ in record.operands]
    if sizes is not None and sum(sizes) == len(uses):
        groups, at = [], 0
        for index, size in enumerate(sizes):
            groups.append(uses[at:at + size])
            if ins is not None and len(ins) == len(uses):
                operand_types[index] = ins[at:at + size]
            at += size
    result_types: list[list[str | None]] = [[] for _ in record.results]
    if outs is not None:
        rsizes = segment_sizes(attributes.get("resultSegmentSizes"), len(record.results)) \
            if record.has(Trait.ATTR_SIZED_RESULT_SEGMENTS) else _sizes(record.results, len(outs))
        if rsizes is not None and sum(rsizes) == len(outs):
            at = 0
            for index, size in enumerate(rsizes):
                result_types[index] = outs[at:at + size]
                at += size
    form = Form(groups, operand_types, result_types, attributes, {}, True, results=outs,
                in_dictionary=frozenset(reader.in_dictionary))
    if ins is not None and len(ins) == len(uses):
        form.use_types = {use.start_byte: text for use, text in zip(uses, ins)}
    _resolve(form, record, [bool(t) for t in operand_types], [bool(t) for t in result_types])
    return form.finish(record)


_DENSE_I32 = re.compile(rb"^array\s*<\s*i32\s*(?::\s*(.*))?>$", re.S)


def segment_sizes(node: Node | None, groups: int) -> list[int] | None:
    """The sizes an `operandSegmentSizes = array<i32: 1, 0, 2>` property gives, if it gives one
    per group."""
    if node is None or node.text is None:
        return None
    match = _DENSE_I32.match(node.text.strip())
    if match is None:
        return None
    body = (match.group(1) or b"").strip()
    try:
        sizes = [int(part) for part in body.split(b",")] if body else []
    except ValueError:
        return None
    return sizes if len(sizes) == groups else None


# ------------------------------------------------------------------------------ inference
def _resolve(form: Form, record: OpDef, operand_said: list[bool], result_said: list[bool]) -> None:
    """Give the values whose type the text leaves out the type the parser gives them."""
    operand_counts = [len(g) for g in form.operands] if form.operands is not None else None
    tables = record_tables(record)
    places, buildable = tables.places, tables.buildable

    def slot(name: str):
        place = places.get(name)
        if place is None:
            return None
        is_result, index = place
        if is_result:
            return form.result_types, index, result_said, None
        return form.operand_types, index, operand_said, operand_counts

    def known(name: str) -> str | None:
        found = slot(name)
        if found is None:
            return form.attribute_types.get(name)
        types, index, _, _ = found
        values = [t for t in types[index] if t is not None]
        return values[0] if values else None

    def give(name: str, text: str) -> None:
        found = slot(name)
        if found is None:
            return
        types, index, said, counts = found
        if said[index] and types[index]:
            return
        if types is form.operand_types:
            if counts is None:
                return
            types[index] = [text] * counts[index]
        elif record.results[index].count is Count.SINGLE:
            types[index] = [text]

    # Buildable types: a constraint that names one type (`Index`, `I1`).
    for groups, types, said, counts, built_groups in (
            (record.operands, form.operand_types, operand_said, operand_counts, buildable[0]),
            (record.results, form.result_types, result_said, None, buildable[1])):
        for index, built in built_groups:
            group = groups[index]
            if said[index] and types[index]:
                continue
            if counts is not None:
                types[index] = [built] * counts[index]
            elif group.count is Count.SINGLE:
                types[index] = [built]
    names = tables.names
    if record.has(Trait.SAME_TYPE_OPERANDS):
        one = next((t for n in tables.operand_order if (t := known(n)) is not None), None)
        if one is not None:
            for n in tables.operand_order:
                give(n, one)
    if record.has(Trait.SAME_OPERANDS_AND_RESULT_TYPE):
        one = next((t for n in names if (t := known(n)) is not None), None)
        if one is not None:
            for n in names:
                give(n, one)
    for group in record.same_types:
        one = next((t for n in group if (t := known(n)) is not None), None)
        if one is not None:
            for n in group:
                give(n, one)
    for match in record.types_match:
        source = known(match.source)
        if source is not None:
            derived = transform(match.transformer, source)
            if derived is not None:
                give(match.to, derived)
    for summary in record.predicates:
        # ShapedTypeMatchesElementCountAndTypes: a variadic group of one type per element of a
        # static shaped type, each its element type (the generated parser builds that list).
        found = _ELEMENT_COUNT.fullmatch(summary)
        shaped = known(found.group(1)) if found is not None else None
        t = facts(shaped) if shaped is not None else None
        if t is None or t.kind not in ("vector", "tensor") or t.dims is None or None in t.dims or t.element is None \
                or "[" in shaped:
            continue    # (a scalable vector has no count the parser can build)
        count = 1
        for size in t.dims:
            count *= size
        target = slot(found.group(2))
        if target is not None and not target[2][target[1]]:
            target[0][target[1]] = [t.element.text] * count


@dataclass(frozen=True)
class RecordTables:
    """What reading a form and judging it need of a record alone, made once per record (`record_tables`)."""

    operand_names: dict[str, int]          # each group's index by its name (the reader's)
    result_names: dict[str, int]
    attribute_defs: dict
    region_names: frozenset[str]
    places: dict[str, tuple[bool, int]]    # the first operand or result group of a name (is it a result, index)
    buildable: tuple[list[tuple[int, str]], list[tuple[int, str]]]   # groups whose constraint builds one type
    operand_order: list[str]               # the operand groups' names in order
    names: list[str]                       # the operand then result groups' names


# Keyed by the record's identity; the entry holds the record, so a key is never reused.
_TABLES: dict[int, tuple[OpDef, RecordTables]] = {}


def record_tables(record: OpDef) -> RecordTables:
    """What reading a form needs of `record` alone (read only)."""
    entry = _TABLES.get(id(record))
    if entry is None or entry[0] is not record:
        places: dict[str, tuple[bool, int]] = {}
        for is_result, groups in ((False, record.operands), (True, record.results)):
            for index, group in enumerate(groups):
                places.setdefault(group.name, (is_result, index))
        buildable = tuple([(index, built) for index, group in enumerate(groups)
                           if (built := builder_type(CONSTRAINTS.get(group.check or "", {}).get("builder"))) is not None]
                          for groups in (record.operands, record.results))
        operand_order = [g.name for g in record.operands]
        tables = RecordTables({g.name: i for i, g in enumerate(record.operands)},
                               {g.name: i for i, g in enumerate(record.results)},
                               {a.name: a for a in record.attributes}, frozenset(record.region_names),
                               places, buildable, operand_order, operand_order + [g.name for g in record.results])
        entry = _TABLES[id(record)] = (record, tables)
    return entry[1]


_ELEMENT_COUNT = re.compile(r"shaped type '(\w+)' matches '(\w+)' element count and types")


def transform(transformer: str, text: str) -> str | None:
    """The type a TypesMatchWith transformer makes of `text`, for those it knows."""
    code = " ".join(transformer.split())
    t = facts(text)
    if t is None:
        return None
    if code == "$_self":
        return text
    if "getElementType()" in code and "get(" not in code:
        return t.element.text if t.element is not None else None
    if "getI1SameShape" in code:
        if t.kind in ("vector", "tensor") and t.dims is not None:
            return with_element(text, "i1")
        if t.kind in ("integer", "index", "float"):
            return "i1"
    return None


def with_element(text: str, element: str) -> str | None:
    """A shaped type's text with another element type (its shape, encoding and layout kept)."""
    match = re.fullmatch(r"(vector|tensor|memref)<(.*)>", text)
    if match is None:
        return None
    parameters = top_level_parameters(match.group(2))
    dims = re.match(r"^((?:(?:\d+|\?|\[\d+\])x)*)", parameters[0])
    parameters[0] = dims.group(1) + element
    return f"{match.group(1)}<{','.join(parameters)}>"
