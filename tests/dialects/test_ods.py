"""Op records: counts, traits, short names, and one declaration per op."""
from cute_ir.dialects.ods import Count, OpDef, OpRegistry, Trait, single, variadic
from cute_ir.dialects.registry import OPS, has_trait, record

import pytest


def test_count_ranges_follow_ods() -> None:
    assert record("arith.addi").operand_count() == (2, 2)
    assert record("scf.for").operand_count() == (3, None)
    assert record("llvm.return").operand_count() == (0, 1)
    assert record("func.return").result_count() == (0, 0)


def test_short_names_resolve_to_their_records() -> None:
    assert record("module") is record("builtin.module")
    assert record("return") is record("func.return")


def test_traits_that_scoping_and_dominance_read() -> None:
    for name in ("func.func", "gpu.module", "gpu.func", "builtin.module", "llvm.func"):
        assert has_trait(name, Trait.ISOLATED_FROM_ABOVE), name
    assert has_trait("builtin.module", Trait.GRAPH_REGION) and not has_trait("func.func", Trait.GRAPH_REGION)
    assert not has_trait("scf.for", Trait.ISOLATED_FROM_ABOVE)
    assert not has_trait("no.such_op", Trait.TERMINATOR)


def test_an_op_is_declared_once() -> None:
    registry = OpRegistry()
    registry.add(OpDef("t.a", "x", (single("a"), variadic("rest"))))
    with pytest.raises(ValueError, match="declared twice"):
        registry.add(OpDef("t.a", "y"))
    assert len(OPS) == len({op.name for op in OPS})
    assert all(op.summary and op.source for op in OPS)
    assert [g.count for g in registry.get("t.a").operands] == [Count.SINGLE, Count.VARIADIC]
