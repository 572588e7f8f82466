"""Target gating: an atom whose hardware gate the selected target does not meet is an error.

An atom's gates are its row's and those its type's parameters add (`tables.atoms.atom_gates`:
a CuTe DSL TMA atom for a CTA pair needs tcgen05's targets); target inference reads the same
(ir/target.py), so a file checked for the target its atoms need passes every gate here.
`unmet_gate` is the one verdict: the check reports it, and an atom's hover card shows it.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Span
from ..dialects.cute_nvgpu.atoms import AtomInstance
from ..dialects.cute_nvgpu.enums import BIT_UNIT
from ..dialects.cute_nvgpu.types import CuteNvgpuType, parameter_pairs
from ..tables.atoms import atom_gates, parameter_gate
from ..tables.tiers import describe_requirements, satisfies_any
from .context import VerifyContext


@dataclass(frozen=True)
class UnmetGate:
    """The first gate of an atom a target does not meet, and why, as `check` says it."""
    gate: tuple[str, ...]
    written: str | None    # the parameter (as written) that adds the gate; None: the row's own
    message: str


def _written(pairs: list[tuple[str, str]], mnemonic: str, gate: tuple[str, ...]) -> str:
    """The first parameter that adds `gate`, as the type writes it (`mode = <"(16,16)">`, `128 b`,
    `sm_100_2sm`)."""
    return next(f"{k} = {v}" if k and k != BIT_UNIT else (f"{v} {k}" if k else v)
                for k, v in pairs if parameter_gate(mnemonic, k, v) == gate)


def unmet_gate(atom: AtomInstance | CuteNvgpuType, target: str) -> UnmetGate | None:
    """The first of `atom`'s gates `target` does not meet, or None when it meets them all.
    `atom`: an atom, or a type with a row that the verifiers know no atom semantics of (the
    DSL's `atom.bulk_copy_g2s`), whose gates are as real."""
    pairs = parameter_pairs(atom.params)
    for gate in atom_gates(atom.row, pairs):
        if satisfies_any(target, gate):
            continue
        if gate == atom.row.requires:
            return UnmetGate(gate, None,
                             f"atom `{atom.mnemonic}` needs {describe_requirements(gate)}, "
                             f"but the target is {target} (spec minimum tier: {atom.row.spec_min_tier})")
        written = _written(pairs, atom.row.mnemonic, gate)
        return UnmetGate(gate, written,
                         f"atom `{atom.row.mnemonic}` with `{written}` needs "
                         f"{describe_requirements(gate)}, but the target is {target}")
    return None


def raised_gates(atom: AtomInstance | CuteNvgpuType) -> list[tuple[str, tuple[str, ...]]]:
    """The gates `atom`'s parameters add to its row's: (the parameter as written, its gate)."""
    pairs = parameter_pairs(atom.params)
    return [(_written(pairs, atom.row.mnemonic, gate), gate)
            for gate in atom_gates(atom.row, pairs) if gate != atom.row.requires]


def check_target(ctx: VerifyContext, atom: AtomInstance) -> bool:
    """False (with a diagnostic on the atom's type) when the target cannot run the atom."""
    unmet = unmet_gate(atom, ctx.target)
    if unmet is None:
        return True
    ctx.error("verify.target", atom.type_span, unmet.message)
    return False


def check_type_target(ctx: VerifyContext, ty: CuteNvgpuType, at: Span) -> None:
    """The gates of a type written at `at` that denotes no atom the verifiers know the
    semantics of (the DSL's bulk copies): still an error where the target cannot run it, as
    target inference reads the same gates."""
    if ty.row is None:
        return
    unmet = unmet_gate(ty, ctx.target)
    if unmet is not None:
        ctx.error("verify.target", at, unmet.message)
