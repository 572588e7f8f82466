"""The tensor dialect's own verifiers (mlir/lib/Dialect/Tensor/IR/TensorOps.cpp, MLIR 22), as
callables on the ops' records: `tensor.extract` / `tensor.insert`'s one index per dimension,
`tensor.empty`'s one size operand per dynamic dimension, and `tensor.cast`'s compatibility
(CastOp::areCastCompatible: the same element type, and shapes that agree where both are
static; an unranked tensor is compatible with any). The slice ops' own checks are not judged.

Each takes what the text says of one op (ir/ssa.OpSite) and returns None or a message that
verify/structure.py prefixes with `'<op>' op `; what the text does not say passes.
"""
from __future__ import annotations

from typing import Any, Callable

from ..diagnostics.mlir_messages import CAST_INCOMPATIBLE, TENSOR as M
from .constraints import compatible_shapes, facts, printed


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


CHECKS: dict[str, Callable[[Any], Any]] = {
    "tensor.extract": tensor_extract,
    "tensor.insert": tensor_insert,
    "tensor.empty": tensor_empty,
    "tensor.cast": tensor_cast,
}
