"""Document symbols (the outline) and folding ranges."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress, count as _counting
from operator import attrgetter

from tree_sitter import Node

from ..analysis import DocumentAnalysis, PerUnit
from ..analysis.units import Unit
from ..diagnostics import Span
from ..dialects.cute_nvgpu.types import TYPE_PREFIX, is_cute_nvgpu_type
from ..dialects.ods import short_spellings
from ..dialects.registry import OPS, defines_symbol, is_function, is_module
from ..ir.core import Operation
from ..ir.lift import GROUPS, SourceIndex, arrow_result_types, custom_result_types, custom_tail, generic_result_types, written_results
from ..syntax import WIDE_NODE, wide_nodes
from ..syntax.cst import ALIAS_DEFINITIONS, TYPE_KINDS, op_name, span as node_span, text as node_text, written_symbol


@dataclass(slots=True)   # a 50k-line file has tens of thousands, every unit's kept
class Symbol:
    name: str
    kind: str               # "module", "function", "alias", "atom", "operation"
    detail: str
    span: Span
    selection: Span
    children: list["Symbol"] = field(default_factory=list)

    def moved(self, delta: int) -> "Symbol":
        return Symbol(self.name, self.kind, self.detail, self.span.shifted(delta),
                      self.selection.shifted(delta), [c.moved(delta) for c in self.children])


def _op_symbol(op: Operation, index: SourceIndex, data: bytes) -> Symbol | None:
    span = index.op_spans[op]
    written = index.symbols.get(op)
    if written is not None:
        name = data[written.start:written.end].decode("utf-8", "replace")
        if is_function(op.name):   # func.func, gpu.func, llvm.func, cuda.kernel, tt.func, ...
            return Symbol(name, "function", op.name, span, written)
        if is_module(op.name):
            return Symbol(name, "module", op.name, span, written)
    if is_module(op.name):
        return Symbol(op.name, "module", "", span, index.name_span(op))
    atom = next((r for r in op.results if is_cute_nvgpu_type(r.type.text) and r in index.definitions), None)
    if atom is not None:
        return Symbol("%" + (atom.name_hint or ""), "atom", atom.type.text, span, index.definitions[atom])
    return None


def _alias_symbol(node, base: int) -> Symbol | None:
    """An alias definition's symbol, relative to `base`."""
    name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
    if name is None:
        return None
    detail = node_text(value) if value is not None and value.type in TYPE_KINDS else ""
    return Symbol(node_text(name), "alias", detail, Span(node.start_byte - base, node.end_byte - base),
                  Span(name.start_byte - base, name.end_byte - base))


# Symbols nest at most this deep in the outline; deeper ones join the deepest level. Nesting
# depth is the user's, and the outline's readers (the protocol's conversion, its JSON) recurse.
MAX_SYMBOL_DEPTH = 64


def _collect(ops: list[Operation], index: SourceIndex, data: bytes) -> list[Symbol]:
    """The symbols of `ops` and the ops nested in them, each under the nearest symbol around
    it, in document order. With a stack: nesting depth is the user's."""
    roots: list[Symbol] = []
    stack: list[tuple[Operation, list[Symbol], int]] = [(op, roots, 0) for op in reversed(ops)]
    while stack:
        op, into, depth = stack.pop()
        symbol = _op_symbol(op, index, data)
        if symbol is not None:
            into.append(symbol)
            if depth + 1 < MAX_SYMBOL_DEPTH:
                into, depth = symbol.children, depth + 1
        nested = [inner for region in op.regions for block in region.blocks for inner in block.operations]
        stack.extend((inner, into, depth) for inner in reversed(nested))
    return roots


@dataclass
class Container:
    """A container (`module {`, `gpu.module @k {`) by its header's symbol, and what its braces
    hold in document order: units and the containers nested in it; its header's shell unit, and
    its closing brace's (None while it is left open)."""
    symbol: Symbol
    items: list["Unit | Container"] = field(default_factory=list)
    header: Unit | None = None
    closer: Unit | None = None


_SHELL = attrgetter("shell")


def nesting(analysis: DocumentAnalysis) -> list["Unit | Container"]:
    """The document's units under the containers whose header and `}` shells enclose them: the
    outline's shape, whichever form it is written in. Containers nest at most as deep as units
    split them (`units.MAX_SPLIT_CONTAINERS`)."""
    roots: list[Unit | Container] = []
    open_containers: list[Container] = []
    data = analysis.document.data
    units = analysis.units
    # The units between two shells go in by the slice, found in C: a loop over every unit was
    # a tenth of the outline's answer after a keystroke in 50k lines of real dumps.
    after = 0
    for index in compress(_counting(), map(_SHELL, units)):
        into = open_containers[-1].items if open_containers else roots
        into.extend(units[after:index])
        after = index + 1
        unit = units[index]
        if data[unit.start:unit.end].rstrip().endswith(b"{"):
            container = Container(_container_symbol(analysis, unit), header=unit)
            into.append(container)
            open_containers.append(container)
        elif open_containers:       # a container left open ends with its header
            closed = open_containers.pop()
            closed.closer = unit
            closed.symbol.span = Span(closed.symbol.span.start, unit.end)
    (open_containers[-1].items if open_containers else roots).extend(units[after:])
    return roots


def document_symbols(analysis: DocumentAnalysis) -> list[Symbol]:
    """Modules, functions, aliases and atom-building values, nested as written."""
    def symbols(items: list[Unit | Container]) -> list[Symbol]:
        out: list[Symbol] = []
        for item in items:
            if isinstance(item, Container):
                item.symbol.children = symbols(item.items)
                out.append(item.symbol)
            else:
                out.extend(s.moved(item.start) for s in analysis.for_unit(item, OUTLINE).symbols)
        return out
    return symbols(nesting(analysis))


_CONTAINER = "outline-container"


def _container_symbol(analysis: DocumentAnalysis, header: Unit) -> Symbol:
    """A container by its header: `gpu.module @kernels {` is `@kernels` (a gpu.module), as a
    symbol op is named elsewhere in the outline; `module {` is `module`. Read once per text of
    the header and kept with it, relative to its start: reading it from the document's tree
    re-parsed the whole file at the first outline after each edit."""
    facts = header.derived
    kept = facts.get(_CONTAINER)
    if kept is None:
        kept = facts[_CONTAINER] = _read_container(analysis, header)
    name, detail, selection = kept
    return Symbol(name, "module", detail, Span(header.start, header.end), selection.shifted(header.start))


def _read_container(analysis: DocumentAnalysis, header: Unit) -> tuple[str, str, Span]:
    """(name, detail, selection relative to the header's start) of the container `header` opens."""
    tree = analysis.tree_for(header)
    node = tree.root_node.descendant_for_byte_range(header.start, header.start + 1) if tree is not None else None
    while node is not None and node.type != "operation":
        node = node.parent
    op = op_name(node) if node is not None else "module"
    symbol = written_symbol(node) if node is not None else None
    if symbol is None:
        return op or "module", "", Span(0, len(op or "module"))
    return node_text(symbol), op, node_span(symbol).shifted(-header.start)


@dataclass(frozen=True, slots=True)
class Fold:
    start: int
    end: int
    kind: str | None = None     # "comment" or None


def folding_ranges(analysis: DocumentAnalysis) -> list[Fold]:
    """Regions and multi-line ops; computed per unit from its IR."""
    folds: list[Fold] = []
    for unit in analysis.units:
        if unit.shell:
            continue
        base = unit.start
        folds.extend(Fold(f.start + base, f.end + base, f.kind)
                     for f in analysis.for_unit(unit, OUTLINE).folds)
    return sorted(set(folds), key=lambda f: (f.start, -f.end))


@dataclass(frozen=True, slots=True)
class UnitOutline:
    """A unit's symbols and folds, relative to its start: one reading of the unit for both."""
    symbols: tuple[Symbol, ...]
    folds: tuple[Fold, ...]


def _unit_outline(analysis: DocumentAnalysis, unit) -> UnitOutline:
    data = analysis.document.data
    nodes = analysis.unit_nodes(unit)
    aliases = tuple(found for node in nodes
                    if node.type in ALIAS_DEFINITIONS and (found := _alias_symbol(node, unit.start)))
    operations = [node for node in nodes if node.type == "operation"]
    if not operations:
        return UnitOutline(aliases, ())
    if _read_as_written(operations, unit.end):
        symbols, folds = _written_outline(operations, data, unit.start)
        return UnitOutline(aliases + tuple(symbols), tuple(folds))
    lifted = analysis.lifted_unit(unit)
    spans = [*lifted.index.op_spans.values(), *lifted.index.region_spans.values()]
    return UnitOutline(aliases + tuple(s.moved(-unit.start) for s in _collect(lifted.operations, lifted.index, data)),
                       tuple(Fold(s.start - unit.start, s.end - unit.start)
                             for s in spans if b"\n" in data[s.start:s.end]))


OUTLINE = PerUnit("outline", _unit_outline)


# ---------------------------------------------------------------- the outline from the tree
# What the outline shows is written in the text: an op's name, the `@name` it defines, the
# types its results are written with, the regions it holds. Reading these from the tree
# costs a small part of lifting the unit (ir/lift.py), which a first outline of a big file
# would otherwise do for every function. The tree is read as the lift reads it (which
# statements and regions it takes, which types name the results), through the lift's own
# helpers (an atom op written in the usual way: by a pattern over its text, `_ATOM`); where
# the lift reads a statement otherwise — syntax errors, a statement cut at the unit's end, a
# list too wide to look into — the outline is read from the lifted unit.

_TYPE_PREFIX = TYPE_PREFIX.encode()


def _read_as_written(operations: list[Node], limit: int) -> bool:
    """Whether the tree of these statements reads as the lift reads it (see above). A list of
    more than WIDE_NODE items spans more than WIDE_NODE bytes (an error-free node's items are
    not empty): a shorter statement holds none, and is not walked to look for one."""
    return not any(node.has_error or node.end_byte > limit
                   or (node.end_byte - node.start_byte > WIDE_NODE and wide_nodes(node, node.start_byte, node.end_byte))
                   for node in operations)


@lru_cache(maxsize=4096)
def _op_kind(name: str) -> tuple[bool, bool, bool]:
    """(a function, a module, defines the `@name` it writes) for an op named so."""
    return is_function(name), is_module(name), defines_symbol(name)


def _regions(op: Node, data: bytes, generic: bool | None = None) -> list[Node]:
    """The op's regions, as the lift finds them: a generic form's region list, or a custom
    body and the brackets in it (`generic`: which form the op is written in, if known; only
    the generic one has a region list, only the custom one a body). Brackets without a brace
    in them hold no region: not walked (a function's signature is most of its items)."""
    if generic is not False:
        regions = op.child_by_field_name("regions")
        if regions is not None:
            return [r for r in regions.named_children if r.type == "region"]
    if generic:
        return []
    body = op.child_by_field_name("body")
    if body is None or data.find(b"{", body.start_byte, body.end_byte) < 0:
        return []                       # a region is written in braces
    found: list[Node] = []
    stack = list(reversed(body.children))
    while stack:
        item = stack.pop()
        kind = item.type
        if kind == "region":
            found.append(item)
        elif kind in GROUPS and data.find(b"{", item.start_byte, item.end_byte) >= 0:
            stack.extend(reversed(item.children))
    return found


def _container_words() -> tuple[bytes, ...]:
    """Words one of which every op name `is_function` or `is_module` accepts holds: the words
    by which they accept a name no record has, and the names of the records they accept that
    hold neither word (tests/features/test_outline_from_tree.py holds this true)."""
    words = ("func", "module")      # `is_function`'s and `is_module`'s names without a record
    named = {spelling for op in OPS for spelling in (op.name, *short_spellings(op.name))
             if is_function(spelling) or is_module(spelling)}
    return tuple(sorted({w.encode() for w in words} | {n.encode() for n in named if not any(w in n for w in words)}))


CONTAINER_WORDS = _container_words()
# What an op that shows something in the outline or the folds holds in its text: a newline
# (it folds), a brace (a region), a cute_nvgpu type (an atom) or a function's or module's name.
# An op whose text does not start with a result (`%`) has none to name as an atom: a cute_nvgpu
# type in it (`cute_nvgpu.copy %atom, ... : (!cute_nvgpu...)`, a third of the ops of a kernel
# built from atoms) shows nothing.
_SHOWS = re.compile(b"|".join(re.escape(word) for word in (b"\n", b"{", TYPE_PREFIX.encode(), *CONTAINER_WORDS)))
_SHOWS_WITHOUT_RESULTS = re.compile(b"|".join(re.escape(word) for word in (b"\n", b"{", *CONTAINER_WORDS)))


# The op that builds an atom as most are written, on one line in its custom form with one result
# and one result type: `%atom = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.ldsm<m8n8.x4>`,
# perhaps with a location alias after. Its name and type are read from its text with this
# pattern (reading them through the lift's helpers was a third of a generated 50k-line file's
# first outline): a result name and an op name as the grammar spells them; operands and
# words with no bracket, string or colon, and at most one flat `{...}` (an attribute dictionary:
# no colon in it, so the op's only `:` outside its type is the last one of its body, which
# `custom_tail` takes); then the type alone, its `<...>` flat and without a colon. Whatever else
# is written takes the lift's helpers (`_written_symbol`); tests/features/test_outline_from_tree.py
# compares the two on the corpus.
_ATOM = re.compile(rb'(%[A-Za-z0-9_$.\-]+) = ([A-Za-z_][A-Za-z0-9_$.]*)(?: [^:"<>(){}\[\]\n/]*)?'
                   rb'(?: \{[^{}":<>()\n/]*\})? : (' + re.escape(_TYPE_PREFIX) + rb'[A-Za-z0-9_.]*(?:<[^<>{}()\[\]":\n/]*>)?)'
                   rb'(?: loc\(#[A-Za-z0-9_$.\-]+\))?')


# An op's text up to this size is copied once and searched as a whole; a larger one is searched
# in place (the ops nested in it are searched again at each level).
_COPIED = 4096


def _written_outline(operations: list[Node], data: bytes, base: int) -> tuple[list[Symbol], list[Fold]]:
    """Symbols (nested as `_collect` nests them) and folds of statements read from the tree,
    walking the ops and regions the lift takes, with a stack; relative to `base`."""
    roots: list[Symbol] = []
    folds: list[Fold] = []
    find = data.find
    stack: list[tuple[Node, int, int, bytes | None, list[Symbol], int]] = []
    _push_shown(stack, operations, data, roots, 0)
    while stack:
        node, start, end, text, into, depth = stack.pop()
        if text is not None:
            atom = _ATOM.fullmatch(text)
            if atom is not None and not any(_op_kind(atom[2].decode())[:2]):
                name = atom[1].decode()
                into.append(Symbol(name, "atom", atom[3].decode("utf-8", "replace"), Span(start - base, end - base),
                                   Span(start - base, start - base + len(name))))
                continue
        if (b"\n" in text) if text is not None else find(b"\n", start, end) >= 0:
            folds.append(Fold(start - base, end - base))
        name = node.child_by_field_name("name")
        generic = name is not None and name.type == "string"
        braces = (b"{" in text) if text is not None else find(b"{", start, end) >= 0
        regions = _regions(node, data, generic) if braces else []
        symbol = _written_symbol(node, name, generic, data, base, regions, text) if name is not None else None
        if symbol is not None:
            into.append(symbol)
            if depth + 1 < MAX_SYMBOL_DEPTH:
                into, depth = symbol.children, depth + 1
        if not regions:
            continue
        nested: list[Node] = []
        for region in regions:
            if find(b"\n", region.start_byte, region.end_byte) >= 0:
                folds.append(Fold(region.start_byte - base, region.end_byte - base))
            for child in region.named_children:
                if child.type == "operation":
                    nested.append(child)
                elif child.type == "block":
                    nested.extend(s for s in child.named_children if s.type == "operation")
        _push_shown(stack, nested, data, into, depth)
    return roots, folds


def _push_shown(stack: list, operations: list[Node], data: bytes, into: list[Symbol], depth: int) -> None:
    """Push those of `operations` that may show something, the last first (the stack pops them
    in document order), each with its range and text (None: not copied, `_COPIED`). A row ends
    at a newline (tree-sitter counts rows so) and a region starts with a brace. Most ops show
    nothing: one line (no fold), no brace (no region), no cute_nvgpu type and no function's or
    module's name. Their text says so, without asking the tree; they are never pushed."""
    for node in reversed(operations):
        start, end = node.start_byte, node.end_byte
        if end - start > _COPIED:
            stack.append((node, start, end, None, into, depth))
            continue
        text = data[start:end]
        if (_SHOWS if text.startswith(b"%") else _SHOWS_WITHOUT_RESULTS).search(text) is not None:
            stack.append((node, start, end, text, into, depth))


def _written_outside(data: bytes, needle: bytes, op: Node, regions: list[Node]) -> bool:
    """Whether `needle` is written in the op's own text, outside its regions (in order)."""
    start = op.start_byte
    for region in regions:
        if data.find(needle, start, region.start_byte) >= 0:
            return True
        start = region.end_byte
    return data.find(needle, start, op.end_byte) >= 0


def _written_symbol(node: Node, name_node: Node, generic: bool, data: bytes, base: int, regions: list[Node],
                    text: bytes | None) -> Symbol | None:
    """`_op_symbol` of the op this node writes, from the node, its name (in the `generic` form
    or not), its `regions` and its `text` (None: not copied, `_COPIED`); relative to `base`.
    Names are read from `data`, which the tree's offsets index."""
    name = data[name_node.start_byte:name_node.end_byte].decode("utf-8", "replace")
    if generic:
        name = name[1:-1]
    function, module, defines = _op_kind(name)
    if function or module:
        written = written_symbol(node) if not generic and defines else None
        span = Span(node.start_byte - base, node.end_byte - base)
        if written is not None:
            return Symbol(node_text(written), "function" if function else "module", name, span,
                          Span(written.start_byte - base, written.end_byte - base))
        if module:
            return Symbol(name, "module", "", span, Span(name_node.start_byte - base, name_node.end_byte - base))
    if not (_TYPE_PREFIX in text if text is not None and not regions
            else _written_outside(data, _TYPE_PREFIX, node, regions)):
        return None                     # no result of this op can be of a cute_nvgpu type
    results = node.child_by_field_name("results")
    if results is None:
        return None                     # `cute_nvgpu.copy %atom, ...`: no result to name
    if generic:
        types = generic_result_types(node.child_by_field_name("type"))
    else:
        body = node.child_by_field_name("body")
        tail = custom_tail(body) if body is not None else None   # never too wide here (`_read_as_written`)
        if tail is not None:
            types = custom_result_types(tail)
        else:   # `scf.for ... -> (T)`, `scf.if %c -> (T)`: typed after the arrow, as the lift types them
            types = arrow_result_types(node, body.children) if body is not None else []
    # The first result of a cute_nvgpu type: the first such type, if a result takes it.
    first = next((position for position, t in enumerate(types)
                  if data.startswith(_TYPE_PREFIX, t.start_byte, t.end_byte)), None)
    if first is None:
        return None
    at = 0
    for written_name, count, name_span in written_results(node):
        if first < at + count:
            detail = data[types[first].start_byte:types[first].end_byte].decode("utf-8", "replace")
            return Symbol(written_name, "atom", detail, Span(node.start_byte - base, node.end_byte - base),
                          name_span.shifted(-base))
        at += count
    return None
