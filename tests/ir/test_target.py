"""The target a document is checked for (server/cute_ir/ir/target.py): its own `#nvvm.target`
beats the configured default, an explicit command-line `--arch` beats the file, and editing
the declaration re-verifies the document."""
from __future__ import annotations

import subprocess
import sys

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.hover import hover
from cute_ir.ir.target import FROM_COMMAND_LINE, FROM_FILE, FROM_SETTING
from cute_ir.text.positions import Position

TMEM = "!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>"
DECLARED = f"""module attributes {{gpu.container_module}} {{
  gpu.module @kernels [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {{
    func.func @k() {{
      %a = cute_nvgpu.make_copy_atom : {TMEM}
      return
    }}
  }}
}}
"""


def codes(analysis: DocumentAnalysis) -> list[str]:
    return [d.code for d in analysis.diagnostics()]


def test_the_file_declaration_beats_the_setting():
    analysis = DocumentAnalysis("file:///t.ir", DECLARED, settings=Settings(target_arch="sm_90a"))
    assert (analysis.target_arch, analysis.target.source) == ("sm_100a", FROM_FILE)
    span = analysis.target.declared
    assert DECLARED.encode()[span.start:span.end] == b'"sm_100a"'
    assert codes(analysis) == []


def test_a_file_without_declaration_gets_the_setting():
    text = DECLARED.replace('[#nvvm.target<chip = "sm_100a", features = "+ptx86">] ', "")
    analysis = DocumentAnalysis("file:///t.ir", text, settings=Settings(target_arch="sm_90a"))
    assert (analysis.target_arch, analysis.target.source) == ("sm_90a", FROM_SETTING)
    assert codes(analysis) == ["verify.target"]


def test_an_unknown_chip_is_not_a_declaration():
    analysis = DocumentAnalysis("file:///t.ir", DECLARED.replace("sm_100a", "sm_999z"))
    assert analysis.target.source == FROM_SETTING


def test_the_command_line_beats_the_file():
    analysis = DocumentAnalysis("file:///t.ir", DECLARED,
                                settings=Settings(target_arch="sm_90a", target_from=FROM_COMMAND_LINE))
    assert (analysis.target_arch, analysis.target.source) == ("sm_90a", FROM_COMMAND_LINE)
    assert codes(analysis) == ["verify.target"]


def test_editing_the_declaration_re_verifies_like_a_fresh_analysis():
    analysis = DocumentAnalysis("file:///t.ir", DECLARED)
    line = DECLARED.splitlines()[1]
    column = line.index("sm_100a")
    analysis.update([(Position(1, column), Position(1, column + len("sm_100a")), "sm_90a")], 2)
    assert analysis.target_arch == "sm_90a"
    assert codes(analysis) == ["verify.target"]
    assert analysis.diagnostics() == analysis.reanalysed().diagnostics()


def test_hover_on_an_atom_says_which_target_and_why():
    analysis = DocumentAnalysis("file:///t.ir", DECLARED)
    card = hover(analysis, DECLARED.index("tmem_load") + 2).markdown
    assert card.endswith("*Target `sm_100a`: declared by the file (`#nvvm.target`).*")


def test_cli_check_follows_the_file_unless_arch_is_given(tmp_path):
    path = tmp_path / "declared.ir"
    path.write_text(DECLARED)

    def check(*flags: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "cute_ir.cli", "check", *flags, str(path)],
                              capture_output=True, text=True, timeout=120)

    assert check().returncode == 0
    overridden = check("--arch", "sm_90a")
    assert overridden.returncode == 1 and "the target is sm_90a" in overridden.stdout


def test_every_target_of_the_roster_is_accepted_by_check(tmp_path):
    path = tmp_path / "plain.ir"
    path.write_text("func.func @f() {\n  return\n}\n")
    for arch in ("sm_70", "sm_75", "sm_121f"):
        done = subprocess.run([sys.executable, "-m", "cute_ir.cli", "check", "--arch", arch, str(path)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr


def test_editing_a_top_level_declaration_re_verifies_like_a_fresh_analysis(caplog):
    text = DECLARED.split("\n", 1)[1].rsplit("}\n", 1)[0]   # the gpu.module alone, its header a shell
    analysis = DocumentAnalysis("file:///t.ir", text)
    assert analysis.target_arch == "sm_100a"
    line = text.splitlines()[0]
    column = line.index("sm_100a")
    analysis.update([(Position(0, column), Position(0, column + len("sm_100a")), "sm_90a")], 2)
    assert analysis.target_arch == "sm_90a"
    assert codes(analysis) == ["verify.target"]
    assert analysis.diagnostics() == analysis.reanalysed().diagnostics()
    assert [r.message for r in caplog.records if r.levelname == "ERROR"] == []   # no fallback re-analysis
