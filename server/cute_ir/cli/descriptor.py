"""`cute-ir descriptor`: decode a WGMMA / tcgen05 descriptor word into its bit fields, or
check and print the encode parameters of a TMA descriptor (the CUtensorMap it becomes)."""
from __future__ import annotations

import argparse
import json
import os
import re
import sys

from ..tables import descriptors as D
from ..tables import tensormap
from .options import CLEAN, FINDINGS, describe_exit_status, usage_error

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


def _columns(rows: list[tuple[str, ...]]) -> str:
    """Aligned columns, the last one left ragged."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    return "".join(("  ".join(cell.ljust(w) for cell, w in zip(r, widths)) + "  " + r[-1]).rstrip() + "\n"
                   for r in rows)


def _table(table: D.DescriptorTable, kind: str, value: int) -> str:
    """Byte addresses and offsets stored `>> 4` show the bytes they encode."""
    rows = [("field", "bits", "raw", "bytes", "meaning")]
    for f, raw, meaning in D.decode(table, value):
        decoded = f.bytes_of(raw)
        rows.append((f.name, f.bits, f"{raw} (0x{raw:x})",
                     "" if decoded is None else f"{decoded} (0x{decoded:x})", meaning))
    return f"{table.name} 0x{value:0{table.width // 4}x} ({kind}, {table.width} bits; {table.source})\n" + _columns(rows)


# `cute-ir descriptor tma-tiled|tma-im2col JSON`: the CUtensorMap a TMA descriptor becomes, as
# the encode parameters of tables/tensormap.py (its byte layout is not public).
TMA_KINDS = {"tma-tiled": "tiled", "tma-im2col": "im2col"}


def cmd_tma_descriptor(args: argparse.Namespace) -> int:
    kind = TMA_KINDS[args.kind]
    text = args.value
    at = _SOURCE_POSITION.match(text)
    if at is not None and os.path.isfile(at.group(1)):
        return _tma_descriptor_in_ir(args, kind, at.group(1), int(at.group(2)), int(at.group(3)))
    try:
        if text.startswith("@"):
            with open(text[1:], encoding="utf-8") as f:
                text = f.read()
        params = json.loads(text)
    except (OSError, ValueError) as e:
        return usage_error("descriptor", f"VALUE must be a JSON object of encode parameters "
                                         f"(or @FILE holding one): {e}")
    if not isinstance(params, dict):
        return usage_error("descriptor", "VALUE must be a JSON object")
    params = tensormap.by_field_name(kind, params)
    problems = tensormap.check_parameters(kind, params)
    fields = tensormap.describe(kind, params)
    if args.format == "json":
        print(json.dumps({"kind": args.kind, "bytes": tensormap.TENSORMAP_BYTES,
                          "fields": [dict(zip(("field", "encode", "value", "rule"), f)) for f in fields],
                          "problems": problems}, indent=2))
    else:
        print(f"CUtensorMap ({args.kind}, {tensormap.TENSORMAP_BYTES} bytes, "
              f"{tensormap.ENCODE_ALIGNMENT}-byte aligned; encode parameters, the byte layout is not public)")
        sys.stdout.write(_columns([("field", "encode parameter", "value", "rule")] + fields))
    for problem in problems:
        print(f"cute-ir descriptor: {problem}", file=sys.stderr)
    return FINDINGS if problems else CLEAN


# `FILE:LINE:COLUMN` (1-based, as compilers print positions): the builder op written there.
_SOURCE_POSITION = re.compile(r"^(.+):(\d+):(\d+)$")


def _tma_descriptor_in_ir(args: argparse.Namespace, kind: str, path: str, line: int, column: int) -> int:
    """The encode parameters of the TMA descriptor built at a position of an IR file, as the
    hover and `cute-ir/descriptorFields` show them (features/tensormap_view.py)."""
    from ..analysis import DocumentAnalysis
    from ..features.descriptors import descriptor_fields
    from ..text.positions import Encoding, Position

    with open(path, "rb") as f:
        analysis = DocumentAnalysis(f"file://{os.path.abspath(path)}", f.read(), encoding=Encoding.UTF8)
    offset = analysis.document.offset(Position(max(line - 1, 0), max(column - 1, 0)))
    view = descriptor_fields(analysis, offset)
    if view is None or not view.title.startswith(f"CUtensorMap ({kind})"):
        return usage_error("descriptor", f"no {args.kind} descriptor builder at {path}:{line}:{column} "
                                         f"(point at `nv_tileas.make_tiled_tma_desc` or its result type)")
    if args.format == "json":
        print(json.dumps({"kind": args.kind, "bytes": tensormap.TENSORMAP_BYTES, "title": view.title,
                          "fields": [{"field": f.name, "value": f.value, "rule": f.meaning} for f in view.fields]},
                         indent=2))
    else:
        print(view.title)
        sys.stdout.write(_columns([("field", "value", "rule")]
                                  + [(f.name, str(f.value), f.meaning) for f in view.fields]))
    return CLEAN


def cmd_descriptor(args: argparse.Namespace) -> int:
    if args.kind in TMA_KINDS:
        return cmd_tma_descriptor(args)
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
                    ">> 4), and what the value means for this descriptor kind. For tma-tiled / "
                    "tma-im2col, check and print the encode parameters of a TMA descriptor "
                    "(CUtensorMap) given as JSON.")
    desc.add_argument("kind", choices=tuple(KINDS) + tuple(TMA_KINDS), metavar="KIND",
                      help="sm90-smem (GmmaDescriptor), sm100-smem (SmemDescriptor), sm100-idesc "
                           "(InstrDescriptor), sm100-idesc-bs (InstrDescriptorBlockScaled), "
                           "tma-tiled / tma-im2col (CUtensorMap encode parameters)")
    desc.add_argument("value", metavar="VALUE", help="the word, decimal or 0x hexadecimal; for tma-* a JSON "
                                                     "object of encode parameters, @FILE holding one, or "
                                                     "FILE:LINE:COLUMN of a descriptor builder in an IR file")
    desc.add_argument("--format", choices=("text", "json"), default="text",
                      help="text (default: a table) or json (fields with bits, value, bytes, "
                           "meaning)")
    describe_exit_status(desc, "every field holds a value legal for the kind",
                         "a field holds a value illegal for the kind, or a TMA encode parameter "
                         "breaks one of the driver's rules")
    desc.set_defaults(run=cmd_descriptor)
