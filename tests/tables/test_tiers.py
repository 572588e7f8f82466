"""SM tier roster and the compatibility rules."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

import pytest

from cute_ir.emit.builder import STATIC_SHARED_LIMIT
from cute_ir.tables import tiers as T
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble

ROSTER = ["sm_70", "sm_75", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90", "sm_90a",
          "sm_100", "sm_100a", "sm_100f", "sm_103", "sm_103a", "sm_103f", "sm_110", "sm_110a",
          "sm_110f", "sm_120", "sm_120a", "sm_120f", "sm_121", "sm_121a", "sm_121f"]


def test_roster_is_exactly_the_hardware_facts_list():
    assert [t.name for t in T.TARGETS] == ROSTER
    assert len(T.TARGETS_BY_NAME) == len(ROSTER)


def test_target_fields():
    t = T.TARGETS_BY_NAME["sm_103f"]
    assert (t.tier, t.suffix, t.family) == (103, T.Suffix.FAMILY, "sm_10x")
    assert T.TARGETS_BY_NAME["sm_90a"].family is None
    assert T.TARGETS_BY_NAME["sm_121a"].family == "sm_12x"
    assert T.TARGETS_BY_NAME["sm_110"].family == "sm_11x"
    assert all(t.ptx_version == "9.0" for t in T.TARGETS)
    assert T.ptxas_arch("sm_70") == "sm_75"
    assert all(T.ptxas_arch(t) == t.name for t in T.TARGETS if t.name != "sm_70")


def test_parse_target():
    assert T.parse_target("compute_90a").name == "sm_90a"
    assert T.parse_target("sm_101a") is None       # renamed to sm_110a in PTX ISA 9.0
    assert T.parse_target("bogus") is None


def test_editor_targets():
    # The README promises sm_70 ... sm_121f for the setting and `check --arch`: the whole roster.
    assert T.EDITOR_TARGETS[0] == "sm_70" and T.EDITOR_TARGETS[-1] == "sm_121f"
    assert set(T.EDITOR_TARGETS) == set(ROSTER)


@pytest.mark.parametrize("target, requirement, expected", [
    ("sm_90a", "sm_90a", True), ("sm_90", "sm_90a", False), ("sm_100a", "sm_90a", False),
    ("sm_100a", "sm_100f", True), ("sm_100f", "sm_100f", True), ("sm_103a", "sm_100f", True),
    ("sm_103f", "sm_100f", True), ("sm_100", "sm_100f", False), ("sm_110a", "sm_100f", False),
    ("sm_100f", "sm_103f", False), ("sm_121a", "sm_120f", True), ("sm_120", "sm_120f", False),
    ("sm_120a", "sm_80", True), ("sm_75", "sm_80", False), ("sm_100", "sm_90", True),
    ("sm_100a", "sm_100a", True), ("sm_103a", "sm_100a", False),
])
def test_satisfies(target, requirement, expected):
    assert T.satisfies(target, requirement) is expected


def test_satisfies_any_and_describe():
    assert T.satisfies_any("sm_110f", ("sm_100f", "sm_110f"))
    assert not T.satisfies_any("sm_120a", ("sm_100f", "sm_110f"))
    assert T.satisfies_any("sm_70", ())
    assert T.targets_satisfying(("sm_100f", "sm_110f")) == (
        "sm_100a", "sm_100f", "sm_103a", "sm_103f", "sm_110a", "sm_110f")
    assert "sm_90a only" in T.describe_requirements(("sm_90a",))
    assert T.describe_requirements(()) == "any target"


def test_unknown_target_raises_in_satisfies():
    with pytest.raises(ValueError):
        T.satisfies("sm_999", "sm_80")


# --- runs_on against ptxas 13.0 ------------------------------------------------------------

_PTXAS = shutil.which("ptxas") or ("/usr/local/bin/ptxas"
                                   if os.access("/usr/local/bin/ptxas", os.X_OK) else None)
_TRIVIAL = (".version 9.0\n.target {t}\n.address_size 64\n"
            ".visible .entry k(.param .u64 o)\n{{\n  .reg .b64 %p;\n  ld.param.u64 %p, [o];\n"
            "  st.global.u32 [%p], 1;\n  ret;\n}}\n")


def _accepts(code: str, arch: str) -> bool:
    fd, path = tempfile.mkstemp(suffix=".ptx")
    with os.fdopen(fd, "w") as f:
        f.write(_TRIVIAL.format(t=code))
    try:
        return subprocess.run([_PTXAS, f"-arch={arch}", path, "-o", os.devnull],
                              capture_output=True).returncode == 0
    finally:
        os.unlink(path)


@pytest.mark.skipif(_PTXAS is None, reason="ptxas not found on PATH nor at /usr/local/bin")
def test_runs_on_matches_ptxas_for_every_pair():
    archs = [t.name for t in T.TARGETS if t.name != "sm_70"]   # no sm_70 SASS target
    pairs = [(code.name, arch) for code in T.TARGETS for arch in archs]
    with ThreadPoolExecutor(2) as pool:
        actual = list(pool.map(lambda p: _accepts(*p), pairs))
    mismatches = [(code, arch, ok) for (code, arch), ok in zip(pairs, actual)
                  if ok != T.runs_on(code, arch)]
    assert not mismatches, f"runs_on disagrees with ptxas (code, arch, ptxas): {mismatches}"


def _declaring(target, size: int) -> str:
    return (f".version {target.ptx_version}\n.target {target.name}\n.address_size 64\n"
            f".visible .entry k()\n{{\n.shared .align 128 .b8 t[{size}];\n.reg .b32 %r;\n"
            "mov.u32 %r, t;\nst.shared.b32 [%r], %r;\nret;\n}\n")


@pytest.mark.parametrize("target", T.TARGETS, ids=[t.name for t in T.TARGETS])
def test_a_kernel_may_declare_exactly_what_ptxas_allows_statically(target):
    """ptxas's static limit: the table's figure on an `a` target, the 48 KB past which the PTX
    builder makes shared memory dynamic (emit/builder.py) on the others. A plain target's CTA
    may still have the table's figure, as dynamic shared memory, which ptxas cannot judge."""
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    limit = target.shared_memory_per_cta if target.is_arch_specific else STATIC_SHARED_LIMIT
    fits, said = assemble(_declaring(target, limit), target.ptxas_arch)
    assert fits, said
    fits, said = assemble(_declaring(target, limit + 16), target.ptxas_arch)
    assert not fits and "too much shared data" in said


def test_a_plain_target_has_the_shared_memory_of_its_arch_specific_one():
    by_name = {t.name: t for t in T.TARGETS}
    for target in T.TARGETS:
        specific = by_name.get(f"sm_{target.tier}a")
        if specific is not None:
            assert target.shared_memory_per_cta == specific.shared_memory_per_cta, target.name
    assert by_name["sm_80"].shared_memory_per_cta == 163 * 1024
    assert by_name["sm_90"].shared_memory_per_cta == 227 * 1024
