"""`check` and the server report where the function writer refuses a function holding inline
assembly that is meant for PTX, which `cute-ir lower --emit ptx` writes (emit/lowered_kernel.py):
`lower.emit` at the op it stopped at, in `--emit ptx`'s words. Meant for PTX: a function marked a
kernel (`nvvm.kernel`, `gpu.kernel`) or given a kernel's launch (`nvvm.reqntid`, ...), or one in
a `gpu.module`, or in a module that declares an NVVM target or an NVPTX triple. Nothing where
the writer writes the function, in a function without inline assembly, which nobody writes, nor
in a function nothing says is for PTX (MLIR's LLVM dialect writes inline assembly for any
target: tests/verify/test_llvm_checks.py)."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.cli import main
from cute_ir.diagnostics import Severity
from cute_ir.text.positions import Position

ASM = ('%k = "llvm.inline_asm"(%h) <{asm_string = "mov.b16 $0, $1;", constraints = "=h,h", '
       'has_side_effects}> : (f16) -> f16')
# The containers that make their functions meant for PTX, and one that does not.
GPU_MODULE = "gpu.module @k"
NVVM_TARGET = 'module attributes {nvvm.target = #nvvm.target<chip = "sm_80">}'
NVPTX_TRIPLE = 'module attributes {llvm.target_triple = "nvptx64-nvidia-cuda"}'
PLAIN = "module"


def _function(line: str, asm: bool = True, container: str = GPU_MODULE, marks: str = "") -> str:
    attributes = f" attributes {{{marks}}}" if marks else ""
    return (f"{container} {{\n  func.func @f(%out: memref<8xf64>, %b: bf16, %h: f16, %x: f32){attributes} {{\n"
            + (f"    {ASM}\n" if asm else "") + f"    {line}\n    return\n  }}\n}}\n")


CASES = [
    ("%w = arith.extf %b : bf16 to f64", "sm_80",
     "`f`: `cvt` `arith.extf` from bf16 to f64 needs sm_90 or later, not sm_80"),
    ("%v = arith.truncf %x to_nearest_away : f32 to f16", "sm_90a",
     "`f`: `arith.truncf` from f32 to f16 rounding to_nearest_away: `cvt` rounds ties away from zero only into tf32"),
    ("%s = arith.scaling_extf %x, %x : f32, f32 to f32", "sm_90a",
     "`f`: `arith.scaling_extf` scales by an f8E8M0FNU exponent, a type with no register here"),
]
# (container, the function's attributes): each makes the function meant for PTX.
MEANT = [
    (GPU_MODULE, ""),
    (NVPTX_TRIPLE, ""),
    (NVVM_TARGET, ""),
    (PLAIN, "gpu.kernel"),
    (PLAIN, "nvvm.maxnreg = 64 : i32"),
]


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    status = main(argv)
    said = capsys.readouterr()
    return status, said.out, said.err


def _errors(text: str, arch: str) -> list:
    analysis = DocumentAnalysis("file:///f.ir", text, settings=Settings(target_arch=arch))
    return [d for d in analysis.diagnostics() if d.severity is Severity.ERROR]


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
    [error] = _errors(text, arch)
    assert (error.code, error.message) == ("lower.emit", f"cannot emit PTX: {why}")
    assert text[error.span.start:error.span.end] == line


@pytest.mark.parametrize("container, marks", MEANT)
def test_each_sign_of_a_function_meant_for_ptx_has_its_refusal_reported(container, marks):
    line, arch, why = CASES[0]
    text = _function(line, container=container, marks=marks)
    assert [(e.code, e.message, text[e.span.start:e.span.end]) for e in _errors(text, arch)] == [
        ("lower.emit", f"cannot emit PTX: {why}", line)]


def test_a_function_nothing_says_is_for_ptx_gets_nothing(tmp_path, capsys):
    """Inline assembly alone does not make a function PTX's: `--emit ptx` refuses it, `check`
    does not judge it."""
    line, arch, why = CASES[0]
    text = _function(line, container=PLAIN)
    path = tmp_path / "f.ir"
    path.write_text(text)
    status, _, err = _run(["lower", str(path), "--emit", "ptx", "--arch", arch], capsys)
    assert (status, err) == (1, f"{path}: error: --emit ptx: {why}\n")
    status, out, _ = _run(["check", str(path), "--arch", arch], capsys)
    assert (status, out.splitlines()[-1]) == (0, "1 file checked: 0 errors, 0 warnings")


def test_mlir_s_llvm_dialect_function_with_inline_assembly_gets_nothing():
    """An `llvm.func` holding inline assembly for no target in particular and ops the writer has
    no PTX for (`llvm.mlir.constant` of an array, `llvm.return`), as MLIR's LLVM dialect tests
    write it: nothing; marked `nvvm.kernel`, the writer's refusal."""
    body = ('  %0 = llvm.inline_asm has_side_effects "foo", "=r,r" %i : (i32) -> i32\n'
            '  %1 = llvm.mlir.constant("abc") : !llvm.array<3 x i8>\n  llvm.return\n}\n')
    text = "llvm.func @f(%i: i32) {\n" + body
    assert _errors(text, "sm_90a") == []
    marked = "llvm.func @f(%i: i32) attributes {nvvm.kernel} {\n" + body
    assert [e.code for e in _errors(marked, "sm_90a")] == ["lower.emit"]


def test_an_edit_to_the_container_s_header_judges_its_functions_again():
    """After an edit of the container's header alone (its triple, NVPTX's or another's), the
    server's analysis says what a fresh analysis of the new text says: the function's unit asked
    whether its container is for PTX, and the answer changed."""
    line, arch, why = CASES[0]
    text = _function(line, container=NVPTX_TRIPLE)
    analysis = DocumentAnalysis("file:///f.ir", text, settings=Settings(target_arch=arch))
    at = text.index("nvptx64")
    for version, (old, new) in enumerate([("nvptx64", "x86_64"), ("x86_64", "nvptx64")], 2):
        analysis.update([(Position(0, at), Position(0, at + len(old)), new)], version)
        now = analysis.document.data.decode()
        assert now == text.replace("nvptx64", new)
        assert [d.message for d in analysis.diagnostics() if d.severity is Severity.ERROR] == \
            [d.message for d in _errors(now, arch)] == ([] if new == "x86_64" else [f"cannot emit PTX: {why}"])


def test_a_function_the_writer_writes_or_nobody_writes_gets_nothing(tmp_path, capsys):
    for text, arch in [(_function(CASES[0][0]), "sm_90a"), (_function(CASES[0][0], asm=False), "sm_80")]:
        path = tmp_path / "f.ir"
        path.write_text(text)
        status, out, _ = _run(["check", str(path), "--arch", arch], capsys)
        assert (status, out.splitlines()[-1]) == (0, "1 file checked: 0 errors, 0 warnings")
