"""Quick fixes for diagnostics, as pure functions: (analysis, range, diagnostics) -> fixes.

* ``types.unknown-type`` whose mnemonic matches a real one but for case
  (`sm120.mma_bs`, `Sm90.mma`): respell it in the dialect's exact case (`SM120.mma_bs`).
* ``verify.mma.lattice-shape``: replace the written shape (the `shape_MNK` attribute value or
  the CuTe DSL `MxNxK` type parameter) with the nearest legal shape, recomputed from the
  atom with `verify.mma.lattice` (the diagnostic's text is never parsed).
* ``tma.partition.num-multicast-value``: `num_multicast = 1` for a load mode that does not
  multicast.
* ``tileas.atomic-rmw.no-fadd``: `rmw_mode<add>`, as the message itself advises.
* ``verify.tma.reduce-kind``: the one kind a TMA reduction's elements allow, when only one is
  left (f32 and f64 elements only add).
* ``verify.tma.descriptor-rank``: an im2col descriptor of a rank-1 or rank-2 tensor becomes a
  tiled one, the one kind that takes that rank (its result type, the types its TMA users
  write, and an im2col `mode`). A rank no descriptor takes has no fix: which modes to merge or
  drop is the author's choice.
* ``verify.tma.enum`` / ``verify.tileas.enum``: an enum case written in another letter case
  than its one legal spelling; ``tileas.tma-desc.unsupported-load-mode`` likewise, against the
  load modes a descriptor is built in.

Each fix is a title, byte-span edits and the diagnostic it resolves; the LSP layer
(`lsp/actions.py`) turns them into `CodeAction`s.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..analysis import DocumentAnalysis
from ..diagnostics import Diagnostic, Span
from ..ir.attributes import parse_enum
from ..tables import tensormap
from ..tables.atoms import MNEMONICS
from ..verify.mma import lattice
from ..verify.tma import (IM2COL_DESCRIPTOR, TILED_DESCRIPTOR, TILED_MODE_OF_IM2COL, reduction,
                          tiled_only_rank)
from .cards import atom_at_type, atom_of_op_at
from .completion import enum_cases_at
from .lifted import lifted_unit_at

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
        maker = _FIXES.get(d.code)
        fix = maker(analysis, d) if maker is not None else None
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
    located = atom_of_op_at(analysis, span.start, span.end)
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


_WRITTEN_COUNT = re.compile(r"^(num_multicast\s*=\s*)(\d+)")


def _multicast_count_fix(analysis: DocumentAnalysis, d: Diagnostic) -> Fix | None:
    """A load mode that does not multicast takes num_multicast = 1 (tma-atoms, step 11)."""
    written = _text(analysis, d.span)
    m = _WRITTEN_COUNT.match(written)
    if m is None:
        return None
    return Fix("Set num_multicast to 1 (the load mode does not multicast)",
               ((d.span, m.group(1) + "1" + written[m.end():]),), d.code, d)


def _fadd_fix(analysis: DocumentAnalysis, d: Diagnostic) -> Fix | None:
    """The page's own advice: `add` serves integer and float atomics alike."""
    written = _text(analysis, d.span)
    if not re.fullmatch(r"#nv_tileas\.rmw_mode<\s*fadd\s*>", written):
        return None
    return Fix("Use `add` (it covers float adds too)", ((d.span, "#nv_tileas.rmw_mode<add>"),), d.code, d)


_ENUM_ATTRIBUTE = re.compile(r"^#(cute_nvgpu|nv_tileas)\.(\w+)<\s*(\w+)\s*>$")


def _reduce_kind_fix(analysis: DocumentAnalysis, d: Diagnostic) -> Fix | None:
    """A TMA reduction whose elements allow one kind only (f32, f64: add) takes that one."""
    lifted = lifted_unit_at(analysis, d.span.start)
    if lifted is None:
        return None
    for top in lifted.operations:
        for op in top.walk():
            found = reduction(op)
            if found is None or found.allowed or len(found.legal) != 1 \
                    or lifted.index.attribute_span(op, found.attribute) != d.span:
                continue
            [legal] = found.spelled_legal
            edits = [e for e in (_kind_edit(analysis, d.span, found.kind, legal),
                                 _atom_type_kind_edit(analysis, lifted.index.op_spans.get(op), found.kind, legal)) if e]
            if not edits:
                return None
            return Fix(f"Use `{legal}` (the one kind {found.elements} elements reduce with)", tuple(edits), d.code, d)
    return None


def _kind_edit(analysis: DocumentAnalysis, span: Span, kind: str, new: str) -> tuple[Span, str] | None:
    """The edit that makes the kind written at `span` `new`."""
    written = _text(analysis, span)
    new_text, replaced = re.subn(rf"\b{re.escape(kind)}\b", new, written, count=1)
    return (span, new_text) if replaced else None


def _atom_type_kind_edit(analysis: DocumentAnalysis, op_span: Span | None, kind: str, new: str) -> tuple[Span, str] | None:
    """The edit that makes the DSL reduce atom type's kind (its first parameter) `new` too."""
    if op_span is None:
        return None
    text = bytes(analysis.document.data[op_span.start:op_span.end])
    m = re.search(rb"non_exec_tiled_tma_reduce<\s*(" + re.escape(kind.encode()) + rb")\b", text)
    if m is None:
        return None
    return Span(op_span.start + m.start(1), op_span.start + m.end(1)), new


def _descriptor_rank_fix(analysis: DocumentAnalysis, d: Diagnostic) -> Fix | None:
    """An im2col descriptor whose tensor only a tiled descriptor takes (`tiled_only_rank`).

    The edit is offered only when it is whole: the descriptor reaches TMA ops alone (no call,
    return or branch carries its type elsewhere), and they say nothing else of im2col."""
    lifted = lifted_unit_at(analysis, d.span.start)
    if lifted is None:
        return None
    index = lifted.index
    builder = next((op for top in lifted.operations for op in top.walk()
                    if index.operand_spans.get(op, [None])[0] == d.span), None)
    tensor_rank = tiled_only_rank(builder) if builder is not None else None
    if tensor_rank is None:
        return None
    edits: list[tuple[Span, str]] = []
    if "mode" in builder.attributes:
        span = index.attribute_span(builder, "mode")
        found = parse_enum(_text(analysis, span))
        if found is not None and found.case.startswith("im2col"):
            tiled = TILED_MODE_OF_IM2COL.get(found.case)
            edit = _kind_edit(analysis, span, found.case, tiled) if tiled is not None else None
            if edit is None:
                return None
            edits.append(edit)
    for op in [builder, *builder.results[0].users]:
        if op.dialect not in ("cute_nvgpu", "nv_tileas") or op.regions or op not in index.op_spans:
            return None
        written = index.op_spans[op]
        text = bytes(analysis.document.data[written.start:written.end]).decode("utf-8", errors="replace")
        for m in re.finditer(re.escape(IM2COL_DESCRIPTOR), text):
            edits.append((Span(written.start + m.start(), written.start + m.end()), TILED_DESCRIPTOR))
        if op is not builder and "im2col" in text.replace(IM2COL_DESCRIPTOR, ""):
            return None
    lo, hi = tensormap.IM2COL_RANK_RANGE
    return Fix(f"Build a tiled descriptor (im2col takes rank {lo}..{hi}; the tensor has rank {tensor_rank})",
               tuple(edits), d.code, d)


def _enum_case_fix(analysis: DocumentAnalysis, d: Diagnostic) -> Fix | None:
    """An enum case written in another letter case than a case the attribute takes where it is
    written (`Relaxed`; on the descriptor builder, `Tiled_At` against the modes it is built in)."""
    data = analysis.document.data
    line = bytes(data[data.rfind(b"\n", 0, d.span.start) + 1:d.span.start])
    return _respelled_case(analysis, d, lambda dialect, mnemonic: enum_cases_at(dialect, mnemonic, line))


def _respelled_case(analysis: DocumentAnalysis, d: Diagnostic, cases_of) -> Fix | None:
    m = _ENUM_ATTRIBUTE.match(_text(analysis, d.span))
    if m is None:
        return None
    dialect, mnemonic, case = m.groups()
    matches = [c for c in cases_of(dialect, mnemonic) if c.lower() == case.lower()]
    if len(matches) != 1 or matches[0] == case:
        return None
    return Fix(f"Change `{case}` to `{matches[0]}`", ((d.span, f"#{dialect}.{mnemonic}<{matches[0]}>"),), d.code, d)


# Diagnostic code -> the fix for it, where the fix is certain.
_FIXES = {
    UNKNOWN_TYPE: _case_fix,
    LATTICE_SHAPE: _shape_fix,
    "tma.partition.num-multicast-value": _multicast_count_fix,
    "tileas.atomic-rmw.no-fadd": _fadd_fix,
    "verify.tma.enum": _enum_case_fix,
    "verify.tileas.enum": _enum_case_fix,
    "tileas.tma-desc.unsupported-load-mode": _enum_case_fix,
    "verify.tma.reduce-kind": _reduce_kind_fix,
    "verify.tma.descriptor-rank": _descriptor_rank_fix,
}
