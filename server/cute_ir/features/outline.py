"""Document symbols (the outline) and folding ranges."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..analysis import DocumentAnalysis, PerUnit
from ..diagnostics import Span
from ..ir import Operation


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


# `cuda.kernel` is how the CuTe DSL prints its device functions (`cuda.kernel @kernel_...`).
_FUNCTION_OPS = ("func.func", "gpu.func", "llvm.func", "func", "cuda.kernel")



def _op_symbol(op: Operation) -> Symbol | None:
    if op.form == "alias":
        return Symbol(op.name, "alias", op.types[0].text if op.types else "", op.span, op.name_span)
    if op.form == "opaque":
        return None
    if op.symbol is not None and (op.name in _FUNCTION_OPS or op.name.endswith(".func")):
        return Symbol(op.symbol[0], "function", op.name, op.span, op.symbol[1])
    if op.symbol is not None and op.name.endswith("module"):
        return Symbol(op.symbol[0], "module", op.name, op.span, op.symbol[1])
    if op.name in ("module", "builtin.module", "gpu.module"):
        return Symbol(op.name, "module", "", op.span, op.name_span)
    atom_results = [r for r, t in zip(op.results, op.result_types) if t.kind == "cute_nvgpu_type"]
    if atom_results:
        r = atom_results[0]
        return Symbol(r.name, "atom", op.result_types[0].text, op.span, r.span)
    return None


def _collect(op: Operation, out: list[Symbol]) -> None:
    symbol = _op_symbol(op)
    target = symbol.children if symbol is not None else out
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                _collect(inner, target)
    if symbol is not None:
        out.append(symbol)


def document_symbols(analysis: DocumentAnalysis) -> list[Symbol]:
    """Modules, functions, aliases and atom-building values, nested as written."""
    roots: list[Symbol] = []
    open_modules: list[Symbol] = []     # a container's header shell opens, its '}' shell closes
    data = analysis.document.data
    for unit in analysis.units:
        target = open_modules[-1].children if open_modules else roots
        if unit.shell:
            text = data[unit.start:unit.end]
            if text.rstrip().endswith(b"{"):
                name = text.split(b" ", 1)[0].decode("utf-8", "replace").strip() or "module"
                module = Symbol(name, "module", "", Span(unit.start, unit.end), Span(unit.start, unit.start + len(name)))
                target.append(module)
                open_modules.append(module)
            elif open_modules:
                module = open_modules.pop()
                module.span = Span(module.span.start, unit.end)
            continue
        target.extend(s.moved(unit.start) for s in analysis.for_unit(unit, SYMBOLS))
    return roots


def _unit_symbols(analysis: DocumentAnalysis, unit) -> list[Symbol]:
    """The unit's symbols, relative to its start."""
    out: list[Symbol] = []
    for op in analysis.unit_ir(unit, keep=False).operations:
        _collect(op, out)
    return [s.moved(-unit.start) for s in out]


SYMBOLS = PerUnit("outline", _unit_symbols)


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
                     for f in analysis.for_unit(unit, FOLDS))
    return sorted(set(folds), key=lambda f: (f.start, -f.end))


def _unit_folds(analysis: DocumentAnalysis, unit) -> list[Fold]:
    """The unit's folds, relative to its start."""
    data = analysis.document.data
    out: list[Fold] = []
    for op in analysis.unit_ir(unit, keep=False).all_operations():
        spans = [op.span] + [region.span for region in op.regions]
        out.extend(Fold(s.start - unit.start, s.end - unit.start) for s in spans if b"\n" in data[s.start:s.end])
    return out


FOLDS = PerUnit("folds", _unit_folds)
