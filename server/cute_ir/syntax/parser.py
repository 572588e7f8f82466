"""Parsing with the project's own grammar (tree_sitter_cute_ir), full or incremental."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import tree_sitter
import tree_sitter_cute_ir

from ..text.document import TextEdit

LANGUAGE = tree_sitter.Language(tree_sitter_cute_ir.language())


@lru_cache(maxsize=None)
def query(source: str) -> tree_sitter.Query:
    """A compiled query; compiled once per distinct source text."""
    return tree_sitter.Query(LANGUAGE, source)


@dataclass
class SyntaxTree:
    tree: tree_sitter.Tree
    data: bytes

    @property
    def root(self) -> tree_sitter.Node:
        return self.tree.root_node


_PARSER = tree_sitter.Parser(LANGUAGE)
_RANGE_PARSER = tree_sitter.Parser(LANGUAGE)


def apply_edit(tree: tree_sitter.Tree, edit: TextEdit) -> None:
    """Shift a tree's nodes for an edit without re-parsing (tree-sitter's `Tree.edit`)."""
    tree.edit(
        start_byte=edit.start,
        old_end_byte=edit.old_end,
        new_end_byte=edit.new_end,
        start_point=edit.start_point,
        old_end_point=edit.old_end_point,
        new_end_point=edit.new_end_point,
    )


def parse_range(data: bytes, start: int, end: int, start_point: tuple[int, int],
                end_point: tuple[int, int], previous: tree_sitter.Tree | None = None) -> tree_sitter.Tree:
    """Parse only bytes [start, end) of `data`; node offsets stay those of the whole buffer.

    Used to re-parse one statement after an edit inside it: the cost is that of the
    statement, whatever the size of the file.
    """
    _RANGE_PARSER.included_ranges = [tree_sitter.Range(start_point, end_point, start, end)]
    return _RANGE_PARSER.parse(data, previous) if previous is not None else _RANGE_PARSER.parse(data)


def parse(data: bytes, previous: SyntaxTree | None = None, edit: TextEdit | None = None) -> SyntaxTree:
    """Parse `data`; with the previous tree and the edit that led here, re-parse incrementally.

    The previous tree is edited in place (tree-sitter's contract), so callers must not keep
    using it for anything but `changed_ranges`.
    """
    if previous is not None:
        if edit is not None:
            apply_edit(previous.tree, edit)
        return SyntaxTree(_PARSER.parse(data, previous.tree), data)
    return SyntaxTree(_PARSER.parse(data), data)
