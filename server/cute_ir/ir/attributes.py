"""Reading the attribute values the IR keeps as text.

An op's attribute is inherent (a property, `<{...}>` in the generic form) or discardable
(`{...}`); readers ask for it by name and get either. The values verifiers and passes read are
enum cases (`#nv_tileas.mem_semantic<acquire>`), integers (`16 : i32`) and dense arrays
(`array<i64: 64, 128>`); each is parsed here, once.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .core import Attribute, Operation

_ENUM = re.compile(r"^#(\w+)\.(\w+)<\s*(\w+)\s*>$")
_LEADING_INTEGER = re.compile(r"^\s*(-?\d+)")
_INTEGERS = re.compile(r"-?\d+")
_DENSE_ARRAY = re.compile(r"^array<\s*\w+\s*(?::(.*))?>$", re.S)


@dataclass(frozen=True)
class EnumCase:
    """`#<dialect>.<enum><case>`."""

    dialect: str
    enum: str
    case: str


def attribute(op: Operation, name: str) -> Attribute | None:
    """`op`'s attribute `name`, inherent or discardable."""
    return op.attributes.get(name) or op.properties.get(name)


def parse_enum(text: str) -> EnumCase | None:
    """The enum case an attribute's text spells, or None for any other attribute."""
    match = _ENUM.match(text.strip())
    return EnumCase(*match.groups()) if match is not None else None


def enum_case(op: Operation, name: str, dialect: str, enum: str) -> str | None:
    """The case of `op`'s `#<dialect>.<enum><case>` attribute `name` (None when it is absent or
    written with another enum)."""
    attr = attribute(op, name)
    found = parse_enum(attr.text) if attr is not None else None
    return found.case if found is not None and (found.dialect, found.enum) == (dialect, enum) else None


def integer(op: Operation, name: str) -> int | None:
    """The integer attribute `name` (`16`, `16 : i32`)."""
    return integer_value(attribute(op, name))


def integer_value(attr: Attribute | None) -> int | None:
    """The integer an attribute spells (`16`, `16 : i32`), or None."""
    match = _LEADING_INTEGER.match(attr.text) if attr is not None else None
    return int(match.group(1)) if match else None


def integers(op: Operation, name: str) -> list[int] | None:
    """The elements of a dense integer array attribute (`array<i64: 64, 128>`)."""
    attr = attribute(op, name)
    if attr is None:
        return None
    dense = _DENSE_ARRAY.match(attr.text.strip())
    body = (dense.group(1) or "") if dense is not None else attr.text      # `array<i64>` is empty
    return [int(n) for n in _INTEGERS.findall(body)]
