"""The vector dialect's own verifiers and custom parsers (dialects/vector_checks.py), in mlir-opt
22's words for the same input: one message per op, the first rule it breaks, where MLIR puts it
(a verifier's at the op, a custom parser's at the token it stopped at)."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from tests.mlir_oracle import assert_mlir_opt_agrees, needs_mlir_opt

PRELUDE = ("func.func @f(%s: f32, %i: index, %v4: vector<4xf32>, %v8: vector<8xf32>, %v48: vector<4x8xf32>, "
           "%v3d: vector<2x4x8xf32>, %vi: vector<4xi32>, %v0: vector<f32>, %sc: vector<[4]xf32>, "
           "%m2: memref<?x?xf32>, %mv: memref<?x?xvector<2xf32>>, %t3: memref<?x?x?xf32>, %k4: vector<4xi1>, %v2: vector<2xf32>, "
           "%t: tensor<?xf32>, %k8: vector<8xi1>, %ms: memref<4x8xf32, strided<[16, 2]>>, "
           "%mc: memref<4x8xf32, strided<[8, 1]>>) {\n  ")

CASES = [
    # vector.mask with its own vector.yield: the masked op's results, in number and as values
    ("%0:2 = vector.mask %k4 { %1 = vector.reduction <add>, %v4 : vector<4xf32> into f32\n"
     "    vector.yield %1, %s : f32, f32 } : vector<4xi1> -> (f32, f32)",
     "'vector.mask' op expects number of results to match maskable operation number of results"),
    ("%0 = vector.mask %k4 { %1 = vector.reduction <add>, %v4 : vector<4xf32> into f32\n"
     "    vector.yield %s : f32 } : vector<4xi1> -> f32",
     "'vector.mask' op expects all the results from the MaskableOpInterface to match all the values returned by "
     "the terminator"),
    # a memref whose last dimension is not contiguous (verifyLoadStoreMemRefLayout), and
    # vector.type_cast's operand layout, canonicalized, against the identity
    ("vector.store %v8, %ms[%i, %i] : memref<4x8xf32, strided<[16, 2]>>, vector<8xf32>",
     "'vector.store' op most minor memref dim must have unit stride"),
    ("%0 = vector.type_cast %ms : memref<4x8xf32, strided<[16, 2]>> to memref<vector<4x8xf32>>",
     "'vector.type_cast' op expects operand to be a memref with identity layout"),
    # vector.from_elements: the generated parser checks the type it derives the elements' from
    ("%0 = vector.from_elements %s, %s : vector<[2]xf32>",
     "custom op 'vector.from_elements' 'dest' must be fixed-length vector of any type values, but got 'vector<[2]xf32>'"),
    # vector.print's PredOpTrait: a string is printed alone, with the default punctuation
    ('vector.print str "Whoops!" punctuation <comma>',
     "'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings"),
    ('vector.print %v4 : vector<4xf32> str "Yay!"',
     "'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings"),
    # vector.reduction's generated parser: its kind's enum format, the colon after the operands
    ("%0 = vector.reduction <joho>, %v4 : vector<4xf32> into f32",
     "custom op 'vector.reduction' expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, "
     "minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf"),
    ("%0 = vector.reduction 1234, %v4 : vector<4xf32> into f32", "expected '<'"),
    ("%0 = vector.reduction <add>, %v4, %s, %s : vector<4xf32> into f32", "expected ':'"),
    # vector.extract / vector.insert (ExtractOp::verify, InsertOp::verify)
    ("%0 = vector.extract %v48[1, 2, 3] : f32 from vector<4x8xf32>",
     "'vector.extract' op expected position attribute of rank no greater than vector rank"),
    ("%0 = vector.extract %v48[1, 8] : f32 from vector<4x8xf32>",
     "'vector.extract' op expected position attribute #2 to be a non-negative integer smaller than the "
     "corresponding vector dimension or poison (-1)"),
    ("%0 = vector.extract %v48[-2] : vector<8xf32> from vector<4x8xf32>",
     "'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the "
     "corresponding vector dimension or poison (-1)"),
    ("%0 = vector.extract %v4[] : vector<f32> from vector<4xf32>",
     "expected a scalar instead of a 0-d vector as the result type"),
    ("%0 = vector.insert %s, %v48[1] : f32 into vector<4x8xf32>",
     "'vector.insert' op expected position attribute rank to match the dest vector rank"),
    ("%0 = vector.insert %v4, %v3d[1] : vector<4xf32> into vector<2x4x8xf32>",
     "'vector.insert' op expected position attribute rank + source rank to match dest vector rank"),
    ("%0 = vector.insert %s, %v48[0, 1, 2] : f32 into vector<4x8xf32>",
     "'vector.insert' op expected position attribute of rank no greater than dest vector rank"),
    ("%0 = vector.insert %s, %v48[4, 0] : f32 into vector<4x8xf32>",
     "'vector.insert' op expected position attribute #1 to be a non-negative integer smaller than the "
     "corresponding dest vector dimension"),
    ("%0 = vector.insert %v0, %v48[0, 0] : vector<f32> into vector<4x8xf32>",
     "expected a scalar instead of a 0-d vector as the source operand"),
    # vector.shuffle (ShuffleOp::verify, with the result its parser infers)
    ("%0 = vector.shuffle %v4, %vi [0, 1] : vector<4xf32>, vector<4xi32>",
     "'vector.shuffle' op failed to verify that second operand v2 and result have same element type"),
    ("%0 = vector.shuffle %v4, %v48 [0, 1] : vector<4xf32>, vector<4x8xf32>", "'vector.shuffle' op rank mismatch"),
    ("%0 = vector.shuffle %v4, %v4 [0, 8] : vector<4xf32>, vector<4xf32>", "'vector.shuffle' op mask index #2 out of range"),
    ("%0 = vector.shuffle %v4, %v4 [] : vector<4xf32>, vector<4xf32>", "'vector.shuffle' op invalid mask length"),
    # vector.outerproduct (OuterProductOp::parse, ::verify)
    ("%0 = vector.outerproduct %v4 : vector<4xf32>, vector<8xf32>",
     "custom op 'vector.outerproduct' expected at least 2 operands"),
    ("%0 = vector.outerproduct %s, %s : f32, f32", "custom op 'vector.outerproduct' expected vector type for operand #1"),
    ("%0 = vector.outerproduct %v48, %v4 : vector<4x8xf32>, vector<4xf32>",
     "'vector.outerproduct' op expected 1-d vector for operand #1"),
    ('%0 = "vector.outerproduct"(%v4, %v8) : (vector<4xf32>, vector<8xf32>) -> vector<4x4xf32>',
     "'vector.outerproduct' op expected #2 operand dim to match result dim #2"),
    ('%0 = "vector.outerproduct"(%v4, %s) : (vector<4xf32>, f32) -> vector<4x8xf32>',
     "'vector.outerproduct' op expected 1-d vector result"),
    ("%0 = vector.outerproduct %v4, %v8 {kind = 1 : i32} : vector<4xf32>, vector<8xf32>",
     "'vector.outerproduct' op expected 'kind' attribute of type CombiningKind (e.g. 'vector.kind<add>')"),
    # strided slices
    ("%0 = vector.insert_strided_slice %v4, %v48 {offsets = [0], strides = [1]} : vector<4xf32> into vector<4x8xf32>",
     "'vector.insert_strided_slice' op expected offsets of same size as destination vector rank"),
    ("%0 = vector.insert_strided_slice %v4, %v48 {offsets = [0, 6], strides = [1]} : vector<4xf32> into vector<4x8xf32>",
     "'vector.insert_strided_slice' op expected sum(offsets, source vector shape) dimension 1 to be confined to [1, 9)"),
    ("%0 = vector.insert_strided_slice %v4, %v48 {offsets = [0, 0], strides = [2]} : vector<4xf32> into vector<4x8xf32>",
     "'vector.insert_strided_slice' op expected strides to be confined to [1, 2)"),
    ("%0 = vector.extract_strided_slice %v48 {offsets = [1], sizes = [4], strides = [1]} : vector<4x8xf32> to vector<4x8xf32>",
     "'vector.extract_strided_slice' op expected sum(offsets, sizes) dimension 0 to be confined to [1, 5)"),
    ("%0 = vector.extract_strided_slice %v48 {offsets = [1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x4xf32>",
     "'vector.extract_strided_slice' op expected result type to be 'vector<2x8xf32>'"),
    ("%0 = vector.extract_strided_slice %v48 {offsets = [1, 1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>",
     "'vector.extract_strided_slice' op expected offsets, sizes and strides attributes of same size"),
    # masks
    ("%0 = vector.constant_mask [5, 1] : vector<4x8xi1>",
     "'vector.constant_mask' op array attr of size out of bounds of vector result dimension size"),
    ("%0 = vector.constant_mask [2, 0] : vector<4x8xi1>",
     "'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim"),
    ("%0 = vector.constant_mask [2] : vector<i1>", "mask dim size must be either 0 or 1 for 0-D vectors"),
    ("%0 = vector.create_mask %i : vector<4x8xi1>",
     "'vector.create_mask' op must specify an operand for each result vector dimension"),
    # casts
    ("%0 = vector.shape_cast %v48 : vector<4x8xf32> to vector<16xf32>",
     "'vector.shape_cast' op has different number of elements at source (32) and result (16)"),
    ("%0 = vector.shape_cast %v48 : vector<4x8xf32> to vector<32xi32>",
     "'vector.shape_cast' op has different source and result element types"),
    ("%0 = vector.bitcast %v48 : vector<4x8xf32> to vector<2x16xf16>", "'vector.bitcast' op dimension size mismatch at: 0"),
    ("%0 = vector.bitcast %v48 : vector<4x8xf32> to vector<4x8xf16>",
     "'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal"),
    # reductions
    ("%0 = vector.reduction <add>, %v48 : vector<4x8xf32> into f32", "'vector.reduction' op unsupported reduction rank: 2"),
    ("%0 = vector.reduction <xor>, %v4 : vector<4xf32> into f32",
     "'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'"),
    ("%0 = vector.multi_reduction <add>, %v48, %v8 [1] : vector<4x8xf32> to vector<8xf32>",
     "'vector.multi_reduction' op destination type 'vector<8xf32>' is incompatible with source type 'vector<4x8xf32>'"),
    ("%0:2 = vector.scan <add>, %v48, %v8 {inclusive = true, reduction_dim = 2} : vector<4x8xf32>, vector<8xf32>",
     "'vector.scan' op reduction dimension 2 has to be less than 2"),
    ("%0:2 = vector.scan <add>, %v48, %v4 {inclusive = true, reduction_dim = 0} : vector<4x8xf32>, vector<4xf32>",
     "'vector.scan' op incompatible input/initial value shapes"),
    # the transfer ops (parse, then verify and verifyTransferOp)
    ("%0 = vector.transfer_read %m2[%i, %i], %s : memref<?x?xf32>",
     "custom op 'vector.transfer_read' requires two types"),
    ("%0 = vector.transfer_read %m2[%i, %i], %s : vector<4xf32>, vector<4xf32>",
     "custom op 'vector.transfer_read' requires memref or ranked tensor type"),
    ("%0 = vector.transfer_read %m2[%i], %s : memref<?x?xf32>, vector<4xf32>", "'vector.transfer_read' op requires 2 indices"),
    ("%0 = vector.transfer_read %m2[%i, %i], %s : memref<?x?xf32>, vector<2x2x4xf32>",
     "custom op 'vector.transfer_read' expected a custom permutation_map when rank(source) != rank(destination)"),
    ("%0 = vector.transfer_read %m2[%i, %i], %s {permutation_map = affine_map<(d0, d1) -> (d0 + d1)>} "
     ": memref<?x?xf32>, vector<4xf32>",
     "'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear "
     "in each result)"),
    ("%0 = vector.transfer_read %t3[%i, %i, %i], %s {permutation_map = affine_map<(d0, d1, d2) -> (d1, d1)>} "
     ": memref<?x?x?xf32>, vector<4x4xf32>",
     "'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)"),
    ("%0 = vector.transfer_read %m2[%i, %i], %s {permutation_map = affine_map<(d0) -> (d0)>} : memref<?x?xf32>, vector<4xf32>",
     "'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the source type"),
    ("%0 = vector.transfer_read %m2[%i, %i], %s {in_bounds = [true, false]} : memref<?x?xf32>, vector<4xf32>",
     "'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: "
     "affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2"),
    ("%0 = vector.transfer_read %mv[%i, %i], %v2 : memref<?x?xvector<2xf32>>, vector<3xf32>",
     "'vector.transfer_read' op requires the bitwidth of the minor 1-D vector to be an integral multiple of the "
     "bitwidth of the minor 1-D vector of the source"),
    ("vector.transfer_write %v4, %m2[%i, %i] {permutation_map = affine_map<(d0, d1) -> (0)>} : vector<4xf32>, memref<?x?xf32>",
     "'vector.transfer_write' op should not have broadcast dimensions"),
    ("vector.transfer_write %v4, %m2[%i, %i] : memref<?x?xf32>, vector<4xf32>",
     "custom op 'vector.transfer_write' requires vector type"),
    # traits whose predicates name the vector ops' own rules
    ('%0, %1 = "vector.deinterleave"(%v4) : (vector<4xf32>) -> (vector<4xf32>, vector<4xf32>)',
     "'vector.deinterleave' op failed to verify that the trailing dimension of the results is half the width of "
     "source trailing dimension"),
    ("%0, %1 = vector.deinterleave %v0 : vector<f32> -> vector<f32>",
     "'vector.deinterleave' op operand #0 must be vector of any type values, but got 'vector<f32>'"),
    # vector.mask (MaskOp::parse, MaskOp::verify on the block its parser completes)
    ("vector.mask %k4 {\n    vector.transfer_write %v4, %t[%i] : vector<4xf32>, tensor<?xf32>\n"
     "    vector.transfer_write %v4, %t[%i] : vector<4xf32>, tensor<?xf32>\n  } : vector<4xi1>",
     "'vector.mask' op expects only one operation to mask"),
    ("%0 = vector.mask %k8 { vector.reduction <add>, %vi : vector<4xi32> into i32 } : vector<8xi1> -> i32",
     "'vector.mask' op expects a 'vector<4xi1>' mask for the maskable operation"),
    ("%0 = vector.mask %k4 { arith.addf %v4, %v4 : vector<4xf32> } : vector<4xi1> -> vector<4xf32>",
     "'vector.mask' op expects a MaskableOpInterface within the mask region"),
    ("%0:2 = vector.mask %k4 { vector.reduction <add>, %vi : vector<4xi32> into i32 } : vector<4xi1> -> (i32, i32)",
     "'vector.mask' op expects number of results to match mask region yielded values"),
    ("vector.mask %k4, %v4 { } : vector<4xi1>", "custom op 'vector.mask' expects a result if passthru operand is provided"),
    ("vector.mask %k4, %v4 { } : vector<4xi1> -> ()",
     "custom op 'vector.mask' expects a result if passthru operand is provided"),
    # vector.contract (ContractionOp::parse, ::verify)
    ('%0 = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} %v48, %v8, %v4 : vector<4x8xf32>, vector<8xf32> into vector<4xf32>',
     "'vector.contract' op expected indexing map 1 to have 1 number of outputs"),
    ('%0 = vector.contract {indexing_maps = [affine_map<(i, k) -> (k, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} %v48, %v8, %v4 : vector<4x8xf32>, vector<8xf32> into vector<4xf32>',
     "'vector.contract' op expected indexing map 0 to be a projected permutation of its inputs"),
    ('%0 = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k)[s0] -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} %v48, %v8, %v4 : vector<4x8xf32>, vector<8xf32> into vector<4xf32>',
     "'vector.contract' op expected indexing map 1 to have no symbols"),
    ('%0 = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i) -> (i)>], iterator_types = ["parallel", "reduction"]} %v48, %v8, %v4 : vector<4x8xf32>, vector<8xf32> into vector<4xf32>',
     "'vector.contract' op expected indexing map 2 to have 2 number of inputs"),
    ('%0 = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>], iterator_types = ["parallel", "reduction"]} %v48, %v8, %v4 : vector<4x8xf32>, vector<8xf32> into vector<4xf32>',
     "'vector.contract' op expected an indexing map for each vector operand"),
    ('%0 = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "parallel"]} %v48, %v8, %v4 : vector<4x8xf32>, vector<8xf32> into vector<4xf32>',
     "'vector.contract' op expected at least one contracting dimension pair"),
    ('%0 = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} %v48, %v4, %v4 : vector<4x8xf32>, vector<4xf32> into vector<4xf32>',
     "'vector.contract' op invalid contracting dimension map"),
    ('%0 = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} %v48, %v8, %v8 : vector<4x8xf32>, vector<8xf32> into vector<8xf32>',
     "'vector.contract' op invalid accumulator/result vector shape, expected: 'vector<4xf32>'"),
    ('%0 = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> (k)>], iterator_types = ["reduction"]} %v4, %v4, %v4 : vector<4xf32>, vector<4xf32> into vector<4xf32>',
     "'vector.contract' op invalid accumulator/result vector shape"),
    ('%0 = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "other"]} %v48, %v8, %v4 : vector<4x8xf32>, vector<8xf32> into vector<4xf32>',
     "custom op 'vector.contract' unexpected iterator_type (other)"),
    ('%0 = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} %v48, %v8, %v4, %k4 : vector<4x8xf32>, vector<8xf32> into vector<4xf32>',
     "custom op 'vector.contract' expected zero or exactly 2 vector mask operands"),
    ('%0 = vector.contract {} %v48, %v8, %v4 : vector<4x8xf32>, vector<8xf32> into vector<4xf32>',
     'custom op \'vector.contract\' expected "iterator_types" array attribute'),
    # from_elements / to_elements: one value per element, of the element type
    # (ShapedTypeMatchesElementCountAndTypes: the generated parser builds the list)
    ("%0 = vector.from_elements %s : vector<2xf32>",
     "custom op 'vector.from_elements' number of operands and types do not match: got 1 operands and 2 types"),
    ("%0:4 = vector.to_elements %v2 : vector<2xf32>", "operation defines 2 results but was provided 4 to bind"),
    # a type the format reads as a class of its own (`parseType<VectorType>`)
    ("%0 = vector.broadcast %s : f32 to f32",
     "custom op 'vector.broadcast' invalid kind of type specified: expected builtin.vector, but found 'f32'"),
]


def _case(line: str) -> str:
    return PRELUDE + line + "\n  return\n}\n"


def _placed(text: str) -> list[tuple[str, str]]:
    data = text.encode()
    return [(d.message, data[d.span.start:d.span.end].decode())
            for d in DocumentAnalysis("file:///v.mlir", text).diagnostics()]


@pytest.mark.parametrize("line,message", CASES, ids=[m[-50:] for _, m in CASES])
def test_each_rule_in_mlirs_words(line, message):
    assert [m for m, _ in _placed(_case(line))] == [message]


def test_where_each_stands():
    # A verifier's message at the op's name; a custom parser's where it stopped: at the name
    # (outerproduct), at the colon before the types (the transfer ops), at the type it could not
    # read as the class its format asks for.
    assert _placed(_case("%0 = vector.extract %v48[1, 8] : f32 from vector<4x8xf32>"))[0][1] == "vector.extract"
    assert _placed(_case("%0 = vector.outerproduct %s, %s : f32, f32"))[0][1] == "vector.outerproduct"
    assert _placed(_case("%0 = vector.transfer_read %m2[%i, %i], %s : memref<?x?xf32>"))[0][1] == ":"
    assert _placed(_case("%0 = vector.broadcast %s : f32 to f32"))[0][1] == "f32"
    # (a wrong token right after the text before it, as emitWrongTokenError backs up over blanks)
    assert _placed(_case("%0 = vector.reduction 1234, %v4 : vector<4xf32> into f32"))[0][1] == ""
    assert _placed(_case("%0 = vector.reduction <joho>, %v4 : vector<4xf32> into f32"))[0][1] == "joho"
    assert _placed(_case("%0 = vector.reduction <add>, %v4, %s, %s : vector<4xf32> into f32"))[0][1] == ","
    text = _case("%0 = vector.extract %s[] : f32 from f32")
    [(message, under)] = _placed(text)
    assert message.endswith("expected builtin.vector, but found 'f32'") and under == "f32"
    assert text.encode().index(b"from f32") + 5 == text.encode().index(b"f32", text.encode().index(b"from"))


WELL_FORMED = [
    "%0 = vector.mask %k4 { %1 = vector.reduction <add>, %v4 : vector<4xf32> into f32\n    vector.yield %1 : f32 } "
    ": vector<4xi1> -> f32",
    "vector.store %v8, %mc[%i, %i] : memref<4x8xf32, strided<[8, 1]>>, vector<8xf32>",
    "vector.store %v0, %ms[%i, %i] : memref<4x8xf32, strided<[16, 2]>>, vector<f32>",
    "%0 = vector.type_cast %mc : memref<4x8xf32, strided<[8, 1]>> to memref<vector<4x8xf32>>",
    'vector.print punctuation <newline> str "ok"',
    "vector.print %v4 : vector<4xf32> punctuation <comma>",
    "%0 = vector.reduction <maximumf>, %v4, %s : vector<4xf32> into f32",
    "%0 = vector.extract %v48[3, 7] : f32 from vector<4x8xf32>",
    "%0 = vector.extract %v48[%i, -1] : f32 from vector<4x8xf32>",
    "%0 = vector.insert %v8, %v48[3] : vector<8xf32> into vector<4x8xf32>",
    "%0 = vector.shuffle %v4, %v4 [0, 7, -1] : vector<4xf32>, vector<4xf32>",
    "%0 = vector.outerproduct %v4, %v8 : vector<4xf32>, vector<8xf32>",
    "%0 = vector.outerproduct %v4, %s, %v4 {kind = #vector.kind<add>} : vector<4xf32>, f32",
    "%0 = vector.insert_strided_slice %v4, %v48 {offsets = [1, 4], strides = [1]} : vector<4xf32> into vector<4x8xf32>",
    "%0 = vector.extract_strided_slice %v48 {offsets = [1], sizes = [3], strides = [1]} : vector<4x8xf32> to vector<3x8xf32>",
    "%0 = vector.constant_mask [2, 8] : vector<4x8xi1>",
    "%0 = vector.constant_mask [0, 0] : vector<4x8xi1>",
    "%0 = vector.create_mask %i, %i : vector<4x8xi1>",
    "%0 = vector.shape_cast %v48 : vector<4x8xf32> to vector<32xf32>",
    "%0 = vector.bitcast %v48 : vector<4x8xf32> to vector<4x16xf16>",
    "%0 = vector.reduction <maxnumf>, %v4 : vector<4xf32> into f32",
    "%0 = vector.multi_reduction <add>, %v48, %v4 [1] : vector<4x8xf32> to vector<4xf32>",
    "%0:2 = vector.scan <mul>, %v48, %v8 {inclusive = true, reduction_dim = 0} : vector<4x8xf32>, vector<8xf32>",
    "%0 = vector.transfer_read %m2[%i, %i], %s : memref<?x?xf32>, vector<4xf32>",
    "%0 = vector.transfer_read %m2[%i, %i], %s {permutation_map = affine_map<(d0, d1) -> (d0, 0)>} : memref<?x?xf32>, vector<4x8xf32>",
    "%0 = vector.transfer_read %m2[%i, %i], %s, %k4 {in_bounds = [true]} : memref<?x?xf32>, vector<4xf32>",
    "%0 = vector.transfer_read %mv[%i, %i], %v2 : memref<?x?xvector<2xf32>>, vector<4xf32>",
    "vector.transfer_write %v48, %m2[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<4x8xf32>, memref<?x?xf32>",
    "%0, %1 = vector.deinterleave %v4 : vector<4xf32> -> vector<2xf32>",
    "%0 = vector.mask %k4 { vector.reduction <add>, %vi : vector<4xi32> into i32 } : vector<4xi1> -> i32",
    "%0 = vector.mask %k4, %v4 { vector.transfer_read %t[%i], %s : tensor<?xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>",
    "vector.mask %k4 { vector.transfer_write %v4, %t[%i] : vector<4xf32>, tensor<?xf32> } : vector<4xi1> -> tensor<?xf32>",
    "vector.mask %k4 { } : vector<4xi1>",
    "%0 = vector.from_elements %s, %s : vector<2xf32>",
    "%0:2 = vector.to_elements %v2 : vector<2xf32>",
    '%0 = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} %v48, %v8, %v4 : vector<4x8xf32>, vector<8xf32> into vector<4xf32>',
    '%0 = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]} %v4, %v4, %s : vector<4xf32>, vector<4xf32> into f32',
]


def _together(lines: list[str]) -> str:
    """The lines as one function, each op's results named apart."""
    return _case("\n  ".join(line.replace("%0", f"%a{n}").replace("%1", f"%b{n}") for n, line in enumerate(lines)))


def test_well_formed_ops_are_not_judged():
    assert _placed(_together(WELL_FORMED)) == []


def test_what_the_text_does_not_say_is_not_judged():
    # A map through an alias no statement defines; a type through an alias.
    text = ("!v = vector<4x8xf32>\n" + PRELUDE +
            "%0 = vector.transfer_read %m2[%i, %i], %s {permutation_map = #p} : memref<?x?xf32>, vector<4xf32>\n"
            "  %1 = vector.shape_cast %v48 : vector<4x8xf32> to !v\n  return\n}\n")
    # (the op is not judged; the alias is: analysis/alias_uses.py)
    assert _placed(text) == [("undefined symbol alias id 'p'", "#p")]


def test_a_permutation_map_through_an_alias_is_read_through_it():
    # The alias is defined in another statement; MLIR's parser reads what it stands for.
    text = ("#p = affine_map<(d0, d1) -> (d0 + d1)>\n" + PRELUDE +
            "%0 = vector.transfer_read %m2[%i, %i], %s {permutation_map = #p} : memref<?x?xf32>, vector<4xf32>\n"
            "  return\n}\n")
    assert _placed(text) == [("'vector.transfer_read' op requires a projected permutation_map (at most one dim "
                              "or the zero constant can appear in each result)", "vector.transfer_read")]
    masked = ("#m = affine_map<(d0, d1, d2) -> (d0, 0, 0)>\n" + PRELUDE +
              "%0 = vector.transfer_read %t3[%i, %i, %i], %s, %k4 {permutation_map = #m} : memref<?x?x?xf32>, vector<4xf32>\n"
              "  return\n}\n")
    assert _placed(masked) == [("custom op 'vector.transfer_read' expected the same rank for the vector and the "
                                "results of the permutation map", ":")]


def test_element_values_take_the_element_type():
    # A value of another type than the element type is refused where it is used, with a note
    # at its definition (the parser resolves each operand with the element type).
    text = _case("%0 = vector.from_elements %s, %i : vector<2xf32>")
    found = [(d.message, [r.message for r in d.related]) for d in DocumentAnalysis("file:///v.mlir", text).diagnostics()]
    assert found == [("use of value '%i' expects different type than prior uses: 'f32' vs 'index'", ["prior use here"])]
    text = _case("%0:2 = vector.to_elements %v2 : vector<2xf32>\n  %1 = arith.addi %0#0, %0#1 : i32")
    assert [m for m, _ in _placed(text)][0] == "use of value '%0' expects different type than prior uses: 'i32' vs 'f32'"


def test_contraction_traits_through_aliases():
    # ContractionOp::parse reads its traits as one attribute: an alias stands for what it
    # defines, and the maps in it may be aliases too.
    text = ("#maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>]\n"
            "#trait = {indexing_maps = #maps, iterator_types = [\"parallel\", \"parallel\"]}\n" + PRELUDE +
            "%0 = vector.contract #trait %v48, %v8, %v4 : vector<4x8xf32>, vector<8xf32> into vector<4xf32>\n"
            "  return\n}\n")
    assert _placed(text) == [("'vector.contract' op expected at least one contracting dimension pair", "vector.contract")]
    assert _placed(text.replace('"parallel", "parallel"', '"parallel", "reduction"')) == []
    # an alias not defined: the op is not judged, the alias is (analysis/alias_uses.py)
    assert _placed(text.replace("#maps = ", "#other = ")) == [("undefined symbol alias id 'maps'", "#maps")]


@needs_mlir_opt
def test_mlir_opt_says_the_same():
    """The oracle: each case through mlir-opt 22 gives the same message, and the well-formed
    ones none."""
    assert_mlir_opt_agrees(CASES, [_together(WELL_FORMED)], wrap=_case)
