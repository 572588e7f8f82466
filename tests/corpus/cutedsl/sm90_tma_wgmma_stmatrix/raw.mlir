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
      %iter = cute.get_iter(%arg2) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
      %tup = cute.deref_arith_tuple_iter(%iter) : !cute.arith_tuple_iter<"(0,0)">
      %e0, %e1 = cute.get_leaves(%tup) : !cute.int_tuple<"(0,0)">
      %iter_0 = cute.get_iter(%arg4) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
      %tup_1 = cute.deref_arith_tuple_iter(%iter_0) : !cute.arith_tuple_iter<"(0,0)">
      %e0_2, %e1_3 = cute.get_leaves(%tup_1) : !cute.int_tuple<"(0,0)">
      %iter_4 = cute.get_iter(%arg5) : !memref_gmem_f16
      %iter_5 = cute.get_iter(%arg2) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
      %tup_6 = cute.deref_arith_tuple_iter(%iter_5) : !cute.arith_tuple_iter<"(0,0)">
      %e0_7, %e1_8 = cute.get_leaves(%tup_6) : !cute.int_tuple<"(0,0)">
      %iter_9 = cute.get_iter(%arg4) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
      %tup_10 = cute.deref_arith_tuple_iter(%iter_9) : !cute.arith_tuple_iter<"(0,0)">
      %e0_11, %e1_12 = cute.get_leaves(%tup_10) : !cute.int_tuple<"(0,0)">
      %iter_13 = cute.get_iter(%arg5) : !memref_gmem_f16
      %lay = cute.get_layout(%arg2) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
      %lay_14 = cute.get_layout(%arg4) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
      %lay_15 = cute.get_layout(%arg5) : !memref_gmem_f16
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %1 = nvvm.read.ptx.sreg.tid.y : i32
      %2 = nvvm.read.ptx.sreg.tid.z : i32
      %3 = cute.composed_get_outer(%arg6) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
      %4 = cute.composed_get_inner(%arg6) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.swizzle<"S<3,4,3>">
      %coord = cute.make_coord() : () -> !cute.coord<"0">
      %idx = cute.crd2idx(%coord, %3) : (!cute.coord<"0">, !cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.int_tuple<"0">
      %e0_16 = cute.get_leaves(%idx) : !cute.int_tuple<"0">
      %cosz = cute.cosize(%3) : (!cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.int_tuple<"4096">
      %e0_17 = cute.get_leaves(%cosz) : !cute.int_tuple<"4096">
      %shape = cute.make_shape() : () -> !cute.shape<"8192">
      %lay_18 = cute.make_layout(%shape) : !cute.layout<"8192:1">
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter_19 = cute.get_iter(%smem) : !memref_smem_i8
      %iter_20 = cute.get_iter(%smem) : !memref_smem_i8
      %iter_21 = cute.recast_iter(%iter_20) : !cute.ptr<i8, smem, align<1024>> to !cute.ptr<f16, smem, align<1024>, S<3,4,3>>
      %view = cute.make_view(%iter_21, %3) : !memref_smem_f16
      %iter_22 = cute.get_iter(%view) : !memref_smem_f16
      %iter_23 = cute.get_iter(%view) : !memref_smem_f16
      %5 = cute.composed_get_outer(%arg7) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
      %6 = cute.composed_get_inner(%arg7) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.swizzle<"S<3,4,3>">
      %coord_24 = cute.make_coord() : () -> !cute.coord<"0">
      %idx_25 = cute.crd2idx(%coord_24, %5) : (!cute.coord<"0">, !cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.int_tuple<"0">
      %e0_26 = cute.get_leaves(%idx_25) : !cute.int_tuple<"0">
      %cosz_27 = cute.cosize(%5) : (!cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.int_tuple<"4096">
      %e0_28 = cute.get_leaves(%cosz_27) : !cute.int_tuple<"4096">
      %shape_29 = cute.make_shape() : () -> !cute.shape<"8192">
      %lay_30 = cute.make_layout(%shape_29) : !cute.layout<"8192:1">
      %smem_31 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter_32 = cute.get_iter(%smem_31) : !memref_smem_i8
      %iter_33 = cute.get_iter(%smem_31) : !memref_smem_i8
      %iter_34 = cute.recast_iter(%iter_33) : !cute.ptr<i8, smem, align<1024>> to !cute.ptr<f16, smem, align<1024>, S<3,4,3>>
      %view_35 = cute.make_view(%iter_34, %5) : !memref_smem_f16
      %iter_36 = cute.get_iter(%view_35) : !memref_smem_f16
      %iter_37 = cute.get_iter(%view_35) : !memref_smem_f16
      %7 = cute.composed_get_outer(%arg8) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
      %8 = cute.composed_get_inner(%arg8) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.swizzle<"S<3,4,3>">
      %coord_38 = cute.make_coord() : () -> !cute.coord<"0">
      %idx_39 = cute.crd2idx(%coord_38, %7) : (!cute.coord<"0">, !cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.int_tuple<"0">
      %e0_40 = cute.get_leaves(%idx_39) : !cute.int_tuple<"0">
      %cosz_41 = cute.cosize(%7) : (!cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.int_tuple<"4096">
      %e0_42 = cute.get_leaves(%cosz_41) : !cute.int_tuple<"4096">
      %shape_43 = cute.make_shape() : () -> !cute.shape<"8192">
      %lay_44 = cute.make_layout(%shape_43) : !cute.layout<"8192:1">
      %smem_45 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter_46 = cute.get_iter(%smem_45) : !memref_smem_i8
      %iter_47 = cute.get_iter(%smem_45) : !memref_smem_i8
      %iter_48 = cute.recast_iter(%iter_47) : !cute.ptr<i8, smem, align<1024>> to !cute.ptr<f16, smem, align<1024>, S<3,4,3>>
      %view_49 = cute.make_view(%iter_48, %7) : !memref_smem_f16
      %iter_50 = cute.get_iter(%view_49) : !memref_smem_f16
      %iter_51 = cute.get_iter(%view_49) : !memref_smem_f16
      %shape_52 = cute.make_shape() : () -> !cute.shape<"8">
      %lay_53 = cute.make_layout(%shape_52) : !cute.layout<"8:1">
      %smem_54 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_1
      %iter_55 = cute.get_iter(%smem_54) : !memref_smem_i8_1
      %iter_56 = cute.get_iter(%smem_54) : !memref_smem_i8_1
      %iter_57 = cute.recast_iter(%iter_56) : !cute.ptr<i8, smem, align<8>> to !cute.ptr<i64, smem>
      %c0_i32 = arith.constant 0 : i32
      %9 = arith.cmpi eq, %0, %c0_i32 : i32
      scf.if %9 {
        %48 = builtin.unrealized_conversion_cast %iter_57 : !cute.ptr<i64, smem> to !llvm.ptr<3>
        %c1_i32 = arith.constant 1 : i32
        nvvm.mbarrier.init %48, %c1_i32 : !llvm.ptr<3>, i32
      }
      nvvm.fence.mbarrier.init
      nvvm.barrier
      %tile = cute.make_tile() : () -> !cute.tile<"[64:1;64:1]">
      %coord_58 = cute.make_coord() : () -> !cute.coord<"(0,_)">
      %tiled_view = cute.local_tile(%arg2, %tile, %coord_58) : (!cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute.tile<"[64:1;64:1]">, !cute.coord<"(0,_)">) -> !cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">
      %iter_59 = cute.get_iter(%tiled_view) : !cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">
      %tup_60 = cute.deref_arith_tuple_iter(%iter_59) : !cute.arith_tuple_iter<"(0,0)">
      %e0_61, %e1_62 = cute.get_leaves(%tup_60) : !cute.int_tuple<"(0,0)">
      %iter_63 = cute.get_iter(%tiled_view) : !cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">
      %tup_64 = cute.deref_arith_tuple_iter(%iter_63) : !cute.arith_tuple_iter<"(0,0)">
      %e0_65, %e1_66 = cute.get_leaves(%tup_64) : !cute.int_tuple<"(0,0)">
      %tile_67 = cute.make_tile() : () -> !cute.tile<"[64:1;64:1]">
      %coord_68 = cute.make_coord() : () -> !cute.coord<"(0,_)">
      %tiled_view_69 = cute.local_tile(%arg4, %tile_67, %coord_68) : (!cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute.tile<"[64:1;64:1]">, !cute.coord<"(0,_)">) -> !cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">
      %iter_70 = cute.get_iter(%tiled_view_69) : !cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">
      %tup_71 = cute.deref_arith_tuple_iter(%iter_70) : !cute.arith_tuple_iter<"(0,0)">
      %e0_72, %e1_73 = cute.get_leaves(%tup_71) : !cute.int_tuple<"(0,0)">
      %iter_74 = cute.get_iter(%tiled_view_69) : !cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">
      %tup_75 = cute.deref_arith_tuple_iter(%iter_74) : !cute.arith_tuple_iter<"(0,0)">
      %e0_76, %e1_77 = cute.get_leaves(%tup_75) : !cute.int_tuple<"(0,0)">
      %shape_78 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_79 = cute.make_layout(%shape_78) : !cute.layout<"1:0">
      %lay_80 = cute.get_layout(%view) : !memref_smem_f16
      %10 = cute.get_shape(%lay_80) : (!cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.shape<"((8,8),(64,1),(1,1))">
      %e0_81, %e1_82, %e2, %e3, %e4, %e5 = cute.get_leaves(%10) : !cute.shape<"((8,8),(64,1),(1,1))">
      %grouped = cute.group_modes(%view) <0, 2> : (!memref_smem_f16) -> !memref_smem_f16_1
      %iter_83 = cute.get_iter(%grouped) : !memref_smem_f16_1
      %iter_84 = cute.get_iter(%grouped) : !memref_smem_f16_1
      %lay_85 = cute.get_layout(%tiled_view) : !cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">
      %11 = cute.get_shape(%lay_85) : (!cute.layout<"(64,64,1):(1@1,1@0,0)">) -> !cute.shape<"(64,64,1)">
      %e0_86, %e1_87, %e2_88 = cute.get_leaves(%11) : !cute.shape<"(64,64,1)">
      %grouped_89 = cute.group_modes(%tiled_view) <0, 2> : (!cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">) -> !cute.coord_tensor<"(0,0)", "((64,64),1):((1@1,1@0),0)">
      %iter_90 = cute.get_iter(%grouped_89) : !cute.coord_tensor<"(0,0)", "((64,64),1):((1@1,1@0),0)">
      %tup_91 = cute.deref_arith_tuple_iter(%iter_90) : !cute.arith_tuple_iter<"(0,0)">
      %e0_92, %e1_93 = cute.get_leaves(%tup_91) : !cute.int_tuple<"(0,0)">
      %iter_94 = cute.get_iter(%grouped_89) : !cute.coord_tensor<"(0,0)", "((64,64),1):((1@1,1@0),0)">
      %tup_95 = cute.deref_arith_tuple_iter(%iter_94) : !cute.arith_tuple_iter<"(0,0)">
      %e0_96, %e1_97 = cute.get_leaves(%tup_95) : !cute.int_tuple<"(0,0)">
      %coord_98 = cute.make_coord() : () -> !cute.coord<"0">
      %res_smem_tensor, %res_target_tensors = cute_nvgpu.atom.tma_partition(%arg1, %coord_98, %lay_79, %grouped, %grouped_89) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord<"0">, !cute.layout<"1:0">, !memref_smem_f16_1, !cute.coord_tensor<"(0,0)", "((64,64),1):((1@1,1@0),0)">) -> (!memref_smem_f16_2, !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">)
      %iter_99 = cute.get_iter(%res_smem_tensor) : !memref_smem_f16_2
      %iter_100 = cute.get_iter(%res_target_tensors) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">
      %tup_101 = cute.deref_arith_tuple_iter(%iter_100) : !cute.arith_tuple_iter<"(0,0)">
      %e0_102, %e1_103 = cute.get_leaves(%tup_101) : !cute.int_tuple<"(0,0)">
      %shape_104 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_105 = cute.make_layout(%shape_104) : !cute.layout<"1:0">
      %lay_106 = cute.get_layout(%view_35) : !memref_smem_f16
      %12 = cute.get_shape(%lay_106) : (!cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.shape<"((8,8),(64,1),(1,1))">
      %e0_107, %e1_108, %e2_109, %e3_110, %e4_111, %e5_112 = cute.get_leaves(%12) : !cute.shape<"((8,8),(64,1),(1,1))">
      %grouped_113 = cute.group_modes(%view_35) <0, 2> : (!memref_smem_f16) -> !memref_smem_f16_1
      %iter_114 = cute.get_iter(%grouped_113) : !memref_smem_f16_1
      %iter_115 = cute.get_iter(%grouped_113) : !memref_smem_f16_1
      %lay_116 = cute.get_layout(%tiled_view_69) : !cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">
      %13 = cute.get_shape(%lay_116) : (!cute.layout<"(64,64,1):(1@1,1@0,0)">) -> !cute.shape<"(64,64,1)">
      %e0_117, %e1_118, %e2_119 = cute.get_leaves(%13) : !cute.shape<"(64,64,1)">
      %grouped_120 = cute.group_modes(%tiled_view_69) <0, 2> : (!cute.coord_tensor<"(0,0)", "(64,64,1):(1@1,1@0,0)">) -> !cute.coord_tensor<"(0,0)", "((64,64),1):((1@1,1@0),0)">
      %iter_121 = cute.get_iter(%grouped_120) : !cute.coord_tensor<"(0,0)", "((64,64),1):((1@1,1@0),0)">
      %tup_122 = cute.deref_arith_tuple_iter(%iter_121) : !cute.arith_tuple_iter<"(0,0)">
      %e0_123, %e1_124 = cute.get_leaves(%tup_122) : !cute.int_tuple<"(0,0)">
      %iter_125 = cute.get_iter(%grouped_120) : !cute.coord_tensor<"(0,0)", "((64,64),1):((1@1,1@0),0)">
      %tup_126 = cute.deref_arith_tuple_iter(%iter_125) : !cute.arith_tuple_iter<"(0,0)">
      %e0_127, %e1_128 = cute.get_leaves(%tup_126) : !cute.int_tuple<"(0,0)">
      %coord_129 = cute.make_coord() : () -> !cute.coord<"0">
      %res_smem_tensor_130, %res_target_tensors_131 = cute_nvgpu.atom.tma_partition(%arg3, %coord_129, %lay_105, %grouped_113, %grouped_120) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord<"0">, !cute.layout<"1:0">, !memref_smem_f16_1, !cute.coord_tensor<"(0,0)", "((64,64),1):((1@1,1@0),0)">) -> (!memref_smem_f16_2, !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">)
      %iter_132 = cute.get_iter(%res_smem_tensor_130) : !memref_smem_f16_2
      %iter_133 = cute.get_iter(%res_target_tensors_131) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">
      %tup_134 = cute.deref_arith_tuple_iter(%iter_133) : !cute.arith_tuple_iter<"(0,0)">
      %e0_135, %e1_136 = cute.get_leaves(%tup_134) : !cute.int_tuple<"(0,0)">
      %14 = arith.cmpi eq, %0, %c0_i32 : i32
      scf.if %14 {
        %48 = builtin.unrealized_conversion_cast %iter_57 : !cute.ptr<i64, smem> to !llvm.ptr<3>
        %c16384_i32 = arith.constant 16384 : i32
        %49 = nvvm.mbarrier.arrive.expect_tx %48, %c16384_i32 : !llvm.ptr<3>, i32 -> i64
        %coord_315 = cute.make_coord() : () -> !cute.coord<"(_,0)">
        %slice_316 = cute.slice(%res_target_tensors, %coord_315) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">, !cute.coord<"(_,0)">
        %iter_317 = cute.get_iter(%slice_316) : !cute.coord_tensor<"(0,0)", "(((64,64),1)):(((1@0,1@1),0))">
        %tup_318 = cute.deref_arith_tuple_iter(%iter_317) : !cute.arith_tuple_iter<"(0,0)">
        %e0_319, %e1_320 = cute.get_leaves(%tup_318) : !cute.int_tuple<"(0,0)">
        %iter_321 = cute.get_iter(%slice_316) : !cute.coord_tensor<"(0,0)", "(((64,64),1)):(((1@0,1@1),0))">
        %tup_322 = cute.deref_arith_tuple_iter(%iter_321) : !cute.arith_tuple_iter<"(0,0)">
        %e0_323, %e1_324 = cute.get_leaves(%tup_322) : !cute.int_tuple<"(0,0)">
        %coord_325 = cute.make_coord() : () -> !cute.coord<"(_,0)">
        %slice_326 = cute.slice(%res_smem_tensor, %coord_325) : !memref_smem_f16_2, !cute.coord<"(_,0)">
        %iter_327 = cute.get_iter(%slice_326) : !memref_smem_f16_3
        %iter_328 = cute.get_iter(%slice_326) : !memref_smem_f16_3
        %lay_329 = cute.get_layout(%slice_316) : !cute.coord_tensor<"(0,0)", "(((64,64),1)):(((1@0,1@1),0))">
        %50 = cute.get_shape(%lay_329) : (!cute.layout<"(((64,64),1)):(((1@0,1@1),0))">) -> !cute.shape<"(((64,64),1))">
        %e0_330, %e1_331, %e2_332 = cute.get_leaves(%50) : !cute.shape<"(((64,64),1))">
        %lay_333 = cute.get_layout(%slice_326) : !memref_smem_f16_3
        %51 = cute.get_shape(%lay_333) : (!cute.layout<"((4096,1)):((1,0))">) -> !cute.shape<"((4096,1))">
        %e0_334, %e1_335 = cute.get_leaves(%51) : !cute.shape<"((4096,1))">
        %shape_336 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_337 = cute.make_layout(%shape_336) : !cute.layout<"1:0">
        %append_338 = cute.append_to_rank<2> (%lay_329, %lay_337) : !cute.layout<"(((64,64),1)):(((1@0,1@1),0))">, !cute.layout<"1:0">
        %int_tuple_339 = cute.make_int_tuple() : () -> !cute.int_tuple<"(0,0)">
        %int_tup_iter = cute.make_arith_tuple_iter(%int_tuple_339) : (!cute.int_tuple<"(0,0)">) -> !cute.arith_tuple_iter<"(0,0)">
        %view_340 = cute.make_view(%int_tup_iter, %append_338) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">
        %iter_341 = cute.get_iter(%view_340) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">
        %tup_342 = cute.deref_arith_tuple_iter(%iter_341) : !cute.arith_tuple_iter<"(0,0)">
        %e0_343, %e1_344 = cute.get_leaves(%tup_342) : !cute.int_tuple<"(0,0)">
        %lay_345 = cute.get_layout(%view_340) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">
        %52 = cute.get_shape(%lay_345) : (!cute.layout<"(((64,64),1),1):(((1@0,1@1),0),0)">) -> !cute.shape<"(((64,64),1),1)">
        %e0_346, %e1_347, %e2_348, %e3_349 = cute.get_leaves(%52) : !cute.shape<"(((64,64),1),1)">
        %grouped_350 = cute.group_modes(%view_340) <1, 2> : (!cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">) -> !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %iter_351 = cute.get_iter(%grouped_350) : !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %tup_352 = cute.deref_arith_tuple_iter(%iter_351) : !cute.arith_tuple_iter<"(0,0)">
        %e0_353, %e1_354 = cute.get_leaves(%tup_352) : !cute.int_tuple<"(0,0)">
        %iter_355 = cute.get_iter(%grouped_350) : !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %tup_356 = cute.deref_arith_tuple_iter(%iter_355) : !cute.arith_tuple_iter<"(0,0)">
        %e0_357, %e1_358 = cute.get_leaves(%tup_356) : !cute.int_tuple<"(0,0)">
        %shape_359 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_360 = cute.make_layout(%shape_359) : !cute.layout<"1:0">
        %append_361 = cute.append_to_rank<2> (%lay_333, %lay_360) : !cute.layout<"((4096,1)):((1,0))">, !cute.layout<"1:0">
        %view_362 = cute.make_view(%iter_328, %append_361) : !memref_smem_f16_4
        %iter_363 = cute.get_iter(%view_362) : !memref_smem_f16_4
        %lay_364 = cute.get_layout(%view_362) : !memref_smem_f16_4
        %53 = cute.get_shape(%lay_364) : (!cute.layout<"((4096,1),1):((1,0),0)">) -> !cute.shape<"((4096,1),1)">
        %e0_365, %e1_366, %e2_367 = cute.get_leaves(%53) : !cute.shape<"((4096,1),1)">
        %grouped_368 = cute.group_modes(%view_362) <1, 2> : (!memref_smem_f16_4) -> !memref_smem_f16_5
        %iter_369 = cute.get_iter(%grouped_368) : !memref_smem_f16_5
        %iter_370 = cute.get_iter(%grouped_368) : !memref_smem_f16_5
        %lay_371 = cute.get_layout(%grouped_350) : !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %54 = cute.get_shape(%lay_371) : (!cute.layout<"(((64,64),1),(1)):(((1@0,1@1),0),(0))">) -> !cute.shape<"(((64,64),1),(1))">
        %e0_372, %e1_373, %e2_374, %e3_375 = cute.get_leaves(%54) : !cute.shape<"(((64,64),1),(1))">
        %lay_376 = cute.get_layout(%grouped_368) : !memref_smem_f16_5
        %55 = cute.get_shape(%lay_376) : (!cute.layout<"((4096,1),(1)):((1,0),(0))">) -> !cute.shape<"((4096,1),(1))">
        %e0_377, %e1_378, %e2_379 = cute.get_leaves(%55) : !cute.shape<"((4096,1),(1))">
        %sz_380 = cute.size(%grouped_350) <{mode = [1]}> : (!cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">) -> !cute.int_tuple<"1">
        %e0_381 = cute.get_leaves(%sz_380) : !cute.int_tuple<"1">
        %sz_382 = cute.size(%grouped_368) <{mode = [1]}> : (!memref_smem_f16_5) -> !cute.int_tuple<"1">
        %e0_383 = cute.get_leaves(%sz_382) : !cute.int_tuple<"1">
        %56 = cute_nvgpu.atom.make_exec_tma(%arg1) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>) -> !cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>
        %57 = cute_nvgpu.atom.set_value<tma_bar>(%56, %iter_57) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>, !cute.ptr<i64, smem>)
        cute.copy(%57, %grouped_350, %grouped_368) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>, !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">, !memref_smem_f16_5)
        %coord_384 = cute.make_coord() : () -> !cute.coord<"(_,0)">
        %slice_385 = cute.slice(%res_target_tensors_131, %coord_384) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">, !cute.coord<"(_,0)">
        %iter_386 = cute.get_iter(%slice_385) : !cute.coord_tensor<"(0,0)", "(((64,64),1)):(((1@0,1@1),0))">
        %tup_387 = cute.deref_arith_tuple_iter(%iter_386) : !cute.arith_tuple_iter<"(0,0)">
        %e0_388, %e1_389 = cute.get_leaves(%tup_387) : !cute.int_tuple<"(0,0)">
        %iter_390 = cute.get_iter(%slice_385) : !cute.coord_tensor<"(0,0)", "(((64,64),1)):(((1@0,1@1),0))">
        %tup_391 = cute.deref_arith_tuple_iter(%iter_390) : !cute.arith_tuple_iter<"(0,0)">
        %e0_392, %e1_393 = cute.get_leaves(%tup_391) : !cute.int_tuple<"(0,0)">
        %coord_394 = cute.make_coord() : () -> !cute.coord<"(_,0)">
        %slice_395 = cute.slice(%res_smem_tensor_130, %coord_394) : !memref_smem_f16_2, !cute.coord<"(_,0)">
        %iter_396 = cute.get_iter(%slice_395) : !memref_smem_f16_3
        %iter_397 = cute.get_iter(%slice_395) : !memref_smem_f16_3
        %lay_398 = cute.get_layout(%slice_385) : !cute.coord_tensor<"(0,0)", "(((64,64),1)):(((1@0,1@1),0))">
        %58 = cute.get_shape(%lay_398) : (!cute.layout<"(((64,64),1)):(((1@0,1@1),0))">) -> !cute.shape<"(((64,64),1))">
        %e0_399, %e1_400, %e2_401 = cute.get_leaves(%58) : !cute.shape<"(((64,64),1))">
        %lay_402 = cute.get_layout(%slice_395) : !memref_smem_f16_3
        %59 = cute.get_shape(%lay_402) : (!cute.layout<"((4096,1)):((1,0))">) -> !cute.shape<"((4096,1))">
        %e0_403, %e1_404 = cute.get_leaves(%59) : !cute.shape<"((4096,1))">
        %shape_405 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_406 = cute.make_layout(%shape_405) : !cute.layout<"1:0">
        %append_407 = cute.append_to_rank<2> (%lay_398, %lay_406) : !cute.layout<"(((64,64),1)):(((1@0,1@1),0))">, !cute.layout<"1:0">
        %int_tuple_408 = cute.make_int_tuple() : () -> !cute.int_tuple<"(0,0)">
        %int_tup_iter_409 = cute.make_arith_tuple_iter(%int_tuple_408) : (!cute.int_tuple<"(0,0)">) -> !cute.arith_tuple_iter<"(0,0)">
        %view_410 = cute.make_view(%int_tup_iter_409, %append_407) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">
        %iter_411 = cute.get_iter(%view_410) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">
        %tup_412 = cute.deref_arith_tuple_iter(%iter_411) : !cute.arith_tuple_iter<"(0,0)">
        %e0_413, %e1_414 = cute.get_leaves(%tup_412) : !cute.int_tuple<"(0,0)">
        %lay_415 = cute.get_layout(%view_410) : !cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">
        %60 = cute.get_shape(%lay_415) : (!cute.layout<"(((64,64),1),1):(((1@0,1@1),0),0)">) -> !cute.shape<"(((64,64),1),1)">
        %e0_416, %e1_417, %e2_418, %e3_419 = cute.get_leaves(%60) : !cute.shape<"(((64,64),1),1)">
        %grouped_420 = cute.group_modes(%view_410) <1, 2> : (!cute.coord_tensor<"(0,0)", "(((64,64),1),1):(((1@0,1@1),0),0)">) -> !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %iter_421 = cute.get_iter(%grouped_420) : !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %tup_422 = cute.deref_arith_tuple_iter(%iter_421) : !cute.arith_tuple_iter<"(0,0)">
        %e0_423, %e1_424 = cute.get_leaves(%tup_422) : !cute.int_tuple<"(0,0)">
        %iter_425 = cute.get_iter(%grouped_420) : !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %tup_426 = cute.deref_arith_tuple_iter(%iter_425) : !cute.arith_tuple_iter<"(0,0)">
        %e0_427, %e1_428 = cute.get_leaves(%tup_426) : !cute.int_tuple<"(0,0)">
        %shape_429 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_430 = cute.make_layout(%shape_429) : !cute.layout<"1:0">
        %append_431 = cute.append_to_rank<2> (%lay_402, %lay_430) : !cute.layout<"((4096,1)):((1,0))">, !cute.layout<"1:0">
        %view_432 = cute.make_view(%iter_397, %append_431) : !memref_smem_f16_4
        %iter_433 = cute.get_iter(%view_432) : !memref_smem_f16_4
        %lay_434 = cute.get_layout(%view_432) : !memref_smem_f16_4
        %61 = cute.get_shape(%lay_434) : (!cute.layout<"((4096,1),1):((1,0),0)">) -> !cute.shape<"((4096,1),1)">
        %e0_435, %e1_436, %e2_437 = cute.get_leaves(%61) : !cute.shape<"((4096,1),1)">
        %grouped_438 = cute.group_modes(%view_432) <1, 2> : (!memref_smem_f16_4) -> !memref_smem_f16_5
        %iter_439 = cute.get_iter(%grouped_438) : !memref_smem_f16_5
        %iter_440 = cute.get_iter(%grouped_438) : !memref_smem_f16_5
        %lay_441 = cute.get_layout(%grouped_420) : !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %62 = cute.get_shape(%lay_441) : (!cute.layout<"(((64,64),1),(1)):(((1@0,1@1),0),(0))">) -> !cute.shape<"(((64,64),1),(1))">
        %e0_442, %e1_443, %e2_444, %e3_445 = cute.get_leaves(%62) : !cute.shape<"(((64,64),1),(1))">
        %lay_446 = cute.get_layout(%grouped_438) : !memref_smem_f16_5
        %63 = cute.get_shape(%lay_446) : (!cute.layout<"((4096,1),(1)):((1,0),(0))">) -> !cute.shape<"((4096,1),(1))">
        %e0_447, %e1_448, %e2_449 = cute.get_leaves(%63) : !cute.shape<"((4096,1),(1))">
        %sz_450 = cute.size(%grouped_420) <{mode = [1]}> : (!cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">) -> !cute.int_tuple<"1">
        %e0_451 = cute.get_leaves(%sz_450) : !cute.int_tuple<"1">
        %sz_452 = cute.size(%grouped_438) <{mode = [1]}> : (!memref_smem_f16_5) -> !cute.int_tuple<"1">
        %e0_453 = cute.get_leaves(%sz_452) : !cute.int_tuple<"1">
        %64 = cute_nvgpu.atom.make_exec_tma(%arg3) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>) -> !cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>
        %65 = cute_nvgpu.atom.set_value<tma_bar>(%64, %iter_57) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>, !cute.ptr<i64, smem>)
        cute.copy(%65, %grouped_420, %grouped_438) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>, !cute.coord_tensor<"(0,0)", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">, !memref_smem_f16_5)
      }
      %15 = builtin.unrealized_conversion_cast %iter_57 : !cute.ptr<i64, smem> to !llvm.ptr<3>
      %c0_i32_137 = arith.constant 0 : i32
      %c10000000_i32 = arith.constant 10000000 : i32
      nvvm.mbarrier.try_wait.parity %15, %c0_i32_137, %c10000000_i32 : !llvm.ptr<3>, i32, i32
      %coord_138 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %ptn_A = cute.tiled.mma.partition A (%arg0, %view, %coord_138) : (!mma_f16_f16_f32_64x64x16, !memref_smem_f16, !cute.coord<"?">) -> !memref_smem_f16_6
      %iter_139 = cute.get_iter(%ptn_A) : !memref_smem_f16_6
      %lay_140 = cute.get_layout(%ptn_A) : !memref_smem_f16_6
      %frg_A = cute.mma.make_fragment A (%arg0, %ptn_A) : (!mma_f16_f16_f32_64x64x16, !memref_smem_f16_6) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">
      %iter_141 = cute.get_iter(%frg_A) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">
      %coord_142 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %ptn_B = cute.tiled.mma.partition B (%arg0, %view_35, %coord_142) : (!mma_f16_f16_f32_64x64x16, !memref_smem_f16, !cute.coord<"?">) -> !memref_smem_f16_6
      %iter_143 = cute.get_iter(%ptn_B) : !memref_smem_f16_6
      %lay_144 = cute.get_layout(%ptn_B) : !memref_smem_f16_6
      %frg_B = cute.mma.make_fragment B (%arg0, %ptn_B) : (!mma_f16_f16_f32_64x64x16, !memref_smem_f16_6) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">
      %iter_145 = cute.get_iter(%frg_B) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">
      %shape_146 = cute.make_shape() : () -> !cute.shape<"(64,64)">
      %16 = cute.tiled.mma.partition_shape C (%arg0, %shape_146) : (!mma_f16_f16_f32_64x64x16, !cute.shape<"(64,64)">) -> !cute.shape<"((2,2,8),1,1)">
      %e0_147, %e1_148, %e2_149, %e3_150, %e4_151 = cute.get_leaves(%16) : !cute.shape<"((2,2,8),1,1)">
      %shape_152 = cute.make_shape() : () -> !cute.shape<"((2,2,8),1,1)">
      %lay_153 = cute.make_layout(%shape_152) : !cute.layout<"((2,2,8),1,1):((1,2,4),0,0)">
      %rmem = cute.memref.alloca(%lay_153) : !memref_rmem_f32
      %iter_154 = cute.get_iter(%rmem) : !memref_rmem_f32
      %iter_155 = cute.get_iter(%rmem) : !memref_rmem_f32
      nvvm.wgmma.fence.aligned
      %sz = cute.size(%frg_A) <{mode = [2]}> : (!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">) -> !cute.int_tuple<"4">
      %e0_156 = cute.get_leaves(%sz) : !cute.int_tuple<"4">
      %coord_157 = cute.make_coord() : () -> !cute.coord<"(_,_,0,0)">
      %slice = cute.slice(%frg_A, %coord_157) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,0,0)">
      %iter_158 = cute.get_iter(%slice) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %iter_159 = cute.get_iter(%slice) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %coord_160 = cute.make_coord() : () -> !cute.coord<"(_,_,0,0)">
      %slice_161 = cute.slice(%frg_B, %coord_160) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,0,0)">
      %iter_162 = cute.get_iter(%slice_161) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %iter_163 = cute.get_iter(%slice_161) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %lay_164 = cute.get_layout(%slice) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %17 = cute.get_shape(%lay_164) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
      %e0_165, %e1_166 = cute.get_leaves(%17) : !cute.shape<"(1,1)">
      %lay_167 = cute.get_layout(%slice_161) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %18 = cute.get_shape(%lay_167) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
      %e0_168, %e1_169 = cute.get_leaves(%18) : !cute.shape<"(1,1)">
      %lay_170 = cute.get_layout(%rmem) : !memref_rmem_f32
      %19 = cute.get_shape(%lay_170) : (!cute.layout<"((2,2,8),1,1):((1,2,4),0,0)">) -> !cute.shape<"((2,2,8),1,1)">
      %e0_171, %e1_172, %e2_173, %e3_174, %e4_175 = cute.get_leaves(%19) : !cute.shape<"((2,2,8),1,1)">
      cute.gemm(%arg0, %rmem, %slice, %slice_161, %rmem) : (!mma_f16_f16_f32_64x64x16, !memref_rmem_f32, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_rmem_f32)
      %true = arith.constant true
      %20 = cute_nvgpu.atom.set_value<accum_c>(%arg0, %true) : (!mma_f16_f16_f32_64x64x16, i1)
      %coord_176 = cute.make_coord() : () -> !cute.coord<"(_,_,1,0)">
      %slice_177 = cute.slice(%frg_A, %coord_176) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,1,0)">
      %iter_178 = cute.get_iter(%slice_177) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %iter_179 = cute.get_iter(%slice_177) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %coord_180 = cute.make_coord() : () -> !cute.coord<"(_,_,1,0)">
      %slice_181 = cute.slice(%frg_B, %coord_180) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,1,0)">
      %iter_182 = cute.get_iter(%slice_181) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %iter_183 = cute.get_iter(%slice_181) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %lay_184 = cute.get_layout(%slice_177) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %21 = cute.get_shape(%lay_184) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
      %e0_185, %e1_186 = cute.get_leaves(%21) : !cute.shape<"(1,1)">
      %lay_187 = cute.get_layout(%slice_181) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %22 = cute.get_shape(%lay_187) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
      %e0_188, %e1_189 = cute.get_leaves(%22) : !cute.shape<"(1,1)">
      cute.gemm(%20, %rmem, %slice_177, %slice_181, %rmem) : (!mma_f16_f16_f32_64x64x16, !memref_rmem_f32, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_rmem_f32)
      %23 = cute_nvgpu.atom.set_value<accum_c>(%20, %true) : (!mma_f16_f16_f32_64x64x16, i1)
      %coord_190 = cute.make_coord() : () -> !cute.coord<"(_,_,2,0)">
      %slice_191 = cute.slice(%frg_A, %coord_190) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,2,0)">
      %iter_192 = cute.get_iter(%slice_191) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %iter_193 = cute.get_iter(%slice_191) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %coord_194 = cute.make_coord() : () -> !cute.coord<"(_,_,2,0)">
      %slice_195 = cute.slice(%frg_B, %coord_194) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,2,0)">
      %iter_196 = cute.get_iter(%slice_195) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %iter_197 = cute.get_iter(%slice_195) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %lay_198 = cute.get_layout(%slice_191) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %24 = cute.get_shape(%lay_198) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
      %e0_199, %e1_200 = cute.get_leaves(%24) : !cute.shape<"(1,1)">
      %lay_201 = cute.get_layout(%slice_195) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %25 = cute.get_shape(%lay_201) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
      %e0_202, %e1_203 = cute.get_leaves(%25) : !cute.shape<"(1,1)">
      cute.gemm(%23, %rmem, %slice_191, %slice_195, %rmem) : (!mma_f16_f16_f32_64x64x16, !memref_rmem_f32, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_rmem_f32)
      %26 = cute_nvgpu.atom.set_value<accum_c>(%23, %true) : (!mma_f16_f16_f32_64x64x16, i1)
      %coord_204 = cute.make_coord() : () -> !cute.coord<"(_,_,3,0)">
      %slice_205 = cute.slice(%frg_A, %coord_204) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,3,0)">
      %iter_206 = cute.get_iter(%slice_205) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %iter_207 = cute.get_iter(%slice_205) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %coord_208 = cute.make_coord() : () -> !cute.coord<"(_,_,3,0)">
      %slice_209 = cute.slice(%frg_B, %coord_208) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,(1,1)):(0,0,2,(0,0))">, !cute.coord<"(_,_,3,0)">
      %iter_210 = cute.get_iter(%slice_209) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %iter_211 = cute.get_iter(%slice_209) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %lay_212 = cute.get_layout(%slice_205) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %27 = cute.get_shape(%lay_212) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
      %e0_213, %e1_214 = cute.get_leaves(%27) : !cute.shape<"(1,1)">
      %lay_215 = cute.get_layout(%slice_209) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
      %28 = cute.get_shape(%lay_215) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
      %e0_216, %e1_217 = cute.get_leaves(%28) : !cute.shape<"(1,1)">
      cute.gemm(%26, %rmem, %slice_205, %slice_209, %rmem) : (!mma_f16_f16_f32_64x64x16, !memref_rmem_f32, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_rmem_f32)
      %29 = cute_nvgpu.atom.set_value<accum_c>(%26, %true) : (!mma_f16_f16_f32_64x64x16, i1)
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %30 = cute.make_layout_like(%lay_170) : !cute.layout<"((2,2,8),1,1):((1,2,4),0,0)"> to !cute.layout<"((2,2,8),1,1):((1,2,4),0,0)">
      %rmem_218 = cute.memref.alloca(%30) : !memref_rmem_f16
      %iter_219 = cute.get_iter(%rmem_218) : !memref_rmem_f16
      %iter_220 = cute.get_iter(%rmem_218) : !memref_rmem_f16
      %31 = cute.memref.load_vec(%rmem) : (!memref_rmem_f32) -> vector<32xf32>
      %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"((2,2,8),1,1)">
      %sz_221 = cute.size(%int_tuple) : (!cute.int_tuple<"((2,2,8),1,1)">) -> !cute.int_tuple<"32">
      %e0_222 = cute.get_leaves(%sz_221) : !cute.int_tuple<"32">
      %32 = arith.truncf %31 : vector<32xf32> to vector<32xf16>
      %lay_223 = cute.get_layout(%rmem_218) : !memref_rmem_f16
      %33 = cute.get_shape(%lay_223) : (!cute.layout<"((2,2,8),1,1):((1,2,4),0,0)">) -> !cute.shape<"((2,2,8),1,1)">
      %e0_224, %e1_225, %e2_226, %e3_227, %e4_228 = cute.get_leaves(%33) : !cute.shape<"((2,2,8),1,1)">
      %int_tuple_229 = cute.make_int_tuple() : () -> !cute.int_tuple<"((2,2,8),1,1)">
      %sz_230 = cute.size(%int_tuple_229) : (!cute.int_tuple<"((2,2,8),1,1)">) -> !cute.int_tuple<"32">
      %e0_231 = cute.get_leaves(%sz_230) : !cute.int_tuple<"32">
      %int_tuple_232 = cute.make_int_tuple() : () -> !cute.int_tuple<"((2,2,8),1,1)">
      %sz_233 = cute.size(%int_tuple_232) : (!cute.int_tuple<"((2,2,8),1,1)">) -> !cute.int_tuple<"32">
      %e0_234 = cute.get_leaves(%sz_233) : !cute.int_tuple<"32">
      cute.memref.store_vec(%32, %rmem_218) : (vector<32xf16>, !memref_rmem_f16) -> ()
      %shape_235 = cute.make_shape() : () -> !cute.shape<"(8,8)">
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.stsm<f16, mode = <"(8,8)">, num_matrices = 4, n>
      %34 = cute.static : !cute.layout<"((4,8,4),((2,2,8),(1,1))):((128,1,16),((64,8,512),(0,0)))">
      %35 = cute.static : !cute.tile<"[_;_;_]">
      %e0_236, %e1_237, %e2_238 = cute.get_leaves(%35) : !cute.tile<"[_;_;_]">
      %36 = cute.static : !cute.layout<"(128,1,1,1):(1,0,0,0)">
      %37 = cute.static : !cute.shape<"(64,64,16)">
      %e0_239, %e1_240, %e2_241 = cute.get_leaves(%37) : !cute.shape<"(64,64,16)">
      %int_tuple_242 = cute.make_int_tuple() : () -> !cute.int_tuple<"(64,64,16)">
      %sz_243 = cute.size(%int_tuple_242) <{mode = [0]}> : (!cute.int_tuple<"(64,64,16)">) -> !cute.int_tuple<"64">
      %e0_244 = cute.get_leaves(%sz_243) : !cute.int_tuple<"64">
      %sz_245 = cute.size(%36) <{mode = [1]}> : (!cute.layout<"(128,1,1,1):(1,0,0,0)">) -> !cute.int_tuple<"1">
      %e0_246 = cute.get_leaves(%sz_245) : !cute.int_tuple<"1">
      %38 = cute.static : !cute.tile<"[_;_;_]">
      %e0_247, %e1_248, %e2_249 = cute.get_leaves(%38) : !cute.tile<"[_;_;_]">
      %39 = cute.static : !cute.layout<"(128,1,1,1):(1,0,0,0)">
      %40 = cute.static : !cute.shape<"(64,64,16)">
      %e0_250, %e1_251, %e2_252 = cute.get_leaves(%40) : !cute.shape<"(64,64,16)">
      %int_tuple_253 = cute.make_int_tuple() : () -> !cute.int_tuple<"(64,64,16)">
      %sz_254 = cute.size(%int_tuple_253) <{mode = [1]}> : (!cute.int_tuple<"(64,64,16)">) -> !cute.int_tuple<"64">
      %e0_255 = cute.get_leaves(%sz_254) : !cute.int_tuple<"64">
      %sz_256 = cute.size(%39) <{mode = [2]}> : (!cute.layout<"(128,1,1,1):(1,0,0,0)">) -> !cute.int_tuple<"1">
      %e0_257 = cute.get_leaves(%sz_256) : !cute.int_tuple<"1">
      %tile_258 = cute.make_tile() : () -> !cute.tile<"[64:1;64:1]">
      %41 = cute.make_tiled_copy(%atom) : !copy_stsm_4
      %retiled = cute.tiled.copy.retile(%41, %rmem_218) : (!copy_stsm_4, !memref_rmem_f16) -> !memref_rmem_f16_1
      %iter_259 = cute.get_iter(%retiled) : !memref_rmem_f16_1
      %coord_260 = cute.make_coord() : () -> !cute.coord<"(_,_,0)">
      %slice_261 = cute.slice(%view_49, %coord_260) : !memref_smem_f16, !cute.coord<"(_,_,0)">
      %iter_262 = cute.get_iter(%slice_261) : !memref_smem_f16_7
      %iter_263 = cute.get_iter(%slice_261) : !memref_smem_f16_7
      %coord_264 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %dst_partitioned = cute.tiled.copy.partition_D(%41, %slice_261, %coord_264) : (!copy_stsm_4, !memref_smem_f16_7, !cute.coord<"?">) -> !memref_smem_f16_8
      %iter_265 = cute.get_iter(%dst_partitioned) : !memref_smem_f16_8
      %lay_266 = cute.get_layout(%retiled) : !memref_rmem_f16_1
      %42 = cute.get_shape(%lay_266) : (!cute.layout<"((8,4),1,1):((1,8),0,0)">) -> !cute.shape<"((8,4),1,1)">
      %e0_267, %e1_268, %e2_269, %e3_270 = cute.get_leaves(%42) : !cute.shape<"((8,4),1,1)">
      %lay_271 = cute.get_layout(%dst_partitioned) : !memref_smem_f16_8
      %43 = cute.get_shape(%lay_271) : (!cute.layout<"((8,4),1,1):((1,16),0,0)">) -> !cute.shape<"((8,4),1,1)">
      %e0_272, %e1_273, %e2_274, %e3_275 = cute.get_leaves(%43) : !cute.shape<"((8,4),1,1)">
      %shape_276 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_277 = cute.make_layout(%shape_276) : !cute.layout<"1:0">
      %append = cute.append_to_rank<2> (%lay_266, %lay_277) : !cute.layout<"((8,4),1,1):((1,8),0,0)">, !cute.layout<"1:0">
      %view_278 = cute.make_view(%iter_259, %append) : !memref_rmem_f16_1
      %iter_279 = cute.get_iter(%view_278) : !memref_rmem_f16_1
      %lay_280 = cute.get_layout(%view_278) : !memref_rmem_f16_1
      %44 = cute.get_shape(%lay_280) : (!cute.layout<"((8,4),1,1):((1,8),0,0)">) -> !cute.shape<"((8,4),1,1)">
      %e0_281, %e1_282, %e2_283, %e3_284 = cute.get_leaves(%44) : !cute.shape<"((8,4),1,1)">
      %grouped_285 = cute.group_modes(%view_278) <1, 3> : (!memref_rmem_f16_1) -> !memref_rmem_f16_2
      %iter_286 = cute.get_iter(%grouped_285) : !memref_rmem_f16_2
      %iter_287 = cute.get_iter(%grouped_285) : !memref_rmem_f16_2
      %shape_288 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_289 = cute.make_layout(%shape_288) : !cute.layout<"1:0">
      %append_290 = cute.append_to_rank<2> (%lay_271, %lay_289) : !cute.layout<"((8,4),1,1):((1,16),0,0)">, !cute.layout<"1:0">
      %view_291 = cute.make_view(%iter_265, %append_290) : !memref_smem_f16_8
      %iter_292 = cute.get_iter(%view_291) : !memref_smem_f16_8
      %lay_293 = cute.get_layout(%view_291) : !memref_smem_f16_8
      %45 = cute.get_shape(%lay_293) : (!cute.layout<"((8,4),1,1):((1,16),0,0)">) -> !cute.shape<"((8,4),1,1)">
      %e0_294, %e1_295, %e2_296, %e3_297 = cute.get_leaves(%45) : !cute.shape<"((8,4),1,1)">
      %grouped_298 = cute.group_modes(%view_291) <1, 3> : (!memref_smem_f16_8) -> !memref_smem_f16_9
      %iter_299 = cute.get_iter(%grouped_298) : !memref_smem_f16_9
      %iter_300 = cute.get_iter(%grouped_298) : !memref_smem_f16_9
      %lay_301 = cute.get_layout(%grouped_285) : !memref_rmem_f16_2
      %46 = cute.get_shape(%lay_301) : (!cute.layout<"((8,4),(1,1)):((1,8),(0,0))">) -> !cute.shape<"((8,4),(1,1))">
      %e0_302, %e1_303, %e2_304, %e3_305 = cute.get_leaves(%46) : !cute.shape<"((8,4),(1,1))">
      %lay_306 = cute.get_layout(%grouped_298) : !memref_smem_f16_9
      %47 = cute.get_shape(%lay_306) : (!cute.layout<"((8,4),(1,1)):((1,16),(0,0))">) -> !cute.shape<"((8,4),(1,1))">
      %e0_307, %e1_308, %e2_309, %e3_310 = cute.get_leaves(%47) : !cute.shape<"((8,4),(1,1))">
      %sz_311 = cute.size(%grouped_285) <{mode = [1]}> : (!memref_rmem_f16_2) -> !cute.int_tuple<"1">
      %e0_312 = cute.get_leaves(%sz_311) : !cute.int_tuple<"1">
      %sz_313 = cute.size(%grouped_298) <{mode = [1]}> : (!memref_smem_f16_9) -> !cute.int_tuple<"1">
      %e0_314 = cute.get_leaves(%sz_313) : !cute.int_tuple<"1">
      cute.copy(%41, %grouped_285, %grouped_298) : (!copy_stsm_4, !memref_rmem_f16_2, !memref_smem_f16_9)
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat166464641_FakeTensorFloat166464641_FakeTensorFloat166464641(%arg0: !memref_gmem_f16, %arg1: !memref_gmem_f16, %arg2: !memref_gmem_f16) -> i32 attributes {llvm.emit_c_interface} {
    %iter = cute.get_iter(%arg0) : !memref_gmem_f16
    %iter_0 = cute.get_iter(%arg1) : !memref_gmem_f16
    %iter_1 = cute.get_iter(%arg2) : !memref_gmem_f16
    %iter_2 = cute.get_iter(%arg0) : !memref_gmem_f16
    %iter_3 = cute.get_iter(%arg1) : !memref_gmem_f16
    %iter_4 = cute.get_iter(%arg2) : !memref_gmem_f16
    %shape = cute.make_shape() : () -> !cute.shape<"(64,64,16)">
    %false = arith.constant false
    %atom = cute.make_atom(%false) : (i1) -> !cute_nvgpu.sm90.mma<64x64x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
    %shape_5 = cute.make_shape() : () -> !cute.shape<"(1,1,1)">
    %lay = cute.make_layout(%shape_5) : !cute.layout<"(1,1,1):(0,0,0)">
    %0 = cute.get_shape(%lay) : (!cute.layout<"(1,1,1):(0,0,0)">) -> !cute.shape<"(1,1,1)">
    %e0, %e1, %e2 = cute.get_leaves(%0) : !cute.shape<"(1,1,1)">
    %1 = cute.make_tiled_mma(%atom) : !mma_f16_f16_f32_64x64x16
    %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"64">
    %sz = cute.size(%int_tuple) : (!cute.int_tuple<"64">) -> !cute.int_tuple<"64">
    %e0_6 = cute.get_leaves(%sz) : !cute.int_tuple<"64">
    %2 = cute.static : !cute.swizzle<"S<3,4,3>">
    %shape_7 = cute.make_shape() : () -> !cute.shape<"(8,64)">
    %stride = cute.make_stride() : () -> !cute.stride<"(64,1)">
    %lay_8 = cute.make_layout(%shape_7, %stride) : !cute.layout<"(8,64):(64,1)">
    %3 = cute.get_stride(%lay_8) : (!cute.layout<"(8,64):(64,1)">) -> !cute.stride<"(64,1)">
    %e0_9, %e1_10 = cute.get_leaves(%3) : !cute.stride<"(64,1)">
    %int_tuple_11 = cute.make_int_tuple() : () -> !cute.int_tuple<"0">
    %lay_12 = cute.make_composed_layout(%2, %int_tuple_11, %lay_8) : !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
    %shape_13 = cute.make_shape() : () -> !cute.shape<"(64,64,1)">
    %int_tuple_14 = cute.make_int_tuple() : () -> !cute.int_tuple<"(0,1,2)">
    %tile_to_shape = cute.tile_to_shape(%lay_12, %shape_13, %int_tuple_14) : (!cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">, !cute.shape<"(64,64,1)">, !cute.int_tuple<"(0,1,2)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
    %int_tuple_15 = cute.make_int_tuple() : () -> !cute.int_tuple<"64">
    %sz_16 = cute.size(%int_tuple_15) : (!cute.int_tuple<"64">) -> !cute.int_tuple<"64">
    %e0_17 = cute.get_leaves(%sz_16) : !cute.int_tuple<"64">
    %4 = cute.static : !cute.swizzle<"S<3,4,3>">
    %shape_18 = cute.make_shape() : () -> !cute.shape<"(8,64)">
    %stride_19 = cute.make_stride() : () -> !cute.stride<"(64,1)">
    %lay_20 = cute.make_layout(%shape_18, %stride_19) : !cute.layout<"(8,64):(64,1)">
    %5 = cute.get_stride(%lay_20) : (!cute.layout<"(8,64):(64,1)">) -> !cute.stride<"(64,1)">
    %e0_21, %e1_22 = cute.get_leaves(%5) : !cute.stride<"(64,1)">
    %int_tuple_23 = cute.make_int_tuple() : () -> !cute.int_tuple<"0">
    %lay_24 = cute.make_composed_layout(%4, %int_tuple_23, %lay_20) : !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
    %shape_25 = cute.make_shape() : () -> !cute.shape<"(64,64,1)">
    %int_tuple_26 = cute.make_int_tuple() : () -> !cute.int_tuple<"(0,1,2)">
    %tile_to_shape_27 = cute.tile_to_shape(%lay_24, %shape_25, %int_tuple_26) : (!cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">, !cute.shape<"(64,64,1)">, !cute.int_tuple<"(0,1,2)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
    %6 = cute.static : !cute.swizzle<"S<3,4,3>">
    %shape_28 = cute.make_shape() : () -> !cute.shape<"(8,64)">
    %stride_29 = cute.make_stride() : () -> !cute.stride<"(64,1)">
    %lay_30 = cute.make_layout(%shape_28, %stride_29) : !cute.layout<"(8,64):(64,1)">
    %7 = cute.get_stride(%lay_30) : (!cute.layout<"(8,64):(64,1)">) -> !cute.stride<"(64,1)">
    %e0_31, %e1_32 = cute.get_leaves(%7) : !cute.stride<"(64,1)">
    %int_tuple_33 = cute.make_int_tuple() : () -> !cute.int_tuple<"0">
    %lay_34 = cute.make_composed_layout(%6, %int_tuple_33, %lay_30) : !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
    %shape_35 = cute.make_shape() : () -> !cute.shape<"(64,64,1)">
    %int_tuple_36 = cute.make_int_tuple() : () -> !cute.int_tuple<"(0,1,2)">
    %tile_to_shape_37 = cute.tile_to_shape(%lay_34, %shape_35, %int_tuple_36) : (!cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">, !cute.shape<"(64,64,1)">, !cute.int_tuple<"(0,1,2)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
    %coord = cute.make_coord() : () -> !cute.coord<"(_,_,0)">
    %slice = cute.slice(%tile_to_shape, %coord) : !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">, !cute.coord<"(_,_,0)">
    %8 = cute.get_shape(%slice) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1)):((64,512),(1,0))">) -> !cute.shape<"((8,8),(64,1))">
    %e0_38, %e1_39, %e2_40, %e3 = cute.get_leaves(%8) : !cute.shape<"((8,8),(64,1))">
    %lay_41 = cute.get_layout(%arg0) : !memref_gmem_f16
    %9 = cute.get_shape(%lay_41) : (!cute.layout<"(64,64):(64,1)">) -> !cute.shape<"(64,64)">
    %e0_42, %e1_43 = cute.get_leaves(%9) : !cute.shape<"(64,64)">
    %shape_44 = cute.make_shape() : () -> !cute.shape<"(64,64)">
    %10 = cute.make_identity_layout(%shape_44) : !cute.layout<"(64,64):(1@0,1@1)">
    %tile = cute.make_tile() : () -> !cute.tile<"[64:1;64:1]">
    %11 = cute.composition(%10, %tile) : (!cute.layout<"(64,64):(1@0,1@1)">, !cute.tile<"[64:1;64:1]">) -> !cute.layout<"(64,64):(1@0,1@1)">
    %non_exec_atom, %tma_tensor = cute_nvgpu.atom.make_non_exec_tiled_tma_load(%arg0, %slice, %11) <{kind = <sm_90> num_multicast = 1}> : (!memref_gmem_f16, !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1)):((64,512),(1,0))">, !cute.layout<"(64,64):(1@0,1@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">)
    %iter_45 = cute.get_iter(%tma_tensor) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
    %tup = cute.deref_arith_tuple_iter(%iter_45) : !cute.arith_tuple_iter<"(0,0)">
    %e0_46, %e1_47 = cute.get_leaves(%tup) : !cute.int_tuple<"(0,0)">
    %coord_48 = cute.make_coord() : () -> !cute.coord<"(_,_,0)">
    %slice_49 = cute.slice(%tile_to_shape_27, %coord_48) : !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">, !cute.coord<"(_,_,0)">
    %12 = cute.get_shape(%slice_49) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1)):((64,512),(1,0))">) -> !cute.shape<"((8,8),(64,1))">
    %e0_50, %e1_51, %e2_52, %e3_53 = cute.get_leaves(%12) : !cute.shape<"((8,8),(64,1))">
    %lay_54 = cute.get_layout(%arg1) : !memref_gmem_f16
    %13 = cute.get_shape(%lay_54) : (!cute.layout<"(64,64):(64,1)">) -> !cute.shape<"(64,64)">
    %e0_55, %e1_56 = cute.get_leaves(%13) : !cute.shape<"(64,64)">
    %shape_57 = cute.make_shape() : () -> !cute.shape<"(64,64)">
    %14 = cute.make_identity_layout(%shape_57) : !cute.layout<"(64,64):(1@0,1@1)">
    %tile_58 = cute.make_tile() : () -> !cute.tile<"[64:1;64:1]">
    %15 = cute.composition(%14, %tile_58) : (!cute.layout<"(64,64):(1@0,1@1)">, !cute.tile<"[64:1;64:1]">) -> !cute.layout<"(64,64):(1@0,1@1)">
    %non_exec_atom_59, %tma_tensor_60 = cute_nvgpu.atom.make_non_exec_tiled_tma_load(%arg1, %slice_49, %15) <{kind = <sm_90> num_multicast = 1}> : (!memref_gmem_f16, !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1)):((64,512),(1,0))">, !cute.layout<"(64,64):(1@0,1@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">)
    %iter_61 = cute.get_iter(%tma_tensor_60) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
    %tup_62 = cute.deref_arith_tuple_iter(%iter_61) : !cute.arith_tuple_iter<"(0,0)">
    %e0_63, %e1_64 = cute.get_leaves(%tup_62) : !cute.int_tuple<"(0,0)">
    %16 = cute.static : !cute.layout<"(128,1,1,1):(1,0,0,0)">
    %17 = cute.static : !cute.tile<"[_;_;_]">
    %e0_65, %e1_66, %e2_67 = cute.get_leaves(%17) : !cute.tile<"[_;_;_]">
    %18 = cute.static : !cute.layout<"128:1">
    %19 = cute.static : !cute.shape<"(64,64,16)">
    %e0_68, %e1_69, %e2_70 = cute.get_leaves(%19) : !cute.shape<"(64,64,16)">
    %20 = cute.static : !cute.layout<"(128,(64,16)):(0,(1,64))">
    %21 = cute.static : !cute.layout<"(128,(64,16)):(0,(1,64))">
    %22 = cute.static : !cute.layout<"((4,8,4),(2,2,8)):((128,1,16),(64,8,512))">
    %23 = cute.static : !cute.layout<"1:0">
    %24 = cute.static : !cute.layout<"(1,4096):(0,1)">
    %25 = cute.static : !cute.layout<"(1,4096):(0,1)">
    %lay_71 = cute.get_layout(%tma_tensor) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
    %26 = cute.static : !cute.layout<"1:0">
    %27 = cute.static : !cute.layout<"(1,4096):(0,1)">
    %28 = cute.static : !cute.layout<"(1,4096):(0,1)">
    %lay_72 = cute.get_layout(%tma_tensor_60) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
    %lay_73 = cute.get_layout(%arg2) : !memref_gmem_f16
    %29 = cute.composed_get_inner(%tile_to_shape) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.swizzle<"S<3,4,3>">
    %30 = cute.composed_get_offset(%tile_to_shape) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.int_tuple<"0">
    %e0_74 = cute.get_leaves(%30) : !cute.int_tuple<"0">
    %31 = cute.composed_get_outer(%tile_to_shape) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
    %32 = cute.composed_get_inner(%tile_to_shape_27) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.swizzle<"S<3,4,3>">
    %33 = cute.composed_get_offset(%tile_to_shape_27) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.int_tuple<"0">
    %e0_75 = cute.get_leaves(%33) : !cute.int_tuple<"0">
    %34 = cute.composed_get_outer(%tile_to_shape_27) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
    %35 = cute.composed_get_inner(%tile_to_shape_37) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.swizzle<"S<3,4,3>">
    %36 = cute.composed_get_offset(%tile_to_shape_37) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.int_tuple<"0">
    %e0_76 = cute.get_leaves(%36) : !cute.int_tuple<"0">
    %37 = cute.composed_get_outer(%tile_to_shape_37) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cute.layout<"((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">
    %38 = cute.kernel_smem_size @kernels::@kernel_cutlass_hopper_kernel_TiledMMA_ThrLayoutVMNK1281111000_PermutationMNK____MMAAtom_ThrID1281_ShapeMNK646416_TVLayoutA12864160164_TVLayoutB12864160164_TVLayoutC484228128116648512_Copy_0 : i64
    %c232448_i64 = arith.constant 232448 : i64
    %39 = arith.cmpi sgt, %38, %c232448_i64 : i64
    scf.if %39 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_hopper_kernel_TiledMMA_ThrLayoutVMNK1281111000_PermutationMNK____MMAAtom_ThrID1281_ShapeMNK646416_TVLayoutA12864160164_TVLayoutB12864160164_TVLayoutC484228128116648512_Copy_0' launch shared memory exceeds current GPU arch sm_90a allowed. Allocated: {} bytes. Max: 232448 bytes.\0A\0A", %38) : i64
    }
    %c0_i64 = arith.constant 0 : i64
    %40 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %c128_i32 = arith.constant 128 : i32
    %c1_i32 = arith.constant 1 : i32
    %41 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c128_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %38, gridDim = (%c1_i32, %c1_i32, %c1_i32), stream = %40) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    %c0_i32 = arith.constant 0 : i32
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%41] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %c0_i32_77 = arith.constant 0 : i32
    cuda.launch_cfg.cooperative[%41] %c0_i32_77 : !cuda.launch_cfg<max_attrs = 17>, i32
    %42 = cuda.launch_ex @kernels::@kernel_cutlass_hopper_kernel_TiledMMA_ThrLayoutVMNK1281111000_PermutationMNK____MMAAtom_ThrID1281_ShapeMNK646416_TVLayoutA12864160164_TVLayoutB12864160164_TVLayoutC484228128116648512_Copy_0<%41> (%1, %non_exec_atom, %tma_tensor, %non_exec_atom_59, %tma_tensor_60, %arg2, %tile_to_shape, %tile_to_shape_27, %tile_to_shape_37) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!mma_f16_f16_f32_64x64x16, !cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !memref_gmem_f16, !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">, !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">, !cute.composed_layout<"S<3,4,3> o 0 o ((8,8),(64,1),(1,1)):((64,512),(1,0),(0,0))">) -> !cuda.result
    %43 = cuda.cast %42 : !cuda.result -> i32
    cuda.return_if_error %43 : i32
    %c0_i32_78 = arith.constant 0 : i32
    return %c0_i32_78 : i32
  }
}

