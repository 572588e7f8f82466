"""The whole-document answers (outline, folding ranges, semantic tokens) are kept per unit and
only the edited unit's part is computed again; after any edit they equal the answers of a fresh
analysis of the same text, in the features' form and as the server writes them."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features import outline
from cute_ir.features.outline import document_symbols, folding_ranges
from cute_ir.lsp import convert, semantic
from cute_ir.text.positions import Position

ROOT = Path(__file__).resolve().parents[2]
DUMPS = sorted((ROOT / "tests" / "corpus" / "cutedsl").glob("*/*.mlir"))[:4]

# Each edit as (what it is, a line to apply it to -> the change). They keep the file's braces
# balanced but for the last, which takes one away (a file while a region is being typed).
_TYPED = [
    "q", "\n", " ", "%", "!cute_nvgpu.atom.universal_copy<f16, 32 b>",
    "    %z = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16, 16 b>\n",
    "    %w = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.ldsm<m8n8.x4>\n",
    "    %r = scf.execute_region -> i32 {\n      scf.yield %x : i32\n    }\n",
    "  func.func @inserted(%n: i32) {\n    return\n  }\n",
    '    "test.multi"() : () ->\n      ()\n',
]


def _answers(analysis: DocumentAnalysis) -> dict[str, object]:
    return {
        "symbols": document_symbols(analysis),
        "folds": folding_ranges(analysis),
        "outline sent": "".join(convert.document_symbols(analysis).parts),
        "folding ranges sent": "".join(convert.folding_ranges(analysis).parts),
        "semantic tokens sent": semantic.full_tokens_json(analysis),
    }


def _generated() -> str:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from generate_ir import generate
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return generate(400)


def _edit(rng: random.Random, text: str) -> tuple[Position, Position, str]:
    lines = text.split("\n")
    line = rng.randrange(len(lines))
    r = rng.random()
    if r < 0.6:
        column = rng.randint(0, len(lines[line]))
        return Position(line, column), Position(line, column), rng.choice(_TYPED)
    if r < 0.8 and lines[line].strip() and "{" not in lines[line] and "}" not in lines[line]:
        return Position(line, 0), Position(line + 1, 0), ""       # a statement's line deleted
    if r < 0.95 and lines[line]:
        column = rng.randrange(len(lines[line]))
        if lines[line][column] not in "{}":
            return Position(line, column), Position(line, column + 1), ""
    brace = next((i for i in range(line, len(lines)) if "}" in lines[i]), None)
    if brace is None:
        return Position(line, 0), Position(line, 0), "x"
    column = lines[brace].index("}")
    return Position(brace, column), Position(brace, column + 1), ""


@pytest.mark.parametrize("name", ["generated", *(p.parent.name for p in DUMPS)])
def test_answers_after_edits_equal_a_fresh_analysis(name: str) -> None:
    text = _generated() if name == "generated" else next(p for p in DUMPS if p.parent.name == name).read_text()
    rng = random.Random(name)
    analysis = DocumentAnalysis("file:///edited.mlir", text, verify_budget=0)
    _answers(analysis)                  # every unit's parts computed once, as after open
    for version in range(2, 26):
        change = _edit(rng, analysis.document.text)
        analysis.update([change], version)
        fresh = DocumentAnalysis("file:///fresh.mlir", analysis.document.text, verify_budget=0)
        got, expected = _answers(analysis), _answers(fresh)
        for key in expected:
            assert got[key] == expected[key], f"{key} after edit {version}: {change}"


def test_only_the_edited_unit_is_read_again(monkeypatch) -> None:
    """A keystroke in one function reads that function's outline again, no other's."""
    analysis = DocumentAnalysis("file:///edited.mlir", _generated(), verify_budget=0)
    _answers(analysis)
    read: list[int] = []
    original = outline._written_outline

    def counting(operations, data, base):
        read.append(base)
        return original(operations, data, base)
    monkeypatch.setattr(outline, "_written_outline", counting)
    lines = analysis.document.text.split("\n")
    line = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].lstrip().startswith("%a_"))
    column = lines[line].index("%a_") + 1
    analysis.update([(Position(line, column), Position(line, column), "q")], 2)
    _answers(analysis)
    assert len(read) == 1
