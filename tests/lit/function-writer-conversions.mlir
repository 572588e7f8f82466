// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s

// `arith`'s conversions in a function the writer emits (emit/lowered_kernel.py) are `cvt` with
// MLIR's rounding: an integer widens by the op's signedness and narrows by truncation, an `i1`
// widens by `selp` (1, or -1 signed) and narrows to its low bit; an integer becomes a float
// rounded to nearest (`.rn`), a float an integer rounded toward zero (`.rzi`, which clamps what
// MLIR makes poison); `extf` is exact and `truncf` rounds by its mode, to nearest by default.
// CHECK-LABEL: .visible .entry conversions(
// CHECK: add.s32 [[K:%out[0-9]+]], %p1, 1;
// CHECK-NEXT: cvt.u64.u32 %v{{[0-9]+}}, [[K]];
// CHECK-NEXT: cvt.s32.s16 %v{{[0-9]+}}, %p3;
// CHECK-NEXT: cvt.u32.u64 %v{{[0-9]+}}, %p2;
// CHECK-NEXT: and.b32 [[LOW:%low[0-9]+]], [[K]], 1;
// CHECK-NEXT: setp.ne.b32 %v{{[0-9]+}}, [[LOW]], 0;
// CHECK-NEXT: selp.s64 %v{{[0-9]+}}, -1, 0, %p7;
// CHECK-NEXT: cvt.rn.f32.s32 [[F:%v[0-9]+]], [[K]];
// CHECK-NEXT: cvt.rn.f16.s32 %v{{[0-9]+}}, [[K]];
// CHECK-NEXT: cvt.rzi.u64.f64 %v{{[0-9]+}}, %p6;
// CHECK-NEXT: cvt.rzi.s16.f16 %v{{[0-9]+}}, %p4;
// CHECK-NEXT: cvt.f32.f16 %v{{[0-9]+}}, %p4;
// CHECK-NEXT: cvt.rn.f16.f32 %v{{[0-9]+}}, %p5;
// CHECK-NEXT: cvt.rm.f32.f64 %v{{[0-9]+}}, %p6;
// CHECK-NEXT: st.f32 [%p0], [[F]];
// CHECK-NEXT: ret;
module {
  func.func @conversions(%out: memref<4xf32>, %n: i32, %w: i64, %s: i16, %h: f16, %x: f32, %y: f64, %flag: i1) {
    %k = "llvm.inline_asm"(%n) <{asm_string = "add.s32 $0, $1, 1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
    %zu = arith.extui %k : i32 to i64
    %zs = arith.extsi %s : i16 to i32
    %t = arith.trunci %w : i64 to i32
    %t1 = arith.trunci %k : i32 to i1
    %s1 = arith.extsi %flag : i1 to i64
    %f1 = arith.sitofp %k : i32 to f32
    %f4 = arith.sitofp %k : i32 to f16
    %i2 = arith.fptoui %y : f64 to i64
    %i3 = arith.fptosi %h : f16 to i16
    %w1 = arith.extf %h : f16 to f32
    %n1 = arith.truncf %x : f32 to f16
    %n4 = arith.truncf %y downward : f64 to f32
    %c0 = arith.constant 0 : index
    memref.store %f1, %out[%c0] : memref<4xf32>
    return
  }
}
