!copy_stsm_1 = !cute.tiled_copy<!cute_nvgpu.atom.stsm<bf16, mode = <"(16,8)">, num_matrices = 1, t>, layout_copy_tv = <"((4,4),(1,2,2)):((16,1),(1,8,4))">, tiler_mn = <"[16:1;8:1]">>
!copy_stsm_1_1 = !cute.tiled_copy<!cute_nvgpu.atom.stsm<f32, mode = <"(16,8)">, num_matrices = 1, t>, layout_copy_tv = <"((4,2),(1,2,2)):((8,1),(1,4,2))">, tiler_mn = <"[16:1;8:1]">>
!copy_stsm_2 = !cute.tiled_copy<!cute_nvgpu.atom.stsm<bf16, mode = <"(16,8)">, num_matrices = 2, t>, layout_copy_tv = <"((4,4),(1,2,2,2)):((16,1),(1,8,4,64))">, tiler_mn = <"[16:1;16:1]">>
!memref_gmem_bf16 = !cute.memref<bf16, gmem, align<16>, "(16,16):(1,16)">
!memref_gmem_bf16_1 = !cute.memref<bf16, gmem, "(((2,2),1),1,2):(((8,4),0),0,128)">
!memref_gmem_bf16_2 = !cute.memref<bf16, gmem, "(((2,2,2),1),1,1):(((8,4,64),0),0,0)">
!memref_gmem_bf16_3 = !cute.memref<bf16, gmem, align<16>, "(256,1):(1,0)">
!memref_gmem_bf16_4 = !cute.memref<bf16, gmem, align<16>, "(8,32):(1,8)">
!memref_gmem_f32 = !cute.memref<f32, gmem, align<16>, "(16,8):(1,16)">
!memref_gmem_f32_1 = !cute.memref<f32, gmem, "(((2,2),1),1,1):(((4,2),0),0,0)">
!memref_rmem_bf16 = !cute.memref<bf16, rmem, align<32>, "(((2,2),1),1,2):(((2,1),0),0,4)">
!memref_rmem_bf16_1 = !cute.memref<bf16, rmem, align<32>, "(((2,2),1),(1,2)):(((2,1),0),(0,4))">
!memref_rmem_bf16_2 = !cute.memref<bf16, rmem, align<32>, "(((2,2,2),1),1,1):(((2,1,4),0),0,0)">
!memref_rmem_bf16_3 = !cute.memref<bf16, rmem, align<32>, "(((2,2,2),1),(1,1)):(((2,1,4),0),(0,0))">
!memref_rmem_f32 = !cute.memref<f32, rmem, align<32>, "(((2,2),1),1,1):(((2,1),0),0,0)">
!memref_rmem_f32_1 = !cute.memref<f32, rmem, align<32>, "(((2,2),1),(1,1)):(((2,1),0),(0,0))">
!memref_smem_bf16 = !cute.memref<bf16, smem, align<16>, "(16,16):(1,16)">
!memref_smem_bf16_1 = !cute.memref<bf16, smem, "(((2,2),1),1,2):(((8,4),0),0,128)">
!memref_smem_bf16_2 = !cute.memref<bf16, smem, align<16>, "((8,1),1,2):((1,0),0,128)">
!memref_smem_bf16_3 = !cute.memref<bf16, smem, align<16>, "((8,1),(1,2)):((1,0),(0,128))">
!memref_smem_bf16_4 = !cute.memref<bf16, smem, "(((2,2,2),1),1,1):(((8,4,64),0),0,0)">
!memref_smem_bf16_5 = !cute.memref<bf16, smem, align<16>, "((8,1),1,1):((1,0),0,0)">
!memref_smem_bf16_6 = !cute.memref<bf16, smem, align<16>, "((8,1),(1,1)):((1,0),(0,0))">
!memref_smem_bf16_7 = !cute.memref<bf16, smem, align<16>, "(256,1):(1,0)">
!memref_smem_bf16_8 = !cute.memref<bf16, smem, align<16>, "(8,32):(1,8)">
!memref_smem_f32 = !cute.memref<f32, smem, align<16>, "(16,8):(1,16)">
!memref_smem_f32_1 = !cute.memref<f32, smem, "(((2,2),1),1,1):(((4,2),0),0,0)">
!memref_smem_f32_2 = !cute.memref<f32, smem, align<16>, "((4,1),1,1):((1,0),0,0)">
!memref_smem_f32_3 = !cute.memref<f32, smem, align<16>, "((4,1),(1,1)):((1,0),(0,0))">
!memref_smem_i8 = !cute.memref<i8, smem, align<16>, "512:1">
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_cutlass_wide_stsm_kernel_tensorptrbf16gmemalign16o1616116_tensorptrf32gmemalign16o168116_tensorptrbf16gmemalign16o1616116_0(%arg0: !memref_gmem_bf16, %arg1: !memref_gmem_f32, %arg2: !memref_gmem_bf16) attributes {cu_attrs = {max_dynamic_shared_size_bytes = #cuda.dev_max_shared_memory_optin, non_portable_cluster_size_allowed = 1 : i32}, cute.kernel, cutlass_launch_facts = {cluster_launch = false, cooperative_launch = false, exact_block_dim = array<i64: 32, 1, 1>, exact_grid_dim = array<i64: 1, 1, 1>, schema_version = 1 : i64}, gpu.kernel, nvvm.reqntid = array<i32: 32, 1, 1>, smem.hint_smem_base_uniform, smem.partition_num = 2 : i32} {
      %iter = cute.get_iter(%arg0) : !memref_gmem_bf16
      %iter_0 = cute.get_iter(%arg1) : !memref_gmem_f32
      %iter_1 = cute.get_iter(%arg2) : !memref_gmem_bf16
      %iter_2 = cute.get_iter(%arg0) : !memref_gmem_bf16
      %iter_3 = cute.get_iter(%arg1) : !memref_gmem_f32
      %iter_4 = cute.get_iter(%arg2) : !memref_gmem_bf16
      %lay = cute.get_layout(%arg0) : !memref_gmem_bf16
      %lay_5 = cute.get_layout(%arg1) : !memref_gmem_f32
      %lay_6 = cute.get_layout(%arg2) : !memref_gmem_bf16
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %1 = nvvm.read.ptx.sreg.tid.y : i32
      %2 = nvvm.read.ptx.sreg.tid.z : i32
      %shape = cute.make_shape() : () -> !cute.shape<"(16,16)">
      %stride = cute.make_stride() : () -> !cute.stride<"(1,16)">
      %lay_7 = cute.make_layout(%shape, %stride) : !cute.layout<"(16,16):(1,16)">
      %coord = cute.make_coord() : () -> !cute.coord<"0">
      %idx = cute.crd2idx(%coord, %lay_7) : (!cute.coord<"0">, !cute.layout<"(16,16):(1,16)">) -> !cute.int_tuple<"0">
      %e0 = cute.get_leaves(%idx) : !cute.int_tuple<"0">
      %cosz = cute.cosize(%lay_7) : (!cute.layout<"(16,16):(1,16)">) -> !cute.int_tuple<"256">
      %e0_8 = cute.get_leaves(%cosz) : !cute.int_tuple<"256">
      %shape_9 = cute.make_shape() : () -> !cute.shape<"512">
      %lay_10 = cute.make_layout(%shape_9) : !cute.layout<"512:1">
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter_11 = cute.get_iter(%smem) : !memref_smem_i8
      %iter_12 = cute.get_iter(%smem) : !memref_smem_i8
      %iter_13 = cute.recast_iter(%iter_12) : !cute.ptr<i8, smem, align<16>> to !cute.ptr<bf16, smem, align<16>>
      %view = cute.make_view(%iter_13, %lay_7) : !memref_smem_bf16
      %iter_14 = cute.get_iter(%view) : !memref_smem_bf16
      %iter_15 = cute.get_iter(%view) : !memref_smem_bf16
      %shape_16 = cute.make_shape() : () -> !cute.shape<"(16,8)">
      %stride_17 = cute.make_stride() : () -> !cute.stride<"(1,16)">
      %lay_18 = cute.make_layout(%shape_16, %stride_17) : !cute.layout<"(16,8):(1,16)">
      %coord_19 = cute.make_coord() : () -> !cute.coord<"0">
      %idx_20 = cute.crd2idx(%coord_19, %lay_18) : (!cute.coord<"0">, !cute.layout<"(16,8):(1,16)">) -> !cute.int_tuple<"0">
      %e0_21 = cute.get_leaves(%idx_20) : !cute.int_tuple<"0">
      %cosz_22 = cute.cosize(%lay_18) : (!cute.layout<"(16,8):(1,16)">) -> !cute.int_tuple<"128">
      %e0_23 = cute.get_leaves(%cosz_22) : !cute.int_tuple<"128">
      %shape_24 = cute.make_shape() : () -> !cute.shape<"512">
      %lay_25 = cute.make_layout(%shape_24) : !cute.layout<"512:1">
      %smem_26 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter_27 = cute.get_iter(%smem_26) : !memref_smem_i8
      %iter_28 = cute.get_iter(%smem_26) : !memref_smem_i8
      %iter_29 = cute.recast_iter(%iter_28) : !cute.ptr<i8, smem, align<16>> to !cute.ptr<f32, smem, align<16>>
      %view_30 = cute.make_view(%iter_29, %lay_18) : !memref_smem_f32
      %iter_31 = cute.get_iter(%view_30) : !memref_smem_f32
      %iter_32 = cute.get_iter(%view_30) : !memref_smem_f32
      %shape_33 = cute.make_shape() : () -> !cute.shape<"(16,8)">
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.stsm<bf16, mode = <"(16,8)">, num_matrices = 1, t>
      %3 = cute.static : !cute.layout<"((4,4),(1,2,2)):((16,1),(1,8,4))">
      %tile = cute.make_tile() : () -> !cute.tile<"[16:1;8:1]">
      %4 = cute.make_tiled_copy(%atom) : !copy_stsm_1
      %coord_34 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned = cute.tiled.copy.partition_S(%4, %view, %coord_34) : (!copy_stsm_1, !memref_smem_bf16, !cute.coord<"?">) -> !memref_smem_bf16_1
      %iter_35 = cute.get_iter(%src_partitioned) : !memref_smem_bf16_1
      %lay_36 = cute.get_layout(%src_partitioned) : !memref_smem_bf16_1
      %5 = cute.make_layout_like(%lay_36) : !cute.layout<"(((2,2),1),1,2):(((8,4),0),0,128)"> to !cute.layout<"(((2,2),1),1,2):(((2,1),0),0,4)">
      %rmem = cute.memref.alloca(%5) : !memref_rmem_bf16
      %iter_37 = cute.get_iter(%rmem) : !memref_rmem_bf16
      %iter_38 = cute.get_iter(%rmem) : !memref_rmem_bf16
      %coord_39 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned_40 = cute.tiled.copy.partition_S(%4, %arg0, %coord_39) : (!copy_stsm_1, !memref_gmem_bf16, !cute.coord<"?">) -> !memref_gmem_bf16_1
      %iter_41 = cute.get_iter(%src_partitioned_40) : !memref_gmem_bf16_1
      %lay_42 = cute.get_layout(%src_partitioned_40) : !memref_gmem_bf16_1
      %6 = cute.get_shape(%lay_42) : (!cute.layout<"(((2,2),1),1,2):(((8,4),0),0,128)">) -> !cute.shape<"(((2,2),1),1,2)">
      %e0_43, %e1, %e2, %e3, %e4 = cute.get_leaves(%6) : !cute.shape<"(((2,2),1),1,2)">
      %lay_44 = cute.get_layout(%rmem) : !memref_rmem_bf16
      %7 = cute.get_shape(%lay_44) : (!cute.layout<"(((2,2),1),1,2):(((2,1),0),0,4)">) -> !cute.shape<"(((2,2),1),1,2)">
      %e0_45, %e1_46, %e2_47, %e3_48, %e4_49 = cute.get_leaves(%7) : !cute.shape<"(((2,2),1),1,2)">
      %rinv = cute.right_inverse(%lay_44) : (!cute.layout<"(((2,2),1),1,2):(((2,1),0),0,4)">) -> !cute.layout<"(2,2,2):(2,1,4)">
      %8 = cute.composition(%lay_42, %rinv) : (!cute.layout<"(((2,2),1),1,2):(((8,4),0),0,128)">, !cute.layout<"(2,2,2):(2,1,4)">) -> !cute.layout<"(2,2,2):(4,8,128)">
      %coalesce = cute.coalesce(%8) : (!cute.layout<"(2,2,2):(4,8,128)">) -> !cute.layout<"(4,2):(4,128)">
      %9 = cute.get_shape(%coalesce) : (!cute.layout<"(4,2):(4,128)">) -> !cute.shape<"(4,2)">
      %e0_50, %e1_51 = cute.get_leaves(%9) : !cute.shape<"(4,2)">
      %10 = cute.get_stride(%coalesce) : (!cute.layout<"(4,2):(4,128)">) -> !cute.stride<"(4,128)">
      %e0_52, %e1_53 = cute.get_leaves(%10) : !cute.stride<"(4,128)">
      %shape_54 = cute.make_shape() : () -> !cute.shape<"1">
      %stride_55 = cute.make_stride() : () -> !cute.stride<"0">
      %lay_56 = cute.make_layout(%shape_54, %stride_55) : !cute.layout<"1:0">
      %sz = cute.size(%lay_56) : (!cute.layout<"1:0">) -> !cute.int_tuple<"1">
      %e0_57 = cute.get_leaves(%sz) : !cute.int_tuple<"1">
      %atom_58 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<bf16, 16 b>
      cute.copy(%atom_58, %src_partitioned_40, %rmem) : (!cute_nvgpu.atom.universal_copy<bf16, 16 b>, !memref_gmem_bf16_1, !memref_rmem_bf16)
      %coord_59 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %dst_partitioned = cute.tiled.copy.partition_D(%4, %view, %coord_59) : (!copy_stsm_1, !memref_smem_bf16, !cute.coord<"?">) -> !memref_smem_bf16_2
      %iter_60 = cute.get_iter(%dst_partitioned) : !memref_smem_bf16_2
      %lay_61 = cute.get_layout(%dst_partitioned) : !memref_smem_bf16_2
      %11 = cute.get_shape(%lay_61) : (!cute.layout<"((8,1),1,2):((1,0),0,128)">) -> !cute.shape<"((8,1),1,2)">
      %e0_62, %e1_63, %e2_64, %e3_65 = cute.get_leaves(%11) : !cute.shape<"((8,1),1,2)">
      %shape_66 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_67 = cute.make_layout(%shape_66) : !cute.layout<"1:0">
      %append = cute.append_to_rank<2> (%lay_44, %lay_67) : !cute.layout<"(((2,2),1),1,2):(((2,1),0),0,4)">, !cute.layout<"1:0">
      %view_68 = cute.make_view(%iter_38, %append) : !memref_rmem_bf16
      %iter_69 = cute.get_iter(%view_68) : !memref_rmem_bf16
      %lay_70 = cute.get_layout(%view_68) : !memref_rmem_bf16
      %12 = cute.get_shape(%lay_70) : (!cute.layout<"(((2,2),1),1,2):(((2,1),0),0,4)">) -> !cute.shape<"(((2,2),1),1,2)">
      %e0_71, %e1_72, %e2_73, %e3_74, %e4_75 = cute.get_leaves(%12) : !cute.shape<"(((2,2),1),1,2)">
      %grouped = cute.group_modes(%view_68) <1, 3> : (!memref_rmem_bf16) -> !memref_rmem_bf16_1
      %iter_76 = cute.get_iter(%grouped) : !memref_rmem_bf16_1
      %iter_77 = cute.get_iter(%grouped) : !memref_rmem_bf16_1
      %shape_78 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_79 = cute.make_layout(%shape_78) : !cute.layout<"1:0">
      %append_80 = cute.append_to_rank<2> (%lay_61, %lay_79) : !cute.layout<"((8,1),1,2):((1,0),0,128)">, !cute.layout<"1:0">
      %view_81 = cute.make_view(%iter_60, %append_80) : !memref_smem_bf16_2
      %iter_82 = cute.get_iter(%view_81) : !memref_smem_bf16_2
      %lay_83 = cute.get_layout(%view_81) : !memref_smem_bf16_2
      %13 = cute.get_shape(%lay_83) : (!cute.layout<"((8,1),1,2):((1,0),0,128)">) -> !cute.shape<"((8,1),1,2)">
      %e0_84, %e1_85, %e2_86, %e3_87 = cute.get_leaves(%13) : !cute.shape<"((8,1),1,2)">
      %grouped_88 = cute.group_modes(%view_81) <1, 3> : (!memref_smem_bf16_2) -> !memref_smem_bf16_3
      %iter_89 = cute.get_iter(%grouped_88) : !memref_smem_bf16_3
      %iter_90 = cute.get_iter(%grouped_88) : !memref_smem_bf16_3
      %lay_91 = cute.get_layout(%grouped) : !memref_rmem_bf16_1
      %14 = cute.get_shape(%lay_91) : (!cute.layout<"(((2,2),1),(1,2)):(((2,1),0),(0,4))">) -> !cute.shape<"(((2,2),1),(1,2))">
      %e0_92, %e1_93, %e2_94, %e3_95, %e4_96 = cute.get_leaves(%14) : !cute.shape<"(((2,2),1),(1,2))">
      %lay_97 = cute.get_layout(%grouped_88) : !memref_smem_bf16_3
      %15 = cute.get_shape(%lay_97) : (!cute.layout<"((8,1),(1,2)):((1,0),(0,128))">) -> !cute.shape<"((8,1),(1,2))">
      %e0_98, %e1_99, %e2_100, %e3_101 = cute.get_leaves(%15) : !cute.shape<"((8,1),(1,2))">
      %sz_102 = cute.size(%grouped) <{mode = [1]}> : (!memref_rmem_bf16_1) -> !cute.int_tuple<"2">
      %e0_103 = cute.get_leaves(%sz_102) : !cute.int_tuple<"2">
      %sz_104 = cute.size(%grouped_88) <{mode = [1]}> : (!memref_smem_bf16_3) -> !cute.int_tuple<"2">
      %e0_105 = cute.get_leaves(%sz_104) : !cute.int_tuple<"2">
      cute.copy(%4, %grouped, %grouped_88) : (!copy_stsm_1, !memref_rmem_bf16_1, !memref_smem_bf16_3)
      %shape_106 = cute.make_shape() : () -> !cute.shape<"(16,8)">
      %atom_107 = cute.make_atom() : () -> !cute_nvgpu.atom.stsm<bf16, mode = <"(16,8)">, num_matrices = 2, t>
      %16 = cute.static : !cute.layout<"((4,4),(1,2,2,2)):((16,1),(1,8,4,64))">
      %tile_108 = cute.make_tile() : () -> !cute.tile<"[16:1;16:1]">
      %17 = cute.make_tiled_copy(%atom_107) : !copy_stsm_2
      %coord_109 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned_110 = cute.tiled.copy.partition_S(%17, %view, %coord_109) : (!copy_stsm_2, !memref_smem_bf16, !cute.coord<"?">) -> !memref_smem_bf16_4
      %iter_111 = cute.get_iter(%src_partitioned_110) : !memref_smem_bf16_4
      %lay_112 = cute.get_layout(%src_partitioned_110) : !memref_smem_bf16_4
      %18 = cute.make_layout_like(%lay_112) : !cute.layout<"(((2,2,2),1),1,1):(((8,4,64),0),0,0)"> to !cute.layout<"(((2,2,2),1),1,1):(((2,1,4),0),0,0)">
      %rmem_113 = cute.memref.alloca(%18) : !memref_rmem_bf16_2
      %iter_114 = cute.get_iter(%rmem_113) : !memref_rmem_bf16_2
      %iter_115 = cute.get_iter(%rmem_113) : !memref_rmem_bf16_2
      %coord_116 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned_117 = cute.tiled.copy.partition_S(%17, %arg0, %coord_116) : (!copy_stsm_2, !memref_gmem_bf16, !cute.coord<"?">) -> !memref_gmem_bf16_2
      %iter_118 = cute.get_iter(%src_partitioned_117) : !memref_gmem_bf16_2
      %lay_119 = cute.get_layout(%src_partitioned_117) : !memref_gmem_bf16_2
      %19 = cute.get_shape(%lay_119) : (!cute.layout<"(((2,2,2),1),1,1):(((8,4,64),0),0,0)">) -> !cute.shape<"(((2,2,2),1),1,1)">
      %e0_120, %e1_121, %e2_122, %e3_123, %e4_124, %e5 = cute.get_leaves(%19) : !cute.shape<"(((2,2,2),1),1,1)">
      %lay_125 = cute.get_layout(%rmem_113) : !memref_rmem_bf16_2
      %20 = cute.get_shape(%lay_125) : (!cute.layout<"(((2,2,2),1),1,1):(((2,1,4),0),0,0)">) -> !cute.shape<"(((2,2,2),1),1,1)">
      %e0_126, %e1_127, %e2_128, %e3_129, %e4_130, %e5_131 = cute.get_leaves(%20) : !cute.shape<"(((2,2,2),1),1,1)">
      %rinv_132 = cute.right_inverse(%lay_125) : (!cute.layout<"(((2,2,2),1),1,1):(((2,1,4),0),0,0)">) -> !cute.layout<"(2,2,2):(2,1,4)">
      %21 = cute.composition(%lay_119, %rinv_132) : (!cute.layout<"(((2,2,2),1),1,1):(((8,4,64),0),0,0)">, !cute.layout<"(2,2,2):(2,1,4)">) -> !cute.layout<"(2,2,2):(4,8,64)">
      %coalesce_133 = cute.coalesce(%21) : (!cute.layout<"(2,2,2):(4,8,64)">) -> !cute.layout<"(4,2):(4,64)">
      %22 = cute.get_shape(%coalesce_133) : (!cute.layout<"(4,2):(4,64)">) -> !cute.shape<"(4,2)">
      %e0_134, %e1_135 = cute.get_leaves(%22) : !cute.shape<"(4,2)">
      %23 = cute.get_stride(%coalesce_133) : (!cute.layout<"(4,2):(4,64)">) -> !cute.stride<"(4,64)">
      %e0_136, %e1_137 = cute.get_leaves(%23) : !cute.stride<"(4,64)">
      %shape_138 = cute.make_shape() : () -> !cute.shape<"1">
      %stride_139 = cute.make_stride() : () -> !cute.stride<"0">
      %lay_140 = cute.make_layout(%shape_138, %stride_139) : !cute.layout<"1:0">
      %sz_141 = cute.size(%lay_140) : (!cute.layout<"1:0">) -> !cute.int_tuple<"1">
      %e0_142 = cute.get_leaves(%sz_141) : !cute.int_tuple<"1">
      %atom_143 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<bf16, 16 b>
      cute.copy(%atom_143, %src_partitioned_117, %rmem_113) : (!cute_nvgpu.atom.universal_copy<bf16, 16 b>, !memref_gmem_bf16_2, !memref_rmem_bf16_2)
      %coord_144 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %dst_partitioned_145 = cute.tiled.copy.partition_D(%17, %view, %coord_144) : (!copy_stsm_2, !memref_smem_bf16, !cute.coord<"?">) -> !memref_smem_bf16_5
      %iter_146 = cute.get_iter(%dst_partitioned_145) : !memref_smem_bf16_5
      %lay_147 = cute.get_layout(%dst_partitioned_145) : !memref_smem_bf16_5
      %24 = cute.get_shape(%lay_147) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_148, %e1_149, %e2_150, %e3_151 = cute.get_leaves(%24) : !cute.shape<"((8,1),1,1)">
      %shape_152 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_153 = cute.make_layout(%shape_152) : !cute.layout<"1:0">
      %append_154 = cute.append_to_rank<2> (%lay_125, %lay_153) : !cute.layout<"(((2,2,2),1),1,1):(((2,1,4),0),0,0)">, !cute.layout<"1:0">
      %view_155 = cute.make_view(%iter_115, %append_154) : !memref_rmem_bf16_2
      %iter_156 = cute.get_iter(%view_155) : !memref_rmem_bf16_2
      %lay_157 = cute.get_layout(%view_155) : !memref_rmem_bf16_2
      %25 = cute.get_shape(%lay_157) : (!cute.layout<"(((2,2,2),1),1,1):(((2,1,4),0),0,0)">) -> !cute.shape<"(((2,2,2),1),1,1)">
      %e0_158, %e1_159, %e2_160, %e3_161, %e4_162, %e5_163 = cute.get_leaves(%25) : !cute.shape<"(((2,2,2),1),1,1)">
      %grouped_164 = cute.group_modes(%view_155) <1, 3> : (!memref_rmem_bf16_2) -> !memref_rmem_bf16_3
      %iter_165 = cute.get_iter(%grouped_164) : !memref_rmem_bf16_3
      %iter_166 = cute.get_iter(%grouped_164) : !memref_rmem_bf16_3
      %shape_167 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_168 = cute.make_layout(%shape_167) : !cute.layout<"1:0">
      %append_169 = cute.append_to_rank<2> (%lay_147, %lay_168) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_170 = cute.make_view(%iter_146, %append_169) : !memref_smem_bf16_5
      %iter_171 = cute.get_iter(%view_170) : !memref_smem_bf16_5
      %lay_172 = cute.get_layout(%view_170) : !memref_smem_bf16_5
      %26 = cute.get_shape(%lay_172) : (!cute.layout<"((8,1),1,1):((1,0),0,0)">) -> !cute.shape<"((8,1),1,1)">
      %e0_173, %e1_174, %e2_175, %e3_176 = cute.get_leaves(%26) : !cute.shape<"((8,1),1,1)">
      %grouped_177 = cute.group_modes(%view_170) <1, 3> : (!memref_smem_bf16_5) -> !memref_smem_bf16_6
      %iter_178 = cute.get_iter(%grouped_177) : !memref_smem_bf16_6
      %iter_179 = cute.get_iter(%grouped_177) : !memref_smem_bf16_6
      %lay_180 = cute.get_layout(%grouped_164) : !memref_rmem_bf16_3
      %27 = cute.get_shape(%lay_180) : (!cute.layout<"(((2,2,2),1),(1,1)):(((2,1,4),0),(0,0))">) -> !cute.shape<"(((2,2,2),1),(1,1))">
      %e0_181, %e1_182, %e2_183, %e3_184, %e4_185, %e5_186 = cute.get_leaves(%27) : !cute.shape<"(((2,2,2),1),(1,1))">
      %lay_187 = cute.get_layout(%grouped_177) : !memref_smem_bf16_6
      %28 = cute.get_shape(%lay_187) : (!cute.layout<"((8,1),(1,1)):((1,0),(0,0))">) -> !cute.shape<"((8,1),(1,1))">
      %e0_188, %e1_189, %e2_190, %e3_191 = cute.get_leaves(%28) : !cute.shape<"((8,1),(1,1))">
      %sz_192 = cute.size(%grouped_164) <{mode = [1]}> : (!memref_rmem_bf16_3) -> !cute.int_tuple<"1">
      %e0_193 = cute.get_leaves(%sz_192) : !cute.int_tuple<"1">
      %sz_194 = cute.size(%grouped_177) <{mode = [1]}> : (!memref_smem_bf16_6) -> !cute.int_tuple<"1">
      %e0_195 = cute.get_leaves(%sz_194) : !cute.int_tuple<"1">
      cute.copy(%17, %grouped_164, %grouped_177) : (!copy_stsm_2, !memref_rmem_bf16_3, !memref_smem_bf16_6)
      %shape_196 = cute.make_shape() : () -> !cute.shape<"(16,8)">
      %atom_197 = cute.make_atom() : () -> !cute_nvgpu.atom.stsm<f32, mode = <"(16,8)">, num_matrices = 1, t>
      %29 = cute.static : !cute.layout<"((4,2),(1,2,2)):((8,1),(1,4,2))">
      %tile_198 = cute.make_tile() : () -> !cute.tile<"[16:1;8:1]">
      %30 = cute.make_tiled_copy(%atom_197) : !copy_stsm_1_1
      %coord_199 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned_200 = cute.tiled.copy.partition_S(%30, %view_30, %coord_199) : (!copy_stsm_1_1, !memref_smem_f32, !cute.coord<"?">) -> !memref_smem_f32_1
      %iter_201 = cute.get_iter(%src_partitioned_200) : !memref_smem_f32_1
      %lay_202 = cute.get_layout(%src_partitioned_200) : !memref_smem_f32_1
      %31 = cute.make_layout_like(%lay_202) : !cute.layout<"(((2,2),1),1,1):(((4,2),0),0,0)"> to !cute.layout<"(((2,2),1),1,1):(((2,1),0),0,0)">
      %rmem_203 = cute.memref.alloca(%31) : !memref_rmem_f32
      %iter_204 = cute.get_iter(%rmem_203) : !memref_rmem_f32
      %iter_205 = cute.get_iter(%rmem_203) : !memref_rmem_f32
      %coord_206 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned_207 = cute.tiled.copy.partition_S(%30, %arg1, %coord_206) : (!copy_stsm_1_1, !memref_gmem_f32, !cute.coord<"?">) -> !memref_gmem_f32_1
      %iter_208 = cute.get_iter(%src_partitioned_207) : !memref_gmem_f32_1
      %lay_209 = cute.get_layout(%src_partitioned_207) : !memref_gmem_f32_1
      %32 = cute.get_shape(%lay_209) : (!cute.layout<"(((2,2),1),1,1):(((4,2),0),0,0)">) -> !cute.shape<"(((2,2),1),1,1)">
      %e0_210, %e1_211, %e2_212, %e3_213, %e4_214 = cute.get_leaves(%32) : !cute.shape<"(((2,2),1),1,1)">
      %lay_215 = cute.get_layout(%rmem_203) : !memref_rmem_f32
      %33 = cute.get_shape(%lay_215) : (!cute.layout<"(((2,2),1),1,1):(((2,1),0),0,0)">) -> !cute.shape<"(((2,2),1),1,1)">
      %e0_216, %e1_217, %e2_218, %e3_219, %e4_220 = cute.get_leaves(%33) : !cute.shape<"(((2,2),1),1,1)">
      %rinv_221 = cute.right_inverse(%lay_215) : (!cute.layout<"(((2,2),1),1,1):(((2,1),0),0,0)">) -> !cute.layout<"(2,2):(2,1)">
      %34 = cute.composition(%lay_209, %rinv_221) : (!cute.layout<"(((2,2),1),1,1):(((4,2),0),0,0)">, !cute.layout<"(2,2):(2,1)">) -> !cute.layout<"(2,2):(2,4)">
      %coalesce_222 = cute.coalesce(%34) : (!cute.layout<"(2,2):(2,4)">) -> !cute.layout<"4:2">
      %35 = cute.get_shape(%coalesce_222) : (!cute.layout<"4:2">) -> !cute.shape<"4">
      %e0_223 = cute.get_leaves(%35) : !cute.shape<"4">
      %36 = cute.get_stride(%coalesce_222) : (!cute.layout<"4:2">) -> !cute.stride<"2">
      %e0_224 = cute.get_leaves(%36) : !cute.stride<"2">
      %shape_225 = cute.make_shape() : () -> !cute.shape<"1">
      %stride_226 = cute.make_stride() : () -> !cute.stride<"0">
      %lay_227 = cute.make_layout(%shape_225, %stride_226) : !cute.layout<"1:0">
      %sz_228 = cute.size(%lay_227) : (!cute.layout<"1:0">) -> !cute.int_tuple<"1">
      %e0_229 = cute.get_leaves(%sz_228) : !cute.int_tuple<"1">
      %atom_230 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 32 b>
      cute.copy(%atom_230, %src_partitioned_207, %rmem_203) : (!cute_nvgpu.atom.universal_copy<f32, 32 b>, !memref_gmem_f32_1, !memref_rmem_f32)
      %coord_231 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %dst_partitioned_232 = cute.tiled.copy.partition_D(%30, %view_30, %coord_231) : (!copy_stsm_1_1, !memref_smem_f32, !cute.coord<"?">) -> !memref_smem_f32_2
      %iter_233 = cute.get_iter(%dst_partitioned_232) : !memref_smem_f32_2
      %lay_234 = cute.get_layout(%dst_partitioned_232) : !memref_smem_f32_2
      %37 = cute.get_shape(%lay_234) : (!cute.layout<"((4,1),1,1):((1,0),0,0)">) -> !cute.shape<"((4,1),1,1)">
      %e0_235, %e1_236, %e2_237, %e3_238 = cute.get_leaves(%37) : !cute.shape<"((4,1),1,1)">
      %shape_239 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_240 = cute.make_layout(%shape_239) : !cute.layout<"1:0">
      %append_241 = cute.append_to_rank<2> (%lay_215, %lay_240) : !cute.layout<"(((2,2),1),1,1):(((2,1),0),0,0)">, !cute.layout<"1:0">
      %view_242 = cute.make_view(%iter_205, %append_241) : !memref_rmem_f32
      %iter_243 = cute.get_iter(%view_242) : !memref_rmem_f32
      %lay_244 = cute.get_layout(%view_242) : !memref_rmem_f32
      %38 = cute.get_shape(%lay_244) : (!cute.layout<"(((2,2),1),1,1):(((2,1),0),0,0)">) -> !cute.shape<"(((2,2),1),1,1)">
      %e0_245, %e1_246, %e2_247, %e3_248, %e4_249 = cute.get_leaves(%38) : !cute.shape<"(((2,2),1),1,1)">
      %grouped_250 = cute.group_modes(%view_242) <1, 3> : (!memref_rmem_f32) -> !memref_rmem_f32_1
      %iter_251 = cute.get_iter(%grouped_250) : !memref_rmem_f32_1
      %iter_252 = cute.get_iter(%grouped_250) : !memref_rmem_f32_1
      %shape_253 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_254 = cute.make_layout(%shape_253) : !cute.layout<"1:0">
      %append_255 = cute.append_to_rank<2> (%lay_234, %lay_254) : !cute.layout<"((4,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_256 = cute.make_view(%iter_233, %append_255) : !memref_smem_f32_2
      %iter_257 = cute.get_iter(%view_256) : !memref_smem_f32_2
      %lay_258 = cute.get_layout(%view_256) : !memref_smem_f32_2
      %39 = cute.get_shape(%lay_258) : (!cute.layout<"((4,1),1,1):((1,0),0,0)">) -> !cute.shape<"((4,1),1,1)">
      %e0_259, %e1_260, %e2_261, %e3_262 = cute.get_leaves(%39) : !cute.shape<"((4,1),1,1)">
      %grouped_263 = cute.group_modes(%view_256) <1, 3> : (!memref_smem_f32_2) -> !memref_smem_f32_3
      %iter_264 = cute.get_iter(%grouped_263) : !memref_smem_f32_3
      %iter_265 = cute.get_iter(%grouped_263) : !memref_smem_f32_3
      %lay_266 = cute.get_layout(%grouped_250) : !memref_rmem_f32_1
      %40 = cute.get_shape(%lay_266) : (!cute.layout<"(((2,2),1),(1,1)):(((2,1),0),(0,0))">) -> !cute.shape<"(((2,2),1),(1,1))">
      %e0_267, %e1_268, %e2_269, %e3_270, %e4_271 = cute.get_leaves(%40) : !cute.shape<"(((2,2),1),(1,1))">
      %lay_272 = cute.get_layout(%grouped_263) : !memref_smem_f32_3
      %41 = cute.get_shape(%lay_272) : (!cute.layout<"((4,1),(1,1)):((1,0),(0,0))">) -> !cute.shape<"((4,1),(1,1))">
      %e0_273, %e1_274, %e2_275, %e3_276 = cute.get_leaves(%41) : !cute.shape<"((4,1),(1,1))">
      %sz_277 = cute.size(%grouped_250) <{mode = [1]}> : (!memref_rmem_f32_1) -> !cute.int_tuple<"1">
      %e0_278 = cute.get_leaves(%sz_277) : !cute.int_tuple<"1">
      %sz_279 = cute.size(%grouped_263) <{mode = [1]}> : (!memref_smem_f32_3) -> !cute.int_tuple<"1">
      %e0_280 = cute.get_leaves(%sz_279) : !cute.int_tuple<"1">
      cute.copy(%30, %grouped_250, %grouped_263) : (!copy_stsm_1_1, !memref_rmem_f32_1, !memref_smem_f32_3)
      nvvm.barrier
      %c0_i32 = arith.constant 0 : i32
      %42 = arith.cmpi eq, %0, %c0_i32 : i32
      scf.if %42 {
        %lay_281 = cute.get_layout(%view) : !memref_smem_bf16
        %43 = cute.get_shape(%lay_281) : (!cute.layout<"(16,16):(1,16)">) -> !cute.shape<"(16,16)">
        %e0_282, %e1_283 = cute.get_leaves(%43) : !cute.shape<"(16,16)">
        %lay_284 = cute.get_layout(%arg2) : !memref_gmem_bf16
        %44 = cute.get_shape(%lay_284) : (!cute.layout<"(16,16):(1,16)">) -> !cute.shape<"(16,16)">
        %e0_285, %e1_286 = cute.get_leaves(%44) : !cute.shape<"(16,16)">
        %rinv_287 = cute.right_inverse(%lay_284) : (!cute.layout<"(16,16):(1,16)">) -> !cute.layout<"256:1">
        %45 = cute.composition(%lay_281, %rinv_287) : (!cute.layout<"(16,16):(1,16)">, !cute.layout<"256:1">) -> !cute.layout<"256:1">
        %coalesce_288 = cute.coalesce(%45) : (!cute.layout<"256:1">) -> !cute.layout<"256:1">
        %46 = cute.get_shape(%coalesce_288) : (!cute.layout<"256:1">) -> !cute.shape<"256">
        %e0_289 = cute.get_leaves(%46) : !cute.shape<"256">
        %47 = cute.get_stride(%coalesce_288) : (!cute.layout<"256:1">) -> !cute.stride<"1">
        %e0_290 = cute.get_leaves(%47) : !cute.stride<"1">
        %48 = cute.get_shape(%coalesce_288) : (!cute.layout<"256:1">) -> !cute.shape<"256">
        %e0_291 = cute.get_leaves(%48) : !cute.shape<"256">
        %49 = cute.get_shape(%coalesce_288) : (!cute.layout<"256:1">) -> !cute.shape<"256">
        %e0_292 = cute.get_leaves(%49) : !cute.shape<"256">
        %50 = cute.composition(%rinv_287, %coalesce_288) : (!cute.layout<"256:1">, !cute.layout<"256:1">) -> !cute.layout<"256:1">
        %sz_293 = cute.size(%50) : (!cute.layout<"256:1">) -> !cute.int_tuple<"256">
        %e0_294 = cute.get_leaves(%sz_293) : !cute.int_tuple<"256">
        %div = cute.logical_divide(%view, %50) : !memref_smem_bf16, !cute.layout<"256:1">
        %iter_295 = cute.get_iter(%div) : !memref_smem_bf16_7
        %iter_296 = cute.get_iter(%div) : !memref_smem_bf16_7
        %div_297 = cute.logical_divide(%arg2, %50) : !memref_gmem_bf16, !cute.layout<"256:1">
        %iter_298 = cute.get_iter(%div_297) : !memref_gmem_bf16_3
        %iter_299 = cute.get_iter(%div_297) : !memref_gmem_bf16_3
        %shape_300 = cute.make_shape() : () -> !cute.shape<"8">
        %lay_301 = cute.make_layout(%shape_300) : !cute.layout<"8:1">
        %div_302 = cute.logical_divide(%div, %lay_301) : !memref_smem_bf16_7, !cute.layout<"8:1">
        %iter_303 = cute.get_iter(%div_302) : !memref_smem_bf16_8
        %iter_304 = cute.get_iter(%div_302) : !memref_smem_bf16_8
        %shape_305 = cute.make_shape() : () -> !cute.shape<"8">
        %lay_306 = cute.make_layout(%shape_305) : !cute.layout<"8:1">
        %div_307 = cute.logical_divide(%div_297, %lay_306) : !memref_gmem_bf16_3, !cute.layout<"8:1">
        %iter_308 = cute.get_iter(%div_307) : !memref_gmem_bf16_4
        %iter_309 = cute.get_iter(%div_307) : !memref_gmem_bf16_4
        %atom_310 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<bf16, 128 b>
        cute.copy(%atom_310, %div_302, %div_307) : (!cute_nvgpu.atom.universal_copy<bf16, 128 b>, !memref_smem_bf16_8, !memref_gmem_bf16_4)
      }
      return
    }
  }
  func.func @cutlass_run_FakeTensorBFloat161616116_FakeTensorFloat32168116_FakeTensorBFloat161616116(%arg0: !memref_gmem_bf16, %arg1: !memref_gmem_f32, %arg2: !memref_gmem_bf16) -> i32 attributes {llvm.emit_c_interface} {
    %iter = cute.get_iter(%arg0) : !memref_gmem_bf16
    %iter_0 = cute.get_iter(%arg1) : !memref_gmem_f32
    %iter_1 = cute.get_iter(%arg2) : !memref_gmem_bf16
    %iter_2 = cute.get_iter(%arg0) : !memref_gmem_bf16
    %iter_3 = cute.get_iter(%arg1) : !memref_gmem_f32
    %iter_4 = cute.get_iter(%arg2) : !memref_gmem_bf16
    %lay = cute.get_layout(%arg0) : !memref_gmem_bf16
    %lay_5 = cute.get_layout(%arg1) : !memref_gmem_f32
    %lay_6 = cute.get_layout(%arg2) : !memref_gmem_bf16
    %0 = cute.kernel_smem_size @kernels::@kernel_cutlass_wide_stsm_kernel_tensorptrbf16gmemalign16o1616116_tensorptrf32gmemalign16o168116_tensorptrbf16gmemalign16o1616116_0 : i64
    %c232448_i64 = arith.constant 232448 : i64
    %1 = arith.cmpi sgt, %0, %c232448_i64 : i64
    scf.if %1 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_wide_stsm_kernel_tensorptrbf16gmemalign16o1616116_tensorptrf32gmemalign16o168116_tensorptrbf16gmemalign16o1616116_0' launch shared memory exceeds current GPU arch sm_100a allowed. Allocated: {} bytes. Max: 232448 bytes.\0A\0A", %0) : i64
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
    %4 = cuda.launch_ex @kernels::@kernel_cutlass_wide_stsm_kernel_tensorptrbf16gmemalign16o1616116_tensorptrf32gmemalign16o168116_tensorptrbf16gmemalign16o1616116_0<%3> (%arg0, %arg1, %arg2) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!memref_gmem_bf16, !memref_gmem_f32, !memref_gmem_bf16) -> !cuda.result
    %5 = cuda.cast %4 : !cuda.result -> i32
    cuda.return_if_error %5 : i32
    %c0_i32_8 = arith.constant 0 : i32
    return %c0_i32_8 : i32
  }
}

