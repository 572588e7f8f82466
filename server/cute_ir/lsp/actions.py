"""`textDocument/codeAction`: the quick fixes of `features/actions.py` as LSP CodeActions."""
from __future__ import annotations

from lsprotocol import types as lsp

from ..diagnostics import Span
from ..features import actions
from . import convert
from .server import CuteIrServer, server


def _wants_quick_fixes(only: list[str] | None) -> bool:
    if not only:
        return True
    quick = lsp.CodeActionKind.QuickFix.value
    return any(quick == kind or quick.startswith(kind + ".") for kind in only)


def _same(a: lsp.Diagnostic, b: lsp.Diagnostic) -> bool:
    return a.code == b.code and a.range == b.range and a.message == b.message


@server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
def on_code_action(ls: CuteIrServer, params: lsp.CodeActionParams):
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None or not _wants_quick_fixes(params.context.only):
        return None
    uri = analysis.document.uri
    fixes = actions.quick_fixes(analysis, Span(*convert.span(analysis, params.range)), analysis.diagnostics())
    sent = list(params.context.diagnostics or [])
    out = []
    for fix in fixes:
        ours = convert.diagnostic(analysis, fix.diagnostic, uri)
        # Answer with the client's own diagnostic object when it sent the same one.
        theirs = next((d for d in sent if _same(d, ours)), ours)
        edits = [lsp.TextEdit(range=convert.span_range(analysis, span), new_text=text)
                 for span, text in fix.edits]
        out.append(lsp.CodeAction(title=fix.title, kind=lsp.CodeActionKind.QuickFix,
                                  diagnostics=[theirs], is_preferred=True,
                                  edit=lsp.WorkspaceEdit(changes={uri: edits})))
    return out
