"""Atom semantics: what an atom value *is*, from its type and the op that built it.

The spec writes an atom as a zero-parameter type plus op-owned attributes
(`cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 32], vec_size = 32} : !cute_nvgpu.SM120.mma_bs`);
CuTe DSL dumps write the same facts as type parameters
(`!cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = (...), sf_type = f8E4M3FN>`).
Both become one `AtomInstance`, each field remembering the span it was written at so that a
verifier can put its diagnostic on the exact attribute or parameter.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ...diagnostics import Span
from ...tables.atoms import ATOMS_BY_MNEMONIC, CUTE_DSL, AtomRow, Interface
from .types import CuteNvgpuType, MnemonicArm, TypeParam

# MLIR element type spelling -> PTX spelling (the tables and the emitter speak PTX).
PTX_TYPE: dict[str, str] = {
    "f16": "f16", "bf16": "bf16", "tf32": "tf32", "f32": "f32", "f64": "f64",
    "f8E4M3FN": "e4m3", "f8E5M2": "e5m2", "f6E2M3FN": "e2m3", "f6E3M2FN": "e3m2",
    "f4E2M1FN": "e2m1", "f8E8M0FNU": "ue8m0", "f8E4M3": "e4m3",
    "i8": "s8", "si8": "s8", "ui8": "u8", "i4": "s4", "si4": "s4", "ui4": "u4",
    "i32": "s32", "si32": "s32", "i1": "b1",
    # Scale-factor spellings: E4M3 scales are unsigned (ue4m3) in PTX.
    "ue8m0": "ue8m0", "ue4m3": "ue4m3",
}
SCALE_TYPE: dict[str, str] = {"f8E8M0FNU": "ue8m0", "f8E4M3FN": "ue4m3", "ue8m0": "ue8m0", "ue4m3": "ue4m3"}

# MMA atoms whose mnemonic implies sparsity / block scaling.


@dataclass(frozen=True)
class AtomAttribute:
    """An attribute of the ops that build atoms (`shape_MNK = [...]`, `a_type = f16`, ...)."""

    name: str
    summary: str          # a few words (completion detail)
    description: str      # what to write (completion documentation, docs/ops.md)
    applies_to: str       # "mma", "block_scaled", "umma" (sm100.*), "copy"


# The one list of atom-building attributes: completion, hover cards and docs/ops.md read it.
ATOM_ATTRIBUTES: tuple[AtomAttribute, ...] = (
    AtomAttribute("shape_MNK", "MMA tile (M, N, K)",
                  "MMA tile `[M, N, K]`, e.g. `[64, 128, 16]`: one of the result atom's lattice shapes", "mma"),
    AtomAttribute("a_type", "A element type",
                  "element type of A (MLIR spelling: `f16`, `bf16`, `tf32`, `f8E4M3FN`, `f8E5M2`, `f6E2M3FN`, "
                  "`f6E3M2FN`, `f4E2M1FN`, `i8`, `ui8`, `i4`, `i1`)", "mma"),
    AtomAttribute("b_type", "B element type", "element type of B (WGMMA/UMMA: same family as A)", "mma"),
    AtomAttribute("c_type", "accumulator (C = D) element type",
                  "accumulator element type of C and D, e.g. `f32`, `f16`, `i32`; block-scaled atoms take `f32` only",
                  "mma"),
    AtomAttribute("vec_size", "elements of K per scale factor",
                  "block-scaled atoms: `32` (OCP MX, UE8M0 scales) or `16` (mxf4nvf4 4X: UE4M3 scales; UE8M0 too "
                  "on SM100)", "block_scaled"),
    AtomAttribute("sf_type", "scale-factor element type",
                  "block-scaled atoms: `f8E8M0FNU` (UE8M0) or `f8E4M3FN` (UE4M3, with `vec_size = 16`)", "block_scaled"),
    AtomAttribute("cta_group", "CTAs cooperating (tcgen05)",
                  "`sm100.*` atoms: `1` or `2` (tcgen05 `cta_group::N`; 2 doubles M across a CTA pair)", "umma"),
    AtomAttribute("val_type", "value type of the copy", "element type the copy atom moves, e.g. `f16`", "copy"),
    AtomAttribute("num_matrices", "ldmatrix / stmatrix .x1/.x2/.x4",
                  "`atom.ldsm` / `atom.stsm`: 8x8 b16 matrices per instruction: `1`, `2` or `4`", "copy"),
)
ATOM_ATTRIBUTES_BY_NAME: dict[str, AtomAttribute] = {a.name: a for a in ATOM_ATTRIBUTES}


def attributes_for(row: AtomRow | None) -> tuple[AtomAttribute, ...]:
    """The building attributes an atom takes (all MMA ones when the atom is not known)."""
    if row is None:
        return tuple(a for a in ATOM_ATTRIBUTES if a.applies_to != "copy")
    if row.implements(Interface.COPY_ATOM) and not row.implements(Interface.MMA_ATOM):
        return tuple(a for a in ATOM_ATTRIBUTES if a.applies_to == "copy")
    kinds = {"mma"}
    if row.implements(Interface.BLOCK_SCALE_ATOM):
        kinds.add("block_scaled")
    if row.mnemonic.startswith("sm100."):
        kinds.add("umma")
    return tuple(a for a in ATOM_ATTRIBUTES if a.applies_to in kinds)


@dataclass(frozen=True)
class Field:
    """A value as written, and where."""

    value: str
    span: Span


@dataclass(frozen=True)
class AtomInstance:
    mnemonic: str
    row: AtomRow
    type_span: Span                      # the atom's type as written
    defined_at: Span | None = None       # the op (or block argument) that defines the atom value
    shape: tuple[int, int, int] | None = None
    shape_field: Field | None = None
    a_type: Field | None = None
    b_type: Field | None = None
    c_type: Field | None = None
    vec_size: Field | None = None
    sf_type: Field | None = None
    cta_group: Field | None = None
    frag_kind: Field | None = None       # DSL: ss / rs
    settings: dict[str, Field] = field(default_factory=dict)   # every other key = value written
    # The type's parameters as written: its text may lie in an alias definition, outside the
    # tree of the unit that uses it.
    params: tuple[TypeParam, ...] = ()

    @property
    def is_mma(self) -> bool:
        return self.row.implements(Interface.MMA_ATOM)

    @property
    def is_copy(self) -> bool:
        return self.row.implements(Interface.COPY_ATOM)

    @property
    def spec_row(self) -> AtomRow:
        """The spec atom's row (a CuTe DSL spelling's `row` is the DSL's own)."""
        return ATOMS_BY_MNEMONIC.get(self.mnemonic, self.row)

    @property
    def sparse(self) -> bool:
        return self.spec_row.sparse

    @property
    def block_scaled(self) -> bool:
        return self.spec_row.block_scaled

    @property
    def umma(self) -> bool:
        return self.spec_row.umma

    def ptx_type(self, role: str) -> str | None:
        f = {"a": self.a_type, "b": self.b_type, "c": self.c_type}[role]
        return PTX_TYPE.get(f.value) if f is not None else None

    def setting(self, key: str) -> Field | None:
        return self.settings.get(key)


_INT_LIST = re.compile(r"-?\d+")


def _shape_of(text: str) -> tuple[int, int, int] | None:
    """`[16, 8, 32]`, `16x8x32` or `<"(16,8,64)">` -> (16, 8, 32)."""
    numbers = [int(n) for n in _INT_LIST.findall(text)]
    return tuple(numbers) if len(numbers) == 3 else None  # type: ignore[return-value]


def _split_tuple(text: str) -> list[str]:
    inner = text.strip()
    if inner.startswith("(") and inner.endswith(")"):
        inner = inner[1:-1]
    return [part.strip() for part in inner.split(",") if part.strip()]


def atom_instance(ty: CuteNvgpuType, attributes: dict[str, Field] | None = None,
                  defined_at: Span | None = None) -> AtomInstance | None:
    """The atom a value of type `ty` denotes; op attributes override nothing the type says.

    `attributes` are the building op's attributes (`shape_MNK`, `a_type`, ...). Returns None
    for types that are not atoms (descriptor types, integer types, unknown mnemonics, CuTe DSL
    mnemonics without the semantics of one of our atoms). A DSL mnemonic that has them
    (`atom.g2r`: a universal copy) is that atom, with the residency its own row states.
    """
    row = ty.row
    if row is not None and row.vocabulary == CUTE_DSL and row.lowers_as is None:
        return None
    if row is None or not (row.implements(Interface.MMA_ATOM) or row.implements(Interface.COPY_ATOM)
                           or row.implements(Interface.TMA_ATOM)):
        return None
    attrs = dict(attributes or {})
    params = {p.key: Field(p.value or "", p.span) for p in ty.params if p.kind == "key_value" and p.key}
    shape_field = attrs.get("shape_MNK")
    for p in ty.params:
        if p.kind == "shape":
            shape_field = shape_field or Field(p.text, p.span)
    shape = _shape_of(shape_field.value) if shape_field is not None else None
    types: dict[str, Field | None] = {k: attrs.get(f"{k}_type") for k in ("a", "b", "c")}
    elem = params.get("elem_type")
    if elem is not None:
        parts = _split_tuple(elem.value)
        if len(parts) == 3:
            for key, value in zip(("a", "b", "c"), parts):
                types[key] = types[key] or Field(value, elem.span)
    value_type = attrs.get("val_type") or params.get("val_type")
    if value_type is None and ty.value_type is not None:
        value_type = Field(ty.value_type, ty.params[0].span if ty.params else ty.span)
    settings = {**params, **attrs}
    if value_type is not None:
        settings["val_type"] = value_type
    return AtomInstance(
        mnemonic=row.lowers_as or ty.mnemonic,
        row=row,
        type_span=ty.span,
        defined_at=defined_at,
        shape=shape,
        shape_field=shape_field,
        a_type=types["a"],
        b_type=types["b"],
        c_type=types["c"],
        vec_size=attrs.get("vec_size") or params.get("vec_size"),
        sf_type=attrs.get("sf_type") or params.get("sf_type"),
        cta_group=attrs.get("cta_group") or params.get("cta_group"),
        frag_kind=attrs.get("frag_kind") or params.get("frag_kind"),
        settings=settings,
        params=tuple(ty.params),
    )


def lookup_row(mnemonic: str) -> AtomRow | None:
    return ATOMS_BY_MNEMONIC.get(mnemonic)


def with_defined_at(atom: AtomInstance, span: Span) -> AtomInstance:
    return replace(atom, defined_at=span)


def implied_atom(mnemonic: str, attributes: dict[str, Field], name_span: Span,
                 defined_at: Span | None = None) -> AtomInstance | None:
    """The atom an op that builds one fixed atom denotes when its result type is not written
    (`%a = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 32], vec_size = 32}`): the atom
    of that mnemonic, configured by the op's own attributes; its type "is written" at the op
    name."""
    row = ATOMS_BY_MNEMONIC.get(mnemonic)
    if row is None:
        return None
    ty = CuteNvgpuType(mnemonic, MnemonicArm.LITERAL, name_span, name_span, row=row)
    return atom_instance(ty, attributes, defined_at)
