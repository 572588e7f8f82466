"""`scf.if` in a TileAS kernel: a predicated branch around each region, the results in
registers of their own that each region's `scf.yield` sets (scalars of any type, a register
tile placed as the then region yields it); a region holding more than scalar and register-tile
arithmetic is refused. ptxas accepts the kernels on sm_90a, sm_100a and sm_120a."""
from __future__ import annotations

import re

import pytest

from tests.conftest import REPO

from tests.emit.test_tileas_floats import ARCHS, VIEW, _in_order, _kernel, _refusal
from tests.emit.test_tileas_kernel import _kernels, assert_assembles

LOAD = (f"  %t, %k = nv_tileas.tiled_load %src coords(%m, %m) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = "
        f"#nv_tileas.copy_atom<ldg>}} : {VIEW} -> tensor<64x64xf32>, !nv_tileaa.mem_token")
STORE = (f"  %st = nv_tileas.tiled_store %tile, %src coords(%m, %m) offsets() token(%k) {{tileSize = array<i64: 64, 64>, "
         f"copy_atom = #nv_tileas.copy_atom<stg>}} : {VIEW} -> !nv_tileaa.mem_token")
BRANCHES = _kernel(f"%src: {VIEW}, %x: f32, %w: i64", f"""  %bx = gpu.block_id x
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %neg = arith.cmpf olt, %x, %z : f32
  %r, %i = scf.if %neg -> (f32, i64) {{
    %a = arith.negf %x : f32
    scf.yield %a, %w : f32, i64
  }} else {{
    %e = math.exp %x : f32
    %one = arith.constant 1 : i64
    %w1 = arith.addi %w, %one : i64
    scf.yield %e, %w1 : f32, i64
  }}
  %edge = arith.cmpi eq, %bx, %c0 : index
  scf.if %edge {{
    %sq = arith.mulf %r, %r : f32
  }}
  %m = arith.index_cast %i : i64 to index
{LOAD}
  %tile = "scf.if"(%edge) ({{
    %d = arith.addf %t, %t : tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }}, {{
    scf.yield %t : tensor<64x64xf32>
  }}) : (i1) -> tensor<64x64xf32>
{STORE}""")

BRANCH_LINES = """  setp.lt.f32 %p4, %p1_x, 0f00000000;
  @!%p4 bra ELSE_5;
  neg.f32 %f7, %p1_x;
  mov.f32 %yield10, %f7;
  mov.b64 %yield11, %p2_w;
  mov.f32 %branch8, %yield10;
  mov.b64 %branch9, %yield11;
  bra.uni IF_END_6;
  ELSE_5:
  mul.rn.f32 %f12, %p1_x, 0f3FB8AA3B;
  ex2.approx.f32 %f13, %f12;
  add.s64 %x15, %p2_w, 1;
  mov.f32 %yield16, %f13;
  mov.b64 %yield17, %x15;
  mov.f32 %branch8, %yield16;
  mov.b64 %branch9, %yield17;
  IF_END_6:
  setp.eq.b32 %p18, %block_id1, 0;
  @!%p18 bra IF_END_20;
  mul.rn.f32 %f21, %branch8, %branch8;
  IF_END_20:
  cvt.u32.u64 %lo22, %branch9;
"""


@pytest.mark.parametrize("arch", ARCHS)
def test_scf_if_branches_around_its_regions_and_its_results_are_registers_each_region_sets(arch):
    [ptx] = _kernels(BRANCHES, arch).values()
    _in_order(BRANCH_LINES, ptx)
    assert not re.search(r"%c\d+\b", ptx)       # every constant an immediate, no `mov` of one left
    lines = ptx.splitlines()
    # The register tile: the then region's sum (one f32 a register), the else region's tile,
    # each moved into the result's registers, which the store writes.
    [then_at] = [i for i, line in enumerate(lines) if line.startswith("  @!%p18 bra ELSE_")]
    [else_at] = [i for i, line in enumerate(lines) if line.startswith("  ELSE_") and i > then_at]
    [end_at] = [i for i, line in enumerate(lines) if line.startswith("  IF_END_") and i > else_at]
    assert sum(line.startswith("  add.rn.f32 %ew") for line in lines[then_at:else_at]) == 32
    assert lines[else_at - 1].startswith("  bra.uni IF_END_")
    assert sum(line.startswith("  mov.b32 %branch") for line in lines[then_at:end_at]) == 64
    assert any(line.startswith("  st.global.v4.b32") and "%branch" in line for line in lines[end_at:])
    assert_assembles(ptx, arch)


def test_a_region_holding_more_than_arithmetic_is_refused():
    body = f"""  %c0 = arith.constant 0 : index
  %m = arith.constant 0 : index
  %p = arith.cmpi eq, %m, %c0 : index
  scf.if %p {{
{LOAD}
  }}"""
    assert _refusal(body, f"%src: {VIEW}") == ("`k`: `nv_tileas.tiled_load` inside `scf.if`: a branch holds scalar "
                                               "and register-tile arithmetic only here")


EPILOGUE = REPO / "examples" / "tileas_epilogue.ir"


@pytest.mark.parametrize("arch", ARCHS)
def test_the_epilogue_example_gates_its_tile_by_a_float_scalar_and_ptxas_assembles_it(arch):
    [ptx] = _kernels(EPILOGUE.read_text(), arch).values()
    lines = ptx.splitlines()
    # sigmoid(alpha) > 1/2, then the branch whose result is the tile in registers.
    [exp_at] = [i for i, line in enumerate(lines) if line.startswith("  ex2.approx.f32 ")]
    assert lines[exp_at - 2].startswith("  neg.f32 %f") and ", %p3_alpha;" in lines[exp_at - 2]
    assert lines[exp_at - 1].endswith(", 0f3FB8AA3B;") and lines[exp_at - 1].startswith("  mul.rn.f32 ")
    assert lines[exp_at + 2].startswith("  div.rn.f32 ") and lines[exp_at + 3].startswith("  setp.gt.f32 ")
    assert lines[exp_at + 4].startswith("  @!%p") and " bra ELSE_" in lines[exp_at + 4]
    # The clamp of the tile row: cmpi sgt and select.
    assert any(line.startswith("  setp.gt.s32 ") for line in lines[:exp_at])
    assert any(line.startswith("  selp.b32 ") for line in lines[:exp_at])
    assert_assembles(ptx, arch)


# The custom form of an `scf.if` with tile results: its results' types are the `-> (...)` it
# writes (the lift reads them), so its tile is stored and computed on as the generic form's is.
CUSTOM = _kernel(f"%src: {VIEW}, %x: f32", f"""  %m = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %neg = arith.cmpf olt, %x, %z : f32
{LOAD}
  %tile, %n = scf.if %neg -> (tensor<64x64xf32>, f32) {{
    %d = arith.addf %t, %t : tensor<64x64xf32>
    scf.yield %d, %x : tensor<64x64xf32>, f32
  }} else {{
    scf.yield %t, %z : tensor<64x64xf32>, f32
  }}
  %e = math.exp %tile : tensor<64x64xf32>
  %st0 = nv_tileas.tiled_store %e, %src coords(%m, %m) offsets() token(%k) {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>}} : {VIEW} -> !nv_tileaa.mem_token
{STORE}""")


@pytest.mark.parametrize("arch", ARCHS)
def test_a_custom_form_scf_if_yields_a_register_tile_as_the_generic_form_does(arch):
    [ptx] = _kernels(CUSTOM, arch).values()
    lines = ptx.splitlines()
    [else_at] = [i for i, line in enumerate(lines) if line.startswith("  ELSE_")]
    [end_at] = [i for i, line in enumerate(lines) if line.startswith("  IF_END_")]
    # Each region sets the tile's 32 registers and the scalar's one (through temporaries).
    assert sum(line.startswith("  mov.b32 %branch") for line in lines[:end_at]) == 2 * 32
    assert sum(line.startswith("  mov.f32 %branch") for line in lines[:end_at]) == 2
    assert lines[else_at - 1].startswith("  bra.uni IF_END_")
    # Both stores write the result's registers (the exp of them, and them).
    assert sum(line.startswith("  ex2.approx.f32 ") for line in lines[end_at:]) == 32
    assert any(line.startswith("  st.global.v4.b32") and "%branch" in line for line in lines[end_at:])
    assert_assembles(ptx, arch)


def test_check_reports_an_else_region_yielding_a_tile_placed_otherwise_as_emit_ptx_refuses_it():
    """The results lie as the then region yields them: an else region yielding an mma.sync
    product for a tile `ld.global` brought is reported at its yield, in `--emit ptx`'s words."""
    from cute_ir.analysis import DocumentAnalysis, Settings
    from cute_ir.features.lowered import lower
    arguments = f"%src: {VIEW}, %a: memref<4096x4096xf16, 1>, %x: f32"
    body = f"""  %m = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %neg = arith.cmpf olt, %x, %z : f32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %ta, %ka = nv_tileas.tiled_load %a coords(%m, %m) offsets() {{tileSize = array<i64: 64, 64>, allow_tma = true}} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %p = nv_tileas.dot %ta, %ta, %zero : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
{LOAD}
  %tile = scf.if %neg -> (tensor<64x64xf32>) {{
    scf.yield %t : tensor<64x64xf32>
  }} else {{
    scf.yield %p : tensor<64x64xf32>
  }}
{STORE}"""
    why = ("yields a tile in the mma.sync accumulator placement (a product's) where the loop carries a tile in the "
           "chunk placement (a load's through registers, a tile's read from shared memory): a loop keeps its carried "
           "tile's registers in one placement")
    text = _kernel(arguments, body)
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch="sm_90a")))
    [reported] = [d for d in result.diagnostics if d.code == "lower.register-tile"]
    line = "    scf.yield %p : tensor<64x64xf32>"
    start = text.index(line) + 4
    assert (reported.message, reported.span.start, reported.span.end) == (f"this `scf.yield` {why}", start,
                                                                          start + len(line) - 4)
    assert _refusal(body, arguments) == f"`k`: `scf.yield` {why}"
