!copy_ldsm_2 = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = f4E2M1FN, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 2, n>, layout_copy_tv = <"((4,8),((8,2),(1,1))):((64,1),((8,256),(0,0)))">, tiler_mn = <"[8:1;64:1]">>
!copy_ldsm_4 = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = f4E2M1FN, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>, layout_copy_tv = <"((4,8),((8,2,2),(1,1))):((128,1),((16,8,512),(0,0)))">, tiler_mn = <"[16:1;64:1]">>
!memref_gmem_f32 = !cute.memref<f32, gmem, align<16>, "(16,8):(8,1)">
!memref_gmem_f32_1 = !cute.memref<f32, gmem, align<8>, "((2,2),1,1):((1,64),0,0)">
!memref_gmem_f32_2 = !cute.memref<f32, gmem, align<8>, "(2,2):(1,64)">
!memref_gmem_f4E2M1FN = !cute.memref<f4E2M1FN, gmem, align<16>, "(16,64):(64,1)">
!memref_gmem_f4E2M1FN1 = !cute.memref<f4E2M1FN, gmem, align<16>, "(8,64):(64,1)">
!memref_gmem_f4E2M1FN2 = !cute.memref<f4E2M1FN, gmem, align<16>, "((64,16),1):((1,64),0)">
!memref_gmem_f4E2M1FN3 = !cute.memref<f4E2M1FN, gmem, align<16>, "(32,32):(1,32)">
!memref_gmem_f4E2M1FN4 = !cute.memref<f4E2M1FN, gmem, align<16>, "((64,8),1):((1,64),0)">
!memref_gmem_f4E2M1FN5 = !cute.memref<f4E2M1FN, gmem, align<16>, "(32,16):(1,32)">
!memref_gmem_f8E4M3FN = !cute.memref<f8E4M3FN, gmem, align<16>, "(64):(1)">
!memref_gmem_f8E4M3FN1 = !cute.memref<f8E4M3FN, gmem, align<16>, "(32):(1)">
!memref_rmem_f32 = !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">
!memref_rmem_f32_1 = !cute.memref<f32, rmem, align<16>, "(2,2):(1,2)">
!memref_rmem_f4E2M1FN = !cute.memref<f4E2M1FN, rmem, align<16>, "((8,2,2),1,1):((1,8,16),0,0)">
!memref_rmem_f4E2M1FN1 = !cute.memref<f4E2M1FN, rmem, align<8>, "((8,2),1,1):((1,8),0,0)">
!memref_rmem_f4E2M1FN2 = !cute.memref<f4E2M1FN, rmem, align<16>, "((32,1),1,1):((1,0),0,0)">
!memref_rmem_f4E2M1FN3 = !cute.memref<f4E2M1FN, rmem, align<16>, "((32,1),(1,1)):((1,0),(0,0))">
!memref_rmem_f4E2M1FN4 = !cute.memref<f4E2M1FN, rmem, align<8>, "((16,1),1,1):((1,0),0,0)">
!memref_rmem_f4E2M1FN5 = !cute.memref<f4E2M1FN, rmem, align<8>, "((16,1),(1,1)):((1,0),(0,0))">
!memref_rmem_f8E4M3FN = !cute.memref<f8E4M3FN, rmem, align<32>, "((16,4),1,1):((0,1),0,0)">
!memref_rmem_f8E4M3FN1 = !cute.memref<f8E4M3FN, rmem, align<32>, "((16,4),(1,1)):((0,1),(0,0))">
!memref_rmem_f8E4M3FN2 = !cute.memref<f8E4M3FN, rmem, align<32>, "((16,4),(1,1),1):((0,1),(0,0),0)">
!memref_smem_f4E2M1FN = !cute.memref<f4E2M1FN, smem, align<16>, "(16,64):(64,1)">
!memref_smem_f4E2M1FN1 = !cute.memref<f4E2M1FN, smem, align<16>, "(8,64):(64,1)">
!memref_smem_f4E2M1FN2 = !cute.memref<f4E2M1FN, smem, align<16>, "((64,16),1):((1,64),0)">
!memref_smem_f4E2M1FN3 = !cute.memref<f4E2M1FN, smem, align<16>, "(32,32):(1,32)">
!memref_smem_f4E2M1FN4 = !cute.memref<f4E2M1FN, smem, align<16>, "((64,8),1):((1,64),0)">
!memref_smem_f4E2M1FN5 = !cute.memref<f4E2M1FN, smem, align<16>, "(32,16):(1,32)">
!memref_smem_f4E2M1FN6 = !cute.memref<f4E2M1FN, smem, align<4>, "((8,2,2),1,1):((1,512,32),0,0)">
!memref_smem_f4E2M1FN7 = !cute.memref<f4E2M1FN, smem, align<4>, "((8,2),1,1):((1,32),0,0)">
!memref_smem_f4E2M1FN8 = !cute.memref<f4E2M1FN, smem, align<16>, "((32,1),1,1):((1,0),0,0)">
!memref_smem_f4E2M1FN9 = !cute.memref<f4E2M1FN, smem, align<16>, "((32,1),(1,1)):((1,0),(0,0))">
!memref_smem_i8 = !cute.memref<i8, smem, align<16>, "512:1">
!memref_smem_i8_1 = !cute.memref<i8, smem, align<16>, "256:1">
!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64 = !cute.tiled_mma<!cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, use_sf_layout_TV = false>, atom_layout_MNK = <"(1,1,1):(0,0,0)">, permutation_MNK = <"[_;_;_]">>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_cutlass_nvfp4_ldsm_kernel_tensorptrf4E2M1FNgmemalign16o1664641_tensorptrf4E2M1FNgmemalign16o864641_tensorptrf8E4M3FNgmemalign16o641_tensorptrf8E4M3FNgmemalign16o321_tensorptrf32gme_0(%arg0: !memref_gmem_f4E2M1FN, %arg1: !memref_gmem_f4E2M1FN1, %arg2: !memref_gmem_f8E4M3FN, %arg3: !memref_gmem_f8E4M3FN1, %arg4: !memref_gmem_f32) attributes {cu_attrs = {max_dynamic_shared_size_bytes = #cuda.dev_max_shared_memory_optin, non_portable_cluster_size_allowed = 1 : i32}, cute.kernel, cutlass_launch_facts = {cluster_launch = false, cooperative_launch = false, exact_block_dim = array<i64: 32, 1, 1>, exact_grid_dim = array<i64: 1, 1, 1>, schema_version = 1 : i64}, gpu.kernel, nvvm.reqntid = array<i32: 32, 1, 1>, smem.hint_smem_base_uniform, smem.partition_num = 2 : i32} {
      %cst = arith.constant dense<0.000000e+00> : vector<4xf32>
      %c0_i32 = arith.constant 0 : i32
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %atom = cute.make_atom() : () -> !cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, use_sf_layout_TV = false>
      %1 = cute.make_tiled_mma(%atom) : !mma_f4E2M1FN_f4E2M1FN_f32_16x8x64
      %shape = cute.make_shape() : () -> !cute.shape<"(16,64)">
      %stride = cute.make_stride() : () -> !cute.stride<"(64,1)">
      %lay = cute.make_layout(%shape, %stride) : !cute.layout<"(16,64):(64,1)">
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter = cute.get_iter(%smem) : !memref_smem_i8
      %iter_0 = cute.recast_iter(%iter) : !cute.ptr<i8, smem, align<16>> to !cute.ptr<f4E2M1FN, smem, align<16>>
      %view = cute.make_view(%iter_0, %lay) : !memref_smem_f4E2M1FN
      %shape_1 = cute.make_shape() : () -> !cute.shape<"(8,64)">
      %lay_2 = cute.make_layout(%shape_1, %stride) : !cute.layout<"(8,64):(64,1)">
      %smem_3 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_1
      %iter_4 = cute.get_iter(%smem_3) : !memref_smem_i8_1
      %iter_5 = cute.recast_iter(%iter_4) : !cute.ptr<i8, smem, align<16>> to !cute.ptr<f4E2M1FN, smem, align<16>>
      %view_6 = cute.make_view(%iter_5, %lay_2) : !memref_smem_f4E2M1FN1
      %2 = arith.cmpi eq, %0, %c0_i32 : i32
      scf.if %2 {
        %lay_44 = cute.get_layout(%arg0) : !memref_gmem_f4E2M1FN
        %rinv_45 = cute.right_inverse(%lay) : (!cute.layout<"(16,64):(64,1)">) -> !cute.layout<"(64,16):(16,1)">
        %7 = cute.composition(%lay_44, %rinv_45) : (!cute.layout<"(16,64):(64,1)">, !cute.layout<"(64,16):(16,1)">) -> !cute.layout<"(64,16):(1,64)">
        %coalesce_46 = cute.coalesce(%7) : (!cute.layout<"(64,16):(1,64)">) -> !cute.layout<"1024:1">
        %8 = cute.composition(%rinv_45, %coalesce_46) : (!cute.layout<"(64,16):(16,1)">, !cute.layout<"1024:1">) -> !cute.layout<"(64,16):(16,1)">
        %div_47 = cute.logical_divide(%arg0, %8) : !memref_gmem_f4E2M1FN, !cute.layout<"(64,16):(16,1)">
        %div_48 = cute.logical_divide(%view, %8) : !memref_smem_f4E2M1FN, !cute.layout<"(64,16):(16,1)">
        %shape_49 = cute.make_shape() : () -> !cute.shape<"32">
        %lay_50 = cute.make_layout(%shape_49) : !cute.layout<"32:1">
        %div_51 = cute.logical_divide(%div_47, %lay_50) : !memref_gmem_f4E2M1FN2, !cute.layout<"32:1">
        %div_52 = cute.logical_divide(%div_48, %lay_50) : !memref_smem_f4E2M1FN2, !cute.layout<"32:1">
        %atom_53 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f4E2M1FN, 128 b>
        cute.copy(%atom_53, %div_51, %div_52) : (!cute_nvgpu.atom.universal_copy<f4E2M1FN, 128 b>, !memref_gmem_f4E2M1FN3, !memref_smem_f4E2M1FN3)
        %lay_54 = cute.get_layout(%arg1) : !memref_gmem_f4E2M1FN1
        %rinv_55 = cute.right_inverse(%lay_2) : (!cute.layout<"(8,64):(64,1)">) -> !cute.layout<"(64,8):(8,1)">
        %9 = cute.composition(%lay_54, %rinv_55) : (!cute.layout<"(8,64):(64,1)">, !cute.layout<"(64,8):(8,1)">) -> !cute.layout<"(64,8):(1,64)">
        %coalesce_56 = cute.coalesce(%9) : (!cute.layout<"(64,8):(1,64)">) -> !cute.layout<"512:1">
        %10 = cute.composition(%rinv_55, %coalesce_56) : (!cute.layout<"(64,8):(8,1)">, !cute.layout<"512:1">) -> !cute.layout<"(64,8):(8,1)">
        %div_57 = cute.logical_divide(%arg1, %10) : !memref_gmem_f4E2M1FN1, !cute.layout<"(64,8):(8,1)">
        %div_58 = cute.logical_divide(%view_6, %10) : !memref_smem_f4E2M1FN1, !cute.layout<"(64,8):(8,1)">
        %div_59 = cute.logical_divide(%div_57, %lay_50) : !memref_gmem_f4E2M1FN4, !cute.layout<"32:1">
        %div_60 = cute.logical_divide(%div_58, %lay_50) : !memref_smem_f4E2M1FN4, !cute.layout<"32:1">
        cute.copy(%atom_53, %div_59, %div_60) : (!cute_nvgpu.atom.universal_copy<f4E2M1FN, 128 b>, !memref_gmem_f4E2M1FN5, !memref_smem_f4E2M1FN5)
      }
      nvvm.barrier
      %coord = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %ptn_A = cute.tiled.mma.partition A (%1, %view, %coord) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_smem_f4E2M1FN, !cute.coord<"?">) -> !memref_smem_f4E2M1FN6
      %frg_A = cute.mma.make_fragment A (%1, %ptn_A) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_smem_f4E2M1FN6) -> !memref_rmem_f4E2M1FN
      %ptn_B = cute.tiled.mma.partition B (%1, %view_6, %coord) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_smem_f4E2M1FN1, !cute.coord<"?">) -> !memref_smem_f4E2M1FN7
      %frg_B = cute.mma.make_fragment B (%1, %ptn_B) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_smem_f4E2M1FN7) -> !memref_rmem_f4E2M1FN1
      %atom_7 = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<val_type = f4E2M1FN, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>
      %3 = cute.make_tiled_copy(%atom_7) : !copy_ldsm_4
      %atom_8 = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<val_type = f4E2M1FN, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 2, n>
      %4 = cute.make_tiled_copy(%atom_8) : !copy_ldsm_2
      %src_partitioned = cute.tiled.copy.partition_S(%3, %view, %coord) : (!copy_ldsm_4, !memref_smem_f4E2M1FN, !cute.coord<"?">) -> !memref_smem_f4E2M1FN8
      %iter_9 = cute.get_iter(%src_partitioned) : !memref_smem_f4E2M1FN8
      %retiled = cute.tiled.copy.retile(%3, %frg_A) : (!copy_ldsm_4, !memref_rmem_f4E2M1FN) -> !memref_rmem_f4E2M1FN2
      %iter_10 = cute.get_iter(%retiled) : !memref_rmem_f4E2M1FN2
      %lay_11 = cute.get_layout(%src_partitioned) : !memref_smem_f4E2M1FN8
      %lay_12 = cute.get_layout(%retiled) : !memref_rmem_f4E2M1FN2
      %shape_13 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_14 = cute.make_layout(%shape_13) : !cute.layout<"1:0">
      %append = cute.append_to_rank<2> (%lay_11, %lay_14) : !cute.layout<"((32,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_15 = cute.make_view(%iter_9, %append) : !memref_smem_f4E2M1FN8
      %grouped = cute.group_modes(%view_15) <1, 3> : (!memref_smem_f4E2M1FN8) -> !memref_smem_f4E2M1FN9
      %append_16 = cute.append_to_rank<2> (%lay_12, %lay_14) : !cute.layout<"((32,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_17 = cute.make_view(%iter_10, %append_16) : !memref_rmem_f4E2M1FN2
      %grouped_18 = cute.group_modes(%view_17) <1, 3> : (!memref_rmem_f4E2M1FN2) -> !memref_rmem_f4E2M1FN3
      cute.copy(%3, %grouped, %grouped_18) : (!copy_ldsm_4, !memref_smem_f4E2M1FN9, !memref_rmem_f4E2M1FN3)
      %src_partitioned_19 = cute.tiled.copy.partition_S(%4, %view_6, %coord) : (!copy_ldsm_2, !memref_smem_f4E2M1FN1, !cute.coord<"?">) -> !memref_smem_f4E2M1FN8
      %iter_20 = cute.get_iter(%src_partitioned_19) : !memref_smem_f4E2M1FN8
      %retiled_21 = cute.tiled.copy.retile(%4, %frg_B) : (!copy_ldsm_2, !memref_rmem_f4E2M1FN1) -> !memref_rmem_f4E2M1FN4
      %iter_22 = cute.get_iter(%retiled_21) : !memref_rmem_f4E2M1FN4
      %lay_23 = cute.get_layout(%src_partitioned_19) : !memref_smem_f4E2M1FN8
      %lay_24 = cute.get_layout(%retiled_21) : !memref_rmem_f4E2M1FN4
      %append_25 = cute.append_to_rank<2> (%lay_23, %lay_14) : !cute.layout<"((32,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_26 = cute.make_view(%iter_20, %append_25) : !memref_smem_f4E2M1FN8
      %grouped_27 = cute.group_modes(%view_26) <1, 3> : (!memref_smem_f4E2M1FN8) -> !memref_smem_f4E2M1FN9
      %append_28 = cute.append_to_rank<2> (%lay_24, %lay_14) : !cute.layout<"((16,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_29 = cute.make_view(%iter_22, %append_28) : !memref_rmem_f4E2M1FN4
      %grouped_30 = cute.group_modes(%view_29) <1, 3> : (!memref_rmem_f4E2M1FN4) -> !memref_rmem_f4E2M1FN5
      cute.copy(%4, %grouped_27, %grouped_30) : (!copy_ldsm_2, !memref_smem_f4E2M1FN9, !memref_rmem_f4E2M1FN5)
      %rmem = cute.memref.alloca() : !memref_rmem_f8E4M3FN
      %rmem_31 = cute.memref.alloca() : !memref_rmem_f8E4M3FN1
      %iter_32 = cute.get_iter(%rmem_31) : !memref_rmem_f8E4M3FN1
      %lay_33 = cute.get_layout(%rmem_31) : !memref_rmem_f8E4M3FN1
      %append_34 = cute.append_to_rank<3> (%lay_33, %lay_14) : !cute.layout<"((16,4),(1,1)):((0,1),(0,0))">, !cute.layout<"1:0">
      %view_35 = cute.make_view(%iter_32, %append_34) : !memref_rmem_f8E4M3FN2
      %ptn_C = cute.tiled.mma.partition C (%1, %arg4, %coord) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_gmem_f32, !cute.coord<"?">) -> !memref_gmem_f32_1
      %frg_C = cute.mma.make_fragment C (%1, %ptn_C) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_gmem_f32_1) -> !memref_rmem_f32
      %lay_36 = cute.get_layout(%frg_C) : !memref_rmem_f32
      cute.memref.store_vec(%cst, %frg_C) : (vector<4xf32>, !memref_rmem_f32) -> ()
      cute.gemm(%1, %frg_C, [%frg_A, %rmem], [%frg_B, %view_35], %frg_C) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_rmem_f32, [!memref_rmem_f4E2M1FN, !memref_rmem_f8E4M3FN], [!memref_rmem_f4E2M1FN1, !memref_rmem_f8E4M3FN2], !memref_rmem_f32)
      %lay_37 = cute.get_layout(%ptn_C) : !memref_gmem_f32_1
      %rinv = cute.right_inverse(%lay_37) : (!cute.layout<"((2,2),1,1):((1,64),0,0)">) -> !cute.layout<"2:1">
      %5 = cute.composition(%lay_36, %rinv) : (!cute.layout<"((2,2),1,1):((1,2),0,0)">, !cute.layout<"2:1">) -> !cute.layout<"2:1">
      %coalesce = cute.coalesce(%5) : (!cute.layout<"2:1">) -> !cute.layout<"2:1">
      %6 = cute.composition(%rinv, %coalesce) : (!cute.layout<"2:1">, !cute.layout<"2:1">) -> !cute.layout<"2:1">
      %div = cute.logical_divide(%frg_C, %6) : !memref_rmem_f32, !cute.layout<"2:1">
      %div_38 = cute.logical_divide(%ptn_C, %6) : !memref_gmem_f32_1, !cute.layout<"2:1">
      %shape_39 = cute.make_shape() : () -> !cute.shape<"2">
      %lay_40 = cute.make_layout(%shape_39) : !cute.layout<"2:1">
      %div_41 = cute.logical_divide(%div, %lay_40) : !memref_rmem_f32_1, !cute.layout<"2:1">
      %div_42 = cute.logical_divide(%div_38, %lay_40) : !memref_gmem_f32_2, !cute.layout<"2:1">
      %atom_43 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 64 b>
      cute.copy(%atom_43, %div_41, %div_42) : (!cute_nvgpu.atom.universal_copy<f32, 64 b>, !memref_rmem_f32_1, !memref_gmem_f32_2)
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat4E2M1FN1664641_FakeTensorFloat4E2M1FN864641_FakeTensorFloat8E4M3FN641_FakeTensorFloat8E4M3FN321_FakeTensorFloat3216881(%arg0: !memref_gmem_f4E2M1FN, %arg1: !memref_gmem_f4E2M1FN1, %arg2: !memref_gmem_f8E4M3FN, %arg3: !memref_gmem_f8E4M3FN1, %arg4: !memref_gmem_f32) -> i32 attributes {llvm.emit_c_interface} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c32_i32 = arith.constant 32 : i32
    %c0_i64 = arith.constant 0 : i64
    %c101376_i64 = arith.constant 101376 : i64
    %0 = cute.kernel_smem_size @kernels::@kernel_cutlass_nvfp4_ldsm_kernel_tensorptrf4E2M1FNgmemalign16o1664641_tensorptrf4E2M1FNgmemalign16o864641_tensorptrf8E4M3FNgmemalign16o641_tensorptrf8E4M3FNgmemalign16o321_tensorptrf32gme_0 : i64
    %1 = arith.cmpi sgt, %0, %c101376_i64 : i64
    scf.if %1 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_nvfp4_ldsm_kernel_tensorptrf4E2M1FNgmemalign16o1664641_tensorptrf4E2M1FNgmemalign16o864641_tensorptrf8E4M3FNgmemalign16o641_tensorptrf8E4M3FNgmemalign16o321_tensorptrf32gme_0' launch shared memory exceeds current GPU arch sm_120a allowed. Allocated: {} bytes. Max: 101376 bytes.\0A\0A", %0) : i64
    }
    %2 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %3 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c32_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %0, gridDim = (%c1_i32, %c1_i32, %c1_i32), stream = %2) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%3] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    cuda.launch_cfg.cooperative[%3] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %4 = cuda.launch_ex @kernels::@kernel_cutlass_nvfp4_ldsm_kernel_tensorptrf4E2M1FNgmemalign16o1664641_tensorptrf4E2M1FNgmemalign16o864641_tensorptrf8E4M3FNgmemalign16o641_tensorptrf8E4M3FNgmemalign16o321_tensorptrf32gme_0<%3> (%arg0, %arg1, %arg2, %arg3, %arg4) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!memref_gmem_f4E2M1FN, !memref_gmem_f4E2M1FN1, !memref_gmem_f8E4M3FN, !memref_gmem_f8E4M3FN1, !memref_gmem_f32) -> !cuda.result
    %5 = cuda.cast %4 : !cuda.result -> i32
    cuda.return_if_error %5 : i32
    return %c0_i32 : i32
  }
}

