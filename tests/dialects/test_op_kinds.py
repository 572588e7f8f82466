"""The op kinds other stages ask dialects/ about, each answered from the records (their ODS
traits and interfaces, or the project's own kinds on the CuTe DSL's name-only records): which
ops are kernels, apply an atom, need the device, return to an op, run their region once, are
containers of units, define a symbol of their own unit, are the builtin module, are integer
arithmetic."""
from __future__ import annotations

from cute_ir.dialects.cute_nvgpu.ops import APPLYING_OPS
from cute_ir.dialects.ods import Trait
from cute_ir.dialects.registry import (CONTAINER_OPS, OPS, SYMBOL_DEFINERS, applies_atom, has_trait, is_builtin_module,
                                       is_function, is_integer_arithmetic, returns_to, runs_region_once)


def named(question) -> set[str]:
    return {op.name for op in OPS if question(op.name)}


def test_kernels_are_the_dsls_kernel_op():
    assert named(lambda n: has_trait(n, Trait.KERNEL)) == {"cuda.kernel"}
    assert all(is_function(n) for n in named(lambda n: has_trait(n, Trait.KERNEL)))


def test_functions_include_the_dsls_kernel_and_mlirs_functions():
    assert {"cuda.kernel", "func.func", "gpu.func", "llvm.func"} <= named(is_function)
    # `cute.kernel` is an attribute the DSL writes on its kernels, not an op.
    assert not is_function("cute.kernel")


def test_applying_ops_are_cute_nvgpus_and_the_dsls_copy_and_gemm():
    assert named(applies_atom) == set(APPLYING_OPS) | {"cute.copy", "cute.gemm"}
    assert named(lambda n: has_trait(n, Trait.APPLIES_ATOM)) == {"cute.copy", "cute.gemm"}


def test_device_only_ops_by_name_and_by_family():
    device = named(lambda n: has_trait(n, Trait.DEVICE_ONLY))
    assert {"cute.copy", "cute.gemm", "cute.print", "cute.mma.make_fragment", "cute.memref.load"} <= device
    assert all(n.startswith(("cute.memref.", "cute.arch.")) for n in device
               - {"cute.copy", "cute.gemm", "cute.print", "cute.mma.make_fragment"})
    # A name of a family the vocabulary lacks has no record, and still its family's kind.
    assert has_trait("cute.arch.not_printed_yet", Trait.DEVICE_ONLY)
    assert not has_trait("cute.make_coord", Trait.DEVICE_ONLY)
    assert not has_trait("arith.addi", Trait.DEVICE_ONLY)


def test_returns_to_reads_return_like_and_the_parents():
    to_functions_or_loops = named(lambda n: returns_to(n, lambda p: is_function(p) or p == "scf.for"))
    assert to_functions_or_loops == {"func.return", "scf.yield"}
    assert returns_to("return", is_function)         # MLIR's short spelling of func.return
    assert not returns_to("llvm.return", is_function)  # its record names no parent


def test_ops_that_run_their_region_once():
    assert {n for n in named(runs_region_once) if n.startswith("scf.")} == {"scf.execute_region"}
    assert not runs_region_once("scf.for") and not runs_region_once("scf.if")


def test_containers_are_the_module_like_ops_with_their_short_spelling():
    assert CONTAINER_OPS == {"module", "builtin.module", "gpu.module"}
    # A symbol table without a terminator whose region is not isolated keeps its statements.
    assert has_trait("llvm.comdat", Trait.SYMBOL_TABLE) and "llvm.comdat" not in CONTAINER_OPS


def test_symbol_definers_are_the_symbols_that_are_no_symbol_table():
    assert SYMBOL_DEFINERS == {
        "func.func", "gpu.func", "llvm.func", "cuda.kernel",
        "memref.global", "llvm.mlir.global", "llvm.mlir.alias", "llvm.mlir.ifunc", "gpu.binary",
        "llvm.comdat_selector"}
    assert {n for n in SYMBOL_DEFINERS if is_function(n)} == {"func.func", "gpu.func", "llvm.func", "cuda.kernel"}
    assert not SYMBOL_DEFINERS & CONTAINER_OPS


def test_the_builtin_module_in_both_spellings():
    assert is_builtin_module("builtin.module") and is_builtin_module("module")
    assert not is_builtin_module("gpu.module") and not is_builtin_module("any") and not is_builtin_module("spirv.module")


def test_gpu_return_is_no_return_like_as_upstream_defines_it():
    # GPUOps.td gives gpu.return HasParent<"GPUFuncOp">, Pure and Terminator, not ReturnLike.
    assert not has_trait("gpu.return", Trait.RETURN_LIKE) and has_trait("gpu.return", Trait.TERMINATOR)
    assert not returns_to("gpu.return", is_function)


def test_integer_arithmetic_is_pure_integers_in_and_out_or_a_constant():
    # NoMemoryEffect, no region, integer or index operands and results; constants (ConstantLike).
    assert {"arith.addi", "arith.subi", "arith.muli", "arith.divui", "arith.remui", "arith.divsi", "arith.remsi",
            "arith.index_cast", "arith.index_castui", "arith.constant", "index.mul", "llvm.add"} <= named(is_integer_arithmetic)
    # Floats, a comparison's i1, memory, the running thread, regions, a select of any type: not.
    for name in ("arith.addf", "arith.cmpi", "arith.bitcast", "arith.select", "memref.load", "gpu.thread_id",
                 "scf.for", "nv_tileas.tiled_load", "cute_nvgpu.mma"):
        assert not is_integer_arithmetic(name), name
