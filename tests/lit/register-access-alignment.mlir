// RUN: not cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_90a --emit ptx 2>&1 | FileCheck %s

// A chunk of a tile moved through registers is one vector access (or one `cp.async`) only where
// it is consecutive elements at an address that is a multiple of its bytes: the view's innermost
// stride 1, its offset and other strides whole chunks. Elsewhere `ld.global` / `st.global` move
// each element alone, predicated (no error at @columns and @rows, although they say `in_bounds`);
// `cp.async` cannot, nor can 8-bit elements, and the lowering says so at the op.
// CHECK: register-access-alignment.mlir:[[# @LINE + 20]]:5: error: this load copies its tile into shared memory with `cp.async` (the `ldgsts` copy atom), which it cannot: `cp.async` copies whole chunks, and its view's innermost stride is 4096, not 1: a 16-byte access would not read consecutive elements [lower:lower.register-tile]
// CHECK: register-access-alignment.mlir:[[# @LINE + 25]]:5: error: this load moves its tile through registers (the `ldg` copy atom), which it cannot: 8-bit elements are not moved one at a time here, and its view's stride (4095 x 8 bits) is not whole 16-byte accesses, which must be aligned to their size [lower:lower.register-tile]
// CHECK-NOT: lower.register-tile
module attributes {gpu.container_module} {
  func.func @columns(%src: memref<4096x4096xf16, strided<[1, 4096]>, 1>, %dst: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %t, %k = nv_tileas.tiled_load %src coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4096xf16, strided<[1, 4096]>, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %s = nv_tileas.tiled_store %t, %dst coords(%i, %i) offsets() token(%k) {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @rows(%src: memref<4096x4095xf16, 1>, %dst: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %t, %k = nv_tileas.tiled_load %src coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4095xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %s = nv_tileas.tiled_store %t, %dst coords(%i, %i) offsets() token(%k) {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }

  func.func @async(%src: memref<4096x4096xf16, strided<[1, 4096]>, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %t, %k = nv_tileas.tiled_load %src coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldgsts>} : memref<4096x4096xf16, strided<[1, 4096]>, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    return
  }

  func.func @bytes(%src: memref<4096x4095xi8, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %t, %k = nv_tileas.tiled_load %src coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<4096x4095xi8, 1> -> tensor<64x64xi8>, !nv_tileaa.mem_token
    return
  }
}
