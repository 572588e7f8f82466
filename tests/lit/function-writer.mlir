// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s

// A function (no TileAS kernel) whose atoms the pipeline lowered to inline assembly is written
// from the lowered IR (emit/lowered_kernel.py). The TMA descriptor it builds from its own
// arguments is a tensor map the host builds: a `.hidden` grid-constant parameter appended to
// the function's, whose generic address the bulk copy reads. The load runs under `scf.if`:
// a branch past it unless the `arith.cmpi` holds.
// CHECK-LABEL: .visible .entry guarded_load(
// CHECK-SAME: .hidden .param .align 64 .b8 tma0[128])
// CHECK: mov.b64 [[PARAM:%tma0_param]], tma0;
// CHECK-NEXT: cvta.param.u64 [[MAP:%tma0]], [[PARAM]];
// CHECK: setp.eq.b64 [[FIRST:%cmp[0-9]+]], %p9, 0;
// CHECK-NEXT: @![[FIRST]] bra [[END:ENDIF_[0-9]+]];
// The L2 policy in hex, as CUTLASS spells it, with the name its constant carries.
// CHECK: mov.b64 [[POLICY:%c[0-9]+]], 0x1000000000000000;  // L2 evict_normal
// CHECK: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint [%v{{[0-9]+}}], [[[MAP]], {%v{{[0-9]+}}, %v{{[0-9]+}}}], [%v{{[0-9]+}}], [[POLICY]];
// CHECK-NEXT: [[END]]:
// CHECK-NEXT: ret;
module attributes {gpu.container_module} {
  func.func @guarded_load(%tensor: memref<?x?xf16, 1>, %layout: !cute.layout<"(64,128):(1,64)">,
                          %m: index, %k: index, %sk: index,
                          %tile: !cute.layout<"S<3,4,3> o 0 o (64,8):(8,1)">, %cta_map: !cute.layout<"(64,8):(1,64)">,
                          %mbar: memref<1xi64, 3>, %smem_tile: memref<512xf16, 3>, %coord: index) {
    %desc = nv_tileas.make_tiled_tma_desc %tensor, %layout
      shapes(%m, %k) strides(%sk) paddings()
      {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
    %tma = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map
      {num_multicast = 1} : !cute_nvgpu.atom.non_exec_tiled_tma_load
    %exec = cute_nvgpu.atom.make_exec_tma %tma, %mbar
      {cache_mode = #cute_nvgpu.load_cache_mode<cg>} : !cute_nvgpu.atom.tma_load
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %coord, %c0 : index
    scf.if %first {
      cute_nvgpu.atom.tma_load %exec, %smem_tile, %coord {allow_tma = true, inBounds = true}
    }
    return
  }
}
