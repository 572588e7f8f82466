"""TileAS token-ordered memops (verify/tileas_memops.py): the exact range of each kind of
message, one message per op, and the op records (the verify corpus, tileas_memops.ir, holds
one case per message)."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.dialects.nv_tileas.memops import MEMOPS
from cute_ir.dialects.registry import record

HEAD = "func.func @f(%view: memref<128x128xf16, 1>, %i: index, %j: i32, %tile: tensor<64x64xf16>) {\n"


def _only(body: str) -> tuple[str, str]:
    """(message, the text its range covers) of the one diagnostic of HEAD + body."""
    text = HEAD + body + "  return\n}\n"
    analysis = DocumentAnalysis("file:///memops.ir", text)
    [d] = analysis.diagnostics()
    return d.message, text.encode()[d.span.start:d.span.end].decode()


@pytest.mark.parametrize("body, message, covered", [
    ("  %a, %t = nv_tileas.tiled_load %view coords(%i, %j) offsets() {tileSize = array<i64: 64, 64>} "
     ": memref<128x128xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token\n",
     "expects CoordType is same as memref index type, but got i32", "%j"),
    ("  %a, %t = nv_tileas.tiled_load %view coords(%i) offsets() {tileSize = array<i64: 64, 48>} "
     ": memref<128x128xf16, 1> -> tensor<64x48xf16>, !nv_tileaa.mem_token\n",
     "expects 2 coordinates, but got 1", "%i"),
    ("  %t = nv_tileas.tiled_store %tile, %view coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, "
     "mem_semantic = #nv_tileas.mem_semantic<release>, mem_scope = #nv_tileas.mem_scope<gpu>} "
     ": memref<128x128xf16, 1> -> !nv_tileaa.mem_token\n",
     "unsupported mem_semantic: release", "#nv_tileas.mem_semantic<release>"),
    ("  %t = nv_tileas.tiled_store %tile, %view coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, "
     "mem_semantic = #nv_tileas.mem_semantic<weak>, mem_scope = #nv_tileas.mem_scope<gpu>} "
     ": memref<128x128xf16, 1> -> !nv_tileaa.mem_token\n",
     "mem_scope not supported when mem_semantic is weak", "#nv_tileas.mem_scope<gpu>"),
    ("  %a, %t = nv_tileas.tiled_load %view coords(%i, %i) offsets() {tileSize = array<i64: 64, 48>} "
     ": memref<128x128xf16, 1> -> tensor<64x48xf16>, !nv_tileaa.mem_token\n",
     "all dimensions must be powers of two, got [64, 48]", "array<i64: 64, 48>"),
    ("  %o, %t = nv_tileas.tiled_atomic_rmw %tile, %view coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, "
     "rmw_mode = #nv_tileas.rmw_mode<or>} : memref<128x128xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token\n",
     "tiled_atomic_rmw for 16-bit float only supports add, max, min operations", "#nv_tileas.rmw_mode<or>"),
    ("  %o, %t = nv_tileas.tiled_atomic_rmw %tile, %view coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>} "
     ": memref<128x128xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token\n",
     "requires attribute 'rmw_mode'", "nv_tileas.tiled_atomic_rmw"),
])
def test_each_message_sits_on_what_it_is_about(body, message, covered):
    assert _only(body) == (message, covered)


def test_the_first_failing_check_ends_the_op_s_verification():
    # Wrong coordinate count, wrong element type and an acquire load: only the count is reported.
    message, _ = _only("  %a, %t = nv_tileas.tiled_load %view coords(%i) offsets() {tileSize = array<i64: 64, 64>, "
                       "mem_semantic = #nv_tileas.mem_semantic<acquire>} "
                       ": memref<128x128xf16, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token\n")
    assert message == "expects 2 coordinates, but got 1"


def test_every_memop_is_a_registered_record_with_an_example_that_checks_clean():
    for op in MEMOPS:
        assert record(op.name) is op
        text = ("func.func @f(%view: memref<128x128xf16, 1>, %i: index, %j: index, %t: !nv_tileaa.mem_token, "
                "%tile: tensor<64x64xf16>) {\n  " + op.example + "\n  return\n}\n")
        assert DocumentAnalysis("file:///example.ir", text).diagnostics() == [], op.name


def test_hovering_a_memop_shows_its_record():
    from cute_ir.features.hover import hover
    text = HEAD + ("  %a, %t = nv_tileas.tiled_load %view coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>} "
                   ": memref<128x128xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token\n  return\n}\n")
    card = hover(DocumentAnalysis("file:///memops.ir", text), len(text[:text.index("tiled_load")].encode())).markdown
    assert card.startswith("**`nv_tileas.tiled_load`** — operation of the `nv_tileas` dialect\n\nRead a tile")
    record, tma = card.split("\n\n---\n\n")
    assert "token(%t) {tileSize = ..., ...}" in record and record.endswith("*Source:* tileas-tma-and-memops")
    assert tma.startswith("**TMA**")       # what becomes of it: tests/features/test_tileas_memop_hover.py
