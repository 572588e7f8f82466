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
      %c0_i32 = arith.constant 0 : i32
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter = cute.get_iter(%smem) : !memref_smem_i8
      %iter_0 = cute.recast_iter(%iter) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f32, smem, align<128>>
      %view = cute.make_view(%iter_0, %arg4) : !memref_smem_f32
      %tile = cute.make_tile() : () -> !cute.tile<"[32:1;32:1]">
      %coord = cute.make_coord() : () -> !cute.coord<"(0,0)">
      %tiled_view = cute.local_tile(%arg1, %tile, %coord) : (!cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute.tile<"[32:1;32:1]">, !cute.coord<"(0,0)">) -> !cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">
      %tiled_view_1 = cute.local_tile(%arg3, %tile, %coord) : (!cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute.tile<"[32:1;32:1]">, !cute.coord<"(0,0)">) -> !cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">
      %shape = cute.make_shape() : () -> !cute.shape<"1">
      %lay = cute.make_layout(%shape) : !cute.layout<"1:0">
      %grouped = cute.group_modes(%view) <0, 2> : (!memref_smem_f32) -> !memref_smem_f32_1
      %grouped_2 = cute.group_modes(%tiled_view) <0, 2> : (!cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">) -> !cute.coord_tensor<"(0,0)", "((32,32)):((1@1,1@0))">
      %coord_3 = cute.make_coord() : () -> !cute.coord<"0">
      %res_smem_tensor, %res_target_tensors = cute_nvgpu.atom.tma_partition(%arg0, %coord_3, %lay, %grouped, %grouped_2) : (!cute_nvgpu.atom.non_exec_tiled_tma_store<f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord<"0">, !cute.layout<"1:0">, !memref_smem_f32_1, !cute.coord_tensor<"(0,0)", "((32,32)):((1@1,1@0))">) -> (!memref_smem_f32_2, !cute.coord_tensor<"(0,0)", "(((32,32),1)):(((1@0,1@1),0))">)
      %iter_4 = cute.get_iter(%res_smem_tensor) : !memref_smem_f32_2
      %grouped_5 = cute.group_modes(%tiled_view_1) <0, 2> : (!cute.coord_tensor<"(0,0)", "(32,32):(1@1,1@0)">) -> !cute.coord_tensor<"(0,0)", "((32,32)):((1@1,1@0))">
      %res_smem_tensor_6, %res_target_tensors_7 = cute_nvgpu.atom.tma_partition(%arg2, %coord_3, %lay, %grouped, %grouped_5) : (!cute_nvgpu.atom.non_exec_tiled_tma_reduce<ADD, f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord<"0">, !cute.layout<"1:0">, !memref_smem_f32_1, !cute.coord_tensor<"(0,0)", "((32,32)):((1@1,1@0))">) -> (!memref_smem_f32_2, !cute.coord_tensor<"(0,0)", "(((32,32),1)):(((1@0,1@1),0))">)
      %iter_8 = cute.get_iter(%res_smem_tensor_6) : !memref_smem_f32_2
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      %1 = arith.cmpi eq, %0, %c0_i32 : i32
      scf.if %1 {
        %lay_9 = cute.get_layout(%res_smem_tensor) : !memref_smem_f32_2
        %lay_10 = cute.get_layout(%res_target_tensors) : !cute.coord_tensor<"(0,0)", "(((32,32),1)):(((1@0,1@1),0))">
        %append = cute.append_to_rank<2> (%lay_9, %lay) : !cute.layout<"((1024,1)):((1,0))">, !cute.layout<"1:0">
        %view_11 = cute.make_view(%iter_4, %append) : !memref_smem_f32_3
        %grouped_12 = cute.group_modes(%view_11) <1, 2> : (!memref_smem_f32_3) -> !memref_smem_f32_4
        %append_13 = cute.append_to_rank<2> (%lay_10, %lay) : !cute.layout<"(((32,32),1)):(((1@0,1@1),0))">, !cute.layout<"1:0">
        %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"(0,0)">
        %int_tup_iter = cute.make_arith_tuple_iter(%int_tuple) : (!cute.int_tuple<"(0,0)">) -> !cute.arith_tuple_iter<"(0,0)">
        %view_14 = cute.make_view(%int_tup_iter, %append_13) : !cute.coord_tensor<"(0,0)", "(((32,32),1),1):(((1@0,1@1),0),0)">
        %grouped_15 = cute.group_modes(%view_14) <1, 2> : (!cute.coord_tensor<"(0,0)", "(((32,32),1),1):(((1@0,1@1),0),0)">) -> !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">
        %2 = cute_nvgpu.atom.make_exec_tma(%arg0) : (!cute_nvgpu.atom.non_exec_tiled_tma_store<f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>) -> !cute_nvgpu.atom.tma_store<f32, copy_bits = 32768, mode = tiled, g_stride = <"()"> tma_gbasis = <"(32,32):(1@1,1@0)">>
        cute.copy(%2, %grouped_12, %grouped_15) : (!cute_nvgpu.atom.tma_store<f32, copy_bits = 32768, mode = tiled, g_stride = <"()"> tma_gbasis = <"(32,32):(1@1,1@0)">>, !memref_smem_f32_4, !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">)
        %lay_16 = cute.get_layout(%res_smem_tensor_6) : !memref_smem_f32_2
        %lay_17 = cute.get_layout(%res_target_tensors_7) : !cute.coord_tensor<"(0,0)", "(((32,32),1)):(((1@0,1@1),0))">
        %append_18 = cute.append_to_rank<2> (%lay_16, %lay) : !cute.layout<"((1024,1)):((1,0))">, !cute.layout<"1:0">
        %view_19 = cute.make_view(%iter_8, %append_18) : !memref_smem_f32_3
        %grouped_20 = cute.group_modes(%view_19) <1, 2> : (!memref_smem_f32_3) -> !memref_smem_f32_4
        %append_21 = cute.append_to_rank<2> (%lay_17, %lay) : !cute.layout<"(((32,32),1)):(((1@0,1@1),0))">, !cute.layout<"1:0">
        %view_22 = cute.make_view(%int_tup_iter, %append_21) : !cute.coord_tensor<"(0,0)", "(((32,32),1),1):(((1@0,1@1),0),0)">
        %grouped_23 = cute.group_modes(%view_22) <1, 2> : (!cute.coord_tensor<"(0,0)", "(((32,32),1),1):(((1@0,1@1),0),0)">) -> !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">
        %3 = cute_nvgpu.atom.make_exec_tma(%arg2) : (!cute_nvgpu.atom.non_exec_tiled_tma_reduce<ADD, f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>) -> !cute_nvgpu.atom.tma_reduce<f32, copy_bits = 32768, mode = tiled, kind = ADD, g_stride = <"()"> tma_gbasis = <"(32,32):(1@1,1@0)">>
        cute.copy(%3, %grouped_20, %grouped_23) : (!cute_nvgpu.atom.tma_reduce<f32, copy_bits = 32768, mode = tiled, kind = ADD, g_stride = <"()"> tma_gbasis = <"(32,32):(1@1,1@0)">>, !memref_smem_f32_4, !cute.coord_tensor<"(0,0)", "(((32,32),1),(1)):(((1@0,1@1),0),(0))">)
        nvvm.cp.async.bulk.commit.group
        nvvm.cp.async.bulk.wait_group 0 {read}
      }
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat326464641_FakeTensorFloat326464641(%arg0: !memref_gmem_f32, %arg1: !memref_gmem_f32) -> i32 attributes {llvm.emit_c_interface} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c32_i32 = arith.constant 32 : i32
    %c0_i64 = arith.constant 0 : i64
    %c232448_i64 = arith.constant 232448 : i64
    %shape = cute.make_shape() : () -> !cute.shape<"(32,32)">
    %stride = cute.make_stride() : () -> !cute.stride<"(32,1)">
    %lay = cute.make_layout(%shape, %stride) : !cute.layout<"(32,32):(32,1)">
    %shape_0 = cute.make_shape() : () -> !cute.shape<"(64,64)">
    %0 = cute.make_identity_layout(%shape_0) : !cute.layout<"(64,64):(1@0,1@1)">
    %tile = cute.make_tile() : () -> !cute.tile<"[32:1;32:1]">
    %1 = cute.composition(%0, %tile) : (!cute.layout<"(64,64):(1@0,1@1)">, !cute.tile<"[32:1;32:1]">) -> !cute.layout<"(32,32):(1@0,1@1)">
    %non_exec_atom, %tma_tensor = cute_nvgpu.atom.make_non_exec_tiled_tma_store(%arg0, %lay, %1) : (!memref_gmem_f32, !cute.layout<"(32,32):(32,1)">, !cute.layout<"(32,32):(1@0,1@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_store<f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">)
    %non_exec_atom_1, %tma_tensor_2 = cute_nvgpu.atom.make_non_exec_tiled_tma_reduce(%arg1, %lay, %1) <{kind = <ADD>}> : (!memref_gmem_f32, !cute.layout<"(32,32):(32,1)">, !cute.layout<"(32,32):(1@0,1@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_reduce<ADD, f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">)
    %2 = cute.kernel_smem_size @kernels::@kernel_cutlass_store_reduce_kernel_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef32_tensor00o64641110_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef3_0 : i64
    %3 = arith.cmpi sgt, %2, %c232448_i64 : i64
    scf.if %3 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_store_reduce_kernel_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef32_tensor00o64641110_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef3_0' launch shared memory exceeds current GPU arch sm_90a allowed. Allocated: {} bytes. Max: 232448 bytes.\0A\0A", %2) : i64
    }
    %4 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %5 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c32_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %2, gridDim = (%c1_i32, %c1_i32, %c1_i32), stream = %4) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%5] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    cuda.launch_cfg.cooperative[%5] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %6 = cuda.launch_ex @kernels::@kernel_cutlass_store_reduce_kernel_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef32_tensor00o64641110_CopyAtom_ThrID10_TVLayoutSrc1102401_TVLayoutDst1102401_Valuetypef3_0<%5> (%non_exec_atom, %tma_tensor, %non_exec_atom_1, %tma_tensor_2, %lay) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!cute_nvgpu.atom.non_exec_tiled_tma_store<f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute_nvgpu.atom.non_exec_tiled_tma_reduce<ADD, f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">, !cute.layout<"(32,32):(32,1)">) -> !cuda.result
    %7 = cuda.cast %6 : !cuda.result -> i32
    cuda.return_if_error %7 : i32
    return %c0_i32 : i32
  }
}

