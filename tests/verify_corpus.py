"""MLIR -verify-diagnostics style corpus: `// expected-error @+1 {{message}}`, split by `// -----`.

Each expectation names a line, read by the rules `cute-ir check --verify-diagnostics` uses
(diagnostics/expectations.py: `@+N`, `@-N`, `@above`, `@below`, or the comment's own line), and
here the whole message: the corpus is stricter than mlir-opt, which asks for a substring. Cases are checked against target sm_90a, or the target a file names
on its first line (`// RUN: --arch sm_100a`); a line `// target: sm_120a` inside a case selects
that case's target. Exact columns are checked by pytest tests beside the corpus.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics.catalogue import CATALOGUE
from cute_ir.diagnostics.expectations import expectations

_TARGET = re.compile(r"^//\s*target:\s*(sm_\w+)\s*$", re.M)
_RUN_ARCH = re.compile(r"^//\s*RUN:\s*--arch\s+(sm_\w+)\s*$")
_SPLIT = re.compile(r"^// -----\s*$", re.M)


@dataclass(frozen=True)
class Expectation:
    severity: str
    line: int          # 0-based line in the case
    message: str


@dataclass
class Case:
    path: Path
    index: int
    first_line: int    # 0-based line of the case in the file
    text: str
    expected: list[Expectation]
    target: str = "sm_90a"   # a `// target: sm_100a` line in the case selects another


def load_cases(path: Path) -> list[Case]:
    text = path.read_text(encoding="utf-8")
    run = _RUN_ARCH.match(text.split("\n", 1)[0])
    file_target = run.group(1) if run else "sm_90a"
    cases = []
    offset_line = 0
    for index, chunk in enumerate(_SPLIT.split(text)):
        # Lines counted from 0 within the case.
        expected = [Expectation(e.severity, e.line - 1, e.text) for e in expectations(chunk)]
        target = _TARGET.search(chunk)
        cases.append(Case(path, index, offset_line, chunk, expected, target.group(1) if target else file_target))
        offset_line += chunk.count("\n") + 1
    return cases


def run_case(case: Case, arch: str | None = None) -> list[Expectation]:
    """Diagnostics of one case on `arch` (default: the case's own target)."""
    analysis = DocumentAnalysis(f"file://{case.path}#{case.index}", case.text,
                                settings=Settings(target_arch=arch or case.target))
    out = []
    for d in analysis.diagnostics():
        line = analysis.document.position(d.span.start).line
        out.append(Expectation(d.severity.label if d.severity.label != "information" else "remark", line, d.message))
        for r in d.related:
            out.append(Expectation("note", analysis.document.position(r.span.start).line, r.message))
    return out


def catalogue_backlog(produced: set[str]) -> list[str]:
    """Catalogue codes none of whose renderings appear among the produced messages."""
    backlog = []
    for code, entry in CATALOGUE.items():
        literal = [part for part in re.split(r"\{\d+\}", entry.template.replace("{{", "{").replace("}}", "}")) if part]
        if not any(all(part in message for part in literal) for message in produced):
            backlog.append(code)
    return backlog
