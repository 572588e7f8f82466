"""docs/ops.md, generated from the op records (`dialects/cute_nvgpu/ops.py`, `tma_ops.py`,
`nv_tileas/memops.py`) and the atom tables (`tables/atoms.py`, `tables/tiers.py`), so the
reference never drifts from what the server checks:

    python -m cute_ir.features.opsdoc > docs/ops.md

`tests/test_ops_doc.py` compares the file with `render()` and parses every example in it.
Operands, attributes, forms and examples are the records'; this module only lays them out.
"""
from __future__ import annotations

import re
import sys

from ..dialects.cute_nvgpu.enums import ALLOW_DSMEM, MEMORY_ORDERS, MEMORY_SCOPES
from ..dialects.cute_nvgpu.enums import TMA_ENUMS
from ..dialects.cute_nvgpu.ops import COPY, MAKE_ATOM, MMA, OPS
from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from ..dialects.cute_nvgpu.types import ZERO_PARAMETER_MNEMONICS
from ..dialects.nv_tileas.async_tma import ASYNC_TMA_OPS, ATOM_ALLOW_LISTS
from ..dialects.nv_tileas.copy import COPY_OP as TILEAS_COPY
from ..dialects.nv_tileas.dot import DOT_OP
from ..dialects.nv_tileas.memops import ENUMS as MEMOP_ENUMS, MEMOPS
from ..dialects.ods import AttrDef, Count, OpDef
from ..dialects.registry import record
from ..tables.atoms import ATOMS, AtomFamily, AtomRow, Interface, Residency, find_mma_rows, shapes_text
from ..tables.tiers import describe_requirements, targets_satisfying

COMMAND = "python -m cute_ir.features.opsdoc > docs/ops.md"
FENCE = "mlir"


# The tma-atoms page's ops: what the page fixes and what cute-ir chose.
_TMA_FIXED = ("The tma-atoms page fixes the op's name and its operands in this order (its worked example or "
              "pseudo-code); cute-ir chose the attribute spellings (`#cute_nvgpu.<enum><case>`, enums.py) and "
              "any part of the form the page does not show. What is verified: the section \"TMA verification\".")


def _tma_section() -> list[str]:
    """What the TMA verifier runs, its enums and the descriptor builder (a TileAS op)."""
    builder = record(DESCRIPTOR_BUILDER)
    out = ["## TMA verification", "",
           "`server/cute_ir/verify/tma.py` runs over the rewritable IR of each unit that holds a TMA op:",
           "",
           "- the page's eleven-step partition walk, in its order, on every `non_exec_tiled_tma_*` atom and "
           "every `tma_partition` op (SMEM layout = the tile operand's `!cute.layout` type, or the layout a "
           "`get_copy_s2t_smem_desc_view` result views, flags bit 12; GMEM layout = the "
           "layout the descriptor was built from, CTA V-map = the map operand's type; a load's optional fourth "
           "operand, a sparse tile's metadata layout, sets bit 5 and is walked in step 4; operands of unknown type "
           "are not checked); step 11 and its companion for loads only. Its result (TMA tensor type, tile element "
           "count, swizzle mode, rank, box and the 16-bit flags word) is shown on hover of the op, and the "
           "lowering reads a transfer's rank, bytes, multicast, im2col and CTA-pair bits from it (A14); a multicast "
           "load whose tile, split among its `num_multicast` CTAs, gives each less than 128 bytes gets the "
           "TileAS page's \"mcast is not supported for TMA load with less than 128bytes per atom\", and a TMA box "
           "whose leading dimension does not move whole 16-byte granules its \"tma leading box-dim bit-width is "
           "not 16 bytes aligned\"; an SMEM layout whose swizzle TMA cannot write, or whose swizzle span is "
           "narrower than the box's inner dimension, its \"smem layout is not TMA compatible\" (A19);",
           "- the descriptor builder's rules and the CUtensorMap encode limits (`tables/tensormap.py`: rank 1..5, "
           "im2col 3..5, box dims <= 256, global strides multiples of 16 bytes below 2^40, element types TMA "
           "moves; `shapes(...)` one extent per dimension of the tensor and `strides(...)` one stride per "
           "dimension but the innermost, when they are given), and four of the tileas-tma-and-memops page's builder rules in its words: the first box "
           "dimension moves whole 16-byte granules (\"tma boxDims[0] * elemTypeBitWidth is not a multiple of 16 "
           "bytes\"), a load descriptor's `mode` is one of tiled, im2col, im2col_at, tiled_at, gather4 (\"unsupported "
           "tma load mode '...'\", the legal modes in a note), and `elementStrides` are all 1 (\"only support "
           "element_stride = 1 tma desc\"), and a load descriptor's padding operand that is a non-zero "
           "`arith.constant` is rejected (\"padding value is not supported for TMA load with non-zero padding "
           "value\"; padding values the unit does not fix are not judged);",
           "- `make_exec_tma` (a non-exec atom, an mbarrier in shared memory), the transfers (shared-memory tile, "
           "coordinate rank = descriptor rank when both are known), `update_tma_desc` (only `global_address`, "
           "`global_dim` and a non-leading `global_stride` are device-mutable), the arch gate (TMA from sm_90; "
           "a multicast load mode warns on sm_90 and sm_120/121), and the TMA enum attributes below.",
           "",
           "The page calls modes 0 and 2 the non-multicast load modes for the \"got num_multicast of \" companion; "
           "its enum names and its flags word (bit 0: W or W128) say modes 2 and 3 multicast. cute-ir follows the "
           "enum and the flags word: `w_multicast` and `w128_multicast` need num_multicast > 1, the others 1.",
           "",
           "| Enum attribute | Cases |", "|---|---|"]
    out += [f"| `#cute_nvgpu.{m}<...>` | " + ", ".join(f"`{c}`" for c in cases) + " |" for m, cases in TMA_ENUMS.items()]
    out += ["", "Spec enums (`load_mode`, `store_mode`, `reduce_kind`) also take the case's value (`<2>`); "
            "`load_cache_mode` takes the PTX cache operators the page's example writes (`cg`).", ""]
    return out + _op_section(builder)

def _memops_section() -> list[str]:
    """The TileAS token-ordered memops: their records and what their verifier checks."""
    out = ["## TileAS token-ordered memops", "",
           "The tileas-tma-and-memops page fixes the three ops' names, their operand segments (view, coords, "
           "offsets, token), their results, the attribute names its messages quote (snake_case `mem_semantic` / "
           "`mem_scope` for load and store, camelCase `memSemantic` / `memScope` for atomic_rmw) and the enum "
           "cases. It shows no textual form: the custom form below is cute-ir's, written like the TMA descriptor "
           "builder of the page's worked example (operand groups behind keywords; the tile value first for store "
           "and atomic_rmw). The generic form with `operandSegmentSizes` (`array<i32: 1, C, O, T>`, one more "
           "leading segment for the tile value of store and atomic_rmw) is always accepted.", "",
           "`server/cute_ir/verify/tileas_memops.py` checks each op in the page's order and stops at the first "
           "failure, as an MLIR op verifier does: regions and successors, the token groups, `rmw_mode`'s presence "
           "and the enum cases; `tileSize` against the tile's type (size, then shape); one `index` coordinate per "
           "view dimension; the element types; tile dimensions (positive, powers of two, under 2^24 elements); "
           "memory semantics and scope; `in_bounds`' length; store's padding rules; atomic_rmw's element-type "
           "and mode rules. `lower-tma-load-store-to-async` makes async TMA transfers of the loads and stores that "
           "allow it (next section); `assign-load-store-layouts`, before it, gives each load and store that names "
           "no `copy_atom` its atom: TMA's when the op allows TMA (`allow_tma = true`, or the `prefer_tma` option "
           "of both passes, which `TILEIR_PREFER_TMA_FOR_LOAD_STORE` sets) and a TMA box can move the tile, "
           "`ldg` / `stg` otherwise (an op that does not allow TMA moves through registers), with a remark saying "
           "which rule stopped an op that allows TMA (docs/spec-deviations.md, A17). An op gets `ldgsts` "
           "(`cp.async` into shared memory) only by naming it.", "",
           "The page does not say what `offsets` holds; cute-ir reads them as row offsets: a load or store with "
           "offsets moves the tile's row r from / to the row coordinate plus offset r, a gather / scatter of "
           "rows, which TMA does four rows of a 2-d view at a time (gather4 / scatter4). `tiled_atomic_rmw` takes "
           "`allow_tma` and `copy_atom` too: `tma_redg` makes it a TMA reduction when its pre-image is unused "
           "(A20); one that stays is per-thread `red.global` / `atom.global` in the kernel's PTX (A16).", "",
           "| Enum attribute | Cases |", "|---|---|"]
    out += [f"| `#nv_tileas.{m}<...>` | " + ", ".join(f"`{c}`" for c in cases) + " |" for m, cases in MEMOP_ENUMS.items()]
    out += [""]
    for op in MEMOPS:
        out += _tileas_op(op)
    return out


def _tileas_op(op: OpDef, summary: bool = True) -> list[str]:
    """A TileAS op's record: its attributes, form and example."""
    out = [f"### `{op.name}`", ""] + ([op.summary, ""] if summary else [])
    out += [f"- Spec page: `{op.source}`", "", "**Attributes**", ""]
    out += [f"- `{a.name}`: {a.doc + '; ' if a.doc else ''}`{a.constraint}`{'' if a.required else ', optional'}"
            for a in op.attributes]
    return out + ["", "**Syntax**", "", "```text", op.syntax, "```", "", "**Example**", ""] + _block([op.example]) + [""]


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def _pipeline_place(argument: str) -> str:
    """Where a pass stands in the default pipeline (`passes.DEFAULT_PASSES`), in words."""
    from ..passes import DEFAULT_PASSES
    return f"{_ORDINALS[DEFAULT_PASSES.index(argument)]} in the default pipeline"


def _pipeline_section() -> list[str]:
    """The default lowering pipeline, pass by pass, in the order `cute-ir lower` runs it."""
    from ..passes import DEFAULT_PASSES, DEFAULT_PIPELINE, REGISTRY
    out = ["## The lowering pipeline", "",
           "`cute-ir lower` (and `check`, and the editor on every edit) runs these passes in this order "
           f"(`cute-ir lower --help` prints the same: `{DEFAULT_PIPELINE}`):", ""]
    for number, argument in enumerate(DEFAULT_PASSES, start=1):
        cls = REGISTRY.get(argument)
        options = ", ".join(f"`{f.name}` (default `{str(f.default).lower() if isinstance(f.default, bool) else f.default}`)"
                            for f in cls.options())
        out.append(f"{number}. `{argument}`: {cls.description}" + (f"; options {options}" if options else ""))
    return out + [""]


def _async_tma_section() -> list[str]:
    """TileAS's async TMA ops and the atom-type rules."""
    out = ["## TileAS async TMA ops", "",
           "The page names these ops (what `lower-tma-load-store-to-async` makes of the token-ordered memops), "
           "what they carry and which copy atom each accepts; it shows no textual form. cute-ir writes them like "
           "the memops (the tile value first for stores, then the descriptor, the mbarrier for loads, then each "
           "operand group behind its keyword) and names the atom with `copy_atom = #nv_tileas.copy_atom<kind>`, "
           "required here and optional on `tiled_load` / `tiled_store`.", "",
           f"`lower-tma-load-store-to-async` ({_pipeline_place('lower-tma-load-store-to-async')}) makes them of a `tiled_load` / "
           "`tiled_store` / `tiled_atomic_rmw` with `allow_tma = true` (or the `prefer_tma` option) and a TMA copy "
           "atom, in a function with `nv_tileas.kernel_spec = #nv_tileas.kernel_spec<...>`: `tiled_tma_load` / "
           "`tiled_tma_store` / `tiled_atomic_rmw` of a tile, `gather_tma_load` / `scatter_tma_store` of rows "
           "(an op with offsets; its coordinates are the four rows, then the column). It binds a descriptor "
           "(`cute.static` box layout and `make_tiled_tma_desc`, one per view, box and mode, numbered by "
           "`tmaIdx`) whose box and swizzle are chosen for the tile: rows of 128, 64 or 32 bytes are swizzled "
           "that wide, a wider tile moves in several boxes (`boxDim` on the async op, one `tx_count` for them "
           "all), and the tensor map must describe the view as it is laid out (innermost stride 1; a static "
           "offset keeping the base 16-byte aligned) and break none of cuTensorMapEncodeTiled's rules (what `cute-ir "
           "descriptor tma-tiled` checks), else \"unable to partition input tensors for TMA\"; a memop whose view "
           "is a descriptor the function builds (a TMA-backed view: `tiled_load %desc coords(...)`, any mode: "
           "tiled, im2col, im2col_at, tiled_at) keeps that descriptor, and its coordinates (an im2col load's "
           "then its rank - 2 im2col offsets, A25); it reserves a load's mbarrier (`memref.alloca` in shared memory, which must have room for it "
           "and the tile) with its `tx_count`, and waits (`nv_tileas.async.wait`). An async load a kernel "
           "already holds names its own mbarrier: it must be a `memref.alloca` of `memref<1xi64, 3>` in the "
           "kernel (\"failed to get MBarrier object\", \"failed to init mbarrier\"). Its rules: "
           "`server/cute_ir/passes/lower_tma_to_async.py` and docs/spec-deviations.md (A12, A20).", "",
           "A `tiled_load` / `tiled_store` the pass leaves (no `allow_tma`, or the `ldg` / `stg` / `ldgsts` "
           "atoms; a TMA atom named on an op without `allow_tma` goes unused) moves through registers in the kernel's PTX (`cute-ir lower --emit ptx`): `ld.global` / "
           "`st.global` a chunk of 16, 8 or 4 bytes a thread at a time (`.v4.b32`, `.v2.b32`, `.b32`), or "
           "`cp.async` into shared memory. The PTX ISA requires a vector access aligned to its size, so a "
           "chunk moves whole only as consecutive elements at an address that is a multiple of its bytes: the "
           "view's innermost stride a static 1, and `tables/legality.whole_accesses` / `checked_accesses` "
           "decide how the rest is known. When compiling: a static offset and static outer strides that are "
           "whole chunks, the memref's aligned pointer taken to be 16-byte aligned and the tile's coordinates "
           "multiples of a chunk's elements, and `in_bounds` saying the tile lies in its view. Otherwise, "
           "when the kernel runs: where the view's offset or an outer stride is dynamic (cuTile's "
           "`memref<?x?xf16, strided<[?, 1]>, 1>`, passed as MLIR's memref descriptor), each thread tests "
           "that its first address and each runtime stride in bytes are multiples of a chunk (`and.b64`, "
           "`setp.eq.u64`), which proves every chunk it moves aligned; without `in_bounds`, each chunk "
           "tests that its last element lies in the view's extents (static or runtime). A chunk that "
           "passes moves whole; one that fails (a branch around it) moves each element alone, predicated on "
           "the extents (zero outside; `cp.async` through registers into its place). A static offset or "
           "stride that is not whole chunks, or an innermost stride other than 1, moves element by element "
           "(`cp.async` there, and 8-bit elements there or through a dynamic offset or stride, which cannot, are "
           "`lower.register-tile` errors at the op).", "",
           "`attach-tma-descriptor-args` then gives the kernel one argument per descriptor (a `!llvm.ptr<1>` for "
           "a descriptor the kernel builds, the descriptor's own type for one the host can build before launch; "
           "each `{cute_nvgpu.grid_constant}`; the kernel's own arguments `{nv_tileas.hidden}`) and the "
           "attributes `\"nv_tileas.num-device-tmas\"` / `\"nv_tileas.num-host-tmas\"` (i32), and checks each "
           "`tmaIdx` against them (a kernel whose async TMA ops already take a descriptor argument is "
           "checked the same way, its signature left as it is); `separate-host-tma` moves the host descriptors' builders into a host twin "
           "`func.func @<kernel>.host_tma(<the kernel's parameters>) -> <descriptors> attributes "
           "{\"nv_tileas.host-code\"}`, hands the kernel the appended arguments instead, and puts the callback "
           "ABI's printf formats in `llvm.mlir.global`s. Their rules: `server/cute_ir/passes/"
           "attach_tma_descriptor_args.py`, `separate_host_tma.py` and docs/spec-deviations.md (A15).", "",
           "`server/cute_ir/verify/tileas_atoms.py` checks the page's atom-type rules: each op's atom against its "
           "allow-list (below), an unknown kind (\"invalid TMA atom type\"), a TMA reduction in scatter4 mode, "
           "and that a tiled transfer's boxes (its `boxDim`, else the tile) tile the tile and are the box its "
           "descriptor was built with (A18).",
           "", "| Op | Copy atoms it takes |", "|---|---|"]
    out += [f"| `{name}` | " + ", ".join(f"`{k}`" for k in kinds) + " |" for name, (kinds, _) in ATOM_ALLOW_LISTS.items()]
    out += [""]
    for op in ASYNC_TMA_OPS:
        out += _tileas_op(op)
    return out


def _tileas_copy_section() -> list[str]:
    """`nv_tileas.copy` and the pass that legalizes its tensor-memory crossings."""
    from ..passes.legalize_tmem_copy import DISPATCH, LegalizeTmemCopy

    op = TILEAS_COPY
    out = ["## TileAS copies across tensor memory", "", op.summary, "", op.note, "",
           f"`{LegalizeTmemCopy.argument}` ({_pipeline_place(LegalizeTmemCopy.argument)}, so `cute-ir lower`, `check` and "
           "the editor run it) rewrites a copy between tensor memory and registers or shared memory into "
           "copies one instruction family implements, each saying which (`instruction`: the PTX a warp "
           "issues; `count`: how many the tile takes). Only Blackwell targets (tcgen05) have tensor memory; "
           "on others the pass leaves copies alone. Its rules and the layouts it infers are in "
           "`server/cute_ir/passes/legalize_tmem_copy.py` and docs/spec-deviations.md (A10).", "",
           "| Source | Destination | Becomes |", "|---|---|---|"]
    def instruction(hop: str, src: Residency, dst: Residency) -> str:
        if hop == "tmem":
            return "`tcgen05.ld`" if src is Residency.TMEM else "`tcgen05.st`"
        return "`stmatrix`" if dst is Residency.SMEM else "`ldmatrix`"
    out += [f"| {src.value} | {dst.value} | " + ", then ".join(instruction(h, src, dst) for h in hops) + " |"
            for (src, dst), hops in DISPATCH.items()]
    return out + ["| any other pair | | left alone |", ""] + _tileas_op(op, summary=False)


def _tileas_dot_section() -> list[str]:
    """`nv_tileas.dot`, cute-ir's tile matrix product."""
    op = DOT_OP
    return (["## TileAS tile products", "", op.summary, "", op.note, "",
             "Operands: `a` (M x K), `b` (K x N), both f16 or both bf16, and the accumulator `acc` (M x N, f32); "
             "the result is `acc` + `a` x `b`. In a kernel the operand tiles lie in shared memory (a TMA or "
             "`cp.async` load's), the accumulator in registers: each warp of `num_warps` takes M / `num_warps` "
             "rows (a multiple of 16), N and K multiples of 16.", ""]
            + _tileas_op(op, summary=False))


def _tileas_kernel_section() -> list[str]:
    """What `--emit ptx` writes a TileAS kernel's scalar arithmetic and control flow with (the
    emitter's own handler table), and what it refuses."""
    from ..emit.tileas_kernel import written_scalar_ops
    return ["## TileAS kernels in PTX", "",
            "`cute-ir lower --emit ptx` writes each TileAS kernel after the default pipeline as one PTX `.entry` "
            "(`server/cute_ir/emit/tileas_kernel.py`, whose module text gives each op's PTX). Besides the TileAS "
            "ops above, it writes these `arith` / `math` / `scf` / `gpu` ops: "
            + ", ".join(f"`{name}`" for name in written_scalar_ops()) + ".", "",
            "- Integers: `index` and `i32` are 32-bit coordinates; `i64` is computed in 64-bit registers "
            "(`add.s64`, `setp.lt.s64`, `selp.b64`, ...), its low half used where it is a coordinate.",
            "- Float scalars: f32 and f64 by their instruction (`div.rn`, `sqrt.rn`, `fma.rn`, `rsqrt.approx`, "
            "`neg`, `abs`, ...; `maximumf` / `minimumf` NaN-propagating, `max.NaN` / `min.NaN`, and of f64, "
            "which has no such form, `max` / `min` with the operands' sum, a NaN, selected where either is one); "
            "f16 and bf16 in f32 between exact widenings and one `cvt.rn` (the half's correctly "
            "rounded result); `math.exp2` is `ex2.approx.f32` and `math.exp` `ex2.approx.f32` of x times log2(e), "
            "as nvcc's `__expf` is (f32 and halves only: PTX's `ex2` has no f64 form). `arith.remf`, which PTX "
            "has no instruction for, is C's `fmod` exactly, the result with the dividend's sign, by the long "
            "division the function writer uses (every step exact; `emit/builder.py`, `float_remainder`): "
            "x - trunc(x / y) * y is not used, the division rounding once the quotient is past the significand. "
            "`arith.cmpf` is `setp` "
            "(ordered predicates PTX's plain compares, unordered ones its `u` forms, `ord` / `uno` `num` / `nan`); "
            "`arith.extf` / `truncf` are `cvt` in the op's rounding mode (`to_nearest_away` is refused). "
            "`math.exp` / `exp2` of f64, a `truncf` to nearest away (of a scalar or a tile), a `cvt` of bf16 "
            "the target lacks (`extf` / `truncf` from or to it; a float op or `cmpf` of bf16, computed in f32: "
            "with f32 from sm_80, with f16 or f64 from sm_90), `maximumf` / `minimumf` of tiles before sm_80 "
            "(`max.NaN.f32`, ...; a scalar's is `max` / `min` with a NaN selected in) and `addf` / `subf` / `mulf` of bf16 tiles "
            "before sm_90 (`add.rn.bf16x2`, ...) are reported by "
            "`check` at the op (`lower.float-op`) in the words `--emit ptx` refuses them with, in every TileAS "
            "kernel (`check` looks at each function with an `nv_tileas.kernel_spec`, whatever ops it holds).",
            "- Float tiles in registers (f32, f16, bf16), of tiles placed alike: `arith.addf` / `subf` / `mulf` / "
            "`maximumf` / `minimumf` one instruction a register (`.f16x2` for halves; `max.NaN` / `min.NaN` from sm_80); the other float ops above "
            "register by register, each element as a scalar (a half pair unpacked and packed again); `arith.truncf` "
            "of an f32 tile to f16 / bf16 in its rounding mode (to nearest even and toward zero by the packed "
            "`cvt.rn` / `cvt.rz` `.f16x2.f32`, downward and upward, which the packed form lacks, each element by "
            "`cvt.rm` / `cvt.rp` and packed by `mov.b32`; `to_nearest_away` refused as a scalar's is: `cvt` has "
            "`.rna` only into tf32). `arith.extf` of a tile of f16 / bf16 to f32 and of f32 to f64, each element "
            "`cvt` (`cvt.f32.f16`, `cvt.f32.bf16`, `cvt.f64.f32`) into a register of its own, twice its bits, where "
            "its source held it (a half pair unpacked first): the widened tile lies as its source does, so it meets "
            "tiles placed alike (an mma.sync product narrowed and widened back lies as the product), not a tile of "
            "its own type `ld.global` brought. Tiles placed otherwise, an `extf` of a tile to other types and a "
            "`truncf` of a tile other than f32 to f16 / bf16 (an f64 one), "
            "are reported by `check` at the op (`lower.register-tile`) in the words `--emit ptx` refuses them with.",
            "- `scf.if`: a predicated branch around each region, each result in registers of its own that each "
            "region's `scf.yield` sets (scalars; a register tile too, placed as the then region yields it, in the "
            "custom form, whose `-> (...)` gives the results' types, as in the generic form; an else region "
            "yielding a tile placed otherwise is reported by `check` at its yield, `lower.register-tile`). A region "
            "holds scalar and register-tile arithmetic only: a load, store, TMA transfer or wait there is refused.",
            "- Any other op (`math.log`, ...) is refused: the kernel "
            "is not emitted and `--emit ptx` says \"`<op>` has no PTX in a TileAS kernel here\".", ""]


# One example per type mnemonic: spec spelling first, CuTe DSL spelling second where it exists.
_TYPE_EXAMPLES: dict[str, tuple[str, ...]] = {
    "atom.universal_fma": (
        "%fma = cute_nvgpu.make_mma_atom {shape_MNK = [1, 1, 1], a_type = f32, b_type = f32, c_type = f32} : !cute_nvgpu.atom.universal_fma",
        "!fma = !cute_nvgpu.atom.universal_fma<1x1x1, (f32, f32) -> f32 >"),
    "sm80.mma": (
        "%mma = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm80.mma",
        "!mma = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>"),
    "sm80.sparse_mma": (
        "%sp = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 32], a_type = i8, b_type = i8, c_type = i32} : !cute_nvgpu.sm80.sparse_mma",),
    "sm89.mma": (
        "%fp8 = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 32], a_type = f8E4M3FN, b_type = f8E5M2, c_type = f32} : !cute_nvgpu.sm89.mma",),
    "smem_desc": ("!desc = !cute_nvgpu.smem_desc",),
    "smem_desc_view": (
        "!desc_a = !cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, #cute.layout<(64, 16):(16, 1)>>",
        "!desc_dsl = !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, \"(1,2,4,(1,7)):(0,512,2,(0,1024))\">"),
    "sm90.mma": (
        "%wgmma = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm90.mma",
        "!wgmma = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>"),
    "sm100.mma": (
        "%umma = cute_nvgpu.make_mma_atom {shape_MNK = [128, 256, 16], a_type = bf16, b_type = bf16, c_type = f32, cta_group = 1} : !cute_nvgpu.sm100.mma",),
    "sm100.mma_sp": (
        "%umma_sp = cute_nvgpu.make_mma_atom {shape_MNK = [128, 128, 32], a_type = f16, b_type = f16, c_type = f32, cta_group = 1} : !cute_nvgpu.sm100.mma_sp",),
    "sm100.mma_bs": (
        "%umma_bs = cute_nvgpu.make_mma_atom {shape_MNK = [128, 256, 32], a_type = f8E4M3FN, b_type = f8E4M3FN, c_type = f32, vec_size = 32, sf_type = f8E8M0FNU, cta_group = 1} : !cute_nvgpu.sm100.mma_bs",),
    "sm100.mma_bs_sp": (
        "%umma_bs_sp = cute_nvgpu.make_mma_atom {shape_MNK = [128, 128, 64], a_type = f8E4M3FN, b_type = f8E4M3FN, c_type = f32, vec_size = 32, sf_type = f8E8M0FNU, cta_group = 1} : !cute_nvgpu.sm100.mma_bs_sp",),
    "SM120.mma_bs": (
        "%nvfp4 = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 64], vec_size = 16, a_type = f4E2M1FN, b_type = f4E2M1FN, c_type = f32, sf_type = f8E4M3FN} : !cute_nvgpu.SM120.mma_bs",
        "!nvfp4 = !cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, use_sf_layout_TV = false>"),
    "atom.tmem_load": (
        "%tmem_ld = cute_nvgpu.make_copy_atom {val_type = f32} : !cute_nvgpu.atom.tmem_load",
        "!tmem_ld = !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>"),
    "atom.tmem_store": ("%tmem_st = cute_nvgpu.make_copy_atom {val_type = f32} : !cute_nvgpu.atom.tmem_store",),
    "atom.s2t_copy": ("%s2t = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.s2t_copy",),
    "tma_descriptor_tiled": ("!tmap = !cute_nvgpu.tma_descriptor_tiled",),
    "tma_descriptor_im2col": ("!tmap_im2col = !cute_nvgpu.tma_descriptor_im2col",),
    "atom.tma_load": (
        "%exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar {cache_mode = #cute_nvgpu.load_cache_mode<cg>} : !cute_nvgpu.atom.tma_load",
        "!tma_ld = !cute_nvgpu.atom.tma_load<f16, copy_bits = 131072, mode = tiled, num_cta = 1, g_stride = <\"()\"> tma_gbasis = <\"(64,128,1):(1@1,1@0,1@2)\">>"),
    "atom.tma_store": ("!tma_st = !cute_nvgpu.atom.tma_store",),
    "atom.tma_reduce": ("!tma_red = !cute_nvgpu.atom.tma_reduce",),
    "atom.universal_copy": (
        "%cp = cute_nvgpu.make_copy_atom : !cute_nvgpu.atom.universal_copy<f16, 128 b, mem_order=acquire, mem_scope=cluster>",),
    "atom.simt_async_copy": ("%cp_async = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.simt_async_copy",),
    "atom.ldsm": (
        "%ldsm = cute_nvgpu.make_copy_atom {val_type = f16, num_matrices = 4} : !cute_nvgpu.atom.ldsm",
        "!ldsm = !cute_nvgpu.atom.ldsm<val_type = f16, mode = <\"(8,8)\">, sz_pattern = u16, num_matrices = 4, n>"),
    "atom.stsm": ("%stsm = cute_nvgpu.make_copy_atom {val_type = f16, num_matrices = 4} : !cute_nvgpu.atom.stsm",),
    "atom.non_exec_tiled_tma_load": (
        "%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map {num_multicast = 1} : !cute_nvgpu.atom.non_exec_tiled_tma_load",),
    "atom.non_exec_tiled_tma_store": (
        "%store = cute_nvgpu.atom.non_exec_tiled_tma_store %desc, %tile, %cta_map : !cute_nvgpu.atom.non_exec_tiled_tma_store",),
    "atom.non_exec_tiled_tma_reduce": (
        "%reduce = cute_nvgpu.atom.non_exec_tiled_tma_reduce %desc, %tile, %cta_map : !cute_nvgpu.atom.non_exec_tiled_tma_reduce",),
}

_INTEGER_EXAMPLE = ("!sf = !cute_nvgpu.i4<divby 2>", "!packed = !cute_nvgpu.i6")



# ------------------------------------------------------------------ rendering
def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9_-]", "", text.lower().replace(" ", "-"))


def _anchors(headings: list[str]) -> list[str]:
    """GitHub's heading anchors, in document order (repeats get `-1`, `-2`, ...)."""
    seen: dict[str, int] = {}
    out = []
    for heading in headings:
        slug = _slug(heading)
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        out.append(slug if count == 0 else f"{slug}-{count}")
    return out


def _block(lines: tuple[str, ...] | list[str]) -> list[str]:
    return [f"```{FENCE}", *lines, "```"]


def _atoms_with(interface: Interface) -> list[AtomRow]:
    return [r for r in ATOMS if r.implements(interface)]


def _residency_table(rows: list[AtomRow], roles: tuple[str, ...]) -> list[str]:
    lines = ["| Atom | " + " | ".join(roles) + " |", "|---" * (len(roles) + 1) + "|"]
    for row in rows:
        allowed = {o.role: " or ".join(r.value for r in o.allowed) for o in row.operands}
        cells = []
        for role in roles:
            key = "D" if role == "C" else role
            cells.append(allowed.get(key, "—"))
        lines.append(f"| `{row.mnemonic}` | " + " | ".join(cells) + " |")
    return lines


def _op_section(op: OpDef) -> list[str]:
    out = [f"### `{op.name}`", "", op.summary, "", f"- Spec page: `{op.source}`"]
    if op.verifier is not None:
        out.append(f"- Verified as: {op.verifier}")
    note = op.note or (_TMA_FIXED if op.source == "tma-atoms" else "")
    if note:
        out.append(f"- Note: {note}")
    if op.syntax:
        out += ["", "**Syntax**", "", "```text", op.syntax, "```"]
    out += ["", "**Operands**", ""]
    if op.operands:
        out += ["| Operand | Meaning | Type / residency |", "|---|---|---|"]
        out += [f"| `%{v.name}`{_COUNT_MARK[v.count]} | {_cell(v.doc or '—')} | {_cell(v.constraint)} |"
                for v in op.operands]
    else:
        out.append("None: the atom is built from the attributes and the result type." if op.verifier == MAKE_ATOM
                   else "None.")
    if op.verifier == MMA:
        out += ["", "Residency per MMA atom (C lives where D does):", ""]
        out += _residency_table(_atoms_with(Interface.MMA_ATOM), ("D", "A", "B", "C", "E", "SFA", "SFB"))
    elif op.verifier == COPY:
        out += ["", "Residency per copy atom:", ""]
        out += _residency_table(_atoms_with(Interface.COPY_ATOM), ("src", "dst"))
    out += ["", "**Attributes**", ""]
    if op.attributes:
        out += ["| Attribute | Meaning |", "|---|---|"]
        out += [f"| `{a.name}` | {_cell(_attribute_meaning(a))} |" for a in op.attributes]
    else:
        out.append("None.")
    out += ["", "**Example**", ""] + _block([op.example]) + [""]
    return out


# How an operand group's count reads after its name (ODS's Optional / Variadic).
_COUNT_MARK = {Count.SINGLE: "", Count.OPTIONAL: " (optional)", Count.VARIADIC: " (variadic)"}


def _cell(text: str) -> str:
    """`text` in a Markdown table cell (a `|` in it would end the cell)."""
    return text.replace("|", "\\|")


def _attribute_meaning(attr: AttrDef) -> str:
    parts = [attr.doc] if attr.doc else []
    if attr.constraint:
        parts.append(f"`{attr.constraint}`")
    return "; ".join(parts) + ("" if attr.required else ", optional")


def _parameters(row: AtomRow) -> str:
    if row.mnemonic == "atom.universal_copy":
        return ("`<value type[, N b][, " + ALLOW_DSMEM + "][, mem_order=O][, mem_scope=S]>`: value type first; "
                "bit width in bits with a space before `b` (a power of two); memory order one of "
                + ", ".join(f"`{v}`" for v in MEMORY_ORDERS) + "; scope one of "
                + ", ".join(f"`{v}`" for v in MEMORY_SCOPES) + ". Absent fields are elided, never printed as defaults.")
    if row.mnemonic == "smem_desc_view":
        return "`<source type, layout>`: the shared-memory object (memory space 3) and the CuTe layout WGMMA/UMMA reads it with."
    if row.mnemonic in ZERO_PARAMETER_MNEMONICS:
        return "None (zero-parameter type)."
    if row.implements(Interface.MMA_ATOM):
        return ("None in the spec spelling: the building op's attributes (`shape_MNK`, `a_type`, `b_type`, "
                "`c_type`" + (", `vec_size`, `sf_type`" if row.implements(Interface.BLOCK_SCALE_ATOM) else "")
                + (", `cta_group`" if row.mnemonic.startswith("sm100.") else "")
                + ") configure it. CuTe DSL dumps spell them as parameters: `<MxNxK, elem_type = (A, B, C), ...>`.")
    return ("None in the spec spelling (attributes of the building op such as `val_type` configure it); "
            "CuTe DSL dumps carry `key = value` parameters, kept as the atom's settings.")


def _lattice_table(row: AtomRow) -> list[str]:
    rows = find_mma_rows(atom=row.mnemonic)
    if not rows:
        return []
    out = ["", "| Lattice row | A × B → C | Shapes | Gate |", "|---|---|---|---|"]
    for r in rows:
        types = f"{'/'.join(r.a_types)} × {'/'.join(r.b_types)} → {'/'.join(r.c_types)}"
        extra = []
        if r.block_scale is not None:
            extra.append(f"kind::{r.block_scale.kind}, vec {r.block_scale.vec_size}, "
                         f"{'/'.join(r.block_scale.scale_types)} scales")
        if r.cta_group is not None:
            extra.append(f"cta_group::{r.cta_group}")
        if extra:
            types += " (" + "; ".join(extra) + ")"
        out.append(f"| `{r.key}` | {types} | {shapes_text([r])} | {describe_requirements(r.requires)} |")
    return out


def _type_section(row: AtomRow) -> list[str]:
    runs = targets_satisfying(row.requires)
    out = [f"### `!cute_nvgpu.{row.mnemonic}`", "", row.description, "",
           "| | |", "|---|---|",
           f"| Family | {row.family.value} |",
           f"| Minimum tier (spec) | {row.spec_min_tier} |",
           f"| Hardware gate | {describe_requirements(row.requires)} |",
           f"| Targets that run it | {', '.join(runs)} |",
           f"| Interfaces | {', '.join(sorted(i.value for i in row.interfaces))} |",
           f"| Operand residency | {'; '.join(f'{o.role}: ' + ' or '.join(r.value for r in o.allowed) for o in row.operands) or '—'} |",
           "", f"**Parameters:** {_parameters(row)}"]
    out += _lattice_table(row)
    if row.deviation:
        out += ["", f"*Hardware deviation from the spec:* {row.deviation}"]
    out += ["", "**Example**", ""] + _block(_TYPE_EXAMPLES[row.mnemonic]) + [""]
    return out


def render() -> str:
    out = ["# cute_nvgpu operations and types", "",
           f"<!-- Generated by `{COMMAND}` from server/cute_ir/dialects/cute_nvgpu/ops.py and "
           "server/cute_ir/tables/. Do not edit by hand: tests/test_ops_doc.py fails when this "
           "file and the generator disagree. -->", "",
           "Operations come from the op records; residencies, tiers, hardware gates and shape "
           "lattices from the atom tables (the hardware-correct gates: see docs/spec-deviations.md). "
           "Every example parses with cute-ir's grammar.", "",
           "## Operations", ""]
    anchors = _anchors([op.name for op in OPS] + ["!cute_nvgpu." + r.mnemonic for r in ATOMS])
    op_anchor = dict(zip((op.name for op in OPS), anchors))
    type_anchor = dict(zip((r.mnemonic for r in ATOMS), anchors[len(OPS):]))
    out += [f"- [`{op.name}`](#{op_anchor[op.name]})" for op in OPS]
    out += [""]
    for op in OPS:
        out += _op_section(op)
    out += _pipeline_section()
    out += _tma_section()
    out += _memops_section()
    out += _async_tma_section()
    out += _tileas_copy_section()
    out += _tileas_dot_section()
    out += _tileas_kernel_section()
    out += ["## Types", "",
            "The 27 type mnemonics in the dialect's dispatch order (case-sensitive: `SM120.mma_bs`), "
            "then the atom integer types.", ""]
    for family in AtomFamily:
        out.append(f"- {family.value}: " + ", ".join(
            f"[`{r.mnemonic}`](#{type_anchor[r.mnemonic]})" for r in ATOMS if r.family is family))
    out += [""]
    for row in ATOMS:
        out += _type_section(row)
    out += ["### `!cute_nvgpu.i<N>`", "",
            "Atom integer type: an N-bit packed sub-byte or microscaling fragment element. Reached only "
            "after every literal mnemonic missed; N must fit in 32 bits.", "",
            "| | |", "|---|---|",
            "| Family | atom integer types |",
            "| Minimum tier (spec) | all |",
            "| Hardware gate | any target |",
            "| Interfaces | — |", "",
            "**Parameters:** optional `<divby M>`: M values share one packed lane (lane "
            "interpretation, not arithmetic).", "",
            "**Example**", ""] + _block(list(_INTEGER_EXAMPLE)) + [""]
    return "\n".join(out)


def examples(markdown: str) -> list[str]:
    """Every line of every `mlir` code block in `markdown`."""
    found, inside = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            inside = line == f"```{FENCE}"
            continue
        if inside:
            found.append(line)
    return found


def main() -> None:
    sys.stdout.write(render())


if __name__ == "__main__":
    main()
