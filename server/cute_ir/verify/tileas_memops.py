"""The verifier of TileAS's token-ordered memops (tileas-tma-and-memops, "Token-Ordered Memops").

`nv_tileas.tiled_load`, `tiled_store` and `tiled_atomic_rmw` share one skeleton, run in the
page's order; like an MLIR op verifier, the first failing check ends the op's verification:

1. structure: no regions, no successors, the optional token groups (operand and result) hold
   0 or 1 value; for atomic_rmw, `rmw_mode` is present; every `#nv_tileas` enum case exists
   (`verify.tileas.enum`, the project's message: the page has none);
2. the tile against the tensor: `tileSize` against the tile value's type (size, then shape);
3. coordinates: one per view dimension, each of the view's index type (a view backed by a TMA
   descriptor: one per dimension of its tensor, and a load's im2col offsets, A25);
4. the element type: the view's against the tile's;
5. tile dimensions: positive, powers of two, fewer than 2^24 elements;
6. memory semantics per op, `in_bounds`' length, then store's padding and atomic_rmw's
   element-type and mode rules.

Every message is the page's, from the catalogue. Where a message prints a value the page does
not show (the dims after "got ", the limit after "maximum of "), the spelling is this
project's (docs/spec-deviations.md).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from math import prod

from ..diagnostics import Diagnostic, Severity, Source, Span
from ..diagnostics.catalogue import make
from ..dialects.nv_tileas.memops import (
    COPY_ATOM, DIALECT, ENUMS, MEM_SCOPE, MEM_SEMANTIC, MEMOP_NAMES, PADDING, RMW_MODE, SCOPE_ATTRIBUTE, SEMANTIC_ATTRIBUTE,
    SPECIAL_PADDINGS, TILED_ATOMIC_RMW, TILED_LOAD, TILED_STORE,
)
from ..ir.attributes import all_attributes, attribute, enum_case, integers, parse_enum
from ..ir.core import Operation, Value
from ..ir.lift import Lifted, SourceIndex
from ..ir.shaped import Shaped, element_bits, shaped
from ..tables.atomics import HALF_MODES
from .tileas_atoms import backed_coordinates, backed_tensor
from .tma import OWN_MESSAGES, operand_groups

TILE_SIZE = "tileSize"

# An enum case the enum lacks: the wording every dialect's enums share.
UNKNOWN_CASE = OWN_MESSAGES["verify.tma.enum"]

# The dialect-wide tile cap: fewer than 0x1000000 elements.
MAX_TILE_ELEMENTS = 1 << 24
# Semantics each op rejects, with the catalogue code of the rejection.
_UNSUPPORTED_SEMANTICS = {
    TILED_LOAD: {"acquire": "tileas.load.unsupported-acquire", "acq_rel": "tileas.memops.unsupported-acq-rel"},
    TILED_STORE: {"release": "tileas.store.unsupported-release", "acq_rel": "tileas.memops.unsupported-acq-rel"},
    TILED_ATOMIC_RMW: {},
}
# Scope-vs-semantic messages: snake_case for load and store, camelCase for atomic_rmw.
_SCOPE_WITH_WEAK = {TILED_LOAD: "tileas.memops.scope-with-weak", TILED_STORE: "tileas.memops.scope-with-weak",
                    TILED_ATOMIC_RMW: "tileas.atomic-rmw.scope-with-weak"}
_SCOPE_REQUIRED = {TILED_LOAD: "tileas.memops.scope-required", TILED_STORE: "tileas.memops.scope-required",
                   TILED_ATOMIC_RMW: "tileas.atomic-rmw.scope-required"}
# The only modes a 16-bit float atomic supports: those `red` / `atom` have for 16-bit floats
# (the table the per-thread atomic's PTX is written from).
_F16_MODES = HALF_MODES
_FLOAT_ELEMENT = re.compile(r"^(f\d+|bf16|tf32|f8E\w+|f6E\w+|f4E\w+)$")
_BOOLS = re.compile(r"\b(true|false)\b")


class _Failed(Exception):
    """The op failed a check; the rest of its verification is skipped."""


@dataclass
class _Checker:
    index: SourceIndex
    out: list[Diagnostic] = field(default_factory=list)

    # ------------------------------------------------------------ helpers
    def fail(self, code: str, span: Span, *args: object) -> None:
        self.out.append(make(code, span, *args))
        raise _Failed

    def name_span(self, op: Operation) -> Span:
        return self.index.name_span(op)

    def operands_span(self, op: Operation, values: list[Value]) -> Span:
        spans = self.index.operand_spans.get(op, [])
        at = [i for i, v in enumerate(op.operands) if any(v is w for w in values)]
        if not at or at[-1] >= len(spans):
            return self.name_span(op)
        return Span(spans[at[0]].start, spans[at[-1]].end)

    def attribute_span(self, op: Operation, name: str) -> Span:
        return self.index.attribute_span(op, name)

    # ------------------------------------------------------------ the skeleton
    def check(self, op: Operation) -> None:
        try:
            groups = operand_groups(op)
            self.structure(op, groups)
            tile, tile_type = self.tile(op, groups)
            view = groups["view"][0] if groups.get("view") else None
            # A view backed by a TMA descriptor has the elements of the tensor it was built on.
            backing = backed_tensor(view) if view is not None else None
            view_type = shaped((backing or view).type.text) if view is not None else None
            self.tile_against_tensor(op, tile_type)
            self.coordinates(op, groups, view_type)
            self.element_type(op, tile, tile_type, view_type)
            self.tile_dimensions(op)
            self.semantics(op, tile_type)
        except _Failed:
            pass

    def structure(self, op: Operation, groups: dict[str, list[Value]]) -> None:
        if op.regions:
            self.fail("tileas.memops.requires-zero-regions", self.name_span(op))
        if op.successors:
            self.fail("tileas.memops.requires-zero-successors", self.name_span(op), len(op.successors))
        token = groups.get("token", [])
        if len(token) > 1:
            start = next(i for i, v in enumerate(op.operands) if v is token[0])
            self.fail("tileas.memops.operand-group-size", self.operands_span(op, token), start, len(token))
        first_token_result = 0 if op.name == TILED_STORE else 1
        extra = len(op.results) - first_token_result
        if extra > 1:
            self.fail("tileas.memops.result-group-size", self.name_span(op), first_token_result, extra)
        if op.name == TILED_ATOMIC_RMW and attribute(op, RMW_MODE) is None:
            self.fail("tileas.atomic-rmw.missing-rmw-mode", self.name_span(op))
        for name, attr in all_attributes(op).items():
            found = parse_enum(attr.text)
            if found is not None and found.dialect == DIALECT and found.enum in ENUMS and found.enum != COPY_ATOM \
                    and found.case not in ENUMS[found.enum]:
                mnemonic, case = found.enum, found.case
                self.out.append(Diagnostic("verify.tileas.enum", self.attribute_span(op, name), Severity.ERROR,
                                           Source.VERIFY, UNKNOWN_CASE.format(mnemonic=mnemonic, case=case,
                                                                              cases=", ".join(ENUMS[mnemonic]))))
                raise _Failed

    def tile(self, op: Operation, groups: dict[str, list[Value]]) -> tuple[Value | None, Shaped | None]:
        """The tile value (load: its first result; store, atomic_rmw: the value operand)."""
        if op.name == TILED_LOAD:
            value = op.results[0] if op.results else None
        else:
            value = (groups.get("value") or [None])[0]
        return value, shaped(value.type.text) if value is not None else None

    def tile_against_tensor(self, op: Operation, tile_type: Shaped | None) -> None:
        sizes = integers(op, TILE_SIZE)
        if sizes is None or tile_type is None or None in tile_type.dims:
            return
        if prod(sizes) != prod(tile_type.dims):
            self.fail("tileas.memops.tile-size-mismatch", self.attribute_span(op, TILE_SIZE))
        if tuple(sizes) != tile_type.dims:
            self.fail("tileas.memops.tile-shape-mismatch", self.attribute_span(op, TILE_SIZE))

    def coordinates(self, op: Operation, groups: dict[str, list[Value]], view_type: Shaped | None) -> None:
        coords = groups.get("coords", [])
        # A view backed by a TMA descriptor takes its tensor's coordinates and, for a load
        # through an im2col one, its im2col offsets (the page's extra coordinate; A25).
        view = groups["view"][0] if groups.get("view") else None
        expected = backed_coordinates(view, op.name == TILED_LOAD) if view is not None else None
        if expected is None and backed_tensor(view) is None and view_type is not None and view_type.kind == "memref":
            expected = view_type.rank
        if expected is not None and len(coords) != expected:
            where = self.operands_span(op, coords) if coords else self.name_span(op)
            self.fail("tileas.memops.coordinate-count", where, expected, len(coords))
        for coord in coords:
            if not coord.type.text.startswith("<<") and coord.type.text != "index":
                self.fail("tileas.memops.coordinate-type", self.operands_span(op, [coord]), coord.type.text)

    def element_type(self, op: Operation, tile: Value | None, tile_type: Shaped | None,
                     view_type: Shaped | None) -> None:
        if tile_type is None or view_type is None or tile_type.element == view_type.element:
            return
        where = self.operands_span(op, [tile]) if op.name != TILED_LOAD and tile is not None else self.name_span(op)
        self.fail("tileas.memops.element-type-mismatch-pair", where, view_type.element, tile_type.element)

    def tile_dimensions(self, op: Operation) -> None:
        sizes = integers(op, TILE_SIZE)
        if sizes is None:
            return
        where = self.attribute_span(op, TILE_SIZE)
        shown = "[" + ", ".join(map(str, sizes)) + "]"
        if any(s <= 0 for s in sizes):
            self.fail("tileas.tile.dims-not-positive", where, shown)
        if any(s & (s - 1) for s in sizes):
            self.fail("tileas.tile.dims-not-power-of-two", where, shown)
        if prod(sizes) >= MAX_TILE_ELEMENTS:
            self.fail("tileas.tile.too-large", where, f"{MAX_TILE_ELEMENTS} elements")

    def semantics(self, op: Operation, tile_type: Shaped | None) -> None:
        semantic_name, scope_name = SEMANTIC_ATTRIBUTE[op.name], SCOPE_ATTRIBUTE[op.name]
        semantic = _case(op, semantic_name, MEM_SEMANTIC) or "weak"
        scope = attribute(op, scope_name)
        if semantic == "weak" and scope is not None:
            self.fail(_SCOPE_WITH_WEAK[op.name], self.attribute_span(op, scope_name))
        if semantic != "weak" and scope is None:
            self.fail(_SCOPE_REQUIRED[op.name], self.attribute_span(op, semantic_name))
        rejected = _UNSUPPORTED_SEMANTICS[op.name].get(semantic)
        if rejected is not None:
            self.fail(rejected, self.attribute_span(op, semantic_name))
        in_bounds = _bools(op, "in_bounds")
        sizes = integers(op, TILE_SIZE)
        rank = len(sizes) if sizes is not None else tile_type.rank if tile_type is not None else None
        if in_bounds is not None and rank is not None and len(in_bounds) != rank:
            self.fail("tileas.memops.in-bounds-count", self.attribute_span(op, "in_bounds"), rank, len(in_bounds))
        if op.name == TILED_STORE:
            self.padding(op, in_bounds, tile_type)
        if op.name == TILED_ATOMIC_RMW:
            self.atomic(op, tile_type)

    def padding(self, op: Operation, in_bounds: list[bool] | None, tile_type: Shaped | None) -> None:
        padding = _case(op, "paddingValue", PADDING)
        if padding is None and in_bounds is not None and not all(in_bounds):
            self.fail("tileas.store.inbounds-without-padding", self.attribute_span(op, "in_bounds"))
        if padding is not None and in_bounds is not None and any(in_bounds):
            self.fail("tileas.store.inbounds-with-padding", self.attribute_span(op, "in_bounds"))
        if padding in SPECIAL_PADDINGS and tile_type is not None and not _FLOAT_ELEMENT.match(tile_type.element):
            self.fail("tileas.store.special-padding-non-float", self.attribute_span(op, "paddingValue"))

    def atomic(self, op: Operation, tile_type: Shaped | None) -> None:
        mode = _case(op, RMW_MODE, RMW_MODE)
        element = tile_type.element if tile_type is not None else ""
        bits = element_bits(element)
        is_float = bool(_FLOAT_ELEMENT.match(element))
        where = self.attribute_span(op, RMW_MODE)
        if bits == 8:
            self.fail("tileas.atomic-rmw.no-8-bit", where)
        if bits == 16 and not is_float:
            self.fail("tileas.atomic-rmw.no-16-bit-integer", where)
        if bits == 16 and is_float and mode not in _F16_MODES:
            self.fail("tileas.atomic-rmw.f16-mode", where)
        if mode == "fadd":
            self.fail("tileas.atomic-rmw.no-fadd", where)
        if mode == "xchg":
            self.fail("tileas.atomic-rmw.no-xchg", where)


# ---------------------------------------------------------------------------- attributes
def _case(op: Operation, name: str, enum: str) -> str | None:
    """The case of an `#nv_tileas.<enum><case>` attribute (None when absent, another form, or
    not one of the enum's cases)."""
    case = enum_case(op, name, DIALECT, enum)
    return case if case in ENUMS[enum] else None


def _bools(op: Operation, name: str) -> list[bool] | None:
    attr = attribute(op, name)
    return None if attr is None else [b == "true" for b in _BOOLS.findall(attr.text)]


def verify_memops(lifted: Lifted) -> list[Diagnostic]:
    """Diagnostics of every token-ordered memop of the lifted unit."""
    checker = _Checker(lifted.index)
    for top in lifted.operations:
        for op in top.walk():
            if op.name in MEMOP_NAMES:
                checker.check(op)
    return checker.out
