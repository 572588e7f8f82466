// RUN: cute-ir lower %s --arch sm_120a | FileCheck %s --check-prefix=IR
// RUN: cute-ir lower %s --arch sm_120a --emit ptx | FileCheck %s --check-prefix=PTX

// An f6 fragment (e3m2 / e2m3 A or B of kind::mxf8f6f4) fills no 32-bit register whole: the MMA
// takes each element in an 8-bit container, four to a register (the PTX ISA's m16n8k32 fragments
// of .e3m2 / .e2m3), its value in the low six bits. The lowering loads four elements at a time and
// widens each to its byte; the function writer keeps an f6 in a byte of memory (LLVM's store of an
// i6), so that is one `ld.b32` of four bytes with each byte's two padding bits cleared.
// IR: %[[A:.+]] = "vector.load"(%a, %{{.+}}) : (memref<16xf6E3M2FN>, index) -> vector<4xf6E3M2FN>
// IR-NEXT: %[[AI:.+]] = "arith.bitcast"(%[[A]]) : (vector<4xf6E3M2FN>) -> vector<4xi6>
// IR-NEXT: %[[AW:.+]] = "arith.extui"(%[[AI]]) : (vector<4xi6>) -> vector<4xi8>
// IR-NEXT: "llvm.bitcast"(%[[AW]]) : (vector<4xi8>) -> i32
// IR: "vector.load"(%b, %{{.+}}) : (memref<8xf6E2M3FN>, index) -> vector<4xf6E2M3FN>
// PTX: ld.b32 [[A0:%ld[0-9]+]], [%p1];
// PTX-NEXT: and.b32 [[V0:%v[0-9]+]], [[A0]], 0x3f3f3f3f;
// PTX-NEXT: ld.b32 [[A1:%ld[0-9]+]], [%p1+4];
// PTX-NEXT: and.b32 [[V1:%v[0-9]+]], [[A1]], 0x3f3f3f3f;
// PTX-NEXT: ld.b32 [[A2:%ld[0-9]+]], [%p1+8];
// PTX-NEXT: and.b32 [[V2:%v[0-9]+]], [[A2]], 0x3f3f3f3f;
// PTX-NEXT: ld.b32 [[A3:%ld[0-9]+]], [%p1+12];
// PTX-NEXT: and.b32 [[V3:%v[0-9]+]], [[A3]], 0x3f3f3f3f;
// PTX-NEXT: ld.b32 [[B0:%ld[0-9]+]], [%p2];
// PTX-NEXT: and.b32 [[W0:%v[0-9]+]], [[B0]], 0x3f3f3f3f;
// PTX-NEXT: ld.b32 [[B1:%ld[0-9]+]], [%p2+4];
// PTX-NEXT: and.b32 [[W1:%v[0-9]+]], [[B1]], 0x3f3f3f3f;
// PTX: mma.sync.aligned.kind::mxf8f6f4.block_scale.scale_vec::1X.m16n8k32.row.col.f32.e3m2.e2m3.f32.ue8m0 {{{.*}}}, {[[V0]], [[V1]], [[V2]], [[V3]]}, {[[W0]], [[W1]]}, {{.*}};
func.func @f6(%d: memref<4xf32>, %a: memref<16xf6E3M2FN>, %b: memref<8xf6E2M3FN>, %sfa: memref<4xf8E8M0FNU>, %sfb: memref<4xf8E8M0FNU>) {
  %atom = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 32], vec_size = 32, a_type = f6E3M2FN, b_type = f6E2M3FN, c_type = f32, sf_type = f8E8M0FNU, a_source = "rmem"} : !cute_nvgpu.SM120.mma_bs
  cute_nvgpu.mma %atom, %d, %a, %b, %d, %sfa, %sfb : (!cute_nvgpu.SM120.mma_bs, memref<4xf32>, memref<16xf6E3M2FN>, memref<8xf6E2M3FN>, memref<4xf32>, memref<4xf8E8M0FNU>, memref<4xf8E8M0FNU>)
  return
}
