"""Blackwell block-scaled NVFP4 (e2m1 x e2m1, E4M3 scales every 16 elements): scale
factors copied shared -> tensor memory with tcgen05.cp 32x128b warpx4, then 2-CTA
tcgen05.mma kind::mxf4nvf4. The operands are not loaded: the kernel exists for its IR.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
import cutlass.pipeline as pipeline
import cutlass.utils.blackwell_helpers as sm100_utils
import cutlass.utils.blockscaled_layout as bs_utils
from cutlass.cute.nvgpu import tcgen05, OperandMajorMode
from cutlass.memory import SmemAllocator, TmemAllocator
from cutlass.cute.runtime import make_fake_compact_tensor

MMA_TILER = (256, 128, 256)
SF_VEC = 16

@cute.kernel
def nvfp4_umma_kernel(tiled_mma: cute.TiledMma, a_layout: cute.ComposedLayout,
                      b_layout: cute.ComposedLayout, sfa_layout: cute.Layout,
                      sfb_layout: cute.Layout):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    warp = cute.arch.make_warp_uniform(cute.arch.warp_idx())
    smem = SmemAllocator()
    bars = smem.allocate_array(cutlass.Int64, 2)
    holding = smem.allocate_array(cutlass.Int32, 1)
    sA = smem.allocate_tensor(cutlass.Float4E2M1FN, a_layout.outer, 128, a_layout.inner)
    sB = smem.allocate_tensor(cutlass.Float4E2M1FN, b_layout.outer, 128, b_layout.inner)
    sSFA = smem.allocate_tensor(cutlass.Float8E4M3FN, sfa_layout, 128)
    sSFB = smem.allocate_tensor(cutlass.Float8E4M3FN, sfb_layout, 128)
    tCrA = tiled_mma.make_fragment_A(sA)
    tCrB = tiled_mma.make_fragment_B(sB)
    acc_fake = tiled_mma.make_fragment_C(tiled_mma.partition_shape_C(MMA_TILER[:2]))
    tmem = TmemAllocator(holding, barrier_for_retrieve=pipeline.NamedBarrier(barrier_id=1, num_threads=128),
                         is_two_cta=True, two_cta_tmem_dealloc_mbar_ptr=bars + 1)
    tmem.allocate(512)
    tmem.wait_for_alloc()
    acc_ptr = tmem.retrieve_ptr(cutlass.Float32)
    tCtAcc = cute.make_tensor(acc_ptr, acc_fake.layout)
    sfa_ptr = cute.recast_ptr(acc_ptr + 256, dtype=cutlass.Float8E4M3FN)
    tCtSFA = cute.make_tensor(sfa_ptr, bs_utils.make_tmem_layout_sfa(
        tiled_mma, MMA_TILER, SF_VEC, cute.slice_(sfa_layout, (None, None, None, 0))))
    sfb_ptr = cute.recast_ptr(acc_ptr + 256 + 32, dtype=cutlass.Float8E4M3FN)
    tCtSFB = cute.make_tensor(sfb_ptr, bs_utils.make_tmem_layout_sfb(
        tiled_mma, MMA_TILER, SF_VEC, cute.slice_(sfb_layout, (None, None, None, 0))))
    if bidx % 2 == 0 and warp == 0:
        # Scale factors: shared -> tensor memory through tcgen05.cp (32x128b, warpx4)
        s2t_copies = []
        for sSF, tSF in ((sSFA, tCtSFA), (sSFB, tCtSFB)):
            s_compact = cute.filter_zeros(sSF)
            t_compact = cute.filter_zeros(tSF)
            s2t = tcgen05.make_s2t_copy(
                cute.make_copy_atom(tcgen05.Cp4x32x128bOp(tcgen05.CtaGroup.TWO), cutlass.Float8E4M3FN),
                t_compact)
            thr = s2t.get_slice(0)
            src = tcgen05.get_s2t_smem_desc_tensor(s2t, thr.partition_S(s_compact))
            s2t_copies.append((s2t, src, thr.partition_D(t_compact)))
        for s2t, src, dst in s2t_copies:
            cute.copy(s2t, src[(None, None, None, None, 0)], dst)
        for k in cutlass.range_constexpr(cute.size(tCrA, mode=[2])):
            tiled_mma.set(tcgen05.Field.SFA, tCtSFA[(None, None, k)].iterator)
            tiled_mma.set(tcgen05.Field.SFB, tCtSFB[(None, None, k)].iterator)
            cute.gemm(tiled_mma, tCtAcc, tCrA[(None, None, k, 0)], tCrB[(None, None, k, 0)], tCtAcc)
            tiled_mma.set(tcgen05.Field.ACCUMULATE, True)
        with cute.arch.elect_one():
            tcgen05.commit(bars, None, tcgen05.CtaGroup.TWO)
    cute.arch.mbarrier_wait(bars, 0)
    tmem.relinquish_alloc_permit()
    tmem.free(acc_ptr, 512)

@cute.jit
def run(a: cute.Tensor):
    tiled_mma = sm100_utils.make_blockscaled_trivial_tiled_mma(
        cutlass.Float4E2M1FN, cutlass.Float4E2M1FN, OperandMajorMode.K, OperandMajorMode.K,
        cutlass.Float8E4M3FN, SF_VEC, tcgen05.CtaGroup.TWO, MMA_TILER[:2])
    a_layout = sm100_utils.make_smem_layout_a(tiled_mma, MMA_TILER, cutlass.Float4E2M1FN, 1)
    b_layout = sm100_utils.make_smem_layout_b(tiled_mma, MMA_TILER, cutlass.Float4E2M1FN, 1)
    sfa_layout = bs_utils.make_smem_layout_sfa(tiled_mma, MMA_TILER, SF_VEC, 1)
    sfb_layout = bs_utils.make_smem_layout_sfb(tiled_mma, MMA_TILER, SF_VEC, 1)
    nvfp4_umma_kernel(tiled_mma, a_layout, b_layout, sfa_layout, sfb_layout).launch(
        grid=(2, 1, 1), block=(128, 1, 1), cluster=(2, 1, 1))

a = make_fake_compact_tensor(cutlass.Float32, (16,), assumed_align=16)
cute.compile(run, a)
