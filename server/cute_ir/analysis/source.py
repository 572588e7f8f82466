"""What the analysis's parts read of the document they analyse, as a typed interface.

`document.py` keeps a document and its units and calls the parts beside it (verification,
the editor's pipeline, the SSA and alias checks, the symbol lookups, a unit's analysis); they
read the document back only through this protocol, which `DocumentAnalysis` satisfies. So the
parts depend on this module and never on `document.py`: the analysis's imports run one way
(docs/architecture.md, "The analysis's own layers"; tests/test_layering.py checks it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Sequence

from ..diagnostics import Diagnostic
from ..dialects.cute_nvgpu.written import WrittenType
from .preview_source import AnalysedSource
from ..ir.core import Operation
from ..ir.lift import OpMemo

if TYPE_CHECKING:
    from ..verify.atom_sites import StatementRun
    from .units import Unit


class UnitSource(AnalysedSource, Protocol):
    """An analysed document as its parts read it: the PTX preview's view (`AnalysedSource`: the
    text, the units, a unit's tree and IR, the target) and what verification asks besides."""

    @property
    def target_conflicted(self) -> bool: ...

    @property
    def ssa_memo(self) -> OpMemo: ...

    def rewritable_operations(self, unit: "Unit") -> list[Operation]: ...

    def alias_type(self, name: str) -> WrittenType | None: ...

    def verification_scope(self, unit: "Unit") -> "Unit | StatementRun": ...

    def finding_errors(self, lo: int, hi: int) -> list[Diagnostic]: ...

    def written_alias_names(self) -> frozenset[bytes]: ...

    def first_written_definitions(self) -> dict[bytes, "Unit"]: ...

    def symbol_units(self) -> Sequence["Unit"]: ...

    def unit_start(self, unit: "Unit") -> int: ...


__all__ = ["UnitSource"]
