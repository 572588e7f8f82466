"""`nv_tileas.dot`: a tile matrix product accumulated into a tile (cute-ir's op; the pages name none).

The TileAS page covers the memory side of a kernel (loads, stores, TMA, tensor-memory copies);
a kernel that multiplies its tiles needs an op for the product, which cuTile's front end spells
`mma`. This project writes it MLIR-style, the accumulator last as `linalg.matmul` takes its
output, with the result the accumulated tile:

    %acc2 = nv_tileas.dot %a, %b, %acc : tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>

`%a` is M x K, `%b` K x N (both row-major, f16 or bf16), `%acc` and the result M x N f32: the
result is acc + a x b. The PTX emitter (emit/tileas_kernel.py) lowers it to `ldmatrix` of the
operand tiles from shared memory and `mma.sync.m16n8k16` (every target from sm_80 has it).
"""
from __future__ import annotations

from ..ods import OpDef, single

DOT = "nv_tileas.dot"

DOT_OP = OpDef(
    DOT, "Multiply two tiles and add the product to an accumulator tile: acc + a x b.",
    operands=(single("a", "tensor<MxKxT>", "the left tile, M x K (f16 or bf16)"),
              single("b", "tensor<KxNxT>", "the right tile, K x N, the same element type"),
              single("acc", "tensor<MxNxf32>", "the accumulator")),
    results=(single("result", "tensor<MxNxf32>"),),
    syntax=f"%r = {DOT} %a, %b, %acc : <a type>, <b type>, <acc type> -> <result type>",
    example=(f"%r = {DOT} %a, %b, %acc : tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32> "
             "-> tensor<128x128xf32>"),
    source="cute-ir",
    note="The pages name no matrix-product op for TileAS tiles; cute-ir's is written like `linalg.matmul` "
         "(operands, then the accumulator) and lowered by the TileAS kernel emitter with `ldmatrix` and "
         "`mma.sync.m16n8k16` (docs/spec-deviations.md, A16).")
