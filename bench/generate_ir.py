"""Generate valid cute_nvgpu IR of a given number of lines, for benchmarks.

Each function is a small kernel that builds atoms of several families and uses them, so the
file exercises the type surface, custom and generic op forms, regions and locations.
"""
from __future__ import annotations

import argparse
import sys

_KERNEL = """\
  func.func @kernel_{i}(%arg0: i32, %desc: !cute_nvgpu.smem_desc_view<memref<128xf16, 3>, #cute.layout<(4@0, 32@1)>>) -> i32 {{
    %mma_{i} = cute_nvgpu.make_sm120_mma_bs {{shape_MNK = [16, 8, 32], vec_size = 32}} : !cute_nvgpu.SM120.mma_bs
    %wg_{i} = cute.make_atom : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
    %cp_{i} = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16, 128 b, allow_dsmem>
    %ld_{i} = cute.make_atom : !cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>
    %q_{i} = cute.make_atom : !cute_nvgpu.i4<divby 2>
    %a_{i} = arith.addi %arg0, %arg0 : i32 loc(#loc1)
    %b_{i} = "arith.muli"(%a_{i}, %arg0) : (i32, i32) -> i32
    %c_{i} = arith.subi %b_{i}, %a_{i} : i32
    return %c_{i} : i32
  }}
"""
_KERNEL_LINES = _KERNEL.count("\n")


def generate(lines: int) -> str:
    out = ["module attributes {gpu.container_module} {\n"]
    count = max(1, (lines - 3) // _KERNEL_LINES)
    out.extend(_KERNEL.format(i=i) for i in range(count))
    out.append("}\n")
    out.append('#loc1 = loc("kernel.py":21:0)\n')
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lines", type=int)
    parser.add_argument("-o", "--output")
    args = parser.parse_args(argv)
    text = generate(args.lines)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
