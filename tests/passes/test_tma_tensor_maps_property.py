"""No tensor map the TMA lowering emits breaks the driver's rules.

For random tiles (rank 1 to 5, power-of-two extents up to 1024, at most 2^14 elements) of random element types in views
of random extents (now and then strided: an innermost stride of 1, 2 or `?`, a static or dynamic offset), `assign-load-store-layouts` and `lower-tma-load-store-to-async` run on a
kernel that loads and stores the tile. Each descriptor builder they write is read back from the
printed IR (`features/tensormap_view.encode_parameters`, what `cute-ir descriptor FILE:L:C` and
`--emit host` show) and judged by `tables/tensormap.check_parameters`, the rules of
cuTensorMapEncodeTiled that `cute-ir descriptor tma-tiled` checks: it must break none. The
boxes of each transfer must tile its tile exactly, and its `tx_count` must be the tile's bytes.
A tile the pipeline cannot move by TMA gets the `ldg` / `stg` atom (or a diagnostic) instead, as
does one whose view is not contiguous in its innermost dimension or starts at a misaligned address.
"""
from __future__ import annotations

from math import prod

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from cute_ir.dialects.nv_tileas.async_tma import BOX_DIM, TILED_TMA_LOAD, TILED_TMA_STORE
from cute_ir.features.lowered import lower
from cute_ir.features.tensormap_view import encode_parameters
from cute_ir.ir.attributes import integer, integers
from cute_ir.ir.lift import lift
from cute_ir.ir.shaped import element_bits, shaped
from cute_ir.syntax.parser import parse
from cute_ir.tables import tensormap

PIPELINE = "builtin.module(assign-load-store-layouts,lower-tma-load-store-to-async)"
ELEMENTS = ("f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64", "ui32", "f8E4M3FN", "f8E5M2")


@st.composite
def tiles(draw):
    rank = draw(st.integers(1, 5))
    # At most 2^14 elements: a tile that fits a kernel's shared memory (larger ones are the
    # mbarrier-room rule's, not the tensor map's).
    budget, tile = 14, []
    for _ in range(rank):
        exponent = draw(st.integers(0, min(10, budget)))
        budget -= exponent
        tile.append(1 << exponent)
    view = [t * draw(st.sampled_from((1, 2, 3, 8))) for t in tile]
    # Now and then an inner extent whose rows are not whole 16-byte granules.
    if draw(st.booleans()):
        view[-1] += draw(st.integers(0, 7))
    # Now and then a strided view: its innermost stride (`?`: dynamic) and its offset.
    layout = draw(st.none() | st.tuples(st.sampled_from((1, 2, "?")), st.sampled_from((0, 3, 8, 64, "?"))))
    return tile, view, draw(st.sampled_from(ELEMENTS)), layout


def strided(view: list[int], layout: tuple | None) -> str:
    """`, strided<[...], offset: o>` for a view of these extents laid out row-major over an
    innermost stride (`?` makes every stride dynamic); "" for the identity layout."""
    if layout is None:
        return ""
    inner, offset = layout
    strides = ["?" if inner == "?" else str(inner * prod(view[axis + 1:])) for axis in range(len(view))]
    return f", strided<[{', '.join(strides)}], offset: {offset}>"


def kernel(tile: list[int], view: list[int], element: str, layout: tuple | None = None) -> str:
    memref = f"memref<{'x'.join(map(str, view))}x{element}{strided(view, layout)}, 1>"
    tensor = f"tensor<{'x'.join(map(str, tile))}x{element}>"
    coords = ", ".join(["%i"] * len(tile))
    size = ", ".join(map(str, tile))
    return (f"func.func @k(%src: {memref}, %dst: {memref}, %i: index) "
            "attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {\n"
            f"  %t, %k = nv_tileas.tiled_load %src coords({coords}) offsets() {{tileSize = array<i64: {size}>, "
            f"allow_tma = true}} : {memref} -> {tensor}, !nv_tileaa.mem_token\n"
            f"  %s = nv_tileas.tiled_store %t, %dst coords({coords}) offsets() token(%k) {{tileSize = array<i64: {size}>, "
            f"allow_tma = true}} : {memref} -> !nv_tileaa.mem_token\n"
            "  return\n}\n")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiles())
def test_every_tensor_map_the_lowering_writes_is_one_the_driver_encodes(case):
    tile, view, element, layout = case
    result = lower(DocumentAnalysis("file:///k.ir", kernel(tile, view, element, layout),
                                    settings=Settings(target_arch="sm_90a")), PIPELINE)
    ops = [op for top in lift(parse(result.stages[-1].text.encode()).root).operations for op in top.walk()]
    builders = [op for op in ops if op.name == DESCRIPTOR_BUILDER]
    transfers = [op for op in ops if op.name in (TILED_TMA_LOAD, TILED_TMA_STORE)]
    bits = element_bits(element)
    if layout is not None and (layout[0] != 1 or layout[1] != "?" and layout[1] * bits % 128):
        # No tensor map reads a view whose rows are not contiguous, or from a misaligned address.
        assert not builders, (tile, view, element, layout)
    for builder in builders:
        params = encode_parameters(builder)
        assert params is not None
        assert tensormap.check_parameters("tiled", params) == [], (tile, view, element, params)
    for transfer in transfers:
        box = list(reversed(integers(transfer, BOX_DIM) or list(reversed(tile))))
        counts = [t // b for t, b in zip(tile, box)]
        assert [c * b for c, b in zip(counts, box)] == tile                      # the boxes tile the tile
        plan = tensormap.BoxPlan(tuple(box), tuple(counts), "none", bits)
        assert len(set(plan.offsets())) == plan.boxes and plan.boxes * plan.box_bytes == prod(tile) * bits // 8
        if transfer.name == TILED_TMA_LOAD:
            assert integer(transfer, "tx_count") == prod(tile) * bits // 8
            assert list(shaped(str(transfer.results[0].type)).dims) == tile
    if not transfers:
        # Not by TMA: the pipeline said why (a remark) or chose ldg / stg.
        text = result.stages[-1].text
        assert "copy_atom<ldg>" in text or result.diagnostics, (tile, view, element)


def test_the_issue_s_512_row_tile_moves_in_two_legal_boxes():
    result = lower(DocumentAnalysis("file:///k.ir", kernel([512, 64], [4096, 64], "f16"),
                                    settings=Settings(target_arch="sm_90a")), PIPELINE)
    ops = [op for top in lift(parse(result.stages[-1].text.encode()).root).operations for op in top.walk()]
    [builder, _] = [op for op in ops if op.name == DESCRIPTOR_BUILDER]
    params = encode_parameters(builder)
    assert (params["box_dims"], params["swizzle"]) == ([64, 256], "128B")
    assert tensormap.check_parameters("tiled", params) == []
    load = next(op for op in ops if op.name == TILED_TMA_LOAD)
    assert integers(load, BOX_DIM) == [64, 256] and integer(load, "tx_count") == 512 * 64 * 2
