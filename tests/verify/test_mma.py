"""MMA verification beyond what the corpus format expresses.

* the other-target corpus files (tests/verify/corpus/*.ir, `// RUN: --arch <target>` first line);
* exact spans: an operand diagnostic underlines exactly the operand's type or its layout
  attribute, an atom diagnostic exactly the attribute (or type parameter) value;
* related notes pointing at the op that defines the atom;
* codes: every MMA code of the two spec pages is produced by some corpus case, catalogue
  messages are verbatim, and the two "operand a" ladders keep their own codes.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics.catalogue import CATALOGUE
from tests.conftest import PRODUCED_MESSAGES
from tests.operands import declare_operands
from tests.verify_corpus import load_cases, run_case

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "verify"
MMA_CORPUS = sorted(CORPUS.glob("mma*.ir"))   # mma.ir (sm_90a), mma-sm_100a.ir, mma-sm_120a.ir

# Every MMA diagnostic of the registry and mma-atoms pages (the brief of this verifier).
REQUIRED_CODES = frozenset({
    "verify.atom.unknown-interface",
    "verify.mma.expects-atom-layout",
    "verify.mma.expects-static-unscaled-layout",
    "verify.mma.expects-operand-a-element-type",
    "verify.mma.expects-operand-b-element-type",
    "verify.mma.expects-operand-c-element-type",
    "verify.mma.expects-operand-a-residency",
    "verify.mma.expects-operand-b-residency",
    "verify.mma.expects-operand-d-residency",
    "verify.mma.invalid-operand-layouts",
    "verify.mma.layouts-not-gemm",
    "verify.mma.expects-uniform-element-type",
    "verify.mma.expects-rmem-operands",
    "verify.mma.register.expects-operand-a-element-type",
    "verify.layout.composed-unsupported-abd",
    "verify.layout.composed-unsupported",
    "verify.layout.rank-a-b-mismatch",
    "verify.layout.rank-c-d-mismatch",
    "verify.layout.rank-c-1-or-2",
    "verify.layout.rank-c-2-or-3",
    "verify.layout.rank-c-3",
    "verify.mma.block-scaled.expects-f32-accumulator",
    "verify.mma.block-scaled.scale-factor-types-differ",
    "verify.mma.wgmma.expects-s8-u8",
    "verify.mma.wgmma.expects-s4-u4",
    "verify.mma.wgmma.expects-u1",
    "verify.mma.wgmma.expects-fp8",
})


def diagnostics(text: str, arch: str = "sm_90a"):
    return DocumentAnalysis("file:///mma-test.ir", text, settings=Settings(target_arch=arch)).diagnostics()


def at(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """Byte span of the `nth` occurrence of `needle` in the function's body (the texts here are
    ASCII; the signature declares the operands with the types the ops write)."""
    start = text.find(") {\n")
    for _ in range(nth + 1):
        start = text.index(needle, start + 1)
    return start, start + len(needle)


def spans(d) -> tuple[int, int]:
    return d.span.start, d.span.end


def only(text: str, arch: str = "sm_90a"):
    found = diagnostics(text, arch)
    assert len(found) == 1, [(d.code, d.message) for d in found]
    return found[0]


def func(*lines: str, args: str = "") -> str:
    """A function around `lines`; the operands they use without defining are its arguments."""
    return declare_operands("func.func @f(" + args + ") {\n" + "".join(f"  {line}\n" for line in lines) + "  return\n}\n")


SM90 = ("%atom = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, "
        "c_type = f32} : !cute_nvgpu.sm90.mma")
SM80 = ("%atom = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 16], a_type = f16, b_type = f16, "
        "c_type = f32} : !cute_nvgpu.sm80.mma")
DESC_A = "!cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, #cute.layout<(64, 16):(16, 1)>>"
DESC_B = "!cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(16, 128):(128, 1)>>"


# ------------------------------------------------------------------ spans and notes
def test_operand_diagnostic_underlines_the_operand_type_and_notes_the_atom():
    text = func(SM90, f"cute_nvgpu.mma %atom, %d, %a, %b, %c : (!cute_nvgpu.sm90.mma, memref<64xf16>, "
                      f"{DESC_A}, {DESC_B}, memref<64xf32>)")
    d = only(text)
    assert d.code == "verify.mma.expects-operand-c-element-type"
    assert spans(d) == at(text, "memref<64xf16>")
    assert [(r.message, (r.span.start, r.span.end)) for r in d.related] == [
        ("the `sm90.mma` atom is defined here", at(text, SM90))]


def test_residency_diagnostic_underlines_the_operand_type():
    text = func(SM90, "cute_nvgpu.mma %atom, %d, %a, %b, %c : (!cute_nvgpu.sm90.mma, memref<64xf32>, "
                      "memref<8xf16>, memref<2048xf16, 3>, memref<64xf32>)")
    d = only(text)
    assert d.code == "verify.mma.expects-operand-b-residency"
    assert spans(d) == at(text, "memref<2048xf16, 3>")
    assert d.related[0].span.start == at(text, SM90)[0]


def test_layout_diagnostic_underlines_the_layout_attribute():
    bad = "#cute.layout<((2,2,2,2)):((1,16,8,128))>"
    text = func(SM80, f"cute_nvgpu.mma %atom, %d, %a, %b, %c : (!cute_nvgpu.sm80.mma, memref<4xf32>, "
                      f"memref<8xf16, {bad}>, memref<4xf16>, memref<4xf32>)")
    d = only(text)
    assert d.code == "verify.mma.expects-atom-layout"
    assert d.message == "expects Mma atom layout of #cute.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>"
    assert spans(d) == at(text, bad)
    assert d.related[0].message == "the `sm80.mma` atom is defined here"


def test_descriptor_layout_diagnostics_explain_on_the_layout():
    desc_b = "#cute.layout<(32, 128):(128, 1)>"
    text = func("%atom = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 32], a_type = f8E4M3FN, "
                "b_type = f8E4M3FN, c_type = f32} : !cute_nvgpu.sm90.mma",
                "cute_nvgpu.mma %atom, %d, %a, %b, %c : (!cute_nvgpu.sm90.mma, memref<64xf32>, "
                "!cute_nvgpu.smem_desc_view<memref<2048xf8E4M3FN, 3>, #cute.layout<(64, 32):(32, 1)>>, "
                f"!cute_nvgpu.smem_desc_view<memref<4096xf8E4M3FN, 3>, {desc_b}>, memref<64xf32>)")
    d = only(text)
    assert d.code == "verify.mma.invalid-operand-layouts"
    assert spans(d) == at(text, desc_b)
    explanation, definition = d.related
    assert (explanation.span.start, explanation.span.end) == at(text, desc_b)
    assert "K-major" in explanation.message
    assert definition.message == "the `sm90.mma` atom is defined here"


def test_rank_diagnostic_underlines_c_layout():
    c = "#cute.layout<(4):(1)>"
    text = func("%fma = cute_nvgpu.make_mma_atom {shape_MNK = [1, 1, 1], a_type = f32, b_type = f32, "
                "c_type = f32} : !cute_nvgpu.atom.universal_fma",
                "cute_nvgpu.mma %fma, %d, %a, %b, %c : (!cute_nvgpu.atom.universal_fma, memref<1xf32>, "
                "memref<1xf32, #cute.layout<(2,2):(1,2)>>, memref<1xf32, #cute.layout<(2,2):(1,2)>>, "
                f"memref<1xf32, {c}>)")
    d = only(text)
    assert d.code == "verify.layout.rank-c-2-or-3"
    assert spans(d) == at(text, c)


@pytest.mark.parametrize("attrs, arch, needle, code", [
    ("shape_MNK = [64, 100, 16], a_type = f16, b_type = f16, c_type = f32", "sm_90a",
     "[64, 100, 16]", "verify.mma.lattice-shape"),
    ("shape_MNK = [64, 128, 32], a_type = i8, b_type = f16, c_type = i32", "sm_90a",
     "f16", "verify.mma.wgmma.expects-s8-u8"),
    ("shape_MNK = [64, 128, 32], a_type = i8, b_type = i8, c_type = f32", "sm_90a",
     "f32", "verify.mma.wgmma.expects-s8-u8"),
    ("shape_MNK = [64, 128, 32], a_type = f16, b_type = f8E5M2, c_type = f32", "sm_90a",
     "f16", "verify.mma.wgmma.expects-fp8"),
])
def test_wgmma_atom_diagnostic_underlines_the_attribute_value(attrs, arch, needle, code):
    text = func(f"%atom = cute_nvgpu.make_mma_atom {{{attrs}}} : !cute_nvgpu.sm90.mma")
    d = only(text, arch)
    assert d.code == code
    assert spans(d) == at(text, needle)
    assert d.related == () or code == "verify.mma.wgmma.expects-s4-u4"


@pytest.mark.parametrize("attrs, needle, code", [
    ("shape_MNK = [16, 8, 32], vec_size = 32, a_type = f8E4M3FN, b_type = f8E4M3FN, c_type = f16",
     "f16", "verify.mma.block-scaled.expects-f32-accumulator"),
    ("shape_MNK = [16, 8, 32], vec_size = 16, a_type = f8E4M3FN, b_type = f8E4M3FN, c_type = f32",
     "16", "verify.mma.block-scaled.vec-size"),
    ("shape_MNK = [16, 8, 64], vec_size = 16, a_type = f4E2M1FN, b_type = f4E2M1FN, c_type = f32, "
     "sf_type = f8E8M0FNU", "f8E8M0FNU", "verify.mma.block-scaled.scale-type"),
])
def test_block_scaled_atom_diagnostic_underlines_the_attribute_value(attrs, needle, code):
    text = func(f"%atom = cute_nvgpu.make_sm120_mma_bs {{{attrs}}} : !cute_nvgpu.SM120.mma_bs")
    d = only(text, "sm_120a")
    assert d.code == code
    assert spans(d) == at(text, needle, nth=text.count(needle) - 1 if needle == "16" else 0)


def test_block_argument_atom_is_reported_on_its_type_parameter_once():
    param = "64x128x32"
    atom_type = f"!cute_nvgpu.sm90.mma<{param}, elem_type = (f16, f16, f32)>"
    use = (f"cute_nvgpu.mma %atom, %d, %a, %b, %c : ({atom_type}, memref<64xf32>, memref<8xf16>, "
           f"{DESC_B}, memref<64xf32>)")
    text = func(use, use, args=f"%atom: {atom_type}")
    d = only(text)
    assert d.code == "verify.mma.lattice-shape"
    assert spans(d) == (text.index(param), text.index(param) + len(param))   # in the signature


def test_interface_diagnostic_underlines_the_atom_operand():
    text = func("%x = arith.constant 0 : i32",
                "cute_nvgpu.mma %x, %d, %a, %b, %c : (i32, memref<4xf32>, memref<8xf16>, memref<4xf16>, memref<4xf32>)")
    d = only(text)
    assert d.code == "verify.atom.unknown-interface"
    assert d.message == "atom type does not implement a known cute_nvgpu interface"
    assert spans(d) == at(text, "%x", 1)
    assert [(r.span.start, r.span.end) for r in d.related] == [at(text, "%x", 0)]


def test_atom_argument_is_read_from_the_type_list():
    # %atom is an argument: the op's type list says which atom it is, the note where it comes from.
    text = func("cute_nvgpu.mma %atom, %d, %a, %b, %c : (!cute_nvgpu.sm90.mma<64x128x16, elem_type = "
                "(f16, f16, f32)>, memref<64xf32>, memref<8xbf16>, " + DESC_B + ", memref<64xf32>)")
    d = only(text)
    assert d.code == "verify.mma.expects-operand-a-element-type"
    assert spans(d) == at(text, "memref<8xbf16>")
    assert [(text[r.span.start:r.span.end], r.message) for r in d.related] == [
        ("%atom", "the `sm90.mma` atom is defined here")]


def test_make_op_reports_the_atom_and_its_uses_stay_quiet():
    text = func("%atom = cute_nvgpu.make_mma_atom {shape_MNK = [64, 100, 16], a_type = f16, b_type = f16, "
                "c_type = f32} : !cute_nvgpu.sm90.mma",
                "cute_nvgpu.mma %atom, %d, %a, %b, %c : (!cute_nvgpu.sm90.mma, memref<1xf16>, memref<1xf16>, "
                "memref<1xf16>, memref<1xf16>)")
    assert [d.code for d in diagnostics(text)] == ["verify.mma.lattice-shape"]


# ------------------------------------------------------------------ codes
def test_register_and_umma_operand_a_messages_read_alike_with_their_own_codes():
    register = only(func(SM80, "cute_nvgpu.mma %atom, %d, %a, %b, %c : (!cute_nvgpu.sm80.mma, memref<4xf32>, "
                               "memref<8xbf16>, memref<4xbf16>, memref<4xf32>)"))
    umma = only(func(SM90, "cute_nvgpu.mma %atom, %d, %a, %b, %c : (!cute_nvgpu.sm90.mma, memref<64xf32>, "
                           "memref<8xbf16>, " + DESC_B + ", memref<64xf32>)"))
    assert register.code == "verify.mma.register.expects-operand-a-element-type"
    assert umma.code == "verify.mma.expects-operand-a-element-type"
    assert register.message == umma.message == "expects operand a with element type f16, but get bf16."


def _all_corpus_diagnostics():
    out = []
    for case in (c for path in MMA_CORPUS for c in load_cases(path)):
        out.extend(DocumentAnalysis(f"file://{case.path}#{case.index}", case.text,
                                    settings=Settings(target_arch=case.target)).diagnostics())
    return out


def test_every_mma_code_of_the_spec_pages_is_produced_by_a_corpus_case():
    produced = {d.code for d in _all_corpus_diagnostics()}
    assert sorted(REQUIRED_CODES - produced) == []


def _matches(template: str, kind: str, text: str) -> bool:
    if kind == "exact":
        return text == template
    if kind == "prefix":
        return text.startswith(template)
    pattern = "".join("(.*)" if part.startswith("{") else re.escape(part)
                      for part in re.split(r"(\{\d+\})", template))
    return re.fullmatch(pattern, text, re.S) is not None


def test_catalogue_codes_carry_their_verbatim_message():
    for d in _all_corpus_diagnostics():
        entry = CATALOGUE.get(d.code)
        if entry is not None:
            assert _matches(entry.template, entry.kind, d.message), (d.code, d.message)


def test_own_codes_are_not_catalogue_codes():
    own = {d.code for d in _all_corpus_diagnostics()} - set(CATALOGUE)
    assert own <= {
        "verify.target", "verify.make.result", "verify.mma.lattice-shape", "verify.mma.lattice-types",
        "verify.mma.wgmma.no-int4", "verify.mma.wgmma.frag-kind", "verify.mma.block-scaled.vec-size",
        "verify.mma.block-scaled.scale-type", "verify.mma.scale-factor-residency",
        "verify.mma.expects-operand-c-residency", "verify.mma.not-an-mma-atom",
        "verify.mma.operand-count", "verify.mma.fragment-size", "verify.mma.sparse-metadata",
        "verify.layout.rank-a-b",
        "lower.not-lowered",        # the universal FMA of a scalar D, which no instruction can write
    }


# ------------------------------------------------------------------ targets
@pytest.mark.parametrize("arch, atom, attrs, needs", [
    ("sm_80", "sm89.mma", "shape_MNK = [16, 8, 32], a_type = f8E4M3FN, b_type = f8E4M3FN, c_type = f32", "sm_89"),
    ("sm_90", "sm90.mma", "shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32", "sm_90a only"),
    ("sm_100", "sm100.mma", "shape_MNK = [128, 256, 16], a_type = f16, b_type = f16, c_type = f32", "sm_100f"),
    ("sm_120", "SM120.mma_bs", "shape_MNK = [16, 8, 64], vec_size = 16, a_type = f4E2M1FN, b_type = f4E2M1FN, c_type = f32",
     "sm_120f"),
    ("sm_100a", "SM120.mma_bs", "shape_MNK = [16, 8, 32], vec_size = 32, a_type = f8E4M3FN, b_type = f8E4M3FN, c_type = f32",
     "sm_120f"),
])
def test_atoms_the_target_cannot_run(arch, atom, attrs, needs):
    text = func(f"%atom = cute_nvgpu.make_mma_atom {{{attrs}}} : !cute_nvgpu.{atom}")
    d = only(text, arch)
    assert d.code == "verify.target"
    assert spans(d) == at(text, f"!cute_nvgpu.{atom}")
    assert f"needs {needs}" in d.message and f"the target is {arch}" in d.message


@pytest.mark.parametrize("arch", ["sm_100a", "sm_100f", "sm_103a", "sm_110a"])
def test_umma_runs_on_every_tcgen05_target(arch):
    text = func("%atom = cute_nvgpu.make_mma_atom {shape_MNK = [128, 256, 16], a_type = f16, b_type = f16, "
                "c_type = f32} : !cute_nvgpu.sm100.mma",
                "cute_nvgpu.mma %atom, %d, %a, %b, %c : (!cute_nvgpu.sm100.mma, memref<128x256xf32, 6>, "
                "!cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(128, 16):(16, 1)>>, "
                "!cute_nvgpu.smem_desc_view<memref<4096xf16, 3>, #cute.layout<(16, 256):(256, 1)>>, "
                "memref<128x256xf32, 6>)")
    assert diagnostics(text, arch) == []


@pytest.mark.parametrize("arch", ["sm_120a", "sm_120f", "sm_121a"])
def test_nvfp4_runs_on_every_sm120_block_scaled_target(arch):
    text = func("%atom = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 64], vec_size = 16, a_type = f4E2M1FN, "
                "b_type = f4E2M1FN, c_type = f32, sf_type = f8E4M3FN} : !cute_nvgpu.SM120.mma_bs",
                "cute_nvgpu.mma %atom, %d, %a, %b, %c, %sfa, %sfb : (!cute_nvgpu.SM120.mma_bs, memref<4xf32>, "
                "memref<32xf4E2M1FN>, memref<16xf4E2M1FN>, memref<4xf32>, memref<4xf8E4M3FN>, memref<4xf8E4M3FN>)")
    assert diagnostics(text, arch) == []


def test_sm80_register_mma_runs_on_later_targets():
    text = func(SM80, "cute_nvgpu.mma %atom, %d, %a, %b, %c : (!cute_nvgpu.sm80.mma, memref<4xf32>, memref<8xf16>, "
                      "memref<4xf16>, memref<4xf32>)")
    for arch in ("sm_80", "sm_89", "sm_100a", "sm_120a"):
        assert diagnostics(text, arch) == [], arch


def test_aliased_operand_types_are_resolved_and_reported_where_written():
    text = ("!desc_a = !cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, #cute.layout<(64, 16):(16, 1)>>\n"
            "!bad_b = !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(16, 64):(64, 1)>>\n"
            "!wg = !cute_nvgpu.sm90.mma<64x128x16, elem_type = (f16, f16, f32)>\n"
            + func("cute_nvgpu.mma %atom, %d, %a, %b, %c : (!wg, memref<64xf32>, !desc_a, " + DESC_B + ", memref<64xf32>)",
                   "cute_nvgpu.mma %atom, %d, %a, %b, %c : (!wg, memref<64xf32>, !desc_a, !bad_b, memref<64xf32>)",
                   args="%atom: !wg"))
    d = only(text)
    assert d.code == "verify.mma.layouts-not-gemm"
    assert spans(d) == at(text, "!bad_b")
    assert d.message.endswith("B: #cute.layout<(16, 64):(64, 1)>, D: memref<64xf32>")
