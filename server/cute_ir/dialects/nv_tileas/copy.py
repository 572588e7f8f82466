"""`nv_tileas.copy`: a tile moved between two memory spaces (tileas-tma-and-memops page).

The page gives the op a source and a destination operand whose types carry memory-space tags,
and no result; it shows no textual form. This project writes it MLIR-style, destination last
as in `memref.copy`:

    nv_tileas.copy %src, %dst : memref<128x32xf32, 6>, memref<128x32xf32>

The memory space is the memref's, as everywhere in this project: none for registers, 1 global,
3 shared, 6 tensor memory (NVVM's address-space numbers; `dialects/cute_nvgpu/operands.py`).

`tileas-legalize-tmem-copy` (passes/legalize_tmem_copy.py) splits a copy that crosses the
tensor-memory boundary into copies each of which one instruction family implements, and says
which on each: the `instruction` attribute is the PTX instruction a warp issues, `count` how
many the tile takes.
"""
from __future__ import annotations

from ..ods import AttrDef, OpDef, single

PAGE = "tileas-tma-and-memops"

COPY = "nv_tileas.copy"
INSTRUCTION = "instruction"
COUNT = "count"

COPY_OP = OpDef(
    COPY, "Copy a tile from one memory space to another (registers, shared, global or tensor memory).",
    operands=(single("source", "memref", "the tile read; its memory space is its type's"),
              single("dest", "memref", "the tile written: same shape and element type")),
    attributes=(
        AttrDef(INSTRUCTION, "string", required=False,
                doc="set by tileas-legalize-tmem-copy: the PTX instruction each warp issues"),
        AttrDef(COUNT, "i64", required=False,
                doc="set with `instruction`: how many of it the whole tile takes"),
    ),
    syntax=f"{COPY} %src, %dst : <source type>, <destination type>",
    example=f"{COPY} %acc, %frag : memref<128x32xf32, 6>, memref<128x32xf32>",
    source=PAGE,
    note="The page fixes the operands (source, then destination) and that their types tag the memory "
         "spaces; the spelling is this project's. A memref without a memory space is registers, 3 "
         "shared memory, 6 tensor memory, 1 global memory.",
)
