// RUN: cute-ir lower %s --arch sm_90a --pipeline 'builtin.module(assign-load-store-layouts,lower-tma-load-store-to-async)' 2>&1 | FileCheck %s

// A tile size written as an attribute alias is what the alias stands for, to the verifier and to
// the passes (as MLIR's parser resolves it): the load verifies, gets the TMA atom and moves in
// two 64 x 64 boxes, exactly as with `array<i64: 64, 128>` written in place.
// CHECK-NOT: error
// CHECK: #tile = array<i64: 64, 128>
// CHECK-LABEL: func.func @k
// CHECK: "nv_tileas.async.tiled_tma_load"({{.*}}) {{.*}} {copy_atom = #nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, boxDim = array<i64: 64, 64>, swizzle = "128B", tx_count = 16384 : i64}
// CHECK-NOT: nv_tileas.tiled_load
#tile = array<i64: 64, 128>
func.func @k(%v: memref<128x128xf16, 1>, %i: index) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %a = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = #tile, allow_tma = true} : memref<128x128xf16, 1> -> tensor<64x128xf16>
  return
}
