"""The op kinds other stages ask dialects/ about, each answered from the records (their ODS
traits and interfaces, or the project's own kinds on the CuTe DSL's name-only records): which
ops are kernels, apply an atom, need the device, return to an op, run their region once."""
from __future__ import annotations

from cute_ir.dialects.cute_nvgpu.ops import APPLYING_OPS
from cute_ir.dialects.ods import Trait
from cute_ir.dialects.registry import OPS, applies_atom, has_trait, is_function, returns_to, runs_region_once


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
