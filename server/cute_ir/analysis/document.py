"""The one orchestrator: a document's text -> CST -> per-unit diagnostics and IR.

Its parts: `units.py` (what a unit is and how a tree divides into units), `findings.py` (the
diagnostics a stretch of the CST reports), `verification.py` (the verifiers and SSA checks,
within a time budget); this module keeps the document, its units and the incremental update.

A document is split into *units*: its top-level statements, except that a top-level
`module` contributes each statement of its region as a unit, plus a "shell" unit for the
module's header (`module attributes {...} {`) and one for its closing brace; a statement left
open, which took in the functions after it, is split likewise (`units.taken_in`). Units make
per-keystroke work scale with the edit, not the file:

- An edit inside one statement that cannot change the structure around it (it adds or
  removes no `{`/`}`) re-parses just that statement, with tree-sitter restricted to the
  statement's byte range (offsets stay absolute). The whole-document tree only has the edit
  applied (`Tree.edit`, which shifts every later node) and is re-parsed lazily.
- Any other edit re-parses the document incrementally and re-derives the units around it.
- Every unit keeps its diagnostics relative to its start, so a unit that merely moved costs
  nothing, and its IR is built lazily, when a feature asks for it.
- Opening a document may verify for a limited time only (`verify_budget`): the units not
  reached by then owe their verification, which `verify_pending` pays in slices. Syntax and
  type diagnostics are always complete.
"""
from __future__ import annotations

import logging
import re
import time
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from contextlib import contextmanager
from operator import attrgetter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from tree_sitter import Node, Tree

from ..diagnostics import Diagnostic, Severity, Source, Span
from ..dialects.cute_nvgpu.types import CuteNvgpuType, parse_type_node
from ..dialects.cute_nvgpu.written import WrittenType
from ..ir.target import (FROM_SETTING, GUARD_OP, Inference, Need, TargetChoice, builder_needs,
                         choose_target, conflict_diagnostic, declared_target, first_needs,
                         guard_needs, infer, op_needs, type_needs)
from ..syntax import SyntaxTree, apply_edit, parse, parse_range, parse_ranges
from ..syntax.cst import ALIAS_DEFINITIONS, TYPE_KINDS, span as node_span, text as node_text
from ..syntax.errors import describe_missing, missing_message
from ..syntax.statement_heads import statement_head_mistake
from ..text import Document
from ..text.document import TextEdit, advance_point, decode_source
from ..text.positions import Encoding, Position
from .alias_uses import first_definitions, written_definitions
from .findings import finding_diagnostics, findings, missing_brace, missing_in, unclosed_note
from .runs import results, scope_of
from .segments import Kind, Piece, Scanner
from .symbols import answers_changed, asked_alias, function_definition
from .units import NO_NAMES, UNIT_KINDS, Anchored, PerUnit, Unit, enumerate_units, kept_names, splits, statement_nodes
from .verification import beside_ssa_errors, check_ssa_units, prepare_verification, run_steps, verify_unit_steps

# What a large text's top (features/leading.py) is analysed without is imported where it is used.
if TYPE_CHECKING:
    from ..ir.core import Operation
    from ..ir.lift import Lifted, OpMemo
    from .preview_source import LoweredUnit
    from ..verify.atom_sites import StatementRun
    from .unit_analysis import UnitAnalysis
    from .verification import Steps

_BARE_WORD = re.compile(rb"[A-Za-z_][A-Za-z0-9_$.]*")


def lift_statements(*args: Any, **kwargs: Any) -> Lifted:
    """ir/lift.py's `lift_statements`, imported when a unit is first lifted: a large document's
    first publish (features/leading.py) lifts nothing, and the lift's modules (ir/lift.py,
    ir/core.py, text/location.py and theirs) are a tenth of the import before it."""
    from ..ir.lift import lift_statements as lift
    return lift(*args, **kwargs)


def _gates(units: list[Unit]) -> frozenset[tuple[str, ...]]:
    """The gates the atoms of `units` need (what the target choice reads of them)."""
    return frozenset(need.requires for unit in units for need in unit.needs)


def _starts_alike_anywhere(data: bytes | bytearray, start: int) -> bool:
    """Whether the statement at `start` begins the same way parsed alone as after another
    statement. Alone, a parse takes a leading word for an op name; after a statement the
    scanner first asks whether the word can be one (grammar/src/scanner.c,
    `looks_like_op_name`): `name = ...` cannot, and continues the statement before. Results,
    aliases and generic ops begin alike anywhere; so do a dotted op name or `return` not
    followed by what ends a key. Anything else (conservatively) is re-parsed in its context."""
    if data[start:start + 1] in (b"%", b"!", b"#", b'"', b"^"):
        return True
    word = _BARE_WORD.match(data, start)
    if word is None or (b"." not in word.group(0) and word.group(0) != b"return"):
        return False
    after = data[word.end():word.end() + 64].lstrip(b" \t")
    return after[:1] not in (b"=", b",", b"}", b")", b"]", b">")

log = logging.getLogger(__name__)

T = TypeVar("T")

# Files above this size are not analysed: a clear diagnostic instead of a hang.
MAX_ANALYSED_BYTES = 16 * 1024 * 1024

# How many units' IR `lifted_unit` keeps: verification, the preview and a hover read one unit
# in turn, and keeping every unit's IR would hold a whole large file's IR in memory.
_KEPT_LIFTS = 32

# Characters whose insertion or removal can change the nesting around an edit.
_STRUCTURAL = frozenset(b"{}")

# The units `_forget` remembers for `prepare`: more than an edit drops.
_KEPT_DROPS = 1024

# Deferred changes analysed together whose region spans more units than this (edits scattered
# over the file, a replace-all) verify within `verify_budget`, as an open does (`settle`).
_WIDE_EDIT_UNITS = 16


def _spanning(tree: Tree, lo: int, hi: int) -> Node:
    """The smallest node of `tree` that holds all of [lo, hi)."""
    node = tree.root_node.descendant_for_byte_range(lo, max(lo, hi - 1))
    return node if node is not None else tree.root_node


# What the grammar's recovery says of the braces around a statement whose head it could not
# read (see `_head_mistake`).
_BRACE_RECOVERY = frozenset({missing_message("}"), "syntax error: unexpected `{`", "syntax error: unexpected `}`"})


def _within(diagnostic: Diagnostic, unit: Unit) -> bool:
    """Every span of `diagnostic` (absolute) lies in `unit`'s text."""
    spans = [diagnostic.span] + [r.span for r in diagnostic.related]
    return all(unit.start <= s.start and s.end <= unit.end for s in spans)


# Ops whose name states target needs (`_record_needs`; the launch guard's are in its text), by
# the prefix of their name: what reads them.
_NAMED_NEEDS = {b"cute_nvgpu.make_": builder_needs, b"nvvm.": op_needs}
_NAMED_NEEDS_PREFIXES = tuple(_NAMED_NEEDS)


@dataclass(frozen=True)
class _Head:
    """A statement's text before an edit, as `walked_alone` reads a unit (it starts at 0)."""
    alias_definition: None = None
    start: int = 0
    shell: bool = False


@dataclass(frozen=True)
class _Pending:
    """Changes deferred by `update`, as one edit: [start, old_end) of the text before them
    became [start, new_end), and `removed` is what that stretch held."""
    start: int
    old_end: int
    new_end: int
    removed: bytes


@dataclass
class _Verifying:
    """A deferred unit's verification stopped between two steps (`verify_pending`): valid for
    this revision of the text and settings only, and for this unit at this index."""
    revision: int
    index: int
    unit: Unit
    steps: Steps[None]
    lift: Any      # the IR its steps read (`_lifted_passing` when it stopped)


@dataclass(frozen=True)
class Settings:
    target_arch: str = "sm_90a"
    # Where target_arch comes from; a file's own `#nvvm.target` beats it unless it is an
    # explicit command-line `--arch`; it beats what the file's atoms need unless it is only the
    # default (ir/target.py).
    target_from: str = FROM_SETTING
    # Ops of dialects cute-ir has no records for are accepted, as `mlir-opt
    # --allow-unregistered-dialect` accepts them: real files mix in dialects of their own.
    allow_unregistered_dialect: bool = True


_START = attrgetter("start")
_END = attrgetter("end")
_FACTS = attrgetter("facts")


def _within_header(unit: Unit, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """A container header's diagnostics, each ending where the header does. Its tree is parsed
    with its closing brace and nothing between (`_parse_piece`), so an error node that starts in
    the header can reach across the body to the brace: its end would follow the body's text,
    which the header's diagnostics, kept while its own text is unchanged, do not."""
    return [replace(d, span=Span(d.span.start, unit.end)) if d.span.start < unit.end < d.span.end else d
            for d in diagnostics]


class DocumentAnalysis:
    """Everything the server knows about one open document, kept up to date per edit."""

    def __init__(self, uri: str, text: str | bytes, version: int | None = None,
                 encoding: Encoding = Encoding.UTF16, settings: Settings | None = None,
                 verify_budget: float | None = None, defer: bool = False) -> None:
        """`verify_budget`: seconds a whole-document analysis may spend verifying before it
        leaves the remaining units to `verify_pending`; None verifies everything at once.
        `defer`: the analysis waits until anything is read from it (`settle`), as a deferred
        change's does (`update`): a server that opens a large document publishes its top first
        (features/leading.py), and changes that arrive meanwhile are analysed with the text
        instead of after it."""
        self.settings = settings or Settings()
        # Counts the changes to the text or the settings: a result computed across an await
        # is stale if this moved meanwhile.
        self.revision = 0
        self.verify_budget = verify_budget
        self._budget_now: float | None = None    # verify_budget while a whole-document analysis runs
        self.file_problems: list[Diagnostic] = []
        if isinstance(text, bytes):
            data, problem = decode_source(text)
            if problem:
                self.file_problems.append(
                    Diagnostic("syntax.encoding", Span(0, 0), Severity.WARNING, Source.SYNTAX, problem))
            text = data.decode("utf-8")
        self.document = Document(uri, text, version, encoding)
        self._units: list[Unit] = []
        self._owed_from = 0
        # Typing in one statement moves every later unit by the same amount; that shift is
        # kept pending for units[_shift_from:] and applied when anything needs positions.
        self._shift_from = 0
        self._shift = 0
        self._recent: int | None = None             # index of the unit edited last
        # What `_relayout` scanned again, for the edit's questions (`_apply`): whether a
        # container's shell among the units it replaced was made, unmade or moved other than by
        # the edit, and the functions those units defined. None: no relayout, or one that
        # analysed the whole document again.
        self._relaid: tuple[bool, set[str]] | None = None
        # While `_relayout` diagnoses its pieces: the body piece the edit lay in, with its tree
        # edited, for the piece found at its start to be parsed from (`_parse_piece`).
        self._edited_piece: tuple[int, Tree] | None = None
        self._flagged: list[int] | None = None      # indices of units with diagnostics
        self.syntax: SyntaxTree | None = None
        self.full_stale = False       # whole-document tree has edits applied but not re-parsed
        # The last document parse had ERROR nodes: tree-sitter's recovery then depends on more
        # than one statement's text, so edits go through a fresh parse (`_parse_document`).
        self._broken = False
        self._fresh_broken: tuple[int, Tree] | None = None   # (revision, a fresh parse of a broken text)
        self._placed_target: tuple[int, TargetChoice, TargetChoice] | None = None   # `target`'s memo
        # `_inference`'s memo: the units' needs it read, what they infer (relative to their
        # units), and the index among those units of the one holding each gate's first need.
        self._inference_memo: tuple[list[tuple[Need, ...]], Inference, dict[tuple[str, ...], int]] | None = None
        self._type_memo: dict[bytes, tuple[CuteNvgpuType, list[Diagnostic]]] = {}
        # What a type written so needs of the target (`type_needs`), relative to the type.
        self._needs_memo: dict[bytes, list[Need]] = {}
        self._lifted: OrderedDict[tuple[int, bytes], Lifted] = OrderedDict()
        # What ops without regions say, by their text, across lifts: a keystroke in a function
        # changes one of its ops, and the lift reads only that one again.
        # Made when first asked (`_memos`), as the lift (ir/lift.py, ir/core.py) is imported: a
        # large document's first publish (features/leading.py) lifts nothing.
        self._op_memo: OpMemo | None = None
        self._ssa_memo: OpMemo | None = None     # the same for the SSA check (ir/ssa.py's `OpNames`)
        self._prepared_to: dict[str, tuple[tuple[int, int, int], int, int]] = {}   # `prepare`: where each result went on
        # What `prepare` need not look for again: the units list has been installed `_units_set`
        # times, and a unit dropped its facts `_drops` times, the last of them `_dropped`
        # (from the `_dropped_from`-th on). `_complete`: for each result, (the installation, the
        # number of units, the drops) when every unit had it.
        self._units_set = 0
        self._drops = self._dropped_from = 0
        self._dropped: list[Unit] = []
        self._complete: dict[str, tuple[int, int, int]] = {}
        self._lifted_broken: tuple[int, tuple[int, bytes], Lifted] | None = None   # (revision, key, lift)
        # While many units are verified in turn (`_in_passing`), the IR of the one being
        # verified, kept for its readers only (`lifted_unit`).
        self._in_passing = False
        self._lifted_passing: tuple[tuple[int, bytes], Lifted] | None = None   # (key, lift)
        # The units that define an alias, in document order; None when a unit that defines or
        # defined one changed (`alias_units`).
        self._alias_units: list[Unit] | None = None
        self._written_aliases: frozenset[bytes] | None = None
        # Each of those names with the first unit that defines it, built from that set
        # (`first_written_definitions`).
        self._first_written: tuple[frozenset[bytes], dict[bytes, Unit]] | None = None
        # The units that define a function or are a container's shell, in document order; None
        # when a unit's definition changed (`symbol_units`).
        self._symbol_units: list[Unit] | None = None
        # For units[:len(_run_starts)]: the index of the first unit of the run of bare top-level
        # statements each belongs to, or -1 (analysis/runs.py); grown as far as asked.
        self._run_starts: list[int] = []
        self._run_depth = 0
        self._pending: _Pending | None = None     # changes not analysed yet (`update`'s `defer`)
        self._whole_pending = False               # ... of which one replaced the whole text
        self._verifying: _Verifying | None = None   # a unit part-way verified (`verify_pending`)
        if defer:
            # What `settle` reads before it analyses: no units yet, the target of no atoms.
            self._target = self._choose_target()
            self._needs_changed, self._declared_arch = False, None
            self._whole_pending = True
        else:
            self._full_analysis()

    # ------------------------------------------------------------------ public
    @property
    def units(self) -> list[Unit]:
        self.settle()
        self._settle_units()
        return self._units

    @units.setter
    def units(self, value: list[Unit]) -> None:
        self._units = value
        self._units_set += 1
        self._run_starts, self._run_depth = [], 0
        self._alias_units = None
        self._written_aliases = None
        self._symbol_units = None
        self._owed_from = 0   # no unit before this index owes verification
        self._shift_from, self._shift = len(value), 0
        self._recent = None
        self._flagged = None

    def _settle_units(self) -> None:
        if self._shift:
            for unit in self._units[self._shift_from:]:
                unit.start += self._shift
                unit.end += self._shift
                unit.tree = None   # not worth shifting; the document tree serves it once fresh
        self._shift_from, self._shift = len(self._units), 0

    @property
    def target(self) -> TargetChoice:
        """The target this document is verified and previewed for, and why (ir/target.py); an
        inferred one names the atom that decided it, where it is now."""
        self.settle()
        if self._target.decided_by is None and self._target.conflict is None:
            return self._target
        # Choosing walks every unit's needs; hover asks on every card. Kept for this text
        # (the revision) and this analysis's choice.
        placed = self._placed_target
        if placed is None or placed[0] != self.revision or placed[1] is not self._target:
            placed = self._placed_target = (self.revision, self._target, self._choose_target())
        return placed[2]

    @property
    def target_arch(self) -> str:
        self.settle()
        return self._target.arch

    @property
    def target_conflicted(self) -> bool:
        """The file declares no target and no single target runs all its atoms: one error says
        so (`ir/target.conflict_diagnostic`), instead of a target error at every atom."""
        return self._target.conflict is not None

    def _choose_target(self) -> TargetChoice:
        return choose_target(self._declared(), self.settings.target_arch, self.settings.target_from,
                             self._inference())

    def _declared(self) -> tuple[str, Span] | None:
        """The target the container headers declare (`ir/target.declared_target`)."""
        data = self.document.data
        return declared_target((u.start, bytes(data[u.start:u.end])) for u in self._units if u.shell)

    def _inference(self) -> Inference:
        """What the units' atoms need, combined (`ir/target.infer`), taken when the target is
        chosen: when a unit's needs change, and, while the file's atoms conflict, at each
        keystroke (`target` places the conflict's atoms where they are now)."""
        # `first_needs` of them all, without placing every need: units are in document order
        # and each keeps its own first needs in order, so the first of each gate is the one
        # met first here. `infer` reads only the gates and their order, so it runs on the
        # needs as the units keep them (relative to the unit), again only when the units'
        # needs differ; the needs it picks are then placed at their units' starts.
        held = [u for u in self._units if u.needs]
        kept = [u.needs for u in held]
        memo = self._inference_memo
        if memo is None or memo[0] != kept:
            first: dict[tuple[str, ...], tuple[int, Need]] = {}
            for index, needs in enumerate(kept):
                for need in needs:
                    first.setdefault(need.requires, (index, need))
            memo = self._inference_memo = (kept, infer(tuple(need for _, need in first.values())),
                                            {requires: index for requires, (index, _) in first.items()})
        _, inferred, holder = memo
        if inferred.decided_by is None and inferred.conflict is None:
            return inferred

        def placed(need: Need) -> Need:
            return need.shifted(self.unit_start(held[holder[need.requires]]))

        return Inference(inferred.arch, placed(inferred.decided_by) if inferred.decided_by else None,
                         tuple(map(placed, inferred.conflict)) if inferred.conflict else None)

    def _record_needs(self, units: list[Unit], found: dict[str, list[Any]]) -> None:
        """Each unit's needs (`Unit.needs`) from the types and atom-building ops `found` in
        it; notes when a unit's gates changed, which may change the inferred target."""
        starts = [u.start for u in units]
        # Per unit, the first need of each gate so far (what `first_needs` keeps), relative to
        # the unit: a need that comes later than the one kept is not made (a 50k-line file's
        # types write tens of thousands of needs, most of them gates met before).
        per_unit: list[dict[tuple[str, ...], Need]] = [{} for _ in units]

        def offer(index: int, needs, delta: int) -> None:
            kept = per_unit[index]
            for need in needs:
                first = kept.get(need.requires)
                if first is None or (need.span.start + delta, need.span.end + delta) < first.span:
                    kept[need.requires] = need.shifted(delta)

        if units:
            for node in found.get("type", ()):
                needs = self._type_needs(node)
                if needs:
                    index = max(0, bisect_right(starts, node.start_byte) - 1)
                    offer(index, needs, node.start_byte - starts[index])
            data = self.document.data
            for op in found.get("ops", ()):
                if op.name.startswith(_NAMED_NEEDS_PREFIXES):
                    read = next(r for prefix, r in _NAMED_NEEDS.items() if op.name.startswith(prefix))
                    needs = read(op.name.decode("utf-8", "replace"), Span(op.start, op.end))
                elif op.name == GUARD_OP and op.op is not None:
                    needs = guard_needs(bytes(data[op.op.start_byte:op.op.end_byte]), Span(op.start, op.end))
                else:
                    continue
                index = max(0, bisect_right(starts, op.start) - 1)
                offer(index, needs, -starts[index])
        for unit, kept in zip(units, per_unit):
            fresh = first_needs(kept.values())
            if [(n.requires, n.atom) for n in fresh] != [(n.requires, n.atom) for n in unit.needs]:
                self._needs_changed, self._placed_target = True, None
            unit.needs = fresh

    def _retarget(self) -> None:
        """After an edit: when a unit's needs changed, the inferred target may have too; a new
        target changes what every verifier says, so the document is analysed again."""
        if self._needs_changed:
            self._needs_changed = False
            if self._choose_target().key() != self._target.key():
                self._full_analysis()

    def _declaration_changed(self) -> bool:
        """A container header's `#nvvm.target` changed what the document declares."""
        declared = self._declared()
        return (declared[0] if declared else None) != self._declared_arch

    @property
    def version(self) -> int | None:
        return self.document.version

    @property
    def too_large(self) -> bool:
        return len(self.document.data) > MAX_ANALYSED_BYTES

    def update(self, changes: list[tuple[Position | None, Position | None, str]], version: int | None,
               defer: bool = False) -> None:
        """Apply LSP content changes in order, re-analysing only what they touched.

        With `defer`, only the text changes now: the analysis follows when anything is next
        read from it (`settle`), once for every change deferred until then. A server applies
        changes that arrive in a burst so, and analyses the newest text alone."""
        self.revision += 1
        self.document.version = version
        data = self.document
        for start, end, new_text in changes:
            was_too_large = self.too_large
            if start is not None and end is not None:
                lo, hi = sorted((data.offset(start), data.offset(end)))
            else:
                lo = hi = 0
            # What the edit and the edits deferred before it replaced, in the text before them.
            pending = self._pending
            if pending is not None:
                joined_lo, joined_hi = min(pending.start, lo), max(hi, pending.new_end)
                before = bytes(data.data[joined_lo:pending.start])
                after = bytes(data.data[pending.new_end:joined_hi])
            removed = bytes(data.data[lo:hi])
            edit = data.replace(start, end, new_text)
            if self.too_large or was_too_large or self.syntax is None or start is None or self._whole_pending:
                self._whole_pending, self._pending = True, None
                continue
            if pending is None:
                self._pending = _Pending(edit.start, edit.old_end, edit.new_end, removed)
            else:
                # The region the deferred edits replaced grows to cover this edit too: the text
                # before its start and after its end is the text before all of them.
                self._pending = _Pending(joined_lo, joined_hi - pending.new_end + pending.old_end,
                                         joined_hi - hi + edit.new_end, before + pending.removed + after)
        if not defer:
            self.settle()

    @property
    def settled(self) -> bool:
        """No deferred change waits to be analysed."""
        return self._pending is None and not self._whole_pending

    def settle(self) -> None:
        """Analyse the changes deferred by `update`, as one edit."""
        if self._whole_pending:
            self._whole_pending, self._pending = False, None
            self._full_analysis()
            return
        pending = self._pending
        if pending is None:
            return
        self._pending = None
        document = self.document
        start_point = document.point(pending.start)
        edit = TextEdit(pending.start, pending.old_end, pending.new_end, start_point,
                        advance_point(start_point, pending.removed), document.point(pending.new_end))
        # Changes scattered over the file and analysed together re-derive every unit between
        # the first and the last: verifying them all before the publish held a 50k-line file's
        # newest diagnostics for seconds. Their verification is budgeted as an open's is; what
        # the budget does not reach is verified in slices after the publish (`verify_pending`).
        wide = self.verify_budget is not None and self._units_spanned(edit.start, edit.old_end) > _WIDE_EDIT_UNITS
        if wide:
            self._budget_now = self.verify_budget
        try:
            self._apply(edit, pending.removed, bytes(document.data[edit.start:edit.new_end]))
            self._retarget()
        except Exception:  # a defect here must not cost the user the document
            log.exception("incremental update failed; re-analysing %s from scratch", self.document.uri)
            self._full_analysis()
        finally:
            if wide:
                self._budget_now = None

    def _units_spanned(self, lo: int, hi: int) -> int:
        """How many units the text [lo, hi) overlaps (positions before the deferred edits),
        found where the units are now without moving them there: `_settle_units` would cost a
        pass over the units after the last edit, and their trees, on every keystroke."""
        def first(holds: Callable[[int], bool]) -> int:
            """The first index whose unit `holds`, which holds for every unit after it."""
            a, b = 0, len(self._units)
            while a < b:
                middle = (a + b) // 2
                if holds(middle):
                    b = middle
                else:
                    a = middle + 1
            return a
        ending_after_lo = first(lambda index: self._virtual_span(index)[1] > lo)
        starting_at_or_after_hi = first(lambda index: self._virtual_span(index)[0] >= hi)
        return max(0, starting_at_or_after_hi - ending_after_lo)

    def diagnostics(self) -> list[Diagnostic]:
        self.settle()
        out = list(self.file_problems)
        if self.target_conflicted:
            out.append(conflict_diagnostic(self.target))
        if self._flagged is None:
            self._flagged = [i for i, u in enumerate(self._units) if u.diagnostics or u.elsewhere]
        if any(self._units[index].elsewhere for index in self._flagged):
            self._settle_units()   # anchored diagnostics read their anchors' positions
        shift_from, shift = self._shift_from, self._shift
        # Several units may report the same problem in an alias they all use: once is enough.
        elsewhere: dict[Diagnostic, None] = {}
        for index in self._flagged:
            unit = self._units[index]
            base = unit.start + (shift if index >= shift_from else 0)
            out.extend(unit.placed(base))
            elsewhere.update((anchored.placed(), None) for anchored in unit.elsewhere)
        return out + list(elsewhere)

    def _unit_holding(self, offset: int) -> Unit:
        """The unit whose text holds `offset` (the last one starting at or before it)."""
        self._settle_units()
        return self._units[max(0, self._index_after(offset) - 1)]

    @property
    def verification_owed(self) -> bool:
        """Some units were not verified yet (see `verify_budget`). Asked after every change:
        the scan moves the hint past verified units, so it does not start over each time."""
        self.settle()
        units = self._units
        while self._owed_from < len(units) and not units[self._owed_from].unverified:
            self._owed_from += 1
        return self._owed_from < len(units)

    def verify_pending(self, budget: float | None = None) -> bool:
        """Verify units whose verification was deferred, in document order, for about
        `budget` seconds (all of them when None). True while some remain.

        A unit is verified in steps (`_diagnose_steps`: its findings, its lift, the verifiers,
        the lowering check and pipeline, the SSA check), and a slice stops between two once
        `budget` is spent, after at least one step: every call makes progress, and a large
        function does not hold the caller for its whole verification. The next call resumes
        the stopped unit if neither the text nor the settings changed since (`revision`);
        otherwise the unit, still marked unverified, is verified again from its start."""
        self.settle()
        deadline = None if budget is None else time.monotonic() + budget
        units = self.units
        job, self._verifying = self._verifying, None
        if job is not None and not (job.revision == self.revision and job.index < len(units)
                                    and units[job.index] is job.unit and job.unit.unverified):
            job = None
        stepped = False
        with self._passing():
            if job is not None:
                # A unit stopped by the last slice resumes with the IR its steps read (the
                # slice's end dropped it with the others'), not a new lift.
                self._lifted_passing = job.lift
            index = self._owed_from
            while True:
                if job is None:
                    while index < len(units) and not units[index].unverified:
                        index += 1
                    if index == len(units):
                        break
                    unit = units[index]
                    if stepped and deadline is not None and time.monotonic() >= deadline:
                        self._owed_from = index
                        return True
                    found = self._unit_findings(index)
                    if found is None:
                        unit.unverified = False
                        continue
                    job = _Verifying(self.revision, index, unit, self._diagnose_steps([unit], found), None)
                    self._lifted_passing = None     # (the last unit's IR: no one reads it now)
                unit = job.unit
                unit.unverified = False   # while it runs (the SSA check skips unverified units)
                try:
                    next(job.steps)
                except StopIteration:
                    job = None
                    self._flagged = None
                    index += 1
                    continue
                except BaseException:
                    self._owed_from = index + 1   # a unit whose verification fails is not retried
                    raise
                finally:
                    stepped = True
                # Stopped between two steps: still owed until its last one.
                unit.unverified = True
                if deadline is not None and time.monotonic() >= deadline:
                    job.lift = self._lifted_passing
                    self._verifying = job
                    self._owed_from = job.index
                    return True
        self._owed_from = len(units)
        return False

    @contextmanager
    def _passing(self, many: bool = True):
        """Within: units are verified one after another (`many`), each unit's IR kept only
        while it is verified (`lifted_unit`)."""
        before = self._in_passing
        self._in_passing = before or many
        try:
            yield
        finally:
            self._in_passing = before
            if not before:
                self._lifted_passing = None

    def _unit_findings(self, index: int) -> dict[str, list[Node]] | None:
        """The findings of unit `index` alone, as a whole-document analysis assigns them: from
        its start up to the next unit's start (a problem in the gap after a statement is its
        own; one that starts where the next statement starts is the next one's)."""
        unit = self.units[index]
        tree = self.tree_for(unit)
        if tree is None:
            return None
        following = self.units[index + 1].start - 1 if index + 1 < len(self.units) else len(self.document.data)
        hi = max(unit.start, following)
        # A well-formed document's tree has no error above a unit: its findings start at its node.
        root = tree.root_node if self._broken else _spanning(tree, unit.start, hi)
        return findings(root, self.document.data, unit.start, hi)

    def unit_at(self, offset: int) -> Unit | None:
        self.settle()
        units = self.units
        if not units:
            return None
        index = self._index_after(offset) - 1
        for candidate in (index, index - 1):
            if 0 <= candidate < len(units):
                u = units[candidate]
                if u.start <= offset <= u.end:
                    return u
        return None

    def tree_for(self, unit: Unit | None) -> Tree | None:
        """The tree whose nodes (and their text) are valid for `unit`.

        A unit re-parsed on its own has a tree of its own. Any other unit is served by the
        document tree, re-parsed first if edits were applied to it since its last parse:
        `Tree.edit` shifts its nodes, but the binding then no longer gives their text (it drops
        the tree's source), and everything downstream reads node text. The re-parse is
        incremental, and happens once per burst of edits, when a feature first needs it.

        A unit before the pending shift (the one being typed in, and those above it) is where
        its tree says: serving it does not move every unit after it.
        """
        self.settle()
        if unit is not None and unit.tree is not None and not self._shift_pending_for(unit):
            return unit.tree
        self._settle_units()
        if unit is not None and unit.tree is not None:
            return unit.tree
        if unit is not None and unit.piece is not None:
            return self._parse_piece(unit)
        return self.fresh_tree()

    def trees_over(self, lo: int, hi: int) -> list[tuple[Node, int, int]]:
        """The nodes that hold the text in [lo, hi), each with the stretch of it it holds: the
        smallest node of the document's tree that spans it; in a document with a syntax error,
        the roots of its units' trees and, between them (comments, split markers), of that text
        parsed alone. A query run from a unit's own node does not walk the statements before it
        (from the root it would: quadratic over a file's units)."""
        self.settle()
        if not self._broken:
            tree = self.fresh_tree()
            return [(_spanning(tree, lo, hi), lo, hi)] if tree is not None else []
        units = self.units
        out: list[tuple[Tree, int, int]] = []
        at = lo
        index = max(0, self._index_after(lo) - 1)
        while at < hi:
            unit = units[index] if index < len(units) else None
            if unit is not None and unit.end <= at and unit.start < at:
                index += 1
                continue
            if unit is None or at < unit.start:
                stop = min(hi, unit.start if unit is not None else hi)
                document = self.document
                gap = parse_range(document.data, at, stop, document.point(at), document.point(stop))
                out.append((gap.root_node, at, stop))
                at = stop
                continue
            stop = min(hi, unit.end)
            if stop > at or unit.start == unit.end:
                out.append((self.tree_for(unit).root_node, at, max(at, stop)))
            at = max(at, stop)
            index += 1
        return out

    def alias_units(self) -> list[Unit]:
        """The units that define a `!name` / `#name` alias, in document order. Kept across edits
        that touch no alias definition, so looking aliases up costs the aliases, not the file."""
        self.settle()
        if self._alias_units is None:
            self._alias_units = [u for u in self._units if u.alias_definition is not None]
        return self._alias_units

    def written_alias_names(self) -> frozenset[bytes]:
        """The names some line of the document starts by defining (`Unit.written_aliases`),
        kept, as `alias_units` is, across edits that write or remove none."""
        self.settle()
        if self._written_aliases is None:
            self._written_aliases = frozenset().union(*(u.written_aliases for u in self._units))
        return self._written_aliases

    def first_written_definitions(self) -> dict[bytes, Unit]:
        """Each name of `written_alias_names`, with the first unit in document order that starts
        a line by defining it. Rebuilt when that set is: a unit that defines a name comes, goes or
        changes what it defines only so (a unit that defines none keeps it)."""
        names = self.written_alias_names()
        if self._first_written is None or self._first_written[0] is not names:
            first: dict[bytes, Unit] = {}
            for unit in self._units:
                for name in unit.written_aliases:
                    first.setdefault(name, unit)
            self._first_written = (names, first)
        return self._first_written[1]

    def symbol_units(self) -> list[Unit]:
        """The units that define a function or are a container's shell, in document order
        (analysis/symbols.py reads the symbol tables from them). Kept across edits that change
        no definition, so looking a callee up costs the functions, not the file."""
        self.settle()
        if self._symbol_units is None:
            self._symbol_units = [u for u in self._units if u.shell or u.function is not None]
        return self._symbol_units

    def unit_start(self, unit: Unit) -> int:
        """Where `unit` starts now, counting the shift still pending for it."""
        return unit.start + (self._shift if self._shift_pending_for(unit) else 0)

    def _shift_pending_for(self, unit: Unit) -> bool:
        """Whether `unit` is one the pending shift still has to move. Units keep document
        order, and the ones before the shift were not moved by it, so their starts are below
        the first pending unit's (not yet shifted) start."""
        if not self._shift or self._shift_from >= len(self._units):
            return False
        return unit.start >= self._units[self._shift_from].start

    def node_at(self, offset: int) -> Node | None:
        """The smallest node at `offset` (the token that starts there, if one does)."""
        self.settle()
        tree = self.tree_for(self.unit_at(offset))
        if tree is None:
            return None
        node = tree.root_node.descendant_for_byte_range(offset, offset)
        # A zero-width statement marker at `offset` makes tree-sitter answer with the
        # enclosing region; the token the cursor is on starts at `offset`.
        if node is not None and node.child_count and offset < len(self.document.data):
            wider = tree.root_node.descendant_for_byte_range(offset, offset + 1)
            if wider is not None and wider.start_byte == offset:
                node = wider
        return node

    def lifted_unit(self, unit: Unit) -> Lifted:
        """The unit's IR (ir/lift.py) to read, shared by its readers (verification, the PTX
        preview, hover): kept for the last few error-free units asked for, by their place and
        text. Not to be rewritten: a pass takes `rewritable_unit`."""
        self.settle()
        key = self._lift_key(unit)
        hit = self._kept_lift(key)
        if hit is not None:
            return hit
        nodes = self.unit_nodes(unit)
        lifted = lift_statements(nodes, limit=unit.end, memo=self._memos()[0])
        # A statement with syntax errors may read otherwise in another parse of the same text
        # (tree-sitter's recovery looks beyond it): only an error-free one is kept across
        # changes. One with errors is kept until the next change, for the other readers of the
        # same keystroke (the verifiers, the lowering check and the pipeline each read it).
        if any(node.has_error for node in nodes):
            self._lifted_broken = (self.revision, key, lifted)
        elif self._in_passing:
            # Verifying more units in turn than are kept (opening a large file,
            # `verify_pending`), each unit's IR is read by its verifiers, its lowering check
            # and its pipeline, and then by no one: it is kept until the next unit's. Kept
            # among the last few instead, every unit's IR would outlive the server's young
            # collections (lsp/collector.py) and die in the oldest generation, which only a
            # collection of the whole heap frees: 80 MiB of dead IR after verifying a
            # 50k-line file (docs/benchmarks.md).
            self._lifted_passing = (key, lifted)
        else:
            self._keep_lift(key, lifted)
        return lifted

    def _keep_lift(self, key: tuple[int, bytes], lifted: Lifted) -> None:
        self._lifted[key] = lifted
        if len(self._lifted) > _KEPT_LIFTS:
            self._lifted.popitem(last=False)

    def _kept_lift(self, key: tuple[int, bytes]) -> Lifted | None:
        hit = self._lifted.get(key)
        if hit is not None:
            self._lifted.move_to_end(key)
            return hit
        broken = self._lifted_broken
        if broken is not None and broken[0] == self.revision and broken[1] == key:
            return broken[2]
        passing = self._lifted_passing
        if passing is not None and passing[0] == key:
            if not self._in_passing:   # a feature asked for it: it is kept as what it asks for is
                self._lifted_passing = None
                self._keep_lift(key, passing[1])
            return passing[1]
        return None

    def _lift_key(self, unit: Unit) -> tuple[int, bytes]:
        return unit.start, bytes(self.document.data[unit.start:unit.end])

    def rewritable_unit(self, unit: Unit) -> Lifted:
        """The unit's IR, built anew for a pipeline to rewrite, with its source index."""
        self.settle()
        return lift_statements(self.unit_nodes(unit), limit=unit.end, memo=self._memos()[0])

    def rewritable_operations(self, unit: Unit) -> list[Operation]:
        """The unit's ops for a pipeline to rewrite: a copy of the IR `lifted_unit` keeps (a
        tenth of the cost of lifting the unit again: a keystroke in a function verifies and
        lowers it, and both read its IR)."""
        lifted = self.lifted_unit(unit)
        kept = self._kept_lift(self._lift_key(unit)) is lifted
        from ..ir.core import copy_operations
        return copy_operations(lifted.operations) if kept else lifted.operations   # not kept: no one else reads it

    @property
    def ssa_memo(self) -> OpMemo:
        """What the SSA check read of each op without regions, by its text (kept across edits)."""
        return self._memos()[1]

    def _memos(self) -> tuple[OpMemo, OpMemo]:
        """The lift's and the SSA check's memos (`_op_memo`, `_ssa_memo`), made on first use."""
        if self._op_memo is None:
            from ..ir.lift import OpMemo
            self._op_memo, self._ssa_memo = OpMemo(), OpMemo()
        return self._op_memo, self._ssa_memo

    def unit_analysis(self, unit: Unit) -> UnitAnalysis:
        """The unit's analysis (analysis/unit_analysis.py): what every feature reads of it,
        found once per text of the unit."""
        from .unit_analysis import UnitAnalysis
        self.settle()
        return UnitAnalysis(self, unit)

    def lowered_unit(self, unit: Unit, target: str) -> LoweredUnit:
        """The unit after the default lowering pipeline for `target`, for the PTX preview
        (on request, cached by what it depends on)."""
        return self.unit_analysis(unit).lowered(target)

    def for_unit(self, unit: Unit, result: "PerUnit[T]") -> T:
        """`result` for one unit, computed once per text of the unit: whole-document features
        then cost one lookup per unit that merely moved since they last ran."""
        return self.unit_analysis(unit).result(result)

    def prepare(self, result: "PerUnit[Any]", budget: float) -> bool:
        """Fill `for_unit(unit, result)` for units lacking it, in document order, for about
        `budget` seconds (at least one unit per call). True while some remain: a caller can do
        the first request after open in slices, answering other messages in between."""
        self.settle()
        units = self.units
        key = result.key
        complete = self._complete.get(key)
        if complete is not None and complete[:2] == (self._units_set, len(units)) and complete[2] >= self._dropped_from:
            # Every unit had it, and the list is the same: only a unit that dropped its facts
            # since can lack it (after a keystroke, the edited one), not one of thousands.
            return self._prepare_dropped(result, budget, complete[2])
        from .unit_analysis import UnitAnalysis
        deadline = time.monotonic() + budget
        done = 0
        # Each call goes on from where the last one for `result` stopped, in the same units
        # (an edit makes new ones): read from the first unit every time, the units already
        # done were a tenth of a 50k-line file's first outline, done in 5 ms slices.
        place = (self.revision, id(units), len(units))
        went_on = self._prepared_to.get(key)
        first, drops = (went_on[1], went_on[2]) if went_on is not None and went_on[0] == place else (0, self._drops)
        # The units lacking it, found by one generator over their facts (lazily: a slice stops
        # at its deadline).
        lacking = (index for index, facts in enumerate(map(_FACTS, units[first:]), first)
                   if facts is None or key not in facts)
        for index in lacking:
            unit = units[index]
            if done and time.monotonic() >= deadline:
                self._prepared_to[key] = (place, index, drops)
                return True
            UnitAnalysis(self, unit).result(result)
            done += 1
        self._prepared_to[key] = (place, len(units), drops)
        # Units that dropped their facts while this went on in slices are looked at again.
        self._complete[key] = (self._units_set, len(units), drops)
        return False

    def _prepare_dropped(self, result: "PerUnit[Any]", budget: float, since: int) -> bool:
        """`prepare` when every unit had `result` when `since` units had dropped their facts:
        the units dropped since that lack it, in document order."""
        from .unit_analysis import UnitAnalysis
        key = result.key
        dropped = {id(u): u for u in self._dropped[since - self._dropped_from:]}
        lacking = sorted((u for u in dropped.values() if u.facts is None or key not in u.facts), key=_START)
        deadline = time.monotonic() + budget
        for done, unit in enumerate(lacking):
            if done and time.monotonic() >= deadline:
                return True
            UnitAnalysis(self, unit).result(result)
        self._complete[key] = (self._units_set, len(self._units), self._drops)
        return False

    def _forget(self, unit: Unit) -> None:
        """Drop what was derived from `unit`'s text (`Unit.forget`), noting it for `prepare`."""
        unit.forget()
        self._drops += 1
        if len(self._dropped) >= _KEPT_DROPS:
            self._dropped_from = self._drops - 1   # older marks read the units again
            self._dropped.clear()
        self._dropped.append(unit)

    def fresh_tree(self) -> Tree | None:
        """The whole-document tree: re-parsed (incrementally) if edits were applied to it; for a
        document with a syntax error, a fresh parse (kept until the next change), since an
        incremental parse may recover from the error otherwise. Features read a unit's tree
        (`tree_for`); this serves what reads the document as one tree."""
        self.settle()
        self._settle_units()
        if self.syntax is not None and self.full_stale:
            self.syntax = self._parse_document(self.syntax)
            self.full_stale = False
            if not self._broken:
                for unit in self._units:
                    unit.tree = None   # the fresh document tree covers every unit again
        if self.syntax is None:
            return None
        if not self._broken:
            return self.syntax.tree
        if self._fresh_broken is None or self._fresh_broken[0] != self.revision:
            self._fresh_broken = (self.revision, parse(self.document.data).tree)
        return self._fresh_broken[1]

    def _parse_document(self, previous: SyntaxTree | None) -> SyntaxTree:
        """The document's tree, parsed incrementally from `previous` when there is one.

        For text without syntax errors tree-sitter's incremental parse equals a fresh one (the
        grammar has no conflicts and the scanner keeps no state), and whether a text has errors
        does not depend on how it was parsed. Where the errors are does (error recovery reuses
        subtrees), so a document with errors is analysed in pieces parsed on their own
        (`_broken_units`), and this tree only says that it is broken.
        """
        tree = parse(self.document.data, previous) if previous is not None else parse(self.document.data)
        self._broken = tree.root.has_error
        return tree

    def reanalysed(self) -> "DocumentAnalysis":
        """A full analysis of the current text over the same parse (for checking this one)."""
        self.settle()
        tree = self.syntax.tree.copy() if self.syntax is not None else None
        if tree is not None and (self.full_stale or self._broken):
            tree = None   # a fresh parse: only an error-free incremental one is known to equal it
        other = DocumentAnalysis.__new__(DocumentAnalysis)
        other.settings = self.settings
        other.file_problems = list(self.file_problems)
        other.document = Document(self.document.uri, self.document.text, self.document.version,
                                  self.document.encoding)
        other._prepared_to, other._complete, other._dropped = {}, {}, []
        other._units_set = other._drops = other._dropped_from = 0
        other.units, other.syntax, other.full_stale, other._type_memo, other._needs_memo = [], None, False, {}, {}
        other._lifted, other._op_memo, other._ssa_memo, other._lifted_broken = OrderedDict(), None, None, None
        other._in_passing, other._lifted_passing, other._edited_piece = False, None, None
        other.verify_budget, other._budget_now, other._broken = None, None, False
        other._fresh_broken, other.revision, other._placed_target = None, self.revision, None
        other._inference_memo = None
        other._pending, other._whole_pending, other._verifying = None, False, None
        other._full_analysis(tree)
        return other

    def set_settings(self, settings: Settings) -> None:
        """A new target changes what the verifiers say: analyse again."""
        self.settle()
        if settings != self.settings:
            self.revision += 1
            self.settings = settings
            self._full_analysis()

    def cute_type(self, node: Node) -> tuple[CuteNvgpuType, list[Diagnostic]]:
        """Interpret a cute_nvgpu_type node; diagnostics are absolute."""
        ty, diags = self._parse_type(node)
        return ty, [d.shifted(node.start_byte) for d in diags]

    # ------------------------------------------------------------------ edits
    def _index_after(self, offset: int, right: bool = True) -> int:
        """`bisect_right` (or `bisect_left`) of `offset` among the (settled) units' starts,
        without listing them: a lookup costs log of the file, not the file."""
        find = bisect_right if right else bisect_left
        return find(self._units, offset, key=_START)

    def _virtual_span(self, index: int) -> tuple[int, int]:
        """Where units[index] is now, counting the pending shift."""
        unit = self._units[index]
        shift = self._shift if index >= self._shift_from else 0
        return unit.start + shift, unit.end + shift

    def _unit_containing(self, lo: int, hi: int) -> int | None:
        """Index of the one non-shell unit containing [lo, hi], or None."""
        # Typing usually continues in the unit just edited: try it before anything costly.
        recent = self._recent
        if recent is not None and recent < len(self._units) and (not self._shift or recent < self._shift_from):
            start, end = self._virtual_span(recent)
            if start <= lo and hi <= end:
                return recent
        self._settle_units()
        index = self._index_after(lo) - 1
        if 0 <= index < len(self._units):
            unit = self._units[index]
            if unit.start <= lo and hi <= unit.end:
                return index
        return None

    def _add_shift(self, index: int, delta: int) -> None:
        if not delta:
            return
        if self._shift and self._shift_from != index:
            self._settle_units()
        if not self._shift:
            self._shift_from = index
        self._shift += delta
        if not self._shift:
            self._shift_from = len(self._units)

    def _apply(self, edit: TextEdit, removed: bytes, inserted: bytes) -> None:
        apply_edit(self.syntax.tree, edit)
        self.full_stale = True   # until re-parsed: positions are right, node text is gone
        delta = edit.new_end - edit.old_end
        structural = any(b in _STRUCTURAL for b in removed) or any(b in _STRUCTURAL for b in inserted)
        changed_aliases: set[bytes] = set()
        if not structural and not self._broken:
            index = self._unit_containing(edit.start, edit.old_end)
            if index is not None and not self._units[index].shell:
                unit = self._units[index]
                defined_before, function_before, results_before = unit.defines, unit.function, unit.results
                written_before = unit.written_aliases
                following = None
                if index + 1 < len(self._units) and not self._units[index + 1].shell:
                    following = self._virtual_span(index + 1)
                if self._reparse_unit(index, following, edit, delta):
                    self._recent = index
                    self._forget_columns_after(edit)
                    changed_aliases = ({defined_before, unit.defines} - {None}) | written_before | unit.written_aliases
                    changed_functions = {f.name for f in (function_before, unit.function) if f is not None} \
                        if function_before != unit.function else set()
                    # A statement whose results changed, or that began or ceased to end a run
                    # of bare statements, changes those verified with it (analysis/runs.py).
                    moved = edit if self._ends_run_changed(unit, edit, removed) else None
                    self._reverify_alias_users(changed_aliases, exclude=unit, functions=changed_functions,
                                               results=results_before | unit.results, moved=moved)
                    return
        self._settle_units()
        units = self._units
        first = bisect_left(units, edit.start, key=_END)
        last = self._index_after(edit.old_end) - 1
        if self._only_indentation(edit, removed, inserted) and first > last:
            # Indentation between units: columns derived from the next unit count from it.
            if first < len(units):
                self._forget(units[first])
            self._add_shift(first, delta)
            return
        touched = units[max(0, first - 1):last + 2]
        changed_results = frozenset().union(*(u.results for u in touched))
        changed_aliases = ({u.defines for u in touched} - {None}).union(*(u.written_aliases for u in touched))
        changed_functions = {u.function.name for u in touched if u.function is not None}
        was_broken = self._broken
        self._relaid = None
        fresh = self._reparse_document(edit, first, last, delta)
        changed_aliases |= ({u.defines for u in fresh} - {None}).union(*(u.written_aliases for u in fresh))
        changed_functions |= {u.function.name for u in fresh if u.function is not None}
        self._forget_columns_after(edit)
        # A container's shell made or unmade, or a document that became or stopped being broken
        # (its containers read from pieces or from its tree): any call's symbol table may differ.
        if was_broken and self._relaid is not None:
            # Pieces scanned again: the shells they replaced are diagnosed again, but a table
            # differs only if one of them was made, unmade or moved (not merely shifted by the
            # edit), or a function among them changed. Asking every unit that asked anything
            # again cost a 50k-line broken file 7-10 ms a keystroke typed next to a header.
            containers, relaid_functions = self._relaid
            changed_functions |= relaid_functions
        else:
            containers = was_broken != self._broken or any(u.shell for u in touched) or any(u.shell for u in fresh)
        changed_results |= frozenset().union(*(u.results for u in fresh))
        self._reverify_alias_users(changed_aliases, exclude=fresh,
                                   functions=None if containers else changed_functions,
                                   results=changed_results, moved=edit, containers=containers)

    def _forget_columns_after(self, edit: TextEdit) -> None:
        """Derived results count columns from the start of a unit's first line: the units that
        start on the line the edit ends on keep their diagnostics but not those."""
        data = self.document.data
        index = self._index_after(edit.new_end, right=False) if not self._shift else self._recent + 1
        while index < len(self._units):
            start = self._virtual_span(index)[0]
            gap = data[edit.new_end:start]
            if b"\n" in gap or b"\r" in gap:
                return
            self._forget(self._units[index])
            index += 1

    def _only_indentation(self, edit: TextEdit, removed: bytes, inserted: bytes) -> bool:
        """The edit only adds or removes blanks in front of a line's first token: no token,
        comment or line break changes, so nothing but later positions can move."""
        if self._broken or removed.strip(b" \t") or inserted.strip(b" \t"):
            return False
        data = self.document.data
        line_start = max(data.rfind(b"\n", 0, edit.start), data.rfind(b"\r", 0, edit.start)) + 1
        return not data[line_start:edit.new_end].strip(b" \t")

    def _reverify_alias_users(self, names: set[bytes], exclude: Unit | list[Unit],
                              functions: set[str] | None = frozenset(), results: frozenset[bytes] = frozenset(),
                              moved: TextEdit | None = None, containers: bool = False) -> None:
        """Verify again the units whose verification resolved one of the `!alias` names whose
        definition changed (aliases may be defined anywhere in the document), or looked up a
        function whose definitions changed (`functions`; None: any function), and the bare
        top-level statements verified with others (analysis/runs.py) that looked for a value
        one of `results` names, or that the edit `moved` (which added, removed or remade
        statements) reaches, or any of them when `containers` were made or unmade."""
        if not names and functions is not None and not functions and not results and moved is None:
            return
        wanted = {n.decode("utf-8", "replace") for n in names}
        skip = {id(exclude)} if isinstance(exclude, Unit) else {id(u) for u in exclude}
        reach = max(moved.old_end, moved.new_end) if moved is not None else -1
        known: dict[Any, Any] = {}   # answers found so far, while no unit is diagnosed again
        for index, unit in enumerate(self.units):
            if id(unit) in skip:
                continue
            asked = unit.symbols and (functions is None or not functions.isdisjoint(unit.symbols)
                                      or asked_alias(unit, wanted))
            in_run = unit.bare and (containers or not unit.run_names.isdisjoint(results) or unit.run_names and
                                    moved is not None and unit.start >= moved.start and
                                    (unit.run_from is None or unit.run_from.start <= reach))
            if wanted and not wanted.isdisjoint(unit.aliases) or in_run or asked and answers_changed(self, unit, known):
                found = self._unit_findings(index)
                if found is None:
                    continue
                known.clear()
                self._diagnose_units([unit], found)
                self._forget(unit)
                self._flagged = None

    def _reparse_unit(self, index: int, following: tuple[int, int] | None, edit: TextEdit, delta: int) -> bool:
        """Re-parse one statement alone; False when the result could differ in context.

        The statement is parsed together with the next one (`following`: its span before this
        edit) so that the scanner sees where the next statement starts, exactly as in the
        document. Only an error-free result in an error-free document is accepted: error
        recovery depends on context.
        """
        unit = self._units[index]
        start = unit.start
        if not _starts_alike_anywhere(self.document.data, start):
            return False
        end = unit.end + delta
        if following is not None:
            end = following[1] + delta
        if unit.tree is not None:
            apply_edit(unit.tree, edit)
        tree = parse_range(self.document.data, start, end, self.document.point(start),
                           self.document.point(end), unit.tree)
        root = tree.root_node
        if root.has_error:
            return False
        statements = [c for c in root.named_children if c.type in UNIT_KINDS]
        expected = 1 if following is None else 2
        if len(statements) != expected or statements[0].start_byte != start:
            return False
        if splits(statements[0]):
            return False   # became a container (`gpu.moduxle` -> `gpu.module`): its statements are units
        if expected == 2 and (statements[1].start_byte != following[0] + delta or statements[1].end_byte != end):
            return False
        had_diagnostics = bool(unit.diagnostics or unit.elsewhere)
        self._run_starts, self._run_depth = [], 0   # whether the statement ends a run may change
        unit.tree = tree
        unit.end = statements[0].end_byte
        self._forget(unit)
        # Later units move first: the unit's verification may resolve aliases among them.
        self._add_shift(index + 1, delta)
        self._diagnose_unit(unit, findings(root, self.document.data, unit.start, unit.end))
        if had_diagnostics != bool(unit.diagnostics or unit.elsewhere):
            self._flagged = None
        return True

    def _reparse_document(self, edit: TextEdit, first: int, last: int, delta: int) -> list[Unit]:
        """Re-parse the whole document (incrementally), then re-derive units near the edit; the
        new units. A document with a syntax error is re-derived from its pieces instead
        (`_relayout`), whatever the tree says."""
        old = self.syntax
        was_broken = self._broken
        self.syntax = self._parse_document(old)
        self.full_stale = False
        for unit in self._units[last + 1:]:
            unit.shift(delta)
            if delta:
                unit.tree = None   # its nodes' offsets are the old ones
        if self._broken:
            return self._relayout(edit, first, last, was_broken)
        for unit in self._units:
            unit.tree = None            # the fresh document tree covers every unit again
        mapped = self._units[:first] + self._units[last + 1:]
        if was_broken:
            return self._adopt_tree_units(edit, first, last)
        # Structural changes can reach beyond the touched units (a new `}` closes a region
        # early); tree-sitter reports where, and this path is taken only for such edits.
        changed = [(r.start_byte, r.end_byte) for r in old.tree.changed_ranges(self.syntax.tree)]
        units = self._units
        lo = min(edit.start, units[first].start) if first <= last else edit.start
        hi = max(edit.new_end, units[last].end + delta) if first <= last else edit.new_end
        for a, b in changed:
            lo, hi = min(lo, a), max(hi, b)
        # `mapped` lacks the touched units; re-derive everything in [lo, hi], growing the
        # window while the fresh units reach into neighbours (a brace changed the nesting).
        root = self.syntax.root
        a, b = lo, hi
        left = first
        right = first  # index in `mapped` of the first unit after the window
        while True:
            while left > 0 and mapped[left - 1].end >= a:
                left -= 1
                a = min(a, mapped[left].start)
            while right < len(mapped) and mapped[right].start <= b:
                b = max(b, mapped[right].end)
                right += 1
            fresh = list(enumerate_units(root, a, b))
            na = min([a] + [u.start for u in fresh])
            nb = max([b] + [u.end for u in fresh])
            if (na, nb) == (a, b):
                break
            a, b = na, nb
        found = findings(root, self.document.data, a, b)
        self.units = mapped[:left] + fresh + mapped[right:]
        count = len(fresh)
        if self._declaration_changed():
            self._full_analysis(self.syntax.tree)   # a header changed the declared target
            return list(self.units)
        self._diagnose_units(fresh, found)
        if len(fresh) != count:   # problems outside any statement got a unit of their own
            self.units = mapped[:left] + fresh + mapped[right:]
        # Whether a container's `{` is closed is decided at the far end of its region, which
        # this edit may have changed from outside the window: its header is diagnosed again
        # (as `_rederive_all` never keeps one).
        new = {id(u) for u in fresh}
        for shell in [u for u in self.units if u.shell and id(u) not in new]:
            self._diagnose_units([shell], findings(root, self.document.data, shell.start, shell.end))
        return fresh

    def _adopt_tree_units(self, edit: TextEdit, first: int, last: int) -> list[Unit]:
        """Units of a document whose syntax error the edit mended: from its (error-free) tree.
        A unit with the same span away from the edit and without a syntax error of its own keeps
        its diagnostics and derived results (parsed alone, it read as it reads in context); the
        others are diagnosed again. The new units are returned."""
        from ..verify.atom_sites import walked_alone
        root = self.syntax.root
        data = self.document.data
        # A container's shell is never kept: whether its `{` is closed is decided at the far
        # end of its region, which may have changed anywhere.
        reusable = {(u.start, u.end): u for i, u in enumerate(self._units)
                    if not first - 1 <= i <= last and not u.shell and not (u.start <= edit.new_end and edit.start <= u.end)
                    and not any(d.source is Source.SYNTAX for d in u.diagnostics)
                    and walked_alone(data, u)}   # a bare statement is verified with others now
        units: list[Unit] = []
        fresh: list[Unit] = []
        for unit in enumerate_units(root, 0, len(data)):
            old = reusable.get((unit.start, unit.end))
            if old is not None and not unit.shell:
                old.piece, old.tree = None, None
                units.append(old)
            else:
                units.append(unit)
                fresh.append(unit)
        is_new = {id(u) for u in fresh}
        self.units = units
        if self._declaration_changed():
            self._full_analysis(self.syntax.tree)   # a header changed the declared target
            return list(self.units)
        # Diagnose runs of new units together; findings in the gap after a run belong to its
        # last unit, as in a whole-document analysis.
        index = 0
        while index < len(units):
            if id(units[index]) not in is_new:
                index += 1
                continue
            end = index
            while end + 1 < len(units) and id(units[end + 1]) in is_new:
                end += 1
            lo = 0 if index == 0 else units[index].start
            hi = len(data) if end + 1 == len(units) else units[end + 1].start - 1
            run = units[index:end + 1]
            self._diagnose_units(run, findings(root, data, lo, hi))
            index = end + 1
        if not units:   # problems outside any statement get a unit
            self._diagnose_units(fresh, findings(root, data, 0, len(data)))
            self.units = fresh
        return fresh

    # ------------------------------------------------------------------ broken documents
    def _replace_units(self, units: list[Unit], removed: list[Unit], added: list[Unit]) -> None:
        """Install `units`, in which `added` (not diagnosed yet) took the place of `removed`.
        The lists of the units that define aliases and symbols stay when no unit that left was
        in them and no shell came: a keystroke in a broken document replaces a few pieces, and
        reading every alias definition of a large file again cost it milliseconds. A unit that
        comes to define one when it is diagnosed drops them (`_diagnose_units`)."""
        aliases, written, symbols = self._alias_units, self._written_aliases, self._symbol_units
        self.units = units
        if not any(u.alias_definition is not None for u in removed):
            self._alias_units = aliases
        if not any(u.written_aliases for u in removed):
            self._written_aliases = written
        if not any(u.shell or u.function is not None for u in removed) and not any(u.shell for u in added):
            self._symbol_units = symbols

    def _relayout(self, edit: TextEdit, first: int, last: int, was_broken: bool) -> list[Unit]:
        """Units of a document with a syntax error after an edit: its pieces (analysis/segments.py)
        scanned again from just before the edit until the scan meets a piece it found before,
        with the same containers open. A unit whose piece has the same place, kind and text
        keeps what it knows; the others are parsed alone and diagnosed. Units after the edit
        are already at their new places. The new units are returned."""
        units = self._units
        data = self.document.data
        # What a unit knows holds for its text alone only if it was parsed alone: in a document
        # that was well-formed, if nothing before it can change how it reads (`_starts_alike_anywhere`)
        # and it has no syntax error. A container's shell is diagnosed again with its partner.
        def reusable(unit: Unit) -> bool:
            if unit.shell:
                return False
            if was_broken:
                return True
            return (not unit.bare   # verified with other statements (runs.py), alone now
                    and not any(d.source is Source.SYNTAX for d in unit.diagnostics)
                    and _starts_alike_anywhere(data, unit.start))
        if not was_broken or not units or any(u.piece is None for u in (units[0], units[-1])):
            pieces = list(Scanner(data).pieces())
            resumed_at, rejoined_at = 0, len(units)
        else:
            pieces, resumed_at, rejoined_at = self._rescan(edit, first, last)
        # The pieces lie where these units were: only they can be found again.
        kept = {(u.start, u.end): u for i, u in enumerate(units[resumed_at:rejoined_at], resumed_at)
                if not first <= i <= last and reusable(u)}
        # The units before the edit are where they were and those after it already moved with it:
        # the same shells have the same places; a shell the edit touched is a new one.
        replaced = units[resumed_at:rejoined_at]
        shells_moved = any(u.shell for u in units[max(first, resumed_at):min(last + 1, rejoined_at)]) or \
            [(u.piece.kind if u.piece is not None else None, u.start, u.end) for u in replaced if u.shell] != \
            [(p.kind, p.start, p.end) for p in pieces if p.kind is not Kind.BODY]
        relaid = (shells_moved, {u.function.name for u in replaced if u.function is not None})
        fresh: list[Unit] = []
        middle: list[Unit] = []
        for piece in pieces:
            unit = kept.get((piece.start, piece.end))
            if unit is None or unit.piece is not None and unit.piece.kind is not piece.kind:
                unit = Unit(piece.start, piece.end, shell=piece.kind is not Kind.BODY)
                fresh.append(unit)
            unit.piece, piece.unit = piece, unit
            middle.append(unit)
        kept_here = set(map(id, middle))
        self._replace_units(units[:resumed_at] + middle + units[rejoined_at:],
                            [u for u in units[resumed_at:rejoined_at] if id(u) not in kept_here], fresh)
        if self._declaration_changed():
            self._full_analysis(self.syntax.tree)   # a header changed the declared target
            return list(self.units)
        # A container's shells read as a pair: each shell scanned again, and each partner of one,
        # is parsed and diagnosed again (a scan that goes on to the end leaves a header open).
        shells = {id(u): u for u in middle if u.shell}
        for unit in list(shells.values()):
            partner = unit.piece.partner
            if partner is not None and partner.unit is not None:
                shells.setdefault(id(partner.unit), partner.unit)
        for unit in shells.values():
            unit.tree = None
        # A container around the edit is parsed with its closing brace, which moved: its tree
        # is parsed again when asked for (what it says of its own text has not changed).
        for header in pieces[0].opened if pieces else ():
            if header.unit is not None:
                header.unit.tree = None
        again = [u for u in shells.values() if u not in fresh]
        self._relaid = relaid
        # A fresh unit's needs read as changed (it had none), which chose the target again over
        # every unit at every keystroke. The choice depends on the gates the file's atoms need
        # (`TargetChoice.key`): when those of the units diagnosed here and those they replaced
        # are the same, no unit's change of needs can change it.
        changed_before = self._needs_changed
        in_middle = set(map(id, middle))
        around = [u for u in again if id(u) not in in_middle]
        gates = _gates(units[resumed_at:rejoined_at] + around)
        # The body piece the edit lay in is parsed again from its tree, as a statement of a
        # well-formed document is (`_reparse_unit`): tree-sitter reads again only what the edit
        # changed (a 316-line function of a DSL dump: 2.5 ms parsed afresh at every keystroke,
        # 0.35 ms from its tree).
        edited = units[first] if first == last and first < len(units) else None
        if edited is not None and edited.tree is not None and edited.piece is not None \
                and edited.piece.kind is Kind.BODY and edited.start <= edit.start and edit.old_end <= edited.end \
                and not edited.tree.root_node.has_error:
            apply_edit(edited.tree, edit)
            self._edited_piece = (edited.start, edited.tree)
        try:
            self._diagnose_pieces(fresh + again)
        finally:
            self._edited_piece = None
        if not changed_before and _gates(middle + around) == gates:
            self._needs_changed = False
        for unit in fresh + again:
            self._forget(unit)
        return fresh + again

    def _rescan(self, edit: TextEdit, first: int, last: int) -> tuple[list[Piece], int, int]:
        """The pieces of a broken document scanned again around an edit: (the pieces, the index
        of the first unit they replace, the index of the first unit kept after them). The scan
        resumes at the start of the unit before the one the edit starts in (a boundary of that
        unit can move with the edit; the empty closers a split marker leaves do not count) and
        stops at a piece after the edit that an earlier scan found at the same place with the
        same containers open."""
        units = self._units
        holding = first if first < len(units) and units[first].start <= edit.start else first - 1
        resume = max(0, holding - 1)
        # A split marker closes the containers open before it with empty closers where the
        # piece before it ends: that piece ends with the marker (deleting the marker joins it to
        # the piece after), so the scan resumes before it.
        while resume > 0 and units[resume].start == units[resume].end:
            resume -= 1
        start, opened = (units[resume].start, units[resume].piece.opened) if holding > 0 else (0, ())
        after = {u.start: i for i, u in enumerate(units) if i > last}
        headers = {u.start: u.piece for u in units if u.piece.kind is Kind.HEADER}
        found: list[Piece] = []
        rejoined = len(units)
        for piece in Scanner(self.document.data).pieces(start, opened, headers.get):
            index = after.get(piece.start)
            if index is not None and piece.start > edit.new_end:
                old = units[index].piece
                # The same start is not enough: the text before a piece decides where it ends
                # (a line joined by a lone `\r` before it moves its first line's column).
                if old.kind is piece.kind and old.opened == piece.opened and units[index].end == piece.end:
                    if old.kind is Kind.CLOSER:
                        old.partner.partner = old   # the scan had paired the header with its double
                    rejoined = index
                    break
            found.append(piece)
        return found, resume, rejoined

    def _parse_piece(self, unit: Unit) -> Tree:
        """A broken document's unit parsed alone: a body piece by itself, a container's header
        together with its closing brace (as an empty container), so neither reads the other's
        statements."""
        document = self.document
        piece = unit.piece
        if piece.kind is Kind.BODY:
            previous = self._edited_piece
            old = previous[1] if previous is not None and previous[0] == unit.start else None
            if old is not None:
                self._edited_piece = None   # (its tree is read once)
            unit.tree = parse_range(document.data, unit.start, unit.end,
                                    document.point(unit.start), document.point(unit.end), old)
            if old is not None and unit.tree.root_node.has_error:
                # Where error recovery puts its nodes can depend on the subtrees it reused: a
                # piece with a syntax error reads as it reads parsed afresh.
                unit.tree = parse_range(document.data, unit.start, unit.end,
                                        document.point(unit.start), document.point(unit.end))
            return unit.tree
        header = unit if piece.kind is Kind.HEADER else piece.partner.unit
        closer = header.piece.partner.unit if header.piece.partner is not None else None
        spans = [header] + ([closer] if closer is not None else [])
        tree = parse_ranges(document.data, [(u.start, u.end, document.point(u.start), document.point(u.end))
                                            for u in spans])
        for shell in spans:
            shell.tree = tree
        return tree

    def _diagnose_pieces(self, units: list[Unit]) -> None:
        """Diagnose units of a broken document, each from its own tree."""
        self._diagnose_units(*self._piece_findings(units))

    def _piece_findings(self, units: list[Unit]) -> tuple[list[Unit], dict[str, list[Any]], list[list[Diagnostic]]]:
        """The units of a broken document in order, their findings, and each unit's
        diagnostics of them (each unit read from its own tree)."""
        data = self.document.data
        units = sorted(units, key=lambda u: (u.start, u.end))
        found: dict[str, list[Any]] = {}
        own: list[list[Diagnostic]] = []
        for unit in units:
            tree = self.tree_for(unit)
            mine = findings(tree.root_node, data, unit.start, unit.end)
            diagnostics = finding_diagnostics(mine, self._parse_type, self.settings.allow_unregistered_dialect)
            own.append(_within_header(unit, diagnostics) if unit.piece.kind is Kind.HEADER else diagnostics)
            for kind, nodes in mine.items():
                found.setdefault(kind, []).extend(nodes)
        return units, found, own

    def _broken_units(self) -> list[Unit]:
        """Every unit of a document with a syntax error: one per piece (analysis/segments.py)."""
        units = []
        for piece in Scanner(self.document.data).pieces():
            unit = Unit(piece.start, piece.end, shell=piece.kind is not Kind.BODY, piece=piece)
            piece.unit = unit
            units.append(unit)
        return units

    # ------------------------------------------------------------------ units
    def _full_analysis(self, tree: Tree | None = None) -> None:
        """Analyse the whole document (with `tree` when given, else a fresh parse)."""
        data = self.document.data
        if self.too_large:
            self.syntax = None
            self.units = [Unit(0, len(data), diagnostics=[Diagnostic(
                "syntax.too-large", Span(0, 0), Severity.ERROR, Source.SYNTAX,
                f"file too large to analyse: {len(data) / 2**20:.1f} MiB (the limit is "
                f"{MAX_ANALYSED_BYTES // 2**20} MiB); no diagnostics, hover or navigation for it")])]
            self._target = self._choose_target()
            self._needs_changed, self._declared_arch = False, None
            return
        self.syntax = SyntaxTree(tree, data) if tree is not None else parse(data)
        self._broken = self.syntax.root.has_error
        self.full_stale = False
        units = self._broken_units() if self._broken else list(enumerate_units(self.syntax.root, 0, len(data)))
        self.units = units   # installed first: verifiers look up aliases among them
        if self._broken:
            units, found, own = self._piece_findings(units)
        else:
            found, own = findings(self.syntax.root, data, 0, len(data)), None
        self._record_needs(units, found)   # what the atoms need decides an undeclared target
        self._target = self._choose_target()
        declared = self._declared()
        self._needs_changed, self._declared_arch = False, declared[0] if declared else None
        self._budget_now = self.verify_budget
        try:
            self._diagnose_units(units, found, own, needs_recorded=True)
        finally:
            self._budget_now = None

    def _diagnose_units(self, units: list[Unit], findings: dict[str, list[Node]],
                        own: list[list[Diagnostic]] | None = None, needs_recorded: bool = False) -> None:
        """`_diagnose_steps` run through; fewer units than are kept keep every lift."""
        with self._passing(len(units) > _KEPT_LIFTS):
            run_steps(self._diagnose_steps(units, findings, own, needs_recorded))

    def _diagnose_steps(self, units: list[Unit], findings: dict[str, list[Node]],
                        own: list[list[Diagnostic]] | None = None, needs_recorded: bool = False) -> "Steps[None]":
        """Turn findings into diagnostics, then hand each diagnostic to its unit (`units` in
        document order). `own`: the findings' diagnostics already handed out, one list per
        unit (units parsed alone, each from its own tree; a zero-width unit can start where
        another ends). `needs_recorded`: `Unit.needs` was read from `findings` already.

        Most findings (well-formed types, known ops) produce nothing, so only diagnostics are
        bucketed; the per-finding work is a memo lookup by text.
        """
        if self._budget_now:
            prepare_verification(findings)   # (the budget is for verifying, not for importing)
        started = time.monotonic()
        if not needs_recorded:
            self._record_needs(units, findings)
        found = (finding_diagnostics(findings, self._parse_type, self.settings.allow_unregistered_dialect)
                 if own is None else [d for ds in own for d in ds])
        for unit in units:
            unit.unverified = False   # `_verify` marks the ones it leaves for later
            unit.aliases = NO_NAMES
            before = unit.alias_definition
            unit.alias_definition = self._alias_definition(unit)
            # Only a definition that changed drops the alias units (and with them the alias
            # table built from them, verify/atom_sites.aliases_of): a unit verified after open
            # diagnoses its definition again, and a table of thousands rebuilt for every slice
            # was most of the young objects the collector then walked.
            if before != unit.alias_definition:
                self._alias_units = None
            unit.defines = unit.alias_definition[0].encode("utf-8") if unit.alias_definition is not None else None
            written_before = unit.written_aliases
            unit.written_aliases = kept_names(written_definitions(self.document.data, unit.start, unit.end))
            if written_before != unit.written_aliases:
                self._written_aliases = None
            unit.symbols = {}
            unit.results = kept_names(self._results_of(unit))
            before = unit.function
            unit.function = function_definition(self.document.data, unit, lambda u=unit: self.unit_nodes(u))
            if before != unit.function:
                self._symbol_units = None
        deadline = None if self._budget_now is None else time.monotonic() + self._budget_now
        errors = [d for d in found if d.severity is Severity.ERROR]
        yield
        verified = yield from verify_unit_steps(self, units, findings, errors, deadline)
        yield
        ssa_deadline = None if self._budget_now is None else started + self._budget_now
        ssa = check_ssa_units(self, units, ssa_deadline, findings)
        verified = beside_ssa_errors(verified, units, ssa)
        yield
        if own is None:
            found.extend(ssa)
        if found and not units:
            # Problems in a stretch with no statement (e.g. only a stray brace): keep them.
            units.append(Unit(min(d.span.start for d in found), max(d.span.end for d in found)))
        starts = [u.start for u in units]
        per_unit: list[list[Diagnostic]] = [[] for _ in units]
        if own is not None:
            per_unit = [[d.shifted(-u.start) for d in ds] for u, ds in zip(units, own)]
            found = ssa
        for d in found:
            index = max(0, bisect_right(starts, d.span.start) - 1)
            # An empty unit (the end of the text after the last statement) holds no op: what
            # lies at its place (`expected ':'` at the end of a last op cut short) belongs to the
            # unit before it, which reaches there and alone says it again when verified.
            while index > 0 and units[index].start == units[index].end and units[index - 1].end >= d.span.end:
                index -= 1
            per_unit[index].append(d.shifted(-units[index].start))
        for unit in units:
            unit.elsewhere = []
        for index, unit in enumerate(units):
            if unit.piece is not None and unit.piece.kind is Kind.HEADER:
                per_unit[index] = self._anchor_beyond_header(unit, per_unit[index])
        for index, diags in verified.items():
            # A verifier's diagnostic belongs to the unit it verified, wherever it points.
            unit = units[index]
            for d in diags:
                if _within(d, unit):
                    per_unit[index].append(d.shifted(-unit.start))
                else:
                    unit.elsewhere.append(Anchored.of(d, self._unit_holding))
        for unit, diags in zip(units, per_unit):
            tree = self.tree_for(unit)
            for missing in missing_in(tree, unit):
                diags.append(describe_missing(missing).shifted(-unit.start))
            if unit.piece is not None:
                diags = self._brace_diagnostics(unit, diags)
            if (unit.piece.kind is Kind.BODY if unit.piece is not None else not unit.shell) \
                    and any(d.source is Source.SYNTAX and d.severity is Severity.ERROR for d in diags):
                diags = self._head_mistake(unit, diags)
            diags.sort(key=Diagnostic.document_order)
            unit.diagnostics = diags

    def _head_mistake(self, unit: Unit, diags: list[Diagnostic]) -> list[Diagnostic]:
        """A unit with a syntax error whose statement head MLIR's op parser refuses
        (syntax/statement_heads.py): that error, in MLIR's words, replaces what the grammar's
        recovery made of it: its syntax errors on the head's line and the braces it then found
        unbalanced in the piece (`unexpected `}``, a `}` missing), which MLIR, stopped at the
        head, never reaches."""
        found = statement_head_mistake(self.document.data, unit.start, unit.end)
        if found is None:
            return diags
        found = found.shifted(-unit.start)
        data = self.document.data
        row_start = data.rfind(b"\n", 0, unit.start + found.span.start) + 1 - unit.start
        row_end = data.find(b"\n", unit.start + found.span.start)
        row_end = (len(data) if row_end < 0 else row_end) - unit.start
        kept = [d for d in diags if not (d.source is Source.SYNTAX and (
            row_start <= d.span.start <= row_end or d.message in _BRACE_RECOVERY))]
        return kept + [found]

    def _anchor_beyond_header(self, unit: Unit, diags: list[Diagnostic]) -> list[Diagnostic]:
        """A container header's diagnostics (relative to it) that lie in its own text; the rest
        go to `unit.elsewhere`, anchored to the units whose text they lie in. The header is
        parsed with its closing brace (`_parse_piece`), so an error recovered across the two can
        be reported in the brace's text; an edit in the body between moves the brace but not
        the header, whose diagnostics are kept while its text is unchanged."""
        kept = []
        for d in diags:
            placed = d.shifted(unit.start)
            if _within(placed, unit):
                kept.append(d)
            else:
                unit.elsewhere.append(Anchored.of(placed, self._unit_holding))
        return kept

    def _brace_diagnostics(self, unit: Unit, diags: list[Diagnostic]) -> list[Diagnostic]:
        """What a broken document's unit says of the braces its piece leaves open (its
        diagnostics relative to its start): the `}` the parser supplies gets a note at the `{`
        it would close. A container's `}` is supplied where its body ends (its closer, with no
        text), far from the `{`: that diagnostic is kept relative to both units."""
        piece = unit.piece
        if piece.opener is not None:
            return unclosed_note(diags, piece.opener)
        if piece.kind is not Kind.CLOSER or unit.start != unit.end:
            return diags
        header = piece.partner.unit
        kept = [d for d in diags if not (d.code == "syntax.missing" and d.span.start == 0)]
        if len(kept) < len(diags):
            missing = missing_brace(Span(unit.start, unit.end), Span(header.end - 1, header.end))
            unit.elsewhere.append(Anchored.of(missing, self._unit_holding))
        return kept

    def _alias_definition(self, unit: Unit) -> tuple[str, str, Span] | None:
        """What the unit defines if it is an alias definition (see `Unit.alias_definition`)."""
        if unit.shell or self.document.data[unit.start:unit.start + 1] not in (b"!", b"#"):
            return None
        for node in self.unit_nodes(unit):
            if node.type not in ALIAS_DEFINITIONS:
                continue
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            # A type alias names a type; an attribute alias any attribute (`#tile = array<...>`)
            # but a location (`#loc1 = loc(...)`, thousands in a dump with debug info), which
            # only locations name and no verifier or pass reads.
            if name is not None and value is not None and not value.has_error and value.type != "location" \
                    and (value.type in TYPE_KINDS or node.type == "attribute_alias_definition"):
                return node_text(name), node_text(value), node_span(value).shifted(-unit.start)
        return None

    def unit_nodes(self, unit: Unit) -> list[Node]:
        """Statement nodes that make up a unit (none for a container's shell)."""
        self.settle()
        tree = self.tree_for(unit)
        return statement_nodes(tree, unit) if tree is not None else []

    # ------------------------------------------------------------------ statement runs
    def verification_scope(self, unit: Unit) -> "Unit | StatementRun":
        """What `unit` is verified as: itself, or, for a bare top-level statement that uses
        values other statements of its run define, the stretch from the first of those to it
        (analysis/runs.py). Records on the unit what an edit must change to verify it again."""
        from ..verify.atom_sites import StatementRun, walked_alone
        unit.run_names, unit.run_from, unit.bare = NO_NAMES, None, False
        if self._broken or unit.piece is not None or walked_alone(self.document.data, unit):
            return unit
        unit.bare = True
        if self._shift and self._shift_pending_for(unit):
            self._settle_units()
        index = self._position(unit)
        if index is None:
            return unit
        run_start = self._run_start(index)
        if run_start < 0:
            return unit
        units, data = self._units, self.document.data
        scope = scope_of(index, run_start, lambda i: bytes(data[units[i].start:units[i].end]))
        unit.run_names = kept_names(scope.names)
        unit.run_from = units[scope.reach - 1] if scope.reach > 0 else None
        if scope.first == index:
            return unit
        return StatementRun(units[scope.first].start, unit.end, tuple(units[scope.first:index + 1]))

    def finding_errors(self, lo: int, hi: int) -> list[Diagnostic]:
        """The syntax and type errors of the statements in [lo, hi) of a well-formed document."""
        tree = self.fresh_tree()
        if tree is None or hi <= lo:
            return []
        found = findings(_spanning(tree, lo, hi), self.document.data, lo, hi)
        return [d for d in finding_diagnostics(found, self._parse_type, self.settings.allow_unregistered_dialect)
                if d.severity is Severity.ERROR]

    def _results_of(self, unit: Unit) -> frozenset[bytes]:
        data = self.document.data
        if unit.shell or data[unit.start:unit.start + 1] != b"%":
            return frozenset()
        return results(bytes(data[unit.start:unit.end]))

    def _ends_run_changed(self, unit: Unit, edit: TextEdit, removed: bytes) -> bool:
        """Whether an edit inside `unit` changed whether it ends a run of bare top-level
        statements (`walked_alone`: an edit to its op's name can)."""
        from ..verify.atom_sites import OP_START, walked_alone
        data = self.document.data
        head = OP_START.match(data, unit.start)
        if head is not None and edit.start > head.end():
            return False
        before = bytes(data[unit.start:edit.start]) + removed + bytes(data[edit.new_end:edit.new_end + 256])
        was = walked_alone(before, _Head(None))
        return was != walked_alone(data, unit)

    def _position(self, unit: Unit) -> int | None:
        """The index of `unit` among the units (by identity), or None."""
        units = self._units
        at = bisect_left(units, unit.start, key=_START)
        while at < len(units) and units[at].start == unit.start:
            if units[at] is unit:
                return at
            at += 1
        return None

    def _run_start(self, index: int) -> int:
        """The index of the first unit of the run of bare top-level statements units[index]
        belongs to, or -1 when it belongs to none (as `verify/atom_sites.site_units` groups
        them: a container's shells, alias definitions and functions end a run, and statements
        inside a container are walked alone)."""
        from ..verify.atom_sites import walked_alone
        starts, units, data = self._run_starts, self._units, self.document.data
        depth = self._run_depth   # containers open after the known prefix
        while len(starts) <= index:
            at = len(starts)
            unit = units[at]
            if unit.shell:
                depth += -1 if unit.start == unit.end or data[unit.start:unit.start + 1] == b"}" else 1
                starts.append(-1)
            elif depth > 0 or walked_alone(data, unit):
                starts.append(-1)
            else:
                starts.append(starts[at - 1] if at > 0 and starts[at - 1] >= 0 else at)
        self._run_depth = depth
        return starts[index]

    # ------------------------------------------------------------------ diagnostics

    def _type_needs(self, node: Node) -> list[Need]:
        """`type_needs` of the type `node` is, relative to it; memoised as `_parse_type` is."""
        key = None if node.has_error else node.text or b""
        if key is not None and key in self._needs_memo:
            return self._needs_memo[key]
        ty, _ = self._parse_type(node)
        needs = type_needs(ty, Span(0, node.end_byte - node.start_byte))
        if key is not None:
            if len(self._needs_memo) > 50_000:
                self._needs_memo.clear()
            self._needs_memo[key] = needs
        return needs

    def _parse_type(self, node: Node) -> tuple[CuteNvgpuType, list[Diagnostic]]:
        """The type and its diagnostics relative to the type's start; memoised by the type's
        text when it has no syntax error. Error recovery can parse one text differently in
        another context (what follows decides where an ERROR starts), so a broken type is
        read from its own tree every time."""
        if node.has_error:
            ty, diags = parse_type_node(node)
            return ty, [d.shifted(-node.start_byte) for d in diags]
        key = node.text or b""
        hit = self._type_memo.get(key)
        if hit is None:
            ty, diags = parse_type_node(node)
            base = node.start_byte
            hit = (ty, [d.shifted(-base) for d in diags])
            if len(self._type_memo) > 50_000:
                self._type_memo.clear()
            self._type_memo[key] = hit
        return hit

    def alias_type(self, name: str) -> WrittenType | None:
        """The type a top-level `!name = <type>` defines, or the attribute a `#name = <attr>`
        does (aliases may follow their uses), and where it is written: the first definition,
        as MLIR keeps it. Read from the units that
        define aliases, by name (`alias_uses.first_definitions`): a lookup costs neither the
        file nor the aliases (the SSA check asks one for each alias each unit uses)."""
        unit = first_definitions(self).get(name)
        if unit is None:
            return None
        _, text, span = unit.alias_definition
        return WrittenType(text, span.shifted(self.unit_start(unit)))

    def _diagnose_unit(self, unit: Unit, found: dict[str, list[Node]]) -> None:
        self._diagnose_units([unit], found)
