"""The SIMT copies with their cache and memory options: global -> registers
(`CopyG2ROp`, L1 evict_last, 128-byte L2 prefetch), registers -> shared memory
(`CopyR2SOp`), shared memory of the cluster -> registers (`CopyS2ROp`, `shared_space = cluster`,
an acquire at cluster scope), registers -> global (`CopyR2GOp`, streaming store). Each option
value is a PTX modifier of the copy's ld / st. (A cache operator with an L1 eviction priority,
`LoadCacheMode.STREAMING` with `EVICT_LAST` say, is a pair ptxas rejects: the DSL's compile of
one fails.)

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
from cutlass.cute import nvgpu
from cutlass.cute.runtime import make_fake_compact_tensor
from cutlass.memory import SmemAllocator


@cute.kernel
def simt_copy_kernel(gA: cute.Tensor, gB: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    g2r = cute.make_copy_atom(nvgpu.CopyG2ROp(), cutlass.Float16, num_bits_per_copy=128,
                              l1c_evict_priority=nvgpu.CacheEvictionPriority.EVICT_LAST,
                              l2_prefetch_size=nvgpu.L2PrefetchSize.SIZE_128B)
    r2s = cute.make_copy_atom(nvgpu.CopyR2SOp(), cutlass.Float16, num_bits_per_copy=128)
    s2r = cute.make_copy_atom(nvgpu.CopyS2ROp(), cutlass.Float16, num_bits_per_copy=128,
                              memory_order=nvgpu.MemoryOrder.ACQUIRE,
                              memory_scope=nvgpu.MemoryScope.CLUSTER,
                              shared_space=nvgpu.SharedSpace.CLUSTER)
    r2g = cute.make_copy_atom(nvgpu.CopyR2GOp(), cutlass.Float16, num_bits_per_copy=128,
                              store_cache_mode=nvgpu.StoreCacheMode.STREAMING)
    smem = SmemAllocator()
    sA = smem.allocate_tensor(cutlass.Float16, cute.make_layout(256), 16)
    tiled = cute.make_tiled_copy_tv(g2r, cute.make_layout(32), cute.make_layout(8))
    thr = tiled.get_slice(tidx)
    src = thr.partition_S(cute.local_tile(gA, (256,), (bidx,)))
    frag = cute.make_fragment_like(src)
    cute.copy(g2r, src, frag)
    cute.copy(r2s, frag, thr.partition_D(sA))
    cute.arch.sync_threads()
    back = cute.make_fragment_like(src)
    cute.copy(s2r, thr.partition_S(sA), back)
    cute.copy(r2g, back, thr.partition_D(cute.local_tile(gB, (256,), (bidx,))))


@cute.jit
def run(a: cute.Tensor, b: cute.Tensor):
    simt_copy_kernel(a, b).launch(grid=(4, 1, 1), block=(32, 1, 1), cluster=(2, 1, 1))


a = make_fake_compact_tensor(cutlass.Float16, (1024,), assumed_align=16)
b = make_fake_compact_tensor(cutlass.Float16, (1024,), assumed_align=16)
cute.compile(run, a, b)
