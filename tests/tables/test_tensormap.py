"""The CUtensorMap encode-parameter table: its rules (shared with the TMA verifier) and
`cute-ir descriptor tma-tiled|tma-im2col`."""
from __future__ import annotations

import json

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cute_ir.cli import main
from cute_ir.tables import tensormap

TILED = {"global_address": 4096, "rank": 2, "data_type": "FLOAT16", "swizzle": "128B",
         "global_dims": [4096, 4096], "global_strides": [8192], "box_dims": [64, 64], "element_strides": [1, 1]}
IM2COL = {"rank": 4, "data_type": "FLOAT16", "global_dims": [64, 32, 32, 8], "global_strides": [128, 4096, 131072],
          "pixel_box_lower_corner": [-1, -1], "pixel_box_upper_corner": [1, 1], "channels_per_pixel": 64,
          "pixels_per_column": 128}


def test_every_field_names_its_encode_parameter_and_no_byte_offset():
    assert {f.name for f in tensormap.fields_for("tiled")} >= {
        "global_address", "rank", "data_type", "interleave", "swizzle", "l2_promotion", "oob_fill",
        "global_dims", "global_strides", "box_dims", "element_strides"}
    assert {f.name for f in tensormap.fields_for("im2col")} >= {"pixel_box_lower_corner", "pixel_box_upper_corner"}
    assert "box_dims" not in {f.name for f in tensormap.fields_for("im2col")}
    assert tensormap.TENSORMAP_BYTES == 128


def test_valid_parameters_encode():
    assert tensormap.check_parameters("tiled", TILED) == []
    assert tensormap.check_parameters("im2col", IM2COL) == []


@pytest.mark.parametrize("change, problem", [
    ({"rank": 6}, "rank: rank must be between 1 and 5, got 6"),
    ({"box_dims": [64, 512]}, "box_dims: box dimension 1 is 512; it must be between 1 and 256"),
    ({"box_dims": [4, 64], "swizzle": "none"},
     "box_dims: box dimension 0 x element bits (4 x 16 = 64) is not a multiple of the 16-byte transfer granularity"),
    ({"box_dims": [128, 64]}, "box_dims: the inner box spans 256 bytes; swizzle 128B allows at most 128"),
    ({"global_strides": [8200]}, "global_strides: global stride 1 is 8200 bytes; it must be a positive multiple of 16 below 2^40"),
    ({"global_strides": [1 << 40]},
     f"global_strides: global stride 1 is {1 << 40} bytes; it must be a positive multiple of 16 below 2^40"),
    ({"element_strides": [1, 9]}, "element_strides: element stride 1 is 9; it must be between 1 and 8"),
    ({"global_address": 8}, "global_address: must be a multiple of 16"),
    ({"swizzle": "256B"}, "swizzle: `256B` is not one of none, 32B, 64B, 128B"),
])
def test_each_tiled_rule(change, problem):
    assert tensormap.check_parameters("tiled", {**TILED, **change}) == [problem]


def test_im2col_rank_and_corner_ranges():
    assert tensormap.check_parameters("im2col", {**IM2COL, "rank": 2}) == ["rank: rank must be between 3 and 5, got 2"]
    assert tensormap.check_parameters("im2col", {**IM2COL, "pixel_box_upper_corner": [200, 1]}) == [
        "pixel_box_upper_corner: offset 0 is 200; rank 4 allows -128..127"]


def test_the_cli_prints_the_fields(capsys):
    assert main(["descriptor", "tma-tiled", json.dumps(TILED)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("CUtensorMap (tma-tiled, 128 bytes")
    assert any(line.split()[:3] == ["box_dims", "boxDim", "[64,"] for line in out.splitlines())


def test_the_cli_reports_broken_rules_as_json(capsys):
    assert main(["descriptor", "tma-im2col", json.dumps({**IM2COL, "channels_per_pixel": 0}), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["bytes"] == 128 and data["problems"] == ["channels_per_pixel: must be an integer between 1 and 256"]
    assert [f["encode"] for f in data["fields"]][:2] == ["globalAddress", "tensorRank"]


def test_the_cli_rejects_what_is_not_json(capsys):
    assert main(["descriptor", "tma-tiled", "{rank: 2"]) == 2
    assert "JSON object" in capsys.readouterr().err


def test_the_driver_api_s_parameter_names_are_accepted_too():
    from cute_ir.tables import tensormap
    given = {"rank": 2, "globalDim": [4096, 4096], "globalStrides": [8192], "boxDim": [64, 64]}
    assert tensormap.by_field_name("tiled", given) == {
        "rank": 2, "global_dims": [4096, 4096], "global_strides": [8192], "box_dims": [64, 64]}


def test_the_cli_prints_the_parameters_of_a_builder_in_an_ir_file(tmp_path, capsys):
    from tests.features.test_cards import TMA_CHAIN
    path = tmp_path / "chain.ir"
    path.write_text(TMA_CHAIN, encoding="utf-8")
    line = next(i for i, text in enumerate(TMA_CHAIN.splitlines(), start=1) if "make_tiled_tma_desc" in text)
    column = TMA_CHAIN.splitlines()[line - 1].index("nv_tileas") + 1
    assert main(["descriptor", "tma-tiled", f"{path}:{line}:{column}", "--format", "json"]) == 0
    values = {f["field"]: f["value"] for f in json.loads(capsys.readouterr().out)["fields"]}
    assert values["box_dims"] == "[64, 128]" and values["swizzle"] == "128B"
    assert main(["descriptor", "tma-tiled", f"{path}:1:1"]) == 2
    assert "no tma-tiled descriptor builder" in capsys.readouterr().err


@given(st.lists(st.integers(1, 4096), min_size=1, max_size=6), st.sampled_from(sorted(tensormap.ELEMENT_BITS)))
def test_the_boxes_of_any_tile_are_ones_the_driver_encodes(tile, bits):
    plan = tensormap.tile_boxes(tile, bits)
    if isinstance(plan, str):
        # Only a rank past 5 or rows that are not whole 16-byte granules stop a tile.
        assert len(tile) > 5 or tile[-1] * bits % 128
        return
    assert [c * b for c, b in zip(plan.counts, plan.box)] == list(tile)
    dims = list(reversed(tile))
    strides = []
    for extent in dims[:-1]:
        strides.append(((strides[-1] if strides else bits // 8) * extent + 15) // 16 * 16)
    assume(all(stride < tensormap.MAX_GLOBAL_STRIDE for stride in strides))   # a tensor that fits in memory
    params = tensormap.tiled_parameters(dims, strides, next(n for n, b in tensormap.DATA_TYPES.items() if b == bits), plan)
    assert tensormap.check_parameters("tiled", params) == [], params


def test_a_swizzle_spans_the_inner_box_and_rows_of_odd_granules_are_not_swizzled():
    assert tensormap.tile_boxes([128, 64], 16) == tensormap.BoxPlan((128, 64), (1, 1), "128B", 16)
    assert tensormap.tile_boxes([64, 32], 16) == tensormap.BoxPlan((64, 32), (1, 1), "64B", 16)
    assert tensormap.tile_boxes([64, 8], 32) == tensormap.BoxPlan((64, 8), (1, 1), "32B", 32)
    assert tensormap.tile_boxes([8, 24], 16) == tensormap.BoxPlan((8, 24), (1, 1), "none", 16)
    assert tensormap.tile_boxes([512], 32) == tensormap.BoxPlan((256,), (2,), "none", 32)
    plan = tensormap.tile_boxes([512, 128], 16)
    assert (plan.box, plan.counts, plan.box_dims) == ((256, 64), (2, 2), [64, 256])
    assert plan.offsets() == [(0, 0), (0, 64), (256, 0), (256, 64)]


def test_a_value_known_at_launch_is_not_judged():
    params = {"rank": 2, "data_type": "FLOAT16", "global_dims": [None, 64], "global_strides": [None],
              "box_dims": [64, 64], "swizzle": "128B"}
    assert tensormap.check_parameters("tiled", params) == []
    assert tensormap.check_parameters("tiled", dict(params, global_strides=[24])) == [
        "global_strides: global stride 1 is 24 bytes; it must be a positive multiple of 16 below 2^40"]


@pytest.mark.parametrize("inner, offset, bits, problem", [
    (1, 0, 16, None), (1, 8, 16, None), (1, None, 16, None), (1, 4, 32, None),
    (2, 0, 16, "the view's innermost stride is 2 elements; a tensor map's dimension 0 is contiguous (stride 1)"),
    (None, 0, 16, "the view's innermost stride is dynamic (`?`); a tensor map's dimension 0 is contiguous (stride 1)"),
    (1, 3, 16, "the view starts 3 elements (6 bytes) past its base; a tensor map's global address must be a "
               "multiple of 16 bytes"),
    (1, 1, 4, "the view starts 1 element (0.5 bytes) past its base; a tensor map's global address must be a "
              "multiple of 16 bytes"),
])
def test_a_view_s_layout_is_one_a_tensor_map_describes(inner, offset, bits, problem):
    assert tensormap.view_layout_problem(inner, offset, bits) == problem
