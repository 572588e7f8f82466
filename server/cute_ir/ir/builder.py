"""Build the IR of one unit from its CST subtree.

Never fails: an ERROR node becomes an opaque operation with its span, a half-typed op keeps
whatever parts are there.
"""
from __future__ import annotations

from tree_sitter import Node

from ..diagnostics import Span
from .model import Attribute, Block, Operation, Region, Successor, TypeRef, UnitIR, Use, Value, ValueKind
from ..syntax.cst import TYPE_KINDS, span as _span, text as _text
from ..syntax.parser import WIDE_NODE



# Regions and bracket groups nested deeper than this are not built (an empty region, a
# skipped group): the builder recurses once per level, and user text must not exhaust
# Python's stack.
MAX_NESTING = 100


def _walkable(node: Node) -> bool:
    """Lists wider than WIDE_NODE (a generated list of a million types) are not built into the
    IR, as the queries do not look inside them: `syntax.too-wide` says so where they start."""
    return node.child_count <= WIDE_NODE


class _Builder:
    def __init__(self) -> None:
        self.depth = 0
        self.definitions: dict[str, list[Value]] = {}
        self.uses: dict[str, list[Use]] = {}
        self.labels: dict[str, list[Block]] = {}
        self.label_uses: dict[str, list[Span]] = {}
        self.symbols: dict[str, Span] = {}

    # -------------------------------------------------------------- bookkeeping
    def define(self, value: Value) -> Value:
        self.definitions.setdefault(value.name, []).append(value)
        return value

    def use(self, node: Node) -> Use:
        name_node = node.child_by_field_name("name")
        index_node = node.child_by_field_name("index")
        name_span = _span(name_node) if name_node is not None else _span(node)
        index = int(_text(index_node)[1:]) if index_node is not None else None
        u = Use(_text(name_node) if name_node is not None else _text(node), _span(node), name_span, index)
        self.uses.setdefault(u.name, []).append(u)
        return u

    # -------------------------------------------------------------- statements
    def statement(self, node: Node) -> Operation:
        if node.type == "operation":
            return self.operation(node)
        if node.type in ("type_alias_definition", "attribute_alias_definition"):
            name = node.child_by_field_name("name")
            op = Operation(_text(name), _span(node), _span(name) if name is not None else _span(node), "alias")
            value = node.child_by_field_name("value")
            if value is not None and value.type in TYPE_KINDS:
                op.types.append(TypeRef(_text(value), _span(value), value.type))
            return op
        # ERROR or anything unexpected: an opaque op, so the rest keeps working.
        return Operation("<error>", _span(node), Span(node.start_byte, node.start_byte), "opaque")

    def operation(self, node: Node) -> Operation:
        name_node = node.child_by_field_name("name")
        generic = name_node is not None and name_node.type == "string"
        name = _text(name_node)
        if generic:
            name = name[1:-1]
        op = Operation(name, _span(node), _span(name_node) if name_node is not None else _span(node),
                       "generic" if generic else "custom")
        results = node.child_by_field_name("results")
        if results is not None and _walkable(results):
            for index, r in enumerate(results.named_children):
                value_node = r.child_by_field_name("value")
                count_node = r.child_by_field_name("count")
                if value_node is None:
                    continue
                count = int(_text(count_node)) if count_node is not None else 1
                op.results.append(self.define(Value(_text(value_node), _span(value_node), ValueKind.RESULT, op, count)))
        if generic:
            self.generic_parts(node, op)
        else:
            body = node.child_by_field_name("body")
            if body is not None and _walkable(body):
                self.custom_body(body, op)
        for value, type_ref in zip(op.results, op.result_types):
            value.type = type_ref
        return op

    def generic_parts(self, node: Node, op: Operation) -> None:
        operands = node.child_by_field_name("operands")
        if operands is not None and _walkable(operands):
            op.operands.extend(self.use(u) for u in operands.named_children if u.type == "value_use")
        successors = node.child_by_field_name("successors")
        if successors is not None:
            for s in successors.named_children:
                if s.type == "successor":
                    op.successors.append(Successor(_text(s), _span(s)))
                    self.label_uses.setdefault(_text(s), []).append(_span(s))
        for field in ("properties", "attributes"):
            container = node.child_by_field_name(field)
            if container is not None:
                self.attribute_dict(container.named_children[0] if field == "properties" and container.named_children else container, op)
        regions = node.child_by_field_name("regions")
        if regions is not None:
            for r in regions.named_children:
                if r.type == "region":
                    op.regions.append(self.region(r))
        ftype = node.child_by_field_name("type")
        if ftype is not None:
            self.collect_types(ftype, op)
            results = ftype.child_by_field_name("results")
            if results is not None and _walkable(results):
                if results.type == "type_list":
                    op.result_types.extend(TypeRef(_text(t), _span(t), t.type) for t in results.named_children if t.type in TYPE_KINDS)
                elif results.type in TYPE_KINDS:
                    op.result_types.append(TypeRef(_text(results), _span(results), results.type))

    def attribute_dict(self, node: Node, op: Operation) -> None:
        if node.type != "attribute_dict":
            return
        for entry in node.named_children:
            if entry.type != "attribute_entry":
                continue
            name = entry.child_by_field_name("name")
            value = entry.child_by_field_name("value")
            key = _text(name)
            if name is not None and name.type == "string":
                key = key[1:-1]
            op.attributes.append(Attribute(key, _span(entry), _text(value) if value is not None else None,
                                           _span(value) if value is not None else None))
            if value is not None:
                self.collect_types(value, op)

    def collect_types(self, node: Node, op: Operation) -> None:
        stack = [node]   # iterative: attribute values nest as deep as the user writes them
        while stack:
            current = stack.pop()
            if current.type in TYPE_KINDS and current.type != "function_type":
                op.types.append(TypeRef(_text(current), _span(current), current.type))
            elif _walkable(current):
                stack.extend(reversed(current.named_children))

    def custom_body(self, body: Node, op: Operation) -> None:
        """Walk a flat custom body: uses, bound values, regions, types, attributes, symbols."""
        items = body.children
        last_colon = None
        signature_index = None
        for index, item in enumerate(items):
            kind = item.type
            if index == signature_index:
                self.signature(item, op)
            elif kind == "value_use":
                nxt = items[index + 1] if index + 1 < len(items) else None
                if nxt is not None and nxt.type == "=":
                    op.bound.append(self.define(Value(_text(item), _span(item), ValueKind.BOUND, op)))
                else:
                    op.operands.append(self.use(item))
            elif kind == "successor":
                op.successors.append(Successor(_text(item), _span(item)))
                self.label_uses.setdefault(_text(item), []).append(_span(item))
            elif kind == "region":
                op.regions.append(self.region(item))
            elif kind == "attribute_dict":
                self.attribute_dict(item, op)
            elif kind == "symbol_ref" and op.symbol is None and index <= 2:
                op.symbol = (_text(item), _span(item))
                self.symbols.setdefault(_text(item), _span(item))
                nxt = items[index + 1] if index + 1 < len(items) else None
                if nxt is not None and nxt.type == "paren_group":
                    signature_index = index + 1
            elif kind == ":":
                last_colon = index
            elif kind in ("paren_group", "bracket_group", "angle_group"):
                self.group(item, op)
            elif kind in TYPE_KINDS:
                op.types.append(TypeRef(_text(item), _span(item), kind))
        if last_colon is not None:
            self.trailing_types(items[last_colon + 1:], op)

    def group(self, node: Node, op: Operation) -> None:
        if self.depth >= MAX_NESTING:
            return
        self.depth += 1
        try:
            self._group_items(node, op)
        finally:
            self.depth -= 1

    def _group_items(self, node: Node, op: Operation) -> None:
        items = node.children
        for index, item in enumerate(items):
            if item.type == "value_use":
                nxt = items[index + 1] if index + 1 < len(items) else None
                if nxt is not None and nxt.type == "=":
                    op.bound.append(self.define(Value(_text(item), _span(item), ValueKind.BOUND, op)))
                else:
                    op.operands.append(self.use(item))
            elif item.type in TYPE_KINDS:
                op.types.append(TypeRef(_text(item), _span(item), item.type))
            elif item.type in ("paren_group", "bracket_group", "angle_group"):
                self.group(item, op)
            elif item.type == "region":
                op.regions.append(self.region(item))
            elif item.type == "attribute_dict":
                self.attribute_dict(item, op)
            elif item.type == "successor":
                op.successors.append(Successor(_text(item), _span(item)))
                self.label_uses.setdefault(_text(item), []).append(_span(item))

    def signature(self, group: Node, op: Operation) -> None:
        """`@f(%a: i32, %b: !t)`: arguments of the entry block of the op's region."""
        items = group.children
        for index, item in enumerate(items):
            if item.type == "value_use":
                nxt = items[index + 1] if index + 1 < len(items) else None
                if nxt is None or nxt.type != ":":
                    op.operands.append(self.use(item))
                    continue
                type_node = items[index + 2] if index + 2 < len(items) else None
                type_ref = None
                if type_node is not None and type_node.type in TYPE_KINDS:
                    type_ref = TypeRef(_text(type_node), _span(type_node), type_node.type)
                op.bound.append(self.define(Value(_text(item), _span(item), ValueKind.BLOCK_ARGUMENT, op, type=type_ref)))
            elif item.type in TYPE_KINDS:
                op.types.append(TypeRef(_text(item), _span(item), item.type))

    def trailing_types(self, items: list[Node], op: Operation) -> None:
        """Result types of a custom op: the types after its last top-level ':' (after '->' if any)."""
        arrow = max((i for i, n in enumerate(items) if n.type == "->"), default=None)
        tail = items[arrow + 1:] if arrow is not None else items
        for node in tail:
            if node.type in TYPE_KINDS:
                op.result_types.append(TypeRef(_text(node), _span(node), node.type))
            elif node.type == "paren_group" and arrow is not None:
                op.result_types.extend(TypeRef(_text(t), _span(t), t.type) for t in node.named_children if t.type in TYPE_KINDS)

    # -------------------------------------------------------------- regions
    def region(self, node: Node) -> Region:
        region = Region(_span(node))
        if self.depth >= MAX_NESTING:
            return region
        self.depth += 1
        try:
            self._region_blocks(node, region)
        finally:
            self.depth -= 1
        return region

    def _region_blocks(self, node: Node, region: Region) -> None:
        entry: Block | None = None
        for child in node.named_children:
            if child.type == "block":
                region.blocks.append(self.block(child))
            elif child.type in ("operation", "type_alias_definition", "attribute_alias_definition", "ERROR"):
                if entry is None:
                    entry = Block(None, None, _span(child))
                    region.blocks.append(entry)
                entry.operations.append(self.statement(child))
                entry.span = Span(entry.span.start, child.end_byte)

    def block(self, node: Node) -> Block:
        label = node.child_by_field_name("label")
        name_node = label.child_by_field_name("name") if label is not None else None
        block = Block(_text(name_node) or None, _span(name_node) if name_node is not None else None, _span(node))
        if label is not None:
            for arg in label.named_children:
                if arg.type != "block_argument":
                    continue
                n = arg.child_by_field_name("name")
                t = arg.child_by_field_name("type")
                if n is None:
                    continue
                type_ref = TypeRef(_text(t), _span(t), t.type) if t is not None else None
                block.arguments.append(self.define(Value(_text(n), _span(n), ValueKind.BLOCK_ARGUMENT, block, type=type_ref)))
        if block.label:
            self.labels.setdefault(block.label, []).append(block)
        for child in node.named_children:
            if child.type in ("operation", "type_alias_definition", "attribute_alias_definition", "ERROR"):
                block.operations.append(self.statement(child))
        return block


def build_unit(nodes: list[Node], span: Span) -> UnitIR:
    """IR for the statements of one unit."""
    b = _Builder()
    ops = [b.statement(n) for n in nodes]
    return UnitIR(span, ops, b.definitions, b.uses, b.labels, b.label_uses, b.symbols)
