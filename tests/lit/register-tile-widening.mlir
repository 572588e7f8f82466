// RUN: cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s --check-prefix=PTX

// `arith.extf` of a register tile: each element `cvt` into a register of its own, twice its
// bits, where its narrower source held it (a half pair unpacked first), so the widened tile
// lies as its source does: an f16 tile `ld.global` brought, widened, meets a splat constant
// (made again in its placement) and is stored element by element; an mma.sync product
// narrowed to f16 and widened back lies as the product does, so the two are subtracted
// register by register; bf16 widens to f32, f32 to f64.
// CHECK: 1 file checked: 0 errors, 0 warnings
module attributes {gpu.container_module} {
  // PTX-LABEL: .visible .entry widened(
  // PTX: mov.b32 {[[LO:%h[0-9]+]], [[HI:%h[0-9]+]]}, %t{{[0-9]+}}_0;
  // PTX-NEXT: cvt.f32.f16 [[W0:%wide[0-9]+_0]], [[LO]];
  // PTX-NEXT: cvt.f32.f16 [[W1:%wide[0-9]+_1]], [[HI]];
  // PTX: mul.rn.f32 %ew{{[0-9]+}}_0, [[W0]], %t{{[0-9]+}}_0;
  func.func @widened(%h: memref<4096x4096xf16, 1>, %o: memref<4096x4096xf32, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %u, %k = nv_tileas.tiled_load %h coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %w = arith.extf %u : tensor<64x64xf16> to tensor<64x64xf32>
    %two = arith.constant dense<2.0> : tensor<64x64xf32>
    %m = arith.mulf %w, %two : tensor<64x64xf32>
    %s = nv_tileas.tiled_store %m, %o coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<4096x4096xf32, 1> -> !nv_tileaa.mem_token
    return
  }

  // PTX-LABEL: .visible .entry rounded(
  // PTX: cvt.rn.f16x2.f32 [[PAIR:%h[0-9]+_0]], [[ACC1:%acc[0-9]+_1]], [[ACC0:%acc[0-9]+_0]];
  // PTX: mov.b32 {[[LO:%h[0-9]+]], [[HI:%h[0-9]+]]}, [[PAIR]];
  // PTX-NEXT: cvt.f32.f16 [[W0:%wide[0-9]+_0]], [[LO]];
  // PTX-NEXT: cvt.f32.f16 [[W1:%wide[0-9]+_1]], [[HI]];
  // PTX: sub.rn.f32 %ew{{[0-9]+}}_0, [[ACC0]], [[W0]];
  // PTX-NEXT: sub.rn.f32 %ew{{[0-9]+}}_1, [[ACC1]], [[W1]];
  func.func @rounded(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf32, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %ta, %ka = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %tb, %kb = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %p = nv_tileas.dot %ta, %tb, %zero : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %x = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
    %w = arith.extf %x : tensor<64x64xf16> to tensor<64x64xf32>
    %r = arith.subf %p, %w : tensor<64x64xf32>
    %s = nv_tileas.tiled_store %r, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf32, 1> -> !nv_tileaa.mem_token
    return
  }

  // PTX-LABEL: .visible .entry doubled(
  // PTX: cvt.f32.bf16 %wide{{[0-9]+}}_0, %h{{[0-9]+}};
  // PTX: cvt.f64.f32 [[D:%wide[0-9]+_0]], %wide{{[0-9]+}}_0;
  // PTX: st.global.b64 [%gaddr{{[0-9]+}}+0], [[D]];
  func.func @doubled(%h: memref<4096x4096xbf16, 1>, %d: memref<4096x4096xf64, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %u, %k = nv_tileas.tiled_load %h coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xbf16, 1> -> tensor<64x64xbf16>, !nv_tileaa.mem_token
    %w = arith.extf %u : tensor<64x64xbf16> to tensor<64x64xf32>
    %x = arith.extf %w : tensor<64x64xf32> to tensor<64x64xf64>
    %s = nv_tileas.tiled_store %x, %d coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<4096x4096xf64, 1> -> !nv_tileaa.mem_token
    return
  }
}
