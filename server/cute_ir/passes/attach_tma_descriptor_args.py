"""`attach-tma-descriptor-args`: the kernel's ABI grows one argument per TMA descriptor.

TileAS's AttachTMADescriptorArgs (tileas-tma-and-memops, "Descriptor ABI" and D15), per
function holding `nv_tileas.make_tiled_tma_desc` ops, walking it once:

1. **Count** the descriptors on each side (`lowering_facts/descriptor_capture.py`: host when everything the
   builder depends on is known at launch, device otherwise).
2. **Extend the signature** (`dialects/nv_tileas/descriptor_abi.py`): after the kernel's own
   arguments, one `!llvm.ptr<1>` per device descriptor, then one argument of the descriptor's
   type per host descriptor, each in tmaIdx order and marked `cute_nvgpu.grid_constant`; the
   kernel's own arguments are marked `nv_tileas.hidden` (they leave the public ABI view), and
   those of a TMA descriptor type are grid constants too.
3. **Stamp** `nv_tileas.num-device-tmas` and `nv_tileas.num-host-tmas` (i32) on the function.
4. **Check tmaIdx** of every builder and of every async TMA op using one: present ("not find
   tmaIdx."), and below its side's count ("tmaIdx exceed tmaHostNum." / "... tmaDeviceNum.").
5. **Check the device descriptor pointers**: each is `llvm.align = 128` (the pass writes it; a
   signature written by hand must say it): "expected tma descriptor pointer to have alignment
   at least 128", on the function, naming the argument.

A function that already carries the counts (its ABI was extended before, or written so) is
only checked, against the counts it records: running the pass twice changes nothing. So is a
kernel whose async TMA ops take their descriptor from its arguments (the appended host
descriptors of an ABI extended before): their tmaIdx is checked against the host count, and a
kernel recording neither count gets "funcOp lack tmaDeviceNum and tmaHostNum attr", on the
function, since there is nothing to check them against.
`separate-host-tma` reads what this pass writes.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics.catalogue import get as catalogue_message
from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from ..dialects.nv_tileas.async_tma import ATOM_ALLOW_LISTS, is_kernel
from ..dialects.nv_tileas.descriptor_abi import (DESCRIPTOR_ALIGNMENT, DESCRIPTOR_TYPE_PREFIX,
                                                 DEVICE_DESCRIPTOR_POINTER, GRID_CONSTANT, HIDDEN_ARGUMENT,
                                                 NUM_DEVICE_TMAS, NUM_HOST_TMAS, POINTER_ALIGNMENT, TMA_INDEX)
from ..ir.attributes import attribute, integer, integer_value
from ..ir.core import UNIT, Attribute, OpResult, Operation, Type
from ..ir.functions import FunctionHeader
from ..dialects.registry import is_function
from .base import OP_NAMES, Pass, PassContext, register
from ..lowering_facts.descriptor_capture import DEVICE, HOST, builder_side

EXCEEDS = {HOST: "tileas.tma-idx.exceeds-host", DEVICE: "tileas.tma-idx.exceeds-device"}
MISSING_INDEX = "tileas.tma-idx.missing"
MISSING_COUNTS = "tileas.tma-idx.missing-counts"
POINTER_ALIGNMENT_CODE = "tileas.tma-desc.pointer-alignment"

# The async ops that use a descriptor (and carry its tmaIdx).
DESCRIPTOR_USERS = frozenset(name for name in ATOM_ALLOW_LISTS if name.startswith("nv_tileas.async."))
DESCRIPTOR_OPS = DESCRIPTOR_USERS | {DESCRIPTOR_BUILDER}
DEFAULT_HOST_DESCRIPTOR = Type(DESCRIPTOR_TYPE_PREFIX + "tiled")


@dataclass
class Descriptors:
    """A function's descriptor builders, their sides, the async ops using them, and the async
    ops using a host descriptor the function takes as an argument."""

    builders: list[Operation]
    side: dict[int, str]                   # id(builder) -> HOST / DEVICE
    users: list[tuple[Operation, Operation]]   # (async op, its builder)
    argument_users: list[Operation] = field(default_factory=list)

    @classmethod
    def of(cls, function: Operation) -> "Descriptors":
        builders, users, argument_users = [], [], []
        arguments = set(function.regions[0].blocks[0].arguments) if function.regions and \
            function.regions[0].blocks else set()
        for op in function.walk():
            if op.name == DESCRIPTOR_BUILDER:
                builders.append(op)
            elif op.name in DESCRIPTOR_USERS:
                made_by = next((v.owner for v in op.operands
                                if isinstance(v, OpResult) and v.owner.name == DESCRIPTOR_BUILDER), None)
                if made_by is not None:
                    users.append((op, made_by))
                elif any(v in arguments and str(v.type).startswith(DESCRIPTOR_TYPE_PREFIX) for v in op.operands):
                    argument_users.append(op)
        return cls(builders, {id(b): builder_side(b, function) for b in builders}, users, argument_users)

    def count(self, side: str) -> int:
        return sum(1 for b in self.builders if self.side[id(b)] == side)


def kernels(op: Operation) -> list[Operation]:
    """The TileAS kernels in `op`: functions with a KernelSpecAttr."""
    return [o for o in op.walk() if is_function(o.name) and is_kernel(o)]


def may_hold_descriptors(facts: dict) -> bool:
    """`Pass.may_report` of the ABI passes: a unit without descriptor ops has nothing to say."""
    names = facts.get(OP_NAMES)
    return names is None or bool(names & DESCRIPTOR_OPS)


def index_of(op: Operation) -> int | None:
    return integer(op, TMA_INDEX)


def recorded_counts(function: Operation) -> dict[str, int] | None:
    """The counts the function records, or None when it records neither (one alone counts the
    other as 0)."""
    host, device = attribute(function, NUM_HOST_TMAS), attribute(function, NUM_DEVICE_TMAS)
    if host is None and device is None:
        return None
    return {HOST: integer(function, NUM_HOST_TMAS) or 0, DEVICE: integer(function, NUM_DEVICE_TMAS) or 0}


def check_indices(function: Operation, descriptors: Descriptors, context: PassContext) -> bool:
    """The page's descriptor-index verification; False when it reported a problem."""
    counts = recorded_counts(function)
    if counts is None:
        context.report(function, MISSING_COUNTS, catalogue_message(MISSING_COUNTS).render())
        return False
    ok = True
    checked = [(op, descriptors.side[id(builder)], f"is built on the {descriptors.side[id(builder)]}")
               for op, builder in [(b, b) for b in descriptors.builders] + descriptors.users]
    # The descriptor arguments async ops take are the appended host descriptors.
    checked += [(op, HOST, "is an argument of the function, a host descriptor") for op in descriptors.argument_users]
    for op, side, origin in checked:
        index = index_of(op)
        if index is None:
            context.report(op, MISSING_INDEX, catalogue_message(MISSING_INDEX).render())
            ok = False
        elif index >= counts[side]:
            context.report(op, EXCEEDS[side], catalogue_message(EXCEEDS[side]).render(),
                           notes=[f"its descriptor {origin}; the function records "
                                  f"{counts[side]} {side} descriptor(s)"])
            ok = False
    return ok


def device_pointer_arguments(header: FunctionHeader, counts: dict[str, int]) -> list[int]:
    """Positions of the device descriptor pointers among the function's arguments: the
    `num-device-tmas` pointer arguments before the host descriptors' at the end."""
    first = len(header.arguments) - counts[HOST] - counts[DEVICE]
    return [i for i in range(max(first, 0), len(header.arguments) - counts[HOST])
            if str(header.arguments[i].type).startswith("!llvm.ptr")]


def check_device_pointers(function: Operation, context: PassContext) -> None:
    counts, header = recorded_counts(function), FunctionHeader.read(function)
    if counts is None or header is None:
        return
    for position in device_pointer_arguments(header, counts):
        alignment = integer_value(header.argument_attributes[position].get(POINTER_ALIGNMENT))
        if alignment is None or alignment < DESCRIPTOR_ALIGNMENT:
            name = header.arguments[position].name_hint or f"#{position}"
            said = f"{POINTER_ALIGNMENT} = {alignment}" if alignment is not None else f"no {POINTER_ALIGNMENT}"
            context.report(function, POINTER_ALIGNMENT_CODE,
                           catalogue_message(POINTER_ALIGNMENT_CODE).render(DESCRIPTOR_ALIGNMENT),
                           notes=[f"argument %{name}, a device descriptor pointer, states {said}"])


@register
@dataclass(frozen=True)
class AttachTmaDescriptorArgs(Pass):
    name = "AttachTMADescriptorArgs"
    argument = "attach-tma-descriptor-args"
    description = "Attach TMA descriptor arguments and separate host TMA bookkeeping"
    local = True      # each function's own signature and counts

    def may_report(self, facts: dict) -> bool:
        return may_hold_descriptors(facts)

    def may_rewrite(self, facts: dict) -> bool:
        return self.may_report(facts)   # it rewrites only the ops it may report on

    def run(self, op: Operation, context: PassContext) -> None:
        for function in kernels(op):
            descriptors = Descriptors.of(function)
            if not descriptors.builders and not descriptors.argument_users:
                continue
            if descriptors.builders and recorded_counts(function) is None:
                self.attach(function, descriptors)
            check_indices(function, descriptors, context)
            check_device_pointers(function, context)

    @staticmethod
    def attach(function: Operation, descriptors: Descriptors) -> None:
        device, host = descriptors.count(DEVICE), descriptors.count(HOST)
        header = FunctionHeader.read(function)
        if header is not None:
            own = len(header.arguments)
            for index in range(own):
                marks = header.argument_attributes[index]
                marks[HIDDEN_ARGUMENT] = UNIT
                if str(header.arguments[index].type).startswith(DESCRIPTOR_TYPE_PREFIX):
                    marks[GRID_CONSTANT] = UNIT
            host_types = {index_of(b): b.results[0].type for b in descriptors.builders
                          if descriptors.side[id(b)] == HOST and b.results}
            aligned = {GRID_CONSTANT: UNIT, POINTER_ALIGNMENT: Attribute(f"{DESCRIPTOR_ALIGNMENT} : i64")}
            for k in range(device):
                header.add_argument(Type(DEVICE_DESCRIPTOR_POINTER), aligned, f"tma_device{k}")
            for k in range(host):
                header.add_argument(host_types.get(k, DEFAULT_HOST_DESCRIPTOR), {GRID_CONSTANT: UNIT}, f"tma_host{k}")
        function.attributes[NUM_DEVICE_TMAS] = Attribute(f"{device} : i32")
        function.attributes[NUM_HOST_TMAS] = Attribute(f"{host} : i32")
        if header is not None:
            header.write()
