"""The whole-document answers' share of each unit, and the chunks they join, computed ahead
while the client is quiet after an open (`CuteIrServer.answer_ahead`), and the slices a first
request computes them in (`DocumentAnalysis.prepare`): the answers depend on the text alone, so with or without either,
before and after edits, they equal a fresh analysis's."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis, PerUnit
from cute_ir.features import outline
from cute_ir.lsp import convert, outline_json, semantic, unit_chunks
from cute_ir.text.positions import Position

from .helpers import server_with

ROOT = Path(__file__).resolve().parents[2]
TEXTS = [ROOT / "tests/corpus/cutedsl/sm90_tma_wgmma_stmatrix/raw.mlir", ROOT / "examples/sm90_gemm_mainloop.ir"]
# Containers (the outline's modules) around units, and a unit with a fold and an atom.
NESTED = "".join(
    f"module {{\n  gpu.module @k{m} {{\n" + "".join(
        f"    func.func @f{m}_{i}(%a: i32) {{\n      %v = arith.addi %a, %a : i32\n"
        f"      %atom = cute_nvgpu.make_copy_atom {{val_type = f16}} : !cute_nvgpu.atom.ldsm<m8n8.x4>\n"
        f"      return\n    }}\n" for i in range(6)) + "  }\n}\n" for m in range(3))


def _texts() -> list[str]:
    return [path.read_text() for path in TEXTS if path.exists()] + [NESTED]


def _answers(analysis: DocumentAnalysis) -> dict[str, str]:
    return {"outline": "".join(convert.document_symbols(analysis).parts),
            "folds": "".join(convert.folding_ranges(analysis).parts),
            "tokens": semantic.full_tokens_json(analysis)}


def _fresh(analysis: DocumentAnalysis) -> dict[str, str]:
    return _answers(DocumentAnalysis(analysis.document.uri, analysis.document.text, verify_budget=0))


def _ahead(analysis: DocumentAnalysis, monkeypatch, edit_after: int | None = None) -> int:
    """Run the server's computing ahead for `analysis` to its end; with `edit_after`, a
    character typed after that many slices. How many slices ran."""
    ls = server_with(analysis)
    slices = 0
    note = ls.collector.note_activity

    def counted(*args, **kwargs):
        nonlocal slices
        slices += 1
        if slices == edit_after:
            analysis.update([(Position(3, 0), Position(3, 0), " ")], 2)
        return note(*args, **kwargs)
    monkeypatch.setattr(ls.collector, "note_activity", counted)
    monkeypatch.setattr("cute_ir.lsp.server.AHEAD_UNITS", 1)
    monkeypatch.setattr("cute_ir.lsp.server.AHEAD_SLICE", 0.0)
    monkeypatch.setattr("cute_ir.lsp.server.MESSAGE_QUIET", 0.0)

    async def scenario() -> None:
        ls.answer_ahead(analysis.document.uri)
        await asyncio.wait_for(ls._ahead[analysis.document.uri][1], timeout=60)
    asyncio.run(scenario())
    return slices


def _read_as_kept(analysis: DocumentAnalysis, monkeypatch) -> None:
    """The answers read what was kept: no unit is computed again, and no chunk of units'
    answers is made again (lsp/unit_chunks.py): each is taken as it was made ahead. And they
    equal a fresh analysis's."""
    computed: list[object] = []
    monkeypatch.setattr(DocumentAnalysis, "for_unit", lambda self, unit, result: computed.append(unit))
    made: list[int] = []

    class Counted(unit_chunks.Chunk):
        def __init__(self, *args) -> None:
            made.append(len(args[1]))
            super().__init__(*args)
    monkeypatch.setattr(unit_chunks, "Chunk", Counted)
    answers = _answers(analysis)
    assert computed == [] and made == []
    monkeypatch.undo()
    assert answers == _fresh(analysis)


@pytest.mark.parametrize("text", _texts(), ids=lambda t: t[:20])
def test_what_is_computed_ahead_is_what_the_answers_read(text, monkeypatch) -> None:
    analysis = DocumentAnalysis("file:///ahead.mlir", text, verify_budget=0)
    slices = _ahead(analysis, monkeypatch)
    units = analysis.units
    assert slices >= len(units) > 1   # one unit a slice here
    for unit in units:
        assert unit.facts is not None and semantic.PIECES.key in unit.facts
        if not unit.shell:
            assert outline.OUTLINE.key in unit.facts and outline_json.FOLD_LINES.key in unit.facts
    _read_as_kept(analysis, monkeypatch)


@pytest.mark.parametrize("text", _texts(), ids=lambda t: t[:20])
def test_an_edit_stops_it_and_the_answers_after_equal_a_fresh_open(text, monkeypatch) -> None:
    analysis = DocumentAnalysis("file:///ahead.mlir", text, verify_budget=0)
    slices = _ahead(analysis, monkeypatch, edit_after=2)
    assert slices == 2
    assert _answers(analysis) == _fresh(analysis)
    for k, typed in enumerate(["q", "\n", "}", "{"]):
        analysis.update([(Position(5 + k, 2), Position(5 + k, 2), typed)], 3 + k)
        assert _answers(analysis) == _fresh(analysis)


def test_it_runs_once_per_opened_document(monkeypatch) -> None:
    analysis = DocumentAnalysis("file:///once.mlir", NESTED, verify_budget=0)
    ls = server_with(analysis)

    async def scenario() -> None:
        ls.answer_ahead(analysis.document.uri)
        first = ls._ahead[analysis.document.uri][1]
        ls.answer_ahead(analysis.document.uri)
        assert ls._ahead[analysis.document.uri][1] is first
        await asyncio.wait_for(first, timeout=60)
    asyncio.run(scenario())


@pytest.mark.parametrize("result", [outline.OUTLINE, semantic.PIECES], ids=lambda r: r.key)
def test_prepare_in_slices_goes_on_where_it_stopped(result) -> None:
    analysis = DocumentAnalysis("file:///slices.mlir", NESTED, verify_budget=0)
    computed: list[int] = []
    counted = PerUnit(f"{result.key}, counted", lambda source, unit: computed.append(unit.start) or result.compute(source, unit))
    calls = 1
    while analysis.prepare(counted, 0.0):   # one unit a call
        calls += 1
    starts = [unit.start for unit in analysis.units]
    assert computed == starts and calls == len(starts)
    # An edit makes new units: the next call reads from the first again, and computes the edited one.
    analysis.update([(Position(3, 6), Position(3, 6), "q")], 2)
    computed.clear()
    while analysis.prepare(counted, 0.0):
        pass
    assert len(computed) == 1
    assert _answers(analysis) == _fresh(analysis)


def test_a_containers_symbol_is_read_once_per_text_of_its_header(monkeypatch) -> None:
    """After an edit in a function the outline reads no tree for the modules around it (their
    headers' symbols are kept with them), and a header's edit reads it again."""
    analysis = DocumentAnalysis("file:///containers.mlir", NESTED, verify_budget=0)
    _answers(analysis)
    read: list[int] = []
    tree_for = DocumentAnalysis.tree_for
    monkeypatch.setattr(DocumentAnalysis, "tree_for",
                        lambda self, unit: (unit is not None and unit.shell and read.append(unit.start)) or tree_for(self, unit))
    analysis.update([(Position(3, 6), Position(3, 6), "q")], 2)
    answers = _answers(analysis)
    assert read == [] and answers == _fresh(analysis)
    read.clear()
    at = NESTED.index("@k1")
    line = NESTED[:at].count("\n")
    column = at - NESTED.rfind("\n", 0, at) - 1
    analysis.update([(Position(line, column + 2), Position(line, column + 3), "x")], 3)   # @k1 -> @kx
    answers = _answers(analysis)
    assert read and "\"name\":\"@kx\"" in answers["outline"]
    assert answers == _fresh(analysis)


@pytest.mark.parametrize("cache", ["on", "off"])
def test_an_open_computes_them_before_the_verification_it_deferred(cache, tmp_path, monkeypatch) -> None:
    """An open whose verification is not complete (a large file's: tens of seconds at 50k
    lines) computes the answers' shares before it verifies the rest, with the open cache on
    (the analysis lsp/fast_start.py made, adopted) or off: the outline, folds and tokens an
    editor asks for after the open are then lookups, while verification still runs. When the
    verification started first, every request that came meanwhile (a 50k-line file's first
    outline: about a second) computed all the shares itself."""
    from lsprotocol import types as lsp
    from cute_ir.lsp.server import CuteIrServer
    monkeypatch.setenv("CUTE_IR_CACHE_DIR", str(tmp_path))
    if cache == "off":
        monkeypatch.setenv("CUTE_IR_CACHE", "off")
    else:
        monkeypatch.delenv("CUTE_IR_CACHE", raising=False)
    monkeypatch.setattr("cute_ir.lsp.server.VERIFY_AT_OPEN", 0.0)   # the open leaves all to verify
    monkeypatch.setattr("cute_ir.lsp.server.AHEAD_UNITS", 1)
    monkeypatch.setattr("cute_ir.lsp.server.AHEAD_SLICE", 0.0)
    monkeypatch.setattr("cute_ir.lsp.server.MESSAGE_QUIET", 0.0)
    text, uri = TEXTS[0].read_text(), "file:///opened.mlir"
    ls = CuteIrServer()
    ls.initial_settings = ls.settings
    if cache == "on":   # what lsp/fast_start.py hands over after publishing the open's diagnostics
        early = DocumentAnalysis(uri, text, 1, ls.encoding(), ls.settings, verify_budget=0.0, defer=True)
        early.settle()
        ls.analysed_early[uri], ls.published_early[uri] = early, 1
    shares_at_first_slice: list[bool] = []
    verify_pending = DocumentAnalysis.verify_pending

    def verifying(self, budget=None):
        if not shares_at_first_slice:
            shares_at_first_slice.append(all(
                unit.facts is not None and semantic.PIECES.key in unit.facts
                and (unit.shell or outline.OUTLINE.key in unit.facts) for unit in self.units))
        return verify_pending(self, budget)
    monkeypatch.setattr(DocumentAnalysis, "verify_pending", verifying)

    async def scenario() -> None:
        ls.open_document(lsp.TextDocumentItem(uri=uri, language_id="mlir", version=1, text=text))
        for _ in range(100_000):
            await asyncio.sleep(0.001)
            ahead = ls._ahead.get(uri)
            if uri not in ls._verifying and uri not in ls._pending and ahead is not None and ahead[1].done():
                return
        raise AssertionError("the verification after open did not end")
    asyncio.run(scenario())
    analysis = ls.analyses[uri]
    if cache == "on":
        assert analysis is early
    assert not analysis.verification_owed and shares_at_first_slice == [True]
    _read_as_kept(analysis, monkeypatch)
