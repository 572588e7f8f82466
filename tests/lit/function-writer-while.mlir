// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s

// An `scf.while` in a function the writer emits (emit/lowered_kernel.py) is a loop: the
// before-region at the top, its `scf.condition` moving what it passes into the registers the
// after-region's arguments and the loop's results share, then a branch out unless the predicate
// holds; the after-region, whose `scf.yield` sets the carried values, then back to the top.
// CHECK-LABEL: .visible .entry halve(
// CHECK: mov.b32 [[X:%carried[0-9]+]], %p1;
// CHECK-NEXT: [[TOP:WHILE_[0-9]+]]:
// CHECK-NEXT: setp.gt.u32 [[MORE:%cmp[0-9]+]], [[X]], 1;
// CHECK-NEXT: mov.b32 [[PASSED:%passed[0-9]+]], [[X]];
// CHECK-NEXT: @![[MORE]] bra [[END:WHILE_END_[0-9]+]];
// CHECK-NEXT: shr.u32 [[HALF:%out[0-9]+]], [[PASSED]], 1;
// CHECK-NEXT: mov.b32 [[X]], [[HALF]];
// CHECK-NEXT: bra.uni [[TOP]];
// CHECK-NEXT: [[END]]:
// CHECK-NEXT: st.b32 [%p0], [[PASSED]];
// CHECK-NEXT: ret;
module {
  func.func @halve(%out: memref<1xi32>, %n: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : i32
    %r = scf.while (%x = %n) : (i32) -> i32 {
      %more = arith.cmpi ugt, %x, %c1 : i32
      scf.condition(%more) %x : i32
    } do {
    ^bb0(%y: i32):
      %half = "llvm.inline_asm"(%y) <{asm_string = "shr.u32 $0, $1, 1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
      scf.yield %half : i32
    }
    memref.store %r, %out[%c0] : memref<1xi32>
    return
  }
}
