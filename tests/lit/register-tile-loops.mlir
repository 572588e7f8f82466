// RUN: not cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_90a --emit ptx 2>&1 | FileCheck %s

// A loop keeps a carried tile's registers in one placement from iteration to iteration, so what
// it yields must lie as they do. A tile `ld.global` brought (the chunks) carried while the loop
// yields an mma.sync product is reported at the yield with the words `--emit ptx` refuses it
// with; an accumulator (a splat constant the product accumulates into: the product's placement)
// yielding the product, or the splat itself, is not.
// CHECK: register-tile-loops.mlir:[[# @LINE + 13]]:7: error: this `scf.yield` yields a tile in the mma.sync accumulator placement (a product's) where the loop carries a tile in the chunk placement (a load's through registers, a tile's read from shared memory): a loop keeps its carried tile's registers in one placement [lower:lower.register-tile]
// CHECK-NOT: lower.register-tile
module attributes {gpu.container_module} {
  func.func @mixed(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf32, 1>, %n: index, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %init, %k0 = nv_tileas.tiled_load %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x64xf32>) {
      %ta, %ka = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
      %tb, %kb = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
      %zero = arith.constant dense<0.0> : tensor<64x64xf32>
      %p = nv_tileas.dot %ta, %tb, %zero : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
      scf.yield %p : tensor<64x64xf32>
    }
    return
  }

  func.func @accumulated(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf32, 1>, %n: index, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
      %ta, %ka = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
      %tb, %kb = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
      %p = nv_tileas.dot %ta, %tb, %acc : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
      scf.yield %p : tensor<64x64xf32>
    }
    %s = nv_tileas.tiled_store %r, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf32, 1> -> !nv_tileaa.mem_token
    return
  }
}
