"""The memref dialect's DMA and reinterpret_cast verifiers (mlir/lib/Dialect/MemRef/IR/MemRefOps.cpp, MLIR 22), as
callables on the ops' records: `memref.dma_start`'s operand list read against its three
memrefs' ranks, `memref.dma_wait`'s tag indices, `memref.reinterpret_cast`'s result type
against the sizes, offset and strides it writes. (The memref ops real dumps use most,
load / store / alloc / cast, are in op_checks.py.)

Each takes what the text says of one op (ir/ssa.OpSite) and returns None, a message that
verify/structure.py prefixes with `'<op>' op `, or a `Placed` one (an `emitError` without the
op's name); a type the text does not say is not judged.
"""
from __future__ import annotations

from typing import Any, Callable

import re

from ..diagnostics.mlir_messages import (CUSTOM_OP, MEMREF_DMA as M, MEMREF_GLOBAL as G, MEMREF_OTHER as O, MEMREF_REINTERPRET as R,
                                         MEMREF_RESHAPE as S)
from ..syntax.cst import TYPE_KINDS
from .constraints import facts, normalized_type, printed
from .lookup import MISSING, Definition
from .op_checks import Placed, _body, _callee, _memref_parts, only_block, square_operand_list, strides_and_offset, unaliased
from ..text.brackets import top_level_parameters


def _custom_dma_types(site: Any) -> list[str | None] | None:
    """The custom form `%src[...], %dst[...], %n, %tag[...] (, %stride, %count)? : S, D, T` as
    DmaStartOp::parse resolves it: the three memref types where they stand, index elsewhere."""
    items = _body(site)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    if colon is None:
        return None
    types = [normalized_type((t.text or b"").decode("utf-8", "replace")) for t in items[colon + 1:] if t.type in TYPE_KINDS]
    if len(types) != 3:
        return None
    out: list[str | None] = []
    memrefs = iter(types)
    uses = 0
    for item in items[:colon]:
        if item.type == "value_use":
            uses += 1
            out.append(next(memrefs, None) if uses in (1, 2, 4) else "index")
        elif item.type == "bracket_group":
            out.extend("index" for c in item.named_children if c.type == "value_use")
    return out


def _rank(text: str | None) -> int | None:
    t = facts(text) if text is not None else None
    return len(t.dims) if t is not None and t.kind == "memref" and t.dims is not None else None


def memref_dma_start(site: Any) -> str | None:
    """DmaStartOp::verify: at least four operands; a source memref and one index per
    dimension, a destination likewise, an index element count, a tag memref and its indices,
    and either no stride operands or two, of index type."""
    types = [site.operand_type(i) for i in range(site.operands)] if site.generic else _custom_dma_types(site)
    if types is None:
        return None
    count = len(types)
    if count < 4:
        return M["at_least"].format(4)
    at, expected = 0, 4
    for role in ("source", "destination", "tag"):
        if role == "tag":      # the element count stands between the destination and the tag
            if types[at] is not None and types[at] != "index":
                return M["num_elements"]
            at += 1
        memref = types[at] if at < count else None
        t = facts(memref) if memref is not None else None
        if t is None:
            return None
        if t.kind != "memref":
            return M["memref"].format(role)
        rank = _rank(memref)
        if rank is None:
            return None
        expected += rank
        if count < expected:
            return M["at_least"].format(expected)
        if any(i is not None and i != "index" for i in types[at + 1:at + 1 + rank]):
            return M["indices"].format(role)
        at += 1 + rank
    if count not in (expected, expected + 2):
        return M["operand_count"]
    if count == expected + 2 and any(i is not None and i != "index" for i in types[expected:]):
        return M["strides"]
    return None


def memref_dma_wait(site: Any) -> str | None:
    """DmaWaitOp::verify: one tag index per dimension of the tag memref."""
    rank = _rank(site.operand_type(0))
    indices = site.operands - 2
    if rank is None or indices < 0 or indices == rank:
        return None
    return M["wait_indices"].format(rank, indices)


_DYNAMIC = None


def _static_list(node: Any) -> list[int | None] | None:
    """`[0, %o, 4]` (or the generic `array<i64: ...>`): the static values, None for a value."""
    text = (node.text or b"").decode("utf-8", "replace").strip() if node is not None else ""
    match = re.match(r"^(?:\[(.*)\]|array<\s*i64\s*:?(.*)>)$", text, re.S)
    if match is None:
        return None
    out: list[int | None] = []
    for item in (match.group(1) if match.group(1) is not None else match.group(2) or "").split(","):
        item = item.strip()
        if not item:
            continue
        if item.startswith("%"):
            out.append(None)
            continue
        try:
            value = int(item)
        except ValueError:
            return None
        out.append(None if value == -9223372036854775808 else value)
    return out


def _shown(value: int | None) -> str:
    return "dynamic" if value is None else str(value)


def _offsets_sizes_strides(site: Any, ranks: tuple[int, int, int]) -> Placed | None:
    """verifyOffsetSizeAndStrideOp (ViewLikeInterface.cpp), which the interface runs before the
    op's own verifier: the lists' lengths against each other and the op's maximum ranks, and no
    negative static offset or size."""
    offsets, sizes, strides = (_static_list(site.attribute(f"static_{n}")) for n in ("offsets", "sizes", "strides"))
    if offsets is None or sizes is None or strides is None:
        return None
    # each dynamic entry (ShapedType::kDynamic) stands for one operand of its group, in the
    # order the interface counts them
    groups = dict(zip((g.name for g in site.record.operands), site.operand_sizes() or ()))
    for name, values in (("sizes", sizes), ("strides", strides), ("offsets", offsets)):
        if name in groups and groups[name] != values.count(None):
            return Placed(R["dynamic_entries"].format(name, groups[name], values.count(None)))
    if not (len(offsets) == 1 and ranks[0] == 1) and len(offsets) != len(sizes):
        return Placed(R["offsets_sizes"].format(len(offsets), len(sizes)))
    if len(sizes) != len(strides):
        return Placed(R["sizes_strides"].format(len(sizes), len(strides)))
    for values, name, rank in ((offsets, "offset", ranks[0]), (sizes, "size", ranks[1]), (strides, "stride", ranks[2])):
        if len(values) != rank:
            return Placed(R["count"].format(rank, name, len(values)))
    for values, name in ((offsets, "offsets"), (sizes, "sizes")):
        for value in values:
            if value is not None and value < 0:
                return Placed(R["negative"].format(name, value))
    return None


def memref_subview(site: Any) -> Placed | None:
    """SubViewOp: the offset / size / stride lists (verifyOffsetSizeAndStrideOp) against the
    source's rank, then SubViewOp::verify (its `emitError`s, not prefixed): the memory spaces,
    a strided source, the result against the type it infers (isRankReducedType: rank, sizes,
    element type; then the offset and, past the dropped unit dimensions, the strides), and the
    slice within the source's static bounds (verifyInBoundsSlice)."""
    source, result = site.operand_type(0), site.result_type(0)
    if result is None:
        result = _unaliased_result(site)
    t = facts(source or "")
    if t is None or t.kind != "memref" or t.dims is None:
        return None
    rank = len(t.dims)
    problem = _offsets_sizes_strides(site, (rank, rank, rank))
    if problem is not None:
        return problem
    a, b = _memref_parts(source), _memref_parts(result)
    r = facts(result or "")
    if a is None or b is None or r is None or r.dims is None:
        return None
    shown = (printed(source), printed(result))
    if (a[3] or "0") != (b[3] or "0"):
        return Placed(R["subview_space"].format(*shown))
    base = _strided_layout(source, t.dims)
    if base == "not strided":
        return Placed(R["subview_strided"].format(shown[0]))
    offsets, sizes, strides = (_static_list(site.attribute(f"static_{n}")) for n in ("offsets", "sizes", "strides"))
    if base is None or offsets is None or sizes is None or strides is None:
        return None
    # SubViewOp::inferResultType, in SaturatedInteger's arithmetic: a dynamic value makes a sum
    # or product dynamic, except a product with a static 0, which is 0.
    base_strides, base_offset = base
    offset = base_offset
    for value, stride in zip(offsets, base_strides):
        product = _times(value, stride)
        offset = None if offset is None or product is None else offset + product
    inferred_strides = [_times(x, y) for x, y in zip(base_strides, strides)]
    expected = "memref<" + "".join(f"{_dim(d)}x" for d in sizes) + a[1] + ", strided<[" + \
        ", ".join(_dim(x) for x in inferred_strides) + "]" + ("" if offset == 0 else f", offset: {_dim(offset)}") + ">" + \
        (f", {a[3]}" if a[3] is not None else "") + ">"
    kept = list(r.dims)
    if len(kept) > len(sizes):
        return Placed(R["subview_rank"].format(shown[1]))
    dropped = _rank_reduction(sizes, kept)
    if dropped is None:
        return Placed(R["subview_sizes"].format(expected, shown[1]))
    if b[1] != a[1]:
        return Placed(R["subview_element"].format(printed(a[1]), shown[1]))
    layout = _strided_layout(result, r.dims)
    if not isinstance(layout, tuple):
        return None if layout is None else Placed(R["subview_layout"].format(expected, shown[1]))
    result_strides, result_offset = layout
    if result_offset != offset:
        return Placed(R["subview_layout"].format(expected, shown[1]))
    if len(kept) != len(sizes):
        # computeMemRefRankReductionMask: a unit size is dropped when its stride is gone too.
        unit = [i for i, size in enumerate(sizes) if size == 1]
        if len(unit) + len(kept) != len(sizes):
            left = {x: inferred_strides.count(x) for x in inferred_strides}
            unit_kept = []
            for i in unit:
                stride = inferred_strides[i]
                have = result_strides.count(stride)
                if left[stride] > have:
                    left[stride] -= 1
                elif left[stride] == have:
                    unit_kept.append(i)
                else:
                    return Placed(R["subview_layout"].format(expected, shown[1]))
            unit = [i for i in unit if i not in unit_kept]
            if len(unit) + len(kept) != len(sizes):
                return Placed(R["subview_layout"].format(expected, shown[1]))
        dropped = set(unit)
    else:
        dropped = set()
    if [x for i, x in enumerate(inferred_strides) if i not in dropped] != result_strides:
        return Placed(R["subview_layout"].format(expected, shown[1]))
    return in_bounds_slice(t.dims, offsets, sizes, strides)


def in_bounds_slice(dims: tuple, offsets: list[int | None], sizes: list[int | None],
                    strides: list[int | None]) -> Placed | None:
    """verifyInBoundsSlice (ViewLikeInterface.cpp): each static offset within the source's static
    extent, and the slice's last position along it too (memref.subview, tensor.extract_slice,
    tensor.insert_slice)."""
    for i, extent in enumerate(dims):
        if extent is None or i >= len(offsets) or offsets[i] is None:
            continue
        if offsets[i] >= extent:
            return Placed(R["slice_offset"].format(i, offsets[i], extent))
        if sizes[i] is None or strides[i] is None:
            continue
        last = offsets[i] + (sizes[i] - 1) * strides[i]
        if last >= extent:
            return Placed(R["slice_bounds"].format(i, last, extent))
    return None


def _times(a: int | None, b: int | None) -> int | None:
    """SaturatedInteger's product: 0 when either is a static 0, else dynamic when either is."""
    if a == 0 or b == 0:
        return 0
    return None if a is None or b is None else a * b


def _dim(value: int | None) -> str:
    return "?" if value is None else str(value)


def _unaliased_result(site: Any) -> str | None:
    """The result type a custom form writes last, with the attribute aliases in it (a layout
    map's) replaced by what they stand for."""
    types = [item for item in _body(site) if item.type in TYPE_KINDS]
    text = (types[-1].text or b"").decode("utf-8", "replace") if types else None
    resolved = unaliased(site, text) if text is not None else None
    return normalized_type(resolved) if resolved is not None else None


def _rank_reduction(sizes: list[int | None], reduced: list[int | None]) -> set[int] | None:
    """computeRankReductionMask: the dimensions of `sizes` dropped to make `reduced`, each a
    1 (greedily matched left to right, a dynamic size only to a dynamic one); None when the
    sizes cannot be matched so."""
    dropped, at = set(), 0
    for index, size in enumerate(sizes):
        if at < len(reduced) and size == reduced[at]:
            at += 1
            continue
        dropped.add(index)
        if size != 1:
            return None
    return dropped if at == len(reduced) else None


_AFFINE_LAYOUT = re.compile(r"affine_map<\(([^()]*)\)(?:\[([^\[\]]*)\])?->\((.*)\)>")


def _strided_layout(text: str, dims: tuple) -> tuple[list[int | None], int | None] | str | None:
    """MemRefType::getStridesAndOffset: of an identity or `strided<...>` layout, or an affine
    map whose one result is a sum of `d * c`, `d * s`, constants and symbols; "not strided" for a
    map of several results; None when this reading cannot tell."""
    found = strides_and_offset(text, dims)
    if found is not None:
        return found
    parts = _memref_parts(text)
    match = _AFFINE_LAYOUT.fullmatch(re.sub(r"\s+", "", parts[2] or "")) if parts is not None else None
    if match is None:
        return None
    names = [d for d in match.group(1).split(",") if d]
    symbols = [x for x in (match.group(2) or "").split(",") if x]
    results = top_level_parameters(match.group(3))
    if len(results) != 1:
        return "not strided"
    strides: list[int | None] = [0] * len(names)
    offset: int | None = 0
    for term in results[0].replace("-", "+-").split("+"):
        factors = [f for f in term.split("*") if f]
        if not factors or len(factors) > 2 or any("(" in f for f in factors):
            return None
        dims_in = [f for f in factors if f in names]
        syms_in = [f for f in factors if f in symbols]
        consts = [f for f in factors if re.fullmatch(r"-?\d+", f)]
        if len(dims_in) + len(syms_in) + len(consts) != len(factors) or len(dims_in) > 1:
            return None
        value: int | None = None if syms_in else 1      # a symbol's value is dynamic
        for c in consts:
            value = value * int(c) if value is not None else None
        if dims_in:
            position = names.index(dims_in[0])
            strides[position] = value if strides[position] == 0 else None
        else:
            offset = None if offset is None or value is None else offset + value
    return strides, offset


_IDENTITY_MAP = re.compile(r"affine_map<\(([^()]*)\)->\(\1\)>")


def last_dim_unit_stride(site: Any, text: str | None) -> bool | None:
    """MemRefType::isLastDimUnitStride: the layout has strides (an identity, `strided<...>`, or
    an affine map of one result; another map has none) and the last is 1. A layout written
    through an alias is read through it; None when this reading cannot tell."""
    written = unaliased(site, text) if text is not None else None
    written = normalized_type(written) if written is not None else None
    t = facts(written) if written is not None else None
    parts = _memref_parts(written) if t is not None and t.kind == "memref" and t.dims is not None else None
    if parts is None:
        return None
    layout = re.sub(r"\s+", "", parts[2] or "")
    if not layout or _IDENTITY_MAP.fullmatch(layout):
        return True
    found = _strided_layout(written, t.dims)
    if found is None or found == "not strided":
        return None if found is None else False
    strides = found[0]
    if not strides:
        return True
    if strides[-1] is None:     # a dynamic stride in `strided<...>` is not 1; elsewhere not told
        return False if layout.startswith("strided<") else None
    return strides[-1] == 1


def memref_reinterpret_cast(site: Any) -> Placed | None:
    """ReinterpretCastOp::verify: the source's memory space and element type, then the result
    type's sizes, offset and strides against the static ones written."""
    source, result = site.operand_type(0), site.result_type(0)
    a, b = _memref_parts(source), _memref_parts(result)
    t = facts(result) if result is not None else None
    if a is None or b is None or t is None or t.dims is None:
        return None
    problem = _offsets_sizes_strides(site, (1, len(t.dims), len(t.dims)))
    if problem is not None:
        return problem
    shown = (printed(source), printed(result))
    if a[3] != b[3]:
        return Placed(R["space"].format(*shown))
    if a[1] != b[1]:
        return Placed(R["element"].format(*shown))
    sizes = _static_list(site.attribute("static_sizes"))
    offsets = _static_list(site.attribute("static_offsets"))
    strides = _static_list(site.attribute("static_strides"))
    if sizes is not None:
        for index, (have, want) in enumerate(zip(t.dims, sizes)):
            if have is not None and have != want:
                return Placed(R["size"].format(_shown(want), have, index))
    layout = strides_and_offset(result, t.dims)
    if layout is None or not offsets:
        return None
    have_strides, have_offset = layout
    if have_offset is not None and have_offset != offsets[0]:
        return Placed(R["offset"].format(_shown(offsets[0]), have_offset))
    for index, (have, want) in enumerate(zip(have_strides, strides or [])):
        if have is not None and have != want:
            return Placed(R["stride"].format(_shown(want), have, index))
    return None


def _reassociation(node: Any) -> list[list[int]] | None:
    """`[[0, 1], [2]]` as lists of dimension indices."""
    text = (node.text or b"").decode("utf-8", "replace").strip() if node is not None else ""
    if not (text.startswith("[") and text.endswith("]")):
        return None
    groups = re.findall(r"\[([^\[\]]*)\]", text[1:-1])
    try:
        return [[int(v) for v in g.split(",") if v.strip()] for g in groups]
    except ValueError:
        return None


def _collapsed_shape(collapsed: tuple, expanded: tuple, groups: list[list[int]]) -> str | None:
    """verifyCollapsedShape: one group per collapsed dimension, contiguous indices within the
    expanded rank, a dynamic collapsed dimension exactly where its group has one, the static
    products, and a rank-0 side only with ones."""
    if len(collapsed) != len(groups):
        return S["groups"].format(len(groups), len(collapsed))
    following = 0
    for index, group in enumerate(groups):
        dynamic = False
        for dim in group:
            if dim != following:
                return S["contiguous"]
            following += 1
            if dim >= len(expanded):
                return S["bounds"].format(dim)
            dynamic = dynamic or expanded[dim] is None
        if (collapsed[index] is None) != dynamic:
            return S["dynamic"].format(index)
        if not dynamic:
            size = 1
            for dim in group:
                size *= expanded[dim]
            if size != collapsed[index]:
                return S["size"].format(collapsed[index], size)
    if not collapsed and any(d != 1 for d in expanded):
        return S["rank0"]
    return None


def _shape_text(dims: tuple) -> str:
    return "".join(("?" if d is None else str(d)) + "x" for d in dims)


def memref_reshape(site: Any) -> str | None:
    """ExpandShapeOp / CollapseShapeOp::verify: the ranks, verifyCollapsedShape, the result type
    an identity-layout source gives, and (expand_shape) the static output shape."""
    source, result = site.operand_type(0), site.result_type(0)
    a, b = (facts(t) if t is not None else None for t in (source, result))
    groups = _reassociation(site.attribute("reassociation"))
    if a is None or b is None or a.dims is None or b.dims is None or groups is None \
            or a.kind != "memref" or b.kind != "memref":
        return None
    expanding = site.name == "memref.expand_shape"
    if expanding and len(a.dims) > len(b.dims):
        return S["not_expansion"].format(len(a.dims), len(b.dims))
    if not expanding and len(a.dims) < len(b.dims):
        return S["not_collapse"].format(len(a.dims), len(b.dims))
    collapsed, expanded = (a.dims, b.dims) if expanding else (b.dims, a.dims)
    problem = _collapsed_shape(tuple(collapsed), tuple(expanded), groups)
    if problem is not None:
        return problem
    pa, pb = _memref_parts(source), _memref_parts(result)
    if pa is None or pb is None:
        return None
    if pa[2] is None:    # an identity layout: the result's is too, its element type and memory space the source's
        expected = f"memref<{_shape_text(b.dims)}{pa[1]}" + (f", {pa[3]}" if pa[3] else "") + ">"
        if pb[2] is not None or pb[1] != pa[1] or pb[3] != pa[3]:
            return S["expanded" if expanding else "collapsed"].format(printed(expected), printed(result))
    if expanding:
        shape = _static_list(site.attribute("static_output_shape"))
        if shape is not None:
            if len(shape) != len(b.dims):
                return S["output_rank"].format(len(b.dims), len(shape))
            for index, (have, want) in enumerate(zip(b.dims, shape)):
                if have is not None and have != want:
                    return S["output_shape"].format(index)
    return None


def _static_memref(text: str) -> bool | None:
    t = facts(text)
    if t is None:
        return None
    return t.kind == "memref" and t.dims is not None and all(d is not None for d in t.dims)


def memref_global_parse(site: Any) -> Placed | None:
    """parseGlobalMemrefOpTypeAndInitialValue: a static shaped memref type, and an initial
    value that is `uninitialized` or an elements attribute (reported at the op's name)."""
    if site.generic:
        return None
    items = _body(site)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    if colon is None or colon + 1 >= len(items) or items[colon + 1].type not in TYPE_KINDS:
        return None
    head = [item.type if item.type != "keyword" else (item.text or b"").decode() for item in items[:colon]]
    if head not in (["symbol_ref"], ["string", "symbol_ref"], ["constant", "symbol_ref"],
                    ["string", "constant", "symbol_ref"]):
        return None     # the parser stops before (the syntax layer reports where)
    text = normalized_type((items[colon + 1].text or b"").decode("utf-8", "replace"))
    if text is not None and _static_memref(text) is False:
        return Placed(CUSTOM_OP.format(site.name, G["static"].format(printed(text))), site.name_span)
    rest = items[colon + 2:]
    if len(rest) >= 2 and rest[0].type == "=":
        value = (rest[1].text or b"").decode("utf-8", "replace").strip()
        if value != "uninitialized" and not re.match(r"^(?:dense|sparse|dense_resource)<", value) \
                and not value.startswith("#") and rest[1].type in ("string", "integer", "float", "boolean"):
            return Placed(CUSTOM_OP.format(site.name, G["initial"]), site.name_span)
    return None


def memref_global(site: Any) -> str | None:
    """GlobalOp::verify (the generic form; the custom form's parser checks the type): the
    initial value's element type and shape against the memref's."""
    if not site.generic:
        return None
    node = site.attribute("type")
    text = normalized_type((node.text or b"").decode("utf-8", "replace")) if node is not None else None
    t = facts(text) if text is not None else None
    if t is None:
        return None
    if _static_memref(text) is False:
        return G["static_verify"].format(printed(text))
    value = site.attribute("initial_value")
    written = (value.text or b"").decode("utf-8", "replace") if value is not None else ""
    match = re.match(r"^\s*dense<.*>\s*:\s*(tensor<.*>)\s*$", written, re.S)
    shaped = facts(match.group(1)) if match else None
    if shaped is None or shaped.element is None or t.element is None or shaped.dims is None:
        return None
    if shaped.element.text != t.element.text:
        return G["element"].format(printed(t.element.text), printed(shaped.element.text))
    if tuple(shaped.dims) != tuple(t.dims):
        shown = lambda dims: ", ".join(str(d) for d in dims)      # noqa: E731 - ArrayRef as MLIR streams it
        return G["shape"].format(shown(t.dims), shown(shaped.dims))
    return None


def memref_get_global(site: Any) -> str | None:
    """GetGlobalOp::verifySymbolUses: the symbol names a `memref.global` of the symbol table
    around the op (looked up in the document: `OpSite.callee`), of the result's type."""
    name = _callee(site, "name")
    found = site.callee(name) if name is not None else None
    if found is MISSING or (isinstance(found, Definition) and found.op != "memref.global"):
        return G["get_missing"].format(name)
    result = site.result_type(0)
    if not isinstance(found, Definition) or found.type is None or result is None:
        return None
    if normalized_type(result) != normalized_type(found.type):
        return G["get_type"].format(printed(result), printed(found.type), name)
    return None


def _identity_layout(text: str | None) -> bool | None:
    """MemRefLayoutAttrInterface::isIdentity of a memref type's layout: none written, an
    `affine_map` whose results are its dimensions, a `strided` layout whose map simplifies to
    the identity (one dimension of stride 1, offset 0); None when the text does not say (an
    alias, an unranked memref)."""
    parts = _memref_parts(text)
    if parts is None or not parts[0]:
        return None
    layout = parts[2]
    if layout is None:
        return True
    if layout.startswith("affine_map<"):
        match = re.fullmatch(r"affine_map<\(([^)]*)\)\s*->\s*\(([^)]*)\)>", layout.strip())
        if match is None:
            return None
        dims, results = ([p.strip() for p in group.split(",") if p.strip()] for group in match.groups())
        return dims == results
    t = facts(text)
    if layout.startswith("strided<") and t is not None and t.dims is not None:
        found = strides_and_offset(text, tuple(t.dims))
        if found is None:
            return None
        strides, offset = found
        return (strides == [] or (len(strides) == 1 and strides[0] == 1)) and offset == 0
    return None


def memref_reshape_by_shape(site: Any) -> str | None:
    """ReshapeOp::verify (`memref.reshape`, its shape an operand): the same element type, identity layouts, and a ranked result's rank
    the shape operand's static length."""
    source, shape, result = site.operand_type(0), site.operand_type(1), site.result_type(0)
    src, length, res = (facts(t) if t is not None else None for t in (source, shape, result))
    if src is None or res is None or src.element is None or res.element is None:
        return None
    if src.element.text != res.element.text:
        return O["reshape_element"]
    if src.kind == "memref" and src.dims is not None and _identity_layout(source) is False:
        return O["reshape_source_identity"]
    if res.kind != "memref" or res.dims is None:
        return None
    if _identity_layout(result) is False:
        return O["reshape_result_identity"]
    if length is None or length.dims is None or len(length.dims) != 1:
        return None
    if length.dims[0] is None:
        return O["reshape_dynamic_shape"]
    if length.dims[0] != len(res.dims):
        return O["reshape_rank"]
    return None


# arith::AtomicRMWKind by the value type it takes.
_FLOAT_KINDS = frozenset({"addf", "maximumf", "minimumf", "mulf", "maxnumf", "minnumf"})
_INTEGER_KINDS = frozenset({"addi", "maxs", "maxu", "mins", "minu", "muli", "ori", "andi", "xori"})


def memref_atomic_rmw(site: Any) -> str | None:
    """AtomicRMWOp::verify: one subscript per dimension, and a value of the type its kind
    takes (a float, or an integer)."""
    t = facts(site.operand_type(1) or "")
    if t is not None and t.kind == "memref" and t.dims is not None and len(t.dims) != site.operands - 2:
        return O["atomic_subscripts"]
    kind = next((item.text.decode() for item in _body(site) if item.type in ("keyword", "bare_id")), None)
    value = facts(site.operand_type(0) or "")
    if kind is None or value is None:
        return None
    if kind in _FLOAT_KINDS and value.kind != "float":
        return O["atomic_float"].format(kind)
    if kind in _INTEGER_KINDS and value.kind != "integer":
        return O["atomic_integer"].format(kind)
    return None


def memref_prefetch_parse(site: Any) -> Placed | None:
    """PrefetchOp::parse: `%m[...], read|write, locality<N>, data|instr` (the indices an
    operand list in square brackets; the specifiers' errors at the op)."""
    listed = square_operand_list(site)
    if listed is not None:
        return listed
    items = _body(site)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), len(items))
    # the specifiers between the commas after the memref's indices: rw, locality<N>, cache type
    segments: list[list[Any]] = [[]]
    for item in items[:colon]:
        if item.type == ",":
            segments.append([])
        else:
            segments[-1].append(item)
    if len(segments) != 4 or any(len(segment) != 1 for segment in (segments[1], segments[3])):
        return None
    words = [segments[1][0].text, None, segments[3][0].text]
    if words[0] not in (b"read", b"write"):
        return Placed(CUSTOM_OP.format(site.name, O["prefetch_rw"]))
    if words[2] not in (b"data", b"instr"):
        return Placed(CUSTOM_OP.format(site.name, O["prefetch_cache"]))
    return None


# What the custom parsers refuse before anything is verified (OpDef.parse).
# ------------------------------------------------------------------------------ realloc
def _written_types(site: Any) -> list[str | None]:
    """The types a custom form writes (after its `:`), aliases in them read through."""
    out = []
    for item in _body(site):
        if item.type in TYPE_KINDS:
            text = unaliased(site, (item.text or b"").decode("utf-8", "replace"))
            out.append(normalized_type(text) if text is not None else None)
    return out


def _types_of(site: Any) -> tuple[str | None, str | None]:
    """The source and result types, read through aliases where the custom form writes them."""
    source, result = site.operand_type(0), site.result_type(0)
    if not site.generic and (source is None or result is None):
        written = _written_types(site)
        if len(written) == 2:
            source, result = source or written[0], result or written[1]
    return source, result


def memref_realloc(site: Any) -> Placed | None:
    """ReallocOp::verify: identity layouts, one memory space and element type, a dimension
    operand exactly when the result has a dynamic size."""
    source, result = _types_of(site)
    a, b, r = _memref_parts(source), _memref_parts(result), facts(result or "")
    if a is None or b is None or r is None or r.dims is None:
        return None
    shown = (printed(source), printed(result))
    if a[2] is not None:
        return Placed(O["realloc_source_layout"].format(shown[0]))
    if b[2] is not None:
        return Placed(O["realloc_result_layout"].format(shown[1]))
    if (a[3] or "0") != (b[3] or "0"):
        return Placed(O["realloc_space"].format(*shown))
    if a[1] != b[1]:
        return Placed(O["realloc_element"].format(*shown))
    sizes = site.operand_sizes()
    if sizes is None:
        return None
    dynamic = None in r.dims
    if dynamic and not sizes[1]:
        return Placed(O["realloc_missing"].format(shown[1]))
    if not dynamic and sizes[1]:
        return Placed(O["realloc_unnecessary"].format(shown[1]))
    return None


# ------------------------------------------------------------------------------ atomic rmw
def _rmw_result(site: Any) -> str | None:
    """generic_atomic_rmw's result type: its parser's, the memref's element type (a generic
    form's other result breaks the op's own trait first, and nothing in it is verified)."""
    if site.generic:
        memref = facts(site.operand_type(0) or "")
        element = memref.element.text if memref is not None and memref.element is not None else None
        return site.result_type(0) if site.result_type(0) == element else None
    types = [item for item in _body(site) if item.type in TYPE_KINDS]
    t = facts(normalized_type((types[0].text or b"").decode("utf-8", "replace")) or "") if types else None
    return t.element.text if t is not None and t.kind == "memref" and t.element is not None else None


def memref_generic_atomic_rmw(site: Any) -> str | Placed | None:
    """GenericAtomicRMWOp::verify: one block argument, of the result's type, and a body whose ops
    have no memory effects (an op of a known record that is not NoMemoryEffect has some)."""
    one, block = only_block(site)
    if not one or block is None or block.arguments is None:
        return None
    if len(block.arguments) != 1:
        return O["rmw_arguments"]
    result = _rmw_result(site)
    if result is not None and block.arguments[0] is not None and block.arguments[0] != result:
        return O["rmw_argument_type"]
    for op in site.nested():
        if op.record is not None and "NoMemoryEffect" not in op.record.interfaces:
            return Placed(O["rmw_side_effects"], op.name_span)
    return None


def memref_atomic_yield(site: Any) -> str | None:
    """AtomicYieldOp::verify: the value yielded has the type of the parent's result."""
    parent = site.parent_site()
    if parent is None or parent.name != "memref.generic_atomic_rmw":
        return None
    expected, got = _rmw_result(parent), site.operand_type(0)
    if expected is not None and got is not None and expected != got:
        return O["yield_type"].format(printed(got), printed(expected))
    return None


def memref_distinct_objects(site: Any) -> str | None:
    """DistinctObjectsOp::verify: each result of its operand's type, at least one operand (the
    custom form's results are inferred from the operands: only the generic form says others)."""
    form = site.form
    if not site.generic or form is None or form.results is None or None in form.results:
        return None
    operands = [site.operand_type(i) for i in range(site.operands)]
    if None in operands:
        return None
    if operands != form.results:
        return O["distinct_types"]
    if not operands:
        return O["distinct_empty"]
    return None


_TRANSPOSE_MAP = re.compile(r"\(([^()]*)\)\s*(?:\[[^\[\]]*\])?\s*->\s*\(([^()]*)\)")


def memref_transpose(site: Any) -> str | None:
    """TransposeOp::verify's first rules: a permutation map, of the input's rank."""
    items = _body(site)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    if site.generic or site.node is None or colon is None or len(items) < 2:
        return None
    data = site.node.text or b""
    start = site.node.start_byte
    text = data[items[1].start_byte - start:items[colon].start_byte - start].decode("utf-8", "replace")
    match = _TRANSPOSE_MAP.match(text.strip())
    source = facts(site.operand_type(0) or "")
    if match is None:
        return None
    dims = [d.strip() for d in match.group(1).split(",") if d.strip()]
    results = [r.strip() for r in match.group(2).split(",") if r.strip()]
    if len(dims) != len(results) or any(r not in dims for r in results) or len(set(results)) != len(results):
        return O["transpose_permutation"]
    if source is not None and source.dims is not None and len(dims) != len(source.dims):
        return O["transpose_rank"]
    return None


PARSERS: dict[str, Callable[[Any], Any]] = {
    "memref.global": memref_global_parse,
    "memref.prefetch": memref_prefetch_parse,
    # GenericAtomicRMWOp::parse: `%m[...]`, an operand list in square brackets, first
    "memref.generic_atomic_rmw": square_operand_list,
}

CHECKS: dict[str, Callable[[Any], Any]] = {
    "memref.global": memref_global,
    "memref.get_global": memref_get_global,
    "memref.reshape": memref_reshape_by_shape,
    "memref.atomic_rmw": memref_atomic_rmw,
    "memref.expand_shape": memref_reshape,
    "memref.collapse_shape": memref_reshape,
    "memref.reinterpret_cast": memref_reinterpret_cast,
    "memref.subview": memref_subview,
    "memref.realloc": memref_realloc,
    "memref.generic_atomic_rmw": memref_generic_atomic_rmw,
    "memref.atomic_yield": memref_atomic_yield,
    "memref.distinct_objects": memref_distinct_objects,
    "memref.transpose": memref_transpose,
    "memref.dma_start": memref_dma_start,
    "memref.dma_wait": memref_dma_wait,
}
