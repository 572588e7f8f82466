"""A TileAS atomic that is a TMA reduction is held to the PTX ISA's table as the TMA reduce atoms
are (issue #30: "`.inc`/`.dec` to 32-bit unsigned only and `.min`/`.max` to no f32").

`lower-tma-load-store-to-async` turns a `tiled_atomic_rmw` with the `tma_redg` copy atom into a
`cp.reduce.async.bulk.tensor` whose element type is its tensor map's; ptxas cannot see that
type, so an f32 `max` assembled and would reduce wrongly on the GPU. `check` now reports the
mode at its `rmw_mode`, and `lower --emit ptx` emits no kernel for it."""
from __future__ import annotations

import pytest

from cute_ir.cli import main
from tests.verify import located_diagnostics

PTX_TABLE = ("the kinds the PTX ISA gives these elements in cp.reduce.async.bulk.tensor, whose element type is "
             "its tensor map's")


def kernel(element: str, mode: str, atom: str = ", copy_atom = #nv_tileas.copy_atom<tma_redg>") -> str:
    view = f"memref<4096x4096x{element}, 1>"
    return (f"func.func @k(%src: {view}, %dst: {view}, %i: index) attributes "
            "{nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {\n"
            f"  %tile, %t = nv_tileas.tiled_load %src coords(%i, %i) offsets() {{tileSize = array<i64: 16, 32>, "
            f"allow_tma = true}} : {view} -> tensor<16x32x{element}>, !nv_tileaa.mem_token\n"
            f"  %old, %r = nv_tileas.tiled_atomic_rmw %tile, %dst coords(%i, %i) offsets() token(%t) {{tileSize = "
            f"array<i64: 16, 32>, rmw_mode = #nv_tileas.rmw_mode<{mode}>, allow_tma = true{atom}}} : {view} -> "
            f"tensor<16x32x{element}>, !nv_tileaa.mem_token\n"
            "  return\n}\n")


def diagnostics(text: str) -> list:
    return located_diagnostics(text, "sm_90a", "file:///reduce.ir")


@pytest.mark.parametrize("element, mode, legal", [
    ("f32", "max", "add"),
    ("f32", "min", "add"),
    ("f32", "and", "add"),
    ("f32", "umax", "add"),
    # A signless i32's tensor map is INT32, which TMA reduces signed: no unsigned maximum.
    ("i32", "umax", "add, max, min, and, or or xor"),
    ("i64", "umin", "add, max, min, and, or or xor"),
])
def test_a_mode_the_elements_do_not_reduce_with_is_an_error_at_rmw_mode(element, mode, legal):
    assert diagnostics(kernel(element, mode)) == [
        ("verify.tma.reduce-kind", f"#nv_tileas.rmw_mode<{mode}>",
         f"a TMA reduction of {element} elements takes {legal}, not {mode}",
         [(f"#nv_tileas.rmw_mode<{mode}>", PTX_TABLE)])]


@pytest.mark.parametrize("element, mode", [
    ("f32", "add"), ("f16", "max"), ("bf16", "min"), ("i32", "max"), ("i32", "xor"),
    ("ui32", "umax"), ("ui32", "umin"), ("ui64", "umax"), ("i64", "add"),
])
def test_what_the_table_gives_the_elements_checks_clean(element, mode):
    assert diagnostics(kernel(element, mode)) == []


def test_elements_tma_cannot_reduce_at_all_are_the_reduce_type_error():
    assert diagnostics(kernel("f64", "add")) == [
        ("verify.tma.reduce-type", "#nv_tileas.rmw_mode<add>", "TMA cannot reduce f64 elements", [])]


def test_an_atomic_that_names_no_atom_is_not_held_to_the_table_but_told_why_it_is_no_tma_reduction():
    # Without the tma_redg atom written, assign-load-store-layouts chooses it only where the table
    # gives the mode to the elements: an f32 max is left as it is, with a remark, not the reduce
    # table's error. Left, it is a per-thread atomic, and neither `red` nor `atom` has an f32
    # max: that is the register path's error (tables/atomics.py).
    text = kernel("f32", "max", atom="")
    [atomic] = [line.strip() for line in text.splitlines() if "tiled_atomic_rmw" in line]
    assert diagnostics(text) == [
        ("lower.not-tma", atomic,
         "this atomic allows TMA but cannot use it: cp.reduce.async.bulk.tensor has no `.max` of f32 (the PTX ISA "
         "gives `.max` to f16, bf16, u32, s32, u64, s64); it gets no copy atom and stays a `tiled_atomic_rmw`", []),
        ("lower.register-tile", atomic,
         "this atomic moves its tile through registers, which it cannot: `red` / `atom` have no `max` of f32 (they "
         "have it for i32, i64, f16, bf16 elements)", [])]


def test_the_async_reduction_is_held_to_the_table_too():
    text = ("func.func @k(%dst: memref<4096x4096xf32, 1>, %tile: tensor<16x32xf32>, %i: index) attributes "
            "{nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {\n"
            '  %box = cute.static : !cute.layout<"(32,16):(1,4096)">\n'
            "  %d = nv_tileas.make_tiled_tma_desc %dst, %box shapes() strides() paddings() {mode = "
            "#cute_nvgpu.tma_store_mode<reduce>, elementBitWidth = 32, tmaIdx = 0 : i32} : !cute_nvgpu.tma_descriptor_tiled\n"
            "  %r = nv_tileas.async.tiled_atomic_rmw %tile, %d coords(%i, %i) {copy_atom = #nv_tileas.copy_atom<tma_redg>, "
            "rmw_mode = #nv_tileas.rmw_mode<max>, tmaIdx = 0 : i32} : !cute_nvgpu.tma_descriptor_tiled -> !nv_tileaa.mem_token\n"
            "  nv_tileas.async.wait\n"
            "  return\n}\n")
    assert diagnostics(text) == [
        ("verify.tma.reduce-kind", "#nv_tileas.rmw_mode<max>", "a TMA reduction of f32 elements takes add, not max",
         [("#nv_tileas.rmw_mode<max>", PTX_TABLE)])]


def test_lower_emits_no_kernel_for_an_f32_max(tmp_path, capsys):
    path = tmp_path / "reduce.ir"
    path.write_text(kernel("f32", "max"))
    assert main(["lower", str(path), "--emit", "ptx", "--arch", "sm_90a"]) == 1
    out, err = capsys.readouterr()
    assert "cp.reduce.async.bulk.tensor" not in out
    assert ("not emitted: `k`: `check` reports an error in it (a TMA reduction of f32 elements takes add, not max)"
            in err)
    path.write_text(kernel("f32", "add"))
    assert main(["lower", str(path), "--emit", "ptx", "--arch", "sm_90a"]) == 0
    assert "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group" in capsys.readouterr().out


@pytest.mark.parametrize("element, code, message", [
    ("f16", "tileas.atomic-rmw.f16-mode", "tiled_atomic_rmw for 16-bit float only supports add, max, min operations"),
    ("i16", "tileas.atomic-rmw.no-16-bit-integer", "tiled_atomic_rmw not supported for 16-bit integer"),
    ("i8", "tileas.atomic-rmw.no-8-bit", "tiled_atomic_rmw not supported for 8-bit types"),
])
def test_narrower_elements_get_the_memop_verifier_s_error_alone(element, code, message):
    # Its rules for them are the table's: one error, the TileAS page's.
    assert [(c, m) for c, _, m, _ in diagnostics(kernel(element, "and"))] == [(code, message)]
