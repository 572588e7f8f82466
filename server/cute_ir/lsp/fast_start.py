"""`cute-ir serve` answers `initialize` before it imports the language server.

An editor sends `initialize` first and waits for the answer before anything else, and every
editor window pays that wait. Importing the server (pygls, lsprotocol's several hundred types,
the analysis) takes about a second, while the answer needs none of it: the capabilities the
server declares (`capabilities.json`, which tests/lsp/test_fast_start.py holds equal to what
pygls computes from the registered features) with the position encoding chosen from the
client's, as pygls chooses it. So `serve` reads the first message itself and answers an
`initialize` request at once; then it imports the server and hands it that message (the
server's own answer to it is not sent: `CuteIrProtocol.answered_early`) and everything after.
Anything else as the first message is simply left to the server.

When a document is opened right after (`initialized`, then `didOpen`, as editors send them),
its diagnostics are published before the import too. If `lsp/open_cache.py` holds them for this
text, settings and tool, from there: reopening a file shows its problems at once, and requests
for that text's outline, folds and semantic tokens are answered from the same entry while the
server is imported and the text analysed in a thread (`_Reopened`), and for a pause after (the
first other message ends this; the server takes that analysis over). Otherwise the document is analysed
here, exactly as the server's `didOpen` would (the settings `initialize` gave, lsp/settings.py;
the open's verification budget; a large document's top first, published on its own:
features/leading.py), which needs the analysis but neither pygls nor lsprotocol: the first
diagnostics of a file opened for the first time come without waiting for about half of the
import (what the top's syntax and type diagnostics need is imported then, or in a thread while
the client is quiet before the open; the lowering, the passes and the emitters, half of the
analysis's import or more, are imported where they are first used, after the top is published).
A change to that document (or its close) that arrives while it is analysed stops the analysis
at its next step (before the top is published, before the whole is analysed, before that is
published) and nothing more of the opened version is published: the server takes it over with
the change, and publishes the newest version only.
The outline, folds and semantic tokens asked for right after are answered from
that analysis too, by the same writers the server uses (lsp/outline_json.py, lsp/semantic.py),
neither waiting for the import nor taking turns with the verification the server goes on with.
The server takes that analysis over (`CuteIrServer.open_document`), with those answers for the
open cache, and carries on from there as if it had made them.
"""
from __future__ import annotations

import importlib
import json
import logging
import os
import sys
import threading
import time
from typing import Any, BinaryIO, Callable

from .. import __version__
from . import open_cache
from .framing import NOTHING_YET, Resume, read_first, read_next
from .pipe import widen

CAPABILITIES_FILE = os.path.join(os.path.dirname(__file__), "capabilities.json")
SERVER_INFO = {"name": "cute-ir", "version": __version__}
# The position encodings the server speaks, as pygls lists them (pygls/capabilities.py).
ENCODINGS = ("utf-8", "utf-16", "utf-32")
DEFAULT_ENCODING = "utf-16"
CONTENT_TYPE = b"application/vscode-jsonrpc; charset=utf-8"   # as pygls writes it
# How long to wait for each next request an editor sends with an open (outline, folds,
# tokens) after the answer before, before the import goes ahead without them.
FOLLOW_UP_WAIT = 0.25
# How long to wait for each of the messages an editor sends after `initialize`'s answer
# (`initialized`, `didOpen`), before the import goes ahead without them. An editor sends them
# at once, but writing a large open (a client turns 4 MB of text into JSON first) took longer
# than FOLLOW_UP_WAIT on a loaded machine: the open then waited for the server's import, and
# the first diagnostics came seconds later. A client that opens nothing at once only has the
# server imported this much later (the analysis's modules are imported meanwhile).
OPEN_WAIT = 1.0
# After the first diagnostics of a document analysed here: the requests an editor sends with
# `didOpen` (outline, folds, tokens) were sent while it was analysed and are read at once, so a
# client that sends none waits little longer for the import. Once one is answered, the next
# is waited for as long as after a reopen (a client may send each after the last's answer).
FRESH_FOLLOW_UP_WAIT = 0.1
# How often the answering of requests from the open cache looks whether the work in a thread
# that the server waits for is done.
WORK_POLL = 0.01


def position_encoding(params: dict[str, Any]) -> str:
    """The client's first encoding the server speaks, else UTF-16 (LSP 3.17; pygls's rule)."""
    general = (params.get("capabilities") or {}).get("general") or {}
    offered = general.get("positionEncodings")
    for encoding in offered if isinstance(offered, list) else ():
        if encoding in ENCODINGS:
            return encoding
    return DEFAULT_ENCODING


def initialize_result(params: dict[str, Any]) -> dict[str, Any]:
    with open(CAPABILITIES_FILE, encoding="utf-8") as file:
        capabilities = json.load(file)
    return {"capabilities": {"positionEncoding": position_encoding(params), **capabilities},
            "serverInfo": SERVER_INFO}


def _initialize_request(body: bytes) -> tuple[int | str, dict[str, Any]] | None:
    """(id, params) when `body` is a well-formed `initialize` request; None for anything the
    server must look at itself (malformed input gets its proper error there)."""
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0" or message.get("method") != "initialize":
        return None
    msg_id, params = message.get("id"), message.get("params")
    if isinstance(msg_id, bool) or not isinstance(msg_id, (int, str)) or not isinstance(params, dict):
        return None
    if not isinstance(params.get("capabilities"), dict):
        return None
    return msg_id, params


def _send(out: BinaryIO, body: bytes) -> None:
    out.write(b"Content-Length: %d\r\nContent-Type: %s\r\n\r\n" % (len(body), CONTENT_TYPE) + body)
    out.flush()


def _write(out: BinaryIO, message: dict[str, Any]) -> None:
    _send(out, json.dumps(message, separators=(",", ":")).encode("utf-8"))


def answer_initialize(body: bytes, out: BinaryIO) -> int | str | None:
    """Answer `body` if it is an `initialize` request; the id answered, or None."""
    request = _initialize_request(body)
    if request is None:
        return None
    msg_id, params = request
    _write(out, {"jsonrpc": "2.0", "id": msg_id, "result": initialize_result(params)})
    return msg_id


def _message(body: bytes) -> dict[str, Any] | None:
    """A JSON-RPC 2.0 message's object; None for anything else (the server's to answer)."""
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        return None
    return message if isinstance(message, dict) and message.get("jsonrpc") == "2.0" else None


def _opened(message: dict[str, Any]) -> tuple[str, int, str] | None:
    """(uri, version, text) of a well-formed `didOpen`; None for anything else."""
    if message.get("method") != "textDocument/didOpen":
        return None
    item = (message.get("params") or {}).get("textDocument") if isinstance(message.get("params"), dict) else None
    if not isinstance(item, dict):
        return None
    uri, version, text = item.get("uri"), item.get("version"), item.get("text")
    if not isinstance(uri, str) or not isinstance(text, str) or isinstance(version, bool) or not isinstance(version, int):
        return None
    return uri, version, text


def _is_initialized(message: dict[str, Any]) -> bool:
    return message.get("method") == "initialized" and "id" not in message


def _early_request(message: dict[str, Any], uri: str,
                   answer_of: Callable[[str], str | bytes | None]) -> tuple[int | str, str | bytes] | None:
    """(id, answer as JSON: text, or UTF-8 bytes from the open cache) for a whole-document
    request about `uri` that `answer_of` answers (by the open cache's name for it); else None."""
    name, msg_id, params = open_cache.ANSWERED.get(message.get("method")), message.get("id"), message.get("params")
    if name is None or isinstance(msg_id, bool) or not isinstance(msg_id, (int, str)) or not isinstance(params, dict):
        return None
    document = params.get("textDocument")
    if not isinstance(document, dict) or document.get("uri") != uri or set(params) - {"textDocument"}:
        return None   # partial-result or work-done tokens are the server's to honour
    answer = answer_of(name)
    return (msg_id, answer) if answer is not None else None


def _computed(analysis, name: str, computed: dict[str, str]) -> str | None:
    """The answer `name` (the open cache's name for a whole-document request) computed from the
    analysis of a document opened before the server was imported, as the server computes it;
    kept in `computed` for the server to put in the open cache. None if it fails: the server
    answers then, and reports what goes wrong."""
    from . import outline_json, semantic
    writers = {
        open_cache.DOCUMENT_SYMBOLS: lambda: "".join(outline_json.document_symbols(analysis)),
        open_cache.SEMANTIC_TOKENS: lambda: semantic.full_tokens_json(analysis),
        open_cache.FOLDING_RANGES: lambda: "".join(outline_json.folding_ranges(analysis)),
    }
    try:
        computed[name] = writers[name]()
    except Exception:
        logging.getLogger(__name__).exception("answering %s before the server started failed", name)
        return None
    return computed[name]


def _answer_raw(out: BinaryIO, msg_id: int | str, result: str | bytes) -> None:
    """Answer `msg_id` with `result`, JSON as text or already in UTF-8 (the open cache's)."""
    opening = f'{{"jsonrpc":"2.0","id":{json.dumps(msg_id)},"result":'.encode("utf-8")
    _send(out, b"".join((opening, result if type(result) is bytes else result.encode("utf-8"), b"}")))


def publish_first_open(stdin: BinaryIO, stdout: BinaryIO, resume: Resume, params: dict[str, Any]
                       ) -> tuple[list[Any], dict[str, int], dict[str, Any], dict[str, dict[str, str]]]:
    """Read what follows `initialize` up to the first `didOpen` (or anything else, or a pause)
    and publish the opened document's diagnostics: from the open cache when it holds them (then
    answer the requests for its outline, folds and tokens that follow), else by analysing the
    document as the server would (then answer those requests from that analysis, as the server
    would). The messages read and not answered, in order, for the server; {uri: version} of what
    was published; {uri: analysis} of what was analysed; {uri: {name: JSON text}} of the
    answers computed from it, for the open cache."""
    read: list[Any] = []
    options = params.get("initializationOptions")
    while True:
        item = _next_message(stdin, resume, OPEN_WAIT)
        if item is NOTHING_YET:
            return read, {}, {}, {}
        read.append(item)
        message = _message(item) if isinstance(item, bytes) else None
        if message is not None and _is_initialized(message):
            continue
        opened = _opened(message) if message is not None else None
        if opened is None:
            return read, {}, {}, {}
        uri, version, text = opened
        encoding = position_encoding(params)
        entry = (open_cache.load(open_cache.key(uri, text, encoding, options))
                 if open_cache.enabled(options) else None)
        if entry is not None and open_cache.DIAGNOSTICS in entry:
            _write(stdout, {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                            "params": {"uri": uri, "version": version, "diagnostics": entry[open_cache.DIAGNOSTICS]}})
            # The entry answers at once; the server's import and its analysis of the text (for
            # what the entry does not answer: hover, edits) take seconds at 50k lines. They run
            # in a thread meanwhile, and every request the entry answers until they are done
            # is answered from it (a client that asks for one answer after another reads
            # megabytes of tokens in between, longer than FOLLOW_UP_WAIT). The server then
            # takes that analysis over, as after a first open.
            ahead = _Reopened(uri, version, text, encoding, options)
            more = _answer_follow_ups(stdin, stdout, resume, uri, lambda name: open_cache.answer(entry, name),
                                      FOLLOW_UP_WAIT, [], read_next, ahead)
            ahead.join()
            return read + more, {uri: version}, ({uri: ahead.analysis} if ahead.analysis is not None else {}), {}
        return _analyse_first_open(stdin, stdout, resume, read, uri, version, text, encoding, options)


def _analyse_first_open(stdin: BinaryIO, stdout: BinaryIO, resume: Resume, read: list[Any], uri: str, version: int,
                        text: str, encoding: str, options: Any
                        ) -> tuple[list[Any], dict[str, int], dict[str, Any], dict[str, dict[str, str]]]:
    """`publish_first_open` for a document the open cache does not hold: its top, then the
    whole, as the server's `didOpen` publishes them. A change to it (or its close) that arrives
    meanwhile makes that work stale: it stops at the next of those steps, nothing more of the
    opened version is published, and the server takes the analysis over with the change, as
    it does when a change follows an open of its own (only the newest version's diagnostics
    follow)."""
    _preloaded()
    from .collector import freeze_imports
    from . import settings
    importlib.import_module("cute_ir.features.leading")   # the top's analysis, imported before the freeze
    # As the server does before it analyses anything (lsp/collector.py). The lowering, the
    # passes and the emitters are imported after it, where first used, and stay
    # collectable, as pygls does.
    freeze_imports()
    arrived = _Arrived(stdin, resume, uri)
    if not arrived.superseding():
        top = leading_publish(uri, version, text, encoding, settings.initial(options))
        if top is not None:
            _write(stdout, {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": top})
    # Made after the top is published: the whole text's line table and bytes (tens of
    # milliseconds at 50k lines) are not the top's to wait for.
    analysis = _deferred_analysis(uri, version, text, encoding, options)
    if analysis is None:
        return read + arrived.held, {}, {}, {}
    if arrived.superseding():
        return read + arrived.held, {}, {uri: analysis}, {}
    try:
        analysis.settle()
    except Exception:   # the server analyses it again and reports what goes wrong there
        logging.getLogger(__name__).exception("analysing %s before the server started failed", uri)
        return read + arrived.held, {}, {}, {}
    if arrived.superseding():
        return read + arrived.held, {}, {uri: analysis}, {}
    from . import diagnostic_json
    _write(stdout, {"jsonrpc": "2.0", "method": diagnostic_json.PUBLISH,
                    "params": diagnostic_json.publish_params(analysis, diagnostic_json.diagnostics(analysis))})
    computed: dict[str, str] = {}
    more = _answer_follow_ups(stdin, stdout, resume, uri, lambda name: _computed(analysis, name, computed),
                              FRESH_FOLLOW_UP_WAIT, arrived.held, read_next)
    return read + more, {uri: version}, {uri: analysis}, {uri: computed}


# What makes the analysis of an opened version stale (`_Arrived`).
SUPERSEDING = frozenset({"textDocument/didChange", "textDocument/didClose"})
# How long `_Arrived` waits for more of a message whose bytes have begun to come: not at all,
# in effect (what is not complete now arrived after this step).
ARRIVED_WAIT = 1e-6


class _Arrived:
    """The messages that arrived while the first opened document was analysed, read between
    two steps of that analysis and held, in order, for what follows it."""

    def __init__(self, stdin: BinaryIO, resume: Resume, uri: str) -> None:
        self.stdin, self.resume, self.uri = stdin, resume, uri
        self.held: list[Any] = []
        self._superseded = False

    def superseding(self) -> bool:
        """Whether a change to the document (or its close) has arrived by now."""
        while not self._superseded:
            # The end of the input is not held: reading again reports it again.
            item = read_next(self.stdin, self.resume, ARRIVED_WAIT)
            if item is NOTHING_YET or item is None:
                break
            self.held.append(item)
            message = _message(item) if isinstance(item, bytes) else None
            params = message.get("params") if message is not None else None
            document = params.get("textDocument") if isinstance(params, dict) else None
            self._superseded = (message.get("method") in SUPERSEDING and isinstance(document, dict)
                                and document.get("uri") == self.uri) if message is not None else False
        return self._superseded


# The modules a large text's top is analysed and published with (not the lowering, the passes
# or the emitters: the analysis imports them where it first uses them), imported in a thread
# while the client is quiet (`_next_message`): `_preloaded` waits for them before anything else
# is imported, so that no module is imported by two threads.
#
# Not as soon as `initialize` is answered: an editor sends `initialized` and the open right
# after the answer, and the import then only competed with reading the open for the
# interpreter (each read gives the lock up, and got it back after the thread's 5 ms switch
# interval): a reopen, published from the open cache without the analysis, took 83-95 ms
# from spawn instead of 44-58 at 50k lines, and a first open, which needs the import, was
# hardly sooner for it (docs/benchmarks.md, twenty-eighth round). A client that pauses gets it
# done meanwhile, as before, after PRELOAD_AFTER_QUIET; a pause shorter than that (the bench's
# client writing a 4.4 MB open, about 12 ms) is no longer used: about 10 ms on that first open.
PRELOAD_AFTER_QUIET = 0.02
_PRELOAD: list[threading.Thread] = []
_PRELOAD_STARTED = False


def _import_analysis(names: tuple[str, ...] = ()) -> None:
    try:
        for name in names or _PRELOADED_MODULES:
            importlib.import_module(name)
    except Exception:   # imported again where needed, and reported there
        logging.getLogger(__name__).exception("importing the analysis ahead failed")


_PRELOADED_MODULES = ("cute_ir.features.leading", "cute_ir.lsp.diagnostic_json", "cute_ir.lsp.settings",
                      "cute_ir.lsp.collector")


def preload_analysis() -> None:
    global _PRELOAD_STARTED
    _PRELOAD_STARTED = True
    thread = threading.Thread(target=_import_analysis, name="cute-ir-preload", daemon=True)
    _PRELOAD.append(thread)
    thread.start()


# The server's own modules (pygls, lsprotocol: most of a second).
_SERVER_MODULES = ("cute_ir.lsp.server", "cute_ir.lsp.stdio")


class _Reopened(threading.Thread):
    """What a reopened document (its diagnostics published from the open cache) still needs
    before the server takes over, done in a thread while the open cache answers the client:
    the analysis's modules and the server's imported (after the analysis's preload, when one
    runs), then the document analysed as the server's `didOpen` would (`analysis`; None if
    that fails, for the server to try). `_preloaded` waits for it too."""

    def __init__(self, uri: str, version: int, text: str, encoding: str, options: Any) -> None:
        super().__init__(name="cute-ir-reopen", daemon=True)
        global _PRELOAD_STARTED
        _PRELOAD_STARTED = True
        self.earlier = list(_PRELOAD)
        self.opened = (uri, version, text, encoding, options)
        self.analysis: Any = None
        _PRELOAD.append(self)
        self.start()

    def run(self) -> None:
        for thread in self.earlier:
            thread.join()
        _import_analysis(_PRELOADED_MODULES + _SERVER_MODULES)
        from .collector import freeze_imports
        freeze_imports()   # as before a first open's analysis (`_analyse_first_open`)
        analysis = _deferred_analysis(*self.opened)
        if analysis is None:
            return
        try:
            analysis.settle()
        except Exception:   # the server analyses it again and reports what goes wrong there
            logging.getLogger(__name__).exception("analysing %s before the server started failed", self.opened[0])
            return
        self.analysis = analysis


def _preloaded() -> None:
    while _PRELOAD:
        _PRELOAD.pop().join()


def leading_publish(uri: str, version: int | None, text: str, encoding: str,
                    settings: Any) -> dict[str, Any] | None:
    """The params of a publish of a large text's top (features/leading.py), sent before the
    whole text is analysed; None for a text that gets none (or if it fails: the complete
    publish follows anyway)."""
    from ..features.leading import LEADING_FROM
    if len(text) < LEADING_FROM:
        return None
    from ..features.leading import leading
    from ..text.positions import Encoding
    from . import diagnostic_json
    try:
        found = leading(uri, text, version, Encoding(encoding), settings)
    except Exception:
        logging.getLogger(__name__).exception("analysing the top of %s failed", uri)
        return None
    if found is None:
        return None
    document = found.analysis.document
    return {"uri": uri, "version": version,
            "diagnostics": [diagnostic_json.diagnostic(document, d, uri) for d in found.diagnostics]}


def _deferred_analysis(uri: str, version: int, text: str, encoding: str, options: Any):
    """The document's analysis as the server's `didOpen` makes it (the settings `initialize`
    gave, the open's verification budget), deferred: it runs at `settle` (or when the server
    reads it). None if it fails, for the server to try."""
    from ..analysis import DocumentAnalysis
    from ..text.positions import Encoding
    from . import settings
    try:
        return DocumentAnalysis(uri, text, version, Encoding(encoding), settings.initial(options),
                                verify_budget=settings.VERIFY_AT_OPEN, defer=True)
    except Exception:   # the server analyses it again and reports what goes wrong there
        logging.getLogger(__name__).exception("analysing %s before the server started failed", uri)
        return None


def _answer_follow_ups(stdin: BinaryIO, stdout: BinaryIO, resume: Resume, uri: str,
                       answer_of: Callable[[str], str | bytes | None], wait: float, held: list[Any],
                       read: Callable[[BinaryIO, Resume, float], Any],
                       working: threading.Thread | None = None) -> list[Any]:
    """Answer the whole-document requests about `uri` that `answer_of` answers as long as they
    come (`held`, the messages read already, first; then by `read`), the first within `wait`
    seconds and each next within FOLLOW_UP_WAIT of the answer before, and any time while
    `working` (what the server waits for) runs; the first other message and those held after
    it (in a list, for the server), or none after a pause."""
    held = list(held)
    pause_ends = time.monotonic() + wait
    polled = working is not None and _waitable(stdin)
    while True:
        busy = polled and working.is_alive()
        item = (held.pop(0) if held else
                read(stdin, resume, WORK_POLL if busy else max(0.0, pause_ends - time.monotonic())))
        if item is NOTHING_YET:
            if busy or time.monotonic() < pause_ends:
                continue
            return []
        message = _message(item) if isinstance(item, bytes) else None
        request = _early_request(message, uri, answer_of) if message is not None else None
        if request is None:
            return [item] + held
        _answer_raw(stdout, *request)
        pause_ends = time.monotonic() + FOLLOW_UP_WAIT


def _waitable(stream: BinaryIO) -> bool:
    """Whether `read_next` can wait on `stream` (else it returns at once, and a loop that
    polls it would spin)."""
    try:
        stream.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    return os.name == "posix"


def _next_message(stdin: BinaryIO, resume: Resume, wait: float) -> Any:
    """`read_next`, but once no byte has come for PRELOAD_AFTER_QUIET the analysis's import
    starts in a thread (`preload_analysis`), to be done when the open comes; and a message
    that has begun to arrive within `wait` is read to its end (`_rest_of`)."""
    deadline = time.monotonic() + wait
    while not _PRELOAD_STARTED:
        remaining = deadline - time.monotonic()
        before = len(resume.buffered)
        item = read_next(stdin, resume, min(remaining, PRELOAD_AFTER_QUIET))
        if item is not NOTHING_YET or remaining <= PRELOAD_AFTER_QUIET:
            return _rest_of(item, stdin, resume)
        if len(resume.buffered) == before:   # quiet, not in the middle of sending a large message
            preload_analysis()
    return _rest_of(read_next(stdin, resume, max(0.0, deadline - time.monotonic())), stdin, resume)


def _rest_of(item: Any, stdin: BinaryIO, resume: Resume) -> Any:
    """`item`, or when nothing was complete (NOTHING_YET) but a message had begun to arrive,
    that message, read for as long as its bytes keep coming (each within FOLLOW_UP_WAIT of the
    last). A client writing a large `didOpen` on a loaded machine took longer than the wait
    for the whole of it: the open then waited for the server's import (seconds) before it was
    read at all."""
    while item is NOTHING_YET and resume.buffered.strip():
        before = len(resume.buffered)
        item = read_next(stdin, resume, FOLLOW_UP_WAIT)
        if item is NOTHING_YET and len(resume.buffered) == before:
            break   # its bytes stopped coming: the server reads on
    return item


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    widen(stdout)   # megabytes of a whole-document answer in fewer turns (lsp/pipe.py)
    first, resume = read_first(stdin)
    request = _initialize_request(first) if isinstance(first, bytes) else None
    answered = answer_initialize(first, stdout) if request is not None else None
    read, published, analysed, answers = [first], {}, {}, {}
    if request is not None:
        more, published, analysed, answers = publish_first_open(stdin, stdout, resume, request[1])
        read += more
    _preloaded()
    from .server import server   # what the answer and the first publish did not wait for
    from .stdio import PrefetchingReader
    return server.start_io(stdin, stdout, reader=PrefetchingReader(stdin, resume), first=read,
                           answered=answered, published_early=published, analysed_early=analysed,
                           answers_early=answers)
