// RUN: not cute-ir lower %s --split-input-file --pipeline 'builtin.module(separate-host-tma{max_device_tmas=1})' 2>&1 | FileCheck %s

// Run alone, before attach-tma-descriptor-args has counted the kernel's descriptors.
// CHECK-LABEL: func.func @uncounted
// CHECK: separate-host-tma.mlir:[[# @LINE + 1]]:1: error: funcOp lack tmaDeviceNum and tmaHostNum attr [lower:tileas.tma-idx.missing-counts]
func.func @uncounted(%tensor: memref<?x?xf16, 1>, %layout: !cute.layout<"(64,128):(1,64)">, %n: index) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %d = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%n, %n) strides(%n) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16, tmaIdx = 0 : i32} : !cute_nvgpu.tma_descriptor_tiled
  "use"(%d) : (!cute_nvgpu.tma_descriptor_tiled) -> ()
  return
}

// -----

// More device descriptors than the max-device-tmas option allows: nothing is separated.
// CHECK-LABEL: func.func @crowded
// CHECK-NOT: host_tma
// CHECK: separate-host-tma.mlir:[[# @LINE + 1]]:1: error: too many device TMA descriptors [lower:tileas.host-tma.too-many-device-descriptors]
func.func @crowded(%tensor: memref<?x?xf16, 1>, %layout: !cute.layout<"(64,128):(1,64)">, %sizes: memref<4xindex, 1>, %a: !llvm.ptr<1>, %b: !llvm.ptr<1>) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>, "nv_tileas.num-device-tmas" = 2 : i32, "nv_tileas.num-host-tmas" = 0 : i32} {
  %c0 = arith.constant 0 : index
  %m = memref.load %sizes[%c0] : memref<4xindex, 1>
  %d0 = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%m, %m) strides(%m) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16, tmaIdx = 0 : i32} : !cute_nvgpu.tma_descriptor_tiled
  %d1 = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%m, %m) strides(%m) paddings() {mode = #cute_nvgpu.tma_store_mode<store>, elementBitWidth = 16, tmaIdx = 1 : i32} : !cute_nvgpu.tma_descriptor_tiled
  "use"(%d0, %d1) : (!cute_nvgpu.tma_descriptor_tiled, !cute_nvgpu.tma_descriptor_tiled) -> ()
  return
}
