"""Quick fixes for diagnostics, as pure functions: (analysis, range, diagnostics) -> fixes.

* ``types.unknown-type`` whose mnemonic matches a real one but for case
  (`sm120.mma_bs`, `Sm90.mma`): respell it in the dialect's exact case (`SM120.mma_bs`).
* ``verify.mma.lattice-shape``: replace the written shape (the `shape_MNK` attribute value or
  the CuTe DSL `MxNxK` type parameter) with the nearest legal shape, recomputed from the
  atom with `verify.mma.lattice` (the diagnostic's text is never parsed).

Each fix is a title, byte-span edits and the diagnostic it resolves; the LSP layer
(`lsp/actions.py`) turns them into `CodeAction`s.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..analysis import DocumentAnalysis
from ..diagnostics import Diagnostic, Span
from ..tables.atoms import MNEMONICS
from ..verify.mma import lattice
from .cards import atom_at_type, atom_of_op, op_at

UNKNOWN_TYPE = "types.unknown-type"
LATTICE_SHAPE = "verify.mma.lattice-shape"

_BY_LOWER: dict[str, str] = {m.lower(): m for m in MNEMONICS}
_INTEGER = re.compile(r"\d+")


@dataclass(frozen=True)
class Fix:
    title: str
    edits: tuple[tuple[Span, str], ...]
    code: str                       # the diagnostic code it resolves
    diagnostic: Diagnostic


def quick_fixes(analysis: DocumentAnalysis, span: Span, diagnostics: list[Diagnostic]) -> list[Fix]:
    """Fixes for the diagnostics that touch `span` (an empty span is a cursor position)."""
    out: list[Fix] = []
    for d in diagnostics:
        if not _touches(d.span, span):
            continue
        fix = None
        if d.code == UNKNOWN_TYPE:
            fix = _case_fix(analysis, d)
        elif d.code == LATTICE_SHAPE:
            fix = _shape_fix(analysis, d)
        if fix is not None:
            out.append(fix)
    return out


def _touches(a: Span, b: Span) -> bool:
    return a.start <= b.end and b.start <= a.end


def _text(analysis: DocumentAnalysis, span: Span) -> str:
    return bytes(analysis.document.data[span.start:span.end]).decode("utf-8", errors="replace")


def respelled_mnemonic(written: str) -> str | None:
    """The registered mnemonic `written` matches but for case; None when there is none."""
    real = _BY_LOWER.get(written.lower())
    return real if real is not None and real != written else None


def _case_fix(analysis: DocumentAnalysis, d: Diagnostic) -> Fix | None:
    written = _text(analysis, d.span)
    real = respelled_mnemonic(written)
    if real is None:
        return None
    return Fix(f"Change `{written}` to `{real}` (the dialect's exact spelling)",
               ((d.span, real),), d.code, d)


def _atom_with_shape_at(analysis: DocumentAnalysis, span: Span):
    """The atom whose written shape is at `span`: a DSL type parameter or a make op attribute."""
    node = analysis.node_at(span.start)
    while node is not None and node.type != "cute_nvgpu_type":
        node = node.parent
    if node is not None:
        located = atom_at_type(analysis, node)
        if located is not None and located.atom.shape_field is not None \
                and located.atom.shape_field.span == span:
            return located.atom
    op = op_at(analysis, span.start, span.end)
    located = atom_of_op(analysis, op) if op is not None else None
    if located is not None and located.atom.shape_field is not None \
            and located.atom.shape_field.span == span:
        return located.atom
    return None


def replace_shape(written: str, shape: tuple[int, int, int]) -> str | None:
    """`written` with its three integers replaced by `shape`, keeping its spelling."""
    if len(_INTEGER.findall(written)) != 3:
        return None
    values = iter(shape)
    return _INTEGER.sub(lambda _: str(next(values)), written)


def _shape_fix(analysis: DocumentAnalysis, d: Diagnostic) -> Fix | None:
    atom = _atom_with_shape_at(analysis, d.span)
    if atom is None:
        return None
    result = lattice(atom)
    if result is None or result.rows or result.nearest is None:
        return None
    written = _text(analysis, d.span)
    new_text = replace_shape(written, result.nearest)
    if new_text is None or new_text == written:
        return None
    shape = "x".join(map(str, result.nearest))
    return Fix(f"Use the nearest legal `{atom.mnemonic}` shape {shape}", ((d.span, new_text),), d.code, d)
