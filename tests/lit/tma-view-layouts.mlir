// RUN: cute-ir lower %s --arch sm_90a --pipeline 'builtin.module(assign-load-store-layouts)' 2>&1 | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_90a --pipeline 'builtin.module(lower-tma-load-store-to-async)' 2>&1 | FileCheck %s --check-prefix=NAMED

// A tensor map describes a view only as it is laid out: dimension 0 contiguous (the encode call
// takes no stride for it) and the global address, the view's base plus its offset, 16-byte
// aligned. A view whose innermost stride is not 1 (or not known to be) or whose static offset
// misaligns the base cannot be moved by TMA: the load gets ldg, with a remark saying why; an
// aligned static offset and a dynamic one (the launch's to align, as the base is) keep TMA.
// CHECK-LABEL: func.func @views
// CHECK: %a:2 = nv_tileas.tiled_load %every_other {{.*}}copy_atom = #nv_tileas.copy_atom<ldg>}
// CHECK-NEXT: %b:2 = nv_tileas.tiled_load %unknown {{.*}}copy_atom = #nv_tileas.copy_atom<ldg>}
// CHECK-NEXT: %c:2 = nv_tileas.tiled_load %off3 {{.*}}copy_atom = #nv_tileas.copy_atom<ldg>}
// CHECK-NEXT: %d:2 = nv_tileas.tiled_load %off8 {{.*}}copy_atom = #nv_tileas.copy_atom<tma_load>}
// CHECK-NEXT: %e:2 = nv_tileas.tiled_load %offq {{.*}}copy_atom = #nv_tileas.copy_atom<tma_load>}
// CHECK: tma-view-layouts.mlir:[[# @LINE + 9]]:3: information: this load allows TMA but cannot use it: the view's innermost stride is 2 elements; a tensor map's dimension 0 is contiguous (stride 1); it gets the `ldg` copy atom [lower:lower.not-tma]
// CHECK: tma-view-layouts.mlir:[[# @LINE + 9]]:3: information: this load allows TMA but cannot use it: the view's innermost stride is dynamic (`?`); a tensor map's dimension 0 is contiguous (stride 1); it gets the `ldg` copy atom [lower:lower.not-tma]
// CHECK: tma-view-layouts.mlir:[[# @LINE + 9]]:3: information: this load allows TMA but cannot use it: the view starts 3 elements (6 bytes) past its base; a tensor map's global address must be a multiple of 16 bytes; it gets the `ldg` copy atom [lower:lower.not-tma]
// CHECK-NOT: information
func.func @views(%every_other: memref<256x256xf16, strided<[512, 2]>, 1>, %unknown: memref<?x?xf16, strided<[?, ?]>, 1>,
                 %off3: memref<256x256xf16, strided<[256, 1], offset: 3>, 1>,
                 %off8: memref<256x256xf16, strided<[256, 1], offset: 8>, 1>,
                 %offq: memref<?x?xf16, strided<[?, 1], offset: ?>, 1>, %i: index)
    attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %a, %ta = nv_tileas.tiled_load %every_other coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<256x256xf16, strided<[512, 2]>, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %b, %tb = nv_tileas.tiled_load %unknown coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<?x?xf16, strided<[?, ?]>, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %c, %tc = nv_tileas.tiled_load %off3 coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<256x256xf16, strided<[256, 1], offset: 3>, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %d, %td = nv_tileas.tiled_load %off8 coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<256x256xf16, strided<[256, 1], offset: 8>, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %e, %te = nv_tileas.tiled_load %offq coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<?x?xf16, strided<[?, 1], offset: ?>, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
  return
}

// A load that names the TMA atom itself on such a view is the partition's error.
// NAMED: tma-view-layouts.mlir:[[# @LINE + 4]]:3: error: unable to partition input tensors for TMA [lower:tileas.tma-partition.unpartitionable]
// NAMED: note: its tensor map: the view's innermost stride is 2 elements; a tensor map's dimension 0 is contiguous (stride 1)
func.func @named(%every_other: memref<256x256xf16, strided<[512, 2]>, 1>, %i: index)
    attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %a, %ta = nv_tileas.tiled_load %every_other coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<256x256xf16, strided<[512, 2]>, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
  return
}
