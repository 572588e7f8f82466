"""Target-arch settings (initializationOptions, didChangeConfiguration, workspace/configuration)
and stale-work cancellation of diagnostics publishes."""
from __future__ import annotations

import asyncio

import pytest
import pytest_lsp
from lsprotocol import types as lsp

from cute_ir.tables.tiers import EDITOR_TARGETS

from .helpers import (
    CONFIG, TIMEOUT, RecordingClient, Shape, apply_edit, bounded, change_range, doc_uri, end_session,
    find, open_and_wait, position_at, publishes_for, rng_tuple, shapes, start_session,
    wait_for_message, wait_for_publish,
)

pytestmark = pytest.mark.asyncio

COMPLETE = "func.func @f() {\n  %a = test.make : !cute_nvgpu.\n  return\n}\n"
CURSOR = position_at(COMPLETE, find(COMPLETE, "!cute_nvgpu.") + len("!cute_nvgpu."))

# The completion detail of each atom: "<family> · <tier text>". Only atoms the target can run are
# offered (an atom the target lacks is absent from the list).
SM90_MMA = "MMA atoms · SM90 (hardware gate: sm_90a)"
SM100_MMA = "MMA atoms · SM100 (hardware gate: sm_100f, sm_110f)"


def session(initialization_options=None, configuration=None):
    """A `cute-ir serve` session initialised with the given options / workspace configuration."""
    @pytest_lsp.fixture(config=CONFIG)
    async def fixture(lsp_client: RecordingClient):
        if configuration is not None:
            lsp_client.set_configuration(configuration)
        await start_session(lsp_client, initialization_options)
        yield
        await end_session(lsp_client)
    return fixture


client_sm100a = session({"targetArch": "sm_100a"})
client_sm90a = session({"targetArch": "sm_90a"})
client_bad_arch = session({"targetArch": "sm_42"})
client_configured = session(configuration={"cute-ir": {"targetArch": "sm_100a"}})


async def details(client: RecordingClient, uri: str = doc_uri("complete")) -> dict[str, str]:
    if uri not in client.diagnostics:
        await open_and_wait(client, uri, COMPLETE)
    result = await bounded(client.text_document_completion_async(lsp.CompletionParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=CURSOR)))
    return {item.label: item.detail for item in result.items}


def unknown_arch_warning(arch: str, kept: str) -> str:
    return (f"cute-ir: unknown target arch `{arch}`; keeping {kept}. "
            f"Expected `auto` or one of {', '.join(EDITOR_TARGETS)}.")


async def test_default_target_is_sm_90a(client: RecordingClient):
    found = await details(client)
    assert found["sm90.mma"] == SM90_MMA
    assert "sm100.mma" not in found


async def test_initialization_options_select_sm_100a(client_sm100a: RecordingClient):
    found = await details(client_sm100a)
    # wgmma (sm90.mma) assembles for sm_90a only; sm_100a has the sm_100f family features.
    assert "sm90.mma" not in found
    assert found["sm100.mma"] == SM100_MMA
    assert client_sm100a.messages == []


def _field(result, name: str):
    """A field of a custom request's result (pygls gives an object or a dict)."""
    return result[name] if isinstance(result, dict) else getattr(result, name)


async def test_a_chosen_target_applies_to_a_file_that_declares_none(client_sm100a: RecordingClient):
    """The setting beats what the file's atoms need (a WGMMA atom would infer sm_90a)."""
    uri = doc_uri("setting-target")
    await open_and_wait(client_sm100a, uri, COMPLETE)
    target = await bounded(client_sm100a.protocol.send_request_async(
        "cute-ir/documentTarget", {"textDocument": {"uri": uri}}))
    assert (_field(target, "arch"), _field(target, "source")) == ("sm_100a", "setting")


async def test_auto_leaves_each_file_its_own_target(client_sm100a: RecordingClient):
    uri = doc_uri("auto-target")
    await open_and_wait(client_sm100a, uri, "func.func @f() {\n  return\n}\n")
    client_sm100a.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(
        settings={"cute-ir": {"targetArch": "auto"}}))
    target = await bounded(client_sm100a.protocol.send_request_async(
        "cute-ir/documentTarget", {"textDocument": {"uri": uri}}))
    assert (_field(target, "arch"), _field(target, "source")) == ("sm_90a", "default")
    assert client_sm100a.messages == []


async def test_initialization_options_select_sm_90a(client_sm90a: RecordingClient):
    found = await details(client_sm90a)
    assert found["sm90.mma"] == SM90_MMA
    assert "sm100.mma" not in found and "SM120.mma_bs" not in found


async def test_offered_atoms_keep_the_dispatch_order(client_sm100a: RecordingClient):
    await open_and_wait(client_sm100a, doc_uri("sort"), COMPLETE)
    result = await bounded(client_sm100a.text_document_completion_async(lsp.CompletionParams(
        text_document=lsp.TextDocumentIdentifier(uri=doc_uri("sort")), position=CURSOR)))
    by_label = {i.label: i for i in result.items}
    assert by_label["sm100.mma"].sort_text < by_label["sm100.mma_sp"].sort_text < by_label["atom.tmem_load"].sort_text


async def test_did_change_configuration_switches_the_target(client: RecordingClient):
    uri = doc_uri("switch")
    opened = await open_and_wait(client, uri, COMPLETE)
    assert (await details(client, uri))["sm90.mma"] == SM90_MMA
    before = len(client.publishes)

    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(
        settings={"cute-ir": {"targetArch": "sm_100a"}}))
    assert "sm90.mma" not in await details(client, uri)
    # Open documents are re-published under the new settings (same version: the text did not change).
    republished = await wait_for_publish(client, uri, 1, after=before)
    assert republished.diagnostics == opened.diagnostics

    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(
        settings={"cute-ir": {"targetArch": "sm_90a"}}))
    assert (await details(client, uri))["sm90.mma"] == SM90_MMA
    assert client.messages == []


async def test_unknown_arch_in_configuration_warns_and_keeps_the_target(client: RecordingClient):
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(
        settings={"cute-ir": {"targetArch": "sm_42"}}))
    message = await wait_for_message(client, lambda m: "sm_42" in m.message)

    assert message.type == lsp.MessageType.Warning
    assert message.message == unknown_arch_warning("sm_42", "sm_90a")
    assert (await details(client))["sm90.mma"] == SM90_MMA


async def test_unknown_arch_in_initialization_options_warns(client_bad_arch: RecordingClient):
    message = await wait_for_message(client_bad_arch, lambda m: "sm_42" in m.message)

    assert message.type == lsp.MessageType.Warning
    assert message.message == unknown_arch_warning("sm_42", "sm_90a")
    assert (await details(client_bad_arch))["sm90.mma"] == SM90_MMA


async def test_workspace_configuration_is_requested_and_applied(client_configured: RecordingClient):
    client = client_configured
    # The server asks for the `cute-ir` section after `initialized`.
    request = await bounded(_first_configuration_request(client))
    assert [item.section for item in request.items] == ["cute-ir"]

    # The answer is applied asynchronously: poll (bounded) until completion reflects it.
    loop = asyncio.get_running_loop()
    deadline = loop.time() + TIMEOUT
    offered = await details(client)
    while "sm90.mma" in offered and loop.time() < deadline:
        offered = await details(client)
    assert "sm90.mma" not in offered and offered["sm100.mma"] == SM100_MMA


UNREGISTERED = 'func.func @f() {\n  "foo.bar"() : () -> ()\n  return\n}\n'
NOT_FOUND = ("operation being parsed with an unregistered dialect. If this is intended, please use "
             "-allow-unregistered-dialect with the MLIR tool used")


async def test_unregistered_dialects_are_accepted_until_the_setting_says_no(client: RecordingClient):
    """`allowUnregisteredDialect`: true by default (mlir-opt --allow-unregistered-dialect);
    false reports an op of a dialect cute-ir has no records for, in mlir-opt's words."""
    uri = doc_uri("unregistered")
    opened = await open_and_wait(client, uri, UNREGISTERED)
    assert list(opened.diagnostics) == []
    before = len(client.publishes)
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(
        settings={"cute-ir": {"allowUnregisteredDialect": False}}))
    republished = await wait_for_publish(client, uri, 1, after=before)
    assert [d.message for d in republished.diagnostics] == [NOT_FOUND]
    # Another setting leaves it as it is; the target arch stays the default.
    before = len(client.publishes)
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(
        settings={"cute-ir": {"allowUnregisteredDialect": True}}))
    assert list((await wait_for_publish(client, uri, 1, after=before)).diagnostics) == []
    assert (await details(client))["sm90.mma"] == SM90_MMA


async def _first_configuration_request(client: RecordingClient) -> lsp.ConfigurationParams:
    while not client.configuration_requests:
        client.arrived.clear()
        await client.arrived.wait()
    return client.configuration_requests[0]


# ---------------------------------------------------------------------- cancellation
TYPED = "abcdefghijklmnopqrst"          # 20 keystrokes, one didChange each


async def type_rapidly(client: RecordingClient, uri: str) -> tuple[dict[int, str], int]:
    """Open a document, then send one didChange per character of TYPED without waiting.

    Returns the text of every version and the index of the first publish after the open."""
    text = "func.func @f() {\n  %a = test.make : !cute_nvgpu.\n  return\n}\n"
    await open_and_wait(client, uri, text, version=1)
    first_change = len(client.publishes)
    texts = {1: text}
    insert_at = find(text, "!cute_nvgpu.") + len("!cute_nvgpu.")
    for n, ch in enumerate(TYPED):
        version = n + 2
        at = position_at(text, insert_at + n)
        rng = lsp.Range(start=at, end=at)
        text = apply_edit(text, rng, ch)
        texts[version] = text
        change_range(client, uri, version, rng, ch)      # no waiting between keystrokes
    return texts, first_change


def expected_after_typing(texts: dict[int, str], version: int) -> list[Shape]:
    t = texts[version]
    word = TYPED[:version - 1]
    at = find(t, "!cute_nvgpu.") + len("!cute_nvgpu.")
    rng = lsp.Range(start=position_at(t, at), end=position_at(t, at + len(word)))
    return [Shape(f"unknown  type `{word}` in dialect `cute_nvgpu`", rng_tuple(rng),
                  lsp.DiagnosticSeverity.Error, "types")]


async def test_rapid_changes_publish_the_final_version_last(client: RecordingClient):
    uri = doc_uri("rapid")
    texts, first_change = await type_rapidly(client, uri)
    last_version = len(TYPED) + 1

    final = await wait_for_publish(client, uri, last_version, after=first_change)

    assert shapes(final.diagnostics) == expected_after_typing(texts, last_version)
    assert shapes(await pull_after_all(client, uri)) == expected_after_typing(texts, last_version)
    # The pull above was a round trip: any stale publish would have arrived before its answer.
    assert publishes_for(client, uri)[-1] is final, "nothing is published after the final version"
    published = [p for p in client.publishes[first_change:] if p.uri == uri]
    versions = [p.version for p in published]
    # Each publish describes the text of the version it carries, versions never go back, and
    # at most one publish per change.
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    assert all(shapes(p.diagnostics) == expected_after_typing(texts, p.version) for p in published)
    assert 1 <= len(published) <= len(TYPED)


async def test_superseded_publishes_are_cancelled(client: RecordingClient):
    uri = doc_uri("rapid-cancel")
    texts, first_change = await type_rapidly(client, uri)
    final = await wait_for_publish(client, uri, len(TYPED) + 1, after=first_change)
    assert shapes(final.diagnostics) == expected_after_typing(texts, len(TYPED) + 1)

    published = [p for p in client.publishes[first_change:] if p.uri == uri]
    assert len(published) < len(TYPED), f"{len(published)} publishes for {len(TYPED)} changes"


async def pull_after_all(client: RecordingClient, uri: str) -> list[lsp.Diagnostic]:
    report = await bounded(client.text_document_diagnostic_async(lsp.DocumentDiagnosticParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri))))
    return list(report.items)
