"""What the emitters read of an analysed document, as a typed interface.

Stages import only leftwards, so emit/ cannot import the analysis; it is handed one instead.
These protocols say exactly what it may use: the document's bytes, its units in order, the
IR and tree of a unit, the target, and the document's diagnostics. `DocumentAnalysis`
(analysis/document.py) satisfies them; tests may pass anything that does.
"""
from __future__ import annotations

from typing import Protocol, Sequence, runtime_checkable

from tree_sitter import Tree

from ..diagnostics import Diagnostic, Span
from ..ir.lift import Lifted


class SourceText(Protocol):
    @property
    def data(self) -> bytes | bytearray: ...

    @property
    def uri(self) -> str: ...


class SourceUnit(Protocol):
    """A unit of the document: a top-level statement, or a container's header or brace."""

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...

    @property
    def shell(self) -> bool: ...

    @property
    def alias_definition(self) -> "tuple[str, str, Span] | None":
        """(name, aliased text, its span relative to `start`) when the unit defines an alias."""


@runtime_checkable
class AnalysedSource(Protocol):
    """An analysed document, as the emitters see it."""

    @property
    def document(self) -> SourceText: ...

    @property
    def units(self) -> Sequence[SourceUnit]: ...

    @property
    def target_arch(self) -> str: ...

    @property
    def too_large(self) -> bool: ...

    def lifted_unit(self, unit) -> Lifted:
        """The unit's IR, to read (not to rewrite)."""

    def tree_for(self, unit) -> Tree | None: ...

    def alias_units(self) -> Sequence[SourceUnit]: ...

    def unit_start(self, unit) -> int: ...

    def diagnostics(self) -> list[Diagnostic]: ...
