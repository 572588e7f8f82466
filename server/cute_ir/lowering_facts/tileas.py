"""What a TileAS kernel's ops say of their tiles, read alike by the passes that lower them
(`lower-tma-load-store-to-async`, `assign-load-store-layouts`) and by the emitter that writes
the kernel's PTX (emit/tileas_kernel.py, emit/lowered_kernel.py): a memref view's strides and
offset, what the register path moves, where a memref's tile lives, how an async TMA tile lies
in shared memory and how many bytes it takes, a splat constant's element, whether a value is a
product's accumulator.
"""
from __future__ import annotations

import re
from math import prod

from ..dialects.cute_nvgpu.operands import MEMORY_SPACES
from ..dialects.nv_tileas.async_tma import BOX_DIM, SWIZZLE
from ..dialects.nv_tileas.dot import DOT
from ..dialects.nv_tileas.memops import COPY_ATOM, DIALECT, TILED_LOAD
from ..ir.attributes import attribute, enum_case, integer, integers
from ..ir.core import Operation, Type, Value
from ..ir.shaped import Shaped, element_bits, shaped
from ..tables.atoms import Residency
from ..tables.legality import RegisterTransfer, SharedLayout
from ..verify.tma import operand_groups

__all__ = ["view_strides", "view_offset", "transfer_instruction", "register_transfer", "residency", "shared_layout",
           "loaded_tile_bytes", "splat_value", "feeds_dot"]


def view_strides(view_text: str) -> list[int | None] | None:
    """A memref view's strides in elements, outermost first: its `strided<[...]>` layout's, else
    row-major over its extents (None where a dynamic extent makes them unknown)."""
    view = shaped(view_text)
    if view is None or view.kind != "memref":
        return None
    written = _STRIDED.search(view_text)
    if written is not None:
        entries = [s.strip() for s in written.group(1).split(",") if s.strip()]
        if len(entries) != len(view.dims) or not all(e == "?" or _STRIDE.fullmatch(e) for e in entries):
            return None   # not a layout this reads (a text being typed may hold anything here)
        return [None if e == "?" else int(e) for e in entries]
    strides: list[int | None] = []
    running: int | None = 1
    for extent in reversed(view.dims):
        strides.append(running)
        running = running * extent if running is not None and extent is not None else None
    return list(reversed(strides))


_STRIDED = re.compile(r"strided<\s*\[([^\]]*)\]")
_STRIDE = re.compile(r"-?\d+")
_OFFSET = re.compile(r"strided<\s*\[[^\]]*\]\s*,\s*offset\s*:\s*(\?|-?\d+)")


def view_offset(view_text: str) -> int | None:
    """A memref view's offset in elements (its `strided<[...], offset: N>`; 0 without one), None
    when dynamic (`?`)."""
    written = _OFFSET.search(view_text)
    return 0 if written is None else None if written.group(1) == "?" else int(written.group(1))


def transfer_instruction(op: Operation) -> str:
    """The instruction a `tiled_load` / `tiled_store` that does not move by TMA moves its tile
    with: `cp.async` for the `ldgsts` atom's load (into shared memory), else `ld.global` /
    `st.global` (through registers)."""
    if op.name != TILED_LOAD:
        return "st.global"
    return "cp.async" if enum_case(op, COPY_ATOM, DIALECT, COPY_ATOM) == "ldgsts" else "ld.global"


def register_transfer(op: Operation, threads: int | None, held_in_shared: bool = False) -> RegisterTransfer:
    """What the register path needs of a `tiled_load` / `tiled_store` that
    `lower-tma-load-store-to-async` leaves (its register check and the emitter read the same): `held_in_shared`, a store's tile lies in shared memory (a TMA or
    `cp.async` load's) and is read back into registers in the chunk placement."""
    groups = operand_groups(op)
    load = op.name == TILED_LOAD
    tile_type = str(op.results[0].type) if load and op.results else \
        str(groups["value"][0].type) if groups.get("value") else ""
    found = shaped(tile_type)
    view = groups["view"][0] if groups.get("view") else None
    view_type = str(view.type) if view is not None else ""
    viewed = shaped(view_type)
    strides = view_strides(view_type) if viewed is not None else None
    written = attribute(op, "in_bounds")
    in_bounds = written is not None and "false" not in written.text and "0" not in written.text.split(":")[-1]
    return RegisterTransfer(
        transfer_instruction(op), tile_type, tuple(found.dims) if found is not None else None,
        element_bits(found.element) if found is not None else None, view_type,
        tuple(viewed.dims) if viewed is not None else None, tuple(strides) if strides is not None else None,
        view_offset(view_type) if viewed is not None else 0,
        coords=len(groups.get("coords") or ()), rows=bool(groups.get("offsets")), in_bounds=in_bounds,
        chunked=load or held_in_shared, threads=threads)


def residency(type_: Type) -> tuple[Residency | None, Shaped | None]:
    """Where a memref's tile lives (the default memory space is registers) and its shape."""
    found = shaped(type_.text)
    if found is None or found.kind != "memref":
        return None, found
    space = found.memory_space
    if space is None or space == "0":
        return Residency.RMEM, found
    return (MEMORY_SPACES.get(int(space)) if space.isdigit() else None), found


def shared_layout(op: Operation, dims: tuple[int, int]) -> SharedLayout:
    """How the tile (`dims`, rows x columns) of an async TMA transfer lies in shared memory:
    its boxes (`boxDim`, innermost first; none written, the whole tile) and their `swizzle`.
    The emitter lays out and reads its tiles by the same."""
    written = integers(op, BOX_DIM)
    box = tuple(reversed(written)) if written else dims
    swizzle = attribute(op, SWIZZLE)
    return ((1, box[0]) if len(box) == 1 else box), swizzle.text.strip('"') if swizzle is not None else "none"


def loaded_tile_bytes(load: Operation) -> int | None:
    """The shared memory an async TMA load's tile takes: its `tx_count` (what its mbarrier
    expects), else the size of its tile's type; None when neither says."""
    size = integer(load, "tx_count")
    tile = shaped(load.results[0].type.text) if size is None and load.results else None
    bits = element_bits(tile.element) if tile is not None else None
    if bits is not None and None not in tile.dims:
        size = prod(tile.dims) * bits // 8
    return size


def splat_value(op: Operation) -> float | None:
    """The element of a splat `dense<...>` constant (`dense<0.0> : tensor<64x64xf32>`)."""
    written = attribute(op, "value")
    text = written.text if written is not None else "".join(p for p in (op.assembly.pieces if op.assembly else ())
                                                            if isinstance(p, str))
    found = re.search(r"dense<\s*([-+0-9.eE]+|true|false)\s*>", text)
    if found is None:
        return None
    literal = found.group(1)
    return float(literal == "true") if literal in ("true", "false") else float(literal)


def feeds_dot(value: Value) -> bool:
    """Whether `value` is the accumulator of an `nv_tileas.dot`, itself or as the initial value
    of a loop-carried one: a splat constant is then made in the mma.sync placement."""
    for use in value.uses:
        if use.owner.name == DOT and use.index == 2:
            return True
        if use.owner.name == "scf.for" and use.index >= 3 and use.owner.regions:
            if feeds_dot(use.owner.regions[0].blocks[0].arguments[use.index - 2]):
                return True
    return False
