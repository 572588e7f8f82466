"""The target a document is checked for (server/cute_ir/ir/target.py): its own `#nvvm.target`
beats the configured default, an explicit command-line `--arch` beats the file, and editing
the declaration re-verifies the document."""
from __future__ import annotations

import subprocess
import sys

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.hover import hover
from cute_ir.ir.target import FROM_COMMAND_LINE, FROM_DEFAULT, FROM_FILE, FROM_INFERRED, FROM_SETTING
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


# ------------------------------------------------------------------ a file that declares none
# What CuTe DSL dumps look like: no `#nvvm.target`, atoms that only some targets run.
def undeclared(*atoms: str) -> str:
    ops = "\n".join(f"  %a{i} = cute.make_atom() : () -> {atom}" for i, atom in enumerate(atoms))
    return f"func.func @k() {{\n{ops}\n  return\n}}\n"


WGMMA = "!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>"
LDSM = '!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>'
CP_ASYNC = "!cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>"
SM120 = ("!cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = (f4E2M1FN, f4E2M1FN, f32), "
         "sf_type = f8E4M3FN, use_sf_layout_TV = false>")


def inferred(text: str, **settings) -> DocumentAnalysis:
    return DocumentAnalysis("file:///t.ir", text, settings=Settings(target_from=FROM_DEFAULT, **settings))


def at(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of `needle`'s first occurrence."""
    offset = text.index(needle)
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def test_the_target_is_what_the_atoms_need_and_says_which_atom_decided():
    text = undeclared(LDSM, TMEM, CP_ASYNC)
    analysis = inferred(text)
    choice = analysis.target
    assert (choice.arch, choice.source) == ("sm_100a", FROM_INFERRED)
    assert choice.decided_by.atom == "atom.tmem_load"
    assert text.encode()[choice.decided_by.span.start:choice.decided_by.span.end] == TMEM.encode()
    line, col = at(text, TMEM)
    assert choice.sentence(lambda o: (text.count("\n", 0, o) + 1, o - (text.rfind("\n", 0, o) + 1) + 1)) == (
        f"target sm_100a, inferred from `atom.tmem_load` at {line}:{col}; the file declares none")
    assert codes(analysis) == []


def test_the_lowest_tier_that_runs_every_atom_is_chosen_with_its_arch_specific_target():
    assert inferred(undeclared(LDSM)).target_arch == "sm_75"
    assert inferred(undeclared(LDSM, CP_ASYNC)).target_arch == "sm_80"
    # TMA alone runs on sm_90: the arch-specific target of that tier, as the DSL compiles it.
    tma = inferred(undeclared(CP_ASYNC, "!cute_nvgpu.tma_descriptor_tiled"))
    assert tma.target_arch == "sm_90a"
    # WGMMA needs sm_90a exactly: it decides, though TMA's gate is met at the same target.
    both = inferred(undeclared("!cute_nvgpu.tma_descriptor_tiled", WGMMA)).target
    assert (both.arch, both.decided_by.atom) == ("sm_90a", "sm90.mma")
    assert inferred(undeclared(SM120)).target_arch == "sm_120a"


def test_an_atom_built_without_a_written_type_counts():
    """The spec's own SM120 example declares no target and writes no type: its builder says
    which atom it makes."""
    text = "%atom = cute_nvgpu.make_sm120_mma_bs\n{shape_MNK = [16, 8, 32], vec_size = 32}\n"
    analysis = inferred(text)
    assert (analysis.target_arch, analysis.target.decided_by.atom) == ("sm_120a", "SM120.mma_bs")
    assert codes(analysis) == []


def test_nothing_decides_the_default_applies():
    analysis = inferred(undeclared("!cute_nvgpu.atom.universal_copy<f16, 128 b>"))
    assert (analysis.target_arch, analysis.target.source) == ("sm_90a", FROM_DEFAULT)
    assert analysis.target.reason == "the default target: nothing in the file decides"


def test_atoms_no_single_target_runs_are_one_error_naming_both():
    text = undeclared(WGMMA, LDSM, TMEM, TMEM.replace("x32", "x16"))
    analysis = inferred(text)
    assert analysis.target.conflict is not None and analysis.target_arch == "sm_90a"
    [error] = analysis.diagnostics()
    assert error.code == "verify.target-conflict"
    assert text.encode()[error.span.start:error.span.end] == TMEM.encode()
    assert error.message == (
        "no single target runs every atom of this file: `atom.tmem_load` needs sm_100f "
        "(sm_100a/sm_100f/sm_103a/sm_103f) or sm_110f (sm_110a/sm_110f), but `sm90.mma` needs "
        "sm_90a only; declare the target (`#nvvm.target<chip = \"...\">`) or choose one "
        "(`--arch`, `cute-ir.targetArch`)")
    [note] = error.related
    assert text.encode()[note.span.start:note.span.end] == WGMMA.encode()
    assert note.message == "`sm90.mma` needs sm_90a only"


def test_the_command_line_and_the_setting_beat_what_the_atoms_need():
    text = undeclared(TMEM)
    cli = DocumentAnalysis("file:///t.ir", text,
                           settings=Settings(target_arch="sm_90a", target_from=FROM_COMMAND_LINE))
    setting = DocumentAnalysis("file:///t.ir", text, settings=Settings(target_arch="sm_90a"))
    for analysis, source in ((cli, FROM_COMMAND_LINE), (setting, FROM_SETTING)):
        assert (analysis.target_arch, analysis.target.source) == ("sm_90a", source)
        assert codes(analysis) == ["verify.target"]
    # A declaration still beats the setting, and a conflict never arises under either.
    assert DocumentAnalysis("file:///t.ir", undeclared(WGMMA, TMEM),
                            settings=Settings(target_arch="sm_100a")).target.conflict is None


def test_typing_an_atom_that_needs_more_re_targets_like_a_fresh_analysis(caplog):
    text = undeclared(LDSM, CP_ASYNC)
    analysis = inferred(text)
    assert analysis.target_arch == "sm_80"
    line = text.splitlines()[2]
    start, end = line.index("!cute_nvgpu"), len(line)
    analysis.update([(Position(2, start), Position(2, end), TMEM)], 2)
    assert (analysis.target_arch, analysis.target.decided_by.atom) == ("sm_100a", "atom.tmem_load")
    assert analysis.diagnostics() == analysis.reanalysed().diagnostics() == []
    # Typing above the deciding atom moves it: the answer follows it.
    analysis.update([(Position(1, 2), Position(1, 2), "  ")], 3)
    fresh = analysis.reanalysed()
    assert analysis.target == fresh.target
    # Taking it out again goes back.
    analysis.update([(Position(2, start), Position(2, start + len(TMEM)), CP_ASYNC)], 4)
    assert analysis.target_arch == "sm_80" and analysis.target == analysis.reanalysed().target
    assert [r.message for r in caplog.records if r.levelname == "ERROR"] == []   # no fallback re-analysis


def test_an_edit_that_keeps_the_atoms_does_not_re_verify_the_document(monkeypatch):
    text = undeclared(LDSM, TMEM) + undeclared(CP_ASYNC).replace("@k", "@other")
    analysis = inferred(text)
    calls = []
    monkeypatch.setattr(analysis, "_full_analysis", lambda *a: calls.append(a))
    analysis.update([(Position(1, 0), Position(1, 0), " ")], 2)
    analysis.update([(Position(6, 0), Position(6, 0), "// note\n")], 3)
    assert calls == []


def test_cli_check_checks_each_file_of_a_directory_for_its_own_target(tmp_path):
    (tmp_path / "hopper.mlir").write_text(undeclared(WGMMA, LDSM))
    (tmp_path / "blackwell.mlir").write_text(undeclared(LDSM, TMEM))
    (tmp_path / "consumer.mlir").write_text(undeclared(SM120))
    (tmp_path / "mixed.mlir").write_text(undeclared(WGMMA, TMEM))
    done = subprocess.run([sys.executable, "-m", "cute_ir.cli", "check", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    notes = [line for line in done.stdout.splitlines() if ": note: target" in line]
    b_line, b_col = at(undeclared(LDSM, TMEM), TMEM)
    w_line, w_col = at(undeclared(WGMMA, LDSM), WGMMA)
    c_line, c_col = at(undeclared(SM120), SM120)
    m_wgmma, m_tmem = at(undeclared(WGMMA, TMEM), WGMMA), at(undeclared(WGMMA, TMEM), TMEM)
    assert notes == [
        f"{tmp_path}/blackwell.mlir: note: target sm_100a, inferred from `atom.tmem_load` at {b_line}:{b_col}; "
        "the file declares none",
        f"{tmp_path}/consumer.mlir: note: target sm_120a, inferred from `SM120.mma_bs` at {c_line}:{c_col}; "
        "the file declares none",
        f"{tmp_path}/hopper.mlir: note: target sm_90a, inferred from `sm90.mma` at {w_line}:{w_col}; "
        "the file declares none",
        f"{tmp_path}/mixed.mlir: note: target sm_90a, the default target: no single target runs `sm90.mma` "
        f"({m_wgmma[0]}:{m_wgmma[1]}) and `atom.tmem_load` ({m_tmem[0]}:{m_tmem[1]}); the file declares none",
    ]
    assert done.stdout.count(": error: ") == 1 and "[verify:verify.target-conflict]" in done.stdout
    assert done.stdout.endswith("4 files checked: 1 error, 0 warnings\n")
    assert done.returncode == 1
    # --arch still overrides every file; -q leaves the notes out.
    forced = subprocess.run([sys.executable, "-m", "cute_ir.cli", "check", "-q", "--arch", "sm_100a", str(tmp_path)],
                            capture_output=True, text=True, timeout=120)
    assert ": note: target" not in forced.stdout and "the target is sm_100a" in forced.stdout


def test_a_parameter_can_raise_the_gate_and_the_verifier_checks_the_same():
    """The DSL's TMA atom for a CTA pair (`sm_100_2sm`) needs tcgen05's targets, though TMA
    alone runs on sm_90: inference asks for sm_100a, and the gate check says why sm_90a fails."""
    pair = ('!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_100_2sm, f16, copy_bits = 65536, '
            'tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>')
    text = undeclared(pair)
    assert inferred(text).target_arch == "sm_100a" and codes(inferred(text)) == []
    forced = DocumentAnalysis("file:///t.ir", text,
                              settings=Settings(target_arch="sm_90a", target_from=FROM_COMMAND_LINE))
    [error] = forced.diagnostics()
    assert error.message == ("atom `atom.non_exec_tiled_tma_load` with `sm_100_2sm` needs sm_100f "
                             "(sm_100a/sm_100f/sm_103a/sm_103f) or sm_110f (sm_110a/sm_110f), but the "
                             "target is sm_90a")
    assert inferred(undeclared(pair.replace("sm_100_2sm", "sm_90"))).target_arch == "sm_90a"


def test_a_broken_document_is_checked_for_what_its_atoms_need():
    """With a syntax error the document is read in pieces; their atoms decide all the same."""
    text = undeclared(LDSM, TMEM).replace("  return\n}\n", "  return\n") + undeclared(CP_ASYNC).replace("@k", "@g")
    analysis = inferred(text)
    assert (analysis.target_arch, analysis.target.decided_by.atom) == ("sm_100a", "atom.tmem_load")
    line = text.splitlines().index("func.func @g() {") + 1
    analysis.update([(Position(line, 0), Position(line, 0), f"  %x = cute.make_atom() : () -> {WGMMA}\n")], 2)
    fresh = analysis.reanalysed()
    assert analysis.target == fresh.target and analysis.target.conflict is not None
    assert analysis.diagnostics() == fresh.diagnostics()


# ------------------------------------------------------------------ NVVM ops and the DSL's guard
def _with(text: str, line: str) -> str:
    """`text` (an `undeclared` function) with `line` written before its return."""
    return text.replace("  return", f"  {line}  return")


def _guard(arch: str) -> str:
    return (f'%2 = arith.constant 0 : i64\n  cute.print("\\0AError: kernel \'@kernels::@k\' launch shared memory exceeds current '
            f'GPU arch {arch} allowed. Allocated: {{}} bytes. Max: 166912 bytes.\\0A\\0A", %2) : i64\n')


def test_an_nvvm_op_needs_what_its_required_sm_trait_says():
    """MLIR's `NVVMRequiresSM<90>` on the cluster ops: a file of universal atoms and cluster
    barriers runs from sm_90 on."""
    text = _with(undeclared("!cute_nvgpu.atom.universal_copy<f16, 128 b>"), "nvvm.cluster.arrive.relaxed\n")
    choice = inferred(text).target
    assert (choice.arch, choice.source, choice.decided_by.atom) == ("sm_90a", FROM_INFERRED,
                                                                     "nvvm.cluster.arrive.relaxed")
    # An op every target runs (`NVVMRequiresSM<30>`) decides nothing.
    assert inferred(_with(undeclared(), "nvvm.barrier0\n")).target.source == FROM_DEFAULT


def test_requires_sm_traits_read_as_the_hardware_gates():
    from cute_ir.diagnostics import Span
    from cute_ir.ir.target import op_needs
    span = Span(0, 1)
    assert [n.requires for n in op_needs("nvvm.cluster.wait", span)] == [("sm_90",)]
    assert [n.requires for n in op_needs("nvvm.wgmma.fence.aligned", span)] == [("sm_90a",)]
    # MLIR 22 pins tcgen05 to sm_100a / sm_101a; the PTX ISA runs it on the family (sm_101 is
    # sm_110's former name).
    assert [n.requires for n in op_needs("nvvm.tcgen05.alloc", span)] == [("sm_100f", "sm_110f")]
    assert op_needs("nvvm.shfl.sync", span) == [] and op_needs("nvvm.barrier", span) == []


def test_the_dsl_launch_guard_names_the_target_the_dump_was_compiled_for():
    text = _with(undeclared("!cute_nvgpu.atom.universal_copy<f16, 128 b>"), _guard("sm_80"))
    choice = inferred(text).target
    assert (choice.arch, choice.source) == ("sm_80", FROM_INFERRED)
    line, col = at(text, "cute.print")
    assert choice.sentence(lambda o: (text.count("\n", 0, o) + 1, o - (text.rfind("\n", 0, o) + 1) + 1)) == (
        f"target sm_80, inferred from the CuTe DSL's launch guard (`GPU arch sm_80`) at {line}:{col}; "
        "the file declares none")
    # An atom that needs the same tier says more: it decides.
    assert inferred(_with(undeclared(TMEM), _guard("sm_100a"))).target.decided_by.atom == "atom.tmem_load"


def test_a_guard_and_an_atom_no_single_target_runs_are_one_error():
    analysis = inferred(_with(undeclared(TMEM), _guard("sm_90a")))
    [error] = analysis.diagnostics()
    assert error.code == "verify.target-conflict"
    assert error.message.startswith(
        "no single target runs every atom of this file: the CuTe DSL's launch guard (`GPU arch "
        "sm_90a`) needs sm_90a only, but `atom.tmem_load` needs sm_100f")


def test_an_atom_that_decided_through_an_alias_is_named_where_an_op_writes_it(tmp_path):
    """The DSL prints each atom type once, as an alias (`!tl = !cute_nvgpu.atom.tmem_load<...>`),
    and its ops write the alias. The alias's definition is no op: the sentence points at the
    first op that writes the alias (an alias of the alias included), in `check`'s report and
    in hover alike."""
    from cute_ir.features.document_target import explain, op_writing, placed
    text = (f"!cp = {CP_ASYNC}\n!tl = {TMEM}\n!pair = !llvm.struct<(!tl, !cp)>\n"
            + undeclared("!cp", "!llvm.ptr", "!tl"))
    analysis = inferred(text)
    assert analysis.target_arch == "sm_100a"
    use = text.index("-> !tl")
    line, col = at(text, "!tl\n  return")
    assert explain(analysis) == f"inferred from `atom.tmem_load` at {line}:{col}; the file declares none"
    need = placed(analysis).decided_by
    assert (need.span.start, need.span.end, need.op) == (use + 3, use + 6, "cute.make_atom")
    assert op_writing(analysis, need.span) == "cute.make_atom"
    card = hover(analysis, text.index(TMEM) + len("!cute_nvgpu.")).markdown
    assert f"inferred from `atom.tmem_load` at {line}:{col}" in card
    path = tmp_path / "aliased.mlir"
    path.write_text(text)
    done = subprocess.run([sys.executable, "-m", "cute_ir.cli", "check", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines()[0] == (f"{path}: note: target sm_100a, inferred from `atom.tmem_load` at "
                                           f"{line}:{col}; the file declares none")
    # Written only through another alias: that alias's first use stands for it.
    through = text.replace("-> !tl\n", "-> !pair\n")
    line, col = at(through, "!pair\n  return")
    assert explain(inferred(through)) == f"inferred from `atom.tmem_load` at {line}:{col}; the file declares none"
    # Written by no op: the definition it is.
    unused = text.replace("-> !tl\n", "-> !llvm.ptr\n")
    line, col = at(unused, TMEM)
    assert explain(inferred(unused)) == f"inferred from `atom.tmem_load` at {line}:{col}; the file declares none"


def test_an_atom_written_directly_and_through_an_alias_is_named_where_an_op_writes_it_itself():
    """The alias's definition comes first in the file, and an op writes the alias before
    another op writes the same atom itself: the note names the op that writes the atom, where
    a reader finds the type written out; the alias's use stands in only when no op does."""
    from cute_ir.features.document_target import explain, op_writing, placed
    text = (f"!tl = {TMEM}\n"
            "func.func @k() {\n"
            "  %a = cute.make_atom() : () -> !tl\n"
            f"  %b = cute.static : {TMEM}\n"
            "  return\n}\n")
    analysis = inferred(text)
    assert analysis.target_arch == "sm_100a"
    line, col = at(text, f"{TMEM}\n  return")
    assert explain(analysis) == f"inferred from `atom.tmem_load` at {line}:{col}; the file declares none"
    need = placed(analysis).decided_by
    assert (need.atom, need.op) == ("atom.tmem_load", "cute.static")
    assert op_writing(analysis, need.span) == "cute.static"
    card = hover(analysis, text.index("!tl") + 1).markdown
    assert f"inferred from `atom.tmem_load` at {line}:{col}" in card
    # Only the alias's use writes it: that use stands for it, as before.
    alone = text.replace(f"  %b = cute.static : {TMEM}\n", "")
    line, col = at(alone, "!tl\n  return")
    assert explain(inferred(alone)) == f"inferred from `atom.tmem_load` at {line}:{col}; the file declares none"
