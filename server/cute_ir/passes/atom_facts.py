"""What the atom lowering is handed about a unit: its atom sites and the errors that may stop them.

`convert-cute-nvgpu-to-ptx` (passes/lower_atoms.py) decides each op's lowering itself, from the
op's atom; what it cannot see in the IR it runs on is what verification found of the atoms as
the text writes them (`verify/atom_sites.py`: each op that builds or applies one, with the
configuration it lowers from) and which of the document's errors stop them, as they stop
`check`. `UnitAtomSource` reads both for a unit, relative to it; `UnitAtoms.pass_facts` hands
them to the pass at the unit's place (`PassContext.facts`). `cute-ir lower`
(features/lowered.py), the editor's run of the pipeline (analysis/pipeline.py) and the PTX
preview's lowered units read them here; the preview's kernels are not among them.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic, Severity, Source, Span
from ..ir.aliases import AliasTable
from ..tables import tiers as T
from ..verify.atom_sites import NO_ALIASES, AliasDef, AtomSite, SiteSource, SourceUnit, aliases_of, resolving_table, unit_key, unit_sites
from .lower_atoms import ALIASES, SITES, STOPPING

__all__ = ["UnitAtoms", "UnitAtomSource", "ErrorIndex", "lowering_errors"]


def lowering_errors(analysis) -> list[Diagnostic]:
    """The document's errors that stop a lowering (all but the lowering's own). `analysis`
    has the document's diagnostics (analysis/preview_source.py's `AnalysedSource`)."""
    return [d for d in analysis.diagnostics() if d.severity is Severity.ERROR and d.source is not Source.LOWER]


@dataclass(frozen=True, slots=True)
class UnitAtoms:
    """The atom sites of one unit and the errors that stop them, relative to the unit."""
    sites: dict[Span, tuple[AtomSite, ...]]
    stopping: tuple[Diagnostic, ...]
    key: tuple                          # everything the lowering depends on, the unit's text included
    aliases: object = field(default=None, compare=False)   # the document's alias table (ir.aliases.AliasTable)

    def pass_facts(self, at: int) -> dict:
        """What the atom-lowering pass reads (passes/lower_atoms.py), for the unit at offset `at`."""
        return {SITES: {s.shifted(at): tuple(site.shifted(at) for site in found) for s, found in self.sites.items()},
                STOPPING: tuple(d.shifted(at) for d in self.stopping),
                ALIASES: self.aliases}


class ErrorIndex:
    """Errors by where they can stop a unit's lowering: in the unit (the op, or the op that
    built the atom it applies), or on an atom's type in an alias definition."""

    def __init__(self, errors: list[Diagnostic], aliases: dict[str, AliasDef], source: SiteSource) -> None:
        self._sorted = sorted(errors, key=lambda d: d.span.start)
        self._starts = [d.span.start for d in self._sorted]
        # The errors in an alias definition: each error looks for the definition it may be in
        # (the table is in document order, and definitions do not overlap), rather than each
        # definition for its errors: a large file defines thousands, and is rarely broken in
        # more than a few places.
        definitions = list(aliases.values()) if errors else []   # an intact file copies nothing
        self._in_aliases = []
        for error in self._sorted:
            at = bisect_right(definitions, error.span.start, key=lambda alias: alias.span(source).start) - 1
            if at >= 0 and error.span.end <= definitions[at].span(source).end:
                self._in_aliases.append(error)

    def for_unit(self, unit: SourceUnit) -> list[Diagnostic]:
        """The errors that may stop `unit`'s ops, relative to the unit."""
        lo, hi = bisect_left(self._starts, unit.start), bisect_right(self._starts, unit.end)
        return [d.shifted(-unit.start) for d in self._sorted[lo:hi] + self._in_aliases]


class UnitAtomSource:
    """The atoms of a document's units (`UnitAtoms`) for one state of it: the alias table and
    the document's errors are read once."""

    def __init__(self, analysis: SiteSource, target: str) -> None:
        self.analysis = analysis
        self.target = target if T.parse_target(target) is not None else None
        self.aliases, self.alias_key = aliases_of(analysis) if not analysis.too_large else ({}, NO_ALIASES)
        self._errors: ErrorIndex | None = None   # the document's, read when first needed

    def unit(self, unit: SourceUnit) -> UnitAtoms:
        """The atoms of `unit` given the document's errors."""
        if self.target is None or unit.shell:
            return UnitAtoms({}, (), (self.target, unit.shell))
        if self._errors is None:
            self._errors = ErrorIndex(lowering_errors(self.analysis), self.aliases, self.analysis)
        return self.unit_with(unit, self._errors.for_unit(unit))

    def unit_with(self, unit: SourceUnit, errors: list[Diagnostic]) -> UnitAtoms:
        """The atoms of `unit` given `errors` (relative to the unit): what verification, which
        runs before the document's diagnostics are complete, knows stops its ops."""
        if self.target is None or unit.shell:
            return UnitAtoms({}, (), (self.target, unit.shell))
        text_key = unit_key(self.analysis, unit, self.alias_key)
        relative = unit_sites(self.analysis, unit, self.aliases, self.alias_key, text_key)
        stopping = tuple(sorted({d for site in relative for d in site.blocked_by(errors)},
                                key=lambda d: (d.span.start, d.span.end, d.code, d.message))) if errors else ()
        blocking = tuple((d.code, d.message, d.span.start, d.span.end) for d in stopping)
        sites: dict[Span, tuple[AtomSite, ...]] = {}
        for site in relative:
            sites[site.span] = sites.get(site.span, ()) + (site,)
        return UnitAtoms(sites, stopping, (text_key, self.target, blocking), self.alias_table())

    def alias_table(self) -> AliasTable:
        """The document's aliases as the passes resolve them (MLIR's parser would have)."""
        return resolving_table(self.aliases, self.alias_key)
