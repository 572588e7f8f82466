"""A hand-written TMA descriptor is an error of `check` exactly when the driver would refuse it.

For random descriptor builders (`nv_tileas.make_tiled_tma_desc` of a static global memref, rank
1 to 5, with a box layout of random extents and strides in the view's elements, now and then
composed with a TMA swizzle, of random element types), the verifier's verdict must agree with
`tables/tensormap.check_parameters` on the builder's encode parameters (what `cute-ir descriptor`
and `--emit host` show, `features/tensormap_view.encode_parameters`): the rules of
cuTensorMapEncodeTiled that `cute-ir descriptor tma-tiled` checks. An error on a tensor map the
driver encodes would be a false alarm; no error on one it refuses would let `lower --emit ptx`
write a kernel the host cannot launch (a kernel `check` rejects is not emitted). The lowering's
own tensor maps are tests/passes/test_tma_tensor_maps_property.py's.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity
from cute_ir.dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from cute_ir.features.tensormap_view import encode_parameters
from cute_ir.ir.shaped import element_bits
from cute_ir.tables import tensormap

ELEMENTS = ("f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64", "f8E4M3FN")
# CuTe's Swizzle<B,M,S> of each TMA swizzle (tables/tensormap.CUTE_SWIZZLE).
SWIZZLES = ("none", "32B", "64B", "128B")


@st.composite
def builders(draw):
    rank = draw(st.integers(1, 5))
    box = [draw(st.sampled_from((1, 2, 4, 8, 16, 24, 32, 64, 96, 128, 256, 300, 512))) for _ in range(rank)]
    view = [draw(st.sampled_from((1, 7, 64, 100, 256, 4096))) for _ in range(rank)]
    # The box's strides: the view's own (row-major, innermost first), now and then another.
    strides, extent = [], 1
    for axis, dim in enumerate(view):
        strides.append(extent if axis == 0 or draw(st.booleans()) else draw(st.sampled_from((0, 1, 3, 8, 64))))
        extent *= dim
    return rank, draw(st.sampled_from(ELEMENTS)), box, strides, view, draw(st.sampled_from(SWIZZLES))


def builder_text(rank, element, box, strides, view, swizzle) -> str:
    memref = f"memref<{'x'.join(map(str, reversed(view)))}x{element}, 1>"
    layout = f"({','.join(map(str, box))}):({','.join(map(str, strides))})" if rank > 1 else f"{box[0]}:{strides[0]}"
    if swizzle == "none":
        layout_type = f'!cute.layout<"{layout}">'
    else:
        bits, base, shift = tensormap.CUTE_SWIZZLE[swizzle]
        layout_type = f'!cute.composed_layout<"S<{bits},{base},{shift}> o 0 o {layout}">'
    return (f"func.func @k(%view: {memref}) {{\n"
            f"  %box = cute.static : {layout_type}\n"
            f"  %d = nv_tileas.make_tiled_tma_desc %view, %box shapes() strides() paddings() "
            f"{{mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = {element_bits(element)}, tmaIdx = 0 : i32}}"
            " : !cute_nvgpu.tma_descriptor_tiled\n"
            "  return\n}\n")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(builders())
def test_check_rejects_a_hand_written_descriptor_exactly_when_the_driver_would(case):
    text = builder_text(*case)
    analysis = DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch="sm_90a"))
    errors = [d.message for d in analysis.diagnostics() if d.severity is Severity.ERROR]
    lifted = analysis.lifted_unit(analysis.units[0])
    [builder] = [op for top in lifted.operations for op in top.walk() if op.name == DESCRIPTOR_BUILDER]
    params = encode_parameters(builder)
    assert params is not None, text
    refused = tensormap.check_parameters("tiled", params)
    assert bool(errors) == bool(refused), (text, errors, refused)


def test_an_outer_stride_of_one_element_is_refused_like_any_other_under_16_bytes():
    text = builder_text(2, "f16", [8, 1], [1, 1], [1, 1], "none")
    errors = [d.message for d in DocumentAnalysis("file:///k.ir", text).diagnostics()]
    assert errors == ["TMA descriptor: global stride 1 is 2 bytes; it must be a positive multiple of 16 below 2^40"]
