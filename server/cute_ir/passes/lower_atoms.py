"""Atom lowering: each op that applies an atom becomes the PTX it lowers to; atoms then unused go.

`convert-cute-nvgpu-to-ptx` replaces an op that applies an atom (`cute_nvgpu.mma`,
`cute_nvgpu.copy`, the TMA transfers) by an `llvm.inline_asm` op whose `asm_string` is the
atom's PTX instruction(s) with its operands bound by constraints (passes/inline_asm.py); the
atom operand is dropped. The verdict comes from the caller (`PassContext.facts[PTX]`: source
span of an op -> its instructions, as the PTX preview emits and ptxas checks them;
`facts[BOUND]`: the instruction with its operands as constraints, or why it has no such form),
by the nearest of the applying op's own span and the spans of the ops its atom came through
(the op that built it, a binder, `atom.set_value`) that has a verdict.

An op whose operands do not bind stays as written, with a `lower.not-lowered` information
diagnostic that says why (without one when an operand is a value the IR defines nowhere, a
snippet's free value): inline assembly without constraints is not IR LLVM compiles, so none
is made. The CuTe DSL's `cute.copy` / `cute.gemm` are such ops: their operands are CuTe
tensors (`DSL_UNBOUND`); the preview still shows their atom's instruction.

One computation, on the unit's IR as the text writes it, serves the preview, `check` and this
pass, so they cannot disagree. It holds for this pass's input because no pass before it
touches cute_nvgpu ops; an applying op a pass did make (its location says so) is left with a
`lower.not-lowered` warning rather than given the verdict of the op it came from.

An atom that arrives as a kernel argument has no op in the file, and its applying op stays
with a `lower.not-lowered` information diagnostic that says so (`verify/atom_sites.left_reason`; the preview notes the same, and
`check` and the editor report it too). An op the preview could not lower stays, with the
preview's reason (`facts[NOT_LOWERED]`): a `lower.stopped` error when that reason is an error
`check` reports too (`facts[STOPPED]`), a `lower.not-lowered` warning otherwise (the
conversion is partial).

`cute-nvgpu-erase-dead-atoms` erases atom-building ops whose results nobody uses any more, as
MLIR's dead-code elimination erases side-effect-free ops without uses.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..dialects.cute_nvgpu.ops import BUILDING_OPS
from ..dialects.ods import Trait
from ..dialects.registry import applies_atom, has_trait
from ..diagnostics import Severity
from ..ir.core import OpResult, Operation
from ..text.location import derived, provenance, source_span
from .base import Pass, PassContext, register
from .inline_asm import Unbindable, Undefined, bind, binds

# Keys of `PassContext.facts` this module reads.
PTX = "ptx-by-op"                 # Span -> tuple of PTX instruction lines
NOT_LOWERED = "not-lowered"       # Span -> why the preview has no PTX for the op
ALIASES = "aliases"               # the document's alias table (ir.aliases.AliasTable), for a check in place
STOPPED = "stopped"               # spans of those ops stopped by what `check` reports itself
BOUND = "bound-asm"               # Span -> its instruction with operands bound (emit.ptx.InlineAsm), or why none

# What the pass reports on an op it leaves: a `lower.not-lowered` warning when the reason is
# the lowering's own (the preview has no kernel for the atom), a `lower.stopped` error when it
# restates an error `check` and the editor report (in the op or its atom, or an atom the
# target cannot run). The editor publishes only the first (analysis/pipeline.py).
NOT_LOWERED_CODE = "lower.not-lowered"
STOPPED_CODE = "lower.stopped"

# Why the CuTe DSL's `cute.copy` / `cute.gemm` stay as written: their operands are CuTe tensors
# (`!cute.memref` with a CuTe layout, `!cute_nvgpu.smem_desc_view`), which no register or address
# of one instruction stands for; CuTe's own lowering to LLVM expands them.
DSL_UNBOUND = ("its operands are CuTe DSL tensors, and the lowering does not expand a CuTe layout (over which "
               "one op may apply its atom many times) into the addresses and registers an instruction binds")
# What each such op does with its operands (by op and operand count; 0 is the atom), so that
# the note on each op of a kernel that applies one atom many times says which application it
# is. Another form (a block-scaled `cute.gemm` groups each operand with its scale factors) is
# "it applies" the atom to its operands.
DSL_DOES = {
    ("cute.copy", 3): "it copies {1} to {2} with {0}",
    ("cute.gemm", 5): "it accumulates {2} times {3} plus {4} into {1} with {0}",
}
# The memory a CuTe tensor is in (`!cute.memref<i8, smem, ...>`), and the cute_nvgpu type an
# atom is or holds (`!cute.tiled_copy<!cute_nvgpu.atom.ldsm<...>, ...>`).
_TENSOR_MEMORY = re.compile(r"^!cute\.memref<[^,<>]+,\s*(\w+)")
_ATOM_KIND = re.compile(r"!cute_nvgpu\.(?:atom\.)?([\w.]+)")


# How the preview's notes begin (emit/preview.py writes them) on an op stopped by an error,
# on one whose atom it has no instruction for, and on one the lowering does not take
# (`left_reason`); the pass's message says "not lowered" itself.
BLOCKED_NOTE = "not lowered: "
NO_KERNEL_NOTE = "no kernel: "
LEFT_NOTE = "left as written: "

# How far an atom is followed back through ops that pass it on (`atom.set_value`, the binders).
_MAX_ATOM_CHAIN = 4


def _atom_sources(atom) -> list:
    """Source spans of the ops an atom operand comes from, nearest first: the op that defined
    it, and the ops before that whose first operand it was built from; as far as they are ops
    the text writes (a verdict is of the ops as written, not of what a pass made)."""
    out = []
    for _ in range(_MAX_ATOM_CHAIN):
        if not isinstance(atom, OpResult) or provenance(atom.owner.location):
            break
        out.append(source_span(atom.owner.location))
        if not atom.owner.operands:
            break
        atom = atom.owner.operands[0]
    return out


def _dsl_application(op: Operation, expand) -> str:
    """What a CuTe DSL `cute.copy` / `cute.gemm` applies to what (`DSL_DOES`): its values by
    name, a tensor with its memory, the atom with its kind. `expand`: the document's aliases,
    for types as the text writes them (None: resolved already)."""
    def named(value, pattern: re.Pattern, shown: str) -> str:
        text = expand(value.type.text) if expand else value.type.text
        found = pattern.search(text)
        name = f"`%{value.name_hint}`" if value.name_hint else "a value"
        return name if found is None else f"{name} ({shown.format(found.group(1))})"

    operands = op.operands
    parts = [named(operands[0], _ATOM_KIND, "a `{}` atom")] + [named(v, _TENSOR_MEMORY, "{}") for v in operands[1:]]
    does = DSL_DOES.get((op.name, len(parts)))
    return does.format(*parts) if does is not None else f"it applies {parts[0]} to {', '.join(parts[1:])}"


@register
@dataclass(frozen=True)
class ConvertCuteNvgpuToPtx(Pass):
    name = "ConvertCuteNvgpuToPtx"
    argument = "convert-cute-nvgpu-to-ptx"
    description = "replace each op that applies a cute_nvgpu atom by its PTX (llvm.inline_asm)"
    local = True      # each applying op is replaced by facts about it and its atom's ops
    checks_in_place = True

    def may_report(self, facts: dict) -> bool:
        # It reports on ops the preview did not lower, and on those it did whose operands do
        # not bind to the instruction's constraints (they stay as written).
        return bool(facts.get(NOT_LOWERED)) or bool(facts.get(PTX))

    def run(self, op: Operation, context: PassContext) -> None:
        bound = context.facts.get(BOUND, {})
        for inner, decided in self._lowered(op, context):
            made = self._bound_or_reported(inner, bound.get(decided), derived(self.argument, inner.location), context)
            if made is None:
                continue
            block = inner.parent
            for new in made:
                block.insert(block.index_of(inner), new)
            inner.erase()

    def check(self, op: Operation, context: PassContext) -> None:
        bound = context.facts.get(BOUND, {})
        for inner, decided in self._lowered(op, context):
            self._bound_or_reported(inner, bound.get(decided), inner.location, context, written=True)

    def _bound_or_reported(self, op: Operation, asm, at, context: PassContext,
                           written: bool = False) -> list[Operation] | None:
        """The ops that replace `op`, its instruction with the operands bound by constraints
        (`inline_asm.bind`); None when they do not bind, and `op` stays as written with a
        `lower.not-lowered` information diagnostic that says why: inline assembly whose
        operands no constraint binds is not something LLVM compiles. `written`: a check in
        place, which only rehearses the binding (`inline_asm.binds`) and makes no op; the types
        are as the text writes them, read through the document's aliases (`facts[ALIASES]`) as
        the run, which resolved them, reads them."""
        if has_trait(op.name, Trait.APPLIES_ATOM):      # the DSL's: no instruction of its own
            table = context.facts.get(ALIASES) if written else None
            reason = f"{_dsl_application(op, table.expand if table else None)}; {DSL_UNBOUND}"
        elif asm is None or isinstance(asm, str):
            reason = f"its instruction has no form with operands bound by constraints here ({asm or 'none'})"
        else:
            table = context.facts.get(ALIASES) if written else None
            expand = table.expand if table else None
            try:
                if written:
                    binds(op, asm, expand)
                    return []
                return bind(op, asm, at, expand)
            except Undefined:
                # A snippet's free value: the op stays, and what is missing is no lowering's
                # to report (the editor, which verifies a top-level op alone, sees the same).
                return None
            except Unbindable as why:
                reason = f"its operands do not bind to the instruction's constraints: {why}"
        context.report(op, NOT_LOWERED_CODE, f"`{op.name}` is not lowered: {reason}", Severity.INFORMATION)
        return None

    def _lowered(self, op: Operation, context: PassContext):
        """The applying ops in `op` the preview lowered, each with the span whose verdict
        decided it; the others are reported as they are met. The verdicts are independent of
        one another (an applying op has no results: no atom comes through it), so replacing
        each as it comes changes none that follows."""
        ptx = context.facts.get(PTX, {})
        not_lowered = context.facts.get(NOT_LOWERED, {})
        stopped = context.facts.get(STOPPED, frozenset())
        for inner in list(op.walk()):
            if not applies_atom(inner.name):
                continue
            if inner.results or not inner.operands:
                continue
            made_by = provenance(inner.location)
            if made_by:
                # The verdicts are the preview's, on the ops the text writes; an op a pass made
                # (or remade) may differ from the one at its source location, so none applies.
                context.report(inner, NOT_LOWERED_CODE, f"`{inner.name}` is not lowered: the `{made_by[0]}` pass "
                               f"made it, and atoms are lowered as the text writes them", Severity.WARNING)
                continue
            # The nearest op with a verdict decides: an applying op the preview did not lower
            # (an error in it) stays, even when the op that built its atom has a kernel.
            spans = [source_span(inner.location)] + _atom_sources(inner.operands[0])
            decided = next((s for s in spans if s is not None and (s in ptx or s in not_lowered)), None)
            if decided is None:
                continue
            if decided in ptx:
                yield inner, decided
                continue
            note = not_lowered[decided]
            reason = note.removeprefix(BLOCKED_NOTE).removeprefix(NO_KERNEL_NOTE).removeprefix(LEFT_NOTE)
            message = f"`{inner.name}` is not lowered: {reason}"
            if note.startswith(LEFT_NOTE):
                # Nothing is wrong: the op is kept as written, and the lowering goes on.
                context.report(inner, NOT_LOWERED_CODE, message, Severity.INFORMATION)
            elif decided in stopped:
                context.report(inner, STOPPED_CODE, message)
            else:
                # A partial conversion (the preview has no kernel for the atom): the op
                # stays, and the lowering goes on.
                context.report(inner, NOT_LOWERED_CODE, message, Severity.WARNING)


@register
@dataclass(frozen=True)
class EraseDeadAtoms(Pass):
    name = "EraseDeadAtoms"
    argument = "cute-nvgpu-erase-dead-atoms"
    description = "erase atom-building ops whose results are no longer used"
    local = True      # SSA values do not cross a function's boundary

    def may_report(self, facts: dict) -> bool:
        return False      # erasing an unused atom is never a problem

    def run(self, op: Operation, context: PassContext) -> None:
        # Erasing a binder (make_exec_tma) can leave the atom it bound unused: repeat.
        while True:
            dead = [inner for inner in op.walk() if inner is not op and inner.name in BUILDING_OPS
                    and inner.results and not any(r.has_uses() for r in inner.results)]
            if not dead:
                return
            for inner in dead:
                inner.erase()
