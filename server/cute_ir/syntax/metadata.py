"""The file metadata section `{-# key: {...}, ... #-}`, read as MLIR's top-level parser reads it.

The grammar keeps the section as a flat list of keys, strings, colons, commas and brace groups.
MLIR (mlir/lib/AsmParser/Parser.cpp, parseFileMetadataDictionary and parseResourceFileMetadata)
reads it as

    section  ::= `{-#` (entry (`,` entry)*)? `#-}`
    entry    ::= bare-id `:` `{` (group (`,` group)*)? `}`     -- key: dialect_resources | external_resources
    group    ::= (bare-id | string) `:` `{` (resource (`,` resource)*)? `}`
    resource ::= (bare-id | string) `:` value

and reports the first mistake in its words. A resource's value belongs to the dialect that owns
it: those of the dialects in `_RESOURCES` are read as that dialect reads them (a blob: a hex
string whose first 4 bytes are its alignment); the others are not checked here.
"""
from __future__ import annotations

from tree_sitter import Node

import re

from ..diagnostics.mlir_messages import (BLOB_ALIGNMENT, BLOB_ALIGNMENT_POWER, EXPECTED_COLON, EXPECTED_HEX_BLOB,
                                         EXPECTED_LBRACE, EXPECTED_METADATA_KEY, EXPECTED_RESOURCE_KEY,
                                         UNKNOWN_METADATA_KEY, UNKNOWN_RESOURCE_KEY)

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
    return [c for c in group.children[1:] if c.type not in ("}", "unclosed_bracket") and _item(c)]


def _item(node: Node) -> bool:
    """Whether a child is an item of the section: not a comment (tree-sitter counts an ERROR
    node among the extras too, and that is an item: a token the section does not take)."""
    return not node.is_extra or node.type == "ERROR"


# A problem: (node to report at, or None for "where the section ends"; message).
Problem = tuple[Node | None, str]


_BLOB = "blob"
# What a dialect of mlir-opt 22 does with its `dialect_resources` entries (its
# OpAsmDialectInterface): the builtin dialect's (dense_resource data) and the test dialect's are
# blobs (`parseAsBlob`); ml_program's interface declares no resource, so every key is unknown.
# Whether another name is a dialect at all is not the syntax's to say (the registry is a later
# stage), so other dialects' entries are not judged.
_RESOURCES: dict[bytes, str | None] = {b"builtin": _BLOB, b"test": _BLOB, b"ml_program": None}
# Token::getHexStringValue: `0x` and pairs of hex digits.
_HEX = re.compile(rb"0x(?:[0-9a-fA-F]{2})*")


def _name(node: Node) -> bytes:
    """A bare or quoted name's text."""
    text = node.text or b""
    return text[1:-1] if node.type == "string" else text


def _blob(key: str, value: Node) -> str | None:
    """A blob value as `parseAsBlob` reads it: a hex string, its first 4 bytes (little endian)
    an alignment that is 0 or a power of 2."""
    raw = _name(value) if value.type == "string" else None
    if raw is None or not _HEX.fullmatch(raw):
        return EXPECTED_HEX_BLOB.format(key)
    data = bytes.fromhex(raw[2:].decode())
    if len(data) < 4:
        return BLOB_ALIGNMENT.format(key)
    align = int.from_bytes(data[:4], "little")
    return BLOB_ALIGNMENT_POWER.format(key, align) if align & (align - 1) else None


def _resource(section: bytes, dialect: bytes, resource: list[Node]) -> Problem | None:
    """One `key: value` of a dialect's resources, as the dialect that owns it reads it."""
    if section != b"dialect_resources" or dialect not in _RESOURCES:
        return None
    key = _name(resource[0]).decode("utf-8", "replace")
    handler = _RESOURCES[dialect]
    if handler is None:
        return resource[0], UNKNOWN_RESOURCE_KEY.format(key, dialect.decode("utf-8", "replace"))
    if len(resource) > 2:
        problem = _blob(key, resource[2])
        if problem is not None:
            return resource[2], problem
    return None


def _keyed(entry: list[Node], key_types: frozenset[str], key_message: str) -> Problem | None:
    """`key : { ... }`: the key, colon and brace group of one entry."""
    if not entry or entry[0].type not in key_types:
        return (entry[0] if entry else None), key_message
    if len(entry) < 2 or entry[1].type != ":":
        return (entry[1] if len(entry) > 1 else entry[0]), EXPECTED_COLON
    return None


def check_metadata(section: Node) -> Problem | None:
    """The first mistake in a `file_metadata` node, or None."""
    items = [c for c in section.children[1:] if c.type != "#-}" and _item(c)]
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
                problem = _keyed(resource, _NAMES, EXPECTED_RESOURCE_KEY) \
                    or _resource(key.text, _name(group[0]), resource)
                if problem is not None:
                    return problem
    return None
