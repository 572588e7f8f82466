"""Float scalars and `i64` arithmetic in a TileAS kernel: each op its PTX instruction (a half
computed in f32 between exact widenings and one rounding), `arith.cmpf`'s predicates as `setp`
spells them, `extf` / `truncf` as `cvt` in the op's rounding, 64-bit integers in 64-bit
registers, narrowed where they are coordinates; ptxas accepts it on sm_90a, sm_100a and sm_120a."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.cli import main
from cute_ir.dialects.nv_tileas.async_tma import is_kernel
from cute_ir.emit.tileas_kernel import emit_tileas_kernel
from cute_ir.features.lowered import lower
from cute_ir.ir.lift import lift
from cute_ir.syntax.parser import parse
from tests.emit.test_tileas_kernel import _kernels, assert_assembles

ARCHS = ["sm_90a", "sm_100a", "sm_120a"]
SPEC = "attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>}"
VIEW = "memref<?x?xf32, strided<[?, 1]>, 1>"


def _kernel(arguments: str, body: str) -> str:
    return f"func.func @k({arguments}) {SPEC} {{\n{body}\n  return\n}}\n"


FLOATS = _kernel("%x: f32, %h: f16, %b: bf16, %d: f64", """  %c1 = arith.constant 1.5 : f32
  %ch = arith.constant 1.5 : f16
  %cb = arith.constant -2.0 : bf16
  %cd = arith.constant 0.25 : f64
  %q = arith.divf %x, %c1 : f32
  %ng = arith.negf %q : f32
  %e = math.exp %ng : f32
  %e2 = math.exp2 %e : f32
  %s = math.sqrt %e2 : f32
  %r = math.rsqrt %s : f32
  %a = math.absf %r : f32
  %f = math.fma %a, %c1, %x : f32
  %mx = arith.maxnumf %f, %x : f32
  %hd = arith.divf %h, %ch : f16
  %he = math.exp %hd : f16
  %bs = math.sqrt %b : bf16
  %dd = arith.divf %d, %cd : f64
  %ds = math.sqrt %dd : f64
  %dr = math.rsqrt %ds : f64
  %df = math.fma %dr, %dd, %cd : f64
  %lt = arith.cmpf olt, %mx, %c1 : f32
  %ug = arith.cmpf ugt, %he, %ch : f16
  %sel = arith.select %lt, %mx, %c1 : f32
  %hx = arith.extf %he : f16 to f32
  %bx = arith.extf %bs : bf16 to f64
  %dx = arith.extf %sel : f32 to f64
  %ht = arith.truncf %dx : f64 to f16
  %bt = arith.truncf %sel downward : f32 to bf16
  %fz = arith.truncf %df toward_zero : f64 to f32""")

FLOAT_LINES = """.visible .entry k(.param .f32 p0_x, .param .b16 p1_h, .param .b16 p2_b, .param .f64 p3_d)
  ld.param.f32 %p0_x, [p0_x];
  ld.param.b16 %p1_h, [p1_h];
  ld.param.b16 %p2_b, [p2_b];
  ld.param.f64 %p3_d, [p3_d];
  mov.b16 %c2, 0x3E00;
  div.rn.f32 %f5, %p0_x, 0f3FC00000;
  neg.f32 %f6, %f5;
  mul.rn.f32 %f7, %f6, 0f3FB8AA3B;
  ex2.approx.f32 %f8, %f7;
  ex2.approx.f32 %f9, %f8;
  sqrt.rn.f32 %f10, %f9;
  rsqrt.approx.f32 %f11, %f10;
  abs.f32 %f12, %f11;
  fma.rn.f32 %f13, %f12, 0f3FC00000, %p0_x;
  max.f32 %f14, %f13, %p0_x;
  cvt.f32.f16 %f15, %p1_h;
  cvt.f32.f16 %f16, %c2;
  div.rn.f32 %f17, %f15, %f16;
  cvt.rn.f16.f32 %h18, %f17;
  cvt.f32.f16 %f19, %h18;
  mul.rn.f32 %f20, %f19, 0f3FB8AA3B;
  ex2.approx.f32 %f21, %f20;
  cvt.rn.f16.f32 %h22, %f21;
  cvt.f32.bf16 %f23, %p2_b;
  sqrt.rn.f32 %f24, %f23;
  cvt.rn.bf16.f32 %h25, %f24;
  div.rn.f64 %f26, %p3_d, 0d3FD0000000000000;
  sqrt.rn.f64 %f27, %f26;
  rsqrt.approx.f64 %f28, %f27;
  fma.rn.f64 %f29, %f28, %f26, 0d3FD0000000000000;
  setp.lt.f32 %p30, %f14, 0f3FC00000;
  cvt.f32.f16 %f32, %h22;
  cvt.f32.f16 %f33, %c2;
  setp.gtu.f32 %p31, %f32, %f33;
  selp.f32 %x34, %f14, 0f3FC00000, %p30;
  cvt.f32.f16 %f35, %h22;
  cvt.f64.bf16 %f36, %h25;
  cvt.f64.f32 %f37, %x34;
  cvt.rn.f16.f64 %f38, %f37;
  cvt.rm.bf16.f32 %f39, %x34;
  cvt.rz.f32.f64 %f40, %f29;
"""


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.strip().startswith((".reg", "//"))]


def _in_order(expected: str, text: str) -> None:
    """Every expected line is a whole line of `text`, in this order."""
    lines = _lines(text)
    at = 0
    for line in expected.splitlines():
        assert line in lines[at:], (line, lines[at:at + 5])
        at = lines.index(line, at) + 1


@pytest.mark.parametrize("arch", ARCHS)
def test_float_scalars_are_their_instructions_and_ptxas_assembles_them(arch):
    [ptx] = _kernels(FLOATS, arch).values()
    _in_order(FLOAT_LINES, ptx)
    # The f32 / f64 constants are immediates (emit/ptx_copies.fold_constants), their `mov`s gone
    # (an unread bf16 one too); an f16 one, which no instruction takes as a literal, stays.
    assert [line for line in _lines(ptx) if line.lstrip().startswith("mov.") and "%c" in line] == \
        ["  mov.b16 %c2, 0x3E00;"]
    assert_assembles(ptx, arch)


PREDICATES = {"false": "mov.pred %p1, 0;", "oeq": "setp.eq.f32", "ogt": "setp.gt.f32", "oge": "setp.ge.f32",
              "olt": "setp.lt.f32", "ole": "setp.le.f32", "one": "setp.ne.f32", "ord": "setp.num.f32",
              "ueq": "setp.equ.f32", "ugt": "setp.gtu.f32", "uge": "setp.geu.f32", "ult": "setp.ltu.f32",
              "ule": "setp.leu.f32", "une": "setp.neu.f32", "uno": "setp.nan.f32", "true": "mov.pred %p1, 1;"}


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("predicate", sorted(PREDICATES))
def test_each_cmpf_predicate_is_setp_s_ordered_or_unordered_compare(predicate, arch):
    [ptx] = _kernels(_kernel("%x: f32, %y: f32", f"  %p = arith.cmpf {predicate}, %x, %y : f32"), arch).values()
    line = PREDICATES[predicate]
    assert (line if line.startswith("mov") else f"  {line} %p1, %p0_x, %p1_y;") in ptx.splitlines() or \
        f"  {line}" in ptx.splitlines()
    assert_assembles(ptx, arch)


I64 = _kernel(f"%src: {VIEW}, %n: index, %w: i64", f"""  %w2 = arith.muli %w, %w : i64
  %c3 = arith.constant 3 : i64
  %w3 = arith.shli %w2, %c3 : i64
  %w4 = arith.divsi %w3, %c3 : i64
  %w5 = arith.remui %w4, %c3 : i64
  %w6 = arith.ceildivsi %w5, %c3 : i64
  %wn = arith.index_cast %n : index to i64
  %w7 = arith.addi %w6, %wn : i64
  %wc = arith.cmpi slt, %w7, %w : i64
  %w8 = arith.select %wc, %w7, %w : i64
  %m = arith.index_cast %w8 : i64 to index
  %t, %k = nv_tileas.tiled_load %src coords(%m, %m) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {VIEW} -> tensor<64x64xf32>, !nv_tileaa.mem_token
  %st = nv_tileas.tiled_store %t, %src coords(%m, %m) offsets() token(%k) {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>}} : {VIEW} -> !nv_tileaa.mem_token""")

I64_LINES = """  ld.param.u64 %p2_w, [p2_w];
  mul.lo.s64 %x1, %p2_w, %p2_w;
  cvt.u32.u64 %lo3, 3;
  shl.b64 %x4, %x1, %lo3;
  div.s64 %x5, %x4, 3;
  rem.u64 %x6, %x5, 3;
  div.s64 %q7, %x6, 3;
  mul.lo.s64 %qb9, %q7, 3;
  setp.ne.s64 %inexact8, %qb9, %x6;
  xor.b64 %sign10, %x6, 3;
  setp.ge.and.s64 %inexact8, %sign10, 0, %inexact8;
  @%inexact8 add.s64 %q7, %q7, 1;
  cvt.s64.s32 %w11, %p1_n_32;
  add.s64 %x12, %q7, %w11;
  setp.lt.s64 %p13, %x12, %p2_w;
  selp.b64 %x14, %x12, %p2_w, %p13;
  cvt.u32.u64 %lo15, %x14;
"""


@pytest.mark.parametrize("arch", ARCHS)
def test_i64_arithmetic_is_64_bit_and_its_coordinates_the_low_half(arch):
    [ptx] = _kernels(I64, arch).values()
    _in_order(I64_LINES, ptx)
    assert "%c2" not in ptx      # the constant 3 is an immediate wherever it is read
    # The tile's coordinates are the low half of the selected i64.
    assert "  add.u32 %gc21, %lo15, %col20;" in _lines(ptx)
    assert_assembles(ptx, arch)


def _refusal(body: str, arguments: str = "%x: f32, %d: f64") -> str:
    result = lower(DocumentAnalysis("file:///k.ir", _kernel(arguments, body), settings=Settings(target_arch="sm_90a")))
    [kernel] = [op for top in lift(parse(result.stages[-1].text.encode()).root).operations
                for op in top.walk() if op.name == "func.func" and is_kernel(op)]
    module = emit_tileas_kernel(kernel, "sm_90a")
    assert not module.ok
    return module.message


def test_what_ptx_has_no_instruction_for_is_refused_saying_so():
    assert _refusal("  %e = math.exp %d : f64") == \
        "`k`: `math.exp` of f64: of f16, bf16 or f32 scalars here (PTX's `ex2` is f32 only)"
    assert _refusal("  %t = arith.truncf %d to_nearest_away : f64 to f32") == \
        "`k`: `arith.truncf` rounding to_nearest_away: `cvt` rounds ties away from zero only into tf32"


# Scalars `--emit ptx` refuses (`math.exp` / `exp2` of f64, `truncf` to nearest away, of a scalar
# or a tile), in a kernel holding a TileAS load: `check` reports each at its op in the words
# `--emit ptx` refuses the kernel with (tables/legality.scalar_float_problem, rounding_problem).
REFUSED_SCALARS = _kernel(f"%a: {VIEW}, %x: f32, %d: f64", f"""  %c0 = arith.constant 0 : index
  %e = math.exp %d : f64
  %e2 = math.exp2 %d : f64
  %ok = math.exp %x : f32
  %t = arith.truncf %x to_nearest_away : f32 to f16
  %v, %k = nv_tileas.tiled_load %a coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {VIEW} -> tensor<64x64xf32>, !nv_tileaa.mem_token
  %n = arith.truncf %v to_nearest_away : tensor<64x64xf32> to tensor<64x64xf16>""")
EXP_OF_F64 = "of f64: of f16, bf16 or f32 scalars here (PTX's `ex2` is f32 only)"
TO_NEAREST_AWAY = "rounding to_nearest_away: `cvt` rounds ties away from zero only into tf32"


def test_check_reports_the_scalars_emit_ptx_refuses_at_each_op_in_its_words(tmp_path, capsys):
    path = tmp_path / "k.ir"
    path.write_text(REFUSED_SCALARS)
    assert main(["check", str(path), "--arch", "sm_90a"]) == 1
    said = [line for line in capsys.readouterr().out.splitlines() if ": error: " in line]
    assert said == [f"{path}:3:3: error: this `math.exp` {EXP_OF_F64} [lower:lower.float-op]",
                    f"{path}:4:3: error: this `math.exp2` {EXP_OF_F64} [lower:lower.float-op]",
                    f"{path}:6:3: error: this `arith.truncf` {TO_NEAREST_AWAY} [lower:lower.float-op]",
                    f"{path}:8:3: error: this `arith.truncf` {TO_NEAREST_AWAY} [lower:lower.float-op]"]
    result = lower(DocumentAnalysis("file:///k.ir", REFUSED_SCALARS, settings=Settings(target_arch="sm_90a")))
    spans = [(d.span.start, d.span.end) for d in result.diagnostics if d.code == "lower.float-op"]
    lines = REFUSED_SCALARS.splitlines(keepends=True)
    starts = [sum(len(line) for line in lines[:n]) for n in range(len(lines))]
    assert spans == [(starts[n] + 2, starts[n] + len(lines[n]) - 1) for n in (2, 3, 5, 7)]


@pytest.mark.parametrize("body, why", [("  %e = math.exp %d : f64", f"`math.exp` {EXP_OF_F64}"),
                                       ("  %e = math.exp2 %d : f64", f"`math.exp2` {EXP_OF_F64}"),
                                       ("  %t = arith.truncf %x to_nearest_away : f32 to f16",
                                        f"`arith.truncf` {TO_NEAREST_AWAY}")])
def test_check_and_emit_ptx_refuse_a_scalar_in_the_same_words(body, why):
    """Each kernel's `lower.float-op` error is what `--emit ptx` refuses the kernel with."""
    load = (f"  %c0 = arith.constant 0 : index\n  %v, %k = nv_tileas.tiled_load %a coords(%c0, %c0) offsets() "
            f"{{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {VIEW} -> "
            f"tensor<64x64xf32>, !nv_tileaa.mem_token\n")
    text = _kernel(f"%a: {VIEW}, %x: f32, %d: f64", load + body)
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch="sm_90a")))
    [reported] = [d.message for d in result.diagnostics if d.code == "lower.float-op"]
    assert reported == f"this {why}"
    assert _refusal(load + body, f"%a: {VIEW}, %x: f32, %d: f64") == f"`k`: {why}"


def _emitted_refusal(text: str, arch: str) -> str:
    """What the emitter refuses `text`'s one kernel with, after the default pipeline for `arch`."""
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch=arch)))
    [kernel] = [op for top in lift(parse(result.stages[-1].text.encode()).root).operations
                for op in top.walk() if op.name == "func.func" and is_kernel(op)]
    module = emit_tileas_kernel(kernel, arch)
    assert not module.ok
    return module.message


def _check_errors(text: str, arch: str, tmp_path, capsys) -> tuple[str, list[str]]:
    path = tmp_path / "k.ir"
    path.write_text(text)
    status = main(["check", str(path), "--arch", arch])
    said = [line for line in capsys.readouterr().out.splitlines() if ": error: " in line]
    assert status == (1 if said else 0)
    return str(path), said


LOAD = (f"  %c0 = arith.constant 0 : index\n  %v, %k = nv_tileas.tiled_load %a coords(%c0, %c0) offsets() "
        f"{{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {VIEW} -> "
        f"tensor<64x64xf32>, !nv_tileaa.mem_token\n")
# A bf16 tile loaded through registers (before sm_80 no `cvt` narrows one from f32).
VIEW16 = VIEW.replace("f32", "bf16")
LOAD16 = LOAD.replace(VIEW, VIEW16).replace("tensor<64x64xf32>", "tensor<64x64xbf16>").replace("%v,", "%g,")
BF16_BEFORE_SM80 = "before sm_80: `cvt.f32.bf16` needs it"
# A kernel with no TileAS memop (`check` looks at every TileAS kernel, as `--emit ptx` writes
# each), or one with a load whose tile the op reads: (arch, arguments, body, its last line's
# code and the refusal after the op's name). Each is `check`'s one error, at that line, and what
# the emitter refuses the kernel with.
REFUSED = [
    ("sm_90a", "%d: f64", "  %e = math.exp %d : f64", "lower.float-op", f"`math.exp` {EXP_OF_F64}"),
    ("sm_90a", "%x: f32", "  %t = arith.truncf %x to_nearest_away : f32 to f16", "lower.float-op",
     f"`arith.truncf` {TO_NEAREST_AWAY}"),
    ("sm_75", "%b: bf16", "  %s = math.sqrt %b : bf16", "lower.float-op", f"`math.sqrt` of bf16 {BF16_BEFORE_SM80}"),
    ("sm_75", "%b: bf16", "  %c = arith.cmpf olt, %b, %b : bf16", "lower.float-op",
     f"`arith.cmpf` of bf16 {BF16_BEFORE_SM80}"),
    ("sm_75", "%b: bf16", "  %w = arith.extf %b : bf16 to f32", "lower.float-op",
     f"`arith.extf` of bf16 to f32 {BF16_BEFORE_SM80}"),
    ("sm_75", "%x: f32", "  %n = arith.truncf %x : f32 to bf16", "lower.float-op",
     "`arith.truncf` of f32 to bf16 before sm_80: `cvt.rn.bf16.f32` needs it"),
    ("sm_89", "%b: bf16", "  %w = arith.extf %b : bf16 to f64", "lower.float-op",
     "`arith.extf` of bf16 to f64 before sm_90: `cvt.f64.bf16` needs it"),
    ("sm_75", f"%a: {VIEW}", LOAD + "  %h = arith.truncf %v downward : tensor<64x64xf32> to tensor<64x64xbf16>",
     "lower.float-op", "`arith.truncf` of an f32 tile to bf16 before sm_80: `cvt.rm.bf16.f32` needs it"),
    ("sm_75", f"%a: {VIEW16}", LOAD16 + "  %q = arith.extf %g : tensor<64x64xbf16> to tensor<64x64xf32>",
     "lower.float-op", f"`arith.extf` of a bf16 tile to f32 {BF16_BEFORE_SM80}"),
    ("sm_75", f"%a: {VIEW16}", LOAD16 + "  %q = arith.divf %g, %g : tensor<64x64xbf16>",
     "lower.float-op", f"`arith.divf` of bf16 {BF16_BEFORE_SM80}"),
    ("sm_90a", f"%a: {VIEW}", LOAD + "  %d = arith.extf %v : tensor<64x64xf32> to tensor<64x64xf64>\n"
                                     "  %e = arith.truncf %d : tensor<64x64xf64> to tensor<64x64xf32>",
     "lower.register-tile", "`arith.truncf` narrows f64 to f32: the register path narrows tiles of f32 to f16 and bf16"),
]


@pytest.mark.parametrize("arch, arguments, body, code, why", REFUSED)
def test_check_reports_what_emit_ptx_refuses_at_the_op_in_its_words(arch, arguments, body, code, why, tmp_path, capsys):
    text = _kernel(arguments, body)
    line = text.count("\n", 0, text.index(body.splitlines()[-1])) + 1
    path, said = _check_errors(text, arch, tmp_path, capsys)
    assert said == [f"{path}:{line}:3: error: this {why} [lower:{code}]"]
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch=arch)))
    [span] = [d.span for d in result.diagnostics if d.severity.name == "ERROR"]
    start = text.index(body.splitlines()[-1]) + 2
    assert (span.start, span.end) == (start, text.index("\n", start))
    assert _emitted_refusal(text, arch) == f"`k`: {why}"


def test_bf16_conversions_with_f32_from_sm80_are_no_error(tmp_path, capsys):
    """What the emitter writes `check` passes: bf16 `cvt`s on sm_90a, and from sm_80 those
    between bf16 and f32 (scalars, and an f32 tile narrowed to bf16, `cvt.rz.bf16x2.f32`)."""
    body = "  %s = math.sqrt %b : bf16\n  %w = arith.extf %b : bf16 to f32\n  %n = arith.truncf %w : f32 to bf16"
    assert _check_errors(_kernel("%b: bf16", body), "sm_90a", tmp_path, capsys)[1] == []
    assert _check_errors(_kernel("%b: bf16", body), "sm_80", tmp_path, capsys)[1] == []
    paired = LOAD + "  %g = arith.truncf %v toward_zero : tensor<64x64xf32> to tensor<64x64xbf16>"
    assert _check_errors(_kernel(f"%a: {VIEW}", paired), "sm_80", tmp_path, capsys)[1] == []


def test_a_function_no_emitter_writes_gets_no_float_op_error(tmp_path, capsys):
    """Only TileAS kernels and functions applying atoms become PTX: the same ops in a plain
    function are nobody's refusal, and `check` says nothing of them."""
    body = ("  %e = math.exp %d : f64\n  %t = arith.truncf %x to_nearest_away : f32 to f16\n"
            "  %w = arith.extf %b : bf16 to f32")
    plain = f"func.func @f(%x: f32, %d: f64, %b: bf16) {{\n{body}\n  return\n}}\n"
    assert _check_errors(plain, "sm_80", tmp_path, capsys)[1] == []



V16 = "memref<?x?xf16, strided<[?, 1]>, 1>"
TILES = _kernel(f"%a: {VIEW}, %h: {V16}", f"""  %c0 = arith.constant 0 : index
  %t, %k = nv_tileas.tiled_load %a coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {VIEW} -> tensor<64x64xf32>, !nv_tileaa.mem_token
  %n = arith.negf %t : tensor<64x64xf32>
  %e = math.exp %n : tensor<64x64xf32>
  %two = arith.constant dense<2.0> : tensor<64x64xf32>
  %d = arith.divf %e, %two : tensor<64x64xf32>
  %f = math.fma %d, %two, %t : tensor<64x64xf32>
  %st = nv_tileas.tiled_store %f, %a coords(%c0, %c0) offsets() token(%k) {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>}} : {VIEW} -> !nv_tileaa.mem_token
  %u, %k2 = nv_tileas.tiled_load %h coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {V16} -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %s = math.sqrt %u : tensor<64x64xf16>
  %st2 = nv_tileas.tiled_store %s, %h coords(%c0, %c0) offsets() token(%k2) {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>}} : {V16} -> !nv_tileaa.mem_token""")


@pytest.mark.parametrize("arch", ARCHS)
def test_float_ops_of_register_tiles_are_each_element_s_scalar_op(arch):
    [ptx] = _kernels(TILES, arch).values()
    lines = _lines(ptx)
    # A 64 x 64 f32 tile over 128 threads (32 registers a thread): each op register by register.
    for op in ("neg.f32 ", "ex2.approx.f32 ", "div.rn.f32 ", "fma.rn.f32 "):
        assert sum(line.startswith("  " + op) for line in lines) == 32, op
    first = next(i for i, line in enumerate(lines) if line.startswith("  ex2.approx.f32 "))
    assert lines[first - 1].startswith("  mul.rn.f32 %f") and lines[first - 1].endswith(", 0f3FB8AA3B;")
    # An f16 tile (16 registers of two a thread): each register's pair unpacked, each half widened, its sqrt rounded back, packed.
    [at] = [i for i, line in enumerate(lines) if line.startswith("  mov.b32 {%half")][:1]
    half = lines[at].split("{")[1].split(",")[0]
    assert lines[at + 1].startswith("  cvt.f32.f16 %f") and lines[at + 1].endswith(f", {half};")
    assert lines[at + 2].startswith("  sqrt.rn.f32 ") and lines[at + 3].startswith("  cvt.rn.f16.f32 %h")
    assert lines[at + 7].startswith("  mov.b32 %ew") and sum(line.startswith("  sqrt.rn.f32 ") for line in lines) == 32
    assert_assembles(ptx, arch)


# `arith.extf` of a register tile: each element `cvt` into a register of its own, twice its bits,
# where its narrower source held it (tables/legality.widened): an f16 tile `ld.global` brought,
# widened, meets a splat constant; an mma.sync product narrowed to f16 and widened back lies as the
# product does; bf16 widens to f32 and f32 to f64, stored a register at a time.
V32 = "memref<4096x4096xf32, 1>"
WIDENED = _kernel(f"%h: {V16}, %g: memref<?x?xbf16, strided<[?, 1]>, 1>, %a: memref<4096x4096xf16, 1>, "
                  f"%b: memref<4096x4096xf16, 1>, %o: {V32}, %d: memref<4096x4096xf64, 1>", f"""  %c0 = arith.constant 0 : index
  %u, %k = nv_tileas.tiled_load %h coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {V16} -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %w = arith.extf %u : tensor<64x64xf16> to tensor<64x64xf32>
  %two = arith.constant dense<2.0> : tensor<64x64xf32>
  %m = arith.mulf %w, %two : tensor<64x64xf32>
  %s1 = nv_tileas.tiled_store %m, %o coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<stg>}} : {V32} -> !nv_tileaa.mem_token
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %ta, %ka = nv_tileas.tiled_load %a coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, allow_tma = true}} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %tb, %kb = nv_tileas.tiled_load %b coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, allow_tma = true}} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %p = nv_tileas.dot %ta, %tb, %zero : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  %x = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
  %px = arith.extf %x : tensor<64x64xf16> to tensor<64x64xf32>
  %r = arith.subf %p, %px : tensor<64x64xf32>
  %s2 = nv_tileas.tiled_store %r, %o coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, allow_tma = true}} : {V32} -> !nv_tileaa.mem_token
  %v, %kv = nv_tileas.tiled_load %g coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : memref<?x?xbf16, strided<[?, 1]>, 1> -> tensor<64x64xbf16>, !nv_tileaa.mem_token
  %vw = arith.extf %v : tensor<64x64xbf16> to tensor<64x64xf32>
  %vd = arith.extf %vw : tensor<64x64xf32> to tensor<64x64xf64>
  %s3 = nv_tileas.tiled_store %vd, %d coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, in_bounds = array<i1: true, true>, copy_atom = #nv_tileas.copy_atom<stg>}} : memref<4096x4096xf64, 1> -> !nv_tileaa.mem_token""")


@pytest.mark.parametrize("arch", ARCHS)
def test_extf_of_a_tile_widens_each_element_where_its_source_held_it(arch):
    [ptx] = _kernels(WIDENED, arch).values()
    lines = _lines(ptx)
    # 64 x 64 over 128 threads: 32 elements a thread, each widened once (16 pairs unpacked).
    assert sum(line.startswith("  cvt.f32.f16 %wide") for line in lines) == 2 * 32
    assert sum(line.startswith("  cvt.f32.bf16 %wide") for line in lines) == 32
    assert sum(line.startswith("  cvt.f64.f32 %wide") for line in lines) == 32
    at = next(i for i, line in enumerate(lines) if line.startswith("  cvt.f32.f16 %wide"))
    low, high = lines[at - 1].split("{")[1].split("}")[0].split(", ")
    assert lines[at - 1].startswith("  mov.b32 {%h") and lines[at].endswith(f", {low};")
    assert lines[at + 1].startswith("  cvt.f32.f16 %wide") and lines[at + 1].endswith(f", {high};")
    # The widened product lies as the product: subtracted register by register.
    subtracted = [line for line in lines if line.startswith("  sub.rn.f32 %ew")]
    assert len(subtracted) == 32 and all(", %acc" in line and ", %wide" in line for line in subtracted)
    assert sum(line.startswith("  st.global.b64 ") for line in lines) == 32
    assert_assembles(ptx, arch)


def test_check_and_emit_ptx_agree_on_tiles_widened():
    """A widened tile lies as its narrow source, not as a tile of its own type `ld.global`
    brought: adding the two is reported at the op in the words `--emit ptx` refuses it with, as
    is a widening the register path does not make (f16 to f64)."""
    load = f"""  %c0 = arith.constant 0 : index
  %u, %k = nv_tileas.tiled_load %h coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {V16} -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %f, %kf = nv_tileas.tiled_load %a coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {VIEW} -> tensor<64x64xf32>, !nv_tileaa.mem_token
"""
    arguments = f"%h: {V16}, %a: {VIEW}"
    mixed = ("of a tile widened by `arith.extf` from the chunk placement (a load's through registers, a tile's read "
             "from shared memory) and a tile in the chunk placement (a load's through registers, a tile's read from "
             "shared memory): the register path computes on tiles placed alike (a splat constant, or a tile in "
             "shared memory, takes the other's)")
    double = "widens f16 to f64: the register path widens tiles of f16 and bf16 to f32, and of f32 to f64"
    for body, op, why in (("  %w = arith.extf %u : tensor<64x64xf16> to tensor<64x64xf32>\n"
                           "  %s = arith.addf %w, %f : tensor<64x64xf32>", "arith.addf", mixed),
                          ("  %w = arith.extf %u : tensor<64x64xf16> to tensor<64x64xf64>", "arith.extf", double)):
        text = _kernel(arguments, load + body)
        result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch="sm_90a")))
        [reported] = [d for d in result.diagnostics if d.code == "lower.register-tile"]
        last = text.splitlines(keepends=True)[len(load.splitlines()) + len(body.splitlines())]
        start = text.index(last)
        assert (reported.message, reported.span.start, reported.span.end) == \
            (f"this `{op}` {why}", start + 2, start + len(last) - 1)
        assert _refusal(load + body, arguments) == f"`k`: `{op}` {why}"


# `maximumf` / `minimumf` propagate a NaN (IEEE 754-2019's maximum / minimum), where `maxnumf` /
# `minnumf` return the other operand: PTX's `max.NaN` / `min.NaN`, and of f64, which has none,
# the NaN-ignoring instruction with the operands' sum (a NaN) selected where either is one.
NAN_PROPAGATING = _kernel(f"%x: f32, %h: f16, %d: f64, %e: f64, %a: {VIEW}", f"""  %c0 = arith.constant 0 : index
  %m = arith.maximumf %x, %x : f32
  %n = arith.minimumf %h, %h : f16
  %o = arith.minimumf %d, %e : f64
  %t, %k = nv_tileas.tiled_load %a coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {VIEW} -> tensor<64x64xf32>, !nv_tileaa.mem_token
  %u = arith.maximumf %t, %t : tensor<64x64xf32>
  %st = nv_tileas.tiled_store %u, %a coords(%c0, %c0) offsets() token(%k) {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>}} : {VIEW} -> !nv_tileaa.mem_token""")
NAN_PROPAGATING_LINES = """  max.NaN.f32 %f2, %p0_x, %p0_x;
  cvt.f32.f16 %f3, %p1_h;
  cvt.f32.f16 %f4, %p1_h;
  min.NaN.f32 %f5, %f3, %f4;
  cvt.rn.f16.f32 %h6, %f5;
  min.f64 %num8, %p2_d, %p3_e;
  setp.nan.f64 %nan9, %p2_d, %p3_e;
  add.rn.f64 %sum10, %p2_d, %p3_e;
  selp.f64 %f7, %sum10, %num8, %nan9;
"""


@pytest.mark.parametrize("arch", ARCHS)
def test_maximumf_and_minimumf_propagate_a_nan(arch):
    [ptx] = _kernels(NAN_PROPAGATING, arch).values()
    _in_order(NAN_PROPAGATING_LINES, ptx)
    lines = _lines(ptx)
    assert sum(line.startswith("  max.NaN.f32 %ew") for line in lines) == 32   # the tile's, register by register
    assert not any(line.startswith(("  max.f32", "  min.f32")) for line in lines)
    assert_assembles(ptx, arch)


# `arith.remf` has no PTX instruction: C's `fmod` by the long division the function writer uses
# too (emit/builder.float_remainder, checked value by value in test_function_writer_arith), of
# f32 and f64 directly, of a half in f32 rounded back; of a tile register by register.
REMAINDERS = _kernel(f"%x: f32, %y: f32, %d: f64, %h: f16, %a: {VIEW}, %v: {V16}", f"""  %c0 = arith.constant 0 : index
  %r = arith.remf %x, %y : f32
  %rd = arith.remf %d, %d : f64
  %rh = arith.remf %h, %h : f16
  %t, %k = nv_tileas.tiled_load %a coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {VIEW} -> tensor<64x64xf32>, !nv_tileaa.mem_token
  %three = arith.constant dense<3.0> : tensor<64x64xf32>
  %u = arith.remf %t, %three : tensor<64x64xf32>
  %st = nv_tileas.tiled_store %u, %a coords(%c0, %c0) offsets() token(%k) {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>}} : {VIEW} -> !nv_tileaa.mem_token
  %w, %k2 = nv_tileas.tiled_load %v coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {V16} -> tensor<64x64xf16>, !nv_tileaa.mem_token
  %z = arith.remf %w, %w : tensor<64x64xf16>
  %st2 = nv_tileas.tiled_store %z, %v coords(%c0, %c0) offsets() token(%k2) {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>}} : {V16} -> !nv_tileaa.mem_token""")
REMAINDER_LINES = """  abs.f32 %rem2, %p0_x;
  abs.f32 %rem3, %p1_y;
  testp.infinite.f32 %rem6, %p0_x;
  setp.nan.f32 %rem7, %p0_x, %p1_y;
  or.pred %rem6, %rem6, %rem7;
  setp.eq.or.f32 %rem6, %rem3, 0f00000000, %rem6;
  @%rem6 bra REM_NAN_11;
  mov.f32 %rem10, %p0_x;
  setp.lt.f32 %rem8, %rem2, %rem3;
  @%rem8 bra REM_END_14;
  mov.f32 %rem4, %rem3;
  REM_UP_12:
  add.rn.f32 %rem5, %rem4, %rem4;
  setp.le.f32 %rem9, %rem5, %rem2;
  @%rem9 mov.f32 %rem4, %rem5;
  @%rem9 bra REM_UP_12;
  REM_DOWN_13:
  setp.ge.f32 %rem9, %rem2, %rem4;
  @%rem9 sub.rn.f32 %rem2, %rem2, %rem4;
  mul.rn.f32 %rem4, %rem4, 0f3F000000;
  setp.ge.f32 %rem9, %rem4, %rem3;
  @%rem9 bra REM_DOWN_13;
  copysign.f32 %rem10, %p0_x, %rem2;
  bra.uni REM_END_14;
  REM_NAN_11:
  mov.f32 %rem10, 0f7FFFFFFF;
  REM_END_14:
  testp.infinite.f64 %rem19, %p2_d;
  mov.f64 %rem23, 0d7FFFFFFFFFFFFFFF;
  cvt.f32.f16 %f28, %p3_h;
  cvt.f32.f16 %f29, %p3_h;
  testp.infinite.f32 %rem34, %f28;
  copysign.f32 %rem38, %f28, %rem30;
"""


@pytest.mark.parametrize("arch", ARCHS)
def test_remf_is_fmod_by_exact_long_division_of_scalars_and_tiles(arch):
    [ptx] = _kernels(REMAINDERS, arch).values()
    _in_order(REMAINDER_LINES, ptx)
    lines = _lines(ptx)
    # The half's result rounded back once, after its division's end.
    assert lines[lines.index("  copysign.f32 %rem38, %f28, %rem30;") + 5].startswith("  cvt.rn.f16.f32 %h")
    assert sum(line.startswith("  copysign.f32 ") for line in lines) == 1 + 1 + 32 + 32   # the f16 tile's 16 registers hold 32 halves
    assert sum(line.startswith("  copysign.f64 ") for line in lines) == 1
    assert_assembles(ptx, arch)


# The same of a product's tile (the mma.sync placement, narrowed) and a tile a TMA load left in
# shared memory, read in the product's placement: what lower-tma-load-store-to-async passes
# (tests/lit/register-tile-elementwise.mlir, `@alike`) the emitter writes.
PRODUCT_REMAINDER = """module attributes {gpu.container_module} {
  func.func @alike(%a: memref<4096x4096xf16, 1>, %b: memref<4096x4096xf16, 1>, %c: memref<4096x4096xf16, 1>, %i: index)
      attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %ta, %ka = nv_tileas.tiled_load %a coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %tb, %kb = nv_tileas.tiled_load %b coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %p = nv_tileas.dot %ta, %tb, %zero : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %x = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
    %n = arith.negf %x : tensor<64x64xf16>
    %tc, %kc = nv_tileas.tiled_load %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> tensor<64x64xf16>, !nv_tileaa.mem_token
    %r = arith.remf %n, %tc : tensor<64x64xf16>
    %s = nv_tileas.tiled_store %r, %c coords(%i, %i) offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : memref<4096x4096xf16, 1> -> !nv_tileaa.mem_token
    return
  }
}
"""


@pytest.mark.parametrize("arch", ARCHS)
def test_remf_of_a_product_and_a_tma_loaded_tile_is_written_and_assembles(arch):
    [ptx] = _kernels(PRODUCT_REMAINDER, arch).values()
    # 64 x 64 halves over 128 threads: 32 a thread, each its own long division.
    assert sum(line.startswith("  copysign.f32 ") for line in _lines(ptx)) == 32
    assert_assembles(ptx, arch)


# `arith.truncf` of an f32 tile rounds as its `roundingmode` says: to nearest even (none said)
# and toward zero by the packed `cvt.rn` / `cvt.rz` `.f16x2.f32`, downward and upward (which
# the packed form lacks) each element alone, packed by `mov.b32`; to_nearest_away is refused as
# a scalar's is (`cvt` has `.rna` only into tf32).
def _rounded_tiles(modes: list[str], element: str = "f16") -> str:
    view = f"memref<?x?x{element}, strided<[?, 1]>, 1>"
    body = [f"""  %c0 = arith.constant 0 : index
  %t, %k = nv_tileas.tiled_load %a coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {VIEW} -> tensor<64x64xf32>, !nv_tileaa.mem_token"""]
    for i, mode in enumerate(modes):
        body.append(f"""  %n{i} = arith.truncf %t {mode} : tensor<64x64xf32> to tensor<64x64x{element}>
  %s{i} = nv_tileas.tiled_store %n{i}, %h coords(%c0, %c0) offsets() {{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<stg>}} : {view} -> !nv_tileaa.mem_token""")
    return _kernel(f"%a: {VIEW}, %h: {view}", "\n".join(body))


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("element", ["f16", "bf16"])
def test_truncf_of_a_tile_rounds_as_its_rounding_mode_says(element, arch):
    [ptx] = _kernels(_rounded_tiles(["", "toward_zero", "downward", "upward"], element), arch).values()
    lines = _lines(ptx)
    # 32 f32 registers a thread, 16 packed halves' registers each truncation.
    for mode in ("rn", "rz"):
        assert sum(line.startswith(f"  cvt.{mode}.{element}x2.f32 %h") for line in lines) == 16, mode
    for mode in ("rm", "rp"):
        assert sum(line.startswith(f"  cvt.{mode}.{element}.f32 %h") for line in lines) == 32, mode
    assert not any(line.startswith((f"  cvt.rm.{element}x2", f"  cvt.rp.{element}x2")) for line in lines)
    at = next(i for i, line in enumerate(lines) if line.startswith(f"  cvt.rm.{element}.f32 "))
    low, high = (lines[at + j].split()[1].rstrip(",") for j in (0, 1))
    assert lines[at + 2].startswith("  mov.b32 %h") and lines[at + 2].endswith(f", {{{low}, {high}}};")
    assert_assembles(ptx, arch)


def test_truncf_of_a_tile_to_nearest_away_is_refused_as_a_scalar_s_is():
    body = _rounded_tiles(["to_nearest_away"]).split("{\n", 1)[1].rsplit("\n  return", 1)[0]
    assert _refusal(body, f"%a: {VIEW}, %h: {V16}") == \
        "`k`: `arith.truncf` rounding to_nearest_away: `cvt` rounds ties away from zero only into tf32"


def test_the_analysis_the_server_publishes_reports_a_kernel_without_memops_as_check_does():
    """The server publishes the document analysis's diagnostics: a kernel holding no TileAS
    memop is verified for its float ops there too, at the op, in the emitter's words."""
    text = _kernel("%d: f64", "  %e = math.exp %d : f64")
    found = [(d.code, d.message, d.span.start, d.span.end)
             for d in DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch="sm_90a")).diagnostics()]
    start = text.index("%e = math.exp")
    assert found == [("lower.float-op", f"this `math.exp` {EXP_OF_F64}", start, text.index("\n", start))]
