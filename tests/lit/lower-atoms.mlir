// RUN: cute-ir lower %s --arch sm_80 --print-ir-after-all | FileCheck %s
// RUN: not cute-ir lower %s --arch sm_75 2>&1 | FileCheck %s --check-prefix=TOO-OLD

// CHECK-LABEL: IR Dump After ConvertCuteNvgpuToPtx (convert-cute-nvgpu-to-ptx)
// CHECK: %m = cute_nvgpu.make_mma_atom
// CHECK-NOT: cute_nvgpu.mma %m
// CHECK: "llvm.inline_asm"(%d, %a, %b, %d) {asm_string = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-SAME: has_side_effects
// CHECK-LABEL: IR Dump After EraseDeadAtoms (cute-nvgpu-erase-dead-atoms)
// CHECK-NOT: make_mma_atom
// CHECK: "llvm.inline_asm"(%d, %a, %b, %d)
// CHECK-NEXT: return

// TOO-OLD: error: `cute_nvgpu.mma` is not lowered:
func.func @f(%d: memref<4xf32>, %a: memref<8xf16>, %b: memref<4xf16>) {
  %m = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm80.mma
  cute_nvgpu.mma %m, %d, %a, %b, %d : (!cute_nvgpu.sm80.mma, memref<4xf32>, memref<8xf16>, memref<4xf16>, memref<4xf32>)
  return
}
