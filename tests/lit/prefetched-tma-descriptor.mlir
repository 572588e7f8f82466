// RUN: cute-ir lower %s --arch sm_90a | FileCheck %s
// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s --check-prefix=PTX

// A descriptor the function prefetches: the load that reads it prefetches it in its own inline
// assembly, so `prefetch_tma_desc` is lowered with the load and no op is left that the function
// writer does not know; the kernel prefetches the tensor map once, before the transfer.
// CHECK-NOT: cute_nvgpu.prefetch_tma_desc
// CHECK: "llvm.inline_asm"({{.*}}) <{asm_string = "prefetch.tensormap [$1];\ncp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint
// CHECK-NOT: cute_nvgpu.prefetch_tma_desc
// PTX: .hidden .param .align 64 .b8 tma0[128])
// PTX: prefetch.tensormap [%tma0];
// PTX-NEXT: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint [%{{.*}}], [%tma0, {%{{.*}}, %{{.*}}}], [%{{.*}}], %{{.*}};
// PTX-NOT: prefetch.tensormap
func.func @load(%tensor: memref<?x?xf16, 1>, %layout: !cute.layout<"(64,128):(1,64)">, %m: index,
                %tile: !cute.layout<"S<3,4,3> o 0 o (64,16):(16,1)">, %cta_map: !cute.layout<"(64,16):(1,64)">,
                %mbar: memref<1xi64, 3>, %smem: memref<1024xf16, 3>, %coord: index) {
  %desc = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%m, %m) strides(%m) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
  cute_nvgpu.prefetch_tma_desc %desc
  %atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map {num_multicast = 1} : !cute_nvgpu.atom.non_exec_tiled_tma_load
  %exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar {cache_mode = #cute_nvgpu.load_cache_mode<cg>} : !cute_nvgpu.atom.tma_load
  cute_nvgpu.atom.tma_load %exec, %smem, %coord {allow_tma = true, inBounds = true}
  return
}
