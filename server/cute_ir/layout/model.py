"""The layout values themselves: ``Layout`` and ``ComposedLayout``."""

from __future__ import annotations

from dataclasses import dataclass, field

from .inttuple import (
    IntTuple,
    check_int_tuple,
    compact_left_stride,
    congruent,
    tuple_has_scaled_basis,
)
from .swizzle import Swizzle


@dataclass(frozen=True)
class Layout:
    """A CuTe layout: a ``shape`` and a congruent ``stride``.

    ``Layout(shape)`` without a stride gets CuTe's default compact
    column-major strides, exactly as ``make_layout(shape)`` does, so the
    stride is always present for ordinary layouts.

    The one exception is a shape that itself holds scaled-basis entries, such
    as the spec's ``(4@0, 32@1)``.  There is no default stride for such a
    "basis tuple", so ``stride`` stays None; the layout then only records the
    tuple (it is static and has scaled basis, but has no size or function).
    """

    shape: IntTuple
    stride: IntTuple | None = field(default=None)

    def __post_init__(self) -> None:
        check_int_tuple(self.shape, "Layout shape")
        if self.stride is None:
            # Frozen dataclass: fill the default through object.__setattr__.
            object.__setattr__(self, "stride", compact_left_stride(self.shape))
            return
        check_int_tuple(self.stride, "Layout stride")
        if not congruent(self.shape, self.stride):
            raise ValueError(f"Layout shape {self.shape!r} and stride {self.stride!r} are not congruent")

    @property
    def is_basis_tuple(self) -> bool:
        """True for a stride-less tuple of scaled-basis values like ``(4@0,32@1)``."""
        return self.stride is None and tuple_has_scaled_basis(self.shape)

    def __str__(self) -> str:
        from .printer import format_layout

        return format_layout(self)


@dataclass(frozen=True)
class ComposedLayout:
    """``inner o offset o outer``: index ``i`` maps to ``inner(offset + outer(i))``.

    This is CuTe's ``ComposedLayout<A, O, B>``; in practice ``inner`` is a
    swizzle applied on top of a plain shared-memory layout.
    """

    inner: Swizzle | Layout
    offset: IntTuple
    outer: Layout

    def __post_init__(self) -> None:
        if not isinstance(self.inner, (Swizzle, Layout)):
            raise ValueError(f"ComposedLayout inner must be a Swizzle or Layout, got {self.inner!r}")
        check_int_tuple(self.offset, "ComposedLayout offset")
        if not isinstance(self.outer, Layout):
            raise ValueError(f"ComposedLayout outer must be a Layout, got {self.outer!r}")

    def __str__(self) -> str:
        from .printer import format_layout

        return format_layout(self)
