"""The gpu dialect's own verifiers beyond its reductions (mlir/lib/Dialect/GPU/IR/GPUDialect.cpp,
MLIR 22), as callables on the ops' records: `gpu.func`'s kernel result and attributions,
`gpu.return` against the function around it, `gpu.memcpy`'s two memrefs,
`gpu.dynamic_shared_memory`'s result type.

Each takes what the text says of one op (ir/ssa.OpSite) and returns None, a message that
verify/structure.py prefixes with `'<op>' op `, or a `Placed` message. What the text does not
say (a type through an alias, a signature with attributes this reading does not split) is not
judged.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from ..diagnostics.mlir_messages import GPU as M
from ..syntax.cst import TYPE_KINDS
from .constraints import compatible_shapes, facts, normalized_type, printed
from .op_checks import Placed, _body, _group

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
    verifyBody: memrefs, in the workgroup or private address space their keyword names."""
    if site.generic:
        return None
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


CHECKS: dict[str, Callable[[Any], Any]] = {
    "gpu.func": gpu_func,
    "gpu.return": gpu_return,
    "gpu.memcpy": gpu_memcpy,
    "gpu.dynamic_shared_memory": gpu_dynamic_shared_memory,
}
