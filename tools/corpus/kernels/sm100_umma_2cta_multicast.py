"""Blackwell: 2-CTA tcgen05 UMMA (256x128x16 f16 -> f32) in a 2x2 cluster, A loaded
by a multicast 2-SM TMA, B by a plain 2-SM TMA, the accumulator read back with tcgen05.ld.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
import cutlass.pipeline as pipeline
import cutlass.utils.blackwell_helpers as sm100_utils
from cutlass.cute.nvgpu import cpasync, tcgen05, OperandMajorMode
from cutlass.memory import SmemAllocator, TmemAllocator
from cutlass.cute.runtime import make_fake_compact_tensor

MMA_TILER = (256, 128, 64)
CLUSTER = (2, 2)

@cute.kernel
def umma_kernel(tiled_mma: cute.TiledMma, tma_a: cute.CopyAtom, mA: cute.Tensor,
                tma_b: cute.CopyAtom, mB: cute.Tensor, mC: cute.Tensor,
                cluster_vmnk: cute.Layout, a_layout: cute.ComposedLayout,
                b_layout: cute.ComposedLayout):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, bidy, _ = cute.arch.block_idx()
    warp = cute.arch.make_warp_uniform(cute.arch.warp_idx())
    v = bidx % 2
    rank = cute.arch.make_warp_uniform(cute.arch.block_idx_in_cluster())
    coord = cluster_vmnk.get_flat_coord(rank)
    smem = SmemAllocator()
    bars = smem.allocate_array(cutlass.Int64, 4)
    holding = smem.allocate_array(cutlass.Int32, 1)
    sA = smem.allocate_tensor(cutlass.Float16, a_layout.outer, 128, a_layout.inner)
    sB = smem.allocate_tensor(cutlass.Float16, b_layout.outer, 128, b_layout.inner)
    if warp == 0 and tidx == 0:
        cute.arch.mbarrier_init(bars, 1)
        cute.arch.mbarrier_init(bars + 1, 1)
    cute.arch.mbarrier_init_fence()
    cute.arch.cluster_arrive_relaxed()
    cute.arch.cluster_wait()
    a_mask = cpasync.create_tma_multicast_mask(cluster_vmnk, coord, mcast_mode=2)
    b_mask = cpasync.create_tma_multicast_mask(cluster_vmnk, coord, mcast_mode=1)
    gA = cute.local_tile(mA, cute.slice_(MMA_TILER, (None, 0, None)), (None, None))
    gB = cute.local_tile(mB, cute.slice_(MMA_TILER, (0, None, None)), (None, None))
    gC = cute.local_tile(mC, cute.slice_(MMA_TILER, (None, None, 0)), (None, None))
    thr_mma = tiled_mma.get_slice(v)
    tCgA = thr_mma.partition_A(gA)
    tCgB = thr_mma.partition_B(gB)
    tCgC = thr_mma.partition_C(gC)
    tAsA, tAgA = cpasync.tma_partition(
        tma_a, coord[2], cute.make_layout(cute.slice_(cluster_vmnk, (0, 0, None, 0)).shape),
        cute.group_modes(sA, 0, 3), cute.group_modes(tCgA, 0, 3))
    tBsB, tBgB = cpasync.tma_partition(
        tma_b, coord[1], cute.make_layout(cute.slice_(cluster_vmnk, (0, None, 0, 0)).shape),
        cute.group_modes(sB, 0, 3), cute.group_modes(tCgB, 0, 3))
    tCrA = tiled_mma.make_fragment_A(sA)
    tCrB = tiled_mma.make_fragment_B(sB)
    acc_fake = tiled_mma.make_fragment_C(tiled_mma.partition_shape_C(MMA_TILER[:2]))
    tmem = TmemAllocator(holding, barrier_for_retrieve=pipeline.NamedBarrier(barrier_id=1, num_threads=128),
                         is_two_cta=True, two_cta_tmem_dealloc_mbar_ptr=bars + 2)
    tmem.allocate(128)
    tmem.wait_for_alloc()
    tCtAcc = cute.make_tensor(tmem.retrieve_ptr(cutlass.Float32), acc_fake.layout)
    if warp == 0:
        with cute.arch.elect_one():
            cute.arch.mbarrier_arrive_and_expect_tx(bars, 2 * (128 * 64 + 64 * 64) * 2)
        cute.copy(tma_a, tAgA[(None, bidx // 2, 0)], tAsA[(None, 0)], tma_bar_ptr=bars, mcast_mask=a_mask)
        cute.copy(tma_b, tBgB[(None, bidy, 0)], tBsB[(None, 0)], tma_bar_ptr=bars, mcast_mask=b_mask)
    if v == 0 and warp == 0:
        cute.arch.mbarrier_wait(bars, 0)
        for k in cutlass.range_constexpr(cute.size(tCrA, mode=[2])):
            cute.gemm(tiled_mma, tCtAcc, tCrA[(None, None, k, 0)], tCrB[(None, None, k, 0)], tCtAcc)
            tiled_mma.set(tcgen05.Field.ACCUMULATE, True)
        with cute.arch.elect_one():
            tcgen05.commit(bars + 1, a_mask | b_mask, tcgen05.CtaGroup.TWO)
    cute.arch.mbarrier_wait(bars + 1, 0)
    # Epilogue: TMEM -> registers (tcgen05.ld 32x32b.x32) -> global
    epi = (128, 32)
    tAcc = cute.flat_divide(tCtAcc[((None, None), 0, 0)], epi)
    t2r = tcgen05.make_tmem_copy(
        cute.make_copy_atom(tcgen05.Ld32x32bOp(tcgen05.Repetition.x32), cutlass.Float32),
        tAcc[(None, None, 0, 0)])
    thr_t2r = t2r.get_slice(tidx)
    src = thr_t2r.partition_S(tAcc)
    gC_epi = cute.flat_divide(tCgC[((None, None), 0, 0, bidx // 2, bidy)], epi)
    dst = thr_t2r.partition_D(gC_epi)
    frag = cute.make_rmem_tensor(dst[(None, None, None, 0, 0)].shape, cutlass.Float32)
    cute.copy(t2r, src[(None, None, None, 0, 0)], frag)
    cute.autovec_copy(frag, dst[(None, None, None, 0, 0)])
    tmem.relinquish_alloc_permit()
    tmem.free(tmem.retrieve_ptr(cutlass.Float32), 128)

@cute.jit
def run(a: cute.Tensor, b: cute.Tensor, c: cute.Tensor):
    tiled_mma = sm100_utils.make_trivial_tiled_mma(
        cutlass.Float16, cutlass.Float16, OperandMajorMode.K, OperandMajorMode.K,
        cutlass.Float32, tcgen05.CtaGroup.TWO, MMA_TILER[:2])
    cluster_vmnk = cute.tiled_divide(cute.make_layout((*CLUSTER, 1)), (tiled_mma.thr_id.shape,))
    a_layout = sm100_utils.make_smem_layout_a(tiled_mma, MMA_TILER, cutlass.Float16, 1)
    b_layout = sm100_utils.make_smem_layout_b(tiled_mma, MMA_TILER, cutlass.Float16, 1)
    tma_a, mA = cute.nvgpu.make_tiled_tma_atom_A(
        sm100_utils.cluster_shape_to_tma_atom_A(CLUSTER, tiled_mma.thr_id), a,
        cute.slice_(a_layout, (None, None, None, 0)), MMA_TILER, tiled_mma, cluster_vmnk.shape)
    tma_b, mB = cute.nvgpu.make_tiled_tma_atom_B(
        sm100_utils.cluster_shape_to_tma_atom_B(CLUSTER, tiled_mma.thr_id), b,
        cute.slice_(b_layout, (None, None, None, 0)), MMA_TILER, tiled_mma, cluster_vmnk.shape)
    umma_kernel(tiled_mma, tma_a, mA, tma_b, mB, c, cluster_vmnk, a_layout, b_layout).launch(
        grid=(2, 2, 1), block=(128, 1, 1), cluster=(*CLUSTER, 1))

a = make_fake_compact_tensor(cutlass.Float16, (256, 64), stride_order=(1, 0), assumed_align=16)
b = make_fake_compact_tensor(cutlass.Float16, (256, 64), stride_order=(1, 0), assumed_align=16)
c = make_fake_compact_tensor(cutlass.Float32, (256, 256), stride_order=(1, 0), assumed_align=16)
cute.compile(run, a, b, c)
