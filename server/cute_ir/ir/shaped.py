"""MLIR's builtin shaped types as the verifiers read them: `memref<64x?xf16, 1>`,
`tensor<64x64xf16>`, `vector<4xf32>`: the kind, the dimensions (None for `?`), the element type."""
from __future__ import annotations

import re
from dataclasses import dataclass

_SHAPED = re.compile(r"^(memref|tensor|vector)<(.*)>$", re.S)
# Leading `64x`, `?x` dimensions; the rest up to the first top-level comma is the element type.
_DIMS = re.compile(r"^((?:(?:\d+|\?)\s*x\s*)*)(.*)$", re.S)


@dataclass(frozen=True)
class Shaped:
    kind: str                       # "memref", "tensor" or "vector"
    dims: tuple[int | None, ...]    # None: dynamic (`?`)
    element: str

    @property
    def rank(self) -> int:
        return len(self.dims)


def top_level_parameters(text: str) -> list[str]:
    """`a, b<c, d>, e` split at the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return parts


def shaped(text: str) -> Shaped | None:
    """The shaped type `text` spells, or None (unranked `*x` included)."""
    match = _SHAPED.match(text.strip())
    if match is None:
        return None
    first = top_level_parameters(match.group(2))[0]
    if first.startswith("*"):
        return None
    dims_text, element = _DIMS.match(first).groups()
    dims = tuple(None if d.strip() == "?" else int(d) for d in dims_text.split("x")[:-1]) if dims_text else ()
    return Shaped(match.group(1), dims, element.strip())
