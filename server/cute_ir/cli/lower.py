"""`cute-ir lower`: run the lowering pipeline on a file and print the IR, like `mlir-opt`;
`cute-ir passes`: the registered passes."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ..passes import REGISTRY, PipelineError
from ..passes.lower_atoms import DEFAULT_PIPELINE
from .inputs import read
from .options import CLEAN, FINDINGS, USAGE, add_arch_option, settings_for, usage_error
from .ptx import print_diagnostics


def _header(pass_name: str, argument: str) -> str:
    """MLIR's dump header (`--mlir-print-ir-after-all`)."""
    return f"// -----// IR Dump After {pass_name} ({argument}) //----- //"


def cmd_lower(args: argparse.Namespace) -> int:
    from ..features.lowered import lower

    report = read(args.file, settings_for(args))
    if report.problem:
        print(f"{report.path}: error: {report.problem}", file=sys.stderr)
        return USAGE if report.unreadable else FINDINGS
    after = set(args.print_ir_after or ())
    unknown = sorted(after - {cls.argument for cls in REGISTRY})
    if unknown:
        return usage_error("lower", f"--print-ir-after names no registered pass: {', '.join(unknown)}")
    try:
        result = lower(report.analysis, args.pipeline)
    except PipelineError as error:
        return usage_error("lower", f"--pipeline: {error}")
    shown = [s for s in result.stages
             if args.print_ir_after_all or s.argument in after or (args.print_ir_after_change and s.changed)]
    for stage in shown:
        sys.stdout.write(_header(stage.pass_name, stage.argument) + "\n" + stage.text + "\n")
    if result.stages and not shown:
        sys.stdout.write(result.stages[-1].text)
    if args.print_ir_tree_dir:
        directory = Path(args.print_ir_tree_dir)
        try:
            directory.mkdir(parents=True, exist_ok=True)
            for number, stage in enumerate(result.stages):
                name = re.sub(r"[^A-Za-z0-9_.-]", "_", stage.argument)
                (directory / f"{number}_{name}.mlir").write_text(stage.text, encoding="utf-8")
        except OSError as err:
            return usage_error("lower", f"cannot write {directory}: {err.strerror or err}")
    print_diagnostics(report.path, report.analysis, result.diagnostics)
    return CLEAN if result.ok else FINDINGS


def cmd_passes(args: argparse.Namespace) -> int:
    for cls in REGISTRY:
        print(f"{cls.argument}: {cls.description} ({cls.name})")
        for option in cls.options():
            print(f"  {option.name}={option.default!r}: {option.metadata.get('help', '')}")
    print(f"\ndefault pipeline: {DEFAULT_PIPELINE}")
    return CLEAN


def add_parser(sub) -> None:
    lower = sub.add_parser(
        "lower", help="run the lowering pipeline on a file and print the IR after it",
        description="Lift FILE into the rewritable IR, run the pass pipeline on it and print the IR "
                    "after the last pass (or after the passes asked for, with MLIR's dump headers). "
                    f"The default pipeline is {DEFAULT_PIPELINE}. Exit status 1 when a pass reports "
                    "an error.")
    lower.add_argument("file", metavar="FILE", help="the IR file; - reads standard input")
    lower.add_argument("--pipeline", metavar="PIPELINE", default=None,
                       help="MLIR pipeline text, e.g. 'builtin.module(convert-cute-nvgpu-to-ptx)'")
    add_arch_option(lower, "the target the atoms are lowered for")
    lower.add_argument("--print-ir-after-all", action="store_true", help="print the IR after every pass")
    lower.add_argument("--print-ir-after", action="append", metavar="PASS",
                       help="print the IR after this pass (repeatable)")
    lower.add_argument("--print-ir-after-change", action="store_true",
                       help="print the IR after each pass that changed it")
    lower.add_argument("--print-ir-tree-dir", metavar="DIR",
                       help="also write the IR after each pass to DIR/<n>_<pass>.mlir")
    lower.set_defaults(run=cmd_lower)
    passes = sub.add_parser("passes", help="list the registered passes",
                            description="List the passes `--pipeline` can name, with their options.")
    passes.set_defaults(run=cmd_passes)
