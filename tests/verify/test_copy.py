"""Copy-atom verification on targets the corpus cannot select (tests/corpus/verify/copy.ir runs
on sm_90a): TMEM atoms on sm_100a, plus the rule tables of verify/copy.py."""
from __future__ import annotations

import pytest

from cute_ir.tables.atoms import Residency
from cute_ir.verify.copy import FAMILIES, element_bits
from tests.operands import declare_operands
from tests.verify import located_diagnostics

DEFINED = "the `{}` atom is defined here"


def diagnostics(text: str, arch: str = "sm_100a") -> list[tuple[str, str, str, list[tuple[str, str]]]]:
    return located_diagnostics(text, arch, "file:///copy_test.ir")


def kernel(*lines: str) -> str:
    params = ("%t: memref<128xf32, 6>, %r: memref<32xf32>, %s: memref<128xf16, 3>, "
              "%h: memref<128xf16, 6>")
    return declare_operands(f"func.func @k({params}) {{\n" + "".join(f"  {line}\n" for line in lines) + "  return\n}\n")


TMEM_LOAD = "!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>"
MAKE_LOAD = f"%a = cute_nvgpu.make_copy_atom : {TMEM_LOAD}"


def test_tmem_load_on_sm_100a_is_valid():
    text = kernel(MAKE_LOAD, f"cute_nvgpu.copy %a, %t, %r : ({TMEM_LOAD}, memref<128xf32, 6>, memref<32xf32>)")
    assert diagnostics(text) == []


@pytest.mark.parametrize("arch", ["sm_100f", "sm_103a", "sm_110a"])
def test_tmem_load_on_other_tcgen05_targets_is_valid(arch):
    text = kernel(MAKE_LOAD, f"cute_nvgpu.copy %a, %t, %r : ({TMEM_LOAD}, memref<128xf32, 6>, memref<32xf32>)")
    assert diagnostics(text, arch) == []


def test_tmem_store_and_s2t_copy_are_valid():
    text = kernel(
        "%st = cute_nvgpu.make_copy_atom {val_type = f32} : !cute_nvgpu.atom.tmem_store",
        "cute_nvgpu.copy %st, %r, %t : (!cute_nvgpu.atom.tmem_store, memref<32xf32>, memref<128xf32, 6>)",
        "%cp = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.s2t_copy",
        "cute_nvgpu.copy %cp, %s, %h : (!cute_nvgpu.atom.s2t_copy, "
        "!cute_nvgpu.smem_desc_view<memref<128xf16, 3>, #cute.layout<(4@0, 32@1)>>, memref<128xf16, 6>)",
        "cute_nvgpu.copy %cp, %s, %h : (!cute_nvgpu.atom.s2t_copy, memref<128xf16, 3>, memref<128xf16, 6>)",
    )
    # Valid; but the atoms do not say their shapes, so the lowering has no instruction for the
    # copies and leaves them (warnings).
    found = diagnostics(text)
    assert [d[0] for d in found] == ["lower.not-lowered"] * 3
    assert all("is not lowered: the `atom." in d[2] and "does not say its shape" in d[2] for d in found)


def test_tmem_load_on_plain_sm_100_is_refused():
    text = kernel(MAKE_LOAD)
    assert diagnostics(text, "sm_100") == [(
        "verify.target", TMEM_LOAD,
        "atom `atom.tmem_load` needs sm_100f (sm_100a/sm_100f/sm_103a/sm_103f) or sm_110f "
        "(sm_110a/sm_110f), but the target is sm_100 (spec minimum tier: SM100)", [])]


def test_tmem_load_reads_tensor_memory():
    text = kernel(MAKE_LOAD, f"cute_nvgpu.copy %a, %r, %t : ({TMEM_LOAD}, memref<32xf32>, memref<128xf32, 6>)")
    assert diagnostics(text) == [(
        "verify.copy.source-residency", "memref<32xf32>",
        "the source of `atom.tmem_load` must be in tensor memory (memref memory space 6), got "
        "`memref<32xf32>`, which is in registers (a memref without memory space)",
        [("%a = cute_nvgpu.make_copy_atom : " + TMEM_LOAD, DEFINED.format("atom.tmem_load"))])]


def test_tmem_store_writes_tensor_memory():
    text = kernel(
        "%st = cute_nvgpu.make_copy_atom {val_type = f32} : !cute_nvgpu.atom.tmem_store",
        "cute_nvgpu.copy %st, %r, %r : (!cute_nvgpu.atom.tmem_store, memref<32xf32>, memref<32xf32, 3>)")
    assert diagnostics(text) == [(
        "verify.copy.destination-residency", "memref<32xf32, 3>",
        "the destination of `atom.tmem_store` must be in tensor memory (memref memory space 6), got "
        "`memref<32xf32, 3>`, which is in shared memory (memref memory space 3)",
        [("%st = cute_nvgpu.make_copy_atom {val_type = f32} : !cute_nvgpu.atom.tmem_store",
          DEFINED.format("atom.tmem_store"))])]


def test_s2t_copy_is_shared_to_tensor_memory_only():
    # hardware-facts 8: tcgen05.cp has no TMEM -> SMEM form.
    text = kernel(
        "%cp = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.s2t_copy",
        "cute_nvgpu.copy %cp, %h, %s : (!cute_nvgpu.atom.s2t_copy, memref<128xf16, 6>, memref<128xf16, 3>)")
    assert diagnostics(text) == [(
        "verify.copy.source-residency", "memref<128xf16, 6>",
        "the source of `atom.s2t_copy` must be in shared memory (memref memory space 3) or an SMEM "
        "descriptor (`!cute_nvgpu.smem_desc_view`), got `memref<128xf16, 6>`, which is in tensor "
        "memory (memref memory space 6)",
        [("%cp = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.s2t_copy",
          DEFINED.format("atom.s2t_copy"))])]


def test_tmem_element_types_follow_the_value_type():
    text = kernel(MAKE_LOAD, f"cute_nvgpu.copy %a, %h, %r : ({TMEM_LOAD}, memref<128xf16, 6>, memref<32xf32>)")
    assert diagnostics(text) == [(
        "verify.copy.element-type", "memref<128xf16, 6>",
        "the source element type f16 does not match the value type f32 of `atom.tmem_load`",
        [("%a = cute_nvgpu.make_copy_atom : " + TMEM_LOAD, DEFINED.format("atom.tmem_load"))])]


def test_tmem_value_width():
    text = kernel("%st = cute_nvgpu.make_copy_atom {val_type = f64} : !cute_nvgpu.atom.tmem_store")
    assert diagnostics(text) == [(
        "verify.copy.element-width", "f64",
        "`atom.tmem_store` moves 8/16/32-bit elements, but the value type f64 is 64 bits", [])]


def test_tmem_shape_and_repetitions_come_from_the_lattice():
    # `16 DP, 32 bit` is the DSL's `.16x32bx2` (Ld16x32bx2Op prints it so): there is no `.16x32b`.
    text = kernel(
        "%a = cute_nvgpu.make_copy_atom : !cute_nvgpu.atom.tmem_load<f32, 32 DP, 64 bit, x32>",
        "%b = cute_nvgpu.make_copy_atom : !cute_nvgpu.atom.tmem_store<f32, 16 DP, 256 bit, x64>",
        "%c = cute_nvgpu.make_copy_atom : !cute_nvgpu.atom.tmem_load<f32, 16 DP, 256 bit, x32>",
        "%d = cute_nvgpu.make_copy_atom : !cute_nvgpu.atom.tmem_load<f32, 16 DP, 32 bit, x64>")
    assert diagnostics(text) == [
        ("verify.copy.tmem-shape", "32 DP, 64 bit",
         "`atom.tmem_load` has no 32x64b shape (`32 DP, 64 bit`); legal: 32x32b, 16x64b, 16x128b, "
         "16x256b, 16x32bx2",
         []),
        ("verify.copy.tmem-repeat", "x64",
         "`atom.tmem_store` takes x1, x2, x4, x8, x16 or x32 repetitions of its 16x256b shape, got `x64`",
         []),
    ]


def test_block_argument_atom_is_checked_at_its_type():
    atom = "!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x256>"
    text = (f"func.func @k(%a: {atom}, %t: memref<128xf32, 6>, %r: memref<32xf32>) {{\n"
            f"  cute_nvgpu.copy %a, %t, %r : ({atom}, memref<128xf32, 6>, memref<32xf32>)\n  return\n}}\n")
    assert diagnostics(text) == [(
        "verify.copy.tmem-repeat", "x256",
        "`atom.tmem_load` takes x1, x2, x4, x8, x16, x32, x64 or x128 repetitions of its 32x32b shape, "
        "got `x256`", [])]


# ------------------------------------------------------------------ the rule tables
def test_family_tables_follow_the_registry_and_the_lattice():
    assert FAMILIES["atom.ldsm"].matrices == (1, 2, 4)
    assert FAMILIES["atom.stsm"].matrices == (1, 2, 4)
    assert FAMILIES["atom.ldsm"].unit_bits == FAMILIES["atom.stsm"].unit_bits == 16    # B19: units, not elements
    cp = FAMILIES["atom.simt_async_copy"]
    assert cp.widths == (4, 8, 16)
    assert cp.cache_widths == {"ca": (4, 8, 16), "cg": (16,)}     # hardware-facts 11
    assert all(FAMILIES[m].described_by_descriptor for m in ("atom.tma_load", "atom.tma_store", "atom.tma_reduce"))


@pytest.mark.parametrize("spelling, bits", [
    ("f16", 16), ("bf16", 16), ("tf32", 32), ("f32", 32), ("f64", 64), ("f8E4M3FN", 8),
    ("f4E2M1FN", 4), ("f6E2M3FN", 6), ("i8", 8), ("ui16", 16), ("u16", 16), ("index", None),
])
def test_element_bits(spelling, bits):
    assert element_bits(spelling) == bits


def test_residency_names_cover_every_residency():
    from cute_ir.verify.copy import RESIDENCY_TEXT
    assert set(RESIDENCY_TEXT) == set(Residency)
