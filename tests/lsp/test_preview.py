"""`cute-ir/ptxPreview`, `cute-ir/descriptorFields` and `cute-ir/documentTarget` against the real server process.

The requests and result shapes are vscode-extension/src/protocol.ts's. Every wait is bounded
(helpers.bounded / wait_for_publish).
"""
from __future__ import annotations

from typing import Any

import pytest
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException

from tests.conftest import REPO
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON

from .helpers import (
    RecordingClient, bounded, change_range, doc_uri, open_and_wait, position_of, range_of,
    wait_for_publish,
)

pytestmark = pytest.mark.asyncio
needs_ptxas = pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)

HOPPER = (REPO / "tests" / "emit" / "fixtures" / "hopper_wgmma.ir").read_text()
WGMMA_OP = ("%wgmma = cute.make_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, "
            "c_type = f32}\n      : !cute_nvgpu.sm90.mma")


async def preview(client: RecordingClient, uri: str, arch: str | None = "sm_90a", **extra):
    params = {"textDocument": {"uri": uri}, **extra}
    if arch is not None:
        params["arch"] = arch
    return await bounded(client.protocol.send_request_async("cute-ir/ptxPreview", params))


async def fields(client: RecordingClient, uri: str, position: lsp.Position):
    params = {"textDocument": {"uri": uri},
              "position": {"line": position.line, "character": position.character}}
    return await bounded(client.protocol.send_request_async("cute-ir/descriptorFields", params))


def _get(obj, key):
    return obj[key] if isinstance(obj, dict) else getattr(obj, key)


def as_tuple(rng) -> tuple[int, int, int, int]:
    start, end = _get(rng, "start"), _get(rng, "end")
    return (_get(start, "line"), _get(start, "character"), _get(end, "line"), _get(end, "character"))


def op_range(text: str, op: str) -> tuple[int, int, int, int]:
    r = range_of(text, op)
    return (r.start.line, r.start.character, r.end.line, r.end.character)


def contains(outer: tuple[int, int, int, int], inner: tuple[int, int, int, int]) -> bool:
    return (outer[0], outer[1]) <= (inner[0], inner[1]) and (inner[2], inner[3]) <= (outer[2], outer[3])


async def test_preview_returns_the_module_and_a_line_map(client: RecordingClient):
    uri = doc_uri("preview")
    await open_and_wait(client, uri, HOPPER)
    result = await preview(client, uri)
    ptx = _get(result, "ptx")
    lines = ptx.split("\n")
    assert ".target sm_90a" in lines
    assert _get(result, "diagnostics") == []
    line_map = [(_get(m, "ptxLine"), as_tuple(_get(m, "range"))) for m in _get(result, "lineMap")]
    assert all(0 <= n < len(lines) for n, _ in line_map)
    wgmma_line = next(n for n, l in enumerate(lines) if "wgmma.mma_async" in l)
    (rng,) = [r for n, r in line_map if n == wgmma_line]
    assert rng == op_range(HOPPER, WGMMA_OP)
    # Every line of that kernel maps into the op, and so does its header comment.
    for n, r in line_map:
        if "@op %wgmma" in lines[n]:
            assert contains(op_range(HOPPER, WGMMA_OP), r)


async def test_preview_follows_edits(client: RecordingClient):
    uri = doc_uri("edits")
    await open_and_wait(client, uri, HOPPER)
    before = _get(await preview(client, uri), "ptx")
    assert "m64n128k16" in before
    change_range(client, uri, 2, lsp.Range(start=position_of(HOPPER, "[64, 128, 16]", into=5),
                                           end=position_of(HOPPER, "[64, 128, 16]", into=8)), "64")
    await wait_for_publish(client, uri, 2)
    after = _get(await preview(client, uri), "ptx")
    assert after != before
    assert "m64n64k16" in after and "m64n128k16" not in after


async def test_preview_reports_atoms_illegal_for_the_arch(client: RecordingClient):
    uri = doc_uri("illegal")
    await open_and_wait(client, uri, HOPPER)
    result = await preview(client, uri, "sm_100a")
    assert ".target sm_100a" in _get(result, "ptx")
    (d,) = _get(result, "diagnostics")
    assert _get(d, "source") == "lower" and _get(d, "severity") == 1
    assert "sm_100a" in _get(d, "message")
    assert as_tuple(_get(d, "range")) == op_range(HOPPER, "!cute_nvgpu.sm90.mma")
    # The published analysis diagnostics are a separate channel: the preview does not touch them.
    assert all(p.uri != uri or all(x.source != "lower" for x in p.diagnostics)
               for p in client.publishes)


async def test_at_the_documents_own_target_the_preview_repeats_no_published_diagnostic(client: RecordingClient):
    """An editor shows the published diagnostics and the preview's: at the target the document
    is checked for, the preview's lowering verdicts are the published ones, sent once."""
    uri = doc_uri("own-target")
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings={"cute-ir": {"targetArch": "sm_100a"}}))
    published = await open_and_wait(client, uri, HOPPER)
    assert [d.code for d in published.diagnostics] == ["verify.target"]      # sm90.mma on sm_100a
    result = await preview(client, uri, arch=None)
    assert ".target sm_100a" in _get(result, "ptx") and list(_get(result, "diagnostics")) == []


async def test_preview_defaults_to_the_server_target_and_rejects_unknown_arches(client: RecordingClient):
    uri = doc_uri("arch")
    await open_and_wait(client, uri, HOPPER)
    result = await preview(client, uri, arch=None)
    assert ".target sm_90a" in _get(result, "ptx")
    with pytest.raises(JsonRpcException, match="unknown target architecture"):
        await preview(client, uri, "sm_99")


async def test_preview_of_a_document_that_is_not_open(client: RecordingClient):
    assert await preview(client, doc_uri("never-opened")) is None


@needs_ptxas
async def test_preview_assemble_runs_ptxas(client: RecordingClient):
    uri = doc_uri("assemble")
    client.set_configuration({"ptxas": {"path": PTXAS}}, section="cute-ir")
    await open_and_wait(client, uri, HOPPER)
    result = await preview(client, uri, "sm_90a", assemble=True)
    assert _get(result, "diagnostics") == []          # the module assembles


async def test_preview_assemble_without_ptxas_says_so(client: RecordingClient):
    uri = doc_uri("no-ptxas")
    client.set_configuration({"ptxas": {"path": "/nonexistent/bin/ptxas"}}, section="cute-ir")
    await open_and_wait(client, uri, HOPPER)
    result = await preview(client, uri, "sm_90a", assemble=True)
    (d,) = _get(result, "diagnostics")
    assert _get(d, "source") == "ptxas" and _get(d, "severity") == 3
    assert "ptxas not found" in _get(d, "message")


async def test_descriptor_fields_of_an_smem_desc_view(client: RecordingClient):
    uri = doc_uri("desc")
    await open_and_wait(client, uri, HOPPER)
    result = await fields(client, uri, position_of(HOPPER, "smem_desc_view", into=3))
    assert "GmmaDescriptor" in _get(result, "title")
    rows = {_get(f, "name"): f for f in _get(result, "fields")}
    assert [(_get(f, "low"), _get(f, "width")) for f in _get(result, "fields")][0] == (0, 14)
    assert _get(rows["start_address"], "value") is None
    assert "unknown at compile time" in _get(rows["start_address"], "meaning")
    assert _get(rows["layout_type"], "value") == 3           # B32, inferred from the 32-byte rows
    assert (_get(rows["leading_byte_offset"], "low"), _get(rows["leading_byte_offset"], "width")) == (16, 14)
    assert _get(rows["stride_byte_offset"], "value") == 16
    # Nothing there: null.
    assert await fields(client, uri, position_of(HOPPER, "%tensor_a")) is None


async def test_descriptor_fields_of_an_sm100_atom(client: RecordingClient):
    text = ("func.func @f() {\n  %u = cute.make_atom : !cute_nvgpu.sm100.mma<128x256x16, "
            "elem_type = (f16, f16, f32), frag_kind = ss>\n  return\n}\n")
    uri = doc_uri("idesc")
    await open_and_wait(client, uri, text)
    result = await fields(client, uri, position_of(text, "%u"))
    assert "InstrDescriptor" in _get(result, "title") and "0x08400010" in _get(result, "title")
    rows = {_get(f, "name"): _get(f, "value") for f in _get(result, "fields")}
    assert rows["m_dim"] == 8 and rows["n_dim"] == 32 and rows["c_format"] == 1


async def test_preview_is_also_a_command(client: RecordingClient):
    uri = doc_uri("preview-command")
    await open_and_wait(client, uri, HOPPER)
    by_request = await preview(client, uri)
    by_command = await bounded(client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="cute-ir.ptxPreview", arguments=[{"textDocument": {"uri": uri}, "arch": "sm_90a"}])))
    assert _get(by_command, "ptx") == _get(by_request, "ptx")
    assert len(_get(by_command, "lineMap")) == len(_get(by_request, "lineMap"))


DECLARED = """gpu.module @kernels [#nvvm.target<chip = "sm_100a">] {
  func.func @k() {
    %a = cute_nvgpu.make_copy_atom : !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>
    return
  }
}
"""


async def test_document_target_says_the_file_declares_it_and_the_preview_follows(client: RecordingClient):
    uri = doc_uri("declared-target")
    published = await open_and_wait(client, uri, DECLARED)
    assert list(published.diagnostics) == []   # checked for sm_100a, not the sm_90a setting
    target = await bounded(client.protocol.send_request_async(
        "cute-ir/documentTarget", {"textDocument": {"uri": uri}}))
    assert (_get(target, "arch"), _get(target, "source")) == ("sm_100a", "file")
    assert as_tuple(_get(target, "range")) == op_range(DECLARED, '"sm_100a"')
    result = await preview(client, uri, arch=None)
    assert ".target sm_100a" in _get(result, "ptx").split("\n")


async def test_document_target_of_a_file_that_declares_none_is_what_its_atoms_need(client: RecordingClient):
    """The client names no target: the WGMMA atom decides sm_90a, and the answer says which
    atom, which op writes it, and where."""
    target, decided = await _inferred_target(client, "inferred-target", HOPPER, "sm_90a")
    assert (_get(decided, "atom"), _get(decided, "op")) == ("sm90.mma", "cute.make_atom")
    line, column = _line_column(HOPPER, HOPPER.index("!cute_nvgpu.sm90.mma"))
    assert as_tuple(_get(decided, "range"))[:2] == (line, column)
    assert _get(target, "reason") == f"inferred from `sm90.mma` at {line + 1}:{column + 1}; the file declares none"


async def _inferred_target(client: RecordingClient, name: str, text: str, arch: str) -> tuple[Any, Any]:
    """`cute-ir/documentTarget` on `text` opened as `name`: inferred as `arch`; the answer and
    its `decidedBy`."""
    uri = doc_uri(name)
    await open_and_wait(client, uri, text)
    target = await bounded(client.protocol.send_request_async(
        "cute-ir/documentTarget", {"textDocument": {"uri": uri}}))
    assert (_get(target, "arch"), _get(target, "source")) == (arch, "inferred")
    return target, _get(target, "decidedBy")


def _line_column(text: str, offset: int) -> tuple[int, int]:
    """0-based line and column of `offset` in `text`, as LSP counts them in ASCII text."""
    return text.count("\n", 0, offset), offset - (text.rfind("\n", 0, offset) + 1)


ALIASED = """!tm = !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>
func.func @k() {
  %a = cute_nvgpu.make_copy_atom : !tm
  return
}
"""


async def test_document_target_decided_in_an_alias_names_the_op_that_writes_it(client: RecordingClient):
    """DSL dumps name their atoms by aliases: the answer points where an op writes the alias,
    as its reason does, not into the alias's definition."""
    target, decided = await _inferred_target(client, "aliased-target", ALIASED, "sm_100a")
    line, column = _line_column(ALIASED, ALIASED.index("!tm", ALIASED.index("make_copy_atom")))
    assert (_get(decided, "atom"), _get(decided, "op")) == ("atom.tmem_load", "cute_nvgpu.make_copy_atom")
    assert as_tuple(_get(decided, "range"))[:2] == (line, column)
    assert as_tuple(_get(target, "range")) == as_tuple(_get(decided, "range"))
    assert _get(target, "reason") == f"inferred from `atom.tmem_load` at {line + 1}:{column + 1}; the file declares none"


async def test_lowered_ir_returns_each_stage_with_a_line_map(client: RecordingClient):
    uri = doc_uri("lowered")
    await open_and_wait(client, uri, HOPPER)
    result = await bounded(client.protocol.send_request_async(
        "cute-ir/loweredIr", {"textDocument": {"uri": uri}, "arch": "sm_90a"}))
    stages = _get(result, "stages")
    # "pass" is a Python keyword: pygls's client objects rename it, so it is read by position.
    assert [s["pass"] if isinstance(s, dict) else s[0] for s in stages] == [
        "assign-load-store-layouts", "lower-tma-load-store-to-async", "attach-tma-descriptor-args", "separate-host-tma",
        "tileas-legalize-tmem-copy", "convert-cute-nvgpu-to-ptx", "cute-nvgpu-erase-dead-atoms"]
    final = _get(result, "text")
    assert final == _get(stages[-1], "text") and "cp.async.bulk.tensor.2d" in final
    assert "%wgmma = " not in final    # built but never applied: erased
    converted = stages[2]
    lines = _get(converted, "text").split("\n")
    mapped = {_get(m, "line"): as_tuple(_get(m, "range")) for m in _get(converted, "lineMap")}
    wgmma = next(n for n, line in enumerate(lines) if "%wgmma = " in line)
    assert mapped[wgmma] == op_range(HOPPER, WGMMA_OP)
    # The IR before the first pass, printed the same way: what the first stage is compared with.
    before = _get(result, "input")
    assert "cute_nvgpu.atom.tma_load" in before and "cp.async.bulk.tensor" not in before


async def test_lowered_ir_prints_only_the_stages_asked_for(client: RecordingClient):
    uri = doc_uri("lowered-stages")
    await open_and_wait(client, uri, HOPPER)

    async def ask(stages: str | None):
        extra = {"stages": stages} if stages is not None else {}
        return await bounded(client.protocol.send_request_async(
            "cute-ir/loweredIr", {"textDocument": {"uri": uri}, "arch": "sm_90a", **extra}))
    every, changed, last = await ask(None), await ask("changed"), await ask("last")
    full = _get(every, "stages")
    # The output and its line map come with every answer, as the last stage printed them.
    for answer in (every, changed, last):
        assert _get(answer, "text") == _get(full[-1], "text")
        assert [as_tuple(_get(m, "range")) for m in _get(answer, "lineMap")] == \
            [as_tuple(_get(m, "range")) for m in _get(full[-1], "lineMap")]
        assert [_get(s, "changed") for s in _get(answer, "stages")] == [_get(s, "changed") for s in full]

    def has_text(stage) -> bool:
        return (stage.get("text") if isinstance(stage, dict) else getattr(stage, "text", None)) is not None
    # "changed": a stage that left the IR as it was carries no text; the others carry theirs.
    for kept, whole in zip(_get(changed, "stages"), full):
        assert has_text(kept) == _get(whole, "changed")
        if has_text(kept):
            assert _get(kept, "text") == _get(whole, "text")
    assert _get(changed, "input") == _get(every, "input")
    # "last": no stage text and no input, only the output.
    assert not any(has_text(s) for s in _get(last, "stages"))
    assert (last.get("input") if isinstance(last, dict) else getattr(last, "input", None)) is None
    with pytest.raises(JsonRpcException):
        await ask("some")


async def test_lowered_ir_at_a_position_shows_the_function_there(client: RecordingClient):
    uri = doc_uri("lowered-function")
    await open_and_wait(client, uri, HOPPER)
    line, character = op_range(HOPPER, WGMMA_OP)[:2]
    result = await bounded(client.protocol.send_request_async(
        "cute-ir/loweredIr", {"textDocument": {"uri": uri}, "arch": "sm_90a",
                              "position": {"line": line, "character": character}}))
    assert _get(result, "scope") == "function"
    shown = as_tuple(_get(result, "range"))
    assert shown[0] <= line <= shown[2] and HOPPER.split("\n")[shown[0]].lstrip().startswith("func.func")
    final = _get(result, "text")
    assert final.lstrip().startswith(("func.func", "!", "#")) and "module" not in final.split("\n")[0]
    assert "cp.async.bulk.tensor.2d" in final
    with pytest.raises(JsonRpcException):
        await bounded(client.protocol.send_request_async(
            "cute-ir/loweredIr", {"textDocument": {"uri": uri}, "position": {"line": -1}}))


async def test_lowered_ir_rejects_a_pipeline_that_does_not_parse(client: RecordingClient):
    uri = doc_uri("lowered-bad")
    await open_and_wait(client, uri, HOPPER)
    with pytest.raises(JsonRpcException) as raised:
        await bounded(client.protocol.send_request_async(
            "cute-ir/loweredIr", {"textDocument": {"uri": uri}, "pipeline": "builtin.module(nope)"}))
    assert "unknown pass `nope`" in str(raised.value)


async def test_lowered_ir_comes_with_the_semantic_tokens_of_its_text_when_asked(client: RecordingClient):
    uri = doc_uri("lowered-tokens")
    await open_and_wait(client, uri, HOPPER)
    plain = await bounded(client.protocol.send_request_async(
        "cute-ir/loweredIr", {"textDocument": {"uri": uri}, "stages": "last"}))
    assert (plain.get("semanticTokens") if isinstance(plain, dict) else getattr(plain, "semanticTokens", None)) is None
    result = await bounded(client.protocol.send_request_async(
        "cute-ir/loweredIr", {"textDocument": {"uri": uri}, "stages": "last", "semanticTokens": True}))
    text, tokens = _get(result, "text"), list(_get(result, "semanticTokens"))
    # The same tokens the server answers for that text opened as a document of its own.
    shown = doc_uri("lowered-tokens-as-a-document")
    await open_and_wait(client, shown, text)
    expected = await bounded(client.text_document_semantic_tokens_full_async(
        lsp.SemanticTokensParams(text_document=lsp.TextDocumentIdentifier(uri=shown))))
    assert tokens == list(expected.data) and len(tokens) > 100
    # The legend is the server's: an op name in the lowered text is a `function` token.
    legend = client.init_result.capabilities.semantic_tokens_provider.legend
    line = col = 0
    kinds = set()
    for n in range(0, len(tokens), 5):
        line += tokens[n]
        col = tokens[n + 1] if tokens[n] else col + tokens[n + 1]
        kinds.add((text.split("\n")[line][col:col + tokens[n + 2]], legend.token_types[tokens[n + 3]]))
    assert ('"llvm.inline_asm"', "function") in kinds       # the op a pass made, named as ops are
