"""The tensor dialect's own verifiers (mlir/lib/Dialect/Tensor/IR/TensorOps.cpp, MLIR 22), as
callables on the ops' records: `tensor.extract` / `tensor.insert`'s one index per dimension,
`tensor.empty`'s one size operand per dynamic dimension, and `tensor.cast`'s compatibility
(CastOp::areCastCompatible: the same element type, and shapes that agree where both are
static; an unranked tensor is compatible with any), and `tensor.extract_slice` /
`tensor.insert_slice`'s offset, size and stride lists (verifyOffsetSizeAndStrideOp), the slice's
type against the one its sizes infer (isRankReducedType) and the slice within the static bounds
(verifyInBoundsSlice).

Each takes what the text says of one op (ir/ssa.OpSite) and returns None or a message that
verify/structure.py prefixes with `'<op>' op `; what the text does not say passes.
"""
from __future__ import annotations

from typing import Any, Callable

from ..diagnostics.mlir_messages import CAST_INCOMPATIBLE, TENSOR as M
from .constraints import compatible_shapes, facts, printed
from .memref_checks import _offsets_sizes_strides, _rank_reduction, _static_list, in_bounds_slice
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


CHECKS: dict[str, Callable[[Any], Any]] = {
    "tensor.extract_slice": tensor_extract_slice,
    "tensor.insert_slice": tensor_insert_slice,
    "tensor.extract": tensor_extract,
    "tensor.insert": tensor_insert,
    "tensor.empty": tensor_empty,
    "tensor.cast": tensor_cast,
}
