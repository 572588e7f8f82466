"""Completion of cute_nvgpu type mnemonics, enum spellings, make-op attribute keys and legal
MMA shapes, in the dialect's exact case.

* After `!cute_nvgpu.`: the atoms the target can run (dispatch order), every descriptor type
  (flagged when the target lacks it) and `i<N>`.
* `mem_order=` / `mem_scope=` values, and the parameters of `atom.universal_copy<...>`.
* After `#cute_nvgpu.<enum><` (the TMA modes, reduce kinds, cache modes, data formats) or
  `#nv_tileas.<enum><` (memory semantics and scopes, rmw modes, paddings): the enum's cases.
* Inside the attribute dictionary of an op that builds an atom: the keys not written yet
  (only those the result atom takes, when its type is already written).
* After `shape_MNK = [`: the lattice shapes of the atom for the element types written so far.

Completion runs on text being typed, so it reads the raw bytes around the cursor, not the CST.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..analysis import DocumentAnalysis
from ..diagnostics import Span
from ..dialects.cute_nvgpu.atoms import ATOM_ATTRIBUTES, PTX_TYPE, SCALE_TYPE, attributes_for
from ..dialects.cute_nvgpu.enums import (ALLOW_DSMEM, BUILDER_MODES, MEMORY_ORDERS, TMA_REDUCE_KIND,
                                        MEMORY_SCOPES, TMA_ENUMS, TMA_LOAD_MODE, TMA_MULTICAST_LOAD_MODES)
from ..dialects.cute_nvgpu.ops import lookup_op
from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from ..dialects.nv_tileas.async_tma import ATOM_ALLOW_LISTS
from ..dialects.nv_tileas.memops import COPY_ATOM, ENUMS as TILEAS_ENUMS
from ..dialects.registry import OPS as OP_RECORDS
from ..tables.atoms import (ATOMS, ATOMS_BY_MNEMONIC, DEFAULT_TMA_CACHE_POLICY, TMA_CACHE_MODE_POLICY, TMA_CTA_PAIR, Interface,
                           MmaShapeRow, multicast_only_warns, tma_reductions)
from ..tables.legality import mma_lattice
from ..tables.tiers import describe_requirements, satisfies_any
from .cards import COPY_ATTRIBUTE_KEYS, atom_card, op_card, tier_text


@dataclass(frozen=True)
class Completion:
    label: str
    kind: str            # "type", "enum", "keyword", "op"
    detail: str
    documentation: str
    replace: Span        # the partial word the completion replaces
    sort_key: str


_MNEMONIC_PREFIX = re.compile(rb"!cute_nvgpu\.([A-Za-z0-9_$.]*)$")
# Where an op's name is written: first on its line, after the results it defines if any
# (`%a, %b:2 = `), in the custom form or quoted in the generic form. At least a dialect's first
# letter is typed, so that an empty line offers nothing.
_OP_NAME_PREFIX = re.compile(
    rb"^\s*(?:%[\w$.-]+(?::\d+)?(?:\s*,\s*%[\w$.-]+(?::\d+)?)*\s*=\s*)?\"?([A-Za-z_][\w.$]*)$")
_ENUM_PREFIX = re.compile(rb"(mem_order|mem_scope)\s*=\s*([A-Za-z_]*)$")
_PARAM_START = re.compile(rb"!cute_nvgpu\.atom\.universal_copy<[^<>\n]*,\s*([A-Za-z_]*)$")
_SHAPE_LIST = re.compile(rb"shape_MNK\s*=\s*\[([0-9,\s]*)$")
_ENUM_ATTRIBUTE_CASE = re.compile(rb"#(cute_nvgpu|nv_tileas)\.([A-Za-z0-9_]+)<\s*([A-Za-z0-9_]*)$")
# The enum attributes whose cases completion offers: (dialect, mnemonic) -> cases.
DIALECT_ENUMS: dict[tuple[str, str], tuple[str, ...]] = {
    **{("cute_nvgpu", m): cases for m, cases in TMA_ENUMS.items()},
    **{("nv_tileas", m): cases for m, cases in TILEAS_ENUMS.items()},
}
_KEY_PREFIX = re.compile(rb"(?:^|[{,])\s*([A-Za-z_][A-Za-z0-9_]*)?$")
_MAKE_OP = re.compile(rb"(cute_nvgpu\.make_[A-Za-z0-9_]+|cute\.make_atom)\s*$")
_RESULT_ATOM = re.compile(rb"\s*:\s*!cute_nvgpu\.([A-Za-z0-9_.]+)")
_ENTRY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*=\s*([^,}]*)")

# How far around the cursor an op's attribute dictionary is looked for.
_WINDOW = 4096

_KEY_DOCS = {a.name: (a.summary, a.description) for a in ATOM_ATTRIBUTES}


# What a TMA cache mode does, for completion (tables/atoms.py maps each to its L2 policy).
_POLICY_WORDS = {"evict_normal": "L2 evict-normal policy", "evict_first": "L2 evict-first policy",
                 None: "no L2 cache hint"}
TWO_CTA_LOAD_MODE = "two_cta"          # the load mode whose tile a CTA pair shares
_OP_ON_LINE = re.compile(rb"((?:nv_tileas|cute_nvgpu)\.[\w.]+)")


def _enum_cases(dialect: str, mnemonic: str, cases: tuple[str, ...], before: bytes, target: str,
                word: Span, element_bits: int | None = None) -> list[Completion]:
    """An enum's cases, each saying what it means where it is written: the L2 policy a TMA cache
    mode passes, a multicast load mode's arch caveat, for a copy atom the kinds the op on the
    line takes, first, and for a TMA reduce kind those its elements (`element_bits`) have."""
    op = _OP_ON_LINE.search(before)
    allowed = ATOM_ALLOW_LISTS.get(op.group(1).decode(), ((), ""))[0] if op is not None else ()
    out = []
    for index, case in enumerate(cases):
        detail, rank = f"#{dialect}.{mnemonic}", index
        if mnemonic == "load_cache_mode":
            detail += " · " + _POLICY_WORDS[TMA_CACHE_MODE_POLICY.get(case, DEFAULT_TMA_CACHE_POLICY)]
        elif mnemonic == TMA_LOAD_MODE and case in TMA_MULTICAST_LOAD_MODES and multicast_only_warns(target):
            detail += f" · multicast only draws a ptxas warning on {target}"
        elif mnemonic == TMA_LOAD_MODE and case == TWO_CTA_LOAD_MODE and not satisfies_any(target, TMA_CTA_PAIR):
            detail += f" · a CTA pair needs {describe_requirements(TMA_CTA_PAIR)}"
            rank += len(cases)
        elif mnemonic == COPY_ATOM and allowed:
            if case not in allowed:
                detail += f" · not taken by `{op.group(1).decode()}`"
                rank += len(cases)      # after the kinds the op takes
        elif mnemonic == TMA_REDUCE_KIND and element_bits is not None \
                and case not in tma_reductions(bits=element_bits):
            detail += f" · {element_bits}-bit elements do not reduce with it"
            rank += len(cases)
        out.append(Completion(case, "enum", detail, f"`#{dialect}.{mnemonic}<{case}>`", word, f"{rank:02d}"))
    return out


def enum_cases_at(dialect: str, mnemonic: str, line_before: bytes) -> tuple[str, ...]:
    """The cases an enum attribute takes where it is written (`line_before`: its line up to
    there): on the descriptor builder its `mode` takes the modes a descriptor is built in, not
    all of the DSL enum's; elsewhere the enum's cases."""
    if dialect == "cute_nvgpu" and mnemonic in BUILDER_MODES and DESCRIPTOR_BUILDER.encode() in line_before:
        return BUILDER_MODES[mnemonic]
    return DIALECT_ENUMS.get((dialect, mnemonic), ())


_REDUCED_DESCRIPTOR = re.compile(rb"non_exec_tiled_tma_reduce\s+(%[\w$.-]+)")


def _reduced_element_bits(analysis: DocumentAnalysis, offset: int, before: bytes) -> int | None:
    """The element width of the descriptor a reduce atom on this line is built from, when its
    builder is written above (within the window)."""
    m = _REDUCED_DESCRIPTOR.search(before)
    if m is None:
        return None
    data = bytes(analysis.document.data[max(0, offset - _WINDOW):offset])
    builder = re.search(re.escape(m.group(1)) + rb"\s*=\s*" + re.escape(DESCRIPTOR_BUILDER.encode())
                        + rb"[^\n]*?elementBitWidth\s*=\s*(\d+)", data)
    return int(builder.group(1)) if builder is not None else None


def complete(analysis: DocumentAnalysis, offset: int, legal_only: bool = True) -> list[Completion]:
    """Completions at `offset`; `legal_only` leaves out atoms the target cannot run."""
    data = analysis.document.data
    line_start = data.rfind(b"\n", 0, offset) + 1
    before = bytes(data[line_start:offset])
    m = _ENUM_PREFIX.search(before)
    if m:
        values = MEMORY_ORDERS if m.group(1) == b"mem_order" else MEMORY_SCOPES
        word = Span(offset - len(m.group(2)), offset)
        what = "memory order" if m.group(1) == b"mem_order" else "memory scope"
        return [Completion(v, "enum", what, f"PTX-like {what} `{v}`", word, f"{i:02d}")
                for i, v in enumerate(values)]
    m = _ENUM_ATTRIBUTE_CASE.search(before)
    if m:
        dialect, mnemonic = m.group(1).decode(), m.group(2).decode()
        cases = enum_cases_at(dialect, mnemonic, before)
        word = Span(offset - len(m.group(3)), offset)
        bits = _reduced_element_bits(analysis, offset, before) if mnemonic == TMA_REDUCE_KIND else None
        return _enum_cases(dialect, mnemonic, cases, before, analysis.target_arch, word, bits)
    m = _MNEMONIC_PREFIX.search(before)
    if m:
        return _mnemonics(analysis, Span(offset - len(m.group(1)), offset), legal_only)
    m = _PARAM_START.search(before)
    if m:
        word = Span(offset - len(m.group(1)), offset)
        return [
            Completion("mem_order=", "keyword", "memory order", "e.g. `mem_order=acquire`", word, "0"),
            Completion("mem_scope=", "keyword", "memory scope", "e.g. `mem_scope=cluster`", word, "1"),
            Completion(ALLOW_DSMEM, "keyword", "allow distributed shared memory", "", word, "2"),
            Completion("128 b", "keyword", "bit width (bits)", "copy width in bits, a power of two", word, "3"),
        ]
    in_make_op = _in_make_op(analysis, offset)
    if in_make_op is not None:
        return in_make_op
    m = _OP_NAME_PREFIX.search(before)
    if m:
        return _op_names(m.group(1).decode(), Span(offset - len(m.group(1)), offset))
    return []


def _mnemonics(analysis: DocumentAnalysis, word: Span, legal_only: bool) -> list[Completion]:
    target = analysis.target_arch
    out = []
    for index, row in enumerate(ATOMS):
        legal = satisfies_any(target, row.requires)
        descriptor = row.implements(Interface.DESCRIPTOR_TYPE)
        if legal_only and not legal and not descriptor:
            continue
        detail = f"{row.family.value} · {tier_text(row)}"
        if not legal:
            detail += f" · not available on {target}"
        # What the target can run first, in the dialect's dispatch order.
        out.append(Completion(row.mnemonic, "type", detail, atom_card(row, target), word,
                              f"{0 if legal else 1}{index:02d}"))
    for width in (2, 4, 6, 8):
        out.append(Completion(f"i{width}", "type", "atom integer type",
                              f"{width}-bit packed fragment element; add `<divby M>` for microscaling lanes",
                              word, f"2{width:02d}"))
    return out


def _op_names(typed: str, word: Span) -> list[Completion]:
    """The ops of every dialect the project declares (dialects/registry.py) whose name starts
    with what is typed, each with its summary and form, as its hover shows them."""
    return [Completion(op.name, "op", op.summary, op_card(op.name), word, op.name)
            for op in OP_RECORDS if op.name.startswith(typed)]


# ------------------------------------------------------------------ inside a make op's `{...}`
@dataclass(frozen=True)
class _Dict:
    op: bytes                    # the op name before `{`
    open: int                    # offset of `{`
    close: int | None            # offset of the matching `}`, if written
    entries: dict[str, str]      # key = value written (before and after the cursor)
    atom: str | None             # the result atom's mnemonic, if known


def _enclosing_dict(data: bytes, offset: int) -> int | None:
    """Offset of the unmatched `{` before `offset` (other brackets may be open in between)."""
    depth = 0
    lo = max(0, offset - _WINDOW)
    for i in range(offset - 1, lo - 1, -1):
        ch = data[i:i + 1]
        if ch in b")]}>":
            depth += 1
        elif ch in b"([<":
            depth = max(0, depth - 1)      # at depth 0: the cursor is inside this bracket
        elif ch == b"{":
            if depth == 0:
                return i
            depth -= 1
    return None


def _matching_close(data: bytes, open_at: int) -> int | None:
    depth = 0
    for i in range(open_at, min(len(data), open_at + _WINDOW)):
        ch = data[i:i + 1]
        if ch == b"{":
            depth += 1
        elif ch == b"}":
            depth -= 1
            if depth == 0:
                return i
    return None


def _make_dict(data: bytes, offset: int) -> _Dict | None:
    open_at = _enclosing_dict(data, offset)
    if open_at is None:
        return None
    m = _MAKE_OP.search(data[max(0, open_at - 200):open_at])
    if m is None:
        return None
    close = _matching_close(data, open_at)
    body = data[open_at + 1:close if close is not None else offset].decode("utf-8", "replace")
    entries = {k: v.strip() for k, v in _ENTRY.findall(body)}
    # An op that builds one particular atom whatever its result type says (its record's `builds`).
    record = lookup_op(m.group(1).decode("utf-8", "replace"))
    atom = record.builds if record is not None else None
    if atom is None and close is not None:
        r = _RESULT_ATOM.match(data, close + 1)
        if r is not None:
            atom = r.group(1).decode("utf-8", "replace")
    return _Dict(m.group(1), open_at, close, entries, atom)


def _open_brackets(text: bytes) -> bool:
    depth = 0
    for ch in text:
        if ch in b"([{<":
            depth += 1
        elif ch in b")]}>":
            depth -= 1
    return depth > 0


def _keys_for(d: _Dict) -> tuple[str, ...]:
    if d.op == b"cute_nvgpu.make_copy_atom":
        return COPY_ATTRIBUTE_KEYS
    return tuple(a.name for a in attributes_for(ATOMS_BY_MNEMONIC.get(d.atom or "")))


def _in_make_op(analysis: DocumentAnalysis, offset: int) -> list[Completion] | None:
    """Completions inside the attribute dictionary of an op that builds an atom; None when
    `offset` is not in one."""
    data = bytes(analysis.document.data)
    d = _make_dict(data, offset)
    if d is None:
        return None
    inside = data[d.open:offset]
    m = _SHAPE_LIST.search(inside)
    if m:
        return _shapes(analysis, d, Span(offset - len(m.group(1)), offset))
    m = _KEY_PREFIX.search(inside)
    if m is None or _open_brackets(inside[1:]):
        return []
    partial = m.group(1) or b""
    word = Span(offset - len(partial), offset)
    out = []
    for index, key in enumerate(_keys_for(d)):
        if key in d.entries and key != partial.decode():
            continue
        detail, doc = _KEY_DOCS[key]
        out.append(Completion(key, "keyword", detail, doc, word, f"{index:02d}"))
    return out


def _shapes(analysis: DocumentAnalysis, d: _Dict, word: Span) -> list[Completion]:
    if d.atom is None or d.atom not in ATOMS_BY_MNEMONIC:
        return []
    target = analysis.target_arch

    def ptx(key: str, table: dict[str, str]) -> str | None:
        value = d.entries.get(key)
        return table.get(value, value) if value else None

    vec = d.entries.get("vec_size", "")
    cta = d.entries.get("cta_group", "")
    sf = ptx("sf_type", SCALE_TYPE)
    rows = mma_lattice(d.atom, None, ptx("a_type", PTX_TYPE), ptx("b_type", PTX_TYPE), ptx("c_type", PTX_TYPE),
                       vec_size=int(vec) if vec.isdigit() else None, cta_group=int(cta) if cta.isdigit() else None,
                       scale_type=sf).candidates
    seen: dict[tuple[int, int, int], MmaShapeRow] = {}
    for r in rows:
        for shape in r.shapes():
            seen.setdefault(shape, r)
    out = []
    for index, (shape, r) in enumerate(seen.items()):
        legal = satisfies_any(target, r.requires)
        detail = f"`{r.key}` · {'/'.join(r.a_types)} × {'/'.join(r.b_types)} → {'/'.join(r.c_types)}"
        if not legal:
            detail += f" · not available on {target} (needs {describe_requirements(r.requires)})"
        label = ", ".join(map(str, shape))
        out.append(Completion(label, "enum", detail, f"lattice row `{r.key}`", word,
                              f"{0 if legal else 1}{index:04d}"))
    return out
