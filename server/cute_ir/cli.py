"""`cute-ir check|parse|serve`: the command line.

Exit status: 0 = no errors, 1 = errors in the input (diagnostics or unreadable files),
2 = bad usage.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from . import __version__
from .analysis import MAX_ANALYSED_BYTES, DocumentAnalysis, Settings
from .diagnostics import Diagnostic, Severity, Source, Span
from .tables.tiers import EDITOR_TARGETS

TARGET_NAMES: tuple[str, ...] = tuple(EDITOR_TARGETS)


@dataclass
class FileReport:
    path: str
    analysis: DocumentAnalysis | None
    diagnostics: list[Diagnostic]
    problem: str | None = None      # the file could not be analysed at all


def _read(path: str, settings: Settings) -> FileReport:
    p = Path(path)
    try:
        if p.is_dir():
            return FileReport(path, None, [], "is a directory, not an .ir file")
        size = p.stat().st_size
        if size > MAX_ANALYSED_BYTES:
            return FileReport(path, None, [], f"file too large to analyse: {size / 2**20:.1f} MiB "
                                              f"(the limit is {MAX_ANALYSED_BYTES // 2**20} MiB)")
        raw = p.read_bytes()
    except FileNotFoundError:
        return FileReport(path, None, [], "no such file")
    except PermissionError:
        return FileReport(path, None, [], "permission denied")
    except OSError as err:
        return FileReport(path, None, [], f"cannot read: {err.strerror or err}")
    if b"\x00" in raw:
        return FileReport(path, None, [], "binary file (contains NUL bytes), not MLIR text")
    analysis = DocumentAnalysis(p.resolve().as_uri(), raw, settings=settings)
    return FileReport(path, analysis, analysis.diagnostics())


def _location(report: FileReport, d: Diagnostic) -> tuple[dict, dict]:
    a = report.analysis
    start = a.document.position(d.span.start)
    end = a.document.position(d.span.end)
    return ({"line": start.line, "character": start.character},
            {"line": end.line, "character": end.character})


def _format_text(reports: list[FileReport]) -> str:
    lines = []
    for r in reports:
        if r.problem:
            lines.append(f"{r.path}: error: {r.problem}")
            continue
        for d in r.diagnostics:
            start, _ = _location(r, d)
            lines.append(f"{r.path}:{start['line'] + 1}:{start['character'] + 1}: "
                         f"{d.severity.label}: {d.message} [{d.source.value}:{d.code}]")
            for rel in d.related:
                rs = r.analysis.document.position(rel.span.start)
                lines.append(f"{r.path}:{rs.line + 1}:{rs.character + 1}: note: {rel.message}")
    errors = sum(1 for r in reports for d in r.diagnostics if d.severity is Severity.ERROR) + \
        sum(1 for r in reports if r.problem)
    warnings = sum(1 for r in reports for d in r.diagnostics if d.severity is Severity.WARNING)
    lines.append(f"{len(reports)} file{'s' if len(reports) != 1 else ''} checked: "
                 f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}")
    return "\n".join(lines)


def _json_items(reports: list[FileReport]) -> list[dict]:
    items = []
    for r in reports:
        if r.problem:
            zero = {"line": 0, "character": 0}
            items.append({"file": r.path, "range": {"start": zero, "end": zero}, "severity": "error",
                          "code": "file.unreadable", "source": Source.SYNTAX.value, "message": r.problem})
            continue
        for d in r.diagnostics:
            start, end = _location(r, d)
            items.append({"file": r.path, "range": {"start": start, "end": end},
                          "severity": d.severity.label, "code": d.code, "source": d.source.value,
                          "message": d.message})
    return items


_SARIF_LEVEL = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}


def _format_sarif(reports: list[FileReport]) -> str:
    results = []
    for item in _json_items(reports):
        start, end = item["range"]["start"], item["range"]["end"]
        results.append({
            "ruleId": item["code"],
            "level": _SARIF_LEVEL[item["severity"]],
            "message": {"text": item["message"]},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": Path(item["file"]).as_posix()},
                # SARIF regions are 1-based; columns count UTF-16 units like LSP.
                "region": {"startLine": start["line"] + 1, "startColumn": start["character"] + 1,
                           "endLine": end["line"] + 1, "endColumn": end["character"] + 1},
            }}],
        })
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "cute-ir", "version": __version__,
                                      "informationUri": "https://example.invalid/cute-ir"}},
                  "columnKind": "utf16CodeUnits", "results": results}],
    }
    return json.dumps(log, indent=2)


def cmd_check(args: argparse.Namespace) -> int:
    settings = Settings(target_arch=args.arch)
    reports = [_read(path, settings) for path in args.files]
    if args.format == "json":
        print(json.dumps(_json_items(reports), indent=2))
    elif args.format == "sarif":
        print(_format_sarif(reports))
    else:
        print(_format_text(reports))
    failed = any(r.problem for r in reports) or any(
        d.severity is Severity.ERROR for r in reports for d in r.diagnostics)
    return 1 if failed else 0


def _print_tree(node, depth: int, field: str | None, out: list[str]) -> None:
    label = f"{field}: " if field else ""
    start, end = node.start_point, node.end_point
    kind = node.type if node.is_named else repr(node.type)
    if node.is_missing:
        kind = f"MISSING {kind}"
    out.append(f"{'  ' * depth}{label}({kind} [{start.row}, {start.column}] - [{end.row}, {end.column}])")
    for index, child in enumerate(node.children):
        if not child.is_named and not child.is_missing:
            continue
        _print_tree(child, depth + 1, node.field_name_for_child(index), out)


def cmd_parse(args: argparse.Namespace) -> int:
    report = _read(args.file, Settings())
    if report.problem:
        print(f"{args.file}: error: {report.problem}", file=sys.stderr)
        return 1
    tree = report.analysis.fresh_tree()
    if tree is None:
        print(f"{args.file}: error: {report.diagnostics[0].message}", file=sys.stderr)
        return 1
    out: list[str] = []
    _print_tree(tree.root_node, 0, None, out)
    sys.stdout.write("\n".join(out) + "\n")
    syntax = [d for d in report.diagnostics if d.source is Source.SYNTAX]
    for d in syntax:
        pos = report.analysis.document.position(d.span.start)
        print(f"{args.file}:{pos.line + 1}:{pos.character + 1}: {d.severity.label}: {d.message}", file=sys.stderr)
    return 1 if any(d.severity is Severity.ERROR for d in syntax) else 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .lsp.server import serve  # pygls is only needed here

    serve()
    return 0


# ---------------------------------------------------------------------------------- ptx
from .tables.tiers import TARGETS as _TARGET_ROWS  # noqa: E402

ALL_TARGETS: tuple[str, ...] = tuple(t.name for t in _TARGET_ROWS)


def _print_diagnostics(path: str, analysis: DocumentAnalysis, diagnostics: list[Diagnostic]) -> None:
    for d in diagnostics:
        pos = analysis.document.position(d.span.start)
        print(f"{path}:{pos.line + 1}:{pos.character + 1}: {d.severity.label}: {d.message} "
              f"[{d.source.value}:{d.code}]", file=sys.stderr)


def _synthesized_atom(type_text: str, attrs: str | None) -> str | None:
    """`%atom = cute_nvgpu.make_{mma,copy}_atom {attrs} : TYPE` for `ptx --atom`, or None."""
    import re

    from .dialects.cute_nvgpu.types import resolve_mnemonic
    from .tables.atoms import Interface

    m = re.match(r"\s*!cute_nvgpu\.([A-Za-z0-9_.]+)", type_text)
    if m is None:
        return None
    res = resolve_mnemonic(m.group(1))
    row = res.row
    copy = row is not None and not row.implements(Interface.MMA_ATOM) and (
        row.implements(Interface.COPY_ATOM) or row.implements(Interface.TMA_ATOM))
    op = "cute_nvgpu.make_copy_atom" if copy else "cute_nvgpu.make_mma_atom"
    if row is not None and row.mnemonic == "SM120.mma_bs":
        op = "cute_nvgpu.make_sm120_mma_bs"
    attr_text = ""
    if attrs and attrs.strip():
        attr_text = attrs.strip()
        if not attr_text.startswith("{"):
            attr_text = "{" + attr_text + "}"
        attr_text = " " + attr_text
    return f"%atom = {op}{attr_text} : {type_text.strip()}\n"


def _assemble_and_report(path: str, analysis: DocumentAnalysis, preview, ptxas: str) -> bool:
    """Run ptxas on the preview; report what it says. True when it found errors."""
    from .features.ptx import assemble, is_not_found, ptxas_diagnostics

    if not preview.kernels:
        return False
    messages = assemble(preview.ptx_text, preview.target, ptxas)
    if any(is_not_found(m) for m in messages):
        print(f"cute-ir: warning: {messages[0].message}", file=sys.stderr)
        return False
    diagnostics = ptxas_diagnostics(preview, messages)
    _print_diagnostics(path, analysis, diagnostics)
    return any(d.severity is Severity.ERROR for d in diagnostics)


def cmd_ptx(args: argparse.Namespace) -> int:
    from .emit.preview import preview_module

    settings = Settings(target_arch=args.arch)
    if (args.atom is None) == (args.file is None):
        print("cute-ir ptx: error: give exactly one of FILE and --atom TYPE", file=sys.stderr)
        return 2
    if args.atom is not None:
        text = _synthesized_atom(args.atom, args.attrs)
        if text is None:
            print(f"cute-ir ptx: error: --atom expects a cute_nvgpu atom type such as "
                  f"'!cute_nvgpu.sm90.mma', got {args.atom!r}", file=sys.stderr)
            return 2
        path = "<atom>"
        analysis = DocumentAnalysis("file:///atom.ir", text, settings=settings)
        errors = [d for d in analysis.diagnostics() if d.severity is Severity.ERROR]
        if errors:
            print(f"cute-ir ptx: the atom is not valid for {args.arch}:", file=sys.stderr)
            print(f"  {text.rstrip()}", file=sys.stderr)
            _print_diagnostics(path, analysis, errors)
            return 1
    else:
        if args.attrs is not None:
            print("cute-ir ptx: error: --attrs goes with --atom", file=sys.stderr)
            return 2
        report = _read(args.file, settings)
        if report.problem:
            print(f"{args.file}: error: {report.problem}", file=sys.stderr)
            return 1
        path, analysis = args.file, report.analysis
    preview = preview_module(analysis, args.arch)
    failed = bool(preview.problems)
    if args.atom is not None and not preview.kernels and not failed:
        note = next((l.strip()[2:].strip() for l in preview.ptx_text.splitlines()
                     if l.startswith("//   ")), "the atom has no instruction to preview")
        print(f"cute-ir ptx: {note}", file=sys.stderr)
        return 1
    if args.output:
        try:
            Path(args.output).write_text(preview.ptx_text, encoding="utf-8")
        except OSError as err:
            print(f"cute-ir ptx: error: cannot write {args.output}: {err.strerror or err}",
                  file=sys.stderr)
            return 1
    else:
        sys.stdout.write(preview.ptx_text)
    _print_diagnostics(path, analysis, preview.problems)
    if args.assemble:
        failed = _assemble_and_report(path, analysis, preview, args.ptxas) or failed
    return 1 if failed else 0


# ---------------------------------------------------------------------------------- descriptor
def _descriptor_tables() -> dict:
    from .tables import descriptors as D

    return {"sm90-smem": D.GMMA_SMEM_DESC, "sm100-smem": D.UMMA_SMEM_DESC,
            "sm100-idesc": D.UMMA_INSTR_DESC, "sm100-idesc-bs": D.UMMA_INSTR_DESC_BLOCK_SCALED}


DESCRIPTOR_KINDS = ("sm90-smem", "sm100-smem", "sm100-idesc", "sm100-idesc-bs")


def _parse_word(text: str) -> int | None:
    t = text.strip().lower()
    try:
        return int(t, 10) if t.isdigit() else int(t, 0)
    except ValueError:
        return None


def _print_columns(rows: list[tuple[str, ...]]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    for r in rows:
        print(("  ".join(f"{cell:<{w}}" for cell, w in zip(r, widths)) + "  " + r[-1]).rstrip())


# `cute-ir descriptor tma-tiled|tma-im2col JSON`: the CUtensorMap a TMA descriptor becomes, as
# the encode parameters of tables/tensormap.py (its byte layout is not public).
TMA_DESCRIPTOR_KINDS = {"tma-tiled": "tiled", "tma-im2col": "im2col"}


def cmd_tma_descriptor(args: argparse.Namespace) -> int:
    from .tables import tensormap

    kind = TMA_DESCRIPTOR_KINDS[args.kind]
    text = args.value
    try:
        if text.startswith("@"):
            with open(text[1:], encoding="utf-8") as f:
                text = f.read()
        params = json.loads(text)
    except (OSError, ValueError) as e:
        print(f"cute-ir descriptor: error: VALUE must be a JSON object of encode parameters "
              f"(or @FILE holding one): {e}", file=sys.stderr)
        return 2
    if not isinstance(params, dict):
        print("cute-ir descriptor: error: VALUE must be a JSON object", file=sys.stderr)
        return 2
    problems = tensormap.check_parameters(kind, params)
    fields = tensormap.describe(kind, params)
    if args.format == "json":
        print(json.dumps({"kind": args.kind, "bytes": tensormap.TENSORMAP_BYTES,
                          "fields": [dict(zip(("field", "encode", "value", "rule"), f)) for f in fields],
                          "problems": problems}, indent=2))
    else:
        print(f"CUtensorMap ({args.kind}, {tensormap.TENSORMAP_BYTES} bytes, "
              f"{tensormap.ENCODE_ALIGNMENT}-byte aligned; encode parameters, the byte layout is not public)")
        _print_columns([("field", "encode parameter", "value", "rule")] + fields)
    for problem in problems:
        print(f"cute-ir descriptor: {problem}", file=sys.stderr)
    return 1 if problems else 0


def cmd_descriptor(args: argparse.Namespace) -> int:
    from .tables import descriptors as D

    if args.kind in TMA_DESCRIPTOR_KINDS:
        return cmd_tma_descriptor(args)
    table = _descriptor_tables()[args.kind]
    value = _parse_word(args.value)
    if value is None:
        print(f"cute-ir descriptor: error: VALUE must be a decimal or 0x-prefixed hexadecimal "
              f"number, got {args.value!r}", file=sys.stderr)
        return 2
    if value < 0:
        print(f"cute-ir descriptor: error: VALUE must not be negative, got {args.value}",
              file=sys.stderr)
        return 2
    if value >= 1 << table.width:
        print(f"cute-ir descriptor: error: {args.value} does not fit in the {table.width}-bit "
              f"{table.name} ({args.kind}); it has {value.bit_length()} bits", file=sys.stderr)
        return 2
    decoded = D.decode(table, value)
    illegal = [f.name for f, raw, meaning in decoded if meaning.startswith("illegal value")]
    if args.format == "json":
        print(json.dumps(D.to_json(table, value), indent=2))
    else:
        digits = table.width // 4
        rows = [("field", "bits", "raw", "meaning")]
        rows += [(f.name, f.bits, f"{raw} (0x{raw:x})", meaning) for f, raw, meaning in decoded]
        print(f"{table.name} 0x{value:0{digits}x} ({args.kind}, {table.width} bits; {table.source})")
        _print_columns(rows)
    if illegal:
        print(f"cute-ir descriptor: {', '.join(illegal)} hold illegal values", file=sys.stderr)
        return 1
    return 0


def _add_lowering_commands(sub) -> None:
    ptx = sub.add_parser(
        "ptx", help="print the PTX generated for a file's atoms (or one atom type)",
        description="Print one PTX module with a kernel per atom-building / atom-applying op of "
                    "FILE, or one kernel for the atom type given with --atom. Exit status 1 when "
                    "an atom is illegal for the target or ptxas (--assemble) rejects the module.")
    ptx.add_argument("file", nargs="?", metavar="FILE")
    ptx.add_argument("--atom", metavar="TYPE",
                     help="an atom type instead of a file, e.g. "
                          "'!cute_nvgpu.sm90.mma<64x128x16, elem_type = (f16, f16, f32)>'")
    ptx.add_argument("--attrs", metavar="DICT",
                     help="attributes of the atom for --atom, e.g. "
                          "'{shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32}'")
    ptx.add_argument("--arch", choices=ALL_TARGETS, default=Settings().target_arch, metavar="ARCH",
                     help="target architecture (default: %(default)s; one of "
                          + ", ".join(ALL_TARGETS) + ")")
    ptx.add_argument("--assemble", action="store_true", help="also run ptxas on the module")
    ptx.add_argument("--ptxas", default="ptxas", metavar="PATH",
                     help="the ptxas executable for --assemble (default: ptxas on PATH)")
    ptx.add_argument("-o", "--output", metavar="OUT", help="write the PTX to OUT instead of stdout")
    ptx.set_defaults(run=cmd_ptx)

    desc = sub.add_parser("descriptor", help="decode a descriptor word into its bit fields",
                          description="Decode a WGMMA / tcgen05 descriptor word, or check and print the "
                                      "encode parameters of a TMA descriptor (CUtensorMap).")
    desc.add_argument("kind", choices=DESCRIPTOR_KINDS + tuple(TMA_DESCRIPTOR_KINDS), metavar="KIND",
                      help="sm90-smem (GmmaDescriptor), sm100-smem (SmemDescriptor), sm100-idesc "
                           "(InstrDescriptor), sm100-idesc-bs (InstrDescriptorBlockScaled), "
                           "tma-tiled / tma-im2col (CUtensorMap encode parameters)")
    desc.add_argument("value", metavar="VALUE", help="the word, decimal or 0x hexadecimal; for tma-* a JSON "
                                                     "object of encode parameters or @FILE")
    desc.add_argument("--format", choices=("text", "json"), default="text")
    desc.set_defaults(run=cmd_descriptor)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cute-ir", description="Tooling for cute_nvgpu / TileAS MLIR text.")
    parser.add_argument("--version", action="version", version=f"cute-ir {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    check = sub.add_parser("check", help="report the diagnostics of .ir files")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    check.add_argument("--arch", choices=TARGET_NAMES, default=Settings().target_arch,
                       help="target architecture the verifiers check against (default: %(default)s)")
    check.set_defaults(run=cmd_check)

    parse = sub.add_parser("parse", help="print the concrete syntax tree of a file")
    parse.add_argument("file", metavar="FILE")
    parse.set_defaults(run=cmd_parse)

    serve = sub.add_parser("serve", help="run the language server on stdio")
    serve.set_defaults(run=cmd_serve)
    _add_lowering_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `cute-ir check ... | head` closed the pipe: not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
