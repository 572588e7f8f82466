"""Hostile documents get answers, not tracebacks: deep nesting, bracket runs, broken files
edited into other broken files, and the same text analysed again (timings: bench/pathological.py)."""
from __future__ import annotations

from tree_sitter import QueryCursor

from cute_ir.analysis import DocumentAnalysis
from cute_ir.analysis.findings import TOO_WIDE
from cute_ir.analysis.units import MAX_SPLIT_CONTAINERS
from cute_ir.diagnostics import Severity, Span
from cute_ir.diagnostics import mlir_messages as M
from cute_ir.features import hover
from cute_ir.features import navigation
from cute_ir.features.outline import MAX_SYMBOL_DEPTH, document_symbols, folding_ranges
from cute_ir.lsp import semantic
from cute_ir.syntax import WIDE_NODE, captures, parse, query, wide_nodes
from cute_ir.syntax.errors import MAX_REPORTED_NESTING
from cute_ir.text.positions import Position


def _state(analysis: DocumentAnalysis):
    return sorted((d.span.start, d.span.end, d.code, d.message) for d in analysis.diagnostics())


def _edited(text: str, start: Position, end: Position, new_text: str) -> DocumentAnalysis:
    """`text` analysed, then edited; its diagnostics must equal a fresh analysis' of the result."""
    analysis = DocumentAnalysis("file:///edited.ir", text)
    analysis.update([(start, end, new_text)], 1)
    assert _state(analysis) == _state(DocumentAnalysis("file:///fresh.ir", analysis.document.text))
    return analysis


def test_ten_thousand_nested_regions_answer_every_feature():
    depth = 10_000
    text = ("func.func @f() {\n" + '  "test.op"() ({\n' * depth + "  %x = arith.constant 1 : i32\n"
            + "  }) : () -> ()\n" * depth + "  return\n}\n")
    analysis = DocumentAnalysis("file:///deep.ir", text)
    assert analysis.diagnostics() == []
    assert document_symbols(analysis)[0].name == "@f"
    assert len(folding_ranges(analysis)) == 2 * (depth + 1)       # each op and its region
    innermost = text.index("%x")
    assert hover.hover(analysis, innermost).markdown.startswith("**`%x`** : `i32`\n\nresult of `arith.constant`")
    assert navigation.definition(analysis, innermost) == [Span(innermost, innermost + 2)]
    assert semantic.full_tokens(analysis)


def test_atoms_nested_deeper_than_the_outline_nests_are_listed_at_its_deepest_level():
    depth = MAX_SYMBOL_DEPTH + 20
    text = ("func.func @f() {\n"
            + "".join(f'  %a{i} = "test.atom"() ({{\n' for i in range(depth))
            + "  }) : () -> !cute_nvgpu.sm90.mma\n" * depth + "  return\n}\n")
    levels, names, stack = 0, [], [(s, 1) for s in document_symbols(DocumentAnalysis("file:///deep.ir", text))]
    while stack:
        symbol, level = stack.pop()
        levels, names = max(levels, level), names + [symbol.name]
        stack.extend((child, level + 1) for child in symbol.children)
    assert levels == MAX_SYMBOL_DEPTH
    assert sorted(names) == sorted(["@f"] + [f"%a{i}" for i in range(depth)])


def test_three_thousand_nested_modules_answer_every_feature():
    # Containers are split into units a level at a time; deeper ones stay whole units.
    depth = 3_000
    text = "module {\n" * depth + "  func.func @f() {\n    return\n  }\n" + "}\n" * depth
    analysis = DocumentAnalysis("file:///modules.ir", text)
    assert analysis.diagnostics() == []
    assert len(analysis.units) == 2 * MAX_SPLIT_CONTAINERS + 1
    assert document_symbols(analysis)[0].name == "module"
    assert folding_ranges(analysis)
    assert hover.hover(analysis, text.index("@f")).markdown.startswith("**symbol `@f`** — defined by `func.func`")
    assert semantic.full_tokens(analysis)


def test_a_bracket_run_reports_each_unclosed_bracket_at_its_opener():
    n = 300
    text = ("func.func @f() {\n  %1 = cute.static : !mma_f1" + "(" * n + "," + "(" * n
            + "\n  %2 = arith.constant 1 : i32\n  return\n}\n")
    unclosed = [d for d in DocumentAnalysis("file:///b.ir", text).diagnostics() if d.code == "syntax.unclosed"]
    first = text.index("!mma_f1") + len("!mma_f1")
    assert sorted(d.span.start for d in unclosed) == [i for i in range(first, first + 2 * n + 1) if text[i] == "("]


def _bracket_run(n: int, after: str = "") -> str:
    return ("func.func @f() {\n  %1 = cute.static : !mma_f1" + "(" * n + "," + "(" * n
            + "\n" + after + "  %2 = arith.constant 1 : i32\n  return\n}\n")


def test_a_bracket_run_nested_past_the_reported_depth_reports_its_outer_brackets():
    # All of a run's brackets end where the next op starts; the outer ones say so.
    n = MAX_REPORTED_NESTING
    text = _bracket_run(n)
    analysis = _edited(text, Position(1, 40), Position(1, 40), "(")
    unclosed = sorted(d.span.start for d in analysis.diagnostics() if d.code == "syntax.unclosed")
    run = analysis.document.text.index("!mma_f1")
    openers = [i for i, c in enumerate(analysis.document.text) if c == "(" and i > run]
    assert MAX_REPORTED_NESTING // 2 < len(unclosed) < len(openers)
    assert unclosed == openers[:len(unclosed)]


def test_an_op_after_a_bracket_run_deeper_than_a_query_can_count_is_still_verified():
    # tree-sitter's query cursor counts depth in 16 bits; the run nests 140,000 levels.
    text = _bracket_run(70_000, after="  %9 = arith.adi : i32\n")
    messages = [d.message for d in DocumentAnalysis("file:///b.ir", text).diagnostics()
                if d.code != "syntax.unclosed"]
    assert messages == ["undefined symbol alias id 'mma_f1'", "custom op 'arith.adi' is unknown"]


def test_a_carriage_return_typed_inside_a_comment_ends_the_comment():
    # `\r` is a line break: the blank-between-units shortcut must not take it for indentation.
    text = "// expected-error @+1 {unknown  type `bogus` in dialect `cute_nvgpu`}}\n"
    analysis = _edited(text, Position(0, 69), Position(0, 69), "\r")
    assert [d.message for d in analysis.diagnostics()] == ["syntax error: unexpected `}`"]


def test_an_edit_to_a_file_broken_at_the_top_level_matches_a_fresh_analysis():
    # The whole file is one ERROR: nested errors are reported once, whatever the edit touched.
    text = '"cute_nvgpu.frobnicate"( : () -> ()\ne_nvgpu.{{the `sm90.mma` atom is defined here}}\n'
    _edited(text, Position(2, 0), Position(2, 0), "loc(")


def test_an_alias_edit_verifies_its_users_again():
    text = ("!atom = !cute_nvgpu.sm90.mma\n"
            "func.func @f(%a: !atom, %d: memref<64xf32>) {\n"
            "  cute_nvgpu.mma %a, %d, %d, %d, %d : (!atom, memref<64xf32>, memref<64xf32>, memref<64xf32>, memref<64xf32>)\n"
            "  return\n}\n")
    _edited(text, Position(0, 20), Position(0, 28), "atom.universal_copy<f16, 128 b>")


def test_the_same_text_verifies_the_same_way_every_time():
    # Two definitions of one name: the first one in the text is the atom, in every run.
    text = ("func.func @f(%d: memref<64xf32>) {\n"
            "  %atom = cute_nvgpu.make_copy_atom {val_type = f16} : !cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>\r\n"
            "  %atom = cute_nvgpu.make_copy_atom {val_type = f16, num_matrices = 4} : !cute_nvgpu.atom.ldsm<m8n8.x4>\n"
            "  cute_nvgpu.copy %atom, %d, %d : (!cute_nvgpu.atom.ldsm<m8n8.x4>, memref<64xf32>, memref<64xf32>) // é\n"
            "  return\n}\n")
    runs = {tuple(_state(DocumentAnalysis("file:///s.ir", text))) for _ in range(5)}
    assert len(runs) == 1


def test_integers_with_leading_zeros_are_read_as_mlir_reads_them():
    """`08` is eight to MLIR's lexer; Python's int(text, 0) raised on it, out of the analysis."""
    from cute_ir.syntax.literals import integer_literal
    assert [integer_literal(t) for t in ("08", "0x10", "-007", b"42", "0x", "1e3", None)] == [
        8, 16, -7, 42, None, None, None]
    text = ("func.func @f() {\n"
            "  %a = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16, 08 b>\n"
            "  %b = cute.make_atom : !cute_nvgpu.i4<divby 08>\n"
            '  %c:08 = "t.op"() : () -> (i32, i32, i32, i32, i32, i32, i32, i32)\n'
            "  %d = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16, copy_bits = 08>\n"
            "  return\n}\n")
    codes = [d.code for d in DocumentAnalysis("file:///zeros.ir", text).diagnostics()]
    assert codes == ["verify.copy.width-element"]     # 8 bits of f16: the only real mistake


WIDE_ITEMS = WIDE_NODE // 2 + 10        # items and commas: just past the width queries skip


def test_a_dense_literal_past_the_query_width_is_still_read_whole():
    values = ", ".join("1" for _ in range(WIDE_ITEMS))
    clean = f'"t.op"() {{v = dense<[{values}]> : tensor<{WIDE_ITEMS}xi32>}} : () -> ()\n'
    assert DocumentAnalysis("file:///wide.ir", clean).diagnostics() == []
    broken = clean.replace("1]>", "bad]>")
    [problem] = DocumentAnalysis("file:///wide.ir", broken).diagnostics()
    assert (problem.code, problem.message) == ("syntax.dense", M.EXPECTED_ELEMENT_LITERAL)
    assert broken[problem.span.start:problem.span.end] == "bad"


def test_a_list_past_the_query_width_gets_one_warning_at_its_opener():
    types = ", ".join("i32" for _ in range(WIDE_ITEMS))
    text = f'%a:{WIDE_ITEMS} = "t.op"() : () -> ({types})\n'
    analysis = DocumentAnalysis("file:///wide.ir", text)
    [warning] = analysis.diagnostics()
    assert (warning.code, warning.severity) == ("syntax.too-wide", Severity.WARNING)
    assert text[warning.span.start] == "("
    assert warning.message == TOO_WIDE.format(items=WIDE_ITEMS, limit=WIDE_NODE)
    assert document_symbols(analysis) is not None
    hover.hover(analysis, len(text) // 2)


def test_an_op_body_past_the_query_width_is_not_lifted_into():
    # Statements on one line run into the first op's custom body (a body ends at a line that
    # starts a statement): one body of hundreds of thousands of tokens. It is not looked into,
    # as the warning says, so hover, outline and the passes read the op as its text alone.
    statements = " ".join(f"%v{i} = arith.addi %a, %a : i32" for i in range(WIDE_NODE // 8 + 10))
    text = f"func.func @f(%a: i32) {{ {statements} return }}\n"
    analysis = DocumentAnalysis("file:///line.ir", text)
    [warning] = analysis.diagnostics()
    assert warning.code == "syntax.too-wide"
    [function] = analysis.lifted_unit(analysis.units[0]).operations
    [first] = function.regions[0].blocks[0].operations
    assert (first.name, first.operands) == ("arith.addi", [])
    assert hover.hover(analysis, len(text) // 2) is None
    assert [s.name for s in document_symbols(analysis)] == ["@f"]


def test_captures_skip_only_the_inside_of_wide_lists():
    narrow = parse(b'%a = "t.op"() {v = [1, 2]} : () -> (i32, i64)\n').root
    assert wide_nodes(narrow, 0, narrow.end_byte) == []
    plain = QueryCursor(query("(integer_type) @t (integer) @i")).captures(narrow)
    assert {k: len(v) for k, v in captures(query("(integer_type) @t (integer) @i"), narrow).items()} == \
        {k: len(v) for k, v in plain.items()}
    statements = "".join(f'  "t.op{i}"() : () -> ()\n' for i in range(WIDE_NODE + 1))
    many = parse(f"func.func @f() {{\n{statements}}}\n".encode()).root
    assert wide_nodes(many, 0, many.end_byte) == []      # a region's statements are never skipped


def test_a_comment_of_many_slashes_after_a_key_is_read_once():
    """The search for keys without a value reads the extras after `=` whole: a comment of many
    `//` can be split into extras in exponentially many ways, and backtracking through them
    (when no closer follows) did not finish for this line."""
    text = "func.func @f() {\n  test.op <a = " + "// " * 60 + "x\n 1>\n  return\n}\n"
    assert DocumentAnalysis("file:///slashes.ir", text).diagnostics() == []
    [missing] = DocumentAnalysis("file:///slashes.ir", text.replace("x\n 1>", "x\n >")).diagnostics()
    assert (missing.code, missing.message) == ("syntax.missing-value", M.EXPECTED_ATTRIBUTE_VALUE)


# MLIR's lexer skips a NUL byte that is not the end of its buffer, like a blank (upstream's
# `IR/zero_whitespace.mlir`); tree-sitter's lexer reads 0 at the end of the text too, which the
# scanner tells apart (grammar/src/scanner.c, `_nul_blank`).
NUL_BODY = ("func.func @f() {\n"
            "  %c = arith.constant 1 : i32\n"
            "  %d = arith.addi %c, %c\n"
            "      : i32\n"
            "  return\n"
            "}\n")


def test_a_nul_byte_is_a_blank_wherever_a_blank_may_stand():
    texts = {
        "own line": NUL_BODY.replace("  return", "  \0  // a NUL\n  return"),
        "first on a line": NUL_BODY.replace("  %d", "\0\0 %d"),
        "first on a continued line": NUL_BODY.replace("      : i32", "\0   : i32"),
        "inside an op": NUL_BODY.replace("%c, %c", "%c,\0%c"),
        "after an op": NUL_BODY.replace("1 : i32\n", "1 : i32\0\n"),
        "last byte": NUL_BODY + "\0",
        "NULs only": "\0" * 64,
        "one NUL": "\0",
    }
    for where, text in texts.items():
        assert DocumentAnalysis("file:///nul.ir", text).diagnostics() == [], where


def test_a_mistake_after_a_nul_byte_is_reported_at_its_place():
    text = NUL_BODY.replace("%c, %c", "%c,\0 %x")
    [undeclared] = DocumentAnalysis("file:///nul.ir", text).diagnostics()
    assert (undeclared.message, text[undeclared.span.start:undeclared.span.end]) == (M.UNDECLARED_VALUE, "%x")


def _walk(node):
    yield node
    for child in node.children:
        yield from _walk(child)


def test_a_nul_byte_inside_a_string_is_one_of_its_characters():
    # MLIR's lexer keeps a NUL inside a string literal (`mlir-opt` prints it back as `\00`);
    # the scanner takes such a string whole (grammar/src/scanner.c, `_nul_string`).
    texts = {
        "attribute value": NUL_BODY.replace("func.func @f()", 'func.func @f() attributes {s = "a\0b"}'),
        "NULs only": NUL_BODY.replace("func.func @f()", 'func.func @f() attributes {s = "\0\0"}'),
        "after an escape": NUL_BODY.replace("func.func @f()", 'func.func @f() attributes {s = "a\\\0"}'),
        "generic op's dictionary": NUL_BODY.replace("  return", '  "test.op"() {s = "x\0y"} : () -> ()\n  return'),
    }
    for where, text in texts.items():
        assert DocumentAnalysis("file:///nul.ir", text).diagnostics() == [], where
        root = parse(text.encode()).tree.root_node
        assert not root.has_error, where
        strings = [n for n in _walk(root) if n.type == "string" and b"\0" in n.text]
        assert [s.text.count(b'"') for s in strings] == [2], where


def test_a_mistake_after_a_string_with_a_nul_is_reported_at_its_place():
    text = NUL_BODY.replace("func.func @f()", 'func.func @f() attributes {s = "a\0b"}').replace("%c, %c", "%c, %x")
    [undeclared] = DocumentAnalysis("file:///nul.ir", text).diagnostics()
    assert (undeclared.message, text[undeclared.span.start:undeclared.span.end]) == (M.UNDECLARED_VALUE, "%x")


# A comment line that would be a mistake if any of it were read as code after a NUL.
NUL_COMMENT_BODY = NUL_BODY.replace("  return", "  // %x = arith.addi %q, %q : i32 ) } >\n  return")


def test_a_nul_byte_inside_a_comment_is_one_of_its_characters():
    # MLIR's lexer skips a NUL inside a `//` comment with the rest of its line (`mlir-opt`
    # reads `// a <NUL> %x = arith.addi %q, %q : i32` as a comment, `%q` undeclared or not).
    texts = {
        "mid-comment": NUL_COMMENT_BODY.replace("// %x", "// \0 %x"),
        "right after the slashes": NUL_COMMENT_BODY.replace("// %x", "//\0%x"),
        "where a split marker could start": NUL_COMMENT_BODY.replace("// %x", "// -\0 %x"),
        "NULs only": NUL_COMMENT_BODY.replace("// %x", "// \0\0\0 %x"),
        "after an op": NUL_BODY.replace("1 : i32\n", "1 : i32 // one \0 %x = ) }\n"),
        "last line, no line end": NUL_BODY + "// end \0 %x = )",
        "last byte": NUL_BODY + "// end \0",
    }
    for where, text in texts.items():
        assert DocumentAnalysis("file:///nul.ir", text).diagnostics() == [], where
        root = parse(text.encode()).tree.root_node
        assert not root.has_error, where
        [comment] = [n for n in _walk(root) if n.type == "comment" and b"\0" in n.text]
        line_end = text.find("\n", comment.start_byte)
        assert comment.text.rstrip(b"\n") == text[comment.start_byte:None if line_end < 0 else line_end].encode(), where


def test_a_mistake_after_a_comment_with_a_nul_is_reported_at_its_place():
    text = NUL_COMMENT_BODY.replace("// %x", "// \0 %x").replace("%c, %c", "%c, %x")
    [undeclared] = DocumentAnalysis("file:///nul.ir", text).diagnostics()
    assert (undeclared.message, text[undeclared.span.start:undeclared.span.end]) == (M.UNDECLARED_VALUE, "%x")


def test_a_nul_byte_typed_anywhere_in_a_comment_and_deleted_again_matches_a_fresh_analysis():
    line = NUL_COMMENT_BODY.splitlines().index("  // %x = arith.addi %q, %q : i32 ) } >")
    content = NUL_COMMENT_BODY.splitlines(keepends=True)[line]
    for column in range(len(content)):
        typed = _edited(NUL_COMMENT_BODY, Position(line, column), Position(line, column), "\0")
        if column >= content.index("//") + 2:
            assert typed.diagnostics() == [], column
        deleted = _edited(typed.document.text, Position(line, column), Position(line, column + 1), "")
        assert deleted.document.text == NUL_COMMENT_BODY


def test_nul_bytes_in_strings_comments_and_binary_text_get_answers_that_edits_keep():
    # No hang and no traceback; each text edited (a NUL inserted, then deleted) gives what a
    # fresh analysis of the result gives.
    texts = (
        NUL_BODY.replace("func.func @f()", 'func.func @f() attributes {s = "a\0b"}'),
        NUL_BODY.replace("  return", "  // a \0 b\n  return"),
        bytes(range(256)).decode("latin-1") * 4,
        "\0" * 16 + NUL_BODY,
    )
    for text in texts:
        analysis = _edited(text, Position(1, 2), Position(1, 2), "\0")
        assert analysis.document.text.count("\0") == text.count("\0") + 1
        _edited(analysis.document.text, Position(1, 2), Position(1, 3), "")


def test_a_nul_byte_typed_anywhere_and_deleted_again_matches_a_fresh_analysis():
    lines = NUL_BODY.splitlines(keepends=True)
    for line, content in enumerate(lines):
        for column in range(len(content)):
            typed = _edited(NUL_BODY, Position(line, column), Position(line, column), "\0")
            deleted = _edited(typed.document.text, Position(line, column), Position(line, column + 1), "")
            assert deleted.document.text == NUL_BODY
