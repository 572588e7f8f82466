// RUN: cute-ir lower %s --arch sm_90a --pipeline 'builtin.module(assign-load-store-layouts)' 2>&1 | FileCheck %s
// RUN: cute-ir lower %s --arch sm_80 --pipeline 'builtin.module(assign-load-store-layouts)' 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: cute-ir lower %s --arch sm_90a --pipeline 'builtin.module(assign-load-store-layouts{prefer_tma=true})' 2>&1 | FileCheck %s --check-prefix=PREFER

// A load and a store that allow TMA and a TMA box can move get the TMA atoms; one whose view's
// rows are not 16-byte multiples gets ldg, with a remark because it allowed TMA; an atom already
// named stays; a load or store that does not allow TMA gets ldg / stg without a remark, though a
// TMA box could move it (lower-tma-load-store-to-async would leave it: it moves through
// registers), unless the prefer_tma option (the page's TILEIR_PREFER_TMA_FOR_LOAD_STORE) asks
// for TMA; the attribute dictionary is written into the op's own form.
// CHECK-LABEL: func.func @k
// CHECK-NEXT: %a = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128x256xf16, 1> -> tensor<64x128xf16>
// CHECK-NEXT: %b = nv_tileas.tiled_load %odd coords(%i, %i) offsets() {tileSize = array<i64: 8, 8>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<ldg>}
// CHECK-NEXT: %c = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>, copy_atom = #nv_tileas.copy_atom<ldgsts>}
// CHECK-NEXT: %s = nv_tileas.tiled_store %a, %v coords(%i, %i) offsets() {copy_atom = #nv_tileas.copy_atom<tma_store>, tileSize = array<i64: 64, 128>}
// CHECK-NEXT: %u = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>, copy_atom = #nv_tileas.copy_atom<ldg>}
// CHECK-NEXT: %w = nv_tileas.tiled_store %u, %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>, copy_atom = #nv_tileas.copy_atom<stg>}
// PREFER: %u = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>, copy_atom = #nv_tileas.copy_atom<tma_load>}
// PREFER-NEXT: %w = nv_tileas.tiled_store %u, %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>, copy_atom = #nv_tileas.copy_atom<tma_store>}
// CHECK: assign-load-store-layouts.mlir:[[# @LINE + 5]]:3: information: this load allows TMA but cannot use it: its tensor map breaks a rule of cuTensorMapEncodeTiled: global stride 1 is 24 bytes; it must be a positive multiple of 16 below 2^40; it gets the `ldg` copy atom [lower:lower.not-tma]
// CHECK-NOT: information
// SM80: information: this load allows TMA but cannot use it: sm_80 has no TMA (sm_90 or later); it gets the `ldg` copy atom
func.func @k(%v: memref<128x256xf16, 1>, %odd: memref<128x12xf16, 1>, %i: index) {
  %a = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>, allow_tma = true} : memref<128x256xf16, 1> -> tensor<64x128xf16>
  %b = nv_tileas.tiled_load %odd coords(%i, %i) offsets() {tileSize = array<i64: 8, 8>, allow_tma = true} : memref<128x12xf16, 1> -> tensor<8x8xf16>
  %c = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>, copy_atom = #nv_tileas.copy_atom<ldgsts>} : memref<128x256xf16, 1> -> tensor<64x128xf16>
  %s = nv_tileas.tiled_store %a, %v coords(%i, %i) offsets() {copy_atom = #nv_tileas.copy_atom<tma_store>, tileSize = array<i64: 64, 128>} : memref<128x256xf16, 1> -> !nv_tileaa.mem_token
  %u = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>} : memref<128x256xf16, 1> -> tensor<64x128xf16>
  %w = nv_tileas.tiled_store %u, %v coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>} : memref<128x256xf16, 1> -> !nv_tileaa.mem_token
  return
}
