"""`cute-ir lower` and `cute-ir passes` (cli/lower.py), as a user runs them."""
from __future__ import annotations

from cute_ir.cli import main
from tests.conftest import REPO

MAINLOOP = str(REPO / "examples" / "sm90_gemm_mainloop.ir")
HEADER = "// -----// IR Dump After {} ({}) //----- //"


def test_lower_prints_the_ir_after_the_pipeline(capsys):
    assert main(["lower", MAINLOOP]) == 0
    out = capsys.readouterr().out
    assert out.startswith("!desc_a = ") and "IR Dump After" not in out
    assert out.count('"llvm.inline_asm"') == 5 and "cute_nvgpu.make_mma_atom" not in out


def test_print_ir_after_all_shows_each_stage_with_mlir_s_header(capsys):
    assert main(["lower", MAINLOOP, "--print-ir-after-all"]) == 0
    out = capsys.readouterr().out
    assert HEADER.format("ConvertCuteNvgpuToPtx", "convert-cute-nvgpu-to-ptx") in out
    assert HEADER.format("EraseDeadAtoms", "cute-nvgpu-erase-dead-atoms") in out


def test_print_ir_after_one_pass_and_a_tree_dir(tmp_path, capsys):
    assert main(["lower", MAINLOOP, "--print-ir-after", "convert-cute-nvgpu-to-ptx",
                 "--print-ir-tree-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count("IR Dump After") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0_assign-load-store-layouts.mlir",
                                                          "1_lower-tma-load-store-to-async.mlir",
                                                          "2_attach-tma-descriptor-args.mlir",
                                                          "3_separate-host-tma.mlir",
                                                          "4_tileas-legalize-tmem-copy.mlir",
                                                          "5_convert-cute-nvgpu-to-ptx.mlir",
                                                          "6_cute-nvgpu-erase-dead-atoms.mlir"]


def test_print_ir_after_change_shows_only_changed_stages(capsys):
    assert main(["lower", MAINLOOP, "--print-ir-after-change"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(HEADER.format("ConvertCuteNvgpuToPtx", "convert-cute-nvgpu-to-ptx") + "\n")
    assert out.count("IR Dump After") == 2 and "IR Unchanged" not in out


def test_print_ir_after_change_says_when_no_pass_changed_anything(tmp_path, capsys):
    source = tmp_path / "plain.mlir"
    source.write_text("func.func @a() {\n  return\n}\n")
    pipeline = "builtin.module(convert-cute-nvgpu-to-ptx,cute-nvgpu-erase-dead-atoms)"
    assert main(["lower", str(source), "--print-ir-after-change", "--pipeline", pipeline]) == 0
    assert capsys.readouterr().out == (
        f"// -----// IR Unchanged: no pass of {pipeline} changed it //----- //\n"
        "module {\n  func.func @a() {\n    return\n  }\n}\n")


def test_print_ir_after_a_pass_the_pipeline_does_not_run_is_said(capsys):
    assert main(["lower", MAINLOOP, "--pipeline", "builtin.module(convert-cute-nvgpu-to-ptx)",
                 "--print-ir-after", "cute-nvgpu-erase-dead-atoms"]) == 0
    captured = capsys.readouterr()
    assert captured.err == (
        # The file declares no target: which one its atoms asked for comes first, as `check` says it.
        f"{MAINLOOP}: note: target sm_90a, inferred from `sm90.mma` at 33:111; the file declares none\n"
        "cute-ir lower: warning: --print-ir-after: cute-nvgpu-erase-dead-atoms is not "
        "in the pipeline builtin.module(convert-cute-nvgpu-to-ptx)\n")
    assert "IR Dump After" not in captured.out and '"llvm.inline_asm"' in captured.out


def test_split_input_file_lowers_each_case_alone_and_keeps_each_case_s_dumps(tmp_path, capsys):
    source = tmp_path / "cases.mlir"
    source.write_text("func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  %x = bogus.op\n  return\n}\n")
    dumps = tmp_path / "dumps"
    main(["lower", str(source), "--split-input-file", "--pipeline", "builtin.module(cute-nvgpu-erase-dead-atoms)",
          "--print-ir-tree-dir", str(dumps)])
    out = capsys.readouterr().out
    assert out.count("// -----\n") == 1 and out.index("@a") < out.index("// -----") < out.index("@b")
    assert sorted(p.name for p in dumps.iterdir()) == ["case0_0_cute-nvgpu-erase-dead-atoms.mlir",
                                                        "case1_0_cute-nvgpu-erase-dead-atoms.mlir"]
    assert "@b" in (dumps / "case1_0_cute-nvgpu-erase-dead-atoms.mlir").read_text()


def test_input_check_rejects_is_not_lowered_as_mlir_opt_stops_on_input_that_fails_to_verify(capsys):
    # The target cannot run the file's atoms: `check`'s errors, no pass, no IR, exit 1.
    assert main(["lower", MAINLOOP, "--arch", "sm_80"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert ("error: atom `sm90.mma` needs sm_90a only, but the target is sm_80 (spec minimum tier: SM90) "
            "[verify:verify.target]") in captured.err
    assert "lower.stopped" not in captured.err and "not lowered" not in captured.err
    assert main(["check", MAINLOOP, "--arch", "sm_80"]) == 1
    assert capsys.readouterr().out.count("verify.target") >= 1


def test_a_file_check_accepts_is_lowered(tmp_path, capsys):
    # No error: the pipeline runs and prints the IR.
    source = tmp_path / "warn.ir"
    source.write_text("func.func @f() {\n  return\n}\n")
    assert main(["lower", str(source)]) == 0
    assert "func.func @f()" in capsys.readouterr().out


def test_bad_pipelines_and_pass_names_are_usage_errors(capsys):
    assert main(["lower", MAINLOOP, "--pipeline", "builtin.module(nope)"]) == 2
    assert "unknown pass `nope`" in capsys.readouterr().err
    assert main(["lower", MAINLOOP, "--print-ir-after", "nope"]) == 2


def test_passes_lists_the_registered_passes(capsys):
    assert main(["passes"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("assign-load-store-layouts: ")
    assert ("default pipeline: builtin.module(assign-load-store-layouts,lower-tma-load-store-to-async,"
            "attach-tma-descriptor-args,separate-host-tma,tileas-legalize-tmem-copy,convert-cute-nvgpu-to-ptx,cute-nvgpu-erase-dead-atoms)") in out
    assert "\nlower-tma-load-store-to-async: " in out and "  prefer_tma=False: " in out
    assert "\ntileas-legalize-tmem-copy: " in out
