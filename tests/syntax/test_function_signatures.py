"""A function's signature read as MLIR's function parser reads it (syntax/signatures.py): each
mistake reported once, with mlir-opt 22's message at its line and column (each case is run
through mlir-opt 22 too when it is here, tests/mlir_oracle.py)."""
from __future__ import annotations

import pytest

from tests.mlir_oracle import errors_at, first_mlir_error, mlir_opt, needs_mlir_opt

_BODY = " {\n  return\n}\n"
_GPU = "gpu.module @m {\n  gpu.func @k(ARGS) {\n    gpu.return\n  }\n}\n"
_LLVM = "llvm.func @f(ARGS) {\n  llvm.return\n}\n"

CASES = [
    # (text, line, column, message)
    ("func.func @f(%a: i32 i32)" + _BODY, 1, 21, "expected ')'"),
    ("func.func @f(%a: i32 %b: i32)" + _BODY, 1, 21, "expected ')'"),
    ("func.func @f(%a: i32 {a.b} loc(\"x\") i32)" + _BODY, 1, 36, "expected ')'"),
    ("func.func @f(%a: i32 {a.b}{a.c})" + _BODY, 1, 27, "expected ')'"),
    ("func.func @f(%a: i32,, %b: i32)" + _BODY, 1, 22, "custom op 'func.func' expected SSA identifier"),
    ("func.func @f(%a: i32,)" + _BODY, 1, 22, "custom op 'func.func' expected SSA identifier"),
    ("func.func @f(%a: i32, i32)" + _BODY, 1, 23, "custom op 'func.func' expected SSA identifier"),
    ("func.func @f(%a: i32, ...)" + _BODY, 1, 23, "custom op 'func.func' expected SSA identifier"),
    ("func.func @f(i32, %a: i32)" + _BODY, 1, 19, "custom op 'func.func' expected type instead of SSA identifier"),
    ("func.func @f(%a: , %b: i32)" + _BODY, 1, 17, "expected non-function type"),
    ("func.func @f(%a: foo)" + _BODY, 1, 17, "expected non-function type"),
    ("func.func @f(%a:foo)" + _BODY, 1, 17, "expected non-function type"),
    ("func.func @f(%a i32)" + _BODY, 1, 16, "expected ':'"),
    ("func.func @f(,)" + _BODY, 1, 14, "expected non-function type"),
    ("func.func @f @f(%a: i32)" + _BODY, 1, 13, "expected '('"),
    ("func.func private @f(i32,)\n", 1, 26, "expected non-function type"),
    ("func.func private @f(i32,, f32)\n", 1, 26, "expected non-function type"),
    ("func.func private @f(i32 f32)\n", 1, 25, "expected ')'"),
    ("func.func private @f(i32) -> (i32,)\n", 1, 35, "expected non-function type"),
    ("func.func private @f(i32) -> (,i32)\n", 1, 31, "expected non-function type"),
    ("func.func private @f(i32) -> (i32 i32)\n", 1, 34, "expected ')'"),
    ("func.func private @f(i32) -> (i32 {a.b} i32)\n", 1, 40, "expected ')'"),
    ("func.func private @f(i32) -> %a\n", 1, 29, "expected non-function type"),
    ("func.func @f(%a: i32) ->  {\n  return\n}\n", 1, 25, "expected non-function type"),
    # a token after the signature ends the op and cannot start the next one
    ("func.func private @f(i32) -> i32 i32\n", 1, 33, "expected operation name in quotes"),
    ("func.func @f() -> i32 i32 {\n  %c = arith.constant 1 : i32\n  return %c : i32\n}\n", 1, 22,
     "expected operation name in quotes"),
    ("func.func private @f(i32) f32\n", 1, 27, "custom op 'f32' is unknown (tried 'builtin.f32' as well)"),
    ("func.func private @f(i32) -> f32 index\n", 1, 34, "custom op 'index' is unknown (tried 'builtin.index' as well)"),
    # the same argument list in the functions of other dialects
    (_LLVM.replace("ARGS", "%a: i32,, %b: i32"), 1, 22, "custom op 'llvm.func' expected SSA identifier"),
    (_LLVM.replace("ARGS", "%a: i32 %b: i32"), 1, 21, "expected ')'"),
    (_GPU.replace("ARGS", "%a: i32,, %b: i32"), 2, 23, "custom op 'gpu.func' expected SSA identifier"),
    (_GPU.replace("ARGS", "%a: i32 %b: i32"), 2, 22, "expected ')'"),
    (_GPU.replace("ARGS", "%a: "), 2, 18, "expected non-function type"),
]

WELL_FORMED = [
    "func.func private @f(i32, f32) -> i32\n",
    "func.func private @f(i32 {a.b}, f32 loc(\"x\")) -> (i32 {a.c}, f32)\n",
    "func.func private @f() -> ()\n",
    "func.func @f(%a: i32 {a.b} loc(\"x\"), %b: f32) attributes {a.c} {\n  return\n}\n",
    "func.func @f(%a: i32) -> i32 attributes {} {\n  return %a : i32\n}\n",
    "llvm.func @v(i32, ...)\n",
    "llvm.func internal @g(%a: i32) -> i32 {\n  llvm.return %a : i32\n}\n",
    "module {\n  func.func private @f(i32) -> i32\n}\n",
]


@pytest.mark.parametrize(("text", "line", "column", "message"), CASES)
def test_a_signature_mistake_is_reported_once_where_mlir_reports_it(text, line, column, message):
    assert errors_at(text)[:1] == [(line, column, message)]
    assert [e for e in errors_at(text) if e[0] == line] == [(line, column, message)]


@pytest.mark.parametrize("text", WELL_FORMED)
def test_well_formed_signatures(text):
    assert errors_at(text) == []


@needs_mlir_opt
def test_mlir_opt_22_reports_the_same():
    for text, line, column, message in CASES:
        assert first_mlir_error(text) == (line, column, message), text
    for text in WELL_FORMED:
        assert mlir_opt(text).returncode == 0, text
