"""cute_nvgpu types: resolve mnemonics, interpret parameters, print canonically.

The dispatch behaves like the dialect's 27-arm walk (asm-printer page): literal arms first,
case-sensitive, in table order; the `i<N>` integer branch only after every literal arm missed;
then the CuTe DSL's own mnemonics (`tables.atoms.DSL_ATOMS`, the newer build of the dialect
real dumps come from); anything else is the verbatim unknown-type diagnostic on the mnemonic.

Parameters come from the CST (`type_parameters`), so every problem points at the parameter
that has it. The printer is the inverse of the parser for the spec's spellings:
text -> type -> text is identical.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from enum import Enum

from tree_sitter import Node

from ...diagnostics import Diagnostic, Severity, Source, Span
from ...diagnostics.catalogue import make
from ...tables.atoms import ATOMS_BY_MNEMONIC, DSL_ATOMS_BY_MNEMONIC, MNEMONICS, AtomRow, written_tier
from ...tables.type_parameters import SIMT_COPY_KEYS, SIMT_COPY_SETTINGS
from ..constraints import FLOAT_TYPE_NAMES
from .enums import ALLOW_DSMEM, BIT_UNIT, DIALECT, MEMORY_ORDERS, MEMORY_SCOPES
from ...syntax.cst import span as _span, text as _text
from ...syntax.literals import integer_literal

UINT32_MAX = (1 << 32) - 1
TYPE_PREFIX = "!cute_nvgpu."


def is_cute_nvgpu_type(text: str) -> bool:
    """Whether a type's text is a cute_nvgpu type (an alias of one is not: its text is `!name`)."""
    return text.startswith(TYPE_PREFIX)


class MnemonicArm(Enum):
    LITERAL = "literal"        # one of the 27 table entries
    ATOM_INTEGER = "integer"   # i<N>, reached only after every literal arm missed
    CUTE_DSL = "cute-dsl"      # a mnemonic of the CuTe DSL's newer dialect build
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Resolution:
    arm: MnemonicArm
    row: AtomRow | None = None
    width: int | None = None
    problem: str | None = None  # for ATOM_INTEGER: why N is not acceptable


def resolve_mnemonic(mnemonic: str) -> Resolution:
    row = ATOMS_BY_MNEMONIC.get(mnemonic)  # exact, case-sensitive: SM120.mma_bs only
    if row is not None:
        return Resolution(MnemonicArm.LITERAL, row=row)
    if mnemonic.startswith("i") and mnemonic[1:].isdigit() and mnemonic[1:].isascii():
        width = int(mnemonic[1:])
        if width > UINT32_MAX:
            return Resolution(MnemonicArm.ATOM_INTEGER, width=width,
                              problem=f"integer width {width} does not fit in 32 bits")
        return Resolution(MnemonicArm.ATOM_INTEGER, width=width)
    row = DSL_ATOMS_BY_MNEMONIC.get(mnemonic)
    if row is not None:
        return Resolution(MnemonicArm.CUTE_DSL, row=row)
    return Resolution(MnemonicArm.UNKNOWN)


def walk_index(mnemonic: str) -> int | None:
    """Position of a literal mnemonic in the dispatch walk (0..26); the printer slot."""
    try:
        return MNEMONICS.index(mnemonic)
    except ValueError:
        return None


@dataclass(frozen=True)
class TypeParam:
    """One parameter of a cute_nvgpu type as written, with its span."""

    kind: str            # the CST node kind: bit_width, memory_order, key_value, keyword, ...
    text: str
    span: Span
    key: str | None = None
    value: str | None = None


@dataclass(frozen=True)
class CuteNvgpuType:
    mnemonic: str
    arm: MnemonicArm
    span: Span
    mnemonic_span: Span
    row: AtomRow | None = None
    params: tuple[TypeParam, ...] = ()
    # Interpreted fields (absent fields stay None: the printer elides them).
    value_type: str | None = None          # universal_copy
    bit_width: int | None = None           # universal_copy `128 b`
    allow_dsmem: bool = False              # universal_copy
    mem_order: str | None = None           # universal_copy
    mem_scope: str | None = None           # universal_copy
    src_space: str | None = None           # universal_copy (DSL: `src_space = gmem`)
    dst_space: str | None = None           # universal_copy (DSL: `dst_space = smem`)
    source_type: str | None = None         # smem_desc_view
    layout: str | None = None              # smem_desc_view
    width: int | None = None               # i<N>
    divby: int | None = None               # i<N><divby M>
    settings: tuple[tuple[str, str], ...] = field(default=())  # DSL `key = value` parameters
    raw_parameters: str | None = None      # parameter text of spellings printed as written

    @property
    def known(self) -> bool:
        return self.arm is not MnemonicArm.UNKNOWN

    def setting(self, key: str) -> str | None:
        for k, v in self.settings:
            if k == key:
                return v
        return None


def parameter_pairs(params) -> list[tuple[str, str]]:
    """`(key, value)` of each parameter, key "" for a bare word (`<sm_100_2sm, f16, ...>`): what
    `tables.atoms.atom_gates` reads."""
    return [(p.key or "", (p.value if p.key else p.text) or "") for p in params if p.kind != ","]


def _params(parameters: Node | None) -> list[TypeParam]:
    if parameters is None:
        return []
    out: list[TypeParam] = []
    for child in parameters.named_children:
        if child.type in ("comment", "unclosed_bracket"):
            continue
        key = value = None
        if child.type == "key_value":
            key = _text(child.child_by_field_name("key"))
            value = _text(child.child_by_field_name("value"))
        elif child.type in ("memory_order", "memory_scope"):
            key = "mem_order" if child.type == "memory_order" else "mem_scope"
            value = _text(child.child_by_field_name("value"))
        elif child.type == "bit_width":
            key = _text(child.child_by_field_name("unit"))
            value = _text(child.child_by_field_name("value"))
        elif child.type == "divby":
            key = "divby"
            value = _text(child.child_by_field_name("value"))
        out.append(TypeParam(child.type, _text(child), _span(child), key, value))
    return out


def _is_power_of_two(n: int) -> bool:
    return n > 0 and (n & (n - 1)) == 0


def _error(code: str, span: Span, message: str) -> Diagnostic:
    return Diagnostic(code, span, Severity.ERROR, Source.TYPES, message)


_TYPE_PARAM_KINDS = frozenset({
    "integer_type", "float_type", "index_type", "none_type", "memref_type", "tensor_type",
    "vector_type", "complex_type", "tuple_type", "cute_nvgpu_type", "dialect_type", "type_alias",
})
_LAYOUT_PARAM_KINDS = frozenset({"cute_layout", "string", "attribute_alias", "dialect_attribute"})


def _universal_copy(base: dict, params: list[TypeParam], diags: list[Diagnostic]) -> None:
    mn = base["mnemonic"]
    if not params or params[0].kind not in _TYPE_PARAM_KINDS:
        at = params[0].span if params else base["span"]
        diags.append(_error("types.universal-copy.value-type", at,
                            f"`{mn}` expects a value type as its first parameter, e.g. `<f16>`"))
        rest = params
    else:
        base["value_type"] = params[0].text
        rest = params[1:]
    for p in rest:
        if p.kind == "bit_width":
            width = integer_literal(p.value) or 0
            if p.key != BIT_UNIT:
                diags.append(_error("types.universal-copy.unit", p.span,
                                    f"bit width unit must be `{BIT_UNIT}` (bits), e.g. `{width} b`, not `{p.key}`"))
            elif not _is_power_of_two(width):
                diags.append(_error("types.universal-copy.width", p.span,
                                    f"copy bit width must be a power of two, got {width}"))
            else:
                base["bit_width"] = width
        elif p.kind == "integer":
            diags.append(_error("types.universal-copy.unit", p.span,
                                f"missing `{BIT_UNIT}` after the bit width: write `{p.text} {BIT_UNIT}`"))
        elif p.kind == "keyword" and p.text == ALLOW_DSMEM:
            base["allow_dsmem"] = True
        elif p.kind == "memory_order":
            orders = known_values("mem_order", mn)
            if p.value not in orders:
                diags.append(_error("types.universal-copy.mem-order", p.span,
                                    f"unknown memory order `{p.value}`; expected one of {', '.join(orders)}"))
            else:
                base["mem_order"] = p.value
        elif p.kind == "memory_scope":
            scopes = known_values("mem_scope", mn)
            if p.value not in scopes:
                diags.append(_error("types.universal-copy.mem-scope", p.span,
                                    f"unknown memory scope `{p.value}`; expected one of {', '.join(scopes)}"))
            else:
                base["mem_scope"] = p.value
        elif p.kind == "key_value" and p.key in _UNIVERSAL_COPY_KEYS:
            _universal_copy_setting(base, p, diags)
        elif p.kind == "key_value" and p.key in SIMT_COPY_KEYS.get(mn, ()):
            _simt_copy_setting(base, p, diags)
        elif p.kind == ",":
            continue
        else:
            diags.append(_error("types.universal-copy.parameter", p.span,
                                f"unexpected parameter `{p.text}` for `{mn}`; expected {_expected(mn)}"))


# The DSL's SIMT copies (g2r, r2g, s2r, r2s) take their enums' defaults too, `weak` and `cta`
# (MemoryOrder.WEAK, MemoryScope.CTA): its parser reads `mem_order = weak` and prints the type
# without it. The spec's universal copy has no such spelling (docs/spec-deviations.md).
_DSL_DEFAULTS = {"mem_order": ("weak",), "mem_scope": ("cta",)}


def known_values(key: str, mnemonic: str) -> tuple[str, ...]:
    """The memory orders (`key` mem_order) or scopes (mem_scope) a copy of `mnemonic` takes."""
    spec = MEMORY_ORDERS if key == "mem_order" else MEMORY_SCOPES
    return _DSL_DEFAULTS[key] + spec if mnemonic in SIMT_COPY_KEYS else spec


# The CuTe DSL writes a universal copy's settings as `key = value` (`copy_bits = 128`,
# `mem_order = acquire`, `src_space = gmem`); each key sets the field its spec spelling sets.
_UNIVERSAL_COPY_KEYS = frozenset({"copy_bits", "mem_order", "mem_scope", "src_space", "dst_space"})
_MEMORY_SPACES = ("gmem", "smem", "rmem", "tmem", "dsmem")


def _universal_copy_setting(base: dict, p: TypeParam, diags: list[Diagnostic]) -> None:
    value = (p.value or "").strip()
    if p.key == "copy_bits":
        width = integer_literal(value) or 0
        if not _is_power_of_two(width):
            diags.append(_error("types.universal-copy.width", p.span,
                                f"copy bit width must be a power of two, got {value}"))
        else:
            base["bit_width"] = width
    elif p.key in ("mem_order", "mem_scope"):
        legal = known_values(p.key, base["mnemonic"])
        if value not in legal:
            what = "memory order" if p.key == "mem_order" else "memory scope"
            diags.append(_error(f"types.universal-copy.{p.key.replace('_', '-')}", p.span,
                                f"unknown {what} `{value}`; expected one of {', '.join(legal)}"))
        else:
            base[p.key] = value
    elif value not in _MEMORY_SPACES:
        diags.append(_error("types.universal-copy.space", p.span,
                            f"unknown memory space `{value}` for `{p.key}`; expected one of "
                            f"{', '.join(_MEMORY_SPACES)}"))
    else:
        base[p.key] = value


def _simt_copy_setting(base: dict, p: TypeParam, diags: list[Diagnostic]) -> None:
    """A DSL SIMT copy's cache or memory setting (`store_cache_mode = streaming`): kept among the
    type's settings when its value is one the DSL's enum has."""
    value = (p.value or "").strip()
    legal = SIMT_COPY_SETTINGS[p.key]
    if value not in legal:
        diags.append(_error("types.universal-copy.setting", p.span,
                            f"unknown `{p.key}` value `{value}`; expected one of {', '.join(legal)}"))
        return
    base["settings"] = base.get("settings", ()) + ((p.key, value),)


def _expected(mnemonic: str) -> str:
    """The parameters a universal copy spelled `mnemonic` takes, in its own spelling: the spec's
    for `atom.universal_copy`, the DSL's `key = value` for its SIMT copies."""
    if mnemonic == "atom.universal_copy":
        return f"a bit width (`128 b`), `{ALLOW_DSMEM}`, `mem_order=...` or `mem_scope=...`"
    keys = ["copy_bits", "mem_order", "mem_scope"] + sorted(SIMT_COPY_KEYS.get(mnemonic, ()))
    return ", ".join(f"`{k} = ...`" for k in keys[:-1]) + f" or `{keys[-1]} = ...`"


def _smem_desc_view(base: dict, params: list[TypeParam], diags: list[Diagnostic]) -> None:
    if len(params) != 2 or params[0].kind not in _TYPE_PARAM_KINDS or params[1].kind not in _LAYOUT_PARAM_KINDS:
        at = params[0].span if params else base["span"]
        diags.append(_error("types.smem-desc-view.parameters", at,
                            "`smem_desc_view` expects `<source type, layout>`, e.g. "
                            "`<memref<128xf16, 3>, #cute.layout<(4@0, 32@1)>>`"))
        return
    base["source_type"] = params[0].text
    base["layout"] = params[1].text


def _atom_integer(base: dict, params: list[TypeParam], diags: list[Diagnostic]) -> None:
    for p in params:
        if p.kind == "divby":
            divisor = integer_literal(p.value) or 0
            if divisor <= 0 or divisor > UINT32_MAX:
                diags.append(_error("types.integer.divby", p.span,
                                    f"`divby` needs a positive 32-bit divisor, got {p.value}"))
            elif base.get("divby") is not None:
                diags.append(_error("types.integer.divby", p.span, "`divby` given twice"))
            else:
                base["divby"] = divisor
        else:
            diags.append(_error("types.integer.parameter", p.span,
                                f"unexpected parameter `{p.text}`; atom integer types take only `<divby M>`"))


# Mnemonics whose types the dialect builds with no parameters (asm-printer page: entries 4,
# 15 and 16 are zero-parameter sugared types).
ZERO_PARAMETER_MNEMONICS = frozenset({"smem_desc", "tma_descriptor_tiled", "tma_descriptor_im2col"})


def _interpret_settings(params: list[TypeParam]) -> tuple[tuple[str, str], ...]:
    out = []
    for index, p in enumerate(params):
        if p.kind == "key_value" and p.key is not None:
            out.append((p.key, p.value or ""))
        elif p.kind == "shape" and index == 0:
            out.append(("shape", p.text))
    return tuple(out)


def parse_type_node(node: Node) -> tuple[CuteNvgpuType, list[Diagnostic]]:
    """Interpret a `cute_nvgpu_type` CST node."""
    mnemonic_node = node.child_by_field_name("mnemonic")
    parameters = node.child_by_field_name("parameters")
    mnemonic = _text(mnemonic_node)
    mnemonic_span = _span(mnemonic_node) if mnemonic_node is not None else _span(node)
    resolution = resolve_mnemonic(mnemonic)
    diags: list[Diagnostic] = []
    params = _params(parameters)
    base: dict = {"mnemonic": mnemonic, "arm": resolution.arm, "span": _span(node),
                  "mnemonic_span": mnemonic_span, "row": resolution.row, "params": tuple(params)}

    if resolution.arm is MnemonicArm.UNKNOWN:
        diags.append(make("types.unknown-type", mnemonic_span, mnemonic, DIALECT))
        return CuteNvgpuType(**base), diags

    if resolution.arm is MnemonicArm.ATOM_INTEGER:
        if resolution.problem:
            diags.append(_error("types.integer.width", mnemonic_span, resolution.problem))
        base["width"] = resolution.width
        _atom_integer(base, [p for p in params if p.kind != ","], diags)
        return CuteNvgpuType(**base), diags

    semantics = resolution.row.lowers_as if resolution.row is not None else None
    if mnemonic == "atom.universal_copy" or semantics == "atom.universal_copy":
        _universal_copy(base, [p for p in params if p.kind != ","], diags)
        if mnemonic != "atom.universal_copy" and parameters is not None:
            base["raw_parameters"] = _text(parameters)   # printed as the DSL wrote it
    elif mnemonic == "smem_desc_view":
        _smem_desc_view(base, [p for p in params if p.kind != ","], diags)
    elif params and mnemonic in ZERO_PARAMETER_MNEMONICS:
        diags.append(_error("types.parameters", _span(parameters), f"`{mnemonic}` takes no parameters"))
    elif params:
        # CuTe DSL spellings carry the atom's configuration as parameters; keep them.
        base["settings"] = _interpret_settings(params)
        base["raw_parameters"] = _text(parameters)
    _element_type_words(parameters, diags)
    return CuteNvgpuType(**base), diags


# A word shaped like a float type of MLIR (`f61`, `bf61`, `f8E4M3X`: `f<N>`, `bf<N>`, `tf<N>`,
# then an `E<e>M<m>` format and upper-case flags): the grammar reads MLIR's real float types as
# types, so a parameter word of this shape is a misspelt one. Other words stay parameters:
# `u16` (an ldmatrix size pattern), `f8f6f4` (an MMA kind), `f16x2`.
_FLOAT_LIKE = re.compile(r"^(?:b?f|tf)\d+(?:E\d+M\d+[A-Z]*|[A-Z]*)$")


def _element_type_words(parameters: Node | None, diags: list[Diagnostic]) -> None:
    """A parameter word shaped like a float type but not one of MLIR's (`elem_type = (f61, ...)`,
    `val_type = f23`, an atom's value type): an error naming the nearest real type. A nested
    `!cute_nvgpu` type is left to its own reading."""
    if parameters is None:
        return
    taken = {(d.span.start, d.span.end) for d in diags}     # said already, in the mnemonic's own words
    stack = list(reversed(parameters.children))
    while stack:
        node = stack.pop()
        if node.type == "cute_nvgpu_type":
            continue
        if node.type == "keyword":
            word = _text(node)
            if _FLOAT_LIKE.match(word) and (node.start_byte, node.end_byte) not in taken:
                nearest = _nearest_float(word)
                hint = f"; did you mean `{nearest}`?" if nearest else ""
                diags.append(_error("types.element-type", _span(node), f"unknown element type `{word}`{hint}"))
            continue
        stack.extend(reversed(node.children))


def _nearest_float(word: str) -> str | None:
    """The float type `word` most likely misspells: the same letters in another order, else the
    closest spelling."""
    same = [name for name in FLOAT_TYPE_NAMES if sorted(name) == sorted(word)]
    if same:
        return same[0]
    close = difflib.get_close_matches(word, FLOAT_TYPE_NAMES, n=1, cutoff=0.5)
    return close[0] if close else None


def print_type(t: CuteNvgpuType) -> str:
    """Canonical text; absent fields are elided, never printed as sentinels."""
    head = f"!{DIALECT}.{t.mnemonic}"
    if t.arm is MnemonicArm.ATOM_INTEGER:
        return head + (f"<divby {t.divby}>" if t.divby is not None else "")
    if t.mnemonic == "atom.universal_copy" and t.value_type is not None:
        parts = [t.value_type]
        if t.bit_width is not None:
            parts.append(f"{t.bit_width} {BIT_UNIT}")
        if t.allow_dsmem:
            parts.append(ALLOW_DSMEM)
        if t.mem_order is not None:
            parts.append(f"mem_order={t.mem_order}")
        if t.mem_scope is not None:
            parts.append(f"mem_scope={t.mem_scope}")
        parts += [f"{key} = {value}" for key, value in (("src_space", t.src_space),
                                                       ("dst_space", t.dst_space)) if value]
        return head + "<" + ", ".join(parts) + ">"
    if t.mnemonic == "smem_desc_view" and t.source_type is not None:
        return f"{head}<{t.source_type}, {t.layout}>"
    if t.raw_parameters is not None:
        return head + t.raw_parameters
    return head


# ------------------------------------------------------------------ alias hints
_ELEMENT_NAME_KEYS = ("elem_type", "val_type")


def _split_tuple(value: str) -> list[str]:
    inner = value.strip()
    if inner.startswith("(") and inner.endswith(")"):
        inner = inner[1:-1]
    return [part.strip() for part in inner.split(",") if part.strip()]


def alias_for_type(t: CuteNvgpuType, op_attributes: dict[str, str] | None = None) -> str:
    """The dialect's SSA alias hint (asm-printer page, "Alias Hints"); "" when none applies.

    MMA aliases need element types and a shape: from the type's parameters (CuTe DSL spelling)
    or from the op's `a_type`/`b_type`/`c_type`/`shape_MNK` attributes (spec spelling).
    """
    row = t.row
    if row is None or row.alias_family is None:
        return ""
    if row.alias_family == "copy":
        suffix = t.mnemonic.removeprefix("atom.").replace(".", "_")
        # The tier the atom needs as written (an ldsm of `mode = <"(16,16)">` is an sm100 one),
        # else its row's.
        raised = written_tier(row, parameter_pairs(t.params))
        tier = f"sm{raised}" if raised is not None else row.spec_min_tier.lower()
        if tier.startswith("sm") and not suffix.startswith(tier):
            suffix = f"{tier}_{suffix}"
        return f"copy_{suffix}"
    attrs = op_attributes or {}
    elem = t.setting("elem_type")
    types = _split_tuple(elem) if elem else [attrs.get(k, "") for k in ("a_type", "b_type", "c_type")]
    shape = t.setting("shape") or _shape_from_list(attrs.get("shape_MNK", ""))
    if len(types) != 3 or not all(types) or not shape:
        return ""
    return "mma_{}_{}_{}_{}".format(*types, shape)


def _shape_from_list(value: str) -> str:
    parts = _split_tuple(value.replace("[", "(").replace("]", ")"))
    return "x".join(parts) if parts and all(p.isdigit() for p in parts) else ""
