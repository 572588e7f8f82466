"""CuTe layout algebra in pure Python.

Layouts appear throughout cute / cute_nvgpu IR, quoted (``#cute.layout<"(4,32):(1@0,1@1)">``)
or unquoted (``#cute.layout<(4@0, 32@1)>``).  This package parses and prints
them and implements the parts of CuTe's layout algebra that verifiers and
editor features need.

Modules:

* ``inttuple``    -- IntTuple values: ints, dynamic ``?`` values, ``ScaledBasis``
* ``swizzle``     -- the ``S<B,M,S>`` swizzle functor
* ``model``       -- ``Layout`` and ``ComposedLayout``
* ``parse``       -- text -> layout, with positioned errors
* ``printer``     -- layout -> canonical text
* ``evaluate``    -- a layout as a function of a linear index
* ``algebra``     -- size, coalesce, composition, complement, divide, product
* ``equivalence`` -- comparing layouts as functions
"""

from .algebra import (
    coalesce,
    complement,
    composition,
    cosize,
    depth,
    flatten,
    has_scaled_basis,
    is_static,
    left_inverse,
    logical_divide,
    logical_product,
    make_layout,
    mode,
    rank,
    right_inverse,
    size,
)
from .equivalence import layouts_equivalent
from .evaluate import layout_fn
from .inttuple import DYNAMIC, IntTuple, ScaledBasis, compact_left_stride, is_dynamic
from .model import ComposedLayout, Layout
from .parse import IntTupleParse, LayoutParse, LayoutSyntaxError, layout_rank, parse_int_tuple, parse_layout
from .printer import format_int_tuple, format_layout
from .swizzle import Swizzle

__all__ = [
    # data
    "IntTuple",
    "DYNAMIC",
    "is_dynamic",
    "ScaledBasis",
    "Layout",
    "ComposedLayout",
    "Swizzle",
    # text
    "parse_layout",
    "parse_int_tuple",
    "LayoutParse",
    "IntTupleParse",
    "LayoutSyntaxError",
    "layout_rank",
    "format_layout",
    "format_int_tuple",
    # algebra
    "rank",
    "depth",
    "size",
    "cosize",
    "flatten",
    "coalesce",
    "compact_left_stride",
    "make_layout",
    "mode",
    "layout_fn",
    "composition",
    "complement",
    "logical_divide",
    "logical_product",
    "right_inverse",
    "left_inverse",
    "is_static",
    "has_scaled_basis",
    "layouts_equivalent",
]
