"""One unit through a pipeline, pass by pass, each pass's output recorded as a stage (MLIR's
`--mlir-print-ir-after-all`), with what each pass reported and what the TileAS passes made of
the unit's TMA loads and stores.

The lowered-IR view (features/lowered.py) puts a module's stages together from its units';
a unit's analysis (unit_analysis.py) keeps the default pipeline's stages of a function, which
the view of that function and the TileAS hover (features/tileas_memop.py) both read, so the
passes run once per text of the unit for both.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Diagnostic, Span
from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from ..ir.aliases import AliasTable, resolve_aliases
from ..ir.attributes import integer
from ..ir.core import BlockArgument, Operation, OpResult
from ..ir.lift import wrap_in_module
from ..ir.printer import print_ops
from ..passes import TILEAS_PASSES, PassContext, PassManager
from ..passes.attach_tma_descriptor_args import DESCRIPTOR_USERS
from ..passes.base import Pass
from ..text.location import source_span

_DESCRIPTOR_TYPE = "!cute_nvgpu.tma_descriptor"


@dataclass(frozen=True)
class MadeTransfer:
    """An op that uses a TMA descriptor, as the TileAS passes left it (an async TMA load, store
    or reduction): what hover tells of the op it was made from."""
    span: Span                       # the source span of the op it was made from, relative to the unit
    name: str
    tx_count: int | None
    tma_index: int | None
    argument: str | None             # the kernel argument holding its descriptor (built on the host)
    built: bool                      # its descriptor is built by the kernel (DESCRIPTOR_BUILDER)


@dataclass(frozen=True)
class UnitStages:
    """One unit through a pipeline: its printed text before the first pass and after each one,
    with (line, source span) of each op, what each pass reported, and the descriptor users
    the TileAS passes left (when the pipeline runs the last of them); every position relative to
    the unit."""
    texts: tuple[str, ...]
    line_spans: tuple[tuple[tuple[int, Span], ...], ...]
    diagnostics: tuple[tuple[Diagnostic, ...], ...]      # what each pass reported
    passes: tuple[str, ...] = ()                         # each pass's argument, in order
    made: tuple[MadeTransfer, ...] = ()
    # False: run unprinted up to the last TileAS pass only (what the TileAS hover reads), so
    # `texts` and `line_spans` are empty and `passes` names the passes run.
    complete: bool = True

    def reported_by(self, arguments: tuple[str, ...]) -> list[Diagnostic]:
        """What the passes named by `arguments` reported, in order (relative to the unit)."""
        return [d for argument, found in zip(self.passes, self.diagnostics) if argument in arguments for d in found]


def run_stages(ops: list[Operation], unit_start: int, passes: list[Pass], target: str, facts: dict,
               aliases: AliasTable, depth: int | None) -> UnitStages:
    """`ops` (a unit's rewritable IR, which the run consumes) wrapped in a module, through
    `passes` one at a time, each printed `depth` levels in; `facts`: the pass facts (what
    the atom lowering is handed about the unit's atoms, passes/atom_facts.py). `depth` None: through the last TileAS pass only,
    printing nothing (`UnitStages.complete` is False)."""
    context = PassContext(target, facts)
    module = wrap_in_module(ops)
    resolve_aliases([module], aliases)
    last_tileas = next((p.argument for p in reversed(passes) if p.argument in TILEAS_PASSES), None)
    if depth is None:
        return _tileas_only(module, unit_start, passes, last_tileas, context)
    text, line_spans = _printed(module, unit_start, depth)
    texts: list[str] = [text]
    spans: list[tuple[tuple[int, Span], ...]] = [()]
    diagnostics: list[tuple[Diagnostic, ...]] = []
    made: tuple[MadeTransfer, ...] = ()
    for pass_ in passes:
        # One pass at a time, to tell which pass reported what: a whole-module run reports
        # pass by pass, and the composed result keeps that order. Each state is printed once
        # (a pass manager that records stages prints the IR before each pass as well).
        reported = len(context.diagnostics)
        PassManager([pass_]).run(module, context)
        text, line_spans = _printed(module, unit_start, depth)
        # A pass that changed nothing keeps the text and spans before it, not a copy: most
        # passes leave most functions alone, and a cache may hold every function of the file.
        texts.append(texts[-1] if text == texts[-1] else text)
        spans.append(spans[-1] if line_spans == spans[-1] else line_spans)
        diagnostics.append(tuple(d.shifted(-unit_start) for d in context.diagnostics[reported:]))
        if pass_.argument == last_tileas:
            made = _made(module, unit_start)
    return UnitStages(tuple(texts), tuple(spans), tuple(diagnostics), tuple(p.argument for p in passes), made)


def _tileas_only(module: Operation, unit_start: int, passes: list[Pass], last_tileas: str | None,
                 context: PassContext) -> UnitStages:
    """The passes up to `last_tileas`, unprinted: what they reported and made."""
    ran: list[Pass] = []
    diagnostics: list[tuple[Diagnostic, ...]] = []
    made: tuple[MadeTransfer, ...] = ()
    for pass_ in passes if last_tileas is not None else ():
        reported = len(context.diagnostics)
        PassManager([pass_]).run(module, context)
        ran.append(pass_)
        diagnostics.append(tuple(d.shifted(-unit_start) for d in context.diagnostics[reported:]))
        if pass_.argument == last_tileas:
            made = _made(module, unit_start)
            break
    return UnitStages((), (), tuple(diagnostics), tuple(p.argument for p in ran), made, complete=False)


def _printed(module: Operation, unit_start: int, depth: int) -> tuple[str, tuple[tuple[int, Span], ...]]:
    """The ops inside `module` printed `depth` levels in (what one function contributes to its
    module's stage), with (line, source span relative to the unit) of each op that has one."""
    origins: list[tuple[int, Operation]] = []
    body = [op for region in module.regions for block in region.blocks for op in block.operations]
    text = print_ops(body, line_origins=origins, depth=depth)
    return text, tuple((line, span.shifted(-unit_start)) for line, op in origins
                       if (span := source_span(op.location)) is not None)


def _made(module: Operation, unit_start: int) -> tuple[MadeTransfer, ...]:
    out: list[MadeTransfer] = []
    for op in module.walk():
        span = source_span(op.location) if op.name in DESCRIPTOR_USERS else None
        if span is None:
            continue
        descriptor = next((v for v in op.operands if str(v.type).startswith(_DESCRIPTOR_TYPE)), None)
        argument = f"{descriptor.name_hint}" if isinstance(descriptor, BlockArgument) else None
        built = isinstance(descriptor, OpResult) and descriptor.owner.name == DESCRIPTOR_BUILDER
        out.append(MadeTransfer(span.shifted(-unit_start), op.name, integer(op, "tx_count"), integer(op, "tmaIdx"),
                                argument, built))
    return tuple(out)
