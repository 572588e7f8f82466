"""`cute-ir descriptor`: decode a WGMMA / tcgen05 descriptor word into its bit fields."""
from __future__ import annotations

import argparse
import json
import sys

from ..tables import descriptors as D
from .options import CLEAN, FINDINGS, usage_error

KINDS: dict[str, D.DescriptorTable] = {
    "sm90-smem": D.GMMA_SMEM_DESC, "sm100-smem": D.UMMA_SMEM_DESC,
    "sm100-idesc": D.UMMA_INSTR_DESC, "sm100-idesc-bs": D.UMMA_INSTR_DESC_BLOCK_SCALED,
}


def _parse_word(text: str) -> int | None:
    t = text.strip().lower()
    try:
        return int(t, 10) if t.isdigit() else int(t, 0)
    except ValueError:
        return None


def _table(table: D.DescriptorTable, kind: str, value: int) -> str:
    """Aligned columns; byte addresses and offsets stored `>> 4` show the bytes they encode."""
    rows = [("field", "bits", "raw", "bytes", "meaning")]
    for f, raw, meaning in D.decode(table, value):
        decoded = f.bytes_of(raw)
        rows.append((f.name, f.bits, f"{raw} (0x{raw:x})",
                     "" if decoded is None else f"{decoded} (0x{decoded:x})", meaning))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = [f"{table.name} 0x{value:0{table.width // 4}x} ({kind}, {table.width} bits; {table.source})"]
    lines += ["  ".join(cell.ljust(w) for cell, w in zip(r[:4], widths)) + "  " + r[4]
              for r in rows]
    return "".join(line.rstrip() + "\n" for line in lines)


def cmd_descriptor(args: argparse.Namespace) -> int:
    table = KINDS[args.kind]
    value = _parse_word(args.value)
    if value is None:
        return usage_error("descriptor", f"VALUE must be a decimal or 0x-prefixed hexadecimal "
                                         f"number, got {args.value!r}")
    if value < 0:
        return usage_error("descriptor", f"VALUE must not be negative, got {args.value}")
    if value >= 1 << table.width:
        return usage_error("descriptor", f"{args.value} does not fit in the {table.width}-bit "
                                         f"{table.name} ({args.kind}); it has "
                                         f"{value.bit_length()} bits")
    if args.format == "json":
        print(json.dumps(D.to_json(table, value), indent=2))
    else:
        sys.stdout.write(_table(table, args.kind, value))
    illegal = [f.name for f, _, meaning in D.decode(table, value)
               if meaning.startswith("illegal value")]
    if illegal:
        print(f"cute-ir descriptor: {', '.join(illegal)} hold illegal values", file=sys.stderr)
        return FINDINGS
    return CLEAN


def add_parser(sub) -> None:
    desc = sub.add_parser(
        "descriptor", help="decode a descriptor word into its bit fields",
        description="Decode a WGMMA / tcgen05 descriptor word: every bit field with its raw "
                    "value, the bytes an address or offset field encodes (they are stored "
                    ">> 4), and what the value means for this descriptor kind. Exit status 1 "
                    "when a field holds a value illegal for the kind.")
    desc.add_argument("kind", choices=tuple(KINDS), metavar="KIND",
                      help="sm90-smem (GmmaDescriptor), sm100-smem (SmemDescriptor), sm100-idesc "
                           "(InstrDescriptor), sm100-idesc-bs (InstrDescriptorBlockScaled)")
    desc.add_argument("value", metavar="VALUE", help="the word, decimal or 0x hexadecimal")
    desc.add_argument("--format", choices=("text", "json"), default="text",
                      help="text (default: a table) or json (fields with bits, value, bytes, "
                           "meaning)")
    desc.set_defaults(run=cmd_descriptor)
