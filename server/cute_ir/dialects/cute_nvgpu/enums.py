"""Enum spellings of the cute_nvgpu type surface (asm-printer page, "Enum Spellings")."""

MEMORY_ORDERS: tuple[str, ...] = ("relaxed", "acquire", "release", "acq_rel", "sc", "mmio", "constant", "volatile")
MEMORY_SCOPES: tuple[str, ...] = ("cluster", "gpu", "sys")

# Parameter spellings of `atom.universal_copy<...>`, in printing order.
ALLOW_DSMEM = "allow_dsmem"
BIT_UNIT = "b"

DIALECT = "cute_nvgpu"
