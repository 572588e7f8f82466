"""PTX for a TileAS kernel after the default pipeline (tileas-tma-and-memops, "Descriptor ABI",
"Callback ABI"; the TMA page's cp.async.bulk.tensor forms).

What the passes leave in a kernel (`lower-tma-load-store-to-async`, `attach-tma-descriptor-args`,
`separate-host-tma`) becomes one `.entry`:

| IR | PTX |
|---|---|
| the KernelSpecAttr's `num_warps = N` / `max_num_warps = N` | `.reqntid 32N, 1, 1` / `.maxntid 32N, 1, 1` |
| a host descriptor argument (`{cute_nvgpu.grid_constant}`) | `.param .align 64 .b8 name[128]` (`.hidden` when attach-tma-descriptor-args appended it), its generic address (`cvta.param`), `prefetch.tensormap` |
| another argument | `.param .u64` (an `index` or `i32` is used as a 32-bit coordinate, an `i64` kept in 64 bits and its low half used as one); a float scalar `.param .f32` / `.f64` / `.b16` (f16, bf16); a global memref whose type fixes its extents, strides and offset is its aligned pointer (MLIR's bare-pointer convention), moved to its first element by a static layout offset; a token has no parameter |
| a global memref whose type leaves an extent, a stride or its offset dynamic (`memref<?x?xf16, strided<[?, 1]>, 1>`) | MLIR's memref descriptor, a `.param .u64` per field in its order (`pK_allocated`, `pK` the aligned pointer, `pK_offset`, `pK_size0...`, `pK_stride0...`; builder.memref_descriptor_fields); of a view the kernel uses, the fields its type leaves dynamic are read: the offset moves the aligned pointer (`mad.lo`), an extent is compared in 64 bits (an element's coordinate widened, `cvt.u64.u32`: a view may pass 2^32 elements), a stride becomes bytes (`mul.lo.u64`) |
| `memref.alloca` in shared memory (`memref<1xi64, 3>`), a load's mbarrier | its full barrier (`mbarrier.init` for one arrival before the body) and its phase; for a load in a loop a ring of `stages` of them, each with an empty barrier (initialised for every thread, `%ntid.x`), and the ring's stage |
| `nv_tileas.async.tiled_tma_load` | a `.shared` tile of `tx_count` bytes (one per stage); the leader waits for the stage's empty barrier, then one `mbarrier.arrive.expect_tx` and a `cp.async.bulk.tensor...mbarrier::complete_tx::bytes.L2::cache_hint` per box (`boxDim`) |
| the same in a loop, its coordinates integer arithmetic of the induction variable, its token after loads only | filled `stages - 1` iterations ahead: the leader fills the stages of iterations 0 .. stages - 2 before the loop and, in iteration i, that of iteration i + stages - 1 (each only if the loop has it), with the coordinates computed for that iteration; the producer's stage and phase run ahead of the consumers' |
| the same through an im2col descriptor (`!cute_nvgpu.tma_descriptor_im2col`) | `.im2col`, one box of the tile, the coordinates after the tensor's (rank - 2 of them) as its 16-bit im2col offsets (`cvt.u16.u32`); a store or reduction through one is `.im2col_no_offs` |
| `nv_tileas.async.gather_tma_load` | the same, `.tile::gather4`, coordinates `{column, row0, row1, row2, row3}` (sm_100 or later) |
| `nv_tileas.async.tiled_tma_store` | `fence.proxy.async.shared::cta`, `cp.async.bulk.tensor...bulk_group.L2::cache_hint` per box, `cp.async.bulk.commit_group` |
| `nv_tileas.async.scatter_tma_store` | the same, `.tile::scatter4` (sm_100a/f, sm_103a, sm_110a) |
| `nv_tileas.async.tiled_atomic_rmw` | the same with `cp.reduce.async.bulk.tensor...<op>.tile.bulk_group`, `<op>` its `rmw_mode`'s |
| `nv_tileas.async.wait %mbar` / `wait` / `wait {delay}` | an `mbarrier.try_wait.parity` loop (with a suspend-time hint) on the full barrier's phase / `cp.async.bulk.wait_group.read 0` / the same, at the end |
| the end of an `scf.for` body | every thread arrives on the empty barrier of each ring the loop's loads fill, and the ring moves on (the phase flips when it wraps) |
| a device descriptor's `make_tiled_tma_desc` (tmaIdx k) | the leader's `tensormap.replace` of the template the callback wrote at device pointer k: global address, each dim, each stride in bytes; `fence.proxy.tensormap::generic.release.gpu`, then `.acquire.gpu` and `prefetch.tensormap` |
| `memref.load` of an integer from a 1-d global memref | `ld.global`, used as a 32-bit value |
| `cute.static` | nothing: a layout known when compiling |
| `arith.constant` of an integer or a float; `arith.addi` / `subi` / `muli` / `divui` / `remui` / `divsi` / `remsi` / `minsi` / `maxsi` / `minui` / `maxui` / `andi` / `ori` / `xori` / `shli` / `shrui` / `shrsi` | `mov` of its bits (`0f3FC00000`, `0x4000`), then folded as an immediate into each instruction that reads it where PTX takes one, the `mov` gone when nothing else reads it (emit/ptx_copies.py `fold_constants`, as the function writer writes them: `mul.lo.s32 %x4, %block_id2, 64;`, `setp.lt.f32 %p4, %p1_x, 0f00000000;`; an integer instruction all of whose sources became literals is the `mov.b32` / `.b64` of its value, folded on in turn (`mad.lo.s32 %i, 1, 0, 0;` is `mov.b32 %i, 0;`), an integer identity is what it computes (x + 0, x - 0, x or 0, x xor 0, x << 0, x * 1 a copy, propagated, or no line when x is the destination; x * 0 the constant 0; `mad.lo` with a 0 addend its `mul.lo`, with a factor 1 or two literal factors an `add`; never a float's), and a `mov.b32` / `.b64` takes a float constant's literal, as a loop's carried register starting from one does; an f16 / bf16 operand, an address, a vector, a predicate and the operands of mbarrier, cp.async, TMA, mma and tcgen05 instructions keep the register); `add` / `sub` / `mul.lo` `.s32`, `div` / `rem` / `min` / `max` `.s32` or `.u32`, `and` / `or` / `xor` / `shl` `.b32`, `shr` `.u32` / `.s32` (of `i1`s, `and.pred` / `or.pred` / `xor.pred`) |
| `arith.ceildivsi` / `floordivsi` / `ceildivui` | MLIR's arith-expand expansion: `div.s32`, then `@p add` / `sub` of one where `mul.lo` shows it inexact and the signs agree / differ (`setp.ge` / `lt.and` of their `xor`); `ceildivui` `(a - 1) / b + 1`, `selp` of 0 for a zero dividend |
| the same of `i64`s | the same `.s64` / `.u64` / `.b64` instructions in 64-bit registers (a shift's amount, and the value where it is used as a coordinate, the low half, `cvt.u32.u64`) |
| `arith.index_cast` / `index_castui` / `extsi` / `extui` / `trunci` between `index`, `i32` and `i64` | nothing between `index` and `i32`; `cvt.s64.s32` / `cvt.u64.u32` to `i64`, its low half from it |
| `arith.cmpi` / `arith.select` of 32-bit values (or `i64`s, floats) | `setp.<predicate>.s32` / `.u32` / `.b32` (`64`) into a predicate register / `selp.b32` (`.b64`, `.f32`, `.f64`, `.b16`) (of `i1`s, `mov.pred` under the condition and its negation) |
| float scalars of f32 / f64: `arith.addf` / `subf` / `mulf` / `maximumf` / `minimumf` / `maxnumf` / `minnumf` / `divf` / `negf`, `math.absf` / `sqrt` / `rsqrt` / `fma` / `exp2` / `exp` | `add.rn` / `sub.rn` / `mul.rn` / `max.NaN` / `min.NaN` (NaN-propagating, as `maximumf` is; of f64, which has no such form, and before sm_80: `max` / `min` with the operands' sum, a NaN, selected where either is one) / `max` / `min` / `div.rn` / `neg` / `abs` / `sqrt.rn` / `rsqrt.approx` / `fma.rn` / `ex2.approx` `.f32` or `.f64`; `exp` is `ex2.approx.f32` of x times log2(e) (`mul.rn.f32` by `0f3FB8AA3B`), as nvcc's `__expf` is; `exp2` and `exp` of f32 only (PTX's `ex2` has no f64 form); f16 / bf16 in f32 between `cvt.f32.<half>` of each operand and `cvt.rn.<half>.f32` (the half's correctly rounded result: f32's significand is more than twice a half's); `arith.remf`, which has no instruction, C's `fmod` exactly by builder.float_remainder's long division (f32 / f64; a half in f32, rounded back) |
| `arith.cmpf` of float scalars | `setp` of the predicate: `oeq` .. `one` `eq` / `gt` / `ge` / `lt` / `le` / `ne`, `ueq` .. `une` `equ` / `gtu` / `geu` / `ltu` / `leu` / `neu`, `ord` / `uno` `num` / `nan` (halves on their f32 widenings); `false` / `true` `mov.pred` of 0 / 1 |
| `arith.extf` / `arith.truncf` of float scalars (and tiles) | `cvt.<to>.<from>` (exact) / `cvt.<rounding>.<to>.<from>`, `roundingmode` `rn` / `rm` / `rp` / `rz` (none: `rn`; `to_nearest_away` is refused: `cvt` has `.rna` only into tf32); of an f32 tile to f16 / bf16 the same rounding, `rn` / `rz` by the packed `cvt.<rounding>.f16x2.f32`, `rm` / `rp` element by element packed by `mov.b32`; of a tile of f16 / bf16 to f32, of f32 to f64, each element `cvt.f32.f16` / `cvt.f32.bf16` / `cvt.f64.f32` into a register of its own, the tile placed as its source (a 16-bit pair unpacked by `mov.b32` first) |
| `arith.constant dense<v> : tensor<RxC...>` | a register tile (below) every element of which is v |
| `gpu.block_id` / `thread_id` / `block_dim` / `grid_dim` x, y, z | `%ctaid` / `%tid` / `%ntid` / `%nctaid` `.x`, `.y`, `.z` |
| `arith.addf` / `subf` / `mulf` / `maximumf` / `minimumf` of two register tiles placed alike | register by register (`.f16x2`, `.bf16x2` for 16-bit elements); `maximumf` / `minimumf` as `max.NaN` / `min.NaN`, from sm_80 (`tables/legality.NAN_TIER`); `addf` / `subf` / `mulf` of bf16 tiles from sm_90 (`tables/legality.tile_arithmetic_problem`, both) |
| the other float ops above of register tiles placed alike (`divf`, `negf`, `math.exp`, `fma`, ...) | register by register, each element its scalar op: an f32 register directly, a 16-bit pair unpacked (`mov.b32 {lo, hi}`), each half computed as a half scalar is, packed again |
| `scf.if` (with or without results and an else region) | `@!%c bra` to the else region (or past the then region), which ends with `bra.uni` past the else region; each result has registers of its own (a register tile's placed as the then region yields it) that each region's `scf.yield` sets; a region holds scalar and register-tile arithmetic (and nested `scf.if`s) only, the CTA-wide steps of the TMA, `cp.async` and tensor-memory paths being refused there |
| `scf.for` (with `iter_args`) | a counted loop over a 32-bit induction variable; each loop-carried scalar or register tile has registers of its own, set from its initial value, given the yielded ones at the end of each iteration |
| `nv_tileas.tiled_load` / `tiled_store` the TMA lowering did not take (no `allow_tma`; the `ldg` / `stg` atoms, or a TMA atom not taken) | `ld.global` / `st.global` of a register tile: a chunk a thread at a time (`.v4.b32` for 16 bytes; 8 and 4 bytes where 16 do not split the tile), when `in_bounds` says the tile is in its view and the view's innermost stride is 1 and its offset and other strides whole chunks (`tables/legality.whole_accesses`); with that innermost stride and no static offset or stride misaligning a chunk, else a chunk at a time where a test when the kernel runs passes (`checked_accesses`: the chunk's last element in the view unless `in_bounds`; this thread's address and each runtime stride in bytes multiples of a chunk, `and.b64` / `setp.eq.u64`, when the offset or an outer stride is dynamic) and, where it fails (a branch around the chunk), element by element; else element by element: each element predicated on the view's extents, static or the runtime ones of a view passed as its descriptor (out of them: zero), its rows addressed by a runtime row stride by `mad.lo.u64` |
| `nv_tileas.tiled_atomic_rmw` the TMA lowering did not take (no `allow_tma`, or an operation `cp.reduce.async.bulk.tensor` lacks) | each thread's elements of the tile, placed as they are (a load's chunks), combined by `red.global` (old values unused) or `atom.global` (used: they are the result tile, placed alike); the instruction of its `rmw_mode` and element type and the `.sem.scope` of its `memSemantic` / `memScope` from tables/atomics.py (`red` has no acquire: an `atom` whose value is discarded); a register at a time (16-bit pairs by `.v2`) where a store's would move whole as known when compiling (`whole_accesses`; no run-time test), else each element alone, predicated on the view |
| `nv_tileas.tiled_load` with the `ldgsts` atom | `cp.async.cg.shared.global` of 16 bytes a thread at a time (`.ca` of 8 or 4 where 16 do not split the tile) into a row-major shared tile (a chunk reaching past the view reads what lies in it and zero-fills the rest; through a dynamic offset or outer stride, where the test above proves the thread's chunks aligned, else each element by `ld.global` and `st.shared`), `cp.async.commit_group` / `wait_group 0`, `bar.sync` |
| a TMA store of a tile in registers (or laid out otherwise in shared memory) | every thread writes its registers into a staging buffer laid out as the store's boxes and swizzle (`st.shared.v4`), `fence.proxy.async.shared::cta`, `bar.sync`, then the store |
| a tensor-memory tile (`memref<LxCxT, 6>`, an argument) | tensor memory warp 0 allocates (`tcgen05.alloc`, a power of two of at least 32 columns) and frees at the end |
| a shared-memory tile (`memref<..., 3>`, an argument) | a `.shared` buffer |
| a register tile (`memref<LxCxT>`, an argument or `memref.alloca`) | one lane's row per thread: C x bits / 32 registers |
| a tile (`tensor` value) in registers | spread over the CTA's `num_warps` x 32 threads in chunks of the widest of 16, 8 and 4 bytes that splits it, chunk c to thread c mod T (emit/tileas_tiles.py) |
| `nv_tileas.copy` with the `instruction` tileas-legalize-tmem-copy set | `tcgen05.ld` / `tcgen05.st` at the warp's 32 lanes (and its wait), or `stmatrix` / `ldmatrix` `.x4`, each lane addressing its row, for the warps the tile's lanes reach |

Thread 0 (`%leader`) initialises the barriers and issues every transfer and bulk-group wait;
every thread waits on the barriers. Every TMA transfer passes the L2 policy `createpolicy` makes
before the body (evict_normal). Coordinates are the element coordinates of the tile's first element, outermost first as the
memops write them; TMA takes them innermost first. A stored tile is one the kernel loads or
computes. A device descriptor's `shapes(...)` are its dims innermost first,
and its `strides(...)` those of dims 1.. in elements. Anything else is an `EmitError` naming the
op: the kernel is not emitted rather than emitted wrong.
"""
from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field, replace
from math import e, log2, prod

from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from ..dialects.nv_tileas.async_tma import (ASYNC_WAIT, BOX_DIM, KERNEL_SPEC, STAGES, GATHER_TMA_LOAD, MBARRIER_BYTES, SCATTER_TMA_STORE,
                                           TILE_ALIGNMENT, TILED_TMA_LOAD, TILED_TMA_STORE, TMA_REDUCE_OP, is_kernel,
                                           thread_count)
from ..dialects.nv_tileas.async_tma import TILED_ATOMIC_RMW as TMA_REDUCTION
from ..dialects.nv_tileas.memops import (DIALECT, MEM_SCOPE, MEM_SEMANTIC, RMW_MODE, SCOPE_ATTRIBUTE, SEMANTIC_ATTRIBUTE,
                                         TILED_ATOMIC_RMW, TILED_LOAD, TILED_STORE)
from ..dialects.nv_tileas.copy import COPY, INSTRUCTION
from ..dialects.nv_tileas.dot import DOT
from ..dialects.nv_tileas.descriptor_abi import (DESCRIPTOR_ALIGNMENT, DESCRIPTOR_TYPE_PREFIX,
                                                 DEVICE_DESCRIPTOR_POINTER, GRID_CONSTANT, HIDDEN_ARGUMENT)
from ..ir.attributes import CMPF_PREDICATES, CMPI_PREDICATES, ROUNDING_MODES, attribute, constant_number, enum_case, enum_keyword, integer, integers
from ..ir.core import BlockArgument, OpResult, Operation, Value
from ..ir.functions import FunctionHeader, function_symbol
from ..ir.aliases import AliasTable, resolve_aliases
from ..ir.lift import UNKNOWN_TYPE, lift
from ..ir.shaped import Shaped, element_bits, shaped
from ..dialects.registry import is_function, is_integer_arithmetic, returns_to
from ..lowering_facts.tileas import (feeds_dot, loaded_tile_bytes, register_transfer, residency, shared_layout,
                                      splat_value, view_offset, view_strides)
from ..syntax.parser import parse
from ..tables import atoms as A
from ..tables import tensormap
from ..tables import tiers as T
from ..tables.atoms import Residency
from ..tables.atomics import memory_order
from ..tables.legality import (NAN_TIER, ELEMENTWISE_FLOAT, FLOAT_ARITHMETIC, FLOAT_INSTRUCTIONS, FLOAT_TILE_SUFFIX, REMAINDER, SPLAT, RegisterTransfer, carried_tile_problem,
                               dot_accumulator_problem, elementwise_problem, truncation_problem,
                               register_transfer_problem, restage_problem, whole_accesses, MOVES_BY_INSTRUCTION,
                               checked_accesses, tested_alignment, rounding_problem, scalar_float_problem,
                               TRUNCF_ROUNDING, bf16_conversion_problem, narrowing_problem, widening_problem,
                               tile_arithmetic_problem)
from ..verify.tma import IM2COL_DESCRIPTOR, operand_groups
from .builder import (CONSTANT_COMPARISONS, FENCE_MBARRIER_INIT, FENCE_PROXY_ASYNC, FLOAT_COMPARISONS, INTEGER_COMPARISONS,
                      TMEM_AFTER_THREAD_SYNC, TMEM_BEFORE_THREAD_SYNC,
                      PtxBuilder, PtxModule, float_remainder, mbarrier_init, memref_descriptor_fields, nan_propagating, passes_descriptor, render, tmem_alloc, tmem_dealloc, tmem_relinquish)
from .ptx import EmitError
from .ptx_copies import fold_constants, propagate
from .tileas_tiles import (Code, GlobalView, RegTile, SmemTile, TileError, atomic_global, chunk_tile, copy_async, dot,
                           from_shared,
                           load_global, matrix_dims, mma_tile, read_like, store_global, to_shared, truncate, widen)

MBARRIER_TYPE = "memref<1xi64, 3>"
# The L2 eviction priority of the kernel's TMA transfers (`createpolicy`).
L2_POLICY = "evict_normal"
THREADS = "%threads"      # the CTA's thread count: the arrivals an empty barrier waits for
LEADER = "%leader"      # thread 0 of the CTA: the one thread that issues TMA transfers
WARP, LANE, WARP0 = "%warp", "%lane", "%warp0"   # this thread's warp and lane; warp 0
TOKEN_TYPES = ("!nv_tileaa.mem_token",)
_LOAD_ROW, _STORE_ROW, _REDUCE_ROW = "tma_load.tile", "tma_store.tile", "tma_reduce.tile"
# Through an im2col tensor map: a load with its im2col offsets, stores and reductions without.
_IM2COL_LOAD_ROW, _IM2COL_STORE_ROW, _IM2COL_REDUCE_ROW = ("tma_load.im2col", "tma_store.im2col_no_offs",
                                                          "tma_reduce.im2col_no_offs")
_IM2COL_LOADS = frozenset({TILED_TMA_LOAD})
# The row transfers: their PTX load mode (the tiled ones take their row's) and coordinates.
_MODE = {GATHER_TMA_LOAD: ".tile::gather4", SCATTER_TMA_STORE: ".tile::scatter4"}
ROW_TRANSFERS = frozenset(_MODE)


def _through_im2col(op: Operation) -> bool:
    """Whether a tiled async transfer moves its tile through an im2col tensor map."""
    descriptor = (operand_groups(op).get("descriptor") or [None])[0]
    return descriptor is not None and str(descriptor.type).strip() == IM2COL_DESCRIPTOR


@dataclass
class _Emitter:
    kernel: PtxBuilder
    values: dict[Value, str] = field(default_factory=dict)       # value -> register (or smem symbol)
    tiles: dict[Value, str] = field(default_factory=dict)        # a loaded tile -> its smem register
    phases: dict[str, str] = field(default_factory=dict)         # mbarrier register -> its phase register
    prologue: list[str] = field(default_factory=list)            # mbarrier inits, before the body
    register_tiles: dict[Value, list[str]] = field(default_factory=dict)   # a register tile -> its registers
    tmem: list[tuple[str, str, int]] = field(default_factory=list)   # (slot symbol, address register, columns)
    deferred: list[str] = field(default_factory=list)            # delayed store waits
    lanes: dict[Value, int] = field(default_factory=dict)        # a tile the kernel holds -> its lanes (rows)
    row_bytes: dict[Value, int] = field(default_factory=dict)    # -> the bytes of one row
    uses_warps: bool = False
    uses_thread_count: bool = False
    device_pointers: list[str] = field(default_factory=list)     # tmaIdx -> the pointer a device descriptor is written through
    rings: dict[Value, "_Ring"] = field(default_factory=dict)    # a load's mbarrier -> its ring of stages
    tile_rings: dict[Value, "_Ring"] = field(default_factory=dict)   # a loaded tile -> the ring it lies in
    stages_of: dict[Value, tuple[int, Operation | None]] = field(default_factory=dict)   # mbarrier -> (stages, loop)
    releases: dict[int, list["_Ring"]] = field(default_factory=dict)   # id(loop) -> the rings it releases each iteration
    # id(loop) -> its loads filled ahead (software pipelining), each with the body ops its
    # coordinates are computed by; id(loop) -> its induction variable, upper bound and step.
    ahead: dict[int, list[tuple[Operation, list[Operation]]]] = field(default_factory=dict)
    bounds: dict[int, tuple[str, str, str]] = field(default_factory=dict)
    buffers: dict[Operation, str] = field(default_factory=dict)   # a load -> its shared buffer (all stages)
    policy: str | None = None                                     # the L2 cache policy register (createpolicy)
    threads: int | None = None                                    # the CTA's threads (the kernel spec's warps)
    tier: int = 0                                                 # the target's SM tier (90 for sm_90a)
    reg_tiles: dict[Value, RegTile] = field(default_factory=dict)     # a tile in registers
    smem_tiles: dict[Value, SmemTile] = field(default_factory=dict)   # a tile in shared memory
    global_bases: dict[Value, str] = field(default_factory=dict)      # a memref argument -> its global address
    unaddressable: dict[Value, str] = field(default_factory=dict)     # a memref argument -> why no address is known
    # A memref argument passed as its descriptor -> its extents and strides, each a number from
    # its type or the register of its runtime argument (an extent `.b32`, a stride in bytes `.b64`).
    runtime_views: dict[Value, tuple[list[int | str], list[int | str]]] = field(default_factory=dict)
    narrowed: dict[Value, str] = field(default_factory=dict)      # an i64 argument -> its low 32 bits
    # A value whose type the lifted IR leaves unknown (an `scf.if` result of a custom form that
    # writes no `-> (...)` for it) -> the type of what its region yields.
    types: dict[Value, str] = field(default_factory=dict)

    def type_of(self, value: Value) -> str:
        """A value's type as written, or, where the lifted IR does not know it, its yielded one's."""
        return self.types.get(value, str(value.type)) if value.type == UNKNOWN_TYPE else str(value.type)

    def fresh(self, stem: str) -> str:
        return self.kernel.fresh(stem)

    def register(self, value: Value, what: str, wide: bool = False) -> str:
        """The register holding `value`. An `i64` is held in 64 bits; where it is used as a
        32-bit coordinate (every use but 64-bit arithmetic, which asks `wide`) its low half,
        `cvt.u32.u64` at the use (an argument's once, at the entry)."""
        found = self.values.get(value)
        if found is None:
            raise _Unemittable(self.unaddressable.get(value) or f"{what} is computed by an op this emitter does not know")
        if wide or self.type_of(value) != "i64":
            return found
        narrow = self.narrowed.get(value)
        if narrow is None:
            narrow = self.kernel.reg("b32", "%" + self.fresh("lo"))
            self.kernel.emit(f"cvt.u32.u64 {narrow}, {found};")
        return narrow

    # ------------------------------------------------------------------ arguments
    def argument(self, argument: BlockArgument, marks: dict) -> None:
        type_text = str(argument.type)
        if type_text in TOKEN_TYPES:
            return
        name = parameter_name(argument)
        if type_text.startswith(DESCRIPTOR_TYPE_PREFIX):
            # A tensor map attach-tma-descriptor-args appended (a grid constant that is not one
            # of the kernel's own, hidden, arguments) is `.hidden`, as tileiras declares them.
            appended = GRID_CONSTANT in marks and HIDDEN_ARGUMENT not in marks
            reg = self.kernel.tensormap_param(name, f"%{name}", hidden=appended)
            self.kernel.emit(f"prefetch.tensormap [{reg}];")
            self.values[argument] = reg
            return
        space, tile = residency(argument.type)
        if space in (Residency.TMEM, Residency.SMEM, Residency.RMEM) and tile is not None:
            self.tile(argument, space, tile)
            return
        if space is Residency.GMEM and tile is not None and passes_descriptor(type_text):
            self.descriptor_fields(argument, name, tile)
            return
        wide = self.kernel.param(FLOAT_PARAMETERS.get(type_text, "u64"), name, f"%{name}")
        if type_text == DEVICE_DESCRIPTOR_POINTER and GRID_CONSTANT in marks:
            self.device_pointers.append(wide)
        if type_text in ("index", "i32", "i64"):
            narrow = self.kernel.reg("b32", f"%{name}_32")
            self.kernel.emit(f"cvt.u32.u64 {narrow}, {wide};")
            self.values[argument] = wide if type_text == "i64" else narrow
            if type_text == "i64":
                self.narrowed[argument] = narrow
        elif space is Residency.GMEM and tile is not None and (offset := view_offset(type_text)) != 0:
            # A static memref's parameter is its aligned pointer (MLIR's bare-pointer convention);
            # its first element lies `offset` elements past it, and every use addresses from there.
            bits = element_bits(tile.element)
            if bits is None:
                self.unaddressable[argument] = f"`%{argument.name_hint}` ({type_text}) has no element width"
                return
            first = self.kernel.reg("b64", f"%{name}_first")
            self.kernel.emit(f"add.u64 {first}, {wide}, {offset * bits // 8};")
            self.values[argument] = first
        else:
            self.values[argument] = wide

    def descriptor_fields(self, argument: BlockArgument, name: str, view: Shaped) -> None:
        """A global memref of dynamic extents, strides or offset: MLIR's memref descriptor, a
        `.u64` parameter per field (`memref_descriptor_fields`). Read are the aligned pointer,
        moved to the first element by the offset, and the dynamic extents (64-bit counts, which
        the bounds tests compare in 64 bits) and strides (in bytes); what the type fixes is taken from it, as MLIR's
        lowering takes it. Of a view the kernel does not use, nothing is read."""
        type_text = str(argument.type)
        bits = element_bits(view.element)
        strides, offset = view_strides(type_text), view_offset(type_text)
        fields = memref_descriptor_fields(name, len(view.dims))
        self.kernel.params += [("u64", field_name) for field_name, _ in fields]
        if not argument.uses:
            return                # a view only the host reads (its tensor maps'): no field is loaded
        k = self.kernel

        def read(field_name: str) -> str:
            reg = k.reg("b64", f"%{field_name}")
            k.emit(f"ld.param.u64 {reg}, [{field_name}];")
            return reg

        base = read(name)
        if bits is None:
            self.unaddressable[argument] = f"`%{argument.name_hint}` ({type_text}) has no element width"
            return
        if offset is None or offset:
            first = k.reg("b64", f"%{name}_first")
            if offset is None:
                k.emit(f"mad.lo.u64 {first}, {read(f'{name}_offset')}, {bits // 8}, {base};")
            else:
                k.emit(f"add.u64 {first}, {base}, {offset * bits // 8};")
            base = first
        self.values[argument] = base
        # A runtime extent stays MLIR's 64-bit size: the tiles' bounds tests compare it in 64 bits
        # (emit/tileas_tiles._below), as a view may pass 2^32 elements in one dimension.
        extents: list[int | str] = [read(f"{name}_size{axis}") if extent is None else extent
                                    for axis, extent in enumerate(view.dims)]
        in_bytes: list[int | str] = []
        for axis, stride in enumerate(strides):
            if stride is None:
                reg = k.reg("b64", f"%{name}_stride{axis}_bytes")
                k.emit(f"mul.lo.u64 {reg}, {read(f'{name}_stride{axis}')}, {bits // 8};")
                stride = reg
            in_bytes.append(stride)
        self.runtime_views[argument] = (extents, in_bytes)

    def tile(self, value: Value, space: Residency, tile: Shaped) -> None:
        """A tile the kernel holds itself: tensor memory it allocates, a shared-memory buffer,
        or registers (one lane's row per thread: columns x bits / 32 registers)."""
        bits = element_bits(tile.element)
        if None in tile.dims or bits is None or len(tile.dims) != 2:
            raise _Unemittable(f"a {space.name.lower()} tile of {value.type} is not a static 2-d tile")
        lanes, columns = tile.dims
        cells = columns * bits // 32
        if space is Residency.TMEM:
            allocated = max(32, 1 << (max(cells, 1) - 1).bit_length())   # a power of two, at least 32
            symbol = self.fresh("tmem_slot")
            self.kernel.shared(f".shared .align 16 .b32 {symbol};")
            self.tmem.append((symbol, self.kernel.reg("b32", f"%{symbol}_address"), allocated))
            self.values[value] = self.tmem[-1][1]
        elif space is Residency.SMEM:
            symbol = self.fresh("smem")
            self.kernel.shared(f".shared .align 128 .b8 {symbol}[{lanes * columns * bits // 8}];")
            reg = self.kernel.reg("b32", f"%{symbol}")
            self.kernel.emit(f"mov.u32 {reg}, {symbol};")
            self.values[value] = reg
        else:
            regs = self.kernel.regs("b32", "%" + self.fresh("rt") + "_", cells)
            if isinstance(value, BlockArgument):
                self.kernel.init("b32", regs)      # a register tile the kernel is handed: a defined value
            self.register_tiles[value] = regs
        self.lanes[value] = lanes
        self.row_bytes[value] = columns * bits // 8

    def hop(self, op: Operation) -> None:
        """One hop of a legalised tensor-memory copy: each warp whose lanes the tile reaches
        issues the instruction for its 32 lanes (`count` in all)."""
        instruction = attribute(op, INSTRUCTION)
        if instruction is None or len(op.operands) != 2:
            raise _Unemittable(f"`{COPY}` that tileas-legalize-tmem-copy did not legalise")
        text = instruction.text.strip('"')
        source, dest = op.operands
        lanes = self.lanes.get(source) or self.lanes.get(dest)
        warp = self.warp_predicate(lanes)
        family = text.split(".", 1)[0]
        if text.startswith("tcgen05."):
            tmem, regs = (source, dest) if text.startswith("tcgen05.ld") else (dest, source)
            address = self.lane_address(self.register(tmem, "the tensor-memory tile"))
            registers = "{" + ", ".join(self.registers_of(regs)) + "}"
            if text.startswith("tcgen05.ld"):
                self.kernel.op(f"{warp}{text} {registers}, [{address}];")
                self.kernel.op(f"{warp}tcgen05.wait::ld.sync.aligned;")
            else:
                self.kernel.op(f"{warp}{text} [{address}], {registers};")
                self.kernel.op(f"{warp}tcgen05.wait::st.sync.aligned;")
        elif family in ("stmatrix", "ldmatrix"):
            smem, regs = (dest, source) if family == "stmatrix" else (source, dest)
            registers = self.registers_of(regs)
            base = self.register(smem, "the shared-memory tile")
            row = self.kernel.reg("b32", "%" + self.fresh("row"))
            # Lane t of warp w addresses row 32w + t; instruction i its 8 columns at 16 i bytes.
            self.kernel.emit(f"mad.lo.u32 {row}, {self.warp_register()}, 32, {self.lane_register()};")
            self.kernel.emit(f"mad.lo.u32 {row}, {row}, {self.row_bytes[smem]}, {base};")
            for i in range(len(registers) // 4):
                group = "{" + ", ".join(registers[4 * i:4 * i + 4]) + "}"
                operands = f"[{row}+{16 * i}], {group}" if family == "stmatrix" else f"{group}, [{row}+{16 * i}]"
                self.kernel.op(f"{warp}{text} {operands};")
        else:
            raise _Unemittable(f"`{COPY}` by `{text}`: no PTX for it here")

    def registers_of(self, value: Value) -> list[str]:
        found = self.register_tiles.get(value)
        if found is None:
            raise _Unemittable("a register tile is computed by an op this emitter does not know")
        return found

    def warp_register(self) -> str:
        self.uses_warps = True
        return WARP

    def lane_register(self) -> str:
        self.uses_warps = True
        return LANE

    def warp_predicate(self, lanes: int | None) -> str:
        """`@p ` for the warps a tile of `lanes` lanes reaches (all four: none)."""
        if lanes is None or lanes >= 128:
            return ""
        predicate = self.kernel.reg("pred", "%" + self.fresh("reach"))
        self.kernel.emit(f"setp.lt.u32 {predicate}, {self.warp_register()}, {lanes // 32};")
        return f"@{predicate} "

    def lane_address(self, tmem: str) -> str:
        """The tensor-memory address of this warp's 32 lanes: the lane is the high 16 bits."""
        address = self.kernel.reg("b32", "%" + self.fresh("taddr"))
        self.kernel.emit(f"shl.b32 {address}, {self.warp_register()}, 21;")
        self.kernel.emit(f"add.u32 {address}, {address}, {tmem};")
        return address

    # ------------------------------------------------------------------ ops
    def op(self, op: Operation) -> None:
        handler = _HANDLERS.get(op.name)
        if handler is None and _ends_emitted_region(op.name):
            handler = _Emitter.nothing
        if handler is None:
            raise _Unemittable(f"`{op.name}` has no PTX in a TileAS kernel here")
        handler(self, op)

    def constant(self, op: Operation) -> None:
        """An integer or float scalar (`mov` of its bits), or a tensor splat (a register tile
        each of whose elements is the value)."""
        result = op.results[0] if op.results else None
        number = constant_number(result) if result is not None else None
        if number is None and result is not None:
            number = splat_value(op)
        if number is None:
            raise _Unemittable("`arith.constant` other than a number or a splat tensor of one")
        type_text = str(result.type)
        if type_text.startswith("tensor<"):
            dims, element, bits = self.matrix(type_text, op)
            if feeds_dot(result):
                # An accumulator: made in the placement of the mma.sync that reads it.
                self.reg_tiles[result] = self.guard(lambda: mma_tile(self.code(), dims, self.warp_register(),
                                                                     self.lane_register(), splat=number))
                return
            tile = self.guard(lambda: chunk_tile(self.code(), dims, element, bits))
            word = _splat_bits(number, element, bits, tile.per)
            for reg in tile.regs:
                self.kernel.emit(f"mov.{tile.reg_type} {reg}, {word};")
            self.reg_tiles[result] = replace(tile, splat=number)
            return
        scalar = _SCALAR_TYPES.get(type_text, "b32")
        if type_text in _FLOAT_BITS:
            value = _float_bits(number, type_text)
        elif number != int(number):
            raise _Unemittable(f"`arith.constant` {number} of {type_text}")
        else:
            value = str(int(number))
        reg = self.kernel.reg(scalar, "%" + self.fresh("c"))
        self.kernel.emit(f"mov.{scalar} {reg}, {value};")
        self.values[result] = reg

    def special(self, op: Operation) -> None:
        """`gpu.block_id` / `thread_id` / `block_dim` / `grid_dim` x|y|z: the special register."""
        dimension = special_dimension(op)
        if dimension is None or not op.results:
            raise _Unemittable(f"`{op.name}` without its dimension (x, y or z)")
        reg = self.kernel.reg("b32", "%" + self.fresh(op.name.split(".")[-1]))
        self.kernel.emit(f"mov.u32 {reg}, {SPECIAL_REGISTERS[op.name]}.{dimension};")
        self.values[op.results[0]] = reg

    def float_binary(self, op: Operation) -> None:
        """A float op (`FLOAT_INSTRUCTIONS`) of scalars (`float_scalar`), or of tiles in registers placed
        alike (f16 / bf16 two elements to a register): a tile in shared memory is read in the
        placement of the register tile it meets, and of two in shared memory the first in the
        chunks (`tables/legality.register_tile_problem`), the others as the first; a splat
        constant is made again in the other's placement. Tiles placed otherwise are refused by
        `tables/legality.elementwise_problem`, in the words lower-tma-load-store-to-async
        reports them with at the op. `FLOAT_ARITHMETIC`'s ops are one instruction a register
        (`.f16x2`, `.bf16x2` for 16-bit elements); the others, register by register, the scalar
        op of each element (`float_value`; a 16-bit pair unpacked, `mov.b32 {lo, hi}`, and
        packed again)."""
        count = _FLOAT_OPERANDS[op.name]
        if len(op.operands) != count or not op.results:
            raise _Unemittable(f"`{op.name}` without {count} operands")
        values = list(op.operands)
        if not any(v in self.reg_tiles or v in self.smem_tiles for v in values):
            self.float_scalar(op)
            return
        held = [self.reg_tiles.get(v) for v in values]
        placements = [None if tile is None else SPLAT if tile.splat is not None else tile.placement for tile in held]
        found = shaped(str(op.results[0].type))
        element = found.element if found else str(op.results[0].type)
        if (why := elementwise_problem(element, placements)) is not None:
            raise _Unemittable(f"`{op.name}` {why}")
        if all(tile is None for tile in held):
            x = self.reg_tile(values[0], op)
            tiles = [x] + [self.read_like(v, x, op) for v in values[1:]]
        else:
            # The placement all take: the first register tile's that is not a splat, else the first's.
            placed = next((t for t, p in zip(held, placements) if p not in (None, SPLAT)), None) \
                or next(t for t in held if t is not None)
            tiles = [self.placed_like(v, tile, placed, op) for v, tile in zip(values, held)]
        x = tiles[0]
        if any(t.offsets != x.offsets or t.element != x.element for t in tiles):
            raise _Unemittable(f"`{op.name}` of two tiles placed differently in registers")
        regs = self.kernel.regs(x.reg_type, "%" + self.fresh("ew") + "_", len(x.regs))
        if (why := tile_arithmetic_problem(op.name, x.element, self.tier)) is not None:
            raise _Unemittable(f"`{op.name}` {why}")
        for out, *operands in zip(regs, *(t.regs for t in tiles)):
            if op.name in FLOAT_ARITHMETIC:
                self.kernel.emit(f"{FLOAT_ARITHMETIC[op.name]}{FLOAT_TILE_SUFFIX[x.element]} {out}, {', '.join(operands)};")
            elif x.per == 1:
                self.float_value(op, x.element, operands, into=out)
            else:
                pairs = [self.kernel.regs("b16", "%" + self.fresh("half") + "_", 2) for _ in operands]
                for pair, reg in zip(pairs, operands):
                    self.kernel.emit(f"mov.b32 {{{pair[0]}, {pair[1]}}}, {reg};")
                low, high = (self.float_value(op, x.element, [pair[i] for pair in pairs]) for i in (0, 1))
                self.kernel.emit(f"mov.b32 {out}, {{{low}, {high}}};")
        self.reg_tiles[op.results[0]] = replace(x, regs=regs, splat=None)

    def placed_like(self, value: Value, tile: RegTile | None, placed: RegTile, op: Operation) -> RegTile:
        """`value`'s registers placed as `placed`: itself, a tile in shared memory read so, or a
        splat constant made again so."""
        if tile is placed:
            return tile
        if tile is None:
            return self.read_like(value, placed, op)
        if tile.splat is not None and (tile.placement, tile.offsets) != (placed.placement, placed.offsets):
            regs = self.kernel.regs(placed.reg_type, "%" + self.fresh("t") + "_", len(placed.regs))
            word = _splat_bits(tile.splat, placed.element, placed.bits, placed.per)
            for reg in regs:
                self.kernel.emit(f"mov.{placed.reg_type} {reg}, {word};")
            return replace(placed, regs=regs, splat=tile.splat)
        return tile

    def float_scalar(self, op: Operation) -> None:
        """A float op (`FLOAT_INSTRUCTIONS`) of scalars: of f32 or f64 its instruction; of f16 or bf16 the
        f32 instruction between `cvt.f32.<half>` of each operand (exact) and `cvt.rn.<half>.f32`
        of the result: f32's 24-bit significand is at least twice a half's plus two, so rounding
        an add, sub, mul, div, sqrt or fma to f32 first cannot change the half's correctly
        rounded result. `math.exp` is `ex2` of x * log2(e) (`_EXP_SCALE`), as nvcc's `__expf`
        and `-use_fast_math` expf are."""
        count = _FLOAT_OPERANDS[op.name]
        self.values[op.results[0]] = self.float_value(op, self.type_of(op.results[0]), self.operands(op, count))

    def float_value(self, op: Operation, float_type: str, operands: list[str], into: str | None = None) -> str:
        """The register (`into`, if given) of `op`'s float op of scalars of `float_type` held in
        `operands` (`float_scalar`)."""
        wide_type = "f32" if float_type in _HALVES else float_type
        if (why := scalar_float_problem(op.name, float_type)) is not None:
            raise _Unemittable(f"`{op.name}` {why}")
        if float_type in _HALVES:
            operands = [self.widened(reg, float_type, op) for reg in operands]
        k = self.kernel
        wide_into = into if float_type not in _HALVES else None
        if op.name == REMAINDER:
            reg = float_remainder(k, wide_type, *operands, wide_into)
        else:
            reg = self.float_instruction(op, wide_type, operands, wide_into)
        if float_type in _HALVES:
            narrow = into or k.reg("b16", "%" + self.fresh("h"))
            k.emit(f"cvt.rn.{float_type}.f32 {narrow}, {reg};")
            reg = narrow
        return reg

    def float_instruction(self, op: Operation, float_type: str, operands: list[str], into: str | None) -> str:
        """The register (`into`, if given) of `op`'s instruction (FLOAT_INSTRUCTIONS) of f32 / f64
        `operands` (`float_value`)."""
        k = self.kernel
        instruction, _ = FLOAT_INSTRUCTIONS[op.name]
        if op.name in _EXP_SCALE:
            scaled = k.reg("f32", "%" + self.fresh("f"))
            k.emit(f"mul.rn.f32 {scaled}, {operands[0]}, {_EXP_SCALE[op.name]};")
            operands = [scaled]
        reg = into if into is not None else k.reg(float_type, "%" + self.fresh("f"))
        if ".NaN" in instruction and (float_type == "f64" or self.tier < NAN_TIER):
            for line in nan_propagating(instruction.split(".")[0], float_type, reg, *operands, k.reg(float_type, "%" + self.fresh("num")),
                                        k.reg("pred", "%" + self.fresh("nan")), k.reg(float_type, "%" + self.fresh("sum"))):
                k.emit(line)
        else:
            k.emit(f"{instruction}.{float_type} {reg}, {', '.join(operands)};")
        return reg

    def widened(self, reg: str, float_type: str, op: Operation) -> str:
        """An f16 / bf16 scalar as an f32, exactly (`cvt.f32.<half>`; bf16's from sm_80:
        `tables/legality.bf16_conversion_problem`)."""
        if (why := bf16_conversion_problem(float_type, None, self.tier)) is not None:
            raise _Unemittable(f"`{op.name}` {why}")
        wide = self.kernel.reg("f32", "%" + self.fresh("f"))
        self.kernel.emit(f"cvt.f32.{float_type} {wide}, {reg};")
        return wide

    def compare_floats(self, op: Operation) -> None:
        """`arith.cmpf` of two float scalars: `setp` of its predicate (`FLOAT_COMPARISONS`: the
        ordered ones false, the unordered ones true where an operand is NaN), of f16 / bf16 on
        their exact f32 widenings; `false` / `true` the predicate set to it."""
        operands = self.operands(op, 2)
        predicate = enum_keyword(op, CMPF_PREDICATES) or ""
        float_type = self.type_of(op.operands[0])
        reg = self.kernel.reg("pred", "%" + self.fresh("p"))
        if predicate in CONSTANT_COMPARISONS:
            self.kernel.emit(f"mov.pred {reg}, {CONSTANT_COMPARISONS[predicate]};")
        elif predicate not in FLOAT_COMPARISONS or float_type not in _FLOAT_BITS:
            raise _Unemittable(f"`{op.name}` {predicate} of {float_type}: of f16, bf16, f32 or f64 scalars here")
        else:
            if float_type in _HALVES:
                operands = [self.widened(r, float_type, op) for r in operands]
            wide_type = "f32" if float_type in _HALVES else float_type
            self.kernel.emit(f"setp.{FLOAT_COMPARISONS[predicate]}.{wide_type} {reg}, {', '.join(operands)};")
        self.values[op.results[0]] = reg

    def extf(self, op: Operation) -> None:
        """`arith.extf` of a tile (f16 / bf16 to f32, f32 to f64: `tables/legality.widening_problem`;
        a tile in shared memory read into registers in the chunk placement first), each element
        `cvt` into registers twice as wide, placed as its source is (tileas_tiles.widen), or of a
        float scalar (`convert_float`)."""
        if op.operands and (op.operands[0] in self.reg_tiles or op.operands[0] in self.smem_tiles):
            if len(op.operands) != 1 or not op.results:
                raise _Unemittable(f"`{op.name}` without one operand")
            source, found = shaped(self.type_of(op.operands[0])), shaped(self.type_of(op.results[0]))
            if source is None or found is None:
                raise _Unemittable(f"`{op.name}` of a tile to {self.type_of(op.results[0])}: of tiles to tiles here")
            why = widening_problem(source.element, found.element)
            if why is not None:
                raise _Unemittable(f"`{op.name}` {why}")
            if (why := bf16_conversion_problem(source.element, found.element, self.tier, tile=True)) is not None:
                raise _Unemittable(f"`{op.name}` {why}")
            tile = self.reg_tile(op.operands[0], op)
            self.reg_tiles[op.results[0]] = self.guard(lambda: widen(self.code(), tile, found.element))
            return
        self.convert_float(op)

    def convert_float(self, op: Operation) -> None:
        """`arith.extf` / `arith.truncf` of a float scalar: `cvt` between the types, a widening
        exact (no rounding), a narrowing rounded as `roundingmode` says (`TRUNCF_ROUNDING`; to
        nearest even when it says nothing)."""
        [source] = self.operands(op, 1)
        source_type, result_type = self.type_of(op.operands[0]), self.type_of(op.results[0])
        if source_type not in _FLOAT_BITS or result_type not in _FLOAT_BITS:
            raise _Unemittable(f"`{op.name}` of {source_type} to {result_type}: between f16, bf16, f32 and f64 "
                               f"scalars (or of an f32 tile to f16 / bf16) here")
        mode = self.rounding(op) if op.name == "arith.truncf" else "rn"
        rounding = mode + "." if op.name == "arith.truncf" else ""
        if (why := bf16_conversion_problem(source_type, result_type, self.tier, mode)) is not None:
            raise _Unemittable(f"`{op.name}` {why}")
        reg = self.kernel.reg(_SCALAR_TYPES[result_type], "%" + self.fresh("f"))
        self.kernel.emit(f"cvt.{rounding}{result_type}.{source_type} {reg}, {source};")
        self.values[op.results[0]] = reg

    def dot(self, op: Operation) -> None:
        """`nv_tileas.dot`: ldmatrix of the operand tiles from shared memory, mma.sync.m16n8k16
        into the accumulator's registers (the warps share the rows)."""
        if len(op.operands) != 3 or not op.results:
            raise _Unemittable(f"`{op.name}` without its a, b and accumulator")
        a, b, acc = op.operands
        shared = [self.smem_tiles.get(a), self.smem_tiles.get(b)]
        if None in shared:
            raise _Unemittable(f"`{op.name}` multiplies tiles in shared memory (a TMA or `cp.async` load's)")
        accumulator = self.reg_tiles.get(acc)
        why = dot_accumulator_problem(None if accumulator is None else accumulator.placement)
        if why is not None:
            raise _Unemittable(f"`{op.name}` {why}")
        warp, lane = self.warp_register(), self.lane_register()
        self.reg_tiles[op.results[0]] = self.guard(lambda: dot(self.code(), *shared, accumulator, warp, lane))

    def truncf(self, op: Operation) -> None:
        """`arith.truncf` of an f32 tile to f16 / bf16 in its rounding mode (`rounding`, tileas_tiles.truncate; a tile in shared memory read into
        registers in the chunk placement first), or of a scalar (`convert_float`)."""
        if len(op.operands) != 1 or not op.results:
            raise _Unemittable(f"`{op.name}` without one operand")
        found = shaped(str(op.results[0].type))
        if (op.operands[0] in self.reg_tiles or op.operands[0] in self.smem_tiles) and found is not None:
            source = shaped(self.type_of(op.operands[0]))
            if (why := narrowing_problem(source.element if source else self.type_of(op.operands[0]),
                                         found.element)) is not None:
                raise _Unemittable(f"`{op.name}` {why}")
            held = self.reg_tiles.get(op.operands[0])
            why = truncation_problem(held.placement if held is not None else None,
                                     tuple(found.dims[-2:]) if found.rank == 2 else (1, found.dims[0]), self.threads)
            if why is not None:
                raise _Unemittable(f"`{op.name}` {why}")
            mode = self.rounding(op)
            if (why := bf16_conversion_problem("f32", found.element, self.tier, mode, tile=True)) is not None:
                raise _Unemittable(f"`{op.name}` {why}")
            tile = self.reg_tile(op.operands[0], op)
            self.reg_tiles[op.results[0]] = self.guard(lambda: truncate(self.code(), tile, found.element, mode))
            return
        if op.operands[0] in self.reg_tiles or op.operands[0] in self.smem_tiles:
            raise _Unemittable(f"`{op.name}` of a tile to {op.results[0].type}: of f32 tiles to f16 / bf16 here")
        self.convert_float(op)

    @staticmethod
    def rounding(op: Operation) -> str:
        """`cvt`'s rounding for an `arith.truncf`'s `roundingmode` (`TRUNCF_ROUNDING`; to nearest
        even when it says none). `to_nearest_away` is refused: `cvt` has `.rna` only into tf32
        (PTX ISA, cvt: `cvt.rna{.satfinite}.tf32.f32`)."""
        mode = enum_keyword(op, ROUNDING_MODES, "roundingmode") or "to_nearest_even"
        if (why := rounding_problem(mode)) is not None:
            raise _Unemittable(f"`{op.name}` {why}")
        return TRUNCF_ROUNDING[mode]

    # ------------------------------------------------------------------ tiles
    def code(self) -> Code:
        return Code(self.kernel, self.fresh, self.threads)

    @staticmethod
    def guard(make):
        try:
            return make()
        except TileError as why:
            raise _Unemittable(str(why)) from None

    def matrix(self, type_text: str, op: Operation) -> tuple[tuple[int, int], str, int]:
        try:
            return matrix_dims(type_text)
        except TileError as why:
            raise _Unemittable(f"`{op.name}`: {why}") from None

    def reg_tile(self, value: Value, op: Operation) -> RegTile:
        """A tile as registers: a register tile as it is, a shared-memory one read into
        registers."""
        found = self.reg_tiles.get(value)
        if found is not None:
            return found
        shared = self.smem_tiles.get(value)
        if shared is None:
            raise _Unemittable(f"`{op.name}` uses a tile this kernel neither loads nor computes")
        self.kernel.emit("bar.sync 0;")        # every thread's writes of it are done
        return self.guard(lambda: from_shared(self.code(), shared))

    def read_like(self, value: Value, placed: RegTile, op: Operation) -> RegTile:
        """A tile in shared memory read into registers placed as `placed` is."""
        shared = self.smem_tiles.get(value)
        if shared is None:
            raise _Unemittable(f"`{op.name}` uses a tile this kernel neither loads nor computes")
        self.kernel.emit("bar.sync 0;")        # every thread's writes of it are done
        return self.guard(lambda: read_like(self.code(), shared, placed))

    def global_view(self, op: Operation, transfer: RegisterTransfer, view: Value, coords: list[Value]) -> GlobalView:
        """Where a tile of `op` lies in its global memref view (`transfer` passed the register
        path's rule): a view passed as its descriptor has its runtime extents and strides."""
        extents, strides = self.runtime_views.get(view, (list(transfer.view_dims), list(transfer.view_strides)))
        return GlobalView(self.global_address(view), extents, strides,
                          [self.register(c, f"a coordinate of `{op.name}`") for c in coords], transfer.bits,
                          transfer.in_bounds, whole_accesses(transfer), checked_accesses(transfer),
                          tested_alignment(transfer))

    def register_transfer(self, op: Operation, held_in_shared: bool = False) -> RegisterTransfer:
        """`op` as the register path moves it, refused here with the words the TMA lowering
        reports it with (`tables/legality.register_transfer_problem`)."""
        transfer = register_transfer(op, self.threads, held_in_shared)
        if (why := register_transfer_problem(transfer)) is not None:
            raise _Unemittable(f"`{op.name}` {MOVES_BY_INSTRUCTION[transfer.instruction]}, which it cannot: {why}")
        return transfer

    def global_address(self, view: Value) -> str:
        """The global-space address of a memref argument (`cvta.to.global`, once)."""
        found = self.global_bases.get(view)
        if found is None:
            generic = self.register(view, "the view")
            found = self.kernel.reg("b64", "%" + self.fresh("global"))
            self.kernel.emit(f"cvta.to.global.u64 {found}, {generic};")
            self.global_bases[view] = found
        return found

    def tiled_load(self, op: Operation) -> None:
        """A load the TMA lowering did not take: `cp.async` into shared memory with the `ldgsts`
        atom, else `ld.global` into registers (whatever atom it names: without `allow_tma` a
        `tma_load` atom is what TMA would use, not what it does)."""
        transfer = self.register_transfer(op)
        groups = operand_groups(op)
        dims, element, bits = self.matrix(transfer.tile, op)
        where = self.global_view(op, transfer, groups["view"][0], list(groups["coords"]))
        if transfer.instruction == "cp.async":
            symbol = self.fresh("async_tile")
            tile = SmemTile(self.kernel.reg("b32", f"%{symbol}"), dims, element, bits, dims)
            self.kernel.shared(f".shared .align {TILE_ALIGNMENT} .b8 {symbol}[{tile.bytes}];")
            self.kernel.emit(f"mov.u32 {tile.base}, {symbol};")
            self.kernel.emit("bar.sync 0;")    # its last readers are done with it
            self.guard(lambda: copy_async(self.code(), where, tile))
            self.smem_tiles[op.results[0]] = tile
            return
        self.reg_tiles[op.results[0]] = self.guard(lambda: load_global(self.code(), where, dims, element))

    def tiled_store(self, op: Operation) -> None:
        """A store the TMA lowering did not take: `st.global` of its tile's registers (a tile in
        shared memory read into them first)."""
        groups = operand_groups(op)
        value = groups["value"][0]
        transfer = self.register_transfer(op, value not in self.reg_tiles and value in self.smem_tiles)
        tile = self.reg_tile(value, op)
        where = self.global_view(op, transfer, groups["view"][0], list(groups["coords"]))
        self.guard(lambda: store_global(self.code(), where, tile))

    def tiled_atomic(self, op: Operation) -> None:
        """An atomic the TMA lowering did not take: each thread's elements of its tile (a tile
        in shared memory read into registers first) combined by `red.global`, or `atom.global`
        when the old values are used: they are the result tile, placed as the combined one
        (tables/atomics.py: the instruction of its `rmw_mode` and elements, the memory order of
        its `memSemantic` and `memScope`)."""
        groups = operand_groups(op)
        value = groups["value"][0]
        transfer = self.register_transfer(op, value not in self.reg_tiles and value in self.smem_tiles)
        tile = self.reg_tile(value, op)
        where = self.global_view(op, transfer, groups["view"][0], list(groups["coords"]))
        order = memory_order(enum_case(op, SEMANTIC_ATTRIBUTE[op.name], DIALECT, MEM_SEMANTIC),
                             enum_case(op, SCOPE_ATTRIBUTE[op.name], DIALECT, MEM_SCOPE))
        returns = bool(op.results and op.results[0].uses)
        try:
            old = atomic_global(self.code(), where, tile, enum_case(op, RMW_MODE, DIALECT, RMW_MODE), self.tier,
                                order, returns)
        except TileError as why:
            raise _Unemittable(f"`{op.name}` has no per-thread atomic: {why}") from None
        if old is not None:
            self.reg_tiles[op.results[0]] = old

    def staged(self, op: Operation, value: Value, box: tuple[int, int], swizzle: str) -> SmemTile:
        """A tile a TMA store reads from shared memory: a TMA load's as it lies, any other
        written by every thread into a staging buffer laid out as the store's boxes."""
        shared = self.smem_tiles.get(value)
        if shared is not None and shared.box == box and shared.swizzle == swizzle:
            return shared
        if shared is not None and (why := restage_problem(shared.dims, shared.bits, self.threads,
                                                          (shared.box, shared.swizzle), (box, swizzle))):
            raise _Unemittable(f"`{op.name}` {why}")
        tile = self.reg_tile(value, op)
        symbol = self.fresh("stage")
        stage = SmemTile(self.kernel.reg("b32", f"%{symbol}"), tile.dims, tile.element, tile.bits, box, swizzle)
        self.kernel.shared(f".shared .align {TILE_ALIGNMENT} .b8 {symbol}[{stage.bytes}];")
        self.kernel.emit(f"mov.u32 {stage.base}, {symbol};")
        # The last TMA store from this buffer has read it (the leader waited) before any thread writes it.
        self.kernel.emit(f"@{LEADER} cp.async.bulk.wait_group.read 0;")
        self.kernel.emit("bar.sync 0;")
        self.guard(lambda: to_shared(self.code(), tile, stage))
        self.kernel.emit(FENCE_PROXY_ASYNC)   # the writes, seen by the TMA unit
        self.kernel.emit("bar.sync 0;")
        return stage

    def device_descriptor(self, op: Operation) -> None:
        """A descriptor the kernel builds: the callback ABI wrote its template to the kernel's
        descriptor pointer for its tmaIdx; the leader replaces the three mutable fields in the
        page's order (address, dims, strides), releases the writes to the tensor-map proxy and
        acquires them before the first transfer reads the descriptor."""
        index = integer(op, "tmaIdx")
        if index is None or not 0 <= index < len(self.device_pointers):
            raise _Unemittable(f"`{DESCRIPTOR_BUILDER}` (tmaIdx {index}) has no device descriptor argument")
        pointer = self.device_pointers[index]
        groups = operand_groups(op)
        tensor, shapes, strides = groups["tensor"][0], list(groups["shapes"]), list(groups["strides"])
        bits = integer(op, "elementBitWidth")
        if bits is None or len(strides) != max(len(shapes) - 1, 0) or not shapes:
            raise _Unemittable(f"`{DESCRIPTOR_BUILDER}` without its element width, shapes and strides")
        replace = "tensormap.replace.tile.{field}.global.b1024.{type} [{ptr}], {ord}{value};"
        k = self.kernel
        k.op(f"@{LEADER} " + replace.format(field="global_address", type="b64", ptr=pointer, ord="",
                                            value=self.register(tensor, "the descriptor's tensor")))
        for axis, shape in enumerate(shapes):
            k.op(f"@{LEADER} " + replace.format(field="global_dim", type="b32", ptr=pointer, ord=f"{axis}, ",
                                                value=self.register(shape, "a descriptor extent")))
        for axis, stride in enumerate(strides, start=1):
            in_bytes = k.reg("b64", "%" + self.fresh("stride"))
            k.emit(f"mul.wide.u32 {in_bytes}, {self.register(stride, 'a descriptor stride')}, {bits // 8};")
            k.op(f"@{LEADER} " + replace.format(field="global_stride", type="b64", ptr=pointer, ord=f"{axis - 1}, ",
                                                value=in_bytes))
        k.op(f"@{LEADER} fence.proxy.tensormap::generic.release.gpu;")
        generic = k.reg("b64", "%" + self.fresh("desc"))
        k.emit(f"cvta.global.u64 {generic}, {pointer};")
        k.op(f"@{LEADER} fence.proxy.tensormap::generic.acquire.gpu [{generic}], {DESCRIPTOR_ALIGNMENT};")
        k.op(f"@{LEADER} prefetch.tensormap [{generic}];")
        self.values[op.results[0]] = generic

    def load_scalar(self, op: Operation) -> None:
        """`memref.load %m[%i]` of an integer from a 1-d global memref (a table the kernel
        reads, say its extents): a global load, used as a 32-bit value."""
        memref = shaped(str(op.operands[0].type)) if op.operands else None
        # `index` is 64 bits on NVPTX (MLIR's index width for the target).
        bits = (64 if memref.element == "index" else element_bits(memref.element)) if memref is not None else None
        if memref is None or memref.rank != 1 or len(op.operands) != 2 or bits not in (32, 64) \
                or not memref.element.startswith(("index", "i")):
            raise _Unemittable("`memref.load` other than an integer of a 1-d global memref")
        base = self.register(op.operands[0], "the loaded memref")
        index = self.register(op.operands[1], "the load's index")
        k = self.kernel
        offset, wide = k.reg("b64", "%" + self.fresh("offset")), k.reg("b64", "%" + self.fresh("loaded"))
        value = k.reg("b32", "%" + self.fresh("x"))
        k.emit(f"mul.wide.u32 {offset}, {index}, {bits // 8};")
        k.emit(f"add.u64 {offset}, {offset}, {base};")
        k.emit(f"ld.global.u{bits} {wide if bits == 64 else value}, [{offset}];")
        if bits == 64:
            k.emit(f"cvt.u32.u64 {value}, {wide};")
        self.values[op.results[0]] = value

    def binary(self, op: Operation) -> None:
        """Integer arithmetic (`_ARITH`) of 32-bit coordinates, or of `i64`s in 64-bit registers
        (a shift's amount a 32-bit one, as PTX's `shl.b64` takes it); of `i1`s, predicate logic."""
        result = self.type_of(op.results[0]) if op.results else ""
        if result == "i1" and op.name in _PREDICATE_LOGIC:
            a, b = self.operands(op, 2)
            reg = self.kernel.reg("pred", "%" + self.fresh("p"))
            self.kernel.emit(f"{_PREDICATE_LOGIC[op.name]} {reg}, {a}, {b};")
        else:
            width = _width(result)
            a, b = self.operands(op, 2, wide=(True, op.name not in _SHIFTS))
            reg = self.kernel.reg(f"b{width}", "%" + self.fresh("x"))
            self.kernel.emit(f"{_ARITH[op.name].format(W=width)} {reg}, {a}, {b};")
        self.values[op.results[0]] = reg

    def operands(self, op: Operation, count: int, wide: tuple[bool, ...] = (True,) * 3) -> list[str]:
        """The registers of an op's `count` operands (it has one result): an `i64` operand its
        64-bit register where `wide` says so at its place, else its low half."""
        if len(op.operands) != count or not op.results:
            raise _Unemittable(f"`{op.name}` without {count} operands")
        return [self.register(v, f"an operand of `{op.name}`", wide=w) for v, w in zip(op.operands, wide)]

    def rounded_division(self, op: Operation) -> None:
        """`arith.ceildivsi` / `floordivsi` / `ceildivui` of 32-bit coordinates (or `i64`s), as
        MLIR's arith-expand expands them: `div` toward zero, then one more (ceiling) or less
        (floor) where the division is inexact and the operands' signs agree (differ);
        `ceildivui` 0 for a zero dividend, else (a - 1) / b + 1."""
        a, b = self.operands(op, 2)
        w = _width(self.type_of(op.results[0]))
        k = self.kernel
        reg = k.reg(f"b{w}", "%" + self.fresh("q"))
        if op.name == "arith.ceildivui":
            zero = k.reg("pred", "%" + self.fresh("zero"))
            k.emit(f"sub.u{w} {reg}, {a}, 1;")
            k.emit(f"div.u{w} {reg}, {reg}, {b};")
            k.emit(f"add.u{w} {reg}, {reg}, 1;")
            k.emit(f"setp.eq.u{w} {zero}, {a}, 0;")
            k.emit(f"selp.b{w} {reg}, 0, {reg}, {zero};")
        else:
            inexact = k.reg("pred", "%" + self.fresh("inexact"))
            signs, move = _ROUNDED_DIVISIONS[op.name]
            product, sign = k.reg(f"b{w}", "%" + self.fresh("qb")), k.reg(f"b{w}", "%" + self.fresh("sign"))
            k.emit(f"div.s{w} {reg}, {a}, {b};")
            k.emit(f"mul.lo.s{w} {product}, {reg}, {b};")
            k.emit(f"setp.ne.s{w} {inexact}, {product}, {a};")
            k.emit(f"xor.b{w} {sign}, {a}, {b};")
            k.emit(f"setp.{signs}.and.s{w} {inexact}, {sign}, 0, {inexact};")
            k.emit(f"@{inexact} {move}.s{w} {reg}, {reg}, 1;")
        self.values[op.results[0]] = reg

    def compare(self, op: Operation) -> None:
        """`arith.cmpi` of 32-bit coordinates (or `i64`s): `setp` of its predicate, a predicate
        register."""
        a, b = self.operands(op, 2)
        compare = INTEGER_COMPARISONS.get(enum_keyword(op, CMPI_PREDICATES) or "")
        if compare is None:
            raise _Unemittable(f"`{op.name}` without a predicate")
        reg = self.kernel.reg("pred", "%" + self.fresh("p"))
        self.kernel.emit(f"setp.{compare}{_width(self.type_of(op.operands[0]))} {reg}, {a}, {b};")
        self.values[op.results[0]] = reg

    def select(self, op: Operation) -> None:
        """`arith.select` of two scalars (32-bit coordinates, `i64`s, floats) or of two predicates
        on a predicate."""
        condition, a, b = self.operands(op, 3)
        result = self.type_of(op.results[0])
        if result == "i1":
            reg = self.kernel.reg("pred", "%" + self.fresh("p"))
            self.kernel.emit(f"@{condition} mov.pred {reg}, {a};")
            self.kernel.emit(f"@!{condition} mov.pred {reg}, {b};")
        else:
            scalar = _SCALAR_TYPES.get(result, "b32")
            reg = self.kernel.reg(scalar, "%" + self.fresh("x"))
            self.kernel.emit(f"selp.{scalar} {reg}, {a}, {b}, {condition};")
        self.values[op.results[0]] = reg

    def integer_cast(self, op: Operation) -> None:
        """`arith.index_cast` / `index_castui` / `extsi` / `extui` / `trunci` between `index`,
        `i32` (both 32-bit coordinates here: the same register) and `i64`: widened by
        `cvt.s64.s32` / `cvt.u64.u32` as the op's signedness says, narrowed to the low half."""
        if len(op.operands) != 1 or not op.results:
            raise _Unemittable(f"`{op.name}` without one operand")
        source, result = self.type_of(op.operands[0]), self.type_of(op.results[0])
        if result != "i64" or source == "i64":
            if {source, result} - {"index", "i32", "i64"}:
                raise _Unemittable(f"`{op.name}` of {source} to {result}: between index, i32 and i64 only here")
            self.values[op.results[0]] = self.register(op.operands[0], f"the operand of `{op.name}`")
            return
        if source not in ("index", "i32"):
            raise _Unemittable(f"`{op.name}` of {source} to {result}: between index, i32 and i64 only here")
        reg = self.kernel.reg("b64", "%" + self.fresh("w"))
        sign = _WIDENING_SIGN[op.name]
        self.kernel.emit(f"cvt.{sign}64.{sign}32 {reg}, {self.register(op.operands[0], 'the widened value')};")
        self.values[op.results[0]] = reg

    def alloca(self, op: Operation) -> None:
        """An mbarrier: initialised once for one arrival before the body (an alloca in a loop
        is the same barrier each iteration), with the phase its next wait expects."""
        space, tile = residency(op.results[0].type) if op.results else (None, None)
        if space is Residency.RMEM and tile is not None and str(op.results[0].type) != MBARRIER_TYPE:
            self.tile(op.results[0], space, tile)
            return
        if not op.results or str(op.results[0].type) != MBARRIER_TYPE:
            raise _Unemittable(f"`memref.alloca` of {op.results[0].type if op.results else 'nothing'}: only "
                               f"mbarriers ({MBARRIER_TYPE}) are emitted")
        if op.results[0] in self.rings:
            return          # declared before its loop, whose first stages it fills ahead
        stages, loop = self.stages_of.get(op.results[0], (1, None))
        filled_ahead = loop is not None and any(
            (operand_groups(load).get("mbarrier") or [None])[0] is op.results[0] for load, _ in self.ahead.get(id(loop), ()))
        ring = _Ring.declare(self, stages, loop, filled_ahead)
        self.rings[op.results[0]] = ring
        self.values[op.results[0]] = ring.full
        if loop is not None:
            self.releases.setdefault(id(loop), []).append(ring)

    def loop(self, op: Operation) -> None:
        """`scf.for %iv = %lb to %ub step %s [iter_args(...)]`: a counted loop over a 32-bit
        induction variable; each loop-carried value (a scalar or a register tile) has registers
        of its own, set from its initial value, given the yielded one at the end of each
        iteration (through temporaries: a yield may swap them), and the loop's result."""
        if len(op.operands) < 3 or not op.regions or len(op.regions[0].blocks) != 1:
            raise _Unemittable("`scf.for` without its bounds and one body block")
        body = op.regions[0].blocks[0]
        lower, upper, step = (self.register(v, "a bound of `scf.for`") for v in op.operands[:3])
        inits = list(op.operands[3:])
        if len(body.arguments) != len(inits) + 1 or (op.results and len(op.results) != len(inits)):
            raise _Unemittable("`scf.for` whose iteration arguments, initial values and results do not match")
        carried = [self.carry(init, argument) for init, argument in zip(inits, body.arguments[1:])]
        iv = self.kernel.reg("b32", "%" + self.fresh("iv"))
        more = self.kernel.reg("pred", "%" + self.fresh("more"))
        top, done = self.fresh("LOOP_"), self.fresh("LOOP_END_")
        self.values[body.arguments[0]] = iv
        self.bounds[id(op)] = (iv, upper, step)
        self.fill_first_stages(op, lower, upper, step)
        self.kernel.emit(f"mov.b32 {iv}, {lower};")
        self.kernel.emit(f"setp.lt.s32 {more}, {iv}, {upper};")
        self.kernel.emit(f"@!{more} bra {done};")
        self.kernel.emit(f"{top}:")
        for inner in body.operations:
            if inner.name == "scf.yield":
                self.yielded(inner, carried)
            else:
                self.op(inner)
        for ring in self.releases.get(id(op), []):
            ring.release(self)
        self.kernel.emit(f"add.s32 {iv}, {iv}, {step};")
        self.kernel.emit(f"setp.lt.s32 {more}, {iv}, {upper};")
        self.kernel.emit(f"@{more} bra {top};")
        self.kernel.emit(f"{done}:")
        for result, argument in zip(op.results, body.arguments[1:]):
            self.bind_like(result, argument)

    def carry(self, init: Value, argument: Value) -> Value:
        """Registers for a loop-carried value, set from its initial value."""
        held = self.reg_tiles.get(init)
        if held is not None and held.splat is not None and not held.mma and feeds_dot(argument):
            # A splat constant the loop accumulates products into: in the mma.sync placement.
            held = self.guard(lambda: mma_tile(self.code(), held.dims, self.warp_register(), self.lane_register(),
                                               splat=held.splat))
            self.reg_tiles[init] = held
        if init in self.reg_tiles or init in self.smem_tiles:
            tile = self.reg_tile(init, init.owner if isinstance(init, OpResult) else None) if init in self.reg_tiles \
                else self.guard(lambda: from_shared(self.code(), self.smem_tiles[init]))
            regs = self.kernel.regs(tile.reg_type, "%" + self.fresh("carried") + "_", len(tile.regs))
            for new, old in zip(regs, tile.regs):
                self.kernel.emit(f"mov.{tile.reg_type} {new}, {old};")
            self.reg_tiles[argument] = replace(tile, regs=regs, splat=None)    # what it holds changes
            return argument
        source = self.register(init, "an initial value of `scf.for`", wide=True)
        scalar = _SCALAR_TYPES.get(str(argument.type), "b32")
        reg = self.kernel.reg(scalar, "%" + self.fresh("carried"))
        self.kernel.emit(f"mov.{_MOV_TYPE[scalar]} {reg}, {source};")
        self.values[argument] = reg
        return argument

    def yielded(self, op: Operation, carried: list[Value]) -> None:
        """`scf.yield`: the loop-carried registers take the yielded values."""
        if len(op.operands) != len(carried):
            raise _Unemittable("`scf.yield` of another number of values than the loop carries")
        moves: list[tuple[str, str, str]] = []          # (type, destination, source)
        for value, argument in zip(op.operands, carried):
            if argument in self.reg_tiles:
                held, into = self.reg_tiles.get(value), self.reg_tiles[argument]
                placement = None if held is None else SPLAT if held.splat is not None else held.placement
                if (why := carried_tile_problem(into.placement, placement)) is not None:
                    raise _Unemittable(f"`scf.yield` {why}")
                tile = self.reg_tile(value, op) if held is None else self.placed_like(value, held, into, op)
                if tile.offsets != into.offsets:
                    raise _Unemittable("`scf.yield` of a tile placed otherwise in registers than the one the loop carries")
                moves += [(into.reg_type, d, v) for d, v in zip(into.regs, tile.regs)]
            else:
                scalar = _SCALAR_TYPES.get(self.type_of(argument), "b32")
                moves.append((scalar, self.values[argument], self.register(value, "a yielded value", wide=True)))
        temporaries = []
        for ptx_type, _, source in moves:
            temporary = self.kernel.reg(ptx_type, "%" + self.fresh("yield"))
            self.kernel.emit(f"mov.{_MOV_TYPE[ptx_type]} {temporary}, {source};")
            temporaries.append(temporary)
        for (ptx_type, destination, _), temporary in zip(moves, temporaries):
            self.kernel.emit(f"mov.{_MOV_TYPE[ptx_type]} {destination}, {temporary};")

    def conditional(self, op: Operation) -> None:
        """`scf.if %c [-> (results)] { ... } [else { ... }]`: branches around each region on the
        predicate register (`@!%c bra` to the else region, or past the then region; the then
        region ends with `bra.uni` past the else region). Each result has registers of its own
        (a register tile's placed as the then region yields it), which each region's `scf.yield`
        sets. A region holds scalar and register-tile arithmetic only (`_BRANCHED_DIALECTS`):
        the CTA-wide steps of the TMA, `cp.async` and tensor-memory paths (the leader's
        transfers and the barriers' phases, `bar.sync`) are not written under a condition."""
        if len(op.operands) != 1 or not op.regions or len(op.regions[0].blocks) != 1:
            raise _Unemittable("`scf.if` without its condition and one then block")
        condition = self.register(op.operands[0], "the condition of `scf.if`")
        regions = [r.blocks[0] for r in op.regions if r.blocks]
        if len(regions) > 2 or any(len(r.blocks) > 1 for r in op.regions):
            raise _Unemittable("`scf.if` whose regions are not one block each")
        if op.results and len(regions) != 2:
            raise _Unemittable("`scf.if` with results but no else region")
        for block in regions:
            for inner in block.operations:
                if not inner.name.startswith(_BRANCHED_DIALECTS):
                    raise _Unemittable(f"`{inner.name}` inside `scf.if`: a branch holds scalar and register-tile "
                                       f"arithmetic only here")
        k = self.kernel
        otherwise, done = self.fresh("ELSE_"), self.fresh("IF_END_")
        k.emit(f"@!{condition} bra {otherwise if len(regions) == 2 else done};")
        for index, block in enumerate(regions):
            if index:
                k.emit(f"{otherwise}:")
            for inner in block.operations:
                if inner.name == "scf.yield":
                    self.branch_results(op, inner)
                else:
                    self.op(inner)
            if index == 0 and len(regions) == 2:
                k.emit(f"bra.uni {done};")
        k.emit(f"{done}:")

    def branch_results(self, op: Operation, yielded: Operation) -> None:
        """An `scf.if` region's `scf.yield`: the results' registers (made at the first region's,
        a scalar's of its type, a register tile's placed as its yielded tile) take its values."""
        for result, value in zip(op.results, yielded.operands):
            if result in self.values or result in self.reg_tiles:
                continue
            if value in self.reg_tiles or value in self.smem_tiles:
                tile = self.reg_tile(value, yielded)
                regs = self.kernel.regs(tile.reg_type, "%" + self.fresh("branch") + "_", len(tile.regs))
                self.reg_tiles[result] = replace(tile, regs=regs, splat=None)
            else:
                self.types[result] = self.type_of(value)
                self.values[result] = self.kernel.reg(_SCALAR_TYPES.get(self.type_of(value), "b32"),
                                                      "%" + self.fresh("branch"))
        self.yielded(yielded, list(op.results))

    def bind_like(self, result: Value, argument: Value) -> None:
        """A loop's result: the registers its carried value ended in."""
        if argument in self.reg_tiles:
            self.reg_tiles[result] = self.reg_tiles[argument]
        else:
            self.values[result] = self.values[argument]

    def im2col_operands(self, op: Operation, coords: list[Value]) -> tuple[list[Value], str]:
        """A load through an im2col tensor map: its tensor coordinates, and PTX's braced im2col
        offsets (the coordinates after the tensor's, rank - 2 of them, innermost first, as
        16-bit values); `.im2col_no_offs` transfers (stores, reductions) take no offsets."""
        if op.name not in _IM2COL_LOADS:
            return coords, ""
        rank = next((r for r in range(tensormap.IM2COL_RANK_RANGE[0], tensormap.IM2COL_RANK_RANGE[1] + 1)
                     if tensormap.transfer_coordinates(r, True, True) == len(coords)), None)
        if rank is None:
            raise _Unemittable(f"`{op.name}` through an im2col descriptor with {len(coords)} coordinates: "
                               f"a 3-d to 5-d tensor's, then its rank - 2 im2col offsets")
        offsets = []
        for value in reversed(coords[rank:]):
            narrow = self.kernel.reg("b16", "%" + self.fresh("im2col_off"))
            self.kernel.emit(f"cvt.u16.u32 {narrow}, {self.register(value, f'an im2col offset of `{op.name}`')};")
            offsets.append(narrow)
        return coords[:rank], ", {" + ", ".join(offsets) + "}"

    def coordinates(self, op: Operation, coords: list[Value], offset: tuple[int, ...] = ()) -> tuple[int, str]:
        """The tensor's rank and PTX's tensor coordinates, innermost first: a gather's /
        scatter's are its column, then its four rows. `offset`: a box's place in the tile, in
        elements per dimension, outermost first (added to the tile's coordinates)."""
        rows = op.name in ROW_TRANSFERS
        regs = [self.register(c, f"a coordinate of `{op.name}`") for c in coords]
        for axis, delta in enumerate(offset):
            if delta:
                moved = self.kernel.reg("b32", "%" + self.fresh("at"))
                self.kernel.emit(f"add.s32 {moved}, {regs[axis]}, {delta};")
                regs[axis] = moved
        ordered = [regs[-1], *regs[:-1]] if rows and regs else list(reversed(regs))
        return (2 if rows else len(coords)), "{" + ", ".join(ordered) + "}"

    def boxes(self, op: Operation, tile_type: str) -> tuple[list[tuple[int, ...]], int]:
        """The boxes a transfer moves its tile in: each box's offset in the tile (outermost
        first) in the order they lie in shared memory, and the bytes of one box. The box is
        the op's `boxDim` (innermost first, as the descriptor's) when it splits the tile, else
        the whole tile; a gather / scatter moves its rows at once."""
        tile = shaped(tile_type)
        bits = element_bits(tile.element) if tile is not None else None
        if tile is None or bits is None or None in tile.dims:
            raise _Unemittable(f"`{op.name}` moves a tile whose size is not static")
        written = integers(op, BOX_DIM)
        if op.name in ROW_TRANSFERS or not written or _through_im2col(op):
            # An im2col tensor map's box is its pixels x channels, not a box of the tile's.
            return [()], prod(tile.dims) * bits // 8
        box = list(reversed(written))
        if len(box) != len(tile.dims) or any(b < 1 or t % b for t, b in zip(tile.dims, box)):
            raise _Unemittable(f"`{op.name}`'s boxDim {written} does not tile its tile {tile_type}")
        plan = tensormap.BoxPlan(tuple(box), tuple(t // b for t, b in zip(tile.dims, box)), "none", bits)
        return plan.offsets(), plan.box_bytes

    def ring_of(self, op: Operation) -> "_Ring":
        ring = self.rings.get((operand_groups(op).get("mbarrier") or [None])[0])
        if ring is None:
            raise _Unemittable(f"`{op.name}`'s mbarrier is not a `memref.alloca` of this kernel")
        return ring

    def buffer_of(self, op: Operation, ring: "_Ring") -> str:
        """The shared buffer a load fills, one tile per stage (declared once)."""
        if op not in self.buffers:
            symbol = self.fresh("tile")
            self.kernel.shared(f".shared .align {TILE_ALIGNMENT} .b8 {symbol}[{loaded_tile_bytes(op) * ring.stages}];")
            base = self.kernel.reg("b32", f"%{symbol}")
            self.kernel.emit(f"mov.u32 {base}, {symbol};")
            self.buffers[op] = base
        return self.buffers[op]

    def load(self, op: Operation) -> None:
        if not op.results:
            raise _Unemittable(f"`{op.name}` without its tile")
        ring = self.ring_of(op)
        base = self.buffer_of(op, ring)
        dst = ring.buffer(self, base, loaded_tile_bytes(op))
        if ring.fill_stage is None:
            self.fill(op, ring, dst, ring.full_address(self), ring.empty_address(self) if ring.empty is not None else None,
                      ring.empty_parity(self) if ring.empty is not None else None)
        else:
            # Filled ahead: this iteration's tile came in an earlier one (or before the loop);
            # the load fills the stage of the iteration `stages - 1` on, if there is one.
            iv, upper, step = self.bounds[id(ring.loop)]
            later = self.kernel.reg("b32", "%" + self.fresh("iv_ahead"))
            self.kernel.emit(f"mad.lo.s32 {later}, {step}, {ring.stages - 1}, {iv};")
            self.fill_ahead(op, ring, later, upper)
        self.tiles[op.results[0]] = dst
        self.tile_rings[op.results[0]] = ring
        if op.name not in ROW_TRANSFERS:
            layout = self.tile_layout(op, str(op.results[0].type))
            if layout is not None:
                dims, element, bits, box, swizzle = layout
                self.smem_tiles[op.results[0]] = SmemTile(dst, dims, element, bits, box, swizzle)

    def fill(self, op: Operation, ring: "_Ring", dst: str, full: str, empty: str | None, parity: str | None,
             when: str | None = None) -> None:
        """The leader fills a stage: it waits until every thread released it (`empty`'s phase
        `parity`), then one expect_tx on `full` for the whole tile, however many boxes bring
        it, and the boxes into `dst`; with `when`, only if that predicate holds."""
        groups = operand_groups(op)
        coords = list(groups["coords"])
        offsets, box_bytes = self.boxes(op, str(op.results[0].type))
        k = self.kernel
        produced = self.fresh("PRODUCED_")
        if when is not None:
            k.emit(f"@!{when} bra {produced};")
        k.emit(f"@!{LEADER} bra {produced};")
        if empty is not None:
            self.wait_parity(empty, parity)
        state = k.reg("b64", "%" + self.fresh("state"))
        k.emit(f"mbarrier.arrive.expect_tx.shared::cta.b64 {state}, [{full}], {loaded_tile_bytes(op)};")
        im2col = _through_im2col(op)
        row = A.copy_row(_IM2COL_LOAD_ROW if im2col else _LOAD_ROW)
        tmap = self.register(groups["descriptor"][0], "the descriptor")
        coords, im2col_offsets = self.im2col_operands(op, coords) if im2col else (coords, "")
        for index, offset in enumerate(offsets):
            rank, tensor_coords = self.coordinates(op, coords, offset)
            k.op(row.ptx.format(
                RANK=rank, DST_SPACE="shared::cta", MODE=_MODE.get(op.name, row.params["mode"]), MC="",
                HINT=A.TMA_CACHE_HINT_QUALIFIER, CTA="", DST=self.box_address(dst, index * box_bytes), TMAP=tmap,
                COORDS=tensor_coords, MBAR=full, OFFSETS=im2col_offsets, MASK="", POLICY=f", {self.cache_policy()}"))
        k.emit(f"{produced}:")

    def fill_ahead(self, op: Operation, ring: "_Ring", iv: str, upper: str) -> None:
        """Fill the producer's stage with the tile of the iteration whose induction variable
        is `iv` (when it is below `upper`): its coordinates are computed again for that
        iteration, and the producer's stage moves on."""
        k = self.kernel
        loop_body = ring.loop.regions[0].blocks[0]
        computed = next(ops for load, ops in self.ahead[id(ring.loop)] if load is op)
        saved = {v: self.values[v] for v in [loop_body.arguments[0]] + [r for o in computed for r in o.results]
                 if v in self.values}
        self.values[loop_body.arguments[0]] = iv
        for inner in computed:
            self.op(inner)
        more = k.reg("pred", "%" + self.fresh("fill"))
        k.emit(f"setp.lt.s32 {more}, {iv}, {upper};")
        size = loaded_tile_bytes(op)
        base = self.buffer_of(op, ring)
        self.fill(op, ring, ring.fill_buffer(self, base, size), ring.fill_full(self), ring.fill_empty(self),
                  ring.fill_parity(self), when=more)
        ring.fill_next(self)
        for value in [loop_body.arguments[0]] + [r for o in computed for r in o.results]:
            if value in saved:
                self.values[value] = saved[value]
            else:
                self.values.pop(value, None)

    def fill_first_stages(self, loop: Operation, lower: str, upper: str, step: str) -> None:
        """Before `loop`: the stages its iterations 0 .. stages - 2 read, filled ahead."""
        for load, _ in self.ahead.get(id(loop), ()):
            alloca = (operand_groups(load).get("mbarrier") or [None])[0]
            if isinstance(alloca, OpResult) and alloca.owner.name == "memref.alloca":
                self.alloca(alloca.owner)
            ring = self.ring_of(load)
            for j in range(ring.stages - 1):
                iv = self.kernel.reg("b32", "%" + self.fresh("iv_first"))
                self.kernel.emit(f"mad.lo.s32 {iv}, {step}, {j}, {lower};")
                self.fill_ahead(load, ring, iv, upper)

    def tile_layout(self, op: Operation, tile_type: str, value: Value | None = None):
        """(dims, element, bits, box, swizzle) of a 1- or 2-d tile a TMA transfer moves, as it
        lies in shared memory (its boxes, `boxDim`, and their `swizzle`); None for others. A
        tile whose type the text leaves out (a loop's result) is the one the kernel holds."""
        try:
            dims, element, bits = matrix_dims(tile_type)
        except TileError:
            held = self.reg_tiles.get(value) or self.smem_tiles.get(value)
            if held is None:
                return None
            dims, element, bits = held.dims, held.element, held.bits
        return (dims, element, bits, *shared_layout(op, dims))

    def box_address(self, base: str, offset: int) -> str:
        """The shared-memory address `offset` bytes into a tile (a box after the first)."""
        if not offset:
            return base
        address = self.kernel.reg("b32", "%" + self.fresh("box"))
        self.kernel.emit(f"add.u32 {address}, {base}, {offset};")
        return address

    def store(self, op: Operation) -> None:
        groups = operand_groups(op)
        tile, descriptor = groups["value"][0], groups["descriptor"][0]
        coords = list(groups["coords"])
        src = self.tiles.get(tile)
        layout = self.tile_layout(op, str(tile.type), tile) if op.name not in ROW_TRANSFERS else None
        held = self.smem_tiles.get(tile)
        if layout is not None and (src is None or (held is not None and (held.box, held.swizzle) != layout[3:])):
            # A tile in registers (or laid out otherwise): staged into the store's boxes.
            src = self.staged(op, tile, layout[3], layout[4]).base
        if src is None:
            raise _Unemittable(f"`{op.name}` stores a tile this kernel does not hold in shared memory")
        tile_type = str(tile.type)
        if layout is not None and shaped(tile_type) is None:
            # Written without its type (a loop's result): the tile the kernel holds.
            tile_type = f"tensor<{'x'.join(map(str, layout[0]))}x{layout[1]}>"
        offsets, box_bytes = self.boxes(op, tile_type)
        reduction = op.name == TMA_REDUCTION
        row = A.copy_row((_IM2COL_REDUCE_ROW if reduction else _IM2COL_STORE_ROW) if _through_im2col(op)
                         else _REDUCE_ROW if reduction else _STORE_ROW)
        fill = {"OP": TMA_REDUCE_OP[enum_case(op, RMW_MODE, DIALECT, RMW_MODE) or ""]} if reduction else {}
        tmap = self.register(descriptor, "the descriptor")
        self.kernel.emit(FENCE_PROXY_ASYNC)
        for index, offset in enumerate(offsets):
            rank, tensor_coords = self.coordinates(op, coords, offset)
            self.kernel.op(f"@{LEADER} " + row.ptx.format(
                RANK=rank, MODE=_MODE.get(op.name, row.params["mode"]), HINT=A.TMA_CACHE_HINT_QUALIFIER,
                POLICY=f", {self.cache_policy()}", TMAP=tmap, COORDS=tensor_coords,
                SRC=self.box_address(src, index * box_bytes), **fill))
        self.kernel.op(f"@{LEADER} cp.async.bulk.commit_group;")
        ring = self.tile_rings.get(tile)
        if ring is not None:
            ring.read_by_store = True

    def wait(self, op: Operation) -> None:
        if op.operands:
            ring = self.rings.get(op.operands[0])
            if ring is None:
                raise _Unemittable("`nv_tileas.async.wait` on an mbarrier that is not a `memref.alloca` of this kernel")
            self.wait_parity(ring.full_address(self), ring.phase)
            if ring.loop is None:
                self.kernel.emit(f"xor.b32 {ring.phase}, {ring.phase}, 1;")
        elif "delay" in op.attributes:
            self.deferred.append(f"@{LEADER} cp.async.bulk.wait_group.read 0;")
        else:
            self.kernel.emit(f"@{LEADER} cp.async.bulk.wait_group.read 0;")

    def wait_parity(self, barrier: str, parity: str) -> None:
        """Wait until the phase of `barrier` with `parity` has completed (the builder's
        try_wait loop, with its suspend-time hint)."""
        self.kernel.wait_parity(barrier, parity, self.kernel.reg("pred", "%" + self.fresh("done")))

    def cache_policy(self) -> str:
        """The L2 policy the kernel's TMA transfers pass with `.L2::cache_hint`: made once,
        before the body, by `createpolicy` (evict_normal, over all of L2), as tileiras does."""
        if self.policy is None:
            self.policy = self.kernel.reg("b64", "%l2_policy")
            self.prologue.append(f"createpolicy.fractional.L2::{L2_POLICY}.b64 {self.policy}, 1.0;")
        return self.policy

    def nothing(self, op: Operation) -> None:
        pass


@dataclass
class _Ring:
    """A TMA load's stages: `stages` buffers, each with a full mbarrier (one arrival, the
    producer's expect_tx; the transfer completes it) and, in a loop, an empty one (every thread
    arrives when it is done with the stage: the producer waits for it before refilling the
    buffer). The stage and the full barriers' phase advance at the end of each iteration of
    `loop`, the innermost loop the load is in."""

    full: str                 # the address of the first full barrier
    empty: str | None         # the first empty barrier (None outside a loop)
    stages: int
    loop: Operation | None
    stage: str | None         # the current stage (None with one stage)
    phase: str                # the parity the consumers wait for on the current full barrier
    read_by_store: bool = False   # a TMA store of this iteration reads the stage's tile
    # Filled ahead (software pipelining): the stage the producer fills next, `stages - 1`
    # iterations ahead of the consumers, and the parity of its empty barrier's phase it waits
    # for (flipped each time it wraps); None when each iteration fills its own stage.
    fill_stage: str | None = None
    fill_phase: str | None = None

    @classmethod
    def declare(cls, emitter: "_Emitter", stages: int, loop: Operation | None, ahead: bool = False) -> "_Ring":
        k = emitter.kernel
        symbol = emitter.fresh("mbar")
        k.shared(f".shared .align {MBARRIER_BYTES} .b64 {symbol}_full[{stages}];")
        full = k.reg("b32", f"%{symbol}_full")
        phase = k.reg("b32", f"%{symbol}_phase")
        init = [f"mov.u32 {full}, {symbol}_full;", f"mov.b32 {phase}, 0;"]
        init += [f"@{LEADER} " + mbarrier_init(f"{full}+{8 * s}", 1) for s in range(stages)]
        empty = stage = None
        if loop is not None:
            k.shared(f".shared .align {MBARRIER_BYTES} .b64 {symbol}_empty[{stages}];")
            empty = k.reg("b32", f"%{symbol}_empty")
            init += [f"mov.u32 {empty}, {symbol}_empty;"]
            init += [f"@{LEADER} " + mbarrier_init(f"{empty}+{8 * s}", THREADS) for s in range(stages)]
            emitter.uses_thread_count = True
        if stages > 1:
            stage = k.reg("b32", f"%{symbol}_stage")
            init.append(f"mov.b32 {stage}, 0;")
        fill_stage = fill_phase = None
        if ahead and stage is not None:
            fill_stage, fill_phase = k.reg("b32", f"%{symbol}_fill_stage"), k.reg("b32", f"%{symbol}_fill_phase")
            init += [f"mov.b32 {fill_stage}, 0;", f"mov.b32 {fill_phase}, 0;"]
        emitter.prologue += init
        return cls(full, empty, stages, loop, stage, phase, fill_stage=fill_stage, fill_phase=fill_phase)

    def _at(self, emitter: "_Emitter", base: str, bytes_per_stage: int, stem: str, stage: str | None = None) -> str:
        stage = stage or self.stage
        if stage is None:
            return base
        address = emitter.kernel.reg("b32", "%" + emitter.fresh(stem))
        emitter.kernel.emit(f"mad.lo.u32 {address}, {stage}, {bytes_per_stage}, {base};")
        return address

    def fill_buffer(self, emitter: "_Emitter", base: str, size: int) -> str:
        return self._at(emitter, base, size, "fill_tile", self.fill_stage)

    def fill_full(self, emitter: "_Emitter") -> str:
        return self._at(emitter, self.full, MBARRIER_BYTES, "fill_full", self.fill_stage)

    def fill_empty(self, emitter: "_Emitter") -> str:
        return self._at(emitter, self.empty, MBARRIER_BYTES, "fill_empty", self.fill_stage)

    def fill_parity(self, emitter: "_Emitter") -> str:
        """The producer waits for the phase of the stage's empty barrier before the one it
        fills now (a fresh barrier's counts as complete: the first fill of a stage does not wait)."""
        parity = emitter.kernel.reg("b32", "%" + emitter.fresh("empty_parity"))
        emitter.kernel.emit(f"xor.b32 {parity}, {self.fill_phase}, 1;")
        return parity

    def fill_next(self, emitter: "_Emitter") -> None:
        """The producer's stage moves on, its phase flipping when it wraps around."""
        k = emitter.kernel
        wrapped = k.reg("pred", "%" + emitter.fresh("fill_wrapped"))
        k.emit(f"add.u32 {self.fill_stage}, {self.fill_stage}, 1;")
        k.emit(f"setp.eq.u32 {wrapped}, {self.fill_stage}, {self.stages};")
        k.emit(f"@{wrapped} mov.b32 {self.fill_stage}, 0;")
        k.emit(f"@{wrapped} xor.b32 {self.fill_phase}, {self.fill_phase}, 1;")

    def buffer(self, emitter: "_Emitter", base: str, size: int) -> str:
        return self._at(emitter, base, size, "stage_tile")

    def full_address(self, emitter: "_Emitter") -> str:
        return self._at(emitter, self.full, MBARRIER_BYTES, "full")

    def empty_address(self, emitter: "_Emitter") -> str:
        return self._at(emitter, self.empty, MBARRIER_BYTES, "empty")

    def empty_parity(self, emitter: "_Emitter") -> str:
        """The producer waits for the empty barrier's phase before the consumers' current one:
        on a fresh barrier that phase counts as complete, so the first fill of each stage does
        not wait."""
        parity = emitter.kernel.reg("b32", "%" + emitter.fresh("empty_parity"))
        emitter.kernel.emit(f"xor.b32 {parity}, {self.phase}, 1;")
        return parity

    def release(self, emitter: "_Emitter") -> None:
        """The end of an iteration: every thread is done with the current stage (it arrives on
        its empty barrier), and the ring moves to the next stage, flipping the phase each time
        it wraps around."""
        k = emitter.kernel
        if self.read_by_store:
            # A store (its wait delayed or not) may still be reading the stage: the leader
            # releases it only once its bulk groups have read their sources.
            k.emit(f"@{LEADER} cp.async.bulk.wait_group.read 0;")
        state = k.reg("b64", "%" + emitter.fresh("released"))
        k.emit(f"mbarrier.arrive.shared::cta.b64 {state}, [{self.empty_address(emitter)}];")
        if self.stage is None:
            k.emit(f"xor.b32 {self.phase}, {self.phase}, 1;")
            return
        wrapped = k.reg("pred", "%" + emitter.fresh("wrapped"))
        k.emit(f"add.u32 {self.stage}, {self.stage}, 1;")
        k.emit(f"setp.eq.u32 {wrapped}, {self.stage}, {self.stages};")
        k.emit(f"@{wrapped} mov.b32 {self.stage}, 0;")
        k.emit(f"@{wrapped} xor.b32 {self.phase}, {self.phase}, 1;")


class _Unemittable(Exception):
    pass


# Integer arithmetic: op -> its instruction, `{W}` the width (32 for coordinates, 64 for `i64`).
_ARITH = {"arith.addi": "add.s{W}", "arith.subi": "sub.s{W}", "arith.muli": "mul.lo.s{W}",
          "arith.divui": "div.u{W}", "arith.remui": "rem.u{W}", "arith.divsi": "div.s{W}", "arith.remsi": "rem.s{W}",
          "arith.minsi": "min.s{W}", "arith.maxsi": "max.s{W}", "arith.minui": "min.u{W}", "arith.maxui": "max.u{W}",
          "arith.andi": "and.b{W}", "arith.ori": "or.b{W}", "arith.xori": "xor.b{W}",
          # PTX clamps a shift amount past the width to the width (one of the values MLIR's
          # poison allows); the amount is a 32-bit register at either width.
          "arith.shli": "shl.b{W}", "arith.shrui": "shr.u{W}", "arith.shrsi": "shr.s{W}"}
_SHIFTS = ("arith.shli", "arith.shrui", "arith.shrsi")
# Casts between integers -> the signedness a widening to i64 takes (index and i32 are both
# 32-bit coordinates here; a narrowing keeps the low half).
_WIDENING_SIGN = {"arith.index_cast": "s", "arith.index_castui": "u", "arith.extsi": "s", "arith.extui": "u",
                  "arith.trunci": "u"}


def _width(type_text: str) -> int:
    """The register width of an integer scalar: an `i64`'s 64, a coordinate's (index, i32) 32."""
    return 64 if type_text == "i64" else 32

# The same of `i1`s (a comparison's predicates).
_PREDICATE_LOGIC = {"arith.andi": "and.pred", "arith.ori": "or.pred", "arith.xori": "xor.pred"}
# Rounded divisions (MLIR's arith-expand): the quotient toward zero, moved by one where the
# division is inexact and the operands' signs agree (`ge`: ceiling) or differ (`lt`: floor).
_ROUNDED_DIVISIONS = {"arith.ceildivsi": ("ge", "add"), "arith.floordivsi": ("lt", "sub")}
# The float ops of scalars and tiles (ELEMENTWISE_FLOAT) -> their operand count: FLOAT_INSTRUCTIONS'
# and `arith.remf`'s (no instruction: builder.float_remainder's long division).
_FLOAT_OPERANDS = {name: FLOAT_INSTRUCTIONS[name][1] if name in FLOAT_INSTRUCTIONS else 2 for name in ELEMENTWISE_FLOAT}
# e^x = 2^(x log2 e): `math.exp` is `ex2` of its operand times log2(e), rounded to f32.
_EXP_SCALE = {"math.exp": "0f" + struct.pack(">f", log2(e)).hex().upper()}
_HALVES = ("f16", "bf16")
# A float scalar argument's parameter type, as LLVM's NVPTX backend declares one (a half's
# `.b16`); any other scalar is a `.u64`.
FLOAT_PARAMETERS = {"f32": "f32", "f64": "f64", "f16": "b16", "bf16": "b16"}
_SCALAR_TYPES = {"f32": "f32", "f64": "f64", "f16": "b16", "bf16": "b16", "i64": "b64", "i16": "b16", "i1": "pred"}
_MOV_TYPE = {"f32": "f32", "f64": "f64", "b16": "b16", "b32": "b32", "b64": "b64", "pred": "pred"}
_FLOAT_BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}
SPECIAL_REGISTERS = {"gpu.block_id": "%ctaid", "gpu.thread_id": "%tid", "gpu.block_dim": "%ntid",
                      "gpu.grid_dim": "%nctaid"}


def _float_bits(number: float, type_text: str) -> str:
    """A float's bits as PTX writes an immediate of its type (`0f3F800000`, `0x3C00`)."""
    if type_text == "f32":
        return "0f" + struct.pack(">f", number).hex().upper()
    if type_text == "f64":
        return "0d" + struct.pack(">d", number).hex().upper()
    return "0x" + _half_bits(number, type_text)


def _half_bits(number: float, type_text: str) -> str:
    if type_text == "bf16":
        return struct.pack(">f", number).hex().upper()[:4]
    return struct.pack(">e", number).hex().upper()


def _splat_bits(number: float, element: str, bits: int, per: int) -> str:
    """A register of `per` copies of one element, as an immediate."""
    if element in _FLOAT_BITS:
        one = struct.pack(">f", number).hex() if element == "f32" else \
            struct.pack(">d", number).hex() if element == "f64" else _half_bits(number, element).lower()
    else:
        one = format(int(number) & ((1 << bits) - 1), f"0{bits // 4}x")
    return "0x" + one * per


def special_dimension(op: Operation) -> str | None:
    """The x / y / z of a gpu id op, custom (`gpu.block_id x`) or generic (`#gpu<dim x>`)."""
    written = attribute(op, "dimension")
    text = written.text if written is not None else "".join(p for p in (op.assembly.pieces if op.assembly else ())
                                                            if isinstance(p, str))
    found = re.search(r"\b([xyz])\b", text)
    return found.group(1) if found else None
_HANDLERS = {"arith.constant": _Emitter.constant, "memref.alloca": _Emitter.alloca, "scf.for": _Emitter.loop,
             COPY: _Emitter.hop, DESCRIPTOR_BUILDER: _Emitter.device_descriptor, "memref.load": _Emitter.load_scalar,
             "cute.static": _Emitter.nothing,      # a layout known when compiling: no value at run time
             TILED_TMA_LOAD: _Emitter.load, GATHER_TMA_LOAD: _Emitter.load,
             TILED_TMA_STORE: _Emitter.store, SCATTER_TMA_STORE: _Emitter.store, TMA_REDUCTION: _Emitter.store,
             ASYNC_WAIT: _Emitter.wait, TILED_LOAD: _Emitter.tiled_load, TILED_STORE: _Emitter.tiled_store,
             TILED_ATOMIC_RMW: _Emitter.tiled_atomic,
             **{name: _Emitter.integer_cast for name in _WIDENING_SIGN},
             DOT: _Emitter.dot, "arith.truncf": _Emitter.truncf, "arith.extf": _Emitter.extf,
             "arith.cmpf": _Emitter.compare_floats, "scf.if": _Emitter.conditional,
             **{name: _Emitter.special for name in SPECIAL_REGISTERS},
             **{name: _Emitter.float_binary for name in _FLOAT_OPERANDS},
             "arith.cmpi": _Emitter.compare, "arith.select": _Emitter.select,
             "arith.ceildivui": _Emitter.rounded_division,
             **{name: _Emitter.rounded_division for name in _ROUNDED_DIVISIONS},
             **{name: _Emitter.binary for name in _ARITH}}


# What an `scf.if` region may hold: scalar and register-tile arithmetic, nested `scf.if`s.
_BRANCHED_DIALECTS = ("arith.", "math.", "gpu.", "scf.if", "scf.yield")
# The dialects of the scalar and control-flow ops a kernel's PTX is written from (docs/ops.md
# lists those the emitter writes: `written_scalar_ops`).
_SCALAR_DIALECTS = ("arith.", "math.", "scf.", "gpu.")


def written_scalar_ops() -> list[str]:
    """The `arith` / `math` / `scf` / `gpu` ops a TileAS kernel's PTX is written with, sorted."""
    return sorted(name for name in _HANDLERS if name.startswith(_SCALAR_DIALECTS))


def _ends_emitted_region(name: str) -> bool:
    """A terminator that hands its values to an op written here, the kernel's function or a
    loop (`func.return`, `scf.yield`: their records' ReturnLike and parents): it writes
    nothing itself."""
    return returns_to(name, lambda parent: is_function(parent) or parent in _HANDLERS)


# `#nv_tileas.kernel_spec<...>` parameters -> the PTX directive each fixes (threads per CTA:
# a warp count times 32). `num_warps` is the CTA's exact size, as tileiras writes `.reqntid`.
_THREAD_DIRECTIVES = (("num_warps", ".reqntid"), ("max_num_warps", ".maxntid"))


def thread_directives(function: Operation) -> list[str]:
    """`.reqntid` / `.maxntid` of a kernel from its KernelSpecAttr's warp counts."""
    spec = function.attributes.get(KERNEL_SPEC)
    out = []
    for name, directive in _THREAD_DIRECTIVES:
        found = re.search(rf"\b{name}\s*=\s*(\d+)", spec.text) if spec is not None else None
        if found is not None and int(found.group(1)) > 0:
            out.append(f"{directive} {32 * int(found.group(1))}, 1, 1")
    return out


def _load_stages(function: Operation) -> dict[Value, tuple[int, Operation | None]]:
    """Each async load's mbarrier -> (the stages of its ring: the load's `stages`, else one;
    the innermost `scf.for` the load is in, None outside loops)."""
    out: dict[Value, tuple[int, Operation | None]] = {}
    for op in function.walk():
        if op.name not in (TILED_TMA_LOAD, GATHER_TMA_LOAD):
            continue
        mbarrier = (operand_groups(op).get("mbarrier") or [None])[0]
        loop = op.parent_op
        while loop is not None and loop is not function and loop.name != "scf.for":
            loop = loop.parent_op
        loop = loop if loop is not None and loop.name == "scf.for" else None
        stages = integer(op, STAGES) or 1
        if mbarrier is not None:
            out[mbarrier] = (max(stages, 1) if loop is not None else 1, loop)
    return out


def _recomputable(name: str) -> bool:
    """What a loop body may compute a load's coordinates by for the load to be filled ahead:
    integer arithmetic (its record's word: no memory effect, integers in and out, or a
    constant; dialects/registry.py) that this emitter writes."""
    return is_integer_arithmetic(name) and name in _HANDLERS


def _filled_ahead(function: Operation, stages_of: dict[Value, tuple[int, Operation | None]]
                  ) -> dict[int, list[tuple[Operation, list[Operation]]]]:
    """The loads each loop fills `stages - 1` iterations ahead (id(loop) -> [(load, the body
    ops its coordinates need, in body order)]): a TMA load with a ring of two or more stages,
    directly in its loop's body, whose descriptor comes from outside the loop and whose
    coordinates are integer arithmetic (`_recomputable`) of the induction variable and values
    from outside the loop. Any other load fills its stage in its own iteration."""
    out: dict[int, list[tuple[Operation, list[Operation]]]] = {}
    for op in function.walk():
        if op.name != TILED_TMA_LOAD:
            continue
        groups = operand_groups(op)
        stages, loop = stages_of.get((groups.get("mbarrier") or [None])[0], (1, None))
        if loop is None or stages < 2 or op.parent is not loop.regions[0].blocks[0]:
            continue
        body = op.parent
        needed: dict[int, Operation] = {}
        pending = list(groups.get("coords", [])) + list(groups.get("descriptor", []))
        ok = True
        while pending and ok:
            value = pending.pop()
            if value is body.arguments[0]:
                continue
            owner = value.owner if isinstance(value, OpResult) else None
            if owner is None:
                ok = value.owner is not body          # another block argument of the body: carried
                continue
            if not loop.is_ancestor_of(owner):
                continue                              # computed before the loop
            if owner.parent is not body or not _recomputable(owner.name) or (value in groups.get("descriptor", [])):
                ok = False
                continue
            if id(owner) not in needed:
                needed[id(owner)] = owner
                pending.extend(owner.operands)
        if ok and not _ordered_after_reads_only(groups.get("token", []), loop):
            ok = False
        if ok:
            ordered = [inner for inner in body.operations if id(inner) in needed]
            out.setdefault(id(loop), []).append((op, ordered))
    return out


def _ordered_after_reads_only(tokens: list[Value], loop: Operation) -> bool:
    """Whether the memops of `loop`'s iteration a load is ordered after (its token, through the
    tokens of the ops that made it) are loads only: filling it an iteration or more earlier
    then moves it before no write it must follow (a token from before the loop orders nothing
    inside it; one carried round the loop orders it after the last iteration's ops)."""
    pending = list(tokens)
    while pending:
        value = pending.pop()
        owner = value.owner if isinstance(value, OpResult) else None
        if owner is None:
            holder = value.owner.parent_op
            if holder is not None and loop.is_ancestor_of(holder):
                return False          # a block argument inside the loop: carried round it
            continue
        if not loop.is_ancestor_of(owner):
            continue
        if owner.name not in (TILED_TMA_LOAD, GATHER_TMA_LOAD, TILED_LOAD):
            return False
        pending.extend(operand_groups(owner).get("token", []))
    return True


def parameter_name(argument: BlockArgument) -> str:
    """The PTX parameter (the first, for a memref passed as its descriptor) of a kernel argument."""
    return f"p{argument.index}_{argument.name_hint or 'arg'}".replace(".", "_")


def launch_parameters(function: Operation) -> list[tuple[str, str]]:
    """What the host passes a TileAS kernel (after the default pipeline) at launch, parameter by
    parameter in the order of its `.entry`: (PTX parameter, what it holds). The emitter declares
    the same parameters (`_Emitter.argument`)."""
    if not function.regions or not function.regions[0].blocks:
        return []
    entry = function.regions[0].blocks[0]
    header = FunctionHeader.read(function)
    marks = header.argument_attributes if header is not None else [{} for _ in entry.arguments]
    out: list[tuple[str, str]] = []
    for argument, argument_marks in zip(entry.arguments, marks):
        type_text, name = str(argument.type), parameter_name(argument)
        what = f"%{argument.name_hint}"
        if type_text in TOKEN_TYPES:
            continue
        if type_text.startswith(DESCRIPTOR_TYPE_PREFIX):
            appended = GRID_CONSTANT in argument_marks and HIDDEN_ARGUMENT not in argument_marks
            out.append((name, f"{what}: a 128-byte CUtensorMap by value (a grid constant"
                              f"{', .hidden: the host twin encodes it' if appended else ''})"))
            continue
        space, tile = residency(argument.type)
        if space in (Residency.TMEM, Residency.SMEM, Residency.RMEM) and tile is not None:
            continue                      # a tile the kernel holds itself: no parameter
        if space is Residency.GMEM and tile is not None and passes_descriptor(type_text):
            out += [(field_name, held.format(of=what))
                    for field_name, held in memref_descriptor_fields(name, len(tile.dims))]
        elif space is Residency.GMEM and tile is not None:
            out.append((name, f"the aligned pointer of {what} ({type_text}: its type fixes its extents, strides and offset)"))
        else:
            out.append((name, f"{what} ({type_text}) as a .{FLOAT_PARAMETERS.get(type_text, 'u64')}"))
    return out


def kernel_name(function: Operation) -> str:
    """The PTX entry name of a function: its symbol without `@` and quotes, dots as `_`."""
    symbol = function_symbol(function) or "@kernel"
    return symbol.lstrip("@").strip('"').replace(".", "_") or "kernel"


def emit_tileas_kernel(function: Operation, target: str) -> PtxModule | EmitError:
    """One PTX module with the kernel `function` (after the default pipeline) as its entry."""
    t = T.parse_target(target)
    if t is None:
        return EmitError(f"unknown SM target {target!r}", None, target)
    if not function.regions or len(function.regions[0].blocks) != 1:
        return EmitError(f"`{kernel_name(function)}`: only a kernel of one block is emitted", None, target)
    emitter = _Emitter(PtxBuilder(kernel_name(function)))
    emitter.stages_of = _load_stages(function)
    emitter.ahead = _filled_ahead(function, emitter.stages_of)
    emitter.threads = thread_count(function)
    emitter.tier = t.tier
    entry = function.regions[0].blocks[0]
    header = FunctionHeader.read(function)
    marks = header.argument_attributes if header is not None else [{} for _ in entry.arguments]
    try:
        for argument, argument_marks in zip(entry.arguments, marks):
            emitter.argument(argument, argument_marks)
        body_start = len(emitter.kernel.body)
        for op in entry.operations:
            emitter.op(op)
    except _Unemittable as why:
        return EmitError(f"`{kernel_name(function)}`: {why}", None, target)
    for line in emitter.deferred:
        emitter.kernel.emit(line)
    # After the parameters are read, before the body: one thread (the leader) issues the TMA
    # transfers and initialises the barriers, which exist for every thread before any use;
    # warp 0 allocates the tensor memory every warp then addresses.
    kernel = emitter.kernel
    kernel.directives += thread_directives(function)
    tid = kernel.reg("b32", "%tid_x")
    kernel.reg("pred", LEADER)
    prologue = [f"mov.u32 {tid}, %tid.x;", f"setp.eq.u32 {LEADER}, {tid}, 0;"]
    if emitter.uses_thread_count:
        kernel.reg("b32", THREADS)
        prologue.append(f"mov.u32 {THREADS}, %ntid.x;")
    prologue += emitter.prologue
    if emitter.rings:
        prologue += [FENCE_MBARRIER_INIT]
    epilogue: list[str] = []
    if emitter.uses_warps or emitter.tmem:
        kernel.reg("b32", WARP), kernel.reg("b32", LANE), kernel.reg("pred", WARP0)
        prologue += [f"shr.u32 {WARP}, {tid}, 5;", f"and.b32 {LANE}, {tid}, 31;", f"setp.eq.u32 {WARP0}, {WARP}, 0;"]
    for symbol, address, columns in emitter.tmem:
        slot = kernel.reg("b32", f"%{symbol}")
        prologue += [f"mov.u32 {slot}, {symbol};",
                     f"@{WARP0} " + tmem_alloc(1, slot, columns)]
        epilogue += [f"@{WARP0} " + tmem_dealloc(1, address, columns)]
    if emitter.tmem:
        prologue += [f"@{WARP0} " + tmem_relinquish(1)]
    if emitter.rings or emitter.tmem:
        prologue += ["bar.sync 0;"]
    for symbol, address, _ in emitter.tmem:
        prologue += [f"ld.shared.b32 {address}, [%{symbol}];"]
    if emitter.tmem:
        prologue += [TMEM_AFTER_THREAD_SYNC]
        epilogue = [TMEM_BEFORE_THREAD_SYNC, "bar.sync 0;"] + epilogue
    kernel.body[body_start:body_start] = [(line, False) for line in prologue]
    for line in epilogue:
        kernel.emit(line)
    # Constants as immediates where PTX takes one, as the function writer writes them, and an
    # instruction of literals only computed (`evaluate`); the `mov`s nothing reads then go.
    copied = fold_constants(kernel, evaluate=True)
    propagate(kernel, [], copies=False, copied=copied)
    return render([(emitter.kernel, None)], t)


def ir_kernels(ir_text: str, target: str) -> list[tuple[str, "PtxModule | EmitError"]]:
    """The PTX of each TileAS kernel in IR the passes have already run on (`cute-ir lower
    --emit ptx`): (kernel name, module or why none), in document order."""
    lifted = lift(parse(ir_text.encode("utf-8")).root)
    resolve_aliases(lifted.operations, AliasTable((alias.name, alias.text) for alias in lifted.aliases))
    return [(kernel_name(op), emit_tileas_kernel(op, target))
            for top in lifted.operations for op in top.walk()
            if is_function(op.name) and is_kernel(op)]
