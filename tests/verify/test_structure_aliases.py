"""Types written through `!alias`es, judged as what they stand for (verify/structure.py, the SSA
walk of ir/ssa.py): MLIR's parser replaces each alias before any verifier runs, so an op says
what the same op says with the type written out, at the same place, in mlir-opt 22's words
(which print the resolved type). The verdicts an op's text is memoized by hold what its
aliases stand for: an edit to a definition, or another document, is judged again."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.text.positions import Position
from tests.mlir_oracle import assert_mlir_opt_agrees, needs_mlir_opt

_FUNCTION = "func.func @f({arguments}) {{\n  {line}\n  return\n}}\n"

# (alias definitions, the function's arguments, the op) -> mlir-opt 22's message.
CASES = [
    # an operand's type through an alias, where the operands are defined
    (("!t = f32",), "%a: !t, %b: !t", "%r = arith.addi %a, %b : !t",
     "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"),
    # an alias of an alias
    (("!b = f32", "!a = !b"), "%a: !a, %b: !a", "%r = arith.addi %a, %b : !a",
     "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"),
    # an alias inside a composite type (the element type is what the constraint reads)
    (("!t = f32",), "%a: vector<4x!t>", "%r = arith.addi %a, %a : vector<4x!t>",
     "'arith.addi' op operand #0 must be signless-integer-like, but got 'vector<4xf32>'"),
    # a result's type through an alias
    (("!t = i32",), "%a: !t", "%r = arith.sitofp %a : !t to !t",
     "'arith.sitofp' op result #0 must be floating-point-like, but got 'i32'"),
    # a memref's element type through an alias, derived by the load's parser, used as i32
    (("!t = f32", "!m = memref<4x!t>"), "%m: !m, %i: index",
     "%v = memref.load %m[%i] : !m\n  %r = arith.addi %v, %v : i32",
     "use of value '%v' expects different type than prior uses: 'i32' vs 'f32'"),
    # the op's own verifier reads the memref's rank through the alias
    (("!m = memref<4xf32>",), "%m: !m, %i: index", "%v = memref.load %m[%i, %i] : !m",
     "'memref.load' op incorrect number of indices for load, expected 1 but got 2"),
    # a use's type against its definition's, both through aliases
    (("!t = f32", "!u = i32"), "%a: !t", "%r = arith.addi %a, %a : !u",
     "use of value '%a' expects different type than prior uses: 'i32' vs 'f32'"),
    # a type the custom form parses as a class of its own (`parseType<VectorType>`)
    (("!v = f32",), "%a: f32", "%r = vector.broadcast %a : f32 to !v",
     "custom op 'vector.broadcast' invalid kind of type specified: expected builtin.vector, but found 'f32'"),
]

# Aliases of the right types: nothing to say (comparisons see through them too).
WELL_FORMED = [
    (("!t = i32",), "%a: !t, %b: !t", "%r = arith.addi %a, %b : !t"),
    (("!t = i32",), "%a: !t, %b: i32", '%r = "arith.addi"(%a, %b) : (!t, i32) -> i32\n  %s = arith.addi %a, %r : !t'),
    (("!b = f32", "!a = !b"), "%a: vector<4x!a>", "%r = arith.addf %a, %a : vector<4xf32>"),
    (("!t = f32", "!m = memref<4x!t>"), "%m: !m, %i: index", "%v = memref.load %m[%i] : !m\n  %r = arith.addf %v, %v : f32"),
]


def _text(aliases: tuple[str, ...], arguments: str, line: str) -> str:
    return "".join(a + "\n" for a in aliases) + _FUNCTION.format(arguments=arguments, line=line)


def _direct(aliases: tuple[str, ...], arguments: str, line: str) -> str:
    """The same file with each alias written out where it is used (its definitions kept as
    comments, so that every line stays where it was)."""
    defined = dict(a.split(" = ", 1) for a in aliases)
    text = _FUNCTION.format(arguments=arguments, line=line)
    while (again := re.sub(r"![A-Za-z_]\w*", lambda m: defined.get(m.group(0), m.group(0)), text)) != text:
        text = again
    return "".join("// " + a + "\n" for a in aliases) + text


def _found(text: str) -> list[tuple[str, int, int]]:
    """Each diagnostic's message and where it starts (line, column)."""
    analysis = DocumentAnalysis("file:///a.mlir", text)
    out = []
    for d in analysis.diagnostics():
        at = analysis.document.position(d.span.start)
        out.append((d.message, at.line, at.character))
    return out


@pytest.mark.parametrize("aliases,arguments,line,message", CASES, ids=[c[3][-40:] for c in CASES])
def test_an_aliased_type_is_judged_as_the_type_it_stands_for(aliases, arguments, line, message):
    found = _found(_text(aliases, arguments, line))
    assert [m for m, _, _ in found] == [message]
    assert found == _found(_direct(aliases, arguments, line))


@pytest.mark.parametrize("aliases,arguments,line", WELL_FORMED)
def test_aliases_of_the_right_types_say_nothing(aliases, arguments, line):
    assert _found(_text(aliases, arguments, line)) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same():
    assert_mlir_opt_agrees([(_text(a, args, line), message) for a, args, line, message in CASES],
                           well_formed=[_text(*case) for case in WELL_FORMED])


def test_the_same_op_text_under_other_aliases_is_judged_again():
    """The structure judge keeps the verdict of an op's text; what its aliases stand for is
    part of what the text says, in another document as after an edit to the definition."""
    body = "func.func @f(%a: f32, %b: f32) {\n  %r = arith.addi %a, %b : !t\n  return\n}\n"
    wrong = "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"
    for _ in range(2):
        assert [m for m, _, _ in _found("!t = i32\n" + body)] == [
            "use of value '%a' expects different type than prior uses: 'i32' vs 'f32'"]
        assert [m for m, _, _ in _found("!t = f32\n" + body.replace("f32, %b: f32", "!t, %b: !t"))] == [wrong]
    body = "func.func @f(%a: !t, %b: !t) {\n  %r = arith.addi %a, %b : !t\n  return\n}\n"
    analysis = DocumentAnalysis("file:///a.mlir", "!t = i32\n" + body)
    assert analysis.diagnostics() == []
    analysis.update([(Position(0, 5), Position(0, 8), "f32")], 2)
    assert [d.message for d in analysis.diagnostics()] == [wrong]
    assert _found(analysis.document.text) == [(wrong, 2, 7)]
    analysis.update([(Position(0, 5), Position(0, 8), "i32")], 3)
    assert analysis.diagnostics() == []


def test_an_edit_to_an_alias_an_alias_names_is_judged_again():
    body = "!a = !b\nfunc.func @f(%a: !a, %b: !a) {\n  %r = arith.addi %a, %b : !a\n  return\n}\n"
    analysis = DocumentAnalysis("file:///a.mlir", "!b = i32\n" + body)
    assert analysis.diagnostics() == []
    analysis.update([(Position(0, 5), Position(0, 8), "f32")], 2)
    assert [d.message for d in analysis.diagnostics()] == [
        "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"]
    analysis.update([(Position(0, 5), Position(0, 8), "i32")], 3)
    assert analysis.diagnostics() == []


_DUMP = Path(__file__).parents[1] / "corpus" / "cutedsl" / "ssa_reduce_convert" / "raw.mlir"


def test_a_wrong_alias_in_a_real_dump_is_reported():
    """A CuTe DSL dump (whose types are named through aliases) with one arith op's type
    written through an alias: of the right type, nothing new; of a wrong one, what the same
    dump says with the wrong type written out, at the same places."""
    text = _DUMP.read_text()
    op = "%15 = arith.subf %12, %14 : vector<32xf32>"
    assert op in text

    def new(definition: str, written: str) -> list[tuple[str, int, int]]:
        before = {m for m, _, _ in _found(text)}
        return [f for f in _found(definition + "\n" + text.replace(op, op.replace("vector<32xf32>", written)))
                if f[0] not in before]

    assert new("!v32 = vector<32xf32>", "!v32") == []
    wrong = new("!v32 = vector<32xi32>", "!v32")
    assert wrong == new("// !v32", "vector<32xi32>")
    # The op's type disagrees with its operand's: MLIR's parser refuses the use, and verifies
    # nothing of the text, so the op's own check (float operands) is not said.
    assert wrong[0] == ("use of value '%14' expects different type than prior uses: 'vector<32xi32>' vs 'vector<32xf32>'",
                        1 + text[:text.index(op)].count("\n"), len("      %15 = arith.subf %12, "))
    assert not any(message.startswith("'arith.subf' op") for message, _, _ in wrong)


def test_only_alias_names_are_asked_not_the_strings_in_a_definition():
    """A definition's string literal (a CuTe layout, `"(2):(1)"`) is text, not an alias: the
    on-demand table asks its lookup (whose questions a unit's verification depends on) only
    for `!name` / `#name`."""
    from cute_ir.ir.aliases import AliasTable

    asked: list[str] = []
    definitions = {"!m": '!cute.memref<i32, gmem, "(2):(1)">', "#l": '#cute.layout<"(4):(1)">'}

    def lookup(name: str) -> str | None:
        asked.append(name)
        return definitions.get(name)

    table = AliasTable.on_demand(lookup)
    assert table.expand('!m, #l, "!x"') == '!cute.memref<i32, gmem, "(2):(1)">, #cute.layout<"(4):(1)">, "!x"'
    assert asked == ["!m", "#l"]


_BROKEN_DUMP = """!m = !cute.memref<i32, gmem, align<16>, "(2):(1)">
func.func @a(%x: !m) {{
  %c = arith.constant 1 : i32
  return
}}
func.func @b(%x: !m) {{
  %c = arith.constant 2 : i32
  return
}}
func.func @c(%x: !m) {{
  %c{name} = arith.constant 3 : i32
  return
"""


def test_a_keystroke_in_a_broken_document_verifies_the_edited_function_alone(monkeypatch):
    """With a `}` missing, each keystroke asks every other unit's questions again (any
    container may have changed); a unit whose aliases' definitions contain strings is not
    verified again for them: only the edited function is."""
    from cute_ir.analysis import document

    analysis = DocumentAnalysis("file:///broken.mlir", _BROKEN_DUMP.format(name=""))
    analysis.diagnostics()
    assert not any(key.startswith('alias "') for unit in analysis.units for key in unit.symbols)
    diagnosed: list[int] = []
    original = document.DocumentAnalysis._diagnose_units

    def counting(self, units, *args, **kwargs):
        diagnosed.extend(self.document.data[u.start:u.start + 14].decode() for u in units)
        return original(self, units, *args, **kwargs)

    monkeypatch.setattr(document.DocumentAnalysis, "_diagnose_units", counting)
    line = _BROKEN_DUMP.splitlines().index("  %c{name} = arith.constant 3 : i32")
    analysis.update([(Position(line, 4), Position(line, 4), "x")], 2)
    analysis.diagnostics()
    assert not any(name.startswith(("func.func @a", "func.func @b")) for name in diagnosed), diagnosed
    fresh = DocumentAnalysis("file:///broken.mlir", _BROKEN_DUMP.format(name="x"))
    assert analysis.diagnostics() == fresh.diagnostics()
