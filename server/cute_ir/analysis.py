"""The one orchestrator: a document's text -> CST -> per-unit diagnostics and IR.

A document is split into *units*: its top-level statements, except that a top-level
`module` contributes each statement of its region as a unit, plus a "shell" unit for the
module's header (`module attributes {...} {`) and one for its closing brace. Units make
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
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, TypeVar

from tree_sitter import Node, QueryCursor, Tree

from .diagnostics import Diagnostic, Severity, Source, Span
from .diagnostics.mlir_messages import UNKNOWN_CUSTOM_OP, UNREGISTERED_OPERATION
from .dialects.cute_nvgpu.ops import DIALECT_PREFIX, is_known_op
from .dialects.cute_nvgpu.types import CuteNvgpuType, parse_type_node
from .ir import UnitIR, build_for_verification, build_unit
from .ir.ssa import check_ssa
from .ir.target import FROM_SETTING, TargetChoice, choose_target, declared_target
from .syntax import SyntaxTree, apply_edit, parse, parse_range, query
from .syntax.cst import STATEMENT_KINDS, ancestors
from .syntax.errors import (MALFORMED_PATTERNS, describe_error, describe_malformed, describe_missing,
                            describe_unclosed, missing_nodes, outermost_errors, unclosed_openers)
from .text import Document
from .text.document import TextEdit, decode_source
from .text.positions import Encoding, Position
from .emit.preview import Lowering
from .verify import VERIFIED_OPS, verify_unit

log = logging.getLogger(__name__)

T = TypeVar("T")

# Files above this size are not analysed: a clear diagnostic instead of a hang.
MAX_ANALYSED_BYTES = 16 * 1024 * 1024

# Ops whose region statements become units of their own.
CONTAINER_OPS = frozenset({"module", "builtin.module", "gpu.module"})

_UNIT_KINDS = STATEMENT_KINDS | {"ERROR", "block"}

# Characters whose insertion or removal can change the nesting around an edit.
_STRUCTURAL = frozenset(b"{}")

# The name a type alias definition starts with (`!name = ...`).
_ALIAS_NAME = re.compile(rb"![^\s=]*")

_PREFIX_BYTES = {"custom_op": DIALECT_PREFIX.encode(), "generic_op": b'"' + DIALECT_PREFIX.encode()}

# Where SSA names are defined (for verification's partial IR).
_DEFINITIONS = query(
    """
    (op_result value: (value_id) @result)
    (block_argument name: (value_id) @block_argument)
    (paren_group (value_use name: (value_id) @argument) . ":")
    """
)

_FINDINGS = query(
    """
    (cute_nvgpu_type) @type
    (operation name: (op_name) @custom_op)
    (operation name: (string) @generic_op)
    (unclosed_bracket) @unclosed
    (region (unclosed_bracket)) @unclosed_region
    """ + MALFORMED_PATTERNS
)


# Captures that only say a walk is needed; the walks find the nodes themselves.
_WALKED = ("unclosed", "unclosed_region")


def _position(node: Node) -> tuple[int, int]:
    return node.start_byte, node.end_byte


@dataclass
class Unit:
    start: int
    end: int
    shell: bool = False                       # a container's header or closing brace
    diagnostics: list[Diagnostic] = field(default_factory=list)   # spans relative to `start`
    tree: Tree | None = None                  # own tree after a local re-parse
    ir: UnitIR | None = None
    ir_start: int = -1
    unverified: bool = False                  # its verification was deferred (verify_pending)
    defines: bytes | None = None              # the `!alias` it defines, if it is a type alias
    aliases: frozenset[str] = frozenset()     # aliases its verification looked up
    # Feature results computed from this unit's text alone, positions relative to `start`
    # (see PerUnit); dropped when the text changes, kept when the unit moves.
    derived: dict[str, Any] = field(default_factory=dict)

    def shift(self, delta: int) -> None:
        self.start += delta
        self.end += delta


@dataclass(frozen=True)
class PerUnit(Generic[T]):
    """A feature's result derived from one unit's text alone, with positions relative to the
    unit's start (`DocumentAnalysis.for_unit`, `prepare`); kept in `Unit.derived` under `key`."""
    key: str
    compute: Callable[["DocumentAnalysis", Unit], T]


@dataclass(frozen=True)
class Settings:
    target_arch: str = "sm_90a"
    # Where target_arch comes from; a file's own `#nvvm.target` beats it unless it is an
    # explicit command-line `--arch` (ir/target.py).
    target_from: str = FROM_SETTING


class DocumentAnalysis:
    """Everything the server knows about one open document, kept up to date per edit."""

    def __init__(self, uri: str, text: str | bytes, version: int | None = None,
                 encoding: Encoding = Encoding.UTF16, settings: Settings | None = None,
                 verify_budget: float | None = None) -> None:
        """`verify_budget`: seconds a whole-document analysis may spend verifying before it
        leaves the remaining units to `verify_pending`; None verifies everything at once."""
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
        self._flagged: list[int] | None = None      # indices of units with diagnostics
        self.syntax: SyntaxTree | None = None
        self.full_stale = False       # whole-document tree has edits applied but not re-parsed
        # The last document parse had ERROR nodes: tree-sitter's recovery then depends on more
        # than one statement's text, so edits go through a fresh parse (`_parse_document`).
        self._broken = False
        self._type_memo: dict[bytes, tuple[CuteNvgpuType, list[Diagnostic]]] = {}
        self._full_analysis()

    # ------------------------------------------------------------------ public
    @property
    def units(self) -> list[Unit]:
        self._settle_units()
        return self._units

    @units.setter
    def units(self, value: list[Unit]) -> None:
        self._units = value
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
        """The target this document is verified and previewed for, and why (ir/target.py)."""
        return self._target

    @property
    def target_arch(self) -> str:
        return self._target.arch

    def _choose_target(self) -> TargetChoice:
        data = self.document.data
        headers = ((u.start, bytes(data[u.start:u.end])) for u in self._units if u.shell)
        return choose_target(declared_target(headers), self.settings.target_arch, self.settings.target_from)

    @property
    def version(self) -> int | None:
        return self.document.version

    @property
    def too_large(self) -> bool:
        return len(self.document.data) > MAX_ANALYSED_BYTES

    def update(self, changes: list[tuple[Position | None, Position | None, str]], version: int | None) -> None:
        """Apply LSP content changes in order, re-analysing only what they touched."""
        self.revision += 1
        self.document.version = version
        for start, end, new_text in changes:
            was_too_large = self.too_large
            if start is not None and end is not None:
                lo, hi = sorted((self.document.offset(start), self.document.offset(end)))
                removed = bytes(self.document.data[lo:hi])
            else:
                removed = b""
            edit = self.document.replace(start, end, new_text)
            if self.too_large or was_too_large or self.syntax is None or start is None:
                self._full_analysis()
                continue
            inserted = bytes(self.document.data[edit.start:edit.new_end])
            try:
                self._apply(edit, removed, inserted)
            except Exception:  # a defect here must not cost the user the document
                log.exception("incremental update failed; re-analysing %s from scratch", self.document.uri)
                self._full_analysis()

    def diagnostics(self) -> list[Diagnostic]:
        out = list(self.file_problems)
        if self._flagged is None:
            self._flagged = [i for i, u in enumerate(self._units) if u.diagnostics]
        shift_from, shift = self._shift_from, self._shift
        for index in self._flagged:
            unit = self._units[index]
            base = unit.start + (shift if index >= shift_from else 0)
            out.extend(d.shifted(base) for d in unit.diagnostics)
        return out

    @property
    def verification_owed(self) -> bool:
        """Some units were not verified yet (see `verify_budget`). Asked after every change:
        the scan moves the hint past verified units, so it does not start over each time."""
        units = self._units
        while self._owed_from < len(units) and not units[self._owed_from].unverified:
            self._owed_from += 1
        return self._owed_from < len(units)

    def verify_pending(self, budget: float | None = None) -> bool:
        """Verify units whose verification was deferred, in document order, for about
        `budget` seconds (all of them when None). True while some remain."""
        deadline = None if budget is None else time.monotonic() + budget
        units = self.units
        verified = 0
        for index in range(self._owed_from, len(units)):
            unit = units[index]
            if not unit.unverified:
                continue
            if verified and deadline is not None and time.monotonic() >= deadline:
                self._owed_from = index
                return True   # at least one unit per call: every call makes progress
            verified += 1
            unit.unverified = False   # before verifying: a unit whose verifier fails is not retried
            tree = self.tree_for(unit)
            if tree is None:
                continue
            self._diagnose_units([unit], self._findings(tree.root_node, unit.start, unit.end))
            self._flagged = None
        self._owed_from = len(units)
        return False

    def unit_at(self, offset: int) -> Unit | None:
        units = self.units
        if not units:
            return None
        index = bisect_right(self._starts(), offset) - 1
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
        """
        self._settle_units()
        if unit is not None and unit.tree is not None:
            return unit.tree
        return self.fresh_tree()

    def node_at(self, offset: int) -> Node | None:
        """The smallest node at `offset` (the token that starts there, if one does)."""
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

    def unit_ir(self, unit: Unit, keep: bool = True) -> UnitIR:
        """The unit's IR. `keep=False` does not store a newly built one: for work over every
        unit, whose IR would otherwise all stay in memory."""
        if unit.ir is not None and unit.ir_start == unit.start:
            return unit.ir
        ir = build_unit(self._unit_nodes(unit), Span(unit.start, unit.end))
        if keep:
            unit.ir, unit.ir_start = ir, unit.start
        return ir

    def for_unit(self, unit: Unit, result: "PerUnit[T]") -> T:
        """`result` for one unit, computed once per text of the unit: whole-document features
        then cost one lookup per unit that merely moved since they last ran."""
        if result.key not in unit.derived:
            unit.derived[result.key] = result.compute(self, unit)
        return unit.derived[result.key]

    def prepare(self, result: "PerUnit[Any]", budget: float) -> bool:
        """Fill `for_unit(unit, result)` for units lacking it, in document order, for about
        `budget` seconds (at least one unit per call). True while some remain: a caller can do
        the first request after open in slices, answering other messages in between."""
        deadline = time.monotonic() + budget
        done = 0
        for unit in self.units:
            if result.key in unit.derived:
                continue
            if done and time.monotonic() >= deadline:
                return True
            unit.derived[result.key] = result.compute(self, unit)
            done += 1
        return False

    def ir_at(self, offset: int) -> UnitIR | None:
        unit = self.unit_at(offset)
        return self.unit_ir(unit) if unit is not None else None

    def all_ir(self):
        for unit in self.units:
            if not unit.shell:
                yield self.unit_ir(unit)

    def fresh_tree(self) -> Tree | None:
        """The whole-document tree, re-parsed (incrementally) if edits were applied to it."""
        self._settle_units()
        if self.syntax is not None and self.full_stale:
            self.syntax = self._parse_document(self.syntax)
            self.full_stale = False
            for unit in self._units:
                unit.tree = None   # the fresh document tree covers every unit again
        return self.syntax.tree if self.syntax is not None else None

    def _parse_document(self, previous: SyntaxTree | None) -> SyntaxTree:
        """The document's tree, exactly as a fresh parse would give it.

        For text without syntax errors tree-sitter's incremental parse equals a fresh one (the
        grammar has no conflicts and the scanner keeps no state). Error recovery is different:
        which subtrees it reuses changes where ERROR nodes start and end, so text with errors is
        parsed afresh, and `_broken` keeps edits on the paths that stay right for it. A tree
        with errors is never reused: the fresh parse would follow anyway.
        """
        data = self.document.data
        tree = None
        if previous is not None and not self._broken:
            tree = parse(data, previous)
        if tree is None or tree.root.has_error:
            tree = parse(data)
        self._broken = tree.root.has_error
        return tree

    def reanalysed(self) -> "DocumentAnalysis":
        """A full analysis of the current text over the same parse (for checking this one)."""
        tree = self.syntax.tree.copy() if self.syntax is not None else None
        if tree is not None and (self.full_stale or self._broken):
            tree = None   # a fresh parse: only an error-free incremental one is known to equal it
        other = DocumentAnalysis.__new__(DocumentAnalysis)
        other.settings = self.settings
        other.file_problems = list(self.file_problems)
        other.document = Document(self.document.uri, self.document.text, self.document.version,
                                  self.document.encoding)
        other.units, other.syntax, other.full_stale, other._type_memo = [], None, False, {}
        other.verify_budget, other._budget_now, other._broken = None, None, False
        other._full_analysis(tree)
        return other

    def set_settings(self, settings: Settings) -> None:
        """A new target changes what the verifiers say: analyse again."""
        if settings != self.settings:
            self.revision += 1
            self.settings = settings
            self._full_analysis()

    def cute_type(self, node: Node) -> tuple[CuteNvgpuType, list[Diagnostic]]:
        """Interpret a cute_nvgpu_type node; diagnostics are absolute."""
        ty, diags = self._parse_type(node)
        return ty, [d.shifted(node.start_byte) for d in diags]

    # ------------------------------------------------------------------ edits
    def _starts(self) -> list[int]:
        return [u.start for u in self._units]

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
        index = bisect_right(self._starts(), lo) - 1
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
                defined_before = unit.defines
                following = None
                if index + 1 < len(self._units) and not self._units[index + 1].shell:
                    following = self._virtual_span(index + 1)
                if self._reparse_unit(index, following, edit, delta):
                    self._recent = index
                    self._forget_columns_after(edit)
                    changed_aliases = {defined_before, unit.defines} - {None}
                    self._reverify_alias_users(changed_aliases, exclude=unit)
                    return
        self._settle_units()
        units = self._units
        first = bisect_left([u.end for u in units], edit.start)
        last = bisect_right(self._starts(), edit.old_end) - 1
        if self._only_indentation(edit, removed, inserted) and first > last:
            # Indentation between units: columns derived from the next unit count from it.
            if first < len(units):
                units[first].derived.clear()
            self._add_shift(first, delta)
            return
        changed_aliases = {u.defines for u in units[max(0, first - 1):last + 2]} - {None}
        fresh = self._reparse_document(edit, first, last, delta)
        changed_aliases |= {u.defines for u in fresh} - {None}
        self._forget_columns_after(edit)
        self._reverify_alias_users(changed_aliases, exclude=fresh)

    def _forget_columns_after(self, edit: TextEdit) -> None:
        """Derived results count columns from the start of a unit's first line: the units that
        start on the line the edit ends on keep their diagnostics but not those."""
        data = self.document.data
        index = bisect_left(self._starts(), edit.new_end) if not self._shift else self._recent + 1
        while index < len(self._units):
            start = self._virtual_span(index)[0]
            gap = data[edit.new_end:start]
            if b"\n" in gap or b"\r" in gap:
                return
            self._units[index].derived.clear()
            index += 1

    def _only_indentation(self, edit: TextEdit, removed: bytes, inserted: bytes) -> bool:
        """The edit only adds or removes blanks in front of a line's first token: no token,
        comment or line break changes, so nothing but later positions can move."""
        if self._broken or removed.strip(b" \t") or inserted.strip(b" \t"):
            return False
        data = self.document.data
        line_start = max(data.rfind(b"\n", 0, edit.start), data.rfind(b"\r", 0, edit.start)) + 1
        return not data[line_start:edit.new_end].strip(b" \t")

    def _reverify_alias_users(self, names: set[bytes], exclude: Unit | list[Unit]) -> None:
        """Verify again the units whose verification resolved one of the `!alias` names whose
        definition changed (aliases may be defined anywhere in the document)."""
        if not names:
            return
        wanted = {n.decode("utf-8", "replace") for n in names}
        skip = {id(exclude)} if isinstance(exclude, Unit) else {id(u) for u in exclude}
        for unit in self.units:
            if unit.aliases & wanted and id(unit) not in skip:
                tree = self.tree_for(unit)
                self._diagnose_units([unit], self._findings(tree.root_node, unit.start, unit.end))
                unit.derived.clear()
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
        statements = [c for c in root.named_children if c.type in _UNIT_KINDS]
        expected = 1 if following is None else 2
        if len(statements) != expected or statements[0].start_byte != start:
            return False
        if expected == 2 and (statements[1].start_byte != following[0] + delta or statements[1].end_byte != end):
            return False
        had_diagnostics = bool(unit.diagnostics)
        unit.tree = tree
        unit.end = statements[0].end_byte
        unit.ir = None
        unit.derived.clear()
        # Later units move first: the unit's verification may resolve aliases among them.
        self._add_shift(index + 1, delta)
        self._diagnose_unit(unit, self._findings(root, unit.start, unit.end))
        if had_diagnostics != bool(unit.diagnostics):
            self._flagged = None
        return True

    def _reparse_document(self, edit: TextEdit, first: int, last: int, delta: int) -> list[Unit]:
        """Re-parse the whole document, then re-derive units near the edit; the new units."""
        old = self.syntax
        was_broken = self._broken
        self.syntax = self._parse_document(old)
        self.full_stale = False
        for unit in self._units:
            unit.tree = None            # the fresh document tree covers every unit again
        mapped = self._units[:first] + self._units[last + 1:]
        for unit in self._units[last + 1:]:
            unit.shift(delta)
        if self._broken or was_broken:   # a fresh parse: changed_ranges would compare unrelated trees
            return self._rederive_all(edit, first, mapped, old.tree.root_node)
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
            fresh = list(self._enumerate_units(root, a, b))
            na = min([a] + [u.start for u in fresh])
            nb = max([b] + [u.end for u in fresh])
            if (na, nb) == (a, b):
                break
            a, b = na, nb
        findings = self._findings(root, a, b)
        self.units = mapped[:left] + fresh + mapped[right:]
        count = len(fresh)
        if self._choose_target() != self._target:
            self._full_analysis(self.syntax.tree)   # a header changed the declared target
            return list(self.units)
        self._diagnose_units(fresh, findings)
        if len(fresh) != count:   # problems outside any statement got a unit of their own
            self.units = mapped[:left] + fresh + mapped[right:]
        return fresh

    def _rederive_all(self, edit: TextEdit, first: int, kept: list[Unit], old_root: Node) -> list[Unit]:
        """Units of a freshly parsed broken document. A unit whose statement has the same span
        away from the edit, and no syntax error in or around it in the old tree (`old_root`,
        edited to the new positions) or in the new one, keeps its diagnostics and derived
        results; the others are diagnosed again. The new units are returned."""
        root = self.syntax.root
        data = self.document.data
        # A container's shell is never kept: whether its `{` is closed is decided at the far
        # end of its region, which may have changed anywhere.
        reusable = {(u.start, u.end): u for i, u in enumerate(kept)
                    if i != first - 1 and not u.shell and not (u.start <= edit.new_end and edit.start <= u.end)
                    and not any(d.source is Source.SYNTAX for d in u.diagnostics)}
        units: list[Unit] = []
        fresh: list[Unit] = []
        for unit in self._enumerate_units(root, 0, len(data)):
            old = reusable.get((unit.start, unit.end))
            if (old is not None and old.shell == unit.shell and not self._has_error(root, unit)
                    and not self._has_error(old_root, old)):
                units.append(old)
            else:
                units.append(unit)
                fresh.append(unit)
        is_new = {id(u) for u in fresh}
        self.units = units
        if self._choose_target() != self._target:
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
            self._diagnose_units(run, self._findings(root, lo, hi))
            index = end + 1
        if not units:   # problems outside any statement (e.g. only a stray brace) get a unit
            self._diagnose_units(fresh, self._findings(root, 0, len(data)))
            self.units = fresh
        return fresh

    @staticmethod
    def _has_error(root: Node, unit: Unit) -> bool:
        """The unit's statement has a syntax error in it or around it (an ERROR ancestor)."""
        node = root.descendant_for_byte_range(unit.start, unit.end)
        while node is not None and not (node.start_byte <= unit.start and unit.end <= node.end_byte):
            node = node.parent
        if node is None or node.has_error:
            return True
        return any(parent.type == "ERROR" for parent in ancestors(node))

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
            return
        self.syntax = SyntaxTree(tree, data) if tree is not None else parse(data)
        self._broken = self.syntax.root.has_error
        self.full_stale = False
        units = list(self._enumerate_units(self.syntax.root, 0, len(data)))
        self.units = units   # installed first: verifiers look up aliases among them
        self._target = self._choose_target()
        self._budget_now = self.verify_budget
        try:
            self._diagnose_units(units, self._findings(self.syntax.root, 0, len(data)))
        finally:
            self._budget_now = None

    def _diagnose_units(self, units: list[Unit], findings: dict[str, list[Node]]) -> None:
        """Turn findings into diagnostics, then hand each diagnostic to its unit.

        Most findings (well-formed types, known ops) produce nothing, so only diagnostics are
        bucketed; the per-finding work is a memo lookup by text.
        """
        started = time.monotonic()
        found = self._finding_diagnostics(findings)
        data = self.document.data
        for unit in units:
            unit.unverified = False   # `_verify` marks the ones it leaves for later
            unit.aliases = frozenset()
            unit.defines = _ALIAS_NAME.match(data, unit.start).group() if data.startswith(b"!", unit.start) else None
        found.extend(self._verify(units, findings, [d for d in found if d.severity is Severity.ERROR]))
        found.extend(self._check_ssa(units, started))
        if found and not units:
            # Problems in a stretch with no statement (e.g. only a stray brace): keep them.
            units.append(Unit(min(d.span.start for d in found), max(d.span.end for d in found)))
        starts = [u.start for u in units]
        per_unit: list[list[Diagnostic]] = [[] for _ in units]
        for d in found:
            index = max(0, bisect_right(starts, d.span.start) - 1)
            per_unit[index].append(d.shifted(-units[index].start))
        for unit, diags in zip(units, per_unit):
            for missing in self._missing_in(unit):
                diags.append(describe_missing(missing).shifted(-unit.start))
            diags.sort(key=lambda d: d.span)
            unit.diagnostics = diags

    def _enumerate_units(self, container: Node, lo: int, hi: int):
        """Units overlapping [lo, hi] inside a source_file or region, in order.

        A tree cursor steps through the children (a C call per child): `next_named_sibling`
        searches from the parent's first child each time, quadratic in a file of many
        top-level comments or split markers.
        """
        if lo >= container.end_byte or container.named_child_count == 0:
            return
        cursor = container.walk()
        if not cursor.goto_first_child():
            return
        while True:
            child = cursor.node
            if child.start_byte > hi:
                return
            if child.end_byte >= lo and child.is_named and child.type in _UNIT_KINDS:
                region = self._container_region(child)
                if region is not None:
                    yield from self._container_units(child, region, lo, hi)
                elif child.end_byte >= lo:
                    yield Unit(child.start_byte, child.end_byte)
            if not cursor.goto_next_sibling():
                return

    def _container_region(self, op: Node) -> Node | None:
        if op.type != "operation":
            return None
        name = op.child_by_field_name("name")
        if name is None or name.type != "op_name" or (name.text or b"").decode("utf-8", "replace") not in CONTAINER_OPS:
            return None
        body = op.child_by_field_name("body")
        if body is None:
            return None
        for item in body.named_children:
            if item.type == "region":
                return item
        return None

    def _container_units(self, op: Node, region: Node, lo: int, hi: int):
        # Shell units: the header up to and including '{', and the closing '}' with what
        # follows it (`} loc(#loc)`); the statements in between are units of their own.
        head_end = region.start_byte + 1
        tail_start = max(head_end, region.end_byte - 1)
        if op.start_byte <= hi and head_end >= lo:
            yield Unit(op.start_byte, head_end, shell=True)
        yield from self._enumerate_units(region, max(lo, head_end), min(hi, tail_start))
        if tail_start <= hi and op.end_byte >= lo:
            yield Unit(tail_start, op.end_byte, shell=True)

    def _unit_nodes(self, unit: Unit) -> list[Node]:
        """Statement nodes that make up a unit (none for a container's shell)."""
        tree = self.tree_for(unit)
        return self._statement_nodes(tree, unit) if tree is not None else []

    @staticmethod
    def _statement_nodes(tree: Tree, unit: Unit) -> list[Node]:
        if unit.shell:
            return []
        node = tree.root_node.descendant_for_byte_range(unit.start, unit.end)
        while node is not None and node.type not in _UNIT_KINDS and node.type != "source_file":
            node = node.parent
        if node is None:
            return []
        if node.type == "source_file":
            return [n for n in node.named_children
                    if n.type in _UNIT_KINDS and n.start_byte >= unit.start and n.end_byte <= unit.end]
        return [node]

    # ------------------------------------------------------------------ diagnostics
    def _findings(self, root: Node, lo: int, hi: int) -> dict[str, list[Node]]:
        cursor = QueryCursor(_FINDINGS)
        cursor.set_byte_range(lo, hi + 1)  # zero-width nodes at `hi` belong to the unit too
        found = cursor.captures(root)
        # Document order: the order captures come back in varies from run to run, and which
        # of two definitions of one SSA name a verifier sees first must not.
        out: dict[str, list[Any]] = {name: sorted((n for n in nodes if lo <= n.start_byte <= hi), key=_position)
                                     for name, nodes in found.items() if name not in _WALKED}
        # Syntax problems come from walks that do not ask nodes for their parents (which costs
        # the depth): (unclosed_bracket, its opener) pairs, and the outermost ERROR nodes.
        # A region left open ends in an unclosed bracket that can lie past `hi` (a container's
        # header is a unit of its own); its diagnostic sits at the `{`, in range.
        if found.get("unclosed") or found.get("unclosed_region"):
            out["unclosed"] = unclosed_openers(root, lo, hi)
        if root.has_error:
            out["error"] = outermost_errors(root, lo, hi)
        return out

    def _parse_type(self, node: Node) -> tuple[CuteNvgpuType, list[Diagnostic]]:
        """Memoised by the type's text: diagnostics relative to the type's start."""
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

    def _verify(self, units: list[Unit], findings: dict[str, list[Node]],
                errors: list[Diagnostic]) -> list[Diagnostic]:
        """Run the verifiers over units that contain ops building or applying atoms (IR is
        built only there), then check that their atoms lower for the target: what stops a
        lowering is a diagnostic here too, so `check`, the server and the PTX preview give one
        verdict (emit/preview.py, `Lowering`). `errors`: the units' syntax and type errors."""
        sites = [n.start_byte for n in findings.get("custom_op", ())
                 if (n.text or b"").decode("utf-8", "replace") in VERIFIED_OPS]
        sites += [n.start_byte for n in findings.get("generic_op", ())
                  if (n.text or b"")[1:-1].decode("utf-8", "replace") in VERIFIED_OPS]
        if not sites:
            return []
        starts = [u.start for u in units]
        by_unit: dict[int, list[int]] = {}
        for s in sites:
            by_unit.setdefault(bisect_right(starts, s) - 1, []).append(s)
        out: list[Diagnostic] = []
        lowering = Lowering(self)
        deadline = None if self._budget_now is None else time.monotonic() + self._budget_now
        for index, unit_sites in sorted(by_unit.items()):
            if index < 0:
                continue
            unit = units[index]
            if deadline is not None and time.monotonic() >= deadline:
                unit.unverified = True   # and so is every unit after it
                continue
            tree = self.tree_for(unit)
            root = tree.root_node
            op_nodes = []
            for s in unit_sites:
                node = root.descendant_for_byte_range(s, s + 1)
                while node is not None and node.type != "operation":
                    node = node.parent
                if node is not None:
                    op_nodes.append(node)
            asked: set[str] = set()

            def resolve(name: str) -> Node | None:
                asked.add(name)   # an edit to this alias' definition verifies the unit again
                return self.type_alias(name)
            try:
                ir = build_for_verification(op_nodes, self._lazy_definitions(root, unit), Span(unit.start, unit.end))
                verified = verify_unit(root, ir, self.target_arch, resolve)
                out.extend(verified)
                out.extend(lowering.diagnostics(unit, errors + [
                    d for d in verified if d.severity is Severity.ERROR]))
            except Exception:  # a defect in one verifier must not cost the rest of the file
                log.exception("verification failed in %s at byte %d", self.document.uri, unit.start)
            unit.aliases = frozenset(asked)
        return out

    def _check_ssa(self, units: list[Unit], started: float) -> list[Diagnostic]:
        """SSA well-formedness of each unit (ir/ssa.py), within what remains of the budget
        verification had; units it does not reach are left to `verify_pending` with the rest."""
        deadline = None if self._budget_now is None else started + self._budget_now
        out: list[Diagnostic] = []
        for unit in units:
            if unit.shell or unit.unverified:
                continue
            if deadline is not None and time.monotonic() >= deadline:
                unit.unverified = True
                continue
            tree = self.tree_for(unit)
            try:
                if tree is not None:
                    out.extend(check_ssa(self._statement_nodes(tree, unit)))
            except Exception:  # a defect in the check must not cost the rest of the file
                log.exception("SSA check failed in %s at byte %d", self.document.uri, unit.start)
        return out

    @classmethod
    def _lazy_definitions(cls, root: Node, unit: Unit):
        """`name -> defining node` for the unit, indexed on first use: an atom is usually
        built in the unit that applies it, and then no lookup is needed at all."""
        index: dict[str, Node] | None = None

        def definition_of(name: str) -> Node | None:
            nonlocal index
            if index is None:
                index = cls._definition_index(root, unit)
            return index.get(name)
        return definition_of

    @staticmethod
    def _definition_index(root: Node, unit: Unit) -> dict[str, Node]:
        """SSA name -> the node defining it in the unit (first definition wins)."""
        cursor = QueryCursor(_DEFINITIONS)
        cursor.set_byte_range(unit.start, unit.end)
        index: dict[str, Node] = {}
        found = sorted(((node, name) for name, nodes in cursor.captures(root).items() for node in nodes),
                       key=lambda pair: _position(pair[0]))
        for node, name in found:
            value = node.text.decode("utf-8", "replace") if node.text else ""
            if name == "result":
                owner = node.parent.parent.parent if node.parent and node.parent.parent else None
                if owner is not None and owner.type == "operation":
                    index.setdefault(value, owner)
            else:  # a block argument, or a signature argument `%x: T` in parentheses
                index.setdefault(value, node.parent)
        return index

    def type_alias(self, name: str) -> Node | None:
        """The type a top-level `!name = <type>` defines (aliases may follow their uses)."""
        needle = name.encode("utf-8")
        self._settle_units()
        for unit in self._units:
            if unit.shell or not self.document.data.startswith(needle, unit.start):
                continue
            tree = self.tree_for(unit)
            node = tree.root_node.descendant_for_byte_range(unit.start, unit.start + len(needle)) if tree else None
            while node is not None and node.type != "type_alias_definition":
                node = node.parent
            if node is not None:
                alias = node.child_by_field_name("name")
                if alias is not None and alias.text == needle:
                    return node.child_by_field_name("value")
        return None

    def _diagnose_unit(self, unit: Unit, found: dict[str, list[Node]]) -> None:
        self._diagnose_units([unit], found)

    def _finding_diagnostics(self, found: dict[str, list[Node]]) -> list[Diagnostic]:
        """Absolute diagnostics for the query's findings."""
        out: list[Diagnostic] = []
        for node in found.get("type", ()):
            _, diags = self._parse_type(node)
            if diags:
                out.extend(d.shifted(node.start_byte) for d in diags)
        for kind in ("custom_op", "generic_op"):
            for node in found.get(kind, ()):
                d = self._op_diagnostic(kind, node)
                if d is not None:
                    out.append(d)
        out.extend(describe_error(node) for node in found.get("error", ()))
        out.extend(describe_unclosed(node, opener) for node, opener in found.get("unclosed", ()))
        out.extend(d for node in found.get("malformed", ()) if (d := describe_malformed(node)) is not None)
        return out

    def _missing_in(self, unit: Unit) -> list[Node]:
        # Called while diagnosing `unit` right after its (own or document) parse.
        tree = self.tree_for(unit)
        if tree is None or not tree.root_node.has_error:
            return []
        start = tree.root_node.descendant_for_byte_range(unit.start, unit.end)
        return missing_nodes(start, unit.start, unit.end) if start is not None else []

    def _op_diagnostic(self, kind: str, name_node: Node) -> Diagnostic | None:
        raw = name_node.text or b""
        if not raw.startswith(_PREFIX_BYTES[kind]):
            return None
        name = raw.decode("utf-8", errors="replace")
        name = name[1:-1] if kind == "generic_op" else name
        if is_known_op(name):
            return None
        dialect = DIALECT_PREFIX[:-1]
        if kind == "generic_op":
            message = UNREGISTERED_OPERATION.format(name, dialect)
        else:
            message = UNKNOWN_CUSTOM_OP.format(name)
        return Diagnostic("types.unknown-op", Span(name_node.start_byte, name_node.end_byte),
                          Severity.ERROR, Source.TYPES, message)
