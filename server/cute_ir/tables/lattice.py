"""The MMA shape lattice and the copy lattice of tables/atoms.py, with what reads them.

Read through tables/atoms.py (`atoms.MMA_LATTICE`, `from .atoms import find_mma_rows`): that
module imports this one when one of these names is first asked of it, so that what only needs
the atom rows (a large document's first publish) does not make the lattices.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterator

from .atoms import (MATRIX_B8, R, SM103_K96, SM120_BLOCK_SCALED, TCGEN05, TCGEN05_A_ONLY, TCGEN05_I8, TMA, TYPE_BITS,
                    WGMMA, WIDE_GLOBAL_ACCESS, OperandContract, Residency, _ops)
from .descriptors import dense_umma_kind


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
