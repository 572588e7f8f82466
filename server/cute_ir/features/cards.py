"""Markdown cards that explain a cute_nvgpu type or op: shared by hover and completion."""
from __future__ import annotations

from ..dialects.cute_nvgpu.enums import MEMORY_ORDERS, MEMORY_SCOPES
from ..dialects.cute_nvgpu.ops import OpRow
from ..dialects.cute_nvgpu.types import CuteNvgpuType, MnemonicArm, alias_for_type, print_type, walk_index
from ..tables.atoms import AtomRow


def _residency(row: AtomRow) -> str:
    parts = []
    for contract in row.operands:
        allowed = " or ".join(r.value for r in contract.allowed)
        parts.append(f"{contract.role}: {allowed}")
    return "; ".join(parts) if parts else "—"


def tier_text(row: AtomRow) -> str:
    spec = row.spec_min_tier
    hardware = ", ".join(row.requires) if row.requires else "any target"
    if spec.lower() == "all":
        return f"all tiers (hardware: {hardware})"
    return f"{spec} (hardware gate: {hardware})"


def atom_card(row: AtomRow) -> str:
    lines = [
        f"**`!cute_nvgpu.{row.mnemonic}`** — {row.family.value}",
        "",
        row.description,
        "",
        "| | |",
        "|---|---|",
        f"| Minimum tier | {tier_text(row)} |",
        f"| Interfaces | {', '.join(sorted(i.value for i in row.interfaces))} |",
        f"| Operand residency | {_residency(row)} |",
    ]
    index = walk_index(row.mnemonic)
    if index is not None:
        lines.append(f"| Dispatch slot | {index} of 27 |")
    if row.deviation:
        lines += ["", f"*Hardware deviation from the spec:* {row.deviation}"]
    return "\n".join(lines)


def _parameters(t: CuteNvgpuType) -> list[str]:
    out = []
    if t.mnemonic == "atom.universal_copy":
        out.append(f"value type `{t.value_type}`" if t.value_type else "value type missing")
        out.append(f"bit width {t.bit_width} b" if t.bit_width is not None else "bit width: absent")
        out.append("distributed shared memory allowed" if t.allow_dsmem else "no DSMEM")
        out.append(f"memory order `{t.mem_order}`" if t.mem_order else "memory order: absent")
        out.append(f"memory scope `{t.mem_scope}`" if t.mem_scope else "memory scope: absent")
    elif t.mnemonic == "smem_desc_view":
        out.append(f"source `{t.source_type}`")
        out.append(f"layout `{t.layout}`")
    for key, value in t.settings:
        out.append(f"`{key}` = `{value}`")
    return out


def type_card(t: CuteNvgpuType, op_attributes: dict[str, str] | None = None) -> str:
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
    lines = [atom_card(t.row)]
    params = _parameters(t)
    if params:
        lines += ["", "**Parameters:** " + "; ".join(params)]
    alias = alias_for_type(t, op_attributes)
    if alias:
        lines += ["", f"Alias hint: `%{alias}`"]
    return "\n".join(lines)


def op_card(name: str, row: OpRow | None) -> str:
    if row is None:
        dialect = name.split(".", 1)[0] if "." in name else "builtin/func"
        return f"**`{name}`** — operation of the `{dialect}` dialect"
    return f"**`{row.name}`** — cute_nvgpu operation\n\n{row.summary}\n\n*Spec page:* {row.source}"


def enum_card(kind: str) -> str:
    values = MEMORY_ORDERS if kind == "mem_order" else MEMORY_SCOPES
    what = "memory order" if kind == "mem_order" else "memory scope"
    return f"PTX-like {what} of a universal copy atom: " + ", ".join(f"`{v}`" for v in values)
