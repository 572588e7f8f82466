"""`copy_operations` gives the IR a fresh lift gives, and one the passes can rewrite without
touching the original: the editor lowers a copy of the IR verification lifted
(`DocumentAnalysis.rewritable_operations`) instead of lifting the unit again."""
from __future__ import annotations

import pytest

from cute_ir.ir.core import copy_operations, value_numbers
from cute_ir.ir.lift import lift, wrap_in_module
from cute_ir.ir.printer import PrintOptions, print_ops
from cute_ir.passes import DEFAULT_PIPELINE, PassContext, PassManager, parse_pipeline
from cute_ir.syntax.parser import parse

from tests.ir.test_lift_roundtrip import _cases

CASES = _cases()
WITH_LOCATIONS = PrintOptions(locations=True)


def _structure(operations) -> list:
    """Every op with its operands numbered by definition, results, attributes, regions, blocks
    (labels, arguments) and successors: what 'the same IR' means, names aside."""
    numbers = value_numbers(operations)
    blocks = {}
    out = []
    for top in operations:
        for op in top.walk():
            for region in op.regions:
                for block in region.blocks:
                    blocks.setdefault(block, len(blocks))
    for top in operations:
        for op in top.walk():
            out.append((op.name, [numbers.get(v, ("elsewhere", v.name_hint, str(v.type))) for v in op.operands],
                        [(str(r.type), r.name_hint) for r in op.results], dict(op.attributes), dict(op.properties),
                        op.location, op.assembly,
                        [[(b.label, [(str(a.type), a.name_hint, a.location) for a in b.arguments]) for b in r.blocks]
                         for r in op.regions],
                        [blocks.get(b) for b in op.successors]))
    return out


def _lower(operations) -> tuple[str, list]:
    context = PassContext("sm_100a")
    module = wrap_in_module(operations)
    PassManager(parse_pipeline(DEFAULT_PIPELINE)).run(module, context)
    return print_ops([module], WITH_LOCATIONS), [(d.code, d.span, d.message) for d in context.diagnostics]


@pytest.mark.parametrize("name, text", CASES, ids=[name for name, _ in CASES])
def test_a_copy_is_the_ir_a_fresh_lift_gives(name: str, text: str) -> None:
    original = lift(parse(text.encode()).root).operations
    before = print_ops(original, WITH_LOCATIONS)
    copy = copy_operations(original)
    assert _structure(copy) == _structure(lift(parse(text.encode()).root).operations)
    assert print_ops(copy, WITH_LOCATIONS) == before
    # Nothing is shared that a rewrite could change: the copy's values and blocks are its own.
    theirs = {id(v) for v in value_numbers(original)}
    assert not theirs & {id(v) for v in value_numbers(copy)}
    # Lowering the copy lowers as a fresh lift does, and leaves the original as it was.
    assert _lower(copy) == _lower(lift(parse(text.encode()).root).operations)
    assert print_ops(original, WITH_LOCATIONS) == before


def test_uses_follow_the_copy() -> None:
    text = ("func.func @f(%x: i32) -> i32 {\n"
            "  %a = arith.addi %x, %x : i32\n"
            "  cf.br ^next(%a : i32)\n"
            "^next(%b: i32):\n"
            "  return %b : i32\n"
            "}\n")
    original = lift(parse(text.encode()).root).operations
    [func] = copy_operations(original)
    entry, following = func.regions[0].blocks
    x = entry.arguments[0]
    add, branch = entry.operations
    assert add.operands == [x, x] and [use.owner for use in x.uses] == [add, add]
    assert branch.successors == [following] and branch.operands == [add.results[0]]
    assert following.operations[0].operands == [following.arguments[0]]
    assert [use.owner for use in original[0].regions[0].blocks[0].arguments[0].uses] == \
        [original[0].regions[0].blocks[0].operations[0]] * 2
