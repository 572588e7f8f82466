// RUN: not cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_90a --emit ptx 2>&1 | FileCheck %s

// A TMA store reads its tile from shared memory in its own boxes and swizzle. A tile a TMA load
// left there laid out otherwise (here an async load written without boxDim or swizzle, stored
// by a store the lowering gives a swizzle) is restaged: read back into registers in chunks and
// written into a buffer laid out as the store's. The lowering reports, at the store, a tile the
// chunks cannot split (8 x 16 f16 over 128 threads), with the words `--emit ptx` refuses it
// with; a 64 x 64 tile restages, and a load and store laid out alike need no restaging (no
// error at them).
// CHECK: tma-store-restage.mlir:[[# @LINE + 8]]:5: error: this store takes a tile a TMA load left in shared memory in 8 x 16 boxes unswizzled, not in its 8 x 16 boxes swizzled 32B, restaging it through registers, which it cannot: a 8 x 16 tile does not spread evenly over 128 threads in chunks of 16, 8 or 4 bytes [lower:lower.register-tile]
// CHECK-NOT: lower.register-tile
module attributes {gpu.container_module} {
  func.func @restaged(%desc: !cute_nvgpu.tma_descriptor_tiled, %dst: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %mbar = memref.alloca() : memref<1xi64, 3>
    %narrow, %t0 = nv_tileas.async.tiled_tma_load %desc, %mbar coords(%i, %i) {copy_atom = #nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, tx_count = 256 : i64} : !cute_nvgpu.tma_descriptor_tiled -> tensor<8x16xf16>, !nv_tileaa.mem_token
    nv_tileas.async.wait %mbar : memref<1xi64, 3>
    %s0 = nv_tileas.tiled_store %narrow, %dst coords(%i, %i) offsets() token(%t0) {tileSize = array<i64: 8, 16>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    %wide, %t1 = nv_tileas.async.tiled_tma_load %desc, %mbar coords(%i, %i) {copy_atom = #nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, tx_count = 8192 : i64} : !cute_nvgpu.tma_descriptor_tiled -> tensor<64x64xf16>, !nv_tileaa.mem_token
    nv_tileas.async.wait %mbar : memref<1xi64, 3>
    %s1 = nv_tileas.tiled_store %wide, %dst coords(%i, %i) offsets() token(%t1) {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @alike(%src: memref<4096x4096xf16, 1>, %dst: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %t, %k = nv_tileas.tiled_load %src coords(%i, %i) offsets() {tileSize = array<i64: 8, 16>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<8x16xf16>, !nv_tileaa.mem_token
    %s = nv_tileas.tiled_store %t, %dst coords(%i, %i) offsets() token(%k) {tileSize = array<i64: 8, 16>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }
}
