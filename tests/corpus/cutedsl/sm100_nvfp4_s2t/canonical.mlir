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
      %c10000000_i32 = arith.constant 10000000 : i32
      %c2_i32 = arith.constant 2 : i32
      %0 = cute.static : !cute.layout<"((((32,4),4),(16,4)),1,4):((((262144,4),8388608),(0,1)),0,16)">
      %c128_i32 = arith.constant 128 : i32
      %c1_i32 = arith.constant 1 : i32
      %c512_i32 = arith.constant 512 : i32
      %true = arith.constant true
      %c0_i32 = arith.constant 0 : i32
      %c32_i32 = arith.constant 32 : i32
      %1 = nvvm.read.ptx.sreg.ctaid.x : i32
      %2 = nvvm.read.ptx.sreg.tid.x : i32
      %3 = nvvm.read.ptx.sreg.tid.y : i32
      %4 = nvvm.read.ptx.sreg.tid.z : i32
      %5 = nvvm.read.ptx.sreg.ntid.x : i32
      %6 = nvvm.read.ptx.sreg.ntid.y : i32
      %7 = arith.muli %3, %5 : i32
      %8 = arith.addi %2, %7 : i32
      %9 = arith.muli %4, %5 : i32
      %10 = arith.muli %9, %6 : i32
      %11 = arith.addi %8, %10 : i32
      %12 = arith.floordivsi %11, %c32_i32 : i32
      %13 = cute_nvgpu.arch.make_warp_uniform(%12) : i32
      %14 = cute_nvgpu.arch.make_warp_uniform(%13) : i32
      %smem = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8
      %iter = cute.get_iter(%smem) : !memref_smem_i8
      %iter_0 = cute.recast_iter(%iter) : !cute.ptr<i8, smem, align<8>> to !cute.ptr<i64, smem>
      %smem_1 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_1
      %iter_2 = cute.get_iter(%smem_1) : !memref_smem_i8_1
      %iter_3 = cute.recast_iter(%iter_2) : !cute.ptr<i8, smem, align<4>> to !cute.ptr<i32, smem>
      %15 = cute.composed_get_outer(%arg1) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,1):((256,1),0,64,0)">) -> !cute.layout<"((128,64),1,4,1):((256,1),0,64,0)">
      %smem_4 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_2
      %iter_5 = cute.get_iter(%smem_4) : !memref_smem_i8_2
      %iter_6 = cute.recast_iter(%iter_5) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f4E2M1FN, smem, align<128>, S<3,4,3>>
      %view = cute.make_view(%iter_6, %15) : !memref_smem_f4E2M1FN
      %16 = cute.composed_get_outer(%arg2) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,1):((256,1),0,64,0)">) -> !cute.layout<"((64,64),1,4,1):((256,1),0,64,0)">
      %smem_7 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_3
      %iter_8 = cute.get_iter(%smem_7) : !memref_smem_i8_3
      %iter_9 = cute.recast_iter(%iter_8) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f4E2M1FN, smem, align<128>, S<3,4,3>>
      %view_10 = cute.make_view(%iter_9, %16) : !memref_smem_f4E2M1FN1
      %smem_11 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_4
      %iter_12 = cute.get_iter(%smem_11) : !memref_smem_i8_4
      %iter_13 = cute.recast_iter(%iter_12) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f8E4M3FN, smem, align<128>>
      %view_14 = cute.make_view(%iter_13, %arg3) : !memref_smem_f8E4M3FN
      %smem_15 = cute.memref.alloca() {smem.partition_id = 1 : i32} : !memref_smem_i8_4
      %iter_16 = cute.get_iter(%smem_15) : !memref_smem_i8_4
      %iter_17 = cute.recast_iter(%iter_16) : !cute.ptr<i8, smem, align<128>> to !cute.ptr<f8E4M3FN, smem, align<128>>
      %view_18 = cute.make_view(%iter_17, %arg4) : !memref_smem_f8E4M3FN
      %frg_A = cute.mma.make_fragment A (%arg0, %view) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !memref_smem_f4E2M1FN) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">
      %frg_B = cute.mma.make_fragment B (%arg0, %view_10) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !memref_smem_f4E2M1FN1) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">
      %shape = cute.make_shape() : () -> !cute.shape<"((128,128),1,1)">
      %frg_C = cute.mma.make_fragment C (%arg0, %shape) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.shape<"((128,128),1,1)">) -> !memref_tmem_f32
      %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"1">
      %ptr = cute.add_offset(%iter_0, %int_tuple) : (!cute.ptr<i64, smem>, !cute.int_tuple<"1">) -> !cute.ptr<i64, smem>
      %17 = arith.cmpi eq, %14, %c0_i32 : i32
      scf.if %17 {
        %22 = nvvm.elect.sync -> i1
        scf.if %22 {
          %23 = builtin.unrealized_conversion_cast %ptr : !cute.ptr<i64, smem> to !llvm.ptr<3>
          nvvm.mbarrier.init %23, %c32_i32 : !llvm.ptr<3>, i32
        }
      }
      nvvm.fence.mbarrier.init
      scf.if %17 {
        cute_nvgpu.arch.sm100.alloc_tmem(%c512_i32, %iter_3) [cta_2] : i32, !cute.ptr<i32, smem>
      }
      nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
      %tmem_ptr = cute_nvgpu.arch.sm100.retrieve_tmem_ptr(%iter_3) : !cute.ptr<i32, smem> -> !cute.ptr<f32, tmem, align<16>>
      %lay = cute.get_layout(%frg_C) : !memref_tmem_f32
      %view_19 = cute.make_view(%tmem_ptr, %lay) : !memref_tmem_f32_1
      %int_tuple_20 = cute.make_int_tuple() : () -> !cute.int_tuple<"256">
      %ptr_21 = cute.add_offset(%tmem_ptr, %int_tuple_20) : (!cute.ptr<f32, tmem, align<16>>, !cute.int_tuple<"256">) -> !cute.ptr<f32, tmem, align<16>>
      %iter_22 = cute.recast_iter(%ptr_21) : !cute.ptr<f32, tmem, align<16>> to !cute.ptr<f8E4M3FN, tmem, align<16>>
      %view_23 = cute.make_view(%iter_22, %0) : !memref_tmem_f8E4M3FN
      %int_tuple_24 = cute.make_int_tuple() : () -> !cute.int_tuple<"288">
      %ptr_25 = cute.add_offset(%tmem_ptr, %int_tuple_24) : (!cute.ptr<f32, tmem, align<16>>, !cute.int_tuple<"288">) -> !cute.ptr<f32, tmem, align<16>>
      %iter_26 = cute.recast_iter(%ptr_25) : !cute.ptr<f32, tmem, align<16>> to !cute.ptr<f8E4M3FN, tmem, align<16>>
      %view_27 = cute.make_view(%iter_26, %0) : !memref_tmem_f8E4M3FN
      %18 = arith.remsi %1, %c2_i32 : i32
      %19 = arith.cmpi eq, %18, %c0_i32 : i32
      %20 = arith.andi %19, %17 : i1
      scf.if %20 {
        %filtered = cute.filter_zeros(%view_14) : !memref_smem_f8E4M3FN
        %filtered_28 = cute.filter_zeros(%view_23) : !memref_tmem_f8E4M3FN
        %atom = cute.make_atom() : () -> !cute_nvgpu.atom.s2t_copy<f8E4M3FN, 32 DP, 128 bit, 2 cta, x4>
        %filtered_29 = cute.filter_zeros(%filtered_28) : !memref_tmem_f8E4M3FN1
        %22 = cute_nvgpu.atom.make_s2t_copy(%atom, %filtered_29) : (!cute_nvgpu.atom.s2t_copy<f8E4M3FN, 32 DP, 128 bit, 2 cta, x4>, !memref_tmem_f8E4M3FN1) -> !copy_utccp
        %coord = cute.make_coord() : () -> !cute.coord<"0">
        %src_partitioned = cute.tiled.copy.partition_S(%22, %filtered, %coord) : (!copy_utccp, !memref_smem_f8E4M3FN1, !cute.coord<"0">) -> !memref_smem_f8E4M3FN2
        %23 = cute_nvgpu.atom.get_copy_s2t_smem_desc_view(%22, %src_partitioned) : (!copy_utccp, !memref_smem_f8E4M3FN2) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4,1):((((1,1,1),0),0),0,0,32,128)">
        %dst_partitioned = cute.tiled.copy.partition_D(%22, %filtered_28, %coord) : (!copy_utccp, !memref_tmem_f8E4M3FN1, !cute.coord<"0">) -> !memref_tmem_f8E4M3FN2
        %iter_30 = cute.get_iter(%dst_partitioned) : !memref_tmem_f8E4M3FN2
        %filtered_31 = cute.filter_zeros(%view_18) : !memref_smem_f8E4M3FN
        %filtered_32 = cute.filter_zeros(%view_27) : !memref_tmem_f8E4M3FN
        %filtered_33 = cute.filter_zeros(%filtered_32) : !memref_tmem_f8E4M3FN1
        %24 = cute_nvgpu.atom.make_s2t_copy(%atom, %filtered_33) : (!cute_nvgpu.atom.s2t_copy<f8E4M3FN, 32 DP, 128 bit, 2 cta, x4>, !memref_tmem_f8E4M3FN1) -> !copy_utccp
        %src_partitioned_34 = cute.tiled.copy.partition_S(%24, %filtered_31, %coord) : (!copy_utccp, !memref_smem_f8E4M3FN1, !cute.coord<"0">) -> !memref_smem_f8E4M3FN2
        %25 = cute_nvgpu.atom.get_copy_s2t_smem_desc_view(%24, %src_partitioned_34) : (!copy_utccp, !memref_smem_f8E4M3FN2) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4,1):((((1,1,1),0),0),0,0,32,128)">
        %dst_partitioned_35 = cute.tiled.copy.partition_D(%24, %filtered_32, %coord) : (!copy_utccp, !memref_tmem_f8E4M3FN1, !cute.coord<"0">) -> !memref_tmem_f8E4M3FN2
        %iter_36 = cute.get_iter(%dst_partitioned_35) : !memref_tmem_f8E4M3FN2
        %coord_37 = cute.make_coord() : () -> !cute.coord<"(_,_,_,_,0)">
        %slice = cute.slice(%23, %coord_37) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4,1):((((1,1,1),0),0),0,0,32,128)">, !cute.coord<"(_,_,_,_,0)">
        %iter_38 = cute.get_iter(%slice) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %lay_39 = cute.get_layout(%slice) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %lay_40 = cute.get_layout(%dst_partitioned) : !memref_tmem_f8E4M3FN2
        %shape_41 = cute.make_shape() : () -> !cute.shape<"1">
        %lay_42 = cute.make_layout(%shape_41) : !cute.layout<"1:0">
        %append = cute.append_to_rank<2> (%lay_39, %lay_42) : !cute.layout<"((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">, !cute.layout<"1:0">
        %view_43 = cute.make_view(%iter_38, %append) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %grouped = cute.group_modes(%view_43) <1, 4> : (!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">
        %append_44 = cute.append_to_rank<2> (%lay_40, %lay_42) : !cute.layout<"(((32,16,4),1),1,1,4):(((262144,1,8388608),0),0,0,16)">, !cute.layout<"1:0">
        %view_45 = cute.make_view(%iter_30, %append_44) : !memref_tmem_f8E4M3FN2
        %grouped_46 = cute.group_modes(%view_45) <1, 4> : (!memref_tmem_f8E4M3FN2) -> !memref_tmem_f8E4M3FN3
        cute.copy(%22, %grouped, %grouped_46) : (!copy_utccp, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">, !memref_tmem_f8E4M3FN3)
        %slice_47 = cute.slice(%25, %coord_37) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4,1):((((1,1,1),0),0),0,0,32,128)">, !cute.coord<"(_,_,_,_,0)">
        %iter_48 = cute.get_iter(%slice_47) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %lay_49 = cute.get_layout(%slice_47) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %lay_50 = cute.get_layout(%dst_partitioned_35) : !memref_tmem_f8E4M3FN2
        %append_51 = cute.append_to_rank<2> (%lay_49, %lay_42) : !cute.layout<"((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">, !cute.layout<"1:0">
        %view_52 = cute.make_view(%iter_48, %append_51) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">
        %grouped_53 = cute.group_modes(%view_52) <1, 4> : (!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),1,1,4):((((1,1,1),0),0),0,0,32)">) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">
        %append_54 = cute.append_to_rank<2> (%lay_50, %lay_42) : !cute.layout<"(((32,16,4),1),1,1,4):(((262144,1,8388608),0),0,0,16)">, !cute.layout<"1:0">
        %view_55 = cute.make_view(%iter_36, %append_54) : !memref_tmem_f8E4M3FN2
        %grouped_56 = cute.group_modes(%view_55) <1, 4> : (!memref_tmem_f8E4M3FN2) -> !memref_tmem_f8E4M3FN3
        cute.copy(%24, %grouped_53, %grouped_56) : (!copy_utccp, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "((((32,1,1),4),1),(1,1,4)):((((1,1,1),0),0),(0,0,32))">, !memref_tmem_f8E4M3FN3)
        %coord_57 = cute.make_coord() : () -> !cute.coord<"(_,_,0)">
        %slice_58 = cute.slice(%view_23, %coord_57) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,0)">
        %iter_59 = cute.get_iter(%slice_58) : !memref_tmem_f8E4M3FN4
        %26 = cute_nvgpu.atom.set_value<sf_a>(%arg0, %iter_59) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %slice_60 = cute.slice(%view_27, %coord_57) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,0)">
        %iter_61 = cute.get_iter(%slice_60) : !memref_tmem_f8E4M3FN4
        %27 = cute_nvgpu.atom.set_value<sf_b>(%26, %iter_61) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %coord_62 = cute.make_coord() : () -> !cute.coord<"(_,_,0,0)">
        %slice_63 = cute.slice(%frg_A, %coord_62) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,0,0)">
        %slice_64 = cute.slice(%frg_B, %coord_62) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,0,0)">
        cute.gemm(%27, %view_19, %slice_63, %slice_64, %view_19) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %28 = cute_nvgpu.atom.set_value<accum_c>(%27, %true) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, i1)
        %coord_65 = cute.make_coord() : () -> !cute.coord<"(_,_,1)">
        %slice_66 = cute.slice(%view_23, %coord_65) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,1)">
        %iter_67 = cute.get_iter(%slice_66) : !memref_tmem_f8E4M3FN4
        %29 = cute_nvgpu.atom.set_value<sf_a>(%28, %iter_67) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %slice_68 = cute.slice(%view_27, %coord_65) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,1)">
        %iter_69 = cute.get_iter(%slice_68) : !memref_tmem_f8E4M3FN4
        %30 = cute_nvgpu.atom.set_value<sf_b>(%29, %iter_69) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %coord_70 = cute.make_coord() : () -> !cute.coord<"(_,_,1,0)">
        %slice_71 = cute.slice(%frg_A, %coord_70) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,1,0)">
        %slice_72 = cute.slice(%frg_B, %coord_70) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,1,0)">
        cute.gemm(%30, %view_19, %slice_71, %slice_72, %view_19) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %31 = cute_nvgpu.atom.set_value<accum_c>(%30, %true) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, i1)
        %coord_73 = cute.make_coord() : () -> !cute.coord<"(_,_,2)">
        %slice_74 = cute.slice(%view_23, %coord_73) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,2)">
        %iter_75 = cute.get_iter(%slice_74) : !memref_tmem_f8E4M3FN4
        %32 = cute_nvgpu.atom.set_value<sf_a>(%31, %iter_75) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %slice_76 = cute.slice(%view_27, %coord_73) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,2)">
        %iter_77 = cute.get_iter(%slice_76) : !memref_tmem_f8E4M3FN4
        %33 = cute_nvgpu.atom.set_value<sf_b>(%32, %iter_77) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %coord_78 = cute.make_coord() : () -> !cute.coord<"(_,_,2,0)">
        %slice_79 = cute.slice(%frg_A, %coord_78) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,2,0)">
        %slice_80 = cute.slice(%frg_B, %coord_78) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,2,0)">
        cute.gemm(%33, %view_19, %slice_79, %slice_80, %view_19) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %34 = cute_nvgpu.atom.set_value<accum_c>(%33, %true) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, i1)
        %coord_81 = cute.make_coord() : () -> !cute.coord<"(_,_,3)">
        %slice_82 = cute.slice(%view_23, %coord_81) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,3)">
        %iter_83 = cute.get_iter(%slice_82) : !memref_tmem_f8E4M3FN4
        %35 = cute_nvgpu.atom.set_value<sf_a>(%34, %iter_83) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %slice_84 = cute.slice(%view_27, %coord_81) : !memref_tmem_f8E4M3FN, !cute.coord<"(_,_,3)">
        %iter_85 = cute.get_iter(%slice_84) : !memref_tmem_f8E4M3FN4
        %36 = cute_nvgpu.atom.set_value<sf_b>(%35, %iter_85) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.ptr<f8E4M3FN, tmem, align<16>>)
        %coord_86 = cute.make_coord() : () -> !cute.coord<"(_,_,3,0)">
        %slice_87 = cute.slice(%frg_A, %coord_86) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,3,0)">
        %slice_88 = cute.slice(%frg_B, %coord_86) : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,1):(0,0,2,0)">, !cute.coord<"(_,_,3,0)">
        cute.gemm(%36, %view_19, %slice_87, %slice_88, %view_19) : (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !memref_tmem_f32_1, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1):(0,0)">, !memref_tmem_f32_1)
        %37 = nvvm.elect.sync -> i1
        scf.if %37 {
          %38 = builtin.unrealized_conversion_cast %iter_0 : !cute.ptr<i64, smem> to !llvm.ptr<3>
          nvvm.tcgen05.commit %38 {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>
        }
      }
      %21 = builtin.unrealized_conversion_cast %iter_0 : !cute.ptr<i64, smem> to !llvm.ptr<3>
      nvvm.mbarrier.try_wait.parity %21, %c0_i32, %c10000000_i32 : !llvm.ptr<3>, i32, i32
      scf.if %17 {
        cute_nvgpu.arch.sm100.relinquish_tmem_alloc_permit [cta_2]
      }
      scf.if %17 {
        %22 = nvvm.read.ptx.sreg.cluster.ctarank : i32
        %23 = cute_nvgpu.arch.make_warp_uniform(%22) : i32
        %24 = arith.xori %23, %c1_i32 : i32
        %25 = builtin.unrealized_conversion_cast %ptr : !cute.ptr<i64, smem> to !llvm.ptr<3>
        %26 = nvvm.mapa %25, %24 : !llvm.ptr<3> -> !llvm.ptr<7>
        nvvm.mbarrier.arrive %26, %c1_i32 : !llvm.ptr<7>
        nvvm.mbarrier.try_wait.parity %25, %c0_i32, %c10000000_i32 : !llvm.ptr<3>, i32, i32
        cute_nvgpu.arch.sm100.dealloc_tmem(%tmem_ptr, %c512_i32) [cta_2] : !cute.ptr<f32, tmem, align<16>>, i32
      }
      return
    }
  }
  func.func @cutlass_run_FakeTensorFloat32161(%arg0: !memref_gmem_f32) -> i32 attributes {llvm.emit_c_interface} {
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %c0_i64 = arith.constant 0 : i64
    %c232448_i64 = arith.constant 232448 : i64
    %0 = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,(1,1)):((256,1),0,64,(0,0))">
    %1 = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,(1,1)):((256,1),0,64,(0,0))">
    %c0_i32 = arith.constant 0 : i32
    %false = arith.constant false
    %iv = cute.assume(%c0_i32) : (i32) -> !cute.i32
    %2 = cute.inttoptr(%iv) : !cute.i32 to !cute.ptr<f8E4M3FN, tmem>
    %atom = cute.make_atom(%false, %false, %false, %2, %2) : (i1, i1, i1, !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) -> !cute_nvgpu.sm100.mma_bs<256x128x64, num_cta = 2, ab_major = (k, k), elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, frag_kind = ss, vec_size = 16>
    %3 = cute.make_tiled_mma(%atom) : !mma_f4E2M1FN_f4E2M1FN_f32_256x128x64
    %coord = cute.make_coord() : () -> !cute.coord<"((128,64),1,4,1)">
    %coalesce = cute.coalesce(%1, %coord) : (!cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,(1,1)):((256,1),0,64,(0,0))">, !cute.coord<"((128,64),1,4,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,1):((256,1),0,64,0)">
    %coord_0 = cute.make_coord() : () -> !cute.coord<"((64,64),1,4,1)">
    %coalesce_1 = cute.coalesce(%0, %coord_0) : (!cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,(1,1)):((256,1),0,64,(0,0))">, !cute.coord<"((64,64),1,4,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,1):((256,1),0,64,0)">
    %shape = cute.make_shape() : () -> !cute.shape<"((32,4),(16,4))">
    %stride = cute.make_stride() : () -> !cute.stride<"((16,4),(0,1))">
    %lay = cute.make_layout(%shape, %stride) : !cute.layout<"((32,4),(16,4)):((16,4),(0,1))">
    %shape_2 = cute.make_shape() : () -> !cute.shape<"(128,256)">
    %int_tuple = cute.make_int_tuple() : () -> !cute.int_tuple<"(2,1)">
    %tile_to_shape = cute.tile_to_shape(%lay, %shape_2, %int_tuple) : (!cute.layout<"((32,4),(16,4)):((16,4),(0,1))">, !cute.shape<"(128,256)">, !cute.int_tuple<"(2,1)">) -> !cute.layout<"(((32,4),1),((16,4),4)):(((16,4),0),((0,1),512))">
    %tile = cute.make_tile() : () -> !cute.tile<"[128:1;64:1]">
    %div = cute.tiled_divide(%tile_to_shape, %tile) : !cute.layout<"(((32,4),1),((16,4),4)):(((16,4),0),((0,1),512))">, !cute.tile<"[128:1;64:1]">
    %tile_3 = cute.make_tile() : () -> !cute.tile<"[[128:1;16:1]]">
    %div_4 = cute.logical_divide(%div, %tile_3) : !cute.layout<"(((32,4),(16,4)),1,4):(((16,4),(0,1)),0,512)">, !cute.tile<"[[128:1;16:1]]">
    %shape_5 = cute.make_shape() : () -> !cute.shape<"1">
    %stride_6 = cute.make_stride() : () -> !cute.stride<"2048">
    %lay_7 = cute.make_layout(%shape_5, %stride_6) : !cute.layout<"1:2048">
    %append = cute.append_to_rank<4> (%div_4, %lay_7) : !cute.layout<"((((32,4),1),(16,4)),1,4):((((16,4),0),(0,1)),0,512)">, !cute.layout<"1:2048">
    %4 = cute.kernel_smem_size @kernels::@kernel_cutlass_nvfp4_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612864_TVLayoutA2128641281256_TVLayoutB26464641128_TVLayoutC21281281281256_S343_0 : i64
    %5 = arith.cmpi sgt, %4, %c232448_i64 : i64
    scf.if %5 {
      cute.print("\0AError: kernel '@kernels::@kernel_cutlass_nvfp4_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612864_TVLayoutA2128641281256_TVLayoutB26464641128_TVLayoutC21281281281256_S343_0' launch shared memory exceeds current GPU arch sm_100a allowed. Allocated: {} bytes. Max: 232448 bytes.\0A\0A", %4) : i64
    }
    %6 = cuda.cast %c0_i64 : i64 -> !cuda.stream
    %7 = cuda.launch_cfg.create<max_attrs = 17 : i32> (blockDim = (%c128_i32, %c1_i32, %c1_i32), dynamicSmemBytes = %4, gridDim = (%c2_i32, %c1_i32, %c1_i32), stream = %6) : i32, i32, i32, i64, i32, i32, i32, !cuda.stream -> !cuda.launch_cfg<max_attrs = 17>
    cuda.launch_cfg.programmatic_stream_serialization_allowed[%7] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    cuda.launch_cfg.cluster_dim[%7] (%c2_i32, %c1_i32, %c1_i32) : !cuda.launch_cfg<max_attrs = 17>, i32, i32, i32
    cuda.launch_cfg.cooperative[%7] %c0_i32 : !cuda.launch_cfg<max_attrs = 17>, i32
    %8 = cuda.launch_ex @kernels::@kernel_cutlass_nvfp4_umma_kernel_TiledMMA_ThrLayoutVMNK21111000_PermutationMNK____MMAAtom_ThrID21_ShapeMNK25612864_TVLayoutA2128641281256_TVLayoutB26464641128_TVLayoutC21281281281256_S343_0<%7> (%3, %coalesce, %coalesce_1, %append, %append) {assume_kernel_attr = #cuda.assume_kernel_attr<true>} : !cuda.launch_cfg<max_attrs = 17>, (!mma_f4E2M1FN_f4E2M1FN_f32_256x128x64, !cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4,1):((256,1),0,64,0)">, !cute.composed_layout<"S<3,4,3> o 0 o ((64,64),1,4,1):((256,1),0,64,0)">, !cute.layout<"((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">, !cute.layout<"((((32,4),1),(16,4)),1,4,1):((((16,4),0),(0,1)),0,512,2048)">) -> !cuda.result
    %9 = cuda.cast %8 : !cuda.result -> i32
    cuda.return_if_error %9 : i32
    return %c0_i32 : i32
  }
}

