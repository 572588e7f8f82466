// RUN: cute-ir lower %s --arch sm_90a --emit ptx | FileCheck %s

// A function of several blocks the writer emits (emit/lowered_kernel.py): each block after the
// entry is a label with a register per argument, which each `cf` branch to it sets (through
// temporaries where it passes them crossed); a float comparison is `setp` of PTX's ordered
// compare, `arith.select` is `selp`, and float arithmetic rounds to nearest (`.rn`, which ptxas does not fuse into an fma).
// CHECK-LABEL: .visible .entry clamp(
// CHECK: setp.lt.f32 [[NEG:%cmp[0-9]+]], %p1, 0f00000000;
// CHECK-NEXT: @![[NEG]] bra [[ELSE:ELSE_[0-9]+]];
// CHECK-NEXT: mov.f32 [[ARG:%arg[0-9]+]], 0f00000000;
// CHECK-NEXT: bra.uni [[STORE:BB_[0-9]+]];
// CHECK-NEXT: [[ELSE]]:
// CHECK-NEXT: bra.uni [[SCALE:BB_[0-9]+]];
// CHECK-NEXT: [[SCALE]]:
// CHECK-NEXT: mul.rn.f32 [[M:%f[0-9]+]], %p1, %p1;
// CHECK-NEXT: add.rn.f32 [[S:%f[0-9]+]], [[M]], %p1;
// CHECK-NEXT: selp.f32 [[SEL:%sel[0-9]+]], [[S]], %p1, [[NEG]];
// CHECK-NEXT: mov.f32 [[ARG]], [[SEL]];
// CHECK-NEXT: bra.uni [[STORE]];
// CHECK-NEXT: [[STORE]]:
// CHECK-NEXT: sqrt.approx.f32 [[R:%out[0-9]+]], [[ARG]];
// CHECK-NEXT: st.f32 [%p0], [[R]];
// CHECK-NEXT: ret;
module {
  func.func @clamp(%out: memref<1xf32>, %x: f32) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %neg = arith.cmpf olt, %x, %zero : f32
    cf.cond_br %neg, ^store(%zero : f32), ^scale
  ^scale:
    %m = arith.mulf %x, %x : f32
    %s = arith.addf %m, %x : f32
    %v = arith.select %neg, %s, %x : f32
    cf.br ^store(%v : f32)
  ^store(%r: f32):
    %root = "llvm.inline_asm"(%r) <{asm_string = "sqrt.approx.f32 $0, $1;", constraints = "=f,f", has_side_effects}> : (f32) -> f32
    memref.store %root, %out[%c0] : memref<1xf32>
    return
  }
}
