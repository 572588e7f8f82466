"""`check`, `ptx` and the server give one verdict on every example and every corpus dump.

Whatever stops an op's lowering is an error of `check` (and of the server, which publishes the
same analysis) with the same message and range as the PTX preview's problem; the preview never
emits a kernel for an op `check` rejects, and never refuses an atom `check` accepts.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cute_ir import cli
from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity, Source
from cute_ir.features.preview import preview_module
from cute_ir.passes.lower_tma_to_async import NO_TMA_ON_TARGET, NOT_A_TMA_REDUCTION, REGISTER_PATH
from tests.conftest import REPO

EXAMPLES = sorted((REPO / "examples").glob("*.ir"))
CORPUS = REPO / "tests" / "corpus" / "cutedsl"
KERNELS = json.loads((CORPUS / "manifest.json").read_text())["kernels"]
TARGETS = ("sm_80", "sm_90a", "sm_100a", "sm_120a")
# The codes of cute-ir's own that the TileAS passes report on memops.
TILEAS_CODES = frozenset({NO_TMA_ON_TARGET, NOT_A_TMA_REDUCTION, REGISTER_PATH})

CASES = ([(p, t) for p in EXAMPLES for t in TARGETS]
         + [(CORPUS / k / stage, e["arch"]) for k, e in KERNELS.items()
            for stage in ("raw.mlir", "canonical.mlir")])


def _key(d) -> tuple:
    return (d.span.start, d.span.end, d.message)


@pytest.mark.parametrize("path,target", CASES,
                         ids=[f"{p.parent.name}/{p.name}-{t}" for p, t in CASES])
def test_check_and_ptx_agree(path: Path, target: str):
    analysis = DocumentAnalysis(path.resolve().as_uri(), path.read_bytes(),
                                settings=Settings(target_arch=target))
    errors = [d for d in analysis.diagnostics() if d.severity is Severity.ERROR]
    preview = preview_module(analysis)
    # Every problem of the preview is an error of `check`, at the same range.
    assert {_key(d) for d in preview.problems} <= {_key(d) for d in errors}
    # Every lowering verdict of `check` on an atom is a problem of the preview. (The TileAS
    # passes' errors, under their catalogue codes and their own, are about ops with no atom to
    # preview.)
    assert {_key(d) for d in errors if d.source is Source.LOWER and d.code.startswith("lower.")
            and d.code not in TILEAS_CODES} <= {_key(d) for d in preview.problems}
    # No kernel for an op `check` rejects.
    lowered = {span for line, span in preview.line_map
               if not preview.ptx_text.split("\n")[line].lstrip().startswith("//")}
    for span in lowered:
        inside = [d.message for d in errors if span.start <= d.span.start and d.span.end <= span.end]
        assert inside == [], f"a kernel for an op with errors: {inside}"


def _run(argv: list[str], capsys) -> tuple[int, str]:
    code = cli.main(argv)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


# DSL-style atoms for three targets: whichever target is chosen, some do not lower.
MIXED_TARGETS = """\
func.func @kernel() attributes {cute.kernel} {
  %0 = cute.static : !cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, use_sf_layout_TV = false>
  %1 = cute.static : !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>
  %2 = cute.make_atom() : () -> !cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>
  return
}
"""


def test_the_cli_commands_agree_on_atoms_for_another_target(capsys, tmp_path):
    source = tmp_path / "mixed.ir"
    source.write_text(MIXED_TARGETS)
    code, out = _run(["check", "--format", "json", "--arch", "sm_90a", str(source)], capsys)
    checked = {(d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1, d["message"])
               for d in json.loads(out) if d["severity"] == "error"}
    assert len(checked) == 2 and code == 1
    ptx_code, ptx_out = _run(["ptx", "--arch", "sm_90a", str(source)], capsys)
    assert code == ptx_code
    for line, column, message in checked:
        assert f"mixed.ir:{line}:{column}: error: {message}" in ptx_out
    assert "cp.async.cg.shared.global" in ptx_out


def test_a_half_typed_apply_op_gets_no_kernel_and_the_checks_message(capsys, tmp_path):
    source = tmp_path / "half.ir"
    source.write_text(
        "func.func @k() {\n"
        "  %w = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, "
        "c_type = f32} : !cute_nvgpu.sm90.mma\n"
        "  cute_nvgpu.mma %w,\n"
        "  %c = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.simt_async_copy<cg, 12>\n"
        "  return\n}\n")
    code, out = _run(["ptx", "--arch", "sm_90a", str(source)], capsys)
    assert code == 1
    assert "got 0 operands" in out
    assert "ca.12" not in out and "no form" not in out      # the copy is `check`'s verdict
    assert out.count("wgmma.mma_async") == 1                # the atom's own kernel only
