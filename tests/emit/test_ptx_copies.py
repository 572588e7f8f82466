"""Copy propagation over the function writer's kernels (emit/ptx_copies.py): the `mov`s the
lowered IR's casts, extracted results and index constants leave are gone, each remaining line
still maps to the op that wrote it, and nothing is propagated where another path or a write
could change what a read sees. Constants are folded into the instructions that read them, as
immediates where PTX takes one (`fold_constants`), and their `mov`s go."""
from __future__ import annotations

from cute_ir.emit import lowered_kernel
from cute_ir.emit.builder import PtxBuilder
from cute_ir.emit.lowered_kernel import lowered_kernels
from cute_ir.emit.ptx_copies import fold_constants, propagate
from tests.emit import ptx_model
from tests.emit import test_function_writer_arith as arith
from tests.emit import test_function_writer_widths as widths


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


def _unchanged(decls: dict[str, str], lines: list[str]) -> None:
    kernel, ops = _kernel(decls, lines)
    assert propagate(kernel, ops) == ops and _body(kernel) == lines


B32 = {"%a": "b32", "%b": "b32", "%c": "b32", "%d": "b32", "%p": "b64", "%q": "pred"}


def test_a_copy_read_on_the_next_iteration_before_it_is_written_stays():
    """In a loop a read above the copy sees the previous iteration's value: not the source's."""
    _unchanged(B32, ["ld.param.u64 %p, [p0];", "mov.b32 %a, 0;", "mov.b32 %b, 0;", "L:",
                     "add.s32 %c, %b, 1;", "mov.b32 %b, %a;", "add.s32 %a, %a, 1;", "setp.lt.s32 %q, %a, 9;",
                     "@%q bra L;", "st.b32 [%p], %c;", "ret;"])


def test_a_source_written_again_on_the_back_edge_or_by_a_guarded_instruction_stays():
    _unchanged(B32, ["ld.param.u64 %p, [p0];", "mov.b32 %a, 0;", "L:", "mov.b32 %b, %a;",
                     "add.s32 %a, %a, 1;", "setp.lt.s32 %q, %a, 9;", "st.b32 [%p], %b;", "@%q bra L;", "ret;"])
    _unchanged(B32, ["ld.param.u64 %p, [p0];", "ld.b32 %a, [%p];", "setp.eq.s32 %q, %a, 0;", "mov.b32 %b, %a;",
                     "@%q add.s32 %a, %a, 1;", "st.b32 [%p], %b;", "ret;"])


def test_a_read_past_a_branch_target_stays_and_a_branch_out_does_not_stop_the_run():
    """A label is a second way in; a conditional branch out leaves the run's values as they are."""
    _unchanged(B32, ["ld.param.u64 %p, [p0];", "ld.b32 %a, [%p];", "setp.eq.s32 %q, %a, 0;",
                     "mov.b32 %b, %a;", "@%q bra L;", "L:", "st.b32 [%p], %b;", "ret;"])
    kernel, ops = _kernel(B32, ["ld.param.u64 %p, [p0];", "ld.b32 %a, [%p];", "setp.eq.s32 %q, %a, 0;",
                                "mov.b32 %b, %a;", "@%q bra L;", "st.b32 [%p], %b;", "L:", "ret;"])
    propagate(kernel, ops)
    assert _body(kernel)[3:5] == ["@%q bra L;", "st.b32 [%p], %a;"]


def test_a_guarded_copy_stays():
    _unchanged(B32, ["ld.param.u64 %p, [p0];", "ld.b32 %a, [%p];", "setp.eq.s32 %q, %a, 0;",
                     "@%q mov.b32 %b, %a;", "st.b32 [%p], %b;", "ret;"])


def test_vector_operands_and_addresses_read_the_source_and_a_vector_write_is_a_write():
    kernel, ops = _kernel(B32, ["ld.param.u64 %p, [p0];", "ld.v2.b32 {%a, %c}, [%p];", "mov.b32 %b, %a;",
                                "mov.b64 %d, %p;", "st.v2.b32 [%d+8], {%b, %c};", "ret;"])
    kernel.reg("b64", "%d")
    kernel.decls[:] = [decl for decl in kernel.decls if decl != ".reg .b32 %d;"]
    propagate(kernel, ops)
    assert _body(kernel) == ["ld.param.u64 %p, [p0];", "ld.v2.b32 {%a, %c}, [%p];", "st.v2.b32 [%p+8], {%a, %c};",
                             "ret;"]
    # The source written by a vector load between the copy and its read.
    _unchanged(B32, ["ld.param.u64 %p, [p0];", "ld.b32 %a, [%p];", "mov.b32 %b, %a;",
                     "ld.v2.b32 {%a, %c}, [%p];", "st.v2.b32 [%p], {%b, %c};", "ret;"])


def test_an_inline_asm_scope_is_left_as_written():
    """`{ .reg ...; }` declares registers of its own (which may shadow the kernel's), and a line
    of several instructions writes what any of them names: no copy goes into, out of or
    across one, and a register it names is not dead."""
    _unchanged(B32, ["ld.param.u64 %p, [p0];", "ld.b32 %a, [%p];", "mov.b32 %b, %a;", "{",
                     ".reg .b32 %b;", "mov.b32 %b, 5;", "add.s32 %c, %b, 1;", "}", "st.b32 [%p], %b;",
                     "st.b32 [%p+4], %c;", "ret;"])
    _unchanged(B32, ["ld.param.u64 %p, [p0];", "ld.b32 %a, [%p];", "mov.b32 %b, %a;",
                     "{ .reg .pred t; setp.eq.s32 t, %b, 0; selp.b32 %a, 1, 0, t; }", "st.b32 [%p], %b;",
                     "st.b32 [%p+4], %a;", "ret;"])
    _unchanged(B32, ["ld.param.u64 %p, [p0];", "mov.b32 %c, 3;", "mov.b32 %d, %c; add.s32 %d, %d, 1;",
                     "st.b32 [%p], %d;", "ret;"])


def test_parameters_and_copies_of_immediates():
    """A `.param` name is no register; a constant is not folded into its reads (an immediate is
    not every instruction's operand), only dropped when nothing reads it."""
    kernel, ops = _kernel(B32, ["ld.param.u64 %p, [p0];", "mov.b32 %a, 7;", "mov.b32 %c, 0;",
                                "mov.b32 %b, %a;", "st.param.b32 [func_retval0+0], %b;", "ret;"])
    propagate(kernel, ops)
    assert _body(kernel) == ["ld.param.u64 %p, [p0];", "mov.b32 %a, 7;", "st.param.b32 [func_retval0+0], %a;", "ret;"]


def _written(ir: str, monkeypatch, propagated: bool) -> str:
    with monkeypatch.context() as patch:
        if not propagated:
            patch.setattr(lowered_kernel, "propagate", lambda kernel, line_ops: line_ops)
        [kernel] = lowered_kernels(ir, "sm_90a")
    assert kernel.module.ok, kernel.module.message
    return kernel.module.text


def test_the_kernels_the_model_runs_compute_the_same_with_and_without_the_copies(monkeypatch):
    """tests/emit/ptx_model.py runs each kernel, as written and with its copies propagated, on
    the same parameters and memory: what they return and store is the same."""
    cases = []
    for type_ in ("i8", "i32", "i64"):
        ir = arith._function(type_, arith._DIVISIONS_BODY.format(
            T=type_, extend="" if type_ != "i8" else "%c2 = arith.extsi %c : i8 to i32\n    %f2 = arith.extsi %f : "
            "i8 to i32\n    %u2 = arith.extui %u : i8 to i32",
            returned=f"%c, %f, %u : {type_}, {type_}, {type_}" if type_ != "i8" else "%c2, %f2, %u2 : i32, i32, i32"),
            f"{type_}, {type_}, {type_}" if type_ != "i8" else "i32, i32, i32")
        mask = (1 << int(type_[1:])) - 1
        cases += [(ir, {"p0": 0, "p1": a & mask, "p2": b & mask}, None) for a, b in [(7, 2), (-7, 2), (6, -3), (0, 5)]]
    for type_, unsigned in (("i16", False), ("i32", True), ("i64", False)):
        mask = (1 << int(type_[1:])) - 1
        cases += [(widths._loop(type_, unsigned), {"p0": 0, "p1": lb & mask, "p2": ub & mask, "p3": step & mask}, None)
                  for lb, ub, step in [(-3, 5, 2), (0, 0, 1), (1, 4, 1)]]
    for n in (2, 8):
        memory = {widths._BASE + k: (37 * k + 5) % 256 for k in range(2 * n)}
        cases += [(widths._bytes_ir(n), {"p0": 0, "p1": widths._BASE, "p2": 0x2000, "p3": flag}, memory)
                  for flag in (0, 1)]
    shorter = 0
    for ir, params, memory in cases:
        written, propagated = _written(ir, monkeypatch, False), _written(ir, monkeypatch, True)
        shorter += len(propagated.split("\n")) < len(written.split("\n"))
        results = []
        for text in (written, propagated):
            state = dict(memory or {})
            results.append((ptx_model.run(text, params, state), state))
        assert results[0] == results[1], ir
    assert shorter == len(cases)


def test_constants_fold_into_immediates_where_ptx_takes_one_and_their_movs_go():
    """A register one `mov` of a literal writes is read as that literal by each later instruction
    whose operand takes an immediate: integer arithmetic, logic and shifts (a shift's amount is a
    `.u32` whatever it shifts), compares and selects (not their predicate), copies, the value a
    `st` stores, f32 / f64 arithmetic with PTX's `0f` / `0d` literals. A 16-bit float operand, an
    operand of another width, an address, an MMA's operand, a line inside an inline assembly's
    braces, a read before the `mov` and a register written twice keep the register."""
    decls = {"%p": "b64", "%a": "b32", "%b": "b32", "%r": "b32", "%s": "b32", "%t": "b64", "%u": "b64",
             "%c4": "b32", "%c2": "b32", "%m": "b32", "%w": "b64", "%f": "f32", "%one": "f32", "%g": "f32",
             "%d": "f64", "%two": "f64", "%h": "b16", "%half": "b16", "%k": "b16", "%q": "pred", "%twice": "b32",
             "%e": "b32", "%x": "b32"}
    kernel, ops = _kernel(decls, [
        "ld.param.u64 %p, [p0];",
        "ld.b32 %a, [%p];",
        "add.s32 %x, %a, %c4;",               # before the constant's `mov`: kept
        "mov.b32 %c4, 4;",
        "mov.b32 %c2, 2;",
        "mov.b32 %m, 0x3f3f3f3f;",
        "mov.b64 %w, 8;",
        "mov.f32 %one, 0f3F800000;",
        "mov.f64 %two, 0d4000000000000000;",
        "mov.b16 %half, 0x3C00;",
        "mov.b32 %twice, 1;",
        "add.s32 %twice, %twice, %a;",        # written twice: no constant
        "add.s32 %b, %a, %c4;",
        "shl.b32 %r, %c4, %c2;",
        "shl.b64 %t, %w, %c2;",
        "and.b32 %s, %r, %m;",
        "mad.lo.s64 %u, %t, %w, %p;",
        "setp.lt.s32 %q, %b, %c4;",
        "selp.b32 %e, %c2, %a, %q;",
        "add.rn.f32 %f, %one, %one;",
        "add.rn.f64 %d, %two, %two;",
        "add.rn.f16 %h, %half, %half;",       # no 16-bit float literal: kept
        "mov.b16 %k, %half;",                 # a constant too, which nothing reads: gone
        "add.s64 %t, %t, %c4;",               # another width: kept
        "st.b32 [%p], %c4;",
        "ld.b32 %a, [%w];",                   # an address: kept
        "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 {%f, %g}, {%c4}, {%c2}, {%one, %one};",
        "{",
        "add.s32 %x, %x, %c4;",               # inside an inline assembly's braces: kept
        "}",
        "st.b32 [%p+4], %twice;",
        "ret;"])
    fold_constants(kernel)
    propagate(kernel, ops)
    assert _body(kernel) == [
        "ld.param.u64 %p, [p0];",
        "ld.b32 %a, [%p];",
        "add.s32 %x, %a, %c4;",
        "mov.b32 %c4, 4;",
        "mov.b32 %c2, 2;",
        "mov.b64 %w, 8;",
        "mov.f32 %one, 0f3F800000;",
        "mov.b16 %half, 0x3C00;",
        "mov.b32 %twice, 1;",
        "add.s32 %twice, %twice, %a;",
        "add.s32 %b, %a, 4;",
        "shl.b32 %r, 4, 2;",
        "shl.b64 %t, 8, 2;",
        "and.b32 %s, %r, 0x3f3f3f3f;",
        "mad.lo.s64 %u, %t, 8, %p;",
        "setp.lt.s32 %q, %b, 4;",
        "selp.b32 %e, 2, %a, %q;",
        "add.rn.f32 %f, 0f3F800000, 0f3F800000;",
        "add.rn.f64 %d, 0d4000000000000000, 0d4000000000000000;",
        "add.rn.f16 %h, %half, %half;",
        "add.s64 %t, %t, %c4;",
        "st.b32 [%p], 4;",
        "ld.b32 %a, [%w];",
        "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 {%f, %g}, {%c4}, {%c2}, {%one, %one};",
        "{",
        "add.s32 %x, %x, %c4;",
        "}",
        "st.b32 [%p+4], %twice;",
        "ret;"]


def test_the_e2m1_fragment_load_folds_its_masks_and_shifts():
    """An SM120 e2m1 fragment of kind::mxf8f6f4 is moved nibble by nibble into the middle of each
    byte: per 32-bit register its 16-bit load, the widening, four `and`s and four `shl`s with the
    masks and shifts as immediates, and three `or`s (13 instructions; 21 with a `mov` of each of
    the eight constants)."""
    from cute_ir.emit.ptx import enumerate_configs
    from cute_ir.features import atom_kernel as AK
    [config] = [c for c in enumerate_configs() if c.label() == "SM120_mma_bs_m16n8k32_e2m1_e4m3_f32_mxf8f6f4_ue8m0_v32"]
    text = AK.config_kernel(config, "k", "sm_120a").module.text
    body = text[text.index("ld.b16"):text.index("ld.b32")].strip().split("\n")
    assert [line.strip().split(" ")[0] for line in body[:13]] == [
        "ld.b16", "cvt.u32.u16", "and.b32", "shl.b32", "and.b32", "shl.b32", "or.b32", "and.b32", "shl.b32", "or.b32",
        "and.b32", "shl.b32", "or.b32"]
    assert len(body) == 4 * 13 and not any(line.strip().startswith("mov.") for line in body)
    assert "and.b32 %i7, %v5, 15;" in text and "shl.b32 %i9, %i7, 2;" in text


def test_without_copies_only_the_constants_nothing_reads_go():
    """A TileAS kernel's constants are folded and their unread `mov`s go (`propagate(...,
    copies=False)`); its copies stay, and so does any other `mov` nothing reads."""
    kernel, _ = _kernel({"%a": "b32", "%b": "b32", "%c": "b32", "%d": "f32", "%q": "pred", "%p": "b64"}, [
        "ld.param.u64 %p, [p0];",
        "ld.global.b32 %a, [%p];",
        "mov.b32 %c, 4;",
        "mov.f32 %d, 0f3F800000;",
        "mov.pred %q, 0;",
        "mov.b32 %b, %a;",
        "add.s32 %b, %b, %c;",
        "st.global.b32 [%p], %b;",
        "ret;"])
    fold_constants(kernel)
    assert propagate(kernel, [], copies=False) == []
    assert _body(kernel) == ["ld.param.u64 %p, [p0];", "ld.global.b32 %a, [%p];", "mov.pred %q, 0;",
                             "mov.b32 %b, %a;", "add.s32 %b, %b, 4;", "st.global.b32 [%p], %b;", "ret;"]
    assert "%c" not in " ".join(kernel.decls) and "%d" not in " ".join(kernel.decls)


def test_evaluated_folding_computes_an_instruction_of_literals_and_folds_on():
    """The TileAS kernel writer's folding (`evaluate`): an integer instruction whose every
    source is a literal is the `mov` of its value, wrapped to its width (signed for `.s`), a
    constant in turn; a `mov.b32` takes an f32 constant's literal (a `st.b32` does not); a
    guarded line, a `.wide` one, and one a register still feeds stay as they are."""
    kernel, ops = _kernel({"%c2": "b32", "%one": "f32", "%first": "b32", "%x": "b32", "%big": "b32",
                           "%carried": "b32", "%w": "b64", "%g": "b32", "%a": "b32", "%p": "b64", "%q": "pred"}, [
        "ld.param.u64 %p, [p0];",
        "ld.b32 %a, [%p];",
        "mov.b32 %c2, 2;",
        "mov.f32 %one, 0f3F800000;",
        "mad.lo.s32 %first, 1, %c2, 0;",
        "mul.lo.s32 %x, %first, 64;",
        "sub.s32 %big, 0, 0x80000000;",
        "mov.b32 %carried, %one;",
        "mul.wide.s32 %w, %c2, 3;",
        "@%q add.s32 %g, %c2, 1;",
        "add.s32 %a, %a, %x;",
        "st.b32 [%p], %a;",
        "st.b32 [%p+4], %carried;",
        "st.b32 [%p+8], %big;",
        "st.b64 [%p+16], %w;",
        "st.b32 [%p+24], %g;",
        "ret;"])
    fold_constants(kernel, evaluate=True)
    propagate(kernel, ops, copies=False)
    assert _body(kernel) == [
        "ld.param.u64 %p, [p0];",
        "ld.b32 %a, [%p];",
        "mov.b32 %carried, 0f3F800000;",
        "mul.wide.s32 %w, 2, 3;",
        "@%q add.s32 %g, 2, 1;",
        "add.s32 %a, %a, 128;",
        "st.b32 [%p], %a;",
        "st.b32 [%p+4], %carried;",
        "st.b32 [%p+8], -2147483648;",
        "st.b64 [%p+16], %w;",
        "st.b32 [%p+24], %g;",
        "ret;"]


def test_evaluated_folding_rewrites_integer_identities_and_never_float_ones():
    """The TileAS kernel writer's folding (`evaluate`) rewrites the integer identities a compiler
    would not write: x + 0 (either side), x - 0, x | 0, x ^ 0, x << 0 and x * 1 copy x, x * 0 is
    the constant 0 (folded on), `mad.lo` with a 0 addend is its `mul.lo`, with a factor of 1 the
    `add` of the rest, with two literal factors the `add` of their product; a line that adds 0
    into its own register goes, and a copy the next line overwrites as it reads is merged into
    it. The copies go as copy propagation would take them (`propagate(..., copied=...)`). A
    guarded identity keeps its guard; float ones stay (x + 0.0 is +0.0 for -0.0, x * 1.0 quiets
    a NaN), as do `.cc`, `.wide` and `.hi` forms."""
    kernel, ops = _kernel({"%a": "b32", "%b": "b32", "%c": "b32", "%d": "b32", "%e": "b32", "%f": "b32",
                           "%g": "b32", "%h": "b32", "%i": "b32", "%z": "b32", "%y": "b32", "%u": "b64",
                           "%v": "b64", "%x": "f32", "%xf": "f32", "%p": "b64", "%q": "pred"}, [
        "ld.param.u64 %p, [p0];",
        "ld.b32 %a, [%p];",
        "ld.b32 %b, [%p+4];",
        "ld.f32 %x, [%p+8];",
        "ld.b64 %u, [%p+16];",
        "add.u32 %c, 0, %a;",             # a copy, propagated into the reads
        "add.u32 %c, %c, 0;",             # into its own register: gone
        "mad.lo.u32 %d, %a, 128, 0;",     # mul.lo
        "mad.lo.s32 %e, 1, %b, %a;",      # add
        "mad.lo.s32 %f, 2, 3, %a;",       # add of the product
        "mul.lo.u32 %z, %b, 0;",          # the constant 0, folded on
        "add.u32 %g, %a, %z;",            # then a copy of %a
        "add.u32 %g, %g, 16;",            # that this line merges
        "shl.b32 %h, %b, 0;",
        "@%q xor.b32 %i, %b, 0;",         # guarded: a guarded copy, which stays
        "add.u64 %v, %u, 0;",
        "add.rn.f32 %xf, %x, 0f00000000;",  # floats: never
        "mul.rn.f32 %xf, %xf, 0f3F800000;",
        "add.cc.u32 %y, %b, 0;",          # sets the carry: stays
        "mul.hi.u32 %y, %y, 1;",
        "st.b32 [%p], %c;", "st.b32 [%p+4], %d;", "st.b32 [%p+8], %e;", "st.b32 [%p+12], %f;",
        "st.b32 [%p+16], %g;", "st.b32 [%p+20], %h;", "st.b32 [%p+24], %i;", "st.b64 [%p+32], %v;",
        "st.f32 [%p+40], %xf;", "st.b32 [%p+44], %y;", "st.b32 [%p+48], %z;",
        "ret;"])
    copied = fold_constants(kernel, evaluate=True)
    assert copied == {"%c", "%g", "%h", "%v"}
    propagate(kernel, [], copies=False, copied=copied)
    assert _body(kernel) == [
        "ld.param.u64 %p, [p0];",
        "ld.b32 %a, [%p];",
        "ld.b32 %b, [%p+4];",
        "ld.f32 %x, [%p+8];",
        "ld.b64 %u, [%p+16];",
        "mul.lo.u32 %d, %a, 128;",
        "add.s32 %e, %b, %a;",
        "add.s32 %f, %a, 6;",
        "add.u32 %g, %a, 16;",
        "@%q mov.b32 %i, %b;",
        "add.rn.f32 %xf, %x, 0f00000000;",
        "mul.rn.f32 %xf, %xf, 0f3F800000;",
        "add.cc.u32 %y, %b, 0;",
        "mul.hi.u32 %y, %y, 1;",
        "st.b32 [%p], %a;", "st.b32 [%p+4], %d;", "st.b32 [%p+8], %e;", "st.b32 [%p+12], %f;",
        "st.b32 [%p+16], %g;", "st.b32 [%p+20], %b;", "st.b32 [%p+24], %i;", "st.b64 [%p+32], %u;",
        "st.f32 [%p+40], %xf;", "st.b32 [%p+44], %y;", "st.b32 [%p+48], 0;",
        "ret;"]
    assert not any(register in " ".join(kernel.decls) for register in ("%c;", "%h;", "%v;", "%z;"))


def test_without_evaluate_identities_stay():
    """The function writer's folding (no `evaluate`) leaves an identity as written."""
    kernel, _ = _kernel({"%a": "b32", "%c": "b32", "%p": "b64"}, [
        "ld.param.u64 %p, [p0];", "ld.b32 %a, [%p];", "add.u32 %c, %a, 0;", "st.b32 [%p], %c;", "ret;"])
    assert fold_constants(kernel) == frozenset()
    assert _body(kernel)[2] == "add.u32 %c, %a, 0;"
