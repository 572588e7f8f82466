"""The xevm dialect's own verifiers (dialects/xevm_checks.py) and its ODS constraints, in
mlir-opt 22's words for the same input."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from tests.mlir_oracle import assert_mlir_opt_agrees, needs_mlir_opt

_2D = "%w: i32, %h: i32, %pi: i32, %x: i32, %y: i32"


def _f(args: str, body: str) -> str:
    return f"llvm.func @f({args}) {{\n  {body}\n  llvm.return\n}}\n"


CASES = [
    (_f("%p: !llvm.ptr", "xevm.prefetch %p <{cache_control = #xevm.load_cache_control<L1uc_L2uc_L3uc>}> : (!llvm.ptr)"),
     "'xevm.prefetch' op operand #0 must be LLVM pointer in address space 1 or LLVM pointer in address space 4, "
     "but got '!llvm.ptr'"),
    (_f("%p: !llvm.ptr<1>", "%0 = xevm.blockload %p : (!llvm.ptr<1>) -> vector<3xi16>"),
     "'xevm.blockload' op vector size must be 2, 4 or 8 for element type > 8 bits"),
    (_f("%p: !llvm.ptr<1>, %v: vector<5xi8>", "xevm.blockstore %p, %v : (!llvm.ptr<1>, vector<5xi8>)"),
     "'xevm.blockstore' op vector size must be 2, 4, 8 or 16 for 8-bit element type"),
    (_f(f"%p: !llvm.ptr<1>, {_2D}, %v: vector<8xi32>", "xevm.blockstore2d %p, %w, %h, %pi, %x, %y, %v <{elem_size_in_bits"
        "=64 : i32, tile_width=16 : i32, tile_height=8 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi32>)"),
     "'xevm.blockstore2d' op expecting tile_width to be between 1 and 8"),
    (_f(f"%p: !llvm.ptr<1>, {_2D}, %v: vector<8xi32>", "xevm.blockstore2d %p, %w, %h, %pi, %x, %y, %v <{elem_size_in_bits"
        "=18 : i32, tile_width=16 : i32, tile_height=8 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi32>)"),
     "'xevm.blockstore2d' op expecting elem_size_in_bits to be 8, 16, 32, or 64"),
    (_f(f"%p: !llvm.ptr<1>, {_2D}", "%0 = xevm.blockload2d %p, %w, %h, %pi, %x, %y <{elem_size_in_bits=16 : i32, "
        "tile_width=26 : i32, tile_height=8 : i32, v_blocks=1 : i32, transpose=false, pack_register=false}> : "
        "(!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi16>"),
     "'xevm.blockload2d' op result size of 128 bits does not match the expected size of 208 bits"),
    (_f("%c: vector<4xf32>, %a: vector<8xi16>, %b: vector<8xi32>", "%0 = xevm.mma %a, %b, %c {shape = <m = 8, n = 16, "
        "k = 16>, types = <d = f32, a = f16, b = f16, c = f32>} : (vector<8xi16>, vector<8xi32>, vector<4xf32>) -> "
        "vector<8xf32>"), "'xevm.mma' op type of C operand must match result type"),
]

WELL_FORMED = [
    _f("%p: !llvm.ptr<1>, %v: vector<16xi8>", "%0 = xevm.blockload %p : (!llvm.ptr<1>) -> vector<8xi16>\n"
       "  xevm.blockstore %p, %v : (!llvm.ptr<1>, vector<16xi8>)"),
    _f(f"%p: !llvm.ptr<1>, {_2D}", "%0 = xevm.blockload2d %p, %w, %h, %pi, %x, %y <{elem_size_in_bits=16 : i32, "
       "tile_width=16 : i32, tile_height=8 : i32, v_blocks=1 : i32, transpose=false, pack_register=false}> : "
       "(!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi16>"),
    _f("%c: vector<8xf32>, %a: vector<8xi16>", "%0 = xevm.mma %a, %a, %c {shape = <m = 8, n = 16, k = 16>, types = "
       "<d = f32, a = f16, b = f16, c = f32>} : (vector<8xi16>, vector<8xi16>, vector<8xf32>) -> vector<8xf32>"),
]


def _messages(text: str) -> list[str]:
    return [d.message for d in DocumentAnalysis("file:///x.mlir", text).diagnostics()]


@pytest.mark.parametrize("text,message", CASES, ids=[m[-50:] for _, m in CASES])
def test_each_rule_in_mlirs_words(text, message):
    assert _messages(text) == [message]


@pytest.mark.parametrize("text", WELL_FORMED)
def test_well_formed_ops_are_not_judged(text):
    assert _messages(text) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same():
    assert_mlir_opt_agrees(CASES, WELL_FORMED)
