"""A view's runtime extents are MLIR's 64-bit sizes: an element's coordinate is compared with
them in 64 bits, widened first, so a view of more than 2^32 elements in one dimension is not
cut short (a 32-bit copy of the extent would keep its low half only); ptxas accepts the kernels
on sm_90a, sm_100a and sm_120a."""
from __future__ import annotations

import re

import pytest

from tests.emit.test_tileas_floats import ARCHS, _in_order, _kernel
from tests.emit.test_tileas_kernel import _kernels, assert_assembles

VIEW = "memref<?x?xf16, strided<[?, 1]>, 1>"
COPY = _kernel(f"%src: {VIEW}, %i: index", f"""  %c0 = arith.constant 0 : index
  %t, %k = nv_tileas.tiled_load %src coords(%i, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldgsts>}} : {VIEW} -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %st = nv_tileas.tiled_store %t, %src coords(%i, %c0) offsets() token(%k) {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>}} : {VIEW} -> !nv_tileaa.mem_token""")

# The first chunk cp.async moves: the bytes of it inside the row, in 64 bits, then the row (its
# offsets in the tile, 0, added to nothing: `add.u64 %left22, %left22, 0;` is no instruction).
CLAMP = """  cvt.u64.u32 %left22, 0;
  cvt.u64.u32 %left23, %col7;
  add.u64 %left22, %left22, %left23;
  sub.s64 %left22, %p0_src_size1, %left22;
  max.s64 %left22, %left22, 0;
  min.s64 %left22, %left22, 8;
  cvt.u32.u64 %size21, %left22;
  mul.lo.s32 %size21, %size21, 2;
  cvt.u64.u32 %crow25, %p1_i_32;
  cvt.u64.u32 %crow26, %row6;
  add.u64 %crow25, %crow25, %crow26;
  setp.lt.u64 %rowin24, %crow25, %p0_src_size0;
  selp.b32 %size21, %size21, 0, %rowin24;
  cp.async.cg.shared.global [%saddr18], [%gaddr12+0], 16, %size21;
"""


@pytest.mark.parametrize("arch", ARCHS)
def test_runtime_extents_are_compared_in_64_bits(arch):
    [ptx] = _kernels(COPY, arch).values()
    assert "cvt.u32.u64 %p0_src_size" not in ptx
    _in_order(CLAMP, ptx)
    assert not re.search(r"%c1\b", ptx)           # the coordinate 0 an immediate, its `mov` gone
    assert "  setp.lt.and.u64 %in" in ptx         # the store's elements, predicated on both extents
    assert_assembles(ptx, arch)
