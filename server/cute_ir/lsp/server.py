"""`cute-ir serve`: the stdio language server.

Handlers are thin: find the document's analysis, call a pure feature function, convert.
Document text is owned by cute-ir's own Document (see text/document.py), so the protocol
class below replaces pygls's built-in text synchronisation.
"""
from __future__ import annotations

import asyncio
import json
import logging
import sys
import threading
import time
from contextvars import ContextVar
from typing import Any, BinaryIO, Callable, Iterator

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcContentModified, JsonRpcException, JsonRpcInvalidRequest
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.protocol.json_rpc import JsonRPCResponseMessage

from .. import __version__
from ..analysis import DocumentAnalysis, PerUnit, Settings
from ..features import completion, hints, hover, navigation, outline, tokens
from . import convert, diagnostic_json, jsonrpc, open_cache, outline_json, progress, semantic, settings as client_settings
from ..features.leading import LEADING_FROM
from .fast_start import leading_publish
from .opened_texts import Opened, OpenedTexts
from .settings import SETTINGS_SECTION, VERIFY_AT_OPEN
from .collector import IdleCollector
from .progress import VerificationProgress
from .stdio import FramingError, PrefetchingReader

log = logging.getLogger(__name__)

# Changes closer together than BURST_WINDOW are a burst. In a burst a publish waits
# BURST_DELAY, long enough for changes already sent to be read (pygls reads stdin through a
# thread), so only the last change of a burst is converted and sent.
BURST_WINDOW = 0.015
BURST_DELAY = 0.003

# Verification after open runs in slices of VERIFY_SLICE seconds between incoming messages
# (what the open itself verifies: lsp/settings.py, VERIFY_AT_OPEN).
VERIFY_SLICE = 0.002
# No such slice (nor one of the workspace index) starts within MESSAGE_QUIET seconds of the last
# message in or out (`background_turn`). A slice runs for at least one step of a function's
# verification (DocumentAnalysis.verify_pending), and a client at work sends its next
# request as soon as it has the last answer: each hover right after open waited for a slice
# that had just started (7.5 ms through the server, 0.4 ms once verification was done).
MESSAGE_QUIET = 0.02
# Whole-document requests (outline, folding, semantic tokens) compute what they lack in slices
# of this many seconds, answering other messages in between.
FEATURE_SLICE = 0.005
# The whole-document answers' share of each unit computed ahead (`answer_ahead`) in slices of
# about this many seconds, this many units at a time.
AHEAD_SLICE = 0.002
AHEAD_UNITS = 8
# Loop turns background work gives a message that has arrived before its next slice.
INPUT_TURNS = 8
# A pause in typing this long after a publish computes what a hover where the user typed reads
# (the TileAS passes for a load's or store's section): the first hover is then a lookup.
HOVER_PREPARE_DELAY = 0.05
# An answer written as JSON already goes out in writes of about this many characters.
_WRITE_BATCH = 1 << 16


_COMPLETION_KINDS = {
    "type": lsp.CompletionItemKind.Class,
    "enum": lsp.CompletionItemKind.EnumMember,
    "keyword": lsp.CompletionItemKind.Keyword,
    "op": lsp.CompletionItemKind.Function,
}


# The document a request is about, as it was when the request arrived: (analysis, revision).
# Messages read together are handled one after another, and a handler that is a coroutine
# starts only after them, so a change sent right after the request is applied first. The
# handler's task copies this context when pygls creates it (`asyncio.ensure_future`).
_AS_RECEIVED: ContextVar[tuple[DocumentAnalysis, int] | None] = ContextVar("cute_ir_as_received", default=None)


class CuteIrProtocol(LanguageServerProtocol):
    """Document sync goes to cute-ir's analyses instead of pygls's workspace copies."""

    def handle_message(self, message):
        # After `shutdown` pygls drops every message but `exit` in silence; the LSP wants
        # requests answered with InvalidRequest.
        if self._shutdown and getattr(message, "method", lsp.EXIT) != lsp.EXIT and hasattr(message, "id"):
            self._send_response(message.id, error=JsonRpcInvalidRequest(
                f"Invalid request: the server is shut down; `{message.method}` is not served").to_response_error())
            return
        self._server.collector.note_activity()
        self._server.last_message = time.monotonic()
        document = getattr(getattr(getattr(message, "params", None), "text_document", None), "uri", None)
        analysis = self._server.analyses.get(document) if isinstance(document, str) else None
        received = _AS_RECEIVED.set((analysis, analysis.revision) if analysis is not None else None)
        try:
            super().handle_message(message)
        finally:
            _AS_RECEIVED.reset(received)

    # The id of the `initialize` request lsp/fast_start.py answered before the server was
    # imported: the server still handles it (its state, the settings it carries), but its
    # answer is not sent twice.
    answered_early: int | str | None = None

    def _send_data(self, data: Any) -> None:
        try:
            self._write(data)
        finally:
            # The client reads what was sent, then asks again: quiet counts from here too
            # (MESSAGE_QUIET; a 50k-line outline takes the client longer to read than 20 ms).
            self._server.last_message = time.monotonic()

    def _write(self, data: Any) -> None:
        if (self.answered_early is not None and type(data) is JsonRPCResponseMessage
                and data.id == self.answered_early):
            self.answered_early = None
            return
        # An answer written as JSON already (the module's lowered IR: megabytes of text and a
        # line map per stage) goes out as it is; pygls would copy it as objects, then as text.
        if type(data) is JsonRPCResponseMessage and isinstance(data.result, convert.EncodedJson) and self.writer:
            answer = data.result
            opening = f'{{"jsonrpc":{json.dumps(data.jsonrpc)},"id":{json.dumps(data.id)},"result":'
            length = len(opening) + answer.size + 1
            header = (f"Content-Length: {length}\r\nContent-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}\r\n\r\n"
                      if self._include_headers else "")
            # Piece by piece, with nothing in between: every message is sent from this thread,
            # and this loop does not yield to it. Small pieces go out together (the writer
            # flushes each write), a few at a time: joined whole, a large answer would be
            # copied once more.
            # A piece as large as a batch goes out alone (the small ones before it first): a
            # chunk of an outline or of semantic tokens (lsp/unit_chunks.py) is copied once, to
            # be encoded, not once more into a batch. A piece in bytes (an answer from the open
            # cache) is encoded already and goes out alone, as it is.
            batch: list[str] = []
            size = 0
            write, charset = self.writer.write, self.CHARSET
            for part in (header + opening, *answer.parts, "}"):
                if type(part) is bytes or len(part) >= _WRITE_BATCH:
                    if batch:
                        write("".join(batch).encode(charset))
                        batch, size = [], 0
                    write(part if type(part) is bytes else part.encode(charset))
                    continue
                batch.append(part)
                size += len(part)
                if size >= _WRITE_BATCH:
                    write("".join(batch).encode(charset))
                    batch, size = [], 0
            if batch:
                write("".join(batch).encode(charset))
            return
        super()._send_data(data)

    def notify_json(self, method: str, params: dict[str, Any]) -> None:
        """Send a notification whose params are JSON values already (a publish of
        lsp/diagnostic_json.py's diagnostics): pygls would take them for its typed objects."""
        self.notify_encoded(method, json.dumps(params, separators=(",", ":")))

    def notify_encoded(self, method: str, params: str) -> None:
        """Send a notification whose params are JSON text already (`notify_json`)."""
        if not self.writer:
            return
        body = f'{{"jsonrpc":"2.0","method":{json.dumps(method)},"params":{params}}}'.encode(self.CHARSET)
        header = (f"Content-Length: {len(body)}\r\n"
                  f"Content-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}\r\n\r\n" if self._include_headers else "")
        self.writer.write(header.encode(self.CHARSET) + body)
        self._server.last_message = time.monotonic()   # as `_send_data`: an edit's publish is followed by requests

    @lsp_method(lsp.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: lsp.DidOpenTextDocumentParams):
        self._server.open_document(params.text_document)
        return None

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: lsp.DidChangeTextDocumentParams):
        self._server.change_document(params)
        return None

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: lsp.DidCloseTextDocumentParams):
        self._server.close_document(params.text_document.uri)
        return None


class CuteIrServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("cute-ir", __version__, protocol_cls=CuteIrProtocol,
                         text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.analyses: dict[str, DocumentAnalysis] = {}
        self.settings = client_settings.INITIAL
        self._pending: dict[str, asyncio.Task] = {}
        self._verifying: dict[str, asyncio.Task] = {}
        # The analysis whose whole-document answers were computed ahead (`answer_ahead`), and how.
        self._ahead: dict[str, tuple[DocumentAnalysis, asyncio.Task]] = {}
        self._slicing = asyncio.Lock()
        self._last_change: dict[str, float] = {}
        self.last_message = 0.0                # when the last message arrived or went out (time.monotonic)
        # The last full or delta semantic tokens sent for each document: (its result id, its
        # segments, lsp/semantic.py), what the next delta is computed against.
        self.token_results: dict[str, tuple[str, list]] = {}
        self._token_result_ids = 0
        self._edited_at: dict[str, int] = {}   # where the last change of each document starts
        self.ptxas_path: str | None = None
        self.collector = IdleCollector()
        self.reader: PrefetchingReader | None = None   # the client's messages, once serving
        # Called on `initialized` (the client may be asked things from then on), in order;
        # each starts what it needs as tasks of its own.
        self.initialized_hooks: list[Callable[["CuteIrServer"], None]] = []
        # Called with the URI when a document is closed, in order.
        self.closed_hooks: list[Callable[["CuteIrServer", str], None]] = []
        # The open cache (lsp/open_cache.py): what `initialize` said, the settings it gave,
        # what lsp/fast_start.py published from it ({uri: version}), the opened texts' entries.
        self.initialization_options: Any = None
        self.initial_settings: Settings | None = None
        self.published_early: dict[str, int] = {}
        self.analysed_early: dict[str, DocumentAnalysis] = {}
        self.answers_early: dict[str, dict[str, str]] = {}
        self.opened_texts = OpenedTexts()
        # The client shows server-initiated progress: verification after open is reported
        # (lsp/progress.py).
        self.shows_progress = False

    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None, *,
                 reader: PrefetchingReader | None = None, first: "list[bytes | FramingError | None]" = (),
                 answered: int | str | None = None, published_early: dict[str, int] | None = None,
                 analysed_early: dict[str, DocumentAnalysis] | None = None,
                 answers_early: dict[str, dict[str, str]] | None = None) -> int:
        """Serve on stdio until `exit` or the end of input; the process's exit code: 0, or 1
        for an `exit` that came without `shutdown` (pygls's `exit` handler raises SystemExit
        with it, which its own loop swallows). `reader`, `first`, `answered`, `published_early`,
        `analysed_early`, `answers_early`: what lsp/fast_start.py read, answered, published,
        analysed and computed ({uri: {open cache name: JSON text}}) before the server was
        imported."""
        self._stop_event = threading.Event()   # what pygls's shutdown sets
        # The cyclic collector runs while the server is idle (lsp/collector.py).
        self.collector.take_over(freeze=not analysed_early)
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        self.reader = reader or PrefetchingReader(stdin or sys.stdin.buffer)
        self.protocol.answered_early = answered
        self.published_early = dict(published_early or {})
        self.analysed_early = dict(analysed_early or {})
        self.answers_early = dict(answers_early or {})
        code = 0
        try:
            asyncio.run(jsonrpc.serve(self.reader, self.protocol,
                                      self._stop_event, self.report_skipped_input, first))
        except BrokenPipeError:
            log.error("the connection to the client is lost; shutting down")
        except SystemExit as exiting:
            code = exiting.code if isinstance(exiting.code, int) else 1
        except KeyboardInterrupt:
            pass
        finally:
            self.keep_complete_diagnostics()
            self.opened_texts.flush()
            self.shutdown()
        return code

    def keep_complete_diagnostics(self) -> None:
        """Keep in the open cache the complete diagnostics of every document verified whole.
        Verification after open keeps them when its last slice publishes, but a slice waits
        for quiet after each message (MESSAGE_QUIET): a request that verified the rest itself
        (pulled diagnostics) and an `exit` right after its answer leave that publish unsent."""
        for uri in list(self.analyses):
            try:
                self.publish(uri, send=False)
            except Exception:   # the cache is a convenience: the exit goes on
                log.exception("could not keep the diagnostics of %s for reopening", uri)

    def report_skipped_input(self, skipped: FramingError) -> None:
        message = f"cute-ir: skipped {skipped.skipped} bytes of unreadable input ({skipped.reason})"
        log.error("%s", message)
        try:
            self.window_log_message(lsp.LogMessageParams(type=lsp.MessageType.Error, message=message))
        except Exception:   # nothing to report to before a writer is set
            log.exception("could not send window/logMessage")

    # ------------------------------------------------------------------ documents
    def workspace_encoding(self) -> str:
        """The negotiated position encoding's name (`utf-16`, ...), as lsp/fast_start.py names it."""
        try:
            negotiated = self.workspace.position_encoding
        except RuntimeError:
            negotiated = None
        return str(getattr(negotiated, "value", negotiated) or lsp.PositionEncodingKind.Utf16.value)

    def encoding(self):
        try:
            negotiated = self.workspace.position_encoding
        except RuntimeError:
            negotiated = None
        return convert.ENCODINGS.get(negotiated, convert.ENCODINGS[lsp.PositionEncodingKind.Utf16])

    def open_document(self, item: lsp.TextDocumentItem) -> None:
        """Analyse the opened text and publish its diagnostics. A large text's top is published
        first (features/leading.py) and the whole analysed when the publish reads it
        (`schedule_publish`), after changes already sent: a change before that publish is
        analysed with the text, once, and only the newest version's diagnostics are sent."""
        adopted = self._analysed_early(item)
        answered = self.answers_early.pop(item.uri, {})
        large = adopted is None and len(item.text) >= LEADING_FROM
        analysis = self.analyses[item.uri] = adopted or DocumentAnalysis(
            item.uri, item.text, item.version, self.encoding(), self.settings, verify_budget=VERIFY_AT_OPEN,
            defer=large)
        self.opened_texts.close(item.uri)
        early = self.published_early.pop(item.uri, None) == item.version
        if self.initial_settings is not None and open_cache.enabled(self.initialization_options):
            key = open_cache.key(item.uri, item.text, self.workspace_encoding(), self.initialization_options)
            opened = self.opened_texts.open(item.uri, key, analysis)
            if adopted is not None:
                for name, text in answered.items():   # what lsp/fast_start.py answered from it
                    self.opened_texts.keep_answer(opened, name, text)
            if opened.diagnostics is not None and not early:
                self.protocol.notify_json(diagnostic_json.PUBLISH, {
                    "uri": item.uri, "version": item.version, "diagnostics": opened.diagnostics})
                large = False   # the complete diagnostics are showing already
        if large:
            top = leading_publish(item.uri, item.version, item.text, self.workspace_encoding(), self.settings)
            if top is not None:
                self.protocol.notify_json(diagnostic_json.PUBLISH, top)
        if adopted is not None and early:
            # What lsp/fast_start.py published from this very analysis is showing: it is not
            # sent again (`verify_rest` publishes once verification is complete).
            self.publish(item.uri, send=False)
        else:
            self.schedule_publish(item.uri)
        if analysis.settled:
            self.verify_rest(item.uri)   # else the publish starts it, once the text is analysed

    def _analysed_early(self, item: lsp.TextDocumentItem) -> DocumentAnalysis | None:
        """The analysis lsp/fast_start.py made of this open before the server was imported,
        if it is of the same text, version, settings and position encoding."""
        analysis = self.analysed_early.pop(item.uri, None)
        if (analysis is None or analysis.version != item.version or analysis.settings != self.settings
                or analysis.document.encoding != self.encoding() or analysis.document.text != item.text):
            return None
        return analysis

    def change_document(self, params: lsp.DidChangeTextDocumentParams) -> None:
        """Apply a didChange's changes in order, all or none: a change that cannot apply
        (Document.change_problem) is logged to the client and the changes before it undone."""
        analysis = self.analyses.get(params.text_document.uri)
        if analysis is None:
            return
        document, version = analysis.document, analysis.document.version
        undo: list[tuple[int, int, bytes]] = []   # (start, end now, bytes replaced) per applied change
        for start, end, text in map(convert.change, params.content_changes):
            problem = document.change_problem(start, end)
            if problem is not None:
                self.reject_change(params, problem)
                for lo, hi, old in reversed(undo):
                    analysis.update([(document.position(lo), document.position(hi),
                                      old.decode("utf-8", errors="replace"))], version, defer=True)
                return   # the text is as last published
            lo, hi = document.span(start, end)
            undo.append((lo, lo + len(text.encode("utf-8", errors="replace")), bytes(document.data[lo:hi])))
            self._edited_at[params.text_document.uri] = lo
            # Only the text changes here: the analysis runs when the publish (or a request)
            # reads it, once for all the changes that arrived meanwhile.
            analysis.update([(start, end, text)], params.text_document.version, defer=True)
        self.schedule_publish(params.text_document.uri)

    def reject_change(self, params: lsp.DidChangeTextDocumentParams, problem: str) -> None:
        message = (f"cute-ir: ignored the change to version {params.text_document.version} of "
                   f"{params.text_document.uri}: {problem}; the document stays as it was")
        log.error("%s", message)
        self.window_log_message(lsp.LogMessageParams(type=lsp.MessageType.Error, message=message))

    def close_document(self, uri: str) -> None:
        self.analyses.pop(uri, None)
        self._last_change.pop(uri, None)   # nothing kept per closed document
        self._edited_at.pop(uri, None)
        self.published_early.pop(uri, None)
        self.token_results.pop(uri, None)
        self.opened_texts.close(uri)
        for tasks in (self._pending, self._verifying):
            task = tasks.pop(uri, None)
            if task is not None:
                task.cancel()
        ahead = self._ahead.pop(uri, None)
        if ahead is not None:
            ahead[1].cancel()
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        for hook in self.closed_hooks:
            hook(self, uri)

    def token_result(self, uri: str, found: list) -> str:
        """A new result id for the semantic tokens `found` (`semantic.segments`) of `uri`, kept
        as what the next delta request is answered against."""
        self._token_result_ids += 1
        result_id = str(self._token_result_ids)
        self.token_results[uri] = (result_id, found)
        return result_id

    def verify_rest(self, uri: str) -> None:
        """Finish verification the document's analysis deferred, in the background, after the
        whole-document answers' shares are computed ahead (`answer_ahead`): they depend on the
        text alone, take a second or so of a 50k-line file, while its verification takes tens of
        seconds, and an editor asks for the outline, folds and tokens right after the open."""
        analysis = self.analyses.get(uri)
        if analysis is None or uri in self._verifying:
            return
        self.answer_ahead(uri)
        if not analysis.verification_owed:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            analysis.verify_pending()
            return
        self._verifying[uri] = loop.create_task(self._verify_in_slices(uri))

    async def _verify_in_slices(self, uri: str) -> None:
        started = time.monotonic()
        bar: VerificationProgress | None = None
        finished = False
        try:
            while True:
                # Let waiting requests and changes in first. A message the loop has just read
                # is handed to the message loop in one turn and answered in the next (a change's
                # publish in the one after): three turns, so that it does not wait for slices.
                for _ in range(3):
                    await asyncio.sleep(0)
                # A whole-document request being computed (`in_slices`) goes first, also one
                # that started while this waited for its turn.
                await self.background_turn()
                while self._slicing.locked():
                    async with self._slicing:
                        pass
                    await self.background_turn()
                ahead = self._ahead.get(uri)
                if ahead is not None and not ahead[1].done():   # the answers' shares go first
                    await asyncio.wait([ahead[1]])
                    continue
                analysis = self.analyses.get(uri)
                if analysis is None:
                    return
                try:
                    more = analysis.verify_pending(VERIFY_SLICE)
                    self.collector.note_activity(background=True)
                    if not more:
                        break
                except Exception:  # (verifier defects are caught per unit) nor may anything else
                    log.exception("background verification failed in %s; continuing with the next function", uri)
                if bar is None and self.shows_progress and time.monotonic() - started >= progress.SHOW_AFTER:
                    bar = VerificationProgress(self, uri)
                if bar is not None and bar.due():
                    units = analysis.units
                    bar.report(sum(not unit.unverified for unit in units), len(units))
            finished = True
        finally:
            if self._verifying.get(uri) is asyncio.current_task():
                self._verifying.pop(uri)
            elif bar is not None and not finished:
                # Closing the document removed the task: its bar ends. A task stopped because the
                # server exits sends nothing (the client may be gone: each failed write would
                # be reported to it by another write, recursively).
                bar.end("stopped")
        self.publish(uri)
        if bar is not None:
            bar.end(f"{len(analysis.units)} functions verified")
        if finished:
            self.answer_ahead(uri, again=True)

    def answer_ahead(self, uri: str, again: bool = False) -> None:
        """Compute what the outline's, the folds' and the semantic tokens' answers read of each
        unit, in the background, once per opened document, before the verification the open
        deferred (`verify_rest`): an editor asks for them again and again, and the first answer
        for a 50k-line file otherwise computed them all (about a second) while the client
        waited; a request that comes before this is done computes only what it reads, and this
        goes on after it. Nothing is computed that the answers would not compute: each unit's
        share is kept with the unit, by its text, as a request keeps it (lsp/outline_json.py,
        lsp/semantic.py). A change stops this: after it, the answers compute the edited units
        and join the rest; `again` (the end of the verification after open) starts it once
        more if a change stopped it. Not done for a text whose answers the open cache holds
        (a reopen)."""
        analysis = self.analyses.get(uri)
        if analysis is None:
            return
        ahead = self._ahead.get(uri)
        if ahead is not None and ahead[0] is analysis:
            task = ahead[1]
            if not (again and task.done() and not task.cancelled() and task.result() is False):
                return
        opened = self.opened(uri, analysis)
        if opened is not None and all(opened.holds(name) for name in (DOCUMENT_SYMBOLS, SEMANTIC_TOKENS, FOLDING_RANGES)):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._ahead[uri] = (analysis, loop.create_task(self._answer_ahead(uri, analysis)))

    async def _answer_ahead(self, uri: str, analysis: DocumentAnalysis) -> bool:
        """True once done; False if a change (or closing the document) stopped it."""
        revision = analysis.revision
        steps = self._steps_ahead(analysis)
        more = True
        while more:
            await self.background_turn()
            while self._slicing.locked():   # a whole-document request goes first
                async with self._slicing:
                    pass
                await self.background_turn()
            if self.analyses.get(uri) is not analysis or analysis.revision != revision or not analysis.settled:
                return False   # the units read below are those of this revision
            deadline = time.monotonic() + AHEAD_SLICE
            try:
                while True:   # at least one step a slice
                    more = next(steps, steps) is not steps   # (the steps yield None)
                    if not more or time.monotonic() >= deadline:
                        break
            except Exception:   # the requests compute it then, and report what goes wrong
                log.exception("computing the whole-document answers of %s ahead failed", uri)
                return True   # not tried again
            self.collector.note_activity(background=True)
        return True

    @staticmethod
    def _steps_ahead(analysis: DocumentAnalysis) -> Iterator[None]:
        """`_answer_ahead`'s work in steps: each unit's share of the answers, AHEAD_UNITS units a
        step, then the chunks the answers join (lsp/unit_chunks.py), which would otherwise be
        made by the first answer of each kind (20 ms of the outline's at 50k lines)."""
        units = analysis.units
        for at in range(0, len(units), AHEAD_UNITS):
            chunk = units[at:at + AHEAD_UNITS]
            outline_json.prepare(analysis, chunk)
            for unit in chunk:
                analysis.for_unit(unit, semantic.PIECES)
            yield
        yield from outline_json.chunk_steps(analysis)
        yield from semantic.chunk_steps(analysis)

    async def background_turn(self) -> None:
        """What work no one waits for (verification after open, the workspace index) awaits
        before each slice: the client's messages go first. No slice starts within
        MESSAGE_QUIET of the last message in or out, nor while a change waits to be published:
        a publish takes a few loop turns (a burst's delay, changes read meanwhile), and a
        slice in each of them would add its length to the keystroke's latency as many times."""
        while True:
            quiet = self.last_message + MESSAGE_QUIET - time.monotonic()
            if quiet > 0:
                await asyncio.sleep(quiet)
                continue
            waiting = [task for task in self._pending.values() if not task.done()]
            if not waiting:
                break
            await asyncio.wait(waiting)
        # A message that has arrived goes first too: it takes the loop a few turns to read,
        # dispatch and answer, and a slice in each would delay a hover by as many slices. A
        # bounded number of turns: a client that stops in the middle of a message does not
        # stop the background work with it.
        for _ in range(INPUT_TURNS):
            if self.reader is None or not self.reader.input_waiting():
                return
            await asyncio.sleep(0)

    async def in_slices(self, result: PerUnit[Any], analysis: DocumentAnalysis) -> None:
        """Compute `result` for every unit that lacks it, in slices with other messages answered in between:
        the first whole-document request after opening a large file computes every unit once.
        Background verification waits while it runs (`_verify_in_slices`): the client asked for
        this, while the diagnostics of the units verification has not reached yet are no one's
        request (at 50k lines verification takes seconds; taking turns with it made the first
        outline of a 50k-line file wait five times its own cost). One such job runs at a time.

        Other messages are handled while this waits, a change among them; the answer would
        then be computed on a text the client did not ask about (and the client would shift it
        by that change once more). LSP's answer for that case is ContentModified, on which
        clients ask again. The text asked about is the one the request arrived with
        (`_AS_RECEIVED`): a change read together with the request is applied before this starts."""
        received = _AS_RECEIVED.get()
        revision = received[1] if received is not None and received[0] is analysis else analysis.revision
        async with self._slicing:
            while True:
                if analysis.revision != revision or self.analyses.get(analysis.document.uri) is not analysis:
                    raise JsonRpcContentModified(f"{analysis.document.uri} changed while this request waited")
                more = analysis.prepare(result, FEATURE_SLICE)
                # The client waits for this: not an idle moment for the collector, which
                # otherwise ran a young collection of the verification's garbage between two
                # slices (45 ms in the first outline of a 50k-line file).
                self.collector.note_activity()
                if not more:
                    return
                await asyncio.sleep(0)

    async def verified(self, analysis: DocumentAnalysis) -> None:
        """Verify what `analysis` still owes, in slices with other messages answered in
        between, as verification after open runs (`_verify_in_slices`; what they allocate is
        collected as they go, lsp/collector.py): a request that needs the complete diagnostics
        of a 50k-line file waits seconds for them, and hover and typing must not wait with it.
        A change meanwhile is ContentModified, as in `in_slices`."""
        received = _AS_RECEIVED.get()
        revision = received[1] if received is not None and received[0] is analysis else analysis.revision
        while True:
            if analysis.revision != revision or self.analyses.get(analysis.document.uri) is not analysis:
                raise JsonRpcContentModified(f"{analysis.document.uri} changed while this request waited")
            more = analysis.verify_pending(VERIFY_SLICE)
            self.collector.note_activity(background=True)
            if not more:
                return
            for _ in range(3):   # let waiting requests and changes in first (`_verify_in_slices`)
                await asyncio.sleep(0)

    def schedule_publish(self, uri: str) -> None:
        """Publish the document's diagnostics; a newer edit cancels a publish not yet sent.

        An isolated change is published at once. A change that arrives within BURST_WINDOW of
        the previous one waits BURST_DELAY first, so that of changes sent back to back only the
        last is converted and sent: the earlier publishes are stale work and get cancelled.
        """
        previous = self._pending.pop(uri, None)
        if previous is not None:
            previous.cancel()
        now = time.monotonic()
        delay = BURST_DELAY if now - self._last_change.get(uri, -1.0) < BURST_WINDOW else 0.0
        self._last_change[uri] = now
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.publish(uri)
            return
        self._pending[uri] = loop.create_task(self._publish_soon(uri, delay))

    async def _publish_soon(self, uri: str, delay: float) -> None:
        await asyncio.sleep(delay)
        analysis = self.analyses.get(uri)
        if analysis is not None and not analysis.settled:
            # Changes the loop has read but not handled yet come first (see
            # `_verify_in_slices`): each cancels this publish, and the analysis runs once, for
            # the newest text.
            for _ in range(3):
                await asyncio.sleep(0)
        self._pending.pop(uri, None)
        self.publish(uri)
        self.collector.after_edit()
        self.verify_rest(uri)   # a change may have re-analysed the whole file
        published = self.analyses.get(uri)
        if published is not None and uri in self._edited_at:
            asyncio.get_running_loop().call_later(HOVER_PREPARE_DELAY, self._prepare_hover, uri, published,
                                                  published.revision, self._edited_at[uri])

    def _prepare_hover(self, uri: str, analysis: DocumentAnalysis, revision: int, offset: int) -> None:
        """What a hover where the user typed will read, computed while typing pauses (when the
        text is still the one published), not when the user hovers (features/hover.py, `prepare`)."""
        if self.analyses.get(uri) is not analysis or analysis.revision != revision:
            return
        try:
            hover.prepare(analysis, offset)
        except Exception:   # the hover itself computes it then, and reports what goes wrong
            log.exception("preparing the hover facts of %s failed", uri)

    def publish(self, uri: str, send: bool = True) -> None:
        """Publish the document's diagnostics, and keep them in the open cache once complete
        (only that when not `send`: what lsp/fast_start.py published from this analysis)."""
        analysis = self.analyses.get(uri)
        if analysis is None:
            return
        opened = self.opened(uri, analysis)
        if opened is not None and opened.diagnostics is not None and analysis.verification_owed:
            return   # the complete diagnostics of this text, from the open cache, are showing
        keep = opened is not None and opened.diagnostics is None and not analysis.verification_owed
        if not (send or keep):
            return
        diagnostics = diagnostic_json.diagnostics(analysis)
        if send:
            self.protocol.notify_encoded(diagnostic_json.PUBLISH, diagnostic_json.publish_text(analysis, diagnostics))
            self.collector.note_activity()
        if keep:
            self.opened_texts.keep_diagnostics(opened, diagnostics)

    def opened(self, uri: str, analysis: DocumentAnalysis | None) -> Opened | None:
        """The open cache's entry for `uri` while `analysis` has the text it was opened with
        and the settings are those `initialize` gave (lsp/opened_texts.py)."""
        return self.opened_texts.current(uri, analysis, self.settings == self.initial_settings)

    def kept_answer(self, uri: str, analysis: DocumentAnalysis,
                    name: str) -> tuple[Opened | None, convert.EncodedJson | None]:
        """The open cache's entry for `uri` while it holds (`opened`), and its answer `name`
        when it has one: what a whole-document request answers before computing anything."""
        opened = self.opened(uri, analysis)
        kept = opened.answer(name) if opened is not None else None
        return opened, convert.EncodedJson([kept]) if kept is not None else None

    def analysis(self, uri: str) -> DocumentAnalysis | None:
        return self.analyses.get(uri)

    # ------------------------------------------------------------------ settings
    def apply_settings(self, values: Any) -> None:
        found = client_settings.read(values, self.settings)
        if found is None:
            return
        if found.ptxas_path is not None:
            self.ptxas_path = found.ptxas_path
        if found.unknown_arch is not None:
            self.window_show_message(lsp.ShowMessageParams(type=lsp.MessageType.Warning,
                                                           message=found.unknown_arch_message()))
        settings = found.settings
        if settings != self.settings:
            self.settings = settings
            for analysis in self.analyses.values():
                analysis.set_settings(self.settings)
                self.schedule_publish(analysis.document.uri)
                self.verify_rest(analysis.document.uri)


server = CuteIrServer()


@server.feature(lsp.INITIALIZE)
def initialize(ls: CuteIrServer, params: lsp.InitializeParams) -> None:
    ls.shows_progress = progress.wanted(params.capabilities)
    ls.apply_settings(params.initialization_options or {})
    ls.initialization_options, ls.initial_settings = params.initialization_options, ls.settings


@server.feature(lsp.INITIALIZED)
async def initialized(ls: CuteIrServer, params: lsp.InitializedParams) -> None:
    for hook in ls.initialized_hooks:
        hook(ls)
    caps = ls.client_capabilities.workspace
    if caps is not None and caps.configuration:
        try:
            values = await ls.workspace_configuration_async(
                lsp.ConfigurationParams(items=[lsp.ConfigurationItem(section=SETTINGS_SECTION)]))
            if values:
                ls.apply_settings({SETTINGS_SECTION: values[0]})
        except Exception as err:  # a client that fails the request keeps the defaults
            log.info("workspace/configuration failed: %s", err)


@server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
def did_change_configuration(ls: CuteIrServer, params: lsp.DidChangeConfigurationParams) -> None:
    ls.apply_settings(params.settings)


@server.feature(lsp.TEXT_DOCUMENT_DIAGNOSTIC,
                lsp.DiagnosticOptions(inter_file_dependencies=False, workspace_diagnostics=False))
async def pull_diagnostics(ls: CuteIrServer, params: lsp.DocumentDiagnosticParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is not None:
        await ls.verified(analysis)   # a pulled report is complete
    items = diagnostic_json.diagnostics(analysis) if analysis is not None else []
    return {"kind": lsp.DocumentDiagnosticReportKind.Full.value, "items": items}


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def on_hover(ls: CuteIrServer, params: lsp.HoverParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return None
    result = hover.hover(analysis, convert.offset(analysis, params.position))
    if result is None:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=result.markdown),
                     range=convert.span_range(analysis, result.span))


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
def on_definition(ls: CuteIrServer, params: lsp.DefinitionParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return None
    return convert.locations(analysis, navigation.definition(analysis, convert.offset(analysis, params.position))) or None


@server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
def on_references(ls: CuteIrServer, params: lsp.ReferenceParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return None
    spans = navigation.references(analysis, convert.offset(analysis, params.position),
                                  params.context.include_declaration)
    return convert.locations(analysis, spans)


@server.feature(lsp.TEXT_DOCUMENT_PREPARE_RENAME)
def on_prepare_rename(ls: CuteIrServer, params: lsp.PrepareRenameParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return None
    found = navigation.prepare_rename(analysis, convert.offset(analysis, params.position))
    if found is None:
        return None
    span, name = found
    return lsp.PrepareRenamePlaceholder(range=convert.span_range(analysis, span), placeholder=name)


@server.feature(lsp.TEXT_DOCUMENT_RENAME)
def on_rename(ls: CuteIrServer, params: lsp.RenameParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return None
    result = navigation.rename(analysis, convert.offset(analysis, params.position), params.new_name)
    if isinstance(result, str):
        # RequestFailed: the editor shows the message as is.
        raise JsonRpcException(result, code=lsp.LSPErrorCodes.RequestFailed)
    spans, name = result
    edits = [lsp.TextEdit(range=convert.span_range(analysis, s), new_text=name) for s in spans]
    return lsp.WorkspaceEdit(changes={analysis.document.uri: edits})


# The open cache's names for the answers it keeps (lsp/open_cache.py).
DOCUMENT_SYMBOLS, SEMANTIC_TOKENS, FOLDING_RANGES = (open_cache.DOCUMENT_SYMBOLS, open_cache.SEMANTIC_TOKENS,
                                                     open_cache.FOLDING_RANGES)


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
async def on_document_symbol(ls: CuteIrServer, params: lsp.DocumentSymbolParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return []
    opened, kept = ls.kept_answer(params.text_document.uri, analysis, DOCUMENT_SYMBOLS)
    if kept is not None:
        return kept
    await ls.in_slices(outline.OUTLINE, analysis)
    answer = convert.document_symbols(analysis)
    if opened is not None:
        ls.opened_texts.keep_answer(opened, DOCUMENT_SYMBOLS, "".join(answer.parts))
    return answer


@server.feature(lsp.TEXT_DOCUMENT_FOLDING_RANGE)
async def on_folding_range(ls: CuteIrServer, params: lsp.FoldingRangeParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return []
    opened, kept = ls.kept_answer(params.text_document.uri, analysis, FOLDING_RANGES)
    if kept is not None:
        return kept
    await ls.in_slices(outline.OUTLINE, analysis)
    answer = convert.folding_ranges(analysis)
    if opened is not None:
        ls.opened_texts.keep_answer(opened, FOLDING_RANGES, "".join(answer.parts))
    return answer


_LEGEND = lsp.SemanticTokensLegend(token_types=list(tokens.TOKEN_TYPES),
                                   token_modifiers=list(tokens.TOKEN_MODIFIERS))


@server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, _LEGEND)
async def on_semantic_tokens_full(ls: CuteIrServer, params: lsp.SemanticTokensParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return lsp.SemanticTokens(data=[])
    opened, kept = ls.kept_answer(params.text_document.uri, analysis, SEMANTIC_TOKENS)
    if kept is not None:
        return kept
    await ls.in_slices(semantic.PIECES, analysis)
    found = semantic.segments(analysis)
    # Written as JSON at once: at 50k lines the data is millions of integers, which pygls
    # would copy as objects before writing them as text.
    answer = semantic.full_tokens_parts(analysis, ls.token_result(params.text_document.uri, found), found)
    if opened is not None:
        ls.opened_texts.keep_answer(opened, SEMANTIC_TOKENS, "".join(('{"data":[', *answer[1:])))
    return convert.EncodedJson(answer)


@server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL_DELTA)
async def on_semantic_tokens_delta(ls: CuteIrServer, params: lsp.SemanticTokensDeltaParams):
    """What changed since the answer the client names: after an edit, the edited function's
    tokens, not the file's (6 MB at 50k lines, which took longer to send and read than the
    server took to assemble)."""
    uri = params.text_document.uri
    analysis = ls.analysis(uri)
    if analysis is None:
        return lsp.SemanticTokens(data=[])
    await ls.in_slices(semantic.PIECES, analysis)
    found = semantic.segments(analysis)
    previous = ls.token_results.get(uri)
    result_id = ls.token_result(uri, found)
    if previous is None or previous[0] != params.previous_result_id:
        return convert.EncodedJson(semantic.full_tokens_parts(analysis, result_id, found))
    return convert.EncodedJson(semantic.delta_parts(result_id, previous[1], found))


@server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, _LEGEND)
def on_semantic_tokens_range(ls: CuteIrServer, params: lsp.SemanticTokensRangeParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return lsp.SemanticTokens(data=[])
    lo, hi = convert.span(analysis, params.range)
    return lsp.SemanticTokens(data=semantic.range_tokens(analysis, lo, hi))


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                lsp.CompletionOptions(trigger_characters=[".", "=", ",", "<"]))
def on_completion(ls: CuteIrServer, params: lsp.CompletionParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return None
    items = []
    for c in completion.complete(analysis, convert.offset(analysis, params.position)):
        items.append(lsp.CompletionItem(
            label=c.label, kind=_COMPLETION_KINDS.get(c.kind), detail=c.detail,
            documentation=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=c.documentation) if c.documentation else None,
            sort_text=c.sort_key,
            text_edit=lsp.TextEdit(range=convert.span_range(analysis, c.replace), new_text=c.label)))
    return lsp.CompletionList(is_incomplete=False, items=items)


@server.feature(lsp.TEXT_DOCUMENT_INLAY_HINT)
def on_inlay_hint(ls: CuteIrServer, params: lsp.InlayHintParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return []
    lo, hi = convert.span(analysis, params.range)
    return [lsp.InlayHint(position=convert.position(analysis, h.offset), label=h.label,
                          kind=lsp.InlayHintKind.Type, padding_left=True, tooltip=h.tooltip)
            for h in hints.alias_hints(analysis, lo, hi)]


from . import actions  # noqa: F401  (registers code actions)


from . import requests  # noqa: F401  (registers custom requests)


from . import formatting  # noqa: F401  (registers formatting)


from . import workspace_symbols  # noqa: F401  (registers workspace symbols and their index)


def serve() -> None:
    sys.exit(server.start_io())
