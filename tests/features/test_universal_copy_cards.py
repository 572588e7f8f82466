"""A universal copy's hover card (the generic one, and the CuTe DSL's g2r / r2g / s2r / r2s) shows
the instruction the PTX preview emits for it, with the qualifiers its options write, and the
direction the atom moves data in: not a template with placeholders (`ld<LOAD>`), nor a generic
copy's memory-to-memory row."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity
from cute_ir.emit.preview import preview_module
from cute_ir.emit.ptx import atom_lines
from cute_ir.features.hover import hover
from cute_ir.ir.target import FROM_DEFAULT

VOCABULARY = Path(__file__).parents[1] / "corpus" / "cutedsl" / "vocabulary.json"
_SIMT = re.compile(r"^!cute_nvgpu\.atom\.(g2r|r2g|s2r|r2s|universal_copy)<")
# Where each moves data, as its card says it.
DIRECTIONS = {"g2r": "gmem → rmem", "r2g": "rmem → gmem", "s2r": "smem → rmem", "r2s": "rmem → smem",
              "universal_copy": "rmem / smem / gmem → rmem / smem / gmem"}


def _entries() -> list[str]:
    entries = json.loads(VOCABULARY.read_text())["entries"]
    return sorted({e["type"] for e in entries if _SIMT.match(e["type"])})


TYPES = _entries()


def _document(text: str) -> str:
    return f"func.func @atom() {{\n  %a = cute.make_atom() : () -> {text}\n  return\n}}\n"


def _card(analysis: DocumentAnalysis, source: str) -> str:
    return hover(analysis, source.index("!cute_nvgpu") + len("!cute_nvgpu.")).markdown


def _card_ptx(card: str) -> list[str]:
    return card.split("```ptx\n", 1)[1].split("\n```", 1)[0].split("\n")


def test_the_catalogue_holds_each_simt_copy():
    assert {_SIMT.match(t).group(1) for t in TYPES} == set(DIRECTIONS) and len(TYPES) > 100


def test_every_simt_copy_card_shows_the_previews_instruction_and_its_direction():
    checked = 0
    for text in TYPES:
        source = _document(text)
        analysis = DocumentAnalysis("file:///atom.mlir", source, settings=Settings(target_from=FROM_DEFAULT))
        if any(d.severity is Severity.ERROR for d in analysis.diagnostics()):
            continue
        emitted = atom_lines(preview_module(analysis).ptx_text.split("\n"))
        if not emitted:
            continue      # no kernel of its own (the vocabulary's tests say why)
        card = _card(analysis, source)
        assert _card_ptx(card) == emitted, text
        assert f"| {DIRECTIONS[_SIMT.match(text).group(1)]} |" in card, text
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("text,ptx", [
    ("!cute_nvgpu.atom.r2g<f16 copy_bits = 128 l1_cache_evict_priority = evict_first>",
     ["st.global.L1::evict_first.v4.b32 [%dst], {%v0, %v1, %v2, %v3};"]),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 invariant = true>",
     ["ld.global.nc.v4.b32 {%v0, %v1, %v2, %v3}, [%src];"]),
    ("!cute_nvgpu.atom.universal_copy<f32, 128 b>",
     ["ld.global.v4.b32 {%v0, %v1, %v2, %v3}, [%src];", "st.global.v4.b32 [%dst], {%v0, %v1, %v2, %v3};"]),
])
def test_a_copy_card_writes_the_instruction_out(text, ptx):
    source = _document(text)
    analysis = DocumentAnalysis("file:///atom.mlir", source, settings=Settings(target_arch="sm_90a"))
    card = _card(analysis, source)
    assert _card_ptx(card) == ptx
    assert "<LOAD>" not in card and "<STORE>" not in card
