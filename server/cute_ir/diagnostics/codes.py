"""Every diagnostic code cute-ir reports, with what it means: the reference behind
`docs/diagnostics.md`, `cute-ir check --select/--ignore` and the SARIF `rules` array.

Codes of messages the specification quotes come from the catalogue (their wording is the
spec's). The codes below are cute-ir's own: problems the spec has no sentence for (syntax,
malformed type parameters, hardware limits the verifiers know from the PTX ISA, lowering and
ptxas findings, unreadable files). Their messages are built from the text at hand, so the
reference describes them instead of quoting them. `tests/diagnostics/test_codes.py` checks that
every code a stage spells in the source is listed here or in the catalogue.
"""
from __future__ import annotations

from dataclasses import dataclass

from .catalogue import CATALOGUE
from .diagnostic import Source

S, T, V, L, P = Source.SYNTAX, Source.TYPES, Source.VERIFY, Source.LOWER, Source.PTXAS


@dataclass(frozen=True)
class CodeDoc:
    code: str
    source: Source
    summary: str                 # what the diagnostic says is wrong
    message: str | None = None   # the verbatim spec wording (catalogue codes only)
    spec_page: str | None = None


_OWN: tuple[CodeDoc, ...] = (
    CodeDoc("file.unreadable", S, "The file could not be analysed at all: missing, a directory "
            "given where a file is expected, unreadable, binary (NUL bytes in text that is not "
            "UTF-8) or over the size limit."),
    CodeDoc("syntax.error", S, "The text does not parse as MLIR here."),
    CodeDoc("syntax.missing", S, "A token the grammar requires (a bracket, a colon, a type) is "
            "missing; the message names it. In a file with a syntax error, a `}` is looked for by "
            "the lines: a function still open where the next one starts, or where a `}` indented "
            "like its module closes the module, is missing its `}` there, with a note at the `{` "
            "it would close; the functions after it are checked as if it were there."),
    CodeDoc("syntax.unclosed", S, "A bracket, brace or string opened here is never closed."),
    CodeDoc("syntax.incomplete", S, "An op stops before it is complete: a generic op without its "
            "type, or `%x =` with no op after it."),
    CodeDoc("syntax.op-format", S, "An upstream op's custom form read as its format says "
            "(`arith.constant 1 i32`: the op ends after `1`, and the type cannot start the next op; "
            "`arith.addf %a, %b, %c : f32`: a binary op takes two operands, then its colon; "
            "`arith.constant` with no value after its name; `affine.load` / `affine.store` without the "
            "index brackets after the memref; `cf.switch` cases without a comma between them; "
            "MLIR's wording)."),
    CodeDoc("syntax.statement-head", S, "A statement's head MLIR's op parser refuses where the grammar "
            "cannot say what is wrong: result names without the `=` after them (`%0 arith.addi ...`), a "
            "generic op's operand list that does not end with `)` (`\"d.op\"(%a, %b : ...`) (MLIR's wording)."),
    CodeDoc("syntax.result-count", S, "`%x:0 =`: a result group must hold at least one result "
            "(MLIR's wording)."),
    CodeDoc("syntax.empty-op-name", S, "`\"\"()`: a generic op with an empty name (MLIR's wording)."),
    CodeDoc("syntax.strided", S, "`strided<>` without its list of strides, or an offset after it written otherwise "
            "than `, offset: N` (MLIR's wording)."),
    CodeDoc("syntax.function-type", S, "A generic op whose type is not a function type: "
            "`\"d.op\"() : i32` (MLIR's wording)."),
    CodeDoc("syntax.dense", S, "The literal of `dense<...>` as MLIR reads it: an element that is not a number, "
            "boolean, string or `(re, im)` pair; in the type-first form `dense<tensor<2xi32> : [...]>` an "
            "element that is not an attribute (MLIR's wording)."),
    CodeDoc("syntax.attribute-value", S, "A typed attribute's value its type cannot hold, as MLIR's attribute parser "
            "refuses it: `256 : i8`, `-1 : ui8`, a decimal integer typed as a float, `dense<[4.0]> : "
            "tensor<1xi32>`, a literal whose shape is not its type's, `array<i1: 0>`, a dictionary key written "
            "twice (MLIR's wording)."),
    CodeDoc("syntax.elements-type", S, "`dense<...>`, `sparse<...>` or `dense_resource<...>` without its "
            "`: type` where an attribute stands alone (MLIR's wording)."),
    CodeDoc("syntax.file-metadata", S, "The `{-# ... #-}` section as MLIR reads it: its keys, colons and "
            "braces, and its two known keys (MLIR's wording)."),
    CodeDoc("syntax.quantile", S, "`quantile<storage:expressed, {values}>` missing its `:`, `,` or `{` "
            "(MLIR's wording)."),
    CodeDoc("syntax.missing-value", S, "`key = ` followed by a closing bracket or a comma in an op's body "
            "or brackets, a list value that starts with a comma (`key = [ , ...]`), or an SSA value as "
            "a dictionary entry outside an op's own format (`{a = %x}`): an attribute value is missing "
            "(MLIR's wording)."),
    CodeDoc("syntax.location", S, "`loc(...)`: what MLIR's location parser refuses (`callsite`, `fused`, a name's child location), in its wording."),
    CodeDoc("syntax.symbol-name", S, "`func.func name(...)`: a function name without its `@` (MLIR's wording)."),
    CodeDoc("syntax.arguments", S, "A function signature (`func.func`, `llvm.func`, `gpu.func`) as MLIR's "
            "function parser reads it: the `(` after the symbol, named arguments (`%a: i32`) mixed with bare "
            "types, a missing name, `:` or `)`, variadic `...`, which only `llvm.func` takes (MLIR's wording)."),
    CodeDoc("syntax.affine", S, "The body of an `affine_map<...>` / `affine_set<...>` as MLIR's affine "
            "parser reads it: a missing operand, empty parentheses, an undeclared or redefined "
            "identifier, a non-affine product or division, a broken list (MLIR's wording)."),
    CodeDoc("syntax.builtin-type", S, "A builtin type MLIR's type parser refuses as it builds it: a tensor, memref, "
            "vector or complex type of an element type it cannot hold (`tensor<tensor<i8>>`), a vector size not "
            "positive, a dimension over 64 bits, a memref with two memory spaces or a layout after its memory space, "
            "a layout whose strides or map inputs are not one per dimension (MLIR's wording)."),
    CodeDoc("syntax.integer-width", S, "An integer type whose width is zero or over MLIR's limit "
            "(MLIR's wording)."),
    CodeDoc("syntax.expected-type", S, "A bare word where a type is required, e.g. in a function "
            "signature (MLIR's wording)."),
    CodeDoc("syntax.encoding", S, "The file is not valid UTF-8; invalid bytes were replaced and "
            "the rest is checked."),
    CodeDoc("syntax.too-wide", S, "A list of more than 50,000 tokens on one op (a generated type or "
            "operand list; warning): the queries that find types, value names and malformed syntax do not "
            "look inside it, since their cost grows with the square of a list's length. The literal of "
            "`dense<...>` is exempt: it is read whole from its text."),
    CodeDoc("syntax.too-large", S, "The document exceeds the size the analysis accepts; nothing "
            "in it is checked."),
    CodeDoc("types.unknown-op", T, "An operation of a dialect whose every op cute-ir knows (MLIR's "
            "dialects, from their ODS; `cute_nvgpu`) that the dialect does not define, in MLIR's "
            "wording (`custom op 'arith.adi' is unknown`), with a note naming the nearest op."),
    CodeDoc("types.unknown-dsl-op", T, "An op name the CuTe DSL's dialects (`cute`, `cuda`, the "
            "`cute_nvgpu.arch` ops) are not known to print, with the nearest name it does print "
            "(warning: cute-ir knows these dialects by the names of its corpus of DSL dumps)."),
    CodeDoc("types.unregistered-dialect", T, "With `--no-allow-unregistered-dialect`: an op of a "
            "dialect cute-ir has no records for, in mlir-opt's wording. Off by default."),
    CodeDoc("types.parameters", T, "A type that takes no parameters is written with some."),
    CodeDoc("types.integer.width", T, "An atom integer type (`!cute_nvgpu.i<N>`) with a width "
            "outside what the dialect allows."),
    CodeDoc("types.integer.divby", T, "The `divby` of an atom integer type is not a positive "
            "32-bit divisor, or is given twice."),
    CodeDoc("types.integer.parameter", T, "An atom integer type has a parameter other than "
            "`<divby M>`."),
    CodeDoc("types.smem-desc-view.parameters", T, "`smem_desc_view` is not written "
            "`<source type, layout>`."),
    CodeDoc("types.element-type", T, "A parameter of a `!cute_nvgpu` type is spelt like a float "
            "type but is none of MLIR's (`f61`); the message names the nearest one."),
    CodeDoc("types.universal-copy.value-type", T, "A universal copy type does not start with "
            "its value type."),
    CodeDoc("types.universal-copy.unit", T, "A universal copy width is written with a unit other "
            "than `b` (bits)."),
    CodeDoc("types.universal-copy.width", T, "A universal copy width that is not a power of two."),
    CodeDoc("types.universal-copy.mem-order", T, "An unknown memory order in a universal copy "
            "type."),
    CodeDoc("types.universal-copy.mem-scope", T, "An unknown memory scope in a universal copy "
            "type."),
    CodeDoc("types.universal-copy.space", T, "A universal copy's `src_space` / `dst_space` names no "
            "memory space."),
    CodeDoc("types.universal-copy.setting", T, "A CuTe DSL SIMT copy (`atom.g2r`, `r2g`, `s2r`, "
            "`r2s`) gives a cache or memory setting a value its enum does not have."),
    CodeDoc("types.universal-copy.parameter", T, "A universal copy type has a parameter it does "
            "not take."),
    CodeDoc("verify.copy.memory-order", V, "A CuTe DSL copy (`atom.g2r`, `atom.r2g`, `atom.s2r`, "
            "`atom.r2s`) asks for a memory order its load or store does not have (a load has no "
            "release order, a store no acquire one, neither acq_rel or sc; `.mmio` is one scalar), "
            "or a generic `atom.universal_copy` for one neither its load nor its store has (`sc`), "
            "or `.mmio` wider than one scalar."),
    CodeDoc("verify.copy.modifiers", V, "A CuTe DSL copy (`atom.g2r`, `atom.r2g`, `atom.s2r`, "
            "`atom.r2s`) asks for two modifiers its one load or store does not take together (a "
            "cache operator and an L1 eviction priority or a memory order, `.volatile` or `.mmio` "
            "and an L1 eviction priority, a memory order and `.nc`, ...; ptxas rejects the pair)."),
    CodeDoc("verify.copy.access-width", V, "A CuTe DSL copy of shared memory (`atom.s2r`, "
            "`atom.r2s`) moves more bits at once than one shared-memory access can (128)."),
    CodeDoc("verify.target", V, "The atom needs a newer (or a different arch-specific) target "
            "than the one checked against."),
    CodeDoc("verify.target-conflict", V, "The file declares no target and its atoms need targets "
            "no single one has (WGMMA runs on sm_90a only, tcgen05 on the sm_100/sm_110 families): "
            "one error at the second atom, with a note at the first, instead of a target error at "
            "every atom. Declare the target (`#nvvm.target`) or choose one (`--arch`, "
            "`cute-ir.targetArch`)."),
    CodeDoc("verify.make.result", V, "An atom-building op without a result and its atom type."),
    CodeDoc("verify.copy.operands", V, "`cute_nvgpu.copy` without an atom, a source and a "
            "destination."),
    CodeDoc("verify.copy.atom-type", V, "The atom type written on a copy differs from the type of "
            "the atom value it applies."),
    CodeDoc("verify.copy.source-residency", V, "The copy's source is not in the memory the atom "
            "reads from."),
    CodeDoc("verify.copy.destination-residency", V, "The copy's destination is not in the memory "
            "the atom writes to."),
    CodeDoc("verify.copy.element-type", V, "A copy operand's element type does not match the "
            "atom's value type."),
    CodeDoc("verify.copy.element-width", V, "The atom moves elements of other widths than its "
            "value type has."),
    CodeDoc("verify.copy.conflicting-setting", V, "The same setting is given two different values "
            "(attribute and type parameter, or twice)."),
    CodeDoc("verify.copy.cache-policy", V, "A `cp.async` cache policy the atom does not offer."),
    CodeDoc("ssa.undeclared-value", V, "A value is used that nothing visible defines (MLIR's wording)."),
    CodeDoc("ssa.redefinition", V, "An SSA name is defined a second time in the same scope; a note "
            "points at the first definition."),
    CodeDoc("ssa.invalid-result-number", V, "`%x#N` names a result past the results of `%x`."),
    CodeDoc("ssa.undefined-block", V, "A branch names a block label its region does not define."),
    CodeDoc("ssa.block-redefinition", V, "A block label is defined twice in one region."),
    CodeDoc("ssa.undefined-alias", V, "A `!name` / `#name` alias that no statement before the use "
            "defines, or an op's trailing `loc(#name)` that no statement defines (MLIR's wording); a "
            "name inside another location (`fused[#a]`, `callsite(#a at #b)`) or inside an alias's "
            "value, which MLIR resolves where it stands, only its first in a statement."),
    CodeDoc("ssa.alias-not-location", V, "An op's or argument's trailing `loc(#name)` naming an "
            "attribute alias, which is no location, wherever it is defined; or such an alias, defined "
            "before, where a location belongs inside another (`fused[#a]`) (MLIR's wording)."),
    CodeDoc("ssa.aliased-attribute-value", V, "An integer literal typed through a type alias "
            "(`arith.constant 1 : !t`, `{a = 300 : !t}`) whose value the aliased type cannot hold, as "
            "`syntax.attribute-value` judges the same text with the type written out (MLIR's wording)."),
    CodeDoc("ssa.alias-redefinition", V, "An alias a statement before already defines (MLIR keeps "
            "the first)."),
    CodeDoc("ssa.result-count", V, "An op binds more or fewer result names than it defines."),
    CodeDoc("ssa.named-no-results", V, "Result names given to an op that defines no results."),
    CodeDoc("ssa.operand-type-count", V, "A generic-form op's function type lists another number of "
            "operand types than it has operands."),
    CodeDoc("ssa.does-not-dominate", V, "An operand whose definition does not dominate the op "
            "using it (not checked in graph regions such as a module body)."),
    CodeDoc("ssa.unlinked-operand", V, "An operand an op's header names before its regions, "
            "defined only inside them, where the op's own parser resolves it before reading them: the "
            "definition takes the name, and the op's operand is left unlinked (MLIR's wording, at the op)."),
    CodeDoc("ssa.type-mismatch", V, "A use states another type for a value than its definition (or "
            "than the forward reference that first used it) does; a note points at the other (MLIR's "
            "wording). Compared where the text states both types: generic forms, block and function "
            "arguments, and custom forms whose op record says where their types stand."),
    CodeDoc("verify.op", V, "An op of an upstream MLIR dialect against its definition (generated "
            "from MLIR's ODS): the generic form's operand, result, region and successor counts, the "
            "type constraints of operands and results, the structural traits (terminator last in its "
            "block, the parent ops it must sit in, types that must match) and the op's own checks, in "
            "MLIR's wording (`'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'`)."),
    CodeDoc("ssa.outside-isolated-region", V, "A value defined outside an op that is isolated from "
            "above (`func.func`, `gpu.module`, ...) is used inside it."),
    CodeDoc("verify.tma.arch", V, "A TMA op on a target before sm_90."),
    CodeDoc("verify.tma.multicast-arch", V, "A multicast TMA load on a target where ptxas only "
            "warns about it (warning)."),
    CodeDoc("verify.tileas.required-attribute", V, "A TileAS async TMA op without the attribute its "
            "record requires (`copy_atom`), in the wording of the verifier MLIR's ODS generates."),
    CodeDoc("verify.tileas.dot-shape", V, "`nv_tileas.dot` of tiles whose shapes do not multiply (M x K by K x N "
            "into M x N)."),
    CodeDoc("verify.tileas.dot-type", V, "`nv_tileas.dot` of tiles other than f16 or bf16 into an f32 accumulator."),
    CodeDoc("verify.tileas.tma-swizzle-mismatch", V, "An async TMA transfer whose `swizzle` is not its "
            "descriptor's (the builder's layout's): the kernel would address its tile in shared memory "
            "otherwise than the TMA unit lays it out."),
    CodeDoc("verify.tileas.enum", V, "A TileAS memory semantic, scope, read-modify-write mode or "
            "padding value that its enum lacks; the message lists the legal spellings."),
    CodeDoc("verify.tma.enum", V, "A TMA mode, reduce kind, cache mode or data format that its "
            "enum does not have; the message lists the legal spellings."),
    CodeDoc("verify.tma.descriptor-memory", V, "A TMA descriptor built from a tensor that is not in "
            "global memory."),
    CodeDoc("verify.tma.descriptor-rank", V, "A TMA descriptor whose rank is outside 1..5 (im2col: "
            "3..5). An im2col descriptor of a rank-1 or rank-2 tensor has a quick fix: a tiled "
            "descriptor, the one kind that takes that rank. Other ranks have none: which modes "
            "to merge or drop is the author's choice."),
    CodeDoc("verify.tma.descriptor-extents", V, "A TMA descriptor builder whose `shapes(...)` does not "
            "give one extent per dimension of its tensor, or whose `strides(...)` does not give one "
            "stride per dimension but the innermost (cuTensorMapEncodeTiled's globalDim and "
            "globalStrides). An empty list leaves them to the memref type."),
    CodeDoc("verify.tma.descriptor-static", V, "A TMA descriptor whose box is not static."),
    CodeDoc("verify.tma.descriptor-element-width", V, "A TMA descriptor builder whose `elementBitWidth` "
            "is not the width of what it moves: its tensor's element type, or the `tma_internal_type` it "
            "moves instead."),
    CodeDoc("verify.tma.descriptor-limit", V, "A TMA descriptor past a hardware limit: box dimension "
            "over 256, inner box not a multiple of 16 bytes, global strides not multiples of 16 "
            "bytes or not below 2^40, element width without a TMA data type."),
    CodeDoc("verify.tma.descriptor-kind", V, "The descriptor's mode does not build the descriptor "
            "type its result names."),
    CodeDoc("verify.tma.exec-atom", V, "`make_exec_tma` applied to something other than a non-exec "
            "TMA atom."),
    CodeDoc("verify.tma.exec-atom-type", V, "`make_exec_tma` applied to an argument whose type is not "
            "an atom's (an integer, a layout, a descriptor)."),
    CodeDoc("verify.tma.mbarrier-memory", V, "The mbarrier of `make_exec_tma` is not in shared memory."),
    CodeDoc("verify.tma.exec-cta-count", V, "The CuTe DSL's `make_exec_tma` returns an executable TMA load "
            "for other CTAs than its non-exec atom's kind loads for: a one-CTA kind (`sm_90`, "
            "`sm_90_multicast`) with `num_cta = 2`, or a CTA pair's (`sm_100_2sm`, "
            "`sm_100_2sm_multicast`) without it."),
    CodeDoc("verify.tma.smem-operand", V, "The shared-memory tile of a TMA load, store or reduce is "
            "not in shared memory."),
    CodeDoc("verify.tma.coord-rank", V, "A TMA transfer's coordinate rank differs from its "
            "descriptor's rank."),
    CodeDoc("verify.tma.coord-rank-im2col", V, "A TMA load through an im2col descriptor has a coordinate "
            "other than the tensor's coordinates followed by its rank - 2 im2col offsets (PTX's `.im2col` "
            "operands; docs/spec-deviations.md, A25)."),
    CodeDoc("verify.tma.reduce-kind", V, "A TMA reduce atom's kind is not one its element type has "
            "(the PTX ISA's table for cp.reduce.async.bulk.tensor; docs/spec-deviations.md, A21). "
            "When one kind is left, a quick fix writes it."),
    CodeDoc("verify.tma.reduce-type", V, "A TMA reduce atom's elements cannot be reduced at all "
            "(8-bit, tf32 and f64 elements, for example)."),
    CodeDoc("lower.not-lowered", L, "The lowering pipeline left an op that applies an atom in place: "
            "a warning when the PTX preview has no kernel for its atom (the reason is the preview's), "
            "information when the file does not build the atom at all (a kernel argument)."),
    CodeDoc("lower.stopped", L, "The lowering pipeline left an op that applies an atom in place "
            "because of an error reported on it or its atom already (`cute-ir lower` shows it; the "
            "editor does not repeat it)."),
    CodeDoc("lower.not-tma", L, "A remark: a TileAS load, store or atomic with `allow_tma = true` "
            "cannot use TMA (assign-load-store-layouts says which rule stops it): a load or store "
            "gets a non-TMA copy atom, an atomic none (it stays a `tiled_atomic_rmw`)."),
    CodeDoc("lower.tma-reduction", L, "A TileAS atomic names the `tma_redg` copy atom but its "
            "pre-image is used: a TMA reduction returns nothing, so lower-tma-load-store-to-async "
            "leaves it."),
    CodeDoc("lower.tma-target", L, "A TileAS load, store or atomic names a TMA copy atom the "
            "target cannot run (no TMA before sm_90; gathered or scattered rows need gather4 / "
            "scatter4): lower-tma-load-store-to-async leaves it."),
    CodeDoc("lower.tmem-target", L, "An `nv_tileas.copy` crosses the tensor-memory boundary on a target "
            "without tensor memory (`tcgen05` runs on sm_100a and its family and on sm_110a; not on sm_90a or "
            "sm_120a): tileas-legalize-tmem-copy leaves it, and no instruction can move it."),
    CodeDoc("lower.register-tile", L, "A TileAS load or store that does not move by TMA moves its tile "
            "through registers (or `cp.async`) a chunk of 16, 8 or 4 bytes a thread at a time, and this one "
            "cannot: its tile does not split so (rows not whole chunks, or not spread evenly over the kernel's "
            "threads; a store's tile a TMA load left in shared memory is read back so, and so is such a tile a "
            "loop carries or yields, or that a TMA store takes laid out in other boxes or another swizzle than its "
            "own, or that float arithmetic reads with another such tile), its tile is not static and of rank 1 "
            "or 2, its view is not of rank 1 or 2 or its innermost stride is dynamic, it moves gathered rows, its "
            "8-bit elements may lie out of bounds, or its view does not let a chunk move whole (consecutive "
            "elements at a multiple of its bytes) where it must (`cp.async`, 8-bit elements; a dynamic outer "
            "stride or offset, which the kernel tests when it runs, moving each element alone where the test "
            "fails, is refused to 8-bit elements only); or float arithmetic (any op the register path computes "
            "element by element: `addf`, `divf`, `remf`, `negf`, `math.fma`, `math.exp`, ...) of tiles in "
            "registers placed otherwise over the threads (an mma.sync product and a tile `ld.global` brought), "
            "or of tiles of another element type than f32, f16 and bf16; an `arith.extf` of a tile other than f16 / bf16 "
            "to f32 or f32 to f64, which the register path does not widen; an `arith.truncf` of a tile other than f32 "
            "to f16 / bf16 (of an f64 tile), which it does not narrow; an `nv_tileas.dot` mma.sync cannot compute (its "
            "accumulator in the chunks or in shared memory, not splitting into 16-row blocks for each warp, or "
            "operands other than f16 / bf16 of whole 16-element K steps); a splat constant too small for a chunk a "
            "thread; an `arith.truncf` of an f32 tile of one element a chunk; an atomic TMA does not reduce whose "
            "mode and element type no per-thread `red` / `atom` has (`tables/atomics.py`: no `max` of f32, a 16-bit "
            "float `min` / `max` only two elements at once, in bounds). The PTX of its kernel cannot be emitted."),
    CodeDoc("lower.float-op", L, "A float op in a TileAS kernel has no PTX as written: `math.exp` or "
            "`math.exp2` of an f64 scalar (PTX's `ex2` is f32 only), a float op of a scalar type other than "
            "f16, bf16, f32 and f64, an `arith.truncf` (of a scalar or a tile) rounding `to_nearest_away` "
            "(`cvt` rounds ties away from zero only into tf32), a `cvt` of bf16 the target lacks (with f32, "
            "either way and in any rounding, before sm_80; with f16 or f64 before sm_90): an `arith.extf` / "
            "`truncf` from or to bf16, a float op or `arith.cmpf` of bf16 computed in f32 "
            "(`tables/legality.bf16_conversion_problem`), an `arith.maximumf` / `minimumf` of tiles before "
            "sm_80 (`max.NaN.f32`, ...: `NAN_TIER`), or an `arith.addf` / `subf` / `mulf` of bf16 tiles "
            "before sm_90 (`add.rn.bf16x2`, ...: `tile_arithmetic_problem`). `check` reports it in every TileAS kernel (a "
            "function with an `nv_tileas.kernel_spec`, which `--emit ptx` writes whatever ops it holds), "
            "and nowhere else; `--emit ptx` refuses the kernel in the same words."),
    CodeDoc("lower.pass-anchor", L, "A pass in a pipeline runs on another kind of op than the "
            "pipeline applies it to."),
    CodeDoc("lower.pass-failed", L, "A pass failed on this op through an internal error; the other "
            "ops and functions were still processed."),
    CodeDoc("verify.copy.cache-width", V, "The cache policy does not allow the copy's width "
            "(`cp.async.cg` copies 16 bytes only)."),
    CodeDoc("verify.copy.width-value", V, "A copy width that is not an integer."),
    CodeDoc("verify.copy.width-element", V, "The copy width is not a whole number of elements."),
    CodeDoc("verify.copy.matrix-shape", V, "An `ldmatrix` / `stmatrix` matrix shape the "
            "instruction does not have."),
    CodeDoc("verify.copy.num-matrices", V, "An `ldmatrix` / `stmatrix` matrix count the matrix "
            "shape does not take (x1, x2 or x4 of `.m8n8`; x1 or x2 of `.m16n16`, ...), also where "
            "the DSL's 16x8 stmatrix of values wider than a byte would need more than x4."),
    CodeDoc("verify.copy.matrix-format", V, "An `ldmatrix` / `stmatrix` element format "
            "(`sz_pattern`) the matrix shape does not take."),
    CodeDoc("verify.copy.transpose", V, "`transpose` is neither true nor false, or contradicts "
            "the matrix shape (`.m16n16` and `.m16n8` always transpose, `.m8n16` never)."),
    CodeDoc("verify.copy.tmem-shape", V, "A tensor-memory copy shape (lanes x bits) the "
            "`tcgen05.ld` / `tcgen05.st` family lacks."),
    CodeDoc("verify.copy.tmem-repeat", V, "A tensor-memory copy repetition count the shape does "
            "not offer."),
    CodeDoc("verify.mma.operands", V, "`cute_nvgpu.mma` without an atom and its operands."),
    CodeDoc("verify.mma.operand-count", V, "`cute_nvgpu.mma` with more or fewer operands than "
            "its atom takes."),
    CodeDoc("verify.mma.not-an-mma-atom", V, "`cute_nvgpu.mma` applies an atom that implements "
            "no MMA interface."),
    CodeDoc("verify.mma.lattice-shape", V, "An MMA shape (M x N x K) the instruction does not "
            "have for these element types; the message lists the legal ones."),
    CodeDoc("verify.mma.lattice-types", V, "Element types the MMA instruction has no tile for."),
    CodeDoc("verify.mma.wgmma.no-int4", V, "`sm90.mma` with 4-bit integer inputs, which WGMMA "
            "does not offer."),
    CodeDoc("verify.mma.wgmma.frag-kind", V, "Operand A is not where `frag_kind` says (ss: "
            "shared memory, rs: registers)."),
    CodeDoc("verify.mma.expects-operand-c-residency", V, "Operand C does not live where D "
            "does."),
    CodeDoc("verify.mma.fragment-size", V, "A register operand holds a different number of "
            "elements per thread than the MMA needs."),
    CodeDoc("verify.mma.sparse-metadata", V, "The sparse metadata operand E is not in tensor "
            "memory."),
    CodeDoc("verify.mma.scale-factor-residency", V, "Block-scaled MMA scale factors are not "
            "where the instruction reads them."),
    CodeDoc("verify.mma.block-scaled.vec-size", V, "A block-scaling vector size the instruction "
            "does not offer for this K."),
    CodeDoc("verify.mma.block-scaled.scale-type", V, "`sf_type` is not a scale-factor type "
            "(ue8m0 or ue4m3)."),
    CodeDoc("verify.layout.rank-a-b", V, "Operand A or B of a tiled builder has a rank other "
            "than 1, 2 or 3."),
    CodeDoc("lower.target", L, "The atom has no PTX on the previewed target (it has on others)."),
    CodeDoc("lower.unsupported", L, "The PTX preview cannot lower this atom configuration."),
    CodeDoc("lower.emit", L, "The PTX emitter failed for this atom, or the function writer writes no PTX "
            "of a function meant for PTX that holds inline assembly (`llvm.inline_asm`) after the lowering "
            "pipeline, the text's own or what the pipeline made of its atoms, which `cute-ir lower --emit ptx` "
            "writes: reported at the op it stopped at, in `--emit ptx`'s words, where nothing else `check` "
            "reports stops the function's lowering. Meant for PTX: "
            "a function marked a kernel (`nvvm.kernel`, `gpu.kernel`) or given a kernel's launch (`nvvm.reqntid`, "
            "`nvvm.maxntid`, `nvvm.minctasm`, `nvvm.maxnreg`, `nvvm.cluster_dim`, `nvvm.cluster_max_blocks`, "
            "`nvvm.blocksareclusters`), or one in a `gpu.module` (where CuTe DSL puts its kernels), or in a module "
            "whose header declares an NVVM target (`#nvvm.target<...>`) or an NVPTX triple (`llvm.target_triple = "
            "\"nvptx64-nvidia-cuda\"`). Inline assembly alone does not say so (MLIR's LLVM dialect writes it for "
            "any target): `--emit ptx` alone refuses such a function."),
    CodeDoc("ptxas.error", P, "ptxas rejected the PTX lowered from this op."),
    CodeDoc("ptxas.warning", P, "ptxas warned about the PTX lowered from this op."),
    CodeDoc("ptxas.information", P, "ptxas said something about the PTX lowered from this op."),
    CodeDoc("ptxas.not-found", P, "The ptxas executable to assemble with was not found."),
)

del S, T, V, L, P


_CATALOGUE_SUMMARY = {
    "template": "The spec's message, with `{0}`, `{1}` ... standing for the values filled in.",
    "prefix": "The spec's message; the printed values it reports follow the text.",
    "exact": "The spec's message, word for word.",
}


def _from_catalogue() -> tuple[CodeDoc, ...]:
    return tuple(CodeDoc(m.code, m.source, _CATALOGUE_SUMMARY[m.kind], message=m.template,
                         spec_page=m.page) for m in CATALOGUE.values())


CODES: dict[str, CodeDoc] = {}
for _doc in _OWN + _from_catalogue():
    if _doc.code in CODES:
        raise ValueError(f"diagnostic code {_doc.code} listed twice")
    CODES[_doc.code] = _doc
del _doc


def describe(code: str) -> CodeDoc | None:
    return CODES.get(code)
