"""Elementwise `c = a + b` over a tile with predication (an identity tensor of coordinates
compared with the shape), TensorSSA loads and stores, and math on the values.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

@cute.kernel
def add_kernel(gA: cute.Tensor, gB: cute.Tensor, gC: cute.Tensor, cC: cute.Tensor, shape: cute.Shape):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    blkA = cute.local_tile(gA, (4, 64), (bidx, 0))
    blkB = cute.local_tile(gB, (4, 64), (bidx, 0))
    blkC = cute.local_tile(gC, (4, 64), (bidx, 0))
    blkCrd = cute.local_tile(cC, (4, 64), (bidx, 0))
    thr_layout = cute.make_layout((4, 32), stride=(32, 1))
    val_layout = cute.make_layout((1, 2), stride=(2, 1))
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), gA.element_type)
    tiled = cute.make_tiled_copy_tv(atom, thr_layout, val_layout)
    thr = tiled.get_slice(tidx)
    tA = thr.partition_S(blkA)
    tB = thr.partition_S(blkB)
    tC = thr.partition_D(blkC)
    tCrd = thr.partition_S(blkCrd)
    frgA = cute.make_fragment_like(tA)
    frgB = cute.make_fragment_like(tB)
    frgC = cute.make_fragment_like(tC)
    pred = cute.make_rmem_tensor(tCrd.shape, cutlass.Boolean)
    for i in range(cute.size(pred)):
        pred[i] = cute.elem_less(tCrd[i], shape)
    cute.copy(atom, tA, frgA, pred=pred)
    cute.copy(atom, tB, frgB, pred=pred)
    a = frgA.load()
    b = frgB.load()
    frgC.store(cute.math.exp(a) + b * 2.0)
    cute.copy(atom, frgC, tC, pred=pred)

@cute.jit
def run(a: cute.Tensor, b: cute.Tensor, c: cute.Tensor):
    coord = cute.make_identity_tensor(c.shape)
    add_kernel(a, b, c, coord, c.shape).launch(grid=(4, 1, 1), block=(128, 1, 1))

a = make_fake_compact_tensor(cutlass.Float32, (16, 64), stride_order=(1, 0), assumed_align=16)
b = make_fake_compact_tensor(cutlass.Float32, (16, 64), stride_order=(1, 0), assumed_align=16)
c = make_fake_compact_tensor(cutlass.Float32, (16, 64), stride_order=(1, 0), assumed_align=16)
cute.compile(run, a, b, c)
