// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s

// A `cf.switch` in a function the writer emits (emit/lowered_kernel.py) is a compare-and-branch
// chain: each case `setp.eq` of the flag and its value and a branch to its block (past the
// moves of what it passes), the default's moves and branch last.
// CHECK-LABEL: .visible .entry dispatch(
// CHECK: add.s32 [[K:%out[0-9]+]], %p1, 1;
// CHECK-NEXT: setp.eq.s32 [[C1:%case[0-9]+]], [[K]], 1;
// CHECK-NEXT: @[[C1]] bra [[ONE:BB_[0-9]+]];
// CHECK-NEXT: setp.eq.s32 [[C2:%case[0-9]+]], [[K]], 2;
// CHECK-NEXT: @![[C2]] bra [[NEXT:CASE_[0-9]+]];
// CHECK-NEXT: mov.b32 [[ARG:%arg[0-9]+]], [[K]];
// CHECK-NEXT: bra.uni [[STORE:BB_[0-9]+]];
// CHECK-NEXT: [[NEXT]]:
// CHECK-NEXT: bra.uni [[DONE:BB_[0-9]+]];
// CHECK-NEXT: [[ONE]]:
// CHECK: [[STORE]]:
// CHECK-NEXT: st.b32 [%p0], [[ARG]];
// CHECK: [[DONE]]:
// CHECK-NEXT: ret;
module {
  func.func @dispatch(%p: memref<4xi32>, %n: i32) {
    %c0 = arith.constant 0 : index
    %k = "llvm.inline_asm"(%n) <{asm_string = "add.s32 $0, $1, 1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
    cf.switch %k : i32, [
      default: ^done,
      1: ^one,
      2: ^store(%k : i32)
    ]
  ^one:
    %t = arith.addi %k, %k : i32
    cf.br ^store(%t : i32)
  ^store(%v: i32):
    memref.store %v, %p[%c0] : memref<4xi32>
    cf.br ^done
  ^done:
    return
  }
}
