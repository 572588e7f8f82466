// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s

// A tf32 fragment is 32 bits an element in memory and in a register (CUTLASS's tfloat32_t), so
// the function writer loads each element of it with `ld.b32` into the `.b32` register the MMA's
// `r` operand takes: a register mma.sync's A and B, and a wgmma's A in registers.
// CHECK-LABEL: .visible .entry mma_tf32(
// CHECK: ld.b32 [[A0:%ld[0-9]+]], [%p1];
// CHECK: ld.b32 [[B0:%ld[0-9]+]], [%p2];
// CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {{{.*}}}, {[[A0]], {{.*}}}, {[[B0]], {{.*}}}, {{{.*}}};
// CHECK-LABEL: .visible .entry wgmma_tf32(
// CHECK: ld.b32 [[A0:%ld[0-9]+]], [%p1];
// CHECK-NEXT: mov.b32 [[V0:%v[0-9]+]], [[A0]];
// CHECK: wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {{{.*}}}, {[[V0]], {{.*}}}, {{%v[0-9]+}}, scale_d, 1, 1;
module {
  func.func @mma_tf32(%d: memref<4xf32>, %a: memref<4xtf32>, %b: memref<2xtf32>) {
    %atom = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 8], a_type = tf32, b_type = tf32, c_type = f32} : !cute_nvgpu.sm80.mma
    cute_nvgpu.mma %atom, %d, %a, %b, %d : (!cute_nvgpu.sm80.mma, memref<4xf32>, memref<4xtf32>, memref<2xtf32>, memref<4xf32>)
    return
  }
  func.func @wgmma_tf32(%d: memref<4xf32>, %a: memref<4xtf32>, %b: !cute_nvgpu.smem_desc_view<memref<64xtf32, 3>, #cute.layout<(8, 8):(1, 8)>>) {
    %atom = cute_nvgpu.make_mma_atom {shape_MNK = [64, 8, 8], a_type = tf32, b_type = tf32, c_type = f32, a_source = "rmem"} : !cute_nvgpu.sm90.mma
    cute_nvgpu.mma %atom, %d, %a, %b, %d : (!cute_nvgpu.sm90.mma, memref<4xf32>, memref<4xtf32>, !cute_nvgpu.smem_desc_view<memref<64xtf32, 3>, #cute.layout<(8, 8):(1, 8)>>, memref<4xf32>)
    return
  }
}
