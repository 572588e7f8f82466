// RUN: cute-ir ptx %s --arch sm_90a | FileCheck %s

// A tf32 MMA atom built and never applied has its preview kernel from the lowering (a function
// applying it, after the pipeline and the function writer), as the other MMA atoms do: its A (and
// a register MMA's B) fragments loaded from the function's parameters into the `.b32` registers
// the instruction reads, not registers a kernel built from the configuration leaves unset.
// CHECK-LABEL: // line {{[0-9]+}}: %w = cute_nvgpu.make_mma_atom
// CHECK-NEXT: .visible .entry k0_sm90_mma_m64n8k8_tf32_tf32_f32_rmem(.param .u64 p0, .param .u64 p1, .param .u64 p2)
// CHECK: ld.b32 [[A0:%ld[0-9]+]], [%p1];
// CHECK-NEXT: mov.b32 [[V0:%v[0-9]+]], [[A0]];
// CHECK: wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {{{.*}}}, {[[V0]], {{.*}}}, {{%v[0-9]+}}, scale_d, 1, 1;  // @op %w
// CHECK-LABEL: // line {{[0-9]+}}: %m = cute_nvgpu.make_mma_atom
// CHECK-NEXT: .visible .entry k1_sm80_mma_m16n8k4_tf32_tf32_f32(.param .u64 p0, .param .u64 p1, .param .u64 p2)
// CHECK: ld.b32 [[A0:%ld[0-9]+]], [%p1];
// CHECK-NEXT: ld.b32 [[A1:%ld[0-9]+]], [%p1+4];
// CHECK-NEXT: ld.b32 [[B0:%ld[0-9]+]], [%p2];
// CHECK: mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {{{.*}}}, {[[A0]], [[A1]]}, {[[B0]]}, {{{.*}}};  // @op %m
func.func @tf32() {
  %w = cute_nvgpu.make_mma_atom {shape_MNK = [64, 8, 8], a_type = tf32, b_type = tf32, c_type = f32, a_source = "rmem"} : !cute_nvgpu.sm90.mma
  %m = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 4], a_type = tf32, b_type = tf32, c_type = f32} : !cute_nvgpu.sm80.mma
  return
}
