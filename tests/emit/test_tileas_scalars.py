"""The scalar integer arithmetic a TileAS kernel computes its tiles' coordinates by (a CTA's
tile, the number of tiles of a runtime extent, a clamp at its edge): each op one PTX
instruction, or MLIR's arith-expand expansion of a rounded division; ptxas accepts it on
sm_90a, sm_100a and sm_120a."""
from __future__ import annotations

import pytest

from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble
from tests.emit.test_tileas_kernel import _kernels

VIEW = "memref<?x?xf32, strided<[?, 1]>, 1>"
KERNEL = f"""func.func @k(%src: {VIEW}, %n: index, %s: index) attributes {{nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>}} {{
  %bx = gpu.block_id x
  %c64 = arith.constant 64 : index
  %c0 = arith.constant 0 : index
  %tiles = arith.ceildivui %n, %c64 : index
  %up = arith.ceildivsi %n, %c64 : index
  %down = arith.floordivsi %n, %c64 : index
  %last = arith.subi %tiles, %up : index
  %mn = arith.minsi %bx, %last : index
  %mx = arith.maxui %mn, %down : index
  %lt = arith.cmpi slt, %mx, %n : index
  %ge = arith.cmpi uge, %mx, %c0 : index
  %both = arith.andi %lt, %ge : i1
  %pick = arith.select %both, %mx, %c0 : index
  %sh = arith.shli %pick, %s : index
  %m = arith.muli %sh, %c64 : index
  %t, %k = nv_tileas.tiled_load %src coords(%m, %m) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {VIEW} -> tensor<64x64xf32>, !nv_tileaa.mem_token
  %st = nv_tileas.tiled_store %t, %src coords(%m, %m) offsets() token(%k) {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>}} : {VIEW} -> !nv_tileaa.mem_token
  return
}}
"""

# The body between the block id and the coordinates' first use, line by line.
EXPECTED = """  mov.u32 %block_id1, %ctaid.x;
  sub.u32 %q4, %p1_n_32, 1;
  div.u32 %q4, %q4, 64;
  add.u32 %q4, %q4, 1;
  setp.eq.u32 %zero5, %p1_n_32, 0;
  selp.b32 %q4, 0, %q4, %zero5;
  div.s32 %q6, %p1_n_32, 64;
  mul.lo.s32 %qb8, %q6, 64;
  setp.ne.s32 %inexact7, %qb8, %p1_n_32;
  xor.b32 %sign9, %p1_n_32, 64;
  setp.ge.and.s32 %inexact7, %sign9, 0, %inexact7;
  @%inexact7 add.s32 %q6, %q6, 1;
  div.s32 %q10, %p1_n_32, 64;
  mul.lo.s32 %qb12, %q10, 64;
  setp.ne.s32 %inexact11, %qb12, %p1_n_32;
  xor.b32 %sign13, %p1_n_32, 64;
  setp.lt.and.s32 %inexact11, %sign13, 0, %inexact11;
  @%inexact11 sub.s32 %q10, %q10, 1;
  sub.s32 %x14, %q4, %q6;
  min.s32 %x15, %block_id1, %x14;
  max.u32 %x16, %x15, %q10;
  setp.lt.s32 %p17, %x16, %p1_n_32;
  setp.ge.u32 %p18, %x16, 0;
  and.pred %p19, %p17, %p18;
  selp.b32 %x20, %x16, 0, %p19;
  shl.b32 %x21, %x20, %p2_s_32;
  mul.lo.s32 %x22, %x21, 64;
"""


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
def test_integer_min_max_logic_shifts_comparisons_selects_and_rounded_divisions(arch):
    [ptx] = _kernels(KERNEL, arch).values()
    assert EXPECTED in ptx
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(ptx, arch)
    assert accepted, said
