!copy_ldtm_32 = !cute.tiled_copy<!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>, layout_copy_tv = <"((32,4),(32,32)):((0,1),(128,4))">, tiler_mn = <"[(4,32):(32,1);32:1]">>
!memref_gmem_f16 = !cute.memref<f16, gmem, align<16>, "(256,64):(64,1)">
!memref_gmem_f32 = !cute.memref<f32, gmem, align<16>, "(256,256):(256,1)">
!memref_gmem_f32_1 = !cute.memref<f32, gmem, align<16>, "(256,128,1,2):(256,1,0,128)">
!memref_gmem_f32_2 = !cute.memref<f32, gmem, align<16>, "((128,128),1,1,1,2):((256,1),0,0,0,128)">
!memref_gmem_f32_3 = !cute.memref<f32, gmem, align<16>, "(128,128):(256,1)">
!memref_gmem_f32_4 = !cute.memref<f32, gmem, align<16>, "(128,32,1,4):(256,1,0,32)">
!memref_gmem_f32_5 = !cute.memref<f32, gmem, align<16>, "((32,1),1,1,1,4):((1,0),0,0,0,32)">
!memref_gmem_f32_6 = !cute.memref<f32, gmem, align<16>, "((32,1),1,1):((1,0),0,0)">
!memref_gmem_f32_7 = !cute.memref<f32, gmem, align<16>, "(32,1):(1,0)">
!memref_gmem_f32_8 = !cute.memref<f32, gmem, align<16>, "(4,8):(1,4)">
!memref_rmem_f32 = !cute.memref<f32, rmem, align<32>, "((32,1),1,1):((1,0),0,0)">
!memref_rmem_f32_1 = !cute.memref<f32, rmem, align<32>, "((32,1),(1,1)):((1,0),(0,0))">
!memref_rmem_f32_2 = !cute.memref<f32, rmem, align<32>, "(32,1):(1,0)">
!memref_rmem_f32_3 = !cute.memref<f32, rmem, align<32>, "(4,8):(1,4)">
!memref_smem_f16 = !cute.memref<f16, smem, align<128>, S<3,4,3>, "((128,16),1,4,1):((64,1),0,16,0)">
!memref_smem_f16_1 = !cute.memref<f16, smem, align<128>, S<3,4,3>, "((64,16),1,4,1):((64,1),0,16,0)">
!memref_smem_f16_2 = !cute.memref<f16, smem, align<128>, S<3,4,3>, "(((128,16),1,4),1):(((64,1),0,16),0)">
!memref_smem_f16_3 = !cute.memref<f16, smem, align<128>, S<3,4,3>, "((8192,1),1):((1,0),0)">
!memref_smem_f16_4 = !cute.memref<f16, smem, align<128>, S<3,4,3>, "(((64,16),1,4),1):(((64,1),0,16),0)">
!memref_smem_f16_5 = !cute.memref<f16, smem, align<128>, S<3,4,3>, "((4096,1),1):((1,0),0)">
!memref_smem_f16_6 = !cute.memref<f16, smem, align<128>, S<3,4,3>, "((8192,1)):((1,0))">
!memref_smem_f16_7 = !cute.memref<f16, smem, align<128>, S<3,4,3>, "((8192,1),(1)):((1,0),(0))">
!memref_smem_f16_8 = !cute.memref<f16, smem, align<128>, S<3,4,3>, "((4096,1)):((1,0))">
!memref_smem_f16_9 = !cute.memref<f16, smem, align<128>, S<3,4,3>, "((4096,1),(1)):((1,0),(0))">
!memref_smem_i8 = !cute.memref<i8, smem, align<8>, "32:1">
!memref_smem_i8_1 = !cute.memref<i8, smem, align<4>, "4:1">
!memref_smem_i8_2 = !cute.memref<i8, smem, align<128>, "16384:1">
!memref_smem_i8_3 = !cute.memref<i8, smem, align<128>, "8192:1">
!memref_tmem_f32 = !cute.memref<f32, tmem, align<1>, "((128,128),1,1):((65536,1),0,0)">
!memref_tmem_f32_1 = !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
!memref_tmem_f32_2 = !cute.memref<f32, tmem, align<16>, "(128,128):(65536,1)">
!memref_tmem_f32_3 = !cute.memref<f32, tmem, align<16>, "(128,32,1,4):(65536,1,0,32)">
!memref_tmem_f32_4 = !cute.memref<f32, tmem, align<16>, "(128,32):(65536,1)">
!memref_tmem_f32_5 = !cute.memref<f32, tmem, align<16>, "(((32,32),1),1,1,1,4):(((1,65536),0),0,0,0,32)">
!memref_tmem_f32_6 = !cute.memref<f32, tmem, align<16>, "(((32,32),1),1,1):(((1,65536),0),0,0)">
!memref_tmem_f32_7 = !cute.memref<f32, tmem, align<16>, "(((32,32),1),(1,1)):(((1,65536),0),(0,0))">
!mma_f16_f16_f32_256x128x16 = !cute.tiled_mma<!cute_nvgpu.sm100.mma<256x128x16, num_cta = 2, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss, c_scale_exp = 0>, atom_layout_MNK = <"(1,1,1):(0,0,0)">, permutation_MNK = <"[_;_;_]">>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_cutlass_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612816_TVLayoutA2128161281256_TVLayoutB26416641128_TVLayoutC21281281281256_CopyAtom_T_0(%arg0: !mma_f16_f16_f32_256x128x16, %arg1: !cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm_multicast, f16, copy_bits = 131072, tma_gbasis = <"(64,128):(1@1,1@0)">, tma_format = F16_RN> {cute_nvgpu.grid_constant}, %arg2: !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">, %arg3: !cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN> {cute_nvgpu.grid_constant}, %arg4: !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">, %arg5: !memref_gmem_f32, %arg6: !cute.layout<"((2),1,2,1):((1),0,2,0)">, %arg7: !cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">, %arg8: !cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">) attributes {cu_attrs = {max_dynamic_shared_size_bytes = #cuda.dev_max_shared_memory_optin, non_portable_cluster_size_allowed = 1 : i32}, cute.kernel, cutlass_launch_facts = {cluster_launch = true, cooperative_launch = false, exact_block_dim = array<i64: 128, 1, 1>, exact_cluster_dim = array<i64: 2, 2, 1>, exact_grid_dim = array<i64: 2, 2, 1>, schema_version = 1 : i64}, gpu.kernel, nvvm.reqntid = array<i32: 128, 1, 1>, smem.hint_smem_base_uniform, smem.partition_num = 2 : i32} {
      %c10000000_i32 = arith.constant 10000000 : i32
      %c49152_i32 = arith.constant 49152 : i32
      %c128_i32 = arith.constant 128 : i32
      %true = arith.constant true
      %c5_i32 = arith.constant 5 : i32
      %c1_i32 = arith.constant 1 : i32
      %c0_i32 = arith.constant 0 : i32
      %c2_i32 = arith.constant 2 : i32
      %c32_i32 = arith.constant 32 : i32
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %1 = nvvm.read.ptx.sreg.ctaid.x : i32
      %2 = nvvm.read.ptx.sreg.ctaid.y : i32
      %3 = nvvm.read.ptx.sreg.tid.y : i32
      %4 = nvvm.read.ptx.sreg.tid.z : i32
      %5 = nvvm.read.ptx.sreg.ntid.x : i32
      %6 = nvvm.read.ptx.sreg.ntid.y : i32
      %7 = arith.muli %3, %5 : i32
      %8 = arith.addi %0, %7 : i32
      %9 = arith.muli %4, %5 : i32
      %10 = arith.muli %9, %6 : i32
      %11 = arith.addi %8, %10 : i32
      %12 = arith.floordivsi %11, %c32_i32 : i32
      %13 = cute_nvgpu.arch.make_warp_uniform(%12) : i32
      %14 = cute_nvgpu.arch.make_warp_uniform(%13) : i32
      %15 = arith.remsi %1, %c2_i32 : i32
      %16 = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %17 = cute_nvgpu.arch.make_warp_uniform(%16) : i32
      %18 = cute.get_flat_coord(%17, %arg6) : (i32, !cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.coord<"(?,0,?,0)">
      %e0, %e1, %e2, %e3 = cute.get_leaves(%18) : !cute.coord<"(?,0,?,0)">
      %itup = cute.to_int_tuple(%e0) : !cute.coord<"?"> to !cute.int_tuple<"?">
      %itup_0 = cute.to_int_tuple(%e2) : !cute.coord<"?"> to !cute.int_tuple<"?">
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter = cute.get_iter(%smem) : !memref_smem_i8
      %iter_1 = cute.recast_iter(%iter) : !cute.ptr<i8, smem, align<8>> to !cute.ptr<i64, smem>
      %smem_2 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_1
      %iter_3 = cute.get_iter(%smem_2) : !memref_smem_i8_1
      %iter_4 = cute.recast_iter(%iter_3) : !cute.ptr<i8, smem, align<4>> to !cute.ptr<i32, smem>
      %19 = cute.composed_get_outer(%arg7) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">) -> !cute.layout<"((128,16),1,4,1):((64,1),0,16,0)">
      %smem_5 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_2
      %iter_6 = cute.get_iter(%smem_5) : !memref_smem_i8_2
      %iter_7 = cute.recast_iter(%iter_6) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f16, smem, align<128>, S<3,4,3>>
      %view = cute.make_view(%iter_7, %19) : !memref_smem_f16
      %20 = cute.composed_get_outer(%arg8) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">) -> !cute.layout<"((64,16),1,4,1):((64,1),0,16,0)">
      %smem_8 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_3
      %iter_9 = cute.get_iter(%smem_8) : !memref_smem_i8_3
      %iter_10 = cute.recast_iter(%iter_9) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f16, smem, align<128>, S<3,4,3>>
      %view_11 = cute.make_view(%iter_10, %20) : !memref_smem_f16_1
      %21 = arith.cmpi eq, %14, %c0_i32 : i32
      %22 = arith.cmpi eq, %0, %c0_i32 : i32
      %23 = arith.andi %21, %22 : i1
      scf.if %23 {
        %37 = builtin.unrealized_conversion_cast %iter_1 : !cute.ptr<i64, smem> to !llvm.ptr<3>
        nvvm.mbarrier.init %37, %c1_i32 : !llvm.ptr<3>, i32
        %int_tuple_67 = cute.make_int_tuple() : () -> !cute.int_tuple<"1">
        %ptr_68 = cute.add_offset(%iter_1, %int_tuple_67) : (!cute.ptr<i64, smem>, !cute.int_tuple<"1">) -> !cute.ptr<i64, smem>
        %38 = builtin.unrealized_conversion_cast %ptr_68 : !cute.ptr<i64, smem> to !llvm.ptr<3>
        nvvm.mbarrier.init %38, %c1_i32 : !llvm.ptr<3>, i32
      }
      nvvm.fence.mbarrier.init
      nvvm.cluster.arrive.relaxed
      nvvm.cluster.wait
      %coord = cute.make_coord(%itup) : (!cute.int_tuple<"?">) -> !cute.coord<"(?,0,_,0)">
      %idx = cute.crd2idx(%coord, %arg6) : (!cute.coord<"(?,0,_,0)">, !cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.int_tuple<"?">
      %e0_12 = cute.get_leaves(%idx) : !cute.int_tuple<"?">
      %24 = cute.get_scalars(%e0_12) : !cute.int_tuple<"?">
      %25 = arith.shli %c5_i32, %24 : i32
      %26 = arith.trunci %25 : i32 to i16
      %coord_13 = cute.make_coord(%itup, %itup_0) : (!cute.int_tuple<"?">, !cute.int_tuple<"?">) -> !cute.coord<"(?,_,?,0)">
      %idx_14 = cute.crd2idx(%coord_13, %arg6) : (!cute.coord<"(?,_,?,0)">, !cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.int_tuple<"?">
      %e0_15 = cute.get_leaves(%idx_14) : !cute.int_tuple<"?">
      %27 = cute.get_scalars(%e0_15) : !cute.int_tuple<"?">
      %28 = arith.shli %c1_i32, %27 : i32
      %29 = arith.trunci %28 : i32 to i16
      %tile = cute.make_tile() : () -> !cute.tile<"[256:1;64:1]">
      %coord_16 = cute.make_coord() : () -> !cute.coord<"(_,_)">
      %tiled_view = cute.local_tile(%arg2, %tile, %coord_16) : (!cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">, !cute.tile<"[256:1;64:1]">, !cute.coord<"(_,_)">) -> !cute.coord_tensor<"(0,0)", "(256,64,1,1):(1@1,1@0,0,0)">
      %tile_17 = cute.make_tile() : () -> !cute.tile<"[128:1;64:1]">
      %tiled_view_18 = cute.local_tile(%arg4, %tile_17, %coord_16) : (!cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">, !cute.tile<"[128:1;64:1]">, !cute.coord<"(_,_)">) -> !cute.coord_tensor<"(0,0)", "(128,64,2,1):(1@1,1@0,128@1,0)">
      %tile_19 = cute.make_tile() : () -> !cute.tile<"[256:1;128:1]">
      %tiled_view_20 = cute.local_tile(%arg5, %tile_19, %coord_16) : (!memref_gmem_f32, !cute.tile<"[256:1;128:1]">, !cute.coord<"(_,_)">) -> !memref_gmem_f32_1
      %coord_21 = cute.make_coord(%15) : (i32) -> !cute.coord<"?">
      %ptn_A = cute.tiled.mma.partition A (%arg0, %tiled_view, %coord_21) : (!mma_f16_f16_f32_256x128x16, !cute.coord_tensor<"(0,0)", "(256,64,1,1):(1@1,1@0,0,0)">, !cute.coord<"?">) -> !cute.coord_tensor<"(0,?{div=128})", "((128,16),1,4,1,1):((1@1,1@0),0,16@0,0,0)">
      %ptn_B = cute.tiled.mma.partition B (%arg0, %tiled_view_18, %coord_21) : (!mma_f16_f16_f32_256x128x16, !cute.coord_tensor<"(0,0)", "(128,64,2,1):(1@1,1@0,128@1,0)">, !cute.coord<"?">) -> !cute.coord_tensor<"(0,?{div=64})", "((64,16),1,4,2,1):((1@1,1@0),0,16@0,128@1,0)">
      %ptn_C = cute.tiled.mma.partition C (%arg0, %tiled_view_20, %coord_21) : (!mma_f16_f16_f32_256x128x16, !memref_gmem_f32_1, !cute.coord<"?">) -> !memref_gmem_f32_2
      %shape = cute.make_shape() : () -> !cute.shape<"(2)">
      %lay = cute.make_layout(%shape) : !cute.layout<"(2):(1)">
      %grouped = cute.group_modes(%view) <0, 3> : (!memref_smem_f16) -> !memref_smem_f16_2
      %grouped_22 = cute.group_modes(%ptn_A) <0, 3> : (!cute.coord_tensor<"(0,?{div=128})", "((128,16),1,4,1,1):((1@1,1@0),0,16@0,0,0)">) -> !cute.coord_tensor<"(0,?{div=128})", "(((128,16),1,4),1,1):(((1@1,1@0),0,16@0),0,0)">
      %coord_23 = cute.make_coord(%itup_0) : (!cute.int_tuple<"?">) -> !cute.coord<"?">
      %res_smem_tensor, %res_target_tensors = cute_nvgpu.atom.tma_partition(%arg1, %coord_23, %lay, %grouped, %grouped_22) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm_multicast, f16, copy_bits = 131072, tma_gbasis = <"(64,128):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord<"?">, !cute.layout<"(2):(1)">, !memref_smem_f16_2, !cute.coord_tensor<"(0,?{div=128})", "(((128,16),1,4),1,1):(((1@1,1@0),0,16@0),0,0)">) -> (!memref_smem_f16_3, !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),1,1):(((1@0,1@1),0),0,0)">)
      %shape_24 = cute.make_shape() : () -> !cute.shape<"(1)">
      %lay_25 = cute.make_layout(%shape_24) : !cute.layout<"(1):(0)">
      %grouped_26 = cute.group_modes(%view_11) <0, 3> : (!memref_smem_f16_1) -> !memref_smem_f16_4
      %grouped_27 = cute.group_modes(%ptn_B) <0, 3> : (!cute.coord_tensor<"(0,?{div=64})", "((64,16),1,4,2,1):((1@1,1@0),0,16@0,128@1,0)">) -> !cute.coord_tensor<"(0,?{div=64})", "(((64,16),1,4),2,1):(((1@1,1@0),0,16@0),128@1,0)">
      %coord_28 = cute.make_coord() : () -> !cute.coord<"0">
      %res_smem_tensor_29, %res_target_tensors_30 = cute_nvgpu.atom.tma_partition(%arg3, %coord_28, %lay_25, %grouped_26, %grouped_27) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord<"0">, !cute.layout<"(1):(0)">, !memref_smem_f16_4, !cute.coord_tensor<"(0,?{div=64})", "(((64,16),1,4),2,1):(((1@1,1@0),0,16@0),128@1,0)">) -> (!memref_smem_f16_5, !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),2,1):(((1@0,1@1),0),128@1,0)">)
      %frg_A = cute.mma.make_fragment A (%arg0, %view) : (!mma_f16_f16_f32_256x128x16, !memref_smem_f16) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">
      %frg_B = cute.mma.make_fragment B (%arg0, %view_11) : (!mma_f16_f16_f32_256x128x16, !memref_smem_f16_1) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">
      %shape_31 = cute.make_shape() : () -> !cute.shape<"((128,128),1,1)">
      %frg_C = cute.mma.make_fragment C (%arg0, %shape_31) : (!mma_f16_f16_f32_256x128x16, !cute.shape<"((128,128),1,1)">) -> !memref_tmem_f32
      %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"2">
      %ptr = cute.add_offset(%iter_1, %int_tuple) : (!cute.ptr<i64, smem>, !cute.int_tuple<"2">) -> !cute.ptr<i64, smem>
      scf.if %21 {
        %37 = nvvm.elect.sync -> i1
        scf.if %37 {
          %38 = builtin.unrealized_conversion_cast %ptr : !cute.ptr<i64, smem> to !llvm.ptr<3>
          nvvm.mbarrier.init %38, %c32_i32 : !llvm.ptr<3>, i32
        }
      }
      nvvm.fence.mbarrier.init
      scf.if %21 {
        cute_nvgpu.arch.sm100.alloc_tmem(%c128_i32, %iter_4) [cta_2] : i32, !cute.ptr<i32, smem>
      }
      nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
      %tmem_ptr = cute_nvgpu.arch.sm100.retrieve_tmem_ptr(%iter_4) : !cute.ptr<i32, smem> -> !cute.ptr<f32, tmem, align<16>>
      %lay_32 = cute.get_layout(%frg_C) : !memref_tmem_f32
      %view_33 = cute.make_view(%tmem_ptr, %lay_32) : !memref_tmem_f32_1
      scf.if %21 {
        %37 = nvvm.elect.sync -> i1
        scf.if %37 {
          %44 = builtin.unrealized_conversion_cast %iter_1 : !cute.ptr<i64, smem> to !llvm.ptr<3>
          %45 = nvvm.mbarrier.arrive.expect_tx %44, %c49152_i32 : !llvm.ptr<3>, i32 -> i64
        }
        %38 = arith.floordivsi %1, %c2_i32 : i32
        %coord_67 = cute.make_coord(%38) : (i32) -> !cute.coord<"(_,?,0)">
        %slice_68 = cute.slice(%res_target_tensors, %coord_67) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),1,1):(((1@0,1@1),0),0,0)">, !cute.coord<"(_,?,0)">
        %iter_69 = cute.get_iter(%slice_68) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1)):(((1@0,1@1),0))">
        %tup = cute.deref_arith_tuple_iter(%iter_69) : !cute.arith_tuple_iter<"(0,?{div=64})">
        %e0_70, %e1_71 = cute.get_leaves(%tup) : !cute.int_tuple<"(0,?{div=64})">
        %coord_72 = cute.make_coord() : () -> !cute.coord<"(_,0)">
        %slice_73 = cute.slice(%res_smem_tensor, %coord_72) : !memref_smem_f16_3, !cute.coord<"(_,0)">
        %iter_74 = cute.get_iter(%slice_73) : !memref_smem_f16_6
        %lay_75 = cute.get_layout(%slice_68) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1)):(((1@0,1@1),0))">
        %lay_76 = cute.get_layout(%slice_73) : !memref_smem_f16_6
        %shape_77 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_78 = cute.make_layout(%shape_77) : !cute.layout<"1:0">
        %append_79 = cute.append_to_rank<2> (%lay_75, %lay_78) : !cute.layout<"(((64,128),1)):(((1@0,1@1),0))">, !cute.layout<"1:0">
        %int_tuple_80 = cute.make_int_tuple(%e1_71) : (!cute.int_tuple<"?{div=64}">) -> !cute.int_tuple<"(0,?{div=64})">
        %int_tup_iter = cute.make_arith_tuple_iter(%int_tuple_80) : (!cute.int_tuple<"(0,?{div=64})">) -> !cute.arith_tuple_iter<"(0,?{div=64})">
        %view_81 = cute.make_view(%int_tup_iter, %append_79) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),1):(((1@0,1@1),0),0)">
        %grouped_82 = cute.group_modes(%view_81) <1, 2> : (!cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),1):(((1@0,1@1),0),0)">) -> !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),(1)):(((1@0,1@1),0),(0))">
        %append_83 = cute.append_to_rank<2> (%lay_76, %lay_78) : !cute.layout<"((8192,1)):((1,0))">, !cute.layout<"1:0">
        %view_84 = cute.make_view(%iter_74, %append_83) : !memref_smem_f16_3
        %grouped_85 = cute.group_modes(%view_84) <1, 2> : (!memref_smem_f16_3) -> !memref_smem_f16_7
        %39 = cute_nvgpu.atom.make_exec_tma(%arg1) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm_multicast, f16, copy_bits = 131072, tma_gbasis = <"(64,128):(1@1,1@0)">, tma_format = F16_RN>) -> !cute_nvgpu.atom.tma_load<f16, copy_bits = 131072, mode = tiled, num_cta = 2, g_stride = <"()"> mcast = true tma_gbasis = <"(64,128):(1@1,1@0)">>
        %40 = cute_nvgpu.atom.set_value<mcast_mask>(%39, %26) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 131072, mode = tiled, num_cta = 2, g_stride = <"()"> mcast = true tma_gbasis = <"(64,128):(1@1,1@0)">>, i16)
        %41 = cute_nvgpu.atom.set_value<tma_bar>(%40, %iter_1) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 131072, mode = tiled, num_cta = 2, g_stride = <"()"> mcast = true tma_gbasis = <"(64,128):(1@1,1@0)">>, !cute.ptr<i64, smem>)
        cute.copy(%41, %grouped_82, %grouped_85) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 131072, mode = tiled, num_cta = 2, g_stride = <"()"> mcast = true tma_gbasis = <"(64,128):(1@1,1@0)">>, !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),(1)):(((1@0,1@1),0),(0))">, !memref_smem_f16_7)
        %coord_86 = cute.make_coord(%2) : (i32) -> !cute.coord<"(_,?,0)">
        %slice_87 = cute.slice(%res_target_tensors_30, %coord_86) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),2,1):(((1@0,1@1),0),128@1,0)">, !cute.coord<"(_,?,0)">
        %iter_88 = cute.get_iter(%slice_87) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1)):(((1@0,1@1),0))">
        %tup_89 = cute.deref_arith_tuple_iter(%iter_88) : !cute.arith_tuple_iter<"(0,?{div=64})">
        %e0_90, %e1_91 = cute.get_leaves(%tup_89) : !cute.int_tuple<"(0,?{div=64})">
        %slice_92 = cute.slice(%res_smem_tensor_29, %coord_72) : !memref_smem_f16_5, !cute.coord<"(_,0)">
        %iter_93 = cute.get_iter(%slice_92) : !memref_smem_f16_8
        %lay_94 = cute.get_layout(%slice_87) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1)):(((1@0,1@1),0))">
        %lay_95 = cute.get_layout(%slice_92) : !memref_smem_f16_8
        %append_96 = cute.append_to_rank<2> (%lay_94, %lay_78) : !cute.layout<"(((64,64),1)):(((1@0,1@1),0))">, !cute.layout<"1:0">
        %int_tuple_97 = cute.make_int_tuple(%e1_91) : (!cute.int_tuple<"?{div=64}">) -> !cute.int_tuple<"(0,?{div=64})">
        %int_tup_iter_98 = cute.make_arith_tuple_iter(%int_tuple_97) : (!cute.int_tuple<"(0,?{div=64})">) -> !cute.arith_tuple_iter<"(0,?{div=64})">
        %view_99 = cute.make_view(%int_tup_iter_98, %append_96) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),1):(((1@0,1@1),0),0)">
        %grouped_100 = cute.group_modes(%view_99) <1, 2> : (!cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),1):(((1@0,1@1),0),0)">) -> !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %append_101 = cute.append_to_rank<2> (%lay_95, %lay_78) : !cute.layout<"((4096,1)):((1,0))">, !cute.layout<"1:0">
        %view_102 = cute.make_view(%iter_93, %append_101) : !memref_smem_f16_5
        %grouped_103 = cute.group_modes(%view_102) <1, 2> : (!memref_smem_f16_5) -> !memref_smem_f16_9
        %42 = cute_nvgpu.atom.make_exec_tma(%arg3) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>) -> !cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 2, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>
        %43 = cute_nvgpu.atom.set_value<tma_bar>(%42, %iter_1) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 2, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>, !cute.ptr<i64, smem>)
        cute.copy(%43, %grouped_100, %grouped_103) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 2, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>, !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">, !memref_smem_f16_9)
      }
      %30 = arith.cmpi eq, %15, %c0_i32 : i32
      %31 = arith.andi %30, %21 : i1
      scf.if %31 {
        %37 = builtin.unrealized_conversion_cast %iter_1 : !cute.ptr<i64, smem> to !llvm.ptr<3>
        nvvm.mbarrier.try_wait.parity %37, %c0_i32, %c10000000_i32 : !llvm.ptr<3>, i32, i32
        %coord_67 = cute.make_coord() : () -> !cute.coord<"(_,_,0,0)">
        %slice_68 = cute.slice(%frg_A, %coord_67) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,0,0)">
        %slice_69 = cute.slice(%frg_B, %coord_67) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,0,0)">
        cute.gemm(%arg0, %view_33, %slice_68, %slice_69, %view_33) : (!mma_f16_f16_f32_256x128x16, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %38 = cute_nvgpu.atom.set_value<accum_c>(%arg0, %true) : (!mma_f16_f16_f32_256x128x16, i1)
        %coord_70 = cute.make_coord() : () -> !cute.coord<"(_,_,1,0)">
        %slice_71 = cute.slice(%frg_A, %coord_70) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,1,0)">
        %slice_72 = cute.slice(%frg_B, %coord_70) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,1,0)">
        cute.gemm(%38, %view_33, %slice_71, %slice_72, %view_33) : (!mma_f16_f16_f32_256x128x16, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %39 = cute_nvgpu.atom.set_value<accum_c>(%38, %true) : (!mma_f16_f16_f32_256x128x16, i1)
        %coord_73 = cute.make_coord() : () -> !cute.coord<"(_,_,2,0)">
        %slice_74 = cute.slice(%frg_A, %coord_73) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,2,0)">
        %slice_75 = cute.slice(%frg_B, %coord_73) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,2,0)">
        cute.gemm(%39, %view_33, %slice_74, %slice_75, %view_33) : (!mma_f16_f16_f32_256x128x16, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %40 = cute_nvgpu.atom.set_value<accum_c>(%39, %true) : (!mma_f16_f16_f32_256x128x16, i1)
        %coord_76 = cute.make_coord() : () -> !cute.coord<"(_,_,3,0)">
        %slice_77 = cute.slice(%frg_A, %coord_76) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,3,0)">
        %slice_78 = cute.slice(%frg_B, %coord_76) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,3,0)">
        cute.gemm(%40, %view_33, %slice_77, %slice_78, %view_33) : (!mma_f16_f16_f32_256x128x16, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %41 = nvvm.elect.sync -> i1
        scf.if %41 {
          %int_tuple_79 = cute.make_int_tuple() : () -> !cute.int_tuple<"1">
          %ptr_80 = cute.add_offset(%iter_1, %int_tuple_79) : (!cute.ptr<i64, smem>, !cute.int_tuple<"1">) -> !cute.ptr<i64, smem>
          %42 = arith.ori %26, %29 : i16
          %43 = builtin.unrealized_conversion_cast %ptr_80 : !cute.ptr<i64, smem> to !llvm.ptr<3>
          nvvm.tcgen05.commit %43, multicast_mask = %42 {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i16
        }
      }
      %int_tuple_34 = cute.make_int_tuple() : () -> !cute.int_tuple<"1">
      %ptr_35 = cute.add_offset(%iter_1, %int_tuple_34) : (!cute.ptr<i64, smem>, !cute.int_tuple<"1">) -> !cute.ptr<i64, smem>
      %32 = builtin.unrealized_conversion_cast %ptr_35 : !cute.ptr<i64, smem> to !llvm.ptr<3>
      nvvm.mbarrier.try_wait.parity %32, %c0_i32, %c10000000_i32 : !llvm.ptr<3>, i32, i32
      %coord_36 = cute.make_coord() : () -> !cute.coord<"((_,_),0,0)">
      %slice = cute.slice(%view_33, %coord_36) : !memref_tmem_f32_1, !cute.coord<"((_,_),0,0)">
      %tile_37 = cute.make_tile() : () -> !cute.tile<"[128:1;32:1]">
      %div = cute.flat_divide(%slice, %tile_37) : !memref_tmem_f32_2, !cute.tile<"[128:1;32:1]">
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>
      %coord_38 = cute.make_coord() : () -> !cute.coord<"(_,_,0,0)">
      %slice_39 = cute.slice(%div, %coord_38) : !memref_tmem_f32_3, !cute.coord<"(_,_,0,0)">
      %33 = cute_nvgpu.atom.make_tmem_copy(%atom, %slice_39) : (!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>, !memref_tmem_f32_4) -> !copy_ldtm_32
      %coord_40 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned = cute.tiled.copy.partition_S(%33, %div, %coord_40) : (!copy_ldtm_32, !memref_tmem_f32_3, !cute.coord<"?">) -> !memref_tmem_f32_5
      %34 = arith.floordivsi %1, %c2_i32 : i32
      %coord_41 = cute.make_coord(%34, %2) : (i32, i32) -> !cute.coord<"((_,_),0,0,?,?)">
      %slice_42 = cute.slice(%ptn_C, %coord_41) : !memref_gmem_f32_2, !cute.coord<"((_,_),0,0,?,?)">
      %div_43 = cute.flat_divide(%slice_42, %tile_37) : !memref_gmem_f32_3, !cute.tile<"[128:1;32:1]">
      %dst_partitioned = cute.tiled.copy.partition_D(%33, %div_43, %coord_40) : (!copy_ldtm_32, !memref_gmem_f32_4, !cute.coord<"?">) -> !memref_gmem_f32_5
      %rmem = cute.memref.alloca() : !memref_rmem_f32
      %iter_44 = cute.get_iter(%rmem) : !memref_rmem_f32
      %coord_45 = cute.make_coord() : () -> !cute.coord<"(_,_,_,0,0)">
      %slice_46 = cute.slice(%src_partitioned, %coord_45) : !memref_tmem_f32_5, !cute.coord<"(_,_,_,0,0)">
      %iter_47 = cute.get_iter(%slice_46) : !memref_tmem_f32_6
      %lay_48 = cute.get_layout(%slice_46) : !memref_tmem_f32_6
      %lay_49 = cute.get_layout(%rmem) : !memref_rmem_f32
      %shape_50 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_51 = cute.make_layout(%shape_50) : !cute.layout<"1:0">
      %append = cute.append_to_rank<2> (%lay_48, %lay_51) : !cute.layout<"(((32,32),1),1,1):(((1,65536),0),0,0)">, !cute.layout<"1:0">
      %view_52 = cute.make_view(%iter_47, %append) : !memref_tmem_f32_6
      %grouped_53 = cute.group_modes(%view_52) <1, 3> : (!memref_tmem_f32_6) -> !memref_tmem_f32_7
      %append_54 = cute.append_to_rank<2> (%lay_49, %lay_51) : !cute.layout<"((32,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_55 = cute.make_view(%iter_44, %append_54) : !memref_rmem_f32
      %grouped_56 = cute.group_modes(%view_55) <1, 3> : (!memref_rmem_f32) -> !memref_rmem_f32_1
      cute.copy(%33, %grouped_53, %grouped_56) : (!copy_ldtm_32, !memref_tmem_f32_7, !memref_rmem_f32_1)
      %slice_57 = cute.slice(%dst_partitioned, %coord_45) : !memref_gmem_f32_5, !cute.coord<"(_,_,_,0,0)">
      %lay_58 = cute.get_layout(%slice_57) : !memref_gmem_f32_6
      %rinv = cute.right_inverse(%lay_58) : (!cute.layout<"((32,1),1,1):((1,0),0,0)">) -> !cute.layout<"32:1">
      %35 = cute.composition(%lay_49, %rinv) : (!cute.layout<"((32,1),1,1):((1,0),0,0)">, !cute.layout<"32:1">) -> !cute.layout<"32:1">
      %coalesce = cute.coalesce(%35) : (!cute.layout<"32:1">) -> !cute.layout<"32:1">
      %36 = cute.composition(%rinv, %coalesce) : (!cute.layout<"32:1">, !cute.layout<"32:1">) -> !cute.layout<"32:1">
      %div_59 = cute.logical_divide(%rmem, %36) : !memref_rmem_f32, !cute.layout<"32:1">
      %div_60 = cute.logical_divide(%slice_57, %36) : !memref_gmem_f32_6, !cute.layout<"32:1">
      %shape_61 = cute.make_shape() : () -> !cute.shape<"4">
      %lay_62 = cute.make_layout(%shape_61) : !cute.layout<"4:1">
      %div_63 = cute.logical_divide(%div_59, %lay_62) : !memref_rmem_f32_2, !cute.layout<"4:1">
      %div_64 = cute.logical_divide(%div_60, %lay_62) : !memref_gmem_f32_7, !cute.layout<"4:1">
      %atom_65 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 128 b>
      cute.copy(%atom_65, %div_63, %div_64) : (!cute_nvgpu.atom.universal_copy<f32, 128 b>, !memref_rmem_f32_3, !memref_gmem_f32_8)
      scf.if %21 {
        cute_nvgpu.arch.sm100.relinquish_tmem_alloc_permit [cta_2]
      }
      %tmem_ptr_66 = cute_nvgpu.arch.sm100.retrieve_tmem_ptr(%iter_4) : !cute.ptr<i32, smem> -> !cute.ptr<f32, tmem, align<16>>
      scf.if %21 {
        %37 = arith.xori %17, %c1_i32 : i32
        %38 = builtin.unrealized_conversion_cast %ptr : !cute.ptr<i64, smem> to !llvm.ptr<3>
        %39 = nvvm.mapa %38, %37 : !llvm.ptr<3> -> !llvm.ptr<7>
        nvvm.mbarrier.arrive %39, %c1_i32 : !llvm.ptr<7>
        nvvm.mbarrier.try_wait.parity %38, %c0_i32, %c10000000_i32 : !llvm.ptr<3>, i32, i32
        cute_nvgpu.arch.sm100.dealloc_tmem(%tmem_ptr_66, %c128_i32) [cta_2] : !cute.ptr<f32, tmem, align<16>>, i32
      }
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat1625664641_FakeTensorFloat1625664641_FakeTensorFloat322562562561(%arg0: !memref_gmem_f16, %arg1: !memref_gmem_f16, %arg2: !memref_gmem_f32) -> i32 attributes {llvm.emit_c_interface} {
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %c0_i64 = arith.constant 0 : i64
    %c232448_i64 = arith.constant 232448 : i64
    %0 = cute.static : !cute.layout<"((2,(1,1)),((64,16),(1,4))):((64@0,(0,0)),((1@0,1@1),(0,16@1)))">
    %1 = cute.static : !cute.layout<"((2,(1,1)),((128,16),(1,4))):((128@0,(0,0)),((1@0,1@1),(0,16@1)))">
    %2 = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,(1,1)):((64,1),0,16,(0,0))">
    %3 = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,(1,1)):((64,1),0,16,(0,0))">
    %c0_i32 = arith.constant 0 : i32
    %false = arith.constant false
    %cst = arith.constant dense<0> : vector<8xi32>
    %atom = cute.make_atom(%false, %false, %false, %cst) : (i1, i1, i1, vector<8xi32>) -> !cute_nvgpu.sm100.mma<256x128x16, num_cta = 2, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss, c_scale_exp = 0>
    %4 = cute.make_tiled_mma(%atom) : !mma_f16_f16_f32_256x128x16
    %shape = cute.make_shape() : () -> !cute.shape<"(2,2,1)">
    %lay = cute.make_layout(%shape) : !cute.layout<"(2,2,1):(1,2,0)">
    %tile = cute.make_tile() : () -> !cute.tile<"[2:1]">
    %div = cute.tiled_divide(%lay, %tile) : !cute.layout<"(2,2,1):(1,2,0)">, !cute.tile<"[2:1]">
    %coord = cute.make_coord() : () -> !cute.coord<"((128,16),1,4,1)">
    %coalesce = cute.coalesce(%3, %coord) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,(1,1)):((64,1),0,16,(0,0))">, !cute.coord<"((128,16),1,4,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">
    %coord_0 = cute.make_coord() : () -> !cute.coord<"((64,16),1,4,1)">
    %coalesce_1 = cute.coalesce(%2, %coord_0) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,(1,1)):((64,1),0,16,(0,0))">, !cute.coord<"((64,16),1,4,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">
    %coord_2 = cute.make_coord() : () -> !cute.coord<"(_,_,_,0)">
    %slice = cute.slice(%coalesce, %coord_2) : !cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">, !cute.coord<"(_,_,_,0)">
    %5 = cute.get(%1) <{mode = [1]}> : !cute.layout<"((2,(1,1)),((128,16),(1,4))):((128@0,(0,0)),((1@0,1@1),(0,16@1)))"> -> !cute.layout<"((128,16),(1,4)):((1@0,1@1),(0,16@1))">
    %dice = cute.dice(%5, "(1,(1,1))") : (!cute.layout<"((128,16),(1,4)):((1@0,1@1),(0,16@1))">) -> !cute.layout<"((128,16),1,4):((1@0,1@1),0,16@1)">
    %non_exec_atom, %tma_tensor = cute_nvgpu.atom.make_non_exec_tiled_tma_load(%arg0, %slice, %dice) <{kind = <sm_100_2sm_multicast> num_multicast = 2}> : (!memref_gmem_f16, !cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4):((64,1),0,16)">, !cute.layout<"((128,16),1,4):((1@0,1@1),0,16@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm_multicast, f16, copy_bits = 131072, tma_gbasis = <"(64,128):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">)
    %slice_3 = cute.slice(%coalesce_1, %coord_2) : !cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">, !cute.coord<"(_,_,_,0)">
    %6 = cute.get(%0) <{mode = [1]}> : !cute.layout<"((2,(1,1)),((64,16),(1,4))):((64@0,(0,0)),((1@0,1@1),(0,16@1)))"> -> !cute.layout<"((64,16),(1,4)):((1@0,1@1),(0,16@1))">
    %dice_4 = cute.dice(%6, "(1,(1,1))") : (!cute.layout<"((64,16),(1,4)):((1@0,1@1),(0,16@1))">) -> !cute.layout<"((64,16),1,4):((1@0,1@1),0,16@1)">
    %non_exec_atom_5, %tma_tensor_6 = cute_nvgpu.atom.make_non_exec_tiled_tma_load(%arg1, %slice_3, %dice_4) <{kind = <sm_100_2sm> num_multicast = 1}> : (!memref_gmem_f16, !cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.layout<"((64,16),1,4):((1@0,1@1),0,16@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">)
    %7 = cute.kernel_smem_size @kernels::@kernel_cutlass_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612816_TVLayoutA2128161281256_TVLayoutB26416641128_TVLayoutC21281281281256_CopyAtom_T_0 : i64
    %8 = arith.cmpi sgt, %7, %c232448_i64 : i64
    scf.if %8 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612816_TVLayoutA2128161281256_TVLayoutB26416641128_TVLayoutC21281281281256_CopyAtom_T_0' launch shared memory exceeds current GPU arch sm_100a allowed. Allocated: {} bytes. Max: 232448 bytes.\0A\0A", %7) : i64
    }
    %9 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %10 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c128_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %7, gridDim = (%c2_i32, %c2_i32, %c1_i32), stream = %9) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%10] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    cuda.launch_cfg.cluster_dim[%10] (%c2_i32, %c2_i32, %c1_i32) : !cuda.launch_cfg<max_attrs = 17>, i32, i32, i32
    cuda.launch_cfg.cooperative[%10] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %11 = cuda.launch_ex @kernels::@kernel_cutlass_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612816_TVLayoutA2128161281256_TVLayoutB26416641128_TVLayoutC21281281281256_CopyAtom_T_0<%10> (%4, %non_exec_atom, %tma_tensor, %non_exec_atom_5, %tma_tensor_6, %arg2, %div, %coalesce, %coalesce_1) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!mma_f16_f16_f32_256x128x16, !cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm_multicast, f16, copy_bits = 131072, tma_gbasis = <"(64,128):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">, !cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">, !memref_gmem_f32, !cute.layout<"((2),1,2,1):((1),0,2,0)">, !cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">, !cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">) -> !cuda.result
    %12 = cuda.cast %11 : !cuda.result -> i32
    cuda.return_if_error %12 : i32
    return %c0_i32 : i32
  }
}

