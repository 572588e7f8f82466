"""assign-load-store-layouts (passes/assign_load_store_layouts.py): the copy atom each TileAS load
and store gets, the rule that keeps one from TMA, and the remark when it allowed TMA. The IR-in /
IR-out cases are tests/lit/assign-load-store-layouts.mlir."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity
from cute_ir.ir.lift import lift
from cute_ir.passes.assign_load_store_layouts import AssignLoadStoreLayouts, Verdict, tma_verdict
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
    verdict = tma_verdict(op, target, prefer_tma=True)      # whether TMA can move it
    assert (verdict.atom, verdict.reason) == (atom, reason)


def store(attrs: str = ""):
    return _memop(f"%s = nv_tileas.tiled_store %t, %v coords(%i, %i) offsets() {{tileSize = array<i64: 64, 128>{attrs}}} "
                  f": {VIEW} -> !nv_tileaa.mem_token")


@pytest.mark.parametrize("make, atom, tma_atom", [(load, "ldg", "tma_load"), (store, "stg", "tma_store")])
def test_an_op_that_does_not_allow_tma_gets_the_register_atom_though_tma_could_move_it(make, atom, tma_atom):
    # lower-tma-load-store-to-async takes only ops that allow TMA (tileas-tma-and-memops, phase 2):
    # one that does not moves through registers (ld.global / st.global), which ldg / stg name.
    assert tma_verdict(make(), "sm_90a") == Verdict(atom, None)
    assert tma_verdict(make(", allow_tma = false"), "sm_90a") == Verdict(atom, None)
    assert tma_verdict(make(", allow_tma = true"), "sm_90a") == Verdict(tma_atom, None)
    assert tma_verdict(make(), "sm_90a", prefer_tma=True) == Verdict(tma_atom, None)


def test_the_prefer_tma_option_is_the_pages_environment_switch(monkeypatch):
    assert AssignLoadStoreLayouts().prefer_tma is False
    monkeypatch.setenv("TILEIR_PREFER_TMA_FOR_LOAD_STORE", "1")
    assert AssignLoadStoreLayouts().prefer_tma is True
    assert AssignLoadStoreLayouts().pipeline_text() == "assign-load-store-layouts{prefer_tma=true}"


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
    verdict = tma_verdict(op, target, prefer_tma=True)      # whether TMA can move it
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


def atomic(element: str = "f32", mode: str = "add", attrs: str = "", use: bool = False, offsets: str = "",
           view: str | None = None):
    """An atomic of a 64 x 64 tile into a view of `element`s (the tile its first operand)."""
    view = view or f"memref<4096x4096x{element}, 1>"
    tile = f"tensor<64x64x{element}>"
    source = (f"func.func @k(%v: {view}, %i: index, %t: {tile}) {{\n"
              f"  %old, %r = nv_tileas.tiled_atomic_rmw %t, %v coords(%i, %i) offsets({offsets}) "
              f"{{tileSize = array<i64: 64, 64>, rmw_mode = #nv_tileas.rmw_mode<{mode}>{attrs}}} : {view} -> {tile}, "
              "!nv_tileaa.mem_token\n"
              + (f'  "use"(%old) : ({tile}) -> ()\n' if use else "") + "  return\n}\n")
    [function] = lift(parse(source.encode()).root).operations
    return next(op for op in function.walk() if op.name == "nv_tileas.tiled_atomic_rmw")


# tileas-tma-and-memops: an atomic becomes "tiled_atomic_rmw (TMAREDG atom)" when "the atom
# supports it": the PTX ISA's table of cp.reduce.async.bulk.tensor's .redOp x type, whose type
# is the tensor map's; a TMA reduction returns nothing and has no scatter4 form.
@pytest.mark.parametrize("op, target, atom, reason", [
    (atomic(), "sm_90a", "tma_redg", None),
    (atomic(), "sm_100a", "tma_redg", None),
    (atomic("f16", "max"), "sm_90a", "tma_redg", None),
    (atomic("bf16", "min"), "sm_90a", "tma_redg", None),
    (atomic("i32", "max"), "sm_90a", "tma_redg", None),
    (atomic("ui32", "umin"), "sm_90a", "tma_redg", None),
    (atomic("i64", "xor"), "sm_90a", "tma_redg", None),
    (atomic(attrs=", memSemantic = #nv_tileas.mem_semantic<relaxed>, memScope = #nv_tileas.mem_scope<gpu>"),
     "sm_90a", "tma_redg", None),
    (atomic("f32", "max"), "sm_90a", None,
     "cp.reduce.async.bulk.tensor has no `.max` of f32 (the PTX ISA gives `.max` to f16, bf16, u32, s32, u64, s64)"),
    (atomic("f32", "and"), "sm_90a", None,
     "cp.reduce.async.bulk.tensor has no `.and` of f32 (the PTX ISA gives `.and` to b32, b64)"),
    (atomic("f64", "add"), "sm_90a", None,
     "cp.reduce.async.bulk.tensor has no `.add` of f64 (the PTX ISA gives `.add` to f16, bf16, f32, u32, s32, u64)"),
    (atomic("i32", "umax"), "sm_90a", None,
     "`umax` is the `.max` of unsigned elements, and the tensor map's i32 are not unsigned"),
    (atomic("i32", "xchg"), "sm_90a", None,
     "a TMA reduction combines (add, max, min, and, or, xor); `xchg` does not"),
    (atomic(use=True), "sm_90a", None, "a TMA reduction returns no pre-image, and this atomic's is used"),
    (atomic(offsets="%i, %i, %i, %i"), "sm_100a", None,
     "a TMA reduction moves a tile; it does not reduce rows (offsets: there is no scatter4 reduction)"),
    (atomic(), "sm_80", None, "sm_80 has no TMA (sm_90 or later)"),
    (atomic(view="memref<4096x4096xf32, 3>"), "sm_90a", None,
     "the view is not a global-memory memref (`memref<..., 1>`)"),
    (atomic(attrs=", memSemantic = #nv_tileas.mem_semantic<acq_rel>, memScope = #nv_tileas.mem_scope<gpu>"),
     "sm_90a", None, "a TMA reduction is weak or relaxed; this one is acq_rel"),
    (atomic(attrs=", memSemantic = #nv_tileas.mem_semantic<relaxed>, memScope = #nv_tileas.mem_scope<sys>"),
     "sm_90a", None, "a TMA reduction's element operations are relaxed at gpu scope; this atomic asks for sys scope"),
])
def test_an_atomic_gets_the_tma_reduction_atom_where_the_reduce_table_allows_it(op, target, atom, reason):
    verdict = tma_verdict(op, target, prefer_tma=True)      # whether TMA can move it
    assert (verdict.atom, verdict.reason) == (atom, reason)
