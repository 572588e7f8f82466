"""Published and pulled diagnostics: verbatim messages, exact ranges, versions, incremental edits."""
from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from .helpers import (
    RecordingClient, Shape, apply_edit, bounded, change_range, doc_uri, find, open_and_wait, position_at,
    position_of, pull_diagnostics, range_of, rng_tuple, shapes, utf16_len, wait_for_publish,
)

pytestmark = pytest.mark.asyncio

UNKNOWN_TYPE = "unknown  type `{}` in dialect `cute_nvgpu`"   # two spaces after "unknown", as MLIR prints it

BOGUS = """\
func.func @kernel(%arg0: i32) {
  %a = test.make : !cute_nvgpu.bogus
  return
}
"""


def unknown_type(text: str, mnemonic: str, occurrence: int = 0) -> Shape:
    """The expected unknown-type diagnostic on the `occurrence`-th `!cute_nvgpu.<mnemonic>`."""
    prefix = "!cute_nvgpu."
    at = find(text, prefix + mnemonic, occurrence) + len(prefix)
    rng = lsp.Range(start=position_at(text, at), end=position_at(text, at + len(mnemonic)))
    return Shape(UNKNOWN_TYPE.format(mnemonic), rng_tuple(rng), lsp.DiagnosticSeverity.Error, "types")


async def test_unknown_type_is_published_verbatim_at_the_mnemonic(client: RecordingClient):
    uri = doc_uri("bogus")
    published = await open_and_wait(client, uri, BOGUS, version=7)

    assert published.version == 7
    assert len(published.diagnostics) == 1
    d = published.diagnostics[0]
    assert d.message == "unknown  type `bogus` in dialect `cute_nvgpu`"
    assert d.severity == lsp.DiagnosticSeverity.Error
    assert d.source == "types"
    # The mnemonic `bogus` on line 1, right after the `!cute_nvgpu.` prefix.
    line = BOGUS.split("\n")[1]
    start = line.index("!cute_nvgpu.bogus") + len("!cute_nvgpu.")
    assert d.range == lsp.Range(start=lsp.Position(line=1, character=start),
                                end=lsp.Position(line=1, character=start + len("bogus")))


async def test_fixing_the_type_publishes_an_empty_list_with_the_new_version(client: RecordingClient):
    uri = doc_uri("fix")
    first = await open_and_wait(client, uri, BOGUS, version=1)
    assert shapes(first.diagnostics) == [unknown_type(BOGUS, "bogus")]

    change_range(client, uri, 2, range_of(BOGUS, "bogus"), "sm90.mma")
    fixed = await wait_for_publish(client, uri, 2)

    assert fixed.version == 2
    assert list(fixed.diagnostics) == []
    assert await pull_diagnostics(client, uri) == []


async def test_incremental_edits_keep_the_diagnostic_range(client: RecordingClient):
    """Multi-line inserts, multi-line deletions and UTF-16 surrogate pairs before the error."""
    uri = doc_uri("incremental")
    text = BOGUS
    version = 1
    await open_and_wait(client, uri, text, version)

    async def edit(rng: lsp.Range, new_text: str) -> lsp.PublishDiagnosticsParams:
        nonlocal text, version
        version += 1
        text = apply_edit(text, rng, new_text)
        change_range(client, uri, version, rng, new_text)
        return await wait_for_publish(client, uri, version)

    # 1. A multi-line insert above the function: the error moves down three lines.
    top = lsp.Position(line=0, character=0)
    published = await edit(lsp.Range(start=top, end=top),
                           "// 🚀 launch notes\n%k = arith.constant 1 : i32\n%l = arith.constant 2 : i32\n")
    assert shapes(published.diagnostics) == [unknown_type(text, "bogus")]
    assert published.diagnostics[0].range.start.line == 4

    # 2. An attribute holding two emoji (two surrogate pairs each) before the type, on the
    #    error's own line: the error's character shifts by UTF-16 units, not bytes.
    before_colon = position_at(text, find(text, " : !cute_nvgpu.bogus"))
    published = await edit(lsp.Range(start=before_colon, end=before_colon), ' {note = "🚀🛰"}')
    expected = unknown_type(text, "bogus")
    assert shapes(published.diagnostics) == [expected]
    error_line = text.split("\n")[expected.range[0]]
    byte_column = len(error_line[:error_line.index("bogus")].encode("utf-8"))
    assert expected.range[1] == byte_column - 4, "each emoji is 4 UTF-8 bytes but 2 UTF-16 units"

    # 3. An edit *after* the emoji on the same line, addressed in UTF-16 units: rename the type.
    published = await edit(range_of(text, "bogus"), "bogus_v2")
    assert shapes(published.diagnostics) == [unknown_type(text, "bogus_v2")]

    # 4. A multi-line deletion: remove the two constants inserted in step 1.
    start = position_at(text, find(text, "%k = "))
    end = position_at(text, find(text, "func.func"))
    published = await edit(lsp.Range(start=start, end=end), "")
    assert shapes(published.diagnostics) == [unknown_type(text, "bogus_v2")]
    assert published.diagnostics[0].range.start.line == 2

    # 5. A multi-line insert inside the function, before the error's line, with a second error.
    at = position_at(text, find(text, "  %a = "))
    published = await edit(lsp.Range(start=at, end=at),
                           "  %z = test.make : !cute_nvgpu.zz_top\n  // ✨ more ✨\n")
    assert shapes(published.diagnostics) == [unknown_type(text, "zz_top"), unknown_type(text, "bogus_v2")]

    # 6. A deletion spanning the end of one line and the start of the next (joins two lines).
    join_from = position_at(text, find(text, "\n  // ✨"))
    join_to = position_at(text, find(text, "// ✨"))
    published = await edit(lsp.Range(start=join_from, end=join_to), "  ")
    assert shapes(published.diagnostics) == [unknown_type(text, "zz_top"), unknown_type(text, "bogus_v2")]

    # The incrementally maintained analysis agrees with a fresh analysis of the same text.
    assert published.version == version
    fresh = await open_and_wait(client, doc_uri("incremental-fresh"), text)
    assert shapes(fresh.diagnostics) == shapes(published.diagnostics)
    assert shapes(await pull_diagnostics(client, uri)) == shapes(published.diagnostics)


async def test_pull_diagnostics_return_the_published_items(client: RecordingClient):
    text = BOGUS.replace("  return\n", "  %c = test.make : !cute_nvgpu.atom.universal_copy<f16, 127 b>\n"
                                       "  \"cute_nvgpu.frobnicate\"() : () -> ()\n  return\n")
    uri = doc_uri("pull")
    published = await open_and_wait(client, uri, text)
    pulled = await pull_diagnostics(client, uri)

    assert len(pulled) == 3
    assert pulled == list(published.diagnostics)


async def test_pull_diagnostics_of_an_unopened_document_are_empty(client: RecordingClient):
    assert await pull_diagnostics(client, doc_uri("never-opened")) == []


async def test_mnemonics_are_case_sensitive(client: RecordingClient):
    text = """\
func.func @bs() {
  %good = test.make : !cute_nvgpu.SM120.mma_bs
  %bad = test.make : !cute_nvgpu.sm120.mma_bs
  return
}
"""
    published = await open_and_wait(client, doc_uri("case"), text)

    assert shapes(published.diagnostics) == [unknown_type(text, "sm120.mma_bs")]
    assert published.diagnostics[0].message == "unknown  type `sm120.mma_bs` in dialect `cute_nvgpu`"
    assert published.diagnostics[0].range.start.line == 2


async def test_unknown_custom_op(client: RecordingClient):
    text = """\
func.func @ops() {
  %f = cute_nvgpu.frobnicate : i32
  return
}
"""
    published = await open_and_wait(client, doc_uri("custom-op"), text)

    assert shapes(published.diagnostics) == [Shape(
        "custom op 'cute_nvgpu.frobnicate' is unknown",
        rng_tuple(range_of(text, "cute_nvgpu.frobnicate")), lsp.DiagnosticSeverity.Error, "types")]


async def test_unregistered_generic_op(client: RecordingClient):
    text = """\
func.func @ops() {
  "cute_nvgpu.frobnicate"() : () -> ()
  return
}
"""
    published = await open_and_wait(client, doc_uri("generic-op"), text)

    assert shapes(published.diagnostics) == [Shape(
        "unregistered operation 'cute_nvgpu.frobnicate' found in dialect ('cute_nvgpu') "
        "that does not allow unknown operations",
        rng_tuple(range_of(text, '"cute_nvgpu.frobnicate"')), lsp.DiagnosticSeverity.Error, "types")]


async def test_known_cute_nvgpu_op_has_no_diagnostic(client: RecordingClient):
    # A well-formed WGMMA atom on the default target (sm_90a).
    text = """\
func.func @ops() {
  %atom = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32} : !cute_nvgpu.sm90.mma
  return
}
"""
    published = await open_and_wait(client, doc_uri("known-op"), text)
    assert list(published.diagnostics) == []


async def test_universal_copy_bit_width_diagnostic_sits_on_the_parameter(client: RecordingClient):
    text = """\
func.func @copy() {
  %ok = test.make : !cute_nvgpu.atom.universal_copy<f16, 128 b>
  %c = test.make : !cute_nvgpu.atom.universal_copy<f16, 127 b, mem_order=acquire>
  return
}
"""
    published = await open_and_wait(client, doc_uri("copy-width"), text)

    assert shapes(published.diagnostics) == [Shape(
        "copy bit width must be a power of two, got 127",
        rng_tuple(range_of(text, "127 b")), lsp.DiagnosticSeverity.Error, "types")]
    assert utf16_len("127 b") == published.diagnostics[0].range.end.character \
        - published.diagnostics[0].range.start.character


async def test_the_lowering_pipelines_warning_is_published_and_follows_edits(client: RecordingClient):
    """An atom the lowering has no instruction for: the pipeline runs on the edited function and
    its warning comes and goes with the edit that specifies the atom."""
    from tests.passes.test_pipeline_on_edit import NOT_LOWERED, SPECIFIED, UNDER_SPECIFIED
    uri = doc_uri("pipeline-warning")
    published = await open_and_wait(client, uri, UNDER_SPECIFIED)
    [warning] = published.diagnostics
    assert (warning.message, warning.severity, warning.source, warning.code) == (
        NOT_LOWERED, lsp.DiagnosticSeverity.Warning, "lower", "lower.not-lowered")
    assert warning.range == range_of(UNDER_SPECIFIED, UNDER_SPECIFIED.split("\n")[2].strip())

    written = "%g = cute.make_atom : !cute_nvgpu.sm90.mma"
    change_range(client, uri, 2, range_of(UNDER_SPECIFIED, written), SPECIFIED)
    assert list((await wait_for_publish(client, uri, 2)).diagnostics) == []


async def test_a_pass_error_on_a_tileas_copy_is_published_and_cleared_by_the_fixing_edit(client: RecordingClient):
    """tileas-legalize-tmem-copy runs on the edited function: its verbatim error at the copy,
    with the rule that failed as related information, goes once the tile has 128 lanes."""
    text = """\
gpu.module @k [#nvvm.target<chip = "sm_100a">] {
  func.func @f(%acc: memref<100x32xf32, 6>, %frag: memref<100x32xf32>) {
    nv_tileas.copy %acc, %frag : memref<100x32xf32, 6>, memref<100x32xf32>
    return
  }
}
"""
    uri = doc_uri("tmem-copy")
    published = await open_and_wait(client, uri, text)
    [error] = published.diagnostics
    copy = text.split("\n")[2].strip()
    assert (error.message, error.severity, error.source, error.code) == (
        "failed to infer register layout from tmem layout", lsp.DiagnosticSeverity.Error, "lower",
        "tileas.tmem-copy.register-layout")
    assert error.range == range_of(text, copy)
    assert [r.message for r in error.related_information] == [
        "the tensor-memory tile has 100 lanes: each warp reaches 32 of the 128, so 32, 64, 96 or 128"]

    fixed = text.replace("100x32", "128x32")
    change_range(client, uri, 2, range_of(text, text[text.index("func.func"):text.index("  }\n}")]),
                 fixed[fixed.index("func.func"):fixed.index("  }\n}")])
    assert list((await wait_for_publish(client, uri, 2)).diagnostics) == []


async def test_a_load_that_allows_tma_but_cannot_gets_a_remark_and_its_hover_says_why(client: RecordingClient):
    """assign-load-store-layouts runs on the edited function: an information remark on the load,
    the same rule in its hover; widening the view's rows to 16-byte multiples makes it TMA."""
    text = """\
func.func @k(%v: memref<128x12xf16, 1>, %i: index) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %a = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 128, 8>, allow_tma = true} : memref<128x12xf16, 1> -> tensor<128x8xf16>
  return
}
"""
    uri = doc_uri("not-tma")
    published = await open_and_wait(client, uri, text)
    [remark] = published.diagnostics
    assert (remark.severity, remark.source, remark.code) == (lsp.DiagnosticSeverity.Information, "lower", "lower.not-tma")
    assert remark.message.startswith("this load allows TMA but cannot use it: its tensor map breaks a rule of "
                                     "cuTensorMapEncodeTiled: global stride 1 is 24 bytes")
    hover = await bounded(client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=position_of(text, "nv_tileas.tiled_load", into=3))))
    assert "- **not TMA**: its tensor map breaks a rule of cuTensorMapEncodeTiled: global stride 1 is 24 bytes" \
        in hover.contents.value

    fixed = text.replace("128x12xf16", "128x16xf16")
    change_range(client, uri, 2, range_of(text, text), fixed)
    assert list((await wait_for_publish(client, uri, 2)).diagnostics) == []
    hover = await bounded(client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=position_of(fixed, "nv_tileas.tiled_load", into=3))))
    assert "- becomes `nv_tileas.async.tiled_tma_load`" in hover.contents.value
    assert "kernel argument `%tma_host0`" in hover.contents.value


async def test_editing_an_attribute_alias_verifies_its_users_again(client: RecordingClient):
    """A load's `tileSize = #tile` is checked against what `#tile` stands for, and an edit of
    the alias's line alone makes the load's error appear and go."""
    text = """\
#tile = array<i64: 64, 128>
func.func @k(%v: memref<128x128xf16, 1>, %i: index) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
  %a = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = #tile, allow_tma = true} : memref<128x128xf16, 1> -> tensor<64x128xf16>
  return
}
"""
    uri = doc_uri("attribute-alias")
    assert list((await open_and_wait(client, uri, text)).diagnostics) == []
    wrong = text.replace("64, 128>", "64, 64>", 1)
    change_range(client, uri, 2, range_of(text, "128>"), "64>")
    expected = Shape("requires the same size for tileSize and tensor",
                     rng_tuple(range_of(wrong, "#tile", occurrence=1)), lsp.DiagnosticSeverity.Error, "verify")
    assert shapes((await wait_for_publish(client, uri, 2)).diagnostics) == [expected]
    change_range(client, uri, 3, range_of(wrong, "64>"), "128>")
    assert list((await wait_for_publish(client, uri, 3)).diagnostics) == []
