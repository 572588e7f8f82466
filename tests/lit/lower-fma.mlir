// RUN: cute-ir lower %s --arch sm_70 2>&1 | FileCheck %s

// The universal FMA becomes inline assembly of one element each: D an output and A, B, C inputs
// of its element type's register (`f` f32, `h` a 16-bit one, `d` f64), C entering from D.
// CHECK-LABEL: func.func @f32
// CHECK: %[[A:.+]] = "memref.load"(%a, %[[I:.+]]) : (memref<1xf32>, index) -> f32
// CHECK-NEXT: %[[B:.+]] = "memref.load"(%b, %[[I]]) : (memref<1xf32>, index) -> f32
// CHECK-NEXT: %[[C:.+]] = "memref.load"(%d, %[[I]]) : (memref<1xf32>, index) -> f32
// CHECK-NEXT: %[[D:.+]] = "llvm.inline_asm"(%[[A]], %[[B]], %[[C]]) <{asm_string = "fma.rn.f32 $0, $1, $2, $3;", constraints = "=f,f,f,f", has_side_effects}> : (f32, f32, f32) -> f32
// CHECK-NEXT: "memref.store"(%[[D]], %d, %[[I]]) : (f32, memref<1xf32>, index) -> ()
func.func @f32(%d: memref<1xf32>, %a: memref<1xf32>, %b: memref<1xf32>) {
  %m = cute_nvgpu.make_mma_atom {shape_MNK = [1, 1, 1], a_type = f32, b_type = f32, c_type = f32} : !cute_nvgpu.atom.universal_fma
  cute_nvgpu.mma %m, %d, %a, %b, %d : (!cute_nvgpu.atom.universal_fma, memref<1xf32>, memref<1xf32>, memref<1xf32>, memref<1xf32>)
  return
}

// CHECK-LABEL: func.func @f16
// CHECK: "llvm.inline_asm"({{.+}}) <{asm_string = "fma.rn.f16 $0, $1, $2, $3;", constraints = "=h,h,h,h", has_side_effects}> : (i16, i16, i16) -> i16
func.func @f16(%d: memref<1xf16>, %a: memref<1xf16>, %b: memref<1xf16>) {
  %m = cute.make_atom() : () -> !cute_nvgpu.atom.universal_fma<1x1x1, (f16, f16) -> f16>
  cute_nvgpu.mma %m, %d, %a, %b, %d : (!cute_nvgpu.atom.universal_fma<1x1x1, (f16, f16) -> f16>, memref<1xf16>, memref<1xf16>, memref<1xf16>, memref<1xf16>)
  return
}

// CHECK-LABEL: func.func @f64
// CHECK: "llvm.inline_asm"({{.+}}) <{asm_string = "fma.rn.f64 $0, $1, $2, $3;", constraints = "=d,d,d,d", has_side_effects}> : (f64, f64, f64) -> f64
func.func @f64(%d: memref<1xf64>, %a: memref<1xf64>, %b: memref<1xf64>) {
  %m = cute_nvgpu.make_mma_atom {shape_MNK = [1, 1, 1], a_type = f64, b_type = f64, c_type = f64} : !cute_nvgpu.atom.universal_fma
  cute_nvgpu.mma %m, %d, %a, %b, %d : (!cute_nvgpu.atom.universal_fma, memref<1xf64>, memref<1xf64>, memref<1xf64>, memref<1xf64>)
  return
}

// Values are no fragment: the op stays as written, and says why.
// CHECK: lower-fma.mlir:[[# @LINE + 3]]:3: information: `cute_nvgpu.mma` is not lowered: its operands do not bind to the instruction's constraints: a f32 operand is not a fragment of 32-bit registers [lower:lower.not-lowered]
func.func @values(%x: f32) {
  %m = cute_nvgpu.make_mma_atom {shape_MNK = [1, 1, 1], a_type = f32, b_type = f32, c_type = f32} : !cute_nvgpu.atom.universal_fma
  cute_nvgpu.mma %m, %x, %x, %x, %x : (!cute_nvgpu.atom.universal_fma, f32, f32, f32, f32)
  return
}
