"""`cute-ir lower`: run the lowering pipeline on a file and print the IR, like `mlir-opt`;
`cute-ir passes`: the registered passes."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ..analysis import DocumentAnalysis
from ..passes import DEFAULT_PIPELINE, REGISTRY, PipelineError, parse_pipeline
from .inputs import read
from .options import (CLEAN, FINDINGS, USAGE, add_arch_option, describe_exit_status, settings_for,
                      usage_error)
from .ptx import print_diagnostics
from .target_note import print_target_note


def _header(pass_name: str, argument: str) -> str:
    """MLIR's dump header (`--mlir-print-ir-after-all`)."""
    return f"// -----// IR Dump After {pass_name} ({argument}) //----- //"


def _unchanged_header(pipeline: str) -> str:
    """What `--print-ir-after-change` prints, above the IR, when no pass changed it (mlir-opt
    would print no dump at all, and the reader could not tell that from a failed run)."""
    return f"// -----// IR Unchanged: no pass of {pipeline} changed it //----- //"


# `mlir-opt --split-input-file`'s marker: a line that is only `// -----`.
SPLIT_MARKER = re.compile(rb"^// -----[ \t]*\r?$", re.M)


def split_input(data: bytes) -> list[bytes]:
    """The cases of a file split at `// -----` lines, each preceded by as many line breaks as
    there are lines before it, so that diagnostics give the line in the whole file."""
    cases, start = [], 0
    for marker in SPLIT_MARKER.finditer(data):
        cases.append(data[start:marker.start()])
        start = marker.end()
    cases.append(data[start:])
    out, lines_before = [], 0
    for case in cases:
        out.append(b"\n" * lines_before + case)
        lines_before += case.count(b"\n")   # the next case starts with its marker's line break
    return out


def cmd_lower(args: argparse.Namespace) -> int:
    report = read(args.file, settings_for(args))
    if report.problem:
        print(f"{report.path}: error: {report.problem}", file=sys.stderr)
        return USAGE if report.unreadable else FINDINGS
    after = set(args.print_ir_after or ())
    unknown = sorted(after - {cls.argument for cls in REGISTRY})
    if unknown:
        return usage_error("lower", f"--print-ir-after names no registered pass: {', '.join(unknown)}")
    if args.assemble and args.emit != "ptx":
        return usage_error("lower", "--assemble goes with --emit ptx")
    if not args.split_input_file:
        return _lower_one(args, report.path, report.analysis, after, "")
    status = CLEAN
    for number, case in enumerate(split_input(report.analysis.document.data)):
        if number:
            sys.stdout.write("// -----\n")
        sys.stdout.flush()
        analysis = DocumentAnalysis(report.analysis.document.uri, case, settings=settings_for(args))
        status = max(status, _lower_one(args, report.path, analysis, after, f"case{number}_"))
        if status == USAGE:
            break
    return status


def _lower_one(args: argparse.Namespace, path: str, analysis: DocumentAnalysis, after: set[str],
               tree_prefix: str) -> int:
    """Lower one document (or one case of a split file, whose dumps `tree_prefix` names)."""
    from ..features.lowered import lower

    try:
        parse_pipeline(args.pipeline or DEFAULT_PIPELINE)
    except PipelineError as error:
        return usage_error("lower", f"--pipeline: {error}")
    # Which target the atoms are lowered for, and why, when the file did not say (as `check` does).
    print_target_note(path, analysis, analysis.diagnostics())
    if args.emit == "ir":
        rejected = _rejected(analysis)
        if rejected:
            # As mlir-opt stops when its input fails to verify: no pass runs, no IR is printed.
            print_diagnostics(path, analysis, rejected)
            return FINDINGS
    result = lower(analysis, args.pipeline)
    if args.emit in ("ptx", "host"):
        print_diagnostics(path, analysis, result.diagnostics)
        if not result.ok:
            return FINDINGS
        final = result.stages[-1].text if result.stages else ""
        # What `check` rejects is not emitted, as the editor's preview does not emit it.
        stopped = _stopped(path, analysis, args.emit)
        if args.emit == "host":
            return max(_emit_host(path, final, frozenset(stopped), analysis.target_arch), FINDINGS if stopped else CLEAN)
        status = _emit_ptx(path, analysis.target_arch, final, args.ptxas if args.assemble else None, stopped)
        return max(status, FINDINGS if stopped else CLEAN)
    missing = sorted(after - {s.argument for s in result.stages})
    if missing:
        print(f"cute-ir lower: warning: --print-ir-after: {', '.join(missing)} "
              f"{'is' if len(missing) == 1 else 'are'} not in the pipeline {result.pipeline}", file=sys.stderr)
    shown = [s for s in result.stages
             if args.print_ir_after_all or s.argument in after or (args.print_ir_after_change and s.changed)]
    for stage in shown:
        sys.stdout.write(_header(stage.pass_name, stage.argument) + "\n" + stage.text + "\n")
    if result.stages and not shown:
        if args.print_ir_after_change:
            sys.stdout.write(_unchanged_header(result.pipeline) + "\n")
        sys.stdout.write(result.stages[-1].text)
    if args.print_ir_tree_dir:
        directory = Path(args.print_ir_tree_dir)
        try:
            directory.mkdir(parents=True, exist_ok=True)
            for number, stage in enumerate(result.stages):
                name = re.sub(r"[^A-Za-z0-9_.-]", "_", stage.argument)
                (directory / f"{tree_prefix}{number}_{name}.mlir").write_text(stage.text, encoding="utf-8")
        except OSError as err:
            return usage_error("lower", f"cannot write {directory}: {err.strerror or err}")
    sys.stdout.flush()
    print_diagnostics(path, analysis, result.diagnostics)
    return CLEAN if result.ok else FINDINGS


def _rejected(analysis: DocumentAnalysis) -> list:
    """The errors `cute-ir check` reports on the input before any pass would run: syntax, types
    and the verifiers (mlir-opt's parser and verifier). What the lowering itself says (source
    `lower`: the passes the editor runs, an atom no instruction stands for on the target) is the
    pipeline's to report when it runs."""
    from ..passes.atom_facts import lowering_errors

    return lowering_errors(analysis)


def _stopped(path: str, analysis: DocumentAnalysis, emit: str) -> set[str]:
    """The kernels `check` reports an error in (each said on stderr): they are not emitted."""
    from ..features.preview import stopped_kernels, stopped_note

    stopped = stopped_kernels(analysis)
    errors = []
    for error in stopped.values():
        if error not in errors:
            errors.append(error)
    print_diagnostics(path, analysis, errors)
    for name, error in stopped.items():
        print(f"{path}: error: --emit {emit}: not emitted: {stopped_note(name, error)}", file=sys.stderr)
    return set(stopped)


def _emit_ptx(path: str, target: str, final_ir: str, assemble_with: str | None, stopped: set[str]) -> int:
    """`--emit ptx`: the PTX of each TileAS kernel in the lowered IR, then of each function
    whose atoms the pipeline turned into inline assembly (emit/lowered_kernel.py, what the
    preview shows for it), one module each (none of those in `stopped`, which are already
    reported)."""
    from ..emit.lowered_kernel import lowered_kernels
    from ..emit.tileas_kernel import ir_kernels

    kernels = ir_kernels(final_ir, target) + [(k.name, k.module) for k in lowered_kernels(final_ir, target)]
    if not kernels:
        print(f"{path}: error: --emit ptx: no kernel to emit: no TileAS kernel (a function with "
              f"nv_tileas.kernel_spec), and no function with an atom the pipeline lowered to inline assembly",
              file=sys.stderr)
        return FINDINGS
    status = CLEAN
    for name, module in kernels:
        if name in stopped:
            continue
        if not module.ok:
            print(f"{path}: error: --emit ptx: {module.message}", file=sys.stderr)
            status = FINDINGS
            continue
        sys.stdout.write(module.text)
        sys.stdout.flush()
        if assemble_with is not None and _assembled(module, assemble_with):
            status = FINDINGS
    return status


def _emit_host(path: str, final_ir: str, stopped: frozenset[str], target: str) -> int:
    """`--emit host`: each TileAS kernel's host side after the pipeline (features/host_side.py),
    with the dynamic shared memory its PTX for `target` needs and what its launch passes, but of
    those in `stopped`, which are already reported."""
    from ..features.host_side import host_side

    texts = host_side(final_ir, stopped, target)
    if not texts and stopped:
        return FINDINGS
    if not texts:
        print(f"{path}: error: --emit host: no TileAS kernel (a function with an "
              f"`nv_tileas.kernel_spec`)", file=sys.stderr)
        return FINDINGS
    sys.stdout.write("".join(texts))
    return CLEAN


def _assembled(module, ptxas: str) -> bool:
    """Run ptxas on an emitted kernel and say what it said; True when it rejected the module."""
    from ..features.ptx import assemble, find_ptxas, is_not_found

    messages = assemble(module.text, module.target, ptxas)
    if any(is_not_found(m) for m in messages):
        print(f"cute-ir lower: error: ptxas not found (`{ptxas}`): give its path with --ptxas PATH "
              f"or put it on PATH", file=sys.stderr)
        return True
    for m in messages:
        where = f"line {m.ptx_line + 1}: " if m.ptx_line is not None else ""
        print(f"cute-ir lower: ptxas {m.severity}: {where}{m.message}", file=sys.stderr)
    errors = sum(1 for m in messages if m.severity == "error")
    verdict = "rejected" if errors else "assembled"
    print(f"cute-ir lower: ptxas ({find_ptxas(ptxas)} -arch={module.ptxas_arch}) {verdict} "
          f"`{module.kernels[0]}`", file=sys.stderr)
    return errors > 0


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
                    f"The default pipeline is {DEFAULT_PIPELINE}.")
    lower.add_argument("file", metavar="FILE", help="the IR file; - reads standard input")
    lower.add_argument("--pipeline", metavar="PIPELINE", default=None,
                       help="MLIR pipeline text, e.g. 'builtin.module(convert-cute-nvgpu-to-ptx)'")
    add_arch_option(lower, "the target the atoms are lowered for")
    lower.add_argument("--print-ir-after-all", action="store_true", help="print the IR after every pass")
    lower.add_argument("--print-ir-after", action="append", metavar="PASS",
                       help="print the IR after this pass (repeatable)")
    lower.add_argument("--print-ir-after-change", action="store_true",
                       help="print the IR after each pass that changed it; when none did, the "
                            "IR under a header that says so")
    lower.add_argument("--split-input-file", action="store_true",
                       help="lower each case between `// -----` lines on its own, printing the "
                            "results separated the same way (as mlir-opt does)")
    lower.add_argument("--print-ir-tree-dir", metavar="DIR",
                       help="also write the IR after each pass to DIR/<n>_<pass>.mlir "
                            "(DIR/case<k>_<n>_<pass>.mlir with --split-input-file)")
    lower.add_argument("--emit", choices=("ir", "ptx", "host"), default="ir",
                       help="what to print after the pipeline: the IR (default), the PTX of each "
                            "TileAS kernel and of each function whose atoms became inline assembly "
                            "(one module each), or each TileAS kernel's host side (the tensor "
                            "maps its host twin encodes, in tmaIdx order, the callback formats, the "
                            "dynamic shared memory its launch needs and what the launch passes in each "
                            "parameter); "
                            "a kernel `check` reports an error in is not emitted")
    lower.add_argument("--assemble", action="store_true",
                       help="with --emit ptx, also assemble each module with ptxas (exit 1 if it rejects one)")
    lower.add_argument("--ptxas", default="ptxas", metavar="PATH",
                       help="the ptxas executable for --assemble (default: ptxas on PATH)")
    describe_exit_status(lower, "the pipeline ran without an error",
                         "the file has a syntax, type or verifier error (no pass runs and no IR is "
                         "printed, as mlir-opt stops on input that fails to verify), a pass reports an error, "
                         "or the file cannot be analysed; with --emit: "
                         "nothing to emit, a kernel `check` reports an error in (not emitted), or "
                         "(--assemble) ptxas missing or rejecting a module")
    lower.set_defaults(run=cmd_lower)
    passes = sub.add_parser("passes", help="list the registered passes",
                            description="List the passes `cute-ir lower --pipeline` can name, with their options.")
    describe_exit_status(passes, "always", None)
    passes.set_defaults(run=cmd_passes)
