"""`check` and the server report where the function writer refuses a plain function holding
inline assembly, which `cute-ir lower --emit ptx` writes (emit/lowered_kernel.py): `lower.emit`
at the op it stopped at, in `--emit ptx`'s words; nothing where it writes the function, nor in
a function without inline assembly, which nobody writes."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.cli import main
from cute_ir.diagnostics import Severity

ASM = ('%k = "llvm.inline_asm"(%h) <{asm_string = "mov.b16 $0, $1;", constraints = "=h,h", '
       'has_side_effects}> : (f16) -> f16')


def _function(line: str, asm: bool = True) -> str:
    return ("module {\n  func.func @f(%out: memref<8xf64>, %b: bf16, %h: f16, %x: f32) {\n"
            + (f"    {ASM}\n" if asm else "") + f"    {line}\n    return\n  }}\n}}\n")


CASES = [
    ("%w = arith.extf %b : bf16 to f64", "sm_80",
     "`f`: `cvt` `arith.extf` from bf16 to f64 needs sm_90 or later, not sm_80"),
    ("%v = arith.truncf %x to_nearest_away : f32 to f16", "sm_90a",
     "`f`: `arith.truncf` from f32 to f16 rounding to_nearest_away: `cvt` rounds ties away from zero only into tf32"),
    ("%s = arith.scaling_extf %x, %x : f32, f32 to f32", "sm_90a",
     "`f`: `arith.scaling_extf` scales by an f8E8M0FNU exponent, a type with no register here"),
]


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    status = main(argv)
    said = capsys.readouterr()
    return status, said.out, said.err


@pytest.mark.parametrize("line, arch, why", CASES)
def test_check_reports_the_writer_s_refusal_at_the_op_in_its_words(line, arch, why, tmp_path, capsys):
    text = _function(line)
    path = tmp_path / "f.ir"
    path.write_text(text)
    status, _, err = _run(["lower", str(path), "--emit", "ptx", "--arch", arch], capsys)
    assert (status, err) == (1, f"{path}: error: --emit ptx: {why}\n")
    status, out, _ = _run(["check", str(path), "--arch", arch], capsys)
    row = text.count("\n", 0, text.index(line)) + 1
    assert status == 1
    assert [said for said in out.splitlines() if ": error: " in said] == [
        f"{path}:{row}:5: error: cannot emit PTX: {why} [lower:lower.emit]"]
    analysis = DocumentAnalysis("file:///f.ir", text, settings=Settings(target_arch=arch))
    [error] = [d for d in analysis.diagnostics() if d.severity is Severity.ERROR]
    assert (error.code, error.message) == ("lower.emit", f"cannot emit PTX: {why}")
    assert text[error.span.start:error.span.end] == line


def test_a_function_the_writer_writes_or_nobody_writes_gets_nothing(tmp_path, capsys):
    for text, arch in [(_function(CASES[0][0]), "sm_90a"), (_function(CASES[0][0], asm=False), "sm_80")]:
        path = tmp_path / "f.ir"
        path.write_text(text)
        status, out, _ = _run(["check", str(path), "--arch", arch], capsys)
        assert (status, out.splitlines()[-1]) == (0, "1 file checked: 0 errors, 0 warnings")
