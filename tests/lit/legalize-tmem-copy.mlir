// RUN: not cute-ir lower %s --split-input-file --arch sm_100a --pipeline 'builtin.module(tileas-legalize-tmem-copy)' 2>&1 | FileCheck %s
// RUN: not cute-ir lower %s --split-input-file --arch sm_90a --pipeline 'builtin.module(tileas-legalize-tmem-copy)' 2>&1 | FileCheck %s --check-prefix=HOPPER
// RUN: not cute-ir lower %s --split-input-file --arch sm_100a 2>&1 | FileCheck %s --check-prefix=DEFAULT

// Tensor memory to registers: one tcgen05.ld per warp, each warp reaching its own 32 lanes.
// CHECK-LABEL: func.func @tmem_to_registers
// CHECK-NEXT: "nv_tileas.copy"(%acc, %frag) {instruction = "tcgen05.ld.sync.aligned.32x32b.x32.b32", count = 4 : i64} : (memref<128x32xf32, 6>, memref<128x32xf32>) -> ()
// CHECK-NEXT: return
// HOPPER-LABEL: func.func @tmem_to_registers
// HOPPER-NEXT: nv_tileas.copy %acc, %frag : memref<128x32xf32, 6>, memref<128x32xf32>
// HOPPER: legalize-tmem-copy.mlir:[[# @LINE + 4]]:3: error: this copy reaches tensor memory, which sm_90a does not have: `tcgen05.ld` / `tcgen05.st` run on sm_100f (sm_100a/sm_100f/sm_103a/sm_103f) or sm_110f (sm_110a/sm_110f) [lower:lower.tmem-target]
// DEFAULT-LABEL: func.func @tmem_to_registers
// DEFAULT-NEXT: "nv_tileas.copy"(%acc, %frag) {instruction = "tcgen05.ld.sync.aligned.32x32b.x32.b32"
func.func @tmem_to_registers(%acc: memref<128x32xf32, 6>, %frag: memref<128x32xf32>) {
  nv_tileas.copy %acc, %frag : memref<128x32xf32, 6>, memref<128x32xf32>
  return
}

// -----

// Registers to tensor memory, 64 lanes: two warps, one tcgen05.st each.
// CHECK-LABEL: func.func @registers_to_tmem
// CHECK-NEXT: "nv_tileas.copy"(%frag, %acc) {instruction = "tcgen05.st.sync.aligned.32x32b.x16.b32", count = 2 : i64}
// CHECK-NEXT: return
func.func @registers_to_tmem(%frag: memref<64x16xf32>, %acc: memref<64x16xf32, 6>) {
  nv_tileas.copy %frag, %acc : memref<64x16xf32>, memref<64x16xf32, 6>
  return
}

// -----

// Tensor memory to shared memory: through registers, 16-bit elements packed two per register,
// then stmatrix .x4 per warp and 8 columns.
// CHECK-LABEL: func.func @tmem_to_smem
// CHECK-NEXT: %staged = "memref.alloca"() : () -> memref<128x64xf16>
// CHECK-NEXT: "nv_tileas.copy"(%acc, %staged) {instruction = "tcgen05.ld.sync.aligned.32x32b.x32.pack::16b.b32", count = 4 : i64}
// CHECK-NEXT: "nv_tileas.copy"(%staged, %smem) {instruction = "stmatrix.sync.aligned.m8n8.x4.shared.b16", count = 32 : i64}
// CHECK-NEXT: return
func.func @tmem_to_smem(%acc: memref<128x64xf16, 6>, %smem: memref<128x64xf16, 3>) {
  nv_tileas.copy %acc, %smem : memref<128x64xf16, 6>, memref<128x64xf16, 3>
  return
}

// -----

// Shared memory to tensor memory: ldmatrix into registers, then tcgen05.st.
// CHECK-LABEL: func.func @smem_to_tmem
// CHECK-NEXT: %staged = "memref.alloca"() : () -> memref<32x16xbf16>
// CHECK-NEXT: "nv_tileas.copy"(%smem, %staged) {instruction = "ldmatrix.sync.aligned.m8n8.x4.shared.b16", count = 2 : i64}
// CHECK-NEXT: "nv_tileas.copy"(%staged, %acc) {instruction = "tcgen05.st.sync.aligned.32x32b.x8.unpack::16b.b32", count = 1 : i64}
// CHECK-NEXT: return
func.func @smem_to_tmem(%smem: memref<32x16xbf16, 3>, %acc: memref<32x16xbf16, 6>) {
  nv_tileas.copy %smem, %acc : memref<32x16xbf16, 3>, memref<32x16xbf16, 6>
  return
}

// -----

// Copies that do not touch tensor memory are left alone.
// CHECK-LABEL: func.func @not_tmem
// CHECK-NEXT: nv_tileas.copy %g, %s : memref<128x64xf16, 1>, memref<128x64xf16, 3>
// CHECK-NEXT: nv_tileas.copy %s, %r : memref<128x64xf16, 3>, memref<128x64xf16>
// CHECK-NEXT: return
func.func @not_tmem(%g: memref<128x64xf16, 1>, %s: memref<128x64xf16, 3>, %r: memref<128x64xf16>) {
  nv_tileas.copy %g, %s : memref<128x64xf16, 1>, memref<128x64xf16, 3>
  nv_tileas.copy %s, %r : memref<128x64xf16, 3>, memref<128x64xf16>
  return
}

// -----

// No register layout for 100 lanes; the copy stays, and the one after it is still rewritten.
// CHECK-LABEL: func.func @odd_lanes
// CHECK-NEXT: nv_tileas.copy %acc, %frag : memref<100x32xf32, 6>, memref<100x32xf32>
// CHECK-NEXT: "nv_tileas.copy"(%good, %frag2) {instruction = "tcgen05.ld.sync.aligned.32x32b.x32.b32"
// CHECK: legalize-tmem-copy.mlir:[[# @LINE + 3]]:3: error: failed to infer register layout from tmem layout [lower:tileas.tmem-copy.register-layout]
// DEFAULT: legalize-tmem-copy.mlir:[[# @LINE + 2]]:3: error: failed to infer register layout from tmem layout [lower:tileas.tmem-copy.register-layout]
func.func @odd_lanes(%acc: memref<100x32xf32, 6>, %frag: memref<100x32xf32>, %good: memref<128x32xf32, 6>, %frag2: memref<128x32xf32>) {
  nv_tileas.copy %acc, %frag : memref<100x32xf32, 6>, memref<100x32xf32>
  nv_tileas.copy %good, %frag2 : memref<128x32xf32, 6>, memref<128x32xf32>
  return
}

// -----

// 32-bit elements have no stmatrix layout in shared memory.
// CHECK-LABEL: func.func @f32_to_smem
// CHECK-NEXT: nv_tileas.copy %acc, %smem : memref<128x32xf32, 6>, memref<128x32xf32, 3>
// CHECK: legalize-tmem-copy.mlir:[[# @LINE + 2]]:3: error: failed to infer source layout from tmem layout [lower:tileas.tmem-copy.source-layout]
func.func @f32_to_smem(%acc: memref<128x32xf32, 6>, %smem: memref<128x32xf32, 3>) {
  nv_tileas.copy %acc, %smem : memref<128x32xf32, 6>, memref<128x32xf32, 3>
  return
}
