"""The CUtensorMap a TMA descriptor builder in the IR encodes, field by field.

`nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(...) strides(...) paddings()` fixes most
of the encode parameters of `cuTensorMapEncodeTiled` (tables/tensormap.py): the layout operand
is the box (its shape) over global strides (its strides, in elements), the tensor's element
type is the data type, `shapes(...)` and `strides(...)` carry the global extents and strides
known only at run time, and the swizzle is the builder's own when its layout is composed with
one (the box as it lands in shared memory), else that of the SMEM layout of the atom that uses
the descriptor (none for a TileAS descriptor, which async TMA ops use as it is built). An
im2col builder's layout is its box in shared memory, channels then pixels: the channels per
pixel and pixels per column of `cuTensorMapEncodeIm2col`. What the IR does not say (the base
address, L2 promotion, an im2col pixel box's corners) is shown as such. The
CUtensorMap's in-memory bit layout is not public, so the fields have no bit positions.
"""
from __future__ import annotations

from ..analysis import DocumentAnalysis
from ..diagnostics import Span
from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER, NON_EXEC_KINDS
from ..dialects.nv_tileas.async_tma import ASYNC_TMA_OP_NAMES
from ..dialects.nv_tileas.descriptor_abi import HOST_CODE
from ..dialects.registry import is_function
from ..ir.core import Operation, Value
from ..ir.lift import Lifted
from ..ir.shaped import shaped
from ..layout import ComposedLayout, Layout, Swizzle, flatten
from ..tables import tensormap
from .lifted import lifted_unit_at
from ..verify.tma import builder_swizzle, layout_of, operand_groups
from .descriptor_view import DescriptorView, FieldRow


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


def encode_parameters(op: Operation) -> dict | None:
    """The cuTensorMapEncodeTiled parameters a descriptor builder fixes, by this table's field
    names (tables/tensormap.py), as `tensormap.check_parameters` takes them: a value known only
    at launch (an operand of `shapes(...)` / `strides(...)`, a dynamic extent or stride of the
    memref) is None; the swizzle is the builder's own (`none` unless its layout is composed with
    one). None when the builder's layout is not a static box."""
    groups = operand_groups(op)
    tensor = (groups.get("tensor") or [None])[0]
    layout_value = (groups.get("layout") or [None])[0]
    layout = layout_of(layout_value) if layout_value is not None else None
    swizzle = "none"
    if isinstance(layout, ComposedLayout):
        swizzle = builder_swizzle(layout)
        layout = layout.outer if swizzle is not None else None     # the box, swizzled in shared memory
    if not isinstance(layout, Layout):
        return None
    box = _flat(layout.shape)
    if not all(isinstance(b, int) for b in box):
        return None
    data_type = _data_type(tensor, op)
    bits = tensormap.DATA_TYPES.get(data_type or "")
    rank = len(box)
    if groups.get("shapes"):
        dims = [None] * len(groups["shapes"])
    else:
        found = shaped(str(tensor.type)) if tensor is not None else None
        dims = list(reversed(found.dims)) if found is not None and found.kind == "memref" else [None] * rank
    if groups.get("strides"):
        strides = [None] * len(groups["strides"])
    else:
        outer = _flat(layout.stride)[1:]
        strides = [s * bits // 8 if isinstance(s, int) and bits else None for s in outer]
    return {"rank": rank, "data_type": data_type or "unknown", "interleave": "none", "swizzle": swizzle,
            "oob_fill": "none", "global_dims": dims, "global_strides": strides, "box_dims": box,
            "element_strides": [1] * rank}


def _view(op: Operation, lifted: Lifted, span: Span) -> DescriptorView:
    kind = "im2col" if op.results and "im2col" in op.results[0].type.text else "tiled"
    groups = operand_groups(op)
    tensor = (groups.get("tensor") or [None])[0]
    params = encode_parameters(op) or {}
    layout_value = (groups.get("layout") or [None])[0]
    layout = layout_of(layout_value) if layout_value is not None else None
    own_swizzle = builder_swizzle(layout) if isinstance(layout, ComposedLayout) else None
    data_type = _data_type(tensor, op)
    values = {
        "global_address": f"runtime: the base of {_name(lifted, tensor)}",
        "rank": params.get("rank", "unknown"),
        "data_type": data_type or "unknown",
        "interleave": "none",
        "swizzle": own_swizzle or _swizzle(op, lifted),
        "l2_promotion": "not in the IR (chosen when the descriptor is encoded)",
        "oob_fill": "none",
        "global_dims": (_runtime(lifted, groups.get("shapes", [])) if groups.get("shapes")
                        else _known(params.get("global_dims"), f"the extents of {_name(lifted, tensor)}")),
        "global_strides": (_runtime(lifted, groups.get("strides", [])) if groups.get("strides")
                           else _known(params.get("global_strides"), f"the strides of {_name(lifted, tensor)}")),
        "box_dims": _listed(params.get("box_dims", [])),
        "element_strides": _listed(params.get("element_strides", [])),
    }
    if kind == "im2col":
        values.update(_im2col_values(params.get("box_dims")))
    rows = [FieldRow(f.name, None, None, _shown(values.get(f.name)), f"`{f.encode}`: {f.doc}")
            for f in tensormap.fields_for(kind)]
    return DescriptorView(f"CUtensorMap ({kind}) encode parameters, {tensormap.TENSORMAP_BYTES} bytes; "
                          "its bit layout is not public", rows, span)


# What an im2col builder's IR does not say: where the pixel box sits around each output pixel.
_CORNERS_NOT_IN_IR = "not in the IR (the convolution's padding and filter, chosen when the descriptor is encoded)"


def _im2col_values(box: list | None) -> dict[str, str]:
    """The im2col parameters an im2col builder's layout fixes: the layout is the box as it
    lands in shared memory, channels innermost, then pixels (`(C,P,1,...)`), so C is the
    channels per pixel and P the pixels per column; the pixel box's corners are not in the IR."""
    values = {"pixel_box_lower_corner": _CORNERS_NOT_IN_IR, "pixel_box_upper_corner": _CORNERS_NOT_IN_IR}
    if box and len(box) >= 2 and all(b == 1 for b in box[2:]):
        values.update(channels_per_pixel=str(box[0]), pixels_per_column=str(box[1]))
    else:
        shape = _listed(box) if box else "not a static layout"
        values.update(channels_per_pixel=f"unknown (the layout's box {shape} is not channels x pixels)",
                      pixels_per_column=f"unknown (the layout's box {shape} is not channels x pixels)")
    return values


def _flat(tuple_or_int: object) -> list:
    flat = flatten(tuple_or_int)
    return list(flat) if isinstance(flat, tuple) else [flat]


def _known(values: list | None, runtime: str) -> str:
    """A list of values known when compiling, or where the unknown ones come from at launch."""
    if values is None:
        return "unknown"
    if None not in values:
        return _listed(values)
    return f"runtime: {runtime}" if all(v is None for v in values) else \
        _listed(["?" if v is None else v for v in values]) + f" (runtime: {runtime})"


def _data_type(tensor: Value | None, op: Operation) -> str | None:
    """The data type of the tensor's elements, else of the builder's element width."""
    found = shaped(str(tensor.type)) if tensor is not None else None
    if found is not None and tensormap.data_type_of(found.element) is not None:
        return tensormap.data_type_of(found.element)
    bits = op.attributes.get("elementBitWidth")
    width = bits.text.split(":")[0].strip() if bits is not None else ""
    return {"8": "UINT8", "16": "UINT16", "32": "UINT32", "64": "UINT64"}.get(width)


def _swizzle(builder: Operation, lifted: Lifted) -> str:
    """The swizzle of the SMEM layout of the first non-exec atom built on the descriptor. A
    TileAS descriptor (used by an async TMA op, or built by a kernel's host twin) swizzles as
    its builder's layout says, and this builder's layout composes no swizzle: none."""
    result = builder.results[0] if builder.results else None
    tileas = _in_host_twin(builder)
    for top in lifted.operations:
        for op in top.walk():
            if op.name in NON_EXEC_KINDS and len(op.operands) >= 2 and op.operands[0] is result:
                smem = layout_of(op.operands[1])
                if isinstance(smem, ComposedLayout) and isinstance(smem.inner, Swizzle):
                    inner = smem.inner
                    return tensormap.swizzle_mode(inner.bits, inner.base, inner.shift) or f"not one TMA has ({inner})"
                return "none" if isinstance(smem, Layout) else "unknown (no SMEM layout known)"
            tileas = tileas or (op.name in ASYNC_TMA_OP_NAMES and result is not None
                                and result in operand_groups(op).get("descriptor", []))
    return "none" if tileas else "unknown (no atom uses the descriptor here)"


def _in_host_twin(op: Operation) -> bool:
    """Whether `op` lies in a function `separate-host-tma` made (the host side of a TileAS kernel)."""
    parent = op.parent_op
    while parent is not None:
        if is_function(parent.name):
            return HOST_CODE in parent.attributes
        parent = parent.parent_op
    return False


def _name(lifted: Lifted, value: Value | None) -> str:
    if value is None:
        return "the tensor"
    return f"`%{value.name_hint}`" if value.name_hint else "the tensor operand"


def _runtime(lifted: Lifted, values: list[Value]) -> str:
    if not values:
        return "unknown"
    return "runtime: " + ", ".join(_name(lifted, v) for v in values)


def _listed(items: list) -> str:
    return "[" + ", ".join(str(i) for i in items) + "]"


def _shown(value: object) -> str:
    return _listed(value) if isinstance(value, list) else str(value)
