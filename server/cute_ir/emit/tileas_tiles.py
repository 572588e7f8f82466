"""The tiles a TileAS kernel holds, and the address arithmetic that moves them (emit/tileas_kernel.py).

A tile (a `tensor` value) lives either in shared memory or in registers:

- **In shared memory** (`SmemTile`): a TMA load's (box after box, each swizzled as the
  descriptor says: tables/tensormap.py), a `cp.async` load's (row-major), or a staging buffer a
  store writes registers into for TMA. A 16-byte unit of a row stays one 16-byte unit whatever
  the swizzle (a swizzle permutes 16-byte units within 8 x 16 x 2^B bytes), so any tile is read
  and written 16 bytes at a time at `unit_offset`.
- **In registers** (`RegTile`): spread over the CTA's threads. Each 32-bit (64-bit for 64-bit
  elements) register holds `per` consecutive elements of a row, at (base_row + dr, base_col +
  dc) where base_row / base_col are this thread's registers and (dr, dc) the register's
  constants. A tile loaded from global memory has the *chunk* placement: the tile row-major in
  chunks of the widest of 16, 8 and 4 bytes that splits it evenly
  (`tables/legality.chunk_bytes`), chunk c to thread c mod T (T threads), so thread t's chunks
  are t, t + T, ...; each chunk is consecutive registers (four of 32 bits in a 16-byte one),
  moved by one access.

Tiles of rank 1 are one row; a register or shared tile of rank above 2 is not emitted here.
"""
from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from math import prod

from ..ir.shaped import element_bits, shaped
from ..tables import tensormap
from ..tables.atomics import atomic_form
from ..tables.legality import (CHUNKS, MMA, PAIRED_ROUNDING, MMA_K, MMA_M, MMA_N, chunk_bytes, dot_operands_problem, mma_tile_problem,
                               register_tile_problem, truncated, widened, widening_problem)


class TileError(Exception):
    """A tile this emitter cannot hold or move (the kernel is not emitted)."""


def matrix_dims(tile_type: str) -> tuple[tuple[int, int], str, int]:
    """((rows, columns), element type, bits) of a static tile type of rank 1 or 2."""
    found = shaped(tile_type)
    bits = element_bits(found.element) if found is not None else None
    if found is None or bits is None or None in found.dims or not 1 <= found.rank <= 2:
        raise TileError(f"a tile of {tile_type} is not a static tile of rank 1 or 2")
    dims = tuple(found.dims)
    return ((1, dims[0]) if len(dims) == 1 else dims), found.element, bits


@dataclass
class SmemTile:
    """A tile in shared memory: `boxes` (rows, columns of one box) in row-major order of the
    box grid, each right after the last, swizzled by `swizzle` (`none`, `32B`, `64B`, `128B`)."""

    base: str
    dims: tuple[int, int]
    element: str
    bits: int
    box: tuple[int, int]
    swizzle: str = "none"

    @property
    def bytes(self) -> int:
        return prod(self.dims) * self.bits // 8

    @property
    def box_bytes(self) -> int:
        return prod(self.box) * self.bits // 8


@dataclass
class RegTile:
    """A tile in registers (see the module's docstring)."""

    regs: list[str]
    dims: tuple[int, int]
    element: str
    bits: int
    per: int                              # elements per register
    base_row: str                         # this thread's row and column registers
    base_col: str
    offsets: list[tuple[int, int]]        # (dr, dc) of each register
    chunked: bool = False                 # the chunk placement: registers go a chunk at a time
    chunk_bytes: int = 16                 # ... of this many bytes
    splat: float | None = None            # every element is this constant (it may take any placement)
    mma: bool = False                     # the mma.sync accumulator placement (`mma_tile`)
    # Its placement by name (`tables/legality`: CHUNKS, MMA, truncated(...)): tiles of one
    # placement and type lie alike, which float arithmetic needs (`float_arithmetic_problem`).
    placement: str = CHUNKS

    @property
    def reg_type(self) -> str:
        return "b64" if self.bits == 64 else "b32"

    @property
    def regs_per_chunk(self) -> int:
        return self.chunk_bytes * 8 // (self.per * self.bits)

    def chunks(self) -> list[tuple[list[str], tuple[int, int]]]:
        """(registers, (dr, dc)) of each chunk of a chunk-placed tile."""
        n = self.regs_per_chunk
        return [(self.regs[i:i + n], self.offsets[i]) for i in range(0, len(self.regs), n)]


@dataclass
class Code:
    """The emitter's handle for writing PTX: `k` its `_Kernel`, `fresh` a register-name maker."""

    k: object
    fresh: object
    threads: int | None = None            # the CTA's thread count, from the kernel spec
    tid: str = "%tid_x"

    def reg(self, ptx_type: str, stem: str) -> str:
        return self.k.reg(ptx_type, "%" + self.fresh(stem))

    def emit(self, line: str) -> None:
        self.k.emit(line)


def chunk_tile(code: Code, dims: tuple[int, int], element: str, bits: int) -> RegTile:
    """Fresh registers for a tile in the chunk placement, with this thread's base row and
    column computed."""
    size = chunk_bytes(dims, bits, code.threads)
    if size is None:
        raise TileError(register_tile_problem(dims, bits, code.threads))
    rows, cols = dims
    per_chunk = size * 8 // bits
    span = code.threads * per_chunk                     # elements all threads cover at once
    total = rows * cols
    per = max(1, 32 // bits)
    reg_type = "b64" if bits == 64 else "b32"
    regs_per_chunk = size * 8 // (per * bits)
    chunks = total // span
    regs = code.k.regs(reg_type, "%" + code.fresh("t") + "_", chunks * regs_per_chunk)
    linear = code.reg("b32", "lin")
    base_row, base_col = code.reg("b32", "row"), code.reg("b32", "col")
    code.emit(f"mul.lo.u32 {linear}, {code.tid}, {per_chunk};")
    code.emit(f"div.u32 {base_row}, {linear}, {cols};")
    code.emit(f"rem.u32 {base_col}, {linear}, {cols};")
    offsets = []
    for k in range(chunks):
        dr, dc = divmod(k * span, cols)
        offsets += [(dr, dc + i * per) for i in range(regs_per_chunk)]
    return RegTile(regs, dims, element, bits, per, base_row, base_col, offsets, chunked=True, chunk_bytes=size)


def vector(regs: list[str]) -> tuple[str, str]:
    """(the vector qualifier, the operand) of one access moving `regs`: `.v2` / `.v4` and a
    brace list, or nothing and the register."""
    return (f".v{len(regs)}", f"{{{', '.join(regs)}}}") if len(regs) > 1 else ("", regs[0])


def unit_offset(code: Code, tile: SmemTile, row: str, col: str, dr: int, dc: int) -> str:
    """The byte offset in `tile` of the 16-byte unit (or the element) at (row + dr, col + dc):
    registers `row`, `col` plus constants; boxes and swizzle applied."""
    box_rows, box_cols = tile.box
    esize = tile.bits // 8
    r, c = code.reg("b32", "r"), code.reg("b32", "c")
    code.emit(f"add.u32 {r}, {row}, {dr};")
    code.emit(f"add.u32 {c}, {col}, {dc};")
    offset = code.reg("b32", "off")
    if tile.box == tile.dims:
        code.emit(f"mad.lo.u32 {offset}, {r}, {box_cols * esize}, 0;")
        code.emit(f"mad.lo.u32 {offset}, {c}, {esize}, {offset};")
    else:
        boxes_per_row = tile.dims[1] // box_cols
        box_index, t = code.reg("b32", "bx"), code.reg("b32", "t")
        code.emit(f"div.u32 {box_index}, {r}, {box_rows};")
        code.emit(f"div.u32 {t}, {c}, {box_cols};")
        code.emit(f"mad.lo.u32 {box_index}, {box_index}, {boxes_per_row}, {t};")
        code.emit(f"mul.lo.u32 {offset}, {box_index}, {tile.box_bytes};")
        code.emit(f"rem.u32 {t}, {r}, {box_rows};")
        code.emit(f"mad.lo.u32 {offset}, {t}, {box_cols * esize}, {offset};")
        code.emit(f"rem.u32 {t}, {c}, {box_cols};")
        code.emit(f"mad.lo.u32 {offset}, {t}, {esize}, {offset};")
    if tile.swizzle != "none":
        # Swizzle<B,4,3>: the 16-byte unit's index XOR the row of the 2^B-unit pattern, which
        # TMA takes from address bits 7 .. 7+B (the tile is 1024-byte aligned).
        b = tensormap.CUTE_SWIZZLE[tile.swizzle][0]
        mask = code.reg("b32", "swz")
        code.emit(f"shr.u32 {mask}, {offset}, 3;")
        code.emit(f"and.b32 {mask}, {mask}, {((1 << b) - 1) << 4};")
        code.emit(f"xor.b32 {offset}, {offset}, {mask};")
    address = code.reg("b32", "saddr")
    code.emit(f"add.u32 {address}, {tile.base}, {offset};")
    return address


def to_shared(code: Code, tile: RegTile, dest: SmemTile) -> None:
    """Every thread writes its registers of `tile` into `dest` (16 bytes at a time when the
    tile is chunk-placed, else a register at a time)."""
    for regs, address, suffix in _shared_accesses(code, tile, dest):
        vec, operand = vector(regs)
        code.emit(f"st.shared{vec}.{suffix} [{address}], {operand};")


def _shared_accesses(code: Code, tile: RegTile, shared: SmemTile) -> Iterator[tuple[list[str], str, str]]:
    """(registers, address, type suffix) of each access that moves `tile` to or from `shared`:
    a chunk at a time when the tile is chunk-placed, else a register at a time (each address
    computed just before its access)."""
    suffix = "b64" if tile.bits == 64 else "b32"
    moves = tile.chunks() if tile.chunked else [([reg], offset) for reg, offset in zip(tile.regs, tile.offsets)]
    for regs, (dr, dc) in moves:
        yield regs, unit_offset(code, shared, tile.base_row, tile.base_col, dr, dc), suffix


def from_shared(code: Code, source: SmemTile) -> RegTile:
    """The tile `source` holds, read into registers in the chunk placement."""
    return _read(code, source, chunk_tile(code, source.dims, source.element, source.bits))


def _read(code: Code, source: SmemTile, tile: RegTile) -> RegTile:
    for regs, address, suffix in _shared_accesses(code, tile, source):
        vec, operand = vector(regs)
        code.emit(f"ld.shared{vec}.{suffix} {operand}, [{address}];")
    return tile


def read_like(code: Code, source: SmemTile, like: RegTile) -> RegTile:
    """The tile `source` holds, read into fresh registers placed as `like` is (the reverse of
    `to_shared`): an element-wise op takes a tile in shared memory in the placement of the
    register tile it meets, whatever that is (the chunks, or an mma.sync accumulator's)."""
    if (source.dims, source.bits) != (like.dims, like.bits):
        raise TileError(f"a {source.dims[0]} x {source.dims[1]} {source.element} tile in shared memory "
                        f"with a {like.dims[0]} x {like.dims[1]} {like.element} one in registers")
    return _read(code, source, replace(like, regs=code.k.regs(like.reg_type, "%" + code.fresh("t") + "_",
                                                              len(like.regs)), splat=None))


@dataclass
class GlobalView:
    """Where a tile lies in a global memref: its base address register, its extents and
    strides, and the tile's coordinates (registers, outermost first). A static extent or stride
    is a number (a stride in elements); a dynamic one, a runtime argument of the kernel, is a
    register: an extent a `.b64` of elements (compared in 64 bits: `_below`), a stride a
    `.b64` of bytes. The innermost stride
    is static (`tables/legality.register_transfer_problem`). How its accesses move: `whole`,
    `checked` (a test when the kernel runs), else element by element."""

    base: str
    extents: list[int | str]
    strides: list[int | str]
    coords: list[str]
    bits: int
    in_bounds: bool = False
    # Chunks (or registers) move whole: in bounds, consecutive and aligned
    # (`tables/legality.whole_accesses`); else each element alone, predicated.
    whole: bool = False
    # Else, whole where a test when the kernel runs passes (`tables/legality.checked_accesses`):
    # the access lies in the view (unless `in_bounds`) and, with `test_alignment`, this
    # thread's first address and the dynamic strides are multiples of an access.
    checked: bool = False
    test_alignment: bool = False
    _thread_address: str | None = field(default=None, repr=False)
    # (thread address, rows down) -> the register holding that row's address (dynamic row stride)
    _rows: dict[tuple[str, int], str] = field(default_factory=dict, repr=False)

    def matrix(self) -> tuple[tuple[int | str, int | str], tuple[int | str, int], tuple[str | None, str]]:
        """((rows, columns) extents, (row, column) strides, (row, column) coordinates)."""
        if len(self.extents) == 1:
            return (1, self.extents[0]), (0, self.strides[0]), (None, self.coords[0])
        return tuple(self.extents), tuple(self.strides), tuple(self.coords)  # type: ignore[return-value]

    def thread_address(self, code: Code, tile: RegTile) -> str:
        """The global address of (base_row, base_col) of `tile` for this thread."""
        (_, _), (row_stride, col_stride), (row0, col0) = self.matrix()
        esize = self.bits // 8
        col = code.reg("b32", "gc")
        code.emit(f"add.u32 {col}, {col0}, {tile.base_col};")
        offset = code.reg("b64", "goff")
        code.emit(f"mul.wide.u32 {offset}, {col}, {col_stride * esize};")
        if row0 is not None:
            row = code.reg("b32", "gr")
            code.emit(f"add.u32 {row}, {row0}, {tile.base_row};")
            if isinstance(row_stride, str):
                wide = code.reg("b64", "gr")
                code.emit(f"cvt.u64.u32 {wide}, {row};")
                code.emit(f"mad.lo.u64 {offset}, {wide}, {row_stride}, {offset};")
            else:
                code.emit(f"mad.wide.u32 {offset}, {row}, {row_stride * esize}, {offset};")
        address = code.reg("b64", "gaddr")
        code.emit(f"add.u64 {address}, {self.base}, {offset};")
        return address

    def place(self, code: Code, address: str, dr: int, dc: int) -> str:
        """The address (`reg+bytes`) of the element `dr` rows and `dc` columns past the one at
        `address`: a static stride's offset is an immediate; `dr` rows of a dynamic row stride
        are added once per `dr` (`mad.lo`)."""
        (_, _), (row_stride, col_stride), _ = self.matrix()
        esize = self.bits // 8
        if not isinstance(row_stride, str):
            return f"{address}+{(dr * row_stride + dc * col_stride) * esize}"
        if dr:
            row = self._rows.get((address, dr))
            if row is None:
                row = code.reg("b64", "grow")
                code.emit(f"mad.lo.u64 {row}, {row_stride}, {dr}, {address};")
                self._rows[(address, dr)] = row
            address = row
        return f"{address}+{dc * col_stride * esize}"

    def inside(self, code: Code, tile: RegTile, dr: int, dc: int) -> str:
        """A predicate: the element at (base_row + dr, base_col + dc) of the tile lies in the
        view."""
        (rows, cols), _, (row0, col0) = self.matrix()
        p = code.reg("pred", "in")
        _below(code, p, col0, tile.base_col, dc, cols, "ic")
        if row0 is not None:
            _below(code, p, row0, tile.base_row, dr, rows, "ir", also=True)
        return p


def _below(code: Code, p: str, first: str, second: str, step: int, extent: int | str, stem: str,
           also: bool = False) -> None:
    """`p` (and `p`, with `also`) = first + second + step < extent, an element's coordinate
    against the view's extent. A static extent below 2^32 is compared in 32 bits, as the
    coordinates are. A runtime extent is MLIR's 64-bit size, which may pass 2^32: compared in
    64 bits, each term widened first (`_coordinate64`), so neither the extent nor the sum is
    cut to 32 bits."""
    test = f"setp.lt.and.u{{w}} {p}, {{c}}, {extent}, {p};" if also else f"setp.lt.u{{w}} {p}, {{c}}, {extent};"
    if isinstance(extent, int) and extent < 1 << 32:
        c = code.reg("b32", stem)
        code.emit(f"add.u32 {c}, {first}, {second};")
        code.emit(f"add.u32 {c}, {c}, {step};")
        code.emit(test.format(w=32, c=c))
        return
    code.emit(test.format(w=64, c=_coordinate64(code, first, second, step, stem)))


def _coordinate64(code: Code, first: str, second: str, step: int, stem: str) -> str:
    """first + second + step of two 32-bit registers and a number, in 64 bits (no wrap at 2^32)."""
    c, t = code.reg("b64", stem), code.reg("b64", stem)
    code.emit(f"cvt.u64.u32 {c}, {first};")
    code.emit(f"cvt.u64.u32 {t}, {second};")
    code.emit(f"add.u64 {c}, {c}, {t};")
    code.emit(f"add.u64 {c}, {c}, {step};")
    return c


# An element's bits -> the register type that moves it alone (8-bit elements do not: refused up front).
_ELEMENT_SUFFIX = {16: "b16", 32: "b32", 64: "b64"}


def aligned(code: Code, view: GlobalView, address: str, size: int) -> str | None:
    """A predicate: this thread's first address (`address`) and each dynamic stride of the view
    (in bytes) are multiples of `size` bytes, so every access of `size` bytes the thread makes
    is aligned to its size; None when the view needs no such test (`GlobalView.test_alignment`)."""
    if not view.test_alignment:
        return None
    low = code.reg("b64", "low")
    code.emit(f"mov.b64 {low}, {address};")
    for stride in view.strides[:-1]:
        if isinstance(stride, str):
            code.emit(f"or.b64 {low}, {low}, {stride};")
    code.emit(f"and.b64 {low}, {low}, {size - 1};")
    predicate = code.reg("pred", "aligned")
    code.emit(f"setp.eq.u64 {predicate}, {low}, 0;")
    return predicate


def _moves(tile: RegTile) -> list[tuple[list[str], tuple[int, int]]]:
    """(registers, (dr, dc)) of each access of a tile: a chunk at a time when chunk-placed, else
    a register at a time."""
    return tile.chunks() if tile.chunked else [([reg], offset) for reg, offset in zip(tile.regs, tile.offsets)]


def _whole_or_each(code: Code, view: GlobalView, tile: RegTile, alignment: str | None,
                   regs: list[str], dr: int, dc: int, whole, each) -> None:
    """One access of `regs` at (dr, dc): `whole()` when the view lets it move whole when
    compiling, else `each()` (element by element, predicated), else (`GlobalView.checked`)
    `whole()` where the test when the kernel runs passes (it lies in the view, unless the op
    says so, and `alignment`), `each()` where it fails."""
    if view.whole:
        whole()
        return
    if not view.checked:
        each()
        return
    test = alignment
    if not view.in_bounds:
        # Its last element in the view: all of it is (an access lies in one row).
        inside = view.inside(code, tile, dr, dc + len(regs) * tile.per - 1)
        if test is not None:
            code.emit(f"and.pred {inside}, {inside}, {test};")
        test = inside
    apart, done = code.fresh("APART_"), code.fresh("WHOLE_")
    code.emit(f"@!{test} bra {apart};")
    whole()
    code.emit(f"bra.uni {done};")
    code.emit(f"{apart}:")
    each()
    code.emit(f"{done}:")


def load_global(code: Code, view: GlobalView, dims: tuple[int, int], element: str) -> RegTile:
    """`ld.global` of a tile into registers: a chunk a thread at a time when the op says its
    tile is in bounds and the view lets the chunks move whole (`GlobalView.whole`), else element
    by element, each predicated on its place in the view (out of it, zero); a chunk the view
    may let move whole, whole where the test when the kernel runs says so (`GlobalView.checked`)."""
    tile = chunk_tile(code, dims, element, view.bits)
    _global_accesses(code, view, tile, load=True)
    return tile


def store_global(code: Code, view: GlobalView, tile: RegTile) -> None:
    """`st.global` of a register tile: a chunk at a time when chunk-placed and the view lets
    chunks move whole (`GlobalView.whole`: in bounds, consecutive, aligned), a register at a
    time when it lets registers, else element by element, predicated on the view; an access the
    view may let move whole, whole where the test when the kernel runs says so
    (`GlobalView.checked`)."""
    _global_accesses(code, view, tile, load=False)


def _global_accesses(code: Code, view: GlobalView, tile: RegTile, load: bool) -> None:
    """Each access of `tile` (`_moves`: its chunks, or its registers) loaded from / stored to
    `view`: whole (`ld.global` / `st.global`, `.v2` / `.v4` of its registers) or element by
    element (`_whole_or_each`), the run-time alignment test on the access's width."""
    address = view.thread_address(code, tile)
    suffix = "b64" if tile.bits == 64 else "b32"
    moves = _moves(tile)
    alignment = aligned(code, view, address, len(moves[0][0]) * (8 if tile.bits == 64 else 4)) if moves else None
    for regs, (dr, dc) in moves:
        vec, operand = vector(regs)
        place = view.place(code, address, dr, dc)    # before any branch: both ways use its row
        whole = f"ld.global{vec}.{suffix} {operand}, [{place}];" if load else \
            f"st.global{vec}.{suffix} [{place}], {operand};"
        _whole_or_each(
            code, view, tile, alignment, regs, dr, dc, lambda: code.emit(whole),
            lambda: [_element_wise(code, view, tile, reg, dr, dc + index * tile.per, address, load=load)
                     for index, reg in enumerate(regs)])


def _element_wise(code: Code, view: GlobalView, tile: RegTile, reg: str, dr: int, dc: int, address: str,
                  load: bool) -> None:
    """Each element of register `reg` (its first at (dr, dc)) loaded / stored alone, predicated."""
    if tile.per == 1:
        p = view.inside(code, tile, dr, dc)
        op = f"ld.global.{tile.reg_type} {reg}, [{view.place(code, address, dr, dc)}];" if load else \
            f"st.global.{tile.reg_type} [{view.place(code, address, dr, dc)}], {reg};"
        if load:
            code.emit(f"mov.{tile.reg_type} {reg}, 0;")
        code.emit(f"@{p} {op}")
        return
    # Two 16-bit halves (narrower elements out of bounds are refused up front:
    # tables/legality.register_transfer_problem).
    halves = [code.reg("b16", "h"), code.reg("b16", "h")]
    if load:
        for index, half in enumerate(halves):
            p = view.inside(code, tile, dr, dc + index)
            code.emit(f"mov.b16 {half}, 0;")
            code.emit(f"@{p} ld.global.b16 {half}, [{view.place(code, address, dr, dc + index)}];")
        code.emit(f"mov.b32 {reg}, {{{halves[0]}, {halves[1]}}};")
        return
    code.emit(f"mov.b32 {{{halves[0]}, {halves[1]}}}, {reg};")
    for index, half in enumerate(halves):
        p = view.inside(code, tile, dr, dc + index)
        code.emit(f"@{p} st.global.b16 [{view.place(code, address, dr, dc + index)}], {half};")


def copy_async(code: Code, view: GlobalView, dest: SmemTile) -> None:
    """`cp.async` of a tile into shared memory (row-major), a chunk a thread at a time (`.cg`
    for 16 bytes, which bypasses L1; `.ca`, the only form of 4 and 8): a chunk reaching past
    the view reads what lies in it and fills the rest with zeros (its source size), one wholly
    outside reads nothing. Through a view of dynamic offset or strides, only where this
    thread's accesses prove aligned when the kernel runs (`aligned`; `cp.async` needs its
    source aligned to its size); elsewhere each element moves alone through a register
    (`ld.global`, zero out of the view; `st.shared`)."""
    tile = chunk_tile(code, dest.dims, dest.element, dest.bits)    # only its placement is used
    address = view.thread_address(code, tile)
    (rows, cols), _, (row0, col0) = view.matrix()
    esize = view.bits // 8
    size_bytes = tile.chunk_bytes
    cache = "cg" if size_bytes == 16 else "ca"
    alignment = aligned(code, view, address, size_bytes)
    for _, (dr, dc) in tile.chunks():
        shared = unit_offset(code, dest, tile.base_row, tile.base_col, dr, dc)
        place = view.place(code, address, dr, dc)    # before any branch: both ways use its row
        source = f"[{place}]"
        apart = done = None
        if alignment is not None:
            apart, done = code.fresh("APART_"), code.fresh("WHOLE_")
            code.emit(f"@!{alignment} bra {apart};")
        if view.in_bounds:
            code.emit(f"cp.async.{cache}.shared.global [{shared}], {source}, {size_bytes};")
        else:
            # Bytes of the chunk inside the view: clamp((cols - column) * esize, 0, chunk), 0 past
            # the rows; against a runtime extent (64 bits, `_below`) computed in 64 bits.
            size = code.reg("b32", "size")
            if isinstance(cols, int) and cols < 1 << 32:
                left = code.reg("b32", "left")
                code.emit(f"add.u32 {left}, {col0}, {tile.base_col};")
                code.emit(f"add.u32 {left}, {left}, {dc};")
                code.emit(f"sub.s32 {size}, {cols}, {left};")
                code.emit(f"mul.lo.s32 {size}, {size}, {esize};")
                code.emit(f"max.s32 {size}, {size}, 0;")
                code.emit(f"min.s32 {size}, {size}, {size_bytes};")
            else:
                left = _coordinate64(code, col0, tile.base_col, dc, "left")
                code.emit(f"sub.s64 {left}, {cols}, {left};")
                code.emit(f"max.s64 {left}, {left}, 0;")
                code.emit(f"min.s64 {left}, {left}, {size_bytes // esize};")
                code.emit(f"cvt.u32.u64 {size}, {left};")
                code.emit(f"mul.lo.s32 {size}, {size}, {esize};")
            if row0 is not None:
                inside = code.reg("pred", "rowin")
                _below(code, inside, row0, tile.base_row, dr, rows, "crow")
                code.emit(f"selp.b32 {size}, {size}, 0, {inside};")
            code.emit(f"cp.async.{cache}.shared.global [{shared}], {source}, {size_bytes}, {size};")
        if alignment is None:
            continue
        code.emit(f"bra.uni {done};")
        code.emit(f"{apart}:")
        suffix = _ELEMENT_SUFFIX[view.bits]
        for index in range(size_bytes // esize):
            held, inside = code.reg(suffix, "e"), view.inside(code, tile, dr, dc + index)
            code.emit(f"mov.{suffix} {held}, 0;")
            code.emit(f"@{inside} ld.global.{suffix} {held}, [{view.place(code, address, dr, dc + index)}];")
            code.emit(f"st.shared.{suffix} [{shared}+{index * esize}], {held};")
        code.emit(f"{done}:")
    code.emit("cp.async.commit_group;")
    code.emit("cp.async.wait_group 0;")
    code.emit("bar.sync 0;")


# ------------------------------------------------------------------ matrix products
# mma.sync.m16n8k16: a warp's A fragment is 16 x 16, B 16 x 8, C 16 x 8 (four f32 a thread:
# rows g and g + 8, columns 2 t and 2 t + 1, g = lane / 4, t = lane % 4).


def mma_tile(code: Code, dims: tuple[int, int], warp: str, lane: str, splat: float | None = None) -> RegTile:
    """An M x N f32 accumulator in the mma.sync placement: warp w holds rows w M/W .. (w+1) M/W
    (W warps), in 16 x 8 blocks of four registers each."""
    why = mma_tile_problem(dims, code.threads)
    if why is not None:
        raise TileError(why)
    rows, cols = dims
    warps = code.threads // 32
    warp_rows = rows // warps
    blocks = [(mi, ni) for mi in range(warp_rows // MMA_M) for ni in range(cols // MMA_N)]
    regs = code.k.regs("f32", "%" + code.fresh("acc") + "_", 4 * len(blocks))
    base_row, base_col, t = code.reg("b32", "arow"), code.reg("b32", "acol"), code.reg("b32", "t")
    code.emit(f"shr.u32 {t}, {lane}, 2;")
    code.emit(f"mad.lo.u32 {base_row}, {warp}, {warp_rows}, {t};")
    code.emit(f"and.b32 {base_col}, {lane}, 3;")
    code.emit(f"shl.b32 {base_col}, {base_col}, 1;")
    offsets = []
    for mi, ni in blocks:
        offsets += [(mi * MMA_M + h, ni * MMA_N + e) for h in (0, 8) for e in (0, 1)]
    tile = RegTile(regs, dims, "f32", 32, 1, base_row, base_col, offsets, splat=splat, mma=True, placement=MMA)
    if splat is not None:
        word = "0f" + struct.pack(">f", splat).hex().upper()
        for reg in regs:
            code.emit(f"mov.f32 {reg}, {word};")
    return tile


def dot(code: Code, a: SmemTile, b: SmemTile, acc: RegTile, warp: str, lane: str) -> RegTile:
    """acc + a x b with mma.sync.m16n8k16, the operands read from shared memory by ldmatrix
    (A as it lies; B, row-major K x N, transposed by `.trans`), 16-byte rows whatever their
    boxes and swizzle. Each warp multiplies its rows of A by all of B."""
    (m, k), (_, n) = a.dims, b.dims
    why = dot_operands_problem(a.dims, b.dims, acc.dims, a.element, b.element)
    if why is not None:
        raise TileError(why)
    warps = code.threads // 32
    warp_rows = m // warps
    # This lane's row in a 16-row ldmatrix block and its 8-column half.
    lrow, lcol, arow = code.reg("b32", "lrow"), code.reg("b32", "lcol"), code.reg("b32", "lrowa")
    code.emit(f"and.b32 {lrow}, {lane}, 15;")
    code.emit(f"shr.u32 {lcol}, {lane}, 4;")
    code.emit(f"shl.b32 {lcol}, {lcol}, 3;")
    code.emit(f"mad.lo.u32 {arow}, {warp}, {warp_rows}, {lrow};")
    blocks_m, blocks_n = warp_rows // MMA_M, n // MMA_N
    out = code.k.regs("f32", "%" + code.fresh("acc") + "_", len(acc.regs))
    source = acc.regs
    for k0 in range(0, k, MMA_K):
        a_frags = []
        for mi in range(blocks_m):
            frag = code.k.regs("b32", "%" + code.fresh("fa") + "_", 4)
            address = unit_offset(code, a, arow, lcol, mi * MMA_M, k0)
            code.emit(f"ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{{', '.join(frag)}}}, [{address}];")
            a_frags.append(frag)
        b_frags = []
        for nj in range(0, n, 2 * MMA_N):
            frag = code.k.regs("b32", "%" + code.fresh("fb") + "_", 4)
            address = unit_offset(code, b, lrow, lcol, k0, nj)
            code.emit(f"ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{{', '.join(frag)}}}, [{address}];")
            b_frags += [frag[0:2], frag[2:4]]
        for mi in range(blocks_m):
            for ni in range(blocks_n):
                index = 4 * (mi * blocks_n + ni)
                d = out[index:index + 4]
                c = source[index:index + 4]
                code.emit(f"mma.sync.aligned.m16n8k16.row.col.f32.{a.element}.{b.element}.f32 {{{', '.join(d)}}}, "
                          f"{{{', '.join(a_frags[mi])}}}, {{{', '.join(b_frags[ni])}}}, {{{', '.join(c)}}};")
        source = out
    return RegTile(out, acc.dims, "f32", 32, 1, acc.base_row, acc.base_col, list(acc.offsets), mma=True, placement=MMA)


def truncate(code: Code, tile: RegTile, element: str, mode: str = "rn") -> RegTile:
    """An f32 register tile as f16 / bf16 rounded as `mode` says (`cvt`'s: rn, rz, rm, rp): each
    two registers of adjacent columns packed into one, by `cvt.<mode>.f16x2.f32` for rn and rz
    (the packed form's only roundings, PTX's `.frnd2`), else each rounded alone
    (`cvt.<mode>.f16.f32`) and packed (`mov.b32`)."""
    if tile.element != "f32" or element not in ("f16", "bf16"):
        raise TileError(f"truncating {tile.element} to {element}")
    if len(tile.offsets) % 2 or any(tile.offsets[i + 1] != (r, c + 1) for i, (r, c) in list(enumerate(tile.offsets))[::2]):
        raise TileError("a register tile whose elements do not pair up along its rows")
    regs = code.k.regs("b32", "%" + code.fresh("h") + "_", len(tile.regs) // 2)
    for out, i in zip(regs, range(0, len(tile.regs), 2)):
        if mode in PAIRED_ROUNDING:
            code.emit(f"cvt.{mode}.{element}x2.f32 {out}, {tile.regs[i + 1]}, {tile.regs[i]};")
            continue
        low, high = (code.reg("b16", "h") for _ in range(2))
        code.emit(f"cvt.{mode}.{element}.f32 {low}, {tile.regs[i]};")
        code.emit(f"cvt.{mode}.{element}.f32 {high}, {tile.regs[i + 1]};")
        code.emit(f"mov.b32 {out}, {{{low}, {high}}};")
    return RegTile(regs, tile.dims, element, 16, 2, tile.base_row, tile.base_col, tile.offsets[::2],
                   placement=truncated(tile.placement))


def widen(code: Code, tile: RegTile, element: str) -> RegTile:
    """A register tile of f16 / bf16 as f32, or of f32 as f64 (`tables/legality.WIDENINGS`),
    exactly: each element `cvt` (`cvt.f32.f16`, `cvt.f32.bf16`, `cvt.f64.f32`) into a register of
    its own, twice its bits, at its place (a 16-bit pair unpacked by `mov.b32 {lo, hi}` first,
    the low half the left column). The tile lies over the threads as its source does
    (`tables/legality.widened`: a narrowed tile widened lies as it did before `arith.truncf`)."""
    why = widening_problem(tile.element, element)
    if why is not None:
        raise TileError(why)
    bits = element_bits(element)
    regs = code.k.regs(element, "%" + code.fresh("wide") + "_", len(tile.regs) * tile.per)
    offsets = []
    for i, (reg, (dr, dc)) in enumerate(zip(tile.regs, tile.offsets)):
        parts = [reg]
        if tile.per == 2:
            parts = [code.reg("b16", "h"), code.reg("b16", "h")]
            code.emit(f"mov.b32 {{{parts[0]}, {parts[1]}}}, {reg};")
        for j, part in enumerate(parts):
            code.emit(f"cvt.{element}.{tile.element} {regs[i * tile.per + j]}, {part};")
            offsets.append((dr, dc + j))
    placement = widened(tile.placement)
    return RegTile(regs, tile.dims, element, bits, 1, tile.base_row, tile.base_col, offsets, mma=placement == MMA,
                   placement=placement)


# ------------------------------------------------------------------ atomics


def atomic_global(code: Code, view: GlobalView, tile: RegTile, mode: str | None, tier: int, order: str,
                  returns: bool) -> RegTile | None:
    """Each thread combines its elements of a register tile into the view (whatever its
    placement, as `store_global` writes them): `red.global` when the old values are unused,
    else `atom.global`, whose old values are the result tile, placed as `tile` is (zero out of
    the view). A register at a time when the view lets registers move whole (a 16-bit pair by
    its `.v2` form), else each element alone, predicated on the view
    (`tables/atomics.atomic_form` names the instruction, or why there is none)."""
    pair = tile.per == 2 and view.whole
    form = atomic_form(mode, tile.element, tile.bits, view.whole, tier)
    if isinstance(form, str):
        raise TileError(form)
    instruction = form.instruction(returns, order)
    red = form.reduction(returns, order)
    address = view.thread_address(code, tile)
    out = code.k.regs(tile.reg_type, "%" + code.fresh("old") + "_", len(tile.regs)) if returns else None
    sink = None if red or returns or tile.per != 1 else code.reg(tile.reg_type, "discard")

    def combine(place: str, operand: str, old: str | None, predicate: str = "") -> None:
        target = "" if red else f"{old or sink}, "
        code.emit(f"{predicate}{instruction} {target}[{place}], {operand};")

    for index, (reg, (dr, dc)) in enumerate(zip(tile.regs, tile.offsets)):
        old = out[index] if out is not None else None
        if tile.per == 1:
            place = view.place(code, address, dr, dc)
            if view.whole:
                combine(place, reg, old)
                continue
            inside = view.inside(code, tile, dr, dc)
            if old is not None:
                code.emit(f"mov.{tile.reg_type} {old}, 0;")
            combine(place, reg, old, f"@{inside} ")
            continue
        # Two 16-bit elements (narrower ones are refused up front: the memop verifier's rule);
        # `atom` gives back two old halves, kept when the result is used.
        halves = [code.reg("b16", "h"), code.reg("b16", "h")]
        olds = [None, None] if red else [code.reg("b16", "o"), code.reg("b16", "o")]
        code.emit(f"mov.b32 {{{halves[0]}, {halves[1]}}}, {reg};")
        if pair:
            combine(view.place(code, address, dr, dc), f"{{{halves[0]}, {halves[1]}}}",
                    None if red else f"{{{olds[0]}, {olds[1]}}}")
        else:
            for half, (element, held) in enumerate(zip(halves, olds)):
                inside = view.inside(code, tile, dr, dc + half)
                if old is not None:
                    code.emit(f"mov.b16 {held}, 0;")
                combine(view.place(code, address, dr, dc + half), element, held, f"@{inside} ")
        if old is not None:
            code.emit(f"mov.b32 {old}, {{{olds[0]}, {olds[1]}}};")
    return None if out is None else replace(tile, regs=out, splat=None)
