"""The tensor dialect's ops (records from MLIR 22's TensorOps.td) read and checked in their
custom forms as the other upstream dialects' are: each case's errors are mlir-opt 22's first
error, line, column and words (the oracle runs each case when it is here), and the dialect's
forms as MLIR's own tests write them get none."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.mlir_oracle import errors_at, first_mlir_error, mlir_opt, needs_mlir_opt

VALID = Path(__file__).resolve().parents[1] / "corpus" / "upstream" / "tensor_ops.mlir"
_HEAD = ("func.func @f(%t: tensor<4x8xf32>, %u: tensor<*xf32>, %m: memref<4xf32>, %i: index, %e: f32,"
         " %a: i32, %s: tensor<2xindex>) {\n")


CASES = [
    # what the ops' formats read: literals, operand and index lists, the position lists
    ("%0 = tensor.extract %t[%i %i] : tensor<4x8xf32>", 28, "expected ']'"),
    ("%0 = tensor.extract %t[%i,, %i] : tensor<4x8xf32>", 29, "expected SSA operand"),
    ("%0 = tensor.extract %t[%i, %i]  tensor<4x8xf32>", 33, "expected ':'"),
    ("%0 = tensor.extract %t[%i, %i] :: tensor<4x8xf32>", 35, "expected non-function type"),
    ("%0 = tensor.insert %e %e into %t[%i, %i] : tensor<4x8xf32>", 25, "custom op 'tensor.insert' expected 'into'"),
    ("%0 = tensor.insert %e into [%i, %i] : tensor<4x8xf32>", 29, "expected SSA operand"),
    ("%0 = tensor.dim %t %i : tensor<4x8xf32>", 21, "expected ','"),
    ("%0 = tensor.dim , %i : tensor<4x8xf32>", 18, "expected SSA operand"),
    ("%0 = tensor.extract_slice %t %t[0, 0] [2, 2] [1, 1] : tensor<4x8xf32> to tensor<2x2xf32>", 31,
     "expected '[' in dynamic index list"),
    ("%0 = tensor.extract_slice %t[0 0] [2, 2] [1, 1] : tensor<4x8xf32> to tensor<2x2xf32>", 33,
     "expected ']' in dynamic index list"),
    ("%0 = tensor.extract_slice %t[0, 0] [2,, 2] [1, 1] : tensor<4x8xf32> to tensor<2x2xf32>", 41,
     "custom op 'tensor.extract_slice' expected integer value"),
    ("%0 = tensor.extract_slice [0, 0] [2, 2] [1, 1] : tensor<4x8xf32> to tensor<2x2xf32>", 28, "expected SSA operand"),
    ("%0 = tensor.extract_slice %t[0, 0] [2, 2] [, 1] : tensor<4x8xf32> to tensor<2x2xf32>", 46,
     "custom op 'tensor.extract_slice' expected integer value"),
    # the types the formats resolve their operands with
    ("%0 = tensor.insert %a into %t[%i, %i] : tensor<4x8xf32>", 22,
     "use of value '%a' expects different type than prior uses: 'f32' vs 'i32'"),
    ("%0 = tensor.extract %i[%i, %i] : tensor<4x8xf32>", 23,
     "use of value '%i' expects different type than prior uses: 'tensor<4x8xf32>' vs 'index'"),
    ("%0 = tensor.empty(%a) : tensor<?x8xf32>", 21, "use of value '%a' expects different type than prior uses: 'index' vs 'i32'"),
    ("%0 = tensor.from_elements %e, %a : tensor<2xf32>", 33,
     "use of value '%a' expects different type than prior uses: 'f32' vs 'i32'"),
    # a type of another class where the format parses the constraint's own (`parseType<T>`)
    ("%0 = tensor.cast %m : memref<4xf32> to tensor<4xf32>", 25, "custom op 'tensor.cast' invalid kind of type specified"),
    ("%0 = tensor.rank %m : memref<4xf32>", 25, "custom op 'tensor.rank' invalid kind of type specified"),
    ("%0 = tensor.extract %u[%i] : tensor<*xf32>", 32,
     "custom op 'tensor.extract' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'"),
    # the records' constraints, counts and traits
    ("%0 = tensor.reshape %t(%t) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x4xf32>", 8,
     "'tensor.reshape' op operand #1 must be 1D tensor of signless integer or index values, but got 'tensor<4x8xf32>'"),
    ("%0 = tensor.concat dim(0) %u : (tensor<*xf32>) -> tensor<8x8xf32>", 8,
     "'tensor.concat' op operand #0 must be variadic of ranked tensor of any type values, but got 'tensor<*xf32>'"),
    ('%0 = "tensor.dim"(%t, %i, %i) : (tensor<4x8xf32>, index, index) -> index', 8,
     "'tensor.dim' op expected 2 operands, but found 3"),
    ('%0 = "tensor.extract"(%t, %i, %i) : (tensor<4x8xf32>, index, index) -> i32', 8,
     "'tensor.extract' op failed to verify that result type matches element type of tensor"),
    ("%0:2 = tensor.extract %t[%i, %i] : tensor<4x8xf32>", 3, "operation defines 1 results but was provided 2 to bind"),
    ("tensor.yield %e : f32", 3, "'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'"),
    # the ops' own verifiers (TensorOps.cpp)
    ("%0 = tensor.extract %t[%i] : tensor<4x8xf32>", 8, "'tensor.extract' op incorrect number of indices for extract_element"),
    ("%0 = tensor.insert %e into %t[%i, %i, %i] : tensor<4x8xf32>", 8, "'tensor.insert' op incorrect number of indices"),
    ("%0 = tensor.empty(%i) : tensor<?x?xf32>", 8, "'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 2"),
    ("%0 = tensor.empty() : tensor<4x?xf32>", 8, "'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1"),
    ("%0 = tensor.cast %t : tensor<4x8xf32> to tensor<2x8xf32>", 8,
     "'tensor.cast' op operand type 'tensor<4x8xf32>' and result type 'tensor<2x8xf32>' are cast incompatible"),
    ("%0 = tensor.cast %t : tensor<4x8xf32> to tensor<4x?xi32>", 8,
     "'tensor.cast' op operand type 'tensor<4x8xf32>' and result type 'tensor<4x?xi32>' are cast incompatible"),
    ("%0 = tensor.cast %t : tensor<4x8xf32> to tensor<4x8x1xf32>", 8,
     "'tensor.cast' op operand type 'tensor<4x8xf32>' and result type 'tensor<4x8x1xf32>' are cast incompatible"),
    # the slice ops' (verifyOffsetSizeAndStrideOp, then produceSliceErrorMsg and
    # verifyInBoundsSlice, whose errors are not prefixed)
    ("%0 = tensor.extract_slice %t[0] [4] [1] : tensor<4x8xf32> to tensor<4xf32>", 8, "expected 2 offset values, got 1"),
    ("%0 = tensor.extract_slice %t[0, 0] [2, 8] [1, 1] : tensor<4x8xf32> to tensor<2x4xf32>", 8,
     "expected type to be 'tensor<2x8xf32>' or a rank-reduced version. (size mismatch) "),
    ("%0 = tensor.extract_slice %t[0, 0] [%i, 8] [1, 1] : tensor<4x8xf32> to tensor<2x8xf32>", 8,
     "expected type to be 'tensor<?x8xf32>' or a rank-reduced version. (size mismatch) "),
    ("%0 = tensor.extract_slice %t[0, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x1x8xf32>", 8,
     "expected rank to be smaller or equal to the other rank. "),
    ("%0 = tensor.extract_slice %t[0, 0] [2, 8] [1, 1] : tensor<4x8xf32> to tensor<2x8xi32>", 8,
     "expected element type to be 'f32'"),
    ("%0 = tensor.extract_slice %t[0, 0] [2, 8] [100, 1] : tensor<4x8xf32> to tensor<2x8xf32>", 8,
     "slice along dimension 0 runs out-of-bounds: 100 >= 4"),
    ("%0 = tensor.extract_slice %t[0, 8] [2, 1] [1, 1] : tensor<4x8xf32> to tensor<2x1xf32>", 8,
     "offset 1 is out-of-bounds: 8 >= 8"),
    ("%0 = tensor.insert_slice %t into %t[0, 0] [4, 4] [1, 1] : tensor<4x8xf32> into tensor<4x8xf32>", 8,
     "expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch) "),
    ("%0 = tensor.insert_slice %t into %t[1, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x8xf32>", 8,
     "slice along dimension 0 runs out-of-bounds: 4 >= 4"),
    # tensor.reshape, expand_shape and collapse_shape
    ("%0 = tensor.reshape %t(%s) : (tensor<4x8xf32>, tensor<2xindex>) -> tensor<2x15xf32>", 8,
     "'tensor.reshape' op source and destination tensor should have the same number of elements"),
    ("%0 = tensor.reshape %t(%s) : (tensor<4x8xf32>, tensor<2xindex>) -> tensor<2x4x4xf32>", 8,
     "'tensor.reshape' op length of shape operand differs from the result's tensor rank"),
    ("%0 = tensor.reshape %t(%s) : (tensor<4x8xf32>, tensor<2xindex>) -> tensor<4x8xi32>", 8,
     "'tensor.reshape' op element types of source and destination tensor types should be the same"),
    ("%0 = tensor.collapse_shape %t [[1, 0]] : tensor<4x8xf32> into tensor<32xf32>", 8,
     "'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous."),
    ("%0 = tensor.collapse_shape %t [[0]] : tensor<4x8xf32> into tensor<4xf32>", 8,
     "'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  1."),
    ("%0 = tensor.collapse_shape %t [[0], [1]] : tensor<4x8xf32> into tensor<32xf32>", 8,
     "'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2)."),
    ("%0 = tensor.collapse_shape %t [[0, 1]] : tensor<4x8xf32> into tensor<30xf32>", 8,
     "'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 32"),
    ("%0 = tensor.collapse_shape %t [[0, 1]] : tensor<4x8xf32> into tensor<32xi32>", 8,
     "'tensor.collapse_shape' op expected collapsed type to be 'tensor<32xf32>', but got 'tensor<32xi32>'"),
    ("%0 = tensor.collapse_shape %s [[0]] : tensor<2xindex> into tensor<1x2xindex>", 8,
     "'tensor.collapse_shape' op expected the expanded type, 'tensor<2xindex>' to have a higher (or same) rank than "
     "the collapsed type, 'tensor<1x2xindex>'."),
    ("%0 = tensor.expand_shape %t [[0], [1, 2]] output_shape [4, 2] : tensor<4x8xf32> into tensor<4x2x4xf32>", 8,
     "'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (3) but found 2 "
     "inputs instead"),
    ("%0 = tensor.expand_shape %t [[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x8xf32> into tensor<4x2x3xf32>", 8,
     "'tensor.expand_shape' op expected dimension 1 of collapsed type to be static value of 6"),
]


def _case(op: str) -> str:
    return f"{_HEAD}  {op}\n  return\n}}\n"


@pytest.mark.parametrize(("op", "column", "message"), CASES)
def test_a_tensor_op_is_judged_as_mlir_judges_it(op: str, column: int, message: str) -> None:
    assert errors_at(_case(op))[0] == (2, column, message)


@needs_mlir_opt
def test_mlir_opt_says_the_same_first():
    for op, column, message in CASES:
        assert first_mlir_error(_case(op)) == (2, column, message), op


# Casts the verifier accepts: a dynamic size against a static one, either side unranked.
_COMPATIBLE_CASTS = """func.func @f(%t: tensor<?x8xf32>, %u: tensor<*xf32>) {
  %0 = tensor.cast %t : tensor<?x8xf32> to tensor<4x?xf32>
  %1 = tensor.cast %t : tensor<?x8xf32> to tensor<*xf32>
  %2 = tensor.cast %u : tensor<*xf32> to tensor<*xf32>
  %3 = tensor.cast %u : tensor<*xf32> to tensor<2x2xf32>
  return
}
"""


def test_compatible_casts_get_no_error():
    assert errors_at(_COMPATIBLE_CASTS) == []


@needs_mlir_opt
def test_mlir_opt_accepts_the_compatible_casts():
    assert mlir_opt(_COMPATIBLE_CASTS).returncode == 0


def test_the_dialects_forms_as_mlir_writes_them_get_no_error():
    text = VALID.read_text()
    assert "tensor.parallel_insert_slice" in text and "tensor.scatter" in text
    assert errors_at(text) == []


@needs_mlir_opt
def test_mlir_opt_accepts_them():
    for part in VALID.read_text().split("// -----\n"):
        run = mlir_opt(part)
        assert run.returncode == 0, (part, run.stderr)
