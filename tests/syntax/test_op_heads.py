"""The binding's `op_heads` (C) reads ops' names and plain bodies as syntax/errors.py's Python loop
does with `_OP_START` and `_CLEAN_BODIES`: the same names, bounds and clean flags, and the tree
asked for the same ops. Compared on random text built from the pieces those patterns read (at
every offset), and on every example, corpus and lit file, a generated file and seeded mutations
of them, op by op (test_named_ops_from_text.py compares both with reading every op from the
tree)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from cute_ir.analysis.findings import findings
from cute_ir.syntax import errors, parse
from tree_sitter_cute_ir._binding import op_heads

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from generate_ir import generate  # noqa: E402

SOURCES = sorted(p for folder in ("examples", "tests") for p in (ROOT / folder).rglob("*")
                 if p.suffix in (".ir", ".mlir"))

PIECES = ["%a", "%bc", "%x.y-z$", "%", "%1", "#1", "#", "#12x", ",", " ", " ", "\t", ":", ":2", "=", "arith.addi",
          "arith.constant", "d.op_1$", "_x", "1", "0", "12345", "123456789", "1234567890", ".", "e", "E", "e+5", "-",
          "+", "true", "false", "index", "i32", "i64", "i8", "f16", "bf16", "f32", "f64", "\n", "\r", "\r\n", "{",
          "x", "(", "<", "//", "\x00", "\xc3\xa9"]


class _Op:
    """What `op_heads` reads of an op's node."""

    def __init__(self, start_byte: int, has_error: bool = False) -> None:
        self.start_byte, self.has_error = start_byte, has_error


def _python(source: bytes, ops: list[_Op], lo: int, hi: int, intact: bool) -> list[tuple]:
    """errors.py's Python loop, with the tree's answer replaced by a marker."""
    out: list[tuple] = []
    for op in ops:
        found = errors._OP_START.match(source, op.start_byte)
        if found is None or (not intact and op.has_error):
            out.append(("tree", op.start_byte))
            continue
        start, end = found.span(1)
        if lo <= start <= hi:
            name = bytes(found.group(1))
            body = errors._CLEAN_BODIES.get(name)
            out.append((name, start, end, op, None, body is not None and body.match(source, end) is not None))
    return out


def _native(source: bytes, ops: list[_Op], lo: int, hi: int, intact: bool) -> list[tuple]:
    return op_heads(source, ops, lo, hi, intact, errors._CLEAN_KINDS, lambda *fields: fields,
                    lambda op: ("tree", op.start_byte))


@pytest.mark.parametrize("seed", range(40))
def test_random_text_at_every_offset(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        pieces = [rng.choice(PIECES) for _ in range(rng.randrange(1, 14))]
        if rng.random() < 0.7:      # most of them an op's head and what follows its name
            pieces[rng.randrange(len(pieces))] = rng.choice(["arith.addi", "arith.constant", "arith.mulf"])
        source = "".join(pieces).encode("utf-8", errors="replace")
        ops = [_Op(at, rng.random() < 0.2) for at in range(len(source) + 2)]
        lo, hi = rng.randrange(0, len(source) + 1), rng.randrange(0, len(source) + 2)
        for intact in (True, False):
            assert _native(source, ops, lo, hi, intact) == _python(source, ops, lo, hi, intact), source


@pytest.mark.parametrize("body", [
    b" %a, %b : i32", b" %a, %b", b" %a, %bc", b" %a, %b#1 : i32", b" %a#2, %b {x}", b" %a, %b#x", b" %a ,%b fast", b" %a, %bc %d : i32", b" %x, %arg1 %arg1 : i32",
    b" 1 : i32\n", b" -123456789 : i64", b" 1234567890 : i32", b" 1.0 : f32\r\n", b" 1.5e+00 : f64", b" 1.e5 : f32",
    b" 1.e : f32", b" true : i1", b" false : bf16", b" 1 : f32", b" 1.0 : f32 ", b" 1.0 : f32\r", b" 1.0:f32x",
])
def test_bodies_near_the_patterns(body: bytes) -> None:
    for name in (b"arith.addi", b"arith.constant"):
        source, ops = b"%r = " + name + body, [_Op(0)]
        assert _native(source, ops, 0, len(source), True) == _python(source, ops, 0, len(source), True)


def _ops(data: bytes, root, native: bool) -> list[tuple]:
    before = errors.NATIVE_HEADS
    errors.NATIVE_HEADS = native
    try:
        ops = findings(root, data, 0, len(data))["ops"]
    finally:
        errors.NATIVE_HEADS = before
    return [(o.name, o.start, o.end, o.op.id if o.op else None, o.clean) for o in ops]


def _assert_same(text: str) -> None:
    data = text.encode("utf-8", errors="replace")
    root = parse(data).root
    assert _ops(data, root, True) == _ops(data, root, False)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file(path: Path) -> None:
    _assert_same(path.read_text(encoding="utf-8", errors="replace"))


def test_a_generated_file() -> None:
    _assert_same(generate(1500))


@pytest.mark.parametrize("seed", range(12))
def test_mutations(seed: int) -> None:
    rng = random.Random(seed)
    text = SOURCES[seed * 5 % len(SOURCES)].read_text(encoding="utf-8", errors="replace")
    for _ in range(20):
        sites = [i for i in range(len(text)) if text.startswith(("arith.", "%"), i)] or [0]
        at = min(len(text), rng.choice(sites) + rng.randrange(0, 40))
        edited = text[:at] + rng.choice(PIECES) + text[at + rng.randrange(0, 3):]
        _assert_same(edited)
