"""An atom's own kernel in the PTX preview comes from the lowering (features/atom_kernel.py): for
an op that builds a copy atom, the kernel of the smallest function applying it, after the
pipeline and the function writer; other atoms keep the kernel built from their configuration."""
from __future__ import annotations

import re

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.emit.ptx import ATOM_LINE_MARK
from cute_ir.features import atom_kernel as AK
from cute_ir.features import preview as PV
from cute_ir.verify.atom_sites import document_sites
from tests.conftest import REPO

from ptxas_runner import PTXAS, SKIP_REASON, assemble


def _analysis(body: str, arch: str = "sm_90a") -> DocumentAnalysis:
    return DocumentAnalysis("file:///atoms.ir", f"func.func @atoms() {{\n{body}  return\n}}\n",
                            settings=Settings(target_arch=arch))


def _kernel(preview: PV.Preview, name: str) -> list[str]:
    lines = preview.ptx_text.split("\n")
    start = next(n for n, line in enumerate(lines) if line.startswith(f".visible .entry {name}("))
    return lines[start:lines.index("}", start) + 1]


COPIES = [
    # (the atom's type, the instruction the preview marks as the atom's)
    ("!cute_nvgpu.atom.universal_copy<f32, 128 b>", ["ld.global.v4.b32", "st.global.v4.b32"]),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128>", ["ld.global.v4.b32"]),
    ("!cute_nvgpu.atom.r2s<f16 copy_bits = 128>", ["st.shared.v4.b32"]),
    ("!cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>",
     ["cp.async.cg.shared.global", "cp.async.commit_group;", "cp.async.wait_group"]),
    ('!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>',
     ["ldmatrix.sync.aligned.m8n8.x4.shared.b16"]),
    ('!cute_nvgpu.atom.stsm<f16, mode = <"(8,8)">, num_matrices = 4, n>', ["stmatrix.sync.aligned.m8n8.x4.shared.b16"]),
]


@pytest.mark.parametrize("atom,instructions", COPIES, ids=[a.split("<")[0] for a, _ in COPIES])
def test_a_copy_atom_built_and_never_applied_gets_the_kernel_of_a_function_applying_it(atom, instructions):
    analysis = _analysis(f"  %c = cute.make_atom() : () -> {atom}\n")
    preview = PV.preview_module(analysis)
    [site] = document_sites(analysis)
    [name] = preview.kernels
    kernel = _kernel(preview, name)
    op_text = f"%c = cute.make_atom() : () -> {atom}"
    written = AK.atom_kernel(op_text, site.config, name, "sm_90a")
    assert written is not None and written.module.kernels == (name,)
    # The function's parameters, as the writer passes a memref: its aligned pointer.
    assert kernel[0] == f".visible .entry {name}(.param .u64 p0, .param .u64 p1)"
    assert "\n".join(kernel) in written.module.text
    assert [line.split(ATOM_LINE_MARK)[0].split()[0] for line in kernel if ATOM_LINE_MARK in line] == instructions
    assert all(line.endswith(f"{ATOM_LINE_MARK}%c") for line in kernel if ATOM_LINE_MARK in line)
    # Every line of it maps to the op that built the atom.
    first = preview.ptx_text.split("\n").index(kernel[0])
    mapped = dict(preview.line_map)
    assert {mapped[n] for n in range(first, first + len(kernel))} == {site.span}
    if PTXAS is not None:
        accepted, said = assemble(preview.ptx_text, "sm_90a")
        assert accepted, said


@pytest.mark.parametrize("body", [
    # Not a copy family written so: the MMA's kernel is built from its configuration.
    "  %m = cute.make_atom() : () -> !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32) >\n",
    # A type through an alias: read alone, the op's text would not name the atom.
    None,
    # 8-bit matrices: no fragment is written for them here.
    '  %l = cute.make_atom() : () -> !cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(16,16)">, sz_pattern = u8, '
    'num_matrices = 1, t>\n',
], ids=["mma", "alias", "b8-matrix"])
def test_other_atoms_keep_the_kernel_built_from_their_configuration(body):
    if body is None:
        analysis = DocumentAnalysis("file:///atoms.ir", "!u = !cute_nvgpu.atom.universal_copy<f32, 128 b>\n"
                                    "func.func @atoms() {\n  %c = cute.make_atom() : () -> !u\n  return\n}\n",
                                    settings=Settings(target_arch="sm_100a"))
    else:
        analysis = _analysis(body, "sm_100a")
    preview = PV.preview_module(analysis)
    [name] = preview.kernels
    # emit/ptx.py's kernels name their parameters by role (`out`, `src`, ...), the writer's `pN`.
    assert not re.search(r"\.param \.u64 p0", _kernel(preview, name)[0])


def test_the_function_applying_an_atom_is_the_atom_s_own():
    """The function is the atom's only when its own atom site is the op's configuration."""
    op = "%c = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 128 b>"
    analysis = _analysis(f"  {op}\n")
    [site] = document_sites(analysis)
    assert AK.application(op, site.config, "k") == (
        "func.func @k(%src: memref<4xf32, 1>, %dst: memref<4xf32, 1>) {\n"
        "  %atom = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 128 b>\n"
        "  cute_nvgpu.copy %atom, %src, %dst : (!cute_nvgpu.atom.universal_copy<f32, 128 b>, memref<4xf32, 1>, "
        "memref<4xf32, 1>)\n  return\n}\n")
    other = _analysis("  %c = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 64 b>\n")
    [wider] = document_sites(other)
    assert AK.atom_kernel(op, wider.config, "k", "sm_90a") is None


@pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)
@pytest.mark.parametrize("path", sorted((REPO / "tests" / "corpus" / "cutedsl").glob("*/raw.mlir")),
                         ids=lambda p: p.parent.name)
def test_each_dump_s_preview_with_kernels_from_the_lowering_assembles_on_each_target(path):
    for arch in ("sm_90a", "sm_100a", "sm_120a"):
        analysis = DocumentAnalysis(path.resolve().as_uri(), path.read_bytes(), settings=Settings(target_arch=arch))
        preview = PV.preview_module(analysis)
        accepted, said = assemble(preview.ptx_text, preview.ptxas_arch)
        assert accepted, (arch, said)
