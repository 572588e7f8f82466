"""CuTe's swizzle functor ``S<B,M,S>``, the XOR permutation used on shared memory."""

from __future__ import annotations

from dataclasses import dataclass

from .inttuple import is_int


@dataclass(frozen=True)
class Swizzle:
    """``Swizzle<BBits, MBase, SShift>`` from CuTe.

    Reading an offset in binary, the ``bits`` bits starting at position
    ``base + max(0, shift)`` (the "YYY" mask) are XOR-ed into the ``bits`` bits
    starting at ``base - min(0, shift)`` (the "ZZZ" mask).  The lowest ``base``
    bits are never touched, which keeps vectors of ``2**base`` elements
    contiguous.  A positive shift moves YYY down onto ZZZ, a negative one up.
    """

    bits: int
    base: int
    shift: int

    def __post_init__(self) -> None:
        for name in ("bits", "base", "shift"):
            if not is_int(getattr(self, name)):
                raise ValueError(f"Swizzle {name} must be an int, got {getattr(self, name)!r}")
        problem = swizzle_problem(self.bits, self.base, self.shift)
        if problem:
            raise ValueError(problem)

    @property
    def yyy_mask(self) -> int:
        return ((1 << self.bits) - 1) << (self.base + max(0, self.shift))

    @property
    def zzz_mask(self) -> int:
        return ((1 << self.bits) - 1) << (self.base - min(0, self.shift))

    def __call__(self, offset: int) -> int:
        if not is_int(offset):
            raise ValueError(f"Swizzle applies to an int offset, got {offset!r}")
        moved = offset & self.yyy_mask
        moved = moved >> self.shift if self.shift >= 0 else moved << -self.shift
        return offset ^ moved

    def __str__(self) -> str:
        from .printer import format_layout

        return format_layout(self)


def swizzle_problem(bits: int, base: int, shift: int) -> str | None:
    """Why ``S<bits,base,shift>`` is not a valid swizzle, or None if it is.

    These are the conditions CuTe asserts: without |shift| >= bits the YYY and
    ZZZ fields would overlap and the map would not be a permutation.
    """
    if bits < 0:
        return f"swizzle bits must be non-negative, got {bits}"
    if base < 0:
        return f"swizzle base must be non-negative, got {base}"
    if abs(shift) < bits:
        return f"swizzle |shift| must be at least bits ({bits}), got {shift}"
    return None
