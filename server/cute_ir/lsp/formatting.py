"""`textDocument/formatting` and `textDocument/rangeFormatting`: features/format.py's edits, cut
down to the lines they change. The editor's indentation options do not apply: MLIR text is
indented two spaces per region, as MLIR's printer writes it.

Registered on the server by `from . import formatting` in server.py.
"""
from __future__ import annotations

from lsprotocol import types as lsp

from ..diagnostics import Span
from ..features import format as formatting
from . import convert
from .server import CuteIrServer, server


def _text_edits(analysis, found: list[formatting.Edit]) -> list[lsp.TextEdit]:
    return [lsp.TextEdit(range=convert.span_range(analysis, Span(e.start, e.end)), new_text=e.text)
            for e in formatting.line_edits(analysis, found)]


@server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
async def on_formatting(ls: CuteIrServer, params: lsp.DocumentFormattingParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return None
    # A large file's statements are formatted a slice at a time, other messages in between.
    await ls.in_slices(formatting.FORMATTED, analysis)
    return _text_edits(analysis, formatting.edits(analysis))


@server.feature(lsp.TEXT_DOCUMENT_RANGE_FORMATTING)
def on_range_formatting(ls: CuteIrServer, params: lsp.DocumentRangeFormattingParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return None
    lo, hi = convert.span(analysis, params.range)
    return _text_edits(analysis, formatting.edits(analysis, lo, hi))
