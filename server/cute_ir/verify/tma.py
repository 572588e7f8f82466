"""The TMA atom family's verifiers (tma-atoms page), over the rewritable IR.

Runs on a unit's lifted ops (`ir/lift.py`); positions come from the lift's `SourceIndex`, so
every diagnostic lands on what the user wrote: an operand, an attribute value, an op's name.

- The partition verifier runs on each non-exec atom, with the page's eleven steps in its
  order (the cheap type and structure gates 1-6 before the G-basis and TMA layout of 8-9,
  step 11 for loads only, with its "got num_multicast of " companion). The SMEM layout is the
  tile operand's type, the CTA V-map the map operand's, and the GMEM layout the layout the
  descriptor was built from (the builder's `%layout` operand; a descriptor operand typed
  with a layout stands for itself, as in the page's rank-6 example). Operands whose types
  are not known (names defined nowhere in the unit) are not checked. Its outcome, the page's
  `TmaPartitionResult` with the 16-bit flags word, is `TmaVerification.partitions`.
- The descriptor builder's rules and the hardware limits (`tables/tensormap.py`),
  `make_exec_tma`'s, the executable ops' (shared-memory tile, coordinate rank), device-side
  mutation, the arch gate and the TMA enum attributes are cute-ir's own diagnostics where the
  page has no string (`OWN_MESSAGES`).
- A TMA reduction's kind against what its elements allow (the PTX ISA's table, `reduction`):
  the reduce atoms', and the `rmw_mode` of a TileAS atomic that is a TMA reduction.

Every diagnostic carries a note at the definition of the descriptor or atom it concerns.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from enum import IntFlag

from ..diagnostics import Diagnostic, Severity, Source, Span
from ..diagnostics.catalogue import make
from ..diagnostics.diagnostic import Related
from ..dialects.cute_nvgpu.enums import (BUILDER_MODES, DIALECT, DSL_TMA_LOAD_MODE, TMA_ENUMS, TMA_LOAD_MODE,
                                        TMA_MULTICAST_LOAD_MODES, TMA_REDUCE_KIND, TMA_STORE_MODE, tma_enum_case)
from ..dialects.cute_nvgpu.tma_ops import (DESCRIPTOR_BUILDER, DSL_MAKE_REDUCE, EXEC_KINDS, MAKE_EXEC, NON_EXEC_KINDS,
                                           NON_EXEC_REDUCE, PARTITION, TMA_REDUCE, UPDATE_DESCRIPTOR)
from ..dialects.nv_tileas.async_tma import TILED_ATOMIC_RMW as ASYNC_ATOMIC, TMA_REDUCE_OP
from ..dialects.nv_tileas.memops import COPY_ATOM, RMW_MODE, TILED_ATOMIC_RMW
from ..dialects.nv_tileas.memops import DIALECT as TILEAS
from ..dialects.verified_ops import TMA_OP_NAMES, TMA_REDUCTION_OPS
from ..ir.attributes import EnumCase, all_attributes, attribute, constant_number, enum_case, integer, parse_enum
from ..ir.core import Operation, OpResult, Type, Value
from ..ir.lift import Lifted, SourceIndex
from ..ir.reading import is_layout_type
from ..ir.shaped import element_bits, shaped, top_level_parameters
from ..layout import (ComposedLayout, Layout, Swizzle, coalesce, composition, cosize, flatten, is_static,
                      parse_layout, rank, size)
from ..layout.inttuple import ScaledBasis, is_dynamic
from ..tables import tensormap
from ..tables.atoms import multicast_only_warns, tma_reductions
from .context import VerifyContext


# cute-ir's own TMA diagnostics (the page states the rule but prints no string): code -> text.
OWN_MESSAGES = {
    "verify.tma.arch": "TMA needs sm_90 or later, but the target is {target}",
    "verify.tma.multicast-arch": "multicast TMA loads on {target} only draw a ptxas warning; they are meant for sm_90a and sm_100 or later",
    "verify.tma.enum": "unknown {mnemonic} `{case}`; expected one of {cases}",
    "verify.tma.descriptor-memory": "a TMA descriptor is built from a tensor in global memory, got {type}",
    "verify.tma.descriptor-rank": "TMA descriptor {problem}",
    "verify.tma.descriptor-extents": "a TMA descriptor of a rank-{rank} tensor takes {want} in {group}(...), got {got}",
    "verify.tma.descriptor-static": "a TMA descriptor's layout needs a static shape (its box), got {type}",
    "verify.tma.descriptor-limit": "TMA descriptor: {problem}",
    "verify.tma.descriptor-element-width": "`elementBitWidth = {bits}` does not match {source} `{element}` ({want} bits)",
    "verify.tma.descriptor-kind": "descriptor mode `{mode}` builds {expected}, but the result is {type}",
    "verify.tma.exec-atom": "make_exec_tma binds a non-exec TMA atom, got a value defined by `{op}`",
    "verify.tma.exec-atom-type": "make_exec_tma binds a non-exec TMA atom, got a value of type {type}",
    "verify.tma.mbarrier-memory": "the mbarrier of make_exec_tma must be in shared memory, got {type}",
    "verify.tma.exec-cta-count": "make_exec_tma binds a TMA load of kind `{kind}`, which loads for {want}, "
                                 "into an executable atom that says {got}",
    "verify.tma.smem-operand": "the {role} of a TMA {kind} must be in shared memory, got {type}",
    "verify.tma.coord-rank": "the TMA coordinate has rank {got}, but the descriptor has rank {want}",
    "verify.tma.coord-rank-im2col": "a TMA load through an im2col descriptor of rank {rank} takes {want} coordinates "
                                    "(the tensor's, then its {offsets} im2col offsets), got {got}",
    "verify.tma.reduce-kind": "a TMA reduction of {elements} elements takes {legal}, not {kind}",
    "verify.tma.reduce-type": "TMA cannot reduce {elements} elements",
}

# Each transfer -> the TileAS page's message when its atom is another kind ("Atom-type rules":
# every TMA-bearing op's atom has the right family; a reduction's atom is TMAREDG).
_EXPECTED_ATOM = {"load": "tileas.tma-atom.expect-tma-load", "store": "tileas.tma-atom.expect-tma-store",
                  "reduce": "tileas.tma-atom.expect-tma-redg"}
# The types of the non-exec TMA atoms: each op's name as a type, with or without the DSL's
# parameters (`!cute_nvgpu.atom.non_exec_tiled_tma_load<...>`; an alias of one reads as itself).
_NON_EXEC_TYPES = tuple(f"!{name}" for name in NON_EXEC_KINDS)


def _may_be_atom(text: str) -> bool:
    """Whether a value of the type `text` (an alias resolved) may hold a non-exec TMA atom: a
    non-exec TMA atom type, or an alias the document does not define. Another cute_nvgpu type
    (a descriptor, an executable TMA atom, a copy or MMA atom) cannot."""
    if text.startswith("!cute_nvgpu."):
        return any(text == name or text.startswith(name + "<") for name in _NON_EXEC_TYPES)
    return text.startswith("!") and not text.startswith(("!cute.", "!llvm.", "!nv_tile"))


def verify_exec_operand_types(ctx: VerifyContext) -> None:
    """`make_exec_tma` of a value no op of the unit defines (a function argument): its type must
    be a non-exec TMA atom's, read through the document's `!alias`es as the verifiers read every
    atom's type (`VerifyContext.through_alias`), so an alias gets the verdict of the type it
    stands for. Not kept with `verify_tma`'s results, which do not depend on the aliases."""
    for op in ctx.operations():
        if op.name != MAKE_EXEC or len(op.operands) < 2 or isinstance(op.operands[0], OpResult):
            continue
        atom = op.operands[0]
        written = ctx.written_type(atom)
        resolved = ctx.through_alias(written) if written is not None else None
        text = resolved.text if resolved is not None else atom.type.text
        if not is_known(atom.type) or _may_be_atom(text):
            continue
        spelled = atom.type.text if text == atom.type.text else f"{atom.type.text} ({text})"
        span = ctx.definition_span(atom)
        related = (Related(span, "the TMA operand is defined here"),) if span is not None else ()
        ctx.diagnostics.append(Diagnostic("verify.tma.exec-atom-type", ctx.operand_span(op, 0), Severity.ERROR,
                                          Source.VERIFY, OWN_MESSAGES["verify.tma.exec-atom-type"].format(type=spelled),
                                          related))


# The fewest bytes each CTA's share of a multicast TMA load may be (tileas-tma-and-memops,
# "Mode and multicast rules").
MIN_MULTICAST_BYTES = 128
# The most CTAs a multicast TMA load may feed: a cluster's, whose `.multicast::cluster` CTA mask
# is 16 bits, one a CTA (the PTX ISA's cp.async.bulk.tensor; a cluster holds at most 16 CTAs).
MAX_MULTICAST_CTAS = 16

_MUTABLE_FIELDS = ("global_address", "global_dim", "global_stride")


class Flag(IntFlag):
    """The partition result's 16-bit flags word (tma-atoms, "Flags Word"); bits 14-15 reserved."""

    MULTICAST = 1 << 0
    IM2COL = 1 << 1
    IM2COL_W = 1 << 2
    IM2COL_W128 = 1 << 3
    TWO_CTA = 1 << 4
    SPARSE = 1 << 5
    STATIC_SMEM = 1 << 6
    STATIC_VMAP = 1 << 7
    GMEM_INT_STRIDE = 1 << 8
    SMEM_INT_STRIDE = 1 << 9
    SHAPE_EQUIV = 1 << 10
    G_BASIS_OK = 1 << 11
    S2T_DESCRIPTOR = 1 << 12
    PREFETCH_ELIGIBLE = 1 << 13


@dataclass(frozen=True)
class TmaPartitionResult:
    """The page's `TmaPartitionResult`, one per verified non-exec atom."""

    tensor_type: str              # the TMA tensor type the atom's tile becomes
    tile_element_count: int       # size(SMEM layout) x num_multicast
    flags: Flag
    swizzle_mode: int             # 0 none, 2 128B, 3 32B/64B
    rank: int                     # the descriptor's rank
    atom: Operation               # the non-exec atom (the page's atom body) whose modes were read
    tma_layout: Layout            # the computed TMA layout (box)
    element_bits: int | None = None   # from the descriptor, when it says
    num_multicast: int = 1

    @property
    def tile_bytes(self) -> int | None:
        """The bytes of the tile that land in each CTA's shared memory, what its mbarrier
        expects (expect_tx): the SMEM layout's elements x bits / 8. A multicast load's CTAs each
        load a 1/num_multicast share and send it to all, so each receives the whole tile once,
        as CUTLASS's SM90 mainloops count it (`TmaTransactionBytes`, the SMEM tile's bytes
        whatever the multicast); the page's `tile_element_count` counts it num_multicast times."""
        if not self.element_bits:
            return None
        return self.tile_element_count // self.num_multicast * self.element_bits // 8


@dataclass
class TmaVerification:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    partitions: dict[Operation, TmaPartitionResult] = field(default_factory=dict)


@dataclass(frozen=True)
class _PartitionInput:
    smem: Value
    gmem_type: Type
    vmap: Value
    positions: tuple[int, int, int]     # operand index of the SMEM layout, the GMEM layout, the V-map
    metadata: Value | None = None       # a sparse tile's metadata layout (flags bit 5)
    metadata_at: int | None = None      # its operand index


@dataclass(frozen=True)
class _Descriptor:
    op: Operation
    kind: str                     # "tiled" | "im2col"
    layout_type: Type             # the GMEM layout it was built from
    element_bits: int | None


def verify_tma(lifted: Lifted, target: str) -> TmaVerification:
    """Diagnostics and partition results for every TMA op of the lifted unit; found once per
    lifted unit and target (kept in `Lifted.derived`: hover reads what verification found)."""
    key = ("verify_tma", target)
    kept = lifted.derived.get(key)
    if kept is None:
        checker = _Checker(lifted.index, target)
        for top in lifted.operations:
            for op in top.walk():
                if op.name in TMA_OP_NAMES:
                    checker.check(op)
                if op.name in TMA_REDUCTION_OPS:
                    checker.reduce_kind(op)
        kept = lifted.derived[key] = checker.out
    return kept


# ---------------------------------------------------------------------------- types


# The ops that view a shared-memory tile as a Blackwell SMEM-to-tmem (tcgen05.cp) descriptor;
# a TMA tile partitioned over such a view sets the flags word's bit 12.
S2T_VIEW_OPS = frozenset({"cute_nvgpu.atom.get_copy_s2t_smem_desc_view",
                          "cute_nvgpu.atom.sm107.get_copy_s2t_smem_desc_view"})
_S2T_VIEW_TYPE = "!cute_nvgpu.smem_desc_view<"


def is_s2t_view(value: Value) -> bool:
    """Whether `value` is a `get_copy_s2t_smem_desc_view` result (or typed as such a view)."""
    owner = value.owner if isinstance(value, OpResult) else None
    return (owner is not None and owner.name in S2T_VIEW_OPS) or value.type.text.startswith(_S2T_VIEW_TYPE)


def layout_of(value: Value) -> Layout | ComposedLayout | None:
    """The CuTe layout a `!cute.layout<...>` typed value carries, or the layout of the tile a
    `!cute_nvgpu.smem_desc_view<desc, "layout">` views."""
    parsed = value.type.parsed
    if isinstance(parsed, (Layout, ComposedLayout)):
        return parsed
    if value.type.text.startswith(_S2T_VIEW_TYPE) and getattr(parsed, "layout", None):
        return parse_layout(parsed.layout.strip('"')).value
    return None


def builder_swizzle(layout: ComposedLayout) -> str | None:
    """The descriptor swizzle of a descriptor builder's composed layout (`Swizzle<B,M,S> o box`),
    or None when the descriptor cannot encode it."""
    inner = layout.inner
    return tensormap.swizzle_mode(inner.bits, inner.base, inner.shift) if isinstance(inner, Swizzle) else None


def _swizzle_problem(layout: ComposedLayout) -> str:
    inner = layout.inner
    if not isinstance(inner, Swizzle):
        return f"a descriptor's composed layout is a swizzle of its box; this one composes {inner}"
    return tensormap.smem_swizzle_problem(inner.bits, inner.base, inner.shift, None) or ""


def is_known(type_: Type) -> bool:
    return not type_.text.startswith("<<")


_SPACES = {"3": "shared", "workgroup": "shared", "smem": "shared",
           "1": "global", "global": "global", "gmem": "global"}


def memory_space(type_: Type) -> str | None:
    """"shared", "global", "other" for memrefs and pointers; None when the type does not say."""
    text = type_.text
    for prefix in ("memref<", "!llvm.ptr<", "!cute.ptr<"):
        if text.startswith(prefix) and text.endswith(">"):
            params = top_level_parameters(text[len(prefix):-1])
            last = params[-1] if len(params) > 1 or prefix == "!llvm.ptr<" else ""
            last = re.sub(r"^#gpu\.address_space<(\w+)>$", r"\1", last)
            return _SPACES.get(last, "other")
    if text == "!llvm.ptr":
        return "other"
    return None


def memref_rank(type_: Type) -> int | None:
    """The rank of a ranked memref type; None for anything else (`memref<*xf16>` included)."""
    found = shaped(type_.text)
    return found.rank if found is not None and found.kind == "memref" else None


def _leading_extent(layout: Layout) -> int | None:
    """The extent of a TMA box's first (contiguous) dimension, when static."""
    shapes = flatten(layout.shape) if layout.shape is not None else ()
    first = shapes[0] if isinstance(shapes, tuple) and shapes else shapes
    return first if isinstance(first, int) else None


def _enum(op: Operation, name: str) -> EnumCase | None:
    """Attribute `name` when it is a `#cute_nvgpu.<enum><case>`."""
    attr = attribute(op, name)
    found = parse_enum(attr.text) if attr is not None else None
    return found if found is not None and found.dialect == DIALECT else None


def _enum_attr(op: Operation, name: str, mnemonic: str) -> str | None:
    case = enum_case(op, name, DIALECT, mnemonic)
    return tma_enum_case(mnemonic, case) if case is not None else None


def _strides(layout: Layout | ComposedLayout) -> list:
    plain = layout.outer if isinstance(layout, ComposedLayout) else layout
    flat = flatten(plain.stride) if plain.stride is not None else ()
    return list(flat) if isinstance(flat, tuple) else [flat]


def _shapes(layout: Layout) -> list:
    flat = flatten(layout.shape)
    return list(flat) if isinstance(flat, tuple) else [flat]


def _layout_text(layout: Layout | ComposedLayout) -> str:
    return f'!cute.layout<"{layout}">'


def _and(*items: object) -> str:
    """The page's operand list: "a, b, and c" ("a, and b" for two)."""
    texts = [str(i) for i in items]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + ", and " + texts[-1]


@dataclass(frozen=True)
class Reduction:
    """A TMA reduce atom's kind against what its elements allow (`tables.atoms.tma_reductions`)."""

    kind: str                   # as written
    elements: str               # "f32", or "16-bit" when only the width is known
    legal: tuple[str, ...]      # the kinds the elements allow, lower case
    attribute: str              # the attribute the kind is written in

    @property
    def allowed(self) -> bool:
        return self.kind.lower() in self.legal

    @property
    def spelled_legal(self) -> tuple[str, ...]:
        """The legal kinds in the written kind's spelling (the DSL's are upper case)."""
        return tuple(k.upper() for k in self.legal) if self.kind.isupper() else self.legal


def _owner(op: Operation, index: int) -> Operation | None:
    """The op defining `op`'s operand `index` (None for an argument or a missing operand)."""
    value = op.operands[index] if len(op.operands) > index else None
    return value.owner if isinstance(value, OpResult) else None


def _descriptor_reduction(kind: str | None, builder: Operation | None, attribute_name: str) -> "Reduction | None":
    """`kind` against what the elements of the descriptor `builder` builds allow: by its
    tensor's element type, else by its element width."""
    if kind is None or builder is None or builder.name != DESCRIPTOR_BUILDER:
        return None
    tensor = (operand_groups(builder).get("tensor") or [None])[0]
    element = shaped(tensor.type.text).element if tensor is not None and shaped(tensor.type.text) else None
    if element is not None and element_bits(element) is not None:
        return Reduction(kind, element, tma_reductions(element), attribute_name)
    bits = integer(builder, "elementBitWidth")
    if bits is None:
        return None
    return Reduction(kind, f"{bits}-bit", tma_reductions(bits=bits), attribute_name)


def reduction(op: Operation) -> Reduction | None:
    """The kind of a TMA reduce atom and what its elements allow: the spec's
    `non_exec_tiled_tma_reduce` by the element type of its descriptor's tensor (by the
    descriptor's element width when the tensor's type does not say), so too a `tma_reduce`
    that says its `kind` itself, the DSL's builder by the element type its atom type names.
    None for other ops, and for a kind the enum does not have (the enum check reports it)."""
    if op.name == NON_EXEC_REDUCE:
        found = _enum(op, "reduce_kind")
        kind = tma_enum_case(TMA_REDUCE_KIND, found.case) if found is not None else "add"
        return _descriptor_reduction(kind, _owner(op, 0), "reduce_kind")
    if op.name == TMA_REDUCE and _enum(op, "kind") is not None:
        # The applying op's own kind, against the descriptor its bound non-exec atom was built on.
        found = _enum(op, "kind")
        kind = tma_enum_case(TMA_REDUCE_KIND, found.case.lower())
        binder = _owner(op, 0)
        atom_op = _owner(binder, 0) if binder is not None and binder.name == MAKE_EXEC else None
        if atom_op is None or atom_op.name != NON_EXEC_REDUCE:
            return None
        reduction_ = _descriptor_reduction(kind, _owner(atom_op, 0), "kind")
        return replace(reduction_, kind=found.case) if reduction_ is not None else None
    if op.name == DSL_MAKE_REDUCE and op.results:
        # The kind the builder is given (`<{kind = <ADD>}>`), else its atom type's.
        written = _DSL_REDUCE_ATOM.match(op.results[0].type.text)
        given = attribute(op, "kind")
        kind = given.text.strip().strip("<>").strip() if given is not None else (written.group(1) if written else None)
        if written is None or kind is None or kind.lower() not in TMA_ENUMS[TMA_REDUCE_KIND]:
            return None
        return Reduction(kind, written.group(2), tma_reductions(written.group(2)), "kind")
    if op.name == ASYNC_ATOMIC or (op.name == TILED_ATOMIC_RMW
                                   and enum_case(op, COPY_ATOM, TILEAS, COPY_ATOM) == "tma_redg"):
        return _atomic_reduction(op)
    return None


# The atomic modes whose reduction is an unsigned one: TMA reduces as its tensor map's data type
# says, so only a tensor map of unsigned elements takes them (a signless i32's is INT32).
_UNSIGNED_MODES = frozenset({"umax", "umin"})
_UNSIGNED_DATA_TYPES = frozenset({"UINT32", "UINT64"})


def _atomic_reduction(op: Operation) -> "Reduction | None":
    """A TileAS atomic that is a TMA reduction (its `tma_redg` atom, or the async op
    lower-tma-load-store-to-async makes of it): its `rmw_mode` against the modes whose
    reduction (`TMA_REDUCE_OP`) the PTX ISA's table gives its tile's elements. A mode TMA has
    no reduction for (fadd, xchg) is the memop verifier's, and so are elements narrower than
    32 bits: its rules for them (none for 8-bit types and 16-bit integers, add, max and min for
    16-bit floats) are the table's."""
    mode = enum_case(op, RMW_MODE, TILEAS, RMW_MODE)
    if mode not in TMA_REDUCE_OP or mode == "fadd":
        return None
    tile = shaped(op.operands[0].type.text) if op.operands else None
    if tile is None and op.results:
        tile = shaped(op.results[0].type.text)
    bits = element_bits(tile.element) if tile is not None else None
    if bits is None or bits < 32:
        return None
    return Reduction(mode, tile.element, atomic_reduction_modes(tile.element), RMW_MODE)


def atomic_reduction_modes(element: str) -> tuple[str, ...]:
    """The `rmw_mode`s a TMA reduction of a tensor map of `element`s takes: those whose
    operation (`TMA_REDUCE_OP`) the PTX ISA's table for `cp.reduce.async.bulk.tensor` gives
    these elements (`tma_reductions`), the unsigned ones only to unsigned elements, and not
    `fadd`, which the memop verifier spells `add`. Empty for elements the table has no row for
    (8-bit types, 16-bit integers)."""
    kinds = tma_reductions(element)
    unsigned = tensormap.data_type_of(element) in _UNSIGNED_DATA_TYPES
    return tuple(m for m, kind in TMA_REDUCE_OP.items()
                 if m != "fadd" and kind in kinds and (unsigned or m not in _UNSIGNED_MODES))


# An im2col load mode -> the tiled mode that moves the same box without the im2col gather
# (the descriptor's load modes, tileas-tma-and-memops).
TILED_MODE_OF_IM2COL = {"im2col": "tiled", "im2col_at": "tiled_at"}
IM2COL_DESCRIPTOR = "!cute_nvgpu.tma_descriptor_im2col"
TILED_DESCRIPTOR = "!cute_nvgpu.tma_descriptor_tiled"


def tiled_only_rank(op: Operation) -> int | None:
    """The rank of an im2col descriptor builder's tensor when a tiled descriptor is the one kind
    that takes it: rank 1 or 2 (im2col needs 3..5, tiled 1..5). None for anything else, a
    rank no descriptor takes included."""
    if op.name != DESCRIPTOR_BUILDER or not op.operands or not op.results \
            or op.results[0].type.text != IM2COL_DESCRIPTOR:
        return None
    tensor_rank = memref_rank(op.operands[0].type)
    if tensor_rank is None or tensormap.rank_problem(tensor_rank, "im2col") is None \
            or tensormap.rank_problem(tensor_rank, "tiled") is not None:
        return None
    return tensor_rank


def _listing(items: list[str]) -> str:
    """`a`, `a or b`, `a, b or c`: the kinds one may write instead."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _sm(target: str) -> int | None:
    match = re.match(r"^sm_(\d+)", target)
    return int(match.group(1)) if match else None


# The DSL's atom types: a non-exec load's kind is its first parameter; an exec load that
# multicasts says `mcast = true`.
_DSL_REDUCE_ATOM = re.compile(r"^!cute_nvgpu\.atom\.non_exec_tiled_tma_reduce<\s*(\w+)\s*,\s*(\w+)")
_NON_EXEC_KIND = re.compile(r"!cute_nvgpu\.atom\.non_exec_tiled_tma_load<\s*(\w+)")
_EXEC_LOAD_TYPE = "!cute_nvgpu.atom.tma_load<"
_MCAST = re.compile(r"\bmcast\s*=\s*true\b")
_NUM_CTA = re.compile(r"\bnum_cta\s*=\s*(\d+)")
# The CTAs a DSL non-exec load atom's kind loads for (tables/type_parameters.py says what each
# kind is), and how the message says them.
_KIND_CTAS = {"sm_90": 1, "sm_90_multicast": 1, "sm_100_2sm": 2, "sm_100_2sm_multicast": 2}
_CTAS_TEXT = {1: "one CTA", 2: "a CTA pair (`num_cta = 2`, `.cta_group::2`)"}
_GBASIS = re.compile(r'\btma_gbasis\s*=\s*<\s*"([^"]*)"\s*>')


# ---------------------------------------------------------------------------- checks
class _Checker:
    def __init__(self, index: SourceIndex, target: str) -> None:
        self.index = index
        self.target = target
        self.out = TmaVerification()

    # ------------------------------------------------------------ helpers
    def name_span(self, op: Operation) -> Span:
        return self.index.name_span(op)

    def operand_span(self, op: Operation, first: int, last: int | None = None) -> Span:
        spans = self.index.operand_spans.get(op, [])
        if first >= len(spans):
            return self.name_span(op)
        end = spans[min(last if last is not None else first, len(spans) - 1)]
        return Span(spans[first].start, end.end)

    def attribute_span(self, op: Operation, name: str, whole: bool = False) -> Span:
        return self.index.attribute_span(op, name, whole)

    def note(self, value: Value | None, what: str) -> tuple[Related, ...]:
        span = self.index.definitions.get(value) if value is not None else None
        return (Related(span, f"the TMA {what} is defined here"),) if span is not None else ()

    def spec(self, code: str, span: Span, *args: object, related=()) -> None:
        self.add(make(code, span, *args, related=related))

    def own(self, code: str, span: Span, related=(), severity=Severity.ERROR, **fields: object) -> None:
        self.add(Diagnostic(code, span, severity, Source.VERIFY, OWN_MESSAGES[code].format(**fields), tuple(related)))

    def add(self, diagnostic: Diagnostic) -> None:
        # A tma_partition op re-reads its atom's modes: a problem with them is reported once,
        # where it is written, not once per op that reads it.
        key = (diagnostic.code, diagnostic.span, diagnostic.message)
        if all((d.code, d.span, d.message) != key for d in self.out.diagnostics):
            self.out.diagnostics.append(diagnostic)

    @staticmethod
    def defining_op(value: Value) -> Operation | None:
        return value.owner if isinstance(value, OpResult) else None

    def descriptor(self, value: Value) -> _Descriptor | None:
        op = self.defining_op(value)
        if op is None or op.name != DESCRIPTOR_BUILDER:
            return None
        groups = operand_groups(op)
        layout = groups.get("layout", [])
        kind = "im2col" if op.results and "im2col" in op.results[0].type.text else "tiled"
        layout_type = layout[0].type if layout else Type("<<unknown>>")
        parsed = layout_of(layout[0]) if layout else None
        if isinstance(parsed, ComposedLayout) and builder_swizzle(parsed) is not None:
            layout_type = Type(_layout_text(parsed.outer))    # its GMEM layout is the swizzled box's
        return _Descriptor(op, kind, layout_type, integer(op, "elementBitWidth"))

    # ------------------------------------------------------------ dispatch
    def check(self, op: Operation) -> None:
        if not self.arch(op):
            return
        self.enums(op)
        if op.name == DESCRIPTOR_BUILDER:
            self.builder(op)
        elif op.name in NON_EXEC_KINDS:
            self.non_exec(op, NON_EXEC_KINDS[op.name])
        elif op.name == PARTITION:
            self.partition_op(op)
        elif op.name == MAKE_EXEC:
            self.make_exec(op)
        elif op.name in EXEC_KINDS:
            self.transfer(op, EXEC_KINDS[op.name])
        elif op.name == UPDATE_DESCRIPTOR:
            self.update(op)
        # A prefetch takes any descriptor: nothing of its own to check.

    def own_note(self, op: Operation) -> tuple[Related, ...]:
        """A note at what the op itself defines (its descriptor or atom), if anything."""
        return self.note(op.results[0] if op.results else None,
                         "descriptor" if op.name == DESCRIPTOR_BUILDER else "atom")

    def arch(self, op: Operation) -> bool:
        sm = _sm(self.target)
        if sm is not None and sm < 90:
            self.own("verify.tma.arch", self.name_span(op), self.own_note(op), target=self.target)
            return False
        return True

    def enums(self, op: Operation) -> None:
        for name, attr in all_attributes(op).items():
            found = parse_enum(attr.text)
            if found is None or found.dialect != DIALECT or found.enum not in TMA_ENUMS:
                continue
            if op.name == DESCRIPTOR_BUILDER and name == "mode" and found.enum in BUILDER_MODES:
                continue      # the builder's own modes (`builder`)
            mnemonic, case = found.enum, found.case
            if tma_enum_case(mnemonic, case) is None:
                self.own("verify.tma.enum", self.attribute_span(op, name), self.own_note(op), mnemonic=mnemonic, case=case,
                         cases=", ".join(TMA_ENUMS[mnemonic]))

    # ------------------------------------------------------------ descriptor builder
    def builder(self, op: Operation) -> None:
        groups = operand_groups(op)
        result = op.results[0] if op.results else None
        note = self.note(result, "descriptor")
        tensor, layout_value = (groups.get("tensor") or [None])[0], (groups.get("layout") or [None])[0]
        if tensor is not None and is_known(tensor.type):
            if memory_space(tensor.type) not in (None, "global"):
                self.own("verify.tma.descriptor-memory", self.operand_span(op, 0), note, type=tensor.type)
            tensor_rank = memref_rank(tensor.type)
            kind = self.descriptor(result).kind if result is not None else "tiled"
            if tensor_rank is not None and (problem := tensormap.rank_problem(tensor_rank, kind)) is not None:
                self.own("verify.tma.descriptor-rank", self.operand_span(op, 0), note, problem=problem)
            elif tensor_rank is not None:
                self.extents(op, groups, tensor_rank, note)
        self.mode(op, note)
        self.mode_matches_result(op, note)
        self.element_strides(op, note)
        self.padding_values(op, groups, note)
        bits = integer(op, "elementBitWidth")
        if bits is not None and (problem := tensormap.element_bits_problem(bits)) is not None:
            self.own("verify.tma.descriptor-limit", self.attribute_span(op, "elementBitWidth"), note, problem=problem)
            bits = None
        if bits is not None and tensor is not None and is_known(tensor.type):
            self.element_width(op, tensor.type, bits, note)
        if layout_value is None or not is_known(layout_value.type):
            return
        layout = layout_of(layout_value)
        span = self.operand_span(op, 1)
        swizzle = "none"
        if isinstance(layout, ComposedLayout):
            # The composed-layout path takes the swizzles the descriptor can encode: the layout is
            # the box swizzled as the tile lands in shared memory (docs/spec-deviations.md, A22).
            swizzle = builder_swizzle(layout)
            if swizzle is None:
                why = Related(span, _swizzle_problem(layout))
                self.spec("verify.layout.composed-unsupported", span, layout_value.type, related=(why,) + note)
                return
            layout = layout.outer
        if layout is None:
            return
        shapes = _shapes(layout)
        if any(not isinstance(s, int) for s in shapes):
            self.own("verify.tma.descriptor-static", span, note, type=layout_value.type)
            return
        if (problem := tensormap.rank_problem(len(shapes))) is not None:
            self.own("verify.tma.descriptor-rank", span, note, problem=problem)
            return
        problems = [tensormap.box_dim_problem(axis, extent) for axis, extent in enumerate(shapes)]
        if bits is not None:
            strides = _strides(layout)
            # Every outer dimension's stride is a global stride the driver holds to 16 bytes,
            # even one of a single element (a degenerate dimension's); the innermost moves
            # element by element.
            problems += [tensormap.global_stride_problem(axis, s * bits // 8)
                         for axis, s in enumerate(strides) if isinstance(s, int) and (axis > 0 or s != 1)]
        for problem in problems:
            if problem is not None:
                self.own("verify.tma.descriptor-limit", span, note, problem=problem)
        if bits is not None and not tensormap.inner_box_whole(shapes[0], bits):
            self.spec("tileas.tma-desc.box-dim0-not-16-bytes", span, related=note)
        elif bits is not None and (problem := tensormap.inner_box_problem(shapes[0], bits, swizzle)) is not None:
            self.own("verify.tma.descriptor-limit", span, note, problem=problem)

    def element_width(self, op: Operation, tensor_type: Type, bits: int, note) -> None:
        """`elementBitWidth` is the width of what the descriptor moves: the tensor's element,
        or the `tma_internal_type` it moves instead (phase 4 of lower-tma-load-store-to-async).
        Any other width would make the driver read the tensor at the wrong pitch."""
        internal = attribute(op, "tma_internal_type")
        moved = internal.text.strip() if internal is not None else None
        if moved is None:
            view = shaped(tensor_type.text)
            moved = view.element if view is not None else None
        want = element_bits(moved)
        if want is not None and want != bits:
            source = "its `tma_internal_type`" if internal is not None else "the tensor's element type"
            self.own("verify.tma.descriptor-element-width", self.attribute_span(op, "elementBitWidth"), note,
                     bits=bits, source=source, element=moved, want=want)

    def extents(self, op: Operation, groups: dict[str, list], tensor_rank: int, note) -> None:
        """`shapes(...)` gives every extent of the tensor and `strides(...)` every stride but the
        innermost (the element size), as `cuTensorMapEncodeTiled`'s globalDim and
        globalStrides; an empty list leaves them to the memref type."""
        starts = group_starts(groups)
        for group, want, unit in (("shapes", tensor_rank, "extent"), ("strides", tensor_rank - 1, "stride")):
            values = groups.get(group, [])
            if not values or len(values) == want:
                continue
            first = starts[group]
            self.own("verify.tma.descriptor-extents", self.operand_span(op, first, first + len(values) - 1), note,
                     rank=tensor_rank, want=f"{want} {unit}{'s' if want != 1 else ''}", group=group, got=len(values))

    def mode(self, op: Operation, note) -> None:
        """A descriptor's mode is one the builder supports (the TileAS page's lists): a load mode
        outside them is the page's message, a store mode cute-ir's enum message."""
        mode = attribute(op, "mode")
        found = parse_enum(mode.text) if mode is not None else None
        if found is None or found.dialect != DIALECT or found.enum not in BUILDER_MODES \
                or found.case in BUILDER_MODES[found.enum]:
            return
        at = self.attribute_span(op, "mode")
        legal = ", ".join(BUILDER_MODES[found.enum])
        if found.enum == DSL_TMA_LOAD_MODE:
            self.spec("tileas.tma-desc.unsupported-load-mode", at, f"{found.case}'",
                      related=(Related(at, f"a descriptor loads in one of: {legal}"),) + note)
        else:
            self.own("verify.tma.enum", at, (Related(at, f"a descriptor stores in one of: {legal} (the DSL's "
                                                         f"other cases are its atoms')"),) + note,
                     mnemonic=found.enum, case=found.case, cases=legal)

    def padding_values(self, op: Operation, groups: dict[str, list], note) -> None:
        """A load descriptor (its mode a load mode) fills out-of-bounds elements with zero only: a
        padding operand that is a non-zero constant is the page's "explicit-padding-value form".
        Values the unit does not fix (arguments, computed values) are not judged."""
        mode = _enum(op, "mode")
        if mode is None or mode.enum not in (DSL_TMA_LOAD_MODE, TMA_LOAD_MODE):
            return      # not said to be a load descriptor: the rule is the loads'
        for at, value in enumerate(groups.get("paddings", []), start=group_starts(groups).get("paddings", 0)):
            constant = constant_number(value)
            # Negative zero is the `neg_zero` padding, not the zero fill TMA does.
            if constant is not None and (constant != 0 or math.copysign(1.0, constant) < 0):
                self.spec("tileas.tma-desc.padding-value-unsupported", self.operand_span(op, at), related=note)
                return

    def element_strides(self, op: Operation, note) -> None:
        attr = attribute(op, "elementStrides")
        if attr is not None and any(int(n) != 1 for n in re.findall(r"-?\d+", attr.text.split(":", 1)[-1])):
            self.spec("tileas.tma-desc.element-stride", self.attribute_span(op, "elementStrides"), related=note)

    def mode_matches_result(self, op: Operation, note) -> None:
        mode = attribute(op, "mode")
        found = parse_enum(mode.text) if mode is not None else None
        if found is None or found.dialect != DIALECT or not op.results:
            return
        wants_im2col = found.case.startswith("im2col")
        result_type = op.results[0].type
        if wants_im2col != ("im2col" in result_type.text) and "tma_descriptor" in result_type.text:
            expected = IM2COL_DESCRIPTOR if wants_im2col else TILED_DESCRIPTOR
            self.own("verify.tma.descriptor-kind", self.attribute_span(op, "mode"), note,
                     mode=found.case, expected=expected, type=result_type)

    # ------------------------------------------------------------ the eleven steps
    def non_exec(self, op: Operation, kind: str) -> None:
        """`%atom = non_exec_tiled_tma_<kind> %desc, %smem_layout, %cta_v_map [, %metadata]`
        (a load of a structurally sparse tile names its metadata layout fourth)."""
        if len(op.operands) not in ((3, 4) if kind == "load" else (3,)):
            return
        desc_value = op.operands[0]
        descriptor = self.descriptor(desc_value)
        gmem_type = descriptor.layout_type if descriptor is not None else desc_value.type
        if descriptor is None and not is_layout_type(gmem_type.text):
            return      # a descriptor from outside the unit (a kernel parameter): its layout is not known
        metadata = op.operands[3] if len(op.operands) == 4 else None
        self.partition(op, kind, _PartitionInput(op.operands[1], gmem_type, op.operands[2], (1, 0, 2),
                                                 metadata, 3 if metadata is not None else None),
                       descriptor, (op, op), self.note(desc_value, "descriptor"))

    def partition_op(self, op: Operation) -> None:
        """`%part = tma_partition %atom, %smem_layout, %gmem_layout, %cta_v_map`: the walk on
        the layouts it names, with the atom's kind, descriptor and multicast attributes."""
        if len(op.operands) != 4:
            return
        atom_op = self.defining_op(op.operands[0])
        kind = NON_EXEC_KINDS.get(atom_op.name) if atom_op is not None else None
        descriptor = self.descriptor(atom_op.operands[0]) if kind is not None and atom_op.operands else None
        modes = tuple(op if name in op.attributes or kind is None else atom_op for name in ("load_mode", "num_multicast"))
        # A sparse tile's metadata is named by the atom (its fourth operand); the walk checks it there.
        metadata = atom_op.operands[3] if kind == "load" and len(atom_op.operands) == 4 else None
        self.partition(op, kind, _PartitionInput(op.operands[1], op.operands[2].type, op.operands[3], (1, 2, 3),
                                                 metadata),
                       descriptor, modes, self.note(op.operands[0], "atom"))

    def partition(self, op: Operation, kind: str | None, given: "_PartitionInput", descriptor: _Descriptor | None,
                  modes: tuple[Operation, Operation], note: tuple[Related, ...]) -> None:
        """The eleven steps; `modes` are the ops whose `load_mode` and `num_multicast` count."""
        smem_value, vmap_value, gmem_type = given.smem, given.vmap, given.gmem_type
        if not all(is_known(t) for t in (smem_value.type, gmem_type, vmap_value.type)):
            return
        smem_at, gmem_at, vmap_at = given.positions

        def at(*positions: int) -> Span:
            return self.operand_span(op, min(positions), max(positions))

        smem, gmem, vmap = layout_of(smem_value), layout_of(Value(gmem_type)), layout_of(vmap_value)
        smem_t, gmem_t, vmap_t = smem_value.type, gmem_type, vmap_value.type
        s2t = is_s2t_view(smem_value)
        metadata = layout_of(given.metadata) if given.metadata is not None else None

        # 1. Type gate: three CuTe types (the SMEM tile may be an SMEM-to-tmem descriptor view),
        # descriptor rank 1..5.
        ranks_ok = all(x is None or tensormap.rank_problem(rank(_plain(x))) is None for x in (smem, gmem))
        cute_types = all(t.text.startswith("!cute.") for t in (gmem_t, vmap_t)) and (
            smem_t.text.startswith("!cute.") or smem_t.text.startswith(_S2T_VIEW_TYPE))
        if not cute_types or not ranks_ok:
            return self.spec("tma.partition.invalid-operand-types", at(smem_at, gmem_at, vmap_at),
                             _and(smem_t, gmem_t, vmap_t), related=note)
        # 2. SMEM layout kind.
        if smem is None:
            return self.spec("tma.partition.invalid-smem-layout-type", at(smem_at), smem_t, related=note)
        # 3. GMEM layout kind: a plain layout.
        if not isinstance(gmem, Layout):
            return self.spec("tma.partition.unsupported-gmem-layout", at(gmem_at), gmem_t, related=note)
        # 4. Integer strides; non-unit GMEM strides on the 16-byte granule. A sparse tile's walk
        # covers its metadata layout too (a metadata operand that is no layout fails here).
        bits = descriptor.element_bits if descriptor is not None else None
        gmem_ok = all(_integer_stride(s) for s in _strides(gmem)) and (
            bits is None or all(not isinstance(s, int) or s == 1 or (s * bits) % (tensormap.STRIDE_GRANULE * 8) == 0
                                for s in _strides(gmem)))
        smem_ok = all(_integer_stride(s) for s in _strides(smem))
        if not (gmem_ok and smem_ok):
            return self.spec("tma.partition.non-integer-strides", at(gmem_at, smem_at),
                             _and(gmem_t, smem_t), related=note)
        if given.metadata_at is not None and is_known(given.metadata.type) and (
                metadata is None or not all(_integer_stride(s) for s in _strides(metadata))):
            return self.spec("tma.partition.non-integer-strides", at(given.metadata_at),
                             _and(gmem_t, smem_t, given.metadata.type), related=note)
        # 5. Swizzle layout.
        if not (isinstance(smem, ComposedLayout) and isinstance(smem.inner, Swizzle)):
            return self.spec("tma.partition.smem-not-swizzle", at(smem_at), smem_t, related=note)
        # 6. Static SMEM layout and CTA V-map.
        if not (is_static(smem) and vmap is not None and is_static(vmap)):
            return self.spec("tma.partition.non-static-layouts", at(smem_at, vmap_at),
                             _and(smem_t, vmap_t), related=note)
        # 7. Top-level shape equivalence.
        if not _top_level_equivalent(smem.outer, vmap):
            return self.spec("tma.partition.shape-mismatch", at(smem_at, vmap_at),
                             _and(smem_t, vmap_t), related=note)
        # 8. G-basis: the GMEM layout seen through the CTA V-map.
        g_basis = _g_basis(gmem, vmap)
        if g_basis is None:
            return self.spec("tma.partition.g-basis-failed", at(gmem_at, vmap_at),
                             _and(gmem_t, vmap_t), related=note)
        # 9. The TMA layout (its box): rank 1..5, contiguous first mode, box dims <= 256.
        box_modes = rank(g_basis)
        tma_layout = coalesce(g_basis, tuple([1] * box_modes) if box_modes > 1 else 1)
        if not _valid_tma_layout(tma_layout):
            return self.spec("tma.partition.invalid-tma-layout", at(gmem_at, vmap_at),
                             _layout_text(tma_layout), related=note)
        # 10. The TMA tensor type needs an element type TMA moves.
        if bits is not None and tensormap.element_bits_problem(bits) is not None:
            return self.spec("tma.partition.tensor-type-failed", self.name_span(op), related=note)
        # 11. Multicast count against the load mode (loads only).
        mode_op, count_op = modes
        num_multicast = integer(count_op, "num_multicast")
        load_mode = _enum_attr(mode_op, "load_mode", TMA_LOAD_MODE) or "no_multicast"
        if kind == "load":
            where = self.attribute_span(count_op, "num_multicast", whole=True)
            if load_mode in TMA_MULTICAST_LOAD_MODES and (num_multicast is None or num_multicast < 2):
                return self.spec("tma.partition.invalid-num-multicast", where, related=note)
            if load_mode in TMA_MULTICAST_LOAD_MODES and num_multicast > MAX_MULTICAST_CTAS:
                # The page's message for an invalid count, with why this one is: no mask reaches them.
                why = Related(where, f"a multicast load feeds at most {MAX_MULTICAST_CTAS} CTAs (its CTA mask has "
                                     f"{MAX_MULTICAST_CTAS} bits, one a CTA of the cluster), not {num_multicast}")
                return self.spec("tma.partition.invalid-num-multicast", where, related=(why,) + note)
            if load_mode not in TMA_MULTICAST_LOAD_MODES and num_multicast not in (None, 1):
                return self.spec("tma.partition.num-multicast-value", where, num_multicast, related=note)
            if load_mode in TMA_MULTICAST_LOAD_MODES and bits is not None:
                # Each CTA of the multicast group loads its share of the tile and sends it to all.
                tile = size(smem.outer) * bits // 8
                share = tile // num_multicast
                if share < MIN_MULTICAST_BYTES:
                    why = Related(where, f"each of the {num_multicast} CTAs loads {share} bytes of the "
                                         f"{tile}-byte tile; a multicast load needs at least {MIN_MULTICAST_BYTES} per CTA")
                    return self.spec("tileas.tma-desc.multicast-atom-too-small", where, related=(why,) + note)
            if load_mode in TMA_MULTICAST_LOAD_MODES and multicast_only_warns(self.target):
                self.own("verify.tma.multicast-arch", self.attribute_span(mode_op, "load_mode"), note,
                         severity=Severity.WARNING, target=self.target)
        # The box the atom moves must start with whole 16-byte granules, as the descriptor's must
        # (the TileAS page's "equivalent invariant" on the atom's side).
        leading = _leading_extent(tma_layout)
        if bits is not None and leading is not None and not tensormap.inner_box_whole(leading, bits):
            why = Related(at(gmem_at, vmap_at), f"the TMA box is {tma_layout}: its leading dimension "
                                                f"moves {leading} x {bits} = {leading * bits} bits")
            return self.spec("tileas.tma-desc.leading-box-dim-unaligned", at(gmem_at, vmap_at), related=(why,) + note)
        # The SMEM layout must be one a TMA descriptor can describe, and hold the box's rows.
        problem = tensormap.smem_swizzle_problem(smem.inner.bits, smem.inner.base, smem.inner.shift,
                                                 leading * bits // 8 if leading is not None and bits else None)
        if problem is not None:
            why = Related(at(smem_at), problem)
            return self.spec("tileas.tma-desc.smem-layout-incompatible", at(smem_at), related=(why,) + note)
        extra = (Flag.SPARSE if given.metadata is not None else Flag(0)) | (Flag.S2T_DESCRIPTOR if s2t else Flag(0))
        self.out.partitions[op] = self.result(mode_op, kind, descriptor, smem, vmap, gmem, tma_layout, load_mode,
                                              num_multicast or 1, extra)

    def result(self, op, kind, descriptor, smem, vmap, gmem, tma_layout, load_mode, num_multicast,
               extra: Flag = Flag(0)) -> TmaPartitionResult:
        store_mode = _enum_attr(op, "store_mode", TMA_STORE_MODE) or "tiled"
        flags = (Flag.STATIC_SMEM | Flag.STATIC_VMAP | Flag.GMEM_INT_STRIDE | Flag.SMEM_INT_STRIDE
                 | Flag.SHAPE_EQUIV | Flag.G_BASIS_OK | extra)
        if kind == "load" and load_mode in TMA_MULTICAST_LOAD_MODES:
            flags |= Flag.MULTICAST
        if kind == "load" and load_mode == "two_cta":
            flags |= Flag.TWO_CTA
        im2col = (descriptor is not None and descriptor.kind == "im2col") or (kind == "store" and store_mode != "tiled")
        if im2col:
            flags |= Flag.IM2COL
        if kind == "store" and store_mode == "im2col_w":
            flags |= Flag.IM2COL_W
        if kind == "store" and store_mode == "im2col_w128":
            flags |= Flag.IM2COL_W128
        if is_static(gmem):
            flags |= Flag.PREFETCH_ELIGIBLE
        bits = smem.inner.bits
        swizzle_mode = 0 if bits == 0 else 2 if bits == 3 else 3
        element = f"i{descriptor.element_bits}" if descriptor is not None and descriptor.element_bits else "?"
        tensor_type = f"!cute_nvgpu.tma_{kind or 'copy'}<{element}, {tma_layout}>"
        return TmaPartitionResult(tensor_type, size(smem.outer) * num_multicast, flags, swizzle_mode,
                                  rank(gmem), op, tma_layout,
                                  descriptor.element_bits if descriptor is not None else None, num_multicast)

    # ------------------------------------------------------------ binding and transfers
    def reduce_kind(self, op: Operation) -> None:
        """A TMA reduction combines its elements only in ways the hardware has."""
        found = reduction(op)
        if found is None or found.allowed:
            return
        at = self.attribute_span(op, found.attribute)
        # A TileAS atomic defines no atom: its first result is the pre-image.
        own = () if op.name in (TILED_ATOMIC_RMW, ASYNC_ATOMIC) else self.own_note(op)
        if found.legal:
            why = Related(at, "the kinds the PTX ISA gives these elements in cp.reduce.async.bulk.tensor, whose "
                              "element type is its tensor map's")
            self.own("verify.tma.reduce-kind", at, (why,) + own, elements=found.elements,
                     legal=_listing(list(found.spelled_legal)), kind=found.kind)
        else:
            self.own("verify.tma.reduce-type", at, own, elements=found.elements)

    def make_exec(self, op: Operation) -> None:
        if op.operands and op.results:
            self.multicast_return(op)
            self.cta_count_return(op)
            self.exec_box(op)
        if len(op.operands) < 2:
            return
        atom, mbarrier = op.operands[0], op.operands[1]
        note = self.note(atom, "atom")
        producer = self.defining_op(atom)
        if producer is not None and producer.name not in NON_EXEC_KINDS:
            self.own("verify.tma.exec-atom", self.operand_span(op, 0), self.note(atom, "operand"), op=producer.name)
        # A value no op defines (an argument) is judged by its type: `verify_exec_operand_types`.
        if is_known(mbarrier.type) and memory_space(mbarrier.type) not in (None, "shared"):
            self.own("verify.tma.mbarrier-memory", self.operand_span(op, 1), note, type=mbarrier.type)

    def multicast_return(self, op: Operation) -> None:
        """The DSL's `make_exec_tma` of a multicasting non-exec atom (its kind says
        `multicast`) must return an exec atom that multicasts (`mcast = true`)."""
        atom_type, result_type = op.operands[0].type, op.results[0].type
        kind = _NON_EXEC_KIND.match(atom_type.text)
        if kind is None or "multicast" not in kind.group(1) or not result_type.text.startswith(_EXEC_LOAD_TYPE):
            return
        if _MCAST.search(result_type.text) is None:
            why = Related(self.name_span(op), f"the atom's kind `{kind.group(1)}` multicasts; the exec atom "
                                              f"type must say `mcast = true`, got {result_type}")
            self.spec("tileas.tma-desc.multicast-return-type", self.name_span(op), atom_type,
                      related=(why,) + self.note(op.operands[0], "atom"))

    def cta_count_return(self, op: Operation) -> None:
        """The DSL's `make_exec_tma` keeps the CTAs its non-exec load atom loads for: a CTA
        pair's kinds (`sm_100_2sm`, `sm_100_2sm_multicast`) return `num_cta = 2`, the one-CTA
        kinds (`sm_90`, `sm_90_multicast`) an atom of one CTA. The executable atom's `num_cta`
        is what the lowering reads (`.cta_group::2`), and what the target's gate is read from."""
        atom_type, result_type = op.operands[0].type, op.results[0].type
        kind = _NON_EXEC_KIND.match(atom_type.text)
        if kind is None or not result_type.text.startswith(_EXEC_LOAD_TYPE):
            return
        written = _NUM_CTA.search(result_type.text)
        got = int(written.group(1)) if written is not None else 1
        want = _KIND_CTAS.get(kind.group(1))
        if want is None or got == want:
            return
        self.own("verify.tma.exec-cta-count", self.name_span(op), self.note(op.operands[0], "atom"),
                 kind=kind.group(1), want=_CTAS_TEXT[want],
                 got=f"`num_cta = {got}`" if written is not None else "no `num_cta` (one CTA)")

    def exec_box(self, op: Operation) -> None:
        """The DSL's `make_exec_tma` keeps the non-exec atom's box: the copy atom it returns
        names the same TMA G-basis (`tma_gbasis`), whose shape is the box."""
        found = [_GBASIS.search(t.text) for t in (op.operands[0].type, op.results[0].type)]
        if None in found:
            return
        layouts = [parse_layout(m.group(1)) for m in found]
        if not all(r.ok for r in layouts):
            return
        boxes = [flatten(r.value.shape) if isinstance(r.value, Layout) else None for r in layouts]
        if None in boxes or boxes[0] == boxes[1]:
            return
        why = Related(self.name_span(op), f"the non-exec atom's box is {found[0].group(1)}; the copy atom's "
                                          f"{found[1].group(1)}")
        self.spec("tileas.tma-desc.copy-atom-box-dim-mismatch", self.name_span(op),
                  related=(why,) + self.note(op.operands[0], "atom"))

    def transfer(self, op: Operation, kind: str) -> None:
        if len(op.operands) < 3:
            return
        exec_atom, tile, coord = op.operands[:3]
        note = self.note(exec_atom, "atom")
        bound = self.bound_kind(exec_atom)
        if bound is not None and bound[0] != kind:
            atom_op = bound[1]
            why = Related(self.operand_span(op, 0), f"the executable atom binds a TMA {bound[0]} atom "
                                                     f"(`{atom_op.name}`); `{op.name}` applies a {kind} atom")
            self.spec(_EXPECTED_ATOM[kind], self.operand_span(op, 0), related=(why,) + self.note(atom_op.results[0], "atom"))
        if is_known(tile.type) and memory_space(tile.type) not in (None, "shared"):
            role = "destination" if kind == "load" else "source"
            self.own("verify.tma.smem-operand", self.operand_span(op, 1), note, role=role, kind=kind, type=tile.type)
        want, im2col = self.descriptor_rank(exec_atom)
        got = _coord_rank(coord.type)
        if want is None or got is None:
            return
        if im2col and kind == "load":
            # An im2col load's coordinate holds the tensor's coordinates, then its offsets.
            offsets = tensormap.im2col_offsets(want)
            if got != want + offsets:
                self.own("verify.tma.coord-rank-im2col", self.operand_span(op, 2), note, got=got, want=want + offsets,
                         rank=want, offsets=offsets)
        elif want != got:
            self.own("verify.tma.coord-rank", self.operand_span(op, 2), note, got=got, want=want)

    def bound_kind(self, exec_atom: Value) -> tuple[str, Operation] | None:
        """The transfer (load, store, reduce) of the non-exec atom `make_exec_tma` bound into
        `exec_atom`, with that atom's op; None when the unit does not show it."""
        binder = self.defining_op(exec_atom)
        atom_op = self.defining_op(binder.operands[0]) if binder is not None and binder.name == MAKE_EXEC and binder.operands else None
        if atom_op is None or atom_op.name not in NON_EXEC_KINDS or not atom_op.results:
            return None
        return NON_EXEC_KINDS[atom_op.name], atom_op

    def descriptor_rank(self, exec_atom: Value) -> tuple[int | None, bool]:
        """The rank of the descriptor the executable atom's non-exec atom was built on, and
        whether it is an im2col descriptor (None, False when the unit does not say)."""
        binder = self.defining_op(exec_atom)
        atom_op = self.defining_op(binder.operands[0]) if binder is not None and binder.name == MAKE_EXEC and binder.operands else None
        if atom_op is None or atom_op.name not in NON_EXEC_KINDS or not atom_op.operands:
            return None, False
        descriptor = self.descriptor(atom_op.operands[0])
        layout = layout_of(Value(descriptor.layout_type)) if descriptor is not None else None
        return (rank(layout) if isinstance(layout, Layout) else None), descriptor is not None and descriptor.kind == "im2col"

    def update(self, op: Operation) -> None:
        field_attr = attribute(op, "field")
        if field_attr is None:
            return
        name = field_attr.text.strip('"')
        axis = integer(op, "axis")
        leading_stride = name == "global_stride" and axis == 0
        if name not in _MUTABLE_FIELDS or leading_stride:
            where = self.attribute_span(op, "axis" if leading_stride else "field")
            self.spec("tma.descriptor.field-not-mutable", where,
                      related=self.note(op.operands[0] if op.operands else None, "descriptor"))


def partition_of(verification: TmaVerification, op: Operation) -> TmaPartitionResult | None:
    """The partition result of a non-exec atom or a `tma_partition` op (then its own walk's)."""
    return verification.partitions.get(op)


# ---------------------------------------------------------------------------- layout predicates
def _plain(layout: Layout | ComposedLayout) -> Layout:
    return layout.outer if isinstance(layout, ComposedLayout) else layout


def _integer_stride(stride: object) -> bool:
    return isinstance(stride, int) or is_dynamic(stride) and not isinstance(stride, ScaledBasis)


def _top_level_equivalent(smem: Layout, vmap: Layout | ComposedLayout) -> bool:
    vmap = _plain(vmap)
    if rank(smem) != rank(vmap):
        return False
    smem_modes = smem.shape if isinstance(smem.shape, tuple) else (smem.shape,)
    vmap_modes = vmap.shape if isinstance(vmap.shape, tuple) else (vmap.shape,)
    return all(size(a) == size(b) for a, b in zip(smem_modes, vmap_modes))


def _g_basis(gmem: Layout, vmap: Layout | ComposedLayout) -> Layout | None:
    """The CTA V-map seen in GMEM coordinates: `gmem o vmap` when the GMEM layout is static
    (None when the V-map reaches past the GMEM tensor); with a dynamic GMEM layout the V-map
    itself, if it has no more modes than the GMEM layout."""
    if not isinstance(vmap, Layout):
        return None
    if not is_static(gmem):
        return vmap if rank(vmap) <= rank(gmem) else None
    if (cosize(vmap) or 0) > (size(gmem) or 0):
        return None
    return composition(gmem, vmap)


def _valid_tma_layout(layout: Layout) -> bool:
    shapes, strides = _shapes(layout), _strides(layout)
    if tensormap.rank_problem(len(shapes)) is not None or strides[0] not in (1, 0):
        return False
    return all(not isinstance(s, int) or tensormap.box_dim_problem(0, s) is None for s in shapes)


def _coord_rank(type_: Type) -> int | None:
    """Rank of a coordinate typed `!cute.coord<"(a,b)">` / `!cute.int_tuple<...>` or `vector<Nxi32>`."""
    match = re.match(r'^!cute\.(coord|int_tuple)<"?\((.*)\)"?>$', type_.text)
    if match:
        return len(top_level_parameters(match.group(2)))
    match = re.match(r"^vector<(\d+)x", type_.text)
    return int(match.group(1)) if match else None


# ---------------------------------------------------------------------------- operand groups
_GROUP_KEYWORD = re.compile(r"(\w+)\s*\(\s*$")


def group_starts(groups: dict[str, list]) -> dict[str, int]:
    """Where each of `operand_groups`' groups starts among the op's operands (a value used in
    two groups is found by position, not by identity)."""
    starts, at = {}, 0
    for name, values in groups.items():
        starts[name], at = at, at + len(values)
    return starts


def operand_groups(op: Operation) -> dict[str, list]:
    """An op's operands by its record's groups: from `operandSegmentSizes` in the generic
    form, or in the custom form from the keyword written before each group (`shapes(...)`)."""
    from ..dialects.registry import record
    spec = record(op.name)
    if spec is None:
        return {}
    names = [g.name for g in spec.operands]
    groups: dict[str, list] = {name: [] for name in names}
    operands = op.operands
    segments = op.properties.get("operandSegmentSizes") or op.attributes.get("operandSegmentSizes")
    if segments is not None:
        sizes = [int(n) for n in re.findall(r"-?\d+", segments.text.split(":", 1)[-1])]
        at = 0
        for name, count in zip(names, sizes):
            groups[name] = operands[at:at + count]
            at += count
        return groups
    if op.assembly is None:
        for name, value in zip(names, operands):
            groups[name].append(value)
        return groups
    singles = iter(g.name for g in spec.operands if g.count.value == "single")
    current: str | None = None
    text = ""
    for piece in op.assembly.pieces:
        if isinstance(piece, str):
            text += piece
            keyword = _GROUP_KEYWORD.search(text)
            if keyword is not None and keyword.group(1) in groups:
                current = keyword.group(1)
            elif ")" in piece:
                current = None
            continue
        if piece.kind != "operand" or piece.index >= len(operands):
            continue
        name = current if current is not None else next(singles, None)
        if name is not None:
            groups[name].append(operands[piece.index])
        text = ""
    return groups
