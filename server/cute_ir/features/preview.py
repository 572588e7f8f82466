"""PTX preview of a whole document: one kernel per atom-building / atom-applying op; for each
function with an op that applies an atom, the kernel `emit/lowered_kernel.py` writes from the
function after the default lowering pipeline (its atoms as the pipeline's inline assembly, each
line mapped to the op the user wrote that it came from; in a function written so, each op that
applies an atom and the ops that build it have no kernel of their own, only a comment pointing
there, so each atom shows once (an atom built and never applied keeps its own); a function with
an op that writer does not know, or that the pipeline reported an error in, is a comment naming
it, and its atoms' own kernels show their instructions, the unit's other functions unaffected);
and each
TileAS kernel (a function with a KernelSpecAttr) as `emit/tileas_kernel.py` writes it after the
default lowering pipeline (the run `cute-ir lower --emit ptx` makes), its lines mapped to the function (a kernel the passes reported errors on, or
that has an op the emitter does not know, is a comment saying so: `check` has the errors).

The atom sites (`verify/atom_sites.py`: each op that builds or applies an atom, with its
`AtomConfig`) are the verifier's; `preview_module` emits one PTX module of them for a target:

* every op whose result is an atom (`cute_nvgpu.make_mma_atom`, `cute.make_atom`, `cute.static`,
  `cute_nvgpu.atom.make_exec_tma`, ...) and every op that applies one (`cute_nvgpu.mma`,
  `cute_nvgpu.copy`, `cute_nvgpu.atom.tma_load/store/reduce`) becomes a kernel, in document
  order, preceded by a `//` comment naming the op, unless its function has its kernel from
  the lowered IR (then the comment says the op is in it); the kernel of an op that builds a copy
  atom or a universal FMA / register / warpgroup / tcgen05 MMA atom is, where it can be, that of
  the smallest function applying it, after the pipeline and the function writer
  (features/atom_kernel.py; a TMA transfer's, its chain from descriptor to transfer), else built
  from the atom's configuration (emit/ptx.py), except for an atom only the lowering writes a
  kernel of (`emit.ptx.hand_built` False: a universal copy or FMA, a cp.async, an ldmatrix or
  stmatrix, a TMA transfer, a tcgen05.mma, tcgen05.cp, tcgen05.ld or tcgen05.st), which then gets a note;
* an atom the target cannot run (arch gate, shape, types) gets a comment instead of a kernel,
  and the lowering check's refusal (`verify/lowering.py`, the rule of `tables/legality.py`
  that the emitter builds from) is the preview's problem: at the document's target, the very
  diagnostic `check` and the server report;
* an atom that does not say enough to build an instruction (a bare `!cute_nvgpu.sm100.mma`)
  becomes a comment only: nothing is wrong with it, there is just nothing to show;
* an op that `check` rejects (an error inside it, inside the op that built the atom it applies,
  or on the atom's type) is not lowered: its problems are `check`'s own diagnostics.

Every line of a kernel (and every comment line) is mapped to the op it came from:
`Preview.line_map` holds (0-based PTX line, byte span of the op in the IR document).

A feature, not part of the backend: it reads the verifiers' atom sites and verdicts, asks the
atom lowering's decision for each (passes/lower_atoms.py), takes the unit the analysis lowered
and writes with the backend (emit/). It is handed the analysed document and uses only what
`analysis/preview_source.py`'s `AnalysedSource` declares. Per-unit results are cached by the
unit's text, so re-previewing after an edit only re-reads the units that changed.
"""
from __future__ import annotations

import re

from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache

from ..diagnostics import Diagnostic, Severity, Source, Span
from ..dialects.cute_nvgpu.ops import APPLYING_OPS, TMA_APPLY_OPS
from ..tables import tiers as T
from ..tables.legality import AtomConfig
from ..verify import atom_sites, lowering as verify_lowering
from ..verify.atom_sites import AtomSite, document_sites
from ..passes.atom_facts import lowering_errors
from ..passes.lower_atoms import instruction, lowering
from ..ir.core import OpResult
from ..emit.builder import DYNAMIC_SHARED_DECL, ENTRY_STARTS
from ..emit.ptx import EMIT_CODE, EmitError, PtxModule, emit_module, hand_built, kernel_name as atom_kernel_name
from ..emit.tileas_kernel import ir_kernels, kernel_name
from ..emit.lowered_kernel import LoweredKernel
from ..dialects.nv_tileas.async_tma import is_kernel
from ..dialects.registry import is_function
from ..analysis.preview_source import AnalysedSource, LoweredUnit
from .atom_kernel import atom_kernel, clear_cache as clear_atom_kernels, config_kernel

__all__ = ["Preview", "preview_module", "applying_ops", "APPLYING_OPS", "TMA_APPLY_OPS", "clear_cache",
           "stopped_kernels"]


def applying_ops() -> frozenset[str]:
    """Names of the ops whose first operand is the atom they apply."""
    return APPLYING_OPS


@dataclass(frozen=True)
class Preview:
    ptx_text: str
    line_map: list[tuple[int, Span]]        # (0-based PTX line, byte span of the op in the IR)
    problems: list[Diagnostic]              # atoms illegal for the target (source "lower")
    target: str = ""
    ptxas_arch: str = ""
    kernels: tuple[str, ...] = ()

    def spans_for_line(self, ptx_line: int) -> list[Span]:
        return [s for line, s in self.line_map if line == ptx_line]

    def lines_for_offset(self, offset: int) -> list[int]:
        """PTX lines produced by the innermost op whose span contains `offset`."""
        hits = [(s, line) for line, s in self.line_map if s.start <= offset <= s.end]
        if not hits:
            return []
        best = min((s for s, _ in hits), key=lambda s: s.end - s.start)
        return sorted({line for s, line in hits if s == best})


# --------------------------------------------------------------------------------------------
# Document walk
# --------------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------------
# Module assembly
# --------------------------------------------------------------------------------------------

@lru_cache(maxsize=256)
def _emit(items: tuple[tuple[AtomConfig, str], ...], target: str, names: tuple[str, ...]):
    try:
        return emit_module(list(items), target, names)
    except Exception as err:                     # a defect must not cost the preview
        return f"{type(err).__name__}: {err}"


def _kernel_blocks(module: PtxModule) -> tuple[list[str], list[list[str]]]:
    """(header lines, lines of each kernel) of an emitted module."""
    lines = module.text.rstrip("\n").split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith(ENTRY_STARTS)]
    header = lines[:starts[0]] if starts else lines
    blocks = []
    for n, s in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        block = lines[s:end]
        while block and not block[-1].strip():
            block.pop()
        blocks.append(block)
    while header and not header[-1].strip():
        header.pop()
    return header, blocks


@dataclass
class _Verdicts:
    """What becomes of each item: its kernel's lines, or a note saying why it has none."""
    header: list[str]                   # the emitted module's lines before its first kernel
    kernels: dict[int, list[str]]       # item index -> its kernel's lines (none: the lowering's alone)
    names: dict[int, str]               # item index -> its kernel's name
    notes: dict[int, str]               # item index -> why it has no kernel
    problems: list[Diagnostic]          # what `check` reports for them
    emitted: PtxModule
    stopped: set[int] = field(default_factory=set)   # items whose note says what `check` reports


def _verdicts(items: list[AtomSite], errors: list[Diagnostic], target: str) -> _Verdicts:
    """The verdict on each of `items` for `target`: the atom lowering's (`lower_atoms.lowering`:
    `errors`, the document's, not the lowering's, stop the items they lie in, as they stop
    `check`), and a kernel for each item it lowers."""
    problems: list[Diagnostic] = []
    notes: dict[int, str] = {}
    stopped: set[int] = set()
    kernels: list[int] = []
    for index, item in enumerate(items):
        found = lowering(item, errors, target)
        if found.lowered:
            kernels.append(index)
            continue
        notes[index] = found.note
        if found.stopped:
            stopped.add(index)
        problems.extend(d for d in found.problems if d not in problems)

    names = {i: atom_kernel_name(n, items[i].config) for n, i in enumerate(kernels)}
    # The atoms whose kernel only the lowering writes (a function applying them: `_atom_block`).
    lowered = [i for i in kernels if not hand_built(items[i].config)]
    kernels = [i for i in kernels if hand_built(items[i].config)]
    emitted = _emit(tuple((items[i].config, items[i].name) for i in kernels), target, tuple(names[i] for i in kernels))
    if not isinstance(emitted, PtxModule):
        # Attribute the failure kernel by kernel.
        good = []
        for i in kernels:
            single = _emit(((items[i].config, items[i].name),), target, (names[i],))
            if isinstance(single, PtxModule):
                good.append(i)
            else:
                message = single if isinstance(single, str) else single.message
                notes[i] = f"cannot emit: {message}"
                problems.append(Diagnostic(EMIT_CODE, items[i].at, Severity.ERROR,
                                           Source.LOWER, f"cannot emit PTX: {message}"))
        kernels = good
        emitted = _emit(tuple((items[i].config, items[i].name) for i in kernels), target,
                        tuple(names[i] for i in kernels))
    header, blocks = _kernel_blocks(emitted)
    return _Verdicts(header, {**dict(zip(kernels, blocks)), **{i: [] for i in lowered}}, names, notes, problems,
                     emitted, stopped)


def _unknown_target(name: str) -> str | None:
    if T.parse_target(name) is not None:
        return None
    known = ", ".join(t.name for t in T.TARGETS)
    return f"unknown target architecture `{name}`; expected one of {known}"


def preview_module(analysis: AnalysedSource, arch: str | None = None) -> Preview:
    """The PTX preview of `analysis`'s document for `arch` (default: the document's target)."""
    target_name = arch or analysis.target_arch
    unknown = _unknown_target(target_name)
    if unknown is not None:
        return Preview(f"// No PTX: {unknown}\n", [], [Diagnostic(
            "lower.target", Span(0, 0), Severity.ERROR, Source.LOWER, unknown)], target_name)
    target = T.parse_target(target_name)
    items = document_sites(analysis)
    verdicts = _verdicts(items, lowering_errors(analysis), target.name)

    doc = analysis.document
    name = doc.uri.rsplit("/", 1)[-1] if getattr(doc, "uri", None) else "document"
    out = [f"// cute-ir PTX preview of {name} for {target.name}: one kernel per atom-building "
           f"or atom-applying op, then each function's and each TileAS kernel after the lowering pipeline "
           f"(an op of a function written so is shown in its function's kernel only).",
           f"// Assemble with: ptxas -arch={target.ptxas_arch} <file>.ptx"]
    if not items:
        out.append("// The document has no op that builds or applies a cute_nvgpu atom.")
    out += verdicts.header
    line_map: list[tuple[int, Span]] = []
    lowered_functions, unwritten = _lowered_functions(analysis, target.name, items, verdicts)
    # The ops of a function that has its kernel from the lowered IR are shown there, each
    # instruction mapped to the op: their own kernels would show the same atoms again.
    written = _written_ops(analysis, lowered_functions)
    kernels: tuple[str, ...] = ()
    for index, item in enumerate(items):
        line = doc.position(item.span.start).line + 1
        out.append("")
        first = len(out)
        out.append(f"// line {line}: {item.text}")
        function = written.get(item.span.start) if index in verdicts.kernels else None
        if function is not None:
            out.append(f"//   in the kernel of function `{function}` below, from the lowered IR")
        elif index in verdicts.kernels:
            name = verdicts.names[index]
            block = _atom_block(doc, item, name, target.name) or verdicts.kernels[index]
            if block:
                out.extend(block)
                kernels += (name,)
            else:
                out.append(f"//   {NO_LOWERED_KERNEL}")
        else:
            out.append(f"//   {verdicts.notes[index]}")
        line_map.extend((n, item.span) for n in range(first, len(out)))
    for unit, kernel, origins in lowered_functions:
        whole = Span(unit.start, unit.end)      # once: a line the lowered IR does not map maps to it
        out.append("")
        out.append(f"// line {doc.position(unit.start).line + 1}: function `{kernel.name}`, its atoms as the "
                   f"lowering pipeline's inline assembly")
        line_map.append((len(out) - 1, whole))
        if not kernel.module.ok:
            out.append(f"//   not emitted: {kernel.module.message}; each atom's own kernel above shows its "
                       f"instructions")
            line_map.append((len(out) - 1, whole))
            continue
        block = _kernel_blocks(kernel.module)[1][0]
        entry = kernel.module.text.split("\n").index(block[0])
        lowered_line = dict(kernel.line_ops)
        for n, line in enumerate(block):
            out.append(line)
            # A line an op of the lowered IR wrote maps to the op the user wrote it came from.
            line_map.append((len(out) - 1, origins.get(lowered_line.get(entry + n), whole)))
        kernels += kernel.module.kernels
    if unwritten:
        out.append("")
        out.append(f"// {unwritten} more functions apply atoms; their kernels from the lowered IR are not written "
                   f"here (at most {MAX_LOWERED_FUNCTIONS} a preview): `cute-ir lower --emit ptx` writes them all")
    stopped = stopped_kernels(analysis)
    for unit, name, module in _tileas_kernels(analysis, target.name):
        out.append("")
        first = len(out)
        out.append(f"// line {doc.position(unit.start).line + 1}: TileAS kernel `{name}`, after the lowering pipeline")
        if module.ok and name in stopped:
            # The same verdict as `check`: its error is the preview's problem.
            out.append(f"//   not emitted: {stopped_note(name, stopped[name])}")
            if stopped[name] not in verdicts.problems:
                verdicts.problems.append(stopped[name])
        elif module.ok:
            if module.dynamic_shared:
                out.append(DYNAMIC_SHARED_DECL)     # its module's, which PTX allows once more
            out.extend(_kernel_blocks(module)[1][0])
            kernels += module.kernels
        else:
            out.append(f"//   not emitted: {module.message}")
        line_map.extend((n, Span(unit.start, unit.end)) for n in range(first, len(out)))
    text = "\n".join(out) + "\n"
    return Preview(text, line_map, verdicts.problems, target.name, target.ptxas_arch, kernels)


# An atom whose kernel only the lowering writes, when it writes none for it.
NO_LOWERED_KERNEL = ("no kernel: the lowering writes this atom's kernel from a function applying it, and writes "
                     "none for it here")


def _atom_block(doc, item: AtomSite, name: str, target: str) -> list[str] | None:
    """The kernel `name` of a function that applies the atom `item` builds, from the lowering
    (features/atom_kernel.py), as lines of the preview; for an atom the op does not build alone
    (or applies), of one built from its configuration (`config_kernel`: an op of its attributes,
    a TMA transfer's chain); None where it has none."""
    op_text = bytes(doc.data[item.span.start:item.span.end]).decode("utf-8", "replace")
    kernel = atom_kernel(op_text, item.config, name, target) or config_kernel(item.config, name, target, item.name)
    return _kernel_blocks(kernel.module)[1][0] if kernel is not None else None


# The functions whose kernels a preview writes from the lowered IR, at most: each costs the
# whole pipeline on its unit, printing what it left and writing the kernel from that IR (about
# 14 ms for a function that applies two atoms, then 1 to 2 ms a preview while its lowered unit
# stays cached: pipeline.py keeps more units than this), and a preview of a file of thousands
# would take ten seconds (docs/benchmarks.md, sixteenth round; thirty-first: measured again). The atoms' own kernels show every
# instruction whatever the count.
MAX_LOWERED_FUNCTIONS = 256


def _lowered_functions(analysis: AnalysedSource, target: str, items: list[AtomSite],
                       verdicts: _Verdicts) -> tuple[list, int]:
    """(unit, its function's kernel from the lowered IR, lowered line -> span of the op the
    user wrote) for each unit with an op that applies an atom the preview has a kernel for, in
    document order, the first MAX_LOWERED_FUNCTIONS of them; and how many more there are. A
    kernel is the unit after the default pipeline (`AnalysedSource.lowered_unit`), whose inline
    assembly emit/lowered_kernel.py writes as one kernel a function. A function the pipeline
    reported an error in has none (`check` has the error; `_failed_functions`); its atoms' own
    kernels stay."""
    applying = sorted(item.span.start for index, item in enumerate(items)
                      if index in verdicts.kernels and _OP_NAME.match(item.text)[1] in APPLYING_OPS)
    found_all: list = []

    def applies(unit) -> bool:
        first = bisect_left(applying, unit.start)
        return not unit.shell and first < len(applying) and applying[first] < unit.end
    units = [unit for unit in analysis.units if applies(unit)] if applying else []
    for unit in units[:MAX_LOWERED_FUNCTIONS]:
        try:
            lowered = analysis.lowered_unit(unit, target)
            found = lowered.functions
            if lowered.failed:
                # As for a TileAS kernel: `check` has the errors, and they stop the kernel of the
                # function they are in (all of the unit's when none is in a function).
                failed = _failed_functions(analysis, unit)
                found = tuple(LoweredKernel(k.name, EmitError(f"`{k.name}`: the lowering pipeline reported errors on "
                                                              f"it (the Problems list has them)", None, target))
                              if failed is None or k.name in failed else k for k in found)
        except Exception as err:                     # a defect must not cost the preview
            found = (LoweredKernel("?", EmitError(f"{type(err).__name__}: {err}", None, target)),)
            lowered = None
        origins = {line: span.shifted(unit.start) for line, span in lowered.origins} if lowered is not None else {}
        found_all += [(unit, kernel, origins) for kernel in found]
    return found_all, max(0, len(units) - MAX_LOWERED_FUNCTIONS)


def _failed_functions(analysis: AnalysedSource, unit) -> frozenset[str] | None:
    """The functions of a unit the pipeline reported errors on that hold an error of the
    document (`check`'s, the passes' among them: verification runs the same pipeline), by
    kernel name; None when no such function holds one (every function of the unit fails)."""
    errors = [d.span for d in analysis.diagnostics()
              if d.severity is Severity.ERROR and unit.start <= d.span.start and d.span.end <= unit.end]
    failed = frozenset(name for name, start, end, _ in _function_ops(analysis, unit)
                       if any(unit.start + start <= e.start and e.end <= unit.start + end for e in errors))
    return failed or None




def _written_ops(analysis: AnalysedSource, lowered_functions: list) -> dict[int, str]:
    """Where each op starts whose instructions a function's kernel from the lowered IR shows ->
    that kernel's name: per function, so a function whose kernel is not written (the writer
    refused an op, the pipeline reported an error in it) costs only its own atoms their place
    there; the unit's other functions still show theirs. A name two of the unit's functions share,
    one written and one not, is not written: the op could not be told which."""
    by_unit: dict[tuple[int, int], list] = {}
    for unit, kernel, _ in lowered_functions:
        by_unit.setdefault((unit.start, unit.end), []).append((unit, kernel))
    shown: dict[int, str] = {}
    for found in by_unit.values():
        unit = found[0][0]
        written = {k.name for _, k in found if k.module.ok}
        unwritten = {k.name for _, k in found if not k.module.ok}
        for name, ops in _shown_ops(analysis, unit):
            if name in written and name not in unwritten:
                shown.update((start, name) for start in ops)
    return shown


# Where a unit keeps the ops its kernels show (`Unit.derived`, which the analysis empties when
# the unit's text changes; relative to its start, so a unit an edit only moves keeps them): the
# preview asks after every edit, and lifting each written unit again to find them, when the
# analysis keeps the IR of only the last few units, was most of a repeated preview's time.
_SHOWN_ON_UNIT = "preview_shown_ops"


def _function_ops(analysis: AnalysedSource, unit) -> tuple[tuple[str, int, int, frozenset[int]], ...]:
    """(kernel name, start, end, where the ops it shows start) of each function of a unit that
    applies an atom, relative to the unit's start: each op that applies an atom, and the ops its
    operands come from (the atom's builders). An atom the function builds and never applies has
    no instruction there: it keeps its own kernel."""
    derived = getattr(unit, "derived", None)     # a `StatementRun` is made anew at each preview
    kept = derived.get(_SHOWN_ON_UNIT) if derived is not None else None
    if kept is None:
        lifted = analysis.lifted_unit(unit)
        spans = lifted.index.op_spans
        found = []
        for function in (op for top in lifted.operations for op in top.walk() if is_function(op.name)):
            stack = [op for op in function.walk() if op.name in APPLYING_OPS]
            if not stack or function not in spans:
                continue
            seen: set[int] = set()
            shown: set[int] = set()
            while stack:
                op = stack.pop()
                if id(op) in seen:
                    continue
                seen.add(id(op))
                if op in spans:
                    shown.add(spans[op].start - unit.start)
                stack.extend(value.owner for value in op.operands if isinstance(value, OpResult))
            at = spans[function]
            found.append((kernel_name(function), at.start - unit.start, at.end - unit.start, frozenset(shown)))
        kept = tuple(found)
        if derived is not None:
            derived[_SHOWN_ON_UNIT] = kept
    return kept


def _shown_ops(analysis: AnalysedSource, unit) -> list[tuple[str, frozenset[int]]]:
    """(kernel name, where the ops it shows start) of each function of `unit` that applies an atom."""
    return [(name, frozenset(start + unit.start for start in ops)) for name, _, _, ops in _function_ops(analysis, unit)]


# An op's name at the start of its first line (custom or generic form).
_OP_NAME = re.compile(r'\s*"?([\w.$]*)')


# What a TileAS kernel's statement says (a cheap test before the passes run on it).
_KERNEL_SPEC_TEXT = b"nv_tileas.kernel_spec"


def _tileas_kernels(analysis: AnalysedSource, target: str):
    """(unit, kernel name, its PTX module or why none) for each TileAS kernel of the document,
    emitted as `cute-ir lower --emit ptx` emits it: from the unit after the default pipeline
    (`AnalysedSource.lowered_unit`, the analysis's run of the pipeline `cute-ir lower` runs)."""
    data = analysis.document.data
    if data.find(_KERNEL_SPEC_TEXT) < 0:
        return      # most documents: no unit to look at
    for unit in analysis.units:
        if unit.shell or data.find(_KERNEL_SPEC_TEXT, unit.start, unit.end) < 0:
            continue
        try:
            found = _lowered_kernels(analysis.lowered_unit(unit, target), target)
        except Exception as err:                     # a defect must not cost the preview
            found = (("?", EmitError(f"{type(err).__name__}: {err}", None, target)),)
        for name, module in found:
            yield unit, name, module


@lru_cache(maxsize=64)
def _lowered_kernels(lowered: LoweredUnit, target: str) -> tuple[tuple[str, "PtxModule | EmitError"], ...]:
    """Each TileAS kernel of a lowered unit, or why it has none (cached by the lowered text:
    the preview asks again after every edit, most units unchanged)."""
    found = ir_kernels(lowered.text, target)
    if lowered.failed:
        # As `cute-ir lower --emit ptx` stops when the pipeline reported an error.
        return tuple((name, EmitError(f"`{name}`: the lowering pipeline reported errors on it (the Problems "
                                      f"list has them)", None, target)) for name, _ in found)
    return tuple(found)


def stopped_kernels(analysis: AnalysedSource) -> dict[str, Diagnostic]:
    """The TileAS kernels (by PTX entry name) that `check` reports an error in, each with its
    first: they get no PTX, as an atom `check` rejects gets no kernel (docs/spec-deviations.md,
    A7). ptxas would accept what the emitter wrote, but the error may be what the GPU would get
    wrong: a descriptor whose box the driver refuses to encode, a swizzle the tile was not
    laid out with. The passes' own errors (source "lower") are the passes' verdict."""
    data = analysis.document.data
    if data.find(_KERNEL_SPEC_TEXT) < 0:
        return {}
    errors = sorted(lowering_errors(analysis), key=lambda d: d.span.start)
    out: dict[str, Diagnostic] = {}
    for unit in analysis.units:
        if unit.shell or data.find(_KERNEL_SPEC_TEXT, unit.start, unit.end) < 0:
            continue
        inside = [d for d in errors if unit.start <= d.span.start and d.span.end <= unit.end]
        if not inside:
            continue
        lifted = analysis.lifted_unit(unit)
        for top in lifted.operations:
            for op in top.walk():
                span = lifted.index.op_spans.get(op)
                if span is None or not is_function(op.name) or not is_kernel(op):
                    continue
                first = next((d for d in inside if span.start <= d.span.start and d.span.end <= span.end), None)
                if first is not None:
                    out.setdefault(kernel_name(op), first)
    return out


def stopped_note(name: str, error: Diagnostic) -> str:
    """Why a kernel `check` reports an error in has no PTX."""
    return f"`{name}`: `check` reports an error in it ({error.message})"


def clear_cache() -> None:
    atom_sites.clear_cache()
    verify_lowering.clear_cache()
    instruction.cache_clear()
    _emit.cache_clear()
    _lowered_kernels.cache_clear()
    clear_atom_kernels()
