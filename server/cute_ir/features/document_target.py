"""Which target a document is checked for, told to people: the hover note, `cute-ir/documentTarget`
and the op that holds the atom an inferred target was decided by (ir/target.py decides).

An atom that decided is named where an op writes it: a type alias's definition
(`!tl = !cute_nvgpu.atom.tmem_load<...>`) holds no op. The first op that writes an atom of the
same gate directly stands for it (what the reader finds written where it is used); failing
that, the first op that writes the alias (`%b = cute.make_atom() : () -> !tl`), as it would had
the op written the type."""
from __future__ import annotations

import re
from dataclasses import replace

from ..analysis import DocumentAnalysis
from ..diagnostics import Span
from ..ir.target import Need, TargetChoice
from ..verify.atom_sites import alias_table
from .lifted import lifted_unit_at


def line_col(analysis: DocumentAnalysis, offset: int) -> tuple[int, int]:
    """1-based line and column of a byte offset, as editors and `check` show them."""
    position = analysis.document.position(offset)
    return position.line + 1, position.character + 1


def explain(analysis: DocumentAnalysis, choice: TargetChoice | None = None) -> str:
    """Why the document has its target: `inferred from `atom.tmem_load` at 12:5; the file
    declares none`, `declared by the file (`#nvvm.target`)`, ..."""
    return placed(analysis, choice).explain(lambda at: line_col(analysis, at))


def sentence(analysis: DocumentAnalysis, choice: TargetChoice | None = None) -> str:
    """`target sm_100a, inferred from `atom.tmem_load` at 12:5; the file declares none`."""
    return placed(analysis, choice).sentence(lambda at: line_col(analysis, at))


def placed(analysis: DocumentAnalysis, choice: TargetChoice | None = None) -> TargetChoice:
    """The document's target choice with the atom that decided it where an op writes it: an
    atom written in a type alias's definition is placed at the first op that writes an atom of
    the same gate directly (`_first_direct`), else at the first op that writes the alias
    (through aliases of it), the op named. Unchanged when no alias definition holds it, or
    when no op writes either."""
    choice = choice or analysis.target
    need = choice.decided_by
    if need is None or need.op or need.label:
        return choice
    direct = _first_direct(analysis, need)
    if direct is not None:
        return replace(choice, decided_by=direct)
    use = _first_use(analysis, need.span)
    return replace(choice, decided_by=Need(need.requires, need.atom, use[0], use[1])) if use is not None else choice


def _first_direct(analysis: DocumentAnalysis, need: Need) -> Need | None:
    """When `need` lies in a type alias's definition: the first need of the same gate that an
    op writes itself (a unit that defines no alias), with that op named. The units keep the
    first need of each gate they write (`Unit.needs`, relative to the unit), so this reads no
    tree; None when no op writes one."""
    units = analysis.units
    holder = analysis.unit_at(need.span.start)
    if holder is None or holder.alias_definition is None:
        return None
    for unit in units:
        if unit.shell or unit.alias_definition is not None:
            continue
        found = next((n for n in unit.needs if n.requires == need.requires), None)
        if found is not None:
            span = found.span.shifted(analysis.unit_start(unit))
            return Need(found.requires, found.atom, span, found.op or op_writing(analysis, span), found.label)
    return None


def _first_use(analysis: DocumentAnalysis, span: Span) -> tuple[Span, str] | None:
    """Where the first op writes the alias whose definition holds `span`, and the op's name."""
    definitions = [(name, alias.span(analysis)) for name, alias in alias_table(analysis).items()]
    data = analysis.document.data
    seen: set[str] = set()
    while True:
        name = next((n for n, at in definitions if at.start <= span.start and span.end <= at.end), None)
        if name is None or name in seen:
            return None
        seen.add(name)
        written_by_alias = None
        # A use is the name not followed by more of a name (`!tl` is not in `!tl2`).
        for match in re.finditer(re.escape(name.encode()) + rb"(?![\w.$-])", data):
            at = Span(match.start(), match.end())
            if any(d.start <= at.start and at.end <= d.end for _, d in definitions):
                # In an alias's definition (an alias of the alias): its own first use counts
                # if no op writes this one directly.
                written_by_alias = written_by_alias or at
                continue
            op = op_writing(analysis, at)
            if op:
                return at, op
        if written_by_alias is None:
            return None
        span = written_by_alias


def op_writing(analysis: DocumentAnalysis, span: Span) -> str:
    """The name of the innermost op whose text holds `span` ("" in an alias definition)."""
    lifted = lifted_unit_at(analysis, span.start)
    if lifted is None:
        return ""
    holding = [(s.end - s.start, op.name) for op, s in lifted.index.op_spans.items()
               if s.start <= span.start and span.end <= s.end]
    return min(holding)[1] if holding else ""
