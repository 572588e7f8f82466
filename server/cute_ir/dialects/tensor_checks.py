"""The tensor dialect's own verifiers (mlir/lib/Dialect/Tensor/IR/TensorOps.cpp, MLIR 22), as
callables on the ops' records: `tensor.extract` / `tensor.insert`'s one index per dimension,
`tensor.empty`'s one size operand per dynamic dimension, and `tensor.cast`'s compatibility
(CastOp::areCastCompatible: the same element type, and shapes that agree where both are
static; an unranked tensor is compatible with any), and `tensor.extract_slice` /
`tensor.insert_slice`'s offset, size and stride lists (verifyOffsetSizeAndStrideOp), the slice's
type against the one its sizes infer (isRankReducedType) and the slice within the static bounds
(verifyInBoundsSlice); `tensor.reshape`'s and `tensor.expand_shape` / `collapse_shape`'s
verifiers, and `tensor.pad`'s result type against the one its padding infers.

Each takes what the text says of one op (ir/ssa.OpSite) and returns None or a message that
verify/structure.py prefixes with `'<op>' op `; what the text does not say passes.
"""
from __future__ import annotations

from math import prod
from typing import Any, Callable

from ..diagnostics.mlir_messages import CAST_INCOMPATIBLE, TENSOR as M
from .constraints import compatible_shapes, facts, printed
from .memref_checks import _offsets_sizes_strides, _rank_reduction, _reassociation, _static_list, in_bounds_slice
from .op_checks import Placed


def _ranked(text: str | None) -> tuple | None:
    """The dimensions of a ranked tensor type (None for a dynamic one), None for any other."""
    t = facts(text) if text is not None else None
    return t.dims if t is not None and t.kind == "tensor" else None


def tensor_extract(site: Any) -> str | None:
    """ExtractOp::verify: one index per dimension of the source."""
    dims = _ranked(site.operand_type(0))
    return M["extract_indices"] if dims is not None and site.operands - 1 != len(dims) else None


def tensor_insert(site: Any) -> str | None:
    """InsertOp::verify: one index per dimension of the destination."""
    dims = _ranked(site.operand_type(1))
    return M["insert_indices"] if dims is not None and site.operands - 2 != len(dims) else None


def tensor_empty(site: Any) -> str | None:
    """EmptyOp::verify: one size operand per dynamic dimension of the result."""
    dims = _ranked(site.result_type(0))
    if dims is None:
        return None
    dynamic = sum(1 for d in dims if d is None)
    return M["empty_sizes"].format(site.operands, dynamic) if site.operands != dynamic else None


def tensor_cast(site: Any) -> str | None:
    """CastOp::areCastCompatible: element types equal, shapes compatible."""
    source, result = site.operand_type(0), site.result_type(0)
    a, b = (facts(t) if t is not None else None for t in (source, result))
    if a is None or b is None or a.kind != "tensor" or b.kind != "tensor" or a.element is None or b.element is None:
        return None
    compatible = a.element.text == b.element.text and compatible_shapes([source, result]) is not False
    return None if compatible else CAST_INCOMPATIBLE.format(printed(source), printed(result))


def _slice(site: Any, whole: str | None, part: str | None) -> Placed | None:
    """A slice `part` of the ranked tensor `whole` (extract_slice's source and result,
    insert_slice's destination and source): the lists against the rank, `part` against the type
    the sizes infer (ExtractSliceOp::inferResultType: the sizes, `?` for a dynamic one, and the
    element type), then the bounds. An encoding is not judged."""
    a, b = (facts(t) if t is not None else None for t in (whole, part))
    if a is None or b is None or a.kind != "tensor" or b.kind != "tensor" or a.dims is None or b.dims is None \
            or a.element is None or b.element is None or "," in (whole or "").rsplit(">", 1)[0].split("<", 1)[-1]:
        return None
    rank = len(a.dims)
    problem = _offsets_sizes_strides(site, (rank, rank, rank))
    if problem is not None:
        return problem
    offsets, sizes, strides = (_static_list(site.attribute(f"static_{n}")) for n in ("offsets", "sizes", "strides"))
    if offsets is None or sizes is None or strides is None:
        return None
    if len(b.dims) > len(sizes):
        return Placed(M["slice_rank"])
    if _rank_reduction(sizes, list(b.dims)) is None:
        expected = "tensor<" + "".join(f"{'?' if d is None else d}x" for d in sizes) + a.element.text + ">"
        return Placed(M["slice_sizes"].format(expected))
    if a.element.text != b.element.text:
        return Placed(M["slice_element"].format(printed(a.element.text)))
    return in_bounds_slice(a.dims, offsets, sizes, strides)


def tensor_extract_slice(site: Any) -> Placed | None:
    """ExtractSliceOp::verify."""
    return _slice(site, site.operand_type(0), site.result_type(0))


def tensor_insert_slice(site: Any) -> Placed | None:
    """InsertSliceOp::verify (verifyInsertSliceOp: the source against the destination's slice)."""
    return _slice(site, site.operand_type(1), site.operand_type(0))


def _static(dims: tuple) -> bool:
    return all(d is not None for d in dims)


def tensor_reshape(site: Any) -> str | None:
    """ReshapeOp::verify: the element types, the element counts of two static shapes, and the
    shape operand's static length against a ranked result's rank."""
    a, b, shape = (facts(t) if t is not None else None
                   for t in (site.operand_type(0), site.result_type(0), site.operand_type(1)))
    if a is None or b is None or shape is None or a.element is None or b.element is None \
            or a.kind != "tensor" or b.kind != "tensor" or shape.kind != "tensor" or not shape.dims:
        return None
    if a.element.text != b.element.text:
        return M["reshape_element"]
    if b.dims is None:
        return None
    if a.dims is not None and _static(a.dims) and _static(b.dims):
        if prod(a.dims) != prod(b.dims):
            return M["reshape_elements"]
    if shape.dims[0] is None:
        return M["reshape_dynamic_shape"]
    return M["reshape_rank"] if shape.dims[0] != len(b.dims) else None


def tensor_expand_collapse(site: Any) -> str | None:
    """ExpandShapeOp / CollapseShapeOp::verify: (expand_shape) the static output shape's length,
    then verifyReshapeLikeTypes (the ranks, one reassociation map per collapsed dimension, each
    map as wide as the expanded rank and contiguous), reshapeLikeShapesAreCompatible (each
    collapsed dimension dynamic where its group is, else the group's product) and the collapsed
    type against the one the expanded type infers (its element type). Between the two, one
    `output_shape` value per dynamic entry of the static output shape."""
    source, result = site.operand_type(0), site.result_type(0)
    a, b = (facts(t) if t is not None else None for t in (source, result))
    groups = _reassociation(site.attribute("reassociation"))
    if a is None or b is None or a.kind != "tensor" or b.kind != "tensor" or a.dims is None or b.dims is None \
            or a.element is None or b.element is None or groups is None:
        return None
    expanding = site.name == "tensor.expand_shape"
    if expanding:
        shape = _static_list(site.attribute("static_output_shape"))
        if shape is not None and len(shape) != len(b.dims):
            return M["output_rank"].format(len(b.dims), len(shape))
        # one `output_shape` value per dynamic entry of the static list (the generic form
        # writes the two apart; the custom form's one list makes them agree)
        sizes = dict(zip((g.name for g in site.record.operands), site.operand_sizes() or ()))
        if shape is not None and "output_shape" in sizes and sizes["output_shape"] != shape.count(None):
            return M["output_dynamic"].format(shape.count(None), sizes["output_shape"])
    (expanded, wide), (collapsed, narrow) = ((b, result), (a, source)) if expanding else ((a, source), (b, result))
    if len(expanded.dims) < len(collapsed.dims):
        return M["ranks"].format(printed(wide), printed(narrow))
    if len(collapsed.dims) != len(groups):
        return M["maps"].format(len(collapsed.dims), len(groups))
    width = max((i for g in groups for i in g), default=-1) + 1
    if groups and width != len(expanded.dims):     # (every map is as wide as the widest index)
        return M["map_size"].format(0, len(expanded.dims), width)
    following = 0
    for index, group in enumerate(groups):
        if not group or group != list(range(following, following + len(group))):
            return M["contiguous"].format(index)
        following += len(group)
    inferred = []
    for index, group in enumerate(groups):
        dims = [expanded.dims[i] for i in group]
        if None in dims:
            if collapsed.dims[index] is not None:
                return M["dynamic"].format(index)
            inferred.append(None)
            continue
        product = prod(dims)
        if collapsed.dims[index] != product:
            return M["static"].format(index, product)
        inferred.append(product)
    if expanded.element.text != collapsed.element.text:
        want = "tensor<" + "".join(f"{'?' if d is None else d}x" for d in inferred) + expanded.element.text + ">"
        return M["collapsed"].format(printed(want), printed(narrow))
    return None


def tensor_pad(site: Any) -> Placed | None:
    """PadOp::verify: the result type against the one inferResultType gives (each dimension the
    source's plus its static low and high padding, dynamic where any of the three is; no type
    without a low and a high entry per dimension), unprefixed as it emits them. The region's
    checks (verifyRegions) and a tensor with an encoding are not judged."""
    source, result = site.operand_type(0), site.result_type(0)
    a, b = (facts(t) if t is not None else None for t in (source, result))
    if a is None or b is None or a.kind != "tensor" or b.kind != "tensor" or a.dims is None or b.dims is None \
            or a.element is None or "," in (source or "").rsplit(">", 1)[0].split("<", 1)[-1]:
        return None
    low, high = _static_list(site.attribute("static_low")), _static_list(site.attribute("static_high"))
    if low is None or high is None:
        return None
    if len(low) != len(a.dims) or len(high) != len(a.dims):
        return Placed(M["pad_infer"].format(printed(source), printed(result)))
    inferred = [None if None in (d, lo, hi) else d + lo + hi for d, lo, hi in zip(a.dims, low, high)]
    if len(b.dims) != len(inferred) or any(want is not None and have != want for have, want in zip(b.dims, inferred)):
        expected = "tensor<" + "".join(f"{'?' if d is None else d}x" for d in inferred) + a.element.text + ">"
        return Placed(M["pad_type"].format(printed(result), printed(expected)))
    return None


CHECKS: dict[str, Callable[[Any], Any]] = {
    "tensor.pad": tensor_pad,
    "tensor.reshape": tensor_reshape,
    "tensor.expand_shape": tensor_expand_collapse,
    "tensor.collapse_shape": tensor_expand_collapse,
    "tensor.extract_slice": tensor_extract_slice,
    "tensor.insert_slice": tensor_insert_slice,
    "tensor.extract": tensor_extract,
    "tensor.insert": tensor_insert,
    "tensor.empty": tensor_empty,
    "tensor.cast": tensor_cast,
}
