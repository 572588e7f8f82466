// RUN: cute-ir lower %s --arch sm_90a | FileCheck %s

// A TMA load bound to its mbarrier and an ldmatrix: both become their PTX; the atoms go. The
// load's one index coordinate is the element index over the descriptor's extents (shapes(%m, %n),
// innermost first): i mod m, then i div m. The
// ldmatrix reads its shared-memory tile by its 32-bit address and writes four registers, which
// are stored into the fragment.
// CHECK-NOT: cute_nvgpu.atom.tma_load %exec
// CHECK: %[[C0:[0-9]+]] = "arith.remui"(%coord, %m) : (index, index) -> index
// CHECK-NEXT: %[[C1:[0-9]+]] = "arith.divui"(%coord, %m) : (index, index) -> index
// CHECK-NEXT: %[[X0:[0-9]+]] = "arith.index_cast"(%[[C0]]) : (index) -> i32
// CHECK-NEXT: %[[X1:[0-9]+]] = "arith.index_cast"(%[[C1]]) : (index) -> i32
// The L2 policy (the default cache mode's, evict_normal) is a constant that keeps its name.
// CHECK: %[[POLICY:[0-9]+]] = "arith.constant"() <{value = 1152921504606846976 : i64}> {cute_nvgpu.l2_cache_policy = "evict_normal"} : () -> i64
// CHECK: "llvm.inline_asm"(%{{[0-9]+}}, %{{[0-9]+}}, %[[X0]], %[[X1]], %[[POLICY]], %{{[0-9]+}}) <{asm_string = "cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint [$0], [$1, {$2, $3}], [$5], $4;", constraints = "r,l,r,r,l,r", has_side_effects}>
// CHECK: %[[PTR:[0-9]+]] = "memref.extract_aligned_pointer_as_index"(%smem_a) : (memref<1024xf16, 3>) -> index
// CHECK-NEXT: %[[ADDR:[0-9]+]] = "arith.index_cast"(%[[PTR]]) : (index) -> i32
// CHECK-NEXT: "llvm.inline_asm"(%[[ADDR]]) <{asm_string = "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];", constraints = "=r,=r,=r,=r,r", has_side_effects}>
// CHECK-COUNT-4: "vector.store"({{.+}}, %frag,
// CHECK-NOT: make_copy_atom
// CHECK-NOT: make_exec_tma
func.func @load(%tensor_a: memref<4096x4096xf16, 1>, %layout_a: !cute.layout<"(64,128):(1,64)">,
                %m: index, %n: index, %sn: index,
                %tile: !cute.layout<"S<3,4,3> o 0 o (64,16):(16,1)">, %cta_map: !cute.layout<"(64,16):(1,64)">,
                %mbar: memref<1xi64, 3>, %smem_a: memref<1024xf16, 3>, %coord: index, %frag: memref<8xf16>) {
  %desc = nv_tileas.make_tiled_tma_desc %tensor_a, %layout_a shapes(%m, %n) strides(%sn) paddings() {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
  %tma = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map {num_multicast = 1} : !cute_nvgpu.atom.non_exec_tiled_tma_load
  %exec = cute_nvgpu.atom.make_exec_tma %tma, %mbar {cache_mode = #cute_nvgpu.load_cache_mode<cg>} : !cute_nvgpu.atom.tma_load
  cute_nvgpu.atom.tma_load %exec, %smem_a, %coord {allow_tma = true, inBounds = true}
  %ldsm = cute_nvgpu.make_copy_atom {val_type = f16, num_matrices = 4} : !cute_nvgpu.atom.ldsm<m8n8.x4>
  cute_nvgpu.copy %ldsm, %smem_a, %frag : (!cute_nvgpu.atom.ldsm<m8n8.x4>, memref<1024xf16, 3>, memref<8xf16>)
  return
}
