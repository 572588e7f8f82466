"""Aliases resolved across the document as MLIR's parser resolves them (analysis/alias_uses.py):
an alias no statement defines and one defined twice, in mlir-opt 22's words, at the alias."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import mlir_messages as M
from cute_ir.text.positions import Position


def _placed(analysis: DocumentAnalysis) -> list[tuple[str, str]]:
    data = analysis.document.data
    return [(d.message, data[d.span.start:d.span.end].decode()) for d in analysis.diagnostics()]


def test_an_alias_no_statement_defines():
    text = "func.func private @f(!unknown_alias) -> ()\n"
    assert _placed(DocumentAnalysis("file:///a.mlir", text)) == [
        (M.UNDEFINED_ALIAS.format("unknown_alias"), "!unknown_alias")]
    text = "#map0 = affine_map<(d0, d1) -> (d0, d1)>\nfunc.func private @f(memref<2x4xi8, #map0, #map8>)\n"
    assert _placed(DocumentAnalysis("file:///a.mlir", text)) == [(M.UNDEFINED_ALIAS.format("map8"), "#map8")]


def test_an_alias_defined_before_or_naming_a_location_is_defined():
    text = ("!a = i32\nfunc.func private @f(!a) -> ()\n"
            '"t.op"() {attr = #l} : () -> () loc(#l)\n#l = loc("f":1:2)\n'
            '"t.op"() {v = #t.d<!x@#!@#>} : () -> ()\n')
    assert _placed(DocumentAnalysis("file:///a.mlir", text)) == []


def test_an_alias_used_before_its_definition_is_undefined():
    # mlir-opt 15, 19 and 22: `undefined symbol alias id 'a'` at the first such use (it stops
    # there; each use is reported here). A definition through a later alias is one such use.
    text = "func.func private @f(!a) -> ()\n!a = i32\n!b = vector<4x!c>\n!c = f32\n!d = !c\n"
    assert _placed(DocumentAnalysis("file:///a.mlir", text)) == [
        (M.UNDEFINED_ALIAS.format("a"), "!a"), (M.UNDEFINED_ALIAS.format("c"), "!c")]


def test_moving_a_definition_above_its_use_defines_it():
    text = "func.func private @f(!a) -> ()\n!a = i32\n"
    analysis = DocumentAnalysis("file:///a.mlir", text)
    assert _placed(analysis) == [(M.UNDEFINED_ALIAS.format("a"), "!a")]
    analysis.update([(Position(1, 0), Position(2, 0), "")], 2)
    analysis.update([(Position(0, 0), Position(0, 0), "!a = i32\n")], 3)
    assert _placed(analysis) == [] == _fresh(analysis)
    analysis.update([(Position(2, 0), Position(2, 0), "!a = i32\n")], 4)   # a second, later
    assert _placed(analysis) == [(M.ALIAS_REDEFINITION.format("type", "a"), "!a")] == _fresh(analysis)
    analysis.update([(Position(0, 0), Position(1, 0), "")], 5)              # the first goes
    assert _placed(analysis) == [(M.UNDEFINED_ALIAS.format("a"), "!a")] == _fresh(analysis)


def test_an_alias_defined_twice():
    text = "!redef_alias = i32\n!redef_alias = i32\n#m = affine_map<(i) -> (i)>\n#m = affine_map<(i) -> (i)>\n"
    assert _placed(DocumentAnalysis("file:///a.mlir", text)) == [
        (M.ALIAS_REDEFINITION.format("type", "redef_alias"), "!redef_alias"),
        (M.ALIAS_REDEFINITION.format("attribute", "m"), "#m")]


def test_an_edit_to_a_definition_checks_its_users_again():
    analysis = DocumentAnalysis("file:///a.mlir", "!b = i32\nfunc.func private @f(!a) -> ()\n")
    assert _placed(analysis) == [(M.UNDEFINED_ALIAS.format("a"), "!a")]
    analysis.update([(Position(0, 1), Position(0, 2), "a")], 2)
    assert _placed(analysis) == []
    analysis.update([(Position(0, 0), Position(1, 0), "")], 3)
    assert _placed(analysis) == [(M.UNDEFINED_ALIAS.format("a"), "!a")]


def test_removing_the_first_definition_leaves_the_second_alone():
    analysis = DocumentAnalysis("file:///a.mlir", "!r = i32\n!r = i32\nfunc.func private @f(!r) -> ()\n")
    assert _placed(analysis) == [(M.ALIAS_REDEFINITION.format("type", "r"), "!r")]
    analysis.update([(Position(0, 0), Position(1, 0), "")], 2)
    assert _placed(analysis) == []


def _fresh(analysis: DocumentAnalysis) -> list[tuple[str, str]]:
    return _placed(DocumentAnalysis("file:///fresh.mlir", analysis.document.text))


def test_a_location_alias_removed_or_added_checks_its_users_again():
    # `#l = loc(...)` is no alias unit, but an attribute may name it: its users depend on it.
    text = '"t.op"() {attr = #l} : () -> ()\n#l = loc("f":1:2)\n'
    analysis = DocumentAnalysis("file:///a.mlir", text)
    assert _placed(analysis) == []
    analysis.update([(Position(1, 0), Position(2, 0), "")], 2)
    assert _placed(analysis) == _fresh(analysis) == [(M.UNDEFINED_ALIAS.format("l"), "#l")]
    analysis.update([(Position(1, 0), Position(1, 0), '#l = loc("g":3:4)\n')], 3)
    assert _placed(analysis) == _fresh(analysis) == []
    analysis.update([(Position(1, 1), Position(1, 2), "k")], 4)      # `#k = loc(...)`
    assert _placed(analysis) == _fresh(analysis) == [(M.UNDEFINED_ALIAS.format("l"), "#l")]
