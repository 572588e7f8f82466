"""`cute-ir format`: format IR files in place, as the editor's Format Document does
(features/format.py); `--check` and `--diff` only say what would change."""
from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from ..analysis import Settings
from ..features.format import formatted_text, formatted_unit
from .inputs import STDIN, add_stdin_filename_option, expand, read
from .options import CLEAN, FINDINGS, USAGE, describe_exit_status, usage_error


def _left_as_written(report) -> int:
    """How many statements formatting leaves as they are (a syntax error in them)."""
    analysis = report.analysis
    return sum(1 for unit in analysis.units if not unit.shell and formatted_unit(analysis, unit) is None)


def cmd_format(args: argparse.Namespace) -> int:
    if args.files.count(STDIN) > 1:
        return usage_error("format", "standard input (-) can be read only once")
    if args.check and args.diff:
        return usage_error("format", "give one of --check and --diff")
    files, problems = expand(args.files)
    for problem in problems:
        print(f"cute-ir format: error: {problem}", file=sys.stderr)
    status = USAGE if problems else CLEAN
    changed = 0
    for path in files:
        report = read(path, Settings(), args.stdin_filename)
        if report.problem:
            print(f"cute-ir format: error: {report.path}: {report.problem}", file=sys.stderr)
            status = max(status, USAGE if report.unreadable else FINDINGS)
            continue
        original = bytes(report.analysis.document.data).decode("utf-8", "replace")
        new = formatted_text(report.analysis)
        left = _left_as_written(report)
        if left:
            print(f"cute-ir format: {report.path}: {left} statement{'s' if left != 1 else ''} with syntax "
                  f"errors left as written", file=sys.stderr)
        if path == STDIN and not (args.check or args.diff):
            sys.stdout.write(new)
            continue
        if new == original:
            continue
        changed += 1
        if args.check:
            print(f"would reformat {report.path}")
        elif args.diff:
            sys.stdout.writelines(difflib.unified_diff(
                original.splitlines(keepends=True), new.splitlines(keepends=True),
                f"{report.path}", f"{report.path} (formatted)"))
        else:
            try:
                Path(path).write_text(new, encoding="utf-8")
            except OSError as err:
                print(f"cute-ir format: error: cannot write {report.path}: {err.strerror or err}", file=sys.stderr)
                status = max(status, USAGE)
                continue
            print(f"reformatted {report.path}", file=sys.stderr)
    if args.check:
        kept = len(files) - changed
        said = [f"{changed} file{'s' if changed != 1 else ''} would be reformatted"] if changed else []
        said += [f"{kept} file{'s' if kept != 1 else ''} already formatted"] if kept else []
        print(", ".join(said), file=sys.stderr)
    if (args.check or args.diff) and changed:
        status = max(status, FINDINGS)
    return status


def add_parser(sub) -> None:
    fmt = sub.add_parser(
        "format", help="format IR files in place (--check: only say which would change)",
        description="Format IR files as the editor's Format Document does: each statement on its "
                    "line, two spaces per nesting level, names, comments, blank lines between ops, "
                    "aliases and loc(...) kept; what a statement means never changes. Statements "
                    "with syntax errors are left as written.",
        epilog="FILE may be `-` (standard input: the formatted text goes to standard output), a\n"
               "directory (searched for *.ir and *.mlir) or a quoted glob pattern.")
    fmt.add_argument("files", nargs="+", metavar="FILE",
                     help="files, directories or glob patterns to format; - reads standard input")
    fmt.add_argument("--check", action="store_true",
                     help="change nothing; list the files formatting would change (exit 1 if any)")
    fmt.add_argument("--diff", action="store_true",
                     help="change nothing; print what formatting would change as a unified diff "
                          "(exit 1 if anything)")
    add_stdin_filename_option(fmt)
    describe_exit_status(fmt, "every file is formatted (with --check / --diff: already was)",
                         "with --check / --diff: a file would change; or a file that cannot be "
                         "analysed (binary, too large)")
    fmt.set_defaults(run=cmd_format)
