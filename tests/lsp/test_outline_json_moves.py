"""The outline's and the folds' JSON is kept per unit with its line numbers counted from the
unit's first line (lsp/outline_json.py) and placed where the unit starts now. After edits that
add or remove lines above, inside and below a function, that make or unmake a function, and in
text the unit's own reading of lines does not take (not ASCII, carriage returns), the answers
sent equal a fresh analysis's."""
from __future__ import annotations

import json

import pytest
from lsprotocol.converters import get_converter

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features import outline
from cute_ir.lsp import convert, outline_json
from cute_ir.text.positions import Position

FUNCTION = '''  func.func @f{n}(%arg0: i32) -> i32 {{
    %a{n} = cute_nvgpu.make_copy_atom {{val_type = f16}} : !cute_nvgpu.atom.ldsm<m8n8.x4>
    %r{n} = scf.execute_region -> i32 {{
      scf.yield %arg0 : i32
    }}
    return %r{n} : i32
  }}
'''


def _text(count: int = 4, prefix: str = "") -> str:
    return "module {\n" + "".join(FUNCTION.format(n=n) for n in range(count)) + prefix + "}\n"


def _sent(analysis: DocumentAnalysis) -> tuple[str, str]:
    return ("".join(convert.document_symbols(analysis).parts), "".join(convert.folding_ranges(analysis).parts))


def _line_of(analysis: DocumentAnalysis, needle: str) -> int:
    return next(i for i, line in enumerate(analysis.document.text.split("\n")) if needle in line)


def _at(line: int, column: int = 0) -> Position:
    return Position(line, column)


# Each edit as a function of the analysis giving (start, end, text).
EDITS = {
    "a line added above a function": lambda a: (_at(_line_of(a, "@f1")), _at(_line_of(a, "@f1")), "\n"),
    "lines added inside a function": lambda a: (_at(_line_of(a, "%a1 =")), _at(_line_of(a, "%a1 =")),
                                                "    %x = arith.constant 0 : i32\n\n"),
    "a line added below the last function": lambda a: (_at(_line_of(a, "@f3") + 7), _at(_line_of(a, "@f3") + 7), "\n"),
    "a line removed above a function": lambda a: (_at(_line_of(a, "@f2") - 1), _at(_line_of(a, "@f2")), ""),
    "a line removed inside a function": lambda a: (_at(_line_of(a, "%a1 =")), _at(_line_of(a, "%a1 =") + 1), ""),
    "a function made": lambda a: (_at(_line_of(a, "@f2")), _at(_line_of(a, "@f2")),
                                  "  func.func @made() {\n    %m = cute.make_atom : !cute_nvgpu.sm90.mma\n    return\n  }\n"),
    "a function unmade": lambda a: (_at(_line_of(a, "@f1")), _at(_line_of(a, "@f2")), ""),
    "a function split in two": lambda a: (_at(_line_of(a, "%r1 =")), _at(_line_of(a, "%r1 =")),
                                          "    return %arg0 : i32\n  }\n  func.func @g(%arg0: i32) -> i32 {\n"),
    "a function's brace removed": lambda a: (_at(_line_of(a, "@f1") + 6, 2), _at(_line_of(a, "@f1") + 6, 3), ""),
    "a function moved along its line": lambda a: (_at(_line_of(a, "@f2")), _at(_line_of(a, "@f2")), "  "),
    "a character typed in a function": lambda a: (_at(_line_of(a, "%a1 ="), 6), _at(_line_of(a, "%a1 ="), 6), "q"),
    # The text's length kept, a function after the first of its chunk on another line.
    "a space before a function made a line break": lambda a: (_at(_line_of(a, "@f3")), _at(_line_of(a, "@f3"), 1), "\n"),
}


@pytest.mark.parametrize("text", [
    _text().replace("%a0 =", "%d ="),          # a name the template's format must not read
    _text().replace("@f2", "@f\u00e9\u4e2d2").replace("%a3 =", "%a3 = /* \U0001f600 */"),
    _text().replace("\n", "\r\n"),
], ids=["ascii", "not ascii", "crlf"])
@pytest.mark.parametrize("first", list(EDITS))
@pytest.mark.parametrize("chunk_units", [outline_json.CHUNK_UNITS, 2])
def test_answers_after_moves_equal_a_fresh_analysis(text: str, first: str, chunk_units: int, monkeypatch) -> None:
    """Each edit alone, then every other edit after it, checked after each against a fresh
    analysis (every unit's JSON is kept from the previous answer) and the protocol's own
    conversion of the outline; with the units' outline kept in chunks of two too (the
    functions here are fewer than a chunk holds)."""
    monkeypatch.setattr(outline_json, "CHUNK_UNITS", chunk_units)
    analysis = DocumentAnalysis("file:///moved.mlir", text, verify_budget=0)
    _sent(analysis)
    version = 1
    for name in [first, *(e for e in EDITS if e != first)]:
        try:
            change = EDITS[name](analysis)
        except StopIteration:
            continue            # the line it edits is gone
        version += 1
        analysis.update([change], version)
        fresh = DocumentAnalysis("file:///fresh.mlir", analysis.document.text, verify_budget=0)
        sent = _sent(analysis)
        assert sent == _sent(fresh), f"after {name!r} (following {first!r})"
        # and the outline is the lsprotocol DocumentSymbols of the features' outline, positions and all
        expected = [convert.symbol(analysis, s) for s in outline.document_symbols(analysis)]
        assert json.loads(sent[0]) == get_converter().unstructure(expected), f"after {name!r}"
