"""Which target a document is verified and previewed for, and why.

A document may declare its target the way CuTe DSL dumps do: `#nvvm.target<chip = "sm_100a">`
on a `gpu.module` (`gpu.module @kernels [#nvvm.target<chip = "sm_100a">] {`) or among the
attributes of a `module`. The rule:

- the command line's explicit `--arch` wins over the file (a user asked for that target);
- otherwise the file's declaration wins over the configured target (the editor's
  `cute-ir.targetArch`, or the CLI's default): the file knows what it was compiled for;
- a file that declares nothing, or names a chip cute-ir does not know, gets the configured one.

Only container headers are read (a `module` / `gpu.module` up to its `{`; see analysis/units.py,
"shell" units), so finding the declaration costs nothing per keystroke inside a function.
The first declaration in the document applies.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from ..diagnostics import Span
from ..tables.tiers import parse_target

_DECLARATION = re.compile(rb'#nvvm\.target<[^>]*?\bchip\s*=\s*"([^"]+)"')

# Where a configured target comes from (Settings.target_from), and whether it beats the file.
FROM_SETTING = "setting"          # the editor's cute-ir.targetArch
FROM_DEFAULT = "default"          # nothing configured it
FROM_COMMAND_LINE = "command line"   # an explicit --arch
FROM_FILE = "file"
_OVERRIDES_FILE = frozenset({FROM_COMMAND_LINE})

_REASONS = {
    FROM_FILE: "declared by the file (`#nvvm.target`)",
    FROM_SETTING: "the `cute-ir.targetArch` setting",
    FROM_DEFAULT: "the default target",
    FROM_COMMAND_LINE: "`--arch` on the command line",
}


@dataclass(frozen=True)
class TargetChoice:
    arch: str
    source: str                  # FROM_FILE, FROM_SETTING, FROM_DEFAULT or FROM_COMMAND_LINE
    declared: Span | None = None  # the chip string the file declares, when it declares one

    @property
    def reason(self) -> str:
        return _REASONS[self.source]


def declared_target(headers: Iterable[tuple[int, bytes]]) -> tuple[str, Span] | None:
    """The first known chip a container header declares: `(arch, span of the chip string)`.
    `headers` are `(start offset, text)` of the headers in document order."""
    for start, text in headers:
        for match in _DECLARATION.finditer(text):
            chip = match.group(1).decode("utf-8", "replace")
            if parse_target(chip) is not None:
                return chip, Span(start + match.start(1) - 1, start + match.end(1) + 1)
    return None


def choose_target(declared: tuple[str, Span] | None, configured: str, configured_from: str) -> TargetChoice:
    if declared is not None and configured_from not in _OVERRIDES_FILE:
        return TargetChoice(declared[0], FROM_FILE, declared[1])
    return TargetChoice(configured, configured_from)
