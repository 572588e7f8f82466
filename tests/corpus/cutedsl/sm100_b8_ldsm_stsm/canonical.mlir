!copy_ldsm_1 = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(16,16)">, sz_pattern = u8, num_matrices = 1, t>, layout_copy_tv = <"((4,8),(1,4,2)):((64,1),(1,16,8))">, tiler_mn = <"[16:1;16:1]">>
!copy_ldsm_1_1 = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(8,16)">, sz_pattern = u6x16p32to8, num_matrices = 1, n>, layout_copy_tv = <"(32,4):(4,1)">, tiler_mn = <"[8:1;16:1]">>
!copy_ldsm_2 = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(16,16)">, sz_pattern = u6x16p32to8, num_matrices = 2, t>, layout_copy_tv = <"((4,8),(1,4,2,2)):((64,1),(1,16,8,256))">, tiler_mn = <"[16:1;32:1]">>
!copy_ldsm_4 = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(16,8)">, sz_pattern = u8, num_matrices = 4, t>, layout_copy_tv = <"((4,8),(1,2,2,4)):((32,1),(1,16,8,128))">, tiler_mn = <"[16:1;32:1]">>
!copy_ldsm_4_1 = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(8,16)">, sz_pattern = u4x16p64to8, num_matrices = 4, n>, layout_copy_tv = <"(32,(4,4)):(4,(1,128))">, tiler_mn = <"[32:1;16:1]">>
!copy_stsm_1 = !cute.tiled_copy<!cute_nvgpu.atom.stsm<i8, mode = <"(16,8)">, num_matrices = 1, t>, layout_copy_tv = <"((4,8),(1,2,2)):((32,1),(1,16,8))">, tiler_mn = <"[16:1;8:1]">>
!copy_stsm_2 = !cute.tiled_copy<!cute_nvgpu.atom.stsm<i8, mode = <"(16,8)">, num_matrices = 2, t>, layout_copy_tv = <"((4,8),(1,2,2,2)):((32,1),(1,16,8,128))">, tiler_mn = <"[16:1;16:1]">>
!copy_stsm_4 = !cute.tiled_copy<!cute_nvgpu.atom.stsm<i8, mode = <"(16,8)">, num_matrices = 4, t>, layout_copy_tv = <"((4,8),(1,2,2,4)):((32,1),(1,16,8,128))">, tiler_mn = <"[16:1;32:1]">>
!memref_gmem_i8 = !cute.memref<i8, gmem, align<16>, "(16,32):(1,16)">
!memref_gmem_i8_1 = !cute.memref<i8, gmem, align<16>, "(32,16):(1,32)">
!memref_gmem_i8_2 = !cute.memref<i8, gmem, align<16>, "(512,1):(1,0)">
!memref_gmem_i8_3 = !cute.memref<i8, gmem, "(((4,2),1),1,2):(((16,8),0),0,256)">
!memref_gmem_i8_4 = !cute.memref<i8, gmem, "(((4,2,2),1),1,1):(((16,8,256),0),0,0)">
!memref_gmem_i8_5 = !cute.memref<i8, gmem, "(((2,2,4),1),1,1):(((16,8,128),0),0,0)">
!memref_gmem_i8_6 = !cute.memref<i8, gmem, align<4>, "(((4,4),1),1,1):(((1,128),0),0,0)">
!memref_gmem_i8_7 = !cute.memref<i8, gmem, align<4>, "(4,4):(1,128)">
!memref_gmem_i8_8 = !cute.memref<i8, gmem, align<4>, "((4,1),4,1):((1,0),8,0)">
!memref_gmem_i8_9 = !cute.memref<i8, gmem, align<4>, "(4,4):(1,8)">
!memref_gmem_i8_10 = !cute.memref<i8, gmem, "(((2,2),1),1,4):(((16,8),0),0,128)">
!memref_gmem_i8_11 = !cute.memref<i8, gmem, "(((2,2,2),1),1,2):(((16,8,128),0),0,256)">
!memref_rmem_i8 = !cute.memref<i8, rmem, align<32>, "(((4,2),1),1,2):(((2,1),0),0,8)">
!memref_rmem_i8_1 = !cute.memref<i8, rmem, align<32>, "(((4,2),1),(1,2)):(((2,1),0),(0,8))">
!memref_rmem_i8_2 = !cute.memref<i8, rmem, align<32>, "(((4,2,2),1),1,1):(((2,1,8),0),0,0)">
!memref_rmem_i8_3 = !cute.memref<i8, rmem, align<32>, "(((4,2,2),1),(1,1)):(((2,1,8),0),(0,0))">
!memref_rmem_i8_4 = !cute.memref<i8, rmem, align<32>, "(((2,2,4),1),1,1):(((2,1,4),0),0,0)">
!memref_rmem_i8_5 = !cute.memref<i8, rmem, align<32>, "(((2,2,4),1),(1,1)):(((2,1,4),0),(0,0))">
!memref_rmem_i8_6 = !cute.memref<i8, rmem, align<32>, "(((4,4),1),1,1):(((1,4),0),0,0)">
!memref_rmem_i8_7 = !cute.memref<i8, rmem, align<32>, "(((4,4),1),(1,1)):(((1,4),0),(0,0))">
!memref_rmem_i8_8 = !cute.memref<i8, rmem, align<32>, "(4,4):(1,4)">
!memref_rmem_i8_9 = !cute.memref<i8, rmem, align<32>, "((4,1),4,1):((1,0),4,0)">
!memref_rmem_i8_10 = !cute.memref<i8, rmem, align<32>, "((4,1),(4,1)):((1,0),(4,0))">
!memref_rmem_i8_11 = !cute.memref<i8, rmem, align<32>, "(((2,2),1),1,4):(((2,1),0),0,4)">
!memref_rmem_i8_12 = !cute.memref<i8, rmem, align<32>, "(((2,2),1),(1,4)):(((2,1),0),(0,4))">
!memref_rmem_i8_13 = !cute.memref<i8, rmem, align<32>, "(((2,2,2),1),1,2):(((2,1,4),0),0,8)">
!memref_rmem_i8_14 = !cute.memref<i8, rmem, align<32>, "(((2,2,2),1),(1,2)):(((2,1,4),0),(0,8))">
!memref_smem_i8 = !cute.memref<i8, smem, align<16>, "512:1">
!memref_smem_i8_1 = !cute.memref<i8, smem, align<16>, "(16,32):(1,16)">
!memref_smem_i8_2 = !cute.memref<i8, smem, align<16>, "(32,16):(1,32)">
!memref_smem_i8_3 = !cute.memref<i8, smem, align<16>, "(512,1):(1,0)">
!memref_smem_i8_4 = !cute.memref<i8, smem, align<16>, "((16,1),1,2):((1,0),0,256)">
!memref_smem_i8_5 = !cute.memref<i8, smem, align<16>, "((16,1),(1,2)):((1,0),(0,256))">
!memref_smem_i8_6 = !cute.memref<i8, smem, align<16>, "((16,1),1,1):((1,0),0,0)">
!memref_smem_i8_7 = !cute.memref<i8, smem, align<16>, "((16,1),(1,1)):((1,0),(0,0))">
!memref_smem_i8_8 = !cute.memref<i8, smem, align<16>, "(((8,2),1),4,1):(((1,32),0),8,0)">
!memref_smem_i8_9 = !cute.memref<i8, smem, align<16>, "(((8,2),1),(4,1)):(((1,32),0),(8,0))">
!memref_smem_i8_10 = !cute.memref<i8, smem, align<16>, "((16,1),1,4):((1,0),0,128)">
!memref_smem_i8_11 = !cute.memref<i8, smem, align<16>, "((16,1),(1,4)):((1,0),(0,128))">
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_cutlass_b8_matrix_kernel_tensorptri8gmemalign16o1632116_tensorptri8gmemalign16o1632116_tensorptri8gmemalign16o3216132_0(%arg0: !memref_gmem_i8, %arg1: !memref_gmem_i8, %arg2: !memref_gmem_i8_1) attributes {cu_attrs = {max_dynamic_shared_size_bytes = #cuda.dev_max_shared_memory_optin, non_portable_cluster_size_allowed = 1 : i32}, cute.kernel, cutlass_launch_facts = {cluster_launch = false, cooperative_launch = false, exact_block_dim = array<i64: 32, 1, 1>, exact_grid_dim = array<i64: 1, 1, 1>, schema_version = 1 : i64}, gpu.kernel, nvvm.reqntid = array<i32: 32, 1, 1>, smem.hint_smem_base_uniform, smem.partition_num = 2 : i32} {
      %c0_i32 = arith.constant 0 : i32
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %shape = cute.make_shape() : () -> !cute.shape<"(16,32)">
      %stride = cute.make_stride() : () -> !cute.stride<"(1,16)">
      %lay = cute.make_layout(%shape, %stride) : !cute.layout<"(16,32):(1,16)">
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter = cute.get_iter(%smem) : !memref_smem_i8
      %iter_0 = cute.recast_iter(%iter) : !cute.ptr<i8, smem, align<16>> to !cute.ptr<i8, smem, align<16>>
      %view = cute.make_view(%iter_0, %lay) : !memref_smem_i8_1
      %shape_1 = cute.make_shape() : () -> !cute.shape<"(32,16)">
      %stride_2 = cute.make_stride() : () -> !cute.stride<"(1,32)">
      %lay_3 = cute.make_layout(%shape_1, %stride_2) : !cute.layout<"(32,16):(1,32)">
      %smem_4 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter_5 = cute.get_iter(%smem_4) : !memref_smem_i8
      %iter_6 = cute.recast_iter(%iter_5) : !cute.ptr<i8, smem, align<16>> to !cute.ptr<i8, smem, align<16>>
      %view_7 = cute.make_view(%iter_6, %lay_3) : !memref_smem_i8_2
      %1 = arith.cmpi eq, %0, %c0_i32 : i32
      scf.if %1 {
        %lay_131 = cute.get_layout(%arg0) : !memref_gmem_i8
        %rinv_132 = cute.right_inverse(%lay) : (!cute.layout<"(16,32):(1,16)">) -> !cute.layout<"512:1">
        %14 = cute.composition(%lay_131, %rinv_132) : (!cute.layout<"(16,32):(1,16)">, !cute.layout<"512:1">) -> !cute.layout<"512:1">
        %coalesce_133 = cute.coalesce(%14) : (!cute.layout<"512:1">) -> !cute.layout<"512:1">
        %15 = cute.composition(%rinv_132, %coalesce_133) : (!cute.layout<"512:1">, !cute.layout<"512:1">) -> !cute.layout<"512:1">
        %div_134 = cute.logical_divide(%arg0, %15) : !memref_gmem_i8, !cute.layout<"512:1">
        %div_135 = cute.logical_divide(%view, %15) : !memref_smem_i8_1, !cute.layout<"512:1">
        %shape_136 = cute.make_shape() : () -> !cute.shape<"16">
        %lay_137 = cute.make_layout(%shape_136) : !cute.layout<"16:1">
        %div_138 = cute.logical_divide(%div_134, %lay_137) : !memref_gmem_i8_2, !cute.layout<"16:1">
        %div_139 = cute.logical_divide(%div_135, %lay_137) : !memref_smem_i8_3, !cute.layout<"16:1">
        %atom_140 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<i8, 128 b>
        cute.copy(%atom_140, %div_138, %div_139) : (!cute_nvgpu.atom.universal_copy<i8, 128 b>, !memref_gmem_i8, !memref_smem_i8_1)
        %lay_141 = cute.get_layout(%arg2) : !memref_gmem_i8_1
        %rinv_142 = cute.right_inverse(%lay_3) : (!cute.layout<"(32,16):(1,32)">) -> !cute.layout<"512:1">
        %16 = cute.composition(%lay_141, %rinv_142) : (!cute.layout<"(32,16):(1,32)">, !cute.layout<"512:1">) -> !cute.layout<"512:1">
        %coalesce_143 = cute.coalesce(%16) : (!cute.layout<"512:1">) -> !cute.layout<"512:1">
        %17 = cute.composition(%rinv_142, %coalesce_143) : (!cute.layout<"512:1">, !cute.layout<"512:1">) -> !cute.layout<"512:1">
        %div_144 = cute.logical_divide(%arg2, %17) : !memref_gmem_i8_1, !cute.layout<"512:1">
        %div_145 = cute.logical_divide(%view_7, %17) : !memref_smem_i8_2, !cute.layout<"512:1">
        %div_146 = cute.logical_divide(%div_144, %lay_137) : !memref_gmem_i8_2, !cute.layout<"16:1">
        %div_147 = cute.logical_divide(%div_145, %lay_137) : !memref_smem_i8_3, !cute.layout<"16:1">
        cute.copy(%atom_140, %div_146, %div_147) : (!cute_nvgpu.atom.universal_copy<i8, 128 b>, !memref_gmem_i8, !memref_smem_i8_1)
      }
      nvvm.barrier
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(16,16)">, sz_pattern = u8, num_matrices = 1, t>
      %2 = cute.make_tiled_copy(%atom) : !copy_ldsm_1
      %rmem = cute.memref.alloca() : !memref_rmem_i8
      %iter_8 = cute.get_iter(%rmem) : !memref_rmem_i8
      %coord = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned = cute.tiled.copy.partition_S(%2, %view, %coord) : (!copy_ldsm_1, !memref_smem_i8_1, !cute.coord<"?">) -> !memref_smem_i8_4
      %iter_9 = cute.get_iter(%src_partitioned) : !memref_smem_i8_4
      %lay_10 = cute.get_layout(%src_partitioned) : !memref_smem_i8_4
      %lay_11 = cute.get_layout(%rmem) : !memref_rmem_i8
      %shape_12 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_13 = cute.make_layout(%shape_12) : !cute.layout<"1:0">
      %append = cute.append_to_rank<2> (%lay_10, %lay_13) : !cute.layout<"((16,1),1,2):((1,0),0,256)">, !cute.layout<"1:0">
      %view_14 = cute.make_view(%iter_9, %append) : !memref_smem_i8_4
      %grouped = cute.group_modes(%view_14) <1, 3> : (!memref_smem_i8_4) -> !memref_smem_i8_5
      %append_15 = cute.append_to_rank<2> (%lay_11, %lay_13) : !cute.layout<"(((4,2),1),1,2):(((2,1),0),0,8)">, !cute.layout<"1:0">
      %view_16 = cute.make_view(%iter_8, %append_15) : !memref_rmem_i8
      %grouped_17 = cute.group_modes(%view_16) <1, 3> : (!memref_rmem_i8) -> !memref_rmem_i8_1
      cute.copy(%2, %grouped, %grouped_17) : (!copy_ldsm_1, !memref_smem_i8_5, !memref_rmem_i8_1)
      %dst_partitioned = cute.tiled.copy.partition_D(%2, %arg1, %coord) : (!copy_ldsm_1, !memref_gmem_i8, !cute.coord<"?">) -> !memref_gmem_i8_3
      %atom_18 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<i8, 8 b>
      cute.copy(%atom_18, %rmem, %dst_partitioned) : (!cute_nvgpu.atom.universal_copy<i8, 8 b>, !memref_rmem_i8, !memref_gmem_i8_3)
      %atom_19 = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(16,16)">, sz_pattern = u6x16p32to8, num_matrices = 2, t>
      %3 = cute.make_tiled_copy(%atom_19) : !copy_ldsm_2
      %rmem_20 = cute.memref.alloca() : !memref_rmem_i8_2
      %iter_21 = cute.get_iter(%rmem_20) : !memref_rmem_i8_2
      %src_partitioned_22 = cute.tiled.copy.partition_S(%3, %view, %coord) : (!copy_ldsm_2, !memref_smem_i8_1, !cute.coord<"?">) -> !memref_smem_i8_6
      %iter_23 = cute.get_iter(%src_partitioned_22) : !memref_smem_i8_6
      %lay_24 = cute.get_layout(%src_partitioned_22) : !memref_smem_i8_6
      %lay_25 = cute.get_layout(%rmem_20) : !memref_rmem_i8_2
      %append_26 = cute.append_to_rank<2> (%lay_24, %lay_13) : !cute.layout<"((16,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_27 = cute.make_view(%iter_23, %append_26) : !memref_smem_i8_6
      %grouped_28 = cute.group_modes(%view_27) <1, 3> : (!memref_smem_i8_6) -> !memref_smem_i8_7
      %append_29 = cute.append_to_rank<2> (%lay_25, %lay_13) : !cute.layout<"(((4,2,2),1),1,1):(((2,1,8),0),0,0)">, !cute.layout<"1:0">
      %view_30 = cute.make_view(%iter_21, %append_29) : !memref_rmem_i8_2
      %grouped_31 = cute.group_modes(%view_30) <1, 3> : (!memref_rmem_i8_2) -> !memref_rmem_i8_3
      cute.copy(%3, %grouped_28, %grouped_31) : (!copy_ldsm_2, !memref_smem_i8_7, !memref_rmem_i8_3)
      %dst_partitioned_32 = cute.tiled.copy.partition_D(%3, %arg1, %coord) : (!copy_ldsm_2, !memref_gmem_i8, !cute.coord<"?">) -> !memref_gmem_i8_4
      cute.copy(%atom_18, %rmem_20, %dst_partitioned_32) : (!cute_nvgpu.atom.universal_copy<i8, 8 b>, !memref_rmem_i8_2, !memref_gmem_i8_4)
      %atom_33 = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(16,8)">, sz_pattern = u8, num_matrices = 4, t>
      %4 = cute.make_tiled_copy(%atom_33) : !copy_ldsm_4
      %rmem_34 = cute.memref.alloca() : !memref_rmem_i8_4
      %iter_35 = cute.get_iter(%rmem_34) : !memref_rmem_i8_4
      %src_partitioned_36 = cute.tiled.copy.partition_S(%4, %view, %coord) : (!copy_ldsm_4, !memref_smem_i8_1, !cute.coord<"?">) -> !memref_smem_i8_6
      %iter_37 = cute.get_iter(%src_partitioned_36) : !memref_smem_i8_6
      %lay_38 = cute.get_layout(%src_partitioned_36) : !memref_smem_i8_6
      %lay_39 = cute.get_layout(%rmem_34) : !memref_rmem_i8_4
      %append_40 = cute.append_to_rank<2> (%lay_38, %lay_13) : !cute.layout<"((16,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_41 = cute.make_view(%iter_37, %append_40) : !memref_smem_i8_6
      %grouped_42 = cute.group_modes(%view_41) <1, 3> : (!memref_smem_i8_6) -> !memref_smem_i8_7
      %append_43 = cute.append_to_rank<2> (%lay_39, %lay_13) : !cute.layout<"(((2,2,4),1),1,1):(((2,1,4),0),0,0)">, !cute.layout<"1:0">
      %view_44 = cute.make_view(%iter_35, %append_43) : !memref_rmem_i8_4
      %grouped_45 = cute.group_modes(%view_44) <1, 3> : (!memref_rmem_i8_4) -> !memref_rmem_i8_5
      cute.copy(%4, %grouped_42, %grouped_45) : (!copy_ldsm_4, !memref_smem_i8_7, !memref_rmem_i8_5)
      %dst_partitioned_46 = cute.tiled.copy.partition_D(%4, %arg1, %coord) : (!copy_ldsm_4, !memref_gmem_i8, !cute.coord<"?">) -> !memref_gmem_i8_5
      cute.copy(%atom_18, %rmem_34, %dst_partitioned_46) : (!cute_nvgpu.atom.universal_copy<i8, 8 b>, !memref_rmem_i8_4, !memref_gmem_i8_5)
      %atom_47 = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(8,16)">, sz_pattern = u4x16p64to8, num_matrices = 4, n>
      %5 = cute.make_tiled_copy(%atom_47) : !copy_ldsm_4_1
      %rmem_48 = cute.memref.alloca() : !memref_rmem_i8_6
      %iter_49 = cute.get_iter(%rmem_48) : !memref_rmem_i8_6
      %src_partitioned_50 = cute.tiled.copy.partition_S(%5, %view_7, %coord) : (!copy_ldsm_4_1, !memref_smem_i8_2, !cute.coord<"?">) -> !memref_smem_i8_6
      %iter_51 = cute.get_iter(%src_partitioned_50) : !memref_smem_i8_6
      %lay_52 = cute.get_layout(%src_partitioned_50) : !memref_smem_i8_6
      %lay_53 = cute.get_layout(%rmem_48) : !memref_rmem_i8_6
      %append_54 = cute.append_to_rank<2> (%lay_52, %lay_13) : !cute.layout<"((16,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_55 = cute.make_view(%iter_51, %append_54) : !memref_smem_i8_6
      %grouped_56 = cute.group_modes(%view_55) <1, 3> : (!memref_smem_i8_6) -> !memref_smem_i8_7
      %append_57 = cute.append_to_rank<2> (%lay_53, %lay_13) : !cute.layout<"(((4,4),1),1,1):(((1,4),0),0,0)">, !cute.layout<"1:0">
      %view_58 = cute.make_view(%iter_49, %append_57) : !memref_rmem_i8_6
      %grouped_59 = cute.group_modes(%view_58) <1, 3> : (!memref_rmem_i8_6) -> !memref_rmem_i8_7
      cute.copy(%5, %grouped_56, %grouped_59) : (!copy_ldsm_4_1, !memref_smem_i8_7, !memref_rmem_i8_7)
      %dst_partitioned_60 = cute.tiled.copy.partition_D(%5, %arg2, %coord) : (!copy_ldsm_4_1, !memref_gmem_i8_1, !cute.coord<"?">) -> !memref_gmem_i8_6
      %lay_61 = cute.get_layout(%dst_partitioned_60) : !memref_gmem_i8_6
      %rinv = cute.right_inverse(%lay_61) : (!cute.layout<"(((4,4),1),1,1):(((1,128),0),0,0)">) -> !cute.layout<"4:1">
      %6 = cute.composition(%lay_53, %rinv) : (!cute.layout<"(((4,4),1),1,1):(((1,4),0),0,0)">, !cute.layout<"4:1">) -> !cute.layout<"4:1">
      %coalesce = cute.coalesce(%6) : (!cute.layout<"4:1">) -> !cute.layout<"4:1">
      %7 = cute.composition(%rinv, %coalesce) : (!cute.layout<"4:1">, !cute.layout<"4:1">) -> !cute.layout<"4:1">
      %div = cute.logical_divide(%rmem_48, %7) : !memref_rmem_i8_6, !cute.layout<"4:1">
      %div_62 = cute.logical_divide(%dst_partitioned_60, %7) : !memref_gmem_i8_6, !cute.layout<"4:1">
      %shape_63 = cute.make_shape() : () -> !cute.shape<"4">
      %lay_64 = cute.make_layout(%shape_63) : !cute.layout<"4:1">
      %div_65 = cute.logical_divide(%div, %lay_64) : !memref_rmem_i8_8, !cute.layout<"4:1">
      %div_66 = cute.logical_divide(%div_62, %lay_64) : !memref_gmem_i8_7, !cute.layout<"4:1">
      %atom_67 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<i8, 32 b>
      cute.copy(%atom_67, %div_65, %div_66) : (!cute_nvgpu.atom.universal_copy<i8, 32 b>, !memref_rmem_i8_8, !memref_gmem_i8_7)
      %atom_68 = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(8,16)">, sz_pattern = u6x16p32to8, num_matrices = 1, n>
      %8 = cute.make_tiled_copy(%atom_68) : !copy_ldsm_1_1
      %rmem_69 = cute.memref.alloca() : !memref_rmem_i8_9
      %iter_70 = cute.get_iter(%rmem_69) : !memref_rmem_i8_9
      %src_partitioned_71 = cute.tiled.copy.partition_S(%8, %view_7, %coord) : (!copy_ldsm_1_1, !memref_smem_i8_2, !cute.coord<"?">) -> !memref_smem_i8_8
      %iter_72 = cute.get_iter(%src_partitioned_71) : !memref_smem_i8_8
      %lay_73 = cute.get_layout(%src_partitioned_71) : !memref_smem_i8_8
      %lay_74 = cute.get_layout(%rmem_69) : !memref_rmem_i8_9
      %append_75 = cute.append_to_rank<2> (%lay_73, %lay_13) : !cute.layout<"(((8,2),1),4,1):(((1,32),0),8,0)">, !cute.layout<"1:0">
      %view_76 = cute.make_view(%iter_72, %append_75) : !memref_smem_i8_8
      %grouped_77 = cute.group_modes(%view_76) <1, 3> : (!memref_smem_i8_8) -> !memref_smem_i8_9
      %append_78 = cute.append_to_rank<2> (%lay_74, %lay_13) : !cute.layout<"((4,1),4,1):((1,0),4,0)">, !cute.layout<"1:0">
      %view_79 = cute.make_view(%iter_70, %append_78) : !memref_rmem_i8_9
      %grouped_80 = cute.group_modes(%view_79) <1, 3> : (!memref_rmem_i8_9) -> !memref_rmem_i8_10
      cute.copy(%8, %grouped_77, %grouped_80) : (!copy_ldsm_1_1, !memref_smem_i8_9, !memref_rmem_i8_10)
      %dst_partitioned_81 = cute.tiled.copy.partition_D(%8, %arg2, %coord) : (!copy_ldsm_1_1, !memref_gmem_i8_1, !cute.coord<"?">) -> !memref_gmem_i8_8
      %lay_82 = cute.get_layout(%dst_partitioned_81) : !memref_gmem_i8_8
      %rinv_83 = cute.right_inverse(%lay_82) : (!cute.layout<"((4,1),4,1):((1,0),8,0)">) -> !cute.layout<"4:1">
      %9 = cute.composition(%lay_74, %rinv_83) : (!cute.layout<"((4,1),4,1):((1,0),4,0)">, !cute.layout<"4:1">) -> !cute.layout<"4:1">
      %coalesce_84 = cute.coalesce(%9) : (!cute.layout<"4:1">) -> !cute.layout<"4:1">
      %10 = cute.composition(%rinv_83, %coalesce_84) : (!cute.layout<"4:1">, !cute.layout<"4:1">) -> !cute.layout<"4:1">
      %div_85 = cute.logical_divide(%rmem_69, %10) : !memref_rmem_i8_9, !cute.layout<"4:1">
      %div_86 = cute.logical_divide(%dst_partitioned_81, %10) : !memref_gmem_i8_8, !cute.layout<"4:1">
      %div_87 = cute.logical_divide(%div_85, %lay_64) : !memref_rmem_i8_8, !cute.layout<"4:1">
      %div_88 = cute.logical_divide(%div_86, %lay_64) : !memref_gmem_i8_9, !cute.layout<"4:1">
      cute.copy(%atom_67, %div_87, %div_88) : (!cute_nvgpu.atom.universal_copy<i8, 32 b>, !memref_rmem_i8_8, !memref_gmem_i8_9)
      %atom_89 = cute.make_atom() : () -> !cute_nvgpu.atom.stsm<i8, mode = <"(16,8)">, num_matrices = 1, t>
      %11 = cute.make_tiled_copy(%atom_89) : !copy_stsm_1
      %rmem_90 = cute.memref.alloca() : !memref_rmem_i8_11
      %iter_91 = cute.get_iter(%rmem_90) : !memref_rmem_i8_11
      %src_partitioned_92 = cute.tiled.copy.partition_S(%11, %arg0, %coord) : (!copy_stsm_1, !memref_gmem_i8, !cute.coord<"?">) -> !memref_gmem_i8_10
      %lay_93 = cute.get_layout(%rmem_90) : !memref_rmem_i8_11
      cute.copy(%atom_18, %src_partitioned_92, %rmem_90) : (!cute_nvgpu.atom.universal_copy<i8, 8 b>, !memref_gmem_i8_10, !memref_rmem_i8_11)
      %dst_partitioned_94 = cute.tiled.copy.partition_D(%11, %view, %coord) : (!copy_stsm_1, !memref_smem_i8_1, !cute.coord<"?">) -> !memref_smem_i8_10
      %iter_95 = cute.get_iter(%dst_partitioned_94) : !memref_smem_i8_10
      %lay_96 = cute.get_layout(%dst_partitioned_94) : !memref_smem_i8_10
      %append_97 = cute.append_to_rank<2> (%lay_93, %lay_13) : !cute.layout<"(((2,2),1),1,4):(((2,1),0),0,4)">, !cute.layout<"1:0">
      %view_98 = cute.make_view(%iter_91, %append_97) : !memref_rmem_i8_11
      %grouped_99 = cute.group_modes(%view_98) <1, 3> : (!memref_rmem_i8_11) -> !memref_rmem_i8_12
      %append_100 = cute.append_to_rank<2> (%lay_96, %lay_13) : !cute.layout<"((16,1),1,4):((1,0),0,128)">, !cute.layout<"1:0">
      %view_101 = cute.make_view(%iter_95, %append_100) : !memref_smem_i8_10
      %grouped_102 = cute.group_modes(%view_101) <1, 3> : (!memref_smem_i8_10) -> !memref_smem_i8_11
      cute.copy(%11, %grouped_99, %grouped_102) : (!copy_stsm_1, !memref_rmem_i8_12, !memref_smem_i8_11)
      %atom_103 = cute.make_atom() : () -> !cute_nvgpu.atom.stsm<i8, mode = <"(16,8)">, num_matrices = 2, t>
      %12 = cute.make_tiled_copy(%atom_103) : !copy_stsm_2
      %rmem_104 = cute.memref.alloca() : !memref_rmem_i8_13
      %iter_105 = cute.get_iter(%rmem_104) : !memref_rmem_i8_13
      %src_partitioned_106 = cute.tiled.copy.partition_S(%12, %arg0, %coord) : (!copy_stsm_2, !memref_gmem_i8, !cute.coord<"?">) -> !memref_gmem_i8_11
      %lay_107 = cute.get_layout(%rmem_104) : !memref_rmem_i8_13
      cute.copy(%atom_18, %src_partitioned_106, %rmem_104) : (!cute_nvgpu.atom.universal_copy<i8, 8 b>, !memref_gmem_i8_11, !memref_rmem_i8_13)
      %dst_partitioned_108 = cute.tiled.copy.partition_D(%12, %view, %coord) : (!copy_stsm_2, !memref_smem_i8_1, !cute.coord<"?">) -> !memref_smem_i8_4
      %iter_109 = cute.get_iter(%dst_partitioned_108) : !memref_smem_i8_4
      %lay_110 = cute.get_layout(%dst_partitioned_108) : !memref_smem_i8_4
      %append_111 = cute.append_to_rank<2> (%lay_107, %lay_13) : !cute.layout<"(((2,2,2),1),1,2):(((2,1,4),0),0,8)">, !cute.layout<"1:0">
      %view_112 = cute.make_view(%iter_105, %append_111) : !memref_rmem_i8_13
      %grouped_113 = cute.group_modes(%view_112) <1, 3> : (!memref_rmem_i8_13) -> !memref_rmem_i8_14
      %append_114 = cute.append_to_rank<2> (%lay_110, %lay_13) : !cute.layout<"((16,1),1,2):((1,0),0,256)">, !cute.layout<"1:0">
      %view_115 = cute.make_view(%iter_109, %append_114) : !memref_smem_i8_4
      %grouped_116 = cute.group_modes(%view_115) <1, 3> : (!memref_smem_i8_4) -> !memref_smem_i8_5
      cute.copy(%12, %grouped_113, %grouped_116) : (!copy_stsm_2, !memref_rmem_i8_14, !memref_smem_i8_5)
      %atom_117 = cute.make_atom() : () -> !cute_nvgpu.atom.stsm<i8, mode = <"(16,8)">, num_matrices = 4, t>
      %13 = cute.make_tiled_copy(%atom_117) : !copy_stsm_4
      %rmem_118 = cute.memref.alloca() : !memref_rmem_i8_4
      %iter_119 = cute.get_iter(%rmem_118) : !memref_rmem_i8_4
      %src_partitioned_120 = cute.tiled.copy.partition_S(%13, %arg0, %coord) : (!copy_stsm_4, !memref_gmem_i8, !cute.coord<"?">) -> !memref_gmem_i8_5
      %lay_121 = cute.get_layout(%rmem_118) : !memref_rmem_i8_4
      cute.copy(%atom_18, %src_partitioned_120, %rmem_118) : (!cute_nvgpu.atom.universal_copy<i8, 8 b>, !memref_gmem_i8_5, !memref_rmem_i8_4)
      %dst_partitioned_122 = cute.tiled.copy.partition_D(%13, %view, %coord) : (!copy_stsm_4, !memref_smem_i8_1, !cute.coord<"?">) -> !memref_smem_i8_6
      %iter_123 = cute.get_iter(%dst_partitioned_122) : !memref_smem_i8_6
      %lay_124 = cute.get_layout(%dst_partitioned_122) : !memref_smem_i8_6
      %append_125 = cute.append_to_rank<2> (%lay_121, %lay_13) : !cute.layout<"(((2,2,4),1),1,1):(((2,1,4),0),0,0)">, !cute.layout<"1:0">
      %view_126 = cute.make_view(%iter_119, %append_125) : !memref_rmem_i8_4
      %grouped_127 = cute.group_modes(%view_126) <1, 3> : (!memref_rmem_i8_4) -> !memref_rmem_i8_5
      %append_128 = cute.append_to_rank<2> (%lay_124, %lay_13) : !cute.layout<"((16,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_129 = cute.make_view(%iter_123, %append_128) : !memref_smem_i8_6
      %grouped_130 = cute.group_modes(%view_129) <1, 3> : (!memref_smem_i8_6) -> !memref_smem_i8_7
      cute.copy(%13, %grouped_127, %grouped_130) : (!copy_stsm_4, !memref_rmem_i8_5, !memref_smem_i8_7)
      nvvm.barrier
      scf.if %1 {
        %lay_131 = cute.get_layout(%arg1) : !memref_gmem_i8
        %rinv_132 = cute.right_inverse(%lay_131) : (!cute.layout<"(16,32):(1,16)">) -> !cute.layout<"512:1">
        %14 = cute.composition(%lay, %rinv_132) : (!cute.layout<"(16,32):(1,16)">, !cute.layout<"512:1">) -> !cute.layout<"512:1">
        %coalesce_133 = cute.coalesce(%14) : (!cute.layout<"512:1">) -> !cute.layout<"512:1">
        %15 = cute.composition(%rinv_132, %coalesce_133) : (!cute.layout<"512:1">, !cute.layout<"512:1">) -> !cute.layout<"512:1">
        %div_134 = cute.logical_divide(%view, %15) : !memref_smem_i8_1, !cute.layout<"512:1">
        %div_135 = cute.logical_divide(%arg1, %15) : !memref_gmem_i8, !cute.layout<"512:1">
        %shape_136 = cute.make_shape() : () -> !cute.shape<"16">
        %lay_137 = cute.make_layout(%shape_136) : !cute.layout<"16:1">
        %div_138 = cute.logical_divide(%div_134, %lay_137) : !memref_smem_i8_3, !cute.layout<"16:1">
        %div_139 = cute.logical_divide(%div_135, %lay_137) : !memref_gmem_i8_2, !cute.layout<"16:1">
        %atom_140 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<i8, 128 b>
        cute.copy(%atom_140, %div_138, %div_139) : (!cute_nvgpu.atom.universal_copy<i8, 128 b>, !memref_smem_i8_1, !memref_gmem_i8)
      }
      return
    }
  }
  func.func @cutlass_run_FakeTensorInt81632116_FakeTensorInt81632116_FakeTensorInt83216132(%arg0: !memref_gmem_i8, %arg1: !memref_gmem_i8, %arg2: !memref_gmem_i8_1) -> i32 attributes {llvm.emit_c_interface} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c32_i32 = arith.constant 32 : i32
    %c0_i64 = arith.constant 0 : i64
    %c232448_i64 = arith.constant 232448 : i64
    %0 = cute.kernel_smem_size @kernels::@kernel_cutlass_b8_matrix_kernel_tensorptri8gmemalign16o1632116_tensorptri8gmemalign16o1632116_tensorptri8gmemalign16o3216132_0 : i64
    %1 = arith.cmpi sgt, %0, %c232448_i64 : i64
    scf.if %1 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_b8_matrix_kernel_tensorptri8gmemalign16o1632116_tensorptri8gmemalign16o1632116_tensorptri8gmemalign16o3216132_0' launch shared memory exceeds current GPU arch sm_100a allowed. Allocated: {} bytes. Max: 232448 bytes.\0A\0A", %0) : i64
    }
    %2 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %3 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c32_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %0, gridDim = (%c1_i32, %c1_i32, %c1_i32), stream = %2) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%3] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    cuda.launch_cfg.cooperative[%3] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %4 = cuda.launch_ex @kernels::@kernel_cutlass_b8_matrix_kernel_tensorptri8gmemalign16o1632116_tensorptri8gmemalign16o1632116_tensorptri8gmemalign16o3216132_0<%3> (%arg0, %arg1, %arg2) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!memref_gmem_i8, !memref_gmem_i8, !memref_gmem_i8_1) -> !cuda.result
    %5 = cuda.cast %4 : !cuda.result -> i32
    cuda.return_if_error %5 : i32
    return %c0_i32 : i32
  }
}

