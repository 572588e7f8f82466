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
!memref_smem_bf16_1 = !cute.memref<bf16, smem, align<16>, "((8,1),1,2):((1,0),0,128)">
!memref_smem_bf16_2 = !cute.memref<bf16, smem, align<16>, "((8,1),(1,2)):((1,0),(0,128))">
!memref_smem_bf16_3 = !cute.memref<bf16, smem, align<16>, "((8,1),1,1):((1,0),0,0)">
!memref_smem_bf16_4 = !cute.memref<bf16, smem, align<16>, "((8,1),(1,1)):((1,0),(0,0))">
!memref_smem_bf16_5 = !cute.memref<bf16, smem, align<16>, "(256,1):(1,0)">
!memref_smem_bf16_6 = !cute.memref<bf16, smem, align<16>, "(8,32):(1,8)">
!memref_smem_f32 = !cute.memref<f32, smem, align<16>, "(16,8):(1,16)">
!memref_smem_f32_1 = !cute.memref<f32, smem, align<16>, "((4,1),1,1):((1,0),0,0)">
!memref_smem_f32_2 = !cute.memref<f32, smem, align<16>, "((4,1),(1,1)):((1,0),(0,0))">
!memref_smem_i8 = !cute.memref<i8, smem, align<16>, "512:1">
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_cutlass_wide_stsm_kernel_tensorptrbf16gmemalign16o1616116_tensorptrf32gmemalign16o168116_tensorptrbf16gmemalign16o1616116_0(%arg0: !memref_gmem_bf16, %arg1: !memref_gmem_f32, %arg2: !memref_gmem_bf16) attributes {cu_attrs = {max_dynamic_shared_size_bytes = #cuda.dev_max_shared_memory_optin, non_portable_cluster_size_allowed = 1 : i32}, cute.kernel, cutlass_launch_facts = {cluster_launch = false, cooperative_launch = false, exact_block_dim = array<i64: 32, 1, 1>, exact_grid_dim = array<i64: 1, 1, 1>, schema_version = 1 : i64}, gpu.kernel, nvvm.reqntid = array<i32: 32, 1, 1>, smem.hint_smem_base_uniform, smem.partition_num = 2 : i32} {
      %c0_i32 = arith.constant 0 : i32
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %shape = cute.make_shape() : () -> !cute.shape<"(16,16)">
      %stride = cute.make_stride() : () -> !cute.stride<"(1,16)">
      %lay = cute.make_layout(%shape, %stride) : !cute.layout<"(16,16):(1,16)">
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter = cute.get_iter(%smem) : !memref_smem_i8
      %iter_0 = cute.recast_iter(%iter) : !cute.ptr<i8, smem, align<16>> to !cute.ptr<bf16, smem, align<16>>
      %view = cute.make_view(%iter_0, %lay) : !memref_smem_bf16
      %shape_1 = cute.make_shape() : () -> !cute.shape<"(16,8)">
      %lay_2 = cute.make_layout(%shape_1, %stride) : !cute.layout<"(16,8):(1,16)">
      %smem_3 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter_4 = cute.get_iter(%smem_3) : !memref_smem_i8
      %iter_5 = cute.recast_iter(%iter_4) : !cute.ptr<i8, smem, align<16>> to !cute.ptr<f32, smem, align<16>>
      %view_6 = cute.make_view(%iter_5, %lay_2) : !memref_smem_f32
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.stsm<bf16, mode = <"(16,8)">, num_matrices = 1, t>
      %1 = cute.make_tiled_copy(%atom) : !copy_stsm_1
      %rmem = cute.memref.alloca() : !memref_rmem_bf16
      %iter_7 = cute.get_iter(%rmem) : !memref_rmem_bf16
      %coord = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned = cute.tiled.copy.partition_S(%1, %arg0, %coord) : (!copy_stsm_1, !memref_gmem_bf16, !cute.coord<"?">) -> !memref_gmem_bf16_1
      %lay_8 = cute.get_layout(%rmem) : !memref_rmem_bf16
      %atom_9 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<bf16, 16 b>
      cute.copy(%atom_9, %src_partitioned, %rmem) : (!cute_nvgpu.atom.universal_copy<bf16, 16 b>, !memref_gmem_bf16_1, !memref_rmem_bf16)
      %dst_partitioned = cute.tiled.copy.partition_D(%1, %view, %coord) : (!copy_stsm_1, !memref_smem_bf16, !cute.coord<"?">) -> !memref_smem_bf16_1
      %iter_10 = cute.get_iter(%dst_partitioned) : !memref_smem_bf16_1
      %lay_11 = cute.get_layout(%dst_partitioned) : !memref_smem_bf16_1
      %shape_12 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_13 = cute.make_layout(%shape_12) : !cute.layout<"1:0">
      %append = cute.append_to_rank<2> (%lay_8, %lay_13) : !cute.layout<"(((2,2),1),1,2):(((2,1),0),0,4)">, !cute.layout<"1:0">
      %view_14 = cute.make_view(%iter_7, %append) : !memref_rmem_bf16
      %grouped = cute.group_modes(%view_14) <1, 3> : (!memref_rmem_bf16) -> !memref_rmem_bf16_1
      %append_15 = cute.append_to_rank<2> (%lay_11, %lay_13) : !cute.layout<"((8,1),1,2):((1,0),0,128)">, !cute.layout<"1:0">
      %view_16 = cute.make_view(%iter_10, %append_15) : !memref_smem_bf16_1
      %grouped_17 = cute.group_modes(%view_16) <1, 3> : (!memref_smem_bf16_1) -> !memref_smem_bf16_2
      cute.copy(%1, %grouped, %grouped_17) : (!copy_stsm_1, !memref_rmem_bf16_1, !memref_smem_bf16_2)
      %atom_18 = cute.make_atom() : () -> !cute_nvgpu.atom.stsm<bf16, mode = <"(16,8)">, num_matrices = 2, t>
      %2 = cute.make_tiled_copy(%atom_18) : !copy_stsm_2
      %rmem_19 = cute.memref.alloca() : !memref_rmem_bf16_2
      %iter_20 = cute.get_iter(%rmem_19) : !memref_rmem_bf16_2
      %src_partitioned_21 = cute.tiled.copy.partition_S(%2, %arg0, %coord) : (!copy_stsm_2, !memref_gmem_bf16, !cute.coord<"?">) -> !memref_gmem_bf16_2
      %lay_22 = cute.get_layout(%rmem_19) : !memref_rmem_bf16_2
      cute.copy(%atom_9, %src_partitioned_21, %rmem_19) : (!cute_nvgpu.atom.universal_copy<bf16, 16 b>, !memref_gmem_bf16_2, !memref_rmem_bf16_2)
      %dst_partitioned_23 = cute.tiled.copy.partition_D(%2, %view, %coord) : (!copy_stsm_2, !memref_smem_bf16, !cute.coord<"?">) -> !memref_smem_bf16_3
      %iter_24 = cute.get_iter(%dst_partitioned_23) : !memref_smem_bf16_3
      %lay_25 = cute.get_layout(%dst_partitioned_23) : !memref_smem_bf16_3
      %append_26 = cute.append_to_rank<2> (%lay_22, %lay_13) : !cute.layout<"(((2,2,2),1),1,1):(((2,1,4),0),0,0)">, !cute.layout<"1:0">
      %view_27 = cute.make_view(%iter_20, %append_26) : !memref_rmem_bf16_2
      %grouped_28 = cute.group_modes(%view_27) <1, 3> : (!memref_rmem_bf16_2) -> !memref_rmem_bf16_3
      %append_29 = cute.append_to_rank<2> (%lay_25, %lay_13) : !cute.layout<"((8,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_30 = cute.make_view(%iter_24, %append_29) : !memref_smem_bf16_3
      %grouped_31 = cute.group_modes(%view_30) <1, 3> : (!memref_smem_bf16_3) -> !memref_smem_bf16_4
      cute.copy(%2, %grouped_28, %grouped_31) : (!copy_stsm_2, !memref_rmem_bf16_3, !memref_smem_bf16_4)
      %atom_32 = cute.make_atom() : () -> !cute_nvgpu.atom.stsm<f32, mode = <"(16,8)">, num_matrices = 1, t>
      %3 = cute.make_tiled_copy(%atom_32) : !copy_stsm_1_1
      %rmem_33 = cute.memref.alloca() : !memref_rmem_f32
      %iter_34 = cute.get_iter(%rmem_33) : !memref_rmem_f32
      %src_partitioned_35 = cute.tiled.copy.partition_S(%3, %arg1, %coord) : (!copy_stsm_1_1, !memref_gmem_f32, !cute.coord<"?">) -> !memref_gmem_f32_1
      %lay_36 = cute.get_layout(%rmem_33) : !memref_rmem_f32
      %atom_37 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 32 b>
      cute.copy(%atom_37, %src_partitioned_35, %rmem_33) : (!cute_nvgpu.atom.universal_copy<f32, 32 b>, !memref_gmem_f32_1, !memref_rmem_f32)
      %dst_partitioned_38 = cute.tiled.copy.partition_D(%3, %view_6, %coord) : (!copy_stsm_1_1, !memref_smem_f32, !cute.coord<"?">) -> !memref_smem_f32_1
      %iter_39 = cute.get_iter(%dst_partitioned_38) : !memref_smem_f32_1
      %lay_40 = cute.get_layout(%dst_partitioned_38) : !memref_smem_f32_1
      %append_41 = cute.append_to_rank<2> (%lay_36, %lay_13) : !cute.layout<"(((2,2),1),1,1):(((2,1),0),0,0)">, !cute.layout<"1:0">
      %view_42 = cute.make_view(%iter_34, %append_41) : !memref_rmem_f32
      %grouped_43 = cute.group_modes(%view_42) <1, 3> : (!memref_rmem_f32) -> !memref_rmem_f32_1
      %append_44 = cute.append_to_rank<2> (%lay_40, %lay_13) : !cute.layout<"((4,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_45 = cute.make_view(%iter_39, %append_44) : !memref_smem_f32_1
      %grouped_46 = cute.group_modes(%view_45) <1, 3> : (!memref_smem_f32_1) -> !memref_smem_f32_2
      cute.copy(%3, %grouped_43, %grouped_46) : (!copy_stsm_1_1, !memref_rmem_f32_1, !memref_smem_f32_2)
      nvvm.barrier
      %4 = arith.cmpi eq, %0, %c0_i32 : i32
      scf.if %4 {
        %lay_47 = cute.get_layout(%arg2) : !memref_gmem_bf16
        %rinv = cute.right_inverse(%lay_47) : (!cute.layout<"(16,16):(1,16)">) -> !cute.layout<"256:1">
        %5 = cute.composition(%lay, %rinv) : (!cute.layout<"(16,16):(1,16)">, !cute.layout<"256:1">) -> !cute.layout<"256:1">
        %coalesce = cute.coalesce(%5) : (!cute.layout<"256:1">) -> !cute.layout<"256:1">
        %6 = cute.composition(%rinv, %coalesce) : (!cute.layout<"256:1">, !cute.layout<"256:1">) -> !cute.layout<"256:1">
        %div = cute.logical_divide(%view, %6) : !memref_smem_bf16, !cute.layout<"256:1">
        %div_48 = cute.logical_divide(%arg2, %6) : !memref_gmem_bf16, !cute.layout<"256:1">
        %shape_49 = cute.make_shape() : () -> !cute.shape<"8">
        %lay_50 = cute.make_layout(%shape_49) : !cute.layout<"8:1">
        %div_51 = cute.logical_divide(%div, %lay_50) : !memref_smem_bf16_5, !cute.layout<"8:1">
        %div_52 = cute.logical_divide(%div_48, %lay_50) : !memref_gmem_bf16_3, !cute.layout<"8:1">
        %atom_53 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<bf16, 128 b>
        cute.copy(%atom_53, %div_51, %div_52) : (!cute_nvgpu.atom.universal_copy<bf16, 128 b>, !memref_smem_bf16_6, !memref_gmem_bf16_4)
      }
      return
    }
  }
  func.func @cutlass_run_FakeTensorBFloat161616116_FakeTensorFloat32168116_FakeTensorBFloat161616116(%arg0: !memref_gmem_bf16, %arg1: !memref_gmem_f32, %arg2: !memref_gmem_bf16) -> i32 attributes {llvm.emit_c_interface} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c32_i32 = arith.constant 32 : i32
    %c0_i64 = arith.constant 0 : i64
    %c232448_i64 = arith.constant 232448 : i64
    %0 = cute.kernel_smem_size @kernels::@kernel_cutlass_wide_stsm_kernel_tensorptrbf16gmemalign16o1616116_tensorptrf32gmemalign16o168116_tensorptrbf16gmemalign16o1616116_0 : i64
    %1 = arith.cmpi sgt, %0, %c232448_i64 : i64
    scf.if %1 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_wide_stsm_kernel_tensorptrbf16gmemalign16o1616116_tensorptrf32gmemalign16o168116_tensorptrbf16gmemalign16o1616116_0' launch shared memory exceeds current GPU arch sm_100a allowed. Allocated: {} bytes. Max: 232448 bytes.\0A\0A", %0) : i64
    }
    %2 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %3 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c32_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %0, gridDim = (%c1_i32, %c1_i32, %c1_i32), stream = %2) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%3] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    cuda.launch_cfg.cooperative[%3] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %4 = cuda.launch_ex @kernels::@kernel_cutlass_wide_stsm_kernel_tensorptrbf16gmemalign16o1616116_tensorptrf32gmemalign16o168116_tensorptrbf16gmemalign16o1616116_0<%3> (%arg0, %arg1, %arg2) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!memref_gmem_bf16, !memref_gmem_f32, !memref_gmem_bf16) -> !cuda.result
    %5 = cuda.cast %4 : !cuda.result -> i32
    cuda.return_if_error %5 : i32
    return %c0_i32 : i32
  }
}

