// RUN: not cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_90a --emit ptx 2>&1 | FileCheck %s

// What the register path cannot compute, `check` reports at the op, with the words `--emit ptx`
// refuses it with (tables/legality.py), rather than `check` passing and `--emit ptx` failing:
// mma.sync accumulates into registers in its own placement (not a tile `ld.global` brought,
// nor one in shared memory), in 16-row blocks for each warp, of f16 / bf16 tiles of whole
// 16-element K steps; a splat constant is made in the chunk placement, which a tile too small
// for a chunk a thread cannot take; `arith.truncf` packs two adjacent columns of a thread's
// registers, which a tile of one f32 a chunk does not have. A tile in shared memory narrowed by
// `arith.truncf` is read into the chunks first (the last function: no error).
// CHECK: register-tile-refusals.mlir:[[# @LINE + 13]]:5: error: this `nv_tileas.dot` accumulates into a tile in the chunk placement (a load's through registers, a tile's read from shared memory): mma.sync adds its product into registers in the mma.sync accumulator placement (a product's), which only a product or a splat constant takes [lower:lower.register-tile]
// CHECK: register-tile-refusals.mlir:[[# @LINE + 22]]:5: error: this `nv_tileas.dot` accumulates into a tile in shared memory: mma.sync adds its product into registers in the mma.sync accumulator placement (a product's), which only a product or a splat constant takes [lower:lower.register-tile]
// CHECK: register-tile-refusals.mlir:[[# @LINE + 31]]:5: error: this `nv_tileas.dot` accumulates into a tile the mma.sync placement cannot hold: a 32 x 32 accumulator does not split into 16-row blocks for each of the 4 warps and 16-column pairs of 8-column blocks [lower:lower.register-tile]
// CHECK: register-tile-refusals.mlir:[[# @LINE + 40]]:5: error: this `nv_tileas.dot` is not one mma.sync computes: mma.sync multiplies f16 or bf16 tiles of whole 16-element K steps, not f16 x f16 with K = 8 [lower:lower.register-tile]
// CHECK: register-tile-refusals.mlir:[[# @LINE + 45]]:5: error: this splat constant is a tile in registers in the chunk placement, which it cannot be: a 8 x 8 tile does not spread evenly over 128 threads in chunks of 16, 8 or 4 bytes [lower:lower.register-tile]
// CHECK: register-tile-refusals.mlir:[[# @LINE + 52]]:5: error: this `arith.truncf` narrows a 8 x 16 f32 tile in the chunk placement (a load's through registers, a tile's read from shared memory), which takes one element a 4-byte chunk over 128 threads: `cvt.rn.f16x2.f32` packs two adjacent columns of a thread's registers into one [lower:lower.register-tile]
// CHECK-NOT: lower.register-tile
module attributes {gpu.container_module} {
  func.func @chunk_acc(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf32, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %ta, %ka = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %tb, %kb = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %acc, %kc = nv_tileas.tiled_load %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
    %p = nv_tileas.dot %ta, %tb, %acc : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %s = nv_tileas.tiled_store %p, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf32, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @shared_acc(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf32, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %ta, %ka = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %tb, %kb = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %acc, %kc = nv_tileas.tiled_load %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
    %p = nv_tileas.dot %ta, %tb, %acc : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %s = nv_tileas.tiled_store %p, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf32, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @small_acc(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf32, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %zero = arith.constant dense<0.0> : tensor<32x32xf32>
    %ta, %ka = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 32, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<32x64xf16>, !nv_tileaa.mem_token
    %tb, %kb = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 64, 32>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x32xf16>, !nv_tileaa.mem_token
    %p = nv_tileas.dot %ta, %tb, %zero : tensor<32x64xf16>, tensor<64x32xf16>, tensor<32x32xf32> -> tensor<32x32xf32>
    %s = nv_tileas.tiled_store %p, %c coords(%i, %i) offsets() {tileSize = array<i64: 32, 32>, allow_tma = true} : memref<4096x4096xf32, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @short_k(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf32, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %ta, %ka = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 8>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x8xf16>, !nv_tileaa.mem_token
    %tb, %kb = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 8, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<8x64xf16>, !nv_tileaa.mem_token
    %p = nv_tileas.dot %ta, %tb, %zero : tensor<64x8xf16>, tensor<8x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    return
  }

  func.func @small_splat(%c: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %z = arith.constant dense<1.0> : tensor<8x8xf16>
    %s = nv_tileas.tiled_store %z, %c coords(%i, %i) offsets() {tileSize = array<i64: 8, 8>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @unpaired(%a: memref<4096x4096xf32, 1>, %c: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %t, %k = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 8, 16>, allow_tma = true} : memref<4096x4096xf32, 1> -> tensor<8x16xf32>, !nv_tileaa.mem_token
    %x = arith.truncf %t : tensor<8x16xf32> to tensor<8x16xf16>
    %s = nv_tileas.tiled_store %x, %c coords(%i, %i) offsets() {tileSize = array<i64: 8, 16>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @narrowed(%a: memref<4096x4096xf32, 1>, %c: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %t, %k = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
    %x = arith.truncf %t : tensor<64x64xf32> to tensor<64x64xf16>
    %s = nv_tileas.tiled_store %x, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }
}
