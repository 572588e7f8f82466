"""The byte-matrix forms of ldmatrix / stmatrix that sm_100 added (PTX ISA 8.6): 16x16 loads,
always transposed, of bytes or of packed 6-bit values widened to bytes; the DSL's 16x8 load (half
a 16x16 one); 8x16 loads of packed 4-bit / 6-bit values widened to bytes; 16x8 transposed stores
of bytes. Each copy moves a tile of shared memory between a fragment and global memory.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import warp
from cutlass.cute.runtime import make_fake_compact_tensor
from cutlass.memory import SmemAllocator


def load(op, smem, out, tile, tidx):
    """ldmatrix a tile of `smem` into a fragment, then write the fragment to `out`."""
    atom = cute.make_copy_atom(op, cutlass.Int8)
    tiled = cute.make_tiled_copy(atom, atom.layout_dst_tv, tile)
    thr = tiled.get_slice(tidx)
    frag = cute.make_fragment_like(thr.partition_D(smem))
    cute.copy(tiled, thr.partition_S(smem), frag)
    cute.autovec_copy(frag, thr.partition_D(out))


def store(op, smem, src, tile, tidx):
    """Read a fragment from `src`, then stmatrix it into a tile of `smem`."""
    atom = cute.make_copy_atom(op, cutlass.Int8)
    tiled = cute.make_tiled_copy(atom, atom.layout_src_tv, tile)
    thr = tiled.get_slice(tidx)
    frag = cute.make_fragment_like(thr.partition_S(smem))
    cute.autovec_copy(thr.partition_S(src), frag)
    cute.copy(tiled, frag, thr.partition_D(smem))


@cute.kernel
def b8_matrix_kernel(gT: cute.Tensor, gOut: cute.Tensor, gN: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = SmemAllocator()
    # Each lane addresses a 16-byte row of a matrix: the transposed shapes along M, the 8x16
    # loads along N.
    sT = smem.allocate_tensor(cutlass.Int8, cute.make_layout((16, 32), stride=(1, 16)), 16)
    sN = smem.allocate_tensor(cutlass.Int8, cute.make_layout((32, 16), stride=(1, 32)), 16)
    if tidx == 0:
        cute.autovec_copy(gT, sT)
        cute.autovec_copy(gN, sN)
    cute.arch.sync_threads()
    load(warp.LdMatrix16x16x8bOp(num_matrices=1, transpose=True), sT, gOut, (16, 16), tidx)
    load(warp.LdMatrix16x16x8bOp(num_matrices=2, transpose=True, unpack_bits=6), sT, gOut, (16, 32), tidx)
    load(warp.LdMatrix16x8x8bOp(num_matrices=4, transpose=True), sT, gOut, (16, 32), tidx)
    load(warp.LdMatrix8x16x8bOp(num_matrices=4, unpack_bits=4), sN, gN, (32, 16), tidx)
    load(warp.LdMatrix8x16x8bOp(num_matrices=1, unpack_bits=6), sN, gN, (8, 16), tidx)
    store(warp.StMatrix16x8x8bOp(transpose=True, num_matrices=1), sT, gT, (16, 8), tidx)
    store(warp.StMatrix16x8x8bOp(transpose=True, num_matrices=2), sT, gT, (16, 16), tidx)
    store(warp.StMatrix16x8x8bOp(transpose=True, num_matrices=4), sT, gT, (16, 32), tidx)
    cute.arch.sync_threads()
    if tidx == 0:
        cute.autovec_copy(sT, gOut)


@cute.jit
def run(t: cute.Tensor, out: cute.Tensor, n: cute.Tensor):
    b8_matrix_kernel(t, out, n).launch(grid=(1, 1, 1), block=(32, 1, 1))


t = make_fake_compact_tensor(cutlass.Int8, (16, 32), stride_order=(0, 1), assumed_align=16)
out = make_fake_compact_tensor(cutlass.Int8, (16, 32), stride_order=(0, 1), assumed_align=16)
n = make_fake_compact_tensor(cutlass.Int8, (32, 16), stride_order=(0, 1), assumed_align=16)
cute.compile(run, t, out, n)
