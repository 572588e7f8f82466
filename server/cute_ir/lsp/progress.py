"""The editor's progress bar while a document is verified after open.

A large file's complete diagnostics come seconds after its first ones: the functions the open
did not verify are verified in the background (`CuteIrServer.verify_rest`). Without a sign of
that work a user cannot tell a clean file from one still being checked. So, as clangd and
rust-analyzer show their indexing, the server reports it through the protocol's server-initiated
work done progress (`window/workDoneProgress/create`, then `$/progress` begin / report / end),
to clients that declare `window.workDoneProgress`:

- none for verification that ends within SHOW_AFTER seconds (a bar that flashes is noise;
  `CUTE_IR_PROGRESS_AFTER_MS` changes it: 0 shows one for any verification after open);
- a report at most every REPORT_EVERY seconds: the functions verified out of the document's;
- the end after the complete diagnostics are published, so a client that waits for it (a
  script, `bench/peer.py`) has them; also when the document is closed first; nothing once the
  server is shut down or exits.

Nothing waits for the client's answer to `create`: verification goes on, and the bar begins
once the client has accepted the token (LSP: no `$/progress` for a token before that). A
client that refuses it gets no bar.
"""
from __future__ import annotations

import itertools
import logging
import time
from concurrent.futures import Future
from pathlib import PurePosixPath
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp

from .settings import seconds_from_environment

log = logging.getLogger(__name__)

SHOW_AFTER = seconds_from_environment("CUTE_IR_PROGRESS_AFTER_MS", 500)
REPORT_EVERY = 0.25

_tokens = itertools.count(1)


def wanted(capabilities: lsp.ClientCapabilities | None) -> bool:
    """The client shows server-initiated progress (`window.workDoneProgress`)."""
    window = capabilities.window if capabilities is not None else None
    return bool(window is not None and window.work_done_progress)


def file_name(uri: str) -> str:
    """What the bar names: the document's file name (the URI itself when it has none)."""
    return PurePosixPath(unquote(urlparse(uri).path)).name or uri


class VerificationProgress:
    """One document's verification after open, as the client's progress bar."""

    def __init__(self, server, uri: str) -> None:
        self._server = server
        self._title = f"Verifying {file_name(uri)}"
        self.token = f"cute-ir/verification/{next(_tokens)}"
        self._accepted = False
        self._ended = False
        self._reported_at = 0.0
        self._last_message: str | None = None
        self._percentage = 0
        created = server.protocol.send_request(
            lsp.WINDOW_WORK_DONE_PROGRESS_CREATE, lsp.WorkDoneProgressCreateParams(token=self.token))
        created.add_done_callback(self._created)

    def _created(self, answer: Future) -> None:
        if answer.cancelled() or answer.exception() is not None:
            log.info("the client refused progress token %s: %s", self.token,
                     None if answer.cancelled() else answer.exception())
            return
        self._accepted = True
        if self._ended:
            return   # verification ended before the client answered: nothing to show
        self._send(lsp.WorkDoneProgressBegin(title=self._title, cancellable=False,
                                             message=self._last_message, percentage=self._percentage))

    def due(self) -> bool:
        """REPORT_EVERY seconds passed since the last report (counting what is verified reads
        every unit, so it is not done for each slice)."""
        return time.monotonic() - self._reported_at >= REPORT_EVERY

    def report(self, verified: int, total: int) -> None:
        """`verified` of the document's `total` functions are verified."""
        self._reported_at = time.monotonic()
        self._last_message = f"{verified}/{total} functions"
        self._percentage = verified * 100 // total if total else 100
        if self._accepted:
            self._send(lsp.WorkDoneProgressReport(message=self._last_message, percentage=self._percentage))

    def end(self, message: str) -> None:
        if self._ended:
            return
        self._ended = True
        if self._accepted:
            self._send(lsp.WorkDoneProgressEnd(message=message))

    def _send(self, value) -> None:
        protocol = self._server.protocol
        if protocol._shutdown:
            return   # after `shutdown` the client expects nothing but the exit
        protocol.notify(lsp.PROGRESS, lsp.ProgressParams(token=self.token, value=value))
