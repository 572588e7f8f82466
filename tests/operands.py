"""Test snippets that write only the ops under test, made well-formed SSA.

A verifier test writes `cute_nvgpu.mma %atom, %d, %a, %b, %c : (...)` and means "operands of
these types"; MLIR (and cute-ir) reject values nothing defines. `declare_operands` makes them
arguments of the enclosing function, each typed as the op's trailing type list says, so the
snippet stays short and is valid IR.
"""
from __future__ import annotations

import re

from cute_ir.syntax.cst import TYPE_KINDS
from cute_ir.syntax import parse

_DEFINED = re.compile(rb"(%[\w$.-]+)(?::\d+)?\s*(?:,\s*%[\w$.-]+(?::\d+)?\s*)*=")


def _operand_types(op) -> dict[int, str]:
    """Operand start byte -> the type the op's trailing `: (T, ...)` / `: T` gives it."""
    body = op.child_by_field_name("body")
    if body is None:
        return {}
    items = body.children
    colon = max((i for i, n in enumerate(items) if n.type == ":"), default=None)
    if colon is None:
        return {}
    uses = []
    for item in items[:colon]:
        if item.type == "value_use":
            uses.append(item)
        elif item.type in ("paren_group", "bracket_group"):
            uses.extend(c for c in item.children if c.type == "value_use")
    tail = items[colon + 1:]
    if tail and tail[0].type == "paren_group":
        types = [t for t in tail[0].named_children if t.type in TYPE_KINDS]
    else:
        types = [t for t in tail if t.type in TYPE_KINDS][:1] * len(uses)
    return {u.start_byte: t.text.decode() for u, t in zip(uses, types)}


def declare_operands(text: str) -> str:
    """`text` with every value its functions use but do not define added to the function's
    signature (`func.func @f(... , %d: memref<64xf32>)`)."""
    data = text.encode()
    root = parse(data).root
    edits = []
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        if node.type != "operation" or (node.child_by_field_name("name").text or b"") != b"func.func":
            continue
        body = node.child_by_field_name("body")
        items = body.children if body is not None else []
        signature = next((items[i + 1] for i, n in enumerate(items[:-1])
                          if n.type == "symbol_ref" and items[i + 1].type == "paren_group"), None)
        if signature is None:
            continue
        source = node.text
        defined = {m.group(1).decode() for m in _DEFINED.finditer(source)}
        defined |= {c.text.decode() for c in signature.children if c.type == "value_use"}
        missing: dict[str, str] = {}   # in the order of first use
        ops = [node]
        while ops:
            op = ops.pop()
            ops.extend(reversed(op.named_children))
            if op.type != "operation":
                continue
            for start, type_text in sorted(_operand_types(op).items()):
                use = root.descendant_for_byte_range(start, start + 1).parent
                name = (use.child_by_field_name("name") or use).text.decode()
                if name not in defined:
                    missing.setdefault(name, type_text)
        if missing:
            declared = ", ".join(f"{name}: {type_text}" for name, type_text in missing.items())
            comma = ", " if signature.named_child_count else ""
            edits.append((signature.end_byte - 1, (comma + declared).encode()))
    for at, insert in sorted(edits, reverse=True):
        data = data[:at] + insert + data[at:]
    return data.decode()
