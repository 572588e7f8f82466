"""Target gating: an atom whose hardware gate the selected target does not meet is an error."""
from __future__ import annotations

from ..dialects.cute_nvgpu.atoms import AtomInstance
from ..tables.tiers import describe_requirements, satisfies_any
from .context import VerifyContext


def check_target(ctx: VerifyContext, atom: AtomInstance) -> bool:
    """False (with a diagnostic on the atom's type) when the target cannot run the atom."""
    if satisfies_any(ctx.target, atom.row.requires):
        return True
    ctx.error("verify.target", atom.type_span,
              f"atom `{atom.mnemonic}` needs {describe_requirements(atom.row.requires)}, "
              f"but the target is {ctx.target} (spec minimum tier: {atom.row.spec_min_tier})")
    return False
