!copy_g2r = !cute.tiled_copy<!cute_nvgpu.atom.g2r<f16 copy_bits = 128 l2_prefetch_size = size_128b l1_cache_evict_priority = evict_last>, layout_copy_tv = <"(32,8):(8,1)">, tiler_mn = <"[256:1]">>
!memref_gmem_f16 = !cute.memref<f16, gmem, align<16>, "(1024):(1)">
!memref_gmem_f16_1 = !cute.memref<f16, gmem, align<16>, "(256):(1)">
!memref_gmem_f16_2 = !cute.memref<f16, gmem, align<16>, "((8,1),(1)):((1,0),(0))">
!memref_gmem_f16_3 = !cute.memref<f16, gmem, align<16>, "((8,1),((1))):((1,0),((0)))">
!memref_rmem_f16 = !cute.memref<f16, rmem, align<32>, "((8,1),(1)):((1,0),(0))">
!memref_rmem_f16_1 = !cute.memref<f16, rmem, align<32>, "((8,1),((1))):((1,0),((0)))">
!memref_smem_f16 = !cute.memref<f16, smem, align<16>, "256:1">
!memref_smem_f16_1 = !cute.memref<f16, smem, align<16>, "((8,1),(1)):((1,0),(0))">
!memref_smem_f16_2 = !cute.memref<f16, smem, align<16>, "((8,1),((1))):((1,0),((0)))">
!memref_smem_i8 = !cute.memref<i8, smem, align<16>, "512:1">
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_cutlass_simt_copy_kernel_tensorptrf16gmemalign16o10241_tensorptrf16gmemalign16o10241_0(%arg0: !memref_gmem_f16, %arg1: !memref_gmem_f16) attributes {cu_attrs = {max_dynamic_shared_size_bytes = #cuda.dev_max_shared_memory_optin, non_portable_cluster_size_allowed = 1 : i32}, cute.kernel, cutlass_launch_facts = {cluster_launch = true, cooperative_launch = false, exact_block_dim = array<i64: 32, 1, 1>, exact_cluster_dim = array<i64: 2, 1, 1>, exact_grid_dim = array<i64: 4, 1, 1>, schema_version = 1 : i64}, gpu.kernel, nvvm.reqntid = array<i32: 32, 1, 1>, smem.hint_smem_base_uniform, smem.partition_num = 2 : i32} {
      %iter = cute.get_iter(%arg0) : !memref_gmem_f16
      %iter_0 = cute.get_iter(%arg1) : !memref_gmem_f16
      %iter_1 = cute.get_iter(%arg0) : !memref_gmem_f16
      %iter_2 = cute.get_iter(%arg1) : !memref_gmem_f16
      %lay = cute.get_layout(%arg0) : !memref_gmem_f16
      %lay_3 = cute.get_layout(%arg1) : !memref_gmem_f16
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %1 = nvvm.read.ptx.sreg.tid.y : i32
      %2 = nvvm.read.ptx.sreg.tid.z : i32
      %3 = nvvm.read.ptx.sreg.ctaid.x : i32
      %4 = nvvm.read.ptx.sreg.ctaid.y : i32
      %5 = nvvm.read.ptx.sreg.ctaid.z : i32
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.g2r<f16 copy_bits = 128 l2_prefetch_size = size_128b l1_cache_evict_priority = evict_last>
      %atom_4 = cute.make_atom() : () -> !cute_nvgpu.atom.r2s<f16 copy_bits = 128>
      %atom_5 = cute.make_atom() : () -> !cute_nvgpu.atom.s2r<f16 copy_bits = 128 mem_order = acquire mem_scope = cluster shared_space = cluster>
      %atom_6 = cute.make_atom() : () -> !cute_nvgpu.atom.r2g<f16 copy_bits = 128 store_cache_mode = streaming>
      %shape = cute.make_shape() : () -> !cute.shape<"256">
      %lay_7 = cute.make_layout(%shape) : !cute.layout<"256:1">
      %coord = cute.make_coord() : () -> !cute.coord<"0">
      %idx = cute.crd2idx(%coord, %lay_7) : (!cute.coord<"0">, !cute.layout<"256:1">) -> !cute.int_tuple<"0">
      %e0 = cute.get_leaves(%idx) : !cute.int_tuple<"0">
      %cosz = cute.cosize(%lay_7) : (!cute.layout<"256:1">) -> !cute.int_tuple<"256">
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
      %shape_16 = cute.make_shape() : () -> !cute.shape<"32">
      %lay_17 = cute.make_layout(%shape_16) : !cute.layout<"32:1">
      %shape_18 = cute.make_shape() : () -> !cute.shape<"8">
      %lay_19 = cute.make_layout(%shape_18) : !cute.layout<"8:1">
      %prod = cute.raked_product(%lay_17, %lay_19) : (!cute.layout<"32:1">, !cute.layout<"8:1">) -> !cute.layout<"((8,32)):((32,1))">
      %sz = cute.size(%lay_17) : (!cute.layout<"32:1">) -> !cute.int_tuple<"32">
      %e0_20 = cute.get_leaves(%sz) : !cute.int_tuple<"32">
      %sz_21 = cute.size(%lay_19) : (!cute.layout<"8:1">) -> !cute.int_tuple<"8">
      %e0_22 = cute.get_leaves(%sz_21) : !cute.int_tuple<"8">
      %shape_23 = cute.make_shape() : () -> !cute.shape<"(32,8)">
      %lay_24 = cute.make_layout(%shape_23) : !cute.layout<"(32,8):(1,32)">
      %rinv = cute.right_inverse(%prod) : (!cute.layout<"((8,32)):((32,1))">) -> !cute.layout<"(32,8):(8,1)">
      %6 = cute.composition(%rinv, %lay_24) : (!cute.layout<"(32,8):(8,1)">, !cute.layout<"(32,8):(1,32)">) -> !cute.layout<"(32,8):(8,1)">
      %7 = cute.get_shape(%prod) : (!cute.layout<"((8,32)):((32,1))">) -> !cute.shape<"((8,32))">
      %e0_25, %e1 = cute.get_leaves(%7) : !cute.shape<"((8,32))">
      %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"((8,32))">
      %res = cute.tuple.product_each(%int_tuple) : (!cute.int_tuple<"((8,32))">) -> !cute.int_tuple<"(256)">
      %e0_26 = cute.get_leaves(%res) : !cute.int_tuple<"(256)">
      %int_tuple_27 = cute.make_int_tuple() : () -> !cute.int_tuple<"(256)">
      %res_28 = cute.tuple.product_each(%int_tuple_27) : (!cute.int_tuple<"(256)">) -> !cute.int_tuple<"(256)">
      %e0_29 = cute.get_leaves(%res_28) : !cute.int_tuple<"(256)">
      %tile = cute.make_tile() : () -> !cute.tile<"[256:1]">
      %8 = cute.make_tiled_copy(%atom) : !copy_g2r
      %tile_30 = cute.make_tile() : () -> !cute.tile<"[256:1]">
      %coord_31 = cute.make_coord(%3) : (i32) -> !cute.coord<"(?)">
      %tiled_view = cute.local_tile(%arg0, %tile_30, %coord_31) : (!memref_gmem_f16, !cute.tile<"[256:1]">, !cute.coord<"(?)">) -> !memref_gmem_f16_1
      %iter_32 = cute.get_iter(%tiled_view) : !memref_gmem_f16_1
      %iter_33 = cute.get_iter(%tiled_view) : !memref_gmem_f16_1
      %coord_34 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned = cute.tiled.copy.partition_S(%8, %tiled_view, %coord_34) : (!copy_g2r, !memref_gmem_f16_1, !cute.coord<"?">) -> !memref_gmem_f16_2
      %iter_35 = cute.get_iter(%src_partitioned) : !memref_gmem_f16_2
      %lay_36 = cute.get_layout(%src_partitioned) : !memref_gmem_f16_2
      %9 = cute.make_layout_like(%lay_36) : !cute.layout<"((8,1),(1)):((1,0),(0))"> to !cute.layout<"((8,1),(1)):((1,0),(0))">
      %rmem = cute.memref.alloca(%9) : !memref_rmem_f16
      %iter_37 = cute.get_iter(%rmem) : !memref_rmem_f16
      %iter_38 = cute.get_iter(%rmem) : !memref_rmem_f16
      %10 = cute.get_shape(%lay_36) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_39, %e1_40, %e2 = cute.get_leaves(%10) : !cute.shape<"((8,1),(1))">
      %lay_41 = cute.get_layout(%rmem) : !memref_rmem_f16
      %11 = cute.get_shape(%lay_41) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_42, %e1_43, %e2_44 = cute.get_leaves(%11) : !cute.shape<"((8,1),(1))">
      %shape_45 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_46 = cute.make_layout(%shape_45) : !cute.layout<"1:0">
      %append = cute.append_to_rank<2> (%lay_36, %lay_46) : !cute.layout<"((8,1),(1)):((1,0),(0))">, !cute.layout<"1:0">
      %view_47 = cute.make_view(%iter_35, %append) : !memref_gmem_f16_2
      %iter_48 = cute.get_iter(%view_47) : !memref_gmem_f16_2
      %lay_49 = cute.get_layout(%view_47) : !memref_gmem_f16_2
      %12 = cute.get_shape(%lay_49) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_50, %e1_51, %e2_52 = cute.get_leaves(%12) : !cute.shape<"((8,1),(1))">
      %grouped = cute.group_modes(%view_47) <1, 2> : (!memref_gmem_f16_2) -> !memref_gmem_f16_3
      %iter_53 = cute.get_iter(%grouped) : !memref_gmem_f16_3
      %iter_54 = cute.get_iter(%grouped) : !memref_gmem_f16_3
      %shape_55 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_56 = cute.make_layout(%shape_55) : !cute.layout<"1:0">
      %append_57 = cute.append_to_rank<2> (%lay_41, %lay_56) : !cute.layout<"((8,1),(1)):((1,0),(0))">, !cute.layout<"1:0">
      %view_58 = cute.make_view(%iter_38, %append_57) : !memref_rmem_f16
      %iter_59 = cute.get_iter(%view_58) : !memref_rmem_f16
      %lay_60 = cute.get_layout(%view_58) : !memref_rmem_f16
      %13 = cute.get_shape(%lay_60) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_61, %e1_62, %e2_63 = cute.get_leaves(%13) : !cute.shape<"((8,1),(1))">
      %grouped_64 = cute.group_modes(%view_58) <1, 2> : (!memref_rmem_f16) -> !memref_rmem_f16_1
      %iter_65 = cute.get_iter(%grouped_64) : !memref_rmem_f16_1
      %iter_66 = cute.get_iter(%grouped_64) : !memref_rmem_f16_1
      %lay_67 = cute.get_layout(%grouped) : !memref_gmem_f16_3
      %14 = cute.get_shape(%lay_67) : (!cute.layout<"((8,1),((1))):((1,0),((0)))">) -> !cute.shape<"((8,1),((1)))">
      %e0_68, %e1_69, %e2_70 = cute.get_leaves(%14) : !cute.shape<"((8,1),((1)))">
      %lay_71 = cute.get_layout(%grouped_64) : !memref_rmem_f16_1
      %15 = cute.get_shape(%lay_71) : (!cute.layout<"((8,1),((1))):((1,0),((0)))">) -> !cute.shape<"((8,1),((1)))">
      %e0_72, %e1_73, %e2_74 = cute.get_leaves(%15) : !cute.shape<"((8,1),((1)))">
      %sz_75 = cute.size(%grouped) <{mode = [1]}> : (!memref_gmem_f16_3) -> !cute.int_tuple<"1">
      %e0_76 = cute.get_leaves(%sz_75) : !cute.int_tuple<"1">
      %sz_77 = cute.size(%grouped_64) <{mode = [1]}> : (!memref_rmem_f16_1) -> !cute.int_tuple<"1">
      %e0_78 = cute.get_leaves(%sz_77) : !cute.int_tuple<"1">
      cute.copy(%atom, %grouped, %grouped_64) : (!cute_nvgpu.atom.g2r<f16 copy_bits = 128 l2_prefetch_size = size_128b l1_cache_evict_priority = evict_last>, !memref_gmem_f16_3, !memref_rmem_f16_1)
      %coord_79 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %dst_partitioned = cute.tiled.copy.partition_D(%8, %view, %coord_79) : (!copy_g2r, !memref_smem_f16, !cute.coord<"?">) -> !memref_smem_f16_1
      %iter_80 = cute.get_iter(%dst_partitioned) : !memref_smem_f16_1
      %lay_81 = cute.get_layout(%dst_partitioned) : !memref_smem_f16_1
      %16 = cute.get_shape(%lay_81) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_82, %e1_83, %e2_84 = cute.get_leaves(%16) : !cute.shape<"((8,1),(1))">
      %shape_85 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_86 = cute.make_layout(%shape_85) : !cute.layout<"1:0">
      %append_87 = cute.append_to_rank<2> (%lay_41, %lay_86) : !cute.layout<"((8,1),(1)):((1,0),(0))">, !cute.layout<"1:0">
      %view_88 = cute.make_view(%iter_38, %append_87) : !memref_rmem_f16
      %iter_89 = cute.get_iter(%view_88) : !memref_rmem_f16
      %lay_90 = cute.get_layout(%view_88) : !memref_rmem_f16
      %17 = cute.get_shape(%lay_90) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_91, %e1_92, %e2_93 = cute.get_leaves(%17) : !cute.shape<"((8,1),(1))">
      %grouped_94 = cute.group_modes(%view_88) <1, 2> : (!memref_rmem_f16) -> !memref_rmem_f16_1
      %iter_95 = cute.get_iter(%grouped_94) : !memref_rmem_f16_1
      %iter_96 = cute.get_iter(%grouped_94) : !memref_rmem_f16_1
      %shape_97 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_98 = cute.make_layout(%shape_97) : !cute.layout<"1:0">
      %append_99 = cute.append_to_rank<2> (%lay_81, %lay_98) : !cute.layout<"((8,1),(1)):((1,0),(0))">, !cute.layout<"1:0">
      %view_100 = cute.make_view(%iter_80, %append_99) : !memref_smem_f16_1
      %iter_101 = cute.get_iter(%view_100) : !memref_smem_f16_1
      %lay_102 = cute.get_layout(%view_100) : !memref_smem_f16_1
      %18 = cute.get_shape(%lay_102) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_103, %e1_104, %e2_105 = cute.get_leaves(%18) : !cute.shape<"((8,1),(1))">
      %grouped_106 = cute.group_modes(%view_100) <1, 2> : (!memref_smem_f16_1) -> !memref_smem_f16_2
      %iter_107 = cute.get_iter(%grouped_106) : !memref_smem_f16_2
      %iter_108 = cute.get_iter(%grouped_106) : !memref_smem_f16_2
      %lay_109 = cute.get_layout(%grouped_94) : !memref_rmem_f16_1
      %19 = cute.get_shape(%lay_109) : (!cute.layout<"((8,1),((1))):((1,0),((0)))">) -> !cute.shape<"((8,1),((1)))">
      %e0_110, %e1_111, %e2_112 = cute.get_leaves(%19) : !cute.shape<"((8,1),((1)))">
      %lay_113 = cute.get_layout(%grouped_106) : !memref_smem_f16_2
      %20 = cute.get_shape(%lay_113) : (!cute.layout<"((8,1),((1))):((1,0),((0)))">) -> !cute.shape<"((8,1),((1)))">
      %e0_114, %e1_115, %e2_116 = cute.get_leaves(%20) : !cute.shape<"((8,1),((1)))">
      %sz_117 = cute.size(%grouped_94) <{mode = [1]}> : (!memref_rmem_f16_1) -> !cute.int_tuple<"1">
      %e0_118 = cute.get_leaves(%sz_117) : !cute.int_tuple<"1">
      %sz_119 = cute.size(%grouped_106) <{mode = [1]}> : (!memref_smem_f16_2) -> !cute.int_tuple<"1">
      %e0_120 = cute.get_leaves(%sz_119) : !cute.int_tuple<"1">
      cute.copy(%atom_4, %grouped_94, %grouped_106) : (!cute_nvgpu.atom.r2s<f16 copy_bits = 128>, !memref_rmem_f16_1, !memref_smem_f16_2)
      nvvm.barrier
      %21 = cute.make_layout_like(%lay_36) : !cute.layout<"((8,1),(1)):((1,0),(0))"> to !cute.layout<"((8,1),(1)):((1,0),(0))">
      %rmem_121 = cute.memref.alloca(%21) : !memref_rmem_f16
      %iter_122 = cute.get_iter(%rmem_121) : !memref_rmem_f16
      %iter_123 = cute.get_iter(%rmem_121) : !memref_rmem_f16
      %coord_124 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned_125 = cute.tiled.copy.partition_S(%8, %view, %coord_124) : (!copy_g2r, !memref_smem_f16, !cute.coord<"?">) -> !memref_smem_f16_1
      %iter_126 = cute.get_iter(%src_partitioned_125) : !memref_smem_f16_1
      %lay_127 = cute.get_layout(%src_partitioned_125) : !memref_smem_f16_1
      %22 = cute.get_shape(%lay_127) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_128, %e1_129, %e2_130 = cute.get_leaves(%22) : !cute.shape<"((8,1),(1))">
      %lay_131 = cute.get_layout(%rmem_121) : !memref_rmem_f16
      %23 = cute.get_shape(%lay_131) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_132, %e1_133, %e2_134 = cute.get_leaves(%23) : !cute.shape<"((8,1),(1))">
      %shape_135 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_136 = cute.make_layout(%shape_135) : !cute.layout<"1:0">
      %append_137 = cute.append_to_rank<2> (%lay_127, %lay_136) : !cute.layout<"((8,1),(1)):((1,0),(0))">, !cute.layout<"1:0">
      %view_138 = cute.make_view(%iter_126, %append_137) : !memref_smem_f16_1
      %iter_139 = cute.get_iter(%view_138) : !memref_smem_f16_1
      %lay_140 = cute.get_layout(%view_138) : !memref_smem_f16_1
      %24 = cute.get_shape(%lay_140) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_141, %e1_142, %e2_143 = cute.get_leaves(%24) : !cute.shape<"((8,1),(1))">
      %grouped_144 = cute.group_modes(%view_138) <1, 2> : (!memref_smem_f16_1) -> !memref_smem_f16_2
      %iter_145 = cute.get_iter(%grouped_144) : !memref_smem_f16_2
      %iter_146 = cute.get_iter(%grouped_144) : !memref_smem_f16_2
      %shape_147 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_148 = cute.make_layout(%shape_147) : !cute.layout<"1:0">
      %append_149 = cute.append_to_rank<2> (%lay_131, %lay_148) : !cute.layout<"((8,1),(1)):((1,0),(0))">, !cute.layout<"1:0">
      %view_150 = cute.make_view(%iter_123, %append_149) : !memref_rmem_f16
      %iter_151 = cute.get_iter(%view_150) : !memref_rmem_f16
      %lay_152 = cute.get_layout(%view_150) : !memref_rmem_f16
      %25 = cute.get_shape(%lay_152) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_153, %e1_154, %e2_155 = cute.get_leaves(%25) : !cute.shape<"((8,1),(1))">
      %grouped_156 = cute.group_modes(%view_150) <1, 2> : (!memref_rmem_f16) -> !memref_rmem_f16_1
      %iter_157 = cute.get_iter(%grouped_156) : !memref_rmem_f16_1
      %iter_158 = cute.get_iter(%grouped_156) : !memref_rmem_f16_1
      %lay_159 = cute.get_layout(%grouped_144) : !memref_smem_f16_2
      %26 = cute.get_shape(%lay_159) : (!cute.layout<"((8,1),((1))):((1,0),((0)))">) -> !cute.shape<"((8,1),((1)))">
      %e0_160, %e1_161, %e2_162 = cute.get_leaves(%26) : !cute.shape<"((8,1),((1)))">
      %lay_163 = cute.get_layout(%grouped_156) : !memref_rmem_f16_1
      %27 = cute.get_shape(%lay_163) : (!cute.layout<"((8,1),((1))):((1,0),((0)))">) -> !cute.shape<"((8,1),((1)))">
      %e0_164, %e1_165, %e2_166 = cute.get_leaves(%27) : !cute.shape<"((8,1),((1)))">
      %sz_167 = cute.size(%grouped_144) <{mode = [1]}> : (!memref_smem_f16_2) -> !cute.int_tuple<"1">
      %e0_168 = cute.get_leaves(%sz_167) : !cute.int_tuple<"1">
      %sz_169 = cute.size(%grouped_156) <{mode = [1]}> : (!memref_rmem_f16_1) -> !cute.int_tuple<"1">
      %e0_170 = cute.get_leaves(%sz_169) : !cute.int_tuple<"1">
      cute.copy(%atom_5, %grouped_144, %grouped_156) : (!cute_nvgpu.atom.s2r<f16 copy_bits = 128 mem_order = acquire mem_scope = cluster shared_space = cluster>, !memref_smem_f16_2, !memref_rmem_f16_1)
      %tile_171 = cute.make_tile() : () -> !cute.tile<"[256:1]">
      %coord_172 = cute.make_coord(%3) : (i32) -> !cute.coord<"(?)">
      %tiled_view_173 = cute.local_tile(%arg1, %tile_171, %coord_172) : (!memref_gmem_f16, !cute.tile<"[256:1]">, !cute.coord<"(?)">) -> !memref_gmem_f16_1
      %iter_174 = cute.get_iter(%tiled_view_173) : !memref_gmem_f16_1
      %iter_175 = cute.get_iter(%tiled_view_173) : !memref_gmem_f16_1
      %coord_176 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %dst_partitioned_177 = cute.tiled.copy.partition_D(%8, %tiled_view_173, %coord_176) : (!copy_g2r, !memref_gmem_f16_1, !cute.coord<"?">) -> !memref_gmem_f16_2
      %iter_178 = cute.get_iter(%dst_partitioned_177) : !memref_gmem_f16_2
      %lay_179 = cute.get_layout(%dst_partitioned_177) : !memref_gmem_f16_2
      %28 = cute.get_shape(%lay_179) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_180, %e1_181, %e2_182 = cute.get_leaves(%28) : !cute.shape<"((8,1),(1))">
      %shape_183 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_184 = cute.make_layout(%shape_183) : !cute.layout<"1:0">
      %append_185 = cute.append_to_rank<2> (%lay_131, %lay_184) : !cute.layout<"((8,1),(1)):((1,0),(0))">, !cute.layout<"1:0">
      %view_186 = cute.make_view(%iter_123, %append_185) : !memref_rmem_f16
      %iter_187 = cute.get_iter(%view_186) : !memref_rmem_f16
      %lay_188 = cute.get_layout(%view_186) : !memref_rmem_f16
      %29 = cute.get_shape(%lay_188) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_189, %e1_190, %e2_191 = cute.get_leaves(%29) : !cute.shape<"((8,1),(1))">
      %grouped_192 = cute.group_modes(%view_186) <1, 2> : (!memref_rmem_f16) -> !memref_rmem_f16_1
      %iter_193 = cute.get_iter(%grouped_192) : !memref_rmem_f16_1
      %iter_194 = cute.get_iter(%grouped_192) : !memref_rmem_f16_1
      %shape_195 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_196 = cute.make_layout(%shape_195) : !cute.layout<"1:0">
      %append_197 = cute.append_to_rank<2> (%lay_179, %lay_196) : !cute.layout<"((8,1),(1)):((1,0),(0))">, !cute.layout<"1:0">
      %view_198 = cute.make_view(%iter_178, %append_197) : !memref_gmem_f16_2
      %iter_199 = cute.get_iter(%view_198) : !memref_gmem_f16_2
      %lay_200 = cute.get_layout(%view_198) : !memref_gmem_f16_2
      %30 = cute.get_shape(%lay_200) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_201, %e1_202, %e2_203 = cute.get_leaves(%30) : !cute.shape<"((8,1),(1))">
      %grouped_204 = cute.group_modes(%view_198) <1, 2> : (!memref_gmem_f16_2) -> !memref_gmem_f16_3
      %iter_205 = cute.get_iter(%grouped_204) : !memref_gmem_f16_3
      %iter_206 = cute.get_iter(%grouped_204) : !memref_gmem_f16_3
      %lay_207 = cute.get_layout(%grouped_192) : !memref_rmem_f16_1
      %31 = cute.get_shape(%lay_207) : (!cute.layout<"((8,1),((1))):((1,0),((0)))">) -> !cute.shape<"((8,1),((1)))">
      %e0_208, %e1_209, %e2_210 = cute.get_leaves(%31) : !cute.shape<"((8,1),((1)))">
      %lay_211 = cute.get_layout(%grouped_204) : !memref_gmem_f16_3
      %32 = cute.get_shape(%lay_211) : (!cute.layout<"((8,1),((1))):((1,0),((0)))">) -> !cute.shape<"((8,1),((1)))">
      %e0_212, %e1_213, %e2_214 = cute.get_leaves(%32) : !cute.shape<"((8,1),((1)))">
      %sz_215 = cute.size(%grouped_192) <{mode = [1]}> : (!memref_rmem_f16_1) -> !cute.int_tuple<"1">
      %e0_216 = cute.get_leaves(%sz_215) : !cute.int_tuple<"1">
      %sz_217 = cute.size(%grouped_204) <{mode = [1]}> : (!memref_gmem_f16_3) -> !cute.int_tuple<"1">
      %e0_218 = cute.get_leaves(%sz_217) : !cute.int_tuple<"1">
      cute.copy(%atom_6, %grouped_192, %grouped_204) : (!cute_nvgpu.atom.r2g<f16 copy_bits = 128 store_cache_mode = streaming>, !memref_rmem_f16_1, !memref_gmem_f16_3)
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat1610241_FakeTensorFloat1610241(%arg0: !memref_gmem_f16, %arg1: !memref_gmem_f16) -> i32 attributes {llvm.emit_c_interface} {
    %iter = cute.get_iter(%arg0) : !memref_gmem_f16
    %iter_0 = cute.get_iter(%arg1) : !memref_gmem_f16
    %iter_1 = cute.get_iter(%arg0) : !memref_gmem_f16
    %iter_2 = cute.get_iter(%arg1) : !memref_gmem_f16
    %lay = cute.get_layout(%arg0) : !memref_gmem_f16
    %lay_3 = cute.get_layout(%arg1) : !memref_gmem_f16
    %0 = cute.kernel_smem_size @kernels::@kernel_cutlass_simt_copy_kernel_tensorptrf16gmemalign16o10241_tensorptrf16gmemalign16o10241_0 : i64
    %c232448_i64 = arith.constant 232448 : i64
    %1 = arith.cmpi sgt, %0, %c232448_i64 : i64
    scf.if %1 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_simt_copy_kernel_tensorptrf16gmemalign16o10241_tensorptrf16gmemalign16o10241_0' launch shared memory exceeds current GPU arch sm_90a allowed. Allocated: {} bytes. Max: 232448 bytes.\0A\0A", %0) : i64
    }
    %c0_i64 = arith.constant 0 : i64
    %2 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %c32_i32 = arith.constant 32 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %3 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c32_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %0, gridDim = (%c4_i32, %c1_i32, %c1_i32), stream = %2) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    %c0_i32 = arith.constant 0 : i32
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%3] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %c2_i32 = arith.constant 2 : i32
    %c1_i32_4 = arith.constant 1 : i32
    cuda.launch_cfg.cluster_dim[%3] (%c2_i32, %c1_i32_4, %c1_i32_4) : !cuda.launch_cfg<max_attrs = 17>, i32, i32, i32
    %c0_i32_5 = arith.constant 0 : i32
    cuda.launch_cfg.cooperative[%3] %c0_i32_5 : !cuda.launch_cfg<max_attrs = 17>, i32
    %4 = cuda.launch_ex @kernels::@kernel_cutlass_simt_copy_kernel_tensorptrf16gmemalign16o10241_tensorptrf16gmemalign16o10241_0<%3> (%arg0, %arg1) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!memref_gmem_f16, !memref_gmem_f16) -> !cuda.result
    %5 = cuda.cast %4 : !cuda.result -> i32
    cuda.return_if_error %5 : i32
    %c0_i32_6 = arith.constant 0 : i32
    return %c0_i32_6 : i32
  }
}

