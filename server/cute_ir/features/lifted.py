"""The IR of the unit at a place in the document, for the features that read an op."""
from __future__ import annotations

from ..analysis import DocumentAnalysis
from ..ir.lift import Lifted


def lifted_unit_at(analysis: DocumentAnalysis, offset: int, needle: bytes | None = None) -> Lifted | None:
    """The IR of the unit holding `offset`; None when there is none, or when its text lacks
    `needle` (what the op the caller looks for must spell, so most units are not lifted).
    Shared with the unit's other readers: not to be rewritten (passes take
    `DocumentAnalysis.rewritable_unit`)."""
    unit = analysis.unit_at(offset)
    if unit is None or unit.shell:
        return None
    if needle is not None and needle not in analysis.document.data[unit.start:unit.end]:
        return None
    return analysis.lifted_unit(unit)
