"""The vector dialect's own verifiers and custom parsers (mlir/lib/Dialect/Vector/IR/VectorOps.cpp,
MLIR 22), as callables on the ops' records: positions of `vector.extract` / `insert`,
`vector.shuffle`'s mask, `vector.outerproduct`, the strided slices, the masks, `vector.shape_cast`
/ `bitcast`, the reductions and `vector.scan`, and the transfer ops with their permutation maps.

Each takes what the text says of one op (ir/ssa.OpSite) and returns None, a message that
verify/structure.py prefixes with `'<op>' op `, or a `Placed` message (its own words and place:
a custom parser's `custom op '<op>' ...`, an `emitError` without the op's name). A type written
through an alias, or an attribute the text does not spell out, is not judged.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from ..diagnostics import Span
from ..diagnostics.mlir_messages import CUSTOM_OP, OPERANDS_AND_TYPES, PARSED_TYPE_MUST_BE, VECTOR as M
from ..syntax.cst import TYPE_KINDS
from ..text.brackets import top_level_parameters
from .constraints import bit_width, facts, normalized_type, printed
from .memref_checks import _IDENTITY_MAP, _strided_layout
from .op_checks import Placed, _body, _memref_parts, _vector_dims, only_block, square_operand_list, unaliased

# A position the generic form writes as ShapedType::kDynamic (a value, not a constant).
_DYNAMIC = -9223372036854775808
# A position that is `poison` (vector::ExtractOp::kPoisonIndex).
_POISON = -1

Dims = list[tuple[int, bool]]


def _vector(text: str | None) -> tuple[Dims, str] | None:
    """A vector type's dimensions, each (size, scalable), and its element type's text."""
    return _vector_dims(text) if text is not None and text.replace(" ", "").startswith("vector<") else None


def _text(node: Any) -> str | None:
    return node.text.decode("utf-8", "replace") if node is not None and node.text else None


def _list(node: Any) -> list[int | None] | None:
    """The integers of `[0, %i, 2]`, `array<i64: 0, 1>` or `[0 : i64, 1 : i64]` (None for a value
    or a dynamic marker); None when the text is not such a list."""
    text = _text(node)
    if text is None:
        return None
    text = text.strip()
    match = re.match(r"^array<\s*i\d+\s*(?::(.*))?>$", text, re.S)
    if match:
        body = match.group(1) or ""
    elif text.startswith("[") and text.endswith("]"):
        body = text[1:-1]
    else:
        return None
    out: list[int | None] = []
    for item in top_level_parameters(body) if body.strip() else []:
        item = re.sub(r"\s*:\s*i\d+$", "", item.strip())
        if item.startswith("%"):
            out.append(None)
            continue
        try:
            value = int(item, 0)
        except ValueError:
            return None
        out.append(None if value == _DYNAMIC else value)
    return out


def _attribute(site: Any, name: str) -> Any:
    """An attribute's value node: as the op's format places it, or (an op whose custom parser
    has no format: the transfer ops, vector.outerproduct, vector.contract) as its dictionary
    writes it."""
    found = site.attribute(name)
    if found is not None or site.form is not None:
        return found
    for item in _body(site):
        if item.type != "attribute_dict":
            continue
        for entry in item.named_children:
            key = entry.child_by_field_name("name") if entry.type == "attribute_entry" else None
            if key is not None and (key.text or b"").decode("utf-8", "replace").strip('"') == name:
                return entry.child_by_field_name("value")
    return None


def _integer(node: Any) -> int | None:
    match = re.match(r"^\s*(-?[0-9]+)\s*(?::\s*i\d+)?\s*$", _text(node) or "")
    return int(match.group(1)) if match else None


def _elements(dims: Dims) -> int:
    count = 1
    for size, _ in dims:
        count *= size
    return count


# ------------------------------------------------------------------------------ extract / insert
def vector_extract(site: Any) -> str | Placed | None:
    """ExtractOp::verify: not a 0-d vector result, then the static positions against the
    source's rank and dimensions (a position may be poison, -1)."""
    result = _vector(site.result_type(0))
    if result is not None and not result[0]:
        return Placed(M["extract_0d"])
    source, positions = _vector(site.operand_type(0)), _list(site.attribute("static_position"))
    if source is None or positions is None:
        return None
    if len(positions) > len(source[0]):
        return M["extract_rank"]
    for index, position in enumerate(positions):
        if position is not None and position != _POISON and not 0 <= position < source[0][index][0]:
            return M["extract_position"].format(index + 1)
    return None


def vector_insert(site: Any) -> str | Placed | None:
    """InsertOp::verify: not a 0-d vector to store, then the positions against the
    destination's rank (with the stored vector's) and dimensions."""
    stored_text = site.operand_type(0)
    stored = _vector(stored_text)
    if stored is not None and not stored[0]:
        return Placed(M["insert_0d"])
    dest, positions = _vector(site.operand_type(1)), _list(site.attribute("static_position"))
    if dest is None or positions is None or stored_text is None:
        return None
    rank = len(dest[0])
    if len(positions) > rank:
        return M["insert_rank"]
    if stored is not None and len(stored[0]) + len(positions) != rank:
        return M["insert_rank_sum"]
    if stored is None and facts(stored_text) is not None and len(positions) != rank:
        return M["insert_rank_scalar"]
    for index, position in enumerate(positions):
        if position is not None and position != _POISON and not 0 <= position < dest[0][index][0]:
            return M["insert_position"].format(index + 1)
    return None


# ------------------------------------------------------------------------------ shuffle
def vector_shuffle(site: Any) -> str | None:
    """The element-type traits against the result MLIR infers from v1 (the custom form writes
    none), then ShuffleOp::verify: ranks, trailing dimensions, the mask's length and indices."""
    v1, v2 = _vector(site.operand_type(0)), _vector(site.operand_type(1))
    mask = _list(site.attribute("mask"))
    if v1 is None or v2 is None or mask is None or None in mask:
        return None
    result = _vector(site.result_type(0))
    if result is None:
        if site.result_type(0) is not None:
            return None
        result = ([(len(mask), False)] + v1[0][1:], v1[1])
        if v2[1] != result[1]:
            return M["shuffle_v2_element"]
    rank, rank1, rank2 = len(result[0]), len(v1[0]), len(v2[0])
    if not ((rank1 == 0 and rank2 == 0 and rank == 1) or (rank1 == rank and rank2 == rank)):
        return M["shuffle_rank"]
    for r in range(1, rank1):
        if not (result[0][r][0] == v1[0][r][0] == v2[0][r][0]):
            return M["shuffle_dimension"]
    if not mask:
        return M["shuffle_mask_length"]
    if len(mask) != result[0][0][0]:
        return M["shuffle_mask_mismatch"]
    size = (v1[0][0][0] if rank1 else 1) + (v2[0][0][0] if rank2 else 1)
    for index, position in enumerate(mask):
        if position != _POISON and not 0 <= position < size:
            return M["shuffle_mask_index"].format(index + 1)
    return None


# ------------------------------------------------------------------------------ outerproduct
def _operands_and_types(site: Any) -> tuple[int, list[Any]] | None:
    """A custom form `%a, %b, ... {attrs}? : T, U`: how many operands, and the type nodes."""
    items = _body(site)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    if colon is None:
        return None
    operands = sum(1 for item in items[:colon] if item.type == "value_use")
    types = [item for item in items[colon + 1:] if item.type in TYPE_KINDS]
    return operands, types


def _kind_attribute(site: Any, name: str = "kind") -> str | None:
    """`expected 'kind' attribute of type CombiningKind` when a kind is written that is not one."""
    text = _text(_attribute(site, name))
    if text is not None and not text.strip().startswith("#vector.kind<"):
        return M["combining_kind"]
    return None


def _outer_custom(site: Any) -> Placed | tuple | None:
    """OuterProductOp::parse: at least two operands, a vector first; the result it infers."""
    read = _operands_and_types(site)
    if read is None:
        return None
    operands, types = read
    if operands < 2:
        return Placed(CUSTOM_OP.format(site.name, M["outer_operands"]))
    if len(types) < 2:
        return None
    lhs_text, rhs_text = (normalized_type(_text(t) or "") for t in types[:2])
    lhs = _vector(lhs_text)
    if lhs is None:
        return Placed(CUSTOM_OP.format(site.name, M["outer_vector"])) if facts(lhs_text) is not None else None
    rhs = _vector(rhs_text)
    if not lhs[0] or (rhs is not None and not rhs[0]):
        return None
    return lhs, rhs_text, ([lhs[0][0], rhs[0][0]] if rhs is not None else [lhs[0][0]], lhs[1])


def vector_outerproduct_parse(site: Any) -> Placed | None:
    read = None if site.generic else _outer_custom(site)
    return read if isinstance(read, Placed) else None


def vector_outerproduct(site: Any) -> str | None:
    """OuterProductOp::verify: ranks, dimensions against the result (the one the custom parser
    infers), the accumulator's type, the kind."""
    if site.generic:
        lhs, rhs_text = _vector(site.operand_type(0)), site.operand_type(1)
        result = _vector(site.result_type(0))
        accumulator = site.operand_type(2) if site.operands > 2 else None
    else:
        read = _outer_custom(site)
        if read is None or isinstance(read, Placed):
            return None
        lhs, rhs_text, result = read
        accumulator = None    # the parser gives it the result's type
    if lhs is None or rhs_text is None or result is None:
        return None
    rhs = _vector(rhs_text)
    if len(lhs[0]) != 1:
        return M["outer_lhs_rank"]
    if rhs is not None:
        if len(rhs[0]) != 1:
            return M["outer_rhs_rank"]
        if len(result[0]) != 2:
            return M["outer_result_2d"]
        if lhs[0][0][0] != result[0][0][0]:
            return M["outer_dim"].format(1, 1)
        if rhs[0][0][0] != result[0][1][0]:
            return M["outer_dim"].format(2, 2)
        if lhs[0][0][1] and not rhs[0][0][1]:
            return M["outer_scalable"]
    else:
        if facts(rhs_text) is None:
            return None
        if len(result[0]) != 1:
            return M["outer_result_1d"]
        if lhs[0][0][0] != result[0][0][0]:
            return M["outer_dim"].format(1, 1)
    if accumulator is not None and site.result_type(0) is not None and accumulator != site.result_type(0):
        return M["outer_accumulator"]
    return _kind_attribute(site)


# ------------------------------------------------------------------------------ strided slices
def _confined(values: list[int], bounds: list[int], name: str, low: int = 0, closed: bool = False) -> str | None:
    """isIntegerArrayAttrConfinedToShape: each value within [low, bound) (or [low, bound])."""
    for index, (value, bound) in enumerate(zip(values, bounds)):
        top = bound + 1 if closed else bound
        if value < low or value >= top:
            return M["confined"].format(name, index, low, top)
    return None


def _strides_one(strides: list[int]) -> str | None:
    """isIntegerArrayAttrConfinedToRange(strides, 1, 1, closed): every stride is 1."""
    return M["strides"] if any(s != 1 for s in strides) else None


def vector_insert_strided_slice(site: Any) -> str | None:
    """InsertStridedSliceOp::verify."""
    source, dest = _vector(site.operand_type(0)), _vector(site.operand_type(1))
    offsets, strides = _list(site.attribute("offsets")), _list(site.attribute("strides"))
    if source is None or dest is None or offsets is None or strides is None or None in offsets + strides:
        return None
    shape, dest_shape = [d[0] for d in source[0]], [d[0] for d in dest[0]]
    if len(offsets) != len(dest_shape):
        return M["insert_slice_offsets"]
    if len(strides) != len(shape):
        return M["insert_slice_strides"]
    if len(shape) > len(dest_shape):
        return M["insert_slice_rank"]
    as_dest = [0] * (len(dest_shape) - len(shape)) + shape
    problem = _confined(offsets, dest_shape, "offsets") or _strides_one(strides)
    if problem is not None:
        return problem
    for index, (offset, size, bound) in enumerate(zip(offsets, as_dest, dest_shape)):
        if offset + size < 0 or offset + size >= bound + 1:
            return M["confined_sum"].format("offsets", "source vector shape", index, 1, bound + 1)
    lead = len(dest_shape) - len(shape)
    for index, (size, scalable) in enumerate(source[0]):
        dest_size, dest_scalable = dest[0][index + lead]
        if scalable != dest_scalable:
            return M["scalable_flags"].format(index)
        if scalable and size != dest_size:
            return M["scalable_size"].format(index, size, dest_size)
    return None


def vector_extract_strided_slice(site: Any) -> str | None:
    """ExtractStridedSliceOp::verify, with the result type it infers."""
    source_text = site.operand_type(0)
    source = _vector(source_text)
    lists = [_list(site.attribute(n)) for n in ("offsets", "sizes", "strides")]
    if source is None or any(v is None or None in v for v in lists):
        return None
    offsets, sizes, strides = lists
    shape = [d[0] for d in source[0]]
    if not len(offsets) == len(sizes) == len(strides):
        return M["extract_slice_sizes"]
    for values, name in zip(lists, ("offsets", "sizes", "strides")):
        if len(values) > len(shape):
            return M["slice_rank"].format(name)
    problem = _confined(offsets, shape, "offsets") or _confined(sizes, shape, "sizes", 1, True) \
        or _strides_one(strides)
    if problem is not None:
        return problem
    for index, (offset, size, bound) in enumerate(zip(offsets, sizes, shape)):
        if offset + size < 0 or offset + size >= bound + 1:
            return M["confined_sum"].format("offsets", "sizes", index, 1, bound + 1)
    dims = [(size, source[0][i][1]) for i, size in enumerate(sizes)] + source[0][len(sizes):]
    inferred = "vector<" + "".join(f"[{s}]x" if sc else f"{s}x" for s, sc in dims) + source[1] + ">"
    result = site.result_type(0)
    if result is not None and facts(result) is not None and result.replace(" ", "") != inferred:
        return M["slice_result"].format(inferred)
    for index, size in enumerate(sizes):
        if source[0][index][1] and source[0][index][0] != size:
            return M["scalable_size"].format(index, size, source[0][index][0])
    return None


# ------------------------------------------------------------------------------ masks
def vector_constant_mask(site: Any) -> str | Placed | None:
    """ConstantMaskOp::verify."""
    result, sizes = _vector(site.result_type(0)), _list(site.attribute("mask_dim_sizes"))
    if result is None or sizes is None or None in sizes:
        return None
    if not result[0]:
        if len(sizes) != 1:
            return Placed(M["mask_0d_length"])
        return Placed(M["mask_0d_size"]) if sizes[0] not in (0, 1) else None
    if len(sizes) != len(result[0]):
        return M["mask_rank"]
    for size, (bound, scalable) in zip(sizes, result[0]):
        if size < 0 or size > bound:
            return M["mask_bounds"]
        if scalable and size not in (0, bound):
            return M["mask_scalable"]
    if 0 in sizes and any(sizes):
        return M["mask_zeros"]
    return None


def vector_create_mask(site: Any) -> str | None:
    """CreateMaskOp::verify: one operand per dimension (one for a 0-d mask)."""
    result = _vector(site.result_type(0))
    if result is None:
        return None
    if not result[0]:
        return M["create_mask_0d"] if site.operands != 1 else None
    return M["create_mask"] if site.operands != len(result[0]) else None


# ------------------------------------------------------------------------------ casts
def vector_shape_cast(site: Any) -> str | None:
    """ShapeCastOp::verify: element type, element count, number of scalable dimensions."""
    source, result = _vector(site.operand_type(0)), _vector(site.result_type(0))
    if source is None or result is None:
        return None
    if source[1] != result[1]:
        return M["shape_cast_element"]
    a, b = _elements(source[0]), _elements(result[0])
    if a != b:
        return M["shape_cast_count"].format(a, b)
    a, b = sum(1 for _, s in source[0] if s), sum(1 for _, s in result[0] if s)
    return M["shape_cast_scalable"].format(a, b) if a != b else None


def vector_bitcast(site: Any) -> str | None:
    """BitCastOp::verify: the leading dimensions, then the minor dimension's bits."""
    source, result = _vector(site.operand_type(0)), _vector(site.result_type(0))
    if source is None or result is None or len(source[0]) != len(result[0]):
        return None
    for i in range(len(source[0]) - 1):
        if source[0][i][0] != result[0][i][0]:
            return M["bitcast_dimension"].format(i)
    a, b = facts(source[1]), facts(result[1])
    bits_a, bits_b = (bit_width(a) if a is not None else None), (bit_width(b) if b is not None else None)
    if bits_a is None or bits_b is None:
        return None
    if not source[0]:
        return M["bitcast_0d"] if bits_a != bits_b else None
    return M["bitcast_minor"] if bits_a * source[0][-1][0] != bits_b * result[0][-1][0] else None


# ------------------------------------------------------------------------------ reductions
_INTEGER_KINDS = frozenset({"minui", "minsi", "maxui", "maxsi", "and", "or", "xor"})
_FLOAT_KINDS = frozenset({"minnumf", "maxnumf", "minimumf", "maximumf"})


def _combining_kind(site: Any) -> str | None:
    match = re.search(r"<\s*(\w+)\s*>\s*$", _text(site.attribute("kind")) or "")
    return match.group(1) if match else None


def _supports(kind: str | None, element: str | None) -> bool | None:
    """isSupportedCombiningKind."""
    t = facts(element) if element is not None else None
    if kind is None or t is None:
        return None
    if kind in ("add", "mul"):
        return t.kind in ("integer", "index", "float")
    if kind in _INTEGER_KINDS:
        return t.kind in ("integer", "index")
    if kind in _FLOAT_KINDS:
        return t.kind == "float"
    return None


def vector_reduction(site: Any) -> str | None:
    """ReductionOp::verify: a 0-d or 1-d source, a kind the result's type supports."""
    source = _vector(site.operand_type(0))
    if source is None:
        return None
    if len(source[0]) > 1:
        return M["reduction_rank"].format(len(source[0]))
    kind, dest = _combining_kind(site), site.result_type(0)
    if _supports(kind, dest) is False:
        return M["reduction_type"].format(printed(dest), kind)
    return None


def vector_reduction_parse(site: Any) -> Placed | None:
    """ReductionOp's generated parser, `$kind , $vector (, $acc)? ... : ...`: the kind is
    `<` a case of its enum `>` (an enum attribute's own format), and no third operand stands
    where the colon belongs."""
    items = _body(site)
    if not items:
        return None
    kind = items[0]
    if kind.type in ("integer", "float", "string", "value_use"):
        # (emitWrongTokenError: right after the text before the token, here the op's name)
        return Placed(M["kind_less"], Span(site.name_span.end, site.name_span.end))
    words = [c for c in kind.named_children if c.type in ("keyword", "bare_id")] if kind.type == "angle_group" else []
    if len(words) == 1 and len(kind.named_children) == 1:
        from .mlir_ods import CONSTRAINTS   # mlir_ods builds the records these checks sit on
        attribute = next((a for a in site.record.attributes if a.name == "kind"), None)
        constraint = CONSTRAINTS.get(attribute.check, {}) if attribute is not None and attribute.check else {}
        cases, enum = constraint.get("cases") or [], constraint.get("cpp", "").strip().removesuffix("Attr")
        if cases and enum and _text(words[0]) not in cases:
            return Placed(CUSTOM_OP.format(site.name, M["kind_case"].format(enum, ", ".join(cases))),
                          Span(words[0].start_byte, words[0].end_byte))
    shape = [item.type for item in items[1:6]]
    if shape == [",", "value_use", ",", "value_use", ","]:
        return Placed(M["reduction_colon"], Span(items[5].start_byte, items[5].end_byte))
    return None


def vector_type_cast(site: Any) -> str | None:
    """TypeCastOp::verify's first rule: the operand's layout, canonicalized, is the identity (a
    `strided` layout or map of the contiguous strides and offset 0 is). A map or dynamic stride
    of a static shape is not; of a dynamic shape this reading does not tell."""
    text = site.operand_type(0)
    written = unaliased(site, text) if text is not None else None
    t = facts(written) if written is not None else None
    parts = _memref_parts(written) if t is not None and t.kind == "memref" and t.dims is not None else None
    if parts is None or None in t.dims:
        return None
    layout = re.sub(r"\s+", "", parts[2] or "")
    if not layout or _IDENTITY_MAP.fullmatch(layout):
        return None
    found = _strided_layout(written, t.dims)
    if found is None:
        return None
    contiguous, running = [], 1
    for d in reversed(t.dims):
        contiguous.insert(0, running)
        running *= d
    identity = found != "not strided" and found[1] == 0 and list(found[0]) == contiguous
    return None if identity else M["type_cast_layout"]


def vector_multi_reduction(site: Any) -> str | None:
    """MultiDimReductionOp::verify: the result is the source without the reduced dimensions."""
    source_text, dest = site.operand_type(0), site.result_type(0)
    source, dims = _vector(source_text), _list(site.attribute("reduction_dims"))
    if source is None or dest is None or dims is None or None in dims or facts(dest) is None:
        return None
    kept = [d for i, d in enumerate(source[0]) if i not in dims]
    inferred = source[1] if not kept else \
        "vector<" + "".join(f"[{s}]x" if sc else f"{s}x" for s, sc in kept) + source[1] + ">"
    if dest.replace(" ", "") != inferred:
        return M["multi_reduction"].format(printed(dest), printed(source_text))
    return None


def vector_scan(site: Any) -> str | None:
    """ScanOp::verify: the reduction dimension, the initial value's rank and shape, the kind."""
    source, initial = _vector(site.operand_type(0)), _vector(site.operand_type(1))
    dim = _integer(site.attribute("reduction_dim"))
    if source is None or initial is None or dim is None:
        return None
    rank = len(source[0])
    if dim >= rank:
        return M["scan_dim"].format(dim, rank)
    if len(initial[0]) != rank - 1:
        return M["scan_initial_rank"].format(len(initial[0]), rank - 1)
    if [d[0] for d in initial[0]] != [d[0] for i, d in enumerate(source[0]) if i != dim]:
        return M["scan_shapes"]
    kind = _combining_kind(site)
    if _supports(kind, source[1]) is False:
        return M["scan_type"].format(printed(source[1]), kind)
    return None


# ------------------------------------------------------------------------------ transfer ops
_MAP = re.compile(r"^affine_map<\s*\(([^()]*)\)\s*(?:\[([^\[\]]*)\])?\s*->\s*\((.*)\)\s*>$", re.S)


def _map_text(text: str) -> tuple[list[str], int, list[str]] | None:
    """An `affine_map<(d0, d1)[s0] -> (d1, 0)>`'s text: its dimension names, how many symbols,
    its result expressions' texts; None for what this reading cannot split."""
    match = _MAP.match(text.strip())
    if match is None:
        return None
    dims = [d.strip() for d in match.group(1).split(",") if d.strip()]
    symbols = [x.strip() for x in (match.group(2) or "").split(",") if x.strip()]
    results = [r.strip() for r in top_level_parameters(match.group(3))] if match.group(3).strip() else []
    return dims, len(symbols), results


def _permutation_problem(dims: list[str], results: list[str]) -> str | None:
    """verifyPermutationMap: each result a dimension or the constant 0, no dimension twice."""
    seen: set[str] = set()
    for result in results:
        if re.fullmatch(r"-?[0-9]+", result):
            if int(result) != 0:
                return M["projected"]
            continue
        if result not in dims:
            return M["projected"]
        if result in seen:
            return M["permutation"]
        seen.add(result)
    return None


_TRANSFER_ROLES = {"vector.transfer_read": ("base", "vector"), "vector.transfer_write": ("vector", "base")}


def _read_transfer(site: Any) -> Placed | tuple | None:
    """A transfer op's custom form as TransferReadOp::parse / TransferWriteOp::parse read it:
    what they refuse (two types, a memref or ranked tensor and a vector, a permutation map when
    the ranks differ, a mask of a vector-element source or of another rank than the map's
    results), else what the verifier needs; None when the text does not say."""
    if site.generic:
        return None
    items = _body(site)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    if colon is None:
        return None
    where = Span(items[colon].start_byte, items[colon].start_byte + 1)
    types = [item for item in items[colon + 1:] if item.type in TYPE_KINDS]
    if len(types) != 2:
        return Placed(CUSTOM_OP.format(site.name, M["two_types"]), where)
    texts = [normalized_type(_text(t) or "") for t in types]
    first, second = (facts(t) if t is not None else None for t in texts)
    if first is None or second is None:
        return None
    shaped_text, vector_text = texts if site.name == "vector.transfer_read" else (texts[1], texts[0])
    shaped, vector = facts(shaped_text), facts(vector_text)
    if site.name == "vector.transfer_read":
        if shaped.kind not in ("memref", "tensor") or shaped.dims is None:
            return Placed(CUSTOM_OP.format(site.name, M["memref_or_tensor"]), where)
        if vector.kind != "vector":
            return Placed(CUSTOM_OP.format(site.name, M["vector_type"]), where)
    else:
        if vector.kind != "vector":
            return Placed(CUSTOM_OP.format(site.name, M["vector_type"]), where)
        if shaped.kind not in ("memref", "tensor") or shaped.dims is None:
            return Placed(CUSTOM_OP.format(site.name, M["memref_or_tensor"]), where)
    vec = _vector(vector_text)
    if vec is None or shaped.element is None:
        return None
    element_vector = _vector(shaped.element.text)
    written_map = _attribute(site, "permutation_map")
    rank = len(shaped.dims)
    if written_map is None:
        effective = len(vec[0]) - (len(element_vector[0]) if element_vector is not None else 0)
        if rank < effective:
            return Placed(CUSTOM_OP.format(site.name, M["custom_map"]), where)
        dims = [f"d{i}" for i in range(rank)]
        perm: tuple[list[str], int, list[str]] | None = (dims, 0, dims[rank - max(effective, 0):] if effective else [])
    else:
        # (a map written through an alias is read through it, as MLIR's parser does)
        perm = _map_text(unaliased(site, _text(written_map) or "") or "")
    if perm is None:
        return None
    dims, symbols, results = perm
    uses = [item for item in items[:colon] if item.type == "value_use"]
    brackets = next((item for item in items if item.type == "bracket_group"), None)
    indices = len([c for c in brackets.named_children if c.type == "value_use"]) if brackets is not None else None
    mask = uses[2] if len(uses) > 2 else None     # read: base, padding, mask; write: vector, base, mask
    if mask is not None:
        # Both parsers refuse a mask of a vector-element source, and check its rank, before
        # anything is verified.
        if element_vector is not None:
            return Placed(CUSTOM_OP.format(site.name, M["vector_mask"]), Span(mask.start_byte, mask.end_byte))
        if len(vec[0]) != len(results):
            return Placed(CUSTOM_OP.format(site.name, M["transfer_mask_rank"]), where)
    return shaped, vec, element_vector, dims, symbols, results, indices, rank


def vector_transfer_parse(site: Any) -> Placed | None:
    """TransferReadOp / TransferWriteOp::parse: the indices (an operand list in square
    brackets) before anything else, then `_read_transfer`."""
    listed = square_operand_list(site)
    if listed is not None:
        return listed
    read = _read_transfer(site)
    return read if isinstance(read, Placed) else None


def vector_transfer(site: Any) -> str | None:
    """TransferReadOp / TransferWriteOp::verify: one index per dimension, (write) no broadcast
    dimension, then verifyTransferOp (element bit widths, the permutation map's ranks, symbols
    and form, the in_bounds attribute's length) and verifyPermutationMap."""
    read = _read_transfer(site)
    if read is None or isinstance(read, Placed):
        return None
    shaped, vec, element_vector, dims, symbols, results, indices, rank = read
    if indices is not None and indices != rank:
        return M["indices"].format(rank)
    if site.name == "vector.transfer_write" and any(re.fullmatch(r"0", r) for r in results):
        return M["broadcast"]
    # verifyTransferOp
    if element_vector is not None:
        a, b = facts(element_vector[1]), facts(vec[1])
        bits_a = bit_width(a) if a is not None else None
        bits_b = bit_width(b) if b is not None else None
        if bits_a is not None and bits_b is not None and element_vector[0] and vec[0] \
                and (bits_b * vec[0][-1][0]) % (bits_a * element_vector[0][-1][0]) != 0:
            return M["bitwidth_vector"]
        if len(element_vector[0]) > len(vec[0]):
            return M["element_rank"]
        if len(results) != len(vec[0]) - len(element_vector[0]):
            return M["map_results"]
    else:
        a, b = shaped.element, facts(vec[1])
        bits_a = bit_width(a) if a is not None else None
        bits_b = bit_width(b) if b is not None else None
        minor = vec[0][-1][0] if vec[0] else 1
        if bits_a and bits_b is not None and (bits_b * minor) % bits_a != 0:
            return M["bitwidth_element"]
        if len(results) != len(vec[0]):
            return M["map_results"]
    if symbols:
        return M["map_symbols"]
    if len(dims) != rank:
        return M["map_inputs"]
    in_bounds = _attribute(site, "in_bounds")
    if in_bounds is not None:
        written = _text(in_bounds)
        flags = [f for f in written.strip().strip("[]").split(",") if f.strip()] if written else None
        if flags is not None and len(flags) != len(results):
            shown = "affine_map<(" + ", ".join(f"d{i}" for i in range(len(dims))) + ") -> (" + \
                ", ".join(_renamed(r, dims) for r in results) + ")>"
            return M["in_bounds"].format(shown, len(flags))
    return _permutation_problem(dims, results)


def _renamed(expression: str, dims: list[str]) -> str:
    """A result expression with the map's own dimension names as MLIR prints them (d0, d1, ...)."""
    names = {name: f"d{i}" for i, name in enumerate(dims)}
    return re.sub(r"[A-Za-z_][\w$.]*", lambda m: names.get(m.group(0), m.group(0)), expression)


# ------------------------------------------------------------------------------ contract
def _dictionary(text: str) -> dict[str, str] | None:
    """The entries of a `{name = value, ...}` dictionary's text (a unit attribute's value is
    empty); None when the text is no dictionary."""
    text = text.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return None
    out: dict[str, str] = {}
    body = text[1:-1]
    for entry in top_level_parameters(body) if body.strip() else []:
        name, _, value = entry.partition("=")
        out[name.strip().strip('"')] = value.strip()
    return out


def _read_contract(site: Any) -> Placed | tuple | None:
    """ContractionOp::parse's reading of `{traits} %lhs, %rhs, %acc(, %masks)? {attrs}? :
    L, R into T`: what it refuses (no iterator_types array, an iterator type it does not know,
    one mask), else the traits and the three types; None when the text does not say."""
    items = _body(site)
    if not items or items[0].type not in ("attribute_dict", "attribute_alias", "region"):
        return None
    if items[0].type == "region" and re.sub(r"\s", "", _text(items[0]) or "") != "{}":
        return None     # (an empty dictionary reads as an empty region)
    traits_text = unaliased(site, _text(items[0]) or "")
    traits = _dictionary(traits_text) if traits_text is not None else None
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    if traits is None or colon is None:
        return None
    for item in items[1:colon]:
        if item.type == "attribute_dict":
            more = unaliased(site, _text(item) or "")
            extra = _dictionary(more) if more is not None else None
            if extra is None:
                return None
            traits.update(extra)
    where = Span(items[0].start_byte, items[0].start_byte + 1)
    iterators_text = traits.get("iterator_types")
    if iterators_text is None or not iterators_text.startswith("["):
        return Placed(CUSTOM_OP.format(site.name, M["contract_iterators"]), where)
    iterators = []
    for entry in top_level_parameters(iterators_text[1:-1]) if iterators_text[1:-1].strip() else []:
        match = re.fullmatch(r'"(\w*)"|#vector\.iterator_type<\s*(\w+)\s*>', entry)
        if match is None:
            return None
        kind = match.group(1) if match.group(1) is not None else match.group(2)
        if kind not in ("parallel", "reduction"):
            return Placed(CUSTOM_OP.format(site.name, M["contract_iterator"].format(kind)), where)
        iterators.append(kind)
    operands = sum(1 for item in items[1:colon] if item.type == "value_use")
    if operands > 3 and operands != 5:
        return Placed(CUSTOM_OP.format(site.name, M["contract_masks"]))
    types = [item for item in items[colon + 1:] if item.type in TYPE_KINDS]
    if len(types) != 3:
        return None
    return traits, iterators, [normalized_type(_text(t) or "") for t in types]


def vector_contract_parse(site: Any) -> Placed | None:
    read = None if site.generic else _read_contract(site)
    return read if isinstance(read, Placed) else None


def _dim_map(iterators: list[str], wanted: str, lhs: list[str], rhs: list[str],
             dims: list[str]) -> list[tuple[int, int]]:
    """getDimMap: for each iterator of the wanted type the pair of its positions in the lhs and
    rhs maps' results, when both have it."""
    out = []
    for index, kind in enumerate(iterators):
        if kind != wanted or index >= len(dims):
            continue
        name = dims[index]
        if name in lhs and name in rhs:
            out.append((lhs.index(name), rhs.index(name)))
    return out


def vector_contract(site: Any) -> str | None:
    """ContractionOp::verify: signless integers, one indexing map per vector operand (no
    symbols, one input per iterator, one output per dimension, a projected permutation), the
    contracting and batch dimension maps, the accumulator's and result's shape
    (verifyOutputShape), the combining kind."""
    read = None if site.generic else _read_contract(site)
    if read is None or isinstance(read, Placed):
        return None
    traits, iterators, texts = read
    if None in texts:
        return None
    lhs, rhs = _vector(texts[0]), _vector(texts[1])
    if lhs is None or rhs is None:
        return None
    element = facts(lhs[1])
    if element is None:
        return None
    if element.kind == "integer" and re.match(r"[su]i", lhs[1]):
        return M["contract_signless"]
    maps_text = traits.get("indexing_maps", "")
    if not (maps_text.startswith("[") and maps_text.endswith("]")):
        return None
    maps = [_map_text(m) for m in top_level_parameters(maps_text[1:-1])] if maps_text[1:-1].strip() else []
    if None in maps:
        return None
    if len(maps) != 3:
        return M["contract_maps"]
    ranks = [len(lhs[0]), len(rhs[0])]
    acc = _vector(texts[2])
    ranks.append(len(acc[0]) if acc is not None else 0)
    for index, (dims, symbols, results) in enumerate(maps):
        if symbols:
            return M["contract_symbols"].format(index)
        if len(dims) != len(iterators):
            return M["contract_inputs"].format(index, len(iterators))
        if len(results) != ranks[index]:
            return M["contract_outputs"].format(index, ranks[index])
        if any(r not in dims for r in results) or len(set(results)) != len(results):
            return M["contract_projected"].format(index)
    (dims, _, lhs_map), (rhs_dims, _, rhs_map), (res_dims, _, res_map) = maps
    # Each map names its dimensions its own way: compare them by position.
    rhs_map = [dims[rhs_dims.index(r)] for r in rhs_map]
    res_map = [dims[res_dims.index(r)] for r in res_map]
    contracting = _dim_map(iterators, "reduction", lhs_map, rhs_map, dims)
    batch = _dim_map(iterators, "parallel", lhs_map, rhs_map, dims)
    if not contracting:
        return M["contract_pair"]
    for pairs, message in ((contracting, "contract_contracting"), (batch, "contract_batch")):
        if any(lhs[0][a][0] != rhs[0][b][0] for a, b in pairs):
            return M[message]
    # verifyOutputShape
    lhs_contracting = {a for a, _ in contracting}
    rhs_skipped = {b for _, b in contracting} | {b for _, b in batch}
    expected_dims = [d for i, d in enumerate(lhs[0]) if i not in lhs_contracting] + \
        [d for i, d in enumerate(rhs[0]) if i not in rhs_skipped]
    if not expected_dims:
        if acc is not None:
            return M["contract_shape"]
    else:
        if acc is None:
            return M["contract_shape"]
        if any(d not in lhs_map and d not in rhs_map for d in dims):
            return M["contract_unused"]
        extents: dict[str, int] = {}
        for shape, names in ((lhs[0], lhs_map), (rhs[0], rhs_map)):
            for (size, _), name in zip(shape, names):
                extents.setdefault(name, size)
        shape = [extents[name] for name in res_map]
        expected = "vector<" + "".join(f"[{size}]x" if scalable else f"{size}x"
                                       for size, (_, scalable) in zip(shape, acc[0])) + acc[1] + ">"
        if [size for size, _ in acc[0]] != shape:
            return M["contract_expected"].format(expected)
    kind = traits.get("kind")
    if kind is not None:
        match = re.fullmatch(r"#vector\.kind<\s*(\w+)\s*>", kind)
        if match is None:
            return M["combining_kind"]
        if _supports(match.group(1), acc[1] if acc is not None else texts[2]) is False:
            return M["contract_type"]
    return None


# What the custom parsers refuse before anything is verified (OpDef.parse).
# ------------------------------------------------------------------------------ mask
def _mask_header(site: Any) -> tuple[bool, str | None, list[str | None]] | None:
    """A vector.mask custom form's `%mask(, %passthru)? {...} : T (-> R)?`: whether a
    pass-through is written, the mask's type and the result types."""
    items = _body(site)
    region = next((i for i, item in enumerate(items) if item.type == "region"), None)
    if region is None:
        return None
    passthru = sum(1 for item in items[:region] if item.type == "value_use") == 2
    rest = items[region + 1:]
    if len(rest) < 2 or rest[0].type != ":" or rest[1].type not in TYPE_KINDS:
        return None
    mask = normalized_type(_text(rest[1]) or "")
    if len(rest) == 2:
        return passthru, mask, []
    if len(rest) != 4 or rest[2].type != "->":
        return None
    after = rest[3]
    kinds = [c for c in after.named_children if c.type != "comment"] if after.type == "paren_group" else [after]
    if not all(k.type in TYPE_KINDS for k in kinds):
        return None
    return passthru, mask, [normalized_type(_text(k) or "") for k in kinds]


def vector_mask_parse(site: Any) -> Placed | None:
    """MaskOp::parse: a pass-through takes the type of the first result, so one must be written."""
    header = _mask_header(site)
    if header is not None and header[0] and not header[2]:
        return Placed(CUSTOM_OP.format(site.name, M["mask_passthru_result"]))
    return None


def _expected_mask(op: Any) -> str | None:
    """The mask a maskable op expects (its getExpectedMaskType), for the ops modelled here:
    vector.reduction's, an i1 vector of its source's shape."""
    if op.name == "vector.reduction":
        source = _vector(op.operand_type(0))
        if source is None:
            return None
        dims = "".join(f"[{size}]x" if scalable else f"{size}x" for size, scalable in source[0])
        return f"vector<{dims}i1>"
    return None


def _value_names(op: Any) -> list[str]:
    """The values an op's text names, each as `%name#N` (`%a, %b:2 = ...`)."""
    names: list[str] = []
    results = op.child_by_field_name("results")
    for result in results.named_children if results is not None else ():
        value, count = result.child_by_field_name("value"), result.child_by_field_name("count")
        if value is None:
            continue
        n = int(count.text) if count is not None and (count.text or b"").isdigit() else 1
        names.extend(f"{_text(value)}#{i}" for i in range(n))
    return names


def _yielded(op: Any) -> list[str]:
    """The values a custom terminator's body uses before its colon, each as `%name#N`."""
    body = op.child_by_field_name("body")
    out: list[str] = []
    for item in body.children if body is not None else ():
        if item.type == ":":
            break
        if item.type == "value_use":
            text = _text(item) or ""
            out.append(text if "#" in text else text + "#0")
    return out


def vector_mask(site: Any) -> str | None:
    """MaskOp::verify on what its parser builds (MaskOp::ensureTerminator: a lone op gets a
    vector.yield of its results, any other block without one an empty vector.yield): one op to
    mask, a terminator yielding the op's results, the op maskable, its results the mask's, and
    the mask it expects. Where the masked op stands before an explicit vector.yield it is not
    read here, and only the checks on the terminator are made."""
    header = _mask_header(site)
    one, block = only_block(site)
    if header is None or not one:
        return None
    _, mask, results = header
    last = block.terminator if block is not None else None
    explicit = last is not None and last.name == "vector.yield"
    written = block.ops if block is not None else 0
    ops = written if explicit else written + 1      # the vector.yield the parser adds
    if ops > 2:
        return M["mask_one_op"]
    if explicit:
        if last.operands != len(results):
            return M["mask_yield_count"]
        masked = next(site.nested(), None) if written == 2 else None
        if masked is None or masked.record is None or masked.node is None or last.node is None:
            return None
        if "MaskableOpInterface" not in masked.record.interfaces:
            return M["mask_maskable"]
        if masked.defined_results != len(results):
            return M["mask_result_count"]
        return M["mask_yield_values"] if _value_names(masked.node) != _yielded(last.node) else None
    if last is None:
        return M["mask_yield_count"] if results else None
    record = last.record
    form = last.form
    if record is None or form is None or form.results is None or None in form.results:
        return None
    if len(form.results) != len(results):
        return M["mask_yield_count"]     # the added vector.yield yields the op's results
    if "MaskableOpInterface" not in record.interfaces:
        return M["mask_maskable"]
    if any(got is not None and got != want for got, want in zip(results, form.results)):
        return M["mask_result_type"]
    expected = _expected_mask(last)
    if expected is not None and mask is not None and facts(mask) is not None and mask != expected:
        return M["mask_type"].format(printed(expected))
    return None


def vector_from_elements_parse(site: Any) -> Placed | None:
    """The generated parser resolves one element per operand, of the element type, as many as
    the static vector has (ShapedTypeMatchesElementCountAndTypes); it derives them from `dest`'s
    type, which it checks against its constraint first, naming the value (at the op's name)."""
    read = None if site.generic else _operands_and_types(site)
    if read is None or len(read[1]) != 1:
        return None
    operands, (dest,) = read
    vector = _vector(normalized_type(_text(dest) or ""))
    if vector is None:
        return None
    if any(scalable for _, scalable in vector[0]):
        from .mlir_ods import CONSTRAINTS   # mlir_ods builds the records these checks sit on
        group = site.record.results[0]
        summary = (CONSTRAINTS.get(group.check) or {}).get("summary") if group.check else None
        return Placed(PARSED_TYPE_MUST_BE.format(site.name, group.name, summary, printed(_text(dest) or ""))) \
            if summary else None
    count = _elements(vector[0])
    if operands != count:
        first = next((item for item in _body(site) if item.type == "value_use"), dest)     # where the list starts
        return Placed(CUSTOM_OP.format(site.name, OPERANDS_AND_TYPES.format(operands, count)),
                      Span(first.start_byte, first.end_byte))
    return None


PARSERS: dict[str, Callable[[Any], Any]] = {
    "vector.from_elements": vector_from_elements_parse,
    "vector.reduction": vector_reduction_parse,
    "vector.outerproduct": vector_outerproduct_parse,
    "vector.transfer_read": vector_transfer_parse,
    "vector.transfer_write": vector_transfer_parse,
    "vector.mask": vector_mask_parse,
    "vector.contract": vector_contract_parse,
}

CHECKS: dict[str, Callable[[Any], Any]] = {
    "vector.mask": vector_mask,
    "vector.type_cast": vector_type_cast,
    "vector.contract": vector_contract,
    "vector.extract": vector_extract,
    "vector.insert": vector_insert,
    "vector.shuffle": vector_shuffle,
    "vector.outerproduct": vector_outerproduct,
    "vector.insert_strided_slice": vector_insert_strided_slice,
    "vector.extract_strided_slice": vector_extract_strided_slice,
    "vector.constant_mask": vector_constant_mask,
    "vector.create_mask": vector_create_mask,
    "vector.shape_cast": vector_shape_cast,
    "vector.bitcast": vector_bitcast,
    "vector.reduction": vector_reduction,
    "vector.multi_reduction": vector_multi_reduction,
    "vector.scan": vector_scan,
    "vector.transfer_read": vector_transfer,
    "vector.transfer_write": vector_transfer,
}
