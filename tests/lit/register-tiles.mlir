// RUN: not cute-ir lower %s --arch sm_90a --emit ptx 2>&1 | FileCheck %s
// RUN: not cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=CHECKED

// A load that does not move by TMA moves its tile through registers, a chunk of 16, 8 or 4
// bytes a thread at a time, the widest that splits the tile evenly over the kernel's threads.
// A 64 x 4 f16 tile has 8-byte rows: TMA cannot move it (the assign pass gives it `ldg`, with a
// remark), but the register path can, 4 bytes a thread (no error at it). A 64 x 1 f16 tile's
// rows are not whole 4-byte chunks, and an 8 x 8 tile is too small to spread over 128 threads
// even 4 bytes at a time: the lowering says so at the load rather than `--emit ptx` failing
// after `check` passed. The same for a tile in a kernel whose spec fixes no thread count. A
// 64 x 64 tile moves (no error at its load).
// CHECK: register-tiles.mlir:[[# @LINE + 15]]:5: information: this load allows TMA but cannot use it: the tile's innermost dimension is 4 x 16 bits, not whole 16-byte granules; it gets the `ldg` copy atom [lower:lower.not-tma]
// CHECK: register-tiles.mlir:[[# @LINE + 15]]:5: error: this load moves its tile through registers (the `ldg` copy atom), which it cannot: a tile of 1 x 16-bit columns is not whole 4-byte chunks per row [lower:lower.register-tile]
// CHECK: register-tiles.mlir:[[# @LINE + 15]]:5: error: this load moves its tile through registers (the `ldg` copy atom), which it cannot: a 8 x 8 tile does not spread evenly over 128 threads in chunks of 16, 8 or 4 bytes [lower:lower.register-tile]
// CHECK: register-tiles.mlir:[[# @LINE + 23]]:5: error: this load moves its tile through registers (the `ldg` copy atom), which it cannot: a tile in registers needs the CTA's thread count: the kernel spec's num_warps [lower:lower.register-tile]
// CHECK-NOT: lower.register-tile
// CHECKED: register-tiles.mlir:[[# @LINE + 11]]:5: error: this load moves its tile through registers (the `ldg` copy atom), which it cannot: a tile of 1 x 16-bit columns is not whole 4-byte chunks per row [lower:lower.register-tile]
// CHECKED: register-tiles.mlir:[[# @LINE + 11]]:5: error: this load moves its tile through registers (the `ldg` copy atom), which it cannot: a 8 x 8 tile does not spread evenly over 128 threads in chunks of 16, 8 or 4 bytes [lower:lower.register-tile]
// CHECKED: register-tiles.mlir:[[# @LINE + 19]]:5: error: this load moves its tile through registers (the `ldg` copy atom), which it cannot: a tile in registers needs the CTA's thread count: the kernel spec's num_warps [lower:lower.register-tile]
// CHECKED: 3 errors
module attributes {gpu.container_module} {
  func.func @narrow(%src: memref<4096x4096xf16, 1>, %dst: memref<4096x4096xf16, 1>)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %bx = gpu.block_id x
    %c64 = arith.constant 64 : index
    %m = arith.muli %bx, %c64 : index
    %tile, %loaded = nv_tileas.tiled_load %src coords(%m, %m) offsets() {tileSize = array<i64: 64, 4>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x4xf16>, !nv_tileaa.mem_token
    %odd, %t1 = nv_tileas.tiled_load %src coords(%m, %m) offsets() token(%loaded) {tileSize = array<i64: 64, 1>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf16, 1> -> tensor<64x1xf16>, !nv_tileaa.mem_token
    %small, %t2 = nv_tileas.tiled_load %src coords(%m, %m) offsets() token(%t1) {tileSize = array<i64: 8, 8>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf16, 1> -> tensor<8x8xf16>, !nv_tileaa.mem_token
    %wide, %t3 = nv_tileas.tiled_load %src coords(%m, %m) offsets() token(%t2) {tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %stored = nv_tileas.tiled_store %wide, %dst coords(%m, %m) offsets() token(%t3) {tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @no_thread_count(%src: memref<4096x4096xf16, 1>)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<max_num_warps = 4>} {
    %c0 = arith.constant 0 : index
    %tile, %loaded = nv_tileas.tiled_load %src coords(%c0, %c0) offsets() {tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    return
  }
}
