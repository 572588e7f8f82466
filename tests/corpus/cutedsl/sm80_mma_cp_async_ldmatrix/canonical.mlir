!copy_ldgsts = !cute.tiled_copy<!cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>, layout_copy_tv = <"((2,16),8):((128,1),16)">, tiler_mn = <"[16:1;16:1]">>
!copy_ldsm_2 = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 2, n>, layout_copy_tv = <"((4,8),((2,2),(1,1))):((16,1),((8,64),(0,0)))">, tiler_mn = <"[8:1;16:1]">>
!copy_ldsm_4 = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>, layout_copy_tv = <"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, tiler_mn = <"[16:1;16:1]">>
!memref_gmem_f16 = !cute.memref<f16, gmem, align<16>, "(16,16):(16,1)">
!memref_gmem_f16_1 = !cute.memref<f16, gmem, align<16>, "(8,16):(16,1)">
!memref_gmem_f16_2 = !cute.memref<f16, gmem, align<16>, "((8,1),1,1):((1,0),0,0)">
!memref_gmem_f16_3 = !cute.memref<f16, gmem, align<16>, "((8,1),(1,1)):((1,0),(0,0))">
!memref_gmem_f32 = !cute.memref<f32, gmem, align<16>, "(16,8):(8,1)">
!memref_gmem_f32_1 = !cute.memref<f32, gmem, align<8>, "((2,2),1,1):((1,64),0,0)">
!memref_gmem_f32_2 = !cute.memref<f32, gmem, align<8>, "(2,2):(1,64)">
!memref_rmem_f16 = !cute.memref<f16, rmem, align<16>, "((2,2,2),1,1):((1,2,4),0,0)">
!memref_rmem_f16_1 = !cute.memref<f16, rmem, align<8>, "((2,2),1,1):((1,2),0,0)">
!memref_rmem_f16_2 = !cute.memref<f16, rmem, align<16>, "((8,1),1,1):((1,0),0,0)">
!memref_rmem_f16_3 = !cute.memref<f16, rmem, align<16>, "((8,1),(1,1)):((1,0),(0,0))">
!memref_rmem_f16_4 = !cute.memref<f16, rmem, align<8>, "((4,1),1,1):((1,0),0,0)">
!memref_rmem_f16_5 = !cute.memref<f16, rmem, align<8>, "((4,1),(1,1)):((1,0),(0,0))">
!memref_rmem_f32 = !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">
!memref_rmem_f32_1 = !cute.memref<f32, rmem, align<16>, "(2,2):(1,2)">
!memref_smem_f16 = !cute.memref<f16, smem, align<16>, "(16,16):(16,1)">
!memref_smem_f16_1 = !cute.memref<f16, smem, align<16>, "(8,16):(16,1)">
!memref_smem_f16_2 = !cute.memref<f16, smem, align<16>, "((8,1),1,1):((1,0),0,0)">
!memref_smem_f16_3 = !cute.memref<f16, smem, align<16>, "((8,1),(1,1)):((1,0),(0,0))">
!memref_smem_f16_4 = !cute.memref<f16, smem, align<4>, "((2,2,2),1,1):((1,128,8),0,0)">
!memref_smem_f16_5 = !cute.memref<f16, smem, align<4>, "((2,2),1,1):((1,8),0,0)">
!memref_smem_i8 = !cute.memref<i8, smem, align<16>, "512:1">
!memref_smem_i8_1 = !cute.memref<i8, smem, align<16>, "256:1">
!mma_f16_f16_f32_16x8x16 = !cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32) >, atom_layout_MNK = <"(1,1,1):(0,0,0)">, permutation_MNK = <"[_;_;_]">>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_cutlass_ampere_kernel_tensorptrf16gmemalign16o1616161_tensorptrf16gmemalign16o816161_tensorptrf32gmemalign16o16881_0(%arg0: !memref_gmem_f16, %arg1: !memref_gmem_f16_1, %arg2: !memref_gmem_f32) attributes {cu_attrs = {max_dynamic_shared_size_bytes = #cuda.dev_max_shared_memory_optin, non_portable_cluster_size_allowed = 1 : i32}, cute.kernel, cutlass_launch_facts = {cluster_launch = false, cooperative_launch = false, exact_block_dim = array<i64: 32, 1, 1>, exact_grid_dim = array<i64: 1, 1, 1>, schema_version = 1 : i64}, gpu.kernel, nvvm.reqntid = array<i32: 32, 1, 1>, smem.hint_smem_base_uniform, smem.partition_num = 2 : i32} {
      %cst = arith.constant dense<0.000000e+00> : vector<4xf32>
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %shape = cute.make_shape() : () -> !cute.shape<"(16,16)">
      %stride = cute.make_stride() : () -> !cute.stride<"(16,1)">
      %lay = cute.make_layout(%shape, %stride) : !cute.layout<"(16,16):(16,1)">
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter = cute.get_iter(%smem) : !memref_smem_i8
      %iter_0 = cute.recast_iter(%iter) : !cute.ptr<i8, smem, align<16>> to !cute.ptr<f16, smem, align<16>>
      %view = cute.make_view(%iter_0, %lay) : !memref_smem_f16
      %shape_1 = cute.make_shape() : () -> !cute.shape<"(8,16)">
      %lay_2 = cute.make_layout(%shape_1, %stride) : !cute.layout<"(8,16):(16,1)">
      %smem_3 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_1
      %iter_4 = cute.get_iter(%smem_3) : !memref_smem_i8_1
      %iter_5 = cute.recast_iter(%iter_4) : !cute.ptr<i8, smem, align<16>> to !cute.ptr<f16, smem, align<16>>
      %view_6 = cute.make_view(%iter_5, %lay_2) : !memref_smem_f16_1
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>
      %1 = cute.make_tiled_copy(%atom) : !copy_ldgsts
      %coord = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned = cute.tiled.copy.partition_S(%1, %arg0, %coord) : (!copy_ldgsts, !memref_gmem_f16, !cute.coord<"?">) -> !memref_gmem_f16_2
      %iter_7 = cute.get_iter(%src_partitioned) : !memref_gmem_f16_2
      %dst_partitioned = cute.tiled.copy.partition_D(%1, %view, %coord) : (!copy_ldgsts, !memref_smem_f16, !cute.coord<"?">) -> !memref_smem_f16_2
      %iter_8 = cute.get_iter(%dst_partitioned) : !memref_smem_f16_2
      %lay_9 = cute.get_layout(%src_partitioned) : !memref_gmem_f16_2
      %lay_10 = cute.get_layout(%dst_partitioned) : !memref_smem_f16_2
      %shape_11 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_12 = cute.make_layout(%shape_11) : !cute.layout<"1:0">
      %append = cute.append_to_rank<2> (%lay_9, %lay_12) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_13 = cute.make_view(%iter_7, %append) : !memref_gmem_f16_2
      %grouped = cute.group_modes(%view_13) <1, 3> : (!memref_gmem_f16_2) -> !memref_gmem_f16_3
      %append_14 = cute.append_to_rank<2> (%lay_10, %lay_12) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_15 = cute.make_view(%iter_8, %append_14) : !memref_smem_f16_2
      %grouped_16 = cute.group_modes(%view_15) <1, 3> : (!memref_smem_f16_2) -> !memref_smem_f16_3
      cute.copy(%1, %grouped, %grouped_16) : (!copy_ldgsts, !memref_gmem_f16_3, !memref_smem_f16_3)
      %src_partitioned_17 = cute.tiled.copy.partition_S(%1, %arg1, %coord) : (!copy_ldgsts, !memref_gmem_f16_1, !cute.coord<"?">) -> !memref_gmem_f16_2
      %iter_18 = cute.get_iter(%src_partitioned_17) : !memref_gmem_f16_2
      %dst_partitioned_19 = cute.tiled.copy.partition_D(%1, %view_6, %coord) : (!copy_ldgsts, !memref_smem_f16_1, !cute.coord<"?">) -> !memref_smem_f16_2
      %iter_20 = cute.get_iter(%dst_partitioned_19) : !memref_smem_f16_2
      %lay_21 = cute.get_layout(%src_partitioned_17) : !memref_gmem_f16_2
      %lay_22 = cute.get_layout(%dst_partitioned_19) : !memref_smem_f16_2
      %append_23 = cute.append_to_rank<2> (%lay_21, %lay_12) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_24 = cute.make_view(%iter_18, %append_23) : !memref_gmem_f16_2
      %grouped_25 = cute.group_modes(%view_24) <1, 3> : (!memref_gmem_f16_2) -> !memref_gmem_f16_3
      %append_26 = cute.append_to_rank<2> (%lay_22, %lay_12) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_27 = cute.make_view(%iter_20, %append_26) : !memref_smem_f16_2
      %grouped_28 = cute.group_modes(%view_27) <1, 3> : (!memref_smem_f16_2) -> !memref_smem_f16_3
      cute.copy(%1, %grouped_25, %grouped_28) : (!copy_ldgsts, !memref_gmem_f16_3, !memref_smem_f16_3)
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      nvvm.barrier
      %atom_29 = cute.make_atom() : () -> !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32) >
      %2 = cute.make_tiled_mma(%atom_29) : !mma_f16_f16_f32_16x8x16
      %ptn_A = cute.tiled.mma.partition A (%2, %view, %coord) : (!mma_f16_f16_f32_16x8x16, !memref_smem_f16, !cute.coord<"?">) -> !memref_smem_f16_4
      %frg_A = cute.mma.make_fragment A (%2, %ptn_A) : (!mma_f16_f16_f32_16x8x16, !memref_smem_f16_4) -> !memref_rmem_f16
      %ptn_B = cute.tiled.mma.partition B (%2, %view_6, %coord) : (!mma_f16_f16_f32_16x8x16, !memref_smem_f16_1, !cute.coord<"?">) -> !memref_smem_f16_5
      %frg_B = cute.mma.make_fragment B (%2, %ptn_B) : (!mma_f16_f16_f32_16x8x16, !memref_smem_f16_5) -> !memref_rmem_f16_1
      %ptn_C = cute.tiled.mma.partition C (%2, %arg2, %coord) : (!mma_f16_f16_f32_16x8x16, !memref_gmem_f32, !cute.coord<"?">) -> !memref_gmem_f32_1
      %frg_C = cute.mma.make_fragment C (%2, %ptn_C) : (!mma_f16_f16_f32_16x8x16, !memref_gmem_f32_1) -> !memref_rmem_f32
      %lay_30 = cute.get_layout(%frg_C) : !memref_rmem_f32
      cute.memref.store_vec(%cst, %frg_C) : (vector<4xf32>, !memref_rmem_f32) -> ()
      %atom_31 = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>
      %3 = cute.make_tiled_copy(%atom_31) : !copy_ldsm_4
      %atom_32 = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 2, n>
      %4 = cute.make_tiled_copy(%atom_32) : !copy_ldsm_2
      %src_partitioned_33 = cute.tiled.copy.partition_S(%3, %view, %coord) : (!copy_ldsm_4, !memref_smem_f16, !cute.coord<"?">) -> !memref_smem_f16_2
      %iter_34 = cute.get_iter(%src_partitioned_33) : !memref_smem_f16_2
      %retiled = cute.tiled.copy.retile(%3, %frg_A) : (!copy_ldsm_4, !memref_rmem_f16) -> !memref_rmem_f16_2
      %iter_35 = cute.get_iter(%retiled) : !memref_rmem_f16_2
      %lay_36 = cute.get_layout(%src_partitioned_33) : !memref_smem_f16_2
      %lay_37 = cute.get_layout(%retiled) : !memref_rmem_f16_2
      %append_38 = cute.append_to_rank<2> (%lay_36, %lay_12) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_39 = cute.make_view(%iter_34, %append_38) : !memref_smem_f16_2
      %grouped_40 = cute.group_modes(%view_39) <1, 3> : (!memref_smem_f16_2) -> !memref_smem_f16_3
      %append_41 = cute.append_to_rank<2> (%lay_37, %lay_12) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_42 = cute.make_view(%iter_35, %append_41) : !memref_rmem_f16_2
      %grouped_43 = cute.group_modes(%view_42) <1, 3> : (!memref_rmem_f16_2) -> !memref_rmem_f16_3
      cute.copy(%3, %grouped_40, %grouped_43) : (!copy_ldsm_4, !memref_smem_f16_3, !memref_rmem_f16_3)
      %src_partitioned_44 = cute.tiled.copy.partition_S(%4, %view_6, %coord) : (!copy_ldsm_2, !memref_smem_f16_1, !cute.coord<"?">) -> !memref_smem_f16_2
      %iter_45 = cute.get_iter(%src_partitioned_44) : !memref_smem_f16_2
      %retiled_46 = cute.tiled.copy.retile(%4, %frg_B) : (!copy_ldsm_2, !memref_rmem_f16_1) -> !memref_rmem_f16_4
      %iter_47 = cute.get_iter(%retiled_46) : !memref_rmem_f16_4
      %lay_48 = cute.get_layout(%src_partitioned_44) : !memref_smem_f16_2
      %lay_49 = cute.get_layout(%retiled_46) : !memref_rmem_f16_4
      %append_50 = cute.append_to_rank<2> (%lay_48, %lay_12) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_51 = cute.make_view(%iter_45, %append_50) : !memref_smem_f16_2
      %grouped_52 = cute.group_modes(%view_51) <1, 3> : (!memref_smem_f16_2) -> !memref_smem_f16_3
      %append_53 = cute.append_to_rank<2> (%lay_49, %lay_12) : !cute.layout<"((4,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_54 = cute.make_view(%iter_47, %append_53) : !memref_rmem_f16_4
      %grouped_55 = cute.group_modes(%view_54) <1, 3> : (!memref_rmem_f16_4) -> !memref_rmem_f16_5
      cute.copy(%4, %grouped_52, %grouped_55) : (!copy_ldsm_2, !memref_smem_f16_3, !memref_rmem_f16_5)
      cute.gemm(%2, %frg_C, %frg_A, %frg_B, %frg_C) : (!mma_f16_f16_f32_16x8x16, !memref_rmem_f32, !memref_rmem_f16, !memref_rmem_f16_1, !memref_rmem_f32)
      %lay_56 = cute.get_layout(%ptn_C) : !memref_gmem_f32_1
      %rinv = cute.right_inverse(%lay_56) : (!cute.layout<"((2,2),1,1):((1,64),0,0)">) -> !cute.layout<"2:1">
      %5 = cute.composition(%lay_30, %rinv) : (!cute.layout<"((2,2),1,1):((1,2),0,0)">, !cute.layout<"2:1">) -> !cute.layout<"2:1">
      %coalesce = cute.coalesce(%5) : (!cute.layout<"2:1">) -> !cute.layout<"2:1">
      %6 = cute.composition(%rinv, %coalesce) : (!cute.layout<"2:1">, !cute.layout<"2:1">) -> !cute.layout<"2:1">
      %div = cute.logical_divide(%frg_C, %6) : !memref_rmem_f32, !cute.layout<"2:1">
      %div_57 = cute.logical_divide(%ptn_C, %6) : !memref_gmem_f32_1, !cute.layout<"2:1">
      %shape_58 = cute.make_shape() : () -> !cute.shape<"2">
      %lay_59 = cute.make_layout(%shape_58) : !cute.layout<"2:1">
      %div_60 = cute.logical_divide(%div, %lay_59) : !memref_rmem_f32_1, !cute.layout<"2:1">
      %div_61 = cute.logical_divide(%div_57, %lay_59) : !memref_gmem_f32_2, !cute.layout<"2:1">
      %atom_62 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 64 b>
      cute.copy(%atom_62, %div_60, %div_61) : (!cute_nvgpu.atom.universal_copy<f32, 64 b>, !memref_rmem_f32_1, !memref_gmem_f32_2)
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat161616161_FakeTensorFloat16816161_FakeTensorFloat3216881(%arg0: !memref_gmem_f16, %arg1: !memref_gmem_f16_1, %arg2: !memref_gmem_f32) -> i32 attributes {llvm.emit_c_interface} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c32_i32 = arith.constant 32 : i32
    %c0_i64 = arith.constant 0 : i64
    %c166912_i64 = arith.constant 166912 : i64
    %0 = cute.kernel_smem_size @kernels::@kernel_cutlass_ampere_kernel_tensorptrf16gmemalign16o1616161_tensorptrf16gmemalign16o816161_tensorptrf32gmemalign16o16881_0 : i64
    %1 = arith.cmpi sgt, %0, %c166912_i64 : i64
    scf.if %1 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_ampere_kernel_tensorptrf16gmemalign16o1616161_tensorptrf16gmemalign16o816161_tensorptrf32gmemalign16o16881_0' launch shared memory exceeds current GPU arch sm_80 allowed. Allocated: {} bytes. Max: 166912 bytes.\0A\0A", %0) : i64
    }
    %2 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %3 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c32_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %0, gridDim = (%c1_i32, %c1_i32, %c1_i32), stream = %2) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%3] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    cuda.launch_cfg.cooperative[%3] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %4 = cuda.launch_ex @kernels::@kernel_cutlass_ampere_kernel_tensorptrf16gmemalign16o1616161_tensorptrf16gmemalign16o816161_tensorptrf32gmemalign16o16881_0<%3> (%arg0, %arg1, %arg2) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!memref_gmem_f16, !memref_gmem_f16_1, !memref_gmem_f32) -> !cuda.result
    %5 = cuda.cast %4 : !cuda.result -> i32
    cuda.return_if_error %5 : i32
    return %c0_i32 : i32
  }
}

