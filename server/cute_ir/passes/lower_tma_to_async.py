"""`lower-tma-load-store-to-async`: token-ordered TMA loads and stores become async TMA transfers.

TileAS's LowerTMALoadStoreToAsync (tileas-tma-and-memops, "LowerTMALoadStoreToAsync"), per
function, in the page's phases:

1. **KernelSpec gate.** The function must carry `nv_tileas.kernel_spec =
   #nv_tileas.kernel_spec<...>`; otherwise the function gets the page's message and nothing in
   it is rewritten. The gate applies to functions that hold an op this pass would rewrite: a
   function without TMA memops has no descriptors to host, and is left alone silently.
2. **Eligibility.** A `nv_tileas.tiled_load` / `tiled_store` with `allow_tma = true` (or any,
   with the `prefer-tma` option, which the page's `TILEIR_PREFER_TMA_FOR_LOAD_STORE` also sets)
   whose `copy_atom` is a TMA kind (`tma_load` for a load, `tma_store` for a store). Others stay.
3. **tmaIdx**, per function from 0, in pre-order: the index of the descriptor the op uses.
   Host and device descriptors (`descriptor_capture.py`: can the host build it before launch?)
   are numbered apart, as the ABI passes them in two lists (`attach-tma-descriptor-args`).
4. **Descriptor bind.** An `nv_tileas.make_tiled_tma_desc` of the op's view whose layout is the
   tile's box in the view (`cute.static`, innermost dimension first, as TMA numbers box
   dimensions), reused (with its tmaIdx) by later ops with the same view, box and direction.
   It is bound where the view is defined (at the function's entry for a parameter), so every
   op that can see the view can share it.
5. **Async op** (`nv_tileas.async.tiled_tma_load` / `tiled_tma_store`) with the same
   coordinates and token, the descriptor, `copy_atom`, `tmaIdx`, and for loads a fresh mbarrier
   and `tx_count`, the tile's bytes. A load must read zero out of bounds: another
   `paddingValue` is "TmaLoad only support zero padding now".
6. **mbarrier.** A load's mbarrier is reserved in shared memory (`memref.alloca` in space 3) and
   waited on (`nv_tileas.async.wait %mbar`) after the transfer; a store waits for its bulk group.
7. **Delayed store waits.** With `delay-store-wait` (or `TILEIR_DELAY_TMA_STORE_WAIT`) a store's
   wait carries `delay`: it may sink past the next barrier.
8. **Unresolved ops.** A load whose byte count cannot be known (a tile type that is not static,
   an element type without a width) is "failed to get expected tx-count" and stays. A tile no TMA
   box can move (more than 5 dimensions, or an innermost extent that is not whole 16-byte
   granules) is the page's "unable to partition input tensors for TMA", with the reason in a
   note, and stays.

The page's gather / scatter and atomic variants are not produced: the memops do not say when a
load is a gather, and `tiled_atomic_rmw` does not take a copy atom here.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from math import prod

from ..diagnostics.catalogue import get as catalogue_message
from ..dialects.nv_tileas.async_tma import (ASYNC_WAIT, ATOM_ALLOW_LISTS, TILED_TMA_LOAD, TILED_TMA_STORE,
                                           is_kernel)
from ..dialects.nv_tileas.memops import COPY_ATOM, DIALECT, TILED_LOAD, TILED_STORE
from ..ir.attributes import attribute, enum_case, integers
from ..ir.core import UNIT, Attribute, BlockArgument, Operation, Type, Value
from ..ir.shaped import element_bits, shaped
from ..tables import tensormap
from ..text.location import derived
from ..verify.tma import operand_groups
from .base import FUNCTION_OPS, OP_NAMES, Pass, PassContext, option, register
from .descriptor_capture import DEVICE, HOST, capture

MISSING_KERNEL_SPEC = "tileas.lower-tma.missing-kernel-spec"
ZERO_PADDING_ONLY = "tileas.lower-tma.zero-padding-only"
NO_TX_COUNT = "tileas.lower-tma.no-tx-count"
UNPARTITIONABLE = "tileas.tma-partition.unpartitionable"

# The environment switches the page names; each sets its pass option.
PREFER_TMA_VARIABLE = "TILEIR_PREFER_TMA_FOR_LOAD_STORE"
DELAY_STORE_WAIT_VARIABLE = "TILEIR_DELAY_TMA_STORE_WAIT"

# Op -> the async op it becomes. The op is eligible when its copy atom is the one atom that
# async op takes (`ATOM_ALLOW_LISTS`).
ASYNC_OF: dict[str, str] = {TILED_LOAD: TILED_TMA_LOAD, TILED_STORE: TILED_TMA_STORE}
DESCRIPTOR_TYPE = Type("!cute_nvgpu.tma_descriptor_tiled")
LOAD_MODE = Attribute("#cute_nvgpu.tma_load_mode<tiled>")
STORE_MODE = Attribute("#cute_nvgpu.tma_store_mode<tiled>")
MBARRIER_TYPE = Type("memref<1xi64, 3>")
ZERO_PADDING = "#nv_tileas.padding<zero>"


def _set(variable: str) -> bool:
    return os.environ.get(variable, "").strip().lower() not in ("", "0", "false", "off", "no")


@dataclass(frozen=True)
class _Parts:
    """What the rewrite of one memop reads from it."""

    view: Value
    coords: list[Value]
    token: list[Value]
    value: Value | None          # a store's tile


def _parts(op: Operation) -> _Parts | None:
    groups = operand_groups(op)
    view = (groups.get("view") or [None])[0]
    if view is None:
        return None
    value = (groups.get("value") or [None])[0]
    return _Parts(view, list(groups.get("coords", [])), list(groups.get("token", [])), value)


def unpartitionable(tile: list[int], bits: int) -> str | None:
    """Why no TMA box can move the tile, or None: a box has at most 5 dimensions, and its
    innermost one moves whole 16-byte granules, so the tile's innermost extent must too."""
    problem = tensormap.rank_problem(len(tile))
    if problem is not None:
        return f"a TMA box's {problem}"
    if not tensormap.inner_box_whole(tile[-1], bits):
        return (f"the tile's innermost dimension is {tile[-1]} x {bits} bits, not whole "
                f"{tensormap.INNER_BOX_GRANULE}-byte granules")
    return None


def _box_layout(view_text: str, tile: list[int]) -> str | None:
    """The tile's box in a row-major static view as a CuTe layout, innermost dimension first."""
    view = shaped(view_text)
    if view is None or view.kind != "memref" or None in view.dims or len(view.dims) != len(tile):
        return None
    strides, running = [], 1
    for extent in reversed(view.dims):
        strides.append(running)
        running *= extent
    shape = ",".join(str(d) for d in reversed(tile))
    stride = ",".join(str(s) for s in strides)
    return f'!cute.layout<"({shape}):({stride})">' if len(tile) > 1 else f'!cute.layout<"{shape}:{stride}">'


@register
@dataclass(frozen=True)
class LowerTmaLoadStoreToAsync(Pass):
    name = "LowerTMALoadStoreToAsync"
    argument = "lower-tma-load-store-to-async"
    description = "lowering TiledLoad or TiledStore which with tma atom to async tiled load or tiled store"
    local = True      # descriptors, tmaIdx and mbarriers are per function

    prefer_tma: bool = option(False, "rewrite eligible loads and stores without allow_tma = true "
                                     f"(also set by {PREFER_TMA_VARIABLE})")
    delay_store_wait: bool = option(False, "let a store's wait sink past the next barrier "
                                           f"(also set by {DELAY_STORE_WAIT_VARIABLE})")

    def __post_init__(self) -> None:
        # The page's environment switches turn the options on when the pipeline is built, so
        # the pass's value (and every cache keyed by it) says what it will do.
        for name, variable in (("prefer_tma", PREFER_TMA_VARIABLE), ("delay_store_wait", DELAY_STORE_WAIT_VARIABLE)):
            if _set(variable):
                object.__setattr__(self, name, True)

    def may_report(self, facts: dict) -> bool:
        names = facts.get(OP_NAMES)
        return names is None or bool(names & set(ASYNC_OF))

    def run(self, op: Operation, context: PassContext) -> None:
        prefer, delay = self.prefer_tma, self.delay_store_wait
        for function in [o for o in op.walk() if o.name in FUNCTION_OPS]:
            eligible = [o for o in function.walk() if o is not function and self._eligible(o, prefer)]
            if not eligible:
                continue
            if not is_kernel(function):
                context.report(function, MISSING_KERNEL_SPEC, catalogue_message(MISSING_KERNEL_SPEC).render())
                continue
            _Function(self.argument, context, delay, function).lower(eligible)

    @staticmethod
    def _eligible(op: Operation, prefer: bool) -> bool:
        if op.name not in ASYNC_OF:
            return False
        allowed = (attribute(op, "allow_tma") or Attribute("false")).text.strip() == "true"
        [tma_atom] = ATOM_ALLOW_LISTS[ASYNC_OF[op.name]][0]
        return (allowed or prefer) and enum_case(op, COPY_ATOM, DIALECT, COPY_ATOM) == tma_atom


class _Function:
    """The rewrite of one function's eligible memops, in pre-order."""

    def __init__(self, pass_argument: str, context: PassContext, delay_store_wait: bool,
                 function: Operation) -> None:
        self.pass_argument = pass_argument
        self.context = context
        self.delay_store_wait = delay_store_wait
        self.function = function
        self.next_index = {HOST: 0, DEVICE: 0}
        self.last_bound: dict[int, Operation] = {}     # view (or block) -> the last descriptor bound there
        self.descriptors: dict[tuple, tuple[Value, Attribute]] = {}   # (view, box, load) -> (descriptor, tmaIdx)

    def lower(self, ops: list[Operation]) -> None:
        for op in ops:
            self.rewrite(op)

    def rewrite(self, op: Operation) -> None:
        load = op.name == TILED_LOAD
        parts = _parts(op)
        tile = integers(op, "tileSize")
        if parts is None or tile is None:
            return
        if load and (attribute(op, "paddingValue") or Attribute(ZERO_PADDING)).text.strip() != ZERO_PADDING:
            self.context.report(op, ZERO_PADDING_ONLY, catalogue_message(ZERO_PADDING_ONLY).render())
            return
        tile_value = op.results[0] if load and op.results else parts.value
        element = shaped(tile_value.type.text) if tile_value is not None else None
        bits = element_bits(element.element) if element is not None else None
        box = _box_layout(parts.view.type.text, tile)
        if bits is None or box is None:
            if load:
                self.context.report(op, NO_TX_COUNT, catalogue_message(NO_TX_COUNT).render())
            return
        why = unpartitionable(tile, bits)
        if why is not None:
            self.context.report(op, UNPARTITIONABLE, catalogue_message(UNPARTITIONABLE).render(), notes=[why])
            return
        at = derived(self.pass_argument, op.location)
        made: list[Operation] = []
        descriptor, index = self.descriptor(parts.view, box, bits, load, at)
        async_name = ASYNC_OF[op.name]
        copy_atom = attribute(op, COPY_ATOM)
        if load:
            alloca = Operation("memref.alloca", result_types=[MBARRIER_TYPE], location=at)
            alloca.results[0].name_hint = "mbar"
            made.append(alloca)
            mbar = alloca.results[0]
            tx_count = prod(tile) * bits // 8
            operands = [descriptor, mbar, *parts.coords, *parts.token]
            segments = f"array<i32: 1, 1, {len(parts.coords)}, {len(parts.token)}>"
            attributes = {COPY_ATOM: copy_atom, "tmaIdx": index, "tx_count": Attribute(f"{tx_count} : i64")}
        else:
            operands = [parts.value, descriptor, *parts.coords, *parts.token]
            segments = f"array<i32: 1, 1, {len(parts.coords)}, {len(parts.token)}>"
            attributes = {COPY_ATOM: copy_atom, "tmaIdx": index}
        transfer = Operation(async_name, operands=operands, result_types=[r.type for r in op.results],
                             attributes=attributes,
                             properties={"operandSegmentSizes": Attribute(segments)}, location=at)
        for new, old in zip(transfer.results, op.results):
            new.name_hint = old.name_hint
        made.append(transfer)
        wait_attributes = {"delay": UNIT} if not load and self.delay_store_wait else {}
        made.append(Operation(ASYNC_WAIT, operands=[mbar] if load else [], attributes=wait_attributes, location=at))
        block = op.parent
        before = block.index_of(op)
        for offset, new in enumerate(made):
            block.insert(before + offset, new)
        op.replace_all_uses_with(transfer.results)
        op.erase()

    def descriptor(self, view: Value, box: str, bits: int, load: bool, at) -> tuple[Value, Attribute]:
        """The descriptor of `view` with this box and direction, and its tmaIdx: bound once per
        function, numbered in the order ops first need it."""
        key = (id(view), box, load)
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
                            attributes={"mode": LOAD_MODE if load else STORE_MODE,
                                        "elementBitWidth": Attribute(f"{bits} : i32"), "tmaIdx": index})
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
