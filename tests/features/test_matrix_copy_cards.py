"""The PTX an ldmatrix / stmatrix atom's hover card shows is the instruction the preview emits
for it: its fragment's registers and shared-memory address, not placeholders."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.preview import preview_module
from cute_ir.emit.ptx import ATOM_LINE_MARK
from cute_ir.features.hover import hover

CORPUS = Path(__file__).parents[1] / "corpus" / "cutedsl"
_MATRIX_ATOM = re.compile(r'!cute_nvgpu\.atom\.(?:ldsm|stsm)<[^<>]*(?:<"[^"]*">[^<>]*)*>')


def _corpus_matrix_atoms() -> list[str]:
    found: dict[str, None] = {}
    for path in sorted(CORPUS.glob("*/raw.mlir")):
        for match in _MATRIX_ATOM.finditer(path.read_text()):
            found.setdefault(match.group(0))
    return sorted(found)


ATOMS = _corpus_matrix_atoms()


def _document(text: str) -> str:
    return f"func.func @atom() {{\n  %a = cute.make_atom() : () -> {text}\n  return\n}}\n"


def _card_ptx(analysis: DocumentAnalysis, source: str) -> list[str]:
    card = hover(analysis, source.index("!cute_nvgpu") + len("!cute_nvgpu.")).markdown
    return card.split("```ptx\n", 1)[1].split("\n```", 1)[0].split("\n")


def test_the_corpus_has_both_matrix_copies():
    assert any(".ldsm<" in a for a in ATOMS) and any(".stsm<" in a for a in ATOMS) and len(ATOMS) >= 8


@pytest.mark.parametrize("text", ATOMS)
def test_a_matrix_copys_card_shows_the_previews_instruction(text):
    source = _document(text)
    analysis = DocumentAnalysis("file:///atom.mlir", source, settings=Settings(target_arch="sm_100a"))
    emitted = [line.split(ATOM_LINE_MARK, 1)[0].strip() for line in preview_module(analysis).ptx_text.split("\n")
               if ATOM_LINE_MARK in line]
    assert len(emitted) == 1, emitted
    # The same instruction; the preview's kernel, written from the lowering, names its own
    # registers (features/atom_kernel.py), the card the ones it shows throughout.
    assert [_REGISTER.sub("%r", line) for line in _card_ptx(analysis, source)] == \
        [_REGISTER.sub("%r", line) for line in emitted]


_REGISTER = re.compile(r"%\w+")


def test_a_card_that_cannot_pick_one_instruction_names_each_ones_registers():
    """Without `num_matrices` the card lists each count, each with its own registers."""
    source = _document('!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">>')
    analysis = DocumentAnalysis("file:///atom.mlir", source, settings=Settings(target_arch="sm_90a"))
    assert _card_ptx(analysis, source) == [
        "ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r0}, [%smem];",
        "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%r0}, [%smem];",
        "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r0, %r1}, [%smem];",
        "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%r0, %r1}, [%smem];",
        "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0, %r1, %r2, %r3}, [%smem];",
        "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r0, %r1, %r2, %r3}, [%smem];",
    ]
