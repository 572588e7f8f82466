"""The function writer's forms beyond integers and `scf` (emit/lowered_kernel.py): float
arithmetic and comparisons, `arith.select`, `i1` in memory, the custom form of
`llvm.inline_asm` and `cf` branches between a function's blocks; each kernel assembled by
ptxas for every target the writer's tests assemble for."""
from __future__ import annotations

import re

import pytest

from cute_ir.emit.lowered_kernel import lowered_kernels
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble
from tests.emit.test_lowered_kernel import ARCHES, _mapped, _written, assemble_on_each_arch

FLOAT_IR = """\
module {
  func.func @floats(%p: memref<4xf32>, %q: memref<2xf64>, %x: f32, %y: f32, %u: f64, %v: f64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = arith.addf %x, %y : f32
    %s = arith.subf %a, %y fastmath<contract> : f32
    %m = arith.mulf %s, %x : f32
    %d = arith.divf %m, %y : f32
    %hi = arith.maxnumf %d, %x : f32
    %lo = arith.minnumf %hi, %y : f32
    %n = arith.negf %lo : f32
    %k = "llvm.inline_asm"(%n) <{asm_string = "abs.f32 $0, $1;", constraints = "=f,f", has_side_effects}> : (f32) -> f32
    %gt = arith.cmpf ogt, %k, %x : f32
    %r = arith.select %gt, %k, %x : f32
    memref.store %r, %p[%c0] : memref<4xf32>
    %e = arith.mulf %u, %v : f64
    %une = "arith.cmpf"(%e, %u) <{predicate = 13 : i64}> : (f64, f64) -> i1
    %w = arith.select %une, %e, %v : f64
    memref.store %w, %q[%c1] : memref<2xf64>
    return
  }
}
"""


def test_float_arithmetic_rounds_to_nearest_and_a_comparison_is_setp_of_its_ordered_or_unordered_compare():
    """Add, sub and mul spell `.rn` (ptxas may fuse a mul and an add that do not, which `arith`
    allows only under `fastmath<contract>`); `ogt` is PTX's ordered `gt`, the generic form's
    predicate 13 (`une`) its unordered `neu`; `arith.select` is `selp`."""
    kernel, body = _written(FLOAT_IR)
    expected = r"""  add\.rn\.f32 (%f\d+), %p2, %p3;
  sub\.rn\.f32 (%f\d+), \1, %p3;
  mul\.rn\.f32 (%f\d+), \2, %p2;
  div\.rn\.f32 (%f\d+), \3, %p3;
  max\.f32 (%f\d+), \4, %p2;
  min\.f32 (%f\d+), \5, %p3;
  neg\.f32 (%f\d+), \6;
  abs\.f32 (%out\d+), \7;
  setp\.gt\.f32 (%cmp\d+), \8, %p2;
  selp\.f32 (%sel\d+), \8, %p2, \9;
  st\.f32 \[%p0\], \10;
  mul\.rn\.f64 (%f\d+), %p4, %p5;
  setp\.neu\.f64 (%cmp\d+), \11, %p4;
  selp\.f64 (%sel\d+), \11, %p5, \12;
  st\.f64 \[%p1\+8\], \13;
  ret;"""
    assert re.search(expected, body), body
    assert ".param .f32 p2, .param .f32 p3, .param .f64 p4, .param .f64 p5)" in body
    mapped = _mapped(kernel, FLOAT_IR)
    assert [ir for line, ir in mapped.items() if line.startswith("setp.neu.f64")] == [
        '%une = "arith.cmpf"(%e, %u) <{predicate = 13 : i64}> : (f64, f64) -> i1']
    assemble_on_each_arch(FLOAT_IR)


# Each of `arith.cmpf`'s predicates (the enum's cases in order) and its `setp` compare.
CMPF = {"oeq": "eq", "ogt": "gt", "oge": "ge", "olt": "lt", "ole": "le", "one": "ne", "ord": "num",
        "ueq": "equ", "ugt": "gtu", "uge": "geu", "ult": "ltu", "ule": "leu", "une": "neu", "uno": "nan"}
CASES = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno",
         "true"]


def _compare_ir(predicate: str, generic: bool) -> str:
    compare = (f'%b = "arith.cmpf"(%x, %y) <{{predicate = {CASES.index(predicate)} : i64}}> : (f32, f32) -> i1'
               if generic else f"%b = arith.cmpf {predicate}, %x, %y : f32")
    return f"""\
module {{
  func.func @compare(%p: memref<1xi1>, %x: f32, %y: f32) {{
    %c0 = arith.constant 0 : index
    %k = "llvm.inline_asm"(%x) <{{asm_string = "mov.f32 $0, $1;", constraints = "=f,f", has_side_effects}}> : (f32) -> f32
    {compare.replace("%x, %y", "%k, %y").replace("(%x, %y)", "(%k, %y)")}
    memref.store %b, %p[%c0] : memref<1xi1>
    return
  }}
}}
"""


@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
@pytest.mark.parametrize("predicate", CASES)
def test_each_cmpf_predicate_is_its_setp_compare_in_either_form(predicate, generic):
    """PTX's plain compares are false when an operand is NaN, its `u` forms true, `num` / `nan`
    whether neither / either is (PTX ISA, setp's floating-point comparison operators); `false`
    and `true` set the predicate."""
    _, body = _written(_compare_ir(predicate, generic))
    if predicate in CMPF:
        assert re.search(rf"setp\.{CMPF[predicate]}\.f32 (%cmp\d+), %p1, %p2;\n", body), body
    else:
        assert re.search(rf"mov\.pred %cmp\d+, {int(predicate == 'true')};\n", body), body


def test_every_cmpf_predicate_assembles():
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    for predicate in CASES:
        for arch in ARCHES:
            [kernel] = lowered_kernels(_compare_ir(predicate, False), arch)
            accepted, said = assemble(kernel.module.text, arch)
            assert accepted, (predicate, arch, said)


FLAGS_IR = """\
module {
  func.func @flags(%m: memref<8xi1>, %n: i32, %i: index) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : i32
    %k = llvm.inline_asm has_side_effects asm_dialect = att "neg.s32 $0, $1;", "=r,r" %n : (i32) -> i32
    %neg = arith.cmpi slt, %k, %c0 : i32
    %old = memref.load %m[%i] : memref<8xi1>
    %both = arith.andi %neg, %old : i1
    %either = arith.ori %both, %neg : i1
    %pick = arith.select %either, %both, %old : i1
    memref.store %pick, %m[%c1] : memref<8xi1>
    return
  }
}
"""


def test_an_i1_in_memory_is_a_byte_and_predicates_combine_by_their_own_logic():
    """An `i1` in memory is a byte (LLVM's data layout gives it one): a load tests its low bit, a
    store writes 1 or 0; `andi` / `ori` of `i1`s are `and.pred` / `or.pred`; a select of two
    predicates moves either under the condition. The custom form of `llvm.inline_asm` binds its
    operands as the generic form does."""
    kernel, body = _written(FLAGS_IR)
    expected = r"""  neg\.s32 (%out\d+), %p1;
  setp\.lt\.s32 (%cmp\d+), \1, 0;
  mad\.lo\.s64 (%addr\d+), %p2, 1, %p0;
  ld\.u8 (%ld_byte\d+), \[\3\];
  and\.b16 (%ld_bit\d+), \4, 1;
  setp\.ne\.b16 (%ld\d+), \5, 0;
  and\.pred (%i\d+), \2, \6;
  or\.pred (%i\d+), \7, \2;
  @\8 mov\.pred (%sel\d+), \7;
  @!\8 mov\.pred \9, \6;
  selp\.u16 (%st_byte\d+), 1, 0, \9;
  st\.u8 \[%p0\+1\], \10;
  ret;"""
    assert re.search(expected, body), body
    generic = FLAGS_IR.replace('llvm.inline_asm has_side_effects asm_dialect = att "neg.s32 $0, $1;", "=r,r" %n',
                               '"llvm.inline_asm"(%n) <{asm_string = "neg.s32 $0, $1;", constraints = "=r,r", '
                               'has_side_effects}>')
    assert _written(generic)[1] == body
    assemble_on_each_arch(FLAGS_IR)


BRANCHES_IR = """\
module {
  func.func @branches(%p: memref<2xf32>, %x: f32, %n: i32) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1 : i32
    %pos = arith.cmpf ogt, %x, %zero : f32
    cf.cond_br %pos, ^scale(%x, %n : f32, i32), ^done(%zero : f32)
  ^scale(%v: f32, %count: i32):
    %twice = "llvm.inline_asm"(%v) <{asm_string = "add.f32 $0, $1, $1;", constraints = "=f,f", has_side_effects}> : (f32) -> f32
    %left = arith.subi %count, %one : i32
    %more = arith.cmpi sgt, %left, %one : i32
    cf.cond_br %more, ^scale(%twice, %left : f32, i32), ^done(%twice : f32)
  ^done(%r: f32):
    memref.store %r, %p[%c0] : memref<2xf32>
    return
  }
}
"""


def test_cf_branches_jump_between_labelled_blocks_whose_arguments_the_branches_set():
    """Each block after the entry is a label with a register per argument; a branch moves what
    it passes into them (through temporaries where a back edge passes the block its own
    arguments crossed) then jumps, `@!p bra` past the true target's moves to the false one's."""
    kernel, body = _written(BRANCHES_IR)
    expected = r"""  setp\.gt\.f32 (%cmp\d+), %p1, 0f00000000;
  @!\1 bra (ELSE_\d+);
  mov\.f32 (%arg\d+), %p1;
  mov\.b32 (%arg\d+), %p2;
  bra\.uni (BB_\d+);
  \2:
  mov\.f32 (%arg\d+), 0f00000000;
  bra\.uni (BB_\d+);
  \5:
  add\.f32 (%out\d+), \3, \3;
  sub\.s32 (%i\d+), \4, 1;
  setp\.gt\.s32 (%cmp\d+), \9, 1;
  @!\10 bra (ELSE_\d+);
  mov\.f32 \3, \8;
  mov\.b32 \4, \9;
  bra\.uni \5;
  \11:
  mov\.f32 \6, \8;
  bra\.uni \7;
  \7:
  st\.f32 \[%p0\], \6;
  ret;"""
    assert re.search(expected, body), body
    # A branch's lines map to it.
    lines, ir_lines = kernel.module.text.split("\n"), BRANCHES_IR.split("\n")
    assert {ir_lines[k].strip() for n, k in kernel.line_ops if lines[n].strip().startswith("bra.uni")} == {
        "cf.cond_br %pos, ^scale(%x, %n : f32, i32), ^done(%zero : f32)",
        "cf.cond_br %more, ^scale(%twice, %left : f32, i32), ^done(%twice : f32)"}
    assemble_on_each_arch(BRANCHES_IR)


RETURNS_IR = """\
module {
  func.func @sign(%x: i32) -> i32 {
    %zero = arith.constant 0 : i32
    %k = "llvm.inline_asm"(%x) <{asm_string = "mov.b32 $0, $1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
    %neg = arith.cmpi slt, %k, %zero : i32
    cf.cond_br %neg, ^negative, ^positive
  ^negative:
    %m = arith.subi %zero, %k : i32
    return %m : i32
  ^positive:
    cf.br ^out
  ^out:
    return %k : i32
  }
}
"""


def test_a_function_returning_from_several_blocks_returns_from_each():
    """With no values to pass a conditional branch is `@p bra` and `bra.uni`; a return before
    the last block stores its value and returns there; both store the one return parameter."""
    _, body = _written(RETURNS_IR)
    expected = r"""  setp\.lt\.s32 (%cmp\d+), (%out\d+), 0;
  @\1 bra (BB_\d+);
  bra\.uni (BB_\d+);
  \3:
  sub\.s32 (%i\d+), 0, \2;
  st\.param\.b32 \[func_retval0\], \5;
  ret;
  \4:
  bra\.uni (BB_\d+);
  \6:
  st\.param\.b32 \[func_retval0\], \2;
  ret;
}"""
    assert re.search(expected, body), body
    assert ".visible .func (.param .b32 func_retval0) sign(.param .u32 p0)" in body
    assemble_on_each_arch(RETURNS_IR)


def test_a_branch_to_the_entry_block_or_passing_the_wrong_count_is_named():
    wrong = BRANCHES_IR.replace("^done(%zero : f32)", "^done(%zero, %zero : f32, f32)", 1)
    [kernel] = lowered_kernels(wrong, "sm_90a")
    assert kernel.module.message == "`branches`: `cf.cond_br` passing 4 value(s) to blocks that take 2 and 1"


DYNAMIC_IR = """\
module {
  func.func @dynamic(%src: memref<?x?xf32>, %dst: memref<4x4xf32, strided<[?, ?], offset: ?>>, %i: index, %j: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %v = memref.load %src[%i, %c1] : memref<?x?xf32>
    %w = "llvm.inline_asm"(%v) <{asm_string = "add.f32 $0, $1, $1;", constraints = "=f,f", has_side_effects}> : (f32) -> f32
    memref.store %w, %dst[%c2, %j] : memref<4x4xf32, strided<[?, ?], offset: ?>>
    return
  }
}
"""


def test_a_memref_of_dynamic_strides_is_passed_as_its_descriptor_and_addressed_by_them():
    """What the bare-pointer convention cannot pass is passed as MLIR's memref descriptor, its
    fields parameters in its order; the address multiplies in the dynamic offset and strides (in
    elements, as the descriptor holds them) and the static ones as constants."""
    kernel, body = _written(DYNAMIC_IR)
    fields = ", ".join(f".param .u64 {name}" for name in (
        "p0_allocated", "p0", "p0_offset", "p0_size0", "p0_size1", "p0_stride0", "p0_stride1",
        "p1_allocated", "p1", "p1_offset", "p1_size0", "p1_size1", "p1_stride0", "p1_stride1"))
    assert f".visible .entry dynamic({fields}, .param .u64 p2, .param .u64 p3)" in body, body
    # memref<?x?xf32>: its strides [?, 1], the inner one static (row-major), the outer read.
    load = r"""  mul\.lo\.s64 (%elements\d+), %p2, %p0_stride0;
  mad\.lo\.s64 (%addr\d+), \1, 4, %p0;
  ld\.f32 (%ld\d+), \[\2\+4\];"""
    store = r"""  mad\.lo\.s64 (%addr\d+), %p1_offset, 4, %p1;
  mad\.lo\.s64 (%addr\d+), %p1_stride0, 8, \1;
  mul\.lo\.s64 (%elements\d+), %p3, %p1_stride1;
  mad\.lo\.s64 (%addr\d+), \3, 4, \2;
  st\.f32 \[\4\], %out\d+;"""
    assert re.search(load, body) and re.search(store, body), body
    assert "ld.param.u64 %p0_offset" not in body      # a static offset is not read
    assemble_on_each_arch(DYNAMIC_IR)


def test_a_vector_through_a_dynamic_innermost_stride_is_refused_named():
    """Its elements need not be consecutive (a vector through a static innermost stride of 1 is
    written element by element: tests/emit/test_function_writer_control_and_vectors.py)."""
    wide = DYNAMIC_IR.replace("memref.store %w, %dst[%c2, %j] : memref<4x4xf32, strided<[?, ?], offset: ?>>",
                              "%u = vector.load %dst[%c2, %j] : memref<4x4xf32, strided<[?, ?], offset: ?>>, "
                              "vector<2xf32>")
    [kernel] = lowered_kernels(wide, "sm_90a")
    assert kernel.module.message == ("`dynamic`: `vector.load` of vector<2xf32> through memref<4x4xf32, strided<[?, "
                                     "?], offset: ?>>: its rows are consecutive elements only at a static "
                                     "innermost stride of 1")


def test_a_memref_of_dynamic_strides_no_argument_passes_is_refused_named():
    """A memref value the function makes (here a cast) has no descriptor fields to read."""
    cast = DYNAMIC_IR.replace("%v = memref.load %src[%i, %c1] : memref<?x?xf32>",
                              '%m = "builtin.unrealized_conversion_cast"(%src) : (memref<?x?xf32>) -> memref<?x?xf32>\n'
                              "    %v = memref.load %m[%i, %c1] : memref<?x?xf32>")
    [kernel] = lowered_kernels(cast, "sm_90a")
    assert kernel.module.message == ("`dynamic`: `memref.load` of memref<?x?xf32>: only a memref whose strides and "
                                     "offset are static here, or a function argument's (passed as its descriptor)")
