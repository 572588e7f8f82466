"""TileAS's atom-type rules (tileas-tma-and-memops, "Atom-type rules").

An async TMA op must say its atom: without `copy_atom` it gets the message MLIR's ODS-generated
verifier gives a missing required attribute.

Every op that names a copy atom (`copy_atom = #nv_tileas.copy_atom<kind>`: the token-ordered
loads and stores, optionally; the async TMA ops, always) must name one its allow-list holds
(`dialects/nv_tileas/async_tma.py`, `ATOM_ALLOW_LISTS`), in the page's words; a kind no list
knows is "invalid TMA atom type", with the kinds in a note. A TMA reduction cannot run in
scatter4 mode. Messages land on the attribute that says what is wrong.
"""
from __future__ import annotations

from ..diagnostics import Diagnostic, Related, Severity, Source
from ..diagnostics.catalogue import make
from ..diagnostics.mlir_messages import REQUIRES_ATTRIBUTE
from ..dialects.nv_tileas.async_tma import ATOM_ALLOW_LISTS, REDUCE_FORBIDDEN_MODE, TILED_ATOMIC_RMW
from ..dialects.cute_nvgpu.enums import DIALECT as CUTE_NVGPU
from ..dialects.nv_tileas.memops import COPY_ATOM, DIALECT, ENUMS
from ..dialects.registry import record
from ..ir.attributes import attribute, enum_case
from ..ir.core import Operation
from ..ir.lift import Lifted, SourceIndex

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


def verify_atoms(lifted: Lifted) -> list[Diagnostic]:
    """The atom-type rules for every op of the lifted unit that has an allow-list."""
    out: list[Diagnostic] = []
    for top in lifted.operations:
        for op in top.walk():
            out.extend(check_atom(op, lifted.index))
    return out
