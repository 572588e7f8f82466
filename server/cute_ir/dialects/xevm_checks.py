"""The xevm dialect's own verifiers (mlir/lib/Dialect/LLVMIR/IR/XeVMDialect.cpp, MLIR 22), as
callables on the ops' records: the 1-D block load / store vector sizes, `xevm.mma`'s C operand
against its result, and the first rules of the 2-D block load and store (the result size a
2-D load reads, a 2-D store's tile height and its tile width by element size). Their later
rules (the transpose and pack_register variants, the matrix inputs) are not judged.

Each takes what the text says of one op (ir/ssa.OpSite) and returns None or a message that
verify/structure.py prefixes with `'<op>' op `; what the text does not say passes.
"""
from __future__ import annotations

from typing import Any, Callable

from ..diagnostics.mlir_messages import XEVM as M
from .constraints import bit_width, facts, normalized_type
from .llvm_checks import _trailing_signature
from .op_checks import _body, _integer_attribute

_SUBGROUP_SIZE = 16
# The tile widths a 2-D block store takes for each element size in bits.
_STORE_TILE_WIDTHS = {8: (4, 64), 16: (2, 32), 32: (1, 16), 64: (1, 8)}


def _vector(text: str | None) -> tuple[int, int] | None:
    """(element count, element bit width) of a vector type of integers or floats."""
    t = facts(text) if text is not None else None
    if t is None or t.kind != "vector" or t.dims is None or None in t.dims or t.element is None:
        return None
    width = bit_width(t.element)
    if width is None:
        return None
    count = 1
    for d in t.dims:
        count *= d
    return count, width


def _block_1d(value: Callable[[Any], str | None]) -> Callable[[Any], str | None]:
    """verify1DBlockArg: the vector's size by its element width."""
    def check(site: Any) -> str | None:
        vector = _vector(value(site))
        if vector is None:
            return None
        count, width = vector
        if width // 8 == 1:
            return None if count in (2, 4, 8, 16) else M["block_size_8"]
        return None if count in (2, 4, 8) else M["block_size"]
    return check


def xevm_mma(site: Any) -> str | None:
    """MMAOp::verify: a C operand has the result's type."""
    if site.operands < 3:
        return None
    c, result = site.operand_type(2), site.result_type(0)
    if result is None:
        # (the format's `{shape = ..., types = ...}` keeps the generic reading from its types:
        # the result is the one after the trailing arrow)
        signature = _trailing_signature(_body(site))
        result = normalized_type(signature[1][0]) if signature is not None and len(signature[1]) == 1 else None
    if c is None or result is None or c == result:
        return None
    return M["mma_c"]


def xevm_blockload2d(site: Any) -> str | None:
    """verify2DBlockLoadRestriction's first rule: the result holds what the tile reads."""
    vector = _vector(site.result_type(0))
    sizes = [_integer_attribute(site, n) for n in ("elem_size_in_bits", "tile_height", "tile_width", "v_blocks")]
    if vector is None or None in sizes:
        return None
    elem, height, width, blocks = sizes
    expected = elem * height * width * blocks // _SUBGROUP_SIZE
    size = vector[0] * vector[1]
    return M["load2d_size"].format(size, expected) if size != expected else None


def xevm_blockstore2d(site: Any) -> str | None:
    """verify2DBlockStoreRestriction's first rules: the tile height, then the tile width by
    element size."""
    height, width, elem = (_integer_attribute(site, n) for n in ("tile_height", "tile_width", "elem_size_in_bits"))
    if height is None or width is None or elem is None:
        return None
    if not 1 <= height <= 8:
        return M["store2d_height"]
    if elem not in _STORE_TILE_WIDTHS:
        return M["store2d_elem_size"]
    low, high = _STORE_TILE_WIDTHS[elem]
    return M["store2d_width"].format(low, high) if not low <= width <= high else None


CHECKS: dict[str, Callable[[Any], Any]] = {
    "xevm.blockload": _block_1d(lambda site: site.result_type(0)),
    "xevm.blockstore": _block_1d(lambda site: site.operand_type(1)),
    "xevm.mma": xevm_mma,
    "xevm.blockload2d": xevm_blockload2d,
    "xevm.blockstore2d": xevm_blockstore2d,
}
