"""Which target a document is checked for, told to people: the hover note, `cute-ir/documentTarget`
and the op that holds the atom an inferred target was decided by (ir/target.py decides)."""
from __future__ import annotations

from ..analysis import DocumentAnalysis
from ..diagnostics import Span
from ..ir.target import TargetChoice
from .lifted import lifted_unit_at


def line_col(analysis: DocumentAnalysis, offset: int) -> tuple[int, int]:
    """1-based line and column of a byte offset, as editors and `check` show them."""
    position = analysis.document.position(offset)
    return position.line + 1, position.character + 1


def explain(analysis: DocumentAnalysis, choice: TargetChoice | None = None) -> str:
    """Why the document has its target: `inferred from `atom.tmem_load` at 12:5; the file
    declares none`, `declared by the file (`#nvvm.target`)`, ..."""
    return (choice or analysis.target).explain(lambda at: line_col(analysis, at))


def op_writing(analysis: DocumentAnalysis, span: Span) -> str:
    """The name of the innermost op whose text holds `span` ("" in an alias definition)."""
    lifted = lifted_unit_at(analysis, span.start)
    if lifted is None:
        return ""
    holding = [(s.end - s.start, op.name) for op, s in lifted.index.op_spans.items()
               if s.start <= span.start and span.end <= s.end]
    return min(holding)[1] if holding else ""
