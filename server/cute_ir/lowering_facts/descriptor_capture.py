"""Where a TMA descriptor can be built, and what its builder captures.

One walk back from the operands of an `nv_tileas.make_tiled_tma_desc` (the page's
MakeTiledTMADescOpCaptureVerifier) answers what three passes ask:

- **side**: a builder is *host* when everything it depends on is known at launch: the kernel's
  parameters, constants, and ops that compute from them without touching memory or the running
  thread (arith, index, math, scf, CuTe's layout algebra). Anything else (a pointer the kernel
  loads, a thread index, an op this project does not know) makes it *device*: the kernel builds
  it. `lower-tma-load-store-to-async` numbers each side's descriptors apart and
  `attach-tma-descriptor-args` counts them.
- **closure**: the ops a host twin must replay to build it, in program order, and the kernel
  parameters they read.
- **problem**: why the host cannot replay it (`separate-host-tma` reports it), the first of:
  a value with more than one capture source (a loop's induction variable or iteration argument,
  an `scf.if` result), anything else of `scf` (a single-source region result, or the builder
  itself inside an `scf` region: it runs only when the region does), a `math` op.

The walk keeps its own stack and visits each value once: an input's depth or size costs no
recursion.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..dialects.ods import Trait
from ..dialects.registry import has_trait, runs_region_once
from ..ir.core import BlockArgument, OpResult, Operation, Value

HOST, DEVICE = "host", "device"

# Dialects whose ops compute from their operands alone (no memory, no thread state).
HOST_COMPUTABLE_DIALECTS = frozenset({"arith", "index", "math", "scf", "cute", "builtin"})
# Region ops whose results and region arguments may take several values (loops, branches),
# but for those that run their one region once (registry.runs_region_once: `scf.execute_region`).
REGION_BRANCH_DIALECT = "scf"

MULTIPLE_CAPTURES = "tileas.host-tma.multiple-captures"
DEPENDS_ON_SCF = "tileas.host-tma.depends-on-scf"
MATH_UNSUPPORTED = "tileas.host-tma.math-dialect-unsupported"


@dataclass
class Problem:
    code: str
    value: str | None = None        # the value a multiple-capture message names


@dataclass
class Capture:
    side: str
    closure: list[Operation] = field(default_factory=list)      # in program order
    parameters: list[BlockArgument] = field(default_factory=list)
    problem: Problem | None = None


def _device_only(op: Operation) -> bool:
    """Outside those dialects, and the ops of them that still need the device (their records'
    DEVICE_ONLY kind: memory, data movement, printing, the running thread)."""
    return op.dialect not in HOST_COMPUTABLE_DIALECTS or has_trait(op.name, Trait.DEVICE_ONLY)


def value_label(value: Value) -> str:
    return "%" + value.name_hint if value.name_hint else "a value"


def capture(values: list[Value], function: Operation, builder: Operation | None = None) -> Capture:
    """What `values` (a builder's operands) depend on inside `function`."""
    entry = function.regions[0].blocks[0] if function.regions and function.regions[0].blocks else None
    problems: list[Problem] = []
    ops: dict[int, Operation] = {}
    parameters: dict[int, BlockArgument] = {}
    if builder is not None and _inside_scf(builder, function):
        problems.append(Problem(DEPENDS_ON_SCF))
    seen: set[int] = set()
    stack = list(reversed(values))
    while stack:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, BlockArgument):
            if value.owner is entry:
                parameters[id(value)] = value
                continue
            owner = value.owner.parent_op
            if owner is None or owner.dialect != REGION_BRANCH_DIALECT:
                return Capture(DEVICE)
            # A loop's induction variable or carried value: its first value and the next.
            problems.append(Problem(MULTIPLE_CAPTURES, value_label(value)))
            continue
        if not isinstance(value, OpResult):
            return Capture(DEVICE)        # a use the unit does not define: nothing the host knows
        op = value.owner
        if _device_only(op) or (op.dialect != REGION_BRANCH_DIALECT and (op.regions or op.successors)):
            return Capture(DEVICE)
        if op.dialect == REGION_BRANCH_DIALECT and op.regions:
            if runs_region_once(op.name):
                problems.append(Problem(DEPENDS_ON_SCF))
            else:
                problems.append(Problem(MULTIPLE_CAPTURES, value_label(value)))
            continue
        if op.dialect == "math":
            problems.append(Problem(MATH_UNSUPPORTED))
        ops[id(op)] = op
        stack.extend(reversed(op.operands))
    order = {id(op): i for i, op in enumerate(function.walk())}
    closure = sorted(ops.values(), key=lambda op: order.get(id(op), 0))
    arguments = sorted(parameters.values(), key=lambda a: a.index)
    return Capture(HOST, closure, arguments, _first(problems))


def _first(problems: list[Problem]) -> Problem | None:
    """The problem reported: a multiple capture first (it says which value), then scf, then math."""
    rank = {MULTIPLE_CAPTURES: 0, DEPENDS_ON_SCF: 1, MATH_UNSUPPORTED: 2}
    return min(problems, key=lambda p: rank[p.code]) if problems else None


def _inside_scf(op: Operation, function: Operation) -> bool:
    current = op.parent_op
    while current is not None and current is not function:
        if current.dialect == REGION_BRANCH_DIALECT:
            return True
        current = current.parent_op
    return False


def builder_side(builder: Operation, function: Operation) -> str:
    return capture(builder.operands, function, builder).side
