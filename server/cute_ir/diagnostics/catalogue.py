"""Every user-visible diagnostic string the specification quotes, in one place.

The spec pages state that their quoted diagnostics are a byte-for-byte contract: test suites
match them as whole strings. Keeping them here (and only here) means a stage never spells a
message inline, a typo in the original ("suppourt", "supportedbecause", "D:{2}") is preserved
on purpose rather than "fixed" by whoever writes the verifier, and the tests can check each
row against the page it came from.

Each row is a `Message`:

* ``kind == "template"``: positional ``{0}`` placeholders, rendered with ``str.format``.
  Placeholders written differently on the page (``<mnem>``, ``<N>``) are turned into ``{n}``
  so that one rendering rule covers all of them.
* ``kind == "prefix"``: the page shows a fragment that the emitter follows with streamed
  values (printed types, layouts, counts); ``render`` appends its arguments.
* ``kind == "exact"``: the whole message; ``render`` takes no arguments. A few exact rows are
  *tail* fragments (they begin with a space) that the emitter streams after other text.

Where the original builds one message from two separately stored fragments, each fragment is
its own row, and a composed ``template`` row lists them in ``parts`` so a caller can emit the
whole message in one call. The tests check that a composed row is exactly its parts with
placeholders in between.

The two ``[TileIR Callback]`` printf strings are runtime format strings, not diagnostics, so
they live in `CALLBACK_FORMATS` instead of `CATALOGUE`.
"""
from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Iterable, Literal

from .diagnostic import Diagnostic, Related, Severity, Source, Span

Kind = Literal["template", "prefix", "exact"]

# Stems of the spec page files (shared/spec/<stem>.txt); `Message.page` and `also_on` use them.
ASM_PAGE = "asm-printer-and-type-mnemonics"
MMA_PAGE = "mma-atoms-sm70-sm120"
REGISTRY_PAGE = "sm-tier-roster-and-copy-atom-registry"
TMA_PAGE = "tma-atoms"
TILEAS_PAGE = "tileas-tma-and-memops"
PAGES = (ASM_PAGE, MMA_PAGE, REGISTRY_PAGE, TMA_PAGE, TILEAS_PAGE)

_FORMATTER = string.Formatter()


def placeholder_count(template: str) -> int:
    """Number of ``{n}`` fields in a str.format template (0 for a plain string)."""
    return sum(1 for _, name, _, _ in _FORMATTER.parse(template) if name is not None)


def literal_fragments(template: str) -> list[str]:
    """The literal text between the placeholders of a str.format template, unescaped."""
    return [literal for literal, _, _, _ in _FORMATTER.parse(template)]


@dataclass(frozen=True)
class Message:
    code: str
    page: str
    template: str
    source: Source
    kind: Kind
    also_on: tuple[str, ...] = field(default=())
    # For composed rows: codes of the fragment rows this message is stitched from, in order.
    parts: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.page not in PAGES or any(p not in PAGES for p in self.also_on):
            raise ValueError(f"{self.code}: unknown spec page")
        if self.kind not in ("template", "prefix", "exact"):
            raise ValueError(f"{self.code}: unknown kind {self.kind!r}")
        if (self.kind == "template") != (placeholder_count(self.template) > 0):
            raise ValueError(f"{self.code}: kind {self.kind!r} disagrees with placeholders")
        if self.parts and self.kind != "template":
            raise ValueError(f"{self.code}: only template rows are composed from parts")

    @property
    def arity(self) -> int:
        """How many arguments `render` requires (prefix rows accept any number)."""
        return placeholder_count(self.template) if self.kind == "template" else 0

    def render(self, *args: object) -> str:
        if self.kind == "template":
            if len(args) != self.arity:
                raise TypeError(f"{self.code} takes {self.arity} arguments, got {len(args)}")
            return self.template.format(*args)
        if self.kind == "prefix":
            return self.template + "".join(str(a) for a in args)
        if args:
            raise TypeError(f"{self.code} is an exact message and takes no arguments")
        return self.template


@dataclass(frozen=True)
class CallbackFormat:
    """A printf format the host-side TMA callback emits; the runtime parses its output."""

    name: str
    template: str
    page: str = TILEAS_PAGE


T, V, L = Source.TYPES, Source.VERIFY, Source.LOWER

_MESSAGES: tuple[Message, ...] = (
    # ---------------------------------------- asm-printer-and-type-mnemonics
    # Type-mnemonic dispatch miss. Two spaces after "unknown" are in the original literal; the
    # page's rendered example collapses them, its prose states them.
    Message("types.unknown-type", ASM_PAGE, "unknown  type `{0}` in dialect `{1}`", T, "template"),

    # ---------------------------------------- sm-tier-roster-and-copy-atom-registry
    # Interface dispatch in verify_atom_instance.
    Message("verify.atom.unknown-interface", REGISTRY_PAGE,
            "atom type does not implement a known cute_nvgpu interface", V, "exact"),
    # Copy vectorisation; also the only failure an out-of-range cp.async width produces.
    Message("verify.copy.cannot-vectorize-unit-stride", REGISTRY_PAGE,
            "'{0}' cannot vectorize copy to {1} elements (static strides must be 1)",
            V, "template"),
    Message("verify.copy.cannot-vectorize-matching-stride", REGISTRY_PAGE,
            "'{0}' cannot vectorize copy to {1} elements (static strides must match)",
            V, "template"),
    # MMA layout-shape verifier; the canonical / offending layout is streamed after the text.
    Message("verify.mma.expects-atom-layout", REGISTRY_PAGE,
            "expects Mma atom layout of ", V, "prefix"),
    Message("verify.mma.expects-static-unscaled-layout", REGISTRY_PAGE,
            "expects static and no scaled basis layout for", V, "prefix"),
    # Element-type ladder (UMMA family); checked before residency. Operand "c" covers C and D.
    Message("verify.mma.expects-operand-a-element-type", REGISTRY_PAGE,
            "expects operand a with element type {0}, but get {1}.", V, "template"),
    Message("verify.mma.expects-operand-b-element-type", REGISTRY_PAGE,
            "expects operand b with element type {0}, but get {1}.", V, "template"),
    Message("verify.mma.expects-operand-c-element-type", REGISTRY_PAGE,
            "expects operand c with element type {0}, but get {1}.", V, "template"),
    # Residency ladder (UMMA family); the first mismatched operand is reported. "A:{0}" has no
    # space, unlike B and D: verbatim.
    Message("verify.mma.expects-operand-a-residency", REGISTRY_PAGE,
            "expects memref/smem_desc_view for operand A, but gets A:{0}.", V, "template"),
    Message("verify.mma.expects-operand-b-residency", REGISTRY_PAGE,
            "expects smem_desc_view for operand B, but gets B: {0}.", V, "template"),
    Message("verify.mma.expects-operand-d-residency", REGISTRY_PAGE,
            "expects memref for operand D, but gets D: {0}.", V, "template"),
    # Layout composability (UMMA family). "D:{2}" has no space in the first message: verbatim.
    Message("verify.mma.invalid-operand-layouts", REGISTRY_PAGE,
            "invalid layout of A/B/D. A: {0}, B: {1}, D:{2}", V, "template"),
    Message("verify.mma.layouts-not-gemm", REGISTRY_PAGE,
            "layoutA, layoutB and layoutD fail to form a gemm. A: {0}, B: {1}, D: {2}",
            V, "template"),
    # Shared verifier of the register-resident (non-UMMA) path, SM70-SM89. The page shows no
    # streamed tail for the first string, so it is exact.
    Message("verify.mma.expects-uniform-element-type", REGISTRY_PAGE,
            "expects all mma operands to have element type", V, "exact"),
    Message("verify.mma.expects-rmem-operands", REGISTRY_PAGE,
            "expects rmem for input operands, but got A: ", V, "prefix"),
    Message("verify.mma.register.expects-operand-a-element-type", REGISTRY_PAGE,
            "expects operand a with element type ", V, "prefix"),
    # Composed-layout rejection (tiled-copy / tiled-mma builders). The operand fragment follows
    # the prefix in the original; the composed row stitches the two.
    Message("verify.layout.composed-unsupported", REGISTRY_PAGE,
            "doesn't support composed layout for ", V, "prefix", also_on=(TILEAS_PAGE,)),
    Message("verify.layout.composed-operands", REGISTRY_PAGE,
            "A/B/D, but got: A: {0}, B: {1}, D:{2}", V, "template"),
    Message("verify.layout.composed-unsupported-abd", REGISTRY_PAGE,
            "doesn't support composed layout for A/B/D, but got: A: {0}, B: {1}, D:{2}",
            V, "template",
            parts=("verify.layout.composed-unsupported", "verify.layout.composed-operands")),
    # Rank checks of the same builders; printed operands follow.
    Message("verify.layout.rank-a-b-mismatch", REGISTRY_PAGE,
            "expects A, B to have the same rank, but got A: ", V, "prefix"),
    Message("verify.layout.rank-c-d-mismatch", REGISTRY_PAGE,
            "expects C, D to have the same rank, but got C: ", V, "prefix"),
    Message("verify.layout.rank-c-1-or-2", REGISTRY_PAGE,
            "expects C to have rank 1 or 2, but got C: ", V, "prefix"),
    Message("verify.layout.rank-c-2-or-3", REGISTRY_PAGE,
            "expects C to have rank 2 or 3, but got C: ", V, "prefix"),
    Message("verify.layout.rank-c-3", REGISTRY_PAGE,
            "expects C to have rank 3, but got C: ", V, "prefix"),

    # ---------------------------------------- mma-atoms-sm70-sm120
    # SM100 block-scaled UMMA (atom_K, vecSize) verifier.
    Message("verify.mma.block-scaled.expects-f32-accumulator", MMA_PAGE,
            "expects c type to be Float32", V, "exact"),
    Message("verify.mma.block-scaled.scale-factor-types-differ", MMA_PAGE,
            "expects sfa/sfb element types to be the same", V, "exact"),
    # WGMMA input-pair rejections.
    Message("verify.mma.wgmma.expects-s8-u8", MMA_PAGE,
            "expects A/B of type s8/u8 and D of type i32", V, "exact"),
    Message("verify.mma.wgmma.expects-s4-u4", MMA_PAGE,
            "expects A/B of type s4/u4 and D of type i32", V, "exact"),
    Message("verify.mma.wgmma.expects-u1", MMA_PAGE,
            "expects A/B of type u1 and D of type i32", V, "exact"),
    Message("verify.mma.wgmma.expects-fp8", MMA_PAGE,
            "expects A/B of the e5m2/e4m3 type", V, "exact"),

    # ---------------------------------------- tma-atoms
    # The eleven-step partition verifier, in check order; each prefix is followed by the
    # printed operands joined with ", " and " and ".
    Message("tma.partition.invalid-operand-types", TMA_PAGE,
            "invalid operand types, got ", V, "prefix"),
    Message("tma.partition.invalid-smem-layout-type", TMA_PAGE,
            "invalid smem layout type, expected LayoutType or ComposedLayoutType, got ",
            V, "prefix"),
    Message("tma.partition.unsupported-gmem-layout", TMA_PAGE,
            "unsupported layout for the GMEM tensor, got ", V, "prefix"),
    Message("tma.partition.non-integer-strides", TMA_PAGE,
            "expected the GMEM and SMEM layouts to have integer stride elements, but got ",
            V, "prefix"),
    Message("tma.partition.smem-not-swizzle", TMA_PAGE,
            "expected the SMEM layout to be a swizzle layout, but got ", V, "prefix"),
    Message("tma.partition.non-static-layouts", TMA_PAGE,
            "expected the SMEM layout and the CTA V-map to be static, but got ", V, "prefix"),
    Message("tma.partition.shape-mismatch", TMA_PAGE,
            "expected top-level shape equivalence between the SMEM layout and the CTA V-map, "
            "but got ",
            V, "prefix"),
    Message("tma.partition.g-basis-failed", TMA_PAGE,
            "failed to compute the TMA G-basis, got ", V, "prefix", also_on=(TILEAS_PAGE,)),
    Message("tma.partition.invalid-tma-layout", TMA_PAGE,
            "Computed TMA layout is invalid, got ", V, "prefix", also_on=(TILEAS_PAGE,)),
    Message("tma.partition.tensor-type-failed", TMA_PAGE,
            "Failed to construct the TMA tensor type", V, "exact", also_on=(TILEAS_PAGE,)),
    Message("tma.partition.invalid-num-multicast", TMA_PAGE,
            "missing or invalid num_multicast for a multicast TMA load", V, "exact",
            also_on=(TILEAS_PAGE,)),
    # Companion of step 11: a non-multicast mode with num_multicast != 1.
    Message("tma.partition.num-multicast-value", TMA_PAGE,
            "got num_multicast of ", V, "prefix"),
    # Descriptor mutation outside base pointer / dim / non-leading stride.
    Message("tma.descriptor.field-not-mutable", TMA_PAGE,
            "TMA descriptor field is not device-mutable", V, "exact"),

    # ---------------------------------------- tileas-tma-and-memops
    # LowerTMALoadStoreToAsync: kernel-spec gate, zero-padding rule of the load rewrites
    # (the padding rules of the descriptor verifier quote the same two strings), and the
    # phase-8 failures.
    Message("tileas.lower-tma.missing-kernel-spec", TILEAS_PAGE,
            "LowerTMALoadStoreToAsync: missing or invalid KernelSpecAttr on function", L, "exact"),
    Message("tileas.lower-tma.zero-padding-only", TILEAS_PAGE,
            "TmaLoad only support zero padding now", L, "exact"),
    Message("tileas.lower-tma.gather-zero-padding-only", TILEAS_PAGE,
            "GatherTmaLoad only support zero padding now", L, "exact"),
    Message("tileas.lower-tma.no-mbarrier-smem-address", TILEAS_PAGE,
            "failed to find smem buffer address for mbarrier", L, "exact"),
    Message("tileas.lower-tma.no-tx-count", TILEAS_PAGE,
            "failed to get expected tx-count", L, "exact"),
    Message("tileas.lower-tma.mbarrier-init-failed", TILEAS_PAGE,
            "failed to init mbarrier", L, "exact"),
    Message("tileas.lower-tma.no-mbarrier-object", TILEAS_PAGE,
            "failed to get MBarrier object", L, "exact"),

    # Token-ordered memops: structural checks. The operand/result group message is two
    # fragments in the original (prefix + shared tail); the composed rows stitch them.
    Message("tileas.memops.requires-zero-regions", TILEAS_PAGE,
            "requires zero regions", V, "exact"),
    Message("tileas.memops.requires-zero-successors", TILEAS_PAGE,
            "requires 0 successors but found ", V, "prefix"),
    Message("tileas.memops.operand-group-prefix", TILEAS_PAGE,
            "operand group starting at #", V, "prefix"),
    Message("tileas.memops.result-group-prefix", TILEAS_PAGE,
            "result group starting at #", V, "prefix"),
    Message("tileas.memops.group-size-tail", TILEAS_PAGE,
            " requires 0 or 1 element, but found ", V, "prefix"),
    Message("tileas.memops.operand-group-size", TILEAS_PAGE,
            "operand group starting at #{0} requires 0 or 1 element, but found {1}", V, "template",
            parts=("tileas.memops.operand-group-prefix", "tileas.memops.group-size-tail")),
    Message("tileas.memops.result-group-size", TILEAS_PAGE,
            "result group starting at #{0} requires 0 or 1 element, but found {1}", V, "template",
            parts=("tileas.memops.result-group-prefix", "tileas.memops.group-size-tail")),

    # Token-ordered memops: coordinates, shape, element type. The page writes the count
    # message as "expects <N> coordinates, but got <M>".
    Message("tileas.memops.coordinate-count", TILEAS_PAGE,
            "expects {0} coordinates, but got {1}", V, "template"),
    Message("tileas.memops.coordinate-type", TILEAS_PAGE,
            "expects CoordType is same as memref index type, but got ", V, "prefix"),
    Message("tileas.memops.tile-size-mismatch", TILEAS_PAGE,
            "requires the same size for tileSize and tensor", V, "exact"),
    Message("tileas.memops.tile-shape-mismatch", TILEAS_PAGE,
            "requires the same shape for tileSize and tensor value", V, "exact"),
    Message("tileas.memops.element-type-mismatch", TILEAS_PAGE,
            "view elementType not equal with tensor element type: ", V, "prefix"),
    Message("tileas.memops.element-type-separator", TILEAS_PAGE,
            " != ", V, "prefix"),
    Message("tileas.memops.element-type-mismatch-pair", TILEAS_PAGE,
            "view elementType not equal with tensor element type: {0} != {1}", V, "template",
            parts=("tileas.memops.element-type-mismatch", "tileas.memops.element-type-separator")),

    # Tile-dimension invariants (dialect-wide helper).
    Message("tileas.tile.dims-not-positive", TILEAS_PAGE,
            "all dimensions must be positive constants, got ", V, "prefix"),
    Message("tileas.tile.dims-not-power-of-two", TILEAS_PAGE,
            "all dimensions must be powers of two, got ", V, "prefix"),
    Message("tileas.tile.too-large", TILEAS_PAGE,
            "tile would exceed the maximum of ", V, "prefix"),

    # Memory semantics. load/store spell the attributes in snake_case, atomic_rmw in
    # camelCase; "acq_rel" is rejected by both load and store with the same string.
    Message("tileas.memops.scope-with-weak", TILEAS_PAGE,
            "mem_scope not supported when mem_semantic is weak", V, "exact"),
    Message("tileas.memops.scope-required", TILEAS_PAGE,
            "mem_scope required when mem_semantic is not weak", V, "exact"),
    Message("tileas.atomic-rmw.scope-with-weak", TILEAS_PAGE,
            "memScope not supported when memSemantic is weak", V, "exact"),
    Message("tileas.atomic-rmw.scope-required", TILEAS_PAGE,
            "memScope required when memSemantic is not weak", V, "exact"),
    Message("tileas.load.unsupported-acquire", TILEAS_PAGE,
            "unsupported mem_semantic: acquire", V, "exact"),
    Message("tileas.memops.unsupported-acq-rel", TILEAS_PAGE,
            "unsupported mem_semantic: acq_rel", V, "exact"),
    Message("tileas.store.unsupported-release", TILEAS_PAGE,
            "unsupported mem_semantic: release", V, "exact"),
    # in_bounds length check: two fragments plus the composed row.
    Message("tileas.memops.in-bounds-count-prefix", TILEAS_PAGE,
            "incorrect number of in_bounds elements: expected ", V, "prefix"),
    Message("tileas.memops.in-bounds-count-tail", TILEAS_PAGE,
            ", but found ", V, "prefix"),
    Message("tileas.memops.in-bounds-count", TILEAS_PAGE,
            "incorrect number of in_bounds elements: expected {0}, but found {1}", V, "template",
            parts=("tileas.memops.in-bounds-count-prefix", "tileas.memops.in-bounds-count-tail")),

    # tiled_store only: padding vs in_bounds.
    Message("tileas.store.inbounds-without-padding", TILEAS_PAGE,
            "inbounds must be true when paddingValue is not set", V, "exact"),
    Message("tileas.store.inbounds-with-padding", TILEAS_PAGE,
            "inbounds must be false when paddingValue is set", V, "exact"),
    Message("tileas.store.special-padding-non-float", TILEAS_PAGE,
            "special padding values (nan, pos_inf, neg_inf, neg_zero) only for float-like "
            "element types",
            V, "exact"),

    # tiled_atomic_rmw only.
    Message("tileas.atomic-rmw.missing-rmw-mode", TILEAS_PAGE,
            "requires attribute 'rmw_mode'", V, "exact"),
    Message("tileas.atomic-rmw.no-8-bit", TILEAS_PAGE,
            "tiled_atomic_rmw not supported for 8-bit types", V, "exact"),
    Message("tileas.atomic-rmw.no-16-bit-integer", TILEAS_PAGE,
            "tiled_atomic_rmw not supported for 16-bit integer", V, "exact"),
    Message("tileas.atomic-rmw.f16-mode", TILEAS_PAGE,
            "tiled_atomic_rmw for 16-bit float only supports add, max, min operations", V, "exact"),
    Message("tileas.atomic-rmw.no-fadd", TILEAS_PAGE,
            "tiled_atomic_rmw op cannot use fadd operation, please use add instead for both "
            "int and float types", V, "exact"),
    Message("tileas.atomic-rmw.no-xchg", TILEAS_PAGE,
            "tiled_atomic_rmw op cannot use xchg operation", V, "exact"),

    # SeparateHostTMA device-descriptor limit; TileASLegalizeTmemCopy layout inference.
    Message("tileas.host-tma.too-many-device-descriptors", TILEAS_PAGE,
            "too many device TMA descriptors", L, "exact"),
    Message("tileas.tmem-copy.register-layout", TILEAS_PAGE,
            "failed to infer register layout from tmem layout", L, "exact"),
    Message("tileas.tmem-copy.source-layout", TILEAS_PAGE,
            "failed to infer source layout from tmem layout", L, "exact"),

    # AttachTMADescriptorArgs: tmaIdx against the recorded descriptor counts.
    Message("tileas.tma-idx.exceeds-host", TILEAS_PAGE, "tmaIdx exceed tmaHostNum.", L, "exact"),
    Message("tileas.tma-idx.exceeds-device", TILEAS_PAGE,
            "tmaIdx exceed tmaDeviceNum.", L, "exact"),
    Message("tileas.tma-idx.missing", TILEAS_PAGE, "not find tmaIdx.", L, "exact"),
    Message("tileas.tma-idx.missing-counts", TILEAS_PAGE,
            "funcOp lack tmaDeviceNum and tmaHostNum attr", L, "exact"),

    # make_tiled_tma_desc verifier: pointer alignment and box structure.
    Message("tileas.tma-desc.pointer-alignment", TILEAS_PAGE,
            "expected tma descriptor pointer to have alignment at least ", V, "prefix"),
    Message("tileas.tma-desc.box-dim0-not-16-bytes", TILEAS_PAGE,
            "tma boxDims[0] * elemTypeBitWidth is not a multiple of 16 bytes", V, "exact"),
    Message("tileas.tma-desc.leading-box-dim-unaligned", TILEAS_PAGE,
            "tma leading box-dim bit-width is not 16 bytes aligned", V, "exact"),
    Message("tileas.tma-desc.box-dim-count-mismatch", TILEAS_PAGE,
            "tmaBoxDim and atomBoxDim length mismatch", V, "exact"),
    Message("tileas.tma-desc.box-dim-mismatch", TILEAS_PAGE,
            "tmaBoxDim and atomBoxDim mismatch", V, "exact"),
    Message("tileas.tma-desc.copy-atom-box-dim-mismatch", TILEAS_PAGE,
            "tma box-dim and copy atom box-dim mismatch", V, "exact"),
    Message("tileas.tma-desc.smem-layout-incompatible", TILEAS_PAGE,
            "smem layout is not TMA compatible", V, "exact"),
    Message("tileas.tma-desc.element-stride", TILEAS_PAGE,
            "only support element_stride = 1 tma desc", V, "exact"),

    # Mode and multicast. The load-mode prefix is followed by the serialised mode (the page
    # shows only the opening quote). The return-type string is a tail streamed after the
    # offending type: {0} is the multicasting non-exec atom's type. num_multicast: see tma.partition.invalid-num-multicast.
    Message("tileas.tma-desc.unsupported-load-mode", TILEAS_PAGE,
            "unsupported tma load mode '", V, "prefix"),
    Message("tileas.tma-desc.multicast-atom-too-small", TILEAS_PAGE,
            "mcast is not supported for TMA load with less than 128bytes per atom", V, "exact"),
    Message("tileas.tma-desc.multicast-return-type", TILEAS_PAGE,
            "{0} but the return TMA load type does not support multicast", V, "template"),

    # Padding. The two zero-padding strings are the tileas.lower-tma rows above.
    Message("tileas.tma-desc.padding-value-unsupported", TILEAS_PAGE,
            "padding value is not supported for TMA load with non-zero padding value", V, "exact"),

    # Atom-type allow-lists.
    Message("tileas.tma-atom.expect-tma-store", TILEAS_PAGE,
            "expect a tma_store atom type", V, "exact"),
    Message("tileas.tma-atom.expect-tma-load", TILEAS_PAGE,
            "expect a tma_load atom type", V, "exact"),
    Message("tileas.tma-atom.expect-tma-redg", TILEAS_PAGE,
            "expect a tma_redg atom type", V, "exact"),
    Message("tileas.tma-atom.expect-store-like", TILEAS_PAGE,
            "expect a stg, tma_store or unknown_copy atom type", V, "exact"),
    Message("tileas.tma-atom.expect-load-like", TILEAS_PAGE,
            "expect a ldgsts, tma_load, ldg or unknown_copy atom type", V, "exact"),
    Message("tileas.tma-atom.reduce-scatter4", TILEAS_PAGE,
            "TmaReduceOp do not support SCATTER4 mode", V, "exact"),
    Message("tileas.tma-atom.invalid", TILEAS_PAGE, "invalid TMA atom type", V, "exact"),

    # MakeTiledTMADescOpCaptureVerifier, run for SeparateHostTMA: what the host module can
    # replay. "supportedbecause" and "suppourt" are verbatim. The multiple-captures message is
    # two fragments plus the composed row.
    Message("tileas.host-tma.multiple-captures-prefix", TILEAS_PAGE,
            "values depended by MakeTiledTMADescOp are not supportedbecause ", L, "prefix"),
    Message("tileas.host-tma.multiple-captures-tail", TILEAS_PAGE,
            " matches more than 1 captured values.", L, "exact"),
    Message("tileas.host-tma.multiple-captures", TILEAS_PAGE,
            "values depended by MakeTiledTMADescOp are not supportedbecause {0} matches more "
            "than 1 captured values.", L, "template",
            parts=("tileas.host-tma.multiple-captures-prefix",
                   "tileas.host-tma.multiple-captures-tail")),
    Message("tileas.host-tma.depends-on-scf", TILEAS_PAGE,
            "expected MakeTiledTMADescOp not depends on scf", L, "exact"),
    Message("tileas.host-tma.unlowered-descriptor", TILEAS_PAGE,
            "expect lower MakeTiledTMADescOp", L, "exact"),
    Message("tileas.host-tma.math-dialect-unsupported", TILEAS_PAGE,
            "math dialect not suppourt in separateHostTMA pass in the moment.", L, "exact"),

    # Partitioning in the descriptor lowering patterns. The G-basis, layout, tensor-type and
    # composed-layout strings this page also lists are the tma.partition.* and
    # verify.layout.composed-unsupported rows.
    Message("tileas.tma-partition.unpartitionable", TILEAS_PAGE,
            "unable to partition input tensors for TMA", L, "exact"),
)

del T, V, L

CATALOGUE: dict[str, Message] = {}
for _message in _MESSAGES:
    if _message.code in CATALOGUE:
        raise ValueError(f"duplicate catalogue code {_message.code}")
    CATALOGUE[_message.code] = _message
del _message

# Runtime printf formats of the host-side TMA callback ABI (parsed by the runtime, not shown
# to the user as diagnostics).
CALLBACK_FORMATS: tuple[CallbackFormat, ...] = (
    CallbackFormat("sm-count", "[TileIR Callback] SmNum: %ld deviceTMAMemorySize: 0x%lx"),
    CallbackFormat("descriptor-payload",
                   "[TileIR Callback] DESC_TMA512: 0x%016lx %016lx %016lx %016lx"),
)


def get(code: str) -> Message:
    try:
        return CATALOGUE[code]
    except KeyError:
        raise KeyError(f"no catalogue message with code {code!r}") from None


def by_page(page: str) -> list[Message]:
    """Messages a page quotes: those tagged with it and those it shares (`also_on`)."""
    if page not in PAGES:
        raise KeyError(f"unknown spec page {page!r}")
    return [m for m in _MESSAGES if m.page == page or page in m.also_on]


def make(
    code: str,
    span: Span,
    *args: object,
    severity: Severity = Severity.ERROR,
    related: Iterable[Related] = (),
) -> Diagnostic:
    """A Diagnostic carrying the catalogue message `code` rendered with `args`."""
    message = get(code)
    return Diagnostic(code, span, severity, message.source, message.render(*args), tuple(related))
