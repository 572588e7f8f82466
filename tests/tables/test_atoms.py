"""Integrity of the atom registry and the MMA / copy lattices."""
from __future__ import annotations

import re

import pytest

from cute_ir.layout import mode, parse_layout, size
from cute_ir.tables import atoms as A
from cute_ir.tables import descriptors as D
from cute_ir.tables import tiers as T
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble, parallel_map

# The 27 mnemonics in the parser's dispatch order (asm-printer page, perfect-hash table).
SPEC_MNEMONICS = [
    "atom.universal_fma", "sm80.mma", "sm80.sparse_mma", "sm89.mma", "smem_desc",
    "smem_desc_view", "sm90.mma", "sm100.mma", "sm100.mma_sp", "sm100.mma_bs",
    "sm100.mma_bs_sp", "SM120.mma_bs", "atom.tmem_load", "atom.tmem_store", "atom.s2t_copy",
    "tma_descriptor_tiled", "tma_descriptor_im2col", "atom.tma_load", "atom.tma_store",
    "atom.tma_reduce", "atom.universal_copy", "atom.simt_async_copy", "atom.ldsm", "atom.stsm",
    "atom.non_exec_tiled_tma_load", "atom.non_exec_tiled_tma_store",
    "atom.non_exec_tiled_tma_reduce",
]

ALLOWED_INTERFACES = {"MmaAtom", "CopyAtom", "PrefetchAtom", "AsyncCopyAtom", "TmaAtom",
                      "TmemAtom", "SparseMetadataAtom", "BlockScaleAtom", "SmemDescriptorAtom",
                      "DescriptorType"}


def test_all_27_mnemonics_in_dispatch_order_with_exact_case():
    assert list(A.MNEMONICS) == SPEC_MNEMONICS
    assert len(set(A.MNEMONICS)) == 27
    assert "SM120.mma_bs" in A.ATOMS_BY_MNEMONIC and "sm120.mma_bs" not in A.ATOMS_BY_MNEMONIC


def test_interfaces_from_allowed_set():
    for row in A.ATOMS:
        assert row.interfaces, row.mnemonic
        assert {i.value for i in row.interfaces} <= ALLOWED_INTERFACES


def test_registry_interfaces_match_spec_table():
    spec = {
        "atom.tma_load": {"CopyAtom", "TmaAtom", "PrefetchAtom", "AsyncCopyAtom"},
        "sm90.mma": {"MmaAtom", "SmemDescriptorAtom"},
        "sm100.mma_bs_sp": {"MmaAtom", "TmemAtom", "BlockScaleAtom", "SparseMetadataAtom"},
        "SM120.mma_bs": {"MmaAtom", "BlockScaleAtom"},
        "atom.s2t_copy": {"CopyAtom", "AsyncCopyAtom"},
        "smem_desc_view": {"DescriptorType"},
        "atom.non_exec_tiled_tma_load": {"TmaAtom"},
    }
    for mnemonic, interfaces in spec.items():
        assert {i.value for i in A.ATOMS_BY_MNEMONIC[mnemonic].interfaces} == interfaces
    # "the SM90+ TMA load atom is the only positive hit" for PrefetchAtom
    assert [r.mnemonic for r in A.ATOMS if r.implements(A.Interface.PREFETCH_ATOM)] == [
        "atom.tma_load"]


@pytest.mark.parametrize("mnemonic, requires", [
    ("sm90.mma", ("sm_90a",)),
    ("sm100.mma", ("sm_100f", "sm_110f")),
    ("atom.tmem_load", ("sm_100f", "sm_110f")),
    ("SM120.mma_bs", ("sm_120f",)),
    ("atom.ldsm", ("sm_75",)),
    ("atom.stsm", ("sm_90",)),
    ("atom.simt_async_copy", ("sm_80",)),
    ("atom.tma_load", ("sm_90",)),
    ("atom.universal_fma", ()),
])
def test_hardware_gates(mnemonic, requires):
    assert A.ATOMS_BY_MNEMONIC[mnemonic].requires == requires


def test_gate_semantics_on_real_targets():
    wgmma = A.ATOMS_BY_MNEMONIC["sm90.mma"].requires
    tcgen05 = A.ATOMS_BY_MNEMONIC["sm100.mma"].requires
    sm120 = A.ATOMS_BY_MNEMONIC["SM120.mma_bs"].requires
    assert T.targets_satisfying(wgmma) == ("sm_90a",)
    assert T.targets_satisfying(tcgen05) == ("sm_100a", "sm_100f", "sm_103a", "sm_103f",
                                             "sm_110a", "sm_110f")
    assert T.targets_satisfying(sm120) == ("sm_120a", "sm_120f", "sm_121a", "sm_121f")
    # A matrix descriptor is usable wherever wgmma or tcgen05 is.
    assert A.ATOMS_BY_MNEMONIC["smem_desc"].requires == wgmma + tcgen05


def test_every_gate_names_roster_targets():
    names = set(T.TARGETS_BY_NAME)
    gates = [r.requires for r in A.ATOMS] + [r.requires for r in A.MMA_LATTICE] + [
        r.requires for r in A.COPY_LATTICE]
    for gate in gates:
        assert set(gate) <= names


def test_residency_contracts():
    ops = {o.role: o.allowed for o in A.ATOMS_BY_MNEMONIC["sm90.mma"].operands}
    assert ops == {"A": (A.Residency.RMEM, A.Residency.SMEM_DESC),
                   "B": (A.Residency.SMEM_DESC,), "D": (A.Residency.RMEM,)}
    ops = {o.role: o.allowed for o in A.ATOMS_BY_MNEMONIC["sm100.mma_bs"].operands}
    assert ops["D"] == (A.Residency.TMEM,) and ops["SFA"] == (A.Residency.TMEM,)
    ops = {o.role: o.allowed for o in A.ATOMS_BY_MNEMONIC["atom.tmem_store"].operands}
    assert ops == {"src": (A.Residency.RMEM,), "dst": (A.Residency.TMEM,)}


def test_descriptions_and_alias_families():
    for row in A.ATOMS:
        assert row.description and "\n" not in row.description
        if row.implements(A.Interface.MMA_ATOM):
            assert row.alias_family == "mma"
        elif row.implements(A.Interface.COPY_ATOM):
            assert row.alias_family == "copy"
        else:
            assert row.alias_family is None


def test_deviations_reference_hardware_facts():
    texts = [r.deviation for r in A.ATOMS if r.deviation]
    texts += [r.deviation for r in A.MMA_LATTICE if r.deviation]
    texts += [r.deviation for r in A.COPY_LATTICE if r.deviation]
    assert texts
    for t in texts:
        assert re.search(r"hardware-facts|Spec|spec", t), t


# --- MMA lattice ---------------------------------------------------------------------------

def test_lattice_keys_unique_and_atoms_known():
    keys = [r.key for r in A.MMA_LATTICE]
    assert len(keys) == len(set(keys))
    for r in A.MMA_LATTICE:
        assert r.atom is None or r.atom in A.ATOMS_BY_MNEMONIC
        assert r.atom is None or A.ATOMS_BY_MNEMONIC[r.atom].implements(A.Interface.MMA_ATOM)
        assert set(r.a_types) | set(r.b_types) | set(r.c_types) <= set(A.TYPE_BITS)
        assert r.m and r.n and r.k > 0 and r.ptx


def test_register_mma_lattice_shapes_and_gates():
    expect = {
        ("mma.sync", (8, 8, 4), "f16"): ("sm_70",),
        ("mma.sync", (16, 8, 8), "f16"): ("sm_75",),
        ("mma.sync", (16, 8, 16), "f16"): ("sm_80",),
        ("mma.sync", (16, 8, 16), "bf16"): ("sm_80",),
        ("mma.sync", (16, 8, 8), "tf32"): ("sm_80",),
        ("mma.sync", (16, 8, 8), "bf16"): ("sm_80",),
        ("mma.sync", (16, 8, 32), "s8"): ("sm_80",),
        ("mma.sync", (16, 8, 64), "s4"): ("sm_80",),
        ("mma.sp", (16, 8, 16), "f16"): ("sm_80",),
        ("mma.sp", (16, 8, 32), "s8"): ("sm_80",),
        ("mma.sync", (16, 8, 32), "e4m3"): ("sm_89",),
    }
    for (instr, shape, a), gate in expect.items():
        rows = A.find_mma_rows(instruction=instr, shape=shape, a_type=a)
        assert len(rows) == 1, (instr, shape, a)
        assert rows[0].requires == gate


def test_wgmma_n_sets_and_k():
    f16 = A.mma_row("sm90.wgmma.f16")
    i8 = A.mma_row("sm90.wgmma.i8")
    assert f16.n == tuple(range(8, 257, 8)) and f16.k == 16 and f16.m == (64,)
    assert i8.n == (8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224,
                    240, 256)
    assert A.mma_row("sm90.wgmma.b1").n == i8.n
    for key, bits in (("sm90.wgmma.f16", 16), ("sm90.wgmma.tf32", 32), ("sm90.wgmma.fp8", 8),
                      ("sm90.wgmma.i8", 8), ("sm90.wgmma.b1", 1)):
        row = A.mma_row(key)
        assert row.k == 256 // bits
    assert not A.find_mma_rows(atom="sm90.mma", a_type="s4")      # no s4/u4 wgmma
    assert not A.find_mma_rows(atom="sm90.mma", shape=(64, 40, 32), a_type="s8")


def test_umma_m_and_k():
    for row in A.MMA_LATTICE:
        if not row.instruction.startswith("tcgen05"):
            continue
        if row.cta_group == 1:
            assert set(row.m) <= {64, 128}
        else:
            assert set(row.m) <= {128, 256}
            assert all(n % 16 == 0 for n in row.n)
        if row.block_scale:
            assert row.c_types == ("f32",)
            if row.cta_group == 1:
                assert row.m == (128,)
    dense_k = {"sm100.f16.cta1": 16, "sm100.tf32.cta1": 8, "sm100.f8f6f4.cta1.m64": 32,
               "sm100.i8.cta1": 32, "sm100.sp.f16.cta1": 32, "sm100.sp.tf32.cta1": 16,
               "sm100.mxf8f6f4.cta1": 32, "sm100.mxf4.cta1": 64, "sm100.mxf4nvf4.cta1": 64,
               "sm100.sp.mxf4.cta1": 128}
    for key, k in dense_k.items():
        assert A.mma_row(key).k == k, key


def test_sm100_block_scaled_kinds():
    rows = {r.block_scale.kind: r.block_scale for r in A.MMA_LATTICE
            if r.block_scale and r.instruction == "tcgen05.mma" and r.cta_group == 1
            and r.requires != A.SM103_K96}
    assert (rows["mxf8f6f4"].vec_size, rows["mxf8f6f4"].scale_types) == (32, ("ue8m0",))
    assert (rows["mxf4"].vec_size, rows["mxf4"].scale_vec) == (32, "2X")
    assert rows["mxf4nvf4"].vec_size == 16 and rows["mxf4nvf4"].scale_vec == "4X"
    assert set(rows["mxf4nvf4"].scale_types) == {"ue8m0", "ue4m3"}
    assert A.mma_row("sm100.mxf8f6f4.cta1").k == 32 and A.mma_row("sm100.mxf4.cta1").k == 64


def test_sm103_96_deep_fp4_tile():
    """CUTLASS SM103_MXF4_ULTRA_SS_VS / _2x1SM_SS_VS: kind::mxf4nvf4 at K = 96, 4X (either scale
    type) or 2X (E8M0), M 128 for one CTA and 128 / 256 for a pair, N 16..256 step 16, dense,
    on sm_103a / sm_103f; the DSL's type says `arch_promote = sm_103`."""
    rows = [r for r in A.MMA_LATTICE if r.k == 96]
    assert {(r.block_scale.kind, r.block_scale.vec_size, r.block_scale.scale_vec, r.cta_group)
            for r in rows} == {("mxf4nvf4", v, x, c) for v, x in ((16, "4X"), (32, "2X")) for c in (1, 2)}
    assert all(r.requires == ("sm_103f",) and not r.sparse and r.n == A.N_STEP16 for r in rows)
    assert {r.m for r in rows} == {(128,), (128, 256)}
    assert A.parameter_gate("sm100.mma_bs", "arch_promote", "sm_103") == ("sm_103f",)
    from cute_ir.tables.descriptors import UMMA_INSTR_DESC_BLOCK_SCALED, decode, umma_instr_desc
    word = umma_instr_desc("mxf4nvf4", "e2m1", "e2m1", "f32", 128, 128, sf_type="ue8m0", k=96)
    assert {f.name: raw for f, raw, _ in decode(UMMA_INSTR_DESC_BLOCK_SCALED, word)}["k_size"] == 1
    word = umma_instr_desc("mxf4nvf4", "e2m1", "e2m1", "f32", 128, 128, sf_type="ue8m0", k=64)
    assert word >> 31 == 0


def test_register_mma_tf32_k4_and_fp8_k16():
    """PTX ISA mma.sync shapes: m16n8k4 on tf32 (sm_80) and m16n8k16 on e4m3/e5m2 (sm_89),
    with CUTLASS's fragment layouts (SM80_16x8x4_F32TF32TF32F32_TN; 8-bit m16n8k16)."""
    tf32 = A.mma_row("sm80.m16n8k4.tf32")
    assert (tf32.requires, tf32.fragments()) == (("sm_80",), {"A": 2, "B": 1, "C": 4})
    fp8 = A.mma_row("sm89.m16n8k16.fp8")
    assert (fp8.requires, fp8.fragments()) == (("sm_89",), {"A": 8, "B": 4, "C": 4})
    assert A.register_counts(fp8, (16, 8, 16), "e4m3", "e5m2", "f16") == {"A": 2, "B": 1, "C": 2}


def test_sm120_block_scaled_lattice():
    k32 = A.mma_row("sm120.m16n8k32.mxf8f6f4")
    assert (k32.block_scale.scale_vec, k32.block_scale.scale_types) == ("1X", ("ue8m0",))
    assert A.mma_row("sm120.m16n8k64.mxf4").block_scale.scale_vec == "2X"
    vec32 = A.mma_row("sm120.m16n8k64.mxf4nvf4.vec32").block_scale
    vec16 = A.mma_row("sm120.m16n8k64.mxf4nvf4.vec16").block_scale
    assert (vec32.scale_vec, vec32.scale_types) == ("2X", ("ue8m0",))
    assert (vec16.scale_vec, vec16.scale_types) == ("4X", ("ue4m3",))     # not 4X ue8m0


@pytest.mark.parametrize("key, shape, a, c, counts, regs", [
    ("sm80.m16n8k16.f16", (16, 8, 16), "f16", "f32", (8, 4, 4), (4, 2, 4)),
    ("sm80.m16n8k16.f16", (16, 8, 16), "f16", "f16", (8, 4, 4), (4, 2, 2)),
    ("sm80.m16n8k8.f16", (16, 8, 8), "f16", "f32", (4, 2, 4), (2, 1, 4)),
    ("sm80.m16n8k8.tf32", (16, 8, 8), "tf32", "f32", (4, 2, 4), (4, 2, 4)),
    ("sm80.m16n8k32.i8", (16, 8, 32), "s8", "s32", (16, 8, 4), (4, 2, 4)),
    ("sm80.m16n8k64.i4", (16, 8, 64), "s4", "s32", (32, 16, 4), (4, 2, 4)),
    ("sm80.sp.m16n8k16.f16", (16, 8, 16), "f16", "f32", (4, 4, 4), (2, 2, 4)),
    ("sm80.sp.m16n8k32.i8", (16, 8, 32), "s8", "s32", (8, 8, 4), (2, 2, 4)),
    ("sm89.m16n8k32.fp8", (16, 8, 32), "e4m3", "f32", (16, 8, 4), (4, 2, 4)),
    ("sm70.m8n8k4.f16", (8, 8, 4), "f16", "f32", (4, 4, 8), (2, 2, 8)),
    ("sm120.m16n8k32.mxf8f6f4", (16, 8, 32), "e2m1", "f32", (16, 8, 4), (4, 2, 4)),
    ("sm120.m16n8k64.mxf4", (16, 8, 64), "e2m1", "f32", (32, 16, 4), (4, 2, 4)),
])
def test_fragment_and_register_counts(key, shape, a, c, counts, regs):
    row = A.mma_row(key)
    got = A.fragment_counts(row, shape)
    assert (got["A"], got["B"], got["C"]) == counts
    r = A.register_counts(row, shape, a, a, c)
    assert (r["A"], r["B"], r["C"]) == regs


def test_wgmma_fragments():
    row = A.mma_row("sm90.wgmma.f16")
    assert A.fragment_counts(row, (64, 128, 16), A.Residency.SMEM_DESC) == {
        "A": None, "B": None, "C": 64}
    assert A.register_counts(row, (64, 256, 16), "f16", "f16", "f16", A.Residency.RMEM) == {
        "A": 4, "B": None, "C": 64}


def test_sm80_fragment_layout_strings():
    row = A.mma_row("sm80.m16n8k16.f16")
    assert row.layouts.a == "((4,8),(2,2,2)):((32,1),(16,8,128))"
    assert row.layouts.b == "((4,8),(2,2)):((16,1),(8,64))"
    assert row.layouts.c == "((4,8),(2,2)):((32,1),(16,8))"


def test_fragment_layouts_cover_the_tile_and_match_the_counts():
    # Every (thread, value) layout of a lattice row, at every shape of the row, maps onto the
    # whole M x K / N x K / M x N tile, and its value mode holds the per-thread count.
    checked = 0
    for r in A.MMA_LATTICE:
        if r.layouts is None:
            continue
        for m, n, k in r.shapes():
            counts = A.fragment_counts(r, (m, n, k), A.Residency.RMEM)
            for field, role, tile in (("a", "A", m * k), ("b", "B", n * k), ("c", "C", m * n)):
                text = r.layouts.for_shape(field, n)
                if text is None:
                    continue
                layout = parse_layout(text).value
                assert layout is not None, (r.key, text)
                assert size(layout) == tile, (r.key, (m, n, k), role, text)
                assert size(mode(layout, 1)) == counts[role], (r.key, (m, n, k), role, text)
                checked += 1
    assert checked > 200


def test_wgmma_register_layouts_follow_n():
    row = A.mma_row("sm90.wgmma.f16")
    assert row.layouts.for_shape("c", 128) == "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))"
    assert row.layouts.for_shape("a", 128) == "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))"
    assert row.layouts.for_shape("b", 128) is None          # B is always a descriptor
    assert row.layouts.for_shape("c", None) is None         # N unknown: no accumulator layout
    assert row.layouts.for_shape("a", None) == row.layouts.a
    assert A.mma_row("sm90.wgmma.tf32").layouts.a == "((4,8,4),(2,2)):((64,1,16),(8,256))"
    assert A.mma_row("sm90.wgmma.fp8").layouts.a == "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))"


def test_umma_descriptor_encodable_for_every_lattice_shape():
    for row in A.MMA_LATTICE:
        if not row.instruction.startswith("tcgen05"):
            continue
        kind = row.block_scale.kind if row.block_scale else {
            "f16": "f16", "bf16": "f16", "tf32": "tf32", "e4m3": "f8f6f4", "s8": "i8"}[
            row.a_types[0]]
        sf = row.block_scale.scale_types[0] if row.block_scale else None
        for m, n, _ in row.shapes():
            value = D.umma_instr_desc(kind, row.a_types[-1], row.b_types[0], row.c_types[0],
                                      m, n, sparse=row.sparse, sf_type=sf)
            assert isinstance(value, int), (row.key, m, n, value)


# --- copy lattice --------------------------------------------------------------------------

def test_copy_lattice_integrity():
    keys = [r.key for r in A.COPY_LATTICE]
    assert len(keys) == len(set(keys))
    for r in A.COPY_LATTICE:
        atom = A.ATOMS_BY_MNEMONIC[r.atom]
        assert atom.implements(A.Interface.COPY_ATOM)
        ops = {o.role: o.allowed for o in atom.operands}
        assert r.src in ops["src"] and r.dst in ops["dst"], r.key


def test_copy_lattice_contents():
    assert {r.variant for r in A.find_copy_rows("atom.ldsm")} == {
        "x1", "x2", "x4", "x1.trans", "x2.trans", "x4.trans",
        # PTX ISA 8.6+: .m16n16 .x1/.x2, always .trans, .b8 or widened from 6-/4-bit values;
        # .m8n16 .x1/.x2/.x4, never transposed, widened only.
        *(f"m16n16.x{n}.trans.{f}" for n in (1, 2)
          for f in ("b8", "b8x16.b6x16_p32", "b8x16.b4x16_p64")),
        *(f"m8n16.x{n}.{f}" for n in (1, 2, 4) for f in ("b8x16.b6x16_p32", "b8x16.b4x16_p64"))}
    assert {r.variant for r in A.find_copy_rows("atom.stsm")} == {
        "x1", "x2", "x4", "x1.trans", "x2.trans", "x4.trans",
        "m16n8.x1.trans.b8", "m16n8.x2.trans.b8", "m16n8.x4.trans.b8"}
    assert {r.requires for r in A.COPY_LATTICE if r.params.get("format", "b16") != "b16"} == {A.MATRIX_B8}
    assert {r.variant for r in A.find_copy_rows("atom.simt_async_copy")} == {
        "ca.4", "ca.8", "ca.16", "cg.16"}
    assert {r.variant for r in A.find_copy_rows("atom.s2t_copy")} == {
        "128x256b", "4x256b", "128x128b", "64x128b.warpx2::02_13", "64x128b.warpx2::01_23",
        "32x128b.warpx4"}
    ld = {r.variant: r for r in A.find_copy_rows("atom.tmem_load")}
    assert ld["32x32b"].repeats == (1, 2, 4, 8, 16, 32, 64, 128)
    assert ld["16x128b"].repeats[-1] == 64 and ld["16x256b"].repeats[-1] == 32
    assert (ld["16x256b"].regs, ld["16x128b"].regs, ld["16x64b"].regs) == (4, 2, 1)
    assert A.copy_row("tma_load.tile").ranks == (1, 2, 3, 4, 5)
    assert A.copy_row("tma_load.im2col").ranks == (3, 4, 5)
    assert ".global.shared::cta" in A.copy_row("tma_store.tile").ptx
    assert A.copy_row("ldsm.x1").requires == ("sm_75",)
    assert A.copy_row("stsm.x4.trans").requires == ("sm_90",)


_REDUCE_TYPES = ("f16", "bf16", "f32", "f64", "u32", "s32", "u64", "s64", "b32", "b64")


def _bulk_reduce(op: str, ptx_type: str) -> str:
    noftz = ".noftz" if op == "add" and ptx_type in ("f16", "bf16") else ""
    return (".version 9.0\n.target sm_90a\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n"
            ".shared .align 128 .b8 t[256];\n.reg .b32 %r;\n.reg .b64 %rd;\nld.param.u64 %rd, [p];\n"
            f"mov.u32 %r, t;\ncp.reduce.async.bulk.global.shared::cta.bulk_group.{op}{noftz}.{ptx_type} "
            "[%rd], [%r], 256;\nret;\n}\n")


def test_the_tma_reduction_table_is_what_ptxas_accepts_for_bulk_reductions_less_the_bulk_only_pairs():
    """The tensor form's table (PTX ISA) is the bulk form's less `.add.f64`; ptxas sees the
    bulk form's type, so it checks the rest of the table."""
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    pairs = [(op, t) for op in A.TMA_REDUCE_TYPES for t in _REDUCE_TYPES]
    accepted = parallel_map(lambda pair: assemble(_bulk_reduce(*pair), "sm_90a")[0], pairs)
    assert {pair for pair, ok in zip(pairs, accepted) if ok} == {
        (op, t) for op, types in A.TMA_REDUCE_TYPES.items() for t in types} | A.BULK_ONLY_REDUCE_TYPES


@pytest.mark.parametrize("element, bits, kinds", [
    ("f16", None, ("add", "min", "max")), ("bf16", None, ("add", "min", "max")), ("f32", None, ("add",)),
    ("i32", None, ("add", "min", "max", "inc", "dec", "and", "or", "xor")),
    ("si32", None, ("add", "min", "max", "and", "or", "xor")), ("i64", None, ("add", "min", "max", "and", "or", "xor")),
    ("si64", None, ("min", "max", "and", "or", "xor")), ("i8", None, ()), ("tf32", None, ()), ("f64", None, ()),
    ("ui32", None, ("add", "min", "max", "inc", "dec", "and", "or", "xor")),
    (None, 16, ("add", "min", "max")), (None, 8, ()), (None, 64, ("add", "min", "max", "and", "or", "xor")),
])
def test_the_kinds_a_tma_reduction_of_an_element_type_may_use(element, bits, kinds):
    assert A.tma_reductions(element, bits) == kinds


def test_the_lattices_are_read_through_the_atoms_module():
    """tables/lattice.py's names are read through tables/atoms.py as if defined there: the same
    objects, every name `__all__` lists, and an unknown name still an AttributeError."""
    from cute_ir.tables import lattice
    assert A.MMA_LATTICE is lattice.MMA_LATTICE and A.find_copy_rows is lattice.find_copy_rows
    assert all(getattr(A, name) is getattr(lattice, name) for name in A._LATTICE_NAMES)
    assert all(hasattr(A, name) for name in A.__all__)
    with pytest.raises(AttributeError):
        A.no_such_table
    assert not hasattr(A, "__no_such_dunder__")
