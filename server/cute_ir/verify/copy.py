"""Copy atoms: building and applying them (`cute_nvgpu.copy`). Filled in per family below."""
from __future__ import annotations

from ..diagnostics.catalogue import get as message
from ..dialects.cute_nvgpu.atoms import AtomInstance
from ..ir import Operation
from .context import VerifyContext
from .target import check_target

INTERFACE = "verify.atom.unknown-interface"


def verify_copy_atom(ctx: VerifyContext, atom: AtomInstance) -> bool:
    return check_target(ctx, atom)


def verify_copy_op(ctx: VerifyContext, op: Operation) -> None:
    if not op.operands:
        ctx.error("verify.copy.operands", op.name_span, "`cute_nvgpu.copy` takes an atom, a source and a destination")
        return
    use = op.operands[0]
    value = ctx.definition(use.name)
    atom = ctx.atom_from_value(value) if value is not None else None
    if atom is None or not atom.is_copy:
        ctx.error(INTERFACE, use.span, message(INTERFACE).render())
        return
    if value is not None and value.kind.value != "result":
        verify_copy_atom(ctx, atom)
