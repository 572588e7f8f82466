"""NVVM ops' own verifiers (dialects/nvvm_checks.py), in mlir-opt 22's words for the same input:
the pointer's address space of `nvvm.wmma.load` / `store`, the fragments `inferMMAType` derives
for a load's result, a store's values and an mma's arguments and result; `nvvm.shfl.sync`'s
result, `nvvm.cp.async.shared.global`'s size and cache modifier, `nvvm.mapa`'s address spaces,
`nvvm.mma.sync`'s shapes, fragments, result, attributes and layouts."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from tests.mlir_oracle import assert_mlir_opt_agrees, needs_mlir_opt

H2 = "vector<2xf16>"


def _struct(*types: str) -> str:
    return "!llvm.struct<(" + ", ".join(types) + ")>"


def _load(pointer: str, frag: str, result: str, eltype: str = "f16") -> str:
    return (f"llvm.func @f(%p: {pointer}, %s: i32) {{\n"
            f"  %0 = nvvm.wmma.load %p, %s {{eltype = #nvvm.mma_type<{eltype}>, frag = #nvvm.mma_frag<{frag}>, "
            f"k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32}} : ({pointer}) -> {result}\n"
            f"  llvm.return\n}}\n")


def _store(pointer: str, values: list[str]) -> str:
    arguments = ", ".join(f"%v{i}: {t}" for i, t in enumerate(values))
    uses = ", ".join(f"%v{i}" for i in range(len(values)))
    return (f"llvm.func @f(%p: {pointer}, %s: i32, {arguments}) {{\n"
            f"  nvvm.wmma.store %p, %s, {uses} {{eltype = #nvvm.mma_type<f16>, k = 16 : i32, "
            f"layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32}} : {pointer}, {', '.join(values)}\n"
            f"  llvm.return\n}}\n")


def _mma(values: list[str], result: str, c: str = "f32") -> str:
    arguments = ", ".join(f"%v{i}: {t}" for i, t in enumerate(values))
    uses = ", ".join(f"%v{i}" for i in range(len(values)))
    return (f"llvm.func @f({arguments}) {{\n"
            f"  %0 = nvvm.wmma.mma {uses} {{eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<{c}>, k = 16 : i32, "
            f"layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32}} : "
            f"({', '.join(values)}) -> {result}\n  llvm.return\n}}\n")


AB = [H2] * 16
CASES = [
    (_load("!llvm.ptr<5>", "a", _struct(*[H2] * 8)), "'nvvm.wmma.load' op expected source pointer in memory space 0, 1, 3"),
    (_load("!llvm.ptr<3>", "a", _struct(*[H2] * 7)),
     "'nvvm.wmma.load' op expected destination type is a structure of 8 elements of type 'vector<2xf16>'"),
    (_load("!llvm.ptr<3>", "c", _struct(H2, H2)),
     "'nvvm.wmma.load' op expected destination type is a structure of 4 elements of type 'vector<2xf16>'"),
    (_load("!llvm.ptr", "c", _struct(*["f32"] * 4), "f32"),
     "'nvvm.wmma.load' op expected destination type is a structure of 8 elements of type 'f32'"),
    (_store("!llvm.ptr<5>", [H2] * 4), "'nvvm.wmma.store' op expected operands to be a source pointer in memory space 0, 1, 3"),
    (_store("!llvm.ptr<1>", [H2] * 3), "'nvvm.wmma.store' op expected 4 data operands"),
    (_store("!llvm.ptr<1>", [H2, H2, H2, "f32"]), "'nvvm.wmma.store' op expected data operands of type 'vector<2xf16>'"),
    (_mma([H2] * 19, _struct(*[H2] * 4), c="f16"), "'nvvm.wmma.mma' op expected 20 arguments"),
    (_mma([H2] * 20, _struct(*[H2] * 3), c="f16"),
     "'nvvm.wmma.mma' op expected destination type is a structure of 4 elements of type 'vector<2xf16>'"),
    (_mma([H2] * 15 + ["f32"] * 9, _struct(*["f32"] * 8)), "'nvvm.wmma.mma' op expected argument 15 to be of type 'vector<2xf16>'"),
    (_mma(AB + ["f32"] * 7 + [H2], _struct(*["f32"] * 8)), "'nvvm.wmma.mma' op expected argument 23 to be of type 'f32'"),
    (_mma(AB + ["f32"] * 8, _struct(*["f32"] * 7 + [H2])),
     "'nvvm.wmma.mma' op expected destination type is a structure of 8 elements of type 'f32'"),
]

def _op(line: str) -> str:
    return ("llvm.func @f(%a: i32, %s: !llvm.ptr<3>, %g: !llvm.ptr<1>, %p: !llvm.ptr) {\n  " + line
            + "\n  llvm.return\n}\n")


CASES += [
    (_op("%0 = nvvm.shfl.sync bfly %a, %a, %a, %a {return_value_and_is_valid} : i32 -> i32"),
     "'nvvm.shfl.sync' op expected return type to be a two-element struct"),
    (_op("%0 = nvvm.shfl.sync bfly %a, %a, %a, %a {return_value_and_is_valid} : i32 -> !llvm.struct<(i32)>"),
     "'nvvm.shfl.sync' op expected return type to be a two-element struct"),
    (_op("%0 = nvvm.shfl.sync bfly %a, %a, %a, %a {return_value_and_is_valid} : i32 -> !llvm.struct<(i32, i32)>"),
     "'nvvm.shfl.sync' op expected second element in the returned struct to be of type 'i1' but got 'i32' instead"),
    (_op("%0 = nvvm.shfl.sync bfly %a, %a, %a, %a {return_value_and_is_valid} : i32 -> !llvm.struct<(f32, i1)>"),
     "'nvvm.shfl.sync' op expected first element in the returned struct to be of type 'i32' but got 'f32' instead"),
    (_op("%0 = nvvm.shfl.sync bfly %a, %a, %a, %a : i32 -> !llvm.struct<(i32, i1)>"),
     "'nvvm.shfl.sync' op \"return_value_and_is_valid\" attribute must be specified when the return type is a struct type"),
    (_op("%0 = nvvm.shfl.sync bfly %a, %a, %a, %a : i32 -> f32"),
     "'nvvm.shfl.sync' op expected return type to be of type 'i32' but got 'f32' instead"),
    (_op("nvvm.cp.async.shared.global %s, %g, 32, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>"),
     "expected byte size to be either 4, 8 or 16."),
    (_op("nvvm.cp.async.shared.global %s, %g, 8, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>"),
     "CG cache modifier is only support for 16 bytes copy."),
    (_op("nvvm.cp.async.shared.global %s, %g, 8, cache = cs : !llvm.ptr<3>, !llvm.ptr<1>"),
     "Only CG and CA cache modifiers are supported."),
    (_op("%0 = nvvm.mapa %p, %a : !llvm.ptr -> !llvm.ptr<7>"),
     "'nvvm.mapa' op failed to verify that Valid address-space check(or mapping) for mapa Op"),
    # the f8x2 conversions' rounding and saturation by destination type
    ("llvm.func @f(%a: f32, %b: f32) {\n  %r = nvvm.convert.f32x2.to.f8x2 %a, %b {sat = #nvvm.sat_mode<satfinite>} : "
     "i16 (f8E4M3FN)\n  llvm.return\n}\n", "'nvvm.convert.f32x2.to.f8x2' op Only RN rounding mode is supported for "
     "conversions from f32x2 to 'f8E4M3FN' and 'f8E5M2' types"),
    ("llvm.func @f(%a: f32, %b: f32) {\n  %r = nvvm.convert.f32x2.to.f8x2 %a, %b {rnd = #nvvm.fp_rnd_mode<rn>} : "
     "i16 (f8E4M3FN)\n  llvm.return\n}\n", "'nvvm.convert.f32x2.to.f8x2' op Only SATFINITE saturation mode is "
     "supported for conversions from f32x2 to 'f8E4M3FN' and 'f8E5M2' types"),
    ("llvm.func @f(%a: f32, %b: f32) {\n  %r = nvvm.convert.f32x2.to.f8x2 %a, %b {rnd = #nvvm.fp_rnd_mode<rn>} : "
     "i16 (f8E8M0FNU)\n  llvm.return\n}\n", "'nvvm.convert.f32x2.to.f8x2' op Only RZ and RP rounding modes are "
     "supported for conversions from f32x2 to 'f8E8M0FNU' type"),
    ("llvm.func @f(%s: vector<2xbf16>) {\n  %r = nvvm.convert.bf16x2.to.f8x2 %s : vector<2xbf16> -> i16 (f8E8M0FNU)\n"
     "  llvm.return\n}\n", "'nvvm.convert.bf16x2.to.f8x2' op Only RZ and RP rounding modes are supported for "
     "conversions from bf16x2 to f8x2."),
    ("llvm.func @f(%s: vector<2xbf16>) {\n  %r = nvvm.convert.bf16x2.to.f8x2 %s {rnd = #nvvm.fp_rnd_mode<rz>} : "
     "vector<2xbf16> -> i16 (f8E4M3FN)\n  llvm.return\n}\n",
     "'nvvm.convert.bf16x2.to.f8x2' op Only 'f8E8M0FNU' type is supported for conversions from bf16x2 to f8x2."),
    # the NVVM dialect's attributes on functions (NVVMDialect::verifyOperationAttribute /
    # verifyRegionArgAttribute)
    ("func.func private @f() attributes {nvvm.kernel}\n", "'nvvm.kernel' attribute attached to unexpected op"),
    ("llvm.func @k(%a: !llvm.ptr {llvm.byval = i32, nvvm.grid_constant}) {\n  llvm.return\n}\n",
     "'\"nvvm.grid_constant\"' attribute must be present only on kernel arguments"),
    ("llvm.func @k(%a: !llvm.ptr {nvvm.grid_constant}) attributes {nvvm.kernel} {\n  llvm.return\n}\n",
     "'\"nvvm.grid_constant\"' attribute requires the argument to also have attribute 'llvm.byval'"),
    ("llvm.func @k(%a: !llvm.ptr {llvm.byval = i32, nvvm.grid_constant = true}) attributes {nvvm.kernel} {\n"
     "  llvm.return\n}\n", "'\"nvvm.grid_constant\"' must be a unit attribute"),
]


def _mma_sync(a: str, b: str, c: str, counts: tuple[int, int, int], result: str, attributes: str,
              shape: tuple[int, int, int]) -> str:
    """An `nvvm.mma.sync` in its custom form, each group's registers of one type."""
    groups = [(letter, t, n) for letter, t, n in zip("abc", (a, b, c), counts)]
    arguments = ", ".join(f"%{letter}{i}: {t}" for letter, t, n in groups for i in range(n))
    operands = " ".join(f"{letter.upper()}[{', '.join(f'%{letter}{i}' for i in range(n))}]" for letter, _, n in groups)
    m, n, k = shape
    return (f"llvm.func @f({arguments}) {{\n"
            f"  %0 = nvvm.mma.sync {operands} {{{attributes}shape = #nvvm.shape<m = {m}, n = {n}, k = {k}>}} : "
            f"({a}, {b}, {c}) -> {result}\n  llvm.return\n}}\n")


ROW_COL = "layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, "
S8 = "multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, "
F32X4, F32X8 = _struct(*["f32"] * 4), _struct(*["f32"] * 8)
I32X4 = _struct(*["i32"] * 4)
CASES += [
    (_mma_sync(H2, H2, "f32", (4, 2, 4), F32X4, "", (16, 8, 16)), "'nvvm.mma.sync' op requires attribute 'layoutA'"),
    (_mma_sync("f16", H2, "f32", (2, 2, 8), F32X8, ROW_COL, (8, 8, 4)),
     "'nvvm.mma.sync' op Could not match types for the A operands; expected one of 2xvector<2xf16> but got f16, f16"),
    (_mma_sync(H2, H2, "f32", (2, 2, 8), _struct(*["f32"] * 7 + ["f16"]), ROW_COL, (8, 8, 4)),
     "'nvvm.mma.sync' op Could not match allowed types for the result; expected one of "
     "!llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>, "
     "!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)> but got !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f16)>"),
    (_mma_sync(H2, H2, H2, (2, 2, 2), _struct(H2, H2), ROW_COL, (8, 8, 16)),
     "'nvvm.mma.sync' op unimplemented variant for MMA shape <8, 8, 16>"),
    (_mma_sync(H2, H2, H2, (4, 2, 2), F32X4, ROW_COL, (16, 8, 16)), "'nvvm.mma.sync' op ctype does not match dtype"),
    (_mma_sync("i32", "i32", "i32", (2, 1, 4), I32X4, ROW_COL + "multiplicandAPtxType = #nvvm.mma_type<b1>, "
               "multiplicandBPtxType = #nvvm.mma_type<b1>, ", (16, 8, 128)), "'nvvm.mma.sync' op op requires b1Op attribute"),
    (_mma_sync("i32", "i32", "i32", (4, 2, 4), I32X4, ROW_COL + S8, (16, 8, 32)),
     "'nvvm.mma.sync' op op requires intOverflowBehavior attribute"),
    (_mma_sync("i32", "i32", "i32", (4, 2, 4), I32X4, S8.replace("s8", "u8", 1) + "intOverflowBehavior = "
               "#nvvm.mma_int_overflow<satfinite>, layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<col>, ",
               (16, 8, 32)),
     "'nvvm.mma.sync' op requires layoutA = #nvvm.mma_layout<row> and layoutB = #nvvm.mma_layout<col> for shape "
     "<16, 8, 32> with element types u8 and s8. Only m8n8k4 with f16 supports other layouts."),
    (_mma_sync("i32", "i32", "i32", (2, 1, 4), I32X4, ROW_COL, (16, 8, 32)), "invalid shape or multiplicand type: s32"),
    (_mma_sync("i32", "i32", "i32", (1, 1, 4), I32X4, ROW_COL + S8 + "intOverflowBehavior = "
               "#nvvm.mma_int_overflow<wrapped>, ", (16, 8, 32)),
     "'nvvm.mma.sync' op Could not match types for the A operands; expected one of 4xi32 but got i32"),
]

WELL_FORMED = [
    _op("%0 = nvvm.shfl.sync bfly %a, %a, %a, %a {return_value_and_is_valid} : i32 -> !llvm.struct<(i32, i1)>"),
    _op("%0 = nvvm.shfl.sync bfly %a, %a, %a, %a : i32 -> i32"),
    _op("nvvm.cp.async.shared.global %s, %g, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>"),
    _op("nvvm.cp.async.shared.global %s, %g, 4, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>"),
    _op("%0 = nvvm.mapa %s, %a : !llvm.ptr<3> -> !llvm.ptr<7>"),
    _op("%0 = nvvm.mapa %p, %a : !llvm.ptr -> !llvm.ptr"),
    _load("!llvm.ptr<3>", "a", _struct(*[H2] * 8)),
    _load("!llvm.ptr<1>", "c", _struct(*["f32"] * 8), "f32"),
    _store("!llvm.ptr", [H2] * 4),
    _mma(AB + ["f32"] * 8, _struct(*["f32"] * 8)),
    _mma([H2] * 20, _struct(*[H2] * 4), c="f16"),
    _mma_sync(H2, H2, "f32", (4, 2, 4), F32X4, ROW_COL, (16, 8, 16)),
    _mma_sync(H2, H2, H2, (2, 2, 4), _struct(H2, H2, H2, H2), "layoutA = #nvvm.mma_layout<col>, "
              "layoutB = #nvvm.mma_layout<row>, ", (8, 8, 4)),
    _mma_sync("f64", "f64", "f64", (1, 1, 2), _struct("f64", "f64"), ROW_COL, (8, 8, 4)),
    _mma_sync("i32", "i32", "i32", (1, 1, 2), _struct("i32", "i32"), ROW_COL + S8 + "intOverflowBehavior = "
              "#nvvm.mma_int_overflow<satfinite>, ", (8, 8, 16)),
    _mma_sync("i32", "i32", "f32", (4, 2, 4), F32X4, ROW_COL + "multiplicandAPtxType = #nvvm.mma_type<tf32>, "
              "multiplicandBPtxType = #nvvm.mma_type<tf32>, ", (16, 8, 8)),
    "llvm.func @k(%a: !llvm.ptr {llvm.byval = i32, nvvm.grid_constant}) attributes {nvvm.kernel} {\n  llvm.return\n}\n",
    "llvm.func @f(%a: f32, %b: f32, %s: vector<2xbf16>) {\n  %r = nvvm.convert.f32x2.to.f8x2 %a, %b {rnd = "
    "#nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : i16 (f8E5M2)\n  %q = nvvm.convert.f32x2.to.f8x2 %a, %b "
    "{rnd = #nvvm.fp_rnd_mode<rp>} : i16 (f8E8M0FNU)\n  %t = nvvm.convert.bf16x2.to.f8x2 %s {rnd = "
    "#nvvm.fp_rnd_mode<rz>} : vector<2xbf16> -> i16 (f8E8M0FNU)\n  llvm.return\n}\n",
]


def _messages(text: str) -> list[str]:
    return [d.message for d in DocumentAnalysis("file:///n.mlir", text).diagnostics()]


@pytest.mark.parametrize("text,message", CASES, ids=[m[-50:] for _, m in CASES])
def test_each_rule_in_mlirs_words(text, message):
    assert _messages(text) == [message]


def test_at_the_ops_name():
    text, _ = CASES[0]
    [diagnostic] = DocumentAnalysis("file:///n.mlir", text).diagnostics()
    assert text.encode()[diagnostic.span.start:diagnostic.span.end] == b"nvvm.wmma.load"


def test_an_attribute_combination_without_an_intrinsic_is_not_judged():
    # m16n16k16 has no tf32 fragment: MLIR calls it an invalid attribute combination first.
    assert _messages(_load("!llvm.ptr<3>", "a", _struct(H2), eltype="tf32")) == []


def test_mma_sync_at_the_ops_name():
    text = _mma_sync(H2, H2, H2, (4, 2, 2), F32X4, ROW_COL, (16, 8, 16))
    [diagnostic] = DocumentAnalysis("file:///n.mlir", text).diagnostics()
    assert text.encode()[diagnostic.span.start:diagnostic.span.end] == b"nvvm.mma.sync"


@pytest.mark.parametrize("text", WELL_FORMED)
def test_well_formed_ops_are_not_judged(text):
    assert _messages(text) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same():
    assert_mlir_opt_agrees(CASES, WELL_FORMED)
