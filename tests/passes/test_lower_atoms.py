"""The atom-lowering pipeline (passes/lower_atoms.py, features/lowered.py): each op that applies
an atom becomes the PTX the preview emits for it (the pass decides and builds it itself, from the
atom), atoms left unused are erased, every stage is valid MLIR text, and what cannot be lowered
is an error on the op."""
from __future__ import annotations

import re

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.preview import preview_module
from cute_ir.features.lowered import lower
from cute_ir.passes import PipelineError
from cute_ir.passes.lower_atoms import DSL_UNBOUND
from cute_ir.syntax.parser import parse
from tests.conftest import REPO

MAINLOOP = (REPO / "examples" / "sm90_gemm_mainloop.ir").read_text()


def analyse(text: str, arch: str = "sm_90a") -> DocumentAnalysis:
    return DocumentAnalysis("file:///lower.ir", text, settings=Settings(target_arch=arch))


def test_every_applying_op_becomes_its_ptx_and_unused_atoms_go():
    result = lower(analyse(MAINLOOP))
    assert [s.argument for s in result.stages] == ["assign-load-store-layouts", "lower-tma-load-store-to-async",
                                                   "attach-tma-descriptor-args", "separate-host-tma",
                                                   "tileas-legalize-tmem-copy", "convert-cute-nvgpu-to-ptx",
                                                   "cute-nvgpu-erase-dead-atoms"]
    assert [s.changed for s in result.stages] == [False] * 5 + [True, True] and result.ok    # no TileAS ops
    converted, final = result.stages[5].text, result.stages[6].text
    assert "cute_nvgpu.mma" not in converted and "cute_nvgpu.copy" not in converted
    assert converted.count('"llvm.inline_asm"') == 5
    assert "make_mma_atom" in converted and "make_mma_atom" not in final    # built, then unused
    # The instruction is the one the PTX preview emits (and ptxas checks) for the op.
    assert "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16" in preview_module(analyse(MAINLOOP)).ptx_text
    assert "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16" in final


def test_the_lowering_is_the_pass_s_own_and_not_the_preview_s(monkeypatch):
    """`cute-ir lower` decides and builds each op's instruction from its atom (the legality rule
    and the row it gives), handed only what verification found of the atoms: no PTX module is
    emitted for it, and nothing of the preview is asked."""
    from cute_ir.emit import ptx
    from cute_ir.features import preview
    from cute_ir.features.lowered import atom_facts
    from cute_ir.passes.lower_atoms import SITES, STOPPING

    def refused(*args, **kwargs):
        raise AssertionError("the lowering asked the preview")
    for module, name in ((ptx, "emit_module"), (preview, "_verdicts"), (preview, "preview_module")):
        monkeypatch.setattr(module, name, refused)
    analysis = analyse(MAINLOOP)
    facts = atom_facts(analysis, "sm_90a")
    assert set(facts) == {SITES, STOPPING, "aliases"} and facts[STOPPING] == ()
    assert any(site.config is not None for sites in facts[SITES].values() for site in sites)
    result = lower(analysis)
    assert result.ok and result.output.text.count('"llvm.inline_asm"') == 5
    assert "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16" in result.output.text


# The ops convert-cute-nvgpu-to-ptx makes around an MMA's or a copy's inline assembly
# (passes/inline_asm.py).
_BOUND_OPS = re.compile(r'^(%\S+ = )?"(arith\.constant|memref\.load|vector\.load|llvm\.bitcast|arith\.bitcast|'
                        r'llvm\.extractvalue|builtin\.unrealized_conversion_cast|memref\.store|vector\.store|'
                        r'memref\.extract_aligned_pointer_as_index|arith\.index_cast|vector\.extract|arith\.remui|arith\.divui)"')


def test_each_stage_is_mlir_the_grammar_reads_and_maps_lines_to_the_source():
    result = lower(analyse(MAINLOOP))
    for stage in result.stages:
        assert not parse(stage.text.encode()).root.has_error, stage.argument
        lines = stage.text.split("\n")
        for line, span in stage.line_spans:
            written = MAINLOOP.encode()[span.start:span.end].decode()
            first = lines[line].strip()
            if _BOUND_OPS.match(first):
                # What binds an MMA's (a copy's) operands to its inline assembly maps to it.
                assert written.startswith(("cute_nvgpu.mma", "cute_nvgpu.copy", "cute_nvgpu.atom.tma_")), (first, written)
            elif '"llvm.inline_asm"' not in first:
                assert written.split("(")[0].split(" ")[0] in first, (first, written)


def test_an_atom_the_target_cannot_run_stays_with_an_error_on_its_op():
    result = lower(analyse(MAINLOOP, "sm_80"))
    assert not result.ok
    # `check` reports the target problem itself: the pass's error says it is a consequence.
    messages = [d.message for d in result.diagnostics if d.code == "lower.stopped"]
    assert messages and all(m.startswith("`cute_nvgpu.") for m in messages)
    assert not [d for d in result.diagnostics if d.code == "lower.not-lowered"]
    assert "cute_nvgpu.mma" in result.stages[0].text


def test_a_pipeline_that_does_not_parse_is_refused():
    with pytest.raises(PipelineError):
        lower(analyse(MAINLOOP), "builtin.module(no-such-pass)")


def test_a_document_without_a_module_is_wrapped_in_one():
    text = ("func.func @f(%d: memref<4xf32>, %a: memref<8xf16>, %b: memref<4xf16>) {\n"
            "  %m = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 16], a_type = f16, b_type = f16, c_type = f32}"
            " : !cute_nvgpu.sm80.mma\n"
            "  cute_nvgpu.mma %m, %d, %a, %b, %d : (!cute_nvgpu.sm80.mma, memref<4xf32>, memref<8xf16>, memref<4xf16>,"
            " memref<4xf32>)\n  return\n}\n")
    final = lower(analyse(text, "sm_80")).stages[-1].text
    assert final.startswith("module {\n  func.func @f(")
    assert "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" in final


def test_an_applying_op_with_an_error_stays_though_its_atom_lowers():
    # The atom is fine (the preview has its kernel); the op applying it takes B from registers,
    # which a WGMMA cannot: `check` reports that, so the lowering must not replace the op.
    text = ("func.func @f(%acc: memref<64xf32>, %ra: memref<8xf16>, %rb: memref<8xf16>) {\n"
            "  %w = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32}"
            " : !cute_nvgpu.sm90.mma\n"
            "  cute_nvgpu.mma %w, %acc, %ra, %rb, %acc : (!cute_nvgpu.sm90.mma, memref<64xf32>, memref<8xf16>,"
            " memref<8xf16>, memref<64xf32>)\n  return\n}\n")
    analysis = analyse(text)
    [error] = [d for d in analysis.diagnostics() if d.code == "verify.mma.expects-operand-b-residency"]
    result = lower(analysis)
    assert not result.ok
    [not_lowered] = result.diagnostics
    assert not_lowered.code == "lower.stopped"
    assert not_lowered.message == f"`cute_nvgpu.mma` is not lowered: {error.message}"
    assert text.encode()[not_lowered.span.start:].startswith(b"cute_nvgpu.mma %w")
    assert "cute_nvgpu.mma %w" in result.stages[-1].text and "llvm.inline_asm" not in result.stages[-1].text


def test_an_applying_op_a_pass_made_is_not_given_the_verdict_of_the_op_it_came_from():
    """The verdicts are of the ops as the text writes them: one a pass made (or remade) stays,
    with a warning that names the pass."""
    from cute_ir.diagnostics import Severity
    from cute_ir.features.lowered import atom_facts
    from cute_ir.ir.lift import lift, module_of
    from cute_ir.passes import PassContext, PassManager, parse_pipeline
    from cute_ir.text.location import derived

    analysis = analyse(MAINLOOP)
    module = module_of(lift(analysis.fresh_tree().root_node).operations)
    applying = [op for op in module.walk() if op.name == "cute_nvgpu.mma"]
    applying[0].location = derived("some-rewrite", applying[0].location)
    context = PassContext("sm_90a", atom_facts(analysis, "sm_90a"))
    PassManager(parse_pipeline("builtin.module(convert-cute-nvgpu-to-ptx)")).run(module, context)
    left = [op for op in module.walk() if op.name == "cute_nvgpu.mma"]
    assert left == applying[:1] and len(applying) > 1
    [warning] = context.diagnostics
    assert (warning.severity, warning.code) == (Severity.WARNING, "lower.not-lowered")
    assert warning.message == ("`cute_nvgpu.mma` is not lowered: the `some-rewrite` pass made it, "
                               "and atoms are lowered as the text writes them")
    assert [r.message for r in warning.related] == ["this op was created by the `some-rewrite` pass"]


def test_an_op_whose_atom_is_a_kernel_argument_stays_and_says_why_everywhere():
    """The CuTe DSL passes a tiled MMA into a kernel as an argument: no op of the file builds the
    atom `cute.gemm` applies, so no PTX stands for it. The op stays, and `check`, `lower`, the
    editor and the preview say why, as information: nothing is wrong with the file."""
    from cute_ir.diagnostics import Severity
    from cute_ir.ir.target import FROM_DEFAULT
    path = REPO / "tests" / "corpus" / "cutedsl" / "sm120_nvfp4" / "raw.mlir"
    text = path.read_text()
    analysis = DocumentAnalysis(path.as_uri(), text.encode(), settings=Settings(target_from=FROM_DEFAULT))
    line = next(n for n, written in enumerate(text.splitlines()) if "cute.gemm(%arg0" in written)
    reason = ("its atom `%arg0` arrives as a kernel argument; the lowering replaces only ops whose "
              "atom the file builds")
    said = [(analysis.document.position(d.span.start).line, d.severity, d.message)
            for d in analysis.diagnostics() if d.code == "lower.not-lowered"]
    # Its copies stay too, for their operands: CuTe tensors (passes/lower_atoms.DSL_UNBOUND),
    # each note naming what the copy moves, where, with which atom.
    copies = [n for n, written in enumerate(text.splitlines()) if "cute.copy(" in written]
    assert [(n, s) for n, s, _ in said] == sorted([(line, Severity.INFORMATION)]
                                                  + [(n, Severity.INFORMATION) for n in copies])
    assert (line, Severity.INFORMATION, f"`cute.gemm` is not lowered: {reason}") in said
    assert all(m.startswith("`cute.copy` is not lowered: it copies `%") and m.endswith(f"; {DSL_UNBOUND}")
               for n, _, m in said if n != line)
    result = lower(analysis)
    assert [(d.severity, d.message) for d in result.diagnostics] == [s[1:] for s in said]
    assert "cute.gemm" in result.stages[-1].text
    assert f"//   left as written: {reason}" in preview_module(analysis).ptx_text


def test_an_argument_atom_with_fields_set_is_left_and_says_so():
    """A block-scaled MMA's scale-factor addresses are set on the tiled MMA the kernel received
    (`cute_nvgpu.atom.set_value`): the atom `cute.gemm` applies is still the argument's."""
    from cute_ir.diagnostics import Severity
    from cute_ir.ir.target import FROM_DEFAULT
    path = REPO / "tests" / "corpus" / "cutedsl" / "sm100_nvfp4_s2t" / "canonical.mlir"
    text = path.read_text()
    analysis = DocumentAnalysis(path.as_uri(), text.encode(), settings=Settings(target_from=FROM_DEFAULT))
    gemms = [(n, re.search(r"cute\.gemm\((%\w+)", written).group(1))
             for n, written in enumerate(text.splitlines()) if "cute.gemm(" in written]
    expected = [(n, Severity.INFORMATION,
                 f"`cute.gemm` is not lowered: its atom `{atom}` (`%arg0` with fields set by "
                 f"`cute_nvgpu.atom.set_value`) arrives as a kernel argument; the lowering replaces "
                 f"only ops whose atom the file builds") for n, atom in gemms]
    said = [(analysis.document.position(d.span.start).line, d.severity, d.message)
            for d in analysis.diagnostics() if d.code == "lower.not-lowered" and "cute.gemm" in d.message]
    assert said == expected and len(expected) == 4
    result = lower(analysis)
    assert [(d.severity, d.message) for d in result.diagnostics if "cute.gemm" in d.message] == \
        [e[1:] for e in expected]


def test_an_atom_passed_in_with_its_atom_type_is_lowered():
    """A block argument typed with the atom itself names its atom: that op is lowered."""
    text = ("func.func @f(%m: !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>, %d: memref<4xf32>,"
            " %a: memref<8xf16>, %b: memref<4xf16>) {\n"
            "  cute_nvgpu.mma %m, %d, %a, %b, %d : (!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>,"
            " memref<4xf32>, memref<8xf16>, memref<4xf16>, memref<4xf32>)\n  return\n}\n")
    result = lower(analyse(text, "sm_80"))
    assert result.ok and not result.diagnostics
    assert "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" in result.stages[-1].text


# A reduce chain whose non-exec atom does not say its reduction, and whose `tma_reduce` does
# (docs/ops.md: `kind`, "the reduction, when the non-exec atom does not fix it"), next to one
# that says it on the non-exec atom (`reduce_kind`).
REDUCE_KINDS = """\
func.func @f(%t: memref<4096x4096xf32, 1>, %l: !cute.layout<"(32,128):(1,4096)">, %tile: !cute.layout<"S<3,4,3> o 0 o (32,8):(8,1)">,
             %m: !cute.layout<"(32,8):(1,32)">, %mbar: memref<1xi64, 3>, %smem: memref<256xf32, 3>, %c: !cute.coord<"(0,64)">) {
  %desc = nv_tileas.make_tiled_tma_desc %t, %l shapes() strides() paddings() {elementBitWidth = 32} : !cute_nvgpu.tma_descriptor_tiled
  %r = cute_nvgpu.atom.non_exec_tiled_tma_reduce %desc, %tile, %m {reduce_kind = #cute_nvgpu.reduce_kind<add>}
  %e = cute_nvgpu.atom.make_exec_tma %r, %mbar
  cute_nvgpu.atom.tma_reduce %e, %smem, %c
  %r2 = cute_nvgpu.atom.non_exec_tiled_tma_reduce %desc, %tile, %m
  %e2 = cute_nvgpu.atom.make_exec_tma %r2, %mbar
  cute_nvgpu.atom.tma_reduce %e2, %smem, %c {kind = #cute_nvgpu.reduce_kind<add>}
  return
}
"""


def test_a_reduction_the_applying_op_names_is_lowered_as_one_its_atom_names():
    analysis = analyse(REDUCE_KINDS)
    assert [d.message for d in analysis.diagnostics()] == []
    result = lower(analysis)
    assert result.diagnostics == []
    asm = re.findall(r'asm_string = "([^"]*)"', result.stages[-1].text)
    assert [a.split(" ", 1)[0] for a in asm] == ["cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group.L2::cache_hint"] * 2
    assert "cute_nvgpu.atom" not in result.stages[-1].text
