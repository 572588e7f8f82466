// RUN: not cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_90a --emit ptx 2>&1 | FileCheck %s

// Float arithmetic of two tiles TMA loads left in shared memory reads the first into registers
// in chunks and the second in the same placement. The lowering reports, at the op, a tile the
// chunks cannot split (8 x 16 f16 over 128 threads), with the words `--emit ptx` refuses it
// with; two 64 x 64 tiles add (no error at them).
// CHECK: shared-tile-arithmetic.mlir:[[# @LINE + 7]]:5: error: this `arith.addf` reads two tiles TMA or `cp.async` loads left in shared memory into registers, which it cannot: a 8 x 16 tile does not spread evenly over 128 threads in chunks of 16, 8 or 4 bytes [lower:lower.register-tile]
// CHECK-NOT: lower.register-tile
module attributes {gpu.container_module} {
  func.func @narrow(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %x, %kx = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 8, 16>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<8x16xf16>, !nv_tileaa.mem_token
    %y, %ky = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 8, 16>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<8x16xf16>, !nv_tileaa.mem_token
    %sum = arith.addf %x, %y : tensor<8x16xf16>
    return
  }

  func.func @wide(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %x, %kx = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %y, %ky = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %sum = arith.mulf %x, %y : tensor<64x64xf16>
    %s = nv_tileas.tiled_store %sum, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }
}
