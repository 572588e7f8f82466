"""What an op's verifier asks of other units of the document (analysis/symbols.py): func.call and
func.constant against the function they name (FuncOps.cpp, verifySymbolUses), an NVVM op against
the `#nvvm.target` of the gpu.module around it (NVVMRequiresSMTraits.h), in MLIR's words
(checked against mlir-opt 22), and the same result after any edit as a fresh analysis."""
from __future__ import annotations

import random

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.text.positions import Position

CALLEE = "func.func private @f(i32, f32) -> i32\n"


def _errors(text: str) -> list[tuple[str, str]]:
    """(the text at each error's span, its message), in document order."""
    a = DocumentAnalysis("file:///x.mlir", text)
    return [(text[d.span.start:d.span.end], d.message) for d in a.diagnostics()]


def _calling(call: str, callee: str = CALLEE) -> str:
    return callee + "func.func @g(%x: i32, %y: f32) {\n  " + call + "\n  return\n}\n"


@pytest.mark.parametrize("call, expected", [
    ("%0 = call @f(%x) : (i32) -> i32", "'func.call' op incorrect number of operands for callee"),
    ("%0 = call @f(%y, %y) : (f32, f32) -> i32",
     "'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0"),
    ("call @f(%x, %y) : (i32, f32) -> ()", "'func.call' op incorrect number of results for callee"),
    ("call @nope(%x, %y) : (i32, f32) -> ()", "'func.call' op 'nope' does not reference a valid function"),
    ('"func.call"(%x, %x) {callee = @f} : (i32, i32) -> i32',
     "'func.call' op operand type mismatch: expected operand type 'f32', but provided 'i32' for operand number 1"),
])
def test_a_call_that_disagrees_with_its_callee_gets_mlirs_words_at_the_call(call, expected):
    name = "\"func.call\"" if call.startswith('"') else "call"
    assert _errors(_calling(call)) == [(name, expected)]


def test_a_result_type_mismatch_names_both_lists_in_notes():
    text = _calling("%0 = call @f(%x, %y) : (i32, f32) -> f32")
    [d] = DocumentAnalysis("file:///x.mlir", text).diagnostics()
    assert d.message == "'func.call' op result type mismatch at index 0"
    assert [(text[r.span.start:r.span.end], r.message) for r in d.related] == [
        ("call", "      op result types: 'f32'"), ("call", "function result types: 'i32'")]


@pytest.mark.parametrize("callee", [
    CALLEE,
    "func.func @f(%a: i32, %b: f32 {llvm.noalias}) -> (i32 {llvm.zeroext}) {\n  return %a : i32\n}\n",
    # the generic form: the name is read, the signature is not compared
    '"func.func"() ({\n^bb0(%a: i32, %b: f32):\n  "func.return"(%a) : (i32) -> ()\n}) '
    '{sym_name = "f", function_type = (i32, f32) -> i32} : () -> ()\n',
])
def test_a_call_that_agrees_with_its_callee_is_clean(callee):
    assert _errors(_calling("%0 = call @f(%x, %y) : (i32, f32) -> i32", callee)) == []


def test_the_callee_may_follow_the_call_and_sits_in_the_same_symbol_table():
    ok = "module {\n" + _calling("%0 = call @f(%x, %y) : (i32, f32) -> i32", "") + CALLEE + "}\n"
    assert _errors(ok) == []
    # MLIR looks the callee up in the nearest symbol table only: a gpu.module's function does
    # not see the top level's, nor a nested module's the outer one's.
    inner = CALLEE + "gpu.module @m {\n" + _calling("%0 = call @f(%x, %y) : (i32, f32) -> i32", "") + "}\n"
    assert _errors(inner) == [("call", "'func.call' op 'f' does not reference a valid function")]
    llvm = _calling("call @h(%x) : (i32) -> ()", "llvm.func @h(i32)\n")
    assert _errors(llvm) == [("call", "'func.call' op 'h' does not reference a valid function")]


def test_what_cannot_be_told_is_not_reported():
    twice = CALLEE + CALLEE.replace("f32", "i64") + "func.func @g(%x: i32) {\n  call @f(%x) : (i32) -> ()\n  return\n}\n"
    assert _errors(twice) == [] or all("callee" not in m and "valid function" not in m for _, m in _errors(twice))
    aliased = "!t = i32\nfunc.func private @f(!t) -> !t\n" + \
        "func.func @g(%x: i32) {\n  %0 = call @f(%x) : (i32) -> i32\n  return\n}\n"
    assert _errors(aliased) == []


# ------------------------------------------------------------------ incremental = fresh

def _norm(a: DocumentAnalysis):
    return sorted((d.span.start, d.span.end, d.message) for d in a.diagnostics())


def _replace(a: DocumentAnalysis, old: str, new: str, version: int) -> None:
    text = a.document.text
    at = text.index(old)
    start, end = a.document.position(at), a.document.position(at + len(old))
    a.update([(start, end, new)], version)


def _callers_and_callees(n: int) -> str:
    parts = ["module {\n"]
    for i in range(n):
        parts.append(f"  func.func private @f{i}(i32) -> i32\n")
        parts.append(f"  func.func @g{i}(%x: i32) -> i32 {{\n    %0 = call @f{i}(%x) : (i32) -> i32\n"
                     f"    %1 = arith.addi %0, %x : i32\n    return %1 : i32\n  }}\n")
    parts.append("}\n")
    return "".join(parts)


def test_editing_a_callees_signature_updates_its_callers_diagnostics_as_a_fresh_analysis_does():
    a = DocumentAnalysis("file:///x.mlir", _callers_and_callees(6))
    assert _norm(a) == []
    steps = [
        ("@f3(i32) -> i32", "@f3(i64) -> i32"),           # the callee's argument type: the caller is wrong
        ("@f3(i64) -> i32", "@f3(i32) -> i32"),           # and right again
        ("@f4(i32) -> i32\n", "@f4(i32) -> f32\n"),       # a result type
        ("@f4(i32) -> f32\n", "@f4(i32) -> i32\n"),
        ("@f2(i32)", "@f2x(i32)"),                        # renamed: the call finds nothing
        ("@f2x(i32)", "@f2(i32)"),
        ("func.func private @f1(i32) -> i32\n", ""),       # deleted
        ("  func.func @g1", "  func.func private @f1(i32) -> i32\n  func.func @g1"),   # and back
        ("%x) : (i32) -> i32\n    %1 = arith.addi %0, %x : i32\n    return %1 : i32\n  }\n  func.func private @f5",
         "%x, %x) : (i32, i32) -> i32\n    %1 = arith.addi %0, %x : i32\n    return %1 : i32\n  }\n  func.func private @f5"),
    ]
    seen = set()
    for version, (old, new) in enumerate(steps, 1):
        _replace(a, old, new, version)
        fresh = DocumentAnalysis("file:///y.mlir", a.document.text)
        assert _norm(a) == _norm(fresh), (version, a.document.text)
        seen.update(m for _, _, m in _norm(a))
    assert seen == {
        "'func.call' op operand type mismatch: expected operand type 'i64', but provided 'i32' for operand number 0",
        "'func.call' op result type mismatch at index 0",
        "'func.call' op 'f2' does not reference a valid function",
        "'func.call' op 'f1' does not reference a valid function",
        "'func.call' op incorrect number of operands for callee",
    }


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_edits_to_signatures_and_calls_match_a_fresh_analysis(seed):
    rng = random.Random(seed)
    a = DocumentAnalysis("file:///x.mlir", _callers_and_callees(8))
    edits = [("(i32) -> i32\n", "(i64) -> i32\n"), ("(i64) -> i32\n", "(i32) -> i32\n"),
             ("@f", "@h"), ("@h", "@f"), ("  }\n", ""), ("  func.func @g", "  }\n  func.func @g"),
             ("module {\n", ""), ("func.func private", "gpu.module @m {\n  func.func private"),
             ("call @f", "call @g"), (": (i32) -> i32\n    %1", ": (i32) -> ()\n    %1")]
    for version in range(1, 60):
        old, new = rng.choice(edits)
        text = a.document.text
        spots = [i for i in range(len(text)) if text.startswith(old, i)]
        if not spots:
            continue
        at = rng.choice(spots)
        a.update([(a.document.position(at), a.document.position(at + len(old)), new)], version)
        fresh = DocumentAnalysis("file:///y.mlir", a.document.text)
        assert _norm(a) == _norm(fresh), (version, a.document.text)


def test_a_keystroke_in_a_function_body_reads_the_kept_symbol_table():
    """Typing inside a body changes no definition: the list the table is read from is kept,
    so a lookup costs the functions, not the file; an edit to a signature reads it again."""
    a = DocumentAnalysis("file:///x.mlir", _callers_and_callees(4))
    kept = a.symbol_units()
    at = a.document.text.index("    return %1 : i32\n  }\n  func.func private @f2")
    a.update([(a.document.position(at), a.document.position(at), "    %2 = arith.addi %1, %x : i32\n")], 2)
    assert a.symbol_units() is kept
    assert _norm(a) == _norm(DocumentAnalysis("file:///y.mlir", a.document.text)) == []
    _replace(a, "@f2(i32) -> i32", "@f2(i64) -> i32", 3)
    assert a.symbol_units() is not kept


@pytest.mark.parametrize("constant, expected", [
    ("%c = constant @f : (i32) -> ()", "'func.constant' op reference to function with mismatched type"),
    ("%c = constant @nope : (i32, f32) -> i32", "'func.constant' op reference to undefined function 'nope'"),
    ("%c = constant @f : (i32, f32) -> i32", None),
    ("%c = constant @f : (i32, f32) -> (i32)", None),
])
def test_func_constant_against_the_function_it_names(constant, expected):
    assert _errors(_calling(constant)) == ([("constant", expected)] if expected else [])


def test_a_function_with_named_arguments_has_no_entry_block_label():
    text = "func.func @r(%a : i32) {\n^bb0:\n  return\n}\n"
    assert _errors(text) == [("^", "invalid block name in region with named arguments")]
    assert _errors("func.func @r() {\n^bb0:\n  return\n}\n") == []
    assert _errors("func.func @r(%a : i32) {\n  cf.br ^bb1\n^bb1:\n  return\n}\n") == []


# ------------------------------------------------------------------ NVVM ops against the module's target

def _in_module(target: str, op: str = "nvvm.wgmma.fence.aligned") -> str:
    return (f"gpu.module @m [{target}] {{\n  llvm.func @k() {{\n    {op}\n    llvm.return\n  }}\n}}\n")


@pytest.mark.parametrize("target, expected", [
    ('#nvvm.target<chip = "sm_80">', "'nvvm.wgmma.fence.aligned' op is not supported on sm_80"),
    ('#nvvm.target<chip = "sm_90">', "'nvvm.wgmma.fence.aligned' op is not supported on sm_90"),
    ('#nvvm.target<chip = "sm_90a">', None),
    ('#nvvm.target<chip = "sm_80", verifyTarget = false>', None),
    ('#nvvm.target<O = 3, chip = "sm_80">', "'nvvm.wgmma.fence.aligned' op is not supported on sm_80"),
])
def test_an_nvvm_op_is_checked_against_the_target_of_its_gpu_module(target, expected):
    assert _errors(_in_module(target)) == ([("nvvm.wgmma.fence.aligned", expected)] if expected else [])


def test_an_nvvm_op_outside_a_gpu_module_with_a_target_is_not_checked():
    assert _errors("llvm.func @k() {\n  nvvm.wgmma.fence.aligned\n  llvm.return\n}\n") == []
    assert _errors("gpu.module @m {\n  llvm.func @k() {\n    nvvm.wgmma.fence.aligned\n    llvm.return\n  }\n}\n") == []


def test_editing_the_modules_chip_updates_its_ops_as_a_fresh_analysis_does():
    text = _in_module('#nvvm.target<chip = "sm_90a">') + _in_module('#nvvm.target<chip = "sm_90a">').replace("@m", "@n")
    a = DocumentAnalysis("file:///x.mlir", text)
    assert _norm(a) == []
    steps = [('"sm_90a">] {\n  llvm.func @k() {\n    nvvm.wgmma.fence.aligned\n    llvm.return\n  }\n}\ngpu', '"sm_80">] {\n  llvm.func @k() {\n    nvvm.wgmma.fence.aligned\n    llvm.return\n  }\n}\ngpu'),
             ('@n [#nvvm.target<chip = "sm_90a">]', '@n [#nvvm.target<chip = "sm_70">]'),
             ('"sm_80">', '"sm_90a">'),
             ('@n [#nvvm.target<chip = "sm_70">]', '@n [#nvvm.target<chip = "sm_90a">]')]
    counts = []
    for version, (old, new) in enumerate(steps, 1):
        _replace(a, old, new, version)
        assert _norm(a) == _norm(DocumentAnalysis("file:///y.mlir", a.document.text)), (version, a.document.text)
        counts.append(len(_norm(a)))
    assert counts == [1, 2, 1, 0]
