"""The outline the server sends is written as JSON directly (lsp/outline_json.py, with LSP's
SymbolKind numbers of its own): it must be exactly the lsprotocol DocumentSymbols of the outline, for every
example and corpus file, and stay so after edits that move units by bytes and by lines."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from lsprotocol import types as lsp
from lsprotocol.converters import get_converter

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features import outline
from cute_ir.lsp import convert, outline_json
from cute_ir.text.positions import Encoding, Position

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "examples").glob("*.ir")) + sorted((ROOT / "tests" / "corpus" / "cutedsl").glob("*/raw.mlir"))
CONVERTER = get_converter()


def _expected(analysis: DocumentAnalysis):
    return CONVERTER.unstructure([convert.symbol(analysis, s) for s in outline.document_symbols(analysis)])


def _sent(analysis: DocumentAnalysis):
    return json.loads("".join(convert.document_symbols(analysis).parts))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("encoding", [Encoding.UTF16, Encoding.UTF8])
def test_the_json_is_the_lsprotocol_outline(path: Path, encoding: Encoding):
    analysis = DocumentAnalysis(path.as_uri(), path.read_text(encoding="utf-8"), encoding=encoding)
    assert _sent(analysis) == _expected(analysis)


def test_the_symbol_kinds_are_the_protocol_s():
    named = {"module": lsp.SymbolKind.Module, "function": lsp.SymbolKind.Function,
             "alias": lsp.SymbolKind.TypeParameter, "atom": lsp.SymbolKind.Variable,
             "operation": lsp.SymbolKind.Event, "anything else": lsp.SymbolKind.Object}
    assert {kind: outline_json.symbol_kind(kind) for kind in named} == {k: int(v) for k, v in named.items()}


def test_units_that_moved_are_encoded_where_they_are_now():
    path = ROOT / "tests" / "corpus" / "cutedsl" / "sm90_tma_wgmma_stmatrix" / "raw.mlir"
    analysis = DocumentAnalysis(path.as_uri(), path.read_text(encoding="utf-8"))
    _sent(analysis)
    middle = analysis.document.position(len(analysis.document.data) // 2)
    line = Position(middle.line, 0)
    for version, text in enumerate(("x", "\n\n", "é😀", "// c\n"), start=2):
        analysis.update([(line, line, text)], version)
        assert _sent(analysis) == _expected(analysis)


def _expected_folds(analysis: DocumentAnalysis) -> list[dict]:
    """The folding ranges as lsprotocol writes them, from the whole-document fold list."""
    out = []
    for fold in outline.folding_ranges(analysis):
        start, end = analysis.document.position(fold.start).line, analysis.document.position(fold.end).line
        if end > start:
            out.append(CONVERTER.unstructure(lsp.FoldingRange(start_line=start, end_line=end - 1 if end - 1 > start else end)))
    return out


def _sent_folds(analysis: DocumentAnalysis) -> list[dict]:
    return json.loads("".join(convert.folding_ranges(analysis).parts))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_folding_json_is_the_lsprotocol_folding_ranges(path: Path):
    analysis = DocumentAnalysis(path.as_uri(), path.read_text(encoding="utf-8"))
    assert _sent_folds(analysis) == _expected_folds(analysis)


def test_folds_of_units_that_moved_are_where_they_are_now():
    path = ROOT / "tests" / "corpus" / "cutedsl" / "sm90_tma_wgmma_stmatrix" / "raw.mlir"
    analysis = DocumentAnalysis(path.as_uri(), path.read_text(encoding="utf-8"))
    assert _sent_folds(analysis)
    middle = analysis.document.position(len(analysis.document.data) // 2)
    for version, (text, column) in enumerate((("x", 0), ("\n\n", 0), ("é😀", 0), ("// c\n", 0), ("{\n", 3), ("\n", 2)),
                                             start=2):
        at = Position(middle.line, column)
        analysis.update([(at, at, text)], version)
        assert _sent_folds(analysis) == _expected_folds(analysis)
