"""Atom facts as data: the 27 cute_nvgpu type mnemonics, the MMA shape lattice, the copy lattice
(the two lattices in tables/lattice.py, read through this module).

Every row states its hardware-correct arch gate as a tuple of *alternatives* for
`tiers.satisfies_any` (``("sm_100f", "sm_110f")`` = any target carrying the sm_10x or sm_11x
family features). Where the dialect specification states a hardware fact the PTX ISA / ptxas
contradicts, the row carries a `deviation` text that names the item of
``reference/hardware-facts.md`` it follows, so hover can show why.

Sources (besides the specification pages):
* PTX ISA 9.0/9.1: mma / mma.sp / wgmma shape tables, tcgen05 "Matrix Shape" table
  (".kind and shapes"), tcgen05.ld/st ".num" register table, tcgen05.cp shapes.
* CUTLASS 4.2 (NVIDIA/cutlass, include/cute/atom/mma_traits_sm{70,75,80,89,120}.hpp):
  per-thread fragment layouts, stored below as layout *strings*.
* CUTLASS include/cute/arch/mma_sm100_umma.hpp: per-atom UMMA M/N static_asserts, used to
  settle the one ambiguity of the PTX table (kind::f8f6f4, cta_group::1: step 8 for M=64,
  step 16 for M=128).
* ptxas 13.0 runs over every target of `tiers.TARGETS` (gates below were measured that way).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from . import tiers as T

# Made in tables/lattice.py, read through this module (`__getattr__` below).
_LATTICE_NAMES = ("BlockScale", "FragmentLayouts", "MmaShapeRow", "MMA_LATTICE", "CopyShapeRow",
    "COPY_LATTICE", "N_STEP8", "N_STEP16", "N_STEP32", "N_WGMMA_INT", "N_UMMA_I8_CTA1", "find_mma_rows",
    "find_copy_rows", "mma_row", "copy_row", "fragment_counts", "register_counts", "matrix_variant")
__all__ = ["Residency", "Interface", "AtomFamily", "OperandContract", "AtomRow", "ATOMS",
    "ATOMS_BY_MNEMONIC", "MNEMONICS", "DSL_ATOMS", "DSL_ATOMS_BY_MNEMONIC", "SPEC", "CUTE_DSL",
    "TYPE_BITS", "TMA_CTA_PAIR", "WGMMA", "TCGEN05", "TCGEN05_I8", "TCGEN05_A_ONLY", "SM120_BLOCK_SCALED",
    "TMA", "INCOMPATIBLE_QUALIFIERS", "copy_qualifier", "PARAMETER_GATES", "parameter_gate", "atom_gates",
    "written_tier", "SCOPE_KEYS", "SCOPED_ORDERS", "writes_scope", "MATRIX_B8", "MatrixMode",
    "MATRIX_MODES", "MATRIX_FORMATS", "MATRIX_UNIT_BITS", "MATRIX_PACKED_BITS", "matrix_mode",
] + list(_LATTICE_NAMES)

# --------------------------------------------------------------------------------------------
# Vocabulary
# --------------------------------------------------------------------------------------------


class Residency(enum.Enum):
    RMEM = "rmem"
    SMEM = "smem"
    SMEM_DESC = "smem_desc"     # a 64-bit shared-memory matrix descriptor in a register
    TMEM = "tmem"
    GMEM = "gmem"


class Interface(enum.Enum):
    MMA_ATOM = "MmaAtom"
    COPY_ATOM = "CopyAtom"
    PREFETCH_ATOM = "PrefetchAtom"
    ASYNC_COPY_ATOM = "AsyncCopyAtom"
    TMA_ATOM = "TmaAtom"
    TMEM_ATOM = "TmemAtom"
    SPARSE_METADATA_ATOM = "SparseMetadataAtom"
    BLOCK_SCALE_ATOM = "BlockScaleAtom"
    SMEM_DESCRIPTOR_ATOM = "SmemDescriptorAtom"
    DESCRIPTOR_TYPE = "DescriptorType"


class AtomFamily(enum.Enum):
    # The four families of the mnemonic table (asm-printer page, "Type Mnemonics").
    MMA = "MMA atoms"
    SMEM_DESCRIPTOR = "SMEM descriptors"
    TMEM_AND_COPY = "TMEM and copy atoms"
    TMA = "TMA descriptors and atoms"


R = Residency
I = Interface

# Bits per element as PTX spells the type. Sub-byte and 6-bit types are *packed* in the
# register-MMA forms that name them directly (s4/u4, e2m1 in m16n8k64); the kind::f8f6f4 family
# keeps every element in an 8-bit container (see MmaShapeRow.container_bits).
TYPE_BITS: dict[str, int] = {
    "b1": 1, "s4": 4, "u4": 4, "e2m1": 4, "e2m3": 6, "e3m2": 6, "s8": 8, "u8": 8, "e4m3": 8,
    "e5m2": 8, "ue8m0": 8, "ue4m3": 8, "f16": 16, "bf16": 16, "tf32": 32, "f32": 32, "s32": 32,
    "f64": 64,
}

# --------------------------------------------------------------------------------------------
# Arch gates shared by several rows (each fact once)
# --------------------------------------------------------------------------------------------

WGMMA: tuple[str, ...] = ("sm_90a",)                      # hardware-facts: wgmma sm_90a only
TCGEN05: tuple[str, ...] = ("sm_100f", "sm_110f")          # 100a/100f/103a/103f/110a/110f
TCGEN05_I8: tuple[str, ...] = ("sm_100a", "sm_110a")       # kind::i8: arch-specific only
# Arch-specific tcgen05 features (ptxas 13.0 accepts them on the `a` targets only): sparse
# kind::mxf4 / kind::mxf4nvf4 (and the `.scale_vec::NX` spelling, which the emitter therefore
# never uses for tcgen05: `.block32` / `.block16` assemble on every tcgen05 target).
TCGEN05_A_ONLY: tuple[str, ...] = ("sm_100a", "sm_103a", "sm_110a")
SM120_BLOCK_SCALED: tuple[str, ...] = ("sm_120f",)         # 120a/120f/121a/121f
# SM103's 96-deep FP4 tcgen05.mma (CUTLASS's SM103_MXF4_ULTRA_SS_VS / _2x1SM_SS_VS, the DSL's
# SM103MmaMXF4NVF4Op): the instruction text is kind::mxf4nvf4's, which ptxas takes on every
# tcgen05 target; K = 96 is bit 31 of the instruction descriptor (`k_size`), which SM103 reads.
SM103_K96: tuple[str, ...] = ("sm_103f",)                  # 103a/103f
TMA: tuple[str, ...] = ("sm_90",)
# Row-gathering TMA (ptxas 13.0: `.tile::gather4` into `.shared::cta` "requires .target sm_100 or
# higher"; `.tile::scatter4` is rejected on sm_100, sm_120a and sm_120f, accepted on sm_100a/f,
# sm_103a and sm_110a).
TMA_GATHER4: tuple[str, ...] = ("sm_100",)
TMA_SCATTER4: tuple[str, ...] = ("sm_100f", "sm_110f")
# A TMA transfer shared by a CTA pair (`.cta_group::2`, the DSL's 2-SM TMA atoms) is tcgen05's.
TMA_CTA_PAIR: tuple[str, ...] = TCGEN05


@dataclass(frozen=True)
class OperandContract:
    role: str                            # A, B, D, E (sparse metadata), SFA, SFB, src, dst
    allowed: tuple[Residency, ...]


def _ops(**roles: tuple[Residency, ...] | Residency) -> tuple[OperandContract, ...]:
    return tuple(OperandContract(role, v if isinstance(v, tuple) else (v,))
                 for role, v in roles.items())


@dataclass(frozen=True)
class AtomRow:
    mnemonic: str
    family: AtomFamily
    requires: tuple[str, ...]            # hardware-correct gate; () = any target
    spec_min_tier: str                   # what the registry table states
    interfaces: frozenset[Interface]
    operands: tuple[OperandContract, ...]
    description: str                     # one line for hover cards
    alias_family: str | None             # "mma" / "copy" alias hint (asm-printer page)
    deviation: str | None = None
    vocabulary: str = "spec"             # SPEC: the spec's 27 mnemonics; CUTE_DSL: the DSL's own
    lowers_as: str | None = None         # a DSL mnemonic with the semantics of this spec atom

    def implements(self, interface: Interface) -> bool:
        return interface in self.interfaces

    @property
    def sparse(self) -> bool:
        """A structured-sparse MMA: it takes a metadata operand E."""
        return self.implements(Interface.SPARSE_METADATA_ATOM)

    @property
    def block_scaled(self) -> bool:
        """A block-scaled MMA: it takes scale-factor operands SFA and SFB."""
        return self.implements(Interface.BLOCK_SCALE_ATOM)

    @property
    def umma(self) -> bool:
        """An MMA whose B comes from a shared-memory matrix descriptor (WGMMA and tcgen05): its
        operands are checked by element type, then residency. Every other MMA keeps its
        operands in registers."""
        return self.implements(Interface.MMA_ATOM) and any(
            c.role == "B" and Residency.SMEM_DESC in c.allowed for c in self.operands)


def _atom(mnemonic: str, family: AtomFamily, requires: tuple[str, ...], spec_min_tier: str,
          interfaces: tuple[Interface, ...], operands: tuple[OperandContract, ...],
          description: str, alias_family: str | None, deviation: str | None = None) -> AtomRow:
    return AtomRow(mnemonic, family, requires, spec_min_tier, frozenset(interfaces), operands,
                   description, alias_family, deviation)


_TCGEN05_DEVIATION = (
    "Spec: min tier SM100 (and SM110 has no MMA surface). Hardware (hardware-facts, arch "
    "gates): tcgen05 assembles for sm_100a/100f/103a/103f/110a/110f only -- not plain "
    "sm_100/sm_103, not sm_120*. Whether the dialect dispatches it for sm_110 is the "
    "verifier's policy, not a hardware limit.")

_TMA_DESC_DEVIATION = (
    "hardware-facts 6: a CUtensorMap is 128 bytes (16 x u64, alignas(128)), not the spec's "
    "64-byte DESC_TMA512 payload; its bit layout is opaque, so show fields, never bytes.")

# The registry, in the parser's dispatch order (asm-printer page, perfect-hash table #0..#26).
# `smem_desc`/`smem_desc_view` take their gate from the consumers of a matrix descriptor
# (wgmma + tcgen05) -- computed below so the fact lives once.
_ATOMS_RAW: tuple[AtomRow, ...] = (
    _atom("atom.universal_fma", AtomFamily.MMA, (), "all", (I.MMA_ATOM,),
          _ops(A=R.RMEM, B=R.RMEM, D=R.RMEM),
          "Scalar fused multiply-add atom (1x1x1), the generic MMA fallback on every target.",
          "mma"),
    _atom("sm80.mma", AtomFamily.MMA, ("sm_80",), "SM80", (I.MMA_ATOM,),
          _ops(A=R.RMEM, B=R.RMEM, D=R.RMEM),
          "Ampere warp-level mma.sync: f16/bf16/tf32/s8/s4 register fragments.", "mma"),
    _atom("sm80.sparse_mma", AtomFamily.MMA, ("sm_80",), "SM80",
          (I.MMA_ATOM, I.SPARSE_METADATA_ATOM),
          _ops(A=R.RMEM, B=R.RMEM, D=R.RMEM, E=R.RMEM),
          "Ampere 2:4 structured-sparse mma.sp: compressed A, metadata register, selector.",
          "mma",
          "hardware-facts 10: mma.sp operands are d, a, b, c, e, f -- e a .b32 metadata "
          "register, f an immediate selector (0..3 for m16n8k16 f16, 0..1 for m16n8k32 s8); "
          "the spec says the selector is not an operand."),
    _atom("sm89.mma", AtomFamily.MMA, ("sm_89",), "SM89", (I.MMA_ATOM,),
          _ops(A=R.RMEM, B=R.RMEM, D=R.RMEM),
          "Ada FP8 mma.sync m16n8k32 (e4m3/e5m2 in any mix, f32 or f16 accumulate).", "mma"),
    _atom("smem_desc", AtomFamily.SMEM_DESCRIPTOR, (), "SM90", (I.DESCRIPTOR_TYPE,), (),
          "64-bit shared-memory matrix descriptor word (WGMMA GmmaDescriptor / UMMA "
          "SmemDescriptor).", None,
          "hardware-facts 1: the WGMMA descriptor has lbo at 16-29, sbo at 32-45, base_offset "
          "49-51, layout 62-63 (spec: 14-29/30-45/46-48/52-53); the tcgen05 descriptor is a "
          "different layout (version 46-47, 3-bit swizzle 61-63)."),
    _atom("smem_desc_view", AtomFamily.SMEM_DESCRIPTOR, (), "SM90",
          (I.DESCRIPTOR_TYPE,), (),
          "Typed view of a shared-memory tile as a WGMMA/UMMA matrix descriptor.", None,
          "hardware-facts 1: see smem_desc."),
    _atom("sm90.mma", AtomFamily.MMA, WGMMA, "SM90", (I.MMA_ATOM, I.SMEM_DESCRIPTOR_ATOM),
          _ops(A=(R.RMEM, R.SMEM_DESC), B=R.SMEM_DESC, D=R.RMEM),
          "Hopper warpgroup wgmma.mma_async: B (and optionally A) from SMEM descriptors, D in "
          "registers.", "mma",
          "Spec: min tier SM90. Hardware (hardware-facts, arch gates): wgmma.* assembles for "
          "sm_90a only -- rejected on plain sm_90 and on every Blackwell target."),
    _atom("sm100.mma", AtomFamily.MMA, TCGEN05, "SM100", (I.MMA_ATOM, I.TMEM_ATOM),
          _ops(A=(R.SMEM_DESC, R.TMEM), B=R.SMEM_DESC, D=R.TMEM),
          "Blackwell tcgen05.mma (UMMA): single-thread issue, A from SMEM descriptor or TMEM, "
          "D in tensor memory.", "mma", _TCGEN05_DEVIATION),
    _atom("sm100.mma_sp", AtomFamily.MMA, TCGEN05, "SM100",
          (I.MMA_ATOM, I.TMEM_ATOM, I.SPARSE_METADATA_ATOM),
          _ops(A=(R.SMEM_DESC, R.TMEM), B=R.SMEM_DESC, D=R.TMEM, E=R.TMEM),
          "Blackwell tcgen05.mma.sp: structured-sparse A, metadata in tensor memory.", "mma",
          _TCGEN05_DEVIATION),
    _atom("sm100.mma_bs", AtomFamily.MMA, TCGEN05, "SM100",
          (I.MMA_ATOM, I.TMEM_ATOM, I.BLOCK_SCALE_ATOM),
          _ops(A=(R.SMEM_DESC, R.TMEM), B=R.SMEM_DESC, D=R.TMEM, SFA=R.TMEM, SFB=R.TMEM),
          "Blackwell block-scaled tcgen05.mma (mxf8f6f4 / mxf4 / mxf4nvf4), scale factors in "
          "tensor memory.", "mma",
          _TCGEN05_DEVIATION + " hardware-facts 4: (32,32) is kind::mxf8f6f4 E8M0, (64,32) "
          "kind::mxf4 2X E8M0, (64,16) kind::mxf4nvf4 4X E8M0 or E4M3; the scale type is "
          "instruction-descriptor bit 23."),
    _atom("sm100.mma_bs_sp", AtomFamily.MMA, TCGEN05, "SM100",
          (I.MMA_ATOM, I.TMEM_ATOM, I.BLOCK_SCALE_ATOM, I.SPARSE_METADATA_ATOM),
          _ops(A=(R.SMEM_DESC, R.TMEM), B=R.SMEM_DESC, D=R.TMEM, E=R.TMEM, SFA=R.TMEM,
               SFB=R.TMEM),
          "Blackwell sparse block-scaled tcgen05.mma.sp (metadata + scale factors in TMEM).",
          "mma", _TCGEN05_DEVIATION),
    _atom("SM120.mma_bs", AtomFamily.MMA, SM120_BLOCK_SCALED, "SM120",
          (I.MMA_ATOM, I.BLOCK_SCALE_ATOM),
          _ops(A=R.RMEM, B=R.RMEM, D=R.RMEM, SFA=R.RMEM, SFB=R.RMEM),
          "Consumer-Blackwell block-scaled mma.sync (m16n8k32 mxf8f6f4, m16n8k64 mxf4 / "
          "mxf4nvf4), register scale factors.", "mma",
          "Spec: min tier SM120, E8M0 scales only. Hardware: needs sm_120a/120f/121a/121f "
          "(not plain sm_120/121); hardware-facts 5: mxf4nvf4 takes 2X ue8m0 or 4X ue4m3 "
          "(4X ue8m0 is rejected by ptxas 13.0)."),
    _atom("atom.tmem_load", AtomFamily.TMEM_AND_COPY, TCGEN05, "SM100", (I.COPY_ATOM,),
          _ops(src=R.TMEM, dst=R.RMEM),
          "tcgen05.ld: warp-collective load of TMEM lanes x columns into registers.", "copy",
          _TCGEN05_DEVIATION),
    _atom("atom.tmem_store", AtomFamily.TMEM_AND_COPY, TCGEN05, "SM100", (I.COPY_ATOM,),
          _ops(src=R.RMEM, dst=R.TMEM),
          "tcgen05.st: warp-collective store of registers into TMEM lanes x columns.", "copy",
          _TCGEN05_DEVIATION),
    _atom("atom.s2t_copy", AtomFamily.TMEM_AND_COPY, TCGEN05, "SM100",
          (I.COPY_ATOM, I.ASYNC_COPY_ATOM),
          # The registry contract reads "src=smem": a shared-memory tile, which tcgen05.cp
          # addresses through a matrix descriptor built from it.
          _ops(src=(R.SMEM, R.SMEM_DESC), dst=R.TMEM),
          "tcgen05.cp: asynchronous shared-memory (matrix descriptor) to tensor-memory copy.",
          "copy",
          _TCGEN05_DEVIATION + " hardware-facts 8: tcgen05.cp is SMEM(descriptor) -> TMEM "
          "only; there is no TMEM -> SMEM tcgen05.cp form."),
    _atom("tma_descriptor_tiled", AtomFamily.TMA, TMA, "SM90", (I.DESCRIPTOR_TYPE,), (),
          "TMA tensor map (CUtensorMap) in tiled mode.", None, _TMA_DESC_DEVIATION),
    _atom("tma_descriptor_im2col", AtomFamily.TMA, TMA, "SM90", (I.DESCRIPTOR_TYPE,), (),
          "TMA tensor map (CUtensorMap) in im2col mode (rank 3..5).", None,
          _TMA_DESC_DEVIATION),
    _atom("atom.tma_load", AtomFamily.TMA, TMA, "SM90",
          (I.COPY_ATOM, I.TMA_ATOM, I.PREFETCH_ATOM, I.ASYNC_COPY_ATOM),
          _ops(src=R.GMEM, dst=R.SMEM),
          "cp.async.bulk.tensor global -> shared::cluster, mbarrier complete_tx completion.",
          "copy"),
    _atom("atom.tma_store", AtomFamily.TMA, TMA, "SM90",
          (I.COPY_ATOM, I.TMA_ATOM, I.ASYNC_COPY_ATOM),
          _ops(src=R.SMEM, dst=R.GMEM),
          "cp.async.bulk.tensor shared::cta -> global, bulk-group completion.", "copy",
          "hardware-facts 8: the store spelling is cp.async.bulk.tensor.Nd.global.shared::cta"
          ".bulk_group; the spec's plain `.global.shared` is rejected by ptxas."),
    _atom("atom.tma_reduce", AtomFamily.TMA, TMA, "SM90",
          (I.COPY_ATOM, I.TMA_ATOM, I.ASYNC_COPY_ATOM),
          _ops(src=R.SMEM, dst=R.GMEM),
          "cp.reduce.async.bulk.tensor: element-wise reduce (add/min/max/inc/dec/and/or/xor) "
          "of a shared tile into global memory.", "copy",
          "hardware-facts 8: spelled cp.reduce.async.bulk.tensor.Nd.global.shared::cta.OP"
          ".bulk_group (spec: .global.shared.OP)."),
    _atom("atom.universal_copy", AtomFamily.TMEM_AND_COPY, (), "all", (I.COPY_ATOM,),
          _ops(src=(R.RMEM, R.SMEM, R.GMEM), dst=(R.RMEM, R.SMEM, R.GMEM)),
          "Generic scalar/vector ld/st copy of a given bit width.", "copy"),
    _atom("atom.simt_async_copy", AtomFamily.TMEM_AND_COPY, ("sm_80",), "SM80",
          (I.COPY_ATOM, I.ASYNC_COPY_ATOM),
          _ops(src=R.GMEM, dst=R.SMEM),
          "Ampere cp.async global -> shared (.ca 4/8/16 bytes, .cg 16 bytes).", "copy",
          "hardware-facts 11: .ca takes 4/8/16 bytes, .cg only 16 (spec agrees; recorded so "
          "hover can say why .cg 8 is rejected)."),
    _atom("atom.ldsm", AtomFamily.TMEM_AND_COPY, ("sm_75",), "SM75", (I.COPY_ATOM,),
          _ops(src=R.SMEM, dst=R.RMEM),
          "ldmatrix: warp loads 1/2/4 8x8 b16 matrices from shared memory (optional .trans); "
          "on sm_100 / sm_110 / sm_120 (`a`, `f`) also 16x16 and 8x16 matrices of bytes.",
          "copy"),
    _atom("atom.stsm", AtomFamily.TMEM_AND_COPY, ("sm_90",), "SM90", (I.COPY_ATOM,),
          _ops(src=R.RMEM, dst=R.SMEM),
          "stmatrix: warp stores 1/2/4 8x8 b16 matrices to shared memory (optional .trans); "
          "on sm_100 / sm_110 / sm_120 (`a`, `f`) also 16x8 matrices of bytes.",
          "copy"),
    _atom("atom.non_exec_tiled_tma_load", AtomFamily.TMA, TMA, "SM90", (I.TMA_ATOM,),
          _ops(src=R.GMEM, dst=R.SMEM),
          "Partitioned TMA load not yet bound to an mbarrier / cache policy (non-executing).",
          None),
    _atom("atom.non_exec_tiled_tma_store", AtomFamily.TMA, TMA, "SM90", (I.TMA_ATOM,),
          _ops(src=R.SMEM, dst=R.GMEM),
          "Partitioned TMA store not yet bound (non-executing).", None),
    _atom("atom.non_exec_tiled_tma_reduce", AtomFamily.TMA, TMA, "SM90", (I.TMA_ATOM,),
          _ops(src=R.SMEM, dst=R.GMEM),
          "Partitioned TMA reduce not yet bound (non-executing).", None),
)


def _with_descriptor_gate(row: AtomRow) -> AtomRow:
    # A matrix descriptor is only ever consumed by wgmma or tcgen05.{mma,cp}.
    if row.family is AtomFamily.SMEM_DESCRIPTOR:
        return replace(row, requires=WGMMA + TCGEN05)
    return row


ATOMS: tuple[AtomRow, ...] = tuple(_with_descriptor_gate(r) for r in _ATOMS_RAW)
ATOMS_BY_MNEMONIC: dict[str, AtomRow] = {r.mnemonic: r for r in ATOMS}
MNEMONICS: tuple[str, ...] = tuple(r.mnemonic for r in ATOMS)

# --------------------------------------------------------------------------------------------
# The CuTe DSL's own type mnemonics
# --------------------------------------------------------------------------------------------
# NVIDIA's CuTe DSL (nvidia-cutlass-dsl 4.8) ships a newer build of the dialect that prints type
# mnemonics the spec's 27-entry table does not list (names taken from its dumps and from its
# Python bindings). They are real types of real compiler output, so they resolve -- after the
# spec's 27 arms and the `i<N>` arm missed -- instead of drawing the unknown-type diagnostic
# (docs/spec-deviations.md, A1). Where a DSL mnemonic is one of our atoms under another name,
# `lowers_as` names that atom: it is verified and previewed as that atom, with the residency
# its name states (g2r = global -> registers). The others are known, described, and not lowered.
SPEC = "spec"
CUTE_DSL = "cute-dsl"
SM110_FAMILY: tuple[str, ...] = ("sm_110f",)   # the DSL's `sm107.*` (SM110 in PTX's naming)


def _dsl(mnemonic: str, description: str, *, like: str | None = None,
         lowers: bool = False, operands: tuple[OperandContract, ...] | None = None,
         requires: tuple[str, ...] | None = None, family: AtomFamily | None = None,
         interfaces: tuple[Interface, ...] | None = None) -> AtomRow:
    """A DSL mnemonic described by the spec row it resembles (`like`); `lowers` when it has
    exactly that row's semantics."""
    base = ATOMS_BY_MNEMONIC[like] if like else None
    return AtomRow(
        mnemonic=mnemonic,
        family=family or (base.family if base else AtomFamily.TMEM_AND_COPY),
        requires=requires if requires is not None else (base.requires if base else ()),
        spec_min_tier="not in the spec (CuTe DSL)",
        interfaces=frozenset(interfaces) if interfaces is not None
        else (base.interfaces if base else frozenset()),
        operands=operands if operands is not None else (base.operands if base else ()),
        description=description, alias_family=base.alias_family if base else None,
        deviation=None, vocabulary=CUTE_DSL, lowers_as=like if lowers else None)


_UNIVERSAL = "atom.universal_copy"
_COPY_ASYNC = (I.COPY_ATOM, I.ASYNC_COPY_ATOM)
DSL_ATOMS: tuple[AtomRow, ...] = (
    _dsl("atom.g2r", "Universal copy global memory -> registers (ld.global).", like=_UNIVERSAL,
         lowers=True, operands=_ops(src=R.GMEM, dst=R.RMEM)),
    _dsl("atom.r2g", "Universal copy registers -> global memory (st.global).", like=_UNIVERSAL,
         lowers=True, operands=_ops(src=R.RMEM, dst=R.GMEM)),
    _dsl("atom.s2r", "Universal copy shared memory -> registers (ld.shared).", like=_UNIVERSAL,
         lowers=True, operands=_ops(src=R.SMEM, dst=R.RMEM)),
    _dsl("atom.r2s", "Universal copy registers -> shared memory (st.shared).", like=_UNIVERSAL,
         lowers=True, operands=_ops(src=R.RMEM, dst=R.SMEM)),
    _dsl("atom.bulk_copy_g2s", "Bulk (non-tensor) copy global -> shared: cp.async.bulk with "
         "mbarrier completion.", requires=TMA, interfaces=_COPY_ASYNC,
         operands=_ops(src=R.GMEM, dst=R.SMEM)),
    _dsl("atom.bulk_copy_s2g", "Bulk (non-tensor) copy shared -> global: cp.async.bulk with "
         "bulk-group completion.", requires=TMA, interfaces=_COPY_ASYNC,
         operands=_ops(src=R.SMEM, dst=R.GMEM)),
    _dsl("atom.bulk_copy_s2s", "Bulk copy shared::cta -> shared::cluster: cp.async.bulk.",
         requires=TMA, interfaces=_COPY_ASYNC, operands=_ops(src=R.SMEM, dst=R.SMEM)),
    _dsl("atom.dsmem_store", "Asynchronous store into a peer CTA's shared memory "
         "(distributed shared memory, st.async).", requires=TMA, interfaces=_COPY_ASYNC,
         operands=_ops(src=R.RMEM, dst=R.SMEM)),
    _dsl("atom.tmem_load_red", "tcgen05.ld with a min/max reduction over the loaded columns.",
         like="atom.tmem_load"),
    _dsl("atom.tmem_load_spcompress", "tcgen05.ld of a structured-sparse accumulator, "
         "compressing as it loads.", like="atom.tmem_load"),
    _dsl("atom.sm100_s2t_copy_v2", "The DSL's second spelling of a shared -> tensor memory "
         "copy (tcgen05.cp).", like="atom.s2t_copy"),
    _dsl("atom.im2col_tma_load", "Executable im2col-mode TMA load.", like="atom.tma_load"),
    _dsl("atom.im2col_tma_store", "Executable im2col-mode TMA store.", like="atom.tma_store"),
    _dsl("atom.non_exec_im2col_tma_load", "Non-executing im2col-mode TMA load.",
         like="atom.non_exec_tiled_tma_load"),
    _dsl("atom.non_exec_im2col_tma_store", "Non-executing im2col-mode TMA store.",
         like="atom.non_exec_tiled_tma_store"),
    _dsl("atom.non_exec_2d_gather4_tma_load", "Non-executing TMA load in tile::gather4 mode.",
         like="atom.non_exec_tiled_tma_load"),
    _dsl("atom.non_exec_2d_scatter4_tma_store", "Non-executing TMA store in tile::scatter4 "
         "mode.", like="atom.non_exec_tiled_tma_store"),
    _dsl("atom.simt_multimem_ld_reduce", "multimem.ld_reduce: load-reduce across the copies of "
         "a multicast object.", requires=TMA, interfaces=(I.COPY_ATOM,),
         operands=_ops(src=R.GMEM, dst=R.RMEM)),
    _dsl("atom.simt_multimem_red", "multimem.red: reduce into every copy of a multicast "
         "object.", requires=TMA, interfaces=(I.COPY_ATOM,),
         operands=_ops(src=R.RMEM, dst=R.GMEM)),
    _dsl("atom.simt_multimem_st", "multimem.st: store to every copy of a multicast object.",
         requires=TMA, interfaces=(I.COPY_ATOM,), operands=_ops(src=R.RMEM, dst=R.GMEM)),
    _dsl("sm107.mma", "tcgen05 UMMA atom of the SM110 family (the DSL's `sm107`).",
         like="sm100.mma", requires=SM110_FAMILY),
    _dsl("sm107.smem_desc", "UMMA shared-memory descriptor of the SM110 family.",
         like="smem_desc", requires=SM110_FAMILY),
    _dsl("sm103.smem_desc_circular", "SM103 circular-buffer UMMA shared-memory descriptor.",
         like="smem_desc", requires=("sm_103f",)),
    _dsl("sm107.smem_desc_circular", "SM110-family circular-buffer UMMA shared-memory "
         "descriptor.", like="smem_desc", requires=SM110_FAMILY),
    _dsl("tma_descriptor_ptr", "Pointer to a TMA tensor map (CUtensorMap) in memory.",
         like="tma_descriptor_tiled"),
    _dsl("workid_response", "Response of a cluster launch control work-id query "
         "(clusterlaunchcontrol.try_cancel).", family=AtomFamily.TMA, requires=("sm_100f",),
         interfaces=(), operands=()),
)
DSL_ATOMS_BY_MNEMONIC: dict[str, AtomRow] = {r.mnemonic: r for r in DSL_ATOMS}


def simt_copy_side(row: AtomRow) -> tuple[str, Residency] | None:
    """A DSL SIMT copy (g2r, r2g, s2r, r2s) is one instruction, by the residency its row states:
    (`ld`, the memory it reads) into registers or (`st`, the memory it writes) from them. None
    for every other row (a generic universal copy is a load and a store)."""
    roles = {o.role: o.allowed for o in row.operands}
    src, dst = roles.get("src", ()), roles.get("dst", ())
    if row.lowers_as != _UNIVERSAL or len(src) != 1 or len(dst) != 1 or R.RMEM not in src + dst:
        return None
    return ("st", dst[0]) if src[0] is R.RMEM else ("ld", src[0])

# --------------------------------------------------------------------------------------------
# The DSL's SIMT copies (g2r, r2g, s2r, r2s): the PTX each option writes
# --------------------------------------------------------------------------------------------
# nvidia-cutlass-dsl 4.8.1's own PTX for CopyG2ROp / CopyR2GOp built with each option value (one
# kernel per value, compiled for sm_100a): `l1c_evict_priority=EVICT_FIRST` writes
# `ld.global.L1::evict_first.v4.b32`, `store_cache_mode=STREAMING` `st.global.cs.v4.b32`,
# `invariant=True` `ld.global.nc.v4.b32`, `memory_order=ACQUIRE, memory_scope=GPU`
# `ld.acquire.gpu.global.v4.b32`. Keys and values as the type prints them; "" writes nothing.
# In the PTX ISA's order (ld{.sem.scope}{.ss}{.cop}{.nc}{.L1::evict}{.L2::prefetch}{.vec}.type),
# the option keys after the memory order and the state space:
COPY_QUALIFIERS: dict[str, dict[str, str]] = {
    "load_cache_mode": {"always": "", "global": ".cg", "streaming": ".cs", "last_use": ".lu",
                        "none": ".cv"},
    "store_cache_mode": {"write_back": "", "global": ".cg", "streaming": ".cs",
                         "write_through": ".wt", "none": ""},
    "invariant": {"true": ".nc", "false": ""},
    "l1_cache_evict_priority": {"evict_normal": "", "evict_first": ".L1::evict_first",
                                "evict_last": ".L1::evict_last",
                                "evict_unchanged": ".L1::evict_unchanged",
                                "no_allocate": ".L1::no_allocate"},
    "l2_prefetch_size": {"none": "", "size_64b": ".L2::64B", "size_128b": ".L2::128B",
                         "size_256b": ".L2::256B"},
}
# A memory order's qualifiers, with the scope (`mem_scope`, else cta) where it takes one. A load
# has no release order and a store no acquire one, neither acq_rel or sc (ptxas: "Illegal
# modifier '.release' for instruction 'ld'"), and `.mmio` is a single scalar access of global
# memory ("'.mmio' cannot be combined with modifier '.v4'"): the DSL builds such types, and its
# own compile of them fails in ptxas.
LOAD_ORDERS: dict[str, str] = {"weak": "", "constant": "", "volatile": ".volatile",
                               "relaxed": ".relaxed.{scope}", "acquire": ".acquire.{scope}",
                               "mmio": ".mmio.relaxed.sys"}
STORE_ORDERS: dict[str, str] = {"weak": "", "constant": "", "volatile": ".volatile",
                                "relaxed": ".relaxed.{scope}", "release": ".release.{scope}",
                                "mmio": ".mmio.relaxed.sys"}
DEFAULT_MEMORY_SCOPE = "cta"
MMIO_MAX_BITS = 64
# A generic universal copy (`atom.universal_copy`, neither a g2r / s2r load nor an r2g / r2s
# store) is a load and then a store, and each takes the half of its memory order that it has:
# the PTX ISA gives `ld` only `.relaxed` / `.acquire` (with a scope) and `st` only `.relaxed` /
# `.release`, `.acq_rel` and `.sc` only to `fence` / `atom`. An acquire orders the load, a
# release the store, the other access staying weak (an acquire constrains later accesses only
# through a load, a release earlier ones only through a store); acq_rel orders both. `sc` has no
# ld / st form at all (the PTX atomics ABI writes a sequentially consistent load as
# `fence.sc.scope; ld.acquire.scope`), so such a copy has no instruction. (load, store) order:
UNIVERSAL_ORDER_HALVES: dict[str, tuple[str, str]] = {
    "weak": ("weak", "weak"), "constant": ("constant", "weak"), "volatile": ("volatile", "volatile"),
    "relaxed": ("relaxed", "relaxed"), "acquire": ("acquire", "weak"), "release": ("weak", "release"),
    "acq_rel": ("acquire", "release"), "mmio": ("mmio", "mmio")}


def order_qualifiers(side: str, order: str, scope: str = DEFAULT_MEMORY_SCOPE) -> tuple[str, str] | None:
    """(load, store) qualifiers, scope filled in, that memory `order` writes on a copy whose
    atom instruction is `side`: `ld` (g2r / s2r: its store only moves registers, and stays
    weak), `st` (r2g / r2s), or "" (a generic universal copy, UNIVERSAL_ORDER_HALVES). None
    when the instruction(s) have no such order."""
    if side:
        table = LOAD_ORDERS if side == "ld" else STORE_ORDERS
        if order not in table:
            return None
        written = table[order].format(scope=scope)
        return (written, "") if side == "ld" else ("", written)
    halves = UNIVERSAL_ORDER_HALVES.get(order)
    if halves is None:
        return None
    return LOAD_ORDERS[halves[0]].format(scope=scope), STORE_ORDERS[halves[1]].format(scope=scope)

# Modifiers one ld / st does not take together, though the DSL builds a SIMT copy with any mix
# of its options (its own compile of `load_cache_mode=STREAMING, l1c_evict_priority=EVICT_LAST`
# fails in ptxas). ptxas 13.0, on every pair of the tokens the options above write (the memory
# order's first word): "Modifier '.evict_last' cannot be combined with modifier '.cs'",
# "Modifier '.relaxed' cannot be combined with modifier '.cg'", "Modifier '.volatile' cannot be
# combined with modifier '.nc'", "Illegal cache operation for instruction 'ld.nc'" (`.lu`, `.cv`),
# "Modifier '.L2::128B' cannot be combined with modifier '.mmio'"; every other pair assembles
# (tests/tables/test_copy_modifiers.py asks ptxas for each).
_CACHE_OPERATORS = ("cg", "cs", "lu", "cv", "wt")
_L1_PRIORITIES = ("L1::evict_first", "L1::evict_last", "L1::evict_unchanged", "L1::no_allocate")
_ORDERED = ("volatile", "relaxed", "acquire", "release", "mmio")
INCOMPATIBLE_QUALIFIERS: frozenset[frozenset[str]] = frozenset(
    {frozenset({c, other}) for c in _CACHE_OPERATORS for other in _L1_PRIORITIES + _ORDERED}
    | {frozenset({order, p}) for order in ("volatile", "mmio") for p in _L1_PRIORITIES}
    | {frozenset({order, "nc"}) for order in _ORDERED}
    | {frozenset({"nc", c}) for c in ("lu", "cv")}
    | {frozenset({"mmio", size}) for size in ("L2::64B", "L2::128B", "L2::256B")})


def copy_qualifier(side: str, key: str | None, value: str | None) -> str | None:
    """The modifier token (no dot, no scope) a DSL SIMT copy's `key = value` writes on its `side`
    (`ld` / `st`) instruction, or None when it writes none (a default, or no such option)."""
    if key in ("mem_order", "memory_order"):
        written = (LOAD_ORDERS if side == "ld" else STORE_ORDERS).get(value or "", "")
    else:
        written = COPY_QUALIFIERS.get(key or "", {}).get(value or "", "")
    return written.lstrip(".").split(".", 1)[0] or None
# `shared_space` of s2r / r2s: the state space of the shared-memory side.
SHARED_SPACES: dict[str, str] = {"cta": "shared", "cluster": "shared::cluster"}
# PTX qualifier tokens (between dots) newer than the copy itself, as ptxas 13.0 gates them:
# "Feature 'cache prefetching' requires .target sm_75 or higher", "Modifier '.L2::256B' requires
# .target sm_80 or higher", "Feature '.cluster scope' requires .target sm_90 or higher",
# "Feature '::cluster' requires .target sm_90 or higher".
PTX_QUALIFIER_GATES: dict[str, tuple[str, ...]] = {
    "L2::64B": ("sm_75",), "L2::128B": ("sm_75",), "L2::256B": ("sm_80",),
    "cluster": ("sm_90",), "shared::cluster": ("sm_90",)}


def _copy_parameter_gates() -> dict[tuple[str, str, str], tuple[str, ...]]:
    """The gates of the copy options above, for every atom ("*"): an option value whose PTX
    qualifier ptxas gates (`PTX_QUALIFIER_GATES`)."""
    gates = {("*", key, value): PTX_QUALIFIER_GATES[q.lstrip(".")]
             for key, spellings in COPY_QUALIFIERS.items() for value, q in spellings.items()
             if q.lstrip(".") in PTX_QUALIFIER_GATES}
    gates[("*", "mem_scope", "cluster")] = PTX_QUALIFIER_GATES["cluster"]
    gates[("*", "shared_space", "cluster")] = PTX_QUALIFIER_GATES[SHARED_SPACES["cluster"]]
    return gates


# --------------------------------------------------------------------------------------------
# ldmatrix / stmatrix shapes
# --------------------------------------------------------------------------------------------
# PTX ISA 8.6+ ("ldmatrix", "stmatrix"): besides `.m8n8` of 16-bit units (`.b16`), ldmatrix has
# `.m16n16` (`.x1` / `.x2` only, always `.trans`) and `.m8n16` (never transposed), both moving
# 8-bit units that shared memory holds as bytes (`.b8`, `.m16n16` only) or as 16 packed 6-bit /
# 4-bit values padded to 128 bits, each widened to a byte (`.b8x16.b6x16_p32` /
# `.b8x16.b4x16_p64`); stmatrix has `.m16n8`, valid only for `.b8` (always `.trans`). ptxas
# 13.0 assembles every such form for the `a` and `f` targets of sm_100, sm_103, sm_110, sm_120
# and sm_121 and for no other ("Feature '.m16n16' not supported on .target 'sm_100'",
# "Feature 'ldmatrix.b8' ..."; tests/tables/test_atoms.py asks it for each row); CUTLASS gates
# its SM100_*_LDSM / *_STSM atoms alike (include/cute/arch/copy_sm100.hpp).
MATRIX_B8: tuple[str, ...] = ("sm_100f", "sm_110f", "sm_120f")


@dataclass(frozen=True)
class MatrixMode:
    """A CuTe DSL ldsm / stsm matrix shape (`mode = <"(rows,cols)">`) and its PTX form."""
    atom: str
    mode: str                     # as the DSL writes it: "(16,16)"
    shape: str                    # the PTX `.shape`: "m16n16"
    per_ptx_matrix: int           # the DSL's matrices in one PTX matrix
    transpose: bool | None        # the transposition the shape requires; None: either
    patterns: tuple[str, ...]     # the `sz_pattern`s it takes; the first when none is written
    requires: tuple[str, ...]     # besides the atom row's gate
    # The DSL counts matrices of its value type, so a value wider than a byte is several PTX
    # matrices of bytes (`matrix_count`).
    counts_values: bool = False

    @property
    def rows_cols(self) -> str:
        return "x".join(self.mode.strip("()").split(","))

    def matrix_count(self, num: int, value_bits: int | None) -> int:
        """The PTX `.num` of `num` of the DSL's matrices of `value_bits`-bit values (None: not
        known): its count over `per_ptx_matrix`, times the bytes a value fills where the DSL
        counts matrices of values. Its own compile of `StMatrix16x8x8bOp(num_matrices = 1)`
        stores bf16 with `stmatrix...m16n8.x2.trans.shared.b8` and f32 with `.x4`."""
        count = num // self.per_ptx_matrix
        if self.counts_values and value_bits is not None and value_bits > 8:
            count *= value_bits // 8
        return count


_WIDENED = ("u4x16p64to8", "u6x16p32to8")
MATRIX_MODES: tuple[MatrixMode, ...] = (
    MatrixMode("atom.ldsm", "(8,8)", "m8n8", 1, None, ("u16",), ()),
    MatrixMode("atom.ldsm", "(16,16)", "m16n16", 1, True, ("u8", *_WIDENED), MATRIX_B8),
    # The DSL's LdMatrix16x8x8bOp has "no direct PTX correspondence": it lowers to `.m16n16`
    # (two of its 16x8 matrices to one) and permutes the values to match stmatrix.m16n8.trans
    # (nvgpu/warp/copy.py; its own compile: num_matrices = 4 -> ldmatrix.m16n16.x2.trans.b8).
    MatrixMode("atom.ldsm", "(16,8)", "m16n16", 2, True, ("u8", *_WIDENED), MATRIX_B8),
    MatrixMode("atom.ldsm", "(8,16)", "m8n16", 1, False, _WIDENED, MATRIX_B8),
    MatrixMode("atom.stsm", "(8,8)", "m8n8", 1, None, ("u16",), ()),
    # The DSL's StMatrix16x8x8bOp stores 16x8 matrices of its values: 16-bit ones fill two
    # `.m16n8` matrices of bytes each, 32-bit ones four (MatrixMode.matrix_count).
    MatrixMode("atom.stsm", "(16,8)", "m16n8", 1, True, ("u8",), MATRIX_B8, counts_values=True),
)
# The DSL's `sz_pattern` -> the PTX element format.
MATRIX_FORMATS: dict[str, str] = {"u16": "b16", "u8": "b8", "u4x16p64to8": "b8x16.b4x16_p64",
                                  "u6x16p32to8": "b8x16.b6x16_p32"}
# The unit one lane's registers receive (bits), and the packed values a format widens.
MATRIX_UNIT_BITS: dict[str, int] = {"b16": 16, "b8": 8, "b8x16.b4x16_p64": 8, "b8x16.b6x16_p32": 8}
MATRIX_PACKED_BITS: dict[str, int] = {"b8x16.b4x16_p64": 4, "b8x16.b6x16_p32": 6}


def matrix_mode(atom: str, mode: str | None) -> MatrixMode | None:
    """The matrix shape `mode` ("(16,16)"; None: the `.m8n8` default) of an ldsm / stsm atom."""
    mode = "(8,8)" if mode is None else mode.replace(" ", "")
    return next((m for m in MATRIX_MODES if m.atom == atom and m.mode == mode), None)


def _matrix_parameter_gates() -> dict[tuple[str, str, str], tuple[str, ...]]:
    """A DSL `mode = <"(16,16)">` needs the `.b8` shapes' targets."""
    return {(m.atom, "mode", f'<"{m.mode}">'): m.requires for m in MATRIX_MODES if m.requires}


# --------------------------------------------------------------------------------------------
# Gates a type's parameters add to its row's
# --------------------------------------------------------------------------------------------
# (parameter key, value) -> the gate an atom written with it needs besides its row's. A key ""
# is a bare keyword parameter (`<sm_100_2sm, f16, ...>`). What the file's atoms need is inferred
# from these (ir/target.py) and the target gate checks them (verify/target.py). Keys are
# (atom mnemonic, or "*" for any atom; key; value).
# ptxas 13.0: "Feature '256 bit wide load/store' requires .target sm_100 or higher", and
# "global state space expected" for it: one 256-bit access exists for global memory only.
WIDE_GLOBAL_ACCESS: tuple[str, ...] = ("sm_100",)
PARAMETER_GATES: dict[tuple[str, str, str], tuple[str, ...]] = {
    # TMA shared by a CTA pair (`.cta_group::2`): the DSL's 2-SM TMA atoms.
    ("*", "", "sm_100_2sm"): TMA_CTA_PAIR,
    ("*", "", "sm_100_2sm_multicast"): TMA_CTA_PAIR,
    # ... and the executable atom `make_exec_tma` makes of one (`num_cta = 2`).
    ("atom.tma_load", "num_cta", "2"): TMA_CTA_PAIR,
    # The DSL's SM103 atoms say so (`arch_promote = sm_103`): the 96-deep FP4 MMA.
    ("sm100.mma_bs", "arch_promote", "sm_103"): SM103_K96,
    # One 256-bit access to global memory (`ld.global.v4.b64`): the DSL's `copy_bits = 256`.
    ("atom.g2r", "copy_bits", "256"): WIDE_GLOBAL_ACCESS,
    ("atom.r2g", "copy_bits", "256"): WIDE_GLOBAL_ACCESS,
    ("atom.universal_copy", "b", "256"): WIDE_GLOBAL_ACCESS,
    # The cluster scope, shared::cluster and the 256-byte L2 prefetch of the DSL's SIMT copies.
    **_copy_parameter_gates(),
    # The `.b8` shapes of ldmatrix / stmatrix.
    **_matrix_parameter_gates(),
}


def parameter_gate(mnemonic: str, key: str, value: str) -> tuple[str, ...] | None:
    """The gate a parameter `key = value` (key "" for a bare keyword) adds to an atom of
    `mnemonic`, or None."""
    value = value.strip()
    return PARAMETER_GATES.get((mnemonic, key, value)) or PARAMETER_GATES.get(("*", key, value))


# The memory orders whose instruction writes a scope (`ld.relaxed.cluster`). The PTX ISA gives a
# scope only to a morally strong `ld` / `st` (`ld.relaxed.scope`, `ld.acquire.scope`, ...); a weak
# one (no order written) is `ld.shared` whatever `mem_scope` says, and runs on every target.
# Which side writes it is `order_qualifiers`'s: one table for the preview and the target gate.
def _scoped(side: str, order: str) -> bool:
    written = order_qualifiers(side, order, "{scope}")
    return written is not None and any("{scope}" in q for q in written)


SCOPED_ORDERS = tuple(sorted({order for table in (LOAD_ORDERS, STORE_ORDERS, UNIVERSAL_ORDER_HALVES)
                              for order in table if any(_scoped(s, order) for s in ("ld", "st", ""))}))
ORDER_KEYS = ("mem_order", "memory_order")
SCOPE_KEYS = ("mem_scope", "memory_scope")


def writes_scope(parameters: list[tuple[str, str]] | tuple, side: str = "") -> bool:
    """Whether the memory order among `parameters` writes a scope on a copy whose atom
    instruction is `side` (`order_qualifiers`: "ld", "st", "" for a generic copy)."""
    return any(key in ORDER_KEYS and _scoped(side, value.strip()) for key, value in parameters)


def atom_gates(row: AtomRow, parameters: list[tuple[str, str]] | tuple = ()) -> list[tuple[str, ...]]:
    """Every gate an atom of `row` written with `parameters` ((key, value) pairs, key "" for a
    bare keyword) needs: its row's, then those of its parameters (`PARAMETER_GATES`); a scope
    only where a memory order writes it (`SCOPED_ORDERS`)."""
    gates = [row.requires] if row.requires else []
    side = simt_copy_side(row)
    scoped = writes_scope(parameters, side[0] if side is not None else "")
    for key, value in parameters:
        if key in SCOPE_KEYS and not scoped:
            continue
        gate = parameter_gate(row.mnemonic, key, value)
        if gate is not None and gate not in gates:
            gates.append(gate)
    return gates


def written_tier(row: AtomRow, parameters: list[tuple[str, str]] | tuple = ()) -> int | None:
    """The tier an atom of `row` written with `parameters` needs when its parameters ask more
    than its row (`mode = <"(16,16)">` makes an ldsm an sm_100 atom): the tier of the lowest
    target that meets all its gates, the one a file of that atom alone is inferred for
    (ir/target.py). None when the parameters add nothing, or no single target meets them."""
    gates = atom_gates(row, parameters)
    if gates == ([row.requires] if row.requires else []):
        return None
    lowest = T.lowest_target(gates)
    return T.parse_target(lowest).tier if lowest is not None else None


# The MMA and copy lattices and what reads them (tables/lattice.py) are made when a name of
# theirs is first asked of this module: about 25 ms of rows and record classes that a large
# document's first publish (features/leading.py), which resolves atom types by their rows
# above, never reads.
def __getattr__(name: str) -> object:
    if not name.startswith("__"):
        from . import lattice
        try:
            return getattr(lattice, name)
        except AttributeError:
            pass
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
