"""Lift a parsed document (tree-sitter CST) into the rewritable IR of `ir/core.py`.

Generic-form ops lift exactly: operands, successors, properties, regions, attributes and the
function type. A custom-form op whose dialect format the project does not model becomes an
op with a *template*: the text of its body with holes where it names values (operands, and
values it binds such as `scf.for %iv = ...` or `func.func @f(%x: i32)`), successors and
regions. The op's operands, regions and successors are real IR (so use lists, rewriting and
replace-all-uses-with see them); the printer renders the template with the current names and
prints the regions in place, so a custom op round-trips without the project knowing its
format. Values an op's body binds become the arguments of its first region's entry block,
which is what MLIR makes of them for every op that binds values (`func.func`, `scf.for`, ...).

Beside the IR, a `SourceIndex` keeps where each value was defined and used and where each op
was written (MLIR keeps the same apart from its IR, in `AsmParserState`).

Names resolve as MLIR scopes them: a region sees the values of the regions around it, except
across an op whose record has the IsolatedFromAbove trait (`func.func`, `gpu.module`, ...). Uses of names not
defined anywhere visible get a placeholder value of type `<<undefined>>`, so the IR stays
whole; the SSA checks report them.

Everything here walks with explicit stacks: nesting depth comes from the user's text.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from tree_sitter import Node

from ..diagnostics import Span
from ..syntax.cst import (ALIAS_DEFINITIONS, STATEMENT_KINDS, TYPE_KINDS, span as node_span, text as node_text,
                          empty_dictionary, written_symbol)
from ..dialects.ods import Trait
from ..syntax import WIDE_NODE
from ..dialects.mlir_ods import SOURCE
from ..dialects.registry import defines_symbol, has_trait, is_builtin_module, record as op_record
from ..text.location import UNKNOWN, FusedLoc, SourceLoc, WrittenLoc
from .places import NamesAt, OpsAt
from .core import UNIT, Attribute, Block, Hole, Operation, OpOperand, OpResult, Region, Template, Type, Value
from .op_form import normalized, read_form
from .op_shape import Names, Shape, shape_of

UNDEFINED = Type("<<undefined>>")
UNKNOWN_TYPE = Type("<<unknown>>")

# A span made without the keyword-argument wrapper of `Span(...)` (the lift makes one per place).
_new_span = tuple.__new__

# Held while a `SourceIndex` places what it noted (`_placed`), should two readers ask at once.
_PLACING = threading.Lock()

GROUPS = frozenset({"paren_group", "bracket_group", "angle_group"})


class _Bound(NamedTuple):
    """A value a custom body binds: `%iv = ...` (`assigned`), or `%x: T` in a signature."""
    name: str
    span: Span
    type: Type
    type_span: Span | None
    assigned: bool


@dataclass
class Alias:
    name: str            # `!t` / `#a`
    text: str            # what it stands for, as written


def _placed_table(name: str, doc: str) -> property:
    """A `SourceIndex` table placed when first asked (`SourceIndex._placed`), kept as `name`."""
    def table(index: "SourceIndex"):
        index._placed()
        return getattr(index, name)
    return property(table, doc=doc)


class SourceIndex:
    """Where things were written: for hover, go-to-definition, references and rename.

    Where ops, their types, attributes, regions and labels were written is placed as the lift
    reads them. The rest (each op's name, symbol and operand types, where values are defined
    and used, the undefined names) is placed when a table of it is first asked for, from what
    the lift kept of each op: its reading (`WrittenOp`, places relative to the op's first byte)
    and where it stands. A keystroke lifts its whole function again, and its readers ask for
    these tables only to place a diagnostic, a hover or a rename: an op read before then costs
    its IR and a note, not every place it writes turned into the document's. What is placed is
    what the lift read, in the order it read it, whatever was done to the IR since."""

    def __init__(self) -> None:
        self.op_spans: dict[Operation, Span] = {}
        # Per op: where each attribute (`name = value`, and the value alone) was written, for
        # diagnostics at the exact range.
        self.attribute_spans: dict[Operation, dict[str, tuple[Span, Span]]] = {}
        # Where a value's type is written: a result's in its op's signature, an argument's after
        # its name. Values whose type is not written have none.
        self.type_spans: dict[Value, Span] = {}
        # Values a custom body binds with `=` (`scf.for %iv = ...`, `iter_args(%acc = ...)`), as
        # against a signature's arguments and blocks' ones.
        self.bound: set[Value] = set()
        # Blocks: where each label is written, and where successors name it.
        self.labels: dict[Block, Span] = {}
        self.label_uses: dict[Block, list[Span]] = {}
        self.region_spans: dict[Region, Span] = {}
        # What the lift noted, in its order, for the tables placed when first asked: an op's
        # reading and where it stands (`(op, written, base, results)`), a value defined by a
        # block's label or an op's header (`(value, span)`), and the operands it resolved
        # (`(op, written, base, values)`, in `_resolved`).
        self._noted: list[tuple] | None = []
        self._resolved: list[tuple[Operation, "WrittenOp", int, list[Value]]] = []
        self._placeholders: set[Value] = set()   # the values standing for undefined names
        self._definitions: dict[Value, Span] = {}
        self._uses: dict[Value, list[Span]] = {}
        self._undefined: list[tuple[str, Span]] = []
        self._name_spans: dict[Operation, Span] = {}
        self._operand_spans: dict[Operation, list[Span]] = {}
        self._operand_types: dict[Operation, list[tuple[str, Span]]] = {}
        self._symbols: dict[Operation, Span] = {}
        # The ops' notes by op, with how many notes there were (`name_span` before placing).
        self._notes_by_op: tuple[int, dict[Operation, tuple]] | None = None
        # `op_spans` the other way round, made when first asked (the index is complete by then).
        self._ops_by_span: dict[Span, Operation] | None = None
        # The tables that answer "what is written at this offset", made when first asked.
        self._places: "_Places | None" = None

    def __repr__(self) -> str:
        return f"<SourceIndex of {len(self.op_spans)} ops>"

    # The tables placed when first asked.
    definitions = _placed_table("_definitions", "Where each value was defined.")
    uses = _placed_table("_uses", "Where each value was used.")
    undefined = _placed_table("_undefined", "The names used but defined nowhere visible, and where.")
    name_spans = _placed_table("_name_spans", "Per op: where its name was written.")
    operand_spans = _placed_table("_operand_spans", "Per op: where each operand was written.")
    operand_types = _placed_table(
        "_operand_types", "The types written for an op's operands, as (text, span): a custom form's "
        "`: (T0, T1)` (or `: T0, T1`), a generic form's function-type inputs.")
    symbols = _placed_table(
        "_symbols", "Ops that define a symbol (`func.func @f`, `gpu.module @m`): where its name is written.")

    def note_definition(self, value: Value, span: Span) -> None:
        """`value` is defined at `span` (a block's argument, a value an op's header binds)."""
        self._noted.append((value, span))

    def _placed(self) -> None:
        if self._noted is None:
            return
        with _PLACING:
            noted = self._noted
            if noted is None:
                return
            new = _new_span
            definitions, names, symbols, operand_types = \
                self._definitions, self._name_spans, self._symbols, self._operand_types
            for entry in noted:
                if len(entry) == 2:
                    definitions[entry[0]] = entry[1]
                    continue
                op, written, base, results = entry
                if written.name_span is not None:
                    start, end = written.name_span
                    names[op] = new(Span, (start + base, end + base))
                if written.symbol is not None:
                    start, end = written.symbol
                    symbols[op] = new(Span, (start + base, end + base))
                if written.operand_types is not None:
                    operand_types[op] = [(text, new(Span, (start + base, end + base)))
                                         for text, (start, end) in written.operand_types]
                taken = 0
                for _, n, (start, end) in written.results:
                    where = new(Span, (start + base, end + base))
                    for value in results[taken:taken + n]:
                        definitions[value] = where
                    taken += n
            uses_of, operand_spans, undefined = self._uses, self._operand_spans, self._undefined
            placeholders = self._placeholders
            for op, written, base, values in self._resolved:
                spans = operand_spans.setdefault(op, [])
                for (name, _, (start, end)), value in zip(written.uses, values):
                    span = new(Span, (start + base, end + base))
                    if value in placeholders:
                        undefined.append((name, span))
                    found = uses_of.get(value)
                    if found is None:
                        uses_of[value] = [span]
                    else:
                        found.append(span)
                    spans.append(span)
            self._resolved = []
            self._noted = None
            self._notes_by_op = None

    def op_written_at(self, span: Span) -> Operation | None:
        """The op written exactly at `span` (the outermost, should two share it)."""
        if self._ops_by_span is None:
            self._ops_by_span = {}
            for op, written in self.op_spans.items():
                self._ops_by_span.setdefault(written, op)
        return self._ops_by_span.get(span)

    def value_at(self, offset: int) -> tuple[Value, Span] | None:
        """The value whose name is written at `offset`, defined or used, and where: of a use
        `%r#1`, the `%r`."""
        places = self._looked_up()
        return places.definitions.at(offset) or places.use_names.at(offset)

    def value_written_at(self, offset: int) -> Value | None:
        """The value defined at `offset`, or used there (the whole use: `%r#1`)."""
        places = self._looked_up()
        found = places.definitions.at(offset) or places.uses.at(offset)
        return found[0] if found is not None else None

    def innermost_op(self, start: int, end: int | None = None) -> Operation | None:
        """The innermost op whose text covers [start, end] (both ends included)."""
        return self._looked_up().ops.innermost(start, start if end is None else end)

    def _looked_up(self) -> "_Places":
        if self._places is None:
            self._places = _Places(self)
        return self._places

    @staticmethod
    def use_name_span(value: Value, use: Span) -> Span:
        """The name in a use of `value` (`%r` of `%r#1`): what a rename replaces."""
        return Span(use.start, min(use.end, use.start + 1 + len(value.name_hint or "")))

    def group(self, value: Value) -> list[Value]:
        """The values one name defines: the results of `%r:2`, or `value` alone."""
        span = self.definitions.get(value)
        if span is None or not isinstance(value, OpResult):
            return [value]
        return [r for r in value.owner.results if self.definitions.get(r) == span]

    def label_at(self, offset: int) -> tuple[Block, Span] | None:
        """The block whose label is written at `offset`, defined or named as a successor."""
        for block, span in self.labels.items():
            if span.start <= offset <= span.end:
                return block, span
        for block, spans in self.label_uses.items():
            for span in spans:
                if span.start <= offset <= span.end:
                    return block, span
        return None

    def name_span(self, op: Operation) -> Span:
        """Where the op's name is written (the op, when it has none). Before the tables are
        placed, read from the op's own note alone: the verifiers and the lowering check place
        a keystroke's diagnostics and atom sites at a few ops' names, and placing every name,
        definition and use of the function for them cost more than the rest of their work."""
        noted = self._noted
        if noted is None:
            return self._name_spans.get(op) or self.op_spans[op]
        notes = self._notes_by_op
        if notes is None or notes[0] != len(noted):
            notes = self._notes_by_op = (len(noted), {entry[0]: entry for entry in noted if len(entry) == 4})
        entry = notes[1].get(op)
        if entry is not None and entry[1].name_span is not None:
            start, end = entry[1].name_span
            base = entry[2]
            return _new_span(Span, (start + base, end + base))
        return self.op_spans[op]

    def attribute_span(self, op: Operation, name: str, whole: bool = False) -> Span:
        """Where attribute `name`'s value is written (`whole`: the `name = value` entry); the
        op's name when the attribute is not written."""
        spans = self.attribute_spans.get(op, {}).get(name)
        return (spans[0] if whole else spans[1]) if spans else self.name_span(op)


class _Places:
    """`SourceIndex`'s tables by offset (ir/places.py): ops, definitions and uses, each made
    when first asked (a hover after a keystroke asks for one or two of them)."""

    def __init__(self, index: SourceIndex) -> None:
        self.index = index

    @cached_property
    def ops(self) -> OpsAt[Operation]:
        return OpsAt(self.index.op_spans, lambda op: op.parent_op)

    @cached_property
    def definitions(self) -> NamesAt[tuple[Value, Span]]:
        spans = list(self.index.definitions.values())
        return NamesAt(spans, list(zip(self.index.definitions, spans)))

    @cached_property
    def _uses(self) -> tuple[list[Value], list[Span]]:
        values = [value for value, spans in self.index.uses.items() for _ in spans]
        return values, [use for spans in self.index.uses.values() for use in spans]

    @cached_property
    def uses(self) -> NamesAt[tuple[Value, Span]]:
        values, spans = self._uses
        return NamesAt(spans, list(zip(values, spans)))

    @cached_property
    def use_names(self) -> NamesAt[tuple[Value, Span]]:
        values, spans = self._uses
        names = list(map(SourceIndex.use_name_span, values, spans))
        return NamesAt(names, list(zip(values, names)))


@dataclass
class Lifted:
    aliases: list[Alias]
    operations: list[Operation]
    index: SourceIndex
    # What readers of this IR derived from it, by what they derived and with which settings
    # (`verify_tma`'s results for a target): the verification and the hover that follows it
    # read one result. Only for IR as lifted: a pass that rewrites these ops in place (a lift
    # no one else reads) asks nothing of it afterwards.
    derived: dict = field(default_factory=dict, repr=False, compare=False)


@dataclass
class _Scope:
    names: dict[str, list[Value]] = field(default_factory=dict)   # `%x` -> its values (`%x#i`)
    parent: "_Scope | None" = None
    blocks: dict[str, Block] = field(default_factory=dict)


class _Lifter:
    def __init__(self, limit: int | None = None, memo: "OpMemo | None" = None) -> None:
        self.memo = memo
        # Statements from this byte on are not lifted: a unit that ends inside its statement
        # (analysis/units.py, `taken_in`) is read up to its end.
        self.limit = limit
        # How far the statements lifted before `limit` reach: where an op cut at `limit` ends.
        self.kept_end = 0
        self.index = SourceIndex()
        # Values a custom body binds, waiting for the op's first region to be lifted.
        self.bound_values: dict[Operation, list[tuple[str, Value, Span]]] = {}
        # Operand references are resolved after every definition of the enclosing isolated
        # scope is known (MLIR allows uses before definitions across blocks).
        self.pending: list[tuple[Operation, WrittenOp, int, _Scope]] = []
        self.pending_successors: list[tuple[Operation, list[tuple[str, Span, _Scope]]]] = []

    # ------------------------------------------------------------------ document
    def lift(self, root: Node) -> Lifted:
        aliases: list[Alias] = []
        top_scope = _Scope()
        top_block = Block()          # a holder, so top-level ops have a parent like any other
        for child in root.named_children:
            if child.type in ALIAS_DEFINITIONS:
                name, value = child.child_by_field_name("name"), child.child_by_field_name("value")
                if name is not None and value is not None:
                    aliases.append(Alias(node_text(name), node_text(value)))
            elif child.type == "operation":
                self.statements([child], top_block, top_scope)
        self.resolve()
        ops = list(top_block.operations)
        for op in ops:
            op.detach()
        return Lifted(aliases, ops, self.index)

    def statements(self, nodes: list[Node], block: Block, scope: _Scope) -> None:
        """Lift `nodes` into `block`, and every region inside them, without recursion."""
        work: list[tuple[Node, Block, _Scope]] = [(n, block, scope) for n in reversed(nodes)]
        while work:
            node, into, sc = work.pop()
            if node.type != "operation":
                continue
            op, regions = self.operation(node, sc)
            op.parent = into                  # (`into.append(op)` of a new op, one per op lifted)
            into.operations.append(op)
            if not regions:
                continue
            inner_scope = _Scope(parent=None if has_trait(op.name, Trait.ISOLATED_FROM_ABOVE) else sc)
            # Regions are filled after the op exists; their statements join the work list.
            for region_node, region in reversed(regions):
                work.extend(reversed(self.region(region_node, region, inner_scope, op)))

    def cut(self, limit: int) -> None:
        """Ops and regions written past `limit` end where what was lifted of them ends: what the
        unit knows of them depends on its own text alone (its outline and folds are kept while
        the text after it changes)."""
        for table in (self.index.op_spans, self.index.region_spans):
            for key, span in table.items():
                if span.end > limit:
                    table[key] = Span(span.start, max(span.start, min(self.kept_end, limit)))

    # ------------------------------------------------------------------ ops
    def operation(self, node: Node, scope: _Scope) -> tuple[Operation, list[tuple[Node, Region]]]:
        memo = self.memo
        text = memo.key(node) if memo is not None else None
        written = memo.reading(text) if text is not None else None
        region_nodes: list[Node] = []
        if written is None and text is not None:
            key, names = memo.shape_key(text)
            shape = memo.get(key)
            binding = shape.bind(text, names) if shape is not None else None
            if binding is not None:
                written = binding.own()
                memo.keep_reading(text, written)
        if written is None:
            written, region_nodes = read_op(node)
            if text is not None and not region_nodes:
                memo.put(key, Shape(written, text, names))
                memo.keep_reading(text, written)
        return self.instantiate(written, node.start_byte, scope, region_nodes)

    def instantiate(self, written: "WrittenOp", base: int, scope: _Scope,
                    region_nodes: list[Node]) -> tuple[Operation, list[tuple[Node, Region]]]:
        """The op `written` reads, written at byte `base` (its places are relative to that
        byte): its IR and its places in the index. What does not depend on where the op is is
        made once per reading (`WrittenOp.fixed`, and the reading itself once per op text): a
        keystroke lifts every op of its function again."""
        index = self.index
        fixed = written.fixed
        new = _new_span
        where = new(Span, (base, base + written.length))
        here = SourceLoc(where)
        op = Operation.lifted(written.name, here if fixed.location is None else FusedLoc((here, fixed.location)),
                              fixed.result_types)
        index.op_spans[op] = where
        if written.attribute_dicts:
            spans = index.attribute_spans[op] = {}
            for into, key, value, (start, end), (value_start, value_end) in written.attribute_entries:
                (op.properties if into == PROPERTY else op.attributes)[key] = value
                if key not in spans:
                    spans[key] = (new(Span, (start + base, end + base)), new(Span, (value_start + base, value_end + base)))
        self.pending.append((op, written, base, scope))
        if written.successors:
            self.pending_successors.append((op, [(name, new(Span, (start + base, end + base)), scope)
                                                 for name, (start, end) in written.successors]))
        regions = [(region_node, op.add_region()) for region_node in region_nodes] if region_nodes else []
        if written.bound:
            self.bind(op, [b._replace(span=new(Span, (b.span[0] + base, b.span[1] + base)),
                                      type_span=new(Span, (b.type_span[0] + base, b.type_span[1] + base))
                                      if b.type_span is not None else None)
                           for b in written.bound], regions, scope)
        op.assembly = written.template
        if not written.results:
            index._noted.append((op, written, base, ()))
            return op, regions
        results = op.results
        index._noted.append((op, written, base, results))   # its other places, placed when asked
        type_spans = index.type_spans
        for value, (_, span) in zip(results, written.result_types):
            if span is not None:
                type_spans[value] = new(Span, (span[0] + base, span[1] + base))
        names = scope.names
        if len(results) == 1 and len(fixed.hints) == 1:   # (most ops: one result of one name)
            value = results[0]
            value.name_hint = fixed.hints[0]
            names.setdefault(fixed.result_names[0], [value])   # `define`
            return op, regions
        taken = 0
        for (text, n, _), hint in zip(written.results, fixed.hints):
            group = results[taken:taken + n]
            for value in group:
                value.name_hint = hint
            names.setdefault(text, group)   # `define`
            taken += n
        return op, regions

    def define(self, scope: _Scope, name: str, values: list[Value]) -> None:
        scope.names.setdefault(name, values)   # a redefinition keeps the first (the SSA check reports it)

    def bind(self, op: Operation, bound: list[_Bound], regions: list, scope: _Scope) -> None:
        """Values a custom body binds: arguments of its first region's entry block."""
        if not regions:
            # A binding op without a region: the names still resolve, to values no block owns.
            holder = Block()
            values = [holder.add_argument(b.type) for b in bound]
        else:
            region = regions[0][1]
            entry = region.blocks[0] if region.blocks else region.append(Block())
            values = [entry.add_argument(b.type) for b in bound]
        for b, value in zip(bound, values):
            if b.type_span is not None:
                self.index.type_spans[value] = b.type_span
            if b.assigned:
                self.index.bound.add(value)
        if regions:
            self.bound_values[op] = [(b.name, value, b.span) for b, value in zip(bound, values)]
            return
        for b, value in zip(bound, values):
            value.name_hint = b.name[1:]
            self.index.note_definition(value, b.span)
            self.define(scope, b.name, [value])

    # ------------------------------------------------------------------ regions
    def region(self, node: Node, region: Region, scope: _Scope, owner: Operation) -> list[tuple[Node, Block, _Scope]]:
        """Blocks of a region; returns the statements to lift into them (document order)."""
        work: list[tuple[Node, Block, _Scope]] = []
        self.index.region_spans[region] = node_span(node)
        region_scope = _Scope(parent=scope)
        for name, value, span in self.bound_values.pop(owner, []) if region is owner.regions[0] else []:
            value.name_hint = name[1:]
            self.index.note_definition(value, span)
            self.define(region_scope, name, [value])
        entry = region.blocks[0] if region.blocks else None
        self.kept_end = max(self.kept_end, node.start_byte + 1)
        for child in node.named_children:
            if self.limit is not None and child.start_byte >= self.limit:
                break
            if self.limit is None or child.end_byte <= self.limit:
                self.kept_end = max(self.kept_end, child.end_byte)
            if child.type in STATEMENT_KINDS:
                if entry is None:
                    entry = region.append(Block())
                work.append((child, entry, region_scope))
            elif child.type == "block":
                block = self.block(child, region, region_scope, entry_taken=entry is not None)
                if entry is None:
                    entry = block
                statements = [s for s in child.named_children
                              if s.type in STATEMENT_KINDS and (self.limit is None or s.start_byte < self.limit)]
                self.kept_end = max([self.kept_end] + [s.end_byte for s in statements
                                                       if self.limit is None or s.end_byte <= self.limit])
                work.extend((s, block, region_scope) for s in statements)
        if not region.blocks:
            region.append(Block())
        return work

    def block(self, node: Node, region: Region, scope: _Scope, entry_taken: bool) -> Block:
        label = node.child_by_field_name("label")
        name_node = label.child_by_field_name("name") if label is not None else None
        name = node_text(name_node) if name_node is not None else None
        block = region.append(Block(label=name[1:] if name else None))
        if name:
            scope.blocks.setdefault(name, block)
            self.index.labels[block] = node_span(name_node)
        if label is not None:
            for argument in label.named_children:
                if argument.type != "block_argument":
                    continue
                n, t = argument.child_by_field_name("name"), argument.child_by_field_name("type")
                if n is None:
                    continue
                value = block.add_argument(Type(node_text(t)) if t is not None else UNKNOWN_TYPE,
                                           SourceLoc(node_span(n)))
                if t is not None:
                    self.index.type_spans[value] = node_span(t)
                value.name_hint = node_text(n)[1:]
                self.index.note_definition(value, node_span(n))
                self.define(scope, node_text(n), [value])
        return block

    # ------------------------------------------------------------------ names
    @staticmethod
    def visible(scope: _Scope, table: str, name: str):
        """`name` in the `names` or `blocks` table of `scope` or the scopes around it."""
        current: _Scope | None = scope
        while current is not None:
            found = getattr(current, table).get(name)
            if found is not None:
                return found
            current = current.parent
        return None

    def resolve(self) -> None:
        undefined: dict[str, Value] = {}
        missing: dict[str, Block] = {}       # labels named but not defined, one block each
        resolved = self.index._resolved      # where each use is written: placed when asked
        for op, written, base, scope in self.pending:
            uses = written.uses
            if not uses:   # (the op is new: it has no operands yet)
                continue
            values: list[Value] = []
            for name, index, _ in uses:
                current: _Scope | None = scope   # (`visible`, inlined: once per operand of every op)
                group = None
                while current is not None:
                    group = current.names.get(name)
                    if group is not None:
                        break
                    current = current.parent
                if group is None or index >= len(group):
                    value = undefined.setdefault(f"{name}#{index}", Value(UNDEFINED, name[1:]))
                else:
                    value = group[index]
                values.append(value)
            op._operands = [OpOperand(op, i, v) for i, v in enumerate(values)]   # (`set_operands` of a new op)
            resolved.append((op, written, base, values))
        self.index._placeholders.update(undefined.values())
        for op, successors in self.pending_successors:
            blocks = []
            for name, span, scope in successors:
                block = self.visible(scope, "blocks", name)
                if block is None:                       # the SSA checks report it
                    block = missing.setdefault(name, Block(label=name[1:]))
                self.index.label_uses.setdefault(block, []).append(span)
                blocks.append(block)
            op.successors = blocks


def written_results(node: Node) -> list[tuple[str, int, Span]]:
    """The result groups an op writes (`%r`, `%r:2`): each name, how many values it names, and
    where the name is."""
    results = node.child_by_field_name("results")
    out = []
    if results is None:
        return out
    for r in results.named_children:
        value, count = r.child_by_field_name("value"), r.child_by_field_name("count")
        if value is not None:
            out.append((node_text(value), int(node_text(count)) if count is not None else 1, node_span(value)))
    return out


def generic_result_types(function_type: Node | None) -> list[Node]:
    """The result types a generic form's `: (ins) -> outs` writes, in order."""
    results = function_type.child_by_field_name("results") if function_type is not None else None
    if results is None:
        return []
    if results.type == "type_list":
        return [t for t in results.named_children if t.type in TYPE_KINDS]
    return [results]


def custom_result_types(tail: list[Node]) -> list[Node]:
    """The result types a custom form writes in `tail`, what follows its body's last `:`, in
    order: after `->` (`: (ins) -> outs`) or a cast's `to` (`: A to B`) if there is one, else
    every type there (`: T`). An op's results take these types one by one."""
    arrow = max((i for i, n in enumerate(tail) if n.type == "->" or (n.type == "keyword" and node_text(n) == "to")),
                default=None)
    out: list[Node] = []
    for t in (tail[arrow + 1:] if arrow is not None else tail):
        if t.type in TYPE_KINDS:
            out.append(t)
        elif t.type == "paren_group" and arrow is not None:
            out.extend(x for x in t.named_children if x.type in TYPE_KINDS)
    return out


def custom_tail(body: Node) -> list[Node] | None:
    """What follows a custom body's last `:` among its direct items (None: it has none)."""
    items = body.children
    for position in range(len(items) - 1, -1, -1):
        if items[position].type == ":":
            return items[position + 1:]
    return None


def arrow_result_types(node: Node, items: list[Node]) -> list[Node]:
    """The result types of a custom form that writes no `:` among its body's items but writes
    them after `->` (`scf.if %c -> (T) {`, `scf.for ... iter_args(...) -> (T) {`,
    `scf.execute_region -> T {`), as their parsers read them: the types after the body's last
    `->`, when they are as many as the op's results (a function's `-> T` types no result)."""
    arrow = max((i for i, n in enumerate(items) if n.type == "->"), default=None)
    if arrow is None:
        return []
    found = custom_result_types(items[arrow:])
    return found if found and len(found) == sum(n for _, n, _ in written_results(node)) else []


def _operand_type_nodes(tail: list[Node]) -> list[Node]:
    """The operand types a custom form writes after its last `:`: the first parenthesised
    list (`: (T0, T1) -> R`), or else the types themselves (`: T0, T1`)."""
    out: list[Node] = []
    for item in tail:
        if item.type == "paren_group":
            out.extend(t for t in item.named_children if t.type in TYPE_KINDS)
            break
        if item.type in TYPE_KINDS:
            out.append(item)
    return out


# ---------------------------------------------------------------------- reading one op
ATTRIBUTE, PROPERTY = "attribute", "property"


@dataclass(frozen=True)
class WrittenOp:
    """What the lift reads from one op's own text (not the statements its regions hold), every
    place relative to the op's first byte. The same text reads the same wherever it stands, so
    an op without regions that a keystroke did not touch is not read again (`OpMemo`), and an op
    that differs from one read before only by its value names is that reading with its own
    names put in (ir/op_shape.py)."""

    name: str
    length: int                                  # bytes the op's text spans
    name_span: Span | None
    declared_location: str | None                # the `loc(...)` it writes, as written
    symbol: Span | None                          # the `@name` it defines
    results: tuple[tuple[str, int, Span], ...]   # result groups: name, how many, where
    result_types: tuple[tuple[Type, Span | None], ...]   # None: derived, written nowhere
    operand_types: tuple[tuple[str, Span], ...] | None
    attribute_dicts: bool                        # it writes an attribute dictionary (maybe empty)
    attribute_entries: tuple[tuple[str, str, Attribute, Span, Span], ...]   # (ATTRIBUTE / PROPERTY, key, value, entry, value)
    uses: tuple[tuple[str, int, Span], ...]      # operands: `%name`, result number, where
    successors: tuple[tuple[str, Span], ...]
    bound: tuple[_Bound, ...]
    template: Template | None                    # a custom form's; None for the generic form

    @cached_property
    def fixed(self) -> "_Fixed":
        """What every op of this reading is given alike, wherever it is and whatever its names."""
        count = sum(n for _, n, _ in self.results)
        types = [t for t, _ in self.result_types] + [UNKNOWN_TYPE] * max(0, count - len(self.result_types))
        return _Fixed(WrittenLoc(self.declared_location) if self.declared_location is not None else None,
                      tuple(types[:count]), tuple(u[0] for u in self.uses), tuple(r[0] for r in self.results),
                      tuple(r[0][1:] for r in self.results))


class _Fixed(NamedTuple):
    location: WrittenLoc | None          # the `loc(...)` it writes (immutable: shared by its ops)
    result_types: tuple[Type, ...]       # one per result
    use_names: tuple[str, ...]           # its operands' names as the reading has them
    result_names: tuple[str, ...]        # its result groups' names as the reading has them
    hints: tuple[str, ...]               # the same without their `%`: its results' `name_hint`s


class OpMemo:
    """What was read of ops without regions, by their text: the last `capacity` read (the
    lift's `WrittenOp`s, by the op's shape, `shape_key`; the SSA check's `ssa.OpNames` in a
    memo of their own, by the op's text).

    A memo belongs to one document's analysis (analysis/document.py), so what it holds goes
    with the document, and it keeps the last `capacity` entries used: a document's ops come in
    few shapes (a generated 50k-line file: some twenty), which stay, while a file of thousands
    of different ops costs at most `capacity` readings kept, not one per op."""

    # The longest op text kept. A lookup copies the op's text to make the key; an op with
    # regions is never kept, but its text is all the ops nested in it, so looking up each op of
    # a deep nesting would copy the square of the depth (10,000 nested regions: seconds).
    longest = 16_384

    def __init__(self, capacity: int = 4096) -> None:
        self.capacity = capacity
        self._table: OrderedDict[bytes, object] = OrderedDict()
        # The lift's readings by the op's whole text, with the op's own names and places
        # (`Binding.own`): a keystroke lifts its function again, every op of it a text lifted
        # before, which then costs one lookup, not its shape cut again and bound (`shape_key`,
        # `Shape.bind`). A reading is what its text alone gives, so it holds whatever shapes the
        # table keeps.
        self._readings: OrderedDict[bytes, WrittenOp] = OrderedDict()
        # What the SSA check saved of its last walks of a unit, by the unit's start, to resume
        # the next check of it after an edit (ir/ssa.py `Resume`): the last few units checked.
        self.resumes: OrderedDict[int, object] = OrderedDict()

    def key(self, node: Node) -> bytes | None:
        """The memo's key for op `node`: its text; None for an op it does not keep (a syntax
        error in it, or longer than `longest`), which is read each time."""
        if node.has_error or node.end_byte - node.start_byte > self.longest:
            return None
        return node.text

    @staticmethod
    def shape_key(text: bytes) -> tuple[bytes, Names]:
        """The lift's key for an op of `text` (its shape, ir/op_shape.py) and where its names
        are. An op whose text opens a region (`{` ending a line) is keyed by its text as it
        is: it has regions, so is never kept, and cutting the names of every op of its body
        would be wasted. No shape is such a text, since cutting names keeps the braces and
        line ends."""
        if b"{\n" in text or b"{\r" in text:
            return text, ()
        return shape_of(text)

    def get(self, text: bytes):
        found = self._table.get(text)
        if found is not None:
            self._table.move_to_end(text)
        return found

    def put(self, text: bytes, written) -> None:
        self._table[text] = written
        if len(self._table) > self.capacity:
            self._table.popitem(last=False)

    def reading(self, text: bytes) -> "WrittenOp | None":
        """The lift's reading of an op of `text`, its own names and places (`Binding.own`),
        when one was made."""
        found = self._readings.get(text)
        if found is not None:
            self._readings.move_to_end(text)
        return found

    def keep_reading(self, text: bytes, written: "WrittenOp") -> None:
        self._readings[text] = written
        if len(self._readings) > self.capacity:
            self._readings.popitem(last=False)


def read_op(node: Node) -> tuple[WrittenOp, list[Node]]:
    """What one op's text says (`WrittenOp`), and the region nodes it holds, in order."""
    base = node.start_byte

    def rel(n: Node) -> Span:
        return Span(n.start_byte - base, n.end_byte - base)

    name_node = node.child_by_field_name("name")
    generic = name_node is not None and name_node.type == "string"
    name = node_text(name_node) if name_node is not None else "<error>"
    if generic:
        name = name[1:-1]
    read = _OpReader(rel)
    if generic:
        read.generic(node)
    else:
        read.custom(node, name)
    results = tuple((text, n, Span(span.start - base, span.end - base)) for text, n, span in written_results(node))
    return WrittenOp(
        name=name, length=node.end_byte - base, name_span=rel(name_node) if name_node is not None else None,
        declared_location=_declared_location(node), symbol=read.symbol, results=results,
        result_types=tuple(read.result_types), operand_types=read.operand_types,
        attribute_dicts=read.attribute_dicts, attribute_entries=tuple(read.attribute_entries),
        uses=tuple(read.uses), successors=tuple(read.successors), bound=tuple(read.bound),
        template=read.template), read.regions


def _declared_location(node: Node) -> str | None:
    """The `loc(...)` an op declares, if any, as written."""
    declared = node.child_by_field_name("location")
    if declared is None:
        body = node.child_by_field_name("body")
        last = body.children[-1] if body is not None and body.children else None
        declared = last if last is not None and last.type == "location" else None
    return node_text(declared) if declared is not None else None


class _OpReader:
    """Reads one op's parts, places relative to the op (`rel`)."""

    def __init__(self, rel) -> None:
        self.rel = rel
        self.symbol: Span | None = None
        self.result_types: list[tuple[Type, Span | None]] = []
        self.operand_types: tuple[tuple[str, Span], ...] | None = None
        self.attribute_dicts = False
        self.attribute_entries: list[tuple[str, str, Attribute, Span, Span]] = []
        self.uses: list[tuple[str, int, Span]] = []
        self.successors: list[tuple[str, Span]] = []
        self.bound: list[_Bound] = []
        self.regions: list[Node] = []
        self.template: Template | None = None

    def typed(self, node: Node) -> tuple[Type, Span]:
        return Type(node_text(node)), self.rel(node)

    def written(self, node: Node) -> tuple[str, Span]:
        return node_text(node), self.rel(node)

    def use(self, node: Node) -> tuple[str, int, Span]:
        name_node, index_node = node.child_by_field_name("name"), node.child_by_field_name("index")
        name = node_text(name_node) if name_node is not None else node_text(node)
        number = int(node_text(index_node)[1:]) if index_node is not None else 0
        return name, number, self.rel(node)

    def attribute_dict(self, node: Node, into: str) -> None:
        self.attribute_dicts = True
        if node.type != "attribute_dict":
            return
        for entry in node.named_children:
            if entry.type != "attribute_entry":
                continue
            name, value = entry.child_by_field_name("name"), entry.child_by_field_name("value")
            if name is None:
                continue
            # `"a-b" = 1` and `a-b` name the same attribute, as in MLIR: the key is unquoted.
            key = node_text(name)
            if len(key) >= 2 and key[0] == key[-1] == '"':
                key = key[1:-1].replace('\\"', '"')
            self.attribute_entries.append((into, key, Attribute(node_text(value)) if value is not None else UNIT,
                                           self.rel(entry), self.rel(value if value is not None else name)))

    def generic(self, node: Node) -> None:
        operands = node.child_by_field_name("operands")
        if operands is not None:
            self.uses = [self.use(u) for u in operands.named_children if u.type == "value_use"]
        successors = node.child_by_field_name("successors")
        if successors is not None:
            self.successors = [self.written(s) for s in successors.named_children if s.type == "successor"]
        properties = node.child_by_field_name("properties")
        if properties is not None and properties.named_children:
            self.attribute_dict(properties.named_children[0], PROPERTY)
        attributes = node.child_by_field_name("attributes")
        if attributes is not None:
            self.attribute_dict(attributes, ATTRIBUTE)
        region_list = node.child_by_field_name("regions")
        if region_list is not None:
            self.regions = [r for r in region_list.named_children if r.type == "region"]
        ftype = node.child_by_field_name("type")
        inputs = ftype.child_by_field_name("inputs") if ftype is not None else None
        if inputs is not None:
            self.operand_types = tuple(self.written(t) for t in inputs.named_children if t.type in TYPE_KINDS)
        self.result_types = [self.typed(t) for t in generic_result_types(ftype)]

    def custom(self, node: Node, name: str) -> None:
        body = node.child_by_field_name("body")
        if body is None:
            self.template = Template(())
            return
        if body.child_count > WIDE_NODE:
            # A body of this many tokens is not looked into (syntax.too-wide says so where it
            # is): the op keeps its text, with no operands, regions or types read from it.
            self.template = Template((node_text(body),))
            return
        holes: list[tuple[Span, Hole]] = []
        signature_group: Node | None = None
        last_colon_at: int | None = None
        items = body.children
        # The body's direct items decide the result types (after its last `:`, and after `->`
        # if one follows) and where a function-like signature is.
        symbol = written_symbol(node)
        if symbol is not None and defines_symbol(name):
            self.symbol = self.rel(symbol)
        for position, item in enumerate(items):
            if item.type == ":":
                last_colon_at = position
            if symbol is not None and item == symbol:
                if position + 1 < len(items) and items[position + 1].type == "paren_group":
                    signature_group = items[position + 1]
        if last_colon_at is not None:
            tail = items[last_colon_at + 1:]
            self.result_types = [self.typed(t) for t in custom_result_types(tail)]
            self.operand_types = tuple(self.written(t) for t in _operand_type_nodes(tail))
        else:
            self.result_types = [self.typed(t) for t in arrow_result_types(node, items)]
        self.result_types = _format_result_types(node, name, self.result_types, self.operand_types)
        stack = list(reversed(items))
        while stack:
            item = stack.pop()
            kind = item.type
            if kind == "value_use":
                nxt = item.next_sibling
                binds = nxt is not None and (nxt.type == "=" or (nxt.type == ":" and item.parent == signature_group))
                if binds:
                    holes.append((self.rel(item), Hole("bound", len(self.bound))))
                    declared = item.next_named_sibling if nxt.type == ":" else None
                    typed = declared is not None and declared.type in TYPE_KINDS
                    self.bound.append(_Bound(node_text(item), self.rel(item),
                                             Type(node_text(declared)) if typed else UNKNOWN_TYPE,
                                             self.rel(declared) if typed else None, nxt.type == "="))
                else:
                    holes.append((self.rel(item), Hole("operand", len(self.uses))))
                    self.uses.append(self.use(item))
            elif kind == "successor":
                holes.append((self.rel(item), Hole("successor", len(self.successors))))
                self.successors.append(self.written(item))
            elif kind == "region" and not empty_dictionary(item):
                holes.append((self.rel(item), Hole("region", len(self.regions))))
                self.regions.append(item)
            elif kind == "attribute_dict" and item.parent == body:
                # Printed from the template; lifted so verifiers read attributes as IR.
                self.attribute_dict(item, ATTRIBUTE)
            elif kind == "attribute_dict" and item.parent.type == "angle_group" and item.parent.parent == body \
                    and item.parent.named_child_count == 1:
                # `<{...}>` in a custom form (the CuTe DSL writes its ops' properties so): likewise.
                self.attribute_dict(item, PROPERTY)
            elif kind == "location" and item.parent == body and item.next_sibling is None:
                holes.append((self.rel(item), Hole("location", 0)))   # printed from op.location
            elif kind in GROUPS:
                stack.extend(reversed(item.children))
        self.template = _template(body, self.rel(body).start, holes)


def _format_result_types(node: Node, name: str, written: list[tuple[Type, Span | None]],
                         also: tuple[tuple[str, Span], ...] | None) -> list[tuple[Type, Span | None]]:
    """The result types of a custom form whose upstream record has an assembly format, as its
    parser derives them (ir/op_form.py: `memref.load`'s result is its memref's element type,
    `arith.cmpi`'s an `i1` of its operands' shape), where the types after the last `:` are
    not the results'; `written` (those types) otherwise. A derived type that the op writes
    (`also`: the other types after its `:`) keeps that spelling and place; one it does not
    write has none."""
    record = op_record(name)
    if record is None or record.source != SOURCE or not record.format:
        return written
    form = read_form(node, record, False)
    if form is None or not form.complete or not form.results or any(t is None for t in form.results):
        return written
    spelled = {normalized(t.text.encode()): (t, at) for t, at in written}
    for text, at in also or ():
        spelled.setdefault(normalized(text.encode()), (Type(text), at))
    return [spelled.get(text, (Type(text), None)) for text in form.results]


def _template(body: Node, start: int, holes: list[tuple[Span, Hole]]) -> Template:
    """The body's text with `holes` (places relative to the op, as `start` is) cut out."""
    source = body.text or b""
    pieces: list[str | Hole] = []
    at = start
    for span, hole in sorted(holes, key=lambda h: h[0].start):
        pieces.append(source[at - start:span.start - start].decode("utf-8", "replace"))
        pieces.append(hole)
        at = span.end
    pieces.append(source[at - start:].decode("utf-8", "replace"))
    return Template(tuple(p for p in pieces if p != ""))



def lift(root: Node) -> Lifted:
    """The rewritable IR of a parsed document (or of one unit's subtree)."""
    return _Lifter().lift(root)


def lift_statements(nodes: list[Node], limit: int | None = None, memo: OpMemo | None = None) -> Lifted:
    """The IR of some top-level statements (one analysis unit), in one scope; of the statements
    their regions hold, those that start before `limit`. `memo` keeps what ops without regions
    say across lifts (a keystroke changes one op of a function: the others are not read again)
    and across functions (an op of the same shape as one read before is not read again)."""
    lifter = _Lifter(limit, memo)
    holder = Block()
    scope = _Scope()
    lifter.statements([n for n in nodes if n.type == "operation"], holder, scope)
    lifter.resolve()
    if limit is not None:
        lifter.cut(limit)
    ops = list(holder.operations)
    for op in ops:
        op.detach()
    return Lifted([], ops, lifter.index)


def module_of(operations: list[Operation]) -> Operation:
    """The module a document's top-level ops make: the one module they are, or else the
    `module { ... }` MLIR's parser puts around them."""
    if len(operations) == 1 and is_builtin_module(operations[0].name):
        return operations[0]
    return wrap_in_module(operations)


def wrap_in_module(operations: list[Operation]) -> Operation:
    """`operations` in a new `module { ... }`, as MLIR's parser wraps top-level ops."""
    module = Operation("module", regions=1, location=UNKNOWN)
    module.assembly = Template((Hole("region", 0),))
    block = module.regions[0].entry or module.regions[0].append(Block())
    for op in operations:
        block.append(op)
    return module
