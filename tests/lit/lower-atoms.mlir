// RUN: cute-ir lower %s --arch sm_80 --print-ir-after-all | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_75 2>&1 | FileCheck %s --check-prefix=TOO-OLD

// The MMA becomes inline assembly whose operands are bound by constraints (the MMA page's
// contract): A and B as b32 registers (pairs of f16), the accumulator as f32 in and out.
// CHECK-LABEL: IR Dump After ConvertCuteNvgpuToPtx (convert-cute-nvgpu-to-ptx)
// CHECK: %m = cute_nvgpu.make_mma_atom
// CHECK-NOT: cute_nvgpu.mma %m
// CHECK: %[[A0:.+]] = "vector.load"(%a, %[[I0:.+]]) : (memref<8xf16>, index) -> vector<2xf16>
// CHECK-NEXT: %[[R0:.+]] = "llvm.bitcast"(%[[A0]]) : (vector<2xf16>) -> i32
// CHECK: %[[D0:.+]] = "memref.load"(%d, %[[I0]]) : (memref<4xf32>, index) -> f32
// CHECK: %[[ASM:.+]] = "llvm.inline_asm"(%[[R0]], {{.*}}, %[[D0]], {{.*}}) <{asm_string = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", constraints = "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f", has_side_effects}> : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT: %[[E0:.+]] = "llvm.extractvalue"(%[[ASM]]) <{position = array<i64: 0>}>
// CHECK-NEXT: "memref.store"(%[[E0]], %d, %[[I0]])
// CHECK-LABEL: IR Dump After EraseDeadAtoms (cute-nvgpu-erase-dead-atoms)
// CHECK-NOT: make_mma_atom
// CHECK: "llvm.inline_asm"
// CHECK: "llvm.extractvalue"(%{{.+}}) <{position = array<i64: 3>}>
// CHECK-NEXT: "memref.store"
// CHECK-NEXT: return

// A target the atom needs more than is input that fails to verify: as mlir-opt, no pass runs.
// TOO-OLD: lower-atoms.mlir:[[# @LINE + 3]]:103: error: atom `sm80.mma` needs sm_80 or later, but the target is sm_75 (spec minimum tier: SM80) [verify:verify.target]
// TOO-OLD-NOT: not lowered
func.func @f(%d: memref<4xf32>, %a: memref<8xf16>, %b: memref<4xf16>) {
  %m = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm80.mma
  cute_nvgpu.mma %m, %d, %a, %b, %d : (!cute_nvgpu.sm80.mma, memref<4xf32>, memref<8xf16>, memref<4xf16>, memref<4xf32>)
  return
}
