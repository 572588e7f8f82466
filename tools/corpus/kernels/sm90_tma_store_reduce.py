"""Hopper: a TMA tile store and a TMA add-reduction of one shared tile into global memory.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import cpasync
from cutlass.memory import SmemAllocator
from cutlass.cute.runtime import make_fake_compact_tensor

@cute.kernel
def store_reduce_kernel(tma_store: cute.CopyAtom, mD: cute.Tensor,
                        tma_red: cute.CopyAtom, mR: cute.Tensor, s_layout: cute.Layout):
    tidx, _, _ = cute.arch.thread_idx()
    smem = SmemAllocator()
    sD = smem.allocate_tensor(cutlass.Float32, s_layout, 128)
    gD = cute.local_tile(mD, (32, 32), (0, 0))
    gR = cute.local_tile(mR, (32, 32), (0, 0))
    tDsD, tDgD = cpasync.tma_partition(tma_store, 0, cute.make_layout(1),
                                       cute.group_modes(sD, 0, 2), cute.group_modes(gD, 0, 2))
    tRsR, tRgR = cpasync.tma_partition(tma_red, 0, cute.make_layout(1),
                                       cute.group_modes(sD, 0, 2), cute.group_modes(gR, 0, 2))
    cute.arch.fence_proxy("async.shared", space="cta")
    if tidx == 0:
        cute.copy(tma_store, tDsD, tDgD)
        cute.copy(tma_red, tRsR, tRgR)
        cute.arch.cp_async_bulk_commit_group()
        cute.arch.cp_async_bulk_wait_group(0, read=True)

@cute.jit
def run(d: cute.Tensor, r: cute.Tensor):
    s_layout = cute.make_layout((32, 32), stride=(32, 1))
    tma_store, mD = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileS2GOp(), d, s_layout, (32, 32))
    tma_red, mR = cpasync.make_tiled_tma_atom(
        cpasync.CopyReduceBulkTensorTileS2GOp(cute.ReductionKind.ADD), r, s_layout, (32, 32))
    store_reduce_kernel(tma_store, mD, tma_red, mR, s_layout).launch(grid=(1, 1, 1), block=(32, 1, 1))

d = make_fake_compact_tensor(cutlass.Float32, (64, 64), stride_order=(1, 0), assumed_align=16)
r = make_fake_compact_tensor(cutlass.Float32, (64, 64), stride_order=(1, 0), assumed_align=16)
cute.compile(run, d, r)
