"""What becomes of a TileAS load, store or atomic, for hover: TMA or not, and why.

The way a compiler's memory remarks do, the card says which copy atom the op has or gets
(`assign-load-store-layouts`), which rule keeps it from TMA, whether
`lower-tma-load-store-to-async` will take it (`allow_tma`, a KernelSpec), and, when it does,
what it becomes: the async op, its `tx_count`, its descriptor's `tmaIdx`, and where the
descriptor comes from once `attach-tma-descriptor-args` and `separate-host-tma` ran (a
kernel argument the host fills, or a descriptor the kernel builds). What the passes made is
read from the default pipeline's stages of the op's unit (`UnitAnalysis.stages`): those the
lowered-IR view of the function ran, when it did for this text of the unit, else the TileAS
passes run there unprinted, once per text of the unit, when a hover first asks; the sections are
kept with the unit (`PerUnit`). An atomic's atom is `tma_redg` (written, or chosen by
assign-load-store-layouts when a TMA reduction can do what it asks), and its card says what it
reduces with, or the rule that keeps it from a TMA reduction.
"""
from __future__ import annotations

from ..analysis import DocumentAnalysis, PerUnit, Unit
from ..diagnostics import Span
from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from ..dialects.nv_tileas.async_tma import is_kernel
from ..dialects.nv_tileas.async_tma import TMA_REDUCE_OP
from ..dialects.nv_tileas.memops import COPY_ATOM, DIALECT, RMW_MODE, TILED_ATOMIC_RMW
from ..analysis.stages import MadeTransfer
from ..ir.attributes import enum_case, reading_aliases
from ..passes import TILEAS_PASSES
from ..passes.assign_load_store_layouts import ATOMS, KIND, MEMOPS, allows_tma, tma_verdict
from ..dialects.registry import is_function
from ..passes.lower_tma_to_async import LowerTmaLoadStoreToAsync
from ..verify.atom_sites import aliases_of, resolving_table

# The ops whose card has a TMA section.
HOVERED = MEMOPS


def memop_section(analysis: DocumentAnalysis, offset: int) -> str | None:
    """The TMA section of the card of the load or store whose name is at `offset`."""
    unit = analysis.unit_at(offset)
    if unit is None or unit.shell:
        return None
    relative = offset - unit.start
    return next((section for (start, end), section in analysis.for_unit(unit, SECTIONS).items()
                 if start <= relative <= end), None)


def _unit_sections(analysis: DocumentAnalysis, unit: Unit) -> dict[tuple[int, int], str]:
    """The TMA section of every load, store and atomic of the unit, by its name's range relative
    to the unit's start: the passes run once for them all, and once per text of the unit."""
    if unit.shell or DIALECT.encode() + b"." not in analysis.document.data[unit.start:unit.end]:
        return {}
    lifted = analysis.lifted_unit(unit)        # read only
    target = analysis.target_arch
    # The document's aliases, as verification and the pipeline read them (`tileSize = #tile`).
    table, key = aliases_of(analysis)
    aliases = resolving_table(table, key)
    # Each op is read (its atom, verdict, attributes) as written.
    with reading_aliases(aliases):
        read = [(name_span, _op_lines(op, name_span, target))
                for top in lifted.operations for op in top.walk()
                if op.name in HOVERED and (name_span := lifted.index.name_spans.get(op)) is not None]
    made: tuple[MadeTransfer, ...] = ()
    diagnostics: list = []
    if any(lines[-1] is _LOWERED for _, lines in read):
        stages = analysis.unit_analysis(unit).stages(tileas_only=True)
        made, diagnostics = stages.made, stages.reported_by(TILEAS_PASSES)
    out: dict[tuple[int, int], str] = {}
    for name_span, lines in read:
        relative = name_span.shifted(-unit.start)
        if lines[-1] is _LOWERED:
            lines = lines[:-1] + _made_lines(made, diagnostics, relative)
        out[(relative.start, relative.end)] = _section(lines)
    return out


SECTIONS = PerUnit("tileas-memop-sections", _unit_sections)

# The last line of an op's section when the passes decide it: what they make of the op.
_LOWERED = object()


def _op_lines(op, name_span: Span, target: str) -> list:
    written = enum_case(op, COPY_ATOM, DIALECT, COPY_ATOM)
    prefer = LowerTmaLoadStoreToAsync().prefer_tma
    verdict = tma_verdict(op, target, prefer)
    tma_atom = ATOMS[op.name][0]
    if written is not None:
        lines = [f"copy atom `{written}` (written)"]
        atom = written
    elif verdict.atom is not None:
        lines = [f"copy atom `{verdict.atom}` (assign-load-store-layouts chooses it on {target})"]
        atom = verdict.atom
    else:
        lines, atom = ["no copy atom (assign-load-store-layouts gives an atomic `tma_redg` or none)"], None
    if written is None and verdict.reason is None and atom != tma_atom:
        # TMA could move it, but the op does not allow it: the pass gives it the other atom.
        return lines + [_unallowed(KIND[op.name], False)]
    if atom != tma_atom:
        why = verdict.reason if written is None else f"its copy atom is `{written}`, not `{tma_atom}`"
        return lines + [f"**not TMA**: {why}"]
    if op.name == TILED_ATOMIC_RMW:
        mode = enum_case(op, RMW_MODE, DIALECT, RMW_MODE)
        lines[0] += ": a TMA reduction" + (f" with `{TMA_REDUCE_OP[mode]}`" if mode in TMA_REDUCE_OP else "")
    return lines + _taken(op, KIND[op.name])


def _taken(op, kind: str) -> list:
    """Whether lower-tma-load-store-to-async takes the op; `_LOWERED` when the passes say what
    it becomes."""
    if not allows_tma(op) and not LowerTmaLoadStoreToAsync().prefer_tma:
        return [_unallowed(kind, True)]
    function = op.parent_op
    while function is not None and not is_function(function.name):
        function = function.parent_op
    if function is None or not is_kernel(function):
        return ["TMA-eligible, but its function has no `nv_tileas.kernel_spec`: "
                "lower-tma-load-store-to-async reports that and leaves it"]
    return [_LOWERED]


def _unallowed(kind: str, atom_written: bool) -> str:
    """Why a TMA-eligible op stays: no `allow_tma`. With its TMA atom written, the lowering's
    `prefer_tma` option would take it; else assign-load-store-layouts' too must give it the atom."""
    passes = "lower-tma-load-store-to-async's `prefer_tma` option" if atom_written else \
        "the `prefer_tma` option of assign-load-store-layouts and lower-tma-load-store-to-async"
    return f"TMA-eligible, but `allow_tma` is not set: the {kind} stays as it is ({passes} would take it)"


def _made_lines(made: tuple[MadeTransfer, ...], diagnostics: list, name_span: Span) -> list[str]:
    """What the passes made of the op named at `name_span` (relative to its unit, as `made` and
    `diagnostics` are): its async op, tx_count and descriptor."""
    found = next((m for m in made if m.span.start <= name_span.start < m.span.end), None)
    if found is None:
        problems = [d.message for d in diagnostics if d.span.start <= name_span.start < d.span.end]
        return [f"TMA-eligible, but lower-tma-load-store-to-async leaves it: {problems[0]}" if problems
                else "TMA-eligible, but lower-tma-load-store-to-async leaves it"]
    lines = [f"becomes `{found.name}`"]
    if found.tx_count is not None:
        lines.append(f"tx_count: {found.tx_count} bytes (what its mbarrier expects)")
    if found.argument is not None:
        lines.append(f"descriptor: tmaIdx {found.tma_index}, built on the host and passed as kernel argument "
                     f"`%{found.argument}` (a grid constant)")
    elif found.built:
        lines.append(f"descriptor: tmaIdx {found.tma_index}, built by the kernel (`{DESCRIPTOR_BUILDER}`)")
    return lines


def _section(lines: list[str]) -> str:
    return "**TMA**\n\n" + "\n".join(f"- {line}" for line in lines)
