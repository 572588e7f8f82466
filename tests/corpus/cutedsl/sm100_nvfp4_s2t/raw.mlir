!copy_utccp = !cute.tiled_copy<!cute_nvgpu.atom.s2t_copy<f8E4M3FN, 32 DP, 128 bit, 2 cta, x4>, layout_copy_tv = <"(2,(32,(4,4),4)):(0,(1,(32,128),512))">, tiler_mn = <"[(32,4,16):(1,512,32);1:0;1:0]">>
!memref_gmem_f32 = !cute.memref<f32, gmem, align<16>, "(16):(1)">
!memref_smem_f4E2M1FN = !cute.memref<f4E2M1FN, smem, align<128>, S<3,4,3>, "((128,64),1,4,1):((256,1),0,64,0)">
!memref_smem_f4E2M1FN1 = !cute.memref<f4E2M1FN, smem, align<128>, S<3,4,3>, "((64,64),1,4,1):((256,1),0,64,0)">
!memref_smem_f8E4M3FN = !cute.memref<f8E4M3FN, smem, align<128>, "((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">
!memref_smem_f8E4M3FN1 = !cute.memref<f8E4M3FN, smem, align<128>, "((((32,4),1),(1,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">
!memref_smem_f8E4M3FN2 = !cute.memref<f8E4M3FN, smem, align<128>, "((((32,4,4),4),1),1,1,4,1):((((16,4,4),0),0),0,0,512,2048)">
!memref_smem_i8 = !cute.memref<i8, smem, align<8>, "16:1">
!memref_smem_i8_1 = !cute.memref<i8, smem, align<4>, "4:1">
!memref_smem_i8_2 = !cute.memref<i8, smem, align<128>, "16384:1">
!memref_smem_i8_3 = !cute.memref<i8, smem, align<128>, "8192:1">
!memref_smem_i8_4 = !cute.memref<i8, smem, align<128>, "2048:1">
!memref_tmem_f32 = !cute.memref<f32, tmem, align<1>, "((128,128),1,1):((65536,1),0,0)">
!memref_tmem_f32_1 = !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
!memref_tmem_f8E4M3FN = !cute.memref<f8E4M3FN, tmem, align<16>, "((((32,4),4),(16,4)),1,4):((((262144,4),8388608),(0,1)),0,16)">
!memref_tmem_f8E4M3FN1 = !cute.memref<f8E4M3FN, tmem, align<16>, "((((32,4),4),(1,4)),1,4):((((262144,4),8388608),(0,1)),0,16)">
!memref_tmem_f8E4M3FN2 = !cute.memref<f8E4M3FN, tmem, align<16>, "(((32,16,4),1),1,1,4):(((262144,1,8388608),0),0,0,16)">
!memref_tmem_f8E4M3FN3 = !cute.memref<f8E4M3FN, tmem, align<16>, "(((32,16,4),1),(1,1,4)):(((262144,1,8388608),0),(0,0,16))">
!memref_tmem_f8E4M3FN4 = !cute.memref<f8E4M3FN, tmem, align<16>, "((((32,4),4),(16,4)),1):((((262144,4),8388608),(0,1)),0)">
!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64 = !cute.tiled_mma<!cute_nvgpu.sm100.mma_bs<256x128x64, num_cta = 2, ab_major = (k, k), elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, frag_kind = ss, vec_size = 16>, atom_layout_MNK = <"(1,1,1):(0,0,0)">, permutation_MNK = <"[_;_;_]">>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_cutlass_nvfp4_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612864_TVLayoutA2128641281256_TVLayoutB26464641128_TVLayoutC21281281281256_S343_0(%arg0: !mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, %arg1: !cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,1):((256,1),0,64,0)">, %arg2: !cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,1):((256,1),0,64,0)">, %arg3: !cute.layout<"((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">, %arg4: !cute.layout<"((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">) attributes {cu_attrs = {max_dynamic_shared_size_bytes = #cuda.dev_max_shared_memory_optin, non_portable_cluster_size_allowed = 1 : i32}, cute.kernel, cutlass_launch_facts = {cluster_launch = true, cooperative_launch = false, exact_block_dim = array<i64: 128, 1, 1>, exact_cluster_dim = array<i64: 2, 1, 1>, exact_grid_dim = array<i64: 2, 1, 1>, schema_version = 1 : i64}, gpu.kernel, nvvm.reqntid = array<i32: 128, 1, 1>, smem.hint_smem_base_uniform, smem.partition_num = 2 : i32} {
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
      %shape = cute.make_shape() : () -> !cute.shape<"16">
      %lay = cute.make_layout(%shape) : !cute.layout<"16:1">
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter = cute.get_iter(%smem) : !memref_smem_i8
      %iter_0 = cute.get_iter(%smem) : !memref_smem_i8
      %iter_1 = cute.recast_iter(%iter_0) : !cute.ptr<i8, smem, align<8>> to !cute.ptr<i64, smem>
      %shape_2 = cute.make_shape() : () -> !cute.shape<"4">
      %lay_3 = cute.make_layout(%shape_2) : !cute.layout<"4:1">
      %smem_4 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_1
      %iter_5 = cute.get_iter(%smem_4) : !memref_smem_i8_1
      %iter_6 = cute.get_iter(%smem_4) : !memref_smem_i8_1
      %iter_7 = cute.recast_iter(%iter_6) : !cute.ptr<i8, smem, align<4>> to !cute.ptr<i32, smem>
      %19 = cute.composed_get_outer(%arg1) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,1):((256,1),0,64,0)">) -> !cute.layout<"((128,64),1,4,1):((256,1),0,64,0)">
      %20 = cute.composed_get_inner(%arg1) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,1):((256,1),0,64,0)">) -> !cute.swizzle<"S<3,4,3>">
      %coord = cute.make_coord() : () -> !cute.coord<"0">
      %idx = cute.crd2idx(%coord, %19) : (!cute.coord<"0">, !cute.layout<"((128,64),1,4,1):((256,1),0,64,0)">) -> !cute.int_tuple<"0">
      %e0 = cute.get_leaves(%idx) : !cute.int_tuple<"0">
      %cosz = cute.cosize(%19) : (!cute.layout<"((128,64),1,4,1):((256,1),0,64,0)">) -> !cute.int_tuple<"32768">
      %e0_8 = cute.get_leaves(%cosz) : !cute.int_tuple<"32768">
      %shape_9 = cute.make_shape() : () -> !cute.shape<"16384">
      %lay_10 = cute.make_layout(%shape_9) : !cute.layout<"16384:1">
      %smem_11 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_2
      %iter_12 = cute.get_iter(%smem_11) : !memref_smem_i8_2
      %iter_13 = cute.get_iter(%smem_11) : !memref_smem_i8_2
      %iter_14 = cute.recast_iter(%iter_13) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f4E2M1FN, smem, align<128>, S<3,4,3>>
      %view = cute.make_view(%iter_14, %19) : !memref_smem_f4E2M1FN
      %iter_15 = cute.get_iter(%view) : !memref_smem_f4E2M1FN
      %iter_16 = cute.get_iter(%view) : !memref_smem_f4E2M1FN
      %21 = cute.composed_get_outer(%arg2) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,1):((256,1),0,64,0)">) -> !cute.layout<"((64,64),1,4,1):((256,1),0,64,0)">
      %22 = cute.composed_get_inner(%arg2) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,1):((256,1),0,64,0)">) -> !cute.swizzle<"S<3,4,3>">
      %coord_17 = cute.make_coord() : () -> !cute.coord<"0">
      %idx_18 = cute.crd2idx(%coord_17, %21) : (!cute.coord<"0">, !cute.layout<"((64,64),1,4,1):((256,1),0,64,0)">) -> !cute.int_tuple<"0">
      %e0_19 = cute.get_leaves(%idx_18) : !cute.int_tuple<"0">
      %cosz_20 = cute.cosize(%21) : (!cute.layout<"((64,64),1,4,1):((256,1),0,64,0)">) -> !cute.int_tuple<"16384">
      %e0_21 = cute.get_leaves(%cosz_20) : !cute.int_tuple<"16384">
      %shape_22 = cute.make_shape() : () -> !cute.shape<"8192">
      %lay_23 = cute.make_layout(%shape_22) : !cute.layout<"8192:1">
      %smem_24 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_3
      %iter_25 = cute.get_iter(%smem_24) : !memref_smem_i8_3
      %iter_26 = cute.get_iter(%smem_24) : !memref_smem_i8_3
      %iter_27 = cute.recast_iter(%iter_26) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f4E2M1FN, smem, align<128>, S<3,4,3>>
      %view_28 = cute.make_view(%iter_27, %21) : !memref_smem_f4E2M1FN1
      %iter_29 = cute.get_iter(%view_28) : !memref_smem_f4E2M1FN1
      %iter_30 = cute.get_iter(%view_28) : !memref_smem_f4E2M1FN1
      %coord_31 = cute.make_coord() : () -> !cute.coord<"0">
      %idx_32 = cute.crd2idx(%coord_31, %arg3) : (!cute.coord<"0">, !cute.layout<"((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">) -> !cute.int_tuple<"0">
      %e0_33 = cute.get_leaves(%idx_32) : !cute.int_tuple<"0">
      %cosz_34 = cute.cosize(%arg3) : (!cute.layout<"((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">) -> !cute.int_tuple<"2048">
      %e0_35 = cute.get_leaves(%cosz_34) : !cute.int_tuple<"2048">
      %shape_36 = cute.make_shape() : () -> !cute.shape<"2048">
      %lay_37 = cute.make_layout(%shape_36) : !cute.layout<"2048:1">
      %smem_38 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_4
      %iter_39 = cute.get_iter(%smem_38) : !memref_smem_i8_4
      %iter_40 = cute.get_iter(%smem_38) : !memref_smem_i8_4
      %iter_41 = cute.recast_iter(%iter_40) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f8E4M3FN, smem, align<128>>
      %view_42 = cute.make_view(%iter_41, %arg3) : !memref_smem_f8E4M3FN
      %iter_43 = cute.get_iter(%view_42) : !memref_smem_f8E4M3FN
      %iter_44 = cute.get_iter(%view_42) : !memref_smem_f8E4M3FN
      %coord_45 = cute.make_coord() : () -> !cute.coord<"0">
      %idx_46 = cute.crd2idx(%coord_45, %arg4) : (!cute.coord<"0">, !cute.layout<"((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">) -> !cute.int_tuple<"0">
      %e0_47 = cute.get_leaves(%idx_46) : !cute.int_tuple<"0">
      %cosz_48 = cute.cosize(%arg4) : (!cute.layout<"((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">) -> !cute.int_tuple<"2048">
      %e0_49 = cute.get_leaves(%cosz_48) : !cute.int_tuple<"2048">
      %shape_50 = cute.make_shape() : () -> !cute.shape<"2048">
      %lay_51 = cute.make_layout(%shape_50) : !cute.layout<"2048:1">
      %smem_52 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_4
      %iter_53 = cute.get_iter(%smem_52) : !memref_smem_i8_4
      %iter_54 = cute.get_iter(%smem_52) : !memref_smem_i8_4
      %iter_55 = cute.recast_iter(%iter_54) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f8E4M3FN, smem, align<128>>
      %view_56 = cute.make_view(%iter_55, %arg4) : !memref_smem_f8E4M3FN
      %iter_57 = cute.get_iter(%view_56) : !memref_smem_f8E4M3FN
      %iter_58 = cute.get_iter(%view_56) : !memref_smem_f8E4M3FN
      %lay_59 = cute.get_layout(%view) : !memref_smem_f4E2M1FN
      %frg_A = cute.mma.make_fragment A (%arg0, %view) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !memref_smem_f4E2M1FN) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">
      %iter_60 = cute.get_iter(%frg_A) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">
      %lay_61 = cute.get_layout(%view_28) : !memref_smem_f4E2M1FN1
      %frg_B = cute.mma.make_fragment B (%arg0, %view_28) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !memref_smem_f4E2M1FN1) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">
      %iter_62 = cute.get_iter(%frg_B) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">
      %shape_63 = cute.make_shape() : () -> !cute.shape<"(256,128)">
      %23 = cute.tiled.mma.partition_shape C (%arg0, %shape_63) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.shape<"(256,128)">) -> !cute.shape<"((128,128),1,1)">
      %e0_64, %e1, %e2, %e3 = cute.get_leaves(%23) : !cute.shape<"((128,128),1,1)">
      %shape_65 = cute.make_shape() : () -> !cute.shape<"((128,128),1,1)">
      %frg_C = cute.mma.make_fragment C (%arg0, %shape_65) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.shape<"((128,128),1,1)">) -> !memref_tmem_f32
      %iter_66 = cute.get_iter(%frg_C) : !memref_tmem_f32
      %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"1">
      %ptr = cute.add_offset(%iter_1, %int_tuple) : (!cute.ptr<i64, smem>, !cute.int_tuple<"1">) -> !cute.ptr<i64, smem>
      %24 = nvvm.read.ptx.sreg.tid.x : i32
      %25 = nvvm.read.ptx.sreg.tid.y : i32
      %26 = nvvm.read.ptx.sreg.tid.z : i32
      %27 = nvvm.read.ptx.sreg.ntid.x : i32
      %28 = nvvm.read.ptx.sreg.ntid.y : i32
      %29 = arith.muli %25, %27 : i32
      %30 = arith.addi %24, %29 : i32
      %31 = arith.muli %26, %27 : i32
      %32 = arith.muli %31, %28 : i32
      %33 = arith.addi %30, %32 : i32
      %34 = arith.floordivsi %33, %c32_i32 : i32
      %35 = cute_nvgpu.arch.make_warp_uniform(%34) : i32
      %36 = cute_nvgpu.arch.make_warp_uniform(%35) : i32
      %c0_i32 = arith.constant 0 : i32
      %37 = arith.cmpi eq, %36, %c0_i32 : i32
      scf.if %37 {
        %94 = nvvm.elect.sync -> i1
        scf.if %94 {
          %95 = builtin.unrealized_conversion_cast %ptr : !cute.ptr<i64, smem> to !llvm.ptr<3>
          %c32_i32_93 = arith.constant 32 : i32
          nvvm.mbarrier.init %95, %c32_i32_93 : !llvm.ptr<3>, i32
        }
      }
      nvvm.fence.mbarrier.init
      %true = arith.constant true
      cf.assert %true, "total allocated columns must be less than or equal to 512"
      %38 = nvvm.read.ptx.sreg.tid.x : i32
      %39 = nvvm.read.ptx.sreg.tid.y : i32
      %40 = nvvm.read.ptx.sreg.tid.z : i32
      %41 = nvvm.read.ptx.sreg.ntid.x : i32
      %42 = nvvm.read.ptx.sreg.ntid.y : i32
      %43 = arith.muli %39, %41 : i32
      %44 = arith.addi %38, %43 : i32
      %45 = arith.muli %40, %41 : i32
      %46 = arith.muli %45, %42 : i32
      %47 = arith.addi %44, %46 : i32
      %48 = arith.floordivsi %47, %c32_i32 : i32
      %49 = cute_nvgpu.arch.make_warp_uniform(%48) : i32
      %50 = cute_nvgpu.arch.make_warp_uniform(%49) : i32
      %51 = arith.cmpi eq, %50, %c0_i32 : i32
      scf.if %51 {
        %c512_i32 = arith.constant 512 : i32
        cute_nvgpu.arch.sm100.alloc_tmem(%c512_i32, %iter_7) [cta_2] : i32, !cute.ptr<i32, smem>
      }
      %c1_i32 = arith.constant 1 : i32
      %c128_i32 = arith.constant 128 : i32
      nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
      %tmem_ptr = cute_nvgpu.arch.sm100.retrieve_tmem_ptr(%iter_7) : !cute.ptr<i32, smem> -> !cute.ptr<f32, tmem, align<16>>
      %lay_67 = cute.get_layout(%frg_C) : !memref_tmem_f32
      %view_68 = cute.make_view(%tmem_ptr, %lay_67) : !memref_tmem_f32_1
      %iter_69 = cute.get_iter(%view_68) : !memref_tmem_f32_1
      %int_tuple_70 = cute.make_int_tuple() : () -> !cute.int_tuple<"256">
      %ptr_71 = cute.add_offset(%tmem_ptr, %int_tuple_70) : (!cute.ptr<f32, tmem, align<16>>, !cute.int_tuple<"256">) -> !cute.ptr<f32, tmem, align<16>>
      %iter_72 = cute.recast_iter(%ptr_71) : !cute.ptr<f32, tmem, align<16>> to !cute.ptr<f8E4M3FN, tmem, align<16>>
      %coord_73 = cute.make_coord() : () -> !cute.coord<"(_,_,_,0)">
      %slice = cute.slice(%arg3, %coord_73) : !cute.layout<"((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">, !cute.coord<"(_,_,_,0)">
      %52 = cute.static : !cute.layout<"2:1">
      %53 = cute.get_shape(%52) : (!cute.layout<"2:1">) -> !cute.shape<"2">
      %e0_74 = cute.get_leaves(%53) : !cute.shape<"2">
      %int_tuple_75 = cute.make_int_tuple() : () -> !cute.int_tuple<"2">
      %sz = cute.size(%int_tuple_75) : (!cute.int_tuple<"2">) -> !cute.int_tuple<"2">
      %e0_76 = cute.get_leaves(%sz) : !cute.int_tuple<"2">
      %54 = cute.static : !cute.layout<"((((32,4),4),(16,4)),1,4):((((262144,4),8388608),(0,1)),0,16)">
      %view_77 = cute.make_view(%iter_72, %54) : !memref_tmem_f8E4M3FN
      %iter_78 = cute.get_iter(%view_77) : !memref_tmem_f8E4M3FN
      %int_tuple_79 = cute.make_int_tuple() : () -> !cute.int_tuple<"256">
      %ptr_80 = cute.add_offset(%tmem_ptr, %int_tuple_79) : (!cute.ptr<f32, tmem, align<16>>, !cute.int_tuple<"256">) -> !cute.ptr<f32, tmem, align<16>>
      %int_tuple_81 = cute.make_int_tuple() : () -> !cute.int_tuple<"32">
      %ptr_82 = cute.add_offset(%ptr_80, %int_tuple_81) : (!cute.ptr<f32, tmem, align<16>>, !cute.int_tuple<"32">) -> !cute.ptr<f32, tmem, align<16>>
      %iter_83 = cute.recast_iter(%ptr_82) : !cute.ptr<f32, tmem, align<16>> to !cute.ptr<f8E4M3FN, tmem, align<16>>
      %coord_84 = cute.make_coord() : () -> !cute.coord<"(_,_,_,0)">
      %slice_85 = cute.slice(%arg4, %coord_84) : !cute.layout<"((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">, !cute.coord<"(_,_,_,0)">
      %55 = cute.static : !cute.layout<"2:1">
      %56 = cute.get_shape(%55) : (!cute.layout<"2:1">) -> !cute.shape<"2">
      %e0_86 = cute.get_leaves(%56) : !cute.shape<"2">
      %int_tuple_87 = cute.make_int_tuple() : () -> !cute.int_tuple<"2">
      %sz_88 = cute.size(%int_tuple_87) : (!cute.int_tuple<"2">) -> !cute.int_tuple<"2">
      %e0_89 = cute.get_leaves(%sz_88) : !cute.int_tuple<"2">
      %57 = cute.static : !cute.layout<"((((32,4),4),(16,4)),1,4):((((262144,4),8388608),(0,1)),0,16)">
      %view_90 = cute.make_view(%iter_83, %57) : !memref_tmem_f8E4M3FN
      %iter_91 = cute.get_iter(%view_90) : !memref_tmem_f8E4M3FN
      %c2_i32 = arith.constant 2 : i32
      %58 = arith.remsi %3, %c2_i32 : i32
      %59 = arith.cmpi eq, %58, %c0_i32 : i32
      %60 = arith.remsi %3, %c2_i32 : i32
      %61 = arith.cmpi eq, %60, %c0_i32 : i32
      %62 = arith.cmpi eq, %18, %c0_i32 : i32
      %63 = arith.andi %61, %62 : i1
      %64 = scf.if %63 -> (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64) {
        %filtered = cute.filter_zeros(%view_42) : !memref_smem_f8E4M3FN
        %iter_93 = cute.get_iter(%filtered) : !memref_smem_f8E4M3FN1
        %iter_94 = cute.get_iter(%filtered) : !memref_smem_f8E4M3FN1
        %filtered_95 = cute.filter_zeros(%view_77) : !memref_tmem_f8E4M3FN
        %iter_96 = cute.get_iter(%filtered_95) : !memref_tmem_f8E4M3FN1
        %iter_97 = cute.get_iter(%filtered_95) : !memref_tmem_f8E4M3FN1
        %atom = cute.make_atom() : () -> !cute_nvgpu.atom.s2t_copy<f8E4M3FN, 32 DP, 128 bit, 2 cta, x4>
        %filtered_98 = cute.filter_zeros(%filtered_95) : !memref_tmem_f8E4M3FN1
        %iter_99 = cute.get_iter(%filtered_98) : !memref_tmem_f8E4M3FN1
        %iter_100 = cute.get_iter(%filtered_98) : !memref_tmem_f8E4M3FN1
        %94 = cute_nvgpu.atom.make_s2t_copy(%atom, %filtered_98) : (!cute_nvgpu.atom.s2t_copy<f8E4M3FN, 32 DP, 128 bit, 2 cta, x4>, !memref_tmem_f8E4M3FN1) -> !copy_utccp
        %coord_101 = cute.make_coord() : () -> !cute.coord<"0">
        %src_partitioned = cute.tiled.copy.partition_S(%94, %filtered, %coord_101) : (!copy_utccp, !memref_smem_f8E4M3FN1, !cute.coord<"0">) -> !memref_smem_f8E4M3FN2
        %iter_102 = cute.get_iter(%src_partitioned) : !memref_smem_f8E4M3FN2
        %95 = cute_nvgpu.atom.get_copy_s2t_smem_desc_view(%94, %src_partitioned) : (!copy_utccp, !memref_smem_f8E4M3FN2) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4,1):((((1,1,1),0),0),0,0,32,128)">
        %iter_103 = cute.get_iter(%95) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4,1):((((1,1,1),0),0),0,0,32,128)">
        %coord_104 = cute.make_coord() : () -> !cute.coord<"0">
        %dst_partitioned = cute.tiled.copy.partition_D(%94, %filtered_95, %coord_104) : (!copy_utccp, !memref_tmem_f8E4M3FN1, !cute.coord<"0">) -> !memref_tmem_f8E4M3FN2
        %iter_105 = cute.get_iter(%dst_partitioned) : !memref_tmem_f8E4M3FN2
        %filtered_106 = cute.filter_zeros(%view_56) : !memref_smem_f8E4M3FN
        %iter_107 = cute.get_iter(%filtered_106) : !memref_smem_f8E4M3FN1
        %iter_108 = cute.get_iter(%filtered_106) : !memref_smem_f8E4M3FN1
        %filtered_109 = cute.filter_zeros(%view_90) : !memref_tmem_f8E4M3FN
        %iter_110 = cute.get_iter(%filtered_109) : !memref_tmem_f8E4M3FN1
        %iter_111 = cute.get_iter(%filtered_109) : !memref_tmem_f8E4M3FN1
        %atom_112 = cute.make_atom() : () -> !cute_nvgpu.atom.s2t_copy<f8E4M3FN, 32 DP, 128 bit, 2 cta, x4>
        %filtered_113 = cute.filter_zeros(%filtered_109) : !memref_tmem_f8E4M3FN1
        %iter_114 = cute.get_iter(%filtered_113) : !memref_tmem_f8E4M3FN1
        %iter_115 = cute.get_iter(%filtered_113) : !memref_tmem_f8E4M3FN1
        %96 = cute_nvgpu.atom.make_s2t_copy(%atom_112, %filtered_113) : (!cute_nvgpu.atom.s2t_copy<f8E4M3FN, 32 DP, 128 bit, 2 cta, x4>, !memref_tmem_f8E4M3FN1) -> !copy_utccp
        %coord_116 = cute.make_coord() : () -> !cute.coord<"0">
        %src_partitioned_117 = cute.tiled.copy.partition_S(%96, %filtered_106, %coord_116) : (!copy_utccp, !memref_smem_f8E4M3FN1, !cute.coord<"0">) -> !memref_smem_f8E4M3FN2
        %iter_118 = cute.get_iter(%src_partitioned_117) : !memref_smem_f8E4M3FN2
        %97 = cute_nvgpu.atom.get_copy_s2t_smem_desc_view(%96, %src_partitioned_117) : (!copy_utccp, !memref_smem_f8E4M3FN2) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4,1):((((1,1,1),0),0),0,0,32,128)">
        %iter_119 = cute.get_iter(%97) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4,1):((((1,1,1),0),0),0,0,32,128)">
        %coord_120 = cute.make_coord() : () -> !cute.coord<"0">
        %dst_partitioned_121 = cute.tiled.copy.partition_D(%96, %filtered_109, %coord_120) : (!copy_utccp, !memref_tmem_f8E4M3FN1, !cute.coord<"0">) -> !memref_tmem_f8E4M3FN2
        %iter_122 = cute.get_iter(%dst_partitioned_121) : !memref_tmem_f8E4M3FN2
        %coord_123 = cute.make_coord() : () -> !cute.coord<"(_,_,_,_,0)">
        %slice_124 = cute.slice(%95, %coord_123) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4,1):((((1,1,1),0),0),0,0,32,128)">, !cute.coord<"(_,_,_,_,0)">
        %iter_125 = cute.get_iter(%slice_124) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %iter_126 = cute.get_iter(%slice_124) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %lay_127 = cute.get_layout(%slice_124) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %98 = cute.get_shape(%lay_127) : (!cute.layout<"((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">) -> !cute.shape<"((((32,1,1),4),1),1,1,4)">
        %e0_128, %e1_129, %e2_130, %e3_131, %e4, %e5, %e6, %e7 = cute.get_leaves(%98) : !cute.shape<"((((32,1,1),4),1),1,1,4)">
        %lay_132 = cute.get_layout(%dst_partitioned) : !memref_tmem_f8E4M3FN2
        %99 = cute.get_shape(%lay_132) : (!cute.layout<"(((32,16,4),1),1,1,4):(((262144,1,8388608),0),0,0,16)">) -> !cute.shape<"(((32,16,4),1),1,1,4)">
        %e0_133, %e1_134, %e2_135, %e3_136, %e4_137, %e5_138, %e6_139 = cute.get_leaves(%99) : !cute.shape<"(((32,16,4),1),1,1,4)">
        %shape_140 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_141 = cute.make_layout(%shape_140) : !cute.layout<"1:0">
        %append = cute.append_to_rank<2> (%lay_127, %lay_141) : !cute.layout<"((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">, !cute.layout<"1:0">
        %view_142 = cute.make_view(%iter_126, %append) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %iter_143 = cute.get_iter(%view_142) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %lay_144 = cute.get_layout(%view_142) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %100 = cute.get_shape(%lay_144) : (!cute.layout<"((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">) -> !cute.shape<"((((32,1,1),4),1),1,1,4)">
        %e0_145, %e1_146, %e2_147, %e3_148, %e4_149, %e5_150, %e6_151, %e7_152 = cute.get_leaves(%100) : !cute.shape<"((((32,1,1),4),1),1,1,4)">
        %grouped = cute.group_modes(%view_142) <1, 4> : (!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">
        %iter_153 = cute.get_iter(%grouped) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">
        %iter_154 = cute.get_iter(%grouped) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">
        %shape_155 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_156 = cute.make_layout(%shape_155) : !cute.layout<"1:0">
        %append_157 = cute.append_to_rank<2> (%lay_132, %lay_156) : !cute.layout<"(((32,16,4),1),1,1,4):(((262144,1,8388608),0),0,0,16)">, !cute.layout<"1:0">
        %view_158 = cute.make_view(%iter_105, %append_157) : !memref_tmem_f8E4M3FN2
        %iter_159 = cute.get_iter(%view_158) : !memref_tmem_f8E4M3FN2
        %lay_160 = cute.get_layout(%view_158) : !memref_tmem_f8E4M3FN2
        %101 = cute.get_shape(%lay_160) : (!cute.layout<"(((32,16,4),1),1,1,4):(((262144,1,8388608),0),0,0,16)">) -> !cute.shape<"(((32,16,4),1),1,1,4)">
        %e0_161, %e1_162, %e2_163, %e3_164, %e4_165, %e5_166, %e6_167 = cute.get_leaves(%101) : !cute.shape<"(((32,16,4),1),1,1,4)">
        %grouped_168 = cute.group_modes(%view_158) <1, 4> : (!memref_tmem_f8E4M3FN2) -> !memref_tmem_f8E4M3FN3
        %iter_169 = cute.get_iter(%grouped_168) : !memref_tmem_f8E4M3FN3
        %iter_170 = cute.get_iter(%grouped_168) : !memref_tmem_f8E4M3FN3
        %lay_171 = cute.get_layout(%grouped) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">
        %102 = cute.get_shape(%lay_171) : (!cute.layout<"((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">) -> !cute.shape<"((((32,1,1),4),1),(1,1,4))">
        %e0_172, %e1_173, %e2_174, %e3_175, %e4_176, %e5_177, %e6_178, %e7_179 = cute.get_leaves(%102) : !cute.shape<"((((32,1,1),4),1),(1,1,4))">
        %lay_180 = cute.get_layout(%grouped_168) : !memref_tmem_f8E4M3FN3
        %103 = cute.get_shape(%lay_180) : (!cute.layout<"(((32,16,4),1),(1,1,4)):(((262144,1,8388608),0),(0,0,16))">) -> !cute.shape<"(((32,16,4),1),(1,1,4))">
        %e0_181, %e1_182, %e2_183, %e3_184, %e4_185, %e5_186, %e6_187 = cute.get_leaves(%103) : !cute.shape<"(((32,16,4),1),(1,1,4))">
        %sz_188 = cute.size(%grouped) <{mode = [1]}> : (!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">) -> !cute.int_tuple<"4">
        %e0_189 = cute.get_leaves(%sz_188) : !cute.int_tuple<"4">
        %sz_190 = cute.size(%grouped_168) <{mode = [1]}> : (!memref_tmem_f8E4M3FN3) -> !cute.int_tuple<"4">
        %e0_191 = cute.get_leaves(%sz_190) : !cute.int_tuple<"4">
        cute.copy(%94, %grouped, %grouped_168) : (!copy_utccp, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">, !memref_tmem_f8E4M3FN3)
        %coord_192 = cute.make_coord() : () -> !cute.coord<"(_,_,_,_,0)">
        %slice_193 = cute.slice(%97, %coord_192) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4,1):((((1,1,1),0),0),0,0,32,128)">, !cute.coord<"(_,_,_,_,0)">
        %iter_194 = cute.get_iter(%slice_193) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %iter_195 = cute.get_iter(%slice_193) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %lay_196 = cute.get_layout(%slice_193) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %104 = cute.get_shape(%lay_196) : (!cute.layout<"((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">) -> !cute.shape<"((((32,1,1),4),1),1,1,4)">
        %e0_197, %e1_198, %e2_199, %e3_200, %e4_201, %e5_202, %e6_203, %e7_204 = cute.get_leaves(%104) : !cute.shape<"((((32,1,1),4),1),1,1,4)">
        %lay_205 = cute.get_layout(%dst_partitioned_121) : !memref_tmem_f8E4M3FN2
        %105 = cute.get_shape(%lay_205) : (!cute.layout<"(((32,16,4),1),1,1,4):(((262144,1,8388608),0),0,0,16)">) -> !cute.shape<"(((32,16,4),1),1,1,4)">
        %e0_206, %e1_207, %e2_208, %e3_209, %e4_210, %e5_211, %e6_212 = cute.get_leaves(%105) : !cute.shape<"(((32,16,4),1),1,1,4)">
        %shape_213 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_214 = cute.make_layout(%shape_213) : !cute.layout<"1:0">
        %append_215 = cute.append_to_rank<2> (%lay_196, %lay_214) : !cute.layout<"((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">, !cute.layout<"1:0">
        %view_216 = cute.make_view(%iter_195, %append_215) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %iter_217 = cute.get_iter(%view_216) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %lay_218 = cute.get_layout(%view_216) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %106 = cute.get_shape(%lay_218) : (!cute.layout<"((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">) -> !cute.shape<"((((32,1,1),4),1),1,1,4)">
        %e0_219, %e1_220, %e2_221, %e3_222, %e4_223, %e5_224, %e6_225, %e7_226 = cute.get_leaves(%106) : !cute.shape<"((((32,1,1),4),1),1,1,4)">
        %grouped_227 = cute.group_modes(%view_216) <1, 4> : (!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">
        %iter_228 = cute.get_iter(%grouped_227) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">
        %iter_229 = cute.get_iter(%grouped_227) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">
        %shape_230 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_231 = cute.make_layout(%shape_230) : !cute.layout<"1:0">
        %append_232 = cute.append_to_rank<2> (%lay_205, %lay_231) : !cute.layout<"(((32,16,4),1),1,1,4):(((262144,1,8388608),0),0,0,16)">, !cute.layout<"1:0">
        %view_233 = cute.make_view(%iter_122, %append_232) : !memref_tmem_f8E4M3FN2
        %iter_234 = cute.get_iter(%view_233) : !memref_tmem_f8E4M3FN2
        %lay_235 = cute.get_layout(%view_233) : !memref_tmem_f8E4M3FN2
        %107 = cute.get_shape(%lay_235) : (!cute.layout<"(((32,16,4),1),1,1,4):(((262144,1,8388608),0),0,0,16)">) -> !cute.shape<"(((32,16,4),1),1,1,4)">
        %e0_236, %e1_237, %e2_238, %e3_239, %e4_240, %e5_241, %e6_242 = cute.get_leaves(%107) : !cute.shape<"(((32,16,4),1),1,1,4)">
        %grouped_243 = cute.group_modes(%view_233) <1, 4> : (!memref_tmem_f8E4M3FN2) -> !memref_tmem_f8E4M3FN3
        %iter_244 = cute.get_iter(%grouped_243) : !memref_tmem_f8E4M3FN3
        %iter_245 = cute.get_iter(%grouped_243) : !memref_tmem_f8E4M3FN3
        %lay_246 = cute.get_layout(%grouped_227) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">
        %108 = cute.get_shape(%lay_246) : (!cute.layout<"((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">) -> !cute.shape<"((((32,1,1),4),1),(1,1,4))">
        %e0_247, %e1_248, %e2_249, %e3_250, %e4_251, %e5_252, %e6_253, %e7_254 = cute.get_leaves(%108) : !cute.shape<"((((32,1,1),4),1),(1,1,4))">
        %lay_255 = cute.get_layout(%grouped_243) : !memref_tmem_f8E4M3FN3
        %109 = cute.get_shape(%lay_255) : (!cute.layout<"(((32,16,4),1),(1,1,4)):(((262144,1,8388608),0),(0,0,16))">) -> !cute.shape<"(((32,16,4),1),(1,1,4))">
        %e0_256, %e1_257, %e2_258, %e3_259, %e4_260, %e5_261, %e6_262 = cute.get_leaves(%109) : !cute.shape<"(((32,16,4),1),(1,1,4))">
        %sz_263 = cute.size(%grouped_227) <{mode = [1]}> : (!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">) -> !cute.int_tuple<"4">
        %e0_264 = cute.get_leaves(%sz_263) : !cute.int_tuple<"4">
        %sz_265 = cute.size(%grouped_243) <{mode = [1]}> : (!memref_tmem_f8E4M3FN3) -> !cute.int_tuple<"4">
        %e0_266 = cute.get_leaves(%sz_265) : !cute.int_tuple<"4">
        cute.copy(%96, %grouped_227, %grouped_243) : (!copy_utccp, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">, !memref_tmem_f8E4M3FN3)
        %sz_267 = cute.size(%frg_A) <{mode = [2]}> : (!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">) -> !cute.int_tuple<"4">
        %e0_268 = cute.get_leaves(%sz_267) : !cute.int_tuple<"4">
        %coord_269 = cute.make_coord() : () -> !cute.coord<"(_,_,0)">
        %slice_270 = cute.slice(%view_77, %coord_269) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,0)">
        %iter_271 = cute.get_iter(%slice_270) : !memref_tmem_f8E4M3FN4
        %iter_272 = cute.get_iter(%slice_270) : !memref_tmem_f8E4M3FN4
        %110 = cute_nvgpu.atom.set_value<sf_a>(%arg0, %iter_272) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %coord_273 = cute.make_coord() : () -> !cute.coord<"(_,_,0)">
        %slice_274 = cute.slice(%view_90, %coord_273) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,0)">
        %iter_275 = cute.get_iter(%slice_274) : !memref_tmem_f8E4M3FN4
        %iter_276 = cute.get_iter(%slice_274) : !memref_tmem_f8E4M3FN4
        %111 = cute_nvgpu.atom.set_value<sf_b>(%110, %iter_276) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %coord_277 = cute.make_coord() : () -> !cute.coord<"(_,_,0,0)">
        %slice_278 = cute.slice(%frg_A, %coord_277) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,0,0)">
        %iter_279 = cute.get_iter(%slice_278) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_280 = cute.get_iter(%slice_278) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %coord_281 = cute.make_coord() : () -> !cute.coord<"(_,_,0,0)">
        %slice_282 = cute.slice(%frg_B, %coord_281) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,0,0)">
        %iter_283 = cute.get_iter(%slice_282) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_284 = cute.get_iter(%slice_282) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %lay_285 = cute.get_layout(%slice_278) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %112 = cute.get_shape(%lay_285) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_286, %e1_287 = cute.get_leaves(%112) : !cute.shape<"(1,1)">
        %lay_288 = cute.get_layout(%slice_282) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %113 = cute.get_shape(%lay_288) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_289, %e1_290 = cute.get_leaves(%113) : !cute.shape<"(1,1)">
        %lay_291 = cute.get_layout(%view_68) : !memref_tmem_f32_1
        %114 = cute.get_shape(%lay_291) : (!cute.layout<"((128,128),1,1):((65536,1),0,0)">) -> !cute.shape<"((128,128),1,1)">
        %e0_292, %e1_293, %e2_294, %e3_295 = cute.get_leaves(%114) : !cute.shape<"((128,128),1,1)">
        cute.gemm(%111, %view_68, %slice_278, %slice_282, %view_68) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %true_296 = arith.constant true
        %115 = cute_nvgpu.atom.set_value<accum_c>(%111, %true_296) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, i1)
        %coord_297 = cute.make_coord() : () -> !cute.coord<"(_,_,1)">
        %slice_298 = cute.slice(%view_77, %coord_297) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,1)">
        %iter_299 = cute.get_iter(%slice_298) : !memref_tmem_f8E4M3FN4
        %iter_300 = cute.get_iter(%slice_298) : !memref_tmem_f8E4M3FN4
        %116 = cute_nvgpu.atom.set_value<sf_a>(%115, %iter_300) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %coord_301 = cute.make_coord() : () -> !cute.coord<"(_,_,1)">
        %slice_302 = cute.slice(%view_90, %coord_301) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,1)">
        %iter_303 = cute.get_iter(%slice_302) : !memref_tmem_f8E4M3FN4
        %iter_304 = cute.get_iter(%slice_302) : !memref_tmem_f8E4M3FN4
        %117 = cute_nvgpu.atom.set_value<sf_b>(%116, %iter_304) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %coord_305 = cute.make_coord() : () -> !cute.coord<"(_,_,1,0)">
        %slice_306 = cute.slice(%frg_A, %coord_305) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,1,0)">
        %iter_307 = cute.get_iter(%slice_306) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_308 = cute.get_iter(%slice_306) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %coord_309 = cute.make_coord() : () -> !cute.coord<"(_,_,1,0)">
        %slice_310 = cute.slice(%frg_B, %coord_309) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,1,0)">
        %iter_311 = cute.get_iter(%slice_310) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_312 = cute.get_iter(%slice_310) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %lay_313 = cute.get_layout(%slice_306) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %118 = cute.get_shape(%lay_313) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_314, %e1_315 = cute.get_leaves(%118) : !cute.shape<"(1,1)">
        %lay_316 = cute.get_layout(%slice_310) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %119 = cute.get_shape(%lay_316) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_317, %e1_318 = cute.get_leaves(%119) : !cute.shape<"(1,1)">
        cute.gemm(%117, %view_68, %slice_306, %slice_310, %view_68) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %120 = cute_nvgpu.atom.set_value<accum_c>(%117, %true_296) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, i1)
        %coord_319 = cute.make_coord() : () -> !cute.coord<"(_,_,2)">
        %slice_320 = cute.slice(%view_77, %coord_319) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,2)">
        %iter_321 = cute.get_iter(%slice_320) : !memref_tmem_f8E4M3FN4
        %iter_322 = cute.get_iter(%slice_320) : !memref_tmem_f8E4M3FN4
        %121 = cute_nvgpu.atom.set_value<sf_a>(%120, %iter_322) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %coord_323 = cute.make_coord() : () -> !cute.coord<"(_,_,2)">
        %slice_324 = cute.slice(%view_90, %coord_323) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,2)">
        %iter_325 = cute.get_iter(%slice_324) : !memref_tmem_f8E4M3FN4
        %iter_326 = cute.get_iter(%slice_324) : !memref_tmem_f8E4M3FN4
        %122 = cute_nvgpu.atom.set_value<sf_b>(%121, %iter_326) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %coord_327 = cute.make_coord() : () -> !cute.coord<"(_,_,2,0)">
        %slice_328 = cute.slice(%frg_A, %coord_327) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,2,0)">
        %iter_329 = cute.get_iter(%slice_328) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_330 = cute.get_iter(%slice_328) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %coord_331 = cute.make_coord() : () -> !cute.coord<"(_,_,2,0)">
        %slice_332 = cute.slice(%frg_B, %coord_331) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,2,0)">
        %iter_333 = cute.get_iter(%slice_332) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_334 = cute.get_iter(%slice_332) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %lay_335 = cute.get_layout(%slice_328) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %123 = cute.get_shape(%lay_335) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_336, %e1_337 = cute.get_leaves(%123) : !cute.shape<"(1,1)">
        %lay_338 = cute.get_layout(%slice_332) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %124 = cute.get_shape(%lay_338) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_339, %e1_340 = cute.get_leaves(%124) : !cute.shape<"(1,1)">
        cute.gemm(%122, %view_68, %slice_328, %slice_332, %view_68) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %125 = cute_nvgpu.atom.set_value<accum_c>(%122, %true_296) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, i1)
        %coord_341 = cute.make_coord() : () -> !cute.coord<"(_,_,3)">
        %slice_342 = cute.slice(%view_77, %coord_341) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,3)">
        %iter_343 = cute.get_iter(%slice_342) : !memref_tmem_f8E4M3FN4
        %iter_344 = cute.get_iter(%slice_342) : !memref_tmem_f8E4M3FN4
        %126 = cute_nvgpu.atom.set_value<sf_a>(%125, %iter_344) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %coord_345 = cute.make_coord() : () -> !cute.coord<"(_,_,3)">
        %slice_346 = cute.slice(%view_90, %coord_345) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,3)">
        %iter_347 = cute.get_iter(%slice_346) : !memref_tmem_f8E4M3FN4
        %iter_348 = cute.get_iter(%slice_346) : !memref_tmem_f8E4M3FN4
        %127 = cute_nvgpu.atom.set_value<sf_b>(%126, %iter_348) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %coord_349 = cute.make_coord() : () -> !cute.coord<"(_,_,3,0)">
        %slice_350 = cute.slice(%frg_A, %coord_349) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,3,0)">
        %iter_351 = cute.get_iter(%slice_350) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_352 = cute.get_iter(%slice_350) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %coord_353 = cute.make_coord() : () -> !cute.coord<"(_,_,3,0)">
        %slice_354 = cute.slice(%frg_B, %coord_353) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,3,0)">
        %iter_355 = cute.get_iter(%slice_354) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %iter_356 = cute.get_iter(%slice_354) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %lay_357 = cute.get_layout(%slice_350) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %128 = cute.get_shape(%lay_357) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_358, %e1_359 = cute.get_leaves(%128) : !cute.shape<"(1,1)">
        %lay_360 = cute.get_layout(%slice_354) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">
        %129 = cute.get_shape(%lay_360) : (!cute.layout<"(1,1):(0,0)">) -> !cute.shape<"(1,1)">
        %e0_361, %e1_362 = cute.get_leaves(%129) : !cute.shape<"(1,1)">
        cute.gemm(%127, %view_68, %slice_350, %slice_354, %view_68) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %130 = cute_nvgpu.atom.set_value<accum_c>(%127, %true_296) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, i1)
        %131 = nvvm.elect.sync -> i1
        scf.if %131 {
          %132 = builtin.unrealized_conversion_cast %iter_1 : !cute.ptr<i64, smem> to !llvm.ptr<3>
          nvvm.tcgen05.commit %132 {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>
        }
        scf.yield %130 : !mma_f4E2M1FN_f4E2M1FN_f32_256x128x64
      } else {
        scf.yield %arg0 : !mma_f4E2M1FN_f4E2M1FN_f32_256x128x64
      }
      %65 = builtin.unrealized_conversion_cast %iter_1 : !cute.ptr<i64, smem> to !llvm.ptr<3>
      %c0_i32_92 = arith.constant 0 : i32
      %c10000000_i32 = arith.constant 10000000 : i32
      nvvm.mbarrier.try_wait.parity %65, %c0_i32_92, %c10000000_i32 : !llvm.ptr<3>, i32, i32
      %66 = nvvm.read.ptx.sreg.tid.x : i32
      %67 = nvvm.read.ptx.sreg.tid.y : i32
      %68 = nvvm.read.ptx.sreg.tid.z : i32
      %69 = nvvm.read.ptx.sreg.ntid.x : i32
      %70 = nvvm.read.ptx.sreg.ntid.y : i32
      %71 = arith.muli %67, %69 : i32
      %72 = arith.addi %66, %71 : i32
      %73 = arith.muli %68, %69 : i32
      %74 = arith.muli %73, %70 : i32
      %75 = arith.addi %72, %74 : i32
      %76 = arith.floordivsi %75, %c32_i32 : i32
      %77 = cute_nvgpu.arch.make_warp_uniform(%76) : i32
      %78 = cute_nvgpu.arch.make_warp_uniform(%77) : i32
      %79 = arith.cmpi eq, %78, %c0_i32 : i32
      scf.if %79 {
        cute_nvgpu.arch.sm100.relinquish_tmem_alloc_permit [cta_2]
      }
      %80 = nvvm.read.ptx.sreg.tid.x : i32
      %81 = nvvm.read.ptx.sreg.tid.y : i32
      %82 = nvvm.read.ptx.sreg.tid.z : i32
      %83 = nvvm.read.ptx.sreg.ntid.x : i32
      %84 = nvvm.read.ptx.sreg.ntid.y : i32
      %85 = arith.muli %81, %83 : i32
      %86 = arith.addi %80, %85 : i32
      %87 = arith.muli %82, %83 : i32
      %88 = arith.muli %87, %84 : i32
      %89 = arith.addi %86, %88 : i32
      %90 = arith.floordivsi %89, %c32_i32 : i32
      %91 = cute_nvgpu.arch.make_warp_uniform(%90) : i32
      %92 = cute_nvgpu.arch.make_warp_uniform(%91) : i32
      %93 = arith.cmpi eq, %92, %c0_i32 : i32
      cf.assert %true, "num_columns must be less than or equal to num_allocated_columns"
      scf.if %93 {
        %94 = nvvm.read.ptx.sreg.cluster.ctarank : i32
        %95 = cute_nvgpu.arch.make_warp_uniform(%94) : i32
        %c1_i32_93 = arith.constant 1 : i32
        %96 = arith.xori %95, %c1_i32_93 : i32
        %97 = builtin.unrealized_conversion_cast %ptr : !cute.ptr<i64, smem> to !llvm.ptr<3>
        %98 = nvvm.mapa %97, %96 : !llvm.ptr<3> -> !llvm.ptr<7>
        %c1_i32_94 = arith.constant 1 : i32
        nvvm.mbarrier.arrive %98, %c1_i32_94 : !llvm.ptr<7>
        %c0_i32_95 = arith.constant 0 : i32
        %c10000000_i32_96 = arith.constant 10000000 : i32
        nvvm.mbarrier.try_wait.parity %97, %c0_i32_95, %c10000000_i32_96 : !llvm.ptr<3>, i32, i32
        %c512_i32 = arith.constant 512 : i32
        cute_nvgpu.arch.sm100.dealloc_tmem(%tmem_ptr, %c512_i32) [cta_2] : !cute.ptr<f32, tmem, align<16>>, i32
      }
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat32161(%arg0: !memref_gmem_f32) -> i32 attributes {llvm.emit_c_interface} {
    %iter = cute.get_iter(%arg0) : !memref_gmem_f32
    %iter_0 = cute.get_iter(%arg0) : !memref_gmem_f32
    %shape = cute.make_shape() : () -> !cute.shape<"(256,128,64)">
    %false = arith.constant false
    %c0_i32 = arith.constant 0 : i32
    %iv = cute.assume(%c0_i32) : (i32) -> !cute.i32
    %0 = cute.inttoptr(%iv) : !cute.i32 to !cute.ptr<f8E4M3FN, tmem>
    %iv_1 = cute.assume(%c0_i32) : (i32) -> !cute.i32
    %1 = cute.inttoptr(%iv_1) : !cute.i32 to !cute.ptr<f8E4M3FN, tmem>
    %atom = cute.make_atom(%false, %false, %false, %0, %1) : (i1, i1, i1, !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) -> !cute_nvgpu.sm100.mma_bs<256x128x64, num_cta = 2, ab_major = (k, k), elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, frag_kind = ss, vec_size = 16>
    %shape_2 = cute.make_shape() : () -> !cute.shape<"(1,1,1)">
    %lay = cute.make_layout(%shape_2) : !cute.layout<"(1,1,1):(0,0,0)">
    %2 = cute.get_shape(%lay) : (!cute.layout<"(1,1,1):(0,0,0)">) -> !cute.shape<"(1,1,1)">
    %e0, %e1, %e2 = cute.get_leaves(%2) : !cute.shape<"(1,1,1)">
    %3 = cute.make_tiled_mma(%atom) : !mma_f4E2M1FN_f4E2M1FN_f32_256x128x64
    %shape_3 = cute.make_shape() : () -> !cute.shape<"(256,256)">
    %4 = cute.tiled.mma.partition_shape A (%3, %shape_3) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.shape<"(256,256)">) -> !cute.shape<"((128,64),1,4)">
    %e0_4, %e1_5, %e2_6, %e3 = cute.get_leaves(%4) : !cute.shape<"((128,64),1,4)">
    %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"128">
    %sz = cute.size(%int_tuple) : (!cute.int_tuple<"128">) -> !cute.int_tuple<"128">
    %e0_7 = cute.get_leaves(%sz) : !cute.int_tuple<"128">
    %int_tuple_8 = cute.make_int_tuple() : () -> !cute.int_tuple<"64">
    %sz_9 = cute.size(%int_tuple_8) : (!cute.int_tuple<"64">) -> !cute.int_tuple<"64">
    %e0_10 = cute.get_leaves(%sz_9) : !cute.int_tuple<"64">
    %int_tuple_11 = cute.make_int_tuple() : () -> !cute.int_tuple<"(128,256)">
    %sz_12 = cute.size(%int_tuple_11) <{mode = [1]}> : (!cute.int_tuple<"(128,256)">) -> !cute.int_tuple<"256">
    %e0_13 = cute.get_leaves(%sz_12) : !cute.int_tuple<"256">
    %5 = cute.static : !cute.swizzle<"S<3,4,3>">
    %shape_14 = cute.make_shape() : () -> !cute.shape<"(8,256)">
    %stride = cute.make_stride() : () -> !cute.stride<"(256,1)">
    %lay_15 = cute.make_layout(%shape_14, %stride) : !cute.layout<"(8,256):(256,1)">
    %6 = cute.get_stride(%lay_15) : (!cute.layout<"(8,256):(256,1)">) -> !cute.stride<"(256,1)">
    %e0_16, %e1_17 = cute.get_leaves(%6) : !cute.stride<"(256,1)">
    %int_tuple_18 = cute.make_int_tuple() : () -> !cute.int_tuple<"0">
    %lay_19 = cute.make_composed_layout(%5, %int_tuple_18, %lay_15) : !cute.composed_layout<"S<3,4,3> o 0 o (8,256):(256,1)">
    %int_tuple_20 = cute.make_int_tuple() : () -> !cute.int_tuple<"(1,2,3)">
    %shape_21 = cute.make_shape() : () -> !cute.shape<"((128,64),1,4,1)">
    %7 = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,(1,1)):((256,1),0,64,(0,0))">
    %coord = cute.make_coord() : () -> !cute.coord<"((128,64),1,4,1)">
    %coalesce = cute.coalesce(%7, %coord) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,(1,1)):((256,1),0,64,(0,0))">, !cute.coord<"((128,64),1,4,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,1):((256,1),0,64,0)">
    %shape_22 = cute.make_shape() : () -> !cute.shape<"(128,256)">
    %8 = cute.tiled.mma.partition_shape B (%3, %shape_22) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.shape<"(128,256)">) -> !cute.shape<"((64,64),1,4)">
    %e0_23, %e1_24, %e2_25, %e3_26 = cute.get_leaves(%8) : !cute.shape<"((64,64),1,4)">
    %int_tuple_27 = cute.make_int_tuple() : () -> !cute.int_tuple<"64">
    %sz_28 = cute.size(%int_tuple_27) : (!cute.int_tuple<"64">) -> !cute.int_tuple<"64">
    %e0_29 = cute.get_leaves(%sz_28) : !cute.int_tuple<"64">
    %int_tuple_30 = cute.make_int_tuple() : () -> !cute.int_tuple<"64">
    %sz_31 = cute.size(%int_tuple_30) : (!cute.int_tuple<"64">) -> !cute.int_tuple<"64">
    %e0_32 = cute.get_leaves(%sz_31) : !cute.int_tuple<"64">
    %int_tuple_33 = cute.make_int_tuple() : () -> !cute.int_tuple<"(64,256)">
    %sz_34 = cute.size(%int_tuple_33) <{mode = [1]}> : (!cute.int_tuple<"(64,256)">) -> !cute.int_tuple<"256">
    %e0_35 = cute.get_leaves(%sz_34) : !cute.int_tuple<"256">
    %9 = cute.static : !cute.swizzle<"S<3,4,3>">
    %shape_36 = cute.make_shape() : () -> !cute.shape<"(8,256)">
    %stride_37 = cute.make_stride() : () -> !cute.stride<"(256,1)">
    %lay_38 = cute.make_layout(%shape_36, %stride_37) : !cute.layout<"(8,256):(256,1)">
    %10 = cute.get_stride(%lay_38) : (!cute.layout<"(8,256):(256,1)">) -> !cute.stride<"(256,1)">
    %e0_39, %e1_40 = cute.get_leaves(%10) : !cute.stride<"(256,1)">
    %int_tuple_41 = cute.make_int_tuple() : () -> !cute.int_tuple<"0">
    %lay_42 = cute.make_composed_layout(%9, %int_tuple_41, %lay_38) : !cute.composed_layout<"S<3,4,3> o 0 o (8,256):(256,1)">
    %int_tuple_43 = cute.make_int_tuple() : () -> !cute.int_tuple<"(1,2,3)">
    %shape_44 = cute.make_shape() : () -> !cute.shape<"((64,64),1,4,1)">
    %11 = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,(1,1)):((256,1),0,64,(0,0))">
    %coord_45 = cute.make_coord() : () -> !cute.coord<"((64,64),1,4,1)">
    %coalesce_46 = cute.coalesce(%11, %coord_45) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,(1,1)):((256,1),0,64,(0,0))">, !cute.coord<"((64,64),1,4,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,1):((256,1),0,64,0)">
    %12 = cute.static : !cute.layout<"2:1">
    %13 = cute.get_shape(%12) : (!cute.layout<"2:1">) -> !cute.shape<"2">
    %e0_47 = cute.get_leaves(%13) : !cute.shape<"2">
    %int_tuple_48 = cute.make_int_tuple() : () -> !cute.int_tuple<"2">
    %sz_49 = cute.size(%int_tuple_48) : (!cute.int_tuple<"2">) -> !cute.int_tuple<"2">
    %e0_50 = cute.get_leaves(%sz_49) : !cute.int_tuple<"2">
    %shape_51 = cute.make_shape() : () -> !cute.shape<"((32,4),(16,4))">
    %stride_52 = cute.make_stride() : () -> !cute.stride<"((16,4),(0,1))">
    %lay_53 = cute.make_layout(%shape_51, %stride_52) : !cute.layout<"((32,4),(16,4)):((16,4),(0,1))">
    %shape_54 = cute.make_shape() : () -> !cute.shape<"(128,256)">
    %int_tuple_55 = cute.make_int_tuple() : () -> !cute.int_tuple<"(2,1)">
    %tile_to_shape = cute.tile_to_shape(%lay_53, %shape_54, %int_tuple_55) : (!cute.layout<"((32,4),(16,4)):((16,4),(0,1))">, !cute.shape<"(128,256)">, !cute.int_tuple<"(2,1)">) -> !cute.layout<"(((32,4),1),((16,4),4)):(((16,4),0),((0,1),512))">
    %14 = cute.static : !cute.shape<"(256,128,64)">
    %e0_56, %e1_57, %e2_58 = cute.get_leaves(%14) : !cute.shape<"(256,128,64)">
    %int_tuple_59 = cute.make_int_tuple() : () -> !cute.int_tuple<"(256,128,64)">
    %sz_60 = cute.size(%int_tuple_59) <{mode = [0]}> : (!cute.int_tuple<"(256,128,64)">) -> !cute.int_tuple<"256">
    %e0_61 = cute.get_leaves(%sz_60) : !cute.int_tuple<"256">
    %15 = cute.static : !cute.shape<"(256,128,64)">
    %e0_62, %e1_63, %e2_64 = cute.get_leaves(%15) : !cute.shape<"(256,128,64)">
    %int_tuple_65 = cute.make_int_tuple() : () -> !cute.int_tuple<"(256,128,64)">
    %sz_66 = cute.size(%int_tuple_65) <{mode = [2]}> : (!cute.int_tuple<"(256,128,64)">) -> !cute.int_tuple<"64">
    %e0_67 = cute.get_leaves(%sz_66) : !cute.int_tuple<"64">
    %shape_68 = cute.make_shape() : () -> !cute.shape<"(128,256)">
    %shape_69 = cute.make_shape() : () -> !cute.shape<"(1,4)">
    %16 = cute.shape_div(%shape_68, %shape_69) : !cute.shape<"(128,256)">, !cute.shape<"(1,4)">
    %e0_70, %e1_71 = cute.get_leaves(%16) : !cute.shape<"(128,64)">
    %tile = cute.make_tile() : () -> !cute.tile<"[128:1;64:1]">
    %div = cute.tiled_divide(%tile_to_shape, %tile) : !cute.layout<"(((32,4),1),((16,4),4)):(((16,4),0),((0,1),512))">, !cute.tile<"[128:1;64:1]">
    %tile_72 = cute.make_tile() : () -> !cute.tile<"[[128:1;16:1]]">
    %div_73 = cute.logical_divide(%div, %tile_72) : !cute.layout<"(((32,4),(16,4)),1,4):(((16,4),(0,1)),0,512)">, !cute.tile<"[[128:1;16:1]]">
    %filtered = cute.filter_zeros(%div_73) : !cute.layout<"((((32,4),1),(16,4)),1,4):((((16,4),0),(0,1)),0,512)">
    %cosz = cute.cosize(%filtered) : (!cute.layout<"((((32,4),1),(1,4)),1,4):((((16,4),0),(0,1)),0,512)">) -> !cute.int_tuple<"2048">
    %e0_74 = cute.get_leaves(%cosz) : !cute.int_tuple<"2048">
    %shape_75 = cute.make_shape() : () -> !cute.shape<"1">
    %stride_76 = cute.make_stride() : () -> !cute.stride<"2048">
    %lay_77 = cute.make_layout(%shape_75, %stride_76) : !cute.layout<"1:2048">
    %17 = cute.get_shape(%div_73) : (!cute.layout<"((((32,4),1),(16,4)),1,4):((((16,4),0),(0,1)),0,512)">) -> !cute.shape<"((((32,4),1),(16,4)),1,4)">
    %e0_78, %e1_79, %e2_80, %e3_81, %e4, %e5, %e6 = cute.get_leaves(%17) : !cute.shape<"((((32,4),1),(16,4)),1,4)">
    %append = cute.append_to_rank<4> (%div_73, %lay_77) : !cute.layout<"((((32,4),1),(16,4)),1,4):((((16,4),0),(0,1)),0,512)">, !cute.layout<"1:2048">
    %shape_82 = cute.make_shape() : () -> !cute.shape<"((32,4),(16,4))">
    %stride_83 = cute.make_stride() : () -> !cute.stride<"((16,4),(0,1))">
    %lay_84 = cute.make_layout(%shape_82, %stride_83) : !cute.layout<"((32,4),(16,4)):((16,4),(0,1))">
    %shape_85 = cute.make_shape() : () -> !cute.shape<"(128,256)">
    %int_tuple_86 = cute.make_int_tuple() : () -> !cute.int_tuple<"(2,1)">
    %tile_to_shape_87 = cute.tile_to_shape(%lay_84, %shape_85, %int_tuple_86) : (!cute.layout<"((32,4),(16,4)):((16,4),(0,1))">, !cute.shape<"(128,256)">, !cute.int_tuple<"(2,1)">) -> !cute.layout<"(((32,4),1),((16,4),4)):(((16,4),0),((0,1),512))">
    %18 = cute.static : !cute.shape<"(256,128,64)">
    %e0_88, %e1_89, %e2_90 = cute.get_leaves(%18) : !cute.shape<"(256,128,64)">
    %int_tuple_91 = cute.make_int_tuple() : () -> !cute.int_tuple<"(256,128,64)">
    %sz_92 = cute.size(%int_tuple_91) <{mode = [1]}> : (!cute.int_tuple<"(256,128,64)">) -> !cute.int_tuple<"128">
    %e0_93 = cute.get_leaves(%sz_92) : !cute.int_tuple<"128">
    %19 = cute.static : !cute.shape<"(256,128,64)">
    %e0_94, %e1_95, %e2_96 = cute.get_leaves(%19) : !cute.shape<"(256,128,64)">
    %int_tuple_97 = cute.make_int_tuple() : () -> !cute.int_tuple<"(256,128,64)">
    %sz_98 = cute.size(%int_tuple_97) <{mode = [2]}> : (!cute.int_tuple<"(256,128,64)">) -> !cute.int_tuple<"64">
    %e0_99 = cute.get_leaves(%sz_98) : !cute.int_tuple<"64">
    %shape_100 = cute.make_shape() : () -> !cute.shape<"(128,256)">
    %shape_101 = cute.make_shape() : () -> !cute.shape<"(1,4)">
    %20 = cute.shape_div(%shape_100, %shape_101) : !cute.shape<"(128,256)">, !cute.shape<"(1,4)">
    %e0_102, %e1_103 = cute.get_leaves(%20) : !cute.shape<"(128,64)">
    %tile_104 = cute.make_tile() : () -> !cute.tile<"[128:1;64:1]">
    %div_105 = cute.tiled_divide(%tile_to_shape_87, %tile_104) : !cute.layout<"(((32,4),1),((16,4),4)):(((16,4),0),((0,1),512))">, !cute.tile<"[128:1;64:1]">
    %tile_106 = cute.make_tile() : () -> !cute.tile<"[[128:1;16:1]]">
    %div_107 = cute.logical_divide(%div_105, %tile_106) : !cute.layout<"(((32,4),(16,4)),1,4):(((16,4),(0,1)),0,512)">, !cute.tile<"[[128:1;16:1]]">
    %filtered_108 = cute.filter_zeros(%div_107) : !cute.layout<"((((32,4),1),(16,4)),1,4):((((16,4),0),(0,1)),0,512)">
    %cosz_109 = cute.cosize(%filtered_108) : (!cute.layout<"((((32,4),1),(1,4)),1,4):((((16,4),0),(0,1)),0,512)">) -> !cute.int_tuple<"2048">
    %e0_110 = cute.get_leaves(%cosz_109) : !cute.int_tuple<"2048">
    %shape_111 = cute.make_shape() : () -> !cute.shape<"1">
    %stride_112 = cute.make_stride() : () -> !cute.stride<"2048">
    %lay_113 = cute.make_layout(%shape_111, %stride_112) : !cute.layout<"1:2048">
    %21 = cute.get_shape(%div_107) : (!cute.layout<"((((32,4),1),(16,4)),1,4):((((16,4),0),(0,1)),0,512)">) -> !cute.shape<"((((32,4),1),(16,4)),1,4)">
    %e0_114, %e1_115, %e2_116, %e3_117, %e4_118, %e5_119, %e6_120 = cute.get_leaves(%21) : !cute.shape<"((((32,4),1),(16,4)),1,4)">
    %append_121 = cute.append_to_rank<4> (%div_107, %lay_113) : !cute.layout<"((((32,4),1),(16,4)),1,4):((((16,4),0),(0,1)),0,512)">, !cute.layout<"1:2048">
    %22 = cute.static : !cute.layout<"(2,1,1,1):(1,0,0,0)">
    %23 = cute.static : !cute.tile<"[_;_;_]">
    %e0_122, %e1_123, %e2_124 = cute.get_leaves(%23) : !cute.tile<"[_;_;_]">
    %24 = cute.static : !cute.layout<"2:1">
    %25 = cute.static : !cute.shape<"(256,128,64)">
    %e0_125, %e1_126, %e2_127 = cute.get_leaves(%25) : !cute.shape<"(256,128,64)">
    %26 = cute.static : !cute.layout<"(2,(128,64)):(128,(1,256))">
    %27 = cute.static : !cute.layout<"(2,(64,64)):(64,(1,128))">
    %28 = cute.static : !cute.layout<"(2,(128,128)):(128,(1,256))">
    %29 = cute.composed_get_inner(%coalesce) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,1):((256,1),0,64,0)">) -> !cute.swizzle<"S<3,4,3>">
    %30 = cute.composed_get_offset(%coalesce) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,1):((256,1),0,64,0)">) -> !cute.int_tuple<"0">
    %e0_128 = cute.get_leaves(%30) : !cute.int_tuple<"0">
    %31 = cute.composed_get_outer(%coalesce) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,1):((256,1),0,64,0)">) -> !cute.layout<"((128,64),1,4,1):((256,1),0,64,0)">
    %32 = cute.composed_get_inner(%coalesce_46) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,1):((256,1),0,64,0)">) -> !cute.swizzle<"S<3,4,3>">
    %33 = cute.composed_get_offset(%coalesce_46) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,1):((256,1),0,64,0)">) -> !cute.int_tuple<"0">
    %e0_129 = cute.get_leaves(%33) : !cute.int_tuple<"0">
    %34 = cute.composed_get_outer(%coalesce_46) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,1):((256,1),0,64,0)">) -> !cute.layout<"((64,64),1,4,1):((256,1),0,64,0)">
    %35 = cute.kernel_smem_size @kernels::@kernel_cutlass_nvfp4_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612864_TVLayoutA2128641281256_TVLayoutB26464641128_TVLayoutC21281281281256_S343_0 : i64
    %c232448_i64 = arith.constant 232448 : i64
    %36 = arith.cmpi sgt, %35, %c232448_i64 : i64
    scf.if %36 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_nvfp4_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612864_TVLayoutA2128641281256_TVLayoutB26464641128_TVLayoutC21281281281256_S343_0' launch shared memory exceeds current GPU arch sm_100a allowed. Allocated: {} bytes. Max: 232448 bytes.\0A\0A", %35) : i64
    }
    %c0_i64 = arith.constant 0 : i64
    %37 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %c128_i32 = arith.constant 128 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %38 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c128_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %35, gridDim = (%c2_i32, %c1_i32, %c1_i32), stream = %37) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%38] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %c2_i32_130 = arith.constant 2 : i32
    %c1_i32_131 = arith.constant 1 : i32
    cuda.launch_cfg.cluster_dim[%38] (%c2_i32_130, %c1_i32_131, %c1_i32_131) : !cuda.launch_cfg<max_attrs = 17>, i32, i32, i32
    %c0_i32_132 = arith.constant 0 : i32
    cuda.launch_cfg.cooperative[%38] %c0_i32_132 : !cuda.launch_cfg<max_attrs = 17>, i32
    %39 = cuda.launch_ex @kernels::@kernel_cutlass_nvfp4_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612864_TVLayoutA2128641281256_TVLayoutB26464641128_TVLayoutC21281281281256_S343_0<%38> (%3, %coalesce, %coalesce_46, %append, %append_121) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,1):((256,1),0,64,0)">, !cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,1):((256,1),0,64,0)">, !cute.layout<"((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">, !cute.layout<"((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">) -> !cuda.result
    %40 = cuda.cast %39 : !cuda.result -> i32
    cuda.return_if_error %40 : i32
    %c0_i32_133 = arith.constant 0 : i32
    return %c0_i32_133 : i32
  }
}

