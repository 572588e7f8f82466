// RUN: not cute-ir lower %s --arch sm_100a --split-input-file --pipeline 'builtin.module(lower-tma-load-store-to-async)' 2>&1 | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_100a --split-input-file --pipeline 'builtin.module(lower-tma-load-store-to-async{prefer_tma=true delay_store_wait=true})' 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not cute-ir lower %s --arch sm_100a --split-input-file --pipeline 'builtin.module(lower-tma-load-store-to-async{stages=5})' 2>&1 | FileCheck %s --check-prefix=STAGES

// A load and a store with allow_tma and a TMA atom: descriptors bound at the function's entry
// (their views are parameters), in tmaIdx order; the load's reused by the second load of the
// same view and box; the load's mbarrier and wait, tx_count.
// The 64 x 128 f16 tile's rows are 256 bytes: it moves in two boxes of 64 x 64 (128-byte rows,
// 128-byte swizzle), one expect_tx for both (tx_count), the box each instruction moves in boxDim.
// CHECK-LABEL: func.func @kernel
// CHECK-NEXT: %box = "cute.static"() : () -> !cute.composed_layout<"S<3,4,3> o 0 o (64,64):(1,256)">
// CHECK-NEXT: %desc = "nv_tileas.make_tiled_tma_desc"(%view, %box) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16 : i32, tmaIdx = 0 : i32}
// CHECK-NEXT: %[[SBOX:.+]] = "cute.static"() : () -> !cute.composed_layout<"S<3,4,3> o 0 o (64,64):(1,256)">
// CHECK-NEXT: %[[SDESC:.+]] = "nv_tileas.make_tiled_tma_desc"(%out, %[[SBOX]]) {{.*}} {mode = #cute_nvgpu.tma_store_mode<store>, elementBitWidth = 16 : i32, tmaIdx = 1 : i32}
// CHECK-NEXT: %mbar = "memref.alloca"() : () -> memref<1xi64, 3>
// CHECK-NEXT: %a:2 = "nv_tileas.async.tiled_tma_load"(%desc, %mbar, %i, %j, %t) <{operandSegmentSizes = array<i32: 1, 1, 2, 1>}> {copy_atom = #nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, boxDim = array<i64: 64, 64>, swizzle = "128B", tx_count = 16384 : i64}
// CHECK-NEXT: "nv_tileas.async.wait"(%mbar) : (memref<1xi64, 3>) -> ()
// CHECK-NEXT: %[[MBAR:.+]] = "memref.alloca"()
// CHECK-NEXT: %b:2 = "nv_tileas.async.tiled_tma_load"(%desc, %[[MBAR]], %j, %i, %a#1) {{.*}} tmaIdx = 0 : i32
// CHECK: %ts = "nv_tileas.async.tiled_tma_store"(%a#0, %[[SDESC]], %i, %j, %b#1) {{.*}} {copy_atom = #nv_tileas.copy_atom<tma_store>, tmaIdx = 1 : i32, boxDim = array<i64: 64, 64>, swizzle = "128B"}
// CHECK-NEXT: "nv_tileas.async.wait"() : () -> ()
// Without allow_tma the load stays (unless prefer_tma says otherwise).
// CHECK-NEXT: %c:2 = nv_tileas.tiled_load %view
// OPTIONS-LABEL: func.func @kernel
// OPTIONS: "nv_tileas.async.wait"() {delay} : () -> ()
// OPTIONS-NOT: nv_tileas.tiled_load
// OPTIONS-LABEL: func.func @plain
func.func @kernel(%view: memref<128x256xf16, 1>, %out: memref<128x256xf16, 1>, %i: index, %j: index, %t: !nv_tileaa.mem_token) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %a, %ta = nv_tileas.tiled_load %view coords(%i, %j) offsets() token(%t) {tileSize = array<i64: 64, 128>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128x256xf16, 1> -> tensor<64x128xf16>, !nv_tileaa.mem_token
  %b, %tb = nv_tileas.tiled_load %view coords(%j, %i) offsets() token(%ta) {tileSize = array<i64: 64, 128>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128x256xf16, 1> -> tensor<64x128xf16>, !nv_tileaa.mem_token
  %ts = nv_tileas.tiled_store %a, %out coords(%i, %j) offsets() token(%tb) {tileSize = array<i64: 64, 128>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_store>} : memref<128x256xf16, 1> -> !nv_tileaa.mem_token
  %c, %tc = nv_tileas.tiled_load %view coords(%i, %j) offsets() {tileSize = array<i64: 64, 128>, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128x256xf16, 1> -> tensor<64x128xf16>, !nv_tileaa.mem_token
  return
}

// -----

// Ops whose atom is not a TMA atom stay, and a function without such ops needs no kernel spec.
// CHECK-LABEL: func.func @plain
// CHECK-NEXT: nv_tileas.tiled_load %view coords(%i) offsets() {tileSize = array<i64: 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<ldg>}
func.func @plain(%view: memref<128xf32, 1>, %i: index) {
  %a = nv_tileas.tiled_load %view coords(%i) offsets() {tileSize = array<i64: 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<128xf32, 1> -> tensor<64xf32>
  return
}

// -----

// CHECK-LABEL: func.func @no_spec
// CHECK-NEXT: nv_tileas.tiled_load
// CHECK: lower-tma-load-store-to-async.mlir:[[# @LINE + 1]]:1: error: LowerTMALoadStoreToAsync: missing or invalid KernelSpecAttr on function [lower:tileas.lower-tma.missing-kernel-spec]
func.func @no_spec(%view: memref<128xf32, 1>, %i: index) attributes {nv_tileas.kernel_spec = "sm_90a"} {
  %a = nv_tileas.tiled_load %view coords(%i) offsets() {tileSize = array<i64: 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128xf32, 1> -> tensor<64xf32>
  return
}

// -----

// A TMA load fills zero out of bounds; an element without a width gives no byte count. A
// dynamic view does not stop the load: its box is the tile's, and its extents are the
// memref's at launch.
// CHECK-LABEL: func.func @unresolved
// CHECK: %box = "cute.static"() : () -> !cute.layout<"64:1">
// CHECK-NEXT: %desc = "nv_tileas.make_tiled_tma_desc"(%dyn, %box)
// CHECK: lower-tma-load-store-to-async.mlir:[[# @LINE + 4]]:3: error: TmaLoad only support zero padding now [lower:tileas.lower-tma.zero-padding-only]
// CHECK: lower-tma-load-store-to-async.mlir:[[# @LINE + 4]]:3: error: failed to get expected tx-count [lower:tileas.lower-tma.no-tx-count]
func.func @unresolved(%view: memref<128xf32, 1>, %dyn: memref<?xf32, 1>, %i: index, %indices: memref<128xindex, 1>)
    attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %a = nv_tileas.tiled_load %view coords(%i) offsets() {tileSize = array<i64: 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>, paddingValue = #nv_tileas.padding<nan>} : memref<128xf32, 1> -> tensor<64xf32>
  %b = nv_tileas.tiled_load %indices coords(%i) offsets() {tileSize = array<i64: 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128xindex, 1> -> tensor<64xindex>
  %c = nv_tileas.tiled_load %dyn coords(%i) offsets() {tileSize = array<i64: 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<?xf32, 1> -> tensor<64xf32>
  return
}

// -----

// A load with offsets gathers four rows (gather4), a store with offsets scatters them
// (scatter4): the descriptor's box is one row, and the coordinates are the four rows (the row
// coordinate plus each offset), then the column. An atomic with a tma_redg atom becomes a TMA
// reduction: no pre-image, only the token; it waits for its bulk group like a store.
// CHECK-LABEL: func.func @rows
// CHECK-NEXT: %box = "cute.static"() : () -> !cute.layout<"(64,1):(1,256)">
// CHECK-NEXT: %desc = "nv_tileas.make_tiled_tma_desc"(%view, %box) {{.*}} {mode = #cute_nvgpu.tma_load_mode<gather4>, elementBitWidth = 16 : i32, tmaIdx = 0 : i32}
// CHECK-NEXT: %[[SBOX:.+]] = "cute.static"() : () -> !cute.layout<"(64,1):(1,256)">
// CHECK-NEXT: %[[SDESC:.+]] = "nv_tileas.make_tiled_tma_desc"(%view, %[[SBOX]]) {{.*}} {mode = #cute_nvgpu.tma_store_mode<scatter4>, elementBitWidth = 16 : i32, tmaIdx = 1 : i32}
// CHECK-NEXT: %[[RBOX:.+]] = "cute.static"() : () -> !cute.composed_layout<"S<3,4,3> o 0 o (64,4):(1,256)">
// CHECK-NEXT: %[[RDESC:.+]] = "nv_tileas.make_tiled_tma_desc"(%view, %[[RBOX]]) {{.*}} {mode = #cute_nvgpu.tma_store_mode<reduce>, elementBitWidth = 16 : i32, tmaIdx = 2 : i32}
// CHECK-NEXT: %[[R0:.+]] = "arith.addi"(%i, %o0) : (index, index) -> index
// CHECK-NEXT: %[[R1:.+]] = "arith.addi"(%i, %o1)
// CHECK-NEXT: %[[R2:.+]] = "arith.addi"(%i, %o2)
// CHECK-NEXT: %[[R3:.+]] = "arith.addi"(%i, %o3)
// CHECK-NEXT: %mbar = "memref.alloca"() : () -> memref<1xi64, 3>
// CHECK-NEXT: %g:2 = "nv_tileas.async.gather_tma_load"(%desc, %mbar, %[[R0]], %[[R1]], %[[R2]], %[[R3]], %j, %t) <{operandSegmentSizes = array<i32: 1, 1, 5, 1>}> {copy_atom = #nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, tx_count = 512 : i64}
// CHECK-NEXT: "nv_tileas.async.wait"(%mbar)
// CHECK-COUNT-4: "arith.addi"(%i, %o
// CHECK-NEXT: %s = "nv_tileas.async.scatter_tma_store"(%g#0, %[[SDESC]], {{.*}}, %j, %g#1) <{operandSegmentSizes = array<i32: 1, 1, 5, 1>}> {copy_atom = #nv_tileas.copy_atom<tma_store>, tmaIdx = 1 : i32}
// CHECK-NEXT: "nv_tileas.async.wait"() : () -> ()
// CHECK-NEXT: %r = "nv_tileas.async.tiled_atomic_rmw"(%g#0, %[[RDESC]], %i, %j, %s) <{operandSegmentSizes = array<i32: 1, 1, 2, 1>}> {copy_atom = #nv_tileas.copy_atom<tma_redg>, tmaIdx = 2 : i32, swizzle = "128B", rmw_mode = #nv_tileas.rmw_mode<add>} : {{.*}} -> !nv_tileaa.mem_token
// CHECK-NEXT: "nv_tileas.async.wait"() : () -> ()
// CHECK-NEXT: return
func.func @rows(%view: memref<1024x256xf16, 1>, %i: index, %j: index, %o0: index, %o1: index, %o2: index, %o3: index, %t: !nv_tileaa.mem_token) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %g, %tg = nv_tileas.tiled_load %view coords(%i, %j) offsets(%o0, %o1, %o2, %o3) token(%t) {tileSize = array<i64: 4, 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<1024x256xf16, 1> -> tensor<4x64xf16>, !nv_tileaa.mem_token
  %s = nv_tileas.tiled_store %g, %view coords(%i, %j) offsets(%o3, %o2, %o1, %o0) token(%tg) {tileSize = array<i64: 4, 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_store>} : memref<1024x256xf16, 1> -> !nv_tileaa.mem_token
  %old, %r = nv_tileas.tiled_atomic_rmw %g, %view coords(%i, %j) offsets() token(%s) {tileSize = array<i64: 4, 64>, rmw_mode = #nv_tileas.rmw_mode<add>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_redg>} : memref<1024x256xf16, 1> -> tensor<4x64xf16>, !nv_tileaa.mem_token
  return
}

// -----

// A TMA reduction has no pre-image to give: an atomic whose pre-image is used stays; one
// without a tma_redg atom is not the pass's.
// CHECK-LABEL: func.func @atomics
// CHECK-NEXT: %old:2 = nv_tileas.tiled_atomic_rmw
// CHECK-NEXT: "use"(%old#0)
// CHECK-NEXT: %other:2 = nv_tileas.tiled_atomic_rmw
// CHECK: lower-tma-load-store-to-async.mlir:[[# @LINE + 2]]:3: error: a TMA reduction (`tma_redg`) returns no pre-image, and this atomic's is used [lower:lower.tma-reduction]
func.func @atomics(%tile: tensor<64x64xi32>, %view: memref<128x128xi32, 1>, %i: index, %j: index) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %old, %r = nv_tileas.tiled_atomic_rmw %tile, %view coords(%i, %j) offsets() {tileSize = array<i64: 64, 64>, rmw_mode = #nv_tileas.rmw_mode<max>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_redg>} : memref<128x128xi32, 1> -> tensor<64x64xi32>, !nv_tileaa.mem_token
  "use"(%old) : (tensor<64x64xi32>) -> ()
  %other, %q = nv_tileas.tiled_atomic_rmw %tile, %view coords(%i, %j) offsets() {tileSize = array<i64: 64, 64>, rmw_mode = #nv_tileas.rmw_mode<max>, allow_tma = true} : memref<128x128xi32, 1> -> tensor<64x64xi32>, !nv_tileaa.mem_token
  return
}

// -----

// Async loads a kernel already holds stay as they are. Their mbarrier must be the kernel's own:
// an argument is not, and an alloca of two words cannot be initialised as one.
// CHECK-LABEL: func.func @held
// CHECK-NEXT: %mbar = memref.alloca () : memref<1xi64, 3>
// CHECK-NEXT: %a:2 = nv_tileas.async.tiled_tma_load %desc, %mbar
// CHECK-NEXT: nv_tileas.async.wait %mbar
// CHECK-NEXT: %b:2 = nv_tileas.async.tiled_tma_load %desc, %arg_mbar
// CHECK-NEXT: %pair = memref.alloca () : memref<2xi64, 3>
// CHECK-NEXT: %c:2 = nv_tileas.async.tiled_tma_load %desc, %pair
// CHECK-NEXT: return
// CHECK: lower-tma-load-store-to-async.mlir:[[# @LINE + 7]]:3: error: failed to get MBarrier object [lower:tileas.lower-tma.no-mbarrier-object]
// CHECK: lower-tma-load-store-to-async.mlir:[[# @LINE + 6]]:3: note: %arg_mbar is an argument of the kernel; a kernel's mbarrier is its own shared memory, a `memref.alloca` of memref<1xi64, 3> in it
// CHECK: lower-tma-load-store-to-async.mlir:[[# @LINE + 7]]:3: error: failed to init mbarrier [lower:tileas.lower-tma.mbarrier-init-failed]
func.func @held(%desc: !cute_nvgpu.tma_descriptor_tiled, %arg_mbar: memref<1xi64, 3>, %i: index) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %mbar = memref.alloca() : memref<1xi64, 3>
  %a, %ta = nv_tileas.async.tiled_tma_load %desc, %mbar coords(%i, %i) {copy_atom = #nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, tx_count = 8192 : i64} : !cute_nvgpu.tma_descriptor_tiled -> tensor<64x64xf16>, !nv_tileaa.mem_token
  nv_tileas.async.wait %mbar : memref<1xi64, 3>
  %b, %tb = nv_tileas.async.tiled_tma_load %desc, %arg_mbar coords(%i, %i) {copy_atom = #nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, tx_count = 8192 : i64} : !cute_nvgpu.tma_descriptor_tiled -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %pair = memref.alloca() : memref<2xi64, 3>
  %c, %tc = nv_tileas.async.tiled_tma_load %desc, %pair coords(%i, %i) {copy_atom = #nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, tx_count = 8192 : i64} : !cute_nvgpu.tma_descriptor_tiled -> tensor<64x64xf16>, !nv_tileaa.mem_token
  return
}

// -----

// In a loop a load cycles through a ring of `stages` buffers, each with a full and an empty
// mbarrier (the pass's option, two by default); a load outside a loop is filled once.
// CHECK-LABEL: func.func @looped
// CHECK: "nv_tileas.async.tiled_tma_load"{{.*}}tx_count = 8192 : i64, stages = 2 : i32}
// CHECK: "nv_tileas.async.tiled_tma_load"{{.*}}tx_count = 8192 : i64}
// STAGES-LABEL: func.func @looped
// STAGES: "nv_tileas.async.tiled_tma_load"{{.*}}tx_count = 8192 : i64, stages = 5 : i32}
// STAGES: "nv_tileas.async.tiled_tma_load"{{.*}}tx_count = 8192 : i64}
func.func @looped(%view: memref<128x256xf16, 1>, %i: index, %n: index) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %a = nv_tileas.tiled_load %view coords(%i, %k) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128x256xf16, 1> -> tensor<64x64xf16>
    scf.yield
  }
  %b = nv_tileas.tiled_load %view coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128x256xf16, 1> -> tensor<64x64xf16>
  return
}

// -----

// Phase 4's tma_internal_type: TMA has no data type for 8-bit floats, so the descriptor of an
// f8E4M3FN view moves its elements as i8 and says so.
// CHECK-LABEL: func.func @fp8
// CHECK: "nv_tileas.make_tiled_tma_desc"(%view, %box) {{.*}} {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 8 : i32, tmaIdx = 0 : i32, tma_internal_type = i8}
// CHECK: "nv_tileas.async.tiled_tma_load"(%desc, %mbar, %i, %j) {{.*}} tx_count = 8192 : i64}
func.func @fp8(%view: memref<128x256xf8E4M3FN, 1>, %i: index, %j: index) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %a, %ta = nv_tileas.tiled_load %view coords(%i, %j) offsets() {tileSize = array<i64: 64, 128>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128x256xf8E4M3FN, 1> -> tensor<64x128xf8E4M3FN>, !nv_tileaa.mem_token
  return
}

// -----

// Views backed by a TMA descriptor the kernel builds: phase 4 looks the descriptor up instead
// of binding one, whatever its mode. An im2col load takes the tensor's coordinates and its
// im2col offsets (rank - 2); the descriptor gets the next tmaIdx. A tiled_at descriptor (encoded
// at an address) that already says its tmaIdx keeps it. No descriptor is bound anew.
// CHECK-LABEL: func.func @backed
// CHECK-NOT: "nv_tileas.make_tiled_tma_desc"
// CHECK: %d = nv_tileas.make_tiled_tma_desc %act, %box {{.*}} {mode = #cute_nvgpu.tma_load_mode<im2col>, elementBitWidth = 16, tmaIdx = 0 : i32} : !cute_nvgpu.tma_descriptor_im2col
// CHECK-NEXT: %mbar = "memref.alloca"() : () -> memref<1xi64, 3>
// CHECK-NEXT: %p:2 = "nv_tileas.async.tiled_tma_load"(%d, %mbar, %i, %i, %i, %i, %o, %o) <{operandSegmentSizes = array<i32: 1, 1, 6, 0>}> {copy_atom = #nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, tx_count = 4096 : i64}
// CHECK-NEXT: "nv_tileas.async.wait"(%mbar)
// CHECK-NEXT: %e = nv_tileas.make_tiled_tma_desc %out, %box {{.*}} {mode = #cute_nvgpu.tma_load_mode<tiled_at>, elementBitWidth = 16, tmaIdx = 1 : i32}
// CHECK-NEXT: %ts = "nv_tileas.async.tiled_tma_store"(%p#0, %e, %i, %i, %i, %i, %p#1) <{operandSegmentSizes = array<i32: 1, 1, 4, 1>}> {copy_atom = #nv_tileas.copy_atom<tma_store>, tmaIdx = 1 : i32}
// CHECK-NOT: "nv_tileas.make_tiled_tma_desc"
func.func @backed(%act: memref<8x32x32x64xf16, 1>, %out: memref<8x32x32x64xf16, 1>, %i: index, %o: index) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %box = cute.static : !cute.layout<"(64,32,1,1):(1,64,2048,65536)">
  %d = nv_tileas.make_tiled_tma_desc %act, %box shapes() strides() paddings() {mode = #cute_nvgpu.tma_load_mode<im2col>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_im2col
  %p, %tp = nv_tileas.tiled_load %d coords(%i, %i, %i, %i, %o, %o) offsets() {tileSize = array<i64: 32, 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : !cute_nvgpu.tma_descriptor_im2col -> tensor<32x64xf16>, !nv_tileaa.mem_token
  %e = nv_tileas.make_tiled_tma_desc %out, %box shapes() strides() paddings() {mode = #cute_nvgpu.tma_load_mode<tiled_at>, elementBitWidth = 16, tmaIdx = 1 : i32} : !cute_nvgpu.tma_descriptor_tiled
  %ts = nv_tileas.tiled_store %p, %e coords(%i, %i, %i, %i) offsets() token(%tp) {tileSize = array<i64: 32, 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_store>} : !cute_nvgpu.tma_descriptor_tiled -> !nv_tileaa.mem_token
  return
}

// -----

// Rows through a view backed by a descriptor: a gather binds its own gather4 descriptor.
// CHECK-LABEL: func.func @backed_rows
// CHECK-NEXT: %box = cute.static
// CHECK-NEXT: %d = nv_tileas.make_tiled_tma_desc
// CHECK-NEXT: %r = nv_tileas.tiled_load %d
// CHECK: lower-tma-load-store-to-async.mlir:[[# @LINE + 5]]:3: error: unable to partition input tensors for TMA [lower:tileas.tma-partition.unpartitionable]
// CHECK: note: a view backed by a TMA descriptor moves a tile; rows (offsets, gather4 / scatter4) are gathered through a descriptor of the memref the pass binds itself
func.func @backed_rows(%view: memref<128x256xf16, 1>, %i: index, %j: index) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %box = cute.static : !cute.layout<"(64,1):(1,256)">
  %d = nv_tileas.make_tiled_tma_desc %view, %box shapes() strides() paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
  %r = nv_tileas.tiled_load %d coords(%i, %j) offsets(%i, %i, %i, %i) {tileSize = array<i64: 4, 64>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : !cute_nvgpu.tma_descriptor_tiled -> tensor<4x64xf16>
  return
}
