"""Quick fixes (features/actions.py, lsp/actions.py): each produces the exact edit, and the
edited text, analysed again, no longer has the diagnostic."""
from __future__ import annotations

from lsprotocol import types as lsp

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Span
from cute_ir.features.actions import LATTICE_SHAPE, UNKNOWN_TYPE, Fix, quick_fixes, replace_shape

URI = "file:///actions.ir"

CASE = (
    "func.func @f() {\n"
    "  %a = cute.make_atom : !cute_nvgpu.sm120.mma_bs\n"
    "  %b = cute.make_atom : !cute_nvgpu.Sm90.Mma\n"
    "  %c = cute.make_atom : !cute_nvgpu.bogus\n"
    "  return\n"
    "}\n"
)
SHAPE_ATTRIBUTE = (
    "func.func @f() {\n"
    "  %a = cute_nvgpu.make_mma_atom {shape_MNK = [64, 100, 16], a_type = f16, b_type = f16, c_type = f32}"
    " : !cute_nvgpu.sm90.mma\n"
    "  return\n"
    "}\n"
)
SHAPE_DSL = (
    "func.func @f() {\n"
    "  %atom = cute_nvgpu.make_mma_atom : !cute_nvgpu.sm80.mma<16x8x20, elem_type = (f16, f16, f32)>\n"
    "  return\n"
    "}\n"
)
SHAPE_SM120 = (
    "%a = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16,8,48], vec_size = 32, a_type = f8E4M3FN,"
    " b_type = f8E4M3FN, c_type = f32} : !cute_nvgpu.SM120.mma_bs\n"
)


def analyse(text: str, arch: str = "sm_90a") -> DocumentAnalysis:
    return DocumentAnalysis(URI, text, settings=Settings(target_arch=arch))


def fixes_at(analysis: DocumentAnalysis, needle: str) -> list[Fix]:
    at = analysis.document.text.index(needle)
    return quick_fixes(analysis, Span(at, at), analysis.diagnostics())


def apply(text: str, fix: Fix) -> str:
    data = text.encode()
    for span, new_text in sorted(fix.edits, key=lambda e: -e[0].start):
        data = data[:span.start] + new_text.encode() + data[span.end:]
    return data.decode()


def codes(analysis: DocumentAnalysis) -> list[str]:
    return [d.code for d in analysis.diagnostics()]


# ------------------------------------------------------------------ the mnemonic's case
def test_case_fix_respells_sm120():
    analysis = analyse(CASE, "sm_120a")
    (fix,) = fixes_at(analysis, "sm120.mma_bs")
    start = CASE.index("sm120.mma_bs")
    assert fix.code == UNKNOWN_TYPE
    assert fix.diagnostic.message == "unknown  type `sm120.mma_bs` in dialect `cute_nvgpu`"
    assert fix.edits == ((Span(start, start + len("sm120.mma_bs")), "SM120.mma_bs"),)
    assert fix.title == "Change `sm120.mma_bs` to `SM120.mma_bs` (the dialect's exact spelling)"

    fixed = apply(CASE, fix)
    assert "!cute_nvgpu.SM120.mma_bs\n" in fixed
    after = analyse(fixed, "sm_120a")
    assert not any(d.code == UNKNOWN_TYPE and "mma_bs" in d.message for d in after.diagnostics())
    assert codes(after).count(UNKNOWN_TYPE) == codes(analyse(CASE, "sm_120a")).count(UNKNOWN_TYPE) - 1


def test_case_fix_for_any_case_insensitive_match():
    analysis = analyse(CASE)
    (fix,) = fixes_at(analysis, "Sm90.Mma")
    start = CASE.index("Sm90.Mma")
    assert fix.edits == ((Span(start, start + len("Sm90.Mma")), "sm90.mma"),)


def test_no_case_fix_for_a_mnemonic_that_does_not_exist():
    analysis = analyse(CASE)
    assert fixes_at(analysis, "bogus") == []


# ------------------------------------------------------------------ the nearest legal shape
def test_shape_fix_on_the_shape_attribute():
    analysis = analyse(SHAPE_ATTRIBUTE)
    (diagnostic,) = [d for d in analysis.diagnostics() if d.code == LATTICE_SHAPE]
    (fix,) = fixes_at(analysis, "[64, 100, 16]")
    start = SHAPE_ATTRIBUTE.index("[64, 100, 16]")
    assert fix.code == LATTICE_SHAPE and fix.diagnostic == diagnostic
    assert fix.edits == ((Span(start, start + len("[64, 100, 16]")), "[64, 96, 16]"),)
    assert fix.title == "Use the nearest legal `sm90.mma` shape 64x96x16"

    after = analyse(apply(SHAPE_ATTRIBUTE, fix))
    assert LATTICE_SHAPE not in codes(after)
    assert "shape_MNK = [64, 96, 16]" in after.document.text


def test_shape_fix_on_the_dsl_shape_parameter():
    analysis = analyse(SHAPE_DSL)
    assert LATTICE_SHAPE in codes(analysis)
    (fix,) = fixes_at(analysis, "16x8x20")
    start = SHAPE_DSL.index("16x8x20")
    assert fix.edits == ((Span(start, start + len("16x8x20")), "16x8x16"),)

    after = analyse(apply(SHAPE_DSL, fix))
    assert LATTICE_SHAPE not in codes(after)


def test_shape_fix_keeps_the_spelling_and_respects_vec_size():
    analysis = analyse(SHAPE_SM120, "sm_120a")
    (fix,) = fixes_at(analysis, "[16,8,48]")
    start = SHAPE_SM120.index("[16,8,48]")
    # vec_size 32 with FP8 inputs: m16n8k32 (kind::mxf8f6f4); the written spacing is kept.
    assert fix.edits == ((Span(start, start + len("[16,8,48]")), "[16,8,32]"),)
    assert LATTICE_SHAPE not in codes(analyse(apply(SHAPE_SM120, fix), "sm_120a"))


def test_fixes_only_for_diagnostics_in_the_range():
    analysis = analyse(SHAPE_ATTRIBUTE)
    at = SHAPE_ATTRIBUTE.index("return")
    assert quick_fixes(analysis, Span(at, at), analysis.diagnostics()) == []
    everything = Span(0, len(analysis.document.data))
    assert [f.code for f in quick_fixes(analysis, everything, analysis.diagnostics())] == [LATTICE_SHAPE]


def test_replace_shape_keeps_every_spelling():
    assert replace_shape("[64, 100, 16]", (64, 96, 16)) == "[64, 96, 16]"
    assert replace_shape("16x8x20", (16, 8, 16)) == "16x8x16"
    assert replace_shape('<"(16,8,48)">', (16, 8, 32)) == '<"(16,8,32)">'
    assert replace_shape("[64, 100]", (64, 96, 16)) is None


# ------------------------------------------------------------------ the LSP handler
def test_lsp_code_action_is_a_quickfix_with_a_workspace_edit():
    from cute_ir.lsp.actions import on_code_action
    from cute_ir.lsp.server import server

    analysis = analyse(SHAPE_ATTRIBUTE)
    server.analyses[URI] = analysis
    try:
        start = SHAPE_ATTRIBUTE.index("[64, 100, 16]")
        line = SHAPE_ATTRIBUTE[:start].count("\n")
        column = start - (SHAPE_ATTRIBUTE.rfind("\n", 0, start) + 1)
        rng = lsp.Range(start=lsp.Position(line=line, character=column),
                        end=lsp.Position(line=line, character=column + len("[64, 100, 16]")))
        sent = lsp.Diagnostic(range=rng, message=analysis.diagnostics()[0].message,
                              severity=lsp.DiagnosticSeverity.Error, code=LATTICE_SHAPE, source="verify")
        params = lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI),
            range=lsp.Range(start=rng.start, end=rng.start),
            context=lsp.CodeActionContext(diagnostics=[sent]))
        (action,) = on_code_action(server, params)
        assert action.kind == lsp.CodeActionKind.QuickFix
        assert action.title == "Use the nearest legal `sm90.mma` shape 64x96x16"
        assert action.diagnostics == [sent]
        assert action.edit == lsp.WorkspaceEdit(changes={URI: [lsp.TextEdit(range=rng, new_text="[64, 96, 16]")]})

        only_refactors = lsp.CodeActionParams(
            text_document=params.text_document, range=params.range,
            context=lsp.CodeActionContext(diagnostics=[sent], only=[lsp.CodeActionKind.Refactor]))
        assert on_code_action(server, only_refactors) is None
    finally:
        server.analyses.pop(URI, None)


# ------------------------------------------------------------------ TMA and TileAS
def _fixed(text: str, needle: str) -> tuple[str, str]:
    """(title, text after the fix) of the one fix at `needle`; the fixed text checks clean."""
    analysis = analyse(text)
    [fix] = fixes_at(analysis, needle)
    after = apply(text, fix)
    assert codes(analyse(after)) == []
    return fix.title, after


def test_a_non_multicast_load_gets_num_multicast_1():
    from tests.features.test_cards import TMA_CHAIN
    text = TMA_CHAIN.replace("{load_mode = #cute_nvgpu.load_mode<w_multicast>, num_multicast = 2}",
                             "{load_mode = #cute_nvgpu.load_mode<no_multicast>, num_multicast = 4}")
    title, after = _fixed(text, "num_multicast = 4")
    assert title == "Set num_multicast to 1 (the load mode does not multicast)"
    assert "num_multicast = 1}" in after


MEMOP = ("func.func @f(%view: memref<128x128xf32, 1>, %i: index, %j: index, %tile: tensor<64x64xf32>) {\n"
         "  %old, %t = nv_tileas.tiled_atomic_rmw %tile, %view coords(%i, %j) offsets() "
         "{tileSize = array<i64: 64, 64>, rmw_mode = #nv_tileas.rmw_mode<MODE>, memSemantic = SEMANTIC, "
         "memScope = #nv_tileas.mem_scope<gpu>} : memref<128x128xf32, 1> -> tensor<64x64xf32>, !nv_tileaa.mem_token\n"
         "  return\n}\n")


def test_fadd_becomes_add_as_the_message_advises():
    text = MEMOP.replace("MODE", "fadd").replace("SEMANTIC", "#nv_tileas.mem_semantic<relaxed>")
    title, after = _fixed(text, "rmw_mode<fadd>")
    assert title == "Use `add` (it covers float adds too)" and "rmw_mode<add>" in after


def test_an_enum_case_in_the_wrong_letter_case_is_respelled():
    text = MEMOP.replace("MODE", "add").replace("SEMANTIC", "#nv_tileas.mem_semantic<Relaxed>")
    title, after = _fixed(text, "mem_semantic<Relaxed>")
    assert title == "Change `Relaxed` to `relaxed`" and "mem_semantic<relaxed>" in after
    # A case that matches no legal spelling gets no fix.
    unknown = MEMOP.replace("MODE", "add").replace("SEMANTIC", "#nv_tileas.mem_semantic<seq_cst>")
    assert fixes_at(analyse(unknown), "mem_semantic<seq_cst>") == []


def test_a_descriptor_load_mode_in_the_wrong_letter_case_is_respelled():
    builder = ("func.func @f(%t: memref<?x?xf16, 1>, %l: !cute.layout<\"(64,128):(1,64)\">, %m: index) {\n"
               "  %d = nv_tileas.make_tiled_tma_desc %t, %l shapes(%m, %m) strides(%m) paddings() "
               "{mode = #cute_nvgpu.tma_load_mode<MODE>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled\n"
               "  return\n}\n")
    title, after = _fixed(builder.replace("MODE", "Tiled_At"), "tma_load_mode<Tiled_At>")
    assert title == "Change `Tiled_At` to `tiled_at`" and "tma_load_mode<tiled_at>" in after
    assert [d.code for d in analyse(after).diagnostics()] == []
    # `w128` is a DSL load mode, not one a descriptor is built in: no certain fix.
    assert fixes_at(analyse(builder.replace("MODE", "w128")), "tma_load_mode<w128>") == []
    # Store modes likewise: the builder's own (store, reduce, scatter4), not the DSL's tiled.
    store = builder.replace("tma_load_mode<MODE>", "tma_store_mode<MODE>")
    title, after = _fixed(store.replace("MODE", "Reduce"), "tma_store_mode<Reduce>")
    assert title == "Change `Reduce` to `reduce`" and "tma_store_mode<reduce>" in after
    assert fixes_at(analyse(store.replace("MODE", "Tiled")), "tma_store_mode<Tiled>") == []


REDUCE = ("func.func @f(%g: !cute.memref<ELEM, gmem, \"(64,64):(64,1)\">, %sl: !cute.layout<\"(32,32):(32,1)\">, "
          "%v: !cute.layout<\"(32,32):(1@0,1@1)\">) {\n"
          "  %atom, %tt = cute_nvgpu.atom.make_non_exec_tiled_tma_reduce(%g, %sl, %v) <{kind = <KIND>}> : "
          "(!cute.memref<ELEM, gmem, \"(64,64):(64,1)\">, !cute.layout<\"(32,32):(32,1)\">, "
          "!cute.layout<\"(32,32):(1@0,1@1)\">) -> (!cute_nvgpu.atom.non_exec_tiled_tma_reduce<KIND, ELEM, "
          "copy_bits = 32768, tma_gbasis = <\"(32,32):(1@1,1@0)\">, tma_format = F32_RN>, "
          "!cute.coord_tensor<\"(0,0)\", \"(64,64):(1@1,1@0)\">)\n  return\n}\n")


def test_a_reduce_kind_the_elements_lack_becomes_the_one_they_have():
    text = REDUCE.replace("KIND", "MAX").replace("ELEM", "f32")
    title, after = _fixed(text, "<MAX>")
    assert title == "Use `ADD` (the one kind f32 elements reduce with)"
    assert "<{kind = <ADD>}>" in after
    # f16 elements take add, min or max: which one is not certain, so there is no fix.
    f16 = REDUCE.replace("KIND", "XOR").replace("ELEM", "f16")
    assert fixes_at(analyse(f16), "<XOR>") == []


IM2COL = ("func.func @f(%t: TENSOR, %l: !cute.layout<\"(64,128):(1,64)\">, %m: index, "
          "%tile: !cute.layout<\"S<3,4,3> o 0 o (64,8):(8,1)\">, %cta_map: !cute.layout<\"(64,8):(1,64)\">) -> RETURNS {\n"
          "  %desc = nv_tileas.make_tiled_tma_desc %t, %l shapes(%m, %m) strides(%m) paddings() "
          "{MODEelementBitWidth = 16} : !cute_nvgpu.tma_descriptor_im2col\n"
          "  %atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map ATOM_ATTRS: !cute_nvgpu.tma_descriptor_im2col\n"
          "  RETURN\n}\n")


def im2col(tensor="memref<?x?xf16, 1>", mode="mode = #cute_nvgpu.tma_load_mode<im2col>, ", returns="()",
           ret="return", atom_attrs="") -> str:
    return (IM2COL.replace("TENSOR", tensor).replace("MODE", mode).replace(" -> RETURNS", "" if returns == "()" else f" -> {returns}")
            .replace("RETURN", ret).replace("ATOM_ATTRS", atom_attrs))


def test_an_im2col_descriptor_of_a_rank_2_tensor_becomes_tiled():
    # im2col takes rank 3..5, tiled 1..5: for a rank-2 tensor, tiled is the one kind left. The
    # mode, the result type and the type its TMA user writes all change.
    title, after = _fixed(im2col(), "%t, %l")
    assert title == "Build a tiled descriptor (im2col takes rank 3..5; the tensor has rank 2)"
    assert after == im2col(mode="mode = #cute_nvgpu.tma_load_mode<tiled>, ").replace("im2col", "tiled")
    # The `_at` variant keeps its `_at`; a builder that writes no mode changes its types alone.
    _, after = _fixed(im2col(mode="mode = #cute_nvgpu.tma_load_mode<im2col_at>, "), "%t, %l")
    assert "tma_load_mode<tiled_at>" in after and "im2col" not in after
    _, after = _fixed(im2col(mode=""), "%t, %l")
    assert "im2col" not in after


def test_no_descriptor_rank_fix_where_the_edit_is_not_certain():
    # A rank-6 tensor: no descriptor takes it, and which modes to merge or drop is the author's.
    for tensor in ("memref<2x2x2x2x2x2xf16, 1>", "memref<f16, 1>"):
        analysis = analyse(im2col(tensor=tensor))
        assert "verify.tma.descriptor-rank" in codes(analysis)
        assert fixes_at(analysis, "%t, %l") == []
    # The descriptor leaves the function: the signature would keep saying im2col.
    escapes = im2col(returns="!cute_nvgpu.tma_descriptor_im2col", ret="return %desc : !cute_nvgpu.tma_descriptor_im2col")
    assert fixes_at(analyse(escapes), "%t, %l") == []
    # A user that says im2col in another way than the descriptor's type.
    said = im2col(atom_attrs="{note = \"im2col\"} ")
    assert "verify.tma.descriptor-rank" in codes(analyse(said))
    assert fixes_at(analyse(said), "%t, %l") == []
