"""A document's `!name = <type>` / `#name = <attribute>` aliases, resolved in the IR a pass rewrites.

MLIR's parser replaces each use of an alias by what it stands for: no pass ever sees `!gmem`,
only `memref<4096x4096xf16, 1>`. The project lifts the text as written (the verifiers and hover
need the alias where the user wrote it), so the lowering resolves them itself before its first
pass: every type, attribute, property and custom-form template of the IR it runs on gets the
aliased text in place of the name. Printed IR then reads as `mlir-opt` prints it, with the
definitions still first (unused, which MLIR accepts).

A definition may use an alias defined before it (MLIR's rule); a name that is not defined, or
one whose definitions refer to each other (which MLIR refuses), is left as written, and an
expansion that would grow past `MAX_EXPANSION` characters (aliases nested into an exponential
type) stops there and is left as written too: no text makes the resolution hang.
"""
from __future__ import annotations

import re
from collections import OrderedDict
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable, Mapping

if TYPE_CHECKING:
    from .core import Operation

# An alias use: `!` or `#` and a bare identifier (MLIR's bare-id; a name with a dot is a
# dialect's, never an alias), or a string literal, which is skipped whole.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[!#][A-Za-z_][\w$.]*')

MAX_EXPANSION = 1 << 16


class AliasTable:
    """Alias names (with their sigil) to the text each stands for, resolved on demand."""

    def __init__(self, definitions: Iterable[tuple[str, str]]) -> None:
        self._written: dict[str, str] = {}
        for name, text in definitions:
            self._written.setdefault(name, text)     # the first definition counts, as in MLIR
        self._resolved: dict[str, str | None] = {}

    @classmethod
    def on_demand(cls, lookup: Callable[[str], str | None]) -> "AliasTable":
        """A table that asks `lookup` for each name a text uses (None: not defined), so that
        a caller learns which aliases a unit depends on and no table of the whole document
        is built."""
        table = cls(())
        table._written = _Asked(lookup)
        return table

    def __bool__(self) -> bool:
        return bool(self._written)

    def expand(self, text: str) -> str:
        """`text` with each alias it uses replaced by what the alias stands for, resolved."""
        if not self._written or ("!" not in text and "#" not in text):
            return text
        return _TOKEN.sub(self._replacement, text)

    def reading(self, text: bytes) -> tuple[str | None, ...]:
        """What each name `expand` looks up in `text` stands for (None: no alias), in order: all
        that `expand` reads of the table for `text`, so two readings that are equal give equal
        expansions. A key for what is read of a text through the table, which asks the lookup
        what `expand` would ask, without writing the expanded text."""
        if not self._written:
            return ()
        resolve = self._resolve
        return tuple([resolve(name) for name in _names_looked_up(text)])

    def _replacement(self, match: re.Match) -> str:
        token = match.group(0)
        found = self._resolve(token) if token[0] != '"' else None
        return found if found is not None else token

    def _resolve(self, name: str) -> str | None:
        """What `name` stands for with the aliases it uses resolved; None when it is no alias
        or its text grows too large. Iterative: a chain of definitions is the user's and may
        be long. A name met again while its own definition is being resolved (a cycle) stays
        as written inside it."""
        if name in self._resolved:
            return self._resolved[name]
        if name not in self._written:
            return None
        stack: list[tuple[str, bool]] = [(name, False)]
        open_: set[str] = set()
        while stack:
            current, uses_done = stack.pop()
            if current in self._resolved:
                continue
            if uses_done:
                text = _TOKEN.sub(self._known, self._written[current])
                self._resolved[current] = text if len(text) <= MAX_EXPANSION else None
                open_.discard(current)
                continue
            open_.add(current)
            stack.append((current, True))
            stack.extend((t, False) for t in _TOKEN.findall(self._written[current])
                         if t in self._written and t not in self._resolved and t not in open_)
        return self._resolved[name]

    def _known(self, match: re.Match) -> str:
        token = match.group(0)
        found = self._resolved.get(token) if token[0] != '"' else None
        return found if found is not None else token


@lru_cache(maxsize=8192)
def _names_looked_up(text: bytes) -> tuple[str, ...]:
    """The names `AliasTable.expand` looks up in `text`, once each, in order (strings skipped)."""
    return tuple(dict.fromkeys(token for token in _TOKEN.findall(text.decode("utf-8", "replace"))
                               if token[0] != '"'))


class _Asked(dict):
    """Definitions fetched from a lookup the first time a name is met. Only alias names are
    asked: a dotted name is a dialect's (`#nv_tileas.copy_atom`), never an alias, and a string
    literal (`"(2):(1)"`, which `_TOKEN` matches to skip it) is text. Each question asked is
    recorded by the lookup as one the unit's verification depends on, and asked again after
    edits elsewhere: a string asked as a name was read back as a symbol question whose answer
    always differed, re-verifying the unit at every keystroke in a broken document."""

    def __init__(self, lookup: Callable[[str], str | None]) -> None:
        super().__init__()
        self._lookup = lookup
        self._absent: set[str] = set()

    def __bool__(self) -> bool:
        return True

    def __contains__(self, name: object) -> bool:
        if dict.__contains__(self, name):
            return True
        if not isinstance(name, str) or name[:1] not in ("!", "#") or "." in name or name in self._absent:
            return False
        text = self._lookup(name)
        if text is None:
            self._absent.add(name)
            return False
        self[name] = text
        return True


def resolve_aliases(roots: Iterable[Operation], table: AliasTable | Mapping[str, str]) -> None:
    """Replace every alias use in `roots` and the ops nested in them by what it stands for, in
    place (the IR must be a copy the caller may rewrite)."""
    # Imported here: the alias table alone (analysis/symbols.py, a large document's first
    # publish) needs no IR.
    from .core import Attribute, Template, Type
    if not isinstance(table, AliasTable):
        table = AliasTable(table.items())
    if not table:
        return
    types: dict[str, Type] = {}

    def type_of(old: Type) -> Type:
        found = types.get(old.text)
        if found is None:
            text = table.expand(old.text)
            found = types[old.text] = old if text == old.text else Type(text)
        return found

    def attributes(values: dict[str, Attribute]) -> None:
        for key, attribute in values.items():
            text = table.expand(attribute.text)
            if text != attribute.text:
                values[key] = Attribute(text)

    for root in roots:
        for op in root.walk():
            for result in op.results:
                result.type = type_of(result.type)
            for region in op.regions:
                for block in region.blocks:
                    for argument in block.arguments:
                        argument.type = type_of(argument.type)
            attributes(op.attributes)
            attributes(op.properties)
            if op.assembly is not None:
                pieces = tuple(table.expand(p) if isinstance(p, str) else p for p in op.assembly.pieces)
                if pieces != op.assembly.pieces:
                    op.assembly = Template(pieces)


# The tables of the last few alias sets, by the digest a document keeps of its definitions
# (`verify/atom_sites.aliases_of`): a keystroke that touches no definition builds none.
_KEPT = 8
_tables: "OrderedDict[bytes, AliasTable]" = OrderedDict()


def table_for(key: bytes, definitions: Callable[[], Iterable[tuple[str, str]]]) -> AliasTable:
    """The table of the definitions `key` stands for, built from `definitions()` when it is new."""
    found = _tables.get(key)
    if found is None:
        found = _tables[key] = AliasTable(definitions())
        if len(_tables) > _KEPT:
            _tables.popitem(last=False)
    else:
        _tables.move_to_end(key)
    return found
