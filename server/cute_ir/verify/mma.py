"""MMA atoms: building them (`make_*` ops) and applying them (`cute_nvgpu.mma`).

Check order follows the spec: interface dispatch, target, the shape lattice (the first
feasibility gate), then element types before residency, then layouts; the first failure of a
ladder is reported and the ladder stops. Messages come from the catalogue verbatim where the
spec gives one.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics.catalogue import get as message
from ..dialects.cute_nvgpu.atoms import PTX_TYPE, SCALE_TYPE, AtomInstance
from ..dialects.cute_nvgpu.operands import OperandType
from ..ir import Operation
from ..layout import has_scaled_basis, is_static, layouts_equivalent, parse_layout
from ..layout.model import ComposedLayout
from ..tables.atoms import Residency, find_mma_rows, MmaShapeRow
from .context import VerifyContext
from .target import check_target

INTERFACE = "verify.atom.unknown-interface"

# The UMMA family (WGMMA and tcgen05) runs the element-type then residency ladders; the
# register-MMA tiers (SM70-SM89) run the shared non-UMMA verifier.
UMMA_FAMILY = frozenset({"sm90.mma", "sm100.mma", "sm100.mma_sp", "sm100.mma_bs", "sm100.mma_bs_sp"})
REGISTER_MMA = frozenset({"atom.universal_fma", "sm80.mma", "sm80.sparse_mma", "sm89.mma", "SM120.mma_bs"})

# The WGMMA type-pair rules (mma-atoms page, "GMMA_K and MN Constraints"): which input family
# requires which accumulator, with the verbatim diagnostic.
_WGMMA_PAIRS: tuple[tuple[frozenset[str], frozenset[str], str], ...] = (
    (frozenset({"s8", "u8"}), frozenset({"s32"}), "verify.mma.wgmma.expects-s8-u8"),
    (frozenset({"s4", "u4"}), frozenset({"s32"}), "verify.mma.wgmma.expects-s4-u4"),
    (frozenset({"b1"}), frozenset({"s32"}), "verify.mma.wgmma.expects-u1"),
)
_FP8 = frozenset({"e4m3", "e5m2"})


def _render(code: str, *args: object) -> str:
    return message(code).render(*args)


# ------------------------------------------------------------------ the lattice gate
@dataclass(frozen=True)
class LatticeResult:
    rows: list[MmaShapeRow]          # rows matching the written shape and types
    candidates: list[MmaShapeRow]    # rows of this atom matching the element types only
    nearest: tuple[int, int, int] | None


def _block_kind(atom: AtomInstance) -> tuple[str | None, int | None]:
    vec = int(atom.vec_size.value) if atom.vec_size is not None and atom.vec_size.value.isdigit() else None
    return None, vec


def lattice(atom: AtomInstance) -> LatticeResult | None:
    """None when the atom does not say enough (shape or element types absent) to check."""
    if atom.shape is None or atom.a_type is None or atom.b_type is None or atom.c_type is None:
        return None
    a, b, c = atom.ptx_type("a"), atom.ptx_type("b"), atom.ptx_type("c")
    _, vec = _block_kind(atom)
    cta = int(atom.cta_group.value) if atom.cta_group is not None and atom.cta_group.value.isdigit() else None
    candidates = [r for r in find_mma_rows(atom=atom.mnemonic, a_type=a, b_type=b, c_type=c)
                  if (vec is None or r.block_scale is None or r.block_scale.vec_size == vec)
                  and (cta is None or r.cta_group in (None, cta))]
    rows = [r for r in candidates if atom.shape in set(r.shapes())]
    nearest = None
    if not rows and candidates:
        shapes = {s for r in candidates for s in r.shapes()}
        nearest = min(shapes, key=lambda s: (sum(abs(x - y) for x, y in zip(s, atom.shape)), s))
    return LatticeResult(rows, candidates, nearest)


def legal_summary(rows: list[MmaShapeRow]) -> str:
    parts = []
    for r in rows:
        ns = list(r.n)
        n_text = f"{ns[0]}" if len(ns) == 1 else (f"{ns[0]}..{ns[-1]} step {ns[1] - ns[0]}"
                                                   if len(ns) > 2 and len({b - a for a, b in zip(ns, ns[1:])}) == 1
                                                   else ", ".join(map(str, ns)))
        parts.append(f"M {'/'.join(map(str, r.m))}, N {n_text}, K {r.k}")
    return "; ".join(dict.fromkeys(parts))


def check_lattice(ctx: VerifyContext, atom: AtomInstance) -> bool:
    result = lattice(atom)
    if result is None or result.rows:
        return True
    m, n, k = atom.shape
    types = f"({atom.a_type.value}, {atom.b_type.value}, {atom.c_type.value})"
    where = atom.shape_field.span if atom.shape_field is not None else atom.type_span
    if not result.candidates:
        at = atom.a_type.span
        ctx.error("verify.mma.lattice-types", at,
                  f"`{atom.mnemonic}` has no tile for element types {types}")
        return False
    legal = legal_summary(result.candidates)
    hint = f"; nearest legal shape: {'x'.join(map(str, result.nearest))}" if result.nearest else ""
    ctx.error("verify.mma.lattice-shape", where,
              f"shape {m}x{n}x{k} is not in the `{atom.mnemonic}` lattice for element types {types}: "
              f"legal {legal}{hint}")
    return False


# ------------------------------------------------------------------ atom construction rules
def check_wgmma_types(ctx: VerifyContext, atom: AtomInstance) -> bool:
    if atom.mnemonic != "sm90.mma" or atom.a_type is None or atom.b_type is None or atom.c_type is None:
        return True
    a, b, c = atom.ptx_type("a"), atom.ptx_type("b"), atom.ptx_type("c")
    for inputs, accumulators, code in _WGMMA_PAIRS:
        if a in inputs or b in inputs:
            if not (a in inputs and b in inputs and c in accumulators):
                ctx.error(code, atom.a_type.span, _render(code))
                return False
    if (a in _FP8) != (b in _FP8):
        ctx.error("verify.mma.wgmma.expects-fp8", atom.a_type.span, _render("verify.mma.wgmma.expects-fp8"))
        return False
    return True


def check_block_scaled(ctx: VerifyContext, atom: AtomInstance) -> bool:
    if not atom.block_scaled:
        return True
    if atom.c_type is not None and atom.c_type.value != "f32":
        ctx.error("verify.mma.block-scaled.expects-f32-accumulator", atom.c_type.span, _render("verify.mma.block-scaled.expects-f32-accumulator"))
        return False
    return True


def verify_atom(ctx: VerifyContext, atom: AtomInstance) -> bool:
    """Rules on the atom itself, reported where the atom is written."""
    return (check_target(ctx, atom) and check_wgmma_types(ctx, atom)
            and check_block_scaled(ctx, atom) and check_lattice(ctx, atom))


# ------------------------------------------------------------------ applying an atom
_ROLES_DENSE = ("D", "A", "B", "C")


def _roles(atom: AtomInstance) -> tuple[str, ...]:
    roles = _ROLES_DENSE
    if atom.sparse:
        roles += ("E",)
    if atom.block_scaled:
        roles += ("SFA", "SFB")
    return roles


def _expected_element(atom: AtomInstance, role: str) -> str | None:
    field = {"A": atom.a_type, "B": atom.b_type, "C": atom.c_type, "D": atom.c_type}.get(role)
    return field.value if field is not None else None


def _same_element(expected: str, actual: str | None) -> bool:
    if actual is None:
        return False
    return expected == actual or PTX_TYPE.get(expected, expected) == PTX_TYPE.get(actual, actual)


def _layout_value(operand: OperandType):
    if operand.layout is None or operand.layout_node is None:
        return None
    body = operand.layout_node.child_by_field_name("body")
    source = body.text.decode("utf-8", "replace") if body is not None and body.text else operand.layout
    parsed = parse_layout(source)
    return parsed.value if parsed.error is None else None


def _umma_residency(ctx: VerifyContext, atom: AtomInstance, ops: dict[str, OperandType]) -> bool:
    """The UMMA residency ladder: the first operand in the wrong place is reported."""
    sm100 = atom.mnemonic.startswith("sm100.")
    a, b, d = ops["A"], ops["B"], ops["D"]
    a_ok = a.residency in ((Residency.SMEM_DESC, Residency.TMEM) if sm100 else (Residency.SMEM_DESC, Residency.RMEM))
    if not a_ok:
        ctx.error("verify.mma.expects-operand-a-residency", a.span,
                  _render("verify.mma.expects-operand-a-residency", a.text))
        return False
    if b.residency is not Residency.SMEM_DESC:
        ctx.error("verify.mma.expects-operand-b-residency", b.span,
                  _render("verify.mma.expects-operand-b-residency", b.text))
        return False
    d_ok = d.residency is (Residency.TMEM if sm100 else Residency.RMEM)
    if not d_ok:
        ctx.error("verify.mma.expects-operand-d-residency", d.span,
                  _render("verify.mma.expects-operand-d-residency", d.text))
        return False
    return True


def _element_ladder(ctx: VerifyContext, atom: AtomInstance, ops: dict[str, OperandType]) -> bool:
    for role, code in (("A", "verify.mma.expects-operand-a-element-type"),
                       ("B", "verify.mma.expects-operand-b-element-type"),
                       ("C", "verify.mma.expects-operand-c-element-type"),
                       ("D", "verify.mma.expects-operand-c-element-type")):
        expected = _expected_element(atom, role)
        operand = ops[role]
        if expected is None or operand.element_type is None and operand.residency is Residency.SMEM_DESC:
            continue
        if not _same_element(expected, operand.element_type):
            ctx.error(code, operand.span, _render(code, expected, operand.element_type or operand.text))
            return False
    return True


def _layouts(ctx: VerifyContext, atom: AtomInstance, ops: dict[str, OperandType], rows: list[MmaShapeRow]) -> bool:
    written = {role: ops[role] for role in ("A", "B", "D") if ops[role].layout is not None}
    composed = {role: op for role, op in written.items()
                if "composed_layout" in op.layout or " o " in op.layout}
    if composed:
        first = next(iter(composed.values()))
        ctx.error("verify.layout.composed-unsupported-abd", first.layout_span,
                  _render("verify.layout.composed-unsupported-abd", ops["A"].layout or "-", ops["B"].layout or "-", ops["D"].layout or "-"))
        return False
    for role, op in written.items():
        value = _layout_value(op)
        if value is None:
            continue
        if not is_static(value) or has_scaled_basis(value):
            ctx.error("verify.mma.expects-static-unscaled-layout", op.layout_span,
                      _render("verify.mma.expects-static-unscaled-layout", " " + op.layout))
            return False
    layouts = rows[0].layouts if rows else None
    if layouts is None:
        return True
    canonical = {"A": layouts.a, "B": layouts.b, "D": layouts.c}
    for role, op in written.items():
        expected_text = canonical.get(role)
        value = _layout_value(op)
        if expected_text is None or value is None:
            continue
        expected = parse_layout(expected_text).value
        if expected is not None and not layouts_equivalent(value, expected):
            ctx.error("verify.mma.expects-atom-layout", op.layout_span,
                      _render("verify.mma.expects-atom-layout", expected_text))
            return False
    return True


def _register_mma(ctx: VerifyContext, atom: AtomInstance, ops: dict[str, OperandType]) -> bool:
    """The shared non-UMMA verifier: everything in registers, one element type for A and B."""
    inputs = [ops[r] for r in ("A", "B", "D")]
    if any(op.residency is not Residency.RMEM for op in inputs):
        a, b, d = (op.text for op in inputs)
        ctx.error("verify.mma.expects-rmem-operands", next(op.span for op in inputs if op.residency is not Residency.RMEM),
                  _render("verify.mma.expects-rmem-operands", f"{a}, B: {b}, D: {d}"))
        return False
    a_el, b_el = ops["A"].element_type, ops["B"].element_type
    mixed_fp8 = {PTX_TYPE.get(a_el or ""), PTX_TYPE.get(b_el or "")} <= _FP8
    if a_el != b_el and not mixed_fp8 and atom.mnemonic != "SM120.mma_bs":
        ctx.error("verify.mma.expects-uniform-element-type", ops["B"].span,
                  _render("verify.mma.expects-uniform-element-type"))
        return False
    return _element_ladder(ctx, atom, ops)


def _scale_factors(ctx: VerifyContext, atom: AtomInstance, ops: dict[str, OperandType]) -> bool:
    if not atom.block_scaled:
        return True
    sfa, sfb = ops["SFA"], ops["SFB"]
    a_el, b_el = SCALE_TYPE.get(sfa.element_type or ""), SCALE_TYPE.get(sfb.element_type or "")
    if sfa.element_type != sfb.element_type:
        ctx.error("verify.mma.block-scaled.scale-factor-types-differ", sfb.span, _render("verify.mma.block-scaled.scale-factor-types-differ"))
        return False
    if a_el is None:
        ctx.error("verify.block-scaled.sf-type", sfa.span,
                  f"scale factors must be E8M0 (f8E8M0FNU) or E4M3 (f8E4M3FN), got {sfa.element_type or sfa.text}")
        return False
    return True


def verify_mma_op(ctx: VerifyContext, op: Operation) -> None:
    if not op.operands:
        ctx.error("verify.mma.operands", op.name_span, "`cute_nvgpu.mma` takes an atom and its operands")
        return
    atom_use = op.operands[0]
    value = ctx.definition(atom_use.name)
    atom = ctx.atom_from_value(value) if value is not None else None
    if atom is None or not atom.is_mma:
        ctx.error(INTERFACE, atom_use.span, _render(INTERFACE))
        return
    if value is not None and value.kind.value != "result" and not verify_atom(ctx, atom):
        return
    roles = _roles(atom)
    type_nodes = ctx.operand_types(op)
    values = op.operands[1:]
    if len(values) != len(roles) or len(type_nodes) != len(roles) + 1:
        ctx.error("verify.mma.operand-count", op.name_span,
                  f"`{atom.mnemonic}` takes operands ({', '.join(roles)}) with their types "
                  f"`: (atom type, {', '.join(roles)})`; got {len(values)} operands and {max(0, len(type_nodes) - 1)} operand types",
                  ctx.note_at_definition(atom))
        return
    ops = {role: ctx.classify(node) for role, node in zip(roles, type_nodes[1:])}
    rows = (lattice(atom) or LatticeResult([], [], None)).rows
    before = len(ctx.diagnostics)
    if atom.mnemonic in UMMA_FAMILY:
        ok = _element_ladder(ctx, atom, ops) and _umma_residency(ctx, atom, ops) and _layouts(ctx, atom, ops, rows)
    else:
        ok = _register_mma(ctx, atom, ops) and _layouts(ctx, atom, ops, rows)
    ok = ok and _scale_factors(ctx, atom, ops)
    if atom.sparse and ok:
        e = ops["E"]
        if e.residency is not Residency.RMEM:
            ctx.error("verify.sparse.metadata", e.span,
                      f"the sparse metadata operand must be a register fragment (u32), got {e.text}")
    # Every operand diagnostic points back at the atom's definition.
    notes = ctx.note_at_definition(atom)
    if notes:
        ctx.diagnostics[before:] = [d if d.related else type(d)(d.code, d.span, d.severity, d.source, d.message, notes)
                                    for d in ctx.diagnostics[before:]]
