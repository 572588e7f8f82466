"""Upstream MLIR text that cute-ir now judges as mlir-opt 22 does, with its first error's words,
line and column and nothing else: an affine map whose body the affine parser stops in (a `)`
with no `(`, `affine_map< d0)`, or a `<` left open), a comma first in an operand list the
format reads between brackets (`%t[, %i]`: parseOperandList reads an empty list, then wants
the `]`), and `tensor.expand_shape`'s `output_shape` values against the dynamic entries of its
static list (the generic form writes the two apart), and `tensor.pad`'s result type against
the one its padding infers; an op's type list left open, the indices a C++ parser reads in
square brackets, a region without its `{` (scf.index_switch's, scf.if's, scf.for's,
scf.execute_region's, scf.while's, affine.for's, gpu.launch's; first in a block; typed before
its `{`; after `else` and scf.while's `do`), a stray closer after an alias definition, a token where a complete affine
map's `>` belongs, a broken map as a later dictionary entry or the first entry of a generic op's
properties, an op's trailing
`loc(#name)`, and a name inside another location or an alias's value. The oracle runs each case when it is here."""
from __future__ import annotations

import pytest

from tests.mlir_oracle import errors_at, first_mlir_error, mlir_opt, needs_mlir_opt

_F = "func.func @f() {\n  return\n}\n"
_AFFINE = [
    ("func.func @f() attributes {m = affine_map< d0)} {\n  return\n}\n", 1, 43,
     "expected '(' in dimensional identifier list"),
    ("#map = affine_map< d0)\n" + _F, 1, 19, "expected '(' in dimensional identifier list"),
    ("func.func @f(%m: index) {\n  %j = affine.apply affine_map< d0) -> (d0)>(%m)\n  return\n}\n", 2, 32,
     "expected '(' in dimensional identifier list"),
    ("#set = affine_set< d0) : (d0 >= 0)>\n" + _F, 1, 19, "expected '(' in dimensional identifier list"),
    ("#map = affine_map<(d0) -> d0)>\n" + _F, 1, 26, "expected '(' in affine map range"),
    ("#map = affine_map<(d0) -> (d0 + ))>\n" + _F, 1, 33, "missing right operand of binary operator"),
    ("#map = affine_map<)>\n" + _F, 1, 19, "expected '(' in dimensional identifier list"),
    ("func.func @f(%m: memref<4xf32, affine_map< d0) -> (d0)>>) {\n  return\n}\n", 1, 43,
     "expected '(' in dimensional identifier list"),
    # the `<` left open too: the body up to the line's end, where the next statement starts
    ("#map = affine_map<(d0)[s0 -> (d0 + s0)\n" + _F, 1, 26, "expected ']' in symbol list"),
    ("#map = affine_map<(d0 d0)\n" + _F, 1, 22, "expected ')' in dimensional identifier list"),
]

_HEAD = "func.func @f(%t: tensor<4x4xf32>, %m: memref<4x4xf32>, %v: f32, %i: index, %j: index) {\n"
_INDICES = [
    ("%0 = tensor.extract %t[, %i] : tensor<4x4xf32>", 26, "expected ']'"),
    ("%0 = tensor.extract %t[ , %i] : tensor<4x4xf32>", 26, "expected ']'"),
    ("memref.store %v, %m[, %i] : memref<4x4xf32>", 23, "expected ']'"),
    ("%0 = memref.load %m[,] : memref<4x4xf32>", 23, "expected ']'"),
    ("%0 = memref.load %m[, ] : memref<4x4xf32>", 23, "expected ']'"),
    ("%0 = tensor.insert %v into %t[, %i] : tensor<4x4xf32>", 33, "expected ']'"),
    ("%0 = vector.load %m[, %i] : memref<4x4xf32>, vector<4xf32>", 23, "expected ']'"),
    # (already so: a comma with no value after it, two values with no comma between them)
    ("%0 = memref.load %m[%i, , %j] : memref<4x4xf32>", 26, "expected SSA operand"),
    ("%0 = memref.load %m[%i %j] : memref<4x4xf32>", 25, "expected ']'"),
]

_EXPAND_HEAD = "func.func @f(%t: tensor<16xf32>, %u: tensor<?xf32>, %d: index) {\n"
_DYNAMIC = -9223372036854775808


def _expand(operands: str, static: str, types: str, result: str, groups: str = "[[0, 1]]") -> str:
    return (f'%0 = "tensor.expand_shape"({operands}) <{{reassociation = {groups}, static_output_shape = '
            f'array<i64: {static}>}}> : ({types}) -> {result}')


_MISMATCH = "'tensor.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: "
_EXPAND = [
    (_expand("%u, %d, %d", f"{_DYNAMIC}, 4", "tensor<?xf32>, index, index", "tensor<?x4xf32>"),
     _MISMATCH + "static_output_shape has 1 dynamic dims while output_shape has 2 values"),
    (_expand("%u", f"{_DYNAMIC}, 4", "tensor<?xf32>", "tensor<?x4xf32>"),
     _MISMATCH + "static_output_shape has 1 dynamic dims while output_shape has 0 values"),
    (_expand("%t, %d", "4, 4", "tensor<16xf32>, index", "tensor<4x4xf32>"),
     _MISMATCH + "static_output_shape has 0 dynamic dims while output_shape has 1 values"),
    # before the reassociation's own checks
    (_expand("%u, %d, %d", f"{_DYNAMIC}, 4", "tensor<?xf32>, index, index", "tensor<?x4xf32>", "[[0], [1]]"),
     _MISMATCH + "static_output_shape has 1 dynamic dims while output_shape has 2 values"),
    # after the static list's length
    (_expand("%u, %d", f"{_DYNAMIC}, 4, 2", "tensor<?xf32>, index", "tensor<?x4xf32>"),
     "'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but "
     "found 3 inputs instead"),
]
_EXPAND_FINE = [
    _expand("%u, %d", f"{_DYNAMIC}, 4", "tensor<?xf32>, index", "tensor<?x4xf32>"),
    _expand("%t", "4, 4", "tensor<16xf32>", "tensor<4x4xf32>"),
    "%0 = tensor.expand_shape %u [[0, 1]] output_shape [%d, 4] : tensor<?xf32> into tensor<?x4xf32>",
    "%0 = tensor.expand_shape %u [[0, 1]] output_shape [%d, %d] : tensor<?xf32> into tensor<?x4xf32>",
]


_PAD_HEAD = "func.func @f(%t: tensor<4x4xf32>, %u: tensor<?x4xf32>, %v: f32, %i: index) {\n"


def _pad(source: str, low: str, high: str, types: str) -> str:
    return (f"%0 = tensor.pad {source} low[{low}] high[{high}] {{\n  ^bb0(%a: index, %b: index):\n"
            f"    tensor.yield %v : f32\n  }} : {types}")


# PadOp::verify's own words, not prefixed with the op's name (emitError)
_PAD = [
    (_pad("%t", "1, 1", "1, 1", "tensor<4x4xf32> to tensor<6x7xf32>"),
     "specified type 'tensor<6x7xf32>' does not match the inferred type 'tensor<6x6xf32>'"),
    (_pad("%t", "1, 1", "1, 1", "tensor<4x4xf32> to tensor<6xf32>"),
     "specified type 'tensor<6xf32>' does not match the inferred type 'tensor<6x6xf32>'"),
    (_pad("%t", "1, 1", "1, 1", "tensor<4x4xf32> to tensor<?x6xf32>"),
     "specified type 'tensor<?x6xf32>' does not match the inferred type 'tensor<6x6xf32>'"),
    (_pad("%t", "1", "1, 1", "tensor<4x4xf32> to tensor<6x6xf32>"),
     "failed to infer expectedType from sourceType 'tensor<4x4xf32>', specified resultType is 'tensor<6x6xf32>'"),
]
_PAD_FINE = [
    _pad("%t", "1, 1", "1, 1", "tensor<4x4xf32> to tensor<6x6xf32>"),
    _pad("%t", "%i, 1", "1, 1", "tensor<4x4xf32> to tensor<7x6xf32>"),    # dynamic where its low is
    _pad("%u", "1, 1", "1, 1", "tensor<?x4xf32> to tensor<9x6xf32>"),     # dynamic where its source is
]


# An op's function type whose `(` is left open: the type list parser wants its `)` at the first
# token after a type that is no comma, right after that type (or a closed list with no `->`).
_TYPE_HEAD = "func.func @f(%a: i32, %b: i32, %m: memref<4xf32>, %i: index) {\n"
_OPEN_TYPES = [
    ('%0 = "arith.addi"(%a, %b) : (i32, i32', 40, "expected ')'"),
    ('%0 = "arith.addi"(%a, %b) : (i32, i32 // a comment', 40, "expected ')'"),
    ('%0 = "arith.addi"(%a, %b) : (i32, i32 ->', 40, "expected ')'"),
    ('%0 = "arith.addi"(%a, %b) : (i32, i32 i32', 40, "expected ')'"),
    ('%0 = "arith.addi"(%a, %b) : (i32, i32)', 41, "expected '->' in function type"),
    ('%0 = "arith.addi"(%a, %b) : (i32, i32 -> (i32', 40, "expected ')'"),
    ('"test.foo"(%a, %b) : (i32, vector<4xi32>', 43, "expected ')'"),
    ('"test.foo"(%a, %b) : (i32, i32) -> (i32', 42, "expected ')'"),
    ("%0 = arith.addi %a, %b : (i32", 32, "expected ')'"),
    ("%0 = arith.addi %a, %b : (i32) -> (i32", 41, "expected ')'"),
    ("%0 = memref.load %m[%i] : (memref<4xf32>", 43, "expected ')'"),
    # (the callee's result count is not judged against a type list read in part)
    ("%0 = func.call @g(%a, %b) : (i32, i32 -> i32", 40, "expected ')'"),
    # a custom form's functional type: its closed inputs and no `->` after them
    ("%0 = func.call @g(%a, %b) : (i32, i32) - (i32)", 41, "expected '->' in function type"),
    ("%0 = func.call @g(%a, %b) : (i32, i32)", 41, "expected '->' in function type"),
]
_TYPE_TAIL = "func.func private @g(i32, i32) -> i32\n"


# The indices a custom parser reads as an operand list in square brackets (parseOperandList,
# Delimiter::Square: `expected SSA operand` where a value belongs, backed up over blanks), or as
# an affine map of SSA ids (`expected affine expression` at the comma or `]`).
_ACCESS_HEAD = "func.func @f(%m: memref<4x4xf32>, %i: index, %p: f32, %v: vector<4xf32>) {\n"
_ACCESSES = [
    ("%0 = vector.transfer_read %m[, %i], %p : memref<4x4xf32>, vector<4xf32>", 32, "expected SSA operand"),
    ("%0 = vector.transfer_read %m[ , %i], %p : memref<4x4xf32>, vector<4xf32>", 32, "expected SSA operand"),
    ("%0 = vector.transfer_read %m[,], %p : memref<4x4xf32>, vector<4xf32>", 32, "expected SSA operand"),
    ("%0 = vector.transfer_read %m[%i,], %p : memref<4x4xf32>, vector<4xf32>", 35, "expected SSA operand"),
    ("%0 = vector.transfer_read %m[%i, , %i], %p : memref<4x4xf32>, vector<4xf32>", 35, "expected SSA operand"),
    ("%0 = vector.transfer_read %m[%i %i], %p : memref<4x4xf32>, vector<4xf32>", 34, "expected ']' in operand list"),
    ("vector.transfer_write %v, %m[, %i] : vector<4xf32>, memref<4x4xf32>", 32, "expected SSA operand"),
    ("memref.prefetch %m[, %i], read, locality<3>, data : memref<4x4xf32>", 22, "expected SSA operand"),
    ("memref.prefetch %m[%i, ], read, locality<3>, data : memref<4x4xf32>", 25, "expected SSA operand"),
    ("%0 = memref.generic_atomic_rmw %m[, %i] : memref<4x4xf32> {\n  ^bb0(%x: f32):\n"
     "    memref.atomic_yield %x : f32\n  }", 37, "expected SSA operand"),
    ("%0 = affine.load %m[, %i] : memref<4x4xf32>", 23, "expected affine expression"),
    ("%0 = affine.load %m[ , %i] : memref<4x4xf32>", 24, "expected affine expression"),
    ("%0 = affine.load %m[%i, ] : memref<4x4xf32>", 27, "expected affine expression"),
    ("affine.store %p, %m[, %i] : memref<4x4xf32>", 23, "expected affine expression"),
    ("%0 = affine.vector_load %m[, %i] : memref<4x4xf32>, vector<4xf32>", 30, "expected affine expression"),
    ("affine.prefetch %m[, %i], read, locality<3>, data : memref<4x4xf32>", 22, "expected affine expression"),
]
_ACCESSES_FINE = [
    "%0 = vector.transfer_read %m[%i, %i], %p : memref<4x4xf32>, vector<4xf32>",
    "vector.transfer_write %v, %m[%i, %i] : vector<4xf32>, memref<4x4xf32>",
    "memref.prefetch %m[%i, %i], read, locality<3>, data : memref<4x4xf32>",
    "%0 = affine.load %m[%i + 1, symbol(%i) * 2] : memref<4x4xf32>",
    "affine.store %p, %m[%i, %i floordiv 2] : memref<4x4xf32>",
]


# scf.index_switch's `case` or `default` written without its region's `{`: the parser stops
# there; the grammar supplies the `{` (its scanner's REGION_OPEN_MISSING), so the region's ops
# and its `}` are the region's and nothing around them is judged out of place.
_SWITCH_HEAD = "func.func @f(%i: index) -> i32 {\n  %0 = scf.index_switch %i -> i32\n"
_SWITCH_CASE = "  case 2{0}\n    %c = arith.constant 1 : i32\n    scf.yield %c : i32\n  }}\n"
_SWITCH_DEFAULT = "  default{0}\n    %d = arith.constant 2 : i32\n    scf.yield %d : i32\n  }}\n"
_SWITCH_TAIL = "  return %0 : i32\n}\n"
_SWITCHES = [
    (_SWITCH_HEAD + _SWITCH_CASE.format("") + _SWITCH_DEFAULT.format(" {") + _SWITCH_TAIL, 3, 9,
     "expected '{' to begin a region"),
    (_SWITCH_HEAD + _SWITCH_CASE.format(" {") + _SWITCH_DEFAULT.format("") + _SWITCH_TAIL, 7, 10,
     "expected '{' to begin a region"),
    ("func.func @f(%i: index) {\n  scf.index_switch %i\n  case 2\n    scf.yield\n  }\n  default {\n    scf.yield\n"
     "  }\n  return\n}\n", 3, 9, "expected '{' to begin a region"),
    ("func.func @f(%i: index) {\n  scf.index_switch %i\n  default\n    scf.yield\n  }\n  return\n}\n", 3, 10,
     "expected '{' to begin a region"),
]


# scf.if / scf.for / scf.execute_region (and scf.if's `else`) written without their region's
# `{`, the region's ops and its `}` after them: the same one error, wherever the op is nested.
_IF_HEAD = "func.func @f(%c: i1) {\n  scf.if %c"
_FOR_HEAD = ("func.func @f(%n: index, %x: i32) -> i32 {\n  %c0 = arith.constant 0 : index\n"
             "  %c1 = arith.constant 1 : index\n")
_BRACELESS = [
    (_IF_HEAD + "\n    %x = arith.constant 1 : i32\n  }\n  return\n}\n", 2, 12, "expected '{' to begin a region"),
    (_IF_HEAD + " // why\n  // and more\n    %x = arith.constant 1 : i32\n  }\n  return\n}\n", 2, 12,
     "expected '{' to begin a region"),
    (_IF_HEAD + "\n  }\n  return\n}\n", 2, 12, "expected '{' to begin a region"),
    ("func.func @f(%c: i1) -> i32 {\n  %0 = scf.if %c -> i32 {\n    %x = arith.constant 1 : i32\n"
     "    scf.yield %x : i32\n  } else\n    %y = arith.constant 2 : i32\n    scf.yield %y : i32\n  }\n"
     "  return %0 : i32\n}\n", 5, 9, "expected '{' to begin a region"),
    (_FOR_HEAD + "  scf.for %i = %c0 to %n step %c1\n    %y = arith.constant 1 : i32\n  }\n  return %x : i32\n}\n",
     4, 34, "expected '{' to begin a region"),
    (_FOR_HEAD + "  %r = scf.for %i = %c0 to %n step %c1\n      iter_args(%a = %x) -> (i32)\n"
     "    %y = arith.addi %a, %a : i32\n    scf.yield %y : i32\n  }\n  return %r : i32\n}\n",
     5, 34, "expected '{' to begin a region"),
    ("func.func @f() -> i32 {\n  %0 = scf.execute_region -> i32\n    %x = arith.constant 1 : i32\n"
     "    scf.yield %x : i32\n  }\n  return %0 : i32\n}\n", 2, 33, "expected '{' to begin a region"),
    ("module {\n  func.func @f(%c: i1, %n: index) {\n    %c0 = arith.constant 0 : index\n"
     "    %c1 = arith.constant 1 : index\n    scf.for %i = %c0 to %n step %c1 {\n      scf.if %c\n"
     "        %x = arith.constant 1 : i32\n      }\n    }\n    return\n  }\n  func.func @g() {\n    return\n  }\n}\n",
     6, 16, "expected '{' to begin a region"),
]
# scf.while (its first region), affine.for and gpu.launch likewise; and an op whose region has
# no `{` first in a block, on its label's line or the next.
_LAUNCH = ("gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n) "
           "threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n)")
_BRACELESS_MORE = [
    ("func.func @f(%x: i32) -> i32 {\n  %0 = scf.while (%a = %x) : (i32) -> i32\n    %c = arith.constant true\n"
     "    scf.condition(%c) %a : i32\n  } do {\n  ^bb0(%b: i32):\n    scf.yield %b : i32\n  }\n  return %0 : i32\n}\n",
     2, 42, "expected '{' to begin a region"),
    ("func.func @f() {\n  affine.for %i = 0 to 10\n    %x = arith.constant 1 : i32\n  }\n  return\n}\n", 2, 26,
     "expected '{' to begin a region"),
    (f"func.func @f(%n: index) {{\n  {_LAUNCH}\n    gpu.terminator\n  }}\n  return\n}}\n", 2, 126,
     "expected '{' to begin a region"),
    ("func.func @f(%c: i1) {\n  cf.br ^bb1\n^bb1: scf.if %c\n    %x = arith.constant 1 : i32\n  }\n  return\n}\n",
     3, 16, "expected '{' to begin a region"),
    ("func.func @f(%c: i1) {\n  cf.br ^bb1\n^bb1:\n  scf.if %c\n    %x = arith.constant 1 : i32\n  }\n  return\n}\n",
     4, 12, "expected '{' to begin a region"),
    ("func.func @f() {\n  cf.br ^bb1\n^bb1:  %r = scf.execute_region -> i32\n    %x = arith.constant 1 : i32\n"
     "    scf.yield %x : i32\n  }\n  return\n}\n", 3, 38, "expected '{' to begin a region"),
]
# The op typed before its `{`: the next line, indented no deeper than the op's, is the block's
# around it, not the region's; the one error, and nothing after it.
_BRACE_TO_COME = [
    ("func.func @f(%c: i1) {\n  scf.if %c\n  %x = arith.constant 1 : i32\n  return\n}\n"
     "func.func @g() {\n  return\n}\n", 2, 12, "expected '{' to begin a region"),
    ("func.func @f(%c: i1) -> i32 {\n  %0 = scf.if %c -> i32\n  return %0 : i32\n}\n", 2, 24,
     "expected '{' to begin a region"),
    ("func.func @f(%c: i1) {\n  scf.if %c\n}\n", 2, 12, "expected '{' to begin a region"),
    ("func.func @f() {\n  affine.for %i = 0 to 10\n  return\n}\n", 2, 26, "expected '{' to begin a region"),
    ("func.func @f(%c: i1) {\n  cf.br ^bb1\n^bb1:\n  scf.if %c\n^bb2:\n  return\n}\n", 4, 12,
     "expected '{' to begin a region"),
    ("module {\n  func.func @f(%c: i1) {\n    scf.if %c {\n      scf.if %c\n    }\n    return\n  }\n}\n", 4, 16,
     "expected '{' to begin a region"),
]
# `else` and scf.while's `do` without their region's `{`: the region's lines after them
# (deeper than the `}` before the word, a block label as deep), or, typed before the `{`, the
# rest of the block after them (no deeper): the one error either way, the file after it read.
_G2 = "func.func @g() {\n  return\n}\n"
_WHILE_HEAD = "func.func @f(%x: i32) {\n  scf.while : () -> () {\n    %c = arith.constant true\n    scf.condition(%c)\n  } do"
_WORD_BEFORE_BRACE = [
    ("func.func @f(%c: i1) {\n  scf.if %c {\n    %x = arith.constant 1 : i32\n  } else\n  %y = arith.constant 2 : i32\n"
     "  return\n}\n" + _G2, 4, 9, "expected '{' to begin a region"),
    ("func.func @f(%c: i1) {\n  scf.if %c {\n    %x = arith.constant 1 : i32\n  } else\n}\n" + _G2, 4, 9,
     "expected '{' to begin a region"),
    ("func.func @f(%c: i1) -> i32 {\n  %0 = scf.if %c -> i32 {\n    %x = arith.constant 1 : i32\n    scf.yield %x : i32\n"
     "  } else\n  return %0 : i32\n}\n" + _G2, 5, 9, "expected '{' to begin a region"),
    ("func.func @f(%c: i1) {\n  scf.if %c {\n    %x = arith.constant 1 : i32\n  } else\n^bb1:\n  return\n}\n", 4, 9,
     "expected '{' to begin a region"),
    ("func.func @f(%x: i32) -> i32 {\n  %0 = scf.while (%a = %x) : (i32) -> i32 {\n    %c = arith.constant true\n"
     "    scf.condition(%c) %a : i32\n  } do\n  ^bb0(%b: i32):\n    scf.yield %b : i32\n  }\n  return %0 : i32\n}\n" + _G2,
     5, 7, "expected '{' to begin a region"),
    (_WHILE_HEAD + "\n    scf.yield\n  }\n  return\n}\n" + _G2, 5, 7, "expected '{' to begin a region"),
    (_WHILE_HEAD + "\n  return\n}\n" + _G2, 5, 7, "expected '{' to begin a region"),
    ("func.func @f(%x: i32) -> i32 {\n  %0 = scf.while (%a = %x) : (i32) -> i32\n  ^bb0(%a1: i32):\n"
     "    %c = arith.constant true\n    scf.condition(%c) %a1 : i32\n  } do {\n  ^bb0(%b: i32):\n    scf.yield %b : i32\n"
     "  }\n  return %0 : i32\n}\n" + _G2, 2, 42, "expected '{' to begin a region"),
]
# Each region's `{` on the line after its op's header.
_BRACES_BELOW = [
    "func.func @f(%c: i1) -> i32 {\n  %0 = scf.if %c -> i32\n  {\n    %x = arith.constant 1 : i32\n"
    "    scf.yield %x : i32\n  }\n  else\n  {\n    %y = arith.constant 2 : i32\n    scf.yield %y : i32\n  }\n"
    "  %1 = scf.execute_region -> i32\n  {\n    scf.yield %0 : i32\n  }\n  return %1 : i32\n}\n",
]


# A stray closer or comma after a complete alias definition: the top-level parser takes it for
# an op's start ("expected operation name in quotes"), right after the definition when a blank
# or a comment stands between.
_AFTER_ALIAS = [
    ("#a = affine_map<(d0) -> (d0)>)\n" + _F, 1, 30, "expected operation name in quotes"),
    ("#a = 1 : i32}\n" + _F, 1, 13, "expected operation name in quotes"),
    ("#a = 1 : i32 )\n" + _F, 1, 13, "expected operation name in quotes"),
    ("!t = i32 >\n" + _F, 1, 9, "expected operation name in quotes"),
    ("#a = 1 : i32 // note\n,\n" + _F, 1, 13, "expected operation name in quotes"),
    ("#a = [1, 2]]\n" + _F, 1, 12, "expected operation name in quotes"),
]


# A broken map or set as the first entry of a generic op's properties `<{...}>`.
_G = "func.func @f() {{\n  \"func.return\"() <{{m = {0}}}> : () -> ()\n}}\n"
_IN_PROPERTIES = [
    (_G.format("affine_map< d0)"), 2, 36, "expected '(' in dimensional identifier list"),
    (_G.format("affine_set< d0) : (d0 >= 0)>"), 2, 36, "expected '(' in dimensional identifier list"),
    (_G.format("affine_map<(d0) -> d0)>"), 2, 43, "expected '(' in affine map range"),
]


# A token where the `>` after a complete map or set belongs: the attribute parser's words.
_AFTER_MAP = [
    ("#map = affine_map<(d0) -> (d0))>\n" + _F, 1, 31, "expected '>' in affine map"),
    ("#map = affine_map<(d0)[s0] -> (d0 + s0))>\n" + _F, 1, 40, "expected '>' in affine map"),
    ("#set = affine_set<(d0) : (d0 >= 0))>\n" + _F, 1, 35, "expected '>' in integer set"),
    ("func.func @f() attributes {m = affine_map<(d0) -> (d0))>} {\n  return\n}\n", 1, 55,
     "expected '>' in affine map"),
    ("func.func @f(%m: index) {\n  %j = affine.apply affine_map<(d0) -> (d0))>(%m)\n  return\n}\n", 2, 44,
     "expected '>' in affine map"),
    ("func.func @f(%m: memref<4xf32, affine_map<(d0) -> (d0))>>) {\n  return\n}\n", 1, 55,
     "expected '>' in affine map"),
]

# A broken map or set as a later entry of a dictionary (the first entry's is in _AFFINE).
_LATER_ENTRY = [
    ("func.func @f() attributes {a = 1, m = affine_map< d0)} {\n  return\n}\n", 1, 50,
     "expected '(' in dimensional identifier list"),
    ("func.func @f() attributes {a = 1, b = \"x\", s = affine_set< d0) : (d0 >= 0)>} {\n  return\n}\n", 1, 59,
     "expected '(' in dimensional identifier list"),
    ("func.func @f() attributes {a = 1, m = affine_map<(d0) -> (d0))>} {\n  return\n}\n", 1, 62,
     "expected '>' in affine map"),
    ("func.func @f() attributes {a = 1 : i32, m = affine_map<(d0) -> d0)>} {\n  return\n}\n", 1, 63,
     "expected '(' in affine map range"),
    ("func.func @f() attributes {a = 1, m = affine_map<(d0)[s0 -> (d0 + s0)>} {\n  return\n}\n", 1, 57,
     "expected ']' in symbol list"),
]


# An op's trailing `loc(#name)`: resolved once the file is read when no definition precedes it.
_LOCATIONS = [
    ("func.func @f() {\n  return loc(#loc1)\n}\n#loc1 = 1 : i32\n", 2, 14, "expected location, but found '1 : i32'"),
    ("#loc1 = 1 : i32\nfunc.func @f() {\n  return loc(#loc1)\n}\n", 3, 14,
     "expected location, but found '1 : i32'"),
    ("func.func @f() {\n  return loc(#loc1)\n}\n#loc1 = true\n", 2, 14, "expected location, but found 'true'"),
    ("func.func @f() {\n  return loc(#loc1)\n}\n", 2, 14, "operation location alias was never defined"),
    ("func.func @f(%a: i32 loc(#l)) {\n  return\n}\n", 1, 26, "operation location alias was never defined"),
]
# A name inside another location or inside an alias's value: resolved where it stands, so
# defined only by a statement before it (the first such name MLIR cannot resolve, at its end).
_L1, _L2 = '#l1 = loc("a":1:1)\n', '#l2 = loc("b":2:2)\n'
_LOCATION_PARTS = [
    ("func.func @f() {\n  return loc(fused[#l1, #l2])\n}\n" + _L1 + _L2, 2, 23, "undefined symbol alias id 'l1'"),
    ("func.func @f() {\n  return loc(fused[#l1 , #l2])\n}\n" + _L1 + _L2, 2, 23, "undefined symbol alias id 'l1'"),
    ("func.func @f() {\n  return loc(callsite(#l1 at #l2))\n}\n" + _L1 + _L2, 2, 26,
     "undefined symbol alias id 'l1'"),
    (_L1 + "func.func @f() {\n  return loc(callsite(#l1 at #l2))\n}\n" + _L2, 3, 33,
     "undefined symbol alias id 'l2'"),
    ("#l0 = loc(fused[#l1])\n" + _L1 + "func.func @f() {\n  return loc(#l0)\n}\n", 1, 20,
     "undefined symbol alias id 'l1'"),
    ("#l0 = loc(#l1)\n" + _L1, 1, 14, "undefined symbol alias id 'l1'"),
    ('#l0 = loc("n"(#l1))\n' + _L1, 1, 18, "undefined symbol alias id 'l1'"),
    ("#l0 = loc(fused[#l0])\n", 1, 20, "undefined symbol alias id 'l0'"),
    ("func.func @f() {\n  return loc(fused[#l1, #l2])\n}\n" + _L1, 2, 23, "undefined symbol alias id 'l1'"),
    (_L1 + "func.func @f() {\n  return loc(fused[#l1, #l2])\n}\n", 3, 28, "undefined symbol alias id 'l2'"),
    ("func.func @f(%a: i32 loc(fused[#l1])) {\n  return\n}\n" + _L1, 1, 35, "undefined symbol alias id 'l1'"),
    ("func.func @f() {\n  return loc(fused[#l1 // c\n  ])\n}\n" + _L1, 2, 23, "undefined symbol alias id 'l1'"),
    ('func.func @f() {\n  "func.return"() : () -> () loc(fused[#l1])\n}\n' + _L1, 2, 43,
     "undefined symbol alias id 'l1'"),
    ("func.func @f(%c: i32) {\n  cf.br ^bb1(%c : i32)\n^bb1(%a: i32 loc(fused[#l1])):\n  return\n}\n" + _L1, 3, 27,
     "undefined symbol alias id 'l1'"),
    # `fused<...>`'s metadata, any attribute, resolved where it stands too
    (_L1 + "#l0 = loc(fused<#m>[#l1])\n#m = 1\n", 2, 19, "undefined symbol alias id 'm'"),
    # an attribute alias where a location belongs: defined later, undefined; before, no location
    ("func.func @f() {\n  return loc(fused[#a])\n}\n#a = 1 : i32\n", 2, 22, "undefined symbol alias id 'a'"),
    ("#a = 1 : i32\nfunc.func @f() {\n  return loc(fused[#a])\n}\n", 3, 22,
     "expected location attribute, but got1 : i32"),
    ('#a = "s"\nfunc.func @f() {\n  return loc(callsite(#a at "b":1:1))\n}\n', 3, 26,
     'expected location attribute, but got"s"'),
]
# A location's definition redefined, by another location or an attribute (MLIR keeps one table
# of attribute aliases, locations among them), and an attribute redefined as a location.
_REDEFINED_LOCATIONS = [
    ('#l = loc("a":1:1)\n#l = loc("b":1:1)\nfunc.func @f() {\n  return loc(#l)\n}\n', 2, 1,
     "redefinition of attribute alias id 'l'"),
    ('#l = loc("a":1:1)\n#l = 1\n', 2, 1, "redefinition of attribute alias id 'l'"),
    ('#l = 1\n#l = loc("a":1:1)\n', 2, 1, "redefinition of attribute alias id 'l'"),
]
_LOCATIONS_FINE = [
    "func.func @f() {\n  return loc(#loc1)\n}\n#loc1 = loc(\"a.py\":1:2)\n",
    "func.func @f(%a: i32 loc(#l)) {\n  return\n}\n#l = loc(\"a.py\":1:2)\n",
    # an op's trailing `loc(#l0)` waits for the file's end; #l0's own names are defined before it
    "func.func @f() {\n  return loc(#l0)\n}\n" + _L1 + "#l0 = loc(fused[#l1])\n",
    _L1 + _L2 + "#l0 = loc(callsite(#l1 at #l2))\nfunc.func @f() {\n  return loc(fused[#l0, #l1])\n}\n",
    "#m = 1\n" + _L1 + "#l0 = loc(fused<#m>[#l1])\nfunc.func @f() {\n  return loc(#l0)\n}\n",
    "func.func @f(%c: i32) {\n  cf.br ^bb1(%c : i32)\n^bb1(%a: i32 loc(#l1)):\n  return\n}\n" + _L1,
]


def _cases() -> list[tuple[str, int, int, str]]:
    return (_AFFINE
            + [(f"{_HEAD}  {op}\n  return\n}}\n", 2, column, message) for op, column, message in _INDICES]
            + [(f"{_EXPAND_HEAD}  {op}\n  return\n}}\n", 2, 8, message) for op, message in _EXPAND]
            + [(f"{_PAD_HEAD}  {op}\n  return\n}}\n", 2, 8, message) for op, message in _PAD]
            + [(f"{_TYPE_HEAD}  {op}\n  return\n}}\n{_TYPE_TAIL}", 2, column, message)
               for op, column, message in _OPEN_TYPES]
            + [(f"{_ACCESS_HEAD}  {op}\n  return\n}}\n", 2, column, message) for op, column, message in _ACCESSES]
            + _SWITCHES + _BRACELESS + _BRACELESS_MORE + _BRACE_TO_COME + _WORD_BEFORE_BRACE + _AFTER_ALIAS + _IN_PROPERTIES + _AFTER_MAP + _LATER_ENTRY + _LOCATIONS
            + _LOCATION_PARTS + _REDEFINED_LOCATIONS)


CASES = _cases()
WELL_FORMED = ([f"{_EXPAND_HEAD}  {op}\n  return\n}}\n" for op in _EXPAND_FINE]
               + [f"{_PAD_HEAD}  {op}\n  return\n}}\n" for op in _PAD_FINE]
               + [f"{_ACCESS_HEAD}  {op}\n  return\n}}\n" for op in _ACCESSES_FINE] + _LOCATIONS_FINE
               + _BRACES_BELOW)


@pytest.mark.parametrize(("text", "line", "column", "message"), CASES)
def test_the_first_error_is_mlirs(text: str, line: int, column: int, message: str) -> None:
    assert errors_at(text) == [(line, column, message)]


# An alias undefined where it stands: MLIR's parser stops at it, so nothing after it in its op
# is said (not the `: i32` left after the attribute `#x`, which an attribute alias defined
# before it leaves: "expected operation name in quotes"). The name is underlined whole, where
# mlir-opt points at the character after it (docs/fidelity.md).
_AT_UNDEFINED_ALIAS = [
    ("func.func @f() {\n  %0 = arith.constant #x : i32\n  return\n}\n", 2, 23, 25, "undefined symbol alias id 'x'"),
    ("func.func @f() {\n  %0 = arith.constant #x : i32 i32\n  return\n}\n", 2, 23, 25,
     "undefined symbol alias id 'x'"),
    ("func.func @f(%a: i32) {\n  %0 = arith.constant #x\n  %1 = arith.addi %0, %a : i32\n  return\n}\n#x = 1 : i32\n",
     2, 23, 25, "undefined symbol alias id 'x'"),
    # Its own operands are resolved once it is read: an undeclared one before the alias is not said.
    ("func.func @f(%a: i32) {\n  %0 = arith.addi %a, %nope : !t\n  return\n}\n", 2, 31, 33,
     "undefined symbol alias id 't'"),
    ('func.func @f(%a: i32) {\n  %0 = "arith.addi"(%a, %nope) : (i32, !t) -> i32\n  return\n}\n', 2, 40, 42,
     "undefined symbol alias id 't'"),
]


@pytest.mark.parametrize(("text", "line", "column", "_", "message"), _AT_UNDEFINED_ALIAS)
def test_an_undefined_alias_is_the_one_error(text: str, line: int, column: int, _: int, message: str) -> None:
    assert errors_at(text) == [(line, column, message)]


@needs_mlir_opt
def test_mlir_opt_stops_at_an_undefined_alias():
    for text, line, _, column, message in _AT_UNDEFINED_ALIAS:
        assert first_mlir_error(text) == (line, column, message), text
        assert mlir_opt(text).stderr.count("error:") == 1, text
    assert first_mlir_error("#x = 1\n" + _AT_UNDEFINED_ALIAS[0][0]) == (3, 25, "expected operation name in quotes")
    assert errors_at("#x = 1\n" + _AT_UNDEFINED_ALIAS[0][0]) == [(3, 25, "expected operation name in quotes")]


@pytest.mark.parametrize("text", WELL_FORMED)
def test_what_mlir_accepts_has_no_error(text: str) -> None:
    assert errors_at(text) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same_first():
    for text, line, column, message in CASES:
        assert first_mlir_error(text) == (line, column, message), text
    for text in WELL_FORMED:
        assert mlir_opt(text).returncode == 0, text
