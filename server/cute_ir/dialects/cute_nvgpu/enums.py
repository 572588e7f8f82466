"""Enum spellings of the cute_nvgpu type surface (asm-printer page, "Enum Spellings")."""

MEMORY_ORDERS: tuple[str, ...] = ("relaxed", "acquire", "release", "acq_rel", "sc", "mmio", "constant", "volatile")
MEMORY_SCOPES: tuple[str, ...] = ("cluster", "gpu", "sys")

# Parameter spellings of `atom.universal_copy<...>`, in printing order.
ALLOW_DSMEM = "allow_dsmem"
BIT_UNIT = "b"

DIALECT = "cute_nvgpu"

# cp.async cache operators by every spelling an atom may carry: the PTX one (`ca`, `cg`) and the
# CuTe DSL's `#cute_nvgpu.load_cache_mode<always|global|...>` (always = cache at all levels,
# global = L2 only). The DSL's other modes (streaming, last_use, none) have no cp.async form.
CP_ASYNC_CACHE: dict[str, str] = {"ca": "ca", "cg": "cg", "always": "ca", "global": "cg"}

# ---------------------------------------------------------------------------- TMA
# One table for every TMA enum: the attribute mnemonic it is written with
# (`#cute_nvgpu.<mnemonic><case>`) -> its legal cases, in value order.
#
# The spec's three enums (tma-atoms, "Partition Op and Mode Enums") are written with the C
# enumerator lower-cased and without its `TMA_LOAD_` / `TMA_STORE_` / `TMA_REDUCE_` prefix;
# a case's value is its position. The CuTe DSL's enum attributes
# (../reference/cute-dsl-surface.md) keep the DSL's own spelling. `load_cache_mode` also takes
# the PTX cache operators (`ca`, `cg`, `cs`, `lu`) the spec's worked example writes, as
# synonyms of the DSL cases they name.
TMA_LOAD_MODE = "load_mode"
TMA_STORE_MODE = "store_mode"
TMA_REDUCE_KIND = "reduce_kind"
# The CuTe DSL's load-mode enum attribute; the descriptor builder's `mode` is written with it.
DSL_TMA_LOAD_MODE = "tma_load_mode"

TMA_ENUMS: dict[str, tuple[str, ...]] = {
    # spec (TmaLoadMode 4, TmaStoreMode 4, TmaReduceKind 8)
    TMA_LOAD_MODE: ("no_multicast", "two_cta", "w_multicast", "w128_multicast"),
    TMA_STORE_MODE: ("tiled", "im2col", "im2col_w", "im2col_w128"),
    TMA_REDUCE_KIND: ("add", "min", "max", "inc", "dec", "and", "or", "xor"),
    # CuTe DSL
    DSL_TMA_LOAD_MODE: ("tiled", "im2col", "w128", "w", "gather4"),
    "tma_store_mode": ("tiled", "im2col", "scatter4"),
    "tma_reduce_kind": ("ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR"),
    "load_cache_mode": ("always", "global", "streaming", "last_use", "none", "ca", "cg", "cs", "lu"),
    "tma_data_format": ("U8", "U16", "U32", "S32", "U64", "S64", "F16_RN", "F32_RN", "F64_RN",
                        "BF16_RN", "F32_FTZ_RN", "TF32_RN", "TF32_FTZ_RN"),
}

# The load modes a TMA descriptor is built in (tileas-tma-and-memops, "Mode and multicast
# rules": the descriptor builder accepts these and no other `tma_load_mode` case).
DESCRIPTOR_LOAD_MODES: tuple[str, ...] = ("tiled", "im2col", "im2col_at", "tiled_at", "gather4")
# And the store modes (LowerTMALoadStoreToAsync's descriptor bind: "store / reduce / scatter4 for
# stores"), written `#cute_nvgpu.tma_store_mode<...>` on the builder.
DESCRIPTOR_STORE_MODES: tuple[str, ...] = ("store", "reduce", "scatter4")
# The DSL's enum the builder's store mode is written with.
DSL_TMA_STORE_MODE = "tma_store_mode"
# The builder's `mode` enum -> the cases a descriptor is built in (the DSL's enums have others).
BUILDER_MODES: dict[str, tuple[str, ...]] = {DSL_TMA_LOAD_MODE: DESCRIPTOR_LOAD_MODES,
                                             DSL_TMA_STORE_MODE: DESCRIPTOR_STORE_MODES}

# Load modes whose tile is delivered to several CTAs (the flags word's `multicast` bit):
# they need num_multicast > 1, every other mode num_multicast = 1.
TMA_MULTICAST_LOAD_MODES = frozenset({"w_multicast", "w128_multicast"})


def tma_enum_case(mnemonic: str, case: str) -> str | None:
    """The case as the table spells it (an integer is the case with that value), or None."""
    cases = TMA_ENUMS[mnemonic]
    if case.isdigit():
        return cases[int(case)] if int(case) < len(cases) else None
    return case if case in cases else None
