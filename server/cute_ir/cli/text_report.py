"""`cute-ir check` text output, in the style of clang and mlir-opt: `file:line:col: severity:
message [stage:code]`, then the source line with a caret under the start of the range and `~`
under the rest of it; related notes follow the same way. Columns are 1-based code points.

A source line longer than SOURCE_WIDTH characters (CuTe DSL dumps write types of thousands) is
cut to a window around the caret, with `…` where text was left out, as rustc does: the
diagnostic's own line keeps its full column, only the quoted source is cut."""
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

# The most characters of a source line shown under a diagnostic: rustc's width when it does
# not write to a terminal. A window keeps WINDOW_CONTEXT characters before the caret when the
# range fits beside them, and never fewer than MIN_CONTEXT; `…` stands for what is cut.
SOURCE_WIDTH = 140
WINDOW_CONTEXT = 40
MIN_CONTEXT = 10
ELLIPSIS = "…"

# How the summary names n diagnostics of each severity (information is uncountable).
_SEVERITY_WORDS = {Severity.ERROR: ("error", "errors"), Severity.WARNING: ("warning", "warnings"),
                   Severity.INFORMATION: ("information", "information"),
                   Severity.HINT: ("hint", "hints")}


def use_colour(choice: str, stream=None) -> bool:
    """`--color`: auto colours a terminal unless NO_COLOR is set (no-color.org). `stream`:
    standard output as it is when asked (not when this module was imported)."""
    stream = stream if stream is not None else sys.stdout
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
        lo, hi = source_window(len(source), column, width)
        shown = source[lo:hi]
        before, after = (ELLIPSIS if lo > 0 else ""), (ELLIPSIS if hi < len(source) else "")
        # Tabs stay tabs under tabs so the caret lines up whatever the tab width.
        pad = " " * len(before) + "".join("\t" if c == "\t" else " " for c in source[lo:column])
        marker = "^" + "~" * max(0, min(width, hi - column) - 1)
        return [before + shown + after, pad + self._paint(marker, _COLOUR["caret"])]

    def _where(self, report: FileReport, span: Span) -> str:
        pos = report.analysis.document.position(span.start)
        return f"{report.path}:{pos.line + 1}:{pos.character + 1}"

    def add_target(self, report: FileReport, sentence: str) -> None:
        """Which target the file was checked for, when the file did not say (`path: note: ...`)."""
        self.lines.append(self._header(report.path, "note", sentence))

    def add_problem(self, report: FileReport) -> None:
        self.lines.append(self._header(report.path, "error", report.problem))

    def add(self, report: FileReport, d: Diagnostic) -> None:
        self.lines.append(self._header(self._where(report, d.span), d.severity.label, d.message,
                                       f" [{d.source.value}:{d.code}]"))
        self.lines += self._snippet(report, d.span)
        for note in d.related:
            self.lines.append(self._header(self._where(report, note.span), "note", note.message))
            self.lines += self._snippet(report, note.span)

    def add_summary(self, files: int, counts: dict[Severity, int]) -> None:
        """`N files checked: E errors, W warnings`, then every other severity printed."""
        said = [f"{n} {_SEVERITY_WORDS[severity][n != 1]}" for severity, n in counts.items()
                if n or severity in (Severity.ERROR, Severity.WARNING)]
        self.lines.append(f"{files} file{'s' if files != 1 else ''} checked: {', '.join(said)}")

    def text(self) -> str:
        return "".join(line + "\n" for line in self.lines)


def source_window(length: int, column: int, width: int, limit: int = SOURCE_WIDTH) -> tuple[int, int]:
    """The characters [lo, hi) of a line of `length` to show for a range of `width` starting at
    `column`: the whole line when it fits in `limit`, else `limit - 2` characters (room for a
    `…` at each end) that hold the caret, WINDOW_CONTEXT characters before it (fewer when the
    range needs the room, never fewer than MIN_CONTEXT) and as much of the range as fits."""
    if length <= limit:
        return 0, length
    room = limit - 2
    lo = max(0, column - WINDOW_CONTEXT)
    lo = max(lo, min(column - MIN_CONTEXT, column + width - room))   # slide right for the range
    lo = max(0, lo)
    lo = min(lo, max(0, length - room))                 # at the end of the line, fill the room
    return lo, min(length, lo + room)


def severity_counts(shown: list[tuple[FileReport, list[Diagnostic]]]) -> dict[Severity, int]:
    """How many diagnostics of each severity are shown, most severe first; an unreadable file
    is an error."""
    counts = dict.fromkeys(Severity, 0)
    counts[Severity.ERROR] += sum(1 for r, _ in shown if r.problem)
    for _, diagnostics in shown:
        for d in diagnostics:
            counts[d.severity] += 1
    return counts
