"""Markdown cards that explain a cute_nvgpu type or op: shared by hover and completion.

An atom's *contract card* reads it the way a kernel engineer does: which tier registers it and
whether the selected target can run it, the lattice row(s) that match what is written (shape,
element types, block-scale and CTA-group settings, from op attributes or from CuTe DSL type
parameters), where every operand lives, how many elements and b32 registers each thread holds,
the PTX instruction it lowers to, and the hardware facts where the spec is wrong.

Everything comes from the tables (`tables/atoms.py`, `tables/tiers.py`); locating the atom a
type, op or SSA value denotes reuses the verifiers' own `VerifyContext`, so hover and the
verifier always agree on what an atom is.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from tree_sitter import Node

from ..analysis import DocumentAnalysis
from ..emit.ptx import atom_instructions
from ..emit.atom_instruction import tma_qualifiers, universal_registers
from ..dialects.cute_nvgpu.atoms import ATOM_ATTRIBUTES, PTX_TYPE, SCALE_TYPE, AtomInstance, atom_instance
from ..dialects.cute_nvgpu.enums import BIT_UNIT, MEMORY_ORDERS, MEMORY_SCOPES
from ..dialects.cute_nvgpu.ops import COPY, MAKE_ATOM, MMA, lookup_op, op_verifier
from ..dialects.cute_nvgpu.written import WrittenType
from ..dialects.registry import applies_atom, record as op_record
from ..dialects.cute_nvgpu.types import (
    CuteNvgpuType, MnemonicArm, alias_for_type, parameter_pairs, parse_type_node, print_type, walk_index,
)
from ..diagnostics import Span
from ..ir.attributes import all_attributes
from ..ir.core import Operation, Value
from ..ir.shaped import element_bits
from ..tables.atoms import (
    MATRIX_UNIT_BITS, AtomRow, CopyShapeRow, MmaShapeRow, Residency,
    DEFAULT_MEMORY_SCOPE, ORDER_KEYS, SCOPE_KEYS, SCOPED_ORDERS, find_copy_rows, order_qualifiers, simt_copy_side, matrix_mode, matrix_variant, mma_qualifiers, register_counts,
    shapes_text, writes_scope, written_tier,
)
from ..tables.legality import AtomConfig, mma_lattice
from ..tables.tiers import describe_requirements, satisfies_any
from ..tables.type_parameters import TYPE_PARAMETER_KINDS, explain
from ..verify.atom_config import atom_config, value_type
from ..verify.context import LocatedAtom, VerifyContext
from ..verify.lowering import verdict as lowering_verdict
from ..verify.target import raised_gates, unmet_gate
from .lifted import lifted_unit_at
from ..syntax.literals import integer_literal

R = Residency

# Attribute keys of the ops that build atoms (spec spelling), in the order people write them.
ATOM_ATTRIBUTE_KEYS: tuple[str, ...] = tuple(a.name for a in ATOM_ATTRIBUTES if a.applies_to != "copy")
COPY_ATTRIBUTE_KEYS: tuple[str, ...] = tuple(a.name for a in ATOM_ATTRIBUTES if a.applies_to == "copy")


# ------------------------------------------------------------------ small pieces
def _residency(row: AtomRow) -> str:
    parts = []
    for contract in row.operands:
        allowed = " or ".join(r.value for r in contract.allowed)
        parts.append(f"{contract.role}: {allowed}")
    return "; ".join(parts) if parts else "—"


def tier_text(row: AtomRow, atom: AtomInstance | CuteNvgpuType | None = None) -> str:
    """The row's tier, or, when the atom's parameters ask more (`verify/target.raised_gates`),
    the tier of the lowest target that runs the atom as written (`tables/atoms.written_tier`,
    what a file of it alone is inferred for)."""
    spec = row.spec_min_tier
    hardware = ", ".join(row.requires) if row.requires else "any target"
    own = f"all tiers (hardware: {hardware})" if spec.lower() == "all" else f"{spec} (hardware gate: {hardware})"
    raised = raised_gates(atom) if atom is not None else []
    if not raised:
        return own
    tier = written_tier(row, parameter_pairs(atom.params))
    why = "; ".join(f"`{written}` needs {describe_requirements(gate)}" for written, gate in raised)
    head = f"SM{tier} as written" if tier is not None else "no single target as written"
    return f"{head}: {why} (`{row.mnemonic}` itself: {own})"


def target_text(requires: tuple[str, ...], target: str) -> str:
    """`sm_90a: yes` or `sm_90a: **no** — needs sm_90a only`."""
    if satisfies_any(target, requires):
        return f"{target}: yes"
    return f"{target}: **no** — needs {describe_requirements(requires)}"


def atom_target_text(atom: AtomInstance | CuteNvgpuType, target: str, ty: CuteNvgpuType | None = None) -> str:
    """Whether `target` runs `atom` as written, by the verdicts `check` reports: its gates
    (`verify/target.unmet_gate`, `verify.target`), then its lowering (`verify/lowering.verdict`,
    `lower.target` / `lower.unsupported`), each in `check`'s words."""
    unmet = unmet_gate(atom, target)
    if unmet is not None:
        return f"{target}: **no** — {unmet.message}"
    config = atom_config(atom, ty=ty) if isinstance(atom, AtomInstance) else None
    refused = lowering_verdict(config, target) if isinstance(config, AtomConfig) else None
    if refused is not None:
        return f"{target}: **no** — {refused[1]}"
    return f"{target}: yes"


def _shape_text(shape: tuple[int, int, int] | None) -> str:
    return "x".join(map(str, shape)) if shape else "?"


def _cell(value: object) -> str:
    return "—" if value is None else str(value)


# ------------------------------------------------------------------ atom and type cards
def atom_card(row: AtomRow, target: str | None = None, deviation: bool = True,
              atom: AtomInstance | CuteNvgpuType | None = None, ty: CuteNvgpuType | None = None) -> str:
    """The registry facts of `row`; of `atom` as written (`ty`, its type) when given: the tier
    and the target verdict its parameters make. `atom` may be a type the verifiers know no atom
    semantics of (the DSL's bulk copies): its gates still decide."""
    lines = [
        f"**`!cute_nvgpu.{row.mnemonic}`** — {row.family.value}",
        "",
        row.description,
        "",
        "| | |",
        "|---|---|",
        f"| Minimum tier | {tier_text(row, atom)} |",
    ]
    if target is not None:
        verdict = atom_target_text(atom, target, ty) if atom is not None else target_text(row.requires, target)
        lines.append(f"| Target | {verdict} |")
    lines += [
        f"| Interfaces | {', '.join(sorted(i.value for i in row.interfaces))} |",
        f"| Operand residency | {_residency(row)} |",
    ]
    index = walk_index(row.mnemonic)
    if index is not None:
        lines.append(f"| Dispatch slot | {index} of 27 |")
    if row.deviation and deviation:
        lines += ["", _atom_deviation(row)]
    return "\n".join(lines)


def _atom_deviation(row: AtomRow) -> str:
    return f"*Hardware deviation from the spec:* {row.deviation}"


def parameter_rows(t: CuteNvgpuType) -> list[tuple[str, str]]:
    """Each parameter as written and what it means (`tables.type_parameters.explain`)."""
    rows: list[tuple[str, str]] = []
    previous = None
    for p in t.params:
        if p.kind != "," and previous is not None and previous.kind == "key_value" \
                and p.kind in TYPE_PARAMETER_KINDS:
            # `half_split_off=0 : i32`: the type of the value before it, no parameter of its own
            rows[-1] = (f"{rows[-1][0]} : {p.text}", rows[-1][1])
        elif p.kind != ",":
            meaning = explain(t.mnemonic, p.kind, p.text, p.key, p.value, len(rows))
            if meaning and p.key == "num_matrices":
                meaning += _matrix_count_text(t, p.value)
            if meaning and p.key in SCOPE_KEYS and not writes_scope(parameter_pairs(t.params), _copy_side(t) or ""):
                meaning += _UNSCOPED
            if meaning and p.key in ORDER_KEYS:
                meaning += _order_text(t, (p.value or "").strip())
            rows.append((p.text, meaning or "not described"))
        previous = p
    return rows


# A scope the instruction does not write (tables/atoms.writes_scope): the order written, or the
# weak default, is one that takes none.
_UNSCOPED = ("; as written, none: only an access of order " + ", ".join(f"`{o}`" for o in SCOPED_ORDERS[:-1])
             + f" or `{SCOPED_ORDERS[-1]}` takes a scope (with no order written, the access is weak)")


def _copy_side(t: CuteNvgpuType) -> str | None:
    """The instruction a copy type's memory order goes on (tables/atoms.order_qualifiers): "ld"
    (g2r / s2r), "st" (r2g / r2s), "" (a generic universal copy: both); None for other types."""
    if t.row is None:
        return None
    side = simt_copy_side(t.row)
    if side is not None:
        return side[0]
    return "" if t.row.mnemonic == "atom.universal_copy" else None


def _order_text(t: CuteNvgpuType, order: str) -> str:
    """What a copy's memory order writes, as the preview emits it: `; as written, `ld.acquire.gpu`
    and a weak `st``."""
    side = _copy_side(t)
    if side is None or not order:
        return ""
    written = order_qualifiers(side, order, t.mem_scope or DEFAULT_MEMORY_SCOPE)
    if written is None:
        which = {"ld": "its load has no", "st": "its store has no"}.get(side, "neither its load nor its store has a")
        return f"; as written, no instruction: {which} `.{order}`"
    parts = [f"`{ins}{q}`" if q else f"a weak `{ins}`"
             for ins, q in (("ld", written[0]), ("st", written[1])) if side in ("", ins)]
    return "; as written, " + " and ".join(parts)


def _matrix_count_text(t: CuteNvgpuType, written: str | None) -> str:
    """The instruction's `.num` an ldsm / stsm type's `num_matrices` comes to (the lowering's
    count, `verify/atom_config`): the DSL's 16x8 ldmatrix is half an `.m16n16`, its 16x8
    stmatrix counts matrices of its values (`tables/atoms.MatrixMode.matrix_count`)."""
    atom = atom_instance(t, {})
    config = atom_config(atom, ty=t) if atom is not None else None
    if not isinstance(config, AtomConfig) or config.num_matrices is None:
        return ""
    here = f"; as written, `.x{config.num_matrices}`"
    if str(config.num_matrices) == (written or "").strip():
        return here
    return f"{here} of the instruction's `.{config.matrix}` matrices"


def _parameters_section(t: CuteNvgpuType) -> list[str]:
    rows = parameter_rows(t)
    if not rows:
        return []
    escape = lambda cell: cell.replace("|", "\\|")   # a `|` would end the table cell
    return ["", "**Parameters:**", "", "| Parameter | Meaning |", "|---|---|"] + \
        [f"| `{escape(text)}` | {escape(meaning)} |" for text, meaning in rows]


def type_card(t: CuteNvgpuType, op_attributes: dict[str, str] | None = None,
              target: str | None = None) -> str:
    """The card of a type that denotes no atom (descriptor types, `i<N>`, unknown mnemonics);
    atoms get `contract_card`."""
    if t.arm is MnemonicArm.ATOM_INTEGER:
        lines = [f"**`{print_type(t)}`** — atom integer type",
                 "",
                 f"A {t.width}-bit packed sub-byte / microscaling fragment element."]
        if t.divby is not None:
            lines.append(f"`divby {t.divby}`: {t.divby} values share one packed lane "
                         "(controls lane interpretation, not arithmetic).")
        return "\n".join(lines)
    if t.row is None:
        return f"**`!cute_nvgpu.{t.mnemonic}`** — unknown mnemonic"
    lines = [atom_card(t.row, target, atom=atom_instance(t, op_attributes or {}) or t, ty=t)] + _parameters_section(t)
    alias = alias_for_type(t, op_attributes)
    if alias:
        lines += ["", f"Alias hint: `%{alias}`"]
    return "\n".join(lines)


def op_card(name: str) -> str:
    """An op's card from its record (dialects/registry.py): what it does, its form, where it is specified."""
    dialect = name.split(".", 1)[0] if "." in name else "builtin/func"
    card = f"**`{name}`** — operation of the `{dialect}` dialect"
    spec = op_record(name)
    if spec is None:
        return card
    card += f"\n\n{spec.summary}"
    if spec.syntax:
        card += f"\n\n```\n{spec.syntax}\n```"
    if spec.note:
        card += f"\n\n{spec.note}"
    return card + (f"\n\n*Source:* {spec.source}" if spec.source else "")


def enum_card(kind: str) -> str:
    values = MEMORY_ORDERS if kind == "mem_order" else MEMORY_SCOPES
    what = "memory order" if kind == "mem_order" else "memory scope"
    return f"PTX-like {what} of a universal copy atom: " + ", ".join(f"`{v}`" for v in values)


# ------------------------------------------------------------------ MMA lattice matching
_FRAG_KIND_A = {"ss": R.SMEM_DESC, "rs": R.RMEM, "ts": R.TMEM}


@dataclass(frozen=True)
class MmaMatch:
    """What the written atom selects from the MMA lattice."""

    shape: tuple[int, int, int] | None
    types: tuple[str | None, str | None, str | None]   # PTX spellings; None = not written
    sf_type: str | None                                 # PTX scale type, if written
    rows: list[MmaShapeRow]          # rows matching everything written
    candidates: list[MmaShapeRow]    # rows matching everything but the shape
    nearest: tuple[int, int, int] | None
    a_residency: Residency | None    # fixed by the DSL `frag_kind`, if written


def _digits(field) -> int | None:
    return int(field.value) if field is not None and field.value.strip().isdigit() else None


def _ptx(field, table: dict[str, str]) -> str | None:
    if field is None:
        return None
    value = field.value.strip()
    return table.get(value, value)


def _fma_dsl_types(atom: AtomInstance, ty: CuteNvgpuType | None) -> tuple[str | None, ...]:
    """`!cute_nvgpu.atom.universal_fma<1x1x1, (f32, f32) -> f32>`: A, B from the group, C after."""
    if ty is None or atom.mnemonic != "atom.universal_fma":
        return (None, None, None)
    params = [p for p in ty.params if p.kind != ","]
    for index, p in enumerate(params):
        if p.kind == "parameter_group" and index + 1 < len(params):
            parts = [s.strip() for s in p.text.strip("()").split(",") if s.strip()]
            if len(parts) == 2:
                return (parts[0], parts[1], params[index + 1].text)
    return (None, None, None)


def match_mma(atom: AtomInstance, ty: CuteNvgpuType | None = None) -> MmaMatch:
    written = [atom.a_type, atom.b_type, atom.c_type]
    fallback = _fma_dsl_types(atom, ty)
    types = tuple(_ptx(f, PTX_TYPE) if f is not None else (PTX_TYPE.get(fb, fb) if fb else None)
                  for f, fb in zip(written, fallback))
    vec, cta = _digits(atom.vec_size), _digits(atom.cta_group)
    sf = _ptx(atom.sf_type, SCALE_TYPE)
    a, b, c = types
    found = mma_lattice(atom.mnemonic, atom.shape, a, b, c, vec_size=vec, cta_group=cta, scale_type=sf)
    frag = atom.frag_kind.value.strip() if atom.frag_kind is not None else ""
    return MmaMatch(atom.shape, types, sf, found.rows, found.candidates, found.nearest, _FRAG_KIND_A.get(frag))


def _types_text(types: Iterable[str | None]) -> str:
    a, b, c = (t or "?" for t in types)
    return f"{a} × {b} → {c}"


def _row_types(r: MmaShapeRow) -> str:
    return f"{'/'.join(r.a_types)} × {'/'.join(r.b_types)} → {'/'.join(r.c_types)}"


def _threads_text(r: MmaShapeRow) -> str:
    if r.threads == 0:
        return ("Operands (one thread issues the MMA; no per-thread register fragments: A/B are "
                "read through SMEM descriptors or TMEM, D stays in TMEM):")
    who = {1: "one thread", 8: "per thread of a quad-pair (8 threads)",
           32: "per thread of the warp (32 threads)",
           128: "per thread of the warpgroup (128 threads)"}.get(r.threads, f"per thread of {r.threads}")
    return f"Fragments {who}:"


def _one(values: tuple[str, ...]) -> str | None:
    return values[0] if len(values) == 1 else None


def _resolved_types(match: MmaMatch, row: MmaShapeRow) -> tuple[str | None, str | None, str | None]:
    a, b, c = match.types
    return (a or _one(row.a_types), b or _one(row.b_types), c or _one(row.c_types))


def _a_residencies(match: MmaMatch, row: MmaShapeRow) -> tuple[Residency, ...]:
    options = row.a_residencies
    if match.a_residency in options:
        return (match.a_residency,)
    return options


def _fragment_table(match: MmaMatch, row: MmaShapeRow, shape: tuple[int, int, int]) -> list[str]:
    a, b, c = _resolved_types(match, row)
    roles = {o.role: o.allowed for o in row.operands}
    lines = [_threads_text(row), "",
             "| Operand | Element | Residency | Elements / thread | b32 registers / thread |",
             "|---|---|---|---|---|"]
    for res in _a_residencies(match, row):
        counts = row.fragments(shape, res)
        regs = register_counts(row, shape, a, b, c, res) if a and b and c else {}
        a_regs = "—" if counts["A"] is None else _cell(regs.get("A")) if regs else "?"
        lines.append(f"| A | {a or '?'} | {res.value} | {_cell(counts['A'])} | {a_regs} |")
    res = _a_residencies(match, row)[0]
    counts = row.fragments(shape, res)
    regs = register_counts(row, shape, a, b, c, res) if a and b and c else {}

    def reg(role: str) -> str:
        if counts[role] is None:
            return "—"
        return _cell(regs.get(role)) if regs else "?"

    b_res = " or ".join(r.value for r in roles["B"])
    d_res = " or ".join(r.value for r in roles["D"])
    lines.append(f"| B | {b or '?'} | {b_res} | {_cell(counts['B'])} | {reg('B')} |")
    lines.append(f"| C / D | {c or '?'} | {d_res} | {_cell(counts['C'])} | {reg('C')} |")
    in_registers = row.threads > 0
    if "E" in roles:
        lines.append(f"| E (sparse metadata) | b32 | {' or '.join(r.value for r in roles['E'])} | — | "
                     f"{'1' if in_registers else '—'} |")
    if row.block_scale is not None:
        sf = match.sf_type or "/".join(row.block_scale.scale_types)
        for role in ("SFA", "SFB"):
            lines.append(f"| {role} (scale factors) | {sf} | "
                         f"{' or '.join(r.value for r in roles[role])} | — | "
                         f"{'1' if in_registers else '—'} |")
    return lines + _layout_lines(row, shape)


_LAYOUT_ROLES = (("a", "A"), ("b", "B"), ("c", "C / D"), ("sfa", "SFA"), ("sfb", "SFB"))


def _layout_lines(row: MmaShapeRow, shape: tuple[int, int, int]) -> list[str]:
    """The register operands' (thread, value) -> (row, col) layouts the verifier expects."""
    if row.layouts is None:
        return []
    found = [(role, row.layouts.for_shape(name, shape[1])) for name, role in _LAYOUT_ROLES]
    items = [f"{role} `{text}`" for role, text in found if text]
    if not items:
        return []
    return ["", "Register layouts, (thread, value) → (row, col) as in CUTLASS "
            f"({row.layouts.source}): " + "; ".join(items)]


# ------------------------------------------------------------------ PTX lines
class _Fill(dict):
    """str.format_map with `<name>` for what the atom does not say."""

    def __missing__(self, key: str) -> str:
        return f"<{key}>"


_A_OPERAND = {R.RMEM: "a", R.SMEM_DESC: "a_desc", R.TMEM: "[a_tmem]"}


def mma_ptx(row: MmaShapeRow, match: MmaMatch, shape: tuple[int, int, int] | None,
            a_residency: Residency, target: str) -> str | None:
    """The row's instruction template filled with what is known (operands as names)."""
    template = row.template_for(a_residency)
    if template is None:
        return None
    a, b, c = _resolved_types(match, row)
    fill = _Fill(D="d", A=_A_OPERAND[a_residency], C="c", E="e", sat="",
                 F=str(row.sparse_selectors[0]) if row.sparse_selectors else "f",
                 SCALE_D="p", D_TMEM="d_tmem", IDESC="idesc", ENABLE_D="enable_d",
                 SFA="sfa", SFB="sfb", SFA_BID="0", SFA_TID="0", SFB_BID="0", SFB_TID="0")
    roles = {o.role: o.allowed for o in row.operands}
    fill["B"] = "b" if R.RMEM in roles.get("B", ()) else "b_desc"
    if shape is not None:
        fill.update(M=shape[0], N=shape[1], K=shape[2])
    for key, value in (("a", a), ("b", b), ("c", c), ("d", c)):
        if value:
            fill[key] = value
    scaled = row.block_scale
    fill.update(mma_qualifiers(row, (match.sf_type or _one(scaled.scale_types)) if scaled else None))
    if row.instruction.startswith("tcgen05"):
        fill.update(META="[e_tmem], " if row.sparse else "", SCALES="[sfa_tmem], [sfb_tmem], " if scaled else "")
    return template.format_map(fill)


# ------------------------------------------------------------------ copy atoms
@dataclass(frozen=True)
class CopyMatch:
    rows: list[CopyShapeRow]
    exact: bool                       # the written parameters pick these rows
    repeat: int | None = None         # tcgen05.ld/st .num, if written
    bits: int | None = None           # universal_copy width
    tma: AtomConfig | None = None     # a TMA transfer's configuration, when the atom says its rank


_TMA_TRANSFERS = frozenset({"atom.tma_load", "atom.tma_store", "atom.tma_reduce"})
_DSL_CP_ASYNC_CACHE = {"always": "ca", "global": "cg"}


def _keywords(ty: CuteNvgpuType | None) -> list[str]:
    return [p.text for p in ty.params if p.kind == "keyword"] if ty is not None else []


def _integers(ty: CuteNvgpuType | None) -> list[int]:
    return [integer_literal(p.text) or 0 for p in ty.params if p.kind == "integer"] if ty is not None else []


def match_copy(atom: AtomInstance, ty: CuteNvgpuType | None = None) -> CopyMatch:
    rows = find_copy_rows(atom=atom.mnemonic)
    words = _keywords(ty)
    setting = {k: f.value.strip() for k, f in atom.settings.items()}
    if atom.mnemonic in ("atom.ldsm", "atom.stsm"):
        # The row the lowering picks (its shape, count, transposition and format), else the rows
        # of the shape the atom names.
        config = atom_config(atom, ty=ty)
        if isinstance(config, AtomConfig):
            picked = find_copy_rows(atom.mnemonic, matrix_variant(
                config.matrix, config.num_matrices, config.transpose, config.matrix_format))
            return CopyMatch(picked, bool(picked))
        mode = atom.settings.get("mode")
        shape = matrix_mode(atom.mnemonic, mode.value.strip().strip("<>").strip('"') if mode else None)
        return CopyMatch([r for r in rows if shape is None or r.params["shape"] == shape.shape], False)
    if atom.mnemonic in _TMA_TRANSFERS:
        # The transfer the lowering emits: the atom's mode and multicast (a DSL exec atom's
        # `mode = tiled`, `mcast = true`), when it says them.
        config = atom_config(atom, ty=ty)
        if isinstance(config, AtomConfig) and config.tma_mode is not None:
            picked = [r for r in rows if r.params.get("mode") == f".{config.tma_mode}"
                      and r.params.get("multicast", False) == bool(config.multicast)]
            if picked:
                return CopyMatch(picked, True, tma=config if config.tma_rank is not None else None)
        return CopyMatch(rows, len(rows) == 1)
    if atom.mnemonic == "atom.simt_async_copy":
        sizes = _integers(ty) + [int(v) for k, v in setting.items() if k in ("bytes", "size") and v.isdigit()]
        sizes += [int(p.value) // 8 for p in (ty.params if ty is not None else ())
                  if p.kind == "bit_width" and p.key == BIT_UNIT and (p.value or "").isdigit()]   # the DSL's `128 b`
        # The DSL's `cache = always | global` is the PTX cache operator `.ca` / `.cg`.
        cache = next((w for w in words if w in ("ca", "cg")), None) or _DSL_CP_ASYNC_CACHE.get(setting.get("cache", ""))
        picked = [r for r in rows if (not sizes or r.params["bytes"] == sizes[0])
                  and (cache is None or r.params["cache"] == cache)]
        return CopyMatch(picked or rows, bool(picked) and len(picked) == 1)
    if atom.mnemonic in ("atom.tmem_load", "atom.tmem_store"):
        shape = next((w for w in words if re.fullmatch(r"\d+x\d+b(x2)?", w)), None)
        if shape is None and ty is not None:
            units = {p.key: p.value for p in ty.params if p.kind == "bit_width"}
            if units.get("DP") and units.get("bit"):
                shape = f"{units['DP']}x{units['bit']}b"
        repeat = next((int(w[1:]) for w in words if re.fullmatch(r"x\d+", w)), None)
        picked = [r for r in rows if r.variant == shape]
        return CopyMatch(picked or rows, bool(picked), repeat)
    if atom.mnemonic == "atom.universal_copy":
        # The row of the written width; without one, the copy moves one element, never 256 bits.
        bits = ty.bit_width if ty is not None else None
        width = str(bits) if bits is not None else None
        picked = [r for r in rows if (width in r.options if width else "256" not in r.options)]
        return CopyMatch(picked or rows, True, bits=bits)
    return CopyMatch(rows, len(rows) == 1)


_MATRIX_COPIES = frozenset({"atom.ldsm", "atom.stsm"})


def copy_ptx(row: CopyShapeRow, match: CopyMatch) -> str:
    fill = _Fill(D="d", S="s", SRC="src", DST="dst", PACK="", IMM="imm", TMAP="tmap",
                 COORDS="{c0, ...}", MBAR="mbar", OFFSETS="", MASK="", VEC="", R="r")
    if match.repeat is not None:
        fill["NUM"] = match.repeat
    if row.atom in _MATRIX_COPIES and row.regs is not None:
        # ldmatrix / stmatrix as the preview writes them: the fragment's b32 registers (one
        # per matrix) and the shared-memory address.
        registers = "{" + ", ".join(f"%r{i}" for i in range(row.regs)) + "}"
        fill.update(D=registers, S=registers, SRC="%smem", DST="%smem")
    if match.bits is not None:
        fill["T"] = f"b{match.bits}"
    mode = row.params.get("mode")
    if mode is not None:
        fill["MODE"] = mode
    if "multicast" in row.params:
        fill["MC"] = ".multicast::cluster" if row.params["multicast"] else ""
        if row.params["multicast"]:
            fill["MASK"] = ", cta_mask"
    if len(row.options) == 1:
        fill["OP"] = row.options[0]
    if match.tma is not None:
        # The qualifiers the preview gives this transfer (rank, destination window, CTA pair).
        fill.update(tma_qualifiers(match.tma, row))
        fill["POLICY"] = ", policy" if fill.get("HINT") else ""
    return row.ptx.format_map(fill)


def _copy_regs(row: CopyShapeRow, match: CopyMatch) -> str:
    if row.regs is None:
        return "—"
    if len(row.repeats) > 1:
        if match.repeat is not None:
            return str(row.regs * match.repeat)
        return f"{row.regs} × .num"
    return str(row.regs)


def _copy_elements(row: CopyShapeRow, match: CopyMatch, element: str | None = None) -> str:
    """What one thread moves: ldmatrix's units, or a cp.async's bytes counted in the atom's
    elements (`element`) where they divide."""
    if row.atom in ("atom.ldsm", "atom.stsm") and row.regs is not None:
        unit = MATRIX_UNIT_BITS[row.params["format"]]
        return f"{32 // unit * row.regs} × b{unit}"
    if "bytes" in row.params:
        count = _elements_in(row.params["bytes"] * 8, element)
        return f"{count} ({row.params['bytes']} bytes)" if count else f"{row.params['bytes']} bytes"
    return "—"


def _elements_in(bits: int, element: str | None) -> str | None:
    """`8 × f16`: the elements `bits` hold, when whole ones do."""
    width = element_bits(element)
    return f"{bits // width} × {element}" if width and bits % width == 0 else None


# ------------------------------------------------------------------ the contract sections
_MAX_ROWS = 12


def _deviations(items: Iterable[tuple[str, str | None]]) -> list[str]:
    seen, out = set(), []
    for key, text in items:
        if text and text not in seen:
            seen.add(text)
            out += ["", f"*Lattice row `{key}`:* {text}"]
    return out


def _gate_note(requires: tuple[str, ...], atom_requires: tuple[str, ...], target: str) -> str:
    if requires == atom_requires:
        return ""
    return f" · row gate {describe_requirements(requires)} ({target_text(requires, target)})"


def _gate_cell(requires: tuple[str, ...], atom_requires: tuple[str, ...], target: str) -> str:
    """Can the target run this row? Details only where the row's gate is not the atom's."""
    if satisfies_any(target, requires):
        return "yes"
    if requires == atom_requires:
        return "no"
    return f"no — needs {describe_requirements(requires)}"


def _mma_sections(atom: AtomInstance, ty: CuteNvgpuType | None, target: str) -> list[str]:
    m = match_mma(atom, ty)
    written = f"`{_shape_text(m.shape)}` · {_types_text(m.types)}"
    if m.shape is None and not any(m.types):
        written = "nothing but the atom (no shape or element types)"
    extras = []
    if atom.vec_size is not None:
        extras.append(f"vec_size {atom.vec_size.value}")
    if m.sf_type:
        extras.append(f"scales {m.sf_type}")
    if atom.cta_group is not None:
        extras.append(f"cta_group {atom.cta_group.value}")
    if extras:
        written += " · " + ", ".join(extras)
    out = [f"**As written:** {written}", ""]
    if not m.candidates:
        out.append(f"**Lattice:** no `{atom.mnemonic}` tile takes {_types_text(m.types)}.")
        return out
    if m.shape is not None and not m.rows:
        out.append(f"**Lattice:** `{_shape_text(m.shape)}` is not a legal shape; nearest legal "
                   f"shape **{_shape_text(m.nearest)}** (legal: {shapes_text(m.candidates)}).")
        return out
    shapes = {s for r in m.rows for s in r.shapes()}
    shape = m.shape or (next(iter(shapes)) if len(shapes) == 1 else None)
    if shape is None:
        out += ["**Lattice rows** (write `shape_MNK` to pick one):", "",
                f"| Row | Shapes (M, N, K) | A × B → C | On {target} |", "|---|---|---|---|"]
        for r in m.rows[:_MAX_ROWS]:
            out.append(f"| `{r.key}` | {shapes_text([r])} | {_row_types(r)} | "
                       f"{_gate_cell(r.requires, atom.row.requires, target)} |")
        if len(m.rows) > _MAX_ROWS:
            out.append(f"| … {len(m.rows) - _MAX_ROWS} more | | | |")
        return out
    keys = ", ".join(f"`{r.key}`" for r in m.rows)
    first = m.rows[0]
    out.append(f"**Lattice:** {keys} — {shapes_text(m.rows)}"
               + _gate_note(first.requires, atom.row.requires, target))
    out += [""] + _fragment_table(m, first, shape)
    ptx = []
    for r in m.rows[:4]:
        for res in _a_residencies(m, r):
            line = mma_ptx(r, m, shape, res, target)
            if line and line not in ptx:
                ptx.append(line)
    if ptx:
        out += ["", "**PTX:**", "```ptx"] + ptx + ["```"]
    out += _kind_read(atom, ty, m.rows)
    out += _deviations((r.key, r.deviation) for r in m.rows)
    return out


def _kind_read(atom: AtomInstance, ty: CuteNvgpuType | None, rows) -> list[str]:
    """Which of several block-scaled kinds the attributes select, when the lattice gives more
    than one for them: the atom's attributes name no kind, so SM120's (K 64, vec_size 32) reads as
    kind::mxf4 (verify/atom_config.py, hardware-facts 5) although kind::mxf4nvf4 takes
    scale_vec::2X with ue8m0 scales too. The preview and the lowering write the one selected; no
    attribute selects the other, which therefore has no kernel."""
    kinds = list(dict.fromkeys(r.block_scale.kind for r in rows if r.block_scale is not None))
    config = atom_config(atom, ty=ty) if len(kinds) > 1 else None
    if not isinstance(config, AtomConfig) or config.block_scale not in kinds:
        return []
    others = ", ".join(f"`kind::{k}`" for k in kinds if k != config.block_scale)
    return ["", f"*Kind:* these attributes select `kind::{config.block_scale}`, which the preview and the "
                f"lowering write; no attribute of the atom selects {others} with these operands "
                f"({config.a_type} × {config.b_type}, {config.sf_type} scales), so it has no kernel here."]


# The register column of a copy's variant table: b32 registers (ldmatrix's fragments, tcgen05.ld's),
# but a universal copy's, which the preview writes in the copy width's own type (`ld.shared.b64`
# moves one b64 register), count with their type.
_REGISTER_COLUMN = {"atom.universal_copy": "Registers / thread"}
_B32_REGISTERS = "b32 registers / thread"


def _universal_cells(atom: AtomInstance, ty: CuteNvgpuType | None) -> tuple[str, str] | None:
    """What one thread of a universal copy moves (one thread copies the whole width): its
    registers as the preview writes them (`4 × b32`), and its elements (`8 × f16`); None when
    the atom says no width the preview has."""
    config = atom_config(atom, ty=ty)
    bits = config.copy_bits if isinstance(config, AtomConfig) else None
    registers = universal_registers(bits) if bits is not None else None
    if registers is None:
        return None
    count, kind = registers
    held = f" (its low {bits} bits)" if bits < int(kind[1:]) else ""
    return f"{count} × {kind}{held}", _elements_in(bits, value_type(atom)) or f"{bits} bits"


def _copy_sections(atom: AtomInstance, ty: CuteNvgpuType | None, target: str) -> list[str]:
    m = match_copy(atom, ty)
    if not m.rows:
        return []
    title = ("**Copy variants** (the type does not pick one):" if not m.exact
             else "**Copy variant:**" if len(m.rows) == 1 else "**Copy variants:**")
    contract = {o.role: o.allowed for o in atom.row.operands}

    def where(role: str, fallback: Residency) -> str:
        # The atom's own contract where it states one (the DSL's r2g: registers -> global
        # memory), else the lattice row's (a generic copy's row moves memory to memory).
        allowed = contract.get(role, ())
        return " / ".join(a.value for a in allowed) if allowed else fallback.value

    universal = _universal_cells(atom, ty) if atom.mnemonic == "atom.universal_copy" else None
    shown = m.rows[:_MAX_ROWS]
    element = value_type(atom)
    per_thread = [universal or (_copy_regs(r, m), _copy_elements(r, m, element)) for r in shown]
    # A per-thread column no row has a value in (a TMA transfer's: one thread issues it, and no
    # register holds its tile) is left out rather than shown as a column of dashes.
    columns = [i for i in (0, 1) if any(cells[i] != "—" for cells in per_thread)]
    names = (_REGISTER_COLUMN.get(atom.mnemonic, _B32_REGISTERS), "Elements / thread")
    out = [title, "", "| " + " | ".join(["Variant", "Source → destination"] + [names[i] for i in columns]
                                        + [f"On {target}"]) + " |",
           "|" + "---|" * (3 + len(columns))]
    for r, cells in zip(shown, per_thread):
        out.append("| " + " | ".join([f"`{r.variant}`", f"{where('src', r.src)} → {where('dst', r.dst)}"]
                                     + [cells[i] for i in columns]
                                     + [_gate_cell(r.requires, atom.row.requires, target)]) + " |")
    ptx = list(_universal_copy_ptx(atom, ty, target))
    for r in m.rows[:_MAX_ROWS] if not ptx else ():
        for line in copy_ptx(r, m).splitlines():
            if line not in ptx:
                ptx.append(line)
    out += ["", "**PTX:**", "```ptx"] + ptx + ["```"]
    if m.exact:
        out += _deviations((r.key, r.deviation) for r in m.rows)
    return out


def _universal_copy_ptx(atom: AtomInstance, ty: CuteNvgpuType | None, target: str) -> tuple[str, ...]:
    """A universal copy's instructions as the PTX preview emits them for `target`: the load
    and the store of a generic copy, the one `ld` or `st` of the DSL's g2r / r2g / s2r / r2s
    with the qualifiers its options write (`st.global.L1::evict_first.v4.b32`). () for any
    other atom, or one the preview emits nothing for (the card's template stands in)."""
    if atom.mnemonic != "atom.universal_copy":
        return ()
    config = atom_config(atom, ty=ty)
    return atom_instructions(config, target) if isinstance(config, AtomConfig) else ()


def contract_sections(atom: AtomInstance, target: str, ty: CuteNvgpuType | None = None) -> str:
    """Lattice / copy-variant, fragments and PTX of an atom as written (markdown)."""
    if atom.is_mma:
        lines = _mma_sections(atom, ty, target)
    elif atom.is_copy:
        lines = _copy_sections(atom, ty, target)
    else:
        lines = []
    return "\n".join(lines)


def contract_card(atom: AtomInstance, ty: CuteNvgpuType, target: str,
                  op_attributes: dict[str, str] | None = None) -> str:
    """The full card: registry facts, then what the written atom selects."""
    lines = [atom_card(atom.row, target, deviation=False, atom=atom, ty=ty)] + _parameters_section(ty)
    alias = alias_for_type(ty, op_attributes)
    if alias:
        lines += ["", f"Alias hint: `%{alias}`"]
    contract = contract_sections(atom, target, ty)
    if contract:
        lines += ["", contract]
    if atom.row.deviation:
        lines += ["", _atom_deviation(atom.row)]
    return "\n".join(lines)


# ------------------------------------------------------------------ locating atoms in a document
def _context(analysis: DocumentAnalysis, offset: int) -> VerifyContext | None:
    lifted = lifted_unit_at(analysis, offset)
    return VerifyContext(lifted, analysis.target_arch, [], analysis.alias_type) if lifted is not None else None


def _innermost_op(ctx: VerifyContext, start: int, end: int) -> Operation | None:
    return ctx.index.innermost_op(start, end)


def _from_value(ctx: VerifyContext, value: Value) -> LocatedAtom | None:
    """The atom a value holds, when a written type spells it (a card shows the type)."""
    found = ctx.resolve_atom(value)
    return found if found is not None and found.type is not None else None


def atom_at_type(analysis: DocumentAnalysis, node: Node) -> LocatedAtom | None:
    """The atom a written `cute_nvgpu_type` node denotes there.

    As the result type of an op, the op's attributes configure it (`make_mma_atom {shape_MNK =
    ...} : !cute_nvgpu.sm90.mma`); as the atom operand type of `cute_nvgpu.mma` / `copy`, it is
    the atom the first operand holds; anywhere else, the type alone.
    """
    ctx = _context(analysis, node.start_byte)
    ty, _ = parse_type_node(node)
    at = Span(node.start_byte, node.end_byte)
    if ctx is not None:
        op = _innermost_op(ctx, at.start, at.end)
        if op is not None:
            for value in op.results:
                written = ctx.written_type(value)
                if written is not None and written.span == at:
                    return _from_value(ctx, value)
            if op_verifier(op.name) in (MMA, COPY) and op.operands:
                types = ctx.operand_types(op)
                if types and types[0].span == at and ctx.defined(op.operands[0]):
                    found = _from_value(ctx, op.operands[0])
                    if found is not None:
                        return found
    atom = atom_instance(ty, {})
    return LocatedAtom(atom, ty, None) if atom is not None else None


def atom_of_op_at(analysis: DocumentAnalysis, start: int, end: int | None = None) -> LocatedAtom | None:
    """The atom the innermost op covering [start, end] builds (its first result, when typed
    as an atom)."""
    ctx = _context(analysis, start)
    op = _innermost_op(ctx, start, start if end is None else end) if ctx is not None else None
    if op is None or not op.results:
        return None
    return _from_value(ctx, op.results[0])


def atom_of_value(analysis: DocumentAnalysis, defined_at: int) -> LocatedAtom | None:
    """The atom held by the value whose definition starts at `defined_at`, when its type
    spells it."""
    ctx = _context(analysis, defined_at)
    if ctx is None:
        return None
    value = next((v for v, span in ctx.index.definitions.items() if span.start == defined_at), None)
    return _from_value(ctx, value) if value is not None else None


@dataclass(frozen=True)
class AppliedOperand:
    """The atom operand of an op that applies one, as the op writes it."""
    value: str                      # `%27`
    written: WrittenType            # its type at the op (a DSL dump's alias, most often)
    resolved: WrittenType | None    # what that type is, through its aliases (None: undefined)


def applied_operand(analysis: DocumentAnalysis, start: int, end: int) -> AppliedOperand | None:
    """The atom operand of the innermost op covering [start, end] when that op applies an atom
    (`cute_nvgpu.mma`, a TMA transfer, the DSL's `cute.gemm` / `cute.copy`); None otherwise."""
    ctx = _context(analysis, start)
    op = _innermost_op(ctx, start, end) if ctx is not None else None
    if op is None or not op.operands or not applies_atom(op.name):
        return None
    types = ctx.operand_types(op)
    if not types:
        return None
    hint = op.operands[0].name_hint
    return AppliedOperand(f"%{hint}" if hint else "its atom", types[0], ctx.through_alias(types[0]))


def builds_atom_from_attributes(op: Operation | None) -> bool:
    """An op whose attributes say something about the atom it builds (not only its type)."""
    if op is None:
        return False
    record = lookup_op(op.name)
    if record is not None and record.verifier == MAKE_ATOM:
        return True
    keys = set(ATOM_ATTRIBUTE_KEYS) | set(COPY_ATTRIBUTE_KEYS)
    return any(name in keys for name in all_attributes(op))
