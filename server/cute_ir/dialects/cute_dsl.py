"""The op vocabulary of NVIDIA's CuTe DSL: every op name its dumps print in the DSL's own
dialects (`cute`, `cuda`, and the `cute_nvgpu` ops the DSL prints), harvested into
`cute_dsl_ops.json` from the corpus `make corpus` writes (tools/corpus/op_names.py).

These ops have no public definition: cute-ir knows their names, not their operands or types,
so their records claim nothing (any number of operands, results and regions) beyond the name.
A name of one of these dialects outside the vocabulary is reported as a warning with the
nearest known name (registry.unknown_op): the DSL may print an op its corpus never did.
"""
from __future__ import annotations

import json
from pathlib import Path

from .ods import OpDef, Trait, variadic

_DATA = json.loads(Path(__file__).with_name("cute_dsl_ops.json").read_text(encoding="utf-8"))

DSL: str = _DATA["dsl"]                              # "nvidia-cutlass-dsl 4.8.1"
DSL_OP_NAMES: frozenset[str] = frozenset(_DATA["ops"])
# The DSL's dialects whose vocabulary is harvested (an unknown name in them is a warning).
DSL_DIALECTS = frozenset({"cute", "cuda"})
# cute_nvgpu's families the DSL prints and the spec does not define (the arch ops).
DSL_FAMILIES = ("cute_nvgpu.arch.",)

# The kinds other stages ask about, for the DSL ops that have one, by name or by family (a name
# ending in "."), since no definition gives these ops traits. What the dumps show them doing:
# `cute.copy` / `cute.gemm` apply the atom their first operand is (a copy or MMA atom, as
# cute_nvgpu's applying ops do); they, printing, fragments (registers), `cute.memref.*` (memory)
# and `cute.arch.*` (the running thread, barriers) need the device: no host can compute them,
# where the rest of `cute` is layout algebra on values (lowering_facts/descriptor_capture.py).
DSL_KINDS: dict[str, frozenset[Trait]] = {
    "cute.copy": frozenset({Trait.APPLIES_ATOM, Trait.DEVICE_ONLY}),
    "cute.gemm": frozenset({Trait.APPLIES_ATOM, Trait.DEVICE_ONLY}),
    "cute.print": frozenset({Trait.DEVICE_ONLY}),
    "cute.mma.make_fragment": frozenset({Trait.DEVICE_ONLY}),
    "cute.memref.": frozenset({Trait.DEVICE_ONLY}),
    "cute.arch.": frozenset({Trait.DEVICE_ONLY}),
}


def dsl_traits(name: str) -> frozenset[Trait]:
    """The kinds DSL_KINDS gives an op name: its own and its family's (also for a name of a
    family that the vocabulary lacks, which has no record)."""
    return frozenset().union(*(kinds for key, kinds in DSL_KINDS.items()
                               if name == key or (key.endswith(".") and name.startswith(key))))


def dsl_records(known: set[str]) -> tuple[OpDef, ...]:
    """A name-only record for each op of the vocabulary that has no record of its own."""
    return tuple(
        OpDef(name, f"An op of the CuTe DSL ({DSL} prints it); cute-ir knows its name, not its definition.",
              (variadic("operands"),), (variadic("results"),), source="cute-dsl", variadic_regions=True,
              regions=1, traits=dsl_traits(name))
        for name in sorted(DSL_OP_NAMES - known))
