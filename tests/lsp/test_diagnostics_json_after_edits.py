"""A publish writes again only the diagnostics an edit could change (lsp/diagnostic_json.py);
what it sends must equal the document's diagnostics converted afresh after any edit: above,
inside and below a unit, adding and removing lines, making and unmaking a unit, in text with
CRLF line ends and characters UTF-16 counts differently."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import Diagnostic
from cute_ir.lsp import diagnostic_json
from cute_ir.text.positions import Encoding, Position

ROOT = Path(__file__).resolve().parents[2]
MISTAKES = (ROOT / "examples" / "mistakes.ir").read_text()
# Well-formed, with diagnostics in every function: a target error in each (sm90 atoms on sm_80).
FUNCTION = """func.func @f{i}(%x: i32) {{
  %w = cute_nvgpu.make_mma_atom {{shape_MNK = [64, 100, 16], a_type = f16, b_type = f16, c_type = f32}} : !cute_nvgpu.sm90.mma
  %y = arith.addi %x, %x : i32
  return
}}
"""
WELL_FORMED = "".join(FUNCTION.format(i=i) for i in range(12))
EDITS = ["x", "\n", "\n\n", "// é ü\n", "é", "", "%q = arith.addi %x, %x : i32\n", FUNCTION.format(i=99)]


def _fresh(analysis: DocumentAnalysis) -> list[dict]:
    document = analysis.document
    return [diagnostic_json.diagnostic(document, d, document.uri) for d in analysis.diagnostics()]


def _check(analysis: DocumentAnalysis, what: str) -> None:
    got = diagnostic_json.diagnostics(analysis)
    assert got == _fresh(analysis), what
    # The publish's text, written again only for the values written anew, is json.dumps's.
    assert diagnostic_json.publish_text(analysis, got) == json.dumps(
        diagnostic_json.publish_params(analysis, got), separators=(",", ":")), what
    again = DocumentAnalysis("file:///again.ir", analysis.document.text, encoding=analysis.document.encoding)
    document = again.document
    assert got == [diagnostic_json.diagnostic(document, d, analysis.document.uri) for d in again.diagnostics()], what


def _at(text: str, line: int, column: int, encoding: Encoding) -> Position:
    prefix = text.split("\n")[line][:column]
    return Position(line, len(prefix.encode("utf-16-le")) // 2 if encoding is Encoding.UTF16 else len(prefix.encode()))


# One function's closing brace deleted: the document is read piece by piece (analysis/segments.py).
BROKEN = WELL_FORMED.replace("  return\n}\n", "  return\n", 1)


@pytest.mark.parametrize("encoding", [Encoding.UTF16, Encoding.UTF8])
@pytest.mark.parametrize("name", ["mistakes", "well-formed", "crlf", "broken"])
def test_published_diagnostics_equal_a_fresh_conversion_after_edits(name: str, encoding: Encoding) -> None:
    text = {"mistakes": MISTAKES, "well-formed": WELL_FORMED, "crlf": WELL_FORMED.replace("\n", "\r\n"),
            "broken": BROKEN}[name]
    analysis = DocumentAnalysis("file:///x.ir", text, encoding=encoding)
    _check(analysis, "after open")
    assert diagnostic_json.diagnostics(analysis)
    rng = random.Random(name)
    for step in range(40):
        current = analysis.document.text
        lines = current.split("\n")
        line = rng.randrange(len(lines))
        column = rng.randrange(len(lines[line]) + 1)
        start = _at(current, line, column, encoding)
        if rng.random() < 0.3 and line + 1 < len(lines):
            change = (start, Position(line + 1, 0), "")        # the rest of a line and its line end removed
        elif rng.random() < 0.1:
            end_line = min(len(lines) - 1, line + rng.randrange(1, 8))
            change = (start, Position(end_line, 0), rng.choice(EDITS))   # lines replaced
        else:
            change = (start, start, rng.choice(EDITS))
        analysis.update([change], step + 2)
        _check(analysis, f"step {step}: {change}")


def test_a_function_made_and_unmade_above_and_below() -> None:
    analysis = DocumentAnalysis("file:///x.ir", WELL_FORMED)
    _check(analysis, "after open")
    end = len(WELL_FORMED.split("\n")) - 1
    for at in (Position(0, 0), Position(5 * 6, 0), Position(end, 0)):
        analysis.update([(at, at, FUNCTION.format(i=77))], 2)
        _check(analysis, f"made at {at}")
        analysis.update([(at, Position(at.line + 5, 0), "")], 3)
        _check(analysis, f"unmade at {at}")


def test_only_what_an_edit_reaches_is_written_again(monkeypatch) -> None:
    """A keystroke in one function of many writes that function's diagnostics again; those
    above it are kept as they were, those below it only moved (not converted)."""
    analysis = DocumentAnalysis("file:///x.ir", WELL_FORMED)
    diagnostic_json.diagnostics(analysis)
    written: list[int] = []
    original = diagnostic_json.diagnostic

    def counting(document, d, uri, range_of=None):
        written.append(d.span.start)
        return original(document, d, uri, range_of)
    monkeypatch.setattr(diagnostic_json, "diagnostic", counting)
    line = 5 * 6 + 2   # the `%y` line of the seventh function
    analysis.update([(Position(line, 4), Position(line, 4), "z")], 2)
    published = diagnostic_json.diagnostics(analysis)
    assert len(published) == 12 and len(written) <= 1
    analysis.update([(Position(line, 0), Position(line, 0), "\n")], 3)
    published = diagnostic_json.diagnostics(analysis)
    assert len(published) == 12 and len(written) <= 2
    monkeypatch.undo()
    assert published == _fresh(analysis)


@pytest.mark.parametrize("text", [WELL_FORMED, BROKEN], ids=["well-formed", "broken"])
def test_units_an_edit_did_not_reach_hand_out_the_same_diagnostics(text: str) -> None:
    """`Unit.placed`: a unit whose diagnostics and start are as they were gives the very objects
    it gave; one the edit moved gives them moved, as a fresh analysis places them; the publish
    equals a fresh conversion either way."""
    analysis = DocumentAnalysis("file:///x.ir", text)
    before = analysis.diagnostics()
    diagnostic_json.diagnostics(analysis)
    line = 5 * 6 + 2   # the `%y` line of the seventh function
    analysis.update([(Position(line, 4), Position(line, 4), "zz")], 2)
    after = analysis.diagnostics()
    edited = analysis.unit_at(analysis.document.offset(Position(line, 4)))
    above = [d for d in before if d.span.end <= edited.start]
    assert len(above) >= 5 and all(any(a is d for a in after) for d in above)
    below = [d for d in after if d.span.start > analysis.document.offset(Position(line + 1, 0))]
    assert below and not any(any(b is d for b in before) for d in below)
    fresh = DocumentAnalysis("file:///x.ir", analysis.document.text).diagnostics()
    assert sorted(after, key=lambda d: d.document_order()) == sorted(fresh, key=lambda d: d.document_order())
    _check(analysis, "after the keystroke")
    assert analysis.diagnostics() == after and all(a is b for a, b in zip(analysis.diagnostics(), after))


@pytest.mark.parametrize("text", [WELL_FORMED, BROKEN], ids=["well-formed", "broken"])
def test_the_diagnostics_below_an_edit_are_matched_in_order_not_by_value(text: str, monkeypatch) -> None:
    """Below a keystroke, each diagnostic is the last publish's one moved by it: its value is
    handed out again (moved down when the edit added lines) with no moved copy made to look it
    up, and the publish equals a fresh conversion."""
    analysis = DocumentAnalysis("file:///x.ir", text)
    first = diagnostic_json.diagnostics(analysis)
    line = 2   # the `%y` line of the first function: every other function's diagnostics are below
    analysis.update([(Position(line, 4), Position(line, 4), "z")], 2)
    analysis.diagnostics()
    made: list[int] = []
    shifted = Diagnostic.shifted
    monkeypatch.setattr(Diagnostic, "shifted", lambda d, delta: made.append(delta) or shifted(d, delta))
    typed = diagnostic_json.diagnostics(analysis)
    assert not made
    assert len(typed) >= 12 and sum(any(v is w for w in first) for v in typed) >= 10
    analysis.update([(Position(line, 0), Position(line, 0), "\n\n")], 3)
    analysis.diagnostics()
    made.clear()
    moved = diagnostic_json.diagnostics(analysis)
    assert not made
    below = [(v, w) for v, w in zip(moved, typed) if v["range"]["start"]["line"] > line + 2]
    assert len(below) >= 10 and all(v["range"]["start"]["line"] == w["range"]["start"]["line"] + 2 for v, w in below)
    monkeypatch.undo()
    assert typed == _fresh_after(text, [(2, 4, "z")]) and moved == _fresh(analysis)


def _fresh_after(text: str, edits: list[tuple[int, int, str]]) -> list[dict]:
    analysis = DocumentAnalysis("file:///x.ir", text)
    for line, column, inserted in edits:
        analysis.update([(Position(line, column), Position(line, column), inserted)], 2)
    return _fresh(analysis)
