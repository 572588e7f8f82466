"""What becomes of a TileAS load or store, for hover: TMA or not, and why.

The way a compiler's memory remarks do, the card says which copy atom the op has or gets
(`assign-load-store-layouts`), which rule keeps it from TMA, whether
`lower-tma-load-store-to-async` will take it (`allow_tma`, a KernelSpec), and, when it does,
what it becomes: the async op, its `tx_count`, its descriptor's `tmaIdx`, and where the
descriptor comes from once `attach-tma-descriptor-args` and `separate-host-tma` ran (a
kernel argument the host fills, or a descriptor the kernel builds). The passes run on the
op's function alone, on demand.
"""
from __future__ import annotations

from ..analysis import DocumentAnalysis
from ..diagnostics import Span
from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from ..dialects.nv_tileas.async_tma import is_kernel
from ..dialects.nv_tileas.memops import COPY_ATOM, DIALECT, TILED_LOAD
from ..ir.attributes import attribute, enum_case, integer
from ..ir.core import BlockArgument, OpResult
from ..ir.lift import lift_statements, wrap_in_module
from ..passes import TILEAS_PIPELINE, PassContext, PassManager, parse_pipeline
from ..passes.assign_load_store_layouts import ATOMS, MEMOPS, tma_verdict
from ..passes.attach_tma_descriptor_args import DESCRIPTOR_USERS
from ..passes.base import FUNCTION_OPS
from ..passes.lower_tma_to_async import LowerTmaLoadStoreToAsync
from ..text.location import source_span
from ..verify import unit_statements



def memop_section(analysis: DocumentAnalysis, offset: int) -> str | None:
    """The TMA section of the card of the load or store whose name is at `offset`."""
    unit = analysis.unit_at(offset)
    tree = analysis.tree_for(unit) if unit is not None else None
    if tree is None:
        return None
    lifted = lift_statements(unit_statements(tree.root_node, Span(unit.start, unit.end)))
    found = next(((op, span) for top in lifted.operations for op in top.walk()
                  if op.name in MEMOPS and (span := lifted.index.name_spans.get(op)) is not None
                  and span.start <= offset <= span.end), None)
    if found is None:
        return None
    op, name_span = found
    target = analysis.target_arch
    kind = "load" if op.name == TILED_LOAD else "store"
    written = enum_case(op, COPY_ATOM, DIALECT, COPY_ATOM)
    verdict = tma_verdict(op, target)
    tma_atom = ATOMS[op.name][0]
    if written is not None:
        lines = [f"copy atom `{written}` (written)"]
        atom = written
    else:
        lines = [f"copy atom `{verdict.atom}` (assign-load-store-layouts chooses it on {target})"]
        atom = verdict.atom
    if atom != tma_atom:
        why = verdict.reason if written is None else f"its copy atom is `{written}`, not `{tma_atom}`"
        return _section(lines + [f"**not TMA**: {why}"])
    allow = attribute(op, "allow_tma")
    allowed = allow is not None and allow.text.strip() == "true"
    if not allowed and not LowerTmaLoadStoreToAsync().prefer_tma:
        return _section(lines + [f"TMA-eligible, but `allow_tma` is not set: the {kind} stays as it is "
                                 "(lower-tma-load-store-to-async's `prefer_tma` option would take it)"])
    function = op.parent_op
    while function is not None and function.name not in FUNCTION_OPS:
        function = function.parent_op
    if function is None or not is_kernel(function):
        return _section(lines + ["TMA-eligible, but its function has no `nv_tileas.kernel_spec`: "
                                 "lower-tma-load-store-to-async reports that and leaves it"])
    return _section(lines + _lowered(lifted, name_span, target))


def _lowered(lifted, name_span: Span, target: str) -> list[str]:
    """What the passes make of the op: its async op, tx_count and descriptor."""
    module = wrap_in_module(lifted.operations)
    context = PassContext(target)
    PassManager(parse_pipeline(TILEAS_PIPELINE)).run(module, context)
    made = next((o for o in module.walk() if o.name in DESCRIPTOR_USERS
                 and (span := source_span(o.location)) is not None and span.start <= name_span.start < span.end), None)
    if made is None:
        problems = [d.message for d in context.diagnostics if d.span.start <= name_span.start < d.span.end]
        return [f"TMA-eligible, but lower-tma-load-store-to-async leaves it: {problems[0]}" if problems
                else "TMA-eligible, but lower-tma-load-store-to-async leaves it"]
    lines = [f"becomes `{made.name}`"]
    tx_count = integer(made, "tx_count")
    if tx_count is not None:
        lines.append(f"tx_count: {tx_count} bytes (what its mbarrier expects)")
    descriptor = next((v for v in made.operands if str(v.type).startswith("!cute_nvgpu.tma_descriptor")), None)
    index = integer(made, "tmaIdx")
    if isinstance(descriptor, BlockArgument):
        lines.append(f"descriptor: tmaIdx {index}, built on the host and passed as kernel argument "
                     f"`%{descriptor.name_hint}` (a grid constant)")
    elif isinstance(descriptor, OpResult) and descriptor.owner.name == DESCRIPTOR_BUILDER:
        lines.append(f"descriptor: tmaIdx {index}, built by the kernel (`{DESCRIPTOR_BUILDER}`)")
    return lines


def _section(lines: list[str]) -> str:
    return "**TMA**\n\n" + "\n".join(f"- {line}" for line in lines)
