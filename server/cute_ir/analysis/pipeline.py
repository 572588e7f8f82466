"""The lowering pipeline on every verified unit, as part of its verification.

The editor runs `cute-ir lower`'s default pipeline (passes/__init__.py) on each unit that
holds ops the verifiers look at, when the unit is verified: after an edit, on the units the
edit touched (and those using an alias it changed), never on the rest of the file. What the
passes report joins the unit's diagnostics, except `lower.stopped`: an op left because of an
error the editor shows already.

Each unit goes through the pipeline alone, wrapped in a module as `cute-ir lower` wraps
top-level ops: the default pipeline's passes are all `local`. A unit none of whose passes may
report anything with its facts (`Pass.may_report`: the atom lowering reports only on ops the
lowering leaves or refuses, the tensor-memory copy legalization only where there are copies) is not
run: most functions lower whole, and the run would show nothing. When the passes that may
report can say so without rewriting (`Pass.checks_in_place`) and no pass before them rewrites
the unit (`Pass.may_rewrite`: a CuTe DSL function, which no TileAS pass touches, where only the
atom lowering has something to say), they check the unit's IR as written: no copy, no run.
Its facts are what the atom lowering is handed about the unit (passes/atom_facts.py,
`UnitAtomSource.unit_with`: the atom sites verification found, and the errors known when the
unit is verified that stop them). Results are cached by those facts' key (the unit's text, the
aliases, the target and the errors stopping its ops), so a unit that only moved, or text typed
and then undone, costs a dictionary lookup.

`lowered_unit` is the same pipeline for the PTX preview (features/preview.py), on request only:
the unit's IR through `cute-ir lower`'s default pipeline with the same facts about its atoms,
the document's alias table and the target, printed as `cute-ir lower` prints it, with the source span of each printed op. The preview
emits its TileAS kernels from that text as `cute-ir lower --emit ptx` emits them from its output,
so the two cannot differ, and a function's atoms as the inline assembly the pipeline made of
them (emit/lowered_kernel.py), written here from the IR the pipeline left, each line mapped to
the printed line of the op it came from; the IR is then dropped, the text and PTX cached. No keystroke runs it: verification asks only for the diagnostics.
"""
from __future__ import annotations

import logging
from collections import OrderedDict
from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic
from ..emit.lowered_kernel import INLINE_ASM, LoweredKernel, function_kernels
from ..emit.ptx import EmitError
from .preview_source import LoweredUnit
from ..tables.tiers import parse_target
from ..passes.atom_facts import ErrorIndex, UnitAtoms, UnitAtomSource
from ..verify.atom_sites import aliases_of
from ..verify.lowering import LoweringCheck
from ..ir.aliases import resolve_aliases
from ..ir.lift import Lifted, wrap_in_module
from ..passes import DEFAULT_PIPELINE, PassContext, PassManager, parse_pipeline
from ..passes.base import OP_NAMES, local_passes, report_failure
from ..ir.printer import print_ops
from ..ir.core import Operation, copy_operations
from ..text.location import source_span
from ..diagnostics import Severity
from ..passes.lower_atoms import STOPPED_CODE
from .units import Unit

if TYPE_CHECKING:
    from .source import UnitSource

EDITOR_PIPELINE = DEFAULT_PIPELINE
_ELEMENTS = parse_pipeline(EDITOR_PIPELINE)
_PASSES = local_passes(_ELEMENTS)
assert _PASSES is not None, "the editor runs its pipeline function by function: every pass must be local"

# What the passes report that the editor does not publish: it restates a shown diagnostic.
_RESTATING = frozenset({STOPPED_CODE})

log = logging.getLogger(__name__)

_CACHE_SIZE = 8192
_cache: "OrderedDict[tuple, tuple[Diagnostic, ...]]" = OrderedDict()


class UnitPipeline:
    """The editor's pipeline for one pass over some units of a document (the alias table is
    read once)."""

    def __init__(self, analysis: "UnitSource", lowering: LoweringCheck) -> None:
        self.analysis = analysis
        self.lowering = lowering      # whose alias table it shares: reading one costs a walk of every unit
        self._source: UnitAtomSource | None = None
        self._index: tuple[list[Diagnostic], ErrorIndex] | None = None

    def diagnostics(self, unit: Unit, errors: list[Diagnostic], own: list[Diagnostic],
                    op_names: frozenset[str], lifted: Lifted | None = None) -> list[Diagnostic]:
        """What the pipeline reports on `unit` (absolute spans) that the editor publishes, given
        `errors`, the syntax and type errors of the units verified together (the same list for
        each of them: indexed once), `own`, the unit's verifier errors, and `op_names`, the
        names of the ops that made the analysis verify it; `lifted`: the unit's IR, when the
        caller holds it (read, or copied to be rewritten)."""
        if self._source is None:
            self._source = UnitAtomSource(self.analysis, self.analysis.target_arch)
        if self._index is None or self._index[0] is not errors:
            self._index = (errors, ErrorIndex(errors, self.lowering.aliases(), self.analysis))
        stopping = self._index[1].for_unit(unit) + [d.shifted(-unit.start) for d in own]
        atoms = self._source.unit_with(unit, stopping)
        key = (atoms.key, EDITOR_PIPELINE)
        found = _cache.get(key)
        if found is None:
            found = self._run(unit, atoms, op_names, lifted)
            _cache[key] = found
            if len(_cache) > _CACHE_SIZE:
                _cache.popitem(last=False)
        else:
            _cache.move_to_end(key)
        return [d.shifted(unit.start) for d in found]

    def _run(self, unit: Unit, atoms: UnitAtoms, op_names: frozenset[str],
             lifted: Lifted | None) -> tuple[Diagnostic, ...]:
        facts = {**atoms.pass_facts(unit.start), OP_NAMES: op_names}
        reporting = [p.may_report(facts) for p in _PASSES]
        if not any(reporting):
            return ()
        context = PassContext(self.analysis.target_arch, facts)
        if _checked_in_place(reporting, facts):
            # A check in place resolves nothing: it reads a type written with an alias (`!t`, or
            # `#map` inside it) through the document's alias table (`facts[ALIASES]`).
            _check_in_place((lifted or self.analysis.lifted_unit(unit)).operations, reporting, context)
        else:
            ops = copy_operations(lifted.operations) if lifted is not None else self.analysis.rewritable_operations(unit)
            module = wrap_in_module(ops)
            resolve_aliases([module], self._source.alias_table())
            PassManager(_ELEMENTS).run(module, context)
        return tuple(d.shifted(-unit.start) for d in context.diagnostics if d.code not in _RESTATING)


def _checked_in_place(reporting: list[bool], facts: dict) -> bool:
    """Whether the passes' reports can be had without running them: each pass that may report
    can check the IR in place (`Pass.checks_in_place`), and no pass before the last of them may
    rewrite the IR, so each sees the IR as written. The common case: a CuTe DSL function, which
    no TileAS pass touches, where only the atom lowering has something to say."""
    last = max(i for i, may in enumerate(reporting) if may)
    return all(p.checks_in_place for p, may in zip(_PASSES, reporting) if may) and \
        not any(p.may_rewrite(facts) for p in _PASSES[:last])


def _check_in_place(ops: list, reporting: list[bool], context: PassContext) -> None:
    """What the passes that may report say of `ops`, which are left as they are (the unit's
    kept IR, which the verifiers read too); as `PassManager.run` reports, in its order."""
    for pass_, may in zip(_PASSES, reporting):
        if not may:
            continue
        try:
            for op in ops:
                pass_.check(op, context)
        except Exception as error:   # a defect in a pass, reported as PassManager reports it
            report_failure(context, pass_, ops[0], error)


# The preview's lowered units, by their atom facts' key, the target and the passes (an option the
# environment set is part of them): a preview asked for again after an edit lowers the units
# that changed. Twice the functions a preview writes (features/preview.py MAX_LOWERED_FUNCTIONS), so
# that a repeat finds them and the TileAS kernels' units; an entry is printed text and PTX, no IR
# (about 100 KiB for a generated function that applies two atoms: docs/benchmarks.md, sixteenth round).
_LOWERED_SIZE = 512
_lowered: "OrderedDict[tuple, LoweredUnit]" = OrderedDict()


def lowered_unit(analysis: "UnitSource", unit: Unit, target: str) -> LoweredUnit:
    """`unit` after `cute-ir lower`'s default pipeline for `target`, as `cute-ir lower` runs it
    on a function (features/lowered.py): its rewritable IR, what the atom lowering is handed
    about its atoms (`UnitAtomSource.unit`: the document's errors stop what they stop in
    `check`) and the target; printed in a module after the document's aliases."""
    source = UnitAtomSource(analysis, target)
    atoms = source.unit(unit)
    passes = local_passes(parse_pipeline(EDITOR_PIPELINE))
    key = (atoms.key, target, tuple(passes))
    hit = _lowered.get(key)
    if hit is not None:
        _lowered.move_to_end(key)
        return hit
    context = PassContext(target, atoms.pass_facts(unit.start))
    module = wrap_in_module(analysis.rewritable_operations(unit))
    resolve_aliases([module], source.alias_table())
    PassManager(passes).run(module, context)
    failed = any(d.severity is Severity.ERROR for d in context.diagnostics)
    printed: list[tuple[int, Operation]] = []
    text = print_ops([module], aliases=_aliases(analysis), line_origins=printed)
    # Relative to the unit's start: the entry is found again by the unit's text wherever it is.
    origins = tuple((line, span.shifted(-unit.start)) for line, op in printed
                    if (span := source_span(op.location)) is not None)
    found = LoweredUnit(text, failed, origins, _functions(module, text, printed, target))
    _lowered[key] = found
    if len(_lowered) > _LOWERED_SIZE:
        _lowered.popitem(last=False)
    return found


def _functions(module: Operation, text: str, printed: list[tuple[int, Operation]], target: str) -> tuple:
    """The kernels of the functions the pipeline turned into inline assembly, written from the
    IR it left (no print and parse again), each line mapped to the printed line of its op."""
    parsed = parse_target(target)
    if parsed is None or INLINE_ASM not in text:
        return ()
    try:
        return tuple(function_kernels([module], {op: line for line, op in printed}, parsed))
    except Exception as err:                     # a defect must not cost the preview
        log.exception("the function writer failed on a lowered unit")
        return (LoweredKernel("?", EmitError(f"{type(err).__name__}: {err}", None, target)),)


def _aliases(analysis: "UnitSource") -> tuple[tuple[str, str], ...]:
    """The document's `!name = ...` / `#name = ...` definitions, first of each name, in
    document order: what `cute-ir lower` prints before the module."""
    table, _ = aliases_of(analysis)
    return tuple((name, alias.text) for name, alias in table.items())


def clear_cache() -> None:
    _cache.clear()
    _lowered.clear()
