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
from cute_ir.features.preview import preview_module
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


_REGISTER = re.compile(r"%\w+")


def _card_ptx(card: str) -> list[str]:
    return card.split("```ptx\n", 1)[1].split("\n```", 1)[0].split("\n")


def test_the_catalogue_holds_each_simt_copy():
    assert {_SIMT.match(t).group(1) for t in TYPES} == set(DIRECTIONS) and len(TYPES) > 100


def _cards_with_kernels():
    """(type text, the preview's instruction lines, the card) of each catalogue entry that checks
    clean and has a kernel of its own (the vocabulary's tests say why the others have none)."""
    for text in TYPES:
        source = _document(text)
        analysis = DocumentAnalysis("file:///atom.mlir", source, settings=Settings(target_from=FROM_DEFAULT))
        if any(d.severity is Severity.ERROR for d in analysis.diagnostics()):
            continue
        emitted = atom_lines(preview_module(analysis).ptx_text.split("\n"))
        if emitted:
            yield text, emitted, _card(analysis, source)


def test_every_simt_copy_card_shows_the_previews_instruction_and_its_direction():
    checked = 0
    for text, emitted, card in _cards_with_kernels():
        # The same instructions; the preview's kernel, written from the lowering, names its own
        # registers (features/atom_kernel.py), the card the ones it shows throughout.
        assert [_REGISTER.sub("%r", line) for line in _card_ptx(card)] == \
            [_REGISTER.sub("%r", line) for line in emitted], text
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


# ------------------------------------------------------------------ what one thread moves
# One thread copies the whole width: the registers the preview's instruction names, of its type
# (`ld.shared.b64` fills one b64 register), and the elements of the value type they hold.
_VARIANT_HEADER = "| Variant | Source → destination | Registers / thread | Elements / thread |"
_WIDTH = re.compile(r"\.(?:v(\d+)\.)?b(\d+) ")


def _per_thread(card: str) -> tuple[str, str]:
    lines = card.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(_VARIANT_HEADER))
    cells = [c.strip() for c in lines[at + 2].strip("|").split("|")]
    return cells[2], cells[3]


def _expected(text: str, instruction: str) -> tuple[str, str]:
    """The registers and elements one thread moves, read off the preview's instruction."""
    vector, bits = _WIDTH.search(instruction).groups()
    count, width = int(vector or 1), int(bits)
    registers = f"{count} × b{width}" if width >= 16 else f"1 × b16 (its low {width} bits)"
    element = re.match(r"!cute_nvgpu\.atom\.\w+<(\w+)", text).group(1)
    element_width = {"bf16": 16, "f16": 16, "f32": 32, "f64": 64, "tf32": 32}.get(element) or \
        int(re.search(r"(\d+)", element).group(1))
    return registers, f"{count * width // element_width} × {element}"


def test_every_simt_copy_card_says_what_one_thread_moves():
    checked = 0
    for text, emitted, card in _cards_with_kernels():
        assert _per_thread(card) == _expected(text, emitted[0]), text
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("text,registers,elements", [
    ("!cute_nvgpu.atom.universal_copy<f32, 128 b>", "4 × b32", "4 × f32"),
    ("!cute_nvgpu.atom.s2r<f16 copy_bits = 64>", "1 × b64", "4 × f16"),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 256>", "8 × b32", "16 × f16"),
    ("!cute_nvgpu.atom.universal_copy<f4E2M1FN, 8 b>", "1 × b16 (its low 8 bits)", "2 × f4E2M1FN"),
    ("!cute_nvgpu.atom.universal_copy<f32>", "1 × b32", "1 × f32"),
])
def test_a_copy_card_counts_registers_and_elements(text, registers, elements):
    source = _document(text)
    analysis = DocumentAnalysis("file:///atom.mlir", source, settings=Settings(target_arch="sm_100a"))
    card = _card(analysis, source)
    assert _per_thread(card) == (registers, elements)
    assert "| — |" not in card


def test_columns_no_row_has_a_value_in_are_left_out():
    """A copy no width picks (one sub-byte element: no instruction) and a TMA transfer (one
    thread issues it; no register holds its tile) show no per-thread columns of dashes."""
    for text in ("!cute_nvgpu.atom.universal_copy<i4>", "!cute_nvgpu.atom.tma_load<f16, 2, tile>"):
        source = _document(text)
        analysis = DocumentAnalysis("file:///atom.mlir", source, settings=Settings(target_arch="sm_100a"))
        card = _card(analysis, source)
        assert "| Variant | Source → destination | On sm_100a |" in card and "| — |" not in card, text
