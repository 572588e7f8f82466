"""Op records of the TMA atom family in the spec's spelling (tma-atoms page).

The page names the ops (its family table, the partition op, the descriptor builder of its
worked example) and shows one custom form per op in that example; everything else here is
this project's choice, written MLIR-style: operands in the order the page's pseudo-code takes
them, attributes in a trailing `{...}`, enum attributes as `#cute_nvgpu.<enum><case>`
(`dialects/cute_nvgpu/enums.py`), and the descriptor builder's operand groups introduced by
the keywords its worked example writes (`shapes(...) strides(...) paddings(...)`), which is
how its `operandSegmentSizes` is read from the custom form. docs/ops.md prints each record
with what the page fixes and what was chosen.
"""
from __future__ import annotations

from ..ods import AttrDef, OpDef, Trait, single, optional, variadic

PAGE = "tma-atoms"

DESCRIPTOR_BUILDER = "nv_tileas.make_tiled_tma_desc"
NON_EXEC_LOAD = "cute_nvgpu.atom.non_exec_tiled_tma_load"
NON_EXEC_STORE = "cute_nvgpu.atom.non_exec_tiled_tma_store"
NON_EXEC_REDUCE = "cute_nvgpu.atom.non_exec_tiled_tma_reduce"
# The CuTe DSL's builder of a non-exec TMA reduce atom (its ops are dialects/cute_nvgpu/ops.py's).
DSL_MAKE_REDUCE = "cute_nvgpu.atom.make_non_exec_tiled_tma_reduce"
MAKE_EXEC = "cute_nvgpu.atom.make_exec_tma"
TMA_LOAD = "cute_nvgpu.atom.tma_load"
TMA_STORE = "cute_nvgpu.atom.tma_store"
TMA_REDUCE = "cute_nvgpu.atom.tma_reduce"
PARTITION = "cute_nvgpu.atom.tma_partition"
PREFETCH = "cute_nvgpu.prefetch_tma_desc"
UPDATE_DESCRIPTOR = "cute_nvgpu.update_tma_desc"

# The non-exec atoms and the transfer each describes.
NON_EXEC_KINDS = {NON_EXEC_LOAD: "load", NON_EXEC_STORE: "store", NON_EXEC_REDUCE: "reduce"}
# The executable ops and the transfer each performs.
EXEC_KINDS = {TMA_LOAD: "load", TMA_STORE: "store", TMA_REDUCE: "reduce"}

_PARTITION_OPERANDS = (
    single("descriptor", "!cute_nvgpu.tma_descriptor_tiled | !cute_nvgpu.tma_descriptor_im2col | !cute.layout",
           "the TMA descriptor (its GMEM layout is the builder's layout operand)"),
    single("smem_layout", "!cute.layout | !cute.composed_layout | !cute_nvgpu.smem_desc_view",
           "the SMEM tile layout (a swizzle layout); a `get_copy_s2t_smem_desc_view` result stands for the tile it "
           "views (flags bit 12)"),
    single("cta_v_map", "!cute.layout", "the CTA value map"),
)
_NUM_MULTICAST = AttrDef("num_multicast", "positive integer", required=False, default="1",
                         doc="CTAs the tile is delivered to; 1 unless the load mode multicasts")


# A load of a structurally sparse tile (a sparse MMA's A) names the layout of its metadata; the
# page's flags word then says `sparse` (bit 5: "metadata operand present"), and the partition's
# integer-stride walk covers the metadata layout too. The page names the operand, not its
# spelling: cute-ir writes it as an optional fourth operand.
_METADATA = optional("metadata", "!cute.layout", "the metadata layout of a structurally sparse tile")


def _non_exec(name: str, kind: str, mode: AttrDef) -> OpDef:
    attrs = (mode, _NUM_MULTICAST) if kind == "load" else (mode,)
    operands = _PARTITION_OPERANDS + ((_METADATA,) if kind == "load" else ())
    metadata = " [, %metadata]" if kind == "load" else ""
    return OpDef(name, f"Describe a tiled TMA {kind} before execution binding; the partition verifier runs on it.",
                 operands=operands, results=(single("atom", "non-exec TMA atom"),),
                 attributes=attrs,
                 syntax=f"%atom = {name} %desc, %smem_layout, %cta_v_map{metadata} {{{', '.join(a.name + ' = ...' for a in attrs)}}}",
                 example=f"%atom = {name} %desc, %tile, %cta_map" + (" {num_multicast = 1}" if kind == "load" else ""),
                 source=PAGE)


def _exec(name: str, kind: str) -> OpDef:
    place = "destination" if kind == "load" else "source"
    attrs = (AttrDef("allow_tma", "bool", required=False, doc="lowering may use TMA"),
             AttrDef("inBounds", "bool", required=False, doc="the box is known to be in bounds"))
    if kind == "reduce":
        attrs += (AttrDef("kind", "#cute_nvgpu.reduce_kind<...> | #cute_nvgpu.tma_reduce_kind<...>", required=False,
                          doc="the reduction, when the non-exec atom does not fix it"),)
    return OpDef(name, f"Execute an asynchronous TMA tensor {kind}.",
                 operands=(single("exec_atom", "executable TMA atom"),
                           single("smem", "shared-memory tile", f"the {place} (shared memory)"),
                           single("coord", "coordinate", "the tile coordinate (rank = descriptor rank)")),
                 attributes=attrs,
                 syntax=f"{name} %exec, %smem_tile, %coord {{allow_tma = true, inBounds = true}}",
                 example=f"{name} %exec, %smem_tile, %coord {{allow_tma = true, inBounds = true}}",
                 source=PAGE)


TMA_OPS: tuple[OpDef, ...] = (
    OpDef(DESCRIPTOR_BUILDER, "Build a TMA descriptor from a global tensor, its layout, dynamic shapes, strides and paddings.",
          operands=(single("tensor", "global-memory tensor"),
                    single("layout", "!cute.layout | !cute.composed_layout",
                           "the box over the tensor's strides; composed with a swizzle TMA has, the box as it lands in shared memory"),
                    variadic("shapes", "index"), variadic("strides", "index"), variadic("paddings", "any type")),
          results=(single("descriptor", "!cute_nvgpu.tma_descriptor_tiled | !cute_nvgpu.tma_descriptor_im2col"),),
          attributes=(AttrDef("mode", "#cute_nvgpu.tma_load_mode<...> | #cute_nvgpu.tma_store_mode<...>", required=False,
                              doc="a load descriptor's mode is one of tiled, im2col, im2col_at, tiled_at, gather4; "
                                  "a store descriptor's one of store, reduce, scatter4"),
                      AttrDef("elementBitWidth", "integer", doc="bits per element"),
                      AttrDef("elementStrides", "array<i64: ...>", required=False, default="all 1",
                              doc="the traversal stride per dimension; only 1 is supported"),
                      AttrDef("tmaIdx", "i32", required=False,
                              doc="in a TileAS kernel, the descriptor's index among its side's (host or device) "
                                  "descriptors: which appended kernel argument it becomes"),
                      AttrDef("tma_internal_type", "type", required=False,
                              doc="the element type the descriptor moves when TMA has no data type for the tensor's "
                                  "(8-bit floats move as i8)"),
                      AttrDef("operandSegmentSizes", "array<i32: 1, 1, S, T, P>", required=False, property=True,
                              doc="generic form only; the custom form's keywords delimit the groups")),
          traits=frozenset({Trait.ATTR_SIZED_OPERAND_SEGMENTS}),
          syntax="%desc = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%s...) strides(%t...) paddings(%p...) "
                 "{mode = ..., elementBitWidth = N} : !cute_nvgpu.tma_descriptor_tiled",
          example="%desc = nv_tileas.make_tiled_tma_desc %tensor, %layout shapes(%m, %n, %k) strides(%sn, %sk) paddings() "
                  "{mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled",
          source=PAGE),
    _non_exec(NON_EXEC_LOAD, "load", AttrDef("load_mode", "#cute_nvgpu.load_mode<...>", required=False,
                                             default="no_multicast", doc="TmaLoadMode")),
    _non_exec(NON_EXEC_STORE, "store", AttrDef("store_mode", "#cute_nvgpu.store_mode<...>", required=False,
                                               default="tiled", doc="TmaStoreMode")),
    _non_exec(NON_EXEC_REDUCE, "reduce", AttrDef("reduce_kind", "#cute_nvgpu.reduce_kind<...>", required=False,
                                                 default="add", doc="TmaReduceKind")),
    OpDef(PARTITION, "Partition a TMA atom's tile over the SMEM layout, GMEM layout and CTA V-map it names; "
          "the partition verifier runs here as on the non-exec atoms.",
          operands=(single("atom", "non-exec TMA atom"), single("smem_layout", "!cute.layout | !cute.composed_layout"),
                    single("gmem_layout", "!cute.layout"), single("cta_v_map", "!cute.layout")),
          # The CuTe DSL's form returns two results (the SMEM and the target tensors) where the
          # spec's returns the partition.
          results=(variadic("results", "the TMA partition; in the CuTe DSL's form, the SMEM and target tensors"),),
          attributes=(AttrDef("load_mode", "#cute_nvgpu.load_mode<...>", required=False, doc="overrides the atom's"),
                      AttrDef("num_multicast", "positive integer", required=False, doc="overrides the atom's")),
          syntax=f"%part = {PARTITION} %atom, %smem_layout, %gmem_layout, %cta_v_map [{{load_mode = ..., num_multicast = N}}]",
          example=f"%part = {PARTITION} %atom, %smem_layout, %gmem_layout, %cta_v_map", source=PAGE),
    OpDef(MAKE_EXEC, "Bind a non-exec TMA atom to an mbarrier, an optional multicast mask and a cache mode.",
          operands=(single("atom", "non-exec TMA atom"), single("mbarrier", "memref in shared memory", "the mbarrier the transfer completes on"),
                    optional("multicast_mask", "i16", "the CTAs of a multicast load")),
          results=(single("exec_atom", "executable TMA atom"),),
          attributes=(AttrDef("cache_mode", "#cute_nvgpu.load_cache_mode<...>", required=False, doc="the L2 policy the transfer passes with `.L2::cache_hint`: always / global (ca / cg) evict normally, streaming / last_use (cs / lu) evict first, none passes no hint; without it, the normal policy"),),
          syntax=f"%exec = {MAKE_EXEC} %atom, %mbar [, %mask] {{cache_mode = #cute_nvgpu.load_cache_mode<...>}}",
          example=f"%exec = {MAKE_EXEC} %atom, %mbar {{cache_mode = #cute_nvgpu.load_cache_mode<cg>}}",
          source=PAGE),
    _exec(TMA_LOAD, "load"),
    _exec(TMA_STORE, "store"),
    _exec(TMA_REDUCE, "reduce"),
    OpDef(PREFETCH, "Prefetch TMA descriptor state before a transfer.",
          operands=(single("descriptor", "TMA descriptor"),),
          syntax=f"{PREFETCH} %desc", example=f"{PREFETCH} %desc", source=PAGE),
    OpDef(UPDATE_DESCRIPTOR, "Device-side descriptor mutation: base address, one dimension's extent or one non-leading stride.",
          operands=(single("descriptor", "TMA descriptor (in memory)"), single("value", "i64 | i32")),
          attributes=(AttrDef("field", "global_address | global_dim | global_stride",
                              doc="the tensormap.replace.tile field; anything else is not device-mutable"),
                      AttrDef("axis", "integer", required=False, doc="the dimension (global_dim, global_stride)")),
          syntax=f"{UPDATE_DESCRIPTOR} %desc, %value {{field = \"global_dim\", axis = 1}}",
          example=f"{UPDATE_DESCRIPTOR} %desc, %ptr {{field = \"global_address\"}}",
          source=PAGE),
)
