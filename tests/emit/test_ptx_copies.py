"""Copy propagation over the function writer's kernels (emit/ptx_copies.py): the `mov`s the
lowered IR's casts, extracted results and index constants leave are gone, each remaining line
still maps to the op that wrote it, and nothing is propagated where another path or a write
could change what a read sees."""
from __future__ import annotations

from cute_ir.emit.builder import PtxBuilder
from cute_ir.emit.ptx_copies import propagate


def _kernel(decls: dict[str, str], lines: list[str]) -> tuple[PtxBuilder, list[tuple[int, str]]]:
    kernel = PtxBuilder("k")
    for name, type_ in decls.items():
        kernel.reg(type_, name)
    for line in lines:
        kernel.emit(line)
    return kernel, [(n, f"op{n}") for n in range(len(lines))]


def _body(kernel: PtxBuilder) -> list[str]:
    return [line for line, _ in kernel.body]


def test_a_copy_chain_folds_into_the_reads_and_the_map_follows():
    kernel, ops = _kernel({"%a": "b32", "%b": "b32", "%c": "b32", "%i": "b64", "%p": "b64"}, [
        "ld.param.u64 %p, [p0];",
        "ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%a}, [%p];",
        "mov.b32 %b, %a;",
        "mov.b64 %i, 0;",
        "mov.b32 %c, %b;",
        "st.b32 [%p], %c;",
        "ret;"])
    mapped = propagate(kernel, ops)
    assert _body(kernel) == ["ld.param.u64 %p, [p0];", "ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%a}, [%p];",
                             "st.b32 [%p], %a;", "ret;"]
    assert mapped == [(0, "op0"), (1, "op1"), (2, "op5"), (3, "op6")]
    assert kernel.decls == [".reg .b32 %a;", ".reg .b64 %p;"]


def test_no_propagation_across_a_label_a_second_write_or_a_write_of_the_source():
    decls = {"%a": "b32", "%b": "b32", "%c": "b32", "%d": "b32", "%p": "b64", "%q": "pred"}
    kernel, ops = _kernel(decls, [
        "ld.param.u64 %p, [p0];",
        "ld.b32 %a, [%p];",
        "mov.b32 %b, %a;",          # %a is written again before %b's read: kept
        "add.s32 %a, %a, 1;",
        "st.b32 [%p], %b;",
        "mov.b32 %c, %a;",          # read after a label: kept
        "L1:",
        "st.b32 [%p], %c;",
        "mov.b32 %d, %a;",          # %d written twice: kept
        "@%q mov.b32 %d, 7;",
        "st.b32 [%p], %d;",
        "ret;"])
    before = _body(kernel)
    assert propagate(kernel, ops) == ops and _body(kernel) == before


def test_copies_between_registers_of_other_types_stay():
    kernel, ops = _kernel({"%f": "f32", "%b": "b32", "%p": "b64"}, [
        "ld.param.u64 %p, [p0];", "ld.f32 %f, [%p];", "mov.b32 %b, %f;", "st.b32 [%p], %b;", "ret;"])
    assert propagate(kernel, ops) == ops


def test_crossed_yield_moves_keep_the_temporary_the_swap_needs():
    """`scf.yield %b, %a` into the carried registers %a, %b: through temporaries, one of which
    must stay (its source is written before it is read)."""
    kernel, ops = _kernel({"%a": "b32", "%b": "b32", "%t1": "b32", "%t2": "b32"}, [
        "mov.b32 %t1, %b;", "mov.b32 %t2, %a;", "mov.b32 %a, %t1;", "mov.b32 %b, %t2;"])
    propagate(kernel, ops)
    assert _body(kernel) == ["mov.b32 %t2, %a;", "mov.b32 %a, %b;", "mov.b32 %b, %t2;"]
