"""An atom's own kernel in the PTX preview, from the lowering: a function that applies the atom.

For an op that builds an atom the preview shows no function kernel of (an atom built and never
applied, one the CuTe DSL applies with `cute.copy` / `cute.gemm`, which the lowering leaves as
written), `atom_kernel` writes the smallest function that applies it, as `cute_nvgpu.copy` or
`cute_nvgpu.mma` does:

    func.func @<kernel>(%src: memref<...>, %dst: memref<...>) {
      %atom = <the op as the document writes it>
      cute_nvgpu.copy %atom, %src, %dst : (...)
      return
    }

    func.func @<kernel>(%d: memref<...>, %a: ..., %b: ... [, %e | %sfa, %sfb]) {
      %atom = <the op as the document writes it>
      cute_nvgpu.mma %atom, %d, %a, %b, %d [, ...] : (...)
      return
    }

A copy's sides are the atom's (`_SIDES`: an address in global, shared or tensor memory, a
shared-memory descriptor, or the registers of a fragment): universal copies (`.mmio` too), cp.async,
ldmatrix / stmatrix of every matrix shape and format (`.b16`, and the `.b8` / `.b8x16.*` forms of
sm_100 and sm_120), tcgen05.ld / tcgen05.st (launched as one warp, `_TMEM_COPIES`), and tcgen05.cp. An MMA's
operands are its fragments (`_mma_operands`): D (which is C too: the atom accumulates in place,
as a main loop does), A and B of the per-thread element counts the tables give, a sparse
atom's metadata word, a block-scaled atom's scale-factor words; for wgmma, A and B as
shared-memory matrix descriptors (A in registers when the atom says so). That covers the
universal FMA (one element each), the register MMAs (SM80 / SM89 `mma.sync`, sparse `mma.sp`,
SM120's block-scaled `mma.sync`),
SM90's wgmma, and SM100's tcgen05.mma (`_umma_operands`: D, a sparse atom's metadata and a
block-scaled atom's scale factors in tensor memory, A a descriptor or a tile in tensor memory, B a
descriptor). A tcgen05.mma or tcgen05.cp, of one CTA or a CTA pair, runs in tensor memory its
function allocates and commits its work, as CUTLASS's SM100 kernels do, in an order right for a
CTA of any number of warps, launched as one warpgroup (`.reqntid 128, 1, 1`) and a pair's in
clusters of the pair (`.explicitcluster`, `.reqnctapercluster 2, 1, 1`) (`_allocating_function`,
one path for both CTA groups: `nvvm.tcgen05.alloc` by
warp 0 alone, the mbarrier initialised for one arrival by thread 0 alone, the CTA's barrier (a
pair's cluster barrier), the operands in tensor memory at their columns of the allocation, the
atom and `nvvm.tcgen05.commit` to that mbarrier by one thread (of a pair, in its even CTA alone),
a pair's to both CTAs' unless the document's own commit arrives at one, every thread's wait for
the commit's phase (`nvvm.mbarrier.try_wait.parity`) before anything touches the memory the work
uses, the CTA's barrier, `nvvm.tcgen05.dealloc` by warp 0 alone).

`atom_kernel` runs the editor's default pipeline on that function (`convert-cute-nvgpu-to-ptx`
among it, analysis/pipeline.py's `lowered_unit`) and writes the function the pipeline left with
the function writer (emit/lowered_kernel.py), as the preview writes a function of the document.
The atom is the document's only where the function's own atom sites have the very
configuration the document's op has (the op that applies it: with the A it is given), so an op
whose text reads differently alone, through an alias of the document, gets no kernel from its
text. For an MMA, universal copy, cp.async, ldmatrix / stmatrix or tcgen05 copy atom the preview then asks
again with an op that
builds the atom from its configuration (`builder_text`: `cute_nvgpu.make_mma_atom {shape_MNK = ...,
a_type = ...} : !cute_nvgpu.<atom>`; a universal copy's type with its memory order, or the DSL's
g2r / s2r / r2g / r2s with the options its qualifiers say, of the widest element type its width
holds whole, as the configuration names none; an ldmatrix / stmatrix's `ldsm` / `stsm` type with its
matrix mode, pattern, count and transposition; a tcgen05 copy's in the DSL's spelling), and does so
for an op that applies such an atom in a function the writer does not write, or a builder with
operands, too. A TMA load, store or reduction is written from its configuration alone
(`config_kernel`, `_tma_function`): the chain of the page's worked example (a descriptor of a
global tensor of its rank, the non-exec atom over a swizzled shared-memory tile, `make_exec_tma`
binding its mbarrier and cache mode, the transfer at a coordinate; a multicast or CTA pair's load
launched in the cluster its CTA mask names, `_tma_cluster`), whose sites must be the
configuration as far as the instruction reads it (`_instruction`). Where none of these gives the
very atom, and for an atom of another family, there is none, and the preview keeps the kernel
`emit/ptx.py` builds from the configuration (an atom that has no other, `emit.ptx.hand_built`
False, gets a note).
"""
from __future__ import annotations

import itertools
import math
import re
from dataclasses import replace
from functools import lru_cache

from ..analysis.document import DocumentAnalysis, Settings
from ..diagnostics import Severity
from ..emit.lowered_kernel import LoweredKernel
from ..tables.op_names import INLINE_ASM
from ..emit.builder import SUSPEND_TIME_HINT
from ..emit.ptx import ATOM_LINE_MARK
from ..dialects.cute_nvgpu.atoms import PTX_TYPE, SCALE_TYPE
from ..dialects.cute_nvgpu.enums import CP_ASYNC_CACHE
from ..ir.shaped import element_bits
from ..tables import atoms as A
from ..tables import tensormap
from ..tables import tiers as T
from ..tables.legality import AtomConfig, a_residency, legality
from ..verify.atom_config import S2T_DSL_SHAPES
from ..verify.atom_sites import document_sites
from ..verify.tma import MIN_MULTICAST_BYTES

__all__ = ["application", "atom_kernel", "builder_text", "clear_cache", "config_kernel"]

# An op that builds an atom from nothing of the document: its result, then no SSA value.
_BUILDER = re.compile(r"^\s*(%[\w$.-]+)\s*=\s*([^%]*)$", re.S)
# The atom's type at the end of the op (`: !t`, `-> !t`), written out (no alias).
_ATOM_TYPE = re.compile(r"(?::|->)\s*(!cute_nvgpu\.[^\n]*?)\s*$", re.S)

# The atom's element type: its `val_type` (the op's attribute or the type's parameter), else
# its type's first parameter.
_VAL_TYPE = re.compile(r"\bval_type\s*=\s*([a-zA-Z]\w*)")
_ELEMENT = re.compile(r"^!cute_nvgpu\.[\w.]+<\s*([a-zA-Z]\w*)\b")

# What an inline assembly puts around its instructions (not marked as the atom's).
_SCAFFOLDING = ("{", "}", ".reg")

_GLOBAL, _SHARED = ", 1", ", 3"
_TMEM = 6       # tensor memory's memory space


def _space(qualifiers: str) -> str:
    return _SHARED if ".shared" in qualifiers else _GLOBAL


def _elements(element: str, bits: int) -> str | None:
    """`N x element` of `bits` bits, or None when they do not divide."""
    width = element_bits(element)
    return f"{bits // width}x{element}" if width and bits % width == 0 and bits >= width else None


def _universal_sides(config: AtomConfig, element: str, row: A.CopyShapeRow) -> tuple[str, str] | None:
    """(source, destination) of a universal copy: memory on each side it addresses, a register
    fragment of the copy's width on the side it does not."""
    shape = _elements(element, config.copy_bits or 0)
    if shape is None:
        return None
    src, dst, fragment = f"memref<{shape}{_space(config.load)}>", f"memref<{shape}{_space(config.store)}>", f"memref<{shape}>"
    return {"ld": (src, fragment), "st": (fragment, dst)}.get(config.atom_side, (src, dst))


def _async_sides(config: AtomConfig, element: str, row: A.CopyShapeRow) -> tuple[str, str] | None:
    shape = _elements(element, 8 * (config.copy_bytes or 0))
    return None if shape is None else (f"memref<{shape}{_GLOBAL}>", f"memref<{shape}{_SHARED}>")


# The threads of a warp, which an ldmatrix / stmatrix moves the matrices between.
_WARP = 32


def _matrix_sides(config: AtomConfig, element: str, row: A.CopyShapeRow) -> tuple[str, str] | None:
    """ldmatrix / stmatrix: a fragment of the instruction's 32-bit registers (its row's count:
    one a `.m8n8` or `.m8n16` matrix, two an `.m16n16`), and the tile in shared memory the
    warp's fragments make."""
    registers = _elements(element, 32 * (row.regs or 0))
    tile = _elements(element, 32 * _WARP * (row.regs or 0))
    if registers is None or tile is None:
        return None
    fragment, tile = f"memref<{registers}>", f"memref<{tile}{_SHARED}>"
    return (tile, fragment) if config.mnemonic == "atom.ldsm" else (fragment, tile)


# The tensor memory a tcgen05 copy's side addresses: every lane, every column (its 32-bit
# address is the tile's start; the instruction's shape says how much it moves).
_TMEM_LANES, _TMEM_COLUMNS = 128, 512


def _tmem_sides(config: AtomConfig, element: str, row: A.CopyShapeRow) -> tuple[str, str] | None:
    """tcgen05.ld / tcgen05.st: a tile in tensor memory, and the fragment of the instruction's
    32-bit registers (its row's count, times the repetition) of the atom's element type."""
    fragment = _elements(element, 32 * (row.regs or 0) * (config.repeat or 0))
    if fragment is None:
        return None
    tile, fragment = f"memref<{_TMEM_LANES}x{_TMEM_COLUMNS}x{element}, {_TMEM}>", f"memref<{fragment}>"
    return (tile, fragment) if config.mnemonic == "atom.tmem_load" else (fragment, tile)


# The shared-memory tile a tcgen05.cp's descriptor describes, and the tensor memory it lands in.
_S2T_TILE = (128, 32)


def _s2t_sides(config: AtomConfig, element: str, row: A.CopyShapeRow) -> tuple[str, str] | None:
    """tcgen05.cp: a shared-memory matrix descriptor (its 64 bits) to a tile in tensor memory."""
    rows, columns = _S2T_TILE
    return _descriptor_view(rows, columns, "columns", element), f"memref<{rows}x{columns}x{element}, {_TMEM}>"


# The copy families written so: mnemonic -> (source type, destination type) of the config, the
# atom's element type and the row the configuration lowers to, or None.
_SIDES = {"atom.universal_copy": _universal_sides, "atom.simt_async_copy": _async_sides,
          "atom.ldsm": _matrix_sides, "atom.stsm": _matrix_sides, "atom.tmem_load": _tmem_sides,
          "atom.tmem_store": _tmem_sides, "atom.s2t_copy": _s2t_sides}


# MLIR's spelling of each PTX element type the tables speak (the first MLIR type a PTX name
# comes from: `e4m3` is `f8E4M3FN`, `s8` is `i8`), and of each scale-factor type.
_MLIR_TYPE = {ptx: mlir for mlir, ptx in reversed(PTX_TYPE.items())}
_MLIR_SCALE = {ptx: mlir for mlir, ptx in reversed(SCALE_TYPE.items())}

# The MMA instructions the lowering binds to a function's operands and the function writer
# writes: the register forms (D, A, B, C fragments; a sparse one's metadata word, a
# block-scaled one's scale-factor words) and wgmma (D in registers, A in registers or a
# shared-memory descriptor, B a descriptor); tcgen05.mma's are `_umma_operands`.
_REGISTER_MMA = ("fma", "mma.sync", "mma.sp", "mma.sync.block_scale")
_WGMMA = "wgmma"


def _descriptor_view(rows: int, columns: int, major: str, element: str) -> str:
    """A shared-memory matrix descriptor over a `rows` x `columns` tile whose `major` side
    ("rows" or "columns") is contiguous."""
    stride = f"(1, {rows})" if major == "rows" else f"({columns}, 1)"
    return (f"!cute_nvgpu.smem_desc_view<memref<{rows * columns}x{element}, 3>, "
            f"#cute.layout<({rows}, {columns}):{stride}>>")


def _row(config: AtomConfig, target: str) -> A.MmaShapeRow | A.CopyShapeRow | None:
    """The table row `config` lowers to on `target` (the one legality rule's), or None."""
    t = T.parse_target(target)
    row = legality(config, t) if t is not None else None
    return None if row is None or isinstance(row, str) else row


def _mma_operands(config: AtomConfig, target: str) -> tuple[list[tuple[str, str]], str] | None:
    """(name, type) of each operand of the `cute_nvgpu.mma` that applies an MMA atom of
    `config` (D, A, B and the extras; C is D: the atom accumulates in place, as a main loop
    does), and where its A comes from; None for an atom of another family or target, or of an
    element or scale-factor type MLIR has no name for here."""
    row = _row(config, target)
    if not isinstance(row, A.MmaShapeRow):
        return None
    write = (_umma_operands if row.instruction.startswith(_TCGEN05) else
             _fragment_operands if row.instruction in _REGISTER_MMA + (_WGMMA,) else None)
    elements = [_MLIR_TYPE.get(name) for name in (config.a_type, config.b_type, config.c_type)]
    scale = _MLIR_SCALE.get(config.sf_type or "") if row.block_scale else ""
    if write is None or None in elements or scale is None:
        return None
    source = a_residency(config, row)
    operands = write(config, row, source, *elements, scale)
    return (operands, source.value) if operands is not None else None


def _fragment_operands(config: AtomConfig, row: A.MmaShapeRow, source: A.Residency, a: str, b: str, c: str,
                       scale: str) -> list[tuple[str, str]]:
    """`_mma_operands` of a universal FMA, register MMA or wgmma atom: fragments of the per-thread
    element counts the tables give, wgmma's A (unless in registers) and B shared-memory descriptors."""
    m, n, k = config.shape
    counts = A.fragment_counts(row, config.shape, source)
    operands = [("d", f"memref<{counts['C']}x{c}>")]
    if source is A.Residency.RMEM:
        operands.append(("a", f"memref<{counts['A']}x{a}>"))
    else:
        operands.append(("a", _descriptor_view(m, k, "columns", a)))
    if counts["B"] is not None:
        operands.append(("b", f"memref<{counts['B']}x{b}>"))
    else:
        # B as K x N, K contiguous (K-major: every element type's wgmma takes it so).
        operands.append(("b", _descriptor_view(k, n, "rows", b)))
    if row.sparse:
        operands.append(("e", "memref<1xi32>"))
    if row.block_scale:
        # A 32-bit register of scale factors each (the instruction's operand).
        operands += [("sfa", f"memref<4x{scale}>"), ("sfb", f"memref<4x{scale}>")]
    return operands


# tcgen05.mma: D (and C) in tensor memory (memory space 6), B a shared-memory matrix descriptor, A
# one too or a tile in tensor memory; a sparse atom's metadata and a block-scaled atom's scale
# factors in tensor memory (the operands the verifier requires, verify/mma.py).
_TCGEN05 = "tcgen05.mma"
# The scale-factor columns of each row of A (and of B's columns) a block-scaled atom reads.
_SCALE_COLUMNS = 4


def _umma_operands(config: AtomConfig, row: A.MmaShapeRow, source: A.Residency, a: str, b: str, c: str,
                   scale: str) -> list[tuple[str, str]] | None:
    """`_mma_operands` of a tcgen05.mma atom (those in tensor memory in the memory its function
    allocates, `_allocating_function`)."""
    m, n, k = config.shape
    # A sparse atom's A holds half of K (2:4 structured sparsity).
    a_k = k // 2 if row.sparse else k
    operands = [("d", f"memref<{m}x{n}x{c}, {_TMEM}>")]
    if source is A.Residency.TMEM:
        operands.append(("a", f"memref<{m}x{a_k}x{a}, {_TMEM}>"))
    else:
        operands.append(("a", _descriptor_view(m, a_k, "columns", a)))
    operands.append(("b", _descriptor_view(k, n, "rows", b)))
    if row.sparse:
        operands.append(("e", f"memref<{m}x{_SCALE_COLUMNS}xi32, {_TMEM}>"))
    if row.block_scale:
        operands += [("sfa", f"memref<{m}x{_SCALE_COLUMNS}x{scale}, {_TMEM}>"),
                     ("sfb", f"memref<{n}x{_SCALE_COLUMNS}x{scale}, {_TMEM}>")]
    return operands


# An MMA atom's attributes on the op that builds it (verify/atom_config.py reads them back).
_SM120_BLOCK_SCALED = "SM120.mma_bs"


# The DSL's spelling of a tcgen05 copy's shape (`N DP, W bit`; a tcgen05.cp's CTA count and
# replication after), as verify/atom_config.py reads it back, and the element type an atom built
# from its configuration moves (16-bit when it packs two in each 32-bit register).
_TMEM_SHAPE_WORDS = {shape: f"{lanes} DP, {bits} bit" for (lanes, bits), shape in A.TMEM_DSL_SHAPES.items()}
_S2T_SHAPE_WORDS = {shape: f"{lanes} DP, {bits} bit" + (f", {{cta}} cta, {replicas}" if replicas else ", {cta} cta")
                    for (lanes, bits, replicas), shape in S2T_DSL_SHAPES.items()}
_S2T_ELEMENT = "f8E4M3FN"


# The element type a universal copy built from its configuration moves: the widest of these that
# its width holds whole (the configuration says only the width).
_UNIVERSAL_ELEMENTS = ("f32", "f16", "i8")
# The DSL's SIMT copies by (instruction, whether its memory side is shared memory).
_SIMT_COPIES = {("ld", False): "g2r", ("ld", True): "s2r", ("st", False): "r2g", ("st", True): "r2s"}
_SCOPES = (A.DEFAULT_MEMORY_SCOPE, "cluster", "gpu", "sys")


def _universal_order(config: AtomConfig) -> tuple[str, str] | None:
    """(mem_order, mem_scope) whose qualifiers (tables/atoms.order_qualifiers) a universal copy of
    `config` writes: on its load and its store (a generic copy), or first on its memory side (a
    SIMT copy: the order that writes the most of them, `.relaxed.gpu` rather than the weak
    order's none); the default scope where the order takes none. None when no order does."""
    side = config.atom_side

    def writes(written: tuple[str, str]) -> bool:
        if not side:
            return (written[0] + ".global", written[1] + ".global") == (config.load, config.store)
        return _memory_side(config).startswith("".join(written) + ".")
    found = [(order, scope, "".join(written)) for order, scope in itertools.product(A.UNIVERSAL_ORDER_HALVES, _SCOPES)
             for written in [A.order_qualifiers(side, order, scope)] if written is not None and writes(written)]
    return max(found, key=lambda f: len(f[2]))[:2] if found else None


def _memory_side(config: AtomConfig) -> str:
    """The qualifiers of a SIMT copy's one instruction (its load's for g2r / s2r, else its store's)."""
    return config.load if config.atom_side == "ld" else config.store


# The DSL's options on each side's instruction (the others' qualifiers are not its).
_SIDE_OPTIONS = {"ld": ("load_cache_mode", "invariant", "l1_cache_evict_priority", "l2_prefetch_size"),
                 "st": ("store_cache_mode", "l1_cache_evict_priority")}


def _simt_options(side: str, qualifiers: str) -> list[str] | None:
    """The DSL's options (`key = value`) whose qualifiers (tables/atoms.COPY_QUALIFIERS, in its
    order) make `qualifiers`, what follows a SIMT copy's state space; None when they do not."""
    options = []
    for key, spellings in A.COPY_QUALIFIERS.items():
        if key not in _SIDE_OPTIONS[side]:
            continue
        for value, written in spellings.items():
            if written and qualifiers.startswith(written):
                options.append(f"{key} = {value}")
                qualifiers = qualifiers[len(written):]
                break
    return options if not qualifiers else None


def _universal_builder_text(config: AtomConfig) -> str | None:
    """An op that builds the universal copy atom of `config`: a generic copy's type with its memory
    order (`!cute_nvgpu.atom.universal_copy<f32, 128 b, mem_order=acquire, mem_scope=gpu>`), a
    SIMT copy's in the DSL's spelling (`!cute_nvgpu.atom.g2r<f32 copy_bits = 128 invariant = true>`)."""
    bits = config.copy_bits or 0
    element = next((e for e in _UNIVERSAL_ELEMENTS if _elements(e, bits) is not None), None)
    found = _universal_order(config)
    if element is None or found is None:
        return None
    order, scope = found
    # The default order and scope go unwritten (the generic copy's type takes neither spelled).
    said = [(key, value) for key, value, default in (("mem_order", order, "weak"),
                                                     ("mem_scope", scope, A.DEFAULT_MEMORY_SCOPE)) if value != default]
    if not config.atom_side:
        written = ", ".join([element, f"{bits} b", *(f"{key}={value}" for key, value in said)])
        return f"%atom = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<{written}>"
    rest = _memory_side(config)[len("".join(A.order_qualifiers(config.atom_side, order, scope))):]
    space = next((s for s in sorted(A.SHARED_SPACES.values(), key=len, reverse=True)
                  if rest == f".{s}"), None)
    options = ([] if space is not None else
               _simt_options(config.atom_side, rest[len(".global"):]) if rest.startswith(".global") else None)
    if options is None:
        return None
    if space == A.SHARED_SPACES["cluster"]:
        options.append("shared_space = cluster")
    name = _SIMT_COPIES[(config.atom_side, space is not None)]
    written = " ".join([f"{element} copy_bits = {bits}", *(f"{key} = {value}" for key, value in said), *options])
    return f"%atom = cute.make_atom() : () -> !cute_nvgpu.atom.{name}<{written}>"


# The CuTe DSL's name of each cp.async cache operator (`cache = always`: `.ca`, `global`: `.cg`),
# from the enum that reads both spellings back.
_CP_ASYNC_CACHE = {ptx: name for name, ptx in CP_ASYNC_CACHE.items() if name != ptx}


# The element type an ldmatrix / stmatrix atom built from its configuration moves: one of its
# format's unit (`.b16`: 16-bit, the `.b8` forms: bytes), so the DSL's matrices are the PTX's.
_MATRIX_ELEMENTS = {16: "f16", 8: "i8"}
# The DSL's `sz_pattern` of each PTX element format (tables/atoms.MATRIX_FORMATS read back).
_MATRIX_PATTERNS = {written: pattern for pattern, written in A.MATRIX_FORMATS.items()}


def _matrix_params(config: AtomConfig) -> str | None:
    """The DSL's parameters of an ldsm / stsm atom of `config` (`val_type = f16, mode = <"(8,8)">,
    sz_pattern = u16, num_matrices = 4, n`): the first matrix mode of its shape that takes its
    pattern (one DSL matrix a PTX one where a mode does so), its transposition as the trailing
    `t` / `n`; None when no mode writes it."""
    pattern = _MATRIX_PATTERNS.get(config.matrix_format or "")
    mode = next((m for m in sorted(A.MATRIX_MODES, key=lambda m: m.per_ptx_matrix)
                 if m.atom == config.mnemonic and m.shape == config.matrix and pattern in m.patterns), None)
    element = _MATRIX_ELEMENTS.get(A.MATRIX_UNIT_BITS.get(config.matrix_format or "", 0))
    if mode is None or element is None or config.num_matrices is None:
        return None
    return (f'val_type = {element}, mode = <"{mode.mode}">, sz_pattern = {pattern}, '
            f'num_matrices = {config.num_matrices * mode.per_ptx_matrix}, {"t" if config.transpose else "n"}')


def _copy_builder_text(config: AtomConfig) -> str | None:
    """An op that builds the universal, cp.async, ldmatrix / stmatrix or tcgen05 copy atom of `config`
    (`cute_nvgpu.make_copy_atom : !type`, the DSL's spelling; a cp.async's of the widest element
    type its width holds whole, as the configuration names none); None for another family."""
    if config.mnemonic == "atom.universal_copy":
        return _universal_builder_text(config)
    if config.mnemonic == "atom.simt_async_copy":
        bits = 8 * (config.copy_bytes or 0)
        element = next((e for e in _UNIVERSAL_ELEMENTS if _elements(e, bits) is not None), None)
        if element is None or (config.cache is not None and config.cache not in _CP_ASYNC_CACHE):
            return None
        # No cache operator written: the type's default, as the configuration leaves it.
        cache = f", cache = {_CP_ASYNC_CACHE[config.cache]}" if config.cache is not None else ""
        params = f"{element}{cache}, {bits} b"
    elif config.mnemonic in ("atom.tmem_load", "atom.tmem_store") and config.tmem_shape in _TMEM_SHAPE_WORDS:
        pack = {"atom.tmem_load": ", pack::16b", "atom.tmem_store": ", unpack::16b"}[config.mnemonic]
        params = (f"{'f16' if config.pack else 'f32'}, {_TMEM_SHAPE_WORDS[config.tmem_shape]}, x{config.repeat}"
                  f"{pack if config.pack else ''}")
    elif config.mnemonic == "atom.s2t_copy" and config.cp_shape in _S2T_SHAPE_WORDS:
        params = f"{_S2T_ELEMENT}, {_S2T_SHAPE_WORDS[config.cp_shape].format(cta=config.cta_group)}"
    elif config.mnemonic in ("atom.ldsm", "atom.stsm"):
        params = _matrix_params(config)
        if params is None:
            return None
    else:
        return None
    return f"%atom = cute_nvgpu.make_copy_atom : !cute_nvgpu.{config.mnemonic}<{params}>"


def builder_text(config: AtomConfig) -> str | None:
    """An op that builds the universal FMA, register, warpgroup or tcgen05 MMA atom of `config` from
    its attributes (`cute_nvgpu.make_mma_atom`, SM120's block-scaled `cute_nvgpu.make_sm120_mma_bs`),
    or its universal, cp.async, ldmatrix / stmatrix or tcgen05 copy atom (`_copy_builder_text`): for an atom
    the document does
    not build so alone (a type through an alias, a builder with operands,
    an op that applies it in a function the writer does not write). None for another family or a
    type MLIR has no name for here; whether it is the very atom `atom_kernel` checks."""
    if config.mnemonic is not None and config.mnemonic.startswith("atom.") and config.shape is None:
        return _copy_builder_text(config)
    if config.shape is None or config.mnemonic is None:
        return None
    types = [_MLIR_TYPE.get(t or "") for t in (config.a_type, config.b_type, config.c_type)]
    if None in types:
        return None
    attributes = [f"shape_MNK = [{', '.join(map(str, config.shape))}]"]
    op = "cute_nvgpu.make_mma_atom"
    scaled = config.block_scale is not None
    scale = _MLIR_SCALE.get(config.sf_type or "")
    if scaled and (scale is None or config.vec_size is None):
        return None
    if config.mnemonic == _SM120_BLOCK_SCALED:
        op = "cute_nvgpu.make_sm120_mma_bs"
        attributes.append(f"vec_size = {config.vec_size}")
    attributes += [f"{role}_type = {t}" for role, t in zip("abc", types)]
    if scaled and config.mnemonic != _SM120_BLOCK_SCALED:
        attributes.append(f"vec_size = {config.vec_size}")
    if scaled:
        attributes.append(f"sf_type = {scale}")
    if config.mnemonic.startswith("sm100."):
        attributes.append(f"cta_group = {config.cta_group}")
    if config.a_source is not None:
        attributes.append(f'a_source = "{config.a_source}"')
    if config.saturate:
        attributes.append("saturate = true")
    if config.sparse_selector:
        attributes.append(f"sparse_selector = {config.sparse_selector}")
    return f"%atom = {op} {{{', '.join(attributes)}}} : !cute_nvgpu.{config.mnemonic}"


# --------------------------------------------------------------------------------------------
# TMA transfers: the chain that builds, binds and applies one
# --------------------------------------------------------------------------------------------

_TMA_TRANSFERS = ("atom.tma_load", "atom.tma_store", "atom.tma_reduce")
# The cache mode `make_exec_tma` binds for each L2 policy (the first the table reads as it;
# `none`: no hint).
_TMA_CACHE_MODE = {policy: mode for mode, policy in reversed(A.TMA_CACHE_MODE_POLICY.items())}
# The elements a transfer moves: f16, or i32 for a reduction f16 does not take (`inc`, `and`, ...:
# the PTX ISA's table, tables/atoms.TMA_REDUCE_TYPES), wider for a rank-1 multicast load whose
# CTAs' shares one box of f16 cannot hold (`_tma_tile`); the swizzled shared-memory tile of each
# width (128-byte rows, `S<3,4,3>`) and of a rank-1 transfer (one unswizzled run of 256 bytes),
# which the partition verifies.
_TMA_ELEMENTS = {16: "f16", 32: "i32", 64: "i64"}
_TMA_TILES = {16: (64, 16), 32: (32, 8)}
_TMA_RUN_BYTES = 256
# The global tensor's extents past the tile's two (a rank-3 to rank-5 transfer).
_TMA_OUTER = 4
# The shared-memory buffer the transfer lands in or leaves from: 1024 elements, or the tile when larger.
_TMA_SMEM = 1024


def _tma_bits(config: AtomConfig) -> int:
    return 16 if config.reduce_op in (None, *A.tma_reductions("f16")) else 32


def _tma_tile(config: AtomConfig) -> tuple[int, list[int]]:
    """(element bits, extents) of the tile a transfer of `config` moves: large enough that each
    CTA of a multicast load receives its share of at least `MIN_MULTICAST_BYTES` (the verifier's
    rule), within the box's `MAX_BOX_DIM` elements per dimension (the driver's): 128-byte rows,
    one a CTA at least; a rank-1 run of the element width that keeps it in one box (f16 for up
    to 4 CTAs, i32 for 8, i64 for 16)."""
    bits, ctas = _tma_bits(config), _multicast_ctas(config) or 1
    if (config.tma_rank or 1) > 1:
        inner, outer = _TMA_TILES[bits]
        return bits, [inner, max(outer, -(-ctas * MIN_MULTICAST_BYTES // (inner * bits // 8)))]
    run = max(_TMA_RUN_BYTES, ctas * MIN_MULTICAST_BYTES)
    bits = next((b for b in sorted(_TMA_ELEMENTS) if b >= bits and run * 8 // b <= tensormap.MAX_BOX_DIM), bits)
    return bits, [run * 8 // bits]


def _tma_function(config: AtomConfig, name: str) -> str:
    """The function that builds a TMA transfer of `config` as the tma-atoms page's worked example
    does (`make_tiled_tma_desc` of a global tensor, the non-exec atom over a shared-memory tile,
    `make_exec_tma` binding its mbarrier and cache mode) and applies it to a tile at a coordinate:
    a load's mode, multicast and CTA pair on the non-exec atom (a multicast CTA pair's on the
    executable atom's type: `two_cta` takes one CTA's tile), an im2col transfer through an
    im2col descriptor or store mode, a prefetched descriptor prefetched first."""
    rank, (bits, tile_extents) = config.tma_rank or 1, _tma_tile(config)
    element = _TMA_ELEMENTS[bits]
    load, im2col = config.mnemonic == "atom.tma_load", config.tma_mode != "tile"
    extents = tile_extents + [_TMA_OUTER] * (rank - 2)
    strides = [1]
    for extent in extents[:-1]:
        strides.append(strides[-1] * extent)
    layout = f'!cute.layout<"({",".join(map(str, extents))}):({",".join(map(str, strides))})">'
    if rank > 1:
        inner, outer = tile_extents
        tile = f'!cute.layout<"S<3,4,3> o 0 o ({inner},{outer}):({outer},1)">'
        cta_map = f'!cute.layout<"({inner},{outer}):(1,{inner})">'
    else:
        [run] = tile_extents
        tile, cta_map = f'!cute.layout<"S<0,4,3> o 0 o ({run}):(1)">', f'!cute.layout<"({run}):(1)">'
    smem = max(_TMA_SMEM, math.prod(tile_extents))
    coordinates = tensormap.transfer_coordinates(rank, im2col, load)
    coord = '!cute.coord<"(' + ",".join(["0"] * coordinates) + ')">'
    kind = config.mnemonic.split(".", 1)[1]
    # An im2col reduction's descriptor is an im2col one (its store mode is the store's alone).
    im2col_descriptor = im2col and config.mnemonic != "atom.tma_store"
    mode = ("#cute_nvgpu.tma_load_mode<im2col>" if im2col_descriptor else
            "#cute_nvgpu.tma_load_mode<tiled>" if load else
            f"#cute_nvgpu.tma_store_mode<{'reduce' if config.reduce_op else 'store'}>")
    descriptor = f"!cute_nvgpu.tma_descriptor_{'im2col' if im2col_descriptor else 'tiled'}"
    settings, exec_type = [], f"!cute_nvgpu.atom.{kind}"
    if load:
        if config.multicast:
            settings.append("load_mode = #cute_nvgpu.load_mode<w_multicast>")
            if config.cta_group == 2:
                exec_type += f"<{element}, num_cta = 2>"
        elif config.cta_group == 2:
            settings.append("load_mode = #cute_nvgpu.load_mode<two_cta>")
        settings.append(f"num_multicast = {_multicast_ctas(config) or 1}")
    elif im2col:
        settings.append("store_mode = #cute_nvgpu.store_mode<im2col>")
    if config.reduce_op:
        settings.append(f"reduce_kind = #cute_nvgpu.reduce_kind<{config.reduce_op}>")
    prefetch = "  cute_nvgpu.prefetch_tma_desc %desc\n" if config.tma_prefetch else ""
    cluster = _tma_cluster(config)
    launch = f" attributes {{nvvm.cluster_dim = array<i32: {cluster}, 1, 1>}}" if cluster is not None else ""
    return (f"func.func @{name}(%tensor: memref<{'?x' * rank}{element}, 1>, %layout: {layout}, %m: index, "
            f"%tile: {tile}, %cta_map: {cta_map}, %mbar: memref<1xi64, 3>, %smem: memref<{smem}x{element}, 3>, "
            f"%coord: {coord}){launch} {{\n"
            f"  %desc = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes({', '.join(['%m'] * rank)}) "
            f"strides({', '.join(['%m'] * (rank - 1))}) paddings() {{mode = {mode}, elementBitWidth = {bits}}} "
            f": {descriptor}\n{prefetch}"
            f"  %atom = cute_nvgpu.atom.non_exec_tiled_{kind} %desc, %tile, %cta_map {{{', '.join(settings)}}} "
            f": !cute_nvgpu.atom.non_exec_tiled_{kind}\n"
            f"  %exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar "
            f"{{cache_mode = #cute_nvgpu.load_cache_mode<{_TMA_CACHE_MODE[config.tma_cache_policy]}>}} : {exec_type}\n"
            f"  cute_nvgpu.atom.{kind} %exec, %smem, %coord\n  return\n}}\n")


def _tma_cluster(config: AtomConfig) -> int | None:
    """The CTAs of the cluster a TMA load of `config` is launched in, along x (its function's
    `nvvm.cluster_dim = array<i32: n, 1, 1>`: `.explicitcluster`, `.reqnctapercluster n, 1, 1`);
    None for a transfer of this CTA alone. A multicast load's CTA mask names cluster ranks 0 to
    n - 1 (emit/atom_instruction.multicast_mask), so the cluster is those n CTAs, as a CUTLASS
    SM90 multicast mask spans one mode of the kernel's cluster shape (`block_layout(m, n)` over
    `ClusterShape`); a CTA pair's load (`.cta_group::2`) signals the mbarrier of the pair's
    CTAs too (ranks differing in bit 0), so its cluster is even, two CTAs at least. Launched
    without it, a multicast or a pair's signal goes to CTAs that do not exist."""
    ctas = _multicast_ctas(config) or 1
    if config.cta_group == _PAIR:
        ctas += ctas % 2
    return ctas if ctas > 1 else None


def _multicast_ctas(config: AtomConfig) -> int | None:
    """The CTAs a multicast transfer feeds: two where the configuration does not say
    (`multicast_mask`'s default); None for another."""
    return (config.multicast_ctas or 2) if config.multicast else None


def _instruction(config: AtomConfig) -> AtomConfig:
    """`config` as far as the lowered kernel reads it: a TMA transfer's without how a CTA
    pair's tcgen05 work commits (`commit_multicast`, which the kernel's MMA reads, not its
    loads), and with its multicast CTAs as the mask counts them; a CTA pair's tcgen05.mma or
    tcgen05.cp with the commit its function writes."""
    if _allocates(config) and config.cta_group == _PAIR:
        # Its function multicasts its commit where the document does not say (`_allocating_function`).
        return replace(config, commit_multicast=config.commit_multicast is not False)
    if config.mnemonic not in _TMA_TRANSFERS:
        return config
    return replace(config, commit_multicast=None, multicast_ctas=_multicast_ctas(config))


def application(op_text: str, config: AtomConfig, name: str, target: str) -> str | None:
    """The function that applies the atom `op_text` builds, named `name`, for `target`; None
    when there is none (another family, an op with operands, a type the op does not write out)."""
    found = _applied(op_text, config, name, target)
    return found[0] if found is not None else None


def _applied(op_text: str, config: AtomConfig, name: str, target: str) -> tuple[str, AtomConfig] | None:
    """`application`'s function, and the configuration of its op that applies the atom (an
    MMA's with the A it is given)."""
    builder = _BUILDER.match(op_text)
    atom_type = _ATOM_TYPE.search(op_text)
    if builder is None or atom_type is None:
        return None
    body = op_text[builder.end(1):].lstrip()
    mma = _mma_operands(config, target)
    if mma is not None:
        operands, source = mma
        applied = ["%d", *(f"%{role}" for role, _ in operands[1:3]), "%d", *(f"%{role}" for role, _ in operands[3:])]
        types = [atom_type.group(1), *(t for _, t in operands[:3]), operands[0][1], *(t for _, t in operands[3:])]
        application = f"cute_nvgpu.mma %atom, {', '.join(applied)} : ({', '.join(types)})"
        return _function(name, operands, body, application, config), replace(config, a_source=source)
    sides = _SIDES.get(config.mnemonic)
    element = _VAL_TYPE.search(body) or _ELEMENT.match(atom_type.group(1))
    row = _row(config, target)
    if sides is None or element is None or not isinstance(row, A.CopyShapeRow):
        return None
    found = sides(config, element.group(1), row)
    if found is None:
        return None
    src, dst = found
    application = f"cute_nvgpu.copy %atom, %src, %dst : ({atom_type.group(1)}, {src}, {dst})"
    return _function(name, [("src", src), ("dst", dst)], body, application, config), config


def _function(name: str, operands: list[tuple[str, str]], body: str, application: str, config: AtomConfig) -> str:
    """The function `name` that builds the atom (`%atom <body>`) and applies it to `operands`
    ((name, type) each, its arguments), as `_allocating_function` writes tcgen05.mma and tcgen05.cp work."""
    if _allocates(config):
        return _allocating_function(name, operands, body, application, config)
    params = ", ".join(f"%{role}: {type_text}" for role, type_text in operands)
    launch = f" attributes {{nvvm.reqntid = array<i32: {_WARP}, 1, 1>}}" if config.mnemonic in _TMEM_COPIES else ""
    return f"func.func @{name}({params}){launch} {{\n  %atom {body}\n  {application}\n  return\n}}\n"


# tcgen05.ld / tcgen05.st: a warp's collective instruction (`.sync.aligned`: every thread of the
# warp executes it, so the CTA is whole warps) that reaches the 32 lanes of tensor memory of its
# warp index mod 4 alone (the PTX ISA's access restriction: warp w, lanes 32 x (w mod 4) on).
# Every thread of the kernel gives the instruction the tile's start, lane 0 (an allocation's
# address has lane 0), which warp 0's lanes hold: the kernel fixes its launch as one warp
# (`nvvm.reqntid`, `.reqntid 32, 1, 1`), as any other warp's access would be outside its lanes.
_TMEM_COPIES = ("atom.tmem_load", "atom.tmem_store")


# --------------------------------------------------------------------------------------------
# tcgen05.mma and tcgen05.cp: in tensor memory the function allocates, committed
# --------------------------------------------------------------------------------------------

# The atoms whose instruction is tcgen05.mma (tables/atoms.py's MMA lattice), and tcgen05.cp's.
_TCGEN05_MMA_ATOMS = frozenset(r.atom for r in A.MMA_LATTICE if r.instruction.startswith("tcgen05"))
_S2T = "atom.s2t_copy"
# Where each operand in tensor memory lies in the allocation, by column (D at its start, the
# others past D's 256 columns, as CUTLASS lays a kernel's accumulator first).
_TMEM_AT = {"d": 0, "dst": 0, "a": 256, "e": 320, "sfa": 384, "sfb": 448}
# The CTAs a CTA pair's commit arrives at when it multicasts: both (`.multicast::cluster`'s ctaMask).
_PAIR_MASK = 0b11
_PAIR = 2
# The CTA the kernel is launched with: one warpgroup, whose four warps reach the 128 lanes of the
# CTA's tensor memory (a warp reaches the 32 lanes of its warp index mod 4), as CUTLASS's SM100
# tutorial kernels launch one (`dim3 dimBlock(128)`); its function says so (`nvvm.reqntid`, PTX's
# `.reqntid 128, 1, 1`). A pair's kernel fixes its cluster as the CTA pair, two CTAs along x
# (`nvvm.cluster_dim`: `.explicitcluster`, `.reqnctapercluster 2, 1, 1`): launched without a
# cluster, a CTA has no peer CTA (the PTX ISA's CTA pair: two CTAs of a cluster whose
# `%cluster_ctarank` differ in bit 0 alone) for its 2-CTA instructions, and waits for it forever.
_CTA_THREADS = 4 * _WARP


def _allocates(config: AtomConfig) -> bool:
    """Whether the function applying an atom of `config` allocates the tensor memory it works in
    and commits its work (`_allocating_function`): a tcgen05.mma or tcgen05.cp, of one CTA or a
    CTA pair."""
    return config.mnemonic in _TCGEN05_MMA_ATOMS or config.mnemonic == _S2T


def _allocating_function(name: str, operands: list[tuple[str, str]], body: str, application: str,
                         config: AtomConfig) -> str:
    """The function of a tcgen05.mma or tcgen05.cp, as CUTLASS's SM100 kernels run one, for the
    atom's CTA group (`config.cta_group`: one CTA, or a CTA pair as its 2-CTA kernels do), in an
    order correct for a CTA of any number of warps:

    - warp 0 (`gpu.thread_id x` / 32 == 0, `%allocator`) alone allocates the tensor memory
      (`nvvm.tcgen05.alloc` of every column into a shared-memory slot) and relinquishes the permit:
      the PTX ISA has one warp of the CTA (of each CTA of a pair, `.cta_group::2`) allocate and
      free, and a second warp's allocation of all 512 columns would block until the first frees;
    - thread 0 (`%leader`) initialises the mbarrier for the commit's one arrival
      (`nvvm.mbarrier.init`, `nvvm.fence.mbarrier.init`);
    - the CTA's barrier (`nvvm.barrier0`; a pair's cluster barrier, `nvvm.cluster.arrive` /
      `nvvm.cluster.wait`, as the peer's commit arrives at this CTA's mbarrier and its MMA works in
      this CTA's tensor memory) between `tcgen05.fence` before / after thread sync: every thread
      then reads the allocation's address from the slot and sees the mbarrier initialised;
    - one thread (`%issuer`: thread 0; of a pair, thread 0 of the even CTA, `%cluster_ctarank`
      % 2 == 0, CUTLASS's leader CTA) applies the atom and commits its work to the mbarrier
      (`nvvm.tcgen05.commit`: one CTA's to its own; a pair's multicast to both CTAs unless the
      document's own commit arrives at one, `AtomConfig.commit_multicast`);
    - every thread waits for phase 0 (`nvvm.mbarrier.try_wait.parity`: the work is asynchronous,
      and nothing may read D, reuse the shared-memory operands or free the tensor memory before it
      completes) and fences (`after_thread_sync`); of a pair whose commit arrives at one mbarrier
      (the leader's), the leader CTA's threads alone;
    - after the CTA's barrier (a pair's cluster barrier; fenced before and after), warp 0 frees
      the memory (`nvvm.tcgen05.dealloc`).

    Each operand in tensor memory is a memref at its column of the allocation (`_TMEM_AT`). Its
    arguments are the operands in shared memory (descriptors), the slot and the mbarrier. Its
    attributes fix its launch (`_CTA_THREADS`): one warpgroup (`nvvm.reqntid`), and of a pair a
    cluster of the two CTAs (`nvvm.cluster_dim`)."""
    group = f"{{group = #nvvm.cta_group<cta_{config.cta_group}>}}"
    pair = config.cta_group == _PAIR
    in_memory = [(role, t) for role, t in operands if t.startswith("memref<") and t.endswith(f", {_TMEM}>")]
    params = [(role, t) for role, t in operands if (role, t) not in in_memory]
    params += [("slot", "memref<1xi32, 3>"), ("mbar", "memref<1xi64, 3>")]
    lines = [f"%atom {body}", "%c0 = arith.constant 0 : index", f"%columns = arith.constant {_TMEM_COLUMNS} : i32",
             *_shared_pointer("slot", "memref<1xi32, 3>"), *_shared_pointer("mbar", "memref<1xi64, 3>"),
             "%arrivals = arith.constant 1 : i32",
             # Warp 0 allocates and frees; thread 0 initialises the mbarrier.
             "%thread = gpu.thread_id x", f"%warp_size = arith.constant {_WARP} : index",
             "%warp = arith.divui %thread, %warp_size : index",
             "%allocator = arith.cmpi eq, %warp, %c0 : index", "%leader = arith.cmpi eq, %thread, %c0 : index"]
    issuer = "%leader"
    if pair:
        # The pair's leader is its even CTA (its rank in the cluster even): it alone issues the
        # 2-CTA work and its commit.
        issuer = "%issuer"
        lines += ["%rank = nvvm.read.ptx.sreg.cluster.ctarank : i32", f"%pair_size = arith.constant {_PAIR} : i32",
                  "%peer = arith.remui %rank, %pair_size : i32", "%even = arith.constant 0 : i32",
                  "%leader_cta = arith.cmpi eq, %peer, %even : i32", "%issuer = arith.andi %leader, %leader_cta : i1"]
    # Every thread passes the barrier only once the allocation's address is in the slot and the
    # mbarrier is initialised (no thread waits on it uninitialised; a pair's peer commits to it).
    barrier = ["nvvm.cluster.arrive", "nvvm.cluster.wait"] if pair else ["nvvm.barrier0"]
    lines += ["scf.if %allocator {", f"  nvvm.tcgen05.alloc %slot_pointer, %columns {group} : !llvm.ptr<3>, i32",
              f"  nvvm.tcgen05.relinquish_alloc_permit {group}", "}",
              "scf.if %leader {", "  nvvm.mbarrier.init %mbar_pointer, %arrivals : !llvm.ptr<3>, i32",
              "  nvvm.fence.mbarrier.init", "}",
              "nvvm.tcgen05.fence #nvvm.tcgen05_fence<before_thread_sync>", *barrier,
              "nvvm.tcgen05.fence #nvvm.tcgen05_fence<after_thread_sync>",
              "%tmem = memref.load %slot[%c0] : memref<1xi32, 3>"]
    for role, type_text in in_memory:
        address = "%tmem"
        if _TMEM_AT[role]:
            address = f"%{role}_address"
            lines += [f"%{role}_column = arith.constant {_TMEM_AT[role]} : i32",
                      f"{address} = arith.addi %tmem, %{role}_column : i32"]
        lines.append(f"%{role} = builtin.unrealized_conversion_cast {address} : i32 to {type_text}")
    # One thread issues the work and its commit: one MMA, one arrival, as CUTLASS's elected
    # thread issues a UMMA.
    lines += [f"scf.if {issuer} {{", f"  {application}"]
    if not pair or config.commit_multicast is False:
        lines.append(f"  nvvm.tcgen05.commit %mbar_pointer {group} : !llvm.ptr<3>")
    else:
        lines += [f"  %mask = arith.constant {_PAIR_MASK} : i16",
                  f"  nvvm.tcgen05.commit %mbar_pointer, multicast_mask = %mask {group} : !llvm.ptr<3>, i16"]
    lines.append("}")
    # Nothing may read D in tensor memory, reuse the operands in shared memory or free the
    # tensor memory before the work completes: wait for the commit's phase, then order what
    # follows after that wait (`after_thread_sync`). A pair's commit that arrives at one
    # mbarrier arrives at the leader CTA's alone: only its threads wait on it, and the peer's
    # learn of the completion from the cluster barrier that follows. Warp 0 frees the memory once
    # every thread of the CTA (of a pair, of both CTAs: the MMA works in both CTAs' tensor memory,
    # as CUTLASS's 2-SM kernels wait for the peer before they free) is past its use of it.
    wait = ["nvvm.mbarrier.try_wait.parity %mbar_pointer, %phase, %ticks : !llvm.ptr<3>, i32, i32",
            "nvvm.tcgen05.fence #nvvm.tcgen05_fence<after_thread_sync>"]
    if pair and config.commit_multicast is False:
        wait = ["scf.if %leader_cta {", *(f"  {line}" for line in wait), "}"]
    lines += ["%phase = arith.constant 0 : i32", f"%ticks = arith.constant {SUSPEND_TIME_HINT} : i32", *wait,
              "nvvm.tcgen05.fence #nvvm.tcgen05_fence<before_thread_sync>", *barrier,
              "scf.if %allocator {", "  nvvm.tcgen05.fence #nvvm.tcgen05_fence<after_thread_sync>",
              "  %tmem_pointer = builtin.unrealized_conversion_cast %tmem : i32 to !llvm.ptr<6>",
              f"  nvvm.tcgen05.dealloc %tmem_pointer, %columns {group} : !llvm.ptr<6>, i32", "}", "return"]
    written = ", ".join(f"%{role}: {t}" for role, t in params)
    launch = [f"nvvm.reqntid = array<i32: {_CTA_THREADS}, 1, 1>"]
    if pair:
        launch.append(f"nvvm.cluster_dim = array<i32: {_PAIR}, 1, 1>")
    return (f"func.func @{name}({written}) attributes {{{', '.join(launch)}}} {{\n"
            + "".join(f"  {line}\n" for line in lines) + "}\n")


def _shared_pointer(name: str, type_text: str) -> list[str]:
    """`%<name>_pointer`, the `!llvm.ptr<3>` the NVVM ops take, of the shared-memory memref `%<name>`."""
    return [f"%{name}_index = memref.extract_aligned_pointer_as_index %{name} : {type_text} -> index",
            f"%{name}_address = arith.index_cast %{name}_index : index to i32",
            f"%{name}_pointer = builtin.unrealized_conversion_cast %{name}_address : i32 to !llvm.ptr<3>"]


def atom_kernel(op_text: str, config: AtomConfig, name: str, target: str,
                label: str | None = None) -> LoweredKernel | None:
    """The kernel `name` of the function that applies the atom `op_text` builds (`application`),
    as the pipeline and the function writer leave it, each line of its instructions marked with
    `ATOM_LINE_MARK` and `label` (default: the op's result); None when there is no such function
    or its atom is not `config`, or the pipeline or the writer leaves it unwritten."""
    builder = _BUILDER.match(op_text)
    if builder is None:
        return None
    found = _written(f"%atom {op_text[builder.end(1):].lstrip()}", config, target)
    return _named(found, name, builder.group(1) if label is None else label)


def config_kernel(config: AtomConfig, name: str, target: str, label: str | None = None) -> LoweredKernel | None:
    """The lowering's kernel `name` of an atom of `config` on `target`, its instructions marked with
    `label` (default: `%atom`): of a function applying an atom built by an op of the
    configuration's attributes (`builder_text`), or of a TMA transfer's chain (`_tma_function`);
    the preview's for an atom whose op does not build it alone, and the table-wide ptxas sweep's
    (every row of a family the lowering writes)."""
    if config.mnemonic in _TMA_TRANSFERS:
        return _named(_tma_written(config, target), name, "%exec" if label is None else label)
    built = builder_text(config)
    return atom_kernel(built, config, name, target, label) if built is not None else None


def _named(found: tuple[LoweredKernel, frozenset[int]] | None, name: str, label: str) -> LoweredKernel | None:
    """The kernel `found` names `_FUNCTION`, named `name`, its atom's lines marked with `label`."""
    if found is None:
        return None
    kernel, marked = found
    entry = f".visible .entry {_FUNCTION}("
    lines = kernel.module.text.split("\n")
    for n, line in enumerate(lines):
        if line.startswith(entry):
            lines[n] = f".visible .entry {name}(" + line[len(entry):]
        elif n in marked:
            lines[n] = f"{line}{ATOM_LINE_MARK}{label}"
    return LoweredKernel(name, replace(kernel.module, text="\n".join(lines), kernels=(name,)), kernel.line_ops)


# The function's name while it is written: the kernel is cached by the op's text with its result
# named alike (a generated file builds the same atom in each of thousands of functions), whatever
# the preview calls the kernel and the op its result (`atom_kernel` names them).
_FUNCTION = "atom_kernel"


@lru_cache(maxsize=512)
def _written(op_text: str, config: AtomConfig, target: str) -> tuple[LoweredKernel, frozenset[int]] | None:
    """The kernel of the function applying the atom `op_text` builds, and its lines that are the
    atom's instructions."""
    found = _applied(op_text, config, _FUNCTION, target)
    if found is None:
        return None
    text, applied = found
    return _lowered(text, (config, applied), target)


@lru_cache(maxsize=512)
def _tma_written(config: AtomConfig, target: str) -> tuple[LoweredKernel, frozenset[int]] | None:
    """The kernel of a TMA transfer's chain (`_tma_function`): its executable atom and the
    transfer that applies it are of `config`."""
    if _row(config, target) is None:
        return None
    return _lowered(_tma_function(config, _FUNCTION), (config, config), target)


def _lowered(text: str, configs: tuple[AtomConfig, ...], target: str) -> tuple[LoweredKernel, frozenset[int]] | None:
    """The kernel of the one function `text` holds, after the pipeline and the function writer,
    and its lines that are its atoms' instructions; None unless its atom sites are of `configs`
    (as far as the instruction reads them: `_instruction`) and it has no error."""
    try:
        analysis = DocumentAnalysis("file:///atom-kernel.ir", text, settings=Settings(target_arch=target))
        analysis.verify_pending()
        sites = [site for site in document_sites(analysis) if site.config is not None]
        if [_instruction(site.config) for site in sites] != [_instruction(c) for c in configs] or any(
                d.severity is Severity.ERROR for d in analysis.diagnostics()):
            return None
        [unit] = [unit for unit in analysis.units if not unit.shell]
        lowered = analysis.lowered_unit(unit, target)
        if lowered.failed or len(lowered.functions) != 1 or not lowered.functions[0].module.ok:
            return None
    except Exception:                            # a defect must not cost the preview
        return None
    kernel = lowered.functions[0]
    # Each inline assembly's lines of its own: its asm string's, one a line of the string (an
    # escaped newline in the lowered text between two). The writer puts them last among the
    # lines the op wrote, after the moves that bind a tied input to its output (wgmma's C to D).
    asm_lines = {n: line.count("\\n") + 1 for n, line in enumerate(lowered.text.split("\n")) if INLINE_ASM in line}
    by_op: dict[int, list[int]] = {}
    for line, op_line in kernel.line_ops:
        if op_line in asm_lines:
            by_op.setdefault(op_line, []).append(line)
    lines = kernel.module.text.split("\n")
    # The instructions, not the braces and declarations that scope an inline assembly's own registers.
    return kernel, frozenset(line for op_line, written in by_op.items() for line in sorted(written)[-asm_lines[op_line]:]
                             if not lines[line].strip().startswith(_SCAFFOLDING))


def clear_cache() -> None:
    _written.cache_clear()
    _tma_written.cache_clear()
