// RUN: cute-ir lower %s --arch sm_100a --emit ptx | FileCheck %s

// A memref in tensor memory is its 32-bit address (emit/lowered_kernel.py): the function writer
// holds it in a `.b32` register, so the address tcgen05.alloc wrote, cast to the memref, reaches
// the MMA's `r` operand as it is, with no widening to 64 bits and narrowing back.
// CHECK-LABEL: .visible .entry allocated(
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
// CHECK-NEXT: ld.b32 [[TMEM:%ld[0-9]+]], [%p2];
// CHECK-NOT: cvt
// CHECK: mov.b32 [[D:%v[0-9]+]], [[TMEM]];
// CHECK-NOT: cvt
// CHECK: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [[[D]]],
// CHECK-NEXT: }
// CHECK-NEXT: ret;

// A tensor-memory memref argument is passed by its pointer, as every memref is; its low 32
// bits, narrowed once, are the address the instruction reads.
// CHECK-LABEL: .visible .entry argument(.param .u64 p0, .param .u64 p1)
// CHECK: ld.param.u64 %p0, [p0];
// CHECK-NEXT: cvt.u32.u64 [[T:%p0_address[0-9]+]], %p0;
// CHECK-NOT: cvt
// CHECK: tcgen05.ld.sync.aligned.32x32b.x2.b32 {%out{{[0-9]+}}, %out{{[0-9]+}}}, [[[T]]];

// Its pointer read as an index by anything but a cast to i32 is the address widened.
// CHECK-LABEL: .visible .entry widened(
// CHECK: cvt.u32.u64 [[T:%p0_address[0-9]+]], %p0;
// CHECK: tcgen05.ld.sync.aligned.32x32b.x2.b32 {{.*}}, [[[T]]];
// CHECK: cvt.u64.u32 [[WIDE:%ptr[0-9]+]], [[T]];
// CHECK-NEXT: st.b64 [%p2], [[WIDE]];
// A CTA's rank in its cluster is `%cluster_ctarank`; the cluster's barrier its arrive and wait
// (`.aligned` when the op says so), as the preview's kernel of a CTA pair's UMMA uses them; the
// function's `nvvm.reqntid` and `nvvm.cluster_dim` are the kernel's launch directives.
// CHECK-LABEL: .visible .entry cluster(
// CHECK-NEXT: .reqntid 128, 1, 1
// CHECK-NEXT: .explicitcluster
// CHECK-NEXT: .reqnctapercluster 2, 1, 1
// CHECK-NEXT: {
// CHECK: mov.u32 [[RANK:%rank[0-9]+]], %cluster_ctarank;
// CHECK-NEXT: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK: tcgen05.ld.sync.aligned.32x32b.x2.b32
// CHECK: st.b32 [%p2], [[RANK]];
module {
  func.func @allocated(%a: !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(128, 16):(16, 1)>>,
                       %b: !cute_nvgpu.smem_desc_view<memref<4096xf16, 3>, #cute.layout<(16, 256):(1, 16)>>,
                       %slot: memref<1xi32, 3>) {
    %atom = cute_nvgpu.make_mma_atom {shape_MNK = [128, 256, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm100.mma
    %c0 = arith.constant 0 : index
    %columns = arith.constant 512 : i32
    %slot_index = memref.extract_aligned_pointer_as_index %slot : memref<1xi32, 3> -> index
    %slot_address = arith.index_cast %slot_index : index to i32
    %slot_pointer = builtin.unrealized_conversion_cast %slot_address : i32 to !llvm.ptr<3>
    nvvm.tcgen05.alloc %slot_pointer, %columns {group = #nvvm.cta_group<cta_1>} : !llvm.ptr<3>, i32
    %tmem = memref.load %slot[%c0] : memref<1xi32, 3>
    %d = builtin.unrealized_conversion_cast %tmem : i32 to memref<128x256xf32, 6>
    cute_nvgpu.mma %atom, %d, %a, %b, %d : (!cute_nvgpu.sm100.mma, memref<128x256xf32, 6>, !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(128, 16):(16, 1)>>, !cute_nvgpu.smem_desc_view<memref<4096xf16, 3>, #cute.layout<(16, 256):(1, 16)>>, memref<128x256xf32, 6>)
    return
  }
  func.func @argument(%t: memref<128x512xf32, 6>, %r: memref<2xf32>) {
    %a = cute.make_atom() : () -> !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x2>
    cute_nvgpu.copy %a, %t, %r : (!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x2>, memref<128x512xf32, 6>, memref<2xf32>)
    return
  }
  func.func @widened(%t: memref<128x512xf32, 6>, %r: memref<2xf32>, %out: memref<1xi64>) {
    %a = cute.make_atom() : () -> !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x2>
    cute_nvgpu.copy %a, %t, %r : (!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x2>, memref<128x512xf32, 6>, memref<2xf32>)
    %c0 = arith.constant 0 : index
    %i = memref.extract_aligned_pointer_as_index %t : memref<128x512xf32, 6> -> index
    %j = arith.index_cast %i : index to i64
    memref.store %j, %out[%c0] : memref<1xi64>
    return
  }
  func.func @cluster(%t: memref<128x512xf32, 6>, %r: memref<2xf32>, %out: memref<1xi32>)
      attributes {nvvm.reqntid = array<i32: 128, 1, 1>, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
    nvvm.cluster.arrive
    nvvm.cluster.wait {aligned}
    %a = cute.make_atom() : () -> !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x2>
    cute_nvgpu.copy %a, %t, %r : (!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x2>, memref<128x512xf32, 6>, memref<2xf32>)
    %c0 = arith.constant 0 : index
    memref.store %rank, %out[%c0] : memref<1xi32>
    return
  }
}
