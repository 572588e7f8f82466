"""The open cache (lsp/open_cache.py) as the server reads and fills it.

For each document opened since the server started, while its text is the one opened (its
analysis at revision 0) and the settings are those `initialize` gave: the cache's entry for
that text, which answers what it holds (the complete diagnostics, the outline, the semantic
tokens), and the answers the server computes that it does not hold yet, written to it shortly
after they are sent. The first edit, a change of settings or closing the document ends it.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from ..analysis import DocumentAnalysis
from . import open_cache

# Writing waits this long after an answer is computed, so that the answer is sent first.
WRITE_DELAY = 0.1


@dataclass
class Opened:
    key: str
    analysis: DocumentAnalysis           # the analysis of the text the entry is for
    entry: dict[str, Any]                # what the cache held ({} on a miss)
    added: dict[str, str] = field(default_factory=dict)   # answers to add: {name: JSON text}
    write: asyncio.TimerHandle | None = None

    @property
    def diagnostics(self) -> list[Any] | None:
        return self.entry.get(open_cache.DIAGNOSTICS)

    def holds(self, name: str) -> bool:
        """Whether `answer(name)` has an answer to give, without unpacking the entry's."""
        return name in self.added or open_cache.holds(self.entry, name)

    def answer(self, name: str) -> str | bytes | None:
        """The answer `name` as JSON: text when computed here, UTF-8 bytes from the entry."""
        return self.added.get(name) or open_cache.answer(self.entry, name)


class OpenedTexts:
    def __init__(self) -> None:
        self._by_uri: dict[str, Opened] = {}

    def open(self, uri: str, key: str, analysis: DocumentAnalysis) -> Opened:
        opened = self._by_uri[uri] = Opened(key, analysis, open_cache.load(key) or {})
        return opened

    def current(self, uri: str, analysis: DocumentAnalysis | None, settings_unchanged: bool) -> Opened | None:
        """The entry of `uri`'s opened text while `analysis` still has it; None (and nothing
        kept any more) once it does not."""
        opened = self._by_uri.get(uri)
        if opened is None:
            return None
        if opened.analysis is analysis and analysis.revision == 0 and settings_unchanged:
            return opened
        self.close(uri)
        return None

    def close(self, uri: str) -> None:
        opened = self._by_uri.pop(uri, None)
        if opened is not None and opened.write is not None:
            opened.write.cancel()
            opened.write = None
            _write(opened)

    def flush(self) -> None:
        """Write what waits to be written (the server is stopping)."""
        for opened in self._by_uri.values():
            if opened.write is not None:
                opened.write.cancel()
                opened.write = None
                _write(opened)

    def keep_diagnostics(self, opened: Opened, diagnostics: list[Any]) -> None:
        opened.entry = {**opened.entry, open_cache.DIAGNOSTICS: diagnostics}
        self._write_soon(opened)

    def keep_answer(self, opened: Opened, name: str, text: str) -> None:
        opened.added[name] = text
        self._write_soon(opened)

    def _write_soon(self, opened: Opened) -> None:
        if opened.write is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            _write(opened)
            return

        def write() -> None:
            opened.write = None
            _write(opened)
        opened.write = loop.call_later(WRITE_DELAY, write)


def _write(opened: Opened) -> None:
    written = open_cache.store(opened.key, opened.entry, opened.added)
    if written is not None:
        opened.entry, opened.added = written, {}
