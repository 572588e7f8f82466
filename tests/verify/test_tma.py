"""TMA verification: exact ranges and whole strings of the partition walk and the descriptor
rules, the partition result and flags word the walk computes, and the TMA enum table."""
from __future__ import annotations

import pytest

from cute_ir.dialects.cute_nvgpu.enums import TMA_ENUMS, tma_enum_case
from cute_ir.dialects.cute_nvgpu.tma_ops import TMA_OPS
from cute_ir.dialects.registry import record
from cute_ir.ir.lift import lift
from cute_ir.syntax import parse
from cute_ir.verify.tma import Flag, partition_of, verify_tma
from tests.verify import located_diagnostics

DESCRIPTOR = "the TMA descriptor is defined here"
ATOM = "the TMA atom is defined here"
GMEM = '!cute.layout<"(64,128):(1,64)">'
SWIZZLED = '!cute.layout<"S<3,4,3> o 0 o (64,8):(8,1)">'
VMAP = '!cute.layout<"(64,8):(1,64)">'


def diagnostics(text: str, arch: str = "sm_90a") -> list[tuple[str, str, str, list[tuple[str, str]]]]:
    return located_diagnostics(text, arch, "file:///tma_test.ir")


def kernel(*lines: str, gmem: str = GMEM, smem: str = SWIZZLED, vmap: str = VMAP) -> str:
    params = (f"%g: {gmem}, %tile: {smem}, %cta_map: {vmap}, %t: memref<?x?xf16, 1>, %m: index, "
              "%mbar: memref<1xi64, 3>, %smem: memref<512xf16, 3>")
    return f"func.func @k({params}) {{\n" + "".join(f"  {line}\n" for line in lines) + "  return\n}\n"


LOAD = "%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %g, %tile, %cta_map"
BUILD = ("%desc = nv_tileas.make_tiled_tma_desc %t, %g shapes(%m, %m) strides(%m) paddings() "
         "{elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled")


def test_a_valid_chain_checks_clean():
    assert diagnostics(kernel(BUILD, "%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map {num_multicast = 1}",
                              "%exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar",
                              "cute_nvgpu.atom.tma_load %exec, %smem, %m")) == []


def test_the_rank_6_type_gate_prints_smem_gmem_and_the_v_map_over_all_three_operands():
    rank6 = '!cute.layout<"(2,2,2,2,2,2):(1,2,4,8,16,32)">'
    got = diagnostics(kernel(LOAD, gmem=rank6, smem=rank6, vmap='!cute.layout<"(2,2):(1,2)">'))
    assert got == [("tma.partition.invalid-operand-types", "%g, %tile, %cta_map",
                    f"invalid operand types, got {rank6}, {rank6}, and !cute.layout<\"(2,2):(1,2)\">",
                    [("%g", DESCRIPTOR)])]


@pytest.mark.parametrize("gmem, smem, vmap, code, under, message", [
    (GMEM, '!cute.tile<"(64,8)">', VMAP, "tma.partition.invalid-smem-layout-type", "%tile",
     'invalid smem layout type, expected LayoutType or ComposedLayoutType, got !cute.tile<"(64,8)">'),
    ('!cute.composed_layout<"S<3,4,3> o 0 o (64,128):(1,64)">', SWIZZLED, VMAP, "tma.partition.unsupported-gmem-layout", "%g",
     'unsupported layout for the GMEM tensor, got !cute.composed_layout<"S<3,4,3> o 0 o (64,128):(1,64)">'),
    ('!cute.layout<"(64,128):(1@0,1@1)">', SWIZZLED, VMAP, "tma.partition.non-integer-strides", "%g, %tile",
     'expected the GMEM and SMEM layouts to have integer stride elements, but got !cute.layout<"(64,128):(1@0,1@1)">, '
     f'and {SWIZZLED}'),
    (GMEM, '!cute.layout<"(64,8):(8,1)">', VMAP, "tma.partition.smem-not-swizzle", "%tile",
     'expected the SMEM layout to be a swizzle layout, but got !cute.layout<"(64,8):(8,1)">'),
    (GMEM, '!cute.layout<"S<3,4,3> o 0 o (64,?):(8,1)">', VMAP, "tma.partition.non-static-layouts", "%tile, %cta_map",
     'expected the SMEM layout and the CTA V-map to be static, but got !cute.layout<"S<3,4,3> o 0 o (64,?):(8,1)">, '
     f'and {VMAP}'),
    (GMEM, SWIZZLED, '!cute.layout<"(32,16):(1,64)">', "tma.partition.shape-mismatch", "%tile, %cta_map",
     'expected top-level shape equivalence between the SMEM layout and the CTA V-map, but got '
     f'{SWIZZLED}, and !cute.layout<"(32,16):(1,64)">'),
    (GMEM, SWIZZLED, '!cute.layout<"(64,8):(1,8192)">', "tma.partition.g-basis-failed", "%g, %tile, %cta_map",
     f'failed to compute the TMA G-basis, got {GMEM}, and !cute.layout<"(64,8):(1,8192)">'),
    (GMEM, SWIZZLED, '!cute.layout<"(64,8):(2,64)">', "tma.partition.invalid-tma-layout", "%g, %tile, %cta_map",
     'Computed TMA layout is invalid, got !cute.layout<"(64,8):(2,64)">'),
])
def test_each_partition_step_has_its_string_and_range(gmem, smem, vmap, code, under, message):
    assert diagnostics(kernel(LOAD, gmem=gmem, smem=smem, vmap=vmap)) == [(code, under, message, [("%g", DESCRIPTOR)])]


def test_cheap_gates_run_before_the_g_basis():
    # Both step 5 (no swizzle) and step 8 (the V-map reaches past GMEM) fail: step 5 is reported.
    got = diagnostics(kernel(LOAD, smem='!cute.layout<"(64,8):(8,1)">', vmap='!cute.layout<"(64,8):(1,8192)">'))
    assert [code for code, *_ in got] == ["tma.partition.smem-not-swizzle"]


def test_step_10_and_the_builder_both_explain_an_element_type_tma_cannot_move():
    build = BUILD.replace("elementBitWidth = 16", "elementBitWidth = 12")
    got = diagnostics(kernel(build, "%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map"))
    assert got == [
        ("verify.tma.descriptor-limit", "12", "TMA descriptor: 12-bit elements have no TMA data type (8, 16, 32, 64)",
         [("%desc", DESCRIPTOR)]),
        ("tma.partition.tensor-type-failed", "cute_nvgpu.atom.non_exec_tiled_tma_load",
         "Failed to construct the TMA tensor type", [("%desc", DESCRIPTOR)]),
    ]


def test_step_11_and_its_companion_land_on_num_multicast_and_only_for_loads():
    multicast = "{load_mode = #cute_nvgpu.load_mode<w_multicast>, num_multicast = 1}"
    assert diagnostics(kernel(f"{LOAD} {multicast}")) == [
        ("tma.partition.invalid-num-multicast", "num_multicast = 1",
         "missing or invalid num_multicast for a multicast TMA load", [("%g", DESCRIPTOR)])]
    assert diagnostics(kernel(f"{LOAD} {{num_multicast = 4}}")) == [
        ("tma.partition.num-multicast-value", "num_multicast = 4", "got num_multicast of 4", [("%g", DESCRIPTOR)])]
    store = "%s = cute_nvgpu.atom.non_exec_tiled_tma_store %g, %tile, %cta_map {num_multicast = 4}"
    assert diagnostics(kernel(store)) == []


def test_a_multicast_load_feeds_at_most_16_ctas():
    """A cluster's multicast mask has 16 bits: more CTAs is the page's invalid num_multicast, with why."""
    def multicast(count: int) -> str:
        return f"{LOAD} {{load_mode = #cute_nvgpu.load_mode<w128_multicast>, num_multicast = {count}}}"
    assert diagnostics(kernel(multicast(17))) == [
        ("tma.partition.invalid-num-multicast", "num_multicast = 17",
         "missing or invalid num_multicast for a multicast TMA load",
         [("num_multicast = 17", "a multicast load feeds at most 16 CTAs (its CTA mask has 16 bits, one a CTA of "
                                 "the cluster), not 17"), ("%g", DESCRIPTOR)])]
    assert diagnostics(kernel(multicast(16))) == []


def test_a_multicast_mode_without_a_count_is_reported_on_the_op():
    got = diagnostics(kernel(f"{LOAD} {{load_mode = #cute_nvgpu.load_mode<w128_multicast>}}"))
    assert got == [("tma.partition.invalid-num-multicast", "cute_nvgpu.atom.non_exec_tiled_tma_load",
                    "missing or invalid num_multicast for a multicast TMA load", [("%g", DESCRIPTOR)])]


@pytest.mark.parametrize("update, under", [
    ('{field = "box_dim", axis = 0}', '"box_dim"'),
    ('{field = "swizzle_mode"}', '"swizzle_mode"'),
    ('{field = "global_stride", axis = 0}', "0"),
])
def test_only_address_dims_and_non_leading_strides_are_device_mutable(update, under):
    text = kernel(BUILD, f"cute_nvgpu.update_tma_desc %desc, %m {update}")
    assert diagnostics(text) == [("tma.descriptor.field-not-mutable", under,
                                  "TMA descriptor field is not device-mutable", [("%desc", DESCRIPTOR)])]


@pytest.mark.parametrize("update", ['{field = "global_address"}', '{field = "global_dim", axis = 0}',
                                    '{field = "global_stride", axis = 2}'])
def test_mutable_fields_check_clean(update):
    assert diagnostics(kernel(BUILD, f"cute_nvgpu.update_tma_desc %desc, %m {update}")) == []


def test_descriptor_limits_use_the_encode_rules():
    wide = '!cute.layout<"(512,4):(1,512)">'
    got = diagnostics(kernel(BUILD, gmem=wide))
    assert got == [("verify.tma.descriptor-limit", "%g", "TMA descriptor: box dimension 0 is 512; it must be between 1 and 256",
                    [("%desc", DESCRIPTOR)])]


@pytest.mark.parametrize("attributes, message", [
    ("elementBitWidth = 32", "`elementBitWidth = 32` does not match the tensor's element type `f16` (16 bits)"),
    ("elementBitWidth = 16, tma_internal_type = i8",
     "`elementBitWidth = 16` does not match its `tma_internal_type` `i8` (8 bits)"),
])
def test_the_element_width_is_that_of_what_the_descriptor_moves(attributes, message):
    # The driver reads the tensor at elementBitWidth's pitch: any width but the moved element's
    # would address the wrong bytes.
    wrong = BUILD.replace("{elementBitWidth = 16}", "{" + attributes + "}")
    under = attributes.split(", ")[0].split(" = ")[1]
    assert diagnostics(kernel(wrong)) == [("verify.tma.descriptor-element-width", under, message, [("%desc", DESCRIPTOR)])]
    bytes_ = kernel(BUILD.replace("{elementBitWidth = 16}", "{elementBitWidth = 8, tma_internal_type = i8}"))
    assert diagnostics(bytes_.replace("memref<?x?xf16, 1>", "memref<?x?xf8E4M3FN, 1>")) == []


def test_shapes_and_strides_give_the_tensor_s_extents_and_outer_strides():
    # cuTensorMapEncodeTiled: rank globalDim entries, rank - 1 globalStrides (the innermost
    # stride is the element size). An empty list leaves them to the memref type.
    wrong = BUILD.replace("shapes(%m, %m) strides(%m)", "shapes(%m, %m, %m) strides(%m, %m)")
    assert diagnostics(kernel(wrong)) == [
        ("verify.tma.descriptor-extents", "%m, %m, %m",
         "a TMA descriptor of a rank-2 tensor takes 2 extents in shapes(...), got 3", [("%desc", DESCRIPTOR)]),
        ("verify.tma.descriptor-extents", "%m, %m",
         "a TMA descriptor of a rank-2 tensor takes 1 stride in strides(...), got 2", [("%desc", DESCRIPTOR)]),
    ]
    assert diagnostics(kernel(BUILD.replace("shapes(%m, %m) strides(%m)", "shapes() strides()"))) == []


def test_barrier_tile_and_coordinate_rules_name_what_is_wrong():
    text = kernel(BUILD, "%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map",
                  "%exec = cute_nvgpu.atom.make_exec_tma %atom, %t",
                  "cute_nvgpu.atom.tma_load %exec, %t, %m")
    got = diagnostics(text)
    assert got == [
        ("verify.tma.mbarrier-memory", "%t", "the mbarrier of make_exec_tma must be in shared memory, got memref<?x?xf16, 1>",
         [("%atom", ATOM)]),
        ("verify.tma.smem-operand", "%t", "the destination of a TMA load must be in shared memory, got memref<?x?xf16, 1>",
         [("%exec", ATOM)]),
    ]


def test_an_executable_atom_is_applied_by_the_op_of_its_kind():
    text = kernel(BUILD, "%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map",
                  "%exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar",
                  "cute_nvgpu.atom.tma_store %exec, %smem, %m")
    assert diagnostics(text) == [
        ("tileas.tma-atom.expect-tma-store", "%exec", "expect a tma_store atom type",
         [("%exec", "the executable atom binds a TMA load atom (`cute_nvgpu.atom.non_exec_tiled_tma_load`); "
                    "`cute_nvgpu.atom.tma_store` applies a store atom"), ("%atom", ATOM)])]


def test_an_im2col_load_s_coordinate_holds_the_tensor_s_coordinates_then_its_offsets():
    conv = kernel("%desc = nv_tileas.make_tiled_tma_desc %t, %g shapes() strides() paddings() "
                  "{mode = #cute_nvgpu.tma_load_mode<im2col>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_im2col",
                  "%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map",
                  "%exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar",
                  "cute_nvgpu.atom.tma_load %exec, %smem, %at",
                  gmem='!cute.layout<"(64,8,4,2):(1,64,512,2048)">').replace(
        "%smem: memref<512xf16, 3>", '%smem: memref<512xf16, 3>, %at: !cute.coord<"(0,0,1,1,0,0)">').replace(
        "%t: memref<?x?xf16, 1>", "%t: memref<?x?x?x?xf16, 1>")
    assert diagnostics(conv) == []
    short = conv.replace('"(0,0,1,1,0,0)"', '"(0,0,1,1)"')
    # The load then has no offsets to bind: it stays as written, and the lowering says so.
    assert diagnostics(short) == [(
        "lower.not-lowered", "cute_nvgpu.atom.tma_load %exec, %smem, %at", "`cute_nvgpu.atom.tma_load` is not lowered: "
        "its operands do not bind to the instruction's constraints: coordinate 4 of a !cute.coord<\"(0,0,1,1)\"> is not "
        "a static `!cute.coord` with that many entries or a `vector<Nxi32>`", []), (
        "verify.tma.coord-rank-im2col", "%at", "a TMA load through an im2col descriptor of rank 4 takes 6 coordinates "
        "(the tensor's, then its 2 im2col offsets), got 4", [("%exec", ATOM)])]


def test_tma_needs_sm_90():
    got = diagnostics(kernel(LOAD), arch="sm_89")
    assert got == [("verify.tma.arch", "cute_nvgpu.atom.non_exec_tiled_tma_load",
                    "TMA needs sm_90 or later, but the target is sm_89", [("%atom", ATOM)])]


def test_enum_attributes_list_their_legal_spellings():
    got = diagnostics(kernel(f"{LOAD} {{load_mode = #cute_nvgpu.load_mode<four>}}"))
    assert got == [("verify.tma.enum", "#cute_nvgpu.load_mode<four>",
                    "unknown load_mode `four`; expected one of no_multicast, two_cta, w_multicast, w128_multicast",
                    [("%atom", ATOM)])]


def test_the_three_spec_enums_have_the_pages_cardinalities_and_values():
    assert [len(TMA_ENUMS[m]) for m in ("load_mode", "store_mode", "reduce_kind")] == [4, 4, 8]
    assert tma_enum_case("load_mode", "2") == "w_multicast"
    assert tma_enum_case("reduce_kind", "7") == "xor"
    assert tma_enum_case("reduce_kind", "8") is None


def test_every_tma_op_is_a_registered_record():
    for op in TMA_OPS:
        assert record(op.name) is op


def test_the_partition_result_and_flags_word_are_computed_for_other_stages():
    text = kernel(BUILD, "%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map "
                         "{load_mode = #cute_nvgpu.load_mode<w_multicast>, num_multicast = 2}",
                  "%part = cute_nvgpu.atom.tma_partition %atom, %tile, %g, %cta_map")
    lifted = lift(parse(text.encode()).tree.root_node)
    verification = verify_tma(lifted, "sm_90a")
    assert verification.diagnostics == []
    func = lifted.operations[0]
    atom = next(op for op in func.walk() if op.name.endswith("non_exec_tiled_tma_load"))
    part = next(op for op in func.walk() if op.name.endswith("tma_partition"))
    result = partition_of(verification, atom)
    assert partition_of(verification, part) == result
    assert result.tile_element_count == 64 * 8 * 2
    assert result.swizzle_mode == 2 and result.rank == 2
    assert result.flags == (Flag.MULTICAST | Flag.STATIC_SMEM | Flag.STATIC_VMAP | Flag.GMEM_INT_STRIDE
                            | Flag.SMEM_INT_STRIDE | Flag.SHAPE_EQUIV | Flag.G_BASIS_OK | Flag.PREFETCH_ELIGIBLE)
    assert result.flags < 1 << 14
    assert result.tensor_type == '!cute_nvgpu.tma_load<i16, (64,8):(1,64)>'


def _result(text: str, op_suffix: str = "non_exec_tiled_tma_load"):
    lifted = lift(parse(text.encode()).tree.root_node)
    verification = verify_tma(lifted, "sm_100a")
    op = next(op for op in lifted.operations[0].walk() if op.name.endswith(op_suffix))
    return verification, partition_of(verification, op)


METADATA = '!cute.layout<"(64,2):(2,1)">'


def sparse_kernel(metadata: str = METADATA, *lines: str) -> str:
    return kernel(BUILD, "%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map, %meta",
                  *lines).replace("%smem: memref<512xf16, 3>", f"%smem: memref<512xf16, 3>, %meta: {metadata}")


def test_a_metadata_operand_sets_the_sparse_bit_on_the_atom_and_its_partitions():
    verification, result = _result(sparse_kernel(METADATA, "%part = cute_nvgpu.atom.tma_partition %atom, %tile, %g, %cta_map"))
    assert verification.diagnostics == []
    assert Flag.SPARSE in result.flags and Flag.S2T_DESCRIPTOR not in result.flags
    # The partition op reads the atom's metadata operand as it reads its modes.
    assert Flag.SPARSE in _result(sparse_kernel(METADATA, "%part = cute_nvgpu.atom.tma_partition %atom, %tile, %g, %cta_map"),
                                  "tma_partition")[1].flags
    # Without one, a tile is dense.
    assert Flag.SPARSE not in _result(kernel(BUILD, "%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map"))[1].flags


def test_the_sparsity_aware_stride_walk_covers_the_metadata_layout():
    bad = '!cute.layout<"(64,2):(1@0,1@1)">'
    got = diagnostics(sparse_kernel(bad))
    assert got == [("tma.partition.non-integer-strides", "%meta",
                    f"expected the GMEM and SMEM layouts to have integer stride elements, but got {GMEM}, {SWIZZLED}, "
                    f"and {bad}", [("%desc", DESCRIPTOR)])]


def test_only_a_load_names_metadata():
    # A store or reduction moves no sparse operand: a fourth operand is not read as metadata.
    text = kernel(BUILD, "%atom = cute_nvgpu.atom.non_exec_tiled_tma_store %desc, %tile, %cta_map, %g")
    assert _result(text, "non_exec_tiled_tma_store")[1] is None


S2T_VIEW = '!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "S<3,4,3> o 0 o (64,8):(8,1)">'


def test_a_tile_viewed_as_an_smem_to_tmem_descriptor_sets_the_s2t_bit():
    text = kernel(BUILD, "%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %view, %cta_map").replace(
        "%smem: memref<512xf16, 3>", f"%smem: memref<512xf16, 3>, %view: {S2T_VIEW}")
    verification, result = _result(text)
    assert verification.diagnostics == []
    assert Flag.S2T_DESCRIPTOR in result.flags and Flag.SPARSE not in result.flags
    assert result.tile_element_count == 64 * 8 and result.swizzle_mode == 2
    # The view's layout is walked as any SMEM layout: without a swizzle, step 5 fails on it.
    plain = text.replace("S<3,4,3> o 0 o (64,8):(8,1)", "(64,8):(8,1)")
    assert [code for code, *_ in diagnostics(plain)] == ["tma.partition.smem-not-swizzle"]


@pytest.mark.parametrize("seed", [1, 2])
def test_edits_to_tma_ops_match_a_fresh_analysis(seed):
    import random

    from cute_ir.analysis import DocumentAnalysis
    from cute_ir.text.positions import Position

    rng = random.Random(seed)
    units = [kernel(BUILD, f"%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map {{num_multicast = {i}}}",
                    "%exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar").replace("@k(", f"@k{i}(") for i in range(1, 6)]
    a = DocumentAnalysis("file:///tma_edit.ir", "".join(units))
    # Edits that make and unmake TMA errors: counts, strides, memory spaces, element widths.
    swaps = [("num_multicast = 1", "num_multicast = 3"), ("(1,64)", "(2,64)"), ("memref<1xi64, 3>", "memref<1xi64, 1>"),
             ("elementBitWidth = 16", "elementBitWidth = 12"), ("S<3,4,3> o 0 o ", "")]
    reported = 0
    for step in range(40):
        lines = a.document.text.split("\n")
        old, new = rng.choice(swaps)
        if rng.random() < 0.5:
            old, new = new, old
        hits = [(i, line.index(old)) for i, line in enumerate(lines) if old in line]
        if not hits:
            continue
        line, col = rng.choice(hits)
        a.update([(Position(line, col), Position(line, col + len(old)), new)], step)
        fresh = DocumentAnalysis("file:///tma_fresh.ir", a.document.text)
        assert sorted((d.span, d.message) for d in a.diagnostics()) == sorted((d.span, d.message) for d in fresh.diagnostics())
        reported += bool(fresh.diagnostics())
    assert reported > 10     # the edits do make TMA errors


def test_a_descriptor_builder_without_its_layout_operand_is_checked_without_an_exception():
    """Found by the edit fuzzer: an empty operand group raised IndexError inside the verifier."""
    text = ("func.func @f(%t: memref<?xf16, 1>) {\n"
            "  %d = nv_tileas.make_tiled_tma_desc %t shapes() strides() paddings() {elementBitWidth = 16}"
            " : !cute_nvgpu.tma_descriptor_tiled\n  return\n}\n")
    assert verify_tma(lift(parse(text.encode()).tree.root_node), "sm_90a").diagnostics == []


@pytest.mark.parametrize("attributes, code, under, message, notes", [
    ("mode = #cute_nvgpu.tma_load_mode<w128>, elementBitWidth = 16", "tileas.tma-desc.unsupported-load-mode",
     "#cute_nvgpu.tma_load_mode<w128>", "unsupported tma load mode 'w128'",
     [("#cute_nvgpu.tma_load_mode<w128>", "a descriptor loads in one of: tiled, im2col, im2col_at, tiled_at, gather4")]),
    ("elementBitWidth = 16, elementStrides = array<i64: 2, 1>", "tileas.tma-desc.element-stride",
     "array<i64: 2, 1>", "only support element_stride = 1 tma desc", []),
    ("elementBitWidth = 8", "tileas.tma-desc.box-dim0-not-16-bytes", "%narrow",
     "tma boxDims[0] * elemTypeBitWidth is not a multiple of 16 bytes", []),
])
def test_the_builders_tileas_rules_land_where_they_are_written(attributes, code, under, message, notes):
    # A (8,8) box of 8-bit elements: the first box dimension moves 8 bytes.
    build = ("%desc = nv_tileas.make_tiled_tma_desc %t, %narrow shapes(%m, %m) strides(%m) paddings() "
             f"{{{attributes}}} : !cute_nvgpu.tma_descriptor_tiled")
    text = kernel(build).replace("%m: index", '%m: index, %narrow: !cute.layout<"(8,8):(1,16)">')
    if code != "tileas.tma-desc.box-dim0-not-16-bytes":
        text = text.replace('"(8,8):(1,16)"', '"(64,8):(1,64)"')
    else:
        text = text.replace("%t: memref<?x?xf16, 1>", "%t: memref<?x?xi8, 1>")
    assert diagnostics(text) == [(code, under, message, notes + [("%desc", DESCRIPTOR)])]


def test_the_builders_own_load_modes_check_clean():
    for mode in ("tiled", "tiled_at", "gather4"):
        assert diagnostics(kernel(BUILD.replace("{elementBitWidth", f"{{mode = #cute_nvgpu.tma_load_mode<{mode}>, elementBitWidth"))) == []


def test_a_dumps_cta_pair_load_bound_from_a_one_cta_atom_is_an_error():
    """The sm100_umma_2cta_multicast dump with one mistake: its B operand's non-exec atom is
    of the one-CTA kind `sm_90`, while its `make_exec_tma` still returns the CTA pair's
    `num_cta = 2` load. The file infers sm_100a, whose gates the pair meets: only the
    binding says what is wrong, at the `make_exec_tma` that makes it."""
    from tests.conftest import REPO
    from cute_ir.analysis import DocumentAnalysis, Settings
    from cute_ir.ir.target import FROM_DEFAULT
    text = (REPO / "tests" / "corpus" / "cutedsl" / "sm100_umma_2cta_multicast" / "raw.mlir").read_text()
    assert text.count("non_exec_tiled_tma_load<sm_100_2sm,") > 1
    mutated = text.replace("non_exec_tiled_tma_load<sm_100_2sm,", "non_exec_tiled_tma_load<sm_90,")
    analysis = DocumentAnalysis("file:///mutated.mlir", mutated, settings=Settings(target_from=FROM_DEFAULT))
    assert analysis.target_arch == "sm_100a"
    errors = [d for d in analysis.diagnostics() if d.severity.name == "ERROR"]
    binder = mutated.index("= cute_nvgpu.atom.make_exec_tma(%arg3)") + 2
    assert [(d.code, d.span.start, d.message) for d in errors] == [
        ("verify.tma.exec-cta-count", len(mutated[:binder].encode()),
         "make_exec_tma binds a TMA load of kind `sm_90`, which loads for one CTA, into an executable atom "
         "that says `num_cta = 2`")]
    assert [r.message for r in errors[0].related] == [ATOM]
