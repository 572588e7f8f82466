"""One analysis per unit, read by every feature.

What a unit's text yields, for the unit's text, the aliases it uses and the target, is found
once and kept with the unit (`Unit.derived`, a `UnitFacts`): the features' per-unit results
(the outline, folding, semantic tokens, inlay hints, the TileAS hover sections: `PerUnit`),
the TMA verifier's partition results and flags words, and the default pipeline's stages of the
unit with what its TileAS passes made of its TMA loads and stores. Each is computed when first
asked for. The facts are keyed so:

- by the text: the analysis drops a unit's facts when its text changes (`Unit.forget`), and
  keeps them when the unit only moves (every position in them is relative to its start);
- by the aliases it uses: an edit to the definition of an alias the unit uses drops them too
  (`DocumentAnalysis._reverify_alias_users`);
- by the target: a fact that depends on it is kept under a key naming it, and a new target
  re-analyses the document (new units, no facts).

The unit's IR is not kept here: it is read through the document's few kept lifts
(`DocumentAnalysis.lifted_unit`), since a unit's IR outlives nothing but its readers of one
keystroke (docs/benchmarks.md, ninth round). What a verifier derives from the IR itself while
it verifies (the TMA verifier's results, `Lifted.derived`) lives as long as that IR; the
partition results hover shows are kept here by the op's name range instead, which holds no IR.

The PTX preview's lowered unit (`lowered`) is read through here as well; it is still cached
by pipeline.py's own key (which holds the errors that stop the unit's ops), not kept with the
unit.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from ..passes.atom_facts import UnitAtomSource
from .preview_source import LoweredUnit
from ..ir.lift import Lifted
from ..passes import DEFAULT_PIPELINE, parse_pipeline
from ..passes.base import Pass, local_passes
from ..verify.tma import TmaPartitionResult, verify_tma
from .pipeline import lowered_unit
from .stages import UnitStages, run_stages
from .units import PerUnit, Unit, UnitFacts

if TYPE_CHECKING:
    from .source import UnitSource

T = TypeVar("T")

# The keys of the facts this module keeps (a `PerUnit`'s key is a string: none of these).
_PARTITIONS = "tma-partitions"
_STAGES = "default-pipeline-stages"


def default_passes() -> list[Pass]:
    """The default pipeline's passes, as parsed now (an option the environment sets is part of them)."""
    passes = local_passes(parse_pipeline(DEFAULT_PIPELINE))
    assert passes is not None, "the default pipeline's passes are all local"
    return passes


class UnitAnalysis:
    """One unit's facts as a document analysis reads them: made for each request (it holds
    nothing but the two), the facts themselves kept with the unit."""
    __slots__ = ("source", "unit")

    def __init__(self, source: "UnitSource", unit: Unit) -> None:
        self.source = source
        self.unit = unit

    @property
    def facts(self) -> UnitFacts:
        return self.unit.derived

    @property
    def lifted(self) -> Lifted:
        """The unit's IR, to read (not kept here: `DocumentAnalysis.lifted_unit` keeps the last few)."""
        return self.source.lifted_unit(self.unit)

    def result(self, per_unit: PerUnit[T]) -> T:
        """A feature's result for the unit, computed once per text of the unit."""
        facts = self.facts
        found = facts.get(per_unit.key, _ABSENT)
        if found is _ABSENT:
            found = facts[per_unit.key] = per_unit.compute(self.source, self.unit)
        return found

    def tma_partitions(self) -> dict[tuple[int, int], TmaPartitionResult]:
        """The TMA partition verifier's result for each TMA atom and `tma_partition` op of the
        unit, by the op's name range relative to the unit's start, for the document's target."""
        target = self.source.target_arch
        key = (_PARTITIONS, target)
        found = self.facts.get(key)
        if found is None:
            found = self.facts[key] = self._partitions(target)
        return found

    def _partitions(self, target: str) -> dict[tuple[int, int], TmaPartitionResult]:
        unit, data = self.unit, self.source.document.data
        if unit.shell or b"tma" not in data[unit.start:unit.end]:
            return {}   # every TMA op's name says so; most units have none
        lifted = self.lifted
        # What verification found, when it read the same IR (`Lifted.derived`), else found now.
        verification = verify_tma(lifted, target)
        out: dict[tuple[int, int], TmaPartitionResult] = {}
        for op, result in verification.partitions.items():
            span = lifted.index.name_spans.get(op) or lifted.index.op_spans.get(op)
            if span is not None:
                out[(span.start - unit.start, span.end - unit.start)] = result
        return out

    def stages(self, target: str | None = None, source: UnitAtomSource | None = None,
               passes: list[Pass] | None = None, tileas_only: bool = False) -> UnitStages:
        """The unit through the default pipeline (`passes`, parsed now when None) for `target`
        (the document's when None), pass by pass, printed as the function a lowered-IR view
        shows alone; `source`: what the atom lowering is handed about the document's atoms for
        that target (made when None). Kept with the unit for each target, with those facts'
        key (the errors that stop its ops are part of it) and the passes it was found with.

        `tileas_only`: what the TileAS passes made and reported is all the caller reads (the
        TileAS hover): stages already kept serve it, else the passes up to the last TileAS one
        run unprinted (printing is most of a run's cost), and a view asking later runs them
        all, printed."""
        target = target or self.source.target_arch
        source = source or UnitAtomSource(self.source, target)
        passes = passes if passes is not None else default_passes()
        atoms = source.unit(self.unit)
        key = (_STAGES, target)
        kept = self.facts.get(key)
        if kept is not None and kept[0] == atoms.key and kept[1] == tuple(passes) \
                and (tileas_only or kept[2].complete):
            return kept[2]
        found = run_stages(self.source.rewritable_operations(self.unit), self.unit.start, passes, target,
                           atoms.pass_facts(self.unit.start), source.alias_table(), depth=None if tileas_only else 0)
        self.facts[key] = (atoms.key, tuple(passes), found)
        return found

    def lowered(self, target: str) -> LoweredUnit:
        """The unit after the default pipeline for `target`, as the PTX preview emits it
        (pipeline.py's `lowered_unit`, cached there by its atom facts' key)."""
        return lowered_unit(self.source, self.unit, target)


_ABSENT = object()
