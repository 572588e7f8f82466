"""A stand-in cute-ir language server for the VS Code end-to-end test.

It implements the whole client-facing surface the extension uses, with fake
but deterministic content, so the extension can be exercised independently of
the real server:

- diagnostics: "unknown  type `X` in dialect `cute_nvgpu`" (the dialect's
  verbatim text, two spaces) for every unknown `!cute_nvgpu.X`
- hover on a `!cute_nvgpu.*` type
- cute-ir/ptxPreview: a PTX-looking text with one `.entry` per func.func and
  one commented instruction per operation, plus the line map back to the IR
- cute-ir/descriptorFields: a fixed table
- cute-ir/loweredIr is deliberately NOT implemented (the client must cope
  with MethodNotFound)

usage: python mock_server.py   (stdio; needs pygls 2)
"""
import re

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

KNOWN = {
    "atom.universal_fma", "sm80.mma", "sm80.sparse_mma", "sm89.mma", "smem_desc", "smem_desc_view",
    "sm90.mma", "sm100.mma", "sm100.mma_sp", "sm100.mma_bs", "sm100.mma_bs_sp", "SM120.mma_bs",
    "atom.tmem_load", "atom.tmem_store", "atom.s2t_copy", "tma_descriptor_tiled", "tma_descriptor_im2col",
    "atom.tma_load", "atom.tma_store", "atom.tma_reduce", "atom.universal_copy", "atom.simt_async_copy",
    "atom.ldsm", "atom.stsm", "atom.non_exec_tiled_tma_load", "atom.non_exec_tiled_tma_store",
    "atom.non_exec_tiled_tma_reduce",
}
TYPE_RE = re.compile(r"!cute_nvgpu\.([A-Za-z_][\w.]*)")
FUNC_RE = re.compile(r"^\s*(?:func\.func|gpu\.func)\s+(?:\w+\s+)?@([\w$.]+)")
OP_RE = re.compile(r"^\s*(?:%[\w$.#:-]+(?:\s*,\s*%[\w$.#:-]+)*\s*=\s*)?\"?([A-Za-z_][\w$]*\.[\w$.]+)")

server = LanguageServer("cute-ir-mock", "0.1")
settings = {"targetArch": "sm_90a"}


def _get(obj, *names):
    """Custom request params arrive as attribute objects or dicts depending on the pygls version."""
    for name in names:
        if isinstance(obj, dict):
            if name in obj:
                return obj[name]
        elif hasattr(obj, name):
            return getattr(obj, name)
    return None


def _rng(line, start, end):
    return lsp.Range(start=lsp.Position(line=line, character=start), end=lsp.Position(line=line, character=end))


def _diagnostics(text):
    out = []
    for lineno, line in enumerate(text.splitlines()):
        for m in TYPE_RE.finditer(line):
            mnemonic = m.group(1)
            if mnemonic in KNOWN or re.fullmatch(r"i\d+", mnemonic):
                continue
            out.append(lsp.Diagnostic(
                range=_rng(lineno, m.start(), m.end()),
                message=f"unknown  type `{mnemonic}` in dialect `cute_nvgpu`",
                severity=lsp.DiagnosticSeverity.Error,
                source="cute-ir",
            ))
    return out


def _publish(ls, uri, version=None):
    doc = ls.workspace.get_text_document(uri)
    ls.text_document_publish_diagnostics(
        lsp.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=_diagnostics(doc.source)))


@server.feature(lsp.INITIALIZE)
def initialize(ls, params: lsp.InitializeParams):
    arch = _get(params.initialization_options or {}, "targetArch")
    if arch:
        settings["targetArch"] = arch


@server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
def did_change_configuration(ls, params):
    section = _get(params.settings or {}, "cute-ir") or {}
    arch = _get(section, "targetArch")
    if arch:
        settings["targetArch"] = arch


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls, params: lsp.DidOpenTextDocumentParams):
    _publish(ls, params.text_document.uri, params.text_document.version)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls, params: lsp.DidChangeTextDocumentParams):
    _publish(ls, params.text_document.uri, params.text_document.version)


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def hover(ls, params: lsp.HoverParams):
    doc = ls.workspace.get_text_document(params.text_document.uri)
    if params.position.line >= len(doc.lines):
        return None
    line = doc.lines[params.position.line]
    for m in TYPE_RE.finditer(line):
        if m.start() <= params.position.character <= m.end():
            known = m.group(1) in KNOWN
            text = f"**`{m.group(0)}`**\n\n" + (
                f"cute_nvgpu type `{m.group(1)}` (mock server)" if known else "unknown cute_nvgpu type (mock server)")
            return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text),
                             range=_rng(params.position.line, m.start(), m.end()))
    return None


def _plain_range(line, start, end_line, end):
    return {"start": {"line": line, "character": start}, "end": {"line": end_line, "character": end}}


@server.feature("cute-ir/ptxPreview")
def ptx_preview(ls, params):
    uri = _get(_get(params, "textDocument", "text_document"), "uri")
    arch = _get(params, "arch") or settings["targetArch"]
    lines = ls.workspace.get_text_document(uri).lines
    ptx = [f"// mock PTX for {uri.rsplit('/', 1)[-1]}", ".version 8.5", f".target {arch}", ".address_size 64", ""]
    line_map = []
    func = None  # IR range of the function being emitted

    def emit(text, rng):
        ptx.append(text)
        line_map.append({"ptxLine": len(ptx) - 1, "range": rng})

    for i, text in enumerate(lines):
        m = FUNC_RE.match(text)
        if m:
            end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == "}"), len(lines) - 1)
            func = _plain_range(i, 0, end, 1)
            emit(f".visible .entry {m.group(1)}()", func)
            emit("{", func)
            continue
        if func and text.strip() == "}":
            emit("}", func)
            func = None
            continue
        m = OP_RE.match(text)
        if func and m:
            rng = _plain_range(i, len(text) - len(text.lstrip()), i, len(text.rstrip()))
            emit(f"\t// {text.strip()}", rng)
            emit(f"\tmov.u32 \t%r{i}, {i};", rng)
    ptx.append("")
    return {"ptx": "\n".join(ptx), "lineMap": line_map}


@server.feature("cute-ir/descriptorFields")
def descriptor_fields(ls, params):
    return {"title": "SMEM matrix descriptor (mock)", "fields": [
        {"name": "start_address", "low": 0, "width": 14, "value": 64, "meaning": "(address & 0x3FFFF) >> 4"},
        {"name": "leading_byte_offset", "low": 16, "width": 14, "value": 1, "meaning": "LBO >> 4"},
        {"name": "stride_byte_offset", "low": 32, "width": 14, "value": 64, "meaning": "SBO >> 4"},
        {"name": "layout_type", "low": 62, "width": 2, "value": "SWIZZLE_128B", "meaning": "swizzle mode"},
    ]}


if __name__ == "__main__":
    server.start_io()
