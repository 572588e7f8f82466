"""One analysis per unit (analysis/unit_analysis.py): what features read of a unit is found once
per text of the unit, shared by the features that read it, and equal to a fresh analysis's."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.analysis import stages as stages_module
from cute_ir.analysis import unit_analysis
from cute_ir.features import hints, hover, lowered
from cute_ir.text.positions import Position
from tests.conftest import REPO

MAINLOOP = (REPO / "examples" / "tileas_tma_mainloop.ir").read_text()
LOAD = MAINLOOP.index("nv_tileas.tiled_load %b") + 3


def _counting_runs(monkeypatch) -> list[int]:
    runs: list[int] = []
    real = stages_module.run_stages

    def counted(*args, **kwargs):
        runs.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(unit_analysis, "run_stages", counted)
    monkeypatch.setattr(lowered, "run_stages", counted)
    return runs


def test_the_tileas_hover_reads_the_stages_the_lowered_view_of_its_function_shows(monkeypatch):
    runs = _counting_runs(monkeypatch)
    analysis = DocumentAnalysis("file:///h.ir", MAINLOOP, settings=Settings(target_arch="sm_90a"))
    shown = lowered.lower(analysis, at=LOAD)
    assert shown.scope == "function" and len(runs) == 1
    card = hover.hover(analysis, LOAD).markdown
    assert len(runs) == 1                      # the hover ran no pass: it read the view's stages
    again = lowered.lower(analysis, at=LOAD)
    assert len(runs) == 1 and again.output == shown.output
    fresh = DocumentAnalysis("file:///h.ir", MAINLOOP, settings=Settings(target_arch="sm_90a"))
    assert card == hover.hover(fresh, LOAD).markdown
    assert "becomes `nv_tileas.async.tiled_tma_load`" in card


def test_a_hover_before_the_view_runs_the_tileas_passes_unprinted_and_the_view_then_prints_them(monkeypatch):
    runs = _counting_runs(monkeypatch)
    analysis = DocumentAnalysis("file:///h.ir", MAINLOOP, settings=Settings(target_arch="sm_90a"))
    hover.prepare(analysis, LOAD)
    [(_, _, kept)] = [v for k, v in analysis.unit_at(LOAD).derived.items() if isinstance(k, tuple) and k[0] == "default-pipeline-stages"]
    assert len(runs) == 1 and not kept.complete and kept.texts == () and kept.made
    shown = lowered.lower(analysis, at=LOAD)
    assert len(runs) == 2
    card = hover.hover(analysis, LOAD).markdown
    assert len(runs) == 2                      # the view's stages serve the hover
    fresh = DocumentAnalysis("file:///h.ir", MAINLOOP, settings=Settings(target_arch="sm_90a"))
    assert shown.output == lowered.lower(fresh, at=LOAD).output
    assert shown.diagnostics == lowered.lower(fresh, at=LOAD).diagnostics
    assert card == hover.hover(DocumentAnalysis("file:///h.ir", MAINLOOP, settings=Settings(target_arch="sm_90a")),
                               LOAD).markdown


def test_an_edit_to_the_function_runs_its_stages_again_and_reads_as_a_fresh_analysis(monkeypatch):
    runs = _counting_runs(monkeypatch)
    analysis = DocumentAnalysis("file:///h.ir", MAINLOOP, settings=Settings(target_arch="sm_90a"))
    hover.prepare(analysis, LOAD)
    line = MAINLOOP[:LOAD].count("\n")
    analysis.update([(Position(line, 0), Position(line, 0), "  ")], 2)
    at = LOAD + 2
    card = hover.hover(analysis, at).markdown
    assert len(runs) == 2
    fresh = DocumentAnalysis("file:///h.ir", analysis.document.text, settings=Settings(target_arch="sm_90a"))
    assert card == hover.hover(fresh, at).markdown


INLAY = """func.func @a() {
  %mma = "test.atom"() : () -> !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32) >
  return
}
func.func @b() {
  %x = "test.atom"() : () -> !cute_nvgpu.atom.tma_load
  return
}
"""


def test_inlay_hints_are_kept_per_unit_and_follow_an_edit_elsewhere():
    analysis = DocumentAnalysis("file:///i.ir", INLAY)
    before = hints.alias_hints(analysis, 0, len(INLAY))
    assert len(before) == 2 and all(h.label.startswith("≡ %") for h in before)
    analysis.update([(Position(0, 0), Position(0, 0), "// moved\n")], 2)
    text = analysis.document.text
    after = hints.alias_hints(analysis, 0, len(text))
    fresh = hints.alias_hints(DocumentAnalysis("file:///i.ir", text), 0, len(text))
    assert after == fresh
    assert [h.offset - len("// moved\n") for h in after] == [h.offset for h in before]
    second = text.index("func.func @b")
    assert hints.alias_hints(analysis, second, len(text)) == [h for h in fresh if h.offset > second]
