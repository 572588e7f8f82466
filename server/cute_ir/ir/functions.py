"""A function's signature as data: read from the op's custom form, changed, written back.

`func.func @k(%a: T {attr}, ...) -> R attributes {...} { ... }` is kept as written (a template,
`ir/lift.py`): its argument attributes and its `attributes {...}` are literal text there. A pass
that changes the signature (appends arguments, marks them, sets a function attribute) reads it
into a `FunctionHeader`, changes that, and writes it back: the header is printed afresh from the
entry block's arguments, each argument's attributes, what follows the argument list (`-> R`,
`kernel`) and the op's attributes, as MLIR prints a function.

Functions without a body (declarations) and ops that do not have the `@name(...)` form are not
headers: `FunctionHeader.read` returns None for them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .core import Attribute, Block, BlockArgument, Hole, Operation, Region, Template, Type
from .custom_form import depth_end
from .printer import attribute_dictionary



def _entries(text: str) -> list[str]:
    """The comma-separated entries of `text` at bracket depth 0, stripped, empty ones left out."""
    entries, at = [], 0
    while at < len(text):
        end = depth_end(text, at, ",")
        if text[at:end].strip():
            entries.append(text[at:end].strip())
        at = end + 1
    return entries


def _argument_attributes(text: str) -> dict[str, Attribute]:
    """`{a, b = 1 : i32}` (an argument's attribute dictionary as written) as attributes."""
    found: dict[str, Attribute] = {}
    for entry in _entries(text.strip()[1:-1]):
        equals = depth_end(entry, 0, "=")
        name = entry[:equals].strip().strip('"')
        found[name] = Attribute(entry[equals + 1:].strip()) if equals < len(entry) else Attribute("unit")
    return found


@dataclass
class FunctionHeader:
    """The parts of a function's custom form a pass may change."""

    op: Operation
    symbol: str                                   # `@name`, as written
    argument_attributes: list[dict[str, Attribute]] = field(default_factory=list)
    trailer: str = ""                             # between `)` and `attributes` / the body: `-> i32`, `kernel`

    @property
    def arguments(self) -> list[BlockArgument]:
        return self.op.regions[0].blocks[0].arguments

    @classmethod
    def read(cls, op: Operation) -> "FunctionHeader | None":
        template = op.assembly
        if template is None or len(op.regions) != 1 or not op.regions[0].blocks:
            return None
        pieces = template.pieces
        if not pieces or not isinstance(pieces[0], str) or not pieces[0].startswith("@"):
            return None
        if not isinstance(pieces[-1], Hole) or pieces[-1].kind != "region":
            return None
        # The literal text with each bound argument replaced by a marker: `@k(\0: T {x}, \0: U) -> R ...`.
        text = "".join(p if isinstance(p, str) else "\0" for p in pieces[:-1])
        open_at = text.find("(")
        if open_at < 0:
            return None
        close_at = depth_end(text, open_at + 1, ")")
        if close_at >= len(text):
            return None
        header = cls(op, text[:open_at].strip())
        for entry in _entries(text[open_at + 1:close_at]):
            brace = depth_end(entry, entry.find(":") + 1 if ":" in entry else 0, "{")
            header.argument_attributes.append(_argument_attributes(entry[brace:]) if brace < len(entry) else {})
        if len(header.argument_attributes) != len(header.arguments):
            return None
        rest = text[close_at + 1:]
        keyword = re.search(r"(^|\s)attributes\s*\{", rest)
        header.trailer = (rest[:keyword.start()] if keyword else rest).strip()
        return header

    def add_argument(self, type: Type, attributes: dict[str, Attribute] | None = None,
                     name_hint: str | None = None) -> BlockArgument:
        argument = self.op.regions[0].blocks[0].add_argument(type)
        argument.name_hint = name_hint
        self.argument_attributes.append(dict(attributes or {}))
        return argument

    def write(self) -> None:
        """Set the op's template to the header as it now is."""
        pieces: list[str | Hole] = [self.symbol + "("]
        for index, (argument, attributes) in enumerate(zip(self.arguments, self.argument_attributes)):
            if index:
                pieces.append(", ")
            pieces.append(Hole("bound", index))
            pieces.append(f": {argument.type}" + (" " + attribute_dictionary(attributes) if attributes else ""))
        pieces.append(")")
        if self.trailer:
            pieces.append(" " + self.trailer)
        if self.op.attributes:
            pieces.append(" attributes " + attribute_dictionary(self.op.attributes))
        pieces.append(" ")
        pieces.append(Hole("region", 0))
        self.op.assembly = Template(tuple(pieces))


def function_symbol(op: Operation) -> str | None:
    """A function's `@name` as written, or None for one without the `@name(...)` form."""
    header = FunctionHeader.read(op)
    return header.symbol if header is not None else None


def new_function(symbol: str, argument_types: list[Type], attributes: dict[str, Attribute],
                 trailer: str = "", location=None) -> tuple[Operation, FunctionHeader]:
    """A `func.func` with an empty entry block, printed in its custom form."""
    kwargs = {"location": location} if location is not None else {}
    op = Operation("func.func", attributes=attributes, regions=[Region([Block(argument_types)])], **kwargs)
    header = FunctionHeader(op, symbol, [{} for _ in argument_types], trailer)
    header.write()
    return op, header
