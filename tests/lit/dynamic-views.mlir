// RUN: cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s --check-prefix=PTX
// RUN: cute-ir lower %s --arch sm_90a --emit host | FileCheck %s --check-prefix=HOST

// Views of dynamic extents, strides or offset through registers (no allow_tma): each is passed
// as MLIR's memref descriptor (allocated pointer, aligned pointer, offset, extents, strides, one
// .u64 a field, in that order); the kernel reads the fields its type leaves dynamic. A chunk
// moves whole where a test when the kernel runs proves it aligned and in the runtime extents,
// each element alone, predicated on the extents, where it fails. A view whose type fixes
// everything keeps its one pointer parameter.
// CHECK: 1 file checked: 0 errors, 0 warnings
module attributes {gpu.container_module} {
  // cuTile's view: every extent and the row stride at run time.
  // PTX-LABEL: .visible .entry copy_cutile(.param .u64 p0_src_allocated, .param .u64 p0_src, .param .u64 p0_src_offset, .param .u64 p0_src_size0, .param .u64 p0_src_size1, .param .u64 p0_src_stride0, .param .u64 p0_src_stride1, .param .u64 p1_dst_allocated, .param .u64 p1_dst, .param .u64 p1_dst_offset, .param .u64 p1_dst_size0, .param .u64 p1_dst_size1, .param .u64 p1_dst_stride0, .param .u64 p1_dst_stride1)
  // PTX: ld.param.u64 %p0_src, [p0_src];
  // The extents stay 64-bit (a view may pass 2^32 elements in one dimension).
  // PTX-NEXT: ld.param.u64 %p0_src_size0, [p0_src_size0];
  // PTX-NEXT: ld.param.u64 %p0_src_size1, [p0_src_size1];
  // PTX-NEXT: ld.param.u64 %p0_src_stride0, [p0_src_stride0];
  // PTX-NEXT: mul.lo.u64 %p0_src_stride0_bytes, %p0_src_stride0, 2;
  // PTX: cvt.u64.u32 [[ROW:%gr[0-9]+]], %gr{{[0-9]+}};
  // PTX-NEXT: mad.lo.u64 [[OFF:%goff[0-9]+]], [[ROW]], %p0_src_stride0_bytes, [[OFF]];
  // PTX-NEXT: add.u64 [[ADDR:%gaddr[0-9]+]], %global{{[0-9]+}}, [[OFF]];
  // The thread's first address and the row stride in bytes, whole 16-byte chunks or not: the
  // PTX ISA requires a vector access aligned to its size.
  // PTX-NEXT: mov.b64 [[LOW:%low[0-9]+]], [[ADDR]];
  // PTX-NEXT: or.b64 [[LOW]], [[LOW]], %p0_src_stride0_bytes;
  // PTX-NEXT: and.b64 [[LOW]], [[LOW]], 15;
  // PTX-NEXT: setp.eq.u64 [[ALIGNED:%aligned[0-9]+]], [[LOW]], 0;
  // The chunk's last element in the runtime extents, and aligned: it moves whole. Its
  // coordinates are widened and summed in 64 bits, compared with the 64-bit extents.
  // PTX: cvt.u64.u32 [[IC:%ic[0-9]+]], %x{{[0-9]+}};
  // PTX-NEXT: cvt.u64.u32 [[COL:%ic[0-9]+]], %col{{[0-9]+}};
  // PTX-NEXT: add.u64 [[IC]], [[IC]], [[COL]];
  // PTX-NEXT: add.u64 [[IC]], [[IC]], 7;
  // PTX-NEXT: setp.lt.u64 [[IN:%in[0-9]+]], [[IC]], %p0_src_size1;
  // PTX: setp.lt.and.u64 [[IN]], %ir{{[0-9]+}}, %p0_src_size0, [[IN]];
  // PTX-NEXT: and.pred [[IN]], [[IN]], [[ALIGNED]];
  // PTX-NEXT: @![[IN]] bra [[APART:APART_[0-9]+]];
  // PTX-NEXT: ld.global.v4.b32 {%t{{[0-9]+}}_0, %t{{[0-9]+}}_1, %t{{[0-9]+}}_2, %t{{[0-9]+}}_3}, [[[ADDR]]+0];
  // PTX-NEXT: bra.uni [[WHOLE:WHOLE_[0-9]+]];
  // Else each element alone, predicated on the extents (zero outside).
  // PTX-NEXT: [[APART]]:
  // PTX: setp.lt.and.u64 [[ONE:%in[0-9]+]], %ir{{[0-9]+}}, %p0_src_size0, [[ONE]];
  // PTX-NEXT: mov.b16 [[HALF:%h[0-9]+]], 0;
  // PTX-NEXT: @[[ONE]] ld.global.b16 [[HALF]], [[[ADDR]]+0];
  // PTX: [[WHOLE]]:
  // The next rows of the thread's chunks: the row stride in bytes times the rows down.
  // PTX-NEXT: mad.lo.u64 %grow{{[0-9]+}}, %p0_src_stride0_bytes, 16, [[ADDR]];
  // PTX: setp.lt.and.u64 %in{{[0-9]+}}, %ir{{[0-9]+}}, %p1_dst_size0, %in{{[0-9]+}};
  // PTX: st.global.v4.b32
  // PTX: st.global.b16
  // PTX: ret;
  func.func @copy_cutile(%src: memref<?x?xf16, strided<[?, 1]>, 1>, %dst: memref<?x?xf16, strided<[?, 1]>, 1>)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %c64 = arith.constant 64 : index
    %m = arith.muli %by, %c64 : index
    %n = arith.muli %bx, %c64 : index
    %tile, %loaded = nv_tileas.tiled_load %src coords(%m, %n) offsets() {tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<?x?xf16, strided<[?, 1]>, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %stored = nv_tileas.tiled_store %tile, %dst coords(%m, %n) offsets() token(%loaded) {tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<?x?xf16, strided<[?, 1]>, 1> -> !nv_tileaa.mem_token
    return
  }

  // Rows at run time, the strides fixed: a tile in bounds moves 16 bytes a thread at a time
  // (the type proves the alignment); the view is still passed as its descriptor (its extent).
  // PTX-LABEL: .visible .entry copy_rows(.param .u64 p0_src_allocated, .param .u64 p0_src, .param .u64 p0_src_offset, .param .u64 p0_src_size0, .param .u64 p0_src_size1, .param .u64 p0_src_stride0, .param .u64 p0_src_stride1, .param .u64 p1_dst, .param .u64 p2_row)
  // PTX-NOT: stride0_bytes
  // PTX: ld.global.v4.b32
  // PTX: st.global.v4.b32
  // PTX: ret;
  func.func @copy_rows(%src: memref<?x64xf16, 1>, %dst: memref<4096x64xf16, 1>, %row: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %c0 = arith.constant 0 : index
    %tile, %loaded = nv_tileas.tiled_load %src coords(%row, %c0) offsets() {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<?x64xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %stored = nv_tileas.tiled_store %tile, %dst coords(%row, %c0) offsets() token(%loaded) {tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<4096x64xf16, 1> -> !nv_tileaa.mem_token
    return
  }

  // A dynamic offset: the offset field moves the aligned pointer to the view's first element.
  // PTX-LABEL: .visible .entry copy_shifted(
  // PTX: ld.param.u64 %p0_src_offset, [p0_src_offset];
  // PTX-NEXT: mad.lo.u64 %p0_src_first, %p0_src_offset, 4, %p0_src;
  // PTX: cvta.to.global.u64 %global{{[0-9]+}}, %p0_src_first;
  // PTX: ret;
  func.func @copy_shifted(%src: memref<1024xf32, strided<[1], offset: ?>, 1>, %dst: memref<1024xf32, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %tile, %loaded = nv_tileas.tiled_load %src coords(%i) offsets() {tileSize = array<i64: 512>, copy_atom = #nv_tileas.copy_atom<ldg>} : memref<1024xf32, strided<[1], offset: ?>, 1> -> tensor<512xf32>, !nv_tileaa.mem_token
    %stored = nv_tileas.tiled_store %tile, %dst coords(%i) offsets() token(%loaded) {tileSize = array<i64: 512>, copy_atom = #nv_tileas.copy_atom<stg>} : memref<1024xf32, 1> -> !nv_tileaa.mem_token
    return
  }
}

// What the host passes each kernel, parameter by parameter.
// HOST-LABEL: // @copy_cutile: no host twin (the host encodes no tensor map for it)
// HOST-NEXT: // the launch passes @copy_cutile, parameter by parameter (a memref of dynamic extents, strides or offset as MLIR's memref descriptor, one .u64 a field):
// HOST-NEXT: //   p0_src_allocated: the allocated pointer of %src
// HOST-NEXT: //   p0_src: the aligned pointer of %src
// HOST-NEXT: //   p0_src_offset: the offset of %src, in elements
// HOST-NEXT: //   p0_src_size0: extent 0 of %src
// HOST-NEXT: //   p0_src_size1: extent 1 of %src
// HOST-NEXT: //   p0_src_stride0: stride 0 of %src, in elements
// HOST-NEXT: //   p0_src_stride1: stride 1 of %src, in elements
// HOST-NEXT: //   p1_dst_allocated: the allocated pointer of %dst
// HOST-LABEL: // @copy_rows: no host twin
// HOST: //   p0_src_size0: extent 0 of %src
// HOST: //   p1_dst: the aligned pointer of %dst (memref<4096x64xf16, 1>: its type fixes its extents, strides and offset)
// HOST-NEXT: //   p2_row: %row (index) as a .u64
// HOST-LABEL: // @copy_shifted: no host twin
