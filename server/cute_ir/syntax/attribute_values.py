"""The values of typed builtin attributes, checked as MLIR's attribute parser checks them
(mlir/lib/AsmParser/AttributeParser.cpp, parseDecOrHexAttr, buildAttributeAPInt,
parseDenseElementsAttr, TensorLiteralParser; Parser.cpp, parseFloatFromIntegerLiteral).

`256 : i8` and `dense<[777]> : tensor<1xi8>` are well-formed text, but MLIR's parser builds the
value as it reads it and refuses one its type cannot hold. Judged here, from the text alone:
- an integer literal typed with an integer or index type: a negative value for an unsigned
  type, a value the type's width cannot hold (a signed or index type's sign bit, a signless
  type's two's complement range);
- an integer literal typed with a float type: only a hexadecimal bit pattern, positive and no
  wider than the type;
- the literal of `dense<...>` against its `: type`: a shaped type of static shape, the literal's
  shape the type's (or one value, a splat), each element as the element type takes it; of
  `sparse<...>`, its type only;
- the elements of `array<i8: ...>` against its element type;
- an attribute dictionary's keys, each once.

Each check returns the node MLIR points at, its message and a note (or None); anything this
reading cannot tell (a type alias, a dialect type, a complex element type, hex string storage)
passes. (A scalar literal typed through an alias is judged once the alias is resolved, in
analysis/alias_uses.py, with `check_integer_as`.) Lists are walked with an explicit stack.
"""
from __future__ import annotations

import math
import re

from tree_sitter import Node

from ..diagnostics import Diagnostic, Related, Severity, Source, Span
from ..diagnostics.mlir_messages import (
    ARRAY_EXPECTED_INTEGER, ARRAY_I1_NOT_BOOL, ARRAY_OUT_OF_RANGE, ARRAY_ELEMENT_TYPE, ARRAY_ELEMENT_WIDTH, ARRAY_CLOSE, ARRAY_COLON,
    ARRAY_LESS, DENSE_RESOURCE_LESS, DISTINCT_CLOSE, DISTINCT_ID, DISTINCT_ID_RANGE, DISTINCT_LESS, DISTINCT_LSQUARE,
    DISTINCT_RSQUARE, DUPLICATE_KEY, EMPTY_ATTRIBUTE_NAME, DENSE_RESOURCE_NOT_SHAPED,
    DECIMAL_FOR_FLOAT, DECIMAL_FOR_FLOAT_NOTE, ELEMENTS_NOT_SHAPED, ELEMENTS_NOT_STATIC,
    ELEMENTS_SHAPE_MISMATCH, ELEMENTS_NONE_PARSED, ELEMENTS_COMPLEX_COUNT, ELEMENT_BOOL_NOT_I1, ELEMENT_FLOAT_FOR_INTEGER, ELEMENT_NEGATIVE_UNSIGNED,
    ELEMENT_OUT_OF_RANGE, ELEMENTS_RANKS_INCONSISTENT, EXPECTED_FLOAT_LITERAL, HEX_FLOAT_NEGATIVE,
    HEX_FLOAT_OUT_OF_RANGE, INTEGER_OUT_OF_RANGE, NEGATIVE_FOR_UNSIGNED,
)

from ..text.brackets import top_level_parameters
from .cst import TYPE_KINDS
from .dense import check_dense_literal

Problem = tuple[Node, str, str | None]    # where, message, note at the same place (or None)

# APFloat::semanticsSizeInBits of each builtin float type.
_FLOAT_BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128, "tf32": 19,
               "f4E2M1FN": 4, "f6E2M3FN": 6, "f6E3M2FN": 6}
_INTEGER_TYPE = re.compile(r"(s|u)?i([0-9]+)")
# IndexType::kInternalStorageBitWidth
_INDEX_BITS = 64
_NOT_SHAPED = frozenset({"integer_type", "index_type", "float_type", "none_type", "complex_type", "tuple_type",
                         "function_type"})
_SHAPED = re.compile(r"(tensor|vector)<((?:(?:[0-9]+|\?|\*|\[[0-9]+\])x)*)(.*)>", re.S)


def _float_bits(text: str) -> int | None:
    return _FLOAT_BITS.get(text, 8 if text.startswith("f8") else None)


def _integer_kind(text: str) -> tuple[int, str] | None:
    """(width, signedness) of `i8` / `si8` / `ui8` / `index`: "", "s", "u" or "index"."""
    if text == "index":
        return _INDEX_BITS, "index"
    match = _INTEGER_TYPE.fullmatch(text)
    return (int(match.group(2)), match.group(1) or "") if match else None


def _fits(value: int, width: int, sign: str) -> bool:
    """buildAttributeAPInt: whether a literal (its sign applied) has a value of the type. A
    signless type takes the bit pattern of either reading; a signed or index type not a positive
    value with its sign bit set; a negative value must keep its sign bit once negated."""
    if width == 0:
        return value == 0
    if value < 0:
        return -value <= 1 << (width - 1)
    if sign in ("s", "index"):
        return value < 1 << (width - 1)
    return value < 1 << width


def _literal(text: bytes) -> tuple[bool, bool, int] | None:
    """(negative, hexadecimal, magnitude) of an integer token."""
    raw = text.decode("ascii", "replace").strip()
    negative = raw.startswith("-")
    digits = raw[1:] if negative else raw
    hexadecimal = digits[:2] in ("0x", "0X")
    try:
        return negative, hexadecimal, int(digits, 16 if hexadecimal else 10)
    except ValueError:
        return None


def _float_from_integer(node: Node, bits: int, negative: bool, hexadecimal: bool, magnitude: int) -> Problem | None:
    """parseFloatFromIntegerLiteral: an integer token stands for a float only as a bit pattern."""
    if not hexadecimal:
        return node, DECIMAL_FOR_FLOAT, DECIMAL_FOR_FLOAT_NOTE
    if negative:
        return node, HEX_FLOAT_NEGATIVE, None
    if magnitude.bit_length() > bits:
        return node, HEX_FLOAT_OUT_OF_RANGE, None
    return None


def check_typed_integer(node: Node) -> Problem | None:
    """`<integer> : <type>` (a `typed_integer` node)."""
    named = node.named_children
    return check_integer_value(*named) if len(named) == 2 else None


def check_integer_value(value: Node, typed: Node) -> Problem | None:
    """An integer literal `value` given the type `typed` (also where an op's format reads them:
    `arith.constant 300 : i8`)."""
    if typed.type not in _SCALAR_TYPES:
        return None
    return check_integer_as(value, (typed.text or b"").decode("utf-8", "replace"))


_SCALAR_TYPES = frozenset({"float_type", "integer_type", "index_type"})


def check_integer_as(value: Node, type_text: str) -> Problem | None:
    """An integer literal `value` given a builtin scalar type written as `type_text` (what a
    type alias stands for, too: `arith.constant 1 : !t` with `!t = f32`); any other type passes."""
    literal = _literal(value.text or b"")
    if literal is None:
        return None
    negative, hexadecimal, magnitude = literal
    bits = _float_bits(type_text)
    if bits is not None:
        return _float_from_integer(value, bits, negative, hexadecimal, magnitude)
    return _integer_problem(value, _integer_kind(type_text), negative, magnitude)


def problem_diagnostic(found: Problem | None, code: str = "syntax.attribute-value",
                       source: Source = Source.SYNTAX) -> Diagnostic | None:
    """A check's problem as an error at its node, its note (if any) at the same place."""
    if found is None:
        return None
    where, message, note = found
    # MLIR's parser reads a literal's `-` as a token of its own and reports at the number.
    span = Span(where.start_byte + (where.text or b"").startswith(b"-"), where.end_byte)
    related = (Related(span, note),) if note is not None else ()
    return Diagnostic(code, span, Severity.ERROR, source, message, related)


def check_index_value(value: Node) -> Problem | None:
    """An integer literal an op's parser reads as an `index` attribute (an affine loop's
    bounds and step)."""
    literal = _literal(value.text or b"")
    return None if literal is None else _integer_problem(value, _integer_kind("index"), literal[0], literal[2])


def _integer_problem(value: Node, kind: tuple[int, str] | None, negative: bool, magnitude: int) -> Problem | None:
    if kind is None:
        return None
    width, sign = kind
    if negative and sign == "u":
        return value, NEGATIVE_FOR_UNSIGNED, None
    if not _fits(-magnitude if negative else magnitude, width, sign):
        return value, INTEGER_OUT_OF_RANGE, None
    return None


def _elements(parameters: Node) -> tuple[list[Node], list[int], Node | None, bool] | None:
    """The scalar tokens of a literal-first `dense<...>` body, its shape ([] for one value),
    where its ranks first disagree (None), and whether a `(re, im)` pair stands for an element;
    None when the body is not plain numbers and lists. (A token's `parent` would cost the
    length of its list: tree-sitter finds it from the list's first child.)"""
    items = [c for c in parameters.children[1:-1] if not c.is_extra]
    if len(items) != 1:
        return None
    top = items[0]
    if top.type == "parameter_group":
        pair = _pair(top)
        return (pair, [], None, True) if pair is not None else None
    if top.type != "parameter_list":
        return ([top], [], None, False) if top.type in ("integer", "float", "boolean") else None
    tokens: list[Node] = []
    # Each list's shape is computed when it closes: a frame is (list, its children, next index,
    # its element count, the shape its first element had, whether one was seen).
    stack: list[list] = [[top, [c for c in top.children[1:-1] if not c.is_extra and c.type != ","], 0, 0, None]]
    shape: list[int] = []
    paired = False
    while stack:
        frame = stack[-1]
        group, children, index, count, inner = frame
        if index == len(children):
            stack.pop()
            mine = [count] + (inner or [])
            if not stack:
                shape = mine
                break
            parent = stack[-1]
            if parent[4] is None:
                parent[4] = mine
            elif parent[4] != mine:
                return tokens, [], group, paired
            parent[3] += 1
            continue
        child = children[index]
        frame[2] = index + 1
        if child.type == "parameter_list":
            stack.append([child, [c for c in child.children[1:-1] if not c.is_extra and c.type != ","], 0, 0, None])
            continue
        pair = _pair(child) if child.type == "parameter_group" else None
        if child.type not in ("integer", "float", "boolean") and pair is None:
            return None
        if frame[4] is None:
            frame[4] = []
        elif frame[4] != []:
            return tokens, [], child, paired
        frame[3] += 1
        tokens.extend(pair if pair is not None else [child])
        paired = paired or pair is not None
    return tokens, shape, None, paired


def _sparse_floats(parameters: Node, typed: Node) -> Problem | None:
    """`sparse<indices, values>`: the indices are integers, and so are the values of an integer
    element type (the literal parser's getIntAttrElements, indices first)."""
    parts = [c for c in parameters.named_children if not c.is_extra]
    if len(parts) != 2:
        return None
    match = _SHAPED.fullmatch(re.sub(r"\s+", "", (typed.text or b"").decode("utf-8", "replace")))
    element = top_level_parameters(match.group(3))[0].strip() if match is not None else ""
    for part, integers in ((parts[0], True), (parts[1], _integer_kind(element) is not None)):
        if not integers:
            continue
        stack = [part]
        while stack:
            node = stack.pop()
            if node.type == "float":
                return node, ELEMENT_FLOAT_FOR_INTEGER, None
            if node.type == "parameter_list":
                stack.extend(reversed(node.named_children))
    return None


def broken_attribute(text: bytes) -> str | None:
    """What MLIR's attribute parser expects next in an `array<...>`, `dense_resource<...>` or
    `distinct[N]<...>` attribute written (from its keyword) as `text` and broken before its end;
    None for another attribute, or one this reading cannot follow."""
    match = re.match(rb"\s*(array|dense_resource|distinct)\b\s*", text)
    if match is None:
        return None
    keyword, rest = match.group(1), text[match.end():]
    if keyword == b"dense_resource":
        return None if rest.startswith(b"<") else DENSE_RESOURCE_LESS
    if keyword == b"array":
        if not rest.startswith(b"<"):
            return ARRAY_LESS
        element = re.match(rb"<\s*[\w.]+\s*", rest)
        if element is None:
            return None
        after = rest[element.end():]
        if after.startswith(b">"):
            return None
        if not after.startswith(b":"):
            return ARRAY_COLON
        return None if after.rstrip().endswith(b">") else ARRAY_CLOSE
    if not rest.startswith(b"["):
        return DISTINCT_LSQUARE
    number = re.match(rb"\[\s*(0x[0-9a-fA-F]+|[0-9]+)\s*", rest)
    if number is None:
        return DISTINCT_ID
    if int(number.group(1), 0) >= 1 << 64:
        return DISTINCT_ID_RANGE
    after = rest[number.end():]
    if not after.startswith(b"]"):
        return DISTINCT_RSQUARE
    after = after[1:].lstrip()
    if not after.startswith(b"<"):
        return DISTINCT_LESS
    return None if after.rstrip().endswith(b">") else DISTINCT_CLOSE


def _printed(text: str) -> str:
    """A type's text as MLIR prints it in a message: no blanks, but one after each comma."""
    return re.sub(r"\s+", "", text).replace(",", ", ")


def _pair(group: Node) -> list[Node] | None:
    """The scalars of a complex element `(re, im)` (each one element of the parser's storage)."""
    scalars = [c for c in group.named_children if not c.is_extra]
    return scalars if scalars and all(c.type in ("integer", "float", "boolean") for c in scalars) else None


def _elements_type(kind: Node, typed: Node) -> Problem | None:
    """parseElementsLiteralType: a shaped type of static shape, reported at the attribute's
    keyword."""
    if typed.type in _NOT_SHAPED:
        return kind, ELEMENTS_NOT_SHAPED, None
    match = _SHAPED.fullmatch(re.sub(r"\s+", "", (typed.text or b"").decode("utf-8", "replace")))
    if match is not None and typed.type in ("tensor_type", "vector_type") and \
            any(d in ("?", "*") for d in match.group(2).split("x")):
        return kind, ELEMENTS_NOT_STATIC, None
    return None


def check_dense_array(parameters: Node) -> Problem | None:
    """`array<i8: 1, 2>` (DenseArrayElementParser): each element a literal of the element type.
    Of an integer type: an integer within it (`true` / `false` only for i1 and only they), a
    value it cannot hold reported at the token after the literal, where MLIR's parser stands
    once it has read it. Of a float type: a float, or an integer as a float's bit pattern."""
    tokens = [c for c in parameters.children[1:] if not c.is_extra]    # up to the closing `>`
    items = [c for c in tokens if c.type not in (",", ">")]
    if not items:
        return None
    if items[0].type in TYPE_KINDS and items[0].type not in ("integer_type", "float_type", "index_type"):
        return items[0], ARRAY_ELEMENT_TYPE.format(_printed((items[0].text or b"").decode("utf-8", "replace"))), None
    element_type = (items[0].text or b"").decode("utf-8", "replace")
    kind = _integer_kind(element_type) if items[0].type == "integer_type" else None
    if kind is not None and kind[0] != 1 and kind[0] % 8:
        return items[0], ARRAY_ELEMENT_WIDTH, None
    if len(items) < 2 or items[1].type != ":":
        return None
    if kind is not None:
        return _integer_array_element(tokens[2:], kind)
    bits = _float_bits(element_type) if items[0].type == "float_type" else None
    return None if bits is None else _float_array_element(tokens[2:], bits)


def _integer_array_element(tokens: list[Node], kind: tuple[int, str]) -> Problem | None:
    """The first element of an integer `array<...>` MLIR's parser refuses (`tokens`: the
    elements, their commas and the closing `>`)."""
    width, sign = kind
    i1 = (width, sign) == (1, "")
    for at, token in enumerate(tokens):
        following = tokens[at + 1] if at + 1 < len(tokens) else token
        literal = _literal(token.text or b"") if token.type in _INTEGER_TOKENS else None
        if token.type == "boolean":
            if not i1:
                return token, ELEMENT_BOOL_NOT_I1, None
        elif literal is not None:
            if i1:
                return following, ARRAY_I1_NOT_BOOL, None
            if not _fits(-literal[2] if literal[0] else literal[2], width, sign):
                return following, ARRAY_OUT_OF_RANGE, None
        elif token.type not in (",", ">"):
            return token, ARRAY_EXPECTED_INTEGER, None
    return None


def _float_array_element(tokens: list[Node], bits: int) -> Problem | None:
    """The first element of a float `array<...>` MLIR's parser refuses."""
    for token in tokens:
        literal = _literal(token.text or b"") if token.type in _INTEGER_TOKENS else None
        if literal is not None:
            found = _float_from_integer(token, bits, *literal)
            if found is not None:
                return found
        elif token.type not in (",", ">", "float"):
            return token, EXPECTED_FLOAT_LITERAL, None
    return None


# The tokens an integer literal is read as: `0x10000` is read as a shape (`0` by `10000`)
# where the grammar cannot tell.
_INTEGER_TOKENS = frozenset({"integer", "shape"})


def check_dictionary_keys(dictionary: Node) -> Problem | None:
    """parseAttributeDict: each key once, and a quoted key not empty."""
    seen: set[bytes] = set()
    for entry in dictionary.named_children:
        name = entry.child_by_field_name("name") if entry.type == "attribute_entry" else None
        if name is None:
            continue
        key = (name.text or b"").strip(b'"') if name.type == "string" else (name.text or b"")
        if not key:
            return name, EMPTY_ATTRIBUTE_NAME, None
        if key in seen:
            return name, DUPLICATE_KEY.format(key.decode("utf-8", "replace")), None
        seen.add(key)
    return None


# A literal-first `dense<...>` body that is one flat list of decimal integers, as a minified
# constant of a million values is: read from its text in one pass rather than token by token.
_FLAT_INTEGERS = re.compile(rb"<\s*+\[\s*+(?:-?[0-9]++\s*+,\s*+)*+(?:-?[0-9]++\s*+)?\]\s*+>")
_INTEGER_LITERAL = re.compile(rb"-?[0-9]++")


def _flat_integers(parameters: Node) -> list[int] | None:
    """The values of a flat list of decimal integers (`<[1, -2, 3]>`), or None for any other body."""
    text = parameters.text or b""
    if not _FLAT_INTEGERS.fullmatch(text):
        return None
    return list(map(int, _INTEGER_LITERAL.findall(text)))


def _all_fit(values: list[int], width: int, sign: str) -> bool:
    """Whether every value is one of the integer type's: the least and the greatest decide."""
    return not values or (_fits(min(values), width, sign) and _fits(max(values), width, sign))


def check_typed_dense(node: Node) -> Problem | None:
    """`dense<...> : <type>` (a `typed_attribute` whose value is a `dense` attribute)."""
    value, typed = node.child_by_field_name("value"), node.child_by_field_name("type")
    return check_elements_value(value, typed) if value is not None and typed is not None else None


def check_elements_value(value: Node, typed: Node) -> Problem | None:
    """An elements attribute (`dense<...>`, `sparse<...>`) given the type `typed` (also where an
    op's format reads them: `arith.constant dense<[3]> : i32`). Of `sparse`, only its type is
    judged."""
    parameters = value.child_by_field_name("parameters")
    kind = value.child_by_field_name("kind")
    if kind is not None and kind.text == b"dense_resource":
        # (its type is any shaped type: the data is the resource's)
        return (typed, DENSE_RESOURCE_NOT_SHAPED, None) if typed.type in _NOT_SHAPED else None
    if parameters is None or kind is None or kind.text not in (b"dense", b"sparse") or parameters.has_error:
        return None
    if kind.text == b"sparse":
        return _elements_type(kind, typed) or _sparse_floats(parameters, typed)
    if check_dense_literal(parameters) is not None:
        return None     # the literal itself is broken: MLIR stops there (syntax.dense)
    named = parameters.named_children
    if named and named[0].type in ("tensor_type", "vector_type", "memref_type"):
        return None     # the type-first form: its elements are attributes of their own
    flat = _flat_integers(parameters)
    read = ((flat, [len(flat)], None, False) if flat is not None
            else _elements(parameters) if named else ([], [], None, False))
    if read is None:
        return None
    tokens, shape, inconsistent, paired = read
    if inconsistent is not None:
        return inconsistent, ELEMENTS_RANKS_INCONSISTENT, None
    problem = _elements_type(kind, typed)
    if problem is not None:
        return problem
    match = _SHAPED.fullmatch(re.sub(r"\s+", "", (typed.text or b"").decode("utf-8", "replace")))
    if match is None or typed.type not in ("tensor_type", "vector_type"):
        return None
    dims = [int(d.strip("[]")) for d in match.group(2).split("x") if d]
    element = top_level_parameters(match.group(3))[0].strip()
    if shape and shape != dims:
        return kind, ELEMENTS_SHAPE_MISMATCH.format(", ".join(map(str, shape)), ", ".join(map(str, dims))), None
    count = math.prod(dims)
    shown = _printed((typed.text or b"").decode("utf-8", "replace"))
    if not tokens and count:
        return kind, ELEMENTS_NONE_PARSED.format(shown), None
    complex_element = element.startswith("complex<")
    if complex_element and not shape and count and len(tokens) != 2:
        return kind, ELEMENTS_COMPLEX_COUNT.format(len(tokens), _printed(element), 2), None
    if complex_element and shape and len(tokens) != 2 * count:
        return kind, ELEMENTS_COMPLEX_COUNT.format(len(tokens), shown, 2 * count), None
    if not complex_element and paired:
        return None     # a pair for a scalar element: not judged here
    integer = _integer_kind(element)
    bits = _float_bits(element)
    if integer is None and bits is None:
        return None
    if flat is not None:
        unsigned_minus = integer is not None and integer[1] == "u" and b"-" in (parameters.text or b"")
        if integer is not None and not unsigned_minus and _all_fit(flat, *integer):
            return None
        tokens = _elements(parameters)[0]   # a mistake: which token makes it
    for token in tokens:
        text = token.text or b""
        if integer is not None:
            width, sign = integer
            literal = _literal(text) if token.type == "integer" else None
            if sign == "u" and text.startswith(b"-"):
                return token, ELEMENT_NEGATIVE_UNSIGNED, None
            if token.type == "float":
                return token, ELEMENT_FLOAT_FOR_INTEGER, None
            if token.type == "boolean":
                if (width, sign) != (1, ""):
                    return token, ELEMENT_BOOL_NOT_I1, None
                continue
            if literal is not None:
                negative, _hexadecimal, magnitude = literal
                if not _fits(-magnitude if negative else magnitude, width, sign):
                    return token, ELEMENT_OUT_OF_RANGE, None
        elif bits is not None:
            if token.type == "boolean":
                return token, EXPECTED_FLOAT_LITERAL, None
            literal = _literal(text) if token.type == "integer" else None
            if literal is not None:
                found = _float_from_integer(token, bits, *literal)
                if found is not None:
                    return found
    return None
