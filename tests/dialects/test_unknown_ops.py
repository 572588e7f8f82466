"""Unknown ops: of a dialect whose ops are all known (MLIR's, from its ODS; cute_nvgpu) an
error in MLIR's wording with a note naming the nearest op; of the CuTe DSL's dialects, known by
the names its dumps print (dialects/cute_dsl_ops.json), a warning naming the nearest; of a
dialect cute-ir has no records for, nothing unless --no-allow-unregistered-dialect."""
from __future__ import annotations

import json
from pathlib import Path

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.dialects.cute_dsl import DSL_OP_NAMES
from cute_ir.dialects.registry import record

REPO = Path(__file__).resolve().parents[2]
TEXT = """func.func @f(%a: i32) {
  %0 = arith.adi %a, %a : i32
  "arith.mulli"(%a, %a) : (i32, i32) -> i32
  %c = cute.mkae_coord() : () -> !cute.coord<"0">
  foo.bar
  "foo.baz"() : () -> ()
  return
}
"""


def found(text: str, **settings) -> list[tuple[str, str, str, list[str]]]:
    analysis = DocumentAnalysis("file:///u.mlir", text, settings=Settings(**settings))
    data = text.encode()
    return [(d.severity.label, data[d.span.start:d.span.end].decode(), d.message, [r.message for r in d.related])
            for d in analysis.diagnostics()]


def test_unknown_ops_by_dialect():
    assert found(TEXT) == [
        ("error", "arith.adi", "custom op 'arith.adi' is unknown", ["did you mean 'arith.addi'?"]),
        ("error", '"arith.mulli"', "unregistered operation 'arith.mulli' found in dialect ('arith') that does not "
                                   "allow unknown operations", ["did you mean 'arith.muli'?"]),
        ("warning", "cute.mkae_coord", "'cute.mkae_coord' is not an op of the CuTe DSL's 'cute' dialect that "
                                       "cute-ir knows; did you mean 'cute.make_coord'?", []),
    ]


def test_unregistered_dialects_as_mlir_opt_without_its_flag():
    got = found(TEXT, allow_unregistered_dialect=False)
    assert [(span, message) for _, span, message, _ in got if "foo" in span] == [
        ("foo.bar", "Dialect `foo' not found for custom op 'foo.bar' "),
        ('"foo.baz"', "operation being parsed with an unregistered dialect. If this is intended, please use "
                      "-allow-unregistered-dialect with the MLIR tool used"),
    ]


def test_every_op_the_dsl_prints_is_known():
    """The vocabulary is the corpus's: every cute / cuda / cute_nvgpu name of every dump has a
    record, and the harvest stopped growing over the last kernels added."""
    data = json.loads((REPO / "server/cute_ir/dialects/cute_dsl_ops.json").read_text())
    assert data["kernels"] == len(json.loads((REPO / "tests/corpus/cutedsl/manifest.json").read_text())["kernels"])
    assert all(record(name) is not None for name in DSL_OP_NAMES)
    counts = [count for _, count in data["growth"]]
    assert counts[-1] == counts[-3] == len(DSL_OP_NAMES)


def test_the_vocabulary_is_the_harvest_of_the_corpus():
    import importlib.util
    spec = importlib.util.spec_from_file_location("op_names", REPO / "tools/corpus/op_names.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.harvest() == json.loads((REPO / "server/cute_ir/dialects/cute_dsl_ops.json").read_text())
