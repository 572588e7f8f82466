"""A sum over a row: a dynamic loop, a warp shuffle reduction, shared memory, a barrier and a
branch on the thread index, with an atomic add of the block's result.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor
from cutlass.memory import SmemAllocator

@cute.kernel
def reduce_kernel(gIn: cute.Tensor, gOut: cute.Tensor, n: cutlass.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    smem = SmemAllocator()
    partial = smem.allocate_tensor(cutlass.Float32, cute.make_layout(4), 16)
    acc = cutlass.Float32(0.0)
    for i in cutlass.range(tidx, n, 128):
        acc = acc + gIn[bidx, i]
    for offset in cutlass.range_constexpr(5):
        acc = acc + cute.arch.shuffle_sync_bfly(acc, offset=1 << (4 - offset))
    warp = cute.arch.warp_idx()
    lane = cute.arch.lane_idx()
    if lane == 0:
        partial[warp] = acc
    cute.arch.sync_threads()
    if tidx == 0:
        total = partial[0] + partial[1] + partial[2] + partial[3]
        gOut[bidx] = total

@cute.jit
def run(x: cute.Tensor, y: cute.Tensor, n: cutlass.Int32):
    reduce_kernel(x, y, n).launch(grid=(8, 1, 1), block=(128, 1, 1))

x = make_fake_compact_tensor(cutlass.Float32, (8, 1024), stride_order=(1, 0), assumed_align=16)
y = make_fake_compact_tensor(cutlass.Float32, (8,), assumed_align=16)
cute.compile(run, x, y, cutlass.Int32(1024))
