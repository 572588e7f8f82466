"""Canonical CuTe spelling of layouts: ``(2,2,2):(4,1,8)``, ``8:1``, ``1@0``.

The output has no spaces inside tuples, matching what the CuTe DSL prints, and
``parse_layout(format_layout(x)) == x`` holds for every value.
"""

from __future__ import annotations

from .inttuple import IntTuple, ScaledBasis, is_dynamic, is_int, is_int_tuple
from .model import ComposedLayout, Layout
from .swizzle import Swizzle


def format_int_tuple(t: IntTuple) -> str:
    if isinstance(t, tuple):
        return "(" + ",".join(format_int_tuple(e) for e in t) + ")"
    if isinstance(t, ScaledBasis):
        # CuTe prints the basis path innermost first: E<0,1> is "1@1@0".
        return str(t.value) + "".join(f"@{m}" for m in reversed(t.modes))
    if is_int(t) or is_dynamic(t):
        return str(t)
    raise ValueError(f"not an IntTuple: {t!r}")


def format_layout(x: Layout | ComposedLayout | Swizzle | IntTuple) -> str:
    if isinstance(x, Layout):
        if x.stride is None:
            return format_int_tuple(x.shape)
        return f"{format_int_tuple(x.shape)}:{format_int_tuple(x.stride)}"
    if isinstance(x, ComposedLayout):
        return f"{format_layout(x.inner)} o {format_int_tuple(x.offset)} o {format_layout(x.outer)}"
    if isinstance(x, Swizzle):
        return f"S<{x.bits},{x.base},{x.shift}>"
    if is_int_tuple(x):
        return format_int_tuple(x)
    raise ValueError(f"cannot format {x!r} as a CuTe layout")
