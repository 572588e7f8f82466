"""The cute_nvgpu type surface: dispatch order, round trips, parameter checks, alias hints."""
from __future__ import annotations

import pytest

from cute_ir.dialects.cute_nvgpu import alias_for_type, parse_type_node, print_type, resolve_mnemonic
from cute_ir.dialects.cute_nvgpu.types import MnemonicArm, walk_index
from cute_ir.syntax import parse
from cute_ir.tables.atoms import MNEMONICS

SPEC_WALK_ORDER = [
    "atom.universal_fma", "sm80.mma", "sm80.sparse_mma", "sm89.mma", "smem_desc", "smem_desc_view",
    "sm90.mma", "sm100.mma", "sm100.mma_sp", "sm100.mma_bs", "sm100.mma_bs_sp", "SM120.mma_bs",
    "atom.tmem_load", "atom.tmem_store", "atom.s2t_copy", "tma_descriptor_tiled", "tma_descriptor_im2col",
    "atom.tma_load", "atom.tma_store", "atom.tma_reduce", "atom.universal_copy", "atom.simt_async_copy",
    "atom.ldsm", "atom.stsm", "atom.non_exec_tiled_tma_load", "atom.non_exec_tiled_tma_store",
    "atom.non_exec_tiled_tma_reduce",
]


def _type(text: str):
    data = f"%0 = t.t : {text}".encode()
    tree = parse(data)
    stack = [tree.root]
    while stack:
        n = stack.pop()
        if n.type == "cute_nvgpu_type":
            ty, diags = parse_type_node(n)
            return ty, diags, data
        stack.extend(n.named_children)
    raise AssertionError(f"no cute_nvgpu type in {text!r}")


def test_walk_order_is_the_specs():
    assert list(MNEMONICS) == SPEC_WALK_ORDER
    assert [walk_index(m) for m in SPEC_WALK_ORDER] == list(range(27))


@pytest.mark.parametrize("mnemonic", SPEC_WALK_ORDER)
def test_every_literal_arm_resolves(mnemonic):
    assert resolve_mnemonic(mnemonic).arm is MnemonicArm.LITERAL


@pytest.mark.parametrize("mnemonic", ["sm120.mma_bs", "Sm120.mma_bs", "SM120.MMA_BS", "sm90.MMA", "atom.LDSM"])
def test_case_sensitive(mnemonic):
    assert resolve_mnemonic(mnemonic).arm is MnemonicArm.UNKNOWN


@pytest.mark.parametrize("mnemonic,width", [("i4", 4), ("i1", 1), ("i128", 128), ("i4294967295", 4294967295)])
def test_integer_branch(mnemonic, width):
    r = resolve_mnemonic(mnemonic)
    assert (r.arm, r.width, r.problem) == (MnemonicArm.ATOM_INTEGER, width, None)


@pytest.mark.parametrize("mnemonic", ["i", "i4x", "ix", "i-4", "i４"])
def test_not_integer(mnemonic):
    assert resolve_mnemonic(mnemonic).arm is MnemonicArm.UNKNOWN


def test_integer_width_must_fit_u32():
    assert resolve_mnemonic("i4294967296").problem == "integer width 4294967296 does not fit in 32 bits"


@pytest.mark.parametrize("text", [
    "!cute_nvgpu.smem_desc_view<memref<128xf16, 3>, #cute.layout<(4@0, 32@1)>>",
    "!cute_nvgpu.atom.universal_copy<f16>",
    "!cute_nvgpu.atom.universal_copy<f16, 128 b>",
    "!cute_nvgpu.atom.universal_copy<f16, 128 b, allow_dsmem>",
    "!cute_nvgpu.atom.universal_copy<f16, mem_order=acquire, mem_scope=cluster>",
    "!cute_nvgpu.i4", "!cute_nvgpu.i6", "!cute_nvgpu.i8", "!cute_nvgpu.i4<divby 2>", "!cute_nvgpu.i2<divby 4>",
    "!cute_nvgpu.SM120.mma_bs", "!cute_nvgpu.sm90.mma", "!cute_nvgpu.tma_descriptor_im2col",
    "!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>",
])
def test_round_trip_is_identical(text):
    ty, diags, _ = _type(text)
    assert diags == []
    assert print_type(ty) == text


def test_absent_fields_are_elided():
    ty, _, _ = _type("!cute_nvgpu.atom.universal_copy<f16, mem_scope=gpu>")
    assert (ty.bit_width, ty.allow_dsmem, ty.mem_order, ty.mem_scope) == (None, False, None, "gpu")
    assert print_type(ty) == "!cute_nvgpu.atom.universal_copy<f16, mem_scope=gpu>"


def test_unknown_type_message_sits_on_the_mnemonic():
    ty, diags, data = _type("!cute_nvgpu.bogus")
    assert [d.message for d in diags] == ["unknown  type `bogus` in dialect `cute_nvgpu`"]
    assert data[diags[0].span.start:diags[0].span.end] == b"bogus"
    assert diags[0].source.value == "types"


@pytest.mark.parametrize("text,bad,message", [
    ("!cute_nvgpu.atom.universal_copy<f16, 96 b>", b"96 b", "copy bit width must be a power of two, got 96"),
    ("!cute_nvgpu.atom.universal_copy<f16, 64>", b"64", "missing `b` after the bit width: write `64 b`"),
    ("!cute_nvgpu.atom.universal_copy<f16, mem_order=strong>", b"mem_order=strong",
     "unknown memory order `strong`; expected one of relaxed, acquire, release, acq_rel, sc, mmio, constant, volatile"),
    ("!cute_nvgpu.atom.universal_copy<f16, mem_scope=cta>", b"mem_scope=cta",
     "unknown memory scope `cta`; expected one of cluster, gpu, sys"),
    ("!cute_nvgpu.i4<divby 0>", b"divby 0", "`divby` needs a positive 32-bit divisor, got 0"),
    ("!cute_nvgpu.i4<8>", b"8", "unexpected parameter `8`; atom integer types take only `<divby M>`"),
])
def test_bad_parameters_are_reported_on_the_parameter(text, bad, message):
    _, diags, data = _type(text)
    assert [(d.message, data[d.span.start:d.span.end]) for d in diags] == [(message, bad)]


@pytest.mark.parametrize("text,attrs,alias", [
    ("!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32) >", None, "mma_f16_f16_f32_16x8x16"),
    ("!cute_nvgpu.SM120.mma_bs", {"a_type": "f4E2M1FN", "b_type": "f4E2M1FN", "c_type": "f32",
                                 "shape_MNK": "[16, 8, 64]"}, "mma_f4E2M1FN_f4E2M1FN_f32_16x8x64"),
    ("!cute_nvgpu.atom.tma_load", None, "copy_sm90_tma_load"),
    ("!cute_nvgpu.atom.universal_copy<f16>", None, "copy_universal_copy"),
    ("!cute_nvgpu.sm90.mma", None, ""),
    ("!cute_nvgpu.tma_descriptor_tiled", None, ""),
])
def test_alias_hints(text, attrs, alias):
    ty, _, _ = _type(text)
    assert alias_for_type(ty, attrs) == alias


@pytest.mark.parametrize("text,bad,nearest", [
    ("!cute_nvgpu.sm90.mma<64x64x16, ab_major = (k, k), elem_type = (f61, f16, f32), frag_kind = ss>", "f61", "f16"),
    ('!cute_nvgpu.atom.ldsm<val_type = bf61, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 2, n>', "bf61", "bf16"),
    ("!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f23, copy_bits = 32768>", "f23", "f32"),
    ("!cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3NF>",
     "f8E4M3NF", "f8E4M3FN"),
])
def test_a_misspelt_element_type_is_named_with_the_nearest_real_one(text, bad, nearest):
    _, diags, data = _type(text)
    assert [(d.code, data[d.span.start:d.span.end].decode(), d.message) for d in diags] == [
        ("types.element-type", bad, f"unknown element type `{bad}`; did you mean `{nearest}`?")]


def test_words_of_other_shapes_are_parameters_not_types():
    """`u16` (a size pattern), `sm_90`, `ss`, `x32`, `f8f6f4`: words the atoms take, not float types."""
    for text in ('!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 2, n>',
                 "!cute_nvgpu.sm100.mma<128x128x32, kind = f8f6f4, x = f16x2>",
                 "!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 32768>",
                 "!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>"):
        assert _type(text)[1] == []
