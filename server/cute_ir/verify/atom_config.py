"""An atom as its lowering sees it: the `AtomConfig` (tables/legality.py) an `AtomInstance` says.

`atom_config` maps an atom (MLIR spellings, spec or CuTe DSL form, with the attributes of the
op that built it) to the configuration the one legality rule judges and the emitters build
from. A returned string means the atom does not say enough to pick one instruction (or names
a type PTX has no spelling for): nothing is wrong with it, there is just nothing to lower.
"""
from __future__ import annotations

import re

from ..dialects.cute_nvgpu.atoms import PTX_TYPE, SCALE_TYPE, AtomInstance, Field
from ..dialects.cute_nvgpu.enums import (BIT_UNIT, CP_ASYNC_CACHE, TMA_LOAD_MODE, TMA_MULTICAST_LOAD_MODES,
                                         TMA_STORE_MODE, tma_enum_case)
from ..dialects.cute_nvgpu.types import CuteNvgpuType
from ..ir.shaped import element_bits
from ..layout import layout_rank
from ..syntax.literals import integer_literal
from ..tables.atoms import (DEFAULT_TMA_CACHE_POLICY, MATRIX_FORMATS, TMA_CACHE_MODE_POLICY, TMEM_DSL_SHAPES,
                           TYPE_BITS, find_copy_rows, matrix_mode)
from ..tables.atoms import (COPY_QUALIFIERS, DEFAULT_MEMORY_SCOPE, SHARED_SPACES, Residency, order_qualifiers,
                           simt_copy_side)
from ..tables.legality import A_SOURCES, AtomConfig, block_scale_pairs

__all__ = ["atom_config", "value_type", "A_SOURCE_NAMES"]

_TRUE = {"true", "1", "yes", "unit"}
A_SOURCE_NAMES = {residency: name for name, residency in A_SOURCES.items()}
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
    # The one kind the atom's lattice rows give this (K, vec_size) (SM103's K 96 is
    # kind::mxf4nvf4 with either vec_size), else by K and vec_size alone.
    kinds = set(block_scale_pairs(atom.mnemonic).get((k, vec), ()))
    if len(kinds) == 1:
        (kind,) = kinds
    elif k_dense <= 32:
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


def value_type(atom: AtomInstance) -> str | None:
    """The value type an atom moves: `val_type`, else the DSL's leading type (`stsm<bf16, ...>`)."""
    written = _value(_setting(atom, "val_type"))
    if written is None and atom.params and atom.params[0].kind in ("integer_type", "float_type"):
        written = atom.params[0].text
    return written


def _ldsm_config(atom: AtomInstance, ty: CuteNvgpuType | None) -> AtomConfig | str:
    mode_field = _setting(atom, "mode")
    mode = matrix_mode(atom.mnemonic, _value(mode_field))
    if mode is None:
        return (f"`{atom.mnemonic}` has no matrix shape `mode = {mode_field.value.strip()}`: there is "
                f"no instruction to show")
    pattern = _value(_setting(atom, "sz_pattern")) or mode.patterns[0]
    if pattern not in mode.patterns:
        return (f"`{atom.mnemonic}` with `mode = {mode.mode}` does not take `sz_pattern = {pattern}`: "
                f"there is no instruction to show")
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
        return (f"the `{atom.mnemonic}` atom does not say how many {mode.rows_cols} matrices it moves "
                f"(num_matrices = 1/2/4, or `<m8n8.x4>`)")
    if num % mode.per_ptx_matrix:
        return (f"`{atom.mnemonic}` with `mode = {mode.mode}` moves its matrices "
                f"{mode.per_ptx_matrix} at a time, not {num}: there is no instruction to show")
    # The DSL's 16x8 ldmatrix is half a `.m16n16` one, and its 16x8 stmatrix stores matrices of
    # its values (tables/atoms.MATRIX_MODES).
    count = mode.matrix_count(num, element_bits(value_type(atom)))
    if count not in {r.params["num"] for r in find_copy_rows(atom=atom.mnemonic) if r.params["shape"] == mode.shape}:
        return (f"`{atom.mnemonic}` with `mode = {mode.mode}` would need `.x{count}`: there is no "
                f"instruction to show")
    return AtomConfig(atom.mnemonic, num_matrices=count, transpose=trans,
                      matrix=mode.shape, matrix_format=MATRIX_FORMATS[pattern])


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
# bits, and for the 32- and 64-lane shapes the warps they are replicated over (`x4`; `lw_0213` /
# `lw_0123`, its Cp2x64x128b0213Op / 0123Op: "the `.64x128b` qualifier with `.warpx2::02_13`
# [`::01_23`] broadcast qualifier enabled", nvgpu/tcgen05/copy.py).
S2T_DSL_SHAPES = {(128, 256, None): "128x256b", (4, 256, None): "4x256b",
                   (128, 128, None): "128x128b", (32, 128, "x4"): "32x128b.warpx4",
                   (64, 128, "lw_0213"): "64x128b.warpx2::02_13",
                   (64, 128, "lw_0123"): "64x128b.warpx2::01_23"}
_S2T_DSL_BROADCAST = re.compile(r"x\d+|lw_\d+")


def _s2t_config(atom: AtomInstance, ty: CuteNvgpuType | None) -> AtomConfig | str:
    shape = _value(_setting(atom, "shape"))
    cta = _int(atom.cta_group)
    if shape is None and ty is not None and _bit_widths(ty, "DP"):
        lanes, bits = _bit_widths(ty, "DP")[0], next(iter(_bit_widths(ty, "bit")), None)
        repl = next((w for w in _keywords(ty) if _S2T_DSL_BROADCAST.fullmatch(w)), None)
        shape = S2T_DSL_SHAPES.get((lanes, bits, repl))
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
    # What the partition result's flags say where the partition runs (atom_sites), read from
    # the non-exec atom's modes where it cannot (a chain whose layouts have no written type).
    load_mode = _enum_setting(atom, TMA_LOAD_MODE)
    store_mode = _enum_setting(atom, TMA_STORE_MODE)
    if m == "atom.tma_store" and store_mode not in (None, "tiled"):
        mode = "im2col"
    if mode in ("tiled", "tile"):
        mode = "tile"
    elif mode.startswith("im2col"):
        mode = "im2col" if m == "atom.tma_load" else "im2col_no_offs"
    # The DSL's exec atom says `mcast = true` and `num_cta = 2` (a CTA pair, 2-SM); its non-exec
    # atom says `num_multicast = N` and a kind such as `sm_100_2sm_multicast`.
    kind = _value(_setting(atom, "kind")) or ""
    num_multicast = _int(_setting(atom, "num_multicast"))
    multicast = (_flag(_setting(atom, "multicast", "mcast")) or "multicast" in kind
                 or (num_multicast or 1) > 1 or load_mode in TMA_MULTICAST_LOAD_MODES)
    cta_group = _int(_setting(atom, "num_cta")) or (2 if "2sm" in kind or load_mode == "two_cta" else 1)
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


def _enum_setting(atom: AtomInstance, mnemonic: str) -> str | None:
    """The case a TMA mode setting (`load_mode = #cute_nvgpu.load_mode<two_cta>`, or its value)
    names, as the enum table spells it; None when not set or unknown."""
    written = _value(_setting(atom, mnemonic))
    return tma_enum_case(mnemonic, written) if written else None


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
        # A DSL copy of one element (`CopyUniversalOp()` on Int16 prints `<i16>`): its width.
        bits = element_bits(value_type(atom))
    if bits is None:
        return f"the `{atom.mnemonic}` atom does not say its width (`<f32, 128 b>`)"
    if bits < 8:
        return (f"`{atom.row.mnemonic}` copies one {bits}-bit element, and no load or store moves "
                f"less than a byte: the CuTe DSL copies a partition's sub-byte elements in whole "
                f"bytes (eight `i4` a thread: one `ld.global.b32`), which the atom alone does not say")
    side = _simt_copy_side(atom)
    if side is None:
        return _generic_copy_config(atom, ty, bits)
    qualifiers = _simt_copy_qualifiers(atom, ty, *side)
    if qualifiers.startswith("`"):
        return qualifiers
    load, store = (qualifiers, ".global") if side[0] == "ld" else (".global", qualifiers)
    return AtomConfig(atom.mnemonic, copy_bits=bits, load=load, store=store, atom_side=side[0])


def _generic_copy_config(atom: AtomInstance, ty: CuteNvgpuType | None, bits: int) -> AtomConfig | str:
    """A generic universal copy, a global load and a global store, each with the half of the
    memory order it has (tables/atoms.order_qualifiers: `mem_order=acquire` orders the load)."""
    order = (ty.mem_order if ty is not None else None) or "weak"
    scope = (ty.mem_scope if ty is not None else None) or DEFAULT_MEMORY_SCOPE
    written = order_qualifiers("", order, scope)
    if written is None:
        return (f"`{atom.row.mnemonic}` with `mem_order = {order}`: neither its load nor its store "
                f"has such a memory order")
    load, store = written
    return AtomConfig(atom.mnemonic, copy_bits=bits, load=load + ".global", store=store + ".global")


def _simt_copy_side(atom: AtomInstance) -> tuple[str, str] | None:
    """A DSL SIMT copy's instruction (`ld` or `st`) and the state space of its memory side
    (`global`, `shared`, `shared::cluster` by `shared_space`); None for a generic copy."""
    side = simt_copy_side(atom.row)
    if side is None:
        return None
    if side[1] is Residency.SMEM:
        space = _value(_setting(atom, "shared_space")) or "cta"
        return side[0], SHARED_SPACES.get(space, space)
    return side[0], "global"


def _simt_copy_qualifiers(atom: AtomInstance, ty: CuteNvgpuType | None, side: str, space: str) -> str:
    """`.acquire.gpu.global.L1::evict_first`: the qualifiers the atom's options write
    (tables/atoms.COPY_QUALIFIERS, the DSL's own PTX), or why one has none (a text in backquotes)."""
    order = (ty.mem_order if ty is not None else None) or "weak"
    scope = (ty.mem_scope if ty is not None else None) or DEFAULT_MEMORY_SCOPE
    written = order_qualifiers(side, order, scope)
    if written is None:
        return f"`{atom.row.mnemonic}` with `mem_order = {order}`: {'a load' if side == 'ld' else 'a store'} has no such memory order"
    if space not in SHARED_SPACES.values() and space != "global":
        return f"`{atom.row.mnemonic}`: `shared_space = {space}` is not a state space"
    out = written[0 if side == "ld" else 1] + "." + space
    for key, spellings in COPY_QUALIFIERS.items():
        value = _value(_setting(atom, key))
        if value is None:
            continue
        qualifier = spellings.get(value.lower())
        if qualifier is None:
            return f"`{atom.row.mnemonic}`: `{key} = {value}` has no PTX spelling cute-ir knows"
        out += qualifier
    return out


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
    (or names a type PTX has no spelling for); legality for a target is `tables.legality`'s job.
    """
    if atom.is_mma:
        return _mma_config(atom, a_source, ty)
    builder = _COPY_BUILDERS.get(atom.mnemonic)
    if builder is None:
        return f"`{atom.mnemonic}` has no instruction of its own to preview"
    return builder(atom, ty)

