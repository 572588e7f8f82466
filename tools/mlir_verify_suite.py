"""How many of MLIR's own expected diagnostics cute-ir produces: upstream's `invalid` tests through
`cute-ir check --verify-diagnostics --split-input-file`.

    python tools/mlir_verify_suite.py /path/to/llvm-project/mlir/test [FILE ...] [--misses]

Each file (by default the acceptance list, `FILES`, relative to the `mlir/test` directory given)
is read as its RUN line says (`-split-input-file`, `-allow-unregistered-dialect`) and checked in
process exactly as `cute-ir check --verify-diagnostics` checks it. An expectation counts when
MLIR's own `mlir-opt` meets it: the files are of one release and `mlir-opt` of that release
(`--mlir-opt`, default `$MLIR_OPT` or MLIR 22's under /tmp/mlirpeer/bin) is run on each file
first, and the expectations it reports as not produced are left out (without `mlir-opt`, every
expectation counts, and the script says so).

Prints per file: produced / expected, and the diagnostics cute-ir produced that nothing expected
(`extra`: a second message on a line, or a false error); then the totals. With `--misses`, each
expectation not produced, with what cute-ir said on that line instead.

Then the valid tests of the same dialects (`VALID`: their ops / roundtrip tests and the NVVM and
`IR/` files without "invalid" in their name): each file `mlir-opt` accepts as its RUN line reads
it must get no error from cute-ir with its default settings (a file mlir-opt rejects, say for an op of its test dialect or
a pass it lacks, is listed apart and not counted). Each error is printed with its place.

Exits 1 when a valid file gets an error. Nothing of this is part of the tests: the files are not
in this repository (`make mlir-suite` skips when they are not given).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from cute_ir.analysis import DocumentAnalysis, Settings  # noqa: E402
from cute_ir.cli.verify_diagnostics import produced, splits  # noqa: E402
from cute_ir.diagnostics.expectations import expectations, verify  # noqa: E402

# The invalid tests of the dialects real files use, and of the core IR.
FILES = (
    "Dialect/Arith/invalid.mlir", "Dialect/SCF/invalid.mlir", "Dialect/Func/invalid.mlir",
    "Dialect/ControlFlow/invalid.mlir", "Dialect/MemRef/invalid.mlir", "Dialect/GPU/invalid.mlir",
    "Dialect/LLVMIR/invalid.mlir", "Dialect/LLVMIR/nvvm*.mlir", "Dialect/LLVMIR/nvvm/*.mlir",
    "Dialect/Vector/invalid.mlir", "IR/invalid*.mlir",
)
# The valid tests of the same dialects.
VALID = (
    "Dialect/Arith/ops.mlir", "Dialect/SCF/ops.mlir", "Dialect/ControlFlow/ops.mlir", "Dialect/MemRef/ops.mlir",
    "Dialect/GPU/ops.mlir", "Dialect/LLVMIR/roundtrip.mlir", "Dialect/LLVMIR/nvvm*.mlir",
    "Dialect/Vector/ops.mlir", "IR/*.mlir",
)
# `--all-valid`: every file of these directories (and below) that is not an invalid test, the
# pass and conversion tests included.
ALL_VALID = tuple(f"Dialect/{d}/**/*.mlir" for d in (
    "LLVMIR", "GPU", "Vector", "MemRef", "SCF", "Arith", "Func", "ControlFlow", "Math", "Index", "UB", "NVGPU",
    "Affine")) + ("IR/*.mlir",)
_EXPECTATION = re.compile(r"expected-(error|note|remark|warning)")
_NOT_PRODUCED = re.compile(r"^.*?:(\d+):(\d+): error: expected (?:error|note|remark|warning) \".*\" was not produced$")
_DEFAULT_MLIR_OPT = "/tmp/mlirpeer/bin/mlir-opt-22"


def files_of(root: Path, patterns: list[str]) -> list[Path]:
    out: list[Path] = []
    for pattern in patterns:
        for path in sorted(root.glob(pattern)):
            text = path.read_text(encoding="utf-8", errors="replace")
            if "-verify-diagnostics" in text and _EXPECTATION.search(text) and path not in out:
                out.append(path)
    return out


def run_line(text: str) -> tuple[bool, bool]:
    """(split, allow unregistered dialects) as the file's first RUN line says."""
    line = next((ln for ln in text.splitlines() if "RUN:" in ln), "")
    return "-split-input-file" in line, "-allow-unregistered-dialect" in line


def unmet_by_mlir(mlir_opt: str | None, path: Path, split: bool, allow: bool) -> set[tuple[int, int]] | None:
    """The (line, column) of each expectation mlir-opt itself does not meet; None without it."""
    if not mlir_opt:
        return None
    command = [mlir_opt, "--verify-diagnostics", "-o", os.devnull, str(path)]
    command += ["--split-input-file"] * split + ["--allow-unregistered-dialect"] * allow
    result = subprocess.run(command, capture_output=True, text=True, errors="replace")
    return {(int(m.group(1)), int(m.group(2))) for line in result.stderr.splitlines()
            if (m := _NOT_PRODUCED.match(line))}


def measure(path: Path, mlir_opt: str | None, show_misses: bool, show_extra: bool = False) -> tuple[int, int, int]:
    """(produced, expected, extra) for one file, printing its misses when asked."""
    raw = path.read_bytes()
    split, allow = run_line(raw.decode("utf-8", "replace"))
    unmet = unmet_by_mlir(mlir_opt, path, split, allow) or set()
    settings = Settings(allow_unregistered_dialect=allow)
    hit = total = extra = 0
    for first_line, text in splits(raw, split):
        analysis = DocumentAnalysis(f"file://{path}#split-{first_line}", text, settings=settings)
        got = produced(analysis, analysis.diagnostics(), first_line)
        wanted = [e for e in expectations(text.decode("utf-8", "replace"), first_line) if e.at not in unmet]
        verdict = verify(wanted, got)
        unexpected = [f for f in verdict.failures if f.message.startswith("unexpected ")]
        extra += len(unexpected)
        for failure in unexpected if show_extra else ():
            print(f"  extra {path.name}:{failure.line}: {failure.message}")
        for record in wanted:
            total += 1
            hit += record.matched
            if show_misses and not record.matched:
                said = [f"{p.severity}: {p.message}" for p in got if p.line == record.line]
                print(f"  miss {path.name}:{record.at[0]}: expected {record.severity} {{{{{record.text}}}}}"
                      + (f" at line {record.line}" if record.line != record.at[0] else ""))
                for s in said:
                    print(f"       got {s}")
    return hit, total, extra


def valid_files(root: Path, patterns: list[str]) -> list[Path]:
    out: list[Path] = []
    for pattern in patterns:
        for path in sorted(root.glob(pattern)):
            text = path.read_text(encoding="utf-8", errors="replace")
            if "invalid" not in path.name and not _EXPECTATION.search(text) and path not in out:
                out.append(path)
    return out


def accepted_by_mlir(mlir_opt: str | None, path: Path, split: bool, allow: bool) -> bool | None:
    """Whether mlir-opt parses and verifies the file as its RUN line reads it; None without it."""
    if not mlir_opt:
        return None
    command = [mlir_opt, "-o", os.devnull, str(path)]
    command += ["--split-input-file"] * split + ["--allow-unregistered-dialect"] * allow
    return subprocess.run(command, capture_output=True).returncode == 0


def errors_on_valid(path: Path) -> list[str]:
    """cute-ir's errors on a valid file, each as `file:line:col: message`."""
    raw = path.read_bytes()
    split, _ = run_line(raw.decode("utf-8", "replace"))
    # The default settings: an op of a dialect cute-ir has no records for is not an error. The
    # mlir-opt these files are run with registers more dialects than cute-ir has records of
    # (`test`, `linalg`, `tensor`), so without `-allow-unregistered-dialect` it accepts ops
    # that cute-ir, told to reject unknown dialects, would reject.
    settings = Settings()
    out = []
    for first_line, text in splits(raw, split):
        analysis = DocumentAnalysis(f"file://{path}#split-{first_line}", text, settings=settings)
        out.extend(f"{path.name}:{p.line}:{p.column}: {p.message}"
                   for p in produced(analysis, analysis.diagnostics(), first_line) if p.severity == "error")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mlir_test", type=Path, help="llvm-project's mlir/test directory")
    parser.add_argument("files", nargs="*", help="files or globs relative to it (default: the acceptance list)")
    parser.add_argument("--mlir-opt", default=os.environ.get("MLIR_OPT") or (
        _DEFAULT_MLIR_OPT if Path(_DEFAULT_MLIR_OPT).exists() else shutil.which("mlir-opt")),
        help="mlir-opt of the files' release: its own misses are not counted ('' for none)")
    parser.add_argument("--misses", action="store_true", help="list each expectation not produced")
    parser.add_argument("--extra", action="store_true", help="list each diagnostic nothing expected")
    parser.add_argument("--no-valid", action="store_true", help="leave out the valid tests")
    parser.add_argument("--all-valid", action="store_true",
                        help="the valid tests: every file of the dialects' directories without 'invalid' in its name")
    args = parser.parse_args(argv)
    if not args.mlir_test.is_dir():
        print(f"{args.mlir_test}: not a directory (llvm-project's mlir/test)")
        return 2
    paths = files_of(args.mlir_test, args.files or list(FILES))
    if not args.mlir_opt:
        print("no mlir-opt: every expectation counts, including any the files' own release misses")
    hit = total = extra = 0
    print(f"{'file':60} {'produced':>9} {'expected':>9} {'extra':>6}")
    for path in paths:
        h, t, x = measure(path, args.mlir_opt, args.misses, args.extra)
        hit, total, extra = hit + h, total + t, extra + x
        print(f"{str(path.relative_to(args.mlir_test)):60} {h:9} {t:9} {x:6}")
    share = f"{100 * hit / total:.1f}%" if total else "-"
    print(f"{'total':60} {hit:9} {total:9} {extra:6}  ({share})")
    if args.no_valid:
        return 0
    print(f"\n{'valid file':60} {'errors':>9}")
    false = checked = 0
    for path in valid_files(args.mlir_test, list(ALL_VALID if args.all_valid else VALID)):
        raw = path.read_text(encoding="utf-8", errors="replace")
        if accepted_by_mlir(args.mlir_opt, path, *run_line(raw)) is False:
            print(f"{str(path.relative_to(args.mlir_test)):60} {'-':>9}  (mlir-opt rejects it: not counted)")
            continue
        errors = errors_on_valid(path)
        checked += 1
        false += len(errors)
        print(f"{str(path.relative_to(args.mlir_test)):60} {len(errors):9}")
        for error in errors:
            print(f"  false {error}")
    print(f"{'total':60} {false:9}  ({checked} files)")
    return 1 if false else 0


if __name__ == "__main__":
    sys.exit(main())
