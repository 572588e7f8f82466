"""Whole-document incremental re-parse: same tree as a fresh parse, and unchanged statements
are taken over from the old tree rather than lexed again (the grammar's reuse design)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
import tree_sitter

from cute_ir.syntax.parser import LANGUAGE

ROOT = Path(__file__).resolve().parents[2]
# Files free of syntax errors (tests/corpus/verify/syntax.ir has them on purpose).
SOURCES = [path for path in sorted((ROOT / "examples").glob("*.ir")) + sorted((ROOT / "tests" / "corpus" / "verify").glob("*.ir"))
           if not tree_sitter.Parser(LANGUAGE).parse(path.read_bytes()).root_node.has_error]

# Characters that open, close or separate MLIR constructs, and a few ordinary ones.
EDIT_PIECES = [b"%", b"=", b"\n", b"{", b"}", b"(", b")", b"<", b">", b"a", b" ", b"^", b":", b'"', b"x", b""]


def _point(src: bytes, offset: int) -> tuple[int, int]:
    row = src.count(b"\n", 0, offset)
    return row, offset - (src.rfind(b"\n", 0, offset) + 1)


def _edit(tree: tree_sitter.Tree, old: bytes, new: bytes, start: int, old_end: int, new_end: int) -> None:
    tree.edit(start_byte=start, old_end_byte=old_end, new_end_byte=new_end,
              start_point=_point(old, start), old_end_point=_point(old, old_end),
              new_end_point=_point(new, new_end))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_incremental_tree_equals_fresh_parse(path: Path) -> None:
    """Random edits, each re-parsed from the previous tree and then undone the same way (the
    usual life of a typo). Wherever the text has no syntax error the incremental tree must be
    the tree a fresh parse builds; error recovery may legitimately depend on the old tree, so
    erroneous text is only required to parse."""
    rng = random.Random(path.name)
    parser = tree_sitter.Parser(LANGUAGE)
    original = path.read_bytes()
    tree = parser.parse(original)
    compared = 0
    for _ in range(40):
        start = rng.randrange(len(original) + 1)
        old_end = min(len(original), start + rng.choice([0, 0, 1, 1, 2, 5]))
        piece = rng.choice(EDIT_PIECES) + rng.choice(EDIT_PIECES)
        edited = original[:start] + piece + original[old_end:]
        edited_end = start + len(piece)
        for old, new, replaced_end, new_end in ((original, edited, old_end, edited_end),
                                                (edited, original, edited_end, old_end)):
            _edit(tree, old, new, start, replaced_end, new_end)
            tree = parser.parse(new, tree)
            fresh = parser.parse(new)
            if not fresh.root_node.has_error:
                compared += 1
                assert str(tree.root_node) == str(fresh.root_node), f"edit at byte {start}: {piece!r}"
    assert compared >= 40


def _module(functions: int) -> bytes:
    body = "".join(
        f"  func.func @f{i}(%x: i32) -> i32 {{\n"
        f"    %a{i} = arith.addi %x, %x : i32\n"
        f"    cute_nvgpu.arch.sync\n"
        f"    return %a{i} : i32\n"
        f"  }}\n"
        for i in range(functions))
    return ("module {\n" + body + "}\n").encode()


def _tokens_lexed_by_reparse(src: bytes) -> int:
    """Tokens the lexer produces when re-parsing after a one-character edit in the middle."""
    parser = tree_sitter.Parser(LANGUAGE)
    tree = parser.parse(src)
    at = src.index(b"%a", len(src) // 2) + 2
    new = src[:at] + b"Q" + src[at + 1:]
    _edit(tree, src, new, at, at + 1, at + 1)
    lexed = []
    parser.logger = lambda _kind, message: lexed.append(message) if message.startswith("lexed_lookahead") else None
    parser.parse(new, tree)
    return len(lexed)


def test_sources_to_edit_exist() -> None:
    assert len(SOURCES) >= 5


def test_reparse_lexes_only_around_the_edit() -> None:
    """Every unchanged function and statement is reused whole, so what the lexer sees does not
    grow with the file: it is the edited statement and its neighbours' boundaries."""
    small = _tokens_lexed_by_reparse(_module(10))
    large = _tokens_lexed_by_reparse(_module(1000))
    assert large == small
    assert small < 30
