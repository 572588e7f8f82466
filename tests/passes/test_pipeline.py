"""Pipeline text, options, nesting and the pass manager, on a registry of test passes."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from cute_ir.diagnostics import Span
from cute_ir.ir.core import Block, Operation, Type
from cute_ir.passes.base import (Nested, Pass, PassContext, PassManager, PipelineError, Registry, option,
                                 parse_pipeline, pipeline_text)
from cute_ir.text.location import SourceLoc, derived

REGISTRY = Registry()


@REGISTRY.register
@dataclass(frozen=True)
class Rename(Pass):
    name = "Rename"
    argument = "rename"
    description = "renames every op named `from_` to `to`"
    from_: str = option("test.a", "the op name to rewrite")
    to: str = option("test.b", "the new name")
    times: int = option(1, "how often (to test int options)")
    strict: bool = option(False, "to test bool options")

    def run(self, op, context):
        for inner in op.walk():
            if inner.name == self.from_:
                inner.name = self.to


@REGISTRY.register
@dataclass(frozen=True)
class RejectBad(Pass):
    name = "RejectBad"
    argument = "reject-bad"
    description = "reports every `test.bad` op"
    anchor = "func.func"

    def run(self, op, context):
        for inner in op.walk():
            if inner.name == "test.bad":
                context.report(inner, "lower.test", "bad op")


@REGISTRY.register
@dataclass(frozen=True)
class Crash(Pass):
    name = "Crash"
    argument = "crash"
    description = "raises on a function named by a `crash` attribute"
    anchor = "func.func"

    def run(self, op, context):
        if "crash" in op.attributes:
            raise RuntimeError("boom")
        op.attributes["visited"] = Type("unit")


def test_parse_and_print_a_nested_pipeline_with_options() -> None:
    elements = parse_pipeline('builtin.module(func.func(rename{to=test.c times=0x2 strict=true}, reject-bad), rename)', REGISTRY)
    assert isinstance(elements[0], Nested) and elements[0].anchor == "builtin.module"
    inner = elements[0].elements[0]
    assert isinstance(inner, Nested)
    assert inner.elements[0] == Rename(to="test.c", times=2, strict=True)
    assert pipeline_text(elements) == "builtin.module(func.func(rename{to=test.c times=2 strict=true},reject-bad),rename)"
    assert parse_pipeline('rename{to="a b"}', REGISTRY)[0] == Rename(to="a b")


@pytest.mark.parametrize("text, message", [
    ("nope", "unknown pass `nope` (registered: crash, reject-bad, rename)"),
    ("rename{bogus=1}", "`rename` has no option `bogus`"),
    ("rename{times=x}", "option `times` of `rename` expects int, got `x`"),
    ("func.func(rename", "missing `)`"),
    ("rename)", "unbalanced `)`"),
    ("func.func()", "empty pipeline for `func.func`"),
    ("rename{to=x", "missing `}`"),
    ("", "expected a pass or op name"),
])
def test_bad_pipeline_text_says_what_is_wrong(text, message) -> None:
    with pytest.raises(PipelineError, match=message.replace("(", r"\(").replace(")", r"\)").replace("{", r"\{")):
        parse_pipeline(text, REGISTRY)


def _module(*functions: Operation) -> Operation:
    module = Operation("builtin.module", regions=1)
    body = module.regions[0].append(Block())
    for f in functions:
        body.append(f)
    return module


def _func(*ops: Operation, **attributes) -> Operation:
    func = Operation("func.func", regions=1, attributes={k: Type(v) for k, v in attributes.items()})
    entry = func.regions[0].append(Block())
    for op in ops:
        entry.append(op)
    return func


def test_function_passes_run_per_function_and_report_at_the_source() -> None:
    bad = Operation("test.bad", location=derived("rename", SourceLoc(Span(40, 48))))
    module = _module(_func(Operation("test.a")), _func(bad))
    manager = PassManager(parse_pipeline("builtin.module(func.func(rename,reject-bad))", REGISTRY), print_after=lambda p: True)
    context = PassContext()
    assert manager.run(module, context) is False
    [diagnostic] = context.diagnostics
    assert diagnostic.span == Span(40, 48) and diagnostic.source.value == "lower"
    assert [r.message for r in diagnostic.related] == ["this op was created by the `rename` pass"]
    assert [(s.argument, s.changed) for s in manager.stages] == [
        ("rename", True), ("reject-bad", False), ("rename", False), ("reject-bad", False)]
    assert '"test.b"' in manager.stages[0].text


def test_a_crashing_pass_costs_only_the_function_it_crashed_on() -> None:
    first, second = _func(crash="unit"), _func()
    context = PassContext()
    assert PassManager(parse_pipeline("builtin.module(func.func(crash))", REGISTRY)).run(_module(first, second), context) is False
    assert "visited" in second.attributes and "visited" not in first.attributes
    assert context.diagnostics[0].message == "internal error in pass `crash` on this op: RuntimeError: boom"


def test_a_pass_on_the_wrong_anchor_is_reported_not_run() -> None:
    context = PassContext()
    PassManager(parse_pipeline("reject-bad", REGISTRY)).run(_module(), context)
    assert context.diagnostics[0].message == "pass `reject-bad` runs on `func.func`, not on `builtin.module`"
