"""Op names and plain op bodies read from the text (syntax/errors.py `op_names`, `_CLEAN_BODIES`)
give exactly what reading every op from the tree gives: the same names at the same bounds, and
no op skipped whose check would report something. Compared on every example, corpus and lit
file, a generated file, hand-written near misses and seeded mutations of each, both op by op
and as the whole analysis's diagnostics (same diagnostics, ranges, messages, order)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.analysis.findings import findings
from cute_ir.syntax import errors, parse

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from generate_ir import generate  # noqa: E402

SOURCES = sorted(p for folder in ("examples", "tests") for p in (ROOT / folder).rglob("*")
                 if p.suffix in (".ir", ".mlir"))

# Each a near miss of a plain body (or a plain one), in a function of its own.
NEAR_MISSES = [
    "%0 = arith.addi %a, %b : i32", "%0 = arith.addi %a %b : i32", "%0 = arith.addi %a, %b, %c : i32",
    "%0 = arith.addi %a, %b %c : i32", "%0 = arith.addi %a#1, %b#2 : i32", "%0 = arith.addi %a, : i32",
    "%0 = arith.addf %a, %b fastmath<fast> : f32", "%0 = arith.addi %a, %b {x = 1} : i32",
    "%0 = arith.addi %a,\n  %b : i32", "%0 = arith.addi %a, %b // c\n : i32", "%0 = arith.addi %a, %b#x : i32",
    "%0 = arith.addi %a, %b#1x : i32", "%0 = arith.addi(%a, %b) : i32", "%0 = arith.addi %a, %b: i32",
    "%0:2 = arith.addui_extended %a, %b : i32, i1", "%0 = arith.addi %a, %b : i32 loc(#l)",
    "%c = arith.constant 0 : index", "%c = arith.constant 300 : i8", "%c = arith.constant 7 : i1",
    "%c = arith.constant -2147483648 : i32", "%c = arith.constant 999999999 : i32",
    "%c = arith.constant 9999999999 : i32", "%c = arith.constant 1.0 : f32", "%c = arith.constant 1.5e+00 : f64",
    "%c = arith.constant 1 : f32", "%c = arith.constant 1.0 f32", "%c = arith.constant 1 i32",
    "%c = arith.constant true : i1", "%c = arith.constant false", "%c = arith.constant 1.0 : <f32>",
    "%c = arith.constant 0x10 : i32", "%c = arith.constant 1 : i32 // c", "%c = arith.constant 1 : i32 loc(#l)",
    "%c = arith.constant", "%c = arith.constant\n", "%c = arith.constant 1 : i32 : i32", "%c = arith.constant -0 : index",
    "%c = arith.constant {a} 1 : i32", "%c = arith.constant dense<1> : vector<4xi32>", "%c = arith.constant 1.e5 : f32",
    "%c = arith.constant 1\n : i32", "%c = arith.constant 1 :\n i32", "%c = arith.constant 1 : i32\r\n",
    "%c, %d = arith.constant 1 : i32", "%c:2 = arith.constant 1 : i32", "%c = = arith.constant 1 : i32",
    "arith.constant 1 : i32", "%c = arith.constant 1 : i32 %d", "%c = arith.constant 1 : index {", "%0 = arith.addi %a, %b : i32 }",
]
PIECES = ["%x", ",", " ", ":", "\n", "{", "}", "(", ")", "<", ">", "//", "#1", "#", "300", "1.0", "i8", "i32",
          "index", "=", "\"", "x", "-", "arith.constant ", "arith.addi "]


def _diagnostics(text: str, from_text: bool) -> list:
    before = errors.READ_FROM_TEXT
    errors.READ_FROM_TEXT = from_text
    try:
        return DocumentAnalysis("file:///t.ir", text, verify_budget=None).diagnostics()
    finally:
        errors.READ_FROM_TEXT = before


def _assert_same(text: str) -> None:
    """The ops read from the text are those of the tree, a clean op's check reports nothing,
    and the analysis's diagnostics are the same both ways."""
    data = text.encode("utf-8", errors="replace")
    root = parse(data).root
    before = errors.READ_FROM_TEXT
    try:
        errors.READ_FROM_TEXT = False
        old = findings(root, data, 0, len(data))["ops"]
        errors.READ_FROM_TEXT = True
        new = findings(root, data, 0, len(data))["ops"]
    finally:
        errors.READ_FROM_TEXT = before
    assert [(o.name, o.start, o.end, o.op.id if o.op else None) for o in new] == \
        [(o.name, o.start, o.end, o.op.id if o.op else None) for o in old]
    for op in new:
        assert (op.node.start_byte, op.node.end_byte) == (op.start, op.end)
        if op.clean:
            assert errors._BY_OP_NAME[op.name](op.op, op.node, op.name.decode()) == [], op.name
    assert _diagnostics(text, True) == _diagnostics(text, False)


def _mutated(text: str, rng: random.Random, edits: int) -> str:
    """Edits near the ops the text reads (their lines), so most mutations hit a plain body."""
    sites = [i for i in range(len(text)) if text.startswith(("arith.", "%"), i)] or [0]
    for _ in range(edits):
        at = min(len(text), rng.choice(sites) + rng.randrange(0, 40))
        if rng.random() < 0.4:
            text = text[:at] + text[at + rng.randrange(1, 6):]
        else:
            text = text[:at] + rng.choice(PIECES) + text[at:]
    return text


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_reads_the_same_ops_and_diagnostics(path: Path) -> None:
    _assert_same(path.read_text(encoding="utf-8", errors="replace"))


def test_a_generated_file() -> None:
    _assert_same(generate(1500))


@pytest.mark.parametrize("line", NEAR_MISSES)
def test_near_misses_of_a_plain_body(line: str) -> None:
    _assert_same("func.func @f(%a: i32, %b: i32) {\n  " + line + "\n  return\n}\n")


@pytest.mark.parametrize("seed", range(12))
def test_mutations_near_ops(seed: int) -> None:
    rng = random.Random(seed)
    path = SOURCES[seed * 7 % len(SOURCES)]
    text = path.read_text(encoding="utf-8", errors="replace")
    lines = [line for line in text.splitlines(keepends=True) if "arith." in line] or text.splitlines(keepends=True)
    base = "func.func @f(%a: i32, %b: i32) {\n" + "".join(lines[:40]) + "  %z = arith.addi %a, %b : i32\n" \
        "  %k = arith.constant 1 : i32\n  return\n}\n"
    for _ in range(25):
        _assert_same(_mutated(base, rng, rng.randrange(1, 4)))
