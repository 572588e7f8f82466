"""TileAS's asynchronous TMA ops and the copy-atom kinds (tileas-tma-and-memops page).

The page names the async ops `lower-tma-load-store-to-async` makes of the token-ordered memops
(`nv_tileas.async.tiled_tma_load`, `tiled_tma_store`, `tiled_atomic_rmw` with a TMAREDG atom,
`gather_tma_load`, `scatter_tma_store`), what they carry (coordinates, the tile, the descriptor,
an mbarrier for loads, `tx_count`, `tmaIdx`) and the atom kinds its verifier accepts per op
(ldg, stg, ldgsts, tma_load, tma_store, tma_redg, unknown_copy); it shows no textual form.

This project writes them like the memops: the tile value first for stores, then the descriptor
(and the mbarrier for loads), then each operand group behind its keyword; the atom an op uses
is the enum attribute `copy_atom = #nv_tileas.copy_atom<tma_load>` (the memops take it too,
optional: AssignLoadStoreLayouts is what chooses it). The generic form with
`operandSegmentSizes` is always accepted.
"""
from __future__ import annotations

import re

from ..ods import AttrDef, OpDef, Trait, optional, single, variadic
from .memops import COPY_ATOM, MEM_TOKEN, TILED_LOAD, TILED_STORE

PAGE = "tileas-tma-and-memops"

TILED_TMA_LOAD = "nv_tileas.async.tiled_tma_load"
TILED_TMA_STORE = "nv_tileas.async.tiled_tma_store"
TILED_ATOMIC_RMW = "nv_tileas.async.tiled_atomic_rmw"
GATHER_TMA_LOAD = "nv_tileas.async.gather_tma_load"
SCATTER_TMA_STORE = "nv_tileas.async.scatter_tma_store"

# Op -> (the atom kinds it takes, the catalogue message when its atom is another), the page's
# allow-lists ("Atom-type rules").
ATOM_ALLOW_LISTS: dict[str, tuple[tuple[str, ...], str]] = {
    TILED_LOAD: (("ldgsts", "tma_load", "ldg", "unknown_copy"), "tileas.tma-atom.expect-load-like"),
    TILED_STORE: (("stg", "tma_store", "unknown_copy"), "tileas.tma-atom.expect-store-like"),
    TILED_TMA_LOAD: (("tma_load",), "tileas.tma-atom.expect-tma-load"),
    GATHER_TMA_LOAD: (("tma_load",), "tileas.tma-atom.expect-tma-load"),
    TILED_TMA_STORE: (("tma_store",), "tileas.tma-atom.expect-tma-store"),
    SCATTER_TMA_STORE: (("tma_store",), "tileas.tma-atom.expect-tma-store"),
    TILED_ATOMIC_RMW: (("tma_redg",), "tileas.tma-atom.expect-tma-redg"),
}
# The store mode a TMA reduction cannot run in: scatter4 has no reduction operator.
REDUCE_FORBIDDEN_MODE = "scatter4"
# A token-ordered atomic's `rmw_mode` -> the operation a TMA reduction
# (`cp.reduce.async.bulk.tensor`, PTX ISA: .add .min .max .inc .dec .and .or .xor) combines
# with; the element type the descriptor names makes add/min/max integer or float, signed or
# not. A mode not here (xchg) has no TMA reduction.
TMA_REDUCE_OP: dict[str, str] = {"add": "add", "fadd": "add", "max": "max", "min": "min", "umax": "max",
                                 "umin": "min", "and": "and", "or": "or", "xor": "xor"}
# How a TileAS kernel lays out the shared memory of its TMA loads: each load's tile (aligned
# for TMA's 128-byte swizzle, whose pattern repeats every 1024 bytes: tables/tensormap.py) and
# its 8-byte mbarrier. lower-tma-load-store-to-async counts them against the target's shared
# memory; the PTX emitter declares them so.
TILE_ALIGNMENT = 1024
# The box each TMA instruction of a transfer moves when the tile is split into several
# (innermost first, as a descriptor's boxDim); without it the tile moves in one box.
BOX_DIM = "boxDim"
# How many buffers, each with a full and an empty mbarrier, a TMA load in a loop cycles through.
STAGES = "stages"
# The swizzle of the transfer's boxes in shared memory (its descriptor's), when it has one.
SWIZZLE = "swizzle"
MBARRIER_BYTES = 8
# A gather / scatter moves this many rows per transfer (`.tile::gather4` / `.tile::scatter4`);
# its coordinates are the rows, then the column.
GATHER_ROWS = 4

_DESCRIPTOR = single("descriptor", "!cute_nvgpu.tma_descriptor_*", "the TMA descriptor the transfer uses")
_COORDS = variadic("coords", "index", "the tile's coordinates in the descriptor's tensor "
                                      "(a gather / scatter: its four rows, then its column)")
_LOAD_COORDS = variadic("coords", "index", "the tile's coordinates in the descriptor's tensor, outermost first; "
                                           "through an im2col descriptor then its rank - 2 im2col offsets "
                                           "(a gather: its four rows, then its column)")
_TOKEN = optional("token", MEM_TOKEN, "the token this op is ordered after")
_TILE = single("value", "tensor", "the tile written")


def _attributes(kind: str, store: bool = False) -> tuple[AttrDef, ...]:
    attrs = (
        AttrDef(COPY_ATOM, "#nv_tileas.copy_atom<...>", doc=f"the copy atom: `{kind}`"),
        AttrDef("tmaIdx", "i32", required=False, doc="the descriptor's index among the kernel's TMA descriptors"),
        AttrDef("tx_count", "i64", required=False, doc="bytes the transfer moves (what the mbarrier expects)"),
        AttrDef(SWIZZLE, '"32B" | "64B" | "128B"', required=False, default='"none"',
                doc="how the descriptor swizzles each box in shared memory (where a tile the kernel stages for a "
                    "store is written)"),
        AttrDef(BOX_DIM, "array<i64: ...>", required=False,
                doc="the box each TMA instruction moves, innermost first, when the tile is split into several boxes "
                    "(in row-major order of the box grid, each right after the last in shared memory)"),
    )
    if store:
        attrs += (AttrDef("mode", "#cute_nvgpu.tma_store_mode<...>", required=False,
                          doc="tiled, im2col or scatter4"),)
    if kind == "tma_load":
        attrs += (AttrDef(STAGES, "i32", required=False, default="1",
                          doc="in a loop, the depth of the ring of buffers and full / empty mbarrier pairs the "
                              "load cycles through (lower-tma-load-store-to-async's `stages` option)"),)
    if kind == "tma_redg":
        attrs += (AttrDef("rmw_mode", "#nv_tileas.rmw_mode<...>", required=False,
                          doc="how the tile combines into global memory (add, min, max, and, or, xor; "
                              "fadd, umin, umax as add, min, max)"),)
    return attrs + (AttrDef("operandSegmentSizes", "array<i32: ...>", required=False, property=True,
                            doc="generic form only; the custom form's keywords delimit the groups"),)


def _load(name: str, summary: str) -> OpDef:
    return OpDef(
        name, summary,
        operands=(_DESCRIPTOR, single("mbarrier", "memref<1xi64, 3>", "the mbarrier the load completes on"),
                  _LOAD_COORDS, _TOKEN),
        results=(single("tile", "tensor"), optional("out_token", MEM_TOKEN)),
        attributes=_attributes("tma_load"), traits=frozenset({Trait.ATTR_SIZED_OPERAND_SEGMENTS}),
        syntax=f"%tile, %tok = {name} %desc, %mbar coords(...) token(%t) {{copy_atom = ..., tx_count = N}} "
               f": <descriptor type> -> <tile type>, {MEM_TOKEN}",
        example=(f"%tile, %tok = {name} %desc, %mbar coords(%i, %j) token(%t) "
                 "{copy_atom = #nv_tileas.copy_atom<tma_load>, tmaIdx = 0 : i32, tx_count = 8192 : i64} "
                 f": !cute_nvgpu.tma_descriptor_tiled -> tensor<64x64xf16>, {MEM_TOKEN}"),
        source=PAGE)


def _store(name: str, summary: str, kind: str) -> OpDef:
    return OpDef(
        name, summary,
        operands=(_TILE, _DESCRIPTOR, _COORDS, _TOKEN),
        results=(optional("out_token", MEM_TOKEN),),
        attributes=_attributes(kind, store=True), traits=frozenset({Trait.ATTR_SIZED_OPERAND_SEGMENTS}),
        syntax=f"%tok = {name} %tile, %desc coords(...) token(%t) {{copy_atom = ...}} : <descriptor type> -> {MEM_TOKEN}",
        example=(f"%tok = {name} %tile, %desc coords(%i, %j) token(%t) "
                 f"{{copy_atom = #nv_tileas.copy_atom<{kind}>, tmaIdx = 1 : i32}} "
                 f": !cute_nvgpu.tma_descriptor_tiled -> {MEM_TOKEN}"),
        source=PAGE)


ASYNC_WAIT = "nv_tileas.async.wait"
# The function attribute naming the kernel a function is (the page's KernelSpecAttr).
KERNEL_SPEC = "nv_tileas.kernel_spec"
KERNEL_SPEC_ATTR = "#nv_tileas.kernel_spec"


def is_kernel(function) -> bool:
    """Whether a function op is a TileAS kernel: it carries a KernelSpecAttr."""
    spec = function.attributes.get(KERNEL_SPEC)
    return spec is not None and spec.text.startswith(KERNEL_SPEC_ATTR + "<")


def thread_count(function) -> int | None:
    """The CTA's threads when the kernel spec fixes them (`num_warps`)."""
    spec = function.attributes.get(KERNEL_SPEC)
    found = re.search(r"\bnum_warps\s*=\s*(\d+)", spec.text) if spec is not None else None
    return 32 * int(found.group(1)) if found is not None and int(found.group(1)) > 0 else None

WAIT_OP = OpDef(
    ASYNC_WAIT, "Wait for async TMA transfers: a load's mbarrier, or a store's bulk group.",
    operands=(optional("mbarrier", "memref<1xi64, 3>", "the mbarrier a load completes on; none for stores"),),
    attributes=(AttrDef("delay", "unit", required=False,
                        doc="a store's wait may sink past the next barrier (the delay-store-wait option)"),),
    syntax=f"{ASYNC_WAIT} [%mbar : memref<1xi64, 3>] [{{delay}}]",
    example=f"{ASYNC_WAIT} %mbar : memref<1xi64, 3>",
    source=PAGE)

ASYNC_TMA_OPS: tuple[OpDef, ...] = (
    _load(TILED_TMA_LOAD, "Start a TMA load of a tile from global memory; the mbarrier completes when it lands."),
    _load(GATHER_TMA_LOAD, "Start a TMA gather (gather4) load of rows of a tile; the mbarrier completes when it lands."),
    _store(TILED_TMA_STORE, "Start a TMA store of a tile to global memory.", "tma_store"),
    _store(SCATTER_TMA_STORE, "Start a TMA scatter (scatter4) store of rows of a tile.", "tma_store"),
    _store(TILED_ATOMIC_RMW, "Start a TMA reduction of a tile into global memory (a TMAREDG atom).", "tma_redg"),
    WAIT_OP,
)
ASYNC_TMA_OP_NAMES = frozenset(op.name for op in ASYNC_TMA_OPS)
