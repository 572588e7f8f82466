"""The CuTe DSL's newer vocabulary (docs/spec-deviations.md, A1): its mnemonics and ops are known,
carry the semantics our tables give them, and a really unknown mnemonic still gets the spec's
message."""
from __future__ import annotations

import re

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.dialects.cute_nvgpu.atoms import atom_instance
from cute_ir.dialects.cute_nvgpu.types import MnemonicArm, parse_type_node, print_type
from cute_ir.features.preview import preview_module
from cute_ir.features.hover import hover
from cute_ir.features.outline import document_symbols
from cute_ir.tables.atoms import DSL_ATOMS, MNEMONICS, Residency


def analyse(text: str, arch: str = "sm_90a") -> DocumentAnalysis:
    return DocumentAnalysis("file:///dsl.ir", text, settings=Settings(target_arch=arch))


def errors(text: str, arch: str = "sm_90a") -> list[str]:
    return [d.message for d in analyse(text, arch).diagnostics() if d.severity.name == "ERROR"]


def the_type(text: str):
    a = analyse(f"%a = cute.static : {text}\n")
    node = a.fresh_tree().root_node
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "cute_nvgpu_type":
            return parse_type_node(n)
        stack.extend(n.children)
    raise AssertionError(text)


@pytest.mark.parametrize("row", DSL_ATOMS, ids=lambda r: r.mnemonic)
def test_every_dsl_mnemonic_is_known_and_not_one_of_the_specs(row):
    assert row.mnemonic not in MNEMONICS
    # Universal copies take their value type first, whichever name they go by.
    params = "<f16>" if row.lowers_as == "atom.universal_copy" else ""
    ty, diags = the_type(f"!cute_nvgpu.{row.mnemonic}{params}")
    assert ty.arm is MnemonicArm.CUTE_DSL and diags == []


def test_a_really_unknown_mnemonic_gets_the_specs_message():
    assert errors("%a = cute.static : !cute_nvgpu.atom.g2x<f16>\n") == [
        "unknown  type `atom.g2x` in dialect `cute_nvgpu`"]


def test_directional_universal_copies_are_universal_copies_with_their_residency():
    ty, diags = the_type("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 mem_order = acquire "
                         "mem_scope = cluster>")
    assert diags == []
    assert (ty.value_type, ty.bit_width, ty.mem_order, ty.mem_scope) == ("f16", 128, "acquire",
                                                                        "cluster")
    atom = atom_instance(ty)
    assert atom.mnemonic == "atom.universal_copy"
    assert {o.role: o.allowed for o in atom.row.operands} == {"src": (Residency.GMEM,),
                                                             "dst": (Residency.RMEM,)}
    assert print_type(ty) == ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 mem_order = acquire "
                              "mem_scope = cluster>")


def test_universal_copy_takes_the_dsls_memory_spaces():
    ty, diags = the_type("!cute_nvgpu.atom.universal_copy<f16, 128 b, src_space = gmem, "
                         "dst_space = smem>")
    assert diags == [] and (ty.src_space, ty.dst_space) == ("gmem", "smem")
    assert print_type(ty) == ("!cute_nvgpu.atom.universal_copy<f16, 128 b, src_space = gmem, "
                              "dst_space = smem>")
    _, bad = the_type("!cute_nvgpu.atom.universal_copy<f16, 128 b, src_space = hbm>")
    assert [d.message for d in bad] == [
        "unknown memory space `hbm` for `src_space`; expected one of gmem, smem, rmem, tmem, dsmem"]


@pytest.mark.parametrize("op", [
    "%a, %t = cute_nvgpu.atom.make_non_exec_tiled_tma_load(%v, %s, %d) <{kind = <sm_100_2sm> "
    "num_multicast = 1}> : (i64, i64, i64) -> (i64, i64)",
    "%p = cute_nvgpu.atom.get_value<cache_policy>(%x) : (i64) -> i64",
    "%d = cute_nvgpu.make_umma_smem_desc(%p) layout = <\"(128,16):(16,1)\"> , major = <k> : "
    "(i64) -> !cute_nvgpu.smem_desc",
    "%e = cute_nvgpu.get_tma_desc_addr(%x) : (i64) -> i64",
])
def test_the_dsls_ops_are_known(op):
    assert errors(op + "\n") == []


def test_dsl_cp_async_atoms_are_verified_and_previewed_as_cp_async():
    text = ("%a = cute.make_atom() : () -> !cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>\n"
            "%b = cute.make_atom() : () -> !cute_nvgpu.atom.simt_async_copy<f32, cache = always, 32 b>\n")
    a = analyse(text, "sm_80")
    assert a.diagnostics() == []
    ptx = preview_module(a).ptx_text
    # (Each kernel is a function's applying the atom, after the lowering: features/atom_kernel.py.)
    assert re.search(r"cp\.async\.cg\.shared\.global \[%\w+\], \[%\w+\], 16;", ptx)
    assert re.search(r"cp\.async\.ca\.shared\.global \[%\w+\], \[%\w+\], 4;", ptx)
    assert errors("%c = cute.make_atom() : () -> !cute_nvgpu.atom.simt_async_copy<f16, "
                  "cache = streaming, 128 b>\n", "sm_80") == [
        "`atom.simt_async_copy` cache policy must be ca or cg (the DSL's always or global), "
        "got `streaming`"]


def test_dsl_s2t_copy_previews_its_shape_and_cta_pair():
    a = analyse("%a = cute.make_atom() : () -> !cute_nvgpu.atom.s2t_copy<f8E4M3FN, 32 DP, "
                "128 bit, 2 cta, x4>\n", "sm_100a")
    assert a.diagnostics() == []
    # The lowering's kernel: the CTA pair's tensor memory allocated, the copy into it from the
    # descriptor (a parameter), the commit to both CTAs' mbarriers, the memory freed. The copy
    # writes at the address the allocation left in its slot, as it was read (no 64-bit round trip;
    # thread 0 alone issues it, in a branch, which the 32-bit copy of that register reaches).
    ptx = preview_module(a).ptx_text
    assert "  tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 " in ptx
    [read] = re.findall(r"^  ld\.b32 (%\w+), \[%p1\];$", ptx, re.M)
    [address] = re.findall(rf"^  mov\.b32 (%\w+), {read};$", ptx, re.M) or [read]
    assert re.search(rf"^  tcgen05\.cp\.cta_group::2\.32x128b\.warpx4 \[{address}\], %p0;  // @op %a$", ptx, re.M)
    assert "  tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 " in ptx
    assert "  tcgen05.dealloc.cta_group::2.sync.aligned.b32 " in ptx


def test_a_view_of_built_descriptors_is_not_a_tile_layout_problem():
    text = ('%v = cute.static : !cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, '
            '"(1,2,4,(1,7)):(0,512,2,(0,1024))">\n')
    card = hover(analyse(text), text.index("smem_desc_view") + 2).markdown
    assert "not a canonical descriptor layout" not in card
    assert "descriptors already built" in card


def test_the_outline_lists_cuda_kernels():
    text = ("gpu.module @kernels {\n  cuda.kernel @kernel_copy_0(%arg0: i32) {\n    return\n  }\n}\n")
    module, = document_symbols(analyse(text))
    # The module is named by its symbol, as mlir-lsp-server names symbol ops.
    assert (module.name, module.kind, module.detail) == ("@kernels", "module", "gpu.module")
    assert text[module.selection.start:module.selection.end] == "@kernels"
    assert [(s.name, s.kind, s.detail) for s in module.children] == [
        ("@kernel_copy_0", "function", "cuda.kernel")]


def test_modules_in_the_outline_are_named_by_their_symbols_at_any_depth():
    text = ("module {\n  gpu.module @kernels {\n    cuda.kernel @k(%arg0: i32) {\n      return\n    }\n  }\n}\n"
            "\"builtin.module\"() ({\n}) : () -> ()\n")
    outer, generic = document_symbols(analyse(text))
    assert (outer.name, outer.detail) == ("module", "")
    [kernels] = outer.children
    assert (kernels.name, kernels.detail, [s.name for s in kernels.children]) == ("@kernels", "gpu.module", ["@k"])
    assert (generic.name, generic.detail) == ("builtin.module", "")


def test_make_sm120_mma_bs_infers_its_atom_from_its_attributes():
    spec_example = "%atom = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 32], vec_size = 32}\n"
    assert errors(spec_example, "sm_120a") == []
    assert errors(spec_example, "sm_90a") == [
        "atom `SM120.mma_bs` needs sm_120f (sm_120a/sm_120f/sm_121a/sm_121f), but the target "
        "is sm_90a (spec minimum tier: SM120)"]
    assert errors(spec_example.replace("vec_size = 32", "vec_size = 7"), "sm_120a") != []
