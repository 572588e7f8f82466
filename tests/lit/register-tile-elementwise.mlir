// RUN: not cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_90a --emit ptx 2>&1 | FileCheck %s

// Every float op the register path computes element by element (a division, `remf`, `fma`, a
// negation, ...), not only add, sub, mul, maximumf and minimumf, needs its tiles placed alike:
// the lowering reports each such op in the words `--emit ptx` refuses it with, so `check` does
// not pass a kernel `--emit ptx` fails. A negation keeps its operand's placement (the product's,
// narrowed), which the `remf` after it meets; an f64 tile is refused at a one-operand op too,
// and a tile is widened (`arith.extf`) from f16 / bf16 to f32 and from f32 to f64 only.
// CHECK: register-tile-elementwise.mlir:[[# @LINE + 16]]:5: error: this `arith.divf` of a tile narrowed by `arith.truncf` from the mma.sync accumulator placement (a product's) and a tile in the chunk placement (a load's through registers, a tile's read from shared memory): the register path computes on tiles placed alike (a splat constant, or a tile in shared memory, takes the other's) [lower:lower.register-tile]
// CHECK: register-tile-elementwise.mlir:[[# @LINE + 16]]:5: error: this `arith.remf` of a tile narrowed by `arith.truncf` from the mma.sync accumulator placement (a product's) and a tile in the chunk placement (a load's through registers, a tile's read from shared memory): the register path computes on tiles placed alike (a splat constant, or a tile in shared memory, takes the other's) [lower:lower.register-tile]
// CHECK: register-tile-elementwise.mlir:[[# @LINE + 16]]:5: error: this `math.fma` of a tile narrowed by `arith.truncf` from the mma.sync accumulator placement (a product's) and a tile in the chunk placement (a load's through registers, a tile's read from shared memory): the register path computes on tiles placed alike (a splat constant, or a tile in shared memory, takes the other's) [lower:lower.register-tile]
// CHECK: register-tile-elementwise.mlir:[[# @LINE + 23]]:5: error: this `arith.negf` of f64 tiles: the register path computes on f32, f16, bf16 tiles [lower:lower.register-tile]
// CHECK: register-tile-elementwise.mlir:[[# @LINE + 29]]:5: error: this `arith.extf` widens f16 to f64: the register path widens tiles of f16 and bf16 to f32, and of f32 to f64 [lower:lower.register-tile]
// CHECK-NOT: lower.register-tile
module attributes {gpu.container_module} {
  func.func @mixed(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %ta, %ka = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %tb, %kb = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %p = nv_tileas.dot %ta, %tb, %zero : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %x = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
    %n = arith.negf %x : tensor<64x64xf16>
    %y, %ky = nv_tileas.tiled_load %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %q = arith.divf %x, %y : tensor<64x64xf16>
    %r = arith.remf %n, %y : tensor<64x64xf16>
    %f = math.fma %x, %x, %y : tensor<64x64xf16>
    %s = nv_tileas.tiled_store %q, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @wide(%a: memref<4096x4096xf64, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %x, %kx = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 2>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf64, 1> -> tensor<64x2xf64>, !nv_tileaa.mem_token
    %n = arith.negf %x : tensor<64x2xf64>
    return
  }

  func.func @widened(%h: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %u, %k = nv_tileas.tiled_load %h coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %w = arith.extf %u : tensor<64x64xf16> to tensor<64x64xf64>
    return
  }

  func.func @alike(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %ta, %ka = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %tb, %kb = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %p = nv_tileas.dot %ta, %tb, %zero : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %x = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
    %n = arith.negf %x : tensor<64x64xf16>
    %tc, %kc = nv_tileas.tiled_load %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %r = arith.remf %n, %tc : tensor<64x64xf16>
    %q = arith.divf %r, %x : tensor<64x64xf16>
    %s = nv_tileas.tiled_store %q, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }
}
