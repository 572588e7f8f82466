"""How a TileAS kernel's register path moves a tile between registers (or `cp.async`'s shared
memory) and a global view it cannot prove aligned or in bounds when compiling
(tables/legality.checked_accesses): each access moves whole where a test when the kernel runs
passes, each element alone, predicated on the view, where it fails; ptxas accepts every form
on sm_90a, sm_100a and sm_120a."""
from __future__ import annotations

import re

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.lowered import lower
from tests.emit.test_tileas_kernel import _kernels, assert_assembles

ARCHS = ["sm_90a", "sm_100a", "sm_120a"]
SPEC = "attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>}"
DYNAMIC = "memref<?x?x{e}, strided<[?, 1]>, 1>"


def _copy(view: str, rows: int, cols: int, element: str, load: str, store: str = "stg", in_bounds: bool = False) -> str:
    bounds = ", in_bounds = array<i1: true, true>" if in_bounds else ""
    tile = f"tensor<{rows}x{cols}x{element}>"
    return (f"func.func @k(%src: {view}, %dst: {view}) {SPEC} {{\n"
            "  %bx = gpu.block_id x\n"
            f"  %c = arith.constant {rows} : index\n"
            "  %m = arith.muli %bx, %c : index\n"
            f"  %t, %l = nv_tileas.tiled_load %src coords(%m, %m) offsets() {{tileSize = array<i64: {rows}, {cols}>"
            f"{bounds}, copy_atom = #nv_tileas.copy_atom<{load}>}} : {view} -> {tile}, !nv_tileaa.mem_token\n"
            f"  %s = nv_tileas.tiled_store %t, %dst coords(%m, %m) offsets() token(%l) {{tileSize = array<i64: {rows}, "
            f"{cols}>{bounds}, copy_atom = #nv_tileas.copy_atom<{store}>}} : {view} -> !nv_tileaa.mem_token\n"
            "  return\n}\n")


# (rows, cols): a thread's chunk of f16 is 16 bytes (.v4.b32) or 8 (.v2.b32) over 128 threads.
@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("dims, vector, mask", [((64, 64), "v4", 15), ((8, 64), "v2", 7)])
def test_an_in_bounds_tile_of_a_dynamic_stride_moves_whole_where_the_run_time_test_proves_it_aligned(
        arch, dims, vector, mask):
    [ptx] = _kernels(_copy(DYNAMIC.format(e="f16"), *dims, "f16", "ldg", in_bounds=True), arch).values()
    chunks = dims[0] * dims[1] * 2 // 128 // (16 if vector == "v4" else 8)
    regs = 4 if vector == "v4" else 2
    operand = r"\{%t\d+_\d+(?:, %t\d+_\d+){" + str(regs - 1) + r"}\}"
    for view, op, access in (("p0_src", "ld", rf"{operand}, \[%g\w+\+0\]"), ("p1_dst", "st", rf"\[%g\w+\+0\], {operand}")):
        # This thread's first address and the runtime row stride, in bytes, multiples of the access.
        test = re.search(rf"  mov\.b64 (%low\d+), %gaddr\d+;\n  or\.b64 \1, \1, %{view}_stride0_bytes;\n"
                         rf"  and\.b64 \1, \1, {mask};\n  setp\.eq\.u64 (%aligned\d+), \1, 0;\n", ptx)
        assert test, view
        whole = re.findall(rf"  @!{test.group(2)} bra (APART_\d+);\n  {op}\.global\.{vector}\.b32 {access};\n"
                           rf"  bra\.uni (WHOLE_\d+);\n  \1:\n", ptx)
        assert len(whole) == chunks, view
    # Where the test fails, each element alone: 16-bit halves, predicated on the runtime extents.
    assert ptx.count("ld.global.b16") == ptx.count("st.global.b16") == dims[0] * dims[1] // 128
    assert_assembles(ptx, arch)


@pytest.mark.parametrize("arch", ARCHS)
def test_a_tile_not_said_in_bounds_moves_each_chunk_whole_that_lies_in_the_view(arch):
    # 64 x 64 f32 over 128 threads: eight 16-byte chunks a thread. A static view: no alignment
    # to test (the static rule's), the chunk's last element (4th f32) in the extents.
    [ptx] = _kernels(_copy("memref<4096x4096xf32, 1>", 64, 64, "f32", "ldg"), arch).values()
    chunk = re.compile(r"  add\.u32 (%ic\d+), %x\d+, %col\d+;\n  add\.u32 \1, \1, (\d+);\n"
                       r"  setp\.lt\.u32 (%in\d+), \1, 4096;\n  add\.u32 (%ir\d+), %x\d+, %row\d+;\n"
                       r"(?:  add\.u32 \4, \4, (\d+);\n)?  setp\.lt\.and\.u32 \3, \4, 4096, \3;\n"
                       r"  @!\3 bra (APART_\d+);\n  (ld|st)\.global\.v4\.b32 [^\n]*;\n  bra\.uni WHOLE_\d+;\n  \6:\n")
    # A row offset of 0 adds nothing: no `add.u32 %ir, %ir, 0;` (an identity, folded away).
    found = [(m.group(7), int(m.group(2)), int(m.group(5) or 0)) for m in chunk.finditer(ptx)]
    # Chunk k of a thread lies 8 rows (512 elements) past chunk k - 1; its last element, column + 3.
    assert found == [(op, 3, 8 * k) for op in ("ld", "st") for k in range(8)]
    assert "%aligned" not in ptx and "and.pred" not in ptx
    assert ptx.count("@%in") == 2 * 32 and ptx.count("ld.global.b32") == ptx.count("st.global.b32") == 32
    assert_assembles(ptx, arch)


@pytest.mark.parametrize("arch", ARCHS)
def test_cp_async_through_a_dynamic_stride_copies_the_chunks_it_proves_aligned_and_the_rest_element_by_element(arch):
    # Once refused by the lowering ("`cp.async` copies whole chunks, and its view's stride is dynamic ...").
    text = _copy(DYNAMIC.format(e="f16"), 64, 64, "f16", "ldgsts")
    assert lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch=arch))).ok
    [ptx] = _kernels(text, arch).values()
    test = re.search(r"  mov\.b64 (%low\d+), %gaddr\d+;\n  or\.b64 \1, \1, %p0_src_stride0_bytes;\n"
                     r"  and\.b64 \1, \1, 15;\n  setp\.eq\.u64 (%aligned\d+), \1, 0;\n", ptx)
    assert test
    # The zero-filling copy of the chunk's bytes in the view (its clamp against the 64-bit
    # runtime extents computed in 64 bits), where aligned.
    copies = re.findall(rf"  @!{test.group(2)} bra (APART_\d+);\n(?:  [^\n]*\n){{6,16}}?"
                        r"  cp\.async\.cg\.shared\.global \[(%saddr\d+)\], \[%g\w+\+0\], 16, %size\d+;\n"
                        r"  bra\.uni WHOLE_\d+;\n  \1:\n", ptx)
    assert len(copies) == 4
    # Elsewhere each of its eight halves: zero, loaded where in the view, stored to its place.
    for _, shared in copies:
        for index in range(8):
            assert re.search(rf"  mov\.b16 (%e\d+), 0;\n  @%in\d+ ld\.global\.b16 \1, \[%g\w+\+{2 * index}\];\n"
                             rf"  st\.shared\.b16 \[{shared}\+{2 * index}\], \1;\n", ptx), (shared, index)
    assert "cp.async.commit_group;\n  cp.async.wait_group 0;\n  bar.sync 0;" in ptx
    assert_assembles(ptx, arch)


def test_eight_bit_elements_through_a_dynamic_stride_are_still_refused_with_the_rule_s_words():
    # An i8 element cannot move alone where the test would fail: the rule refuses it up front.
    text = _copy(DYNAMIC.format(e="i8"), 64, 64, "i8", "ldg", in_bounds=True)
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch="sm_90a")))
    assert [d.message for d in result.diagnostics if d.code == "lower.register-tile"][:1] == [
        "this load moves its tile through registers (the `ldg` copy atom), which it cannot: 8-bit elements are "
        "not moved one at a time here, and its view's stride is dynamic: a 16-byte access is not known to be "
        "aligned to its size when compiling"]


@pytest.mark.parametrize("arch", ARCHS)
def test_a_product_stored_through_a_dynamic_stride_moves_a_register_at_a_time_where_aligned(arch):
    # The matmul example's C tile (mma.sync's placement narrowed to f16 pairs: not the chunks)
    # stored by `stg` into a view of runtime row stride: each 4-byte register whole where this
    # thread's address and the stride are multiples of 4, else its two halves alone.
    from tests.conftest import REPO
    text = (REPO / "examples" / "tileas_matmul.ir").read_text()
    text = text.replace("%c: memref<4096x4096xf16, 1>,", "%c: memref<?x?xf16, strided<[?, 1]>, 1>,").replace(
        "offsets() {tileSize = array<i64: 128, 128>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token",
        "offsets() {tileSize = array<i64: 128, 128>, in_bounds = array<i1: true, true>, copy_atom = "
        "#nv_tileas.copy_atom<stg>} : memref<?x?xf16, strided<[?, 1]>, 1> -> !nv_tileaa.mem_token")
    [ptx] = _kernels(text, arch).values()
    test = re.search(r"  mov\.b64 (%low\d+), %gaddr\d+;\n  or\.b64 \1, \1, %p2_c_stride0_bytes;\n"
                     r"  and\.b64 \1, \1, 3;\n  setp\.eq\.u64 (%aligned\d+), \1, 0;\n", ptx)
    assert test
    whole = re.findall(rf"  @!{test.group(2)} bra (APART_\d+);\n  st\.global\.b32 \[%g\w+\+\d+\], %h\d+_\d+;\n"
                       r"  bra\.uni WHOLE_\d+;\n  \1:\n  mov\.b32 \{%h\d+, %h\d+\}, %h\d+_\d+;\n", ptx)
    # 128 x 128 f16 over 128 threads: 64 registers a thread, each its own test's.
    assert len(whole) == ptx.count("st.global.b32") == 64 and ptx.count("st.global.b16") == 128
    assert_assembles(ptx, arch)


@pytest.mark.parametrize("element", ["i8", "f8E4M3FN", "f8E5M2"])
def test_eight_bit_elements_through_a_dynamic_view_by_tma_are_one_box_of_the_tile_and_assemble(element, tmp_path, capsys):
    """cuTile's `memref<?x?xi8, strided<[?, 1]>>` (and the two f8 formats) by TMA: the box
    depends on the tile alone (64 rows of 128 one-byte elements, 128-byte swizzle), the tensor
    map's extents and strides are the view's at launch, its type UINT8 (the driver's only
    8-bit element type; an f8 is moved as its bytes). `check` is clean and ptxas assembles
    the kernel on each arch. Through registers the same view is refused by name (above)."""
    from cute_ir.cli import main
    view = DYNAMIC.format(e=element)
    text = _copy(view, 64, 128, element, "ldg").replace(
        ", copy_atom = #nv_tileas.copy_atom<ldg>}", ", allow_tma = true}").replace(
        ", copy_atom = #nv_tileas.copy_atom<stg>}", ", allow_tma = true}")
    assert "allow_tma = true}" in text and "copy_atom" not in text
    for arch in ARCHS:
        result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch=arch)))
        assert [d for d in result.diagnostics if d.severity.name == "ERROR"] == []
        [ptx] = _kernels(text, arch).values()
        assert ptx.count("cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes") == 1
        assert ptx.count("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group") == 1
        assert_assembles(ptx, arch)
    path = tmp_path / "k.ir"
    path.write_text(text)
    assert main(["lower", str(path), "--arch", "sm_90a", "--emit", "host"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line for line in lines if line.startswith(("//   data_type", "//   swizzle", "//   box_dims", "//   global_dims"))] == [
        "//   data_type: UINT8", "//   swizzle: 128B", "//   global_dims: runtime: the extents of `%src`",
        "//   box_dims: [128, 64]", "//   data_type: UINT8", "//   swizzle: 128B",
        "//   global_dims: runtime: the extents of `%dst`", "//   box_dims: [128, 64]"]
