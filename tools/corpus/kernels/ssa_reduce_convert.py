"""TensorSSA reductions and conversions: a row max and sum of a fragment, a conversion to
bfloat16 and to fp8, a `where` select, and integer arithmetic on the thread index.

Corpus kernel: compiled by `make corpus` (tools/corpus/generate.py), never run.
"""
import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

@cute.kernel
def softmax_kernel(gIn: cute.Tensor, gOut: cute.Tensor, gLow: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    row = cute.local_tile(gIn, (1, 32), (tidx, 0))
    out = cute.local_tile(gOut, (1, 32), (tidx, 0))
    low = cute.local_tile(gLow, (1, 32), (tidx, 0))
    frag = cute.make_fragment_like(row)
    cute.autovec_copy(row, frag)
    x = frag.load()
    m = x.reduce(cute.ReductionOp.MAX, -cutlass.Float32.inf, 0)
    e = cute.math.exp2((x - m) * 1.4426950408889634, fastmath=True)
    s = e.reduce(cute.ReductionOp.ADD, cutlass.Float32(0.0), 0)
    y = e / s
    y = cute.where(y > 0.5, y, cute.full_like(y, 0.0))
    res = cute.make_fragment_like(out)
    res.store(y)
    cute.autovec_copy(res, out)
    lowf = cute.make_fragment_like(low)
    lowf.store(y.to(cutlass.BFloat16))
    cute.autovec_copy(lowf, low)
    q = (tidx * 7 + 3) % 5 - (tidx >> 2) ^ (tidx & 1)
    if q > 2:
        cute.printf("q %d\n", q)

@cute.jit
def run(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    softmax_kernel(x, y, z).launch(grid=(1, 1, 1), block=(32, 1, 1))

x = make_fake_compact_tensor(cutlass.Float32, (32, 32), stride_order=(1, 0), assumed_align=16)
y = make_fake_compact_tensor(cutlass.Float32, (32, 32), stride_order=(1, 0), assumed_align=16)
z = make_fake_compact_tensor(cutlass.BFloat16, (32, 32), stride_order=(1, 0), assumed_align=16)
cute.compile(run, x, y, z)
