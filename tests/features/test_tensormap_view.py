"""The CUtensorMap encode parameters of a TMA descriptor builder, read from the IR
(features/tensormap_view.py): on hover of the builder and through `cute-ir/descriptorFields`."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features.descriptors import descriptor_fields
from cute_ir.features.hover import hover

from .test_cards import TMA_CHAIN


def _offset(text: str, needle: str) -> int:
    return len(text[:text.index(needle)].encode())


def _values(text: str, needle: str) -> dict[str, object]:
    view = descriptor_fields(DocumentAnalysis("file:///tma.ir", text), _offset(text, needle))
    assert view is not None and view.title.startswith("CUtensorMap (tiled) encode parameters")
    assert all(f.low is None and f.width is None for f in view.fields)   # no public bit layout
    return {f.name: f.value for f in view.fields}


def test_the_builder_s_operands_and_its_atom_fix_the_encode_parameters():
    for needle in ("make_tiled_tma_desc", "tma_descriptor_tiled"):
        values = _values(TMA_CHAIN, needle)
        assert values["rank"] == "2"
        assert values["data_type"] == "FLOAT16"                  # memref<?x?xf16, 1>
        assert values["box_dims"] == "[64, 128]"                 # the layout operand's shape
        assert values["swizzle"] == "128B"                       # the atom's S<3,4,3> SMEM layout
        assert values["global_dims"] == "runtime: `%m`, `%m`"
        assert values["global_address"] == "runtime: the base of `%tensor`"
        assert values["element_strides"] == "[1, 1]"


def test_without_an_atom_the_swizzle_is_unknown_and_static_strides_are_bytes():
    text = ("func.func @f(%t: memref<?x?xbf16, 1>, %l: !cute.layout<\"(64,32):(1,4096)\">, %m: index) {\n"
            "  %d = nv_tileas.make_tiled_tma_desc %t, %l shapes(%m, %m) strides() paddings()"
            " {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled\n"
            "  return\n}\n")
    values = _values(text, "make_tiled_tma_desc")
    assert values["data_type"] == "BFLOAT16"
    assert values["global_strides"] == "[8192]"
    assert values["swizzle"].startswith("unknown")


def test_hovering_the_builder_shows_the_parameters_with_no_bit_positions():
    analysis = DocumentAnalysis("file:///tma.ir", TMA_CHAIN)
    card = hover(analysis, _offset(TMA_CHAIN, "make_tiled_tma_desc")).markdown
    assert "**CUtensorMap (tiled) encode parameters, 128 bytes; its bit layout is not public**" in card
    assert "| `box_dims` | — | [64, 128] | `boxDim`: " in card


def test_a_builder_whose_box_is_swizzled_encodes_that_swizzle():
    text = ("func.func @f(%t: memref<?x?xf16, 1>, %l: !cute.composed_layout<\"S<2,4,3> o 0 o (32,16):(1,4096)\">,"
            " %m: index) {\n"
            "  %d = nv_tileas.make_tiled_tma_desc %t, %l shapes(%m, %m) strides() paddings()"
            " {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled\n"
            "  return\n}\n")
    values = _values(text, "make_tiled_tma_desc")
    assert values["swizzle"] == "64B"                            # S<2,4,3>: 64-byte rows
    assert values["box_dims"] == "[32, 16]"                      # the swizzled box
    assert values["global_strides"] == "[8192]"
