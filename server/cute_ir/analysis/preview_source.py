"""What the PTX preview (features/preview.py) reads of an analysed document, as a typed interface.

The preview is handed an analysed document; these protocols say exactly what it may use: the
document's bytes, its units in order, the IR and tree of a unit, the target, the document's
diagnostics, and a unit after the lowering pipeline (analysis/pipeline.py's `lowered_unit`,
which the PTX preview emits its kernels from). `DocumentAnalysis` (analysis/document.py)
satisfies them; tests may pass anything that does.
"""
from __future__ import annotations

from typing import NamedTuple, Protocol, runtime_checkable

from tree_sitter import Tree

from ..diagnostics import Diagnostic, Span
from ..verify.atom_sites import SiteSource, SourceUnit


class SourceText(Protocol):
    @property
    def data(self) -> bytes | bytearray: ...

    @property
    def uri(self) -> str: ...


class LoweredUnit(NamedTuple):
    """A unit after `cute-ir lower`'s default pipeline, as `cute-ir lower` prints it."""
    text: str           # the module the pipeline left, after the document's aliases
    failed: bool        # a pass reported an error on it
    # (0-based line of `text`, span relative to the unit's start): the first line of each op that
    # came from the document's text (a pass's op, from the op it was made from), so that what is
    # emitted from the lowered IR maps back to the ops the user wrote. Relative, as the entry is
    # cached by the unit's text: an edit that only moves the unit finds it again.
    origins: tuple[tuple[int, Span], ...] = ()
    # The kernel of each function that holds inline assembly (emit/lowered_kernel.py), written
    # from the IR the pipeline left, its lines mapped to lines of `text`: the IR itself is not kept.
    functions: tuple = ()


@runtime_checkable
class AnalysedSource(SiteSource, Protocol):
    """An analysed document, as the PTX preview sees it: what the verifier's atom sites are read
    from (`verify/atom_sites.SiteSource`), a unit's tree and the document's diagnostics."""

    @property
    def document(self) -> SourceText: ...

    def tree_for(self, unit) -> Tree | None: ...

    def diagnostics(self) -> list[Diagnostic]: ...

    def lowered_unit(self, unit, target: str) -> LoweredUnit: ...


__all__ = ["AnalysedSource", "LoweredUnit", "SourceText", "SourceUnit"]
