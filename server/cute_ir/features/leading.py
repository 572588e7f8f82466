"""The diagnostics of a large document's top, shown before the whole document is analysed.

Opening a 50k-line file takes its whole-document parse and analysis (hundreds of milliseconds)
before the first diagnostics, while the editor shows the first screens of it. For a text of at
least LEADING_FROM characters the server first analyses a leading part (`leading`): the text
up to the end of a top-level statement found after LEADING_CHARS characters, with the braces
still open there closed, and publishes what that part's statements say; then it analyses the
whole text as before and publishes the complete set.

What is published first must be what the complete analysis also says, so the first publish
only adds nothing false: only diagnostics that depend on a statement's own text, never on what
follows it (`_LOCAL_SOURCES`: syntax and types; verification reads symbols defined anywhere in
the file, a callee after its call, and a target inferred from all its atoms), lying wholly before the cut, and none at all
when the leading part does not parse cleanly (tree-sitter's recovery of a broken text depends on
more than one statement) or the cut is not between two units of its analysis.
tests/test_leading.py holds this over many cut points of real dumps and the upstream file, with
and without a syntax error after the cut.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass

from ..analysis import DocumentAnalysis, Settings
from ..diagnostics import Diagnostic, Source
from ..text.positions import Encoding



def _leading_from(default: int = 200_000) -> int:
    """CUTE_IR_LEADING_FROM overrides it (a number of characters; the fuzzers set 0 so that
    every open goes this way)."""
    raw = os.environ.get("CUTE_IR_LEADING_FROM", "")
    try:
        return max(0, int(raw)) if raw.strip() else default
    except ValueError:
        return default


# Texts of at least this many characters (about 5,000 lines of MLIR) get a first publish of
# their top: below it the whole open takes about as long as the top's (tens of milliseconds).
LEADING_FROM = _leading_from()
# The leading part ends at the first top-level statement boundary after this many characters
# (about 1,000 lines of the upstream file, 500 of real dumps: ten screens and more, analysed
# in about 15 ms; 100,000 took 45).
LEADING_CHARS = 40_000
# No boundary within this many characters after LEADING_CHARS (one huge function, one long
# line): no first publish.
_SCAN_CHARS = 8 * LEADING_CHARS

# What only the statement's own text decides (see the module's note).
_LOCAL_SOURCES = frozenset((Source.SYNTAX, Source.TYPES))

# What moves the nesting, and what hides brackets from it: strings and line comments.
_TOKENS = re.compile(r'"(?:[^"\\\n]|\\.)*"?|//[^\n]*|[{}()\[\]\n]')
_STEPS = {"{": 1, "(": 1, "[": 1, "}": -1, ")": -1, "]": -1}


@dataclass(frozen=True)
class Leading:
    """The diagnostics of a text's top: `analysis` is of text[:cut] plus closing braces, whose
    positions before `cut` are the text's own (the same characters)."""
    analysis: DocumentAnalysis
    cut: int
    diagnostics: list[Diagnostic]


def cut_point(text: str, after: int = LEADING_CHARS) -> tuple[int, int] | None:
    """(cut, braces still open there): the end of the first line after `after` characters on
    which a `}` closed a statement at the top level or in a top-level container's region (brace
    depth 1), with nothing else open at the line's end; None when there is none within
    _SCAN_CHARS after `after`. Cheap and without the tree: `leading` checks that the cut is between units."""
    braces = others = 0
    closed = False   # a `}` on this line closed something to depth <= 1
    for token in _TOKENS.finditer(text, 0, min(len(text), after + _SCAN_CHARS)):
        char = token.group()
        if char == "\n":
            if closed and braces <= 1 and others == 0 and token.end() > after:
                return token.end(), braces
            closed = False
            continue
        step = _STEPS.get(char)
        if step is None:
            continue   # a string or a comment
        if char in "{}":
            braces += step
            closed = closed or (char == "}" and braces <= 1)
        else:
            others += step
        if braces < 0 or others < 0:
            return None   # more closed than opened: the text is broken here
    return None


def leading(uri: str, text: str, version: int | None, encoding: Encoding = Encoding.UTF16,
            settings: Settings | None = None, after: int = LEADING_CHARS,
            at_least: int = LEADING_FROM) -> Leading | None:
    """The diagnostics of `text`'s top that its complete analysis also gives (see the module's
    note), cut after `after` characters; None for a text below `at_least` characters or whose
    top cannot be cut so."""
    if len(text) < at_least:
        return None
    found = cut_point(text, after)
    if found is None or found[0] > len(text) // 2:
        return None   # no cut, or a part about as costly as the whole: the whole goes first
    cut, open_braces = found
    analysis = DocumentAnalysis(uri, text[:cut] + "}\n" * open_braces, version, encoding, settings,
                                verify_budget=0)
    syntax = analysis.syntax
    if syntax is None or syntax.root.has_error:
        return None
    cut_byte = len(text[:cut].encode("utf-8"))
    if any(unit.start < cut_byte < unit.end for unit in analysis.units):
        return None
    kept = [d for d in analysis.diagnostics()
            if d.source in _LOCAL_SOURCES and all(s.end < cut_byte for s in (d.span, *(r.span for r in d.related)))]
    return Leading(analysis, cut, kept)
