// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s

// Vectors lane by lane in a function the writer emits (emit/lowered_kernel.py): a pair of f16
// by the packed instruction, a pair of f32 truncated by one `cvt` (its first operand the upper
// lane), an i8 in a 16-bit register extended before a division, a switch on an i1.
// CHECK-LABEL: .visible .entry lanes(
// CHECK: ld.b32 [[A:%ld[0-9]+]], [%p0];
// CHECK-NEXT: add.rn.f16x2 [[S:%x2[0-9]+]], [[A]], [[A]];
// CHECK: mov.b64 {[[LO:%lane[0-9]+]], [[HI:%lane[0-9]+]]}, {{%ld[0-9]+}};
// CHECK-NEXT: cvt.rn.f16x2.f32 {{%x2[0-9]+}}, [[HI]], [[LO]];
// CHECK: ld.u8 [[B:%ld[0-9]+]], [%p2];
// CHECK-NEXT: cvt.s16.s8 [[X:%byte[0-9]+]], [[B]];
// CHECK-NEXT: cvt.s16.s8 [[Y:%byte[0-9]+]], %p3;
// CHECK-NEXT: div.s16 [[Q:%i[0-9]+]], [[X]], [[Y]];
// CHECK-NEXT: st.u8 [%p2], [[Q]];
// CHECK: not.pred [[OFF:%case[0-9]+]], %p4;
// CHECK-NEXT: @[[OFF]] bra [[ZERO:BB_[0-9]+]];
module {
  func.func @lanes(%h: memref<8xf16>, %f: memref<8xf32>, %b: memref<8xi8>, %s: i8, %flag: i1) {
    %c0 = arith.constant 0 : index
    "llvm.inline_asm"() <{asm_string = "// lanes", constraints = "", has_side_effects}> : () -> ()
    %a = vector.load %h[%c0] : memref<8xf16>, vector<2xf16>
    %sum = arith.addf %a, %a : vector<2xf16>
    vector.store %sum, %h[%c0] : memref<8xf16>, vector<2xf16>
    %w = vector.load %f[%c0] : memref<8xf32>, vector<2xf32>
    %n = arith.truncf %w : vector<2xf32> to vector<2xf16>
    vector.store %n, %h[%c0] : memref<8xf16>, vector<2xf16>
    %x = memref.load %b[%c0] : memref<8xi8>
    %q = arith.divsi %x, %s : i8
    memref.store %q, %b[%c0] : memref<8xi8>
    cf.switch %flag : i1, [
      default: ^done,
      0: ^zero
    ]
  ^zero:
    memref.store %s, %b[%c0] : memref<8xi8>
    cf.br ^done
  ^done:
    return
  }
}
