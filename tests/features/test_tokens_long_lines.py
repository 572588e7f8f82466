"""Lines longer than MAX_TOKENIZED_LINE get no semantic tokens (as VS Code tokenizes no such
line); every other line keeps its tokens, whatever line ends the text uses and however large
the stretch asked for."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features.tokens import MAX_TOKENIZED_LINE, semantic_tokens

SHORT = '"test.op"() {k = 1 : i32} : () -> ()'


@pytest.mark.parametrize("line_end", ["\n", "\r\n", "\r"])
def test_only_the_long_line_goes_without_tokens(line_end: str) -> None:
    long_line = '"test.long"() {k = [' + ", ".join(["1"] * (MAX_TOKENIZED_LINE // 3)) + ']} : () -> ()'
    assert len(long_line) > MAX_TOKENIZED_LINE
    text = line_end.join([SHORT, long_line, SHORT] + [SHORT] * 700) + line_end
    analysis = DocumentAnalysis("file:///long.mlir", text, verify_budget=0)
    data = analysis.document.data
    long_start = data.index(b'"test.long"')
    long_end = long_start + len(long_line)
    found = semantic_tokens(analysis, 0, len(data))
    assert not [t for t in found if long_start <= t.start < long_end]
    on_short_lines = [t for t in found if data[t.start:t.end] == b'"test.op"']
    assert len(on_short_lines) == 702
    # A stretch of short lines longer than a long line is tokenized all through.
    assert len(data) - long_end > MAX_TOKENIZED_LINE
    tail = semantic_tokens(analysis, long_end, len(data))
    assert [t for t in tail if data[t.start:t.end] == b'"test.op"'] == on_short_lines[1:]


@pytest.mark.parametrize("line_end", ["\n", "\r\n", "\r"])
def test_the_line_index_finds_the_same_long_lines_as_the_search(line_end: str) -> None:
    """`_short_line_ranges` answers from the document's line index where it can: the ranges
    are the search's, for every stretch, with long lines anywhere or nowhere in it."""
    import random

    from cute_ir.features.tokens import _short_line_ranges
    near = "x" * (MAX_TOKENIZED_LINE - 1)
    lines = [SHORT, "y" * (MAX_TOKENIZED_LINE + 5), SHORT, near, near + "z", near + "zz", SHORT * 3, ""]
    rng = random.Random(line_end)
    text = line_end.join(rng.choice(lines) for _ in range(60))
    analysis = DocumentAnalysis("file:///long.mlir", text, verify_budget=0)
    data, index = analysis.document.data, analysis.document.lines
    for _ in range(400):
        lo = rng.randrange(len(data) + 1)
        hi = min(len(data), lo + rng.choice([0, 1, 50, MAX_TOKENIZED_LINE, 3 * MAX_TOKENIZED_LINE, 10 ** 6]))
        assert _short_line_ranges(data, lo, hi, index) == _short_line_ranges(data, lo, hi), (lo, hi)
