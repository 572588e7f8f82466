"""Ops that build atoms: the result type must name an atom of the right kind; the atom's own
rules (target, type pairs, lattice, block scaling) are checked where it is written."""
from __future__ import annotations

from ..diagnostics.catalogue import get as message
from ..dialects.cute_nvgpu.ops import FOREIGN_ATOM_OPS, lookup_op
from ..ir.core import Operation
from .context import VerifyContext
from .copy import verify_copy_atom
from .mma import INTERFACE, verify_atom
from .target import check_target, check_type_target

# Ops that build whatever atom their result type names (the CuTe DSL's builder).
GENERIC_BUILDERS = frozenset(FOREIGN_ATOM_OPS)



def verify_make_atom(ctx: VerifyContext, op: Operation) -> None:
    row = lookup_op(op.name)
    wants = row.builds if row is not None else None
    result_type = ctx.written_type(op.results[0]) if op.results else None
    if op.results and result_type is None and wants is not None:
        # The atom type follows from the op (`make_sm120_mma_bs`): verify what it implies.
        atom = ctx.atom_from_value(op.results[0])
        if atom is not None:
            verify_atom(ctx, atom)
        return
    if not op.results or result_type is None:
        ctx.error("verify.make.result", ctx.name_span(op),
                  f"`{op.name}` needs a result and its atom type: `%atom = {op.name} {{...}} : !cute_nvgpu.<atom>`")
        return
    atom = ctx.atom_from_value(op.results[0])
    if wants is not None and (atom is None or atom.mnemonic != wants):
        ctx.error("verify.make.result", result_type.span,
                  f"`{op.name}` builds `!cute_nvgpu.{wants}`, not `{result_type.text}`")
        return
    if op.name in GENERIC_BUILDERS:
        # `cute.make_atom` builds any atom; types without atom semantics are not its concern
        # (an unknown mnemonic already has the types stage's diagnostic).
        if atom is not None and atom.is_mma:
            verify_atom(ctx, atom)
        elif atom is not None and atom.is_copy:
            verify_copy_atom(ctx, atom)
        elif atom is not None:
            check_target(ctx, atom)     # a non-executing TMA atom: its gates (a CTA pair's too)
        else:
            written = ctx.through_alias(result_type)
            ty = written.cute_type() if written is not None else None
            if ty is not None:
                check_type_target(ctx, ty, result_type.span)
        return
    if atom is None:
        ctx.error(INTERFACE, result_type.span, message(INTERFACE).render())
        return
    if op.name == "cute_nvgpu.make_copy_atom" and not atom.is_copy:
        ctx.error("verify.make.result", result_type.span, f"`{op.name}` builds a copy atom, not `{result_type.text}`")
        return
    if op.name != "cute_nvgpu.make_copy_atom" and not atom.is_mma:
        ctx.error("verify.make.result", result_type.span, f"`{op.name}` builds an MMA atom, not `{result_type.text}`")
        return
    if atom.is_mma:
        verify_atom(ctx, atom)
    else:
        verify_copy_atom(ctx, atom)
