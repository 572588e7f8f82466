"""Atom facts as data: the 27 cute_nvgpu type mnemonics, the MMA shape lattice, the copy lattice.

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
import itertools
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Iterator

from . import tiers as T
from .descriptors import dense_umma_kind

__all__ = [
    "Residency", "Interface", "AtomFamily", "OperandContract", "AtomRow", "ATOMS",
    "ATOMS_BY_MNEMONIC", "MNEMONICS", "DSL_ATOMS", "DSL_ATOMS_BY_MNEMONIC", "SPEC", "CUTE_DSL", "BlockScale", "FragmentLayouts", "MmaShapeRow",
    "MMA_LATTICE", "CopyShapeRow", "COPY_LATTICE", "TYPE_BITS", "TMA_CTA_PAIR",
    "WGMMA", "TCGEN05", "TCGEN05_I8", "TCGEN05_A_ONLY", "SM120_BLOCK_SCALED", "TMA",
    "N_STEP8", "N_STEP16", "N_STEP32", "N_WGMMA_INT", "N_UMMA_I8_CTA1",
    "find_mma_rows", "find_copy_rows", "INCOMPATIBLE_QUALIFIERS", "copy_qualifier", "mma_row", "copy_row", "fragment_counts",
    "register_counts", "PARAMETER_GATES", "parameter_gate", "atom_gates", "written_tier",
    "SCOPE_KEYS", "SCOPED_ORDERS", "writes_scope",
    "MATRIX_B8", "MatrixMode", "MATRIX_MODES", "MATRIX_FORMATS", "MATRIX_UNIT_BITS",
    "MATRIX_PACKED_BITS", "matrix_mode", "matrix_variant",
]

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


# --------------------------------------------------------------------------------------------
# MMA shape lattice
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BlockScale:
    kind: str                    # PTX .kind: mxf8f6f4 | mxf4 | mxf4nvf4
    vec_size: int                # elements of K sharing one scale factor (32 or 16)
    scale_types: tuple[str, ...]  # ue8m0 (OCP MX) / ue4m3 (NVFP4)
    scale_vec: str               # PTX .scale_vec::NX spelling ("1X", "2X", "4X")
    block_qualifier: str         # PTX 8.8 alias spelling ("block32", "block16")

    @property
    def tcgen05_qualifiers(self) -> str:
        """The block-scale qualifiers of a tcgen05.mma (see `_UMMA`)."""
        return f".block_scale.{self.block_qualifier}"


@dataclass(frozen=True)
class FragmentLayouts:
    """Per-thread (thread, value) -> (row, col) layouts as CuTe layout strings (CUTLASS).

    A string may hold `{n8}` (N / 8) where the layout grows with the instruction's N, as the
    WGMMA accumulator does; `for_shape` fills it in. None: the operand has no register form.
    """
    a: str | None
    b: str | None
    c: str
    source: str
    sfa: str | None = None
    sfb: str | None = None
    thr_id: str | None = None    # only when the participating threads are not simply 0..31

    def for_shape(self, field_name: str, n: int | None) -> str | None:
        """The layout of `field_name` at instruction width N (None: N unknown, so no layout
        that depends on it)."""
        text = getattr(self, field_name, None)
        if not text or ("{n8}" in text and n is None):
            return None
        return text.format(n8=n // 8) if n is not None else text


@dataclass(frozen=True)
class MmaShapeRow:
    key: str                     # unique row id
    atom: str | None             # dialect mnemonic; None = legacy PTX form without a mnemonic
    instruction: str             # mma.sync | mma.sp | wgmma | tcgen05.mma | tcgen05.mma.sp
    m: tuple[int, ...]
    n: tuple[int, ...]
    k: int
    a_types: tuple[str, ...]
    b_types: tuple[str, ...]
    c_types: tuple[str, ...]     # accumulator (= D) types
    operands: tuple[OperandContract, ...]
    threads: int                 # threads holding register fragments (0: none, e.g. tcgen05)
    requires: tuple[str, ...]
    ptx: tuple[tuple[Residency, str], ...]   # instruction template per A residency
    sparse: bool = False
    block_scale: BlockScale | None = None
    cta_group: int | None = None
    container_bits: int | None = None        # register container per element, if not packed
    layouts: FragmentLayouts | None = None
    sparse_selectors: tuple[int, ...] = ()    # legal mma.sp `f` immediates
    satfinite: bool = False                   # integer forms take .satfinite / saturate bit
    deviation: str | None = None

    def shapes(self) -> Iterator[tuple[int, int, int]]:
        for m in self.m:
            for n in self.n:
                yield (m, n, self.k)

    def template_for(self, a_residency: Residency) -> str | None:
        return dict(self.ptx).get(a_residency)

    @property
    def a_residencies(self) -> tuple[Residency, ...]:
        return tuple(r for r, _ in self.ptx)

    def fragments(self, shape: tuple[int, int, int] | None = None,
                  a_residency: Residency | None = None) -> dict[str, int | None]:
        """Per-thread A/B/C element counts (see `fragment_counts`); `shape` may be omitted
        when the row has a single shape."""
        if shape is None:
            (shape,) = tuple(self.shapes())
        return fragment_counts(self, shape, a_residency or self.a_residencies[0])


def _steps(lo: int, hi: int, step: int) -> tuple[int, ...]:
    return tuple(range(lo, hi + 1, step))


# N sets (PTX ISA wgmma and tcgen05 shape tables; WGMMA int sets verified with ptxas 13.0).
N_STEP8 = _steps(8, 256, 8)
N_STEP16 = _steps(16, 256, 16)
N_STEP32 = _steps(32, 256, 32)
N_WGMMA_INT = (8, 16, 24) + _steps(32, 256, 16)       # s8/u8 and b1 (hardware-facts 2)
N_UMMA_I8_CTA1 = (8, 16, 24, 32) + _steps(48, 256, 16)

_REG = _ops(A=R.RMEM, B=R.RMEM, D=R.RMEM)
_REG_SPARSE = _ops(A=R.RMEM, B=R.RMEM, D=R.RMEM, E=R.RMEM)
_REG_SCALED = _ops(A=R.RMEM, B=R.RMEM, D=R.RMEM, SFA=R.RMEM, SFB=R.RMEM)

_MMA_SYNC = "mma.sync.aligned.m{M}n{N}k{K}.row.col.{sat}{d}.{a}.{b}.{c} {D}, {A}, {B}, {C};"
_MMA_SP = ("mma.sp::ordered_metadata.sync.aligned.m{M}n{N}k{K}.row.col.{sat}{d}.{a}.{b}.{c} "
           "{D}, {A}, {B}, {C}, {E}, {F};")
# The kind and scale qualifiers precede the shape, as NVIDIA's compiler spells the instruction
# (the shape-first order assembles too; hardware-facts, "Spellings that assemble").
_SM120_BS = ("mma.sync.aligned.kind::{kind}.block_scale.scale_vec::{vec}.m{M}n{N}k{K}.row.col"
             ".{d}.{a}.{b}.{c}.{sf} {D}, {A}, {B}, {C}, {SFA}, {{{SFA_BID}, {SFA_TID}}}, "
             "{SFB}, {{{SFB_BID}, {SFB_TID}}};")


def _reg_only(template: str) -> tuple[tuple[Residency, str], ...]:
    return ((R.RMEM, template),)


# CUTLASS layout strings (include/cute/atom/mma_traits_sm80.hpp unless noted).
_L_16x8_ROW = "((4,8),(2,2)):((32,1),(16,8))"
_L_M16N8K8_F16 = FragmentLayouts(_L_16x8_ROW, "((4,8),2):((16,1),8)", _L_16x8_ROW,
                                 "cute/atom/mma_traits_sm80.hpp SM80_16x8x8_F16F16F16F16_TN "
                                 "(SM75_16x8x8 identical)")
_L_M16N8K16_F16 = FragmentLayouts("((4,8),(2,2,2)):((32,1),(16,8,128))",
                                  "((4,8),(2,2)):((16,1),(8,64))", _L_16x8_ROW,
                                  "cute/atom/mma_traits_sm80.hpp SM80_16x8x16_F16F16F16F16_TN")
_L_M16N8K8_TF32 = FragmentLayouts("((4,8),(2,2)):((16,1),(8,64))", "((4,8),2):((8,1),32)",
                                  _L_16x8_ROW,
                                  "cute/atom/mma_traits_sm80.hpp SM80_16x8x8_F32TF32TF32F32_TN")
_L_M16N8K4_TF32 = FragmentLayouts("((4,8),2):((16,1),8)", "((4,8),1):((8,1),0)", _L_16x8_ROW,
                                  "cute/atom/mma_traits_sm80.hpp SM80_16x8x4_F32TF32TF32F32_TN")
_L_M16N8K16_8BIT = FragmentLayouts("((4,8),(4,2)):((64,1),(16,8))", "((4,8),4):((32,1),8)",
                                   _L_16x8_ROW,
                                   "cute/atom/mma_traits_sm80.hpp SM80_16x8x16_S32S8S8S32_TN (SM89's "
                                   "FP8 m16n8k16 places its 8-bit elements alike)")
_L_M16N8K32_8BIT = FragmentLayouts("((4,8),(4,2,2)):((64,1),(16,8,256))",
                                   "((4,8),(4,2)):((32,1),(8,128))", _L_16x8_ROW,
                                   "cute/atom/mma_traits_sm80.hpp SM80_16x8x32_S32S8S8S32_TN "
                                   "(SM89 FP8 and SM120 16x8x32 reuse it)")
_L_M16N8K64_4BIT = FragmentLayouts("((4,8),(8,2,2)):((128,1),(16,8,512))",
                                   "((4,8),(8,2)):((64,1),(8,256))", _L_16x8_ROW,
                                   "cute/atom/mma_traits_sm80.hpp SM80_16x8x64_S32S4S4S32_TN")
_L_M8N8K4 = {
    "f16": FragmentLayouts("(8,4):(1,8)", "(8,4):(1,8)", "(8,8):(1,8)",
                           "cute/atom/mma_traits_sm70.hpp SM70_8x8x4_F16F16F16F16_TN",
                           thr_id="(4,2):(1,16)"),
    "f32": FragmentLayouts("(8,4):(1,8)", "(8,4):(1,8)",
                           "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))",
                           "cute/atom/mma_traits_sm70.hpp SM70_8x8x4_F32F16F16F32_TN",
                           thr_id="(4,2):(1,16)"),
}
_L_SM120_K32 = FragmentLayouts(
    _L_M16N8K32_8BIT.a, _L_M16N8K32_8BIT.b, _L_16x8_ROW,
    "cute/atom/mma_traits_sm120.hpp SM120_16x8x32 (A/B/C of SM80_16x8x32) + scale layouts",
    sfa="((2,2,8),32):((8,0,1),16)", sfb="((4,8),32):((0,1),8)")
_L_SM120_K64 = FragmentLayouts(
    _L_M16N8K64_4BIT.a, _L_M16N8K64_4BIT.b, _L_16x8_ROW,
    "cute/atom/mma_traits_sm120.hpp SM120_16x8x64_TN_VS",
    sfa="((2,2,8),64):((8,0,1),16)", sfb="((4,8),64):((0,1),8)")

_DEV_SM80_FOOTPRINT = (
    "hardware-facts 9: per-thread counts match the spec (A 8, B 4, C 4) but the spec's "
    "footprints ('(2,2,2,2):(1,16,8,128)' for A, '(2,2,2):(1,8,16)' for B) cover twice the "
    "elements; the layouts here are CUTLASS's.")
_DEV_M16N8K8 = ("Spec lattice lists 16x8x8 f16 under sm_70 and sm_75 ('SM70/SM75 m16n8k8'); "
                "the instruction needs sm_75 (hardware-facts, arch gates), and the `sm80.mma` atom "
                "sm_80 (its gate, which the verifier and `legality` both apply).")

_FP8 = ("e4m3", "e5m2")
_F8F6F4 = ("e4m3", "e5m2", "e2m3", "e3m2", "e2m1")
_I8 = ("s8", "u8")
_I4 = ("s4", "u4")

_REGISTER_MMA: tuple[MmaShapeRow, ...] = tuple(
    # The generic scalar FMA atom: one thread, one element, a = b = c.
    MmaShapeRow(f"universal.fma.{t}", "atom.universal_fma", "fma", (1,), (1,), 1, (t,), (t,),
                (t,), _REG, 1, (), _reg_only("fma.rn.{d} {D}, {A}, {B}, {C};"))
    for t in ("f16", "f32", "f64")
) + (
    MmaShapeRow("sm70.m8n8k4.f16", None, "mma.sync", (8,), (8,), 4, ("f16",), ("f16",),
                ("f16", "f32"), _REG, 8, ("sm_70",), _reg_only(_MMA_SYNC),
                layouts=_L_M8N8K4["f32"],
                deviation="No dialect mnemonic: the spec routes SM70 MMA through universal "
                          "paths. Fragments are per quad-pair (8 threads); layouts shown are "
                          "CUTLASS's f32-accumulator ones (f16 accumulator C: "
                          + _L_M8N8K4["f16"].c + ")."),
    MmaShapeRow("sm80.m16n8k8.f16", "sm80.mma", "mma.sync", (16,), (8,), 8, ("f16",),
                ("f16",), ("f16", "f32"), _REG, 32, ("sm_75",), _reg_only(_MMA_SYNC),
                layouts=_L_M16N8K8_F16, deviation=_DEV_M16N8K8),
    MmaShapeRow("sm80.m16n8k8.bf16", "sm80.mma", "mma.sync", (16,), (8,), 8, ("bf16",),
                ("bf16",), ("f32",), _REG, 32, ("sm_80",), _reg_only(_MMA_SYNC),
                layouts=_L_M16N8K8_F16),
    MmaShapeRow("sm80.m16n8k4.tf32", "sm80.mma", "mma.sync", (16,), (8,), 4, ("tf32",),
                ("tf32",), ("f32",), _REG, 32, ("sm_80",), _reg_only(_MMA_SYNC),
                layouts=_L_M16N8K4_TF32),
    MmaShapeRow("sm80.m16n8k8.tf32", "sm80.mma", "mma.sync", (16,), (8,), 8, ("tf32",),
                ("tf32",), ("f32",), _REG, 32, ("sm_80",), _reg_only(_MMA_SYNC),
                layouts=_L_M16N8K8_TF32),
    MmaShapeRow("sm80.m16n8k16.f16", "sm80.mma", "mma.sync", (16,), (8,), 16, ("f16",),
                ("f16",), ("f16", "f32"), _REG, 32, ("sm_80",), _reg_only(_MMA_SYNC),
                layouts=_L_M16N8K16_F16, deviation=_DEV_SM80_FOOTPRINT),
    MmaShapeRow("sm80.m16n8k16.bf16", "sm80.mma", "mma.sync", (16,), (8,), 16, ("bf16",),
                ("bf16",), ("f32",), _REG, 32, ("sm_80",), _reg_only(_MMA_SYNC),
                layouts=_L_M16N8K16_F16, deviation=_DEV_SM80_FOOTPRINT),
    MmaShapeRow("sm80.m16n8k32.i8", "sm80.mma", "mma.sync", (16,), (8,), 32, _I8, _I8,
                ("s32",), _REG, 32, ("sm_80",), _reg_only(_MMA_SYNC),
                layouts=_L_M16N8K32_8BIT, satfinite=True),
    MmaShapeRow("sm80.m16n8k64.i4", "sm80.mma", "mma.sync", (16,), (8,), 64, _I4, _I4,
                ("s32",), _REG, 32, ("sm_80",), _reg_only(_MMA_SYNC),
                layouts=_L_M16N8K64_4BIT, satfinite=True),
    MmaShapeRow("sm80.sp.m16n8k16.f16", "sm80.sparse_mma", "mma.sp", (16,), (8,), 16,
                ("f16",), ("f16",), ("f16", "f32"), _REG_SPARSE, 32, ("sm_80",),
                _reg_only(_MMA_SP), sparse=True, sparse_selectors=(0, 1, 2, 3),
                deviation="hardware-facts 10: operands d, a, b, c, e (metadata .b32), f "
                          "(selector 0..3). `mma.sp::ordered_metadata` needs PTX 8.5."),
    MmaShapeRow("sm80.sp.m16n8k16.bf16", "sm80.sparse_mma", "mma.sp", (16,), (8,), 16,
                ("bf16",), ("bf16",), ("f32",), _REG_SPARSE, 32, ("sm_80",),
                _reg_only(_MMA_SP), sparse=True, sparse_selectors=(0, 1, 2, 3)),
    MmaShapeRow("sm80.sp.m16n8k32.i8", "sm80.sparse_mma", "mma.sp", (16,), (8,), 32, _I8,
                _I8, ("s32",), _REG_SPARSE, 32, ("sm_80",), _reg_only(_MMA_SP), sparse=True,
                sparse_selectors=(0, 1), satfinite=True,
                deviation="hardware-facts 10: operands d, a, b, c, e, f; selector 0..1 for "
                          "8-bit types in ptxas 13.0."),
    MmaShapeRow("sm89.m16n8k16.fp8", "sm89.mma", "mma.sync", (16,), (8,), 16, _FP8, _FP8,
                ("f32", "f16"), _REG, 32, ("sm_89",), _reg_only(_MMA_SYNC),
                layouts=_L_M16N8K16_8BIT),
    MmaShapeRow("sm89.m16n8k32.fp8", "sm89.mma", "mma.sync", (16,), (8,), 32, _FP8, _FP8,
                ("f32", "f16"), _REG, 32, ("sm_89",), _reg_only(_MMA_SYNC),
                layouts=_L_M16N8K32_8BIT),
)

# SM120 block-scaled mma.sync (hardware-facts 5). The kind::mxf8f6f4 operands sit in 8-bit
# containers; kind::mxf4/mxf4nvf4 pack two e2m1 per byte.
_SM120_ROWS: tuple[MmaShapeRow, ...] = (
    MmaShapeRow("sm120.m16n8k32.mxf8f6f4", "SM120.mma_bs", "mma.sync.block_scale", (16,),
                (8,), 32, _F8F6F4, _F8F6F4, ("f32",), _REG_SCALED, 32, SM120_BLOCK_SCALED,
                _reg_only(_SM120_BS),
                block_scale=BlockScale("mxf8f6f4", 32, ("ue8m0",), "1X", "block32"),
                container_bits=8, layouts=_L_SM120_K32),
    MmaShapeRow("sm120.m16n8k64.mxf4", "SM120.mma_bs", "mma.sync.block_scale", (16,), (8,),
                64, ("e2m1",), ("e2m1",), ("f32",), _REG_SCALED, 32, SM120_BLOCK_SCALED,
                _reg_only(_SM120_BS),
                block_scale=BlockScale("mxf4", 32, ("ue8m0",), "2X", "block32"),
                layouts=_L_SM120_K64),
    MmaShapeRow("sm120.m16n8k64.mxf4nvf4.vec32", "SM120.mma_bs", "mma.sync.block_scale",
                (16,), (8,), 64, ("e2m1",), ("e2m1",), ("f32",), _REG_SCALED, 32,
                SM120_BLOCK_SCALED, _reg_only(_SM120_BS),
                block_scale=BlockScale("mxf4nvf4", 32, ("ue8m0",), "2X", "block32"),
                layouts=_L_SM120_K64),
    MmaShapeRow("sm120.m16n8k64.mxf4nvf4.vec16", "SM120.mma_bs", "mma.sync.block_scale",
                (16,), (8,), 64, ("e2m1",), ("e2m1",), ("f32",), _REG_SCALED, 32,
                SM120_BLOCK_SCALED, _reg_only(_SM120_BS),
                block_scale=BlockScale("mxf4nvf4", 16, ("ue4m3",), "4X", "block16"),
                layouts=_L_SM120_K64,
                deviation="hardware-facts 5: NVFP4 (vec 16, 4X) takes ue4m3 scales; an "
                          "E8M0-only rule (spec) would reject it, and 4X with ue8m0 is "
                          "rejected by ptxas 13.0."),
)

# WGMMA (hardware-facts 2 and the "spellings that assemble" list). M is fixed at 64; the
# operand immediates differ per type family, hence one template pair per row.
_WG = "wgmma.mma_async.sync.aligned.m{M}n{N}k{K}.{sat}{d}.{a}.{b}{op} {D}, {A}, {B}, {SCALE_D}"
_WG_FP16_SS, _WG_FP16_RS = _WG + ", 1, 1, 0, 0;", _WG + ", 1, 1, 0;"
_WG_FP_NOTRANS = _WG + ", 1, 1;"          # tf32 / fp8: no transpose immediates
_WG_INT = _WG + ";"                       # integer / b1: no scale immediates either
_WGMMA_OPS = _ops(A=(R.SMEM_DESC, R.RMEM), B=R.SMEM_DESC, D=R.RMEM)
_DEV_WGMMA_N_INT = ("hardware-facts 2: s8/u8 and b1 take N in {8,16,24,32,48,...,256} (steps "
                    "of 16 above 32), not every multiple of 8; K = 256/bits.")


# Register layouts of the 128-thread warpgroup (cute/atom/mma_traits_sm90_gmma.hpp): the
# accumulator CLayout_64xN, and the RS-form A by element width (ALayout_64x8 for 32-bit,
# ALayout_64x16 for 16-bit, ALayout_64x32 for 8-bit types). B is always a descriptor.
_WG_C = "((4,8,4),(2,2,{n8})):((128,1,16),(64,8,512))"
_WG_A_BY_BITS = {
    32: "((4,8,4),(2,2)):((64,1,16),(8,256))",
    16: "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))",
    8: "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))",
}
_WG_LAYOUT_SOURCE = "cute/atom/mma_traits_sm90_gmma.hpp CLayout_64xN / ALayout_64x{8,16,32}"


def _wgmma(key: str, k: int, a: tuple[str, ...], b: tuple[str, ...], c: tuple[str, ...],
           n: tuple[int, ...], ss: str, rs: str, deviation: str | None = None,
           op: str = "", satfinite: bool = False) -> MmaShapeRow:
    # `op` is the b1 popcount qualifier (".and.popc"); empty for every other type.
    # K spans 256 bits of A per row, so the A element width is 256 / K.
    layouts = FragmentLayouts(_WG_A_BY_BITS.get(256 // k), None, _WG_C, _WG_LAYOUT_SOURCE)
    return MmaShapeRow(key, "sm90.mma", "wgmma", (64,), n, k, a, b, c, _WGMMA_OPS, 128, WGMMA,
                       ((R.SMEM_DESC, ss.replace("{op}", op)),
                        (R.RMEM, rs.replace("{op}", op))), deviation=deviation,
                       satfinite=satfinite, layouts=layouts)


_WGMMA_ROWS: tuple[MmaShapeRow, ...] = (
    _wgmma("sm90.wgmma.f16", 16, ("f16",), ("f16",), ("f16", "f32"), N_STEP8,
           _WG_FP16_SS, _WG_FP16_RS),
    _wgmma("sm90.wgmma.bf16", 16, ("bf16",), ("bf16",), ("f32",), N_STEP8,
           _WG_FP16_SS, _WG_FP16_RS),
    _wgmma("sm90.wgmma.tf32", 8, ("tf32",), ("tf32",), ("f32",), N_STEP8,
           _WG_FP_NOTRANS, _WG_FP_NOTRANS),
    _wgmma("sm90.wgmma.fp8", 32, _FP8, _FP8, ("f16", "f32"), N_STEP8,
           _WG_FP_NOTRANS, _WG_FP_NOTRANS),
    _wgmma("sm90.wgmma.i8", 32, _I8, _I8, ("s32",), N_WGMMA_INT, _WG_INT, _WG_INT,
           _DEV_WGMMA_N_INT + " There is no s4/u4 wgmma (ptxas: 'Unexpected instruction "
           "types'), although the spec's GMMA_K table lists s4 x s4 K=64.", satfinite=True),
    _wgmma("sm90.wgmma.b1", 256, ("b1",), ("b1",), ("s32",), N_WGMMA_INT, _WG_INT, _WG_INT,
           _DEV_WGMMA_N_INT, op=".and.popc"),
)

# tcgen05.mma (UMMA). One table of kinds, one table of (kind class, cta_group, sparse) -> M/N,
# from the PTX ISA "Various combinations of .kind and shapes" table. Dense K per kind; sparse
# doubles K (hardware-facts 3).
# `.collector::a::discard` states the default use of the A collector buffer explicitly, as
# NVIDIA's compiler does for every tcgen05.mma it emits; block-scaled forms spell the vector
# size `.block16` / `.block32`, which every tcgen05 target accepts (`.scale_vec::NX` only the
# arch-specific ones).
_UMMA = ("tcgen05.mma{sp}.cta_group::{cta}.kind::{kind}{bs}.collector::a::discard [{D_TMEM}], "
         "{A}, {B}, {META}{IDESC}, {SCALES}{ENABLE_D};")
_UMMA_TEMPLATES = ((R.SMEM_DESC, _UMMA), (R.TMEM, _UMMA))


@dataclass(frozen=True)
class _UmmaKind:
    key: str
    kind: str
    a: tuple[str, ...]
    b: tuple[str, ...]
    c: tuple[str, ...]
    k_dense: int
    shape_class: str
    requires: tuple[str, ...] = TCGEN05
    block_scale: BlockScale | None = None
    sparse_requires: tuple[str, ...] | None = None   # when .sp narrows the gate
    satfinite: bool = False


_UMMA_KINDS: tuple[_UmmaKind, ...] = (
    _UmmaKind("f16", "f16", ("f16",), ("f16",), ("f16", "f32"), 16, "fp"),
    _UmmaKind("bf16", "f16", ("bf16",), ("bf16",), ("f32",), 16, "fp"),
    _UmmaKind("tf32", "tf32", ("tf32",), ("tf32",), ("f32",), 8, "fp"),
    _UmmaKind("f8f6f4", "f8f6f4", _F8F6F4, _F8F6F4, ("f16", "f32"), 32, "f8f6f4"),
    _UmmaKind("i8", "i8", _I8, _I8, ("s32",), 32, "i8", requires=TCGEN05_I8, satfinite=True),
    _UmmaKind("mxf8f6f4", "mxf8f6f4", _F8F6F4, _F8F6F4, ("f32",), 32, "mx",
              block_scale=BlockScale("mxf8f6f4", 32, ("ue8m0",), "1X", "block32")),
    _UmmaKind("mxf4", "mxf4", ("e2m1",), ("e2m1",), ("f32",), 64, "mx",
              block_scale=BlockScale("mxf4", 32, ("ue8m0",), "2X", "block32"),
              sparse_requires=TCGEN05_A_ONLY),
    _UmmaKind("mxf4nvf4", "mxf4nvf4", ("e2m1",), ("e2m1",), ("f32",), 64, "mx",
              block_scale=BlockScale("mxf4nvf4", 16, ("ue8m0", "ue4m3"), "4X", "block16"),
              sparse_requires=TCGEN05_A_ONLY),
    # SM103's K = 96 (dense only: `k_size` 1 has no sparse meaning), 4X with either scale type
    # or 2X with E8M0 (CUTLASS SM103_MXF4_ULTRA_SS_VS's static_assert).
    _UmmaKind("mxf4nvf4.k96.vec16", "mxf4nvf4", ("e2m1",), ("e2m1",), ("f32",), 96, "k96",
              requires=SM103_K96,
              block_scale=BlockScale("mxf4nvf4", 16, ("ue8m0", "ue4m3"), "4X", "block16")),
    _UmmaKind("mxf4nvf4.k96.vec32", "mxf4nvf4", ("e2m1",), ("e2m1",), ("f32",), 96, "k96",
              requires=SM103_K96,
              block_scale=BlockScale("mxf4nvf4", 32, ("ue8m0",), "2X", "block32")),
)

# (shape class, cta_group, sparse) -> ((M values, N values), ...)
_UMMA_SHAPES: dict[tuple[str, int, bool], tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = {
    ("fp", 1, False): (((64, 128), N_STEP8),),
    ("fp", 1, True): (((64, 128), N_STEP8),),
    ("fp", 2, False): (((128, 256), N_STEP16),),
    ("fp", 2, True): (((128, 256), N_STEP16),),
    # PTX: "N = step 8 OR step 16"; CUTLASS SM100_MMA_F8F6F4_TS / _SS_SPARSE pin step 16 to M=128.
    ("f8f6f4", 1, False): (((64,), N_STEP8), ((128,), N_STEP16)),
    ("f8f6f4", 1, True): (((64,), N_STEP8), ((128,), N_STEP16)),
    ("f8f6f4", 2, False): (((128, 256), N_STEP16),),
    ("f8f6f4", 2, True): (((128, 256), N_STEP16),),
    ("i8", 1, False): (((64, 128), N_UMMA_I8_CTA1),),
    ("i8", 1, True): (((64, 128), N_UMMA_I8_CTA1),),
    ("i8", 2, False): (((128, 256), N_STEP32),),
    ("i8", 2, True): (((128, 256), N_STEP32),),
    ("mx", 1, False): (((128,), N_STEP8),),
    ("mx", 1, True): (((128,), N_STEP8),),
    ("mx", 2, False): (((128, 256), N_STEP16),),
    ("mx", 2, True): (((256,), N_STEP16),),
    # CUTLASS SM103_MXF4_ULTRA_SS_VS: M 128 (one CTA) or 128 / 256 (a pair), N 16..256 step 16.
    ("k96", 1, False): (((128,), N_STEP16),),
    ("k96", 2, False): (((128, 256), N_STEP16),),
}

_DEV_UMMA = ("hardware-facts 3: M is 64/128 for cta_group::1 and 128/256 for cta_group::2; "
             "dense K is f16 16, tf32 8, f8f6f4 32, i8 32 and sparse doubles it -- the spec's "
             "'64 single-CTA or 128 2-CTA' and 'K = 512/elem_bits' are wrong.")
_DEV_UMMA_BS = ("hardware-facts 4: (atom_K 32, vec 32) = kind::mxf8f6f4 with E8M0, (64, 32) = "
                "kind::mxf4 2X E8M0, (64, 16) = kind::mxf4nvf4 4X E8M0 or E4M3 (the spec maps "
                "them to f8f6f4 / mxf4 / mxf4nvf4 and reverses NVFP4 vs MX); the scale type is "
                "instruction-descriptor bit 23. Block-scaled kinds take M=128 only with "
                "cta_group::1.")


_DEV_UMMA_K96 = (" SM103's 96-deep FP4 tile: the kind::mxf4nvf4 instruction with K = 96 set by "
                 "instruction-descriptor bit 31 (`k_size`), dense only, run by sm_103a/sm_103f "
                 "(CUTLASS SM103_MXF4_ULTRA_SS_VS; the DSL writes `arch_promote = sm_103`).")

_DEV_SPARSE_MXF4 = (" Sparse kind::mxf4 / kind::mxf4nvf4 is arch-specific: ptxas 13.0 rejects "
                    "it on sm_100f/sm_103f/sm_110f ('.kind::mxf4 with .sp modifier not "
                    "supported').")


def _umma_rows() -> tuple[MmaShapeRow, ...]:
    rows = []
    for kind in _UMMA_KINDS:
        for cta in (1, 2):
            for sparse in (False, True):
                for m_values, n_values in _UMMA_SHAPES.get((kind.shape_class, cta, sparse), ()):
                    if kind.block_scale:
                        atom = "sm100.mma_bs_sp" if sparse else "sm100.mma_bs"
                    else:
                        atom = "sm100.mma_sp" if sparse else "sm100.mma"
                    roles = dict(A=(R.SMEM_DESC, R.TMEM), B=R.SMEM_DESC, D=R.TMEM)
                    if sparse:
                        roles["E"] = R.TMEM
                    if kind.block_scale:
                        roles.update(SFA=R.TMEM, SFB=R.TMEM)
                    m_tag = "" if len(_UMMA_SHAPES.get((kind.shape_class, cta, sparse), ())) == 1 \
                        else f".m{m_values[0]}"
                    rows.append(MmaShapeRow(
                        key=f"sm100.{'sp.' if sparse else ''}{kind.key}.cta{cta}{m_tag}",
                        atom=atom, instruction="tcgen05.mma.sp" if sparse else "tcgen05.mma",
                        m=m_values, n=n_values, k=kind.k_dense * (2 if sparse else 1),
                        a_types=kind.a, b_types=kind.b, c_types=kind.c, operands=_ops(**roles),
                        threads=0,
                        requires=(kind.sparse_requires if sparse and kind.sparse_requires
                                  else kind.requires),
                        ptx=_UMMA_TEMPLATES, sparse=sparse, block_scale=kind.block_scale,
                        cta_group=cta, satfinite=kind.satfinite,
                        deviation=(_DEV_UMMA_BS if kind.block_scale else _DEV_UMMA)
                        + (_DEV_SPARSE_MXF4 if sparse and kind.sparse_requires else "")
                        + (_DEV_UMMA_K96 if kind.requires == SM103_K96 else "")))
    return tuple(rows)


MMA_LATTICE: tuple[MmaShapeRow, ...] = (_REGISTER_MMA + _SM120_ROWS + _WGMMA_ROWS
                                        + _umma_rows())
_MMA_BY_KEY = {r.key: r for r in MMA_LATTICE}


def mma_row(key: str) -> MmaShapeRow:
    return _MMA_BY_KEY[key]


@lru_cache(maxsize=4096)
def find_mma_rows(atom: str | None = None, shape: tuple[int, int, int] | None = None,
                  a_type: str | None = None, b_type: str | None = None,
                  c_type: str | None = None, sparse: bool | None = None,
                  cta_group: int | None = None, block_kind: str | None = None,
                  vec_size: int | None = None, instruction: str | None = None,
                  ) -> tuple[MmaShapeRow, ...]:
    """Lattice rows matching every given criterion (None = don't care). Cached: the lattice
    is fixed and a file asks the same few questions once per atom it builds."""
    def ok(r: MmaShapeRow) -> bool:
        return ((atom is None or r.atom == atom)
                and (instruction is None or r.instruction == instruction)
                and (shape is None or shape in set(r.shapes()))
                and (a_type is None or a_type in r.a_types)
                and (b_type is None or b_type in r.b_types)
                and (c_type is None or c_type in r.c_types)
                and (sparse is None or r.sparse == sparse)
                and (cta_group is None or r.cta_group == cta_group)
                and (block_kind is None or (r.block_scale is not None
                                            and r.block_scale.kind == block_kind))
                and (vec_size is None or (r.block_scale is not None
                                          and r.block_scale.vec_size == vec_size)))
    return tuple(r for r in MMA_LATTICE if ok(r))


def umma_kind(row: MmaShapeRow) -> str | None:
    """The `kind::` of a tcgen05.mma row: its block-scale kind, else the dense kind its A/B
    element types fall in."""
    return row.block_scale.kind if row.block_scale else dense_umma_kind(row.a_types)


def mma_qualifiers(row: MmaShapeRow, scale_type: str | None = None) -> dict[str, object]:
    """The placeholders of a row's instruction template that are not operands: `{sp}`,
    `{cta}`, `{kind}` and `{bs}` of tcgen05.mma; `{kind}`, `{vec}` and `{sf}` (the PTX scale
    type, when known) of a block-scaled mma.sync. The PTX emitter and the hover card fill the
    operands their own way and these the same way."""
    scaled = row.block_scale
    if row.instruction.startswith("tcgen05"):
        return {"sp": ".sp" if row.sparse else "", "cta": row.cta_group, "kind": umma_kind(row),
                "bs": scaled.tcgen05_qualifiers if scaled else ""}
    if scaled is None:
        return {}
    out: dict[str, object] = {"kind": scaled.kind, "vec": scaled.scale_vec}
    if scale_type:
        out["sf"] = scale_type
    return out


@dataclass(frozen=True)
class LatticeMatch:
    """What a written shape selects among lattice rows that fit everything else written."""
    rows: list[MmaShapeRow]                   # candidates that also hold the shape
    candidates: list[MmaShapeRow]             # rows matching everything but the shape
    nearest: tuple[int, int, int] | None      # the closest candidate shape, when none holds it


def match_lattice(candidates, shape: tuple[int, int, int] | None) -> LatticeMatch:
    """The one lattice matcher: the candidates holding `shape` (all of them when no shape is
    written) and, when none does, the candidate shape nearest to it (L1 distance, then
    smallest), which the verifier and the quick fix both offer."""
    candidates = list(candidates)
    if shape is None:
        return LatticeMatch(candidates, candidates, None)
    rows = [r for r in candidates if shape in set(r.shapes())]
    nearest = None
    if not rows and candidates:
        shapes = {s for r in candidates for s in r.shapes()}
        nearest = min(shapes, key=lambda s: (sum(abs(x - y) for x, y in zip(s, shape)), s))
    return LatticeMatch(rows, candidates, nearest)


def _steps_text(values: tuple[int, ...]) -> str:
    """`8..256 step 8`, `8, 16, 24, 32..256 step 16`, or the values."""
    values = tuple(values)
    if len(values) <= 3:
        return ", ".join(map(str, values))
    # The longest arithmetic tail of at least four values.
    for start in range(len(values) - 3):
        tail = values[start:]
        steps = {b - a for a, b in zip(tail, tail[1:])}
        if len(steps) == 1:
            head = ", ".join(map(str, values[:start]))
            run = f"{tail[0]}..{tail[-1]} step {steps.pop()}"
            return f"{head}, {run}" if head else run
    return ", ".join(map(str, values))


def shapes_text(rows) -> str:
    """Legal shapes of lattice rows, compactly: `M 64, N 8..256 step 8, K 16`."""
    parts = [f"M {'/'.join(map(str, r.m))}, N {_steps_text(r.n)}, K {r.k}" for r in rows]
    return "; ".join(dict.fromkeys(parts))


def fragment_counts(row: MmaShapeRow, shape: tuple[int, int, int],
                    a_residency: Residency = R.RMEM) -> dict[str, int | None]:
    """Per-thread element counts of A, B, C: tile area / participating threads.

    Sparse A stores half of K. Operands that are not in registers (descriptor / TMEM) have no
    per-thread fragment: None.
    """
    m, n, k = shape
    if row.threads == 0:
        return {"A": None, "B": None, "C": None}
    a_k = k // 2 if row.sparse else k
    roles = {o.role: o.allowed for o in row.operands}
    return {
        "A": m * a_k // row.threads if a_residency is R.RMEM else None,
        "B": n * k // row.threads if R.RMEM in roles["B"] else None,
        "C": m * n // row.threads,
    }


def register_counts(row: MmaShapeRow, shape: tuple[int, int, int], a_type: str, b_type: str,
                    c_type: str, a_residency: Residency = R.RMEM) -> dict[str, int | None]:
    """b32 registers per thread for A, B, C (= D) given the element types."""
    counts = fragment_counts(row, shape, a_residency)

    def regs(count: int | None, type_name: str, packed_operand: bool) -> int | None:
        if count is None:
            return None
        bits = (row.container_bits if packed_operand and row.container_bits
                else TYPE_BITS[type_name])
        return max(1, count * bits // 32)

    return {"A": regs(counts["A"], a_type, True), "B": regs(counts["B"], b_type, True),
            "C": regs(counts["C"], c_type, False)}


# --------------------------------------------------------------------------------------------
# Copy lattice
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CopyShapeRow:
    key: str
    atom: str
    variant: str                  # the distinguishing qualifiers, e.g. "x4.trans", "ca.16"
    requires: tuple[str, ...]
    src: Residency
    dst: Residency
    ptx: str                      # instruction template
    regs: int | None = None       # b32 registers per thread (per repetition for tmem rows)
    repeats: tuple[int, ...] = (1,)   # legal repetition counts (.num for tcgen05.ld/st)
    ranks: tuple[int, ...] = ()       # legal tensor ranks (TMA)
    options: tuple[str, ...] = ()     # legal values of the row's open qualifier
    deviation: str | None = None
    params: dict[str, object] = field(default_factory=dict, compare=False, hash=False)


def _ldsm_rows() -> tuple[CopyShapeRow, ...]:
    rows = []
    for num in (1, 2, 4):
        for trans in (False, True):
            t = ".trans" if trans else ""
            rows.append(CopyShapeRow(
                f"ldsm.x{num}{t}", "atom.ldsm", f"x{num}{t}", ("sm_75",), R.SMEM, R.RMEM,
                f"ldmatrix.sync.aligned.m8n8.x{num}{t}.shared.b16 {{D}}, [{{SRC}}];", regs=num,
                params={"num": num, "trans": trans, "shape": "m8n8", "format": "b16"}))
            rows.append(CopyShapeRow(
                f"stsm.x{num}{t}", "atom.stsm", f"x{num}{t}", ("sm_90",), R.RMEM, R.SMEM,
                f"stmatrix.sync.aligned.m8n8.x{num}{t}.shared.b16 [{{DST}}], {{S}};", regs=num,
                params={"num": num, "trans": trans, "shape": "m8n8", "format": "b16"}))
    return tuple(rows) + _b8_matrix_rows()


def matrix_variant(shape: str, num: int, trans: bool, fmt: str) -> str:
    """A matrix copy row's variant: `x4.trans` for `.m8n8` (`.b16`), else the shape and format
    too (`m16n16.x2.trans.b8`)."""
    t = ".trans" if trans else ""
    return f"x{num}{t}" if shape == "m8n8" else f"{shape}.x{num}{t}.{fmt}"


# The `.b8` forms (see MATRIX_B8): shape -> its `.num` counts, b32 registers per matrix, formats.
_B8_FORMS: dict[tuple[str, str], tuple[tuple[int, ...], int, tuple[str, ...]]] = {
    ("atom.ldsm", "m16n16"): ((1, 2), 2, ("b8", "b8x16.b6x16_p32", "b8x16.b4x16_p64")),
    ("atom.ldsm", "m8n16"): ((1, 2, 4), 1, ("b8x16.b6x16_p32", "b8x16.b4x16_p64")),
    ("atom.stsm", "m16n8"): ((1, 2, 4), 1, ("b8",)),
}


def _b8_matrix_rows() -> tuple[CopyShapeRow, ...]:
    rows = []
    for (atom, shape), (nums, regs, formats) in _B8_FORMS.items():
        trans = shape != "m8n16"
        for num, fmt in itertools.product(nums, formats):
            variant = matrix_variant(shape, num, trans, fmt)
            qualifiers = f"{shape}.x{num}{'.trans' if trans else ''}.shared.{fmt}"
            ptx = (f"ldmatrix.sync.aligned.{qualifiers} {{D}}, [{{SRC}}];" if atom == "atom.ldsm"
                   else f"stmatrix.sync.aligned.{qualifiers} [{{DST}}], {{S}};")
            src, dst = (R.SMEM, R.RMEM) if atom == "atom.ldsm" else (R.RMEM, R.SMEM)
            rows.append(CopyShapeRow(
                f"{atom.split('.')[1]}.{variant}", atom, variant, MATRIX_B8, src, dst, ptx,
                regs=num * regs, params={"num": num, "trans": trans, "shape": shape, "format": fmt}))
    return tuple(rows)


_CP_ASYNC_DEV = ("hardware-facts 11: .cg accepts 16 bytes only (ptxas: 'expected to be 16').")
_CP_ASYNC_ROWS: tuple[CopyShapeRow, ...] = tuple(
    CopyShapeRow(f"cp_async.{cache}.{nbytes}", "atom.simt_async_copy", f"{cache}.{nbytes}",
                 ("sm_80",), R.GMEM, R.SMEM,
                 f"cp.async.{cache}.shared.global [{{DST}}], [{{SRC}}], {nbytes};",
                 deviation=_CP_ASYNC_DEV if cache == "cg" else None,
                 params={"cache": cache, "bytes": nbytes})
    for cache, nbytes in (("ca", 4), ("ca", 8), ("ca", 16), ("cg", 16)))

# tcgen05.ld / tcgen05.st: registers = .num x base (PTX ISA tcgen05 ".num" table), at most 128.
_TMEM_SHAPES: tuple[tuple[str, int], ...] = (
    ("32x32b", 1), ("16x64b", 1), ("16x128b", 2), ("16x256b", 4), ("16x32bx2", 1))
# The CuTe DSL writes a tcgen05.ld / st shape as `N DP, M bit` (lanes x bits): (N, M) -> the
# shape. `16 DP, 32 bit` is `.16x32bx2` (its Ld16x32bx2Op / St16x32bx2Op): there is no `.16x32b`.
TMEM_DSL_SHAPES: dict[tuple[int, int], str] = {
    (32, 32): "32x32b", (16, 64): "16x64b", (16, 128): "16x128b", (16, 256): "16x256b",
    (16, 32): "16x32bx2"}
_NUMS = (1, 2, 4, 8, 16, 32, 64, 128)


def _tmem_rows() -> tuple[CopyShapeRow, ...]:
    rows = []
    for shape, base in _TMEM_SHAPES:
        nums = tuple(n for n in _NUMS if n * base <= 128)
        # .16x32bx2 takes a second, immediate half-split offset operand.
        imm = ", {IMM}" if shape == "16x32bx2" else ""
        rows.append(CopyShapeRow(
            f"tmem_load.{shape}", "atom.tmem_load", shape, TCGEN05, R.TMEM, R.RMEM,
            f"tcgen05.ld.sync.aligned.{shape}.x{{NUM}}{{PACK}}.b32 {{D}}, [{{SRC}}]{imm};",
            regs=base, repeats=nums, options=("", ".pack::16b"), params={"shape": shape}))
        rows.append(CopyShapeRow(
            f"tmem_store.{shape}", "atom.tmem_store", shape, TCGEN05, R.RMEM, R.TMEM,
            f"tcgen05.st.sync.aligned.{shape}.x{{NUM}}{{PACK}}.b32 [{{DST}}]{imm}, {{S}};",
            regs=base, repeats=nums, options=("", ".unpack::16b"), params={"shape": shape}))
    return tuple(rows)


_S2T_SHAPES = ("128x256b", "4x256b", "128x128b", "64x128b.warpx2::02_13",
               "64x128b.warpx2::01_23", "32x128b.warpx4")
_S2T_ROWS: tuple[CopyShapeRow, ...] = tuple(
    CopyShapeRow(f"s2t_copy.{shape}", "atom.s2t_copy", shape, TCGEN05, R.SMEM_DESC, R.TMEM,
                 f"tcgen05.cp.cta_group::{{CTA}}.{shape} [{{DST}}], {{SRC}};",
                 options=("1", "2"),
                 deviation=("hardware-facts 8: SMEM(descriptor) -> TMEM only. The 64x128b "
                            "shape requires a .warpx2 qualifier (ptxas)."
                            if shape.startswith("64x128b") else None),
                 params={"shape": shape})
    for shape in _S2T_SHAPES)

# TMA spellings as NVIDIA's compiler emits them: the load mode always written (`.tile`), a
# CTA-local destination (`shared::cta`) unless the tile is multicast or shared by a CTA pair,
# and an L2 cache-policy operand (`{HINT}`: `.L2::cache_hint`, with `{POLICY}` its operand;
# both empty for an atom that asks for no hint).
_TMA_LOAD = ("cp.async.bulk.tensor.{RANK}d.{DST_SPACE}.global{MODE}"
             ".mbarrier::complete_tx::bytes{MC}{HINT}{CTA} [{DST}], [{TMAP}, {COORDS}], "
             "[{MBAR}]{OFFSETS}{MASK}{POLICY};")
_TMA_STORE = ("cp.async.bulk.tensor.{RANK}d.global.shared::cta{MODE}.bulk_group{HINT} "
              "[{TMAP}, {COORDS}], [{SRC}]{POLICY};")
_TMA_REDUCE = ("cp.reduce.async.bulk.tensor.{RANK}d.global.shared::cta.{OP}{MODE}.bulk_group"
               "{HINT} [{TMAP}, {COORDS}], [{SRC}]{POLICY};")
TMA_CACHE_HINT_QUALIFIER = ".L2::cache_hint"

def multicast_only_warns(target: str) -> bool:
    """hardware-facts (arch gates): `.multicast::cluster` on plain sm_90 and on every sm_12x
    assembles with a ptxas warning only; it is meant for sm_90a and sm_100 or later."""
    return target == "sm_90" or target.startswith("sm_12")


# The 64-bit L2 cache policies a TMA transfer passes with `.L2::cache_hint`, as CUTLASS encodes
# them (include/cute/arch/copy_sm90_desc.hpp, `CacheHintSm90` / `CacheHintSm100`).
L2_CACHE_POLICIES: dict[str, int] = {
    "evict_normal": 0x1000000000000000,
    "evict_first": 0x12F0000000000000,
}
# A TMA load's cache mode (`#cute_nvgpu.load_cache_mode<...>`, DSL or PTX spelling) -> the L2
# policy it passes; None: no `.L2::cache_hint` at all. The PTX ISA's cache operators: `.ca` and
# `.cg` allocate with the normal eviction policy, `.cs` (streaming) evict-first, and `.lu` (last
# use) on global addresses behaves as `.cs`. A transfer whose atom names no mode passes the
# normal policy, as CUTLASS's TMA copies do by default.
TMA_CACHE_MODE_POLICY: dict[str, str | None] = {
    "always": "evict_normal", "ca": "evict_normal",
    "global": "evict_normal", "cg": "evict_normal",
    "streaming": "evict_first", "cs": "evict_first",
    "last_use": "evict_first", "lu": "evict_first",
    "none": None,
}
DEFAULT_TMA_CACHE_POLICY = "evict_normal"
_TMA_REDUCE_OPS = ("add", "min", "max", "inc", "dec", "and", "or", "xor")
# The PTX types a TMA reduction combines, per operation: the PTX ISA's table of valid `.redOp`
# and element type combinations for `cp.reduce.async.bulk.tensor` (Data Movement and Conversion
# Instructions, "cp.reduce.async.bulk.tensor"), whose element type is the tensor map's. It is
# the table of the bulk (non-tensor) form to global memory less `.add.f64`; ptxas can check only
# the bulk form, which names its type (tests/tables/test_atoms.py asks it for all 80 pairs).
TMA_REDUCE_TYPES: dict[str, tuple[str, ...]] = {
    "add": ("f16", "bf16", "f32", "u32", "s32", "u64"),
    "min": ("f16", "bf16", "u32", "s32", "u64", "s64"),
    "max": ("f16", "bf16", "u32", "s32", "u64", "s64"),
    "inc": ("u32",),
    "dec": ("u32",),
    "and": ("b32", "b64"),
    "or": ("b32", "b64"),
    "xor": ("b32", "b64"),
}
# What the bulk form to global memory takes beyond the tensor form (the PTX ISA's two tables).
BULK_ONLY_REDUCE_TYPES = frozenset({("add", "f64")})
# An MLIR element type (or, when only its width is known, `i<bits>` of unknown kind) -> the PTX
# types its elements may be reduced as. A signless integer is any of them.
_REDUCE_PTX_TYPES: dict[str, tuple[str, ...]] = {
    "f16": ("f16",), "bf16": ("bf16",), "f32": ("f32",), "f64": ("f64",),
    "i32": ("u32", "s32", "b32"), "si32": ("s32", "b32"), "ui32": ("u32", "b32"),
    "i64": ("u64", "s64", "b64"), "si64": ("s64", "b64"), "ui64": ("u64", "b64"),
}
_REDUCE_PTX_TYPES_BY_WIDTH: dict[int, tuple[str, ...]] = {
    16: ("f16", "bf16"), 32: ("f32", "u32", "s32", "b32"), 64: ("f64", "u64", "s64", "b64")}


def tma_reductions(element: str | None = None, bits: int | None = None) -> tuple[str, ...]:
    """The reduce kinds a TMA reduction of these elements may use, in the enum's order: by the
    element type when it is known, else by its width (any type of that width)."""
    types = _REDUCE_PTX_TYPES.get(element, ()) if element is not None else _REDUCE_PTX_TYPES_BY_WIDTH.get(bits, ())
    return tuple(kind for kind in _TMA_REDUCE_OPS if set(TMA_REDUCE_TYPES[kind]) & set(types))
_DEV_TMA_STORE = ("hardware-facts 8: `.global.shared::cta.bulk_group`; the spec's "
                  "`.global.shared` is rejected.")
_TMA_ROWS: tuple[CopyShapeRow, ...] = (
    CopyShapeRow("tma_load.tile", "atom.tma_load", "tile", TMA, R.GMEM, R.SMEM, _TMA_LOAD,
                 ranks=(1, 2, 3, 4, 5), params={"mode": ".tile", "multicast": False}),
    CopyShapeRow("tma_load.tile.multicast", "atom.tma_load", "tile.multicast", TMA, R.GMEM,
                 R.SMEM, _TMA_LOAD, ranks=(1, 2, 3, 4, 5),
                 params={"mode": ".tile", "multicast": True},
                 deviation="hardware-facts (arch gates): multicast on plain sm_90 / sm_120* "
                           "only draws a ptxas advisory; it is meant for sm_90a / sm_100+."),
    CopyShapeRow("tma_load.im2col", "atom.tma_load", "im2col", TMA, R.GMEM, R.SMEM, _TMA_LOAD,
                 ranks=(3, 4, 5), params={"mode": ".im2col", "multicast": False},
                 deviation="hardware-facts 6: im2col needs rank 3..5 and (rank - 2) 16-bit "
                           "offsets."),
    CopyShapeRow("tma_store.tile", "atom.tma_store", "tile", TMA, R.SMEM, R.GMEM, _TMA_STORE,
                 ranks=(1, 2, 3, 4, 5), params={"mode": ".tile"}, deviation=_DEV_TMA_STORE),
    CopyShapeRow("tma_store.im2col_no_offs", "atom.tma_store", "im2col_no_offs", TMA, R.SMEM,
                 R.GMEM, _TMA_STORE, ranks=(3, 4, 5), params={"mode": ".im2col_no_offs"},
                 deviation=_DEV_TMA_STORE),
    CopyShapeRow("tma_reduce.tile", "atom.tma_reduce", "tile", TMA, R.SMEM, R.GMEM,
                 _TMA_REDUCE, ranks=(1, 2, 3, 4, 5), options=_TMA_REDUCE_OPS,
                 params={"mode": ".tile"}, deviation=_DEV_TMA_STORE),
    CopyShapeRow("tma_reduce.im2col_no_offs", "atom.tma_reduce", "im2col_no_offs", TMA,
                 R.SMEM, R.GMEM, _TMA_REDUCE, ranks=(3, 4, 5), options=_TMA_REDUCE_OPS,
                 params={"mode": ".im2col_no_offs"}, deviation=_DEV_TMA_STORE),
)

# Generic atoms: one row each, the open qualifier is the element width / type.
_UNIVERSAL_ROWS: tuple[CopyShapeRow, ...] = (
    # `{LOAD}` / `{STORE}`: the memory order, state space and cache qualifiers of each side
    # (`.global` for a generic copy; the DSL's g2r / r2g / s2r / r2s say theirs).
    CopyShapeRow("universal_copy", "atom.universal_copy", "bits", (), R.GMEM, R.GMEM,
                 "ld{LOAD}{VEC}.{T} {R}, [{SRC}];\nst{STORE}{VEC}.{T} [{DST}], {R};",
                 options=("8", "16", "32", "64", "128")),
    # One 256-bit access: global memory on sm_100 and later only (WIDE_GLOBAL_ACCESS).
    CopyShapeRow("universal_copy.256", "atom.universal_copy", "bits256", WIDE_GLOBAL_ACCESS,
                 R.GMEM, R.GMEM,
                 "ld{LOAD}{VEC}.{T} {R}, [{SRC}];\nst{STORE}{VEC}.{T} [{DST}], {R};",
                 options=("256",)),
)

COPY_LATTICE: tuple[CopyShapeRow, ...] = (_ldsm_rows() + _CP_ASYNC_ROWS + _tmem_rows()
                                          + _S2T_ROWS + _TMA_ROWS + _UNIVERSAL_ROWS)
_COPY_BY_KEY = {r.key: r for r in COPY_LATTICE}


def copy_row(key: str) -> CopyShapeRow:
    return _COPY_BY_KEY[key]


def find_copy_rows(atom: str | None = None, variant: str | None = None) -> list[CopyShapeRow]:
    return [r for r in COPY_LATTICE
            if (atom is None or r.atom == atom) and (variant is None or r.variant == variant)]
