"""Integer tuples: the shapes, strides and offsets that CuTe layouts are made of.

An ``IntTuple`` is either a leaf or a (possibly empty, possibly nested) Python
tuple of ``IntTuple``.  A leaf is one of

* ``int`` -- a value known at compile time;
* ``str`` starting with ``'?'`` -- a value only known at run time.  The CuTe DSL
  prints these as ``?`` or with a divisibility annotation such as
  ``?{div=16}`` or ``?{i64 div=64}``; the annotation is kept verbatim so that
  printing reproduces it, but every operation treats the leaf as "unknown";
* ``ScaledBasis`` -- CuTe's ``c@m`` element: the value ``c`` along the basis
  direction ``m`` of a multi-dimensional coordinate space (used by TMA
  layouts, whose "offsets" are coordinates rather than linear indices).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Union

DYNAMIC = "?"


def is_int(x: object) -> bool:
    # bool is an int subclass, but True/False are never layout values.
    return isinstance(x, int) and not isinstance(x, bool)


def is_dynamic(x: object) -> bool:
    return isinstance(x, str) and x.startswith(DYNAMIC)


@dataclass(frozen=True)
class ScaledBasis:
    """CuTe's ``ScaledBasis<T, Ns...>``: ``value`` times the basis element E<Ns...>.

    ``modes`` is the path of the basis element from the outermost mode inward,
    as in CuTe's ``E<Ns...>``: ``modes == (0, 1)`` is the unit vector at
    coordinate position ``get<0,1>``.  CuTe *prints* that path innermost first,
    so the text ``1@1@0`` has ``modes == (0, 1)`` and ``1@0`` has ``modes == (0,)``.
    """

    value: int | str
    modes: tuple[int, ...]

    def __post_init__(self) -> None:
        if not (is_int(self.value) or is_dynamic(self.value)):
            raise ValueError(f"ScaledBasis value must be an int or '?', got {self.value!r}")
        if (
            not isinstance(self.modes, tuple)
            or not self.modes
            or not all(is_int(m) and m >= 0 for m in self.modes)
        ):
            raise ValueError(
                f"ScaledBasis modes must be a non-empty tuple of non-negative ints, got {self.modes!r}"
            )

    def __str__(self) -> str:
        from .printer import format_int_tuple

        return format_int_tuple(self)


IntTuple = Union[int, str, ScaledBasis, tuple["IntTuple", ...]]


def is_leaf(x: object) -> bool:
    return is_int(x) or is_dynamic(x) or isinstance(x, ScaledBasis)


def is_int_tuple(x: object) -> bool:
    """True when ``x`` is a well-formed IntTuple (no lists, floats, bools...)."""
    if isinstance(x, tuple):
        return all(is_int_tuple(e) for e in x)
    return is_leaf(x)


def check_int_tuple(x: object, what: str = "IntTuple") -> None:
    if not is_int_tuple(x):
        raise ValueError(f"{what} must be an IntTuple (int, '?', ScaledBasis or tuple), got {x!r}")


def leaves(t: IntTuple) -> tuple:
    """All leaves of ``t`` in order; a leaf yields a 1-tuple."""
    return tuple(_iter_leaves(t))


def _iter_leaves(t: IntTuple) -> Iterator:
    if isinstance(t, tuple):
        for e in t:
            yield from _iter_leaves(e)
    else:
        yield t


def flatten_tuple(t: IntTuple) -> IntTuple:
    """CuTe ``flatten``: a leaf stays a leaf, a tuple becomes a flat tuple."""
    return leaves(t) if isinstance(t, tuple) else t


def tuple_rank(t: IntTuple) -> int:
    return len(t) if isinstance(t, tuple) else 1


def tuple_depth(t: IntTuple) -> int:
    if isinstance(t, tuple):
        return 1 + max((tuple_depth(e) for e in t), default=0)
    return 0


def tuple_product(t: IntTuple) -> int | None:
    """Product of all leaves, or None if any leaf is not a known integer.

    A scaled-basis leaf has no extent of its own, so it makes the product
    undefined just like a dynamic leaf.
    """
    result = 1
    for leaf in _iter_leaves(t):
        if not is_int(leaf):
            return None
        result *= leaf
    return result


def congruent(a: IntTuple, b: IntTuple) -> bool:
    """Same tree structure (CuTe's ``congruent``): both leaves or equal-rank tuples."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(congruent(x, y) for x, y in zip(a, b))
    return not isinstance(a, tuple) and not isinstance(b, tuple)


def tuple_is_static(t: IntTuple) -> bool:
    for leaf in _iter_leaves(t):
        value = leaf.value if isinstance(leaf, ScaledBasis) else leaf
        if is_dynamic(value):
            return False
    return True


def tuple_has_scaled_basis(t: IntTuple) -> bool:
    return any(isinstance(leaf, ScaledBasis) for leaf in _iter_leaves(t))


def compact_left_stride(shape: IntTuple) -> IntTuple | None:
    """Column-major (CuTe ``LayoutLeft``) strides for ``shape``.

    The first leaf gets stride 1 and every later leaf the product of all
    earlier extents.  Once a dynamic extent has been passed the product is
    unknown, so the remaining strides are ``'?'`` -- the same thing the CuTe
    DSL prints for a compact layout over a dynamic shape.  Returns None when
    the shape contains scaled-basis entries, which have no extent.
    """
    check_int_tuple(shape, "shape")
    if tuple_has_scaled_basis(shape):
        return None
    running: list = [1]

    def build(t: IntTuple) -> IntTuple:
        if isinstance(t, tuple):
            return tuple(build(e) for e in t)
        stride = running[0]
        if is_int(stride) and is_int(t):
            running[0] = stride * t
        else:
            running[0] = DYNAMIC
        return stride

    return build(shape)


def strip_annotation(leaf: object) -> object:
    """Forget a dynamic value's divisibility hint: ``?{div=16}`` -> ``?``."""
    if is_dynamic(leaf):
        return DYNAMIC
    if isinstance(leaf, ScaledBasis) and is_dynamic(leaf.value):
        return ScaledBasis(DYNAMIC, leaf.modes)
    return leaf


# --- arithmetic on stride leaves ------------------------------------------------
#
# Strides are ints, dynamic values or scaled-basis elements.  The algebra only
# ever needs to scale a stride by a known integer and to test two strides for
# equality, so those two operations are all that is defined here.


def scale_stride(stride: object, factor: int) -> object:
    """``stride * factor`` for a known integer ``factor``."""
    if is_int(stride):
        return stride * factor
    if isinstance(stride, ScaledBasis):
        if is_int(stride.value):
            return ScaledBasis(stride.value * factor, stride.modes)
        return ScaledBasis(DYNAMIC, stride.modes)
    return DYNAMIC


def strides_provably_equal(a: object, b: object) -> bool:
    """Equality that is only True when both sides are known at compile time."""
    if is_int(a) and is_int(b):
        return a == b
    if isinstance(a, ScaledBasis) and isinstance(b, ScaledBasis):
        return a.modes == b.modes and is_int(a.value) and a.value == b.value
    return False
