"""A proper prefix of the split marker `// -----` (`//`, `// `, `// -` ... `// ----`) that ends
the text, with no line end after it, is a comment like any other: the grammar's comment regex
takes such a prefix only with its line end (so that none is a whole comment inside the marker),
and the scanner takes it where the text ends. The marker itself stays a `split_marker`."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features.format import formatted_text
from cute_ir.features.outline import document_symbols, folding_ranges
from cute_ir.syntax.parser import parse
from tests.fuzz.edit_fuzz import formatting_problem
from tests.mlir_oracle import mlir_opt, needs_mlir_opt

PREFIXES = ["//", "// ", "// -", "// --", "// ---", "// ----"]
BEFORE = ["", "module {\n  } loc(#loc)\n", "module {\n}\r\n", 'func.func @f() {\n  "t.op"() : () -> ()\n',
          '"t.op"(\n', "%x = \n", "// -----\n"]


def _leaves(text: str) -> list[tuple[str, bytes]]:
    out, stack = [], [parse(text.encode()).root]
    while stack:
        node = stack.pop()
        if node.type in ("comment", "split_marker", "ERROR") or node.child_count == 0:
            out.append((node.type, node.text))
        else:
            stack.extend(reversed(node.children))
    return out


@pytest.mark.parametrize("before", BEFORE)
@pytest.mark.parametrize("prefix", PREFIXES)
def test_a_prefix_of_the_split_marker_ending_the_text_is_a_comment(prefix: str, before: str) -> None:
    text = before + prefix
    comments = [node for node in _leaves(text) if node[0] in ("comment", "ERROR")]
    # The text before with a line end after the prefix has the same tree but for that line end.
    assert comments[-1] == ("comment", prefix.encode())
    assert _leaves(text) == [(kind, leaf.rstrip(b"\r\n") if kind == "comment" else leaf)
                             for kind, leaf in _leaves(text + "\n")]
    assert parse(text.encode()).root.has_error == parse((text + "\n").encode()).root.has_error
    assert not parse(prefix.encode()).root.has_error


def test_the_split_marker_ending_the_text_is_still_the_marker() -> None:
    assert _leaves("// -----") == [("split_marker", b"// -----")]
    assert _leaves("module {\n}\n// -----") == [("op_name", b"module"), ("{", b"{"), ("}", b"}"),
                                               ("split_marker", b"// -----")]
    assert _leaves("// ----x") == [("comment", b"// ----x")]
    assert _leaves("// -----\n// -") == [("split_marker", b"// -----"), ("comment", b"// -")]
    # inside a region the marker still closes it, prefix or not after it
    assert [kind for kind, _ in _leaves("module {\n// -----\n// --")][-2:] == ["split_marker", "comment"]


@pytest.mark.parametrize("prefix", PREFIXES)
def test_formatting_keeps_the_comment(prefix: str) -> None:
    analysis = DocumentAnalysis("file:///t.mlir", "module {\n  } loc(#loc)\n" + prefix, verify_budget=0)
    formatted = formatted_text(analysis)
    assert formatted == "module {\n} loc(#loc)\n" + prefix.rstrip() + "\n"
    assert formatting_problem(analysis, formatted) is None


@pytest.mark.parametrize("prefix", PREFIXES)
def test_outline_and_diagnostics_are_those_of_the_text_with_its_line_end(prefix: str) -> None:
    body = 'module {\n  func.func @f(%a: i32) -> i32 {\n    return %a : i32\n  }\n}\n'
    broken = 'func.func @g() {\n  %0 = "t.op"() : () -> i32\n'
    for before in (body, broken):
        at_end = DocumentAnalysis("file:///t.mlir", before + prefix)
        with_line_end = DocumentAnalysis("file:///t.mlir", before + prefix + "\n")
        assert ([(d.span.start, d.span.end, d.message) for d in at_end.diagnostics()]
                == [(d.span.start, d.span.end, d.message) for d in with_line_end.diagnostics()])
        assert document_symbols(at_end) == document_symbols(with_line_end)
        assert folding_ranges(at_end) == folding_ranges(with_line_end)
    assert DocumentAnalysis("file:///t.mlir", body + prefix).diagnostics() == []


@needs_mlir_opt
@pytest.mark.parametrize("prefix", PREFIXES)
def test_mlir_opt_reads_the_prefix_as_a_comment_too(prefix: str) -> None:
    assert mlir_opt("module {\n}\n" + prefix).returncode == 0
