"""Whole-document semantic tokens are assembled from per-unit pieces kept across edits; the
result must always equal encoding the document's tokens in one go."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features import tokens
from cute_ir.lsp import semantic
from cute_ir.text.positions import Encoding, Position

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "examples").glob("*.ir")) + sorted((ROOT / "tests" / "corpus" / "verify").glob("*.ir"))
# Comments between units, a non-ASCII comment (UTF-16 columns), line breaks and stray characters.
EDITS = ["x", " ", "\n", "// note\n", "// é ü\n", "%", "  ", "é"]


def _in_one_go(analysis: DocumentAnalysis) -> list[int]:
    """The document's tokens in LSP's relative encoding, each position asked of the document."""
    data: list[int] = []
    prev_line = prev_char = 0
    for token in tokens.semantic_tokens(analysis, 0, len(analysis.document.data)):
        start, end = analysis.document.position(token.start), analysis.document.position(token.end)
        same_line = start.line == prev_line
        data += [start.line - prev_line, start.character - prev_char if same_line else start.character,
                 end.character - start.character, token.type_index, token.modifiers]
        prev_line, prev_char = start.line, start.character
    return data


@pytest.mark.parametrize("encoding", [Encoding.UTF16, Encoding.UTF8])
@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
@pytest.mark.parametrize("chunk_units", [semantic.CHUNK_UNITS, 2])
def test_assembled_tokens_equal_a_whole_document_encoding_after_edits(path: Path, encoding: Encoding,
                                                                      chunk_units: int, monkeypatch) -> None:
    """With the units' pieces kept in chunks of the server's size, and of two units (the
    files here are a few dozen units: chunks taken again and rebuilt around every edit)."""
    monkeypatch.setattr(semantic, "CHUNK_UNITS", chunk_units)
    analysis = DocumentAnalysis("file:///x.ir", path.read_text(), encoding=encoding)
    assert semantic.full_tokens(analysis) == _in_one_go(analysis)
    rng = random.Random(path.name)
    for step in range(25):
        lines = analysis.document.text.split("\n")
        line = rng.randrange(len(lines))
        column = rng.randrange(len(lines[line]) + 1)
        at = Position(line, len(lines[line][:column].encode("utf-16-le")) // 2 if encoding is Encoding.UTF16
                      else len(lines[line][:column].encode()))
        analysis.update([(at, at, rng.choice(EDITS))], step)
        assert semantic.full_tokens(analysis) == _in_one_go(analysis), f"step {step}"
        # As the server writes it, from each piece's kept text.
        assert semantic.full_tokens_json(analysis) == json.dumps({"data": _in_one_go(analysis)}, separators=(",", ":"))


def test_pieces_survive_edits_elsewhere() -> None:
    text = "module {\n" + "".join(
        f"  func.func @f{i}(%x: i32) -> i32 {{\n    %a{i} = arith.addi %x, %x : i32\n    return %a{i} : i32\n  }}\n"
        for i in range(30)) + "}\n"
    analysis = DocumentAnalysis("file:///x.ir", text)
    semantic.full_tokens(analysis)
    # Hold the pieces themselves: comparing id()s of objects that may already be freed is
    # unsound, because CPython hands a freed object's id to the next one it allocates.
    before = [u.derived[semantic.PIECES.key] for u in analysis.units]
    analysis.update([(Position(2 + 4 * 15, 7), Position(2 + 4 * 15, 7), "b")], 1)   # inside f15
    assert semantic.full_tokens(analysis) == _in_one_go(analysis)
    after = [u.derived[semantic.PIECES.key] for u in analysis.units]
    kept = [piece for piece in after if any(piece is old for old in before)]
    assert len(kept) == len(analysis.units) - 1   # only the edited function was encoded again


def test_prepare_works_in_slices_and_then_nothing_is_left() -> None:
    analysis = DocumentAnalysis("file:///x.ir", (ROOT / "examples" / "sm90_gemm_mainloop.ir").read_text())
    calls = 1
    while analysis.prepare(semantic.PIECES, 0):   # a zero budget still does one unit per call
        calls += 1
    assert calls == len(analysis.units)
    assert analysis.prepare(semantic.PIECES, 0) is False


def test_indenting_a_unit_moves_the_columns_of_its_first_line() -> None:
    text = "module {\n  func.func @f(%x: i32) {\n    return\n  }\n  func.func @g(%x: i32) {\n    return\n  }\n}\n"
    analysis = DocumentAnalysis("file:///x.ir", text)
    semantic.full_tokens(analysis)
    analysis.update([(Position(4, 0), Position(4, 0), "   ")], 1)   # whitespace between two units
    assert semantic.full_tokens(analysis) == _in_one_go(analysis)


def _applied(data: list[int], answer: str) -> list[int]:
    """`data` after the edits of a `SemanticTokensDelta` written as JSON, as a client applies them."""
    out = list(data)
    for edit in sorted(json.loads(answer)["edits"], key=lambda e: e["start"], reverse=True):
        out[edit["start"]:edit["start"] + edit["deleteCount"]] = edit.get("data", [])
    return out


@pytest.mark.parametrize("path", SOURCES[::3], ids=lambda p: p.name)
def test_a_delta_turns_the_last_answer_into_the_current_one(path: Path) -> None:
    """The server answers a delta request with the one edit between the segments it sent last
    and the current ones; applied to the last answer, it gives the current tokens."""
    analysis = DocumentAnalysis("file:///x.ir", path.read_text())
    sent = semantic.segments(analysis)
    data = semantic.full_tokens(analysis)
    assert json.loads("".join(semantic.full_tokens_parts(analysis, "1", sent))) == {"resultId": "1", "data": data}
    rng = random.Random(path.name)
    for step in range(25):
        lines = analysis.document.text.split("\n")
        line = rng.randrange(len(lines))
        column = rng.randrange(len(lines[line]) + 1)
        at = Position(line, len(lines[line][:column].encode("utf-16-le")) // 2)
        if rng.random() < 0.3 and line + 1 < len(lines):     # a stretch deleted
            analysis.update([(at, Position(line + 1, 0), "")], step)
        else:
            analysis.update([(at, at, rng.choice(EDITS))], step)
        found = semantic.segments(analysis)
        answer = "".join(semantic.delta_parts(str(step), sent, found))
        assert json.loads(answer)["resultId"] == str(step)
        data = _applied(data, answer)
        assert data == semantic.full_tokens(analysis), f"step {step}"
        sent = found


def test_a_delta_after_an_edit_in_one_function_is_that_function_s_tokens(monkeypatch) -> None:
    """With the units' pieces kept one by one (chunks of one unit, lsp/unit_chunks.py)."""
    monkeypatch.setattr(semantic, "CHUNK_UNITS", 1)
    text = "module {\n" + "".join(
        f"  func.func @f{i}(%x: i32) -> i32 {{\n    %a{i} = arith.addi %x, %x : i32\n    return %a{i} : i32\n  }}\n"
        for i in range(30)) + "}\n"
    analysis = DocumentAnalysis("file:///x.ir", text)
    sent = semantic.segments(analysis)
    before = semantic.full_tokens(analysis)
    analysis.update([(Position(0, 0), Position(0, 0), "\n")], 2)          # every function moves
    assert json.loads("".join(semantic.delta_parts("2", sent, semantic.segments(analysis))))["edits"] == [
        {"start": 0, "deleteCount": 5, "data": [before[0] + 1, *before[1:5]]}]   # the `module` line's piece
    sent = semantic.segments(analysis)
    line = 2 + 4 * 15                                                 # in @f15
    analysis.update([(Position(line, 6), Position(line, 6), "q")], 3)
    (edit,) = json.loads("".join(semantic.delta_parts("3", sent, semantic.segments(analysis))))["edits"]
    assert edit["deleteCount"] < len(before) // 20
    assert json.loads("".join(semantic.delta_parts("4", semantic.segments(analysis), semantic.segments(analysis)))) == {
        "resultId": "4", "edits": []}


def test_a_delta_after_an_edit_in_one_function_is_that_function_s_chunk() -> None:
    """The pieces kept in chunks of CHUNK_UNITS units: a delta after a keystroke in one function
    sends the tokens of that function's chunk, and the rest of the file is left alone."""
    functions = 5 * semantic.CHUNK_UNITS
    text = "module {\n" + "".join(
        f"  func.func @f{i}(%x: i32) -> i32 {{\n    %a{i} = arith.addi %x, %x : i32\n    return %a{i} : i32\n  }}\n"
        for i in range(functions)) + "}\n"
    analysis = DocumentAnalysis("file:///x.ir", text)
    sent = semantic.segments(analysis)
    before = semantic.full_tokens(analysis)
    line = 2 + 4 * (functions // 2)
    analysis.update([(Position(line, 6), Position(line, 6), "q")], 2)
    found = semantic.segments(analysis)
    (edit,) = json.loads("".join(semantic.delta_parts("2", sent, found)))["edits"]
    assert 0 < edit["deleteCount"] <= len(before) * (semantic.CHUNK_UNITS + 1) // functions
    assert _applied(before, "".join(semantic.delta_parts("2", sent, found))) == semantic.full_tokens(analysis)


def test_a_keystroke_reads_the_edited_unit_from_its_own_tree() -> None:
    """Typing in a function re-parses it alone; its tokens are read from that tree, without
    the document's tree parsed again, and equal a fresh analysis's."""
    text = "module {\n" + "".join(
        f"  func.func @f{i}(%x: i32) -> i32 {{\n    %a{i} = arith.addi %x, %x : i32\n    return %a{i} : i32\n  }}\n"
        for i in range(30)) + "}\n"
    analysis = DocumentAnalysis("file:///x.ir", text)
    semantic.full_tokens(analysis)
    for step, typed in enumerate("bcd"):
        at = Position(2 + 4 * 15, 7 + step)
        analysis.update([(at, at, typed)], step + 1)
        got = semantic.full_tokens(analysis)
        assert analysis.full_stale   # the document's tree was not needed
        assert got == _in_one_go(analysis)
        fresh = DocumentAnalysis("file:///fresh.ir", analysis.document.text)
        assert got == semantic.full_tokens(fresh)
