"""Parse -> lift -> print -> parse -> lift gives the same IR, and printing is a fixed point.

Over every example, every case of the verify corpus (split at `// -----` as MLIR's
`--split-input-file` does) and every CuTe DSL dump of tests/corpus/cutedsl, plus the shapes that need care: result groups, bound values,
forward block references, written locations, nesting deeper than Python's recursion limit.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cute_ir.ir.core import Block, Operation, Type, value_numbers
from cute_ir.ir.lift import UNDEFINED, lift
from cute_ir.ir.printer import PrintOptions, print_ops
from cute_ir.syntax.parser import parse

ROOT = Path(__file__).resolve().parents[2]
_SPLIT = re.compile(r"^// -----\s*$", re.M)
# The parser's and verifier's SSA messages, as expected in a case that makes the mistake.
_SSA_MISTAKE = re.compile(r"expected-error.*\{\{(use of undeclared SSA value|redefinition of|reference to an undefined"
                          r" block|reference to invalid result number|operation defines|cannot name an operation"
                          r"|operand #\d+ does not dominate|'[^']+' op using value defined outside)")


def _cases() -> list[tuple[str, str]]:
    cases = [(p.name, p.read_text()) for p in sorted((ROOT / "examples").glob("*.ir"))]
    for path in sorted((ROOT / "tests" / "corpus" / "verify").glob("*.ir")):
        cases += [(f"{path.name}#{i}", chunk) for i, chunk in enumerate(_SPLIT.split(path.read_text()))]
    # The real compiler's output, as dumped and as canonicalised.
    cases += [(f"{p.parent.name}/{p.name}", p.read_text())
              for p in sorted((ROOT / "tests" / "corpus" / "cutedsl").glob("*/*.mlir"))]
    # Round trip is a property of IR that MLIR would parse (its roundtrip tests use valid IR):
    # leave out cases that make a syntax or SSA mistake on purpose. Verifier mistakes stay in.
    return [(name, text) for name, text in cases
            if not parse(text.encode()).root.has_error and not _SSA_MISTAKE.search(text)]


def _printed(text: str, options: PrintOptions | None = None) -> str:
    lifted = lift(parse(text.encode()).root)
    return print_ops(lifted.operations, options, [(a.name, a.text) for a in lifted.aliases])


def _shape(text: str) -> list:
    """The IR's structure with values numbered by definition order: what 'the same IR' means."""
    lifted = lift(parse(text.encode()).root)
    numbers = value_numbers(lifted.operations)
    out: list = []
    for top in lifted.operations:
        for op in top.walk():
            out.append((op.name, [numbers.get(v, ("undefined", v.name_hint)) for v in op.operands],
                        [str(r.type) for r in op.results], sorted((k, str(v)) for k, v in op.attributes.items()),
                        sorted((k, str(v)) for k, v in op.properties.items()),
                        [[[str(a.type) for a in b.arguments] for b in r.blocks] for r in op.regions],
                        len(op.successors)))
    return out


@pytest.mark.parametrize("name, text", _cases(), ids=[name for name, _ in _cases()])
def test_round_trip_gives_the_same_ir_and_a_fixed_point(name: str, text: str) -> None:
    once = _printed(text)
    assert _shape(once) == _shape(text)
    assert _printed(once) == once


def test_result_groups_bound_values_and_forward_blocks() -> None:
    text = (
        "func.func @f(%x: i32) -> i32 {\n"
        "  %r:2 = \"t.two\"(%x) : (i32) -> (i32, f32)\n"
        "  cf.br ^exit(%r#1 : f32)\n"
        "^exit(%y: f32):\n"
        "  %s = scf.for %iv = %x to %x step %x iter_args(%acc = %r#0) -> (i32) {\n"
        "    scf.yield %acc : i32\n"
        "  }\n"
        "  return %s : i32\n"
        "}\n")
    [func] = lift(parse(text.encode()).root).operations
    entry, exit_block = func.regions[0].blocks
    x = entry.arguments[0]
    two, branch, loop, ret = [op for op in entry.operations] + exit_block.operations
    assert str(x.type) == "i32" and two.operands == [x]
    assert branch.operands == [two.results[1]] and branch.successors == [exit_block]
    assert loop.operands == [x, x, x, two.results[0]]
    iv, acc = loop.regions[0].entry.arguments
    assert loop.regions[0].entry.operations[0].operands == [acc]
    assert ret.operands == [loop.result]
    assert _printed(text) == text


def test_result_types_come_after_the_arrow_or_a_cast_s_to() -> None:
    text = ('"t.src"() : () -> (i8)\n'
            '%a = t.cast %x : !t.p<i8> to !t.p<f16>\n%b = t.call(%a) : (!t.p<f16>) -> f32\n%c = t.add %b, %b : f32\n')
    ops = lift(parse(text.encode()).root).operations
    assert [str(op.results[0].type) for op in ops[1:]] == ["!t.p<f16>", "f32", "f32"]


def test_rewrites_show_in_the_printed_custom_form() -> None:
    text = "func.func @f(%a: i32, %b: i32) -> i32 {\n  %s = arith.addi %a, %a : i32\n  return %s : i32\n}\n"
    [func] = lift(parse(text.encode()).root).operations
    a, b = func.regions[0].entry.arguments
    a.replace_all_uses_with(b)
    add = func.regions[0].entry.operations[0]
    new = Operation("arith.muli", [b, b], [Type("i32")])
    func.regions[0].entry.insert(0, new)
    add.replace_all_uses_with(new)
    add.erase()
    assert print_ops([func]) == (
        "func.func @f(%a: i32, %b: i32) -> i32 {\n"
        '  %0 = "arith.muli"(%b, %b) : (i32, i32) -> i32\n'
        "  return %0 : i32\n"
        "}\n")


def test_a_labelled_entry_block_keeps_its_label_when_the_op_binds_nothing() -> None:
    text = 'test.region {\n^bb1(%a: i64):\n  "t.use"(%a) : (i64) -> ()\n}\n'
    assert _printed(text) == text


def test_undefined_names_get_placeholders_not_failures() -> None:
    lifted = lift(parse(b"func.func @f() {\n  \"t.use\"(%nope) : (i32) -> ()\n}\n").root)
    [use] = [op for op in lifted.operations[0].walk() if op.name == "t.use"]
    assert use.operands[0].type == UNDEFINED
    assert [name for name, _ in lifted.index.undefined] == ["%nope"]


def test_isolated_ops_do_not_see_outer_values() -> None:
    text = "%c = arith.constant 1 : i32\nfunc.func @f() {\n  \"t.use\"(%c) : (i32) -> ()\n}\n"
    lifted = lift(parse(text.encode()).root)
    assert [name for name, _ in lifted.index.undefined] == ["%c"]


def test_each_function_prints_its_own_names_as_mlir_does() -> None:
    # Names restart inside an op isolated from above: the second function's `%arg0` and
    # `%0` are not renamed because the first one used them.
    function = "func.func @{name}(%arg0: i32) -> i32 {{\n  %0 = arith.addi %arg0, %arg0 : i32\n  return %0 : i32\n}}\n"
    text = function.format(name="f") + function.format(name="g")
    assert _printed(text) == text


def test_written_locations_are_kept_and_others_printed_on_request() -> None:
    text = '%c = arith.constant 1 : i32 loc("k.py":3:0)\n"t.op"(%c) : (i32) -> () loc(#loc1)\n"t.end"() : () -> ()\n'
    assert _printed(text) == text
    start = text.index('"t.end"')
    end = start + len('"t.end"() : () -> ()')
    assert _printed(text, PrintOptions(locations=True)).splitlines()[2] == f'"t.end"() : () -> () loc("bytes":{start}:{end})'


def test_deep_nesting_lifts_and_prints_without_recursion() -> None:
    depth = 5_000
    text = '"t.n"() ({\n' * depth + '"t.leaf"() : () -> ()\n' + "}) : () -> ()\n" * depth
    lifted = lift(parse(text.encode()).root)
    assert sum(1 for _ in lifted.operations[0].walk()) == depth + 1
    assert _printed(text).count('"t.n"') == depth


@pytest.mark.parametrize("path", sorted((ROOT / "tests" / "corpus" / "cutedsl").glob("*/*.mlir")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_operand_of_the_compiler_s_output_resolves_to_its_definition(path: Path) -> None:
    lifted = lift(parse(path.read_bytes()).root)
    unresolved = [(op.name, v.name_hint) for top in lifted.operations for op in top.walk()
                  for v in op.operands if v.type == UNDEFINED]
    assert unresolved == []
