"""Parsing with the project's own grammar (tree_sitter_cute_ir), full or incremental."""
from __future__ import annotations

import time
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


# A list node with more children than this (a minified constant of tens of thousands of
# elements, a generated type list) is not searched by queries. tree-sitter's query cursor
# pays, at each child of a node, for a look at the child's later siblings, so a query over one
# node of n children costs n^2 (0.3 s at 1 M children, 1.3 s at 2 M); below this width that is
# a few milliseconds. Nodes that hold statements (regions, blocks, the file) do not cost that
# way and are never wide.
WIDE_NODE = 50_000
_STATEMENT_CONTAINERS = frozenset({"source_file", "region", "block"})

# Queries start no pattern deeper than this below the node they search. tree-sitter's query
# cursor keeps a match's start depth in 16 bits: past 65,535 levels (a run of that many unclosed
# brackets) its matches never finish, and one search over an 80,000-deep run took 11 s where
# 60,000 levels take 50 ms. Only such runs nest this deep; their innermost levels are not
# searched (the syntax walks, which do not use queries, still see them).
MAX_QUERY_DEPTH = 50_000


def wide_nodes(root: tree_sitter.Node, lo: int, hi: int) -> list[tree_sitter.Node]:
    """The outermost list nodes in [lo, hi) with more than WIDE_NODE children, in document
    order. A node of that many children spans at least that many bytes, so only nodes that big
    are descended into, and only their children overlapping [lo, hi). One tree cursor steps
    through them: a run of nested brackets is as many levels as brackets."""
    if _is_wide(root):
        return [root]
    out: list[tree_sitter.Node] = []
    cursor = root.walk()
    if cursor.goto_first_child_for_byte(lo) is None:
        return out
    while True:
        node = cursor.node
        moved = False
        if node.start_byte < hi:
            if node.end_byte - node.start_byte >= WIDE_NODE:
                if _is_wide(node):
                    out.append(node)
                elif cursor.goto_first_child_for_byte(lo) is not None:
                    continue
            moved = cursor.goto_next_sibling()
        while not moved:     # this level is done: on with the parent's next sibling
            if not cursor.goto_parent():
                return out
            moved = cursor.goto_next_sibling()


def _is_wide(node: tree_sitter.Node) -> bool:
    return node.child_count > WIDE_NODE and node.type not in _STATEMENT_CONTAINERS


def captures(q: tree_sitter.Query, root: tree_sitter.Node, lo: int = 0,
             hi: int | None = None) -> dict[str, list[tree_sitter.Node]]:
    """`QueryCursor.captures` over bytes [lo, hi) of `root`'s tree, without searching inside wide
    nodes (see WIDE_NODE): a wide node itself and its first and last children (its brackets, or
    the zero-width node that ends it unclosed) are searched, the rest of it is not. Each node
    comes once per capture name; the order is not document order."""
    end = root.end_byte + 1 if hi is None else hi
    wide = wide_nodes(root, lo, end)
    if not wide:
        cursor = tree_sitter.QueryCursor(q)
        cursor.set_max_start_depth(MAX_QUERY_DEPTH)
        cursor.set_byte_range(lo, end)
        return cursor.captures(root)
    spans: list[tuple[int, int]] = []
    start = lo
    for node in wide:
        spans.append((start, node.start_byte + 1))
        start = max(node.start_byte + 1, node.end_byte - 1)
    spans.append((start, end))
    out: dict[str, list[tree_sitter.Node]] = {}
    seen: set[tuple[str, int]] = set()
    for span_lo, span_hi in spans:
        if span_hi <= span_lo:
            continue
        cursor = tree_sitter.QueryCursor(q)
        cursor.set_max_start_depth(MAX_QUERY_DEPTH)
        cursor.set_byte_range(span_lo, span_hi)
        for name, nodes in cursor.captures(root).items():
            for node in nodes:
                if (name, node.id) not in seen:
                    seen.add((name, node.id))
                    out.setdefault(name, []).append(node)
    return out


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


def parse_ranges(data: bytes, ranges: list[tuple[int, int, tuple[int, int], tuple[int, int]]]) -> tree_sitter.Tree:
    """Parse only the given stretches of `data` ((start, end, start point, end point), in order),
    as if they were written one after the other; node offsets stay those of the whole buffer.
    A container's header and its closing brace parse so as one empty container."""
    _RANGE_PARSER.included_ranges = [tree_sitter.Range(a_point, b_point, a, b) for a, b, a_point, b_point in ranges]
    return _RANGE_PARSER.parse(data)


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


class SlicedParse:
    """A parse of `data` done a slice of time at a time, for work in the background: the
    binding holds the GIL while tree-sitter parses (a thread would not let the event loop
    run), but a parse its progress callback stops goes on where it stopped when asked again
    with the same input. It has a parser of its own: a parse of anything else in between would
    start a shared parser afresh."""

    _CHUNK = 1 << 16

    def __init__(self, data: bytes) -> None:
        self.data = data
        self._parser = tree_sitter.Parser(LANGUAGE)
        self._deadline = 0.0

    def advance(self, seconds: float) -> tree_sitter.Tree | None:
        """Parse for about `seconds`; the tree once the parse is done, None until then."""
        self._deadline = time.monotonic() + seconds
        try:
            return self._parser.parse(self._read, progress_callback=self._stop)
        except ValueError:          # stopped by `_stop`: asked again, it resumes
            return None

    def _read(self, offset: int, _point) -> bytes:
        return self.data[offset:offset + self._CHUNK]

    def _stop(self, *_state) -> bool:
        return time.monotonic() > self._deadline
