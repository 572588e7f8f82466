"""The builtin shaped and complex types as MLIR's type parser refuses them as it builds them
(TypeParser.cpp, BuiltinTypes.cpp; each case checked against mlir-opt 22): the element type,
the sizes, a memref's layout and memory space, in MLIR's words, at the token MLIR points at."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import mlir_messages as M


def _found(text: str) -> list[tuple[str, str, str]]:
    """(code, message, the text it covers) of each syntax diagnostic."""
    analysis = DocumentAnalysis("file:///t.mlir", text)
    data = text.encode()
    return [(d.code, d.message, data[d.span.start:d.span.end].decode())
            for d in analysis.diagnostics() if d.source.value == "syntax"]


def _argument(t: str) -> str:
    return f"func.func private @f({t})\n"


@pytest.mark.parametrize(("t", "message", "at"), [
    ("tensor<tensor<i8>>", M.TENSOR_ELEMENT, "tensor<i8>"),
    ("tensor<4xmemref<2xf32>>", M.TENSOR_ELEMENT, "memref<2xf32>"),
    ("tensor<4xnone>", M.TENSOR_ELEMENT, "none"),
    ("memref<?xtensor<i8>>", M.MEMREF_ELEMENT, "tensor<i8>"),
    ("memref<*xtensor<i8>>", M.MEMREF_ELEMENT, "tensor<i8>"),
    ("memref<4xtuple<i32>>", M.MEMREF_ELEMENT, "tuple<i32>"),
    ("vector<1 x vector<1xi32>>", M.VECTOR_ELEMENT_INTERFACE, "vector<1 x vector<1xi32>>"),
    ("vector<4xcomplex<f32>>", M.VECTOR_ELEMENT_INTERFACE, "vector<4xcomplex<f32>>"),
    ("vector<0xi32>", M.VECTOR_SIZES.format("0"), "vector<0xi32>"),
    ("vector<1x0xi32>", M.VECTOR_SIZES.format("1, 0"), "vector<1x0xi32>"),
    ("complex<memref<2x4xi8>>", M.COMPLEX_ELEMENT, "memref<2x4xi8>"),
    ("complex<index>", M.COMPLEX_ELEMENT, "index"),
    ("tensor<9223372036854775808xf32>", M.DIMENSION_INVALID, "9223372036854775808x"),
    ("memref<?x?xf32, strided<[1]>>", M.MEMREF_STRIDES_RANK, "memref<?x?xf32, strided<[1]>>"),
    ("memref<42xi8, affine_map<(d0, d1) -> (d0, d1)>>", M.MEMREF_LAYOUT_RANK.format(1, 2),
     "memref<42xi8, affine_map<(d0, d1) -> (d0, d1)>>"),
    ("memref<2x4xi8, 1, 2>", M.MEMREF_MEMORY_SPACES, ">"),
    ("memref<2x4xi8, 1, #gpu.address_space<workgroup>>", M.MEMREF_MEMORY_SPACES, ">"),
    ("memref<2x4xi8, 1, affine_map<(d0, d1) -> (d0, d1)>>", M.MEMREF_MEMORY_SPACE_LAST, ">"),
    ("memref<?x?xf32, strided<[], >>", M.STRIDED_OFFSET, ">"),
    ("memref<?x?xf32, strided<[], offset>>", M.STRIDED_OFFSET_COLON, ">"),
    ("memref<?x?xf32, strided<[], offset: >>", M.STRIDED_OFFSET_VALUE, ">"),
])
def test_a_builtin_type_mlir_refuses(t, message, at):
    strided = (M.STRIDED_OFFSET, M.STRIDED_OFFSET_COLON, M.STRIDED_OFFSET_VALUE)
    code = "syntax.strided" if message in strided else "syntax.builtin-type"
    assert _found(_argument(t)) == [(code, message, at)]


@pytest.mark.parametrize("t", [
    "tensor<4xcomplex<f32>>", "tensor<4xvector<4xf32>>", "tensor<4x!cute.int_tuple<\"1\">>", "tensor<*xf32>",
    "memref<4xcomplex<f32>>", "memref<4xvector<4xf32>>", "memref<4xmemref<2xf32>>", "memref<f32>",
    "memref<10x?xf32, strided<[?, 1], offset: ?>>", "memref<4xf32, strided<[1], offset: 8>, 3>",
    "memref<2x4xi8, affine_map<(d0, d1) -> (d0, d1)>, 1>", "memref<2x4xi8, #map, 1>",
    "memref<4xf32, #gpu.address_space<workgroup>>", "memref<*xf32, 3>",
    "vector<4xindex>", "vector<[4]xf32>", "vector<2x[4]xi8>", "vector<f32>", "complex<i32>", "complex<f64>",
])
def test_builtin_types_mlir_takes(t):
    assert _found(_argument(t)) == []


@pytest.mark.parametrize(("t", "message", "at"), [
    ("vector<-1xi32>", M.EXPECTED_TYPE, "<"),
    ("tensor<1x-1xi32>", M.EXPECTED_TYPE, "<1x-1xi32>"),
    ("complex memref<2x4xi8>>", M.BRACKETED_TYPE_OPEN.format("complex"), "complex"),
    ("complex<i32", M.BRACKETED_TYPE_CLOSE.format("complex"), ""),
    ("tuple i32>", M.BRACKETED_TYPE_OPEN.format("tuple"), "tuple"),
    ("tuple<i32", M.BRACKETED_TYPE_CLOSE.format("tuple"), ""),
    ("memref<2x4xi8, >", M.EXPECTED_LIST_ELEMENT, ","),
    ("memref<2x4xi8, i8>", M.MEMORY_SPACE_UNSUPPORTED, ", i8"),
])
def test_a_builtin_type_mlir_cannot_read(t, message, at):
    # TypeParser.cpp's words for a type it stops reading (checked against mlir-opt 22): the
    # first diagnostic of the signature, where the grammar's recovery puts it.
    assert _found(_argument(t))[0][1:] == (message, at)
