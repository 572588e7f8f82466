"""Copy atoms: building them (`make_copy_atom`) and applying them (`cute_nvgpu.copy`).

Check order (registry page, "Copy Atom Operand-Layout Contracts"): interface dispatch, target,
the atom's own parameters, operand residency, operand element types, then the operand layouts
of a vectorized copy. Each ladder reports its first failure and stops.

Where the rules come from:

* residency: the registry's "Residency contract" column, taken from the atom rows of
  `tables/atoms.py` (`AtomRow.operands`), widened where this file's `_EXTRA_RESIDENCY` says;
* LDSM / STSM: `m8n8` with x1 / x2 / x4 sub-tiles, optional `.trans`, 16-bit units (registry
  tables; the legal sub-tile counts come from the copy lattice rows `ldsm.*` / `stsm.*`), which
  elements narrower than 16 bits share and wider ones fill (`CopyFamily.unit_bits`). The CuTe
  DSL's other matrix shapes (`mode = <"(16,16)">`, ...: the PTX ISA's `.b8` shapes,
  tables/atoms.MATRIX_MODES) move 8-bit units the same way, or widen packed 4-bit / 6-bit values
  into them (`sz_pattern`), each shape with its own counts, formats and transposition; the spec
  names none of them, so their messages are cute-ir's (docs/diagnostics.md);
* cp.async (`atom.simt_async_copy`): 4, 8 or 16 bytes, `.ca` at every width and `.cg` at 16
  bytes only (registry table, hardware-facts 11; from the lattice rows `cp_async.*`). The
  registry says an out-of-range width has no dedicated message and fails through the
  copy-vectorization template: it is reported as
  ``'<op>' cannot vectorize copy to <N> elements (static strides must be 1)`` where <op> is the
  op that states the width and <N> the width in bits divided by the value type's width (the
  width in bytes when the value type is unknown or does not divide the width);
* TMEM atoms: value widths 8/16/32 bits (tmem_load / tmem_store) and 8/16/32/64 bits
  (s2t_copy); the DSL spelling `<f32, 32 DP, 32 bit, x32>` is checked against the lattice rows
  `tmem_load.*` / `tmem_store.*` (shape and repetition count);
* vectorized copies (`simt_async_copy`, and `universal_copy` with a bit width wider than its
  value type) move N elements as one vector. For every operand whose layout is written, the
  offsets of its first N elements (in the operand's own index order: colexicographic for CuTe
  layouts, row-major for `strided<[...]>`) must be static and form the block o, o+1, ...,
  o+N-1, otherwise "(static strides must be 1)" is reported on that layout; when both operands
  pass but place the N elements in different orders, "(static strides must match)" is reported
  on the destination layout (an operand without a written layout counts as unit stride).

Element types: both operands must hold the atom's value type (`val_type` attribute or DSL key,
or the leading type parameter); without one, the destination must hold the source's element
type and LDSM/STSM/TMEM operands the family's element widths.

Settings may be written in the type (`ldsm<m8n8.x4.trans>`, `simt_async_copy<16, cg>`, DSL
`num_matrices = 4, n`) and as `make_copy_atom` attributes (`val_type`, `num_matrices`,
`transpose`, `copy_bytes`, `copy_bits`, `cache_policy`); where both say something they must
agree.

TMA atoms are described by their descriptor, not by operand types: their copies are not
checked here (only their target gate, where the atom is built). An atom value this unit cannot
resolve (defined in another unit, or typed through an alias the document does not define)
is not checked either.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..diagnostics import Related, Span
from ..diagnostics.catalogue import get as message
from ..dialects.cute_nvgpu.atoms import PTX_TYPE, AtomInstance
from ..dialects.cute_nvgpu.enums import BIT_UNIT, CP_ASYNC_CACHE
from ..dialects.cute_nvgpu.operands import OperandType
from ..dialects.cute_nvgpu.types import TypeParam
from ..ir.core import Operation, OpResult
from ..ir.shaped import element_bits
from ..layout import ComposedLayout, Layout, ScaledBasis, layout_fn, parse_layout
from ..layout.inttuple import is_int, leaves
from ..tables.atoms import (LOAD_ORDERS, MATRIX_FORMATS, MATRIX_MODES, MATRIX_PACKED_BITS, MATRIX_UNIT_BITS,
                           MMIO_MAX_BITS, STORE_ORDERS, TMEM_DSL_SHAPES, UNIVERSAL_ORDER_HALVES, Interface,
                           MatrixMode, Residency, find_copy_rows, matrix_mode, order_qualifiers, simt_copy_side,
                           INCOMPATIBLE_QUALIFIERS, copy_qualifier)
from ..dialects.cute_nvgpu.types import known_values
from .context import VerifyContext
from .target import check_target

INTERFACE = "verify.atom.unknown-interface"
UNIT_STRIDE = "verify.copy.cannot-vectorize-unit-stride"
MATCHING_STRIDE = "verify.copy.cannot-vectorize-matching-stride"

R = Residency


# ------------------------------------------------------------------ per-family rules (data)
def _lattice_values(atom: str, key: str) -> tuple:
    return tuple(sorted({r.params[key] for r in find_copy_rows(atom=atom)}))


def _cache_widths(atom: str) -> dict[str, tuple[int, ...]]:
    out: dict[str, set[int]] = {}
    for r in find_copy_rows(atom=atom):
        out.setdefault(r.params["cache"], set()).add(r.params["bytes"])
    return {cache: tuple(sorted(widths)) for cache, widths in sorted(out.items())}


@dataclass(frozen=True)
class CopyFamily:
    element_bits: tuple[int, ...] = ()            # legal value-type widths; () = any
    # LDSM / STSM move 16-bit units (`.b16`), whatever the elements are: a value type may pack
    # several elements into a unit (FP4, four to a unit) or span whole units (32-bit), as the
    # CuTe DSL's own PTX does (docs/spec-deviations.md, B19). None: `element_bits` applies.
    unit_bits: int | None = None
    matrices: tuple[int, ...] = ()                 # LDSM / STSM: legal sub-tile counts
    widths: tuple[int, ...] = ()                   # cp.async: legal widths in bytes
    cache_widths: dict[str, tuple[int, ...]] = field(default_factory=dict)   # policy -> widths
    vectorized: bool = False                       # operand layouts of a vector copy are checked
    tmem_shapes: bool = False                      # DSL `<T, N DP, M bit, xK>` spelling
    described_by_descriptor: bool = False          # TMA: out of scope here


_CP_ASYNC = "atom.simt_async_copy"
FAMILIES: dict[str, CopyFamily] = {
    "atom.ldsm": CopyFamily(unit_bits=16, matrices=_lattice_values("atom.ldsm", "num")),
    "atom.stsm": CopyFamily(unit_bits=16, matrices=_lattice_values("atom.stsm", "num")),
    _CP_ASYNC: CopyFamily(widths=_lattice_values(_CP_ASYNC, "bytes"),
                          # Unwritten, the policy follows the width (registry: ca 4/8, cg 16),
                          # which is always legal; a written one must suit the width.
                          cache_widths=_cache_widths(_CP_ASYNC),
                          vectorized=True),
    "atom.universal_copy": CopyFamily(vectorized=True),
    "atom.tmem_load": CopyFamily(element_bits=(8, 16, 32), tmem_shapes=True),
    "atom.tmem_store": CopyFamily(element_bits=(8, 16, 32), tmem_shapes=True),
    "atom.s2t_copy": CopyFamily(element_bits=(8, 16, 32, 64)),
    "atom.tma_load": CopyFamily(described_by_descriptor=True),
    "atom.tma_store": CopyFamily(described_by_descriptor=True),
    "atom.tma_reduce": CopyFamily(described_by_descriptor=True),
}

# Residencies the registry allows beyond the atom rows: s2t_copy reads shared memory, written
# either as an SMEM memref or as the descriptor view over it (the row lists the descriptor).
_EXTRA_RESIDENCY: dict[tuple[str, str], tuple[Residency, ...]] = {}

RESIDENCY_TEXT: dict[Residency, str] = {
    R.RMEM: "in registers (a memref without memory space)",
    R.SMEM: "in shared memory (memref memory space 3)",
    R.GMEM: "in global memory (memref memory space 1)",
    R.TMEM: "in tensor memory (memref memory space 6)",
    R.SMEM_DESC: "an SMEM descriptor (`!cute_nvgpu.smem_desc_view`)",
}
_ROLE_TEXT = {"src": "source", "dst": "destination"}

# Where each setting may be written: op attribute / DSL `key = value` names.
_NUM_MATRICES_KEYS = ("num_matrices",)
_TRANSPOSE_KEYS = ("transpose",)
_WIDTH_BYTE_KEYS = ("copy_bytes",)
_WIDTH_BIT_KEYS = ("copy_bits",)
_CACHE_KEYS = ("cache_policy", "cache")
_MATRIX_KEYWORD = re.compile(r"m8n8(?:\.x(\d+))?(\.trans)?")
_DSL_TRANSPOSE = {"t": True, "n": False}
_BOOLEANS = {"true": True, "false": False}
_TYPE_PARAM_KINDS = frozenset({"integer_type", "float_type", "index_type"})


# ------------------------------------------------------------------ element types
def _same_element(expected: str, actual: str) -> bool:
    return expected == actual or PTX_TYPE.get(expected, expected) == PTX_TYPE.get(actual, actual)


# ------------------------------------------------------------------ the atom's configuration
@dataclass(frozen=True)
class Written:
    value: object          # normalized
    span: Span
    text: str              # as written, for messages


@dataclass
class CopyConfig:
    family: CopyFamily
    value_type: Written | None = None
    num_matrices: Written | None = None
    transpose: Written | None = None
    width_bytes: Written | None = None     # cp.async
    cache: Written | None = None           # cp.async
    bit_width: int | None = None           # universal_copy `128 b`
    problems: list[tuple[str, Span, str]] = field(default_factory=list)

    def problem(self, code: str, at: Span, text: str) -> None:
        self.problems.append((code, at, text))


def _type_params(atom: AtomInstance) -> list[TypeParam]:
    return [p for p in atom.params if p.kind != ","]


def _attributes(atom: AtomInstance) -> dict[str, Written]:
    """Settings written outside the atom type: the building op's attributes."""
    out = {}
    for key, f in atom.settings.items():
        if atom.type_span.start <= f.span.start and f.span.end <= atom.type_span.end:
            continue
        out[key] = Written(f.value, f.span, f"{key} = {f.value}")
    return out


def _int(text: str) -> int | None:
    m = re.fullmatch(r"\s*(-?\d+)\s*(?::\s*\w+)?\s*", text)
    return int(m.group(1)) if m else None


def _int_or_text(text: str) -> int | str:
    value = _int(text)
    return text if value is None else value


def _word(text: str) -> str:
    return text.strip().strip('"')


def _settle(config: CopyConfig, name: str, candidates: list[Written]) -> Written | None:
    """One value from every place it is written; differing values are an error on the later."""
    if not candidates:
        return None
    first = candidates[0]
    for other in candidates[1:]:
        if other.value != first.value:
            config.problem("verify.copy.conflicting-setting", other.span,
                           f"{name} is {_show(other.value)} in `{other.text}` but "
                           f"{_show(first.value)} in `{first.text}`")
            return None
    return first


def _show(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def read_config(ctx: VerifyContext, atom: AtomInstance, op_name: str) -> CopyConfig | None:
    """The atom's configuration and every problem with it (not yet reported); None when the
    atom has no copy rules here. `op_name` is the op the width template names."""
    family = FAMILIES.get(atom.mnemonic)
    if family is None or family.described_by_descriptor:
        return None
    config = CopyConfig(family)
    params = _type_params(atom)
    attrs = _attributes(atom)
    keyed = {p.key: p for p in params if p.kind == "key_value" and p.key}

    def written(keys: tuple[str, ...], convert) -> list[Written]:
        """Every `key = value` of the type, then of the op, converted."""
        out = []
        for key in keys:
            for source in (keyed.get(key), attrs.get(key)):
                if source is not None:
                    out.append(Written(convert(str(source.value or "")), source.span, source.text))
        return out

    # The value type: `val_type` (attribute or DSL key), the universal_copy / DSL leading type.
    values = written(("val_type",), _word)
    if params and params[0].kind in _TYPE_PARAM_KINDS:
        values.insert(0, Written(params[0].text, params[0].span, params[0].text))
    config.value_type = _settle(config, "val_type", values)
    _check_value_width(atom, config)

    if family.matrices:
        _read_matrix(atom, config, params, written)
    if family.widths:
        _read_cp_async(op_name, atom, config, params, written)
    if atom.mnemonic == "atom.universal_copy":
        for p in params:
            if p.kind == "bit_width" and p.key == "b" and p.value and p.value.isdigit():
                config.bit_width = int(p.value)
                _check_divides(atom, config, config.bit_width, p.span, "bits")
        _check_access_width(atom, config, keyed.get("copy_bits"))
        _check_memory_order(atom, config, next((p for p in params if p.kind == "memory_order"), None),
                            keyed.get("copy_bits"))
        _check_modifier_pairs(atom, config, params)
    if family.tmem_shapes:
        _read_tmem(atom, config, params)
    return config


def _width_problem(mnemonic: str, family: CopyFamily, bits: int, what: str,
                   unit: int | None = None) -> str | None:
    """Why elements of `bits` bits (`what`: "the value type f6E2M3FN") cannot be moved by
    the family's atoms (in units of `unit` bits, default the family's), or None when they can."""
    unit = unit or family.unit_bits
    if unit is not None:
        if unit % bits == 0 or bits % unit == 0:
            return None
        return (f"`{mnemonic}` moves {unit}-bit units, but {what} is {bits} bits: its elements "
                f"neither pack into a unit nor fill whole units")
    if not family.element_bits or bits in family.element_bits:
        return None
    return f"`{mnemonic}` moves {_widths(family.element_bits)}-bit elements, but {what} is {bits} bits"


def _check_value_width(atom: AtomInstance, config: CopyConfig) -> None:
    vt = config.value_type
    bits = element_bits(str(vt.value)) if vt is not None else None
    if bits is None:
        return
    what = f"the value type {vt.value}"
    unit = packed = None
    if config.family.unit_bits is not None:
        # An ldsm / stsm moves the units of its shape's format (`.b16`, `.b8`), some widening
        # packed values into them; a shape or format it does not have is reported elsewhere.
        mode = _matrix_mode(atom)
        pattern = _pattern(atom, mode) if mode is not None else None
        if pattern is None or pattern.value not in mode.patterns:
            return
        fmt = MATRIX_FORMATS[pattern.value]
        unit, packed = MATRIX_UNIT_BITS[fmt], MATRIX_PACKED_BITS.get(fmt)
        if bits == packed:
            return
    problem = _width_problem(atom.mnemonic, config.family, bits, what, unit)
    if problem is not None and packed is not None:
        problem = (f"`{atom.mnemonic}` with `sz_pattern = {pattern.value}` widens {packed}-bit values "
                   f"into {unit}-bit units, but {what} is {bits} bits: its elements are not {packed}-bit "
                   f"values, and neither pack into a unit nor fill whole units")
    if problem is not None:
        config.problem("verify.copy.element-width", vt.span, problem)


def _mode_text(value: str) -> str:
    """A DSL matrix shape as written (`<"(16,16)">`) -> `(16,16)`."""
    return value.strip().strip("<>").strip().strip('"').replace(" ", "")


def _matrix_mode(atom: AtomInstance) -> MatrixMode | None:
    """The atom's matrix shape (`.m8n8` when it names none), None for one it does not have."""
    mode = atom.settings.get("mode")
    return matrix_mode(atom.mnemonic, _mode_text(mode.value) if mode is not None else None)


def _pattern(atom: AtomInstance, mode: MatrixMode) -> Written:
    """The element format the atom says (`sz_pattern`), else its shape's default."""
    f = atom.settings.get("sz_pattern")
    if f is None:
        return Written(mode.patterns[0], atom.type_span, "")
    return Written(_word(str(f.value)), f.span, f"sz_pattern = {_word(str(f.value))}")


# The widest single access of the memory a DSL SIMT copy reads or writes, in bits: `ld.shared`
# / `st.shared` move at most 128 (ptxas 13.0 on a 256-bit one: "global state space expected for
# feature '256 bit wide load/store'"; global memory has it from sm_100, tables.atoms
# WIDE_GLOBAL_ACCESS).
_WIDEST_ACCESS = {"atom.s2r": 128, "atom.r2s": 128}


def _check_access_width(atom: AtomInstance, config: CopyConfig, width: TypeParam | None) -> None:
    widest = _WIDEST_ACCESS.get(atom.row.mnemonic)
    bits = _int(width.value or "") if width is not None else None
    if widest is not None and bits is not None and bits > widest:
        config.problem("verify.copy.access-width", width.span,
                       f"`{atom.row.mnemonic}` copies {bits} bits at once, but one access to "
                       f"shared memory moves at most {widest} bits")


def _check_memory_order(atom: AtomInstance, config: CopyConfig, order: TypeParam | None,
                        width: TypeParam | None) -> None:
    """A DSL SIMT copy is one load or one store, which takes only some memory orders
    (tables/atoms.LOAD_ORDERS / STORE_ORDERS): the DSL builds a g2r with `mem_order = release`,
    and its own compile of one fails in ptxas ("Illegal modifier '.release' for instruction
    'ld'"). A generic universal copy is a load and a store, which share out every order but
    `sc` (tables/atoms.order_qualifiers). `.mmio` is one scalar access."""
    if order is None or not order.value or order.value not in known_values("mem_order", atom.row.mnemonic):
        return   # (an order the type does not know is the type's error: types.universal-copy.mem-order)
    side = simt_copy_side(atom.row)
    bits = _int(width.value or "") if width is not None else config.bit_width
    if side is None:
        # A generic copy: a load and a store, each with its half of the order (tables/atoms
        # UNIVERSAL_ORDER_HALVES); `sc` is neither's.
        legal: tuple[str, ...] = tuple(UNIVERSAL_ORDER_HALVES)
        known = order_qualifiers("", order.value) is not None
        what, is_what = "load or store", "a load and a store (`ld`, `st`), neither of which has a"
    else:
        legal = tuple(LOAD_ORDERS if side[0] == "ld" else STORE_ORDERS)
        known = order.value in legal
        what = "load" if side[0] == "ld" else "store"
        is_what = f"a {what} (`{side[0]}`), which has no"
    if not known:
        config.problem("verify.copy.memory-order", order.span,
                       f"`{atom.row.mnemonic}` is {is_what} `{order.value}` memory order; it takes {', '.join(legal)}")
    elif order.value == "mmio" and bits is not None and bits > MMIO_MAX_BITS:
        config.problem("verify.copy.memory-order", order.span,
                       f"`{atom.row.mnemonic}` with `{order.text}` copies {bits} bits at once, "
                       f"but an `.mmio` {what} is one scalar of at most {MMIO_MAX_BITS} bits")


def _check_modifier_pairs(atom: AtomInstance, config: CopyConfig, params: list[TypeParam]) -> None:
    """The modifiers a DSL SIMT copy's options write go on one ld / st, which does not take some
    pairs (tables/atoms.INCOMPATIBLE_QUALIFIERS: a cache operator and an L1 eviction priority,
    ...): the DSL builds `r2g<... l1_cache_evict_priority = evict_first store_cache_mode =
    streaming>`, and its own compile of it fails in ptxas. The first such pair is reported, at
    the later of its two options."""
    side = simt_copy_side(atom.row)
    if side is None:
        return
    written: list[tuple[TypeParam, str]] = []
    for p in params:
        key = "mem_order" if p.kind == "memory_order" else p.key if p.kind == "key_value" else None
        token = copy_qualifier(side[0], key, p.value) if key else None
        if token is None:
            continue
        clash = next((q for q, other in written if frozenset({token, other}) in INCOMPATIBLE_QUALIFIERS), None)
        if clash is not None:
            other = copy_qualifier(side[0], "mem_order" if clash.kind == "memory_order" else clash.key, clash.value)
            config.problem("verify.copy.modifiers", p.span,
                           f"`{atom.row.mnemonic}` with `{clash.text}` (`.{other}`) cannot also take "
                           f"`{p.text}` (`.{token}`): one `{side[0]}` does not take both modifiers")
            return
        written.append((p, token))


def _widths(legal: tuple[int, ...]) -> str:
    return "/".join(map(str, legal))


def _one_of(values: tuple) -> str:
    items = [str(v) for v in values]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _read_matrix(atom: AtomInstance, config: CopyConfig, params: list[TypeParam], written) -> None:
    mode = _matrix_mode(atom)
    if mode is None:
        written_mode = atom.settings["mode"]
        modes = tuple(f"`{m.mode}`" for m in MATRIX_MODES if m.atom == atom.mnemonic)
        config.problem("verify.copy.matrix-shape", written_mode.span,
                       f"`{atom.mnemonic}` takes `mode` {_one_of(modes)}, got "
                       f"`{_mode_text(written_mode.value)}`")
        return
    pattern = _pattern(atom, mode)
    if pattern.value not in mode.patterns:
        config.problem("verify.copy.matrix-format", pattern.span,
                       f"`{atom.mnemonic}` with `mode = {mode.mode}` takes `sz_pattern` "
                       f"{_one_of(tuple(f'`{p}`' for p in mode.patterns))}, got `{pattern.value}`")
        return
    # The DSL's counts: the PTX shape's `.num` counts times its matrices per PTX matrix.
    legal = tuple(sorted({r.params["num"] * mode.per_ptx_matrix for r in find_copy_rows(atom=atom.mnemonic)
                          if r.params["shape"] == mode.shape}))
    nums: list[Written] = []
    trans: list[Written] = []
    for p in params:
        if p.kind != "keyword":
            continue
        if p.text in _DSL_TRANSPOSE:
            trans.append(Written(_DSL_TRANSPOSE[p.text], p.span, p.text))
            continue
        m = _MATRIX_KEYWORD.fullmatch(p.text)
        if m is None:
            spellings = tuple(f"`m8n8{'' if n == 1 else f'.x{n}'}`" for n in config.family.matrices)
            config.problem("verify.copy.matrix-shape", p.span,
                           f"`{atom.mnemonic}` takes {_one_of(spellings)}, optionally followed by "
                           f"`.trans`; got `{p.text}`")
            continue
        nums.append(Written(int(m.group(1)) if m.group(1) else 1, p.span, p.text))
        trans.append(Written(m.group(2) is not None, p.span, p.text))

    nums += written(_NUM_MATRICES_KEYS, _int_or_text)
    trans += written(_TRANSPOSE_KEYS, lambda raw: _BOOLEANS.get(_word(raw), raw))
    for w in nums:
        if w.value not in legal:
            config.problem("verify.copy.num-matrices", w.span,
                           f"`{atom.mnemonic}` moves {_one_of(legal)} {mode.rows_cols} matrices "
                           f"({', '.join(f'x{n}' for n in legal)}), got {w.value} in `{w.text}`")
            return
    for w in trans:
        if not isinstance(w.value, bool):
            config.problem("verify.copy.transpose", w.span,
                           f"`transpose` must be true or false, got `{w.value}`")
            return
    config.num_matrices = _settle(config, "num_matrices", nums)
    config.transpose = _settle(config, "transpose", trans)
    _check_transposition(atom, config, mode)
    _check_value_matrices(atom, config, mode, tuple(sorted({r.params["num"] for r in find_copy_rows(
        atom=atom.mnemonic) if r.params["shape"] == mode.shape})))


def _check_value_matrices(atom: AtomInstance, config: CopyConfig, mode: MatrixMode,
                          counts: tuple[int, ...]) -> None:
    """The DSL's 16x8 stmatrix counts matrices of its values: a value of 16 or 32 bits fills 2 or
    4 of the instruction's byte matrices, so `num_matrices` of them must still be a count the
    instruction has. Its own compile agrees: `StMatrix16x8x8bOp` stores one 16x8 matrix of bf16
    with `.x2` and one of f32 with `.x4`, and where the product passes 4 (bf16 x4, f32 x2, any
    f64) its NVVM backend fails ("Incorrect number of arguments passed to called function!" on
    `llvm.nvvm.stmatrix.sync.aligned.m16n8.x1.trans.b8`) (docs/spec-deviations.md, B22)."""
    vt, num = config.value_type, config.num_matrices
    bits = element_bits(str(vt.value)) if vt is not None else None
    if not mode.counts_values or bits is None or bits <= 8 or num is None or not isinstance(num.value, int):
        return
    count = mode.matrix_count(num.value, bits)
    if count in counts:
        return
    per = bits // 8
    # At the count when a smaller one fits, else at the value type.
    at = num.span if any(n * per in counts for n in counts) else vt.span
    said = f"`{num.text}`" if num.text else f"{num.value}"
    config.problem("verify.copy.num-matrices", at,
                   f"`{atom.mnemonic}` with `mode = {mode.mode}` stores each {mode.rows_cols} matrix of "
                   f"{vt.value} as {per} byte matrices (`.{mode.shape}`), so {said} needs `.x{count}`, "
                   f"but the instruction has {', '.join(f'x{n}' for n in counts)}")


def _check_transposition(atom: AtomInstance, config: CopyConfig, mode: MatrixMode) -> None:
    """`.m16n16` and `.m16n8` always transpose and `.m8n16` never does (PTX ISA, ldmatrix /
    stmatrix): the DSL's `t` / `n` must say so."""
    said = config.transpose.value if config.transpose is not None else False
    if mode.transpose is None or said == mode.transpose:
        return
    at = config.transpose.span if config.transpose is not None else atom.settings["mode"].span
    got = f"`{config.transpose.text}`" if config.transpose is not None else "no `t`"
    text = (f"always transposes (`.trans`): write `t`, got {got}" if mode.transpose
            else f"never transposes: write `n`, got {got}")
    config.problem("verify.copy.transpose", at,
                   f"`{atom.mnemonic}` with `mode = {mode.mode}` (`.{mode.shape}`) {text}")


def _read_cp_async(op_name: str, atom: AtomInstance, config: CopyConfig,
                   params: list[TypeParam], written) -> None:
    """Width (bytes: `<16>`, `copy_bytes`; bits: `copy_bits`) and cache policy (`ca` / `cg`)."""
    family = config.family
    bits = [Written(int(p.text) * 8, p.span, p.text) for p in params if p.kind == "integer"]
    bits += [Written(int(p.value), p.span, p.text) for p in params    # the DSL's `128 b`
             if p.kind == "bit_width" and p.key == BIT_UNIT and (p.value or "").isdigit()]
    bits += [Written(w.value * 8 if isinstance(w.value, int) else w.value, w.span, w.text)
             for w in written(_WIDTH_BYTE_KEYS, _int_or_text)]
    bits += written(_WIDTH_BIT_KEYS, _int_or_text)
    caches = [Written(p.text, p.span, p.text) for p in params if p.kind == "keyword"]
    caches += written(_CACHE_KEYS, _word)
    caches = [Written(CP_ASYNC_CACHE.get(str(c.value), c.value), c.span, c.text) for c in caches]

    for w in bits:
        if not isinstance(w.value, int):
            config.problem("verify.copy.width-value", w.span,
                           f"the copy width of `{atom.mnemonic}` must be an integer, got `{w.value}`")
            return
    width = _settle(config, "the copy width in bits", bits)
    if width is not None and (width.value % 8 or width.value // 8 not in family.widths):
        config.problem(UNIT_STRIDE, width.span,
                       message(UNIT_STRIDE).render(op_name, _element_count(config, width.value)))
        return
    if width is not None:
        config.width_bytes = Written(width.value // 8, width.span, width.text)
        _check_divides(atom, config, width.value, width.span, "bytes")

    for c in caches:
        if c.value not in family.cache_widths:
            config.problem("verify.copy.cache-policy", c.span,
                           f"`{atom.mnemonic}` cache policy must be "
                           f"{_one_of(tuple(family.cache_widths))} (the DSL's always or global), "
                           f"got `{c.value}`")
            return
    cache = _settle(config, "cache_policy", caches)
    config.cache = cache
    nbytes = config.width_bytes.value if config.width_bytes is not None else None
    if cache is not None and nbytes is not None and nbytes not in family.cache_widths[cache.value]:
        others = tuple(c for c, ws in family.cache_widths.items() if nbytes in ws)
        config.problem("verify.copy.cache-width", cache.span,
                       f"cache policy {cache.value} (cp.async.{cache.value}) copies "
                       f"{_one_of(family.cache_widths[cache.value])} bytes only, but this "
                       f"`{atom.mnemonic}` copies {nbytes} bytes; use {_one_of(others)}")


def _element_count(config: CopyConfig, width_bits: int) -> int:
    """Elements a copy of `width_bits` moves: bits / value bits; else the width in bytes (in
    bits when it is not a whole number of bytes)."""
    bits = element_bits(str(config.value_type.value)) if config.value_type is not None else None
    if bits and width_bits % bits == 0:
        return width_bits // bits
    return width_bits // 8 if width_bits % 8 == 0 else width_bits


def _check_divides(atom: AtomInstance, config: CopyConfig, width_bits: int, at: Span, unit: str) -> None:
    vt = config.value_type
    bits = element_bits(str(vt.value)) if vt is not None else None
    if bits and width_bits % bits:
        amount = width_bits // 8 if unit == "bytes" else width_bits
        config.problem("verify.copy.width-element", at,
                       f"`{atom.mnemonic}` copies {amount} {unit}, which is not a whole number of "
                       f"{vt.value} elements ({bits} bits each)")


def _op_name(ctx: VerifyContext, atom: AtomInstance) -> str:
    """The op that states the atom (as written): its builder, or the op that applies it."""
    op = ctx.index.op_written_at(atom.defined_at) if atom.defined_at is not None else None
    return op.name if op is not None else "cute_nvgpu.copy"


def _read_tmem(atom: AtomInstance, config: CopyConfig, params: list[TypeParam]) -> None:
    lanes = next((p for p in params if p.kind == "bit_width" and p.key == "DP"), None)
    bits = next((p for p in params if p.kind == "bit_width" and p.key == "bit"), None)
    repeat = next((p for p in params if p.kind == "keyword" and re.fullmatch(r"x\d+", p.text)), None)
    if lanes is None or bits is None:
        return
    rows = find_copy_rows(atom=atom.mnemonic)
    written = (_int(lanes.value or ""), _int(bits.value or ""))
    shape = TMEM_DSL_SHAPES.get(written, f"{lanes.value}x{bits.value}b")
    row = next((r for r in rows if r.variant == shape), None)
    if row is None:
        legal = ", ".join(r.variant for r in rows if re.fullmatch(r"\d+x\d+b(x2)?", r.variant))
        config.problem("verify.copy.tmem-shape", Span(lanes.span.start, bits.span.end),
                       f"`{atom.mnemonic}` has no {shape} shape (`{lanes.text}, {bits.text}`); "
                       f"legal: {legal}")
        return
    if repeat is not None and int(repeat.text[1:]) not in row.repeats:
        config.problem("verify.copy.tmem-repeat", repeat.span,
                       f"`{atom.mnemonic}` takes {_one_of(tuple(f'x{n}' for n in row.repeats))} "
                       f"repetitions of its {shape} shape, got `{repeat.text}`")


# ------------------------------------------------------------------ building an atom
def verify_copy_atom(ctx: VerifyContext, atom: AtomInstance, op_name: str | None = None) -> bool:
    """Rules on the atom itself, reported where the atom is written. `op_name`: the op that
    states the atom (default: the op that builds it)."""
    if not check_target(ctx, atom):
        return False
    config = read_config(ctx, atom, op_name or _op_name(ctx, atom))
    if config is None:
        return True
    for code, at, text in config.problems:
        ctx.error(code, at, text)
    return not config.problems


# ------------------------------------------------------------------ applying an atom
def _allowed(atom: AtomInstance, role: str) -> tuple[Residency, ...]:
    allowed: tuple[Residency, ...] = ()
    for contract in atom.row.operands:
        if contract.role == role:
            allowed = contract.allowed
    extra = _EXTRA_RESIDENCY.get((atom.mnemonic, role), ())
    return extra + tuple(r for r in allowed if r not in extra)


def _residency_of(operand: OperandType) -> str:
    if operand.residency is None:
        return "which is not a memref in a known memory space (none, 1, 3, 6) or an SMEM descriptor"
    return f"which is {RESIDENCY_TEXT[operand.residency]}"


def _check_residency(ctx: VerifyContext, atom: AtomInstance, ops: dict[str, OperandType],
                     notes: tuple[Related, ...]) -> bool:
    for role in ("src", "dst"):
        allowed = _allowed(atom, role)
        operand = ops[role]
        if not allowed or operand.residency in allowed:
            continue
        where = _one_of(tuple(RESIDENCY_TEXT[r] for r in allowed))
        ctx.error(f"verify.copy.{_ROLE_TEXT[role]}-residency", operand.span,
                  f"the {_ROLE_TEXT[role]} of `{atom.mnemonic}` must be {where}, "
                  f"got `{operand.text}`, {_residency_of(operand)}", notes)
        return False
    return True


def _check_elements(ctx: VerifyContext, atom: AtomInstance, config: CopyConfig,
                    ops: dict[str, OperandType], notes: tuple[Related, ...]) -> bool:
    """Both operands hold the atom's value type; without one, the family's element widths and
    the source's element type."""
    vt = config.value_type
    expected = str(vt.value) if vt is not None else None
    against = f"the value type {expected}" if expected is not None else None
    for role in ("src", "dst"):
        operand = ops[role]
        actual = operand.element_type
        if actual is None:
            continue
        if expected is None:
            bits = element_bits(actual)
            problem = _width_problem(atom.mnemonic, config.family, bits,
                                     f"the {_ROLE_TEXT[role]} element type {actual}") \
                if bits is not None else None
            if problem is not None:
                ctx.error("verify.copy.element-width", operand.span, problem, notes)
                return False
        if expected is not None and not _same_element(expected, actual):
            ctx.error("verify.copy.element-type", operand.span,
                      f"the {_ROLE_TEXT[role]} element type {actual} does not match "
                      f"{against} of `{atom.mnemonic}`", notes)
            return False
        if expected is None:
            expected, against = actual, f"the source element type {actual}"
    return True


def _vector_elements(config: CopyConfig, ops: dict[str, OperandType]) -> int | None:
    """How many elements one vectorized copy moves (None: not a vector copy, or unknown)."""
    if not config.family.vectorized:
        return None
    vt = str(config.value_type.value) if config.value_type is not None else ops["src"].element_type
    bits = element_bits(vt)
    if config.width_bytes is not None:
        total = config.width_bytes.value * 8
    elif config.bit_width is not None:
        total = config.bit_width
    else:
        return None
    if not bits or total % bits:
        return None
    return total // bits


class _Unknown:
    """A layout this verifier cannot read (affine maps, coordinate layouts): not checked."""


UNKNOWN = _Unknown()


def _flat_offsets(shapes: tuple, strides: tuple, n: int) -> list[int] | None | _Unknown:
    """Offsets of indices 0..n-1 (colexicographic, the last mode unbounded); None when an
    extent or stride they depend on is dynamic."""
    out = []
    for i in range(n):
        index, offset = i, 0
        for k, (extent, stride) in enumerate(zip(shapes, strides)):
            last = k == len(shapes) - 1
            if index == 0:
                break
            if last:
                coord = index
            else:
                if not is_int(extent):
                    return None
                coord, index = index % extent, index // extent
            if coord:
                if isinstance(stride, ScaledBasis):
                    return UNKNOWN
                if not is_int(stride):
                    return None
                offset += coord * stride
        out.append(offset)
    return out


_STRIDED = re.compile(r"strided\s*<\s*\[([^\]]*)\]")


def _operand_offsets(ctx: VerifyContext, operand: OperandType, n: int) -> list[int] | None | _Unknown:
    if operand.layout is None:
        return list(range(n))
    if operand.layout_body is not None:
        parsed = parse_layout(operand.layout_body)
        layout = parsed.value
        if layout is None:
            return UNKNOWN
        if isinstance(layout, ComposedLayout):
            fn = layout_fn(layout)
            values = [fn(i) for i in range(n)]
            if any(v is None for v in values):
                return None
            return values if all(is_int(v) for v in values) else UNKNOWN
        if not isinstance(layout, Layout) or layout.stride is None:
            return UNKNOWN
        return _flat_offsets(tuple(leaves(layout.shape)), tuple(leaves(layout.stride)), n)
    m = _STRIDED.match(operand.layout)
    if m is None:
        return UNKNOWN
    strides = [s.strip() for s in m.group(1).split(",") if s.strip()]
    shape = list(operand.shape)
    if len(shape) != len(strides):
        return UNKNOWN
    strides_v = [int(s) if re.fullmatch(r"-?\d+", s) else "?" for s in strides]
    # MLIR indexes row-major: the last dimension is the fastest.
    return _flat_offsets(tuple(reversed(shape)), tuple(reversed(strides_v)), n)


def _check_layouts(ctx: VerifyContext, op: Operation, config: CopyConfig, ops: dict[str, OperandType],
                   notes: tuple[Related, ...]) -> bool:
    n = _vector_elements(config, ops)
    if n is None or n < 2:
        return True
    relative: dict[str, list[int]] = {}
    for role in ("src", "dst"):
        operand = ops[role]
        offsets = _operand_offsets(ctx, operand, n)
        if isinstance(offsets, _Unknown):
            continue
        rel = [o - offsets[0] for o in offsets] if offsets is not None else None
        if rel is None or sorted(rel) != list(range(n)):
            ctx.error(UNIT_STRIDE, operand.layout_span or operand.span,
                      message(UNIT_STRIDE).render(op.name, n), notes)
            return False
        relative[role] = rel
    if len(relative) == 2 and relative["src"] != relative["dst"]:
        at = ops["dst"] if ops["dst"].layout is not None else ops["src"]
        ctx.error(MATCHING_STRIDE, at.layout_span or at.span,
                  message(MATCHING_STRIDE).render(op.name, n), notes)
        return False
    return True


def _compact(text: str) -> str:
    return re.sub(r"\s+", "", text)


def verify_copy_op(ctx: VerifyContext, op: Operation) -> None:
    types = ctx.operand_types(op)
    if not op.operands:
        ctx.error("verify.copy.operands", ctx.name_span(op),
                  "`cute_nvgpu.copy` takes an atom, a source and a destination")
        return
    value = op.operands[0]
    name = f"%{value.name_hint}"
    written_for_value = ctx.written_type(value)
    if not ctx.defined(value) or written_for_value is None:
        return      # defined outside this unit, or without a written type: not known here
    if ctx.through_alias(written_for_value) is None:
        return      # an alias this document does not define
    atom = ctx.atom_from_value(value)
    if atom is None or not atom.is_copy:
        ctx.error(INTERFACE, ctx.operand_span(op, 0), message(INTERFACE).render())
        return
    if atom.row.implements(Interface.TMA_ATOM):
        return      # descriptor-driven: out of scope here
    built = isinstance(value, OpResult)
    if not built and not verify_copy_atom(ctx, atom, op.name):
        return
    config = read_config(ctx, atom, op.name)
    if config is None or config.problems:
        return      # reported where the atom is built
    notes = ctx.note_at_definition(atom)
    if len(op.operands) != 3 or len(types) != 3:
        ctx.error("verify.copy.operands", ctx.name_span(op),
                  f"`cute_nvgpu.copy` takes an atom, a source and a destination with their types "
                  f"`: (atom type, source type, destination type)`; got {len(op.operands)} operands "
                  f"and {len(types)} types", notes)
        return
    written = types[0]
    if written.kind == "cute_nvgpu_type" and _compact(value.type.text) != _compact(written.text):
        ctx.error("verify.copy.atom-type", written.span,
                  f"the atom type is written `{written.text}` here "
                  f"but `{name}` has type `{value.type.text}`", notes)
        return
    ops = {"src": ctx.classify(types[1]), "dst": ctx.classify(types[2])}
    if ops["src"] is None or ops["dst"] is None:
        return      # an operand type named by an alias nobody defines: nothing to judge
    (_check_residency(ctx, atom, ops, notes) and _check_elements(ctx, atom, config, ops, notes)
     and _check_layouts(ctx, op, config, ops, notes))
