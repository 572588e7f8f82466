"""Acceptance of the grammar: spec snippets, CuTe DSL constructs, error isolation."""
from __future__ import annotations

import pytest
from tree_sitter import Node

from cute_ir.syntax import parse, syntax_diagnostics


def _errors(root: Node) -> list[str]:
    out = []
    stack = [root]
    while stack:
        n = stack.pop()
        if n.type == "ERROR" or n.is_missing or n.type == "unclosed_bracket":
            out.append(f"{n.type} at {n.start_point}")
        stack.extend(n.children)
    return out


SPEC_SNIPPETS = [
    # asm-printer-and-type-mnemonics: every type example and the op-owned attribute example
    "%0 = test.t : !cute_nvgpu.smem_desc_view<memref<128xf16, 3>, #cute.layout<(4@0, 32@1)>>",
    "%0 = test.t : !cute_nvgpu.atom.universal_copy<f16>",
    "%0 = test.t : !cute_nvgpu.atom.universal_copy<f16, 128 b>",
    "%0 = test.t : !cute_nvgpu.atom.universal_copy<f16, 128 b, allow_dsmem>",
    "%0 = test.t : !cute_nvgpu.atom.universal_copy<f16, mem_order=acquire, mem_scope=cluster>",
    "%0 = test.t : !cute_nvgpu.i4, !cute_nvgpu.i6, !cute_nvgpu.i8, !cute_nvgpu.i4<divby 2>, !cute_nvgpu.i2<divby 4>",
    "%atom = cute_nvgpu.make_sm120_mma_bs\n{shape_MNK = [16, 8, 32], vec_size = 32}",
    "// #cute_nvgpu.some_attribute<...>\n%x = a.b",
    "%copy_sm90_tma_load = a.b\n%mma_f16_f16_f32_16x8x16 = a.b\n%memref_f16_3 = a.b",
    # tma-atoms: the worked examples
    "%bad = cute_nvgpu.atom.non_exec_tiled_tma_load\n%desc_r6, %tile_r6, %cta_map_r6 : !cute_nvgpu.tma_descriptor_tiled",
    "%desc = nv_tileas.make_tiled_tma_desc %tensor, %layout\n  shapes(%m, %n, %k) strides(%sn, %sk) paddings()\n"
    "  {mode = #cute_nvgpu.tma_load_mode<tiled>,\n   elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled\n"
    "%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map\n  {num_multicast = 1}\n"
    "%exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar\n  {cache_mode = #cute_nvgpu.load_cache_mode<cg>}\n"
    "cute_nvgpu.atom.tma_load %exec, %smem_tile, %coord\n  {allow_tma = true, inBounds = true}",
]

DSL_SNIPPETS = [
    '!memref_smem_f16_3 = !cute.memref<f16, smem, "(64,128):(1,64)">\n!copy_ldsm_4_1 = !cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>\n#loc3 = loc("k.py":21:0)',
    '%0 = a.b : !memref_smem_f16_3 loc(#loc9)\n#loc9 = loc("k.py":1:2)',
    "cute_nvgpu.arch.copy.SM100.tma_load %a : i32\ncute_nvgpu.arch.sm100.alloc_tmem %b : i32",
    'cute_nvgpu.arch.mma.SM120.block_scaled A[%a, %b] B[%c] C[%d] sfA(%e) sfB(%f){shape_MNK = <"(16,8,64)">} : A[i32, i32] B[i32] C[f32] sfA(i32) sfB(i32) -> (f32)',
    "cute_nvgpu.arch.sm100.relinquish_tmem_alloc_permit [cta_2]",
    "%r = cute_nvgpu.atom.set_value<tma_bar>(%x, %p) : (i32, i32) -> i32",
    '%0 = "cute_nvgpu.atom.make"(%a) <{kind = <sm_90> num_multicast = 1}> : (i32) -> i32',
    "%0 = a.b : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>",
    "%0 = a.b : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32) >",
    "%0 = a.b : !cute_nvgpu.atom.universal_fma<1x1x1, (f32, f32) -> f32 >",
    '%0 = a.b : !cute_nvgpu.atom.tma_load<f16, copy_bits = 131072, mode = tiled, num_cta = 1, g_stride = <"()"> tma_gbasis = <"(64,128,1):(1@1,1@0,1@2)">>',
    "%0 = a.b : !cute_nvgpu.atom.g2r<f16 copy_bits = 128 mem_order = acquire mem_scope = cluster>",
    '%0 = a.b : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,2,4,(1,7)):(0,512,2,(0,1024))">',
    "%0 = a.b : !cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, use_sf_layout_TV = false>",
    '%0 = a.b : !cute.layout<"(4,32):(1@0,1@1)">, #cute.layout<"(4,32):(1@0,1@1)">, !cute.composed_layout<"S<3,4,3> o 0 o ((128,64),1,4):((256,1),0,64)">',
    "%0 = a.b : !cute.ptr<f16, smem, align<1024>, S<3,4,3>>",
    "%0 = a.b {a = #cute_nvgpu.tma_load_mode<w128>, b = #cute_nvgpu.tma_store_mode<scatter4>, c = #cute_nvgpu.tma_reduce_kind<XOR>, d = #cute_nvgpu.load_cache_mode<last_use>, e = #cute_nvgpu.tma_data_format<BF16_RN>, f = #cute_nvgpu.major<mn>}",
]


@pytest.mark.parametrize("text", SPEC_SNIPPETS)
def test_spec_snippets_parse_without_error(text):
    tree = parse(text.encode())
    assert _errors(tree.root) == []


@pytest.mark.parametrize("text", DSL_SNIPPETS)
def test_cute_dsl_constructs_parse_without_error(text):
    tree = parse(text.encode())
    assert _errors(tree.root) == []


def test_syntax_error_stays_inside_its_op():
    text = (b"func.func @f(%a: i32) -> i32 {\n"
            b"  %0 = arith.addi %a, %a : i32\n"
            b"  %1 = arith.muli (%0, %a : i32\n"
            b"  %2 = arith.subi %0, %a : i32\n"
            b"  return %2 : i32\n}\n")
    tree = parse(text)
    region = tree.root.named_children[0].child_by_field_name("body").named_children[-1]
    ops = [n for n in region.named_children if n.type == "operation"]
    names = [op.child_by_field_name("name").text for op in ops]
    assert names == [b"arith.addi", b"arith.muli", b"arith.subi", b"return"]
    broken = ops[1]
    assert broken.start_point.row == broken.end_point.row == 2
    diags = syntax_diagnostics(tree.root)
    # (arith.muli's format wants an SSA operand where the `(` stands: MLIR's parser stops there,
    # right after the name, and never sees the `(` left open)
    at = text.index(b"arith.muli") + len(b"arith.muli")
    assert [(d.message, d.span.start, d.span.end) for d in diags] == [("expected SSA operand", at, at)]


def test_multi_line_ops_end_where_the_next_starts():
    text = SPEC_SNIPPETS[10].encode()
    tree = parse(text)
    ops = [n for n in tree.root.named_children if n.type == "operation"]
    assert [op.start_point.row for op in ops] == [0, 4, 6, 8]
    assert [op.end_point.row for op in ops] == [3, 5, 7, 9]


def test_block_label_is_not_a_successor():
    text = b"func.func @f(%a: i32) {\n  cf.br ^bb1(%a : i32)\n^bb1(%y: i32):\n  return\n}\n"
    tree = parse(text)
    assert _errors(tree.root) == []
    kinds = []
    stack = [tree.root]
    while stack:
        n = stack.pop()
        kinds.append(n.type)
        stack.extend(n.named_children)
    assert kinds.count("block") == 1 and kinds.count("successor") == 1
