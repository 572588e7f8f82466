"""`assign-load-store-layouts`: each token-ordered load, store and atomic gets its copy atom.

TileAS's AssignLoadStoreLayouts (tileas-tma-and-memops, "Pass Roster": first in the intended
order) chooses "the copy atom and layouts that make a tiled load / store TMA-eligible". A
`nv_tileas.tiled_load` / `tiled_store` that names no `copy_atom` gets `tma_load` / `tma_store`
when it allows TMA (`allow_tma = true`, or any op with the `prefer_tma` option, which the page's
`TILEIR_PREFER_TMA_FOR_LOAD_STORE` also sets, as it does lower-tma-load-store-to-async's) and a
TMA box can move its tile, and `ldg` / `stg` otherwise: lower-tma-load-store-to-async takes only
the ops that allow TMA (the page's phase 2), and one it leaves moves through registers
(`ld.global` / `st.global`), which is what `ldg` / `stg` name. An op that names an atom keeps it
(it was chosen already). The memops here carry no layout (a tile is a `tensor` value), so the
atom is all there is to choose. A `tiled_atomic_rmw` that names none gets `tma_redg` (a TMA
reduction, `cp.reduce.async.bulk.tensor`) when it allows TMA and one can do what it asks, else
no atom: there is no other copy atom for an atomic (tileas-tma-and-memops: "tiled_atomic_rmw
(TMAREDG atom)").

When an op with `allow_tma = true` cannot use TMA, the pass says why in a remark on it, the way
a compiler's memory remarks do; `tma_verdict` is the same rule for hover. The rules, first
failing one reported:

1. the target has TMA (sm_90 or later), and for an op with `offsets` (a gather / scatter of
   rows) gather4 (sm_100 or later) / scatter4 (sm_100a/f, sm_103a, sm_110a);
2. the view is a global-memory memref (its extents and strides may be dynamic: the box and the
   byte count depend on the tile alone), or a view backed by a TMA descriptor (then only rules
   6 and 7 apply: the descriptor is the tensor map);
3. the tile's elements have a width, and TMA a data type for it;
4. a box has at most 5 dimensions, and its innermost one moves whole 16-byte granules (a tile
   wider than a box moves in several: `tables/tensormap.tile_boxes`);
5. the tensor map breaks none of the driver's rules (`tables/tensormap.check_parameters`, what
   `cute-ir descriptor tma-tiled` checks): every outer stride of the view a multiple of 16 bytes;
6. a load is weak or relaxed (a TMA load has no acquire), a store weak or relaxed (no release);
7. a load reads zero out of bounds (TMA's fill; `paddingValue` zero or absent);
8. an op with `offsets` moves four rows of a 2-d view, one offset each.

An atomic is a TMA reduction when, before those rules (a reduction is a store's transfer: rule
7 and, since there is no scatter4 reduction, rule 8 do not apply):

- its pre-image is unused (a TMA reduction returns nothing), it reduces no rows (`offsets`), and
  its `rmw_mode` is a reduction (not xchg);
- the PTX ISA's table for `cp.reduce.async.bulk.tensor` gives the operation of its `rmw_mode`
  to its view's elements (`verify/tma.atomic_reduction_modes`: no `.max` for f32, `.inc` /
  `.dec` only for u32, nothing for 8-bit types or 16-bit integers), which the tensor map's data
  type is;
- its memory semantics are weak or relaxed, at most at gpu scope (each element's reduction is
  `.relaxed.gpu`).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Severity
from ..dialects.nv_tileas.async_tma import ATOM_ALLOW_LISTS
from ..dialects.nv_tileas.async_tma import TILED_ATOMIC_RMW as TMA_REDUCTION, TMA_REDUCE_OP
from ..dialects.nv_tileas.memops import (COPY_ATOM, DIALECT, MEM_SCOPE, MEM_SEMANTIC, RMW_MODE, SCOPE_ATTRIBUTE, SEMANTIC_ATTRIBUTE,
                                         TILED_ATOMIC_RMW, TILED_LOAD, TILED_STORE)
from ..tables.atoms import TMA_REDUCE_TYPES, tma_reductions
from ..ir.attributes import attribute, enum_case, integers
from ..ir.core import Attribute, Operation
from ..ir.custom_form import write_attributes
from ..ir.shaped import element_bits, shaped
from ..tables import tensormap
from ..tables.atoms import Residency
from ..verify.tma import atomic_reduction_modes, operand_groups
from .base import OP_NAMES, Pass, PassContext, option, register
from ..lowering_facts.tileas import residency
from .lower_tma_to_async import (PREFER_TMA_VARIABLE, ZERO_PADDING, box_plan, prefer_tma_set, rows_problem,
                                 target_problem, tma_backed_view, view_layout_problem, view_parameters)

NOT_TMA = "lower.not-tma"
MEMOPS = (TILED_LOAD, TILED_STORE, TILED_ATOMIC_RMW)
# Op -> (its TMA atom, the atom when TMA cannot move its tile; None: the op gets none).
ATOMS = {TILED_LOAD: (ATOM_ALLOW_LISTS["nv_tileas.async.tiled_tma_load"][0][0], "ldg"),
         TILED_STORE: (ATOM_ALLOW_LISTS["nv_tileas.async.tiled_tma_store"][0][0], "stg"),
         TILED_ATOMIC_RMW: (ATOM_ALLOW_LISTS[TMA_REDUCTION][0][0], None)}
# What the remark calls each op.
KIND = {TILED_LOAD: "load", TILED_STORE: "store", TILED_ATOMIC_RMW: "atomic"}
# What a TMA transfer of each op is called.
_TRANSFER = {TILED_LOAD: "load", TILED_STORE: "store", TILED_ATOMIC_RMW: "reduction"}
# Memory semantics a TMA transfer can give.
TMA_SEMANTICS = frozenset({"weak", "relaxed"})
# The scopes a TMA reduction's relaxed element operations have (`.relaxed.gpu`).
TMA_REDUCTION_SCOPES = frozenset({"cta", "cluster", "gpu"})


@dataclass(frozen=True)
class Verdict:
    atom: str | None          # the copy atom the op gets (None: an atomic that is no TMA reduction gets none)
    reason: str | None        # why TMA cannot move it; None when it can (it may still not allow TMA)


def allows_tma(op: Operation) -> bool:
    """Whether the op says `allow_tma = true`."""
    return (attribute(op, "allow_tma") or Attribute("false")).text.strip() == "true"


def tma_verdict(op: Operation, target: str | None, prefer_tma: bool = False) -> Verdict:
    """Which copy atom a tiled load / store / atomic gets on `target`, and why TMA cannot move
    it if it cannot: the TMA atom only when TMA can and the op allows it (or `prefer_tma`)."""
    tma_atom, other = ATOMS[op.name]
    reason = _why_not_reduction(op) if op.name == TILED_ATOMIC_RMW else None
    reason = reason or _why_not_tma(op, target)
    return Verdict(tma_atom if reason is None and (prefer_tma or allows_tma(op)) else other, reason)


def _why_not_reduction(op: Operation) -> str | None:
    """What keeps an atomic from a TMA reduction before the transfer's rules: its pre-image,
    rows, a mode that does not reduce."""
    if op.results and op.results[0].has_uses():
        return "a TMA reduction returns no pre-image, and this atomic's is used"
    if operand_groups(op).get("offsets"):
        return "a TMA reduction moves a tile; it does not reduce rows (offsets: there is no scatter4 reduction)"
    mode = enum_case(op, RMW_MODE, DIALECT, RMW_MODE)
    if mode not in TMA_REDUCE_OP:
        combines = ", ".join(dict.fromkeys(TMA_REDUCE_OP.values()))
        return f"a TMA reduction combines ({combines}); `{mode}` does not" if mode else "the atomic names no rmw_mode"
    return None


def _reduction_problem(op: Operation, element: str) -> str | None:
    """Whether the PTX ISA's table for `cp.reduce.async.bulk.tensor` gives the atomic's
    operation to the tensor map's elements."""
    mode = enum_case(op, RMW_MODE, DIALECT, RMW_MODE)
    # `fadd` is `add` (the memop verifier asks for that spelling).
    if ("add" if mode == "fadd" else mode) in atomic_reduction_modes(element):
        return None
    kind = TMA_REDUCE_OP[mode]
    if kind in tma_reductions(element):
        # The operation is the elements', but not as the mode asks (`umax` of signless i32).
        return f"`{mode}` is the `.{kind}` of unsigned elements, and the tensor map's {element} are not unsigned"
    return (f"cp.reduce.async.bulk.tensor has no `.{kind}` of {element} (the PTX ISA gives `.{kind}` to "
            f"{', '.join(TMA_REDUCE_TYPES[kind])})")


def _why_not_tma(op: Operation, target: str | None) -> str | None:
    load = op.name == TILED_LOAD
    rows = bool(operand_groups(op).get("offsets"))
    if (why := target_problem(target, load, rows)) is not None:
        return why
    views = operand_groups(op).get("view") or []
    if views and tma_backed_view(views[0]) is not None:
        # A view backed by a TMA descriptor: its box, swizzle and tensor map are the descriptor's
        # (whose elements are the tile's: the verifier holds them to it).
        tile = shaped(op.operands[0].type.text) if op.name == TILED_ATOMIC_RMW and op.operands else None
        if tile is not None and (why := _reduction_problem(op, tile.element)) is not None:
            return why
        return _semantics_problem(op, load)
    space, view = residency(views[0].type) if views else (None, None)
    if view is None or space is not Residency.GMEM:
        return "the view is not a global-memory memref (`memref<..., 1>`)"
    tile = integers(op, "tileSize")
    bits = element_bits(view.element)
    if not tile or bits is None or tensormap.data_type_of(view.element) is None:
        return f"TMA has no data type for {view.element}" if tile else "the op has no tileSize"
    if op.name == TILED_ATOMIC_RMW and (why := _reduction_problem(op, view.element)) is not None:
        return why
    plan = box_plan(tile, bits, bool(operand_groups(op).get("offsets")))
    if isinstance(plan, str):
        return plan
    # A tensor map describes the view as it is laid out, and the driver's rules on it (`cute-ir
    # descriptor tma-tiled` checks the same).
    if (why := view_layout_problem(str(views[0].type), bits)) is not None:
        return why
    problems = tensormap.check_parameters("tiled", view_parameters(str(views[0].type), view.element, plan))
    if problems:
        return f"its tensor map breaks a rule of cuTensorMapEncodeTiled: {problems[0].split(': ', 1)[-1]}"
    if (why := _semantics_problem(op, load)) is not None:
        return why
    offsets = operand_groups(op).get("offsets") or []
    return rows_problem(tile, len(view.dims), len(offsets)) if offsets else None


def _semantics_problem(op: Operation, load: bool) -> str | None:
    """Rules 6 and 7: what a TMA transfer's memory semantics and out-of-bounds fill can be."""
    semantic = enum_case(op, SEMANTIC_ATTRIBUTE[op.name], DIALECT, MEM_SEMANTIC) or "weak"
    if semantic not in TMA_SEMANTICS:
        return f"a TMA {_TRANSFER[op.name]} is weak or relaxed; this one is {semantic}"
    scope = enum_case(op, SCOPE_ATTRIBUTE[op.name], DIALECT, MEM_SCOPE)
    if op.name == TILED_ATOMIC_RMW and scope is not None and scope not in TMA_REDUCTION_SCOPES:
        return f"a TMA reduction's element operations are relaxed at gpu scope; this atomic asks for {scope} scope"
    padding = attribute(op, "paddingValue")
    if load and padding is not None and padding.text.strip() != ZERO_PADDING:
        return f"a TMA load reads zero out of bounds; this one pads with {padding.text.strip()}"
    return None


@register
@dataclass(frozen=True)
class AssignLoadStoreLayouts(Pass):
    name = "AssignLoadStoreLayouts"
    argument = "assign-load-store-layouts"
    description = ("choose the copy atom of each tiled load, store and atomic: TMA's when the op allows TMA and a "
                   "TMA box can move the tile (a TMA reduction when the PTX ISA's table gives the atomic's operation "
                   "to its elements), else ldg / stg (an atomic none)")
    local = True      # each op's atom depends on the op and the target

    prefer_tma: bool = option(False, "give TMA atoms to loads and stores without allow_tma = true, as "
                                     "lower-tma-load-store-to-async's option of that name rewrites them "
                                     f"(also set by {PREFER_TMA_VARIABLE})")

    def __post_init__(self) -> None:
        # The page's environment switch, as lower-tma-load-store-to-async reads it.
        if prefer_tma_set():
            object.__setattr__(self, "prefer_tma", True)

    def may_report(self, facts: dict) -> bool:
        names = facts.get(OP_NAMES)
        return names is None or bool(names & set(MEMOPS))

    def may_rewrite(self, facts: dict) -> bool:
        return self.may_report(facts)   # it rewrites only the ops it may report on

    def run(self, op: Operation, context: PassContext) -> None:
        for memop in [o for o in op.walk() if o.name in MEMOPS and attribute(o, COPY_ATOM) is None]:
            verdict = tma_verdict(memop, context.target, self.prefer_tma)
            if verdict.atom is not None:
                memop.attributes[COPY_ATOM] = Attribute(f"#{DIALECT}.{COPY_ATOM}<{verdict.atom}>")
                write_attributes(memop)
            if verdict.reason and allows_tma(memop):
                gets = f"it gets the `{verdict.atom}` copy atom" if verdict.atom else \
                    "it gets no copy atom and stays a `tiled_atomic_rmw`"
                context.report(memop, NOT_TMA, f"this {KIND[memop.name]} allows TMA but cannot use it: "
                                               f"{verdict.reason}; {gets}", Severity.INFORMATION)
