"""The custom requests of the cute-ir language server (see vscode-extension/src/protocol.ts).

* `cute-ir/ptxPreview` {textDocument: {uri}, arch, assemble?} ->
  {ptx, lineMap: [{ptxLine, range}], diagnostics} | null (document not open).
  `arch` defaults to the server's target setting; an unknown arch is an InvalidParams error.
  `diagnostics` are what the preview finds beyond the published analysis diagnostics: atoms
  `arch` cannot run (source "lower") when `arch` is not the document's target (at its target
  the analysis reports the same ones, docs/architecture.md "PTX preview": sent again here, an
  editor would show each twice) and, when the optional `assemble` flag is true, what ptxas says
  about the module, on the IR op whose kernel holds the line (source "ptxas").
* `cute-ir/descriptorFields` {textDocument, position} -> {title, fields: [{name, low, width,
  value, meaning}], range} | null (no descriptor there). `range` (what the fields describe)
  is an addition the extension may ignore. `low` and `width` are null for a CUtensorMap,
  whose bit layout is not public (its encode parameters are the fields).

* `cute-ir/loweredIr` {textDocument, pipeline?, arch?, position?, stages?} -> {text, lineMap,
  input, pipeline, target, scope, stages: [{pass, name, changed, text, lineMap: [{line,
  range}]}], diagnostics} | null (document not open). `pipeline` is MLIR pipeline text
  (default: the atom lowering, `cute-ir passes`); `text` is the IR after the last pass, with
  its `lineMap`, and `input` the IR as printed before the first one (what the first stage is
  compared with); each stage is the IR after one pass, `lineMap` maps a 0-based line of its
  text to the source range of the op printed there. `stages` says which stages carry `text`
  and `lineMap`: "all" (the default), "changed" (a stage that left the IR as it was has
  neither: its text is the previous one's, as `--mlir-print-ir-after-change` prints), or
  "last" (none does, and `input` is left out: a view of the result alone). With `position`,
  the stages show only the top-level op (function) there, when the pipeline can run on it
  alone (`scope` is then "function" and `range` is the function's source range, else
  "module"): what a pane following the cursor needs, at the cost of one function. With
  `semanticTokens: true` the answer also has `semanticTokens`: the semantic tokens of `text`
  (LSP's relative encoding, the server's legend), for a pane that shows it coloured like the
  source. A pipeline that does not parse, an unknown arch, a malformed position or an
  unknown `stages` is InvalidParams.

Registered on the server by `from . import requests` in server.py.
"""
from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException

from ..diagnostics import Span
from ..features.preview import preview_module
from ..features import descriptors as descriptor_feature
from ..features import document_target as document_target_feature
from ..features import lowered
from ..features import ptx as ptx_feature
from ..passes import PipelineError
from ..tables import tiers as T
from . import convert, semantic, settings as client_settings
from .server import CuteIrServer, server
from .settings import SETTINGS_SECTION

log = logging.getLogger(__name__)

PTX_PREVIEW = "cute-ir/ptxPreview"
DESCRIPTOR_FIELDS = "cute-ir/descriptorFields"
DOCUMENT_TARGET = "cute-ir/documentTarget"
LOWERED_IR = "cute-ir/loweredIr"

# How long to wait for the client's answer to workspace/configuration (the ptxas path).
CONFIGURATION_TIMEOUT = 2.0
INVALID_PARAMS = -32602


def _get(params: Any, *path: str) -> Any:
    """params.a.b for dict- or attribute-shaped params (camelCase keys as sent)."""
    node = params
    for key in path:
        if node is None:
            return None
        if isinstance(node, dict):
            node = node.get(key)
        else:
            node = getattr(node, key, None)
    return node


def _position(params: Any) -> lsp.Position:
    try:   # lsprotocol's own checks: integers in the LSP's uinteger range
        return lsp.Position(line=_get(params, "position", "line"), character=_get(params, "position", "character"))
    except (TypeError, ValueError):
        raise _invalid("expected params.position {line, character}") from None


def _invalid(message: str) -> JsonRpcException:
    return JsonRpcException(message=message, code=INVALID_PARAMS)


def _document_uri(params: Any) -> str:
    uri = _get(params, "textDocument", "uri")
    if not isinstance(uri, str) or not uri:
        raise _invalid("expected params.textDocument.uri")
    return uri


async def _ptxas_path(ls: CuteIrServer) -> str:
    """The ptxas the user configured (`cute-ir.ptxas.path`), else `ptxas` on PATH."""
    for holder in (ls, getattr(ls, "settings", None)):
        path = getattr(holder, "ptxas_path", None)
        if isinstance(path, str) and path.strip():
            return path
    try:
        caps = ls.client_capabilities.workspace
    except Exception:
        caps = None
    if caps is not None and caps.configuration:
        try:
            values = await asyncio.wait_for(ls.workspace_configuration_async(
                lsp.ConfigurationParams(items=[lsp.ConfigurationItem(section=SETTINGS_SECTION)])),
                CONFIGURATION_TIMEOUT)
            if values:
                path = client_settings.ptxas_path({SETTINGS_SECTION: values[0]})
                if path:
                    return path
        except Exception as err:   # no answer: the default
            log.info("workspace/configuration for the ptxas path failed: %s", err)
    return "ptxas"


def _arch(params: Any, analysis) -> str:
    """The request's `arch`, or the document's target; an unknown one is InvalidParams."""
    arch = _get(params, "arch") or analysis.target_arch
    if not isinstance(arch, str) or T.parse_target(arch) is None:
        known = ", ".join(t.name for t in T.TARGETS)
        raise _invalid(f"unknown target architecture `{arch}`; expected one of {known}")
    return arch


@server.feature(PTX_PREVIEW)
async def ptx_preview(ls: CuteIrServer, params: Any):
    uri = _document_uri(params)
    analysis = ls.analysis(uri)
    if analysis is None:
        return None
    arch = _arch(params, analysis)
    preview = preview_module(analysis, arch)

    # Positions now: the document may change while ptxas runs.
    ranges: dict[Span, lsp.Range] = {}

    def range_of(span: Span) -> lsp.Range:
        rng = ranges.get(span)
        if rng is None:
            rng = ranges[span] = convert.span_range(analysis, span)
        return rng

    line_map = [{"ptxLine": line, "range": convert.range_json(range_of(span))}
                for line, span in preview.line_map]
    # At the document's own target the analysis publishes these itself (one verdict).
    own = preview.problems if arch != analysis.target_arch else []
    diagnostics = [convert.diagnostic(analysis, d, uri, range_of) for d in own]
    range_of(Span(0, 0))

    if _get(params, "assemble") is True and preview.kernels:
        path = await _ptxas_path(ls)
        messages = await asyncio.to_thread(ptx_feature.assemble, preview.ptx_text,
                                           preview.target, path)
        for d in ptx_feature.ptxas_diagnostics(preview, messages):
            diagnostics.append(convert.diagnostic(analysis, d, uri, lambda s: ranges.get(s) or ranges[Span(0, 0)]))
    return {"ptx": preview.ptx_text, "lineMap": line_map, "diagnostics": diagnostics}


@server.feature(DESCRIPTOR_FIELDS)
def descriptor_fields(ls: CuteIrServer, params: Any):
    uri = _document_uri(params)
    position = _position(params)
    analysis = ls.analysis(uri)
    if analysis is None:
        return None
    offset = convert.offset(analysis, position)
    view = descriptor_feature.descriptor_fields(analysis, offset)
    if view is None:
        return None
    result: dict[str, Any] = {
        "title": view.title,
        "fields": [{"name": f.name, "low": f.low, "width": f.width, "value": f.value,
                    "meaning": f.meaning} for f in view.fields],
    }
    if view.span is not None:
        result["range"] = convert.range_json(convert.span_range(analysis, view.span))
    return result


@server.feature(DOCUMENT_TARGET)
def document_target(ls: CuteIrServer, params: Any):
    """`{textDocument}` -> `{arch, source, reason, range?, decidedBy?}`: the target the document
    is verified and previewed for, and why (`source`: "file" when its `#nvvm.target` declares
    it, "setting" for `cute-ir.targetArch`, "inferred" from what its atoms need, "default"
    when nothing decides, "command line"); `range` is the declaration's chip string, or for an
    inferred target where the deciding atom is written; `decidedBy` names that atom and the op
    that writes it."""
    analysis = ls.analysis(_document_uri(params))
    if analysis is None:
        return None
    # An atom written in an alias's definition is placed where the first op writes the alias.
    choice = document_target_feature.placed(analysis)
    result: dict[str, Any] = {"arch": choice.arch, "source": choice.source,
                              "reason": document_target_feature.explain(analysis, choice)}
    if choice.declared is not None:
        result["range"] = convert.range_json(convert.span_range(analysis, choice.declared))
    if choice.decided_by is not None:
        need = choice.decided_by
        where = convert.range_json(convert.span_range(analysis, need.span))
        result["range"] = where
        result["decidedBy"] = {"atom": need.atom, "range": where,
                               "op": document_target_feature.op_writing(analysis, need.span)}
    return result


@server.command("cute-ir.ptxPreview")
async def ptx_preview_command(ls: CuteIrServer, params: dict):
    """The PTX preview as a command (`workspace/executeCommand`), for clients that drive
    features through commands: one argument, the request's params."""
    return await ptx_preview(ls, params)


@server.feature(LOWERED_IR)
def lowered_ir(ls: CuteIrServer, params: Any):
    uri = _document_uri(params)
    analysis = ls.analysis(uri)
    if analysis is None:
        return None
    arch = _arch(params, analysis)
    pipeline = _get(params, "pipeline")
    if pipeline is not None and not isinstance(pipeline, str):
        raise _invalid("expected params.pipeline to be MLIR pipeline text")
    texts = _get(params, "stages") or "all"
    if texts not in lowered.STAGE_TEXTS:
        raise _invalid(f"expected params.stages to be one of {', '.join(map(repr, lowered.STAGE_TEXTS))}")
    at = None if _get(params, "position") is None else convert.offset(analysis, _position(params))
    try:
        result = lowered.lower(analysis, pipeline or None, arch, at=at, texts=texts)
    except PipelineError as error:
        raise _invalid(f"params.pipeline: {error}") from None
    # Every stage maps its lines to the same source ops: each range is converted once. The
    # texts and line maps are written as JSON here; at 50k lines they are most of the answer.
    ranges: dict[Span, str] = {}

    def printed(stage) -> dict[str, str]:
        return {"text": json.dumps(stage.text),
                "lineMap": convert.line_map_json(analysis, stage.line_spans, ranges)}

    def stage_json(stage) -> convert.EncodedJson:
        about = {"pass": stage.argument, "name": stage.pass_name, "changed": stage.changed}
        return convert.EncodedJson.object(about, **(printed(stage) if stage.text is not None else {}))
    stages = convert.EncodedJson.array([stage_json(s) for s in result.stages])
    output = printed(result.output) if result.output is not None else {"text": '""', "lineMap": "[]"}
    shown = {"range": convert.span_json(analysis, result.shown)} if result.shown is not None else {}
    before = {"input": json.dumps(result.input_text)} if texts != "last" else {}
    if _get(params, "semanticTokens") is True:
        lowered_text = result.output.text if result.output is not None else ""
        before["semanticTokens"] = json.dumps(semantic.text_tokens(lowered_text, analysis))
    about = {"pipeline": result.pipeline, "target": result.target, "scope": result.scope, **shown,
             "diagnostics": [convert.diagnostic(analysis, d, uri) for d in result.diagnostics]}
    return convert.EncodedJson.object(about, **output, **before, stages=stages)
