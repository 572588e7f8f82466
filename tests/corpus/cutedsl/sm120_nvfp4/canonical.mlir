!memref_gmem_f32 = !cute.memref<f32, gmem, align<16>, "(16,8):(8,1)">
!memref_gmem_f32_1 = !cute.memref<f32, gmem, align<8>, "((2,2),1,1):((1,64),0,0)">
!memref_gmem_f32_2 = !cute.memref<f32, gmem, align<8>, "(2,2):(1,64)">
!memref_gmem_f4E2M1FN = !cute.memref<f4E2M1FN, gmem, align<16>, "(16,64):(64,1)">
!memref_gmem_f4E2M1FN1 = !cute.memref<f4E2M1FN, gmem, align<16>, "(8,64):(64,1)">
!memref_gmem_f4E2M1FN2 = !cute.memref<f4E2M1FN, gmem, align<4>, "((8,2,2),1,1):((1,512,32),0,0)">
!memref_gmem_f4E2M1FN3 = !cute.memref<f4E2M1FN, gmem, align<4>, "((8,2),1,1):((1,32),0,0)">
!memref_gmem_f4E2M1FN4 = !cute.memref<f4E2M1FN, gmem, align<4>, "(8,(2,2)):(1,(512,32))">
!memref_gmem_f4E2M1FN5 = !cute.memref<f4E2M1FN, gmem, align<4>, "(8,2):(1,32)">
!memref_gmem_f8E4M3FN = !cute.memref<f8E4M3FN, gmem, align<16>, "(64):(1)">
!memref_gmem_f8E4M3FN1 = !cute.memref<f8E4M3FN, gmem, align<16>, "(32):(1)">
!memref_rmem_f32 = !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">
!memref_rmem_f32_1 = !cute.memref<f32, rmem, align<16>, "(2,2):(1,2)">
!memref_rmem_f4E2M1FN = !cute.memref<f4E2M1FN, rmem, align<16>, "((8,2,2),1,1):((1,8,16),0,0)">
!memref_rmem_f4E2M1FN1 = !cute.memref<f4E2M1FN, rmem, align<8>, "((8,2),1,1):((1,8),0,0)">
!memref_rmem_f4E2M1FN2 = !cute.memref<f4E2M1FN, rmem, align<16>, "(8,4):(1,8)">
!memref_rmem_f4E2M1FN3 = !cute.memref<f4E2M1FN, rmem, align<8>, "(8,2):(1,8)">
!memref_rmem_f8E4M3FN = !cute.memref<f8E4M3FN, rmem, align<32>, "((16,4),1,1):((0,1),0,0)">
!memref_rmem_f8E4M3FN1 = !cute.memref<f8E4M3FN, rmem, align<32>, "((16,4),(1,1)):((0,1),(0,0))">
!memref_rmem_f8E4M3FN2 = !cute.memref<f8E4M3FN, rmem, align<32>, "((16,4),(1,1),1):((0,1),(0,0),0)">
!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64 = !cute.tiled_mma<!cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, use_sf_layout_TV = false>, atom_layout_MNK = <"(1,1,1):(0,0,0)">, permutation_MNK = <"[_;_;_]">>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_cutlass_nvfp4_kernel_TiledMMA_ThrLayoutVMNK321111000_PermutationMNK____MMAAtom_ThrID321_ShapeMNK16864_TVLayoutA488221281168512_TVLayoutB48826418256_TVLayoutC4822321168_tensorptrf4E_0(%arg0: !mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, %arg1: !memref_gmem_f4E2M1FN, %arg2: !memref_gmem_f4E2M1FN1, %arg3: !memref_gmem_f8E4M3FN, %arg4: !memref_gmem_f8E4M3FN1, %arg5: !memref_gmem_f32) attributes {cu_attrs = {max_dynamic_shared_size_bytes = #cuda.dev_max_shared_memory_optin, non_portable_cluster_size_allowed = 1 : i32}, cute.kernel, cutlass_launch_facts = {cluster_launch = false, cooperative_launch = false, exact_block_dim = array<i64: 32, 1, 1>, exact_grid_dim = array<i64: 1, 1, 1>, schema_version = 1 : i64}, gpu.kernel, nvvm.reqntid = array<i32: 32, 1, 1>, smem.hint_smem_base_uniform, smem.partition_num = 2 : i32} {
      %cst = arith.constant dense<0.000000e+00> : vector<4xf32>
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %coord = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %ptn_A = cute.tiled.mma.partition A (%arg0, %arg1, %coord) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_gmem_f4E2M1FN, !cute.coord<"?">) -> !memref_gmem_f4E2M1FN2
      %frg_A = cute.mma.make_fragment A (%arg0, %ptn_A) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_gmem_f4E2M1FN2) -> !memref_rmem_f4E2M1FN
      %ptn_B = cute.tiled.mma.partition B (%arg0, %arg2, %coord) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_gmem_f4E2M1FN1, !cute.coord<"?">) -> !memref_gmem_f4E2M1FN3
      %frg_B = cute.mma.make_fragment B (%arg0, %ptn_B) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_gmem_f4E2M1FN3) -> !memref_rmem_f4E2M1FN1
      %lay = cute.get_layout(%ptn_A) : !memref_gmem_f4E2M1FN2
      %lay_0 = cute.get_layout(%frg_A) : !memref_rmem_f4E2M1FN
      %rinv = cute.right_inverse(%lay_0) : (!cute.layout<"((8,2,2),1,1):((1,8,16),0,0)">) -> !cute.layout<"32:1">
      %1 = cute.composition(%lay, %rinv) : (!cute.layout<"((8,2,2),1,1):((1,512,32),0,0)">, !cute.layout<"32:1">) -> !cute.layout<"(8,2,2):(1,512,32)">
      %coalesce = cute.coalesce(%1) : (!cute.layout<"(8,2,2):(1,512,32)">) -> !cute.layout<"(8,2,2):(1,512,32)">
      %2 = cute.get(%coalesce) <{mode = [0]}> : !cute.layout<"(8,2,2):(1,512,32)"> -> !cute.layout<"8:1">
      %3 = cute.composition(%rinv, %2) : (!cute.layout<"32:1">, !cute.layout<"8:1">) -> !cute.layout<"8:1">
      %div = cute.logical_divide(%ptn_A, %3) : !memref_gmem_f4E2M1FN2, !cute.layout<"8:1">
      %div_1 = cute.logical_divide(%frg_A, %3) : !memref_rmem_f4E2M1FN, !cute.layout<"8:1">
      %shape = cute.make_shape() : () -> !cute.shape<"8">
      %lay_2 = cute.make_layout(%shape) : !cute.layout<"8:1">
      %div_3 = cute.logical_divide(%div, %lay_2) : !memref_gmem_f4E2M1FN4, !cute.layout<"8:1">
      %div_4 = cute.logical_divide(%div_1, %lay_2) : !memref_rmem_f4E2M1FN2, !cute.layout<"8:1">
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f4E2M1FN, 32 b>
      cute.copy(%atom, %div_3, %div_4) : (!cute_nvgpu.atom.universal_copy<f4E2M1FN, 32 b>, !memref_gmem_f4E2M1FN4, !memref_rmem_f4E2M1FN2)
      %lay_5 = cute.get_layout(%ptn_B) : !memref_gmem_f4E2M1FN3
      %lay_6 = cute.get_layout(%frg_B) : !memref_rmem_f4E2M1FN1
      %rinv_7 = cute.right_inverse(%lay_6) : (!cute.layout<"((8,2),1,1):((1,8),0,0)">) -> !cute.layout<"16:1">
      %4 = cute.composition(%lay_5, %rinv_7) : (!cute.layout<"((8,2),1,1):((1,32),0,0)">, !cute.layout<"16:1">) -> !cute.layout<"(8,2):(1,32)">
      %coalesce_8 = cute.coalesce(%4) : (!cute.layout<"(8,2):(1,32)">) -> !cute.layout<"(8,2):(1,32)">
      %5 = cute.get(%coalesce_8) <{mode = [0]}> : !cute.layout<"(8,2):(1,32)"> -> !cute.layout<"8:1">
      %6 = cute.composition(%rinv_7, %5) : (!cute.layout<"16:1">, !cute.layout<"8:1">) -> !cute.layout<"8:1">
      %div_9 = cute.logical_divide(%ptn_B, %6) : !memref_gmem_f4E2M1FN3, !cute.layout<"8:1">
      %div_10 = cute.logical_divide(%frg_B, %6) : !memref_rmem_f4E2M1FN1, !cute.layout<"8:1">
      %div_11 = cute.logical_divide(%div_9, %lay_2) : !memref_gmem_f4E2M1FN5, !cute.layout<"8:1">
      %div_12 = cute.logical_divide(%div_10, %lay_2) : !memref_rmem_f4E2M1FN3, !cute.layout<"8:1">
      cute.copy(%atom, %div_11, %div_12) : (!cute_nvgpu.atom.universal_copy<f4E2M1FN, 32 b>, !memref_gmem_f4E2M1FN5, !memref_rmem_f4E2M1FN3)
      %rmem = cute.memref.alloca() : !memref_rmem_f8E4M3FN
      %rmem_13 = cute.memref.alloca() : !memref_rmem_f8E4M3FN1
      %iter = cute.get_iter(%rmem_13) : !memref_rmem_f8E4M3FN1
      %lay_14 = cute.get_layout(%rmem_13) : !memref_rmem_f8E4M3FN1
      %shape_15 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_16 = cute.make_layout(%shape_15) : !cute.layout<"1:0">
      %append = cute.append_to_rank<3> (%lay_14, %lay_16) : !cute.layout<"((16,4),(1,1)):((0,1),(0,0))">, !cute.layout<"1:0">
      %view = cute.make_view(%iter, %append) : !memref_rmem_f8E4M3FN2
      %ptn_C = cute.tiled.mma.partition C (%arg0, %arg5, %coord) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_gmem_f32, !cute.coord<"?">) -> !memref_gmem_f32_1
      %frg_C = cute.mma.make_fragment C (%arg0, %ptn_C) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_gmem_f32_1) -> !memref_rmem_f32
      %lay_17 = cute.get_layout(%frg_C) : !memref_rmem_f32
      cute.memref.store_vec(%cst, %frg_C) : (vector<4xf32>, !memref_rmem_f32) -> ()
      cute.gemm(%arg0, %frg_C, [%frg_A, %rmem], [%frg_B, %view], %frg_C) : (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_rmem_f32, [!memref_rmem_f4E2M1FN, !memref_rmem_f8E4M3FN], [!memref_rmem_f4E2M1FN1, !memref_rmem_f8E4M3FN2], !memref_rmem_f32)
      %lay_18 = cute.get_layout(%ptn_C) : !memref_gmem_f32_1
      %rinv_19 = cute.right_inverse(%lay_18) : (!cute.layout<"((2,2),1,1):((1,64),0,0)">) -> !cute.layout<"2:1">
      %7 = cute.composition(%lay_17, %rinv_19) : (!cute.layout<"((2,2),1,1):((1,2),0,0)">, !cute.layout<"2:1">) -> !cute.layout<"2:1">
      %coalesce_20 = cute.coalesce(%7) : (!cute.layout<"2:1">) -> !cute.layout<"2:1">
      %8 = cute.composition(%rinv_19, %coalesce_20) : (!cute.layout<"2:1">, !cute.layout<"2:1">) -> !cute.layout<"2:1">
      %div_21 = cute.logical_divide(%frg_C, %8) : !memref_rmem_f32, !cute.layout<"2:1">
      %div_22 = cute.logical_divide(%ptn_C, %8) : !memref_gmem_f32_1, !cute.layout<"2:1">
      %shape_23 = cute.make_shape() : () -> !cute.shape<"2">
      %lay_24 = cute.make_layout(%shape_23) : !cute.layout<"2:1">
      %div_25 = cute.logical_divide(%div_21, %lay_24) : !memref_rmem_f32_1, !cute.layout<"2:1">
      %div_26 = cute.logical_divide(%div_22, %lay_24) : !memref_gmem_f32_2, !cute.layout<"2:1">
      %atom_27 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 64 b>
      cute.copy(%atom_27, %div_25, %div_26) : (!cute_nvgpu.atom.universal_copy<f32, 64 b>, !memref_rmem_f32_1, !memref_gmem_f32_2)
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat4E2M1FN1664641_FakeTensorFloat4E2M1FN864641_FakeTensorFloat8E4M3FN641_FakeTensorFloat8E4M3FN321_FakeTensorFloat3216881(%arg0: !memref_gmem_f4E2M1FN, %arg1: !memref_gmem_f4E2M1FN1, %arg2: !memref_gmem_f8E4M3FN, %arg3: !memref_gmem_f8E4M3FN1, %arg4: !memref_gmem_f32) -> i32 attributes {llvm.emit_c_interface} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c32_i32 = arith.constant 32 : i32
    %c0_i64 = arith.constant 0 : i64
    %c101376_i64 = arith.constant 101376 : i64
    %atom = cute.make_atom() : () -> !cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, use_sf_layout_TV = false>
    %0 = cute.make_tiled_mma(%atom) : !mma_f4E2M1FN_f4E2M1FN_f32_16x8x64
    %1 = cute.kernel_smem_size @kernels::@kernel_cutlass_nvfp4_kernel_TiledMMA_ThrLayoutVMNK321111000_PermutationMNK____MMAAtom_ThrID321_ShapeMNK16864_TVLayoutA488221281168512_TVLayoutB48826418256_TVLayoutC4822321168_tensorptrf4E_0 : i64
    %2 = arith.cmpi sgt, %1, %c101376_i64 : i64
    scf.if %2 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_nvfp4_kernel_TiledMMA_ThrLayoutVMNK321111000_PermutationMNK____MMAAtom_ThrID321_ShapeMNK16864_TVLayoutA488221281168512_TVLayoutB48826418256_TVLayoutC4822321168_tensorptrf4E_0' launch shared memory exceeds current GPU arch sm_120a allowed. Allocated: {} bytes. Max: 101376 bytes.\0A\0A", %1) : i64
    }
    %3 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %4 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c32_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %1, gridDim = (%c1_i32, %c1_i32, %c1_i32), stream = %3) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%4] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    cuda.launch_cfg.cooperative[%4] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %5 = cuda.launch_ex @kernels::@kernel_cutlass_nvfp4_kernel_TiledMMA_ThrLayoutVMNK321111000_PermutationMNK____MMAAtom_ThrID321_ShapeMNK16864_TVLayoutA488221281168512_TVLayoutB48826418256_TVLayoutC4822321168_tensorptrf4E_0<%4> (%0, %arg0, %arg1, %arg2, %arg3, %arg4) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!mma_f4E2M1FN_f4E2M1FN_f32_16x8x64, !memref_gmem_f4E2M1FN, !memref_gmem_f4E2M1FN1, !memref_gmem_f8E4M3FN, !memref_gmem_f8E4M3FN1, !memref_gmem_f32) -> !cuda.result
    %6 = cuda.cast %5 : !cuda.result -> i32
    cuda.return_if_error %6 : i32
    return %c0_i32 : i32
  }
}

