"""`lower-tma-load-store-to-async`: token-ordered TMA loads and stores become async TMA transfers.

TileAS's LowerTMALoadStoreToAsync (tileas-tma-and-memops, "LowerTMALoadStoreToAsync"), per
function, in the page's phases:

1. **KernelSpec gate.** The function must carry `nv_tileas.kernel_spec =
   #nv_tileas.kernel_spec<...>`; otherwise the function gets the page's message and nothing in
   it is rewritten. The gate applies to functions that hold an op this pass would rewrite: a
   function without TMA memops has no descriptors to host, and is left alone silently.
2. **Eligibility.** A `nv_tileas.tiled_load` / `tiled_store` / `tiled_atomic_rmw` with
   `allow_tma = true` (or any, with the `prefer_tma` option, which the page's
   `TILEIR_PREFER_TMA_FOR_LOAD_STORE` also sets) whose `copy_atom` is its TMA kind (`tma_load`,
   `tma_store`, `tma_redg`). Others stay. A TMA atom the target cannot run (no TMA before
   sm_90; rows need gather4 / scatter4) is an error of cute-ir's, and the op stays.
   A load or store that stays moves its tile through registers (or `cp.async`) in the
   kernel's PTX (one that names its TMA atom without allowing TMA too: the atom goes unused,
   and the error below says so); one that path cannot move (`tables/legality.register_transfer_problem`,
   the emitter's rule: the tile's chunks, a static view of rank 1 or 2, no rows, narrow
   elements in bounds, a view whose chunks move whole for `cp.async` and narrow elements) is an error of cute-ir's too (`lower.register-tile`), so `check`
   says what `--emit ptx` would refuse; so is a loop that carries a tile a TMA load left in
   shared memory in registers the chunks cannot split, and (after the rewrite) a TMA store of
   such a tile laid out in other boxes or another swizzle than the store's, which restages it
   through the chunks (`tables/legality.restage_problem`), and float arithmetic of such tiles
   only, which reads the first in the chunks; so is float arithmetic (any op of
   `tables/legality.ELEMENTWISE_FLOAT`) of tiles in registers placed otherwise over the
   threads, or of elements the register path does not compute on
   (`tables/legality.elementwise_problem`), and an `arith.extf` of a tile to other than f32 from
   f16 / bf16 or f64 from f32 (`widening_problem`; a widened tile's placement is its source's,
   `widened`).
3. **tmaIdx**, per function from 0, in pre-order: the index of the descriptor the op uses.
   Host and device descriptors (`lowering_facts/descriptor_capture.py`: can the host build it before launch?)
   are numbered apart, as the ABI passes them in two lists (`attach-tma-descriptor-args`).
4. **Descriptor bind.** An `nv_tileas.make_tiled_tma_desc` of the op's view whose layout is the
   box in the view (`cute.static`, innermost dimension first, as TMA numbers box dimensions),
   reused (with its tmaIdx) by later ops with the same view, box and direction. The box and
   its swizzle are `tables/tensormap.tile_boxes`': rows of 128 / 64 / 32 bytes get that swizzle
   (the layout is then `Swizzle<B,4,3> o 0 o box`), and a tile wider than a box (256 elements,
   or the swizzle's span) moves in several boxes, named on the async op (`boxDim`). The tensor
   map must describe the view as laid out (`view_layout_problem`: innermost stride 1, a static
   offset keeping the base 16-byte aligned) and break none of cuTensorMapEncodeTiled's rules (`tensormap.check_parameters`, what
   `cute-ir descriptor tma-tiled` checks), else "unable to partition input tensors for TMA"
   with each broken rule in a note. A view's extents and strides may be dynamic: the box
   depends on the tile alone, and the host encodes the memref's own at launch. Elements TMA
   has no data type for (8-bit floats) move as i8: the builder says `tma_internal_type`.
   It is bound where the view is defined (at the function's entry for a parameter), so every
   op that can see the view can share it.
   The mode it binds for a memref view is tiled (gather4 / scatter4 for rows): a memref says
   nothing of a convolution's geometry (pixel box corners, channels per pixel). A view backed by
   a TMA descriptor (the memop's view is a `make_tiled_tma_desc` result of the function,
   docs/spec-deviations.md A25) is looked up instead of emitted: that descriptor is bound as it
   is, whatever its mode (tiled, im2col, im2col_at, tiled_at; its box, swizzle and
   `tma_internal_type` are its own), keeps its tmaIdx or is stamped with the next of its side's,
   and the memop's coordinates (for an im2col load, the tensor's then its im2col offsets) pass
   to the async op, which the PTX emitter writes as `.im2col` / `.im2col_no_offs` through an
   im2col descriptor. Rows (offsets) through such a view are "unable to partition input
   tensors for TMA": a gather / scatter binds its own gather4 / scatter4 descriptor.
5. **Async op** with the same coordinates and token, the descriptor, `copy_atom`, `tmaIdx`, and
   for loads a fresh mbarrier and `tx_count`, the tile's bytes (one expect_tx for all its boxes):
   - `tiled_load` -> `nv_tileas.async.tiled_tma_load`, `tiled_store` -> `async.tiled_tma_store`;
   - with `offsets` (rows, `memops.py`) -> `async.gather_tma_load` / `async.scatter_tma_store`,
     whose descriptor is gather4 / scatter4 with a one-row box and whose coordinates are the
     four rows (row coordinate + offset, `arith.addi`) then the column;
   - `tiled_atomic_rmw` -> `async.tiled_atomic_rmw` with the reduction its `rmw_mode` names.
     A TMA reduction returns nothing: an atomic whose pre-image is read is an error and stays.
   A load must read zero out of bounds: another `paddingValue` is "TmaLoad only support zero
   padding now" ("GatherTmaLoad only support zero padding now" for a gather).
6. **mbarrier.** A load's mbarrier is reserved in shared memory (`memref.alloca` in space 3) and
   waited on (`nv_tileas.async.wait %mbar`) after the transfer; a store or reduction waits for
   its bulk group. A load inside an `scf.for` gets `stages` (the pass's option, default 2): it
   cycles through that many buffers, each with a full and an empty mbarrier (the PTX emitter
   makes the ring and fills it `stages - 1` iterations ahead; docs/spec-deviations.md, A16).
   The kernel's shared memory holds every TMA load's tile (one per stage) and every mbarrier;
   when the next mbarrier does not fit the target's shared memory per CTA
   (`tables/tiers.py`), the load is "failed to find smem buffer address for mbarrier", with the
   bytes in a note, and stays.
   An async load the kernel already holds (written by hand, or this pass's output read back)
   names its mbarrier itself, and the kernel must own it: a value that is not a `memref.alloca`
   in the kernel (an argument, another op's result) is "failed to get MBarrier object"; an
   alloca that is not one 64-bit word of shared memory (`memref<1xi64, 3>`) cannot be
   initialised as an mbarrier: "failed to init mbarrier". Each has what the value is in a note.
7. **Delayed store waits.** With `delay-store-wait` (or `TILEIR_DELAY_TMA_STORE_WAIT`) a store's
   wait carries `delay`: it may sink past the next barrier.
8. **Unresolved ops.** A load whose byte count cannot be known (a tile type that is not static,
   an element type without a width) is "failed to get expected tx-count" and stays. A tile no TMA
   box can move (more than 5 dimensions, or an innermost extent that is not whole 16-byte
   granules) or whose tensor map the driver would refuse is the page's "unable to partition
   input tensors for TMA", with the reason in a note, and stays.

The mbarriers the pass makes itself cannot be lost between reserving and waiting (it creates
each with its wait), so the page's "failed to init mbarrier" and "failed to get MBarrier
object" are about the async loads the kernel already holds (phase 6; docs/spec-deviations.md,
A20).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from math import prod
from typing import Callable

from ..diagnostics.catalogue import get as catalogue_message
from ..dialects.nv_tileas.async_tma import (ASYNC_WAIT, ATOM_ALLOW_LISTS, BOX_DIM, STAGES, SWIZZLE, GATHER_ROWS, GATHER_TMA_LOAD,
                                           MBARRIER_BYTES, SCATTER_TMA_STORE, TILE_ALIGNMENT, TILED_TMA_LOAD,
                                           TILED_TMA_STORE, TMA_REDUCE_OP, KERNEL_SPEC, is_kernel, thread_count)
from ..dialects.nv_tileas.async_tma import TILED_ATOMIC_RMW as TMA_REDUCTION
from ..dialects.nv_tileas.dot import DOT
from ..dialects.nv_tileas.memops import COPY_ATOM, DIALECT, RMW_MODE, TILED_ATOMIC_RMW, TILED_LOAD, TILED_STORE
from ..emit.builder import CONSTANT_COMPARISONS
from ..ir.attributes import CMPF_PREDICATES, ROUNDING_MODES, attribute, enum_case, enum_keyword, integer, integers, parse_enum
from ..ir.custom_form import write_attributes
from ..ir.core import UNIT, Attribute, BlockArgument, OpResult, Operation, Type, Value
from ..ir.shaped import Shaped, element_bits, shaped
from ..tables import tensormap
from ..tables.atomics import atomic_form
from ..tables.legality import (CHUNKS, ELEMENTWISE_FLOAT, FLOAT_ARITHMETIC, MMA, SPLAT, TRUNCF_ROUNDING,
                               bf16_conversion_problem, narrowing_problem, RegisterTransfer, carried_tile_problem,
                               dot_accumulator_problem, dot_operands_problem, elementwise_problem, mma_tile_problem,
                               truncation_problem, whole_accesses, widened, widening_problem,
                               register_tile_problem, register_transfer_problem, restage_problem, rounding_problem,
                               MOVES_BY_INSTRUCTION,
                               scalar_float_problem, tile_arithmetic_problem, truncated)
from ..tables.atoms import TMA, TMA_GATHER4, TMA_SCATTER4
from ..tables.tiers import parse_target, satisfies_any
from ..text.location import derived
from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from ..verify.tma import operand_groups
from ..dialects.registry import is_function
from .base import OP_NAMES, Pass, PassContext, option, register
from ..lowering_facts.descriptor_capture import DEVICE, HOST, capture
from ..lowering_facts.tileas import (feeds_dot, transfer_instruction, loaded_tile_bytes, register_transfer, shared_layout, splat_value,
                                      view_offset, view_strides)

MISSING_KERNEL_SPEC = "tileas.lower-tma.missing-kernel-spec"
ZERO_PADDING_ONLY = "tileas.lower-tma.zero-padding-only"
GATHER_ZERO_PADDING_ONLY = "tileas.lower-tma.gather-zero-padding-only"
NO_TX_COUNT = "tileas.lower-tma.no-tx-count"
NO_MBARRIER_ADDRESS = "tileas.lower-tma.no-mbarrier-smem-address"
NO_MBARRIER_OBJECT = "tileas.lower-tma.no-mbarrier-object"
MBARRIER_INIT_FAILED = "tileas.lower-tma.mbarrier-init-failed"
UNPARTITIONABLE = "tileas.tma-partition.unpartitionable"
# Not the page's: a reduction the pass was asked for but TMA cannot do.
NOT_A_TMA_REDUCTION = "lower.tma-reduction"
# Not the page's either: a TMA atom written on an op the target cannot run as TMA.
NO_TMA_ON_TARGET = "lower.tma-target"
# A load left to the register path whose tile that path cannot move.
REGISTER_PATH = "lower.register-tile"
# A float op a TileAS kernel's PTX has no form for as written (`math.exp` of f64, `arith.truncf`
# rounding to nearest away).
FLOAT_OP = "lower.float-op"
# Narrow an f32 tile in registers / widen a tile (a tile in shared memory read into them in the
# chunks first).
TRUNCF = "arith.truncf"
EXTF = "arith.extf"
CMPF = "arith.cmpf"

# The environment switches the page names; each sets its pass option.
PREFER_TMA_VARIABLE = "TILEIR_PREFER_TMA_FOR_LOAD_STORE"
DELAY_STORE_WAIT_VARIABLE = "TILEIR_DELAY_TMA_STORE_WAIT"

# Op -> the async op it becomes: (a tiled transfer, a row transfer: an op with offsets; None
# when it has none). The op is eligible when its copy atom is the one atom the tiled async op
# takes (`ATOM_ALLOW_LISTS`).
ASYNC_OF: dict[str, tuple[str, str | None]] = {
    TILED_LOAD: (TILED_TMA_LOAD, GATHER_TMA_LOAD),
    TILED_STORE: (TILED_TMA_STORE, SCATTER_TMA_STORE),
    TILED_ATOMIC_RMW: (TMA_REDUCTION, None),
}
LOADS = frozenset({TILED_TMA_LOAD, GATHER_TMA_LOAD})
# Async op -> the mode of the descriptor it uses (phase 4: tiled / gather4 for loads, store /
# reduce / scatter4 for stores).
DESCRIPTOR_MODE: dict[str, Attribute] = {
    TILED_TMA_LOAD: Attribute("#cute_nvgpu.tma_load_mode<tiled>"),
    GATHER_TMA_LOAD: Attribute("#cute_nvgpu.tma_load_mode<gather4>"),
    TILED_TMA_STORE: Attribute("#cute_nvgpu.tma_store_mode<store>"),
    SCATTER_TMA_STORE: Attribute("#cute_nvgpu.tma_store_mode<scatter4>"),
    TMA_REDUCTION: Attribute("#cute_nvgpu.tma_store_mode<reduce>"),
}
DESCRIPTOR_TYPE = Type("!cute_nvgpu.tma_descriptor_tiled")
# A descriptor's element type when it differs from the tensor's (the page's phase 4).
INTERNAL_TYPE = "tma_internal_type"
MBARRIER_TYPE = Type("memref<1xi64, 3>")
INDEX = Type("index")
ZERO_PADDING = "#nv_tileas.padding<zero>"


def _set(variable: str) -> bool:
    return os.environ.get(variable, "").strip().lower() not in ("", "0", "false", "off", "no")


def prefer_tma_set() -> bool:
    """Whether the page's TILEIR_PREFER_TMA_FOR_LOAD_STORE is set (it sets the `prefer_tma`
    option of this pass and of assign-load-store-layouts)."""
    return _set(PREFER_TMA_VARIABLE)


@dataclass(frozen=True)
class _Parts:
    """What the rewrite of one memop reads from it."""

    view: Value
    coords: list[Value]
    offsets: list[Value]         # rows, for a gather / scatter
    token: list[Value]
    value: Value | None          # a store's tile


@dataclass(frozen=True)
class _Binding:
    """Phase 4's outcome for one memop: the bytes its tile moves, the attributes the async op
    carries for its descriptor (boxes, swizzle), and how to bind the descriptor (called once
    the transfer is sure to be made)."""

    tx_count: int
    attributes: dict
    bind: Callable[[object], tuple[Value, Attribute]]


# Descriptor modes that move rows, not a tile (a gather / scatter's).
ROW_MODES = frozenset({"gather4", "scatter4"})


def tma_backed_view(view: Value) -> Operation | None:
    """The `make_tiled_tma_desc` a memop's view is, when the view is backed by a TMA descriptor
    the function builds (docs/spec-deviations.md, A25); None for a memref view."""
    owner = view.owner if isinstance(view, OpResult) else None
    return owner if owner is not None and owner.name == DESCRIPTOR_BUILDER and owner.results else None


def _builder_mode(builder: Operation) -> str | None:
    mode = attribute(builder, "mode")
    found = parse_enum(mode.text) if mode is not None else None
    return found.case if found is not None else None


def _parts(op: Operation) -> _Parts | None:
    groups = operand_groups(op)
    view = (groups.get("view") or [None])[0]
    if view is None:
        return None
    value = (groups.get("value") or [None])[0]
    return _Parts(view, list(groups.get("coords", [])), list(groups.get("offsets", [])),
                  list(groups.get("token", [])), value)


def unpartitionable(tile: list[int], bits: int) -> str | None:
    """Why no TMA box can move the tile, or None (`tensormap.tile_boxes`: at most 5 dimensions,
    an innermost extent of whole 16-byte granules; a tile wider than a box is split)."""
    plan = tensormap.tile_boxes(tile, bits)
    return plan if isinstance(plan, str) else None


def box_plan(tile: list[int], bits: int, rows: bool) -> tensormap.BoxPlan | str:
    """The boxes a transfer moves its tile in (`tensormap.tile_boxes`), or why none can. A
    gather / scatter moves each row in one box of the row's columns, without swizzle."""
    if not rows:
        return tensormap.tile_boxes(tile, bits)
    found = tensormap.tile_boxes([1, tile[-1]], bits)
    if isinstance(found, str):
        return found
    if found.boxes != 1:
        return (f"a TMA gather / scatter moves each row in one box; a row of {tile[-1]} x {bits} bits is wider "
                f"than a box of {tensormap.MAX_BOX_DIM} elements")
    return tensormap.BoxPlan((1, tile[-1]), (1, 1), "none", bits)


def view_parameters(view_text: str, element: str, plan: tensormap.BoxPlan) -> dict | None:
    """The encode parameters of a descriptor of a memref view that moves `plan`'s boxes (its
    extents innermost first, its byte strides; a dynamic one is given at launch)."""
    view = shaped(view_text)
    data_type = tensormap.data_type_of(element)
    bits = element_bits(element)
    if view is None or view.kind != "memref" or data_type is None or bits is None:
        return None
    strides = view_strides(view_text)
    dims = list(reversed(view.dims))
    byte_strides = [None if s is None else s * bits // 8 for s in reversed(strides[:-1])] if strides else \
        [None] * (len(dims) - 1)
    return tensormap.tiled_parameters(dims, byte_strides, data_type, plan)


def view_layout_problem(view_text: str, bits: int) -> str | None:
    """Why no tensor map describes a memref view as it is laid out (its innermost stride, its
    static offset: `tensormap.view_layout_problem`), or None."""
    strides = view_strides(view_text)
    if not strides:
        return None
    return tensormap.view_layout_problem(strides[-1], view_offset(view_text), bits)


def rows_problem(tile: list[int], view_rank: int, offsets: int) -> str | None:
    """Why TMA cannot gather / scatter these rows, or None: gather4 / scatter4 move four rows
    of a 2-d tensor, one offset per row."""
    if view_rank != 2 or len(tile) != 2:
        return f"a TMA gather / scatter moves rows of a 2-d tensor; this view has rank {view_rank}"
    if tile[0] != GATHER_ROWS or offsets != GATHER_ROWS:
        return (f"a TMA gather / scatter moves {GATHER_ROWS} rows, one offset each; this op has "
                f"{offsets} offset{'s' if offsets != 1 else ''} and a tile of {tile[0]} rows")
    return None


def target_problem(target: str | None, load: bool, rows: bool) -> str | None:
    """Why `target` cannot run this TMA transfer, or None: TMA is sm_90's, gather4 / scatter4
    (rows) later targets'."""
    if target is None:
        return None
    if not satisfies_any(target, TMA):
        return f"{target} has no TMA (sm_90 or later)"
    if rows:
        requires, kind = (TMA_GATHER4, "gather4") if load else (TMA_SCATTER4, "scatter4")
        if not satisfies_any(target, requires):
            return f"{target} has no TMA {kind} ({', '.join(requires)}), which this op's offsets need"
    return None


def shared_memory_problem(target: str | None, used: int) -> str | None:
    """Why `used` bytes of shared memory do not fit one CTA on `target`, or None."""
    known = parse_target(target) if target else None
    if known is None or used <= known.shared_memory_per_cta:
        return None
    return (f"the kernel's TMA tiles and mbarriers need {used} bytes of shared memory; a CTA "
            f"on {known.name} may have {known.shared_memory_per_cta} (dynamic past 48 KB)")


def _box_layout(view_text: str, plan: tensormap.BoxPlan) -> str | None:
    """The box of `plan` over a view's strides (`?` where dynamic) as a CuTe layout, innermost
    dimension first, composed with the descriptor's swizzle when it has one (the box as it lands in
    shared memory; docs/spec-deviations.md, A22)."""
    view = shaped(view_text)
    strides = view_strides(view_text)
    if view is None or strides is None or len(view.dims) != len(plan.box):
        return None
    shape = ",".join(str(d) for d in reversed(plan.box))
    stride = ",".join("?" if s is None else str(s) for s in reversed(strides))     # `?`: known at launch
    layout = f"({shape}):({stride})" if len(plan.box) > 1 else f"{shape}:{stride}"
    if plan.swizzle == "none":
        return f'!cute.layout<"{layout}">'
    bits, base, shift = tensormap.CUTE_SWIZZLE[plan.swizzle]
    return f'!cute.composed_layout<"S<{bits},{base},{shift}> o 0 o {layout}">'


@register
@dataclass(frozen=True)
class LowerTmaLoadStoreToAsync(Pass):
    name = "LowerTMALoadStoreToAsync"
    argument = "lower-tma-load-store-to-async"
    description = "lowering TiledLoad or TiledStore which with tma atom to async tiled load or tiled store"
    local = True      # descriptors, tmaIdx and mbarriers are per function

    prefer_tma: bool = option(False, "rewrite eligible loads and stores without allow_tma = true "
                                     f"(also set by {PREFER_TMA_VARIABLE})")
    stages: int = option(2, "how many buffers, each with a full and an empty mbarrier, a TMA load in a loop "
                            "cycles through (a ring: the producer refills a stage once every thread released it)")
    delay_store_wait: bool = option(False, "let a store's wait sink past the next barrier "
                                           f"(also set by {DELAY_STORE_WAIT_VARIABLE})")

    def __post_init__(self) -> None:
        # The page's environment switches turn the options on when the pipeline is built, so
        # the pass's value (and every cache keyed by it) says what it will do.
        for name, variable in (("prefer_tma", PREFER_TMA_VARIABLE), ("delay_store_wait", DELAY_STORE_WAIT_VARIABLE)):
            if _set(variable):
                object.__setattr__(self, name, True)

    def may_report(self, facts: dict) -> bool:
        # A TileAS kernel without memops still has its float ops judged (`_float_problems`).
        names = facts.get(OP_NAMES)
        return names is None or bool(names & (set(ASYNC_OF) | LOADS | {KERNEL_SPEC}))

    def may_rewrite(self, facts: dict) -> bool:
        names = facts.get(OP_NAMES)   # it rewrites only memops
        return names is None or bool(names & (set(ASYNC_OF) | LOADS))

    def run(self, op: Operation, context: PassContext) -> None:
        prefer, delay = self.prefer_tma, self.delay_store_wait
        for function in [o for o in op.walk() if is_function(o.name)]:
            inner = [o for o in function.walk() if o is not function]
            eligible = [o for o in inner if self._eligible(o, prefer)]
            held = [o for o in inner if o.name in LOADS]
            if not is_kernel(function):
                if eligible:
                    context.report(function, MISSING_KERNEL_SPEC, catalogue_message(MISSING_KERNEL_SPEC).render())
                continue
            # Read before the rewrite, which replaces the eligible loads' results.
            left = [o for o in inner if o not in eligible]
            found = parse_target(context.target) if context.target else None
            problems = _register_problems(left, eligible, thread_count(function), found.tier if found else None)
            placement_problems = _placement_problems(inner, _shared_tiles(eligible, left), thread_count(function))
            if eligible or held:
                lowering = _Function(self.argument, context, delay, function, held, max(self.stages, 1))
                lowering.check_mbarriers(held)
                lowering.lower(eligible)
                problems += _restage_problems(function, thread_count(function))
            for problem in problems:
                _report_register_problem(*problem, context)
            for arithmetic, message in placement_problems:
                context.report(arithmetic, REGISTER_PATH, message)
            for arithmetic, message in _float_problems(inner, found.tier if found else None):
                context.report(arithmetic, FLOAT_OP, message)

    @staticmethod
    def _eligible(op: Operation, prefer: bool) -> bool:
        if op.name not in ASYNC_OF:
            return False
        allowed = (attribute(op, "allow_tma") or Attribute("false")).text.strip() == "true"
        [tma_atom] = ATOM_ALLOW_LISTS[ASYNC_OF[op.name][0]][0]
        return (allowed or prefer) and enum_case(op, COPY_ATOM, DIALECT, COPY_ATOM) == tma_atom


def _register_problems(left: list[Operation], eligible: list[Operation], threads: int | None, tier: int | None
                       ) -> list[tuple[Operation, str]]:
    """(op, why) of each load, store and atomic this pass leaves whose tile the register path
    cannot move (`tables/legality.register_transfer_problem`, the emitter's rule; for an atomic
    also `tables/atomics.atomic_form` on the target's SM `tier`), read before the rewrite: a
    store's tile is read back from shared memory when a TMA load (one this pass rewrites, or one
    already async) or a `cp.async` load produced it."""
    shared = _shared_tiles(eligible, left)
    found = []
    for op in left:
        if op.name in (TILED_LOAD, TILED_STORE):
            value = (operand_groups(op).get("value") or [None])[0]
            why = register_transfer_problem(register_transfer(op, threads, value in shared))
        elif op.name == TILED_ATOMIC_RMW:
            value = (operand_groups(op).get("value") or [None])[0]
            transfer = register_transfer(op, threads, value in shared)
            why = register_transfer_problem(transfer) or _atomic_problem(op, transfer, tier)
        elif op.name in LOOP_CARRIERS:
            why = next(filter(None, (_read_back_problem(v, threads) for v in LOOP_CARRIERS[op.name](op)
                                     if v in shared)), None)
        elif op.name in ELEMENTWISE_FLOAT and op.operands and all(v in shared for v in op.operands):
            # Of tiles all in shared memory, the first is read into registers in the chunks.
            why = _read_back_problem(op.operands[0], threads)
        elif op.name in (TRUNCF, EXTF) and len(op.operands) == 1 and op.operands[0] in shared:
            why = _read_back_problem(op.operands[0], threads)      # read into registers in the chunks
        elif op.name == "arith.constant" and op.results and str(op.results[0].type).startswith("tensor<") \
                and splat_value(op) is not None and not feeds_dot(op.results[0]):
            why = _read_back_problem(op.results[0], threads)      # made in registers in the chunks
        else:
            continue
        if why is not None:
            found.append((op, why))
    return found


def _atomic_problem(op: Operation, transfer: RegisterTransfer, tier: int | None) -> str | None:
    """Why no `red` / `atom` combines this atomic's elements (the emitter's rule), or None."""
    element = shaped(transfer.tile).element
    form = atomic_form(enum_case(op, RMW_MODE, DIALECT, RMW_MODE), element, transfer.bits, whole_accesses(transfer), tier)
    return form if isinstance(form, str) else None


def _shared_tiles(eligible: list[Operation], left: list[Operation]) -> set[Value]:
    """The tiles loads leave in shared memory: TMA loads' (those this pass rewrites, those
    already async) and `cp.async` loads'."""
    return {o.results[0] for o in eligible + left
            if o.results and (o in eligible or o.name in LOADS
                              or (o.name == TILED_LOAD and enum_case(o, COPY_ATOM, DIALECT, COPY_ATOM) == "ldgsts"))}


def _placement_problems(ops: list[Operation], shared: set[Value], threads: int | None) -> list[tuple[Operation, str]]:
    """(op, message) of each float arithmetic op of `ops` (a function's, in pre-order) of
    register tiles the emitter would find placed otherwise
    (`tables/legality.elementwise_problem`, its rule), of each `arith.extf` of a tile it does not
    widen (`widening_problem`), of each `nv_tileas.dot` whose
    accumulator is not in the mma.sync placement (`dot_accumulator_problem`), and of each
    loop yield that hands its loop a tile placed otherwise (`carried_tile_problem`). Each tile's placement is the one
    the emitter (emit/tileas_kernel.py) gives it: a load's through registers is in the chunks,
    a product in the mma.sync placement, a splat constant in that of the product it
    accumulates into or else the chunks, a narrowed (widened) tile in its source's narrowed
    (widened), a loop's
    carried tile in its initial value's (a tile in shared memory read into the chunks), the
    arithmetic's in its first register operand's that is not a splat."""
    placed: dict[Value, str] = {}
    splats: set[Value] = set()
    found = []
    for op in ops:
        if op.name == "scf.yield" and op.parent_op is not None and op.parent_op.name == "scf.for" \
                and op.parent_op.regions and op.parent_op.regions[0].blocks:
            carried = op.parent_op.regions[0].blocks[0].arguments[1:]
            for value, argument in zip(op.operands, carried):
                if argument not in placed or not (value in placed or value in shared):
                    continue    # a scalar, or a tile the emitter refuses otherwise
                why = carried_tile_problem(placed[argument], SPLAT if value in splats else placed.get(value))
                if why is not None:
                    found.append((op, f"this `scf.yield` {why}"))
                    break
            continue
        if op.name == "scf.yield" and op.parent_op is not None and op.parent_op.name == "scf.if":
            # An `scf.if`'s tile results lie as the then region yields them; the else region's
            # yield hands them its tiles as a loop's yield does (emit/tileas_kernel.py: branch_results).
            for value, result in zip(op.operands, op.parent_op.results):
                if not (value in placed or value in shared):
                    continue    # a scalar, or a tile the emitter refuses otherwise
                if result not in placed:
                    placed[result] = placed.get(value, CHUNKS)
                    continue
                why = carried_tile_problem(placed[result], SPLAT if value in splats else placed.get(value))
                if why is not None:
                    found.append((op, f"this `scf.yield` {why}"))
                    break
            continue
        if op.name == "scf.for" and op.regions and op.regions[0].blocks:
            # (Its custom form types its results by its initial values: the lifted IR may not.)
            arguments = op.regions[0].blocks[0].arguments[1:]
            for init, argument, carried in zip(op.operands[3:], arguments, op.results):
                if init in splats and placed[init] != MMA and feeds_dot(argument):
                    placed[argument] = placed[carried] = MMA
                elif init in placed or init in shared:
                    placed[argument] = placed[carried] = placed.get(init, CHUNKS)
            continue
        result = op.results[0] if op.results else None
        tile = shaped(str(result.type)) if result is not None else None
        if tile is None:
            continue
        if op.name == TILED_LOAD and result not in shared:
            placed[result] = CHUNKS
        elif op.name == "arith.constant" and splat_value(op) is not None:
            placed[result] = MMA if feeds_dot(result) else CHUNKS
            splats.add(result)
        elif op.name == DOT:
            placed[result] = MMA
            why = _dot_problem(op, tile, threads)
            accumulator = op.operands[2] if len(op.operands) == 3 else None
            if why is None and (accumulator in placed or accumulator in shared):
                why = dot_accumulator_problem(SPLAT if accumulator in splats else placed.get(accumulator))
            if why is not None:
                found.append((op, f"this `{op.name}` {why}"))
        elif op.name == EXTF and op.operands and (op.operands[0] in placed or op.operands[0] in shared):
            source = shaped(str(op.operands[0].type))
            why = widening_problem(source.element, tile.element) if source is not None else None
            if why is not None:
                found.append((op, f"this `{op.name}` {why}"))
                continue
            placed[result] = widened(placed.get(op.operands[0], CHUNKS))   # a shared tile is read into the chunks
        elif op.name == TRUNCF and op.operands and (op.operands[0] in placed or op.operands[0] in shared):
            source = shaped(str(op.operands[0].type))
            why = narrowing_problem(source.element, tile.element) if source is not None else None
            if why is not None:
                found.append((op, f"this `{op.name}` {why}"))
                continue
            narrowed = placed.get(op.operands[0], CHUNKS)        # a shared tile is read into the chunks
            placed[result] = truncated(narrowed)
            dims = tuple(tile.dims) if tile.rank == 2 else (1, tile.dims[0])
            why = truncation_problem(narrowed, dims, threads) if None not in tile.dims and tile.rank <= 2 else None
            if why is not None:
                found.append((op, f"this `{op.name}` {why}"))
        elif op.name in ELEMENTWISE_FLOAT and op.operands:
            if not all(v in placed or v in shared for v in op.operands):
                continue    # a tile the emitter refuses otherwise
            placements = [SPLAT if v in splats else placed.get(v) for v in op.operands]
            why = elementwise_problem(tile.element, placements)
            if why is not None:
                found.append((op, f"this `{op.name}` {why}"))
                continue
            first = next((v for v, p in zip(op.operands, placements) if p not in (None, SPLAT)), None) \
                or next((v for v in op.operands if v in placed), None)
            placed[result] = placed[first] if first is not None else CHUNKS
    return found


def _float_problems(ops: list[Operation], tier: int | None) -> list[tuple[Operation, str]]:
    """(op, message) of each float op of `ops` (a kernel's) whose PTX the emitter has no form for
    as written on SM `tier`, the emitter's rules: an `arith.truncf`, of a scalar or a tile, in a
    rounding `cvt` lacks (`tables/legality.rounding_problem`); an op of float scalars of a type it
    does not compute it of (`scalar_float_problem`: `math.exp` / `exp2` of f64); a `cvt` of
    bf16 the target lacks (`bf16_conversion_problem`: with f32 before sm_80, with f16 or f64
    before sm_90): an `extf` / `truncf` from or to bf16, a float op or `arith.cmpf` of bf16
    computed in f32 (of tiles, the ops not one instruction a register pair: `FLOAT_ARITHMETIC`,
    whose `.bf16x2` add / sub / mul need sm_90: `tile_arithmetic_problem`). Of tiles, the
    element type is `elementwise_problem`'s (`_placement_problems`)."""
    found = []
    for op in ops:
        types = [_element(v) for v in (*op.operands[:1], *op.results[:1])]
        tile = any(str(v.type).startswith("tensor<") for v in (*op.operands[:1], *op.results[:1]))
        if op.name == TRUNCF and len(types) == 2:
            mode = enum_keyword(op, ROUNDING_MODES, "roundingmode") or "to_nearest_even"
            why = rounding_problem(mode) or bf16_conversion_problem(*types, tier, TRUNCF_ROUNDING[mode], tile)
        elif op.name == EXTF and len(types) == 2:
            why = bf16_conversion_problem(*types, tier, tile=tile)
        elif op.name in ELEMENTWISE_FLOAT and op.results and _FLOAT_SCALAR.fullmatch(types[-1]):
            why = scalar_float_problem(op.name, types[-1]) if not tile else None
            if why is None and tile and op.name in FLOAT_ARITHMETIC:
                why = tile_arithmetic_problem(op.name, types[-1], tier)
            elif why is None:
                why = bf16_conversion_problem(types[-1], None, tier)
        elif op.name == CMPF and op.operands and (enum_keyword(op, CMPF_PREDICATES) or "") not in CONSTANT_COMPARISONS:
            why = bf16_conversion_problem(types[0], None, tier)
        else:
            continue
        if why is not None:
            found.append((op, f"this `{op.name}` {why}"))
    return found


def _element(value: Value) -> str:
    """A value's float type, or its tile's element type."""
    found = shaped(str(value.type))
    return found.element if found is not None else str(value.type)


# A float scalar type as MLIR spells it (`f32`, `bf16`, `f8E4M3FN`, ...).
_FLOAT_SCALAR = re.compile(r"bf16|tf32|f\d+(?:E\w+)?")


def _dot_problem(op: Operation, product: Shaped, threads: int | None) -> str | None:
    """Why the register path cannot multiply `op` (an `nv_tileas.dot` of static 2-d tiles, its
    product `product`) with mma.sync (None: it can, or the tiles are not such: the emitter
    refuses them otherwise): `tables/legality.dot_operands_problem` and `mma_tile_problem`."""
    if len(op.operands) != 3:
        return None
    a, b = (shaped(str(v.type)) for v in op.operands[:2])
    if None in (a, b) or any(t.rank != 2 or None in t.dims for t in (a, b, product)):
        return None
    dims = (product.dims[0], product.dims[1])
    why = dot_operands_problem((a.dims[0], a.dims[1]), (b.dims[0], b.dims[1]), dims, a.element, b.element)
    if why is not None:
        return f"is not one mma.sync computes: {why}"
    why = mma_tile_problem(dims, threads)
    return f"accumulates into a tile the mma.sync placement cannot hold: {why}" if why is not None else None


# A loop carries its values in registers: a tile in shared memory that is an `scf.for`'s
# initial value, or that an `scf.yield` yields, is read into them in the chunk placement
# (emit/tileas_kernel.py: carry, yielded).
LOOP_CARRIERS: dict[str, Callable[[Operation], list[Value]]] = {
    "scf.for": lambda op: list(op.operands[3:]),
    "scf.yield": lambda op: list(op.operands) if op.parent_op is not None and op.parent_op.name == "scf.for" else [],
}


def _read_back_problem(value: Value, threads: int | None) -> str | None:
    found = shaped(str(value.type))
    bits = element_bits(found.element) if found is not None else None
    if found is None or bits is None or None in found.dims or not 1 <= found.rank <= 2:
        return None     # a tile the TMA lowering itself refuses
    dims = (1, found.dims[0]) if found.rank == 1 else (found.dims[0], found.dims[1])
    return register_tile_problem(dims, bits, threads)


def _restage_problems(function: Operation, threads: int | None) -> list[tuple[Operation, str]]:
    """(store, why) of each TMA store (after the rewrite) of a tile a TMA load left in shared
    memory laid out otherwise than the store's boxes, which the register path cannot restage
    (`tables/legality.restage_problem`, the emitter's rule)."""
    found = []
    for op in function.walk():
        if op.name not in (TILED_TMA_STORE, TMA_REDUCTION):
            continue
        value = (operand_groups(op).get("value") or [None])[0]
        if not isinstance(value, OpResult) or value.owner.name != TILED_TMA_LOAD or value.index != 0:
            continue    # a register tile (computed, or a loop's) is staged as the store's boxes
        tile = shaped(str(value.type))
        bits = element_bits(tile.element) if tile is not None else None
        if bits is None or None in tile.dims or not 1 <= tile.rank <= 2:
            continue    # a tile the TMA lowering itself refuses
        dims = (1, tile.dims[0]) if tile.rank == 1 else (tile.dims[0], tile.dims[1])
        why = restage_problem(dims, bits, threads, shared_layout(value.owner, dims), shared_layout(op, dims))
        if why is not None:
            found.append((op, why))
    return found


def _report_register_problem(op: Operation, why: str, context: PassContext) -> None:
    if op.name in (TILED_TMA_STORE, TMA_REDUCTION):
        context.report(op, REGISTER_PATH, f"this store {why}")
        return
    if op.name in LOOP_CARRIERS:
        context.report(op, REGISTER_PATH, f"this {'loop' if op.name == 'scf.for' else 'yield'} carries a tile a TMA "
                                          f"or `cp.async` load left in shared memory in registers, which it cannot: {why}")
        return
    if op.name in ELEMENTWISE_FLOAT:
        tiles = {1: "a tile a TMA or `cp.async` load", 2: "two tiles TMA or `cp.async` loads",
                 3: "three tiles TMA or `cp.async` loads"}[len(op.operands)]
        context.report(op, REGISTER_PATH, f"this `{op.name}` reads {tiles} left in shared "
                                          f"memory into registers, which it cannot: {why}")
        return
    if op.name == "arith.constant":
        context.report(op, REGISTER_PATH, f"this splat constant is a tile in registers in the chunk placement, which "
                                          f"it cannot be: {why}")
        return
    if op.name in (TRUNCF, EXTF):
        context.report(op, REGISTER_PATH, f"this `{op.name}` reads a tile a TMA or `cp.async` load left in shared "
                                          f"memory into registers, which it cannot: {why}")
        return
    atom = enum_case(op, COPY_ATOM, DIALECT, COPY_ATOM)
    what = {TILED_LOAD: "load", TILED_ATOMIC_RMW: "atomic"}.get(op.name, "store")
    if op.name in ASYNC_OF and atom == ATOM_ALLOW_LISTS[ASYNC_OF[op.name][0]][0][0]:
        # Its TMA atom, which this pass left: the op does not allow TMA (eligible ops are rewritten).
        context.report(op, REGISTER_PATH, f"this {what} does not allow TMA (no `allow_tma = true`), so its `{atom}` copy "
                                          f"atom goes unused and it moves its tile through registers, which it "
                                          f"cannot: {why}")
        return
    moves = MOVES_BY_INSTRUCTION[transfer_instruction(op)]
    context.report(op, REGISTER_PATH, f"this {what} {moves}"
                                      f"{f' (the `{atom}` copy atom)' if atom else ''}, which it cannot: {why}")


class _Function:
    """The rewrite of one function's eligible memops, in pre-order."""

    def __init__(self, pass_argument: str, context: PassContext, delay_store_wait: bool,
                 function: Operation, held: list[Operation], stages: int = 1) -> None:
        self.pass_argument = pass_argument
        self.context = context
        self.delay_store_wait = delay_store_wait
        self.stages = stages
        self.function = function
        self.next_index = {HOST: 0, DEVICE: 0}
        self.last_bound: dict[int, Operation] = {}     # view (or block) -> the last descriptor bound there
        self.descriptors: dict[tuple, tuple[Value, Attribute]] = {}   # (view, box, mode) -> (descriptor, tmaIdx)
        self.shared_bytes = _shared_allocations(function, held)

    def lower(self, ops: list[Operation]) -> None:
        for op in ops:
            self.rewrite(op)

    def check_mbarriers(self, loads: list[Operation]) -> None:
        """Phase 6 for the async loads the kernel already holds: each names an mbarrier the
        kernel owns and can initialise."""
        for load in loads:
            mbarrier = (operand_groups(load).get("mbarrier") or [None])[0]
            found = _mbarrier_problem(mbarrier, self.function) if mbarrier is not None else None
            if found is not None:
                code, why = found
                self.fail(load, code, (why,))

    def fail(self, op: Operation, code: str, notes: tuple[str, ...] = (), message: str | None = None) -> None:
        self.context.report(op, code, message or catalogue_message(code).render(), notes=notes)

    def rewrite(self, op: Operation) -> None:
        parts = _parts(op)
        tile = integers(op, "tileSize")
        if parts is None or tile is None:
            return
        tiled_name, rows_name = ASYNC_OF[op.name]
        rows = bool(parts.offsets)
        async_name = rows_name if rows else tiled_name
        load = async_name in LOADS
        if async_name is None:
            self.fail(op, UNPARTITIONABLE, ("a TMA reduction moves a tile; it does not scatter rows (offsets)",))
            return
        if load and (attribute(op, "paddingValue") or Attribute(ZERO_PADDING)).text.strip() != ZERO_PADDING:
            self.fail(op, GATHER_ZERO_PADDING_ONLY if rows else ZERO_PADDING_ONLY)
            return
        # After the page's own rules.
        if (why := target_problem(self.context.target, load, rows)) is not None:
            self.fail(op, NO_TMA_ON_TARGET, message=f"this op's `{enum_case(op, COPY_ATOM, DIALECT, COPY_ATOM)}` "
                                                    f"copy atom cannot run: {why}")
            return
        reduce_op = None
        if async_name == TMA_REDUCTION:
            reduce_op = self.reduction(op)
            if reduce_op is None:
                return
        tile_value = op.results[0] if load and op.results else parts.value
        backed = tma_backed_view(parts.view)
        bound = (self.backed_binding(op, parts, backed, tile, tile_value, load, rows) if backed is not None
                 else self.view_binding(op, parts, tile, tile_value, async_name, rows))
        if bound is None:
            return
        tx_count = bound.tx_count
        if load:
            # In a loop, a ring of `stages` tiles, each with a full and an empty mbarrier.
            ring = self.stages if in_loop(op, self.function) else 1
            barriers = MBARRIER_BYTES * ring * (2 if ring > 1 or in_loop(op, self.function) else 1)
            needed = _aligned(_aligned(self.shared_bytes, TILE_ALIGNMENT) + tx_count * ring, MBARRIER_BYTES) + barriers
            problem = shared_memory_problem(self.context.target, needed)
            if problem is not None:
                self.fail(op, NO_MBARRIER_ADDRESS, (problem,))
                return
            self.shared_bytes = needed
        at = derived(self.pass_argument, op.location)
        made: list[Operation] = []
        descriptor, index = bound.bind(at)
        coords = self.row_coordinates(parts, made, at) if rows else parts.coords
        attributes = {COPY_ATOM: attribute(op, COPY_ATOM), "tmaIdx": index, **bound.attributes}
        if load:
            alloca = Operation("memref.alloca", result_types=[MBARRIER_TYPE], location=at)
            alloca.results[0].name_hint = "mbar"
            made.append(alloca)
            mbar = alloca.results[0]
            operands = [descriptor, mbar, *coords, *parts.token]
            attributes["tx_count"] = Attribute(f"{tx_count} : i64")
            if ring > 1:
                attributes[STAGES] = Attribute(f"{ring} : i32")
            results = op.results
        else:
            operands = [parts.value, descriptor, *coords, *parts.token]
            if reduce_op is not None:
                attributes[RMW_MODE] = attribute(op, RMW_MODE)
            # A reduction gives no pre-image: only the token carries over.
            results = op.results[1:] if reduce_op is not None else op.results
        segments = f"array<i32: 1, 1, {len(coords)}, {len(parts.token)}>"
        transfer = Operation(async_name, operands=operands, result_types=[r.type for r in results],
                             attributes=attributes,
                             properties={"operandSegmentSizes": Attribute(segments)}, location=at)
        for new, old in zip(transfer.results, results):
            new.name_hint = old.name_hint
        made.append(transfer)
        wait_attributes = {"delay": UNIT} if not load and self.delay_store_wait else {}
        made.append(Operation(ASYNC_WAIT, operands=[mbar] if load else [], attributes=wait_attributes, location=at))
        block = op.parent
        before = block.index_of(op)
        for offset, new in enumerate(made):
            block.insert(before + offset, new)
        for old, new in zip(results, transfer.results):
            old.replace_all_uses_with(new)
        op.erase()

    def view_binding(self, op: Operation, parts: _Parts, tile: list[int], tile_value: Value | None,
                     async_name: str, rows: bool) -> "_Binding | None":
        """Phase 4 for a memref view: a descriptor of the view whose box moves the tile (bound
        when the transfer is made), with the boxes and swizzle the async op names; None when
        no tensor map can (reported)."""
        load = async_name in LOADS
        element = shaped(tile_value.type.text) if tile_value is not None else None
        view = shaped(parts.view.type.text)
        if element is None and not load and view is not None:
            element = view          # a stored tile whose type the text leaves out (a loop's result): the view's elements
        bits = element_bits(element.element) if element is not None else None
        if rows and view is not None and (why := rows_problem(tile, view.rank, len(parts.offsets))):
            self.fail(op, UNPARTITIONABLE, (why,))
            return None
        if bits is None or view is None or view.kind != "memref":
            if load:
                self.fail(op, NO_TX_COUNT)
            return None
        plan = box_plan(tile, bits, rows)
        if isinstance(plan, str):
            self.fail(op, UNPARTITIONABLE, (plan,))
            return None
        box = _box_layout(parts.view.type.text, plan)
        if box is None:
            if load:
                self.fail(op, NO_TX_COUNT)
            return None
        # The tensor map must describe the view as it is laid out, and be one the driver
        # encodes: the same rules `cute-ir descriptor tma-tiled` checks (tables/tensormap.py).
        params = view_parameters(parts.view.type.text, element.element, plan)
        laid_out = view_layout_problem(parts.view.type.text, bits)
        problems = [laid_out] if laid_out is not None else tensormap.check_parameters("tiled", params) \
            if params is not None else [f"TMA has no data type for {element.element}"]
        if problems:
            self.fail(op, UNPARTITIONABLE, tuple(f"its tensor map: {p}" for p in problems))
            return None
        attributes: dict[str, Attribute] = {}
        if plan.boxes > 1:
            # One transfer of several boxes: the box each TMA instruction moves, innermost first.
            attributes[BOX_DIM] = Attribute("array<i64: " + ", ".join(map(str, plan.box_dims)) + ">")
        if plan.swizzle != "none":
            attributes[SWIZZLE] = Attribute(f'"{plan.swizzle}"')
        internal = tensormap.internal_type(element.element)
        return _Binding(prod(tile) * bits // 8, attributes,
                        lambda at: self.descriptor(parts.view, box, bits, DESCRIPTOR_MODE[async_name], at, internal))

    def backed_binding(self, op: Operation, parts: _Parts, builder: Operation, tile: list[int],
                       tile_value: Value | None, load: bool, rows: bool) -> "_Binding | None":
        """Phase 4 for a view backed by a TMA descriptor (the view is a `make_tiled_tma_desc`
        result): that descriptor is looked up, not emitted, whatever its mode (tiled, im2col,
        im2col_at, tiled_at; its box, swizzle and `tma_internal_type` are its own), and keeps
        its tmaIdx or gets the next of its side's."""
        mode = _builder_mode(builder)
        if rows or mode in ROW_MODES:
            self.fail(op, UNPARTITIONABLE, (
                "a view backed by a TMA descriptor moves a tile; rows (offsets, gather4 / scatter4) "
                "are gathered through a descriptor of the memref the pass binds itself",))
            return None
        # The tile's elements are the tensor's (the verifier's element-type check holds them to it).
        element = shaped(tile_value.type.text) if tile_value is not None else None
        bits = element_bits(element.element) if element is not None else None
        bits = bits or integer(builder, "elementBitWidth")   # a stored tile whose type the text leaves out
        if bits is None:
            if load:
                self.fail(op, NO_TX_COUNT)
            return None
        return _Binding(prod(tile) * bits // 8, {}, lambda at: self.backed_descriptor(builder))

    def backed_descriptor(self, builder: Operation) -> tuple[Value, Attribute]:
        """A descriptor the function builds itself, and its tmaIdx: its own, else the next of its
        side's (host or device, as for the descriptors this pass binds), stamped on it."""
        key = ("backed", id(builder))
        found = self.descriptors.get(key)
        if found is not None:
            return found
        index = attribute(builder, "tmaIdx")
        if index is None:
            tensor = (operand_groups(builder).get("tensor") or [])
            side = capture(list(tensor), self.function).side
            index = Attribute(f"{self.next_index[side]} : i32")
            self.next_index[side] += 1
            builder.attributes["tmaIdx"] = index
            write_attributes(builder)
        self.descriptors[key] = (builder.results[0], index)
        return self.descriptors[key]

    def reduction(self, op: Operation) -> str | None:
        """The operation a TMA reduction of this atomic combines with; None (reported) when TMA
        cannot do what it asks."""
        mode = enum_case(op, RMW_MODE, DIALECT, RMW_MODE)
        if op.results and op.results[0].has_uses():
            self.fail(op, NOT_A_TMA_REDUCTION, message="a TMA reduction (`tma_redg`) returns no pre-image, "
                                                       "and this atomic's is used")
            return None
        # Every mode but xchg reduces, and the verifier rejects xchg ("cannot use xchg").
        return TMA_REDUCE_OP.get(mode or "")

    def row_coordinates(self, parts: _Parts, made: list[Operation], at) -> list[Value]:
        """A gather's / scatter's coordinates: each row (the row coordinate plus its offset),
        then the column."""
        row, column = parts.coords
        rows = []
        for offset in parts.offsets:
            add = Operation("arith.addi", operands=[row, offset], result_types=[INDEX], location=at)
            add.results[0].name_hint = "row"
            made.append(add)
            rows.append(add.results[0])
        return rows + [column]

    def descriptor(self, view: Value, box: str, bits: int, mode: Attribute, at,
                   internal: str | None = None) -> tuple[Value, Attribute]:
        """The descriptor of `view` with this box and mode, and its tmaIdx: bound once per
        function, numbered in the order ops first need it. `internal`: the element type the
        descriptor moves when TMA has no data type for the tensor's (`tma_internal_type`)."""
        key = (id(view), box, mode.text)
        found = self.descriptors.get(key)
        if found is not None:
            return found
        side = capture([view], self.function).side
        index = Attribute(f"{self.next_index[side]} : i32")
        self.next_index[side] += 1
        layout = Operation("cute.static", result_types=[Type(box)], location=at)
        layout.results[0].name_hint = "box"
        builder = Operation("nv_tileas.make_tiled_tma_desc", operands=[view, layout.results[0]],
                            result_types=[DESCRIPTOR_TYPE], location=at,
                            properties={"operandSegmentSizes": Attribute("array<i32: 1, 1, 0, 0, 0>")},
                            attributes={"mode": mode, "elementBitWidth": Attribute(f"{bits} : i32"),
                                        "tmaIdx": index,
                                        **({INTERNAL_TYPE: Attribute(internal)} if internal else {})})
        builder.results[0].name_hint = "desc"
        # After the view's definition, and after the descriptors already bound there (for
        # parameters: at the function's entry, in the order they were bound).
        place = id(view.owner) if isinstance(view, BlockArgument) else id(view)
        anchor = self.last_bound.get(place)
        if anchor is not None:
            for offset, new in enumerate([layout, builder]):
                anchor.parent.insert(anchor.parent.index_of(anchor) + 1 + offset, new)
        else:
            _insert_after_definition(view, [layout, builder])
        self.last_bound[place] = builder
        self.descriptors[key] = (builder.results[0], index)
        return self.descriptors[key]


def in_loop(op: Operation, function: Operation) -> bool:
    """Whether `op` is inside an `scf.for` of `function` (its buffer is then reused)."""
    parent = op.parent_op
    while parent is not None and parent is not function:
        if parent.name == "scf.for":
            return True
        parent = parent.parent_op
    return False


def _aligned(offset: int, alignment: int) -> int:
    return -(-offset // alignment) * alignment


def _shared_allocations(function: Operation, held: list[Operation]) -> int:
    """Bytes of the shared memory the function has before this pass adds a TMA load: its own
    static `memref.alloca`s in space 3, then the tile of each async load it already holds
    (aligned, `tx_count` bytes or the tile's size), as the PTX emitter declares them."""
    used = 0
    for op in function.walk():
        if op.name != "memref.alloca" or not op.results:
            continue
        found = shaped(op.results[0].type.text)
        bits = element_bits(found.element) if found is not None else None
        if found is None or found.memory_space != "3" or bits is None or None in found.dims:
            continue
        used += prod(found.dims) * bits // 8
    for load in held:
        size = loaded_tile_bytes(load)
        if size is not None:
            used = _aligned(used, TILE_ALIGNMENT) + size
    return used


def _mbarrier_problem(mbarrier: Value, function: Operation) -> tuple[str, str] | None:
    """Why an async load's mbarrier is not one the kernel owns and can initialise, as (code,
    note), or None."""
    name = f"%{mbarrier.name_hint}" if mbarrier.name_hint else "its mbarrier"
    own = f"a kernel's mbarrier is its own shared memory, a `memref.alloca` of {MBARRIER_TYPE} in it"
    if isinstance(mbarrier, BlockArgument):
        where = "the kernel" if mbarrier.owner is function.regions[0].entry else "a block of the kernel"
        return NO_MBARRIER_OBJECT, f"{name} is an argument of {where}; {own}"
    if not isinstance(mbarrier, OpResult):
        return None      # a name defined nowhere: the SSA check's to report
    if mbarrier.owner.name != "memref.alloca":
        return NO_MBARRIER_OBJECT, f"{name} is the result of `{mbarrier.owner.name}`; {own}"
    if shaped(mbarrier.type.text) != shaped(MBARRIER_TYPE.text):
        return MBARRIER_INIT_FAILED, (f"an mbarrier is one 64-bit word of shared memory, {MBARRIER_TYPE}; "
                                      f"{name} is {mbarrier.type}")
    return None


def _insert_after_definition(value: Value, ops: list[Operation]) -> None:
    """Insert `ops` where `value` becomes available: after its defining op, or first in the
    block whose argument it is."""
    if isinstance(value, BlockArgument):
        block, at = value.owner, 0
    else:
        block = value.owner.parent
        at = block.index_of(value.owner) + 1
    for offset, op in enumerate(ops):
        block.insert(at + offset, op)
