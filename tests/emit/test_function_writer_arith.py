"""The function writer's `arith` ops beyond one instruction each (emit/lowered_kernel.py): the
divisions rounded toward an infinity (`ceildivsi`, `floordivsi`, `ceildivui`, as MLIR's
arith-expand expands them), `remf` (C's `fmod`, exactly), and the two-result ops
(`addui_extended`, `mulsi_extended`, `mului_extended`). Each is run on a small model of PTX
(tests/emit/ptx_model.py) over negative, zero and extreme operands and compared with Python's
arithmetic, and assembled by ptxas for every target the writer's tests assemble for."""
from __future__ import annotations

import math
import random

import pytest

from cute_ir.emit.lowered_kernel import lowered_kernels
from tests.emit import ptx_model
from tests.emit.test_function_writer_conversions import _assembles
from tests.emit.test_lowered_kernel import assemble_on_each_arch

ASM = '"llvm.inline_asm"(%a) <{asm_string = "mov.b32 $0, $1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32'


def _function(type_: str, body: str, results: str) -> str:
    return (f"module {{\n  func.func @f(%a: i32, %x: {type_}, %y: {type_}) -> ({results}) {{\n    %k = {ASM}\n"
            f"{body}  }}\n}}\n")


def _run(ir: str, x: int, y: int, arch: str = "sm_90a") -> dict[str, int]:
    [kernel] = lowered_kernels(ir, arch)
    assert kernel.module.ok, kernel.module.message
    return ptx_model.run(kernel.module.text, {"p0": 0, "p1": x, "p2": y})


def _floor_div(a: int, b: int) -> int:
    return a // b


def _ceil_div(a: int, b: int) -> int:
    return -((-a) // b)


_DIVISIONS_BODY = """\
    %c = arith.ceildivsi %x, %y : {T}
    %f = arith.floordivsi %x, %y : {T}
    %u = arith.ceildivui %x, %y : {T}
    {extend}
    return {returned}
"""


@pytest.mark.parametrize("type_, width", [("i8", 8), ("i16", 16), ("i32", 32), ("i64", 64)])
def test_rounded_divisions_round_toward_their_infinity_for_every_sign(type_, width):
    """ceildivsi rounds up and floordivsi down whatever the operands' signs (toward zero only where
    the division is exact), ceildivui is the unsigned quotient rounded up; an i8 computes in
    its 16-bit register, its operands extended first."""
    if type_ == "i8":      # a function returns no i8 (LLVM widens it): the results sign-extended
        extend = ("%c2 = arith.extsi %c : i8 to i32\n    %f2 = arith.extsi %f : i8 to i32\n"
                  "    %u2 = arith.extui %u : i8 to i32")
        returned, types = "%c2, %f2, %u2 : i32, i32, i32", "i32, i32, i32"
    else:
        extend, returned, types = "", f"%c, %f, %u : {type_}, {type_}, {type_}", f"{type_}, {type_}, {type_}"
    ir = _function(type_, _DIVISIONS_BODY.format(T=type_, extend=extend, returned=returned), types)
    out_width = 32 if type_ == "i8" else width
    top = (1 << (width - 1)) - 1
    cases = [(7, 2), (-7, 2), (7, -2), (-7, -2), (6, 3), (-6, 3), (6, -3), (-6, -3), (0, 5), (0, -5),
             (1, 1), (-1, 1), (top, 2), (-top - 1, 2), (-top - 1, 3), (top, -1), (5, 7), (-5, 7), (5, -7)]
    mask = (1 << width) - 1
    size = out_width // 8
    for a, b in cases:
        stored = _run(ir, a & mask, b & mask)
        ceil, floor, uceil = (ptx_model.as_signed(stored[f"func_retval0+{n * size}" if n else "func_retval0"],
                                                  out_width) for n in range(3))
        assert (ceil, floor) == (_ceil_div(a, b), _floor_div(a, b)), (type_, a, b)
        expected = _ceil_div(a & mask, b & mask)
        assert uceil & mask == expected & mask, (type_, a, b)
    assemble_on_each_arch(ir)


_REMAINDERS = [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (6.0, 3.0), (-6.0, 3.0), (0.0, 1.0),
               (-0.0, 1.0), (1.0, 3.0), (-1.0, 3.0), (5.0, math.inf), (-5.0, -math.inf), (3.0e38, 7.0),
               (-3.0e38, 1.0e-30), (1.0e-40, 3.0e-45), (3.0e-45, 1.0e-40), (16777217.0, 3.0),
               (1.0e20, 0.1), (2.5, 0.0), (math.inf, 2.0), (math.nan, 2.0), (2.0, math.nan), (2.0, -0.0)]


_RANDOM = random.Random(30)
_REMAINDERS += [(_RANDOM.choice((-1, 1)) * _RANDOM.random() * 2.0 ** _RANDOM.randint(-30, 60),
                 _RANDOM.choice((-1, 1)) * _RANDOM.random() * 2.0 ** _RANDOM.randint(-30, 30)) for _ in range(40)]


@pytest.mark.parametrize("type_", ["f32", "f64", "f16"])
def test_remf_is_fmod_exactly(type_):
    """`remf` is C's `fmod`: exact, with the dividend's sign (a zero result too), the dividend
    where the divisor is infinite, NaN where the divisor is 0, the dividend infinite or either
    NaN; also where the quotient is far past the significand (where x - trunc(x / y) * y, LLVM's
    NVPTX expansion, is wrong) and for subnormal operands."""
    ir = _function(type_, f"    %r = arith.remf %x, %y : {type_}\n    return %r : {type_}\n", type_)
    pack = {"f32": ptx_model.f32_bits, "f64": ptx_model.f64_bits, "f16": ptx_model.f16_bits}[type_]
    for x, y in _REMAINDERS:
        xs, ys = (ptx_model.as_float(pack(v), type_) for v in (x, y))      # the operands as the type holds them
        got = ptx_model.as_float(_run(ir, pack(x), pack(y))["func_retval0"], type_)
        expected = math.fmod(xs, ys) if not (ys == 0 or math.isinf(xs) or math.isnan(xs) or math.isnan(ys)) \
            else math.nan
        if math.isnan(expected):
            assert math.isnan(got), (type_, x, y, got)
        else:
            assert got == expected and math.copysign(1, got) == math.copysign(1, expected), (type_, x, y, got, expected)
    assemble_on_each_arch(ir)


def _bf16_nearest(value: float) -> int:
    """The bf16 nearest an f32 `value` (ties to even), by distance: the two bf16s around it are
    its f32 bits with the lower half cleared and one step (0x10000) further from zero."""
    bits = ptx_model.f32_bits(value)
    if math.isnan(value) or math.isinf(value):
        return bits >> 16 | (0x40 if math.isnan(value) else 0)
    low = bits & 0xFFFF0000
    high = low + 0x10000
    low_value, high_value = (ptx_model.as_float(b, "f32") for b in (low, high))
    below, above = abs(value - low_value), abs(high_value - value)
    if below != above:
        return (low if below < above else high) >> 16
    return (low if not low & 0x10000 else high) >> 16


def _bf16(value: float) -> float:
    return ptx_model.as_float(_bf16_nearest(value) << 16, "f32")


_BF16_IR = _function("bf16", "    %s = arith.addf %x, %y : bf16\n    %p = arith.mulf %x, %y : bf16\n"
                             "    %r = arith.remf %x, %y : bf16\n    %w = arith.extf %x : bf16 to f32\n"
                             "    %n = arith.truncf %w toward_zero : f32 to bf16\n"
                             "    return %s, %p, %r, %n : bf16, bf16, bf16, bf16\n", "bf16, bf16, bf16, bf16")


@pytest.mark.parametrize("arch", ["sm_75", "sm_80"])
def test_bf16_before_sm_80_is_f32_by_integer_arithmetic(arch):
    """Before sm_80 (no `cvt` of bf16) a bf16 widens by a shift and rounds back to nearest even
    by integer arithmetic (a tie to the even one, a carry into the exponent, past the largest
    bf16 to infinity, a NaN kept a NaN), toward zero by dropping the lower half: the same
    results as sm_80's `cvt`, checked here against a rounding by distance."""
    [kernel] = lowered_kernels(_BF16_IR, arch)
    assert kernel.module.ok, kernel.module.message
    assert ("cvt.rn.bf16.f32" in kernel.module.text) == (arch == "sm_80")
    values = [1.0, 1.0 + 2 ** -7, 1.0 + 2 ** -8, 1.0 + 3 * 2 ** -8, -3.0, 3.0e38, 2.0 ** -130, 0.1, -7.5, 1.5 * 2 ** 127]
    for x in values + [math.nan, math.inf]:
        for y in values[:6] + [math.inf]:
            xb, yb = _bf16(x), _bf16(y)
            stored = _run(_BF16_IR, _bf16_nearest(xb), _bf16_nearest(yb), arch)
            got = [ptx_model.as_float(stored[key] << 16, "f32")
                   for key in ("func_retval0", "func_retval0+2", "func_retval0+4", "func_retval0+6")]
            product = xb * yb
            remainder = math.fmod(xb, yb) if not (math.isinf(xb) or math.isnan(xb)) else math.nan
            for have, want in zip(got, [_bf16(ptx_model.as_float(ptx_model.f32_bits(xb + yb), "f32")),
                                        _bf16(ptx_model.as_float(ptx_model.f32_bits(product), "f32")),
                                        _bf16(remainder), xb]):
                assert have == want or math.isnan(have) and math.isnan(want), (arch, x, y, got)
    assemble_on_each_arch(_BF16_IR)
    _assembles(_BF16_IR, arch)


@pytest.mark.parametrize("type_, width", [("i8", 8), ("i16", 16), ("i32", 32), ("i64", 64)])
def test_extended_ops_give_both_halves(type_, width):
    """`addui_extended`: the wrapped sum and whether it carried; `mulsi_extended` /
    `mului_extended`: the double-width product's low and high halves, signed and unsigned."""
    widen = "" if type_ != "i8" else "ext"
    body = [f"    %s, %o = arith.addui_extended %x, %y : {type_}, i1",
            f"    %sl, %sh = arith.mulsi_extended %x, %y : {type_}",
            f"    %ul, %uh = arith.mului_extended %x, %y : {type_}",
            "    %o2 = arith.extui %o : i1 to i32"]
    names = ["%s", "%sl", "%sh", "%ul", "%uh"]
    out = type_
    if widen:
        body += [f"    {n}2 = arith.extui {n} : i8 to i32" for n in names]
        names, out = [f"{n}2" for n in names], "i32"
    body.append(f"    return {', '.join(names)}, %o2 : {', '.join([out] * 5)}, i32")
    ir = _function(type_, "\n".join(body) + "\n", ", ".join([out] * 5 + ["i32"]))
    out_width = 32 if widen else width
    mask = (1 << width) - 1
    top = 1 << (width - 1)
    for a, b in [(3, 5), (-3, 5), (-3, -5), (top - 1, top - 1), (-top, -top), (-top, top - 1), (mask, 1), (0, -1)]:
        stored = _run(ir, a & mask, b & mask)
        size = out_width // 8
        values = [stored["func_retval0" if n == 0 else f"func_retval0+{n * size}"] & mask for n in range(5)]
        carry = stored[f"func_retval0+{-(-5 * size // 4) * 4}"]      # the i32 at the next multiple of 4
        ua, ub = a & mask, b & mask
        signed_product = ptx_model.as_signed(ua, width) * ptx_model.as_signed(ub, width)
        assert values[0] == (ua + ub) & mask and carry == int(ua + ub > mask), (type_, a, b)
        assert values[1:3] == [signed_product & mask, (signed_product >> width) & mask], (type_, a, b)
        assert values[3:5] == [(ua * ub) & mask, (ua * ub) >> width], (type_, a, b)
    assemble_on_each_arch(ir)


def test_rounded_divisions_of_vectors_go_lane_by_lane():
    ir = """\
module {
  func.func @f(%a: i32, %out: memref<4xi32>) {
    %k = "llvm.inline_asm"(%a) <{asm_string = "mov.b32 $0, $1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
    %c0 = arith.constant 0 : index
    %v = vector.load %out[%c0] : memref<4xi32>, vector<2xi32>
    %q = arith.floordivsi %v, %v : vector<2xi32>
    vector.store %q, %out[%c0] : memref<4xi32>, vector<2xi32>
    return
  }
}
"""
    [kernel] = lowered_kernels(ir, "sm_90a")
    assert kernel.module.ok, kernel.module.message
    assert kernel.module.text.count("div.s32") == 2
    assemble_on_each_arch(ir)


def test_scaling_conversions_are_refused_named():
    """The only `arith` ops of scalars left unwritten: their scale is an f8E8M0FNU."""
    ir = _function("f32", "    %r = arith.scaling_truncf %x, %x : f32, f32 to f16\n    return %x : f32\n", "f32")
    [kernel] = lowered_kernels(ir, "sm_90a")
    assert kernel.module.message == "`f`: `arith.scaling_truncf` scales by an f8E8M0FNU exponent, a type with no " \
                                    "register here"
