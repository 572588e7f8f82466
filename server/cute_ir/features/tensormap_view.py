"""The CUtensorMap a TMA descriptor builder in the IR encodes, field by field.

`nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(...) strides(...) paddings()` fixes most
of the encode parameters of `cuTensorMapEncodeTiled` (tables/tensormap.py): the layout operand
is the box (its shape) over global strides (its strides, in elements), the tensor's element
type is the data type, `shapes(...)` and `strides(...)` carry the global extents and strides
known only at run time, and the swizzle is the builder's own when its layout is composed with
one (the box as it lands in shared memory), else that of the SMEM layout of the atom that uses
the descriptor. What the IR does not say (the base address, L2 promotion) is shown as such. The
CUtensorMap's in-memory bit layout is not public, so the fields have no bit positions.
"""
from __future__ import annotations

from ..analysis import DocumentAnalysis
from ..diagnostics import Span
from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER, NON_EXEC_KINDS
from ..ir.core import Operation, Value
from ..ir.lift import Lifted
from ..ir.shaped import shaped
from ..layout import ComposedLayout, Layout, Swizzle, flatten
from ..tables import tensormap
from .lifted import lifted_unit_at
from ..verify.tma import builder_swizzle, layout_of, operand_groups
from .descriptor_view import DescriptorView, FieldRow

# MLIR element types -> CUtensorMapDataType (8-bit floats travel as bytes).
_DATA_TYPES = {
    "f16": "FLOAT16", "bf16": "BFLOAT16", "f32": "FLOAT32", "f64": "FLOAT64", "tf32": "TFLOAT32",
    "i8": "UINT8", "ui8": "UINT8", "si8": "UINT8", "i16": "UINT16", "ui16": "UINT16",
    "i32": "INT32", "si32": "INT32", "ui32": "UINT32", "i64": "INT64", "si64": "INT64", "ui64": "UINT64",
    "f8E4M3FN": "UINT8", "f8E5M2": "UINT8", "f8E4M3": "UINT8", "f8E8M0FNU": "UINT8",
}
# Swizzle<B, M, S>: B picks the swizzle width.
_SWIZZLE_BY_BITS = {0: "none", 1: "32B", 2: "64B", 3: "128B"}


def tensormap_view(analysis: DocumentAnalysis, offset: int) -> DescriptorView | None:
    """The encode parameters of the descriptor built by the op whose name is at `offset`."""
    lifted = lifted_unit_at(analysis, offset, DESCRIPTOR_BUILDER.encode())
    if lifted is None:
        return None
    for top in lifted.operations:
        for op in top.walk():
            span = lifted.index.name_spans.get(op)
            if op.name == DESCRIPTOR_BUILDER and span is not None and span.start <= offset <= span.end:
                return _view(op, lifted, span)
    return None


def _view(op: Operation, lifted: Lifted, span: Span) -> DescriptorView:
    kind = "im2col" if op.results and "im2col" in op.results[0].type.text else "tiled"
    groups = operand_groups(op)
    tensor = (groups.get("tensor") or [None])[0]
    layout_value = (groups.get("layout") or [None])[0]
    layout = layout_of(layout_value) if layout_value is not None else None
    swizzle = builder_swizzle(layout) if isinstance(layout, ComposedLayout) else None
    if swizzle is not None:
        layout = layout.outer       # the box, swizzled as it lands in shared memory
    shapes = flatten(layout.shape) if isinstance(layout, Layout) else []
    strides = flatten(layout.stride) if isinstance(layout, Layout) else []
    data_type = _data_type(tensor, op)
    bits = tensormap.DATA_TYPES.get(data_type)
    values = {
        "global_address": f"runtime: the base of {_name(lifted, tensor)}",
        "rank": len(shapes) or "unknown",
        "data_type": data_type or "unknown",
        "interleave": "none",
        "swizzle": swizzle or _swizzle(op, lifted),
        "l2_promotion": "not in the IR (chosen when the descriptor is encoded)",
        "oob_fill": "none",
        "global_dims": (_runtime(lifted, groups.get("shapes", [])) if groups.get("shapes")
                        else _static_dims(tensor)),
        "global_strides": (_runtime(lifted, groups.get("strides", [])) if groups.get("strides")
                           else _byte_strides(strides, bits)),
        "box_dims": _listed(shapes),
        "element_strides": _listed([1] * len(shapes)),
    }
    rows = [FieldRow(f.name, None, None, _shown(values.get(f.name)), f"`{f.encode}`: {f.doc}")
            for f in tensormap.fields_for(kind)]
    return DescriptorView(f"CUtensorMap ({kind}) encode parameters, {tensormap.TENSORMAP_BYTES} bytes; "
                          "its bit layout is not public", rows, span)


def _data_type(tensor: Value | None, op: Operation) -> str | None:
    if tensor is not None:
        element = tensor.type.text.rsplit("x", 1)[-1].split(",")[0].rstrip(">").strip()
        if element in _DATA_TYPES:
            return _DATA_TYPES[element]
    bits = op.attributes.get("elementBitWidth")
    width = bits.text.split(":")[0].strip() if bits is not None else ""
    return {"8": "UINT8", "16": "UINT16", "32": "UINT32", "64": "UINT64"}.get(width)


def _swizzle(builder: Operation, lifted: Lifted) -> str:
    """The swizzle of the SMEM layout of the first non-exec atom built on the descriptor."""
    result = builder.results[0] if builder.results else None
    for top in lifted.operations:
        for op in top.walk():
            if op.name in NON_EXEC_KINDS and len(op.operands) >= 2 and op.operands[0] is result:
                smem = layout_of(op.operands[1])
                if isinstance(smem, ComposedLayout) and isinstance(smem.inner, Swizzle):
                    return _SWIZZLE_BY_BITS.get(smem.inner.bits, f"Swizzle<{smem.inner.bits},...>")
                return "none" if isinstance(smem, Layout) else "unknown (no SMEM layout known)"
    return "unknown (no atom uses the descriptor here)"


def _byte_strides(strides: list, bits: int | None) -> object:
    """Strides of the modes after the innermost, in bytes (the innermost is the element)."""
    if not strides:
        return "unknown"
    outer = [s for s in strides if s != 1]
    if bits is None or not all(isinstance(s, int) for s in outer):
        return _listed(outer) + " (elements)"
    return [s * bits // 8 for s in outer]


def _name(lifted: Lifted, value: Value | None) -> str:
    if value is None:
        return "the tensor"
    return f"`%{value.name_hint}`" if value.name_hint else "the tensor operand"


def _runtime(lifted: Lifted, values: list[Value]) -> str:
    if not values:
        return "unknown"
    return "runtime: " + ", ".join(_name(lifted, v) for v in values)


def _static_dims(tensor: Value | None) -> str:
    """A static memref's extents, innermost first (TMA's order), when no `shapes(...)` give them."""
    found = shaped(str(tensor.type)) if tensor is not None else None
    if found is None or found.kind != "memref" or None in found.dims:
        return "unknown"
    return _listed(list(reversed(found.dims)))


def _listed(items: list) -> str:
    return "[" + ", ".join(str(i) for i in items) + "]"


def _shown(value: object) -> str:
    return _listed(value) if isinstance(value, list) else str(value)
