"""Verification of a document's units, scheduled within a time budget.

The verifiers run on the units holding ops that build or apply atoms, TMA or TileAS ops (the
IR is built only there), then the lowering verdict of their atoms for the target and the
lowering pipeline (pipeline.py); the SSA checks run on every unit. Units a budget does not
reach are marked `unverified` and verified later (`DocumentAnalysis.verify_pending`).

A unit's verification is a generator of steps (`verify_unit_steps`): it yields after the lift,
the verifiers and the lowering check, so a slice of deferred verification can stop between
them and resume later instead of holding the server for a large function's whole
verification.
"""
from __future__ import annotations

import logging
import time
from bisect import bisect_right
from functools import cache, partial
from importlib import import_module
from typing import TYPE_CHECKING, Any, Callable, Generator, TypeVar

from ..diagnostics import Diagnostic, Severity, Span
from ..diagnostics.mlir_messages import UNDEFINED_ALIAS
from ..dialects.cute_nvgpu.written import WrittenType
from ..dialects.nv_tileas.async_tma import KERNEL_SPEC
from ..tables.op_names import INLINE_ASM
from .alias_uses import alias_diagnostics, written_uses
from .symbols import UnitLookup
from .units import Unit, kept_names, statement_nodes

if TYPE_CHECKING:
    from tree_sitter import Node

    from .alias_uses import AliasUses
    from .source import UnitSource

log = logging.getLogger(__name__)

# What an atom the target cannot run draws, left out when the file's atoms conflict.
_GATES = frozenset({"verify.target", "lower.target"})

# The lowering check and the pipeline (the passes, the emitters) are imported where a unit is
# first verified, the verifiers with the verified ops' names: a large text's top is analysed
# without verifying (features/leading.py), and its publish need not wait for the passes'
# import.
@cache
def _verified() -> frozenset[bytes]:
    """The verified ops' names as the findings carry them."""
    from ..dialects.verified_ops import VERIFIED_OPS
    return frozenset(name.encode() for name in VERIFIED_OPS)


@cache
def _verifying() -> None:
    """Import the verifiers, the lowering check and the pipeline (`verify_unit_steps` reads
    them from their modules when it runs)."""
    for module in ("..verify", "..verify.lowering", ".pipeline"):
        import_module(module, __package__)


def prepare_verification(found: dict[str, list[Any]]) -> None:
    """Import what verifying the units of `found` will use, before a budget's clock starts.

    The first verification in a process imports the verifiers, the SSA check and, for a
    document with verified ops, the lowering pipeline with its passes and emitters: hundreds of
    milliseconds on a busy machine. Counted against the open's budget, that import left the
    units of even a one-function document unverified at its first publish (an empty list, the
    verifiers' findings only in the next), so how a file's first publish looked depended on
    the machine's load. The budget is for verifying the document; this runs once per process."""
    _ssa_check()
    if _verifying.cache_info().currsize:
        return          # imported already
    verified = _verified()
    if any(op.name in verified for op in found.get("ops", ())):
        _verifying()


T = TypeVar("T")
# A computation in steps: it yields between them and returns its result.
Steps = Generator[None, None, T]


def run_steps(steps: "Steps[T]") -> T:
    """The result of `steps`, run through without stopping."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def verify_units(analysis: "UnitSource", units: list[Unit], found: dict[str, list[Any]],
                 errors: list[Diagnostic], deadline: float | None) -> dict[int, list[Diagnostic]]:
    """`verify_unit_steps` run through."""
    return run_steps(verify_unit_steps(analysis, units, found, errors, deadline))


def verify_unit_steps(analysis: "UnitSource", units: list[Unit], found: dict[str, list[Any]],
                      errors: list[Diagnostic], deadline: float | None) -> "Steps[dict[int, list[Diagnostic]]]":
    """Run the verifiers over units that contain verified ops, then check that their atoms
    lower for the target (verify/lowering.py: the one legality rule the emitters build from, so
    `check`, the server and the PTX preview give one verdict). `errors`: the
    units' syntax and type errors; units reached after `deadline` are left unverified.
    The diagnostics by the index in `units` of the unit whose verification reported them: a
    unit can report in the text of a type alias it resolved, outside its own."""
    verified = _verified()
    sites = [(op.start, op.name.decode()) for op in found.get("ops", ()) if op.name in verified]
    sites += _kernel_sites(analysis.document.data, units)
    sites += _text_sites(analysis.document.data, units, _INLINE_ASM_TEXT, INLINE_ASM)
    if not sites:
        return {}
    starts = [u.start for u in units]
    by_unit: dict[int, list[int]] = {}
    names: dict[int, set[str]] = {}
    for s, name in sites:
        index = bisect_right(starts, s) - 1
        by_unit.setdefault(index, []).append(s)
        names.setdefault(index, set()).add(name)
    if deadline is not None and time.monotonic() >= deadline:
        # Nothing is verified now (a large text's top, features/leading.py: its first publish
        # need not wait for the verifiers' import): every unit with a site is left for later.
        for index in by_unit:
            if index >= 0:
                units[index].unverified = True
        return {}
    from ..verify import verify_unit
    from ..verify.lowering import LoweringCheck
    from .pipeline import UnitPipeline
    out: dict[int, list[Diagnostic]] = {}
    lowering = LoweringCheck(analysis)
    pipeline = UnitPipeline(analysis, lowering)
    for index, unit_sites in sorted(by_unit.items()):
        if index < 0:
            continue
        unit = units[index]
        if deadline is not None and time.monotonic() >= deadline:
            unit.unverified = True   # and so is every unit after it
            continue
        asked: set[str] = set()

        def resolve(name: str) -> WrittenType | None:
            asked.add(name)   # an edit to this alias' definition verifies the unit again
            return analysis.alias_type(name)
        try:
            # A bare top-level statement is verified with those whose values it uses (runs.py).
            scope = analysis.verification_scope(unit)
            # The lowering check and the pipeline read aliases through the document's table,
            # not `resolve`: the unit depends on every name its scope's text writes.
            asked.update(written_uses(analysis.document.data, scope.start, scope.end))
            known = errors if scope is unit else _with_errors_before(analysis, scope, unit, errors)
            lifted = analysis.lifted_unit(scope)
            yield
            verified = verify_unit(lifted, analysis.target_arch, resolve,
                                   None if scope is unit else Span(unit.start, unit.end))
            own = [d for d in verified if d.severity is Severity.ERROR]
            yield
            # The lowering check and the pipeline read the IR the verifiers read: the document
            # keeps no unit's IR across the steps of a pass over many units, and lifting the unit
            # again for each of them cost more than all three (docs/benchmarks.md, issue 31).
            lowered = lowering.diagnostics(scope, known + own, lifted)
            yield
            # Where nothing else `check` reports stops the unit's lowering, the function writer's
            # verdict on its functions meant for PTX joins the pipeline's (pipeline.py); the
            # questions about its containers go with the unit's, which the SSA check adds to: an
            # edit to a container's header that makes its functions meant for PTX, or not,
            # verifies them again.
            clean = not own and not any(d.severity is Severity.ERROR for d in lowered) and not any(
                scope.start <= d.span.start < scope.end for d in known)
            found = verified + lowered + pipeline.diagnostics(
                scope, known, own, frozenset(names[index]), lifted, UnitLookup(analysis, unit, unit.symbols) if clean else None)
            if scope is not unit:
                # What the other statements of the scope say is theirs to say.
                found = [d for d in found if not scope.start <= d.span.start < unit.start]
            # Atoms no single target runs: the document's one conflict error says so.
            out[index] = [d for d in found if d.code not in _GATES] if analysis.target_conflicted else found
        except Exception:  # a defect in one verifier must not cost the rest of the file
            log.exception("verification failed in %s at byte %d", analysis.document.uri, unit.start)
        unit.aliases = kept_names(frozenset(asked))
    return out


def beside_ssa_errors(verified: dict[int, list[Diagnostic]], units: list[Unit],
                      ssa: list[Diagnostic]) -> dict[int, list[Diagnostic]]:
    """`verified` (`verify_unit_steps`' result) without the function writer's verdicts
    (pipeline.py, `UnitPipeline._refusals`) in a unit the SSA check, which runs after the
    verifiers, finds an error in: a use of a value its function defines nowhere leaves the op as
    written, where the writer then stops; the SSA error is what is wrong, as the errors that
    keep the verdict from being asked are (`verify_unit_steps`)."""
    if not ssa or not verified:
        return verified
    starts = sorted(d.span.start for d in ssa if d.severity is Severity.ERROR)
    out = {}
    for index, found in verified.items():
        unit = units[index]
        at = bisect_right(starts, unit.start - 1)
        if at < len(starts) and starts[at] < unit.end:
            from .pipeline import WRITER_REFUSED   # (imported already: the unit was verified)
            found = [d for d in found if d.code != WRITER_REFUSED]
        out[index] = found
    return out


def _kernel_sites(data: bytes, units: list[Unit]) -> list[tuple[int, str]]:
    """(where, `KERNEL_SPEC`) of each mention of a TileAS kernel's KernelSpecAttr in `units`:
    `cute-ir lower --emit ptx` writes PTX of every function carrying one, whatever ops it holds,
    so its unit is verified and its pipeline's checks of what that PTX cannot be (a float op
    the emitter has no form for: `lower.float-op`) run there too. Its name joins the op names
    the passes are handed (`Pass.may_report`)."""
    return _text_sites(data, units, _KERNEL_SPEC_TEXT, KERNEL_SPEC)


def _text_sites(data: bytes, units: list[Unit], text: bytes, name: str) -> list[tuple[int, str]]:
    """(where, `name`) of each mention of `text` in `units` (none in a shell). Besides TileAS
    kernels (`_kernel_sites`), `--emit ptx` writes each function holding inline assembly
    (`llvm.inline_asm`) with the function writer (emit/lowered_kernel.py): one that applies
    atoms is verified for them, and the others for this, so that `check` reports where the
    writer refuses one meant for PTX (pipeline.py, `UnitPipeline._refusals`)."""
    if not units:
        return []
    starts = [u.start for u in units]
    found, at, end = [], units[0].start, units[-1].end
    while (at := data.find(text, at, end)) >= 0:
        index = bisect_right(starts, at) - 1
        if index >= 0 and not units[index].shell and at < units[index].end:
            found.append((at, name))
        at += len(text)
    return found


# An alias no statement before its use defines (analysis/alias_uses.py): where MLIR's parser stops.
_UNDEFINED_ALIAS = "ssa.undefined-alias"
_UNDEFINED_WORDS = UNDEFINED_ALIAS.split("'")[0]

# A TileAS kernel's attribute (`nv_tileas.kernel_spec = #nv_tileas.kernel_spec<...>`).
_KERNEL_SPEC_TEXT = KERNEL_SPEC.encode()
_INLINE_ASM_TEXT = INLINE_ASM.encode()


@cache
def _ssa_check() -> Callable[..., list[Diagnostic]]:
    """ir/ssa.py's check, judging atom sites as verify/structure.py does."""
    from ..ir.ssa import check_ssa
    from ..verify.structure import check_site
    return partial(check_ssa, judge=check_site)


def _with_errors_before(analysis: "UnitSource", scope, unit: Unit,
                        errors: list[Diagnostic]) -> list[Diagnostic]:
    """`errors` with the syntax and type errors of the statements of `scope` before `unit`
    (an error there stops the ops that use what it defines), in document order, once each:
    the same whether those statements were analysed with the unit or before it."""
    before = analysis.finding_errors(scope.start, unit.start)
    return sorted(set(errors) | set(before), key=Diagnostic.document_order)


def _before_undefined_aliases(checked: list[Diagnostic], found: list[Diagnostic], root: "Node") -> list[Diagnostic]:
    """`checked` (the SSA walk's and the op checks' errors) without those of an op that holds
    an alias undefined where it stands, at or after the alias: MLIR's parser stops at that name
    (`%0 = arith.constant #x : i32` gets the one error, not the `:` left after `#x` as well);
    and without those of the op itself before it, which MLIR reports only once the op is read
    (its operands are resolved, and their types compared, after its type list:
    `arith.addi %a, %undeclared : !undefined` gets the alias's error alone). An op nested in it
    before the alias (a region's) is read whole first, and keeps its errors."""
    stops = [d.span for d in found if d.code == _UNDEFINED_ALIAS and d.message.startswith(_UNDEFINED_WORDS)]
    if not stops or not checked:
        return checked
    cut: list[tuple[int, int]] = []
    stopped: list[tuple[int, int, "Node"]] = []
    for span in stops:
        op = _operation_at(root, span)
        if op is not None:
            cut.append((span.start, op.end_byte))
            stopped.append((op.start_byte, span.start, op))
    return [d for d in checked if not any(start <= d.span.start < end for start, end in cut)
            and not any(start <= d.span.start < end and _operation_at(root, d.span) == op for start, end, op in stopped)]


def _operation_at(root: "Node", span: Span) -> "Node | None":
    """The innermost operation node around `span`."""
    node = root.descendant_for_byte_range(span.start, span.end)
    while node is not None and node.type != "operation":
        node = node.parent
    return node


def check_ssa_units(analysis: "UnitSource", units: list[Unit], deadline: float | None,
                    findings: dict[str, list[Any]] | None = None) -> list[Diagnostic]:
    """SSA well-formedness of each unit (ir/ssa.py) until `deadline`; units it does not reach
    are left unverified with the rest. `findings`: the units' findings, whose query found the
    alias uses too (`alias_uses.AliasUses`)."""
    # The queried uses by the tree they were found in: a broken document has a tree a piece,
    # so a scan of them all for each unit costs units x pieces.
    queried: dict[Node, list[AliasUses]] = {}
    for entry in (findings.get("alias_uses", ()) if findings is not None else ()):
        queried.setdefault(entry.root, []).append(entry)
    out: list[Diagnostic] = []
    check = None
    for unit in units:
        if unit.shell or unit.unverified:
            continue
        if deadline is not None and time.monotonic() >= deadline:
            unit.unverified = True
            continue
        check = check or _ssa_check()
        tree = analysis.tree_for(unit)
        asked: dict[str, Any] = {}
        try:
            if tree is not None:
                statements = statement_nodes(tree, unit)
                checked = check(statements, limit=unit.end, lookup=UnitLookup(analysis, unit, asked),
                                memo=analysis.ssa_memo)
                found, aliases = alias_diagnostics(analysis, unit, statements, queried.get(tree.root_node, []))
                out.extend(_before_undefined_aliases(checked, found, tree.root_node))
                out.extend(found)
                unit.aliases = kept_names(unit.aliases | aliases)   # (with those its verification resolved)
        except Exception:  # a defect in the check must not cost the rest of the file
            log.exception("SSA check failed in %s at byte %d", analysis.document.uri, unit.start)
        # An edit that changes one of these answers, or the verification's (whether a container
        # is for PTX: pipeline.py, `UnitPipeline._refusals`), verifies it again.
        unit.symbols = {**unit.symbols, **asked}
    return out

