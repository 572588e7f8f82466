"""Conversions between cute-ir results (byte spans) and lsprotocol types, in one place."""
from __future__ import annotations

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcInvalidParams

from ..analysis import DocumentAnalysis
from ..diagnostics import Diagnostic, Severity, Span
from ..text.positions import Encoding, Position

_SEVERITY = {
    Severity.ERROR: lsp.DiagnosticSeverity.Error,
    Severity.WARNING: lsp.DiagnosticSeverity.Warning,
    Severity.INFORMATION: lsp.DiagnosticSeverity.Information,
    Severity.HINT: lsp.DiagnosticSeverity.Hint,
}

ENCODINGS = {
    lsp.PositionEncodingKind.Utf16: Encoding.UTF16,
    lsp.PositionEncodingKind.Utf8: Encoding.UTF8,
    lsp.PositionEncodingKind.Utf32: Encoding.UTF32,
}


def position(analysis: DocumentAnalysis, offset: int) -> lsp.Position:
    p = analysis.document.position(offset)
    return lsp.Position(line=p.line, character=p.character)


def span_range(analysis: DocumentAnalysis, span: Span) -> lsp.Range:
    return lsp.Range(start=position(analysis, span.start), end=position(analysis, span.end))


def offset(analysis: DocumentAnalysis, pos: lsp.Position) -> int:
    return analysis.document.offset(Position(pos.line, pos.character))


def span(analysis: DocumentAnalysis, rng: lsp.Range) -> tuple[int, int]:
    """The byte offsets of a range a request names. A range that ends before it starts is
    InvalidParams: the LSP defines a range's end as at or after its start, and guessing which
    the client meant (swap? empty?) would answer a question that was not asked."""
    if (rng.end.line, rng.end.character) < (rng.start.line, rng.start.character):
        raise JsonRpcInvalidParams(f"Invalid params: the range ends ({rng.end.line}:{rng.end.character}) "
                                   f"before it starts ({rng.start.line}:{rng.start.character})")
    return offset(analysis, rng.start), offset(analysis, rng.end)


def change(c) -> tuple[Position | None, Position | None, str]:
    """An LSP content change as (start, end, text); a whole-document change has no range."""
    rng = getattr(c, "range", None)
    if rng is None:
        return None, None, c.text
    return Position(rng.start.line, rng.start.character), Position(rng.end.line, rng.end.character), c.text


def diagnostic(analysis: DocumentAnalysis, d: Diagnostic, uri: str) -> lsp.Diagnostic:
    related = [
        lsp.DiagnosticRelatedInformation(
            location=lsp.Location(uri=uri, range=span_range(analysis, r.span)), message=r.message)
        for r in d.related
    ] or None
    return lsp.Diagnostic(
        range=span_range(analysis, d.span),
        message=d.message,
        severity=_SEVERITY[d.severity],
        code=d.code,
        source=d.source.value,
        related_information=related,
    )


def diagnostics(analysis: DocumentAnalysis) -> list[lsp.Diagnostic]:
    uri = analysis.document.uri
    return [diagnostic(analysis, d, uri) for d in analysis.diagnostics()]
