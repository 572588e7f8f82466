// RUN: cute-ir check %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s --check-prefix=PTX

// A TileAS kernel's float scalars, i64 arithmetic and `scf.if`: a float argument is its own
// `.param` type; exp is ex2 of x times log2(e); cmpf's ordered predicate is setp's plain
// compare; constants are immediates where PTX takes one (no `mov` of them is left); an `scf.if`
// branches around each region on its condition, its results registers of their own that each
// region's yield sets; an i64 is 64-bit, its low half a coordinate.
// CHECK: 1 file checked: 0 errors, 0 warnings
module attributes {gpu.container_module} {
  // PTX-LABEL: .visible .entry gate(.param .u64 p0_src_allocated, .param .u64 p0_src, .param .u64 p0_src_offset, .param .u64 p0_src_size0, .param .u64 p0_src_size1, .param .u64 p0_src_stride0, .param .u64 p0_src_stride1, .param .f32 p1_alpha, .param .u64 p2_base)
  // PTX: ld.param.f32 %p1_alpha, [p1_alpha];
  // PTX-NEXT: ld.param.u64 %p2_base, [p2_base];
  // PTX-NOT: mov.{{[a-z0-9]+}} %c
  // PTX: neg.f32 [[MINUS:%f[0-9]+]], %p1_alpha;
  // PTX-NEXT: mul.rn.f32 [[SCALED:%f[0-9]+]], [[MINUS]], 0f3FB8AA3B;
  // PTX-NEXT: ex2.approx.f32 [[E:%f[0-9]+]], [[SCALED]];
  // PTX-NEXT: add.rn.f32 [[DEN:%f[0-9]+]], 0f3F800000, [[E]];
  // PTX-NEXT: div.rn.f32 [[GATE:%f[0-9]+]], 0f3F800000, [[DEN]];
  // PTX-NEXT: setp.gt.f32 [[OPEN:%p[0-9]+]], [[GATE]], 0f3F000000;
  // PTX-NEXT: @![[OPEN]] bra [[ELSE:ELSE_[0-9]+]];
  // PTX-NEXT: add.s64 [[SUM:%x[0-9]+]], %p2_base, 4096;
  // PTX-NEXT: mov.b64 [[Y1:%yield[0-9]+]], [[SUM]];
  // PTX-NEXT: mov.b64 [[ROW:%branch[0-9]+]], [[Y1]];
  // PTX-NEXT: bra.uni [[END:IF_END_[0-9]+]];
  // PTX-NEXT: [[ELSE]]:
  // PTX-NEXT: mov.b64 [[Y2:%yield[0-9]+]], %p2_base;
  // PTX-NEXT: mov.b64 [[ROW]], [[Y2]];
  // PTX-NEXT: [[END]]:
  // PTX-NEXT: cvt.u32.u64 [[M:%lo[0-9]+]], [[ROW]];
  // PTX: add.u32 %gr{{[0-9]+}}, [[M]], %row{{[0-9]+}};
  func.func @gate(%src: memref<?x?xf32, strided<[?, 1]>, 1>, %alpha: f32, %base: i64)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %half = arith.constant 0.5 : f32
    %minus = arith.negf %alpha : f32
    %e = math.exp %minus : f32
    %denominator = arith.addf %one, %e : f32
    %gate = arith.divf %one, %denominator : f32
    %open = arith.cmpf ogt, %gate, %half : f32
    %row = scf.if %open -> (i64) {
      %far = arith.constant 4096 : i64
      %moved = arith.addi %base, %far : i64
      scf.yield %moved : i64
    } else {
      scf.yield %base : i64
    }
    %m = arith.index_cast %row : i64 to index
    %t, %loaded = nv_tileas.tiled_load %src coords(%m, %c0) offsets() {tileSize = array<i64: 64, 64>} : memref<?x?xf32, strided<[?, 1]>, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token
    %stored = nv_tileas.tiled_store %t, %src coords(%m, %c0) offsets() token(%loaded) {tileSize = array<i64: 64, 64>} : memref<?x?xf32, strided<[?, 1]>, 1> -> !nv_tileaa.mem_token
    return
  }
}
