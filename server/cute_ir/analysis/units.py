"""Units: the pieces a document is analysed in, and what each keeps.

A well-formed document's units are its top-level statements, except that a top-level
container (`module`, `gpu.module`) contributes each statement of its region as a unit, plus a
"shell" unit for its header (up to and including `{`) and one for its closing brace. A document
with a syntax error is cut into pieces by its lines instead (analysis/segments.py), each a unit
parsed on its own, so that the error reaches no further than its piece. Every unit keeps its diagnostics and derived results relative to its start, so
a unit that merely moved costs nothing after an edit elsewhere.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, TYPE_CHECKING, TypeVar

from tree_sitter import Node, Tree

from ..diagnostics import Diagnostic, Related, Span
from ..dialects.registry import CONTAINER_OPS   # ops whose region statements become units of their own
from ..syntax.cst import STATEMENT_KINDS

if TYPE_CHECKING:
    from .segments import Piece

T = TypeVar("T")

UNIT_KINDS = STATEMENT_KINDS | {"ERROR", "block"}


# The one empty set of names every unit without any shares (`kept_names`): a set each, four
# per unit, took 3 MiB at 50k lines.
NO_NAMES: frozenset = frozenset()


def kept_names(names: frozenset) -> frozenset:
    """`names` as a unit keeps them: the shared empty set when there are none."""
    return names or NO_NAMES


@dataclass
class Unit:
    start: int
    end: int
    shell: bool = False                       # a container's header or closing brace
    diagnostics: list[Diagnostic] = field(default_factory=list)   # spans relative to `start`
    tree: Tree | None = None                  # own tree after a local re-parse
    unverified: bool = False                  # its verification was deferred (verify_pending)
    defines: bytes | None = None              # the `!alias` or `#alias` it defines (from `alias_definition`)
    # A `!name = type` / `#name = attr` it defines: (name, the aliased text, where that text is,
    # relative to `start`). Read from its text when it is diagnosed, so the document's alias
    # table never needs a tree or IR of a unit that only moved.
    alias_definition: tuple[str, str, Span] | None = None
    aliases: frozenset[str] = NO_NAMES     # aliases its verification looked up
    # Names its lines start by defining (`#loc1 = loc(...)` too, which is no alias definition:
    # analysis/alias_uses.py reads them), read from its text when it is diagnosed.
    written_aliases: frozenset[bytes] = NO_NAMES
    # The function it defines (analysis/symbols.py), read from its text when it is diagnosed,
    # and what its ops asked of other units, with the answers they got (an edit after which
    # one would get another answer verifies it again).
    function: Any = None    # a `symbols.SymbolDefinition` (units.py imports none of the modules above it)
    symbols: dict[str, Any] = field(default_factory=dict)
    # What its verification reported in another unit's text (an alias definition it resolved).
    elsewhere: list["Anchored"] = field(default_factory=list)
    # What is derived from this unit's text (its analysis, analysis/unit_analysis.py: feature
    # results, the verifier's facts, the pipeline's stages), positions relative to `start`;
    # made when first asked for (most units of a large file never are), dropped when the text
    # changes (`forget`), kept when the unit moves.
    facts: "UnitFacts | None" = field(default=None, compare=False, repr=False)
    # In a document with a syntax error: the piece of the text it is (analysis/segments.py),
    # parsed on its own; None in a well-formed document, whose tree serves every unit.
    piece: "Piece | None" = None
    # What its atoms need of the target (ir/target.py, `Need`), the first of each gate, spans
    # relative to `start`: read when it is diagnosed, combined over the document by the analysis.
    needs: tuple[Any, ...] = ()
    # A bare top-level statement's results by name, and, when it was verified with the
    # statements whose values it uses (analysis/runs.py), the names it looked for and the unit
    # just before the first one it could have looked in (None: the document's start).
    # `bare`: it was verified as such a statement could be, outside a function (an edit that
    # makes or unmakes a container verifies it again).
    results: frozenset[bytes] = NO_NAMES
    bare: bool = False
    run_names: frozenset[bytes] = NO_NAMES
    run_from: "Unit | None" = field(default=None, compare=False, repr=False)
    # Its diagnostics where they were last placed in the document: (`diagnostics`, the
    # unit's start then, the diagnostics moved there). See `placed`.
    placed_at: "tuple[list[Diagnostic], int, list[Diagnostic]] | None" = field(default=None, compare=False, repr=False)

    def placed(self, base: int) -> list[Diagnostic]:
        """Its diagnostics moved to `base` (its start), made again only when they or the start
        changed: a keystroke at 50k lines made hundreds of them anew for units it did not
        reach, twice (the publish reads them, and so does its JSON). `diagnostics` is replaced,
        never changed in place."""
        kept = self.placed_at
        if kept is not None and kept[0] is self.diagnostics and kept[1] == base:
            return kept[2]
        moved = [d.shifted(base) for d in self.diagnostics]
        self.placed_at = (self.diagnostics, base, moved)
        return moved

    def shift(self, delta: int) -> None:
        self.start += delta
        self.end += delta

    @property
    def derived(self) -> "UnitFacts":
        """The unit's facts, made empty when first asked for."""
        if self.facts is None:
            self.facts = UnitFacts()
        return self.facts

    def forget(self) -> None:
        """Drop what was derived from the unit's text (it changed, or what it read did)."""
        self.facts = None


class UnitFacts(dict):
    """What one unit's analysis found, by name (a `PerUnit`'s key, or a fact's and the settings
    it was found with, analysis/unit_analysis.py). A dict, so that it costs a unit no more than
    the dict it replaces; no other slot."""
    __slots__ = ()


@dataclass(frozen=True)
class Anchored:
    """A diagnostic a unit's verification reported at least partly in another unit's text (the
    definition of a type alias it resolved). Each span is kept relative to the unit whose text it
    lies in, so the diagnostic stays right when an edit between the two units moves only one.
    The units it reaches are type aliases: a change to one verifies its users again, which
    replaces these."""
    diagnostic: Diagnostic          # every span relative to its anchor
    anchors: tuple[Unit, ...]       # the unit of the main span, then one per related note

    @staticmethod
    def of(diagnostic: Diagnostic, unit_at: Callable[[int], Unit]) -> "Anchored":
        spans = [diagnostic.span] + [r.span for r in diagnostic.related]
        anchors = tuple(unit_at(s.start) for s in spans)
        relative = [s.shifted(-a.start) for s, a in zip(spans, anchors)]
        return Anchored(_with_spans(diagnostic, relative), anchors)

    def placed(self) -> Diagnostic:
        """The diagnostic where its anchors are now (units with no shift pending)."""
        spans = [self.diagnostic.span] + [r.span for r in self.diagnostic.related]
        return _with_spans(self.diagnostic, [s.shifted(a.start) for s, a in zip(spans, self.anchors)])


def _with_spans(diagnostic: Diagnostic, spans: list[Span]) -> Diagnostic:
    related = tuple(Related(span, r.message) for span, r in zip(spans[1:], diagnostic.related))
    return Diagnostic(diagnostic.code, spans[0], diagnostic.severity, diagnostic.source,
                      diagnostic.message, related)


@dataclass(frozen=True)
class PerUnit(Generic[T]):
    """A feature's result derived from one unit's text alone, with positions relative to the
    unit's start (`UnitAnalysis.result`, `DocumentAnalysis.for_unit`, `prepare`); kept in the
    unit's facts under `key`. `compute` is given the document analysis (features type it as
    `DocumentAnalysis`) and the unit."""
    key: str
    compute: Callable[[Any, Unit], T]



# Containers nested deeper than this are one unit each, not split into their statements: the
# walk goes one generator deeper per container, and nesting depth is the user's.
MAX_SPLIT_CONTAINERS = 16


def enumerate_units(container: Node, lo: int, hi: int, depth: int = 0):
    """Units overlapping [lo, hi] inside a source_file or region of a well-formed document's
    tree, in order (a broken document's units are its pieces: analysis/segments.py).

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
        if child.end_byte >= lo and child.is_named and child.type in UNIT_KINDS:
            region = _container_region(child) if depth < MAX_SPLIT_CONTAINERS else None
            if region is not None:
                yield from _container_units(child, region, lo, hi, depth + 1)
            elif child.end_byte >= lo:
                yield Unit(child.start_byte, child.end_byte)
        if not cursor.goto_next_sibling():
            return


def splits(statement: Node) -> bool:
    """Whether `statement` is a container whose statements are units of their own (a tree's
    units are cut so at depths below MAX_SPLIT_CONTAINERS)."""
    return _container_region(statement) is not None


def _container_region(op: Node) -> Node | None:
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


def _container_units(op: Node, region: Node, lo: int, hi: int, depth: int):
    # Shell units: the header up to and including '{', and the closing '}' with what
    # follows it (`} loc(#loc)`); the statements in between are units of their own.
    head_end = region.start_byte + 1
    # A `}` the parser supplied (MISSING) is zero-width: the closing unit is empty, at its place.
    closing = region.children[-1] if region.child_count else None
    brace = 0 if closing is None or closing.is_missing or closing.type != "}" else 1
    tail_start = max(head_end, region.end_byte - brace)
    if op.start_byte <= hi and head_end >= lo:
        yield Unit(op.start_byte, head_end, shell=True)
    yield from enumerate_units(region, max(lo, head_end), min(hi, tail_start), depth)
    if tail_start <= hi and op.end_byte >= lo:
        yield Unit(tail_start, op.end_byte, shell=True)


def statement_nodes(tree: Tree, unit: Unit) -> list[Node]:
    """Statement nodes that make up a unit (none for a container's shell)."""
    if unit.shell:
        return []
    node = tree.root_node.descendant_for_byte_range(unit.start, unit.end)
    while node is not None and node.type not in UNIT_KINDS and node.type != "source_file":
        node = node.parent
    if node is None:
        return []
    if node.type == "source_file":
        # A cursor from the first child at the unit's start: a stretch of a file of thousands
        # of top-level statements reads its own, not every child of the file.
        out: list[Node] = []
        cursor = node.walk()
        if cursor.goto_first_child_for_byte(unit.start) is None:
            return out
        while True:
            child = cursor.node
            if child.start_byte > unit.end:
                break
            if child.is_named and child.type in UNIT_KINDS and child.start_byte >= unit.start and child.end_byte <= unit.end:
                out.append(child)
            if not cursor.goto_next_sibling():
                break
        return out
    return [node] if node.start_byte >= unit.start else []
