"""Operation names the cute_nvgpu dialect registers, with the operands each takes.

Spec ops are listed with the page that shows them. Ops that build and apply atoms follow the
spec's operand-contract tables (docs/ops.md describes each). The CuTe DSL (a different build of
the dialect, ../reference/cute-dsl-surface.md) prints ops under `cute_nvgpu.arch.*` and a few
`cute_nvgpu.atom.*` helpers; files dumped by it must not drown in errors, so those families are
accepted too (docs/spec-deviations.md, A1).
"""
from __future__ import annotations

from dataclasses import dataclass

DIALECT_PREFIX = "cute_nvgpu."


@dataclass(frozen=True)
class OpRow:
    name: str
    source: str              # spec page (or "cute-dsl", or "cute-ir" for ops cute-ir defines)
    summary: str
    syntax: str = ""         # custom form, for docs/ops.md and hover
    example: str = ""
    kind: str = "other"      # "make_atom", "mma", "copy", "other"


OPS: tuple[OpRow, ...] = (
    OpRow("cute_nvgpu.make_sm120_mma_bs", "asm-printer-and-type-mnemonics",
          "Build an SM120 block-scaled MMA atom from `shape_MNK` and `vec_size` (and element types).",
          "%atom = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [M, N, K], vec_size = V, a_type = T, b_type = T, c_type = f32, sf_type = S} : !cute_nvgpu.SM120.mma_bs",
          "%atom = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 32], vec_size = 32} : !cute_nvgpu.SM120.mma_bs",
          "make_atom"),
    OpRow("cute_nvgpu.make_mma_atom", "cute-ir",
          "Build any MMA atom: the result type names the atom, the attributes its tile and element types.",
          "%atom = cute_nvgpu.make_mma_atom {shape_MNK = [M, N, K], a_type = T, b_type = T, c_type = T} : !cute_nvgpu.<mma mnemonic>",
          "%atom = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm90.mma",
          "make_atom"),
    OpRow("cute_nvgpu.make_copy_atom", "cute-ir",
          "Build a copy atom: the result type names the atom (with its parameters), attributes refine it.",
          "%atom = cute_nvgpu.make_copy_atom {val_type = T, ...} : !cute_nvgpu.<copy mnemonic>",
          "%atom = cute_nvgpu.make_copy_atom {val_type = f16, num_matrices = 4} : !cute_nvgpu.atom.ldsm",
          "make_atom"),
    OpRow("cute_nvgpu.mma", "cute-ir",
          "Apply an MMA atom: D = A x B + C (sparse atoms take the metadata E, block-scaled atoms SFA and SFB).",
          "cute_nvgpu.mma %atom, %d, %a, %b, %c [, %e] [, %sfa, %sfb] : (!atom, D, A, B, C [, E] [, SFA, SFB])",
          "cute_nvgpu.mma %atom, %d, %a, %b, %c : (!cute_nvgpu.sm90.mma, memref<64xf32>, "
          "!cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, #cute.layout<(64, 16):(16, 1)>>, "
          "!cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(16, 128):(128, 1)>>, memref<64xf32>)",
          "mma"),
    OpRow("cute_nvgpu.copy", "cute-ir",
          "Apply a copy atom: move the source fragment to the destination.",
          "cute_nvgpu.copy %atom, %src, %dst : (!atom, Src, Dst)",
          "cute_nvgpu.copy %atom, %src, %dst : (!cute_nvgpu.atom.ldsm<m8n8.x4>, memref<256xf16, 3>, memref<8xf16>)",
          "copy"),
    OpRow("cute_nvgpu.atom.non_exec_tiled_tma_load", "tma-atoms",
          "Describe a tiled TMA load before mbarrier/cache binding (partition-verified)."),
    OpRow("cute_nvgpu.atom.non_exec_tiled_tma_store", "tma-atoms",
          "Describe a tiled TMA store before execution binding."),
    OpRow("cute_nvgpu.atom.non_exec_tiled_tma_reduce", "tma-atoms",
          "Describe a tiled TMA reduce before execution binding."),
    OpRow("cute_nvgpu.atom.make_exec_tma", "tma-atoms",
          "Bind a non-exec TMA atom to an mbarrier, multicast state and cache mode."),
    OpRow("cute_nvgpu.atom.tma_load", "tma-atoms", "Asynchronous global-to-shared tensor load."),
    OpRow("cute_nvgpu.atom.tma_store", "tma-atoms", "Asynchronous shared-to-global tensor store."),
    OpRow("cute_nvgpu.atom.tma_reduce", "tma-atoms", "Asynchronous tensor reduction into global memory."),
    OpRow("cute_nvgpu.atom.tma_partition", "tma-atoms",
          "Partition a TMA atom's tile: the eleven-step partition verifier runs here."),
    OpRow("cute_nvgpu.prefetch_tma_desc", "tma-atoms", "Prefetch TMA descriptor state before a transfer."),
    OpRow("cute_nvgpu.update_tma_desc", "tma-atoms",
          "Rewrite a device-mutable TMA descriptor field: base address, a dimension or a non-leading stride."),
    OpRow("cute_nvgpu.atom.set_value", "cute-dsl", "Set a runtime field of an atom (CuTe DSL)."),
)

OPS_BY_NAME: dict[str, OpRow] = {row.name: row for row in OPS}

# Whole families accepted by prefix (CuTe DSL dumps).
ACCEPTED_PREFIXES: tuple[str, ...] = ("cute_nvgpu.arch.",)

# Ops whose operands the verifiers check.
VERIFIED_OPS: frozenset[str] = frozenset(row.name for row in OPS if row.kind in ("make_atom", "mma", "copy"))


def is_cute_nvgpu_op(name: str) -> bool:
    return name.startswith(DIALECT_PREFIX)


def lookup_op(name: str) -> OpRow | None:
    return OPS_BY_NAME.get(name)


def is_known_op(name: str) -> bool:
    return name in OPS_BY_NAME or name.startswith(ACCEPTED_PREFIXES)
