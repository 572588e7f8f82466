"""The function writer's vectors lane by lane, its narrow integers and its switch on a flag
(emit/lowered_kernel.py): float arithmetic of f16 / bf16 vectors by the packed `.f16x2` /
`.bf16x2` instruction where the target has the scalar one, else lane by lane; a pair of f32
truncated by one `cvt.rn.f16x2.f32`; vector compares as a predicate per lane, which a select
reads; i16 arithmetic; i8 values in 16-bit registers, extended where more than their low 8 bits
are read; `cf.switch` on an i1; N-D vectors row by row; and only the descriptor fields an
access reads. Each kernel assembled by ptxas for every target the writer's tests assemble for."""
from __future__ import annotations

import re

import pytest

from cute_ir.emit.lowered_kernel import lowered_kernels
from tests.emit.test_function_writer_conversions import _assembles
from tests.emit.test_lowered_kernel import assemble_on_each_arch


def _lines(ir: str, arch: str = "sm_90a") -> list[str]:
    """The body's instructions of the one kernel written of `ir`, each register `%r`."""
    [kernel] = lowered_kernels(ir, arch)
    assert kernel.module.ok, kernel.module.message
    body = kernel.module.text.split("{", 1)[1]
    return [re.sub(r"%\w+", "%r", line.strip()) for line in body.split("\n")
            if line.strip() and not line.strip().startswith((".reg", "ld.param", "}"))]


def _vector_ir(element: str, op: str, lanes: int = 2) -> str:
    return f"""\
module {{
  func.func @lanes(%m: memref<8x{element}>) {{
    %c0 = arith.constant 0 : index
    "llvm.inline_asm"() <{{asm_string = "// lanes", constraints = "", has_side_effects}}> : () -> ()
    %a = vector.load %m[%c0] : memref<8x{element}>, vector<{lanes}x{element}>
    %v = {op} %a, %a : vector<{lanes}x{element}>
    vector.store %v, %m[%c0] : memref<8x{element}>, vector<{lanes}x{element}>
    return
  }}
}}
"""


# (element, op, arch) -> the instruction each pair takes, or None: lane by lane through f32.
@pytest.mark.parametrize("element, op, arch, packed", [
    ("f16", "arith.addf", "sm_90a", "add.rn.f16x2"),
    ("f16", "arith.addf", "sm_75", "add.rn.f16x2"),          # sm_53
    ("f16", "arith.maximumf", "sm_80", "max.NaN.f16x2"),
    ("f16", "arith.maximumf", "sm_75", None),                # max.NaN: sm_80
    ("bf16", "arith.mulf", "sm_90a", "mul.rn.bf16x2"),
    ("bf16", "arith.mulf", "sm_80", None),                   # bf16x2 mul: sm_90
    ("bf16", "arith.minnumf", "sm_80", "min.bf16x2"),
    ("f16", "arith.divf", "sm_90a", None),                   # PTX has no 16-bit div
])
def test_half_vector_arithmetic_is_packed_where_the_target_has_the_instruction(element, op, arch, packed):
    ir = _vector_ir(element, op)
    lines = _lines(ir, arch)
    if packed is not None:
        assert f"{packed} %r, %r, %r;" in lines
    else:
        assert "mov.b32 {%r, %r}, %r;" in lines and f"cvt.rn.{element}.f32 %r, %r;" in lines
        assert lines.count(f"cvt.rn.{element}.f32 %r, %r;") == 2        # a rounding per lane
        assert "mov.b32 %r, {%r, %r};" in lines
    _assembles(ir, arch)
    assemble_on_each_arch(ir)


def test_a_vector_of_four_halves_is_two_pairs_and_one_of_eight_four():
    lines = _lines(_vector_ir("f16", "arith.subf", 4))
    assert lines.count("sub.rn.f16x2 %r, %r, %r;") == 2 and "mov.b64 %r, {%r, %r};" in lines
    lines = _lines(_vector_ir("f16", "arith.subf", 8))
    assert lines.count("sub.rn.f16x2 %r, %r, %r;") == 4 and lines[-2].startswith("st.v4.b32")
    assemble_on_each_arch(_vector_ir("f16", "arith.subf", 4))
    assemble_on_each_arch(_vector_ir("f16", "arith.subf", 8))
    assemble_on_each_arch(_vector_ir("f32", "arith.addf", 4))


TRUNCATION_IR = """\
module {
  func.func @narrow(%m: memref<8xf32>, %h: memref<8xf16>, %b: memref<8xbf16>) {
    %c0 = arith.constant 0 : index
    "llvm.inline_asm"() <{asm_string = "// lanes", constraints = "", has_side_effects}> : () -> ()
    %a = vector.load %m[%c0] : memref<8xf32>, vector<2xf32>
    %t = arith.truncf %a : vector<2xf32> to vector<2xf16>
    %u = arith.truncf %a toward_zero : vector<2xf32> to vector<2xbf16>
    %d = arith.truncf %a downward : vector<2xf32> to vector<2xf16>
    %e = arith.extf %t : vector<2xf16> to vector<2xf32>
    vector.store %t, %h[%c0] : memref<8xf16>, vector<2xf16>
    vector.store %u, %b[%c0] : memref<8xbf16>, vector<2xbf16>
    vector.store %d, %h[%c0] : memref<8xf16>, vector<2xf16>
    vector.store %e, %m[%c0] : memref<8xf32>, vector<2xf32>
    return
  }
}
"""


def test_a_pair_of_f32_is_truncated_by_one_cvt_its_second_lane_first():
    [kernel] = lowered_kernels(TRUNCATION_IR, "sm_90a")
    text = kernel.module.text
    # cvt puts its first operand in the upper half: the pair's second lane (each split anew).
    pairs = re.findall(r"mov\.b64 \{(%\w+), (%\w+)\}, %ld\w+;\n\s*cvt\.(\w+)\.(\w+)x2\.f32 %\w+, (%\w+), (%\w+);", text)
    assert [(rounding, half) for _, _, rounding, half, _, _ in pairs] == [("rn", "f16"), ("rz", "bf16")]
    assert all((first, second) == (low, high) for low, high, _, _, second, first in pairs)
    # `downward` has no paired form: lane by lane, as the scalar `truncf` rounds.
    lines = _lines(TRUNCATION_IR)
    assert lines.count("cvt.rm.f16.f32 %r, %r;") == 2 and lines.count("cvt.f32.f16 %r, %r;") == 2
    assemble_on_each_arch(TRUNCATION_IR)
    # Before sm_80 (no cvt of f32 pairs, nor of bf16): the f16 pair lane by lane.
    lines = _lines(TRUNCATION_IR.replace("toward_zero : vector<2xf32> to vector<2xbf16>",
                                         "toward_zero : vector<2xf32> to vector<2xf16>")
                   .replace("%u, %b[%c0] : memref<8xbf16>, vector<2xbf16>", "%u, %h[%c0] : memref<8xf16>, vector<2xf16>"),
                   "sm_75")
    assert lines.count("cvt.rn.f16.f32 %r, %r;") == 2 and "cvt.rn.f16x2.f32 %r, %r, %r;" not in lines


COMPARE_IR = """\
module {
  func.func @pick(%m: memref<8xf16>, %n: memref<8xi32>) {
    %c0 = arith.constant 0 : index
    "llvm.inline_asm"() <{asm_string = "// lanes", constraints = "", has_side_effects}> : () -> ()
    %a = vector.load %m[%c0] : memref<8xf16>, vector<2xf16>
    %b = arith.negf %a : vector<2xf16>
    %lt = arith.cmpf ult, %a, %b : vector<2xf16>
    %v = arith.select %lt, %a, %b : vector<2xi1>, vector<2xf16>
    %i = vector.load %n[%c0] : memref<8xi32>, vector<2xi32>
    %j = arith.muli %i, %i : vector<2xi32>
    %ge = arith.cmpi uge, %i, %j : vector<2xi32>
    %both = arith.andi %lt, %ge : vector<2xi1>
    %w = arith.select %both, %i, %j : vector<2xi1>, vector<2xi32>
    vector.store %v, %m[%c0] : memref<8xf16>, vector<2xf16>
    vector.store %w, %n[%c0] : memref<8xi32>, vector<2xi32>
    return
  }
}
"""


def test_vector_compares_are_a_predicate_per_lane_which_a_select_reads():
    lines = _lines(COMPARE_IR)
    assert "neg.f16x2 %r, %r;" in lines
    assert lines.count("setp.ltu.f16 %r, %r, %r;") == 2 and lines.count("selp.b16 %r, %r, %r, %r;") == 2
    # An i32 vector's lanes each wrap at 32 bits (no carry crosses a lane).
    assert lines.count("mul.lo.s32 %r, %r, %r;") == 2 and lines.count("setp.ge.u32 %r, %r, %r;") == 2
    assert lines.count("and.pred %r, %r, %r;") == 2 and lines.count("selp.b32 %r, %r, %r, %r;") == 2
    assemble_on_each_arch(COMPARE_IR)
    _assembles(COMPARE_IR, "sm_75")


NARROW_IR = """\
module {
  func.func @narrow(%b: memref<8xi8>, %h: memref<8xi16>, %o: memref<8xi32>, %s: i8, %t: i16, %n: i32) {
    %c0 = arith.constant 0 : index
    %k = "llvm.inline_asm"(%n) <{asm_string = "add.s32 $0, $1, 1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
    %x = memref.load %b[%c0] : memref<8xi8>
    %y = arith.addi %x, %s : i8
    %q = arith.divsi %y, %s : i8
    %r = arith.remui %y, %s : i8
    %lt = arith.cmpi ult, %q, %r : i8
    %w = arith.extsi %q : i8 to i32
    %z = arith.extui %r : i8 to i32
    %u = arith.trunci %k : i32 to i8
    %f = arith.sitofp %u : i8 to f32
    %g = arith.fptoui %f : f32 to i8
    %e = arith.select %lt, %g, %u : i8
    %p = memref.load %h[%c0] : memref<8xi16>
    %m = arith.muli %p, %t : i16
    %d = arith.divui %m, %t : i16
    %a = arith.xori %d, %t : i16
    memref.store %e, %b[%c0] : memref<8xi8>
    memref.store %a, %h[%c0] : memref<8xi16>
    %sum = arith.addi %w, %z : i32
    memref.store %sum, %o[%c0] : memref<8xi32>
    return
  }
}
"""


def test_i16_arithmetic_and_i8_values_in_16_bit_registers():
    [kernel] = lowered_kernels(NARROW_IR, "sm_90a")
    assert ".param .u8 p3" in kernel.module.text and "ld.param.u8 %p3, [p3];" in kernel.module.text
    lines = _lines(NARROW_IR)
    body = lines[lines.index("add.s32 %r, %r, 1;") + 1:]
    assert body == [
        "ld.u8 %r, [%r];", "add.s16 %r, %r, %r;",
        # A division reads the whole value: each operand extended by its signedness first.
        "cvt.s16.s8 %r, %r;", "cvt.s16.s8 %r, %r;", "div.s16 %r, %r, %r;",
        "and.b16 %r, %r, 255;", "and.b16 %r, %r, 255;", "rem.u16 %r, %r, %r;",
        "and.b16 %r, %r, 255;", "and.b16 %r, %r, 255;", "setp.lt.u16 %r, %r, %r;",
        "cvt.s32.s8 %r, %r;", "cvt.u32.u8 %r, %r;",
        # Truncation keeps the low 8 bits (the rest undefined); a conversion reads the low 8 only.
        "cvt.u16.u32 %r, %r;", "cvt.rn.f32.s8 %r, %r;", "cvt.rzi.u8.f32 %r, %r;",
        "selp.b16 %r, %r, %r, %r;",
        "ld.b16 %r, [%r];", "mul.lo.s16 %r, %r, %r;", "div.u16 %r, %r, %r;", "xor.b16 %r, %r, %r;",
        "st.u8 [%r], %r;", "st.b16 [%r], %r;", "add.s32 %r, %r, %r;", "st.b32 [%r], %r;", "ret;"]
    assemble_on_each_arch(NARROW_IR)
    _assembles(NARROW_IR, "sm_75")


SWITCH_IR = """\
module {
  func.func @flag(%p: memref<4xi32>, %f: i1, %n: i32) {
    %c0 = arith.constant 0 : index
    cf.switch %f : i1, [
      default: ^done,
      0: ^off(%n : i32),
      1: ^on
    ]
  ^off(%v: i32):
    memref.store %v, %p[%c0] : memref<4xi32>
    cf.br ^done
  ^on:
    %k = "llvm.inline_asm"(%n) <{asm_string = "add.s32 $0, $1, 1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
    memref.store %k, %p[%c0] : memref<4xi32>
    cf.br ^done
  ^done:
    return
  }
}
"""


def test_a_switch_on_an_i1_branches_on_the_flag_or_its_negation():
    [kernel] = lowered_kernels(SWITCH_IR, "sm_90a")
    text = kernel.module.text
    assert re.search(r"not\.pred (%case\d+), %p1;\n\s*@!\1 bra CASE_\d+;", text), text
    assert re.search(r"@%p1 bra BB_\d+;", text)
    assemble_on_each_arch(SWITCH_IR)


ROWS_IR = """\
module {
  func.func @rows(%m: memref<?x?xf16, strided<[?, 1], offset: ?>>, %s: memref<8x8xf16>, %i: index, %j: index) {
    %c0 = arith.constant 0 : index
    %v = vector.load %m[%i, %j] : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<2x4xf16>
    %w = arith.addf %v, %v : vector<2x4xf16>
    vector.store %w, %m[%i, %j] : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<2x4xf16>
    %x = vector.load %s[%i, %c0] : memref<8x8xf16>, vector<2x2xf16>
    "llvm.inline_asm"(%x) <{asm_string = "// $0", constraints = "l", has_side_effects}> : (vector<2x2xf16>) -> ()
    return
  }
}
"""


def test_an_n_d_vector_moves_row_by_row_each_row_a_stride_from_the_first():
    [kernel] = lowered_kernels(ROWS_IR, "sm_90a")
    text = kernel.module.text
    # The second row: the dynamic stride (in elements) times 2 bytes past the first element.
    first = re.search(r"mad\.lo\.s64 (%addr\d+), %elements\d+, 2, %addr\d+;", text)[1]
    row = re.search(rf"mad\.lo\.s64 (%row\d+), %p0_stride0, 2, {first};", text)[1]
    for at in (f"[{first}]", f"[{first}+6]", f"[{row}]", f"[{row}+6]"):
        assert re.search(rf"ld\.b16 %lde\d+, {re.escape(at)};", text), at
    # Of a static memref, the rows 16 bytes apart (8 f16), not one 64-bit load.
    static = re.search(r"mad\.lo\.s64 (%addr\d+), %p2, 16, %p1;", text)[1]
    assert f"[{static}+16]" in text and f"[{static}+18]" in text
    assert "ld.b64" not in text
    assemble_on_each_arch(ROWS_IR)


def test_only_the_descriptor_fields_an_access_reads_are_loaded():
    ir = ROWS_IR.replace("[%i, %j] : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<2x4xf16>",
                         "[%c0, %j] : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<4xf16>") \
        .replace("vector<2x4xf16>", "vector<4xf16>")
    [kernel] = lowered_kernels(ir, "sm_90a")
    text = kernel.module.text
    assert ".param .u64 p0_stride0" in text and "[p0_stride0]" not in text
    assert "ld.param.u64 %p0_offset, [p0_offset];" in text
    assemble_on_each_arch(ir)


WIDE_LANES_IR = """\
module {
  func.func @wide(%m: memref<8xf64>, %n: memref<8xi64>, %b: memref<8xi8>, %h: f16, %s: i8) {
    %c0 = arith.constant 0 : index
    "llvm.inline_asm"() <{asm_string = "// lanes", constraints = "", has_side_effects}> : () -> ()
    %a = vector.load %m[%c0] : memref<8xf64>, vector<2xf64>
    %v = arith.addf %a, %a : vector<2xf64>
    vector.store %v, %m[%c0] : memref<8xf64>, vector<2xf64>
    %i = vector.load %n[%c0] : memref<8xi64>, vector<2xi64>
    %t = arith.trunci %i : vector<2xi64> to vector<2xi32>
    %e = arith.extsi %t : vector<2xi32> to vector<2xi64>
    vector.store %e, %n[%c0] : memref<8xi64>, vector<2xi64>
    %x = arith.index_cast %s : i8 to index
    %y = arith.fptosi %h : f16 to i8
    %z = arith.uitofp %y : i8 to bf16
    %q = arith.fptoui %z : bf16 to i8
    memref.store %q, %b[%x] : memref<8xi8>
    return
  }
}
"""


def test_64_bit_lanes_of_a_128_bit_vector_and_bf16_with_an_i8():
    lines = _lines(WIDE_LANES_IR)
    # Each f64 lane two of the 128-bit load's registers, packed back after the add.
    assert lines.count("mov.b64 %r, {%r, %r};") >= 4 and lines.count("add.rn.f64 %r, %r, %r;") == 2
    assert lines.count("mov.b64 {%r, %r}, %r;") >= 4
    assert lines.count("cvt.u32.u64 %r, %r;") == 2 and lines.count("cvt.s64.s32 %r, %r;") == 2
    # cvt pairs bf16 with no 8-bit integer: through 16 bits, the i8 extended first.
    assert lines[-7:-3] == ["cvt.rzi.s8.f16 %r, %r;", "and.b16 %r, %r, 255;", "cvt.rn.bf16.u16 %r, %r;",
                            "cvt.rzi.u16.bf16 %r, %r;"]
    assert "cvt.s64.s8 %r, %r;" in lines
    assemble_on_each_arch(WIDE_LANES_IR)


SHIFT_IR = """\
module {
  func.func @shift(%b: memref<8xi8>, %h: memref<8xi16>, %w: memref<8xi64>, %s: i8, %t: i16, %u: i64) {
    %c0 = arith.constant 0 : index
    "llvm.inline_asm"() <{asm_string = "// shifts", constraints = "", has_side_effects}> : () -> ()
    %x = memref.load %b[%c0] : memref<8xi8>
    %l = arith.shli %x, %s : i8
    %r = arith.shrsi %l, %s : i8
    %m = arith.minui %r, %x : i8
    memref.store %m, %b[%c0] : memref<8xi8>
    %y = memref.load %h[%c0] : memref<8xi16>
    %q = arith.shrui %y, %t : i16
    %n = arith.maxsi %q, %t : i16
    memref.store %n, %h[%c0] : memref<8xi16>
    %z = memref.load %w[%c0] : memref<8xi64>
    %v = arith.shli %z, %u : i64
    memref.store %v, %w[%c0] : memref<8xi64>
    return
  }
}
"""


def test_shifts_take_a_u32_amount_and_an_i8_is_extended_where_its_high_bits_would_be_read():
    lines = _lines(SHIFT_IR)
    body = lines[lines.index("// shifts") + 1:]
    assert body == [
        "ld.u8 %r, [%r];",
        "and.b16 %r, %r, 255;", "cvt.u32.u16 %r, %r;", "shl.b16 %r, %r, %r;",
        "cvt.s16.s8 %r, %r;", "and.b16 %r, %r, 255;", "cvt.u32.u16 %r, %r;", "shr.s16 %r, %r, %r;",
        "and.b16 %r, %r, 255;", "and.b16 %r, %r, 255;", "min.u16 %r, %r, %r;",
        "st.u8 [%r], %r;",
        "ld.b16 %r, [%r];", "cvt.u32.u16 %r, %r;", "shr.u16 %r, %r, %r;", "max.s16 %r, %r, %r;", "st.b16 [%r], %r;",
        "ld.b64 %r, [%r];", "cvt.u32.u64 %r, %r;", "shl.b64 %r, %r, %r;", "st.b64 [%r], %r;", "ret;"]
    assemble_on_each_arch(SHIFT_IR)


def test_bf16_lanes_before_sm_80_go_through_f32_by_integer_arithmetic():
    """No `cvt` of bf16 before sm_80: each lane widened by a shift, rounded back by integer
    arithmetic (tests/emit/test_function_writer_arith.py runs it)."""
    [kernel] = lowered_kernels(_vector_ir("bf16", "arith.addf"), "sm_75")
    assert kernel.module.ok, kernel.module.message
    assert ".bf16" not in kernel.module.text and "add.rn.f32" in kernel.module.text
    _assembles(_vector_ir("bf16", "arith.addf"), "sm_75")
