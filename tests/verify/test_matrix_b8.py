"""The `.b8` shapes of ldmatrix / stmatrix (PTX ISA 8.6+), as the CuTe DSL writes them: an ldsm /
stsm atom with `mode = <"(rows,cols)">` other than (8,8) and an element format (`sz_pattern`).

Written from the PTX ISA's rules before the code: `.m16n16` takes `.x1` / `.x2` and always
`.trans`; `.m8n16` never transposes and takes only the widening formats `.b8x16.b6x16_p32` /
`.b8x16.b4x16_p64`; stmatrix `.m16n8` is `.b8` only and always `.trans`; all of them exist on the
`a` / `f` targets of sm_100, sm_110 and sm_120 only. The DSL's 16x8 ldmatrix is half a `.m16n16`
one (its LdMatrix16x8x8bOp), so its counts are 2 and 4. Every emitted form is assembled with ptxas.
"""
from __future__ import annotations

import re

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features import preview as PV
from cute_ir.features import ptx as FP
from cute_ir.ir.target import FROM_DEFAULT, FROM_INFERRED
from tests.verify import located_diagnostics

from tests.emit.ptxas_runner import PTXAS, SKIP_REASON

needs_ptxas = pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)


def ldsm(val: str, mode: str, pattern: str, num: int, trans: str) -> str:
    return (f'!cute_nvgpu.atom.ldsm<val_type = {val}, mode = <"({mode})">, sz_pattern = {pattern}, '
            f'num_matrices = {num}, {trans}>')


def stsm(val: str, num: int, trans: str = "t", mode: str = "16,8") -> str:
    return f'!cute_nvgpu.atom.stsm<{val}, mode = <"({mode})">, num_matrices = {num}, {trans}>'


def document(*types: str) -> str:
    lines = "".join(f"  %a{i} = cute.make_atom() : () -> {t}\n" for i, t in enumerate(types))
    return f"func.func @atoms() {{\n{lines}  return\n}}\n"


def diagnostics(text: str, arch: str) -> list[tuple[str, str, str]]:
    return [d[:3] for d in located_diagnostics(text, arch, "file:///matrix_b8.ir")]


# The DSL's atom -> the instruction its own compile emits (nvidia-cutlass-dsl 4.8.1, sm_100a).
FORMS = [
    (ldsm("i8", "16,16", "u8", 1, "t"), "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8"),
    (ldsm("i8", "16,16", "u6x16p32to8", 2, "t"), "ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8x16.b6x16_p32"),
    (ldsm("i8", "16,8", "u8", 4, "t"), "ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8"),
    (ldsm("f4E2M1FN", "16,8", "u4x16p64to8", 2, "t"), "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8x16.b4x16_p64"),
    (ldsm("i8", "8,16", "u4x16p64to8", 4, "n"), "ldmatrix.sync.aligned.m8n16.x4.shared.b8x16.b4x16_p64"),
    (ldsm("f6E2M3FN", "8,16", "u6x16p32to8", 1, "n"), "ldmatrix.sync.aligned.m8n16.x1.shared.b8x16.b6x16_p32"),
    (stsm("i8", 1), "stmatrix.sync.aligned.m16n8.x1.trans.shared.b8"),
    (stsm("f8E4M3FN", 2), "stmatrix.sync.aligned.m16n8.x2.trans.shared.b8"),
    (stsm("f4E2M1FN", 4), "stmatrix.sync.aligned.m16n8.x4.trans.shared.b8"),
    # Its 16x8 stmatrix counts matrices of values: a 16-bit one is two byte matrices, a 32-bit one four.
    (stsm("bf16", 1), "stmatrix.sync.aligned.m16n8.x2.trans.shared.b8"),
    (stsm("i16", 2), "stmatrix.sync.aligned.m16n8.x4.trans.shared.b8"),
    (stsm("f32", 1), "stmatrix.sync.aligned.m16n8.x4.trans.shared.b8"),
]
TARGETS = ("sm_100a", "sm_103a", "sm_110a", "sm_120a", "sm_121a")


def _instructions(text: str, arch: str) -> list[str]:
    ptx = PV.preview_module(DocumentAnalysis("file:///matrix_b8.ir", text,
                                             settings=Settings(target_arch=arch))).ptx_text
    return re.findall(r"^\s*((?:ld|st)matrix\.[\w.:]+)", ptx, re.M)


@pytest.mark.parametrize("atom,instruction", FORMS, ids=[f for _, f in FORMS])
def test_each_shape_checks_clean_and_previews_its_instruction(atom, instruction):
    text = document(atom)
    for arch in TARGETS:
        assert diagnostics(text, arch) == [], arch
        assert _instructions(text, arch) == [instruction], arch


@pytest.mark.parametrize("atom", [a for a, _ in FORMS])
def test_a_file_of_b8_matrices_is_checked_for_sm_100a(atom):
    analysis = DocumentAnalysis("file:///matrix_b8.ir", document(atom), settings=Settings(target_from=FROM_DEFAULT))
    assert (analysis.target.source, analysis.target_arch) == (FROM_INFERRED, "sm_100a")


@needs_ptxas
@pytest.mark.parametrize("arch", TARGETS)
def test_the_preview_assembles(arch):
    analysis = DocumentAnalysis("file:///matrix_b8.ir", document(*(a for a, _ in FORMS)),
                                settings=Settings(target_arch=arch))
    preview = PV.preview_module(analysis)
    assert preview.problems == []
    assert FP.assemble(preview.ptx_text, arch, PTXAS) == []


_GATE = ("needs sm_100f (sm_100a/sm_100f/sm_103a/sm_103f) or sm_110f (sm_110a/sm_110f) or sm_120f "
         "(sm_120a/sm_120f/sm_121a/sm_121f), but the target is {}")


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100", "sm_120"])
def test_other_targets_have_no_b8_shapes(arch):
    atom = ldsm("i8", "16,16", "u8", 2, "t")
    assert diagnostics(document(atom), arch) == [
        ("verify.target", atom, 'atom `atom.ldsm` with `mode = <"(16,16)">` ' + _GATE.format(arch))]
    atom = stsm("i8", 4)
    assert diagnostics(document(atom), arch) == [
        ("verify.target", atom, 'atom `atom.stsm` with `mode = <"(16,8)">` ' + _GATE.format(arch))]


@pytest.mark.parametrize("atom,code,under,message", [
    (stsm("i8", 1, mode="16,16"), "verify.copy.matrix-shape", 'mode = <"(16,16)">',
     "`atom.stsm` takes `mode` `(8,8)` or `(16,8)`, got `(16,16)`"),
    (ldsm("i8", "16,16", "u8", 4, "t"), "verify.copy.num-matrices", "num_matrices = 4",
     "`atom.ldsm` moves 1 or 2 16x16 matrices (x1, x2), got 4 in `num_matrices = 4`"),
    (ldsm("i8", "16,8", "u8", 1, "t"), "verify.copy.num-matrices", "num_matrices = 1",
     "`atom.ldsm` moves 2 or 4 16x8 matrices (x2, x4), got 1 in `num_matrices = 1`"),
    (ldsm("i8", "16,16", "u8", 1, "n"), "verify.copy.transpose", "n",
     "`atom.ldsm` with `mode = (16,16)` (`.m16n16`) always transposes (`.trans`): write `t`, got `n`"),
    (stsm("i8", 2, "n"), "verify.copy.transpose", "n",
     "`atom.stsm` with `mode = (16,8)` (`.m16n8`) always transposes (`.trans`): write `t`, got `n`"),
    (ldsm("i8", "8,16", "u4x16p64to8", 1, "t"), "verify.copy.transpose", "t",
     "`atom.ldsm` with `mode = (8,16)` (`.m8n16`) never transposes: write `n`, got `t`"),
    (ldsm("i8", "8,16", "u8", 1, "n"), "verify.copy.matrix-format", "sz_pattern = u8",
     "`atom.ldsm` with `mode = (8,16)` takes `sz_pattern` `u4x16p64to8` or `u6x16p32to8`, got `u8`"),
    (ldsm("bf16", "8,8", "u8", 1, "n"), "verify.copy.matrix-format", "sz_pattern = u8",
     "`atom.ldsm` with `mode = (8,8)` takes `sz_pattern` `u16`, got `u8`"),
    (ldsm("f6E2M3FN", "16,16", "u8", 1, "t"), "verify.copy.element-width", "val_type = f6E2M3FN",
     "`atom.ldsm` moves 8-bit units, but the value type f6E2M3FN is 6 bits: its elements neither "
     "pack into a unit nor fill whole units"),
    (ldsm("f6E2M3FN", "16,16", "u4x16p64to8", 1, "t"), "verify.copy.element-width", "val_type = f6E2M3FN",
     "`atom.ldsm` with `sz_pattern = u4x16p64to8` widens 4-bit values into 8-bit units, but the value "
     "type f6E2M3FN is 6 bits: its elements are not 4-bit values, and neither pack into a unit nor "
     "fill whole units"),
    (stsm("bf16", 4), "verify.copy.num-matrices", "num_matrices = 4",
     "`atom.stsm` with `mode = (16,8)` stores each 16x8 matrix of bf16 as 2 byte matrices (`.m16n8`), "
     "so `num_matrices = 4` needs `.x8`, but the instruction has x1, x2, x4"),
    (stsm("f32", 2), "verify.copy.num-matrices", "num_matrices = 2",
     "`atom.stsm` with `mode = (16,8)` stores each 16x8 matrix of f32 as 4 byte matrices (`.m16n8`), "
     "so `num_matrices = 2` needs `.x8`, but the instruction has x1, x2, x4"),
    # No count of f64 matrices fits: the value type is what is wrong.
    (stsm("f64", 1), "verify.copy.num-matrices", "f64",
     "`atom.stsm` with `mode = (16,8)` stores each 16x8 matrix of f64 as 8 byte matrices (`.m16n8`), "
     "so `num_matrices = 1` needs `.x8`, but the instruction has x1, x2, x4"),
], ids=["stsm-mode", "ldsm-16x16-count", "ldsm-16x8-count", "ldsm-16x16-n", "stsm-n", "ldsm-8x16-t",
        "ldsm-8x16-u8", "ldsm-8x8-u8", "f6-bytes", "f6-u4", "stsm-bf16-x4", "stsm-f32-x2", "stsm-f64"])
def test_each_rule_of_the_b8_shapes(atom, code, under, message):
    assert diagnostics(document(atom), "sm_100a") == [(code, under, message)]


@pytest.mark.parametrize("val,stores", [("bf16", 2), ("f32", 1), ("i8", 4), ("f4E2M1FN", 4), ("f8E5M2", 4)])
def test_elements_that_pack_into_or_fill_bytes_are_moved(val, stores):
    """As `.m8n8` moves 16-bit units (docs/spec-deviations.md, B19), the `.b8` shapes move bytes
    (the 16x8 stmatrix as many of its matrices as fill at most four byte matrices)."""
    assert diagnostics(document(ldsm(val, "16,16", "u8", 2, "t"), stsm(val, stores)), "sm_100a") == []


def test_the_error_stops_the_lowering_of_a_wide_stmatrix():
    text = document(stsm("bf16", 4))
    assert _instructions(text, "sm_100a") == []


def test_an_error_stops_the_lowering_of_that_atom():
    text = document(ldsm("i8", "16,16", "u8", 4, "t"))
    preview = PV.preview_module(DocumentAnalysis("file:///matrix_b8.ir", text,
                                                 settings=Settings(target_arch="sm_100a")))
    assert _instructions(text, "sm_100a") == []
    assert [d.code for d in preview.problems] == ["verify.copy.num-matrices"]


def test_hover_shows_the_instruction_a_wide_stmatrix_stores_with():
    from cute_ir.features.hover import hover
    atom = stsm("bf16", 1)
    text = document(atom)
    analysis = DocumentAnalysis("file:///matrix_b8.ir", text, settings=Settings(target_arch="sm_100a"))
    card = hover(analysis, text.index("!cute_nvgpu") + len("!cute_nvgpu.")).markdown
    assert "| `m16n8.x2.trans.b8` | rmem → smem | 2 | 8 × b8 | yes |" in card
    assert "stmatrix.sync.aligned.m16n8.x2.trans.shared.b8 [%smem], {%r0, %r1};" in card
