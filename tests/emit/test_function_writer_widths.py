"""The function writer (emit/lowered_kernel.py) at the widths a CuTe DSL kernel uses beyond i32
and i64: `scf.for` over i8 and i16 bounds (signed, or unsigned by `unsignedCmp`), run on the
small PTX model (tests/emit/ptx_model.py) and compared with Python's count of the iterations,
and assembled by ptxas for the writer's targets."""
from __future__ import annotations

import pytest

from cute_ir.emit.lowered_kernel import lowered_kernels
from tests.emit import ptx_model
from tests.emit.test_lowered_kernel import assemble_on_each_arch

ASM = '"llvm.inline_asm"(%a) <{asm_string = "mov.b32 $0, $1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32'


def _loop(type_: str, unsigned: bool) -> str:
    return f"""\
module {{
  func.func @f(%a: i32, %lb: {type_}, %ub: {type_}, %step: {type_}) -> (i32, i32) {{
    %k = {ASM}
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %n:2 = scf.for {'unsigned ' if unsigned else ''}%i = %lb to %ub step %step iter_args(%count = %c0, %sum = %c0) -> (i32, i32) : {type_} {{
      %next = arith.addi %count, %c1 : i32
      %wide = arith.{'trunci' if type_ == 'i64' else 'extui' if unsigned else 'extsi'} %i : {type_} to i32
      %total = arith.addi %sum, %wide : i32
      scf.yield %next, %total : i32, i32
    }}
    return %n#0, %n#1 : i32, i32
  }}
}}
"""


@pytest.mark.parametrize("type_, width", [("i8", 8), ("i16", 16), ("i64", 64)])
@pytest.mark.parametrize("unsigned", [False, True])
def test_a_loop_over_narrow_bounds_counts_as_mlir_does(type_, width, unsigned):
    """The counter steps at the bounds' width and is compared with the upper bound signed (or
    unsigned): the iterations and the sum of the induction variable are Python's."""
    ir = _loop(type_, unsigned)
    [kernel] = lowered_kernels(ir, "sm_90a")
    assert kernel.module.ok, kernel.module.message
    mask = (1 << width) - 1
    top = (1 << (width - 1)) - 1
    for lb, ub, step in [(-3, 5, 2), (0, 0, 1), (5, -3, 1), (-10, -1, 3), (1, top, top // 3), (-6, 5, 1), (1, 4, 1)]:
        lo, hi = (lb & mask, ub & mask) if unsigned else (lb, ub)
        if hi - lo > 1000 * step:
            continue        # (a negative bound read unsigned: too many iterations to run here)
        visited = list(range(lo, hi, step))
        stored = ptx_model.run(kernel.module.text, {"p0": 0, "p1": lb & mask, "p2": ub & mask, "p3": step & mask})
        count = ptx_model.as_signed(stored["func_retval0"], 32)
        total = ptx_model.as_signed(stored["func_retval0+4"], 32)
        assert (count, total) == (len(visited), ptx_model.as_signed(sum(visited), 32)), (type_, unsigned, lb, ub, step)
    assemble_on_each_arch(ir)
    assert ("setp.lt.u" if unsigned else "setp.lt.s") in kernel.module.text


_BASE = 0x1000      # where the model's memory puts the memref (aligned to 16 bytes)


def _bytes_ir(n: int) -> str:
    v, m = f"vector<{n}xi8>", f"memref<{8 * n}xi8>"
    return f"""\
module {{
  func.func @bytes(%a: i32, %m: {m}, %bits: memref<{8 * n}xi1>, %flag: i1) {{
    %k = {ASM}
    %c0 = arith.constant 0 : index
    %i1 = arith.constant {n} : index
    %i2 = arith.constant {2 * n} : index
    %i3 = arith.constant {3 * n} : index
    %i4 = arith.constant {4 * n} : index
    %i5 = arith.constant {5 * n} : index
    %i6 = arith.constant {6 * n} : index
    %x = vector.load %m[%c0] : {m}, {v}
    %y = vector.load %m[%i1] : {m}, {v}
    %sum = arith.addi %x, %y : {v}
    %quotient = arith.divsi %x, %y : {v}
    %lt = arith.cmpi slt, %x, %y : {v}
    %gt = arith.cmpi sgt, %x, %y : {v}
    %min = arith.select %lt, %x, %y : vector<{n}xi1>, {v}
    %floor = arith.floordivsi %x, %y : {v}
    vector.store %sum, %m[%i2] : {m}, {v}
    vector.store %quotient, %m[%i3] : {m}, {v}
    vector.store %min, %m[%i4] : {m}, {v}
    vector.store %floor, %m[%i5] : {m}, {v}
    %chosen = scf.if %flag -> (vector<{n}xi1>) {{
      scf.yield %lt : vector<{n}xi1>
    }} else {{
      scf.yield %gt : vector<{n}xi1>
    }}
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %toggled = scf.for %i = %c0 to %c3 step %c1 iter_args(%mask = %chosen) -> (vector<{n}xi1>) {{
      %next = arith.xori %mask, %gt : vector<{n}xi1>
      scf.yield %next : vector<{n}xi1>
    }}
    vector.store %toggled, %bits[%c0] : memref<{8 * n}xi1>, vector<{n}xi1>
    %back = vector.load %bits[%c0] : memref<{8 * n}xi1>, vector<{n}xi1>
    %picked = arith.select %back, %x, %y : vector<{n}xi1>, {v}
    vector.store %picked, %m[%i6] : {m}, {v}
    %i7 = arith.constant {7 * n} : index
    %kept = scf.if %flag -> ({v}) {{
      scf.yield %sum : {v}
    }} else {{
      scf.yield %min : {v}
    }}
    vector.store %kept, %m[%i7] : {m}, {v}
    return
  }}
}}
"""


def _signed8(value: int) -> int:
    return ptx_model.as_signed(value, 8)


@pytest.mark.parametrize("n", [2, 4, 8, 16])
def test_i8_vectors_and_vectors_of_i1_stored_and_carried(n):
    """A vector of i8 goes lane by lane, each lane a 16-bit register (unpacked by shifts, packed
    back by `and` / `shl` / `or`): its sums wrap at 8 bits, its divisions and compares read the
    lanes signed. A vector of `i1`s (a predicate per lane) is an `scf.if`'s result and an
    `scf.for`'s carried value, and is stored and loaded bit-packed, as LLVM stores an
    `<N x i1>`: lane k bit k % 8 of byte k / 8. A 128-bit vector is carried in its four registers."""
    ir = _bytes_ir(n)
    [kernel] = lowered_kernels(ir, "sm_90a")
    assert kernel.module.ok, kernel.module.message
    xs = [(37 * k + 5) % 256 for k in range(n)]
    ys = [(-11 * k - 3) % 256 or 7 for k in range(n)]
    for flag in (0, 1):
        memory = {_BASE + k: byte for k, byte in enumerate(xs + ys)}
        bits_base = 0x2000
        ptx_model.run(kernel.module.text, {"p0": 0, "p1": _BASE, "p2": bits_base, "p3": flag}, memory)
        out = [[memory[_BASE + r * n + k] for k in range(n)] for r in range(2, 8)]
        sx, sy = [_signed8(x) for x in xs], [_signed8(y) for y in ys]
        assert out[0] == [(x + y) % 256 for x, y in zip(xs, ys)]
        assert out[1] == [int(a / b) % 256 for a, b in zip(sx, sy)]
        assert out[2] == [min(a, b) % 256 for a, b in zip(sx, sy)]
        assert out[3] == [(a // b) % 256 for a, b in zip(sx, sy)]
        lt, gt = [a < b for a, b in zip(sx, sy)], [a > b for a, b in zip(sx, sy)]
        toggled = [(l if flag else g) != g for l, g in zip(lt, gt)]      # three xors with gt: one
        packed = [memory.get(bits_base + byte, 0) for byte in range(-(-n // 8))]
        assert [bool(packed[k // 8] >> (k % 8) & 1) for k in range(n)] == toggled
        assert all(packed[-1] >> bit == 0 for bit in range(n % 8 or 8, 8))
        assert out[4] == [x if t else y for x, y, t in zip(xs, ys, toggled)]
        assert out[5] == (out[0] if flag else out[2])      # (of 16 lanes: four registers carried)
    assemble_on_each_arch(ir)
