"""What each parameter of a cute_nvgpu atom type means, as the CuTe DSL prints it.

One table for every parameter spelling of the DSL's type vocabulary (the catalogue
tests/corpus/cutedsl/vocabulary.json, written by tools/corpus/vocabulary.py, holds every atom type
the DSL builds): `key = value` parameters by key, bare words by the atom that writes them, and the
positional ones (value type, shape, widths) by their kind. Hover reads it to say what each written
parameter means (features/cards.py); the types stage reads `SIMT_COPY_SETTINGS` for the values a
SIMT copy's cache and memory settings may take (dialects/cute_nvgpu/types.py).

Where a parameter selects a PTX modifier, the meaning names it (PTX ISA: `ld`, `st`, `ldmatrix`,
`cp.async.bulk`, `tcgen05.ld/st/cp/mma`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .atoms import MATRIX_MODES, MatrixMode
from .tiers import describe_requirements


@dataclass(frozen=True)
class Meaning:
    """What a parameter says, and (for an enumerated one) what each of its values means."""
    text: str
    values: dict[str, str] = field(default_factory=dict)

    def of(self, value: str) -> str:
        """The sentence for one written value: the parameter's meaning, then the value's."""
        said = self.values.get(value.strip())
        return f"{self.text}: {said}" if said else self.text


# The DSL's SIMT copies (`atom.g2r`, `r2g`, `s2r`, `r2s`): cache and memory settings beyond the
# universal copy's width, order and scope; values as the DSL's enums print them (the first of each
# is the enum's default, which the DSL leaves out when printing).
_L1_EVICTION = {
    "evict_normal": "the default L1 eviction priority (no modifier)",
    "evict_first": "`.L1::evict_first`: likely to be evicted first (data used once)",
    "evict_last": "`.L1::evict_last`: kept in L1 in preference to other data",
    "evict_unchanged": "`.L1::evict_unchanged`: the line keeps its eviction priority",
    "no_allocate": "`.L1::no_allocate`: not allocated in L1",
}
_L2_PREFETCH = {
    "none": "no L2 prefetch hint",
    "reserved": "the enum's reserved encoding (no PTX prefetch-size modifier)",
    "size_64b": "`.L2::64B`: prefetch 64 bytes into L2",
    "size_128b": "`.L2::128B`: prefetch 128 bytes into L2",
    "size_256b": "`.L2::256B`: prefetch 256 bytes into L2",
}
_LOAD_CACHE = {
    "always": "`.ca`: cache at all levels (the default)",
    "global": "`.cg`: cache in L2, not in L1",
    "streaming": "`.cs`: streaming, likely accessed once",
    "last_use": "`.lu`: last use of the line",
    "none": "no cache operator",
}
_STORE_CACHE = {
    "write_back": "`.wb`: write back at all coherent levels (the default)",
    "global": "`.cg`: cache in L2, not in L1",
    "streaming": "`.cs`: streaming, likely accessed once",
    "write_through": "`.wt`: write through to system memory",
    "none": "no cache operator",
}
_SHARED_SPACE = {
    "cta": "`.shared::cta`: the executing CTA's shared memory (the default)",
    "cluster": "`.shared::cluster`: shared memory of any CTA in the cluster",
}
_BOOLEAN = {"true": "yes", "false": "no"}

# key -> the values it may take, for the keys the types stage checks on a SIMT copy.
SIMT_COPY_SETTINGS: dict[str, tuple[str, ...]] = {
    "l1_cache_evict_priority": tuple(_L1_EVICTION),
    "l2_prefetch_size": tuple(_L2_PREFETCH),
    "load_cache_mode": tuple(_LOAD_CACHE),
    "store_cache_mode": tuple(_STORE_CACHE),
    "shared_space": tuple(_SHARED_SPACE),
    "invariant": tuple(_BOOLEAN),
}
# Which SIMT copy takes which of those keys (the DSL's CopyG2ROp / CopyR2GOp / CopyS2ROp /
# CopyR2SOp constructors: load settings on loads from global memory, store settings on stores).
SIMT_COPY_KEYS: dict[str, frozenset[str]] = {
    "atom.g2r": frozenset({"l1_cache_evict_priority", "l2_prefetch_size", "load_cache_mode",
                           "shared_space", "invariant"}),
    "atom.r2g": frozenset({"l1_cache_evict_priority", "store_cache_mode", "shared_space"}),
    "atom.s2r": frozenset({"shared_space"}),
    "atom.r2s": frozenset({"shared_space"}),
}

_MEMORY_ORDER = {
    "weak": "`.weak` (the default): no ordering",
    "relaxed": "`.relaxed`: a strong access within the scope, ordering no other access",
    "acquire": "`.acquire`, a load's: the thread's later accesses wait for it, and see what a "
               "release it reads from published",
    "release": "`.release`, a store's: the thread's earlier accesses are done before it, visible to "
               "an acquire that reads it",
    "acq_rel": "acquire on the load, release on the store (no one `ld` or `st` has both)",
    "sc": "sequentially consistent: no `ld` or `st` has it (PTX writes such a load as `fence.sc` "
          "and an acquire)",
    "mmio": "`.mmio`: memory-mapped I/O, performed exactly once",
    "constant": "read-only data (`ld.const`-like, the constant cache)",
    "volatile": "`.volatile`: not cached or combined by the compiler",
}
_MEMORY_SCOPE = {
    "cta": "`.cta` (the default): threads of the CTA",
    "cluster": "`.cluster`: threads of the cluster",
    "gpu": "`.gpu`: threads of the GPU",
    "sys": "`.sys`: the whole system, host included",
}

KEYED: dict[str, Meaning] = {
    # copies
    "val_type": Meaning("element type the atom moves"),
    "copy_bits": Meaning("bits one copy moves"),
    "mem_order": Meaning("memory ordering of the access", _MEMORY_ORDER),
    "mem_scope": Meaning("scope of the memory ordering", _MEMORY_SCOPE),
    "src_space": Meaning("memory space the copy reads"),
    "dst_space": Meaning("memory space the copy writes"),
    "l1_cache_evict_priority": Meaning("L1 eviction priority", _L1_EVICTION),
    "l2_prefetch_size": Meaning("L2 prefetch size", _L2_PREFETCH),
    "load_cache_mode": Meaning("cache operator of the load", _LOAD_CACHE),
    "store_cache_mode": Meaning("cache operator of the store", _STORE_CACHE),
    "shared_space": Meaning("shared-memory window the access addresses", _SHARED_SPACE),
    "invariant": Meaning("the data is read-only for the kernel's lifetime (`ld.global.nc`, the "
                         "non-coherent read-only path)", _BOOLEAN),
    "cache": Meaning("cache operator of the asynchronous copy", _LOAD_CACHE),
    "mcast": Meaning("multicast to several CTAs of the cluster (`.multicast::cluster`)", _BOOLEAN),
    "mask": Meaning("a byte mask selects the bytes stored (`.cp_mask`)", _BOOLEAN),
    # ldmatrix / stmatrix
    "num_matrices": Meaning("matrices one instruction moves (`.x1`, `.x2`, `.x4`)"),
    "sz_pattern": Meaning("element size in shared memory and in registers", {
        "u16": "16-bit elements (`.b16`)",
        "u8": "8-bit elements (`.b8`)",
        "u4x16p64to8": "4-bit elements, 16 packed in 64 bits, each widened to 8 bits in the "
                       "registers (`.b8x16.b4x16_p64`)",
        "u6x16p32to8": "6-bit elements, 16 packed with 32 bits of padding, each widened to 8 "
                       "bits in the registers (`.b8x16.b6x16_p32`)",
    }),
    # TMA
    "tma_gbasis": Meaning("the box's modes over the tensor's dimensions (a layout of basis "
                          "elements `1@d`: stride 1 along dimension d)"),
    "tma_format": Meaning("element format of the tensor map (`CUtensorMapDataType`)"),
    # tensor memory
    "half_split_off": Meaning("column offset of the second half of a `.16x32bx2` access "
                              "(`immHalfSplitoff`)"),
    # MMA
    "elem_type": Meaning("element types (A, B, accumulator)"),
    "ab_major": Meaning("major mode of A and B: `k` = K-major, `mn` = M- (A) or N-major (B)"),
    "frag_kind": Meaning("where A and B come from", {
        "ss": "both from shared memory (matrix descriptors)",
        "rs": "A from registers, B from shared memory",
        "ts": "A from tensor memory, B from shared memory",
    }),
    "num_cta": Meaning("CTAs that issue the MMA or TMA transfer together", {
        "1": "one CTA (`.cta_group::1`)",
        "2": "a CTA pair (`.cta_group::2`), which only tcgen05's targets run (sm_100f, sm_110f)"}),
    "c_scale_exp": Meaning("the accumulator is scaled by 2^-N before it is added "
                           "(`scale-input-d`; 0 = unscaled)"),
    "sf_type": Meaning("element type of the scale factors"),
    "vec_size": Meaning("elements that share one scale factor (`.block16` / `.block32`)"),
    "use_sf_layout_TV": Meaning("scale factors are given in the MMA's thread-value layout",
                                _BOOLEAN),
    "arch_promote": Meaning("the instruction form of a newer architecture this atom uses "
                            "(`sm_103`: the SM103 block-scaled tile)"),
    "e_type": Meaning("element type of the sparsity metadata"),
    "sparse_metadata_format": Meaning("layout of the 2:4 sparsity metadata", {
        "tid": "metadata addressed by thread id"}),
}

# Bare words, by the atoms that write them; `*` for words every atom means the same way.
_REDUCTIONS = {w: f"reduction `.{w.lower()}` of the TMA reduce"
               for w in ("ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR")}

def _matrix_mode(m: MatrixMode) -> str:
    """What one DSL matrix shape of ldmatrix / stmatrix is in PTX (`tables/atoms.MATRIX_MODES`)."""
    unit = "16-bit units (`.b16`)" if m.patterns == ("u16",) else "bytes"
    if m.per_ptx_matrix > 1:
        said = f"half a `.{m.shape}` matrix of {unit} (two of them are one PTX matrix)"
    else:
        said = f"`.{m.shape}`: {m.rows_cols} matrices of {unit}"
    if m.transpose is not None:
        said += ", always transposed (`.trans`)" if m.transpose else ", never transposed"
    if m.requires:
        said += f"; {describe_requirements(m.requires)} only"
    if m.counts_values:
        said += ("; the DSL counts matrices of its value type, so a value wider than a byte fills "
                 "several (16-bit: 2, 32-bit: 4)")
    return said


def _matrix_modes(atom: str) -> Meaning:
    return Meaning("rows x columns of one matrix the instruction moves",
                   {f'<"{m.mode}">': _matrix_mode(m) for m in MATRIX_MODES if m.atom == atom})


# The executable TMA atoms (`make_exec_tma`'s result): how the transfer walks the tensor
# (the DSL's `#cute_nvgpu.tma_load_mode` / `tma_store_mode` cases, PTX's `.load_mode`).
_TMA_MODES = {
    "tiled": "`.tile`: a box of the tensor, as its tensor map tiles it",
    "im2col": "`.im2col`: rows of an im2col view of a convolution's input (rank 3..5, with "
              "per-transfer offsets)",
    "w": "`.im2col::w`: the im2col view along W only",
    "w128": "`.im2col::w::128`: the im2col view along W, 128 elements at a time",
    "gather4": "`.tile::gather4`: four rows gathered from a 2-D tensor",
    "scatter4": "`.tile::scatter4`: four rows scattered to a 2-D tensor",
}
_EXEC_TMA: dict[str, Meaning] = {
    "mode": Meaning("how the transfer addresses the tensor", _TMA_MODES),
    "g_stride": Meaning("the global tensor's stride the atom keeps on its type (a CuTe stride; "
                        "`()`: none kept, the tensor map holds the strides)"),
}
# `key = value` parameters one atom means otherwise than `KEYED` says (or that only it has).
KEYED_BY_ATOM: dict[str, dict[str, Meaning]] = {
    "atom.tma_load": _EXEC_TMA,
    "atom.tma_store": _EXEC_TMA,
    "atom.tma_reduce": {**_EXEC_TMA, "kind": Meaning(
        "the reduction the transfer applies", {w: f"`.{w.lower()}`" for w in _REDUCTIONS})},
    "atom.ldsm": {"mode": _matrix_modes("atom.ldsm")},
    "atom.stsm": {"mode": _matrix_modes("atom.stsm")},
}
_TMA_LOAD = {
    "sm_90": "TMA load of SM90 (`cp.async.bulk.tensor`, one CTA)",
    "sm_90_multicast": "TMA load of SM90 multicast to the CTAs of a cluster "
                       "(`.multicast::cluster`)",
    "sm_100_2sm": "TMA load of a CTA pair (`.cta_group::2`)",
    "sm_100_2sm_multicast": "TMA load of a CTA pair, multicast (`.multicast::cluster.cta_group::2`)",
}
_TMEM_REDUCE = {"max": "reduce the loaded columns to their maximum (`.red.max`)",
                "min": "reduce the loaded columns to their minimum (`.red.min`)",
                "red": "the reduced value is returned too (`.red`)"}
KEYWORDS: dict[str, dict[str, str]] = {
    "*": {"t": "transposed (`.trans`)", "n": "not transposed"},
    "atom.non_exec_tiled_tma_load": _TMA_LOAD,
    "atom.non_exec_tiled_tma_reduce": _REDUCTIONS,
    "atom.tmem_load": {"pack16b": "two 16-bit columns packed into one 32-bit register "
                                  "(`.pack::16b`)"},
    "atom.tmem_store": {"expand16b": "one 32-bit register unpacked into two 16-bit columns "
                                     "(`.unpack::16b`)"},
    "atom.tmem_load_red": _TMEM_REDUCE,
    "atom.tmem_load_spcompress": _TMEM_REDUCE,
    "atom.s2t_copy": {
        "cta": "the CTA group the copy is issued for (`1 cta`: `.cta_group::1`, `2 cta`: `::2`)",
        "x4": "each 32-lane slice is copied to all four warps' lanes (`.warpx4`)",
        "lw_0213": "lanes broadcast to warp pairs 0/2 and 1/3 (`.warpx2::02_13`)",
        "lw_0123": "lanes broadcast to warp pairs 0/1 and 2/3 (`.warpx2::01_23`)",
    },
}
_REPETITION = re.compile(r"x(\d+)")
_TMEM_ATOMS = frozenset({"atom.tmem_load", "atom.tmem_store", "atom.tmem_load_red",
                         "atom.tmem_load_spcompress"})

# Widths by unit: `128 b` (a copy's bits), the tensor-memory shapes' `32 DP, 32 bit` (lanes x
# bits per lane: `.32x32b`).
UNITS: dict[str, str] = {
    "b": "bits one copy moves",
    "DP": "lanes (data paths) of the tensor-memory shape: `32 DP, 32 bit` is `.32x32b`",
    "bit": "bits per lane of the tensor-memory shape: `16 DP, 128 bit` is `.16x128b`",
}


def keyword_meaning(mnemonic: str, word: str) -> str | None:
    """What a bare word parameter of `mnemonic` means, or None."""
    said = KEYWORDS.get(mnemonic, {}).get(word) or KEYWORDS["*"].get(word)
    if said:
        return said
    if _REPETITION.fullmatch(word) and mnemonic in _TMEM_ATOMS:
        return f"the shape repeated {word[1:]} time(s) along the columns (`.{word}`)"
    return None


# Positional parameters: what a written type means where it stands, by the atom.
TYPE_PARAMETER_KINDS = frozenset({
    "integer_type", "float_type", "index_type", "none_type", "memref_type", "tensor_type",
    "vector_type", "complex_type", "tuple_type", "type_alias", "dialect_type", "cute_nvgpu_type"})
_INTEGER_MEANING = {
    "atom.s2t_copy": "CTA group of the copy, with `cta` (`1 cta`: `.cta_group::1`, `2 cta`: `::2`)",
    "atom.simt_async_copy": "bytes one copy moves",
}
_SPEC_KEYWORDS = {
    "allow_dsmem": "the copy may address distributed shared memory (another CTA's, in the cluster)",
    "ca": "`.ca`: cache at all levels", "cg": "`.cg`: cache in L2, not in L1",
}
_MATRIX_KEYWORD = re.compile(r"m8n8(?:\.x(\d+))?(\.trans)?")


def explain(mnemonic: str, kind: str, text: str, key: str | None, value: str | None,
            index: int) -> str | None:
    """What one written parameter of a `mnemonic` type means: `kind`, `text`, `key` and `value`
    as the types stage reads them (dialects/cute_nvgpu/types.py, TypeParam), `index` its
    position among the parameters. None: nothing here describes it."""
    own = KEYED_BY_ATOM.get(mnemonic, {})
    if kind == "key_value" and key in own:
        return own[key].of(value or "")
    if kind == "key_value" and key in KEYED:
        return KEYED[key].of(value or "")
    if kind in ("memory_order", "memory_scope"):
        return KEYED["mem_order" if kind == "memory_order" else "mem_scope"].of(value or "")
    if kind == "bit_width":
        return UNITS.get(key or "")
    if kind == "keyword":
        return keyword_meaning(mnemonic, text) or _SPEC_KEYWORDS.get(text) or _matrix(text)
    if kind == "integer":
        return _INTEGER_MEANING.get(mnemonic)
    if kind == "shape":
        return ("M x N x K of one FMA" if mnemonic == "atom.universal_fma"
                else "M x N x K of one MMA instruction")
    if kind == "parameter_group" and mnemonic == "atom.universal_fma":
        return "element types of A and B"
    if kind in TYPE_PARAMETER_KINDS:
        if mnemonic == "atom.universal_fma":
            return "element type of the accumulator and the result"
        if mnemonic == "smem_desc_view":
            return "the shared-memory buffer the descriptor views"
        return "element type the atom moves"
    if mnemonic == "smem_desc_view" and index == 1:
        return "the layout the descriptor describes the buffer with"
    return None


def _matrix(text: str) -> str | None:
    """The spec's ldmatrix / stmatrix spelling `m8n8.x4.trans`."""
    m = _MATRIX_KEYWORD.fullmatch(text)
    if m is None:
        return None
    count = m.group(1) or "1"
    return (f"{count} 8x8 matrices of 16-bit elements (`.m8n8.x{count}`)"
            + (", transposed (`.trans`)" if m.group(2) else ""))
