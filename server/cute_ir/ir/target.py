"""Which target a document is verified and previewed for, and why.

A document may declare its target the way CuTe DSL dumps do: `#nvvm.target<chip = "sm_100a">`
on a `gpu.module` (`gpu.module @kernels [#nvvm.target<chip = "sm_100a">] {`) or among the
attributes of a `module`. The rule, first that applies:

- the command line's explicit `--arch` (a user asked for that target);
- the file's declaration (the file knows what it was compiled for);
- the editor's `cute-ir.targetArch` setting, when the user chose a target there;
- the target the file needs (`infer`): the lowest tier whose arch-specific target runs every
  atom the file writes and every NVVM op it calls (its `NVVMRequiresSM` trait), and that the
  CuTe DSL's launch guard names (the host code of a DSL dump compares the kernel's shared
  memory with what "current GPU arch sm_80" allows: the target the dump was compiled for).
  CuTe DSL dumps declare no target, and a Blackwell dump checked as sm_90a would light up red;
  needs no single target meets are one error (`conflict_message`);
- the default, when nothing in the file decides (no atom needs more than any target has).

Only container headers are read for a declaration (a `module` / `gpu.module` up to its `{`; see
analysis/units.py, "shell" units), so finding it costs nothing per keystroke inside a function.
The first declaration in the document applies. What a unit's atoms need is a fact of the unit
alone (`unit_needs`, from the cute_nvgpu types and atom-building ops its text writes), kept per
unit by the analysis and combined over the document only when one of them changes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable

from ..diagnostics import Diagnostic, Related, Severity, Source, Span
from ..dialects.cute_nvgpu.ops import lookup_op
from ..dialects.cute_nvgpu.types import CuteNvgpuType, parameter_pairs
from ..dialects.mlir_ods import REQUIRED_SM
from ..tables.atoms import ATOMS_BY_MNEMONIC, atom_gates
from ..tables.tiers import (INFERENCE_ORDER, describe_requirements, lowest_target, parse_target,
                           satisfies_any, targets_satisfying)

_DECLARATION = re.compile(rb'#nvvm\.target<[^>]*?\bchip\s*=\s*"([^"]+)"')

# Where a configured target comes from (Settings.target_from), and whether it beats the file.
FROM_SETTING = "setting"          # the editor's cute-ir.targetArch
FROM_DEFAULT = "default"          # nothing configured it
FROM_COMMAND_LINE = "command line"   # an explicit --arch
FROM_FILE = "file"
FROM_INFERRED = "inferred"          # what the file's atoms need
_OVERRIDES_FILE = frozenset({FROM_COMMAND_LINE})

_REASONS = {
    FROM_FILE: "declared by the file (`#nvvm.target`)",
    FROM_SETTING: "the `cute-ir.targetArch` setting",
    FROM_DEFAULT: "the default target: nothing in the file decides",
    FROM_COMMAND_LINE: "`--arch` on the command line",
    FROM_INFERRED: "inferred from the file's atoms and ops; the file declares none",
}


@dataclass(frozen=True)
class Need:
    """What one atom the file writes needs of the target: one gate (alternatives for
    `tiers.satisfies_any`), the atom's mnemonic as written, where it is written and the op that
    writes it (empty in an alias definition). Spans are absolute or relative to a unit, as the
    holder keeps them."""
    requires: tuple[str, ...]
    atom: str
    span: Span
    op: str = ""
    # How `explain` names what decided, when not as "`atom`" (the DSL's launch guard).
    label: str = ""

    def shifted(self, delta: int) -> "Need":
        return Need(self.requires, self.atom, self.span.shifted(delta), self.op, self.label)

    @property
    def named(self) -> str:
        return self.label or f"`{self.atom}`"


@dataclass(frozen=True)
class Inference:
    """The target the needs of a file ask for: the lowest in `tiers.INFERENCE_ORDER` that
    satisfies every need, and the first need (in document order) that asked most; or, when no
    target satisfies them all, two needs no single target satisfies."""
    arch: str | None
    decided_by: Need | None = None
    conflict: tuple[Need, Need] | None = None


@dataclass(frozen=True)
class TargetChoice:
    arch: str
    source: str                  # FROM_FILE, FROM_SETTING, FROM_DEFAULT, FROM_COMMAND_LINE, FROM_INFERRED
    declared: Span | None = None  # the chip string the file declares, when it declares one
    decided_by: Need | None = None   # FROM_INFERRED: the atom that decided (absolute span)
    # Atoms no single target runs (the file declares no target): the target is the default, and
    # the verifiers leave those atoms' gates to the one conflict error (`conflict_message`).
    conflict: tuple[Need, Need] | None = None

    @property
    def reason(self) -> str:
        return _REASONS[self.source]

    def key(self) -> tuple:
        """What verification depends on: a choice that differs only in where its deciding atom
        now is verifies the same."""
        return (self.arch, self.source, self.conflict is not None)

    def explain(self, line_col: Callable[[int], tuple[int, int]]) -> str:
        """Why, for people: `inferred from `atom.tmem_load` at 12:5; the file declares none`
        (`line_col`: a byte offset -> 1-based line and column)."""
        if self.source == FROM_INFERRED and self.decided_by is not None:
            line, col = line_col(self.decided_by.span.start)
            return f"inferred from {self.decided_by.named} at {line}:{col}; the file declares none"
        if self.conflict is not None:
            (a, b) = self.conflict
            la, ca = line_col(a.span.start)
            lb, cb = line_col(b.span.start)
            return (f"the default target: no single target runs {a.named} ({la}:{ca}) and "
                    f"{b.named} ({lb}:{cb}); the file declares none")
        return self.reason

    def sentence(self, line_col: Callable[[int], tuple[int, int]]) -> str:
        """`target sm_100a, inferred from `atom.tmem_load` at 12:5; the file declares none`."""
        return f"target {self.arch}, {self.explain(line_col)}"


def declared_target(headers: Iterable[tuple[int, bytes]]) -> tuple[str, Span] | None:
    """The first known chip a container header declares: `(arch, span of the chip string)`.
    `headers` are `(start offset, text)` of the headers in document order."""
    for start, text in headers:
        for match in _DECLARATION.finditer(text):
            chip = match.group(1).decode("utf-8", "replace")
            if parse_target(chip) is not None:
                return chip, Span(start + match.start(1) - 1, start + match.end(1) + 1)
    return None


def choose_target(declared: tuple[str, Span] | None, configured: str, configured_from: str,
                  inferred: Inference | None = None) -> TargetChoice:
    """The target by the rule of this module's docstring. `inferred`: what the file's atoms
    need (`infer`), consulted only when neither the command line, the file nor the setting
    decides."""
    if declared is not None and configured_from not in _OVERRIDES_FILE:
        return TargetChoice(declared[0], FROM_FILE, declared[1])
    if configured_from != FROM_DEFAULT or inferred is None:
        return TargetChoice(configured, configured_from)
    if inferred.conflict is not None:
        return TargetChoice(configured, FROM_DEFAULT, conflict=inferred.conflict)
    if inferred.arch is not None:
        return TargetChoice(inferred.arch, FROM_INFERRED, decided_by=inferred.decided_by)
    return TargetChoice(configured, FROM_DEFAULT)


# ------------------------------------------------------------------ what atoms need
def type_needs(ty: CuteNvgpuType, span: Span, op: str = "") -> list[Need]:
    """The gates of the atom (or descriptor) type `ty` written at `span`: its row's, and those
    its parameters add (`tables.atoms.atom_gates`)."""
    if ty.row is None:
        return []
    return [Need(gate, ty.mnemonic, span, op) for gate in atom_gates(ty.row, parameter_pairs(ty.params))]


def builder_needs(op_name: str, span: Span) -> list[Need]:
    """The gate of the atom an op that builds one fixed atom builds (`make_sm120_mma_bs`),
    which it implies when its result type is left out."""
    definition = lookup_op(op_name)
    row = ATOMS_BY_MNEMONIC.get(definition.builds) if definition is not None and definition.builds else None
    if row is None or not row.requires:
        return []
    return [Need(row.requires, row.mnemonic, span, op_name)]


# MLIR 22's `NVVMRequiresSMa<[100, 101]>` pins tcgen05's ops to sm_100a / sm_101a (sm_110a); the
# PTX ISA runs them on every target of the family (`sm_100f`, `sm_110f`), as later MLIR says
# (`NVVMRequiresSMf`, llvm/llvm-project#192257). Hardware wins: from Blackwell on, an `a` trait is
# read as its family's gate. SM 101 is SM 110's former name (PTX ISA 9.0).
_RENAMED_SM = {"101": "110"}


def _sm_gate(kind: str, versions: tuple[str, ...]) -> tuple[str, ...]:
    gate: list[str] = []
    for version in versions:
        version = _RENAMED_SM.get(version, version)
        if kind == "SM":
            name = f"sm_{version}"
        else:
            name = f"sm_{version}{'f' if int(version) >= 100 else 'a'}"
        if parse_target(name) is not None and name not in gate:
            gate.append(name)
        elif kind == "SM" and int(version) < 70:
            return ()   # older than every target: any target runs it
    return tuple(gate)


def op_needs(op_name: str, span: Span) -> list[Need]:
    """The gate of an NVVM op by its `NVVMRequiresSM` trait (MLIR's records,
    `dialects/mlir_ods.REQUIRED_SM`): `nvvm.cluster.arrive.relaxed` needs sm_90."""
    required = REQUIRED_SM.get(op_name)
    gate = _sm_gate(*required) if required is not None else ()
    return [Need(gate, op_name, span, op_name)] if gate else []


# The host side of a CuTe DSL dump guards the launch: `cute.print("...Error: kernel '...' launch
# shared memory exceeds current GPU arch sm_80 allowed. ...")`. The arch it names is the one the
# DSL compiled the kernel for.
GUARD_OP = b"cute.print"
_LAUNCH_GUARD = re.compile(rb"launch shared memory exceeds current GPU arch (sm_\d+[af]?) allowed")


def guard_needs(text: bytes, span: Span) -> list[Need]:
    """The target a CuTe DSL launch guard (the text of a `cute.print` op) names, as a need of
    exactly that target."""
    match = _LAUNCH_GUARD.search(text)
    arch = match.group(1).decode() if match is not None else None
    if arch is None or parse_target(arch) is None:
        return []
    return [Need((arch,), arch, span, GUARD_OP.decode(),
                 label=f"the CuTe DSL's launch guard (`GPU arch {arch}`)")]


def first_needs(needs: Iterable[Need]) -> tuple[Need, ...]:
    """The first need of each gate, in document order: all that `infer` reads (it depends on
    the gates and on where each is first asked for)."""
    first: dict[tuple[str, ...], Need] = {}
    for need in sorted(needs, key=lambda n: n.span):
        first.setdefault(need.requires, need)
    return tuple(sorted(first.values(), key=lambda n: n.span))


def infer(needs: Iterable[Need]) -> Inference:
    """The lowest target of `tiers.INFERENCE_ORDER` that satisfies every need (`needs` in
    document order). The deciding need is the first that the target before it in that order
    does not satisfy; with no need at all nothing decides (arch None)."""
    needs = [n for n in needs if n.requires]
    if not needs:
        return Inference(None)
    rank = {}
    for need in needs:
        if need.requires not in rank:
            rank[need.requires] = next((i for i, t in enumerate(INFERENCE_ORDER)
                                        if satisfies_any(t, need.requires)), None)
    target = lowest_target(n.requires for n in needs)
    if target is None:
        return Inference(None, conflict=_conflicting_pair(needs))
    # The need that asked most: the latest in the order, an atom or op before the DSL's launch
    # guard that names the same tier (what in the kernel needs it says more), of those the
    # fewest targets satisfy (WGMMA's sm_90a-only before TMA's sm_90-or-later), the first written.
    decided = min(needs, key=lambda n: (-rank[n.requires], bool(n.label),
                                        len(targets_satisfying(n.requires))))
    return Inference(target, decided_by=decided)


def _conflicting_pair(needs: list[Need]) -> tuple[Need, Need]:
    """Two needs no single target satisfies: the first need that leaves no target for those
    before it, and the first of those before it that it excludes."""
    runs = [t for t in INFERENCE_ORDER]
    for index, need in enumerate(needs):
        left = [t for t in runs if satisfies_any(t, need.requires)]
        if not left:
            for earlier in needs[:index]:
                if not any(satisfies_any(t, earlier.requires) and satisfies_any(t, need.requires)
                           for t in INFERENCE_ORDER):
                    return earlier, need
            return needs[0], need
        runs = left
    return needs[0], needs[-1]


CONFLICT_CODE = "verify.target-conflict"


def conflict_diagnostic(choice: TargetChoice) -> Diagnostic | None:
    """The one error of a file whose atoms no single target runs: at the second atom, with a
    note at the first, naming both and their targets."""
    if choice.conflict is None:
        return None
    first, second = choice.conflict
    message = (f"no single target runs every atom of this file: {second.named} needs "
               f"{describe_requirements(second.requires)}, but {first.named} needs "
               f"{describe_requirements(first.requires)}; declare the target "
               f"(`#nvvm.target<chip = \"...\">`) or choose one (`--arch`, `cute-ir.targetArch`)")
    return Diagnostic(CONFLICT_CODE, second.span, Severity.ERROR, Source.VERIFY, message,
                      (Related(first.span, f"{first.named} needs {describe_requirements(first.requires)}"),))
