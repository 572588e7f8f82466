"""The builtin shaped and complex types, checked as MLIR's type parser builds them
(mlir/lib/AsmParser/TypeParser.cpp: parseTensorType, parseMemRefType, parseVectorType,
parseComplexType, parseDimensionListRanked; mlir/lib/IR/BuiltinTypes.cpp: the types' verify).

`tensor<tensor<i8>>` and `vector<0xi32>` are well-formed text, but MLIR refuses the type as it
reads it:
- a tensor's element type: not a tensor, memref, tuple, `none` or function type;
- a memref's: not a tensor, tuple, `none` or function type;
- a vector's: an integer, index or float type (a builtin type of another kind fails
  `VectorElementTypeInterface`); its sizes all positive;
- a complex type's: an integer or float type;
- a dimension no larger than a 64-bit signed integer;
- a memref's layout and memory space: a `strided<[...]>` layout with one stride per dimension,
  an `affine_map` layout with one input per dimension, at most one memory space, written last.

Each check returns the node MLIR points at and its message, or None. A type written through an
alias, an attribute alias among a memref's parameters, or a type of another dialect passes:
what it is cannot be told from the type's own text.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from ..diagnostics.mlir_messages import (
    COMPLEX_ELEMENT, DIMENSION_INVALID, STRIDED_OFFSET, STRIDED_OFFSET_COLON, STRIDED_OFFSET_VALUE, MEMREF_ELEMENT, MEMREF_LAYOUT_RANK, MEMREF_MEMORY_SPACE_LAST,
    MEMREF_MEMORY_SPACES, MEMREF_STRIDES_RANK, TENSOR_ELEMENT, VECTOR_ELEMENT_INTERFACE, VECTOR_SIZES,
)

Problem = tuple[Node, str]

_NOT_TENSOR_ELEMENTS = frozenset({"tensor_type", "memref_type", "tuple_type", "none_type", "function_type"})
_NOT_MEMREF_ELEMENTS = frozenset({"tensor_type", "tuple_type", "none_type", "function_type"})
_VECTOR_ELEMENTS = frozenset({"integer_type", "index_type", "float_type"})
_BUILTIN_TYPES = frozenset({"integer_type", "index_type", "float_type", "tensor_type", "memref_type", "vector_type",
                            "complex_type", "tuple_type", "none_type", "function_type"})
_COMPLEX_ELEMENTS = frozenset({"integer_type", "float_type"})
_DIMENSION = re.compile(rb"\[?\s*(-?[0-9]+|\?)\s*\]?")
_INT64_MAX = (1 << 63) - 1
_AFFINE_INPUTS = re.compile(rb"^\s*<\s*\(([^)]*)\)")


def check_builtin_type(node: Node) -> Problem | None:
    """A `tensor_type`, `memref_type`, `vector_type` or `complex_type` node's problem."""
    parts = [c for c in node.named_children if c.type != "comment"]
    element = next((c for c in parts if c.type not in ("dimension_list", "unranked_dimension")
                    and c.type != node.type.split("_")[0]), None)
    dimensions = next((c for c in parts if c.type == "dimension_list"), None)
    if node.type != "complex_type" and dimensions is not None:
        problem = _dimensions(dimensions, node)
        if problem is not None:
            return problem
    if element is None:
        return None
    if node.type == "tensor_type":
        return (element, TENSOR_ELEMENT) if element.type in _NOT_TENSOR_ELEMENTS else None
    if node.type == "memref_type":
        if element.type in _NOT_MEMREF_ELEMENTS:
            return element, MEMREF_ELEMENT
        return _memref_parameters(node, parts[parts.index(element) + 1:], dimensions)
    if node.type == "vector_type":
        return (node, VECTOR_ELEMENT_INTERFACE) if element.type in _BUILTIN_TYPES - _VECTOR_ELEMENTS else None
    if node.type == "complex_type":
        return (element, COMPLEX_ELEMENT) if element.type in _BUILTIN_TYPES - _COMPLEX_ELEMENTS else None
    return None


def _sizes(dimensions: Node) -> list[tuple[int, int | None]]:
    """Each dimension of `4x?x[8]x`: (its offset in the text, its size; None for `?`)."""
    text = dimensions.text or b""
    out = []
    for match in _DIMENSION.finditer(text):
        size = match.group(1)
        out.append((match.start(1), None if size == b"?" else int(size)))
    return out


def _dimensions(dimensions: Node, node: Node) -> Problem | None:
    sizes = _sizes(dimensions)
    for offset, size in sizes:
        if size is not None and size > _INT64_MAX:
            return dimensions, DIMENSION_INVALID
    if node.type == "vector_type" and any(size is not None and size <= 0 for _, size in sizes):
        return node, VECTOR_SIZES.format(", ".join(str(size) for _, size in sizes))
    return None


def _memref_parameters(node: Node, parameters: list[Node], dimensions: Node | None) -> Problem | None:
    """The layout and memory space after a memref's element type (parseMemRefType), then the
    layout against the rank (MemRefType::verify)."""
    rank = len(_sizes(dimensions)) if dimensions is not None else 0
    space_seen = False
    for parameter in parameters:
        # (MLIR's parser reports these where it stands after reading the parameter)
        kind = _parameter_kind(parameter)
        if kind == "layout" and space_seen:
            return _after(parameter), MEMREF_MEMORY_SPACE_LAST
        if kind == "space":
            if space_seen:
                return _after(parameter), MEMREF_MEMORY_SPACES
            space_seen = True
    if dimensions is None and not any(c.type == "unranked_dimension" for c in node.named_children):
        rank = 0
    elif dimensions is None:
        return None
    for parameter in parameters:
        if parameter.type != "builtin_attribute":
            continue
        kind = parameter.child_by_field_name("kind")
        values = parameter.child_by_field_name("parameters")
        if kind is None or values is None:
            continue
        if kind.text == b"strided":
            if values.has_error or strided_tail(values) is not None:
                return None     # (reported where the layout's own text goes wrong)
            strides = next((c for c in values.named_children if c.type == "parameter_list"), None)
            listed = (strides.text or b"").strip(b"[] \t\n") if strides is not None else b""
            if strides is not None and (len(listed.split(b",")) if listed else 0) != rank:
                return node, MEMREF_STRIDES_RANK
        elif kind.text == b"affine_map":
            inputs = _AFFINE_INPUTS.match(values.text or b"")
            if inputs is not None:
                count = len([d for d in inputs.group(1).split(b",") if d.strip()])
                if count != rank:
                    return node, MEMREF_LAYOUT_RANK.format(rank, count)
    return None


def _after(node: Node) -> Node:
    """The token after a node (the `,` or `>` that follows a memref's parameter)."""
    following = node.next_sibling
    return following if following is not None else node


def _parameter_kind(parameter: Node) -> str | None:
    """"layout" (an inline `strided<...>` or `affine_map<...>`), "space" (an integer or a
    `#gpu.address_space<...>`), or None (an alias, or what this reading does not tell)."""
    if parameter.type == "integer":
        return "space"
    text = parameter.text or b""
    if parameter.type == "builtin_attribute":
        kind = parameter.child_by_field_name("kind")
        return "layout" if kind is not None and kind.text in (b"strided", b"affine_map") else None
    if text.startswith(b"#gpu.address_space<"):
        return "space"
    return None


def strided_tail(parameters: Node) -> Problem | None:
    """What follows the stride list of `strided<[...], offset: N>` (parseStridedLayoutAttr):
    nothing, or `, offset : ` and an integer or `?` (each error where the parser stands)."""
    tokens = [c for c in parameters.children if c.type != "comment"]
    listed = next((i for i, c in enumerate(tokens) if c.type == "parameter_list"), None)
    if listed is None:
        return None
    rest = tokens[listed + 1:]
    if not rest or rest[0].type != ",":
        return None
    expected = ((lambda t: t.type == "keyword" and t.text == b"offset", STRIDED_OFFSET),
                (lambda t: t.type == ":", STRIDED_OFFSET_COLON),
                (lambda t: t.type in ("integer", "?"), STRIDED_OFFSET_VALUE))
    for i, (fits, message) in enumerate(expected, 1):
        token = rest[i] if i < len(rest) else None
        if token is None or not fits(token):
            return (token if token is not None else parameters), message
    return None
