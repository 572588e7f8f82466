"""`workspace/symbol` over every `.ir` / `.mlir` file of the workspace folders
(features/workspace_symbols.py), indexed in the background and kept current.

After `initialized` the workspace folders are walked (in a thread: the walk is system calls)
and each file is read and parsed a slice at a time (`SlicedParse`), with other messages
answered between slices, as the server verifies in the background. The server asks the client
to watch `**/*.{ir,mlir}` (`client/registerCapability`, where the client registers watchers
dynamically; VS Code, Neovim 0.9+) and indexes a file again when it is created or changed,
forgets it when deleted; folders added or removed (`workspace/didChangeWorkspaceFolders`) are
indexed or forgotten. A document that is open is searched as the editor has it, not as saved.

Registered on the server by `from . import workspace_symbols` in server.py.
"""
from __future__ import annotations

import asyncio
import logging
import os
from collections import deque

from lsprotocol import types as lsp
from pygls import uris

from ..features import workspace_symbols as ws
from ..syntax.parser import SlicedParse
from .server import CuteIrServer, server

log = logging.getLogger(__name__)

# Seconds of parsing per slice, and event-loop turns given to other messages between slices.
INDEX_SLICE = 0.005
TURNS_BETWEEN_SLICES = 3
WATCHER_ID = "cute-ir-workspace-files"
WATCHED_GLOB = "**/*.{ir,mlir}"

_KINDS = {
    ws.MODULE: lsp.SymbolKind.Module,
    ws.FUNCTION: lsp.SymbolKind.Function,
    ws.KERNEL: lsp.SymbolKind.Function,
    ws.TYPE_ALIAS: lsp.SymbolKind.TypeParameter,
    ws.ATTRIBUTE_ALIAS: lsp.SymbolKind.Constant,
}


class Indexer:
    """The workspace's symbols on disk, and the files still to (re)index, in order."""

    def __init__(self) -> None:
        self.index = ws.WorkspaceIndex()
        self.pending: deque[str] = deque()
        self.folders: list[str] = []
        self.task: asyncio.Task | None = None
        self.watching: asyncio.Task | None = None     # the watcher registration, kept alive
        # Files left unparsed because the editor has them open (`_index_file`), indexed on close.
        self.while_open: set[str] = set()

    def start(self, ls: CuteIrServer, folders: list[str]) -> None:
        self.folders = folders
        self._run(ls, self._walk_then_index(ls, folders))

    def add_folders(self, ls: CuteIrServer, folders: list[str]) -> None:
        self.folders += [f for f in folders if f not in self.folders]
        self._run(ls, self._walk_then_index(ls, folders))

    def remove_folder(self, folder: str) -> None:
        if folder in self.folders:
            self.folders.remove(folder)
        self.index.remove(folder)
        self.pending = deque(p for p in self.pending if not p.startswith(folder.rstrip(os.sep) + os.sep))

    def changed(self, ls: CuteIrServer, path: str) -> None:
        if path not in self.pending:
            self.pending.append(path)
        self._run(ls, self._index_pending(ls))

    def deleted(self, path: str) -> None:
        self.index.remove(path)

    def _run(self, ls: CuteIrServer, job) -> None:
        """Run `job` after the one running (jobs do not overlap: one parse at a time)."""
        previous = self.task

        async def after() -> None:
            if previous is not None and not previous.done():
                try:
                    await previous
                except Exception:    # a failed job is logged by its own wrapper
                    pass
            await job

        self.task = asyncio.get_running_loop().create_task(after())

    async def _walk_then_index(self, ls: CuteIrServer, folders: list[str]) -> None:
        try:
            found = await asyncio.to_thread(ws.workspace_files, folders)
        except OSError as error:
            log.warning("could not list the workspace's files: %s", error)
            found = []
        self.pending.extend(p for p in found if p not in self.pending)
        await self._index_pending(ls)

    async def _index_pending(self, ls: CuteIrServer) -> None:
        while self.pending:
            path = self.pending.popleft()
            try:
                await self._index_file(ls, path)
            except Exception:   # one unreadable or odd file must not stop the index
                log.exception("indexing %s for workspace symbols failed", path)

    def _left_while_open(self, ls: CuteIrServer, path: str) -> bool:
        """Whether the editor has `path` open; then it is searched as the editor has it
        (`_open_documents`), and parsing it from disk as well is left until it is closed: a
        large file's tree beside its open analysis was the server's peak (docs/benchmarks.md)."""
        if any(_path(uri) == path for uri in ls.analyses):
            self.while_open.add(path)
            return True
        return False

    def closed(self, ls: CuteIrServer, uri: str) -> None:
        path = _path(uri)
        if path in self.while_open:
            self.while_open.discard(path)
            self.changed(ls, path)

    async def _index_file(self, ls: CuteIrServer, path: str) -> None:
        if self._left_while_open(ls, path):
            return
        try:
            if os.path.getsize(path) > ws.MAX_FILE_BYTES:
                self.index.remove(path)
                return
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            self.index.remove(path)           # gone (or unreadable) since it was listed
            return
        parse = SlicedParse(data)
        while True:
            await ls.background_turn()
            if (tree := parse.advance(INDEX_SLICE)) is not None:
                break
            for _ in range(TURNS_BETWEEN_SLICES):
                await asyncio.sleep(0)
            if self._left_while_open(ls, path):   # opened meanwhile
                return
        await ls.background_turn()
        if self._left_while_open(ls, path):
            return
        self.index.set(path, ws.symbols_of(tree.root_node, ws.positions_in(data, ls.encoding())))
        for _ in range(TURNS_BETWEEN_SLICES):
            await asyncio.sleep(0)


INDEXER = Indexer()


def _folders(ls: CuteIrServer) -> list[str]:
    try:
        folders = list(ls.workspace.folders.values())
    except RuntimeError:
        return []
    paths = [uris.to_fs_path(f.uri) for f in folders]
    if not paths and ls.workspace.root_uri:
        paths = [uris.to_fs_path(ls.workspace.root_uri)]
    return [p for p in paths if p and os.path.isdir(p)]


async def _watch_files(ls: CuteIrServer) -> None:
    caps = ls.client_capabilities.workspace
    watched = caps.did_change_watched_files if caps is not None else None
    if watched is None or not watched.dynamic_registration:
        return
    try:
        await ls.client_register_capability_async(lsp.RegistrationParams(registrations=[lsp.Registration(
            id=WATCHER_ID, method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=lsp.DidChangeWatchedFilesRegistrationOptions(
                watchers=[lsp.FileSystemWatcher(glob_pattern=WATCHED_GLOB)]))]))
    except Exception as error:   # a client that refuses keeps an index of the files at startup
        log.info("the client did not watch %s: %s", WATCHED_GLOB, error)


def start_indexing(ls: CuteIrServer) -> None:
    """On `initialized`: index the workspace's IR files in the background, and watch them."""
    INDEXER.start(ls, _folders(ls))
    INDEXER.watching = asyncio.get_running_loop().create_task(_watch_files(ls))


server.initialized_hooks.append(start_indexing)
server.closed_hooks.append(INDEXER.closed)


def _path(uri: str) -> str:
    """A document's path, or its URI when it has none."""
    return (uris.to_fs_path(uri) if uri.startswith("file:") else uri) or uri


def _open_documents(ls: CuteIrServer) -> dict[str, list[ws.WorkspaceSymbol]]:
    """The symbols of every open document, as the editor has it, by path (or URI)."""
    out: dict[str, list[ws.WorkspaceSymbol]] = {}
    for uri, analysis in list(ls.analyses.items()):
        tree = analysis.fresh_tree()
        if tree is None:
            continue
        out[_path(uri)] = ws.symbols_of(tree.root_node, analysis.document.position)
    return out


def _uri(path: str) -> str:
    return path if "://" in path or path.startswith("untitled:") else uris.from_fs_path(path) or path


@server.feature(lsp.WORKSPACE_SYMBOL, lsp.WorkspaceSymbolOptions(resolve_provider=False))
def on_workspace_symbol(ls: CuteIrServer, params: lsp.WorkspaceSymbolParams):
    found = INDEXER.index.matches(params.query, _open_documents(ls))
    return [lsp.WorkspaceSymbol(
        name=symbol.name, kind=_KINDS[symbol.kind],
        container_name=" ".join(filter(None, (symbol.kind if symbol.kind == ws.KERNEL else "", symbol.container))) or None,
        location=lsp.Location(uri=_uri(path), range=lsp.Range(
            start=lsp.Position(line=symbol.selection.start.line, character=symbol.selection.start.character),
            end=lsp.Position(line=symbol.selection.end.line, character=symbol.selection.end.character))))
        for path, symbol in found]


@server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def on_watched_files(ls: CuteIrServer, params: lsp.DidChangeWatchedFilesParams) -> None:
    for change in params.changes:
        path = uris.to_fs_path(change.uri)
        if not path:
            continue
        if change.type == lsp.FileChangeType.Deleted:
            INDEXER.deleted(path)
        elif ws.is_indexed_path(path) and any(path.startswith(f.rstrip(os.sep) + os.sep) for f in INDEXER.folders):
            INDEXER.changed(ls, path)


@server.feature(lsp.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
def on_workspace_folders(ls: CuteIrServer, params: lsp.DidChangeWorkspaceFoldersParams) -> None:
    for folder in params.event.removed:
        path = uris.to_fs_path(folder.uri)
        if path:
            INDEXER.remove_folder(path)
    added = [p for p in (uris.to_fs_path(f.uri) for f in params.event.added) if p and os.path.isdir(p)]
    if added:
        INDEXER.add_folders(ls, added)
