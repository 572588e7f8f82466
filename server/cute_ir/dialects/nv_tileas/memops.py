"""Op records and enums of TileAS's token-ordered memops (tileas-tma-and-memops page).

The page names the three ops, their operand segments (view, coords, offsets, token, in that
order, read through `operandSegmentSizes`), their results (load: a tile and a token; store: a
token; atomic_rmw: the pre-image tile and a token), the attributes its messages quote
(`mem_semantic` / `mem_scope` for load and store, `memSemantic` / `memScope` for atomic_rmw,
`in_bounds`, `paddingValue`, `rmw_mode`, `tileSize`) and the enums' cases. It shows no textual
form; this project writes them MLIR-style, like the TMA descriptor builder of the page's worked
example: the tile value first (store and atomic_rmw), then the view, then each operand group
behind its keyword (`coords(...) offsets(...) token(...)`), which is how the custom form gives
the segments; enum attributes as `#nv_tileas.<enum><case>`; `tileSize`, `in_bounds` as dense
arrays. The generic form with `operandSegmentSizes` is always accepted. docs/ops.md prints each
record with an example.

The page does not say what `offsets` holds. Here they are row offsets, the page's "gather /
scatter ... non-contiguous tensor access patterns": a load or store with offsets moves the
tile's row r from / to the row coordinate plus offset r, which is what TMA's gather4 /
scatter4 do for four rows of a 2-d tensor.
"""
from __future__ import annotations

from ..ods import AttrDef, OpDef, Trait, single, optional, variadic

PAGE = "tileas-tma-and-memops"
DIALECT = "nv_tileas"

TILED_LOAD = "nv_tileas.tiled_load"
TILED_STORE = "nv_tileas.tiled_store"
TILED_ATOMIC_RMW = "nv_tileas.tiled_atomic_rmw"
MEM_TOKEN = "!nv_tileaa.mem_token"

# Enum mnemonic -> cases, in the page's order.
MEM_SEMANTIC = "mem_semantic"
MEM_SCOPE = "mem_scope"
RMW_MODE = "rmw_mode"
PADDING = "padding"
COPY_ATOM = "copy_atom"
ENUMS: dict[str, tuple[str, ...]] = {
    MEM_SEMANTIC: ("weak", "relaxed", "acquire", "release", "acq_rel"),
    MEM_SCOPE: ("cta", "cluster", "gpu", "sys"),
    # The page names add (int and float), max, min, fadd and xchg; the rest are the usual
    # atomic read-modify-write kinds.
    RMW_MODE: ("add", "fadd", "max", "min", "umax", "umin", "and", "or", "xor", "xchg"),
    PADDING: ("zero", "nan", "pos_inf", "neg_inf", "neg_zero"),
    # The copy atom an op uses, as the page's allow-list messages spell the kinds
    # (async_tma.py: which op takes which).
    COPY_ATOM: ("ldg", "stg", "ldgsts", "tma_load", "tma_store", "tma_redg", "unknown_copy"),
}
# Padding values only a float-like element type can hold.
SPECIAL_PADDINGS = frozenset({"nan", "pos_inf", "neg_inf", "neg_zero"})

# Per op: the operand index of the first segment (the view) and the attribute spellings.
# load and store spell the memory attributes in snake_case, atomic_rmw in camelCase (the
# page's messages do).
SEMANTIC_ATTRIBUTE = {TILED_LOAD: "mem_semantic", TILED_STORE: "mem_semantic", TILED_ATOMIC_RMW: "memSemantic"}
SCOPE_ATTRIBUTE = {TILED_LOAD: "mem_scope", TILED_STORE: "mem_scope", TILED_ATOMIC_RMW: "memScope"}

_SEGMENTS = (
    single("view", "memref | !cute_nvgpu.tma_descriptor_tiled | !cute_nvgpu.tma_descriptor_im2col",
           "the global tensor the tile is read from or written to; a TMA descriptor the function builds "
           "(`make_tiled_tma_desc`) is a view backed by it, which the TMA lowering binds as it is"),
    variadic("coords", "index", "the tile's coordinates, one per view dimension (through a TMA-backed view: "
                                "one per dimension of its tensor, then a load's im2col offsets)"),
    variadic("offsets", "index", "row offsets: given, the op gathers (load) or scatters (store) rows, "
                                 "the tile's row r at the row coordinate plus offset r"),
    optional("token", MEM_TOKEN, "the token this op is ordered after"),
)


def _attributes(op: str) -> tuple[AttrDef, ...]:
    semantic, scope = SEMANTIC_ATTRIBUTE[op], SCOPE_ATTRIBUTE[op]
    attrs = (
        AttrDef("tileSize", "array<i64: ...>", doc="the tile's shape: positive powers of two, below 2^24 elements"),
        AttrDef(semantic, "#nv_tileas.mem_semantic<...>", required=False, default="weak",
                doc="weak, relaxed, acquire, release or acq_rel"),
        AttrDef(scope, "#nv_tileas.mem_scope<...>", required=False,
                doc="cta, cluster, gpu or sys; required unless the semantic is weak"),
        AttrDef("in_bounds", "array<i1: ...>", required=False, doc="one flag per tile dimension"),
    )
    if op == TILED_STORE:
        attrs += (AttrDef("paddingValue", "#nv_tileas.padding<...>", required=False,
                          doc="zero, nan, pos_inf, neg_inf or neg_zero"),)
    if op == TILED_LOAD:
        attrs += (AttrDef("paddingValue", "#nv_tileas.padding<...>", required=False, default="zero",
                          doc="what out-of-bounds elements read as; a TMA load fills zero only"),)
    if op == TILED_ATOMIC_RMW:
        attrs += (AttrDef("rmw_mode", "#nv_tileas.rmw_mode<...>", doc="the read-modify-write kind"),)
    attrs += (AttrDef("allow_tma", "bool", required=False, default="false",
                      doc="lower-tma-load-store-to-async may make this a TMA transfer"),
              AttrDef(COPY_ATOM, "#nv_tileas.copy_atom<...>", required=False,
                      doc=("`tma_redg` makes it a TMA reduction (its pre-image must be unused)"
                           if op == TILED_ATOMIC_RMW else
                           "the copy atom AssignLoadStoreLayouts chose (see the async TMA ops)")),)
    return attrs + (AttrDef("operandSegmentSizes", "array<i32: 1, C, O, T>", required=False, property=True,
                            doc="generic form only; the custom form's keywords delimit the groups"),)


_EXAMPLE_TAIL = ("coords(%i, %j) offsets() token(%t) {{tileSize = array<i64: 64, 64>, "
                 "{semantic} = #nv_tileas.mem_semantic<relaxed>, {scope} = #nv_tileas.mem_scope<gpu>{extra}}} "
                 ": memref<128x128xf16, 1>{result}")


def _example(op: str, results: str, value: str, extra: str, result_types: str) -> str:
    tail = _EXAMPLE_TAIL.format(semantic=SEMANTIC_ATTRIBUTE[op], scope=SCOPE_ATTRIBUTE[op], extra=extra,
                                result=result_types)
    return f"{results}{op} {value}%view {tail}"


MEMOPS: tuple[OpDef, ...] = (
    OpDef(TILED_LOAD, "Read a tile from a global view, ordered after a memory token; returns the tile and a new token.",
          operands=_SEGMENTS, results=(single("tile", "tensor"), optional("out_token", MEM_TOKEN)),
          attributes=_attributes(TILED_LOAD), traits=frozenset({Trait.ATTR_SIZED_OPERAND_SEGMENTS}),
          syntax=f"%tile, %tok = {TILED_LOAD} %view coords(...) offsets(...) token(%t) {{tileSize = ..., ...}} "
                 f": <view type> -> <tile type>, {MEM_TOKEN}",
          example=_example(TILED_LOAD, "%loaded, %tok = ", "", "",
                           f" -> tensor<64x64xf16>, {MEM_TOKEN}"),
          source=PAGE),
    OpDef(TILED_STORE, "Write a tile to a global view, ordered after a memory token; returns a new token.",
          operands=(single("value", "tensor", "the tile written"),) + _SEGMENTS,
          results=(optional("out_token", MEM_TOKEN),),
          attributes=_attributes(TILED_STORE), traits=frozenset({Trait.ATTR_SIZED_OPERAND_SEGMENTS}),
          syntax=f"%tok = {TILED_STORE} %tile, %view coords(...) offsets(...) token(%t) {{tileSize = ..., ...}} "
                 f": <view type> -> {MEM_TOKEN}",
          example=_example(TILED_STORE, "%tok = ", "%tile, ", "", f" -> {MEM_TOKEN}"),
          source=PAGE),
    OpDef(TILED_ATOMIC_RMW, "Atomically combine a tile into a global view; returns the pre-image tile and a new token.",
          operands=(single("value", "tensor", "the tile combined in"),) + _SEGMENTS,
          results=(single("pre_image", "tensor"), optional("out_token", MEM_TOKEN)),
          attributes=_attributes(TILED_ATOMIC_RMW), traits=frozenset({Trait.ATTR_SIZED_OPERAND_SEGMENTS}),
          syntax=f"%old, %tok = {TILED_ATOMIC_RMW} %tile, %view coords(...) offsets(...) token(%t) "
                 f"{{rmw_mode = ..., tileSize = ..., ...}} : <view type> -> <tile type>, {MEM_TOKEN}",
          example=_example(TILED_ATOMIC_RMW, "%old, %tok = ", "%tile, ", ", rmw_mode = #nv_tileas.rmw_mode<add>",
                           f" -> tensor<64x64xf16>, {MEM_TOKEN}"),
          source=PAGE),
)
MEMOP_NAMES = frozenset(op.name for op in MEMOPS)
