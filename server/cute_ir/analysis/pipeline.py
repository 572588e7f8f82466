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

`cute-ir lower --emit ptx` writes each function that holds inline assembly after the pipeline
with the function writer (emit/lowered_kernel.py). Where nothing else `check` reports stops a
unit's lowering, the writer's verdict on each such function that is meant for PTX joins the
pipeline's: `lower.emit` at the op it stopped at, in `--emit ptx`'s words (`_refusals`). The
run's IR is the writer's where the pipeline ran; a unit the check in place stood for is lowered
once more only when the check found an op the run makes inline assembly of
(`passes/lower_atoms.LOWERS`) and a function of it is meant for PTX, and a unit whose only
verified ops are inline assembly is written as the text writes it. The verdict is kept with the
pipeline's; which functions it is published for is asked each time (whether the container is
for PTX is one of the unit's questions, analysis/symbols.py).

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
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic, Source
from ..dialects.registry import is_function
from ..tables.op_names import INLINE_ASM
from ..emit.lowered_kernel import LoweredKernel, function_kernels, function_refusal, meant_for_ptx, writes
from ..emit.ptx import EMIT_CODE, EmitError
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
from ..passes.lower_atoms import LOWERS, STOPPED_CODE
from .units import Unit

if TYPE_CHECKING:
    from .source import UnitSource
    from .symbols import UnitLookup

EDITOR_PIPELINE = DEFAULT_PIPELINE
_ELEMENTS = parse_pipeline(EDITOR_PIPELINE)
_PASSES = local_passes(_ELEMENTS)
assert _PASSES is not None, "the editor runs its pipeline function by function: every pass must be local"

# What the passes report that the editor does not publish: it restates a shown diagnostic.
_RESTATING = frozenset({STOPPED_CODE})

log = logging.getLogger(__name__)

# The function writer's refusal, as the PTX preview reports an atom's (features/preview.py).
WRITER_REFUSED = EMIT_CODE
# Inline assembly as a unit's text writes it (`llvm.inline_asm`, or quoted in the generic form).
_INLINE_ASM_TEXT = INLINE_ASM.encode()


@dataclass(slots=True)
class _Verdict:
    """What the editor's pipeline says of a unit with some facts (relative to the unit)."""
    diagnostics: tuple[Diagnostic, ...]     # what the editor publishes
    failed: bool                            # a pass reported an error (one restating a shown one too)
    lowers: bool                            # the atom lowering makes inline assembly of an op here
    # The function writer's refusals of the functions it writes after the pipeline, each with
    # whether the function says itself that it is for PTX (`meant_for_ptx`); None: not asked.
    refusals: "tuple[tuple[Diagnostic, bool], ...] | None" = None


_CACHE_SIZE = 8192
_cache: "OrderedDict[tuple, _Verdict]" = OrderedDict()


class UnitPipeline:
    """The editor's pipeline for one pass over some units of a document (the alias table is
    read once)."""

    def __init__(self, analysis: "UnitSource", lowering: LoweringCheck) -> None:
        self.analysis = analysis
        self.lowering = lowering      # whose alias table it shares: reading one costs a walk of every unit
        self._source: UnitAtomSource | None = None
        self._index: tuple[list[Diagnostic], ErrorIndex] | None = None

    def diagnostics(self, unit: Unit, errors: list[Diagnostic], own: list[Diagnostic],
                    op_names: frozenset[str], lifted: Lifted | None = None,
                    ptx: "UnitLookup | None" = None) -> list[Diagnostic]:
        """What the pipeline reports on `unit` (absolute spans) that the editor publishes, given
        `errors`, the syntax and type errors of the units verified together (the same list for
        each of them: indexed once), `own`, the unit's verifier errors, and `op_names`, the
        names of the ops that made the analysis verify it; `lifted`: the unit's IR, when the
        caller holds it (read, or copied to be rewritten). `ptx`: the unit's questions about
        its containers, when nothing else `check` reports stops its lowering: then the function
        writer's verdict on each function it writes after the pipeline that is meant for PTX
        joins them (`_refusals`)."""
        if self._source is None:
            self._source = UnitAtomSource(self.analysis, self.analysis.target_arch)
        if self._index is None or self._index[0] is not errors:
            self._index = (errors, ErrorIndex(errors, self.lowering.aliases(), self.analysis))
        stopping = self._index[1].for_unit(unit) + [d.shifted(-unit.start) for d in own]
        atoms = self._source.unit_with(unit, stopping)
        key = (atoms.key, EDITOR_PIPELINE)
        asks = ptx is not None and lifted is not None and not atoms.stopping
        found = _cache.get(key)
        if found is None:
            found = self._run(unit, atoms, op_names, lifted, ptx if asks else None)
            _cache[key] = found
            if len(_cache) > _CACHE_SIZE:
                _cache.popitem(last=False)
        else:
            _cache.move_to_end(key)
        out = [d.shifted(unit.start) for d in found.diagnostics]
        if asks and not found.failed:
            out += self._refusals(unit, atoms, op_names, lifted, found, ptx)
        return out

    def _run(self, unit: Unit, atoms: UnitAtoms, op_names: frozenset[str],
             lifted: Lifted | None, ptx: "UnitLookup | None") -> _Verdict:
        facts = {**atoms.pass_facts(unit.start), OP_NAMES: op_names}
        reporting = [p.may_report(facts) for p in _PASSES]
        if not any(reporting):
            return _Verdict((), False, False)
        context = PassContext(self.analysis.target_arch, facts)
        refusals = None
        if _checked_in_place(reporting, facts):
            # A check in place resolves nothing: it reads a type written with an alias (`!t`, or
            # `#map` inside it) through the document's alias table (`facts[ALIASES]`).
            _check_in_place((lifted or self.analysis.lifted_unit(unit)).operations, reporting, context)
            lowers = bool(facts.get(LOWERS))
        else:
            module = self._lowered(unit, lifted, context)
            lowers = any(op.name == INLINE_ASM for op in module.walk())
            if ptx is not None and lifted is not None and not context.failed and \
                    self._meant_for_ptx(unit, lifted, ptx, lowers) is not None:
                refusals = self._written_of([module], unit)   # (the run's IR: no second run for them)
        return _Verdict(tuple(d.shifted(-unit.start) for d in context.diagnostics if d.code not in _RESTATING),
                        context.failed, lowers, refusals)

    def _lowered(self, unit: Unit, lifted: Lifted | None, context: PassContext) -> Operation:
        """A copy of `unit`'s IR after the pipeline, run with `context`, in its module."""
        ops = copy_operations(lifted.operations) if lifted is not None else self.analysis.rewritable_operations(unit)
        module = wrap_in_module(ops)
        resolve_aliases([module], self._source.alias_table())
        PassManager(_ELEMENTS).run(module, context)
        return module

    def _refusals(self, unit: Unit, atoms: UnitAtoms, op_names: frozenset[str], lifted: Lifted,
                  verdict: _Verdict, lookup: "UnitLookup") -> list[Diagnostic]:
        """Where and why the function writer writes no kernel of a function of `unit` after the
        pipeline (one holding inline assembly, the user's or the atom lowering's: what `cute-ir
        lower --emit ptx` writes) that is meant for PTX: `lower.emit` at the op it stopped at,
        in `--emit ptx`'s words (absolute spans). Meant for PTX: a function that says so itself
        (`emit/lowered_kernel.meant_for_ptx`: a kernel's mark or launch), or one in a container
        for PTX (`lookup.ptx_container`: a `gpu.module`, a module with an NVVM target or an
        NVPTX triple; the question is recorded with the unit's, so an edit of the header alone
        verifies the unit again); inline assembly alone does not say so (MLIR's LLVM dialect
        writes it for any target). Only a unit with a function the writer writes asks; the
        verdict is kept with the pipeline's (`_Verdict.refusals`): the unit is lowered once
        more only when the check in place stood for the run, and only when some function of
        it is meant for PTX."""
        container = self._meant_for_ptx(unit, lifted, lookup, verdict.lowers)
        if container is None:
            return []
        if verdict.refusals is None:
            verdict.refusals = self._written(unit, atoms, op_names, lifted)
        return [d.shifted(unit.start) for d, marked in verdict.refusals if container or marked]

    def _meant_for_ptx(self, unit: Unit, lifted: Lifted, lookup: "UnitLookup", lowers: bool) -> bool | None:
        """None when no function of `unit` the writer writes after the pipeline can be meant for
        PTX (the unit holds no inline assembly after it: `lowers`, or the text's own; or its
        container is not for PTX and no function says it is); else whether its container is for
        PTX (a question recorded with the unit's)."""
        if not lowers and self.analysis.document.data.find(_INLINE_ASM_TEXT, unit.start, unit.end) < 0:
            return None
        if lookup.ptx_container():
            return True
        if any(is_function(op.name) and meant_for_ptx(op) for top in lifted.operations for op in top.walk()):
            return False
        return None

    def _written(self, unit: Unit, atoms: UnitAtoms, op_names: frozenset[str],
                 lifted: Lifted) -> tuple[tuple[Diagnostic, bool], ...]:
        """The function writer's refusals of the functions of `unit` it writes after the
        pipeline (`_Verdict.refusals`). A unit whose only verified ops are inline assembly
        the pipeline leaves as written: the writer reads the IR the verifiers read."""
        if op_names <= {INLINE_ASM}:
            return self._written_of(lifted.operations, unit)
        context = PassContext(self.analysis.target_arch, {**atoms.pass_facts(unit.start), OP_NAMES: op_names})
        return self._written_of([self._lowered(unit, lifted, context)], unit)

    def _written_of(self, ops: list[Operation], unit: Unit) -> tuple[tuple[Diagnostic, bool], ...]:
        """The function writer's refusal of each function of `ops` (lowered IR) it writes,
        relative to `unit`, with whether the function says it is for PTX."""
        parsed = parse_target(self.analysis.target_arch)
        if parsed is None:
            return ()         # (`lower.target` says so)
        out = []
        for top in ops:
            for op in top.walk():
                if not writes(op) or (refused := function_refusal(op, parsed)) is None:
                    continue
                at, why = refused
                span = source_span(at.location) or source_span(op.location)
                if span is not None:
                    out.append((Diagnostic(WRITER_REFUSED, span.shifted(-unit.start), Severity.ERROR, Source.LOWER,
                                           f"cannot emit PTX: {why}"), meant_for_ptx(op)))
        return tuple(out)


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
