"""Atom lowering: each op that applies an atom becomes the PTX it lowers to; atoms then unused go.

`convert-cute-nvgpu-to-ptx` replaces an op that applies an atom (`cute_nvgpu.mma`,
`cute_nvgpu.copy`, the TMA transfers) by an `llvm.inline_asm` op whose `asm_string` is the
atom's PTX instruction(s) with its operands bound by constraints (passes/inline_asm.py); the
atom operand is dropped. What the pass is handed is what verification knows of the atoms
(`PassContext.facts[SITES]`: source span of each op that builds or applies one -> its atom
sites, `verify/atom_sites.py`, with the configuration the atom lowers from; `facts[STOPPING]`:
the document's errors that may stop them). The lowering it decides itself (`lowering`): the
one legality rule (`tables/legality.py`, through the lowering check `verify/lowering.refusal`)
judges the atom for the target, and the instruction is built from the row it gives
(emit/atom_instruction.py), the row the PTX preview writes its kernel for the atom from. An
applying op is decided by the nearest of its own span and the spans of the ops its atom came
through (the op that built it, a binder, `atom.set_value`) that is a site.

A transfer of a descriptor the unit prefetches (`cute_nvgpu.prefetch_tma_desc`) prefetches it in
its own inline assembly (`prefetch.tensormap` first, as the preview has always shown it), so the
pass erases a `prefetch_tma_desc` of a descriptor such a transfer it lowered reads; one whose
transfers all stay is left.

An op whose operands do not bind stays as written, with a `lower.not-lowered` information
diagnostic that says why (without one when an operand is a value the IR defines nowhere, a
snippet's free value): inline assembly without constraints is not IR LLVM compiles, so none
is made. The CuTe DSL's `cute.copy` / `cute.gemm` are such ops: their operands are CuTe
tensors (`DSL_UNBOUND`); the preview still shows their atom's instruction.

The sites are of the unit's IR as the text writes them, as `check` and the preview read them,
so the three cannot disagree. That holds for this pass's input because no pass before it
touches cute_nvgpu ops; an applying op a pass did make (its location says so) is left with a
`lower.not-lowered` warning rather than given the decision on the op it came from.

An atom that arrives as a kernel argument has no op in the file, and its applying op stays
with a `lower.not-lowered` information diagnostic that says so (`verify/atom_sites.left_reason`; the preview notes the same, and
`check` and the editor report it too). An op the lowering does not take stays with the reason
(`lowering`): a `lower.stopped` error when that reason is an error `check` reports too (an
error in the op or its atom, an atom the target cannot run), a `lower.not-lowered` warning
otherwise (the conversion is partial).

`cute-nvgpu-erase-dead-atoms` erases atom-building ops whose results nobody uses any more, as
MLIR's dead-code elimination erases side-effect-free ops without uses.
"""
from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from ..dialects.cute_nvgpu.ops import BUILDING_OPS
from ..dialects.cute_nvgpu.tma_ops import PREFETCH
from ..dialects.ods import Trait
from ..dialects.registry import applies_atom, has_trait
from ..diagnostics import Diagnostic, Severity
from ..ir.core import OpResult, Operation, Value
from ..ir.lift import UNDEFINED
from ..tables.legality import AtomConfig
from ..text.location import derived, provenance, source_span
from ..verify.atom_sites import AtomSite
from ..verify.lowering import refusal
from ..emit.atom_instruction import InlineAsm, inline_asm
from .base import Pass, PassContext, register
from .inline_asm import Unbindable, Undefined, bind, binds, through_atom

# The instruction a transfer of a prefetched descriptor begins with (emit/atom_instruction.py).
PREFETCH_TENSORMAP = "prefetch.tensormap"

# Keys of `PassContext.facts` this module reads.
SITES = "atom-sites"              # Span -> the atom sites of the op there (verify/atom_sites.AtomSite)
STOPPING = "stopping"             # the document's errors that may stop those ops (AtomSite.blocked_by)
ALIASES = "aliases"               # the document's alias table (ir.aliases.AliasTable), for a check in place
# The key a check in place sets (to True) when it finds an op the run would replace by inline
# assembly: the editor then knows the function writer has a function to write after the run
# (analysis/pipeline.py) without running it.
LOWERS = "lowers"

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


# How the preview's notes begin (features/preview.py writes them) on an op stopped by an error,
# on one whose atom it has no instruction for, and on one the lowering does not take
# (`left_reason`); the pass's message says "not lowered" itself.
BLOCKED_NOTE = "not lowered: "
NO_KERNEL_NOTE = "no kernel: "
LEFT_NOTE = "left as written: "


@dataclass(frozen=True, slots=True)
class AtomLowering:
    """What becomes of one atom site on a target: its instruction with the operands bound by
    constraints (or why it has no such form), or why it has none at all. The PTX preview writes
    a kernel for the sites this lowers and the note (`prefix` + `reason`) for the others."""
    asm: "InlineAsm | str | None"           # None: the atom is not lowered (`reason` says why)
    reason: str = ""
    prefix: str = ""                        # how the preview's note begins (BLOCKED_NOTE, ...)
    severity: Severity = Severity.WARNING   # of what the pass reports on an op left so
    stopped: bool = False                   # the reason is an error `check` reports itself
    problems: tuple[Diagnostic, ...] = ()   # those errors

    @property
    def lowered(self) -> bool:
        return self.asm is not None

    @property
    def note(self) -> str:
        return self.prefix + self.reason


def lowering(site: AtomSite, stopping, target: str) -> AtomLowering:
    """The lowering of `site`'s atom on `target`, given the document's errors `stopping` (what
    `check` reports stops the ops it lies in: `AtomSite.blocked_by`)."""
    blocked = site.blocked_by(stopping) if stopping else []
    if blocked:
        # The same verdict as `check`: the errors that stop this op are the problems.
        return AtomLowering(None, blocked[0].message, BLOCKED_NOTE, Severity.ERROR, True, tuple(blocked))
    if site.config is None:
        if site.left:
            # Nothing is wrong: the op is kept as written, and the lowering goes on.
            return AtomLowering(None, site.note, LEFT_NOTE, Severity.INFORMATION)
        # A partial conversion (no instruction for the atom): the op stays, the lowering goes on.
        return AtomLowering(None, site.note, NO_KERNEL_NOTE)
    problem = refusal(site, target)
    if problem is not None:
        # `check` reports this problem too (the lowering check, verify/lowering.py).
        return AtomLowering(None, f"not for {target}: {problem.message.split(': ', 1)[1]}", "", Severity.ERROR,
                            True, (problem,))
    return AtomLowering(instruction(site.config, target))


@lru_cache(maxsize=1024)
def instruction(config: AtomConfig, target: str) -> "InlineAsm | str":
    """The atom's instruction with its operands bound by constraints, or why it has no such form."""
    try:
        return inline_asm(config, target)
    except Exception as err:                     # a defect must not cost the lowering
        return f"{type(err).__name__}: {err}"

# What rehearsing an op's binding (`inline_asm.binds`) came to, by all it reads: the instruction,
# the op's name and its operands' types as the text writes them (aliases expanded; the name of
# one the IR defines nowhere, which the error names). A check in place rehearses every applying
# op of every verified unit, and a file applies the same atom to operands of the same types in
# many functions. The roles that read past the op's operands (a TMA transfer's descriptor and
# mbarrier through its atom's binder, its coordinates through the descriptor) are rehearsed
# each time.
_REHEARSALS = 1024
# Each entry holds its instruction, which the key names by identity (`instruction` makes one per
# configuration and target; hashing one of some hundred operands cost more than the lookup saves).
_rehearsals: "OrderedDict[tuple, tuple[InlineAsm, tuple[type, tuple] | None]]" = OrderedDict()
_BEYOND_OPERANDS = frozenset({"coord", "offset", "tmap", "mbar"})


def _rehearsed(op: Operation, asm: InlineAsm, expand) -> None:
    """`binds(op, asm, expand)`, its outcome read from `_rehearsals` where it can be."""
    if any(operand.role in _BEYOND_OPERANDS for operand in asm.operands):
        binds(op, asm, expand)
        return
    types = []
    for value in op.operands:
        text = str(value.type).strip()
        types.append((text, value.name_hint) if text == UNDEFINED.text else
                     expand(text) if expand is not None else text)
    key = (id(asm), op.name, tuple(types))
    kept = _rehearsals.get(key)
    if kept is not None and kept[0] is asm:
        _rehearsals.move_to_end(key)
        outcome = kept[1]
    else:
        try:
            binds(op, asm, expand)
            outcome = None
        except Unbindable as why:
            outcome = (type(why), why.args)
        _rehearsals[key] = (asm, outcome)
        if len(_rehearsals) > _REHEARSALS:
            _rehearsals.popitem(last=False)
    if outcome is not None:
        raise outcome[0](*outcome[1])


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
        # It reports on ops it does not lower, and on those it does whose operands do not bind
        # to the instruction's constraints (they stay as written): only where there are atoms.
        return bool(facts.get(SITES))

    def run(self, op: Operation, context: PassContext) -> None:
        prefetched: list[Value] = []
        for inner, asm in self._lowered(op, context):
            made = self._bound_or_reported(inner, asm, derived(self.argument, inner.location), context)
            if made is None:
                continue
            if PREFETCH_TENSORMAP in asm.text:
                prefetched.append(through_atom(inner, "tmap"))
            block = inner.parent
            for new in made:
                block.insert(block.index_of(inner), new)
            inner.erase()
        # A transfer of a prefetched descriptor prefetches it in its own inline assembly
        # (`AtomConfig.tma_prefetch`), so the `prefetch_tma_desc` is lowered with it.
        for inner in [inner for inner in op.walk() if inner.name == PREFETCH and inner.operands
                      and any(inner.operands[0] is value for value in prefetched)]:
            inner.erase()

    def check(self, op: Operation, context: PassContext) -> None:
        for inner, asm in self._lowered(op, context):
            if self._bound_or_reported(inner, asm, inner.location, context, written=True) is not None:
                context.facts[LOWERS] = True

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
                    _rehearsed(op, asm, expand)
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
        """The applying ops in `op` the pass lowers, each with its instruction (`lowering`);
        the others are reported as they are met. The decisions are independent of one another
        (an applying op has no results: no atom comes through it), so replacing each as it
        comes changes none that follows."""
        sites = context.facts.get(SITES, {})
        stopping = context.facts.get(STOPPING, ())
        for inner in list(op.walk()):
            if not applies_atom(inner.name):
                continue
            if inner.results or not inner.operands:
                continue
            made_by = provenance(inner.location)
            if made_by:
                # The sites are the ops the text writes; an op a pass made (or remade) may
                # differ from the one at its source location, so none applies.
                context.report(inner, NOT_LOWERED_CODE, f"`{inner.name}` is not lowered: the `{made_by[0]}` pass "
                               f"made it, and atoms are lowered as the text writes them", Severity.WARNING)
                continue
            # The nearest site decides: an applying op that is not lowered (an error in it)
            # stays, even when the op that built its atom would be.
            spans = [source_span(inner.location)] + _atom_sources(inner.operands[0])
            decided = next((sites[s] for s in spans if s is not None and s in sites), None)
            if decided is None:
                continue
            found = [lowering(site, stopping, context.target) for site in decided]
            chosen = next((f for f in found if f.lowered), found[0])
            if chosen.lowered:
                yield inner, chosen.asm
                continue
            message = f"`{inner.name}` is not lowered: {chosen.reason}"
            context.report(inner, STOPPED_CODE if chosen.stopped else NOT_LOWERED_CODE, message, chosen.severity)


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
