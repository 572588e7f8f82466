"""Ampere: cp.async.cg (16 bytes) global -> shared, ldmatrix x4 / x2 into
register fragments, one mma.sync m16n8k16 f16 x f16 -> f32.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import cpasync, warp
from cutlass.memory import SmemAllocator
from cutlass.cute.runtime import make_fake_compact_tensor

@cute.kernel
def ampere_kernel(gA: cute.Tensor, gB: cute.Tensor, gC: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = SmemAllocator()
    sA = smem.allocate_tensor(cutlass.Float16, cute.make_layout((16, 16), stride=(16, 1)), 16)
    sB = smem.allocate_tensor(cutlass.Float16, cute.make_layout((8, 16), stride=(16, 1)), 16)
    # cp.async.cg 16 bytes: global -> shared
    g2s = cute.make_copy_atom(cpasync.CopyG2SOp(cache_mode=cpasync.LoadCacheMode.GLOBAL),
                              cutlass.Float16, num_bits_per_copy=128)
    tiled_g2s = cute.make_tiled_copy_tv(g2s, cute.make_layout((16, 2), stride=(2, 1)),
                                        cute.make_layout((1, 8)))
    thr_g2s = tiled_g2s.get_slice(tidx)
    cute.copy(tiled_g2s, thr_g2s.partition_S(gA), thr_g2s.partition_D(sA))
    cute.copy(tiled_g2s, thr_g2s.partition_S(gB), thr_g2s.partition_D(sB))
    cute.arch.cp_async_commit_group()
    cute.arch.cp_async_wait_group(0)
    cute.arch.sync_threads()
    # mma.sync m16n8k16 f16 -> f32
    tiled_mma = cute.make_tiled_mma(warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)))
    thr_mma = tiled_mma.get_slice(tidx)
    tCrA = tiled_mma.make_fragment_A(thr_mma.partition_A(sA))
    tCrB = tiled_mma.make_fragment_B(thr_mma.partition_B(sB))
    tCgC = thr_mma.partition_C(gC)
    acc = tiled_mma.make_fragment_C(tCgC)
    acc.fill(0.0)
    # ldmatrix x4 for A, x2 for B
    s2r_a = cute.make_tiled_copy_A(
        cute.make_copy_atom(warp.LdMatrix8x8x16bOp(False, 4), cutlass.Float16), tiled_mma)
    s2r_b = cute.make_tiled_copy_B(
        cute.make_copy_atom(warp.LdMatrix8x8x16bOp(False, 2), cutlass.Float16), tiled_mma)
    ta = s2r_a.get_slice(tidx)
    tb = s2r_b.get_slice(tidx)
    cute.copy(s2r_a, ta.partition_S(sA), ta.retile(tCrA))
    cute.copy(s2r_b, tb.partition_S(sB), tb.retile(tCrB))
    cute.gemm(tiled_mma, acc, tCrA, tCrB, acc)
    cute.autovec_copy(acc, tCgC)

@cute.jit
def run(a: cute.Tensor, b: cute.Tensor, c: cute.Tensor):
    ampere_kernel(a, b, c).launch(grid=(1, 1, 1), block=(32, 1, 1))

a = make_fake_compact_tensor(cutlass.Float16, (16, 16), stride_order=(1, 0), assumed_align=16)
b = make_fake_compact_tensor(cutlass.Float16, (8, 16), stride_order=(1, 0), assumed_align=16)
c = make_fake_compact_tensor(cutlass.Float32, (16, 8), stride_order=(1, 0), assumed_align=16)
cute.compile(run, a, b, c)
