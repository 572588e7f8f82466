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
