"""What a type of the IR says, read from its text once per distinct text.

The IR keeps types as their printed form (`ir/core.Type`); `Type.parsed` is this reading: the
cute_nvgpu type (`dialects/cute_nvgpu/types.py`, its spans relative to the type's first byte;
`dialects/cute_nvgpu/written.py` places them where a type is written), the CuTe layout of a
`!cute.layout<"...">` / `!cute.composed_layout<"...">` (`layout/`), or the shape of a builtin
`memref` / `tensor` / `vector` (`ir/shaped.py`). Any other type reads as None.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Union

from ..dialects.cute_nvgpu.types import CuteNvgpuType
from ..dialects.cute_nvgpu.written import read_cute_type
from ..layout import ComposedLayout, Layout, parse_layout
from .shaped import Shaped, shaped

Reading = Union[CuteNvgpuType, Layout, ComposedLayout, Shaped, None]

_LAYOUT_TYPE = re.compile(r"^[!#]cute\.(?:layout|composed_layout)<(.*)>$", re.S)


@lru_cache(maxsize=8192)
def read_type(text: str) -> Reading:
    if text.startswith("!cute_nvgpu."):
        return read_cute_type(text)
    match = _LAYOUT_TYPE.match(text)
    if match is not None:
        body = match.group(1).strip()
        if len(body) >= 2 and body[0] == body[-1] == '"':
            body = body[1:-1]
        result = parse_layout(body) if body else None
        return result.value if result is not None and result.ok else None
    return shaped(text)
