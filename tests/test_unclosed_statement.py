"""A statement left open (a function whose `}` is missing) takes in every function after it. Those
functions stay units of their own (analysis/units.py, `taken_in`): each is checked as it would
be were the brace there, and a keystroke costs one of them, not the rest of the file."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features.lifted import lifted_unit_at
from cute_ir.features.outline import document_symbols, folding_ranges

OPEN = "func.func @open(%x: i32) {\n  %c = arith.constant 1 : i32\n"
CLOSE = "  return\n}\n"
FUNCTIONS = (
    "func.func @unknown_type() {\n  %a = cute.make_atom : !cute_nvgpu.sm120.mma_bs\n  return\n}\n"
    "func.func @undeclared(%y: i32) {\n  \"test.use\"(%y, %z) : (i32, i32) -> ()\n  return\n}\n"
    "gpu.module @kernels {\n  gpu.func @k() kernel {\n"
    "    %b = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16, 96 b>\n    gpu.return\n  }\n}\n"
)
EXPECTED_CODES = ["ssa.undeclared-value", "types.universal-copy.width", "types.unknown-type"]
OPEN_BODY = ("the body of `func.func @open` takes in `func.func @unknown_type` and what follows it: "
             "is a `}` missing before `func.func @unknown_type`?")
MISSING = ("syntax.missing", "syntax error: expected `}`")


def analyse(text: str) -> DocumentAnalysis:
    return DocumentAnalysis("file:///open.ir", text)


def found(analysis: DocumentAnalysis) -> list[tuple[str, int, int, str]]:
    return sorted((d.code, d.span.start, d.span.end, d.message) for d in analysis.diagnostics())


def test_the_functions_a_missing_brace_takes_in_are_checked_as_if_it_were_there():
    closed, broken = analyse(OPEN + CLOSE + FUNCTIONS), analyse(OPEN + FUNCTIONS)
    shift = len(CLOSE)
    expected = [(code, start - shift, end - shift, message) for code, start, end, message in found(closed)]
    got = found(broken)
    [missing] = [d for d in got if d[0] == MISSING[0]]
    assert missing[3] == MISSING[1]
    # Which body took them in, at its `{`.
    [open_body] = [d for d in got if d[0] == "syntax.unclosed-body"]
    assert open_body[1:] == (OPEN.index("{"), OPEN.index("{") + 1, OPEN_BODY)
    got.remove(missing)
    got.remove(open_body)
    assert got == expected
    assert [d[0] for d in expected] == EXPECTED_CODES


def test_each_taken_in_function_is_a_unit_and_the_open_one_is_read_to_its_end():
    text = OPEN + FUNCTIONS
    analysis = analyse(text)
    units = [(u.start, u.end, u.shell) for u in analysis.units]
    starts = [text.index(s) for s in ("func.func @unknown_type", "func.func @undeclared", "gpu.module")]
    assert units[0] == (0, starts[0], False)
    # The gpu.module is a container: its header, its function and its closing brace.
    assert [u[0] for u in units[1:3]] == starts[:2]
    # What closes the open function (here the `}` the parser supplies at the end) is a unit
    # with no statement, and the one place the missing brace is reported.
    missing = next(d for d in analysis.diagnostics() if d.code == MISSING[0])
    assert not units[-1][2] and units[-1][0] <= missing.span.start <= units[-1][1]
    assert analysis.unit_nodes(analysis.units[-1]) == []
    # The open function's IR holds its own op and none of the functions after it.
    head = lifted_unit_at(analysis, text.index("%c"))
    [function] = head.operations
    assert [op.name for op in function.walk()] == ["func.func", "arith.constant"]
    inner = lifted_unit_at(analysis, text.index("%z"))
    assert [op.name for op in inner.operations] == ["func.func"]
    names = [s.name for s in document_symbols(analysis)]
    assert names == ["@open", "@unknown_type", "@undeclared", "@kernels"]


def test_a_missing_brace_in_a_labelled_block_splits_there_too():
    text = "func.func @open() {\n  cf.br ^bb1\n^bb1:\n  %c = arith.constant 1 : i32\n" + FUNCTIONS
    analysis = analyse(text)
    assert analysis.units[0].end == text.index("func.func @unknown_type")
    assert ("types.unknown-type", "unknown  type `sm120.mma_bs` in dialect `cute_nvgpu`") in \
        [(d.code, d.message) for d in analysis.diagnostics()]


def test_an_op_of_its_own_after_a_nested_function_keeps_the_statement_whole():
    # Were the use below a unit of its own, %c would be undeclared there: no split.
    text = (OPEN + "func.func @inner() {\n  return\n}\n" + '  "test.use"(%c) : (i32) -> ()\n')
    analysis = analyse(text)
    assert len([u for u in analysis.units if not u.shell]) == 1
    assert "ssa.undeclared-value" not in {d.code for d in analysis.diagnostics()}


def test_a_well_formed_nested_function_is_not_split():
    text = OPEN + "  func.func @inner() {\n    return\n  }\n" + CLOSE
    analysis = analyse(text)
    assert [(u.start, u.end) for u in analysis.units] == [(0, len(text) - 1)]


@pytest.mark.parametrize("needle, typed", [("%z", "%w"), ("96 b", "64 b"), ("@undeclared", "@renamed"),
                                           ("%c = ", "%d = ")])
def test_edits_in_a_broken_document_equal_a_fresh_analysis(needle, typed):
    text = OPEN + FUNCTIONS * 3
    analysis = analyse(text)
    analysis.diagnostics()
    at = text.index(needle, len(text) // 3) if needle != "%c = " else text.index(needle)
    start, end = analysis.document.position(at), analysis.document.position(at + len(needle))
    analysis.update([(start, end, typed)], 2)
    after = text[:at] + typed + text[at + len(needle):]
    assert found(analysis) == found(analyse(after))
    # Closing the open function again gives the units of a well-formed file.
    close_at = analysis.document.position(after.index("func.func @unknown_type"))
    analysis.update([(close_at, close_at, CLOSE)], 3)
    fixed = after.replace("func.func @unknown_type", CLOSE + "func.func @unknown_type", 1)
    assert found(analysis) == found(analyse(fixed))
    assert MISSING[0] not in {d[0] for d in found(analysis)}



def test_a_function_in_a_module_closed_by_the_module_brace():
    # The module's `}` closes the open function and the module is left open: the parser
    # reports the module's `}` missing where the file ends, and the function is split all the
    # same, with the warning at its body.
    body = FUNCTIONS.replace("\n", "\n  ")
    text = "module {\n  " + OPEN.replace("\n", "\n  ") + body + "}\n#loc = loc(\"k.py\":1:0)\n"
    analysis = analyse(text)
    codes = sorted(d.code for d in analysis.diagnostics())
    assert codes == sorted(EXPECTED_CODES + ["syntax.missing", "syntax.unclosed-body"])
    missing = next(d for d in analysis.diagnostics() if d.code == "syntax.missing")
    assert missing.span.start == len(text) - 1 and missing.message == MISSING[1]
    assert len([u for u in analysis.units if not u.shell]) > 4


def test_a_module_missing_its_brace_before_a_trailing_alias_is_reported():
    # The module's closing unit is where the parser put the `}` it supplied (zero-width), not
    # the last byte of the alias before it, where no MISSING node is.
    text = "module {\n  func.func @f() {\n    return\n  }\n#loc = loc(\"k.py\":1:0)\n"
    analysis = analyse(text)
    [missing] = [d for d in analysis.diagnostics()]
    assert (missing.code, missing.message) == MISSING and missing.span.start == len(text) - 1


def test_what_a_split_statement_s_unit_keeps_does_not_reach_past_it():
    # A fuzz case, minimised: the unit of `@x` ends where what it took in starts. Its fold and
    # outline entry are kept while the text after the unit changes, so they must not reach
    # past it (they reached the end of the file, one byte off after the edit below).
    text = ("func.func @undeclared(%y: i32) {\nkernels {\n  gpu.func @k() kernel {\nte.makefunc.func @x() {\n"
            "_atom : !cute_nvgpu.atom.universal_copy<f16, 96 b>\n  }\n}\n}")
    analysis = analyse(text)
    analysis.diagnostics(), folding_ranges(analysis), document_symbols(analysis)
    at = text.index("96 b") + 3
    analysis.update([(analysis.document.position(at), analysis.document.position(at + 1), "")], 2)
    fresh = analyse(text[:at] + text[at + 1:])
    assert folding_ranges(analysis) == folding_ranges(fresh)
    assert [(s.name, s.span) for s in document_symbols(analysis)] == [(s.name, s.span) for s in document_symbols(fresh)]
    assert found(analysis) == found(fresh)
