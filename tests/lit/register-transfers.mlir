// RUN: not cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_90a --emit ptx 2>&1 | FileCheck %s

// A load or store that does not move by TMA moves its tile through registers (`ld.global` /
// `st.global`, or `cp.async` for a load), and the lowering reports each one that path cannot
// move, with the words `--emit ptx` would refuse it with: a store of a tile a TMA load left in
// shared memory reads it back in chunks (8 x 16 f16 does not spread over 128 threads even 4
// bytes at a time);
// a view of dynamic innermost stride (of the others only, and a dynamic offset, it moves); a tile of rank 3; gathered rows; 8-bit
// elements that may lie out of bounds; a loop that carries such a tile from shared memory in
// registers (its initial value, and what it yields). 8 x 64 and 64 x 64 TMA loads stored the same way (8- and
// 16-byte chunks) and 8-bit tiles in bounds move (no error at them).
// CHECK: register-transfers.mlir:[[# @LINE + 13]]:5: error: this store moves its tile through registers (the `stg` copy atom), which it cannot: a 8 x 16 tile does not spread evenly over 128 threads in chunks of 16, 8 or 4 bytes [lower:lower.register-tile]
// CHECK: register-transfers.mlir:[[# @LINE + 23]]:5: error: this load moves its tile through registers (the `ldg` copy atom), which it cannot: its view's innermost stride is dynamic (memref<?x?xf16, strided<[?, ?]>, 1>); a view whose innermost stride is 1 moves through registers, and by TMA (`allow_tma`) [lower:lower.register-tile]
// CHECK: register-transfers.mlir:[[# @LINE + 23]]:5: error: this store moves its tile through registers (the `stg` copy atom), which it cannot: its view's innermost stride is dynamic (memref<?x?xf16, strided<[?, ?]>, 1>); a view whose innermost stride is 1 moves through registers, and by TMA (`allow_tma`) [lower:lower.register-tile]
// CHECK: register-transfers.mlir:[[# @LINE + 24]]:5: error: this load moves its tile through registers (the `ldg` copy atom), which it cannot: a tile of tensor<1x64x64xf16> is not a static tile of rank 1 or 2 [lower:lower.register-tile]
// CHECK: register-transfers.mlir:[[# @LINE + 24]]:5: error: this load moves its tile through registers (the `ldg` copy atom), which it cannot: a tile of rows (`offsets`) moves by TMA only here [lower:lower.register-tile]
// CHECK: register-transfers.mlir:[[# @LINE + 29]]:5: error: this load moves its tile through registers (the `ldg` copy atom), which it cannot: 8-bit elements out of bounds are not moved one at a time here: say the tile is in bounds (`in_bounds`) [lower:lower.register-tile]
// CHECK: register-transfers.mlir:[[# @LINE + 30]]:5: error: this store moves its tile through registers (the `stg` copy atom), which it cannot: 8-bit elements out of bounds are not moved one at a time here: say the tile is in bounds (`in_bounds`) [lower:lower.register-tile]
// CHECK: register-transfers.mlir:[[# @LINE + 39]]:5: error: this loop carries a tile a TMA or `cp.async` load left in shared memory in registers, which it cannot: a 8 x 16 tile does not spread evenly over 128 threads in chunks of 16, 8 or 4 bytes [lower:lower.register-tile]
// CHECK: register-transfers.mlir:[[# @LINE + 40]]:7: error: this yield carries a tile a TMA or `cp.async` load left in shared memory in registers, which it cannot: a 8 x 16 tile does not spread evenly over 128 threads in chunks of 16, 8 or 4 bytes [lower:lower.register-tile]
module attributes {gpu.container_module} {
  func.func @read_back(%src: memref<4096x4096xf16, 1>, %dst: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %narrow, %t0 = nv_tileas.tiled_load %src coords(%i, %i) offsets() {tileSize = array<i64: 8, 16>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<8x16xf16>, !nv_tileaa.mem_token
    %narrow_stored = nv_tileas.tiled_store %narrow, %dst coords(%i, %i) offsets() token(%t0) {tileSize = array<i64: 8, 16>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    %eight, %t8 = nv_tileas.tiled_load %src coords(%i, %i) offsets() token(%narrow_stored) {tileSize = array<i64: 8, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<8x64xf16>, !nv_tileaa.mem_token
    %eight_stored = nv_tileas.tiled_store %eight, %dst coords(%i, %i) offsets() token(%t8) {tileSize = array<i64: 8, 64>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    %wide, %t1 = nv_tileas.tiled_load %src coords(%i, %i) offsets() token(%eight_stored) {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %wide_stored = nv_tileas.tiled_store %wide, %dst coords(%i, %i) offsets() token(%t1) {tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @views(%unknown: memref<?x?xf16, strided<[?, ?]>, 1>, %shifted: memref<256x256xf16, strided<[256, 1], offset: ?>, 1>,
                   %deep: memref<4x256x256xf16, 1>, %flat: memref<256x256xf16, 1>, %rows: tensor<4xi32>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %a, %ta = nv_tileas.tiled_load %unknown coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<?x?xf16, strided<[?, ?]>, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %sa = nv_tileas.tiled_store %a, %unknown coords(%i, %i) offsets() token(%ta) {tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<?x?xf16, strided<[?, ?]>, 1> -> !nv_tileaa.mem_token
    %b, %tb = nv_tileas.tiled_load %shifted coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<256x256xf16, strided<[256, 1], offset: ?>, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %c, %tc = nv_tileas.tiled_load %deep coords(%i, %i, %i) offsets() {tileSize = array<i64: 1, 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4x256x256xf16, 1> -> tensor<1x64x64xf16>, !nv_tileaa.mem_token
    %d, %td = nv_tileas.tiled_load %flat coords(%i, %i) offsets(%rows) {tileSize = array<i64: 4, 64>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<256x256xf16, 1> -> tensor<4x64xf16>, !nv_tileaa.mem_token
    return
  }

  func.func @bytes(%src: memref<4096x4096xi8, 1>, %dst: memref<4096x4096xi8, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %maybe_out, %t0 = nv_tileas.tiled_load %src coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xi8, 1> -> tensor<64x64xi8>, !nv_tileaa.mem_token
    %inside, %t1 = nv_tileas.tiled_load %src coords(%i, %i) offsets() token(%t0) {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xi8, 1> -> tensor<64x64xi8>, !nv_tileaa.mem_token
    %s0 = nv_tileas.tiled_store %inside, %dst coords(%i, %i) offsets() token(%t1) {tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<4096x4096xi8, 1> -> !nv_tileaa.mem_token
    %s1 = nv_tileas.tiled_store %inside, %dst coords(%i, %i) offsets() token(%s0) {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<4096x4096xi8, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @carried(%src: memref<4096x4096xf16, 1>, %dst: memref<4096x4096xf16, 1>, %n: index, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %first, %t0 = nv_tileas.tiled_load %src coords(%i, %i) offsets() {tileSize = array<i64: 8, 16>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<8x16xf16>, !nv_tileaa.mem_token
    %last = scf.for %k = %c0 to %n step %c1 iter_args(%tile = %first) -> (tensor<8x16xf16>) {
      %next, %t1 = nv_tileas.tiled_load %src coords(%k, %i) offsets() {tileSize = array<i64: 8, 16>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<8x16xf16>, !nv_tileaa.mem_token
      scf.yield %next : tensor<8x16xf16>
    }
    %s = nv_tileas.tiled_store %last, %dst coords(%i, %i) offsets() {tileSize = array<i64: 8, 16>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }

  // `cp.async` (the `ldgsts` atom) copies the tile into shared memory in the same chunks.
  func.func @async_copy(%src: memref<4096x4096xf16, 1>, %dst: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %tile, %t0 = nv_tileas.tiled_load %src coords(%i, %i) offsets() {tileSize = array<i64: 8, 16>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldgsts>} : memref<4096x4096xf16, 1> -> tensor<8x16xf16>, !nv_tileaa.mem_token
    return
  }
}
// CHECK: register-transfers.mlir:[[# @LINE - 4]]:5: error: this load copies its tile into shared memory with `cp.async` (the `ldgsts` copy atom), which it cannot: a 8 x 16 tile does not spread evenly over 128 threads in chunks of 16, 8 or 4 bytes [lower:lower.register-tile]
// CHECK-NOT: lower.register-tile
