"""The gpu dialect's own verifiers beyond its reductions (dialects/gpu_checks.py), in mlir-opt
22's words for the same input."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from tests.mlir_oracle import assert_mlir_opt_agrees, needs_mlir_opt

WARP = "'gpu.warp_execute_on_lane_0' op "


def _warp(body: str) -> str:
    """A warp region in a function with a lane id `%l` and a vector `%v`."""
    return f"func.func @w(%l: index, %v: vector<4xi32>) {{\n    {body}\n  return\n}}\n"


# A launch in a function of an index `%s`, its body `{0}`.
_LAUNCH = ("func.func @l(%s: index) {{\n  gpu.launch blocks(%bx, %by, %bz) in (%sbx = %s, %sby = %s, %sbz = %s)\n"
           "             threads(%tx, %ty, %tz) in (%stx = %s, %sty = %s, %stz = %s) {{\n    {0}\n  }}\n  return\n}}\n")
_MAJOR = "#major = affine_map<(i, j) -> (j, i)>\n"
# A binary whose object's kernel table names two kernels `{0}` and `{1}`.
_BINARY = ('gpu.binary @bin [#gpu.object<#rocdl.target<chip = "gfx900">, kernels = #gpu.kernel_table<[\n'
           '  #gpu.kernel_metadata<{0}, (i32) -> ()>,\n  #gpu.kernel_metadata<{1}, (i32, f32) -> ()>\n]>, bin = "BLOB">]\n')
# A load of a matrix of the type `{0}`.
_LOAD = ("func.func @m(%m: memref<32x32xf16, 3>, %i: index) {{\n  %0 = gpu.subgroup_mma_load_matrix %m[%i, %i] "
         "{{leadDimension = 32 : index}} : memref<32x32xf16, 3> -> {0}\n  return\n}}\n")

CASES = [
    ("gpu.module @m {\n  gpu.func @k() -> index kernel {\n    %0 = arith.constant 0 : index\n    gpu.return\n  }\n}\n",
     "'gpu.func' op expected void return type for kernel function"),
    ("gpu.module @m {\n  gpu.func @k() workgroup(%a: i32) {\n    gpu.return\n  }\n}\n",
     "'gpu.func' op expected memref type in attribution"),
    ("gpu.module @m {\n  gpu.func @k() private(%a: memref<4xf32, #gpu.address_space<workgroup>>) {\n    gpu.return\n  }\n}\n",
     "'gpu.func' op expected memory space private in attribution"),
    ("gpu.module @m {\n  gpu.func @k() -> f32 {\n    %0 = arith.constant 0 : index\n    gpu.return %0 : index\n  }\n}\n",
     "'gpu.return' op unexpected type `'index'' for operand #0"),
    ("gpu.module @m {\n  gpu.func @k() {\n    %0 = arith.constant 0 : index\n    gpu.return %0 : index\n  }\n}\n",
     "'gpu.return' op expected 0 result operands"),
    ("func.func @c(%d: memref<?xf32>, %s: memref<?xi32>) {\n  gpu.memcpy %d, %s : memref<?xf32>, memref<?xi32>\n"
     "  return\n}\n", "'gpu.memcpy' op arguments have incompatible element type"),
    ("func.func @c(%d: memref<?xf32>, %s: memref<?x4xf32>) {\n  gpu.memcpy %d, %s : memref<?xf32>, memref<?x4xf32>\n"
     "  return\n}\n", "'gpu.memcpy' op arguments have incompatible shape"),
    ("gpu.module @m {\n  gpu.func @k() {\n    %0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<private>>\n"
     "    gpu.return\n  }\n}\n", "'gpu.dynamic_shared_memory' op address space must be address_space<workgroup>"),
    ("gpu.module @m {\n  gpu.func @k() {\n    %0 = gpu.dynamic_shared_memory : memref<8xi8, #gpu.address_space<workgroup>>\n"
     "    gpu.return\n  }\n}\n",
     "'gpu.dynamic_shared_memory' op result memref type must be memref<?xi8, #gpu.address_space<workgroup>>"),
    # the MMA matrix ops (SubgroupMmaComputeOp / SubgroupMmaStoreMatrixOp::verify: emitError)
    ("func.func @c(%a: !gpu.mma_matrix<16x16xf16, \"AOp\">, %b: !gpu.mma_matrix<16x16xf16, \"BOp\">, "
     "%c: !gpu.mma_matrix<16x16xf16, \"COp\">) {\n  %d = gpu.subgroup_mma_compute %b, %a, %c : "
     "!gpu.mma_matrix<16x16xf16, \"BOp\">, !gpu.mma_matrix<16x16xf16, \"AOp\"> -> !gpu.mma_matrix<16x16xf16, \"COp\">\n"
     "  return\n}\n", "operands must be in the order AOp, BOp, COp"),
    ("func.func @c(%a: !gpu.mma_matrix<16x32xf16, \"AOp\">, %b: !gpu.mma_matrix<16x16xf16, \"BOp\">, "
     "%c: !gpu.mma_matrix<16x16xf16, \"COp\">) {\n  %d = gpu.subgroup_mma_compute %a, %b, %c : "
     "!gpu.mma_matrix<16x32xf16, \"AOp\">, !gpu.mma_matrix<16x16xf16, \"BOp\"> -> !gpu.mma_matrix<16x16xf16, \"COp\">\n"
     "  return\n}\n", "operand shapes do not satisfy matmul constraints"),
    ("func.func @s(%a: !gpu.mma_matrix<16x16xf16, \"AOp\">, %m: memref<32x32xf16, 3>, %i: index) {\n"
     "  gpu.subgroup_mma_store_matrix %a, %m[%i, %i] {leadDimension = 32 : index} : "
     "!gpu.mma_matrix<16x16xf16, \"AOp\">, memref<32x32xf16, 3>\n  return\n}\n",
     "expected the operand matrix being stored to have 'COp' operand type"),
    # gpu.warp_execute_on_lane_0 (WarpExecuteOnLane0Op::verify, verifyDistributedType)
    (_warp("%r = gpu.warp_execute_on_lane_0(%l)[64] -> (vector<4xi32>) {\n    }"),
     WARP + "expected same number of yield operands and return values."),
    (_warp("gpu.warp_execute_on_lane_0(%l)[64] {\n    ^bb0(%a : vector<128xi32>):\n    }"),
     WARP + "expected same number op arguments and block arguments."),
    (_warp("%r = gpu.warp_execute_on_lane_0(%l)[64] -> (vector<4xi32>) {\n      %c = arith.constant dense<2> : "
           "vector<128xi32>\n      gpu.yield %c : vector<128xi32>\n    }"),
     WARP + "incompatible distribution dimensions from 'vector<128xi32>' to 'vector<4xi32>' with warp size = 64"),
    (_warp("gpu.warp_execute_on_lane_0(%l)[64] args(%v : vector<4xi32>) {\n    ^bb0(%a : vector<128xi32>):\n    }"),
     WARP + "incompatible distribution dimensions from 'vector<128xi32>' to 'vector<4xi32>' with warp size = 64"),
    (_warp("%r = gpu.warp_execute_on_lane_0(%l)[32] -> (vector<1x3xi32>) {\n      %c = arith.constant dense<2> : "
           "vector<4x8xi32>\n      gpu.yield %c : vector<4x8xi32>\n    }"),
     WARP + "expected expanded vector dimension #1 (8) to be a multipler of the distributed vector dimension (3)"),
    (_warp("%r = gpu.warp_execute_on_lane_0(%l)[32] -> (vector<4x4xi32>) {\n      %c = arith.constant dense<2> : "
           "vector<128xi32>\n      gpu.yield %c : vector<128xi32>\n    }"),
     WARP + "expected distributed vectors to have same rank and element type."),
    (_warp("%r = gpu.warp_execute_on_lane_0(%l)[32] -> (i32) {\n      %c = arith.constant dense<2> : "
           "vector<128xi32>\n      gpu.yield %c : vector<128xi32>\n    }"),
     WARP + "expected vector type for distributed operands."),
    # gpu.func's generic form (GPUFuncOp::verifyBody; its function_type's constraint)
    ('gpu.module @m {\n  "gpu.func"() ({}) {function_type = () -> (), sym_name = "k"} : () -> ()\n}\n',
     "'gpu.func' op expected body with at least one block"),
    ('gpu.module @m {\n  "gpu.func"() ({\n  ^bb0(%a: f32):\n    "gpu.return"() : () -> ()\n  }) {function_type = '
     '(f32, f32) -> (), sym_name = "k", workgroup_attributions = 1 : i64} : () -> ()\n}\n',
     "'gpu.func' op expected at least 3 arguments to body region"),
    ('gpu.module @m {\n  "gpu.func"() ({\n    "gpu.return"() : () -> ()\n  }) {function_type = f32, sym_name = "k"} '
     ': () -> ()\n}\n', "'gpu.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type"),
    # a constraint of an operand or result written `Arg<...>`, an ArrayAttr's constraint where the
    # format places it
    ("gpu.module @m {\n  gpu.func @k() {\n    %0 = gpu.dynamic_shared_memory : memref<?xf32, "
     "#gpu.address_space<workgroup>>\n    gpu.return\n  }\n}\n", "'gpu.dynamic_shared_memory' op result #0 must be 1D "
     "memref of 8-bit signless integer values, but got 'memref<?xf32, #gpu.address_space<workgroup>>'"),
    ("gpu.binary @b []\n", "'gpu.binary' op attribute 'objects' failed to satisfy constraint: an array of GPU object "
     "attributes with at least 1 elements"),
    # known launch sizes: the gpu dialect's attribute on any function, gpu.func's own inherent
    # attribute in its `attributes {...}` (the verifier's constraint, at the op)
    ("func.func @k() attributes {gpu.known_block_size = 32 : i32} {\n  return\n}\n",
     "'func.func' op gpu.known_block_size must be a dense i32 array"),
    ("func.func @k() attributes {gpu.known_block_size = array<i32: 2, 1>} {\n  return\n}\n",
     "'func.func' op gpu.known_block_size must contain exactly 3 elements"),
    ("gpu.module @m {\n  gpu.func @k() kernel attributes {known_block_size = array<i32: 2, 1>} {\n    gpu.return\n"
     "  }\n}\n", "'gpu.func' op attribute 'known_block_size' failed to satisfy constraint: i32 dense array attribute "
     "with 3 elements (if present)"),
    # gpu.launch_func's kernel is a symbol reference (its format's attribute kind)
    ("module attributes {gpu.container_module} {\n  func.func @l(%s: index) {\n    gpu.launch_func \"foo\" blocks in "
     "(%s, %s, %s) threads in (%s, %s, %s)\n    return\n  }\n}\n",
     "custom op 'gpu.launch_func' invalid kind of attribute specified"),
    # gpu.rotate (RotateOp::verify)
    ("func.func @r(%x: f32) {\n  %r, %v = gpu.rotate %x, 16, 16 : f32\n  return\n}\n",
     "'gpu.rotate' op offset must be in the range [0, 16)"),
    # the async token of custom<AsyncDependencies>
    ("func.func @w() {\n  %t = gpu.wait\n  return\n}\n", "cannot name an operation with no results"),
    ("func.func @w() {\n  gpu.wait async\n  return\n}\n", "custom op 'gpu.wait' needs to be named when marked 'async'"),
    # gpu.launch's body (LaunchOp::verifyRegions)
    ('func.func @l(%s: index) {\n  "gpu.launch"(%s, %s, %s, %s, %s, %s) ({\n  ^bb1(%a: index, %b: index, %c: index, '
     '%d: index, %e: index, %f: index):\n    gpu.terminator\n  }) {operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, '
     '1, 0, 0, 0, 0>} : (index, index, index, index, index, index) -> ()\n  return\n}\n',
     "'gpu.launch' op unexpected number of region arguments"),
    (_LAUNCH.format('%one = arith.constant 1 : i32\n    "gpu.yield"(%one) : (i32) -> ()'),
     "expected 'gpu.terminator' or a terminator with successors"),
    # an MMA matrix's memref with its last dimension of unit stride (SubgroupMmaLoad / StoreMatrixOp::verify)
    (_MAJOR + "func.func @m(%m: memref<32x32xf16, #major, 3>, %i: index) {\n  %0 = gpu.subgroup_mma_load_matrix "
     "%m[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, #major, 3> -> !gpu.mma_matrix<16x16xf16, \"AOp\">\n"
     "  return\n}\n", "expected source memref most minor dim must have unit stride"),
    # the MMA matrix type's own rules (MMAMatrixType::verifyInvariants, at the type)
    (_LOAD.format('!gpu.mma_matrix<16x16x16xf16, "AOp">'), "MMAMatrixType must have exactly two dimensions"),
    (_LOAD.format('!gpu.mma_matrix<16x16xf16, "EOp">'), "operand expected to be one of AOp, BOp or COp"),
    (_LOAD.format('!gpu.mma_matrix<16x16xbf16, "AOp">'), "MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64"),
    # gpu.func's signature names its arguments (GPUFuncOp::parse)
    ("gpu.module @m {\n  gpu.func @k(f32, f32) {\n  ^bb0(%a: f32):\n    gpu.return\n  }\n}\n",
     "custom op 'gpu.func' gpu.func requires named arguments"),
    # a kernel table's names (KernelTableAttr::verify, as the attribute parser builds it)
    (_BINARY.format('"k"', '"k"'), "expected all kernels to be uniquely named"),
    # gpu.binary's offloading handler (its ODS constraint)
    ('gpu.binary @b <1> [#gpu.object<#nvvm.target, "">]\n', "'gpu.binary' op attribute 'offloadingHandler' failed to "
     "satisfy constraint: any attribute with the `OffloadingTranslationAttrTrait` trait."),
    ("func.func @s(%a: !gpu.mma_matrix<16x16xf16, \"COp\">, %m: memref<32x32xf16, strided<[1, 32]>>, %i: index) {\n"
     "  gpu.subgroup_mma_store_matrix %a, %m[%i, %i] {leadDimension = 32 : index} : "
     "!gpu.mma_matrix<16x16xf16, \"COp\">, memref<32x32xf16, strided<[1, 32]>>\n  return\n}\n",
     "expected destination memref most minor dim must have unit stride"),
]


def _placed(text: str) -> list[tuple[str, str, list[tuple[str, str]]]]:
    data = text.encode()
    return [(d.message, data[d.span.start:d.span.end].decode(),
             [(r.message, data[r.span.start:r.span.end].decode()) for r in d.related])
            for d in DocumentAnalysis("file:///g.mlir", text).diagnostics()]


@pytest.mark.parametrize("text,message", CASES, ids=[m[-50:] for _, m in CASES])
def test_each_rule_in_mlirs_words(text, message):
    assert [m for m, _, _ in _placed(text)] == [message]


def test_a_return_count_notes_the_function():
    [(message, under, notes)] = _placed(CASES[4][0])
    assert under == "gpu.return" and notes == [("return type declared here", "gpu.func")]


def test_where_the_async_tokens_errors_stand():
    """mlir-opt 22's columns: the names for a token the op does not have, `async` for one not named."""
    assert _placed("func.func @w() {\n  %t = gpu.wait\n  return\n}\n")[0][1] == "%t"
    assert _placed("func.func @w() {\n  gpu.wait async\n  return\n}\n")[0][1] == "async"


def test_a_launch_terminator_stands_at_it_with_a_note_at_the_launch():
    [(_, under, notes)] = _placed(_LAUNCH.format('%one = arith.constant 1 : i32\n    "gpu.yield"(%one) : (i32) -> ()'))
    assert under == '"gpu.yield"' and notes == [("in 'gpu.launch' body region", "gpu.launch")]


def test_a_matrix_types_error_stands_at_its_keyword_and_a_signatures_at_its_paren():
    assert _placed(_LOAD.format('!gpu.mma_matrix<16x16xbf16, "AOp">'))[0][1] == "mma_matrix"
    assert _placed("gpu.module @m {\n  gpu.func @k(f32) {\n  ^bb0(%a: f32):\n    gpu.return\n  }\n}\n")[0][1] == "("


def test_a_kernel_tables_error_stands_at_its_bracket():
    assert _placed(_BINARY.format('"k"', '"k"'))[0][1] == "<"


def test_a_kernels_own_error_stands_alone():
    """MLIR's verifier stops at the function's error: its return is not judged too."""
    text = "gpu.module @m {\n  gpu.func @k() -> index kernel {\n    gpu.return\n  }\n}\n"
    assert [m for m, _, _ in _placed(text)] == ["'gpu.func' op expected void return type for kernel function"]


WELL_FORMED = ("gpu.module @m {\n  gpu.func @k(%d: memref<?xf32>, %s: memref<?xf32>) workgroup(%w: memref<4xf32, "
               "#gpu.address_space<workgroup>>) private(%p: memref<4xf32, #gpu.address_space<private>>) kernel {\n"
               "    gpu.memcpy %d, %s : memref<?xf32>, memref<?xf32>\n"
               "    %0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>\n    gpu.return\n  }\n"
               "  gpu.func @f(%x: f32) -> f32 {\n    %r, %v = gpu.rotate %x, 1, 16 : f32\n    %t = gpu.wait async\n"
               "    gpu.wait [%t]\n    gpu.return %x : f32\n  }\n"
               '  "gpu.func"() ({\n  ^bb0(%a: f32, %b: memref<4xf32, #gpu.address_space<workgroup>>):\n'
               '    "gpu.return"() : () -> ()\n  }) {function_type = (f32) -> (), sym_name = "g", '
               "workgroup_attributions = 1 : i64} : () -> ()\n"
               "  gpu.func @sized() kernel attributes {known_block_size = array<i32: 2, 1, 1>} {\n    gpu.return\n  }\n}\n"
               + _MAJOR.replace("(j, i)", "(i, j)") + "func.func @mm(%m: memref<32x32xf16, #major, 3>, %n: memref<32x32xf16, "
               "strided<[32, 1], offset: ?>>, %i: index) {\n  %0 = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension "
               "= 32 : index} : memref<32x32xf16, #major, 3> -> !gpu.mma_matrix<16x16xf16, \"COp\">\n"
               "  gpu.subgroup_mma_store_matrix %0, %n[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "
               "\"COp\">, memref<32x32xf16, strided<[32, 1], offset: ?>>\n  return\n}\n"
               + _LAUNCH.format("gpu.terminator") + _LOAD.format('!gpu.mma_matrix<16x16xui8, "BOp">').replace("@m(", "@ld(")
               + 'gpu.module @s {\n  gpu.func @k() {\n    gpu.return\n  }\n}\n'
               'gpu.binary @b <#gpu.select_object<0>> [#gpu.object<#nvvm.target, "">]\n' + _BINARY.format('"k"', '"j"'))
WELL_FORMED_WARP = _warp("%r:2 = gpu.warp_execute_on_lane_0(%l)[32] args(%v : vector<4xi32>) -> (vector<1x4xi32>, f32) {\n"
                         "    ^bb0(%a : vector<128xi32>):\n      %c = arith.constant dense<2> : vector<32x4xi32>\n"
                         "      %f = arith.constant 1.0 : f32\n      gpu.yield %c, %f : vector<32x4xi32>, f32\n    }")


def test_well_formed_ops_are_not_judged():
    assert _placed(WELL_FORMED) == []
    assert _placed(WELL_FORMED_WARP) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same():
    assert_mlir_opt_agrees(CASES, (WELL_FORMED, WELL_FORMED_WARP))
