"""Formatting (features/format.py): what it does to a statement, what it keeps (names, comments,
blank lines, aliases, `loc(...)`), that it never changes what a file means and is idempotent,
over every example and corpus file, and that a statement with a syntax error stays as written."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features.format import Edit, edits, formatted_text, line_edits, tidy
from cute_ir.ir.lift import lift
from cute_ir.syntax.parser import parse
from tests.conftest import REPO
from tests.ir.test_lift_roundtrip import _shape as ir_shape


def fmt(text: str) -> str:
    return formatted_text(DocumentAnalysis("file:///f.ir", text, verify_budget=0))


def _files() -> list[Path]:
    return (sorted((REPO / "examples").glob("*.ir")) + sorted((REPO / "tests" / "corpus").rglob("*.ir"))
            + sorted((REPO / "tests" / "corpus").rglob("*.mlir")) + sorted((REPO / "tests" / "lit").glob("*.mlir")))


FILES = _files()
_COMMENT = re.compile(r"//[^\n]*")


def _comments(text: str) -> list[str]:
    """The comments of a text, in order (the files here have no `//` inside a string)."""
    return [c.rstrip() for c in _COMMENT.findall(text)]


# ------------------------------------------------------------------ what it does
def test_statements_are_indented_two_spaces_per_region_and_blanks_tidied():
    text = ("module   {\n"
            "      func.func @f(%a: i32) -> i32 {\n"
            "%x   =   arith.addi %a,  %a : i32   \n"
            "\t  return %x : i32\n"
            "  }\n"
            "        }\n")
    assert fmt(text) == ("module {\n"
                         "  func.func @f(%a: i32) -> i32 {\n"
                         "    %x = arith.addi %a, %a : i32\n"
                         "    return %x : i32\n"
                         "  }\n"
                         "}\n")


def test_names_result_groups_and_the_space_after_an_op_name_stay_as_written():
    text = ("func.func @f(%t: i32) {\n"
            "  %e0, %e1 = cute.get_leaves(%t) : i32\n"
            "  %r:2 = \"t.two\"(%t) : (i32) -> (i32, i32)\n"
            "  %5 = t.use %e1, %r#1 : i32\n"
            "  %3 = t.use (%5) : i32\n"
            "  return\n"
            "}\n")
    assert fmt(text) == text


def test_comments_stay_where_they_were_at_the_depth_of_what_follows():
    text = ("// the file\n"
            "func.func @f(%a: i32) -> i32 {   // opens\n"
            "// about x\n"
            "        %x = arith.addi %a, %a : i32 // x\n"
            "\n"
            "\n"
            "\n"
            "    // about the label\n"
            "^bb1:\n"
            "  return %x : i32\n"
            "    // at the end\n"
            "\n"
            "}   // closes\n"
            "// the end\n")
    assert fmt(text) == ("// the file\n"
                         "func.func @f(%a: i32) -> i32 { // opens\n"
                         "  // about x\n"
                         "  %x = arith.addi %a, %a : i32 // x\n"
                         "\n"
                         "// about the label\n"
                         "^bb1:\n"
                         "  return %x : i32\n"
                         "  // at the end\n"
                         "} // closes\n"
                         "// the end\n")


def test_blank_lines_between_statements_stay_one_and_none_open_or_close_a_region():
    text = ("\n\n!a = i32\n\n\n\n!b = i32\nmodule {\n\n  %0 = t.t : i32\n\n\n  %1 = t.t : i32\n\n}\n\n\n")
    assert fmt(text) == "!a = i32\n\n!b = i32\nmodule {\n  %0 = t.t : i32\n\n  %1 = t.t : i32\n}\n"


def test_aliases_and_written_locations_are_kept():
    text = ("#loc = loc(\"k.py\":3:4)\n"
            "!desc   =   !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>,   #cute.layout<(16, 128):(128, 1)>>\n"
            "%0 = \"t.op\"()   : () -> i32 loc(#loc)\n"
            "%1 = t.custom %0 : i32 loc(\"here\":1:2)\n")
    assert fmt(text) == ("#loc = loc(\"k.py\":3:4)\n"
                         "!desc = !cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(16, 128):(128, 1)>>\n"
                         "%0 = \"t.op\"() : () -> i32 loc(#loc)\n"
                         "%1 = t.custom %0 : i32 loc(\"here\":1:2)\n")


def test_strings_keep_their_blanks():
    text = '%0 = t.t {s = "a   b\\"  c"}   : !cute.layout<"(4,  8):(1, 4)">\n'
    assert fmt(text) == '%0 = t.t {s = "a   b\\"  c"} : !cute.layout<"(4,  8):(1, 4)">\n'


def test_a_generic_op_keeps_the_type_it_was_written_with_even_a_wrong_one():
    text = 'func.func @f(%i: i32) {\n   "test.use"(%i,  %i) : (i32) -> ()\n  return\n}\n'
    assert fmt(text) == 'func.func @f(%i: i32) {\n  "test.use"(%i, %i) : (i32) -> ()\n  return\n}\n'


def test_the_lines_an_op_continues_on_move_with_it():
    text = ("module {\n"
            "        func.func @f(%a: i32,\n"
            "                     %b: i32) {\n"
            "    return\n"
            "  }\n"
            "}\n")
    assert fmt(text) == ("module {\n"
                         "  func.func @f(%a: i32,\n"
                         "               %b: i32) {\n"
                         "    return\n"
                         "  }\n"
                         "}\n")


def test_regions_of_a_generic_op_are_indented_and_the_file_ends_in_one_line_break():
    text = '%0 = "t.region"() ({\n"t.inner"() : () -> ()\n}) {a = 1} : () -> i32'
    assert fmt(text) == '%0 = "t.region"() ({\n  "t.inner"() : () -> ()\n}) {a = 1} : () -> i32\n'


@pytest.mark.parametrize("line,tidied", [
    ("  a   b\t c  ", "  a b c"),
    ('x = "a  b"  // c  d  ', 'x = "a  b" // c  d'),
    ('"unterminated   x', '"unterminated   x'),
    ("\t\tkeep lead", "\t\tkeep lead"),
])
def test_tidy_makes_runs_of_blanks_one_outside_strings_and_comments(line, tidied):
    assert tidy(line) == tidied


def test_empty_and_blank_documents():
    assert fmt("") == ""
    assert fmt("\n\n  \n") == ""
    assert fmt("// only a comment") == "// only a comment\n"


# ------------------------------------------------------------------ every file we have
@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(REPO)) for p in FILES])
def test_every_example_and_corpus_file_formats_idempotently_to_the_same_ir(path: Path):
    text = path.read_text(encoding="utf-8")
    once = fmt(text)
    assert fmt(once) == once, "formatting is not idempotent"
    assert _comments(once) == _comments(text)
    # Each case of a split file on its own, as MLIR reads it: the same IR (values numbered in
    # order of definition, every type, attribute, region and block) before and after.
    split = re.compile(r"^// -----\s*$", re.M)
    before, after = split.split(text), split.split(once)
    assert len(before) == len(after)
    for case, formatted in zip(before, after):
        if parse(case.encode()).root.has_error:
            continue
        assert ir_shape(formatted) == ir_shape(case)


_STATEMENT_START = re.compile(r"\s*(%[\w$.#:, %]+ = |\"|[a-z_]+\.[a-z_.]+ |return\b|\}|\^|//|$)")


def _perturbed(text: str, rng: random.Random) -> str:
    """`text` with blanks a formatter must undo: doubled spaces outside strings and comments,
    blanks at line ends, a blank line doubled, one-line statements re-indented (an op written
    over several lines keeps where its lines are relative to each other)."""
    lines = text.split("\n")
    out = []
    for n, line in enumerate(lines):
        code, _, comment = line.partition("//")
        if '"' not in code:
            code = re.sub(r"(?<=\S) (?=\S)", lambda m: " " * rng.choice((1, 1, 2, 3)), code)
        one_line = n + 1 == len(lines) or _STATEMENT_START.match(lines[n + 1])
        if code.strip() and _STATEMENT_START.match(code) and one_line and "//" not in line:
            code = " " * rng.randrange(0, 9) + code.lstrip(" ")
        if not line and rng.random() < 0.5:
            out.append("")
        out.append(code + ("//" + comment if line.find("//") >= 0 else "") + " " * rng.choice((0, 0, 1, 4)))
    return "\n".join(out)


def _well_formed(path: Path) -> bool:
    analysis = DocumentAnalysis("file:///w.ir", path.read_bytes(), verify_budget=0)
    return not any(d.source.value == "syntax" and d.severity.label == "error" for d in analysis.diagnostics())


WELL_FORMED = [p for p in FILES if _well_formed(p)]


@pytest.mark.parametrize("path", WELL_FORMED[:12], ids=[p.name for p in WELL_FORMED[:12]])
def test_blanks_a_user_adds_are_undone(path: Path):
    text = fmt(path.read_text(encoding="utf-8"))
    rng = random.Random(path.name)
    for _ in range(3):
        assert fmt(_perturbed(text, rng)) == text


# ------------------------------------------------------------------ broken files
BROKEN = ("func.func @good(%a: i32) {\n"
          "      %x = arith.addi %a,   %a : i32\n"
          "  return\n"
          "}\n"
          "func.func @bad(%a: i32) {\n"
          "      %y = arith.addi %a, (  %a : i32\n"
          "  return\n"
          "}\n"
          "!t   =   i32\n")


def test_a_statement_with_a_syntax_error_is_left_exactly_as_written():
    once = fmt(BROKEN)
    bad = BROKEN[BROKEN.index("func.func @bad"):BROKEN.index("!t")].rstrip("\n")
    assert bad in once
    assert once.startswith("func.func @good(%a: i32) {\n  %x = arith.addi %a, %a : i32\n  return\n}\n")
    assert once.endswith("\n!t = i32\n")
    assert fmt(once) == once


def test_a_statement_is_not_joined_into_a_line_that_would_continue_the_one_before():
    """`foo.bar` then `, x` is one statement; joined as `foo.bar , x` its line would read as a
    parameter continuing `return`, and the next formatting would join those two."""
    text = "return\nfoo.bar\n, x\n"     # top-level statements: each formatted on its own
    once = fmt(text)
    assert once == text
    assert fmt(once) == once


def test_a_split_marker_a_broken_document_reads_inside_a_statement_is_kept():
    """Read in pieces, `%t = c// -----` is a statement with the split marker at its end, which
    the printer has no place for: it is left as written."""
    text = "}\n%t = c// -----\nx.y\n"       # the stray `}` makes the document broken
    once = fmt(text)
    assert once == text
    assert fmt(once) == once


def test_a_closing_brace_on_the_line_of_a_statement_left_as_written_stays_there():
    """`attribut` is the end of the func.func before it while a `}` follows on its line; on a
    line of its own it would be an op of its own, so the brace does not move (a statement
    left as written, as the edit fuzzer found: the next formatting re-indented `attribut`)."""
    text = ("module {\n  func.func @f(%a: index)\n      attribut}es {x = 1}\n")
    once = fmt(text)
    assert "attribut}es" in once
    assert fmt(once) == once


@pytest.mark.parametrize("path", [p for p in FILES if p.suffix == ".ir"][:10], ids=lambda p: p.name)
def test_one_mistake_at_a_time_loses_no_text(path: Path):
    """Mutate a real file one mistake at a time (a bracket removed): formatting keeps every
    comment, keeps each broken statement as written, and is idempotent."""
    text = path.read_text(encoding="utf-8")
    rng = random.Random(path.name)
    brackets = [i for i, c in enumerate(text) if c in "()<>{}[]"]
    for at in rng.sample(brackets, min(6, len(brackets))):
        broken = text[:at] + text[at + 1:]
        analysis = DocumentAnalysis("file:///b.ir", broken, verify_budget=0)
        once = formatted_text(analysis)
        assert _comments(once) == _comments(broken)
        for unit in analysis.units:
            if any(d.source.value == "syntax" and d.severity.label == "error" for d in unit.diagnostics):
                assert bytes(analysis.document.data[unit.start:unit.end]).decode() in once
        assert fmt(once) == once


# ------------------------------------------------------------------ range and edits
def test_range_formatting_touches_only_the_statements_in_the_range():
    text = "%0   =   t.t : i32\n%1   =   t.t : i32\n%2   =   t.t : i32\n"
    analysis = DocumentAnalysis("file:///r.ir", text, verify_budget=0)
    second = text.index("%1")
    found = edits(analysis, second + 2, second + 4)
    assert found == [Edit(second, second + len("%1   =   t.t : i32"), "%1 = t.t : i32")]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "c", "", "  d"]), min_size=0, max_size=8),
       st.lists(st.sampled_from(["a", "b", "x", "", "  d"]), min_size=0, max_size=8))
def test_line_edits_give_the_same_text_as_the_edit_they_cut_down(old_lines, new_lines):
    old, new = "\n".join(old_lines), "\n".join(new_lines)
    document = "<<" + old + ">>"
    analysis = DocumentAnalysis("file:///e.ir", document, verify_budget=0)
    whole = Edit(2, 2 + len(old.encode()), new)
    # Applied as LSP applies a list of edits: each on the original text, inserts at one place
    # in the order the list has them.
    result, at = "", 0
    for edit in line_edits(analysis, [whole]):
        assert edit.start >= at
        result += document[at:edit.start] + edit.text
        at = edit.end
    assert result + document[at:] == "<<" + new + ">>"
