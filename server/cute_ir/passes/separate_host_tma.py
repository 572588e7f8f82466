"""`separate-host-tma`: host descriptors are built by a host twin of the kernel, not by it.

TileAS's SeparateHostTMA (tileas-tma-and-memops, "Separate Host TMA" and "Callback ABI"), per
function holding `nv_tileas.make_tiled_tma_desc` ops, in the page's phases:

1. The function is the kernel (each function is taken alone).
2. **Counts.** It reads `nv_tileas.num-device-tmas` / `num-host-tmas`, which
   `attach-tma-descriptor-args` writes: without both, "funcOp lack tmaDeviceNum and tmaHostNum
   attr"; with both zero, there is nothing to separate.
3. **Device limit.** More than `max-device-tmas` device descriptors (default 32; the page names
   the limit, not its value) is "too many device TMA descriptors", on the function.
4-6. **Capture check** of each host builder (`lowering_facts/descriptor_capture.py`): a value with several
   capture sources, a dependence on `scf`, a `math` op are the page's three messages, on the
   builder; any of them and the function is not separated.
7-9. **Host twin.** `func.func @<kernel>.host_tma` (marked `nv_tileas.host-code`) takes the
   kernel's own parameters, replays each host builder with what it depends on, and returns the
   host descriptors in tmaIdx order; the callback ABI's two printf formats become module
   globals next to it (`@<kernel>.tileir_sm_count_format`, and `@<kernel>.tileir_desc_format`
   when the kernel has device descriptors).
   In the kernel, each host builder's result is replaced by the argument
   `attach-tma-descriptor-args` appended for its tmaIdx, and the builder (with what only it
   used) is erased. A host builder left, for want of that argument, is "expect lower
   MakeTiledTMADescOp". Device builders stay: the kernel builds them.
10-11. The page compiles the twin to object code and attaches the bytes as `nv_tileas.host-code`
   on the module; cute-ir has no host compiler, so the twin stays as IR (docs/spec-deviations.md).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics.catalogue import CALLBACK_FORMATS
from ..diagnostics.catalogue import get as catalogue_message
from ..dialects.nv_tileas.descriptor_abi import CALLBACK_GLOBALS, HOST_CODE, HOST_TWIN_SUFFIX
from ..ir.core import UNIT, Attribute, Operation, Value
from ..ir.functions import FunctionHeader, new_function
from ..text.location import derived
from .attach_tma_descriptor_args import Descriptors, index_of, kernels, may_hold_descriptors, recorded_counts
from .base import Pass, PassContext, option, register
from ..lowering_facts.descriptor_capture import DEVICE, HOST, HOST_COMPUTABLE_DIALECTS, capture

TOO_MANY_DEVICE = "tileas.host-tma.too-many-device-descriptors"
UNLOWERED = "tileas.host-tma.unlowered-descriptor"
MISSING_COUNTS = "tileas.tma-idx.missing-counts"


def _suffixed(symbol: str, suffix: str) -> str:
    """`@k` -> `@k<suffix>` (`@"k"` -> `@"k<suffix>"`): the twin's and the globals' names."""
    return symbol[:-1] + suffix + '"' if symbol.endswith('"') else symbol + suffix


def _format_global(symbol: str, text: str, location) -> Operation:
    """An LLVM global holding a printf format, newline- and NUL-terminated, as MLIR writes one."""
    escaped = text.replace("\\", "\\5C").replace('"', "\\22") + "\\0A\\00"
    length = len(text.encode()) + 2
    name = symbol[1:].strip('"')
    return Operation("llvm.mlir.global", regions=1, location=location, properties={
        "constant": UNIT,
        "global_type": Attribute(f"!llvm.array<{length} x i8>"),
        "linkage": Attribute("#llvm.linkage<internal>"),
        "sym_name": Attribute(f'"{name}"'),
        "value": Attribute(f'"{escaped}"'),
    })


@register
@dataclass(frozen=True)
class SeparateHostTma(Pass):
    name = "SeparateHostTMA"
    argument = "separate-host-tma"
    description = "Separate host-side TMA descriptor construction into a host twin of the kernel"
    local = True      # each kernel's twin and globals depend on that kernel alone

    max_device_tmas: int = option(32, "the most device-built TMA descriptors a kernel may have")

    def may_report(self, facts: dict) -> bool:
        return may_hold_descriptors(facts)

    def may_rewrite(self, facts: dict) -> bool:
        return self.may_report(facts)   # it rewrites only the ops it may report on

    def run(self, op: Operation, context: PassContext) -> None:
        for function in kernels(op):
            descriptors = Descriptors.of(function)
            if descriptors.builders:
                self.separate(function, descriptors, context)

    def separate(self, function: Operation, descriptors: Descriptors, context: PassContext) -> None:
        counts = recorded_counts(function)
        if counts is None:
            context.report(function, MISSING_COUNTS, catalogue_message(MISSING_COUNTS).render())
            return
        if counts[HOST] == 0 and counts[DEVICE] == 0:
            return
        if counts[DEVICE] > self.max_device_tmas:
            context.report(function, TOO_MANY_DEVICE, catalogue_message(TOO_MANY_DEVICE).render(),
                           notes=[f"{counts[DEVICE]} device descriptors; at most {self.max_device_tmas} "
                                  "(the pass's max-device-tmas option)"])
            return
        hosts = sorted((b for b in descriptors.builders if descriptors.side[id(b)] == HOST),
                       key=lambda b: (index_of(b) is None, index_of(b) or 0))
        captures = {}
        replayable = True
        for builder in hosts:
            found = capture(builder.operands, function, builder)
            if found.problem is not None:
                message = catalogue_message(found.problem.code)
                context.report(builder, found.problem.code,
                               message.render(found.problem.value) if found.problem.value else message.render())
                replayable = False
            captures[id(builder)] = found
        if not replayable:
            return
        header = FunctionHeader.read(function)
        if header is None:
            return
        own = len(header.arguments) - counts[DEVICE] - counts[HOST]
        twin = self.host_twin(function, header, own, hosts, captures)
        self.hand_over(header, own + counts[DEVICE], counts[HOST], hosts, captures, context)
        block = function.parent
        at = block.index_of(function) + 1
        for offset, made in enumerate(self.callback_globals(header.symbol, counts[DEVICE], function) + [twin]):
            block.insert(at + offset, made)

    def host_twin(self, function: Operation, header: FunctionHeader, own: int, hosts: list[Operation],
                  captures: dict) -> Operation:
        """`@k.host_tma(<k's own parameters>) -> <host descriptors>`, replaying each builder."""
        at = derived(self.argument, function.location)
        parameters = header.arguments[:max(own, 0)]
        results = [b.results[0].type for b in hosts]
        trailer = "" if not results else "-> " + (str(results[0]) if len(results) == 1
                                                   else "(" + ", ".join(map(str, results)) + ")")
        twin, twin_header = new_function(_suffixed(header.symbol, HOST_TWIN_SUFFIX), [p.type for p in parameters],
                                         {HOST_CODE: UNIT}, trailer, at)
        entry = twin.regions[0].blocks[0]
        mapping: dict[Value, Value] = {}
        for parameter, copy in zip(parameters, entry.arguments):
            copy.name_hint = parameter.name_hint
            mapping[parameter] = copy
        replayed: set[int] = set()
        for builder in hosts:
            for op in captures[id(builder)].closure + [builder]:
                if id(op) not in replayed:
                    replayed.add(id(op))
                    copy = op.clone(mapping)
                    copy.location = derived(self.argument, op.location)
                    entry.append(copy)
        entry.append(Operation("func.return", [mapping[b.results[0]] for b in hosts], location=at))
        return twin

    def hand_over(self, header: FunctionHeader, first_host: int, host_count: int, hosts: list[Operation],
                  captures: dict, context: PassContext) -> None:
        """Each host builder's uses take the argument appended for its tmaIdx; what is left
        unused of its replayed closure goes with it."""
        arguments = header.arguments
        for builder in hosts:
            index = index_of(builder)
            slot = first_host + index if index is not None and 0 <= index < host_count else None
            argument = arguments[slot] if slot is not None and slot < len(arguments) else None
            if argument is None or argument.type != builder.results[0].type:
                context.report(builder, UNLOWERED, catalogue_message(UNLOWERED).render(),
                               notes=["its tmaIdx names no appended descriptor argument of its type "
                                      "(attach-tma-descriptor-args appends them)"])
                continue
            builder.results[0].replace_all_uses_with(argument)
            builder.erase()
            for op in reversed(captures[id(builder)].closure):
                if op.parent is not None and op.dialect in HOST_COMPUTABLE_DIALECTS \
                        and not any(r.has_uses() for r in op.results):
                    op.erase()

    def callback_globals(self, symbol: str, device_count: int, function: Operation) -> list[Operation]:
        at = derived(self.argument, function.location)
        formats = {f.name: f.template for f in CALLBACK_FORMATS}
        made = []
        for name, suffix in CALLBACK_GLOBALS:
            if name == "descriptor-payload" and device_count == 0:
                continue
            made.append(_format_global(_suffixed(symbol, suffix), formats[name], at))
        return made
