"""MMA atoms: building them (`make_*` ops) and applying them (`cute_nvgpu.mma`).

Check order. The spec's pseudocode (mma-atoms page: `verify_mma_atom`, `verify_sm80_mma`,
`verify_sm89_fp8_mma`, `verify_sm100_umma`, `verify_sm120_block_scaled`,
`verify_operand_layout`; registry page: "MMA Atom Verifier Diagnostics") is followed in this
order; every ladder reports its first failure and the op's checks stop there.

The atom, where it is written (the make op's attributes, or the type of a block argument):
  1. target           `check_target` (verify/target.py): the atom's hardware gate.
  2. WGMMA type pairs  s8/u8, s4/u4, u1 need each other and an i32 accumulator; FP8 needs FP8
                      (mma-atoms "GMMA_K and MN Constraints"). Hardware: there is no s4/u4
                      wgmma at all (hardware-facts 2), reported after the pair rule passes.
  3. block scaling    c type Float32 (mma-atoms "(atom_K, vecSize)"), then the (K, vec_size)
                      pair: the pairs come from the lattice rows (hardware-facts 4 and 5).
  4. the lattice      the first feasibility gate (mma-atoms "Per-Arch MMA Shape Lattice"),
                      with the nearest legal shape.
  5. sf_type          the scale-factor type the matched lattice rows take (hardware-facts 4, 5:
                      the spec's E8M0-only rule would reject NVFP4's ue4m3).

The op (`cute_nvgpu.mma %atom, %d, %a, %b, %c [, %e] [, %sfa, %sfb]`):
  0. interface dispatch (registry `verify_atom_instance`; an atom defined outside the unit is
     read from the op's type list), the atom's own rules (silently when the make op already
     reports them), the operand count (sparse metadata / scale factors missing are named).
     Operand types written as `!alias` are resolved and reported where the alias is written.
  Register MMA (SM70-SM89 and SM120; "Non-UMMA shared verifier", `verify_sm80_mma`,
  `verify_sm89_fp8_mma`, `verify_sm120_block_scaled`, which all check residency first):
  1r. residency: A, B, D (and C) in registers.
  2r. one element type for A and B (all of A, B, C, D for the universal FMA), except the mixes
      the lattice rows allow (s8 x u8, e4m3 x e5m2, the mxf8f6f4 mixes).
  3r. element types against the atom: A, B, then C and D.
  UMMA family (SM90 WGMMA, SM100 UMMA; "The element-type check happens before the residency
  check"):
  1u. element types: A, B, C, D ("c" covers C and D).
  2u. residency: A, B, D (the first mismatch is reported), then C with D, then `frag_kind`.
  Both:
  4. layouts: composed-layout rejection, ranks (A/B, C/D, C by A's rank), each operand against
     its canonical layout then static / no scaled basis (`verify_operand_layout`), and for the
     UMMA family the descriptor / TMEM matrix checks ("invalid layout of A/B/D") and the gemm
     they form ("fail to form a gemm").
  5. per-thread fragment sizes of register operands (tile area / threads, `fragment_counts`).
  6. sparse metadata E (`require(use.sparse_metadata.valid)`).
  7. scale factors SFA / SFB: residency, same type, a type the variant takes, the atom's
     `sf_type`, canonical layouts.

Messages come from the catalogue verbatim where the spec gives one; the others are cute-ir's
own and name the values involved.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..diagnostics import Related
from ..diagnostics.catalogue import get as message
from ..dialects.cute_nvgpu.atoms import PTX_TYPE, SCALE_TYPE, AtomInstance, Field
from ..dialects.cute_nvgpu.operands import OperandType
from ..dialects.cute_nvgpu.ops import MAKE_ATOM, lookup_op
from ..dialects.cute_nvgpu.written import WrittenType
from ..ir.core import Operation, OpResult, Value
from ..layout import has_scaled_basis, is_static, layouts_equivalent, mode, parse_layout, rank, size
from ..layout.inttuple import leaves
from ..layout.model import ComposedLayout, Layout
from ..tables.atoms import LatticeMatch, MmaShapeRow, Residency, fragment_counts, shapes_text
from ..tables.legality import block_scale_pairs, mma_lattice, takes_input_mix
from .context import VerifyContext
from .target import check_target

INTERFACE = "verify.atom.unknown-interface"


# The WGMMA type-pair rules (mma-atoms page, "GMMA_K and MN Constraints"): an input family
# whose members pair only with each other and with an s32 (i32) accumulator.
_WGMMA_PAIRS: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"s8", "u8"}), "verify.mma.wgmma.expects-s8-u8"),
    (frozenset({"s4", "u4"}), "verify.mma.wgmma.expects-s4-u4"),
    (frozenset({"b1"}), "verify.mma.wgmma.expects-u1"),
)
_INT4 = frozenset({"s4", "u4"})
_FP8 = frozenset({"e4m3", "e5m2"})
# WGMMA takes transpose immediates (MN-major SMEM operands) for 16-bit inputs only
# (hardware-facts, "Spellings that assemble": tf32/fp8/int forms take no transpose immediates).
_WGMMA_TRANSPOSABLE = frozenset({"f16", "bf16"})
_NO_INT4_NOTE = ("wgmma has no s4/u4 form at all (PTX ISA; ptxas 13.0: 'Unexpected instruction "
                 "types'); 4-bit integer MMA is `sm80.mma` 16x8x64")
_SCALE_MLIR = {"ue8m0": "f8E8M0FNU", "ue4m3": "f8E4M3FN"}
_PACKED_SCALES = frozenset({"i32", "ui32", "si32"})      # four scale bytes in one b32 register
_METADATA_TYPES = frozenset({"i32", "ui32", "si32"})     # mma.sp metadata: one .b32 register


def _render(code: str, *args: object) -> str:
    return message(code).render(*args)


def _int(field: Field | None) -> int | None:
    return int(field.value) if field is not None and field.value.strip().isdigit() else None


def _ptx(mlir_type: str | None) -> str | None:
    return PTX_TYPE.get(mlir_type, mlir_type) if mlir_type is not None else None


def _shape_text(atom: AtomInstance) -> str:
    return "x".join(map(str, atom.shape)) if atom.shape is not None else "?"


# ------------------------------------------------------------------ the lattice gate
def lattice(atom: AtomInstance) -> LatticeMatch | None:
    """The rows the atom's shape, element types, vec_size and cta_group select (the one rule,
    `tables/legality.mma_lattice`); None when the atom does not say enough (shape or element
    types absent) to check."""
    if atom.shape is None or atom.a_type is None or atom.b_type is None or atom.c_type is None:
        return None
    return mma_lattice(atom.mnemonic, atom.shape, atom.ptx_type("a"), atom.ptx_type("b"), atom.ptx_type("c"),
                       vec_size=_int(atom.vec_size), cta_group=_int(atom.cta_group))


def check_lattice(ctx: VerifyContext, atom: AtomInstance) -> bool:
    result = lattice(atom)
    if result is None or result.rows:
        return True
    m, n, k = atom.shape
    types = f"({atom.a_type.value}, {atom.b_type.value}, {atom.c_type.value})"
    where = atom.shape_field.span if atom.shape_field is not None else atom.type_span
    if not result.candidates:
        ctx.error("verify.mma.lattice-types", atom.a_type.span,
                  f"`{atom.mnemonic}` has no tile for element types {types}")
        return False
    legal = shapes_text(result.candidates)
    hint = f"; nearest legal shape: {'x'.join(map(str, result.nearest))}" if result.nearest else ""
    ctx.error("verify.mma.lattice-shape", where,
              f"shape {m}x{n}x{k} is not in the `{atom.mnemonic}` lattice for element types {types}: "
              f"legal {legal}{hint}")
    return False


# ------------------------------------------------------------------ atom construction rules
def check_wgmma_types(ctx: VerifyContext, atom: AtomInstance) -> bool:
    """The WGMMA input-pair rules, on the attribute that breaks the pair."""
    if atom.mnemonic != "sm90.mma" or atom.a_type is None or atom.b_type is None or atom.c_type is None:
        return True
    a, b, c = atom.ptx_type("a"), atom.ptx_type("b"), atom.ptx_type("c")
    for inputs, code in _WGMMA_PAIRS:
        if a not in inputs and b not in inputs:
            continue
        if a in inputs and b in inputs and c == "s32":
            if inputs == _INT4:
                # The pair is what the spec asks for, but the hardware has no such wgmma.
                ctx.error("verify.mma.wgmma.no-int4", atom.a_type.span,
                          f"`sm90.mma` cannot take A/B of type {atom.a_type.value}/{atom.b_type.value}: "
                          + _NO_INT4_NOTE)
                return False
            break
        offending = atom.a_type if a not in inputs else atom.b_type if b not in inputs else atom.c_type
        related = (Related(offending.span, _NO_INT4_NOTE),) if inputs == _INT4 else ()
        ctx.error(code, offending.span, _render(code), related)
        return False
    if (a in _FP8) != (b in _FP8):
        offending = atom.b_type if a in _FP8 else atom.a_type
        ctx.error("verify.mma.wgmma.expects-fp8", offending.span, _render("verify.mma.wgmma.expects-fp8"))
        return False
    return True


def check_block_scaled(ctx: VerifyContext, atom: AtomInstance) -> bool:
    if not atom.block_scaled:
        return True
    if atom.c_type is not None and atom.ptx_type("c") != "f32":
        ctx.error("verify.mma.block-scaled.expects-f32-accumulator", atom.c_type.span,
                  _render("verify.mma.block-scaled.expects-f32-accumulator"))
        return False
    if atom.vec_size is None:
        return True
    # The (atom_K, vecSize) rule (mma-atoms "SM100 UMMA Block-Scaled (atom_K, vecSize) Atoms"),
    # with the pairs and kinds of the hardware (hardware-facts 4, 5) read from the lattice.
    pairs = block_scale_pairs(atom.mnemonic)
    vec = _int(atom.vec_size)
    k = atom.shape[2] if atom.shape is not None else None
    ks = {pk for pk, _ in pairs}
    legal = ", ".join(f"({pk}, {pv}) kind::{'/'.join(kinds)}" for (pk, pv), kinds in pairs.items())
    if vec is None or vec not in {pv for _, pv in pairs}:
        vecs = " or ".join(str(v) for v in sorted({pv for _, pv in pairs}))
        ctx.error("verify.mma.block-scaled.vec-size", atom.vec_size.span,
                  f"`{atom.mnemonic}` takes vec_size {vecs}, got {atom.vec_size.value}; "
                  f"legal (K, vec_size): {legal}")
        return False
    if k in ks and (k, vec) not in pairs:
        vecs = " or ".join(str(pv) for pk, pv in pairs if pk == k)
        ctx.error("verify.mma.block-scaled.vec-size", atom.vec_size.span,
                  f"`{atom.mnemonic}` with K = {k} takes vec_size {vecs}, got {vec}; "
                  f"legal (K, vec_size): {legal}")
        return False
    return True


def _allowed_scales(rows: list[MmaShapeRow]) -> list[str]:
    out: list[str] = []
    for r in rows:
        for s in (r.block_scale.scale_types if r.block_scale is not None else ()):
            if s not in out:
                out.append(s)
    return out


def _scales_text(scales: list[str]) -> str:
    return " or ".join(f"{s} ({_SCALE_MLIR.get(s, s)})" for s in scales)


def _variant_text(atom: AtomInstance, rows: list[MmaShapeRow]) -> str:
    kinds = ", ".join(dict.fromkeys(f"kind::{r.block_scale.kind} scale_vec::{r.block_scale.scale_vec}"
                                    for r in rows if r.block_scale is not None))
    vec = f" with vec_size {atom.vec_size.value}" if atom.vec_size is not None else ""
    return f"`{atom.mnemonic}` {_shape_text(atom)}{vec} ({kinds})"


def check_scale_type(ctx: VerifyContext, atom: AtomInstance) -> bool:
    """The atom's `sf_type` against what its variant takes (hardware-facts 4 and 5)."""
    if not atom.block_scaled or atom.sf_type is None:
        return True
    scale = SCALE_TYPE.get(atom.sf_type.value)
    if scale is None:
        ctx.error("verify.mma.block-scaled.scale-type", atom.sf_type.span,
                  f"sf_type must be a scale-factor type, {_scales_text(['ue8m0', 'ue4m3'])}, "
                  f"got {atom.sf_type.value}")
        return False
    rows = (lattice(atom) or LatticeMatch([], [], None)).rows
    allowed = _allowed_scales(rows)
    if allowed and scale not in allowed:
        ctx.error("verify.mma.block-scaled.scale-type", atom.sf_type.span,
                  f"{_variant_text(atom, rows)} takes {_scales_text(allowed)} scale factors, "
                  f"got sf_type = {atom.sf_type.value}")
        return False
    return True


def verify_atom(ctx: VerifyContext, atom: AtomInstance) -> bool:
    """Rules on the atom itself, reported where the atom is written."""
    return (check_target(ctx, atom) and check_wgmma_types(ctx, atom)
            and check_block_scaled(ctx, atom) and check_lattice(ctx, atom)
            and check_scale_type(ctx, atom))


# ------------------------------------------------------------------ applying an atom
_ROLES_DENSE = ("D", "A", "B", "C")


def _roles(atom: AtomInstance) -> tuple[str, ...]:
    roles = _ROLES_DENSE
    if atom.sparse:
        roles += ("E",)
    if atom.block_scaled:
        roles += ("SFA", "SFB")
    return roles


@dataclass
class _Use:
    """One application of an atom: its operands by role, their parsed layouts, lattice rows."""

    atom: AtomInstance
    ops: dict[str, OperandType]
    layouts: dict[str, Layout | ComposedLayout]
    rows: list[MmaShapeRow]

    @property
    def umma(self) -> bool:
        return self.atom.umma

    def notes(self, ctx: VerifyContext, *extra: Related) -> tuple[Related, ...]:
        return tuple(extra) + ctx.note_at_definition(self.atom)


def _parse(operand: OperandType) -> Layout | ComposedLayout | None:
    if operand.layout is None or operand.layout_body is None:
        return None
    parsed = parse_layout(operand.layout_body)
    return parsed.value if parsed.error is None else None


def _printed(operand: OperandType) -> str:
    """An operand in the A/B/D messages: its layout when it has one, else its type."""
    return operand.layout if operand.layout is not None else operand.text


def _abd(use: _Use) -> tuple[str, str, str]:
    return _printed(use.ops["A"]), _printed(use.ops["B"]), _printed(use.ops["D"])


def _expected_element(atom: AtomInstance, role: str) -> Field | None:
    return {"A": atom.a_type, "B": atom.b_type, "C": atom.c_type, "D": atom.c_type}.get(role)


def _same_element(expected: str, actual: str) -> bool:
    return expected == actual or _ptx(expected) == _ptx(actual)


def _element_ladder(ctx: VerifyContext, atom: AtomInstance, ops: dict[str, OperandType]) -> bool:
    """A, B, then C and D against the atom's types; operands without an element type (a bare
    `smem_desc`, a type that is no value at all) are left to the residency check.

    Which "operand a" message: the UMMA family emits the catalogue template
    `verify.mma.expects-operand-a-element-type`; the register path emits
    `verify.mma.register.expects-operand-a-element-type`, the non-UMMA verifier's prefix
    "expects operand a with element type " followed by the expected and the actual type. The
    page shows that tail only as the UMMA template's `{0}, but get {1}.`, so the register path
    streams the same tail: both read alike, the code says which ladder ran.
    """
    register = not atom.umma
    for role, code in (("A", "verify.mma.expects-operand-a-element-type"),
                       ("B", "verify.mma.expects-operand-b-element-type"),
                       ("C", "verify.mma.expects-operand-c-element-type"),
                       ("D", "verify.mma.expects-operand-c-element-type")):
        expected, operand = _expected_element(atom, role), ops[role]
        if expected is None or operand.element_type is None:
            continue
        if _same_element(expected.value, operand.element_type):
            continue
        if register and role == "A":
            ctx.error("verify.mma.register.expects-operand-a-element-type", operand.span,
                      _render("verify.mma.register.expects-operand-a-element-type",
                              f"{expected.value}, but get {operand.element_type}."))
        else:
            ctx.error(code, operand.span, _render(code, expected.value, operand.element_type))
        return False
    return True


# ---- UMMA family ladders
def _umma_residency(ctx: VerifyContext, use: _Use) -> bool:
    """The UMMA residency ladder: the first operand in the wrong place is reported."""
    atom, ops = use.atom, use.ops
    sm100 = atom.mnemonic.startswith("sm100.")
    a, b, c, d = ops["A"], ops["B"], ops["C"], ops["D"]
    a_ok = a.residency in ((Residency.SMEM_DESC, Residency.TMEM) if sm100 else (Residency.SMEM_DESC, Residency.RMEM))
    if not a_ok:
        ctx.error("verify.mma.expects-operand-a-residency", a.span,
                  _render("verify.mma.expects-operand-a-residency", a.text))
        return False
    if b.residency is not Residency.SMEM_DESC:
        ctx.error("verify.mma.expects-operand-b-residency", b.span,
                  _render("verify.mma.expects-operand-b-residency", b.text))
        return False
    accumulator = Residency.TMEM if sm100 else Residency.RMEM
    if d.residency is not accumulator:
        ctx.error("verify.mma.expects-operand-d-residency", d.span,
                  _render("verify.mma.expects-operand-d-residency", d.text))
        return False
    if c.residency is not accumulator:
        where = "a tensor-memory memref (memory space 6)" if sm100 else "a register memref"
        ctx.error("verify.mma.expects-operand-c-residency", c.span,
                  f"expects {where} for operand C, where D lives, but gets C: {c.text}")
        return False
    # The CuTe DSL spelling carries the WGMMA operand source: ss = A from SMEM, rs = A in registers.
    kind = atom.frag_kind.value.strip() if atom.frag_kind is not None else None
    wants = {"ss": Residency.SMEM_DESC, "rs": Residency.RMEM}.get(kind or "")
    if wants is not None and a.residency is not wants:
        place = "an SMEM descriptor (smem_desc_view)" if wants is Residency.SMEM_DESC else "a register fragment"
        ctx.error("verify.mma.wgmma.frag-kind", a.span,
                  f"`{atom.mnemonic}` with frag_kind = {kind} takes A as {place}, but gets A: {a.text}")
        return False
    return True


# ---- register (non-UMMA) ladders
def _register_ladders(ctx: VerifyContext, use: _Use) -> bool:
    atom, ops = use.atom, use.ops
    offender = next((r for r in ("A", "B", "D", "C") if ops[r].residency is not Residency.RMEM), None)
    if offender is not None:
        tail = f"{ops['A'].text}, B: {ops['B'].text}, D: {ops['D'].text}"
        if offender == "C":
            tail += f", C: {ops['C'].text}"
        ctx.error("verify.mma.expects-rmem-operands", ops[offender].span,
                  _render("verify.mma.expects-rmem-operands", tail))
        return False
    odd = _non_uniform(atom, ops)
    if odd is not None:
        ctx.error("verify.mma.expects-uniform-element-type", ops[odd].span,
                  _render("verify.mma.expects-uniform-element-type"))
        return False
    return _element_ladder(ctx, atom, ops)


def _non_uniform(atom: AtomInstance, ops: dict[str, OperandType]) -> str | None:
    """The operand breaking "A, B and D share one element type" (registry, non-UMMA verifier).

    The universal FMA computes in one type: A, B, C and D. The mma.sync forms have their own
    accumulator type, so the rule binds A and B, except for the input mixes the hardware takes
    and the lattice rows list (s8 x u8, s4 x u4, e4m3 x e5m2 on SM89, the kind::mxf8f6f4 mixes
    on SM120).
    """
    a = _ptx(ops["A"].element_type)
    if a is None:
        return None
    if atom.mnemonic == "atom.universal_fma":
        return next((r for r in ("B", "C", "D")
                     if ops[r].element_type is not None and _ptx(ops[r].element_type) != a), None)
    b = _ptx(ops["B"].element_type)
    if b is None or a == b:
        return None
    if takes_input_mix(atom.mnemonic, a, b):
        return None
    return "B"


# ---- layouts
def _layout_ladder(ctx: VerifyContext, use: _Use) -> bool:
    ops, layouts = use.ops, use.layouts
    # Composed-layout rejection (registry, "Composed-layout rejection"): A/B/D with the
    # stitched message; C through the shared prefix fragment with its own operand.
    for role in ("A", "B", "D"):
        if isinstance(layouts.get(role), ComposedLayout):
            ctx.error("verify.layout.composed-unsupported-abd", ops[role].layout_span,
                      _render("verify.layout.composed-unsupported-abd", *_abd(use)))
            return False
    if isinstance(layouts.get("C"), ComposedLayout):
        ctx.error("verify.layout.composed-unsupported", ops["C"].layout_span,
                  _render("verify.layout.composed-unsupported", f"C, but got: C: {ops['C'].layout}"))
        return False
    if not _ranks(ctx, use):
        return False
    for role in ("A", "B", "D", "C"):
        if not _operand_layout(ctx, use, role):
            return False
    if use.umma:
        return _matrix_layouts(ctx, use) and _gemm(ctx, use)
    return True


# C's rank by A's (and B's) rank: CuTe's gemm dispatch (cute/algorithm/gemm.hpp), which the
# spec's tiled-mma rank messages guard but do not spell out:
#   (V) x (V) => (V)  and  (M) x (N) => (M,N)        A rank 1: C rank 1 or 2
#   (M,K) x (N,K) => (M,N)  and  (V,M) x (V,N) => (V,M,N)   A rank 2: C rank 2 or 3
#   (V,M,K) x (V,N,K) => (V,M,N)                     A rank 3: C rank 3
# Every atom family lands on these: register fragments are (thread, value) layouts (rank 2,
# C rank 2), WGMMA / UMMA descriptors and TMEM tiles are (MN, K) / (M, N) matrices (rank 2).
_C_RANKS: dict[int, tuple[tuple[int, ...], str]] = {
    1: ((1, 2), "verify.layout.rank-c-1-or-2"),
    2: ((2, 3), "verify.layout.rank-c-2-or-3"),
    3: ((3,), "verify.layout.rank-c-3"),
}


def _plain(use: _Use, role: str) -> Layout | None:
    layout = use.layouts.get(role)
    return layout if isinstance(layout, Layout) else None


def _ranks(ctx: VerifyContext, use: _Use) -> bool:
    ops = use.ops
    a, b, c, d = (_plain(use, r) for r in ("A", "B", "C", "D"))
    if a is not None and b is not None and rank(a) != rank(b):
        ctx.error("verify.layout.rank-a-b-mismatch", ops["B"].layout_span,
                  _render("verify.layout.rank-a-b-mismatch",
                          f"{ops['A'].layout} (rank {rank(a)}), B: {ops['B'].layout} (rank {rank(b)})"))
        return False
    if c is not None and d is not None and rank(c) != rank(d):
        ctx.error("verify.layout.rank-c-d-mismatch", ops["D"].layout_span,
                  _render("verify.layout.rank-c-d-mismatch",
                          f"{ops['C'].layout} (rank {rank(c)}), D: {ops['D'].layout} (rank {rank(d)})"))
        return False
    ab_role = "A" if a is not None else "B" if b is not None else None
    if ab_role is None:
        return True
    ab_rank = rank(a if a is not None else b)
    if ab_rank not in _C_RANKS:
        ctx.error("verify.layout.rank-a-b", ops[ab_role].layout_span,
                  f"expects A, B to have rank 1, 2 or 3, but got {ab_role}: "
                  f"{ops[ab_role].layout} (rank {ab_rank})")
        return False
    if c is None:
        return True
    allowed, code = _C_RANKS[ab_rank]
    if rank(c) not in allowed:
        ctx.error(code, ops["C"].layout_span,
                  _render(code, f"{ops['C'].layout} (rank {rank(c)}; A and B have rank {ab_rank})"))
        return False
    return True


_CANONICAL_FIELD = {"A": "a", "B": "b", "C": "c", "D": "c", "SFA": "sfa", "SFB": "sfb"}


def _canonical(use: _Use, role: str) -> list[str]:
    """The CUTLASS (thread, value) layouts the matched lattice rows give for `role`."""
    n = use.atom.shape[1] if use.atom.shape is not None else None
    out: list[str] = []
    for r in use.rows:
        text = r.layouts.for_shape(_CANONICAL_FIELD[role], n) if r.layouts is not None else None
        if text and text not in out:
            out.append(text)
    return out


def _equivalent(a: Layout, b: Layout | ComposedLayout) -> bool:
    try:
        return layouts_equivalent(a, b)
    except (ValueError, TypeError, ZeroDivisionError):
        return False


def _operand_layout(ctx: VerifyContext, use: _Use, role: str) -> bool:
    """`verify_operand_layout`: equivalent to the atom's layout, then static, no scaled basis.

    Only register fragments have a canonical (thread, value) layout in the tables; descriptor
    and TMEM operands get the matrix checks of `_matrix_layouts` instead.
    """
    layout, operand = _plain(use, role), use.ops.get(role)
    if layout is None or operand is None:
        return True
    if operand.residency is Residency.RMEM:
        canonical = _canonical(use, role)
        parsed = [p for p in (parse_layout(t).value for t in canonical) if p is not None]
        if parsed and not any(_equivalent(layout, p) for p in parsed):
            ctx.error("verify.mma.expects-atom-layout", operand.layout_span,
                      _render("verify.mma.expects-atom-layout", f"#cute.layout<{canonical[0]}>"))
            return False
    if not is_static(layout) or has_scaled_basis(layout):
        ctx.error("verify.mma.expects-static-unscaled-layout", operand.layout_span,
                  _render("verify.mma.expects-static-unscaled-layout", " " + (operand.layout or "")))
        return False
    return True


def _extents(layout: Layout) -> tuple[int | None, ...]:
    return tuple(size(mode(layout, i)) for i in range(rank(layout)))


def _first_strides(layout: Layout) -> tuple[object, ...]:
    strides = layout.stride if isinstance(layout.stride, tuple) else (layout.stride,)
    return tuple(leaves(s)[0] for s in strides)


def _k_mode(use: _Use, role: str, extents: tuple[int | None, ...]) -> int | None:
    """Which mode of a descriptor operand is K. A is (M, K). The spec writes B as (K, N)
    (mma-atoms "SM90 WGMMA m64nNk16": `(16, N) : (N, 1)`); a CuTe-style (N, K) B is recognised
    by its extents. None when B's extents cannot tell (N == K, or no shape)."""
    if role == "A":
        return 1
    if use.atom.shape is None:
        return None
    _, n, k = use.atom.shape
    if n == k:
        return None
    return 1 if extents == (n, k) else 0


def _matrix_layouts(ctx: VerifyContext, use: _Use) -> bool:
    """The per-operand canonical checks of the UMMA family ("invalid layout of A/B/D"): a
    descriptor describes a rank-2 (MN, K) tile with one unit-stride mode (K-major or MN-major),
    K-major only where WGMMA takes no transpose; a TMEM operand is a rank-2 (lanes, columns)
    tile. Register fragments were checked against their (thread, value) layouts already."""
    atom = use.atom
    for role in ("A", "B", "D"):
        operand, layout = use.ops[role], _plain(use, role)
        if layout is None or operand.residency not in (Residency.SMEM_DESC, Residency.TMEM):
            continue
        names = {"A": "(M, K)", "B": "(K, N)", "D": "(M, N)"}[role]
        where = "an SMEM descriptor" if operand.residency is Residency.SMEM_DESC else "a TMEM"
        problem = None
        if rank(layout) != 2:
            problem = (f"{role} must be a rank-2 {names} tile for {where} operand, "
                       f"but {operand.layout} has rank {rank(layout)}")
        elif operand.residency is Residency.SMEM_DESC:
            strides = _first_strides(layout)
            k_mode = _k_mode(use, role, _extents(layout))
            declared = _expected_element(atom, role)
            element = _ptx(operand.element_type) or _ptx(declared.value if declared is not None else None)
            if 1 not in strides:
                problem = (f"a matrix descriptor needs a K-major or MN-major {role}: the first stride "
                           f"of one mode must be 1, but {operand.layout} starts its modes with "
                           f"strides {', '.join(map(str, strides))}")
            elif (atom.mnemonic == "sm90.mma" and element is not None and k_mode is not None
                  and element not in _WGMMA_TRANSPOSABLE and strides[k_mode] != 1):
                problem = (f"{role} must be K-major: wgmma takes no transpose for {element} inputs "
                           f"(only f16/bf16 operands may be MN-major), so the first stride of "
                           f"{role}'s K mode (mode {k_mode}) must be 1")
        if problem is not None:
            ctx.error("verify.mma.invalid-operand-layouts", operand.layout_span,
                      _render("verify.mma.invalid-operand-layouts", *_abd(use)),
                      use.notes(ctx, Related(operand.layout_span, problem)))
            return False
    return True


def _gemm(ctx: VerifyContext, use: _Use) -> bool:
    """Descriptor and TMEM tiles must compose into the atom's (M, N, K) gemm: A (M, K),
    B (K, N) (or CuTe's (N, K)), D (M, N). A structurally sparse A holds K/2; with
    cta_group = 2 a CTA may hold its half of M (A, D) or N (B)."""
    atom = use.atom
    if atom.shape is None:
        return True
    m, n, k = atom.shape
    a_k = k // 2 if atom.sparse else k
    cta = _int(atom.cta_group)
    # An atom without cta_group is cta_group::1 (the PTX default) unless only 2-CTA rows fit.
    pair = cta == 2 or (cta is None and bool(use.rows) and all(r.cta_group == 2 for r in use.rows))
    wanted = {
        "A": [(m, a_k)] + ([(m // 2, a_k)] if pair else []),
        "B": [(k, n), (n, k)] + ([(k, n // 2), (n // 2, k)] if pair else []),
        "D": [(m, n)] + ([(m // 2, n)] if pair else []),
    }
    spelled = {"A": f"M x K = {m}x{a_k}" + (" (structurally sparse: K/2)" if atom.sparse else ""),
               "B": f"K x N = {k}x{n}", "D": f"M x N = {m}x{n}"}
    for role in ("A", "B", "D"):
        operand, layout = use.ops[role], _plain(use, role)
        if layout is None or operand.residency not in (Residency.SMEM_DESC, Residency.TMEM):
            continue
        extents = _extents(layout)
        if None in extents or extents in wanted[role]:
            continue
        half = " (or its half per CTA with cta_group = 2)" if pair else ""
        note = (f"{role} is {'x'.join(map(str, extents))}, but the {_shape_text(atom)} "
                f"`{atom.mnemonic}` tile needs {role} = {spelled[role]}{half}")
        ctx.error("verify.mma.layouts-not-gemm", operand.layout_span,
                  _render("verify.mma.layouts-not-gemm", *_abd(use)),
                  use.notes(ctx, Related(operand.layout_span, note)))
        return False
    return True


# ---- per-thread fragment sizes
_SHAPED = re.compile(r"^\s*(?:memref|vector)\s*<\s*((?:\d+\s*x\s*)+)")


def _element_count(operand: OperandType) -> int | None:
    match = _SHAPED.match(operand.text)
    if match is None:
        return 1 if operand.text.strip() == (operand.element_type or "").strip() else None
    count = 1
    for dim in re.findall(r"\d+", match.group(1)):
        count *= int(dim)
    return count


def _fragment_sizes(ctx: VerifyContext, use: _Use) -> bool:
    """Register operands hold the per-thread share of the tile (tile area / threads)."""
    atom = use.atom
    if not use.rows or atom.shape is None:
        return True
    row = use.rows[0]
    a_res = use.ops["A"].residency if use.ops["A"].residency in row.a_residencies else row.a_residencies[0]
    counts = fragment_counts(row, atom.shape, a_res)
    for role, key in (("A", "A"), ("B", "B"), ("D", "C"), ("C", "C")):
        operand, wanted = use.ops[role], counts.get(key)
        if wanted is None or operand.residency is not Residency.RMEM:
            continue
        have = _element_count(operand)
        if have is not None and have != wanted:
            ctx.error("verify.mma.fragment-size", operand.span,
                      f"expects operand {role} to hold {wanted} elements per thread "
                      f"({_shape_text(atom)} `{atom.mnemonic}` over {row.threads} threads), "
                      f"but gets {role}: {operand.text} with {have}")
            return False
    return True


# ---- sparse metadata and scale factors
def _sparse_metadata(ctx: VerifyContext, use: _Use) -> bool:
    atom = use.atom
    if not atom.sparse:
        return True
    e = use.ops["E"]
    if use.umma:
        if e.residency is not Residency.TMEM:
            ctx.error("verify.mma.sparse-metadata", e.span,
                      f"expects the sparse metadata operand E of `{atom.mnemonic}` in tensor memory "
                      f"(a memref in memory space 6), but gets E: {e.text}")
            return False
        return True
    if e.residency is not Residency.RMEM or e.element_type not in _METADATA_TYPES:
        ctx.error("verify.mma.sparse-metadata", e.span,
                  f"expects the sparse metadata operand E of `{atom.mnemonic}` as a 32-bit register "
                  f"fragment (i32 or ui32, the mma.sp metadata register), but gets E: {e.text}")
        return False
    return True


def _scale_of(element: str | None) -> str | None:
    """ue8m0 / ue4m3, "packed" for a b32 register of four scale bytes, None when neither."""
    if element in _PACKED_SCALES:
        return "packed"
    return SCALE_TYPE.get(element or "")


def _scale_factors(ctx: VerifyContext, use: _Use) -> bool:
    atom, ops = use.atom, use.ops
    if not atom.block_scaled:
        return True
    sm100 = atom.mnemonic.startswith("sm100.")
    wanted = Residency.TMEM if sm100 else Residency.RMEM
    for role in ("SFA", "SFB"):
        if ops[role].residency is not wanted:
            where = "tensor memory (a memref in memory space 6)" if sm100 else "registers (a register memref)"
            ctx.error("verify.mma.scale-factor-residency", ops[role].span,
                      f"expects the scale factors of `{atom.mnemonic}` in {where}, but gets "
                      f"{role}: {ops[role].text}")
            return False
    sfa, sfb = ops["SFA"], ops["SFB"]
    if sfa.element_type != sfb.element_type:
        ctx.error("verify.mma.block-scaled.scale-factor-types-differ", sfb.span,
                  _render("verify.mma.block-scaled.scale-factor-types-differ"))
        return False
    scale = _scale_of(sfa.element_type)
    if scale is None:
        ctx.error("verify.mma.block-scaled.scale-type", sfa.span,
                  f"expects scale factors of type {_scales_text(['ue8m0', 'ue4m3'])}, or i32 "
                  f"registers of packed scale bytes, but gets SFA: {sfa.text}")
        return False
    if scale != "packed":
        allowed = _allowed_scales(use.rows)
        if allowed and scale not in allowed:
            ctx.error("verify.mma.block-scaled.scale-type", sfa.span,
                      f"{_variant_text(atom, use.rows)} takes {_scales_text(allowed)} scale factors, "
                      f"but gets SFA: {sfa.text}")
            return False
        declared = SCALE_TYPE.get(atom.sf_type.value) if atom.sf_type is not None else None
        if declared is not None and declared != scale:
            ctx.error("verify.mma.block-scaled.scale-type", sfa.span,
                      f"the atom's sf_type is {atom.sf_type.value}, but gets SFA: {sfa.text}")
            return False
    for role in ("SFA", "SFB"):
        layout, operand = _plain(use, role), ops[role]
        canonical = _canonical(use, role)
        expected = [p for p in (parse_layout(t).value for t in canonical) if p is not None]
        if layout is not None and expected and not any(_equivalent(layout, p) for p in expected):
            ctx.error("verify.mma.expects-atom-layout", operand.layout_span,
                      _render("verify.mma.expects-atom-layout", f"#cute.layout<{canonical[0]}>"))
            return False
    return True


# ---- the op
def _count_message(atom: AtomInstance, roles: tuple[str, ...], values: int, types: int) -> str:
    missing = roles[values:] if values == types and 4 <= values < len(roles) else ()
    if missing:
        what = []
        if "E" in missing:
            what.append("sparse metadata")
        if "SFA" in missing or "SFB" in missing:
            what.append("scale factors")
        return (f"{' and '.join(what)} missing: `{atom.mnemonic}` takes the operands "
                f"({', '.join(roles)}) with their types, but got {values} operands "
                f"({', '.join(roles[:values])})")
    return (f"`{atom.mnemonic}` takes operands ({', '.join(roles)}) with their types "
            f"`: (atom type, {', '.join(roles)})`; got {values} operands and {types} operand types")


def _atom_of(ctx: VerifyContext, value: Value, types: list[WrittenType]) -> AtomInstance | None:
    if ctx.defined(value):
        return ctx.atom_from_value(value)
    # Defined outside this unit: the op's type list still says what the atom is.
    return ctx.atom_of_type(types[0]) if types else None


def _reported_by_make_op(value: Value) -> bool:
    owner = value.owner if isinstance(value, OpResult) else None
    record = lookup_op(owner.name) if owner is not None else None
    return record is not None and record.verifier == MAKE_ATOM


def _atom_ok(ctx: VerifyContext, atom: AtomInstance, value: Value) -> bool:
    """The atom's own rules. A `cute_nvgpu.make_*` op reports them itself; any other atom (a
    block argument, a foreign builder) is reported here, once however often it is applied."""
    scratch = replace(ctx, diagnostics=[])
    ok = verify_atom(scratch, atom)
    if not _reported_by_make_op(value):
        ctx.diagnostics.extend(d for d in scratch.diagnostics if d not in ctx.diagnostics)
    return ok


def verify_mma_op(ctx: VerifyContext, op: Operation) -> None:
    if not op.operands:
        ctx.error("verify.mma.operands", ctx.name_span(op), "`cute_nvgpu.mma` takes an atom and its operands")
        return
    value = op.operands[0]
    name, at = f"%{value.name_hint}", ctx.operand_span(op, 0)
    types = ctx.operand_types(op)
    atom = _atom_of(ctx, value, types)
    if atom is None or not atom.is_mma:
        definition = ctx.definition_span(value) if ctx.defined(value) else None
        defined = (Related(definition, f"`{name}` is defined here"),) if definition is not None else ()
        if atom is not None:
            ctx.error("verify.mma.not-an-mma-atom", at,
                      f"`cute_nvgpu.mma` applies an MMA atom, but `{name}` is the "
                      f"`{atom.mnemonic}` atom, which implements no MMA interface", defined)
        else:
            ctx.error(INTERFACE, at, _render(INTERFACE), defined)
        return
    if not _atom_ok(ctx, atom, value):
        return
    roles = _roles(atom)
    values = op.operands[1:]
    if len(values) != len(roles) or len(types) != len(roles) + 1:
        ctx.error("verify.mma.operand-count", ctx.name_span(op),
                  _count_message(atom, roles, len(values), max(0, len(types) - 1)),
                  ctx.note_at_definition(atom))
        return
    classified = {role: ctx.classify(written) for role, written in zip(roles, types[1:])}
    if any(operand is None for operand in classified.values()):
        return      # an operand type named by an alias nobody defines: nothing to judge
    ops: dict[str, OperandType] = classified  # type: ignore[assignment]
    parsed = {role: _parse(operand) for role, operand in ops.items()}
    use = _Use(atom, ops, {r: p for r, p in parsed.items() if p is not None},
               (lattice(atom) or LatticeMatch([], [], None)).rows)
    before = len(ctx.diagnostics)
    if use.umma:
        ok = _element_ladder(ctx, atom, ops) and _umma_residency(ctx, use)
    else:
        ok = _register_ladders(ctx, use)
    ok = (ok and _layout_ladder(ctx, use) and _fragment_sizes(ctx, use)
          and _sparse_metadata(ctx, use) and _scale_factors(ctx, use))
    # Every operand diagnostic points back at the atom's definition.
    notes = ctx.note_at_definition(atom)
    if notes:
        ctx.diagnostics[before:] = [d if d.related else type(d)(d.code, d.span, d.severity, d.source, d.message, notes)
                                    for d in ctx.diagnostics[before:]]
