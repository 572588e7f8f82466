"""SM120 block-scaled NVFP4 warp MMA whose A and B fragments come from shared memory by
ldmatrix: 4-bit values, packed four to a 16-bit unit, moved by `ldmatrix ... .b16` (the copy
atom is LdMatrix8x8x16bOp on Float4E2M1FN), then mma.sync m16n8k64 kind::mxf4nvf4.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
import cutlass.utils.blackwell_helpers as sm100_utils
from cutlass.cute.nvgpu import warp
from cutlass.memory import SmemAllocator
from cutlass.cute.runtime import make_fake_compact_tensor

@cute.kernel
def nvfp4_ldsm_kernel(gA: cute.Tensor, gB: cute.Tensor, gSFA: cute.Tensor, gSFB: cute.Tensor,
                      gC: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    tiled_mma = cute.make_tiled_mma(
        warp.MmaMXF4NVF4Op(cutlass.Float4E2M1FN, cutlass.Float32, cutlass.Float8E4M3FN))
    smem = SmemAllocator()
    sA = smem.allocate_tensor(cutlass.Float4E2M1FN, cute.make_layout((16, 64), stride=(64, 1)), 16)
    sB = smem.allocate_tensor(cutlass.Float4E2M1FN, cute.make_layout((8, 64), stride=(64, 1)), 16)
    if tidx == 0:
        cute.autovec_copy(gA, sA)
        cute.autovec_copy(gB, sB)
    cute.arch.sync_threads()
    thr_mma = tiled_mma.get_slice(tidx)
    tCrA = tiled_mma.make_fragment_A(thr_mma.partition_A(sA))
    tCrB = tiled_mma.make_fragment_B(thr_mma.partition_B(sB))
    # ldmatrix .b16 over packed 4-bit data: x4 for A, x2 for B
    s2r_a = cute.make_tiled_copy_A(
        cute.make_copy_atom(warp.LdMatrix8x8x16bOp(False, 4), cutlass.Float4E2M1FN), tiled_mma)
    s2r_b = cute.make_tiled_copy_B(
        cute.make_copy_atom(warp.LdMatrix8x8x16bOp(False, 2), cutlass.Float4E2M1FN), tiled_mma)
    ta = s2r_a.get_slice(tidx)
    tb = s2r_b.get_slice(tidx)
    cute.copy(s2r_a, ta.partition_S(sA), ta.retile(tCrA))
    cute.copy(s2r_b, tb.partition_S(sB), tb.retile(tCrB))
    # Scale factors: one E4M3 per 16 elements of K.
    sfa = cute.make_tensor(gSFA.iterator, cute.make_layout((16, (16, 4)), stride=(4, (0, 1))))
    sfb = cute.make_tensor(gSFB.iterator, cute.make_layout((8, (16, 4)), stride=(4, (0, 1))))
    tCrSFA = sm100_utils.partition_fragment_SFA(sfa, thr_mma, tidx)
    tCrSFB = sm100_utils.partition_fragment_SFB(sfb, thr_mma, tidx)
    tCrSFB = cute.make_tensor(tCrSFB.iterator, cute.append(tCrSFB.layout, cute.make_layout(1)))
    tCgC = thr_mma.partition_C(gC)
    acc = tiled_mma.make_fragment_C(tCgC)
    acc.fill(0.0)
    cute.gemm(tiled_mma, acc, [tCrA, tCrSFA], [tCrB, tCrSFB], acc)
    cute.autovec_copy(acc, tCgC)

@cute.jit
def run(a: cute.Tensor, b: cute.Tensor, sfa: cute.Tensor, sfb: cute.Tensor, c: cute.Tensor):
    nvfp4_ldsm_kernel(a, b, sfa, sfb, c).launch(grid=(1, 1, 1), block=(32, 1, 1))

a = make_fake_compact_tensor(cutlass.Float4E2M1FN, (16, 64), stride_order=(1, 0), assumed_align=16)
b = make_fake_compact_tensor(cutlass.Float4E2M1FN, (8, 64), stride_order=(1, 0), assumed_align=16)
sfa = make_fake_compact_tensor(cutlass.Float8E4M3FN, (64,), assumed_align=16)
sfb = make_fake_compact_tensor(cutlass.Float8E4M3FN, (32,), assumed_align=16)
c = make_fake_compact_tensor(cutlass.Float32, (16, 8), stride_order=(1, 0), assumed_align=16)
cute.compile(run, a, b, sfa, sfb, c)
