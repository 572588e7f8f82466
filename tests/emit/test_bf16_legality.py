"""bf16 on each SM tier, `tables/legality`'s one table (`bf16_cvt_tier`,
`tile_arithmetic_problem`), against the real ptxas: each `cvt` form of bf16 and each packed
`.bf16x2` instruction the register path writes, on sm_75, sm_80, sm_86, sm_89 and sm_90, is
accepted exactly where the table says; and TileAS kernels computing on bf16 on sm_80 to sm_89
are emitted, pass `check`, and assemble."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.dialects.nv_tileas.async_tma import is_kernel
from cute_ir.emit.tileas_kernel import emit_tileas_kernel
from cute_ir.features.lowered import lower
from cute_ir.ir.lift import lift
from cute_ir.syntax.parser import parse
from cute_ir.tables.legality import (BF16_TIER, FLOAT_ARITHMETIC, NAN_TIER, bf16_conversion_problem, bf16_cvt_tier,
                                     tile_arithmetic_problem)
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble, parallel_map
from tests.emit.test_tileas_floats import VIEW, _kernel
from tests.emit.test_tileas_kernel import _kernels, assert_assembles

ARCHS = [75, 80, 86, 89, 90]
_REGISTER = {"f32": ".f32", "f64": ".f64", "f16": ".b16", "bf16": ".b16", "s32": ".s32", "u16": ".u16",
             "s64": ".s64", "u8": ".u16", "pair": ".b32"}
# (instruction, destination type, source type, the table's tier for it): every `cvt` of bf16
# the PTX writers emit or a user's op could ask for.
CVT_FORMS = [(f"cvt{rounding}.{result}.{source}", result, source, bf16_cvt_tier(source, result))
             for source, result, rounding in [
                 ("bf16", "f32", ""), ("bf16", "f64", ""), ("bf16", "f16", ".rn"), ("f16", "bf16", ".rn"),
                 ("f32", "bf16", ".rn"), ("f32", "bf16", ".rz"), ("f32", "bf16", ".rm"), ("f32", "bf16", ".rp"),
                 ("f64", "bf16", ".rn"), ("f64", "bf16", ".rm"), ("s32", "bf16", ".rn"), ("u16", "bf16", ".rn"),
                 ("s64", "bf16", ".rn"), ("bf16", "s32", ".rzi"), ("bf16", "u16", ".rzi")]]
PAIRED = [(f"cvt.{mode}.bf16x2.f32", "pair", "f32", bf16_cvt_tier("f32", "bf16")) for mode in ("rn", "rz")]
TILE_OPS = [(f"{FLOAT_ARITHMETIC[name]}.bf16x2", "pair", "pair", name) for name in FLOAT_ARITHMETIC]


def _module(arch: int, lines: list[str]) -> str:
    body = "\n".join(f"  {line}" for line in lines)
    return (f".version 9.0\n.target sm_{arch}\n.address_size 64\n.visible .entry k()\n{{\n"
            + "".join(f"  .reg {register} %{name}_<3>;\n" for name, register in _REGISTER.items())
            + f"{body}\n  ret;\n}}\n")


def _cvt(instruction: str, result: str, source: str) -> str:
    operands = f"%{source}_1, %{source}_2" if "x2" in instruction else f"%{source}_1"
    return f"{instruction} %{result}_0, {operands};"


def _binary(instruction: str) -> str:
    return f"{instruction} %pair_0, %pair_1, %pair_2;"


def _cases() -> list[tuple[int, str, bool]]:
    """(arch, the one instruction, whether the table accepts it there)."""
    cases = [(arch, _cvt(i, r, s), arch >= tier) for arch in ARCHS for i, r, s, tier in CVT_FORMS + PAIRED]
    cases += [(arch, _binary(i), arch >= BF16_TIER and tile_arithmetic_problem(name, "bf16", arch) is None)
              for arch in ARCHS for i, _, _, name in TILE_OPS]
    return cases


@pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)
def test_ptxas_accepts_each_bf16_form_exactly_where_the_table_does():
    """Each form alone, on each arch: ptxas's verdict is the table's. A refused form names the
    feature and the target ptxas wants, which is the table's tier."""
    cases = _cases()
    verdicts = parallel_map(lambda case: assemble(_module(case[0], [case[1]]), f"sm_{case[0]}"), cases)
    wrong = [(arch, line, accepted, said) for (arch, line, expected), (accepted, said) in zip(cases, verdicts)
             if accepted != expected]
    assert wrong == []
    assert {arch for arch, _, expected in cases if expected} == {80, 86, 89, 90}


def test_the_table_per_form():
    """f32 with bf16 (either way, every rounding, and the pair) from sm_80; bf16 with f16, f64 or
    an integer from sm_90; `.bf16x2` add / sub / mul from sm_90, max / min from sm_80."""
    assert {(s, r): t for _, r, s, t in CVT_FORMS} == {
        ("bf16", "f32"): 80, ("f32", "bf16"): 80, ("bf16", "f64"): 90, ("bf16", "f16"): 90, ("f16", "bf16"): 90,
        ("f64", "bf16"): 90, ("s32", "bf16"): 90, ("u16", "bf16"): 90, ("s64", "bf16"): 90, ("bf16", "s32"): 90,
        ("bf16", "u16"): 90}
    assert bf16_cvt_tier("f16", "f32") is None
    assert [tile_arithmetic_problem(name, "bf16", 89) for name in FLOAT_ARITHMETIC] == [
        "of bf16 tiles before sm_90: `add.rn.bf16x2` needs it", "of bf16 tiles before sm_90: `sub.rn.bf16x2` needs it",
        "of bf16 tiles before sm_90: `mul.rn.bf16x2` needs it", None, None]
    assert tile_arithmetic_problem("arith.addf", "f16", 80) is None
    assert bf16_conversion_problem("f32", "bf16", 75, "rz", tile=True) == \
        "of an f32 tile to bf16 before sm_80: `cvt.rz.bf16x2.f32` needs it"
    assert bf16_conversion_problem("bf16", "f64", 89) == "of bf16 to f64 before sm_90: `cvt.f64.bf16` needs it"
    assert bf16_conversion_problem("bf16", None, 80) is None


LOAD = (f"  %c0 = arith.constant 0 : index\n  %v, %k = nv_tileas.tiled_load %a coords(%c0, %c0) offsets() "
        f"{{tileSize = array<i64: 64, 64>, copy_atom = #nv_tileas.copy_atom<ldg>}} : {VIEW} -> "
        f"tensor<64x64xf32>, !nv_tileaa.mem_token\n")
# bf16 scalars and tiles as sm_80 has them: widened to f32 and rounded back, compared in f32, an
# f32 tile narrowed to bf16 in every rounding, a bf16 tile widened and its max.
BF16_OPS = _kernel(f"%b: bf16, %x: f32, %a: {VIEW}", LOAD + """  %s = math.sqrt %b : bf16
  %p = arith.addf %s, %b : bf16
  %c = arith.cmpf olt, %p, %b : bf16
  %w = arith.extf %p : bf16 to f32
  %n = arith.truncf %x upward : f32 to bf16
  %g = arith.truncf %v : tensor<64x64xf32> to tensor<64x64xbf16>
  %h = arith.truncf %v downward : tensor<64x64xf32> to tensor<64x64xbf16>
  %m = arith.maximumf %g, %h : tensor<64x64xbf16>
  %q = arith.divf %g, %h : tensor<64x64xbf16>
  %e = arith.extf %q : tensor<64x64xbf16> to tensor<64x64xf32>""")


@pytest.mark.parametrize("arch", ["sm_80", "sm_86", "sm_89"])
def test_a_kernel_computing_on_bf16_before_sm90_is_written_and_assembles(arch):
    [ptx] = _kernels(BF16_OPS, arch).values()
    for line in ("cvt.f32.bf16", "cvt.rn.bf16.f32", "cvt.rp.bf16.f32", "cvt.rn.bf16x2.f32", "cvt.rm.bf16.f32",
                 "max.NaN.bf16x2", "setp.lt.f32"):
        assert f"  {line} " in ptx, line
    assert_assembles(ptx, arch)


@pytest.mark.parametrize("arch, body, why", [
    ("sm_89", "  %w = arith.extf %b : bf16 to f64", "`arith.extf` of bf16 to f64 before sm_90: `cvt.f64.bf16` needs it"),
    ("sm_86", "  %d = arith.extf %x : f32 to f64\n  %n = arith.truncf %d : f64 to bf16",
     "`arith.truncf` of f64 to bf16 before sm_90: `cvt.rn.bf16.f64` needs it"),
    ("sm_80", LOAD + "  %g = arith.truncf %v : tensor<64x64xf32> to tensor<64x64xbf16>\n"
                     "  %p = arith.addf %g, %g : tensor<64x64xbf16>",
     "`arith.addf` of bf16 tiles before sm_90: `add.rn.bf16x2` needs it"),
])
def test_check_reports_what_the_emitter_refuses_before_sm90(arch, body, why):
    text = _kernel(f"%b: bf16, %x: f32, %a: {VIEW}", body)
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch=arch)))
    errors = [(d.code, d.message) for d in result.diagnostics if d.severity.name == "ERROR"]
    assert errors == [("lower.float-op", f"this {why}")]
    last = body.splitlines()[-1]
    [span] = [d.span for d in result.diagnostics if d.severity.name == "ERROR"]
    assert text[span.start:span.end] == last.strip()


# `max.NaN` / `min.NaN` (`maximumf` / `minimumf`) on each SM tier: `NAN_TIER`, the one rule the
# PTX writers and lower-tma-load-store-to-async read. PTX ISA, max / min: `.NaN` from sm_80; no
# `.f64` form; `.bf16` itself from `BF16_TIER`.
NAN_FORMS = [(f"{base}.NaN.{form}", register) for base in ("max", "min")
             for form, register in (("f32", "f32"), ("f16", "f16"), ("bf16", "bf16"), ("f16x2", "pair"),
                                    ("bf16x2", "pair"), ("f64", "f64"))]


def _nan_accepted(instruction: str, arch: int) -> bool:
    form = instruction.rsplit(".", 1)[1]
    return form != "f64" and arch >= NAN_TIER and (not form.startswith("bf16") or arch >= BF16_TIER)


@pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)
def test_ptxas_accepts_max_and_min_nan_exactly_from_the_table_s_tier():
    """Each `.NaN` form alone, on each arch: ptxas 13.0's verdict is the table's ("Modifier
    '.NaN' requires .target sm_80 or higher" before it; "Illegal modifier '.NaN'" of f64)."""
    cases = [(arch, f"{i} %{r}_0, %{r}_1, %{r}_2;", _nan_accepted(i, arch)) for arch in ARCHS for i, r in NAN_FORMS]
    verdicts = parallel_map(lambda case: assemble(_module(case[0], [case[1]]), f"sm_{case[0]}"), cases)
    wrong = [(arch, line, accepted, said) for (arch, line, expected), (accepted, said) in zip(cases, verdicts)
             if accepted != expected]
    assert wrong == []
    said = dict(((arch, line), text) for (arch, line, _), (_, text) in zip(cases, verdicts))
    assert "Modifier '.NaN' requires .target sm_80 or higher" in said[(75, "max.NaN.f32 %f32_0, %f32_1, %f32_2;")]
    assert NAN_TIER == 80


def test_the_nan_rule_per_tile_element():
    """A tile's `maximumf` / `minimumf` before sm_80 is refused in words naming the register's
    instruction; from sm_80 it is not (bf16's add / sub / mul rule is apart)."""
    assert [tile_arithmetic_problem(name, element, 75) for name in ("arith.maximumf", "arith.minimumf")
            for element in ("f32", "f16", "bf16")] == [
        "of f32 tiles before sm_80: `max.NaN.f32` needs it", "of f16 tiles before sm_80: `max.NaN.f16x2` needs it",
        "of bf16 tiles before sm_80: `max.NaN.bf16x2` needs it", "of f32 tiles before sm_80: `min.NaN.f32` needs it",
        "of f16 tiles before sm_80: `min.NaN.f16x2` needs it", "of bf16 tiles before sm_80: `min.NaN.bf16x2` needs it"]
    assert {tile_arithmetic_problem(name, element, 80) for name in ("arith.maximumf", "arith.minimumf")
            for element in ("f32", "f16", "bf16")} == {None}
    assert tile_arithmetic_problem("arith.addf", "f32", 75) is None
    assert tile_arithmetic_problem("arith.maximumf", "f32", None) is None


NAN_TILE = LOAD + "  %m = arith.minimumf %v, %v : tensor<64x64xf32>"


@pytest.mark.parametrize("arch", ["sm_70", "sm_75"])
def test_check_reports_a_tile_s_max_nan_before_sm80_at_the_op_as_the_emitter_refuses_it(arch):
    text = _kernel(f"%a: {VIEW}", NAN_TILE)
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch=arch)))
    errors = [d for d in result.diagnostics if d.severity.name == "ERROR"]
    assert [(d.code, d.message) for d in errors] == [
        ("lower.float-op", "this `arith.minimumf` of f32 tiles before sm_80: `min.NaN.f32` needs it")]
    start = text.index("%m = arith.minimumf")
    assert (errors[0].span.start, errors[0].span.end) == (start, start + len("%m = arith.minimumf %v, %v : tensor<64x64xf32>"))
    [kernel] = [op for top in lift(parse(lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(
        target_arch="sm_80"))).stages[-1].text.encode()).root).operations for op in top.walk()
        if op.name == "func.func" and is_kernel(op)]
    refused = emit_tileas_kernel(kernel, arch)
    assert not refused.ok
    assert refused.message == "`k`: `arith.minimumf` of f32 tiles before sm_80: `min.NaN.f32` needs it"


def test_a_tile_s_max_nan_from_sm80_is_checked_clean_and_assembles():
    text = _kernel(f"%a: {VIEW}", NAN_TILE)
    result = lower(DocumentAnalysis("file:///k.ir", text, settings=Settings(target_arch="sm_80")))
    assert [d for d in result.diagnostics if d.severity.name == "ERROR"] == []
    [ptx] = _kernels(text, "sm_80").values()
    assert "  min.NaN.f32 %ew" in ptx
    assert_assembles(ptx, "sm_80")
