"""`-verify-diagnostics`, as mlir-opt has it: the diagnostics a file expects, written in its
comments, against the diagnostics it gets.

The rules are those of MLIR's `SourceMgrDiagnosticVerifierHandler` (mlir/lib/IR/Diagnostics.cpp):

- a line holds an expectation when it matches `expected-(error|note|remark|warning)(-re)?`,
  optionally `@+N`, `@-N`, `@above`, `@below` or `@unknown`, then `{{message}}` at the end;
- the expectation is on its own line, N lines below or above it, on the last line before it
  that holds no expectation (`@above`), on the next such line after it (`@below`), or on a
  diagnostic without a location (`@unknown`);
- a diagnostic matches when it is on that line, its message contains the expected text and its
  severity is the expected one; with `-re`, each `{{...}}` in the expected text is a regular
  expression and the rest is literal, searched for in the message;
- each note of a diagnostic is checked the same way, at its own location;
- an expectation nothing matched is reported at the expectation (`expected error "..." was not
  produced`), a diagnostic nothing expected at the diagnostic (`unexpected error: ...`), and one
  that matched but for its severity as MLIR's near miss.

Lines are 1-based here, as in MLIR and in the report. Nothing here reads files or analyses text:
the caller hands in the text and the diagnostics it got (`Produced`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_DESIGNATOR = re.compile(r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *"
                         r"\{\{(.*)\}\}$")

# MLIR's four severities; an LSP "information" or "hint" is MLIR's remark.
SEVERITIES = ("error", "warning", "note", "remark")


@dataclass
class Expected:
    severity: str
    line: int | None          # None: `@unknown`, a diagnostic without a location
    text: str                 # as written between the outer braces
    at: tuple[int, int]       # (line, column) of `expected-...` itself, 1-based
    pattern: re.Pattern | None = None     # `-re`: the text as a regular expression
    problem: str | None = None            # the text is not a valid `-re` pattern
    matched: bool = False

    def matches(self, message: str) -> bool:
        if self.pattern is not None:
            return self.pattern.search(message) is not None
        return self.text in message


@dataclass(frozen=True)
class Produced:
    """A diagnostic or note the tool produced: its severity name, 1-based line and column
    (line None: no location), and message."""

    severity: str
    line: int | None
    column: int
    message: str


@dataclass(frozen=True)
class Failure:
    """One way the file's expectations and its diagnostics disagree, at a 1-based position."""

    line: int
    column: int
    message: str


@dataclass
class Verdict:
    expected: list[Expected]
    failures: list[Failure] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def _regex(text: str) -> tuple[re.Pattern | None, str | None]:
    """MLIR's `computeRegex`: `{{...}}` blocks are regular expressions, the rest is literal."""
    parts: list[str] = []
    rest = text
    while rest:
        start = rest.find("{{")
        if start < 0:
            parts.append(re.escape(rest))
            break
        parts.append(re.escape(rest[:start]))
        rest = rest[start + 2:]
        end = rest.find("}}")
        if end < 0:
            return None, "found start of regex with no end '}}'"
        block = rest[:end]
        try:
            re.compile(block)
        except re.error as err:
            return None, f"invalid regex: {err}"
        parts.append(f"({block})")
        rest = rest[end + 2:]
    return re.compile("".join(parts)), None


def expectations(text: str, first_line: int = 1) -> list[Expected]:
    """The expectations written in `text`, whose first line is line `first_line` of its file."""
    out: list[Expected] = []
    last_plain = 0                      # the last line without an expectation (0-based in `text`)
    waiting: list[Expected] = []        # `@below` expectations for the next such line
    lines = text.split("\n")
    for number, line in enumerate(lines):
        found = _DESIGNATOR.search(line.rstrip())
        if found is None:
            for expected in waiting:
                expected.line = number + first_line
            waiting.clear()
            last_plain = number
            continue
        severity, regex, _, where, body = found.groups()
        record = Expected(severity, number + first_line, body, (number + first_line, found.start() + 1))
        if regex:
            record.pattern, record.problem = _regex(body)
        if where is not None:
            if where[0] in "+-":
                record.line = number + first_line + int(where)
            elif where == "unknown":
                record.line = None
            elif where == "above":
                record.line = last_plain + first_line
            else:   # below: the next line without an expectation, else past the end
                record.line = len(lines) + first_line - 1
                waiting.append(record)
        out.append(record)
    return out


def verify(expected: list[Expected], produced: list[Produced]) -> Verdict:
    """Match what was produced against what was expected, in MLIR's order: each produced
    diagnostic takes the first expectation on its line that it matches with the same severity."""
    verdict = Verdict(expected)
    for record in expected:
        if record.problem is not None:
            verdict.failures.append(Failure(*record.at, record.problem))
    by_line: dict[int | None, list[Expected]] = {}
    for record in expected:
        if record.problem is None:
            by_line.setdefault(record.line, []).append(record)
    for diagnostic in produced:
        near: Expected | None = None
        for record in by_line.get(diagnostic.line, ()):
            if record.matches(diagnostic.message):
                if record.severity == diagnostic.severity:
                    record.matched = True
                    break
                near = record
        else:
            if near is not None:
                verdict.failures.append(Failure(*near.at, f"'{diagnostic.severity}' diagnostic emitted when "
                                                          f"expecting a '{near.severity}'"))
            else:
                verdict.failures.append(Failure(diagnostic.line or 0, diagnostic.column,
                                                f"unexpected {diagnostic.severity}: {diagnostic.message}"))
    for record in expected:
        if record.problem is None and not record.matched:
            verdict.failures.append(Failure(*record.at, f"expected {record.severity} \"{record.text}\" was not produced"))
    verdict.failures.sort(key=lambda f: (f.line, f.column))
    return verdict
