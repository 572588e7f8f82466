"""PTX of a function the lowering pipeline turned into inline assembly: the preview's kernel for
a unit's cute_nvgpu atoms, emitted from the lowered IR rather than from the atoms' configurations.

`convert-cute-nvgpu-to-ptx` replaces each op that applies an atom by an `llvm.inline_asm` whose
operands are bound by constraints, with the few ops that bind them (`memref.load` /
`vector.load` of a fragment, `memref.extract_aligned_pointer_as_index` of a buffer, an index
cast, a constant; `llvm.extractvalue` and `memref.store` / `vector.store` of the results).
`lowered_kernels` writes each function of such IR that holds inline assembly (and is no TileAS
kernel: emit/tileas_kernel.py writes those) as one `.entry` with the PTX builder
(emit/builder.py), or, when it returns values, as a device function (`.func`):

| lowered IR | PTX |
|---|---|
| a `memref` / `index` / integer / float / shared-memory matrix descriptor argument | a `.param` of its width, read into a register (a memref: its aligned pointer, generic; a memref in tensor memory, memory space 6, a `.param .u64` too, its low 32 bits narrowed once by `cvt.u32.u64` into the `.b32` register that holds such a memref: its tensor-memory address) |
| a `memref` argument whose extents, strides or offset are dynamic (`memref<?x64xf32>`, `memref<?x?xf32>`, `strided<[?, 1], offset: ?>`) | MLIR's memref descriptor, each field a `.param .u64` in its order (`pK_allocated`, `pK` the aligned pointer, `pK_offset`, `pK_size0...`, `pK_stride0...`), as MLIR's default calling convention passes a memref (the bare-pointer convention the others follow is defined for static memrefs only; `builder.passes_descriptor`, the rule of a TileAS kernel's arguments too); of the dynamic offset and strides, only those an access multiplies in read (the offset by any load or store, a stride by one at an index not a constant 0 or by a vector spanning its dimension) |
| an `i8` argument | a `.param .u8` (as LLVM's NVPTX backend passes an i8), `ld.param.u8` into a 16-bit register: PTX has no 8-bit registers, so an i8 is the low 8 bits of a `.b16` one, the high bits undefined until what reads them extends it (`cvt.s16.s8` signed, `and` of 255 unsigned) |
| an `i1` argument | a `.param .u8` (PTX has no predicate parameter; LLVM's NVPTX backend passes an i1 so), its low bit tested by `setp.ne` into a predicate register |
| a TMA descriptor argument | a grid-constant `.param .align 64 .b8 [128]`, used through its generic address |
| `arith.constant` of an integer, index or float | `mov` of its bits (an f32 / f64 in PTX's `0f` / `0d` hex forms), then folded as an immediate into each instruction that reads it where PTX takes one (emit/ptx_copies.py `fold_constants`: `add.s32 %r1, %r2, 4;`, `shl.b32 %r, %r, 2;`), the `mov` gone when nothing else reads it; one the lowering names (`cute_nvgpu.l2_cache_policy`, emit/atom_instruction.py `NAMED_CONSTANTS`) stays a `mov` in hex with a comment naming it (`0x1000000000000000;  // L2 evict_normal`) |
| `arith.bitcast`, `llvm.bitcast`, `builtin.unrealized_conversion_cast` of one width to the same (`!llvm.ptr<3>` and `!llvm.ptr<6>` are 32 bits: a shared-memory address in the CTA's window, a tensor-memory address; so is a memref in tensor memory, memory space 6: its address) | `mov` (of an `i1`, `mov.pred`) |
| `nvvm.mbarrier.init` / `nvvm.fence.mbarrier.init` / `nvvm.barrier0` / `nvvm.mbarrier.try_wait.parity` (an `!llvm.ptr<3>`; count, phase and ticks `i32`) | the PTX builder's `mbarrier.init.shared::cta.b64 [mbar], count;`, `fence.mbarrier_init.release.cluster;`, `bar.sync 0;`, and the wait MLIR lowers the last to: a loop of `mbarrier.try_wait.parity.shared::cta.b64 p, [mbar], phase, ticks;` and `@!p bra` back to it until the phase completes (a constant count, phase or ticks an immediate) |
| `nvvm.tcgen05.alloc` / `relinquish_alloc_permit` / `dealloc` / `fence` / `commit` (`group`: `#nvvm.cta_group<cta_1>` or `<cta_2>`, cta_1 when absent) | the PTX builder's (emit/builder.py) `tcgen05.alloc...shared::cta.b32 [slot], columns;`, `tcgen05.relinquish_alloc_permit`, `tcgen05.dealloc...b32 address, columns;` (the columns an immediate when constant), `tcgen05.fence::after_thread_sync` / `before_thread_sync`, `tcgen05.commit...mbarrier::arrive::one.shared::cluster[.multicast::cluster].b64 [mbar][, mask];` of the op's CTA group |
| `nvvm.read.ptx.sreg.cluster.ctarank` (an i32) / `nvvm.cluster.arrive` / `nvvm.cluster.wait` (`aligned` optional; sm_90 on) | `mov.u32 r, %cluster_ctarank;`, `barrier.cluster.arrive[.aligned];`, `barrier.cluster.wait[.aligned];` |
| the function's `nvvm.reqntid` / `nvvm.maxntid` / `nvvm.cluster_dim` (each an `array<i32: ...>` of one to three positive extents; the cluster sm_90 on) | the kernel's `.reqntid x[, y[, z]]` / `.maxntid ...` / `.explicitcluster` and `.reqnctapercluster ...`, in the order LLVM's NVPTX backend writes them (both thread counts, which PTX excludes, another form, or a device function's: refused, named) |
| `arith.extui` / `extsi` / `trunci` / `index_cast` / `index_castui` of i1, i8, i16, i32, i64, index scalars | `cvt` widening by the op's signedness (`cvt.u64.u32`, `cvt.s32.s16`; from an i8 its low 8 bits, `cvt.s32.s8`), narrowing by truncation (into an i8, to its register's 16 bits), `mov` at one width; an `i1` widened by `selp` of 1 (-1 signed) or 0, narrowed to its low bit (`and`, `setp.ne`) |
| `arith.sitofp` / `uitofp` (an integer, `i1` and `i8` too, to f16 / bf16 / f32 / f64), `fptosi` / `fptoui` (back, `i1` and `i8` too) | `cvt.rn.<float>.<s|u>N` (rounded to nearest, as `arith` rounds; an i8's `.s8` / `.u8`, which reads its low 8 bits; with a bf16, which `cvt` pairs with no 8-bit integer, the i8 extended to 16 bits, or the bf16 to a 16-bit integer whose low 8 bits are the i8 for every value in range); `cvt.rzi.<s|u>N.<float>` (toward zero). Out of range MLIR gives poison, PTX clamps to the range (a NaN: 0, or 1 << (N - 1) from an f64 or into 64 bits), one of the values poison allows; bf16 with an integer needs sm_90 (else refused, named) |
| `arith.extf` / `truncf` between f16, bf16, f32, f64 | `cvt.<to>.<from>` (exact, no rounding); `cvt.<rnd>.<to>.<from>` with `truncf`'s rounding mode (`rn` when it has none, `rm`, `rp`, `rz`; `to_nearest_away` is refused: `cvt` has it for tf32 only); f32 <-> bf16 before sm_80 (no `cvt` of bf16) by integer arithmetic, as LLVM's NVPTX backend writes it: widening a shift by 16, narrowing to nearest even by adding 0x7FFF and the lowest kept bit, toward zero by dropping the lower half, a NaN kept quiet (downward and upward refused, named); bf16 <-> f64 needs sm_90 |
| integer `arith` (`addi`, `subi`, `muli`, `divui`, `remui`, `divsi`, `remsi`, `andi`, `ori`, `xori`, `minsi`, `maxsi`, `minui`, `maxui`, `shli`, `shrui`, `shrsi`) of i8, i16, i32, i64 | the instruction of the width, which wraps as the op does (of i8s the 16-bit one, whose low 8 bits are the 8-bit result; a division's, min's, max's or right shift's operands extended by its signedness first); a shift's amount converted to the `.u32` PTX takes (a shift by the width or more, poison in MLIR, PTX clamps to the width); `andi` / `ori` / `xori` of `i1`s `and.pred` / `or.pred` / `xor.pred` |
| `arith.ceildivsi` / `floordivsi` / `ceildivui` of i8, i16, i32, i64 (vectors lane by lane) | MLIR's arith-expand expansion: `div.s` toward zero, then +1 (ceil) where the division is inexact and the operands' signs agree, -1 (floor) where they differ (`mul.lo`, `setp.<ge|lt>.xor`, `setp.ne.and`, `selp`); ceildivui `selp` of 0 for a zero dividend, else `(a - 1) / b + 1` |
| `arith.addui_extended`, `mulsi_extended`, `mului_extended` of i8, i16, i32, i64 scalars | `add` and its carry (`setp.lt.u` of the sum and an operand); `mul.lo` and `mul.hi` by the signedness (of i8s the 16-bit product of the extended operands, its high byte by `shr`) |
| `arith.remf` of f16 / bf16 / f32 / f64 (vectors lane by lane) | C's `fmod` exactly, by binary long division of the magnitudes, each step exact (doubling, `sub` where Sterbenz's lemma holds, halving), the result `copysign`ed from the dividend; NaN for a zero divisor, an infinite dividend or a NaN; a half in f32 (bf16 sm_80). LLVM's NVPTX `frem` (x - trunc(x / y) * y) is wrong once the quotient passes the significand |
| float `arith` of f32 / f64 (`addf`, `subf`, `mulf`, `divf`, `maxnumf`, `minnumf`, `maximumf`, `minimumf`, `negf`; `math.absf`) | `add.rn`, `sub.rn`, `mul.rn` (a rounding modifier keeps ptxas from fusing them into an fma, which only `fastmath<contract>` allows), `div.rn`, `max`, `min`, `max.NaN` / `min.NaN` (NaN-propagating, -0 below +0, as `maximumf` is; sm_80; for f64, which has no such form, and before sm_80: `max` / `min`, `setp.nan` of the operands and `selp` of their sum, a NaN, where either is one), `neg`, `abs` |
| the same of f16 / bf16 scalars (`.b16` registers) | the 16-bit instruction (`add.rn.f16`, `max.NaN.bf16`, ...) where the target has it (f16 add / sub / mul / neg / abs sm_53, max / min sm_80; bf16 add / sub / mul sm_90, the rest sm_80); else, and for `divf` (PTX has no 16-bit `div`), the f32 instruction between `cvt.f32.<half>` of each operand and `cvt.rn.<half>.f32` (a bf16 before sm_80: the integer arithmetic `extf` / `truncf` use there): rounding to f32 first cannot change the half's correctly rounded result (f32's significand is more than twice a half's plus two bits) |
| float `arith` of a vector of f16 / bf16 (one register of 32 or 64 bits, or a 128-bit one's four) | the packed instruction of each 32-bit register's pair (`add.rn.f16x2`, `max.NaN.bf16x2`, ...) where the target has the scalar one (the PTX ISA gives the `.f16x2` / `.bf16x2` forms the same targets); else, and of an odd number of lanes, lane by lane as the scalars above |
| `arith` of vectors of f16, bf16, f32, f64, i16, i32, i64 (arithmetic, `cmpi`, `cmpf`, `select`, the conversions above) | lane by lane: each register unpacked by `mov.bN {a, b, ...}` (a 64-bit lane of a 128-bit vector made of two of its registers), the scalar instruction of each lane, the lanes packed back by `mov.bN r, {a, b, ...}` (a vector's lanes never carry into one another); a vector of `i1`s (a compare's result) a predicate register per lane, which `select` and `andi` / `ori` / `xori` read lane by lane; `truncf` of an even number of f32 lanes to f16 / bf16, to nearest even or toward zero, `cvt.<rn|rz>.<f16x2|bf16x2>.f32` of each pair on sm_80 and later (its first operand the pair's upper lane). A vector of i8 (2, 4, 8 or 16 lanes) has a 16-bit register per lane, as an i8 scalar: unpacked from each 16-bit half (the lower lane the half itself, the upper `shr.u16` by 8), packed back by `and` 255, `shl` 8 and `or` |
| `arith.cmpf` of f16 / bf16 / f32 / f64 | `setp` of PTX's compare (of a half where the target has its `setp`, f16 sm_53, bf16 sm_90; else of both widened to f32, exactly): the ordered predicates its plain ones (`olt` -> `lt`, `one` -> `ne`), the unordered its `u` forms (`ult` -> `ltu`, `une` -> `neu`), `ord` / `uno` `num` / `nan`; `false` / `true` `mov.pred` of 0 / 1 |
| `arith.select` | `selp` of the values' type (of 128-bit vectors, of each of their four registers); of two `i1`s, `mov.pred` from either under the condition and its negation |
| `memref.load` / `memref.store` of an `i8` | `ld.u8` into its 16-bit register / `st.u8` of its low byte |
| `memref.load` / `memref.store` of an `i1` | a byte (LLVM's data layout gives an i1 one): `ld.u8` and its low bit tested by `setp.ne`; `selp.u16` of 1 or 0 and `st.u8` |
| `vector.load` / `vector.store` of a 1-D `vector<Nxi1>` | bit-packed, as LLVM loads and stores the `<N x i1>` they lower to (lane k bit k % 8 of byte k / 8, from the element's address): `ld.u8` of each byte and each lane's bit tested (`and`, `setp.ne`); each byte gathered by `selp.u16` of each lane's bit and `or` (the bits past the last lane 0), `st.u8` |
| `memref.load` / `memref.store`, `vector.load` / `vector.store` of 16, 32 or 64 bits (a tf32 is 32: a `.b32` register, as the MMAs' `.tf32` operands take it) | generic `ld` / `st` at the element's address (row-major over static inner extents, the outermost may be dynamic, or `strided<[...], offset: N>`; a dynamic offset or stride, of an argument passed as its descriptor, multiplied in by `mul.lo` / `mad.lo`, for an access of one element, or of a vector whose op's `alignment` attribute promises its size); a vector's address provably a multiple of its size (the aligned pointer taken to be 16-byte aligned), or promised so by that attribute (MLIR: a misaligned access is then undefined behaviour) |
| `vector.load` / `vector.store` of an N-D vector (several rows: its innermost dimension the memref's innermost, the others the memref's trailing ones before it) | element by element, row by row: each row a static stride in bytes or a dynamic one by `mad.lo` from the first element's address, its elements consecutive (the memref's innermost stride must be a static 1), each moved as the next row says |
| `vector.load` / `vector.store` of a 1-D vector (16-, 32- or 64-bit elements) through a memref argument of dynamic strides or offset whose innermost stride is a static 1, with no such promise | element by element: the first element's address computed once, an `ld.bN` / `st.bN` of each at its own byte offset from it (aligned as its element is, all that the memref's layout proves), packed into the vector's registers by `mov.b32` / `mov.b64` `{a, b, ...}` or unpacked from them; a dynamic innermost stride is refused, named |
| `vector.load` / `vector.store` of 128 bits (`vector<4xf32>`, `vector<8xf16>`, ...) | `ld.v4.b32` into four registers / `st.v4.b32` of the four a 128-bit load, select or lane-wise op gave, at an address provably a multiple of 16 |
| `memref.extract_aligned_pointer_as_index` | the pointer (`cvta.to.shared` for a memref in shared memory: a 32-bit shared address follows); of a memref in tensor memory, read only by casts to i32 (`index_cast`, `index_castui`, `trunci`: how the lowering binds its `r` operand), nothing: each cast is a `mov` of the 32-bit address, not a widening to 64 bits and a narrowing back; for another reader `cvt.u64.u32` |
| `llvm.inline_asm` (generic or custom form) | its `asm_string`, `$n` replaced by the registers of its constraints (outputs, then inputs; an `n` input its constant; a tied input moved into its output first) |
| `llvm.extractvalue` | the register of that output |
| `func.return` of values (16, 32 or 64 bits each; not an i8, which LLVM widens) | the function is a `.visible .func` of one return parameter, as LLVM's NVPTX backend writes it: `.param .bN func_retval0` for one value, `.param .align A .b8 func_retval0[bytes]` for several (each at the next multiple of its size), `st.param` of each before `ret` (no tensor-map parameter then: `cvta.param` reads a kernel's only) |
| `scf.for` (index, i64, i32, i16 or i8 bounds, `iter_args` of any value the writer holds: one register, a 128-bit vector's four, a `vector<Nxi1>`'s predicate per lane, as every region result, block argument and `scf.while` value below) | a counted loop: the counter compared with the upper bound before the first iteration and after each, signed (unsigned with `unsignedCmp`, the custom form's `unsigned`), a register per carried value; `scf.yield` moves the yielded values into them through temporaries; an i8 counter steps in its 16-bit register, wrapping in its low 8 bits as the op's `addi` does, and is compared extended by the comparison's signedness |
| `scf.while` (`scf.condition` of such a predicate) | a loop: a register per carried value, set from its initial value; the before-region at the top, its `scf.condition` moving what it passes into the registers the after-region's arguments and the loop's results share, then `@!p bra` out; the after-region, whose `scf.yield` sets the carried values through temporaries, then `bra.uni` back to the top |
| a function of several blocks, `cf.br` / `cf.cond_br` between them | a label per block after the entry and a register per block argument; a branch moves what it passes into the target's registers (through temporaries), then `bra.uni` to it; `cf.cond_br` `@!p bra` past the true target's moves to the false one's (with nothing to pass, `@p bra` and `bra.uni`); a `func.return` before the last block returns there |
| `cf.switch` (a flag of 1, 8, 16, 32 or 64 bits; the custom or generic form) | a compare-and-branch chain: per case `setp.eq.sN` of the flag and its value (signed at the flag's width; an i8 flag sign-extended first; an i1's case the flag itself, or its `not.pred` for a case of 0) and `@p bra` its block, or with values to pass `@!p bra` past their moves and `bra.uni`; the default's moves and `bra.uni` last |
| `scf.execute_region` (the one `scf` region of several blocks) | its blocks as a function's (labels, argument registers, the `cf` branches between them); a register per result, each `scf.yield` moving the values into them and, before the last block, `bra.uni` to the region's end |
| `gpu.block_id` / `thread_id` / `block_dim` / `grid_dim` x, y, z | `mov.u32` of `%ctaid` / `%tid` / `%ntid` / `%nctaid`, widened to 64 bits (an `index`) |
| `arith.cmpi` of 8-, 16-, 32- or 64-bit integers | `setp` of its predicate (signed or unsigned; an i8's operands extended by it to 16 bits), a predicate register |
| `scf.if` of such a predicate or an `i1` argument | `@!p bra` past the then-region to the else-region (when it has ops) or the end; a register per result, which each region's `scf.yield` sets |
| `nv_tileas.make_tiled_tma_desc` of the function's arguments, constants and arithmetic of them (lowering_facts/descriptor_capture.py's host side) | a `.hidden` grid-constant `.param .align 64 .b8 tmaK[128]` appended to the function's: the tensor map the host builds and passes, as attach-tma-descriptor-args appends one to a TileAS kernel; used through its generic address |

The `mov`s the lowered IR's casts, extracted results and constants leave are propagated away
(emit/ptx_copies.py: a constant folded into each instruction after it whose operand takes an
immediate, as LLVM's NVPTX backend writes them; a copy whose reads follow it in one straight run
of lines; a `mov` nothing reads), so an atom's instruction is near the top and no line is a mere
rename.

Each body line is mapped to the lowered op that wrote it (`LoweredKernel.line_ops`: PTX line ->
the op's first line in the lowered text), which the preview maps on to the source op the lowered
op came from; a loop's own lines (its counter, compare and branches) map to the `scf.for`, its
body's to their ops (a branch's likewise). `arith.scaling_extf` / `scaling_truncf` are refused, named (their f8E8M0FNU scale has no register here). Any other op (an atom the lowering left, a descriptor
built from what the kernel computes, another region op) is the kernel's refusal, named, and so is a
function whose tcgen05 instructions name both CTA groups (`.cta_group::1` and `::2`: ptxas takes
one per function); the preview then keeps the atoms' own kernels for that unit.
"""
from __future__ import annotations

import re
import struct
from bisect import bisect_left
from itertools import product
from dataclasses import dataclass, field
from math import prod

from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from ..dialects.nv_tileas.async_tma import is_kernel
from ..dialects.nvvm_checks import launch_value, malformed_launch
from ..dialects.registry import is_function, returns_to
from ..ir.aliases import AliasTable, resolve_aliases
from ..ir.attributes import CMPF_PREDICATES, CMPI_PREDICATES, ROUNDING_MODES, attribute, constant_number, enum_case, enum_keyword, integer, integers, written_text
from ..ir.core import Block, Operation, Type, Value
from ..ir.lift import lift
from ..ir.shaped import element_bits, shaped
from ..lowering_facts.descriptor_capture import HOST, capture
from ..lowering_facts.tileas import view_offset, view_strides
from ..syntax.parser import parse
from ..tables import tiers as T
from ..tables.op_names import INLINE_ASM
from ..tables.legality import (NAN_TIER, BF16_ARITHMETIC_TIER, BF16_CVT_TIER, BF16_TIER, FLOAT_INSTRUCTIONS, PAIRED_ROUNDING,
                               REMAINDER, TRUNCF_ROUNDING)
from .atom_instruction import NAMED_CONSTANTS
from .builder import (CONSTANT_COMPARISONS, ENTRY_STARTS, FENCE_MBARRIER_INIT, FLOAT_COMPARISONS, INTEGER_COMPARISONS, TMEM_FENCES, PtxBuilder, PtxModule, cta_groups, memref_descriptor_fields,
                      float_remainder, mbarrier_init, nan_propagating, passes_descriptor, render, tmem_alloc, tmem_commit, tmem_dealloc, tmem_relinquish)
from .ptx import EmitError
from .ptx_copies import fold_constants, propagate
from .tileas_kernel import SPECIAL_REGISTERS, kernel_name, special_dimension

__all__ = ["LoweredKernel", "function_kernels", "function_refusal", "lowered_kernels",
           "meant_for_ptx", "writes"]


@dataclass(frozen=True)
class LoweredKernel:
    """One function's kernel, or why it has none; `line_ops`: (0-based line of the module's
    text, 0-based line in the lowered IR text of the op that wrote it)."""
    name: str
    module: PtxModule | EmitError
    line_ops: tuple[tuple[int, int], ...] = ()


class _Unemittable(Exception):
    """Why the function writer writes no kernel; `op`: the innermost op it was writing (set by
    `_Emitter.op`), where `check` reports it (`function_refusal`)."""
    op: Operation | None = None


# A scalar type's register: (PTX register type, bits).
# An i8 lives in a 16-bit register (PTX has no 8-bit ones): its low 8 bits are the value, the high
# ones undefined (`add`, `mul`, `and`, a `trunci` into it leave them so); what reads more than the
# low 8 bits (a compare, a division, a widening, a switch) extends it first (`_I8_EXTEND`).
_SCALARS = {"index": ("b64", 64), "i64": ("b64", 64), "i32": ("b32", 32), "i16": ("b16", 16), "i8": ("b16", 8),
            "i1": ("pred", 1),
            "f32": ("f32", 32), "f64": ("f64", 64), "f16": ("b16", 16), "bf16": ("b16", 16),
            # A tf32 is 32 bits in memory and a register (CUTLASS's tfloat32_t), as the MMAs take it
            # (`.tf32` operands in `.b32` registers); no arithmetic of it is written here.
            "tf32": ("b32", 32)}
# An inline-assembly constraint's register type.
_CONSTRAINTS = {"r": "b32", "l": "b64", "f": "f32", "d": "f64", "h": "b16"}
# A load's or store's type suffix by register type (an i8's: `_I8_ACCESS`).
_ACCESS = {"b16": "b16", "b32": "b32", "b64": "b64", "f32": "f32", "f64": "f64"}
# An i8 in memory is one byte: loaded zero-extended into its 16-bit register, stored as its low byte.
_I8_ACCESS = "u8"
# An i8's value made whole in its 16-bit register, by the signedness what reads it takes.
_I8_EXTEND = {"s": "cvt.s16.s8 {d}, {a};", "u": "and.b16 {d}, {a}, 255;"}
# Integer arithmetic: op -> the instruction, `{W}` the width.
_INTEGER = {"arith.addi": "add.s{W}", "arith.subi": "sub.s{W}", "arith.muli": "mul.lo.s{W}",
            "arith.divui": "div.u{W}", "arith.remui": "rem.u{W}", "arith.divsi": "div.s{W}",
            "arith.remsi": "rem.s{W}", "arith.andi": "and.b{W}", "arith.ori": "or.b{W}", "arith.xori": "xor.b{W}",
            "arith.minsi": "min.s{W}", "arith.maxsi": "max.s{W}", "arith.minui": "min.u{W}", "arith.maxui": "max.u{W}",
            "arith.shli": "shl.b{W}", "arith.shrui": "shr.u{W}", "arith.shrsi": "shr.s{W}"}
# The divisions that round toward an infinity, as MLIR's arith-expand expands them (its
# `ceildivsi` / `floordivsi` / `ceildivui` patterns): the quotient toward zero, then corrected.
# ceildivsi: q + 1 where the division is inexact and the operands have one sign; floordivsi:
# q - 1 where it is inexact and their signs differ (`setp.<ge|lt>.xor` of the divisor's sign
# and the dividend's: true when they agree, respectively differ); ceildivui: 0 for a dividend of
# 0, else (a - 1) / b + 1. op -> (the `setp` of the divisor against 0 whose xor with the
# dividend's sign is the correction's condition, the correction); ceildivui: None.
_ROUNDED_DIVISIONS = {"arith.ceildivsi": ("ge", 1), "arith.floordivsi": ("lt", -1), "arith.ceildivui": None}
# The ops with two results, of scalars: the sum and its carry (`addui_extended`), a product's low
# and high halves (`mulsi_extended`, `mului_extended`: `mul.lo` and `mul.hi` by the signedness).
_EXTENDED = {"arith.addui_extended": "u", "arith.mulsi_extended": "s", "arith.mului_extended": "u"}
# The `arith` ops the writer refuses, and why (every other op of the dialect on scalars it writes).
_REFUSED = {name: f"`{name}` scales by an f8E8M0FNU exponent, a type with no register here"
            for name in ("arith.scaling_extf", "arith.scaling_truncf")}
# A shift's amount is a `.u32` operand in PTX: a 16- or 64-bit one converted (truncating a 64-bit
# amount changes none below the width; MLIR makes a shift by the width or more poison, and PTX
# clamps it to the width, one of the values poison allows).
_SHIFTS = ("arith.shli", "arith.shrui", "arith.shrsi")
_LOADS = ("memref.load", "vector.load")
_STORES = ("memref.store", "vector.store")
# The integer ops whose result depends on bits above an i8's low 8: each operand's extension (None:
# none read).
_INTEGER_SIGNS = {"arith.divui": ("u", "u"), "arith.remui": ("u", "u"), "arith.divsi": ("s", "s"),
                  "arith.remsi": ("s", "s"), "arith.minsi": ("s", "s"), "arith.maxsi": ("s", "s"),
                  "arith.minui": ("u", "u"), "arith.maxui": ("u", "u"), "arith.shli": (None, "u"),
                  "arith.shrui": ("u", "u"), "arith.shrsi": ("s", "u"), "arith.ceildivsi": ("s", "s"),
                  "arith.floordivsi": ("s", "s"), "arith.ceildivui": ("u", "u")}
# `and` / `or` / `xor` of `i1` values: the predicates' own logic.
_PREDICATE_LOGIC = {"arith.andi": "and.pred", "arith.ori": "or.pred", "arith.xori": "xor.pred"}
# Float arithmetic of f32 / f64 written here: op -> the instruction (tables/legality.py,
# FLOAT_INSTRUCTIONS), `{T}` the type; those of one operand.
_FLOAT = {name: FLOAT_INSTRUCTIONS[name][0] + ".{T}"
          for name in ("arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maxnumf", "arith.minnumf",
                       "arith.maximumf", "arith.minimumf", "arith.negf", "math.absf")}
_UNARY_FLOAT = {name for name in _FLOAT if FLOAT_INSTRUCTIONS[name][1] == 1}
# A vector lane's register by element type: (register type, bits); an i1's a predicate.
# An i8's a 16-bit register whose low 8 bits are the lane (as an i8 scalar's), unpacked and
# packed by shifts (`split`, `pack`: PTX has no 8-bit registers).
_LANE_TYPES = {"f16": ("b16", 16), "bf16": ("b16", 16), "f32": ("f32", 32), "f64": ("f64", 64),
               "i8": ("b16", 8), "i16": ("b16", 16), "i32": ("b32", 32), "i64": ("b64", 64), "i1": ("pred", 1)}
# The scalar float types, narrowest first.
_FLOAT_TYPES = ("f16", "bf16", "f32", "f64")
_HALVES = ("f16", "bf16")
# The lowest tier with an op's 16-bit instruction (PTX ISA, "Half Precision Floating-Point
# Instructions", each one's target notes; `setp`'s for `cmpf`); an op absent (`divf`: PTX has no
# 16-bit `div`) or a lower target computes in f32 instead: its operands widened exactly, the
# result rounded once to nearest by `cvt.rn`. That is the 16-bit operation's own result: f32's
# 24-bit significand is at least twice a half's plus two (11 or 8 bits), so rounding an add,
# sub, mul or div to f32 first cannot change the final rounding; a max, min, negation or
# comparison is exact either way.
_HALF_TIERS = {
    "f16": {"arith.addf": 53, "arith.subf": 53, "arith.mulf": 53, "arith.negf": 53, "math.absf": 53,
            "arith.maxnumf": 80, "arith.minnumf": 80, "arith.maximumf": 80, "arith.minimumf": 80, "arith.cmpf": 53},
    "bf16": {"arith.addf": BF16_ARITHMETIC_TIER, "arith.subf": BF16_ARITHMETIC_TIER,
             "arith.mulf": BF16_ARITHMETIC_TIER, "arith.negf": 80, "math.absf": 80,
             "arith.maxnumf": 80, "arith.minnumf": 80, "arith.maximumf": 80, "arith.minimumf": 80, "arith.cmpf": 90},
}
# `cvt` between a type pair that needs more than every target has (tables/legality.py,
# `bf16_cvt_tier`): f32 <-> bf16 sm_80 (before it, emulated by integer arithmetic:
# `half_to_f32`, `f32_to_half`, in these roundings); bf16 with any integer, f16 or f64 sm_90.
_BF16_F32_TIER, _BF16_TIER = BF16_TIER, BF16_CVT_TIER
_BF16_EMULATED_ROUNDING = ("rn", "rz")
# The conversions: op -> the integers' signedness (an `i1` source: its 1 widened to -1 signed,
# 1 unsigned). An integer narrows by truncation (`cvt` drops the high bits); an integer becomes
# a float rounded to nearest (`cvt.rn`: the rounding `arith` gives it); a float becomes an
# integer rounded toward zero (`cvt.rzi`). MLIR makes a float out of the integer's range (or a
# NaN) poison; PTX clamps it to the range (and a NaN to 0, or to 1 << (bits - 1) from an f64 or
# into 64 bits), which is one of the values poison allows.
_CONVERSIONS = {"arith.extui": "u", "arith.extsi": "s", "arith.trunci": "u", "arith.index_cast": "s",
                "arith.index_castui": "u", "arith.sitofp": "s", "arith.uitofp": "u", "arith.fptosi": "s",
                "arith.fptoui": "u", "arith.extf": "", "arith.truncf": ""}
# Whether a conversion's operand and result are floats (the others: integers both).
_FLOAT_SIDES = {"arith.extf": (True, True), "arith.truncf": (True, True), "arith.sitofp": (False, True),
                "arith.uitofp": (False, True), "arith.fptosi": (True, False), "arith.fptoui": (True, False)}
_TMA_DESCRIPTOR = "!cute_nvgpu.tma_descriptor"
# A device function's return parameter, by LLVM's NVPTX name for it.
_RETURN = "func_retval0"
# A shared-memory matrix descriptor: the 64-bit word the MMA reads (a kernel argument's value).
_SMEM_DESCRIPTOR = "!cute_nvgpu.smem_desc"
_SHARED_SPACE = "3"
_TENSOR_SPACE = "6"
# LLVM pointers the NVVM ops of tensor memory take: a shared-memory address (`!llvm.ptr<3>`, the
# 32-bit address in the CTA's shared window that `cvta.to.shared` gives, as the atoms' `r`
# constraints take it) and a tensor-memory address (`!llvm.ptr<6>`, 32 bits: lane and column).
_LLVM_POINTERS = {f"!llvm.ptr<{_SHARED_SPACE}>": "b32", f"!llvm.ptr<{_TENSOR_SPACE}>": "b32"}


# Casts to i32 of an index or integer: of a tensor-memory memref's pointer, its address itself.
_NARROWING = ("arith.index_cast", "arith.index_castui", "arith.trunci")


def _reads_address(op: Operation) -> bool:
    """Whether `op` takes a pointer to the i32 of its low 32 bits (`_Emitter.pointer`)."""
    return op.name in _NARROWING and len(op.results) == 1 and str(op.results[0].type) == "i32"


def _memref_space(type_text: str) -> str:
    """A memref type's memory space as written ("" for the default)."""
    return type_text.rsplit(",", 1)[-1].rstrip(">").strip() if type_text.count(",") else ""


def _bit_vector(type_text: str) -> bool:
    """A vector of `i1`s of static shape (a predicate register per lane)."""
    found = shaped(type_text) if type_text.startswith("vector<") else None
    return found is not None and found.element == "i1" and None not in found.dims


def _slot_types(type_text: str) -> list[str] | None:
    """The registers a carried value of `type_text` is held in (`_Emitter.held`): a vector of
    `i1`s a predicate per lane, a 128-bit vector four `.b32`, any other its one register."""
    if _bit_vector(type_text):
        return ["pred"] * prod(shaped(type_text).dims)
    if _wide_vector(type_text):
        return ["b32"] * (_WIDE_BYTES // 4)
    register_type = _register_type(type_text)
    return [register_type] if register_type is not None else None


def _register_type(type_text: str) -> str | None:
    """The PTX register type of a value of `type_text` (None: not one register)."""
    if type_text in _SCALARS:
        return _SCALARS[type_text][0]
    if type_text in _LLVM_POINTERS:
        return _LLVM_POINTERS[type_text]
    if type_text.startswith("memref<") and _memref_space(type_text) == _TENSOR_SPACE:
        # Its 32-bit address (lane and column), as `!llvm.ptr<6>` and the `r` constraints take it.
        return "b32"
    if type_text.startswith(("memref<", _TMA_DESCRIPTOR, _SMEM_DESCRIPTOR)):
        return "b64"
    found = shaped(type_text)
    if found is not None and type_text.startswith("vector<") and None not in found.dims:
        bits = _lane_bits(found.element)
        total = prod(found.dims) * bits if bits else None
        return {16: "b16", 32: "b32", 64: "b64"}.get(total)
    return None


# The custom form of `llvm.inline_asm`: its two strings, the asm_string and the constraints.
_ASM_STRINGS = re.compile(r'("(?:[^"\\]|\\.)*")\s*,\s*("(?:[^"\\]|\\.)*")')
# A vector of 128 bits: four 32-bit registers, moved by `ld.v4.b32` / `st.v4.b32`.
_WIDE_BYTES = 16


def _wide_vector(type_text: str) -> bool:
    found = shaped(type_text) if type_text.startswith("vector<") else None
    bits = element_bits(found.element) if found is not None and None not in found.dims else None
    return bits is not None and prod(found.dims) * bits == 8 * _WIDE_BYTES


def _shifted(address: str, by: int) -> str:
    """`[pointer+offset]` `by` bytes further."""
    found = re.fullmatch(r"\[([^+\]]+)(?:\+(\d+))?\]", address)
    offset = int(found[2] or 0) + by
    return f"[{found[1]}+{offset}]" if offset else f"[{found[1]}]"


def _vector_bytes(type_text: str) -> int | None:
    """A static vector's bytes (None: no such vector)."""
    found = shaped(type_text) if type_text.startswith("vector<") else None
    bits = element_bits(found.element) if found is not None and None not in found.dims else None
    return prod(found.dims) * bits // 8 if bits else None


def _access_bytes(value: Value, register_type: str) -> int:
    """The alignment an access of `value` in one register needs: a vector's whole size (one
    `ld.b32` of two f16, ...); a scalar's, its own."""
    return _bits(register_type) // 8 if str(value.type).startswith("vector<") else 1


# The bits of an element LLVM stores in a byte of its own, its value in the low bits (an i6's store
# size): a 6-bit float or integer. The MMAs of kind::f8f6f4 read such elements so, each in an
# 8-bit container, four to a 32-bit register (PTX ISA, the m16n8k32 fragments of .e3m2 / .e2m3).
_CONTAINED_BITS = 6


def _lane_bits(element: str) -> int | None:
    """The bits an element takes in memory and as a lane of a register: a 6-bit one a byte
    (`_CONTAINED_BITS`), any other its own."""
    bits = element_bits(element)
    return 8 if bits == _CONTAINED_BITS else bits


def _memory_bits(element: str) -> int | None:
    """The bits an element takes in memory: an `i1` a byte (LLVM's data layout gives it one), a
    6-bit one too (`_lane_bits`), any other its own."""
    return 8 if element == "i1" else _lane_bits(element)


def _width(type_text: str) -> int:
    """A scalar's own bits (an i8's 8, though its register holds 16)."""
    return _SCALARS[type_text][1] if type_text in _SCALARS else _bits(_register_type(type_text) or "b0")


def _bits(register_type: str) -> int:
    return 1 if register_type == "pred" else int(register_type[1:])


def _unquoted(text: str) -> str:
    """An MLIR string attribute's value (`"a\\nb"` -> a, newline, b)."""
    body = text.strip()
    body = body[1:-1] if body.startswith('"') and body.endswith('"') else body
    return re.sub(r'\\(n|t|"|\\|[0-9A-Fa-f]{2})',
                  lambda m: {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(m[1]) or chr(int(m[1], 16)), body)


# `cf.switch`'s case values: the generic form's `case_values = dense<[...]>` (a splat
# `dense<v>` too), the custom form's `v:` before each case after the `default:`.
_DENSE_VALUES = re.compile(r"\s*dense<\s*\[?([^\]>]*)\]?\s*>")
_CASE_LABELS = re.compile(r"(?:\[|,)\s*(default|-?\d+)\s*:")


def _constant_name(op: Operation) -> str | None:
    """What a constant the lowering made is (an L2 policy's name: `NAMED_CONSTANTS`), or None."""
    for named in NAMED_CONSTANTS.values():
        attr = op.attributes.get(named.attribute)
        if attr is not None:
            return named.comment.format(_unquoted(attr.text))
    return None


def _case_values(op: Operation) -> list[int] | None:
    written = attribute(op, "case_values")
    if written is not None:
        found = _DENSE_VALUES.match(written.text)
        numbers = [int(n) for n in re.findall(r"-?\d+", found[1])] if found else None
        if numbers is not None and len(numbers) == 1:
            numbers *= len(op.successors) - 1          # a splat: every case the same value
        return numbers
    text = written_text(op)
    if text is None or "[" not in text:
        return [] if len(op.successors) == 1 else None
    return [int(label) for label in _CASE_LABELS.findall(text[text.index("["):]) if label != "default"]


@dataclass
class _Emitter:
    kernel: PtxBuilder
    values: dict[Value, str] = field(default_factory=dict)
    tuples: dict[Value, list[str]] = field(default_factory=dict)
    # A vector of i1 (a vector compare's result): a predicate register per lane.
    predicates: dict[Value, list[str]] = field(default_factory=dict)
    line_ops: list[tuple[int, Operation]] = field(default_factory=list)   # (body index, op)
    # The registers each enclosing region's `scf.yield` writes, innermost last: an `scf.for`'s
    # carried values, an `scf.if`'s results.
    yields: list[list[list[str]]] = field(default_factory=list)
    # Where each enclosing region's `scf.yield` then goes, innermost last: the end of an
    # `scf.execute_region` of several blocks, None where the region ends at its yield.
    ends: list[str | None] = field(default_factory=list)
    # Each enclosing `scf.while`'s exit, innermost last: the registers its `scf.condition` passes
    # values into (the after-region's arguments and the loop's results), and the label past it.
    exits: list[tuple[list[list[str]], str]] = field(default_factory=list)
    # The label of each block of the function after its entry (what `cf.br` / `cf.cond_br` jump to).
    labels: dict[Block, str] = field(default_factory=dict)
    # A memref argument passed as its descriptor's fields whose strides or offset are dynamic:
    # the registers of its dynamic offset and strides (None where the type gives them).
    layouts: dict[Value, tuple[str | None, list[str | None]]] = field(default_factory=dict)
    # The pointer of a memref in tensor memory that only casts to i32 read: the 32-bit address
    # register they read instead (`pointer`).
    addresses: dict[Value, str] = field(default_factory=dict)
    function: Operation | None = None                  # the function written (what a descriptor captures)
    target: T.Target | None = None                     # what it is written for (its instructions' tiers)
    descriptors: int = 0                               # the tensor maps appended for descriptors it builds

    def register(self, value: Value, what: str) -> str:
        found = self.values.get(value)
        if found is None:
            raise _Unemittable(f"{what} has no register here (an argument of {value.type}, or an op's result "
                               f"this emitter does not know)")
        return found

    def fresh(self, register_type: str, stem: str) -> str:
        return self.kernel.reg(register_type, "%" + self.kernel.fresh(stem))

    def result(self, op: Operation, stem: str) -> tuple[str, str]:
        """A register for `op`'s one result, and its type."""
        if len(op.results) != 1:
            raise _Unemittable(f"`{op.name}` without one result")
        register_type = _register_type(str(op.results[0].type))
        if register_type is None:
            raise _Unemittable(f"`{op.name}` of {op.results[0].type}")
        reg = self.fresh(register_type, stem)
        self.values[op.results[0]] = reg
        return reg, register_type

    # A value a region or a branch carries (`scf.yield`, a loop's carried values, a block's
    # arguments) is held in one or more registers: a scalar's or a vector's of up to 64 bits
    # one, a 128-bit vector's four `.b32`, a vector of `i1`s a predicate per lane.
    def held(self, value: Value, what: str) -> list[str]:
        """The registers holding `value` (`_slot_types`)."""
        if value in self.predicates:
            return self.predicates[value]
        if _wide_vector(str(value.type)):
            found = self.tuples.get(value)
            if found is None:
                raise _Unemittable(f"{what}: a {value.type} no op here gave in four registers")
            return found
        return [self.register(value, what)]

    def slots(self, value: Value, stem: str, what: str) -> list[str]:
        """Fresh registers to hold a value of `value`'s type, bound to it; none: refused as `what`
        of that type."""
        types = _slot_types(str(value.type))
        if types is None:
            raise _Unemittable(f"{what} {value.type}")
        registers = [self.fresh(register_type, stem) for register_type in types]
        self.bind(value, registers)
        return registers

    def bind(self, value: Value, registers: list[str]) -> None:
        """`value` is held in `registers` (`held`)."""
        type_text = str(value.type)
        if type_text.startswith("vector<") and shaped(type_text).element == "i1":
            self.predicates[value] = registers
        elif _wide_vector(type_text):
            self.tuples[value] = registers
        else:
            self.values[value] = registers[0]

    # ------------------------------------------------------------------ arguments
    def argument(self, value: Value, index: int) -> None:
        type_text = str(value.type)
        if not value.uses:
            return      # an argument the lowered function no longer reads (an atom, a layout)
        name = f"p{index}"
        if type_text.startswith(_TMA_DESCRIPTOR):
            self.values[value] = self.kernel.tensormap_param(name, f"%{name}")
            return
        register_type = _register_type(type_text)
        if register_type is None or type_text.startswith("vector<"):
            return      # no kernel parameter: the op that reads it is refused, named
        if register_type == "pred":
            self.flag(name, value)
            return
        if type_text.startswith("memref<") and self.descriptor_fields(name, value):
            return
        if type_text == "i8":
            # A byte parameter (as LLVM's NVPTX backend passes an i8), read into its 16-bit register.
            self.kernel.params.append((_I8_ACCESS, name))
            self.values[value] = self.kernel.reg("b16", f"%{name}")
            self.kernel.emit(f"ld.param.{_I8_ACCESS} {self.values[value]}, [{name}];")
            return
        if type_text.startswith("memref<") and register_type == "b32":
            # A memref in tensor memory: passed by its pointer as every memref is, whose low 32
            # bits are the tensor-memory address its register holds.
            wide = self.kernel.param("u64", name, f"%{name}")
            self.values[value] = self.fresh("b32", f"{name}_address")
            self.kernel.emit(f"cvt.u32.u64 {self.values[value]}, {wide};")
            return
        param = {"b64": "u64", "b32": "u32", "b16": "u16", "f32": "f32", "f64": "f64"}[register_type]
        if register_type in ("f32", "f64"):
            self.kernel.params.append((param, name))
            reg = self.kernel.reg(register_type, f"%{name}")
            self.kernel.emit(f"ld.param.{param} {reg}, [{name}];")
        else:
            reg = self.kernel.param(param, name, f"%{name}")
        self.values[value] = reg

    def descriptor_fields(self, name: str, value: Value) -> bool:
        """A memref argument whose extents, strides or offset are dynamic (`passes_descriptor`,
        the rule a TileAS kernel's arguments follow too): MLIR's memref descriptor, its fields
        parameters of their own in its order (allocated and aligned pointers, offset, sizes,
        strides, each 64 bits), as MLIR's default calling convention passes a memref; the
        bare-pointer convention, which passes the aligned pointer alone, is defined for static
        memrefs only. The aligned pointer, the offset and the dynamic strides are read (in
        elements, as the descriptor holds them), as an access needs them; the extents, which no
        access here bounds, are not. False: a memref whose type fixes all of them, its aligned
        pointer alone."""
        type_text = str(value.type)
        if not passes_descriptor(type_text):
            return False
        found = shaped(type_text)
        strides = view_strides(type_text)
        offset = view_offset(type_text)
        rank = len(found.dims)
        fields = [field_name for field_name, _ in memref_descriptor_fields(name, rank)]
        self.kernel.params += [("u64", field_name) for field_name in fields]
        accessed, dims = self.accessed(value, rank)
        read = [name] + ([f"{name}_offset"] if offset is None and accessed else []) + \
            [f"{name}_stride{k}" for k, stride in enumerate(strides) if stride is None and k in dims]
        registers = {}
        for field_name in read:
            registers[field_name] = self.kernel.reg("b64", f"%{field_name}")
            self.kernel.emit(f"ld.param.u64 {registers[field_name]}, [{field_name}];")
        self.values[value] = registers[name]
        if offset is None or None in strides:
            # Addressed through its runtime fields; one whose type fixes its strides and offset
            # (its extents dynamic) is addressed, and its alignment proved, as a static one.
            self.layouts[value] = (registers.get(f"{name}_offset"),
                                   [registers.get(f"{name}_stride{k}") for k in range(rank)])
        return True

    def accessed(self, memref: Value, rank: int) -> tuple[bool, set[int]]:
        """Whether the function loads or stores through `memref`, and the dimensions whose
        stride an access multiplies in (an index not a constant 0, or a vector spanning more
        than one element of it): the descriptor fields read, and no others."""
        accessed, dims = False, set()
        for op in self.function.walk() if self.function is not None else ():
            if op.name in _LOADS and op.operands and op.operands[0] is memref:
                indices, vector = op.operands[1:], op.results[0] if op.results else None
            elif op.name in _STORES and len(op.operands) > 1 and op.operands[1] is memref:
                indices, vector = op.operands[2:], op.operands[0]
            else:
                continue
            accessed = True
            found = shaped(str(vector.type)) if vector is not None and str(vector.type).startswith("vector<") else None
            spans = [1] * (rank - len(found.dims)) + list(found.dims) if found is not None else [1] * rank
            dims |= {k for k, (index, span) in enumerate(zip(indices, spans)) if constant_number(index) != 0 or span != 1}
        return accessed, dims

    def flag(self, name: str, value: Value) -> None:
        """An `i1` argument: PTX has no predicate parameter, so it is a byte (`.param .u8`), as
        LLVM's NVPTX backend passes an i1, and the predicate is its low bit (the only bit an i1
        defines) tested against zero."""
        self.kernel.params.append(("u8", name))
        byte, bit = self.fresh("b16", f"{name}_byte"), self.fresh("b16", f"{name}_bit")
        reg = self.kernel.reg("pred", f"%{name}")
        self.kernel.emit(f"ld.param.u8 {byte}, [{name}];")
        self.kernel.emit(f"and.b16 {bit}, {byte}, 1;")
        self.kernel.emit(f"setp.ne.b16 {reg}, {bit}, 0;")
        self.values[value] = reg

    # ------------------------------------------------------------------ ops
    def op(self, op: Operation) -> None:
        handler = _HANDLERS.get(op.name) or (_Emitter.integer if op.name in _INTEGER or op.name in _ROUNDED_DIVISIONS
                                             else None)
        if handler is None and returns_to(op.name, is_function):
            handler = _Emitter.ret      # `func.return`: the kernel's `ret`
        try:
            if handler is None:
                raise _Unemittable(_REFUSED.get(op.name) or f"`{op.name}` has no PTX here (the lowering left it)")
            start, claimed = len(self.kernel.body), len(self.line_ops)
            handler(self, op)
        except _Unemittable as why:
            why.op = why.op or op
            raise
        # Lines the ops nested in it wrote are theirs (a loop's body).
        nested = {n for n, _ in self.line_ops[claimed:]}
        self.line_ops += [(n, op) for n in range(start, len(self.kernel.body)) if n not in nested]

    def constant(self, op: Operation) -> None:
        number = constant_number(op.results[0]) if len(op.results) == 1 else None
        if number is None:
            raise _Unemittable("`arith.constant` other than a number")
        reg, register_type = self.result(op, "c")
        type_text = str(op.results[0].type)
        if register_type == "f32":
            self.kernel.emit(f"mov.f32 {reg}, 0f{struct.unpack('<I', struct.pack('<f', number))[0]:08X};")
        elif register_type == "f64":
            self.kernel.emit(f"mov.f64 {reg}, 0d{struct.unpack('<Q', struct.pack('<d', number))[0]:016X};")
        elif type_text in ("f16", "bf16"):
            bits = struct.unpack("<H", struct.pack("<e", number))[0] if type_text == "f16" else \
                struct.unpack("<I", struct.pack("<f", number))[0] >> 16
            self.kernel.emit(f"mov.b16 {reg}, 0x{bits:04X};")
        elif number != int(number) or register_type == "pred":
            raise _Unemittable(f"`arith.constant` {number} of {type_text}")
        else:
            bits, named = _bits(register_type), _constant_name(op)
            if named is None:
                self.kernel.emit(f"mov.b{bits} {reg}, {int(number)};")
            else:
                self.kernel.emit(f"mov.b{bits} {reg}, 0x{int(number) % (1 << bits):0{bits // 4}X};  // {named}")

    def special(self, op: Operation) -> None:
        """`gpu.block_id` / `thread_id` / `block_dim` / `grid_dim` x|y|z: the special register,
        widened to the index's 64 bits."""
        dimension = special_dimension(op)
        if dimension is None or len(op.results) != 1:
            raise _Unemittable(f"`{op.name}` without its dimension (x, y or z)")
        if _register_type(str(op.results[0].type)) is None:
            op.results[0].type = Type("index")      # the custom form's, which the lifted IR leaves untyped
        narrow = self.fresh("b32", op.name.split(".")[-1])
        self.kernel.emit(f"mov.u32 {narrow}, {SPECIAL_REGISTERS[op.name]}.{dimension};")
        reg, _ = self.result(op, "id")
        self.kernel.emit(f"cvt.u64.u32 {reg}, {narrow};")

    def cast(self, op: Operation) -> None:
        """A cast of one register to one of the same width (`arith.bitcast`, ...): `mov`."""
        if len(op.operands) != 1:
            raise _Unemittable(f"`{op.name}` without one operand")
        if op.operands[0] in self.predicates:
            # A b1 fragment's `vector.load` (how the lowering binds one to `.b32` registers) reads a
            # predicate per lane; which bits of the memref of `i1`s (a byte each) a register holds
            # is not settled here, so no cast packs them.
            raise _Unemittable(f"`{op.name}` of {op.operands[0].type}: a vector of `i1`s is a predicate register "
                               f"per lane here, and no cast packs its lanes into an integer register (a b1 "
                               f"fragment's `.b32` registers)")
        source = self.register(op.operands[0], f"the operand of `{op.name}`")
        source_type = _register_type(str(op.operands[0].type))
        reg, register_type = self.result(op, "v")
        if source_type is None or _width(str(op.operands[0].type)) != _width(str(op.results[0].type)):
            raise _Unemittable(f"`{op.name}` from {op.operands[0].type} to {op.results[0].type}: a cast between "
                               f"values of one width only here")
        self.kernel.emit(f"mov.{'pred' if register_type == 'pred' else f'b{_bits(register_type)}'} {reg}, {source};")

    def needs(self, tier: int, what: str) -> None:
        """Refuse, named, what the target is too old for."""
        if self.target is not None and self.target.tier < tier:
            raise _Unemittable(f"{what} needs sm_{tier} or later, not {self.target.name}")

    def convert(self, op: Operation) -> None:
        """Integers to integers (`extui`, `extsi`, `trunci`, `index_cast(ui)`, `i1` either side),
        integers to floats and back (`sitofp`, `uitofp`, `fptosi`, `fptoui`), floats to floats
        (`extf`, `truncf`): `cvt` of the PTX types (`_CONVERSIONS`)."""
        if len(op.operands) != 1 or len(op.results) != 1:
            raise _Unemittable(f"`{op.name}` without one operand and one result")
        if self.packed_truncation(op) or self.container_widening(op) or self.lanewise(
                op, lambda registers, reg, elements, result: self.convert_value(op, registers[0], elements[0], reg, result)):
            return
        address = self.addresses.get(op.operands[0])
        reg, _ = self.result(op, "v")
        if address is not None:
            # A tensor-memory memref's pointer cast back to the 32-bit address it is (`pointer`).
            self.kernel.emit(f"mov.b32 {reg}, {address};")
            return
        source = self.register(op.operands[0], f"the operand of `{op.name}`")
        self.convert_value(op, source, str(op.operands[0].type), reg, str(op.results[0].type))

    def packed_truncation(self, op: Operation) -> bool:
        """`arith.truncf` of an even number of f32 lanes to f16 / bf16, rounded to nearest even or
        toward zero, on a target with `cvt.<rn|rz>.<f16x2|bf16x2>.f32` (sm_80): that `cvt` of each
        pair, which puts its first operand in the upper half (the pair's second lane) and rounds
        each as the scalar `cvt` does. False: not such an op."""
        source, result = (str(v.type) for v in (op.operands[0], op.results[0]))
        found = shaped(result) if op.name == "arith.truncf" and result.startswith("vector<") else None
        mode = TRUNCF_ROUNDING.get(enum_keyword(op, ROUNDING_MODES, "roundingmode") or "to_nearest_even")
        if found is None or found.element not in _HALVES or None in found.dims or prod(found.dims) % 2 \
                or (shaped(source) or found).element != "f32" or mode not in PAIRED_ROUNDING \
                or self.tier < _BF16_F32_TIER:
            return False
        lanes = self.split(op.operands[0], 32, "f32", f"the operand of `{op.name}`")
        out = []
        for low, high in zip(lanes[::2], lanes[1::2]):
            out.append(self.fresh("b32", "x2"))
            self.kernel.emit(f"cvt.{mode}.{found.element}x2.f32 {out[-1]}, {high}, {low};")
        self.pack(op.results[0], out, 32)
        return True

    def container_widening(self, op: Operation) -> bool:
        """`arith.extui` of a vector of 6-bit lanes to one of as many 8-bit lanes: each lane is in
        its byte already (`_lane_bits`), so the register with each byte's two padding bits
        cleared (LLVM leaves a stored i6's other bits unspecified). False: not such an op."""
        source, result = (shaped(str(v.type)) if str(v.type).startswith("vector<") else None
                          for v in (op.operands[0], op.results[0]))
        if op.name != "arith.extui" or source is None or result is None or source.dims != result.dims \
                or element_bits(source.element) != _CONTAINED_BITS or element_bits(result.element) != 8:
            return False
        value = self.register(op.operands[0], f"the operand of `{op.name}`")
        reg, register_type = self.result(op, "v")
        mask = int("3f" * (_bits(register_type) // 8), 16)
        self.kernel.emit(f"and.b{_bits(register_type)} {reg}, {value}, {mask:#x};")
        return True

    def convert_value(self, op: Operation, source: str, source_text: str, reg: str, result_text: str) -> None:
        """`reg` = scalar `source` of `source_text` converted to `result_text` (`convert`)."""
        source_type, register_type = _register_type(source_text), _register_type(result_text)
        if source_type is None or register_type is None or "vector<" in source_text + result_text:
            raise _Unemittable(f"`{op.name}` of {source_text} to {result_text}")
        sign = _CONVERSIONS[op.name]
        what = f"`{op.name}` from {source_text} to {result_text}"
        from_float, to_float = source_text in _FLOAT_TYPES, result_text in _FLOAT_TYPES
        if (from_float, to_float) != _FLOAT_SIDES.get(op.name, (False, False)):
            raise _Unemittable(f"{what}: not the types it converts")
        if from_float and to_float:
            self.float_conversion(op, source, source_text, reg, result_text, what)
            return
        if "bf16" in (source_text, result_text):
            self.needs(_BF16_TIER, f"{what} (`cvt` of bf16 and an integer)")
        if source_type == "pred" and register_type != "pred":
            # An i1 is its one bit: 1 unsigned, -1 signed (what `extsi` makes of it).
            wide = register_type if not to_float else "b32"
            bits = _bits(wide)
            widened = reg if not to_float else self.fresh("b32", "bit")
            self.kernel.emit(f"selp.{sign}{bits} {widened}, {-1 if sign == 's' else 1}, 0, {source};")
            if to_float:
                self.kernel.emit(f"cvt.rn.{result_text}.{sign}32 {reg}, {widened};")
            return
        if to_float:
            bits = _width(source_text)
            if bits == 8 and result_text == "bf16":
                # `cvt` pairs bf16 with no 8-bit integer: the i8 extended to 16 bits is the same number.
                source, bits = self.whole(source, source_text, sign), 16
            self.kernel.emit(f"cvt.rn.{result_text}.{sign}{bits} {reg}, {source};")
            return
        if register_type == "pred":
            # Its low bit: a float rounded toward zero first (the only values in range: 0 and
            # 1, or 0 and -1 signed), an integer truncated.
            if source_type == "pred":
                self.kernel.emit(f"mov.pred {reg}, {source};")
                return
            bits = 32 if from_float else _bits(source_type)
            low = self.fresh(f"b{bits}", "low")
            if from_float:
                self.kernel.emit(f"cvt.rzi.{sign}32.{source_text} {low}, {source};")
            else:
                self.kernel.emit(f"and.b{bits} {low}, {source}, 1;")
            self.kernel.emit(f"setp.ne.b{bits} {reg}, {low}, 0;")
            return
        if from_float:
            # Into an i8 from a bf16 (no such `cvt`), its 16-bit integer: the same low 8 bits for
            # every value in range, and MLIR makes one out of range poison.
            bits = 16 if _width(result_text) == 8 and source_text == "bf16" else _width(result_text)
            self.kernel.emit(f"cvt.rzi.{sign}{bits}.{source_text} {reg}, {source};")
            return
        # Narrowing drops the high bits whatever the signedness (into an i8, to its register's
        # 16, the rest undefined); widening extends by it (from an i8, from its low 8 bits).
        widening = _width(result_text) > _width(source_text)
        source_bits = _width(source_text) if widening else _bits(source_type)
        if source_bits == _bits(register_type):
            self.kernel.emit(f"mov.b{_bits(register_type)} {reg}, {source};")
            return
        sign = sign if widening else "u"
        self.kernel.emit(f"cvt.{sign}{_bits(register_type)}.{sign}{source_bits} {reg}, {source};")

    def float_conversion(self, op: Operation, source: str, source_text: str, reg: str, result_text: str,
                         what: str) -> None:
        """`extf` (exact: `cvt` takes no rounding) and `truncf` (rounded by its rounding mode, to
        nearest even when it has none) between f16, bf16, f32 and f64."""
        order = _FLOAT_TYPES.index
        widening = op.name == "arith.extf"
        if source_text == result_text or {source_text, result_text} == set(_HALVES) \
                or widening != (order(result_text) > order(source_text)):
            raise _Unemittable(f"{what}: `extf` widens, `truncf` narrows")
        if "bf16" in (source_text, result_text) and "f32" not in (source_text, result_text):
            self.needs(_BF16_TIER, f"`cvt` {what}")
        if widening:
            if source_text in _HALVES and result_text == "f32":
                self.half_to_f32(reg, source, source_text)
            else:
                self.kernel.emit(f"cvt.{result_text}.{source_text} {reg}, {source};")
            return
        mode = enum_keyword(op, ROUNDING_MODES, "roundingmode") or "to_nearest_even"
        if mode not in TRUNCF_ROUNDING:
            raise _Unemittable(f"{what} rounding {mode}: `cvt` rounds ties away from zero only into tf32")
        if result_text in _HALVES and source_text == "f32":
            self.f32_to_half(reg, source, result_text, TRUNCF_ROUNDING[mode])
        else:
            self.kernel.emit(f"cvt.{TRUNCF_ROUNDING[mode]}.{result_text}.{source_text} {reg}, {source};")

    def integer(self, op: Operation) -> None:
        """Integer arithmetic of 8 (in a 16-bit register), 16, 32 or 64 bits; `and` / `or` /
        `xor` of `i1`s, of predicates; of a vector, lane by lane (`lanewise`)."""
        if len(op.operands) != 2:
            raise _Unemittable(f"`{op.name}` without two operands")
        if self.lanewise(op, lambda registers, reg, _, result: self.integer_value(op, result, registers, reg)):
            return
        a, b = (self.register(v, f"an operand of `{op.name}`") for v in op.operands)
        reg, _ = self.result(op, "i")
        self.integer_value(op, str(op.results[0].type), [a, b], reg)

    def integer_value(self, op: Operation, type_text: str, operands: list[str], reg: str) -> None:
        """`reg` = the integer op of scalars of `type_text`: the instruction of the register's
        width, which wraps as MLIR's op does; of i8s, the 16-bit instruction, whose low 8 bits
        are the 8-bit result (an add, sub, mul, and, or, xor, shift left reads no higher bit of
        its operands; a division, min, max or right shift reads them extended by its signedness,
        a shift's amount zero-extended, `_INTEGER_SIGNS`); a shift's amount a `.u32` (`_SHIFTS`)."""
        register_type = _register_type(type_text)
        if register_type == "pred" and op.name in _PREDICATE_LOGIC:
            self.kernel.emit(f"{_PREDICATE_LOGIC[op.name]} {reg}, {', '.join(operands)};")
            return
        if register_type not in ("b16", "b32", "b64") or op.name not in _INTEGER and op.name not in _ROUNDED_DIVISIONS:
            raise _Unemittable(f"`{op.name}` of {type_text}")
        signs = _INTEGER_SIGNS.get(op.name, (None, None))
        operands = [self.whole(register, type_text, sign) if sign else register for register, sign in zip(operands, signs)]
        width = _bits(register_type)
        if op.name in _ROUNDED_DIVISIONS:
            self.rounded_division(op.name, width, operands, reg)
            return
        if op.name in _SHIFTS and width != 32:
            amount = self.fresh("b32", "shift")
            self.kernel.emit(f"cvt.u32.u{width} {amount}, {operands[1]};")
            operands[1] = amount
        self.kernel.emit(f"{_INTEGER[op.name].format(W=_bits(register_type))} {reg}, {', '.join(operands)};")

    def rounded_division(self, name: str, width: int, operands: list[str], reg: str) -> None:
        """`reg` = a division rounded toward an infinity of `width`-bit operands (made whole),
        as arith-expand expands it (`_ROUNDED_DIVISIONS`): exact for negative operands too."""
        a, b = operands
        rounding = _ROUNDED_DIVISIONS[name]
        if rounding is None:
            # ceildivui: 0 / b is 0; else (a - 1) / b + 1, which no a > 0 overflows.
            zero, less, quotient, up = (self.fresh(t, "cdiv") for t in ("pred", f"b{width}", f"b{width}", f"b{width}"))
            self.kernel.emit(f"setp.eq.u{width} {zero}, {a}, 0;")
            self.kernel.emit(f"sub.s{width} {less}, {a}, 1;")
            self.kernel.emit(f"div.u{width} {quotient}, {less}, {b};")
            self.kernel.emit(f"add.s{width} {up}, {quotient}, 1;")
            self.kernel.emit(f"selp.b{width} {reg}, 0, {up}, {zero};")
            return
        compare, correction = rounding
        quotient, product, corrected = (self.fresh(f"b{width}", "div") for _ in range(3))
        negative, signs, inexact = (self.fresh("pred", "div") for _ in range(3))
        self.kernel.emit(f"div.s{width} {quotient}, {a}, {b};")
        self.kernel.emit(f"mul.lo.s{width} {product}, {quotient}, {b};")
        self.kernel.emit(f"setp.lt.s{width} {negative}, {a}, 0;")
        self.kernel.emit(f"setp.{compare}.xor.s{width} {signs}, {b}, 0, {negative};")
        self.kernel.emit(f"setp.ne.and.b{width} {inexact}, {a}, {product}, {signs};")
        self.kernel.emit(f"add.s{width} {corrected}, {quotient}, {correction};")
        self.kernel.emit(f"selp.b{width} {reg}, {corrected}, {quotient}, {inexact};")

    def extended(self, op: Operation) -> None:
        """`addui_extended` (the sum and whether it carried out: the sum below an operand,
        unsigned) and `mulsi_extended` / `mului_extended` (the product's low and high halves:
        `mul.lo` and `mul.hi`; of i8s, the 16-bit product of the operands extended by the
        signedness, its high half shifted down) of 8-, 16-, 32- or 64-bit scalars."""
        type_text = str(op.operands[0].type) if len(op.operands) == 2 else ""
        register_type = _register_type(type_text)
        if len(op.operands) != 2 or len(op.results) != 2 or register_type not in ("b16", "b32", "b64") \
                or type_text.startswith("vector<"):
            raise _Unemittable(f"`{op.name}` of {type_text or 'other than two operands'}: of 8-, 16-, 32- or 64-bit "
                               f"scalars only here")
        # The custom form types its results by the operands' type, which the lifted IR may leave to
        # the first: the second is the carry (an i1) or the high half (the operands' type).
        op.results[0].type = op.operands[0].type
        op.results[1].type = Type("i1") if op.name == "arith.addui_extended" else op.operands[0].type
        sign, width = _EXTENDED[op.name], _bits(register_type)
        a, b = (self.whole(self.register(v, f"an operand of `{op.name}`"), type_text, sign) for v in op.operands)
        low = self.fresh(register_type, "low")
        high = self.fresh("pred" if op.name == "arith.addui_extended" else register_type, "high")
        self.values[op.results[0]], self.values[op.results[1]] = low, high
        if op.name == "arith.addui_extended":
            self.kernel.emit(f"add.s{width} {low}, {a}, {b};")
            # Of i8s the sum's low 8 bits against the operand's (both made whole, unsigned).
            self.kernel.emit(f"setp.lt.u{width} {high}, {self.whole(low, type_text, 'u')}, {a};")
            return
        self.kernel.emit(f"mul.lo.s{width} {low}, {a}, {b};")
        if type_text == "i8":
            self.kernel.emit(f"shr.{sign}16 {high}, {low}, 8;")
        else:
            self.kernel.emit(f"mul.hi.{sign}{width} {high}, {a}, {b};")

    def whole(self, register: str, type_text: str, sign: str) -> str:
        """An i8's register with its value extended over all 16 bits by `sign` (`_I8_EXTEND`);
        any other's as it is."""
        if type_text != "i8":
            return register
        extended = self.fresh("b16", "byte")
        self.kernel.emit(_I8_EXTEND[sign].format(d=extended, a=register))
        return extended

    def float(self, op: Operation) -> None:
        """Float arithmetic (`_FLOAT`) of one operand (`negf`, `absf`) or two: of f32 or f64 its
        instruction; of f16 or bf16 the 16-bit instruction where the target has one
        (`_HALF_TIERS`), else the f32 instruction between a widening and a rounding `cvt`. A
        `maximumf` / `minimumf` with no `max.NaN` / `min.NaN` for it (f64; a target before
        sm_80) is the NaN-ignoring `max` / `min` (which orders -0 below +0 too) with a NaN put
        where either operand is one: their sum, which is then NaN. Of a vector: its halves two
        at a time by the packed instruction where the target has the scalar one (`packed`),
        else lane by lane (`lanewise`)."""
        if len(op.operands) != (1 if op.name in _UNARY_FLOAT else 2):
            raise _Unemittable(f"`{op.name}` without its operands")
        if self.packed(op) or self.lanewise(op, lambda registers, reg, _, result: self.float_value(op, result, registers, reg)):
            return
        float_type = str(op.results[0].type) if len(op.results) == 1 else ""
        if float_type not in _FLOAT_TYPES:
            raise _Unemittable(f"`{op.name}` of {op.results[0].type if op.results else 'nothing'}: float arithmetic "
                               f"of f16, bf16, f32 or f64 scalars and vectors only here")
        operands = [self.register(v, f"an operand of `{op.name}`") for v in op.operands]
        reg, _ = self.result(op, "f")
        self.float_value(op, float_type, operands, reg)

    def float_value(self, op: Operation, float_type: str, operands: list[str], reg: str) -> None:
        """`reg` = the float op of scalars of `float_type` (`float`)."""
        if float_type not in _FLOAT_TYPES:
            raise _Unemittable(f"`{op.name}` of {float_type}")
        if op.name == REMAINDER:
            self.remainder(op, float_type, operands, reg)
            return
        instruction = _FLOAT[op.name]
        no_nan_form = ".NaN" in instruction and (float_type == "f64" or self.tier < NAN_TIER)
        if not no_nan_form and (float_type in ("f32", "f64") or self.tier >= _HALF_TIERS[float_type].get(op.name, 1000)):
            self.kernel.emit(f"{instruction.format(T=float_type)} {reg}, {', '.join(operands)};")
            return
        wide_type = "f32" if float_type in _HALVES else float_type
        wide = self.fresh(wide_type, "wide") if float_type in _HALVES else reg
        if float_type in _HALVES:
            operands = self.widened(operands, float_type, op)
        if no_nan_form:
            for line in nan_propagating(instruction.split(".")[0], wide_type, wide, *operands, self.fresh(wide_type, "num"),
                                        self.fresh("pred", "nan"), self.fresh(wide_type, "sum")):
                self.kernel.emit(line)
        else:
            self.kernel.emit(f"{instruction.format(T=wide_type)} {wide}, {', '.join(operands)};")
        if float_type in _HALVES:
            self.f32_to_half(reg, wide, float_type)

    def remainder(self, op: Operation, float_type: str, operands: list[str], reg: str) -> None:
        """`arith.remf`: C's `fmod`, exactly (builder.float_remainder); a half computes in f32,
        whose result is a half's exactly."""
        wide_type = "f32" if float_type in _HALVES else float_type
        x, y = self.widened(operands, float_type, op) if float_type in _HALVES else operands
        result = float_remainder(self.kernel, wide_type, x, y, None if float_type in _HALVES else reg)
        if float_type in _HALVES:
            self.f32_to_half(reg, result, float_type)

    @property
    def tier(self) -> int:
        return self.target.tier if self.target is not None else 1000

    def widened(self, registers: list[str], float_type: str, op: Operation) -> list[str]:
        """f16 / bf16 registers widened to f32 (exact), for the f32 instruction."""
        wide = []
        for register in registers:
            wide.append(self.fresh("f32", "wide"))
            self.half_to_f32(wide[-1], register, float_type)
        return wide

    def half_to_f32(self, wide: str, register: str, float_type: str) -> None:
        """`wide` = the f16 / bf16 `register` as an f32, exactly: `cvt.f32.<half>`; a bf16 before
        sm_80 (no `cvt` of bf16) is f32's upper half, shifted up, as LLVM's NVPTX backend writes it."""
        if float_type != "bf16" or self.tier >= _BF16_F32_TIER:
            self.kernel.emit(f"cvt.f32.{float_type} {wide}, {register};")
            return
        word, bits = self.fresh("b32", "bf16"), self.fresh("b32", "bf16")
        self.kernel.emit(f"cvt.u32.u16 {word}, {register};")
        self.kernel.emit(f"shl.b32 {bits}, {word}, 16;")
        self.kernel.emit(f"mov.b32 {wide}, {bits};")

    def f32_to_half(self, register: str, wide: str, float_type: str, mode: str = "rn") -> None:
        """`register` = the f32 `wide` rounded to f16 / bf16 (`mode`: `rn` or `rz`, `rm`, `rp`):
        `cvt.<mode>.<half>.f32`; to a bf16 before sm_80 (no `cvt` of bf16), f32's upper half
        rounded by integer arithmetic, as LLVM's NVPTX backend writes it: to nearest even by
        adding 0x7FFF and the half's lowest bit (a carry rounds up, to infinity past the largest
        bf16), toward zero by dropping the lower half; a NaN kept quiet (bit 22 set, so no NaN
        whose payload is all in the lower half becomes an infinity). Toward an infinity is refused."""
        if float_type != "bf16" or self.tier >= _BF16_F32_TIER:
            self.kernel.emit(f"cvt.{mode}.{float_type}.f32 {register}, {wide};")
            return
        if mode not in _BF16_EMULATED_ROUNDING:
            raise _Unemittable(f"rounding f32 to bf16 {'downward' if mode == 'rm' else 'upward'} needs sm_80 or "
                               f"later (`cvt` of bf16), not {self.target.name}")
        bits, nan, quiet, chosen, top = (self.fresh(t, "bf16") for t in ("b32", "pred", "b32", "b32", "b32"))
        self.kernel.emit(f"mov.b32 {bits}, {wide};")
        rounded = bits
        if mode == "rn":
            lowest, biased, rounded = (self.fresh("b32", "bf16") for _ in range(3))
            self.kernel.emit(f"bfe.u32 {lowest}, {bits}, 16, 1;")
            self.kernel.emit(f"add.s32 {biased}, {bits}, {lowest};")
            self.kernel.emit(f"add.s32 {rounded}, {biased}, 32767;")
        self.kernel.emit(f"setp.nan.f32 {nan}, {wide}, {wide};")
        self.kernel.emit(f"or.b32 {quiet}, {bits}, 4194304;")
        self.kernel.emit(f"selp.b32 {chosen}, {quiet}, {rounded}, {nan};")
        self.kernel.emit(f"shr.u32 {top}, {chosen}, 16;")
        self.kernel.emit(f"cvt.u16.u32 {register}, {top};")

    # ------------------------------------------------------------------ vectors, lane by lane
    def split(self, value: Value, part_bits: int, part_type: str, what: str) -> list[str]:
        """A static vector's register(s) (one of up to 64 bits, a 128-bit one's four) as
        registers of `part_bits` each, lowest first: `mov.bN {a, b, ...}` unpacks a register
        holding several."""
        if value in self.predicates:
            return self.predicates[value]
        if part_bits == 8:
            # An i8 lane (`_LANE_TYPES`: a 16-bit register whose low 8 bits are the lane): each
            # 16-bit half of the vector is its lower lane, shifted down by 8 its upper one.
            lanes = []
            for half in self.split(value, 16, "b16", what):
                upper = self.fresh("b16", "lane")
                self.kernel.emit(f"shr.u16 {upper}, {half}, 8;")
                lanes += [half, upper]
            return lanes
        registers = self.tuples.get(value) if _wide_vector(str(value.type)) else [self.register(value, what)]
        total = _vector_bytes(str(value.type))
        if registers is None or not total:
            raise _Unemittable(f"{what}: a {value.type} no op here gave")
        held = 8 * total // len(registers)
        if held < part_bits:
            # A 128-bit vector of 64-bit lanes: each lane two of its 32-bit registers.
            per = part_bits // held
            parts = [self.fresh(part_type, "lane") for _ in range(len(registers) // per)]
            for n, part in enumerate(parts):
                self.kernel.emit(f"mov.b{part_bits} {part}, {{{', '.join(registers[n * per:(n + 1) * per])}}};")
            return parts
        parts = []
        for register in registers:
            if held == part_bits:
                parts.append(register)
                continue
            unpacked = [self.fresh(part_type, "lane") for _ in range(held // part_bits)]
            self.kernel.emit(f"mov.b{held} {{{', '.join(unpacked)}}}, {register};")
            parts += unpacked
        return parts

    def pack(self, value: Value, parts: list[str], part_bits: int) -> None:
        """Vector `value`'s register(s) from registers of `part_bits` each, lowest first: `mov.bN
        r, {a, b, ...}` packs several into one; an `i1` vector's lanes stay predicate registers
        (`predicates`: what `arith.select` and `arith.andi` ... read of it)."""
        found = shaped(str(value.type))
        if found.element == "i1":
            self.predicates[value] = parts
            return
        if part_bits == 8:
            # i8 lanes (undefined above their low 8 bits) two to a 16-bit half: the lower one's
            # low byte, the upper one's shifted up by 8.
            halves = []
            for lower, upper in zip(parts[::2], parts[1::2]):
                low, high = self.fresh("b16", "byte"), self.fresh("b16", "byte")
                halves.append(self.fresh("b16", "half"))
                self.kernel.emit(f"and.b16 {low}, {lower}, 255;")
                self.kernel.emit(f"shl.b16 {high}, {upper}, 8;")
                self.kernel.emit(f"or.b16 {halves[-1]}, {low}, {high};")
            self.pack(value, halves, 16)
            return
        count = 4 if _wide_vector(str(value.type)) else 1
        if len(parts) < count:
            # A 128-bit vector of 64-bit lanes: each lane unpacked into two of its 32-bit registers.
            pieces = []
            for part in parts:
                pieces += [self.fresh("b32", "vec") for _ in range(part_bits // 32)]
                self.kernel.emit(f"mov.b{part_bits} {{{', '.join(pieces[-(part_bits // 32):])}}}, {part};")
            parts, part_bits = pieces, 32
        per = len(parts) // count
        registers = []
        for n in range(count):
            group = parts[n * per:(n + 1) * per]
            if per == 1:
                registers.append(group[0])
                continue
            registers.append(self.fresh(f"b{per * part_bits}", "vec"))
            self.kernel.emit(f"mov.b{per * part_bits} {registers[-1]}, {{{', '.join(group)}}};")
        if count > 1:
            self.tuples[value] = registers
        else:
            self.values[value] = registers[0]

    def lanewise(self, op: Operation, value_fn) -> bool:
        """An op of vectors (one result of static shape), lane by lane: each operand's lanes
        (`split`), `value_fn(lane registers, lane register, operand element types, result
        element type)` writing each result lane, the lanes packed into the result (`pack`).
        False: no vector result."""
        if len(op.results) != 1 or not str(op.results[0].type).startswith("vector<"):
            return False
        found = shaped(str(op.results[0].type))
        operands = [shaped(str(v.type)) if str(v.type).startswith("vector<") else None for v in op.operands]
        if found is None or None in found.dims or any(o is None or o.dims != found.dims for o in operands):
            raise _Unemittable(f"`{op.name}` of {op.results[0].type} from {', '.join(str(v.type) for v in op.operands)}: "
                               f"lane by lane of vectors of one static shape only here")
        elements = [o.element for o in operands] + [found.element]
        if any(e not in _LANE_TYPES for e in elements):
            raise _Unemittable(f"`{op.name}` of {op.results[0].type}: vectors of {', '.join(_LANE_TYPES)} only here")
        lanes = [self.split(v, _LANE_TYPES[e][1], _LANE_TYPES[e][0], f"an operand of `{op.name}`")
                 for v, e in zip(op.operands, elements)]
        out = []
        for k in range(prod(found.dims)):
            out.append(self.fresh(_LANE_TYPES[found.element][0], "lane"))
            value_fn([lane[k] for lane in lanes], out[-1], elements[:-1], found.element)
        self.pack(op.results[0], out, _LANE_TYPES[found.element][1])
        return True

    def packed(self, op: Operation) -> bool:
        """Float arithmetic of a vector of f16 / bf16 with an even number of lanes, where the
        target has the op's 16-bit instruction (`_HALF_TIERS`, `max.NaN` / `min.NaN` sm_80): the
        `.f16x2` / `.bf16x2` instruction of each 32-bit register's pair (the PTX ISA gives the
        packed forms the scalar ones' targets), which computes each half as the scalar
        instruction does. False: not such an op."""
        result = op.results[0] if len(op.results) == 1 else None
        found = shaped(str(result.type)) if result is not None and str(result.type).startswith("vector<") else None
        if found is None or found.element not in _HALVES or None in found.dims or prod(found.dims) % 2 \
                or any(str(v.type) != str(result.type) for v in op.operands) or op.name not in _FLOAT:
            return False
        instruction = _FLOAT[op.name]
        if ".NaN" in instruction and self.tier < NAN_TIER or self.tier < _HALF_TIERS[found.element].get(op.name, 1000):
            return False
        pairs = [self.split(v, 32, "b32", f"an operand of `{op.name}`") for v in op.operands]
        out = []
        for registers in zip(*pairs):
            out.append(self.fresh("b32", "x2"))
            self.kernel.emit(f"{instruction.format(T=found.element + 'x2')} {out[-1]}, {', '.join(registers)};")
        self.pack(result, out, 32)
        return True

    def select(self, op: Operation) -> None:
        """`arith.select %c, %a, %b`: `selp` of the two values by the predicate; of two `i1`s,
        the predicate moved from either under `%c` and its negation (`selp` takes no predicates);
        of 128-bit vectors, `selp` of each of their four registers; by a vector of `i1`s, lane
        by lane."""
        if len(op.operands) == 3 and len(op.results) == 1:
            # The custom form writes the condition's type first (`: vector<2xi1>, vector<2xf16>`),
            # which the lifted IR may take for the result's: it is the values' type.
            op.results[0].type = op.operands[1].type
        if len(op.operands) == 3 and str(op.operands[0].type).startswith("vector<"):
            self.lanewise(op, lambda registers, reg, _, result: self.select_value(registers, reg, _LANE_TYPES[result][0]))
            return
        if len(op.operands) != 3 or _register_type(str(op.operands[0].type)) != "pred":
            raise _Unemittable(f"`arith.select` of a condition of {op.operands[0].type if op.operands else 'nothing'}")
        if len(op.results) == 1 and _wide_vector(str(op.results[0].type)):
            condition = self.register(op.operands[0], "the condition of `arith.select`")
            pairs = [self.split(v, 32, "b32", "an operand of `arith.select`") for v in op.operands[1:]]
            out = [self.fresh("b32", "sel") for _ in pairs[0]]
            for reg, a, b in zip(out, *pairs):
                self.select_value([condition, a, b], reg, "b32")
            self.pack(op.results[0], out, 32)
            return
        registers = [self.register(v, "an operand of `arith.select`") for v in op.operands]
        reg, register_type = self.result(op, "sel")
        self.select_value(registers, reg, register_type)

    def select_value(self, registers: list[str], reg: str, register_type: str) -> None:
        condition, a, b = registers
        if register_type == "pred":
            self.kernel.emit(f"@{condition} mov.pred {reg}, {a};")
            self.kernel.emit(f"@!{condition} mov.pred {reg}, {b};")
            return
        self.kernel.emit(f"selp.{register_type} {reg}, {a}, {b}, {condition};")

    def address(self, memref: Value, indices: list[Value], op: Operation, align: int = 1,
                promised: bool = False) -> str:
        """`[pointer+offset]` of the element at `indices` of a memref: row-major over static
        inner extents, or its `strided<[...], offset: N>` (its outermost extent may be dynamic);
        an index register scaled and added when it is no constant. The pointer is the memref's
        aligned pointer (its parameter, or its descriptor's field of that name); the strides
        and offset a memref argument's type leaves dynamic are its descriptor's fields, and
        those are multiplied in (`descriptor_fields`).
        An access of `align` bytes (a vector's: PTX needs its address a multiple of its size)
        must be provably aligned, the aligned pointer taken to be to 16 bytes: its constant
        offset a multiple of it, and the stride of each dynamic index too (so never a dynamic
        stride or offset, unless the access is of one element, or the op `promised` the alignment:
        its `alignment` attribute)."""
        found = shaped(str(memref.type))
        bits = _memory_bits(found.element) if found is not None else None
        strides = view_strides(str(memref.type)) if found is not None else None
        first = view_offset(str(memref.type))
        dynamic_offset, dynamic_strides = self.layouts.get(memref, (None, [None] * len(strides or ())))
        if found is None or bits is None or strides is None or len(indices) != len(found.dims) or \
                (None in strides or first is None) and memref not in self.layouts:
            raise _Unemittable(f"`{op.name}` of {memref.type}: only a memref whose strides and offset are static "
                               f"here, or a function argument's (passed as its descriptor)")
        if memref in self.layouts and (bits % 8 or 8 * align > bits and not promised):
            raise _Unemittable(f"`{op.name}` of {memref.type}: a dynamic stride or offset proves no alignment "
                               f"of a {align}-byte access, nor whole bytes of a {bits}-bit element")
        pointer = self.register(memref, f"the memref of `{op.name}`")
        offset = (first or 0) * bits        # in bits: a sub-byte element's whole bytes are checked below
        # (a dynamic stride or offset, in elements, and what it is multiplied by: an index or a number)
        scaled: list[tuple[str, Value | int]] = [(dynamic_offset, 1)] if dynamic_offset is not None else []
        for index, stride, dynamic in zip(indices, strides, dynamic_strides):
            number = constant_number(index)
            if dynamic is not None:
                if number is None:
                    scaled.append((dynamic, index))
                elif number:
                    scaled.append((dynamic, int(number)))
                continue
            if number is not None:
                offset += int(number) * (stride or 0) * bits     # (a dynamic stride no access reads: at 0)
                continue
            if stride * bits % (8 * align) and not promised:
                raise _Unemittable(f"`{op.name}` of {memref.type} at a dynamic index whose stride ({stride} x "
                                   f"{bits} bits) is not whole {align}-byte accesses")
            moved = self.fresh("b64", "addr")
            self.kernel.emit(f"mad.lo.s64 {moved}, {self.register(index, 'an index')}, {stride * bits // 8}, {pointer};")
            pointer = moved
        for dynamic, by in scaled:
            moved = self.fresh("b64", "addr")
            if isinstance(by, int):
                self.kernel.emit(f"mad.lo.s64 {moved}, {dynamic}, {by * bits // 8}, {pointer};")
            else:
                product = self.fresh("b64", "elements")
                self.kernel.emit(f"mul.lo.s64 {product}, {self.register(by, 'an index')}, {dynamic};")
                self.kernel.emit(f"mad.lo.s64 {moved}, {product}, {bits // 8}, {pointer};")
            pointer = moved
        if offset % (8 * align) and not promised:
            raise _Unemittable(f"`{op.name}` of {memref.type} at byte {offset / 8:g}, which a {align}-byte access "
                               f"cannot take: it must be a multiple of its size")
        return f"[{pointer}+{offset // 8}]" if offset else f"[{pointer}]"

    def load(self, op: Operation) -> None:
        """`ld` of one register, or of a 128-bit vector `ld.v4.b32` into four (which only a
        vector store reads)."""
        if not op.operands or len(op.results) != 1:
            raise _Unemittable(f"`{op.name}` without its memref and one result")
        if self.by_element(op, op.results[0], op.operands[0]):
            self.element_loads(op)
            return
        if _bit_vector(str(op.results[0].type)):
            self.bit_loads(op)
            return
        wide = _wide_vector(str(op.results[0].type))
        if wide:
            address = self.address(op.operands[0], list(op.operands[1:]), op, _WIDE_BYTES, self.promised(op))
            regs = [self.fresh("b32", "ldv") for _ in range(_WIDE_BYTES // 4)]
            self.tuples[op.results[0]] = regs
            self.kernel.emit(f"ld.v4.b32 {{{', '.join(regs)}}}, {address};")
            return
        reg, register_type = self.result(op, "ld")
        if register_type == "pred" and str(op.results[0].type).startswith("vector<"):
            raise _Unemittable(f"`{op.name}` of {op.results[0].type}")
        address = self.address(op.operands[0], list(op.operands[1:]), op, _access_bytes(op.results[0], register_type),
                               self.promised(op))
        if register_type == "pred":
            # An i1 in memory is a byte (LLVM's data layout stores an i1 so); the value its low bit.
            byte, bit = self.fresh("b16", "ld_byte"), self.fresh("b16", "ld_bit")
            self.kernel.emit(f"ld.u8 {byte}, {address};")
            self.kernel.emit(f"and.b16 {bit}, {byte}, 1;")
            self.kernel.emit(f"setp.ne.b16 {reg}, {bit}, 0;")
            return
        access = _I8_ACCESS if str(op.results[0].type) == "i8" else _ACCESS[register_type]
        self.kernel.emit(f"ld.{access} {reg}, {address};")

    def store(self, op: Operation) -> None:
        if len(op.operands) < 2:
            raise _Unemittable(f"`{op.name}` without its value and memref")
        if self.by_element(op, op.operands[0], op.operands[1]):
            self.element_stores(op)
            return
        if _bit_vector(str(op.operands[0].type)):
            self.bit_stores(op)
            return
        if _wide_vector(str(op.operands[0].type)):
            regs = self.tuples.get(op.operands[0])
            if regs is None:
                raise _Unemittable(f"`{op.name}` of a {op.operands[0].type} no op here gave in four registers")
            address = self.address(op.operands[1], list(op.operands[2:]), op, _WIDE_BYTES, self.promised(op))
            self.kernel.emit(f"st.v4.b32 {address}, {{{', '.join(regs)}}};")
            return
        value = self.register(op.operands[0], f"the value `{op.name}` stores")
        register_type = _register_type(str(op.operands[0].type))
        if register_type is None or register_type == "pred" and str(op.operands[0].type).startswith("vector<"):
            raise _Unemittable(f"`{op.name}` of {op.operands[0].type}")
        address = self.address(op.operands[1], list(op.operands[2:]), op, _access_bytes(op.operands[0], register_type),
                               self.promised(op))
        if register_type == "pred":
            # An i1 in memory is a byte: 1 or 0 (LLVM's zero-extension of an i1 it stores).
            byte = self.fresh("b16", "st_byte")
            self.kernel.emit(f"selp.u16 {byte}, 1, 0, {value};")
            self.kernel.emit(f"st.u8 {address}, {byte};")
            return
        access = _I8_ACCESS if str(op.operands[0].type) == "i8" else _ACCESS[register_type]
        self.kernel.emit(f"st.{access} {address}, {value};")

    def promised(self, op: Operation) -> bool:
        """Whether a vector access's `alignment` attribute promises its whole size (MLIR: an
        access not so aligned is undefined behaviour), which no dynamic stride can prove."""
        value = op.results[0] if op.name == "vector.load" and op.results else op.operands[0] if op.operands else None
        bytes_ = _vector_bytes(str(value.type)) if value is not None else None
        return op.name in ("vector.load", "vector.store") and bytes_ is not None \
            and (integer(op, "alignment") or 0) >= bytes_

    def by_element(self, op: Operation, value: Value, memref: Value) -> bool:
        """A vector moved element by element (`element_addresses`): one of several rows (N-D,
        each row at its own address in the memref), or a 1-D one through a memref argument of
        dynamic strides or offset, which prove no alignment of the whole vector, whose op
        promises none. False: one access of its register(s), or what `address` refuses, named."""
        found = shaped(str(value.type)) if op.name in ("vector.load", "vector.store") else None
        bits = element_bits(found.element) if found is not None else None
        if found is None or None in found.dims or bits not in (16, 32, 64):
            return False
        if prod(found.dims[:-1]) > 1:
            return True
        return memref in self.layouts and not self.promised(op) and found.dims[-1] != 1

    def element_addresses(self, op: Operation, value: Value, memref: Value, indices: list[Value]) -> list[str]:
        """The address of each element of vector `value` at `indices` of `memref`, row-major: a
        row (the innermost dimension) is consecutive elements (the memref's innermost stride a
        static 1), the vector's other dimensions the memref's trailing ones before it, each row
        that many of their strides (a static one in bytes, a dynamic one by `mad.lo`) from the
        first element's address, which `address` computes once."""
        found = shaped(str(value.type))
        strides = view_strides(str(memref.type)) or []
        rank, bits = len(strides), element_bits(found.element)
        if len(found.dims) > rank:
            raise _Unemittable(f"`{op.name}` of {value.type} through {memref.type}: a vector of more dimensions "
                               f"than its memref")
        if strides[-1] != 1:
            raise _Unemittable(f"`{op.name}` of {value.type} through {memref.type}: its rows are consecutive "
                               f"elements only at a static innermost stride of 1")
        first = self.address(memref, indices, op, bits // 8)
        dynamic = self.layouts.get(memref, (None, [None] * rank))[1]
        lead = rank - len(found.dims)
        addresses = []
        for row in product(*(range(extent) for extent in found.dims[:-1])):
            at = first
            for k, step in enumerate(row):
                dim = lead + k
                if not step:
                    continue
                if dynamic[dim] is None:
                    at = _shifted(at, step * strides[dim] * bits // 8)
                    continue
                pointer, offset = re.fullmatch(r"\[([^+\]]+)(?:\+(\d+))?\]", at).groups()
                moved = self.fresh("b64", "row")
                self.kernel.emit(f"mad.lo.s64 {moved}, {dynamic[dim]}, {step * bits // 8}, {pointer};")
                at = f"[{moved}+{offset}]" if offset else f"[{moved}]"
            addresses += [_shifted(at, k * bits // 8) for k in range(found.dims[-1])]
        return addresses

    def element_chunks(self, value: Value, registers: list[str]) -> list[tuple[str, list[int]]]:
        """A vector's registers (one of up to 64 bits, or a 128-bit one's four), each with the
        indices of the elements it holds (row-major)."""
        found = shaped(str(value.type))
        bits, count = element_bits(found.element), prod(found.dims)
        per = count // len(registers)
        if per * len(registers) != count or per * bits not in (16, 32, 64):
            raise _Unemittable(f"`{value.type}` in registers of {per * bits} bits")
        return [(reg, list(range(n * per, (n + 1) * per))) for n, reg in enumerate(registers)]

    def element_loads(self, op: Operation) -> None:
        """`ld` of each element at its own address, packed by `mov` (`{a, b}`) into the vector's
        registers."""
        value = op.results[0]
        if _wide_vector(str(value.type)):
            registers = [self.fresh("b32", "ldv") for _ in range(_WIDE_BYTES // 4)]
            self.tuples[value] = registers
        else:
            registers = [self.result(op, "ld")[0]]
        bits = element_bits(shaped(str(value.type)).element)
        addresses = self.element_addresses(op, value, op.operands[0], list(op.operands[1:]))
        for reg, elements in self.element_chunks(value, registers):
            parts = [reg] if len(elements) == 1 else [self.fresh(f"b{bits}", "lde") for _ in elements]
            for part, k in zip(parts, elements):
                self.kernel.emit(f"ld.b{bits} {part}, {addresses[k]};")
            if len(parts) > 1:
                self.kernel.emit(f"mov.b{bits * len(parts)} {reg}, {{{', '.join(parts)}}};")

    def element_stores(self, op: Operation) -> None:
        """The vector's registers unpacked by `mov` into its elements, each `st` at its own
        address."""
        value = op.operands[0]
        registers = self.tuples.get(value) if _wide_vector(str(value.type)) else \
            [self.register(value, f"the value `{op.name}` stores")]
        if registers is None:
            raise _Unemittable(f"`{op.name}` of a {value.type} no op here gave in four registers")
        bits = element_bits(shaped(str(value.type)).element)
        addresses = self.element_addresses(op, value, op.operands[1], list(op.operands[2:]))
        for reg, elements in self.element_chunks(value, registers):
            parts = [reg] if len(elements) == 1 else [self.fresh(f"b{bits}", "ste") for _ in elements]
            if len(parts) > 1:
                self.kernel.emit(f"mov.b{bits * len(parts)} {{{', '.join(parts)}}}, {reg};")
            for part, k in zip(parts, elements):
                self.kernel.emit(f"st.b{bits} {addresses[k]}, {part};")

    def bit_addresses(self, op: Operation, value: Value, memref: Value, indices: list[Value]) -> list[str]:
        """The bytes a vector of `i1`s takes at `indices` of `memref`: as LLVM loads and stores a
        `<N x i1>` (what `vector.load` / `vector.store` lower to), its lanes bit-packed, lane k
        bit k % 8 of byte k / 8, from the element's address (a memref of `i1`s, a byte each)."""
        found = shaped(str(value.type))
        if len(found.dims) != 1:
            raise _Unemittable(f"`{op.name}` of {value.type}: a vector of `i1`s of one dimension only here")
        first = self.address(memref, indices, op)
        return [_shifted(first, n) for n in range(-(-found.dims[0] // 8))]

    def bit_loads(self, op: Operation) -> None:
        """A vector of `i1`s (`bit_addresses`): `ld.u8` of each byte, each lane its bit tested."""
        lanes = []
        for n, address in enumerate(self.bit_addresses(op, op.results[0], op.operands[0], list(op.operands[1:]))):
            byte = self.fresh("b16", "ld_byte")
            self.kernel.emit(f"ld.u8 {byte}, {address};")
            for k in range(8 * n, min(8 * n + 8, shaped(str(op.results[0].type)).dims[0])):
                bit, lane = self.fresh("b16", "ld_bit"), self.fresh("pred", "lane")
                self.kernel.emit(f"and.b16 {bit}, {byte}, {1 << k % 8};")
                self.kernel.emit(f"setp.ne.b16 {lane}, {bit}, 0;")
                lanes.append(lane)
        self.predicates[op.results[0]] = lanes

    def bit_stores(self, op: Operation) -> None:
        """A vector of `i1`s (`bit_addresses`): each byte gathered by `selp` of each lane's bit
        and `or`, the bits past the last lane 0 (as LLVM masks them), and `st.u8`."""
        value = op.operands[0]
        lanes = self.held(value, f"the value `{op.name}` stores")
        for n, address in enumerate(self.bit_addresses(op, value, op.operands[1], list(op.operands[2:]))):
            byte = None
            for k, lane in enumerate(lanes[8 * n:8 * n + 8]):
                bit = self.fresh("b16", "st_bit")
                self.kernel.emit(f"selp.u16 {bit}, {1 << k}, 0, {lane};")
                if byte is not None:
                    gathered = self.fresh("b16", "st_byte")
                    self.kernel.emit(f"or.b16 {gathered}, {byte}, {bit};")
                    bit = gathered
                byte = bit
            self.kernel.emit(f"st.u8 {address}, {byte};")

    def pointer(self, op: Operation) -> None:
        """A memref's aligned pointer: generic, or a shared-space address for a memref in
        shared memory (which an index cast to i32 then narrows, as `r` constraints take it); of a
        memref in tensor memory its 32-bit address, which a cast to i32 reads as it is
        (`addresses`), widened for another reader."""
        if len(op.operands) != 1:
            raise _Unemittable(f"`{op.name}` without one memref")
        source = self.register(op.operands[0], "the memref")
        space = _memref_space(str(op.operands[0].type))
        if space == _TENSOR_SPACE and all(_reads_address(user) for user in op.results[0].users):
            # A memref in tensor memory is its 32-bit address: the casts to i32 that read its
            # pointer (how the lowering binds an `r` operand) read the address itself, not its
            # widening to an index and the narrowing back.
            self.addresses[op.results[0]] = source
            return
        reg, _ = self.result(op, "ptr")
        if space == _TENSOR_SPACE:
            self.kernel.emit(f"cvt.u64.u32 {reg}, {source};")
            return
        self.kernel.emit(f"cvta.to.shared.u64 {reg}, {source};" if space == _SHARED_SPACE else f"mov.b64 {reg}, {source};")

    def inline_asm(self, op: Operation) -> None:
        """The instruction text with `$n` bound: outputs first (fresh registers of their
        constraints), then inputs (the operands' registers; an `n` input its constant; an input
        tied to output k moved into k's register, which it then names)."""
        text, constraints = attribute(op, "asm_string"), attribute(op, "constraints")
        if text is not None and constraints is not None:
            text, constraints = text.text, constraints.text
        else:
            # The custom form: its keywords, then `"<asm_string>", "<constraints>"` and the operands.
            written = _ASM_STRINGS.search(written_text(op) or "")
            if written is None:
                raise _Unemittable("`llvm.inline_asm` without its asm_string and constraints")
            text, constraints = written[1], written[2]
        letters = [c.strip() for c in _unquoted(constraints).split(",") if c.strip()]
        outputs = [c[1:] for c in letters if c.startswith("=")]
        inputs = [c for c in letters if not c.startswith("=")]
        if len(inputs) != len(op.operands) or any(c not in _CONSTRAINTS for c in outputs):
            raise _Unemittable(f"`llvm.inline_asm` with constraints {'/'.join(letters)} for {len(op.operands)} operands")
        bound = [self.fresh(_CONSTRAINTS[c], "out") for c in outputs]
        for value, letter in zip(op.operands, inputs):
            if letter == "n":
                number = constant_number(value)
                if number is None or number != int(number):
                    raise _Unemittable("an `n` operand of `llvm.inline_asm` that is no integer constant")
                bound.append(str(int(number)))
            elif letter.isdigit() and int(letter) < len(outputs):
                tied = bound[int(letter)]
                self.kernel.emit(f"mov.b{_bits(_CONSTRAINTS[outputs[int(letter)]])} {tied}, "
                                 f"{self.register(value, 'a tied operand of `llvm.inline_asm`')};")
                bound.append(tied)
            elif letter in _CONSTRAINTS:
                reg = self.register(value, "an operand of `llvm.inline_asm`")
                if _bits(_register_type(str(value.type)) or "b0") != _bits(_CONSTRAINTS[letter]):
                    raise _Unemittable(f"an operand of {value.type} bound by `{letter}`")
                bound.append(reg)
            else:
                raise _Unemittable(f"the `{letter}` constraint of `llvm.inline_asm`")
        asm = re.sub(r"\$(\d+)", lambda m: bound[int(m[1])] if int(m[1]) < len(bound) else m[0], _unquoted(text))
        for line in asm.split("\n"):
            if line.strip():
                self.kernel.emit(line.strip())
        if op.results:
            if len(outputs) == 1:
                self.values[op.results[0]] = bound[0]
            else:
                self.tuples[op.results[0]] = bound[:len(outputs)]

    def extract(self, op: Operation) -> None:
        position = integers(op, "position")
        registers = self.tuples.get(op.operands[0]) if op.operands else None
        if registers is None or not position or len(position) != 1 or position[0] >= len(registers) \
                or not op.results:
            raise _Unemittable("`llvm.extractvalue` of no inline assembly's outputs")
        self.values[op.results[0]] = registers[position[0]]

    def block(self, block: Block, yields: list[list[str]]) -> None:
        """A region's ops, its `scf.yield` setting `yields`."""
        self.yields.append(yields)
        self.ends.append(None)
        for inner in block.operations:
            self.op(inner)
        self.ends.pop()
        self.yields.pop()

    def carry(self, inits: list[Value], arguments: list[Value], loop: str) -> list[list[str]]:
        """A loop's register for each carried value, set from its initial value, which stands for
        the region argument that takes it."""
        carried = []
        for init, argument in zip(inits, arguments):
            types = _slot_types(str(init.type))
            if types is None:
                raise _Unemittable(f"`{loop}` carrying {init.type}")
            argument.type = init.type
            registers = self.slots(argument, "carried", f"`{loop}` carrying")
            for register_type, reg, source in zip(types, registers, self.held(init, f"an initial value of `{loop}`")):
                self.kernel.emit(f"mov.{register_type} {reg}, {source};")
            carried.append(registers)
        return carried

    def loop(self, op: Operation) -> None:
        """`scf.for %iv = %lb to %ub step %s [iter_args(...)]`: a counted loop over a register of
        the bounds' width, compared signed (as scf.for compares); each carried value has a
        register of its own, set from its initial value, given the yielded one at the end of
        each iteration (through temporaries: a yield may swap them), and the loop's result."""
        if len(op.operands) < 3 or not op.regions or len(op.regions[0].blocks) != 1:
            raise _Unemittable("`scf.for` without its bounds and one body block")
        body = op.regions[0].blocks[0]
        inits = list(op.operands[3:])
        if len(body.arguments) != len(inits) + 1 or len(op.results) != len(inits):
            raise _Unemittable("`scf.for` whose iteration arguments, initial values and results do not match")
        lower, upper, step = (self.register(v, "a bound of `scf.for`") for v in op.operands[:3])
        # The custom form types its block's arguments and results by the bounds and the initial
        # values, which the lifted IR may leave untyped or type by the trailing `: <bound type>`:
        # they take those types here (the op's verifier makes them the same).
        for value, typed in [(body.arguments[0], op.operands[0]), *zip(body.arguments[1:], inits),
                             *zip(op.results, inits)]:
            value.type = typed.type
        bound_type = str(op.operands[0].type)
        counter = _register_type(bound_type)
        if counter not in ("b16", "b32", "b64") or bound_type.startswith("vector<"):
            raise _Unemittable(f"`scf.for` over {op.operands[0].type}: bounds of 8, 16, 32 or 64 bits (or index) only here")
        # `unsignedCmp` (the custom form's `unsigned` keyword) compares the counter unsigned.
        sign = "u" if attribute(op, "unsignedCmp") is not None or re.match(r"\s*unsigned\b", written_text(op) or "") \
            else "s"
        carried = self.carry(inits, body.arguments[1:], "scf.for")
        iv, more = self.fresh(counter, "iv"), self.fresh("pred", "more")
        top, done = self.kernel.fresh("LOOP_"), self.kernel.fresh("LOOP_END_")
        self.values[body.arguments[0]] = iv
        width = _bits(counter)
        # An i8 counter steps in its 16-bit register (wrapping in its low 8 bits, as the op's
        # `addi` does) and is compared extended by the comparison's signedness, as is the bound.
        upper = self.whole(upper, bound_type, sign)
        self.kernel.emit(f"mov.b{width} {iv}, {lower};")
        self.kernel.emit(f"setp.lt.{sign}{width} {more}, {self.whole(iv, bound_type, sign)}, {upper};")
        self.kernel.emit(f"@!{more} bra {done};")
        self.kernel.emit(f"{top}:")
        self.block(body, carried)
        self.kernel.emit(f"add.s{width} {iv}, {iv}, {step};")
        self.kernel.emit(f"setp.lt.{sign}{width} {more}, {self.whole(iv, bound_type, sign)}, {upper};")
        self.kernel.emit(f"@{more} bra {top};")
        self.kernel.emit(f"{done}:")
        for result, registers in zip(op.results, carried):
            self.bind(result, registers)

    def while_loop(self, op: Operation) -> None:
        """`scf.while (%a = %init, ...) {before} do {after}`: a register per carried value, set
        from its initial value; at the top the before-region, whose `scf.condition` passes its
        values into the registers the after-region's arguments and the loop's results share and
        leaves unless its predicate holds; then the after-region, whose `scf.yield` gives the
        carried values their next ones, and back to the top."""
        if len(op.regions) != 2 or any(len(region.blocks) != 1 for region in op.regions):
            raise _Unemittable("`scf.while` without one block in each of its two regions")
        before, after = (region.blocks[0] for region in op.regions)
        inits = list(op.operands)
        condition = before.operations[-1] if before.operations else None
        if condition is None or condition.name != "scf.condition" or len(before.arguments) != len(inits) \
                or not len(after.arguments) == len(op.results) == len(condition.operands) - 1:
            raise _Unemittable("`scf.while` whose arguments, initial values, condition and results do not match")
        # The custom form types the before-region's arguments by the initial values, the
        # after-region's and the results by what the condition passes, which the lifted IR may
        # leave untyped: they take those types here (the before-region's first: it may pass them).
        passed = condition.operands[1:]
        for value, typed in [*zip(before.arguments, inits), *zip(after.arguments, passed), *zip(op.results, passed)]:
            if _slot_types(str(value.type)) is None:
                value.type = typed.type
        carried = self.carry(inits, before.arguments, "scf.while")
        exits = []
        for argument, result in zip(after.arguments, op.results):
            exits.append(self.slots(argument, "passed", "`scf.while` passing"))
            self.bind(result, exits[-1])
        top, done = self.kernel.fresh("WHILE_"), self.kernel.fresh("WHILE_END_")
        self.kernel.emit(f"{top}:")
        self.exits.append((exits, done))
        for inner in before.operations:
            self.op(inner)
        self.exits.pop()
        self.block(after, carried)
        self.kernel.emit(f"bra.uni {top};")
        self.kernel.emit(f"{done}:")

    def condition(self, op: Operation) -> None:
        """`scf.condition(%c) %v, ...`: the enclosing `scf.while`'s passed registers take the
        values (no temporaries: the before-region reads none of them), and a branch out of the
        loop unless `%c` holds."""
        if not self.exits or not op.operands or len(op.operands) - 1 != len(self.exits[-1][0]):
            raise _Unemittable("`scf.condition` of another number of values than its `scf.while` passes")
        if _register_type(str(op.operands[0].type)) != "pred":
            raise _Unemittable(f"`scf.condition` of a condition of {op.operands[0].type}")
        predicate = self.register(op.operands[0], "the condition of `scf.condition`")
        exits, done = self.exits[-1]
        for value, destination in zip(op.operands[1:], exits):
            for register_type, source, target in zip(_slot_types(str(value.type)) or [],
                                                     self.held(value, "a value `scf.condition` passes"), destination):
                self.kernel.emit(f"mov.{register_type} {target}, {source};")
        self.kernel.emit(f"@!{predicate} bra {done};")

    def branch(self, op: Operation) -> None:
        """`scf.if %c [-> (...)] {...} [else {...}]`: a branch past the then-region unless the
        condition holds, the else-region (when it has ops) after it; each result has a register
        of its own, which each region's yield sets."""
        if len(op.operands) != 1 or not op.regions or len(op.regions) > 2 \
                or any(len(region.blocks) != 1 for region in op.regions):
            raise _Unemittable("`scf.if` without its condition and one block a region")
        if _register_type(str(op.operands[0].type)) != "pred":
            raise _Unemittable(f"`scf.if` of a condition of {op.operands[0].type}")
        condition = self.register(op.operands[0], "the condition of `scf.if`")
        then_ops = op.regions[0].blocks[0].operations
        results = []
        for n, result in enumerate(op.results):
            # The custom form types the results by `-> (...)`, which the lifted IR leaves
            # untyped: they take the types of what the then-region yields.
            if _slot_types(str(result.type)) is None and then_ops and n < len(then_ops[-1].operands):
                result.type = then_ops[-1].operands[n].type
            results.append(self.slots(result, "if", "`scf.if` yielding"))
        regions = [op.regions[0]] + [r for r in op.regions[1:] if r.blocks[0].operations]
        other, done = self.kernel.fresh("ELSE_"), self.kernel.fresh("ENDIF_")
        self.kernel.emit(f"@!{condition} bra {other if len(regions) == 2 else done};")
        for n, region in enumerate(regions):
            if n == 1:
                self.kernel.emit(f"bra.uni {done};")
                self.kernel.emit(f"{other}:")
            self.block(region.blocks[0], results)
        self.kernel.emit(f"{done}:")

    def compare(self, op: Operation) -> None:
        """`arith.cmpi <predicate>, %a, %b`: `setp` of the predicate, signed or unsigned, at the
        operands' width (8 bits extended to 16 by the predicate's signedness, 16, 32 or 64);
        `arith.cmpf`: `setp` of its ordered or unordered compare, of f16, bf16 (where the target
        has their `setp`, else of both widened to f32, exactly), f32 or f64 (`false` / `true`:
        the predicate set to it). Of vectors, lane by lane, a predicate register per lane."""
        if len(op.operands) != 2 or len(op.results) != 1:
            raise _Unemittable(f"`{op.name}` without two operands and one result")
        predicate = enum_keyword(op, CMPF_PREDICATES if op.name == "arith.cmpf" else CMPI_PREDICATES)
        operand_text = str(op.operands[0].type)
        found = shaped(operand_text) if operand_text.startswith("vector<") else None
        # The custom form's result, which the lifted IR types as its operands, is an i1 (a
        # vector of them, as many).
        if found is not None and None not in found.dims:
            op.results[0].type = Type(f"vector<{'x'.join(str(d) for d in found.dims)}xi1>")
            self.lanewise(op, lambda registers, reg, elements, _: self.compare_value(op, predicate, elements[0],
                                                                                      registers, reg))
            return
        operands = [self.register(v, f"an operand of `{op.name}`") for v in op.operands]
        op.results[0].type = Type("i1")
        reg = self.fresh("pred", "cmp")
        self.values[op.results[0]] = reg
        self.compare_value(op, predicate, operand_text, operands, reg)

    def compare_value(self, op: Operation, predicate: str | None, operand_text: str, operands: list[str],
                      reg: str) -> None:
        """`reg` = the comparison of two scalars of `operand_text` (`compare`)."""
        floating = op.name == "arith.cmpf"
        operand_type = operand_text if floating else _register_type(operand_text)
        comparisons = FLOAT_COMPARISONS if floating else INTEGER_COMPARISONS
        a, b = operands
        if floating and predicate in CONSTANT_COMPARISONS and operand_type in _FLOAT_TYPES:
            self.kernel.emit(f"mov.pred {reg}, {CONSTANT_COMPARISONS[predicate]};")
            return
        if predicate not in comparisons or operand_type not in (_FLOAT_TYPES if floating else ("b16", "b32", "b64")):
            raise _Unemittable(f"`{op.name}` {predicate} of {operand_text}")
        comparison = comparisons[predicate]
        if floating:
            if operand_type in _HALVES and self.tier < _HALF_TIERS[operand_type][op.name]:
                (a, b), operand_type = self.widened([a, b], operand_type, op), "f32"
            self.kernel.emit(f"setp.{comparison}.{operand_type} {reg}, {a}, {b};")
            return
        sign = "s" if comparison.endswith(".s") else "u"
        a, b = (self.whole(register, operand_text, sign) for register in (a, b))
        self.kernel.emit(f"setp.{comparison}{_bits(operand_type)} {reg}, {a}, {b};")

    def descriptor(self, op: Operation) -> None:
        """A TMA descriptor the function builds from what is known at launch (its arguments,
        constants, arithmetic of them: lowering_facts/descriptor_capture.py's host side) is a tensor map
        the host builds and appends as a `.hidden` grid-constant parameter, as
        attach-tma-descriptor-args appends one to a TileAS kernel; one that depends on what the
        kernel computes would need the kernel to write it (`tensormap.replace`), not done here."""
        if len(op.results) != 1 or self.function is None:
            raise _Unemittable(f"`{op.name}` without one result")
        found = capture(list(op.operands), self.function, op)
        if found.side != HOST or found.problem is not None:
            raise _Unemittable(f"`{op.name}` of values the kernel computes or a loop or branch chooses: a "
                               f"descriptor the host cannot build before launch")
        name = f"tma{self.descriptors}"
        self.descriptors += 1
        self.values[op.results[0]] = self.kernel.tensormap_param(name, f"%{name}", hidden=True)

    def yielded(self, op: Operation) -> None:
        """`scf.yield`: the enclosing region's registers (a loop's carried values, an `scf.if`'s
        or `scf.execute_region`'s results) take the yielded values; out of an
        `scf.execute_region`'s block before its last, a branch to its end."""
        if not self.yields or len(op.operands) != len(self.yields[-1]):
            raise _Unemittable("`scf.yield` of another number of values than its region gives")
        self.moves(list(op.operands), self.yields[-1], "scf.yield", "yield")
        end = self.ends[-1] if self.ends else None
        if end is not None and op.parent is not None and op.parent.parent is not None \
                and op.parent is not op.parent.parent.blocks[-1]:
            self.kernel.emit(f"bra.uni {end};")

    def execute_region(self, op: Operation) -> None:
        """`scf.execute_region [-> (...)] {^bb0: ... ^bb1(...): ...}`: the region's blocks as
        the function's are (a label per block after the first, a register per block argument,
        which the `cf` branches between them set), a register per result, which each
        `scf.yield` sets before it branches to the region's end."""
        if len(op.regions) != 1 or not op.regions[0].blocks:
            raise _Unemittable("`scf.execute_region` without one region")
        blocks = op.regions[0].blocks
        yields = [b.operations[-1] for b in blocks if b.operations and b.operations[-1].name == "scf.yield"]
        results = []
        for n, result in enumerate(op.results):
            # The custom form types the results by `-> (...)`, which the lifted IR may leave
            # untyped: they take the types of what a yield gives.
            if _slot_types(str(result.type)) is None and yields and n < len(yields[0].operands):
                result.type = yields[0].operands[n].type
            results.append(self.slots(result, "region", "`scf.execute_region` yielding"))
        end = self.kernel.fresh("REGION_END_")
        self.yields.append(results)
        self.ends.append(end)
        self.blocks(blocks)
        self.ends.pop()
        self.yields.pop()
        self.kernel.emit(f"{end}:")

    def moves(self, values: list[Value], destinations: list[list[str]], what: str, stem: str) -> None:
        """`destinations` (each value's registers, `held`) take `values` at once: each register
        moved into a temporary first (a yield or a branch may pass the registers it sets crossed)."""
        moves = []
        for value, destination in zip(values, destinations):
            types = _slot_types(str(value.type))
            if types is None or len(types) != len(destination):
                raise _Unemittable(f"`{what}` of {value.type}")
            for register_type, source, target in zip(types, self.held(value, f"a value `{what}` passes"), destination):
                temporary = self.fresh(register_type, stem)
                self.kernel.emit(f"mov.{register_type} {temporary}, {source};")
                moves.append((register_type, target, temporary))
        for register_type, destination, temporary in moves:
            self.kernel.emit(f"mov.{register_type} {destination}, {temporary};")

    def blocks(self, blocks: list[Block]) -> None:
        """The function's blocks in order, each after the entry at a label of its own, with a
        register for each of its arguments, which each branch to it sets."""
        for block in blocks[1:]:
            self.labels[block] = self.kernel.fresh("BB_")
            for argument in block.arguments:
                self.slots(argument, "arg", "a block argument of")
        for block in blocks:
            if block in self.labels:
                self.kernel.emit(f"{self.labels[block]}:")
            for op in block.operations:
                self.op(op)

    def pass_to(self, block: Block, values: list[Value], what: str) -> str:
        """A branch's values moved into `block`'s argument registers; its label."""
        label = self.labels.get(block)
        if label is None or len(values) != len(block.arguments):
            raise _Unemittable(f"`{what}` to a block of the function that takes {len(values)} value(s)"
                               if label is not None else f"`{what}` to no block after the function's entry")
        self.moves(values, [self.held(argument, "a block argument") for argument in block.arguments], what, "pass")
        return label

    def jump(self, op: Operation) -> None:
        """`cf.br ^bb(%v, ...)`: the target's arguments take the values, then `bra.uni` (every
        thread that reaches it goes the same way)."""
        if len(op.successors) != 1:
            raise _Unemittable("`cf.br` without one successor")
        self.kernel.emit(f"bra.uni {self.pass_to(op.successors[0], list(op.operands), 'cf.br')};")

    def conditional_jump(self, op: Operation) -> None:
        """`cf.cond_br %c, ^t(...), ^f(...)`: the operands after the condition are the true
        target's arguments, then the false one's (as many as each block takes). With no values
        to pass, `@%c bra` the true target and `bra.uni` the false one; else a branch past the
        true target's moves to the false target's (`branch_if`)."""
        if len(op.successors) != 2 or not op.operands or _register_type(str(op.operands[0].type)) != "pred":
            raise _Unemittable("`cf.cond_br` without a condition of i1 and two successors")
        condition = self.register(op.operands[0], "the condition of `cf.cond_br`")
        true, false = op.successors
        passed = list(op.operands[1:])
        if len(passed) != len(true.arguments) + len(false.arguments):
            raise _Unemittable(f"`cf.cond_br` passing {len(passed)} value(s) to blocks that take "
                               f"{len(true.arguments)} and {len(false.arguments)}")
        self.branch_if(condition, true, passed[:len(true.arguments)], "cf.cond_br", "ELSE_")
        self.kernel.emit(f"bra.uni {self.pass_to(false, passed[len(true.arguments):], 'cf.cond_br')};")

    def branch_if(self, predicate: str, block: Block, values: list[Value], what: str, stem: str) -> None:
        """To `block` if `predicate` holds, passing `values`: `@p bra` when there are none, else
        `@!p bra` past their moves and a `bra.uni`."""
        if not values:
            self.kernel.emit(f"@{predicate} bra {self.pass_to(block, [], what)};")
            return
        other = self.kernel.fresh(stem)
        self.kernel.emit(f"@!{predicate} bra {other};")
        self.kernel.emit(f"bra.uni {self.pass_to(block, values, what)};")
        self.kernel.emit(f"{other}:")

    def switch(self, op: Operation) -> None:
        """`cf.switch %flag : iN, [default: ^d(...), v: ^b(...), ...]`: a compare-and-branch chain,
        each case `setp.eq` of the flag and its value (as a signed N-bit number, how MLIR writes
        it; an i8 flag sign-extended first; an i1's case the flag itself, or its negation for 0)
        and a branch to its block (past its moves when it passes values), the default's moves
        and `bra.uni` last. The operands after the flag are the default's arguments, then each
        case's (as many as each block takes)."""
        if not op.operands or not op.successors:
            raise _Unemittable("`cf.switch` without its flag and a default")
        flag_text = str(op.operands[0].type)
        flag_type = _register_type(flag_text)
        if flag_type not in ("pred", "b16", "b32", "b64") or flag_text.startswith("vector<"):
            raise _Unemittable(f"`cf.switch` on {op.operands[0].type}: a flag of 1, 8, 16, 32 or 64 bits only here")
        values = _case_values(op)
        if values is None or len(values) != len(op.successors) - 1:
            raise _Unemittable(f"`cf.switch` whose case values do not match its {len(op.successors) - 1} case(s)")
        counts = [len(block.arguments) for block in op.successors]
        passed = list(op.operands[1:])
        if len(passed) != sum(counts):
            raise _Unemittable(f"`cf.switch` passing {len(passed)} value(s) to blocks that take {sum(counts)}")
        groups, start = [], 0
        for count in counts:
            groups.append(passed[start:start + count])
            start += count
        flag = self.whole(self.register(op.operands[0], "the flag of `cf.switch`"), flag_text, "s")
        bits = _width(flag_text)
        for value, block, group in zip(values, op.successors[1:], groups[1:]):
            signed = (value + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))
            if flag_type == "pred":
                # An i1's case is 1 (written 1 or -1: its one bit set) or 0: the flag or its negation.
                hit = flag
                if not signed:
                    hit = self.fresh("pred", "case")
                    self.kernel.emit(f"not.pred {hit}, {flag};")
            else:
                hit = self.fresh("pred", "case")
                self.kernel.emit(f"setp.eq.s{_bits(flag_type)} {hit}, {flag}, {signed};")
            self.branch_if(hit, block, group, "cf.switch", "CASE_")
        self.kernel.emit(f"bra.uni {self.pass_to(op.successors[0], groups[0], 'cf.switch')};")

    def tensor_memory(self, op: Operation) -> None:
        """MLIR's NVVM ops of tensor memory's lifetime and of tcgen05's completion, each the PTX
        builder's instruction of its CTA group (`group`, `#nvvm.cta_group<cta_N>`; cta_1 when
        absent, as in MLIR): `nvvm.tcgen05.alloc` (the columns written to the shared-memory slot
        its `!llvm.ptr<3>` addresses), `relinquish_alloc_permit`, `dealloc` (of the
        `!llvm.ptr<6>` the allocation gave), `fence` and `commit` (to the mbarrier its
        `!llvm.ptr<3>` addresses, multicast to the CTAs of its `multicast_mask`)."""
        written = _TCGEN05_OPERANDS[op.name]
        if [str(v.type) for v in op.operands[:len(written)]] != list(written[:len(op.operands)]) or \
                not len(written) - (op.name == _TCGEN05_COMMIT) <= len(op.operands) <= len(written):
            raise _Unemittable(f"`{op.name}` of {', '.join(str(v.type) for v in op.operands) or 'no operands'}: "
                               f"{', '.join(written) or 'no operands'} here")
        group = enum_case(op, "group", "nvvm", "cta_group") or "cta_1"
        cta = _CTA_GROUPS.get(group)
        if cta is None:
            raise _Unemittable(f"`{op.name}` of CTA group `{group}`")
        if op.name == "nvvm.tcgen05.fence":
            kind = enum_case(op, "kind", "nvvm", "tcgen05_fence") or next(
                (k for k in TMEM_FENCES if f"<{k}>" in (written_text(op) or "")), None)
            if kind not in TMEM_FENCES:
                raise _Unemittable(f"`{op.name}` of a kind other than {' or '.join(TMEM_FENCES)}")
            self.kernel.emit(TMEM_FENCES[kind])
            return
        operands = [self.register(v, f"an operand of `{op.name}`") for v in op.operands]
        if op.name == "nvvm.tcgen05.relinquish_alloc_permit":
            self.kernel.emit(tmem_relinquish(cta))
        elif op.name == _TCGEN05_COMMIT:
            self.kernel.emit(tmem_commit(cta, *operands))
        else:
            # The columns: the constant when they are one (the PTX ISA takes an immediate or a register).
            columns = constant_number(op.operands[1])
            columns = str(int(columns)) if columns is not None and columns == int(columns) else operands[1]
            allocate = op.name == "nvvm.tcgen05.alloc"
            self.kernel.emit((tmem_alloc if allocate else tmem_dealloc)(cta, operands[0], columns))

    def mbarrier(self, op: Operation) -> None:
        """MLIR's NVVM ops of an mbarrier in shared memory (its `!llvm.ptr<3>`), as the PTX builder
        writes them: `nvvm.mbarrier.init` (`mbarrier.init.shared::cta.b64 [mbar], count;`),
        `nvvm.fence.mbarrier.init` (`fence.mbarrier_init.release.cluster;`), `nvvm.barrier0`
        (`bar.sync 0;`, which no thread passes before every thread of the CTA reaches it) and
        `nvvm.mbarrier.try_wait.parity`, which waits until the phase of that parity completes
        (MLIR lowers it to a loop of `mbarrier.try_wait.parity` with the suspend-time hint
        `ticks`): the builder's loop of it (`WAIT_n: mbarrier.try_wait.parity.shared::cta.b64 p,
        [mbar], parity, ticks; @!p bra WAIT_n;`). A count, parity or hint that is a constant is
        an immediate."""
        if op.name == "nvvm.fence.mbarrier.init":
            self.kernel.emit(FENCE_MBARRIER_INIT)
            return
        if op.name == _BARRIER0:
            self.kernel.emit("bar.sync 0;")
            return
        written = _MBARRIER_OPERANDS[op.name]
        if [str(v.type) for v in op.operands] != list(written):
            raise _Unemittable(f"`{op.name}` of {', '.join(str(v.type) for v in op.operands) or 'no operands'}: "
                               f"{', '.join(written)} here")
        operands = [self.register(op.operands[0], f"the mbarrier of `{op.name}`")]
        for value in op.operands[1:]:
            number = constant_number(value)
            operands.append(str(int(number)) if number is not None and number == int(number)
                            else self.register(value, f"an operand of `{op.name}`"))
        if op.name == "nvvm.mbarrier.init":
            self.kernel.emit(mbarrier_init(*operands))
        else:
            self.kernel.wait_parity(operands[0], operands[1], hint=operands[2])

    def cluster(self, op: Operation) -> None:
        """MLIR's NVVM ops of a thread block cluster (sm_90 on): `nvvm.read.ptx.sreg.cluster.ctarank`
        (the CTA's rank in its cluster, an i32: `mov.u32 r, %cluster_ctarank;`), `nvvm.cluster.arrive`
        and `nvvm.cluster.wait` (`barrier.cluster.arrive;` / `barrier.cluster.wait;`, their default
        release and acquire semantics; `.aligned` when the op says `aligned`): no thread of the
        cluster passes the wait before every thread of it has arrived, and what each wrote before
        arriving is visible to it after."""
        self.needs(_CLUSTER_TIER, f"`{op.name}`")
        if op.operands:
            raise _Unemittable(f"`{op.name}` with operands")
        if op.name == _CTA_RANK:
            if len(op.results) == 1 and _register_type(str(op.results[0].type)) is None:
                op.results[0].type = Type("i32")      # the custom form's `: i32`, should the lift leave it untyped
            if len(op.results) != 1 or str(op.results[0].type) != "i32":
                raise _Unemittable(f"`{op.name}` of other than one i32")
            reg, _ = self.result(op, "rank")
            self.kernel.emit(f"mov.u32 {reg}, %cluster_ctarank;")
            return
        aligned = ".aligned" if "aligned" in op.attributes else ""
        self.kernel.emit(f"barrier.cluster.{op.name.rsplit('.', 1)[1]}{aligned};")

    def ret(self, op: Operation) -> None:
        """`func.return`: nothing for a kernel; a function that returns values is a device
        function (`.func`) with one return parameter, as LLVM's NVPTX backend writes it (several
        values are one aggregate: PTX gives several return parameters no ABI): a value is
        `.param .bN func_retval0`, several `.param .align A .b8 func_retval0[bytes]` holding
        each at the next multiple of its size."""
        if op.operands and any(decl[0].startswith("align") for decl in self.kernel.params):
            raise _Unemittable("a function that returns values is a device function (`.func`), which takes no "
                               "tensor map by value: `cvta.param` reads a kernel's parameters only")
        returned = []
        for value in op.operands:
            register_type = _register_type(str(value.type))
            if register_type in (None, "pred") or str(value.type) == "i8":
                raise _Unemittable(f"a function that returns {value.type}")
            returned.append((_bits(register_type), self.register(value, "a returned value")))
        if len(returned) == 1:
            bits, reg = returned[0]
            declared = (f"b{bits}", _RETURN)
            self.kernel.emit(f"st.param.b{bits} [{_RETURN}], {reg};")
        else:
            offset = 0
            for bits, reg in returned:
                offset = -(-offset // (bits // 8)) * (bits // 8)      # the next multiple of its size
                self.kernel.emit(f"st.param.b{bits} [{_RETURN}+{offset}], {reg};")
                offset += bits // 8
            declared = (f"align {max(bits for bits, _ in returned) // 8} .b8", f"{_RETURN}[{offset}]") \
                if returned else None
        # A function of several blocks returns from each that ends so: the same parameter.
        if declared is not None and declared not in self.kernel.returns:
            if self.kernel.returns:
                raise _Unemittable("a function whose returns give values of other types")
            self.kernel.returns.append(declared)
        if self.labels and op.parent is not None and op.parent.parent is not None \
                and op.parent is not op.parent.parent.blocks[-1]:
            self.kernel.emit("ret;")      # the kernel's last block ends in the `ret` every kernel ends with


# The NVVM ops of tensor memory the writer writes (`_Emitter.tensor_memory`), with the types of
# their operands (a commit's multicast mask optional).
_TCGEN05_COMMIT = "nvvm.tcgen05.commit"
_TCGEN05_OPERANDS = {"nvvm.tcgen05.alloc": ("!llvm.ptr<3>", "i32"), "nvvm.tcgen05.dealloc": ("!llvm.ptr<6>", "i32"),
                     "nvvm.tcgen05.relinquish_alloc_permit": (), "nvvm.tcgen05.fence": (),
                     _TCGEN05_COMMIT: ("!llvm.ptr<3>", "i16")}
_CTA_GROUPS = {"cta_1": 1, "cta_2": 2}
# The NVVM ops of an mbarrier the writer writes (`_Emitter.mbarrier`), with their operands' types.
# `nvvm.barrier0`, the CTA's barrier 0 (`bar.sync 0;`), orders an init before the other threads' waits.
_BARRIER0 = "nvvm.barrier0"
_MBARRIER_OPERANDS = {"nvvm.mbarrier.init": ("!llvm.ptr<3>", "i32"), "nvvm.fence.mbarrier.init": (),
                      "nvvm.mbarrier.try_wait.parity": ("!llvm.ptr<3>", "i32", "i32"), _BARRIER0: ()}

# The NVVM ops of a thread block cluster the writer writes (`_Emitter.cluster`), and the tier
# that has clusters.
_CTA_RANK = "nvvm.read.ptx.sreg.cluster.ctarank"
_CLUSTER_OPS = (_CTA_RANK, "nvvm.cluster.arrive", "nvvm.cluster.wait")
_CLUSTER_TIER = 90

_HANDLERS = {
    **{name: _Emitter.tensor_memory for name in _TCGEN05_OPERANDS},
    **{name: _Emitter.cluster for name in _CLUSTER_OPS},
    **{name: _Emitter.mbarrier for name in _MBARRIER_OPERANDS},
    "arith.constant": _Emitter.constant,
    "arith.bitcast": _Emitter.cast, "llvm.bitcast": _Emitter.cast, "builtin.unrealized_conversion_cast": _Emitter.cast,
    **{name: _Emitter.convert for name in _CONVERSIONS},
    "memref.load": _Emitter.load, "vector.load": _Emitter.load,
    "memref.store": _Emitter.store, "vector.store": _Emitter.store,
    "memref.extract_aligned_pointer_as_index": _Emitter.pointer,
    INLINE_ASM: _Emitter.inline_asm, "llvm.extractvalue": _Emitter.extract,
    "scf.for": _Emitter.loop, "scf.yield": _Emitter.yielded, "scf.if": _Emitter.branch,
    "scf.while": _Emitter.while_loop, "scf.condition": _Emitter.condition,
    "scf.execute_region": _Emitter.execute_region,
    "cf.br": _Emitter.jump, "cf.cond_br": _Emitter.conditional_jump, "cf.switch": _Emitter.switch,
    "arith.cmpi": _Emitter.compare, "arith.cmpf": _Emitter.compare, "arith.select": _Emitter.select,
    **{name: _Emitter.float for name in _FLOAT}, DESCRIPTOR_BUILDER: _Emitter.descriptor,
    **{name: _Emitter.extended for name in _EXTENDED}, REMAINDER: _Emitter.float,
    **{name: _Emitter.special for name in SPECIAL_REGISTERS},
}


# MLIR's NVVM attributes of a kernel's launch (NVVMDialect: a `DenseI32ArrayAttr` of one to three
# extents each, `nvvm.reqntid = array<i32: 128, 1, 1>`; an `IntegerAttr` each, `nvvm.maxnreg = 64 :
# i32`) -> the PTX directive each becomes, in the order LLVM's NVPTX backend writes them
# (NVPTXAsmPrinter::emitKernelFunctionDirectives, from the function attributes
# NVVMToLLVMIRTranslation gives: `.reqntid`, `.maxntid`, `.minnctapersm`, `.maxnreg`, then from
# sm_90 `.explicitcluster`, `.reqnctapercluster`, `.maxclusterrank`; its
# test/CodeGen/NVPTX/cluster-dim.ll, maxclusterrank.ll). PTX ISA 11.4.2 / 11.4.3: `.maxntid` bounds
# the CTA's threads, `.reqntid` fixes them (a launch of another size fails), and the two exclude
# each other; `.maxnreg` bounds a thread's registers and `.minnctapersm` asks for that many CTAs on
# one SM (ptxas 13.0 ignores it, warning, without `.maxntid` or `.reqntid`); 11.7.1 / 11.7.2:
# `.reqnctapercluster` fixes the CTAs of a cluster (the runtime launches with it when the launch
# gives none, and a launch giving another fails), `.explicitcluster` has the kernel launched only in
# clusters (PTX ISA 7.8, sm_90 on, as clusters are); `.maxclusterrank` bounds a cluster's CTAs, and
# ptxas 13.0 refuses it before sm_90 ("requires .target sm_90 or higher") and beside
# `.reqnctapercluster` ("Conflicting directives"). `nvvm.blocksareclusters` (a unit attribute;
# MLIR's NVVM dialect wants `nvvm.reqntid` and `nvvm.cluster_dim` beside it) is `.blocksareclusters`
# (PTX ISA 9.0: the launch's grid counts clusters) after `.reqnctapercluster` and in place of
# `.explicitcluster`, as the newest LLVM writes it; ptxas 13.0 wants `.reqntid` and
# `.reqnctapercluster` with it.
_THREADS = (("nvvm.reqntid", ".reqntid"), ("nvvm.maxntid", ".maxntid"))
_COUNTS = (("nvvm.minctasm", ".minnctapersm"), ("nvvm.maxnreg", ".maxnreg"))
_CLUSTER_DIM = "nvvm.cluster_dim"
_CLUSTER_MAX = ("nvvm.cluster_max_blocks", ".maxclusterrank")
_BLOCKS_ARE_CLUSTERS = ("nvvm.blocksareclusters", ".blocksareclusters")


def _launch_directives(function: Operation, target: T.Target) -> list[str]:
    """The directives of a kernel's launch its function's NVVM attributes fix (`_THREADS`,
    `_COUNTS`, `_CLUSTER_DIM`, `_CLUSTER_MAX`): `.reqntid` / `.maxntid` of the CTA's threads,
    `.minnctapersm` and `.maxnreg`, `.explicitcluster` and `.reqnctapercluster` of a cluster's
    CTAs, `.blocksareclusters`, `.maxclusterrank`. An attribute of another form, both thread
    counts, a cluster's size both fixed and bounded, blocks as clusters without `nvvm.reqntid`
    and `nvvm.cluster_dim`, or a cluster's attribute before sm_90 is refused, named (LLVM drops
    the cluster's directives before sm_90 without a word)."""
    def given(name: str) -> str | None:
        attr = attribute(function, name)
        if attr is None:
            return None
        value = launch_value(name, attr.text)
        if value is None:
            raise _Unemittable(malformed_launch(name))
        return ", ".join(map(str, value)) if isinstance(value, list) else str(value)
    out = [f"{directive} {value}" for name, directive in _THREADS if (value := given(name)) is not None]
    if len(out) > 1:
        raise _Unemittable(f"both `{_THREADS[0][0]}` and `{_THREADS[1][0]}` (PTX takes `.reqntid` or `.maxntid`, not both)")
    out += [f"{directive} {value}" for name, directive in _COUNTS if (value := given(name)) is not None]
    cluster, most = given(_CLUSTER_DIM), given(_CLUSTER_MAX[0])
    blocks = attribute(function, _BLOCKS_ARE_CLUSTERS[0]) is not None
    for name, value in ((_CLUSTER_DIM, cluster), (_CLUSTER_MAX[0], most), (_BLOCKS_ARE_CLUSTERS[0], blocks or None)):
        if value is not None and target.tier < _CLUSTER_TIER:
            raise _Unemittable(f"`{name}` needs sm_{_CLUSTER_TIER} or later, not {target.name}")
    if cluster is not None and most is not None:
        raise _Unemittable(f"both `{_CLUSTER_DIM}` and `{_CLUSTER_MAX[0]}` (PTX takes `.reqnctapercluster` or "
                           f"`.maxclusterrank`, not both)")
    if blocks and (cluster is None or attribute(function, _THREADS[0][0]) is None):
        raise _Unemittable(f"`{_BLOCKS_ARE_CLUSTERS[0]}` without both `{_THREADS[0][0]}` and `{_CLUSTER_DIM}` "
                           f"(PTX's `.blocksareclusters` needs `.reqntid` and `.reqnctapercluster`)")
    if cluster is not None:
        out += [f".reqnctapercluster {cluster}", _BLOCKS_ARE_CLUSTERS[1]] if blocks else \
            [".explicitcluster", f".reqnctapercluster {cluster}"]
    if most is not None:
        out.append(f"{_CLUSTER_MAX[1]} {most}")
    return out


def _written(function: Operation, target: T.Target) -> "_Emitter | tuple[Operation, str]":
    """`function`'s kernel written, or (the op the writer stopped at, the function itself where
    no one op did; why, in `--emit ptx`'s words)."""
    name = kernel_name(function)
    if not function.regions or not function.regions[0].blocks:
        return function, f"`{name}`: only a function with a body is emitted"
    emitter = _Emitter(PtxBuilder(name), function=function, target=target)
    blocks = function.regions[0].blocks
    try:
        emitter.kernel.directives += _launch_directives(function, target)
        for index, argument in enumerate(blocks[0].arguments):
            emitter.argument(argument, index)
        emitter.blocks(blocks)
        if emitter.kernel.returns and emitter.kernel.directives:
            raise _Unemittable(f"a function that returns values is a device function (`.func`), and "
                               f"`{emitter.kernel.directives[0].split()[0]}` is a kernel's (`.entry`) directive")
    except _Unemittable as why:
        return why.op or function, f"`{name}`: {why}"
    groups = cta_groups(emitter.kernel)
    if len(groups) > 1:
        # Atoms of one CTA and of a CTA pair applied in one function: no kernel holds both.
        return function, (f"`{name}`: its tcgen05 instructions name "
                          f"{' and '.join(f'`.cta_group::{g}`' for g in groups)}, "
                          f"and one kernel names one CTA group (ptxas refuses both in a function)")
    return emitter


def function_refusal(function: Operation, target: T.Target) -> tuple[Operation, str] | None:
    """Why the function writer writes no kernel of `function`, a function it writes (one
    holding inline assembly, no TileAS kernel: `writes`), for `target` (None: it writes one):
    the op it stopped at (the function where no one op did) and `--emit ptx`'s words, which
    `check` reports there (analysis/verification.py)."""
    written = _written(function, target)
    return written if isinstance(written, tuple) else None


def writes(function: Operation) -> bool:
    """Whether `cute-ir lower --emit ptx` writes `function` (an op of the lowered IR) with the
    function writer: a function holding inline assembly that is no TileAS kernel."""
    return is_function(function.name) and not is_kernel(function) and \
        any(inner.name == INLINE_ASM for inner in function.walk())


# A function's attributes that say it is a GPU kernel (MLIR's `nvvm.kernel`, the GPU dialect's
# `gpu.kernel`) or fix a kernel's launch (`_launch_directives`).
_KERNEL_MARKS = ("nvvm.kernel", "gpu.kernel", *(name for name, _ in _THREADS + _COUNTS), _CLUSTER_DIM,
                 _CLUSTER_MAX[0], _BLOCKS_ARE_CLUSTERS[0])


def meant_for_ptx(function: Operation) -> bool:
    """Whether `function` says it is a kernel (`_KERNEL_MARKS`), which `check` reports the
    writer's refusal of wherever it stands (analysis/verification.py; elsewhere only in a
    container for PTX)."""
    return any(attribute(function, name) is not None for name in _KERNEL_MARKS)


def _emit(function: Operation, lines: dict[Operation, int], target: T.Target) -> LoweredKernel:
    name = kernel_name(function)
    emitter = _written(function, target)
    if isinstance(emitter, tuple):
        return LoweredKernel(name, EmitError(emitter[1], None, target.name))
    fold_constants(emitter.kernel)
    written = propagate(emitter.kernel, emitter.line_ops)
    module = render([(emitter.kernel, None)], target)
    # The body follows the entry line, its directives, the brace and the declarations.
    text = module.text.split("\n")
    entry_line = next(n for n, line in enumerate(text) if line.startswith(ENTRY_STARTS))
    body = entry_line + len(emitter.kernel.directives) + 2 + len(emitter.kernel.decls)
    line_ops = tuple((body + index, lines[op]) for index, op in written if op in lines)
    return LoweredKernel(name, module, line_ops)


def lowered_kernels(ir_text: str, target: str) -> list[LoweredKernel]:
    """The kernel of each function in lowered IR text that holds inline assembly and is no
    TileAS kernel, in document order (`cute-ir lower --emit ptx`: its output read back)."""
    t = T.parse_target(target)
    if t is None or INLINE_ASM not in ir_text:
        return []
    lifted = lift(parse(ir_text.encode("utf-8")).root)
    resolve_aliases(lifted.operations, AliasTable((alias.name, alias.text) for alias in lifted.aliases))
    breaks = [n for n, char in enumerate(ir_text) if char == "\n"]
    lines = {op: bisect_left(breaks, span.start) for op, span in lifted.index.op_spans.items()}
    return function_kernels(lifted.operations, lines, t)


def function_kernels(ops: list[Operation], lines: dict[Operation, int], target: T.Target) -> list[LoweredKernel]:
    """The kernel of each function in `ops` (lowered IR, as the pipeline left it or as read
    back from its text) that holds inline assembly and is no TileAS kernel, in document order;
    `lines`: each op's first line in the lowered IR's text, what `LoweredKernel.line_ops` names.
    Writing a kernel may type a value the IR leaves untyped: the IR is the writer's."""
    return [_emit(op, lines, target) for top in ops for op in top.walk() if writes(op)]
