"""`cute-ir ptx`: the PTX a file's atoms (or one atom type) lower to, optionally assembled by
ptxas."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ..analysis import DocumentAnalysis, Settings
from ..diagnostics import Diagnostic, Severity, Source, Span
from ..tables.tiers import ptxas_arch
from .inputs import read
from .options import (CLEAN, FINDINGS, USAGE, add_arch_option, describe_exit_status, settings_for,
                      usage_error)
from .target_note import print_target_note

ATOM_PATH = "<atom>"


def print_diagnostics(path: str, analysis: DocumentAnalysis, diagnostics: list[Diagnostic]) -> None:
    """Each diagnostic on one line, as compilers print them, then its notes (which say, for a
    pass's, the passes that made the op)."""
    for d in diagnostics:
        pos = analysis.document.position(d.span.start)
        print(f"{path}:{pos.line + 1}:{pos.character + 1}: {d.severity.label}: {d.message} "
              f"[{d.source.value}:{d.code}]", file=sys.stderr)
        for note in d.related:
            at = analysis.document.position(note.span.start)
            print(f"{path}:{at.line + 1}:{at.character + 1}: note: {note.message}", file=sys.stderr)


def synthesized_atom(type_text: str, attrs: str | None) -> tuple[str, Span] | None:
    """`%atom = cute_nvgpu.make_{mma,copy}_atom {attrs} : TYPE` for `ptx --atom`, and where the
    attribute dictionary is in it; None when TYPE is not a cute_nvgpu type."""
    from ..dialects.cute_nvgpu.types import resolve_mnemonic
    from ..tables.atoms import Interface

    m = re.match(r"\s*!cute_nvgpu\.([A-Za-z0-9_.]+)", type_text)
    if m is None:
        return None
    row = resolve_mnemonic(m.group(1)).row
    copy = row is not None and not row.implements(Interface.MMA_ATOM) and (
        row.implements(Interface.COPY_ATOM) or row.implements(Interface.TMA_ATOM))
    op = "cute_nvgpu.make_copy_atom" if copy else "cute_nvgpu.make_mma_atom"
    if row is not None and row.mnemonic == "SM120.mma_bs":
        op = "cute_nvgpu.make_sm120_mma_bs"
    head = f"%atom = {op}"
    attr_text = f" {attrs.strip()}" if attrs and attrs.strip() else ""
    start = len(head.encode("utf-8")) + 1
    return (f"{head}{attr_text} : {type_text.strip()}\n",
            Span(start, start + len(attr_text.encode("utf-8")) - 1))


def _attrs_problem(analysis: DocumentAnalysis, attrs: str, at: Span) -> str | None:
    """Why `--attrs` is not an MLIR attribute dictionary, or None."""
    text = attrs.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return f"--attrs expects an attribute dictionary in braces, e.g. '{{shape_MNK = [16, 8, 16]}}', got {attrs!r}"
    broken = [d for d in analysis.diagnostics()
              if d.source is Source.SYNTAX and d.span.start < at.end and at.start <= d.span.end]
    if broken:
        return f"--attrs is not a valid attribute dictionary: {broken[0].message}"
    return None


def _ptxas_said(path: str, analysis: DocumentAnalysis, preview, ptxas: str) -> bool:
    """Run ptxas on the preview and say that it ran and what it said. True when it failed."""
    from ..features.ptx import assemble, find_ptxas, is_not_found, ptxas_diagnostics

    if not preview.kernels:
        print("cute-ir ptx: ptxas not run: the module has no kernel to assemble", file=sys.stderr)
        return False
    messages = assemble(preview.ptx_text, preview.target, ptxas)
    if any(is_not_found(m) for m in messages):
        print(f"cute-ir ptx: error: ptxas not found (`{ptxas}`): give its path with --ptxas PATH "
              f"or put it on PATH", file=sys.stderr)
        return True
    ran = f"ptxas ({find_ptxas(ptxas)} -arch={ptxas_arch(preview.target)})"
    diagnostics = ptxas_diagnostics(preview, messages)
    print_diagnostics(path, analysis, diagnostics)
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    warnings = sum(1 for d in diagnostics if d.severity is Severity.WARNING)
    counts = f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}"
    if any(m.ptx_line is None and m.severity == "error" for m in messages):
        print(f"cute-ir ptx: error: {ran} failed ({counts}); --ptxas PATH chooses the ptxas "
              f"to run", file=sys.stderr)
    elif errors:
        print(f"cute-ir ptx: {ran} rejected the module: {counts}", file=sys.stderr)
    else:
        print(f"cute-ir ptx: {ran} assembled the module: {counts}", file=sys.stderr)
    return errors > 0


def _atom_document(args: argparse.Namespace, settings: Settings):
    """(path, analysis) for `--atom`, or an exit status."""
    synthesized = synthesized_atom(args.atom, args.attrs)
    if synthesized is None:
        return usage_error("ptx", f"--atom expects a cute_nvgpu atom type such as "
                                  f"'!cute_nvgpu.sm90.mma', got {args.atom!r}")
    text, attrs_at = synthesized
    analysis = DocumentAnalysis("file:///atom.ir", text, settings=settings)
    if args.attrs is not None:
        problem = _attrs_problem(analysis, args.attrs, attrs_at)
        if problem:
            return usage_error("ptx", problem)
    errors = [d for d in analysis.diagnostics() if d.severity is Severity.ERROR]
    if errors:
        print(f"cute-ir ptx: the atom is not valid for {analysis.target_arch}:", file=sys.stderr)
        print(f"  {text.rstrip()}", file=sys.stderr)
        print_diagnostics(ATOM_PATH, analysis, errors)
        return FINDINGS
    return ATOM_PATH, analysis


def cmd_ptx(args: argparse.Namespace) -> int:
    from ..features.preview import preview_module

    settings = settings_for(args)
    if (args.atom is None) == (args.file is None):
        return usage_error("ptx", "give exactly one of FILE and --atom TYPE")
    if args.atom is not None:
        found = _atom_document(args, settings)
        if isinstance(found, int):
            return found
        path, analysis = found
    else:
        if args.attrs is not None:
            return usage_error("ptx", "--attrs goes with --atom")
        report = read(args.file, settings)
        if report.problem:
            print(f"{report.path}: error: {report.problem}", file=sys.stderr)
            return USAGE if report.unreadable else FINDINGS
        path, analysis = report.path, report.analysis
        # Which target the module is for, and why, when the file did not say (as `check` does).
        print_target_note(path, analysis, analysis.diagnostics())
    preview = preview_module(analysis)
    failed = bool(preview.problems)
    if args.atom is not None and not preview.kernels and not failed:
        note = next((line.strip()[2:].strip() for line in preview.ptx_text.splitlines()
                     if line.startswith("//   ")), "the atom has no instruction to preview")
        print(f"cute-ir ptx: {note}", file=sys.stderr)
        return FINDINGS
    if args.output:
        try:
            Path(args.output).write_text(preview.ptx_text, encoding="utf-8")
        except OSError as err:
            print(f"cute-ir ptx: error: cannot write {args.output}: {err.strerror or err}",
                  file=sys.stderr)
            return USAGE
    else:
        sys.stdout.write(preview.ptx_text)
    print_diagnostics(path, analysis, preview.problems)
    if args.assemble:
        failed = _ptxas_said(path, analysis, preview, args.ptxas) or failed
    return FINDINGS if failed else CLEAN


def add_parser(sub) -> None:
    ptx = sub.add_parser(
        "ptx", help="print the PTX generated for a file's atoms (or one atom type)",
        description="Print one PTX module with a kernel per atom-building / atom-applying op of "
                    "FILE, or one kernel for the atom type given with --atom.")
    ptx.add_argument("file", nargs="?", metavar="FILE", help="the IR file; - reads standard input")
    ptx.add_argument("--atom", metavar="TYPE",
                     help="an atom type instead of a file, e.g. "
                          "'!cute_nvgpu.sm90.mma<64x128x16, elem_type = (f16, f16, f32)>'")
    ptx.add_argument("--attrs", metavar="DICT",
                     help="attribute dictionary of the atom for --atom, e.g. "
                          "'{shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32}'")
    add_arch_option(ptx, "target architecture of the PTX module")
    ptx.add_argument("--assemble", action="store_true",
                     help="also run ptxas on the module and report what it says")
    ptx.add_argument("--ptxas", default="ptxas", metavar="PATH",
                     help="the ptxas executable for --assemble (default: ptxas on PATH)")
    ptx.add_argument("-o", "--output", metavar="OUT", help="write the PTX to OUT instead of stdout")
    describe_exit_status(ptx, "the PTX was printed (and, with --assemble, ptxas accepted it)",
                         "an atom the target cannot run or the preview cannot lower, or with "
                         "--assemble: ptxas missing, failing or rejecting the module")
    ptx.set_defaults(run=cmd_ptx)
