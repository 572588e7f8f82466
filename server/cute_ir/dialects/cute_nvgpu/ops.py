"""Operation names the cute_nvgpu dialect registers, as a table.

Spec ops are listed with the page that shows them. The CuTe DSL (a different build of the
dialect, ../reference/cute-dsl-surface.md) prints ops under `cute_nvgpu.arch.*` and a few
`cute_nvgpu.atom.*` helpers; files dumped by it must not drown in errors, so those families
are accepted too (docs/spec-deviations.md).
"""
from __future__ import annotations

from dataclasses import dataclass

DIALECT_PREFIX = "cute_nvgpu."


@dataclass(frozen=True)
class OpRow:
    name: str
    source: str        # spec page (or "cute-dsl") that shows the op
    summary: str


OPS: tuple[OpRow, ...] = (
    OpRow("cute_nvgpu.make_sm120_mma_bs", "asm-printer-and-type-mnemonics",
          "Build an SM120 block-scaled MMA atom from `shape_MNK` and `vec_size`."),
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
    OpRow("cute_nvgpu.atom.set_value", "cute-dsl", "Set a runtime field of an atom (CuTe DSL)."),
)

OPS_BY_NAME: dict[str, OpRow] = {row.name: row for row in OPS}

# Whole families accepted by prefix (CuTe DSL dumps).
ACCEPTED_PREFIXES: tuple[str, ...] = ("cute_nvgpu.arch.",)


def is_cute_nvgpu_op(name: str) -> bool:
    return name.startswith(DIALECT_PREFIX)


def lookup_op(name: str) -> OpRow | None:
    return OPS_BY_NAME.get(name)


def is_known_op(name: str) -> bool:
    return name in OPS_BY_NAME or name.startswith(ACCEPTED_PREFIXES)
