"""Document symbols (the outline) and folding ranges."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..analysis import DocumentAnalysis, PerUnit
from ..analysis.units import Unit, keep_with_verification
from ..diagnostics import Span
from ..dialects.cute_nvgpu.types import is_cute_nvgpu_type
from ..dialects.registry import is_function, is_module
from ..ir.core import Operation
from ..ir.lift import SourceIndex
from ..syntax.cst import ALIAS_DEFINITIONS, TYPE_KINDS, op_name, span as node_span, text as node_text, written_symbol


@dataclass
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


def _alias_symbol(node) -> Symbol | None:
    name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
    if name is None:
        return None
    detail = node_text(value) if value is not None and value.type in TYPE_KINDS else ""
    return Symbol(node_text(name), "alias", detail, node_span(node), node_span(name))


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
    hold in document order: units and the containers nested in it."""
    symbol: Symbol
    items: list["Unit | Container"] = field(default_factory=list)


def nesting(analysis: DocumentAnalysis) -> list["Unit | Container"]:
    """The document's units under the containers whose header and `}` shells enclose them: the
    outline's shape, whichever form it is written in. Containers nest at most as deep as units
    split them (`units.MAX_SPLIT_CONTAINERS`)."""
    roots: list[Unit | Container] = []
    open_containers: list[Container] = []
    data = analysis.document.data
    for unit in analysis.units:
        into = open_containers[-1].items if open_containers else roots
        if not unit.shell:
            into.append(unit)
        elif data[unit.start:unit.end].rstrip().endswith(b"{"):
            container = Container(_container_symbol(analysis, unit))
            into.append(container)
            open_containers.append(container)
        elif open_containers:       # a container left open ends with its header
            closed = open_containers.pop().symbol
            closed.span = Span(closed.span.start, unit.end)
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


def _container_symbol(analysis: DocumentAnalysis, header: Unit) -> Symbol:
    """A container by its header: `gpu.module @kernels {` is `@kernels` (a gpu.module), as a
    symbol op is named elsewhere in the outline; `module {` is `module`."""
    tree = analysis.tree_for(header)
    node = tree.root_node.descendant_for_byte_range(header.start, header.start + 1) if tree is not None else None
    while node is not None and node.type != "operation":
        node = node.parent
    op = op_name(node) if node is not None else "module"
    symbol = written_symbol(node) if node is not None else None
    span = Span(header.start, header.end)
    if symbol is None:
        return Symbol(op or "module", "module", "", span, Span(header.start, header.start + len(op or "module")))
    return Symbol(node_text(symbol), "module", op, span, node_span(symbol))


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class UnitOutline:
    """A unit's symbols and folds, relative to its start: one reading of its IR for both."""
    symbols: tuple[Symbol, ...]
    folds: tuple[Fold, ...]


def _unit_outline(analysis: DocumentAnalysis, unit) -> UnitOutline:
    data = analysis.document.data
    nodes = analysis.unit_nodes(unit)
    symbols = [found for node in nodes if node.type in ALIAS_DEFINITIONS and (found := _alias_symbol(node))]
    folds: list[Fold] = []
    if any(node.type == "operation" for node in nodes):
        lifted = analysis.lifted_unit(unit)
        symbols += _collect(lifted.operations, lifted.index, data)
        spans = [*lifted.index.op_spans.values(), *lifted.index.region_spans.values()]
        folds = [Fold(s.start, s.end) for s in spans if b"\n" in data[s.start:s.end]]
    return UnitOutline(tuple(s.moved(-unit.start) for s in symbols),
                       tuple(Fold(f.start - unit.start, f.end - unit.start) for f in folds))


OUTLINE = keep_with_verification(PerUnit("outline", _unit_outline))
