"""The cute_nvgpu dialect's ops, each one record (`OpDef`, dialects/ods.py).

Spec ops are listed with the page that shows them; the TMA family's records are in
tma_ops.py. Ops that build and apply atoms follow the spec's operand-contract tables (docs/ops.md
describes each). The CuTe DSL (a different build of
the dialect, ../reference/cute-dsl-surface.md) prints ops under `cute_nvgpu.arch.*` and a few
`cute_nvgpu.atom.*` and descriptor helpers; files dumped by it must not drown in errors, so
the DSL's op names are listed too (docs/spec-deviations.md, A1).
"""
from __future__ import annotations

from ..cute_dsl import DSL_KINDS
from ..ods import AttrDef, OpDef, Trait, single, variadic
from .atoms import ATOM_ATTRIBUTES
from .tma_ops import TMA_OPS

DIALECT_PREFIX = "cute_nvgpu."

# What the verifiers check an op as (`OpDef.verifier`): the op builds an atom, applies an MMA
# atom or applies a copy atom.
MAKE_ATOM, MMA, COPY = "make_atom", "mma", "copy"


def _atom_attributes(applies_to: frozenset[str], skip: frozenset[str] = frozenset()) -> tuple[AttrDef, ...]:
    """The atom attributes (atoms.py, `ATOM_ATTRIBUTES`) an atom-building op takes, all optional:
    the result type may say them instead."""
    return tuple(AttrDef(a.name, "", required=False, doc=a.description) for a in ATOM_ATTRIBUTES
                 if a.applies_to in applies_to and a.name not in skip)


_MMA_KINDS = frozenset({"mma", "block_scaled", "umma"})
_ATOM_RESULT = (single("atom", "a `!cute_nvgpu` atom type", "the atom"),)
# An op of the CuTe DSL whose operands and results cute-ir does not pin down (its dumps are
# the reference).
_ANY_OPERANDS = (variadic("operands", "any type", "as the CuTe DSL prints them (see the example)"),)
_ANY_RESULTS = (variadic("results", "any type"),)

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


_CORE_OPS: tuple[OpDef, ...] = (
    OpDef("cute_nvgpu.make_sm120_mma_bs",
          "Build an SM120 block-scaled MMA atom from `shape_MNK` and `vec_size` (and element types).",
          results=_ATOM_RESULT,
          attributes=_atom_attributes(_MMA_KINDS, skip=frozenset({"cta_group"})),
          syntax="%atom = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [M, N, K], vec_size = V, a_type = T, b_type = T, c_type = f32, sf_type = S} : !cute_nvgpu.SM120.mma_bs",
          example="%atom = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 32], vec_size = 32}",
          source="asm-printer-and-type-mnemonics", verifier=MAKE_ATOM, builds="SM120.mma_bs"),
    OpDef("cute_nvgpu.make_mma_atom",
          "Build any MMA atom: the result type names the atom, the attributes its tile and element types.",
          results=_ATOM_RESULT, attributes=_atom_attributes(_MMA_KINDS),
          syntax="%atom = cute_nvgpu.make_mma_atom {shape_MNK = [M, N, K], a_type = T, b_type = T, c_type = T} : !cute_nvgpu.<mma mnemonic>",
          example="%atom = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm90.mma",
          source="cute-ir", verifier=MAKE_ATOM),
    OpDef("cute_nvgpu.make_copy_atom",
          "Build a copy atom: the result type names the atom (with its parameters), attributes refine it.",
          results=_ATOM_RESULT,
          attributes=_atom_attributes(frozenset({"copy"})) + (
              AttrDef("…", "", required=False, doc="other keys are kept as the atom's settings"),),
          syntax="%atom = cute_nvgpu.make_copy_atom {val_type = T, ...} : !cute_nvgpu.<copy mnemonic>",
          example="%atom = cute_nvgpu.make_copy_atom {val_type = f16, num_matrices = 4} : !cute_nvgpu.atom.ldsm",
          source="cute-ir", verifier=MAKE_ATOM),
    OpDef("cute_nvgpu.mma",
          "Apply an MMA atom: D = A x B + C (sparse atoms take the metadata E, block-scaled atoms SFA and SFB).",
          operands=(single("atom", "—", "the MMA atom (its type names the atom)"),
                    single("d", "per atom, below (D)", "accumulator out"),
                    single("a", "per atom, below", "A"),
                    single("b", "per atom, below", "B"),
                    single("c", "as D", "accumulator in"),
                    variadic("extra", "per atom, below (E; SFA, SFB)",
                             "sparse atoms: the metadata E; block-scaled atoms: the scale factors SFA and SFB")),
          syntax="cute_nvgpu.mma %atom, %d, %a, %b, %c [, %e] [, %sfa, %sfb] : (!atom, D, A, B, C [, E] [, SFA, SFB])",
          example="cute_nvgpu.mma %atom, %d, %a, %b, %c : (!cute_nvgpu.sm90.mma, memref<64xf32>, "
                  "!cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, #cute.layout<(64, 16):(16, 1)>>, "
                  "!cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(16, 128):(128, 1)>>, memref<64xf32>)",
          source="cute-ir", verifier=MMA),
    OpDef("cute_nvgpu.copy", "Apply a copy atom: move the source fragment to the destination.",
          operands=(single("atom", "—", "the copy atom"),
                    single("src", "per atom, below", "source fragment"),
                    single("dst", "per atom, below", "destination fragment")),
          syntax="cute_nvgpu.copy %atom, %src, %dst : (!atom, Src, Dst)",
          example="cute_nvgpu.copy %atom, %src, %dst : (!cute_nvgpu.atom.ldsm<m8n8.x4>, memref<256xf16, 3>, memref<8xf16>)",
          source="cute-ir", verifier=COPY),
    OpDef("cute_nvgpu.atom.set_value", "Set a runtime field of an atom (CuTe DSL).",
          operands=(single("atom", "—", "the atom"), single("value", "rmem", "the new field value")),
          results=_ANY_RESULTS,
          syntax="cute_nvgpu.atom.set_value<field>(%atom, %value) : (AtomType, ValueType)",
          example="cute_nvgpu.atom.set_value<tma_bar>(%atom, %mbar) : (!cute_nvgpu.atom.tma_load, memref<1xi64, 3>)",
          traits=frozenset({Trait.PASSES_ATOM}),
          source="cute-dsl", note="CuTe DSL spelling (reference/cute-dsl-surface.md); accepted, not verified."),
)

# The TMA family's records (tma_ops.py) that belong to this dialect; the descriptor builder
# they use is TileAS's (`nv_tileas.make_tiled_tma_desc`).
_TMA_OPS = tuple(op for op in TMA_OPS if op.name.startswith(DIALECT_PREFIX))

_DSL_OPS: tuple[OpDef, ...] = tuple(
    OpDef(name, summary, operands=_ANY_OPERANDS, results=_ANY_RESULTS,
          syntax=f"%results = {name}(%operands...) [<{{properties}}>] : (operand types) -> result types",
          example=_DSL_EXAMPLES.get(name, f"%r = {name}(%x) : (i64) -> i64"),
          source="cute-dsl")
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

# Every op of the dialect, each declared once; the op registry (dialects/registry.py) holds
# them with every other dialect's.
OPS: tuple[OpDef, ...] = _CORE_OPS + _TMA_OPS + _DSL_OPS
OPS_BY_NAME: dict[str, OpDef] = {op.name: op for op in OPS}

# Whole families accepted by prefix (CuTe DSL dumps).
ACCEPTED_PREFIXES: tuple[str, ...] = ("cute_nvgpu.arch.",)

# Ops of neighbouring dialects that build cute_nvgpu atoms, by verifier: the CuTe DSL builds
# every atom with `cute.make_atom` (`%atom = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<...>`)
# and materialises static ones with `cute.static`.
FOREIGN_ATOM_OPS: dict[str, str] = {"cute.make_atom": MAKE_ATOM, "cute.static": MAKE_ATOM}

# Ops whose operands the verifiers check.
VERIFIED_OPS: frozenset[str] = frozenset(
    [op.name for op in OPS if op.verifier is not None] + list(FOREIGN_ATOM_OPS))


# Ops whose units are verified and whose atoms are checked for lowering: every op that builds
# or applies an atom (the PTX preview's kernels come from exactly these; the DSL's that apply
# one by their kind).
ATOM_SITE_OPS: frozenset[str] = VERIFIED_OPS | frozenset(
    name for name, kinds in DSL_KINDS.items() if Trait.APPLIES_ATOM in kinds) | frozenset({
    "cute.static", "cute_nvgpu.atom.make_exec_tma",
    "cute_nvgpu.atom.tma_load", "cute_nvgpu.atom.tma_store", "cute_nvgpu.atom.tma_reduce"})


# Ops whose first operand is the atom they apply (the TMA transfers take an executable TMA
# atom), and ops that build an atom or bind one for execution.
TMA_APPLY_OPS = frozenset({"cute_nvgpu.atom.tma_load", "cute_nvgpu.atom.tma_store",
                           "cute_nvgpu.atom.tma_reduce"})
APPLYING_OPS: frozenset[str] = frozenset(op.name for op in OPS if op.verifier in (MMA, COPY)) | TMA_APPLY_OPS
BUILDING_OPS: frozenset[str] = (frozenset(op.name for op in OPS if op.verifier == MAKE_ATOM) | frozenset(FOREIGN_ATOM_OPS)
                                | {"cute_nvgpu.atom.make_exec_tma", "cute_nvgpu.atom.non_exec_tiled_tma_load",
                                   "cute_nvgpu.atom.non_exec_tiled_tma_store",
                                   "cute_nvgpu.atom.non_exec_tiled_tma_reduce"})


def op_verifier(name: str) -> str | None:
    """What the verifiers check an op as (MAKE_ATOM, MMA, COPY); None: no atom verifier."""
    op = OPS_BY_NAME.get(name)
    return op.verifier if op is not None else FOREIGN_ATOM_OPS.get(name)


def is_cute_nvgpu_op(name: str) -> bool:
    return name.startswith(DIALECT_PREFIX)


def lookup_op(name: str) -> OpDef | None:
    return OPS_BY_NAME.get(name)


def is_known_op(name: str) -> bool:
    return name in OPS_BY_NAME or name.startswith(ACCEPTED_PREFIXES)
