!copy_simt = !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f16, 128 b>, layout_copy_tv = <"(32,8):(8,1)">, tiler_mn = <"[256:1]">>
!memref_gmem_f16 = !cute.memref<f16, gmem, align<16>, "(1024):(1)">
!memref_gmem_f16_1 = !cute.memref<f16, gmem, align<16>, "(256):(1)">
!memref_gmem_f16_2 = !cute.memref<f16, gmem, align<16>, "((8,1),(1)):((1,0),(0))">
!memref_gmem_f16_3 = !cute.memref<f16, gmem, align<16>, "((8,1),((1))):((1,0),((0)))">
!memref_rmem_f16 = !cute.memref<f16, rmem, align<32>, "((8,1),(1)):((1,0),(0))">
!memref_rmem_f16_1 = !cute.memref<f16, rmem, align<32>, "((8,1),((1))):((1,0),((0)))">
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_cutlass_copy_kernel_tensorptrf16gmemalign16o10241_tensorptrf16gmemalign16o10241_0(%arg0: !memref_gmem_f16, %arg1: !memref_gmem_f16) attributes {cu_attrs = {max_dynamic_shared_size_bytes = #cuda.dev_max_shared_memory_optin, non_portable_cluster_size_allowed = 1 : i32}, cute.kernel, cutlass_launch_facts = {cluster_launch = false, cooperative_launch = false, exact_block_dim = array<i64: 32, 1, 1>, exact_grid_dim = array<i64: 4, 1, 1>, schema_version = 1 : i64}, gpu.kernel, nvvm.reqntid = array<i32: 32, 1, 1>, smem.hint_smem_base_uniform, smem.partition_num = 2 : i32} {
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
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f16, 128 b>
      %shape = cute.make_shape() : () -> !cute.shape<"32">
      %lay_4 = cute.make_layout(%shape) : !cute.layout<"32:1">
      %shape_5 = cute.make_shape() : () -> !cute.shape<"8">
      %lay_6 = cute.make_layout(%shape_5) : !cute.layout<"8:1">
      %prod = cute.raked_product(%lay_4, %lay_6) : (!cute.layout<"32:1">, !cute.layout<"8:1">) -> !cute.layout<"((8,32)):((32,1))">
      %sz = cute.size(%lay_4) : (!cute.layout<"32:1">) -> !cute.int_tuple<"32">
      %e0 = cute.get_leaves(%sz) : !cute.int_tuple<"32">
      %sz_7 = cute.size(%lay_6) : (!cute.layout<"8:1">) -> !cute.int_tuple<"8">
      %e0_8 = cute.get_leaves(%sz_7) : !cute.int_tuple<"8">
      %shape_9 = cute.make_shape() : () -> !cute.shape<"(32,8)">
      %lay_10 = cute.make_layout(%shape_9) : !cute.layout<"(32,8):(1,32)">
      %rinv = cute.right_inverse(%prod) : (!cute.layout<"((8,32)):((32,1))">) -> !cute.layout<"(32,8):(8,1)">
      %6 = cute.composition(%rinv, %lay_10) : (!cute.layout<"(32,8):(8,1)">, !cute.layout<"(32,8):(1,32)">) -> !cute.layout<"(32,8):(8,1)">
      %7 = cute.get_shape(%prod) : (!cute.layout<"((8,32)):((32,1))">) -> !cute.shape<"((8,32))">
      %e0_11, %e1 = cute.get_leaves(%7) : !cute.shape<"((8,32))">
      %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"((8,32))">
      %res = cute.tuple.product_each(%int_tuple) : (!cute.int_tuple<"((8,32))">) -> !cute.int_tuple<"(256)">
      %e0_12 = cute.get_leaves(%res) : !cute.int_tuple<"(256)">
      %int_tuple_13 = cute.make_int_tuple() : () -> !cute.int_tuple<"(256)">
      %res_14 = cute.tuple.product_each(%int_tuple_13) : (!cute.int_tuple<"(256)">) -> !cute.int_tuple<"(256)">
      %e0_15 = cute.get_leaves(%res_14) : !cute.int_tuple<"(256)">
      %tile = cute.make_tile() : () -> !cute.tile<"[256:1]">
      %8 = cute.make_tiled_copy(%atom) : !copy_simt
      %tile_16 = cute.make_tile() : () -> !cute.tile<"[256:1]">
      %coord = cute.make_coord(%3) : (i32) -> !cute.coord<"(?)">
      %tiled_view = cute.local_tile(%arg0, %tile_16, %coord) : (!memref_gmem_f16, !cute.tile<"[256:1]">, !cute.coord<"(?)">) -> !memref_gmem_f16_1
      %iter_17 = cute.get_iter(%tiled_view) : !memref_gmem_f16_1
      %iter_18 = cute.get_iter(%tiled_view) : !memref_gmem_f16_1
      %coord_19 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned = cute.tiled.copy.partition_S(%8, %tiled_view, %coord_19) : (!copy_simt, !memref_gmem_f16_1, !cute.coord<"?">) -> !memref_gmem_f16_2
      %iter_20 = cute.get_iter(%src_partitioned) : !memref_gmem_f16_2
      %tile_21 = cute.make_tile() : () -> !cute.tile<"[256:1]">
      %coord_22 = cute.make_coord(%3) : (i32) -> !cute.coord<"(?)">
      %tiled_view_23 = cute.local_tile(%arg1, %tile_21, %coord_22) : (!memref_gmem_f16, !cute.tile<"[256:1]">, !cute.coord<"(?)">) -> !memref_gmem_f16_1
      %iter_24 = cute.get_iter(%tiled_view_23) : !memref_gmem_f16_1
      %iter_25 = cute.get_iter(%tiled_view_23) : !memref_gmem_f16_1
      %coord_26 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %dst_partitioned = cute.tiled.copy.partition_D(%8, %tiled_view_23, %coord_26) : (!copy_simt, !memref_gmem_f16_1, !cute.coord<"?">) -> !memref_gmem_f16_2
      %iter_27 = cute.get_iter(%dst_partitioned) : !memref_gmem_f16_2
      %lay_28 = cute.get_layout(%src_partitioned) : !memref_gmem_f16_2
      %9 = cute.make_layout_like(%lay_28) : !cute.layout<"((8,1),(1)):((1,0),(0))"> to !cute.layout<"((8,1),(1)):((1,0),(0))">
      %rmem = cute.memref.alloca(%9) : !memref_rmem_f16
      %iter_29 = cute.get_iter(%rmem) : !memref_rmem_f16
      %iter_30 = cute.get_iter(%rmem) : !memref_rmem_f16
      %10 = cute.get_shape(%lay_28) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_31, %e1_32, %e2 = cute.get_leaves(%10) : !cute.shape<"((8,1),(1))">
      %lay_33 = cute.get_layout(%rmem) : !memref_rmem_f16
      %11 = cute.get_shape(%lay_33) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_34, %e1_35, %e2_36 = cute.get_leaves(%11) : !cute.shape<"((8,1),(1))">
      %shape_37 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_38 = cute.make_layout(%shape_37) : !cute.layout<"1:0">
      %append = cute.append_to_rank<2> (%lay_28, %lay_38) : !cute.layout<"((8,1),(1)):((1,0),(0))">, !cute.layout<"1:0">
      %view = cute.make_view(%iter_20, %append) : !memref_gmem_f16_2
      %iter_39 = cute.get_iter(%view) : !memref_gmem_f16_2
      %lay_40 = cute.get_layout(%view) : !memref_gmem_f16_2
      %12 = cute.get_shape(%lay_40) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_41, %e1_42, %e2_43 = cute.get_leaves(%12) : !cute.shape<"((8,1),(1))">
      %grouped = cute.group_modes(%view) <1, 2> : (!memref_gmem_f16_2) -> !memref_gmem_f16_3
      %iter_44 = cute.get_iter(%grouped) : !memref_gmem_f16_3
      %iter_45 = cute.get_iter(%grouped) : !memref_gmem_f16_3
      %shape_46 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_47 = cute.make_layout(%shape_46) : !cute.layout<"1:0">
      %append_48 = cute.append_to_rank<2> (%lay_33, %lay_47) : !cute.layout<"((8,1),(1)):((1,0),(0))">, !cute.layout<"1:0">
      %view_49 = cute.make_view(%iter_30, %append_48) : !memref_rmem_f16
      %iter_50 = cute.get_iter(%view_49) : !memref_rmem_f16
      %lay_51 = cute.get_layout(%view_49) : !memref_rmem_f16
      %13 = cute.get_shape(%lay_51) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_52, %e1_53, %e2_54 = cute.get_leaves(%13) : !cute.shape<"((8,1),(1))">
      %grouped_55 = cute.group_modes(%view_49) <1, 2> : (!memref_rmem_f16) -> !memref_rmem_f16_1
      %iter_56 = cute.get_iter(%grouped_55) : !memref_rmem_f16_1
      %iter_57 = cute.get_iter(%grouped_55) : !memref_rmem_f16_1
      %lay_58 = cute.get_layout(%grouped) : !memref_gmem_f16_3
      %14 = cute.get_shape(%lay_58) : (!cute.layout<"((8,1),((1))):((1,0),((0)))">) -> !cute.shape<"((8,1),((1)))">
      %e0_59, %e1_60, %e2_61 = cute.get_leaves(%14) : !cute.shape<"((8,1),((1)))">
      %lay_62 = cute.get_layout(%grouped_55) : !memref_rmem_f16_1
      %15 = cute.get_shape(%lay_62) : (!cute.layout<"((8,1),((1))):((1,0),((0)))">) -> !cute.shape<"((8,1),((1)))">
      %e0_63, %e1_64, %e2_65 = cute.get_leaves(%15) : !cute.shape<"((8,1),((1)))">
      %sz_66 = cute.size(%grouped) <{mode = [1]}> : (!memref_gmem_f16_3) -> !cute.int_tuple<"1">
      %e0_67 = cute.get_leaves(%sz_66) : !cute.int_tuple<"1">
      %sz_68 = cute.size(%grouped_55) <{mode = [1]}> : (!memref_rmem_f16_1) -> !cute.int_tuple<"1">
      %e0_69 = cute.get_leaves(%sz_68) : !cute.int_tuple<"1">
      cute.copy(%atom, %grouped, %grouped_55) : (!cute_nvgpu.atom.universal_copy<f16, 128 b>, !memref_gmem_f16_3, !memref_rmem_f16_1)
      %lay_70 = cute.get_layout(%dst_partitioned) : !memref_gmem_f16_2
      %16 = cute.get_shape(%lay_70) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_71, %e1_72, %e2_73 = cute.get_leaves(%16) : !cute.shape<"((8,1),(1))">
      %shape_74 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_75 = cute.make_layout(%shape_74) : !cute.layout<"1:0">
      %append_76 = cute.append_to_rank<2> (%lay_33, %lay_75) : !cute.layout<"((8,1),(1)):((1,0),(0))">, !cute.layout<"1:0">
      %view_77 = cute.make_view(%iter_30, %append_76) : !memref_rmem_f16
      %iter_78 = cute.get_iter(%view_77) : !memref_rmem_f16
      %lay_79 = cute.get_layout(%view_77) : !memref_rmem_f16
      %17 = cute.get_shape(%lay_79) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_80, %e1_81, %e2_82 = cute.get_leaves(%17) : !cute.shape<"((8,1),(1))">
      %grouped_83 = cute.group_modes(%view_77) <1, 2> : (!memref_rmem_f16) -> !memref_rmem_f16_1
      %iter_84 = cute.get_iter(%grouped_83) : !memref_rmem_f16_1
      %iter_85 = cute.get_iter(%grouped_83) : !memref_rmem_f16_1
      %shape_86 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_87 = cute.make_layout(%shape_86) : !cute.layout<"1:0">
      %append_88 = cute.append_to_rank<2> (%lay_70, %lay_87) : !cute.layout<"((8,1),(1)):((1,0),(0))">, !cute.layout<"1:0">
      %view_89 = cute.make_view(%iter_27, %append_88) : !memref_gmem_f16_2
      %iter_90 = cute.get_iter(%view_89) : !memref_gmem_f16_2
      %lay_91 = cute.get_layout(%view_89) : !memref_gmem_f16_2
      %18 = cute.get_shape(%lay_91) : (!cute.layout<"((8,1),(1)):((1,0),(0))">) -> !cute.shape<"((8,1),(1))">
      %e0_92, %e1_93, %e2_94 = cute.get_leaves(%18) : !cute.shape<"((8,1),(1))">
      %grouped_95 = cute.group_modes(%view_89) <1, 2> : (!memref_gmem_f16_2) -> !memref_gmem_f16_3
      %iter_96 = cute.get_iter(%grouped_95) : !memref_gmem_f16_3
      %iter_97 = cute.get_iter(%grouped_95) : !memref_gmem_f16_3
      %lay_98 = cute.get_layout(%grouped_83) : !memref_rmem_f16_1
      %19 = cute.get_shape(%lay_98) : (!cute.layout<"((8,1),((1))):((1,0),((0)))">) -> !cute.shape<"((8,1),((1)))">
      %e0_99, %e1_100, %e2_101 = cute.get_leaves(%19) : !cute.shape<"((8,1),((1)))">
      %lay_102 = cute.get_layout(%grouped_95) : !memref_gmem_f16_3
      %20 = cute.get_shape(%lay_102) : (!cute.layout<"((8,1),((1))):((1,0),((0)))">) -> !cute.shape<"((8,1),((1)))">
      %e0_103, %e1_104, %e2_105 = cute.get_leaves(%20) : !cute.shape<"((8,1),((1)))">
      %sz_106 = cute.size(%grouped_83) <{mode = [1]}> : (!memref_rmem_f16_1) -> !cute.int_tuple<"1">
      %e0_107 = cute.get_leaves(%sz_106) : !cute.int_tuple<"1">
      %sz_108 = cute.size(%grouped_95) <{mode = [1]}> : (!memref_gmem_f16_3) -> !cute.int_tuple<"1">
      %e0_109 = cute.get_leaves(%sz_108) : !cute.int_tuple<"1">
      cute.copy(%atom, %grouped_83, %grouped_95) : (!cute_nvgpu.atom.universal_copy<f16, 128 b>, !memref_rmem_f16_1, !memref_gmem_f16_3)
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
    %0 = cute.kernel_smem_size @kernels::@kernel_cutlass_copy_kernel_tensorptrf16gmemalign16o10241_tensorptrf16gmemalign16o10241_0 : i64
    %c166912_i64 = arith.constant 166912 : i64
    %1 = arith.cmpi sgt, %0, %c166912_i64 : i64
    scf.if %1 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_copy_kernel_tensorptrf16gmemalign16o10241_tensorptrf16gmemalign16o10241_0' launch shared memory exceeds current GPU arch sm_80 allowed. Allocated: {} bytes. Max: 166912 bytes.\0A\0A", %0) : i64
    }
    %c0_i64 = arith.constant 0 : i64
    %2 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %c32_i32 = arith.constant 32 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %3 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c32_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %0, gridDim = (%c4_i32, %c1_i32, %c1_i32), stream = %2) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    %c0_i32 = arith.constant 0 : i32
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%3] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %c0_i32_4 = arith.constant 0 : i32
    cuda.launch_cfg.cooperative[%3] %c0_i32_4 : !cuda.launch_cfg<max_attrs = 17>, i32
    %4 = cuda.launch_ex @kernels::@kernel_cutlass_copy_kernel_tensorptrf16gmemalign16o10241_tensorptrf16gmemalign16o10241_0<%3> (%arg0, %arg1) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!memref_gmem_f16, !memref_gmem_f16) -> !cuda.result
    %5 = cuda.cast %4 : !cuda.result -> i32
    cuda.return_if_error %5 : i32
    %c0_i32_5 = arith.constant 0 : i32
    return %c0_i32_5 : i32
  }
}

