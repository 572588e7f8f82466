"""memref.dma_start / dma_wait, memref.reinterpret_cast, memref.subview's offset / size / stride
lists and memref.global (dialects/memref_checks.py), in mlir-opt 22's words for the same input."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from tests.mlir_oracle import assert_mlir_opt_agrees, needs_mlir_opt

PRELUDE = ("func.func @f(%z: memref<f32>, %m: memref<4x4xf32>, %d: memref<8xf32, 1>, %t: memref<1xi32, 2>, %i: index, %s: f32, "
           "%u: memref<*xf32>, %v: memref<?xf32>, %sh: memref<1xi32>, %dsh: memref<?xi32>, %b: memref<64xi8>, %dm: memref<?x?xf32>) {\n  ")

CASES = [
    ('"memref.dma_start"(%m, %i, %i, %i) : (memref<4x4xf32>, index, index, index) -> ()',
     "'memref.dma_start' op expected at least 6 operands"),
    ('"memref.dma_start"(%s, %i, %i, %i) : (f32, index, index, index) -> ()',
     "'memref.dma_start' op expected source to be of memref type"),
    ('"memref.dma_start"(%m, %i, %s, %d, %i, %i, %t, %i) : (memref<4x4xf32>, index, f32, memref<8xf32, 1>, index, '
     'index, memref<1xi32, 2>, index) -> ()', "'memref.dma_start' op expected source indices to be of index type"),
    ("memref.dma_start %m[%i, %i], %d[%i], %i, %s[%i] : memref<4x4xf32>, memref<8xf32, 1>, f32",
     "'memref.dma_start' op expected tag to be of memref type"),
    ('"memref.dma_start"(%m, %i, %i, %d, %i, %i, %t, %i, %i) : (memref<4x4xf32>, index, index, memref<8xf32, 1>, index, '
     'index, memref<1xi32, 2>, index, index) -> ()', "'memref.dma_start' op incorrect number of operands"),
    ('"memref.dma_wait"(%t, %i, %i, %i) : (memref<1xi32, 2>, index, index, index) -> ()',
     "'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 1, "
     "but got 2"),
    ("%0 = memref.reinterpret_cast %v to offset: [1], sizes: [8], strides: [1] : memref<?xf32> to "
     "memref<8xf32, strided<[1], offset: 2>>", "expected result type with offset = 1 instead of 2"),
    ("%0 = memref.reinterpret_cast %v to offset: [0], sizes: [8], strides: [1] : memref<?xf32> to memref<4xf32>",
     "expected result type with size = 8 instead of 4 in dim = 0"),
    ("%0 = memref.reinterpret_cast %v to offset: [0], sizes: [2, 4], strides: [8, 1] : memref<?xf32> to memref<2x4xf32>",
     "expected result type with stride = 8 instead of 4 in dim = 0"),
    ("%0 = memref.reinterpret_cast %u to offset: [0], sizes: [8], strides: [1] : memref<*xf32> to memref<8xi32>",
     "different element types specified for source type 'memref<*xf32>' and result memref type 'memref<8xi32>'"),
    ("%0 = memref.reinterpret_cast %v to offset: [0, 0], sizes: [8], strides: [1] : memref<?xf32> to memref<8xf32>",
     "expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed."),
    # memref.cast: its interface's compatibility is verified before the shape trait, and two
    # layouts are compared by their strides and offsets.
    ("%0 = memref.cast %m : memref<4x4xf32> to memref<4x5xf32>",
     "'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x5xf32>' are cast incompatible"),
    ("%0 = memref.cast %m : memref<4x4xf32> to memref<4x4xf32, strided<[4, 1], offset: 2>>",
     "'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x4xf32, strided<[4, 1], offset: 2>>' "
     "are cast incompatible"),
    ("%0 = memref.subview %m[0, 0][2, 2][1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1]>>",
     "expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed."),
    ("%0 = memref.subview %m[0][2][1] : memref<4x4xf32> to memref<2xf32, strided<[4]>>", "expected 2 offset values, got 1"),
    ("%0 = memref.subview %m[0, -1][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>",
     "expected offsets to be non-negative, but got -1"),
    # SubViewOp::verify: the result against the type it infers, the slice within the source
    ('%0 = memref.subview %m[0, 0][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xi32, strided<[4, 1]>>',
     "expected result element type to be 'f32', but got 'memref<2x2xi32, strided<[4, 1]>>'"),
    ('%0 = memref.subview %m[0, 0][2, 2][1, 1] : memref<4x4xf32> to memref<2x2x2xf32>',
     "expected result rank to be smaller or equal to the source rank, but got 'memref<2x2x2xf32>'"),
    ('%0 = memref.subview %m[0, 1][2, 2][1, 1] : memref<4x4xf32> to memref<4xf32>',
     "expected result type to be 'memref<2x2xf32, strided<[4, 1], offset: 1>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<4xf32>'"),
    ('%0 = memref.subview %m[1, 1][2, 2][1, 2] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>',
     "expected result type to be 'memref<2x2xf32, strided<[4, 2], offset: 5>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32, strided<[4, 1], offset: 5>>'"),
    ('%0 = memref.subview %m[%i, 1][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>',
     "expected result type to be 'memref<2x2xf32, strided<[4, 1], offset: ?>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32, strided<[4, 1], offset: 5>>'"),
    ('%0 = memref.subview %m[0, 4][2, 1][1, 1] : memref<4x4xf32> to memref<2xf32, strided<[4], offset: 4>>',
     'offset 1 is out-of-bounds: 4 >= 4'),
    ('%0 = memref.subview %m[0, 2][2, 2][1, 2] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 2], offset: 2>>',
     'slice along dimension 1 runs out-of-bounds: 4 >= 4'),
    # ReallocOp, ViewOp, GenericAtomicRMWOp, AtomicYieldOp, DistinctObjectsOp, TransposeOp::verify
    ('%0 = memref.realloc %v : memref<?xf32> to memref<?xf32>',
     "missing dimension operand for result type 'memref<?xf32>'"),
    ('%0 = memref.realloc %v(%i) : memref<?xf32> to memref<4xf32>',
     "unnecessary dimension operand for result type 'memref<4xf32>'"),
    ('%0 = memref.realloc %v : memref<?xf32> to memref<4xi32>',
     "different element types specified for source memref type 'memref<?xf32>' and result memref type 'memref<4xi32>'"),
    ('%0 = memref.realloc %v : memref<?xf32> to memref<4xf32, strided<[2]>>',
     "unsupported layout for result memref type 'memref<4xf32, strided<[2]>>'"),
    ('%0 = memref.view %b[%i][] : memref<64xi8> to memref<4x4xf32, strided<[8, 1]>>',
     "unsupported map for result memref type 'memref<4x4xf32, strided<[8, 1]>>'"),
    ('%0 = memref.generic_atomic_rmw %v[%i] : memref<?xf32> {\n  ^bb0(%a: f32, %a2: f32):\n    memref.atomic_yield %a : f32\n  }',
     "'memref.generic_atomic_rmw' op expected single number of entry block arguments"),
    ('%0 = memref.generic_atomic_rmw %v[%i] : memref<?xf32> {\n  ^bb0(%a: i32):\n    %c = arith.constant 1.0 : f32\n    memref.atomic_yield %c : f32\n  }',
     "'memref.generic_atomic_rmw' op expected block argument of the same type result type"),
    ('%0 = memref.generic_atomic_rmw %v[%i] : memref<?xf32> {\n  ^bb0(%a: f32):\n    %x = memref.alloc() : memref<4xf32>\n    memref.atomic_yield %a : f32\n  }',
     "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects"),
    ('%0 = memref.generic_atomic_rmw %v[%i] : memref<?xf32> {\n  ^bb0(%a: f32):\n    %c = arith.constant 1 : i32\n    memref.atomic_yield %c : i32\n  }',
     "'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'"),
    ('%0 = "memref.distinct_objects"(%v) : (memref<?xf32>) -> memref<?xi32>',
     "'memref.distinct_objects' op operand types and result types must match"),
    ('"memref.distinct_objects"() : () -> ()',
     "'memref.distinct_objects' op expected at least one operand"),
    ('%0 = memref.transpose %m (i, j) -> (i, i) : memref<4x4xf32> to memref<4x4xf32>',
     "'memref.transpose' op expected a permutation map"),
    ('%0 = memref.transpose %m (i) -> (i) : memref<4x4xf32> to memref<4x4xf32>',
     "'memref.transpose' op expected a permutation map of same rank as the input"),
    # memref.reshape (ReshapeOp::verify), memref.atomic_rmw (AtomicRMWOp::verify), memref.prefetch's parser
    ("%0 = memref.reshape %u(%sh) : (memref<*xf32>, memref<1xi32>) -> memref<?xi32>",
     "'memref.reshape' op element types of source and destination memref types should be the same"),
    ("%0 = memref.reshape %u(%dsh) : (memref<*xf32>, memref<?xi32>) -> memref<?xf32>",
     "'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type"),
    ("%0 = memref.reshape %u(%sh) : (memref<*xf32>, memref<1xi32>) -> memref<?x?xf32>",
     "'memref.reshape' op length of shape operand differs from the result's memref rank"),
    ("%0 = memref.reshape %m(%sh) : (memref<4x4xf32>, memref<1xi32>) -> memref<16xf32, strided<[2], offset: 0>>",
     "'memref.reshape' op result memref type should have identity affine map"),
    ("%0 = memref.atomic_rmw addf %s, %m[%i] : (f32, memref<4x4xf32>) -> f32",
     "'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank"),
    ("%0 = memref.atomic_rmw addi %s, %m[%i, %i] : (f32, memref<4x4xf32>) -> f32",
     "'memref.atomic_rmw' op with kind 'addi' expects an integer type"),
    ("memref.prefetch %m[%i, %i], rw, locality<0>, data : memref<4x4xf32>",
     "custom op 'memref.prefetch' rw specifier has to be 'read' or 'write'"),
    ("memref.prefetch %m[%i, %i], read, locality<0>, false : memref<4x4xf32>",
     "custom op 'memref.prefetch' cache type has to be 'data' or 'instr'"),
    # an integer the format places, typed by its constraint (I32Attr), against the constraint
    ("%0 = memref.assume_alignment %m, 0 : memref<4x4xf32>",
     "'memref.assume_alignment' op attribute 'alignment' failed to satisfy constraint: 32-bit signless integer "
     "attribute whose value is positive"),
    # verifyOffsetSizeAndStrideOp: one operand per dynamic entry of each static list
    ('%0 = "memref.subview"(%v) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = '
     'array<i64: -9223372036854775808>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : '
     '(memref<?xf32>) -> memref<1xf32, strided<[1], offset: ?>>',
     "expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)"),
    ('%0 = "memref.subview"(%v, %i) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = '
     'array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : '
     '(memref<?xf32>, index) -> memref<4xf32, strided<[1]>>',
     "expected the number of 'sizes' to match the number of dynamic entries in 'static_sizes' (1 vs 0)"),
    # AnyNon0RankedOrUnrankedMemRef: a rank the shaped type has, at least 1
    ("%0 = memref.dim %z, %i : memref<f32>",
     "'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type "
     "values, but got 'memref<f32>'"),
]

GLOBALS = [
    ("memref.global @g : memref<?xf32>", "custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'"),
    ('memref.global @g : memref<2xf32> = "x"', "custom op 'memref.global' initial value should be a unit or elements attribute"),
    ('"memref.global"() <{initial_value = dense<1.0> : tensor<2xf32>, sym_name = "g", type = memref<2xf16>}> : () -> ()',
     "'memref.global' op initial value element expected to be of type 'f16', but was of type 'f32'"),
    ('"memref.global"() <{initial_value = dense<1.0> : tensor<2x2xf16>, sym_name = "g", type = memref<1x2xf16>}> : () -> ()',
     "'memref.global' op initial value shape expected to be 1, 2 but was 2, 2"),
    # SymbolOpInterface: the visibility a symbol op's format writes as a string
    ('memref.global "priate" constant @g : memref<2xf32> = uninitialized',
     "'memref.global' op visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"priate\""),
    # the attr-dict after the custom directive's initial value, as its parser verifies it
    ('memref.global "private" @g : memref<4xf32> = dense<1.0> { alignment = 63 }',
     "custom op 'memref.global' 'memref.global' op attribute 'alignment' failed to satisfy constraint: 64-bit "
     "signless integer attribute whose value is positive and whose value is a power of two > 0"),
]


def _case(line: str) -> str:
    return PRELUDE + line + "\n  return\n}\n"


def _messages(text: str) -> list[str]:
    return [d.message for d in DocumentAnalysis("file:///m.mlir", text).diagnostics()]


@pytest.mark.parametrize("line,message", CASES, ids=[m[-50:] for _, m in CASES])
def test_each_rule_in_mlirs_words(line, message):
    assert _messages(_case(line)) == [message]


@pytest.mark.parametrize("line,message", GLOBALS, ids=[m[-50:] for _, m in GLOBALS])
def test_globals_in_mlirs_words(line, message):
    assert _messages(line + "\n") == [message]


WELL_FORMED = [
    "memref.dma_start %m[%i, %i], %d[%i], %i, %t[%i] : memref<4x4xf32>, memref<8xf32, 1>, memref<1xi32, 2>",
    "memref.dma_start %m[%i, %i], %d[%i], %i, %t[%i], %i, %i : memref<4x4xf32>, memref<8xf32, 1>, memref<1xi32, 2>",
    "memref.dma_wait %t[%i], %i : memref<1xi32, 2>",
    "%0 = memref.reinterpret_cast %v to offset: [2], sizes: [2, 4], strides: [4, 1] : memref<?xf32> to "
    "memref<2x4xf32, strided<[4, 1], offset: 2>>",
    "%0 = memref.reinterpret_cast %v to offset: [%i], sizes: [%i], strides: [1] : memref<?xf32> to "
    "memref<?xf32, strided<[1], offset: ?>>",
    "%0 = memref.subview %m[1, 1][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>",
    "%0 = memref.subview %m[1, 1][1, 2][1, 1] : memref<4x4xf32> to memref<2xf32, strided<[1], offset: 5>>",
    "%0 = memref.subview %m[%i, 1][2, %i][1, 1] : memref<4x4xf32> to memref<2x?xf32, strided<[4, 1], offset: ?>>",
    # (a static 0 times a dynamic stride is 0: SaturatedInteger)
    "%0 = memref.subview %v[0][4][1] : memref<?xf32> to memref<4xf32, strided<[1]>>",
    "%0 = memref.subview %dm[0, 0][4, 4][1, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1]>>",
    "%0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<4x4xf32> to memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>>",
    "%0 = memref.cast %m : memref<4x4xf32> to memref<4x4xf32, strided<[4, 1]>>",
    "%0 = memref.cast %m : memref<4x4xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>",
    "%0 = memref.reshape %u(%sh) : (memref<*xf32>, memref<1xi32>) -> memref<?xf32>",
    "%0 = memref.reshape %m(%sh) : (memref<4x4xf32>, memref<1xi32>) -> memref<16xf32, strided<[1]>>",
    "%0 = memref.atomic_rmw addf %s, %m[%i, %i] : (f32, memref<4x4xf32>) -> f32",
    "memref.prefetch %m[%i, %i], write, locality<3>, instr : memref<4x4xf32>",
    "%0 = memref.assume_alignment %m, 16 : memref<4x4xf32>",
    "%0 = memref.dim %u, %i : memref<*xf32>",
    "%0 = memref.realloc %v(%i) : memref<?xf32> to memref<?xf32>",
    "%0 = memref.view %b[%i][%i] : memref<64xi8> to memref<?x4xf32>",
    "%0 = memref.generic_atomic_rmw %v[%i] : memref<?xf32> {\n  ^bb0(%a: f32):\n    %c = arith.addf %a, %a : f32\n"
    "    memref.atomic_yield %c : f32\n  }",
    "%0, %1 = memref.distinct_objects %v, %dsh : memref<?xf32>, memref<?xi32>",
    "%0 = memref.transpose %m (i, j) -> (j, i) : memref<4x4xf32> to memref<4x4xf32, strided<[1, 4]>>",
]


def test_well_formed_ops_are_not_judged():
    text = _case("\n  ".join(line.replace("%0", f"%a{n}").replace("%1", f"%z{n}") for n, line in enumerate(WELL_FORMED)))
    assert _messages(text) == []
    assert _messages('memref.global "private" constant @g : memref<2xf32> = dense<[1.0, 2.0]>\n'
                     "memref.global @h : memref<4xi8> = uninitialized\n"
                     'memref.global "nested" @k : memref<4xf32> = dense<1.0> {alignment = 64}\n') == []


def test_a_subview_layout_through_an_alias():
    # The result's layout map, written through an alias, is what the alias stands for.
    text = "#l = affine_map<(d0, d1) -> (d0 * 4 + d1 + 3)>\n" + _case(
        "%0 = memref.subview %m[%i, 0][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xf32, #l>")
    assert _messages(text) == ["expected result type to be 'memref<2x2xf32, strided<[4, 1], offset: ?>>' or a "
                               "rank-reduced version. (mismatch of result layout), but got "
                               "'memref<2x2xf32, affine_map<(d0, d1) -> (d0 * 4 + d1 + 3)>>'"]


@needs_mlir_opt
def test_mlir_opt_says_the_same():
    assert_mlir_opt_agrees(CASES, wrap=_case)
    assert_mlir_opt_agrees(GLOBALS, wrap=lambda line: line + "\n")
