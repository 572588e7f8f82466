"""`cute-ir check --verify-diagnostics [--split-input-file]`: a file's diagnostics against the
`expected-*` comments it holds, with mlir-opt's rules (diagnostics/expectations.py).

With `--split-input-file` each split (`// -----`) is analysed on its own, as mlir-opt parses
each split as a file of its own: an alias, a symbol or a value of one split means nothing in
another. Lines are those of the whole file either way.
"""
from __future__ import annotations

import re
from typing import Callable

from ..analysis import DocumentAnalysis, Settings
from ..diagnostics import Diagnostic, Severity
from ..diagnostics.expectations import Failure, Produced, Verdict, expectations, verify

# mlir-opt's split marker (`kDefaultSplitMarker`), on a line of its own.
_SPLIT = re.compile(rb"^// -----[^\n]*(?:\n|$)", re.M)

_SEVERITY = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFORMATION: "remark",
             Severity.HINT: "remark"}


def splits(raw: bytes, split: bool) -> list[tuple[int, bytes]]:
    """(first line, 1-based, text) of each part of the file that is analysed on its own."""
    if not split:
        return [(1, raw)]
    out: list[tuple[int, bytes]] = []
    start, line = 0, 1
    for marker in _SPLIT.finditer(raw):
        out.append((line, raw[start:marker.start()]))
        line += raw.count(b"\n", start, marker.end())
        start = marker.end()
    out.append((line, raw[start:]))
    return out


def produced(analysis: DocumentAnalysis, diagnostics: list[Diagnostic], first_line: int) -> list[Produced]:
    """The diagnostics and their notes as mlir-opt's verifier sees them: severity, line, message."""
    out: list[Produced] = []

    def at(offset: int) -> tuple[int, int]:
        position = analysis.document.position(offset)
        return position.line + first_line, position.character + 1

    for d in diagnostics:
        out.append(Produced(_SEVERITY[d.severity], *at(d.span.start), d.message))
        out.extend(Produced("note", *at(r.span.start), r.message) for r in d.related)
    return out


def verify_file(uri: str, raw: bytes, settings: Settings, split: bool,
                keep: Callable[[Diagnostic], bool] = lambda d: True) -> Verdict:
    """The verdict on one file: every split's expectations against its diagnostics."""
    expected_all, failures = [], []
    for first_line, text in splits(raw, split):
        analysis = DocumentAnalysis(f"{uri}#split-{first_line}" if split else uri, text, settings=settings)
        got = produced(analysis, [d for d in analysis.diagnostics() if keep(d)], first_line)
        verdict = verify(expectations(text.decode("utf-8", "replace"), first_line), got)
        expected_all.extend(verdict.expected)
        failures.extend(verdict.failures)
    return Verdict(expected_all, sorted(failures, key=lambda f: (f.line, f.column)))


def render(name: str, failure: Failure) -> str:
    """mlir-opt's form of a verifier failure: `file:line:col: error: message`."""
    return f"{name}:{failure.line}:{failure.column}: error: {failure.message}"
