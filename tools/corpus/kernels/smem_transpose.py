"""A tile transpose through shared memory with a swizzled layout, `cp.async` copies, a while
loop and `cute.printf`.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import cpasync
from cutlass.cute.runtime import make_fake_compact_tensor
from cutlass.memory import SmemAllocator

@cute.kernel
def transpose_kernel(gIn: cute.Tensor, gOut: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = SmemAllocator()
    sw = cute.make_swizzle(3, 2, 3)
    s_layout = cute.make_composed_layout(sw, 0, cute.make_layout((32, 32), stride=(32, 1)))
    sT = smem.allocate_tensor(cutlass.Float32, s_layout, 128)
    atom = cute.make_copy_atom(cpasync.CopyG2SOp(), cutlass.Float32, num_bits_per_copy=32)
    tiled = cute.make_tiled_copy_tv(atom, cute.make_layout((32, 4), stride=(4, 1)), cute.make_layout((1, 8)))
    thr = tiled.get_slice(tidx)
    cute.copy(atom, thr.partition_S(gIn), thr.partition_D(sT))
    cute.arch.cp_async_commit_group()
    cute.arch.cp_async_wait_group(0)
    cute.arch.sync_threads()
    row = tidx
    while row < 32:
        for j in cutlass.range_constexpr(32):
            gOut[j, row] = sT[row, j]
        row = row + 128
    if tidx == 0:
        cute.printf("done %d\n", tidx)

@cute.jit
def run(x: cute.Tensor, y: cute.Tensor):
    transpose_kernel(x, y).launch(grid=(1, 1, 1), block=(128, 1, 1))

x = make_fake_compact_tensor(cutlass.Float32, (32, 32), stride_order=(1, 0), assumed_align=16)
y = make_fake_compact_tensor(cutlass.Float32, (32, 32), stride_order=(1, 0), assumed_align=16)
cute.compile(run, x, y)
