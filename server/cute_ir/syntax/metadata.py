"""The file metadata section `{-# key: {...}, ... #-}`, read as MLIR's top-level parser reads it.

The grammar keeps the section as a flat list of keys, strings, colons, commas and brace groups.
MLIR (mlir/lib/AsmParser/Parser.cpp, parseFileMetadataDictionary and parseResourceFileMetadata)
reads it as

    section  ::= `{-#` (entry (`,` entry)*)? `#-}`
    entry    ::= bare-id `:` `{` (group (`,` group)*)? `}`     -- key: dialect_resources | external_resources
    group    ::= (bare-id | string) `:` `{` (resource (`,` resource)*)? `}`
    resource ::= (bare-id | string) `:` value

and reports the first mistake in its words. Resource values (blobs, booleans, strings) belong to
the dialect that owns them and are not checked here.
"""
from __future__ import annotations

from tree_sitter import Node

from ..diagnostics.mlir_messages import (EXPECTED_COLON, EXPECTED_LBRACE, EXPECTED_METADATA_KEY,
                                         EXPECTED_RESOURCE_KEY, UNKNOWN_METADATA_KEY)

KNOWN_KEYS = frozenset({b"dialect_resources", b"external_resources"})
_NAMES = frozenset({"bare_id", "string"})


def _entries(items: list[Node]) -> list[list[Node]]:
    out: list[list[Node]] = [[]]
    for item in items:
        if item.type == ",":
            out.append([])
        else:
            out[-1].append(item)
    return out if out != [[]] else []


def _inner(group: Node) -> list[Node]:
    """A brace group's items, without its braces (or the unclosed bracket that ends it)."""
    return [c for c in group.children[1:] if c.type not in ("}", "unclosed_bracket") and not c.is_extra]


# A problem: (node to report at, or None for "where the section ends"; message).
Problem = tuple[Node | None, str]


def _keyed(entry: list[Node], key_types: frozenset[str], key_message: str) -> Problem | None:
    """`key : { ... }`: the key, colon and brace group of one entry."""
    if not entry or entry[0].type not in key_types:
        return (entry[0] if entry else None), key_message
    if len(entry) < 2 or entry[1].type != ":":
        return (entry[1] if len(entry) > 1 else entry[0]), EXPECTED_COLON
    return None


def check_metadata(section: Node) -> Problem | None:
    """The first mistake in a `file_metadata` node, or None."""
    items = [c for c in section.children[1:] if c.type != "#-}" and not c.is_extra]   # comments
    entries = _entries(items)
    if not entries:
        closed = section.children[-1].type == "#-}"
        return None if closed else (None, EXPECTED_METADATA_KEY)
    for entry in entries:
        problem = _keyed(entry, frozenset({"bare_id"}), EXPECTED_METADATA_KEY)
        if problem is not None:
            return problem
        key = entry[0]
        if key.text not in KNOWN_KEYS:
            return key, UNKNOWN_METADATA_KEY.format(key.text.decode("utf-8", "replace"))
        if len(entry) < 3 or entry[2].type != "metadata_group":
            return (entry[2] if len(entry) > 2 else entry[1]), EXPECTED_LBRACE
        for group in _entries(_inner(entry[2])):
            problem = _keyed(group, _NAMES, EXPECTED_RESOURCE_KEY)
            if problem is not None:
                return problem
            if len(group) < 3 or group[2].type != "metadata_group":
                return (group[2] if len(group) > 2 else group[1]), EXPECTED_LBRACE
            for resource in _entries(_inner(group[2])):
                problem = _keyed(resource, _NAMES, EXPECTED_RESOURCE_KEY)
                if problem is not None:
                    return problem
    return None
