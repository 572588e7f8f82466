"""One random token changed at a time in functions of upstream dialects (deleted, doubled, or
replaced by another token of its kind from the same function), each mutant judged by cute-ir
and by mlir-opt 22 (the oracle, tests/mlir_oracle.py; skipped without it). cute-ir must never
report an error where mlir-opt accepts the text, and must report one for most mutants
mlir-opt rejects (what it misses is mostly text only an op's own C++ parser reads: `scf.for`,
`scf.while`, affine maps, and ops of dialects without records here)."""
from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import Severity

from tests.mlir_oracle import MLIR_OPT, needs_mlir_opt

SEEDS = Path(__file__).resolve().parents[1] / "corpus" / "upstream" / "mutation_seeds.mlir"
_SPLIT = "// -----\n"
_TOKEN = re.compile(r"%[\w#]+|\^bb\d+|@\w+|[a-z_]+\.[a-z_.]+|\b(?:i1|i16|i32|i64|f16|f32|f64|index)\b|\b\d+\b"
                    r"|[(){}\[\]<>,:=]")
_TYPES = ("i1", "i16", "i32", "i64", "f16", "f32", "f64", "index")
CASES = 240
# The share of mutants mlir-opt rejects that cute-ir catches may not fall below this.
CAUGHT_AT_LEAST = 0.88


def _seeds() -> list[str]:
    return [part for part in SEEDS.read_text().split(_SPLIT)[1:] if part.strip()]


def _mutants(seed: int) -> list[str]:
    rng = random.Random(seed)
    seeds, out = _seeds(), []
    while len(out) < CASES:
        text = rng.choice(seeds)
        tokens = list(_TOKEN.finditer(text))
        token = rng.choice(tokens)
        word = token.group()
        how = rng.choice(("delete", "double", "replace"))
        if how == "delete":
            new = ""
        elif how == "double":
            new = f"{word} {word}" if word[0] in "%^@" or word[0].isalnum() else word * 2
        elif word in _TYPES:
            new = rng.choice([t for t in _TYPES if t != word])
        elif word.isdigit():
            new = str(rng.choice((0, 1, 2, 3, 7, 100, 4096)))
        else:
            kin = [t.group() for t in tokens if t.group() != word and t.group()[0] == word[0]]
            new = rng.choice(kin) if kin else ""
        mutant = text[:token.start()] + new + text[token.end():]
        if mutant != text:
            out.append(mutant)
    return out


def _rejected_by_mlir(mutants: list[str]) -> set[int]:
    """The mutants mlir-opt 22 rejects: all in one run, split by split."""
    joined = "\n" + _SPLIT.join(mutants)
    run = subprocess.run([MLIR_OPT, "--split-input-file", "-o", "/dev/null", "-"], input=joined,
                         capture_output=True, text=True)
    first_lines, line = [], 2
    for mutant in mutants:
        first_lines.append(line)
        line += mutant.count("\n") + 1
    rejected = set()
    for found in re.finditer(r"^<stdin>:(\d+):\d+: error:", run.stderr, re.M):
        at = int(found.group(1))
        rejected.add(max(i for i, first in enumerate(first_lines) if first <= at))
    return rejected


@needs_mlir_opt
def test_one_token_changed_is_judged_as_mlir_judges_it():
    assert all(DocumentAnalysis(f"file:///seed{i}.mlir", text).diagnostics() == []
               for i, text in enumerate(_seeds()))
    mutants = _mutants(20260)
    rejected = _rejected_by_mlir(mutants)
    caught = set()
    for i, mutant in enumerate(mutants):
        errors = [d for d in DocumentAnalysis(f"file:///m{i}.mlir", mutant).diagnostics() if d.severity == Severity.ERROR]
        assert not errors or i in rejected, (mutant, errors[0].message)     # no false error
        if errors:
            caught.add(i)
    assert len(caught) >= CAUGHT_AT_LEAST * len(rejected), (len(caught), len(rejected))
