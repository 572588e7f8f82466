!memref_gmem_f32 = !cute.memref<f32, gmem, align<16>, "(64,64):(64,1)">
!memref_smem_f32 = !cute.memref<f32, smem, align<128>, "(32,32):(32,1)">
!memref_smem_f32_1 = !cute.memref<f32, smem, align<128>, "((32,32)):((32,1))">
!memref_smem_f32_2 = !cute.memref<f32, smem, align<128>, "((1024,1)):((1,0))">
!memref_smem_f32_3 = !cute.memref<f32, smem, align<128>, "((1024,1),1):((1,0),0)">
!memref_smem_f32_4 = !cute.memref<f32, smem, align<128>, "((1024,1),(1)):((1,0),(0))">
!memref_smem_i8 = !cute.memref<i8, smem, align<128>, "4096:1">
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_cutlass_store_reduce_kernel_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef32_tensor00o64641110_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef3_0(%arg0: !cute_nvgpu.atom.non_exec_tiled_tma_store<f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN> {cute_nvgpu.grid_constant}, %arg1: !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, %arg2: !cute_nvgpu.atom.non_exec_tiled_tma_reduce<ADD, f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN> {cute_nvgpu.grid_constant}, %arg3: !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, %arg4: !cute.layout<"(32,32):(32,1)">) attributes {cu_attrs = {max_dynamic_shared_size_bytes = #cuda.dev_max_shared_memory_optin, non_portable_cluster_size_allowed = 1 : i32}, cute.kernel, cutlass_launch_facts = {cluster_launch = false, cooperative_launch = false, exact_block_dim = array<i64: 32, 1, 1>, exact_grid_dim = array<i64: 1, 1, 1>, schema_version = 1 : i64}, gpu.kernel, nvvm.reqntid = array<i32: 32, 1, 1>, smem.hint_smem_base_uniform, smem.partition_num = 2 : i32} {
      %iter = cute.get_iter(%arg1) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
      %tup = cute.deref_arith_tuple_iter(%iter) : !cute.arith_tuple_iter<"(0,0)">
      %e0, %e1 = cute.get_leaves(%tup) : !cute.int_tuple<"(0,0)">
      %iter_0 = cute.get_iter(%arg3) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
      %tup_1 = cute.deref_arith_tuple_iter(%iter_0) : !cute.arith_tuple_iter<"(0,0)">
      %e0_2, %e1_3 = cute.get_leaves(%tup_1) : !cute.int_tuple<"(0,0)">
      %iter_4 = cute.get_iter(%arg1) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
      %tup_5 = cute.deref_arith_tuple_iter(%iter_4) : !cute.arith_tuple_iter<"(0,0)">
      %e0_6, %e1_7 = cute.get_leaves(%tup_5) : !cute.int_tuple<"(0,0)">
      %iter_8 = cute.get_iter(%arg3) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
      %tup_9 = cute.deref_arith_tuple_iter(%iter_8) : !cute.arith_tuple_iter<"(0,0)">
      %e0_10, %e1_11 = cute.get_leaves(%tup_9) : !cute.int_tuple<"(0,0)">
      %lay = cute.get_layout(%arg1) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
      %lay_12 = cute.get_layout(%arg3) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %1 = nvvm.read.ptx.sreg.tid.y : i32
      %2 = nvvm.read.ptx.sreg.tid.z : i32
      %coord = cute.make_coord() : () -> !cute.coord<"0">
      %idx = cute.crd2idx(%coord, %arg4) : (!cute.coord<"0">, !cute.layout<"(32,32):(32,1)">) -> !cute.int_tuple<"0">
      %e0_13 = cute.get_leaves(%idx) : !cute.int_tuple<"0">
      %cosz = cute.cosize(%arg4) : (!cute.layout<"(32,32):(32,1)">) -> !cute.int_tuple<"1024">
      %e0_14 = cute.get_leaves(%cosz) : !cute.int_tuple<"1024">
      %shape = cute.make_shape() : () -> !cute.shape<"4096">
      %lay_15 = cute.make_layout(%shape) : !cute.layout<"4096:1">
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter_16 = cute.get_iter(%smem) : !memref_smem_i8
      %iter_17 = cute.get_iter(%smem) : !memref_smem_i8
      %iter_18 = cute.recast_iter(%iter_17) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f32, smem, align<128>>
      %view = cute.make_view(%iter_18, %arg4) : !memref_smem_f32
      %iter_19 = cute.get_iter(%view) : !memref_smem_f32
      %iter_20 = cute.get_iter(%view) : !memref_smem_f32
      %tile = cute.make_tile() : () -> !cute.tile<"[32:1;32:1]">
      %coord_21 = cute.make_coord() : () -> !cute.coord<"(0,0)">
      %tiled_view = cute.local_tile(%arg1, %tile, %coord_21) : (!cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute.tile<"[32:1;32:1]">, !cute.coord<"(0,0)">) -> !cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">
      %iter_22 = cute.get_iter(%tiled_view) : !cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">
      %tup_23 = cute.deref_arith_tuple_iter(%iter_22) : !cute.arith_tuple_iter<"(0,0)">
      %e0_24, %e1_25 = cute.get_leaves(%tup_23) : !cute.int_tuple<"(0,0)">
      %iter_26 = cute.get_iter(%tiled_view) : !cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">
      %tup_27 = cute.deref_arith_tuple_iter(%iter_26) : !cute.arith_tuple_iter<"(0,0)">
      %e0_28, %e1_29 = cute.get_leaves(%tup_27) : !cute.int_tuple<"(0,0)">
      %tile_30 = cute.make_tile() : () -> !cute.tile<"[32:1;32:1]">
      %coord_31 = cute.make_coord() : () -> !cute.coord<"(0,0)">
      %tiled_view_32 = cute.local_tile(%arg3, %tile_30, %coord_31) : (!cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute.tile<"[32:1;32:1]">, !cute.coord<"(0,0)">) -> !cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">
      %iter_33 = cute.get_iter(%tiled_view_32) : !cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">
      %tup_34 = cute.deref_arith_tuple_iter(%iter_33) : !cute.arith_tuple_iter<"(0,0)">
      %e0_35, %e1_36 = cute.get_leaves(%tup_34) : !cute.int_tuple<"(0,0)">
      %iter_37 = cute.get_iter(%tiled_view_32) : !cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">
      %tup_38 = cute.deref_arith_tuple_iter(%iter_37) : !cute.arith_tuple_iter<"(0,0)">
      %e0_39, %e1_40 = cute.get_leaves(%tup_38) : !cute.int_tuple<"(0,0)">
      %shape_41 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_42 = cute.make_layout(%shape_41) : !cute.layout<"1:0">
      %lay_43 = cute.get_layout(%view) : !memref_smem_f32
      %3 = cute.get_shape(%lay_43) : (!cute.layout<"(32,32):(32,1)">) -> !cute.shape<"(32,32)">
      %e0_44, %e1_45 = cute.get_leaves(%3) : !cute.shape<"(32,32)">
      %grouped = cute.group_modes(%view) <0, 2> : (!memref_smem_f32) -> !memref_smem_f32_1
      %iter_46 = cute.get_iter(%grouped) : !memref_smem_f32_1
      %iter_47 = cute.get_iter(%grouped) : !memref_smem_f32_1
      %lay_48 = cute.get_layout(%tiled_view) : !cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">
      %4 = cute.get_shape(%lay_48) : (!cute.layout<"(32,32):(1@1,1@0)">) -> !cute.shape<"(32,32)">
      %e0_49, %e1_50 = cute.get_leaves(%4) : !cute.shape<"(32,32)">
      %grouped_51 = cute.group_modes(%tiled_view) <0, 2> : (!cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">) -> !cute.coord_tensor<"(0,0)", "((32,32)):((1@1,1@0))">
      %iter_52 = cute.get_iter(%grouped_51) : !cute.coord_tensor<"(0,0)", "((32,32)):((1@1,1@0))">
      %tup_53 = cute.deref_arith_tuple_iter(%iter_52) : !cute.arith_tuple_iter<"(0,0)">
      %e0_54, %e1_55 = cute.get_leaves(%tup_53) : !cute.int_tuple<"(0,0)">
      %iter_56 = cute.get_iter(%grouped_51) : !cute.coord_tensor<"(0,0)", "((32,32)):((1@1,1@0))">
      %tup_57 = cute.deref_arith_tuple_iter(%iter_56) : !cute.arith_tuple_iter<"(0,0)">
      %e0_58, %e1_59 = cute.get_leaves(%tup_57) : !cute.int_tuple<"(0,0)">
      %coord_60 = cute.make_coord() : () -> !cute.coord<"0">
      %res_smem_tensor, %res_target_tensors = cute_nvgpu.atom.tma_partition(%arg0, %coord_60, %lay_42, %grouped, %grouped_51) : (!cute_nvgpu.atom.non_exec_tiled_tma_store<f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord<"0">, !cute.layout<"1:0">, !memref_smem_f32_1, !cute.coord_tensor<"(0,0)", "((32,32)):((1@1,1@0))">) -> (!memref_smem_f32_2, !cute.coord_tensor<"(0,0)", "(((32,32),1)):(((1@0,1@1),0))">)
      %iter_61 = cute.get_iter(%res_smem_tensor) : !memref_smem_f32_2
      %iter_62 = cute.get_iter(%res_target_tensors) : !cute.coord_tensor<"(0,0)", "(((32,32),1)):(((1@0,1@1),0))">
      %tup_63 = cute.deref_arith_tuple_iter(%iter_62) : !cute.arith_tuple_iter<"(0,0)">
      %e0_64, %e1_65 = cute.get_leaves(%tup_63) : !cute.int_tuple<"(0,0)">
      %shape_66 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_67 = cute.make_layout(%shape_66) : !cute.layout<"1:0">
      %grouped_68 = cute.group_modes(%view) <0, 2> : (!memref_smem_f32) -> !memref_smem_f32_1
      %iter_69 = cute.get_iter(%grouped_68) : !memref_smem_f32_1
      %iter_70 = cute.get_iter(%grouped_68) : !memref_smem_f32_1
      %lay_71 = cute.get_layout(%tiled_view_32) : !cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">
      %5 = cute.get_shape(%lay_71) : (!cute.layout<"(32,32):(1@1,1@0)">) -> !cute.shape<"(32,32)">
      %e0_72, %e1_73 = cute.get_leaves(%5) : !cute.shape<"(32,32)">
      %grouped_74 = cute.group_modes(%tiled_view_32) <0, 2> : (!cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">) -> !cute.coord_tensor<"(0,0)", "((32,32)):((1@1,1@0))">
      %iter_75 = cute.get_iter(%grouped_74) : !cute.coord_tensor<"(0,0)", "((32,32)):((1@1,1@0))">
      %tup_76 = cute.deref_arith_tuple_iter(%iter_75) : !cute.arith_tuple_iter<"(0,0)">
      %e0_77, %e1_78 = cute.get_leaves(%tup_76) : !cute.int_tuple<"(0,0)">
      %iter_79 = cute.get_iter(%grouped_74) : !cute.coord_tensor<"(0,0)", "((32,32)):((1@1,1@0))">
      %tup_80 = cute.deref_arith_tuple_iter(%iter_79) : !cute.arith_tuple_iter<"(0,0)">
      %e0_81, %e1_82 = cute.get_leaves(%tup_80) : !cute.int_tuple<"(0,0)">
      %coord_83 = cute.make_coord() : () -> !cute.coord<"0">
      %res_smem_tensor_84, %res_target_tensors_85 = cute_nvgpu.atom.tma_partition(%arg2, %coord_83, %lay_67, %grouped_68, %grouped_74) : (!cute_nvgpu.atom.non_exec_tiled_tma_reduce<ADD, f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord<"0">, !cute.layout<"1:0">, !memref_smem_f32_1, !cute.coord_tensor<"(0,0)", "((32,32)):((1@1,1@0))">) -> (!memref_smem_f32_2, !cute.coord_tensor<"(0,0)", "(((32,32),1)):(((1@0,1@1),0))">)
      %iter_86 = cute.get_iter(%res_smem_tensor_84) : !memref_smem_f32_2
      %iter_87 = cute.get_iter(%res_target_tensors_85) : !cute.coord_tensor<"(0,0)", "(((32,32),1)):(((1@0,1@1),0))">
      %tup_88 = cute.deref_arith_tuple_iter(%iter_87) : !cute.arith_tuple_iter<"(0,0)">
      %e0_89, %e1_90 = cute.get_leaves(%tup_88) : !cute.int_tuple<"(0,0)">
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      %c0_i32 = arith.constant 0 : i32
      %6 = arith.cmpi eq, %0, %c0_i32 : i32
      scf.if %6 {
        %lay_91 = cute.get_layout(%res_smem_tensor) : !memref_smem_f32_2
        %7 = cute.get_shape(%lay_91) : (!cute.layout<"((1024,1)):((1,0))">) -> !cute.shape<"((1024,1))">
        %e0_92, %e1_93 = cute.get_leaves(%7) : !cute.shape<"((1024,1))">
        %lay_94 = cute.get_layout(%res_target_tensors) : !cute.coord_tensor<"(0,0)", "(((32,32),1)):(((1@0,1@1),0))">
        %8 = cute.get_shape(%lay_94) : (!cute.layout<"(((32,32),1)):(((1@0,1@1),0))">) -> !cute.shape<"(((32,32),1))">
        %e0_95, %e1_96, %e2 = cute.get_leaves(%8) : !cute.shape<"(((32,32),1))">
        %shape_97 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_98 = cute.make_layout(%shape_97) : !cute.layout<"1:0">
        %append = cute.append_to_rank<2> (%lay_91, %lay_98) : !cute.layout<"((1024,1)):((1,0))">, !cute.layout<"1:0">
        %view_99 = cute.make_view(%iter_61, %append) : !memref_smem_f32_3
        %iter_100 = cute.get_iter(%view_99) : !memref_smem_f32_3
        %lay_101 = cute.get_layout(%view_99) : !memref_smem_f32_3
        %9 = cute.get_shape(%lay_101) : (!cute.layout<"((1024,1),1):((1,0),0)">) -> !cute.shape<"((1024,1),1)">
        %e0_102, %e1_103, %e2_104 = cute.get_leaves(%9) : !cute.shape<"((1024,1),1)">
        %grouped_105 = cute.group_modes(%view_99) <1, 2> : (!memref_smem_f32_3) -> !memref_smem_f32_4
        %iter_106 = cute.get_iter(%grouped_105) : !memref_smem_f32_4
        %iter_107 = cute.get_iter(%grouped_105) : !memref_smem_f32_4
        %shape_108 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_109 = cute.make_layout(%shape_108) : !cute.layout<"1:0">
        %append_110 = cute.append_to_rank<2> (%lay_94, %lay_109) : !cute.layout<"(((32,32),1)):(((1@0,1@1),0))">, !cute.layout<"1:0">
        %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"(0,0)">
        %int_tup_iter = cute.make_arith_tuple_iter(%int_tuple) : (!cute.int_tuple<"(0,0)">) -> !cute.arith_tuple_iter<"(0,0)">
        %view_111 = cute.make_view(%int_tup_iter, %append_110) : !cute.coord_tensor<"(0,0)", "(((32,32),1),1):(((1@0,1@1),0),0)">
        %iter_112 = cute.get_iter(%view_111) : !cute.coord_tensor<"(0,0)", "(((32,32),1),1):(((1@0,1@1),0),0)">
        %tup_113 = cute.deref_arith_tuple_iter(%iter_112) : !cute.arith_tuple_iter<"(0,0)">
        %e0_114, %e1_115 = cute.get_leaves(%tup_113) : !cute.int_tuple<"(0,0)">
        %lay_116 = cute.get_layout(%view_111) : !cute.coord_tensor<"(0,0)", "(((32,32),1),1):(((1@0,1@1),0),0)">
        %10 = cute.get_shape(%lay_116) : (!cute.layout<"(((32,32),1),1):(((1@0,1@1),0),0)">) -> !cute.shape<"(((32,32),1),1)">
        %e0_117, %e1_118, %e2_119, %e3 = cute.get_leaves(%10) : !cute.shape<"(((32,32),1),1)">
        %grouped_120 = cute.group_modes(%view_111) <1, 2> : (!cute.coord_tensor<"(0,0)", "(((32,32),1),1):(((1@0,1@1),0),0)">) -> !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">
        %iter_121 = cute.get_iter(%grouped_120) : !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">
        %tup_122 = cute.deref_arith_tuple_iter(%iter_121) : !cute.arith_tuple_iter<"(0,0)">
        %e0_123, %e1_124 = cute.get_leaves(%tup_122) : !cute.int_tuple<"(0,0)">
        %iter_125 = cute.get_iter(%grouped_120) : !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">
        %tup_126 = cute.deref_arith_tuple_iter(%iter_125) : !cute.arith_tuple_iter<"(0,0)">
        %e0_127, %e1_128 = cute.get_leaves(%tup_126) : !cute.int_tuple<"(0,0)">
        %lay_129 = cute.get_layout(%grouped_105) : !memref_smem_f32_4
        %11 = cute.get_shape(%lay_129) : (!cute.layout<"((1024,1),(1)):((1,0),(0))">) -> !cute.shape<"((1024,1),(1))">
        %e0_130, %e1_131, %e2_132 = cute.get_leaves(%11) : !cute.shape<"((1024,1),(1))">
        %lay_133 = cute.get_layout(%grouped_120) : !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">
        %12 = cute.get_shape(%lay_133) : (!cute.layout<"(((32,32),1),(1)):(((1@0,1@1),0),(0))">) -> !cute.shape<"(((32,32),1),(1))">
        %e0_134, %e1_135, %e2_136, %e3_137 = cute.get_leaves(%12) : !cute.shape<"(((32,32),1),(1))">
        %sz = cute.size(%grouped_105) <{mode = [1]}> : (!memref_smem_f32_4) -> !cute.int_tuple<"1">
        %e0_138 = cute.get_leaves(%sz) : !cute.int_tuple<"1">
        %sz_139 = cute.size(%grouped_120) <{mode = [1]}> : (!cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">) -> !cute.int_tuple<"1">
        %e0_140 = cute.get_leaves(%sz_139) : !cute.int_tuple<"1">
        %13 = cute_nvgpu.atom.make_exec_tma(%arg0) : (!cute_nvgpu.atom.non_exec_tiled_tma_store<f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>) -> !cute_nvgpu.atom.tma_store<f32, copy_bits = 32768, mode = tiled, g_stride = <"()"> tma_gbasis = <"(32,32):(1@1,1@0)">>
        cute.copy(%13, %grouped_105, %grouped_120) : (!cute_nvgpu.atom.tma_store<f32, copy_bits = 32768, mode = tiled, g_stride = <"()"> tma_gbasis = <"(32,32):(1@1,1@0)">>, !memref_smem_f32_4, !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">)
        %lay_141 = cute.get_layout(%res_smem_tensor_84) : !memref_smem_f32_2
        %14 = cute.get_shape(%lay_141) : (!cute.layout<"((1024,1)):((1,0))">) -> !cute.shape<"((1024,1))">
        %e0_142, %e1_143 = cute.get_leaves(%14) : !cute.shape<"((1024,1))">
        %lay_144 = cute.get_layout(%res_target_tensors_85) : !cute.coord_tensor<"(0,0)", "(((32,32),1)):(((1@0,1@1),0))">
        %15 = cute.get_shape(%lay_144) : (!cute.layout<"(((32,32),1)):(((1@0,1@1),0))">) -> !cute.shape<"(((32,32),1))">
        %e0_145, %e1_146, %e2_147 = cute.get_leaves(%15) : !cute.shape<"(((32,32),1))">
        %shape_148 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_149 = cute.make_layout(%shape_148) : !cute.layout<"1:0">
        %append_150 = cute.append_to_rank<2> (%lay_141, %lay_149) : !cute.layout<"((1024,1)):((1,0))">, !cute.layout<"1:0">
        %view_151 = cute.make_view(%iter_86, %append_150) : !memref_smem_f32_3
        %iter_152 = cute.get_iter(%view_151) : !memref_smem_f32_3
        %lay_153 = cute.get_layout(%view_151) : !memref_smem_f32_3
        %16 = cute.get_shape(%lay_153) : (!cute.layout<"((1024,1),1):((1,0),0)">) -> !cute.shape<"((1024,1),1)">
        %e0_154, %e1_155, %e2_156 = cute.get_leaves(%16) : !cute.shape<"((1024,1),1)">
        %grouped_157 = cute.group_modes(%view_151) <1, 2> : (!memref_smem_f32_3) -> !memref_smem_f32_4
        %iter_158 = cute.get_iter(%grouped_157) : !memref_smem_f32_4
        %iter_159 = cute.get_iter(%grouped_157) : !memref_smem_f32_4
        %shape_160 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_161 = cute.make_layout(%shape_160) : !cute.layout<"1:0">
        %append_162 = cute.append_to_rank<2> (%lay_144, %lay_161) : !cute.layout<"(((32,32),1)):(((1@0,1@1),0))">, !cute.layout<"1:0">
        %int_tuple_163 = cute.make_int_tuple() : () -> !cute.int_tuple<"(0,0)">
        %int_tup_iter_164 = cute.make_arith_tuple_iter(%int_tuple_163) : (!cute.int_tuple<"(0,0)">) -> !cute.arith_tuple_iter<"(0,0)">
        %view_165 = cute.make_view(%int_tup_iter_164, %append_162) : !cute.coord_tensor<"(0,0)", "(((32,32),1),1):(((1@0,1@1),0),0)">
        %iter_166 = cute.get_iter(%view_165) : !cute.coord_tensor<"(0,0)", "(((32,32),1),1):(((1@0,1@1),0),0)">
        %tup_167 = cute.deref_arith_tuple_iter(%iter_166) : !cute.arith_tuple_iter<"(0,0)">
        %e0_168, %e1_169 = cute.get_leaves(%tup_167) : !cute.int_tuple<"(0,0)">
        %lay_170 = cute.get_layout(%view_165) : !cute.coord_tensor<"(0,0)", "(((32,32),1),1):(((1@0,1@1),0),0)">
        %17 = cute.get_shape(%lay_170) : (!cute.layout<"(((32,32),1),1):(((1@0,1@1),0),0)">) -> !cute.shape<"(((32,32),1),1)">
        %e0_171, %e1_172, %e2_173, %e3_174 = cute.get_leaves(%17) : !cute.shape<"(((32,32),1),1)">
        %grouped_175 = cute.group_modes(%view_165) <1, 2> : (!cute.coord_tensor<"(0,0)", "(((32,32),1),1):(((1@0,1@1),0),0)">) -> !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">
        %iter_176 = cute.get_iter(%grouped_175) : !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">
        %tup_177 = cute.deref_arith_tuple_iter(%iter_176) : !cute.arith_tuple_iter<"(0,0)">
        %e0_178, %e1_179 = cute.get_leaves(%tup_177) : !cute.int_tuple<"(0,0)">
        %iter_180 = cute.get_iter(%grouped_175) : !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">
        %tup_181 = cute.deref_arith_tuple_iter(%iter_180) : !cute.arith_tuple_iter<"(0,0)">
        %e0_182, %e1_183 = cute.get_leaves(%tup_181) : !cute.int_tuple<"(0,0)">
        %lay_184 = cute.get_layout(%grouped_157) : !memref_smem_f32_4
        %18 = cute.get_shape(%lay_184) : (!cute.layout<"((1024,1),(1)):((1,0),(0))">) -> !cute.shape<"((1024,1),(1))">
        %e0_185, %e1_186, %e2_187 = cute.get_leaves(%18) : !cute.shape<"((1024,1),(1))">
        %lay_188 = cute.get_layout(%grouped_175) : !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">
        %19 = cute.get_shape(%lay_188) : (!cute.layout<"(((32,32),1),(1)):(((1@0,1@1),0),(0))">) -> !cute.shape<"(((32,32),1),(1))">
        %e0_189, %e1_190, %e2_191, %e3_192 = cute.get_leaves(%19) : !cute.shape<"(((32,32),1),(1))">
        %sz_193 = cute.size(%grouped_157) <{mode = [1]}> : (!memref_smem_f32_4) -> !cute.int_tuple<"1">
        %e0_194 = cute.get_leaves(%sz_193) : !cute.int_tuple<"1">
        %sz_195 = cute.size(%grouped_175) <{mode = [1]}> : (!cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">) -> !cute.int_tuple<"1">
        %e0_196 = cute.get_leaves(%sz_195) : !cute.int_tuple<"1">
        %20 = cute_nvgpu.atom.make_exec_tma(%arg2) : (!cute_nvgpu.atom.non_exec_tiled_tma_reduce<ADD, f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>) -> !cute_nvgpu.atom.tma_reduce<f32, copy_bits = 32768, mode = tiled, kind = ADD, g_stride = <"()"> tma_gbasis = <"(32,32):(1@1,1@0)">>
        cute.copy(%20, %grouped_157, %grouped_175) : (!cute_nvgpu.atom.tma_reduce<f32, copy_bits = 32768, mode = tiled, kind = ADD, g_stride = <"()"> tma_gbasis = <"(32,32):(1@1,1@0)">>, !memref_smem_f32_4, !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">)
        nvvm.cp.async.bulk.commit.group
        nvvm.cp.async.bulk.wait_group 0 {read}
      }
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat326464641_FakeTensorFloat326464641(%arg0: !memref_gmem_f32, %arg1: !memref_gmem_f32) -> i32 attributes {llvm.emit_c_interface} {
    %iter = cute.get_iter(%arg0) : !memref_gmem_f32
    %iter_0 = cute.get_iter(%arg1) : !memref_gmem_f32
    %iter_1 = cute.get_iter(%arg0) : !memref_gmem_f32
    %iter_2 = cute.get_iter(%arg1) : !memref_gmem_f32
    %shape = cute.make_shape() : () -> !cute.shape<"(32,32)">
    %stride = cute.make_stride() : () -> !cute.stride<"(32,1)">
    %lay = cute.make_layout(%shape, %stride) : !cute.layout<"(32,32):(32,1)">
    %0 = cute.get_shape(%lay) : (!cute.layout<"(32,32):(32,1)">) -> !cute.shape<"(32,32)">
    %e0, %e1 = cute.get_leaves(%0) : !cute.shape<"(32,32)">
    %lay_3 = cute.get_layout(%arg0) : !memref_gmem_f32
    %1 = cute.get_shape(%lay_3) : (!cute.layout<"(64,64):(64,1)">) -> !cute.shape<"(64,64)">
    %e0_4, %e1_5 = cute.get_leaves(%1) : !cute.shape<"(64,64)">
    %shape_6 = cute.make_shape() : () -> !cute.shape<"(64,64)">
    %2 = cute.make_identity_layout(%shape_6) : !cute.layout<"(64,64):(1@0,1@1)">
    %tile = cute.make_tile() : () -> !cute.tile<"[32:1;32:1]">
    %3 = cute.composition(%2, %tile) : (!cute.layout<"(64,64):(1@0,1@1)">, !cute.tile<"[32:1;32:1]">) -> !cute.layout<"(32,32):(1@0,1@1)">
    %non_exec_atom, %tma_tensor = cute_nvgpu.atom.make_non_exec_tiled_tma_store(%arg0, %lay, %3) : (!memref_gmem_f32, !cute.layout<"(32,32):(32,1)">, !cute.layout<"(32,32):(1@0,1@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_store<f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">)
    %iter_7 = cute.get_iter(%tma_tensor) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
    %tup = cute.deref_arith_tuple_iter(%iter_7) : !cute.arith_tuple_iter<"(0,0)">
    %e0_8, %e1_9 = cute.get_leaves(%tup) : !cute.int_tuple<"(0,0)">
    %4 = cute.get_shape(%lay) : (!cute.layout<"(32,32):(32,1)">) -> !cute.shape<"(32,32)">
    %e0_10, %e1_11 = cute.get_leaves(%4) : !cute.shape<"(32,32)">
    %lay_12 = cute.get_layout(%arg1) : !memref_gmem_f32
    %5 = cute.get_shape(%lay_12) : (!cute.layout<"(64,64):(64,1)">) -> !cute.shape<"(64,64)">
    %e0_13, %e1_14 = cute.get_leaves(%5) : !cute.shape<"(64,64)">
    %shape_15 = cute.make_shape() : () -> !cute.shape<"(64,64)">
    %6 = cute.make_identity_layout(%shape_15) : !cute.layout<"(64,64):(1@0,1@1)">
    %tile_16 = cute.make_tile() : () -> !cute.tile<"[32:1;32:1]">
    %7 = cute.composition(%6, %tile_16) : (!cute.layout<"(64,64):(1@0,1@1)">, !cute.tile<"[32:1;32:1]">) -> !cute.layout<"(32,32):(1@0,1@1)">
    %non_exec_atom_17, %tma_tensor_18 = cute_nvgpu.atom.make_non_exec_tiled_tma_reduce(%arg1, %lay, %7) <{kind = <ADD>}> : (!memref_gmem_f32, !cute.layout<"(32,32):(32,1)">, !cute.layout<"(32,32):(1@0,1@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_reduce<ADD, f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">)
    %iter_19 = cute.get_iter(%tma_tensor_18) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
    %tup_20 = cute.deref_arith_tuple_iter(%iter_19) : !cute.arith_tuple_iter<"(0,0)">
    %e0_21, %e1_22 = cute.get_leaves(%tup_20) : !cute.int_tuple<"(0,0)">
    %8 = cute.static : !cute.layout<"1:0">
    %9 = cute.static : !cute.layout<"(1,1024):(0,1)">
    %10 = cute.static : !cute.layout<"(1,1024):(0,1)">
    %lay_23 = cute.get_layout(%tma_tensor) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
    %11 = cute.static : !cute.layout<"1:0">
    %12 = cute.static : !cute.layout<"(1,1024):(0,1)">
    %13 = cute.static : !cute.layout<"(1,1024):(0,1)">
    %lay_24 = cute.get_layout(%tma_tensor_18) : !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">
    %14 = cute.kernel_smem_size @kernels::@kernel_cutlass_store_reduce_kernel_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef32_tensor00o64641110_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef3_0 : i64
    %c232448_i64 = arith.constant 232448 : i64
    %15 = arith.cmpi sgt, %14, %c232448_i64 : i64
    scf.if %15 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_store_reduce_kernel_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef32_tensor00o64641110_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef3_0' launch shared memory exceeds current GPU arch sm_90a allowed. Allocated: {} bytes. Max: 232448 bytes.\0A\0A", %14) : i64
    }
    %c0_i64 = arith.constant 0 : i64
    %16 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %c32_i32 = arith.constant 32 : i32
    %c1_i32 = arith.constant 1 : i32
    %17 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c32_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %14, gridDim = (%c1_i32, %c1_i32, %c1_i32), stream = %16) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    %c0_i32 = arith.constant 0 : i32
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%17] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %c0_i32_25 = arith.constant 0 : i32
    cuda.launch_cfg.cooperative[%17] %c0_i32_25 : !cuda.launch_cfg<max_attrs = 17>, i32
    %18 = cuda.launch_ex @kernels::@kernel_cutlass_store_reduce_kernel_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef32_tensor00o64641110_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef3_0<%17> (%non_exec_atom, %tma_tensor, %non_exec_atom_17, %tma_tensor_18, %lay) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!cute_nvgpu.atom.non_exec_tiled_tma_store<f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute_nvgpu.atom.non_exec_tiled_tma_reduce<ADD, f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute.layout<"(32,32):(32,1)">) -> !cuda.result
    %19 = cuda.cast %18 : !cuda.result -> i32
    cuda.return_if_error %19 : i32
    %c0_i32_26 = arith.constant 0 : i32
    return %c0_i32_26 : i32
  }
}

