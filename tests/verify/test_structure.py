"""Each upstream op against its record (verify/structure.py, dialects/op_checks.py): the
messages are mlir-opt 22's own for the same input (each case was run through it), at the op's
name; one per op, the first rule it breaks, as MLIR's verifier stops at the first."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from tests.mlir_oracle import assert_mlir_opt_agrees, needs_mlir_opt

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
    ('%0 = arith.cmpi %x, %x : i32', "custom op 'arith.cmpi' expected string or keyword containing one of the "
     "following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"),
    ('%0 = arith.cmpi i1, %x, %x : i32', "custom op 'arith.cmpi' expected string or keyword containing one of the "
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
    # scf beyond scf.for / scf.if (SCF.cpp): scf.while, scf.parallel / scf.reduce,
    # scf.execute_region, scf.index_switch; ODS's region constraints and Verifier.cpp's empty block.
    ('scf.while : (i32) -> () {\n    scf.condition(%c)\n  } do {\n    scf.yield\n  }',
     "custom op 'scf.while' expected as many input types as operands (expected 0 got 1)"),
    ('scf.while : () -> () {\n    %z = arith.constant 0 : i32\n  } do {\n    scf.yield\n  }',
     "'scf.while' op expects the 'before' region to terminate with 'scf.condition'"),
    ('scf.while : () -> () {\n    scf.condition(%c)\n  } do {\n    %z = arith.constant 0 : i32\n  }',
     "'scf.while' op expects the 'after' region to terminate with 'scf.yield'"),
    ('scf.while : () -> () {\n  } do {\n  }', "'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks"),
    ('scf.while : () -> () {\n  ^bb0:\n  } do {\n  ^bb0:\n  }', "'scf.while' op expects a non-empty block"),
    ('%0 = scf.while : () -> (i1) {\n    scf.condition(%c) %c : i1\n  } do {\n  ^bb0(%a0: i32):\n    scf.yield\n  }',
     "'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i1' "
     "should match successor input type #0 'i32'"),
    ('scf.while : () -> () {\n    scf.condition(%c) %c : i1\n  } do {\n  ^bb0(%a0: i1):\n    scf.yield\n  }',
     "'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 1 "
     "operands, but region successor needs 0 inputs"),
    ('scf.while (%a0 = %x) : (i32) -> () {\n    scf.condition(%c)\n  } do {\n    scf.yield %f : f32\n  }',
     "'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'f32' "
     "should match successor input type #0 'i32'"),
    ('scf.parallel (%i0) = (%i) to (%i, %i) step () {\n  }', "custom op 'scf.parallel' expected 1 operands"),
    ('scf.parallel () = () to () step () {\n  }',
     "'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step"),
    ('"scf.parallel"(%i, %i, %i) ({\n  ^bb0(%i0: f32):\n    scf.reduce\n  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}'
     ' : (index, index, index) -> ()', "'scf.parallel' op expects arguments for the induction variable to be of index type"),
    ('"scf.parallel"(%i, %i, %i) ({\n  ^bb0(%i0: index, %i1: index):\n    scf.reduce\n  }) {operandSegmentSizes = '
     'array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()',
     "'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1"),
    ("%z = arith.constant 0 : index\n  scf.parallel (%i0) = (%i) to (%i) step (%z) {\n  }",
     "'scf.parallel' op constant step operand must be positive"),
    ('"scf.parallel"(%i, %i, %i) ({\n  ^bb0(%i0: index):\n    %z = arith.constant 1 : i32\n  }) {operandSegmentSizes = '
     'array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()', "'scf.parallel' op expects body to terminate with 'scf.reduce'"),
    ('%r = scf.parallel (%i0) = (%i) to (%i) step (%i) init (%f) -> f32 {\n  }',
     "'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0"),
    ('%r = scf.parallel (%i0) = (%i) to (%i) step (%i) -> f32 {\n  }',
     "custom op 'scf.parallel' number of operands and types do not match: got 0 operands and 1 types"),
    ('%r = scf.parallel (%i0) = (%i) to (%i) step (%i) init (%f) -> f32 {\n    scf.reduce(%i : index) {\n'
     '    ^bb0(%l: index, %l2: index):\n      scf.reduce.return %l : index\n    }\n  }',
     "'scf.reduce' op expects type of 0-th reduction operand: 'index' to be the same as the 0-th result type: 'f32'"),
    ('scf.parallel (%i0) = (%i) to (%i) step (%i) {\n    scf.reduce(%i : index)\n  }',
     "'scf.reduce' op expects number of reduction regions: 0 to be the same as number of reduction operands: 1"),
    ('%r = scf.parallel (%i0) = (%i) to (%i) step (%i) init (%f) -> f32 {\n    scf.reduce(%f : f32) {\n'
     '    ^bb0(%l: f32, %l2: i32):\n      scf.reduce.return %l : f32\n    }\n  }',
     "'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region"),
    ('%r = scf.parallel (%i0) = (%i) to (%i) step (%i) init (%f) -> f32 {\n    scf.reduce(%f : f32) {\n'
     '    ^bb0(%l: f32, %l2: f32):\n    }\n  }', "empty block: expect at least a terminator"),
    ('%r = scf.parallel (%i0) = (%i) to (%i) step (%i) init (%f) -> f32 {\n    scf.reduce(%f : f32) {\n'
     '    ^bb0(%l: f32, %l2: f32):\n      scf.reduce.return %i : index\n    }\n  }',
     "'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)"),
    ('scf.reduce(%f : f32) {\n  ^bb0(%l: f32, %l2: f32):\n    scf.reduce.return %l : f32\n  }',
     "'scf.reduce' op expects parent op 'scf.parallel'"),
    ('"scf.execute_region"() ({\n  ^bb0(%a0: i32):\n    scf.yield\n  }) : () -> ()',
     "'scf.execute_region' op region cannot have any arguments"),
    ('"scf.index_switch"(%i) ({\n    scf.yield\n  }) {cases = array<i64: 1>} : (index) -> ()',
     "'scf.index_switch' op has 0 case regions but 1 case values"),
    ('scf.index_switch %i\n  case 0 {\n    scf.yield\n  }\n  case 0 {\n    scf.yield\n  }\n  default {\n    scf.yield\n  }',
     "'scf.index_switch' op has duplicate case value: 0"),
    ('scf.index_switch %i\n  default {\n    scf.yield %i : index\n  }',
     "'scf.index_switch' op expected each region to return 0 values, but default region returns 1"),
    ('%0 = scf.index_switch %i -> index\n  case 0 {\n    scf.yield %x : i32\n  }\n  default {\n    scf.yield %i : index\n  }',
     "'scf.index_switch' op expected result #0 of each region to be 'index'"),
    ('"scf.index_switch"(%i) ({\n    "scf.yield"() : () -> ()\n  }, {\n    %z = arith.constant 0 : i32\n  }) '
     '{cases = array<i64: 1>} : (index) -> ()', "'scf.index_switch' op expected region to end with scf.yield, but got arith.constant"),
    # arith: an integer enum's value in the generic form, getI1SameShape, the Elementwise trait.
    ('%0 = "arith.cmpi"(%x, %x) {predicate = 42} : (i32, i32) -> i1',
     "'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: "
     "0, 1, 2, 3, 4, 5, 6, 7, 8, 9"),
    ('%0 = "arith.cmpf"(%p, %p) {predicate = 0} : (vector<2xf32>, vector<2xf32>) -> vector<3xi1>',
     "'arith.cmpf' op failed to verify that result type has i1 element type and same shape as operands"),
    ('%r:2 = arith.addui_extended %k, %k : vector<2xi1>, i1',
     "'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar"),
    ('%r:2 = arith.addui_extended %k, %k : vector<2xi1>, tensor<2xi1>',
     "'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type"),
    ('%0 = "memref.alloc"(%i) {operandSegmentSizes = array<i32: 2, 0>} : (index) -> memref<?xf32>',
     "'memref.alloc' op operand count (1) does not match with the total size (2) specified in attribute "
     "'operandSegmentSizes'"),
    ('%0 = vector.bitcast %p : vector<2xf32> to vector<1x2xf32>',
     "'vector.bitcast' op failed to verify that all of {source, result} have same rank"),
    # memref (MemRefOps.cpp): verifyAllocLikeOp's dynamic sizes, CastOp::areCastCompatible.
    ('%0 = memref.alloc(%i) : memref<4xf32>', "'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0"),
    ('%0 = memref.alloca() : memref<?x4xf32>', "'memref.alloca' op incorrect number of dynamic sizes, has 0, expected 1"),
    ('%0 = gpu.alloc(%i, %i) : memref<2x?xf32, 1>', "'gpu.alloc' op incorrect number of dynamic sizes, has 2, expected 1"),
    ('%0 = memref.cast %m : memref<4x4xf32> to memref<*xi32>',
     "'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<*xi32>' are cast incompatible"),
    ('%0 = memref.cast %m : memref<4x4xf32> to memref<?x4xf32, 1>',
     "'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<?x4xf32, 1>' are cast incompatible"),
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


def test_a_repeated_op_is_judged_where_it_stands():
    """An op of the same text as one judged before, without error, is judged again when what
    its rules read beyond its text differs: its operands' definitions, its parent, its place."""
    select = "  %0 = arith.select %c, %x, %x : i32\n  return\n}\n"
    # (arith.select's parser resolves the condition as i1: mlir-opt's message is the parser's.)
    assert errors("func.func @a(%c: i1, %x: i32) {\n" + select + "func.func @b(%c: i32, %x: i32) {\n" + select) == [
        "use of value '%c' expects different type than prior uses: 'i1' vs 'i32'"]
    quiet = "func.func @a(%c: i1) {\n  scf.if %c {\n    scf.yield\n  }\n  return\n}\n"
    assert errors(quiet + "func.func @b(%c: i1) {\n  scf.if %c {\n    scf.yield\n    %0 = arith.constant 0 : i32\n"
                  "  }\n  return\n}\n") == ["'scf.yield' op must be the last operation in the parent block"]
    assert errors(quiet + "func.func @b(%c: i1) {\n    scf.yield\n}\n") == [
        "'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'"]


def test_return_in_a_kernel_is_the_kernels_dialects():
    """`return` in a cuda.kernel is cuda.return (the function's default dialect), not func.return."""
    assert errors("gpu.module @m {\n  cuda.kernel @k() {\n    return\n  }\n}\n") == []


def test_what_the_text_does_not_say_is_not_judged():
    # An alias of the right type, an unregistered dialect's op, a custom form whose types the record does
    # not place: nothing to report.
    text = ("!t = i32\nfunc.func @f(%a: !t, %b: !foo.bar) {\n  %0 = arith.addi %a, %a : !t\n"
            "  %2 = \"foo.op\"(%a, %b) : (!t, !foo.bar) -> f32\n  %3 = cute.size(%b) : (!foo.bar) -> i32\n"
            "  return\n}\n")
    assert errors(text) == []
    # A type of another dialect is not an integer, for MLIR either.
    assert errors("func.func @f(%b: !foo.bar) {\n  %1 = arith.addi %b, %b : !foo.bar\n  return\n}\n") == [
        "'arith.addi' op operand #0 must be signless-integer-like, but got '!foo.bar'"]


@needs_mlir_opt
def test_mlir_opt_says_the_same():
    """The oracle: each case through mlir-opt 22 gives the same message."""
    assert_mlir_opt_agrees(CASES, wrap=_case)


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


def test_a_switch_result_list_without_parentheses_counts_whole():
    """`-> i32, index` names two results (as SCF/canonicalize.mlir writes them), each case's
    `scf.yield` of both is what IndexSwitchOp::verify asks for."""
    text = PRELUDE + ("%r:2 = scf.index_switch %i -> i32, index\n  case 1 {\n    scf.yield %x, %i : i32, index\n  }\n"
                      "  default {\n    scf.yield %x, %i : i32, index\n  }\n  return\n}\n")
    assert errors(text) == []
    assert errors(text.replace("-> i32, index", "-> i32")) == [
        "'scf.index_switch' op expected each region to return 1 values, but default region returns 2"]


def test_attributes_and_properties_both_count():
    assert errors('func.func @f(%x: i32) {\n  %0 = "arith.cmpi"(%x, %x) <{predicate = 0 : i64}> : (i32, i32) -> i1\n'
                  '  %1 = "arith.cmpi"(%x, %x) {predicate = 0 : i64} : (i32, i32) -> i1\n  return\n}\n') == []


def test_a_select_mask_has_the_results_shape_and_encoding():
    """SelectOp::verify's getI1SameShape keeps the result's encoding (checked with mlir-opt 22)."""
    text = ('func.func @f(%c: tensor<8xi1, "bar">, %a: tensor<8xi32, "foo">) {\n'
            '  %0 = arith.select %c, %a, %a : tensor<8xi1, "bar">, tensor<8xi32, "foo">\n  return\n}\n')
    assert errors(text) == ["'arith.select' op expected condition type to have the same shape as the result type, "
                            "expected 'tensor<8xi1, \"foo\">', but got 'tensor<8xi1, \"bar\">'"]


def _placed(text: str) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(message, text under its range, [(note, text under its range)]) of each diagnostic."""
    data = text.encode()
    return [(d.message, data[d.span.start:d.span.end].decode(),
             [(r.message, data[r.span.start:r.span.end].decode()) for r in d.related])
            for d in DocumentAnalysis("file:///s.mlir", text).diagnostics()]


def test_where_scfs_own_checks_stand():
    """Each at the place mlir-opt 22 reports it (its column, and its note's), the range being
    the token there: a parser's error at the token it stopped at, a verifier's at the op."""
    assert _placed(_case('scf.while : (i32) -> () {\n    scf.condition(%c)\n  } do {\n    scf.yield\n  }')) == [
        ("custom op 'scf.while' expected as many input types as operands (expected 0 got 1)", ":", [])]
    assert _placed(_case('scf.parallel (%i0) = (%i) to (%i, %i) step () {\n  }')) == [
        ("custom op 'scf.parallel' expected 1 operands", "(", [])]
    assert _placed(_case('scf.while : () -> () {\n    %z = arith.constant 0 : i32\n  } do {\n    scf.yield\n  }')) == [
        ("'scf.while' op expects the 'before' region to terminate with 'scf.condition'", "scf.while",
         [("terminator here", "arith.constant")])]
    assert _placed(_case('%0 = scf.while : () -> (i1) {\n    scf.condition(%c) %c : i1\n  } do {\n'
                         '  ^bb0(%a0: i32):\n    scf.yield\n  }'))[0][2] == [("region branch point", "scf.condition")]
    assert _placed(_case('%r = scf.parallel (%i0) = (%i) to (%i) step (%i) init (%f) -> f32 {\n    scf.reduce(%f : f32) {\n'
                         '    ^bb0(%l: f32, %l2: f32):\n    }\n  }')) == [
        ("empty block: expect at least a terminator", "scf.reduce", [])]
    assert _placed(_case('%0 = scf.index_switch %i -> index\n  case 0 {\n    scf.yield %x : i32\n  }\n'
                         '  default {\n    scf.yield %i : index\n  }')) == [
        ("'scf.index_switch' op expected result #0 of each region to be 'index'", "scf.index_switch",
         [("case region #0 returns 'i32' here", "scf.yield")])]
    assert _placed(_case('scf.index_switch %i\n  default {\n    scf.yield %i : index\n  }')) == [
        ("'scf.index_switch' op expected each region to return 0 values, but default region returns 1",
         "scf.index_switch", [("see yield operation here", "scf.yield")])]


def test_scf_checks_upstream_words_with_unregistered_ops():
    """Cases of upstream's Dialect/SCF/invalid.mlir that need an unregistered op (mlir-opt's
    -allow-unregistered-dialect), in the words that file expects."""
    reduce = ('%r = scf.parallel (%i0) = (%i) to (%i) step (%i) init (%f) -> f32 {\n    scf.reduce(%f : f32) {\n'
              '    ^bb0(%l: f32, %l2: f32):\n      "test.finish"() : () -> ()\n    }\n  }')
    assert errors(_case(reduce)) == ["'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op"]
    # An op in the generic form is an op to judge a parent by, registered or not.
    assert errors(_case('"my.op"() ({\n    scf.yield\n  }) : () -> ()')) == [
        "'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'"]


def test_well_formed_scf_regions_are_not_judged():
    text = PRELUDE + (
        "%w = scf.while (%a0 = %x) : (i32) -> (i32) {\n    scf.condition(%c) %a0 : i32\n  } do {\n"
        "  ^bb0(%b0: i32):\n    scf.yield %b0 : i32\n  }\n"
        "  %r = scf.parallel (%i0) = (%i) to (%i) step (%i) init (%f) -> f32 {\n    scf.reduce(%f : f32) {\n"
        "    ^bb0(%l: f32, %l2: f32):\n      scf.reduce.return %l : f32\n    }\n  }\n"
        "  scf.parallel (%i1) = (%i) to (%i) step (%i) {\n    %z = arith.constant 0 : i32\n  }\n"
        "  %sw = scf.index_switch %i -> i32\n  case 0 {\n    scf.yield %x : i32\n  }\n"
        "  case 1 {\n    scf.yield %x : i32\n  }\n  default {\n    scf.yield %x : i32\n  }\n"
        "  scf.execute_region {\n    scf.yield\n  }\n  return\n}\n")
    assert errors(text) == []


def test_a_stack_allocation_needs_an_allocation_scope():
    """AllocaOp::verify, in upstream's Dialect/MemRef/invalid.mlir words: no op around the
    alloca is an allocation scope (an unregistered one is not). A function is one, and so is
    a CuTe DSL kernel, whose dumps allocate in kernel bodies."""
    text = '"no_scope"() ({\n  %0 = memref.alloca() : memref<1xf32>\n  "t.end"() : () -> ()\n}) : () -> ()\n'
    assert _placed(text) == [("'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait",
                              "memref.alloca", [])]
    assert errors(PRELUDE + "scf.execute_region {\n    %a = memref.alloca() : memref<4xf32>\n    scf.yield\n  }\n"
                  "  %b = memref.alloca(%i) : memref<?xf32>\n  %d = memref.cast %b : memref<?xf32> to memref<4xf32>\n"
                  "  return\n}\n") == []
    assert errors("gpu.module @m {\n  cuda.kernel @k() {\n    %a = memref.alloca() : memref<4xf32>\n    return\n  }\n}\n") == []


# llvm's memory ops, fence and bitcast (LLVMDialect.cpp), each through mlir-opt 22 as above.
LLVM_PRELUDE = ("func.func @g(%ptr: !llvm.ptr, %p1: !llvm.ptr<1>, %vp: vector<4x!llvm.ptr>, %f: f32, %h: f80, "
                "%b: i1, %w: i64) {\n  ")
LLVM_CASES = [
    ('%0 = "llvm.load"(%ptr) {syncscope = "singlethread"} : (!llvm.ptr) -> f32',
     "'llvm.load' op expected syncscope to be null for non-atomic access"),
    ('%0 = llvm.load %ptr atomic release {alignment = 4 : i64} : !llvm.ptr -> f32', "'llvm.load' op unsupported ordering 'release'"),
    ('%0 = llvm.load %ptr atomic monotonic {alignment = 16 : i64} : !llvm.ptr -> f80',
     "'llvm.load' op unsupported type 'f80' for atomic access"),
    ('%0 = llvm.load %ptr atomic monotonic {alignment = 16 : i64} : !llvm.ptr -> i33',
     "'llvm.load' op unsupported type 'i33' for atomic access"),
    ('%0 = llvm.load %ptr atomic monotonic : !llvm.ptr -> f32', "'llvm.load' op expected alignment for atomic access"),
    ('llvm.store %f, %ptr atomic acquire {alignment = 4 : i64} : f32, !llvm.ptr', "'llvm.store' op unsupported ordering 'acquire'"),
    ('llvm.store %b, %ptr atomic monotonic {alignment = 16 : i64} : i1, !llvm.ptr',
     "'llvm.store' op unsupported type 'i1' for atomic access"),
    ('llvm.store %f, %ptr atomic monotonic : f32, !llvm.ptr', "'llvm.store' op expected alignment for atomic access"),
    ('%0 = llvm.cmpxchg %ptr, %w, %w unordered monotonic : !llvm.ptr, i64', "'llvm.cmpxchg' op ordering must be at least 'monotonic'"),
    ('%0 = llvm.cmpxchg %ptr, %w, %w acq_rel release : !llvm.ptr, i64',
     "'llvm.cmpxchg' op failure ordering cannot be 'release' or 'acq_rel'"),
    ('llvm.fence syncscope("agent") monotonic', "'llvm.fence' op can be given only acquire, release, acq_rel, and seq_cst orderings"),
    ('%0 = llvm.bitcast %ptr : !llvm.ptr to i64', "'llvm.bitcast' op can only cast pointers from and to pointers"),
    ('%0 = llvm.bitcast %vp : vector<4x!llvm.ptr> to !llvm.ptr', "'llvm.bitcast' op cannot cast vector of pointers to pointer"),
    ('%0 = llvm.bitcast %ptr : !llvm.ptr to vector<4x!llvm.ptr>', "'llvm.bitcast' op cannot cast pointer to vector of pointers"),
    ('%0 = llvm.bitcast %p1 : !llvm.ptr<1> to !llvm.ptr',
     "'llvm.bitcast' op cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead"),
]


def _llvm_case(line: str) -> str:
    return LLVM_PRELUDE + line + "\n  return\n}\n"


@pytest.mark.parametrize("line,message", LLVM_CASES, ids=[m.split(" op ")[-1][:40] for _, m in LLVM_CASES])
def test_llvm_memory_ops_in_mlirs_words(line, message):
    assert errors(_llvm_case(line)) == [message]


def test_llvm_memory_ops_stand_at_their_names():
    assert _placed(_llvm_case('%0 = llvm.load %ptr atomic monotonic : !llvm.ptr -> f32')) == [
        ("'llvm.load' op expected alignment for atomic access", "llvm.load", [])]
    assert _placed(_llvm_case('llvm.fence syncscope("agent") monotonic')) == [
        ("'llvm.fence' op can be given only acquire, release, acq_rel, and seq_cst orderings", "llvm.fence", [])]


def test_well_formed_llvm_memory_ops_are_not_judged():
    text = LLVM_PRELUDE + (
        "%0 = llvm.load %ptr atomic syncscope(\"agent\") acquire {alignment = 4 : i64} : !llvm.ptr -> f32\n"
        "  llvm.store %f, %ptr atomic release {alignment = 4 : i64} : f32, !llvm.ptr\n"
        "  %1 = llvm.load %ptr : !llvm.ptr -> f80\n  llvm.store %b, %ptr : i1, !llvm.ptr\n"
        "  %2 = llvm.cmpxchg %ptr, %w, %w acq_rel acquire : !llvm.ptr, i64\n  llvm.fence acq_rel\n"
        "  %3 = llvm.bitcast %ptr : !llvm.ptr to !llvm.ptr\n  %4 = llvm.bitcast %w : i64 to vector<2xi32>\n"
        "  return\n}\n")
    assert errors(text) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same_of_llvm_ops():
    assert_mlir_opt_agrees(LLVM_CASES, wrap=_llvm_case)


NVVM_CASES = [
    ('%0 = nvvm.convert.f32x4.to.f8x4 %v4, %r : vector<4xf32> -> vector<4xi8> (f8E3M4)',
     "'nvvm.convert.f32x4.to.f8x4' op Only 'f8E4M3FN' and 'f8E5M2' types are supported for conversions from f32x4 to f8x4."),
    ('%0 = nvvm.convert.f32x4.to.f6x4 %v4, %r : vector<4xf32> -> vector<4xi8> (f8E4M3FN)',
     "'nvvm.convert.f32x4.to.f6x4' op Only 'f6E2M3FN' and 'f6E3M2FN' types are supported for conversions from f32x4 to f6x4."),
    ('%0 = nvvm.convert.f32x4.to.f4x4 %v4, %r : vector<4xf32> -> i16 (f6E2M3FN)',
     "'nvvm.convert.f32x4.to.f4x4' op Only 'f4E2M1FN' type is supported for conversions from f32x4 to f4x4."),
    ('%0 = nvvm.convert.float.to.tf32 %s {rnd = #nvvm.fp_rnd_mode<rs>}',
     "Only {rn,rz,rna} rounding modes supported for ConvertFloatToTF32Op."),
    ('%0 = nvvm.convert.float.to.tf32 %s', "Only {rn,rz,rna} rounding modes supported for ConvertFloatToTF32Op."),
    ('%0 = nvvm.convert.float.to.tf32 %s {rnd = #nvvm.fp_rnd_mode<rna>, relu = true}',
     "Relu not supported with rna rounding mode."),
]


def _nvvm_case(line: str) -> str:
    return "llvm.func @n(%v4: vector<4xf32>, %r: i32, %s: f32) {\n  " + line + "\n  llvm.return\n}\n"


@pytest.mark.parametrize("line,message", NVVM_CASES, ids=[m[-40:] for _, m in NVVM_CASES])
def test_nvvm_conversions_in_mlirs_words(line, message):
    assert _placed(_nvvm_case(line)) == [(message, line.split()[2], [])]


def test_well_formed_nvvm_conversions_are_not_judged():
    assert errors(_nvvm_case('%0 = nvvm.convert.f32x4.to.f8x4 %v4, %r : vector<4xf32> -> vector<4xi8> (f8E5M2)\n'
                             '  %1 = nvvm.convert.float.to.tf32 %s {rnd = #nvvm.fp_rnd_mode<rna>}')) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same_of_nvvm_conversions():
    assert_mlir_opt_agrees(NVVM_CASES, wrap=_nvvm_case)


FUNCTION_CASES = [
    ("func.func private @f(i1 {non_dialect_attr = 10})\n", "'func.func' op arguments may only have dialect attributes"),
    ("func.func private @g() -> (i1 {non_dialect_attr = 10})\n", "'func.func' op results may only have dialect attributes"),
    ("func.func @e() {}\n", "custom op 'func.func' expected non-empty function body"),
]


@pytest.mark.parametrize("text,message", FUNCTION_CASES, ids=[m[-40:] for _, m in FUNCTION_CASES])
def test_a_functions_parser_and_attributes(text, message):
    """function_interface_impl: a written body is not empty (at its brace), and the arguments'
    and results' attributes are dialect attributes."""
    assert errors(text) == [message]


def test_well_formed_functions_are_not_judged():
    assert errors("func.func private @h(i1 {x.y = 1}) -> (i1 {a.b})\n"
                  "func.func private @k() -> ()\n  attributes {}\n") == []


@needs_mlir_opt
def test_mlir_opt_says_the_same_of_functions():
    assert_mlir_opt_agrees(FUNCTION_CASES)


# scf.forall (ForallOp::parse / verify, InParallelOp::verify) and the operand traits ODS lists on
# memref.copy (SameOperandsShape, SameOperandsElementType).
WHOLE_CASES = [
    ("func.func @f(%out: tensor<4xf32>, %n: index) {\n"
     "  %r:2 = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<4xf32>, tensor<4xf32>) {\n"
     "  }\n  return\n}\n",
     "custom op 'scf.forall' number of operands and types do not match: got 1 operands and 2 types"),
    ("func.func @f(%n: index) {\n  scf.forall (%i, %j) in (%n, %n) {\n  } {mapping = [#gpu.block<x>, #gpu.block<y>, "
     "#gpu.block<z>]}\n  return\n}\n", "'scf.forall' op mapping attribute size must match op rank"),
    ("func.func @f(%n: index) {\n  scf.forall (%i) in (%n) {\n  } {mapping = [#gpu.thread<x>, #gpu.mask<0x1>, "
     "#gpu.mask<0x2>]}\n  return\n}\n", "'scf.forall' op \"mapping\" supports at most one device masking attribute"),
    ("func.func @f(%out: tensor<4xf32>, %n: index) {\n"
     "  %r = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<4xf32>) {\n"
     "    scf.forall.in_parallel {\n      %c = arith.constant 1 : index\n    }\n  }\n  return\n}\n",
     "'scf.forall.in_parallel' op expected only ParallelCombiningOpInterface ops"),
    ('func.func @f(%i: index) {\n  %x = "affine.apply"(%i) {map = affine_map<(d0, d1) -> (d0 + 1, d1 + 2)>} : '
     '(index) -> index\n  return\n}\n', "'affine.apply' op operand count and affine map dimension and symbol count must match"),
    ('func.func @f(%i: index) {\n  %x = "affine.apply"(%i, %i) {map = affine_map<(d0)[s0] -> (d0 + 1, s0 + 2)>} : '
     '(index, index) -> index\n  return\n}\n', "'affine.apply' op mapping must produce one value"),
    ("func.func @f(%a: memref<2xf32>, %b: memref<3xf32>) {\n  memref.copy %a, %b : memref<2xf32> to memref<3xf32>\n"
     "  return\n}\n", "'memref.copy' op requires the same shape for all operands"),
    ("func.func @f(%a: memref<2xf32>, %b: memref<2xf16>) {\n  memref.copy %a, %b : memref<2xf32> to memref<2xf16>\n"
     "  return\n}\n", "'memref.copy' op requires the same element type for all operands"),
]


@pytest.mark.parametrize("text,message", WHOLE_CASES, ids=[m[-40:] for _, m in WHOLE_CASES])
def test_forall_and_operand_traits(text, message):
    assert errors(text) == [message]


def test_well_formed_foralls_and_copies_are_not_judged():
    assert errors("func.func @f(%out: tensor<4xf32>, %n: index, %a: memref<?xf32>, %b: memref<4xf32>) {\n"
                  "  %r = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<4xf32>) {\n"
                  "  } {mapping = [#gpu.thread<x>]}\n"
                  "  scf.forall (%i, %j) in (%n, %n) {\n  } {mapping = [#gpu.block<x>, #gpu.mask<0x1>, #gpu.block<y>]}\n"
                  "  memref.copy %a, %b : memref<?xf32> to memref<4xf32>\n  return\n}\n") == []


@needs_mlir_opt
def test_mlir_opt_says_the_same_of_foralls_and_copies():
    assert_mlir_opt_agrees(WHOLE_CASES)


def test_the_affine_dma_ops_mlir_defines_in_cpp_are_known():
    # Not in ODS (AffineOps.h), so not in the generated records: known all the same, and a
    # misspelling of one is still an unknown op, with the nearest name.
    text = ("func.func @f(%a: memref<256xf32>, %b: memref<256xf32, 2>, %tag: memref<1xi32, 4>, %i: index) {\n"
            "  affine.dma_start %a[%i], %b[%i], %tag[%i], %i : memref<256xf32>, memref<256xf32, 2>, memref<1xi32, 4>\n"
            "  affine.dma_wait %tag[%i], %i : memref<1xi32, 4>\n  return\n}\n")
    assert errors(text) == []
    assert errors(text.replace("affine.dma_wait", "affine.dma_wiat")) == ["custom op 'affine.dma_wiat' is unknown"]


def test_an_identity_layout_is_no_layout():
    # MemRefType::get drops an identity layout map: the two spellings are one type.
    assert errors("func.func @f(%m: memref<32xf32, affine_map<(d0) -> (d0)>, 1>) {\n"
                  '  "test.use"(%m) : (memref<32xf32, 1>) -> ()\n  return\n}\n') == []
    assert errors("func.func @f(%m: memref<32xf32, affine_map<(d0) -> (d0 + 1)>, 1>) {\n"
                  '  "test.use"(%m) : (memref<32xf32, 1>) -> ()\n  return\n}\n') == [
        "use of value '%m' expects different type than prior uses: 'memref<32xf32, 1>' vs "
        "'memref<32xf32, affine_map<(d0) -> (d0 + 1)>, 1>'"]


def test_a_block_that_ends_without_a_terminator():
    """Verifier.cpp's block check, at the block's last op (MLIR prints that op after the
    words; cute-ir names it as written). Not where the last op may be a terminator (an
    unregistered op), where the op needs none (a module), nor where something inside the op is
    refused first (MLIR stops at its first error, and its parser's come first)."""
    text = "func.func @f() {\n  %x = arith.constant 0 : i32\n  %y = arith.constant 1 : i32\n}\n"
    assert _placed(text) == [("block with no terminator, has %y = arith.constant 1 : i32", "arith.constant", [])]
    text = "func.func @f() {\n  cf.br ^bb1\n^bb1:\n  %x = arith.constant 0 : i32\n}\n"
    assert _placed(text) == [("block with no terminator, has %x = arith.constant 0 : i32", "arith.constant", [])]
    assert _placed("func.func @f() {\n  \"t.op\"() : () -> ()\n}\n") == []
    assert _placed("module {\n  %x = arith.constant 0 : i32\n}\n") == []
    assert [m for m, _, _ in _placed("func.func @f(%f: f32) {\n  %0 = arith.addi %f, %f : f32\n}\n")] == [
        "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"]
    assert {m for m, _, _ in _placed("func.func @f() {\n  %0 = arith.addi %u, %u : i32\n}\n")} == {
        "use of undeclared SSA value name"}


def test_a_branch_to_the_entry_block_and_successors_of_a_non_terminator():
    """Verifier.cpp's entry-block rule (at the op whose region it is) and the generic form's
    parser, which takes a successor list only on a terminator (at its `[`)."""
    text = "func.func @f() {\n^bb42:\n  cf.br ^bb43\n^bb43:\n  cf.br ^bb42\n}\n"
    assert _placed(text) == [("entry block of region may not have predecessors", "func.func", [])]
    text = 'func.func @f(%a: i32) {\n  "arith.addi"(%a, %a)[^bb1] : (i32, i32) -> i32\n^bb1:\n  return\n}\n'
    assert _placed(text)[0] == ("successors in non-terminator", "[", [])
    assert _placed('func.func @f() {\n  "cf.br"()[^bb1] : () -> ()\n^bb1:\n  return\n}\n') == []


def test_a_function_declaration_is_private():
    """SymbolOpInterface's verifier: a func.func without a body is a declaration, which may not
    be public (its default); a body on the signature's line is a body."""
    assert _placed("func.func @f()\n") == [
        ("'func.func' op symbol declaration cannot have public visibility", "func.func", [])]
    assert _placed("func.func public @f(i32)\n")[0][0] == "'func.func' op symbol declaration cannot have public visibility"
    assert _placed("func.func private @f()\nfunc.func nested @g()\n") == []
    assert _placed("func.func @f(%a: i64) { return }\n") == []
    assert _placed("func.func @f() attributes {a} {\n  return\n}\n") == []
