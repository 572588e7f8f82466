"""The 16x8 transposed stmatrix (sm_100's `.m16n8 ... .b8`) on values wider than a byte: the
DSL's StMatrix16x8x8bOp counts 16x8 matrices of its value type, so one matrix of bf16 is two
byte matrices (`.x2`), two of bf16 four (`.x4`), and one of f32 four (`.x4`). Each store reads a
fragment from global memory and stmatrixes it into a tile of shared memory.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import warp
from cutlass.cute.runtime import make_fake_compact_tensor
from cutlass.memory import SmemAllocator


def store(dtype, num_matrices, smem, src, tile, tidx):
    """Read a fragment of `dtype` from `src`, then stmatrix it into a tile of `smem`."""
    atom = cute.make_copy_atom(warp.StMatrix16x8x8bOp(transpose=True, num_matrices=num_matrices), dtype)
    tiled = cute.make_tiled_copy(atom, atom.layout_src_tv, tile)
    thr = tiled.get_slice(tidx)
    frag = cute.make_fragment_like(thr.partition_S(smem))
    cute.autovec_copy(thr.partition_S(src), frag)
    cute.copy(tiled, frag, thr.partition_D(smem))


@cute.kernel
def wide_stsm_kernel(gH: cute.Tensor, gF: cute.Tensor, gOut: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = SmemAllocator()
    sH = smem.allocate_tensor(cutlass.BFloat16, cute.make_layout((16, 16), stride=(1, 16)), 16)
    sF = smem.allocate_tensor(cutlass.Float32, cute.make_layout((16, 8), stride=(1, 16)), 16)
    store(cutlass.BFloat16, 1, sH, gH, (16, 8), tidx)
    store(cutlass.BFloat16, 2, sH, gH, (16, 16), tidx)
    store(cutlass.Float32, 1, sF, gF, (16, 8), tidx)
    cute.arch.sync_threads()
    if tidx == 0:
        cute.autovec_copy(sH, gOut)


@cute.jit
def run(h: cute.Tensor, f: cute.Tensor, out: cute.Tensor):
    wide_stsm_kernel(h, f, out).launch(grid=(1, 1, 1), block=(32, 1, 1))


h = make_fake_compact_tensor(cutlass.BFloat16, (16, 16), stride_order=(0, 1), assumed_align=16)
f = make_fake_compact_tensor(cutlass.Float32, (16, 8), stride_order=(0, 1), assumed_align=16)
out = make_fake_compact_tensor(cutlass.BFloat16, (16, 16), stride_order=(0, 1), assumed_align=16)
cute.compile(run, h, f, out)
