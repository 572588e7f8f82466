"""A vectorised global -> register -> global copy through `CopyUniversalOp` (128-bit).

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

@cute.kernel
def copy_kernel(gA: cute.Tensor, gB: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128)
    tiled = cute.make_tiled_copy_tv(atom, cute.make_layout(32), cute.make_layout(8))
    thr = tiled.get_slice(tidx)
    src = thr.partition_S(cute.local_tile(gA, (256,), (bidx,)))
    dst = thr.partition_D(cute.local_tile(gB, (256,), (bidx,)))
    frag = cute.make_fragment_like(src)
    cute.copy(atom, src, frag)
    cute.copy(atom, frag, dst)

@cute.jit
def run(a: cute.Tensor, b: cute.Tensor):
    copy_kernel(a, b).launch(grid=(4, 1, 1), block=(32, 1, 1))

a = make_fake_compact_tensor(cutlass.Float16, (1024,), assumed_align=16)
b = make_fake_compact_tensor(cutlass.Float16, (1024,), assumed_align=16)
cute.compile(run, a, b)
