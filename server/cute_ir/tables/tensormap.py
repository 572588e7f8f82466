"""The 128-byte CUtensorMap a TMA descriptor becomes, as its encode parameters.

The in-memory bit layout of a CUtensorMap is not public (NVIDIA documents it as an opaque
128-byte object, 64-byte aligned for the encode API), so this table lists the parameters the
object is encoded from, never byte offsets. Sources:

- CUDA Driver API, "Tensor Map Object Management" (group__CUDA__TENSOR__MEMORY):
  `cuTensorMapEncodeTiled` and `cuTensorMapEncodeIm2col`, their parameters and the rules
  each is bound to (rank, dimension, stride, box and element-stride limits, swizzle inner-box
  limits, im2col corner ranges, channels per pixel and pixels per column).
- PTX ISA, "Tensormap" and `tensormap.replace`: the field names a kernel may rewrite
  (`global_address`, `rank`, `box_dim`, `global_dim`, `global_stride`, `element_stride`,
  `elemtype`, `interleave_layout`, `swizzle_mode`, `fill_mode`).

The limits hardware-facts.md lists (rank 1..5, im2col 3..5, box dims <= 256, global strides a
multiple of 16 and < 2^40, inner box bytes a multiple of 16, swizzle inner-box 32/64/128 B,
element strides <= 8) are these rules; the TMA verifier (`verify/tma.py`) checks descriptors
with the same functions.
"""
from __future__ import annotations

from dataclasses import dataclass

TENSORMAP_BYTES = 128
ENCODE_ALIGNMENT = 64            # the encode API's tensorMap argument
GLOBAL_ADDRESS_ALIGNMENT = 16    # 32 with an interleave layout
RANK_RANGE = (1, 5)
IM2COL_RANK_RANGE = (3, 5)
MAX_GLOBAL_DIM = 1 << 32
STRIDE_GRANULE = 16              # bytes
MAX_GLOBAL_STRIDE = 1 << 40      # bytes, exclusive
MAX_BOX_DIM = 256
INNER_BOX_GRANULE = 16           # bytes: boxDim[0] * element size, without interleave
MAX_ELEMENT_STRIDE = 8
MAX_CHANNELS_PER_PIXEL = 256
MAX_PIXELS_PER_COLUMN = 1024
# Swizzle -> the most bytes the inner box dimension may span.
SWIZZLE_INNER_LIMIT = {"none": None, "32B": 32, "64B": 64, "128B": 128}
# im2col rank -> the range of each pixel-box corner coordinate.
IM2COL_CORNER_RANGE = {3: (-(1 << 15), (1 << 15) - 1), 4: (-(1 << 7), (1 << 7) - 1), 5: (-(1 << 4), (1 << 4) - 1)}

# CUtensorMapDataType, in enum order, with the bits of one element.
DATA_TYPES: dict[str, int] = {
    "UINT8": 8, "UINT16": 16, "UINT32": 32, "INT32": 32, "UINT64": 64, "INT64": 64,
    "FLOAT16": 16, "FLOAT32": 32, "FLOAT64": 64, "BFLOAT16": 16, "FLOAT32_FTZ": 32,
    "TFLOAT32": 32, "TFLOAT32_FTZ": 32,
}
ELEMENT_BITS = frozenset(DATA_TYPES.values())
# MLIR element types -> the CUtensorMapDataType a descriptor of them is encoded with. Types TMA
# has no data type for travel as unsigned integers of their width (8-bit floats as UINT8): the
# descriptor's internal type then differs from the tensor's (the TileAS page's
# `tma_internal_type`).
DATA_TYPE_OF_ELEMENT: dict[str, str] = {
    "f16": "FLOAT16", "bf16": "BFLOAT16", "f32": "FLOAT32", "f64": "FLOAT64", "tf32": "TFLOAT32",
    "i8": "UINT8", "ui8": "UINT8", "si8": "UINT8", "i16": "UINT16", "ui16": "UINT16", "si16": "UINT16",
    "i32": "INT32", "si32": "INT32", "ui32": "UINT32", "i64": "INT64", "si64": "INT64", "ui64": "UINT64",
    "f8E4M3FN": "UINT8", "f8E5M2": "UINT8", "f8E4M3": "UINT8", "f8E8M0FNU": "UINT8",
    "f8E4M3FNUZ": "UINT8", "f8E5M2FNUZ": "UINT8", "f8E4M3B11FNUZ": "UINT8", "f8E3M4": "UINT8",
}
# A data type that is not the tensor's own -> the MLIR type the descriptor moves instead.
INTERNAL_TYPE_OF_DATA_TYPE = {"UINT8": "i8", "UINT16": "i16"}


def data_type_of(element: str) -> str | None:
    """The CUtensorMapDataType of an MLIR element type (None: TMA cannot move it)."""
    return DATA_TYPE_OF_ELEMENT.get(element)


def internal_type(element: str) -> str | None:
    """The element type a descriptor of `element`s moves when TMA has no data type of its own
    for them (`f8E4M3FN` -> `i8`); None when it moves them as they are."""
    data_type = DATA_TYPE_OF_ELEMENT.get(element)
    if data_type is None or element.startswith(("i", "si", "ui")):
        return None
    return INTERNAL_TYPE_OF_DATA_TYPE.get(data_type)


def im2col_offsets(rank: int) -> int:
    """How many im2col offsets a TMA load through an im2col tensor map of `rank` takes after
    its coordinates: one per spatial dimension, rank - 2 (16-bit each; PTX ISA,
    cp.async.bulk.tensor `.im2col`; hardware-facts, "Spellings that assemble"). A store or a
    reduction through one (`.im2col_no_offs`) takes none."""
    return max(rank - 2, 0)


def transfer_coordinates(rank: int, im2col: bool, load: bool) -> int:
    """The coordinates an async TMA transfer writes: one per dimension of its tensor, then
    for a load through an im2col tensor map its im2col offsets."""
    return rank + (im2col_offsets(rank) if im2col and load else 0)


INTERLEAVES = ("none", "16B", "32B")
SWIZZLES = tuple(SWIZZLE_INNER_LIMIT)
L2_PROMOTIONS = ("none", "64B", "128B", "256B")
OOB_FILLS = ("none", "nan_request_zero_fma")


@dataclass(frozen=True)
class Field:
    name: str          # the JSON key `cute-ir descriptor` reads
    encode: str        # the driver API parameter
    ptx: str           # the tensormap.replace field ("" when PTX cannot rewrite it)
    kinds: frozenset[str]
    doc: str


_BOTH = frozenset({"tiled", "im2col"})
_TILED = frozenset({"tiled"})
_IM2COL = frozenset({"im2col"})

FIELDS: tuple[Field, ...] = (
    Field("global_address", "globalAddress", "global_address", _BOTH, "base of the global tensor; 16-byte aligned (32 with interleave)"),
    Field("rank", "tensorRank", "rank", _BOTH, "1..5 (im2col 3..5)"),
    Field("data_type", "tensorDataType", "elemtype", _BOTH, "CUtensorMapDataType: " + ", ".join(DATA_TYPES)),
    Field("interleave", "interleave", "interleave_layout", _BOTH, "none, 16B, 32B"),
    Field("swizzle", "swizzle", "swizzle_mode", _BOTH, "none, 32B, 64B, 128B; the inner box may span at most that many bytes"),
    Field("l2_promotion", "l2Promotion", "", _BOTH, "none, 64B, 128B, 256B"),
    Field("oob_fill", "oobFill", "fill_mode", _BOTH, "none, nan_request_zero_fma"),
    Field("global_dims", "globalDim", "global_dim", _BOTH, "rank extents, innermost first; each 1..2^32 (null: known at launch)"),
    Field("global_strides", "globalStrides", "global_stride", _BOTH,
          "rank-1 byte strides (the innermost is the element size and not given); multiples of 16, < 2^40 "
          "(null: known at launch)"),
    Field("box_dims", "boxDim", "box_dim", _TILED, "rank box extents, each 1..256; box_dims[0] x element bytes a multiple of 16"),
    Field("element_strides", "elementStrides", "element_stride", _BOTH, "rank traversal strides, each 1..8"),
    Field("pixel_box_lower_corner", "pixelBoxLowerCorner", "", _IM2COL, "rank-2 offsets; range by rank: 3 -> ±2^15, 4 -> ±2^7, 5 -> ±2^4"),
    Field("pixel_box_upper_corner", "pixelBoxUpperCorner", "", _IM2COL, "rank-2 offsets, same range as the lower corner"),
    Field("channels_per_pixel", "channelsPerPixel", "", _IM2COL, "1..256"),
    Field("pixels_per_column", "pixelsPerColumn", "", _IM2COL, "1..1024"),
)


def fields_for(kind: str) -> tuple[Field, ...]:
    return tuple(f for f in FIELDS if kind in f.kinds)


# ------------------------------------------------------------------ rules (shared with verify/tma.py)
def rank_problem(rank: int, kind: str = "tiled") -> str | None:
    lo, hi = IM2COL_RANK_RANGE if kind == "im2col" else RANK_RANGE
    return None if lo <= rank <= hi else f"rank must be between {lo} and {hi}, got {rank}"


def box_dim_problem(axis: int, extent: int) -> str | None:
    return None if 1 <= extent <= MAX_BOX_DIM else f"box dimension {axis} is {extent}; it must be between 1 and {MAX_BOX_DIM}"


def inner_box_whole(extent: int, element_bits: int) -> bool:
    """Whether box dimension 0 moves a whole number of transfer granules (without interleave)."""
    return extent * element_bits % (INNER_BOX_GRANULE * 8) == 0


def inner_box_problem(extent: int, element_bits: int, swizzle: str = "none", interleave: str = "none") -> str | None:
    inner_bits = extent * element_bits
    if interleave == "none" and not inner_box_whole(extent, element_bits):
        return (f"box dimension 0 x element bits ({extent} x {element_bits} = {inner_bits}) is not a multiple "
                f"of the {INNER_BOX_GRANULE}-byte transfer granularity")
    limit = SWIZZLE_INNER_LIMIT.get(swizzle)
    if limit is not None and inner_bits > limit * 8:
        return f"the inner box spans {inner_bits // 8} bytes; swizzle {swizzle} allows at most {limit}"
    return None


def global_stride_problem(axis: int, stride_bytes: int) -> str | None:
    if stride_bytes % STRIDE_GRANULE or not 0 < stride_bytes < MAX_GLOBAL_STRIDE:
        return (f"global stride {axis} is {stride_bytes} bytes; it must be a positive multiple of "
                f"{STRIDE_GRANULE} below 2^40")
    return None


def view_layout_problem(inner_stride: int | None, offset: int | None, element_bits: int) -> str | None:
    """Why no tensor map describes a strided view as it is laid out, or None. The encode call
    takes no stride for dimension 0 (its elements are contiguous), so a view whose innermost
    stride is not 1 (or not known to be: `?`) would be read as if it were; and the global
    address is the view's base plus its offset, so a static offset must keep the (aligned) base
    aligned. A dynamic offset is the launch's to align, as the base pointer is."""
    if inner_stride != 1:
        written = "dynamic (`?`)" if inner_stride is None else f"{inner_stride} elements"
        return (f"the view's innermost stride is {written}; a tensor map's dimension 0 is contiguous "
                f"(stride 1)")
    if offset is not None and offset * element_bits % (GLOBAL_ADDRESS_ALIGNMENT * 8):
        return (f"the view starts {offset} element{'s' if offset != 1 else ''} ({offset * element_bits / 8:g} "
                f"bytes) past its base; a tensor "
                f"map's global address must be a multiple of {GLOBAL_ADDRESS_ALIGNMENT} bytes")
    return None


def element_stride_problem(axis: int, stride: int) -> str | None:
    return None if 1 <= stride <= MAX_ELEMENT_STRIDE else f"element stride {axis} is {stride}; it must be between 1 and {MAX_ELEMENT_STRIDE}"


# The shared-memory swizzles a TMA descriptor can describe, as CuTe writes them (CUTLASS's
# get_tma_swizzle_bits / get_tma_swizzle_base): Swizzle<B, 4, 3> swizzles 16-byte units over a
# 32 << (B - 1)-byte span (B = 0: no swizzle), Swizzle<2, 5 | 6, S> 128 bytes on a 32 / 64-byte
# atom. A box's inner dimension must fit in the span (cuTensorMapEncodeTiled; hardware-facts 6).
SWIZZLE_SPAN_BYTES = {(0, 4): None, (1, 4): 32, (2, 4): 64, (3, 4): 128, (2, 5): 128, (2, 6): 128}


# A swizzle span -> the CUtensorMapSwizzle the descriptor encodes.
SWIZZLE_OF_SPAN = {None: "none", 32: "32B", 64: "64B", 128: "128B"}


def swizzle_mode(bits: int, base: int, shift: int) -> str | None:
    """The descriptor swizzle (`none`, `32B`, `64B`, `128B`) a CuTe `Swizzle<bits, base, shift>`
    is, or None when no TMA descriptor can write it (`smem_swizzle_problem` says why)."""
    if (bits, base) not in SWIZZLE_SPAN_BYTES or (base == 4 and shift != 3):
        return None
    return SWIZZLE_OF_SPAN[SWIZZLE_SPAN_BYTES[(bits, base)]]


def smem_swizzle_problem(bits: int, base: int, shift: int, inner_box_bytes: int | None) -> str | None:
    """Why a CuTe `Swizzle<bits, base, shift>` SMEM layout is not TMA compatible, or None."""
    if (bits, base) not in SWIZZLE_SPAN_BYTES or (base == 4 and shift != 3):
        return (f"Swizzle<{bits},{base},{shift}> is not one TMA can write: it takes Swizzle<B,4,3> "
                f"(B = 0..3: none, 32, 64, 128 bytes) or Swizzle<2,5,S> / Swizzle<2,6,S>")
    span = SWIZZLE_SPAN_BYTES[(bits, base)]
    if span is not None and inner_box_bytes is not None and inner_box_bytes > span:
        return (f"the box's inner dimension is {inner_box_bytes} bytes, more than the swizzle's "
                f"{span}-byte span")
    return None


# ------------------------------------------------------------------ boxes of a tile
# The swizzle a box of rows is given, by the bytes of its inner dimension: the widest whose
# span the inner dimension fills (as NVIDIA's tileiras and CUTLASS's SW128 / SW64 / SW32 atoms
# do; a wider tile is split into boxes of that span). 16-byte rows, and a 1-d tile (one row),
# are not swizzled.
SWIZZLE_BY_SPAN = ((128, "128B"), (64, "64B"), (32, "32B"))
# The CuTe swizzle of each descriptor swizzle (`Swizzle<B,4,3>`: 16-byte units over the span).
CUTE_SWIZZLE = {"32B": (1, 4, 3), "64B": (2, 4, 3), "128B": (3, 4, 3)}
# Shared-memory alignment of a box with each swizzle: the swizzle's pattern repeats every
# eight spans, and TMA swizzles by the address bits (CUTLASS aligns such tiles to 1024 bytes).
SWIZZLE_ALIGNMENT = {"none": 128, "32B": 256, "64B": 512, "128B": 1024}


@dataclass(frozen=True)
class BoxPlan:
    """How TMA moves one tile: boxes of `box` (outermost first, as the tile's dimensions),
    `counts[d]` of them along dimension d, in row-major order of the box grid, each landing
    in shared memory right after the previous one, with the descriptor's `swizzle`."""

    box: tuple[int, ...]
    counts: tuple[int, ...]
    swizzle: str
    element_bits: int

    @property
    def boxes(self) -> int:
        n = 1
        for c in self.counts:
            n *= c
        return n

    @property
    def box_bytes(self) -> int:
        n = self.element_bits // 8
        for d in self.box:
            n *= d
        return n

    @property
    def box_dims(self) -> list[int]:
        """The descriptor's `boxDim`: innermost first."""
        return list(reversed(self.box))

    def offsets(self) -> list[tuple[int, ...]]:
        """Each box's offset in the tile, in elements per dimension (outermost first), in the
        order the boxes lie in shared memory."""
        out = [()]
        for extent, count in zip(self.box, self.counts):
            out = [o + (k * extent,) for o in out for k in range(count)]
        return out


def _largest_divisor(extent: int, at_most: int, granule: int = 1) -> int | None:
    """The largest d <= at_most dividing `extent` with d a multiple of `granule`."""
    for d in range(min(extent, at_most), 0, -1):
        if extent % d == 0 and d % granule == 0:
            return d
    return None


def tile_boxes(tile: list[int] | tuple[int, ...], element_bits: int) -> BoxPlan | str:
    """The boxes TMA moves a tile of `element_bits`-bit elements in (outermost dimension first),
    or why no tensor map can: every box obeys cuTensorMapEncodeTiled's rules
    (`check_parameters`), the inner dimension gets the widest swizzle it fills, and a tile
    wider than a box in any dimension is split into several boxes."""
    if (problem := rank_problem(len(tile))) is not None:
        return f"a TMA box's {problem}"
    if (problem := element_bits_problem(element_bits)) is not None:
        return problem
    if any(d < 1 for d in tile):
        return f"the tile's dimensions must be positive, got {list(tile)}"
    inner_bits = tile[-1] * element_bits
    if not inner_box_whole(tile[-1], element_bits):
        return (f"the tile's innermost dimension is {tile[-1]} x {element_bits} bits, not whole "
                f"{INNER_BOX_GRANULE}-byte granules")
    swizzle, inner = "none", None
    for span, name in SWIZZLE_BY_SPAN if len(tile) > 1 else ():    # a swizzle permutes rows
        if inner_bits % (span * 8) == 0:
            swizzle, inner = name, span * 8 // element_bits
            break
    if inner is None:
        # Rows of an odd number of 16-byte granules: unswizzled boxes of whole granules.
        inner = _largest_divisor(tile[-1], MAX_BOX_DIM, INNER_BOX_GRANULE * 8 // element_bits)
    outer = [_largest_divisor(d, MAX_BOX_DIM) for d in tile[:-1]]
    box = tuple(outer) + (inner,)
    return BoxPlan(box, tuple(t // b for t, b in zip(tile, box)), swizzle, element_bits)


def tiled_parameters(global_dims: list[int | None], global_strides: list[int | None], data_type: str,
                     plan: BoxPlan) -> dict:
    """The cuTensorMapEncodeTiled parameters of a descriptor that moves `plan`'s boxes:
    `global_dims` innermost first and `global_strides` (bytes, of dimensions 1..) as known
    when compiling (None: given at launch). `check_parameters("tiled", ...)` judges them."""
    return {"rank": len(global_dims), "data_type": data_type, "interleave": "none", "swizzle": plan.swizzle,
            "l2_promotion": "none", "oob_fill": "none", "global_dims": list(global_dims),
            "global_strides": list(global_strides), "box_dims": plan.box_dims,
            "element_strides": [1] * len(global_dims)}


def element_bits_problem(bits: int) -> str | None:
    return None if bits in ELEMENT_BITS else f"{bits}-bit elements have no TMA data type (" + ", ".join(map(str, sorted(ELEMENT_BITS))) + ")"


# ------------------------------------------------------------------ encode parameters
def _choice(params: dict, key: str, legal: tuple[str, ...], problems: list[str]) -> str:
    value = str(params.get(key, legal[0]))
    if value not in legal:
        problems.append(f"{key}: `{value}` is not one of " + ", ".join(legal))
    return value


def _ints(params: dict, key: str, count: int, problems: list[str], default: int | None = None,
          runtime: bool = False) -> list[int | None]:
    """`params[key]`, a list of `count` integers; with `runtime`, null stands for a value the
    encode call is given when the kernel is launched (and is not checked here)."""
    values = params.get(key)
    if values is None and default is not None:
        return [default] * count
    if not isinstance(values, list) or not all(
            (isinstance(v, int) and not isinstance(v, bool)) or (runtime and v is None) for v in values):
        problems.append(f"{key}: expected a list of {count} integers" + (" (null: known at launch)" if runtime else ""))
        return []
    if len(values) != count:
        problems.append(f"{key}: expected {count} values, got {len(values)}")
    return values


def by_field_name(kind: str, params: dict) -> dict:
    """`params` with the driver API's encode-parameter names (`globalDim`, `boxDim`, ...)
    written as this table's field names (`global_dims`, `box_dims`, ...); others unchanged."""
    names = {f.encode: f.name for f in fields_for(kind)}
    return {names.get(key, key): value for key, value in params.items()}


def check_parameters(kind: str, params: dict) -> list[str]:
    """Every rule the encode call is bound to that `params` breaks (empty: it would encode)."""
    problems: list[str] = []
    for key in params:
        if key not in {f.name for f in fields_for(kind)}:
            problems.append(f"{key}: not a field of a {kind} descriptor")
    rank = params.get("rank")
    if not isinstance(rank, int) or isinstance(rank, bool):
        return problems + ["rank: expected an integer"]
    if (problem := rank_problem(rank, kind)) is not None:
        return problems + [f"rank: {problem}"]
    data_type = _choice(params, "data_type", tuple(DATA_TYPES), problems)
    bits = DATA_TYPES.get(data_type, 8)
    interleave = _choice(params, "interleave", INTERLEAVES, problems)
    swizzle = _choice(params, "swizzle", SWIZZLES, problems)
    _choice(params, "l2_promotion", L2_PROMOTIONS, problems)
    _choice(params, "oob_fill", OOB_FILLS, problems)
    address = params.get("global_address", 0)
    alignment = GLOBAL_ADDRESS_ALIGNMENT * (2 if interleave != "none" else 1)
    if not isinstance(address, int) or address % alignment:
        problems.append(f"global_address: must be a multiple of {alignment}")
    for axis, extent in enumerate(_ints(params, "global_dims", rank, problems, runtime=True)):
        if extent is not None and not 1 <= extent <= MAX_GLOBAL_DIM:
            problems.append(f"global_dims: dimension {axis} is {extent}; it must be between 1 and 2^32")
    for axis, stride in enumerate(_ints(params, "global_strides", rank - 1, problems, runtime=True), start=1):
        if stride is not None and (problem := global_stride_problem(axis, stride)) is not None:
            problems.append(f"global_strides: {problem}")
    for axis, stride in enumerate(_ints(params, "element_strides", rank, problems, default=1)):
        if (problem := element_stride_problem(axis, stride)) is not None:
            problems.append(f"element_strides: {problem}")
    if kind == "tiled":
        boxes = _ints(params, "box_dims", rank, problems)
        for axis, extent in enumerate(boxes):
            if (problem := box_dim_problem(axis, extent)) is not None:
                problems.append(f"box_dims: {problem}")
        if boxes and (problem := inner_box_problem(boxes[0], bits, swizzle, interleave)) is not None:
            problems.append(f"box_dims: {problem}")
    else:
        lo, hi = IM2COL_CORNER_RANGE[rank]
        for key in ("pixel_box_lower_corner", "pixel_box_upper_corner"):
            for axis, corner in enumerate(_ints(params, key, rank - 2, problems)):
                if not lo <= corner <= hi:
                    problems.append(f"{key}: offset {axis} is {corner}; rank {rank} allows {lo}..{hi}")
        for key, limit in (("channels_per_pixel", MAX_CHANNELS_PER_PIXEL), ("pixels_per_column", MAX_PIXELS_PER_COLUMN)):
            value = params.get(key)
            if not isinstance(value, int) or not 1 <= value <= limit:
                problems.append(f"{key}: must be an integer between 1 and {limit}")
    return problems


def describe(kind: str, params: dict) -> list[tuple[str, str, str, str]]:
    """(field, encode parameter, value, what the rule is) for each field of the descriptor."""
    return [(f.name, f.encode, _format(params.get(f.name, "-")), f.doc) for f in fields_for(kind)]


def _format(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if isinstance(value, int) and not isinstance(value, bool) and value > 4096:
        return hex(value)
    return str(value)
