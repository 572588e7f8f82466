"""The modifier pairs a DSL SIMT copy's options may write that one ld / st does not take
(tables/atoms.INCOMPATIBLE_QUALIFIERS), as ptxas 13.0 judges every pair: the listed pairs are
rejected, every other pair of options assembles."""
from __future__ import annotations

import itertools

import pytest

from cute_ir.tables import atoms as A
from cute_ir.tables.type_parameters import SIMT_COPY_KEYS
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble, parallel_map

# The option keys of a global load / store in PTX's modifier order, then the memory order.
_ORDER = ("invariant", "load_cache_mode", "store_cache_mode", "l1_cache_evict_priority", "l2_prefetch_size")
_SIDES = {"ld": "atom.g2r", "st": "atom.r2g"}


def _options(side: str) -> list[tuple[str, str, str]]:
    """(key, value, token) of every option value that writes a modifier on `side`."""
    keys = [k for k in _ORDER if k in SIMT_COPY_KEYS[_SIDES[side]]]
    out = [(k, v, A.copy_qualifier(side, k, v)) for k in keys for v in A.COPY_QUALIFIERS[k]]
    orders = A.LOAD_ORDERS if side == "ld" else A.STORE_ORDERS
    out += [("mem_order", v, A.copy_qualifier(side, "mem_order", v)) for v in orders]
    return [o for o in out if o[2] is not None]


def _instruction(side: str, chosen: dict[str, str]) -> str:
    orders = A.LOAD_ORDERS if side == "ld" else A.STORE_ORDERS
    order = orders.get(chosen.get("mem_order", ""), "").format(scope="gpu")
    mods = "".join(A.COPY_QUALIFIERS[k][chosen[k]] for k in _ORDER if k in chosen)
    scalar = chosen.get("mem_order") == "mmio"         # `.mmio` is one scalar access
    regs = "%r0" if scalar else "{%r0, %r1, %r2, %r3}"
    vec = "" if scalar else ".v4"
    if side == "ld":
        return f"ld{order}.global{mods}{vec}.b32 {regs}, [%rd];"
    return f"st{order}.global{mods}{vec}.b32 [%rd], {regs};"


def _module(instruction: str) -> str:
    return (".version 8.7\n.target sm_100a\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n"
            ".reg .b64 %rd;\n.reg .b32 %r<4>;\nld.param.u64 %rd, [p];\n" + instruction + "\nret;\n}\n")


@pytest.mark.parametrize("side", ["ld", "st"])
def test_the_incompatible_pairs_are_those_ptxas_rejects(side):
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    options = _options(side)
    pairs = [(a, b) for a, b in itertools.combinations(options, 2) if a[0] != b[0]]
    accepted = parallel_map(lambda pair: assemble(_module(_instruction(side, {pair[0][0]: pair[0][1],
                                                                              pair[1][0]: pair[1][1]})),
                                                  "sm_100a")[0], pairs)
    rejected = {frozenset({a[2], b[2]}) for (a, b), ok in zip(pairs, accepted) if not ok}
    listed = {frozenset({a[2], b[2]}) for a, b in pairs} & A.INCOMPATIBLE_QUALIFIERS
    assert rejected == listed
    # Each option alone assembles: only a pair is refused.
    alone = parallel_map(lambda o: assemble(_module(_instruction(side, {o[0]: o[1]})), "sm_100a")[0], options)
    assert all(alone)
