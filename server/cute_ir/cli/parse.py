"""`cute-ir parse`: print the concrete syntax tree of files, in tree-sitter's S-expression
style with the field names and [row, column] - [row, column] points."""
from __future__ import annotations

import argparse
import sys

from ..analysis import Settings
from ..diagnostics import Severity, Source
from .inputs import expand, read
from .options import CLEAN, FINDINGS, USAGE, describe_exit_status


def tree_lines(root) -> list[str]:
    """The named (and missing) nodes of the tree, one per line, indented by depth. An explicit
    stack, not recursion: a file may nest deeper than Python's recursion limit."""
    out: list[str] = []
    stack = [(root, 0, None)]
    while stack:
        node, depth, field = stack.pop()
        label = f"{field}: " if field else ""
        kind = node.type if node.is_named else repr(node.type)
        if node.is_missing:
            kind = f"MISSING {kind}"
        start, end = node.start_point, node.end_point
        out.append(f"{'  ' * depth}{label}({kind} [{start.row}, {start.column}] - "
                   f"[{end.row}, {end.column}])")
        children = [(child, depth + 1, node.field_name_for_child(index))
                    for index, child in enumerate(node.children)
                    if child.is_named or child.is_missing]
        stack.extend(reversed(children))
    return out


def _parse_one(path: str, header: bool) -> int:
    report = read(path, Settings())
    if report.problem:
        print(f"{report.path}: error: {report.problem}", file=sys.stderr)
        return USAGE if report.unreadable else FINDINGS
    tree = report.analysis.fresh_tree()
    if tree is None:
        print(f"{report.path}: error: {report.diagnostics[0].message}", file=sys.stderr)
        return FINDINGS
    if header:
        print(f"==> {report.path} <==")
    sys.stdout.write("\n".join(tree_lines(tree.root_node)) + "\n")
    syntax = [d for d in report.diagnostics if d.source is Source.SYNTAX]
    for d in syntax:
        pos = report.analysis.document.position(d.span.start)
        print(f"{report.path}:{pos.line + 1}:{pos.character + 1}: {d.severity.label}: "
              f"{d.message}", file=sys.stderr)
    return FINDINGS if any(d.severity is Severity.ERROR for d in syntax) else CLEAN


def cmd_parse(args: argparse.Namespace) -> int:
    files, problems = expand(args.files)
    for problem in problems:
        print(f"cute-ir parse: error: {problem}", file=sys.stderr)
    statuses = [_parse_one(path, header=len(files) > 1) for path in files]
    return max(statuses + [USAGE if problems else CLEAN])


def add_parser(sub) -> None:
    parse = sub.add_parser("parse", help="print the concrete syntax tree of files",
                           description="Print the concrete syntax tree of each file (node names: "
                                       "grammar/README.md); with several files each tree follows "
                                       "a `==> FILE <==` line. Syntax errors go to standard error.")
    parse.add_argument("files", nargs="+", metavar="FILE",
                       help="files, directories or glob patterns; - reads standard input")
    describe_exit_status(parse, "every file parses", "a syntax error in a file, or a file that "
                                                     "cannot be analysed (binary, too large)")
    parse.set_defaults(run=cmd_parse)
