"""Shared pieces of the end-to-end language-server tests.

Every wait here is bounded: pytest-lsp's own waits block forever, so each helper wraps
them (or its own waits) in `asyncio.wait_for(..., TIMEOUT)`.
"""
from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Awaitable, Callable, TypeVar

from lsprotocol import types as lsp
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

# The real server process, started exactly as an editor would (`python -m cute_ir.cli serve`).
SERVER_COMMAND = [sys.executable, "-m", "cute_ir.cli", "serve"]

# Seconds any single wait may take before the test fails instead of hanging: a bound on a
# hang, not a figure (the PTX preview's request runs ptxas, and took over 10 s on a machine
# whose two cores ran several test suites at once).
TIMEOUT = 30.0

if TYPE_CHECKING:
    from cute_ir.analysis import DocumentAnalysis
    from cute_ir.lsp.server import CuteIrServer

T = TypeVar("T")


class RecordingClient(LanguageClient):
    """pytest-lsp's client, plus an ordered record of every publish and showMessage."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.publishes: list[lsp.PublishDiagnosticsParams] = []
        self.configuration_requests: list[lsp.ConfigurationParams] = []
        self.registrations: list[lsp.Registration] = []
        self.init_result: lsp.InitializeResult | None = None
        # Each `$/progress` as it came: (token, kind, how many publishes had come before it).
        self.progress_order: list[tuple[str, str, int]] = []
        self.arrived = asyncio.Event()   # set whenever something is recorded

    def server_alive(self) -> bool:
        return self._server is not None and self._server.returncode is None


def _record_publish(client: RecordingClient, params: lsp.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.publishes.append(params)
    client.arrived.set()


def _record_show_message(client: RecordingClient, params: lsp.ShowMessageParams) -> None:
    client.messages.append(params)
    client.arrived.set()


def _record_log_message(client: RecordingClient, params: lsp.LogMessageParams) -> None:
    client.log_messages.append(params)
    client.arrived.set()


def _record_progress(client: RecordingClient, params: lsp.ProgressParams) -> None:
    DEFAULT_CLIENT_FEATURES[lsp.PROGRESS](client, params)   # pytest-lsp's checks and record
    kind = params.value.get("kind") if isinstance(params.value, dict) else None
    client.progress_order.append((str(params.token), kind, len(client.publishes)))
    client.arrived.set()


def _answer_configuration(client: RecordingClient, params: lsp.ConfigurationParams) -> list[Any]:
    client.configuration_requests.append(params)
    client.arrived.set()
    return [client.get_configuration(section=item.section, scope_uri=item.scope_uri)
            for item in params.items]


def _accept_registration(client: RecordingClient, params: lsp.RegistrationParams) -> None:
    """As VS Code does: the server may register capabilities (file watchers) after `initialized`."""
    client.registrations.extend(params.registrations)
    client.arrived.set()


def _accept_unregistration(client: RecordingClient, params: lsp.UnregistrationParams) -> None:
    client.arrived.set()


def make_client() -> RecordingClient:
    client = RecordingClient(converter_factory=default_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record_publish
    features[lsp.WINDOW_SHOW_MESSAGE] = _record_show_message
    features[lsp.WINDOW_LOG_MESSAGE] = _record_log_message
    features[lsp.WORKSPACE_CONFIGURATION] = _answer_configuration
    features[lsp.PROGRESS] = _record_progress
    features[lsp.CLIENT_REGISTER_CAPABILITY] = _accept_registration
    features[lsp.CLIENT_UNREGISTER_CAPABILITY] = _accept_unregistration
    register_lsp_features(client, features)
    return client


CONFIG = ClientServerConfig(server_command=SERVER_COMMAND, client_factory=make_client)


async def bounded(awaitable: Awaitable[T], timeout: float = TIMEOUT) -> T:
    """Await a request (or anything) for at most `timeout` seconds."""
    return await asyncio.wait_for(awaitable, timeout)


async def start_session(client: RecordingClient,
                        initialization_options: Any | None = None) -> lsp.InitializeResult:
    params = lsp.InitializeParams(capabilities=client_capabilities("visual-studio-code"),
                                  initialization_options=initialization_options)
    client.init_result = await bounded(client.initialize_session(params))
    return client.init_result


async def end_session(client: RecordingClient) -> None:
    if client.server_alive():
        await bounded(client.shutdown_session())


async def wait_until(client: RecordingClient, found: Callable[[], T | None], what: str,
                     timeout: float = TIMEOUT) -> T:
    """Wait until `found()` returns something (re-checked whenever the client records a message)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        result = found()
        if result is not None:
            return result
        remaining = deadline - loop.time()
        if remaining <= 0:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        client.arrived.clear()
        try:
            await asyncio.wait_for(client.arrived.wait(), remaining)
        except asyncio.TimeoutError:
            pass


def publishes_for(client: RecordingClient, uri: str) -> list[lsp.PublishDiagnosticsParams]:
    return [p for p in client.publishes if p.uri == uri]


async def wait_for_publish(client: RecordingClient, uri: str, version: int | None,
                           timeout: float = TIMEOUT, after: int = 0) -> lsp.PublishDiagnosticsParams:
    """The first publish for `uri` carrying `version` among the publishes from index `after` on."""
    def found():
        for p in client.publishes[after:]:
            if p.uri == uri and p.version == version:
                return p
        return None
    return await wait_until(client, found, f"publishDiagnostics of {uri} version {version}", timeout)


async def wait_for_log(client: RecordingClient, predicate: Callable[[lsp.LogMessageParams], bool],
                       timeout: float = TIMEOUT) -> lsp.LogMessageParams:
    def found():
        return next((m for m in client.log_messages if predicate(m)), None)
    return await wait_until(client, found, "window/logMessage", timeout)


async def wait_for_message(client: RecordingClient, predicate: Callable[[lsp.ShowMessageParams], bool],
                           timeout: float = TIMEOUT) -> lsp.ShowMessageParams:
    def found():
        return next((m for m in client.messages if predicate(m)), None)
    return await wait_until(client, found, "window/showMessage", timeout)


# ---------------------------------------------------------------------- documents
def doc_uri(name: str) -> str:
    return f"file:///cute-ir-lsp-tests/{name}.ir"


def open_document(client: RecordingClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        text_document=lsp.TextDocumentItem(uri=uri, language_id="cute-ir", version=version, text=text)))


async def open_and_wait(client: RecordingClient, uri: str, text: str, version: int = 1,
                        timeout: float = TIMEOUT) -> lsp.PublishDiagnosticsParams:
    after = len(client.publishes)
    open_document(client, uri, text, version)
    return await wait_for_publish(client, uri, version, timeout, after=after)


def change_range(client: RecordingClient, uri: str, version: int, rng: lsp.Range, text: str) -> None:
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[lsp.TextDocumentContentChangePartial(range=rng, text=text)]))


def change_whole(client: RecordingClient, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)]))


def close_document(client: RecordingClient, uri: str) -> None:
    client.text_document_did_close(lsp.DidCloseTextDocumentParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri)))


async def pull_diagnostics(client: RecordingClient, uri: str) -> list[lsp.Diagnostic]:
    report = await bounded(client.text_document_diagnostic_async(lsp.DocumentDiagnosticParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri))))
    assert report.kind == "full", report
    return list(report.items)


# ---------------------------------------------------------------------- positions
def utf16_len(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def position_at(text: str, index: int) -> lsp.Position:
    """The LSP (UTF-16) position of the Python string index `index` in `text`."""
    line_start = text.rfind("\n", 0, index) + 1
    return lsp.Position(line=text.count("\n", 0, index), character=utf16_len(text[line_start:index]))


def find(text: str, needle: str, occurrence: int = 0, start: int = 0) -> int:
    """The string index of the `occurrence`-th (0-based) `needle` in `text` from `start`."""
    index = start - 1
    for _ in range(occurrence + 1):
        index = text.find(needle, index + 1)
        assert index >= 0, f"{needle!r} occurs fewer than {occurrence + 1} times"
    return index


def position_of(text: str, needle: str, occurrence: int = 0, into: int = 0, start: int = 0) -> lsp.Position:
    """The position `into` characters into the `occurrence`-th `needle`."""
    return position_at(text, find(text, needle, occurrence, start) + into)


def range_of(text: str, needle: str, occurrence: int = 0, start: int = 0) -> lsp.Range:
    index = find(text, needle, occurrence, start)
    return lsp.Range(start=position_at(text, index), end=position_at(text, index + len(needle)))


def index_at(text: str, pos: lsp.Position) -> int:
    """The string index of an LSP (UTF-16) position in `text` (inverse of position_at)."""
    lines = text.split("\n")
    assert pos.line < len(lines), pos
    line_start = sum(len(line) + 1 for line in lines[:pos.line])
    units = 0
    for i, ch in enumerate(lines[pos.line]):
        if units >= pos.character:
            return line_start + i
        units += utf16_len(ch)
    return line_start + len(lines[pos.line])


def apply_edit(text: str, rng: lsp.Range, new_text: str) -> str:
    """The client-side model of an incremental didChange."""
    return text[:index_at(text, rng.start)] + new_text + text[index_at(text, rng.end):]


def line_range(text: str, line: int) -> lsp.Range:
    """The range of line `line`'s content (without its newline)."""
    content = text.split("\n")[line]
    return lsp.Range(start=lsp.Position(line=line, character=0),
                     end=lsp.Position(line=line, character=utf16_len(content)))


@dataclass(frozen=True)
class Shape:
    """A diagnostic reduced to what the tests compare (lsprotocol objects compare fine, this prints better)."""
    message: str
    range: tuple[int, int, int, int]
    severity: int | None
    source: str | None

    @staticmethod
    def of(d: lsp.Diagnostic) -> "Shape":
        r = d.range
        return Shape(d.message, (r.start.line, r.start.character, r.end.line, r.end.character),
                     d.severity, d.source)


def shapes(diagnostics) -> list[Shape]:
    return [Shape.of(d) for d in diagnostics]


def rng_tuple(r: lsp.Range) -> tuple[int, int, int, int]:
    return (r.start.line, r.start.character, r.end.line, r.end.character)


def server_with(analysis: "DocumentAnalysis") -> "CuteIrServer":
    """A server object, not started, that holds `analysis` as an open document: for tests of
    its scheduling that drive its coroutines directly."""
    from cute_ir.lsp.server import CuteIrServer
    ls = CuteIrServer()
    ls.analyses[analysis.document.uri] = analysis
    return ls
