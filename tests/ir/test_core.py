"""The rewritable IR keeps use lists and parent links right under every mutation."""
from __future__ import annotations

import pytest

from cute_ir.diagnostics import Span
from cute_ir.ir.core import Block, IRError, Operation, Region, Type
from cute_ir.ir.printer import PrintOptions, print_ops
from cute_ir.text.location import SourceLoc, derived

I32 = Type("i32")


def _function() -> tuple[Operation, Block]:
    func = Operation("func.func", regions=1, attributes={})
    entry = func.regions[0].append(Block([I32, I32]))
    return func, entry


def test_operands_register_as_uses_and_users() -> None:
    _, entry = _function()
    a, b = entry.arguments
    add = entry.append(Operation("arith.addi", [a, b], [I32]))
    mul = entry.append(Operation("arith.muli", [add.result, a], [I32]))
    assert [u.owner for u in a.uses] == [add, mul]
    assert add.result.users == [mul]
    assert mul.parent is entry and mul.parent_op is entry.parent_op


def test_replace_all_uses_with_moves_every_use() -> None:
    _, entry = _function()
    a, b = entry.arguments
    add = entry.append(Operation("arith.addi", [a, a], [I32]))
    entry.append(Operation("func.return", [add.result]))
    a.replace_all_uses_with(b)
    assert add.operands == [b, b] and a.uses == [] and len(b.uses) == 2
    new = Operation("arith.subi", [b, b], [I32])
    new.move_before(add) if new.parent else entry.insert(entry.index_of(add), new)
    add.replace_all_uses_with(new)
    assert entry.terminator.operands == [new.result]
    add.erase()
    assert [op.name for op in entry.operations] == ["arith.subi", "func.return"]
    assert all(use.owner is not add for use in b.uses)


def test_erase_refuses_while_a_result_is_used_outside() -> None:
    _, entry = _function()
    a, _ = entry.arguments
    add = entry.append(Operation("arith.addi", [a, a], [I32]))
    entry.append(Operation("func.return", [add.result]))
    with pytest.raises(IRError, match="still used"):
        add.erase()


def test_erase_takes_nested_ops_and_their_uses_with_it() -> None:
    func, entry = _function()
    a, _ = entry.arguments
    loop = entry.append(Operation("scf.execute_region", regions=1))
    inner = loop.regions[0].append(Block())
    inner.append(Operation("test.use", [a]))
    assert len(a.uses) == 1
    loop.erase()
    assert a.uses == [] and entry.operations == []


def test_moving_keeps_parents_right_and_refuses_double_insertion() -> None:
    _, entry = _function()
    first = entry.append(Operation("test.a"))
    second = entry.append(Operation("test.b"))
    second.move_before(first)
    assert [op.name for op in entry.operations] == ["test.b", "test.a"]
    first.move_after(second)
    assert [op.name for op in entry.operations] == ["test.b", "test.a"]
    with pytest.raises(IRError, match="already in a block"):
        entry.append(first)
    first.detach()
    assert first.parent is None and entry.operations == [second]


def test_block_arguments_renumber_and_refuse_erasing_a_used_one() -> None:
    _, entry = _function()
    a, b = entry.arguments
    entry.append(Operation("test.use", [b]))
    with pytest.raises(IRError):
        entry.erase_argument(1)
    entry.erase_argument(0)
    assert entry.arguments == [b] and b.index == 0


def test_walk_is_iterative_and_in_textual_order() -> None:
    root = Operation("builtin.module", regions=1)
    block = root.regions[0].append(Block())
    current = block
    for depth in range(20_000):      # deeper than Python's recursion limit
        op = current.append(Operation("test.nest", regions=1))
        current = op.regions[0].append(Block())
    assert sum(1 for _ in root.walk()) == 20_001
    text = print_ops([root])
    assert text.count('"test.nest"') == 20_000


def test_printer_prints_the_generic_form_with_user_names_and_locations() -> None:
    func, entry = _function()
    a, b = entry.arguments
    a.name_hint = "x"
    add = entry.append(Operation("arith.addi", [a, b], [I32], location=SourceLoc(Span(10, 20))))
    add.result.name_hint = "sum"
    entry.append(Operation("func.return", [add.result], location=derived("lower-x", SourceLoc(Span(30, 31)))))
    assert print_ops([func]) == (
        '"func.func"() ({\n'
        '^bb0(%x: i32, %0: i32):\n'
        '  %sum = "arith.addi"(%x, %0) : (i32, i32) -> i32\n'
        '  "func.return"(%sum) : (i32) -> ()\n'
        '}) : () -> ()\n')
    with_locations = print_ops([func], PrintOptions(locations=True))
    assert 'loc("bytes":10:20)' in with_locations
    assert 'loc(fused["lower-x"]["bytes":30:31])' in with_locations


def test_a_region_belongs_to_one_op() -> None:
    region = Region()
    Operation("test.a", regions=[region])
    with pytest.raises(IRError):
        Operation("test.b", regions=[region])


def test_clone_maps_operands_and_records_its_results() -> None:
    _, entry = _function()
    a, b = entry.arguments
    add = entry.append(Operation("arith.addi", [a, b], [I32]))
    add.result.name_hint = "sum"
    other = Block([I32])
    mapping = {a: other.arguments[0]}
    copy = add.clone(mapping)
    assert copy.operands == [other.arguments[0], b] and copy.parent is None
    assert mapping[add.result] is copy.result and copy.result.name_hint == "sum"
    assert [u.owner for u in a.uses] == [add]          # the original keeps its uses


def test_clone_refuses_an_op_with_regions() -> None:
    func, _ = _function()
    with pytest.raises(IRError):
        func.clone({})


def _fields(op: Operation) -> dict:
    """An op's fields, its results' as (type, uses, name_hint, owner, index)."""
    out = dict(vars(op))
    out["results"] = [(r.type, r.uses, r.name_hint, r.owner is op, r.index) for r in op.results]
    return out


@pytest.mark.parametrize("types", [(), (I32,), (I32, Type("f32"), I32)])
def test_an_op_made_field_by_field_is_the_op_init_makes(types) -> None:
    here = SourceLoc(Span(3, 9))
    made = Operation.lifted("arith.addi", here, types)
    plain = Operation("arith.addi", result_types=types, location=here)
    assert list(vars(made)) == list(vars(plain))
    assert _fields(made) == _fields(plain)
    assert all(type(r) is type(p) for r, p in zip(made.results, plain.results))
