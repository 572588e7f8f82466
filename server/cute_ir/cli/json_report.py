"""`cute-ir check --format json`: a list of diagnostics with 0-based LSP positions (UTF-16
columns), related notes kept as `related: [{file, range, message}]`."""
from __future__ import annotations

from ..diagnostics import Diagnostic, Source, Span
from .inputs import FileReport

_ZERO = {"line": 0, "character": 0}


def lsp_range(report: FileReport, span: Span) -> dict:
    doc = report.analysis.document
    start, end = doc.position(span.start), doc.position(span.end)
    return {"start": {"line": start.line, "character": start.character},
            "end": {"line": end.line, "character": end.character}}


def problem_item(report: FileReport) -> dict:
    """A file that could not be analysed, as one error at its start."""
    return {"file": report.path, "range": {"start": _ZERO, "end": _ZERO}, "severity": "error",
            "code": "file.unreadable", "source": Source.SYNTAX.value, "message": report.problem,
            "related": []}


def item(report: FileReport, d: Diagnostic) -> dict:
    return {"file": report.path, "range": lsp_range(report, d.span), "severity": d.severity.label,
            "code": d.code, "source": d.source.value, "message": d.message,
            "related": [{"file": report.path, "range": lsp_range(report, note.span),
                         "message": note.message} for note in d.related]}


def items(shown: list[tuple[FileReport, list[Diagnostic]]]) -> list[dict]:
    out = []
    for report, diagnostics in shown:
        if report.problem:
            out.append(problem_item(report))
        out += [item(report, d) for d in diagnostics]
    return out
