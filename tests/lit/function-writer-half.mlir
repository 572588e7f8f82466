// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: cute-ir lower %s --arch sm_80 --emit ptx | FileCheck %s --check-prefixes=CHECK,SM80

// f16 and bf16 arithmetic in a function the writer emits (emit/lowered_kernel.py): the 16-bit
// instruction where the target has it (f16 from sm_53, bf16 add / sub / mul / setp from sm_90),
// else the f32 one between an exact widening and one rounding to nearest, which is the 16-bit
// result (f32 holds more than twice a half's significand); `divf`, which PTX has in no 16-bit
// form, always so. `maximumf` is `max.NaN`.
// CHECK-LABEL: .visible .entry halves(
// CHECK: add.rn.f16 [[A:%f[0-9]+]], %p1, %p2;
// CHECK-NEXT: cvt.f32.f16 [[WA:%wide[0-9]+]], [[A]];
// CHECK-NEXT: cvt.f32.f16 [[WB:%wide[0-9]+]], %p2;
// CHECK-NEXT: div.rn.f32 [[Q:%wide[0-9]+]], [[WA]], [[WB]];
// CHECK-NEXT: cvt.rn.f16.f32 [[D:%f[0-9]+]], [[Q]];
// CHECK-NEXT: max.NaN.f16 [[M:%f[0-9]+]], [[D]], %p1;
// CHECK-NEXT: setp.ltu.f16 [[LT:%cmp[0-9]+]], [[M]], %p2;
// CHECK-NEXT: selp.b16 [[R:%sel[0-9]+]], [[M]], %p2, [[LT]];
// CHECK-NEXT: st.b16 [%p0], [[R]];
// SM90-NEXT: mul.rn.bf16 [[BM:%f[0-9]+]], %p3, %p4;
// SM90-NEXT: setp.ge.bf16 [[GE:%cmp[0-9]+]], [[BM]], %p4;
// SM80-NEXT: cvt.f32.bf16 [[X:%wide[0-9]+]], %p3;
// SM80-NEXT: cvt.f32.bf16 [[Y:%wide[0-9]+]], %p4;
// SM80-NEXT: mul.rn.f32 [[P:%wide[0-9]+]], [[X]], [[Y]];
// SM80-NEXT: cvt.rn.bf16.f32 [[BM:%f[0-9]+]], [[P]];
// SM80-NEXT: cvt.f32.bf16 [[U:%wide[0-9]+]], [[BM]];
// SM80-NEXT: cvt.f32.bf16 [[V:%wide[0-9]+]], %p4;
// SM80-NEXT: setp.ge.f32 [[GE:%cmp[0-9]+]], [[U]], [[V]];
// CHECK-NEXT: selp.b16 [[BR:%sel[0-9]+]], [[BM]], %p4, [[GE]];
// CHECK-NEXT: st.b16 [%p0+2], [[BR]];
// CHECK-NEXT: ret;
module {
  func.func @halves(%out: memref<8xf16>, %h: f16, %g: f16, %b: bf16, %c: bf16) {
    %k = "llvm.inline_asm"(%h) <{asm_string = "mov.b16 $0, $1;", constraints = "=h,h", has_side_effects}> : (f16) -> f16
    %a = arith.addf %h, %g : f16
    %d = arith.divf %a, %g : f16
    %m = arith.maximumf %d, %h : f16
    %lt = arith.cmpf ult, %m, %g : f16
    %r = arith.select %lt, %m, %g : f16
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    memref.store %r, %out[%c0] : memref<8xf16>
    %bm = arith.mulf %b, %c : bf16
    %ge = arith.cmpf oge, %bm, %c : bf16
    %br = arith.select %ge, %bm, %c : bf16
    %bits = arith.bitcast %br : bf16 to f16
    memref.store %bits, %out[%c1] : memref<8xf16>
    return
  }
}
