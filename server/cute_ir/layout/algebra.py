"""CuTe layout algebra: size, coalesce, composition, complement, divide, product.

The operations follow the definitions in CuTe's ``layout.hpp`` and its
documentation.  They work on static layouts; whenever an answer depends on a
value that is only known at run time (``?``), on a stride-less basis tuple, or
on CuTe preconditions that the operands do not meet (e.g. the divisibility
conditions of composition), the result is None instead of an exception, since
operands usually come straight from user text.  Passing objects of the wrong
Python type is a programming error and raises ValueError.

A "tiler" argument may be a Layout, an int ``n`` (the layout ``n:1``), or a
tuple of those applied mode by mode, where None leaves a mode untouched.
"""

from __future__ import annotations

from typing import Union

from .evaluate import layout_fn
from .inttuple import (
    IntTuple,
    ScaledBasis,
    compact_left_stride,
    flatten_tuple,
    is_int,
    is_int_tuple,
    leaves,
    scale_stride,
    strides_provably_equal,
    tuple_depth,
    tuple_has_scaled_basis,
    tuple_is_static,
    tuple_product,
    tuple_rank,
)
from .model import ComposedLayout, Layout
from .swizzle import Swizzle

AnyLayout = Union[Layout, ComposedLayout]
Tiler = Union[Layout, int, tuple]

__all__ = [
    "rank",
    "depth",
    "size",
    "cosize",
    "flatten",
    "coalesce",
    "compact_left_stride",
    "make_layout",
    "mode",
    "composition",
    "complement",
    "logical_divide",
    "logical_product",
    "right_inverse",
    "left_inverse",
    "is_static",
    "has_scaled_basis",
]


def _require_layout(x: object, what: str = "argument") -> AnyLayout:
    if not isinstance(x, (Layout, ComposedLayout)):
        raise ValueError(f"{what} must be a Layout or ComposedLayout, got {x!r}")
    return x


def _require_shape_like(x: object, what: str) -> None:
    if not (isinstance(x, (Layout, ComposedLayout)) or is_int_tuple(x)):
        raise ValueError(f"{what} expects a Layout, ComposedLayout or IntTuple, got {x!r}")


# --- queries ----------------------------------------------------------------------


def rank(x: AnyLayout | IntTuple) -> int:
    """Number of top-level modes (1 for a scalar shape)."""
    _require_shape_like(x, "rank")
    if isinstance(x, ComposedLayout):
        x = x.outer
    return tuple_rank(x.shape if isinstance(x, Layout) else x)


def depth(x: AnyLayout | IntTuple) -> int:
    """Nesting depth: 0 for a scalar shape, 1 for a flat tuple, and so on."""
    _require_shape_like(x, "depth")
    if isinstance(x, ComposedLayout):
        x = x.outer
    return tuple_depth(x.shape if isinstance(x, Layout) else x)


def size(x: AnyLayout | IntTuple) -> int | None:
    """Number of indices in the domain; None if any extent is not a known int."""
    _require_shape_like(x, "size")
    if isinstance(x, ComposedLayout):
        x = x.outer
    return tuple_product(x.shape if isinstance(x, Layout) else x)


def cosize(x: AnyLayout) -> int | None:
    """CuTe's cosize: ``f(size - 1) + 1``, one past the offset of the last index.

    For the usual non-negative strides that is one past the largest offset.
    None when the value is not a statically known integer.
    """
    _require_layout(x, "cosize")
    n = size(x)
    if n is None:
        return None
    last = layout_fn(x)(n - 1)
    return last + 1 if is_int(last) else None


def is_static(x: AnyLayout | Swizzle | IntTuple) -> bool:
    """True when nothing in the layout is a run-time (``?``) value."""
    if isinstance(x, Layout):
        return tuple_is_static(x.shape) and (x.stride is None or tuple_is_static(x.stride))
    if isinstance(x, ComposedLayout):
        return is_static(x.inner) and tuple_is_static(x.offset) and is_static(x.outer)
    if isinstance(x, Swizzle):
        return True
    if is_int_tuple(x):
        return tuple_is_static(x)
    raise ValueError(f"is_static expects a layout or IntTuple, got {x!r}")


def has_scaled_basis(x: AnyLayout | Swizzle | IntTuple) -> bool:
    """True when a scaled-basis element (``c@m``) appears anywhere in the layout."""
    if isinstance(x, Layout):
        return tuple_has_scaled_basis(x.shape) or (
            x.stride is not None and tuple_has_scaled_basis(x.stride)
        )
    if isinstance(x, ComposedLayout):
        return has_scaled_basis(x.inner) or tuple_has_scaled_basis(x.offset) or has_scaled_basis(x.outer)
    if isinstance(x, Swizzle):
        return False
    if is_int_tuple(x):
        return tuple_has_scaled_basis(x)
    raise ValueError(f"has_scaled_basis expects a layout or IntTuple, got {x!r}")


# --- construction -------------------------------------------------------------------


def make_layout(*layouts: Layout) -> Layout:
    """Concatenate layouts as the modes of a new layout (CuTe ``make_layout(a, b, ...)``)."""
    for x in layouts:
        if not isinstance(x, Layout):
            raise ValueError(f"make_layout expects Layouts, got {x!r}")
    missing = [x.stride is None for x in layouts]
    if any(missing):
        if not all(missing):
            raise ValueError("make_layout cannot mix stride-less basis tuples with layouts")
        # Reassembling the modes of a basis tuple: there are no strides to keep.
        return Layout(tuple(x.shape for x in layouts))
    return Layout(tuple(x.shape for x in layouts), tuple(x.stride for x in layouts))


def mode(layout: Layout, index: int) -> Layout:
    """The sub-layout of top-level mode ``index`` (a scalar layout is its own mode 0)."""
    if not isinstance(layout, Layout):
        raise ValueError(f"mode expects a Layout, got {layout!r}")
    if not isinstance(layout.shape, tuple):
        if index != 0:
            raise IndexError(f"mode {index} of a rank-1 layout")
        return layout
    stride = None if layout.stride is None else layout.stride[index]
    return Layout(layout.shape[index], stride)


def _modes(layout: Layout) -> list[Layout]:
    return [mode(layout, i) for i in range(rank(layout))]


def flatten(x: AnyLayout | IntTuple) -> AnyLayout | IntTuple:
    """Remove all nesting: ``((4,8),(2,2)):((32,1),(16,8))`` -> ``(4,8,2,2):(32,1,16,8)``."""
    if isinstance(x, Layout):
        if not isinstance(x.shape, tuple):
            return x
        stride = None if x.stride is None else flatten_tuple(x.stride)
        return Layout(flatten_tuple(x.shape), stride)
    if isinstance(x, ComposedLayout):
        return ComposedLayout(x.inner, x.offset, flatten(x.outer))
    if is_int_tuple(x):
        return flatten_tuple(x)
    raise ValueError(f"flatten expects a layout or IntTuple, got {x!r}")


# --- coalesce -----------------------------------------------------------------------


def coalesce(layout: AnyLayout, profile: IntTuple | None = None) -> AnyLayout:
    """Merge modes without changing the layout's function.

    Without a profile the result is flat (or a scalar layout): size-1 modes are
    dropped and a mode ``(s1, s2):(d, s1*d)`` becomes ``s1*s2:d``.  With a tuple
    profile, each of the first ``len(profile)`` modes is coalesced separately
    (recursively by the sub-profile) and later modes are kept as they are, so
    the result keeps the layout's rank -- CuTe's by-mode coalesce.

    Merges are only made when provable, so dynamic extents simply stay
    separate; the result is always a valid equivalent layout.
    """
    _require_layout(layout, "coalesce")
    if isinstance(layout, ComposedLayout):
        return ComposedLayout(layout.inner, layout.offset, coalesce(layout.outer, profile))
    if layout.stride is None:
        return layout
    if profile is not None and isinstance(profile, tuple):
        if len(profile) > rank(layout):
            raise ValueError(f"coalesce profile {profile!r} has more modes than the layout")
        modes = _modes(layout)
        merged = [coalesce(m, p) for m, p in zip(modes, profile)]
        return make_layout(*merged, *modes[len(profile) :])
    return _coalesce_flat(layout)


def _coalesce_flat(layout: Layout) -> Layout:
    merged: list[list] = []  # [extent, stride] pairs, lowest mode first
    for extent, stride in zip(leaves(layout.shape), leaves(layout.stride)):
        if extent == 1:
            continue
        if merged:
            prev_extent, prev_stride = merged[-1]
            # Mode k continues mode k-1 exactly when it starts where k-1 ends.
            if (
                is_int(prev_extent)
                and not isinstance(extent, ScaledBasis)
                and strides_provably_equal(scale_stride(prev_stride, prev_extent), stride)
            ):
                merged[-1][0] = prev_extent * extent if is_int(extent) else "?"
                continue
        merged.append([extent, stride])
    if not merged:
        return Layout(1, 0)
    if len(merged) == 1:
        return Layout(merged[0][0], merged[0][1])
    return Layout(tuple(e for e, _ in merged), tuple(d for _, d in merged))


# --- composition ----------------------------------------------------------------------


def _tiler_layout(tiler: Layout | int) -> Layout:
    if isinstance(tiler, Layout):
        return tiler
    if is_int(tiler) and tiler > 0:
        return Layout(tiler, 1)
    raise ValueError(f"a tiler entry must be a Layout or a positive int, got {tiler!r}")


def _by_mode(layout: Layout, tiler: tuple, op) -> Layout | None:
    """Apply ``op(mode_i, tiler_i)`` to the leading modes; None in the tiler keeps a mode."""
    if len(tiler) > rank(layout):
        return None
    modes = _modes(layout)
    out = []
    for i, sub in enumerate(tiler):
        result = modes[i] if sub is None else op(modes[i], sub)
        if result is None:
            return None
        out.append(result)
    return make_layout(*out, *modes[len(tiler) :])


def composition(a: AnyLayout, b: Tiler) -> AnyLayout | None:
    """``a o b``: the layout ``i -> a(b(i))`` over ``b``'s domain, in ``b``'s shape.

    Requires CuTe's divisibility conditions: walking ``b``'s stride and extent
    through ``a``'s (coalesced) modes must never split a mode unevenly.  When
    they fail, or when ``b`` has negative, dynamic or scaled-basis strides, the
    result is None.  ``a`` may have scaled-basis strides.
    """
    _require_layout(a, "composition")
    if isinstance(a, ComposedLayout):
        outer = composition(a.outer, b)
        return None if outer is None else ComposedLayout(a.inner, a.offset, outer)
    if isinstance(b, tuple):
        return _by_mode(a, b, composition)
    b = _tiler_layout(b)
    # Only static integer extents can be divided through; everything else
    # (run-time values, basis tuples, scaled-basis extents) has no answer here.
    if size(a) is None or size(b) is None or a.stride is None or b.stride is None:
        return None
    if not (is_static(a) and is_static(b)):
        return None
    if isinstance(b.shape, tuple):
        parts = [composition(a, sub) for sub in _modes(b)]
        if any(p is None for p in parts):
            return None
        return make_layout(*parts)
    return _compose_scalar(a, b.shape, b.stride)


def _compose_scalar(a: Layout, extent: int, stride: object) -> Layout | None:
    """Compose ``a`` with the rank-1 layout ``extent:stride``."""
    if isinstance(stride, ScaledBasis) or not is_int(stride) or stride < 0:
        return None
    if stride == 0 or extent == 1:
        # One index, or all indices on offset a(0) == 0: nothing to walk.
        return Layout(extent, 0)
    flat = coalesce(a)
    shapes, strides = leaves(flat.shape), leaves(flat.stride)
    out_shape: list[int] = []
    out_stride: list = []
    rest_extent, rest_stride = extent, stride
    for cur_extent, cur_stride in zip(shapes[:-1], strides[:-1]):
        if rest_extent == 1:
            break
        # Skip over the part of this mode that rest_stride steps past.
        if cur_extent % rest_stride == 0:
            available = cur_extent // rest_stride
        elif rest_stride % cur_extent == 0:
            available = 1
        else:
            return None  # stride divisibility condition
        taken = min(available, rest_extent)
        if taken < rest_extent and rest_extent % taken != 0:
            return None  # shape divisibility condition
        if taken != 1:
            out_shape.append(taken)
            out_stride.append(scale_stride(cur_stride, rest_stride))
        rest_extent //= taken
        rest_stride = -(-rest_stride // cur_extent)  # ceil division
    if rest_extent != 1 or not out_shape:
        # Whatever is left runs along a's last mode, which is unbounded.
        out_shape.append(rest_extent)
        out_stride.append(scale_stride(strides[-1], rest_stride))
    if len(out_shape) == 1:
        return Layout(out_shape[0], out_stride[0])
    return Layout(tuple(out_shape), tuple(out_stride))


# --- complement, divide, product ------------------------------------------------------


def complement(a: Layout, cosize_bound: int | None = None) -> Layout | None:
    """The layout that fills the gaps of ``a`` up to ``cosize_bound``.

    ``make_layout(a, complement(a, n))`` is then injective and covers at least
    ``[0, n)``; the complement's strides are increasing.  ``cosize_bound``
    defaults to ``cosize(a)``, as in CuTe.  None when ``a`` is not a static
    integer layout, has negative strides, or overlaps itself so that no
    complement exists.
    """
    if not isinstance(a, Layout):
        raise ValueError(f"complement expects a Layout, got {a!r}")
    if cosize_bound is not None and not is_int(cosize_bound):
        raise ValueError(f"complement bound must be an int, got {cosize_bound!r}")
    if not is_static(a) or has_scaled_basis(a):
        return None
    if cosize_bound is None:
        cosize_bound = cosize(a)
        if cosize_bound is None:
            return None
    modes = [
        (d, s) for s, d in zip(leaves(a.shape), leaves(a.stride)) if s != 1 and d != 0
    ]
    if any(d < 0 for d, _ in modes):
        return None
    modes.sort()
    out_shape, out_stride = [], []
    covered = 1  # every offset below `covered` is reachable so far
    for d, s in modes:
        if d % covered != 0:
            return None
        out_shape.append(d // covered)
        out_stride.append(covered)
        covered = s * d
    out_shape.append(max(1, -(-cosize_bound // covered)))
    out_stride.append(covered)
    return coalesce(Layout(tuple(out_shape), tuple(out_stride)))


def logical_divide(a: AnyLayout, tiler: Tiler) -> AnyLayout | None:
    """Split ``a`` into (tile, rest): ``a o (tiler, complement(tiler, size(a)))``.

    Mode 0 of the result enumerates one tile, mode 1 the tiles.  A tuple tiler
    divides mode by mode.
    """
    _require_layout(a, "logical_divide")
    if isinstance(a, ComposedLayout):
        outer = logical_divide(a.outer, tiler)
        return None if outer is None else ComposedLayout(a.inner, a.offset, outer)
    if isinstance(tiler, tuple):
        return _by_mode(a, tiler, logical_divide)
    tile = _tiler_layout(tiler)
    n = size(a)
    if n is None:
        return None
    rest = complement(tile, n)
    if rest is None:
        return None
    return composition(a, make_layout(tile, rest))


def logical_product(a: Layout, tiler: Tiler) -> Layout | None:
    """Repeat ``a`` as laid out by ``tiler``: ``(a, complement(a, size(a)*cosize(tiler)) o tiler)``."""
    if not isinstance(a, Layout):
        raise ValueError(f"logical_product expects a Layout, got {a!r}")
    if isinstance(tiler, tuple):
        return _by_mode(a, tiler, logical_product)
    tile = _tiler_layout(tiler)
    n, m = size(a), cosize(tile)
    if n is None or m is None:
        return None
    rest = complement(a, n * m)
    if rest is None:
        return None
    repeated = composition(rest, tile)
    if repeated is None:
        return None
    return make_layout(a, repeated)


def right_inverse(a: Layout) -> Layout | None:
    """A layout ``r`` with ``a(r(i)) == i`` for every ``i < size(r)``, as large as possible.

    Built by following strides 1, s1, s1*s2, ... through ``a``'s coalesced
    modes, taking the first mode (in mode order) with the wanted stride, as
    CuTe does; the result maps each offset back to its linear index.  None for
    layouts that are not static integer layouts or have negative strides.
    """
    if not isinstance(a, Layout):
        raise ValueError(f"right_inverse expects a Layout, got {a!r}")
    if not is_static(a) or has_scaled_basis(a):
        return None
    flat = coalesce(a)
    shapes, strides = leaves(flat.shape), leaves(flat.stride)
    if any(d < 0 for d in strides):
        return None
    index_strides = leaves(compact_left_stride(flat.shape))
    out_shape, out_stride = [], []
    unused = [k for k, s in enumerate(shapes) if s != 1]
    next_offset = 1
    while True:
        k = next((k for k in unused if strides[k] == next_offset), None)
        if k is None:
            break
        unused.remove(k)
        out_shape.append(shapes[k])
        out_stride.append(index_strides[k])
        next_offset = shapes[k] * strides[k]
    if not out_shape:
        return Layout(1, 0)
    return coalesce(Layout(tuple(out_shape), tuple(out_stride)))


def left_inverse(a: Layout) -> Layout | None:
    """A layout ``l`` with ``l(a(i)) == i`` for every ``i < size(a)`` (``a`` injective)."""
    if not isinstance(a, Layout):
        raise ValueError(f"left_inverse expects a Layout, got {a!r}")
    rest = complement(a)
    if rest is None:
        return None
    return right_inverse(make_layout(a, rest))
