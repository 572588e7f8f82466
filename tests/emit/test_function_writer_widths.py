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
