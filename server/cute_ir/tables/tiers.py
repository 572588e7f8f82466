"""SM targets as data: tier, suffix kind, family, PTX version, and the compatibility rules.

Three suffix kinds exist (PTX ISA, ".target" directive):

* plain ``sm_XY``   -- baseline feature set; code runs on every later arch (the "onion" model).
* ``sm_XYa``        -- architecture-specific features; code runs on ``sm_XYa`` only.
* ``sm_XYf``        -- family-specific features; code runs on later archs of the *same family*.
  Family features may also be used by ``a`` targets of the same family at the same or a later
  tier (``sm_100f`` features are available to ``sm_100a``, ``sm_103a`` and ``sm_103f``).

Families (PTX ISA, "Architecture Families"): sm_10x = {sm_100, sm_103}, sm_11x = {sm_110},
sm_12x = {sm_120, sm_121}. Targets before Blackwell belong to no family (no ``f`` targets).

The acceptance matrix of ptxas 13.0 (``.target T`` assembled with ``-arch=A`` for every pair of
targets below) agrees with these rules exactly; one extra observation from that matrix: an
``sm_XYf`` module also assembles for the *plain* arch of the same family (``.target sm_100f``
with ``-arch=sm_103``), because ``-arch`` names a machine, and every sm_103 machine has the
family features.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "Suffix",
    "Target",
    "TARGETS",
    "TARGETS_BY_NAME",
    "EDITOR_TARGETS",
    "PTX_VERSION",
    "PTXAS_MAX_PTX_VERSION",
    "parse_target",
    "satisfies",
    "satisfies_any",
    "runs_on",
    "ptxas_arch",
    "targets_satisfying",
    "describe_requirements",
    "INFERENCE_ORDER",
    "lowest_target",
]

# ptxas 13.0 accepts `.version` up to 9.0. Every target in the roster accepts 9.0, and three of
# them (sm_88, sm_110, sm_110a/f) were introduced *in* 9.0, so one version for every module keeps
# the emitted text uniform. Nothing we emit needs a lower version: the newest feature we use
# (`mma.sp::ordered_metadata`, PTX 8.5; `.block32`/`.block16`, PTX 8.8) is older than 9.0.
PTX_VERSION = "9.0"
PTXAS_MAX_PTX_VERSION = "9.0"


class Suffix(enum.Enum):
    PLAIN = ""
    ARCH = "a"      # architecture-specific: this exact arch only
    FAMILY = "f"    # family-specific: later archs of the same family


@dataclass(frozen=True)
class Target:
    name: str               # "sm_100a"
    tier: int               # 100
    suffix: Suffix
    family: str | None      # "sm_10x"; None before Blackwell
    introduced_in: str      # PTX ISA version that introduced the target string
    ptx_version: str        # the `.version` we emit for it
    ptxas_arch: str         # what to pass to `ptxas -arch=`
    note: str = ""
    # Bytes of shared memory one CTA may use: the compute capability's maximum per thread block
    # (`_SHARED_MEMORY_PER_CTA`). Past the 48 KB a kernel may declare statically it is dynamic
    # shared memory the host opts into (emit/builder.py), so a plain target has as much as its
    # `a` target, whose static limit in ptxas 13.0 is this same figure.
    shared_memory_per_cta: int = 48 * 1024

    @property
    def is_arch_specific(self) -> bool:
        return self.suffix is Suffix.ARCH

    @property
    def is_family_specific(self) -> bool:
        return self.suffix is Suffix.FAMILY


def _t(name: str, family: str | None, introduced_in: str, *, ptxas_arch: str | None = None,
       note: str = "") -> Target:
    m = re.fullmatch(r"sm_(\d+)([af]?)", name)
    assert m, name
    tier, suffix = int(m.group(1)), Suffix(m.group(2))
    shared = _SHARED_MEMORY_PER_CTA.get(tier, 48 * 1024)
    return Target(name=name, tier=tier, suffix=suffix, family=family,
                  introduced_in=introduced_in, ptx_version=PTX_VERSION,
                  ptxas_arch=ptxas_arch or name, note=note, shared_memory_per_cta=shared)


# Tier -> the shared memory one thread block may have (static plus the dynamic the host opts
# into, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN; the CUDA C++ Programming Guide's
# "Technical Specifications per Compute Capability"). Where each figure is checked:
# - every `a` target (90, 100, 103, 110, 120, 121): ptxas 13.0's static limit is this figure
#   to the byte (tests/tables/test_tiers.py assembles a kernel of it and of 16 bytes more);
# - 90 and 100: 227 KB, CUTLASS's `sm100_smem_capacity_bytes = 232448` (cutlass/arch/arch.h)
#   and the CuTe DSL's SMEM_CAPACITY_MAP, `(228 - 1) * 1024` for sm_90 and sm_100;
# - 120 (and 121): 99 KB, CUTLASS's `sm120_smem_capacity_bytes = 101376`, the DSL's
#   `(100 - 1) * 1024`, and TensorRT-LLM PR #12141: every SM12x device (SM120, SM121)
#   reports 101376 for cudaDevAttrMaxSharedMemoryPerBlockOptin;
# - 80: 163 KB, 86 and 89: 99 KB, the DSL's SmemCapacity (`(164 - 1)`, `(100 - 1)` KB);
# - 70 (96 KB), 75 (64 KB) and 87 (163 KB): the guide's table, which no stored source
#   reproduced when this was last checked (docs/spec-deviations.md, B24).
# A target missing here (sm_88) keeps the 48 KB every target allows.
_SHARED_MEMORY_PER_CTA = {
    70: 96 * 1024, 75: 64 * 1024, 80: 163 * 1024, 86: 99 * 1024, 87: 163 * 1024, 89: 99 * 1024,
    90: 227 * 1024, 100: 227 * 1024, 103: 227 * 1024, 110: 227 * 1024, 120: 99 * 1024, 121: 99 * 1024,
}


# Roster (hardware-facts "Assembler"), in tier order, plain / a / f within a tier.
# `introduced_in` from the PTX ISA ".target" notes.
TARGETS: tuple[Target, ...] = (
    _t("sm_70", None, "6.0", ptxas_arch="sm_75",
       note="PTX only: ptxas 13.0 has no sm_70 SASS target; assembled with -arch=sm_75"),
    _t("sm_75", None, "6.3"),
    _t("sm_80", None, "7.0"),
    _t("sm_86", None, "7.1"),
    _t("sm_87", None, "7.4"),
    _t("sm_88", None, "9.0"),
    _t("sm_89", None, "7.8"),
    _t("sm_90", None, "7.8"),
    _t("sm_90a", None, "8.0"),
    _t("sm_100", "sm_10x", "8.6"),
    _t("sm_100a", "sm_10x", "8.6"),
    _t("sm_100f", "sm_10x", "8.8"),
    _t("sm_103", "sm_10x", "8.8"),
    _t("sm_103a", "sm_10x", "8.8"),
    _t("sm_103f", "sm_10x", "8.8"),
    _t("sm_110", "sm_11x", "9.0", note="formerly sm_101 (renamed in PTX ISA 9.0)"),
    _t("sm_110a", "sm_11x", "9.0", note="formerly sm_101a"),
    _t("sm_110f", "sm_11x", "9.0", note="formerly sm_101f"),
    _t("sm_120", "sm_12x", "8.7"),
    _t("sm_120a", "sm_12x", "8.7"),
    _t("sm_120f", "sm_12x", "8.8"),
    _t("sm_121", "sm_12x", "8.8"),
    _t("sm_121a", "sm_12x", "8.8"),
    _t("sm_121f", "sm_12x", "8.8"),
)

TARGETS_BY_NAME: dict[str, Target] = {t.name: t for t in TARGETS}

# What the editor's target setting and `check --arch` offer: the whole roster, sm_70 ... sm_121f
# (on sm_70/sm_75 only the universal atoms run; the verifiers say so for the others).
EDITOR_TARGETS: tuple[str, ...] = tuple(t.name for t in TARGETS)


# The targets a file that declares none may be checked for, in the order target inference tries
# them (ir/target.py, `infer`): tier by tier, the arch-specific target where the tier has one (it
# has every feature of its tier: sm_90a runs TMA and WGMMA, sm_100a every tcgen05 kind; it is
# what the CuTe DSL compiles for, CUTE_DSL_ARCH=sm_100a), else the plain one. `f` targets are
# never the answer: the `a` target of the same tier runs everything they do.
INFERENCE_ORDER: tuple[str, ...] = tuple(
    t.name for t in TARGETS
    if t.suffix is Suffix.ARCH or (t.suffix is Suffix.PLAIN and f"{t.name}a" not in TARGETS_BY_NAME))


def lowest_target(gates) -> str | None:
    """The first target of `INFERENCE_ORDER` that meets every gate of `gates` (each a tuple of
    alternatives, `satisfies_any`), or None when no single target meets them all."""
    gates = [g for g in gates if g]
    return next((t for t in INFERENCE_ORDER if all(satisfies_any(t, g) for g in gates)), None)


def parse_target(name: str) -> Target | None:
    """The roster entry for `name` (also accepts `compute_XY` synonyms), or None."""
    name = name.strip()
    if name.startswith("compute_"):
        name = "sm_" + name[len("compute_"):]
    return TARGETS_BY_NAME.get(name)


def _target(t: Target | str) -> Target:
    if isinstance(t, Target):
        return t
    found = parse_target(t)
    if found is None:
        raise ValueError(f"unknown SM target {t!r}")
    return found


def satisfies(target: Target | str, requirement: Target | str) -> bool:
    """May a module with `.target <target>` use a feature first offered by `requirement`?

    plain requirement  -> any target at the same or a later tier (any suffix);
    ``f`` requirement  -> an ``a`` or ``f`` target of the same family at the same or later tier;
    ``a`` requirement  -> exactly that target.
    """
    t, r = _target(target), _target(requirement)
    if r.suffix is Suffix.PLAIN:
        return t.tier >= r.tier
    if r.suffix is Suffix.ARCH:
        return t.name == r.name
    return (t.suffix is not Suffix.PLAIN and t.family is not None and t.family == r.family
            and t.tier >= r.tier)


def satisfies_any(target: Target | str, requirements: tuple[str, ...]) -> bool:
    """True when `requirements` is empty (no gate) or any alternative is satisfied."""
    return not requirements or any(satisfies(target, r) for r in requirements)


def runs_on(code: Target | str, arch: Target | str) -> bool:
    """Does ptxas accept a module with `.target <code>` for `-arch=<arch>`?

    Same as `satisfies` except that ``-arch`` names a machine, so an ``f`` module is also
    accepted for the plain arch of a later same-family tier (every such machine has the
    family features). Verified against ptxas 13.0 for every pair of roster targets.
    """
    c, a = _target(code), _target(arch)
    if c.suffix is Suffix.FAMILY:
        return a.family == c.family and a.tier >= c.tier
    return satisfies(a, c)


def ptxas_arch(target: Target | str) -> str:
    """The `-arch=` value that assembles a module whose `.target` is `target`."""
    return _target(target).ptxas_arch


@lru_cache(maxsize=None)   # the roster is fixed
def targets_satisfying(requirements: tuple[str, ...]) -> tuple[str, ...]:
    """Every roster target that satisfies `requirements` (roster order)."""
    return tuple(t.name for t in TARGETS if satisfies_any(t, requirements))


@lru_cache(maxsize=None)   # the roster is fixed; an unmet gate's message names it on every keystroke
def describe_requirements(requirements: tuple[str, ...]) -> str:
    """Human text for hover cards: 'sm_90a', 'sm_100f family (sm_100a/sm_100f/sm_103a/...)'."""
    if not requirements:
        return "any target"
    return " or ".join(
        f"{r} ({'/'.join(targets_satisfying((r,)))})" if _target(r).suffix is Suffix.FAMILY
        else (f"{r} or later" if _target(r).suffix is Suffix.PLAIN else f"{r} only")
        for r in requirements)
