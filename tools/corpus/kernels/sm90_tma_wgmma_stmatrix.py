"""Hopper: TMA tile loads of A and B (mbarrier completion), WGMMA m64n64k16 from
shared-memory descriptors, and the epilogue's stmatrix into shared memory.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
import cutlass.utils.hopper_helpers as sm90_utils
from cutlass.tensor_utils import LayoutEnum
from cutlass.cute.nvgpu import cpasync, warpgroup, OperandMajorMode
from cutlass.memory import SmemAllocator
from cutlass.cute.runtime import make_fake_compact_tensor

TILE = (64, 64, 64)

@cute.kernel
def hopper_kernel(tiled_mma: cute.TiledMma, tma_a: cute.CopyAtom, mA: cute.Tensor,
                  tma_b: cute.CopyAtom, mB: cute.Tensor, gC: cute.Tensor,
                  a_layout: cute.ComposedLayout, b_layout: cute.ComposedLayout,
                  c_layout: cute.ComposedLayout):
    tidx, _, _ = cute.arch.thread_idx()
    smem = SmemAllocator()
    sA = smem.allocate_tensor(cutlass.Float16, a_layout.outer, 1024, a_layout.inner)
    sB = smem.allocate_tensor(cutlass.Float16, b_layout.outer, 1024, b_layout.inner)
    sC = smem.allocate_tensor(cutlass.Float16, c_layout.outer, 1024, c_layout.inner)
    bar = smem.allocate_array(cutlass.Int64, 1)
    if tidx == 0:
        cute.arch.mbarrier_init(bar, 1)
    cute.arch.mbarrier_init_fence()
    cute.arch.sync_threads()
    gA = cute.local_tile(mA, cute.slice_(TILE, (None, 0, None)), (0, None))
    gB = cute.local_tile(mB, cute.slice_(TILE, (0, None, None)), (0, None))
    tAsA, tAgA = cpasync.tma_partition(tma_a, 0, cute.make_layout(1),
                                       cute.group_modes(sA, 0, 2), cute.group_modes(gA, 0, 2))
    tBsB, tBgB = cpasync.tma_partition(tma_b, 0, cute.make_layout(1),
                                       cute.group_modes(sB, 0, 2), cute.group_modes(gB, 0, 2))
    if tidx == 0:
        cute.arch.mbarrier_arrive_and_expect_tx(bar, 2 * 64 * 64 * 2)
        cute.copy(tma_a, tAgA[None, 0], tAsA[None, 0], tma_bar_ptr=bar)
        cute.copy(tma_b, tBgB[None, 0], tBsB[None, 0], tma_bar_ptr=bar)
    cute.arch.mbarrier_wait(bar, 0)
    thr_mma = tiled_mma.get_slice(tidx)
    tCrA = tiled_mma.make_fragment_A(thr_mma.partition_A(sA))
    tCrB = tiled_mma.make_fragment_B(thr_mma.partition_B(sB))
    acc = cute.make_rmem_tensor(thr_mma.partition_shape_C((64, 64)), cutlass.Float32)
    warpgroup.fence()
    for k in cutlass.range_constexpr(cute.size(tCrA, mode=[2])):
        cute.gemm(tiled_mma, acc, tCrA[None, None, k, 0], tCrB[None, None, k, 0], acc)
        tiled_mma.set(warpgroup.Field.ACCUMULATE, True)
    warpgroup.commit_group()
    warpgroup.wait_group(0)
    # Epilogue: registers -> shared through stmatrix
    out = cute.make_rmem_tensor_like(acc, cutlass.Float16)
    out.store(acc.load().to(cutlass.Float16))
    r2s = cute.make_tiled_copy_C(
        sm90_utils.get_smem_store_op(LayoutEnum.ROW_MAJOR, cutlass.Float16, cutlass.Float32),
        tiled_mma)
    thr_r2s = r2s.get_slice(tidx)
    cute.copy(r2s, thr_r2s.retile(out), thr_r2s.partition_D(sC[None, None, 0]))

@cute.jit
def run(a: cute.Tensor, b: cute.Tensor, c: cute.Tensor):
    tiled_mma = sm90_utils.make_trivial_tiled_mma(
        cutlass.Float16, cutlass.Float16, OperandMajorMode.K,
        OperandMajorMode.K, cutlass.Float32, (1, 1, 1), (64, 64))
    a_layout = sm90_utils.make_smem_layout_a(LayoutEnum.ROW_MAJOR, TILE, cutlass.Float16, 1)
    b_layout = sm90_utils.make_smem_layout_b(LayoutEnum.ROW_MAJOR, TILE, cutlass.Float16, 1)
    c_layout = sm90_utils.make_smem_layout_epi(cutlass.Float16, LayoutEnum.ROW_MAJOR, (64, 64), 1)
    tma_a, mA = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), a,
                                            cute.slice_(a_layout, (None, None, 0)), (64, 64))
    tma_b, mB = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), b,
                                            cute.slice_(b_layout, (None, None, 0)), (64, 64))
    hopper_kernel(tiled_mma, tma_a, mA, tma_b, mB, c, a_layout, b_layout, c_layout).launch(
        grid=(1, 1, 1), block=(128, 1, 1))

a = make_fake_compact_tensor(cutlass.Float16, (64, 64), stride_order=(1, 0), assumed_align=16)
b = make_fake_compact_tensor(cutlass.Float16, (64, 64), stride_order=(1, 0), assumed_align=16)
c = make_fake_compact_tensor(cutlass.Float16, (64, 64), stride_order=(1, 0), assumed_align=16)
cute.compile(run, a, b, c)
