"""Hover on a TileAS load or store (features/tileas_memop.py): whether it becomes TMA, which
rule stops it if not, and once lowered its async op, tx_count and descriptor."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.hover import hover, prepare
from cute_ir.features.tileas_memop import SECTIONS
from tests.conftest import REPO

SPEC = "attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} "


def _card(text: str, needle: str, arch: str = "sm_90a") -> str:
    analysis = DocumentAnalysis("file:///h.ir", text, settings=Settings(target_arch=arch))
    found = hover(analysis, text.index(needle) + 3)
    return found.markdown.split("\n\n---\n\n")[-1]


def kernel(attrs: str, view: str = "memref<128x256xf16, 1>", spec: str = SPEC, tile: str = "64, 128",
           result: str = "tensor<64x128xf16>") -> str:
    return (f"func.func @k(%v: {view}, %i: index) {spec}{{\n"
            f"  %a = nv_tileas.tiled_load %v coords(%i, %i) offsets() {{tileSize = array<i64: {tile}>{attrs}}} "
            f": {view} -> {result}\n  return\n}}\n")


def test_a_lowered_load_shows_its_async_op_bytes_and_host_descriptor():
    card = _card((REPO / "examples" / "tileas_tma_mainloop.ir").read_text(), "nv_tileas.tiled_load %b")
    assert card == ("**TMA**\n\n- copy atom `tma_load` (written)\n- becomes `nv_tileas.async.tiled_tma_load`\n"
                    "- tx_count: 16384 bytes (what its mbarrier expects)\n"
                    "- descriptor: tmaIdx 1, built on the host and passed as kernel argument `%tma_host1` (a grid constant)")


def test_a_load_no_tma_box_can_move_says_which_rule_stops_it():
    card = _card(kernel(", allow_tma = true", view="memref<128x12xf16, 1>", tile="8, 8", result="tensor<8x8xf16>"),
                 "nv_tileas.tiled_load")
    assert card == ("**TMA**\n\n- copy atom `ldg` (assign-load-store-layouts chooses it on sm_90a)\n"
                    "- **not TMA**: its tensor map breaks a rule of cuTensorMapEncodeTiled: global stride 1 is 24 "
                    "bytes; it must be a positive multiple of 16 below 2^40")


def test_an_eligible_load_says_what_it_lacks_to_become_tma():
    assert _card(kernel(""), "nv_tileas.tiled_load").endswith(
        "- copy atom `ldg` (assign-load-store-layouts chooses it on sm_90a)\n"
        "- TMA-eligible, but `allow_tma` is not set: the load stays as it is (the `prefer_tma` option of "
        "assign-load-store-layouts and lower-tma-load-store-to-async would take it)")
    no_spec = _card(kernel(", allow_tma = true", spec=""), "nv_tileas.tiled_load")
    assert "TMA-eligible, but its function has no `nv_tileas.kernel_spec`" in no_spec
    assert "**not TMA**: sm_80 has no TMA (sm_90 or later)" in _card(kernel(", allow_tma = true"),
                                                                     "nv_tileas.tiled_load", "sm_80")


def test_a_written_non_tma_atom_is_why():
    card = _card(kernel(", allow_tma = true, copy_atom = #nv_tileas.copy_atom<ldgsts>"), "nv_tileas.tiled_load")
    assert card.endswith("- **not TMA**: its copy atom is `ldgsts`, not `tma_load`")


def test_an_atomic_is_a_tma_reduction_with_its_atom_written_or_chosen_and_its_pre_image_unused():
    rows = (REPO / "tests" / "emit" / "fixtures" / "tileas_rows.mlir").read_text()
    card = _card(rows, "nv_tileas.tiled_atomic_rmw", "sm_100a")
    assert card == ("**TMA**\n\n- copy atom `tma_redg` (written): a TMA reduction with `add`\n"
                    "- becomes `nv_tileas.async.tiled_atomic_rmw`\n"
                    "- descriptor: tmaIdx 2, built on the host and passed as kernel argument `%tma_host2` (a grid constant)")
    chosen = rows.replace(", copy_atom = #nv_tileas.copy_atom<tma_redg>}", "}")
    assert _card(chosen, "nv_tileas.tiled_atomic_rmw", "sm_100a") == (
        "**TMA**\n\n- copy atom `tma_redg` (assign-load-store-layouts chooses it on sm_100a): a TMA reduction with "
        "`add`\n- becomes `nv_tileas.async.tiled_atomic_rmw`\n"
        "- descriptor: tmaIdx 2, built on the host and passed as kernel argument `%tma_host2` (a grid constant)")
    plain = rows.replace(", allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_redg>}", "}")
    # Without allow_tma, no atom: the lowering would leave it (a per-thread atomic).
    assert _card(plain, "nv_tileas.tiled_atomic_rmw", "sm_100a") == (
        "**TMA**\n\n- no copy atom (assign-load-store-layouts gives an atomic `tma_redg` or none)\n"
        "- TMA-eligible, but `allow_tma` is not set: the atomic stays as it is (the `prefer_tma` option of "
        "assign-load-store-layouts and lower-tma-load-store-to-async would take it)")
    written = rows.replace(", allow_tma = true, copy_atom", ", copy_atom")
    assert _card(written, "nv_tileas.tiled_atomic_rmw", "sm_100a") == (
        "**TMA**\n\n- copy atom `tma_redg` (written): a TMA reduction with `add`\n"
        "- TMA-eligible, but `allow_tma` is not set: the atomic stays as it is "
        "(lower-tma-load-store-to-async's `prefer_tma` option would take it)")
    used = rows.replace("    return\n", '    "use"(%old) : (tensor<4x64xf16>) -> ()\n    return\n')
    assert _card(used, "nv_tileas.tiled_atomic_rmw", "sm_100a").endswith(
        "- TMA-eligible, but lower-tma-load-store-to-async leaves it: a TMA reduction (`tma_redg`) returns no "
        "pre-image, and this atomic's is used")
    chosen_used = chosen.replace("    return\n", '    "use"(%old) : (tensor<4x64xf16>) -> ()\n    return\n')
    assert _card(chosen_used, "nv_tileas.tiled_atomic_rmw", "sm_100a") == (
        "**TMA**\n\n- no copy atom (assign-load-store-layouts gives an atomic `tma_redg` or none)\n"
        "- **not TMA**: a TMA reduction returns no pre-image, and this atomic's is used")
    f32_max = chosen.replace("xf16", "xf32").replace("rmw_mode<add>", "rmw_mode<max>")
    assert _card(f32_max, "nv_tileas.tiled_atomic_rmw", "sm_100a").endswith(
        "- **not TMA**: cp.reduce.async.bulk.tensor has no `.max` of f32 (the PTX ISA gives `.max` to f16, bf16, u32, "
        "s32, u64, s64)")


def test_the_section_reads_the_unit_as_verification_lifted_it(monkeypatch):
    """The hover's passes rewrite a copy of the IR verification lifted: hovering after the
    diagnostics lifts nothing again, and says what a hover on a fresh analysis says."""
    import cute_ir.analysis.document as document
    text = (REPO / "examples" / "tileas_tma_mainloop.ir").read_text()
    fresh = _card(text, "nv_tileas.tiled_load %b")
    analysis = DocumentAnalysis("file:///h.ir", text, settings=Settings(target_arch="sm_90a"))
    analysis.diagnostics()
    lifts = []
    real = document.lift_statements
    monkeypatch.setattr(document, "lift_statements", lambda *a, **k: lifts.append(1) or real(*a, **k))
    found = hover(analysis, text.index("nv_tileas.tiled_load %b") + 3).markdown.split("\n\n---\n\n")[-1]
    assert found == fresh and lifts == []


def test_a_tile_size_and_atom_given_through_attribute_aliases_read_as_written_out():
    """`tileSize = #tile`, `copy_atom = #atom`: the card is the one of the load with both
    written in place, as verification and the pipeline read them."""
    written = kernel(", allow_tma = true, copy_atom = #nv_tileas.copy_atom<tma_load>")
    aliased = ("#tile = array<i64: 64, 128>\n#atom = #nv_tileas.copy_atom<tma_load>\n"
               + written.replace("array<i64: 64, 128>", "#tile").replace("#nv_tileas.copy_atom<tma_load>", "#atom"))
    card = _card(aliased, "nv_tileas.tiled_load")
    assert card == _card(written, "nv_tileas.tiled_load")
    assert "- copy atom `tma_load` (written)\n- becomes `nv_tileas.async.tiled_tma_load`" in card


def test_an_attribute_given_through_an_alias_says_what_the_alias_stands_for():
    text = "#tile = array<i64: 64, 128>\n" + kernel(", allow_tma = true").replace("array<i64: 64, 128>", "#tile")
    analysis = DocumentAnalysis("file:///h.ir", text, settings=Settings(target_arch="sm_90a"))
    card = hover(analysis, text.index("#tile", 10) + 2).markdown
    assert card == ("**attribute `tileSize`** = `#tile` of `nv_tileas.tiled_load`\n\n"
                    "`#tile` stands for `array<i64: 64, 128>` (defined on line 1)")
    assert hover(analysis, text.index("allow_tma") + 2).markdown == "**attribute `allow_tma`** = `true` of `nv_tileas.tiled_load`"


def test_a_hover_prepared_while_typing_pauses_is_the_hover_computed_when_asked():
    """The server prepares what a hover where the user typed reads (features/hover.py,
    `prepare`): the card is the one a hover computing it all would show."""
    text = (REPO / "examples" / "tileas_tma_mainloop.ir").read_text()
    at = text.index("nv_tileas.tiled_load %b") + 3
    prepared = DocumentAnalysis("file:///h.ir", text, settings=Settings(target_arch="sm_90a"))
    prepare(prepared, at)
    facts = prepared.unit_at(at).derived
    assert SECTIONS.key in facts and ("tma-partitions", "sm_90a") in facts
    asked = DocumentAnalysis("file:///h.ir", text, settings=Settings(target_arch="sm_90a"))
    assert hover(prepared, at).markdown == hover(asked, at).markdown
