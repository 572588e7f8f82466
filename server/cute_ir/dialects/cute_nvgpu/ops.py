"""Operation names the cute_nvgpu dialect registers, with the operands each takes.

Spec ops are listed with the page that shows them. Ops that build and apply atoms follow the
spec's operand-contract tables (docs/ops.md describes each). The CuTe DSL (a different build of
the dialect, ../reference/cute-dsl-surface.md) prints ops under `cute_nvgpu.arch.*` and a few
`cute_nvgpu.atom.*` and descriptor helpers; files dumped by it must not drown in errors, so
the DSL's op names are listed too (docs/spec-deviations.md, A1).
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
    builds: str | None = None  # the one atom the op builds: its result type may be omitted


# Examples of the CuTe DSL's ops as its dumps print them (docs/ops.md shows them; each parses).
_DSL_EXAMPLES: dict[str, str] = {
    'cute_nvgpu.atom.make_non_exec_tiled_tma_load':
        '%atom, %tma_tensor = cute_nvgpu.atom.make_non_exec_tiled_tma_load(%gmem, %smem_layout, %cta_v_map) <{kind = <sm_90> num_multicast = 1}> : (!cute.memref<f16, gmem, "(64,64):(64,1)">, !cute.layout<"(64,64):(64,1)">, !cute.layout<"(64,64):(1@0,1@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">)',
    'cute_nvgpu.atom.make_non_exec_tiled_tma_store':
        '%atom, %tma_tensor = cute_nvgpu.atom.make_non_exec_tiled_tma_store(%gmem, %smem_layout, %cta_v_map) : (!cute.memref<f32, gmem, "(64,64):(64,1)">, !cute.layout<"(32,32):(32,1)">, !cute.layout<"(32,32):(1@0,1@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_store<f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">)',
    'cute_nvgpu.atom.make_non_exec_tiled_tma_reduce':
        '%atom, %tma_tensor = cute_nvgpu.atom.make_non_exec_tiled_tma_reduce(%gmem, %smem_layout, %cta_v_map) <{kind = <ADD>}> : (!cute.memref<f32, gmem, "(64,64):(64,1)">, !cute.layout<"(32,32):(32,1)">, !cute.layout<"(32,32):(1@0,1@1)">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_reduce<ADD, f32, copy_bits = 32768, tma_gbasis = <"(32,32):(1@1,1@0)">, tma_format = F32_RN>, !cute.coord_tensor<"(0,0)", "(64,64):(1@1,1@0)">)',
    'cute_nvgpu.atom.make_s2t_copy':
        '%tiled = cute_nvgpu.atom.make_s2t_copy(%atom, %tmem) : (!cute_nvgpu.atom.s2t_copy<f8E4M3FN, 32 DP, 128 bit, 2 cta, x4>, !cute.memref<f8E4M3FN, tmem, "(128,4):(65536,1)">) -> !cute.tiled_copy<!cute_nvgpu.atom.s2t_copy<f8E4M3FN, 32 DP, 128 bit, 2 cta, x4>, layout_copy_tv = <"(1,512):(0,1)">, tiler_mn = <"[128:1;4:1]">>',
    'cute_nvgpu.atom.get_copy_s2t_smem_desc_view':
        '%view = cute_nvgpu.atom.get_copy_s2t_smem_desc_view(%tiled, %smem) : (!s2t_tiled_copy, !cute.memref<f8E4M3FN, smem, "(512):(1)">) -> !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1):(0)">',
    'cute_nvgpu.atom.make_tmem_copy':
        '%tiled = cute_nvgpu.atom.make_tmem_copy(%atom, %tmem) : (!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>, !cute.memref<f32, tmem, "(128,32):(65536,1)">) -> !tmem_tiled_copy',
    'cute_nvgpu.atom.get_value':
        '%policy = cute_nvgpu.atom.get_value<cache_policy>(%atom) : (!cute_nvgpu.atom.tma_load<f16, copy_bits = 65536, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,64):(1@1,1@0)">>) -> i64',
    'cute_nvgpu.get_tma_desc_addr':
        '%addr = cute_nvgpu.get_tma_desc_addr(%atom) : (!tma_atom) -> !cute.ptr<i8, gmem, align<64>>',
    'cute_nvgpu.make_gmma_smem_desc':
        '%desc = cute_nvgpu.make_gmma_smem_desc(%ptr) layout = <"(64,16):(16,1)"> , major = <k> : (!cute.ptr<f16, smem, align<1024>>) -> !cute_nvgpu.smem_desc',
    'cute_nvgpu.make_umma_smem_desc':
        '%desc = cute_nvgpu.make_umma_smem_desc(%ptr) layout = <"(128,16):(16,1)"> , major = <k> : (!cute.ptr<f16, smem, align<1024>>) -> !cute_nvgpu.smem_desc',
}


OPS: tuple[OpRow, ...] = (
    OpRow("cute_nvgpu.make_sm120_mma_bs", "asm-printer-and-type-mnemonics",
          "Build an SM120 block-scaled MMA atom from `shape_MNK` and `vec_size` (and element types).",
          "%atom = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [M, N, K], vec_size = V, a_type = T, b_type = T, c_type = f32, sf_type = S} : !cute_nvgpu.SM120.mma_bs",
          "%atom = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 32], vec_size = 32}",
          "make_atom", builds="SM120.mma_bs"),
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
    # The CuTe DSL prints an op of this name for the same job (rewriting a tensor map in memory).
    OpRow("cute_nvgpu.update_tma_desc", "tma-atoms",
          "Rewrite a device-mutable TMA descriptor field: base address, a dimension or a non-leading stride."),
    OpRow("cute_nvgpu.atom.set_value", "cute-dsl", "Set a runtime field of an atom (CuTe DSL)."),
) + tuple(OpRow(name, "cute-dsl", summary, example=_DSL_EXAMPLES.get(name, f"%r = {name}(%x) : (i64) -> i64"))
        for name, summary in (
    # Ops of the CuTe DSL's dialect build outside `cute_nvgpu.arch.*` (names from its dumps
    # and its Python bindings, nvidia-cutlass-dsl 4.8). They build and partition atoms, tiled
    # copies and descriptors; the atoms they produce are verified where they are applied.
    ("cute_nvgpu.atom.make_non_exec_tiled_tma_load",
     "Build a non-executing tiled TMA load atom and its TMA tensor from a global tensor and a "
     "shared-memory layout (`kind`, `num_multicast`)."),
    ("cute_nvgpu.atom.make_non_exec_tiled_tma_store", "Build a non-executing tiled TMA store atom."),
    ("cute_nvgpu.atom.make_non_exec_tiled_tma_reduce",
     "Build a non-executing tiled TMA reduce atom."),
    ("cute_nvgpu.atom.make_non_exec_im2col_tma_load", "Build a non-executing im2col TMA load atom."),
    ("cute_nvgpu.atom.make_non_exec_im2col_tma_store",
     "Build a non-executing im2col TMA store atom."),
    ("cute_nvgpu.atom.make_non_exec_2d_gather4_tma_load",
     "Build a non-executing tile::gather4 TMA load atom."),
    ("cute_nvgpu.atom.make_non_exec_2d_scatter4_tma_store",
     "Build a non-executing tile::scatter4 TMA store atom."),
    ("cute_nvgpu.atom.make_tma_residue_tensor", "The residue tensor of a TMA partition."),
    ("cute_nvgpu.atom.get_coord_tensor", "The coordinate tensor of a TMA atom."),
    ("cute_nvgpu.atom.make_s2t_copy",
     "Tile a shared -> tensor memory copy atom (tcgen05.cp) over a tensor-memory tensor."),
    ("cute_nvgpu.atom.get_copy_s2t_smem_desc_view",
     "View a shared-memory tensor as the matrix descriptors a tcgen05.cp reads."),
    ("cute_nvgpu.atom.sm107.get_copy_s2t_smem_desc_view",
     "The SM110-family spelling of `get_copy_s2t_smem_desc_view`."),
    ("cute_nvgpu.atom.make_tmem_copy",
     "Tile a tensor-memory load / store atom (tcgen05.ld / st) over a tensor-memory tensor."),
    ("cute_nvgpu.atom.get_value", "Read a runtime field of an atom (`get_value<cache_policy>`)."),
    ("cute_nvgpu.get_tma_desc_addr", "The address of a TMA atom's tensor map."),
    ("cute_nvgpu.cast_tma_desc_to_integer", "A tensor map's address as an integer."),
    ("cute_nvgpu.copy_tma_desc", "Copy a tensor map to another location."),
    ("cute_nvgpu.make_tma_desc_tiled", "Encode a tiled-mode tensor map."),
    ("cute_nvgpu.make_tma_desc_tiled_at", "Encode a tiled-mode tensor map at a given address."),
    ("cute_nvgpu.make_tma_desc_im2col", "Encode an im2col-mode tensor map."),
    ("cute_nvgpu.make_tma_desc_im2col_at", "Encode an im2col-mode tensor map at a given address."),
    ("cute_nvgpu.get_grid_constant_pointer", "Pointer to a `__grid_constant__` kernel parameter."),
    ("cute_nvgpu.make_gmma_smem_desc", "Build a WGMMA shared-memory matrix descriptor."),
    ("cute_nvgpu.make_umma_smem_desc", "Build a tcgen05 (UMMA) shared-memory matrix descriptor."),
    ("cute_nvgpu.sm107.make_umma_smem_desc",
     "Build an SM110-family UMMA shared-memory matrix descriptor."),
    ("cute_nvgpu.sm103.make_umma_smem_desc_circular",
     "Build an SM103 circular-buffer UMMA shared-memory descriptor."),
    ("cute_nvgpu.sm107.make_umma_smem_desc_circular",
     "Build an SM110-family circular-buffer UMMA shared-memory descriptor."),
))

OPS_BY_NAME: dict[str, OpRow] = {row.name: row for row in OPS}

# Whole families accepted by prefix (CuTe DSL dumps).
ACCEPTED_PREFIXES: tuple[str, ...] = ("cute_nvgpu.arch.",)

# Ops of neighbouring dialects that build cute_nvgpu atoms, by kind: the CuTe DSL builds every
# atom with `cute.make_atom` (`%atom = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<...>`)
# and materialises static ones with `cute.static`.
FOREIGN_ATOM_OPS: dict[str, str] = {"cute.make_atom": "make_atom", "cute.static": "make_atom"}

# Ops whose operands the verifiers check.
VERIFIED_OPS: frozenset[str] = frozenset(
    [row.name for row in OPS if row.kind in ("make_atom", "mma", "copy")] + list(FOREIGN_ATOM_OPS))


# Ops whose units are verified and whose atoms are checked for lowering: every op that builds
# or applies an atom (the PTX preview's kernels come from exactly these).
ATOM_SITE_OPS: frozenset[str] = VERIFIED_OPS | frozenset({
    "cute.static", "cute.copy", "cute.gemm", "cute_nvgpu.atom.make_exec_tma",
    "cute_nvgpu.atom.tma_load", "cute_nvgpu.atom.tma_store", "cute_nvgpu.atom.tma_reduce"})


# Ops whose first operand is the atom they apply (the TMA transfers take an executable TMA
# atom), and ops that build an atom or bind one for execution.
TMA_APPLY_OPS = frozenset({"cute_nvgpu.atom.tma_load", "cute_nvgpu.atom.tma_store",
                           "cute_nvgpu.atom.tma_reduce"})
APPLYING_OPS: frozenset[str] = frozenset(r.name for r in OPS if r.kind in ("mma", "copy")) | TMA_APPLY_OPS
BUILDING_OPS: frozenset[str] = (frozenset(r.name for r in OPS if r.kind == "make_atom") | frozenset(FOREIGN_ATOM_OPS)
                                | {"cute_nvgpu.atom.make_exec_tma", "cute_nvgpu.atom.non_exec_tiled_tma_load",
                                   "cute_nvgpu.atom.non_exec_tiled_tma_store",
                                   "cute_nvgpu.atom.non_exec_tiled_tma_reduce"})


def op_kind(name: str) -> str | None:
    """The verifier family of an op ("make_atom", "mma", "copy", "other"), None if unknown."""
    row = OPS_BY_NAME.get(name)
    return row.kind if row is not None else FOREIGN_ATOM_OPS.get(name)


def is_cute_nvgpu_op(name: str) -> bool:
    return name.startswith(DIALECT_PREFIX)


def lookup_op(name: str) -> OpRow | None:
    return OPS_BY_NAME.get(name)


def is_known_op(name: str) -> bool:
    return name in OPS_BY_NAME or name.startswith(ACCEPTED_PREFIXES)
