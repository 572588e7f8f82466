"""SSA well-formedness of one unit, checked the way mlir-opt checks it.

Names are resolved as MLIR's parser resolves them (mlir/lib/AsmParser/Parser.cpp): a region
opens a name scope whose definitions disappear when it closes, and the region of an op isolated
from above starts with no names, so it may define the names of the values around it; a use
before any definition is a forward reference that a later definition in the same unit
resolves; a `^label` resolves within its own region only. Resolved uses are then checked as
MLIR's verifier checks them (mlir/lib/IR/Verifier.cpp, mlir/lib/IR/Operation.cpp): an
operand's definition must properly dominate the op using it, except in graph regions, and an
op isolated from above sees no value defined outside it. Where the text states a value's type
at its definition and at a use (a generic op's function type, a block argument, a custom form
read by its record's assembly format: ir/op_form.py), the two must agree, as `resolveSSAUse` and
`addDefinition` check while parsing.

One unit is one top-level statement or one statement of a `module`'s region (analysis/units.py), so
the result depends on the unit's text alone. A unit's own top level lies in a module body (a
graph region): names used there that the unit does not define may be defined by another unit,
and are not reported; inside an op isolated from above (`func.func`, ...) they are.

The walk visits the unit's captures of one query in document order, with an explicit stack of
open ops, regions and blocks; each capture costs O(1) apart from the dominator trees of regions
with several blocks, built once per region when a use needs them. With a memo (the analysis
keeps one across edits) it visits the same captures in the same order, but steps through ops,
regions and blocks in the tree, takes what an op without regions names from the memo
(`OpNames`, by the op's text), and queries only the stretches between (`_walk_tree`). A unit
that is one op is checked resumably: the walk's state is saved where the edit before the check
was, and the next check of the unit, when its text before that place is the same, takes it
over there and walks on from the edited op (`_Checker.run_resumable`).
"""
from __future__ import annotations

import copy
import re
from collections import OrderedDict
from functools import lru_cache
from itertools import islice
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from tree_sitter import Node

from ..diagnostics import Diagnostic, Related, Severity, Source, Span
from ..diagnostics.mlir_messages import (
    BLOCK_REDEFINITION, DEFINED_AS_ARGUMENT, DEFINED_AS_ARGUMENT_RELATION, DEFINED_BY_OP,
    DEFINED_BY_OP_RELATION, INVALID_RESULT_NUMBER, ISOLATION_NOTE, NAMED_NO_RESULTS, NOT_DOMINATING,
    OPERAND_TYPE_COUNT, OUTSIDE_ISOLATED_REGION, PREVIOUSLY_DEFINED, PREVIOUSLY_USED_WITH_TYPE, PRIOR_USE,
    RESULT_COUNT, TYPED_DEFINITION_MISMATCH, TYPED_USE_MISMATCH, REGION_ARGUMENT_IN_USE, PREVIOUSLY_REFERENCED, UNDECLARED_VALUE, UNDEFINED_BLOCK,
    UNLINKED_OPERAND,
    VALUE_REDEFINITION,
)
from ..dialects.constraints import attribute_type, printed
from ..dialects.ods import Count, Trait
from ..dialects.lookup import Lookup
from ..dialects.mlir_ods import SOURCE as ODS_SOURCE
from ..dialects.registry import has_trait, known_dialect, record as op_record
from ..syntax import WIDE_NODE, captures, query
from ..syntax.cst import TYPE_KINDS, empty_dictionary
from .aliases import AliasTable
from .op_form import Form, aliases_key, aliases_read, read_form, read_generic_types, reading_types_through, type_text

if TYPE_CHECKING:
    from .lift import OpMemo

# Graph regions, isolation from above and result counts come from the op records
# (dialects/registry.py).


def _may_be_graph(name: str) -> bool:
    """Whether an op's regions may be graph regions (RegionKindInterface.cpp, mayBeGraphRegion;
    Dominance.cpp): its record says so, or it is unregistered, an op of a dialect cute-ir has no
    records for (`"foo"()`, `test.graph_region`), whose region kind MLIR does not know either.
    An op cute-ir lacks in a dialect it knows is reported as unknown and keeps SSA dominance."""
    if op_record(name) is not None:
        return has_trait(name, Trait.GRAPH_REGION)
    return _unregistered(name)


def _unregistered(name: str) -> bool:
    """An op of a dialect cute-ir has no records for, or of none (`"foo"()`)."""
    return op_record(name) is None and (not known_dialect(name.split(".", 1)[0]) if "." in name else True)


@lru_cache(maxsize=None)   # the records are fixed once the dialects are imported
def declared_result_count(name: str) -> int | None:
    """How many results an op of this name defines, when that is fixed and known."""
    record = op_record(name)
    if record is None:
        return None
    fewest, most = record.result_count()
    return fewest if fewest == most else None


# What the walk visits: ops, their results, regions, blocks and their arguments, value uses and
# block references; `@name_list`: a parenthesised list of bare names before `=` or `in`, which
# binds them (`scf.parallel (%i) = ...`, `scf.forall (%i, %j) in ...`, `gpu.launch
# blocks(%bx, %by, %bz) in ...`; see `_binds`).
_SHAPE = query(
    """
    (operation) @op
    (op_result) @result
    (region) @region
    (block) @block
    (block_argument name: (value_id) @argument)
    (value_use) @use
    (successor) @successor
    (custom_body (paren_group) @name_list . "=")
    (custom_body (paren_group) @name_list . (keyword) @in (#eq? @in "in"))
    """
)

_TOP = 0   # the region and block standing for the module body around the unit


@dataclass(frozen=True, slots=True)
class OpNames:
    """What the walk reads of an op without regions from its own text, every place relative to
    the op's first byte. The same text reads the same wherever it stands, so an op a keystroke
    did not touch is not read again (`check_ssa`'s memo)."""

    name: str                                    # as written: a bare `return` is resolved where it stands
    generic: bool
    name_span: Span
    declared_results: int | None                 # the count the generic form's function type states
    count_problem: tuple[Span, str] | None       # its operands against that type
    results: tuple[tuple[str, int, Span], ...]   # result groups: name, how many, where
    result_list: Span | None
    uses: tuple[tuple[str, Span], ...]           # the values it uses, in order (not names it binds)
    successors: tuple[tuple[str, Span], ...]     # the blocks it names
    use_keys: tuple[tuple[str, int], ...]        # each use's key (`_use_key`): `%x#1` -> ("%x", 1)
    provided: int                                # how many values its result groups name


# Captures that only an op with regions holds.
_REGION_KINDS = frozenset({"op", "region", "block", "argument"})

# What `_walk_tree` steps through in a region or block rather than query.
_STEPPED = frozenset({"operation", "block"})


# What the query finds in an op's own text (outside its regions) that the walk acts on.
_NAMING = frozenset({"op_result", "value_use", "successor"})


def _regions_of(op: Node) -> tuple[list[Node], bool]:
    """The regions of `op`, in order (not those of the ops inside them), as the query finds
    them: nothing inside a list too wide to search (`WIDE_NODE`); and whether its own text
    names a value or block (a result, a use, a successor), or may (a list too wide to look
    into). An op that names nothing outside its regions needs no query of its header: the
    regions of a deep nesting would otherwise cost two queries each."""
    out: list[Node] = []
    names = False
    # A tree cursor, not `children` lists: a run of nested brackets is one op of as many nodes.
    cursor = op.walk()
    if not cursor.goto_first_child():
        return out, names
    while True:
        node = cursor.node
        kind = node.type
        if kind == "region":
            if not empty_dictionary(node):
                out.append(node)
        elif node.child_count > WIDE_NODE:
            names = True
        else:
            names = names or kind in _NAMING
            if cursor.goto_first_child():
                continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent() or cursor.node.id == op.id:
                return out, names


def _read_op(node: Node, items: list, first: int, bindings: set[int]) -> OpNames | None:
    """What op `node` names, from `items[first:]`, the walk's captures inside it (as `_open_op`,
    `_result`, `_use` and `_successor` read them); None for an op with regions."""
    base, end = node.start_byte, node.end_byte

    def rel(n: Node) -> Span:
        return Span(n.start_byte - base, n.end_byte - base)

    results: list[tuple[str, int, Span]] = []
    uses: list[tuple[str, Span]] = []
    successors: list[tuple[str, Span]] = []
    result_list = None
    for start, _, kind, inner in islice(items, first, None):
        if start >= end:
            break
        if kind in _REGION_KINDS:
            return None
        if kind == "result":
            value = inner.child_by_field_name("value")
            if value is None:
                continue
            count = inner.child_by_field_name("count")
            results.append((_text(value), int(_text(count)) if count is not None else 1, rel(value)))
            if inner.parent is not None:
                result_list = rel(inner.parent)
        elif kind == "use":
            if not (start in bindings or _binds(inner)):
                uses.append((_text(inner), rel(inner)))
        elif kind == "successor":
            successors.append((_text(inner), rel(inner)))
    name_node = node.child_by_field_name("name")
    generic = name_node is not None and name_node.type == "string"
    name = _text(name_node)[1:-1] if generic else _text(name_node)
    declared, problem = _generic_counts(node) if generic else (None, None)
    return OpNames(name, generic, rel(name_node) if name_node is not None else Span(0, 0), declared,
                   (Span(problem[0].start - base, problem[0].end - base), problem[1]) if problem else None,
                   tuple(results), result_list, tuple(uses), tuple(successors),
                   tuple(_use_key(text) for text, _ in uses), sum(n for _, n, _ in results))


def _use_key(text: str) -> tuple[str, int]:
    """What a use `%x#1` names: the name and the result number (0 when it writes none)."""
    name, _, number_text = text.partition("#")
    return name, int(number_text) if number_text.isdigit() else 0


@dataclass(slots=True)
class _Region:
    parent_op: int          # -1: the module body around the unit
    depth: int
    graph: bool
    isolation_depth: int    # depth of the innermost region (here or above) of an isolated op; 0 if none
    blocks: list[int] = field(default_factory=list)
    labels: dict[str, int] = field(default_factory=dict)
    label_uses: list[tuple[str, Span, int]] = field(default_factory=list)
    scope: list[tuple[str, int]] = field(default_factory=list)   # names defined in this region
    # Definitions from outside the isolated op around this region that a definition here hides
    # (MLIR gives an isolated region names of its own); visible again when the region closes.
    shadowed: list[tuple[tuple[str, int], "_Def"]] = field(default_factory=list)
    succ: dict[int, list[int]] = field(default_factory=dict)
    idom: dict[int, int] | None = None
    rpo_index: dict[int, int] | None = None
    dom_interval: dict[int, tuple[int, int]] | None = None   # depth-first (entry, exit) in the dominator tree
    # Written without its `{` (the grammar's `missing_region_open`): MLIR's parser stops there.
    braceless: bool = False


@dataclass(slots=True)
class _Op:
    name: str
    name_span: Span
    block: int
    index: int
    operands: int = 0
    results: list[tuple[str, int, Span]] = field(default_factory=list)
    result_list: Span | None = None
    bound: list[Node] = field(default_factory=list)
    region_count: int = 0
    declared_results: int | None = None   # what the generic form's function type says
    node: Node | None = None
    generic: bool = False
    # What the op's text says of its operands, results and attributes (ir/op_form.py), read
    # when a comparison first needs it.
    form: "Form | None | bool" = False
    # The types the op's own C++ parser gives its values (`_PARSER_TYPES`), read when first needed.
    parsed: "_Parsed | None | bool" = False
    mistyped: bool = False
    unlinked: bool = False      # an operand its header names was defined inside its regions
    successors: int = 0
    use_types: list[str | None] = field(default_factory=list)   # each operand's definition's type
    use_starts: list[int] = field(default_factory=list)         # where each operand is written
    use_defs: list[int] = field(default_factory=list)   # each operand's defining op (-1: a block
                                                        # argument, -2: not defined before the use)
    region_ids: list[int] = field(default_factory=list)         # its regions, in order
    # Its text, when it holds no region and the memo held it already (`_replay`): a text seen
    # before, whose form and judgement are worth keeping by it (ir/op_form.py `read_form`,
    # verify/structure.py `check_site`); an op read for the first time does not pay for that.
    text: bytes | None = None


@dataclass(slots=True)
class _Def:
    span: Span
    op: int                 # defining op, or -1 for a block argument
    block: int
    type: str | None = None   # the type a block argument's text states for it
    position: int = 0         # which result of its op it is


@dataclass(slots=True)
class _Use:
    key: tuple[str, int]
    span: Span
    op: int
    operand: int
    regions: tuple[int, ...]    # regions enclosing the use, outermost first
    ops: tuple[int, ...]        # ops[d]: the op in regions[d] that encloses the use
    # For an operand an op's header names before its regions: whether its parser resolves it
    # after reading them (`_resolved_after_regions`); None: not such an operand, or not known.
    after_regions: bool | None = None


@dataclass(frozen=True, slots=True)
class BlockView:
    """One block of an op's region, as an op verifier sees it."""

    arguments: tuple[str | None, ...] | None   # the types its label states; None: the op's header binds them
    ops: int                                   # how many ops it holds
    terminator: "OpSite | None"                # its last op
    targeted: bool = False                     # whether a successor in its region names it


# Judges each op of a unit against its record (verify/structure.py), given what the walk saw.
Judge = Callable[["OpSite"], "Diagnostic | None"]


def check_ssa(statements: list[Node], limit: int | None = None, judge: Judge | None = None,
              outer: str | None = None, lookup: "Lookup | None" = None,
              memo: "OpMemo | None" = None) -> list[Diagnostic]:
    """Diagnostics for the SSA names and block labels of one unit's statements (absolute spans),
    read up to `limit` (a unit that ends inside its statement, analysis/units.py); with `judge`,
    also what it says of each op that has a record (`OpSite`). `outer`: the name of the op
    whose region holds the statements (None: the file's top level, an implicit module).
    `lookup`: what the ops ask of the rest of the document (dialects/lookup.py: a call's
    callee, the targets of the module around the unit). `memo`: what ops without regions
    name (`OpNames`), by their text, kept across calls: a keystroke in a function reads the
    op it changed again, not every op of the function.

    A unit with a syntax error is left alone: what its broken statement defines is unknown."""
    if not statements or any(node.has_error for node in statements):
        return []
    checker = _Checker()
    checker.lookup = lookup
    checker.memo = memo
    alias = _recording(lookup.alias, checker.aliases_asked) if lookup is not None else None
    # Types are compared and judged as what their aliases stand for, as MLIR's parser reads
    # them; the lookup records each alias asked (an edit to its definition checks the unit again).
    with reading_types_through(AliasTable.on_demand(alias) if alias is not None else None):
        root, kept = statements[0], None
        if memo is not None and len(statements) == 1 and root.type == "operation" \
                and (limit is None or root.end_byte <= limit):
            kept = checker.run_resumable(root, memo.resumes)
        else:
            for node in statements:
                checker.run(node, limit)
        out = checker.finish()
        # (a region written without its `{` is the syntax error MLIR's parser stops at)
        checker.unparsed = any(d.code not in _VERIFIER_CODES for d in out) or any(r.braceless for r in checker.regions)
        if judge is not None:
            judged = [d for site in checker.sites(outer) if (d := judge(site)) is not None]
            if judged:
                out = sorted(out + judged, key=Diagnostic.document_order)
    if kept is not None:
        # Kept once the check is over: the next check of the unit takes over its ops.
        memo.resumes[root.start_byte] = kept
        while len(memo.resumes) > _RESUMES_KEPT:
            memo.resumes.popitem(last=False)
    return out


def _recording(ask: Callable[[str], str | None], asked: dict[str, str | None]) -> Callable[[str], str | None]:
    """`ask`, each answer kept in `asked` by the alias asked (what a resumed walk asks again:
    `_Checker._restore`)."""
    def alias(name: str) -> str | None:
        answer = asked[name] = ask(name)
        return answer
    return alias


class OpSite:
    """What the text says of one op, for checking it against its record: read from the walk's
    state when asked. Sites are made once the walk is over (`_Checker.sites`), so what a site
    reads no longer changes: its form and its operands' types are kept once read (the judge
    asks for each several times)."""

    __slots__ = ("_checker", "_id", "_op", "_outer", "record", "_form", "_operand_types")

    def __init__(self, checker: "_Checker", op_id: int, outer: str | None, record) -> None:
        self._checker, self._id, self._outer, self.record = checker, op_id, outer, record
        self._op: "_Op" = checker.ops[op_id]
        self._form: "Form | None | bool" = False      # False: not read yet
        self._operand_types: dict[int, str | None] = {}

    @property
    def name(self) -> str:
        return self._op.name

    @property
    def name_span(self) -> Span:
        return self._op.name_span

    @property
    def generic(self) -> bool:
        return self._op.generic

    @property
    def node(self) -> Node | None:
        return self._op.node

    @property
    def operands(self) -> int:
        return self._op.operands

    @property
    def results(self) -> int | None:
        """How many results the op has when the text says (the generic form's function type)."""
        return self._op.declared_results

    @property
    def regions(self) -> int:
        return self._op.region_count

    @property
    def defined_results(self) -> int:
        """How many results the text names (`%x, %y = ...`, `%r:2 = ...`)."""
        return sum(count for _, count, _ in self._op.results)

    @property
    def result_span(self) -> Span | None:
        """Where the text names the op's results (`%a, %b:2 = `), if it does."""
        return self._op.result_list

    @property
    def successors(self) -> int:
        return self._op.successors

    @property
    def parent(self) -> str | None:
        """The op whose region holds this one; None at the unit's top, unless the caller says
        (`outer`): a unit is read on its own, without the op around it."""
        parent = self._checker.block_parent_op[self._op.block]
        return self._checker.ops[parent].name if parent >= 0 else self._outer

    @property
    def parent_generic(self) -> bool:
        """Whether the op whose region holds this one is written in the generic form."""
        parent = self._checker.block_parent_op[self._op.block]
        return parent >= 0 and self._checker.ops[parent].generic

    @property
    def ends_block(self) -> bool | None:
        """Whether it is the last op of its block (None at the unit's top: that block is the
        module body, which other units share)."""
        if self._op.block == _TOP:
            return None
        return self._checker.block_last.get(self._op.block) == self._id

    @property
    def form(self) -> "Form | None":
        """What the text says of the op's operands, results and attributes (ir/op_form.py)."""
        if self._form is False:
            self._form = self._checker._form(self._id)
        return self._form

    def said_key(self) -> tuple | None:
        """All that the structure judge's rules other than the op's own parser and verifier, a
        branch's operands and the target's gate read of an op without regions
        (verify/structure.py `check_site`): its text and what the aliases it uses stand for, the
        types its operands' definitions have, the op around it and whether it ends its block.
        None for an op with regions, or one whose text the walk had not seen before (`_Op.text`)."""
        op = self._op
        if op.text is None:
            return None
        # (the types are read through the aliases: what those the text uses stand for is part of
        # what it says; the operands' types are read through them already)
        return op.text, aliases_key(op.text), tuple(op.use_types), self.parent, self.parent_generic, self.ends_block

    def operand_sizes(self) -> list[int] | None:
        """How many values each operand group of the record has, when the text says."""
        form = self.form
        if form is None or form.operands is None or not form.complete:
            return None
        return [len(group) for group in form.operands]

    def operand_type(self, index: int) -> str | None:
        """The type operand `index` (in the record's order) is known to have: stated at the
        use, else at its definition."""
        types = self._operand_types
        if index not in types:
            types[index] = self._read_operand_type(index)
        return types[index]

    def _read_operand_type(self, index: int) -> str | None:
        position = self._position(index)
        if position is None:
            return None
        stated = self._checker._use_type(self._id, position)
        if stated is not None:
            return stated
        types = self._op.use_types
        return types[position] if position < len(types) else None

    def definer(self, index: int) -> "OpSite | str | None":
        """The op that defines operand `index` (in the record's order), "argument" for a block
        argument, None when the walk does not know (a value defined after its use, a name
        the text does not define)."""
        position = self._position(index)
        defs = self._op.use_defs
        if position is None or position >= len(defs) or defs[position] == -2:
            return None
        if defs[position] < 0:
            return "argument"
        op_id = defs[position]
        return OpSite(self._checker, op_id, self._outer, op_record(self._checker.ops[op_id].name))

    def _position(self, index: int) -> int | None:
        """Where operand `index` of the record's order is written among the op's uses (the
        generic form writes them in that order; a custom form as its format places them)."""
        form = self.form
        if self.generic or form is None:
            # A custom form read by its op's own parser (no format here): taken in the
            # record's order, as those parsers read them.
            return index
        start = form.use_start(index)
        if start is None:
            return None
        try:
            return self._op.use_starts.index(start)
        except ValueError:
            return None

    def group_types(self, group: int) -> list[str | None] | None:
        """The known types of the values of one operand group, when the text says which they are."""
        sizes = self.operand_sizes()
        if sizes is None or group >= len(sizes):
            return None
        first = sum(sizes[:group])
        return [self.operand_type(first + i) for i in range(sizes[group])]

    def result_type(self, index: int) -> str | None:
        form = self.form
        if form is None or form.results is None or index >= len(form.results):
            return None
        return form.results[index]

    def attribute(self, name: str) -> Node | None:
        """The value node of an attribute the text writes (in either form)."""
        form = self.form
        return form.attributes.get(name) if form is not None else None

    def attribute_type(self, name: str) -> str | None:
        """The type of a typed attribute: the one its text gives (`1 : i32`, a bare integer's
        i64, a float's f64, a string's none), or the one the format's parser gives it."""
        form = self.form
        if form is None:
            return None
        if name in form.attribute_types and form.attribute_types[name] is not None:
            return form.attribute_types[name]
        node = form.attributes.get(name) if name in form.in_dictionary else None
        if node is None or not node.text:
            return None
        return attribute_type(aliases_read(node.text) or node.text.decode("utf-8", "replace"))

    def dictionary_attribute(self, name: str) -> Node | None:
        """The value node of an attribute written in a dictionary (the generic form's, or a
        custom form's `attr-dict`), whose text is the generic attribute syntax."""
        form = self.form
        return form.attributes.get(name) if form is not None and name in form.in_dictionary else None

    def region_blocks(self) -> list[list[BlockView]]:
        """Each region of the op, in order, as its blocks (none for `{}`)."""
        checker = self._checker
        out = []
        for region_id in self._op.region_ids:
            blocks = []
            region = checker.regions[region_id]
            targeted = {region.labels.get(label) for label, _, _ in region.label_uses}
            for block in region.blocks:
                last = checker.block_last.get(block)
                record = op_record(checker.ops[last].name) if last is not None else None
                arguments = None if block in checker.header_blocks else tuple(checker.block_args.get(block, ()))
                blocks.append(BlockView(arguments, checker.block_sizes.get(block, 0),
                                        OpSite(checker, last, self._outer, record) if last is not None else None,
                                        block in targeted))
            out.append(blocks)
        return out

    def successor_targets(self) -> list[tuple[Span, list[str | None] | None, tuple[str | None, ...] | None]] | None:
        """Each successor a custom form writes (`^bb1(%a, %b : i32, f32)`): where it is, the
        types of the operands it passes (None when the text does not say them one per operand),
        and the types of its target block's arguments (None: no such block, or one an op's
        header binds); None for the generic form."""
        if self._op.generic or self._op.node is None:
            return None
        body = self._op.node.child_by_field_name("body")
        checker = self._checker
        region = checker.regions[checker.block_region[self._op.block]]
        items = [c for c in body.children if c.type != "comment"] if body is not None else []
        out = []
        for i, item in enumerate(items):
            if item.type != "successor":
                continue
            group = items[i + 1] if i + 1 < len(items) and items[i + 1].type == "paren_group" else None
            passed: list[str | None] | None = []
            if group is not None:
                uses = [c for c in group.named_children if c.type == "value_use"]
                types = [type_text(c) for c in group.named_children if c.type in TYPE_KINDS]
                passed = types if len(types) == len(uses) else None
            target = region.labels.get(_text(item))
            arguments = None if target is None or target in checker.header_blocks else \
                tuple(checker.block_args.get(target, ()))
            out.append((_span(item), passed, arguments))
        return out

    def parent_site(self) -> "OpSite | None":
        """The op whose region holds this one, when it is in the unit."""
        parent = self._checker.block_parent_op[self._op.block]
        if parent < 0:
            return None
        return OpSite(self._checker, parent, self._outer, op_record(self._checker.ops[parent].name))

    def region_index(self) -> int | None:
        """Which region of its parent op holds this op."""
        checker = self._checker
        parent = checker.block_parent_op[self._op.block]
        region = checker.block_region[self._op.block]
        ids = checker.ops[parent].region_ids if parent >= 0 else []
        return ids.index(region) if region in ids else None

    def nested(self):
        """The ops inside this op's regions, at any depth, in order."""
        checker = self._checker
        for op_id in range(self._id + 1, len(checker.ops)):
            parent = checker.block_parent_op[checker.ops[op_id].block]
            while parent > self._id:
                parent = checker.block_parent_op[checker.ops[parent].block]
            if parent != self._id:
                return      # (an op's nested ops follow it, together)
            yield OpSite(checker, op_id, self._outer, op_record(checker.ops[op_id].name))

    def unit_unparsed(self) -> bool:
        """Whether the walk found, anywhere in the unit, an error MLIR's parser reports (an
        undeclared value, a prior use's type, ...): MLIR then verifies none of its ops."""
        return self._checker.unparsed

    def ssa_errors_within(self) -> bool:
        """Whether the walk found an SSA error (an undeclared value, a prior use's type, ...)
        inside this op's text: what MLIR's parser refuses there, before any verifier runs."""
        node = self._op.node
        if node is None:
            return False
        return any(node.start_byte <= d.span.start < node.end_byte for d in self._checker.out)

    def following(self):
        """The ops after this one in its block, in order (a custom form's continuation lines the
        grammar reads as ops of their own: scf.index_switch's `case 0 {` and `default {`)."""
        checker = self._checker
        block = self._op.block
        for op_id in range(self._id + 1, len(checker.ops)):
            if checker.ops[op_id].block == block:
                yield OpSite(checker, op_id, self._outer, op_record(checker.ops[op_id].name))

    def ancestors(self):
        """The records of the ops around this one, innermost first (None for an op without
        one), then the unit's `outer` op's (None at the file's top level, an implicit module)."""
        checker = self._checker
        parent = checker.block_parent_op[self._op.block]
        while parent >= 0:
            op = checker.ops[parent]
            yield op.name, op_record(op.name)
            parent = checker.block_parent_op[op.block]
        if self._outer is not None:
            yield self._outer, op_record(self._outer)

    def callee(self, symbol: str) -> object:
        """What the symbol table around the unit holds under `symbol` (`Lookup.symbol`: a
        `Definition`, or `MISSING`), or None when that cannot be told."""
        lookup = self._checker.lookup
        return lookup.symbol(symbol) if lookup is not None else None

    def kernel(self, module: str, function: str) -> tuple[object, object]:
        """What a launch finds under `@module::@function` (`Lookup.kernel`); (None, None) when
        that cannot be told."""
        lookup = self._checker.lookup
        return lookup.kernel(module, function) if lookup is not None else (None, None)

    def container_module(self) -> bool | None:
        """Whether the nearest `module` around the unit is a GPU container module
        (`Lookup.container_module`)."""
        lookup = self._checker.lookup
        return lookup.container_module() if lookup is not None else None

    def alias(self, name: str) -> str | None:
        """What the alias `name` (`!name`, `#name`) stands for (`Lookup.alias`); None when that
        cannot be told."""
        lookup = self._checker.lookup
        return lookup.alias(name) if lookup is not None else None

    def module_targets(self) -> tuple[str, ...] | None:
        """The targets the `gpu.module` around the unit declares (`Lookup.module_targets`)."""
        lookup = self._checker.lookup
        return lookup.module_targets() if lookup is not None else None

    def function(self) -> tuple[str, list[str | None] | None] | None:
        """The function-like op around this one: its symbol, and its result types as its
        signature writes them (None when the text does not say)."""
        checker = self._checker
        parent = checker.block_parent_op[self._op.block]
        while parent >= 0:
            op = checker.ops[parent]
            if has_trait(op.name, Trait.FUNCTION_LIKE):
                return _signature_results(op.node)
            parent = checker.block_parent_op[op.block]
        return None


_WALKED = ("op", "result", "region", "block", "argument", "use", "successor")


# Ops whose own C++ parser resolves operands its header names only after it has read the op's
# regions (ForOp::parse, ParallelOp::parse), as the generic form's parser and a declarative
# format's generated one resolve all: all of them (None), or those after a keyword.
_RESOLVED_AFTER_REGIONS: dict[str, bytes | None] = {"scf.for": None, "scf.parallel": b"init"}


def _resolved_after_regions(op: "_Op", at: int) -> bool | None:
    """Whether the parser of `op`, which has not opened a region yet, resolves the operand
    written at `at` after reading the op's regions (False: before; None: an op that has none,
    or whose parser is not known here)."""
    if op.generic:
        return True
    record = op_record(op.name)
    if record is None or record.source != ODS_SOURCE or not (record.regions or record.variadic_regions):
        return None
    if record.format or op.name not in _RESOLVED_AFTER_REGIONS:
        return bool(record.format)
    keyword = _RESOLVED_AFTER_REGIONS[op.name]
    if keyword is None:
        return True
    node = op.node
    return node is not None and re.search(rb"\b" + keyword + rb"\b", node.text[:at - node.start_byte]) is not None


def _capture_order(root: Node, limit: int | None = None) -> tuple[list[tuple[int, int, str, Node]], set[int]]:
    """The captures the walk visits, in document order (an enclosing node before the nodes it
    contains), and the start bytes of the `value_use` nodes that bind a value; of the nodes
    that start before `limit`."""
    return _ordered(captures(_SHAPE, root, root.start_byte, limit))


def _ordered(found: dict[str, list[Node]], keep: Callable[[Node], bool] = lambda node: True
             ) -> tuple[list[tuple[int, int, str, Node]], set[int]]:
    """`_capture_order` of the captures `found`, those `keep` accepts."""
    items = [(n.start_byte, -n.end_byte, kind, n) for kind in _WALKED for n in found.get(kind, ()) if keep(n)]
    items.sort(key=lambda item: (item[0], item[1]))
    bindings: set[int] = set()
    for group in filter(keep, found.get("name_list", ())):
        # `(%i, %j) in (...)`, `(%i) = (...)`: a list of bare names binds them all.
        names = group.named_children
        if names and all(n.type == "value_use" for n in names):
            bindings.update(n.start_byte for n in names)
    return items, bindings


# What of the walk's findings MLIR's verifier says, not its parser (which stops the file).
_VERIFIER_CODES = frozenset({"ssa.does-not-dominate", "ssa.outside-isolated-region", "ssa.unlinked-operand"})


class _Checker:
    def __init__(self) -> None:
        self.unparsed = False   # whether the walk found an error of MLIR's parser (`finish`)
        self.lookup: "Lookup | None" = None
        self.memo: "OpMemo | None" = None
        self.out: list[Diagnostic] = []
        self.regions: list[_Region] = [_Region(-1, 0, True, 0, blocks=[_TOP])]
        self.block_region: list[int] = [_TOP]
        self.block_index: list[int] = [0]
        self.block_parent_op: list[int] = [-1]
        self.ops: list[_Op] = []
        self.values: dict[tuple[str, int], _Def] = {}
        self.forward: dict[tuple[str, int], list[_Use]] = {}
        self.checks: list[tuple[_Use, _Def]] = []
        # The open path: region ids by depth, the op open in each, frames with their ends.
        self.region_path: list[int] = [_TOP]
        self.op_path: list[int] = []
        self.block_path: list[int] = [_TOP]
        # Open ops and regions with their ends. A block has no frame: it ends where the next
        # label of its region starts, or with the region.
        self.frames: list[tuple[int, str]] = []     # (end byte, "op" | "region")
        self.block_sizes: dict[int, int] = {}       # ops seen so far in each block
        self.block_last: dict[int, int] = {}        # the last op of each block
        self.block_args: dict[int, list[str | None]] = {}   # the types each block's label states
        self.header_blocks: set[int] = set()        # entry blocks whose arguments an op's header binds
        self.declared: dict[str, int | None] = {}   # `declared_result_count` by op name
        self.aliases_asked: dict[str, str | None] = {}   # what each alias asked stood for
        self._root: Node | None = None    # the statement `run_resumable` walks

    # ------------------------------------------------------------------ walk
    def run(self, root: Node, limit: int | None = None) -> None:
        if self.memo is not None and root.type == "operation":
            self._walk_tree(root, limit)
        else:
            items, bindings = _capture_order(root, limit)
            self._walk_items(items, bindings, limit)
        while self.frames:
            self._close()

    def _walk_items(self, items: list, bindings: set[int], limit: int | None) -> bool:
        """Visit the captures `items` (`_capture_order`); False once one lies past `limit`."""
        count, i = len(items), 0
        while i < count:
            start, _, kind, node = items[i]
            i += 1
            if limit is not None and start >= limit:
                return False
            while self.frames and self.frames[-1][0] <= start:
                self._close()
            if kind == "op":
                key, written = self._written(node, items, i, bindings, limit) if self.memo is not None \
                    else (None, None)
                if written is None:
                    self._open_op(node)
                else:
                    # An op without regions: what its text says, read once per text.
                    self._replay(written, node, key)
                    end = node.end_byte
                    while i < count and items[i][0] < end:
                        i += 1
            elif kind == "result":
                self._result(node)
            elif kind == "region":
                if not empty_dictionary(node):
                    self._open_region(node)
            elif kind == "block":
                self._open_block(node)
            elif kind == "argument":
                self.block_args.setdefault(self.block_path[-1], []).append(
                    type_text(node.parent.child_by_field_name("type")))
                self._define((_text(node), 0), Span(node.start_byte, node.end_byte), -1,
                             type_text=type_text(node.parent.child_by_field_name("type")))
            elif kind == "use":
                if start in bindings or _binds(node):
                    # A name an op binds (`%iv = ...` in a loop header). Outside every op (an
                    # alias `#a = loc(%x = ...)`) nothing binds it: the parser reports it.
                    if self.op_path:
                        self.ops[self.op_path[-1]].bound.append(node)
                else:
                    self._use(node)
            elif kind == "successor":
                self._successor(node)
        return True

    def _walk_tree(self, root: Node, limit: int | None) -> None:
        """Visit what `_walk_items` visits in the captures of `root`, in the same order, without
        querying the regions: ops, regions and blocks are stepped through in the tree, an op
        without regions is replayed from the memo (read by a query of its own text when it is
        not there), and only the rest (an op's header between its regions, a block's label, a
        statement other than an op) is queried. A query over a region pays for every pair of
        its statements; a walk, once for each."""
        self._walk_stack([(root, None, 0, 0)], limit)

    def _walk_stack(self, stack: "list[tuple[Node | None, Node | None, int, int]]", limit: int | None,
                    save_at: int | None = None) -> "_Saved | None":
        """`_walk_tree` from `stack`: a node to step through, or a stretch [lo, hi) of one to
        query, `(None, node, lo, hi)`, the next to visit last. With `save_at`, the walk's state
        where it reaches the op it steps to there (`_save`), if it does."""
        saved = None
        while stack:
            node, around, lo, hi = stack.pop()
            if node is None:
                # The captures inside the stretch: not the node around it (visited already),
                # which can end where the stretch does (a block that is only its label).
                found = captures(_SHAPE, around, lo, hi)
                items, bindings = _ordered(found, lambda n: lo <= n.start_byte and n.end_byte <= hi
                                           and n.id != around.id)
                if not self._walk_items(items, bindings, limit):
                    return saved
                continue
            start = node.start_byte
            if limit is not None and start >= limit:
                return saved
            while self.frames and self.frames[-1][0] <= start:
                self._close()
            kind = node.type
            if kind == "operation":
                if start == save_at and saved is None:
                    saved = self._save(node)
                key, written = self._remembered(node, limit)
                if written is not None:
                    self._replay(written, node, key)
                    continue
                # A region opens with `{`: an op whose text has none holds none, and needs no walk.
                regions, names = ([], False) if key is not None and b"{" not in key else _regions_of(node)
                if not regions:
                    items, bindings = _capture_order(node, limit)
                    if not self._walk_items(items, bindings, limit):
                        return saved
                    continue
                self._open_op(node)
                stack.extend(reversed(_op_parts(node, regions, names, start, node.end_byte)))
            elif kind == "region" or kind == "block":
                if kind == "region":
                    self._open_region(node)
                else:
                    self._open_block(node)
                parts = []
                for child in node.named_children:
                    if child.type in _STEPPED:
                        parts.append((child, None, 0, 0))
                    elif child.type != "comment":
                        # A block's label, or a statement other than an op: queried.
                        parts.append((None, node, child.start_byte, child.end_byte))
                stack.extend(reversed(parts))
        return saved

    # ------------------------------------------------------------------ resuming after an edit
    def run_resumable(self, root: Node, resumes: "OrderedDict[int, object]") -> "Resume":
        """`run` of the op `root`, a unit's one statement (read whole: no limit cuts it),
        resumed from the state a check of an earlier text of the unit saved where that text's
        edit was, when the text before that place is the same (`_restore`); and the state
        saved where this text's edit is, for the next. A keystroke in a large function then
        walks the ops from the edited one on, not those before it. What to keep for the next
        check of the unit is returned, to be kept once this check is over."""
        start, text = root.start_byte, root.text
        kept: "Resume | None" = resumes.pop(start, None)   # (read once: its state is taken over)
        save_at = stack = None
        self._root = root
        if kept is not None:
            changed = start + _first_difference(kept.text, text)
            save_at = _resume_point(root, changed)
            if kept.saved is not None and kept.saved.at <= changed:
                stack = self._restore(root, kept.saved)
        saved = self._walk_stack(stack or [(root, None, 0, 0)], None, save_at)
        while self.frames:
            self._close()
        return Resume(text, saved)

    def _save(self, node: Node) -> "_Saved":
        """The walk's state as it reaches op `node` (stepped to, its frames before it closed):
        what the ops still open and their regions change after it is copied."""
        ops, regions = self.ops[:], self.regions[:]
        open_ops = set(self.op_path)
        for op_id in open_ops:
            ops[op_id] = _copied_op(ops[op_id])
        for region_id in self.region_path:
            regions[region_id] = _copied_region(regions[region_id])
        block_args = dict(self.block_args)
        for block in self.block_path:
            if block in block_args:
                block_args[block] = list(block_args[block])
        spans = [(op.node.start_byte, -1 if op_id in open_ops else op.node.end_byte, op.region_count)
                 for op_id, op in enumerate(ops)]
        around = []
        parent = node.parent
        while parent is not None:
            if parent.type in _AROUND:
                around.append((parent.type, parent.start_byte))
            if parent.id == self._root.id:
                break
            parent = parent.parent
        around.reverse()
        state = {"out": self.out[:], "regions": regions, "block_region": self.block_region[:],
                 "block_index": self.block_index[:], "block_parent_op": self.block_parent_op[:], "ops": ops,
                 "values": dict(self.values), "forward": {k: list(v) for k, v in self.forward.items()},
                 "checks": self.checks[:], "region_path": self.region_path[:], "op_path": self.op_path[:],
                 "block_path": self.block_path[:], "frames": self.frames[:], "block_sizes": dict(self.block_sizes),
                 "block_last": dict(self.block_last), "block_args": block_args,
                 "header_blocks": set(self.header_blocks), "aliases_asked": dict(self.aliases_asked)}
        return _Saved(node.start_byte, self.lookup is not None, state, spans, around)

    def _restore(self, root: Node, saved: "_Saved") -> "list | None":
        """Take over `saved`, the state of a walk of an earlier text of the unit at `saved.at`,
        whose text before it is this one's, and the rest of the walk over `root` from there;
        None, taking nothing, unless every op before it stands where it stood (the same spans,
        the same regions), the nodes around it are the same ones, the aliases the walk had
        asked stand for the same, and what the ops around it said of their values reads the same
        (the parts of their text after `at` read by then: a form by its format, a parser's types)."""
        skipped = _skip_to(root, saved.at, saved.spans)
        if skipped is None:
            return None
        stack, nodes, around = skipped
        if [(n.type, n.start_byte) for n in around] != saved.around:
            return None
        state = saved.state
        ops = state["ops"]
        framed = [n for n in around if n.type != "block"]
        frames = state["frames"]
        op_path = state["op_path"]
        if len(framed) != len(frames) or any(kind != ("op" if n.type == "operation" else "region")
                                             for n, (_, kind) in zip(framed, frames)) \
                or len(op_path) != sum(1 for n in around if n.type == "operation"):
            return None
        for op_id in op_path:
            op = ops[op_id]
            if op.generic or (op.name not in _PARSER_TYPES and (record := op_record(op.name)) is not None
                              and record.format):
                return None     # (its form reads the whole op, regions and all)
        for op_id, node in zip(op_path, (n for n in around if n.type == "operation")):
            op = ops[op_id]
            reading = _PARSER_TYPES.get(op.name)
            if reading is not None and op.parsed is not False and \
                    op.parsed != reading(node.child_by_field_name("body")):
                return None
        lookup = self.lookup
        if (lookup is not None) != saved.looked_up or any(
                lookup.alias(name) != answer for name, answer in state["aliases_asked"].items()):
            return None
        # Taken: the ops before `at` are those of this text; what was read from their nodes
        # (the earlier tree's) is read again from this one's when asked.
        for op, node in zip(ops, nodes):
            op.node = node
            op.form = False
        state["frames"] = [(n.end_byte, kind) for n, (_, kind) in zip(framed, frames)]
        self.aliases_asked.update(state.pop("aliases_asked"))   # (the dict `check_ssa` records in)
        for name, value in state.items():
            setattr(self, name, value)
        return stack

    def finish(self) -> list[Diagnostic]:
        for uses in self.forward.values():
            for use in uses:
                # At the unit's top level a name may belong to another statement of the module.
                if self._isolation_depth(use.regions) > 0:
                    self._error("ssa.undeclared-value", use.span, UNDECLARED_VALUE)
        for use, definition in self.checks:
            self._check_dominance(use, definition)
        self.out.sort(key=Diagnostic.document_order)
        return self.out

    def _close(self) -> None:
        _, kind = self.frames.pop()
        if kind == "op":
            self._close_op()
        else:
            self._close_region()

    # ------------------------------------------------------------------ ops
    def _current_block(self) -> int:
        if len(self.block_path) < len(self.region_path):
            # Statements before any label form the region's unnamed entry block.
            self.block_path.append(self._new_block(self.region_path[-1]))
        return self.block_path[-1]

    def _new_block(self, region_id: int) -> int:
        block = len(self.block_region)
        region = self.regions[region_id]
        self.block_region.append(region_id)
        self.block_index.append(len(region.blocks))
        self.block_parent_op.append(region.parent_op)
        region.blocks.append(block)
        region.succ[block] = []
        return block

    def _open_op(self, node: Node) -> None:
        name_node = node.child_by_field_name("name")
        generic = name_node is not None and name_node.type == "string"
        name = _text(name_node)[1:-1] if generic else _text(name_node)
        op = self._enter_op(node, name, generic,
                            _span(name_node) if name_node is not None else Span(node.start_byte, node.start_byte))
        if generic:
            op.declared_results, problem = _generic_counts(node)
            if problem is not None:
                self._error("ssa.operand-type-count", *problem)
        self.frames.append((node.end_byte, "op"))

    def _enter_op(self, node: Node, name: str, generic: bool, name_span: Span) -> _Op:
        """The op `node`, opened in the current block."""
        block = self._current_block()
        if not generic and "." not in name:
            name = self._default_dialect_name(name)
        index = self.block_sizes.get(block, 0)
        self.block_sizes[block] = index + 1
        self.block_last[block] = len(self.ops)
        op = _Op(name, name_span, block, index)
        self.op_path.append(len(self.ops))
        self.ops.append(op)
        op.node, op.generic = node, generic
        return op

    def _remembered(self, node: Node, limit: int | None) -> "tuple[bytes | None, OpNames | None]":
        """The memo's key for op `node` (None: not one to keep, or cut by the unit's end
        `limit`) and what the memo holds under it."""
        key = self.memo.key(node) if limit is None or node.end_byte <= limit else None
        return key, (self.memo.get(key) if key is not None else None)

    def _written(self, node: Node, items: list, first: int, bindings: set[int],
                 limit: int | None) -> "tuple[bytes | None, OpNames | None]":
        """The memo's key for op `node` when the memo held it (None when it did not), and what the
        op says, from the memo or read from `items[first:]` (the captures inside it); None for an
        op with regions, or one the memo does not keep."""
        key, written = self._remembered(node, limit)
        if written is None and key is not None:
            written = _read_op(node, items, first, bindings)
            if written is not None:
                self.memo.put(key, written)
            key = None
        return key, written

    def _replay(self, written: "OpNames", node: Node, text: bytes | None) -> None:
        """Open, use, define and close the op `written` describes, written at `node` (whose
        text is `text`, when the memo held it): as the walk does from the op's captures."""
        base = node.start_byte
        # (Spans made without `Span(...)`'s wrapper, the placing inlined: a keystroke replays
        # every op of its function.)
        new = tuple.__new__
        # `_enter_op`, inlined.
        block_path = self.block_path
        block = self._current_block() if len(block_path) < len(self.region_path) else block_path[-1]
        name, generic = written.name, written.generic
        if not generic and "." not in name:
            name = self._default_dialect_name(name)
        sizes = self.block_sizes
        index = sizes.get(block, 0)
        sizes[block] = index + 1
        ops = self.ops
        op_id = len(ops)
        self.block_last[block] = op_id
        start, end = written.name_span
        op = _Op(name, new(Span, (start + base, end + base)), block, index)
        self.op_path.append(op_id)
        ops.append(op)
        op.node, op.generic = node, generic
        op.text = text
        op.declared_results = written.declared_results
        if written.count_problem is not None:
            start, end = written.count_problem[0]
            self._error("ssa.operand-type-count", new(Span, (start + base, end + base)), written.count_problem[1])
        if written.uses:
            use = self._use_keyed
            for key, (_, (start, end)) in zip(written.use_keys, written.uses):
                use(key, new(Span, (start + base, end + base)))
        for text, (start, end) in written.successors:
            self._successor_named(text, new(Span, (start + base, end + base)))
        if written.result_list is not None:
            start, end = written.result_list
            op.result_list = new(Span, (start + base, end + base))
        else:
            op.result_list = None
        if written.results:
            op.results = [(text, n, new(Span, (start + base, end + base))) for text, n, (start, end) in written.results]
            self._close_op(written.provided)
        else:
            self.op_path.pop()   # (`_close_op` of an op that names no result)

    def _default_dialect_name(self, name: str) -> str:
        """`return` in a function body is its function's dialect's op: `func.return` in a
        func.func, `cuda.return` in a cuda.kernel (MLIR's OpAsmOpInterface default dialect)."""
        for op_id in reversed(self.op_path):
            op = self.ops[op_id]
            if has_trait(op.name, Trait.FUNCTION_LIKE):
                return f"{op.name.split('.', 1)[0]}.{name}"
        return name

    def _result(self, node: Node) -> None:
        op = self.ops[self.op_path[-1]]
        value = node.child_by_field_name("value")
        count = node.child_by_field_name("count")
        if value is None:
            return
        op.results.append((_text(value), int(_text(count)) if count is not None else 1, _span(value)))
        parent = node.parent
        if parent is not None:
            op.result_list = _span(parent)

    def _close_op(self, provided: int | None = None) -> None:
        """`provided`: how many values the op's result groups name, when known."""
        op_id = self.op_path.pop()
        op = self.ops[op_id]
        if not op.results:
            return
        if provided is None:
            provided = sum(count for _, count, _ in op.results)
        known = op.declared_results
        if known is None:
            # (The op's record, by its name, once per check: a keystroke replays every op.)
            known = self.declared.get(op.name, False)
            if known is False:
                known = self.declared[op.name] = declared_result_count(op.name)
        if known is None and not op.generic:
            known = self._typed_result_count(op_id)
        if known == 0:
            self._error("ssa.named-no-results", op.result_list, NAMED_NO_RESULTS)
        elif known is not None and known != provided:
            self._error("ssa.result-count", op.result_list, RESULT_COUNT.format(known, provided))
        position = 0
        for name, count, span in op.results:
            for number in range(count):
                self._define((name, number), span, op_id, position=position)
                position += 1

    # ------------------------------------------------------------------ regions and blocks
    def _open_region(self, node: Node) -> None:
        op_id = self.op_path[-1] if self.op_path else -1
        op = self.ops[op_id] if op_id >= 0 else None
        depth = len(self.region_path)
        outer = self.regions[self.region_path[-1]]
        isolated = op is not None and has_trait(op.name, Trait.ISOLATED_FROM_ABOVE)
        region = _Region(op_id, depth, op is not None and _may_be_graph(op.name),
                         depth if isolated else outer.isolation_depth,
                         braceless=node.child_count > 0 and node.children[0].type == "missing_region_open")
        region_id = len(self.regions)
        self.regions.append(region)
        self.region_path.append(region_id)
        self.frames.append((node.end_byte, "region"))
        if op is not None:
            op.region_count += 1
            op.region_ids.append(region_id)
            if op.region_count == 1 and not op.generic and op.operands and _unregistered(op.name):
                self._bind_unknown_header(op_id)
            if op.region_count == 1 and op.bound:
                # Values the op's header binds are the entry block's arguments.
                self.header_blocks.add(self._current_block())
                parsed = self._parsed(op_id)
                typed = parsed.types if parsed is not None else {}
                for bound in op.bound:
                    name = bound.child_by_field_name("name")
                    stated = type_text(_bound_type(bound)) or typed.get(bound.start_byte)
                    self._define((_text(name if name is not None else bound), 0), _span(bound), -1,
                                 block=self._current_block(), type_text=stated, entry=True)

    def _bind_unknown_header(self, op_id: int) -> None:
        """The custom form of an op whose format cute-ir does not know (`test.polyfor %i, %j
        {`): a name its header uses that nothing has defined yet is taken for one the op binds
        for its region, as such formats do, rather than reported as undeclared."""
        for key, uses in list(self.forward.items()):
            if not any(use.op == op_id for use in uses):
                continue
            rest = [use for use in uses if use.op != op_id]
            if rest:
                self.forward[key] = rest
            else:
                del self.forward[key]
            first = next(use for use in uses if use.op == op_id)
            self.header_blocks.add(self._current_block())
            self._define(key, first.span, -1, block=self._current_block())

    def _close_region(self) -> None:
        region_id = self.region_path.pop()
        region = self.regions[region_id]
        if len(self.block_path) > len(self.region_path):
            self.block_path.pop()   # the unnamed entry block
        for label, span, from_block in region.label_uses:
            target = region.labels.get(label)
            if target is None:
                self._error("ssa.undefined-block", span, UNDEFINED_BLOCK)
            else:
                region.succ[from_block].append(target)
        for key in region.scope:
            self.values.pop(key, None)
        for key, outer in region.shadowed:
            self.values[key] = outer

    def _open_block(self, node: Node) -> None:
        region_id = self.region_path[-1]
        region = self.regions[region_id]
        if len(self.block_path) == len(self.region_path):
            self.block_path.pop()   # the previous block of this region ends here
        block = self._new_block(region_id)
        self.block_path.append(block)
        label = node.child_by_field_name("label")
        name = label.child_by_field_name("name") if label is not None else None
        if name is not None:
            text = _text(name)
            if text in region.labels:
                self._error("ssa.block-redefinition", _span(name), BLOCK_REDEFINITION.format(text))
            else:
                region.labels[text] = block

    def _successor(self, node: Node) -> None:
        self._successor_named(_text(node), _span(node))

    def _successor_named(self, text: str, span: Span) -> None:
        if self.op_path:
            self.ops[self.op_path[-1]].successors += 1
        block = self.ops[self.op_path[-1]].block if self.op_path else _TOP
        region = self.regions[self.block_region[block]]
        if block == _TOP:
            return   # a label in the module body would belong to another statement
        region.label_uses.append((text, span, block))

    # ------------------------------------------------------------------ values
    def _define(self, key: tuple[str, int], span: Span, op_id: int, block: int | None = None,
                type_text: str | None = None, position: int = 0, entry: bool = False) -> None:
        """`entry`: an argument an op's header binds for its region (`scf.for %i = ...`)."""
        if block is None:
            block = self.ops[op_id].block if op_id >= 0 else self._current_block()
        region = self.regions[self.block_region[block]]
        previous = self.values.get(key)
        if previous is not None:
            if self.regions[self.block_region[previous.block]].depth >= region.isolation_depth:
                message, note = (REGION_ARGUMENT_IN_USE, PREVIOUSLY_REFERENCED) if entry else \
                    (VALUE_REDEFINITION, PREVIOUSLY_DEFINED)
                self.out.append(Diagnostic("ssa.redefinition", span, Severity.ERROR, Source.VERIFY,
                                           message.format(key[0]), (Related(previous.span, note),)))
                return
            region.shadowed.append((key, previous))      # defined outside the isolated op
        elif entry and key in self.forward:
            # A name the scope has used before any definition (MLIR's forward reference).
            depth = region.isolation_depth
            used = next((use for use in self.forward[key] if len(use.regions) > depth
                         and use.regions[:depth + 1] == tuple(self.region_path[:depth + 1])
                         and not self._unresolved_yet(use)), None)
            if used is not None:
                self.out.append(Diagnostic("ssa.redefinition", span, Severity.ERROR, Source.VERIFY,
                                           REGION_ARGUMENT_IN_USE.format(key[0]),
                                           (Related(used.span, PREVIOUSLY_REFERENCED),)))
                del self.forward[key]   # (its undeclared use is not reported again)
                return
        definition = _Def(span, op_id, block, type_text, position)
        self.values[key] = definition
        region.scope.append(key)
        forward = self.forward.pop(key, ())
        if forward and any(use.after_regions is not None and use.op in self.op_path for use in forward):
            forward = self._inside_own_regions(key, forward)
        defined = self._def_type(definition) if forward else None
        if defined is not None:
            # The first use of a forward reference gave the value its type (MLIR's placeholder).
            first = next((use for use in forward if self._use_type(use.op, use.operand) is not None), None)
            differ = _differ(defined, self._use_type(first.op, first.operand)) if first is not None else None
            if differ is not None:
                self.out.append(Diagnostic(
                    "ssa.type-mismatch", span, Severity.ERROR, Source.VERIFY,
                    TYPED_DEFINITION_MISMATCH.format(key[0], key[1], differ[0]),
                    (Related(first.span, PREVIOUSLY_USED_WITH_TYPE.format(differ[1])),)))
        for use in forward:
            self.checks.append((use, definition))

    def _unresolved_yet(self, use: _Use) -> bool:
        """Whether `use` names an operand its op, still open, resolves only after its regions."""
        return bool(use.after_regions) and use.op in self.op_path

    def _inside_own_regions(self, key: tuple[str, int], forward: list[_Use]) -> list[_Use]:
        """The forward references to `key` that its definition, now, inside the regions of an op
        still open, resolves; an op's header operands among them are not resolved so. Its parser
        resolves them either after reading its regions, whose names are then gone (the use stays
        a forward reference, undeclared unless the name is defined after the op), or before, so
        that the definition inside replaces the placeholder the op holds: the verifier finds the
        op's operand unlinked (at the op, once)."""
        resolved, waiting = [], []
        for use in forward:
            if use.after_regions is None or use.op not in self.op_path:
                resolved.append(use)
            elif use.after_regions:
                waiting.append(use)
            else:
                op = self.ops[use.op]
                if not op.unlinked:
                    op.unlinked = True
                    self._error("ssa.unlinked-operand", op.name_span, UNLINKED_OPERAND)
        if waiting:
            self.forward[key] = waiting
        return resolved

    def _use(self, node: Node) -> None:
        if self.op_path:
            self._use_named(_text(node), _span(node))

    def _use_named(self, text: str, span: Span) -> None:
        """A use of the value `text` (`%x`, `%x#1`) written at `span` by the innermost open op."""
        self._use_keyed(_use_key(text), span)

    def _use_keyed(self, key: tuple[str, int], span: Span) -> None:
        """A use of the value `key` names (`_use_key`) written at `span` by the innermost open op."""
        name, number = key
        op_id = self.op_path[-1]
        op = self.ops[op_id]
        operand = op.operands
        op.operands += 1
        op.use_starts.append(span.start)
        definition = self.values.get(key)
        op.use_defs.append(definition.op if definition is not None else -2)
        defined = self._def_type(definition) if definition is not None else None
        op.use_types.append(defined)
        if op.mistyped:
            defined = None
        differ = _differ(self._use_type(op_id, operand), defined) if defined is not None else None
        if differ is not None:
            op.mistyped = True   # the parser stops at the first: one per op
            self.out.append(Diagnostic("ssa.type-mismatch", span, Severity.ERROR, Source.VERIFY,
                                       TYPED_USE_MISMATCH.format(name, *differ),
                                       (Related(definition.span, PRIOR_USE),)))
        if definition is not None:
            # A visible definition precedes the use in an open region: it dominates when it
            # sits in the block that holds the use there (block_path[d] is that block).
            depth = self.regions[self.block_region[definition.block]].depth
            if depth >= self.regions[self.region_path[-1]].isolation_depth and self.block_path[depth] == definition.block:
                return
        elif number > 0 and (name, 0) in self.values:
            self._error("ssa.invalid-result-number", span, INVALID_RESULT_NUMBER)
            return
        # The op using the value is the innermost open op; op_path[d] is the op open in
        # region_path[d], so both paths say where the use sits.
        use = _Use(key, span, op_id, operand, tuple(self.region_path), tuple(self.op_path))
        if definition is None and op.region_count == 0:
            use.after_regions = _resolved_after_regions(op, span.start)
        if definition is not None:
            self.checks.append((use, definition))
        else:
            self.forward.setdefault(key, []).append(use)

    def sites(self, outer: str | None):
        """An `OpSite` for each op that has a record."""
        for op_id, op in enumerate(self.ops):
            record = op_record(op.name)
            if record is not None:
                yield OpSite(self, op_id, outer, record)

    def _form(self, op_id: int) -> "Form | None":
        op = self.ops[op_id]
        if op.form is False:
            record = op_record(op.name)
            if op.node is None:
                op.form = None
            elif record is not None and (op.generic or record.format):
                op.form = read_form(op.node, record, op.generic, op.text)
            elif record is not None:
                # A custom form with no format to read it by says nothing (`read_form`'s None):
                # most ops of a CuTe DSL dump, whose alias reading the key would cost.
                op.form = None
            else:
                op.form = read_generic_types(op.node) if op.generic else None
        return op.form

    def _typed_result_count(self, op_id: int) -> int | None:
        """How many results a custom form's text gives types for, when it gives every result
        group's (a variadic group's count is then what the parser builds), or, for an op whose
        own C++ parser types its results (scf.for, scf.while), as many as it reads."""
        parsed = self._parsed(op_id)
        if parsed is not None and parsed.results is not None:
            return len(parsed.results)
        record = op_record(self.ops[op_id].name)
        form = self._form(op_id) if record is not None else None
        if form is None or not form.complete or form.results is None:
            return None
        if not all(types or group.count is Count.SINGLE for group, types in zip(record.results, form.result_types)):
            return None
        return len(form.results)

    def _parsed(self, op_id: int) -> "_Parsed | None":
        op = self.ops[op_id]
        if op.parsed is False:
            reading = _PARSER_TYPES.get(op.name) if not op.generic else None
            op.parsed = reading(op.node.child_by_field_name("body")) if reading and op.node is not None else None
        return op.parsed

    def _def_type(self, definition: _Def) -> str | None:
        if definition.op < 0:
            return definition.type
        form = self._form(definition.op)
        results = form.results if form is not None else None
        if results is None or definition.position >= len(results) or results[definition.position] is None:
            parsed = self._parsed(definition.op)
            results = parsed.results if parsed is not None else None
        return results[definition.position] if results is not None and definition.position < len(results) else None

    def _use_type(self, op_id: int, operand: int) -> str | None:
        starts = self.ops[op_id].use_starts
        if operand >= len(starts):
            return None
        form = self._form(op_id)
        stated = form.use_type(starts[operand]) if form is not None else None
        if stated is None:
            parsed = self._parsed(op_id)
            stated = parsed.types.get(starts[operand]) if parsed is not None else None
        return stated

    # ------------------------------------------------------------------ dominance
    def _isolation_depth(self, regions: tuple[int, ...]) -> int:
        return self.regions[regions[-1]].isolation_depth

    def _check_dominance(self, use: _Use, definition: _Def) -> None:
        def_region_id = self.block_region[definition.block]
        def_region = self.regions[def_region_id]
        depth = def_region.depth
        enclosing = depth < len(use.regions) and use.regions[depth] == def_region_id
        isolation = self._isolation_depth(use.regions)
        if enclosing and depth < isolation:
            isolated = self.ops[self.regions[use.regions[isolation]].parent_op]
            self.out.append(Diagnostic(
                "ssa.outside-isolated-region", use.span, Severity.ERROR, Source.VERIFY,
                OUTSIDE_ISOLATED_REGION.format(self.ops[use.op].name),
                (Related(isolated.name_span, ISOLATION_NOTE),)))
            return
        user = self.ops[use.op]
        if not self._reachable(user.block):
            return   # MLIR checks dominance in reachable blocks only
        if enclosing and def_region.graph and len(def_region.blocks) == 1:
            # Only a single-block region may be a graph region (Dominance.cpp,
            # getDominanceInfo): a region of several blocks always has SSA dominance.
            return
        if enclosing:
            ancestor = self.ops[use.ops[depth]]   # the op in the defining region holding the use
            if definition.op >= 0:
                defining = self.ops[definition.op]
                nested = use.ops[depth] == definition.op
                if not nested and defining.block == ancestor.block and defining.index < ancestor.index:
                    return
                if not nested and defining.block != ancestor.block and self._dominates(
                        defining.block, ancestor.block, strictly=True):
                    return
            elif self._dominates(definition.block, ancestor.block, strictly=False):
                return
        self._not_dominating(use, definition, use.regions[-1], def_region_id)

    def _not_dominating(self, use: _Use, definition: _Def, use_region: int, def_region: int) -> None:
        user_block = self.ops[use.op].block
        if use_region == def_region:
            relation = "region"
        elif self._is_ancestor(def_region, use_region):
            relation = "parent"
        elif self._is_ancestor(use_region, def_region):
            relation = "child"
        else:
            relation = "neither"
        if definition.op >= 0:
            defining = self.ops[definition.op]
            if defining.block == user_block:
                relation = "block"
            note = Related(defining.name_span, DEFINED_BY_OP.format(DEFINED_BY_OP_RELATION[relation]))
        else:
            parent = self.block_parent_op[definition.block]
            where = self.ops[parent].name_span if parent >= 0 else definition.span
            note = Related(where, DEFINED_AS_ARGUMENT.format(
                self.block_index[definition.block], DEFINED_AS_ARGUMENT_RELATION[relation]))
        self.out.append(Diagnostic("ssa.does-not-dominate", use.span, Severity.ERROR, Source.VERIFY,
                                   NOT_DOMINATING.format(use.operand), (note,)))

    def _is_ancestor(self, outer: int, inner: int) -> bool:
        """Whether region `outer` properly encloses region `inner`."""
        region = self.regions[inner]
        while region.parent_op >= 0:
            parent = self.block_region[self.ops[region.parent_op].block]
            if parent == outer:
                return True
            region = self.regions[parent]
        return outer == _TOP and inner != _TOP

    def _reachable(self, block: int) -> bool:
        region = self._dominator_tree(self.block_region[block])
        return region.rpo_index is None or block in region.rpo_index

    def _dominates(self, a: int, b: int, strictly: bool) -> bool:
        if a == b:
            return not strictly
        region = self._dominator_tree(self.block_region[b])
        if region.idom is None:
            return False
        if b not in region.idom:
            return True    # an unreachable block is dominated by every block
        if a not in region.idom:
            return False
        # a dominates b when b's interval in a depth-first walk of the tree lies inside a's.
        (a_in, a_out), (b_in, b_out) = region.dom_interval[a], region.dom_interval[b]
        return a_in <= b_in and b_out <= a_out

    def _dominator_tree(self, region_id: int) -> _Region:
        """Immediate dominators of a region's reachable blocks (Cooper, Harvey and Kennedy's
        iterative algorithm over a reverse post-order); None for single-block regions."""
        region = self.regions[region_id]
        if region.idom is not None or len(region.blocks) < 2:
            return region
        entry = region.blocks[0]
        order: list[int] = []
        seen = {entry}
        stack = [(entry, iter(region.succ[entry]))]
        while stack:
            block, successors = stack[-1]
            for nxt in successors:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, iter(region.succ[nxt])))
                    break
            else:
                stack.pop()
                order.append(block)
        rpo = order[::-1]
        index = {block: i for i, block in enumerate(rpo)}
        preds: dict[int, list[int]] = {block: [] for block in rpo}
        for block in rpo:
            for nxt in region.succ[block]:
                preds[nxt].append(block)
        idom = {entry: entry}

        def intersect(a: int, b: int) -> int:
            while a != b:
                while index[a] > index[b]:
                    a = idom[a]
                while index[b] > index[a]:
                    b = idom[b]
            return a

        changed = True
        while changed:
            changed = False
            for block in rpo[1:]:
                new = None
                for p in preds[block]:
                    if p in idom:
                        new = p if new is None else intersect(p, new)
                if new is not None and idom.get(block) != new:
                    idom[block] = new
                    changed = True
        region.idom, region.rpo_index = idom, index
        children: dict[int, list[int]] = {block: [] for block in rpo}
        for block in rpo[1:]:
            children[idom[block]].append(block)
        interval: dict[int, tuple[int, int]] = {}
        clock = 0
        walk = [(entry, False)]
        while walk:
            block, done = walk.pop()
            if done:
                interval[block] = (interval[block][0], clock)
            else:
                interval[block] = (clock, -1)
                walk.append((block, True))
                walk.extend((child, False) for child in children[block])
            clock += 1
        region.dom_interval = interval
        return region

    def _error(self, code: str, span: Span | None, message: str) -> None:
        if span is not None:
            self.out.append(Diagnostic(code, span, Severity.ERROR, Source.VERIFY, message))


# The nodes the walk steps into around an op it steps to (`_save`, `_skip_to`).
_AROUND = frozenset({"operation", "region", "block"})

# How many units' saved walks a memo keeps (`OpMemo.resumes`).
_RESUMES_KEPT = 4


@dataclass(slots=True)
class _Saved:
    """The SSA walk's state where it reached the op at `at` (`_Checker._save`)."""
    at: int
    looked_up: bool                           # whether the check had a lookup
    state: dict                               # the checker's fields
    spans: list[tuple[int, int, int]]         # each op's start, end (-1: still open) and regions
    around: list[tuple[str, int]]             # the ops, regions and blocks around `at`, outermost first


@dataclass(slots=True)
class Resume:
    """What a check of a unit keeps for the next check of it (`_Checker.run_resumable`): the
    unit's text, and the walk's state where that text's edit was (None: none saved)."""
    text: bytes
    saved: _Saved | None


def _first_difference(a: bytes, b: bytes) -> int:
    """The first offset at which `a` and `b` differ (the shorter's length if one starts the other)."""
    lo, hi = 0, min(len(a), len(b))
    if a[:hi] == b[:hi]:
        return hi
    while hi - lo > 1:    # a[:lo] == b[:lo], a[:hi] != b[:hi]
        mid = (lo + hi) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid
    return lo


def _op_parts(op: Node, regions: list[Node], names: bool, start: int, end: int
              ) -> list[tuple[Node | None, Node | None, int, int]]:
    """What a walk visits of `op` in [start, end), in order: each region, and when the op names
    values (`names`) the stretches of its own text around them, as (region, None, 0, 0) and
    (None, op, lo, hi). The main walk and the resume's skip both split an op so."""
    parts: list[tuple[Node | None, Node | None, int, int]] = []
    lo = start
    for region in regions:
        if names:
            parts.append((None, op, lo, region.start_byte))
        parts.append((region, None, 0, 0))
        lo = region.end_byte
    if names:
        parts.append((None, op, lo, end))
    return parts


def _resume_point(root: Node, offset: int) -> int | None:
    """Where to save the walk of `root` for an edit at `offset`: the start of the innermost op
    the walk steps to (one of a region or block) that holds `offset`, or, between ops, of the
    last before it; None when that is `root` itself."""
    node = root.descendant_for_byte_range(offset, offset)
    found = None
    while node is not None and node != root:
        parent = node.parent
        if parent is None:
            break
        if node.type == "operation" and parent.type in ("region", "block"):
            found = node
            break
        if node.type in ("region", "block"):
            found = next((c for c in reversed(node.named_children)
                          if c.type == "operation" and c.start_byte <= offset), None)
            break
        node = parent
    return found.start_byte if found is not None and found.start_byte > root.start_byte else None


def _skip_to(root: Node, at: int, spans: list[tuple[int, int, int]]
             ) -> "tuple[list, list[Node], list[Node]] | None":
    """The walk of `root` stepped through up to `at` without visiting anything (`_walk_stack`'s
    order): the stack to walk on from, the node of each op the earlier walk had opened before
    `at`, in order, and the nodes around `at`; None when the ops before `at` do not stand as
    `spans` says they stood, or `at` lies inside what the walk queries rather than steps through."""
    stack: list[tuple[Node | None, Node | None, int, int]] = [(root, None, 0, 0)]
    nodes: list[Node] = []
    around: list[Node] = []
    count = len(spans)
    while stack:
        node, _, lo, hi = stack[-1]
        if node is None:
            if hi <= at:
                stack.pop()
                continue
            if lo >= at:
                break
            return None
        start, end, kind = node.start_byte, node.end_byte, node.type
        if start > at or (start == at and kind not in ("region", "block")):
            break
        stack.pop()
        if end > at:
            around.append(node)
        if kind == "operation":
            index = len(nodes)
            if index >= count:
                return None
            was_start, was_end, regions = spans[index]
            if was_start != start or (was_end != end if end <= at else was_end != -1):
                return None
            nodes.append(node)
            if not regions and end > at:
                return None
            if not regions:
                continue
            found, names = _regions_of(node)
            if end <= at and len(found) != regions:
                return None
            stack.extend(reversed(_op_parts(node, found, names, start, end)))
        elif kind == "region" or kind == "block":
            parts = []
            for child in node.named_children:
                if child.type in _STEPPED:
                    parts.append((child, None, 0, 0))
                elif child.type != "comment":
                    parts.append((None, node, child.start_byte, child.end_byte))
            stack.extend(reversed(parts))
        else:
            return None
    return (stack, nodes, around) if len(nodes) == count else None


def _copied_op(op: _Op) -> _Op:
    """`op` with lists of its own (an op still open when the walk is saved)."""
    new = copy.copy(op)
    new.results, new.bound, new.use_types = list(op.results), list(op.bound), list(op.use_types)
    new.use_starts, new.use_defs, new.region_ids = list(op.use_starts), list(op.use_defs), list(op.region_ids)
    return new


def _copied_region(region: _Region) -> _Region:
    """`region` with lists and tables of its own (a region still open when the walk is saved)."""
    new = copy.copy(region)
    new.blocks, new.labels, new.label_uses = list(region.blocks), dict(region.labels), list(region.label_uses)
    new.scope, new.shadowed = list(region.scope), list(region.shadowed)
    new.succ = {block: list(targets) for block, targets in region.succ.items()}
    return new


# Keywords before a parenthesised list of typed arguments the op binds (gpu.func's
# `workgroup(%w : memref<...>)` and `private(...)`).
_TYPED_ARGUMENT_KEYWORDS = frozenset({b"workgroup", b"private"})


def _binds(use: Node) -> bool:
    """Whether a `value_use` in a custom op's header defines a value for the op's first region
    rather than using one: `%iv = ...` (scf.for, iter_args, gpu.launch sizes), a signature
    argument `@f(%a: T)`, or gpu.func's `workgroup(%w : T)`."""
    after = use.next_sibling
    if after is not None and after.type == "location":
        after = after.next_sibling     # `affine.for %i loc("iv") = 0 to 8`: the name's location
    if after is None:
        return False
    if after.type == "=":
        return True
    if after.type != ":":
        return False
    group = use.parent
    if group is None or group.type != "paren_group":
        return False
    before = group.prev_sibling
    return before is not None and (before.type == "symbol_ref" or (
        before.type == "keyword" and before.text in _TYPED_ARGUMENT_KEYWORDS))


def _generic_counts(node: Node) -> tuple[int | None, tuple[Span, str] | None]:
    """The generic form states its operand and result counts in its function type: the result
    count it states, and where and how the operands it writes contradict it."""
    ftype = node.child_by_field_name("type")
    if ftype is None or ftype.type != "function_type":
        return None, None
    inputs, results = ftype.child_by_field_name("inputs"), ftype.child_by_field_name("results")
    operands = node.child_by_field_name("operands")
    had = _type_count(inputs) if inputs is not None else 0
    used = sum(1 for n in operands.named_children if n.type == "value_use") if operands is not None else 0
    problem = (_span(ftype), OPERAND_TYPE_COUNT.format(used, "" if used == 1 else "s", had)) if had != used else None
    return (_type_count(results) if results is not None else None), problem


def _type_count(node: Node) -> int:
    if node.type == "type_list":
        return sum(1 for child in node.named_children if child.type in TYPE_KINDS)
    return 1 if node.type in TYPE_KINDS else 0


def _span(node: Node) -> Span:
    return Span(node.start_byte, node.end_byte)


def _text(node: Node | None) -> str:
    if node is None or node.text is None:
        return ""
    return node.text.decode("utf-8", "replace")


# ---------------------------------------------------------------------------------- stated types
def _differ(a: str | None, b: str | None) -> tuple[str, str] | None:
    """The two types' texts when both are stated and they differ as MLIR prints them (spacing
    aside, and `strided<[22, 1], offset: 0>` the same type as `strided<[22, 1]>`), else None."""
    if a is None or b is None or a == b:
        return None
    shown = printed(a), printed(b)
    return shown if shown[0] != shown[1] else None


def _bound_type(bound: Node) -> Node | None:
    """The type a header binding states: `%a: i32` in a signature, `%w : T` after `workgroup`."""
    after = bound.next_sibling
    if after is None or after.type != ":":
        return None
    return after.next_sibling


@dataclass(frozen=True, slots=True)
class _Parsed:
    """The types an op's own C++ parser gives its values: by where each is written (the values
    its header binds, the operands it resolves), and its results in order (None: not read)."""
    types: dict[int, str]
    results: tuple[str, ...] | None = None


def _whole_type(node: Node) -> str | None:
    """The text of a type written whole (None for a type the grammar had to mend, such as
    `vector<4xi32` without its `>`: MLIR's type parser stops there first)."""
    if node.type not in TYPE_KINDS or node.has_error:
        return None
    stack = [node]
    while stack:     # (a bracket left open ends with an `unclosed_bracket`, not an error node)
        child = stack.pop()
        if child.type == "unclosed_bracket":
            return None
        stack.extend(child.children)
    return type_text(node)


def _for_types(body: Node | None) -> _Parsed | None:
    """The types `scf.for`'s own parser gives the values its header binds before it reads the
    body (SCF's `ForOp::parse`), by each binding's start: the induction variable the type
    written after a top-level `:`, else `index`; each `iter_args` value the type at its place in
    the `->` list (none when the counts differ: the parser then reports that instead), which
    types the loop's results too. The operands it resolves after the body, by each use's start:
    the bounds and the step as the induction variable, each initial value as its `iter_args`
    value."""
    kids = [c for c in body.children if c.type != "comment"] if body is not None else []
    if not kids or kids[0].type != "value_use":
        return None
    colons = [i for i, c in enumerate(kids) if c.type == ":"]
    if colons and (colons[-1] + 1 >= len(kids) or kids[colons[-1] + 1].type not in TYPE_KINDS):
        return None
    induction = _whole_type(kids[colons[-1] + 1]) if colons else "index"
    typed = {kids[0].start_byte: induction} if induction is not None else {}
    if induction is not None and [c.type for c in kids[1:7]] == _FOR_HEADER:
        typed.update((bound.start_byte, induction) for bound in kids[2:7:2])
    keyword = next((i for i, c in enumerate(kids) if c.type == "keyword" and _text(c) == "iter_args"), None)
    if keyword is None:
        return _Parsed(typed)
    pairs = kids[keyword + 1] if keyword + 1 < len(kids) else None
    arrow = next((i for i, c in enumerate(kids) if c.type == "->"), None)
    if pairs is None or pairs.type != "paren_group" or arrow is None or arrow + 1 >= len(kids):
        return _Parsed(typed)
    bound, initial = _bindings(pairs)
    texts = _listed_types(kids[arrow + 1])
    if len(texts) != len(bound) or None in texts:
        return _Parsed(typed)
    typed.update((value.start_byte, text) for value, text in zip(bound, texts))
    typed.update((value.start_byte, text) for value, text in zip(initial, texts)
                 if value is not None and value.type == "value_use")
    return _Parsed(typed, tuple(texts))


# `%iv = %lb to %ub step %step`: the header whose bounds and step `ForOp::parse` resolves as the
# induction variable's type.
_FOR_HEADER = ["=", "value_use", "keyword", "value_use", "keyword", "value_use"]


def _bindings(pairs: Node) -> tuple[list[Node], list[Node | None]]:
    """The values `(%a = %init, ...)` binds, and what each is bound to (None: nothing written)."""
    bound = [c for c in pairs.named_children if c.type == "value_use"
             and c.next_sibling is not None and c.next_sibling.type == "="]
    return bound, [c.next_sibling.next_sibling for c in bound]


def _listed_types(node: Node) -> list[str | None]:
    """A type, or a parenthesised list of them, each as `_whole_type` reads it; a list whose
    types a comma does not separate is one the parser stops in (`[None]`)."""
    if node.type != "paren_group":
        return [_whole_type(node)]
    items = [c for c in node.children[1:-1] if c.type != "comment"]
    if len(items) % 2 == 0 and items or any(c.type != "," for c in items[1::2]):
        return [None]
    return [_whole_type(t) for t in items[::2]]


def _while_types(body: Node | None) -> _Parsed | None:
    """`scf.while (%a = %init, ...) : (T, ...) -> (R, ...)` (SCF's `WhileOp::parse`): each
    initial value is resolved as its input type before the regions are read, each value the
    header binds (the 'before' region's arguments) is that type too, and the results are the
    function type's; nothing when the counts differ (the parser reports that instead)."""
    kids = [c for c in body.children if c.type != "comment"] if body is not None else []
    colon = next((i for i, c in enumerate(kids) if c.type == ":"), None)
    if colon is None or colon > 1 or colon + 3 >= len(kids) or kids[colon + 1].type != "paren_group" \
            or kids[colon + 2].type != "->":
        return None
    inputs, results = _listed_types(kids[colon + 1]), _listed_types(kids[colon + 3])
    pairs = kids[0] if colon == 1 and kids[0].type == "paren_group" else None
    bound, initial = _bindings(pairs) if pairs is not None else ([], [])
    if None in inputs or None in results or len(inputs) != len(bound) \
            or any(value is None or value.type != "value_use" for value in initial):
        return None
    typed = {value.start_byte: text for values in (bound, initial) for value, text in zip(values, inputs)}
    return _Parsed(typed, tuple(results))


def _select_types(body: Node | None) -> _Parsed | None:
    """`arith.select %c, %t, %f : T` or `: C, T` (Arith's `SelectOp::parse`): the condition is
    resolved as `i1`, or as `C` when two types are written; the other two and the result as `T`."""
    kids = [c for c in body.children if c.type != "comment"] if body is not None else []
    uses = [c for c in kids[:5] if c.type == "value_use"]
    if len(kids) < 7 or len(uses) != 3 or [c.type for c in kids[:5]] != ["value_use", ",", "value_use", ",", "value_use"]:
        return None
    rest = kids[6:] if kids[5].type == ":" else kids[7:] if kids[5].type == "attribute_dict" and kids[6].type == ":" else None
    if not rest or (len(rest) == 2 and rest[1].type == ","):
        return None
    # The parser reads one type, and a second after a comma; what follows is the next op's.
    texts = [_whole_type(t) for t in (rest[::2][:2] if len(rest) > 2 and rest[1].type == "," else rest[:1])]
    if None in texts:
        return None
    condition, value = (texts[0], texts[1]) if len(texts) == 2 else ("i1", texts[0])
    return _Parsed(dict(zip((u.start_byte for u in uses), (condition, value, value))), (value,))


# Ops whose own C++ parser types their values (hasCustomAssemblyFormat: no ODS format to read),
# read from the op's custom body.
_PARSER_TYPES: dict[str, Callable[[Node | None], _Parsed | None]] = {
    "scf.for": _for_types,
    "scf.while": _while_types,
    "arith.select": _select_types,
}


def _signature_results(node: Node | None) -> tuple[str, list[str | None] | None] | None:
    """`@f` and the result types of a function op's custom form `@f(...) -> (T, U)`."""
    body = node.child_by_field_name("body") if node is not None else None
    if body is None:
        return None
    children = body.children
    if not children or children[0].type != "symbol_ref":
        return None
    name = _text(children[0])
    if len(children) < 2 or children[1].type != "paren_group":
        return name, None
    if len(children) < 4 or children[2].type != "->":
        return name, []
    results = children[3]
    if results.type == "paren_group":
        types = [c for c in results.named_children if c.type != "comment"]
        # `-> (i32 {attr})`: result attributes make the list something else.
        return name, [type_text(t) for t in types] if all(t.type in TYPE_KINDS for t in types) else None
    return name, [type_text(results)] if results.type in TYPE_KINDS else None
