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


# Each case as mlir-opt 22 reports it, with the type written through aliases: the text, the
# same text with the type written out, the literal, and the message (and note) at the literal.
_THROUGH_ALIASES = [
    ("!t = f32\nfunc.func @f() {\n  %0 = arith.constant 1 : !t\n  return\n}\n",
     "func.func @f() {\n  %0 = arith.constant 1 : f32\n  return\n}\n",
     "1", M.DECIMAL_FOR_FLOAT, M.DECIMAL_FOR_FLOAT_NOTE),
    ("!i = i8\nfunc.func @g() {\n  %0 = arith.constant 300 : !i\n  return\n}\n",
     "func.func @g() {\n  %0 = arith.constant 300 : i8\n  return\n}\n",
     "300", M.INTEGER_OUT_OF_RANGE, None),
    ("!u = i8\n!t = !u\nfunc.func @h() attributes {a = 300 : !t} {\n  return\n}\n",
     "func.func @h() attributes {a = 300 : i8} {\n  return\n}\n",
     "300", M.INTEGER_OUT_OF_RANGE, None),
    ("!t = f16\nfunc.func @k() {\n  %0 = arith.constant 0x12345 : !t\n  return\n}\n",
     "func.func @k() {\n  %0 = arith.constant 0x12345 : f16\n  return\n}\n",
     "0x12345", M.HEX_FLOAT_OUT_OF_RANGE, None),
]


def _judged(text: str, code: str) -> list[tuple[str, str, list[str]]]:
    return [(d.message, text[d.span.start:d.span.end], [r.message for r in d.related])
            for d in DocumentAnalysis("file:///a.mlir", text).diagnostics() if d.code == code]


def test_a_literal_typed_through_an_alias_is_judged_as_the_type_written_out():
    for aliased, written_out, literal, message, note in _THROUGH_ALIASES:
        expected = [(message, literal, [note] if note else [])]
        assert _judged(aliased, "ssa.aliased-attribute-value") == expected, aliased
        assert _judged(written_out, "syntax.attribute-value") == expected, written_out


def test_literals_an_aliased_type_holds_pass():
    text = ("!t = f32\n!i = i8\n!v = vector<4xf32>\nfunc.func @f() attributes {a = 0x3f800000 : !t, b = 127 : !i} {\n"
            "  %0 = arith.constant 1.0 : !t\n  %1 = arith.constant -128 : !i\n  return\n}\n")
    assert _placed(DocumentAnalysis("file:///a.mlir", text)) == []


def test_an_edit_to_an_aliased_type_judges_its_literals_again():
    text = "!u = f32\n!t = !u\nfunc.func @f() {\n  %0 = arith.constant 1 : !t\n  return\n}\n"
    analysis = DocumentAnalysis("file:///a.mlir", text)
    assert _placed(analysis) == [(M.DECIMAL_FOR_FLOAT, "1")]
    analysis.update([(Position(0, 5), Position(0, 8), "i32")], 2)      # the end of the chain
    assert _placed(analysis) == _fresh(analysis) == []
    analysis.update([(Position(0, 5), Position(0, 8), "i1")], 3)
    assert _placed(analysis) == _fresh(analysis) == []
    analysis.update([(Position(3, 22), Position(3, 23), "2")], 4)      # `2 : i1` does not fit
    assert _placed(analysis) == _fresh(analysis) == [(M.INTEGER_OUT_OF_RANGE, "2")]
    analysis.update([(Position(0, 5), Position(0, 7), "bf16")], 5)
    assert _placed(analysis) == _fresh(analysis) == [(M.DECIMAL_FOR_FLOAT, "2")]


def test_a_use_after_a_defined_one_in_the_same_unit_is_judged_too():
    # Two statements on one line are one unit: the second's uses are looked for after the
    # first's defined alias was judged.
    text = '!a = i32\n"t.op"() : () -> !a "t.op"() : () -> !undefined_b\n'
    assert _placed(DocumentAnalysis("file:///a.mlir", text)) == [
        (M.UNDEFINED_ALIAS.format("undefined_b"), "!undefined_b")]


def test_each_unit_of_a_broken_document_is_handed_only_its_own_trees_uses(monkeypatch):
    # A broken document has a tree a piece: each unit's SSA check takes the alias uses its own
    # tree's query found, not a scan of every piece's (units x pieces).
    from cute_ir.analysis import verification
    handed: list[int] = []
    real = verification.alias_diagnostics

    def counting(analysis, unit, statements, queried=()):
        handed.append(len(queried))
        assert all(entry.root == analysis.tree_for(unit).root_node for entry in queried)
        return real(analysis, unit, statements, queried)

    monkeypatch.setattr(verification, "alias_diagnostics", counting)
    body = "".join(f"func.func @f{i}(%a: !a) -> !a {{\n  return %a : !a\n}}\n" for i in range(40))
    text = ("!a = i32\n" + body + "func.func @g(%a: !b) {\n  return )\n}\n"
            "func.func @h(%a: !c) -> !c {\n  return %a : !c\n}\n")
    placed = _placed(DocumentAnalysis("file:///a.mlir", text))
    assert (M.UNDEFINED_ALIAS.format("c"), "!c") in placed
    assert len(handed) >= 40 and max(handed) == 1


def test_a_trailing_location_resolves_its_alias_once_the_file_is_read():
    # mlir-opt 22: an op's or argument's `loc(#name)` takes the location `#name` defines anywhere
    # in the file; an attribute alias is no location (printed as MLIR prints it), and a name
    # no statement defines is reported at the use. A name inside another location is resolved
    # where it stands (not judged here).
    text = ("func.func @f(%a: i32 loc(#arg)) {\n  return loc(#later)\n}\n"
            "#later = loc(\"f.py\":1:2)\n#arg = loc(\"f.py\":1:3)\n")
    assert _placed(DocumentAnalysis("file:///a.mlir", text)) == []
    text = ("#i = 7\nfunc.func @f(%a: i32 loc(#s)) {\n  return loc(#i)\n}\nfunc.func private @g() loc(#t)\n"
            "#s = \"x\"\n#t = -3 : i8\n")
    assert _placed(DocumentAnalysis("file:///a.mlir", text)) == [
        (M.LOCATION_ALIAS_NOT_LOCATION.format('"x"'), "#s"), (M.LOCATION_ALIAS_NOT_LOCATION.format("7 : i64"), "#i"),
        (M.LOCATION_ALIAS_NOT_LOCATION.format("-3 : i8"), "#t")]
    text = "func.func @f() {\n  return loc(#nowhere)\n}\n"
    assert _placed(DocumentAnalysis("file:///a.mlir", text)) == [(M.LOCATION_ALIAS_NEVER_DEFINED, "#nowhere")]
