"""The function writer's conversions and 16-bit float arithmetic (emit/lowered_kernel.py):
`arith`'s integer and float casts as `cvt` with MLIR's rounding, f16 / bf16 arithmetic as the
16-bit instruction where the target has it and through f32 where it does not; each kernel
assembled by ptxas for every target the writer's tests assemble for, and the f32 route for the
older targets that take it."""
from __future__ import annotations

import re

import pytest

from cute_ir.emit.lowered_kernel import lowered_kernels
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble
from tests.emit.test_lowered_kernel import assemble_on_each_arch


def _lines(ir: str, arch: str = "sm_90a") -> list[str]:
    """The body's instructions of the one kernel written of `ir`, each register `%r` (less the
    parameters' reads and an `i1` parameter's test)."""
    [kernel] = lowered_kernels(ir, arch)
    assert kernel.module.ok, kernel.module.message
    body = kernel.module.text.split("{", 1)[1]
    return [re.sub(r"%\w+", "%r", line.strip()) for line in body.split("\n")
            if line.strip() and not line.strip().startswith((".reg", "ld.param", "}"))
            and not re.search(r"%p\d+_(byte|bit)", line)]


def _refusal(ir: str, arch: str = "sm_90a") -> str:
    [kernel] = lowered_kernels(ir, arch)
    assert not kernel.module.ok
    return kernel.module.message


def _assembles(ir: str, arch: str) -> None:
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    [kernel] = lowered_kernels(ir, arch)
    accepted, said = assemble(kernel.module.text, arch)
    assert accepted, (arch, said)


ASM = '"llvm.inline_asm"(%n) <{asm_string = "add.s32 $0, $1, 1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32'

CONVERSIONS_IR = f"""\
module {{
  func.func @conversions(%out: memref<4xf32>, %n: i32, %w: i64, %s: i16, %h: f16, %b: bf16, %x: f32, %y: f64, %flag: i1) {{
    %k = {ASM}
    %zu = arith.extui %k : i32 to i64
    %zs = arith.extsi %s : i16 to i32
    %t = arith.trunci %w : i64 to i32
    %t1 = arith.trunci %k : i32 to i1
    %e1 = arith.extui %flag : i1 to i32
    %s1 = arith.extsi %flag : i1 to i64
    %ix = arith.index_cast %k : i32 to index
    %iu = arith.index_castui %ix : index to i32
    %f1 = arith.sitofp %k : i32 to f32
    %f2 = arith.uitofp %w : i64 to f64
    %f3 = arith.sitofp %flag : i1 to f32
    %f4 = arith.sitofp %k : i32 to f16
    %f5 = arith.uitofp %s : i16 to bf16
    %i1 = arith.fptosi %x : f32 to i32
    %i2 = arith.fptoui %y : f64 to i64
    %i3 = arith.fptosi %h : f16 to i16
    %i4 = arith.fptoui %b : bf16 to i32
    %i5 = arith.fptosi %x : f32 to i1
    %w1 = arith.extf %h : f16 to f32
    %w2 = arith.extf %b : bf16 to f32
    %w3 = arith.extf %x : f32 to f64
    %w4 = arith.extf %b : bf16 to f64
    %n1 = arith.truncf %x : f32 to f16
    %n2 = arith.truncf %y : f64 to bf16
    %n3 = arith.truncf %x downward : f32 to bf16
    %n4 = "arith.truncf"(%y) <{{roundingmode = 3 : i32}}> : (f64) -> f32
    %c1 = arith.bitcast %x : f32 to i32
    %c2 = arith.bitcast %s : i16 to bf16
    %c0 = arith.constant 0 : index
    memref.store %f1, %out[%c0] : memref<4xf32>
    return
  }}
}}
"""


def test_each_conversion_is_cvt_with_mlir_s_rounding():
    """Integers widen by their signedness and narrow by truncation; an `i1` widens to 1 (or -1
    signed) by `selp` and narrows to the low bit by `setp`; an integer becomes a float rounded
    to nearest (`.rn`), a float an integer rounded toward zero (`.rzi`; PTX clamps what is out of
    range, where MLIR gives poison); `extf` is exact, `truncf` rounds by its mode (none: `.rn`)."""
    assert _lines(CONVERSIONS_IR) == [
        "add.s32 %r, %r, 1;",
        "cvt.u64.u32 %r, %r;", "cvt.s32.s16 %r, %r;", "cvt.u32.u64 %r, %r;",
        "and.b32 %r, %r, 1;", "setp.ne.b32 %r, %r, 0;",
        "selp.u32 %r, 1, 0, %r;", "selp.s64 %r, -1, 0, %r;",
        "cvt.s64.s32 %r, %r;", "cvt.u32.u64 %r, %r;",
        "cvt.rn.f32.s32 %r, %r;", "cvt.rn.f64.u64 %r, %r;",
        "selp.s32 %r, -1, 0, %r;", "cvt.rn.f32.s32 %r, %r;",
        "cvt.rn.f16.s32 %r, %r;", "cvt.rn.bf16.u16 %r, %r;",
        "cvt.rzi.s32.f32 %r, %r;", "cvt.rzi.u64.f64 %r, %r;", "cvt.rzi.s16.f16 %r, %r;", "cvt.rzi.u32.bf16 %r, %r;",
        "cvt.rzi.s32.f32 %r, %r;", "setp.ne.b32 %r, %r, 0;",
        "cvt.f32.f16 %r, %r;", "cvt.f32.bf16 %r, %r;", "cvt.f64.f32 %r, %r;", "cvt.f64.bf16 %r, %r;",
        "cvt.rn.f16.f32 %r, %r;", "cvt.rn.bf16.f64 %r, %r;", "cvt.rm.bf16.f32 %r, %r;", "cvt.rz.f32.f64 %r, %r;",
        "st.f32 [%r], %r;", "ret;"]
    assemble_on_each_arch(CONVERSIONS_IR)


# Conversions an older target has no `cvt` for (PTX ISA, cvt's target notes).
@pytest.mark.parametrize("line, arch, message", [
    ("%v = arith.uitofp %s : i16 to bf16", "sm_80",
     "`arith.uitofp` from i16 to bf16 (`cvt` of bf16 and an integer) needs sm_90 or later, not sm_80"),
    ("%v = arith.extf %b : bf16 to f64", "sm_80", "`cvt` `arith.extf` from bf16 to f64 needs sm_90 or later, not sm_80"),
    ("%v = arith.truncf %x upward : f32 to bf16", "sm_75", "rounding f32 to bf16 upward needs sm_80 or later (`cvt` of "
                                                            "bf16), not sm_75"),
])
def test_a_conversion_the_target_lacks_is_refused_named(line, arch, message):
    ir = CONVERSIONS_IR.replace("    %zu = arith.extui %k : i32 to i64\n", f"    {line}\n")
    assert _refusal(ir, arch) == f"`conversions`: {message}"


@pytest.mark.parametrize("line, message", [
    ("%v = arith.truncf %x to_nearest_away : f32 to f16",
     "`arith.truncf` from f32 to f16 rounding to_nearest_away: `cvt` rounds ties away from zero only into tf32"),
    ('%v = "arith.extf"(%x) : (f32) -> f16', "`arith.extf` from f32 to f16: `extf` widens, `truncf` narrows"),
    ('%v = "arith.sitofp"(%x) : (f32) -> f16', "`arith.sitofp` from f32 to f16: not the types it converts"),
    ('%v = "arith.extui"(%x) : (f32) -> i64', "`arith.extui` from f32 to i64: not the types it converts"),
    ("%v = arith.extsi %vh : vector<4xi4> to vector<4xi16>",
     "`arith.extsi` of vector<4xi16>: vectors of f16, bf16, f32, f64, i8, i16, i32, i64, i1 only here"),
    ("%v = arith.bitcast %x : f32 to i16", "`arith.bitcast` from f32 to i16: a cast between values of one width only here"),
])
def test_a_conversion_of_other_types_is_refused_named(line, message):
    ir = CONVERSIONS_IR.replace("    %zu = arith.extui %k : i32 to i64\n", f"    {line}\n") \
        .replace("%flag: i1)", "%flag: i1, %vh: vector<4xi4>)")
    assert _refusal(ir) == f"`conversions`: {message}"


HALF_IR = """\
module {
  func.func @halves(%out: memref<8xf16>, %o2: memref<8xbf16>, %h: f16, %g: f16, %b: bf16, %c: bf16, %x: f32, %y: f32) {
    %k = "llvm.inline_asm"(%h) <{asm_string = "mov.b16 $0, $1;", constraints = "=h,h", has_side_effects}> : (f16) -> f16
    %a = arith.addf %k, %g : f16
    %s = arith.subf %a, %g : f16
    %m = arith.mulf %s, %k : f16
    %d = arith.divf %m, %g : f16
    %mx = arith.maximumf %d, %k : f16
    %mn = arith.minimumf %mx, %g : f16
    %nx = arith.maxnumf %mn, %k : f16
    %nn = arith.minnumf %nx, %g : f16
    %ng = arith.negf %nn : f16
    %ab = math.absf %ng : f16
    %lt = arith.cmpf ult, %ab, %g : f16
    %r = arith.select %lt, %ab, %g : f16
    %c0 = arith.constant 0 : index
    memref.store %r, %out[%c0] : memref<8xf16>
    %ba = arith.addf %b, %c : bf16
    %bs = arith.subf %ba, %c : bf16
    %bm = arith.mulf %bs, %b : bf16
    %bd = arith.divf %bm, %c : bf16
    %bx = arith.maximumf %bd, %b : bf16
    %bn = arith.minnumf %bx, %c : bf16
    %bg = arith.negf %bn : bf16
    %bo = arith.cmpf oge, %bg, %c : bf16
    %br = arith.select %bo, %bg, %c : bf16
    memref.store %br, %o2[%c0] : memref<8xbf16>
    %fx = arith.maximumf %x, %y : f32
    %fn = arith.minimumf %fx, %y : f32
    return
  }
}
"""
# `divf`: PTX has no 16-bit `div`; the f32 quotient rounded once to the half is the half's.
_DIV = ["cvt.f32.{T} %r, %r;", "cvt.f32.{T} %r, %r;", "div.rn.f32 %r, %r, %r;", "cvt.rn.{T}.f32 %r, %r;"]


def _through_f32(instruction: str, half: str) -> list[str]:
    return [f"cvt.f32.{half} %r, %r;", f"cvt.f32.{half} %r, %r;", f"{instruction}.f32 %r, %r, %r;",
            f"cvt.rn.{half}.f32 %r, %r;"]


def test_half_arithmetic_is_the_16_bit_instruction_and_division_goes_through_f32():
    """On sm_90a every op but `divf` has its f16 and bf16 instruction (bf16 add, sub, mul and
    setp need sm_90); `maximumf` / `minimumf` are `max.NaN` / `min.NaN`, which propagate a NaN
    and order -0 below +0."""
    assert _lines(HALF_IR) == [
        "add.rn.f16 %r, %r, %r;", "sub.rn.f16 %r, %r, %r;", "mul.rn.f16 %r, %r, %r;",
        *(line.format(T="f16") for line in _DIV),
        "max.NaN.f16 %r, %r, %r;", "min.NaN.f16 %r, %r, %r;", "max.f16 %r, %r, %r;", "min.f16 %r, %r, %r;",
        "neg.f16 %r, %r;", "abs.f16 %r, %r;", "setp.ltu.f16 %r, %r, %r;", "selp.b16 %r, %r, %r, %r;",
        "st.b16 [%r], %r;",
        "add.rn.bf16 %r, %r, %r;", "sub.rn.bf16 %r, %r, %r;", "mul.rn.bf16 %r, %r, %r;",
        *(line.format(T="bf16") for line in _DIV),
        "max.NaN.bf16 %r, %r, %r;", "min.bf16 %r, %r, %r;", "neg.bf16 %r, %r;", "setp.ge.bf16 %r, %r, %r;",
        "selp.b16 %r, %r, %r, %r;", "st.b16 [%r], %r;",
        "max.NaN.f32 %r, %r, %r;", "min.NaN.f32 %r, %r, %r;", "ret;"]
    assemble_on_each_arch(HALF_IR)


def test_bf16_arithmetic_an_older_target_lacks_goes_through_f32():
    """sm_80 has no bf16 add, sub, mul or setp: the f32 instruction between `cvt.f32.bf16` and
    `cvt.rn.bf16.f32` (a compare widens both and needs no rounding); ptxas accepts it there."""
    lines = _lines(HALF_IR, "sm_80")
    bf16 = lines[lines.index("st.b16 [%r], %r;") + 1:]
    assert bf16[:16] == [*_through_f32("add.rn", "bf16"), *_through_f32("sub.rn", "bf16"),
                         *_through_f32("mul.rn", "bf16"), *(line.format(T="bf16") for line in _DIV)]
    assert bf16[16:21] == ["max.NaN.bf16 %r, %r, %r;", "min.bf16 %r, %r, %r;", "neg.bf16 %r, %r;",
                           "cvt.f32.bf16 %r, %r;", "cvt.f32.bf16 %r, %r;"]
    assert bf16[21] == "setp.ge.f32 %r, %r, %r;"
    _assembles(HALF_IR, "sm_80")


def test_f16_max_and_min_an_older_target_lacks_go_through_f32():
    maxnum = HALF_IR.split("    %mx =")[0] + "    %nx = arith.maxnumf %d, %k : f16\n    return\n  }\n}\n"
    assert _lines(maxnum, "sm_75")[-5:] == [*_through_f32("max", "f16"), "ret;"]
    _assembles(maxnum, "sm_75")


MAXIMUM_IR = f"""\
module {{
  func.func @maximum(%u: f64, %v: f64, %x: f32, %y: f32, %h: f16, %g: f16, %n: i32) {{
    %k = {ASM}
    %a = arith.maximumf %u, %v : f64
    %b = arith.minimumf %x, %y : f32
    %c = arith.maximumf %h, %g : f16
    return
  }}
}}
"""


def _nan_propagating(instruction: str, float_type: str) -> list[str]:
    return [f"{instruction}.{float_type} %r, %r, %r;", f"setp.nan.{float_type} %r, %r, %r;",
            f"add.rn.{float_type} %r, %r, %r;", f"selp.{float_type} %r, %r, %r, %r;"]


def test_maximumf_with_no_nan_form_puts_a_nan_where_either_operand_is_one():
    """f64 has no `max.NaN`, nor a target before sm_80 any: the NaN-ignoring `max` / `min`
    (which orders -0 below +0 as `maximumf` does), with the operands' sum, a NaN, selected where
    either is one; ptxas accepts both targets' kernels."""
    assert _lines(MAXIMUM_IR)[1:] == [*_nan_propagating("max", "f64"), "min.NaN.f32 %r, %r, %r;",
                                      "max.NaN.f16 %r, %r, %r;", "ret;"]
    assert _lines(MAXIMUM_IR, "sm_75")[1:] == [
        *_nan_propagating("max", "f64"), *_nan_propagating("min", "f32"),
        "cvt.f32.f16 %r, %r;", "cvt.f32.f16 %r, %r;", *_nan_propagating("max", "f32"), "cvt.rn.f16.f32 %r, %r;",
        "ret;"]
    assemble_on_each_arch(MAXIMUM_IR)
    _assembles(MAXIMUM_IR, "sm_75")


@pytest.mark.parametrize("line, arch, message", [
    ("%v = arith.truncf %x downward : f32 to bf16", "sm_75", "rounding f32 to bf16 downward needs sm_80 or later "
                                                              "(`cvt` of bf16), not sm_75"),
    ("%v = arith.addf %vh, %vh : vector<4xi4>", "sm_90a", "`arith.addf` of vector<4xi4>: vectors of f16, bf16, f32, "
                                                          "f64, i8, i16, i32, i64, i1 only here"),
    ("%v = arith.addf %x, %x : i32", "sm_90a", "`arith.addf` of i32: float arithmetic of f16, bf16, f32 or f64 "
                                              "scalars and vectors only here"),
])
def test_float_work_the_target_or_the_writer_lacks_is_refused_named(line, arch, message):
    ir = f"""\
module {{
  func.func @half(%b: bf16, %x: f32, %u: f64, %vh: vector<4xi4>, %n: i32) {{
    %k = {ASM}
    {line}
    return
  }}
}}
"""
    assert _refusal(ir, arch) == f"`half`: {message}"


CMPF = ["oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "false", "true"]


@pytest.mark.parametrize("half", ["f16", "bf16"])
def test_every_cmpf_predicate_of_a_half_assembles(half):
    compares = "\n".join(f"    %b{n} = arith.cmpf {predicate}, %a, %h : {half}" for n, predicate in enumerate(CMPF))
    ir = f"""\
module {{
  func.func @compare(%a: {half}, %h: {half}, %n: i32) {{
    %k = {ASM}
{compares}
    return
  }}
}}
"""
    setps = [line for line in _lines(ir) if line.startswith("setp")]
    assert len(setps) == 14 and all(line.endswith(f".{half} %r, %r, %r;") for line in setps), setps
    assemble_on_each_arch(ir)
