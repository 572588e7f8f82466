// RUN: not cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_90a --emit ptx 2>&1 | FileCheck %s

// Float arithmetic of two tiles in registers computes register by register, so the tiles must
// lie alike over the threads. An mma.sync product (narrowed to f16) lies in the accumulator's
// placement and a tile `ld.global` brought in the chunks: the lowering reports the op, with the
// words `--emit ptx` refuses it with, rather than `check` passing and `--emit ptx` failing.
// So are f64 tiles, which the register path does not compute on. A splat constant takes the
// product's placement, and the product read against a tile in shared memory is read in the
// product's (no error at them).
// CHECK: register-tile-arithmetic.mlir:[[# @LINE + 12]]:5: error: this `arith.addf` of a tile narrowed by `arith.truncf` from the mma.sync accumulator placement (a product's) and a tile in the chunk placement (a load's through registers, a tile's read from shared memory): the register path computes on tiles placed alike (a splat constant, or a tile in shared memory, takes the other's) [lower:lower.register-tile]
// CHECK: register-tile-arithmetic.mlir:[[# @LINE + 20]]:5: error: this `arith.addf` of f64 tiles: the register path computes on f32, f16, bf16 tiles [lower:lower.register-tile]
// CHECK-NOT: lower.register-tile
module attributes {gpu.container_module} {
  func.func @mixed(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %ta, %ka = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %tb, %kb = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %p = nv_tileas.dot %ta, %tb, %zero : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %x = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
    %y, %ky = nv_tileas.tiled_load %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %sum = arith.addf %x, %y : tensor<64x64xf16>
    %s = nv_tileas.tiled_store %sum, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @wide(%a: memref<4096x4096xf64, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %x, %kx = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 2>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf64, 1> -> tensor<64x2xf64>, !nv_tileaa.mem_token
    %y, %ky = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 2>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf64, 1> -> tensor<64x2xf64>, !nv_tileaa.mem_token
    %sum = arith.addf %x, %y : tensor<64x2xf64>
    return
  }

  func.func @alike(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %half = arith.constant dense<0.5> : tensor<64x64xf32>
    %ta, %ka = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %tb, %kb = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %p = nv_tileas.dot %ta, %tb, %zero : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %q = arith.mulf %half, %p : tensor<64x64xf32>
    %x = arith.truncf %q : tensor<64x64xf32> to tensor<64x64xf16>
    %tc, %kc = nv_tileas.tiled_load %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %sum = arith.addf %x, %tc : tensor<64x64xf16>
    %s = nv_tileas.tiled_store %sum, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }
}
