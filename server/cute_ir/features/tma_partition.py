"""What the TMA partition verifier learned about a tile, for hover.

The verifier (verify/tma.py) computes one `TmaPartitionResult` per non-exec TMA atom and per
`tma_partition` op: the tensor type the tile becomes, its element count, the swizzle mode, the
descriptor's rank, the TMA box layout and the 16-bit flags word (tma-atoms.txt, "Flags
Word"). The unit's analysis keeps the results (`UnitAnalysis.tma_partitions`), by the name
range of the op each belongs to, relative to the unit's start, so hovering the op shows it
without running the walk again.
"""
from __future__ import annotations

from ..analysis import DocumentAnalysis
from ..verify.tma import Flag, TmaPartitionResult

# The page's swizzle-mode codes (TmaPartitionResult.swizzle_mode).
SWIZZLE_NAMES = {0: "none", 2: "128B", 3: "32B or 64B"}


def partition_at(analysis: DocumentAnalysis, offset: int) -> TmaPartitionResult | None:
    """The partition result of the TMA op whose name is at `offset`, if the walk produced one."""
    unit = analysis.unit_at(offset)
    if unit is None:
        return None
    relative = offset - unit.start
    for (start, end), result in analysis.unit_analysis(unit).tma_partitions().items():
        if start <= relative <= end:
            return result
    return None


def _expect_tx(result: TmaPartitionResult) -> str:
    """The bytes each CTA's mbarrier expects: the tile its shared memory receives."""
    if not result.tile_bytes:
        return "unknown (the descriptor does not say its element width)"
    text = f"{result.tile_bytes} bytes ({result.element_bits}-bit elements): the tile each CTA's shared memory receives"
    if result.num_multicast > 1:
        text += (f"; each of the {result.num_multicast} CTAs loads {result.tile_bytes // result.num_multicast} "
                 f"bytes of it and multicasts them to all")
    return text


def partition_section(result: TmaPartitionResult) -> str:
    """The result as a hover section: the facts, then the flags word bit by bit."""
    def named(flags: list[Flag]) -> str:
        return ", ".join(f"`{flag.name.lower()}` ({flag.bit_length() - 1})" for flag in flags) or "none"
    facts = [
        ("TMA tensor type", f"`{result.tensor_type}`"),
        ("tile elements", f"{result.tile_element_count} (SMEM layout size × num_multicast)"),
        ("expect_tx", _expect_tx(result)),
        ("TMA box layout", f"`{result.tma_layout}`"),
        ("descriptor rank", str(result.rank)),
        ("swizzle mode", f"{result.swizzle_mode} ({SWIZZLE_NAMES.get(result.swizzle_mode, '?')})"),
        ("flags word", f"`0x{int(result.flags):04x}`"),
        ("flags set (bit)", named([flag for flag in Flag if flag & result.flags])),
        ("flags clear", named([flag for flag in Flag if not flag & result.flags])),
    ]
    return "\n".join(["**TMA partition result** (what the partition verifier learned about the tile)", "",
                      "| | |", "|---|---|"] + [f"| {k} | {v} |" for k, v in facts])
