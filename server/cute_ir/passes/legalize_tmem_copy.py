"""`tileas-legalize-tmem-copy`: copies across the tensor-memory boundary become legal tcgen05 hops.

TileAS's TileASLegalizeTmemCopy (tileas-tma-and-memops page, "Tensor-Memory Copy
Legalization") walks each function for `nv_tileas.copy` ops and dispatches on the memory
spaces of the source and the destination:

| source | destination | becomes |
|---|---|---|
| tmem | registers | one `tcgen05.ld` per 32-lane register tile |
| registers | tmem | one `tcgen05.st` per 32-lane register tile |
| tmem | smem | `tcgen05.ld` into registers, then `stmatrix` to shared memory |
| smem | tmem | `ldmatrix` into registers, then `tcgen05.st` to tensor memory |
| anything else | | left alone |

Each hop is an `nv_tileas.copy` that says how it is implemented: `instruction` is the PTX
instruction a warp issues (spelled from `tables/atoms.py`, the rows the PTX preview checks with
ptxas), `count` how many of it the tile takes. The smem pairs stage the tile in registers
(`memref.alloca` in the default memory space).

Before rewriting a copy the pass infers two layouts from the tensor-memory tile, and reports
the page's message on the copy when it cannot, leaving that copy as it was:

- **the register layout** ("failed to infer register layout from tmem layout"): the tile is
  static and two-dimensional, lanes × columns; each warp of a warpgroup reaches its own 32
  lanes, so the lanes are 32, 64, 96 or 128; each lane's columns fill a whole number of 32-bit
  registers (32-bit elements one each, 16-bit elements two, packed with `.pack::16b` /
  `.unpack::16b`), a count `tcgen05.ld/st.32x32b` takes (`.x1` ... `.x128`).
- **the source layout** ("failed to infer source layout from tmem layout"): the other side holds
  the same tile (static, same shape, same element type); in shared memory, 8×8 matrices of
  16-bit elements, which is what `ldmatrix` / `stmatrix` move, so the columns are a multiple
  of 8 (one `.x4` per warp and 8 columns).

The page's walk runs on every target; only Blackwell's tensor memory (the tcgen05 targets)
gives it work. On another target a copy that crosses the tensor-memory boundary stays as it
is, and is an error of cute-ir's (`lower.tmem-target`): no instruction reaches tensor memory
there, so `check` says what `--emit ptx` would refuse.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics.catalogue import get as catalogue_message
from ..dialects.nv_tileas.copy import COPY, COUNT, INSTRUCTION
from ..ir.core import Attribute, Operation, Type, Value
from ..ir.shaped import Shaped, element_bits, shaped
from ..tables.atoms import TCGEN05, CopyShapeRow, Residency, copy_row
from ..tables.tiers import describe_requirements, satisfies_any
from ..lowering_facts.tileas import residency
from ..text.location import derived
from .base import OP_NAMES, Pass, PassContext, register

REGISTER_LAYOUT = "tileas.tmem-copy.register-layout"
NO_TMEM_ON_TARGET = "lower.tmem-target"
SOURCE_LAYOUT = "tileas.tmem-copy.source-layout"

R = Residency
LANES_PER_WARP = 32
TMEM_LANES = 128
CELL_BITS = 32                  # a tensor-memory cell, and a register
MATRIX_COLUMNS = 8              # ldmatrix / stmatrix move 8x8 matrices of 16-bit elements
MATRIX_BITS = 16
MATRICES_PER_ACCESS = 4         # `.x4`: a warp's 32 lanes hold four 8x8 matrices per 8 columns

# (source, destination) -> the hops the copy becomes: the tensor-memory access, and the
# shared-memory access on the other side of the staging registers for the smem pairs.
_TMEM = "tmem"
_SMEM = "smem"
DISPATCH: dict[tuple[Residency, Residency], tuple[str, ...]] = {
    (R.TMEM, R.RMEM): (_TMEM,),
    (R.RMEM, R.TMEM): (_TMEM,),
    (R.TMEM, R.SMEM): (_TMEM, _SMEM),
    (R.SMEM, R.TMEM): (_SMEM, _TMEM),
}


@dataclass(frozen=True)
class Hop:
    """One legal copy: the PTX instruction a warp issues and how many the tile takes."""

    instruction: str
    count: int


def _instruction(row: CopyShapeRow, **fill: object) -> str:
    """The opcode of a row's PTX template (up to its operands), its qualifiers filled in."""
    return row.ptx.split(" ", 1)[0].format(**fill)


def register_layout(tmem: Shaped, load: bool) -> Hop | str:
    """The `tcgen05.ld` (`load`) or `tcgen05.st` that moves a tensor-memory tile to or from
    registers, one per warp; or why the tile has no such layout."""
    if tmem.rank != 2 or None in tmem.dims:
        return f"the tensor-memory tile is {_tile(tmem)}: it needs a static shape of lanes x columns"
    lanes, columns = tmem.dims
    if lanes <= 0 or lanes % LANES_PER_WARP or lanes > TMEM_LANES:
        return (f"the tensor-memory tile has {lanes} lanes: each warp reaches {LANES_PER_WARP} of the "
                f"{TMEM_LANES}, so 32, 64, 96 or 128")
    bits = element_bits(tmem.element)
    if bits not in (CELL_BITS, CELL_BITS // 2) or (columns * bits) % CELL_BITS:
        return (f"a lane holds {columns} x {tmem.element}: tcgen05 moves whole 32-bit registers of "
                f"32-bit elements, or of two 16-bit elements packed")
    registers = columns * bits // CELL_BITS
    row = copy_row("tmem_load.32x32b" if load else "tmem_store.32x32b")
    if registers not in row.repeats:
        legal = ", ".join(str(n) for n in row.repeats)
        return f"a lane holds {registers} registers; tcgen05.{'ld' if load else 'st'}.32x32b moves {legal}"
    packed = bits < CELL_BITS
    pack = "" if not packed else (".pack::16b" if load else ".unpack::16b")
    return Hop(_instruction(row, NUM=registers, PACK=pack), lanes // LANES_PER_WARP)


def source_layout(tmem: Shaped, other: Shaped, other_space: Residency, to_other: bool) -> Hop | str | None:
    """How the copy's other side holds the tensor-memory tile: as it is (None), in shared
    memory one `ldmatrix` / `stmatrix` `.x4` per warp and 8 columns (the hop); or why it
    cannot."""
    if None in other.dims or other.dims != tmem.dims or other.element != tmem.element:
        return f"the other side is {_tile(other)}, the tensor-memory tile {_tile(tmem)}: a copy needs the same static tile"
    if other_space is not R.SMEM:
        return None
    lanes, columns = tmem.dims
    if element_bits(tmem.element) != MATRIX_BITS or columns % MATRIX_COLUMNS:
        instruction = "stmatrix" if to_other else "ldmatrix"
        return (f"{instruction} moves 8x8 matrices of 16-bit elements: the shared-memory tile is "
                f"{_tile(other)}")
    row = copy_row(f"stsm.x{MATRICES_PER_ACCESS}" if to_other else f"ldsm.x{MATRICES_PER_ACCESS}")
    return Hop(_instruction(row), (lanes // LANES_PER_WARP) * (columns // MATRIX_COLUMNS))


def _tile(found: Shaped) -> str:
    return "x".join("?" if d is None else str(d) for d in found.dims + (found.element,))


@register
@dataclass(frozen=True)
class LegalizeTmemCopy(Pass):
    name = "TileASLegalizeTmemCopy"
    argument = "tileas-legalize-tmem-copy"
    description = "split nv_tileas.copy ops that cross tensor memory into tcgen05.ld/st (and ldmatrix/stmatrix) hops"
    local = True      # each copy is rewritten from its own operands' types

    def may_report(self, facts: dict) -> bool:
        names = facts.get(OP_NAMES)
        return names is None or COPY in names

    def may_rewrite(self, facts: dict) -> bool:
        return self.may_report(facts)   # it rewrites only the ops it may report on

    def run(self, op: Operation, context: PassContext) -> None:
        has_tmem = context.target is None or satisfies_any(context.target, TCGEN05)
        for inner in list(op.walk()):
            if inner.name == COPY and len(inner.operands) == 2 and not inner.results:
                self._legalize(inner, context, has_tmem)

    def _legalize(self, copy: Operation, context: PassContext, has_tmem: bool) -> None:
        (source_space, source), (dest_space, dest) = (residency(v.type) for v in copy.operands)
        hops = DISPATCH.get((source_space, dest_space))
        if hops is None or source is None or dest is None:
            return      # not across the tensor-memory boundary: already legal
        if not has_tmem:
            context.report(copy, NO_TMEM_ON_TARGET, f"this copy reaches tensor memory, which {context.target} does "
                                                    f"not have: `tcgen05.ld` / `tcgen05.st` run on "
                                                    f"{describe_requirements(TCGEN05)}")
            return
        load = source_space is R.TMEM
        tmem, other, other_space = (source, dest, dest_space) if load else (dest, source, source_space)
        tmem_hop = register_layout(tmem, load)
        if isinstance(tmem_hop, str):
            context.report(copy, REGISTER_LAYOUT, catalogue_message(REGISTER_LAYOUT).render(), notes=[tmem_hop])
            return
        other_hop = source_layout(tmem, other, other_space, to_other=load)
        if isinstance(other_hop, str):
            context.report(copy, SOURCE_LAYOUT, catalogue_message(SOURCE_LAYOUT).render(), notes=[other_hop])
            return
        by_kind = {_TMEM: tmem_hop, _SMEM: other_hop}
        self._rewrite(copy, [by_kind[kind] for kind in hops])

    def _rewrite(self, copy: Operation, hops: list[Hop]) -> None:
        """Replace `copy` by one copy per hop, staged through registers between two hops."""
        location = derived(self.argument, copy.location)
        block = copy.parent
        at = block.index_of(copy)
        source, dest = copy.operands
        new: list[Operation] = []
        points: list[Value] = [source]
        for _ in hops[1:]:
            staged_type = Type(_register_tile(source.type))
            alloca = Operation("memref.alloca", result_types=[staged_type], location=location)
            alloca.results[0].name_hint = "staged"
            new.append(alloca)
            points.append(alloca.results[0])
        points.append(dest)
        for hop, (frm, to) in zip(hops, zip(points, points[1:])):
            new.append(Operation(COPY, operands=[frm, to], location=location, attributes={
                INSTRUCTION: Attribute(f'"{hop.instruction}"'),
                COUNT: Attribute(f"{hop.count} : i64"),
            }))
        for offset, made in enumerate(new):
            block.insert(at + offset, made)
        copy.erase()


def _register_tile(type_: Type) -> str:
    """The registers' memref for a tile of `type_`: its shape and element, no memory space."""
    found = shaped(type_.text)
    dims = "x".join(str(d) for d in found.dims)
    return f"memref<{dims}x{found.element}>"
