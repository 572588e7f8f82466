"""The lowering pipeline runs on each verified unit and its diagnostics are published with the
others (analysis/pipeline.py): what `cute-ir lower` reports, less what restates an error the
editor shows already; after an edit, the same as a fresh analysis."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.lowered import lower
from cute_ir.text.positions import Position
from tests.conftest import REPO

VIEWS = ("%a: !cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, #cute.layout<(64, 16):(16, 1)>>, "
         "%b: !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(16, 128):(128, 1)>>")
MMA_TYPES = ("(!cute_nvgpu.sm90.mma, memref<64xf32>, !cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, "
             "#cute.layout<(64, 16):(16, 1)>>, !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, "
             "#cute.layout<(16, 128):(128, 1)>>, memref<64xf32>)")
# The atom says no tile and no element types: the preview has no instruction for it.
UNDER_SPECIFIED = (f"func.func @f(%acc: memref<64xf32>, {VIEWS}) {{\n"
                   "  %g = cute.make_atom : !cute_nvgpu.sm90.mma\n"
                   f"  cute_nvgpu.mma %g, %acc, %a, %b, %acc : {MMA_TYPES}\n"
                   "  return\n}\n")
SPECIFIED = "%g = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm90.mma"
NOT_LOWERED = ("`cute_nvgpu.mma` is not lowered: the `sm90.mma` atom does not say its shape_MNK, "
               "a_type, b_type, c_type: there is no single instruction to show")


def analyse(text: str) -> DocumentAnalysis:
    return DocumentAnalysis("file:///pipeline.ir", text, settings=Settings(target_arch="sm_90a"))


def lowering(analysis: DocumentAnalysis) -> list[tuple[str, str, str]]:
    text = analysis.document.data
    return [(d.code, d.severity.name, bytes(text[d.span.start:d.span.end]).decode().split(" ")[0])
            for d in analysis.diagnostics() if d.code.startswith("lower.")]


def test_an_op_the_lowering_leaves_gets_its_warning():
    analysis = analyse(UNDER_SPECIFIED)
    [warning] = [d for d in analysis.diagnostics() if d.code == "lower.not-lowered"]
    assert warning.message == NOT_LOWERED and warning.severity.name == "WARNING"
    assert lowering(analysis) == [("lower.not-lowered", "WARNING", "cute_nvgpu.mma")]


def test_an_edit_that_makes_the_atom_lowerable_clears_it_as_a_fresh_analysis_does():
    analysis = analyse(UNDER_SPECIFIED)
    line = UNDER_SPECIFIED.split("\n")[1]
    analysis.update([(Position(1, 2), Position(1, len(line)), SPECIFIED)], 2)
    assert lowering(analysis) == []
    assert analysis.diagnostics() == analyse(analysis.document.text).diagnostics()
    analysis.update([(Position(1, 2), Position(1, 2 + len(SPECIFIED)), line.strip())], 3)
    assert lowering(analysis) == [("lower.not-lowered", "WARNING", "cute_nvgpu.mma")]


def test_an_op_an_error_stops_is_not_reported_twice():
    # The verifier's error on operand B is shown; the lowering's `lower.stopped` would restate it.
    text = ("func.func @f(%acc: memref<64xf32>, %ra: memref<8xf16>, %rb: memref<8xf16>) {\n"
            f"  {SPECIFIED}\n"
            "  cute_nvgpu.mma %g, %acc, %ra, %rb, %acc : (!cute_nvgpu.sm90.mma, memref<64xf32>, memref<8xf16>,"
            " memref<8xf16>, memref<64xf32>)\n  return\n}\n")
    analysis = analyse(text)
    assert any(d.code.startswith("verify.") for d in analysis.diagnostics())
    assert lowering(analysis) == []
    assert [d.code for d in lower(analysis).diagnostics] == ["lower.stopped"]


FILES = (sorted((REPO / "examples").glob("*.ir")) + sorted((REPO / "tests" / "corpus").rglob("*.ir"))
         + sorted((REPO / "tests" / "corpus").rglob("*.mlir")))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_the_editor_publishes_what_cute_ir_lower_reports_less_restatements(path):
    analysis = analyse(path.read_text())
    # Every lowering diagnostic but the PTX preview's own verdicts (features/preview.py).
    verdicts = {"lower.target", "lower.unsupported", "lower.emit"}
    published = sorted((d.span, d.code, d.message) for d in analysis.diagnostics()
                       if d.source.value == "lower" and d.code not in verdicts)
    reported = sorted((d.span, d.code, d.message) for d in lower(analysis).diagnostics if d.code != "lower.stopped")
    assert published == reported


def _counting_runs(monkeypatch) -> list:
    from cute_ir.analysis import pipeline
    runs = []
    real = pipeline.PassManager

    class Counting(real):
        def run(self, root, context):
            runs.append(root)
            return super().run(root, context)
    monkeypatch.setattr(pipeline, "PassManager", Counting)
    pipeline.clear_cache()
    return runs


def test_a_function_the_passes_cannot_report_on_is_not_run(monkeypatch):
    # Every op of the fully specified function lowers: the atom lowering may not report there
    # (`Pass.may_report`), and erasing atoms never does.
    runs = _counting_runs(monkeypatch)
    analysis = analyse(UNDER_SPECIFIED.replace("%g = cute.make_atom : !cute_nvgpu.sm90.mma", SPECIFIED))
    assert runs == [] and lowering(analysis) == []


def test_what_only_the_atom_lowering_reports_is_checked_on_the_ir_as_written(monkeypatch):
    # No TileAS pass touches the function, so the atom lowering sees it as written: its
    # warning comes from a check of the unit's IR, which is neither copied nor rewritten.
    runs = _counting_runs(monkeypatch)
    analysis = analyse(UNDER_SPECIFIED)
    assert runs == []
    assert lowering(analysis) == [("lower.not-lowered", "WARNING", "cute_nvgpu.mma")]
    [unit] = [u for u in analysis.units if "cute_nvgpu.mma" in analysis.document.text[u.start:u.end]]
    assert [op.name for op in analysis.lifted_unit(unit).operations[0].walk()].count("cute_nvgpu.mma") == 1


def test_a_function_a_tileas_pass_rewrites_runs_the_pipeline(monkeypatch):
    runs = _counting_runs(monkeypatch)
    text = (REPO / "examples" / "tileas_copy.ir").read_text()
    analyse(text)
    assert runs


TARGETS = ("sm_90a", "sm_100a")
UNITS_FILES = FILES + sorted((REPO / "tests" / "lit").rglob("*.mlir"))


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("path", UNITS_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_the_check_in_place_reports_what_the_pipeline_reports(path, target, monkeypatch):
    """Every unit the editor checks in place, checked again by running the whole pipeline on a
    copy of its IR: the same diagnostics, and the unit's own IR left as it was."""
    from cute_ir.analysis import pipeline
    from cute_ir.ir.core import copy_operations
    from cute_ir.ir.printer import print_ops
    checked = []
    real_check = pipeline._check_in_place

    def check(ops, reporting, context):
        before = print_ops(ops)
        real_check(ops, reporting, context)
        assert print_ops(ops) == before
        checked.append((ops, context))
    monkeypatch.setattr(pipeline, "_check_in_place", check)
    pipeline.clear_cache()
    analysis = DocumentAnalysis("file:///pipeline.ir", path.read_text(), settings=Settings(target_arch=target))
    analysis.diagnostics()
    aliases = pipeline.UnitAtomSource(analysis, target).alias_table()
    for ops, context in checked:
        again = pipeline.PassContext(context.target, context.facts)
        module = pipeline.wrap_in_module(copy_operations(ops))
        pipeline.resolve_aliases([module], aliases)      # as the editor's run does
        pipeline.PassManager(pipeline._ELEMENTS).run(module, again)
        assert again.diagnostics == context.diagnostics
