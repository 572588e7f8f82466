"""Descriptor fields: the bit fields of the descriptor at a position, as the hardware reads them.

* A shared-memory matrix descriptor (`!cute_nvgpu.smem_desc_view<source, layout>`, a value of
  that type, an alias of it, or the op producing one) is computed from the CuTe layout and the
  element width with CUTLASS's `make_gmma_desc` / `make_umma_desc` rules
  (cute/atom/mma_traits_sm90_gmma.hpp, mma_traits_sm100.hpp): the layout, recast to 16-byte
  (uint128) units, must be one of the canonical forms

      K-major   INTERLEAVE  ((8,m),2):((1,SBO),LBO)      MN-major  INTERLEAVE ((1,n),(8,k)):((X,SBO),(1,LBO))
                B32/64/128  ((8,m),2):((W,SBO),1)                  B32/64/128 ((W,n),(8,k)):((1,LBO),(W,SBO))

  with W = 1/2/4/8 (16-byte chunks per swizzle row: none, 32, 64, 128 B). The swizzle is read
  from a composed layout (`S<B,4,3> o 0 o ...`, B = 0..3; UMMA also `S<2,5,2>`, 128B with 32B
  atoms). A plain layout has no swizzle written; when its row pitch is that of a swizzled
  canonical form (W = 2/4/8) the layout type is *inferred* from it and marked so. The start
  address is a run-time value (shown as unknown); base_offset is 0 as CUTLASS writes it.
  WGMMA (GmmaDescriptor) or tcgen05 (SmemDescriptor) layout: from the consuming MMA atom when
  there is one, else from the target (tcgen05 targets get the SM100 word).
* An SM100 MMA atom (`sm100.mma*`) shows its 32-bit tcgen05 instruction descriptor
  (`descriptors.umma_instr_desc`).
* A TMA descriptor type has no documented bit layout (hardware-facts 6): a title, no fields.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from tree_sitter import Node

from ..analysis import DocumentAnalysis
from ..diagnostics import Span
from ..dialects.cute_nvgpu.atoms import PTX_TYPE, AtomInstance, atom_instance
from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER
from ..dialects.cute_nvgpu.types import parse_type_node
from ..dialects.cute_nvgpu.written import WrittenType
from ..dialects.cute_nvgpu.ops import APPLYING_OPS
from ..verify.atom_config import atom_config
from ..verify.atom_sites import alias_table
from ..tables.legality import AtomConfig, supported_targets
from ..ir.core import Operation, OpResult, Value
from ..layout import is_static, layout_fn, parse_layout, size
from ..layout.algebra import has_scaled_basis, mode
from ..layout.model import ComposedLayout, Layout
from ..layout.swizzle import Swizzle
from ..tables import descriptors as D
from ..tables.atoms import TCGEN05, TYPE_BITS
from ..tables.tiers import satisfies_any
from ..verify.context import VerifyContext
from ..syntax.cst import text as _text
from .descriptor_view import DescriptorView, FieldRow
from .lifted import lifted_unit_at
from .tensormap_view import tensormap_view

__all__ = ["FieldRow", "DescriptorView", "SmemDescriptorLayout", "smem_descriptor_layout",
           "smem_descriptor_view", "instr_descriptor_view", "descriptor_fields", "table_rows"]




def table_rows(table: D.DescriptorTable, value: int,
               overrides: dict[str, tuple[int | str | None, str]] | None = None) -> list[FieldRow]:
    """Every field of `table` decoded from `value`, low bits first (overrides win)."""
    overrides = overrides or {}
    rows = []
    for f, raw, meaning in D.decode(table, value):
        if f.name in overrides:
            v, m = overrides[f.name]
            rows.append(FieldRow(f.name, f.low, f.width, v, m))
        else:
            rows.append(FieldRow(f.name, f.low, f.width, raw, meaning))
    return rows


# --------------------------------------------------------------------------------------------
# Shared-memory descriptor from a CuTe layout
# --------------------------------------------------------------------------------------------

# Layout type per 16-byte chunks per swizzle row (W).
_TYPE_OF_W = {1: "INTERLEAVE", 2: "B32", 4: "B64", 8: "B128"}
_W_OF_BITS = {0: 1, 1: 2, 2: 4, 3: 8}
_GMMA_CODE = {"INTERLEAVE": 0, "B128": 1, "B64": 2, "B32": 3}
_UMMA_CODE = {"INTERLEAVE": 0, "B128_BASE32B": 1, "B128": 2, "B64": 4, "B32": 6}
_SWIZZLE_TEXT = {"INTERLEAVE": "no swizzle (S<0,4,3>)", "B32": "32-byte swizzle (S<1,4,3>)",
                 "B64": "64-byte swizzle (S<2,4,3>)", "B128": "128-byte swizzle (S<3,4,3>)",
                 "B128_BASE32B": "128-byte swizzle with 32-byte atoms (S<2,5,2>)"}


@dataclass
class SmemDescriptorLayout:
    """What `make_gmma_desc` / `make_umma_desc` would put in the descriptor."""
    major: str | None = None                 # "K" | "MN"
    layout_type: str | None = None           # INTERLEAVE / B32 / B64 / B128 / B128_BASE32B
    inferred: bool = False                   # layout type read from the row pitch, not written
    lbo: int | None = None                   # in 16-byte units (the field value)
    sbo: int | None = None
    lbo_note: str = ""
    sbo_note: str = ""
    problem: str | None = None               # why the layout is not a canonical one
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.problem is None


def _swizzle_type(sw: Swizzle, elem_bits: int, umma: bool) -> tuple[str | None, str | None]:
    """(layout type, note) of a written swizzle; (None, why) when it is not a GMMA/UMMA one."""
    if sw.base == 4 and sw.shift == 3 and 0 <= sw.bits <= 3:
        return _TYPE_OF_W[_W_OF_BITS[sw.bits]], None
    if umma and (sw.bits, sw.base, sw.shift) == (2, 5, 2):
        return "B128_BASE32B", None
    # The same swizzle written in element units (S<3,3,3> on f16 = 16-byte chunks).
    elem_bytes_log2 = {8: 0, 16: 1, 32: 2, 64: 3}.get(elem_bits)
    if elem_bytes_log2 is not None and sw.shift == 3 and 0 <= sw.bits <= 3 \
            and sw.base + elem_bytes_log2 == 4:
        return (_TYPE_OF_W[_W_OF_BITS[sw.bits]],
                f"S<{sw.bits},{sw.base},{sw.shift}> read in element units "
                f"(= S<{sw.bits},4,3> on byte addresses)")
    return None, (f"S<{sw.bits},{sw.base},{sw.shift}> is not a {'UMMA' if umma else 'GMMA'} "
                  f"swizzle (those are S<0..3,4,3>{' and S<2,5,2>' if umma else ''} on byte "
                  f"addresses)")


def smem_descriptor_layout(layout: Layout | ComposedLayout, elem_bits: int, *,
                           umma: bool = False, k_mode: int | None = None) -> SmemDescriptorLayout:
    """Apply CUTLASS's canonical-layout rules to a rank-2 (MN, K) / (K, MN) element layout.

    `k_mode` says which mode is K when the caller knows; otherwise the mode whose extent is
    one instruction's K (256 bits of elements) is K, and mode 1 when that does not decide.
    """
    out = SmemDescriptorLayout()
    written: str | None = None
    if isinstance(layout, ComposedLayout):
        if not isinstance(layout.inner, Swizzle):
            out.problem = "a composition with a layout (not a swizzle) cannot be a descriptor"
            return out
        written, why = _swizzle_type(layout.inner, elem_bits, umma)
        if written is None:
            out.problem = why
            return out
        if why:
            out.notes.append(why)
        if layout.offset not in (0, (0,)):
            out.notes.append(f"the composed layout's offset {layout.offset} moves the start "
                             f"address (and base_offset) at run time")
        layout = layout.outer
    if not isinstance(layout, Layout) or not isinstance(layout.shape, tuple) \
            or len(layout.shape) != 2:
        out.problem = "a matrix descriptor describes a rank-2 layout, (MN, K) or (K, MN)"
        return out
    if not is_static(layout) or has_scaled_basis(layout):
        out.problem = "the layout is not static with integer strides"
        return out
    if elem_bits <= 0 or 128 % elem_bits:
        out.problem = f"{elem_bits}-bit elements do not pack into 16-byte units"
        return out
    T = 128 // elem_bits                       # elements per 16-byte unit
    k_elems = 256 // elem_bits                 # one instruction's K
    extent = [size(mode(layout, 0)), size(mode(layout, 1))]
    fn = layout_fn(layout)

    def f(i: int, j: int) -> int:              # element offset of coordinate (mode0, mode1)
        return fn(i + extent[0] * j)

    if k_mode is None:
        matches = [m for m in (0, 1) if extent[m] == k_elems]
        k_mode = matches[0] if len(matches) == 1 else 1
    mn_mode = 1 - k_mode

    def at(mn: int, k: int) -> int:
        return f(mn, k) if mn_mode == 0 else f(k, mn)

    mn_ext, k_ext = extent[mn_mode], extent[k_mode]
    contiguous_k = k_ext > 1 and at(0, 1) == 1
    contiguous_mn = mn_ext > 1 and at(1, 0) == 1
    if contiguous_k:
        out.major = "K"
    elif contiguous_mn:
        out.major = "MN"
    else:
        out.problem = ("neither mode is contiguous (stride 1): a descriptor layout is K-major or "
                       "MN-major in 16-byte units")
        return out

    def chunk_ok(mn: int, k: int) -> bool:
        """The 16-byte unit at element (mn, k) is contiguous and 16-byte aligned."""
        base = at(mn, k)
        if base % T:
            return False
        if out.major == "K":
            return all(at(mn, k + e) == base + e for e in range(1, T) if k + e < k_ext)
        return all(at(mn + e, k) == base + e for e in range(1, T) if mn + e < mn_ext)

    if out.major == "K":
        if k_ext * elem_bits < 256 or (k_ext * elem_bits) % 128:
            out.problem = (f"K-major needs K to span whole 16-byte units, at least 256 bits "
                           f"({k_elems} elements); the layout has {k_ext}")
            return out
        if mn_ext % 8:
            out.problem = f"K-major needs MN to be a multiple of 8 rows; the layout has {mn_ext}"
            return out

        def g(r: int, c: int) -> int:          # 16-byte unit of (row r, K chunk c)
            return at(r, c * T) // T

        rows = range(min(mn_ext, 8))
        if not all(chunk_ok(r, c * T) for r in rows for c in (0, 1)):
            out.problem = "the K-major rows are not made of contiguous, aligned 16-byte units"
            return out
        w = g(1, 0)
        kind = written or _TYPE_OF_W.get(w)
        expected_w = {"INTERLEAVE": 1, "B32": 2, "B64": 4, "B128": 8}.get(kind or "", None)
        if kind == "B128_BASE32B":
            out.problem = "SWIZZLE_128B_BASE32B is MN-major only"
            return out
        if kind is None or w != expected_w:
            pitch = w * 16
            out.problem = (f"rows are {pitch} bytes apart: a canonical K-major layout has rows "
                           f"of 16 B (no swizzle), 32, 64 or 128 B (swizzled)"
                           + (f"; {_SWIZZLE_TEXT[written]} needs {expected_w * 16} B"
                              if written else ""))
            return out
        if any(g(r, 0) != r * w for r in rows):
            out.problem = "the 8 rows of a core-matrix group are not evenly strided"
            return out
        out.layout_type, out.inferred = kind, written is None and kind != "INTERLEAVE"
        groups = mn_ext // 8
        sbo = g(8, 0) if groups > 1 else 0
        if any(g(8 * i + r, 0) != i * sbo + r * w for i in range(groups) for r in rows):
            out.problem = "the 8-row core-matrix groups are not evenly strided"
            return out
        out.sbo = sbo
        out.sbo_note = (f"{sbo * 16} bytes between 8-row core-matrix groups" if groups > 1
                        else "not used: the tile has a single 8-row group")
        if kind == "INTERLEAVE":
            out.lbo = g(0, 1)
            out.lbo_note = f"{out.lbo * 16} bytes between the two K core matrices"
        else:
            if g(0, 1) != 1:
                out.problem = "in a swizzled K-major layout the two K units of a row are adjacent"
                return out
            out.lbo = 1
            out.lbo_note = "1: ignored for swizzled K-major layouts (CUTLASS writes 1)"
        if k_ext > k_elems:
            out.notes.append(f"the layout spans K = {k_ext}: the descriptor addresses the first "
                             f"{k_elems}-element K block; the next starts {at(0, k_elems) * elem_bits // 8} "
                             f"bytes later")
        return out

    # MN-major
    if mn_ext % T:
        out.problem = f"MN-major needs MN to span whole 16-byte units ({T} elements)"
        return out
    chunks = mn_ext // T

    def h(c: int, k: int) -> int:              # 16-byte unit of (MN chunk c, k)
        return at(c * T, k) // T

    ks = range(min(k_ext, 8))
    if not all(chunk_ok(c * T, k) for c in range(min(chunks, 8)) for k in ks):
        out.problem = "the MN-major columns are not made of contiguous, aligned 16-byte units"
        return out
    w = h(0, 1) if k_ext > 1 else 1
    kind = written or _TYPE_OF_W.get(w)
    k_atom = 4 if kind == "B128_BASE32B" else 8
    expected_w = {"INTERLEAVE": 1, "B32": 2, "B64": 4, "B128": 8, "B128_BASE32B": 8}.get(kind or "")
    if kind == "B128_BASE32B":
        expected_w = w          # the K stride inside a 32-byte atom is not fixed by CUTLASS
    if kind is None or w != expected_w:
        out.problem = (f"K rows are {w * 16} bytes apart: a canonical MN-major layout has 16 B "
                       f"(no swizzle), 32, 64 or 128 B (swizzled) rows"
                       + (f"; {_SWIZZLE_TEXT[written]} needs {expected_w * 16} B" if written else ""))
        return out
    out.layout_type, out.inferred = kind, written is None and kind != "INTERLEAVE"
    if kind == "INTERLEAVE":
        if any(h(0, k) != k for k in ks):
            out.problem = "the 8 K rows of a core matrix are not adjacent 16-byte units"
            return out
        out.sbo = h(1, 0) if chunks > 1 else 0
        out.sbo_note = (f"{out.sbo * 16} bytes between 16-byte MN columns" if chunks > 1
                        else "not used: a single 16-byte MN column")
        out.lbo = h(0, 8) if k_ext > 8 else 0
        out.lbo_note = (f"{out.lbo * 16} bytes between 8-row K groups" if k_ext > 8
                        else "not used: a single 8-row K group")
    else:
        atom_w = 8 if kind == "B128_BASE32B" else w
        if any(h(c, 0) != c for c in range(min(chunks, atom_w))):
            out.problem = "the 16-byte units of a swizzle row are not adjacent"
            return out
        out.lbo = h(atom_w, 0) if chunks > atom_w else 0
        out.lbo_note = (f"{out.lbo * 16} bytes between {atom_w * 16}-byte MN swizzle atoms"
                        if chunks > atom_w else "not used: the tile is one swizzle atom wide in MN")
        out.sbo = h(0, k_atom) if k_ext > k_atom else 0
        out.sbo_note = (f"{out.sbo * 16} bytes between {k_atom}-row K groups" if k_ext > k_atom
                        else f"not used: a single {k_atom}-row K group")
    if k_ext > k_elems:
        out.notes.append(f"the layout spans K = {k_ext}: the descriptor addresses the first "
                         f"{k_elems}-element K block")
    return out


def _parse_layout_text(text: str) -> tuple[Layout | ComposedLayout | None, str | None]:
    body = text.strip()
    if body.startswith("#cute.layout<") or body.startswith("!cute.layout<") \
            or body.startswith("#cute.composed_layout<") or body.startswith("!cute.composed_layout<"):
        body = body[body.index("<") + 1:]
        body = body[:-1] if body.endswith(">") else body
    parsed = parse_layout(body)
    if parsed.error is not None or parsed.value is None:
        why = parsed.error.message if parsed.error is not None else "empty layout"
        return None, f"cannot read the layout `{text}`: {why}"
    return parsed.value, None


def smem_descriptor_view(layout_text: str | None, element_type: str | None, *, umma: bool,
                         k_mode: int | None = None, what: str = "") -> DescriptorView:
    """The shared-memory descriptor fields of a tile (layout text + MLIR element type)."""
    table = D.UMMA_SMEM_DESC if umma else D.GMMA_SMEM_DESC
    name = ("tcgen05 (UMMA) shared-memory descriptor, SmemDescriptor" if umma
            else "WGMMA shared-memory descriptor, GmmaDescriptor")
    unknown = "unknown: depends on the layout"
    overrides: dict[str, tuple[int | str | None, str]] = {
        "start_address": (None, "unknown at compile time: (shared-memory address of the tile "
                                "& 0x3FFFF) >> 4, set when the descriptor is built"),
        "base_offset": (0, "0, as CUTLASS writes it (the tile starts on its swizzle pattern's "
                           "natural boundary)"),
    }
    problem = None
    desc = None
    ptx = PTX_TYPE.get(element_type or "")
    bits = TYPE_BITS.get(ptx or "")
    if layout_text is None:
        problem = "the view has no layout"
    elif bits is None:
        problem = (f"the element type `{element_type}` of the source is not known, so the "
                   f"16-byte units cannot be formed" if element_type else
                   "the view's source does not say its element type")
    else:
        value, problem = _parse_layout_text(layout_text)
        if value is not None:
            desc = smem_descriptor_layout(value, bits, umma=umma, k_mode=k_mode)
            problem = desc.problem
    codes = _UMMA_CODE if umma else _GMMA_CODE
    if desc is not None and desc.ok:
        inferred = (" -- inferred from the row pitch: the layout does not write its swizzle; "
                    "write it as a composed layout `S<B,4,3> o 0 o ...` to make it explicit"
                    if desc.inferred else "")
        overrides["layout_type"] = (codes[desc.layout_type],
                                    f"{desc.layout_type}: {_SWIZZLE_TEXT[desc.layout_type]}, "
                                    f"{desc.major}-major{inferred}")
        overrides["leading_byte_offset"] = (desc.lbo, desc.lbo_note)
        overrides["stride_byte_offset"] = (desc.sbo, desc.sbo_note)
    else:
        for key in ("layout_type", "leading_byte_offset", "stride_byte_offset"):
            overrides[key] = (None, f"{unknown}: {problem}" if problem else unknown)
    if umma:
        overrides["lbo_mode"] = (0, "0: leading byte offset is relative (CUTLASS's legacy mode)")
    numeric = {k: v for k, (v, _) in overrides.items() if isinstance(v, int)}
    word = D.encode(table, **numeric)
    word = word if isinstance(word, int) else None
    rows = table_rows(table, word or 0, overrides)
    title = f"{name}{f' of {what}' if what else ''}"
    if desc is not None and desc.ok:
        title += f" -- {desc.major}-major, {desc.layout_type}"
        if word is not None:
            title += f"; word with start_address 0: 0x{word:016x}"
        if desc.notes:
            title += " (" + "; ".join(desc.notes) + ")"
    elif problem:
        title += f" -- not a canonical descriptor layout: {problem}"
    return DescriptorView(title, rows, word=word)


# --------------------------------------------------------------------------------------------
# tcgen05 instruction descriptor
# --------------------------------------------------------------------------------------------

_MAJOR = {"k": 0, "mn": 1, "m": 1, "n": 1}


def _umma_kind(config: AtomConfig) -> str | None:
    return config.block_scale or D.dense_umma_kind((config.a_type, config.b_type))


def _majors(atom: AtomInstance) -> tuple[int, int, bool]:
    """(a_major, b_major, written) from `ab_major = (k, mn)` or a_major / b_major."""
    a = b = None
    pair = atom.settings.get("ab_major")
    if pair is not None:
        parts = [p.strip().lower() for p in pair.value.strip("()").split(",")]
        if len(parts) == 2:
            a, b = _MAJOR.get(parts[0]), _MAJOR.get(parts[1])
    for key, current in (("a_major", a), ("b_major", b)):
        f = atom.settings.get(key)
        if f is not None and current is None:
            v = _MAJOR.get(f.value.strip().strip('"').split("<")[-1].rstrip(">").lower())
            if key == "a_major":
                a = v
            else:
                b = v
    return a or 0, b or 0, a is not None or b is not None


def instr_descriptor_view(atom: AtomInstance, what: str = "") -> DescriptorView:
    """The 32-bit tcgen05 instruction descriptor of an SM100 MMA atom."""
    config = atom_config(atom)
    label = f" of {what}" if what else ""
    if isinstance(config, str):
        return DescriptorView(f"tcgen05 instruction descriptor{label}: {config}",
                              table_rows(D.UMMA_INSTR_DESC, 0, {
                                  f.name: (None, f"unknown: {config}")
                                  for f in D.UMMA_INSTR_DESC.fields if not f.reserved}))
    kind = _umma_kind(config)
    a_major, b_major, majors_written = _majors(atom)
    value = D.umma_instr_desc(kind or "?", config.a_type, config.b_type, config.c_type,
                              config.shape[0], config.shape[1], sparse=config.sparse,
                              sf_type=config.sf_type, saturate=config.saturate,
                              a_major=a_major, b_major=b_major, k=config.shape[2])
    table = (D.UMMA_INSTR_DESC_BLOCK_SCALED if kind and kind.startswith("mx")
             else D.UMMA_INSTR_DESC)
    head = (f"tcgen05 instruction descriptor ({table.name}){label}: kind::{kind}, "
            f"M={config.shape[0]} N={config.shape[1]}")
    if isinstance(value, list):
        why = "; ".join(e.message for e in value)
        return DescriptorView(f"{head} -- cannot be encoded: {why}",
                              table_rows(table, 0, {f.name: (None, f"unknown: {why}")
                                                    for f in table.fields if not f.reserved}))
    overrides: dict[str, tuple[int | str | None, str]] = {}
    if not majors_written:
        for key in ("a_major", "b_major"):
            overrides[key] = (0, "0: K-major (assumed: the atom does not say; "
                                 "`ab_major = (k, k)` / a_major, b_major)")
    if table is D.UMMA_INSTR_DESC_BLOCK_SCALED:
        for key in ("a_sf_id", "b_sf_id"):
            overrides[key] = (0, "0 here: the scale-factor data id comes from the scale-factor "
                                 "TMEM address at run time")
    if config.sparse:
        overrides["sparse_id2"] = (0, "0 here: the sparsity selector is a run-time choice")
    legal = bool(supported_targets(config))
    title = f"{head}; word 0x{value:08x}"
    if not legal:
        title += " (this configuration is not a legal tcgen05.mma: see the diagnostics)"
    return DescriptorView(title, table_rows(table, value, overrides), word=value)


# --------------------------------------------------------------------------------------------
# What is at a position
# --------------------------------------------------------------------------------------------

_DESCRIPTOR_TYPES = frozenset({"smem_desc_view", "smem_desc", "tma_descriptor_tiled",
                               "tma_descriptor_im2col"})
_ROLES = ("D", "A", "B", "C")


def _mnemonic(node: Node) -> str:
    return _text(node.child_by_field_name("mnemonic"))


class _Finder:
    def __init__(self, analysis: DocumentAnalysis, offset: int) -> None:
        self.analysis = analysis
        self.offset = offset
        self.unit = analysis.unit_at(offset)
        self.aliases = alias_table(analysis)
        tree = analysis.tree_for(self.unit) if self.unit is not None else None
        self.root = tree.root_node if tree is not None else None
        lifted = lifted_unit_at(analysis, offset) if self.unit is not None and not self.unit.shell else None
        self.ctx = VerifyContext(lifted, analysis.target_arch, [], analysis.alias_type) \
            if lifted is not None and self.root is not None else None

    # ------------------------------------------------------------------ helpers
    def resolve(self, node: Node | None) -> Node | None:
        """A cute_nvgpu type node, following a type alias."""
        if node is None:
            return None
        if node.type == "type_alias":
            alias = self.aliases.get(_text(node))
            target = self._node_at(alias.span(self.analysis), alias.unit) if alias is not None else None
            return target if target is not None and target.type == "cute_nvgpu_type" else None
        return node if node.type == "cute_nvgpu_type" else None

    def innermost_op(self) -> Operation | None:
        if self.ctx is None:
            return None
        return self.ctx.index.innermost_op(self.offset)

    def consumer(self, op: Operation | None, node: Node | None = None,
                 value: Value | None = None) -> tuple[AtomInstance | None, str | None]:
        """(applying MMA atom, role) for a view used by an mma op (by type node or value)."""
        if self.ctx is None:
            return None, None
        ops = [op] if op is not None and op.name == "cute_nvgpu.mma" else \
            [o for o in self.ctx.operations() if o.name == "cute_nvgpu.mma"]
        for o in ops:
            role = None
            if node is not None:
                for i, t in enumerate(self.ctx.operand_types(o)[1:5]):
                    if t.span == Span(node.start_byte, node.end_byte):
                        role = _ROLES[i]
            if value is not None:
                for i, operand in enumerate(o.operands[1:5]):
                    if operand is value:
                        role = _ROLES[i]
            if role is None:
                continue
            atom = self.ctx.atom_from_value(o.operands[0]) if o.operands and self.ctx.defined(o.operands[0]) else None
            return atom, role
        return None, None

    def _node_at(self, span: Span | None, unit=None) -> Node | None:
        """The node written exactly at `span` (in `unit`'s tree, by default the finder's)."""
        tree = self.analysis.tree_for(unit) if unit is not None else None
        root = tree.root_node if tree is not None else self.root
        if root is None or span is None:
            return None
        node = root.descendant_for_byte_range(span.start, span.end)
        while node is not None and not (node.start_byte == span.start and node.end_byte == span.end):
            node = node.parent
        return node

    def _written_node(self, value: Value) -> Node | None:
        written = self.ctx.written_type(value)
        return self._node_at(written.span) if written is not None else None

    def umma_for(self, atom: AtomInstance | None) -> bool:
        if atom is not None and atom.mnemonic.startswith("sm100."):
            return True
        if atom is not None and atom.mnemonic == "sm90.mma":
            return False
        return satisfies_any(self.analysis.target_arch, TCGEN05)

    # ------------------------------------------------------------------ views
    def owner_of(self, written: Node, op: Operation | None) -> Operation | None:
        """The op whose attributes configure the atom type written at `written` inside `op`."""
        if op is None or self.ctx is None:
            return None
        span = Span(written.start_byte, written.end_byte)
        if any((t := self.ctx.written_type(r)) is not None and t.span == span for r in op.results):
            return op
        if op.name in APPLYING_OPS and op.operands:
            types = self.ctx.operand_types(op)
            if types and types[0].span == span and isinstance(op.operands[0], OpResult):
                return op.operands[0].owner
        return None

    def built_descriptor_view(self, ty, what: str, span: Span) -> DescriptorView:
        """A view whose source is `!cute_nvgpu.smem_desc`: descriptors already built (by
        make_gmma_smem_desc / make_umma_smem_desc, or the DSL's s2t partitioning), walked by
        the view's layout in 16-byte units of the start address."""
        table = D.UMMA_SMEM_DESC if self.umma_for(None) else D.GMMA_SMEM_DESC
        rows = table_rows(table, 0, {f.name: (None, f"{f.meaning} (set where the descriptor is "
                                                    f"built; known at run time only)")
                                     for f in table.fields if not f.reserved})
        return DescriptorView(
            f"{table.name}s viewed by {what}: descriptors already built, walked by the layout "
            f"{ty.layout} (strides in 16-byte units of the start address)", rows, span)

    def view_of_type(self, node: Node, op: Operation | None, value: Value | None = None,
                     owner: Operation | None = None) -> DescriptorView | None:
        """The view of the type `node`: `op` is where it is written (for roles), `owner` the
        op whose attributes configure an atom type."""
        ty, _ = parse_type_node(node)
        mnemonic = ty.mnemonic
        span = Span(node.start_byte, node.end_byte)
        what = f"`{_short(_text(node))}`"
        if mnemonic == "smem_desc_view" and _views_built_descriptors(ty):
            return self.built_descriptor_view(ty, what, span)
        if mnemonic == "smem_desc_view":
            info = WrittenType(_text(node), Span(node.start_byte, node.end_byte)).operand()
            atom, role = self.consumer(op, node, value)
            k_mode = {"A": 1, "B": 0}.get(role or "")
            view = smem_descriptor_view(self.layout_text(info), info.element_type,
                                        umma=self.umma_for(atom), k_mode=k_mode,
                                        what=what + (f" (operand {role} of `{atom.mnemonic}`)"
                                                     if atom is not None and role else ""))
            return DescriptorView(view.title, view.fields, span, view.word)
        if mnemonic == "smem_desc":
            umma = self.umma_for(None)
            table = D.UMMA_SMEM_DESC if umma else D.GMMA_SMEM_DESC
            rows = table_rows(table, 0, {f.name: (None, f"{f.meaning} (known at run time only)")
                                         for f in table.fields if not f.reserved})
            return DescriptorView(f"{table.name} of {what}: a raw descriptor word, its value is "
                                  f"known at run time only", rows, span)
        if mnemonic in ("tma_descriptor_tiled", "tma_descriptor_im2col"):
            builder = next((o for o in (owner, op) if o is not None and o.name == DESCRIPTOR_BUILDER), None)
            encoded = tensormap_view(self.analysis, self.ctx.name_span(builder).start) if builder is not None else None
            if encoded is not None:
                return encoded
            return DescriptorView(
                f"TMA descriptor (CUtensorMap, 128 bytes, alignas(128)) of {what}: its bit "
                f"layout is undocumented, so there are no bit fields to show (hardware-facts 6)",
                [], span)
        if mnemonic.startswith("sm100."):
            attrs = self.ctx.attributes(owner) if owner is not None and self.ctx is not None else {}
            atom = atom_instance(ty, attrs, self.ctx.op_span(owner) if owner is not None else span)
            if atom is None:
                return None
            view = instr_descriptor_view(atom, what)
            return DescriptorView(view.title, view.fields, span, view.word)
        return None

    def layout_text(self, info) -> str | None:
        """The view's layout as text, through an attribute alias (`#smem_a`) if it is one."""
        if info.layout_body is not None:
            return info.layout_body
        text = info.layout
        if text and text.startswith("#") and text in self.aliases:
            return self.aliases[text].text
        return text

    def find(self) -> DescriptorView | None:
        if self.root is None:
            return None
        op = self.innermost_op()
        node = self.analysis.node_at(self.offset)
        # 1. a type (or type alias) under the cursor
        n = node
        while n is not None and n.type not in ("operation", "source_file", "region", "block"):
            if n.type in ("cute_nvgpu_type", "type_alias"):
                target = self.resolve(n)
                if target is not None and (_mnemonic(target) in _DESCRIPTOR_TYPES
                                           or _mnemonic(target).startswith("sm100.")):
                    # Roles come from where the type is written: an mma op's operand list,
                    # or the declaration of a value that an mma op uses.
                    declared = self._declared_value(n)
                    owner = self.owner_of(n, op)
                    if n is target:
                        view = self.view_of_type(target, op, declared, owner)
                    else:
                        view = self._via_alias(n, target, op, declared, owner)
                    if view is not None:
                        return view
            if n.type == "attribute_alias" or n.type == "type_alias_definition":
                break
            n = n.parent
        if self.ctx is None:
            return None
        # 2. an SSA value under the cursor
        value = self.value_at()
        if value is not None:
            target = self.resolve(self._written_node(value))
            if target is not None:
                owner = value.owner if isinstance(value, OpResult) else None
                view = self.view_of_type(target, op, value, owner)
                if view is not None:
                    return view
        # 3. the op itself: a descriptor-producing op, or an mma applying an SM100 atom
        if op is not None:
            for result in op.results:
                target = self.resolve(self._written_node(result))
                if target is not None:
                    view = self.view_of_type(target, op, owner=op)
                    if view is not None:
                        return view
            if op.name in APPLYING_OPS and op.operands and self.ctx.defined(op.operands[0]):
                value = op.operands[0]
                target = self.resolve(self._written_node(value))
                if target is not None and _mnemonic(target).startswith("sm100."):
                    owner = value.owner if isinstance(value, OpResult) else None
                    return self.view_of_type(target, op, owner=owner)
        return None

    def value_at(self) -> Value | None:
        """The SSA value whose name (defined or used) covers the cursor."""
        value = self.ctx.index.value_written_at(self.offset)
        return value if value is not None and self.ctx.defined(value) else None

    def _declared_value(self, node: Node) -> Value | None:
        """The SSA value whose declared type is exactly `node` (a block argument's type)."""
        if self.ctx is None:
            return None
        span = Span(node.start_byte, node.end_byte)
        return next((v for v, at in self.ctx.index.type_spans.items() if at == span), None)

    def _via_alias(self, use: Node, target: Node, op: Operation | None,
                   value: Value | None = None, owner: Operation | None = None
                   ) -> DescriptorView | None:
        """A type written as an alias: roles come from where the alias is used."""
        view = self.view_of_type(target, None, owner=owner)
        if view is None or _mnemonic(target) != "smem_desc_view" \
                or _views_built_descriptors(parse_type_node(target)[0]):
            return view
        atom, role = self.consumer(op, use, value)
        if role is None:
            return view
        info = WrittenType(_text(target), Span(target.start_byte, target.end_byte)).operand()
        k_mode = {"A": 1, "B": 0}.get(role)
        what = f"`{_short(_text(use))}` (operand {role} of `{atom.mnemonic}`)" if atom else f"`{_text(use)}`"
        v = smem_descriptor_view(self.layout_text(info), info.element_type,
                                 umma=self.umma_for(atom), k_mode=k_mode, what=what)
        return DescriptorView(v.title, v.fields, Span(use.start_byte, use.end_byte), v.word)


def _views_built_descriptors(ty) -> bool:
    """A `smem_desc_view` over `!cute_nvgpu.smem_desc` (every view the CuTe DSL prints) views
    descriptors, not a shared-memory tile: there is no tile layout to derive fields from."""
    return (ty.source_type or "").replace(" ", "") == "!cute_nvgpu.smem_desc"


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def descriptor_fields(analysis: DocumentAnalysis, offset: int) -> DescriptorView | None:
    """The descriptor at `offset` (a type, a value of a descriptor type, a producing op), or None."""
    try:
        return _Finder(analysis, offset).find()
    except Exception:   # a defect here must not fail the request; the view is optional
        import logging
        logging.getLogger(__name__).exception("descriptor fields at %d failed", offset)
        return None
