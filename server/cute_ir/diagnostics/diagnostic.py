"""The one diagnostic record every stage produces.

Stages collect these and return them beside their result; no stage raises for a user error.
Spans are byte offsets into the UTF-8 document (what tree-sitter reports); conversion to
LSP line/character positions happens only at the edges (lsp/, cli).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import NamedTuple


class Span(NamedTuple):
    """Half-open byte range [start, end) in the UTF-8 encoded document.

    A NamedTuple rather than a dataclass: the IR builder makes one per token, and tuples are
    several times cheaper to create. Spans stored relative to a unit's start may be negative
    (a problem reported just before the unit it belongs to); absolute spans never are.
    """

    start: int
    end: int

    def shifted(self, delta: int) -> "Span":
        return Span(self.start + delta, self.end + delta)

    def contains(self, offset: int) -> bool:
        return self.start <= offset <= self.end

    def overlaps(self, other: "Span") -> bool:
        return self.start < other.end and other.start < self.end


class Severity(IntEnum):
    """Same numbering as LSP's DiagnosticSeverity."""

    ERROR = 1
    WARNING = 2
    INFORMATION = 3
    HINT = 4

    @property
    def label(self) -> str:
        return self.name.lower()


class Source(str, Enum):
    """Which stage found the problem."""

    SYNTAX = "syntax"
    TYPES = "types"
    VERIFY = "verify"
    LOWER = "lower"
    PTXAS = "ptxas"


@dataclass(frozen=True)
class Related:
    """A secondary location that explains a diagnostic (e.g. where an atom was defined)."""

    span: Span
    message: str


@dataclass(frozen=True)
class Diagnostic:
    code: str
    span: Span
    severity: Severity
    source: Source
    message: str
    related: tuple[Related, ...] = field(default=())

    def shifted(self, delta: int) -> "Diagnostic":
        """The same diagnostic moved by `delta` bytes (used when reusing per-op results)."""
        return Diagnostic(
            self.code,
            self.span.shifted(delta),
            self.severity,
            self.source,
            self.message,
            tuple(Related(r.span.shifted(delta), r.message) for r in self.related),
        )

    def document_order(self) -> tuple[Span, str, str]:
        """The key that orders diagnostics as they are shown: by place, then code and message,
        so two found at one place in either order are listed alike."""
        return self.span, self.code, self.message
