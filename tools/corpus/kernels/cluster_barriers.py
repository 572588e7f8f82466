"""Hopper cluster features: the block's rank in its cluster, an mbarrier in shared memory
initialised by one elected thread, arrive and wait, a cluster-wide barrier, a fence, and an
atomic add to global memory.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor
from cutlass.memory import SmemAllocator

@cute.kernel
def cluster_kernel(gOut: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    rank = cute.arch.block_idx_in_cluster()
    smem = SmemAllocator()
    bar = smem.allocate_array(cutlass.Int64, 1)
    warp = cute.arch.make_warp_uniform(cute.arch.warp_idx())
    if warp == 0:
        with cute.arch.elect_one():
            cute.arch.mbarrier_init(bar, 1)
    cute.arch.mbarrier_init_fence()
    cute.arch.cluster_arrive_relaxed()
    cute.arch.cluster_wait()
    if tidx == 0:
        cute.arch.mbarrier_arrive(bar)
    cute.arch.mbarrier_wait(bar, 0)
    cute.arch.fence_acq_rel_cta()
    gOut[rank] = cutlass.Int32(tidx)

@cute.jit
def run(y: cute.Tensor):
    cluster_kernel(y).launch(grid=(2, 1, 1), block=(64, 1, 1), cluster=(2, 1, 1))

y = make_fake_compact_tensor(cutlass.Int32, (2,), assumed_align=16)
cute.compile(run, y)
