"""SM120 block-scaled NVFP4 warp MMA (mma.sync m16n8k64 kind::mxf4nvf4, scale_vec::4X,
ue4m3 scales) on register fragments read from global memory.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
import cutlass.utils.blackwell_helpers as sm100_utils
from cutlass.cute.nvgpu import warp
from cutlass.cute.runtime import make_fake_compact_tensor

@cute.kernel
def nvfp4_kernel(tiled_mma: cute.TiledMma, gA: cute.Tensor, gB: cute.Tensor, gSFA: cute.Tensor,
                 gSFB: cute.Tensor, gC: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    thr_mma = tiled_mma.get_slice(tidx)
    tCrA = tiled_mma.make_fragment_A(thr_mma.partition_A(gA))
    tCrB = tiled_mma.make_fragment_B(thr_mma.partition_B(gB))
    cute.autovec_copy(thr_mma.partition_A(gA), tCrA)
    cute.autovec_copy(thr_mma.partition_B(gB), tCrB)
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
    tiled_mma = cute.make_tiled_mma(
        warp.MmaMXF4NVF4Op(cutlass.Float4E2M1FN, cutlass.Float32, cutlass.Float8E4M3FN))
    nvfp4_kernel(tiled_mma, a, b, sfa, sfb, c).launch(grid=(1, 1, 1), block=(32, 1, 1))

a = make_fake_compact_tensor(cutlass.Float4E2M1FN, (16, 64), stride_order=(1, 0), assumed_align=16)
b = make_fake_compact_tensor(cutlass.Float4E2M1FN, (8, 64), stride_order=(1, 0), assumed_align=16)
sfa = make_fake_compact_tensor(cutlass.Float8E4M3FN, (64,), assumed_align=16)
sfb = make_fake_compact_tensor(cutlass.Float8E4M3FN, (32,), assumed_align=16)
c = make_fake_compact_tensor(cutlass.Float32, (16, 8), stride_order=(1, 0), assumed_align=16)
cute.compile(run, a, b, sfa, sfb, c)
