"""Which atom configurations lower to an instruction on which target: the one legality rule.

An `AtomConfig` is an atom instance as the lowering needs it (shape, element types, qualifiers,
copy variant, TMA rank and mode, ...). `legality` judges one for a target from the atom tables
alone (`atoms.MMA_LATTICE` / `atoms.COPY_LATTICE` rows: shape, types, residency, arch gate, and
`tiers.satisfies_any`): the table row whose instruction it lowers to, or the reason it has none.
The verifier's lowering check (`verify/lowering.py`) reports that reason where the atom is
written, and the emitters (`emit/ptx.py`) build their kernels and inline assembly from the row,
so what `check` accepts is exactly what the PTX preview and the lowering pass emit.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from . import atoms as A
from . import tiers as T

__all__ = ["AtomConfig", "Row", "A_SOURCES", "legality", "check_config", "supported_targets", "refusal_code",
           "a_residency", "mma_lattice", "block_scale_pairs", "takes_input_mix",
           "CHUNK_SIZES", "chunk_bytes", "register_tile_problem", "RegisterTransfer", "register_transfer_problem",
           "MOVES_BY_INSTRUCTION",
           "whole_accesses",
           "SharedLayout", "restage_problem", "FLOAT_INSTRUCTIONS", "FLOAT_ARITHMETIC", "REMAINDER", "ELEMENTWISE_FLOAT", "elementwise_problem", "WIDENINGS", "widening_problem", "widened", "FLOAT_TILE_SUFFIX", "CHUNKS", "MMA", "SPLAT",
           "TRUNCF_ROUNDING", "F32_EXPONENTIALS", "SCALAR_FLOATS", "scalar_float_problem", "rounding_problem",
           "PAIRED_ROUNDING", "NAN_TIER", "BF16_TIER", "BF16_CVT_TIER", "BF16_ARITHMETIC_TIER", "bf16_cvt_tier",
           "bf16_conversion_problem", "tile_arithmetic_problem", "NARROWINGS", "narrowing_problem",
           "truncated", "float_arithmetic_problem", "carried_tile_problem"]

R = A.Residency
Row = A.MmaShapeRow | A.CopyShapeRow


@dataclass(frozen=True, slots=True)
class AtomConfig:
    """One atom instance as its lowering needs it (attributes of the IR atom type and op)."""
    mnemonic: str | None                      # dialect mnemonic; None = legacy PTX-only MMA
    shape: tuple[int, int, int] | None = None  # MMA (M, N, K)
    a_type: str | None = None
    b_type: str | None = None
    c_type: str | None = None                 # accumulator = D type
    sparse: bool = False
    block_scale: str | None = None            # mxf8f6f4 | mxf4 | mxf4nvf4
    vec_size: int | None = None               # elements per scale factor (32 / 16)
    sf_type: str | None = None                # ue8m0 | ue4m3
    cta_group: int = 1                        # tcgen05, and TMA shared by a CTA pair
    # How a CTA pair's tcgen05 kernel commits: to every CTA of a mask (`.multicast::cluster`,
    # CUTLASS's `umma_arrive_multicast_2x1SM`, what its SM100 pipelines release stages with) or
    # to the one mbarrier address (`umma_arrive_2x1SM`). The kernel's own `nvvm.tcgen05.commit`
    # says which (`multicast_mask` or not); None, unsaid: the pipelines' multicast form.
    commit_multicast: bool | None = None
    a_source: str | None = None               # rmem | smem_desc | tmem; None = atom default
    saturate: bool = False                    # integer .satfinite
    sparse_selector: int = 0                  # mma.sp `f` immediate
    # copy atoms
    num_matrices: int | None = None           # ldmatrix / stmatrix .x1/.x2/.x4
    transpose: bool = False
    matrix: str = "m8n8"                      # ldmatrix / stmatrix .shape (m16n16, m8n16, m16n8)
    matrix_format: str = "b16"                # ... and element format (b8, b8x16.b4x16_p64, ...)
    copy_bytes: int | None = None             # cp.async 4/8/16
    cache: str | None = None                  # cp.async ca | cg
    tmem_shape: str | None = None             # tcgen05.ld/st 32x32b, 16x64b, ...
    repeat: int | None = None                 # tcgen05.ld/st .num
    pack: bool = False                        # .pack::16b / .unpack::16b
    cp_shape: str | None = None               # tcgen05.cp 128x256b, 64x128b.warpx2::02_13, ...
    tma_rank: int | None = None
    tma_mode: str = "tile"                    # tile | im2col | im2col_no_offs
    multicast: bool = False
    multicast_ctas: int | None = None         # num_multicast: how many CTAs a multicast load feeds
    reduce_op: str | None = None
    tma_prefetch: bool = False                # the IR prefetches the descriptor (prefetch_tma_desc)
    tma_cache_policy: str | None = A.DEFAULT_TMA_CACHE_POLICY   # L2 policy of `.L2::cache_hint`; None: no hint
    copy_bits: int | None = None              # universal_copy width
    # universal_copy: each side's qualifiers, memory order and state space first
    # (`.relaxed.gpu.global.L1::evict_first`), and the side that is the atom's instruction
    # (`ld` for g2r / s2r, `st` for r2g / r2s; "" both, a generic copy).
    load: str = ".global"
    store: str = ".global"
    atom_side: str = ""

    def label(self) -> str:
        parts = [self.mnemonic or "mma_sync"]
        if self.shape:
            parts.append("m{}n{}k{}".format(*self.shape))
        parts += [t for t in (self.a_type, self.b_type, self.c_type, self.block_scale,
                              self.sf_type) if t]
        for flag, text in ((self.sparse, "sp"), (self.saturate, "sat"), (self.transpose, "t"),
                           (self.pack, "pack"), (self.multicast, "mc")):
            if flag:
                parts.append(text)
        if self.vec_size:
            parts.append(f"v{self.vec_size}")
        if self.mnemonic and self.mnemonic.startswith("sm100"):
            parts.append(f"cta{self.cta_group}_{self.a_source or 'default'}")
        elif self.mnemonic == "sm90.mma":
            parts.append(self.a_source or "default")
        if self.sparse and self.mnemonic == "sm80.sparse_mma":
            parts.append(f"f{self.sparse_selector}")
        if self.matrix != "m8n8":
            parts += [self.matrix, self.matrix_format]
        for v in (self.num_matrices, self.cache, self.copy_bytes, self.tmem_shape, self.repeat,
                  self.cp_shape, self.tma_rank, self.reduce_op, self.copy_bits):
            if v is not None:
                parts.append(str(v))
        for side, qualifiers in (("ld", self.load), ("st", self.store)):
            if qualifiers != ".global" or side == self.atom_side:
                parts.append(side + qualifiers)
        if not self.atom_side and (self.load, self.store) != (".global", ".global"):
            # A generic copy with an order: both accesses are the atom's, unlike a g2r's / r2g's
            # of the same qualifiers.
            parts.append("ld_st")
        if self.tma_rank is not None:
            parts.append(self.tma_mode)
            if self.cta_group != 1:
                parts.append(f"cta{self.cta_group}")
            if self.tma_cache_policy != A.DEFAULT_TMA_CACHE_POLICY:
                parts.append(self.tma_cache_policy or "no_hint")
        if self.cp_shape is not None:
            parts.append(f"cta{self.cta_group}")
        if self.cta_group == 2 and self.commit_multicast is False:
            parts.append("commit_one")
        return re.sub(r"[^A-Za-z0-9_]+", "_", "_".join(parts))



_NO_INSTRUCTION = {
    "smem_desc": "a descriptor type",
    "smem_desc_view": "a descriptor type",
    "tma_descriptor_tiled": "a descriptor type",
    "tma_descriptor_im2col": "a descriptor type",
    "atom.non_exec_tiled_tma_load": "a non-executing atom (bind an mbarrier/cache policy first)",
    "atom.non_exec_tiled_tma_store": "a non-executing atom",
    "atom.non_exec_tiled_tma_reduce": "a non-executing atom",
}
_MMA_ATOMS = {r.mnemonic for r in A.ATOMS if r.implements(A.Interface.MMA_ATOM)}
# `AtomConfig.a_source`: where the MMA reads A from, by name.
A_SOURCES = {"rmem": R.RMEM, "smem_desc": R.SMEM_DESC, "tmem": R.TMEM}


def _types_text(c: AtomConfig) -> str:
    return f"{c.a_type} x {c.b_type} -> {c.c_type}"


def mma_lattice(mnemonic: str | None, shape: tuple[int, int, int] | None, a_type: str | None,
                b_type: str | None, c_type: str | None, *, sparse: bool | None = None,
                scaled: bool | None = None, block_kind: str | None = None, vec_size: int | None = None,
                cta_group: int | None = None, scale_type: str | None = None) -> A.LatticeMatch:
    """The lattice rows an MMA selects: the one row-selection rule the verifier's lattice gate,
    the contract card, the quick fix and `legality` share (PTX element types; None = not said,
    any). A row is a candidate when it is the atom's (`mnemonic`; None = the legacy mma.sync
    rows), takes the element types, is of the sparsity and block scaling asked, and agrees with
    what the atom says of its block scale (kind, elements per scale factor, scale type) and its
    CTA group (a row without a CTA group serves either); the written shape then picks among the
    candidates (`atoms.match_lattice`, with the nearest legal shape when none holds it)."""
    def fits(r: A.MmaShapeRow) -> bool:
        scale = r.block_scale
        return (r.atom == mnemonic
                and (scaled is None or (scale is not None) == scaled)
                and (vec_size is None or scale is None or scale.vec_size == vec_size)
                and (scale_type is None or scale is None or scale_type in scale.scale_types)
                and (cta_group is None or r.cta_group in (None, cta_group)))
    rows = A.find_mma_rows(a_type=a_type, b_type=b_type, c_type=c_type, sparse=sparse, block_kind=block_kind)
    return A.match_lattice((r for r in rows if fits(r)), shape)


def block_scale_pairs(mnemonic: str) -> dict[tuple[int, int], list[str]]:
    """(K, vec_size) -> the `kind::`s of a block-scaled atom's lattice rows, by K then vec_size."""
    pairs: dict[tuple[int, int], list[str]] = {}
    for r in A.find_mma_rows(atom=mnemonic):
        if r.block_scale is not None:
            kinds = pairs.setdefault((r.k, r.block_scale.vec_size), [])
            if r.block_scale.kind not in kinds:
                kinds.append(r.block_scale.kind)
    return dict(sorted(pairs.items()))


def takes_input_mix(mnemonic: str, a_type: str, b_type: str) -> bool:
    """Whether some lattice row of the atom takes A of `a_type` with B of `b_type` (PTX types):
    the mixes the hardware has (s8 x u8, e4m3 x e5m2, the kind::mxf8f6f4 mixes)."""
    return any(a_type in r.a_types and b_type in r.b_types for r in A.find_mma_rows(atom=mnemonic))


def _resolve_mma(c: AtomConfig) -> A.MmaShapeRow | str:
    if c.shape is None or None in (c.a_type, c.b_type, c.c_type):
        return "an MMA configuration needs shape, a_type, b_type and c_type"
    atom = A.ATOMS_BY_MNEMONIC.get(c.mnemonic) if c.mnemonic else None
    # Sparse atoms imply sparsity; for the others `sparse` selects the .sp form.
    sparse = c.sparse or bool(atom and atom.implements(A.Interface.SPARSE_METADATA_ATOM))
    found = mma_lattice(c.mnemonic, c.shape, c.a_type, c.b_type, c.c_type, sparse=sparse,
                        scaled=c.block_scale is not None, block_kind=c.block_scale,
                        vec_size=c.vec_size, cta_group=c.cta_group)
    if not found.candidates:
        return (f"{c.mnemonic or 'mma.sync'} has no form for {_types_text(c)}"
                + (f" with kind::{c.block_scale}" if c.block_scale else ""))
    if not found.rows:
        return (f"shape {'x'.join(map(str, c.shape))} is not legal for {c.mnemonic or 'mma.sync'}"
                f" {_types_text(c)} (legal: {A.shapes_text(found.candidates)})")
    return found.rows[0]


def _copy_variant(c: AtomConfig) -> str | None:
    m = c.mnemonic
    if m in ("atom.ldsm", "atom.stsm"):
        return A.matrix_variant(c.matrix, c.num_matrices, c.transpose, c.matrix_format)
    if m == "atom.simt_async_copy":
        return f"{c.cache or ('cg' if c.copy_bytes == 16 else 'ca')}.{c.copy_bytes}"
    if m in ("atom.tmem_load", "atom.tmem_store"):
        return c.tmem_shape
    if m == "atom.s2t_copy":
        return c.cp_shape
    if m == "atom.tma_load":
        return "tile.multicast" if c.multicast and c.tma_mode == "tile" else c.tma_mode
    if m in ("atom.tma_store", "atom.tma_reduce"):
        return c.tma_mode
    if m == "atom.universal_copy":
        return "bits256" if c.copy_bits == 256 else "bits"
    return None


def _resolve_copy(c: AtomConfig) -> A.CopyShapeRow | str:
    variant = _copy_variant(c)
    rows = A.find_copy_rows(atom=c.mnemonic, variant=variant)
    if not rows:
        legal = ", ".join(r.variant for r in A.find_copy_rows(atom=c.mnemonic))
        return f"{c.mnemonic} has no form '{variant}' (legal: {legal})"
    row = rows[0]
    if row.ranks and c.tma_rank not in row.ranks:
        return f"{c.mnemonic} {row.variant} takes rank {list(row.ranks)}, not {c.tma_rank}"
    if c.mnemonic in ("atom.tmem_load", "atom.tmem_store") and c.repeat not in row.repeats:
        return (f"tcgen05.{'ld' if c.mnemonic.endswith('load') else 'st'}.{row.variant} takes "
                f".num in {['x%d' % n for n in row.repeats]}, not x{c.repeat}")
    if c.mnemonic == "atom.tma_reduce" and c.reduce_op not in row.options:
        return f"TMA reduce op must be one of {list(row.options)}, not {c.reduce_op!r}"
    if c.mnemonic == "atom.universal_copy" and str(c.copy_bits) not in row.options:
        return f"universal copy width must be one of {list(row.options)} bits"
    if c.mnemonic == "atom.universal_copy" and c.copy_bits > A.MMIO_MAX_BITS \
            and ".mmio" in c.load + c.store:
        return (f"`.mmio` accesses one scalar of at most {A.MMIO_MAX_BITS} bits, not a "
                f"{c.copy_bits}-bit vector")
    if c.mnemonic == "atom.s2t_copy" and str(c.cta_group) not in row.options:
        return "tcgen05.cp takes cta_group 1 or 2"
    return row


def a_residency(c: AtomConfig, row: A.MmaShapeRow) -> A.Residency | None:
    """Where A comes from: as configured, else the row's first (preferred) residency."""
    if c.a_source is None:
        return row.a_residencies[0]
    return A_SOURCES.get(c.a_source)


def _gate_error(requires: tuple[str, ...], what: str, target: T.Target,
                deviation: str | None) -> str | None:
    if T.satisfies_any(target, requires):
        return None
    msg = (f"{what} needs {T.describe_requirements(requires)}; "
           f"target {target.name} does not provide it")
    return msg + (f" [{deviation}]" if deviation else "")


def _atom_gate_error(c: AtomConfig, target: T.Target) -> str | None:
    """The atom's own gate (`atoms.AtomRow.requires`, the one verify/target.py checks), where its
    lattice row's instruction runs on more targets: `sm80.mma`'s m16n8k8 f16 is an sm_75
    instruction, but the atom is sm_80's, so no target the verifier refuses is supported here."""
    atom = A.ATOMS_BY_MNEMONIC.get(c.mnemonic) if c.mnemonic else None
    return _gate_error(atom.requires, f"atom `{c.mnemonic}`", target, None) if atom is not None else None


def legality(c: AtomConfig, target: T.Target) -> Row | str:
    """The table row `c` lowers to on `target`, or the reason it cannot be lowered there."""
    if c.mnemonic in _NO_INSTRUCTION:
        return f"{c.mnemonic} is {_NO_INSTRUCTION[c.mnemonic]}: it has no instruction to preview"
    if c.mnemonic is not None and c.mnemonic not in A.ATOMS_BY_MNEMONIC:
        return f"unknown atom mnemonic {c.mnemonic!r}"
    row = _resolve_mma(c) if c.mnemonic is None or c.mnemonic in _MMA_ATOMS \
        else _resolve_copy(c)
    if isinstance(row, str):
        return row
    if isinstance(row, A.MmaShapeRow):
        gate = _gate_error(row.requires, f"{row.instruction} ({row.key})", target,
                           row.deviation) or _atom_gate_error(c, target)
        if gate:
            return gate
        a_res = a_residency(c, row)
        if a_res is None or row.template_for(a_res) is None:
            return (f"{row.instruction} ({row.key}) takes A from "
                    f"{'/'.join(r.value for r in row.a_residencies)}, not {c.a_source}")
        if row.sparse and row.sparse_selectors and c.sparse_selector not in row.sparse_selectors:
            return (f"mma.sp selector must be one of {list(row.sparse_selectors)} for "
                    f"{row.key}, not {c.sparse_selector}")
        if row.block_scale and c.sf_type not in row.block_scale.scale_types:
            return (f"kind::{row.block_scale.kind} (vec {row.block_scale.vec_size}) takes "
                    f"scale factors {list(row.block_scale.scale_types)}, not {c.sf_type}")
        if c.saturate and not row.satfinite:
            return f".satfinite / saturate applies to integer MMA only, not {row.key}"
        return row
    gate = _gate_error(row.requires, f"{c.mnemonic} {row.variant}", target, row.deviation) or _atom_gate_error(c, target)
    for qualifier in (c.load + c.store).split(".") if gate is None else ():
        required = A.PTX_QUALIFIER_GATES.get(qualifier)
        if required is not None:
            gate = gate or _gate_error(required, f"`.{qualifier}`", target, None)
    if gate is None and row.ranks and c.cta_group != 1:
        if c.cta_group != 2:
            return f"a TMA transfer is issued for 1 CTA or a CTA pair, not {c.cta_group}"
        gate = _gate_error(A.TMA_CTA_PAIR, f"{c.mnemonic} for a CTA pair (.cta_group::2)",
                           target, None)
    return gate or row


def check_config(config: AtomConfig, target: str) -> str | None:
    """None when `config` can be emitted for `target`, else the reason it cannot."""
    t = T.parse_target(target)
    if t is None:
        return f"unknown SM target {target!r}"
    result = legality(config, t)
    return result if isinstance(result, str) else None


def supported_targets(config: AtomConfig) -> tuple[str, ...]:
    return tuple(t.name for t in T.TARGETS if check_config(config, t.name) is None)



def refusal_code(config: AtomConfig) -> str:
    """The diagnostic code of a refusal: `lower.target` when another target runs `config`,
    `lower.unsupported` when none does."""
    return "lower.target" if supported_targets(config) else "lower.unsupported"



# A TileAS tile that moves through registers (`ld.global` / `st.global`, `cp.async`, a shared
# tile read for a store) is placed in chunks, one thread's at a time (emit/tileas_tiles.py), of
# the widest of these sizes that splits it: 16 bytes is the widest vector access and
# cp.async.cg's only size; 8 and 4 bytes (`.v2.b32` / `.b64`, `.b32`, cp.async.ca) move tiles
# whose rows, or whose share of the threads, are not whole 16-byte chunks.
CHUNK_SIZES = (16, 8, 4)


def chunk_bytes(dims: tuple[int, int], bits: int, threads: int | None) -> int | None:
    """The widest chunk (`CHUNK_SIZES`) in which a rows x columns tile of `bits`-bit elements
    spreads over `threads` threads: whole registers a chunk, whole chunks a row, every thread
    as many chunks, and each round of the threads a whole number of rows or a part of one.
    None when none does."""
    if threads is None:
        return None
    rows, cols = dims
    for size in CHUNK_SIZES:
        if size * 8 < max(bits, 32):
            continue
        per_chunk = size * 8 // bits
        span = threads * per_chunk                 # elements all threads cover at once
        if not cols % per_chunk and not (rows * cols) % span and (span % cols == 0 or cols % span == 0):
            return size
    return None


def register_tile_problem(dims: tuple[int, int], bits: int, threads: int | None) -> str | None:
    """Why a rows x columns tile of `bits`-bit elements cannot take the chunk placement over
    `threads` threads (None: it can). The emitter refuses such a tile, and
    lower-tma-load-store-to-async reports the load or store that would need it, so `check`
    says so."""
    if threads is None:
        return "a tile in registers needs the CTA's thread count: the kernel spec's num_warps"
    if chunk_bytes(dims, bits, threads) is not None:
        return None
    rows, cols = dims
    narrowest = max(CHUNK_SIZES[-1], bits // 8)
    if cols % (narrowest * 8 // bits):
        return f"a tile of {cols} x {bits}-bit columns is not whole {narrowest}-byte chunks per row"
    sizes = [str(size) for size in CHUNK_SIZES if size >= narrowest]
    said = sizes[0] if len(sizes) == 1 else ", ".join(sizes[:-1]) + " or " + sizes[-1]
    return f"a {rows} x {cols} tile does not spread evenly over {threads} threads in chunks of {said} bytes"


@dataclass(frozen=True, slots=True)
class RegisterTransfer:
    """A TileAS load or store the TMA lowering leaves, as the register path moves it
    (emit/tileas_kernel.py): `ld.global` / `st.global` through registers, or `cp.async` into
    shared memory, between the tile and a strided global view. Sizes are None where dynamic."""
    instruction: str                           # ld.global | st.global | cp.async
    tile: str                                  # the tile's type as written
    dims: tuple[int | None, ...] | None        # its dims; None: not a shaped type
    bits: int | None                           # its element's bits
    view: str                                  # the view's type as written
    view_dims: tuple[int | None, ...] | None
    view_strides: tuple[int | None, ...] | None
    view_offset: int | None = 0                # elements from the memref's aligned pointer
    coords: int = 0
    rows: bool = False                         # gathered / scattered rows (`offsets`)
    in_bounds: bool = False                    # the op says the tile lies in its view
    # The tile takes the chunk placement: a load's, or a store's tile held in shared memory
    # (a TMA or `cp.async` load's) and read back into registers.
    chunked: bool = True
    threads: int | None = None


# How a load or store that does not move by TMA moves its tile, by the instruction it moves it
# with (`RegisterTransfer.instruction`): the words its refusal starts with.
MOVES_BY_INSTRUCTION = {
    "ld.global": "moves its tile through registers",
    "st.global": "moves its tile through registers",
    "cp.async": "copies its tile into shared memory with `cp.async`",
}


def register_transfer_problem(t: RegisterTransfer) -> str | None:
    """Why the register path cannot move `t` (None: it can). The emitter refuses such an op
    with these words, and lower-tma-load-store-to-async reports it at the op
    (`lower.register-tile`), so `check` and the editor say what `--emit ptx` would."""
    if t.rows:
        return "a tile of rows (`offsets`) moves by TMA only here"
    if t.dims is None or t.bits is None or None in t.dims or not 1 <= len(t.dims) <= 2:
        return f"a tile of {t.tile} is not a static tile of rank 1 or 2"
    if t.view_dims is None or t.view_strides is None:
        return f"its view ({t.view}) is not a strided memref"
    # Dynamic extents, outer strides and offset are the kernel's runtime arguments (the view is
    # passed as MLIR's memref descriptor); each element's place within a row is the innermost
    # stride times a constant, so that stride must be static.
    if t.view_strides and t.view_strides[-1] is None:
        return (f"its view's innermost stride is dynamic ({t.view}); a view whose innermost stride is 1 "
                f"moves through registers, and by TMA (`allow_tma`)")
    if not 1 <= len(t.view_dims) <= 2:
        return f"a view of rank {len(t.view_dims)} moves through registers only up to rank 2"
    if t.coords != len(t.view_dims):
        return f"{t.coords} coordinates for a view of rank {len(t.view_dims)}"
    # Out of bounds each element moves alone, predicated on the view; an element narrower than
    # 16 bits shares its register with others (`cp.async` instead zero-fills a chunk's tail).
    if t.instruction != "cp.async" and not t.in_bounds and t.bits < 16:
        return (f"{t.bits}-bit elements out of bounds are not moved one at a time here: say the tile is "
                f"in bounds (`in_bounds`)")
    if t.chunked:
        dims = (1, t.dims[0]) if len(t.dims) == 1 else (t.dims[0], t.dims[1])
        why = register_tile_problem(dims, t.bits, t.threads)
        if why is not None:
            return why
    # A dynamic offset or stride is tested when the kernel runs (`checked_accesses`): `cp.async`
    # copies the chunks it proves aligned and the rest element by element through registers.
    fixed = _access_problem(t, at_run_time=True)
    if fixed is not None and t.instruction == "cp.async":
        return f"`cp.async` copies whole chunks, and {fixed}"
    misfit = _access_problem(t)
    if misfit is not None and t.bits < 16:
        return f"{t.bits}-bit elements are not moved one at a time here, and {misfit}"
    return None


def _access_bytes(t: RegisterTransfer) -> int:
    """The bytes one access of `t` moves whole: a chunk of a chunk-placed tile, else a register."""
    if t.chunked:
        dims = (1, t.dims[0]) if len(t.dims) == 1 else (t.dims[0], t.dims[1])
        size = chunk_bytes(dims, t.bits, t.threads)
        if size is not None:
            return size
    return max(4, t.bits // 8)


def _access_problem(t: RegisterTransfer, at_run_time: bool = False) -> str | None:
    """Why `t`'s view does not let an access (`_access_bytes`) move consecutive elements at an
    address that is a multiple of its bytes, as a vector `ld.global` / `st.global` and
    `cp.async` need (None: it does). The memref's aligned pointer is taken to be aligned to 16
    bytes (an allocation's is to 256) and the tile's coordinates to be multiples of an
    access's elements (as a tile's are; they are not known when compiling); the view's
    innermost stride must be 1, and its offset and other strides whole accesses (static: a dynamic
    one, a runtime argument, proves no alignment when compiling; `at_run_time`, a dynamic one
    is let pass, the kernel testing it: `checked_accesses`)."""
    size = _access_bytes(t)
    *outer, inner = t.view_strides
    if inner != 1:
        return (f"its view's innermost stride is {inner}, not 1: a {size}-byte access would not "
                f"read consecutive elements")
    for what, elements in (("offset", t.view_offset), *(("stride", stride) for stride in outer)):
        if elements is None and at_run_time:
            continue
        if elements is None:
            return (f"its view's {what} is dynamic: a {size}-byte access is not known to be aligned to its "
                    f"size when compiling")
        if elements * t.bits % (size * 8):
            return (f"its view's {what} ({elements} x {t.bits} bits) is not whole {size}-byte accesses, "
                    f"which must be aligned to their size")
    return None


def whole_accesses(t: RegisterTransfer) -> bool:
    """Whether the register path moves `t` (which `register_transfer_problem` passed) a chunk,
    or a register, at a time: the op says its tile lies in its view, and its view lets an
    access move consecutive elements, aligned (`_access_problem`). Otherwise it moves each
    element alone, predicated on the view."""
    return t.in_bounds and _access_problem(t) is None


def checked_accesses(t: RegisterTransfer) -> bool:
    """Whether the register path moves `t` (which `register_transfer_problem` passed) a chunk,
    or a register, at a time where a test when the kernel runs passes, and each element alone,
    predicated on the view, where it fails: `whole_accesses` cannot decide it when compiling,
    but the view's innermost stride is 1 and no static offset or stride misaligns an access.
    The test: the access lies in the view, unless the op says its tile does; and
    (`tested_alignment`), when the view's offset or an outer stride is dynamic, this
    thread's first address and each dynamic stride in bytes are multiples of an access (the
    PTX ISA requires a vector access aligned to its size), which proves it for every access of
    the thread: the others lie whole accesses and static strides on."""
    return not whole_accesses(t) and _access_problem(t, at_run_time=True) is None


def tested_alignment(t: RegisterTransfer) -> bool:
    """Whether `checked_accesses`' test includes the alignment: the view's offset or an outer
    stride is dynamic (a runtime argument of the kernel)."""
    return checked_accesses(t) and (t.view_offset is None or None in t.view_strides[:-1])


# Float arithmetic -> its PTX instruction before the type (`.f32`, `.f64`, `.f16x2`, ...) and its
# operand count: the one table both PTX writers (emit/lowered_kernel.py, emit/tileas_kernel.py)
# and the register path's legality (`FLOAT_ARITHMETIC`) read. Add, sub and mul spell `.rn` out:
# with no rounding modifier ptxas may fuse a mul and an add into an fma (PTX ISA, "Floating
# Point Instructions: add"), which `arith` allows only under `fastmath<contract>`. `div.rn`,
# `sqrt.rn` and `fma.rn` are IEEE's correctly rounded results, which arith's and math's are.
# `maxnumf` / `minnumf` return the other operand when one is NaN, as PTX's `max` / `min` do;
# `maximumf` / `minimumf` are `max.NaN` / `min.NaN` ("+0.0 > -0.0" in their notes, as in plain
# `max` / `min`'s), where the type and target have it (emit/builder.py, `nan_propagating`
# otherwise). PTX has `rsqrt` and `ex2` only as `.approx`, and `ex2` of f32 (and packed halves)
# only; `math.exp` is `ex2` of its operand scaled by log2(e) (emit/tileas_kernel.py).
FLOAT_INSTRUCTIONS = {"arith.addf": ("add.rn", 2), "arith.subf": ("sub.rn", 2), "arith.mulf": ("mul.rn", 2),
                      "arith.maximumf": ("max.NaN", 2), "arith.minimumf": ("min.NaN", 2),
                      "arith.divf": ("div.rn", 2), "arith.maxnumf": ("max", 2), "arith.minnumf": ("min", 2),
                      "arith.negf": ("neg", 1), "math.absf": ("abs", 1), "math.sqrt": ("sqrt.rn", 1),
                      "math.rsqrt": ("rsqrt.approx", 1), "math.exp2": ("ex2.approx", 1),
                      "math.exp": ("ex2.approx", 1), "math.fma": ("fma.rn", 3)}
# `arith.remf`: no PTX instruction; C's `fmod` by long division (emit/builder.float_remainder).
REMAINDER = "arith.remf"
# The float ops the register path computes on tiles in registers placed alike, element by element
# (`float_arithmetic_problem`).
ELEMENTWISE_FLOAT = frozenset(FLOAT_INSTRUCTIONS) | {REMAINDER}
# The float ops the register path computes a whole register at a time -> their instruction (its
# type follows: `.f32`, `.f16x2`, `.bf16x2`). Of two tiles in shared memory, the first is read into
# registers in the chunk placement (`register_tile_problem`), the second in the first's.
FLOAT_ARITHMETIC = {name: FLOAT_INSTRUCTIONS[name][0]
                    for name in ("arith.addf", "arith.subf", "arith.mulf", "arith.maximumf", "arith.minimumf")}
# A register tile's element type -> the suffix of its float ops (two 16-bit elements a register).
FLOAT_TILE_SUFFIX = {"f32": ".f32", "f16": ".f16x2", "bf16": ".bf16x2"}
# The float scalars a TileAS kernel computes on (f16 and bf16 in f32; emit/tileas_kernel.py).
SCALAR_FLOATS = ("f16", "bf16", "f32", "f64")
# PTX's `ex2` has f32 (and packed-half) forms only, none of f64: `math.exp2`, and `math.exp`
# (`ex2` of its operand scaled by log2(e)), are computed of f16, bf16 and f32 only.
F32_EXPONENTIALS = frozenset({"math.exp2", "math.exp"})


def scalar_float_problem(name: str, float_type: str) -> str | None:
    """Why a TileAS kernel's PTX has no `ELEMENTWISE_FLOAT` op `name` of `float_type` scalars
    (None: it has), as a phrase following the op. The emitter refuses such an op with these
    words, and lower-tma-load-store-to-async reports it at the op (`lower.float-op`), so
    `check` says what `--emit ptx` would. Of tiles, `float_arithmetic_problem` judges the
    element type."""
    if float_type in SCALAR_FLOATS and not (float_type == "f64" and name in F32_EXPONENTIALS):
        return None
    types = "f16, bf16 or f32 scalars here (PTX's `ex2` is f32 only)" if name in F32_EXPONENTIALS \
        else "f16, bf16, f32 or f64 scalars here"
    return f"of {float_type}: of {types}"


# `arith.truncf`'s rounding mode (Arith_RoundingModeAttr's cases) -> `cvt`'s; none: to nearest
# even. `to_nearest_away` has no `cvt` rounding (it rounds ties away from zero only into tf32:
# PTX ISA, cvt, `cvt.rna{.satfinite}.tf32.f32`).
TRUNCF_ROUNDING = {"to_nearest_even": "rn", "downward": "rm", "upward": "rp", "toward_zero": "rz"}


def rounding_problem(mode: str) -> str | None:
    """Why `cvt` cannot narrow a float (a scalar, or an f32 tile's elements) in `arith.truncf`'s
    rounding `mode` (None: it can), as a phrase following the op. The emitters refuse such an
    op with these words, and lower-tma-load-store-to-async reports it at the op
    (`lower.float-op`)."""
    if mode in TRUNCF_ROUNDING:
        return None
    return f"rounding {mode}: `cvt` rounds ties away from zero only into tf32"


# `max.NaN` / `min.NaN` (`maximumf` / `minimumf`: a NaN propagated, -0 below +0, IEEE 754-2019's
# maximum) from sm_80, of `.f32`, `.f16`, `.bf16` and their pairs, of no `.f64` (PTX ISA, max / min,
# their target notes). ptxas 13.0 agrees: on sm_75 "Modifier '.NaN' requires .target sm_80 or
# higher", of f64 on any target "Illegal modifier '.NaN' for instruction 'max'". The one rule the PTX writers read: a scalar's `maximumf` where
# no such form serves is the NaN-ignoring `max` with a NaN selected in (emit/builder.py,
# `nan_propagating`); a tile's, one instruction a register, is refused before it
# (`tile_arithmetic_problem`), which lower-tma-load-store-to-async reports at the op
# (`lower.float-op`) and the emitter refuses with (tests/emit/test_bf16_legality.py).
NAN_TIER = 80
# The roundings `cvt` gives a pair of f32 into f16x2 / bf16x2 (PTX ISA, cvt: `.frnd2`).
PAIRED_ROUNDING = ("rn", "rz")
# bf16 on each SM tier, the one table the PTX writers (emit/tileas_kernel.py,
# emit/lowered_kernel.py) and lower-tma-load-store-to-async's report read. PTX ISA, cvt (its
# forms and target notes) and the half-precision instructions' target notes, each form run
# through ptxas 13.0 on sm_75, sm_80, sm_86, sm_89 and sm_90 (tests/emit/test_bf16_legality.py):
# - `BF16_TIER` (sm_80): `.bf16` at all; `cvt` between bf16 and f32 in every rounding
#   (`cvt.f32.bf16`, `cvt.{rn,rz,rm,rp}.bf16.f32`, the pair `cvt.{rn,rz}.bf16x2.f32`);
#   `max` / `min` (`.NaN` too) of `.bf16` and `.bf16x2`.
# - `BF16_CVT_TIER` (sm_90): `cvt` of bf16 with f16, f64 or an integer (`cvt.f64.bf16`,
#   `cvt.rn.bf16.f16`, `cvt.rzi.s32.bf16`, ...), and `cvt.ftz.f32.bf16`.
# - `BF16_ARITHMETIC_TIER` (sm_90): `add` / `sub` / `mul` of `.bf16` and `.bf16x2`.
BF16_TIER = 80
BF16_CVT_TIER = 90
BF16_ARITHMETIC_TIER = 90


def bf16_cvt_tier(source: str, result: str) -> int | None:
    """The SM tier from which `cvt` converts a `source` float or integer to `result` when
    either is bf16 (None: neither is): `BF16_TIER` between bf16 and f32, `BF16_CVT_TIER` with
    anything else."""
    if "bf16" not in (source, result):
        return None
    return BF16_TIER if {source, result} <= {"bf16", "f32"} else BF16_CVT_TIER


def bf16_conversion_problem(source: str, result: str | None, tier: int | None, mode: str = "rn",
                            tile: bool = False) -> str | None:
    """Why a TileAS kernel's PTX cannot convert a `source` float (scalar, or a tile's elements
    when `tile`) to `result` on SM `tier` (None: it can, or the target is unknown), as a phrase
    following the op; `result` None: to f32 to compute on it (a float op, `arith.cmpf`, of
    bf16); `mode`: a narrowing's `cvt` rounding. The tier is `bf16_cvt_tier`'s (an f32 tile
    narrowed to bf16 in a `PAIRED_ROUNDING` is `cvt.<mode>.bf16x2.f32`, of the same tier as
    the scalar form). The emitter refuses such an op with these words, and
    lower-tma-load-store-to-async reports it at the op (`lower.float-op`), so `check` says
    what `--emit ptx` would."""
    needed = bf16_cvt_tier(source, "f32" if result is None else result)
    if tier is None or needed is None or tier >= needed:
        return None
    if result is None:
        return f"of {'a bf16 tile' if tile else 'bf16'} before sm_{needed}: `cvt.f32.bf16` needs it"
    narrowing = SCALAR_FLOATS.index(result) < SCALAR_FLOATS.index(source) if {source, result} <= set(SCALAR_FLOATS) \
        else False
    what = f"{'an' if source[0] == 'f' else 'a'} {source} tile" if tile else source
    rounding = f"{mode}." if narrowing else ""
    form = f"{result}x2" if tile and narrowing and mode in PAIRED_ROUNDING else result
    return f"of {what} to {result} before sm_{needed}: `cvt.{rounding}{form}.{source}` needs it"


def tile_arithmetic_problem(name: str, element: str, tier: int | None) -> str | None:
    """Why the register path cannot compute `FLOAT_ARITHMETIC`'s op `name` of `element` tiles,
    one instruction a register, on SM `tier` (None: it can, or the target is unknown), as a
    phrase following the op: `max.NaN` / `min.NaN` (`maximumf` / `minimumf`) need `NAN_TIER`,
    `add` / `sub` / `mul` of `.bf16x2` `BF16_ARITHMETIC_TIER`. The emitter refuses such an op
    with these words, and lower-tma-load-store-to-async reports it at the op (`lower.float-op`)."""
    if tier is None or name not in FLOAT_ARITHMETIC:
        return None
    instruction = f"{FLOAT_ARITHMETIC[name]}{FLOAT_TILE_SUFFIX.get(element, '.' + element)}"
    if ".NaN" in instruction:
        return None if tier >= NAN_TIER else f"of {element} tiles before sm_{NAN_TIER}: `{instruction}` needs it"
    if element != "bf16" or tier >= BF16_ARITHMETIC_TIER:
        return None
    return f"of bf16 tiles before sm_{BF16_ARITHMETIC_TIER}: `{instruction}` needs it"


# Where a tile in registers lies over the CTA's threads (emit/tileas_tiles.py), by what made it:
# the chunk placement (a load through registers, a tile read from shared memory, a computed
# tile's or a loop's), the mma.sync accumulator's (a product, a constant a product accumulates
# into), each of them narrowed by `arith.truncf` (two f32 registers packed into one: another
# placement than the narrow type's own chunks) or widened by `arith.extf` (each element in
# registers twice as wide, where its narrower source held it: another placement than the wide
# type's own chunks). A splat constant is the same in any placement.
CHUNKS, MMA, SPLAT = "chunks", "mma", "splat"
_PLACEMENT_TEXT = {CHUNKS: "the chunk placement (a load's through registers, a tile's read from shared memory)",
                   MMA: "the mma.sync accumulator placement (a product's)"}
_TRUNCATED, _WIDENED = " truncated", " widened"


def truncated(placement: str) -> str:
    """The placement of a tile narrowed by `arith.truncf` from one placed as `placement`: a
    widened tile narrowed again lies as the tile it was widened from."""
    return placement.removesuffix(_WIDENED) if placement.endswith(_WIDENED) else placement + _TRUNCATED


def widened(placement: str) -> str:
    """The placement of a tile widened by `arith.extf` from one placed as `placement`: each
    element in a register of its own (twice the bits it had), at its place; a narrowed tile
    widened again lies as the tile it was narrowed from (an mma.sync product truncated to f16
    and widened back is in the mma.sync placement)."""
    return placement.removesuffix(_TRUNCATED) if placement.endswith(_TRUNCATED) else placement + _WIDENED


def _placement_text(placement: str) -> str:
    for suffix, what in ((_TRUNCATED, "narrowed by `arith.truncf`"), (_WIDENED, "widened by `arith.extf`")):
        if placement.endswith(suffix):
            source = placement.removesuffix(suffix)
            return f"a tile {what} from " + (_PLACEMENT_TEXT[source] if source in _PLACEMENT_TEXT
                                              else _placement_text(source))
    return "a tile in " + _PLACEMENT_TEXT[placement]


def float_arithmetic_problem(element: str, first: str | None, second: str | None) -> str | None:
    """Why the register path cannot compute an `ELEMENTWISE_FLOAT` op of two tiles of `element`
    placed as `first` and `second` (a placement above, `SPLAT`, or None: in shared memory, read
    in the other's placement) (None: it can), as a phrase following the op. It computes element
    by element, register by register, so the tiles must lie alike. The emitter refuses such an
    op with these words, and lower-tma-load-store-to-async reports it at the op
    (`lower.register-tile`)."""
    if element not in FLOAT_TILE_SUFFIX:
        return f"of {element} tiles: the register path computes on {', '.join(FLOAT_TILE_SUFFIX)} tiles"
    if None in (first, second) or SPLAT in (first, second) or first == second:
        return None
    return (f"of {_placement_text(first)} and {_placement_text(second)}: the register path "
            f"computes on tiles placed alike (a splat constant, or a tile in shared memory, takes the other's)")


def elementwise_problem(element: str, placements: list[str | None]) -> str | None:
    """Why the register path cannot compute an `ELEMENTWISE_FLOAT` op of tiles of `element`
    placed as `placements` (each as `float_arithmetic_problem` takes it), every pair of them
    (None: it can): the first pair's problem."""
    return next((why for i, first in enumerate(placements) for second in placements[i:]
                 if (why := float_arithmetic_problem(element, first, second)) is not None), None)


def carried_tile_problem(carried: str, yielded: str | None) -> str | None:
    """Why an `scf.yield` cannot hand its loop a tile placed as `yielded` (a placement above,
    `SPLAT`, or None: in shared memory, read into the chunks) for the carried tile placed as
    `carried` (None: it can), as a phrase following the yield. The loop's registers keep their
    placement from iteration to iteration, so the yielded tile must lie as they do; a splat
    constant is made in theirs. The emitter refuses such a yield with these words, and
    lower-tma-load-store-to-async reports it at the yield (`lower.register-tile`)."""
    yielded = CHUNKS if yielded is None else yielded
    if yielded in (SPLAT, carried):
        return None
    return (f"yields {_placement_text(yielded)} where the loop carries {_placement_text(carried)}: a loop keeps "
            f"its carried tile's registers in one placement")


# mma.sync.m16n8k16: the shape of the one MMA the register path multiplies tiles with.
MMA_M, MMA_N, MMA_K = 16, 8, 16


def mma_tile_problem(dims: tuple[int, int], threads: int | None) -> str | None:
    """Why an f32 accumulator of `dims` cannot take the mma.sync placement over `threads`
    threads (None: it can): each warp holds an equal share of its rows in 16-row blocks, and
    its columns pair 8-column blocks. The emitter refuses such an accumulator (a product, or a
    splat constant a product accumulates into) with these words, and
    lower-tma-load-store-to-async reports the `nv_tileas.dot` (`lower.register-tile`)."""
    rows, cols = dims
    warps = threads // 32 if threads else 0
    if warps and not rows % (MMA_M * warps) and not cols % (2 * MMA_N):
        return None
    whose = f"the {warps} warps" if warps else "the warps (the kernel spec's num_warps)"
    return (f"a {rows} x {cols} accumulator does not split into {MMA_M}-row blocks for each of {whose} and "
            f"{2 * MMA_N}-column pairs of {MMA_N}-column blocks")


def dot_operands_problem(a: tuple[int, int], b: tuple[int, int], accumulator: tuple[int, int],
                         a_element: str, b_element: str) -> str | None:
    """Why mma.sync cannot multiply an `a` x `b` product into `accumulator` (rows x columns
    each) of `a_element` x `b_element` (None: it can): f16 or bf16 tiles alike, whole
    16-element K steps. The emitter refuses such a dot with these words, and
    lower-tma-load-store-to-async reports it (`lower.register-tile`)."""
    (m, k), (k2, n) = a, b
    if k != k2 or accumulator != (m, n):
        return f"a {m} x {k} by {k2} x {n} product into a {accumulator[0]} x {accumulator[1]} accumulator"
    if a_element != b_element or a_element not in ("f16", "bf16") or k % MMA_K:
        return (f"mma.sync multiplies f16 or bf16 tiles of whole {MMA_K}-element K steps, not {a_element} x "
                f"{b_element} with K = {k}")
    return None


# The widenings (`arith.extf`) of tiles in registers: element type -> the wider one, each element
# by `cvt` (exact) into a register of its own (`widened`: the tile lies as its source does).
WIDENINGS = {("f16", "f32"), ("bf16", "f32"), ("f32", "f64")}


# The narrowings (`arith.truncf`) of tiles in registers: f32 to f16 / bf16, two elements packed
# into a register (`truncation_problem`).
NARROWINGS = {("f32", "f16"), ("f32", "bf16")}


def widening_problem(source: str, result: str) -> str | None:
    """Why the register path cannot widen a tile of `source` elements to `result` ones
    (`arith.extf` of a tensor; None: it can), as a phrase following the op. The emitter refuses
    such an op with these words, and lower-tma-load-store-to-async reports it at the op
    (`lower.register-tile`); `narrowing_problem` likewise of `arith.truncf`."""
    return _tile_conversion_problem("widens", source, result, WIDENINGS, "f16 and bf16 to f32, and of f32 to f64")


def narrowing_problem(source: str, result: str) -> str | None:
    """Why the register path cannot narrow a tile of `source` elements to `result` ones (an f64
    tile's), as `widening_problem` says it of a widening."""
    return _tile_conversion_problem("narrows", source, result, NARROWINGS, "f32 to f16 and bf16")


def _tile_conversion_problem(verb: str, source: str, result: str, done: set, which: str) -> str | None:
    if (source, result) in done:
        return None
    return f"{verb} {source} to {result}: the register path {verb} tiles of {which}"


def truncation_problem(placement: str | None, dims: tuple[int, int], threads: int | None) -> str | None:
    """Why `arith.truncf` cannot narrow an f32 tile of `dims` placed as `placement` (None: in
    shared memory, read into the chunks) over `threads` threads (None: it can), as a phrase
    following the op. `cvt.rn.f16x2.f32` packs the registers of two adjacent columns into one,
    so each of a thread's elements needs its right neighbour in that thread's registers: the
    mma.sync placement pairs them, the chunk placement when a chunk holds two or more (8 or 16
    bytes), not when it holds one f32 (4 bytes). The emitter refuses such a narrowing with these
    words, and lower-tma-load-store-to-async reports it at the op (`lower.register-tile`)."""
    if (placement or CHUNKS) != CHUNKS or chunk_bytes(dims, 32, threads) != 4:
        return None
    return (f"narrows a {dims[0]} x {dims[1]} f32 tile in {_PLACEMENT_TEXT[CHUNKS]}, which takes one element a "
            f"4-byte chunk over {threads} threads: `cvt.rn.f16x2.f32` packs two adjacent columns of a thread's "
            f"registers into one")


def dot_accumulator_problem(accumulator: str | None) -> str | None:
    """Why `nv_tileas.dot` cannot accumulate into a tile placed as `accumulator` (a placement
    above, `SPLAT`, or None: in shared memory) (None: it can), as a phrase following the op.
    mma.sync adds its product into the accumulator's registers where the product lands, so the
    accumulator must lie in the mma.sync placement: a product, or a splat constant made there.
    The emitter refuses such a dot with these words, and lower-tma-load-store-to-async reports
    it at the dot (`lower.register-tile`)."""
    if accumulator in (MMA, SPLAT):
        return None
    what = "a tile in shared memory" if accumulator is None else _placement_text(accumulator)
    return (f"accumulates into {what}: mma.sync adds its product into registers in "
            f"{_PLACEMENT_TEXT[MMA]}, which only a product or a splat constant takes")


# How a tile lies in shared memory: the (rows, columns) of one box, the boxes in row-major order
# of the box grid, and their swizzle (`none`, `32B`, `64B`, `128B`), as a TMA transfer's
# `boxDim` and `swizzle` say.
SharedLayout = tuple[tuple[int, int], str]


def _layout_text(layout: SharedLayout) -> str:
    (rows, cols), swizzle = layout
    return f"{rows} x {cols} boxes" + (f" swizzled {swizzle}" if swizzle != "none" else " unswizzled")


def restage_problem(dims: tuple[int, int], bits: int, threads: int | None, held: SharedLayout,
                    store: SharedLayout) -> str | None:
    """Why a TMA store cannot take a tile a TMA load left in shared memory laid out as `held`
    (None: it can), as a verb phrase of the store. The store reads its boxes laid out as
    `store`; a tile that lies otherwise is read back into registers in the chunk placement
    and written into a buffer laid out as the store's (emit/tileas_kernel.py: staged), so
    the tile must take that placement. The
    emitter refuses such a store with these words, and lower-tma-load-store-to-async reports
    it at the store (`lower.register-tile`)."""
    if held == store:
        return None
    why = register_tile_problem(dims, bits, threads)
    if why is None:
        return None
    return (f"takes a tile a TMA load left in shared memory in {_layout_text(held)}, not in its "
            f"{_layout_text(store)}, restaging it through registers, which it cannot: {why}")
