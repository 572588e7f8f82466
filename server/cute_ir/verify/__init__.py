"""Verifiers, one module per family; `verify_unit` runs those that apply to a unit's ops."""
from __future__ import annotations

from typing import Callable

from tree_sitter import Node

from ..diagnostics import Diagnostic
from ..dialects.cute_nvgpu.ops import ATOM_SITE_OPS, COPY, MAKE_ATOM, MMA, op_verifier
from ..ir import Operation, UnitIR
from ..ir.lift import Lifted, lift_statements
from .context import VerifyContext, find_node
from .copy import verify_copy_op
from .make import verify_make_atom
from .mma import verify_mma_op
from .tileas_atoms import verify_atoms
from .tileas_memops import verify_memops
from .tma import TMA_VERIFIED_OPS, verify_tma
from ..dialects.nv_tileas.async_tma import ASYNC_TMA_OP_NAMES
from ..dialects.nv_tileas.copy import COPY as TILEAS_COPY
from ..dialects.nv_tileas.memops import MEMOP_NAMES

# Op kind (dialects/cute_nvgpu/ops.py) -> verifier.
# The verifier hook of an op's record (`OpDef.verifier`) -> the verifier that runs.
VERIFIERS = {
    MAKE_ATOM: verify_make_atom,
    MMA: verify_mma_op,
    COPY: verify_copy_op,
}

# Ops whose presence makes the analysis verify a unit (and run the lowering pipeline on it:
# `nv_tileas.copy` has no verifier of its own, but a pass of the pipeline reports on it).
VERIFIED_OPS = ATOM_SITE_OPS | TMA_VERIFIED_OPS | MEMOP_NAMES | ASYNC_TMA_OP_NAMES | {TILEAS_COPY}


def verify_unit(root: Node, ir: UnitIR, target: str,
                resolve_alias: Callable[[str], Node | None] = lambda name: None) -> list[Diagnostic]:
    """Diagnostics (absolute spans) of every verified op in the unit."""
    ctx = VerifyContext(root, ir, target, [], resolve_alias)
    for op in ir.all_operations():
        verifier = VERIFIERS.get(op_verifier(op.name) or "")
        if verifier is not None:
            verifier(ctx, op)
    names = {op.name for op in ir.all_operations()}
    if names & (TMA_VERIFIED_OPS | MEMOP_NAMES | ASYNC_TMA_OP_NAMES):
        lifted = lift_unit(root, ir.span)
        if names & TMA_VERIFIED_OPS:
            ctx.diagnostics.extend(verify_tma(lifted, target).diagnostics)
        if names & MEMOP_NAMES:
            ctx.diagnostics.extend(verify_memops(lifted))
        if names & (MEMOP_NAMES | ASYNC_TMA_OP_NAMES):
            ctx.diagnostics.extend(verify_atoms(lifted))
    return ctx.diagnostics


def lift_unit(root: Node, span) -> Lifted:
    """The rewritable IR of the unit `span` covers in the tree `root`."""
    return lift_statements(unit_statements(root, span))


def unit_statements(root: Node, span) -> list[Node]:
    """The statement node a unit spans (the rewritable IR is lifted from it)."""
    node = root.descendant_for_byte_range(span.start, max(span.start, span.end - 1))
    while node is not None and not (node.type == "operation" and node.start_byte <= span.start and node.end_byte >= span.end):
        node = node.parent
    return [node] if node is not None else []


__all__ = ["VERIFIED_OPS", "VERIFIERS", "VerifyContext", "find_node", "lift_unit", "verify_unit", "Operation"]
