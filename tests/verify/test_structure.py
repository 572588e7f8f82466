"""Each upstream op against its record (verify/structure.py, dialects/op_checks.py): the
messages are mlir-opt 22's own for the same input (each case was run through it), at the op's
name; one per op, the first rule it breaks, as MLIR's verifier stops at the first."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from cute_ir.analysis import DocumentAnalysis

CASES = [
    ('"arith.addi"(%x, %x) : (i32, i32) -> ()', "'arith.addi' op requires one result"),
    ('%0:2 = "arith.addi"(%x, %x) : (i32, i32) -> (i32, i32)', "'arith.addi' op requires one result"),
    ('%0 = "arith.addi"(%x, %x, %x) : (i32, i32, i32) -> i32', "'arith.addi' op expected 2 operands, but found 3"),
    ('"arith.addi"(%x, %x) ({}) : (i32, i32) -> (i32)', "'arith.addi' op requires zero regions"),
    ('"scf.execute_region"() : () -> ()', "'scf.execute_region' op requires one region"),
    ('"scf.if"(%c) ({}) : (i1) -> ()', "'scf.if' op expected 2 regions"),
    ('"gpu.barrier"(%x) : (i32) -> ()', "'gpu.barrier' op requires zero operands"),
    ('%0 = "gpu.barrier"() : () -> (i1)', "'gpu.barrier' op requires zero results"),
    ('%0 = arith.addi %f, %f : f32', "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"),
    ('%0 = "arith.addi"(%x, %y) : (i32, i64) -> i32', "'arith.addi' op requires the same type for all operands and results"),
    ('%0 = "arith.cmpi"(%x, %y) {predicate = 0 : i64} : (i32, i64) -> i1', "'arith.cmpi' op requires all operands to have the same type"),
    ('%0 = "arith.select"(%c, %x, %y) : (i1, i32, i64) -> i32',
     "'arith.select' op failed to verify that all of {true_value, false_value, result} have same type"),
    ('%0 = arith.index_cast %x : i32 to f32',
     "'arith.index_cast' op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'"),
    ('%0 = "memref.alloc"(%c) {operandSegmentSizes = array<i32: 1, 0>} : (i1) -> memref<?xf32>',
     "'memref.alloc' op operand #0 must be variadic of index, but got 'i1'"),
    ('%0 = memref.load %m[%i] : memref<4x4xf32>', "'memref.load' op incorrect number of indices for load, expected 2 but got 1"),
    ('%0 = "memref.load"(%m, %i, %i) : (memref<4x4xf32>, index, index) -> i32',
     "'memref.load' op failed to verify that result type matches element type of 'memref'"),
    ('memref.store %f, %m[%i] : memref<4x4xf32>', "'memref.store' op store index operand count not equal to memref rank"),
    ('scf.yield', "'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'"),
    ('"cf.br"() : () -> ()', "'cf.br' op requires 1 successor but found 0"),
    ('%0 = arith.cmpi slx, %x, %x : i32', "custom op 'arith.cmpi' expected string or keyword containing one of the "
     "following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"),
    ('%0 = arith.constant 1.0 : i32', "floating point value not valid for specified type"),
    ('%0 = arith.cmpi eq, %f, %f : f32', "custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'"),
    ('%0 = "arith.cmpi"(%x, %x) {foo = 1} : (i32, i32) -> i1', "'arith.cmpi' op requires attribute 'predicate'"),
    ('%0 = "arith.cmpi"(%x, %x) <{foo = 1}> : (i32, i32) -> i1', "'arith.cmpi' op requires attribute 'predicate'"),
    ('%0 = arith.extf %v : vector<2xf16> to vector<3xf32>',
     "'arith.extf' op requires the same shape for all operands and results"),
    ('%0 = arith.cmpi eq, %x, %y : i32', "use of value '%y' expects different type than prior uses: 'i32' vs 'i64'"),
    # The arith casts: their shapes (verifyCompatibleShapes), tensor dimensions, then
    # areCastCompatible through CastOpInterface.
    ('%0 = arith.trunci %s : vector<[4]xi32> to vector<4xi8>',
     "'arith.trunci' op requires the same shape for all operands and results"),
    ('%0 = arith.index_cast %t0 : tensor<index> to i64',
     "'arith.index_cast' op requires the same shape for all operands and results"),
    ('%0 = arith.index_cast %t2 : tensor<2xindex> to tensor<?xi64>',
     "'arith.index_cast' op failed to verify that input and output have the same tensor dimensions"),
    ('%0 = arith.index_cast %i : index to index',
     "'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible"),
    ('%0 = arith.extsi %x : i32 to i16', "'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible"),
    ('%0 = arith.truncf %f : f32 to f64', "'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible"),
    ('%0 = arith.bitcast %x : i32 to f16', "'arith.bitcast' op operand type 'i32' and result type 'f16' are cast incompatible"),
    ('%0 = arith.extf %e : tensor<2xf32, "foo"> to tensor<2xf64, "bar">',
     "'arith.extf' op operand type 'tensor<2xf32, \"foo\">' and result type 'tensor<2xf64, \"bar\">' are cast incompatible"),
    # Attribute constraints, of attributes written in a dictionary.
    ('%0 = "arith.constant"() {value = 1 : i32} : () -> i64',
     "'arith.constant' op failed to verify that all of {value, result} have same type"),
    ('%0 = vector.maskedload %m[%i, %i], %k, %p {alignment = 3} : memref<4x4xf32>, vector<2xi1>, vector<2xf32> '
     'into vector<2xf32>',
     "custom op 'vector.maskedload' 'vector.maskedload' op attribute 'alignment' failed to satisfy constraint: "
     "64-bit signless integer attribute whose value is positive and whose value is a power of two > 0"),
    ('%0 = "vector.maskedload"(%m, %i, %i, %k, %p) <{alignment = 0}> : (memref<4x4xf32>, index, index, vector<2xi1>, '
     'vector<2xf32>) -> vector<2xf32>',
     "'vector.maskedload' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute "
     "whose value is positive and whose value is a power of two > 0"),
    ('%0 = arith.constant 0 : ui32', "'arith.constant' op integer return type must be signless"),
    ('%0 = arith.constant dense<[0, 1]> : vector<[2]xi32>', "'arith.constant' op intializing scalable vectors with "
     "elements attribute is not supported unless it's a vector splat"),
    # Region traits: SingleBlock, NoRegionArguments.
    ('"scf.if"(%c) ({\n  ^bb0:\n    scf.yield\n  ^bb1:\n    scf.yield\n  }, {}) : (i1) -> ()',
     "'scf.if' op expects region #0 to have 0 or 1 blocks"),
    ('"scf.if"(%c) ({\n  ^bb0(%z: index):\n    scf.yield\n  }, {}) : (i1) -> ()',
     "'scf.if' op region #0 should have no arguments"),
    ('"scf.if"(%c) ({\n  ^bb0:\n  }, {}) : (i1) -> ()', "'scf.if' op expects a non-empty block"),
    # scf.for: ForOp::verify, LoopLikeOpInterface, ForOp::verifyRegions; scf.if: IfOp::verify and
    # its region branch edges.
    ('"scf.for"(%i, %i, %i) ({\n  ^bb0(%a: f32):\n    scf.yield\n  }) : (index, index, index) -> ()',
     "'scf.for' op expected induction variable to be same type as bounds and step"),
    ('%0 = "scf.for"(%i, %i, %i, %f) ({\n  ^bb0(%a: index, %b: f32, %b2: f32):\n    scf.yield %b, %b : f32, f32\n  })'
     ' : (index, index, index, f32) -> f32',
     "'scf.for' op different number of inits and region iter_args: 1 != 2"),
    ('%0 = "scf.for"(%i, %i, %i, %f) ({\n  ^bb0(%a: index, %b: f32):\n    scf.yield %b : f32\n  })'
     ' : (index, index, index, f32) -> f64',
     "'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'f64'"),
    ('"scf.for"(%i, %i, %i, %f) ({\n  ^bb0(%a: index, %b: f32):\n    scf.yield %b : f32\n  })'
     ' : (index, index, index, f32) -> ()',
     "'scf.for' op mismatch in number of loop-carried values and defined values"),
    ('%r:2 = scf.for %a = %i to %i step %i iter_args(%u = %f) -> (f32, f32) {\n    scf.yield %u, %u : f32, f32\n  }',
     "custom op 'scf.for' mismatch in number of loop-carried values and defined values"),
    ('%r:2 = scf.for %a = %i to %i step %i iter_args(%u = %f, %w = %f) -> (f32, f32) {\n'
     '    scf.yield %u, %x : f32, i32\n  }',
     "'scf.for' op 1-th region iter_arg and 1-th yielded value have different type: 'f32' != 'i32'"),
    ('%r = scf.if %c -> (f32) {\n    scf.yield %f : f32\n  }', "'scf.if' op must have an else block if defining values"),
    ('%r:2 = scf.if %c -> (f32, f32) {\n    scf.yield %f : f32\n  } else {\n    scf.yield %f, %f : f32, f32\n  }',
     "'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 1 operands, "
     "but region successor needs 2 inputs"),
    ('%r = scf.if %c -> (i32) {\n    scf.yield %x : i32\n  } else {\n    scf.yield %f : f32\n  }',
     "'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f32' should "
     "match successor input type #0 'i32'"),
    # vector's memory ops, vector.broadcast and vector.transpose (VectorOps.cpp).
    ('%0 = vector.load %m[%i] : memref<4x4xf32>, vector<2xf32>', "'vector.load' op requires 2 indices"),
    ('%0 = vector.load %m[%i, %i] : memref<4x4xf32>, vector<2xf16>',
     "'vector.load' op base and result element types should match"),
    ('vector.store %v, %m[%i, %i] : memref<4x4xf32>, vector<2xf16>',
     "'vector.store' op base and valueToStore element type should match"),
    ('%0 = vector.maskedload %m[%i, %i], %k, %p : memref<4x4xf32>, vector<2xi1>, vector<2xf32> into vector<2xf32>\n'
     '  %1 = vector.maskedload %m[%i], %k, %p : memref<4x4xf32>, vector<2xi1>, vector<2xf32> into vector<2xf32>',
     "'vector.maskedload' op requires 2 indices"),
    ('%0 = vector.broadcast %p : vector<2xf32> to vector<3x4xf32>', "'vector.broadcast' op dimension mismatch (2 vs. 4)"),
    ('%0 = vector.broadcast %x : i32 to vector<4xf32>',
     "'vector.broadcast' op failed to verify that source operand and result have same element type"),
    ('%0 = vector.broadcast %e : tensor<2xf32, "foo"> to vector<2xf32>', "'vector.broadcast' op source type is not a vector"),
    ('%0 = vector.broadcast %s : vector<[4]xi32> to vector<2x4xi32>',
     "'vector.broadcast' op dimension mismatch ([4] vs. 4)"),
    ('%0 = vector.transpose %p, [1] : vector<2xf32> to vector<2xf32>',
     "'vector.transpose' op transposition index out of range: 1"),
    ('%0 = vector.transpose %p, [0, 1] : vector<2xf32> to vector<2xf32>',
     "'vector.transpose' op transposition length mismatch: 2"),
    ('%0 = arith.select %k, %s, %s : vector<2xi1>, vector<[4]xi32>',
     "'arith.select' op failed to verify that condition is signless i1 or has matching shape"),
    # gpu's reductions (GPUDialect.cpp).
    ('%0 = gpu.all_reduce minsi %f {} : (f32) -> (f32)', "`minsi` reduction operation is not compatible with type 'f32'"),
    ('%0 = gpu.all_reduce foo %f {} : (f32) -> (f32)', "custom op 'gpu.all_reduce' invalid op kind"),
    ('%0 = gpu.all_reduce %f {\n  ^bb0(%a: f32):\n    "gpu.yield"(%a) : (f32) -> ()\n  } : (f32) -> (f32)',
     "expected two region arguments"),
    ('%0 = gpu.all_reduce %f {\n  ^bb0(%a: f32, %b: f32):\n    %z = arith.constant 0 : i32\n    "gpu.yield"(%z) : (i32) -> ()\n  } : (f32) -> (f32)',
     "incorrect gpu.yield type"),
    ('%0 = gpu.subgroup_reduce and %f : (f32) -> f32', "`and` reduction operation is not compatible with type 'f32'"),
    ('%0 = gpu.subgroup_reduce add %p cluster(size = 3) : (vector<2xf32>) -> vector<2xf32>',
     "'gpu.subgroup_reduce' op cluster size 3 is not a power of two"),
    ('%0 = gpu.subgroup_reduce add %p cluster(size = 4, stride = 3) : (vector<2xf32>) -> vector<2xf32>',
     "'gpu.subgroup_reduce' op cluster stride 3 is not a power of two"),
]
PRELUDE = ("func.func @f(%x: i32, %y: i64, %f: f32, %c: i1, %i: index, %m: memref<4x4xf32>, %v: vector<2xf16>, "
           "%s: vector<[4]xi32>, %t0: tensor<index>, %t2: tensor<2xindex>, %e: tensor<2xf32, \"foo\">, "
           "%k: vector<2xi1>, %p: vector<2xf32>) {\n  ")


def errors(text: str) -> list[str]:
    return [d.message for d in DocumentAnalysis("file:///s.mlir", text).diagnostics()]


@pytest.mark.parametrize("line,message", CASES, ids=[m.split(" op ")[-1][:40] for _, m in CASES])
def test_each_rule_in_mlirs_words(line, message):
    assert errors(_case(line)) == [message]


def _case(line: str) -> str:
    # A terminator of the case is the function's last op; anything else is followed by a return.
    last = line.startswith(("scf.yield", '"cf.br"'))
    return PRELUDE + line + ("\n}\n" if last else "\n  return\n}\n")


def test_where_the_message_stands():
    text = PRELUDE + "%0 = arith.addi %f, %f : f32\n  return\n}\n"
    [d] = DocumentAnalysis("file:///s.mlir", text).diagnostics()
    assert text.encode()[d.span.start:d.span.end] == b"arith.addi"


def test_return_against_its_function():
    assert errors("func.func @i(%x: i32) -> (i32, i32) {\n  return %x : i32\n}\n") == [
        "'func.return' op has 1 operands, but enclosing function (@i) returns 2"]
    assert errors("func.func @k(%x: i32) -> f32 {\n  \"func.return\"(%x) : (i32) -> ()\n}\n") == [
        "type of return operand 0 ('i32') doesn't match function result type ('f32') in function @k"]
    assert errors("func.func @ok(%x: i32) -> i32 {\n  return %x : i32\n}\n") == []


def test_a_terminator_ends_its_block():
    assert errors('func.func @c(%x: i32) {\n  "func.return"(%x) : (i32) -> ()\n  %0 = arith.addi %x, %x : i32\n}\n') == [
        "'func.return' op must be the last operation in the parent block"]


def test_return_in_a_kernel_is_the_kernels_dialects():
    """`return` in a cuda.kernel is cuda.return (the function's default dialect), not func.return."""
    assert errors("gpu.module @m {\n  cuda.kernel @k() {\n    return\n  }\n}\n") == []


def test_what_the_text_does_not_say_is_not_judged():
    # An alias type, an unregistered dialect's op, a custom form whose types the record does
    # not place: nothing to report.
    text = ("!t = i32\nfunc.func @f(%a: !t, %b: !foo.bar) {\n  %0 = arith.addi %a, %a : !t\n"
            "  %2 = \"foo.op\"(%a, %b) : (!t, !foo.bar) -> f32\n  %3 = cute.size(%b) : (!foo.bar) -> i32\n"
            "  return\n}\n")
    assert errors(text) == []
    # A type of another dialect is not an integer, for MLIR either.
    assert errors("func.func @f(%b: !foo.bar) {\n  %1 = arith.addi %b, %b : !foo.bar\n  return\n}\n") == [
        "'arith.addi' op operand #0 must be signless-integer-like, but got '!foo.bar'"]


@pytest.mark.skipif(shutil.which("mlir-opt-22") is None and not __import__("pathlib").Path(
    "/tmp/mlirpeer/bin/mlir-opt-22").exists(), reason="mlir-opt 22 is not here")
def test_mlir_opt_says_the_same():
    """The oracle: each case through mlir-opt 22 gives the same message."""
    opt = shutil.which("mlir-opt-22") or "/tmp/mlirpeer/bin/mlir-opt-22"
    for line, message in CASES:
        text = _case(line)
        run = subprocess.run([opt, "-"], input=text, capture_output=True, text=True)
        assert f"error: {message}" in run.stderr, (line, run.stderr)


def test_a_region_branch_error_notes_the_yield():
    text = _case('%r = scf.if %c -> (i32) {\n    scf.yield %x : i32\n  } else {\n    scf.yield %f : f32\n  }')
    [d] = DocumentAnalysis("file:///s.mlir", text).diagnostics()
    data = text.encode()
    [note] = d.related
    assert note.message == "region branch point"
    assert data[note.span.start:note.span.end] == b"scf.yield"
    assert note.span.start == data.find(b"scf.yield %f")     # the yield whose operands are wrong


def test_well_formed_loops_and_ifs_are_not_judged():
    text = PRELUDE + ("%sel = arith.select %k, %p, %p : vector<2xi1>, vector<2xf32>\n  %g = gpu.all_reduce add %f {} : (f32) -> (f32)\n  %h = gpu.subgroup_reduce maxnumf %p cluster(size = 2)"
                      " : (vector<2xf32>) -> vector<2xf32>\n  "
                      "%r = scf.for %a = %i to %i step %i iter_args(%u = %f) -> (f32) {\n    scf.yield %u : f32\n  }\n"
                      "  scf.for %b = %i to %i step %i iter_args(%w = %f) -> (f32) {\n    scf.yield %w : f32\n  }\n"
                      "  %q = scf.if %c -> (f32) {\n    scf.yield %f : f32\n  } else {\n    scf.yield %f : f32\n  }\n"
                      "  scf.if %c {\n  }\n  return\n}\n")
    assert errors(text) == []


def test_attributes_and_properties_both_count():
    assert errors('func.func @f(%x: i32) {\n  %0 = "arith.cmpi"(%x, %x) <{predicate = 0 : i64}> : (i32, i32) -> i1\n'
                  '  %1 = "arith.cmpi"(%x, %x) {predicate = 0 : i64} : (i32, i32) -> i1\n  return\n}\n') == []


def test_a_select_mask_has_the_results_shape_and_encoding():
    """SelectOp::verify's getI1SameShape keeps the result's encoding (checked with mlir-opt 22)."""
    text = ('func.func @f(%c: tensor<8xi1, "bar">, %a: tensor<8xi32, "foo">) {\n'
            '  %0 = arith.select %c, %a, %a : tensor<8xi1, "bar">, tensor<8xi32, "foo">\n  return\n}\n')
    assert errors(text) == ["'arith.select' op expected condition type to have the same shape as the result type, "
                            "expected 'tensor<8xi1, \"foo\">', but got 'tensor<8xi1, \"bar\">'"]
