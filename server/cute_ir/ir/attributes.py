"""Reading the attribute values the IR keeps as text.

An op's attribute is inherent (a property, `<{...}>` in the generic form) or discardable
(`{...}`); readers ask for it by name and get either. The values verifiers and passes read are
enum cases (`#nv_tileas.mem_semantic<acquire>`), integers (`16 : i32`) and dense arrays
(`array<i64: 64, 128>`); each is parsed here, once.

A value may be written as a `#name` alias. MLIR's parser replaces it by what it stands for
before any verifier runs; the verifiers read the unit's IR as written, so the reads here resolve
it, under `reading_aliases` (the lowering resolves the IR it rewrites first: ir/aliases.py).
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterator

from .aliases import AliasTable
from .core import Attribute, OpResult, Operation, Value

_ENUM = re.compile(r"^#(\w+)\.(\w+)<\s*(\w+)\s*>$")
_LEADING_INTEGER = re.compile(r"^\s*(-?\d+)")
_INTEGERS = re.compile(r"-?\d+")
_DENSE_ARRAY = re.compile(r"^array<\s*\w+\s*(?::(.*))?>$", re.S)
_CONSTANT_VALUE = re.compile(r"^\s*(-?(?:0x[0-9a-fA-F]+|\d+\.?\d*(?:[eE][-+]?\d+)?))")


@dataclass(frozen=True)
class EnumCase:
    """`#<dialect>.<enum><case>`."""

    dialect: str
    enum: str
    case: str


# The aliases the reads below resolve (`reading_aliases`); None: values are read as written.
_aliases: ContextVar[AliasTable | None] = ContextVar("attribute_aliases", default=None)


@contextmanager
def reading_aliases(table: AliasTable) -> Iterator[None]:
    """Within the block, attribute values read through this module have `table`'s aliases
    resolved."""
    token = _aliases.set(table)
    try:
        yield
    finally:
        _aliases.reset(token)


def _resolved(attr: Attribute | None) -> Attribute | None:
    table = _aliases.get()
    if attr is None or table is None:
        return attr
    text = table.expand(attr.text)
    return attr if text == attr.text else Attribute(text)


def attribute(op: Operation, name: str) -> Attribute | None:
    """`op`'s attribute `name`, inherent or discardable, its aliases resolved."""
    return _resolved(op.attributes.get(name) or op.properties.get(name))


def all_attributes(op: Operation) -> dict[str, Attribute]:
    """`op`'s inherent and discardable attributes by name (a discardable one wins, as in
    `attribute`), their aliases resolved."""
    return {name: _resolved(attr) for name, attr in {**op.properties, **op.attributes}.items()}


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


def constant_number(value: Value) -> float | None:
    """The number an `arith.constant` result holds (`1.0 : f32`, `value = 0 : index`), or None.
    A hexadecimal literal is the value's bit pattern, MLIR's spelling of NaNs and infinities."""
    if not isinstance(value, OpResult) or value.owner.name != "arith.constant":
        return None
    attr = attribute(value.owner, "value")
    text = attr.text if attr is not None else written_text(value.owner)
    match = _CONSTANT_VALUE.match(text or "")
    if match is None:
        return None
    number = match.group(1)
    return float(int(number, 16)) if number.lower().lstrip("-").startswith("0x") else float(number)


def written_text(op: Operation) -> str | None:
    """A custom-form op's written text after its name (`arith.constant 1.0 : f32` -> `1.0 : f32`)."""
    if op.assembly is None:
        return None
    return "".join(p for p in op.assembly.pieces if isinstance(p, str))


# `arith.cmpi`'s predicate enum (its cases in the order of their numbers: `enum_keyword`).
CMPI_PREDICATES = "Arith_CmpIPredicateAttr"
# `arith.cmpf`'s predicate enum, and `arith.truncf`'s rounding mode (its `roundingmode`).
CMPF_PREDICATES = "Arith_CmpFPredicateAttr"
ROUNDING_MODES = "Arith_RoundingModeAttr"


def enum_keyword(op: Operation, enum: str, name: str = "predicate") -> str | None:
    """A comparison's predicate (or another enum attribute `name` the custom form writes first,
    a rounding mode): the generic form's number is the enum case's, the custom form writes its
    keyword first (for an optional one, only a keyword among the cases is it)."""
    from ..dialects.mlir_ods import CONSTRAINTS      # the ODS tables, read only when asked
    number = attribute(op, name)
    if number is not None:
        cases = CONSTRAINTS.get(enum, {}).get("cases") or []
        found = re.match(r"\s*(\d+)", number.text)
        return cases[int(found[1])] if found and int(found[1]) < len(cases) else number.text
    found = re.match(r'\s*"?(\w+)', written_text(op) or "")
    if name != "predicate":
        return found[1] if found and found[1] in (CONSTRAINTS.get(enum, {}).get("cases") or []) else None
    return found[1] if found else None
