"""Completion of cute_nvgpu type mnemonics and enum spellings, in the dialect's exact case."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..analysis import DocumentAnalysis
from ..diagnostics import Span
from ..dialects.cute_nvgpu.enums import ALLOW_DSMEM, MEMORY_ORDERS, MEMORY_SCOPES
from ..tables.atoms import ATOMS
from ..tables.tiers import satisfies_any
from .cards import atom_card, tier_text


@dataclass(frozen=True)
class Completion:
    label: str
    kind: str            # "type", "enum", "keyword"
    detail: str
    documentation: str
    replace: Span        # the partial word the completion replaces
    sort_key: str


_MNEMONIC_PREFIX = re.compile(rb"!cute_nvgpu\.([A-Za-z0-9_$.]*)$")
_ENUM_PREFIX = re.compile(rb"(mem_order|mem_scope)\s*=\s*([A-Za-z_]*)$")
_PARAM_START = re.compile(rb"!cute_nvgpu\.atom\.universal_copy<[^<>\n]*,\s*([A-Za-z_]*)$")


def complete(analysis: DocumentAnalysis, offset: int) -> list[Completion]:
    data = analysis.document.data
    line_start = data.rfind(b"\n", 0, offset) + 1
    before = data[line_start:offset]
    m = _ENUM_PREFIX.search(before)
    if m:
        values = MEMORY_ORDERS if m.group(1) == b"mem_order" else MEMORY_SCOPES
        word = Span(offset - len(m.group(2)), offset)
        what = "memory order" if m.group(1) == b"mem_order" else "memory scope"
        return [Completion(v, "enum", what, f"PTX-like {what} `{v}`", word, f"{i:02d}")
                for i, v in enumerate(values)]
    m = _MNEMONIC_PREFIX.search(before)
    if m:
        word = Span(offset - len(m.group(1)), offset)
        target = analysis.settings.target_arch
        out = []
        for index, row in enumerate(ATOMS):
            legal = satisfies_any(target, row.requires)
            detail = f"{row.family.value} · {tier_text(row)}"
            if not legal:
                detail += f" · not available on {target}"
            # Atoms legal for the target first, in the dialect's dispatch order.
            out.append(Completion(row.mnemonic, "type", detail, atom_card(row), word,
                                  f"{0 if legal else 1}{index:02d}"))
        for width in (2, 4, 6, 8):
            out.append(Completion(f"i{width}", "type", "atom integer type",
                                  f"{width}-bit packed fragment element; add `<divby M>` for microscaling lanes",
                                  word, f"2{width:02d}"))
        return out
    m = _PARAM_START.search(before)
    if m:
        word = Span(offset - len(m.group(1)), offset)
        return [
            Completion("mem_order=", "keyword", "memory order", "e.g. `mem_order=acquire`", word, "0"),
            Completion("mem_scope=", "keyword", "memory scope", "e.g. `mem_scope=cluster`", word, "1"),
            Completion(ALLOW_DSMEM, "keyword", "allow distributed shared memory", "", word, "2"),
            Completion("128 b", "keyword", "bit width (bits)", "copy width in bits, a power of two", word, "3"),
        ]
    return []
