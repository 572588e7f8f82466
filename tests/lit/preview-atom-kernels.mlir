// RUN: cute-ir ptx %s --arch sm_100a | FileCheck %s

// An atom the document builds through an alias has its preview kernel from the lowering: a
// function applying an atom built again from its configuration (features/atom_kernel.py's
// `builder_text`), after the pipeline and the function writer. An ldmatrix's shared-memory tile
// and its fragment are the function's parameters; no kernel is built from the configuration.
// CHECK-LABEL: // line {{[0-9]+}}: %l = cute.make_atom() : () -> !ldsm
// CHECK-NEXT: .visible .entry k0_atom_ldsm_t_4(.param .u64 p0, .param .u64 p1)
// CHECK-NOT: smem_tile
// CHECK: cvta.to.shared.u64 [[S:%ptr[0-9]+]], %p0;
// CHECK-NEXT: cvt.u32.u64 [[A:%v[0-9]+]], [[S]];
// CHECK-NEXT: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {[[R0:%out[0-9]+]], {{.*}}}, [[[A]]];  // @op %l
// CHECK-NEXT: st.b32 [%p1], [[R0]];
// A stmatrix's fragment is read from its parameter, the tile its shared-memory address.
// CHECK-LABEL: // line {{[0-9]+}}: %s = cute.make_atom() : () -> !stsm
// CHECK-NEXT: .visible .entry k1_atom_stsm_t_m16n8_b8_2(.param .u64 p0, .param .u64 p1)
// CHECK: cvta.to.shared.u64 [[S:%ptr[0-9]+]], %p1;
// CHECK: ld.b32 [[F0:%ld[0-9]+]], [%p0];
// CHECK-NEXT: ld.b32 [[F1:%ld[0-9]+]], [%p0+4];
// CHECK-NEXT: stmatrix.sync.aligned.m16n8.x2.trans.shared.b8 [{{%v[0-9]+}}], {[[F0]], [[F1]]};  // @op %s
!ldsm = !cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, t>
!stsm = !cute_nvgpu.atom.stsm<i8, mode = <"(16,8)">, num_matrices = 2, t>
func.func @matrices() {
  %l = cute.make_atom() : () -> !ldsm
  %s = cute.make_atom() : () -> !stsm
  return
}
