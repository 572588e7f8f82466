"""Workspace symbols (`workspace/symbol`): the kernels, functions, modules and aliases of the
workspace's `.ir` / `.mlir` files, found by name.

Each file's symbols come from its syntax tree alone (`symbols_of`): every op that defines a
symbol (`func.func @f`, `gpu.module @m`, `cuda.kernel @k`, ...) at the top level or in a
module's body, each with the module it is in, and the top-level `!type` and `#attribute`
aliases. Functions that are kernels say so: `cuda.kernel` (the CuTe DSL's), `gpu.func ...
kernel`, and functions with `nvvm.kernel`, `gpu.kernel` or `nv_tileas.kernel_spec`.

`WorkspaceIndex` keeps the symbols of files on disk, by path; the server fills it in the
background (files parsed a slice at a time: `syntax.parser.SlicedParse`) and keeps it current
from file-change notifications; an open document's symbols come from its live analysis
instead. `matches` filters by a fuzzy match, as VS Code's own quick-open matches: the query's
characters in order, case-insensitively, best matches first.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Callable

from tree_sitter import Node

from ..dialects.ods import Trait
from ..dialects.registry import defines_symbol, has_trait, is_module
from ..syntax.cst import ALIAS_DEFINITIONS, op_name, statements, text as node_text, written_symbol
from ..text.positions import Encoding, LineIndex, Position, Range
from .outline import MAX_SYMBOL_DEPTH

# What a workspace is searched for.
SUFFIXES = (".ir", ".mlir")
# Directories never searched: hidden ones (`.git`, `.venv`) and package trees.
SKIPPED_DIRECTORIES = frozenset({"node_modules", "__pycache__"})
# A workspace folder that holds more files than this (a home directory, `/`) is indexed only
# this far; files larger than this are left out (a dump that large is opened, not searched).
MAX_FILES = 20_000
MAX_FILE_BYTES = 16 * 2**20
# At most this many symbols answer one query: the best matches.
MAX_RESULTS = 1_000

# Functions that are kernels: ops whose record says so (the KERNEL kind: `cuda.kernel`),
# `gpu.func` with the `kernel` keyword, and functions with one of these attributes.
KERNEL_KEYWORD = "kernel"
KERNEL_ATTRIBUTES = frozenset({"nvvm.kernel", "gpu.kernel", "nv_tileas.kernel_spec"})

# The symbol kinds, by what the op's name says (LSP's SymbolKind, in lsp/workspace_symbols.py).
MODULE, FUNCTION, KERNEL, TYPE_ALIAS, ATTRIBUTE_ALIAS = "module", "function", "kernel", "type alias", "attribute alias"
_ALIAS_KINDS = {"type_alias_definition": TYPE_ALIAS, "attribute_alias_definition": ATTRIBUTE_ALIAS}


@dataclass(frozen=True)
class WorkspaceSymbol:
    name: str              # as written: `@gemm`, `!desc_b`
    kind: str              # MODULE, FUNCTION, KERNEL, TYPE_ALIAS or ATTRIBUTE_ALIAS
    container: str         # the module it is in (`@kernels`), "" at the top
    range: Range           # the whole definition
    selection: Range       # its name


def _is_kernel(op: Node, name: str) -> bool:
    if has_trait(name, Trait.KERNEL):
        return True
    body = op.child_by_field_name("body")
    if body is None:
        return False
    for item in body.named_children:
        if item.type == "region":
            break                                  # what the body holds is not the op's own
        if item.type == "keyword" and node_text(item) == KERNEL_KEYWORD:
            return True
        if item.type == "attribute_dict":
            for entry in item.named_children:
                key = entry.named_children[0] if entry.named_child_count else None
                if key is not None and node_text(key).strip('"') in KERNEL_ATTRIBUTES:
                    return True
    return False


def _regions(op: Node) -> list[Node]:
    body = op.child_by_field_name("body") or op.child_by_field_name("regions")
    return [n for n in body.named_children if n.type == "region"] if body is not None else []


def positions_in(data: bytes, encoding: Encoding = Encoding.UTF16) -> Callable[[int], Position]:
    """LSP positions of byte offsets of `data` (a file that is not open)."""
    lines = LineIndex(data)
    return lambda offset: lines.position(data, offset, encoding)


def symbols_of(root: Node, position: Callable[[int], Position]) -> list[WorkspaceSymbol]:
    """The workspace symbols of one file's tree, in document order; `position` turns a byte
    offset into an LSP position. Walks the top level and the bodies of modules only (with a
    stack: nesting is the user's), never a function's."""

    def rng(node: Node) -> Range:
        return Range(position(node.start_byte), position(node.end_byte))

    found: list[WorkspaceSymbol] = []
    work: list[tuple[Node, str, int]] = [(root, "", 0)]
    while work:
        container, scope, depth = work.pop()
        nested: list[tuple[Node, str, int]] = []
        for statement in statements(container):
            if statement.type in ALIAS_DEFINITIONS:
                name = statement.child_by_field_name("name")
                if name is not None and depth == 0:
                    found.append(WorkspaceSymbol(node_text(name), _ALIAS_KINDS[statement.type], "",
                                                 rng(statement), rng(name)))
                continue
            if statement.type != "operation":
                continue
            name = op_name(statement)
            symbol = written_symbol(statement)
            inner = scope
            if symbol is not None and defines_symbol(name):
                kind = MODULE if is_module(name) else KERNEL if _is_kernel(statement, name) else FUNCTION
                found.append(WorkspaceSymbol(node_text(symbol), kind, scope, rng(statement), rng(symbol)))
                inner = node_text(symbol)
            if is_module(name) and depth + 1 < MAX_SYMBOL_DEPTH:
                nested += [(region, inner, depth + 1) for region in _regions(statement)]
        work.extend(reversed(nested))
    found.sort(key=lambda s: (s.range.start.line, s.range.start.character))
    return found


# ------------------------------------------------------------------ matching
def _word_start(name: str, at: int) -> bool:
    if at == 0:
        return True
    before, here = name[at - 1], name[at]
    return (not before.isalnum()) or (before.islower() and here.isupper()) or (before.isalpha() and here.isdigit())


def fuzzy_score(query: str, name: str) -> int | None:
    """How well `query` matches `name`, or None when it does not: each character of the query
    (its sigil `@`, `!`, `#` optional) in order, case-insensitively. Matches at the start, at
    word starts (after `_`, `.`, a case change) and in runs score higher."""
    q = query.strip().lstrip("@!#%").lower()
    if not q:
        return 0
    bare = name.lstrip("@!#%").strip('"')
    lowered = bare.lower()
    score = 0
    at = 0
    previous = -2
    for ch in q:
        found = lowered.find(ch, at)
        if found < 0:
            return None
        score += 1
        if found == previous + 1:
            score += 5                       # a run
        if _word_start(bare, found):
            score += 3
        if found == 0:
            score += 8
        previous = found
        at = found + 1
    if lowered == q:
        score += 20
    return score - (len(bare) - len(q)) // 8


@dataclass
class WorkspaceIndex:
    """The symbols of the workspace's files on disk, by path."""

    files: dict[str, list[WorkspaceSymbol]] = field(default_factory=dict)

    def set(self, path: str, symbols: list[WorkspaceSymbol]) -> None:
        self.files[path] = symbols

    def remove(self, path: str) -> None:
        self.files.pop(path, None)
        prefix = path.rstrip(os.sep) + os.sep        # a directory removed: its files too
        for other in [p for p in self.files if p.startswith(prefix)]:
            del self.files[other]

    def matches(self, query: str, live: dict[str, list[WorkspaceSymbol]] | None = None,
                limit: int = MAX_RESULTS) -> list[tuple[str, WorkspaceSymbol]]:
        """(path, symbol) of every symbol `query` matches, best first; `live` (open documents,
        by path) replaces what the index holds for those paths."""
        live = live or {}
        scored: list[tuple[int, str, str, WorkspaceSymbol]] = []
        for source in (live, {p: s for p, s in self.files.items() if p not in live}):
            for path, symbols in source.items():
                for symbol in symbols:
                    score = fuzzy_score(query, symbol.name)
                    if score is not None:
                        scored.append((score, symbol.name, path, symbol))
        scored.sort(key=lambda s: (-s[0], len(s[1]), s[1], s[2], s[3].range.start.line))
        return [(path, symbol) for _, _, path, symbol in scored[:limit]]


def workspace_files(folders: list[str], limit: int = MAX_FILES) -> list[str]:
    """The `.ir` / `.mlir` files under `folders` (hidden directories and package trees left
    out), sorted per folder, at most `limit`."""
    found: list[str] = []
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRECTORIES)
            found += [os.path.join(root, f) for f in sorted(files) if f.endswith(SUFFIXES)]
            if len(found) >= limit:
                return found[:limit]
    return found


def is_indexed_path(path: str) -> bool:
    return path.endswith(SUFFIXES) and not any(
        part.startswith(".") or part in SKIPPED_DIRECTORIES for part in path.split(os.sep)[:-1] if part)
