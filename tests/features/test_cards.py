"""Hover contract cards (features/cards.py, features/hover.py) and the completions that share
them (features/completion.py), checked as a kernel engineer reads them."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.cards import op_card
from cute_ir.features.completion import complete
from cute_ir.features.hover import hover
from cute_ir.text.positions import Position

WGMMA = (
    "func.func @wgmma() {\n"
    "  %wg = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32}"
    " : !cute_nvgpu.sm90.mma\n"
    "  return\n"
    "}\n"
)
NVFP4 = (
    "func.func @nvfp4() {\n"
    "  %bs = cute.static : !cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = (f4E2M1FN, f4E2M1FN, f32),"
    " sf_type = f8E4M3FN, use_sf_layout_TV = false>\n"
    "  return\n"
    "}\n"
)
LDSM = (
    "func.func @ldsm() {\n"
    "  %ld = cute_nvgpu.make_copy_atom {val_type = f16, num_matrices = 4} : !cute_nvgpu.atom.ldsm\n"
    "  return\n"
    "}\n"
)
UMMA = (
    "func.func @umma() {\n"
    "  %um = cute_nvgpu.make_mma_atom {shape_MNK = [128, 256, 16], a_type = f16, b_type = f16, c_type = f32,"
    " cta_group = 2} : !cute_nvgpu.sm100.mma\n"
    "  return\n"
    "}\n"
)


def analyse(text: str, arch: str = "sm_90a") -> DocumentAnalysis:
    return DocumentAnalysis("file:///card.ir", text, settings=Settings(target_arch=arch))


def card(text: str, needle: str, arch: str = "sm_90a", into: int = 1) -> list[str]:
    analysis = analyse(text, arch)
    offset = text.encode().index(needle.encode()) + into
    result = hover(analysis, offset)
    assert result is not None, f"no hover at {needle!r}"
    return result.markdown.splitlines()


# ------------------------------------------------------------------ sm90.mma built with attributes
def test_wgmma_card_from_make_op_attributes():
    lines = card(WGMMA, "sm90.mma")
    assert lines[0] == "**`!cute_nvgpu.sm90.mma`** — MMA atoms"
    # Tier: the spec's minimum tier, the hardware gate, and whether the target runs it.
    assert "| Minimum tier | SM90 (hardware gate: sm_90a) |" in lines
    assert "| Target | sm_90a: yes |" in lines
    assert "| Interfaces | MmaAtom, SmemDescriptorAtom |" in lines
    assert "| Operand residency | A: rmem or smem_desc; B: smem_desc; D: rmem |" in lines
    # The lattice row the attributes select.
    assert "**As written:** `64x128x16` · f16 × f16 → f32" in lines
    assert "**Lattice:** `sm90.wgmma.f16` — M 64, N 8..256 step 8, K 16" in lines
    # Per-thread fragments of the 128-thread warpgroup: 64*128/128 f32 accumulators; an A in
    # registers is 64*16/128 = 8 f16 = 4 b32; descriptor operands have no per-thread fragment.
    assert "Fragments per thread of the warpgroup (128 threads):" in lines
    assert "| A | f16 | smem_desc | — | — |" in lines
    assert "| A | f16 | rmem | 8 | 4 |" in lines
    assert "| B | f16 | smem_desc | — | — |" in lines
    assert "| C / D | f32 | rmem | 64 | 64 |" in lines
    # The register layouts the verifier compares against: RS A and the 64x128 accumulator.
    layouts = next(line for line in lines if line.startswith("Register layouts"))
    assert "A `((4,8,4),(2,2,2)):((128,1,16),(64,8,512))`" in layouts
    assert "C / D `((4,8,4),(2,2,16)):((128,1,16),(64,8,512))`" in layouts
    assert "B `" not in layouts
    # The instruction (SS and RS forms), no register lists.
    assert "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 d, a_desc, b_desc, p, 1, 1, 0, 0;" in lines
    assert "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 d, a, b_desc, p, 1, 1, 0;" in lines
    assert not any("{%" in line for line in lines)
    # The deviation: wgmma is sm_90a only.
    assert any(line.startswith("*Hardware deviation from the spec:*") and "sm_90a only" in line for line in lines)


def test_op_name_and_value_hovers_carry_the_same_contract():
    type_card = card(WGMMA, "sm90.mma")
    contract = type_card[type_card.index("**As written:** `64x128x16` · f16 × f16 → f32"):]
    op = card(WGMMA, "cute_nvgpu.make_mma_atom")
    assert op[0] == "**`cute_nvgpu.make_mma_atom`** — operation of the `cute_nvgpu` dialect"
    assert op[-len(contract):] == contract
    value = card(WGMMA, "%wg")
    assert value[0] == "**`%wg`** : `!cute_nvgpu.sm90.mma`"
    assert value[-len(contract):] == contract


def test_value_hover_of_an_atom_spelled_in_its_type_is_unchanged():
    text = "func.func @f() {\n  %u = test.make : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>\n  return\n}\n"
    analysis = analyse(text)
    result = hover(analysis, text.index("%u") + 1)
    assert result.markdown == ("**`%u`** : `!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>`"
                               "\n\nresult of `test.make`, defined on line 2; 0 uses")


def test_the_atom_operand_of_mma_shows_the_atom_it_applies():
    text = WGMMA.replace("  return\n", "  cute_nvgpu.mma %wg, %d, %a, %b, %d : (!cute_nvgpu.sm90.mma, memref<64xf32>, "
                         "memref<8xf16>, !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, "
                         "#cute.layout<(16, 128):(128, 1)>>, memref<64xf32>)\n  return\n")
    at = text.index("(!cute_nvgpu.sm90.mma") + 3
    lines = hover(analyse(text), at).markdown.splitlines()
    assert "**Lattice:** `sm90.wgmma.f16` — M 64, N 8..256 step 8, K 16" in lines


def test_a_shape_outside_the_lattice_names_the_nearest_legal_one():
    lines = card(WGMMA.replace("[64, 128, 16]", "[64, 100, 16]"), "sm90.mma")
    assert ("**Lattice:** `64x100x16` is not a legal shape; nearest legal shape **64x96x16** "
            "(legal: M 64, N 8..256 step 8, K 16).") in lines


# ------------------------------------------------------------------ SM120.mma_bs, CuTe DSL spelling
def test_sm120_block_scaled_card_from_dsl_parameters():
    lines = card(NVFP4, "SM120.mma_bs", arch="sm_120a")
    assert lines[0] == "**`!cute_nvgpu.SM120.mma_bs`** — MMA atoms"
    assert "| Minimum tier | SM120 (hardware gate: sm_120f) |" in lines
    assert "| Target | sm_120a: yes |" in lines
    assert "| Interfaces | BlockScaleAtom, MmaAtom |" in lines
    assert "**As written:** `16x8x64` · e2m1 × e2m1 → f32 · vec_size 16, scales ue4m3" in lines
    # NVFP4: vec 16 with UE4M3 scales is kind::mxf4nvf4 scale_vec::4X (hardware-facts 5).
    assert "**Lattice:** `sm120.m16n8k64.mxf4nvf4.vec16` — M 16, N 8, K 64" in lines
    assert "Fragments per thread of the warp (32 threads):" in lines
    # A: 16*64/32 = 32 e2m1 (4 bits, packed) = 4 b32; B: 8*64/32 = 16 = 2 b32; C: 4 f32.
    assert "| A | e2m1 | rmem | 32 | 4 |" in lines
    assert "| B | e2m1 | rmem | 16 | 2 |" in lines
    assert "| C / D | f32 | rmem | 4 | 4 |" in lines
    assert "| SFA (scale factors) | ue4m3 | rmem | — | 1 |" in lines
    assert "| SFB (scale factors) | ue4m3 | rmem | — | 1 |" in lines
    assert ("mma.sync.aligned.kind::mxf4nvf4.block_scale.scale_vec::4X.m16n8k64.row.col.f32.e2m1.e2m1.f32.ue4m3 "
            "d, a, b, c, sfa, {0, 0}, sfb, {0, 0};") in lines
    assert any(line.startswith("*Lattice row `sm120.m16n8k64.mxf4nvf4.vec16`:*") and "ue4m3" in line
               for line in lines)
    assert any(line.startswith("*Hardware deviation from the spec:*") and "E8M0 scales only" in line
               for line in lines)


def test_an_sm120_mxf4_atom_s_card_says_which_of_the_two_kinds_its_attributes_select():
    """(K 64, vec_size 32, ue8m0) fits kind::mxf4 and kind::mxf4nvf4 scale_vec::2X alike; the
    attributes read as kind::mxf4, the one the preview and the lowering write, and the card says
    that the other has no kernel rather than leave the second PTX line unexplained."""
    lines = card(NVFP4.replace("vec_size = 16", "vec_size = 32").replace("sf_type = f8E4M3FN", "sf_type = f8E8M0FNU"),
                 "SM120.mma_bs", arch="sm_120a")
    assert "**Lattice:** `sm120.m16n8k64.mxf4`, `sm120.m16n8k64.mxf4nvf4.vec32` — M 16, N 8, K 64" in lines
    assert ("*Kind:* these attributes select `kind::mxf4`, which the preview and the lowering write; no attribute "
            "of the atom selects `kind::mxf4nvf4` with these operands (e2m1 × e2m1, ue8m0 scales), so it has no "
            "kernel here.") in lines
    # One kind: no such line.
    assert not any(line.startswith("*Kind:*") for line in card(NVFP4, "SM120.mma_bs", arch="sm_120a"))


# ------------------------------------------------------------------ ldsm
def test_ldsm_card_picks_the_x4_variant():
    lines = card(LDSM, "atom.ldsm")
    assert lines[0] == "**`!cute_nvgpu.atom.ldsm`** — TMEM and copy atoms"
    assert "| Minimum tier | SM75 (hardware gate: sm_75) |" in lines
    assert "| Target | sm_90a: yes |" in lines
    assert "| Interfaces | CopyAtom |" in lines
    assert "| Operand residency | src: smem; dst: rmem |" in lines
    assert "**Copy variant:**" in lines
    # Four 8x8 b16 matrices: 4 b32 registers = 8 b16 elements per lane.
    assert "| `x4` | smem → rmem | 4 | 8 × b16 | yes |" in lines
    assert "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0, %r1, %r2, %r3}, [%smem];" in lines


def test_ldsm_transposed_spelling():
    lines = card("!t = !cute_nvgpu.atom.ldsm<m8n8.x2.trans>\n", "atom.ldsm")
    assert "| `x2.trans` | smem → rmem | 2 | 4 × b16 | yes |" in lines
    assert "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%r0, %r1}, [%smem];" in lines


# ------------------------------------------------------------------ a type the target cannot run
def test_card_of_an_atom_the_target_cannot_run():
    lines = card(UMMA, "sm100.mma", arch="sm_90a")
    assert "| Minimum tier | SM100 (hardware gate: sm_100f, sm_110f) |" in lines
    # check's own words (verify/target.unmet_gate)
    assert ("| Target | sm_90a: **no** — atom `sm100.mma` needs sm_100f (sm_100a/sm_100f/sm_103a/sm_103f) "
            "or sm_110f (sm_110a/sm_110f), but the target is sm_90a (spec minimum tier: SM100) |") in lines
    assert "**Lattice:** `sm100.f16.cta2` — M 128/256, N 16..256 step 16, K 16" in lines
    # tcgen05: one thread issues it, D in tensor memory: no per-thread register fragments.
    assert "| C / D | f32 | tmem | — | — |" in lines
    assert ("tcgen05.mma.cta_group::2.kind::f16.collector::a::discard [d_tmem], a_desc, b_desc, "
            "idesc, enable_d;") in lines
    assert ("tcgen05.mma.cta_group::2.kind::f16.collector::a::discard [d_tmem], [a_tmem], b_desc, "
            "idesc, enable_d;") in lines


def test_the_same_card_on_a_target_that_runs_it():
    assert "| Target | sm_100a: yes |" in card(UMMA, "sm100.mma", arch="sm_100a")


def test_block_scaled_tcgen05_spelling_is_the_same_on_every_target():
    text = UMMA.replace("a_type = f16, b_type = f16, c_type = f32, cta_group = 2",
                        "a_type = f4E2M1FN, b_type = f4E2M1FN, c_type = f32, vec_size = 16, "
                        "sf_type = f8E4M3FN, cta_group = 1").replace("[128, 256, 16]", "[128, 256, 64]") \
        .replace("sm100.mma\n", "sm100.mma_bs\n")
    for arch in ("sm_100a", "sm_100f"):
        assert ("tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16.collector::a::discard "
                "[d_tmem], a_desc, b_desc, idesc, [sfa_tmem], [sfb_tmem], enable_d;") \
            in card(text, "sm100.mma_bs", arch=arch)


def test_rows_with_a_narrower_gate_than_their_atom_say_so():
    text = UMMA.replace("a_type = f16, b_type = f16, c_type = f32, cta_group = 2",
                        "a_type = i8, b_type = i8, c_type = i32, cta_group = 1").replace("[128, 256, 16]", "[128, 64, 32]")
    lines = card(text, "sm100.mma", arch="sm_100f")
    # The atom's gate passes, its lowering does not: the Target row says what check says.
    assert any(line.startswith("| Target | sm_100f: **no** — no PTX for sm_100f: tcgen05.mma (sm100.i8.cta1) "
                               "needs sm_100a only or sm_110a only; target sm_100f does not provide it")
               for line in lines)
    assert any(line.startswith("**Lattice:** `sm100.i8.cta1`") and "(sm_100f: **no** — needs sm_100a only or "
               "sm_110a only)" in line for line in lines)


# ------------------------------------------------------------------ completion
def completions(text: str, arch: str = "sm_90a") -> list:
    cursor = text.index("|")
    text = text.replace("|", "", 1)
    return complete(analyse(text, arch), len(text[:cursor].encode()))


def test_mnemonic_completion_offers_what_the_target_runs():
    text = "func.func @f() {\n  %a = test.make : !cute_nvgpu.|\n  return\n}\n"
    on_sm90a = {c.label: c for c in completions(text)}
    assert "sm90.mma" in on_sm90a and "sm100.mma" not in on_sm90a and "SM120.mma_bs" not in on_sm90a
    # Descriptor types are always offered (flagged when the target lacks them), and i<N>.
    assert {"smem_desc", "smem_desc_view", "tma_descriptor_tiled", "tma_descriptor_im2col", "i4"} <= set(on_sm90a)
    on_sm120a = {c.label: c for c in completions(text, "sm_120a")}
    assert "SM120.mma_bs" in on_sm120a and "sm90.mma" not in on_sm120a
    assert on_sm120a["smem_desc"].detail.endswith("· not available on sm_120a")
    assert on_sm120a["smem_desc"].sort_key > on_sm120a["SM120.mma_bs"].sort_key


def test_attribute_keys_inside_a_make_op():
    text = "%a = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], |} : !cute_nvgpu.sm100.mma_bs\n"
    assert [c.label for c in completions(text)] == ["a_type", "b_type", "c_type", "vec_size", "sf_type", "cta_group"]
    text = "%a = cute_nvgpu.make_mma_atom {|} : !cute_nvgpu.sm90.mma\n"
    assert [c.label for c in completions(text)] == ["shape_MNK", "a_type", "b_type", "c_type"]
    assert completions("func.func @f() {|\n") == []


def test_legal_shapes_after_shape_mnk():
    text = "%a = cute_nvgpu.make_mma_atom {a_type = i8, b_type = i8, c_type = i32, shape_MNK = [|]} : !cute_nvgpu.sm90.mma\n"
    labels = [c.label for c in completions(text)]
    # s8 wgmma: N in {8, 16, 24, 32, 48, ..., 256} (hardware-facts 2), K 32.
    assert labels[:5] == ["64, 8, 32", "64, 16, 32", "64, 24, 32", "64, 32, 32", "64, 48, 32"]
    assert "64, 40, 32" not in labels and len(labels) == 18
    text = "%a = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [|], vec_size = 16} : !cute_nvgpu.SM120.mma_bs\n"
    assert [c.label for c in completions(text)] == ["16, 8, 64"]


def test_hover_on_a_descriptor_view_shows_its_bit_fields():
    from cute_ir.analysis import DocumentAnalysis
    from cute_ir.features.hover import hover

    text = ("func.func @f(%a: !cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, "
            "#cute.layout<(64, 16):(16, 1)>>) {\n  return\n}\n")
    card = hover(DocumentAnalysis("file:///d.ir", text), text.index("smem_desc_view") + 2).markdown
    assert "| `start_address` | 0-13 | unknown |" in card
    assert "| `stride_byte_offset` | 32-45 | 16 (0x10) | 256 bytes between 8-row core-matrix groups |" in card
    assert "| `layout_type` | 62-63 | 3 (0x3) |" in card


def test_hover_on_a_umma_building_op_shows_its_instruction_descriptor():
    from cute_ir.analysis import DocumentAnalysis, Settings
    from cute_ir.features.hover import hover

    text = ("func.func @f() {\n  %u = cute_nvgpu.make_mma_atom {shape_MNK = [128, 256, 16], a_type = f16, "
            "b_type = f16, c_type = f32} : !cute_nvgpu.sm100.mma\n  return\n}\n")
    analysis = DocumentAnalysis("file:///u.ir", text, settings=Settings(target_arch="sm_100a"))
    card = hover(analysis, text.index("make_mma_atom") + 2).markdown
    assert "| `n_dim` | 17-22 | 32 (0x20) | N = 256 |" in card
    assert "| `m_dim` | 24-28 | 8 (0x8) | M = 128 |" in card


TMA_CHAIN = (
    "func.func @load(%tensor: memref<?x?xf16, 1>, %layout: !cute.layout<\"(64,128):(1,64)\">, %m: index,\n"
    "                %tile: !cute.layout<\"S<3,4,3> o 0 o (64,8):(8,1)\">, %cta_map: !cute.layout<\"(64,8):(1,64)\">) {\n"
    "  %desc = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%m, %m) strides(%m) paddings()"
    " {mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled\n"
    "  %atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map"
    " {load_mode = #cute_nvgpu.load_mode<w_multicast>, num_multicast = 2}\n"
    "  %part = cute_nvgpu.atom.tma_partition %atom, %tile, %layout, %cta_map\n"
    "  return\n"
    "}\n"
)


def _hover_at(analysis: DocumentAnalysis, needle: str) -> str:
    text = analysis.document.text
    return hover(analysis, len(text[:text.index(needle)].encode())).markdown


def test_hover_on_tma_atom_and_partition_ops_shows_the_partition_result_and_flags():
    analysis = DocumentAnalysis("file:///tma.ir", TMA_CHAIN, settings=Settings(target_arch="sm_90a"))
    for needle in ("non_exec_tiled_tma_load", "tma_partition"):
        card = _hover_at(analysis, needle)
        assert "| TMA tensor type | `!cute_nvgpu.tma_load<i16, (64,8):(1,64)>` |" in card
        assert "| tile elements | 1024 (SMEM layout size × num_multicast) |" in card
        assert ("| expect_tx | 1024 bytes (16-bit elements): the tile each CTA's shared memory receives; each of the "
                "2 CTAs loads 512 bytes of it and multicasts them to all |") in card
        assert "| swizzle mode | 2 (128B) |" in card
        assert "| flags word | `0x2fc1` |" in card
        assert "`multicast` (0), `static_smem` (6)" in card


def test_the_partition_section_follows_the_op_after_edits_above_it():
    analysis = DocumentAnalysis("file:///tma.ir", TMA_CHAIN, settings=Settings(target_arch="sm_90a"))
    _hover_at(analysis, "tma_partition")   # computed once, then moved by the edit
    analysis.update([(Position(0, 0), Position(0, 0), "// a comment line\n")], 2)
    assert "TMA partition result" in _hover_at(analysis, "tma_partition")
    assert "TMA partition result" not in _hover_at(analysis, "make_tiled_tma_desc")


def test_hover_reads_the_partition_results_verification_found(monkeypatch):
    """The TMA verifier walks a unit once per text and target: the partition section of a hover
    after the diagnostics is what verification found, not a second walk."""
    import cute_ir.verify.tma as tma
    walks = []
    real = tma._Checker.__init__
    monkeypatch.setattr(tma._Checker, "__init__", lambda self, *args: walks.append(1) or real(self, *args))
    analysis = DocumentAnalysis("file:///tma.ir", TMA_CHAIN, settings=Settings(target_arch="sm_90a"))
    analysis.diagnostics()
    assert len(walks) == 1
    assert "| flags word | `0x2fc1` |" in _hover_at(analysis, "tma_partition")
    assert len(walks) == 1
    analysis.update([(Position(6, 0), Position(6, 0), "  // typed\n")], 2)
    analysis.diagnostics()
    assert "| flags word | `0x2fc1` |" in _hover_at(analysis, "tma_partition")
    assert len(walks) == 2


def test_enum_attribute_cases_are_completed_after_the_opening_bracket():
    def labels(text: str) -> list[str]:
        return [c.label for c in complete(DocumentAnalysis("file:///e.ir", text), len(text.encode()))]
    assert labels("%a = x {m = #nv_tileas.mem_semantic<") == ["weak", "relaxed", "acquire", "release", "acq_rel"]
    assert labels("%a = x {m = #nv_tileas.rmw_mode<a")[:1] == ["add"]
    assert labels("%a = x {load_mode = #cute_nvgpu.load_mode<w") == [
        "no_multicast", "two_cta", "w_multicast", "w128_multicast"]
    assert "cg" in labels("%a = x {cache_mode = #cute_nvgpu.load_cache_mode<")
    # The descriptor builder takes its own load modes (the TileAS page's), not all the DSL's.
    assert labels("%d = nv_tileas.make_tiled_tma_desc %t, %l shapes() strides() paddings() "
                  "{mode = #cute_nvgpu.tma_load_mode<") == ["tiled", "im2col", "im2col_at", "tiled_at", "gather4"]
    assert labels("%a = x {mode = #cute_nvgpu.tma_load_mode<") == ["tiled", "im2col", "w128", "w", "gather4"]
    # And its store modes.
    assert labels("%d = nv_tileas.make_tiled_tma_desc %t, %l shapes() strides() paddings() "
                  "{mode = #cute_nvgpu.tma_store_mode<") == ["store", "reduce", "scatter4"]
    assert labels("%a = x {mode = #cute_nvgpu.tma_store_mode<") == ["tiled", "im2col", "scatter4"]
    assert labels("%a = x {m = #cute_nvgpu.unknown_enum<") == []


def test_enum_cases_say_what_they_do_for_the_target_and_the_op():
    def details(text: str, arch: str = "sm_90a") -> dict[str, tuple[str, str]]:
        analysis = DocumentAnalysis("file:///e.ir", text, settings=Settings(target_arch=arch))
        return {c.label: (c.detail, c.sort_key) for c in complete(analysis, len(text.encode()))}
    cache = details("%e = cute_nvgpu.atom.make_exec_tma %a, %m {cache_mode = #cute_nvgpu.load_cache_mode<")
    assert cache["streaming"][0].endswith("L2 evict-first policy")
    assert cache["cg"][0].endswith("L2 evict-normal policy") and cache["none"][0].endswith("no L2 cache hint")
    modes = "%a = cute_nvgpu.atom.non_exec_tiled_tma_load %d, %t, %c {load_mode = #cute_nvgpu.load_mode<"
    assert details(modes, "sm_90")["w_multicast"][0].endswith("multicast only draws a ptxas warning on sm_90")
    assert details(modes, "sm_90a")["w_multicast"][0] == "#cute_nvgpu.load_mode"
    two_cta = details(modes, "sm_90a")["two_cta"]
    assert "a CTA pair needs sm_100f" in two_cta[0] and two_cta[1] > details(modes, "sm_90a")["w128_multicast"][1]
    assert details(modes, "sm_100a")["two_cta"][0] == "#cute_nvgpu.load_mode"
    atoms = details("%t = nv_tileas.async.tiled_tma_store %x, %d coords(%i) {copy_atom = #nv_tileas.copy_atom<")
    assert atoms["tma_store"][0] == "#nv_tileas.copy_atom"
    assert atoms["ldg"][0].endswith("not taken by `nv_tileas.async.tiled_tma_store`")
    assert atoms["tma_store"][1] < min(key for label, (_, key) in atoms.items() if label != "tma_store")
    # A reduce atom's kinds: those its descriptor's elements reduce with first.
    reduce = details("  %d = nv_tileas.make_tiled_tma_desc %t, %l shapes(%m) strides() paddings() "
                     "{mode = #cute_nvgpu.tma_store_mode<reduce>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled\n"
                     "  %a = cute_nvgpu.atom.non_exec_tiled_tma_reduce %d, %s, %v {reduce_kind = #cute_nvgpu.reduce_kind<")
    assert reduce["max"][0] == "#cute_nvgpu.reduce_kind"
    assert reduce["xor"][0].endswith("16-bit elements do not reduce with it")
    assert max(reduce[k][1] for k in ("add", "min", "max")) < min(reduce[k][1] for k in ("inc", "and", "xor"))


def test_op_names_are_completed_from_the_op_records():
    def labels(text: str) -> list[str]:
        return [c.label for c in completions(text)]
    body = "func.func @f() {\n  %s\n  return\n}\n"
    offered = labels(body % "%a = cute_nvgpu.make_|")
    assert offered == ["cute_nvgpu.make_copy_atom", "cute_nvgpu.make_gmma_smem_desc", "cute_nvgpu.make_mma_atom",
                       "cute_nvgpu.make_sm120_mma_bs", "cute_nvgpu.make_tma_desc_im2col",
                       "cute_nvgpu.make_tma_desc_im2col_at", "cute_nvgpu.make_tma_desc_tiled",
                       "cute_nvgpu.make_tma_desc_tiled_at", "cute_nvgpu.make_umma_smem_desc"]
    # Ops without results, results groups, the generic form, other dialects.
    assert "cute_nvgpu.mma" in labels(body % "cute_nvgpu.m|")
    assert labels(body % "%a, %t:2 = nv_tileas.tiled_l|") == ["nv_tileas.tiled_load"]
    assert labels(body % '"nv_tileas.tiled_s|') == ["nv_tileas.tiled_store"]
    assert "scf.for" in labels(body % "scf.f|")
    [mma] = [c for c in completions(body % "cute_nvgpu.mm|") if c.label == "cute_nvgpu.mma"]
    assert mma.detail.startswith("Apply an MMA atom") and "cute_nvgpu.mma %atom, %d, %a, %b, %c" in mma.documentation
    # Not where no op name goes: an empty line, an operand, an attribute key of a make op.
    assert labels(body % "|") == [] and labels(body % "%a = arith.addi %x|") == []
    keys = labels("func.func @f() {\n  %a = cute_nvgpu.make_mma_atom {\n    sh|\n  } : !cute_nvgpu.sm90.mma\n}\n")
    assert "shape_MNK" in keys and not any("." in k for k in keys)


def test_an_op_card_says_what_its_record_notes():
    card = op_card("nv_tileas.copy")
    assert "A memref without a memory space is registers, 3 shared memory, 6 tensor memory" in card
    assert card.index("memory space is registers") < card.index("*Source:*")
