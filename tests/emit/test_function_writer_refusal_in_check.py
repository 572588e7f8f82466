"""`check` and the server report where the function writer refuses a function holding inline
assembly after the lowering pipeline (the text's own, or what the pipeline made of its atoms)
that is meant for PTX, which `cute-ir lower --emit ptx` writes (emit/lowered_kernel.py):
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


def _triple_edited_away_and_back(analysis: DocumentAnalysis, text: str, arch: str, why: str) -> None:
    """The container's NVPTX triple edited to another target's and back in `analysis` of `text`:
    after each edit its errors are a fresh analysis's of the new text, the writer's refusal `why`
    under NVPTX only."""
    at = text.index("nvptx64")
    for version, (old, new) in enumerate([("nvptx64", "x86_64"), ("x86_64", "nvptx64")], 2):
        analysis.update([(Position(0, at), Position(0, at + len(old)), new)], version)
        now = analysis.document.data.decode()
        assert now == text.replace("nvptx64", new)
        assert [d.message for d in analysis.diagnostics() if d.severity is Severity.ERROR] == \
            [d.message for d in _errors(now, arch)] == ([] if new == "x86_64" else [f"cannot emit PTX: {why}"])


def test_an_edit_to_the_container_s_header_judges_its_functions_again():
    """After an edit of the container's header alone (its triple, NVPTX's or another's), the
    server's analysis says what a fresh analysis of the new text says: the function's unit asked
    whether its container is for PTX, and the answer changed."""
    line, arch, why = CASES[0]
    text = _function(line, container=NVPTX_TRIPLE)
    analysis = DocumentAnalysis("file:///f.ir", text, settings=Settings(target_arch=arch))
    _triple_edited_away_and_back(analysis, text, arch, why)


def test_a_function_the_writer_writes_or_nobody_writes_gets_nothing(tmp_path, capsys):
    for text, arch in [(_function(CASES[0][0]), "sm_90a"), (_function(CASES[0][0], asm=False), "sm_80")]:
        path = tmp_path / "f.ir"
        path.write_text(text)
        status, out, _ = _run(["check", str(path), "--arch", arch], capsys)
        assert (status, out.splitlines()[-1]) == (0, "1 file checked: 0 errors, 0 warnings")


# Atoms the pipeline lowers to inline assembly, making the function one the writer writes: a
# universal FMA (the lowering's check in place stands for the run: `passes/lower_atoms.LOWERS`),
# a cp.async copy (the editor runs the pipeline on a copy of the unit: a copy may cross tensor
# memory) and a universal FMA whose operands are values, which the lowering leaves.
FMA = ("%m = cute_nvgpu.make_mma_atom {shape_MNK = [1, 1, 1], a_type = f32, b_type = f32, c_type = f32} : "
       "!cute_nvgpu.atom.universal_fma\n"
       "    cute_nvgpu.mma %m, %d, %a, %b, %d : (!cute_nvgpu.atom.universal_fma, memref<1xf32>, memref<1xf32>, "
       "memref<1xf32>, memref<1xf32>)")
CP_ASYNC = ("%cp = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.simt_async_copy<16, cg>\n"
            "    cute_nvgpu.copy %cp, %g, %s : (!cute_nvgpu.atom.simt_async_copy<16, cg>, memref<8xf16, 1>, "
            "memref<8xf16, 3>)")
LEFT_FMA = ("%m = cute_nvgpu.make_mma_atom {shape_MNK = [1, 1, 1], a_type = f32, b_type = f32, c_type = f32} : "
            "!cute_nvgpu.atom.universal_fma\n"
            "    cute_nvgpu.mma %m, %x, %x, %x, %x : (!cute_nvgpu.atom.universal_fma, f32, f32, f32, f32)")


def _atoms_function(atoms: str, line: str, container: str = GPU_MODULE, marks: str = "") -> str:
    attributes = f" attributes {{{marks}}}" if marks else ""
    return (f"{container} {{\n  func.func @f(%d: memref<1xf32>, %a: memref<1xf32>, %b: memref<1xf32>, "
            f"%g: memref<8xf16, 1>, %s: memref<8xf16, 3>, %x: f32, %b16: bf16, %h: f16){attributes} {{\n"
            f"    {atoms}\n    {line}\n    return\n  }}\n}}\n")


EXTF = "%w = arith.extf %b16 : bf16 to f64"
EXTF_WHY = "`f`: `cvt` `arith.extf` from bf16 to f64 needs sm_90 or later, not sm_80"


@pytest.mark.parametrize("atoms", [FMA, CP_ASYNC], ids=["fma", "cp.async"])
def test_the_writer_judges_a_function_after_the_lowering_made_inline_assembly_of_its_atoms(atoms, tmp_path, capsys):
    """No inline assembly in the text: the lowering makes it of the atom, and `--emit ptx`
    writes the function; `check` and the server report where the writer stops, as it says."""
    text = _atoms_function(atoms, EXTF)
    path = tmp_path / "f.ir"
    path.write_text(text)
    status, _, err = _run(["lower", str(path), "--emit", "ptx", "--arch", "sm_80"], capsys)
    assert (status, err) == (1, f"{path}: error: --emit ptx: {EXTF_WHY}\n")
    status, out, _ = _run(["check", str(path), "--arch", "sm_80"], capsys)
    row = text.count("\n", 0, text.index(EXTF)) + 1
    assert status == 1
    assert [said for said in out.splitlines() if ": error: " in said] == [
        f"{path}:{row}:5: error: cannot emit PTX: {EXTF_WHY} [lower:lower.emit]"]
    [error] = _errors(text, "sm_80")
    assert (error.code, error.message, text[error.span.start:error.span.end]) == (
        "lower.emit", f"cannot emit PTX: {EXTF_WHY}", EXTF)
    # Where the writer writes the function, nothing.
    assert _errors(text, "sm_90a") == []


@pytest.mark.parametrize("atoms", [FMA, CP_ASYNC], ids=["fma", "cp.async"])
def test_a_lowered_function_nothing_says_is_for_ptx_gets_nothing(atoms):
    """In a plain module, as before: `--emit ptx` alone refuses it; said a kernel, reported."""
    assert _errors(_atoms_function(atoms, EXTF, container=PLAIN), "sm_80") == []
    marked = _atoms_function(atoms, EXTF, container=PLAIN, marks="gpu.kernel")
    assert [(e.code, e.message) for e in _errors(marked, "sm_80")] == [("lower.emit", f"cannot emit PTX: {EXTF_WHY}")]


def test_an_op_the_lowering_leaves_is_where_the_writer_stops(tmp_path, capsys):
    """The lowering leaves an FMA whose operands are values (its information says why) and the
    atom it applies; with inline assembly of the user's the function is the writer's, which stops
    at the atom's builder, as `--emit ptx` says."""
    text = _atoms_function(f"{ASM}\n    {LEFT_FMA}", "return").replace("    return\n    return", "    return")
    path = tmp_path / "f.ir"
    path.write_text(text)
    why = "`f`: `cute_nvgpu.make_mma_atom` has no PTX here (the lowering left it)"
    status, _, err = _run(["lower", str(path), "--emit", "ptx", "--arch", "sm_90a"], capsys)
    assert (status, err.splitlines()[-1]) == (1, f"{path}: error: --emit ptx: {why}")
    builder = LEFT_FMA.split("\n")[0]
    assert [(e.code, e.message, text[e.span.start:e.span.end]) for e in _errors(text, "sm_90a")] == [
        ("lower.emit", f"cannot emit PTX: {why}", builder)]


def test_an_error_that_stops_the_lowering_is_reported_alone():
    """An atom the target cannot run (cp.async before sm_80): the lowering check's error, and no
    verdict of the writer on what the lowering left."""
    text = _atoms_function(CP_ASYNC, EXTF)
    assert "lower.emit" not in [e.code for e in _errors(text, "sm_75")]


@pytest.mark.parametrize("atoms", [FMA, CP_ASYNC], ids=["fma", "cp.async"])
def test_an_edit_to_a_lowered_function_s_container_judges_it_again(atoms):
    """The container's header edited alone (its triple, NVPTX's or another's): the analysis says
    what a fresh analysis of the new text says."""
    text = _atoms_function(atoms, EXTF, container=NVPTX_TRIPLE)
    analysis = DocumentAnalysis("file:///f.ir", text, settings=Settings(target_arch="sm_80"))
    assert [d.code for d in analysis.diagnostics() if d.severity is Severity.ERROR] == ["lower.emit"]
    _triple_edited_away_and_back(analysis, text, "sm_80", EXTF_WHY)


def test_a_use_of_a_value_defined_nowhere_is_the_ssa_check_s_alone():
    """The atom's value renamed at its definition: its use is undeclared (the SSA check's error),
    the lowering leaves the op that applies it, and the writer's stop there is no second error;
    typed into an open document, the same as a fresh analysis says."""
    text = _atoms_function(FMA, "return").replace("    return\n    return", "    return")
    at = text.index("%m = ") + 1
    renamed = text[:at] + "q" + text[at:]
    fresh = _errors(renamed, "sm_90a")
    assert [e.code for e in fresh] == ["ssa.undeclared-value"]
    analysis = DocumentAnalysis("file:///f.ir", text, settings=Settings(target_arch="sm_90a"))
    assert [d for d in analysis.diagnostics() if d.severity is Severity.ERROR] == []
    row = text.count("\n", 0, at)
    column = at - text.rindex("\n", 0, at) - 1
    analysis.update([(Position(row, column), Position(row, column), "q")], 2)
    assert [(d.code, d.message, d.span) for d in analysis.diagnostics() if d.severity is Severity.ERROR] == \
        [(d.code, d.message, d.span) for d in fresh]
