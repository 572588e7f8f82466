// RUN: not cute-ir lower %s --arch sm_90a --emit ptx --split-input-file 2>&1 | FileCheck %s
// RUN: not cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=REFUSED

// A `tiled_atomic_rmw` TMA does not reduce: each thread combines its elements of the tile (the
// chunk placement of the load that made it: thread t's first element at row 4t / 64, column
// 4t mod 64) with `red.global` when the old values are unused, `atom.global` when they are.
// The memory order is the op's memSemantic and memScope (none: PTX's defaults, written out).
// CHECK-LABEL: .visible .entry red_add
// CHECK: mul.lo.u32 %[[LIN:lin[0-9]+]], %tid_x, 4;
// CHECK: div.u32 %[[ROW:row[0-9]+]], %[[LIN]], 64;
// CHECK: rem.u32 %[[COL:col[0-9]+]], %[[LIN]], 64;
// CHECK: ld.global.v4.b32 {%[[T0:t[0-9]+]]_0, %[[T0]]_1, %[[T0]]_2, %[[T0]]_3}
// The atomic addresses the same elements from the same registers: the load's row and column.
// CHECK: cvta.to.global.u64 %[[C:global[0-9]+]], %p1_c;
// CHECK-NEXT: add.u32 %[[GC:gc[0-9]+]], %{{x[0-9]+}}, %[[COL]];
// CHECK-NEXT: mul.wide.u32 %[[OFF:goff[0-9]+]], %[[GC]], 4;
// CHECK-NEXT: add.u32 %[[GR:gr[0-9]+]], %{{x[0-9]+}}, %[[ROW]];
// CHECK-NEXT: mad.wide.u32 %[[OFF]], %[[GR]], 16384, %[[OFF]];
// CHECK-NEXT: add.u64 %[[ADDR:gaddr[0-9]+]], %[[C]], %[[OFF]];
// CHECK-NEXT: red.relaxed.gpu.global.add.f32 [%[[ADDR]]+0], %[[T0]]_0;
// CHECK-NEXT: red.relaxed.gpu.global.add.f32 [%[[ADDR]]+4], %[[T0]]_1;
// CHECK-NEXT: red.relaxed.gpu.global.add.f32 [%[[ADDR]]+8], %[[T0]]_2;
// CHECK-NEXT: red.relaxed.gpu.global.add.f32 [%[[ADDR]]+12], %[[T0]]_3;
// The next chunk, 128 threads x 4 elements = 8 rows of 4096 f32 further on.
// CHECK-NEXT: red.relaxed.gpu.global.add.f32 [%[[ADDR]]+131072], %[[T0]]_4;
// CHECK-NOT: atom.
// CHECK: ret;
module attributes {gpu.container_module} {
  func.func @red_add(%src: memref<4096x4096xf32, 1>, %c: memref<4096x4096xf32, 1>)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %bx = gpu.block_id x
    %c64 = arith.constant 64 : index
    %n = arith.muli %bx, %c64 : index
    %t, %k = nv_tileas.tiled_load %src coords(%n, %n) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>} : memref<4096x4096xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
    %old, %k2 = nv_tileas.tiled_atomic_rmw %t, %c coords(%n, %n) offsets() token(%k) {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, rmw_mode = #nv_tileas.rmw_mode<add>} : memref<4096x4096xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
    return
  }
}

// -----
// The old values used (stored): `atom`, its results the stored tile's registers; unsigned
// maximum of i64, released at system scope; 64-bit elements take two a 16-byte chunk.
// CHECK-LABEL: .visible .entry atom_umax
// CHECK: atom.release.sys.global.max.u64 %[[OLD:old[0-9]+]]_0, [%[[ADDR:gaddr[0-9]+]]+0], %[[T:t[0-9]+]]_0;
// CHECK-NEXT: atom.release.sys.global.max.u64 %[[OLD]]_1, [%[[ADDR]]+8], %[[T]]_1;
// CHECK: st.global.v2.b64 [%{{gaddr[0-9]+}}+0], {%[[OLD]]_0, %[[OLD]]_1};
module attributes {gpu.container_module} {
  func.func @atom_umax(%src: memref<256x256xi64, 1>, %c: memref<256x256xi64, 1>, %prev: memref<256x256xi64, 1>)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %c0 = arith.constant 0 : index
    %t, %k = nv_tileas.tiled_load %src coords(%c0, %c0) offsets() {tileSize = array<i64: 32, 32>, in_bounds = array<i1: true, true>} : memref<256x256xi64, 1> -> tensor<32x32xi64>, !nv_tileaa.mem_token
    %old, %k2 = nv_tileas.tiled_atomic_rmw %t, %c coords(%c0, %c0) offsets() token(%k) {tileSize = array<i64: 32, 32>, in_bounds = array<i1: true, true>, rmw_mode = #nv_tileas.rmw_mode<umax>, memSemantic = #nv_tileas.mem_semantic<release>, memScope = #nv_tileas.mem_scope<sys>} : memref<256x256xi64, 1> -> tensor<32x32xi64>, !nv_tileaa.mem_token
    %k3 = nv_tileas.tiled_store %old, %prev coords(%c0, %c0) offsets() token(%k2) {tileSize = array<i64: 32, 32>, in_bounds = array<i1: true, true>} : memref<256x256xi64, 1> -> !nv_tileaa.mem_token
    return
  }
}

// -----
// `red` has no acquire: an acquiring atomic whose old values are unused is an `atom` into a
// register nothing reads. An xor of i32 at CTA scope.
// CHECK-LABEL: .visible .entry acquire_xor
// CHECK: atom.acquire.cta.global.xor.b32 %[[SINK:discard[0-9]+]], [%{{gaddr[0-9]+}}+0], %{{t[0-9]+}}_0;
// CHECK-NEXT: atom.acquire.cta.global.xor.b32 %[[SINK]], [%{{gaddr[0-9]+}}+4], %{{t[0-9]+}}_1;
// CHECK-NOT: red.
// CHECK: ret;
module attributes {gpu.container_module} {
  func.func @acquire_xor(%src: memref<256x256xi32, 1>, %c: memref<256x256xi32, 1>)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %c0 = arith.constant 0 : index
    %t, %k = nv_tileas.tiled_load %src coords(%c0, %c0) offsets() {tileSize = array<i64: 32, 64>, in_bounds = array<i1: true, true>} : memref<256x256xi32, 1> -> tensor<32x64xi32>, !nv_tileaa.mem_token
    %old, %k2 = nv_tileas.tiled_atomic_rmw %t, %c coords(%c0, %c0) offsets() token(%k) {tileSize = array<i64: 32, 64>, in_bounds = array<i1: true, true>, rmw_mode = #nv_tileas.rmw_mode<xor>, memSemantic = #nv_tileas.mem_semantic<acquire>, memScope = #nv_tileas.mem_scope<cta>} : memref<256x256xi32, 1> -> tensor<32x64xi32>, !nv_tileaa.mem_token
    return
  }
}

// -----
// f16 in bounds: a register's two elements by one `.v2.f16` (a minimum, old values used);
// out of bounds (the tile past the view's 100 columns), an add of each element alone,
// predicated on the view, zero its old value outside it.
// CHECK-LABEL: .visible .entry halves
// CHECK: mov.b32 {%[[H0:h[0-9]+]], %[[H1:h[0-9]+]]}, %{{t[0-9]+}}_0;
// CHECK-NEXT: atom.relaxed.gpu.global.min.noftz.v2.f16 {%[[O0:o[0-9]+]], %[[O1:o[0-9]+]]}, [%{{gaddr[0-9]+}}+0], {%[[H0]], %[[H1]]};
// CHECK-NEXT: mov.b32 %{{old[0-9]+}}_0, {%[[O0]], %[[O1]]};
// CHECK: mov.b32 {%[[E0:h[0-9]+]], %[[E1:h[0-9]+]]}, %{{t[0-9]+}}_0;
// CHECK: setp.lt.u32 %[[P0:in[0-9]+]], %{{ic[0-9]+}}, 100;
// CHECK: mov.b16 %[[Q0:o[0-9]+]], 0;
// CHECK-NEXT: @%[[P0]] atom.relaxed.gpu.global.add.noftz.f16 %[[Q0]], [%{{gaddr[0-9]+}}+0], %[[E0]];
// CHECK: setp.lt.u32 %[[P1:in[0-9]+]], %{{ic[0-9]+}}, 100;
// CHECK: @%[[P1]] atom.relaxed.gpu.global.add.noftz.f16 %{{o[0-9]+}}, [%{{gaddr[0-9]+}}+2], %[[E1]];
module attributes {gpu.container_module} {
  func.func @halves(%src: memref<64x100xf16, 1>, %c: memref<64x100xf16, 1>, %prev: memref<64x100xf16, 1>)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %t, %k = nv_tileas.tiled_load %src coords(%c0, %c0) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>} : memref<64x100xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %min, %k2 = nv_tileas.tiled_atomic_rmw %t, %c coords(%c0, %c0) offsets() token(%k) {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, rmw_mode = #nv_tileas.rmw_mode<min>} : memref<64x100xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %k3 = nv_tileas.tiled_store %min, %prev coords(%c0, %c0) offsets() token(%k2) {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>} : memref<64x100xf16, 1> -> !nv_tileaa.mem_token
    %sum, %k4 = nv_tileas.tiled_atomic_rmw %t, %c coords(%c0, %c64) offsets() token(%k3) {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, false>, rmw_mode = #nv_tileas.rmw_mode<add>} : memref<64x100xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %k5 = nv_tileas.tiled_store %sum, %prev coords(%c0, %c64) offsets() token(%k4) {tileSize = array<i64: 64, 64>, in_bounds = array<i1: false, false>, paddingValue = #nv_tileas.padding<zero>} : memref<64x100xf16, 1> -> !nv_tileaa.mem_token
    return
  }
}

// -----
// No instruction: `red` / `atom` have no maximum of f32, and a 16-bit float maximum only two
// elements at once, which a tile that may cross the view's edge does not move. The lowering
// reports each (`check` says so) and the kernel has no PTX (the emitter refuses it in the same
// words: tests/emit/test_tileas_atomics.py).
// REFUSED: per-thread-atomics.mlir:[[# @LINE + 10]]:5: error: this atomic moves its tile through registers, which it cannot: `red` / `atom` have no `max` of f32 (they have it for i32, i64, f16, bf16 elements) [lower:lower.register-tile]
// REFUSED: per-thread-atomics.mlir:[[# @LINE + 10]]:5: error: this atomic moves its tile through registers, which it cannot: `red` / `atom` have `.max` of f16 only for two elements at once (`.v2.f16`), and this atomic's elements move one at a time: say its tile is in bounds (`in_bounds`) [lower:lower.register-tile]
// CHECK: error: this atomic moves its tile through registers, which it cannot: `red` / `atom` have no `max` of f32
// CHECK-NOT: .entry refused
module attributes {gpu.container_module} {
  func.func @refused(%src: memref<64x100xf32, 1>, %c: memref<64x100xf32, 1>, %h: memref<64x100xf16, 1>)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %c0 = arith.constant 0 : index
    %t, %k = nv_tileas.tiled_load %src coords(%c0, %c0) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>} : memref<64x100xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
    %x = arith.truncf %t : tensor<64x64xf32> to tensor<64x64xf16>
    %max, %k2 = nv_tileas.tiled_atomic_rmw %t, %c coords(%c0, %c0) offsets() token(%k) {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, rmw_mode = #nv_tileas.rmw_mode<max>} : memref<64x100xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
    %hmax, %k3 = nv_tileas.tiled_atomic_rmw %x, %h coords(%c0, %c0) offsets() token(%k2) {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, false>, rmw_mode = #nv_tileas.rmw_mode<max>} : memref<64x100xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    return
  }
}
