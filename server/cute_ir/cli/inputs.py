"""Which files a command reads, and reading them: `-` is standard input, a directory is walked
for `*.ir` / `*.mlir`, a pattern the shell left unexpanded (quoted) is expanded here."""
from __future__ import annotations

import glob
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from ..analysis import MAX_ANALYSED_BYTES, DocumentAnalysis, Settings
from ..diagnostics import Diagnostic

STDIN = "-"
SUFFIXES = (".ir", ".mlir")
_GLOB_MAGIC = set("*?[")


@dataclass
class FileReport:
    path: str                        # as the user named it (`<stdin>` for standard input)
    analysis: DocumentAnalysis | None
    diagnostics: list[Diagnostic]
    problem: str | None = None       # why the file could not be analysed at all
    unreadable: bool = False         # the problem is reading it (missing, permissions, I/O)


def add_stdin_filename_option(parser) -> None:
    parser.add_argument("--stdin-filename", default="<stdin>", metavar="NAME",
                        help="the name standard input is reported under (default: %(default)s)")


def _walk(directory: str) -> list[str]:
    """The .ir / .mlir files under `directory`, sorted, hidden directories skipped."""
    found = []
    for root, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [os.path.join(root, f) for f in sorted(files) if f.endswith(SUFFIXES)]
    return found


def expand(arguments: list[str]) -> tuple[list[str], list[str]]:
    """(files to read, problems) for the command line's FILE arguments, in their order,
    each file once. A name that does not exist stays in the list (reading it reports it)."""
    files: list[str] = []
    problems: list[str] = []
    for argument in arguments:
        if argument == STDIN or os.path.isfile(argument):
            files.append(argument)
        elif os.path.isdir(argument):
            found = _walk(argument)
            if not found:
                problems.append(f"{argument}: no {' or '.join('*' + s for s in SUFFIXES)} "
                                f"files in this directory")
            files += found
        elif _GLOB_MAGIC & set(argument):
            matches = sorted(glob.glob(argument, recursive=True))
            if not matches:
                problems.append(f"{argument}: no file matches this pattern")
            for match in matches:
                files += _walk(match) if os.path.isdir(match) else [match]
        else:
            files.append(argument)
    return list(dict.fromkeys(files)), problems


def _size_problem(size: int) -> str | None:
    if size <= MAX_ANALYSED_BYTES:
        return None
    return (f"file too large to analyse: {size / 2**20:.1f} MiB "
            f"(the limit is {MAX_ANALYSED_BYTES // 2**20} MiB)")


def read_bytes(path: str, stdin_name: str) -> tuple[str, bytes | None, str | None, bool]:
    """(display name, bytes or None, problem, unreadable)."""
    if path == STDIN:
        raw = sys.stdin.buffer.read(MAX_ANALYSED_BYTES + 1)    # never more than the limit
        if len(raw) > MAX_ANALYSED_BYTES:
            return stdin_name, None, (f"standard input too large to analyse (the limit is "
                                      f"{MAX_ANALYSED_BYTES // 2**20} MiB)"), False
        return stdin_name, raw, None, False
    p = Path(path)
    try:
        if p.is_dir():
            return path, None, "is a directory, not an .ir file", True
        problem = _size_problem(p.stat().st_size)
        if problem:
            return path, None, problem, False
        return path, p.read_bytes(), None, False
    except FileNotFoundError:
        return path, None, "no such file", True
    except PermissionError:
        return path, None, "permission denied", True
    except OSError as err:
        return path, None, f"cannot read: {err.strerror or err}", True


BINARY = "binary file (NUL bytes in text that is not UTF-8), not MLIR text"


def _binary(raw: bytes) -> bool:
    """NUL bytes in what is not UTF-8 text: an object file, MLIR bytecode, UTF-16. A NUL alone
    does not make a file binary: MLIR's lexer reads one inside the text as a blank (upstream's
    `IR/zero_whitespace.mlir` holds one), and so does the grammar."""
    if b"\x00" not in raw:
        return False
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def read(path: str, settings: Settings, stdin_name: str = "<stdin>") -> FileReport:
    """Read and analyse one file (or standard input for `-`)."""
    name, raw, problem, unreadable = read_bytes(path, stdin_name)
    if raw is None:
        return FileReport(name, None, [], problem, unreadable)
    if _binary(raw):
        return FileReport(name, None, [], BINARY)
    uri = Path(path).resolve().as_uri() if path != STDIN else "untitled:stdin"
    analysis = DocumentAnalysis(uri, raw, settings=settings)
    return FileReport(name, analysis, analysis.diagnostics())
