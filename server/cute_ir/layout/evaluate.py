"""Evaluating a layout as a function of a linear index.

A layout maps the index ``i`` to the inner product of ``i``'s colexicographic
coordinate (first mode fastest) with the strides.  As in CuTe, an index past
the end keeps counting in the last mode instead of wrapping around.

With integer strides the result is an integer offset.  With scaled-basis
strides the result is a coordinate -- CuTe's ``ArithmeticTuple`` -- returned as
a nested Python tuple: ``(4,32):(1@0,1@1)`` maps 5 to ``(1,1)``.

The result is None whenever it cannot be computed statically: dynamic extents
or strides, a stride-less basis tuple, or strides mixing non-zero integers
with scaled-basis elements (CuTe cannot add an integer to a coordinate either).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .inttuple import ScaledBasis, is_int, leaves
from .model import ComposedLayout, Layout
from .swizzle import Swizzle

Value = int | tuple | None


@dataclass(frozen=True)
class _Compiled:
    """A static layout flattened for evaluation.

    For integer layouts ``strides`` are ints.  For scaled-basis layouts every
    stride becomes a vector over ``paths`` (the basis paths used anywhere in
    the layout), so that offsets can be summed component-wise.
    """

    shapes: tuple[int, ...]
    strides: tuple  # ints, or tuples of ints aligned with ``paths``
    paths: tuple[tuple[int, ...], ...] | None  # None for integer layouts

    def coordinate(self, index: int) -> list[int]:
        coords = []
        for extent in self.shapes[:-1]:
            coords.append(index % extent)
            index //= extent
        coords.append(index)  # the last mode is unbounded, as in CuTe
        return coords

    def raw(self, index: int):
        """Offset at ``index``: an int, or a tuple aligned with ``paths``."""
        if not self.shapes:
            return 0 if self.paths is None else (0,) * len(self.paths)
        coords = self.coordinate(index)
        if self.paths is None:
            return sum(c * d for c, d in zip(coords, self.strides))
        total = [0] * len(self.paths)
        for c, vector in zip(coords, self.strides):
            if c:
                for k, component in enumerate(vector):
                    total[k] += c * component
        return tuple(total)

    def all_raw(self) -> list:
        """Offsets for every index of the domain, built mode by mode."""
        if self.paths is None:
            values = [0]
            for extent, stride in zip(self.shapes, self.strides):
                values = [v + k * stride for k in range(extent) for v in values]
            return values
        values = [(0,) * len(self.paths)]
        for extent, vector in zip(self.shapes, self.strides):
            values = [
                tuple(a + k * b for a, b in zip(v, vector)) for k in range(extent) for v in values
            ]
        return values

    def to_value(self, raw) -> Value:
        if self.paths is None:
            return raw
        return _nest(dict(zip(self.paths, raw)))


def compile_layout(layout: Layout) -> _Compiled | None:
    if layout.stride is None:
        return None
    shapes = leaves(layout.shape)
    strides = leaves(layout.stride)
    if not all(is_int(s) for s in shapes):
        return None
    if all(is_int(d) for d in strides):
        return _Compiled(tuple(shapes), tuple(strides), None)
    paths = []
    for d in strides:
        if is_int(d):
            if d != 0:
                return None  # integer mixed with coordinates: undefined
        elif isinstance(d, ScaledBasis) and is_int(d.value):
            if d.modes not in paths:
                paths.append(d.modes)
        else:
            return None
    paths.sort()
    # A path that is a prefix of another would need one coordinate slot to be
    # both a number and a tuple; CuTe rejects that sum, and so do we.
    for a in paths:
        for b in paths:
            if a != b and b[: len(a)] == a:
                return None
    vectors = []
    for d in strides:
        vector = [0] * len(paths)
        if isinstance(d, ScaledBasis):
            vector[paths.index(d.modes)] = d.value
        vectors.append(tuple(vector))
    return _Compiled(tuple(shapes), tuple(vectors), tuple(paths))


def _nest(components: dict[tuple[int, ...], int]):
    """{path: value} -> nested tuple, e.g. {(0,): a, (1, 1): b} -> (a, (0, b))."""
    if () in components:
        return components[()]
    width = 1 + max(path[0] for path in components)
    result = []
    for k in range(width):
        sub = {path[1:]: v for path, v in components.items() if path[0] == k}
        result.append(_nest(sub) if sub else 0)
    return tuple(result)


def layout_fn(layout: Layout | ComposedLayout) -> Callable[[int], Value]:
    """The layout as a function of a linear index (see the module docstring)."""
    evaluate = _index_function(layout)

    def fn(index: int) -> Value:
        if not is_int(index) or index < 0:
            raise ValueError(f"layout index must be a non-negative int, got {index!r}")
        return None if evaluate is None else evaluate(index)

    return fn


def _index_function(layout: Layout | ComposedLayout) -> Callable[[int], Value] | None:
    if isinstance(layout, Layout):
        compiled = compile_layout(layout)
        if compiled is None:
            return None
        return lambda index: compiled.to_value(compiled.raw(index))
    if isinstance(layout, ComposedLayout):
        outer = compile_layout(layout.outer)
        inner = _inner_function(layout)
        if outer is None or outer.paths is not None or inner is None:
            return None
        return lambda index: inner(layout.offset + outer.raw(index))
    raise ValueError(f"expected a Layout or ComposedLayout, got {layout!r}")


def _inner_function(layout: ComposedLayout) -> Callable[[int], int] | None:
    if not is_int(layout.offset):
        return None
    if isinstance(layout.inner, Swizzle):
        return layout.inner
    compiled = compile_layout(layout.inner)
    if compiled is None or compiled.paths is not None:
        return None
    return compiled.raw


def all_values(layout: Layout | ComposedLayout) -> list | None:
    """Canonical values at every index of the layout's domain, in order.

    Integer results stay ints; coordinate results become sorted
    ``(path, value)`` pairs without zeros, so an all-zero coordinate compares
    equal to the integer 0 and two coordinate layouts compare independently
    of which basis paths they happen to mention.
    """
    if isinstance(layout, ComposedLayout):
        outer = compile_layout(layout.outer)
        inner = _inner_function(layout)
        if outer is None or outer.paths is not None or inner is None:
            return None
        return [inner(layout.offset + v) for v in outer.all_raw()]
    compiled = compile_layout(layout)
    if compiled is None:
        return None
    raw = compiled.all_raw()
    if compiled.paths is None:
        return raw
    paths = compiled.paths
    return [tuple((p, c) for p, c in zip(paths, vector) if c) for vector in raw]


def canonical_int(value: int) -> tuple:
    """An int offset in the same canonical form as a coordinate from ``all_values``."""
    return (((), value),) if value else ()
