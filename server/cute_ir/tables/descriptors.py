"""Hardware descriptor words as bit-field tables, with encode / decode / JSON.

Tables (field names are CUTLASS's bit-field members without their trailing underscore):

* `GMMA_SMEM_DESC`   -- SM90 WGMMA shared-memory matrix descriptor, 64 bits.
  NVIDIA/cutlass include/cute/arch/mma_sm90_desc.hpp, `union GmmaDescriptor`; PTX ISA wgmma
  "Matrix Descriptor Format".
* `UMMA_SMEM_DESC`   -- SM100 tcgen05 shared-memory matrix descriptor, 64 bits.
  NVIDIA/cutlass include/cute/arch/mma_sm100_desc.hpp, `union SmemDescriptor`; PTX ISA tcgen05
  "Shared memory descriptor" (bits 46-48 fixed 0b001, bit 52 LBO mode, 53-60 fixed 0, 61-63
  swizzle 0/1/2/4/6).
* `UMMA_INSTR_DESC`  -- tcgen05 32-bit instruction descriptor for kind::f16/tf32/f8f6f4/i8.
  NVIDIA/cutlass mma_sm100_desc.hpp `union InstrDescriptor`; PTX ISA tcgen05 "Instruction
  descriptor" table (as mirrored in yayueLaurazhou/flashinfer-bench
  flashinfer_bench/agents/RAG/cuda/ptx_9_1/.../971642_instruction_descriptor.md): N >> 3 at
  17-22, bit 23 reserved, M >> 4 at 24-28, bit 29 reserved, max shift 30-31.
* `UMMA_INSTR_DESC_BLOCK_SCALED` -- the kind::mxf8f6f4/mxf4/mxf4nvf4 variant.
  NVIDIA/cutlass `union InstrDescriptorBlockScaled` (scale_format bit 23: 0 = UE4M3,
  1 = UE8M0; b_sf_id 4-5; a_sf_id 29-30; k_size bit 31). Older PTX ISA text splits M as
  "bits 27-28 = M >> 7" with 24-26 reserved -- the same bits for the only legal M (128, 256).

Every position was read from CUTLASS 4.2's headers and checked by compiling those unions on
the host and comparing the words (see tests/tables/test_descriptors.py for the values).

The specification's WGMMA layout is wrong and is kept here only as documentation
(hardware-facts item 1). The spec writes:

    start_addr   : 14  bits 0-13
    lbo          : 16  bits 14-29
    sbo          : 16  bits 30-45
    base_offset  : 3   bits 46-48
    reserved     : 3   bits 49-51
    swizzle_mode : 2   bits 52-53   (0 none, 1 128B, 2 64B, 3 32B)

The hardware puts lbo at 16-29, sbo at 32-45, base_offset at 49-51 and the layout type at
62-63; the value meanings (0 none/interleave, 1 128B, 2 64B, 3 32B) do agree.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

__all__ = [
    "BitField", "DescriptorTable", "DescriptorError", "GMMA_SMEM_DESC", "UMMA_SMEM_DESC",
    "UMMA_INSTR_DESC", "UMMA_INSTR_DESC_BLOCK_SCALED", "TABLES", "encode", "decode", "to_json",
    "matrix_descriptor_encode", "umma_m_dim", "umma_n_dim", "UMMA_AB_FORMAT_CODES", "dense_umma_kind",
    "UMMA_C_FORMAT_CODES", "UMMA_SCALE_FORMAT_CODES", "umma_instr_desc",
]


@dataclass(frozen=True)
class BitField:
    name: str
    low: int
    width: int
    legal_values: Mapping[int, str] | None   # value -> meaning; None = any value that fits
    meaning: str
    default: int = 0
    reserved: bool = False                   # must-be-zero / fixed bits not named by CUTLASS
    byte_shift: int = 0                      # holds a byte address / offset >> byte_shift

    @property
    def high(self) -> int:
        return self.low + self.width - 1

    @property
    def mask(self) -> int:
        return ((1 << self.width) - 1) << self.low

    @property
    def bits(self) -> str:
        return f"{self.low}" if self.width == 1 else f"{self.low}-{self.high}"

    def bytes_of(self, raw: int) -> int | None:
        """The byte address / offset a raw value encodes (None: the field holds no bytes)."""
        return raw << self.byte_shift if self.byte_shift else None


@dataclass(frozen=True)
class DescriptorTable:
    name: str
    width: int                  # 32 or 64
    fields: tuple[BitField, ...]
    source: str

    def field(self, name: str) -> BitField:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)


@dataclass(frozen=True)
class DescriptorError:
    field: str
    message: str


def matrix_descriptor_encode(byte_value: int) -> int:
    """PTX `matrix-descriptor-encode(x) = (x & 0x3FFFF) >> 4` (addresses and byte offsets)."""
    return (byte_value & 0x3FFFF) >> 4


def umma_m_dim(m: int) -> int:
    return m >> 4


def umma_n_dim(n: int) -> int:
    return n >> 3


def _reserved(name: str, low: int, width: int, value: int = 0, why: str = "") -> BitField:
    return BitField(name, low, width, {value: why or f"must be {value}"},
                    why or f"reserved, must be {value}", default=value, reserved=True)


_ADDR = "matrix-descriptor-encode(shared-memory byte address) = (addr & 0x3FFFF) >> 4"
_LBO = ("leading dimension byte offset >> 4 (K-major swizzled layouts ignore it; CUTLASS "
        "writes 1)")
_SBO = "stride dimension byte offset >> 4 (distance between 8-row core-matrix groups)"
_BASE = ("matrix base offset: 0 when the swizzle pattern starts on its natural boundary "
         "(1024/512/256 B), else (pattern start addr >> 7) & 7")

GMMA_SMEM_DESC = DescriptorTable(
    "GmmaDescriptor", 64, (
        BitField("start_address", 0, 14, None, _ADDR, byte_shift=4),
        _reserved("reserved_14_15", 14, 2),
        BitField("leading_byte_offset", 16, 14, None, _LBO, byte_shift=4),
        _reserved("reserved_30_31", 30, 2),
        BitField("stride_byte_offset", 32, 14, None, _SBO, byte_shift=4),
        _reserved("reserved_46_48", 46, 3),
        BitField("base_offset", 49, 3, None, _BASE),
        _reserved("reserved_52_61", 52, 10),
        BitField("layout_type", 62, 2,
                 {0: "INTERLEAVE (no swizzle)", 1: "B128 (128-byte swizzle)",
                  2: "B64 (64-byte swizzle)", 3: "B32 (32-byte swizzle)"},
                 "swizzle / layout type (SM90::GMMA::LayoutType)"),
    ),
    "CUTLASS include/cute/arch/mma_sm90_desc.hpp GmmaDescriptor; PTX ISA wgmma Matrix "
    "Descriptor Format")

UMMA_SMEM_DESC = DescriptorTable(
    "SmemDescriptor", 64, (
        BitField("start_address", 0, 14, None, _ADDR, byte_shift=4),
        _reserved("reserved_14_15", 14, 2),
        BitField("leading_byte_offset", 16, 14, None,
                 _LBO + "; with lbo_mode=1 the absolute address of the next chunk", byte_shift=4),
        _reserved("reserved_30_31", 30, 2),
        BitField("stride_byte_offset", 32, 14, None, _SBO, byte_shift=4),
        # PTX: "bits 46-48: fixed constant value of 0b001" = CUTLASS version_ (46-47) = 1 and
        # bit 48 = 0.
        BitField("version", 46, 2, {1: "SM100 descriptor (fixed 0b01)"},
                 "descriptor version, fixed to 1 on SM100", default=1),
        _reserved("reserved_48", 48, 1, why="fixed 0 (third bit of the 0b001 constant)"),
        BitField("base_offset", 49, 3, None, _BASE),
        BitField("lbo_mode", 52, 1,
                 {0: "leading byte offset is relative", 1: "leading byte offset is absolute"},
                 "leading dimension stride mode"),
        _reserved("reserved_53_60", 53, 8),
        BitField("layout_type", 61, 3,
                 {0: "SWIZZLE_NONE", 1: "SWIZZLE_128B_BASE32B (128B with 32B atoms)",
                  2: "SWIZZLE_128B", 4: "SWIZZLE_64B", 6: "SWIZZLE_32B"},
                 "swizzle mode (UMMA::LayoutType); 3, 5, 7 are invalid"),
    ),
    "CUTLASS include/cute/arch/mma_sm100_desc.hpp SmemDescriptor; PTX ISA tcgen05 Shared "
    "memory descriptor")

_C_FORMAT = {0: "F16", 1: "F32", 2: "S32"}
# Operand type codes per tcgen05 .kind (CUTLASS UMMA::F16F32Format / S8Format / MXF8F6F4Format /
# MXF4Format; PTX ISA instruction-descriptor tables).
_F8F6F4_CODES = {"e4m3": 0, "e5m2": 1, "e2m3": 3, "e3m2": 4, "e2m1": 5}
UMMA_AB_FORMAT_CODES: dict[str, dict[str, int]] = {
    "f16": {"f16": 0, "bf16": 1},
    "tf32": {"tf32": 2},
    "f8f6f4": _F8F6F4_CODES,
    "i8": {"u8": 0, "s8": 1},
    "mxf8f6f4": _F8F6F4_CODES,
    "mxf4": {"e2m1": 1},
    "mxf4nvf4": {"e2m1": 1},
}


def dense_umma_kind(types) -> str | None:
    """The `kind::` of a dense (not block-scaled) tcgen05.mma whose A and B element types are
    `types`: the one dense kind whose format codes cover them all; None if none does."""
    wanted = set(types)
    for kind, codes in UMMA_AB_FORMAT_CODES.items():
        if not kind.startswith("mx") and wanted <= codes.keys():
            return kind
    return None


UMMA_C_FORMAT_CODES: dict[str, int] = {"f16": 0, "f32": 1, "s32": 2}
UMMA_SCALE_FORMAT_CODES: dict[str, int] = {"ue4m3": 0, "ue8m0": 1}

# Dense and block-scaled kinds share the operand type codes' field but not their meanings.
DENSE_KINDS = ("f16", "tf32", "f8f6f4", "i8")
BLOCK_SCALED_KINDS = ("mxf8f6f4", "mxf4", "mxf4nvf4")


def _format_meanings(kinds: tuple[str, ...]) -> dict[int, str]:
    """code -> 'E4M3 (kind::f8f6f4) / ...': the operand types `kinds` give each code."""
    by_code: dict[int, dict[str, list[str]]] = {}
    for kind in kinds:
        for type_name, code in UMMA_AB_FORMAT_CODES[kind].items():
            by_code.setdefault(code, {}).setdefault(type_name.upper(), []).append(kind)
    return {code: " / ".join(f"{t} ({', '.join('kind::' + k for k in ks)})"
                             for t, ks in types.items())
            for code, types in sorted(by_code.items())}


_MAJOR = {0: "K-major", 1: "MN-major (transposed)"}
_NEGATE = {0: "no negate", 1: "negate (float kinds only)"}
_N_DIM = {v: f"N = {v * 8}" for v in range(1, 33)}
_M_DIM = {4: "M = 64", 8: "M = 128", 16: "M = 256"}

# Fields the dense and the block-scaled instruction descriptors place alike.
_UMMA_SPARSITY_FIELDS = (
    BitField("sparse_id2", 0, 2, None, "sparsity selector (sparse MMA only)"),
    BitField("sparse_flag", 2, 1, {0: "dense", 1: "sparse"}, "sparsity"),
)


def _umma_operand_fields(kinds: tuple[str, ...]) -> tuple[BitField, ...]:
    """A/B types, negation, major-ness and N, placed alike in both instruction descriptors;
    the type codes are those legal for `kinds`."""
    formats = _format_meanings(kinds)
    return (
        BitField("a_format", 7, 3, formats, "A element type"),
        BitField("b_format", 10, 3, formats, "B element type"),
        BitField("a_negate", 13, 1, _NEGATE, "negate A"),
        BitField("b_negate", 14, 1, _NEGATE, "negate B"),
        BitField("a_major", 15, 1, _MAJOR, "A major-ness (transpose A)"),
        BitField("b_major", 16, 1, _MAJOR, "B major-ness (transpose B)"),
        BitField("n_dim", 17, 6, _N_DIM, "N >> 3"),
    )


UMMA_INSTR_DESC = DescriptorTable(
    "InstrDescriptor", 32, (
        *_UMMA_SPARSITY_FIELDS,
        BitField("saturate", 3, 1, {0: "no saturate", 1: "saturate (kind::i8 only)"},
                 "saturate integer results"),
        BitField("c_format", 4, 2, _C_FORMAT, "D / accumulator type"),
        _reserved("reserved_6", 6, 1),
        *_umma_operand_fields(DENSE_KINDS),
        _reserved("reserved_23", 23, 1),
        BitField("m_dim", 24, 5, _M_DIM, "M >> 4"),
        _reserved("reserved_29", 29, 1),
        BitField("max_shift", 30, 2,
                 {0: "no shift", 1: "max shift 8", 2: "max shift 16", 3: "max shift 32"},
                 "maximum B shift (.ws weight-stationary forms)"),
    ),
    "CUTLASS include/cute/arch/mma_sm100_desc.hpp InstrDescriptor; PTX ISA tcgen05 "
    "Instruction descriptor (kind::tf32/f16/f8f6f4/i8)")

UMMA_INSTR_DESC_BLOCK_SCALED = DescriptorTable(
    "InstrDescriptorBlockScaled", 32, (
        *_UMMA_SPARSITY_FIELDS,
        _reserved("reserved_3", 3, 1),
        BitField("b_sf_id", 4, 2, None, "matrix B scale-factor data id (byte within TMEM word)"),
        _reserved("reserved_6", 6, 1),
        *_umma_operand_fields(BLOCK_SCALED_KINDS),
        BitField("scale_format", 23, 1, {0: "UE4M3", 1: "UE8M0"},
                 "scale-factor type (the instruction text does not carry it)"),
        BitField("m_dim", 24, 5, {8: "M = 128", 16: "M = 256"}, "M >> 4"),
        BitField("a_sf_id", 29, 2, None, "matrix A scale-factor data id"),
        BitField("k_size", 31, 1, {0: "K = 32 (mxf8f6f4) / 64 (mxf4*)",
                                   1: "K = 96 (kind::mxf4nvf4, dense; SM103)"},
                 "MMA K selector"),
    ),
    "CUTLASS include/cute/arch/mma_sm100_desc.hpp InstrDescriptorBlockScaled; PTX ISA "
    "tcgen05 Instruction descriptor (kind::mxf8f6f4/mxf4/mxf4nvf4)")

TABLES: dict[str, DescriptorTable] = {t.name: t for t in (
    GMMA_SMEM_DESC, UMMA_SMEM_DESC, UMMA_INSTR_DESC, UMMA_INSTR_DESC_BLOCK_SCALED)}


def encode(table: DescriptorTable, **fields: int) -> int | list[DescriptorError]:
    """Pack raw field values into the descriptor word.

    Unnamed fields take their default (0, or the fixed value such as `version` = 1). Returns
    the integer, or -- for values a user wrote -- the list of every problem found (unknown
    field, value that does not fit its width, value outside the legal set); never raises on
    user input.
    """
    errors: list[DescriptorError] = []
    known = {f.name for f in table.fields}
    for name in fields:
        if name not in known:
            errors.append(DescriptorError(name, f"{table.name} has no field '{name}'"))
    word = 0
    for f in table.fields:
        value = fields.get(f.name, f.default)
        if not isinstance(value, int):
            errors.append(DescriptorError(f.name, f"{f.name} must be an integer"))
            continue
        value = int(value)
        if value < 0 or value >= (1 << f.width):
            errors.append(DescriptorError(
                f.name, f"{f.name}={value} does not fit in {f.width} bit(s) (bits {f.bits})"))
            continue
        if f.legal_values is not None and value not in f.legal_values:
            legal = ", ".join(f"{k} ({v})" for k, v in f.legal_values.items())
            errors.append(DescriptorError(
                f.name, f"{f.name}={value} is not legal; expected one of: {legal}"))
            continue
        word |= value << f.low
    return errors if errors else word


def decode(table: DescriptorTable, value: int) -> list[tuple[BitField, int, str]]:
    """Split `value` into (field, raw value, meaning of that value), low bits first."""
    out = []
    for f in table.fields:
        raw = (value >> f.low) & ((1 << f.width) - 1)
        if f.legal_values is None:
            meaning = f.meaning
        elif raw in f.legal_values:
            meaning = f.legal_values[raw]
        else:
            meaning = f"illegal value {raw} ({f.meaning})"
        out.append((f, raw, meaning))
    return out


def to_json(table: DescriptorTable, value: int) -> dict[str, object]:
    """JSON-ready view: named fields always, reserved bits only when they are not as fixed."""
    fields: dict[str, object] = {}
    for f, raw, meaning in decode(table, value):
        if f.reserved and raw == f.default:
            continue
        fields[f.name] = {"bits": f.bits, "value": raw, "meaning": meaning}
        if f.bytes_of(raw) is not None:
            fields[f.name]["bytes"] = f.bytes_of(raw)
    digits = table.width // 4
    return {"descriptor": table.name, "value": f"0x{value & ((1 << table.width) - 1):0{digits}x}",
            "fields": fields}


def umma_instr_desc(kind: str, a_type: str, b_type: str, c_type: str, m: int, n: int, *,
                    sparse: bool = False, sf_type: str | None = None, saturate: bool = False,
                    a_major: int = 0, b_major: int = 0, k: int | None = None,
                    ) -> int | list[DescriptorError]:
    """The 32-bit tcgen05 instruction descriptor for one MMA configuration.

    Block-scaled kinds (mxf8f6f4 / mxf4 / mxf4nvf4) use `UMMA_INSTR_DESC_BLOCK_SCALED` and need
    `sf_type`; the others use `UMMA_INSTR_DESC`. Scale-factor ids start at 0 (they come from
    the scale TMEM addresses at run time).
    """
    codes = UMMA_AB_FORMAT_CODES.get(kind)
    errors = []
    if codes is None:
        return [DescriptorError("kind", f"unknown tcgen05 kind '{kind}'")]
    for role, t in (("a_format", a_type), ("b_format", b_type)):
        if t not in codes:
            errors.append(DescriptorError(role, f"kind::{kind} does not take {t}"))
    if errors:
        return errors
    common = dict(sparse_flag=int(sparse), a_format=codes[a_type], b_format=codes[b_type],
                  a_major=a_major, b_major=b_major, n_dim=umma_n_dim(n), m_dim=umma_m_dim(m))
    if kind.startswith("mx"):
        if sf_type not in UMMA_SCALE_FORMAT_CODES:
            return [DescriptorError("scale_format", f"unknown scale-factor type {sf_type!r}")]
        # `k_size` 1: SM103's 96-deep FP4 tile (CUTLASS InstrDescriptorBlockScaled, bit 31).
        return encode(UMMA_INSTR_DESC_BLOCK_SCALED, scale_format=UMMA_SCALE_FORMAT_CODES[sf_type],
                      k_size=int(k == 96), **common)
    if c_type not in UMMA_C_FORMAT_CODES:
        return [DescriptorError("c_format", f"unknown accumulator type {c_type!r}")]
    return encode(UMMA_INSTR_DESC, c_format=UMMA_C_FORMAT_CODES[c_type],
                  saturate=int(saturate), **common)
