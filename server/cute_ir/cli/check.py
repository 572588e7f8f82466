"""`cute-ir check`: report the diagnostics of IR files."""
from __future__ import annotations

import argparse
import json
import sys

from ..diagnostics import Diagnostic, Severity
from ..diagnostics.codes import CODES
from . import sarif_report
from . import target_note
from . import verify_diagnostics
from .inputs import STDIN, FileReport, add_stdin_filename_option, expand, read, read_bytes
from .json_report import items
from .options import (CLEAN, FINDINGS, USAGE, add_arch_option, describe_exit_status, settings_for,
                      usage_error)
from .text_report import COLOR_CHOICES, TextReport, severity_counts, use_colour


def _code_prefixes(values: list[str] | None) -> list[str]:
    """`--select a,b --select c` -> ['a', 'b', 'c']."""
    return [p.strip() for v in values or () for p in v.split(",") if p.strip()]


def _unknown_prefixes(prefixes: list[str]) -> list[str]:
    return [p for p in prefixes if not any(code.startswith(p) for code in CODES)]


def _shown(d: Diagnostic, select: list[str], ignore: list[str]) -> bool:
    """Prefix match, as ruff selects rules: `verify.mma` covers every `verify.mma.*`."""
    if select and not any(d.code.startswith(p) for p in select):
        return False
    return not any(d.code.startswith(p) for p in ignore)


def target_sentence(report: FileReport, diagnostics: list[Diagnostic]) -> str | None:
    """What the report says about the target a file was checked for (`target_note`)."""
    if report.problem:
        return None
    return target_note.target_sentence(report.analysis, diagnostics)


def _text(shown: list[tuple[FileReport, list[Diagnostic]]], colour: bool, summary: bool) -> str:
    out = TextReport(colour)
    for report, diagnostics in shown:
        if report.problem:
            out.add_problem(report)
        sentence = target_sentence(report, diagnostics) if summary else None
        if sentence is not None:
            out.add_target(report, sentence)
        for d in diagnostics:
            out.add(report, d)
    if summary:
        out.add_summary(len(shown), severity_counts(shown))
    return out.text()


def cmd_check(args: argparse.Namespace) -> int:
    select, ignore = _code_prefixes(args.select), _code_prefixes(args.ignore)
    unknown = _unknown_prefixes(select + ignore)
    if unknown:
        return usage_error("check", f"no diagnostic code starts with {', '.join(map(repr, unknown))} "
                                    "(the codes: docs/diagnostics.md)")
    sarif_problem = sarif_report.options_problem(args)
    if sarif_problem:
        return usage_error("check", sarif_problem)
    if args.files.count(STDIN) > 1:
        return usage_error("check", "standard input (-) can be read only once")
    files, problems = expand(args.files)
    for problem in problems:
        print(f"cute-ir check: error: {problem}", file=sys.stderr)
    settings = settings_for(args)
    if args.verify_diagnostics:
        return _verify(files, problems, settings, args, select, ignore)
    if args.split_input_file:
        return usage_error("check", "--split-input-file goes with --verify-diagnostics")
    reports = [read(path, settings, args.stdin_filename) for path in files]
    shown = [(r, [d for d in r.diagnostics if _shown(d, select, ignore)]) for r in reports]

    if args.format == "json":
        print(json.dumps(items(shown), indent=2))
    elif args.format == "sarif":
        print(sarif_report.render(shown, args.sarif_root, args.help_uri_base))
    else:
        sys.stdout.write(_text(shown, use_colour(args.color), summary=not args.quiet))

    if problems or any(r.unreadable for r in reports):
        return USAGE
    failing = {Severity.ERROR, Severity.WARNING} if args.werror else {Severity.ERROR}
    if any(r.problem for r in reports) or any(d.severity in failing for _, ds in shown for d in ds):
        return FINDINGS
    return CLEAN


def _verify(files: list[str], problems: list[str], settings, args: argparse.Namespace,
            select: list[str], ignore: list[str]) -> int:
    """--verify-diagnostics: each file's diagnostics against the `expected-*` comments it holds;
    every disagreement is an error at its line, as mlir-opt reports them."""
    failed = bool(problems)
    matched = total = 0
    for path in files:
        name, raw, problem, _ = read_bytes(path, args.stdin_filename)
        if raw is None:
            print(f"{name}: error: {problem}", file=sys.stderr)
            failed = True
            continue
        uri = path if path == STDIN else "file://" + path
        verdict = verify_diagnostics.verify_file(uri, raw, settings, args.split_input_file,
                                                 lambda d: _shown(d, select, ignore))
        for failure in verdict.failures:
            print(verify_diagnostics.render(name, failure))
        failed = failed or not verdict.ok
        total += len(verdict.expected)
        matched += sum(1 for e in verdict.expected if e.matched)
    if not args.quiet:
        print(f"{len(files)} file{'s' * (len(files) != 1)} verified: {matched} of {total} expected "
              f"diagnostics produced{'' if not failed else '; see the errors above'}", file=sys.stderr)
    return FINDINGS if failed else CLEAN


def add_parser(sub) -> None:
    check = sub.add_parser(
        "check", help="report the diagnostics of IR files",
        description="Report the diagnostics of IR files: syntax, types, the dialect's verifiers "
                    "for the target, in the spec's wording.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="FILE may be `-` (standard input), a directory (searched for *.ir and *.mlir,\n"
               "hidden directories skipped) or a quoted glob pattern ('examples/**/*.ir').\n"
               "Every diagnostic code is described in docs/diagnostics.md.")
    check.add_argument("files", nargs="+", metavar="FILE",
                       help="files, directories or glob patterns to check; - reads standard input")
    check.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                       help="text (default: clang-style, with the source line and a caret), "
                            "json (a list of diagnostics, LSP positions) or sarif (SARIF 2.1.0)")
    sarif_report.add_options(check)
    add_arch_option(check, "target architecture the verifiers check against")
    check.add_argument("--color", choices=COLOR_CHOICES, default="auto",
                       help="colour the text output: auto (default) colours a terminal unless "
                            "the NO_COLOR environment variable is set")
    check.add_argument("-q", "--quiet", action="store_true",
                       help="print only the diagnostics, without the closing summary line")
    check.add_argument("--werror", action="store_true",
                       help="warnings make the exit status 1, as errors do")
    check.add_argument("--select", action="append", metavar="CODES",
                       help="report only diagnostics whose code starts with one of these "
                            "comma-separated prefixes (e.g. verify.mma,types); repeatable")
    check.add_argument("--ignore", action="append", metavar="CODES",
                       help="do not report diagnostics whose code starts with one of these "
                            "comma-separated prefixes; repeatable, applied after --select")
    check.add_argument("--allow-unregistered-dialect", action=argparse.BooleanOptionalAction, default=True,
                       help="accept ops of dialects cute-ir has no records for (default: on, unlike "
                            "mlir-opt: real files mix in dialects of their own, and an op cute-ir "
                            "cannot check is not an error); --no-allow-unregistered-dialect reports "
                            "them as mlir-opt does")
    check.add_argument("--verify-diagnostics", action="store_true",
                       help="check the diagnostics against the file's `// expected-error {{...}}` "
                            "comments (also -warning, -remark, -note; @+N, @-N, @above, @below, "
                            "@unknown; -re for {{regex}} blocks), as mlir-opt -verify-diagnostics "
                            "does: exit 1 and report each expectation not produced and each "
                            "diagnostic not expected, at its line")
    check.add_argument("--split-input-file", action="store_true",
                       help="with --verify-diagnostics: check each `// -----` split of a file on "
                            "its own, as mlir-opt --split-input-file does")
    add_stdin_filename_option(check)
    describe_exit_status(check, "no errors (warnings count only with --werror)",
                         "errors (or, with --werror, warnings) in a file, or a file that cannot be "
                         "analysed (binary, too large)")
    check.set_defaults(run=cmd_check)
