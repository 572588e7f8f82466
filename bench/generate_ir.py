"""Generate valid cute_nvgpu IR of a given number of lines, for benchmarks.

Each function is a small sm_90a kernel that builds a WGMMA atom and an LDSM copy atom and
applies them (so the verifiers run on every function), plus atom types of other families,
scalar arith in custom and generic form, and locations.
"""
from __future__ import annotations

import argparse
import sys

_KERNEL = """\
  func.func @kernel_{i}(%arg0: i32, %acc: memref<64xf32>, %smem: memref<1024xf16, 3>, %frag: memref<8xf16>,
                       %a: !cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, #cute.layout<(64, 16):(16, 1)>>,
                       %b: !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(16, 128):(128, 1)>>) -> i32 {{
    %wg_{i} = cute_nvgpu.make_mma_atom {{shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32}} : !cute_nvgpu.sm90.mma
    %ld_{i} = cute_nvgpu.make_copy_atom {{val_type = f16, num_matrices = 4}} : !cute_nvgpu.atom.ldsm<m8n8.x4>
    cute_nvgpu.copy %ld_{i}, %smem, %frag : (!cute_nvgpu.atom.ldsm<m8n8.x4>, memref<1024xf16, 3>, memref<8xf16>)
    cute_nvgpu.mma %wg_{i}, %acc, %a, %b, %acc : (!cute_nvgpu.sm90.mma, memref<64xf32>, !cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, #cute.layout<(64, 16):(16, 1)>>, !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(16, 128):(128, 1)>>, memref<64xf32>)
    %cp_{i} = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16, 128 b, allow_dsmem>
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
