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
      %iter = cute.get_iter(%arg0) : !memref_gmem_f16
      %iter_0 = cute.get_iter(%arg1) : !memref_gmem_f16_1
      %iter_1 = cute.get_iter(%arg2) : !memref_gmem_f32
      %iter_2 = cute.get_iter(%arg0) : !memref_gmem_f16
      %iter_3 = cute.get_iter(%arg1) : !memref_gmem_f16_1
      %iter_4 = cute.get_iter(%arg2) : !memref_gmem_f32
      %lay = cute.get_layout(%arg0) : !memref_gmem_f16
      %lay_5 = cute.get_layout(%arg1) : !memref_gmem_f16_1
      %lay_6 = cute.get_layout(%arg2) : !memref_gmem_f32
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %1 = nvvm.read.ptx.sreg.tid.y : i32
      %2 = nvvm.read.ptx.sreg.tid.z : i32
      %shape = cute.make_shape() : () -> !cute.shape<"(16,16)">
      %stride = cute.make_stride() : () -> !cute.stride<"(16,1)">
      %lay_7 = cute.make_layout(%shape, %stride) : !cute.layout<"(16,16):(16,1)">
      %coord = cute.make_coord() : () -> !cute.coord<"0">
      %idx = cute.crd2idx(%coord, %lay_7) : (!cute.coord<"0">, !cute.layout<"(16,16):(16,1)">) -> !cute.int_tuple<"0">
      %e0 = cute.get_leaves(%idx) : !cute.int_tuple<"0">
      %cosz = cute.cosize(%lay_7) : (!cute.layout<"(16,16):(16,1)">) -> !cute.int_tuple<"256">
      %e0_8 = cute.get_leaves(%cosz) : !cute.int_tuple<"256">
      %shape_9 = cute.make_shape() : () -> !cute.shape<"512">
      %lay_10 = cute.make_layout(%shape_9) : !cute.layout<"512:1">
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter_11 = cute.get_iter(%smem) : !memref_smem_i8
      %iter_12 = cute.get_iter(%smem) : !memref_smem_i8
      %iter_13 = cute.recast_iter(%iter_12) : !cute.ptr<i8, smem, align<16>> to !cute.ptr<f16, smem, align<16>>
      %view = cute.make_view(%iter_13, %lay_7) : !memref_smem_f16
      %iter_14 = cute.get_iter(%view) : !memref_smem_f16
      %iter_15 = cute.get_iter(%view) : !memref_smem_f16
      %shape_16 = cute.make_shape() : () -> !cute.shape<"(8,16)">
      %stride_17 = cute.make_stride() : () -> !cute.stride<"(16,1)">
      %lay_18 = cute.make_layout(%shape_16, %stride_17) : !cute.layout<"(8,16):(16,1)">
      %coord_19 = cute.make_coord() : () -> !cute.coord<"0">
      %idx_20 = cute.crd2idx(%coord_19, %lay_18) : (!cute.coord<"0">, !cute.layout<"(8,16):(16,1)">) -> !cute.int_tuple<"0">
      %e0_21 = cute.get_leaves(%idx_20) : !cute.int_tuple<"0">
      %cosz_22 = cute.cosize(%lay_18) : (!cute.layout<"(8,16):(16,1)">) -> !cute.int_tuple<"128">
      %e0_23 = cute.get_leaves(%cosz_22) : !cute.int_tuple<"128">
      %shape_24 = cute.make_shape() : () -> !cute.shape<"256">
      %lay_25 = cute.make_layout(%shape_24) : !cute.layout<"256:1">
      %smem_26 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_1
      %iter_27 = cute.get_iter(%smem_26) : !memref_smem_i8_1
      %iter_28 = cute.get_iter(%smem_26) : !memref_smem_i8_1
      %iter_29 = cute.recast_iter(%iter_28) : !cute.ptr<i8, smem, align<16>> to !cute.ptr<f16, smem, align<16>>
      %view_30 = cute.make_view(%iter_29, %lay_18) : !memref_smem_f16_1
      %iter_31 = cute.get_iter(%view_30) : !memref_smem_f16_1
      %iter_32 = cute.get_iter(%view_30) : !memref_smem_f16_1
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>
      %shape_33 = cute.make_shape() : () -> !cute.shape<"(16,2)">
      %stride_34 = cute.make_stride() : () -> !cute.stride<"(2,1)">
      %lay_35 = cute.make_layout(%shape_33, %stride_34) : !cute.layout<"(16,2):(2,1)">
      %shape_36 = cute.make_shape() : () -> !cute.shape<"(1,8)">
      %lay_37 = cute.make_layout(%shape_36) : !cute.layout<"(1,8):(0,1)">
      %prod = cute.raked_product(%lay_35, %lay_37) : (!cute.layout<"(16,2):(2,1)">, !cute.layout<"(1,8):(0,1)">) -> !cute.layout<"(16,(8,2)):(2,(32,1))">
      %sz = cute.size(%lay_35) : (!cute.layout<"(16,2):(2,1)">) -> !cute.int_tuple<"32">
      %e0_38 = cute.get_leaves(%sz) : !cute.int_tuple<"32">
      %sz_39 = cute.size(%lay_37) : (!cute.layout<"(1,8):(0,1)">) -> !cute.int_tuple<"8">
      %e0_40 = cute.get_leaves(%sz_39) : !cute.int_tuple<"8">
      %shape_41 = cute.make_shape() : () -> !cute.shape<"(32,8)">
      %lay_42 = cute.make_layout(%shape_41) : !cute.layout<"(32,8):(1,32)">
      %rinv = cute.right_inverse(%prod) : (!cute.layout<"(16,(8,2)):(2,(32,1))">) -> !cute.layout<"(2,128):(128,1)">
      %3 = cute.composition(%rinv, %lay_42) : (!cute.layout<"(2,128):(128,1)">, !cute.layout<"(32,8):(1,32)">) -> !cute.layout<"((2,16),8):((128,1),16)">
      %4 = cute.get_shape(%prod) : (!cute.layout<"(16,(8,2)):(2,(32,1))">) -> !cute.shape<"(16,(8,2))">
      %e0_43, %e1, %e2 = cute.get_leaves(%4) : !cute.shape<"(16,(8,2))">
      %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"(16,(8,2))">
      %res = cute.tuple.product_each(%int_tuple) : (!cute.int_tuple<"(16,(8,2))">) -> !cute.int_tuple<"(16,16)">
      %e0_44, %e1_45 = cute.get_leaves(%res) : !cute.int_tuple<"(16,16)">
      %int_tuple_46 = cute.make_int_tuple() : () -> !cute.int_tuple<"(16,16)">
      %res_47 = cute.tuple.product_each(%int_tuple_46) : (!cute.int_tuple<"(16,16)">) -> !cute.int_tuple<"(16,16)">
      %e0_48, %e1_49 = cute.get_leaves(%res_47) : !cute.int_tuple<"(16,16)">
      %tile = cute.make_tile() : () -> !cute.tile<"[16:1;16:1]">
      %5 = cute.make_tiled_copy(%atom) : !copy_ldgsts
      %coord_50 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned = cute.tiled.copy.partition_S(%5, %arg0, %coord_50) : (!copy_ldgsts, !memref_gmem_f16, !cute.coord<"?">) -> !memref_gmem_f16_2
      %iter_51 = cute.get_iter(%src_partitioned) : !memref_gmem_f16_2
      %coord_52 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %dst_partitioned = cute.tiled.copy.partition_D(%5, %view, %coord_52) : (!copy_ldgsts, !memref_smem_f16, !cute.coord<"?">) -> !memref_smem_f16_2
      %iter_53 = cute.get_iter(%dst_partitioned) : !memref_smem_f16_2
      %lay_54 = cute.get_layout(%src_partitioned) : !memref_gmem_f16_2
      %6 = cute.get_shape(%lay_54) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_55, %e1_56, %e2_57, %e3 = cute.get_leaves(%6) : !cute.shape<"((8,1),1,1)">
      %lay_58 = cute.get_layout(%dst_partitioned) : !memref_smem_f16_2
      %7 = cute.get_shape(%lay_58) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_59, %e1_60, %e2_61, %e3_62 = cute.get_leaves(%7) : !cute.shape<"((8,1),1,1)">
      %shape_63 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_64 = cute.make_layout(%shape_63) : !cute.layout<"1:0">
      %append = cute.append_to_rank<2> (%lay_54, %lay_64) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_65 = cute.make_view(%iter_51, %append) : !memref_gmem_f16_2
      %iter_66 = cute.get_iter(%view_65) : !memref_gmem_f16_2
      %lay_67 = cute.get_layout(%view_65) : !memref_gmem_f16_2
      %8 = cute.get_shape(%lay_67) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_68, %e1_69, %e2_70, %e3_71 = cute.get_leaves(%8) : !cute.shape<"((8,1),1,1)">
      %grouped = cute.group_modes(%view_65) <1, 3> : (!memref_gmem_f16_2) -> !memref_gmem_f16_3
      %iter_72 = cute.get_iter(%grouped) : !memref_gmem_f16_3
      %iter_73 = cute.get_iter(%grouped) : !memref_gmem_f16_3
      %shape_74 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_75 = cute.make_layout(%shape_74) : !cute.layout<"1:0">
      %append_76 = cute.append_to_rank<2> (%lay_58, %lay_75) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_77 = cute.make_view(%iter_53, %append_76) : !memref_smem_f16_2
      %iter_78 = cute.get_iter(%view_77) : !memref_smem_f16_2
      %lay_79 = cute.get_layout(%view_77) : !memref_smem_f16_2
      %9 = cute.get_shape(%lay_79) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_80, %e1_81, %e2_82, %e3_83 = cute.get_leaves(%9) : !cute.shape<"((8,1),1,1)">
      %grouped_84 = cute.group_modes(%view_77) <1, 3> : (!memref_smem_f16_2) -> !memref_smem_f16_3
      %iter_85 = cute.get_iter(%grouped_84) : !memref_smem_f16_3
      %iter_86 = cute.get_iter(%grouped_84) : !memref_smem_f16_3
      %lay_87 = cute.get_layout(%grouped) : !memref_gmem_f16_3
      %10 = cute.get_shape(%lay_87) : (!cute.layout<"((8,1),(1,1)):((1,0),(0,0))">) -> !cute.shape<"((8,1),(1,1))">
      %e0_88, %e1_89, %e2_90, %e3_91 = cute.get_leaves(%10) : !cute.shape<"((8,1),(1,1))">
      %lay_92 = cute.get_layout(%grouped_84) : !memref_smem_f16_3
      %11 = cute.get_shape(%lay_92) : (!cute.layout<"((8,1),(1,1)):((1,0),(0,0))">) -> !cute.shape<"((8,1),(1,1))">
      %e0_93, %e1_94, %e2_95, %e3_96 = cute.get_leaves(%11) : !cute.shape<"((8,1),(1,1))">
      %sz_97 = cute.size(%grouped) <{mode = [1]}> : (!memref_gmem_f16_3) -> !cute.int_tuple<"1">
      %e0_98 = cute.get_leaves(%sz_97) : !cute.int_tuple<"1">
      %sz_99 = cute.size(%grouped_84) <{mode = [1]}> : (!memref_smem_f16_3) -> !cute.int_tuple<"1">
      %e0_100 = cute.get_leaves(%sz_99) : !cute.int_tuple<"1">
      cute.copy(%5, %grouped, %grouped_84) : (!copy_ldgsts, !memref_gmem_f16_3, !memref_smem_f16_3)
      %coord_101 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned_102 = cute.tiled.copy.partition_S(%5, %arg1, %coord_101) : (!copy_ldgsts, !memref_gmem_f16_1, !cute.coord<"?">) -> !memref_gmem_f16_2
      %iter_103 = cute.get_iter(%src_partitioned_102) : !memref_gmem_f16_2
      %coord_104 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %dst_partitioned_105 = cute.tiled.copy.partition_D(%5, %view_30, %coord_104) : (!copy_ldgsts, !memref_smem_f16_1, !cute.coord<"?">) -> !memref_smem_f16_2
      %iter_106 = cute.get_iter(%dst_partitioned_105) : !memref_smem_f16_2
      %lay_107 = cute.get_layout(%src_partitioned_102) : !memref_gmem_f16_2
      %12 = cute.get_shape(%lay_107) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_108, %e1_109, %e2_110, %e3_111 = cute.get_leaves(%12) : !cute.shape<"((8,1),1,1)">
      %lay_112 = cute.get_layout(%dst_partitioned_105) : !memref_smem_f16_2
      %13 = cute.get_shape(%lay_112) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_113, %e1_114, %e2_115, %e3_116 = cute.get_leaves(%13) : !cute.shape<"((8,1),1,1)">
      %shape_117 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_118 = cute.make_layout(%shape_117) : !cute.layout<"1:0">
      %append_119 = cute.append_to_rank<2> (%lay_107, %lay_118) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_120 = cute.make_view(%iter_103, %append_119) : !memref_gmem_f16_2
      %iter_121 = cute.get_iter(%view_120) : !memref_gmem_f16_2
      %lay_122 = cute.get_layout(%view_120) : !memref_gmem_f16_2
      %14 = cute.get_shape(%lay_122) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_123, %e1_124, %e2_125, %e3_126 = cute.get_leaves(%14) : !cute.shape<"((8,1),1,1)">
      %grouped_127 = cute.group_modes(%view_120) <1, 3> : (!memref_gmem_f16_2) -> !memref_gmem_f16_3
      %iter_128 = cute.get_iter(%grouped_127) : !memref_gmem_f16_3
      %iter_129 = cute.get_iter(%grouped_127) : !memref_gmem_f16_3
      %shape_130 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_131 = cute.make_layout(%shape_130) : !cute.layout<"1:0">
      %append_132 = cute.append_to_rank<2> (%lay_112, %lay_131) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_133 = cute.make_view(%iter_106, %append_132) : !memref_smem_f16_2
      %iter_134 = cute.get_iter(%view_133) : !memref_smem_f16_2
      %lay_135 = cute.get_layout(%view_133) : !memref_smem_f16_2
      %15 = cute.get_shape(%lay_135) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_136, %e1_137, %e2_138, %e3_139 = cute.get_leaves(%15) : !cute.shape<"((8,1),1,1)">
      %grouped_140 = cute.group_modes(%view_133) <1, 3> : (!memref_smem_f16_2) -> !memref_smem_f16_3
      %iter_141 = cute.get_iter(%grouped_140) : !memref_smem_f16_3
      %iter_142 = cute.get_iter(%grouped_140) : !memref_smem_f16_3
      %lay_143 = cute.get_layout(%grouped_127) : !memref_gmem_f16_3
      %16 = cute.get_shape(%lay_143) : (!cute.layout<"((8,1),(1,1)):((1,0),(0,0))">) -> !cute.shape<"((8,1),(1,1))">
      %e0_144, %e1_145, %e2_146, %e3_147 = cute.get_leaves(%16) : !cute.shape<"((8,1),(1,1))">
      %lay_148 = cute.get_layout(%grouped_140) : !memref_smem_f16_3
      %17 = cute.get_shape(%lay_148) : (!cute.layout<"((8,1),(1,1)):((1,0),(0,0))">) -> !cute.shape<"((8,1),(1,1))">
      %e0_149, %e1_150, %e2_151, %e3_152 = cute.get_leaves(%17) : !cute.shape<"((8,1),(1,1))">
      %sz_153 = cute.size(%grouped_127) <{mode = [1]}> : (!memref_gmem_f16_3) -> !cute.int_tuple<"1">
      %e0_154 = cute.get_leaves(%sz_153) : !cute.int_tuple<"1">
      %sz_155 = cute.size(%grouped_140) <{mode = [1]}> : (!memref_smem_f16_3) -> !cute.int_tuple<"1">
      %e0_156 = cute.get_leaves(%sz_155) : !cute.int_tuple<"1">
      cute.copy(%5, %grouped_127, %grouped_140) : (!copy_ldgsts, !memref_gmem_f16_3, !memref_smem_f16_3)
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      nvvm.barrier
      %shape_157 = cute.make_shape() : () -> !cute.shape<"(16,8,16)">
      %atom_158 = cute.make_atom() : () -> !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32) >
      %shape_159 = cute.make_shape() : () -> !cute.shape<"(1,1,1)">
      %lay_160 = cute.make_layout(%shape_159) : !cute.layout<"(1,1,1):(0,0,0)">
      %18 = cute.get_shape(%lay_160) : (!cute.layout<"(1,1,1):(0,0,0)">) -> !cute.shape<"(1,1,1)">
      %e0_161, %e1_162, %e2_163 = cute.get_leaves(%18) : !cute.shape<"(1,1,1)">
      %19 = cute.make_tiled_mma(%atom_158) : !mma_f16_f16_f32_16x8x16
      %coord_164 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %ptn_A = cute.tiled.mma.partition A (%19, %view, %coord_164) : (!mma_f16_f16_f32_16x8x16, !memref_smem_f16, !cute.coord<"?">) -> !memref_smem_f16_4
      %iter_165 = cute.get_iter(%ptn_A) : !memref_smem_f16_4
      %frg_A = cute.mma.make_fragment A (%19, %ptn_A) : (!mma_f16_f16_f32_16x8x16, !memref_smem_f16_4) -> !memref_rmem_f16
      %iter_166 = cute.get_iter(%frg_A) : !memref_rmem_f16
      %coord_167 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %ptn_B = cute.tiled.mma.partition B (%19, %view_30, %coord_167) : (!mma_f16_f16_f32_16x8x16, !memref_smem_f16_1, !cute.coord<"?">) -> !memref_smem_f16_5
      %iter_168 = cute.get_iter(%ptn_B) : !memref_smem_f16_5
      %frg_B = cute.mma.make_fragment B (%19, %ptn_B) : (!mma_f16_f16_f32_16x8x16, !memref_smem_f16_5) -> !memref_rmem_f16_1
      %iter_169 = cute.get_iter(%frg_B) : !memref_rmem_f16_1
      %coord_170 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %ptn_C = cute.tiled.mma.partition C (%19, %arg2, %coord_170) : (!mma_f16_f16_f32_16x8x16, !memref_gmem_f32, !cute.coord<"?">) -> !memref_gmem_f32_1
      %iter_171 = cute.get_iter(%ptn_C) : !memref_gmem_f32_1
      %frg_C = cute.mma.make_fragment C (%19, %ptn_C) : (!mma_f16_f16_f32_16x8x16, !memref_gmem_f32_1) -> !memref_rmem_f32
      %iter_172 = cute.get_iter(%frg_C) : !memref_rmem_f32
      %lay_173 = cute.get_layout(%frg_C) : !memref_rmem_f32
      %sz_174 = cute.size(%frg_C) : (!memref_rmem_f32) -> !cute.int_tuple<"4">
      %e0_175 = cute.get_leaves(%sz_174) : !cute.int_tuple<"4">
      %20 = cute.get_shape(%lay_173) : (!cute.layout<"((2,2),1,1):((1,2),0,0)">) -> !cute.shape<"((2,2),1,1)">
      %e0_176, %e1_177, %e2_178, %e3_179 = cute.get_leaves(%20) : !cute.shape<"((2,2),1,1)">
      %int_tuple_180 = cute.make_int_tuple() : () -> !cute.int_tuple<"((2,2),1,1)">
      %res_181 = cute.tuple.product(%int_tuple_180) : (!cute.int_tuple<"((2,2),1,1)">) -> !cute.int_tuple<"4">
      %e0_182 = cute.get_leaves(%res_181) : !cute.int_tuple<"4">
      %cst = arith.constant 0.000000e+00 : f32
      %21 = vector.broadcast %cst : f32 to vector<4xf32>
      %int_tuple_183 = cute.make_int_tuple() : () -> !cute.int_tuple<"((2,2),1,1)">
      %sz_184 = cute.size(%int_tuple_183) : (!cute.int_tuple<"((2,2),1,1)">) -> !cute.int_tuple<"4">
      %e0_185 = cute.get_leaves(%sz_184) : !cute.int_tuple<"4">
      %int_tuple_186 = cute.make_int_tuple() : () -> !cute.int_tuple<"((2,2),1,1)">
      %sz_187 = cute.size(%int_tuple_186) : (!cute.int_tuple<"((2,2),1,1)">) -> !cute.int_tuple<"4">
      %e0_188 = cute.get_leaves(%sz_187) : !cute.int_tuple<"4">
      cute.memref.store_vec(%21, %frg_C) : (vector<4xf32>, !memref_rmem_f32) -> ()
      %shape_189 = cute.make_shape() : () -> !cute.shape<"(8,8)">
      %atom_190 = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>
      %22 = cute.static : !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">
      %23 = cute.static : !cute.tile<"[_;_;_]">
      %e0_191, %e1_192, %e2_193 = cute.get_leaves(%23) : !cute.tile<"[_;_;_]">
      %24 = cute.static : !cute.layout<"(32,1,1,1):(1,0,0,0)">
      %25 = cute.static : !cute.shape<"(16,8,16)">
      %e0_194, %e1_195, %e2_196 = cute.get_leaves(%25) : !cute.shape<"(16,8,16)">
      %int_tuple_197 = cute.make_int_tuple() : () -> !cute.int_tuple<"(16,8,16)">
      %sz_198 = cute.size(%int_tuple_197) <{mode = [0]}> : (!cute.int_tuple<"(16,8,16)">) -> !cute.int_tuple<"16">
      %e0_199 = cute.get_leaves(%sz_198) : !cute.int_tuple<"16">
      %sz_200 = cute.size(%24) <{mode = [1]}> : (!cute.layout<"(32,1,1,1):(1,0,0,0)">) -> !cute.int_tuple<"1">
      %e0_201 = cute.get_leaves(%sz_200) : !cute.int_tuple<"1">
      %26 = cute.static : !cute.tile<"[_;_;_]">
      %e0_202, %e1_203, %e2_204 = cute.get_leaves(%26) : !cute.tile<"[_;_;_]">
      %27 = cute.static : !cute.layout<"(32,1,1,1):(1,0,0,0)">
      %28 = cute.static : !cute.shape<"(16,8,16)">
      %e0_205, %e1_206, %e2_207 = cute.get_leaves(%28) : !cute.shape<"(16,8,16)">
      %int_tuple_208 = cute.make_int_tuple() : () -> !cute.int_tuple<"(16,8,16)">
      %sz_209 = cute.size(%int_tuple_208) <{mode = [2]}> : (!cute.int_tuple<"(16,8,16)">) -> !cute.int_tuple<"16">
      %e0_210 = cute.get_leaves(%sz_209) : !cute.int_tuple<"16">
      %sz_211 = cute.size(%27) <{mode = [3]}> : (!cute.layout<"(32,1,1,1):(1,0,0,0)">) -> !cute.int_tuple<"1">
      %e0_212 = cute.get_leaves(%sz_211) : !cute.int_tuple<"1">
      %tile_213 = cute.make_tile() : () -> !cute.tile<"[16:1;16:1]">
      %29 = cute.make_tiled_copy(%atom_190) : !copy_ldsm_4
      %shape_214 = cute.make_shape() : () -> !cute.shape<"(8,8)">
      %atom_215 = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 2, n>
      %30 = cute.static : !cute.layout<"((4,8),((2,2),(1,1))):((16,1),((8,64),(0,0)))">
      %31 = cute.static : !cute.tile<"[_;_;_]">
      %e0_216, %e1_217, %e2_218 = cute.get_leaves(%31) : !cute.tile<"[_;_;_]">
      %32 = cute.static : !cute.layout<"(32,1,1,1):(1,0,0,0)">
      %33 = cute.static : !cute.shape<"(16,8,16)">
      %e0_219, %e1_220, %e2_221 = cute.get_leaves(%33) : !cute.shape<"(16,8,16)">
      %int_tuple_222 = cute.make_int_tuple() : () -> !cute.int_tuple<"(16,8,16)">
      %sz_223 = cute.size(%int_tuple_222) <{mode = [1]}> : (!cute.int_tuple<"(16,8,16)">) -> !cute.int_tuple<"8">
      %e0_224 = cute.get_leaves(%sz_223) : !cute.int_tuple<"8">
      %sz_225 = cute.size(%32) <{mode = [2]}> : (!cute.layout<"(32,1,1,1):(1,0,0,0)">) -> !cute.int_tuple<"1">
      %e0_226 = cute.get_leaves(%sz_225) : !cute.int_tuple<"1">
      %34 = cute.static : !cute.tile<"[_;_;_]">
      %e0_227, %e1_228, %e2_229 = cute.get_leaves(%34) : !cute.tile<"[_;_;_]">
      %35 = cute.static : !cute.layout<"(32,1,1,1):(1,0,0,0)">
      %36 = cute.static : !cute.shape<"(16,8,16)">
      %e0_230, %e1_231, %e2_232 = cute.get_leaves(%36) : !cute.shape<"(16,8,16)">
      %int_tuple_233 = cute.make_int_tuple() : () -> !cute.int_tuple<"(16,8,16)">
      %sz_234 = cute.size(%int_tuple_233) <{mode = [2]}> : (!cute.int_tuple<"(16,8,16)">) -> !cute.int_tuple<"16">
      %e0_235 = cute.get_leaves(%sz_234) : !cute.int_tuple<"16">
      %sz_236 = cute.size(%35) <{mode = [3]}> : (!cute.layout<"(32,1,1,1):(1,0,0,0)">) -> !cute.int_tuple<"1">
      %e0_237 = cute.get_leaves(%sz_236) : !cute.int_tuple<"1">
      %tile_238 = cute.make_tile() : () -> !cute.tile<"[8:1;16:1]">
      %37 = cute.make_tiled_copy(%atom_215) : !copy_ldsm_2
      %coord_239 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned_240 = cute.tiled.copy.partition_S(%29, %view, %coord_239) : (!copy_ldsm_4, !memref_smem_f16, !cute.coord<"?">) -> !memref_smem_f16_2
      %iter_241 = cute.get_iter(%src_partitioned_240) : !memref_smem_f16_2
      %retiled = cute.tiled.copy.retile(%29, %frg_A) : (!copy_ldsm_4, !memref_rmem_f16) -> !memref_rmem_f16_2
      %iter_242 = cute.get_iter(%retiled) : !memref_rmem_f16_2
      %lay_243 = cute.get_layout(%src_partitioned_240) : !memref_smem_f16_2
      %38 = cute.get_shape(%lay_243) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_244, %e1_245, %e2_246, %e3_247 = cute.get_leaves(%38) : !cute.shape<"((8,1),1,1)">
      %lay_248 = cute.get_layout(%retiled) : !memref_rmem_f16_2
      %39 = cute.get_shape(%lay_248) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_249, %e1_250, %e2_251, %e3_252 = cute.get_leaves(%39) : !cute.shape<"((8,1),1,1)">
      %shape_253 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_254 = cute.make_layout(%shape_253) : !cute.layout<"1:0">
      %append_255 = cute.append_to_rank<2> (%lay_243, %lay_254) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_256 = cute.make_view(%iter_241, %append_255) : !memref_smem_f16_2
      %iter_257 = cute.get_iter(%view_256) : !memref_smem_f16_2
      %lay_258 = cute.get_layout(%view_256) : !memref_smem_f16_2
      %40 = cute.get_shape(%lay_258) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_259, %e1_260, %e2_261, %e3_262 = cute.get_leaves(%40) : !cute.shape<"((8,1),1,1)">
      %grouped_263 = cute.group_modes(%view_256) <1, 3> : (!memref_smem_f16_2) -> !memref_smem_f16_3
      %iter_264 = cute.get_iter(%grouped_263) : !memref_smem_f16_3
      %iter_265 = cute.get_iter(%grouped_263) : !memref_smem_f16_3
      %shape_266 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_267 = cute.make_layout(%shape_266) : !cute.layout<"1:0">
      %append_268 = cute.append_to_rank<2> (%lay_248, %lay_267) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_269 = cute.make_view(%iter_242, %append_268) : !memref_rmem_f16_2
      %iter_270 = cute.get_iter(%view_269) : !memref_rmem_f16_2
      %lay_271 = cute.get_layout(%view_269) : !memref_rmem_f16_2
      %41 = cute.get_shape(%lay_271) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_272, %e1_273, %e2_274, %e3_275 = cute.get_leaves(%41) : !cute.shape<"((8,1),1,1)">
      %grouped_276 = cute.group_modes(%view_269) <1, 3> : (!memref_rmem_f16_2) -> !memref_rmem_f16_3
      %iter_277 = cute.get_iter(%grouped_276) : !memref_rmem_f16_3
      %iter_278 = cute.get_iter(%grouped_276) : !memref_rmem_f16_3
      %lay_279 = cute.get_layout(%grouped_263) : !memref_smem_f16_3
      %42 = cute.get_shape(%lay_279) : (!cute.layout<"((8,1),(1,1)):((1,0),(0,0))">) -> !cute.shape<"((8,1),(1,1))">
      %e0_280, %e1_281, %e2_282, %e3_283 = cute.get_leaves(%42) : !cute.shape<"((8,1),(1,1))">
      %lay_284 = cute.get_layout(%grouped_276) : !memref_rmem_f16_3
      %43 = cute.get_shape(%lay_284) : (!cute.layout<"((8,1),(1,1)):((1,0),(0,0))">) -> !cute.shape<"((8,1),(1,1))">
      %e0_285, %e1_286, %e2_287, %e3_288 = cute.get_leaves(%43) : !cute.shape<"((8,1),(1,1))">
      %sz_289 = cute.size(%grouped_263) <{mode = [1]}> : (!memref_smem_f16_3) -> !cute.int_tuple<"1">
      %e0_290 = cute.get_leaves(%sz_289) : !cute.int_tuple<"1">
      %sz_291 = cute.size(%grouped_276) <{mode = [1]}> : (!memref_rmem_f16_3) -> !cute.int_tuple<"1">
      %e0_292 = cute.get_leaves(%sz_291) : !cute.int_tuple<"1">
      cute.copy(%29, %grouped_263, %grouped_276) : (!copy_ldsm_4, !memref_smem_f16_3, !memref_rmem_f16_3)
      %coord_293 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned_294 = cute.tiled.copy.partition_S(%37, %view_30, %coord_293) : (!copy_ldsm_2, !memref_smem_f16_1, !cute.coord<"?">) -> !memref_smem_f16_2
      %iter_295 = cute.get_iter(%src_partitioned_294) : !memref_smem_f16_2
      %retiled_296 = cute.tiled.copy.retile(%37, %frg_B) : (!copy_ldsm_2, !memref_rmem_f16_1) -> !memref_rmem_f16_4
      %iter_297 = cute.get_iter(%retiled_296) : !memref_rmem_f16_4
      %lay_298 = cute.get_layout(%src_partitioned_294) : !memref_smem_f16_2
      %44 = cute.get_shape(%lay_298) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_299, %e1_300, %e2_301, %e3_302 = cute.get_leaves(%44) : !cute.shape<"((8,1),1,1)">
      %lay_303 = cute.get_layout(%retiled_296) : !memref_rmem_f16_4
      %45 = cute.get_shape(%lay_303) : (!cute.layout<"((4,1),1,1):((1,0),0,0)">) -> !cute.shape<"((4,1),1,1)">
      %e0_304, %e1_305, %e2_306, %e3_307 = cute.get_leaves(%45) : !cute.shape<"((4,1),1,1)">
      %shape_308 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_309 = cute.make_layout(%shape_308) : !cute.layout<"1:0">
      %append_310 = cute.append_to_rank<2> (%lay_298, %lay_309) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_311 = cute.make_view(%iter_295, %append_310) : !memref_smem_f16_2
      %iter_312 = cute.get_iter(%view_311) : !memref_smem_f16_2
      %lay_313 = cute.get_layout(%view_311) : !memref_smem_f16_2
      %46 = cute.get_shape(%lay_313) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_314, %e1_315, %e2_316, %e3_317 = cute.get_leaves(%46) : !cute.shape<"((8,1),1,1)">
      %grouped_318 = cute.group_modes(%view_311) <1, 3> : (!memref_smem_f16_2) -> !memref_smem_f16_3
      %iter_319 = cute.get_iter(%grouped_318) : !memref_smem_f16_3
      %iter_320 = cute.get_iter(%grouped_318) : !memref_smem_f16_3
      %shape_321 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_322 = cute.make_layout(%shape_321) : !cute.layout<"1:0">
      %append_323 = cute.append_to_rank<2> (%lay_303, %lay_322) : !cute.layout<"((4,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_324 = cute.make_view(%iter_297, %append_323) : !memref_rmem_f16_4
      %iter_325 = cute.get_iter(%view_324) : !memref_rmem_f16_4
      %lay_326 = cute.get_layout(%view_324) : !memref_rmem_f16_4
      %47 = cute.get_shape(%lay_326) : (!cute.layout<"((4,1),1,1):((1,0),0,0)">) -> !cute.shape<"((4,1),1,1)">
      %e0_327, %e1_328, %e2_329, %e3_330 = cute.get_leaves(%47) : !cute.shape<"((4,1),1,1)">
      %grouped_331 = cute.group_modes(%view_324) <1, 3> : (!memref_rmem_f16_4) -> !memref_rmem_f16_5
      %iter_332 = cute.get_iter(%grouped_331) : !memref_rmem_f16_5
      %iter_333 = cute.get_iter(%grouped_331) : !memref_rmem_f16_5
      %lay_334 = cute.get_layout(%grouped_318) : !memref_smem_f16_3
      %48 = cute.get_shape(%lay_334) : (!cute.layout<"((8,1),(1,1)):((1,0),(0,0))">) -> !cute.shape<"((8,1),(1,1))">
      %e0_335, %e1_336, %e2_337, %e3_338 = cute.get_leaves(%48) : !cute.shape<"((8,1),(1,1))">
      %lay_339 = cute.get_layout(%grouped_331) : !memref_rmem_f16_5
      %49 = cute.get_shape(%lay_339) : (!cute.layout<"((4,1),(1,1)):((1,0),(0,0))">) -> !cute.shape<"((4,1),(1,1))">
      %e0_340, %e1_341, %e2_342, %e3_343 = cute.get_leaves(%49) : !cute.shape<"((4,1),(1,1))">
      %sz_344 = cute.size(%grouped_318) <{mode = [1]}> : (!memref_smem_f16_3) -> !cute.int_tuple<"1">
      %e0_345 = cute.get_leaves(%sz_344) : !cute.int_tuple<"1">
      %sz_346 = cute.size(%grouped_331) <{mode = [1]}> : (!memref_rmem_f16_5) -> !cute.int_tuple<"1">
      %e0_347 = cute.get_leaves(%sz_346) : !cute.int_tuple<"1">
      cute.copy(%37, %grouped_318, %grouped_331) : (!copy_ldsm_2, !memref_smem_f16_3, !memref_rmem_f16_5)
      %lay_348 = cute.get_layout(%frg_A) : !memref_rmem_f16
      %50 = cute.get_shape(%lay_348) : (!cute.layout<"((2,2,2),1,1):((1,2,4),0,0)">) -> !cute.shape<"((2,2,2),1,1)">
      %e0_349, %e1_350, %e2_351, %e3_352, %e4 = cute.get_leaves(%50) : !cute.shape<"((2,2,2),1,1)">
      %lay_353 = cute.get_layout(%frg_B) : !memref_rmem_f16_1
      %51 = cute.get_shape(%lay_353) : (!cute.layout<"((2,2),1,1):((1,2),0,0)">) -> !cute.shape<"((2,2),1,1)">
      %e0_354, %e1_355, %e2_356, %e3_357 = cute.get_leaves(%51) : !cute.shape<"((2,2),1,1)">
      cute.gemm(%19, %frg_C, %frg_A, %frg_B, %frg_C) : (!mma_f16_f16_f32_16x8x16, !memref_rmem_f32, !memref_rmem_f16, !memref_rmem_f16_1, !memref_rmem_f32)
      %lay_358 = cute.get_layout(%ptn_C) : !memref_gmem_f32_1
      %52 = cute.get_shape(%lay_358) : (!cute.layout<"((2,2),1,1):((1,64),0,0)">) -> !cute.shape<"((2,2),1,1)">
      %e0_359, %e1_360, %e2_361, %e3_362 = cute.get_leaves(%52) : !cute.shape<"((2,2),1,1)">
      %rinv_363 = cute.right_inverse(%lay_358) : (!cute.layout<"((2,2),1,1):((1,64),0,0)">) -> !cute.layout<"2:1">
      %53 = cute.composition(%lay_173, %rinv_363) : (!cute.layout<"((2,2),1,1):((1,2),0,0)">, !cute.layout<"2:1">) -> !cute.layout<"2:1">
      %coalesce = cute.coalesce(%53) : (!cute.layout<"2:1">) -> !cute.layout<"2:1">
      %54 = cute.get_shape(%coalesce) : (!cute.layout<"2:1">) -> !cute.shape<"2">
      %e0_364 = cute.get_leaves(%54) : !cute.shape<"2">
      %55 = cute.get_stride(%coalesce) : (!cute.layout<"2:1">) -> !cute.stride<"1">
      %e0_365 = cute.get_leaves(%55) : !cute.stride<"1">
      %56 = cute.get_shape(%coalesce) : (!cute.layout<"2:1">) -> !cute.shape<"2">
      %e0_366 = cute.get_leaves(%56) : !cute.shape<"2">
      %57 = cute.get_shape(%coalesce) : (!cute.layout<"2:1">) -> !cute.shape<"2">
      %e0_367 = cute.get_leaves(%57) : !cute.shape<"2">
      %58 = cute.composition(%rinv_363, %coalesce) : (!cute.layout<"2:1">, !cute.layout<"2:1">) -> !cute.layout<"2:1">
      %sz_368 = cute.size(%58) : (!cute.layout<"2:1">) -> !cute.int_tuple<"2">
      %e0_369 = cute.get_leaves(%sz_368) : !cute.int_tuple<"2">
      %div = cute.logical_divide(%frg_C, %58) : !memref_rmem_f32, !cute.layout<"2:1">
      %iter_370 = cute.get_iter(%div) : !memref_rmem_f32_1
      %iter_371 = cute.get_iter(%div) : !memref_rmem_f32_1
      %div_372 = cute.logical_divide(%ptn_C, %58) : !memref_gmem_f32_1, !cute.layout<"2:1">
      %iter_373 = cute.get_iter(%div_372) : !memref_gmem_f32_2
      %iter_374 = cute.get_iter(%div_372) : !memref_gmem_f32_2
      %shape_375 = cute.make_shape() : () -> !cute.shape<"2">
      %lay_376 = cute.make_layout(%shape_375) : !cute.layout<"2:1">
      %div_377 = cute.logical_divide(%div, %lay_376) : !memref_rmem_f32_1, !cute.layout<"2:1">
      %iter_378 = cute.get_iter(%div_377) : !memref_rmem_f32_1
      %iter_379 = cute.get_iter(%div_377) : !memref_rmem_f32_1
      %shape_380 = cute.make_shape() : () -> !cute.shape<"2">
      %lay_381 = cute.make_layout(%shape_380) : !cute.layout<"2:1">
      %div_382 = cute.logical_divide(%div_372, %lay_381) : !memref_gmem_f32_2, !cute.layout<"2:1">
      %iter_383 = cute.get_iter(%div_382) : !memref_gmem_f32_2
      %iter_384 = cute.get_iter(%div_382) : !memref_gmem_f32_2
      %atom_385 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 64 b>
      cute.copy(%atom_385, %div_377, %div_382) : (!cute_nvgpu.atom.universal_copy<f32, 64 b>, !memref_rmem_f32_1, !memref_gmem_f32_2)
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat161616161_FakeTensorFloat16816161_FakeTensorFloat3216881(%arg0: !memref_gmem_f16, %arg1: !memref_gmem_f16_1, %arg2: !memref_gmem_f32) -> i32 attributes {llvm.emit_c_interface} {
    %iter = cute.get_iter(%arg0) : !memref_gmem_f16
    %iter_0 = cute.get_iter(%arg1) : !memref_gmem_f16_1
    %iter_1 = cute.get_iter(%arg2) : !memref_gmem_f32
    %iter_2 = cute.get_iter(%arg0) : !memref_gmem_f16
    %iter_3 = cute.get_iter(%arg1) : !memref_gmem_f16_1
    %iter_4 = cute.get_iter(%arg2) : !memref_gmem_f32
    %lay = cute.get_layout(%arg0) : !memref_gmem_f16
    %lay_5 = cute.get_layout(%arg1) : !memref_gmem_f16_1
    %lay_6 = cute.get_layout(%arg2) : !memref_gmem_f32
    %0 = cute.kernel_smem_size @kernels::@kernel_cutlass_ampere_kernel_tensorptrf16gmemalign16o1616161_tensorptrf16gmemalign16o816161_tensorptrf32gmemalign16o16881_0 : i64
    %c166912_i64 = arith.constant 166912 : i64
    %1 = arith.cmpi sgt, %0, %c166912_i64 : i64
    scf.if %1 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_ampere_kernel_tensorptrf16gmemalign16o1616161_tensorptrf16gmemalign16o816161_tensorptrf32gmemalign16o16881_0' launch shared memory exceeds current GPU arch sm_80 allowed. Allocated: {} bytes. Max: 166912 bytes.\0A\0A", %0) : i64
    }
    %c0_i64 = arith.constant 0 : i64
    %2 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %c32_i32 = arith.constant 32 : i32
    %c1_i32 = arith.constant 1 : i32
    %3 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c32_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %0, gridDim = (%c1_i32, %c1_i32, %c1_i32), stream = %2) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    %c0_i32 = arith.constant 0 : i32
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%3] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %c0_i32_7 = arith.constant 0 : i32
    cuda.launch_cfg.cooperative[%3] %c0_i32_7 : !cuda.launch_cfg<max_attrs = 17>, i32
    %4 = cuda.launch_ex @kernels::@kernel_cutlass_ampere_kernel_tensorptrf16gmemalign16o1616161_tensorptrf16gmemalign16o816161_tensorptrf32gmemalign16o16881_0<%3> (%arg0, %arg1, %arg2) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!memref_gmem_f16, !memref_gmem_f16_1, !memref_gmem_f32) -> !cuda.result
    %5 = cuda.cast %4 : !cuda.result -> i32
    cuda.return_if_error %5 : i32
    %c0_i32_8 = arith.constant 0 : i32
    return %c0_i32_8 : i32
  }
}

