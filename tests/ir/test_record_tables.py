"""What is read of a record alone is made once per record and kept by the record's identity
(ir/op_form.py `record_tables`, verify/structure.py `_flat`): an equal or a changed record made
later gets its own answers, never another record's."""
from __future__ import annotations

from dataclasses import replace

from cute_ir.analysis import DocumentAnalysis
from cute_ir.dialects.ods import Count, OpDef, ValueDef
from cute_ir.dialects.registry import record
from cute_ir.ir.op_form import record_tables
from cute_ir.verify.structure import _flat


def test_each_record_has_its_own_places() -> None:
    first = OpDef("t.op", "", operands=(ValueDef("lhs"), ValueDef("rhs")), results=(ValueDef("lhs"),))
    renamed = replace(first, operands=(ValueDef("a"), ValueDef("lhs")))
    assert record_tables(first).places == {"lhs": (False, 0), "rhs": (False, 1)}
    assert record_tables(renamed).places == {"a": (False, 0), "lhs": (False, 1)}
    assert record_tables(first).places == {"lhs": (False, 0), "rhs": (False, 1)}


def test_buildable_groups_are_those_whose_constraint_builds_a_type() -> None:
    load = record("memref.load")
    operands, results = record_tables(load).buildable
    assert [load.operands[i].name for i, _ in operands] == ["indices"]
    assert [built for _, built in operands] == ["index"] and results == []


def test_flat_answers_by_the_groups_given() -> None:
    single = (ValueDef("a"), ValueDef("b"))
    variadic = (ValueDef("a"), ValueDef("b", count=Count.VARIADIC))
    assert _flat(single, 2) == (0, 1)
    assert _flat(single, 3) is None
    assert _flat(variadic, 3) == (0, 1, 1)
    assert _flat(tuple(variadic), 3) == _flat((ValueDef("a"), ValueDef("b", count=Count.VARIADIC)), 3)


def test_an_op_judged_twice_says_the_same() -> None:
    text = ("func.func @f(%m: memref<4xf32>, %i: index, %v: i32) {\n"
            "  %x = memref.load %m[%i] : memref<4xf32>\n  %y = arith.addi %v, %x : i32\n  return\n}\n")
    first = [(d.message, d.span) for d in DocumentAnalysis("file:///a.mlir", text).diagnostics()]
    again = [(d.message, d.span) for d in DocumentAnalysis("file:///b.mlir", text).diagnostics()]
    assert first == again and first
