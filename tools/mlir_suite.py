"""Check the grammar against MLIR's own test suite: `make mlir-suite MLIR_TEST=/path/to/mlir/test`.

Runs `cute-ir check --format json` over the `.mlir` files of a local checkout of MLIR's
`mlir/test` directory (nothing of it is part of this repository) and compares its syntax
diagnostics with what the files expect, split by split (`// -----`, as mlir-opt
--split-input-file reads them):

- a syntax diagnostic in a split without any `expected-error` is false (the split is valid
  MLIR as far as parsing goes);
- in a split with expected errors, each *syntactic* `expected-error` (one whose message MLIR's
  parser itself emits, see SYNTACTIC) should get a syntax diagnostic on its line; a file run
  through `not mlir-opt` states its error as a FileCheck line (`CHECK: ...:[[# @LINE + 2]]:54:
  error: ...`), read the same way. An expectation on an op of the test dialect in its own
  assembly format is counted apart: that format, not MLIR's syntax, decides what is wrong there;
- no diagnostic may cross a split marker.

Prints one line per file with a false error or a missed syntactic expectation, then totals.
Exits 1 when there is a false error, a miss or a crossing.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

# The directories of mlir/test the suite covers (valid and invalid files alike).
DIRECTORIES = ("IR", "Dialect/GPU", "Dialect/MemRef", "Dialect/SCF", "Dialect/Arith", "Dialect/NVGPU",
               "Dialect/LLVMIR", "Dialect/LLVMIR/nvvm")
# In Dialect/LLVMIR only the NVVM tests.
FILE_FILTER = {"Dialect/LLVMIR": re.compile(r"nvvm")}
# Valid files: the dialects' roundtrip/ops tests, and every IR and NVVM test without "invalid" in
# its name.
VALID_NAME = {"IR": re.compile(r"^(?!.*invalid).*\.mlir$"), "Dialect/LLVMIR": re.compile(r"nvvm.*\.mlir$"),
              "Dialect/LLVMIR/nvvm": re.compile(r"^(?!.*invalid).*\.mlir$")}
VALID_DEFAULT = re.compile(r"(ops|roundtrip|nvvm)\.mlir$")

SPLIT_MARKER = re.compile(rb"^// -----", re.M)
# `expected-error {{msg}}`, `expected-error@+1 {{msg}}` (also `expected-error @+1`), `@-2`,
# `@above`, `@below`.
EXPECTED = re.compile(r"expected-error\s*(?:@([+-]\d+|above|below))?\s*\{\{(.*?)\}\}")
# A file run through `not mlir-opt` states its error with FileCheck instead:
# `// CHECK: {{.*}}:[[# @LINE + 2]]:54: error: expected operation name in quotes`.
CHECKED_ERROR = re.compile(r"CHECK[-A-Z]*:.*\[\[#?\s*@LINE\s*([+-])\s*(\d+)\s*\]\]:\d+: error: (.*?)\s*$")
# An op of the test dialect in its own assembly format (`test.optional_custom_attr foo`): what
# that format expects is defined by the test dialect (TestOps.td), not by MLIR's syntax, so an
# expectation on such a line is counted apart from the syntactic ones.
TEST_DIALECT_FORMAT = re.compile(r"^\s*(?:%[^=]*=\s*)?test\.[A-Za-z_][\w.$]*(?:\s|$)")
# Messages of MLIR's parser (mlir/lib/AsmParser, and the function signature parser of
# mlir/lib/Interfaces/FunctionImplementation.cpp) about the text itself: what the grammar and the
# syntax checks can see without knowing any op, type or value. That includes the affine parser's
# messages (an affine map is read whole by the parser, names and affine-ness included) and the
# location parser's. Left out: name resolution across the file (undeclared SSA values, blocks,
# aliases), type validity (element types, memory spaces), verifier messages, and what an op's own
# assembly format expects (`expected block name` of `cf.cond_br`).
SYNTACTIC = re.compile(
    r"^(empty operation name is invalid|expected named operation to have at least 1 result"
    r"|expected ':' followed by operation type|expected operation name in quotes"
    r"|expected non-function type|expected '[)>\]}\[]'|unbalanced '.' character in pretty dialect name"
    r"|unexpected character|expected ',' or '[)>\]}]'|expected valid ssa identifier"
    r"|expected integer number of results|expected '\(' to start operand list|expected list element"
    r"|expected '[<>]' in (tuple|complex) type|expected '<' after 'strided'|invalid integer width"
    r"|expected function type|expected attribute name|expected attribute value|expected SSA operand"
    r"|expected ':' and type for SSA operand|expected ':'|expected ':' after block name"
    r"|expected three consecutive dots for an ellipsis|invalid type identifier"
    r"|expected '=' in (type|attribute) alias definition"
    r"|type names with a '.' are reserved for dialect-defined names"
    r"|expected a 64-bit signed integer or '\?'"
    # attribute literals: elements, dense arrays, distinct, strings
    r"|expected element literal of primitive type|expected ',' between complex elements"
    r"|expected '[)]' after complex elements|expected '<' after '(dense_resource|array)'"
    r"|expected ':' after dense array type|expected '>' to close an array attribute"
    r"|expected '\[' after 'distinct'|expected distinct ID|expected '\]' to close distinct ID"
    r"|expected '<' after distinct ID|expected attribute|expected '>' to close distinct attribute"
    r"|expected '\"' in string literal"
    # quantile types
    r"|expected '.' in quantile type|expected '>' after quantile storage range"
    # the file metadata section
    r"|expected identifier key in file metadata dictionary|unknown key '.*' in file metadata dictionary"
    r"|expected identifier key for 'resource' entry|expected '\{'"
    # locations
    r"|expected location instance|expected '[(]' in (callsite )?location|expected '[)]' in (callsite )?location"
    r"|expected '[)]' after child location of NameLoc|expected 'at' in callsite location"
    r"|expected '>' after fused location metadata|expected '[\[\]]' in fused location"
    # function signatures
    r"|expected valid '@'-identifier for symbol name|expected type instead of SSA identifier"
    r"|expected SSA identifier"
    # affine maps and sets
    r"|expected affine expression|missing (left|right) operand of binary op(erator)?"
    r"|no expression inside parentheses|missing operand of negation|use of undeclared identifier"
    r"|redefinition of identifier '.*'|non-affine expression: .*|expected '[()]' in affine map range"
    r"|expected '->' or ':')$"
)


@dataclass
class FileResult:
    path: Path
    valid: bool
    false_errors: list[tuple[int, str]] = field(default_factory=list)
    hits: int = 0
    misses: list[tuple[int, str]] = field(default_factory=list)
    # expectations in a test-dialect op's own format: (line, message, got a diagnostic)
    format_dependent: list[tuple[int, str, bool]] = field(default_factory=list)
    crossings: list[tuple[int, int]] = field(default_factory=list)


def _files(root: Path, directories: tuple[str, ...] = DIRECTORIES) -> list[tuple[Path, bool]]:
    out = []
    for directory in directories:
        base = root / directory
        if not base.is_dir():
            continue
        only = FILE_FILTER.get(directory)
        valid = VALID_NAME.get(directory, VALID_DEFAULT)
        for path in sorted(base.glob("*.mlir")):
            if only is not None and not only.search(path.name):
                continue
            if "invalid" in path.name:
                out.append((path, False))
            elif valid.search(path.name):
                out.append((path, True))
    return out


def _split_lines(data: bytes) -> list[int]:
    """0-based line numbers of the split markers."""
    return [data.count(b"\n", 0, m.start()) for m in SPLIT_MARKER.finditer(data)]


def _expectations(lines: list[str]) -> dict[int, list[str]]:
    """0-based line -> messages expected there."""
    out: dict[int, list[str]] = {}
    for number, line in enumerate(lines):
        for where, message in EXPECTED.findall(line):
            if where in ("", "above", "below"):
                target = number + {"": 0, "above": -1, "below": 1}[where]
            else:
                target = number + int(where)
            out.setdefault(target, []).append(message)
        checked = CHECKED_ERROR.search(line)
        if checked:
            sign, offset, message = checked.groups()
            out.setdefault(number + (int(offset) if sign == "+" else -int(offset)), []).append(message)
    return out


def _split_of(line: int, markers: list[int]) -> int:
    return sum(1 for m in markers if m < line)


def _check(cute_ir: str, paths: list[Path]) -> dict[str, list[dict]]:
    run = subprocess.run([cute_ir, "check", "--format", "json", *map(str, paths)],
                         capture_output=True, text=True, check=False)
    if run.returncode not in (0, 1):
        sys.exit(f"cute-ir check failed: {run.stderr.strip()}")
    by_file: dict[str, list[dict]] = {str(p): [] for p in paths}
    for d in json.loads(run.stdout or "[]"):
        by_file.setdefault(d["file"], []).append(d)
    return by_file


def evaluate(path: Path, valid: bool, diagnostics: list[dict]) -> FileResult:
    data = path.read_bytes()
    lines = data.decode("utf-8", errors="replace").split("\n")
    markers = _split_lines(data)
    expected = _expectations(lines)
    splits_expecting = {_split_of(line, markers) for line in expected}
    syntax = [d for d in diagnostics if d["source"] == "syntax"]
    result = FileResult(path, valid)
    for d in syntax:
        start, end = d["range"]["start"]["line"], d["range"]["end"]["line"]
        if _split_of(start, markers) != _split_of(end, markers):
            result.crossings.append((start + 1, end + 1))
        if _split_of(start, markers) not in splits_expecting:
            result.false_errors.append((start + 1, d["message"]))
    flagged = {d["range"]["start"]["line"] for d in syntax}
    for line, messages in sorted(expected.items()):
        for message in messages:
            if not SYNTACTIC.search(message):
                continue
            if 0 <= line < len(lines) and TEST_DIALECT_FORMAT.match(lines[line]):
                result.format_dependent.append((line + 1, message, line in flagged))
                continue
            if line in flagged:
                result.hits += 1
            else:
                result.misses.append((line + 1, message))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mlir_test", type=Path, help="a checkout of llvm-project's mlir/test directory")
    parser.add_argument("--cute-ir", default=str(Path(sys.executable).with_name("cute-ir")),
                        help="the cute-ir command (default: the one next to this Python)")
    parser.add_argument("--dir", action="append", dest="directories", metavar="DIR",
                        help="a directory of mlir/test to check instead of the default set (repeatable), "
                             "e.g. --dir Dialect/Vector; its ops/roundtrip files count as valid")
    args = parser.parse_args(argv)
    files = _files(args.mlir_test, tuple(args.directories) if args.directories else DIRECTORIES)
    if not files:
        sys.exit(f"no .mlir files under {args.mlir_test} in {', '.join(DIRECTORIES)}")
    by_file = _check(args.cute_ir, [p for p, _ in files])
    results = [evaluate(p, valid, by_file.get(str(p), [])) for p, valid in files]
    for r in results:
        name = r.path.relative_to(args.mlir_test)
        for line, message in r.false_errors:
            print(f"{name}:{line}: false syntax error: {message}")
        for line, message in r.misses:
            print(f"{name}:{line}: no diagnostic for expected-error: {message}")
        for start, end in r.crossings:
            print(f"{name}:{start}-{end}: diagnostic crosses a split marker")
    valid = [r for r in results if r.valid]
    invalid = [r for r in results if not r.valid]
    false_total = sum(len(r.false_errors) for r in results)
    print(f"valid files: {len(valid)}, false syntax errors: {sum(len(r.false_errors) for r in valid)} "
          f"in {sum(1 for r in valid if r.false_errors)} files")
    print(f"invalid files: {len(invalid)}, false syntax errors in splits without expected-error: "
          f"{sum(len(r.false_errors) for r in invalid)}")
    hits = sum(r.hits for r in results)
    misses = sum(len(r.misses) for r in results)
    print(f"syntactic expected-errors with a diagnostic on their line: {hits} of {hits + misses}")
    apart = [f for r in results for f in r.format_dependent]
    print(f"expected-errors in a test-dialect op's own format (not counted): {len(apart)}, "
          f"{sum(1 for f in apart if f[2])} of them with a diagnostic on their line")
    crossings = sum(len(r.crossings) for r in results)
    print(f"diagnostics crossing a split marker: {crossings}")
    return 1 if false_total or misses or crossings else 0


if __name__ == "__main__":
    sys.exit(main())
