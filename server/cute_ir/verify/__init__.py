"""Verifiers, one module per family; `verify_unit` runs those that apply to a unit's ops."""
from __future__ import annotations

from ..diagnostics import Diagnostic, Span
from ..dialects.cute_nvgpu.ops import COPY, MAKE_ATOM, MMA, op_verifier
from ..ir.aliases import AliasTable
from ..ir.attributes import reading_aliases
from ..ir.lift import Lifted
from .context import AliasResolver, VerifyContext, no_aliases
from .copy import verify_copy_op
from .make import verify_make_atom
from .mma import verify_mma_op
from .tileas_atoms import verify_atoms
from .tileas_dot import verify_dot
from .tileas_memops import verify_memops
from .tma import verify_exec_operand_types, verify_tma
from ..dialects.nv_tileas.async_tma import ASYNC_TMA_OP_NAMES
from ..dialects.nv_tileas.dot import DOT
from ..dialects.nv_tileas.memops import MEMOP_NAMES
from ..dialects.verified_ops import TMA_VERIFIED_OPS, VERIFIED_OPS

# Op kind (dialects/cute_nvgpu/ops.py) -> verifier.
# The verifier hook of an op's record (`OpDef.verifier`) -> the verifier that runs.
VERIFIERS = {
    MAKE_ATOM: verify_make_atom,
    MMA: verify_mma_op,
    COPY: verify_copy_op,
}


def verify_unit(lifted: Lifted, target: str, resolve_alias: AliasResolver = no_aliases,
                within: Span | None = None) -> list[Diagnostic]:
    """Diagnostics (absolute spans) of every verified op in a unit's IR; `resolve_alias`
    answers for the `!name` types and `#name` attributes it uses. With `within`, the ops of a
    stretch of statements that start there are given their own verifiers (the others are read
    for what they define: analysis/runs.py); the verifiers of a whole unit run on all."""
    table = AliasTable.on_demand(lambda name: getattr(resolve_alias(name), "text", None))
    with reading_aliases(table):
        return _verify(VerifyContext(lifted, target, [], resolve_alias), within)


def _verify(ctx: VerifyContext, within: Span | None) -> list[Diagnostic]:
    lifted, target = ctx.lifted, ctx.target
    names = set()
    spans = lifted.index.op_spans
    for op in ctx.operations():
        names.add(op.name)
        verifier = VERIFIERS.get(op_verifier(op.name) or "")
        if verifier is not None and (within is None or op not in spans or within.start <= spans[op].start < within.end):
            verifier(ctx, op)
    if names & TMA_VERIFIED_OPS:
        ctx.diagnostics.extend(verify_tma(lifted, target).diagnostics)
        verify_exec_operand_types(ctx)      # reads types through the aliases, which verify_tma keeps nothing of
    if names & MEMOP_NAMES:
        ctx.diagnostics.extend(verify_memops(lifted))
    if names & (MEMOP_NAMES | ASYNC_TMA_OP_NAMES):
        ctx.diagnostics.extend(verify_atoms(lifted))
    if DOT in names:
        ctx.diagnostics.extend(verify_dot(lifted))
    return ctx.diagnostics


__all__ = ["VERIFIED_OPS", "VERIFIERS", "VerifyContext", "verify_unit"]
