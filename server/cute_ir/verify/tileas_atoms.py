"""TileAS's atom-type rules (tileas-tma-and-memops, "Atom-type rules").

An async TMA op must say its atom: without `copy_atom` it gets the message MLIR's ODS-generated
verifier gives a missing required attribute.

Every op that names a copy atom (`copy_atom = #nv_tileas.copy_atom<kind>`: the token-ordered
loads and stores, optionally; the async TMA ops, always) must name one its allow-list holds
(`dialects/nv_tileas/async_tma.py`, `ATOM_ALLOW_LISTS`), in the page's words; a kind no list
knows is "invalid TMA atom type", with the kinds in a note. A TMA reduction cannot run in
scatter4 mode. Messages land on the attribute that says what is wrong.

A tiled async transfer moves its tile in boxes: in one, the tile itself, unless its `boxDim`
(innermost first, as a descriptor's) names a smaller box that tiles it ("tma box-dim and copy
atom box-dim mismatch" when it does not). The box its descriptor was built with must be that
box ("tmaBoxDim and atomBoxDim length mismatch" when they differ in rank, "tmaBoxDim and
atomBoxDim mismatch" otherwise), on the op's name. Its `swizzle` must be the descriptor's
(cute-ir's message: the page gives the op no swizzle). Its coordinates address its
descriptor's tensor: one per dimension, then for a load through an im2col descriptor the
rank - 2 im2col offsets its `.im2col` instruction takes (`tables/tensormap.transfer_coordinates`;
"expects N coordinates, but got M", the token-ordered memops' count check on a TMA-backed view;
docs/spec-deviations.md, A25).
"""
from __future__ import annotations

from ..diagnostics import Diagnostic, Related, Severity, Source, Span
from ..diagnostics.catalogue import make
from ..diagnostics.mlir_messages import REQUIRES_ATTRIBUTE
from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from ..dialects.nv_tileas.async_tma import (ATOM_ALLOW_LISTS, BOX_DIM, REDUCE_FORBIDDEN_MODE, SWIZZLE,
                                           TILED_ATOMIC_RMW, TILED_TMA_LOAD, TILED_TMA_STORE)
from ..dialects.cute_nvgpu.enums import DIALECT as CUTE_NVGPU
from ..dialects.nv_tileas.memops import COPY_ATOM, DIALECT, ENUMS
from ..dialects.registry import record
from ..ir.attributes import attribute, enum_case, integers
from ..ir.core import OpResult, Operation, Value
from ..ir.lift import Lifted, SourceIndex
from ..ir.shaped import shaped
from ..layout import ComposedLayout, Layout, flatten
from ..tables import tensormap
from .tma import IM2COL_DESCRIPTOR, builder_swizzle, layout_of, operand_groups

# cute-ir's own messages: the page gives an async transfer no swizzle of its own.
MESSAGES = {
    "verify.tileas.tma-swizzle-mismatch": "the transfer's swizzle is {op} but its descriptor's is {descriptor}: "
                                          "the kernel would address its tile in shared memory otherwise than the TMA unit lays it out",
}
# The async transfers that move a tile in boxes (gather / scatter move rows).
BOXED_TRANSFERS = frozenset({TILED_TMA_LOAD, TILED_TMA_STORE, TILED_ATOMIC_RMW})
LOADS = frozenset({TILED_TMA_LOAD})


def check_atom(op: Operation, index: SourceIndex) -> list[Diagnostic]:
    """The atom-type rules for one op (none when its name has no allow-list)."""
    allowed = ATOM_ALLOW_LISTS.get(op.name)
    if allowed is None:
        return []
    kinds, message = allowed
    kind = enum_case(op, COPY_ATOM, DIALECT, COPY_ATOM)
    at = index.attribute_span(op, COPY_ATOM)
    if attribute(op, COPY_ATOM) is None:
        required = any(a.name == COPY_ATOM and a.required for a in record(op.name).attributes)
        return [Diagnostic("verify.tileas.required-attribute", at, Severity.ERROR, Source.VERIFY,
                           REQUIRES_ATTRIBUTE.format(op.name, COPY_ATOM))] if required else []
    if kind is None:
        return []        # not an enum case: the attribute's own syntax is reported elsewhere
    if kind not in ENUMS[COPY_ATOM]:
        legal = ", ".join(ENUMS[COPY_ATOM])
        return [make("tileas.tma-atom.invalid", at, related=(Related(at, f"a copy atom is one of: {legal}"),))]
    if kind not in kinds:
        return [make(message, at, related=(Related(at, f"`{op.name}` takes {', '.join(kinds)}; this is {kind}"),))]
    if op.name == TILED_ATOMIC_RMW and enum_case(op, "mode", CUTE_NVGPU, "tma_store_mode") == REDUCE_FORBIDDEN_MODE:
        return [make("tileas.tma-atom.reduce-scatter4", index.attribute_span(op, "mode"))]
    return []


def check_box(op: Operation, index: SourceIndex) -> list[Diagnostic]:
    """An async TMA transfer moves its tile in boxes of its `boxDim` (the whole tile without
    one), which must tile the tile; the box its descriptor was built with (the builder's
    layout, innermost dimension first, as `lower-tma-load-store-to-async` writes it) must be
    that box, dimension by dimension."""
    if op.name not in BOXED_TRANSFERS:
        return []
    groups = operand_groups(op)
    tile_value = op.results[0] if op.name in LOADS and op.results else (groups.get("value") or [None])[0]
    tile = shaped(str(tile_value.type)) if tile_value is not None else None
    if tile is None or None in tile.dims:
        return []
    at = index.name_span(op)
    tile_box = list(reversed(tile.dims))
    written = integers(op, BOX_DIM)
    atom_box = written or tile_box
    if written and (len(written) != len(tile_box) or any(b < 1 or t % b for t, b in zip(tile_box, written))):
        why = (f"its boxDim {_listed(written)} does not tile the tile {tile_value.type} ({_listed(tile_box)}, "
               f"innermost first): each box dimension must divide the tile's")
        return [make("tileas.tma-desc.copy-atom-box-dim-mismatch", index.attribute_span(op, BOX_DIM),
                     related=(Related(at, why),))]
    _, layout = _descriptor_layout(op)
    if isinstance(layout, ComposedLayout):
        layout = layout.outer        # a swizzled box (docs/spec-deviations.md, A22)
    if not isinstance(layout, Layout):
        return []
    box = list(flatten(layout.shape))
    if not all(isinstance(s, int) for s in box) or box == atom_box:
        return []
    code = "tileas.tma-desc.box-dim-count-mismatch" if len(box) != len(atom_box) else "tileas.tma-desc.box-dim-mismatch"
    moved = (f"the op's boxDim is {_listed(atom_box)}" if written else
             f"the tile {tile_value.type}, innermost first, is {_listed(atom_box)}")
    why = f"the descriptor's box is {_listed(box)} (its layout, innermost first); {moved}"
    return [make(code, at, related=(Related(at, why),))]


def check_swizzle(op: Operation, index: SourceIndex) -> list[Diagnostic]:
    """An async TMA transfer's `swizzle` (none when it has none) is how its tile lies in shared
    memory, and the descriptor it uses is what swizzles it: the two must agree, or the kernel
    reads (or stages) its tile in one layout while the TMA unit writes (or reads) another, which
    no assembler can see. The descriptor's swizzle is its builder's layout's (A22); a
    descriptor the unit does not build (an argument) is not judged."""
    if op.name not in BOXED_TRANSFERS:
        return []
    builder, layout = _descriptor_layout(op)
    if isinstance(layout, ComposedLayout):
        expected = builder_swizzle(layout)
    elif isinstance(layout, Layout):
        expected = "none"
    else:
        return []
    written = attribute(op, SWIZZLE)
    own = written.text.strip('"') if written is not None else "none"
    if expected is None or own == expected:
        return []      # (a swizzle no descriptor can encode is its builder's error)
    at = index.attribute_span(op, SWIZZLE) if written is not None else index.name_span(op)
    where = index.name_span(builder) or at
    return [Diagnostic("verify.tileas.tma-swizzle-mismatch", at, Severity.ERROR, Source.VERIFY,
                       MESSAGES["verify.tileas.tma-swizzle-mismatch"].format(op=own, descriptor=expected),
                       related=(Related(where, f"the descriptor is built here with the layout {layout}"),))]


def backed_tensor(view: Value) -> Value | None:
    """The tensor behind a TMA-backed view: the tensor operand of the `make_tiled_tma_desc`
    that `view` is (None when the unit does not build it)."""
    builder = view.owner if isinstance(view, OpResult) else None
    if builder is None or builder.name != DESCRIPTOR_BUILDER:
        return None
    return (operand_groups(builder).get("tensor") or [None])[0]


def backed_coordinates(view: Value, load: bool) -> int | None:
    """The coordinates a transfer through a TMA-backed view (a descriptor the unit builds)
    writes: one per dimension of the builder's tensor, then for a load through an im2col
    descriptor its rank - 2 im2col offsets (A25). None when `view` is not such a descriptor or
    its tensor's rank is not written."""
    tensor = backed_tensor(view)
    shape = shaped(str(tensor.type)) if tensor is not None else None
    if shape is None or shape.kind != "memref" or shape.rank is None:
        return None
    return tensormap.transfer_coordinates(shape.rank, str(view.type).strip() == IM2COL_DESCRIPTOR, load)


def check_coordinates(op: Operation, index: SourceIndex) -> list[Diagnostic]:
    """A tiled async transfer reads a TMA-backed view: its coordinates address the tensor its
    descriptor was built from, one per dimension of that tensor, and a load through an im2col
    descriptor then gives its im2col offsets, rank - 2 of them (the page counts "the view's rank
    plus an optional +1 when the view carries a TMA descriptor that requires a leading offset";
    PTX's `.im2col` load takes one offset per spatial dimension, and a store's `.im2col_no_offs`
    none). A descriptor the unit does not build (an argument), or whose tensor's rank its type
    does not say, is not judged; a gather / scatter addresses rows, not the view's dimensions."""
    if op.name not in BOXED_TRANSFERS:
        return []
    descriptor = (operand_groups(op).get("descriptor") or [None])[0]
    expected = backed_coordinates(descriptor, op.name in LOADS) if descriptor is not None else None
    coords = operand_groups(op).get("coords", [])
    if expected is None or len(coords) == expected:
        return []
    spans = index.operand_spans.get(op, [])
    at = [i for i, v in enumerate(op.operands) if any(v is c for c in coords)]
    where = Span(spans[at[0]].start, spans[at[-1]].end) if at and at[-1] < len(spans) else index.name_span(op)
    return [make("tileas.memops.coordinate-count", where, expected, len(coords))]


def _descriptor_layout(op: Operation) -> tuple[Operation | None, object]:
    """The builder of the descriptor `op` uses and its layout operand's layout, when the unit
    builds the descriptor (else None, None)."""
    descriptor = (operand_groups(op).get("descriptor") or [None])[0]
    builder = descriptor.owner if isinstance(descriptor, OpResult) else None
    if builder is None or builder.name != DESCRIPTOR_BUILDER:
        return None, None
    layout_value = (operand_groups(builder).get("layout") or [None])[0]
    return builder, layout_of(layout_value) if layout_value is not None else None


def _listed(items: list) -> str:
    return "[" + ", ".join(str(i) for i in items) + "]"


def verify_atoms(lifted: Lifted) -> list[Diagnostic]:
    """The atom-type and box rules for every op of the lifted unit they apply to."""
    out: list[Diagnostic] = []
    for top in lifted.operations:
        for op in top.walk():
            out.extend(check_atom(op, lifted.index))
            out.extend(check_box(op, lifted.index))
            out.extend(check_swizzle(op, lifted.index))
            out.extend(check_coordinates(op, lifted.index))
    return out
