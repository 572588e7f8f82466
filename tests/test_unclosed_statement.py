"""A function whose `}` is missing. The document is cut into pieces by its lines
(analysis/segments.py), so the brace is reported where it is missing, with a note at the `{`
it would close, and the functions after it are units of their own, each checked as it would be
were the brace there: a keystroke costs one of them, not the rest of the file."""
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
MISSING = ("syntax.missing", "syntax error: expected `}`")
MATCH = "to match this `{`"


def analyse(text: str) -> DocumentAnalysis:
    return DocumentAnalysis("file:///open.ir", text)


def found(analysis: DocumentAnalysis) -> list[tuple[str, int, int, str]]:
    return sorted((d.code, d.span.start, d.span.end, d.message) for d in analysis.diagnostics())


def test_the_functions_after_a_missing_brace_are_checked_as_if_it_were_there():
    closed, broken = analyse(OPEN + CLOSE + FUNCTIONS), analyse(OPEN + FUNCTIONS)
    shift = len(CLOSE)
    expected = [(code, start - shift, end - shift, message) for code, start, end, message in found(closed)]
    got = found(broken)
    [missing] = [d for d in broken.diagnostics() if d.code == MISSING[0]]
    # Where the `}` is missing: after the open function's last line, before the next function.
    assert (missing.message, missing.span.start, missing.span.end) == (MISSING[1], len(OPEN) - 1, len(OPEN) - 1)
    [note] = missing.related
    assert (note.span.start, note.span.end, note.message) == (OPEN.index("{"), OPEN.index("{") + 1, MATCH)
    got.remove((MISSING[0], missing.span.start, missing.span.end, MISSING[1]))
    assert got == expected
    assert [d[0] for d in expected] == EXPECTED_CODES


def test_each_function_after_it_is_a_unit_and_the_open_one_ends_at_its_last_line():
    text = OPEN + FUNCTIONS
    analysis = analyse(text)
    units = [(u.start, u.end, u.shell) for u in analysis.units]
    starts = [text.index(s) for s in ("func.func @unknown_type", "func.func @undeclared", "gpu.module")]
    assert units[0] == (0, len(OPEN) - 1, False)
    assert [u[0] for u in units[1:4]] == starts
    # The gpu.module is a container: its header, its function and its closing brace.
    assert [u[2] for u in units[3:]] == [True, False, True]
    # The open function's IR holds its own op and none of the functions after it.
    head = lifted_unit_at(analysis, text.index("%c"))
    [function] = head.operations
    assert [op.name for op in function.walk()] == ["func.func", "arith.constant"]
    inner = lifted_unit_at(analysis, text.index("%z"))
    assert [op.name for op in inner.operations] == ["func.func"]
    names = [s.name for s in document_symbols(analysis)]
    assert names == ["@open", "@unknown_type", "@undeclared", "@kernels"]


def test_a_missing_brace_in_a_labelled_block_is_found_the_same_way():
    before = "func.func @open() {\n  cf.br ^bb1\n^bb1:\n  %c = arith.constant 1 : i32\n"
    text = before + FUNCTIONS
    analysis = analyse(text)
    assert analysis.units[0].end == len(before) - 1
    assert ("types.unknown-type", "unknown  type `sm120.mma_bs` in dialect `cute_nvgpu`") in \
        [(d.code, d.message) for d in analysis.diagnostics()]


def test_a_symbol_indented_deeper_than_the_open_body_stays_in_it():
    # A module nested in a function's body is indented deeper than the function: it does not
    # end the function, whose values it may not see, but the op after it may.
    text = OPEN + "  builtin.module @inner {\n  }\n" + '  "test.use"(%c) : (i32) -> ()\n'
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



def test_the_module_s_brace_still_closes_the_module():
    # Indented like the module's header, less than the open function: the module's `}`, not
    # the function's. The function's `}` is reported missing where its body ends.
    body = FUNCTIONS.replace("\n", "\n  ")
    text = "module {\n  " + OPEN.replace("\n", "\n  ") + body + "}\n#loc = loc(\"k.py\":1:0)\n"
    analysis = analyse(text)
    codes = sorted(d.code for d in analysis.diagnostics())
    assert codes == sorted(EXPECTED_CODES + ["syntax.missing"])
    missing = next(d for d in analysis.diagnostics() if d.code == "syntax.missing")
    assert missing.span.start == text.index("func.func @unknown_type") - 3 and missing.message == MISSING[1]
    assert len([u for u in analysis.units if not u.shell]) > 4


def test_the_last_function_of_a_module_missing_its_brace():
    text = ("module {\n  func.func @a() {\n    return\n  }\n  func.func @b() {\n    %c = arith.constant 1 : i32\n"
            "    return\n}\n")
    analysis = analyse(text)
    [missing] = analysis.diagnostics()
    b_brace = text.index("{", text.index("@b"))
    assert (missing.code, missing.message) == MISSING
    assert missing.span.start == text.rindex("return") + len("return")
    assert [(r.span.start, r.message) for r in missing.related] == [(b_brace, MATCH)]
    # The `}` at the left margin closes the module.
    assert [u.shell for u in analysis.units] == [True, False, False, True]


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


def test_a_region_left_open_with_no_bracket_to_name_is_reported_not_raised():
    # `scf.if` typed before its `{`, the next line deeper (so the region's), and nothing to close
    # it: the region's end has no opener to name, which the location check once asked the
    # position of.
    text = ("    scf.for %column = %c0 to %columns_n step %chunk {\n"
            "    scf.if %allocator \n"
            "      n// -----\n")
    assert found(analyse(text)) == [
        ("syntax.missing", 75, 75, "expected '{' to begin a region"),
        ("syntax.unclosed", 52, 53, "syntax error: `{` is never closed; expected `}` before the next operation"),
        ("syntax.unclosed", 84, 84, "syntax error: unclosed bracket before the next operation"),
    ]
