"""Conversions between cute-ir results (byte spans) and lsprotocol types, in one place."""
from __future__ import annotations

from typing import Callable

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcInvalidParams

from ..analysis import DocumentAnalysis
from ..diagnostics import Diagnostic, Severity, Span
from ..features.outline import Symbol
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


def diagnostic(analysis: DocumentAnalysis, d: Diagnostic, uri: str,
               range_of: Callable[[Span], lsp.Range] | None = None) -> lsp.Diagnostic:
    """`d` as the LSP sends it. `range_of` converts its spans when they must be the positions
    of an earlier text (a request that awaits while the document may change)."""
    range_of = range_of or (lambda s: span_range(analysis, s))
    related = [
        lsp.DiagnosticRelatedInformation(location=lsp.Location(uri=uri, range=range_of(r.span)), message=r.message)
        for r in d.related
    ] or None
    return lsp.Diagnostic(
        range=range_of(d.span),
        message=d.message,
        severity=_SEVERITY[d.severity],
        code=d.code,
        source=d.source.value,
        related_information=related,
    )


def diagnostics(analysis: DocumentAnalysis) -> list[lsp.Diagnostic]:
    uri = analysis.document.uri
    return [diagnostic(analysis, d, uri) for d in analysis.diagnostics()]


def range_json(r: lsp.Range) -> dict:
    """A range in the JSON shape of the custom requests' results."""
    return {"start": {"line": r.start.line, "character": r.start.character},
            "end": {"line": r.end.line, "character": r.end.character}}


def span_json(analysis: DocumentAnalysis, span: Span) -> dict:
    """`range_json(span_range(...))` without the protocol objects: a lowered module's line map
    has one range per op of the file."""
    document = analysis.document
    start, end = document.position(span.start), document.position(span.end)
    return {"start": {"line": start.line, "character": start.character},
            "end": {"line": end.line, "character": end.character}}


def locations(analysis: DocumentAnalysis, spans) -> list[lsp.Location]:
    uri = analysis.document.uri
    return [lsp.Location(uri=uri, range=span_range(analysis, s)) for s in spans]


_SYMBOL_KINDS = {
    "module": lsp.SymbolKind.Module,
    "function": lsp.SymbolKind.Function,
    "alias": lsp.SymbolKind.TypeParameter,
    "atom": lsp.SymbolKind.Variable,
    "operation": lsp.SymbolKind.Event,
}


def symbol(analysis: DocumentAnalysis, s: Symbol) -> lsp.DocumentSymbol:
    return lsp.DocumentSymbol(
        name=s.name, detail=s.detail or None, kind=_SYMBOL_KINDS.get(s.kind, lsp.SymbolKind.Object),
        range=span_range(analysis, s.span),
        selection_range=span_range(analysis, s.selection),
        children=[symbol(analysis, c) for c in s.children] or None)
