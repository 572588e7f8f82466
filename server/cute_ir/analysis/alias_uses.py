"""Aliases as MLIR's parser resolves them across the document: a use of a `!name` / `#name`
alias that no statement defines (`undefined symbol alias id 'map7'`, Parser.cpp's
parseExtendedType / parseExtendedAttr), and a definition of a name an earlier statement
already defines (`redefinition of type alias id 'a'`, TopLevelOperationParser), and an
integer literal typed through an alias whose type cannot hold it (`arith.constant 1 : !t` with
`!t = f32`, which the syntax check of the literal cannot see through). MLIR reads a
file once, top to bottom, so an alias is defined only after its definition: a use before it,
in a function or in an earlier alias's value, is undefined too (mlir-opt 15, 19 and 22 say so).
The document's definitions are its alias units (`DocumentAnalysis.alias_units`), and, for a
name none of them defines, any top-level `#name =` (a location's alias, which an attribute may
name too, or a definition the grammar could not read), wherever it stands. An op's or
argument's trailing `loc(#name)` is resolved as MLIR resolves it, once the file is read when
no definition precedes it: an attribute alias is no location (`expected location, but found
'1 : i32'`), a name defined nowhere `operation location alias was never defined`. A name
inside another location (`fused[#a]`, `callsite(#a at #b)`, `fused<#m>`'s metadata) or inside
an alias's value (`#l = loc(#a)`) is resolved where it stands, as MLIR's parseLocationInstance
does: undefined unless a statement before it defines it (a location's alias too), no location
when that statement defines an attribute (`expected location attribute, but got1 : i32`), the
first such name of a statement only, where MLIR's parser stops. Uses inside a dialect's own
type or attribute are left alone, and so is a unit with a syntax error, whose reading stops. A use is checked
again when a definition of its name changes: one among the alias units, or a line that starts
by defining it (`Unit.written_aliases`, which a location's alias is)."""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING, NamedTuple

from tree_sitter import Node

from ..diagnostics import Diagnostic, Severity, Source, Span
from ..diagnostics.mlir_messages import (ALIAS_REDEFINITION, LOCATION_ALIAS_NEVER_DEFINED, LOCATION_ALIAS_NOT_LOCATION,
                                         LOCATION_ATTRIBUTE_EXPECTED, UNDEFINED_ALIAS)
from ..syntax import captures, query
from ..syntax.parser import MAX_QUERY_DEPTH
from ..syntax.attribute_values import check_integer_as, problem_diagnostic
from ..syntax.cst import ALIAS_DEFINITIONS

if TYPE_CHECKING:
    from .source import UnitSource
    from .units import Unit

class AliasUses(NamedTuple):
    """The alias uses a unit's findings query (analysis/findings.py, which matches
    ALIAS_USE_PATTERNS with its own) found over [lo, end) of `root`'s tree: the SSA check takes
    those of a statement from here instead of querying the statement's tree again (`uses_in`)."""
    root: Node
    lo: int
    end: int
    uses: list[Node]    # in document order (`of` sorts them)
    starts: list[int]   # each use's start byte, for `uses_in`'s bisection

    @classmethod
    def of(cls, root: Node, lo: int, end: int, uses: list[Node]) -> "AliasUses":
        ordered = sorted(uses, key=lambda node: node.start_byte)
        return cls(root, lo, end, ordered, [node.start_byte for node in ordered])


ALIAS_USE_PATTERNS = "(type_alias) @alias_use (attribute_alias) @alias_use\n"
_USES = query(ALIAS_USE_PATTERNS)
# Where an alias names a location, stands in a dialect's own type or attribute (whose parser,
# or an unregistered dialect's opaque body, cute-ir does not read), or is the name a
# definition gives.
_NOT_USES = frozenset({"location", "alias_location", "dialect_type", "dialect_attribute"}) | ALIAS_DEFINITIONS
# The alias kinds by their sigil, in the words of MLIR's redefinition message.
_KINDS = {"!": "type", "#": "attribute"}

_table: tuple[object, dict[str, object]] | None = None


def first_definitions(analysis: "UnitSource") -> dict[str, object]:
    """Each defined alias name, with the unit that defines it first (MLIR keeps the first).
    Kept while the document's alias units are the same list (it is remade when one changes)."""
    global _table
    units = analysis.alias_units()
    if _table is None or _table[0] is not units:
        first: dict[str, object] = {}
        for unit in units:
            first.setdefault(unit.alias_definition[0], unit)
        _table = (units, first)
    return _table[1]


def alias_diagnostics(analysis: "UnitSource", unit: "Unit", statements: list[Node],
                      queried: list[AliasUses] = ()) -> tuple[list[Diagnostic], frozenset[str]]:
    """The unit's undefined alias uses and redefinition, and the alias names its answers depend
    on (an edit to a definition of one of them checks the unit again). `queried`: the alias
    uses the unit's findings already found (`uses_in`)."""
    if not statements or any(node.has_error for node in statements):
        return [], frozenset()
    first = first_definitions(analysis)
    out: list[Diagnostic] = []
    asked: set[str] = set()
    for statement in statements:
        stopped = False     # a name inside a location MLIR does not resolve was reported
        name = statement.child_by_field_name("name") if statement.type in ALIAS_DEFINITIONS else None
        if name is not None:
            # (a location's definition, `#loc1 = loc(...)`, is no alias unit: the first statement
            # that writes the name counts for it, and for any definition after one)
            defined = unit.alias_definition[0] if unit.alias_definition is not None else (name.text or b"").decode("utf-8", "replace")
            asked.add(defined)
            written = analysis.first_written_definitions().get(defined.encode())
            if (written is not None and written is not unit) or \
                    (unit.alias_definition is not None and first.get(defined, unit) is not unit):
                out.append(Diagnostic("ssa.alias-redefinition", Span(name.start_byte, name.end_byte), Severity.ERROR,
                                      Source.VERIFY, ALIAS_REDEFINITION.format(_KINDS[defined[0]], defined[1:])))
        for use in uses_in(statement, queried):
            if name is not None and use.start_byte == name.start_byte:
                continue    # (the name a location's definition gives, where an attribute alias is defined later)
            text = (use.text or b"").decode("utf-8", "replace")
            # Every answer below depends on whether and where the name is defined, a use left
            # alone too (inside a location, it is one only while no alias unit defines the name):
            # a definition of it written, removed or moved checks the unit again.
            asked.add(text)
            definition = first.get(text)
            parent = use.parent     # (asked once: a node's parent costs its depth)
            if text.startswith("#") and "." not in text:
                inside = _inside_location(parent)
                if inside is not None and not _trailing_location(use, parent):
                    # Resolved where it stands; MLIR's parser stops at the first it cannot.
                    if not stopped:
                        found = _location_part(analysis, unit, use, text, definition, inside)
                        if found is not None:
                            out.append(found)
                            stopped = True
                    continue
            if definition is not None:
                earlier = definition is unit or analysis.unit_start(definition) < use.start_byte
                if text.startswith("#") and definition.alias_definition is not None \
                        and _trailing_location(use, parent):
                    # An op's or argument's `loc(#name)` takes a location, resolved where it stands
                    # or, when defined later, once the file is read: an attribute alias is none.
                    found = _printed_attribute(definition.alias_definition[1])
                    if found is not None:
                        out.append(Diagnostic("ssa.alias-not-location", Span(use.start_byte, use.end_byte),
                                              Severity.ERROR, Source.VERIFY, LOCATION_ALIAS_NOT_LOCATION.format(found)))
                    continue
                if earlier:
                    literal = _literal_through_alias(use, text, first, asked, parent)
                    if literal is not None:
                        out.append(literal)
                    continue
                # Defined later. Which of the two comes first changes only with an edit that
                # writes or removes a definition of the name, or this unit: both check it again.
                out.append(Diagnostic("ssa.undefined-alias", Span(use.start_byte, use.end_byte), Severity.ERROR,
                                      Source.VERIFY, UNDEFINED_ALIAS.format(text[1:])))
                continue
            if _outside_uses(use):
                # (the set of written names first: a dump's every op names a location so)
                if text.startswith("#") and "." not in text and not _defined_otherwise(analysis, text) \
                        and _trailing_location(use):
                    out.append(Diagnostic("ssa.undefined-alias", Span(use.start_byte, use.end_byte), Severity.ERROR,
                                          Source.VERIFY, LOCATION_ALIAS_NEVER_DEFINED))
                continue
            if _defined_otherwise(analysis, text):
                continue
            out.append(Diagnostic("ssa.undefined-alias", Span(use.start_byte, use.end_byte), Severity.ERROR,
                                  Source.VERIFY, UNDEFINED_ALIAS.format(text[1:])))
    return out, frozenset(asked)


# How far above a statement the findings' query may have started (the root of a piece or of
# the document lies a few levels up) for its uses to be taken from it.
_ABOVE = 64


def uses_in(statement: Node, found: list[AliasUses] = ()) -> list[Node]:
    """The alias uses inside `statement`: those of a findings query over its tree's root that
    covered it (`AliasUses`, no wide node in it; the caller hands only those of the
    statement's tree), else its own query. The same nodes either way: a use is a node of the
    statement's subtree, which lies within the statement's bytes, and no alias use encloses a
    statement; and both queries start matches at most MAX_QUERY_DEPTH below where each starts,
    which no node of the statement reaches from either when its depth below the root plus its
    count of descendants (a bound of its own depth) stays under it."""
    lo, hi = statement.start_byte, statement.end_byte
    for entry in found:
        if entry.lo <= lo and hi <= entry.end \
                and statement.descendant_count + _depth(statement) < MAX_QUERY_DEPTH:
            # One query may cover the file's units, so the statement's uses are found by
            # bisection: a scan of the whole list per statement made a full analysis quadratic.
            first, last = bisect_left(entry.starts, lo), bisect_right(entry.starts, hi)
            return [node for node in entry.uses[first:last] if node.end_byte <= hi]
    return captures(_USES, statement, lo, hi).get("alias_use", [])


def _depth(node: Node) -> int:
    """How many levels `node` lies below its tree's root; MAX_QUERY_DEPTH past _ABOVE."""
    depth = 0
    while (node := node.parent) is not None:
        depth += 1
        if depth > _ABOVE:
            return MAX_QUERY_DEPTH
    return depth


# Every name written with an alias' sigil (`!t`, `#map`), anywhere: in a dialect's type, a
# comment, a string or a statement the grammar could not read too. More than the uses, which is
# what `written_uses` wants: a name it lists needlessly costs a verification, one it misses a
# stale diagnostic.
_WRITTEN_NAME = re.compile(rb"[!#][A-Za-z_][\w$.]*+")


def written_uses(data: bytes, start: int, end: int) -> frozenset[str]:
    """Every alias name the text [start, end) of `data` may use, read from the text alone.

    The passes and the atom sites read a type written with an alias through the document's
    alias table, not through the verifier's lookups (which record what they ask), and a unit
    with a syntax error has no uses `alias_diagnostics` reads: so that an edit to a definition
    verifies again every unit whose findings it can change, a verified unit depends on these."""
    # (Each name once decoded: a kernel writes a few names hundreds of times. The pattern
    # matches ASCII alone, which decodes as it is.)
    return frozenset(name.decode("ascii") for name in set(_WRITTEN_NAME.findall(data, start, end)))


# A line that starts by defining a name (`#loc1 = loc(...)`, or an alias the grammar could not
# read): `Unit.written_aliases` records those of each unit, so that writing or removing one
# checks the units that named it again.
# The first line is matched on its own: a pattern that starts with a line end is searched for
# that character alone, three times faster than one that may also start at the text's start.
_DEFINES = rb"[ \t]*+([!#][A-Za-z0-9_.$-]++)[ \t]*+="
_WRITTEN_DEFINITION = re.compile(rb"[\r\n]" + _DEFINES)
_FIRST_LINE_DEFINITION = re.compile(_DEFINES)


def written_definitions(data: bytes, start: int, end: int) -> frozenset[bytes]:
    """The names lines starting in [start, end) of `data` define."""
    found = [m for m in _WRITTEN_DEFINITION.finditer(data, max(start - 1, 0), end)]
    first = _FIRST_LINE_DEFINITION.match(data, 0, end) if start <= 1 else None
    if first is not None:
        found.append(first)
    return frozenset(m.group(1) for m in found if m.start(1) >= start)


def _defined_otherwise(analysis: "UnitSource", name: str) -> bool:
    """Whether a top-level statement defines the name all the same: as a location (`#loc1 =
    loc(...)`, which an attribute may name too) or with a value the grammar could not read.
    (A search of the document's text cost 44 ms at 50k lines for each such name, on every
    verification of the unit.)"""
    return name.encode() in analysis.written_alias_names()


# How many `!a = !b` hops a literal's type is followed through (MLIR has no limit; a longer
# chain of plain renames is not worth reading).
_CHAIN = 16


def _literal_through_alias(use: Node, name: str, first: dict[str, object], asked: set[str],
                           parent: Node | None = None) -> Diagnostic | None:
    """The value of `1 : !t` (a typed integer, or `arith.constant`'s value and type) as MLIR's
    attribute parser judges it once `!t` is resolved: the syntax check of the same text with the
    type written out (syntax/attribute_values.py) cannot see through the alias. Each alias of
    the chain is asked, so that an edit to any of them checks the unit again."""
    parent = parent or use.parent
    # (Which op holds it first: most uses are an op's types, whose body has many items.)
    if parent is None or parent.type != "typed_integer" and not (parent.type == "custom_body"
                                                                  and _op_name(parent) == b"arith.constant"):
        return None
    items = [child for child in parent.children if not child.is_extra]
    if len(items) != 3 or items[0].type != "integer" or items[1].type != ":" or items[2] != use:
        return None
    text = name
    for _ in range(_CHAIN):
        definition = first.get(text)
        if definition is None or definition.alias_definition is None:
            return None
        asked.add(text)
        text = definition.alias_definition[1].strip()
        if not text.startswith("!"):
            break
    return problem_diagnostic(check_integer_as(items[0], text), "ssa.aliased-attribute-value", Source.VERIFY)


def _op_name(body: Node) -> bytes | None:
    op = body.parent
    name = op.child_by_field_name("name") if op is not None else None
    return name.text if name is not None else None


def _trailing_location(use: Node, location: Node | None = None) -> bool:
    """Whether the alias is the whole of an op's or an argument's trailing location,
    `loc(#name)`, which MLIR's parser resolves once the file is read when no definition
    precedes it (parseLocationAlias), not inside another location or an alias's value, whose
    names are resolved where they stand."""
    location = location or use.parent
    if location is None or location.type != "location" \
            or [c.type for c in location.children if not c.is_extra] != ["loc", "(", "attribute_alias", ")"]:
        return False
    parent = location.parent
    while parent is not None and parent.type not in ("operation", "source_file"):
        if parent.type in ("location", "attribute_alias_definition", "ERROR"):
            return False
        parent = parent.parent
    return parent is not None and parent.type == "operation"


# The brackets a name inside a location stands in: `fused[...]`, `callsite(... at ...)`, a
# name's child `"n"(...)`, and `fused<...>`'s metadata, which is any attribute.
_LOCATION_GROUPS = frozenset({"bracket_group", "paren_group", "angle_group"})


def _inside_location(parent: Node | None) -> bool | None:
    """Whether a name whose node has `parent` stands inside a location: True where a location
    belongs, False in `fused<...>`'s metadata, None outside any location."""
    metadata = False
    while parent is not None and parent.type in _LOCATION_GROUPS:
        metadata = metadata or parent.type == "angle_group"
        parent = parent.parent
    if parent is None or parent.type != "location":
        return None
    return not metadata


def _location_part(analysis: "UnitSource", unit: "Unit", use: Node, text: str, definition: object | None,
                   location: bool) -> Diagnostic | None:
    """A name inside a location (`fused[#a]`, `callsite(#a at #b)`) or inside an alias's
    `loc(#a)` value, which MLIR's parser resolves where it stands (parseLocationInstance):
    a name no statement before defines is undefined, an attribute alias where a location
    belongs is none (`fused<...>`'s metadata takes any attribute). Each where MLIR's parser
    reports it: the first at the name's end, the second at the token after it."""
    first = analysis.first_written_definitions().get(text.encode())
    if first is None or first is unit or analysis.unit_start(first) >= use.start_byte:
        return Diagnostic("ssa.undefined-alias", Span(use.end_byte, use.end_byte), Severity.ERROR,
                          Source.VERIFY, UNDEFINED_ALIAS.format(text[1:]))
    if location and definition is first and definition.alias_definition is not None:
        found = _printed_attribute(definition.alias_definition[1])
        after = use.next_sibling
        while after is not None and after.is_extra:
            after = after.next_sibling
        if found is not None and after is not None:
            # (emitError: at the token after the name, not backed up over the blanks before it)
            return Diagnostic("ssa.alias-not-location", Span(after.start_byte, after.start_byte), Severity.ERROR,
                              Source.VERIFY, LOCATION_ATTRIBUTE_EXPECTED.format(found))
    return None


_TYPED_INTEGER = re.compile(r"(-?(?:0x[0-9a-fA-F]+|[0-9]+))\s*:\s*((?:[su]?i[0-9]+)|index)")
_PLAIN_STRING = re.compile(r'"[^"\\]*"')


def _printed_attribute(value: str) -> str | None:
    """An alias's value as MLIR prints the attribute in a message, for the values printed as
    they are written but for blanks (a typed or untyped integer, `true`, `false`, `unit`, a
    string without escapes); None for any other."""
    value = value.strip()
    typed = _TYPED_INTEGER.fullmatch(value)
    if typed is not None:
        return f"{int(typed[1], 0)} : {typed[2]}"
    if re.fullmatch(r"-?[0-9]+", value):
        return f"{int(value)} : i64"
    if value in ("true", "false", "unit") or _PLAIN_STRING.fullmatch(value):
        return value
    return None


def _outside_uses(node: Node) -> bool:
    """Whether the alias names a location (an op's trailing `loc(#name)` here: the names inside
    one are judged before) or is a definition's name (asked only of names no statement defines,
    which are rare: walking up costs the depth)."""
    parent = node.parent
    while parent is not None and parent.type != "source_file":
        if parent.type in _NOT_USES:
            return parent.type not in ALIAS_DEFINITIONS or parent.child_by_field_name("name") == node
        parent = parent.parent
    return False
