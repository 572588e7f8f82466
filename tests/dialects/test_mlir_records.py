"""Upstream MLIR's op records, generated from its ODS (dialects/mlir_ods.json by
tools/ods_records.py): what they hold, that they are the generator's output for the release
they name, and the constraint predicates read from them (dialects/constraints.py)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cute_ir.dialects import mlir_ods
from cute_ir.dialects.constraints import facts, satisfies
from cute_ir.dialects.ods import Count, Trait
from cute_ir.dialects.registry import OPS, record, unknown_op

REPO = Path(__file__).resolve().parents[2]
PEER = Path("/tmp/mlirpeer")


def test_the_records_name_their_release_and_cover_the_dialects_real_files_use():
    assert mlir_ods.RELEASE == "MLIR 22"
    assert {"builtin", "func", "arith", "math", "scf", "cf", "memref", "vector", "index", "gpu", "llvm",
            "nvvm", "nvgpu", "ub", "affine", "tensor"} <= mlir_ods.DIALECTS
    assert len(mlir_ods.TRAITS) > 700
    assert all(op.summary for op in mlir_ops())


def mlir_ops():
    return [op for op in OPS if op.source == mlir_ods.SOURCE]


def test_a_record_holds_what_ods_says():
    addi = record("arith.addi")
    assert [(g.name, g.constraint, g.count) for g in addi.operands] == [
        ("lhs", "signless-integer-like", Count.SINGLE), ("rhs", "signless-integer-like", Count.SINGLE)]
    assert addi.has(Trait.SAME_OPERANDS_AND_RESULT_TYPE)
    assert record("scf.yield").parents == ("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while")
    assert record("scf.yield").has(Trait.TERMINATOR) and record("scf.yield").has(Trait.RETURN_LIKE)
    assert record("func.func").has(Trait.FUNCTION_LIKE) and record("func.func").has(Trait.ISOLATED_FROM_ABOVE)
    assert record("gpu.module").has(Trait.GRAPH_REGION) and record("gpu.module").has(Trait.SYMBOL_TABLE)
    assert record("cf.cond_br").successors == 2 and record("cf.cond_br").has(Trait.ATTR_SIZED_OPERAND_SEGMENTS)
    assert record("memref.load").format == "$memref `[` $indices `]` attr-dict `:` type($memref)"
    assert record("memref.load").types_match[0].summary == "result type matches element type of 'memref'"
    # A variadic group keeps the words MLIR's verifier uses for it.
    assert record("memref.alloc").operands[0].constraint == "variadic of index"
    # An operand written `Arg<AnyMemRef, "...", [MemRead]>` has the constraint it wraps.
    assert record("memref.load").operands[0].constraint == "memref of any type values"
    assert record("gpu.dynamic_shared_memory").results[0].constraint == "1D memref of 8-bit signless integer values"


@pytest.mark.parametrize("constraint,type_text,verdict", [
    ("SignlessIntegerOrIndexLike", "i32", True), ("SignlessIntegerOrIndexLike", "index", True),
    ("SignlessIntegerOrIndexLike", "vector<4xi8>", True), ("SignlessIntegerOrIndexLike", "tensor<?xindex>", True),
    ("SignlessIntegerOrIndexLike", "f32", False), ("SignlessIntegerOrIndexLike", "si32", False),
    ("SignlessIntegerOrIndexLike", "memref<4xi32>", False), ("SignlessIntegerOrIndexLike", "!alias", None),
    ("BoolLike", "i1", True), ("BoolLike", "vector<2xi1>", True), ("BoolLike", "i8", False),
    ("FloatLike", "bf16", True), ("FloatLike", "vector<[4]xf16>", True), ("FloatLike", "i16", False),
    ("I1", "i1", True), ("I32", "i64", False), ("Index", "index", True), ("Index", "i64", False),
    ("LLVM_Type", "!llvm.ptr<3>", True), ("LLVM_Type", "i32", True), ("LLVM_Type", "index", False),
    ("LLVM_Type", "!cute.ptr<f16, smem>", None), ("AnyType", "i32", True),
])
def test_constraints_decide_from_their_predicates(constraint, type_text, verdict):
    assert satisfies(mlir_ods.CONSTRAINTS[constraint], type_text) is verdict


def test_type_facts():
    t = facts("memref<4x?xf32, 3>")
    assert (t.kind, t.dims, t.element.text, t.address_space) == ("memref", (4, None), "f32", 3)
    assert facts("vector<[4]x8xi1>").scalable and facts("memref<*xf32>").dims is None
    assert facts("!llvm.ptr").address_space == 0 and facts("!memref_alias") is None


def test_unknown_ops_of_known_dialects_name_the_nearest():
    assert unknown_op("arith.adi").nearest == "arith.addi" and unknown_op("arith.adi").certain
    assert unknown_op("scf.yeild").nearest == "scf.yield"
    assert unknown_op("arith.addi") is None and unknown_op("mydialect.op") is None
    dsl = unknown_op("cute.mkae_coord")
    assert (dsl.nearest, dsl.certain) == ("cute.make_coord", False)


@pytest.mark.skipif(not (PEER / "bin" / "llvm-tblgen-22").exists(), reason="MLIR 22's llvm-tblgen is not unpacked here")
def test_the_data_is_the_generators_output():
    """tools/ods_records.py over MLIR 22's ODS files gives exactly the committed data."""
    run = subprocess.run([sys.executable, str(REPO / "tools" / "ods_records.py"), "--tblgen",
                          str(PEER / "bin" / "llvm-tblgen-22"), "--include",
                          str(PEER / "rootx" / "usr" / "lib" / "llvm-22" / "include")],
                         capture_output=True, text=True, check=True)
    assert json.loads(run.stdout) == json.loads((REPO / "server/cute_ir/dialects/mlir_ods.json").read_text())
