"""Performance guards for hostile documents: each input is analysed at sizes n, 2n and 4n.

For every input the script reports (the fastest of three runs) the time to first diagnostics (a whole-document analysis,
what `cute-ir check` does per file) and, where it matters, the request that used to stall
(full semantic tokens, outline, folding, hover). It fails (exit 1) when any time exceeds the
input's budget or grows faster than linearly: doubling n may cost at most `GROWTH` times as
much (2 plus slack for timer noise on a shared machine).

    .venv/bin/python bench/pathological.py [WORD ...]    # only the cases whose name holds a WORD
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Callable

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features import hover
from cute_ir.features.outline import document_symbols, folding_ranges
from cute_ir.lsp import semantic

GROWTH = 3.0          # time(2n) / time(n) above this is super-linear
FLOOR = 0.05          # seconds; below this, ratios are timer noise


def bracket_run(n: int) -> str:
    return ("func.func @f() {\n  %1 = cute.static : !mma_f1" + "(" * n + "," + "(" * n
            + "\n  %2 = arith.constant 1 : i32\n  return\n}\n")


def mixed_brackets(n: int) -> str:
    """A real example with `n` stray `(` and `<` scattered through it."""
    import random
    from pathlib import Path
    text = list((Path(__file__).resolve().parents[1] / "examples" / "sm90_gemm_mainloop.ir").read_text())
    rng = random.Random(n)
    for _ in range(n):
        text.insert(rng.randrange(len(text)), rng.choice("(<"))
    return "".join(text)


def deep_nesting(n: int) -> str:
    return ("func.func @f() {\n" + '  "test.op"() ({\n' * n + "  }) : () -> ()\n" * n + "  return\n}\n")


def long_line(n: int) -> str:
    """One line of `n` bytes: a dense constant, as minified output has."""
    values = ", ".join(str(i % 97) for i in range(n // 4))
    return f"func.func @f() {{\n  %1 = arith.constant dense<[{values}]> : tensor<{n // 4}xi32>\n  return\n}}\n"


def long_type_list(n: int) -> str:
    """One line holding an array attribute of `n` types, as generated IR can."""
    return f'func.func @f() {{\n  "t.op"() {{types = [{", ".join(["i32"] * n)}]}} : () -> ()\n  return\n}}\n'


def split_markers(n: int) -> str:
    """`n` split markers, with one function around them."""
    return "func.func @f() {\n  return\n}\n" + "// -----\n" * n + "func.func @g() {\n  return\n}\n"


def key_before_a_comment(n: int) -> str:
    """A key whose value follows a comment of `n` `//`: the text search for keys without a
    value (syntax/errors.py) must not backtrack through the ways to split the comment."""
    return "func.func @f() {\n  test.op <a = " + "// " * n + "x\n 1>\n  return\n}\n"


def unclosed_function(n: int) -> str:
    """A function whose `}` is missing, then `n` functions that build and apply a copy atom: the
    parser nests them all in the first, one statement, and each copy atom's check used to look
    through every op of it for the op that builds the atom."""
    # Names of one width: every function is as long, so the middle of the file (where hover
    # asks) is the same place in a function at every n.
    function = ("func.func @k{i:07d}(%s: memref<1024xf16, 3>, %f: memref<8xf16>) {{\n"
                "  %ld = cute_nvgpu.make_copy_atom {{val_type = f16, num_matrices = 4}} : !cute_nvgpu.atom.ldsm<m8n8.x4>\n"
                "  cute_nvgpu.copy %ld, %s, %f : (!cute_nvgpu.atom.ldsm<m8n8.x4>, memref<1024xf16, 3>, memref<8xf16>)\n"
                "  return\n}}\n")
    return "func.func @open() {\n" + "".join(function.format(i=i) for i in range(n))


def functions_with_syntax_errors(n: int) -> str:
    """`n` functions with a stray `)` each: a broken document of `n` pieces, each with a tree of
    its own, whose alias uses each piece's SSA check used to look for among every piece's."""
    function = "func.func @f{i:07d}(%a: !a) -> !a {{\n  %0 = arith.addi %a, %a : !a )\n  return %0 : !a\n}}\n"
    return "!a = i32\n" + "".join(function.format(i=i) for i in range(n))


def location_aliases(n: int) -> str:
    """A dump with line info: n ops, each `loc(#locI)`, then the n location aliases, each fusing
    two others (`#fI = loc(fused[#a, #b])`), as MLIR prints them after the module."""
    ops = "".join(f"  %c{i} = arith.constant {i} : i32 loc(#loc{i})\n" for i in range(n))
    locations = "".join(f'#loc{i} = loc("k.py":{i}:0)\n' for i in range(n))
    fused = "".join(f"#f{i} = loc(fused[#a, #b])\n" for i in range(n))
    return (f"func.func @f() {{\n{ops}  return\n}}\n" '#a = loc("a.py":1:0)\n#b = loc("b.py":1:0)\n'
            + locations + fused)


@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[int], str]
    n: int                      # the smallest size; 2n and 4n follow
    budget: float               # seconds, for the largest size, per measured step


CASES = [
    Case("bracket run (n `(`, `,`, n `(`)", bracket_run, 400, 2.0),
    # 4n nests 200,000 levels: past the 65,535 tree-sitter's query cursor can count.
    Case("long bracket run (n `(`, `,`, n `(`)", bracket_run, 25_000, 2.0),
    Case("stray `(`/`<` in a 3 KB file", mixed_brackets, 200, 2.0),
    Case("nested generic regions", deep_nesting, 2500, 2.0),
    Case("one long line (bytes)", long_line, 1_250_000, 2.0),          # 4n: the 5 MB line
    Case("one line of n types in an array", long_type_list, 250_000, 2.0),  # 4n: 5 MB
    Case("`// -----` split markers", split_markers, 25_000, 2.0),
    Case("a key, then a comment of n `//`", key_before_a_comment, 250_000, 2.0),
    Case("a missing `}`, then n functions with copy atoms", unclosed_function, 500, 2.0),
    Case("n functions, each with a syntax error", functions_with_syntax_errors, 1000, 2.0),
    Case("n ops with a location alias each, n fused location aliases", location_aliases, 1000, 2.0),
]


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def measure(case: Case, n: int, repeat: int = 3) -> dict[str, float]:
    """The fastest of `repeat` runs of each step: on a shared machine the minimum is the cost."""
    runs = [_measure_once(case.make(n)) for _ in range(repeat)]
    return {step: min(run[step] for run in runs) for step in runs[0]}


def _measure_once(text: str) -> dict[str, float]:
    times: dict[str, float] = {}
    holder: list[DocumentAnalysis] = []
    times["first diagnostics"] = _timed(lambda: holder.append(DocumentAnalysis("file:///p.ir", text)) or holder[0].diagnostics())
    analysis = holder[0]
    times["semantic tokens"] = _timed(lambda: semantic.full_tokens(analysis))
    times["outline + folding"] = _timed(lambda: (document_symbols(analysis), folding_ranges(analysis)))
    times["hover"] = _timed(lambda: hover.hover(analysis, len(analysis.document.data) // 2))
    times["edit"] = _timed(lambda: _edit_in_the_middle(analysis))
    return times


def _edit_in_the_middle(analysis: DocumentAnalysis) -> None:
    """A keystroke in the middle of the file (the character there typed over itself), then the
    diagnostics the server would publish for it."""
    document = analysis.document
    middle = len(document.data) // 2
    while middle > 0 and document.data[middle] & 0xC0 == 0x80:   # the start of a character
        middle -= 1
    start, end = document.position(middle), document.position(middle + 1)
    typed = bytes(document.data[middle:middle + 1]).decode("utf-8", "replace")
    analysis.update([(start, end, typed)], 2)
    analysis.diagnostics()


def main(argv: list[str]) -> int:
    """Every case, or those whose name contains one of `argv`."""
    failures: list[str] = []
    for case in CASES:
        if argv and not any(word in case.name for word in argv):
            continue
        rows = [(n, measure(case, n)) for n in (case.n, 2 * case.n, 4 * case.n)]
        print(f"## {case.name} (budget {case.budget:g} s per step)")
        for n, times in rows:
            print(f"  n={n:>9}: " + ", ".join(f"{k} {v:.3f} s" for k, v in times.items()))
        for step in rows[-1][1]:
            largest = rows[-1][1][step]
            if largest > case.budget:
                failures.append(f"{case.name}: {step} {largest:.2f} s > {case.budget:g} s")
            for (_, small), (_, big) in zip(rows, rows[1:]):
                if big[step] > FLOOR and big[step] > GROWTH * max(small[step], FLOOR / GROWTH):
                    failures.append(f"{case.name}: {step} grows super-linearly "
                                    f"({small[step]:.3f} s -> {big[step]:.3f} s when n doubles)")
    for failure in failures:
        print("FAIL", failure)
    print("all within budget, linear" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
