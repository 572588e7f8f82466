"""The lowering check: does each atom a unit builds or applies lower to an instruction on the
target? One rule answers, `tables/legality.py`, which the emitters build their PTX from too, so
an atom this check passes is one the PTX preview and `convert-cute-nvgpu-to-ptx` lower, and one
it refuses gets no kernel anywhere (docs/spec-deviations.md, A7).

The refusal is an error at the atom (its type, or the applying op's name): `lower.target` when
another target runs the atom, `lower.unsupported` when none does. An atom that the document's
own errors already stop (in the op, in the op that built the atom, on the atom's type) is not
judged: that error is the verdict, and no second one is added.
"""
from __future__ import annotations

from functools import lru_cache

from ..diagnostics import Diagnostic, Severity, Source
from ..tables import tiers as T
from ..tables.legality import AtomConfig, check_config, refusal_code
from ..ir.lift import Lifted
from .atom_sites import AliasDef, AtomSite, SiteSource, SourceUnit, NO_ALIASES, aliases_of, unit_sites

__all__ = ["verdict", "refusal", "LoweringCheck", "clear_cache"]


@lru_cache(maxsize=4096)
def _judged(config: AtomConfig, target: str) -> tuple[str, str] | None:
    """(code, reason) when `config` does not lower on `target`, else None."""
    try:
        reason = check_config(config, target)
        return None if reason is None else (refusal_code(config), reason)
    except Exception as err:                     # a defect must not cost the verification
        return "lower.unsupported", f"cannot emit this configuration: {err}"


def verdict(config: AtomConfig, target: str) -> tuple[str, str] | None:
    """(code, message) of the refusal of `config` on `target` as the check reports it (an atom's
    hover card shows the same), or None when it lowers."""
    judged = _judged(config, target)
    if judged is None:
        return None
    code, reason = judged
    return code, f"no PTX for {target}: {reason}"


def refusal(site: AtomSite, target: str) -> Diagnostic | None:
    """Why `site`'s atom cannot be lowered for `target` (None: it can, or it has nothing to lower)."""
    if site.config is None:
        return None
    judged = verdict(site.config, target)
    if judged is None:
        return None
    code, message = judged
    return Diagnostic(code, site.at, Severity.ERROR, Source.LOWER, message)


class LoweringCheck:
    """The lowering check over some units of one state of a document, for its target (the
    alias table is read once per instance)."""

    def __init__(self, source: SiteSource) -> None:
        self.source = source
        self.target = None if source.too_large else T.parse_target(source.target_arch)
        self._aliases: tuple[dict[str, AliasDef], bytes] | None = None

    def aliases(self) -> dict[str, AliasDef]:
        """The document's alias table, read once per instance."""
        if self._aliases is None:
            self._aliases = aliases_of(self.source) if not self.source.too_large else ({}, NO_ALIASES)
        return self._aliases[0]

    def diagnostics(self, unit: SourceUnit, errors: list[Diagnostic],
                    lifted: Lifted | None = None) -> list[Diagnostic]:
        """The refusals on `unit`'s atoms (absolute spans), given the document's `errors`;
        `lifted`: the unit's IR, when the caller holds it."""
        if self.target is None:
            return []
        self.aliases()
        out = []
        for site in unit_sites(self.source, unit, *self._aliases, lifted=lifted):
            site = site.shifted(unit.start)
            if site.blocked_by(errors):
                continue
            problem = refusal(site, self.target.name)
            if problem is not None:
                out.append(problem)
        return out


def clear_cache() -> None:
    _judged.cache_clear()
