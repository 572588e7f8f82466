// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s

// PTX has no predicate parameter: an `i1` argument of a function the writer emits
// (emit/lowered_kernel.py) is a byte, as LLVM's NVPTX backend passes one, whose low bit
// `setp.ne` makes the predicate the `scf.if` branches on.
// CHECK-LABEL: .visible .entry flagged(
// CHECK-SAME: .param .u8 [[FLAG:p2]])
// CHECK: ld.param.u8 [[BYTE:%p2_byte[0-9]+]], [[[FLAG]]];
// CHECK-NEXT: and.b16 [[BIT:%p2_bit[0-9]+]], [[BYTE]], 1;
// CHECK-NEXT: setp.ne.b16 [[PRED:%p2]], [[BIT]], 0;
// CHECK: @![[PRED]] bra [[SKIP:ENDIF_[0-9]+]];
// CHECK-NEXT: neg.s32 [[NEG:%out[0-9]+]], %p1;
// CHECK-NEXT: st.b32 [%p0], [[NEG]];
// CHECK-NEXT: [[SKIP]]:
// CHECK-NEXT: ret;
module {
  func.func @flagged(%out: memref<2xi32>, %n: i32, %on: i1) {
    %c0 = arith.constant 0 : index
    scf.if %on {
      %neg = "llvm.inline_asm"(%n) <{asm_string = "neg.s32 $0, $1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
      memref.store %neg, %out[%c0] : memref<2xi32>
    }
    return
  }
}
