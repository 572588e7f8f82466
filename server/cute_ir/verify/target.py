"""Target gating: an atom whose hardware gate the selected target does not meet is an error.

An atom's gates are its row's and those its type's parameters add (`tables.atoms.atom_gates`:
a CuTe DSL TMA atom for a CTA pair needs tcgen05's targets); target inference reads the same
(ir/target.py), so a file checked for the target its atoms need passes every gate here.
"""
from __future__ import annotations

from ..dialects.cute_nvgpu.atoms import AtomInstance
from ..dialects.cute_nvgpu.enums import BIT_UNIT
from ..dialects.cute_nvgpu.types import parameter_pairs
from ..tables.atoms import atom_gates, parameter_gate
from ..tables.tiers import describe_requirements, satisfies_any
from .context import VerifyContext


def check_target(ctx: VerifyContext, atom: AtomInstance) -> bool:
    """False (with a diagnostic on the atom's type) when the target cannot run the atom."""
    pairs = parameter_pairs(atom.params)
    for gate in atom_gates(atom.row, pairs):
        if satisfies_any(ctx.target, gate):
            continue
        if gate == atom.row.requires:
            ctx.error("verify.target", atom.type_span,
                      f"atom `{atom.mnemonic}` needs {describe_requirements(gate)}, "
                      f"but the target is {ctx.target} (spec minimum tier: {atom.row.spec_min_tier})")
        else:
            written = next(f"{k} = {v}" if k and k != BIT_UNIT else (f"{v} {k}" if k else v)
                           for k, v in pairs if parameter_gate(atom.row.mnemonic, k, v) == gate)
            ctx.error("verify.target", atom.type_span,
                      f"atom `{atom.row.mnemonic}` with `{written}` needs {describe_requirements(gate)}, "
                      f"but the target is {ctx.target}")
        return False
    return True
