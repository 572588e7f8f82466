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
      %iter = cute.get_iter(%arg2) : !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">
      %tup = cute.deref_arith_tuple_iter(%iter) : !cute.arith_tuple_iter<"(0,0)">
      %e0, %e1 = cute.get_leaves(%tup) : !cute.int_tuple<"(0,0)">
      %iter_0 = cute.get_iter(%arg4) : !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">
      %tup_1 = cute.deref_arith_tuple_iter(%iter_0) : !cute.arith_tuple_iter<"(0,0)">
      %e0_2, %e1_3 = cute.get_leaves(%tup_1) : !cute.int_tuple<"(0,0)">
      %iter_4 = cute.get_iter(%arg5) : !memref_gmem_f32
      %iter_5 = cute.get_iter(%arg2) : !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">
      %tup_6 = cute.deref_arith_tuple_iter(%iter_5) : !cute.arith_tuple_iter<"(0,0)">
      %e0_7, %e1_8 = cute.get_leaves(%tup_6) : !cute.int_tuple<"(0,0)">
      %iter_9 = cute.get_iter(%arg4) : !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">
      %tup_10 = cute.deref_arith_tuple_iter(%iter_9) : !cute.arith_tuple_iter<"(0,0)">
      %e0_11, %e1_12 = cute.get_leaves(%tup_10) : !cute.int_tuple<"(0,0)">
      %iter_13 = cute.get_iter(%arg5) : !memref_gmem_f32
      %lay = cute.get_layout(%arg2) : !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">
      %lay_14 = cute.get_layout(%arg4) : !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">
      %lay_15 = cute.get_layout(%arg5) : !memref_gmem_f32
      %0 = nvvm.read.ptx.sreg.tid.x : i32
      %1 = nvvm.read.ptx.sreg.tid.y : i32
      %2 = nvvm.read.ptx.sreg.tid.z : i32
      %3 = nvvm.read.ptx.sreg.ctaid.x : i32
      %4 = nvvm.read.ptx.sreg.ctaid.y : i32
      %5 = nvvm.read.ptx.sreg.ctaid.z : i32
      %6 = nvvm.read.ptx.sreg.tid.x : i32
      %7 = nvvm.read.ptx.sreg.tid.y : i32
      %8 = nvvm.read.ptx.sreg.tid.z : i32
      %9 = nvvm.read.ptx.sreg.ntid.x : i32
      %10 = nvvm.read.ptx.sreg.ntid.y : i32
      %11 = arith.muli %7, %9 : i32
      %12 = arith.addi %6, %11 : i32
      %13 = arith.muli %8, %9 : i32
      %14 = arith.muli %13, %10 : i32
      %15 = arith.addi %12, %14 : i32
      %c32_i32 = arith.constant 32 : i32
      %16 = arith.floordivsi %15, %c32_i32 : i32
      %17 = cute_nvgpu.arch.make_warp_uniform(%16) : i32
      %18 = cute_nvgpu.arch.make_warp_uniform(%17) : i32
      %c2_i32 = arith.constant 2 : i32
      %19 = arith.remsi %3, %c2_i32 : i32
      %20 = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %21 = cute_nvgpu.arch.make_warp_uniform(%20) : i32
      %22 = cute.get_flat_coord(%21, %arg6) : (i32, !cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.coord<"(?,0,?,0)">
      %e0_16, %e1_17, %e2, %e3 = cute.get_leaves(%22) : !cute.coord<"(?,0,?,0)">
      %itup = cute.to_int_tuple(%e0_16) : !cute.coord<"?"> to !cute.int_tuple<"?">
      %23 = cute.get_scalars(%itup) : !cute.int_tuple<"?">
      %itup_18 = cute.to_int_tuple(%e2) : !cute.coord<"?"> to !cute.int_tuple<"?">
      %24 = cute.get_scalars(%itup_18) : !cute.int_tuple<"?">
      %shape = cute.make_shape() : () -> !cute.shape<"32">
      %lay_19 = cute.make_layout(%shape) : !cute.layout<"32:1">
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter_20 = cute.get_iter(%smem) : !memref_smem_i8
      %iter_21 = cute.get_iter(%smem) : !memref_smem_i8
      %iter_22 = cute.recast_iter(%iter_21) : !cute.ptr<i8, smem, align<8>> to !cute.ptr<i64, smem>
      %shape_23 = cute.make_shape() : () -> !cute.shape<"4">
      %lay_24 = cute.make_layout(%shape_23) : !cute.layout<"4:1">
      %smem_25 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_1
      %iter_26 = cute.get_iter(%smem_25) : !memref_smem_i8_1
      %iter_27 = cute.get_iter(%smem_25) : !memref_smem_i8_1
      %iter_28 = cute.recast_iter(%iter_27) : !cute.ptr<i8, smem, align<4>> to !cute.ptr<i32, smem>
      %25 = cute.composed_get_outer(%arg7) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">) -> !cute.layout<"((128,16),1,4,1):((64,1),0,16,0)">
      %26 = cute.composed_get_inner(%arg7) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">) -> !cute.swizzle<"S<3,4,3>">
      %coord = cute.make_coord() : () -> !cute.coord<"0">
      %idx = cute.crd2idx(%coord, %25) : (!cute.coord<"0">, !cute.layout<"((128,16),1,4,1):((64,1),0,16,0)">) -> !cute.int_tuple<"0">
      %e0_29 = cute.get_leaves(%idx) : !cute.int_tuple<"0">
      %cosz = cute.cosize(%25) : (!cute.layout<"((128,16),1,4,1):((64,1),0,16,0)">) -> !cute.int_tuple<"8192">
      %e0_30 = cute.get_leaves(%cosz) : !cute.int_tuple<"8192">
      %shape_31 = cute.make_shape() : () -> !cute.shape<"16384">
      %lay_32 = cute.make_layout(%shape_31) : !cute.layout<"16384:1">
      %smem_33 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_2
      %iter_34 = cute.get_iter(%smem_33) : !memref_smem_i8_2
      %iter_35 = cute.get_iter(%smem_33) : !memref_smem_i8_2
      %iter_36 = cute.recast_iter(%iter_35) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f16, smem, align<128>, S<3,4,3>>
      %view = cute.make_view(%iter_36, %25) : !memref_smem_f16
      %iter_37 = cute.get_iter(%view) : !memref_smem_f16
      %iter_38 = cute.get_iter(%view) : !memref_smem_f16
      %27 = cute.composed_get_outer(%arg8) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">) -> !cute.layout<"((64,16),1,4,1):((64,1),0,16,0)">
      %28 = cute.composed_get_inner(%arg8) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">) -> !cute.swizzle<"S<3,4,3>">
      %coord_39 = cute.make_coord() : () -> !cute.coord<"0">
      %idx_40 = cute.crd2idx(%coord_39, %27) : (!cute.coord<"0">, !cute.layout<"((64,16),1,4,1):((64,1),0,16,0)">) -> !cute.int_tuple<"0">
      %e0_41 = cute.get_leaves(%idx_40) : !cute.int_tuple<"0">
      %cosz_42 = cute.cosize(%27) : (!cute.layout<"((64,16),1,4,1):((64,1),0,16,0)">) -> !cute.int_tuple<"4096">
      %e0_43 = cute.get_leaves(%cosz_42) : !cute.int_tuple<"4096">
      %shape_44 = cute.make_shape() : () -> !cute.shape<"8192">
      %lay_45 = cute.make_layout(%shape_44) : !cute.layout<"8192:1">
      %smem_46 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_3
      %iter_47 = cute.get_iter(%smem_46) : !memref_smem_i8_3
      %iter_48 = cute.get_iter(%smem_46) : !memref_smem_i8_3
      %iter_49 = cute.recast_iter(%iter_48) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f16, smem, align<128>, S<3,4,3>>
      %view_50 = cute.make_view(%iter_49, %27) : !memref_smem_f16_1
      %iter_51 = cute.get_iter(%view_50) : !memref_smem_f16_1
      %iter_52 = cute.get_iter(%view_50) : !memref_smem_f16_1
      %c0_i32 = arith.constant 0 : i32
      %29 = arith.cmpi eq, %18, %c0_i32 : i32
      %30 = arith.cmpi eq, %18, %c0_i32 : i32
      %31 = arith.cmpi eq, %0, %c0_i32 : i32
      %32 = arith.andi %30, %31 : i1
      scf.if %32 {
        %139 = builtin.unrealized_conversion_cast %iter_22 : !cute.ptr<i64, smem> to !llvm.ptr<3>
        %c1_i32_345 = arith.constant 1 : i32
        nvvm.mbarrier.init %139, %c1_i32_345 : !llvm.ptr<3>, i32
        %int_tuple_346 = cute.make_int_tuple() : () -> !cute.int_tuple<"1">
        %ptr_347 = cute.add_offset(%iter_22, %int_tuple_346) : (!cute.ptr<i64, smem>, !cute.int_tuple<"1">) -> !cute.ptr<i64, smem>
        %140 = builtin.unrealized_conversion_cast %ptr_347 : !cute.ptr<i64, smem> to !llvm.ptr<3>
        nvvm.mbarrier.init %140, %c1_i32_345 : !llvm.ptr<3>, i32
      }
      nvvm.fence.mbarrier.init
      nvvm.cluster.arrive.relaxed
      nvvm.cluster.wait
      %33 = cute.get_shape(%arg6) : (!cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.shape<"((2),1,2,1)">
      %e0_53, %e1_54, %e2_55, %e3_56 = cute.get_leaves(%33) : !cute.shape<"((2),1,2,1)">
      %34 = cute.get_shape(%arg6) : (!cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.shape<"((2),1,2,1)">
      %e0_57, %e1_58, %e2_59, %e3_60 = cute.get_leaves(%34) : !cute.shape<"((2),1,2,1)">
      %cosz_61 = cute.cosize(%arg6) : (!cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.int_tuple<"4">
      %e0_62 = cute.get_leaves(%cosz_61) : !cute.int_tuple<"4">
      %coord_63 = cute.make_coord(%itup) : (!cute.int_tuple<"?">) -> !cute.coord<"(?,0,_,0)">
      %slice = cute.slice(%arg6, %coord_63) : !cute.layout<"((2),1,2,1):((1),0,2,0)">, !cute.coord<"(?,0,_,0)">
      %coord_64 = cute.make_coord(%itup) : (!cute.int_tuple<"?">) -> !cute.coord<"(?,0,_,0)">
      %idx_65 = cute.crd2idx(%coord_64, %arg6) : (!cute.coord<"(?,0,_,0)">, !cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.int_tuple<"?">
      %e0_66 = cute.get_leaves(%idx_65) : !cute.int_tuple<"?">
      %35 = cute.get_scalars(%e0_66) : !cute.int_tuple<"?">
      %36 = cute.get_shape(%slice) : (!cute.layout<"(2):(2)">) -> !cute.shape<"(2)">
      %e0_67 = cute.get_leaves(%36) : !cute.shape<"(2)">
      %sz = cute.size(%slice) : (!cute.layout<"(2):(2)">) -> !cute.int_tuple<"2">
      %e0_68 = cute.get_leaves(%sz) : !cute.int_tuple<"2">
      %coord_69 = cute.make_coord() : () -> !cute.coord<"0">
      %idx_70 = cute.crd2idx(%coord_69, %slice) : (!cute.coord<"0">, !cute.layout<"(2):(2)">) -> !cute.int_tuple<"0">
      %e0_71 = cute.get_leaves(%idx_70) : !cute.int_tuple<"0">
      %coord_72 = cute.make_coord() : () -> !cute.coord<"1">
      %idx_73 = cute.crd2idx(%coord_72, %slice) : (!cute.coord<"1">, !cute.layout<"(2):(2)">) -> !cute.int_tuple<"2">
      %e0_74 = cute.get_leaves(%idx_73) : !cute.int_tuple<"2">
      %c5_i32 = arith.constant 5 : i32
      %37 = arith.shli %c5_i32, %35 : i32
      %38 = arith.trunci %37 : i32 to i16
      %39 = cute.get_shape(%arg6) : (!cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.shape<"((2),1,2,1)">
      %e0_75, %e1_76, %e2_77, %e3_78 = cute.get_leaves(%39) : !cute.shape<"((2),1,2,1)">
      %40 = cute.get_shape(%arg6) : (!cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.shape<"((2),1,2,1)">
      %e0_79, %e1_80, %e2_81, %e3_82 = cute.get_leaves(%40) : !cute.shape<"((2),1,2,1)">
      %cosz_83 = cute.cosize(%arg6) : (!cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.int_tuple<"4">
      %e0_84 = cute.get_leaves(%cosz_83) : !cute.int_tuple<"4">
      %coord_85 = cute.make_coord(%itup, %itup_18) : (!cute.int_tuple<"?">, !cute.int_tuple<"?">) -> !cute.coord<"(?,_,?,0)">
      %slice_86 = cute.slice(%arg6, %coord_85) : !cute.layout<"((2),1,2,1):((1),0,2,0)">, !cute.coord<"(?,_,?,0)">
      %coord_87 = cute.make_coord(%itup, %itup_18) : (!cute.int_tuple<"?">, !cute.int_tuple<"?">) -> !cute.coord<"(?,_,?,0)">
      %idx_88 = cute.crd2idx(%coord_87, %arg6) : (!cute.coord<"(?,_,?,0)">, !cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.int_tuple<"?">
      %e0_89 = cute.get_leaves(%idx_88) : !cute.int_tuple<"?">
      %41 = cute.get_scalars(%e0_89) : !cute.int_tuple<"?">
      %42 = cute.get_shape(%slice_86) : (!cute.layout<"(1):(0)">) -> !cute.shape<"(1)">
      %e0_90 = cute.get_leaves(%42) : !cute.shape<"(1)">
      %sz_91 = cute.size(%slice_86) : (!cute.layout<"(1):(0)">) -> !cute.int_tuple<"1">
      %e0_92 = cute.get_leaves(%sz_91) : !cute.int_tuple<"1">
      %coord_93 = cute.make_coord() : () -> !cute.coord<"0">
      %idx_94 = cute.crd2idx(%coord_93, %slice_86) : (!cute.coord<"0">, !cute.layout<"(1):(0)">) -> !cute.int_tuple<"0">
      %e0_95 = cute.get_leaves(%idx_94) : !cute.int_tuple<"0">
      %c1_i32 = arith.constant 1 : i32
      %43 = arith.shli %c1_i32, %41 : i32
      %44 = arith.trunci %43 : i32 to i16
      %tile = cute.make_tile() : () -> !cute.tile<"[256:1;64:1]">
      %coord_96 = cute.make_coord() : () -> !cute.coord<"(_,_)">
      %tiled_view = cute.local_tile(%arg2, %tile, %coord_96) : (!cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">, !cute.tile<"[256:1;64:1]">, !cute.coord<"(_,_)">) -> !cute.coord_tensor<"(0,0)", "(256,64,1,1):(1@1,1@0,0,0)">
      %iter_97 = cute.get_iter(%tiled_view) : !cute.coord_tensor<"(0,0)", "(256,64,1,1):(1@1,1@0,0,0)">
      %tup_98 = cute.deref_arith_tuple_iter(%iter_97) : !cute.arith_tuple_iter<"(0,0)">
      %e0_99, %e1_100 = cute.get_leaves(%tup_98) : !cute.int_tuple<"(0,0)">
      %iter_101 = cute.get_iter(%tiled_view) : !cute.coord_tensor<"(0,0)", "(256,64,1,1):(1@1,1@0,0,0)">
      %tup_102 = cute.deref_arith_tuple_iter(%iter_101) : !cute.arith_tuple_iter<"(0,0)">
      %e0_103, %e1_104 = cute.get_leaves(%tup_102) : !cute.int_tuple<"(0,0)">
      %tile_105 = cute.make_tile() : () -> !cute.tile<"[128:1;64:1]">
      %coord_106 = cute.make_coord() : () -> !cute.coord<"(_,_)">
      %tiled_view_107 = cute.local_tile(%arg4, %tile_105, %coord_106) : (!cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">, !cute.tile<"[128:1;64:1]">, !cute.coord<"(_,_)">) -> !cute.coord_tensor<"(0,0)", "(128,64,2,1):(1@1,1@0,128@1,0)">
      %iter_108 = cute.get_iter(%tiled_view_107) : !cute.coord_tensor<"(0,0)", "(128,64,2,1):(1@1,1@0,128@1,0)">
      %tup_109 = cute.deref_arith_tuple_iter(%iter_108) : !cute.arith_tuple_iter<"(0,0)">
      %e0_110, %e1_111 = cute.get_leaves(%tup_109) : !cute.int_tuple<"(0,0)">
      %iter_112 = cute.get_iter(%tiled_view_107) : !cute.coord_tensor<"(0,0)", "(128,64,2,1):(1@1,1@0,128@1,0)">
      %tup_113 = cute.deref_arith_tuple_iter(%iter_112) : !cute.arith_tuple_iter<"(0,0)">
      %e0_114, %e1_115 = cute.get_leaves(%tup_113) : !cute.int_tuple<"(0,0)">
      %tile_116 = cute.make_tile() : () -> !cute.tile<"[256:1;128:1]">
      %coord_117 = cute.make_coord() : () -> !cute.coord<"(_,_)">
      %tiled_view_118 = cute.local_tile(%arg5, %tile_116, %coord_117) : (!memref_gmem_f32, !cute.tile<"[256:1;128:1]">, !cute.coord<"(_,_)">) -> !memref_gmem_f32_1
      %iter_119 = cute.get_iter(%tiled_view_118) : !memref_gmem_f32_1
      %iter_120 = cute.get_iter(%tiled_view_118) : !memref_gmem_f32_1
      %coord_121 = cute.make_coord(%19) : (i32) -> !cute.coord<"?">
      %ptn_A = cute.tiled.mma.partition A (%arg0, %tiled_view, %coord_121) : (!mma_f16_f16_f32_256x128x16, !cute.coord_tensor<"(0,0)", "(256,64,1,1):(1@1,1@0,0,0)">, !cute.coord<"?">) -> !cute.coord_tensor<"(0,?{div=128})", "((128,16),1,4,1,1):((1@1,1@0),0,16@0,0,0)">
      %iter_122 = cute.get_iter(%ptn_A) : !cute.coord_tensor<"(0,?{div=128})", "((128,16),1,4,1,1):((1@1,1@0),0,16@0,0,0)">
      %tup_123 = cute.deref_arith_tuple_iter(%iter_122) : !cute.arith_tuple_iter<"(0,?{div=128})">
      %e0_124, %e1_125 = cute.get_leaves(%tup_123) : !cute.int_tuple<"(0,?{div=128})">
      %45 = cute.get_scalars(%e1_125) : !cute.int_tuple<"?{div=128}">
      %coord_126 = cute.make_coord(%19) : (i32) -> !cute.coord<"?">
      %ptn_B = cute.tiled.mma.partition B (%arg0, %tiled_view_107, %coord_126) : (!mma_f16_f16_f32_256x128x16, !cute.coord_tensor<"(0,0)", "(128,64,2,1):(1@1,1@0,128@1,0)">, !cute.coord<"?">) -> !cute.coord_tensor<"(0,?{div=64})", "((64,16),1,4,2,1):((1@1,1@0),0,16@0,128@1,0)">
      %iter_127 = cute.get_iter(%ptn_B) : !cute.coord_tensor<"(0,?{div=64})", "((64,16),1,4,2,1):((1@1,1@0),0,16@0,128@1,0)">
      %tup_128 = cute.deref_arith_tuple_iter(%iter_127) : !cute.arith_tuple_iter<"(0,?{div=64})">
      %e0_129, %e1_130 = cute.get_leaves(%tup_128) : !cute.int_tuple<"(0,?{div=64})">
      %46 = cute.get_scalars(%e1_130) : !cute.int_tuple<"?{div=64}">
      %coord_131 = cute.make_coord(%19) : (i32) -> !cute.coord<"?">
      %ptn_C = cute.tiled.mma.partition C (%arg0, %tiled_view_118, %coord_131) : (!mma_f16_f16_f32_256x128x16, !memref_gmem_f32_1, !cute.coord<"?">) -> !memref_gmem_f32_2
      %iter_132 = cute.get_iter(%ptn_C) : !memref_gmem_f32_2
      %coord_133 = cute.make_coord() : () -> !cute.coord<"(0,0,_,0)">
      %slice_134 = cute.slice(%arg6, %coord_133) : !cute.layout<"((2),1,2,1):((1),0,2,0)">, !cute.coord<"(0,0,_,0)">
      %47 = cute.get_shape(%slice_134) : (!cute.layout<"(2):(2)">) -> !cute.shape<"(2)">
      %e0_135 = cute.get_leaves(%47) : !cute.shape<"(2)">
      %shape_136 = cute.make_shape() : () -> !cute.shape<"(2)">
      %lay_137 = cute.make_layout(%shape_136) : !cute.layout<"(2):(1)">
      %lay_138 = cute.get_layout(%view) : !memref_smem_f16
      %48 = cute.get_shape(%lay_138) : (!cute.layout<"((128,16),1,4,1):((64,1),0,16,0)">) -> !cute.shape<"((128,16),1,4,1)">
      %e0_139, %e1_140, %e2_141, %e3_142, %e4 = cute.get_leaves(%48) : !cute.shape<"((128,16),1,4,1)">
      %grouped = cute.group_modes(%view) <0, 3> : (!memref_smem_f16) -> !memref_smem_f16_2
      %iter_143 = cute.get_iter(%grouped) : !memref_smem_f16_2
      %iter_144 = cute.get_iter(%grouped) : !memref_smem_f16_2
      %lay_145 = cute.get_layout(%ptn_A) : !cute.coord_tensor<"(0,?{div=128})", "((128,16),1,4,1,1):((1@1,1@0),0,16@0,0,0)">
      %49 = cute.get_shape(%lay_145) : (!cute.layout<"((128,16),1,4,1,1):((1@1,1@0),0,16@0,0,0)">) -> !cute.shape<"((128,16),1,4,1,1)">
      %e0_146, %e1_147, %e2_148, %e3_149, %e4_150, %e5 = cute.get_leaves(%49) : !cute.shape<"((128,16),1,4,1,1)">
      %grouped_151 = cute.group_modes(%ptn_A) <0, 3> : (!cute.coord_tensor<"(0,?{div=128})", "((128,16),1,4,1,1):((1@1,1@0),0,16@0,0,0)">) -> !cute.coord_tensor<"(0,?{div=128})", "(((128,16),1,4),1,1):(((1@1,1@0),0,16@0),0,0)">
      %iter_152 = cute.get_iter(%grouped_151) : !cute.coord_tensor<"(0,?{div=128})", "(((128,16),1,4),1,1):(((1@1,1@0),0,16@0),0,0)">
      %tup_153 = cute.deref_arith_tuple_iter(%iter_152) : !cute.arith_tuple_iter<"(0,?{div=128})">
      %e0_154, %e1_155 = cute.get_leaves(%tup_153) : !cute.int_tuple<"(0,?{div=128})">
      %50 = cute.get_scalars(%e1_155) : !cute.int_tuple<"?{div=128}">
      %iter_156 = cute.get_iter(%grouped_151) : !cute.coord_tensor<"(0,?{div=128})", "(((128,16),1,4),1,1):(((1@1,1@0),0,16@0),0,0)">
      %tup_157 = cute.deref_arith_tuple_iter(%iter_156) : !cute.arith_tuple_iter<"(0,?{div=128})">
      %e0_158, %e1_159 = cute.get_leaves(%tup_157) : !cute.int_tuple<"(0,?{div=128})">
      %51 = cute.get_scalars(%e1_159) : !cute.int_tuple<"?{div=128}">
      %coord_160 = cute.make_coord(%itup_18) : (!cute.int_tuple<"?">) -> !cute.coord<"?">
      %res_smem_tensor, %res_target_tensors = cute_nvgpu.atom.tma_partition(%arg1, %coord_160, %lay_137, %grouped, %grouped_151) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm_multicast, f16, copy_bits = 131072, tma_gbasis = <"(64,128):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord<"?">, !cute.layout<"(2):(1)">, !memref_smem_f16_2, !cute.coord_tensor<"(0,?{div=128})", "(((128,16),1,4),1,1):(((1@1,1@0),0,16@0),0,0)">) -> (!memref_smem_f16_3, !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),1,1):(((1@0,1@1),0),0,0)">)
      %iter_161 = cute.get_iter(%res_smem_tensor) : !memref_smem_f16_3
      %iter_162 = cute.get_iter(%res_target_tensors) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),1,1):(((1@0,1@1),0),0,0)">
      %tup_163 = cute.deref_arith_tuple_iter(%iter_162) : !cute.arith_tuple_iter<"(0,?{div=64})">
      %e0_164, %e1_165 = cute.get_leaves(%tup_163) : !cute.int_tuple<"(0,?{div=64})">
      %52 = cute.get_scalars(%e1_165) : !cute.int_tuple<"?{div=64}">
      %coord_166 = cute.make_coord() : () -> !cute.coord<"(0,_,0,0)">
      %slice_167 = cute.slice(%arg6, %coord_166) : !cute.layout<"((2),1,2,1):((1),0,2,0)">, !cute.coord<"(0,_,0,0)">
      %53 = cute.get_shape(%slice_167) : (!cute.layout<"(1):(0)">) -> !cute.shape<"(1)">
      %e0_168 = cute.get_leaves(%53) : !cute.shape<"(1)">
      %shape_169 = cute.make_shape() : () -> !cute.shape<"(1)">
      %lay_170 = cute.make_layout(%shape_169) : !cute.layout<"(1):(0)">
      %lay_171 = cute.get_layout(%view_50) : !memref_smem_f16_1
      %54 = cute.get_shape(%lay_171) : (!cute.layout<"((64,16),1,4,1):((64,1),0,16,0)">) -> !cute.shape<"((64,16),1,4,1)">
      %e0_172, %e1_173, %e2_174, %e3_175, %e4_176 = cute.get_leaves(%54) : !cute.shape<"((64,16),1,4,1)">
      %grouped_177 = cute.group_modes(%view_50) <0, 3> : (!memref_smem_f16_1) -> !memref_smem_f16_4
      %iter_178 = cute.get_iter(%grouped_177) : !memref_smem_f16_4
      %iter_179 = cute.get_iter(%grouped_177) : !memref_smem_f16_4
      %lay_180 = cute.get_layout(%ptn_B) : !cute.coord_tensor<"(0,?{div=64})", "((64,16),1,4,2,1):((1@1,1@0),0,16@0,128@1,0)">
      %55 = cute.get_shape(%lay_180) : (!cute.layout<"((64,16),1,4,2,1):((1@1,1@0),0,16@0,128@1,0)">) -> !cute.shape<"((64,16),1,4,2,1)">
      %e0_181, %e1_182, %e2_183, %e3_184, %e4_185, %e5_186 = cute.get_leaves(%55) : !cute.shape<"((64,16),1,4,2,1)">
      %grouped_187 = cute.group_modes(%ptn_B) <0, 3> : (!cute.coord_tensor<"(0,?{div=64})", "((64,16),1,4,2,1):((1@1,1@0),0,16@0,128@1,0)">) -> !cute.coord_tensor<"(0,?{div=64})", "(((64,16),1,4),2,1):(((1@1,1@0),0,16@0),128@1,0)">
      %iter_188 = cute.get_iter(%grouped_187) : !cute.coord_tensor<"(0,?{div=64})", "(((64,16),1,4),2,1):(((1@1,1@0),0,16@0),128@1,0)">
      %tup_189 = cute.deref_arith_tuple_iter(%iter_188) : !cute.arith_tuple_iter<"(0,?{div=64})">
      %e0_190, %e1_191 = cute.get_leaves(%tup_189) : !cute.int_tuple<"(0,?{div=64})">
      %56 = cute.get_scalars(%e1_191) : !cute.int_tuple<"?{div=64}">
      %iter_192 = cute.get_iter(%grouped_187) : !cute.coord_tensor<"(0,?{div=64})", "(((64,16),1,4),2,1):(((1@1,1@0),0,16@0),128@1,0)">
      %tup_193 = cute.deref_arith_tuple_iter(%iter_192) : !cute.arith_tuple_iter<"(0,?{div=64})">
      %e0_194, %e1_195 = cute.get_leaves(%tup_193) : !cute.int_tuple<"(0,?{div=64})">
      %57 = cute.get_scalars(%e1_195) : !cute.int_tuple<"?{div=64}">
      %coord_196 = cute.make_coord() : () -> !cute.coord<"0">
      %res_smem_tensor_197, %res_target_tensors_198 = cute_nvgpu.atom.tma_partition(%arg3, %coord_196, %lay_170, %grouped_177, %grouped_187) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord<"0">, !cute.layout<"(1):(0)">, !memref_smem_f16_4, !cute.coord_tensor<"(0,?{div=64})", "(((64,16),1,4),2,1):(((1@1,1@0),0,16@0),128@1,0)">) -> (!memref_smem_f16_5, !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),2,1):(((1@0,1@1),0),128@1,0)">)
      %iter_199 = cute.get_iter(%res_smem_tensor_197) : !memref_smem_f16_5
      %iter_200 = cute.get_iter(%res_target_tensors_198) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),2,1):(((1@0,1@1),0),128@1,0)">
      %tup_201 = cute.deref_arith_tuple_iter(%iter_200) : !cute.arith_tuple_iter<"(0,?{div=64})">
      %e0_202, %e1_203 = cute.get_leaves(%tup_201) : !cute.int_tuple<"(0,?{div=64})">
      %58 = cute.get_scalars(%e1_203) : !cute.int_tuple<"?{div=64}">
      %frg_A = cute.mma.make_fragment A (%arg0, %view) : (!mma_f16_f16_f32_256x128x16, !memref_smem_f16) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">
      %iter_204 = cute.get_iter(%frg_A) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">
      %frg_B = cute.mma.make_fragment B (%arg0, %view_50) : (!mma_f16_f16_f32_256x128x16, !memref_smem_f16_1) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">
      %iter_205 = cute.get_iter(%frg_B) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">
      %shape_206 = cute.make_shape() : () -> !cute.shape<"(256,128)">
      %59 = cute.tiled.mma.partition_shape C (%arg0, %shape_206) : (!mma_f16_f16_f32_256x128x16, !cute.shape<"(256,128)">) -> !cute.shape<"((128,128),1,1)">
      %e0_207, %e1_208, %e2_209, %e3_210 = cute.get_leaves(%59) : !cute.shape<"((128,128),1,1)">
      %shape_211 = cute.make_shape() : () -> !cute.shape<"((128,128),1,1)">
      %frg_C = cute.mma.make_fragment C (%arg0, %shape_211) : (!mma_f16_f16_f32_256x128x16, !cute.shape<"((128,128),1,1)">) -> !memref_tmem_f32
      %iter_212 = cute.get_iter(%frg_C) : !memref_tmem_f32
      %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"2">
      %ptr = cute.add_offset(%iter_22, %int_tuple) : (!cute.ptr<i64, smem>, !cute.int_tuple<"2">) -> !cute.ptr<i64, smem>
      %60 = nvvm.read.ptx.sreg.tid.x : i32
      %61 = nvvm.read.ptx.sreg.tid.y : i32
      %62 = nvvm.read.ptx.sreg.tid.z : i32
      %63 = nvvm.read.ptx.sreg.ntid.x : i32
      %64 = nvvm.read.ptx.sreg.ntid.y : i32
      %65 = arith.muli %61, %63 : i32
      %66 = arith.addi %60, %65 : i32
      %67 = arith.muli %62, %63 : i32
      %68 = arith.muli %67, %64 : i32
      %69 = arith.addi %66, %68 : i32
      %70 = arith.floordivsi %69, %c32_i32 : i32
      %71 = cute_nvgpu.arch.make_warp_uniform(%70) : i32
      %72 = cute_nvgpu.arch.make_warp_uniform(%71) : i32
      %73 = arith.cmpi eq, %72, %c0_i32 : i32
      scf.if %73 {
        %139 = nvvm.elect.sync -> i1
        scf.if %139 {
          %140 = builtin.unrealized_conversion_cast %ptr : !cute.ptr<i64, smem> to !llvm.ptr<3>
          %c32_i32_345 = arith.constant 32 : i32
          nvvm.mbarrier.init %140, %c32_i32_345 : !llvm.ptr<3>, i32
        }
      }
      nvvm.fence.mbarrier.init
      %true = arith.constant true
      cf.assert %true, "total allocated columns must be less than or equal to 512"
      %74 = nvvm.read.ptx.sreg.tid.x : i32
      %75 = nvvm.read.ptx.sreg.tid.y : i32
      %76 = nvvm.read.ptx.sreg.tid.z : i32
      %77 = nvvm.read.ptx.sreg.ntid.x : i32
      %78 = nvvm.read.ptx.sreg.ntid.y : i32
      %79 = arith.muli %75, %77 : i32
      %80 = arith.addi %74, %79 : i32
      %81 = arith.muli %76, %77 : i32
      %82 = arith.muli %81, %78 : i32
      %83 = arith.addi %80, %82 : i32
      %84 = arith.floordivsi %83, %c32_i32 : i32
      %85 = cute_nvgpu.arch.make_warp_uniform(%84) : i32
      %86 = cute_nvgpu.arch.make_warp_uniform(%85) : i32
      %87 = arith.cmpi eq, %86, %c0_i32 : i32
      scf.if %87 {
        %c128_i32_345 = arith.constant 128 : i32
        cute_nvgpu.arch.sm100.alloc_tmem(%c128_i32_345, %iter_28) [cta_2] : i32, !cute.ptr<i32, smem>
      }
      %c1_i32_213 = arith.constant 1 : i32
      %c128_i32 = arith.constant 128 : i32
      nvvm.barrier id = %c1_i32_213 number_of_threads = %c128_i32
      %tmem_ptr = cute_nvgpu.arch.sm100.retrieve_tmem_ptr(%iter_28) : !cute.ptr<i32, smem> -> !cute.ptr<f32, tmem, align<16>>
      %lay_214 = cute.get_layout(%frg_C) : !memref_tmem_f32
      %view_215 = cute.make_view(%tmem_ptr, %lay_214) : !memref_tmem_f32_1
      %iter_216 = cute.get_iter(%view_215) : !memref_tmem_f32_1
      %88 = arith.cmpi eq, %18, %c0_i32 : i32
      scf.if %88 {
        %139 = nvvm.elect.sync -> i1
        scf.if %139 {
          %168 = builtin.unrealized_conversion_cast %iter_22 : !cute.ptr<i64, smem> to !llvm.ptr<3>
          %c49152_i32 = arith.constant 49152 : i32
          %169 = nvvm.mbarrier.arrive.expect_tx %168, %c49152_i32 : !llvm.ptr<3>, i32 -> i64
        }
        %c2_i32_345 = arith.constant 2 : i32
        %140 = arith.floordivsi %3, %c2_i32_345 : i32
        %coord_346 = cute.make_coord(%140) : (i32) -> !cute.coord<"(_,?,0)">
        %slice_347 = cute.slice(%res_target_tensors, %coord_346) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),1,1):(((1@0,1@1),0),0,0)">, !cute.coord<"(_,?,0)">
        %iter_348 = cute.get_iter(%slice_347) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1)):(((1@0,1@1),0))">
        %tup_349 = cute.deref_arith_tuple_iter(%iter_348) : !cute.arith_tuple_iter<"(0,?{div=64})">
        %e0_350, %e1_351 = cute.get_leaves(%tup_349) : !cute.int_tuple<"(0,?{div=64})">
        %141 = cute.get_scalars(%e1_351) : !cute.int_tuple<"?{div=64}">
        %iter_352 = cute.get_iter(%slice_347) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1)):(((1@0,1@1),0))">
        %tup_353 = cute.deref_arith_tuple_iter(%iter_352) : !cute.arith_tuple_iter<"(0,?{div=64})">
        %e0_354, %e1_355 = cute.get_leaves(%tup_353) : !cute.int_tuple<"(0,?{div=64})">
        %142 = cute.get_scalars(%e1_355) : !cute.int_tuple<"?{div=64}">
        %coord_356 = cute.make_coord() : () -> !cute.coord<"(_,0)">
        %slice_357 = cute.slice(%res_smem_tensor, %coord_356) : !memref_smem_f16_3, !cute.coord<"(_,0)">
        %iter_358 = cute.get_iter(%slice_357) : !memref_smem_f16_6
        %iter_359 = cute.get_iter(%slice_357) : !memref_smem_f16_6
        %lay_360 = cute.get_layout(%slice_347) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1)):(((1@0,1@1),0))">
        %143 = cute.get_shape(%lay_360) : (!cute.layout<"(((64,128),1)):(((1@0,1@1),0))">) -> !cute.shape<"(((64,128),1))">
        %e0_361, %e1_362, %e2_363 = cute.get_leaves(%143) : !cute.shape<"(((64,128),1))">
        %lay_364 = cute.get_layout(%slice_357) : !memref_smem_f16_6
        %144 = cute.get_shape(%lay_364) : (!cute.layout<"((8192,1)):((1,0))">) -> !cute.shape<"((8192,1))">
        %e0_365, %e1_366 = cute.get_leaves(%144) : !cute.shape<"((8192,1))">
        %shape_367 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_368 = cute.make_layout(%shape_367) : !cute.layout<"1:0">
        %append_369 = cute.append_to_rank<2> (%lay_360, %lay_368) : !cute.layout<"(((64,128),1)):(((1@0,1@1),0))">, !cute.layout<"1:0">
        %int_tuple_370 = cute.make_int_tuple(%e1_355) : (!cute.int_tuple<"?{div=64}">) -> !cute.int_tuple<"(0,?{div=64})">
        %int_tup_iter = cute.make_arith_tuple_iter(%int_tuple_370) : (!cute.int_tuple<"(0,?{div=64})">) -> !cute.arith_tuple_iter<"(0,?{div=64})">
        %view_371 = cute.make_view(%int_tup_iter, %append_369) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),1):(((1@0,1@1),0),0)">
        %iter_372 = cute.get_iter(%view_371) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),1):(((1@0,1@1),0),0)">
        %tup_373 = cute.deref_arith_tuple_iter(%iter_372) : !cute.arith_tuple_iter<"(0,?{div=64})">
        %e0_374, %e1_375 = cute.get_leaves(%tup_373) : !cute.int_tuple<"(0,?{div=64})">
        %145 = cute.get_scalars(%e1_375) : !cute.int_tuple<"?{div=64}">
        %lay_376 = cute.get_layout(%view_371) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),1):(((1@0,1@1),0),0)">
        %146 = cute.get_shape(%lay_376) : (!cute.layout<"(((64,128),1),1):(((1@0,1@1),0),0)">) -> !cute.shape<"(((64,128),1),1)">
        %e0_377, %e1_378, %e2_379, %e3_380 = cute.get_leaves(%146) : !cute.shape<"(((64,128),1),1)">
        %grouped_381 = cute.group_modes(%view_371) <1, 2> : (!cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),1):(((1@0,1@1),0),0)">) -> !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),(1)):(((1@0,1@1),0),(0))">
        %iter_382 = cute.get_iter(%grouped_381) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),(1)):(((1@0,1@1),0),(0))">
        %tup_383 = cute.deref_arith_tuple_iter(%iter_382) : !cute.arith_tuple_iter<"(0,?{div=64})">
        %e0_384, %e1_385 = cute.get_leaves(%tup_383) : !cute.int_tuple<"(0,?{div=64})">
        %147 = cute.get_scalars(%e1_385) : !cute.int_tuple<"?{div=64}">
        %iter_386 = cute.get_iter(%grouped_381) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),(1)):(((1@0,1@1),0),(0))">
        %tup_387 = cute.deref_arith_tuple_iter(%iter_386) : !cute.arith_tuple_iter<"(0,?{div=64})">
        %e0_388, %e1_389 = cute.get_leaves(%tup_387) : !cute.int_tuple<"(0,?{div=64})">
        %148 = cute.get_scalars(%e1_389) : !cute.int_tuple<"?{div=64}">
        %shape_390 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_391 = cute.make_layout(%shape_390) : !cute.layout<"1:0">
        %append_392 = cute.append_to_rank<2> (%lay_364, %lay_391) : !cute.layout<"((8192,1)):((1,0))">, !cute.layout<"1:0">
        %view_393 = cute.make_view(%iter_359, %append_392) : !memref_smem_f16_3
        %iter_394 = cute.get_iter(%view_393) : !memref_smem_f16_3
        %lay_395 = cute.get_layout(%view_393) : !memref_smem_f16_3
        %149 = cute.get_shape(%lay_395) : (!cute.layout<"((8192,1),1):((1,0),0)">) -> !cute.shape<"((8192,1),1)">
        %e0_396, %e1_397, %e2_398 = cute.get_leaves(%149) : !cute.shape<"((8192,1),1)">
        %grouped_399 = cute.group_modes(%view_393) <1, 2> : (!memref_smem_f16_3) -> !memref_smem_f16_7
        %iter_400 = cute.get_iter(%grouped_399) : !memref_smem_f16_7
        %iter_401 = cute.get_iter(%grouped_399) : !memref_smem_f16_7
        %lay_402 = cute.get_layout(%grouped_381) : !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),(1)):(((1@0,1@1),0),(0))">
        %150 = cute.get_shape(%lay_402) : (!cute.layout<"(((64,128),1),(1)):(((1@0,1@1),0),(0))">) -> !cute.shape<"(((64,128),1),(1))">
        %e0_403, %e1_404, %e2_405, %e3_406 = cute.get_leaves(%150) : !cute.shape<"(((64,128),1),(1))">
        %lay_407 = cute.get_layout(%grouped_399) : !memref_smem_f16_7
        %151 = cute.get_shape(%lay_407) : (!cute.layout<"((8192,1),(1)):((1,0),(0))">) -> !cute.shape<"((8192,1),(1))">
        %e0_408, %e1_409, %e2_410 = cute.get_leaves(%151) : !cute.shape<"((8192,1),(1))">
        %sz_411 = cute.size(%grouped_381) <{mode = [1]}> : (!cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),(1)):(((1@0,1@1),0),(0))">) -> !cute.int_tuple<"1">
        %e0_412 = cute.get_leaves(%sz_411) : !cute.int_tuple<"1">
        %sz_413 = cute.size(%grouped_399) <{mode = [1]}> : (!memref_smem_f16_7) -> !cute.int_tuple<"1">
        %e0_414 = cute.get_leaves(%sz_413) : !cute.int_tuple<"1">
        %152 = cute_nvgpu.atom.make_exec_tma(%arg1) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm_multicast, f16, copy_bits = 131072, tma_gbasis = <"(64,128):(1@1,1@0)">, tma_format = F16_RN>) -> !cute_nvgpu.atom.tma_load<f16, copy_bits = 131072, mode = tiled, num_cta = 2, g_stride = <"()"> mcast = true tma_gbasis = <"(64,128):(1@1,1@0)">>
        %153 = cute_nvgpu.atom.set_value<mcast_mask>(%152, %38) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 131072, mode = tiled, num_cta = 2, g_stride = <"()"> mcast = true tma_gbasis = <"(64,128):(1@1,1@0)">>, i16)
        %154 = cute_nvgpu.atom.set_value<tma_bar>(%153, %iter_22) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 131072, mode = tiled, num_cta = 2, g_stride = <"()"> mcast = true tma_gbasis = <"(64,128):(1@1,1@0)">>, !cute.ptr<i64, smem>)
        cute.copy(%154, %grouped_381, %grouped_399) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 131072, mode = tiled, num_cta = 2, g_stride = <"()"> mcast = true tma_gbasis = <"(64,128):(1@1,1@0)">>, !cute.coord_tensor<"(0,?{div=64})", "(((64,128),1),(1)):(((1@0,1@1),0),(0))">, !memref_smem_f16_7)
        %coord_415 = cute.make_coord(%4) : (i32) -> !cute.coord<"(_,?,0)">
        %slice_416 = cute.slice(%res_target_tensors_198, %coord_415) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),2,1):(((1@0,1@1),0),128@1,0)">, !cute.coord<"(_,?,0)">
        %iter_417 = cute.get_iter(%slice_416) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1)):(((1@0,1@1),0))">
        %tup_418 = cute.deref_arith_tuple_iter(%iter_417) : !cute.arith_tuple_iter<"(0,?{div=64})">
        %e0_419, %e1_420 = cute.get_leaves(%tup_418) : !cute.int_tuple<"(0,?{div=64})">
        %155 = cute.get_scalars(%e1_420) : !cute.int_tuple<"?{div=64}">
        %iter_421 = cute.get_iter(%slice_416) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1)):(((1@0,1@1),0))">
        %tup_422 = cute.deref_arith_tuple_iter(%iter_421) : !cute.arith_tuple_iter<"(0,?{div=64})">
        %e0_423, %e1_424 = cute.get_leaves(%tup_422) : !cute.int_tuple<"(0,?{div=64})">
        %156 = cute.get_scalars(%e1_424) : !cute.int_tuple<"?{div=64}">
        %coord_425 = cute.make_coord() : () -> !cute.coord<"(_,0)">
        %slice_426 = cute.slice(%res_smem_tensor_197, %coord_425) : !memref_smem_f16_5, !cute.coord<"(_,0)">
        %iter_427 = cute.get_iter(%slice_426) : !memref_smem_f16_8
        %iter_428 = cute.get_iter(%slice_426) : !memref_smem_f16_8
        %lay_429 = cute.get_layout(%slice_416) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1)):(((1@0,1@1),0))">
        %157 = cute.get_shape(%lay_429) : (!cute.layout<"(((64,64),1)):(((1@0,1@1),0))">) -> !cute.shape<"(((64,64),1))">
        %e0_430, %e1_431, %e2_432 = cute.get_leaves(%157) : !cute.shape<"(((64,64),1))">
        %lay_433 = cute.get_layout(%slice_426) : !memref_smem_f16_8
        %158 = cute.get_shape(%lay_433) : (!cute.layout<"((4096,1)):((1,0))">) -> !cute.shape<"((4096,1))">
        %e0_434, %e1_435 = cute.get_leaves(%158) : !cute.shape<"((4096,1))">
        %shape_436 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_437 = cute.make_layout(%shape_436) : !cute.layout<"1:0">
        %append_438 = cute.append_to_rank<2> (%lay_429, %lay_437) : !cute.layout<"(((64,64),1)):(((1@0,1@1),0))">, !cute.layout<"1:0">
        %int_tuple_439 = cute.make_int_tuple(%e1_424) : (!cute.int_tuple<"?{div=64}">) -> !cute.int_tuple<"(0,?{div=64})">
        %int_tup_iter_440 = cute.make_arith_tuple_iter(%int_tuple_439) : (!cute.int_tuple<"(0,?{div=64})">) -> !cute.arith_tuple_iter<"(0,?{div=64})">
        %view_441 = cute.make_view(%int_tup_iter_440, %append_438) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),1):(((1@0,1@1),0),0)">
        %iter_442 = cute.get_iter(%view_441) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),1):(((1@0,1@1),0),0)">
        %tup_443 = cute.deref_arith_tuple_iter(%iter_442) : !cute.arith_tuple_iter<"(0,?{div=64})">
        %e0_444, %e1_445 = cute.get_leaves(%tup_443) : !cute.int_tuple<"(0,?{div=64})">
        %159 = cute.get_scalars(%e1_445) : !cute.int_tuple<"?{div=64}">
        %lay_446 = cute.get_layout(%view_441) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),1):(((1@0,1@1),0),0)">
        %160 = cute.get_shape(%lay_446) : (!cute.layout<"(((64,64),1),1):(((1@0,1@1),0),0)">) -> !cute.shape<"(((64,64),1),1)">
        %e0_447, %e1_448, %e2_449, %e3_450 = cute.get_leaves(%160) : !cute.shape<"(((64,64),1),1)">
        %grouped_451 = cute.group_modes(%view_441) <1, 2> : (!cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),1):(((1@0,1@1),0),0)">) -> !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %iter_452 = cute.get_iter(%grouped_451) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %tup_453 = cute.deref_arith_tuple_iter(%iter_452) : !cute.arith_tuple_iter<"(0,?{div=64})">
        %e0_454, %e1_455 = cute.get_leaves(%tup_453) : !cute.int_tuple<"(0,?{div=64})">
        %161 = cute.get_scalars(%e1_455) : !cute.int_tuple<"?{div=64}">
        %iter_456 = cute.get_iter(%grouped_451) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %tup_457 = cute.deref_arith_tuple_iter(%iter_456) : !cute.arith_tuple_iter<"(0,?{div=64})">
        %e0_458, %e1_459 = cute.get_leaves(%tup_457) : !cute.int_tuple<"(0,?{div=64})">
        %162 = cute.get_scalars(%e1_459) : !cute.int_tuple<"?{div=64}">
        %shape_460 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_461 = cute.make_layout(%shape_460) : !cute.layout<"1:0">
        %append_462 = cute.append_to_rank<2> (%lay_433, %lay_461) : !cute.layout<"((4096,1)):((1,0))">, !cute.layout<"1:0">
        %view_463 = cute.make_view(%iter_428, %append_462) : !memref_smem_f16_5
        %iter_464 = cute.get_iter(%view_463) : !memref_smem_f16_5
        %lay_465 = cute.get_layout(%view_463) : !memref_smem_f16_5
        %163 = cute.get_shape(%lay_465) : (!cute.layout<"((4096,1),1):((1,0),0)">) -> !cute.shape<"((4096,1),1)">
        %e0_466, %e1_467, %e2_468 = cute.get_leaves(%163) : !cute.shape<"((4096,1),1)">
        %grouped_469 = cute.group_modes(%view_463) <1, 2> : (!memref_smem_f16_5) -> !memref_smem_f16_9
        %iter_470 = cute.get_iter(%grouped_469) : !memref_smem_f16_9
        %iter_471 = cute.get_iter(%grouped_469) : !memref_smem_f16_9
        %lay_472 = cute.get_layout(%grouped_451) : !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">
        %164 = cute.get_shape(%lay_472) : (!cute.layout<"(((64,64),1),(1)):(((1@0,1@1),0),(0))">) -> !cute.shape<"(((64,64),1),(1))">
        %e0_473, %e1_474, %e2_475, %e3_476 = cute.get_leaves(%164) : !cute.shape<"(((64,64),1),(1))">
        %lay_477 = cute.get_layout(%grouped_469) : !memref_smem_f16_9
        %165 = cute.get_shape(%lay_477) : (!cute.layout<"((4096,1),(1)):((1,0),(0))">) -> !cute.shape<"((4096,1),(1))">
        %e0_478, %e1_479, %e2_480 = cute.get_leaves(%165) : !cute.shape<"((4096,1),(1))">
        %sz_481 = cute.size(%grouped_451) <{mode = [1]}> : (!cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">) -> !cute.int_tuple<"1">
        %e0_482 = cute.get_leaves(%sz_481) : !cute.int_tuple<"1">
        %sz_483 = cute.size(%grouped_469) <{mode = [1]}> : (!memref_smem_f16_9) -> !cute.int_tuple<"1">
        %e0_484 = cute.get_leaves(%sz_483) : !cute.int_tuple<"1">
        %166 = cute_nvgpu.atom.make_exec_tma(%arg3) : (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>) -> !cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 2, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>
        %167 = cute_nvgpu.atom.set_value<tma_bar>(%166, %iter_22) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 2, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>, !cute.ptr<i64, smem>)
        cute.copy(%167, %grouped_451, %grouped_469) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 2, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>, !cute.coord_tensor<"(0,?{div=64})", "(((64,64),1),(1)):(((1@0,1@1),0),(0))">, !memref_smem_f16_9)
      }
      %89 = arith.cmpi eq, %19, %c0_i32 : i32
      %90 = arith.cmpi eq, %19, %c0_i32 : i32
      %91 = arith.cmpi eq, %18, %c0_i32 : i32
      %92 = arith.andi %90, %91 : i1
      %93 = scf.if %92 -> (!mma_f16_f16_f32_256x128x16) {
        %139 = builtin.unrealized_conversion_cast %iter_22 : !cute.ptr<i64, smem> to !llvm.ptr<3>
        %c0_i32_345 = arith.constant 0 : i32
        %c10000000_i32_346 = arith.constant 10000000 : i32
        nvvm.mbarrier.try_wait.parity %139, %c0_i32_345, %c10000000_i32_346 : !llvm.ptr<3>, i32, i32
        %sz_347 = cute.size(%frg_A) <{mode = [2]}> : (!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">) -> !cute.int_tuple<"4">
        %e0_348 = cute.get_leaves(%sz_347) : !cute.int_tuple<"4">
        %coord_349 = cute.make_coord() : () -> !cute.coord<"(_,_,0,0)">
        %slice_350 = cute.slice(%frg_A, %coord_349) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,0,0)">
        %iter_351 = cute.get_iter(%slice_350) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_352 = cute.get_iter(%slice_350) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %coord_353 = cute.make_coord() : () -> !cute.coord<"(_,_,0,0)">
        %slice_354 = cute.slice(%frg_B, %coord_353) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,0,0)">
        %iter_355 = cute.get_iter(%slice_354) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_356 = cute.get_iter(%slice_354) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %lay_357 = cute.get_layout(%slice_350) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %140 = cute.get_shape(%lay_357) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_358, %e1_359 = cute.get_leaves(%140) : !cute.shape<"(1,1)">
        %lay_360 = cute.get_layout(%slice_354) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %141 = cute.get_shape(%lay_360) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_361, %e1_362 = cute.get_leaves(%141) : !cute.shape<"(1,1)">
        %lay_363 = cute.get_layout(%view_215) : !memref_tmem_f32_1
        %142 = cute.get_shape(%lay_363) : (!cute.layout<"((128,128),1,1):((65536,1),0,0)">) -> !cute.shape<"((128,128),1,1)">
        %e0_364, %e1_365, %e2_366, %e3_367 = cute.get_leaves(%142) : !cute.shape<"((128,128),1,1)">
        cute.gemm(%arg0, %view_215, %slice_350, %slice_354, %view_215) : (!mma_f16_f16_f32_256x128x16, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %true_368 = arith.constant true
        %143 = cute_nvgpu.atom.set_value<accum_c>(%arg0, %true_368) : (!mma_f16_f16_f32_256x128x16, i1)
        %coord_369 = cute.make_coord() : () -> !cute.coord<"(_,_,1,0)">
        %slice_370 = cute.slice(%frg_A, %coord_369) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,1,0)">
        %iter_371 = cute.get_iter(%slice_370) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_372 = cute.get_iter(%slice_370) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %coord_373 = cute.make_coord() : () -> !cute.coord<"(_,_,1,0)">
        %slice_374 = cute.slice(%frg_B, %coord_373) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,1,0)">
        %iter_375 = cute.get_iter(%slice_374) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_376 = cute.get_iter(%slice_374) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %lay_377 = cute.get_layout(%slice_370) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %144 = cute.get_shape(%lay_377) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_378, %e1_379 = cute.get_leaves(%144) : !cute.shape<"(1,1)">
        %lay_380 = cute.get_layout(%slice_374) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %145 = cute.get_shape(%lay_380) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_381, %e1_382 = cute.get_leaves(%145) : !cute.shape<"(1,1)">
        cute.gemm(%143, %view_215, %slice_370, %slice_374, %view_215) : (!mma_f16_f16_f32_256x128x16, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %146 = cute_nvgpu.atom.set_value<accum_c>(%143, %true_368) : (!mma_f16_f16_f32_256x128x16, i1)
        %coord_383 = cute.make_coord() : () -> !cute.coord<"(_,_,2,0)">
        %slice_384 = cute.slice(%frg_A, %coord_383) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,2,0)">
        %iter_385 = cute.get_iter(%slice_384) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_386 = cute.get_iter(%slice_384) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %coord_387 = cute.make_coord() : () -> !cute.coord<"(_,_,2,0)">
        %slice_388 = cute.slice(%frg_B, %coord_387) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,2,0)">
        %iter_389 = cute.get_iter(%slice_388) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_390 = cute.get_iter(%slice_388) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %lay_391 = cute.get_layout(%slice_384) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %147 = cute.get_shape(%lay_391) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_392, %e1_393 = cute.get_leaves(%147) : !cute.shape<"(1,1)">
        %lay_394 = cute.get_layout(%slice_388) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %148 = cute.get_shape(%lay_394) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_395, %e1_396 = cute.get_leaves(%148) : !cute.shape<"(1,1)">
        cute.gemm(%146, %view_215, %slice_384, %slice_388, %view_215) : (!mma_f16_f16_f32_256x128x16, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %149 = cute_nvgpu.atom.set_value<accum_c>(%146, %true_368) : (!mma_f16_f16_f32_256x128x16, i1)
        %coord_397 = cute.make_coord() : () -> !cute.coord<"(_,_,3,0)">
        %slice_398 = cute.slice(%frg_A, %coord_397) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,3,0)">
        %iter_399 = cute.get_iter(%slice_398) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_400 = cute.get_iter(%slice_398) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %coord_401 = cute.make_coord() : () -> !cute.coord<"(_,_,3,0)">
        %slice_402 = cute.slice(%frg_B, %coord_401) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,3,0)">
        %iter_403 = cute.get_iter(%slice_402) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_404 = cute.get_iter(%slice_402) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %lay_405 = cute.get_layout(%slice_398) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %150 = cute.get_shape(%lay_405) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_406, %e1_407 = cute.get_leaves(%150) : !cute.shape<"(1,1)">
        %lay_408 = cute.get_layout(%slice_402) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %151 = cute.get_shape(%lay_408) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_409, %e1_410 = cute.get_leaves(%151) : !cute.shape<"(1,1)">
        cute.gemm(%149, %view_215, %slice_398, %slice_402, %view_215) : (!mma_f16_f16_f32_256x128x16, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %152 = cute_nvgpu.atom.set_value<accum_c>(%149, %true_368) : (!mma_f16_f16_f32_256x128x16, i1)
        %153 = nvvm.elect.sync -> i1
        scf.if %153 {
          %int_tuple_411 = cute.make_int_tuple() : () -> !cute.int_tuple<"1">
          %ptr_412 = cute.add_offset(%iter_22, %int_tuple_411) : (!cute.ptr<i64, smem>, !cute.int_tuple<"1">) -> !cute.ptr<i64, smem>
          %154 = arith.ori %38, %44 : i16
          %155 = builtin.unrealized_conversion_cast %ptr_412 : !cute.ptr<i64, smem> to !llvm.ptr<3>
          nvvm.tcgen05.commit %155, multicast_mask = %154 {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i16
        }
        scf.yield %152 : !mma_f16_f16_f32_256x128x16
      } else {
        scf.yield %arg0 : !mma_f16_f16_f32_256x128x16
      }
      %int_tuple_217 = cute.make_int_tuple() : () -> !cute.int_tuple<"1">
      %ptr_218 = cute.add_offset(%iter_22, %int_tuple_217) : (!cute.ptr<i64, smem>, !cute.int_tuple<"1">) -> !cute.ptr<i64, smem>
      %94 = builtin.unrealized_conversion_cast %ptr_218 : !cute.ptr<i64, smem> to !llvm.ptr<3>
      %c0_i32_219 = arith.constant 0 : i32
      %c10000000_i32 = arith.constant 10000000 : i32
      nvvm.mbarrier.try_wait.parity %94, %c0_i32_219, %c10000000_i32 : !llvm.ptr<3>, i32, i32
      %coord_220 = cute.make_coord() : () -> !cute.coord<"((_,_),0,0)">
      %slice_221 = cute.slice(%view_215, %coord_220) : !memref_tmem_f32_1, !cute.coord<"((_,_),0,0)">
      %iter_222 = cute.get_iter(%slice_221) : !memref_tmem_f32_2
      %iter_223 = cute.get_iter(%slice_221) : !memref_tmem_f32_2
      %tile_224 = cute.make_tile() : () -> !cute.tile<"[128:1;32:1]">
      %div = cute.flat_divide(%slice_221, %tile_224) : !memref_tmem_f32_2, !cute.tile<"[128:1;32:1]">
      %iter_225 = cute.get_iter(%div) : !memref_tmem_f32_3
      %iter_226 = cute.get_iter(%div) : !memref_tmem_f32_3
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>
      %coord_227 = cute.make_coord() : () -> !cute.coord<"(_,_,0,0)">
      %slice_228 = cute.slice(%div, %coord_227) : !memref_tmem_f32_3, !cute.coord<"(_,_,0,0)">
      %iter_229 = cute.get_iter(%slice_228) : !memref_tmem_f32_4
      %iter_230 = cute.get_iter(%slice_228) : !memref_tmem_f32_4
      %95 = cute_nvgpu.atom.make_tmem_copy(%atom, %slice_228) : (!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>, !memref_tmem_f32_4) -> !copy_ldtm_32
      %coord_231 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %src_partitioned = cute.tiled.copy.partition_S(%95, %div, %coord_231) : (!copy_ldtm_32, !memref_tmem_f32_3, !cute.coord<"?">) -> !memref_tmem_f32_5
      %iter_232 = cute.get_iter(%src_partitioned) : !memref_tmem_f32_5
      %96 = arith.floordivsi %3, %c2_i32 : i32
      %coord_233 = cute.make_coord(%96, %4) : (i32, i32) -> !cute.coord<"((_,_),0,0,?,?)">
      %slice_234 = cute.slice(%ptn_C, %coord_233) : !memref_gmem_f32_2, !cute.coord<"((_,_),0,0,?,?)">
      %iter_235 = cute.get_iter(%slice_234) : !memref_gmem_f32_3
      %iter_236 = cute.get_iter(%slice_234) : !memref_gmem_f32_3
      %tile_237 = cute.make_tile() : () -> !cute.tile<"[128:1;32:1]">
      %div_238 = cute.flat_divide(%slice_234, %tile_237) : !memref_gmem_f32_3, !cute.tile<"[128:1;32:1]">
      %iter_239 = cute.get_iter(%div_238) : !memref_gmem_f32_4
      %iter_240 = cute.get_iter(%div_238) : !memref_gmem_f32_4
      %coord_241 = cute.make_coord(%0) : (i32) -> !cute.coord<"?">
      %dst_partitioned = cute.tiled.copy.partition_D(%95, %div_238, %coord_241) : (!copy_ldtm_32, !memref_gmem_f32_4, !cute.coord<"?">) -> !memref_gmem_f32_5
      %iter_242 = cute.get_iter(%dst_partitioned) : !memref_gmem_f32_5
      %coord_243 = cute.make_coord() : () -> !cute.coord<"(_,_,_,0,0)">
      %slice_244 = cute.slice(%dst_partitioned, %coord_243) : !memref_gmem_f32_5, !cute.coord<"(_,_,_,0,0)">
      %iter_245 = cute.get_iter(%slice_244) : !memref_gmem_f32_6
      %iter_246 = cute.get_iter(%slice_244) : !memref_gmem_f32_6
      %lay_247 = cute.get_layout(%slice_244) : !memref_gmem_f32_6
      %97 = cute.get_shape(%lay_247) : (!cute.layout<"((32,1),1,1):((1,0),0,0)">) -> !cute.shape<"((32,1),1,1)">
      %e0_248, %e1_249, %e2_250, %e3_251 = cute.get_leaves(%97) : !cute.shape<"((32,1),1,1)">
      %shape_252 = cute.make_shape() : () -> !cute.shape<"((32,1),1,1)">
      %lay_253 = cute.make_layout(%shape_252) : !cute.layout<"((32,1),1,1):((1,0),0,0)">
      %rmem = cute.memref.alloca(%lay_253) : !memref_rmem_f32
      %iter_254 = cute.get_iter(%rmem) : !memref_rmem_f32
      %iter_255 = cute.get_iter(%rmem) : !memref_rmem_f32
      %coord_256 = cute.make_coord() : () -> !cute.coord<"(_,_,_,0,0)">
      %slice_257 = cute.slice(%src_partitioned, %coord_256) : !memref_tmem_f32_5, !cute.coord<"(_,_,_,0,0)">
      %iter_258 = cute.get_iter(%slice_257) : !memref_tmem_f32_6
      %iter_259 = cute.get_iter(%slice_257) : !memref_tmem_f32_6
      %lay_260 = cute.get_layout(%slice_257) : !memref_tmem_f32_6
      %98 = cute.get_shape(%lay_260) : (!cute.layout<"(((32,32),1),1,1):(((1,65536),0),0,0)">) -> !cute.shape<"(((32,32),1),1,1)">
      %e0_261, %e1_262, %e2_263, %e3_264, %e4_265 = cute.get_leaves(%98) : !cute.shape<"(((32,32),1),1,1)">
      %lay_266 = cute.get_layout(%rmem) : !memref_rmem_f32
      %99 = cute.get_shape(%lay_266) : (!cute.layout<"((32,1),1,1):((1,0),0,0)">) -> !cute.shape<"((32,1),1,1)">
      %e0_267, %e1_268, %e2_269, %e3_270 = cute.get_leaves(%99) : !cute.shape<"((32,1),1,1)">
      %shape_271 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_272 = cute.make_layout(%shape_271) : !cute.layout<"1:0">
      %append = cute.append_to_rank<2> (%lay_260, %lay_272) : !cute.layout<"(((32,32),1),1,1):(((1,65536),0),0,0)">, !cute.layout<"1:0">
      %view_273 = cute.make_view(%iter_259, %append) : !memref_tmem_f32_6
      %iter_274 = cute.get_iter(%view_273) : !memref_tmem_f32_6
      %lay_275 = cute.get_layout(%view_273) : !memref_tmem_f32_6
      %100 = cute.get_shape(%lay_275) : (!cute.layout<"(((32,32),1),1,1):(((1,65536),0),0,0)">) -> !cute.shape<"(((32,32),1),1,1)">
      %e0_276, %e1_277, %e2_278, %e3_279, %e4_280 = cute.get_leaves(%100) : !cute.shape<"(((32,32),1),1,1)">
      %grouped_281 = cute.group_modes(%view_273) <1, 3> : (!memref_tmem_f32_6) -> !memref_tmem_f32_7
      %iter_282 = cute.get_iter(%grouped_281) : !memref_tmem_f32_7
      %iter_283 = cute.get_iter(%grouped_281) : !memref_tmem_f32_7
      %shape_284 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_285 = cute.make_layout(%shape_284) : !cute.layout<"1:0">
      %append_286 = cute.append_to_rank<2> (%lay_266, %lay_285) : !cute.layout<"((32,1),1,1):((1,0),0,0)">, !cute.layout<"1:0">
      %view_287 = cute.make_view(%iter_255, %append_286) : !memref_rmem_f32
      %iter_288 = cute.get_iter(%view_287) : !memref_rmem_f32
      %lay_289 = cute.get_layout(%view_287) : !memref_rmem_f32
      %101 = cute.get_shape(%lay_289) : (!cute.layout<"((32,1),1,1):((1,0),0,0)">) -> !cute.shape<"((32,1),1,1)">
      %e0_290, %e1_291, %e2_292, %e3_293 = cute.get_leaves(%101) : !cute.shape<"((32,1),1,1)">
      %grouped_294 = cute.group_modes(%view_287) <1, 3> : (!memref_rmem_f32) -> !memref_rmem_f32_1
      %iter_295 = cute.get_iter(%grouped_294) : !memref_rmem_f32_1
      %iter_296 = cute.get_iter(%grouped_294) : !memref_rmem_f32_1
      %lay_297 = cute.get_layout(%grouped_281) : !memref_tmem_f32_7
      %102 = cute.get_shape(%lay_297) : (!cute.layout<"(((32,32),1),(1,1)):(((1,65536),0),(0,0))">) -> !cute.shape<"(((32,32),1),(1,1))">
      %e0_298, %e1_299, %e2_300, %e3_301, %e4_302 = cute.get_leaves(%102) : !cute.shape<"(((32,32),1),(1,1))">
      %lay_303 = cute.get_layout(%grouped_294) : !memref_rmem_f32_1
      %103 = cute.get_shape(%lay_303) : (!cute.layout<"((32,1),(1,1)):((1,0),(0,0))">) -> !cute.shape<"((32,1),(1,1))">
      %e0_304, %e1_305, %e2_306, %e3_307 = cute.get_leaves(%103) : !cute.shape<"((32,1),(1,1))">
      %sz_308 = cute.size(%grouped_281) <{mode = [1]}> : (!memref_tmem_f32_7) -> !cute.int_tuple<"1">
      %e0_309 = cute.get_leaves(%sz_308) : !cute.int_tuple<"1">
      %sz_310 = cute.size(%grouped_294) <{mode = [1]}> : (!memref_rmem_f32_1) -> !cute.int_tuple<"1">
      %e0_311 = cute.get_leaves(%sz_310) : !cute.int_tuple<"1">
      cute.copy(%95, %grouped_281, %grouped_294) : (!copy_ldtm_32, !memref_tmem_f32_7, !memref_rmem_f32_1)
      %coord_312 = cute.make_coord() : () -> !cute.coord<"(_,_,_,0,0)">
      %slice_313 = cute.slice(%dst_partitioned, %coord_312) : !memref_gmem_f32_5, !cute.coord<"(_,_,_,0,0)">
      %iter_314 = cute.get_iter(%slice_313) : !memref_gmem_f32_6
      %iter_315 = cute.get_iter(%slice_313) : !memref_gmem_f32_6
      %lay_316 = cute.get_layout(%slice_313) : !memref_gmem_f32_6
      %104 = cute.get_shape(%lay_316) : (!cute.layout<"((32,1),1,1):((1,0),0,0)">) -> !cute.shape<"((32,1),1,1)">
      %e0_317, %e1_318, %e2_319, %e3_320 = cute.get_leaves(%104) : !cute.shape<"((32,1),1,1)">
      %rinv = cute.right_inverse(%lay_316) : (!cute.layout<"((32,1),1,1):((1,0),0,0)">) -> !cute.layout<"32:1">
      %105 = cute.composition(%lay_266, %rinv) : (!cute.layout<"((32,1),1,1):((1,0),0,0)">, !cute.layout<"32:1">) -> !cute.layout<"32:1">
      %coalesce = cute.coalesce(%105) : (!cute.layout<"32:1">) -> !cute.layout<"32:1">
      %106 = cute.get_shape(%coalesce) : (!cute.layout<"32:1">) -> !cute.shape<"32">
      %e0_321 = cute.get_leaves(%106) : !cute.shape<"32">
      %107 = cute.get_stride(%coalesce) : (!cute.layout<"32:1">) -> !cute.stride<"1">
      %e0_322 = cute.get_leaves(%107) : !cute.stride<"1">
      %108 = cute.get_shape(%coalesce) : (!cute.layout<"32:1">) -> !cute.shape<"32">
      %e0_323 = cute.get_leaves(%108) : !cute.shape<"32">
      %109 = cute.get_shape(%coalesce) : (!cute.layout<"32:1">) -> !cute.shape<"32">
      %e0_324 = cute.get_leaves(%109) : !cute.shape<"32">
      %110 = cute.composition(%rinv, %coalesce) : (!cute.layout<"32:1">, !cute.layout<"32:1">) -> !cute.layout<"32:1">
      %sz_325 = cute.size(%110) : (!cute.layout<"32:1">) -> !cute.int_tuple<"32">
      %e0_326 = cute.get_leaves(%sz_325) : !cute.int_tuple<"32">
      %div_327 = cute.logical_divide(%rmem, %110) : !memref_rmem_f32, !cute.layout<"32:1">
      %iter_328 = cute.get_iter(%div_327) : !memref_rmem_f32_2
      %iter_329 = cute.get_iter(%div_327) : !memref_rmem_f32_2
      %div_330 = cute.logical_divide(%slice_313, %110) : !memref_gmem_f32_6, !cute.layout<"32:1">
      %iter_331 = cute.get_iter(%div_330) : !memref_gmem_f32_7
      %iter_332 = cute.get_iter(%div_330) : !memref_gmem_f32_7
      %shape_333 = cute.make_shape() : () -> !cute.shape<"4">
      %lay_334 = cute.make_layout(%shape_333) : !cute.layout<"4:1">
      %div_335 = cute.logical_divide(%div_327, %lay_334) : !memref_rmem_f32_2, !cute.layout<"4:1">
      %iter_336 = cute.get_iter(%div_335) : !memref_rmem_f32_3
      %iter_337 = cute.get_iter(%div_335) : !memref_rmem_f32_3
      %shape_338 = cute.make_shape() : () -> !cute.shape<"4">
      %lay_339 = cute.make_layout(%shape_338) : !cute.layout<"4:1">
      %div_340 = cute.logical_divide(%div_330, %lay_339) : !memref_gmem_f32_7, !cute.layout<"4:1">
      %iter_341 = cute.get_iter(%div_340) : !memref_gmem_f32_8
      %iter_342 = cute.get_iter(%div_340) : !memref_gmem_f32_8
      %atom_343 = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 128 b>
      cute.copy(%atom_343, %div_335, %div_340) : (!cute_nvgpu.atom.universal_copy<f32, 128 b>, !memref_rmem_f32_3, !memref_gmem_f32_8)
      %111 = nvvm.read.ptx.sreg.tid.x : i32
      %112 = nvvm.read.ptx.sreg.tid.y : i32
      %113 = nvvm.read.ptx.sreg.tid.z : i32
      %114 = nvvm.read.ptx.sreg.ntid.x : i32
      %115 = nvvm.read.ptx.sreg.ntid.y : i32
      %116 = arith.muli %112, %114 : i32
      %117 = arith.addi %111, %116 : i32
      %118 = arith.muli %113, %114 : i32
      %119 = arith.muli %118, %115 : i32
      %120 = arith.addi %117, %119 : i32
      %121 = arith.floordivsi %120, %c32_i32 : i32
      %122 = cute_nvgpu.arch.make_warp_uniform(%121) : i32
      %123 = cute_nvgpu.arch.make_warp_uniform(%122) : i32
      %124 = arith.cmpi eq, %123, %c0_i32 : i32
      scf.if %124 {
        cute_nvgpu.arch.sm100.relinquish_tmem_alloc_permit [cta_2]
      }
      %tmem_ptr_344 = cute_nvgpu.arch.sm100.retrieve_tmem_ptr(%iter_28) : !cute.ptr<i32, smem> -> !cute.ptr<f32, tmem, align<16>>
      %125 = nvvm.read.ptx.sreg.tid.x : i32
      %126 = nvvm.read.ptx.sreg.tid.y : i32
      %127 = nvvm.read.ptx.sreg.tid.z : i32
      %128 = nvvm.read.ptx.sreg.ntid.x : i32
      %129 = nvvm.read.ptx.sreg.ntid.y : i32
      %130 = arith.muli %126, %128 : i32
      %131 = arith.addi %125, %130 : i32
      %132 = arith.muli %127, %128 : i32
      %133 = arith.muli %132, %129 : i32
      %134 = arith.addi %131, %133 : i32
      %135 = arith.floordivsi %134, %c32_i32 : i32
      %136 = cute_nvgpu.arch.make_warp_uniform(%135) : i32
      %137 = cute_nvgpu.arch.make_warp_uniform(%136) : i32
      %138 = arith.cmpi eq, %137, %c0_i32 : i32
      cf.assert %true, "num_columns must be less than or equal to num_allocated_columns"
      scf.if %138 {
        %139 = nvvm.read.ptx.sreg.cluster.ctarank : i32
        %140 = cute_nvgpu.arch.make_warp_uniform(%139) : i32
        %c1_i32_345 = arith.constant 1 : i32
        %141 = arith.xori %140, %c1_i32_345 : i32
        %142 = builtin.unrealized_conversion_cast %ptr : !cute.ptr<i64, smem> to !llvm.ptr<3>
        %143 = nvvm.mapa %142, %141 : !llvm.ptr<3> -> !llvm.ptr<7>
        %c1_i32_346 = arith.constant 1 : i32
        nvvm.mbarrier.arrive %143, %c1_i32_346 : !llvm.ptr<7>
        %c0_i32_347 = arith.constant 0 : i32
        %c10000000_i32_348 = arith.constant 10000000 : i32
        nvvm.mbarrier.try_wait.parity %142, %c0_i32_347, %c10000000_i32_348 : !llvm.ptr<3>, i32, i32
        %c128_i32_349 = arith.constant 128 : i32
        cute_nvgpu.arch.sm100.dealloc_tmem(%tmem_ptr_344, %c128_i32_349) [cta_2] : !cute.ptr<f32, tmem, align<16>>, i32
      }
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat1625664641_FakeTensorFloat1625664641_FakeTensorFloat322562562561(%arg0: !memref_gmem_f16, %arg1: !memref_gmem_f16, %arg2: !memref_gmem_f32) -> i32 attributes {llvm.emit_c_interface} {
    %iter = cute.get_iter(%arg0) : !memref_gmem_f16
    %iter_0 = cute.get_iter(%arg1) : !memref_gmem_f16
    %iter_1 = cute.get_iter(%arg2) : !memref_gmem_f32
    %iter_2 = cute.get_iter(%arg0) : !memref_gmem_f16
    %iter_3 = cute.get_iter(%arg1) : !memref_gmem_f16
    %iter_4 = cute.get_iter(%arg2) : !memref_gmem_f32
    %shape = cute.make_shape() : () -> !cute.shape<"(256,128,16)">
    %false = arith.constant false
    %c0_i32 = arith.constant 0 : i32
    %0 = vector.from_elements %c0_i32, %c0_i32, %c0_i32, %c0_i32, %c0_i32, %c0_i32, %c0_i32, %c0_i32 : vector<8xi32>
    %atom = cute.make_atom(%false, %false, %false, %0) : (i1, i1, i1, vector<8xi32>) -> !cute_nvgpu.sm100.mma<256x128x16, num_cta = 2, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss, c_scale_exp = 0>
    %shape_5 = cute.make_shape() : () -> !cute.shape<"(1,1,1)">
    %lay = cute.make_layout(%shape_5) : !cute.layout<"(1,1,1):(0,0,0)">
    %1 = cute.get_shape(%lay) : (!cute.layout<"(1,1,1):(0,0,0)">) -> !cute.shape<"(1,1,1)">
    %e0, %e1, %e2 = cute.get_leaves(%1) : !cute.shape<"(1,1,1)">
    %2 = cute.make_tiled_mma(%atom) : !mma_f16_f16_f32_256x128x16
    %shape_6 = cute.make_shape() : () -> !cute.shape<"(2,2,1)">
    %lay_7 = cute.make_layout(%shape_6) : !cute.layout<"(2,2,1):(1,2,0)">
    %3 = cute.static : !cute.layout<"2:1">
    %4 = cute.get_shape(%3) : (!cute.layout<"2:1">) -> !cute.shape<"2">
    %e0_8 = cute.get_leaves(%4) : !cute.shape<"2">
    %tile = cute.make_tile() : () -> !cute.tile<"[2:1]">
    %div = cute.tiled_divide(%lay_7, %tile) : !cute.layout<"(2,2,1):(1,2,0)">, !cute.tile<"[2:1]">
    %shape_9 = cute.make_shape() : () -> !cute.shape<"(256,64)">
    %5 = cute.tiled.mma.partition_shape A (%2, %shape_9) : (!mma_f16_f16_f32_256x128x16, !cute.shape<"(256,64)">) -> !cute.shape<"((128,16),1,4)">
    %e0_10, %e1_11, %e2_12, %e3 = cute.get_leaves(%5) : !cute.shape<"((128,16),1,4)">
    %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"128">
    %sz = cute.size(%int_tuple) : (!cute.int_tuple<"128">) -> !cute.int_tuple<"128">
    %e0_13 = cute.get_leaves(%sz) : !cute.int_tuple<"128">
    %int_tuple_14 = cute.make_int_tuple() : () -> !cute.int_tuple<"16">
    %sz_15 = cute.size(%int_tuple_14) : (!cute.int_tuple<"16">) -> !cute.int_tuple<"16">
    %e0_16 = cute.get_leaves(%sz_15) : !cute.int_tuple<"16">
    %int_tuple_17 = cute.make_int_tuple() : () -> !cute.int_tuple<"(128,64)">
    %sz_18 = cute.size(%int_tuple_17) <{mode = [1]}> : (!cute.int_tuple<"(128,64)">) -> !cute.int_tuple<"64">
    %e0_19 = cute.get_leaves(%sz_18) : !cute.int_tuple<"64">
    %6 = cute.static : !cute.swizzle<"S<3,4,3>">
    %shape_20 = cute.make_shape() : () -> !cute.shape<"(8,64)">
    %stride = cute.make_stride() : () -> !cute.stride<"(64,1)">
    %lay_21 = cute.make_layout(%shape_20, %stride) : !cute.layout<"(8,64):(64,1)">
    %7 = cute.get_stride(%lay_21) : (!cute.layout<"(8,64):(64,1)">) -> !cute.stride<"(64,1)">
    %e0_22, %e1_23 = cute.get_leaves(%7) : !cute.stride<"(64,1)">
    %int_tuple_24 = cute.make_int_tuple() : () -> !cute.int_tuple<"0">
    %lay_25 = cute.make_composed_layout(%6, %int_tuple_24, %lay_21) : !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
    %int_tuple_26 = cute.make_int_tuple() : () -> !cute.int_tuple<"(1,2,3)">
    %shape_27 = cute.make_shape() : () -> !cute.shape<"((128,16),1,4,1)">
    %8 = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,(1,1)):((64,1),0,16,(0,0))">
    %coord = cute.make_coord() : () -> !cute.coord<"((128,16),1,4,1)">
    %coalesce = cute.coalesce(%8, %coord) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,(1,1)):((64,1),0,16,(0,0))">, !cute.coord<"((128,16),1,4,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">
    %shape_28 = cute.make_shape() : () -> !cute.shape<"(128,64)">
    %9 = cute.tiled.mma.partition_shape B (%2, %shape_28) : (!mma_f16_f16_f32_256x128x16, !cute.shape<"(128,64)">) -> !cute.shape<"((64,16),1,4)">
    %e0_29, %e1_30, %e2_31, %e3_32 = cute.get_leaves(%9) : !cute.shape<"((64,16),1,4)">
    %int_tuple_33 = cute.make_int_tuple() : () -> !cute.int_tuple<"64">
    %sz_34 = cute.size(%int_tuple_33) : (!cute.int_tuple<"64">) -> !cute.int_tuple<"64">
    %e0_35 = cute.get_leaves(%sz_34) : !cute.int_tuple<"64">
    %int_tuple_36 = cute.make_int_tuple() : () -> !cute.int_tuple<"16">
    %sz_37 = cute.size(%int_tuple_36) : (!cute.int_tuple<"16">) -> !cute.int_tuple<"16">
    %e0_38 = cute.get_leaves(%sz_37) : !cute.int_tuple<"16">
    %int_tuple_39 = cute.make_int_tuple() : () -> !cute.int_tuple<"(64,64)">
    %sz_40 = cute.size(%int_tuple_39) <{mode = [1]}> : (!cute.int_tuple<"(64,64)">) -> !cute.int_tuple<"64">
    %e0_41 = cute.get_leaves(%sz_40) : !cute.int_tuple<"64">
    %10 = cute.static : !cute.swizzle<"S<3,4,3>">
    %shape_42 = cute.make_shape() : () -> !cute.shape<"(8,64)">
    %stride_43 = cute.make_stride() : () -> !cute.stride<"(64,1)">
    %lay_44 = cute.make_layout(%shape_42, %stride_43) : !cute.layout<"(8,64):(64,1)">
    %11 = cute.get_stride(%lay_44) : (!cute.layout<"(8,64):(64,1)">) -> !cute.stride<"(64,1)">
    %e0_45, %e1_46 = cute.get_leaves(%11) : !cute.stride<"(64,1)">
    %int_tuple_47 = cute.make_int_tuple() : () -> !cute.int_tuple<"0">
    %lay_48 = cute.make_composed_layout(%10, %int_tuple_47, %lay_44) : !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
    %int_tuple_49 = cute.make_int_tuple() : () -> !cute.int_tuple<"(1,2,3)">
    %shape_50 = cute.make_shape() : () -> !cute.shape<"((64,16),1,4,1)">
    %12 = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,(1,1)):((64,1),0,16,(0,0))">
    %coord_51 = cute.make_coord() : () -> !cute.coord<"((64,16),1,4,1)">
    %coalesce_52 = cute.coalesce(%12, %coord_51) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,(1,1)):((64,1),0,16,(0,0))">, !cute.coord<"((64,16),1,4,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">
    %13 = cute.static : !cute.layout<"2:1">
    %sz_53 = cute.size(%13) : (!cute.layout<"2:1">) -> !cute.int_tuple<"2">
    %e0_54 = cute.get_leaves(%sz_53) : !cute.int_tuple<"2">
    %int_tuple_55 = cute.make_int_tuple() : () -> !cute.int_tuple<"(2,2)">
    %sz_56 = cute.size(%int_tuple_55) <{mode = [1]}> : (!cute.int_tuple<"(2,2)">) -> !cute.int_tuple<"2">
    %e0_57 = cute.get_leaves(%sz_56) : !cute.int_tuple<"2">
    %int_tuple_58 = cute.make_int_tuple() : () -> !cute.int_tuple<"(2,2)">
    %sz_59 = cute.size(%int_tuple_58) : (!cute.int_tuple<"(2,2)">) -> !cute.int_tuple<"4">
    %e0_60 = cute.get_leaves(%sz_59) : !cute.int_tuple<"4">
    %int_tuple_61 = cute.make_int_tuple() : () -> !cute.int_tuple<"(2,2)">
    %sz_62 = cute.size(%int_tuple_61) <{mode = [0]}> : (!cute.int_tuple<"(2,2)">) -> !cute.int_tuple<"2">
    %e0_63 = cute.get_leaves(%sz_62) : !cute.int_tuple<"2">
    %coord_64 = cute.make_coord() : () -> !cute.coord<"(_,_,_,0)">
    %slice = cute.slice(%coalesce, %coord_64) : !cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">, !cute.coord<"(_,_,_,0)">
    %14 = cute.get_shape(%div) : (!cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.shape<"((2),1,2,1)">
    %e0_65, %e1_66, %e2_67, %e3_68 = cute.get_leaves(%14) : !cute.shape<"((2),1,2,1)">
    %15 = cute.get_shape(%slice) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4):((64,1),0,16)">) -> !cute.shape<"((128,16),1,4)">
    %e0_69, %e1_70, %e2_71, %e3_72 = cute.get_leaves(%15) : !cute.shape<"((128,16),1,4)">
    %lay_73 = cute.get_layout(%arg0) : !memref_gmem_f16
    %16 = cute.get_shape(%lay_73) : (!cute.layout<"(256,64):(64,1)">) -> !cute.shape<"(256,64)">
    %e0_74, %e1_75 = cute.get_leaves(%16) : !cute.shape<"(256,64)">
    %shape_76 = cute.make_shape() : () -> !cute.shape<"(256,64)">
    %17 = cute.make_identity_layout(%shape_76) : !cute.layout<"(256,64):(1@0,1@1)">
    %tile_77 = cute.make_tile() : () -> !cute.tile<"[256:1;64:1]">
    %18 = cute.composition(%17, %tile_77) : (!cute.layout<"(256,64):(1@0,1@1)">, !cute.tile<"[256:1;64:1]">) -> !cute.layout<"(256,64):(1@0,1@1)">
    %19 = cute.static : !cute.layout<"((2,(1,1)),((128,16),(1,4))):((128@0,(0,0)),((1@0,1@1),(0,16@1)))">
    %20 = cute.get_shape(%19) : (!cute.layout<"((2,(1,1)),((128,16),(1,4))):((128@0,(0,0)),((1@0,1@1),(0,16@1)))">) -> !cute.shape<"((2,(1,1)),((128,16),(1,4)))">
    %e0_78, %e1_79, %e2_80, %e3_81, %e4, %e5, %e6 = cute.get_leaves(%20) : !cute.shape<"((2,(1,1)),((128,16),(1,4)))">
    %21 = cute.get_shape(%19) : (!cute.layout<"((2,(1,1)),((128,16),(1,4))):((128@0,(0,0)),((1@0,1@1),(0,16@1)))">) -> !cute.shape<"((2,(1,1)),((128,16),(1,4)))">
    %e0_82, %e1_83, %e2_84, %e3_85, %e4_86, %e5_87, %e6_88 = cute.get_leaves(%21) : !cute.shape<"((2,(1,1)),((128,16),(1,4)))">
    %22 = cute.get(%19) <{mode = [1]}> : !cute.layout<"((2,(1,1)),((128,16),(1,4))):((128@0,(0,0)),((1@0,1@1),(0,16@1)))"> -> !cute.layout<"((128,16),(1,4)):((1@0,1@1),(0,16@1))">
    %23 = cute.get_shape(%18) : (!cute.layout<"(256,64):(1@0,1@1)">) -> !cute.shape<"(256,64)">
    %e0_89, %e1_90 = cute.get_leaves(%23) : !cute.shape<"(256,64)">
    %coord_91 = cute.make_coord() : () -> !cute.coord<"(1,(1,1))">
    %dice = cute.dice(%22, "(1,(1,1))") : (!cute.layout<"((128,16),(1,4)):((1@0,1@1),(0,16@1))">) -> !cute.layout<"((128,16),1,4):((1@0,1@1),0,16@1)">
    %int_tuple_92 = cute.make_int_tuple() : () -> !cute.int_tuple<"((2),1,2,1)">
    %sz_93 = cute.size(%int_tuple_92) <{mode = [2]}> : (!cute.int_tuple<"((2),1,2,1)">) -> !cute.int_tuple<"2">
    %e0_94 = cute.get_leaves(%sz_93) : !cute.int_tuple<"2">
    %non_exec_atom, %tma_tensor = cute_nvgpu.atom.make_non_exec_tiled_tma_load(%arg0, %slice, %dice) <{kind = <sm_100_2sm_multicast> num_multicast = 2}> : (!memref_gmem_f16, !cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4):((64,1),0,16)">, !cute.layout<"((128,16),1,4):((1@0,1@1),0,16@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm_multicast, f16, copy_bits = 131072, tma_gbasis = <"(64,128):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">)
    %iter_95 = cute.get_iter(%tma_tensor) : !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">
    %tup = cute.deref_arith_tuple_iter(%iter_95) : !cute.arith_tuple_iter<"(0,0)">
    %e0_96, %e1_97 = cute.get_leaves(%tup) : !cute.int_tuple<"(0,0)">
    %24 = cute.static : !cute.layout<"2:1">
    %sz_98 = cute.size(%24) : (!cute.layout<"2:1">) -> !cute.int_tuple<"2">
    %e0_99 = cute.get_leaves(%sz_98) : !cute.int_tuple<"2">
    %int_tuple_100 = cute.make_int_tuple() : () -> !cute.int_tuple<"(2,2)">
    %sz_101 = cute.size(%int_tuple_100) <{mode = [0]}> : (!cute.int_tuple<"(2,2)">) -> !cute.int_tuple<"2">
    %e0_102 = cute.get_leaves(%sz_101) : !cute.int_tuple<"2">
    %int_tuple_103 = cute.make_int_tuple() : () -> !cute.int_tuple<"(2,2)">
    %sz_104 = cute.size(%int_tuple_103) : (!cute.int_tuple<"(2,2)">) -> !cute.int_tuple<"4">
    %e0_105 = cute.get_leaves(%sz_104) : !cute.int_tuple<"4">
    %int_tuple_106 = cute.make_int_tuple() : () -> !cute.int_tuple<"(2,2)">
    %sz_107 = cute.size(%int_tuple_106) <{mode = [0]}> : (!cute.int_tuple<"(2,2)">) -> !cute.int_tuple<"2">
    %e0_108 = cute.get_leaves(%sz_107) : !cute.int_tuple<"2">
    %coord_109 = cute.make_coord() : () -> !cute.coord<"(_,_,_,0)">
    %slice_110 = cute.slice(%coalesce_52, %coord_109) : !cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">, !cute.coord<"(_,_,_,0)">
    %25 = cute.get_shape(%div) : (!cute.layout<"((2),1,2,1):((1),0,2,0)">) -> !cute.shape<"((2),1,2,1)">
    %e0_111, %e1_112, %e2_113, %e3_114 = cute.get_leaves(%25) : !cute.shape<"((2),1,2,1)">
    %26 = cute.get_shape(%slice_110) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4):((64,1),0,16)">) -> !cute.shape<"((64,16),1,4)">
    %e0_115, %e1_116, %e2_117, %e3_118 = cute.get_leaves(%26) : !cute.shape<"((64,16),1,4)">
    %lay_119 = cute.get_layout(%arg1) : !memref_gmem_f16
    %27 = cute.get_shape(%lay_119) : (!cute.layout<"(256,64):(64,1)">) -> !cute.shape<"(256,64)">
    %e0_120, %e1_121 = cute.get_leaves(%27) : !cute.shape<"(256,64)">
    %shape_122 = cute.make_shape() : () -> !cute.shape<"(256,64)">
    %28 = cute.make_identity_layout(%shape_122) : !cute.layout<"(256,64):(1@0,1@1)">
    %tile_123 = cute.make_tile() : () -> !cute.tile<"[128:1;64:1]">
    %29 = cute.composition(%28, %tile_123) : (!cute.layout<"(256,64):(1@0,1@1)">, !cute.tile<"[128:1;64:1]">) -> !cute.layout<"(128,64):(1@0,1@1)">
    %30 = cute.static : !cute.layout<"((2,(1,1)),((64,16),(1,4))):((64@0,(0,0)),((1@0,1@1),(0,16@1)))">
    %31 = cute.get_shape(%30) : (!cute.layout<"((2,(1,1)),((64,16),(1,4))):((64@0,(0,0)),((1@0,1@1),(0,16@1)))">) -> !cute.shape<"((2,(1,1)),((64,16),(1,4)))">
    %e0_124, %e1_125, %e2_126, %e3_127, %e4_128, %e5_129, %e6_130 = cute.get_leaves(%31) : !cute.shape<"((2,(1,1)),((64,16),(1,4)))">
    %32 = cute.get_shape(%30) : (!cute.layout<"((2,(1,1)),((64,16),(1,4))):((64@0,(0,0)),((1@0,1@1),(0,16@1)))">) -> !cute.shape<"((2,(1,1)),((64,16),(1,4)))">
    %e0_131, %e1_132, %e2_133, %e3_134, %e4_135, %e5_136, %e6_137 = cute.get_leaves(%32) : !cute.shape<"((2,(1,1)),((64,16),(1,4)))">
    %33 = cute.get(%30) <{mode = [1]}> : !cute.layout<"((2,(1,1)),((64,16),(1,4))):((64@0,(0,0)),((1@0,1@1),(0,16@1)))"> -> !cute.layout<"((64,16),(1,4)):((1@0,1@1),(0,16@1))">
    %34 = cute.get_shape(%29) : (!cute.layout<"(128,64):(1@0,1@1)">) -> !cute.shape<"(128,64)">
    %e0_138, %e1_139 = cute.get_leaves(%34) : !cute.shape<"(128,64)">
    %coord_140 = cute.make_coord() : () -> !cute.coord<"(1,(1,1))">
    %dice_141 = cute.dice(%33, "(1,(1,1))") : (!cute.layout<"((64,16),(1,4)):((1@0,1@1),(0,16@1))">) -> !cute.layout<"((64,16),1,4):((1@0,1@1),0,16@1)">
    %non_exec_atom_142, %tma_tensor_143 = cute_nvgpu.atom.make_non_exec_tiled_tma_load(%arg1, %slice_110, %dice_141) <{kind = <sm_100_2sm> num_multicast = 1}> : (!memref_gmem_f16, !cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.layout<"((64,16),1,4):((1@0,1@1),0,16@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">)
    %iter_144 = cute.get_iter(%tma_tensor_143) : !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">
    %tup_145 = cute.deref_arith_tuple_iter(%iter_144) : !cute.arith_tuple_iter<"(0,0)">
    %e0_146, %e1_147 = cute.get_leaves(%tup_145) : !cute.int_tuple<"(0,0)">
    %35 = cute.static : !cute.layout<"(2,1,1,1):(1,0,0,0)">
    %36 = cute.static : !cute.tile<"[_;_;_]">
    %e0_148, %e1_149, %e2_150 = cute.get_leaves(%36) : !cute.tile<"[_;_;_]">
    %37 = cute.static : !cute.layout<"2:1">
    %38 = cute.static : !cute.shape<"(256,128,16)">
    %e0_151, %e1_152, %e2_153 = cute.get_leaves(%38) : !cute.shape<"(256,128,16)">
    %39 = cute.static : !cute.layout<"(2,(128,16)):(128,(1,256))">
    %40 = cute.static : !cute.layout<"(2,(64,16)):(64,(1,128))">
    %41 = cute.static : !cute.layout<"(2,(128,128)):(128,(1,256))">
    %42 = cute.static : !cute.layout<"2:1">
    %43 = cute.static : !cute.layout<"(2,8192):(8192,1)">
    %44 = cute.static : !cute.layout<"(2,8192):(8192,1)">
    %lay_154 = cute.get_layout(%tma_tensor) : !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">
    %45 = cute.static : !cute.layout<"2:1">
    %46 = cute.static : !cute.layout<"(2,4096):(4096,1)">
    %47 = cute.static : !cute.layout<"(2,4096):(4096,1)">
    %lay_155 = cute.get_layout(%tma_tensor_143) : !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">
    %lay_156 = cute.get_layout(%arg2) : !memref_gmem_f32
    %48 = cute.composed_get_inner(%coalesce) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">) -> !cute.swizzle<"S<3,4,3>">
    %49 = cute.composed_get_offset(%coalesce) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">) -> !cute.int_tuple<"0">
    %e0_157 = cute.get_leaves(%49) : !cute.int_tuple<"0">
    %50 = cute.composed_get_outer(%coalesce) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">) -> !cute.layout<"((128,16),1,4,1):((64,1),0,16,0)">
    %51 = cute.composed_get_inner(%coalesce_52) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">) -> !cute.swizzle<"S<3,4,3>">
    %52 = cute.composed_get_offset(%coalesce_52) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">) -> !cute.int_tuple<"0">
    %e0_158 = cute.get_leaves(%52) : !cute.int_tuple<"0">
    %53 = cute.composed_get_outer(%coalesce_52) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">) -> !cute.layout<"((64,16),1,4,1):((64,1),0,16,0)">
    %54 = cute.kernel_smem_size @kernels::@kernel_cutlass_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612816_TVLayoutA2128161281256_TVLayoutB26416641128_TVLayoutC21281281281256_CopyAtom_T_0 : i64
    %c232448_i64 = arith.constant 232448 : i64
    %55 = arith.cmpi sgt, %54, %c232448_i64 : i64
    scf.if %55 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612816_TVLayoutA2128161281256_TVLayoutB26416641128_TVLayoutC21281281281256_CopyAtom_T_0' launch shared memory exceeds current GPU arch sm_100a allowed. Allocated: {} bytes. Max: 232448 bytes.\0A\0A", %54) : i64
    }
    %c0_i64 = arith.constant 0 : i64
    %56 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %c128_i32 = arith.constant 128 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %57 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c128_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %54, gridDim = (%c2_i32, %c2_i32, %c1_i32), stream = %56) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%57] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %c2_i32_159 = arith.constant 2 : i32
    %c1_i32_160 = arith.constant 1 : i32
    cuda.launch_cfg.cluster_dim[%57] (%c2_i32_159, %c2_i32_159, %c1_i32_160) : !cuda.launch_cfg<max_attrs = 17>, i32, i32, i32
    %c0_i32_161 = arith.constant 0 : i32
    cuda.launch_cfg.cooperative[%57] %c0_i32_161 : !cuda.launch_cfg<max_attrs = 17>, i32
    %58 = cuda.launch_ex @kernels::@kernel_cutlass_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612816_TVLayoutA2128161281256_TVLayoutB26416641128_TVLayoutC21281281281256_CopyAtom_T_0<%57> (%2, %non_exec_atom, %tma_tensor, %non_exec_atom_142, %tma_tensor_143, %arg2, %div, %coalesce, %coalesce_52) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!mma_f16_f16_f32_256x128x16, !cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm_multicast, f16, copy_bits = 131072, tma_gbasis = <"(64,128):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">, !cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(256,64):(1@1,1@0)">, !memref_gmem_f32, !cute.layout<"((2),1,2,1):((1),0,2,0)">, !cute.composed_layout<"S<3,4,3> o 0 o ((128,16),1,4,1):((64,1),0,16,0)">, !cute.composed_layout<"S<3,4,3> o 0 o ((64,16),1,4,1):((64,1),0,16,0)">) -> !cuda.result
    %59 = cuda.cast %58 : !cuda.result -> i32
    cuda.return_if_error %59 : i32
    %c0_i32_162 = arith.constant 0 : i32
    return %c0_i32_162 : i32
  }
}

