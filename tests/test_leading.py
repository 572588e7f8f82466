"""The first publish of a large document's top (features/leading.py) says nothing the complete
analysis does not: at many cut points of real dumps and of the upstream-dialect file, every
diagnostic of the leading part is one of the whole text's, at the same range with the same
message; also with problems after the cut (a `}` deleted, an alias used before its definition)
and with errors of every stage before it."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features.leading import LEADING_CHARS, LEADING_FROM, cut_point, leading
from cute_ir.diagnostics import Source

ROOT = Path(__file__).resolve().parents[1]
UPSTREAM_GENERATOR = ROOT.parent / "shared" / "bench" / "gen_upstream_mlir.py"


def _real_dumps(lines: int) -> str:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from real_dumps import concatenated
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return concatenated(lines)


def _upstream(lines: int, where: Path) -> str:
    if not UPSTREAM_GENERATOR.exists():
        pytest.skip(f"{UPSTREAM_GENERATOR} is not on this machine")
    out = where / "upstream.mlir"
    subprocess.run([sys.executable, str(UPSTREAM_GENERATOR), str(lines), str(out)], check=True,
                   capture_output=True, timeout=60)
    return out.read_text()


def _with_errors(text: str, every: int) -> str:
    """`text` with problems of every stage at every `every`-th place: an unknown op of a known
    dialect (types), an unknown `!cute_nvgpu` type (types), a use of an undefined value
    (verification)."""
    count = 0

    def spoil(match: re.Match) -> str:
        nonlocal count
        count += 1
        if count % every:
            return match.group(0)
        return {0: "arith.addx", 1: "arith.addi %undefined_value,"}.get(count // every % 3, match.group(0) + " ")

    text = re.sub(r"arith\.addi", spoil, text)
    return re.sub(r"(?m)^(    %\w+ = arith\.constant) (\d+) : i32$",
                  lambda m: m.group(0) if int(m.group(2)) % 7 else m.group(0) + " loc(\"x\":1:2) !cute_nvgpu.nope",
                  text)


def _key(d):
    return (d.code, d.span.start, d.span.end, d.message, d.severity, tuple((r.span, r.message) for r in d.related))


def _assert_contained(text: str, afters: list[int]) -> tuple[int, int]:
    """(cuts made, leading diagnostics checked) over `afters`, against the whole text's complete
    diagnostics. A cut in the text's second half is checked too: `leading` declines it only
    because it saves too little (the text is doubled to pass that)."""
    complete = {_key(d) for d in DocumentAnalysis("file:///t.mlir", text, 1).diagnostics()}
    cuts = checked = 0
    for after in afters:
        found = leading("file:///t.mlir", text + " " * len(text), 1, after=after, at_least=0)
        if found is None:
            continue
        cuts += 1
        assert found.cut > after
        for d in found.diagnostics:
            assert d.source in (Source.SYNTAX, Source.TYPES)
            assert _key(d) in complete, (after, found.cut, d)
            checked += 1
    return cuts, checked


def test_real_dumps_cut_anywhere():
    text = _with_errors(_real_dumps(6000), 5)
    cuts, checked = _assert_contained(text, list(range(2_000, len(text) - 2_000, len(text) // 40)))
    assert cuts >= 30 and checked > 100


def test_the_upstream_file_cut_anywhere(tmp_path: Path):
    text = _with_errors(_upstream(8000, tmp_path), 5)
    cuts, checked = _assert_contained(text, list(range(2_000, len(text) - 2_000, len(text) // 40)))
    assert cuts >= 30 and checked > 100


@pytest.mark.parametrize("where", [0.3, 0.6, 0.9])
def test_a_brace_deleted_after_the_cut(where: float):
    """A broken text after the cut (tree-sitter recovers the whole file differently, and the
    analysis reads the damaged region by its lines) does not change what the top says."""
    text = _with_errors(_real_dumps(3000), 4)
    at = text.index("\n  }\n", int(len(text) * where)) + 1
    broken = text[:at] + text[at:].replace("}", "", 1)
    cuts, checked = _assert_contained(broken, list(range(2_000, at - 2_000, at // 12)))
    assert cuts >= 6 and checked > 10


def test_an_alias_defined_after_the_cut():
    """An alias used at the top and defined further down is undefined where it is used (MLIR
    reads the file once), in the leading part alone and in the whole text; the first publish,
    which holds no verification, still says nothing of it."""
    text = _with_errors(_real_dumps(3000), 4)
    definition = re.search(r"(?m)^(!memref_gmem_i32_c0) = .*\n", text)
    moved = text[:definition.start()] + text[definition.end():] + definition.group(0)
    found = leading("file:///t.mlir", moved, 1, after=2_000, at_least=0)
    assert found is not None
    alone = DocumentAnalysis("file:///t.mlir", found.analysis.document.text, 1)   # verified, unlike the first publish's
    assert any(d.code == "ssa.undefined-alias" and d.span.end < len(found.analysis.document.data) - 10
               for d in alone.diagnostics())
    assert not any(d.code == "ssa.undefined-alias" for d in found.diagnostics)
    assert "ssa.undefined-alias" in {d.code for d in DocumentAnalysis("file:///t.mlir", moved, 1).diagnostics()}


def test_the_cut_is_at_a_top_level_statement_boundary():
    text = "module {\n" + "".join(f"  func.func @f{i}() {{\n    \"x.y\"() {{s = \"}}\"}} : () -> ()\n  }}\n"
                                  for i in range(40)) + "}\n"
    cut, braces = cut_point(text, 100)
    assert text[:cut].endswith("  }\n") and braces == 1
    flat = "module {\n" + "  \"a.b\"() : () -> ()\n" * 100 + "}\n"
    assert cut_point(flat, 10) == (len(flat), 0)   # no function ends before the module does
    assert cut_point("}\n" * 10, 0) is None


def test_small_texts_and_texts_without_a_cut_get_no_first_publish():
    assert LEADING_FROM > LEADING_CHARS
    assert leading("file:///t.mlir", "module {\n}\n", 1) is None
    assert leading("file:///t.mlir", "func.func @f() {\n" + "  %0 = arith.constant 0 : i32\n" * 20_000 + "}\n",
                   1) is None


# What the first publish imports and makes: run alone, as `cute-ir serve` runs it before the
# server is imported (lsp/fast_start.py), over the top of real dumps.
_TOP_ALONE = """
import json, sys
from cute_ir.lsp import fast_start, settings
for name in fast_start._PRELOADED_MODULES:
    __import__(name)
text = open(sys.argv[1], encoding="utf-8").read()
top = fast_start.leading_publish("file:///t.mlir", 1, text, "utf-16", settings.initial(None))
from cute_ir.dialects.registry import OPS
from cute_ir.syntax import dense
print(json.dumps({"published": top is not None, "records": [OPS.made(), len(OPS)],
                  "modules": sorted(m for m in sys.modules if m.startswith("cute_ir.")),
                  "dense pattern": dense._plain_literal.cache_info().currsize}))
"""
# Not needed for the top's syntax and type diagnostics, and each costly to import: the
# verifiers, the lowering's facts, the passes, the emitters, the layout algebra, the pipeline,
# the server (pygls); the lift and the IR it makes (the top lifts nothing: analysis/document.py
# imports them when a unit is first lifted), with the locations they carry; the MMA and copy
# lattices (tables/lattice.py, read through tables/atoms.py) and the descriptor tables only they
# read at import.
_NOT_FOR_THE_TOP = ("cute_ir.verify", "cute_ir.lowering_facts", "cute_ir.passes", "cute_ir.emit", "cute_ir.layout",
                    "cute_ir.analysis.pipeline", "cute_ir.analysis.stages", "cute_ir.lsp.server",
                    "cute_ir.ir.lift", "cute_ir.ir.core", "cute_ir.text.location", "cute_ir.tables.lattice",
                    "cute_ir.tables.descriptors")


def test_the_first_publish_imports_and_makes_only_what_the_top_needs(tmp_path: Path):
    opened = tmp_path / "open.mlir"
    opened.write_text(_real_dumps(5_000), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", _TOP_ALONE, str(opened)], capture_output=True, check=True,
                          timeout=120, env={**os.environ, "CUTE_IR_LEADING_FROM": "0"})
    report = json.loads(done.stdout)
    assert report["published"]
    assert [m for m in report["modules"] if m.startswith(_NOT_FOR_THE_TOP)] == []
    # The upstream op records are made when an op asks for one: the top's few dozen, not all.
    made, known = report["records"]
    assert made < known // 4, report["records"]
    # The pattern of plain `dense<...>` literals (syntax/dense.py) is compiled when one is read:
    # these dumps hold none.
    assert "dense<" not in opened.read_text(encoding="utf-8")
    assert report["dense pattern"] == 0
