"""Workspace symbols through a real client: the workspace's `.ir` / `.mlir` files are indexed in
the background after `initialized`, matched fuzzily, kept current by file-change
notifications and by what open documents say; the server asks the client to watch the files."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import client_capabilities

from tests.conftest import REPO

from .helpers import CONFIG, RecordingClient, bounded, change_whole, close_document, end_session, open_and_wait, wait_until

pytestmark = pytest.mark.asyncio

KERNEL = ("gpu.module @kernels {\n"
          "  gpu.func @gemm_mainloop(%a: i32) kernel {\n    gpu.return\n  }\n"
          "  func.func @helper() {\n    return\n  }\n"
          "}\n"
          "!desc_b = i32\n")


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "kernel.ir").write_text(KERNEL, encoding="utf-8")
    shutil.copy(REPO / "tests" / "corpus" / "cutedsl" / "sm90_tma_store_reduce" / "raw.mlir", tmp_path / "dump.mlir")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "skip.ir").write_text("func.func @hidden_fn() {\n  return\n}\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("func.func @not_ir()", encoding="utf-8")
    return tmp_path


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient, workspace: Path):
    params = lsp.InitializeParams(capabilities=client_capabilities("visual-studio-code"),
                                  workspace_folders=[lsp.WorkspaceFolder(uri=workspace.as_uri(), name="ws")])
    lsp_client.init_result = await bounded(lsp_client.initialize_session(params))
    yield
    await end_session(lsp_client)


async def _symbols(client: RecordingClient, query: str) -> list[lsp.WorkspaceSymbol]:
    return await bounded(client.workspace_symbol_async(lsp.WorkspaceSymbolParams(query=query))) or []


async def _wait_for(client: RecordingClient, query: str, name: str, present: bool = True) -> list:
    import asyncio

    for _ in range(200):
        found = await _symbols(client, query)
        if any(s.name == name for s in found) == present:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"{name} {'never appeared' if present else 'never went'} for {query!r}")


async def test_the_workspace_is_indexed_in_the_background(client: RecordingClient, workspace: Path):
    assert client.init_result.capabilities.workspace_symbol_provider
    found = await _wait_for(client, "gemm", "@gemm_mainloop")
    [gemm] = [s for s in found if s.name == "@gemm_mainloop"]
    assert gemm.kind == lsp.SymbolKind.Function and gemm.container_name == "kernel @kernels"
    assert gemm.location.uri == (workspace / "src" / "kernel.ir").as_uri()
    assert gemm.location.range == lsp.Range(start=lsp.Position(line=1, character=11),
                                            end=lsp.Position(line=1, character=25))
    everything = await _wait_for(client, "", "@kernels")
    names = {s.name for s in everything}
    assert {"@kernels", "@gemm_mainloop", "@helper", "!desc_b", "!memref_gmem_f32"} <= names
    assert "@hidden_fn" not in names and "@not_ir" not in names
    kinds = {s.name: s.kind for s in everything}
    assert (kinds["@kernels"], kinds["!desc_b"]) == (lsp.SymbolKind.Module, lsp.SymbolKind.TypeParameter)
    dsl = [s for s in everything if s.name.startswith("@kernel_cutlass_store_reduce")]
    assert dsl and dsl[0].container_name == "kernel @kernels"


async def test_matching_is_fuzzy_best_first(client: RecordingClient):
    await _wait_for(client, "gemm", "@gemm_mainloop")
    assert [s.name for s in await _symbols(client, "gmml")] == ["@gemm_mainloop"]
    # any name with the query's letters in order matches (as VS Code's filter does), the
    # closest first; the sigil and case do not matter
    assert [s.name for s in await _symbols(client, "@HELP")][0] == "@helper"
    assert [s.name for s in await _symbols(client, "desc")][0] == "!desc_b"
    assert await _symbols(client, "zzzq") == []


async def test_the_server_asks_the_client_to_watch_the_ir_files(client: RecordingClient):
    def registered():
        return next((r for r in client.registrations if r.method == lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES), None)
    registration = await wait_until(client, registered, "the watcher registration")
    options = registration.register_options
    watchers = options["watchers"] if isinstance(options, dict) else options.watchers
    patterns = [w["globPattern"] if isinstance(w, dict) else w.glob_pattern for w in watchers]
    assert patterns == ["**/*.{ir,mlir}"]


async def test_file_changes_keep_the_index_current(client: RecordingClient, workspace: Path):
    await _wait_for(client, "gemm", "@gemm_mainloop")
    added = workspace / "src" / "new.mlir"
    added.write_text("func.func @freshly_added() {\n  return\n}\n", encoding="utf-8")
    (workspace / "src" / "kernel.ir").write_text(KERNEL.replace("@gemm_mainloop", "@gemm_renamed"), encoding="utf-8")
    client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
        lsp.FileEvent(uri=added.as_uri(), type=lsp.FileChangeType.Created),
        lsp.FileEvent(uri=(workspace / "src" / "kernel.ir").as_uri(), type=lsp.FileChangeType.Changed)]))
    await _wait_for(client, "freshly", "@freshly_added")
    found = await _wait_for(client, "gemm", "@gemm_renamed")
    assert "@gemm_mainloop" not in {s.name for s in found}
    added.unlink()
    client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
        lsp.FileEvent(uri=added.as_uri(), type=lsp.FileChangeType.Deleted)]))
    await _wait_for(client, "freshly", "@freshly_added", present=False)


async def test_an_open_document_is_searched_as_the_editor_has_it(client: RecordingClient, workspace: Path):
    await _wait_for(client, "gemm", "@gemm_mainloop")
    uri = (workspace / "src" / "kernel.ir").as_uri()
    await open_and_wait(client, uri, KERNEL)
    change_whole(client, uri, 2, KERNEL.replace("@helper", "@typed_not_saved"))
    found = await _wait_for(client, "typed", "@typed_not_saved")
    [typed] = [s for s in found if s.name == "@typed_not_saved"]
    assert typed.location.uri == uri
    assert "@helper" not in {s.name for s in await _symbols(client, "helper")}
    unsaved = "file:///nowhere/untitled.ir"
    await open_and_wait(client, unsaved, "func.func @only_in_the_editor() {\n  return\n}\n")
    [only] = [s for s in await _symbols(client, "only_in") if s.name == "@only_in_the_editor"]
    assert only.location.uri == unsaved


async def test_a_file_the_editor_has_open_is_read_from_disk_when_it_is_closed(client: RecordingClient, workspace: Path):
    """An open document is searched as the editor has it, so the index does not parse its file
    meanwhile (a large file's tree beside its open analysis was the server's peak memory); it
    reads the file once the editor closes it."""
    await _wait_for(client, "gemm", "@gemm_mainloop")
    kernel = workspace / "src" / "kernel.ir"
    uri = kernel.as_uri()
    await open_and_wait(client, uri, KERNEL)
    kernel.write_text(KERNEL.replace("@helper", "@saved_while_open"), encoding="utf-8")
    client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
        lsp.FileEvent(uri=uri, type=lsp.FileChangeType.Changed)]))
    await _wait_for(client, "helper", "@helper")          # the editor's text
    close_document(client, uri)
    await _wait_for(client, "saved", "@saved_while_open")
    assert "@helper" not in {s.name for s in await _symbols(client, "helper")}


async def test_the_index_leaves_an_open_file_unparsed_until_it_is_closed(workspace: Path, monkeypatch):
    from cute_ir.analysis import DocumentAnalysis
    from cute_ir.lsp import server as server_module, workspace_symbols as indexing

    path = str(workspace / "src" / "kernel.ir")
    ls = server_module.CuteIrServer()
    ls.analyses[(workspace / "src" / "kernel.ir").as_uri()] = DocumentAnalysis(
        (workspace / "src" / "kernel.ir").as_uri(), KERNEL)
    indexer = indexing.Indexer()
    parsed = []
    monkeypatch.setattr(indexing, "SlicedParse", lambda data: parsed.append(data))

    await indexer._index_file(ls, path)
    assert parsed == [] and path in indexer.while_open and path not in indexer.index.files
