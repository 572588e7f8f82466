"""MLIR's builtin shaped types as the verifiers read them: `memref<64x?xf16, 1>`,
`tensor<64x64xf16>`, `vector<4xf32>`: the kind, the dimensions (None for `?`), the element type,
and a memref's memory space."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ..text.brackets import top_level_parameters  # noqa: F401 (verify/tma.py reads it from here)

_SHAPED = re.compile(r"^(memref|tensor|vector)<(.*)>$", re.S)
# Leading `64x`, `?x` dimensions; the rest up to the first top-level comma is the element type.
_DIMS = re.compile(r"^((?:(?:\d+|\?)\s*x\s*)*)(.*)$", re.S)


@dataclass(frozen=True)
class Shaped:
    kind: str                       # "memref", "tensor" or "vector"
    dims: tuple[int | None, ...]    # None: dynamic (`?`)
    element: str
    # A memref's memory space as written (`3`, `#gpu.address_space<workgroup>`); None when the
    # type gives none (for a memref: the default space, registers in this project's convention).
    memory_space: str | None = None

    @property
    def rank(self) -> int:
        return len(self.dims)


@functools.lru_cache(maxsize=1024)      # a file writes few distinct types, each many times
def shaped(text: str) -> Shaped | None:
    """The shaped type `text` spells, or None (unranked `*x` included)."""
    match = _SHAPED.match(text.strip())
    if match is None:
        return None
    parameters = top_level_parameters(match.group(2))
    first = parameters[0]
    if first.startswith("*"):
        return None
    dims_text, element = _DIMS.match(first).groups()
    dims = tuple(None if d.strip() == "?" else int(d) for d in dims_text.split("x")[:-1]) if dims_text else ()
    # memref<shape x element, layout?, memory space?>: the space is an integer or an attribute
    # that is not a layout, and comes last.
    space = parameters[-1] if match.group(1) == "memref" and len(parameters) > 1 else None
    if space is not None and not (space.isdigit() or space.startswith("#gpu.address_space<")):
        space = None
    return Shaped(match.group(1), dims, element.strip(), space)


_FLOAT_BITS = {"bf16": 16, "tf32": 32, "f16": 16, "f32": 32, "f64": 64}


def element_bits(t: str | None) -> int | None:
    """Bits of an element type as MLIR (or the DSL's `u16`) spells it."""
    if t is None:
        return None
    if t in _FLOAT_BITS:
        return _FLOAT_BITS[t]
    m = re.fullmatch(r"f(\d+)E\w+", t) or re.fullmatch(r"(?:i|si|ui|u|s|b)(\d+)", t)
    return int(m.group(1)) if m else None
