"""The PTX of a TileAS atomic that does not become a TMA reduction: each thread combines its
elements of the tile into global memory with `red.global` (the old values unused) or
`atom.global` (the old values form the op's result tile), one instruction per element, or per
register of two 16-bit elements (emit/tileas_tiles.atomic_global).

The PTX ISA's `red` / `atom` (checked against ptxas 13.0 at sm_80 and sm_90a .. sm_120a):

- `.add` of `.u32` / `.s32` / `.u64` / `.f32` / `.f64` (no `.s64`: a signless i64 adds as
  `.u64`, the same bits); `.add.noftz` of `.f16` (sm_70) and `.bf16` (sm_90);
- `.min` / `.max` of `.s32` / `.u32` / `.s64` / `.u64`, and `.noftz` of 16-bit floats only as a
  vector (`.v2.f16`, `.v2.bf16`: sm_90): no `.min` / `.max` of `.f32` or `.f64` at all;
- `.and` / `.or` / `.xor` of `.b32` / `.b64`;
- `.exch` of `.b32` / `.b64`, by `atom` only (`red` has no exchange);
- `.sem`: `atom` takes `.relaxed`, `.acquire`, `.release`, `.acq_rel`; `red` only `.relaxed`
  and `.release`. `.scope`: `.cta`, `.cluster` (sm_90), `.gpu`, `.sys`.

`rmw_mode<fadd>` and `<xchg>` are the memop verifier's errors (verify/tileas_memops.py), so
they have no row here although `.exch` exists.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["AtomicForm", "atomic_form", "HALF_MODES", "memory_order", "RED_SEMANTICS"]


@dataclass(frozen=True, slots=True)
class AtomicForm:
    """One `red` / `atom` an element (or a register of two 16-bit ones) is combined by."""
    operation: str          # `.add`, `.max.noftz`, ...
    type: str               # `.u32`, `.v2.f16`, ...
    sm: int                 # the lowest SM tier with it
    reduces: bool = True    # `red` has it too (not `.exch`)
    halves: bool = False    # its operand is a register's two 16-bit halves, a brace list

    def reduction(self, returns: bool, order: str) -> bool:
        """Whether `red` does it: the old value unused, and `red` has the operation and the
        memory order's `.sem` (else `atom`, its old value discarded)."""
        return self.reduces and not returns and order[:order.find(".", 1)] in RED_SEMANTICS

    def instruction(self, returns: bool, order: str) -> str:
        """`red<order>.global<op><type>` or `atom<order>.global<op><type>`."""
        return f"{'red' if self.reduction(returns, order) else 'atom'}{order}.global{self.operation}{self.type}"


def _integers(operation: str, narrow: str, wide: str, sm_wide: int = 32) -> dict[str, AtomicForm]:
    return {"i32": AtomicForm(operation, narrow, 20), "i64": AtomicForm(operation, wide, sm_wide)}


# (rmw_mode, element) -> the instruction that combines one element. A signless integer is
# signed for min / max (`umin` / `umax` say unsigned), as arith's are.
_ELEMENT: dict[str, dict[str, AtomicForm]] = {
    "add": {**_integers(".add", ".u32", ".u64", 20), "f32": AtomicForm(".add", ".f32", 20),
            "f64": AtomicForm(".add", ".f64", 60), "f16": AtomicForm(".add.noftz", ".f16", 70),
            "bf16": AtomicForm(".add.noftz", ".bf16", 90)},
    "max": _integers(".max", ".s32", ".s64"),
    "min": _integers(".min", ".s32", ".s64"),
    "umax": _integers(".max", ".u32", ".u64"),
    "umin": _integers(".min", ".u32", ".u64"),
    "and": _integers(".and", ".b32", ".b64"),
    "or": _integers(".or", ".b32", ".b64"),
    "xor": _integers(".xor", ".b32", ".b64"),
}
# (rmw_mode, element) -> the instruction that combines a register's two 16-bit elements at once.
_PAIR: dict[str, dict[str, AtomicForm]] = {
    mode: {half: AtomicForm(f".{mode}.noftz", f".v2.{half}", 90, halves=True) for half in ("f16", "bf16")}
    for mode in ("add", "min", "max")
}
# The modes an atomic of 16-bit floats has an instruction for (the memop verifier's rule).
HALF_MODES = frozenset(_PAIR)

# `memSemantic` -> the `.sem` of `red` / `atom`; weak (or none) is PTX's default, `.relaxed`.
_SEMANTIC = {"weak": ".relaxed", "relaxed": ".relaxed", "acquire": ".acquire", "release": ".release",
             "acq_rel": ".acq_rel"}
RED_SEMANTICS = frozenset({".relaxed", ".release"})
# `memScope` -> `.scope`; none (a weak atomic) is PTX's default, `.gpu`.
_SCOPE = {"cta": ".cta", "cluster": ".cluster", "gpu": ".gpu", "sys": ".sys"}


def memory_order(semantic: str | None, scope: str | None) -> str:
    """`.sem.scope` of an atomic's `memSemantic` and `memScope`, written out even where they
    are PTX's defaults (`.relaxed.gpu`)."""
    return _SEMANTIC.get(semantic or "weak", ".relaxed") + _SCOPE.get(scope or "gpu", ".gpu")


def atomic_form(mode: str | None, element: str, bits: int, whole: bool, tier: int | None) -> AtomicForm | str:
    """The instruction an atomic of `mode` combines its `element`s (of `bits`) with on an SM of
    `tier` (None: any): a register of two 16-bit elements at once when its accesses move
    `whole` (in bounds, aligned), else one element; a string saying why when there is none.
    The emitter and lower-tma-load-store-to-async (`lower.register-tile`) both ask here."""
    table = _PAIR if bits == 16 and whole else _ELEMENT
    forms = table.get(mode or "", {})
    form = forms.get(element)
    if form is None:
        given = list(dict.fromkeys([*_ELEMENT.get(mode or "", {}), *_PAIR.get(mode or "", {})]))
        if mode in HALF_MODES and element in ("f16", "bf16"):
            return (f"`red` / `atom` have `.{mode}` of {element} only for two elements at once (`.v2.{element}`), and "
                    f"this atomic's elements move one at a time: say its tile is in bounds (`in_bounds`)")
        return (f"`red` / `atom` have no `{mode}` of {element}"
                + (f" (they have it for {', '.join(given)} elements)" if given else ""))
    if tier is not None and tier < form.sm:
        return f"`red` / `atom` `{form.operation}{form.type}` needs sm_{form.sm} or later"
    return form
