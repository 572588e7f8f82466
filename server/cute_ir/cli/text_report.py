"""`cute-ir check` text output, in the style of clang and mlir-opt: `file:line:col: severity:
message [stage:code]`, then the source line with a caret under the start of the range and `~`
under the rest of it; related notes follow the same way. Columns are 1-based code points."""
from __future__ import annotations

import os
import sys

from ..diagnostics import Diagnostic, Severity, Span
from .inputs import FileReport

_RESET = "\033[0m"
_BOLD = "\033[1m"
_COLOUR = {"error": "\033[1;31m", "warning": "\033[1;35m", "information": "\033[1;36m",
           "hint": "\033[1;36m", "note": "\033[1;30m", "caret": "\033[1;32m"}
COLOR_CHOICES = ("auto", "always", "never")


def use_colour(choice: str, stream=sys.stdout) -> bool:
    """`--color`: auto colours a terminal unless NO_COLOR is set (no-color.org)."""
    if choice == "auto":
        return stream.isatty() and not os.environ.get("NO_COLOR")
    return choice == "always"


class TextReport:
    def __init__(self, colour: bool) -> None:
        self.colour = colour
        self.lines: list[str] = []

    def _paint(self, text: str, style: str) -> str:
        return f"{style}{text}{_RESET}" if self.colour else text

    def _header(self, where: str, label: str, message: str, suffix: str = "") -> str:
        head = self._paint(f"{where}:", _BOLD)
        kind = self._paint(f"{label}:", _COLOUR[label])
        return f"{head} {kind} {self._paint(message, _BOLD)}{suffix}"

    def _snippet(self, report: FileReport, span: Span) -> list[str]:
        """The source line of `span`'s start, and the caret line under it."""
        doc = report.analysis.document
        line = doc.lines.line_of(span.start)
        start = doc.lines.start(line)
        stop = doc.lines.start(line + 1) if line + 1 < doc.lines.line_count else len(doc.data)
        raw = bytes(doc.data[start:stop]).rstrip(b"\r\n")
        source = raw.decode("utf-8", errors="replace")
        column = len(raw[:span.start - start].decode("utf-8", errors="replace"))
        width = len(raw[span.start - start:max(span.start, min(span.end, stop)) - start]
                    .decode("utf-8", errors="replace"))
        # Tabs stay tabs under tabs so the caret lines up whatever the tab width.
        pad = "".join("\t" if c == "\t" else " " for c in source[:column])
        marker = "^" + "~" * max(0, width - 1)
        return [source, pad + self._paint(marker, _COLOUR["caret"])]

    def _where(self, report: FileReport, span: Span) -> str:
        pos = report.analysis.document.position(span.start)
        return f"{report.path}:{pos.line + 1}:{pos.character + 1}"

    def add_problem(self, report: FileReport) -> None:
        self.lines.append(self._header(report.path, "error", report.problem))

    def add(self, report: FileReport, d: Diagnostic) -> None:
        self.lines.append(self._header(self._where(report, d.span), d.severity.label, d.message,
                                       f" [{d.source.value}:{d.code}]"))
        self.lines += self._snippet(report, d.span)
        for note in d.related:
            self.lines.append(self._header(self._where(report, note.span), "note", note.message))
            self.lines += self._snippet(report, note.span)

    def add_summary(self, files: int, errors: int, warnings: int) -> None:
        def plural(n: int, word: str) -> str:
            return f"{n} {word}{'s' if n != 1 else ''}"
        self.lines.append(f"{plural(files, 'file')} checked: {plural(errors, 'error')}, "
                          f"{plural(warnings, 'warning')}")

    def text(self) -> str:
        return "".join(line + "\n" for line in self.lines)


def severity_counts(shown: list[tuple[FileReport, list[Diagnostic]]]) -> tuple[int, int]:
    """(errors, warnings) among the diagnostics shown; an unreadable file is an error."""
    errors = sum(1 for r, _ in shown if r.problem) + sum(
        1 for _, ds in shown for d in ds if d.severity is Severity.ERROR)
    warnings = sum(1 for _, ds in shown for d in ds if d.severity is Severity.WARNING)
    return errors, warnings
