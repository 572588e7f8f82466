// RUN: not cute-ir lower %s --split-input-file --pipeline 'builtin.module(lower-tma-load-store-to-async,attach-tma-descriptor-args,separate-host-tma)' 2>&1 | FileCheck %s

// Host descriptors (their views are parameters): the kernel gets one grid-constant argument
// each, in tmaIdx order, its own arguments are hidden, the counts are stamped; the host twin
// builds them from the kernel's parameters and returns them; the callback format is a global.
// CHECK-LABEL: func.func @kernel(
// CHECK-SAME: %view: memref<128x256xf16, 1> {nv_tileas.hidden}, %out: memref<128x256xf16, 1> {nv_tileas.hidden}, %i: index {nv_tileas.hidden}, %t: !nv_tileaa.mem_token {nv_tileas.hidden},
// CHECK-SAME: %tma_host0: !cute_nvgpu.tma_descriptor_tiled {cute_nvgpu.grid_constant}, %tma_host1: !cute_nvgpu.tma_descriptor_tiled {cute_nvgpu.grid_constant})
// CHECK-SAME: attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>, "nv_tileas.num-device-tmas" = 0 : i32, "nv_tileas.num-host-tmas" = 2 : i32}
// CHECK-NOT: make_tiled_tma_desc
// CHECK: "nv_tileas.async.tiled_tma_load"(%tma_host0, %mbar, %i, %i, %t) {{.*}} tmaIdx = 0 : i32
// CHECK: "nv_tileas.async.tiled_tma_store"(%a#0, %tma_host1, %i, %i, %a#1) {{.*}} tmaIdx = 1 : i32
// CHECK: return
// CHECK-NEXT: }
// CHECK-NEXT: "llvm.mlir.global"() <{constant, global_type = !llvm.array<57 x i8>, linkage = #llvm.linkage<internal>, sym_name = "kernel.tileir_sm_count_format", value = "[TileIR Callback] SmNum: %ld deviceTMAMemorySize: 0x%lx\0A\00"}>
// CHECK-NOT: tileir_desc_format
// CHECK: func.func @kernel.host_tma(%view: memref<128x256xf16, 1>, %out: memref<128x256xf16, 1>, %i: index, %t: !nv_tileaa.mem_token) -> (!cute_nvgpu.tma_descriptor_tiled, !cute_nvgpu.tma_descriptor_tiled) attributes {"nv_tileas.host-code"} {
// CHECK-NEXT: %box = "cute.static"()
// CHECK-NEXT: %desc = "nv_tileas.make_tiled_tma_desc"(%view, %box) {{.*}} tmaIdx = 0 : i32
// CHECK-NEXT: %[[BOX:.+]] = "cute.static"()
// CHECK-NEXT: %[[DESC:.+]] = "nv_tileas.make_tiled_tma_desc"(%out, %[[BOX]]) {{.*}} tmaIdx = 1 : i32
// CHECK-NEXT: "func.return"(%desc, %[[DESC]])
func.func @kernel(%view: memref<128x256xf16, 1>, %out: memref<128x256xf16, 1>, %i: index, %t: !nv_tileaa.mem_token) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %a, %ta = nv_tileas.tiled_load %view coords(%i, %i) offsets() token(%t) {tileSize = array<i64: 64, 128>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128x256xf16, 1> -> tensor<64x128xf16>, !nv_tileaa.mem_token
  %ts = nv_tileas.tiled_store %a, %out coords(%i, %i) offsets() token(%ta) {tileSize = array<i64: 64, 128>, allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_store>} : memref<128x256xf16, 1> -> !nv_tileaa.mem_token
  return
}

// -----

// A descriptor whose extent the kernel reads from memory is built on the device: a global
// pointer argument, the per-descriptor callback format, and the builder stays in the kernel.
// A host descriptor next to it is numbered from 0 on its own side.
// CHECK-LABEL: func.func @device(
// CHECK-SAME: %tma_device0: !llvm.ptr<1> {cute_nvgpu.grid_constant, llvm.align = 128 : i64}, %tma_host0: !cute_nvgpu.tma_descriptor_tiled {cute_nvgpu.grid_constant})
// CHECK-SAME: "nv_tileas.num-device-tmas" = 1 : i32, "nv_tileas.num-host-tmas" = 1 : i32
// CHECK: %m = memref.load
// CHECK-NEXT: %dev = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%m, %m)
// CHECK-NEXT: "use"(%dev, %tma_host0)
// CHECK: sym_name = "device.tileir_sm_count_format"
// CHECK: sym_name = "device.tileir_desc_format", value = "[TileIR Callback] DESC_TMA512: 0x%016lx %016lx %016lx %016lx\0A\00"
// CHECK: func.func @device.host_tma({{.*}}) -> !cute_nvgpu.tma_descriptor_tiled attributes {"nv_tileas.host-code"}
// CHECK-NEXT: %host = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%n, %n)
// CHECK-NEXT: "func.return"(%host)
func.func @device(%tensor: memref<?x?xf16, 1>, %layout: !cute.layout<"(64,128):(1,64)">, %sizes: memref<4xindex, 1>, %n: index) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %c0 = arith.constant 0 : index
  %m = memref.load %sizes[%c0] : memref<4xindex, 1>
  %dev = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%m, %m) strides(%m) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16, tmaIdx = 0 : i32} : !cute_nvgpu.tma_descriptor_tiled
  %host = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%n, %n) strides(%n) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16, tmaIdx = 0 : i32} : !cute_nvgpu.tma_descriptor_tiled
  "use"(%dev, %host) : (!cute_nvgpu.tma_descriptor_tiled, !cute_nvgpu.tma_descriptor_tiled) -> ()
  return
}

// -----

// What the host twin cannot replay: a loop's induction variable (two capture sources), a
// builder that runs only when an scf.if does, a math op. The function is left as it was.
// CHECK-LABEL: func.func @captures(
// CHECK: tma-descriptor-abi.mlir:[[# @LINE + 8]]:5: error: values depended by MakeTiledTMADescOp are not supportedbecause %iv matches more than 1 captured values. [lower:tileas.host-tma.multiple-captures]
// CHECK: tma-descriptor-abi.mlir:[[# @LINE + 11]]:5: error: expected MakeTiledTMADescOp not depends on scf [lower:tileas.host-tma.depends-on-scf]
// CHECK: tma-descriptor-abi.mlir:[[# @LINE + 15]]:3: error: math dialect not suppourt in separateHostTMA pass in the moment. [lower:tileas.host-tma.math-dialect-unsupported]
// CHECK-NOT: host_tma
func.func @captures(%tensor: memref<?x?xf16, 1>, %layout: !cute.layout<"(64,128):(1,64)">, %n: index, %p: i1, %w: i64) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %iv = %c0 to %n step %c1 {
    %d0 = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%iv, %n) strides(%n) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16, tmaIdx = 0 : i32} : !cute_nvgpu.tma_descriptor_tiled
    "use"(%d0) : (!cute_nvgpu.tma_descriptor_tiled) -> ()
  }
  scf.if %p {
    %d1 = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%n, %n) strides(%n) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16, tmaIdx = 1 : i32} : !cute_nvgpu.tma_descriptor_tiled
    "use"(%d1) : (!cute_nvgpu.tma_descriptor_tiled) -> ()
  }
  %abs = math.absi %w : i64
  %k = arith.index_cast %abs : i64 to index
  %d2 = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%k, %n) strides(%n) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16, tmaIdx = 2 : i32} : !cute_nvgpu.tma_descriptor_tiled
  "use"(%d2) : (!cute_nvgpu.tma_descriptor_tiled) -> ()
  return
}

// -----

// Counts written by hand are checked, not recomputed: a host index at or past the host count,
// a device one past the device count, a builder without tmaIdx.
// CHECK-LABEL: func.func @indices(
// CHECK: tma-descriptor-abi.mlir:[[# @LINE + 8]]:3: error: tmaIdx exceed tmaHostNum. [lower:tileas.tma-idx.exceeds-host]
// CHECK: tma-descriptor-abi.mlir:[[# @LINE + 8]]:3: error: tmaIdx exceed tmaDeviceNum. [lower:tileas.tma-idx.exceeds-device]
// CHECK: tma-descriptor-abi.mlir:[[# @LINE + 8]]:3: error: not find tmaIdx. [lower:tileas.tma-idx.missing]
// Past the host count, the host descriptor has no argument to become:
// CHECK: tma-descriptor-abi.mlir:[[# @LINE + 4]]:3: error: expect lower MakeTiledTMADescOp [lower:tileas.host-tma.unlowered-descriptor]
func.func @indices(%tensor: memref<?x?xf16, 1>, %layout: !cute.layout<"(64,128):(1,64)">, %sizes: memref<4xindex, 1>, %n: index, %d: !cute_nvgpu.tma_descriptor_tiled) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>, "nv_tileas.num-host-tmas" = 1 : i32, "nv_tileas.num-device-tmas" = 1 : i32} {
  %c0 = arith.constant 0 : index
  %m = memref.load %sizes[%c0] : memref<4xindex, 1>
  %h = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%n, %n) strides(%n) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16, tmaIdx = 1 : i32} : !cute_nvgpu.tma_descriptor_tiled
  %dv = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%m, %n) strides(%n) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16, tmaIdx = 3 : i32} : !cute_nvgpu.tma_descriptor_tiled
  %x = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%n, %m) strides(%n) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
  "use"(%h, %dv, %x) : (!cute_nvgpu.tma_descriptor_tiled, !cute_nvgpu.tma_descriptor_tiled, !cute_nvgpu.tma_descriptor_tiled) -> ()
  return
}

// -----

// A function that is not a TileAS kernel (no KernelSpecAttr) keeps its ABI: its descriptors
// are the CuTe DSL's, built where they are written.
// CHECK-LABEL: func.func @not_a_kernel(%tensor: memref<?x?xf16, 1>, %layout: !cute.layout<"(64,128):(1,64)">, %n: index) {
// CHECK-NEXT: nv_tileas.make_tiled_tma_desc
func.func @not_a_kernel(%tensor: memref<?x?xf16, 1>, %layout: !cute.layout<"(64,128):(1,64)">, %n: index) {
  %d = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%n, %n) strides(%n) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
  "use"(%d) : (!cute_nvgpu.tma_descriptor_tiled) -> ()
  return
}

// -----

// An ABI extended before (the load takes the appended host descriptor) is only checked: its
// signature stays, and without the counts the load's tmaIdx cannot be checked.
// CHECK-LABEL: func.func @attached(
// CHECK-SAME: %tma_host0: !cute_nvgpu.tma_descriptor_tiled {cute_nvgpu.grid_constant})
// CHECK-NOT: nv_tileas.num-
// CHECK: tma-descriptor-abi.mlir:[[# @LINE + 1]]:1: error: funcOp lack tmaDeviceNum and tmaHostNum attr [lower:tileas.tma-idx.missing-counts]
func.func @attached(%view: memref<128x256xf16, 1>, %i: index, %t: !nv_tileaa.mem_token, %tma_host0: !cute_nvgpu.tma_descriptor_tiled {cute_nvgpu.grid_constant}) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %mbar = memref.alloca() : memref<1xi64, 3>
  %a:2 = "nv_tileas.async.tiled_tma_load"(%tma_host0, %mbar, %i, %i, %t) <{operandSegmentSizes = array<i32: 1, 1, 2, 1>}> {copy_atom = #nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, tx_count = 16384 : i64} : (!cute_nvgpu.tma_descriptor_tiled, memref<1xi64, 3>, index, index, !nv_tileaa.mem_token) -> (tensor<64x128xf16>, !nv_tileaa.mem_token)
  "nv_tileas.async.wait"(%mbar) : (memref<1xi64, 3>) -> ()
  return
}
