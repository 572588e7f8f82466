"""Verifiers, one module per family; `verify_unit` runs those that apply to a unit's ops."""
from __future__ import annotations

from typing import Callable

from tree_sitter import Node

from ..diagnostics import Diagnostic
from ..dialects.cute_nvgpu.ops import op_kind
from ..ir import Operation, UnitIR
from .context import VerifyContext, find_node
from .copy import verify_copy_op
from .make import verify_make_atom
from .mma import verify_mma_op

# Op kind (dialects/cute_nvgpu/ops.py) -> verifier.
VERIFIERS = {
    "make_atom": verify_make_atom,
    "mma": verify_mma_op,
    "copy": verify_copy_op,
}


def verify_unit(root: Node, ir: UnitIR, target: str,
                resolve_alias: Callable[[str], Node | None] = lambda name: None) -> list[Diagnostic]:
    """Diagnostics (absolute spans) of every verified op in the unit."""
    ctx = VerifyContext(root, ir, target, [], resolve_alias)
    for op in ir.all_operations():
        verifier = VERIFIERS.get(op_kind(op.name) or "")
        if verifier is not None:
            verifier(ctx, op)
    return ctx.diagnostics


__all__ = ["VERIFIERS", "VerifyContext", "find_node", "verify_unit", "Operation"]
