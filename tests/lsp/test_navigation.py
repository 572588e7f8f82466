"""Hover, definition, references, rename, outline, folding, semantic tokens, completion, inlay hints."""
from __future__ import annotations

import pytest
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException

from .helpers import (
    RecordingClient, bounded, doc_uri, find, open_and_wait, position_at, position_of, range_of,
    utf16_len,
)

pytestmark = pytest.mark.asyncio

NAV = """\
// 🚀 two functions that both define %x
func.func @first(%arg0: i32, %c: i1) -> i32 {
  %x = arith.addi %arg0, %arg0 : i32
  %mma = test.make : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
  %u = test.make : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
  %s = arith.muli %x, %x : i32
  cf.br ^bb1(%s : i32)
^bb1(%z: i32):
  %t = arith.addi %x, %z : i32
  cf.cond_br %c, ^bb1(%t : i32), ^bb2
^bb2:
  return %x : i32
}
func.func @second(%arg0: i32) -> i32 {
  %x = arith.addi %arg0, %arg0 : i32
  return %x : i32
}
"""
URI = doc_uri("navigation")
SECOND = find(NAV, "func.func @second")
X_DEF = find(NAV, "%x = ")                      # `%x` of @first
X_USES = [find(NAV, "%x", n) for n in (2, 3, 4, 5)]   # its uses (after the comment and definition)
X_SECOND = [find(NAV, "%x", 0, SECOND), find(NAV, "%x", 1, SECOND)]
BB1 = [find(NAV, "^bb1", n) for n in range(3)]


def doc() -> lsp.TextDocumentIdentifier:
    return lsp.TextDocumentIdentifier(uri=URI)


def span(index: int, length: int) -> lsp.Range:
    return lsp.Range(start=position_at(NAV, index), end=position_at(NAV, index + length))


async def opened(client: RecordingClient) -> None:
    published = await open_and_wait(client, URI, NAV)
    assert list(published.diagnostics) == [], "the navigation fixture is meant to be error-free"


async def test_fixture_offsets_point_at_what_they_name():
    assert NAV[X_DEF:X_DEF + 2] == "%x" and all(NAV[i:i + 2] == "%x" for i in X_USES + X_SECOND)
    assert X_USES[-1] < SECOND < X_SECOND[0]
    assert NAV.count("%x") == 1 + 1 + len(X_USES) + len(X_SECOND)   # one more: in the comment


async def test_hover_on_an_atom_type(client: RecordingClient):
    await opened(client)
    hover = await bounded(client.text_document_hover_async(lsp.HoverParams(
        text_document=doc(), position=position_of(NAV, "sm90.mma", into=3))))

    value = hover.contents.value
    assert hover.contents.kind == lsp.MarkupKind.Markdown
    assert value.splitlines()[0] == "**`!cute_nvgpu.sm90.mma`** — MMA atoms"
    assert "| Interfaces | MmaAtom, SmemDescriptorAtom |" in value.splitlines()
    assert "| Minimum tier | SM90 (hardware gate: sm_90a) |" in value.splitlines()
    assert hover.range.start == position_of(NAV, "!cute_nvgpu.sm90.mma")
    assert hover.range.end == position_at(NAV, find(NAV, "frag_kind = ss>") + len("frag_kind = ss>"))


async def test_hover_on_an_ssa_value_shows_its_type(client: RecordingClient):
    await opened(client)
    hover = await bounded(client.text_document_hover_async(lsp.HoverParams(
        text_document=doc(), position=position_at(NAV, X_USES[0] + 1))))

    assert hover.contents.value == "**`%x`** : `i32`\n\nresult of `arith.addi`, defined on line 3; 4 uses"
    assert hover.range == span(X_USES[0], 2)


U_HOVER = ("**`%u`** : `!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>`"
           "\n\nresult of `test.make`, defined on line 5; 0 uses")


async def test_hover_on_an_atom_value_shows_the_atom_type(client: RecordingClient):
    await opened(client)
    hover = await bounded(client.text_document_hover_async(lsp.HoverParams(
        text_document=doc(), position=position_of(NAV, "%u =", into=1))))

    assert hover.contents.value == U_HOVER
    assert hover.range == range_of(NAV, "%u")


async def test_hover_on_the_first_character_of_a_result(client: RecordingClient):
    await opened(client)
    hover = await bounded(client.text_document_hover_async(lsp.HoverParams(
        text_document=doc(), position=position_of(NAV, "%u ="))))

    assert hover is not None
    assert hover.contents.value == U_HOVER


async def test_definition_of_a_use_jumps_to_the_result(client: RecordingClient):
    await opened(client)
    for use in X_USES:
        result = await bounded(client.text_document_definition_async(lsp.DefinitionParams(
            text_document=doc(), position=position_at(NAV, use + 1))))
        assert result == [lsp.Location(uri=URI, range=span(X_DEF, 2))], f"use at {position_at(NAV, use)}"


async def test_definition_stays_in_the_function(client: RecordingClient):
    await opened(client)
    result = await bounded(client.text_document_definition_async(lsp.DefinitionParams(
        text_document=doc(), position=position_at(NAV, X_SECOND[1]))))
    assert result == [lsp.Location(uri=URI, range=span(X_SECOND[0], 2))]


async def test_definition_of_a_block_label(client: RecordingClient):
    await opened(client)
    result = await bounded(client.text_document_definition_async(lsp.DefinitionParams(
        text_document=doc(), position=position_at(NAV, BB1[2] + 2))))
    assert result == [lsp.Location(uri=URI, range=span(BB1[1], 4))]


async def test_references_with_and_without_declaration(client: RecordingClient):
    await opened(client)

    async def refs(include: bool) -> list[lsp.Location]:
        return await bounded(client.text_document_references_async(lsp.ReferenceParams(
            text_document=doc(), position=position_at(NAV, X_USES[2]),
            context=lsp.ReferenceContext(include_declaration=include))))

    assert list(await refs(True)) == [lsp.Location(uri=URI, range=span(i, 2)) for i in [X_DEF] + X_USES]
    assert list(await refs(False)) == [lsp.Location(uri=URI, range=span(i, 2)) for i in X_USES]


async def test_prepare_rename_and_rename_an_ssa_value(client: RecordingClient):
    await opened(client)
    at = position_at(NAV, X_USES[1] + 1)
    prepared = await bounded(client.text_document_prepare_rename_async(lsp.PrepareRenameParams(
        text_document=doc(), position=at)))
    assert prepared == lsp.PrepareRenamePlaceholder(range=span(X_USES[1], 2), placeholder="%x")

    edit = await bounded(client.text_document_rename_async(lsp.RenameParams(
        text_document=doc(), position=at, new_name="%sum")))

    assert list(edit.changes) == [URI]
    edits = list(edit.changes[URI])
    assert edits == [lsp.TextEdit(range=span(i, 2), new_text="%sum") for i in [X_DEF] + X_USES]
    # @second's own `%x` is a different value: no edit touches it.
    assert all(e.range.start.line < position_at(NAV, SECOND).line for e in edits)


async def test_rename_without_sigil_adds_it(client: RecordingClient):
    await opened(client)
    edit = await bounded(client.text_document_rename_async(lsp.RenameParams(
        text_document=doc(), position=position_at(NAV, X_SECOND[0]), new_name="acc")))
    assert list(edit.changes[URI]) == [lsp.TextEdit(range=span(i, 2), new_text="%acc") for i in X_SECOND]


async def test_rename_a_block_label(client: RecordingClient):
    await opened(client)
    edit = await bounded(client.text_document_rename_async(lsp.RenameParams(
        text_document=doc(), position=position_at(NAV, BB1[1] + 1), new_name="^loop")))
    assert list(edit.changes[URI]) == [lsp.TextEdit(range=span(i, 4), new_text="^loop") for i in BB1]


@pytest.mark.parametrize("new_name, message", [
    ("bad name", "`%bad name` is not a valid value name"),
    ("%s", "`%s` is already defined in this function"),
])
async def test_rename_to_an_invalid_name_is_an_error(client: RecordingClient, new_name: str, message: str):
    await opened(client)
    with pytest.raises(JsonRpcException) as caught:
        await bounded(client.text_document_rename_async(lsp.RenameParams(
            text_document=doc(), position=position_at(NAV, X_DEF), new_name=new_name)))
    # RequestFailed with the message as the user should read it (no exception prefix).
    assert (caught.value.code, caught.value.message) == (lsp.LSPErrorCodes.RequestFailed, message)
    # The error is a response, not a crash: the server keeps answering.
    assert client.server_alive()
    again = await bounded(client.text_document_prepare_rename_async(lsp.PrepareRenameParams(
        text_document=doc(), position=position_at(NAV, X_DEF))))
    assert again.placeholder == "%x"


async def test_document_symbols(client: RecordingClient):
    await opened(client)
    symbols = await bounded(client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
        text_document=doc())))

    assert [(s.name, s.kind, s.detail) for s in symbols] == [
        ("@first", lsp.SymbolKind.Function, "func.func"),
        ("@second", lsp.SymbolKind.Function, "func.func"),
    ]
    first = symbols[0]
    assert first.selection_range == range_of(NAV, "@first")
    assert [(c.name, c.kind, c.detail, c.selection_range) for c in first.children] == [
        ("%mma", lsp.SymbolKind.Variable,
         "!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>",
         range_of(NAV, "%mma")),
        ("%u", lsp.SymbolKind.Variable, "!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>",
         range_of(NAV, "%u")),
    ]
    assert symbols[1].children is None


async def test_folding_ranges_cover_function_bodies(client: RecordingClient):
    await opened(client)
    folds = await bounded(client.text_document_folding_range_async(lsp.FoldingRangeParams(
        text_document=doc())))
    lines = {(f.start_line, f.end_line) for f in folds}

    first_open = position_of(NAV, "func.func @first").line
    first_close = position_at(NAV, SECOND - 2).line           # the `}` before @second
    second_open = position_at(NAV, SECOND).line
    second_close = position_at(NAV, len(NAV) - 2).line
    # Folded from the header to the line before the closing brace, which stays visible.
    assert (first_open, first_close - 1) in lines
    assert (second_open, second_close - 1) in lines
    assert all(f.start_line < f.end_line for f in folds)


def decode_tokens(data: list[int], legend: lsp.SemanticTokensLegend) -> list[tuple[int, int, int, str, int]]:
    out, line, char = [], 0, 0
    for i in range(0, len(data), 5):
        delta_line, delta_char, length, type_index, mods = data[i:i + 5]
        line += delta_line
        char = char + delta_char if delta_line == 0 else delta_char
        out.append((line, char, length, legend.token_types[type_index], mods))
    return out


async def test_semantic_tokens_full_are_well_formed(client: RecordingClient):
    await opened(client)
    legend = client.init_result.capabilities.semantic_tokens_provider.legend
    result = await bounded(client.text_document_semantic_tokens_full_async(lsp.SemanticTokensParams(
        text_document=doc())))
    data = result.data

    assert len(data) > 0 and len(data) % 5 == 0
    assert all(0 <= data[i + 3] < len(legend.token_types) for i in range(0, len(data), 5))
    assert all(0 <= data[i + 4] < 2 ** len(legend.token_modifiers) for i in range(0, len(data), 5))
    tokens = decode_tokens(data, legend)
    lines = NAV.split("\n")
    previous_end = (0, 0)
    for line, char, length, _, _ in tokens:
        assert length > 0
        assert char + length <= utf16_len(lines[line]), (line, char, length)
        assert (line, char) >= previous_end, "tokens are sorted and do not overlap"
        previous_end = (line, char + length)

    by_range = {(line, char, length): kind for line, char, length, kind, _ in tokens}
    comment = utf16_len(lines[0])   # the 🚀 counts as two UTF-16 units
    assert by_range[(0, 0, comment)] == "comment"
    mnemonic = position_of(NAV, "sm90.mma")
    assert by_range[(mnemonic.line, mnemonic.character, len("sm90.mma"))] == "type"
    prefix = position_of(NAV, "!cute_nvgpu.sm90")
    assert by_range[(prefix.line, prefix.character, len("!cute_nvgpu."))] == "namespace"
    x = position_at(NAV, X_DEF)
    assert by_range[(x.line, x.character, 2)] == "variable"
    label = position_at(NAV, BB1[1])
    assert by_range[(label.line, label.character, 4)] == "label"


async def test_semantic_tokens_range_is_a_slice_of_full(client: RecordingClient):
    await opened(client)
    legend = client.init_result.capabilities.semantic_tokens_provider.legend
    full = decode_tokens((await bounded(client.text_document_semantic_tokens_full_async(
        lsp.SemanticTokensParams(text_document=doc())))).data, legend)
    rng = lsp.Range(start=lsp.Position(line=3, character=0), end=lsp.Position(line=6, character=0))
    ranged = decode_tokens((await bounded(client.text_document_semantic_tokens_range_async(
        lsp.SemanticTokensRangeParams(text_document=doc(), range=rng)))).data, legend)

    assert ranged, "lines 3-5 hold tokens"
    assert ranged == [t for t in full if 3 <= t[0] < 6]


async def completion_labels(client: RecordingClient, text: str, name: str) -> list[lsp.CompletionItem]:
    uri = doc_uri(name)
    await open_and_wait(client, uri, text)
    end_of_marker = position_at(text, find(text, "⟂"))
    result = await bounded(client.text_document_completion_async(lsp.CompletionParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=end_of_marker)))
    assert isinstance(result, lsp.CompletionList)
    return result.items


def target(client: RecordingClient, arch: str) -> None:
    """Select the target; completion offers only atoms it can run (SM120.mma_bs needs sm_120*)."""
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(
        settings={"cute-ir": {"targetArch": arch}}))


async def test_completion_of_mnemonics_keeps_the_dialect_case(client: RecordingClient):
    target(client, "sm_120a")
    text = "func.func @f() {\n  %a = test.make : !cute_nvgpu.⟂\n  return\n}\n"
    items = await completion_labels(client, text, "complete-mnemonic")
    by_label = {i.label: i for i in items}

    assert "SM120.mma_bs" in by_label and "sm120.mma_bs" not in by_label
    assert "sm80.mma" in by_label and "sm90.mma" not in by_label   # wgmma is sm_90a only
    assert by_label["sm80.mma"].kind == lsp.CompletionItemKind.Class
    cursor = position_at(text, find(text, "⟂"))
    assert by_label["SM120.mma_bs"].text_edit == lsp.TextEdit(
        range=lsp.Range(start=cursor, end=cursor), new_text="SM120.mma_bs")


async def test_completion_replaces_the_partial_mnemonic(client: RecordingClient):
    target(client, "sm_121a")
    text = "func.func @f() {\n  %a = test.make : !cute_nvgpu.SM1⟂\n  return\n}\n"
    items = await completion_labels(client, text, "complete-partial")
    item = next(i for i in items if i.label == "SM120.mma_bs")

    assert item.text_edit == lsp.TextEdit(range=range_of(text, "SM1"), new_text="SM120.mma_bs")


async def test_completion_after_mem_order(client: RecordingClient):
    text = "func.func @f() {\n  %o = test.make : !cute_nvgpu.atom.universal_copy<f16, mem_order=⟂\n  return\n}\n"
    items = await completion_labels(client, text, "complete-enum")
    by_label = {i.label: i for i in items}

    assert "acquire" in by_label
    assert by_label["acquire"].kind == lsp.CompletionItemKind.EnumMember
    assert by_label["acquire"].detail == "memory order"
    assert all(i.kind == lsp.CompletionItemKind.EnumMember for i in items)


async def test_inlay_hint_shows_the_dialect_alias(client: RecordingClient):
    await opened(client)
    end = position_at(NAV, len(NAV))
    hints = await bounded(client.text_document_inlay_hint_async(lsp.InlayHintParams(
        text_document=doc(), range=lsp.Range(start=lsp.Position(line=0, character=0), end=end))))

    assert [(h.label, h.position) for h in hints] == [
        ("≡ %mma_f16_f16_f32_64x128x16", range_of(NAV, "%mma").end),
        ("≡ %mma_f16_f16_f32_16x8x16", range_of(NAV, "%u").end),
    ]
    assert all(h.kind == lsp.InlayHintKind.Type for h in hints)


async def test_completion_of_op_names_replaces_what_is_typed(client: RecordingClient):
    text = "func.func @f() {\n  %a, %t = nv_tileas.tiled_lo⟂\n  return\n}\n"
    items = await completion_labels(client, text, "complete-op-name")
    [item] = items

    assert item.label == "nv_tileas.tiled_load" and item.kind == lsp.CompletionItemKind.Function
    assert item.text_edit == lsp.TextEdit(range=range_of(text, "nv_tileas.tiled_lo"), new_text="nv_tileas.tiled_load")
    assert "nv_tileas.tiled_load" in item.documentation.value
