"""Semantic tokens from the grammar's own highlight query, restricted to a byte range.

What is done with each capture (its bytes read, the rows sorted and encoded) is done in C when
the optional extension `tree_sitter_cute_ir._tokens` is built (`native_rows`, and
lsp/semantic.py's encoder), and in Python otherwise (`captured`); both give the same tokens.
With the extension, an intact statement's tokens are read from its text where the text alone
tells them (`native_unit_rows`), the same tokens again."""
from __future__ import annotations

import re
from functools import lru_cache
from operator import sub
from typing import NamedTuple


import tree_sitter
import tree_sitter_cute_ir

try:   # built with the grammar by `pip install .`; optional (setup.py)
    from tree_sitter_cute_ir import _tokens as native
except ImportError:
    native = None

from ..analysis import DocumentAnalysis, Unit
from ..syntax import LANGUAGE, captures, wide_nodes
from ..syntax.parser import MAX_QUERY_DEPTH
from ..text.positions import LineIndex

# LSP token types, in legend order; capture names of highlights.scm map onto them.
TOKEN_TYPES: tuple[str, ...] = (
    "namespace", "type", "function", "variable", "parameter", "property", "enumMember",
    "keyword", "number", "string", "comment", "operator", "label", "macro",
)
TOKEN_MODIFIERS: tuple[str, ...] = ("definition", "defaultLibrary")

_CAPTURE_TO_TYPE: dict[str, tuple[str, tuple[str, ...]]] = {
    "module": ("namespace", ()),
    "type": ("type", ()),
    "type.builtin": ("type", ("defaultLibrary",)),
    "type.definition": ("type", ("definition",)),
    "function": ("function", ()),
    "function.builtin": ("function", ("defaultLibrary",)),
    "variable": ("variable", ()),
    "variable.parameter": ("parameter", ("definition",)),
    "property": ("property", ()),
    "attribute": ("property", ()),
    "constant": ("enumMember", ()),
    "constant.builtin": ("enumMember", ("defaultLibrary",)),
    "boolean": ("enumMember", ("defaultLibrary",)),
    "keyword": ("keyword", ()),
    "number": ("number", ()),
    "number.float": ("number", ()),
    "string": ("string", ()),
    "comment": ("comment", ()),
    "comment.special": ("comment", ()),
    "operator": ("operator", ()),
    "label": ("label", ()),
}


class Token(NamedTuple):   # a tuple: a 50k-line file has over half a million of them
    start: int
    end: int
    type_index: int
    modifiers: int


# Lines longer than this get no semantic tokens, as VS Code tokenizes no line longer than its
# `editor.maxTokenizationLineLength` (20,000 by default): a minified one-line file costs
# nothing instead of seconds per request.
MAX_TOKENIZED_LINE = 20_000
# Anchored at a line's start: unanchored, the search would try every position of every line
# (quadratic in line length: 2.5 s over 50k ordinary lines).
_LONG_LINE = re.compile(rb"(?<![^\r\n])[^\r\n]{%d,}" % (MAX_TOKENIZED_LINE + 1))


@lru_cache(maxsize=None)
def _highlights() -> tree_sitter.Query:
    """The grammar's highlights query, read from its file once, without the captures no token
    type stands for (brackets, delimiters): the query engine then does not record them."""
    highlights = tree_sitter.Query(LANGUAGE, tree_sitter_cute_ir.query_source("highlights"))
    for index in range(highlights.capture_count):
        name = highlights.capture_name(index)
        if name not in _CAPTURE_TO_TYPE:
            highlights.disable_capture(name)
    return highlights


def _short_line_ranges(source: bytes, lo: int, hi: int, lines: LineIndex | None = None) -> list[tuple[int, int]]:
    """[lo, hi) without the lines longer than MAX_TOKENIZED_LINE. `lines`: the document's line
    index, which answers at once for a stretch of many lines (a function of a real dump is
    longer than the longest line allowed, and the search below read it all: a quarter of the
    first tokens of a 50k-line file of them)."""
    if lines is not None and hi > lo:
        first, last = lines.line_of(lo), lines.line_of(hi)
        starts = lines.starts
        # A line's width with its line end, which is a byte or two: within MAX_TOKENIZED_LINE
        # + 1 the line is short enough (a CRLF line that wide is left to the search).
        if hi - starts[last] <= MAX_TOKENIZED_LINE and (
                first == last or max(map(sub, starts[first + 1:last + 1], starts[first:last])) <= MAX_TOKENIZED_LINE + 1):
            return [(lo, hi)]
    ranges: list[tuple[int, int]] = []
    at = lo
    # Only as far back as a short line can start: searched back to the text's start, a text
    # with no "\r" was read whole for each of its units (90 ms of a 50k-line file's tokens).
    near = max(0, hi - MAX_TOKENIZED_LINE - 1)
    line_start = max(source.rfind(b"\n", near, lo), source.rfind(b"\r", near, lo)) + 1
    if line_start > near and hi - line_start <= MAX_TOKENIZED_LINE:
        return [(lo, hi)]   # no line there is that long
    line_start = max(source.rfind(b"\n", 0, lo), source.rfind(b"\r", 0, lo)) + 1
    if hi - line_start <= MAX_TOKENIZED_LINE:
        return [(lo, hi)]
    for long_line in _LONG_LINE.finditer(source, line_start, hi):
        if long_line.start() > at:
            ranges.append((at, long_line.start()))
        at = max(at, long_line.end())
    if at < hi:
        ranges.append((at, hi))
    return ranges


@lru_cache(maxsize=None)
def _capture_kinds() -> dict[str, tuple[int, int, int]]:
    """Each capture name's (rank, token type index, modifier bits): several captures of one
    node go to the one the query names first (the lowest rank)."""
    q = _highlights()
    out: dict[str, tuple[int, int, int]] = {}
    for rank in range(q.capture_count):
        name = q.capture_name(rank)
        mapped = _CAPTURE_TO_TYPE.get(name)
        if mapped is not None and name not in out:
            mods = 0
            for m in mapped[1]:
                mods |= 1 << TOKEN_MODIFIERS.index(m)
            out[name] = (rank, TOKEN_TYPES.index(mapped[0]), mods)
    return out


def unit_trees(analysis: DocumentAnalysis, unit: Unit) -> list[tuple[tree_sitter.Node, int, int]]:
    """`analysis.trees_over(unit.start, unit.end)`, read from the unit's own tree when an edit
    re-parsed it alone (`DocumentAnalysis.tree_for`): the document's tree would be parsed
    again first (15-20 ms at 50k lines) for the one unit whose tokens an edit changed. Its
    statement's subtree is the one a parse of the document gives (the unit is re-parsed so
    only when that holds, `_reparse_unit`), and the query starts at that node either way."""
    if unit.piece is None and unit.tree is not None:
        tree = analysis.tree_for(unit)
        if tree is not None:
            node = tree.root_node.descendant_for_byte_range(unit.start, max(unit.start, unit.end - 1))
            return [(node if node is not None else tree.root_node, unit.start, unit.end)]
    return analysis.trees_over(unit.start, unit.end)


def _groups(analysis: DocumentAnalysis, lo: int, hi: int, trees: list[tuple[tree_sitter.Node, int, int]] | None = None):
    """The highlight query's captures over [lo, hi) that can be tokens, as lists of nodes each
    with the (rank, token type index, modifier bits) of its capture name; `trees` as in
    `native_unit_rows`."""
    source = analysis.document.data
    q = _highlights()
    kinds = _capture_kinds()
    for node, node_lo, node_hi in (analysis.trees_over(lo, hi) if trees is None else trees):
        for range_lo, range_hi in _short_line_ranges(source, node_lo, node_hi, analysis.document.lines):
            for name, nodes in captures(q, node, range_lo, range_hi).items():
                kind = kinds.get(name)
                if kind is not None:
                    yield nodes, kind


def native_rows(analysis: DocumentAnalysis, lo: int, hi: int,
                trees: list[tuple[tree_sitter.Node, int, int]] | None = None) -> bytes:
    """`captured` for the C encoder (`native`, which must be there): the same rows, unsorted,
    packed by `native.capture_rows` without a Python step per capture."""
    groups = [(nodes, *kind) for nodes, kind in _groups(analysis, lo, hi, trees)]
    return native.capture_rows(analysis.document.data, groups, MAX_TOKENIZED_LINE)


# The highlight patterns whose captures `native.lexed_rows` finds from the text, each with its
# capture name, in the order of that function's kinds (tokens.c): value names, the `=` / `->`
# operators, strings, aliases, dialect prefixes and the names after them, CuTe layouts' keyword
# — more than half of a file's tokens, each a node the query would hand over as a Python
# object. Block arguments' names are captured twice, as `@variable` first: the second capture
# is never a token, so it goes with the first.
_LEXED_PATTERNS: tuple[tuple[str, str | None], ...] = (
    ("(value_id) @variable", "variable"),
    ('[\n  "="\n  "->"\n] @operator', "operator"),
    ("(string) @string", "string"),
    ("(type_alias) @type.definition", "type.definition"),
    ("(attribute_alias) @constant", "constant"),
    ("(cute_nvgpu_type (dialect_prefix) @module)", "module"),
    ("(cute_nvgpu_type (mnemonic) @type)", "type"),
    ("(dialect_attribute (type_name) @attribute)", "attribute"),
    ("(layout_keyword) @type", "type"),
    ("(block_argument name: (value_id) @variable.parameter)", None),
    ("(dialect_type (dialect_prefix) @module)", None),
    ("(dialect_type (type_name) @type)", None),
    ("(dialect_attribute (dialect_prefix) @module)", None),
)
# And those `lexed_rows` finds too when given their kinds, following the brackets around:
# numbers and builtin types, most of the rest (a number's token and a type word's meaning
# hang on the bracket they are in, which the text alone may leave open: then it answers None
# and `native_unit_rows` asks it again without them).
_TYPED_PATTERNS: tuple[tuple[str, str | None], ...] = (
    ("(dimension_list) @number", "number"),
    ("(float) @number.float", "number.float"),
    ("[\n  (integer_type)\n  (float_type)\n  (index_type)\n  (none_type)\n] @type.builtin", "type.builtin"),
    ("(memref_type \"memref\" @type.builtin)", None),
    ("(tensor_type \"tensor\" @type.builtin)", None),
    ("(vector_type \"vector\" @type.builtin)", None),
    ("(complex_type \"complex\" @type.builtin)", None),
    ("(tuple_type \"tuple\" @type.builtin)", None),
    ("(quantile_type \"quantile\" @type.builtin)", None),
    ("(unranked_dimension) @number", None),
    ("(shape) @number", None),
    ("(scaled_basis) @number", None),
    ("(integer) @number", None),
)
# And with every other token's kind, all of the rest: words (op names, keywords, keys, the
# builtin attributes' kinds, booleans, `unit`), comments, block labels, symbols, results'
# indexes. Read so, a unit needs no query at all. Split markers are never read (a unit that
# holds one is not).
_WORD_PATTERNS: tuple[tuple[str, str | None], ...] = (
    ("(op_name) @function", "function"),
    ("(keyword) @keyword", "keyword"),
    ("(attribute_entry name: (_) @property)", "property"),
    ("(memory_order value: (bare_id) @constant)", "constant"),
    ("(unit_attribute) @constant.builtin", "constant.builtin"),
    ("(boolean) @boolean", "boolean"),
    ("(builtin_attribute kind: _ @function.builtin)", "function.builtin"),
    ("(comment) @comment", "comment"),
    ("(caret_id) @label", "label"),
    ("(operation name: (string) @function)", None),
    ("(result_index) @variable", None),
    ("(symbol) @function", None),
    ("(key_value key: (bare_id) @property)", None),
    ('(swizzle "S" @function.builtin)', None),
    ('(memory_order "mem_order" @property)', None),
    ('(memory_scope "mem_scope" @property)', None),
    ("(memory_scope value: (bare_id) @constant)", None),
    ("(bit_width (unit) @keyword)", None),
    ('(divby "divby" @keyword)', None),
    ('"loc" @keyword', None),
    ("(split_marker) @comment.special", None),
)


@lru_cache(maxsize=None)
def _lexed_query(level: int = 0) -> tuple[tree_sitter.Query, tuple[tuple[int, int, int], ...]] | None:
    """The highlights query without `_LEXED_PATTERNS` (and `_TYPED_PATTERNS` from level 1 on,
    `_WORD_PATTERNS` at level 2, where no pattern that makes a token may be left), and the
    (rank, type, modifiers) of each kind `native.lexed_rows` writes in their place; None when
    the extension is not built or highlights.scm no longer has those patterns as they are
    spelt here."""
    if native is None:
        return None
    patterns = _LEXED_PATTERNS + (_TYPED_PATTERNS if level >= 1 else ()) + (_WORD_PATTERNS if level >= 2 else ())
    source = tree_sitter_cute_ir.query_source("highlights")
    q = tree_sitter.Query(LANGUAGE, source)
    text = source.encode("utf-8")
    spelt = {pattern for pattern, _ in patterns}
    # A pattern's text runs on to the next one's, over the comments between them.
    spellings = ["\n".join(line for line in text[q.start_byte_for_pattern(index):q.end_byte_for_pattern(index)]
                           .decode().strip().split("\n") if not line.startswith(";")).strip()
                 for index in range(q.pattern_count)]
    lexed = [index for index, spelling in enumerate(spellings) if spelling in spelt]
    if len(lexed) != len(spelt):
        return None
    if level >= 2 and any(name in _CAPTURE_TO_TYPE for index, spelling in enumerate(spellings) if index not in lexed
                          for name in re.findall(r"@([\w.]+)", spelling)):
        return None   # a pattern making tokens that lexed_rows does not read
    for index in lexed:
        q.disable_pattern(index)
    for index in range(q.capture_count):
        if q.capture_name(index) not in _CAPTURE_TO_TYPE:
            q.disable_capture(q.capture_name(index))
    kinds = _capture_kinds()
    return q, tuple(kinds[name] for _, name in patterns if name is not None)


def native_unit_rows(analysis: DocumentAnalysis, lo: int, hi: int, levels: tuple[int, ...] = (2, 1, 0),
                     trees: list[tuple[tree_sitter.Node, int, int]] | None = None) -> bytes:
    """`native_rows` of a unit's [lo, hi): in a statement whose tree has no error (and no line
    too long to tokenize, no node too wide to search), the tokens of `_LEXED_PATTERNS` and,
    where the brackets tell them, of `_TYPED_PATTERNS` are read from the text by
    `native.lexed_rows` and the query finds the rest; anywhere else, or where the text alone
    cannot tell (`lexed_rows` answers None), the query finds every token. The rows are the same
    either way (tests/test_semantic_tokens_native.py). `trees`: `analysis.trees_over(lo, hi)`
    when the caller has them (`unit_trees`)."""
    lexed_query = _lexed_query()
    if trees is None:
        trees = analysis.trees_over(lo, hi)
    # A tree that covers the unit: the query finds nothing outside its node (`x=` at the text's
    # end is an op name alone), nor does the text reading then.
    if (lexed_query is not None and len(trees) == 1 and not trees[0][0].has_error
            and trees[0][0].start_byte <= lo and trees[0][0].end_byte >= hi):
        node = trees[0][0]
        source = analysis.document.data
        if _short_line_ranges(source, lo, hi, analysis.document.lines) == [(lo, hi)] and not wide_nodes(node, lo, hi):
            for level in levels:
                query = _lexed_query(level)
                if query is None:
                    continue
                q, kinds = query
                lexed = native.lexed_rows(source, lo, hi, kinds)
                if lexed is not None and level == 2:
                    return lexed
                if lexed is not None:
                    known = _capture_kinds()
                    cursor = tree_sitter.QueryCursor(q)   # `captures` without its search for wide nodes again
                    cursor.set_max_start_depth(MAX_QUERY_DEPTH)
                    cursor.set_byte_range(lo, hi)
                    groups = [(nodes, *known[name]) for name, nodes in cursor.captures(node).items() if name in known]
                    return native.capture_rows(source, groups, MAX_TOKENIZED_LINE) + lexed
    return native_rows(analysis, lo, hi, trees)


def captured(analysis: DocumentAnalysis, lo: int, hi: int) -> list[tuple[int, int, int, int, int]]:
    """Every capture of the highlight query over [lo, hi) that can be a token, as (start, end,
    rank, token type index, modifier bits), sorted: several captures of one node come first in
    the query's order (the lowest rank). Overlapping ones are all there: `semantic_tokens`
    keeps the first of each, as does the protocol's encoder, which reads these rows directly
    (hundreds of thousands in a large file: no Token is made for them)."""
    source = analysis.document.data
    found: list[tuple[int, int, int, int, int]] = []
    add = found.append
    newline, line_ends = b"\n", b"\r\n"
    for nodes, (rank, type_index, mods) in _groups(analysis, lo, hi):
        for captured_node in nodes:
            start, end = captured_node.start_byte, captured_node.end_byte
            while end > start and source[end - 1] in line_ends:
                end -= 1   # a comment line `//` alone keeps its line end in the tree
            if start == end or end - start > MAX_TOKENIZED_LINE or source.find(newline, start, end) >= 0:
                continue   # LSP tokens are non-empty and single-line
            add((start, end, rank, type_index, mods))
    found.sort()
    return found


def semantic_tokens(analysis: DocumentAnalysis, lo: int, hi: int) -> list[Token]:
    """Non-overlapping, single-line tokens in [lo, hi), sorted by position."""
    out: list[Token] = []
    last_end = -1
    for start, end, _, type_index, mods in captured(analysis, lo, hi):
        if start < last_end:
            continue   # overlaps the token before (another capture of the same text, too)
        out.append(Token(start, end, type_index, mods))
        last_end = end
    return out
