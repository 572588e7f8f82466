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
