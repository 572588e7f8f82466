!copy_stsm_4 = !cute.tiled_copy<!cute_nvgpu.atom.stsm<f16, mode = <"(8,8)">, num_matrices = 4, n>, layout_copy_tv = <"((4,8,4),((2,2,8),(1,1))):((128,1,16),((64,8,512),(0,0)))">, tiler_mn = <"[64:1;64:1]">>
!memref_gmem_f16 = !cute.memref<f16, gmem, align<16>, "(64,64):(64,1)">
!memref_rmem_f16 = !cute.memref<f16, rmem, align<32>, "((2,2,8),1,1):((1,2,4),0,0)">
!memref_rmem_f16_1 = !cute.memref<f16, rmem, align<32>, "((8,4),1,1):((1,8),0,0)">
!memref_rmem_f16_2 = !cute.memref<f16, rmem, align<32>, "((8,4),(1,1)):((1,8),(0,0))">
!memref_rmem_f32 = !cute.memref<f32, rmem, align<32>, "((2,2,8),1,1):((1,2,4),0,0)">
!memref_smem_f16 = !cute.memref<f16, smem, align<1024>, S<3,4,3>, "((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
!memref_smem_f16_1 = !cute.memref<f16, smem, align<1024>, S<3,4,3>, "(((8,8),(64,1)),(1,1)):(((64,512),(1,0)),(0,0))">
!memref_smem_f16_2 = !cute.memref<f16, smem, align<1024>, S<3,4,3>, "((4096,1),(1,1)):((1,0),(0,0))">
!memref_smem_f16_3 = !cute.memref<f16, smem, align<1024>, S<3,4,3>, "((4096,1)):((1,0))">
!memref_smem_f16_4 = !cute.memref<f16, smem, align<1024>, S<3,4,3>, "((4096,1),1):((1,0),0)">
!memref_smem_f16_5 = !cute.memref<f16, smem, align<1024>, S<3,4,3>, "((4096,1),(1)):((1,0),(0))">
!memref_smem_f16_6 = !cute.memref<f16, smem, align<1024>, S<3,4,3>, "((64,16),1,4,(1,1)):((64,1),0,16,(0,0))">
!memref_smem_f16_7 = !cute.memref<f16, smem, align<1024>, S<3,4,3>, "((8,8),(64,1)):((64,512),(1,0))">
!memref_smem_f16_8 = !cute.memref<f16, smem, align<16>, S<3,4,3>, "((8,4),1,1):((1,16),0,0)">
!memref_smem_f16_9 = !cute.memref<f16, smem, align<16>, S<3,4,3>, "((8,4),(1,1)):((1,16),(0,0))">
!memref_smem_i8 = !cute.memref<i8, smem, align<1024>, "8192:1">
!memref_smem_i8_1 = !cute.memref<i8, smem, align<8>, "8:1">
!mma_f16_f16_f32_64x64x16 = !cute.tiled_mma<!cute_nvgpu.sm90.mma<64x64x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>, atom_layout_MNK = <"(1,1,1):(0,0,0)">, permutation_MNK = <"[_;_;_]">>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_cutlass_hopper_kernel_TiledMMA_ThrLayoutVMNK1281111000_PermutationMNK____MMAAtom_ThrID1281_ShapeMNK646416_TVLayoutA12864160164_TVLayoutB12864160164_TVLayoutC484228128116648512_Copy_0(%arg0: !mma_f16_f16_f32_64x64x16, %arg1: !cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN> {cute_nvgpu.grid_constant}, %arg2: !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, %arg3: !cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN> {cute_nvgpu.grid_constant}, %arg4: !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, %arg5: !memref_gmem_f16, %arg6: !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">, %arg7: !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">, %arg8: !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) attributes {cu_attrs = {max_dynamic_shared_size_bytes = #cuda.dev_max_shared_memory_optin, non_portable_cluster_size_allowed = 1 : i32}, cute.kernel, cutlass_launch_facts = {cluster_launch = false, cooperative_launch = false, exact_block_dim = array<i64: 128, 1, 1>, exact_grid_dim = array<i64: 1, 1, 1>, schema_version = 1 : i64}, gpu.kernel, nvvm.reqntid = array<i32: 128, 1, 1>, smem.hint_smem_base_uniform, smem.partition_num = 2 : i32} {
      %true = arith.constant true
      %c10000000_i32 = arith.constant 10000000 : i32
      %c16384_i32 = arith.constant 16384 : i32
      %c1_i32 = arith.constant 1 : i32
      %c0_i32 = arith.constant 0 : i32
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %1 = cute.composed_get_outer(%arg6) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter = cute.get_iter(%smem) : !memref_smem_i8
      %iter_0 = cute.recast_iter(%iter) : !cute.ptr<i8, smem, align<1024>> to !cute.ptr<f16, smem, align<1024>, S<3,4,3>>
      %view = cute.make_view(%iter_0, %1) : !memref_smem_f16
      %2 = cute.composed_get_outer(%arg7) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
      %smem_1 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter_2 = cute.get_iter(%smem_1) : !memref_smem_i8
      %iter_3 = cute.recast_iter(%iter_2) : !cute.ptr<i8, smem, align<1024>> to !cute.ptr<f16, smem, align<1024>, S<3,4,3>>
      %view_4 = cute.make_view(%iter_3, %2) : !memref_smem_f16
      %3 = cute.composed_get_outer(%arg8) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
      %smem_5 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter_6 = cute.get_iter(%smem_5) : !memref_smem_i8
      %iter_7 = cute.recast_iter(%iter_6) : !cute.ptr<i8, smem, align<1024>> to !cute.ptr<f16, smem, align<1024>, S<3,4,3>>
      %view_8 = cute.make_view(%iter_7, %3) : !memref_smem_f16
      %smem_9 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_1
      %iter_10 = cute.get_iter(%smem_9) : !memref_smem_i8_1
      %iter_11 = cute.recast_iter(%iter_10) : !cute.ptr<i8, smem, align<8>> to !cute.ptr<i64, smem>
      %4 = arith.cmpi eq, %0, %c0_i32 : i32
      scf.if %4 {
        %12 = builtin.unrealized_conversion_cast %iter_11 : !cute.ptr<i64, smem> to !llvm.ptr<3>
        nvvm.mbarrier.init %12, %c1_i32 : !llvm.ptr<3>, i32
      }
      nvvm.fence.mbarrier.init
      nvvm.barrier
      %tile = cute.make_tile() : () -> !cute.tile<"[64:1;64:1]">
      %coord = cute.make_coord() : () -> !cute.coord<"(0,_)">
      %tiled_view = cute.local_tile(%arg2, %tile, %coord) : (!cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute.tile<"[64:1;64:1]">, !cute.coord<"(0,_)">) -> !cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">
      %tiled_view_12 = cute.local_tile(%arg4, %tile, %coord) : (!cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute.tile<"[64:1;64:1]">, !cute.coord<"(0,_)">) -> !cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">
      %shape = cute.make_shape() : () -> !cute.shape<"1">
      %lay = cute.make_layout(%shape) : !cute.layout<"1:0">
      %grouped = cute.group_modes(%view) <0, 2> : (!memref_smem_f16) -> !memref_smem_f16_1
      %grouped_13 = cute.group_modes(%tiled_view) <0, 2> : (!cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">) -> !cute.coord_tensor<"(0,0)", "((64,64),1):((1@1,1@0),0)">
      %coord_14 = cute.make_coord() : () -> !cute.coord<"0">
      %res_smem_tensor, %res_target_tensors = cute_nvgpu.atom.tma_partition(%arg1, %coord_14, %lay, %grouped, %grouped_13) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord<"0">, !cute.layout<"1:0">, !memref_smem_f16_1, !cute.coord_tensor<"(0,0)", "((64,64),1):((1@1,1@0),0)">) -> (!memref_smem_f16_2, !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">)
      %grouped_15 = cute.group_modes(%view_4) <0, 2> : (!memref_smem_f16) -> !memref_smem_f16_1
      %grouped_16 = cute.group_modes(%tiled_view_12) <0, 2> : (!cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">) -> !cute.coord_tensor<"(0,0)", "((64,64),1):((1@1,1@0),0)">
      %res_smem_tensor_17, %res_target_tensors_18 = cute_nvgpu.atom.tma_partition(%arg3, %coord_14, %lay, %grouped_15, %grouped_16) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord<"0">, !cute.layout<"1:0">, !memref_smem_f16_1, !cute.coord_tensor<"(0,0)", "((64,64),1):((1@1,1@0),0)">) -> (!memref_smem_f16_2, !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">)
      scf.if %4 {
        %12 = builtin.unrealized_conversion_cast %iter_11 : !cute.ptr<i64, smem> to !llvm.ptr<3>
        %13 = nvvm.mbarrier.arrive.expect_tx %12, %c16384_i32 : !llvm.ptr<3>, i32 -> i64
        %coord_43 = cute.make_coord() : () -> !cute.coord<"(_,0)">
        %slice_44 = cute.slice(%res_target_tensors, %coord_43) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">, !cute.coord<"(_,0)">
        %slice_45 = cute.slice(%res_smem_tensor, %coord_43) : !memref_smem_f16_2, !cute.coord<"(_,0)">
        %iter_46 = cute.get_iter(%slice_45) : !memref_smem_f16_3
        %lay_47 = cute.get_layout(%slice_44) : !cute.coord_tensor<"(0,0)", "(((64,64),1)):(((1@0,1@1),0))">
        %lay_48 = cute.get_layout(%slice_45) : !memref_smem_f16_3
        %append_49 = cute.append_to_rank<2> (%lay_47, %lay) : !cute.layout<"(((64,64),1)):(((1@0,1@1),0))">, !cute.layout<"1:0">
        %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"(0,0)">
        %int_tup_iter = cute.make_arith_tuple_iter(%int_tuple) : (!cute.int_tuple<"(0,0)">) -> !cute.arith_tuple_iter<"(0,0)">
        %view_50 = cute.make_view(%int_tup_iter, %append_49) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">
        %grouped_51 = cute.group_modes(%view_50) <1, 2> : (!cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">) -> !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %append_52 = cute.append_to_rank<2> (%lay_48, %lay) : !cute.layout<"((4096,1)):((1,0))">, !cute.layout<"1:0">
        %view_53 = cute.make_view(%iter_46, %append_52) : !memref_smem_f16_4
        %grouped_54 = cute.group_modes(%view_53) <1, 2> : (!memref_smem_f16_4) -> !memref_smem_f16_5
        %14 = cute_nvgpu.atom.make_exec_tma(%arg1) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>) -> !cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>
        %15 = cute_nvgpu.atom.set_value<tma_bar>(%14, %iter_11) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>, !cute.ptr<i64, smem>)
        cute.copy(%15, %grouped_51, %grouped_54) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>, !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">, !memref_smem_f16_5)
        %slice_55 = cute.slice(%res_target_tensors_18, %coord_43) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">, !cute.coord<"(_,0)">
        %slice_56 = cute.slice(%res_smem_tensor_17, %coord_43) : !memref_smem_f16_2, !cute.coord<"(_,0)">
        %iter_57 = cute.get_iter(%slice_56) : !memref_smem_f16_3
        %lay_58 = cute.get_layout(%slice_55) : !cute.coord_tensor<"(0,0)", "(((64,64),1)):(((1@0,1@1),0))">
        %lay_59 = cute.get_layout(%slice_56) : !memref_smem_f16_3
        %append_60 = cute.append_to_rank<2> (%lay_58, %lay) : !cute.layout<"(((64,64),1)):(((1@0,1@1),0))">, !cute.layout<"1:0">
        %view_61 = cute.make_view(%int_tup_iter, %append_60) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">
        %grouped_62 = cute.group_modes(%view_61) <1, 2> : (!cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">) -> !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %append_63 = cute.append_to_rank<2> (%lay_59, %lay) : !cute.layout<"((4096,1)):((1,0))">, !cute.layout<"1:0">
        %view_64 = cute.make_view(%iter_57, %append_63) : !memref_smem_f16_4
        %grouped_65 = cute.group_modes(%view_64) <1, 2> : (!memref_smem_f16_4) -> !memref_smem_f16_5
        %16 = cute_nvgpu.atom.make_exec_tma(%arg3) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>) -> !cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>
        %17 = cute_nvgpu.atom.set_value<tma_bar>(%16, %iter_11) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>, !cute.ptr<i64, smem>)
        cute.copy(%17, %grouped_62, %grouped_65) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>, !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">, !memref_smem_f16_5)
      }
      %5 = builtin.unrealized_conversion_cast %iter_11 : !cute.ptr<i64, smem> to !llvm.ptr<3>
      nvvm.mbarrier.try_wait.parity %5, %c0_i32, %c10000000_i32 : !llvm.ptr<3>, i32, i32
      %coord_19 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %ptn_A = cute.tiled.mma.partition A (%arg0, %view, %coord_19) : (!mma_f16_f16_f32_64x64x16, !memref_smem_f16, !cute.coord<"?">) -> !memref_smem_f16_6
      %frg_A = cute.mma.make_fragment A (%arg0, %ptn_A) : (!mma_f16_f16_f32_64x64x16, !memref_smem_f16_6) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">
      %ptn_B = cute.tiled.mma.partition B (%arg0, %view_4, %coord_19) : (!mma_f16_f16_f32_64x64x16, !memref_smem_f16, !cute.coord<"?">) -> !memref_smem_f16_6
      %frg_B = cute.mma.make_fragment B (%arg0, %ptn_B) : (!mma_f16_f16_f32_64x64x16, !memref_smem_f16_6) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">
      %rmem = cute.memref.alloca() : !memref_rmem_f32
      nvvm.wgmma.fence.aligned
      %coord_20 = cute.make_coord() : () -> !cute.coord<"(_,_,0,0)">
      %slice = cute.slice(%frg_A, %coord_20) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,0,0)">
      %slice_21 = cute.slice(%frg_B, %coord_20) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,0,0)">
      cute.gemm(%arg0, %rmem, %slice, %slice_21, %rmem) : (!mma_f16_f16_f32_64x64x16, !memref_rmem_f32, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_rmem_f32)
      %6 = cute_nvgpu.atom.set_value<accum_c>(%arg0, %true) : (!mma_f16_f16_f32_64x64x16, i1)
      %coord_22 = cute.make_coord() : () -> !cute.coord<"(_,_,1,0)">
      %slice_23 = cute.slice(%frg_A, %coord_22) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,1,0)">
      %slice_24 = cute.slice(%frg_B, %coord_22) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,1,0)">
      cute.gemm(%6, %rmem, %slice_23, %slice_24, %rmem) : (!mma_f16_f16_f32_64x64x16, !memref_rmem_f32, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_rmem_f32)
      %7 = cute_nvgpu.atom.set_value<accum_c>(%6, %true) : (!mma_f16_f16_f32_64x64x16, i1)
      %coord_25 = cute.make_coord() : () -> !cute.coord<"(_,_,2,0)">
      %slice_26 = cute.slice(%frg_A, %coord_25) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,2,0)">
      %slice_27 = cute.slice(%frg_B, %coord_25) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,2,0)">
      cute.gemm(%7, %rmem, %slice_26, %slice_27, %rmem) : (!mma_f16_f16_f32_64x64x16, !memref_rmem_f32, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_rmem_f32)
      %8 = cute_nvgpu.atom.set_value<accum_c>(%7, %true) : (!mma_f16_f16_f32_64x64x16, i1)
      %coord_28 = cute.make_coord() : () -> !cute.coord<"(_,_,3,0)">
      %slice_29 = cute.slice(%frg_A, %coord_28) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,3,0)">
      %slice_30 = cute.slice(%frg_B, %coord_28) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,3,0)">
      cute.gemm(%8, %rmem, %slice_29, %slice_30, %rmem) : (!mma_f16_f16_f32_64x64x16, !memref_rmem_f32, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_rmem_f32)
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %rmem_31 = cute.memref.alloca() : !memref_rmem_f16
      %9 = cute.memref.load_vec(%rmem) : (!memref_rmem_f32) -> vector<32xf32>
      %10 = arith.truncf %9 : vector<32xf32> to vector<32xf16>
      cute.memref.store_vec(%10, %rmem_31) : (vector<32xf16>, !memref_rmem_f16) -> ()
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.stsm<f16, mode = <"(8,8)">, num_matrices = 4, n>
      %11 = cute.make_tiled_copy(%atom) : !copy_stsm_4
      %retiled = cute.tiled.copy.retile(%11, %rmem_31) : (!copy_stsm_4, !memref_rmem_f16) -> !memref_rmem_f16_1
      %iter_32 = cute.get_iter(%retiled) : !memref_rmem_f16_1
      %coord_33 = cute.make_coord() : () -> !cute.coord<"(_,_,0)">
      %slice_34 = cute.slice(%view_8, %coord_33) : !memref_smem_f16, !cute.coord<"(_,_,0)">
      %dst_partitioned = cute.tiled.copy.partition_D(%11, %slice_34, %coord_19) : (!copy_stsm_4, !memref_smem_f16_7, !cute.coord<"?">) -> !memref_smem_f16_8
      %iter_35 = cute.get_iter(%dst_partitioned) : !memref_smem_f16_8
      %lay_36 = cute.get_layout(%retiled) : !memref_rmem_f16_1
      %lay_37 = cute.get_layout(%dst_partitioned) : !memref_smem_f16_8
      %append = cute.append_to_rank<2> (%lay_36, %lay) : !cute.layout<"((8,4),1,1):((1,8),0,0)">, !cute.layout<"1:0">
      %view_38 = cute.make_view(%iter_32, %append) : !memref_rmem_f16_1
      %grouped_39 = cute.group_modes(%view_38) <1, 3> : (!memref_rmem_f16_1) -> !memref_rmem_f16_2
      %append_40 = cute.append_to_rank<2> (%lay_37, %lay) : !cute.layout<"((8,4),1,1):((1,16),0,0)">, !cute.layout<"1:0">
      %view_41 = cute.make_view(%iter_35, %append_40) : !memref_smem_f16_8
      %grouped_42 = cute.group_modes(%view_41) <1, 3> : (!memref_smem_f16_8) -> !memref_smem_f16_9
      cute.copy(%11, %grouped_39, %grouped_42) : (!copy_stsm_4, !memref_rmem_f16_2, !memref_smem_f16_9)
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat166464641_FakeTensorFloat166464641_FakeTensorFloat166464641(%arg0: !memref_gmem_f16, %arg1: !memref_gmem_f16, %arg2: !memref_gmem_f16) -> i32 attributes {llvm.emit_c_interface} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %c0_i64 = arith.constant 0 : i64
    %c232448_i64 = arith.constant 232448 : i64
    %0 = cute.static : !cute.swizzle<"S<3,4,3>">
    %false = arith.constant false
    %atom = cute.make_atom(%false) : (i1) -> !cute_nvgpu.sm90.mma<64x64x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
    %1 = cute.make_tiled_mma(%atom) : !mma_f16_f16_f32_64x64x16
    %shape = cute.make_shape() : () -> !cute.shape<"(8,64)">
    %stride = cute.make_stride() : () -> !cute.stride<"(64,1)">
    %lay = cute.make_layout(%shape, %stride) : !cute.layout<"(8,64):(64,1)">
    %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"0">
    %lay_0 = cute.make_composed_layout(%0, %int_tuple, %lay) : !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
    %shape_1 = cute.make_shape() : () -> !cute.shape<"(64,64,1)">
    %int_tuple_2 = cute.make_int_tuple() : () -> !cute.int_tuple<"(0,1,2)">
    %tile_to_shape = cute.tile_to_shape(%lay_0, %shape_1, %int_tuple_2) : (!cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">, !cute.shape<"(64,64,1)">, !cute.int_tuple<"(0,1,2)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
    %coord = cute.make_coord() : () -> !cute.coord<"(_,_,0)">
    %slice = cute.slice(%tile_to_shape, %coord) : !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">, !cute.coord<"(_,_,0)">
    %shape_3 = cute.make_shape() : () -> !cute.shape<"(64,64)">
    %2 = cute.make_identity_layout(%shape_3) : !cute.layout<"(64,64):(1@0,1@1)">
    %tile = cute.make_tile() : () -> !cute.tile<"[64:1;64:1]">
    %3 = cute.composition(%2, %tile) : (!cute.layout<"(64,64):(1@0,1@1)">, !cute.tile<"[64:1;64:1]">) -> !cute.layout<"(64,64):(1@0,1@1)">
    %non_exec_atom, %tma_tensor = cute_nvgpu.atom.make_non_exec_tiled_tma_load(%arg0, %slice, %3) <{kind = <sm_90> num_multicast = 1}> : (!memref_gmem_f16, !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1)):((64,512),(1,0))">, !cute.layout<"(64,64):(1@0,1@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">)
    %non_exec_atom_4, %tma_tensor_5 = cute_nvgpu.atom.make_non_exec_tiled_tma_load(%arg1, %slice, %3) <{kind = <sm_90> num_multicast = 1}> : (!memref_gmem_f16, !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1)):((64,512),(1,0))">, !cute.layout<"(64,64):(1@0,1@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">)
    %4 = cute.kernel_smem_size @kernels::@kernel_cutlass_hopper_kernel_TiledMMA_ThrLayoutVMNK1281111000_PermutationMNK____MMAAtom_ThrID1281_ShapeMNK646416_TVLayoutA12864160164_TVLayoutB12864160164_TVLayoutC484228128116648512_Copy_0 : i64
    %5 = arith.cmpi sgt, %4, %c232448_i64 : i64
    scf.if %5 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_hopper_kernel_TiledMMA_ThrLayoutVMNK1281111000_PermutationMNK____MMAAtom_ThrID1281_ShapeMNK646416_TVLayoutA12864160164_TVLayoutB12864160164_TVLayoutC484228128116648512_Copy_0' launch shared memory exceeds current GPU arch sm_90a allowed. Allocated: {} bytes. Max: 232448 bytes.\0A\0A", %4) : i64
    }
    %6 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %7 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c128_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %4, gridDim = (%c1_i32, %c1_i32, %c1_i32), stream = %6) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%7] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    cuda.launch_cfg.cooperative[%7] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %8 = cuda.launch_ex @kernels::@kernel_cutlass_hopper_kernel_TiledMMA_ThrLayoutVMNK1281111000_PermutationMNK____MMAAtom_ThrID1281_ShapeMNK646416_TVLayoutA12864160164_TVLayoutB12864160164_TVLayoutC484228128116648512_Copy_0<%7> (%1, %non_exec_atom, %tma_tensor, %non_exec_atom_4, %tma_tensor_5, %arg2, %tile_to_shape, %tile_to_shape, %tile_to_shape) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!mma_f16_f16_f32_64x64x16, !cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !memref_gmem_f16, !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">, !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">, !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cuda.result
    %9 = cuda.cast %8 : !cuda.result -> i32
    cuda.return_if_error %9 : i32
    return %c0_i32 : i32
  }
}

