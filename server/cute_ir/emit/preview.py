"""PTX preview of a whole document: one kernel per atom-building / atom-applying op, and each
TileAS kernel (a function with a KernelSpecAttr) as `emit/tileas_kernel.py` writes it after the
TileAS passes, its lines mapped to the function (a kernel the passes reported errors on, or
that has an op the emitter does not know, is a comment saying so: `check` has the errors).

`atom_config` maps an `AtomInstance` (MLIR spellings, spec or CuTe DSL form) to the emitter's
`AtomConfig`; `preview_module` walks a document's units and emits one PTX module for a target:

* every op whose result is an atom (`cute_nvgpu.make_mma_atom`, `cute.make_atom`, `cute.static`,
  `cute_nvgpu.atom.make_exec_tma`, ...) and every op that applies one (`cute_nvgpu.mma`,
  `cute_nvgpu.copy`, `cute_nvgpu.atom.tma_load/store/reduce`) becomes a kernel, in document
  order, preceded by a `//` comment naming the op;
* an atom the target cannot run (arch gate, shape, types) becomes an error Diagnostic (source
  "lower") and a comment instead of a kernel;
* an atom that does not say enough to build an instruction (a bare `!cute_nvgpu.sm100.mma`)
  becomes a comment only: nothing is wrong with it, there is just nothing to show;
* an op that `check` rejects (an error inside it, inside the op that built the atom it applies,
  or on the atom's type) is not lowered: its problems are `check`'s own diagnostics. The
  lowering problems themselves are diagnostics of the analysis too (`Lowering`, run by the
  analysis while it verifies), so `check`, the server and the preview give one verdict.

Every line of a kernel (and every comment line) is mapped to the op it came from:
`Preview.line_map` holds (0-based PTX line, byte span of the op in the IR document).

This module knows nothing about the protocol and does not import the analysis (stages only
import leftwards): it is handed the analysed document and uses only what `emit/source.py`'s
`AnalysedSource` declares. Per-unit results are cached by
the unit's text, so re-previewing after an edit only re-reads the units that changed.
"""
from __future__ import annotations

import hashlib
from bisect import bisect_left, bisect_right
import re
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from functools import lru_cache

from ..diagnostics import Diagnostic, Severity, Source, Span
from ..dialects.cute_nvgpu.atoms import PTX_TYPE, SCALE_TYPE, AtomInstance, Field
from ..dialects.cute_nvgpu.enums import BIT_UNIT, CP_ASYNC_CACHE
from ..dialects.cute_nvgpu.ops import APPLYING_OPS, TMA_APPLY_OPS
from ..dialects.cute_nvgpu.tma_ops import PREFETCH
from ..dialects.cute_nvgpu.types import CuteNvgpuType
from ..dialects.cute_nvgpu.written import WrittenType
from ..ir.core import Operation, OpResult, Value
from ..layout import layout_rank
from ..tables import tiers as T
from ..tables.atoms import DEFAULT_TMA_CACHE_POLICY, TMA_CACHE_MODE_POLICY, TMEM_DSL_SHAPES, TYPE_BITS
from ..verify.context import EXEC_TMA_BINDER, VerifyContext
from ..verify.tma import Flag, TmaPartitionResult, verify_tma
from ..passes.lower_atoms import (BLOCKED_NOTE, BOUND, DSL_APPLYING, LEFT_NOTE, NO_KERNEL_NOTE, NOT_LOWERED,
                                  PTX, STOPPED, left_reason)
from .ptx import (ATOM_LINE_MARK, A_SOURCES, AtomConfig, EmitError, InlineAsm, PtxModule, check_config, emit_module,
                  inline_asm, supported_targets)
from .tileas_kernel import kernel_name, unit_kernels
from ..dialects.nv_tileas.async_tma import is_kernel
from ..dialects.registry import is_function
from .source import AnalysedSource, SourceUnit
from ..syntax.literals import integer_literal

__all__ = ["Preview", "atom_config", "preview_module", "Lowering", "applying_ops", "APPLYING_OPS",
           "TMA_APPLY_OPS", "alias_table", "document_items", "clear_cache", "stopped_kernels"]

# Ops that apply an atom given as their first operand.
_APPLYING = APPLYING_OPS
# An applying op's attributes that configure the atom it applies (docs/ops.md: `tma_reduce`'s
# `kind`, "the reduction, when the non-exec atom does not fix it").
_APPLYING_SETTINGS = {"cute_nvgpu.atom.tma_reduce": ("kind",)}
# The atoms whose kernels move a TMA tile: their expect_tx and SMEM tile come from the partition.
_TMA_TRANSFERS = frozenset({"atom.tma_load", "atom.tma_store", "atom.tma_reduce"})


def applying_ops() -> frozenset[str]:
    """Names of the ops whose first operand is the atom they apply."""
    return APPLYING_OPS


@dataclass(frozen=True)
class Preview:
    ptx_text: str
    line_map: list[tuple[int, Span]]        # (0-based PTX line, byte span of the op in the IR)
    problems: list[Diagnostic]              # atoms illegal for the target (source "lower")
    target: str = ""
    ptxas_arch: str = ""
    kernels: tuple[str, ...] = ()

    def spans_for_line(self, ptx_line: int) -> list[Span]:
        return [s for line, s in self.line_map if line == ptx_line]

    def lines_for_offset(self, offset: int) -> list[int]:
        """PTX lines produced by the innermost op whose span contains `offset`."""
        hits = [(s, line) for line, s in self.line_map if s.start <= offset <= s.end]
        if not hits:
            return []
        best = min((s for s, _ in hits), key=lambda s: s.end - s.start)
        return sorted({line for s, line in hits if s == best})


# --------------------------------------------------------------------------------------------
# AtomInstance -> AtomConfig
# --------------------------------------------------------------------------------------------

_TRUE = {"true", "1", "yes", "unit"}
_A_SOURCE_NAMES = {residency: name for name, residency in A_SOURCES.items()}
# CuTe DSL `frag_kind`: where A comes from (first letter) -- ss/rs (sm90), ss/ts (sm100).
_FRAG_A = {"s": "smem_desc", "r": "rmem", "t": "tmem"}
_S2T_SHAPES = ("128x256b", "4x256b", "128x128b", "64x128b.warpx2::02_13",
               "64x128b.warpx2::01_23", "32x128b.warpx4")
_TMA_REDUCE_OPS = ("add", "min", "max", "inc", "dec", "and", "or", "xor")


def _value(f: Field | None) -> str | None:
    if f is None:
        return None
    text = f.value.strip()
    # `#cute_nvgpu.load_cache_mode<cg>` / `<"...">` -> the inside.
    m = re.fullmatch(r"#?[\w.]*<\s*\"?(.*?)\"?\s*>", text)
    if m:
        text = m.group(1)
    # `4 : i32` -> `4`; quoted strings lose their quotes.
    text = re.sub(r"\s*:\s*[\w.]+$", "", text).strip().strip('"')
    return text


def _int(f: Field | None) -> int | None:
    text = _value(f)
    if text is None:
        return None
    return integer_literal(text)


def _flag(f: Field | None) -> bool:
    text = _value(f)
    return text is not None and text.lower() in _TRUE


def _setting(atom: AtomInstance, *keys: str) -> Field | None:
    for key in keys:
        f = atom.settings.get(key)
        if f is not None:
            return f
    return None


def _keywords(ty: CuteNvgpuType | None) -> list[str]:
    if ty is None:
        return []
    return [p.text.strip() for p in ty.params if p.kind in ("keyword", "integer", "shape")]


def _ptx_types(atom: AtomInstance, a: str | None, b: str | None, c: str | None
               ) -> tuple[str, str, str] | str:
    out = []
    for role, value in (("a", a), ("b", b), ("c", c)):
        ptx = PTX_TYPE.get(value or "")
        if ptx is None:
            return f"`{atom.mnemonic}`: element type `{value}` ({role}_type) has no PTX form"
        out.append(ptx)
    return tuple(out)  # type: ignore[return-value]


def _block_scale(atom: AtomInstance, k: int, sparse: bool
                 ) -> tuple[str, int, str | None]:
    """(kind, vec_size, scale type) from (K, vec_size, scale type), hardware-facts 4 and 5.

    Dense K 32 is kind::mxf8f6f4 (vec 32, ue8m0); dense K 64 is kind::mxf4 with vec 32 (ue8m0)
    or kind::mxf4nvf4 with vec 16 (ue4m3 for NVFP4; SM100 also takes ue8m0). A missing vec
    size follows the scale type (ue4m3 -> 16), else 32. An illegal K keeps the nearest kind so
    that the emitter's check names the legal shapes.
    """
    vec = _int(atom.vec_size)
    sf_text = atom.sf_type.value if atom.sf_type is not None else None
    sf = SCALE_TYPE.get(sf_text or "") if sf_text else None
    if sf_text and sf is None:
        sf = sf_text            # let the emitter reject it by name
    k_dense = k // 2 if sparse else k
    if vec is None:
        vec = 16 if sf == "ue4m3" else 32
    if k_dense <= 32:
        kind = "mxf8f6f4"
    else:
        kind = "mxf4" if vec == 32 else "mxf4nvf4"
    if sf is None:
        sf = "ue4m3" if vec == 16 else "ue8m0"
    return kind, vec, sf


def _mma_config(atom: AtomInstance, a_source: str | None, ty: CuteNvgpuType | None
                ) -> AtomConfig | str:
    m = atom.mnemonic
    shape = atom.shape
    a = atom.a_type.value if atom.a_type else None
    b = atom.b_type.value if atom.b_type else None
    c = atom.c_type.value if atom.c_type else None
    if m == "atom.universal_fma":
        shape = shape or (1, 1, 1)
        if ty is not None and not (a and b and c):
            # DSL: `<1x1x1, (f32, f32) -> f32>`
            group = next((p.text for p in ty.params if p.kind == "parameter_group"), None)
            if group:
                parts = [x.strip() for x in group.strip("()").split(",") if x.strip()]
                if len(parts) == 2:
                    a, b = a or parts[0], b or parts[1]
                tail = [p.text for p in ty.params if p.kind in ("float_type", "integer_type")]
                if tail:
                    c = c or tail[-1]
        val = _value(_setting(atom, "val_type"))
        a, b, c = a or val, b or val, c or val
    block = None
    vec = sf = None
    if atom.block_scaled and shape is not None:
        block, vec, sf = _block_scale(atom, shape[2], atom.sparse)
        c = c or "f32"                           # hard-locked accumulator
        if block != "mxf8f6f4":
            a, b = a or "f4E2M1FN", b or "f4E2M1FN"   # K 64 takes e2m1 only
    missing = []
    if shape is None:
        missing.append("shape_MNK")
    missing += [f"{r}_type" for r, v in (("a", a), ("b", b), ("c", c)) if not v]
    if missing:
        return (f"the `{m}` atom does not say its {', '.join(missing)}: there is no single "
                f"instruction to show")
    types = _ptx_types(atom, a, b, c)
    if isinstance(types, str):
        return types
    cta = _int(atom.cta_group)
    if cta is None:
        cta = 2 if m.startswith("sm100.") and shape[0] == 256 else 1
    if a_source is None:
        frag = _value(atom.frag_kind)
        if frag:
            a_source = _FRAG_A.get(frag[0].lower())
        a_source = a_source or _value(_setting(atom, "a_source"))
    return AtomConfig(
        m, shape, *types, sparse=atom.sparse, block_scale=block, vec_size=vec, sf_type=sf,
        cta_group=cta, a_source=a_source,
        saturate=_flag(_setting(atom, "saturate", "satfinite")),
        sparse_selector=_int(_setting(atom, "sparse_selector", "selector")) or 0)


def _ldsm_config(atom: AtomInstance, ty: CuteNvgpuType | None) -> AtomConfig | str:
    mode = _setting(atom, "mode")
    if mode is not None and _value(mode) != "(8,8)":
        return (f"the `.b8` shapes of ldmatrix / stmatrix (`mode = {mode.value.strip()}`) are not "
                f"previewed yet, only `.m8n8`")
    num = _int(_setting(atom, "num_matrices", "num"))
    trans = _flag(_setting(atom, "transpose", "trans"))
    words = _keywords(ty)
    for w in words:
        mm = re.fullmatch(r"m8n8(?:\.x(\d))?(\.trans)?", w)
        if mm:
            num = num or int(mm.group(1) or 1)
            trans = trans or bool(mm.group(2))
        elif w == "t":                          # DSL: trailing `t` / `n` = transposed or not
            trans = True
    if num is None:
        return (f"the `{atom.mnemonic}` atom does not say how many 8x8 matrices it moves "
                f"(num_matrices = 1/2/4, or `<m8n8.x4>`)")
    return AtomConfig(atom.mnemonic, num_matrices=num, transpose=trans)


def _bit_widths(ty: CuteNvgpuType | None, unit: str = BIT_UNIT) -> list[int]:
    """The `N <unit>` parameters of a DSL type (`128 b`, `32 DP`, `2 cta`), in order. The
    grammar knows some units (`b`, `DP`, `bit`); others arrive as an integer and a keyword."""
    if ty is None:
        return []
    out = []
    params = [p for p in ty.params if p.kind != ","]
    for p, after in zip(params, params[1:] + [None]):
        if p.kind == "bit_width" and p.key == unit and (p.value or "").isdigit():
            out.append(int(p.value))
        elif (p.kind == "integer" and after is not None and after.kind == "keyword"
              and after.text == unit):
            out.append(int(p.text))
    return out


def _cp_async_config(atom: AtomInstance, ty: CuteNvgpuType | None) -> AtomConfig | str:
    nbytes = _int(_setting(atom, "copy_bytes", "bytes", "num_bytes", "width"))
    bits = _int(_setting(atom, "copy_bits", "bits"))
    if bits is None and _bit_widths(ty):
        bits = _bit_widths(ty)[0]                     # the DSL's `128 b`
    if nbytes is None and bits is not None:
        nbytes = bits // 8
    words = _keywords(ty)
    if nbytes is None:
        nums = [int(w) for w in words if w.isdigit()]
        nbytes = nums[0] if nums else None
    if nbytes is None:
        return (f"the `{atom.mnemonic}` atom does not say its width (`<4>`, `<8>` or `<16>` "
                f"bytes, `128 b`, or copy_bits)")
    written = _value(_setting(atom, "cache", "cache_mode", "cache_policy"))
    written = written or next((w for w in words if w in CP_ASYNC_CACHE), None)
    cache = CP_ASYNC_CACHE.get(written.lower()) if written else None
    return AtomConfig(atom.mnemonic, copy_bytes=nbytes, cache=cache)


def _tmem_config(atom: AtomInstance, ty: CuteNvgpuType | None) -> AtomConfig | str:
    shape = _value(_setting(atom, "shape"))
    repeat = _int(_setting(atom, "repeat", "num"))
    pack = _flag(_setting(atom, "pack", "unpack"))
    if ty is not None:
        dp = next((int(p.value) for p in ty.params if p.kind == "bit_width" and p.key == "DP"
                   and (p.value or "").isdigit()), None)
        bit = next((int(p.value) for p in ty.params if p.kind == "bit_width" and p.key == "bit"
                    and (p.value or "").isdigit()), None)
        if shape is None and dp is not None and bit is not None:
            shape = TMEM_DSL_SHAPES.get((dp, bit))
            if shape is None:
                return f"`{atom.mnemonic}`: there is no tcgen05 shape of {dp} DP x {bit} bit"
        for w in _keywords(ty):
            if w in ("pack", "unpack", "pack::16b", "unpack::16b"):
                pack = True
            elif re.fullmatch(r"x\d+", w):
                repeat = int(w[1:])               # the last `xN` is the repetition
            elif re.fullmatch(r"\d+x\d+bx?\d*", w) and shape is None:
                shape = w
    if shape is None or repeat is None:
        return (f"the `{atom.mnemonic}` atom does not say its shape and repetition "
                f"(e.g. `<f32, 32 DP, 32 bit, x32>`)")
    return AtomConfig(atom.mnemonic, tmem_shape=shape, repeat=repeat, pack=pack)


# The DSL writes a tcgen05.cp shape as `<T, N DP, W bit, C cta[, xR]>`: lanes (datapaths) x
# bits, and for the 32- and 64-lane shapes the warps they are replicated over.
_S2T_DSL_SHAPES = {(128, 256, None): "128x256b", (4, 256, None): "4x256b",
                   (128, 128, None): "128x128b", (32, 128, "x4"): "32x128b.warpx4"}


def _s2t_config(atom: AtomInstance, ty: CuteNvgpuType | None) -> AtomConfig | str:
    shape = _value(_setting(atom, "shape"))
    cta = _int(atom.cta_group)
    if shape is None and ty is not None and _bit_widths(ty, "DP"):
        lanes, bits = _bit_widths(ty, "DP")[0], next(iter(_bit_widths(ty, "bit")), None)
        repl = next((w for w in _keywords(ty) if re.fullmatch(r"x\d+", w)), None)
        shape = _S2T_DSL_SHAPES.get((lanes, bits, repl))
        if shape is None:
            return f"`{atom.mnemonic}`: there is no tcgen05.cp shape of {lanes} DP x {bits} bit"
        cta = cta or next(iter(_bit_widths(ty, "cta")), None)
    if shape is None and ty is not None and ty.raw_parameters:
        raw = re.sub(r"\s+", "", ty.raw_parameters.strip("<>"))
        shape = next((s for s in _S2T_SHAPES if raw.startswith(s)), None)
        if shape is None:
            mm = re.match(r"(\d+x\d+b)", raw)
            shape = mm.group(1) if mm else None
    if shape is None:
        return (f"the `{atom.mnemonic}` atom does not say its shape (e.g. `<128x256b>` or "
                f"`<f8E4M3FN, 32 DP, 128 bit, 2 cta, x4>`)")
    return AtomConfig(atom.mnemonic, cp_shape=shape, cta_group=cta or 1)


def _tma_config(atom: AtomInstance, ty: CuteNvgpuType | None) -> AtomConfig | str:
    m = atom.mnemonic
    rank = _int(_setting(atom, "rank", "tma_rank"))
    if rank is None:
        basis = _setting(atom, "tma_gbasis")
        rank = layout_rank(basis.value) if basis is not None else None
    if rank is None:
        return (f"the `{m}` atom does not say the rank of its tensor (a `rank` attribute, the "
                f"DSL's tma_gbasis, or the tile layout of the non-executing atom it binds)")
    mode = (_value(_setting(atom, "mode", "tma_mode")) or "tiled").lower()
    if mode in ("tiled", "tile"):
        mode = "tile"
    elif mode.startswith("im2col"):
        mode = "im2col" if m == "atom.tma_load" else "im2col_no_offs"
    # The DSL's exec atom says `mcast = true` and `num_cta = 2` (a CTA pair, 2-SM); its non-exec
    # atom says `num_multicast = N` and a kind such as `sm_100_2sm_multicast`.
    kind = _value(_setting(atom, "kind")) or ""
    num_multicast = _int(_setting(atom, "num_multicast"))
    multicast = (_flag(_setting(atom, "multicast", "mcast")) or "multicast" in kind
                 or (num_multicast or 1) > 1)
    cta_group = _int(_setting(atom, "num_cta")) or (2 if "2sm" in kind else 1)
    reduce_op = None
    if m == "atom.tma_reduce":
        reduce_op = _value(_setting(atom, "kind", "reduce_kind", "op", "reduce_op"))
        if reduce_op is None:
            reduce_op = next((w for w in _keywords(ty) if w.lower() in _TMA_REDUCE_OPS), None)
        if reduce_op is None:
            return f"the `{m}` atom does not say its reduction (add, min, max, ...)"
        reduce_op = reduce_op.lower()
    # The cache mode `make_exec_tma` binds picks the L2 policy (an unknown case is the
    # verifier's to report; the preview keeps the default).
    cache_mode = (_value(_setting(atom, "cache_mode", "cache_policy")) or "").lower()
    policy = TMA_CACHE_MODE_POLICY.get(cache_mode, DEFAULT_TMA_CACHE_POLICY)
    return AtomConfig(m, tma_rank=rank, tma_mode=mode, multicast=multicast,
                      multicast_ctas=num_multicast if multicast and (num_multicast or 0) > 1 else None,
                      reduce_op=reduce_op, cta_group=cta_group, tma_cache_policy=policy)


def _universal_copy_config(atom: AtomInstance, ty: CuteNvgpuType | None) -> AtomConfig | str:
    bits = ty.bit_width if ty is not None else None
    if bits is None and ty is not None:
        bad = next((p.text for p in ty.params if p.kind in ("bit_width", "integer")), None)
        if bad is not None:
            return f"`{atom.mnemonic}`: `{bad}` is not a valid copy width (write e.g. `128 b`)"
    bits = bits or _int(_setting(atom, "copy_bits", "bits"))
    if bits is None:
        ptx = PTX_TYPE.get(_value(_setting(atom, "val_type")) or "")
        bits = TYPE_BITS.get(ptx or "")
    if bits is None:
        return f"the `{atom.mnemonic}` atom does not say its width (`<f32, 128 b>`)"
    return AtomConfig(atom.mnemonic, copy_bits=bits)


_COPY_BUILDERS = {
    "atom.ldsm": _ldsm_config, "atom.stsm": _ldsm_config,
    "atom.simt_async_copy": _cp_async_config,
    "atom.tmem_load": _tmem_config, "atom.tmem_store": _tmem_config,
    "atom.s2t_copy": _s2t_config,
    "atom.tma_load": _tma_config, "atom.tma_store": _tma_config, "atom.tma_reduce": _tma_config,
    "atom.universal_copy": _universal_copy_config,
}


def atom_config(atom: AtomInstance, a_source: str | None = None, *,
                ty: CuteNvgpuType | None = None) -> AtomConfig | str:
    """The emitter configuration of `atom`, or why it has none.

    `a_source` (rmem / smem_desc / tmem) is where an applying op takes A from; without it the
    DSL's `frag_kind` decides, else the atom's default. `ty` is the atom's parsed type, for
    facts only its positional parameters carry (`<m8n8.x4>`, `<16>`, `32 DP, 32 bit, x32`,
    `128 b`). A returned string means the atom does not say enough to pick one instruction
    (or names a type PTX has no spelling for); legality for a target is `check_config`'s job.
    """
    if atom.is_mma:
        return _mma_config(atom, a_source, ty)
    builder = _COPY_BUILDERS.get(atom.mnemonic)
    if builder is None:
        return f"`{atom.mnemonic}` has no instruction of its own to preview"
    return builder(atom, ty)


# --------------------------------------------------------------------------------------------
# Document walk
# --------------------------------------------------------------------------------------------

def _with_partition(config: AtomConfig, partition: TmaPartitionResult) -> AtomConfig:
    """A TMA transfer's configuration as its partition result says it (tma-atoms, "Partition
    Result ABI": the flags word, rank and sizes are echoed so that downstream does not re-derive
    them): the tile's bytes, the descriptor's rank, multicast (bit 0) over num_multicast CTAs,
    a CTA pair for a two-CTA load (bit 4)."""
    flags = partition.flags
    multicast = Flag.MULTICAST in flags
    return replace(config, tma_bytes=partition.tile_bytes or config.tma_bytes, tma_rank=partition.rank,
                   multicast=multicast or config.multicast,
                   multicast_ctas=partition.num_multicast if multicast else config.multicast_ctas,
                   cta_group=2 if Flag.TWO_CTA in flags else config.cta_group)


@dataclass(frozen=True, slots=True)
class _Item:
    """One op that gets a kernel (or a note); spans relative to its unit's start."""
    span: Span                      # the whole op
    at: Span                        # where a diagnostic goes (the atom type / the op name)
    text: str                       # the op's first line, for the comment
    name: str                       # origin tag: the result or atom SSA name
    config: AtomConfig | None
    note: str | None = None         # why there is no kernel (not an error)
    left: bool = False              # an op the lowering does not take at all (`note` says why)
    atom_op: Span | None = None     # the op that built the atom an applying op applies
    atom_type: Span | None = None   # where the atom's type is written (a signature, an alias)

    def shifted(self, delta: int) -> "_Item":
        def move(span: Span | None) -> Span | None:
            return span.shifted(delta) if span is not None else None
        return replace(self, span=self.span.shifted(delta), at=self.at.shifted(delta),
                       atom_op=move(self.atom_op), atom_type=move(self.atom_type))

    def blocked_by(self, errors: list[Diagnostic]) -> list[Diagnostic]:
        """The errors that stop this op's lowering: those inside the op, inside the op that
        built the atom it applies, or on the atom's type (a verdict of `check` is never
        overruled here)."""
        spans = [s for s in (self.span, self.atom_op, self.atom_type) if s is not None]
        # In document order, whatever order `errors` came in: the first one is the reason the
        # preview and the lowering give, and must not depend on how the analysis got there.
        return sorted((d for d in errors if any(s.start <= d.span.start and d.span.end <= s.end for s in spans)),
                      key=lambda d: (d.span.start, d.span.end, d.code, d.message))


@dataclass(frozen=True)
class _AliasDef:
    text: str                       # the aliased type's text
    unit: SourceUnit = field(compare=False)     # the unit that defines it
    span: Span                      # absolute span of the aliased type


def alias_table(analysis: AnalysedSource) -> dict[str, _AliasDef]:
    """`!name = <type>` and `#name = <layout>` definitions of the document, by name."""
    out: dict[str, _AliasDef] = {}
    # Each unit says what it defines, relative to its start: no unit's tree or IR is needed,
    # so a definition that an edit above it only moved costs nothing here. The first
    # definition of a name counts, as MLIR keeps it (and as `DocumentAnalysis.alias_type`).
    for unit in analysis.alias_units():
        name, text, span = unit.alias_definition
        out.setdefault(name, _AliasDef(text, unit, span.shifted(analysis.unit_start(unit))))
    return out


class _UnitWalker:
    def __init__(self, analysis: AnalysedSource, unit: SourceUnit, aliases: dict[str, _AliasDef]) -> None:
        self.analysis = analysis
        self.unit = unit
        self.aliases = aliases
        # Not kept on the unit: the items are cached by the unit's text, and keeping the IR of
        # every unit the analysis lowers would hold a whole large file's IR in memory.
        self.ctx = VerifyContext(analysis.lifted_unit(unit), "", [], self._alias_type)
        self._partitions: dict[Operation, TmaPartitionResult] | None = None

    def _alias_type(self, name: str) -> WrittenType | None:
        alias = self.aliases.get(name)
        return WrittenType(alias.text, alias.span) if alias is not None else None

    def atom_of_value(self, value: Value) -> tuple[AtomInstance, CuteNvgpuType | None, Operation | None] | None:
        found = self.ctx.resolve_atom(value)
        return (found.atom, found.type, found.op) if found is not None else None

    @staticmethod
    def _operand_owner(op: Operation, index: int = 0) -> Operation | None:
        value = op.operands[index] if len(op.operands) > index else None
        return value.owner if isinstance(value, OpResult) else None

    def _non_exec_atom(self, builder: Operation) -> Operation | None:
        """The non-exec TMA atom op that `builder` is, or that the `make_exec_tma` it is binds."""
        return self._operand_owner(builder) if builder.name == EXEC_TMA_BINDER else builder

    def prefetched(self, builder: Operation) -> bool:
        """Whether the unit prefetches (`cute_nvgpu.prefetch_tma_desc`) the descriptor the atom
        was built from: its kernel then prefetches the tensormap before the transfer."""
        atom = self._non_exec_atom(builder)
        if atom is None or not atom.operands:
            return False
        descriptor = atom.operands[0]
        return any(user.name == PREFETCH and user.operands[0] is descriptor for user in descriptor.users)

    def partition_of(self, builder: Operation) -> TmaPartitionResult | None:
        """What the TMA partition verifier learned about the tile of the non-exec atom that
        `builder` is (or that the `make_exec_tma` it is binds): the lowering reads the tile's
        size from there rather than working it out again."""
        builder = self._non_exec_atom(builder)
        if builder is None:
            return None
        if self._partitions is None:
            self._partitions = verify_tma(self.ctx.lifted, self.analysis.target_arch).partitions
        return self._partitions.get(builder)

    def a_source(self, op: Operation) -> str | None:
        types = self.ctx.operand_types(op)
        if len(types) < 3:
            return None
        operand = self.ctx.classify(types[2])           # (atom, D, A, ...)
        return _A_SOURCE_NAMES.get(operand.residency) if operand is not None else None

    def items(self) -> list[_Item]:
        if self.ctx is None:
            return []
        out: list[_Item] = []
        for op in self.ctx.operations():
            found = self._applied(op) if op.name in _APPLYING else self._built(op)
            if found is None:
                left = self._left(op)
                if left is not None:
                    out.append(left)
                continue
            atom, ty, a_source, name, at, atom_op = found
            config = atom_config(atom, a_source, ty=ty)
            if isinstance(config, AtomConfig) and atom.mnemonic in _TMA_TRANSFERS:
                builder = op if op.name not in _APPLYING else self._atom_builder(op)
                partition = self.partition_of(builder)
                if partition is not None:
                    config = _with_partition(config, partition)
                if self.prefetched(builder) and (partition is None or Flag.PREFETCH_ELIGIBLE in partition.flags):
                    config = replace(config, tma_prefetch=True)
            span = self.ctx.op_span(op)
            note = config if isinstance(config, str) else None
            out.append(_Item(span, at, self._first_line(span), name, None if note else config, note,
                             atom_op=atom_op, atom_type=atom.type_span))
        return out

    def _left(self, op: Operation) -> _Item | None:
        """An op that applies an atom the file does not build (a kernel argument): the
        lowering leaves it, and says why (`passes/lower_atoms.left_reason`)."""
        if op.name not in _APPLYING and op.name not in DSL_APPLYING:
            return None
        reason = left_reason(op)
        if reason is None:
            return None
        span = self.ctx.op_span(op)
        return _Item(span, self.ctx.name_span(op), self._first_line(span), f"%{op.operands[0].name_hint}",
                     None, reason, left=True)

    def _first_line(self, span: Span) -> str:
        """The op's first line, for the preview's comment (long ones cut)."""
        data = self.analysis.document.data
        text = bytes(data[span.start:span.end]).split(b"\n", 1)[0].decode("utf-8", "replace").strip()
        return text if len(text) <= 110 else text[:107] + "..."

    def _atom_builder(self, op: Operation) -> Operation:
        """The op that built the atom an applying op applies (the op itself if it is unknown)."""
        return self._operand_owner(op) or op

    def _built(self, op: Operation):
        for value in op.results:
            found = self.atom_of_value(value)
            if found is not None:
                atom, ty, _ = found
                written = self.ctx.written_type(value)
                at = written.span if written is not None and written.kind != "cute_nvgpu_type" else atom.type_span
                return atom, ty, None, f"%{value.name_hint}", at, None
        return None

    def _applied(self, op: Operation):
        if not op.operands:
            return None
        value = op.operands[0]
        if not self.ctx.defined(value) or self.ctx.written_type(value) is None:
            return None
        found = self.atom_of_value(value)
        if found is None:
            return None
        atom, ty, owner = found
        own = {name: f for name, f in self.ctx.attributes(op).items() if name in _APPLYING_SETTINGS.get(op.name, ())}
        if own:
            # What the applying op says of its atom itself (a TMA reduction's kind).
            atom = replace(atom, settings={**atom.settings, **own})
        a_source = self.a_source(op) if atom.is_mma else None
        return (atom, ty, a_source, f"%{value.name_hint}", self.ctx.name_span(op),
                self.ctx.op_span(owner) if owner is not None else None)


# Per-unit cache: (unit text, alias definitions it may use) -> items relative to the unit.
_CACHE_SIZE = 4096
_unit_cache: "OrderedDict[tuple, tuple[_Item, ...]]" = OrderedDict()


def _unit_key(analysis: AnalysedSource, unit: SourceUnit, alias_key: tuple) -> tuple:
    """What a unit's items depend on: its text and the document's aliases."""
    text = analysis.document.data[unit.start:unit.end]
    return (len(text), hashlib.blake2b(text, digest_size=20).digest(), alias_key)


def _unit_items(analysis: AnalysedSource, unit: SourceUnit, aliases: dict[str, _AliasDef],
                alias_key: tuple, key: tuple | None = None) -> tuple[_Item, ...]:
    key = key or _unit_key(analysis, unit, alias_key)
    hit = _unit_cache.get(key)
    if hit is not None:
        _unit_cache.move_to_end(key)
        return hit
    items = tuple(i.shifted(-unit.start) for i in _UnitWalker(analysis, unit, aliases).items())
    _unit_cache[key] = items
    if len(_unit_cache) > _CACHE_SIZE:
        _unit_cache.popitem(last=False)
    return items


def document_items(analysis: AnalysedSource) -> list[_Item]:
    """Every atom-building / atom-applying op of the document, in order (absolute spans)."""
    if analysis.too_large:
        return []
    aliases = alias_table(analysis)
    alias_key = tuple(sorted((k, v.text) for k, v in aliases.items()))
    out: list[_Item] = []
    for unit in analysis.units:
        if unit.shell:
            continue
        out.extend(i.shifted(unit.start) for i in _unit_items(analysis, unit, aliases, alias_key))
    return out


# --------------------------------------------------------------------------------------------
# Module assembly
# --------------------------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def _check(config: AtomConfig, target: str) -> str | None:
    try:
        return check_config(config, target)
    except Exception as err:                     # a defect must not cost the preview
        return f"cannot emit this configuration: {err}"


@lru_cache(maxsize=1024)
def _inline_asm(config: AtomConfig, target: str):
    try:
        return inline_asm(config, target)
    except Exception as err:                     # a defect must not cost the lowering
        return f"{type(err).__name__}: {err}"


@lru_cache(maxsize=256)
def _emit(items: tuple[tuple[AtomConfig, str], ...], target: str):
    try:
        return emit_module(list(items), target)
    except Exception as err:                     # a defect must not cost the preview
        return f"{type(err).__name__}: {err}"


def _kernel_blocks(module: PtxModule) -> tuple[list[str], list[list[str]]]:
    """(header lines, lines of each kernel) of an emitted module."""
    lines = module.text.rstrip("\n").split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith(".visible .entry ")]
    header = lines[:starts[0]] if starts else lines
    blocks = []
    for n, s in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        block = lines[s:end]
        while block and not block[-1].strip():
            block.pop()
        blocks.append(block)
    while header and not header[-1].strip():
        header.pop()
    return header, blocks


def _problem_code(config: AtomConfig) -> str:
    try:
        return "lower.target" if supported_targets(config) else "lower.unsupported"
    except Exception:
        return "lower.unsupported"


def _item_problem(item: _Item, target: str) -> Diagnostic | None:
    """Why `item`'s atom cannot be lowered for `target` (None: it can, or it has no kernel)."""
    if item.config is None:
        return None
    problem = _check(item.config, target)
    if problem is None:
        return None
    return Diagnostic(_problem_code(item.config), item.at, Severity.ERROR, Source.LOWER,
                      f"no PTX for {target}: {problem}")


class Lowering:
    """The lowering verdicts of a document's units for the analysis' target, as `check` and
    the server report them (the preview reports the very same ones). Atoms that the
    document's syntax, type and verifier errors already stop are not lowered at all. One
    instance serves one pass over the document: the alias table is read once."""

    def __init__(self, analysis: AnalysedSource) -> None:
        self.analysis = analysis
        target = T.parse_target(analysis.target_arch)
        self.target = None if analysis.too_large else target
        self._aliases: tuple[dict[str, _AliasDef], tuple] | None = None

    def aliases(self) -> dict[str, _AliasDef]:
        """The document's alias table, read once per instance."""
        if self._aliases is None:
            aliases = alias_table(self.analysis) if not self.analysis.too_large else {}
            self._aliases = (aliases, tuple(sorted((k, v.text) for k, v in aliases.items())))
        return self._aliases[0]

    def diagnostics(self, unit: SourceUnit, errors: list[Diagnostic]) -> list[Diagnostic]:
        if self.target is None:
            return []
        self.aliases()
        out = []
        for item in _unit_items(self.analysis, unit, *self._aliases):
            item = item.shifted(unit.start)
            if item.blocked_by(errors):
                continue
            problem = _item_problem(item, self.target.name)
            if problem is not None:
                out.append(problem)
        return out


@dataclass
class _Verdicts:
    """What becomes of each item: its kernel's lines, or a note saying why it has none."""
    header: list[str]                   # the emitted module's lines before its first kernel
    kernels: dict[int, list[str]]       # item index -> its kernel's lines
    notes: dict[int, str]               # item index -> why it has no kernel
    problems: list[Diagnostic]          # what `check` reports for them
    emitted: PtxModule
    stopped: set[int] = field(default_factory=set)   # items whose note says what `check` reports


def _verdicts(items: list[_Item], errors: list[Diagnostic], target: str) -> _Verdicts:
    """The verdict on each of `items` for `target`: `errors` (the document's, not the
    lowering's) stop the items they lie in, as they stop `check`."""
    problems: list[Diagnostic] = []
    notes: dict[int, str] = {}
    stopped: set[int] = set()
    kernels: list[int] = []
    for index, item in enumerate(items):
        blocked = item.blocked_by(errors)
        if blocked:
            # The same verdict as `check`: the errors that stop this op are the problems.
            notes[index] = BLOCKED_NOTE + blocked[0].message
            stopped.add(index)
            problems.extend(d for d in blocked if d not in problems)
            continue
        if item.config is None:
            notes[index] = (LEFT_NOTE if item.left else NO_KERNEL_NOTE) + item.note
            continue
        problem = _item_problem(item, target)
        if problem is not None:
            # `check` reports this problem too (`Lowering.diagnostics`).
            notes[index] = f"not for {target}: {problem.message.split(': ', 1)[1]}"
            stopped.add(index)
            problems.append(problem)
            continue
        kernels.append(index)

    emitted = _emit(tuple((items[i].config, items[i].name) for i in kernels), target)
    if not isinstance(emitted, PtxModule):
        # Attribute the failure kernel by kernel.
        good = []
        for i in kernels:
            single = _emit(((items[i].config, items[i].name),), target)
            if isinstance(single, PtxModule):
                good.append(i)
            else:
                message = single if isinstance(single, str) else single.message
                notes[i] = f"cannot emit: {message}"
                problems.append(Diagnostic("lower.emit", items[i].at, Severity.ERROR,
                                           Source.LOWER, f"cannot emit PTX: {message}"))
        kernels = good
        emitted = _emit(tuple((items[i].config, items[i].name) for i in kernels), target)
    header, blocks = _kernel_blocks(emitted)
    return _Verdicts(header, dict(zip(kernels, blocks)), notes, problems, emitted, stopped)


def _lowering_errors(analysis: AnalysedSource) -> list[Diagnostic]:
    """The document's errors that stop a lowering (all but the lowering's own)."""
    return [d for d in analysis.diagnostics() if d.severity is Severity.ERROR and d.source is not Source.LOWER]


def _unknown_target(name: str) -> str | None:
    if T.parse_target(name) is not None:
        return None
    known = ", ".join(t.name for t in T.TARGETS)
    return f"unknown target architecture `{name}`; expected one of {known}"


def preview_module(analysis: AnalysedSource, arch: str | None = None) -> Preview:
    """The PTX preview of `analysis`'s document for `arch` (default: the document's target)."""
    target_name = arch or analysis.target_arch
    unknown = _unknown_target(target_name)
    if unknown is not None:
        return Preview(f"// No PTX: {unknown}\n", [], [Diagnostic(
            "lower.target", Span(0, 0), Severity.ERROR, Source.LOWER, unknown)], target_name)
    target = T.parse_target(target_name)
    items = document_items(analysis)
    verdicts = _verdicts(items, _lowering_errors(analysis), target.name)

    doc = analysis.document
    name = doc.uri.rsplit("/", 1)[-1] if getattr(doc, "uri", None) else "document"
    out = [f"// cute-ir PTX preview of {name} for {target.name}: one kernel per atom-building "
           f"or atom-applying op, and each TileAS kernel after the TileAS passes.",
           f"// Assemble with: ptxas -arch={target.ptxas_arch} <file>.ptx"]
    if not items:
        out.append("// The document has no op that builds or applies a cute_nvgpu atom.")
    out += verdicts.header
    line_map: list[tuple[int, Span]] = []
    for index, item in enumerate(items):
        line = doc.position(item.span.start).line + 1
        out.append("")
        first = len(out)
        out.append(f"// line {line}: {item.text}")
        if index in verdicts.kernels:
            out.extend(verdicts.kernels[index])
        else:
            out.append(f"//   {verdicts.notes[index]}")
        line_map.extend((n, item.span) for n in range(first, len(out)))
    kernels = tuple(verdicts.emitted.kernels)
    stopped = stopped_kernels(analysis)
    for unit, name, module in _tileas_kernels(analysis, target.name):
        out.append("")
        first = len(out)
        out.append(f"// line {doc.position(unit.start).line + 1}: TileAS kernel `{name}`, after the TileAS passes")
        if module.ok and name in stopped:
            # The same verdict as `check`: its error is the preview's problem.
            out.append(f"//   not emitted: {stopped_note(name, stopped[name])}")
            if stopped[name] not in verdicts.problems:
                verdicts.problems.append(stopped[name])
        elif module.ok:
            out.extend(_kernel_blocks(module)[1][0])
            kernels += module.kernels
        else:
            out.append(f"//   not emitted: {module.message}")
        line_map.extend((n, Span(unit.start, unit.end)) for n in range(first, len(out)))
    text = "\n".join(out) + "\n"
    return Preview(text, line_map, verdicts.problems, target.name, target.ptxas_arch, kernels)


# What a TileAS kernel's statement says (a cheap test before the passes run on it).
_KERNEL_SPEC_TEXT = b"nv_tileas.kernel_spec"


def _tileas_kernels(analysis: AnalysedSource, target: str):
    """(unit, kernel name, its PTX module or why none) for each TileAS kernel of the document,
    emitted by emit/tileas_kernel.py after the TileAS passes."""
    data = analysis.document.data
    if data.find(_KERNEL_SPEC_TEXT) < 0:
        return      # most documents: no unit to look at
    for unit in analysis.units:
        if unit.shell or data.find(_KERNEL_SPEC_TEXT, unit.start, unit.end) < 0:
            continue
        try:
            found = unit_kernels(bytes(data[unit.start:unit.end]), target)
        except Exception as err:                     # a defect must not cost the preview
            found = (("?", EmitError(f"{type(err).__name__}: {err}", None, target)),)
        for name, module in found:
            yield unit, name, module


def stopped_kernels(analysis: AnalysedSource) -> dict[str, Diagnostic]:
    """The TileAS kernels (by PTX entry name) that `check` reports an error in, each with its
    first: they get no PTX, as an atom `check` rejects gets no kernel (docs/spec-deviations.md,
    A7). ptxas would accept what the emitter wrote, but the error may be what the GPU would get
    wrong: a descriptor whose box the driver refuses to encode, a swizzle the tile was not
    laid out with. The passes' own errors (source "lower") are the passes' verdict."""
    data = analysis.document.data
    if data.find(_KERNEL_SPEC_TEXT) < 0:
        return {}
    errors = sorted(_lowering_errors(analysis), key=lambda d: d.span.start)
    out: dict[str, Diagnostic] = {}
    for unit in analysis.units:
        if unit.shell or data.find(_KERNEL_SPEC_TEXT, unit.start, unit.end) < 0:
            continue
        inside = [d for d in errors if unit.start <= d.span.start and d.span.end <= unit.end]
        if not inside:
            continue
        lifted = analysis.lifted_unit(unit)
        for top in lifted.operations:
            for op in top.walk():
                span = lifted.index.op_spans.get(op)
                if span is None or not is_function(op.name) or not is_kernel(op):
                    continue
                first = next((d for d in inside if span.start <= d.span.start and d.span.end <= span.end), None)
                if first is not None:
                    out.setdefault(kernel_name(op), first)
    return out


def stopped_note(name: str, error: Diagnostic) -> str:
    """Why a kernel `check` reports an error in has no PTX."""
    return f"`{name}`: `check` reports an error in it ({error.message})"


@dataclass(frozen=True, slots=True)
class UnitPtx:
    """The preview's verdict on the ops of one unit, by each op's span relative to the unit:
    the PTX instruction lines of its kernel (those `emit` marks as the atom's), or why it has
    none. What the atom-lowering pass puts in place of each op."""
    instructions: dict[Span, tuple[str, ...]]
    not_lowered: dict[Span, str]
    key: tuple                          # everything the verdict depends on, the unit's text included
    stopped: frozenset[Span] = frozenset()   # ops not lowered for a reason `check` reports itself
    bound: dict = field(default_factory=dict)   # op span -> its instruction with operands bound (InlineAsm)

    def pass_facts(self, at: int) -> dict:
        """What the atom-lowering pass reads (passes/lower_atoms.py), for the unit at offset `at`."""
        return {PTX: {s.shifted(at): lines for s, lines in self.instructions.items()},
                NOT_LOWERED: {s.shifted(at): note for s, note in self.not_lowered.items()},
                STOPPED: frozenset(s.shifted(at) for s in self.stopped),
                BOUND: {s.shifted(at): asm for s, asm in self.bound.items()}}


class ErrorIndex:
    """Errors by where they can stop a unit's lowering: in the unit (the op, or the op that
    built the atom it applies), or on an atom's type in an alias definition."""

    def __init__(self, errors: list[Diagnostic], aliases: dict[str, _AliasDef]) -> None:
        self._sorted = sorted(errors, key=lambda d: d.span.start)
        self._starts = [d.span.start for d in self._sorted]
        # Each alias' errors by a search among the sorted errors: a document has thousands of
        # both, and testing every pair cost a keystroke seconds.
        inside: set[int] = set()
        for alias in aliases.values():
            lo, hi = bisect_left(self._starts, alias.span.start), bisect_right(self._starts, alias.span.end)
            inside.update(i for i in range(lo, hi) if self._sorted[i].span.end <= alias.span.end)
        self._in_aliases = [self._sorted[i] for i in sorted(inside)]

    def for_unit(self, unit: SourceUnit) -> list[Diagnostic]:
        """The errors that may stop `unit`'s ops, relative to the unit."""
        lo, hi = bisect_left(self._starts, unit.start), bisect_right(self._starts, unit.end)
        return [d.shifted(-unit.start) for d in self._sorted[lo:hi] + self._in_aliases]


class UnitPtxSource:
    """The preview's verdict unit by unit (`UnitPtx`) for one state of a document: the alias
    table and the document's errors are read once."""

    def __init__(self, analysis: AnalysedSource, target: str, aliases: dict[str, _AliasDef] | None = None) -> None:
        """`aliases`: the document's alias table when the caller has it (`alias_table`)."""
        self.analysis = analysis
        self.target = target if _unknown_target(target) is None else None
        if aliases is None:
            aliases = alias_table(analysis) if not analysis.too_large else {}
        self.aliases = aliases
        self.alias_key = tuple(sorted((k, v.text) for k, v in self.aliases.items()))
        self._errors: ErrorIndex | None = None   # the document's, read when first needed

    def unit(self, unit: SourceUnit) -> UnitPtx:
        """The verdict on `unit` given the document's errors."""
        if self.target is None or unit.shell:
            return UnitPtx({}, {}, (self.target, unit.shell))
        if self._errors is None:
            self._errors = ErrorIndex(_lowering_errors(self.analysis), self.aliases)
        return self.unit_with(unit, self._errors.for_unit(unit))

    def unit_with(self, unit: SourceUnit, errors: list[Diagnostic]) -> UnitPtx:
        """The verdict on `unit` given `errors` (relative to the unit): what verification,
        which runs before the document's diagnostics are complete, knows stops its ops."""
        if self.target is None or unit.shell:
            return UnitPtx({}, {}, (self.target, unit.shell))
        text_key = _unit_key(self.analysis, unit, self.alias_key)
        relative = _unit_items(self.analysis, unit, self.aliases, self.alias_key, text_key)
        blocking = tuple(sorted({(d.code, d.message, d.span.start, d.span.end)
                                 for item in relative for d in item.blocked_by(errors)})) if errors else ()
        key = (text_key, self.target, blocking)
        hit = _verdict_cache.get(key)
        if hit is not None:
            _verdict_cache.move_to_end(key)
            return hit
        found = self._verdict(relative, errors, key)
        _verdict_cache[key] = found
        if len(_verdict_cache) > _CACHE_SIZE:
            _verdict_cache.popitem(last=False)
        return found

    def _verdict(self, items: list[_Item], errors: list[Diagnostic], key: tuple) -> UnitPtx:
        """`items` and `errors` relative to the unit, and so is the verdict."""
        # Only the atoms' instruction lines are kept, which no origin tag reaches: without the
        # tags, units that apply the same atoms share one emitted module (`_emit`'s cache).
        verdicts = _verdicts([replace(item, name="") for item in items], errors, self.target)
        instructions: dict[Span, list[str]] = {}
        not_lowered: dict[Span, str] = {}
        bound: dict[Span, InlineAsm] = {}
        for index, item in enumerate(items):
            if index in verdicts.kernels:
                lines = [line.split(ATOM_LINE_MARK, 1)[0].strip() for line in verdicts.kernels[index]
                         if ATOM_LINE_MARK in line]
                instructions.setdefault(item.span, []).extend(lines)
                asm = _inline_asm(item.config, self.target)
                if isinstance(asm, InlineAsm):
                    bound.setdefault(item.span, asm)
            else:
                not_lowered.setdefault(item.span, verdicts.notes[index])
        stopped = frozenset(items[index].span for index in verdicts.stopped)
        return UnitPtx({s: tuple(lines) for s, lines in instructions.items()}, not_lowered, key, stopped, bound)


# Verdicts by what they depend on (`UnitPtx.key`), positions relative to the unit.
_verdict_cache: "OrderedDict[tuple, UnitPtx]" = OrderedDict()


def clear_cache() -> None:
    _unit_cache.clear()
    _verdict_cache.clear()
    _check.cache_clear()
    _emit.cache_clear()
    _inline_asm.cache_clear()
