"""The gpu dialect's own verifiers beyond its reductions (mlir/lib/Dialect/GPU/IR/GPUDialect.cpp,
MLIR 22), as callables on the ops' records: `gpu.func`'s kernel result and attributions,
`gpu.return` against the function around it, `gpu.memcpy`'s two memrefs,
`gpu.dynamic_shared_memory`'s result type, `gpu.launch_func` against its module and the kernel
it names (other statements, found through dialects/lookup.Lookup), the values crossing
`gpu.warp_execute_on_lane_0`'s region, `gpu.launch`'s body, and the MMA matrices of
`gpu.subgroup_mma_compute` / `load_matrix` / `store_matrix`.

Each takes what the text says of one op (ir/ssa.OpSite) and returns None, a message that
verify/structure.py prefixes with `'<op>' op `, or a `Placed` message. What the text does not
say (a type through an alias, a signature with attributes this reading does not split) is not
judged.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from ..diagnostics import Span
from ..diagnostics.mlir_messages import ATTRIBUTE_CONSTRAINT, CUSTOM_OP, GPU as M
from ..syntax.cst import TYPE_KINDS
from .constraints import attribute_facts, compatible_shapes, facts, normalized_type, printed
from .lookup import MISSING, Definition
from .ods import Trait
from .memref_checks import last_dim_unit_stride
from .op_checks import (Placed, _body, _entries, _function_attributes, _function_type, _group, _integer_attribute,
                        only_block)

_ADDRESS_SPACE = re.compile(r"#gpu\.address_space<\s*(\w+)\s*>")


def _attributions(site: Any) -> list[tuple[str, list[str | None]]]:
    """`workgroup(%a: T, ...)` / `private(...)` of a gpu.func's custom form: each keyword with
    the types it gives its values."""
    items = _body(site)
    out = []
    for word, group in zip(items, items[1:]):
        if word.type in ("keyword", "bare_id") and word.text in (b"workgroup", b"private") \
                and group.type == "paren_group":
            types = [normalized_type((c.text or b"").decode("utf-8", "replace"))
                     for c in group.named_children if c.type in TYPE_KINDS]
            out.append((word.text.decode(), types))
    return out


def gpu_func(site: Any) -> str | None:
    """GPUFuncOp::verifyType (a kernel returns nothing), then the attributions of
    verifyBody: memrefs, in the workgroup or private address space their keyword names. In
    the generic form, verifyBody's region: a block, with an argument for each of the function
    type's inputs and each workgroup attribution."""
    if site.generic:
        return _generic_gpu_func(site)
    items = _body(site)
    words = {item.text for item in items if item.type in ("keyword", "bare_id")}
    arrow = next((i for i, item in enumerate(items) if item.type == "->"), None)
    if b"kernel" in words and arrow is not None and arrow + 1 < len(items):
        after = items[arrow + 1]
        returns = [c for c in after.named_children if c.type in TYPE_KINDS] if after.type == "paren_group" else [after]
        if returns and all(r.type in TYPE_KINDS for r in returns):
            return M["kernel_void"]
    for keyword, types in _attributions(site):
        for text in types:
            t = facts(text) if text is not None else None
            if t is None:
                continue
            if t.kind != "memref" or text.startswith("memref<*"):
                return M["attribution_memref"]
            space = _ADDRESS_SPACE.search(text)
            if space is not None and space.group(1) != keyword:
                return M["attribution_space"].format(keyword)
    return None


def gpu_return(site: Any) -> Placed | str | None:
    """gpu::ReturnOp::verify: as many operands as the gpu.func's results (a note at the
    function), then each of their types."""
    parent = site.parent_site()
    function = site.function()
    if parent is None or parent.name != "gpu.func" or function is None or function[1] is None:
        return None
    if gpu_func(parent) is not None:
        return None     # MLIR's verifier stops at the function's own error
    results = function[1]
    if site.operands != len(results):
        return Placed(f"'{site.name}' op " + M["return_count"].format(len(results)),
                      notes=((parent.name_span, M["return_note"]),))
    for i, expected in enumerate(results):
        got = site.operand_type(i)
        if got is not None and expected is not None and got != expected:
            return M["return_type"].format(printed(got), i)
    return None


def gpu_memcpy(site: Any) -> str | None:
    """MemcpyOp::verify: the same element type, compatible shapes."""
    dsts, srcs = _group(site, "dst"), _group(site, "src")
    if not dsts or not srcs:
        return None
    dst, src = dsts[0], srcs[0]
    a, b = (facts(t) if t is not None else None for t in (dst, src))
    if a is None or b is None or a.element is None or b.element is None:
        return None
    if a.element.text != b.element.text:
        return M["memcpy_element"]
    if compatible_shapes([src, dst]) is False:
        return M["memcpy_shape"]
    return None


def gpu_dynamic_shared_memory(site: Any) -> str | None:
    """DynamicSharedMemoryOp::verify: a memref in the workgroup address space, of dynamic shape."""
    result = site.result_type(0)
    t = facts(result) if result is not None else None
    if t is None or t.kind != "memref" or t.dims is None:
        return None
    space = _ADDRESS_SPACE.search(result)
    if space is None or space.group(1) != "workgroup":
        return M["dynamic_space"]
    if all(d is not None for d in t.dims):
        return M["dynamic_static"]
    return None


_KERNEL_REFERENCE = re.compile(r'@("[^"]*"|[\w$.-]+)::@("[^"]*"|[\w$.-]+)')


def gpu_launch_func(site: Any) -> str | None:
    """LaunchFuncOp::verify (the module around it is a GPU container module), then its kernel
    as the symbol table around the op's function holds it (`@module::@function`: a
    `gpu.module`'s function, a kernel, taking the launch's `args(...)`). Looked up in the
    document (`OpSite.kernel`) for a launch directly in a function of the table, as MLIR does."""
    if site.container_module() is False:
        return M["launch_container_module"]
    reference = _kernel_reference(site)
    parent = site.parent_site()
    if reference is None or parent is None or parent.parent_site() is not None or site.container_module() is not True:
        return None
    module, name = reference
    container, function = site.kernel(module, name)
    if container is MISSING:
        return M["launch_container"].format(module)
    if not isinstance(container, Definition) or container.op == "gpu.binary":
        return None
    if container.op != "gpu.module":
        return M["launch_module"].format(module)
    if function is MISSING:
        return M["launch_function"].format(module, name)
    if not isinstance(function, Definition):
        return None
    # A function: FunctionOpInterface, as LaunchFuncOp asks (the registry imports this module
    # for its records' checks, so it is imported here, when a launch is verified).
    from .registry import is_function
    if not is_function(function.op):
        return M["launch_not_function"].format(module, name)
    if not function.kernel:
        return M["launch_not_kernel"]
    arguments = _launch_arguments(site)
    if function.op != "gpu.func" or function.signature is None or arguments is None:
        return None
    expected = function.signature.inputs
    if len(arguments) != len(expected):
        return M["launch_operand_count"].format(len(arguments), len(expected))
    for i, (got, want) in enumerate(zip(arguments, expected)):
        if got is not None and want is not None and normalized_type(got) != normalized_type(want):
            return M["launch_operand_type"].format(i)
    return None


def _kernel_reference(site: Any) -> tuple[str, str] | None:
    """The `@module::@function` a launch names (its `kernel` attribute in either form)."""
    node = site.attribute("kernel")
    if node is None and not site.generic:
        node = next((item for item in _body(site) if item.type == "symbol_ref"), None)
    match = _KERNEL_REFERENCE.fullmatch((node.text or b"").decode("utf-8", "replace").strip()) if node is not None else None
    if match is None:
        return None
    return match.group(1).strip('"'), match.group(2).strip('"')


def _launch_arguments(site: Any) -> list[str | None] | None:
    """The types of a custom form's `args(%a : T, ...)` (none written: no arguments); None for
    the generic form."""
    if site.generic:
        return None
    items = _body(site)
    for word, group in zip(items, items[1:]):
        if word.type in ("keyword", "bare_id") and word.text == b"args" and group.type == "paren_group":
            return [normalized_type((c.text or b"").decode("utf-8", "replace"))
                    for c in group.named_children if c.type in TYPE_KINDS]
    return []


def gpu_launch_func_parse(site: Any) -> Placed | None:
    """parseLaunchFuncOperands: `args(%a : T, ...)` holds values and their types only (an
    attribute after a type is refused where it starts); the kernel it names is a symbol
    reference (a string is another kind of attribute, refused where it stands)."""
    items = _body(site)
    kernel = next((item for item in items if item.type in ("symbol_ref", "string")), None)
    if kernel is not None and kernel.type == "string":
        return Placed(CUSTOM_OP.format(site.name, M["launch_kernel_kind"]), Span(kernel.start_byte, kernel.end_byte))
    for word, group in zip(items, items[1:]):
        if word.type in ("keyword", "bare_id") and word.text == b"args" and group.type == "paren_group":
            extra = next((c for c in group.named_children if c.type == "attribute_dict"), None)
            if extra is not None:
                return Placed(M["launch_argument_list"], Span(extra.start_byte, extra.start_byte + 1))
    return None


def _warp_header(site: Any) -> tuple[int, list[str | None], list[str | None] | None] | None:
    """A gpu.warp_execute_on_lane_0 custom form's `(%lane)[N] args(%a : T, ...) -> (R, ...)`:
    the warp size, the types `args` gives, and the result types (None where not written)."""
    items = _body(site)
    size = next((item for item in items if item.type == "bracket_group"), None)
    match = re.fullmatch(r"\[\s*(\d+)\s*\]", (size.text or b"").decode("utf-8", "replace")) if size is not None else None
    if match is None:
        return None
    arguments = _launch_arguments(site) or []
    arrow = next((i for i, item in enumerate(items) if item.type == "->"), None)
    results: list[str | None] | None = []
    if arrow is not None:
        after = items[arrow + 1] if arrow + 1 < len(items) else None
        if after is None:
            return None
        kinds = [c for c in after.named_children if c.type != "comment"] if after.type == "paren_group" else [after]
        if not all(k.type in TYPE_KINDS for k in kinds):
            return None
        results = [normalized_type((k.text or b"").decode("utf-8", "replace")) for k in kinds]
    return int(match.group(1)), arguments, results


def _distributed(expanded: str | None, distributed: str | None, warp: int) -> str | None:
    """verifyDistributedType: a value crossing the warp region's edge is the same type, or a
    vector of the same rank and element type whose dimensions divide among the warp's lanes."""
    if expanded is None or distributed is None or expanded == distributed:
        return None
    big, small = facts(expanded), facts(distributed)
    if big is None or small is None:
        return None
    if big.kind != "vector" or small.kind != "vector":
        return M["warp_vector"]
    if big.dims is None or small.dims is None or None in big.dims or None in small.dims:
        return None
    if len(big.dims) != len(small.dims) or big.element is None or small.element is None \
            or big.element.text != small.element.text:
        return M["warp_rank"]
    lanes = 1
    for i, (e, d) in enumerate(zip(big.dims, small.dims)):
        if e == d:
            continue
        if d == 0 or e % d != 0:
            return M["warp_multiple"].format(i, e, d)
        lanes *= e // d
    if lanes != warp:
        return M["warp_distribution"].format(printed(expanded), printed(distributed), warp)
    return None


def gpu_warp_execute(site: Any) -> str | None:
    """WarpExecuteOnLane0Op::verify: as many block arguments as `args`, as many yielded values
    as results, and each pair of them an expanded and a distributed type of one value (the
    custom form; the block's implicit gpu.yield yields nothing)."""
    if site.generic:
        return None
    header = _warp_header(site)
    one, block = only_block(site)
    if header is None or not one:
        return None
    warp, arguments, results = header
    block_arguments = block.arguments if block is not None else ()
    if block_arguments is None:
        return None
    if len(arguments) != len(block_arguments):
        return M["warp_arguments"]
    terminator = block.terminator if block is not None else None
    if terminator is not None and terminator.name == "gpu.yield":
        yielded = [terminator.operand_type(i) for i in range(terminator.operands)]
    elif terminator is None or terminator.record is None or not terminator.record.has(Trait.TERMINATOR):
        yielded = []     # the gpu.yield the parser adds
    else:
        return None
    if results is None:
        return None
    if len(yielded) != len(results):
        return M["warp_yield"]
    for expanded, distributed in list(zip(block_arguments, arguments)) + list(zip(yielded, results)):
        problem = _distributed(expanded, distributed, warp)
        if problem is not None:
            return problem
    return None


_MMA_MATRIX = re.compile(r'^!gpu\.mma_matrix<((?:[0-9]+x)+)([^,]+),"(\w+)">$')


def _mma_matrix(text: str | None) -> tuple[list[int], str, str] | None:
    """A `!gpu.mma_matrix<16x16xf16, "AOp">` type's shape, element type and operand kind."""
    match = _MMA_MATRIX.match(normalized_type(text) or "") if text is not None else None
    if match is None:
        return None
    return [int(d) for d in match.group(1).split("x") if d], match.group(2), match.group(3)


# MMAMatrixType::verifyInvariants: the operand kinds, and the element types isValidElementType takes.
_MATRIX_OPERANDS = ("AOp", "BOp", "COp")
_MATRIX_ELEMENTS = frozenset({"f16", "f32", "f64", "ui8", "si8", "i32"})
_MATRIX_TEXT = re.compile(r'^!gpu\.mma_matrix<((?:[0-9]+x)+)([^,]+),"(\w*)">$')


def _matrix_types(site: Any) -> Placed | None:
    """MMAMatrixType::verifyInvariants of each `!gpu.mma_matrix<...>` the op's custom form
    writes after its colon (the type parser's error, at the type's keyword): an operand kind of
    AOp, BOp or COp, two dimensions, an element type the type takes."""
    items = _body(site)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    for item in items[colon + 1:] if colon is not None else ():
        text = re.sub(r"\s+", "", (item.text or b"").decode("utf-8", "replace")) if item.type in TYPE_KINDS else ""
        match = _MATRIX_TEXT.match(text)
        if match is None:
            continue
        keyword = next((c for c in item.named_children if c.type == "type_name"), item)
        where = Span(keyword.start_byte, keyword.end_byte)
        if match.group(3) not in _MATRIX_OPERANDS:
            return Placed(M["matrix_operand"], where)
        if len([d for d in match.group(1).split("x") if d]) != 2:
            return Placed(M["matrix_rank"], where)
        if match.group(2) not in _MATRIX_ELEMENTS:
            return Placed(M["matrix_element"], where)
    return None


def _with_matrix_types(check: Callable[[Any], Any] | None) -> Callable[[Any], Any]:
    """An MMA matrix op's check after its types' own (which MLIR's parser makes first)."""
    def checked(site: Any) -> Any:
        return _matrix_types(site) or (check(site) if check is not None else None)
    return checked


def gpu_mma_compute(site: Any) -> Placed | None:
    """SubgroupMmaComputeOp::verify (its `emitError`, not prefixed): A, B and C in that order,
    their shapes those of a matrix product."""
    matrices = [_mma_matrix(site.operand_type(i)) for i in range(3)] if site.operands == 3 else []
    if len(matrices) != 3 or any(m is None or len(m[0]) != 2 for m in matrices):
        return None
    (a, _, ka), (b, _, kb), (c, _, kc) = matrices
    if (ka, kb, kc) != ("AOp", "BOp", "COp"):
        return Placed(M["mma_order"])
    if a[1] != b[0] or a[0] != c[0] or b[1] != c[1]:
        return Placed(M["mma_shapes"])
    return None


def _written_type(site: Any, index: int) -> str | None:
    """Operand `index`'s type: the one the custom form writes in that place after its colon
    (as written, aliases included), else the one the value is known to have."""
    items = _body(site)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    types = [item for item in items[colon + 1:] if item.type in TYPE_KINDS] if colon is not None else []
    if index < len(types) and types[index].text:
        return types[index].text.decode("utf-8", "replace")
    return site.operand_type(index)


def gpu_mma_load(site: Any) -> Placed | None:
    """SubgroupMmaLoadMatrixOp::verify (its `emitError`, not prefixed): the source's last
    dimension has unit stride."""
    return Placed(M["mma_load_stride"]) if last_dim_unit_stride(site, _written_type(site, 0)) is False else None


def gpu_mma_store(site: Any) -> Placed | None:
    """SubgroupMmaStoreMatrixOp::verify (its `emitError`, not prefixed): the destination's last
    dimension has unit stride, and the stored matrix is a `COp`."""
    unit = last_dim_unit_stride(site, _written_type(site, 1))
    if unit is False:
        return Placed(M["mma_store_stride"])
    matrix = _mma_matrix(site.operand_type(0))
    if unit is None or matrix is None:
        return None
    return Placed(M["mma_store_c"]) if matrix[2] != "COp" else None


def _generic_gpu_func(site: Any) -> str | None:
    regions = site.region_blocks()
    if len(regions) != 1:
        return None
    if not regions[0]:
        return M["func_empty"]
    arguments = regions[0][0].arguments
    signature = _function_type(re.sub(r"\s+", "", (site.attribute("function_type").text or b"").decode())) \
        if site.attribute("function_type") is not None else None
    attributions = _integer_attribute(site, "workgroup_attributions") if site.attribute("workgroup_attributions") else 0
    if arguments is None or signature is None or attributions is None:
        return None
    if len(arguments) < len(signature[0]) + attributions:
        return M["func_arguments"].format(len(signature[0]) + attributions)
    return None


def gpu_rotate(site: Any) -> str | None:
    """RotateOp::verify: the offset within the width."""
    offset, width = _integer_attribute(site, "offset"), _integer_attribute(site, "width")
    if offset is None or width is None or offset < width:
        return None
    return M["rotate_offset"].format(width)


_LAUNCH_SIZES = ("gpu.known_block_size", "gpu.known_grid_size")


def function_attributes(site: Any) -> str | None:
    """GPUDialect::verifyOperationAttribute of a function's `gpu.known_block_size` /
    `gpu.known_grid_size`: a dense i32 array of 3 elements."""
    if site.generic:
        return None
    written = _entries(_function_attributes(_body(site))[1])
    for name in _LAUNCH_SIZES:
        node = written.get(name)
        if node is None:
            continue
        match = re.fullmatch(r"array<\s*i32\s*(?::(.*))?>", (node.text or b"").decode().strip(), re.S)
        if match is None:
            return M["launch_size_array"].format(name)
        if len([v for v in (match.group(1) or "").split(",") if v.strip()]) != 3:
            return M["launch_size_count"].format(name)
    return None


# LaunchOp's region arguments: block and thread ids and the grid and block sizes, 3 each
# (kNumConfigRegionAttributes), then one per workgroup attribution.
_LAUNCH_REGION_ARGUMENTS = 12


def gpu_launch(site: Any) -> str | Placed | None:
    """LaunchOp::verifyRegions: the body's entry block has its 12 arguments and one per
    workgroup attribution (the generic form's label states them; the custom form's header
    binds them), and each block ending without successors ends with `gpu.terminator` (an
    error at that op, with a note at the launch)."""
    regions = site.region_blocks()
    if len(regions) != 1 or not regions[0]:
        return None
    entry = regions[0][0].arguments
    attributions = _integer_attribute(site, "workgroup_attributions") if site.attribute("workgroup_attributions") else 0
    if entry is not None and attributions is not None and len(entry) < _LAUNCH_REGION_ARGUMENTS + attributions:
        return M["launch_region_arguments"]
    for block in regions[0]:
        last = block.terminator
        if block.ops == 0 or last is None or last.successors != 0 or last.name == "gpu.terminator":
            continue
        return Placed(M["launch_terminator"], last.name_span, notes=((site.name_span, M["launch_terminator_note"]),))
    return None


def gpu_binary(site: Any) -> str | None:
    """ODS's constraint of `gpu.binary`'s offloading handler, which its format places in `<...>`:
    an attribute with the OffloadingTranslationAttrTrait, never a builtin attribute."""
    handler = site.attribute("offloadingHandler")
    text = (handler.text or b"").decode("utf-8", "replace").strip() if handler is not None else ""
    facts_ = attribute_facts(text) if text and not text.startswith("#") else None
    if facts_ is None or facts_.kind == "other":
        return None
    from .mlir_ods import CONSTRAINTS   # mlir_ods builds the records these checks sit on
    return ATTRIBUTE_CONSTRAINT.format("offloadingHandler", CONSTRAINTS["OffloadingTranslationAttr"]["summary"])


_KERNEL_TABLE = re.compile(rb"#gpu\.kernel_table\s*(<)\s*\[")
_KERNEL_NAME = re.compile(rb'#gpu\.kernel_metadata\s*<\s*"((?:[^"\\]|\\.)*)"')


def gpu_binary_parse(site: Any) -> Placed | None:
    """KernelTableAttr::verify, as the attribute parser builds a `#gpu.kernel_table<[...]>` of
    `gpu.binary`'s objects: no two kernels of one name (at the table's `<`)."""
    node = site.node
    text = node.text or b"" if node is not None else b""
    for table in _KERNEL_TABLE.finditer(text):
        close = text.find(b"]", table.end())
        names = _KERNEL_NAME.findall(text[table.end():close if close >= 0 else len(text)])
        if len(set(names)) != len(names):
            at = node.start_byte + table.start(1)
            return Placed(M["kernels_unique"], Span(at, at + 1))
    return None


def gpu_func_parse(site: Any) -> Placed | None:
    """GPUFuncOp::parse: the signature names its arguments (an empty one need not), refused
    at its `(`."""
    items = _body(site)
    signature = items[1] if len(items) > 1 and items[0].type == "symbol_ref" and items[1].type == "paren_group" else None
    inner = [c for c in signature.named_children if c.type != "comment"] if signature is not None else []
    if not inner or any(c.type == "value_use" for c in inner) or not all(c.type in TYPE_KINDS | {"attribute_dict"} for c in inner):
        return None
    return Placed(CUSTOM_OP.format(site.name, M["func_named_arguments"]), Span(signature.start_byte, signature.start_byte + 1))


# What the custom parsers refuse before anything is verified (OpDef.parse).
PARSERS: dict[str, Callable[[Any], Any]] = {
    "gpu.launch_func": gpu_launch_func_parse,
    "gpu.func": gpu_func_parse,
    "gpu.binary": gpu_binary_parse,
}

CHECKS: dict[str, Callable[[Any], Any]] = {
    "gpu.launch": gpu_launch,
    "gpu.launch_func": gpu_launch_func,
    "gpu.func": gpu_func,
    "gpu.rotate": gpu_rotate,
    "gpu.return": gpu_return,
    "gpu.memcpy": gpu_memcpy,
    "gpu.dynamic_shared_memory": gpu_dynamic_shared_memory,
    "gpu.warp_execute_on_lane_0": gpu_warp_execute,
    "gpu.binary": gpu_binary,
    **{name: _with_matrix_types(check) for name, check in (
        ("gpu.subgroup_mma_compute", gpu_mma_compute),
        ("gpu.subgroup_mma_store_matrix", gpu_mma_store),
        ("gpu.subgroup_mma_load_matrix", gpu_mma_load),
        ("gpu.subgroup_mma_constant_matrix", None),
        ("gpu.subgroup_mma_elementwise", None),
        ("gpu.subgroup_mma_extract_thread_local", None),
        ("gpu.subgroup_mma_insert_thread_local", None))},
}
