"""Descriptor bit-field tables: layout, encode / decode round trips, known CUTLASS values.

The known values were produced by compiling CUTLASS 4.2's `GmmaDescriptor`, `SmemDescriptor`,
`InstrDescriptor`, `InstrDescriptorBlockScaled`, `make_instr_desc` and
`make_instr_desc_block_scaled` (include/cute/arch/mma_sm{90,100}_desc.hpp) on the host and
printing the words.
"""
from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from cute_ir.tables import descriptors as D

ALL = list(D.TABLES.values())


def test_fields_tile_the_word_exactly():
    for table in ALL:
        covered = 0
        for f in table.fields:
            assert covered & f.mask == 0, (table.name, f.name)
            covered |= f.mask
        assert covered == (1 << table.width) - 1, table.name
        names = [f.name for f in table.fields]
        assert len(names) == len(set(names))


def test_gmma_layout_matches_hardware_not_spec():
    t = D.GMMA_SMEM_DESC
    assert [(f.name, f.low, f.width) for f in t.fields if not f.reserved] == [
        ("start_address", 0, 14), ("leading_byte_offset", 16, 14),
        ("stride_byte_offset", 32, 14), ("base_offset", 49, 3), ("layout_type", 62, 2)]
    assert dict(t.field("layout_type").legal_values) == {
        0: "INTERLEAVE (no swizzle)", 1: "B128 (128-byte swizzle)", 2: "B64 (64-byte swizzle)",
        3: "B32 (32-byte swizzle)"}


def test_umma_smem_layout():
    t = D.UMMA_SMEM_DESC
    assert (t.field("version").low, t.field("version").width, t.field("version").default) == (
        46, 2, 1)
    assert t.field("reserved_48").low == 48
    assert (t.field("lbo_mode").low, t.field("layout_type").low,
            t.field("layout_type").width) == (52, 61, 3)
    assert set(t.field("layout_type").legal_values) == {0, 1, 2, 4, 6}


def test_instr_desc_layouts():
    t = D.UMMA_INSTR_DESC
    spots = {f.name: (f.low, f.width) for f in t.fields}
    assert spots["c_format"] == (4, 2) and spots["a_format"] == (7, 3)
    assert spots["b_format"] == (10, 3) and spots["n_dim"] == (17, 6)
    assert spots["m_dim"] == (24, 5) and spots["max_shift"] == (30, 2)
    b = {f.name: (f.low, f.width) for f in D.UMMA_INSTR_DESC_BLOCK_SCALED.fields}
    assert b["scale_format"] == (23, 1) and b["b_sf_id"] == (4, 2) and b["a_sf_id"] == (29, 2)


def test_known_cutlass_values():
    # K-major, 128-byte swizzle, SBO 1024 B, smem address 0x400, base_offset 5 (CUTLASS host run).
    gmma = D.encode(D.GMMA_SMEM_DESC, start_address=D.matrix_descriptor_encode(0x400),
                    leading_byte_offset=1, stride_byte_offset=D.matrix_descriptor_encode(1024),
                    layout_type=1, base_offset=5)
    assert gmma == 0x400A004000010040
    assert D.encode(D.GMMA_SMEM_DESC, start_address=0x40, leading_byte_offset=1,
                    stride_byte_offset=64, layout_type=1) == 0x4000004000010040
    umma = D.encode(D.UMMA_SMEM_DESC, start_address=0x40, leading_byte_offset=1,
                    stride_byte_offset=64, layout_type=2, base_offset=3, lbo_mode=1)
    assert umma == 0x4016404000010040
    assert D.encode(D.UMMA_INSTR_DESC, sparse_id2=2, sparse_flag=1, saturate=1, c_format=2,
                    a_format=1, b_format=0, a_negate=1, b_negate=1, n_dim=3, m_dim=4,
                    max_shift=3) == 0xC40660AE
    assert D.encode(D.UMMA_INSTR_DESC_BLOCK_SCALED, b_sf_id=3, a_sf_id=2, scale_format=1,
                    k_size=1, a_format=5, b_format=3, m_dim=16, n_dim=32) == 0xD0C00EB0
    # make_instr_desc<half_t, half_t, float, 128, 256, K, MN>()
    assert D.umma_instr_desc("f16", "f16", "f16", "f32", 128, 256, b_major=1) == 0x08410010
    # make_instr_desc_block_scaled<e2m1, e2m1, float, ue4m3, 128, 64, K, K>()
    assert D.umma_instr_desc("mxf4nvf4", "e2m1", "e2m1", "f32", 128, 64,
                             sf_type="ue4m3") == 0x08100480


def test_encode_reports_errors_instead_of_raising():
    errors = D.encode(D.UMMA_SMEM_DESC, layout_type=3, start_address=1 << 14, bogus=1)
    assert isinstance(errors, list)
    by_field = {e.field: e.message for e in errors}
    assert set(by_field) == {"layout_type", "start_address", "bogus"}
    assert "not legal" in by_field["layout_type"]
    assert "does not fit" in by_field["start_address"]
    assert isinstance(D.encode(D.UMMA_SMEM_DESC, version=0), list)   # fixed to 1
    assert isinstance(D.encode(D.GMMA_SMEM_DESC, layout_type=-1), list)
    assert isinstance(D.umma_instr_desc("mxf4", "e4m3", "e2m1", "f32", 128, 64,
                                        sf_type="ue8m0"), list)


def test_decode_flags_illegal_values():
    value = 3 << 61                      # SmemDescriptor layout_type 3 is invalid, version 0
    decoded = {f.name: (raw, meaning) for f, raw, meaning in D.decode(D.UMMA_SMEM_DESC, value)}
    assert decoded["layout_type"][0] == 3 and decoded["layout_type"][1].startswith("illegal")
    assert decoded["version"][1].startswith("illegal")


def test_to_json():
    doc = D.to_json(D.GMMA_SMEM_DESC, 0x4000004000010040)
    json.dumps(doc)
    assert doc["descriptor"] == "GmmaDescriptor" and doc["value"] == "0x4000004000010040"
    assert doc["fields"]["layout_type"] == {"bits": "62-63", "value": 1,
                                            "meaning": "B128 (128-byte swizzle)"}
    assert doc["fields"]["stride_byte_offset"]["value"] == 64
    assert not any(name.startswith("reserved") for name in doc["fields"])
    assert D.to_json(D.GMMA_SMEM_DESC, 1 << 50)["fields"]["base_offset"]["value"] == 2
    # A set reserved bit is shown (and flagged) rather than hidden.
    noisy = D.to_json(D.GMMA_SMEM_DESC, 1 << 55)["fields"]["reserved_52_61"]
    assert noisy["value"] == 8 and noisy["meaning"].startswith("illegal")


def _field_values(table):
    def legal(f):
        if f.legal_values is not None:
            return st.sampled_from(sorted(f.legal_values))
        return st.integers(0, (1 << f.width) - 1)
    return st.fixed_dictionaries({f.name: legal(f) for f in table.fields if not f.reserved})


@given(st.sampled_from(ALL).flatmap(lambda t: st.tuples(st.just(t), _field_values(t))))
def test_round_trip(case):
    table, fields = case
    word = D.encode(table, **fields)
    assert isinstance(word, int) and 0 <= word < (1 << table.width)
    decoded = {f.name: raw for f, raw, _ in D.decode(table, word)}
    for name, value in fields.items():
        assert decoded[name] == value
    assert D.encode(table, **{f.name: raw for f, raw, _ in D.decode(table, word)
                              if not f.reserved}) == word
