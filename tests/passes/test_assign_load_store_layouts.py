"""assign-load-store-layouts (passes/assign_load_store_layouts.py): the copy atom each TileAS load
and store gets, the rule that keeps one from TMA, and the remark when it allowed TMA. The IR-in /
IR-out cases are tests/lit/assign-load-store-layouts.mlir."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity
from cute_ir.ir.lift import lift
from cute_ir.passes.assign_load_store_layouts import tma_verdict
from cute_ir.syntax.parser import parse

VIEW = "memref<128x256xf16, 1>"


def _memop(line: str, view: str = VIEW):
    source = f"func.func @k(%v: {view}, %i: index, %t: tensor<64x128xf16>) {{\n  {line}\n  return\n}}\n"
    [function] = lift(parse(source.encode()).root).operations
    return next(op for op in function.walk() if op.name.startswith("nv_tileas.tiled_"))


def load(attrs: str = "", tile: str = "64, 128", result: str = "tensor<64x128xf16>", view: str = VIEW):
    return _memop(f"%a = nv_tileas.tiled_load %v coords(%i, %i) offsets() {{tileSize = array<i64: {tile}>{attrs}}} "
                  f": {view} -> {result}", view)


@pytest.mark.parametrize("op, target, atom, reason", [
    (load(), "sm_90a", "tma_load", None),
    (load(), "sm_100a", "tma_load", None),
    (load(), "sm_80", "ldg", "sm_80 has no TMA (sm_90 or later)"),
    (load(view="memref<128x256xf16, 3>"), "sm_90a", "ldg", "the view is not a global-memory memref (`memref<..., 1>`)"),
    (load(view="memref<?x256xf16, 1>"), "sm_90a", "tma_load", None),        # the box is the tile's
    (load(view="memref<?x?xf16, strided<[?, 1]>, 1>"), "sm_90a", "tma_load", None),
    (load(tile="64, 4", result="tensor<64x4xf16>"), "sm_90a", "ldg",
     "the tile's innermost dimension is 4 x 16 bits, not whole 16-byte granules"),
    (load(tile="8, 8", result="tensor<8x8xf16>", view="memref<128x12xf16, 1>"), "sm_90a", "ldg",
     "its tensor map breaks a rule of cuTensorMapEncodeTiled: global stride 1 is 24 bytes; it must be a positive multiple of 16 below 2^40"),
    (load(", paddingValue = #nv_tileas.padding<nan>"), "sm_90a", "ldg",
     "a TMA load reads zero out of bounds; this one pads with #nv_tileas.padding<nan>"),
    (load(", mem_semantic = #nv_tileas.mem_semantic<relaxed>, mem_scope = #nv_tileas.mem_scope<gpu>"), "sm_90a",
     "tma_load", None),
    (_memop("%s = nv_tileas.tiled_store %t, %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>} "
            f": {VIEW} -> !nv_tileaa.mem_token"), "sm_90a", "tma_store", None),
])
def test_the_atom_and_the_rule_that_keeps_an_op_from_tma(op, target, atom, reason):
    verdict = tma_verdict(op, target)
    assert (verdict.atom, verdict.reason) == (atom, reason)


def rows(offsets: str, tile: str = "4, 64", store: bool = False):
    """A load (or store) of rows: the tile's row r at the row coordinate plus offset r."""
    if store:
        return _memop(f"%s = nv_tileas.tiled_store %t, %v coords(%i, %i) offsets({offsets}) "
                      f"{{tileSize = array<i64: {tile}>}} : {VIEW} -> !nv_tileaa.mem_token")
    return _memop(f"%a = nv_tileas.tiled_load %v coords(%i, %i) offsets({offsets}) {{tileSize = array<i64: {tile}>}} "
                  f": {VIEW} -> tensor<{tile.replace(', ', 'x')}xf16>")


@pytest.mark.parametrize("op, target, atom, reason", [
    (rows("%i, %i, %i, %i"), "sm_100", "tma_load", None),
    (rows("%i, %i, %i, %i"), "sm_120a", "tma_load", None),
    (rows("%i, %i, %i, %i"), "sm_90a", "ldg", "sm_90a has no TMA gather4 (sm_100), which this op's offsets need"),
    (rows("%i, %i", tile="2, 64"), "sm_100a", "ldg",
     "a TMA gather / scatter moves 4 rows, one offset each; this op has 2 offsets and a tile of 2 rows"),
    (rows("%i, %i, %i, %i", store=True), "sm_100a", "tma_store", None),
    (rows("%i, %i, %i, %i", store=True), "sm_103a", "tma_store", None),
    (rows("%i, %i, %i, %i", store=True), "sm_100", "stg",
     "sm_100 has no TMA scatter4 (sm_100f, sm_110f), which this op's offsets need"),
    (rows("%i, %i, %i, %i", store=True), "sm_120a", "stg",
     "sm_120a has no TMA scatter4 (sm_100f, sm_110f), which this op's offsets need"),
])
def test_rows_are_gathered_and_scattered_by_tma_where_the_target_has_gather4_and_scatter4(op, target, atom, reason):
    verdict = tma_verdict(op, target)
    assert (verdict.atom, verdict.reason) == (atom, reason)


def test_an_op_that_allows_tma_but_cannot_gets_a_remark_in_the_editor_and_others_do_not():
    text = ("func.func @k(%v: memref<128x12xf16, 1>, %i: index) {\n"
            "  %a = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 8, 8>, allow_tma = true} "
            ": memref<128x12xf16, 1> -> tensor<8x8xf16>\n"
            "  %b = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 8, 8>} "
            ": memref<128x12xf16, 1> -> tensor<8x8xf16>\n"
            "  return\n}\n")
    analysis = DocumentAnalysis("file:///a.ir", text, settings=Settings(target_arch="sm_90a"))
    remarks = [d for d in analysis.diagnostics() if d.code == "lower.not-tma"]
    assert [(analysis.document.position(d.span.start).line, d.severity) for d in remarks] == [(1, Severity.INFORMATION)]
    assert remarks[0].message == ("this load allows TMA but cannot use it: its tensor map breaks a rule of "
                                  "cuTensorMapEncodeTiled: global stride 1 is 24 bytes; it must be a positive multiple "
                                  "of 16 below 2^40; it gets the `ldg` copy atom")
