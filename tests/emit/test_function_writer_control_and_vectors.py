"""The function writer's `cf.switch`, `scf.execute_region` of several blocks, and vectors
moved through a memref of dynamic strides (emit/lowered_kernel.py); each kernel assembled by
ptxas for every target the writer's tests assemble for."""
from __future__ import annotations

import re

from cute_ir.emit.lowered_kernel import lowered_kernels
from tests.emit.test_lowered_kernel import _written, assemble_on_each_arch

SWITCH_IR = """\
module {
  func.func @switch(%p: memref<4xi32>, %n: i32, %w: i64) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %k = "llvm.inline_asm"(%n) <{asm_string = "add.s32 $0, $1, 1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
    cf.switch %k : i32, [
      default: ^other(%k : i32),
      42: ^answer(%k, %one : i32, i32),
      -3: ^negative,
      4294967295: ^negative
    ]
  ^answer(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    cf.br ^other(%s : i32)
  ^negative:
    "cf.switch"(%w, %k) [^other, ^done, ^done] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<[7, 9]> : vector<2xi64>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i64, i32) -> ()
  ^other(%r: i32):
    memref.store %r, %p[%c0] : memref<4xi32>
    cf.br ^done
  ^done:
    return
  }
}
"""


def test_a_switch_is_a_compare_and_branch_chain_its_default_last():
    """Each case compares the flag with its value, signed at the flag's width (4294967295 of an
    i32 is -1), and branches to its block (past the moves of what it passes when it passes
    values); the default's moves and branch come last. The generic form's `case_values` and
    the operands after the default's are read alike. The constant a case passes its block is
    folded into the instruction that reads it there (`add.s32 %i, %arg, 1`), its register gone."""
    _, body = _written(SWITCH_IR)
    custom = r"""  add\.s32 (%out\d+), %p1, 1;
  setp\.eq\.s32 (%case\d+), \1, 42;
  @!\2 bra (CASE_\d+);
  mov\.b32 (%arg\d+), \1;
  bra\.uni (BB_\d+);
  \3:
  setp\.eq\.s32 (%case\d+), \1, -3;
  @\6 bra (BB_\d+);
  setp\.eq\.s32 (%case\d+), \1, -1;
  @\8 bra \7;
  mov\.b32 (%arg\d+), \1;
  bra\.uni (BB_\d+);
  \5:
  add\.s32 %i\d+, \4, 1;
"""
    generic = r"""  setp\.eq\.s64 (%case\d+), %p2, 7;
  @\1 bra (BB_\d+);
  setp\.eq\.s64 (%case\d+), %p2, 9;
  @\3 bra \2;
  mov\.b32 %arg\d+, %out\d+;
  bra\.uni BB_\d+;
"""
    assert re.search(custom, body) and re.search(generic, body), body
    assemble_on_each_arch(SWITCH_IR)


def test_a_switch_whose_cases_do_not_match_its_successors_is_refused_named():
    wrong = SWITCH_IR.replace("dense<[7, 9]>", "dense<[7, 9, 11]>")
    [kernel] = lowered_kernels(wrong, "sm_90a")
    assert kernel.module.message == "`switch`: `cf.switch` whose case values do not match its 2 case(s)"
    flag = SWITCH_IR.replace("cf.switch %k : i32", "cf.switch %f : vector<2xi16>").replace("%w: i64)", "%w: i64, %f: vector<2xi16>)")
    [kernel] = lowered_kernels(flag, "sm_90a")
    assert kernel.module.message == "`switch`: `cf.switch` on vector<2xi16>: a flag of 1, 8, 16, 32 or 64 bits only here"


REGION_IR = """\
module {
  func.func @region(%p: memref<4xi32>, %n: i32) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %k = "llvm.inline_asm"(%n) <{asm_string = "add.s32 $0, $1, 1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
    %r = scf.execute_region -> i32 {
      %neg = arith.cmpi slt, %k, %one : i32
      cf.cond_br %neg, ^small(%one : i32), ^big
    ^small(%v: i32):
      scf.yield %v : i32
    ^big:
      %t = arith.addi %k, %k : i32
      scf.yield %t : i32
    }
    memref.store %r, %p[%c0] : memref<4xi32>
    return
  }
}
"""


def test_branches_between_an_execute_region_s_blocks_jump_to_labels_and_each_yield_to_its_end():
    """The only `scf` region of several blocks: its blocks are labelled as a function's are, the
    `cf` branches between them set their arguments, and each `scf.yield` sets the results and,
    before the last block, branches to the region's end. The constant the branch passes is
    folded on into the yield's move (`mov.b32 %region, 1`), its argument's register gone."""
    _, body = _written(REGION_IR)
    expected = r"""  setp\.lt\.s32 (%cmp\d+), (%out\d+), 1;
  @!\1 bra (ELSE_\d+);
  bra\.uni (BB_\d+);
  \3:
  bra\.uni (BB_\d+);
  \4:
  mov\.b32 (%region\d+), 1;
  bra\.uni (REGION_END_\d+);
  \5:
  add\.s32 (%i\d+), \2, \2;
  mov\.b32 \6, \8;
  \7:
  st\.b32 \[%p0\], \6;
  ret;"""
    assert re.search(expected, body), body
    assemble_on_each_arch(REGION_IR)


VECTORS_IR = """\
module {
  func.func @vectors(%src: memref<?x?xf16>, %dst: memref<8x8xf32, strided<[?, 1], offset: ?>>, %i: index, %j: index) {
    %c1 = arith.constant 1 : index
    %v = vector.load %src[%i, %j] : memref<?x?xf16>, vector<8xf16>
    vector.store %v, %src[%j, %i] : memref<?x?xf16>, vector<8xf16>
    %h = vector.load %src[%i, %c1] : memref<?x?xf16>, vector<2xf16>
    %w = "llvm.inline_asm"(%h) <{asm_string = "mov.b32 $0, $1;", constraints = "=r,r", has_side_effects}> : (vector<2xf16>) -> i32
    %q = vector.load %dst[%i, %j] {alignment = 16} : memref<8x8xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
    vector.store %q, %dst[%j, %i] {alignment = 16} : memref<8x8xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
    %d = vector.load %dst[%i, %c1] : memref<8x8xf32, strided<[?, 1], offset: ?>>, vector<2xf32>
    vector.store %d, %dst[%c1, %j] : memref<8x8xf32, strided<[?, 1], offset: ?>>, vector<2xf32>
    return
  }
}
"""


def test_a_vector_through_dynamic_strides_moves_element_by_element_unless_its_op_promises_alignment():
    """A dynamic stride or offset proves no alignment of the whole vector: with the innermost
    stride a static 1 its elements are consecutive, each moved by an access of its own size
    (aligned as the element is) and packed by `mov` into the vector's registers; an op whose
    `alignment` attribute promises the vector's size (MLIR: else undefined behaviour) gets the
    one wide access."""
    _, body = _written(VECTORS_IR)
    loads = r"""  mad\.lo\.s64 (%addr\d+), %p3, 2, %p0;
  mul\.lo\.s64 (%elements\d+), %p2, %p0_stride0;
  mad\.lo\.s64 (%addr\d+), \2, 2, \1;
  ld\.b16 (%lde\d+), \[\3\];
  ld\.b16 (%lde\d+), \[\3\+2\];
  mov\.b32 (%ldv\d+), \{\4, \5\};
"""
    stores = r"""  mov\.b32 \{(%ste\d+), (%ste\d+)\}, %ldv\d+;
  st\.b16 \[(%addr\d+)\+12\], \1;
  st\.b16 \[\3\+14\], \2;
"""
    promised = r"""  ld\.v4\.b32 \{%ldv\d+, %ldv\d+, %ldv\d+, %ldv\d+\}, \[%addr\d+\];"""
    pair = r"""  ld\.b32 (%lde\d+), \[(%addr\d+)\+4\];
  ld\.b32 (%lde\d+), \[\2\+8\];
  mov\.b64 (%ld\d+), \{\1, \3\};
"""
    assert all(re.search(pattern, body) for pattern in (loads, stores, promised, pair)), body
    assert body.count("ld.b16") == 10 and body.count("st.b16") == 8 and "st.v4.b32" in body
    assemble_on_each_arch(VECTORS_IR)
