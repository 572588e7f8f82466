"""lower-tma-load-store-to-async (passes/lower_tma_to_async.py): what it rewrites and leaves, its
options and the page's environment switches, and its messages as the editor shows them. The
IR-in / IR-out cases are tests/lit/lower-tma-load-store-to-async.mlir."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import Span
from cute_ir.features.lowered import lower
from cute_ir.passes import DEFAULT_PIPELINE, parse_pipeline
from cute_ir.lowering_facts.tileas import view_strides
from cute_ir.passes.lower_tma_to_async import DELAY_STORE_WAIT_VARIABLE, PREFER_TMA_VARIABLE, LowerTmaLoadStoreToAsync
from cute_ir.syntax.parser import parse

PIPELINE = "builtin.module(lower-tma-load-store-to-async)"
SPEC = "attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} "


def kernel(body: str, spec: str = SPEC) -> str:
    return (f"func.func @k(%view: memref<128x256xf16, 1>, %i: index, %j: index, %tile: tensor<64x128xf16>) {spec}{{\n"
            f"{body}  return\n}}\n")


LOAD = ("  %a = nv_tileas.tiled_load %view coords(%i, %j) offsets() {{tileSize = array<i64: 64, 128>, {allow}"
        "copy_atom = #nv_tileas.copy_atom<tma_load>}} : memref<128x256xf16, 1> -> tensor<64x128xf16>\n")
STORE = ("  %s = nv_tileas.tiled_store %tile, %view coords(%i, %j) offsets() {{tileSize = array<i64: 64, 128>, {allow}"
         "copy_atom = #nv_tileas.copy_atom<tma_store>}} : memref<128x256xf16, 1> -> !nv_tileaa.mem_token\n")


def lowered(text: str, pipeline: str = PIPELINE):
    return lower(DocumentAnalysis("file:///t.ir", text), pipeline)


def test_registered_after_the_atom_choice_in_the_default_pipeline_with_the_page_s_description():
    assert DEFAULT_PIPELINE.startswith("builtin.module(assign-load-store-layouts,lower-tma-load-store-to-async,")
    assert LowerTmaLoadStoreToAsync.description == (
        "lowering TiledLoad or TiledStore which with tma atom to async tiled load or tiled store")


def test_a_load_becomes_an_async_tma_load_with_its_bytes_and_every_stage_parses():
    result = lowered(kernel(LOAD.format(allow="allow_tma = true, ")))
    text = result.stages[0].text
    assert result.ok and result.stages[0].changed
    assert '"nv_tileas.async.tiled_tma_load"' in text and "tx_count = 16384 : i64" in text
    assert "nv_tileas.tiled_load" not in text
    assert not parse(text.encode()).root.has_error


@pytest.mark.parametrize("variable", [PREFER_TMA_VARIABLE])
def test_prefer_tma_from_the_option_or_the_environment(monkeypatch, variable):
    text = kernel(LOAD.format(allow=""))
    assert not lowered(text).stages[0].changed                       # no allow_tma: stays
    assert lowered(text, "builtin.module(lower-tma-load-store-to-async{prefer_tma=true})").stages[0].changed
    monkeypatch.setenv(variable, "1")
    assert lowered(text).stages[0].changed


def test_delay_store_wait_from_the_option_or_the_environment(monkeypatch):
    text = kernel(STORE.format(allow="allow_tma = true, "))
    assert '"nv_tileas.async.wait"() : () -> ()' in lowered(text).stages[0].text
    with_option = "builtin.module(lower-tma-load-store-to-async{delay_store_wait=true})"
    assert '"nv_tileas.async.wait"() {delay} : () -> ()' in lowered(text, with_option).stages[0].text
    monkeypatch.setenv(DELAY_STORE_WAIT_VARIABLE, "true")
    assert '"nv_tileas.async.wait"() {delay} : () -> ()' in lowered(text).stages[0].text


def test_the_options_parse_as_pipeline_text():
    [nested] = parse_pipeline("builtin.module(lower-tma-load-store-to-async{prefer_tma=true delay_store_wait=true})")
    assert nested.elements[0] == LowerTmaLoadStoreToAsync(prefer_tma=True, delay_store_wait=True)


def test_the_missing_kernel_spec_is_on_the_function_header_in_the_editor():
    text = kernel(LOAD.format(allow="allow_tma = true, "), spec="")
    shown = [d for d in DocumentAnalysis("file:///t.ir", text).diagnostics() if d.code.startswith("tileas.lower-tma")]
    header_end = text.index("%a = ")       # up to the first op of its body
    assert [(d.code, d.message, d.span, d.source.value) for d in shown] == [(
        "tileas.lower-tma.missing-kernel-spec",
        "LowerTMALoadStoreToAsync: missing or invalid KernelSpecAttr on function", Span(0, header_end), "lower")]


def test_a_function_without_tma_memops_needs_no_kernel_spec():
    text = kernel(LOAD.format(allow=""), spec="")
    assert not [d for d in DocumentAnalysis("file:///t.ir", text).diagnostics() if d.code.startswith("tileas.lower-tma")]


def test_the_generic_form_with_its_attributes_as_properties_is_lowered_too():
    text = kernel('  %a = "nv_tileas.tiled_load"(%view, %i, %j) <{operandSegmentSizes = array<i32: 1, 2, 0, 0>, '
                  'tileSize = array<i64: 64, 128>, copy_atom = #nv_tileas.copy_atom<tma_load>}> {allow_tma = true} '
                  ': (memref<128x256xf16, 1>, index, index) -> tensor<64x128xf16>\n')
    result = lowered(text)
    assert result.ok and '"nv_tileas.async.tiled_tma_load"' in result.stages[0].text
    assert "copy_atom = #nv_tileas.copy_atom<tma_load>" in result.stages[0].text


def test_its_own_output_read_back_holds_mbarriers_the_kernel_owns():
    """The async loads the pass makes name an mbarrier it reserved: run again on its output,
    the pass finds nothing wrong with them and changes nothing."""
    load = LOAD.format(allow="allow_tma = true, ")
    first = lowered(kernel(load + load.replace("%a =", "%b =")))
    assert first.ok and first.stages[0].changed
    again = lowered(first.stages[0].text)
    assert again.ok and again.diagnostics == [] and not again.stages[0].changed


@pytest.mark.parametrize("view, strides", [
    ("memref<64x32xf16, strided<[?, 1]>, 1>", [None, 1]),
    ("memref<64x32xf16, strided<[32, 1], offset: ?>>", [32, 1]),
    ("memref<64x32xf16>", [32, 1]),
    # Being typed: what is not a stride makes the layout unreadable, not an exception.
    ("memref<64x32xf16, strided<[?%a = , 1]>, 1>", None),
    ("memref<64x32xf16, strided<[3 2, 1]>>", None),
    ("memref<64x32xf16, strided<[1]>>", None),
])
def test_a_views_strides_read_from_its_type(view: str, strides) -> None:
    assert view_strides(view) == strides
