// RUN: cute-ir lower %s --arch sm_90a --pipeline 'builtin.module(assign-load-store-layouts)' 2>&1 | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_100a 2>&1 | FileCheck %s --check-prefix=LOWERED

// tileas-tma-and-memops: a tiled_atomic_rmw becomes "tiled_atomic_rmw (TMAREDG atom)", which
// "emits TMA reduction-style traffic when the atom supports it". assign-load-store-layouts gives
// an atomic that names no atom the tma_redg atom where a TMA reduction does what it asks: the
// PTX ISA's table of cp.reduce.async.bulk.tensor gives `.add` to f32 but no `.max`, and a TMA
// reduction returns no pre-image. The others get no atom and a remark saying why, and stay.
// CHECK-LABEL: func.func @atomics
// CHECK-NEXT: %old:2 = nv_tileas.tiled_atomic_rmw %t, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, rmw_mode = #nv_tileas.rmw_mode<add>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_redg>} : memref<4096x4096xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
// CHECK-NEXT: %max:2 = nv_tileas.tiled_atomic_rmw %t, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, rmw_mode = #nv_tileas.rmw_mode<max>, allow_tma = true} :
// CHECK-NEXT: %used:2 = nv_tileas.tiled_atomic_rmw %t, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, rmw_mode = #nv_tileas.rmw_mode<add>, allow_tma = true} :
// CHECK: tma-reductions.mlir:[[# @LINE + 14]]:3: information: this atomic allows TMA but cannot use it: cp.reduce.async.bulk.tensor has no `.max` of f32 (the PTX ISA gives `.max` to f16, bf16, u32, s32, u64, s64); it gets no copy atom and stays a `tiled_atomic_rmw` [lower:lower.not-tma]
// CHECK: tma-reductions.mlir:[[# @LINE + 14]]:3: information: this atomic allows TMA but cannot use it: a TMA reduction returns no pre-image, and this atomic's is used; it gets no copy atom and stays a `tiled_atomic_rmw` [lower:lower.not-tma]

// The default pipeline makes the first a TMA reduction: a descriptor in reduce mode, the
// async op with its rmw_mode, and a wait for its bulk group. The others stay, each thread's
// elements combined by `red` / `atom` (per-thread-atomics.mlir): `atom.global.add.f32` for the
// third, but no instruction has a `.max` of f32, which is an error of the second.
// LOWERED-LABEL: func.func @atomics
// LOWERED: %r = "nv_tileas.async.tiled_atomic_rmw"(%t, %tma_host0, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>}> {copy_atom = #nv_tileas.copy_atom<tma_redg>, tmaIdx = 0 : i32, boxDim = array<i64: 32, 64>, swizzle = "128B", rmw_mode = #nv_tileas.rmw_mode<add>}
// LOWERED-NEXT: "nv_tileas.async.wait"() : () -> ()
// LOWERED: mode = #cute_nvgpu.tma_store_mode<reduce>, elementBitWidth = 32 : i32, tmaIdx = 0 : i32
// LOWERED: tma-reductions.mlir:[[# @LINE + 3]]:3: error: this atomic moves its tile through registers, which it cannot: `red` / `atom` have no `max` of f32 (they have it for i32, i64, f16, bf16 elements) [lower:lower.register-tile]
func.func @atomics(%c: memref<4096x4096xf32, 1>, %t: tensor<64x64xf32>, %i: index) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %old, %r = nv_tileas.tiled_atomic_rmw %t, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, rmw_mode = #nv_tileas.rmw_mode<add>, allow_tma = true} : memref<4096x4096xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
  %max, %r2 = nv_tileas.tiled_atomic_rmw %t, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, rmw_mode = #nv_tileas.rmw_mode<max>, allow_tma = true} : memref<4096x4096xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
  %used, %r3 = nv_tileas.tiled_atomic_rmw %t, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, rmw_mode = #nv_tileas.rmw_mode<add>, allow_tma = true} : memref<4096x4096xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
  "use"(%used) : (tensor<64x64xf32>) -> ()
  return
}
