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

from ..dialects.cute_nvgpu.types import CuteNvgpuType, is_cute_nvgpu_type
from ..dialects.cute_nvgpu.written import read_cute_type
from ..layout import ComposedLayout, Layout
from ..layout.parse import parse_written_layout
from .shaped import Shaped, shaped

Reading = Union[CuteNvgpuType, Layout, ComposedLayout, Shaped, None]

_LAYOUT_TYPE = re.compile(r"^[!#]cute\.(?:layout|composed_layout)<.*>$", re.S)


def is_layout_type(text: str) -> bool:
    """`!cute.layout<...>` or `!cute.composed_layout<...>` (or the attribute spellings)."""
    return _LAYOUT_TYPE.match(text) is not None


@lru_cache(maxsize=8192)
def read_type(text: str) -> Reading:
    if is_cute_nvgpu_type(text):
        return read_cute_type(text)
    if is_layout_type(text):
        result = parse_written_layout(text)
        return result.value if result.ok else None
    return shaped(text)
