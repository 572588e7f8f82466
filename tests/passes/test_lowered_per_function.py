"""The lowering pipeline run function by function and cached (features/lowered.py): the module
it puts together reads exactly as one run over the whole module, and an edit lowers again only
the function it touched."""
from __future__ import annotations

from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features import lowered
from cute_ir.features.lowered import DEFAULT_PIPELINE, lower, lower_whole
from cute_ir.text.positions import Position
from cute_ir.passes import parse_pipeline
from cute_ir.passes.base import local_passes
from tests.conftest import REPO

FILES = sorted((REPO / "examples").glob("*.ir")) + sorted((REPO / "tests" / "corpus").rglob("*.ir")) \
    + sorted((REPO / "tests" / "corpus" / "cutedsl").rglob("*.mlir"))
# Files of functions in a module (the examples and the real compiler's output): these must
# take the per-function path, or the comparison below would prove nothing.
PER_FUNCTION = [p for p in FILES if p.parent.name == "examples" or p.suffix == ".mlir"]


def _seen(result: lowered.Lowered):
    return ([(s.pass_name, s.argument, s.anchor_name, s.changed, s.text, s.line_spans) for s in result.stages],
            result.diagnostics, result.input_text)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(REPO)) for p in FILES])
def test_per_function_lowering_reads_as_one_run_over_the_module(path: Path):
    analysis = DocumentAnalysis(f"file:///{path.name}", path.read_text(encoding="utf-8"))
    assert _seen(lower(analysis)) == _seen(lower_whole(analysis, DEFAULT_PIPELINE, analysis.target_arch))
    if path in PER_FUNCTION:
        assert lowered._layout(analysis) is not None


FUNCTION = """\
  func.func @k{i}(%smem: memref<1024xf16, 3>, %frag: memref<8xf16>) {{
    %ld = cute_nvgpu.make_copy_atom {{val_type = f16, num_matrices = 4}} : !cute_nvgpu.atom.ldsm<m8n8.x4>
    cute_nvgpu.copy %ld, %smem, %frag : (!cute_nvgpu.atom.ldsm<m8n8.x4>, memref<1024xf16, 3>, memref<8xf16>)
    return
  }}
"""
MODULE = "module {\n" + "".join(FUNCTION.format(i=i) for i in range(6)) + "}\n"


def test_an_edit_lowers_again_only_the_function_it_touched(monkeypatch):
    analysis = DocumentAnalysis("file:///m.ir", MODULE)
    lower(analysis)
    lifted = []
    real = analysis.lifted_unit
    monkeypatch.setattr(analysis, "lifted_unit", lambda unit: lifted.append(unit.start) or real(unit))
    lower(analysis)
    assert lifted == []                        # nothing changed: every function from the cache
    line = MODULE.split("\n").index("  func.func @k3(%smem: memref<1024xf16, 3>, %frag: memref<8xf16>) {") + 3
    analysis.update([(Position(line, 4), Position(line, 4), "  ")], 2)
    after = lower(analysis)
    k3 = analysis.document.text.index("func.func @k3")
    assert set(lifted) == {k3}                 # the edited function, alone
    assert _seen(after) == _seen(lower_whole(analysis, DEFAULT_PIPELINE, analysis.target_arch))


def test_a_position_shows_the_function_there():
    text = MODULE
    analysis = DocumentAnalysis("file:///m.ir", text)
    start = text.index("func.func @k2")
    result = lower(analysis, at=text.index("@k2"))
    assert result.scope == "function"
    final = result.stages[-1].text
    assert final.startswith("func.func @k2(") and "@k1" not in final and "@k3" not in final
    assert "ldmatrix.sync.aligned.m8n8.x4" in final
    assert result.stages[-1].line_spans[0] == (0, lowered.Span(start, text.index("\n  func.func @k3")))
    assert all(start <= span.start for _, span in result.stages[-1].line_spans)


def test_in_a_broken_file_a_well_formed_function_lowers_alone():
    # k1's `}` is missing: the file has no module to put together, but k3 (taken into k1's body
    # by the parser, a unit of its own) lowers as it does in the well-formed file.
    closing = MODULE.index("  }\n", MODULE.index("func.func @k1"))
    broken = MODULE[:closing] + MODULE[closing + len("  }\n"):]
    analysis = DocumentAnalysis("file:///m.ir", broken)
    result = lower(analysis, at=broken.index("@k3"))
    assert result.scope == "function"
    expected = lower(DocumentAnalysis("file:///m.ir", MODULE), at=MODULE.index("@k3"))
    assert [s.text for s in result.stages] == [s.text for s in expected.stages]
    # The open function itself (its unit ends inside it): the whole file, as one run.
    assert lower(analysis, at=broken.index("@k1")).scope == "module"


@pytest.mark.parametrize("text, why", [
    ("%c = arith.constant 1 : i32\nfunc.func @f() {\n  return\n}\n", "a top-level value another op could use"),
    ("module {\n  %c = arith.constant 1 : i32\n  %d = arith.addi %c, %c : i32\n}\n", "values shared in a module"),
    ("module {\n  test.a {\n  }\n  test.b {\n  }\n}\n", "two ops that share the module's names"),
])
def test_a_module_whose_ops_are_not_independent_is_lowered_in_one_run(text, why):
    analysis = DocumentAnalysis("file:///m.ir", text)
    assert lowered._layout(analysis) is None, why
    assert lower(analysis, at=len(text) - 3).scope == "module"
    assert _seen(lower(analysis)) == _seen(lower_whole(analysis, DEFAULT_PIPELINE, analysis.target_arch))


def test_a_pipeline_with_a_nested_anchor_is_run_once_over_the_module():
    analysis = DocumentAnalysis("file:///m.ir", MODULE)
    nested = "builtin.module(func.func(convert-cute-nvgpu-to-ptx))"
    assert local_passes(parse_pipeline(nested)) is None
    assert "ldmatrix" in lower(analysis, nested).stages[-1].text


@pytest.mark.parametrize("texts", ["changed", "last"])
@pytest.mark.parametrize("path", PER_FUNCTION[:2] + [REPO / "examples" / "mistakes.ir"],
                         ids=lambda p: p if isinstance(p, str) else p.name)
def test_fewer_stages_printed_read_as_the_full_run(path: Path, texts: str):
    """Asked for the stages that changed (or for the output alone), both paths print exactly
    those stages of the full run, and the output as its last stage."""
    analysis = DocumentAnalysis(f"file:///{path.name}", path.read_text(encoding="utf-8"))
    full = lower(analysis)
    for result in (lower(analysis, texts=texts),
                   lower_whole(analysis, DEFAULT_PIPELINE, analysis.target_arch, texts=texts)):
        assert (result.output.text, result.output.line_spans) == (full.stages[-1].text, full.stages[-1].line_spans)
        assert [s.changed for s in result.stages] == [s.changed for s in full.stages]
        for kept, whole in zip(result.stages, full.stages):
            printed = texts == "changed" and whole.changed
            assert (kept.text, kept.line_spans) == ((whole.text, whole.line_spans) if printed else (None, []))
        assert result.input_text == ("" if texts == "last" else full.input_text)
        assert result.diagnostics == full.diagnostics


def test_an_unknown_choice_of_stages_is_refused():
    with pytest.raises(ValueError):
        lower(DocumentAnalysis("file:///m.ir", MODULE), texts="some")
