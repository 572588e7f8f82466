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


def test_a_callees_types_written_through_aliases_are_read_as_they_stand_for():
    # mlir-opt 22 on the same text: the expected type is what the alias stands for.
    text = ("!t = f32\n!m = memref<3x!t>\nfunc.func private @f(!t) -> !t\n"
            'memref.global "private" @gv : !m\n'
            "func.func @g(%c: i32) {\n  %0 = call @f(%c) : (i32) -> f32\n"
            "  %1 = memref.get_global @gv : memref<3xi32>\n  return\n}\n")
    assert _errors(text) == [
        ("call", "'func.call' op operand type mismatch: expected operand type 'f32', but provided 'i32' for operand number 0"),
        ("memref.get_global", "'memref.get_global' op result type 'memref<3xi32>' does not match type "
                              "'memref<3xf32>' of the global memref @gv")]
    # An alias no statement defines: its own error, and no comparison through it.
    undefined = "func.func private @f(!u) -> f32\nfunc.func @g(%c: i32) {\n  %0 = call @f(%c) : (i32) -> f32\n  return\n}\n"
    assert _errors(undefined) == [("!u", "undefined symbol alias id 'u'")]


def test_editing_an_alias_a_callee_uses_updates_its_callers_as_a_fresh_analysis_does():
    text = "!t = f32\nfunc.func private @f(!t) -> !t\nfunc.func @g(%c: i32) {\n  %0 = call @f(%c) : (i32) -> i32\n  return\n}\n"
    a = DocumentAnalysis("file:///x.mlir", text)
    assert len(a.diagnostics()) == 1
    _replace(a, "!t = f32", "!t = i32", 2)
    assert _norm(a) == _norm(DocumentAnalysis("file:///fresh.mlir", a.document.text)) == []
    _replace(a, "!t = i32", "!t = i64", 3)
    assert _norm(a) == _norm(DocumentAnalysis("file:///fresh.mlir", a.document.text)) != []


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


@pytest.mark.parametrize("constant, at", [('%c = constant "" : index', '""'), ("%c = func.constant true : index", "true")])
def test_func_constant_names_a_symbol_as_its_format_parses_it(constant, at):
    # `$value` is parsed as a FlatSymbolRefAttr: another kind of attribute fails there.
    assert _errors(_calling(constant)) == [(at, "custom op 'func.constant' invalid kind of attribute specified")]


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


# ------------------------------------------------------------------ llvm.call, llvm.return, memref.get_global

LLVM_CALLEE = "llvm.func @h(i32, f32) -> i32\n"


def _llvm_calling(call: str, callee: str = LLVM_CALLEE) -> str:
    return callee + "llvm.func @g(%x: i32, %y: f32, %p: !llvm.ptr) {\n  " + call + "\n  llvm.return\n}\n"


@pytest.mark.parametrize("call, expected", [
    ("%0 = llvm.call @h(%x, %y) : (i32, f32) -> i32", None),
    ("%0 = llvm.call @h(%x, %y) : (i32 {llvm.noundef}, f32) -> (i32 {llvm.signext})", None),
    ("%0 = llvm.call @nope(%x) : (i32) -> i32", "'llvm.call' op 'nope' does not reference a symbol in the current scope"),
    ("%0 = llvm.call @h(%x) : (i32) -> i32", "'llvm.call' op incorrect number of operands (1) for callee (expecting: 2)"),
    ("%0 = llvm.call @h(%y, %y) : (f32, f32) -> i32", "'llvm.call' op operand type mismatch for operand 0: 'f32' != 'i32'"),
    ("llvm.call @h(%x, %y) : (i32, f32) -> ()", "'llvm.call' op expected function call to produce a value"),
    ("%0 = llvm.call @h(%x, %y) : (i32, f32) -> f32", "'llvm.call' op result type mismatch: 'f32' != 'i32'"),
    ('%0 = "llvm.call"(%x, %x) <{callee = @h, operandSegmentSizes = array<i32: 2, 0>, op_bundle_sizes = array<i32>}> '
     ": (i32, i32) -> i32", "'llvm.call' op operand type mismatch for operand 1: 'i32' != 'f32'"),
])
def test_an_llvm_call_against_its_callee(call, expected):
    name = '"llvm.call"' if '"llvm.call"' in call else "llvm.call"
    assert _errors(_llvm_calling(call)) == ([(name, expected)] if expected else [])


@pytest.mark.parametrize("callee, call, expected", [
    ("func.func private @h(i32)\n", "llvm.call @h(%x) : (i32) -> ()",
     "'llvm.call' op 'h' does not reference a valid LLVM function or IFunc"),
    ("llvm.mlir.global internal @h(0 : i32) : i32\n", "llvm.call @h(%x) : (i32) -> ()",
     "'llvm.call' op 'h' does not reference a valid LLVM function or IFunc"),
    ("llvm.func @h()\n", "%0 = llvm.call @h() : () -> i32",
     "'llvm.call' op calling function with void result must not produce values"),
    ("llvm.func @h(i32, ...)\n", "llvm.call @h(%x) : (i32) -> ()", "'llvm.call' op missing var_callee_type attribute for vararg call"),
    ("llvm.func @h(i32, ...)\n", "llvm.call @h(%x, %y) vararg(!llvm.func<void (i32, ...)>) : (i32, f32) -> ()", None),
    # a DSL kernel is a symbol of the table too, and no LLVM function
    ("cuda.kernel @h(%a: i32) attributes {gpu.kernel} {\n}\n", "llvm.call @h(%x) : (i32) -> ()",
     "'llvm.call' op 'h' does not reference a valid LLVM function or IFunc"),
    # func.call finds a func.func only
    ("llvm.func @h(i32)\n", "func.call @h(%x) : (i32) -> ()", "'func.call' op 'h' does not reference a valid function"),
])
def test_what_an_llvm_call_finds_under_its_callees_name(callee, call, expected):
    name = "func.call" if "func.call" in call else "llvm.call"
    assert _errors(_llvm_calling(call, callee)) == ([(name, expected)] if expected else [])


@pytest.mark.parametrize("call, expected", [
    ("llvm.call %p(%x) : (i32) -> ()", "custom op 'llvm.call' expected indirect call to have 2 trailing types"),
    ("%0:2 = llvm.call %p() : !llvm.ptr, () -> (i32, f32)", "custom op 'llvm.call' expected function with 0 or 1 result"),
    ("%0 = llvm.call %p() : !llvm.ptr, () -> !llvm.void", "custom op 'llvm.call' expected a non-void result type"),
    ("llvm.call @h(%x, %y) : !llvm.ptr, (i32, f32) -> i32", "custom op 'llvm.call' expected direct call to have 1 trailing types"),
    ("llvm.call %p(%x) : !llvm.ptr, !llvm.func<i8 (i8)>", "custom op 'llvm.call' expected trailing function type"),
])
def test_what_the_llvm_call_parser_refuses_after_its_colon(call, expected):
    assert _errors(_llvm_calling(call)) == [(":", expected)]


def test_an_indirect_call_through_a_value_that_is_no_pointer():
    text = "llvm.func @g(%f: !llvm.func<i8 (i8)>, %a: i8) {\n  %0 = llvm.call %f(%a) : !llvm.func<i8 (i8)>, (i8) -> i8\n  llvm.return\n}\n"
    assert _errors(text) == [("llvm.call", "'llvm.call' op indirect call expects a pointer as callee: '!llvm.func<i8 (i8)>'")]


@pytest.mark.parametrize("function, ret, expected", [
    ("@f(%a: i32)", "llvm.return %a : i32", "'llvm.return' op expected no operands"),
    ("@f(%a: i32) -> i32", "llvm.return", "'llvm.return' op expected 1 operand"),
    ("@f(%a: f32) -> i32", "llvm.return %a : f32", "'llvm.return' op mismatching result types"),
    ("@f(%a: i32) -> i32", "llvm.return %a : i32", None),
    ("@f(%a: i32)", "llvm.return", None),
])
def test_llvm_return_against_its_function_with_a_note_there(function, ret, expected):
    text = f"llvm.func {function} {{\n  {ret}\n}}\n"
    diagnostics = DocumentAnalysis("file:///x.mlir", text).diagnostics()
    if expected is None:
        assert diagnostics == []
        return
    [d] = diagnostics
    assert (text[d.span.start:d.span.end], d.message) == ("llvm.return", expected)
    assert [(text[r.span.start:r.span.end], r.message) for r in d.related] == [("llvm.func", "when returning from function")]


@pytest.mark.parametrize("use, expected", [
    ("%0 = memref.get_global @gv : memref<3xi32>", None),
    ("%0 = memref.get_global @gv : memref<3xf32>",
     "'memref.get_global' op result type 'memref<3xf32>' does not match type 'memref<3xi32>' of the global memref @gv"),
    ("%0 = memref.get_global @nope : memref<3xi32>", "'memref.get_global' op 'nope' does not reference a valid global memref"),
    ("%0 = memref.get_global @f : memref<3xi32>", "'memref.get_global' op 'f' does not reference a valid global memref"),
])
def test_memref_get_global_against_the_global_it_names(use, expected):
    text = ('memref.global "private" @gv : memref<3xi32> = dense<0>\nfunc.func private @f()\n'
            f"func.func @g() {{\n  {use}\n  return\n}}\n")
    assert _errors(text) == ([("memref.get_global", expected)] if expected else [])


def test_editing_an_llvm_callee_or_a_global_updates_its_users_as_a_fresh_analysis_does():
    text = ("module {\n  llvm.func @h(i32) -> i32\n  memref.global @gv : memref<2xf32>\n"
            "  llvm.func @g(%x: i32) -> i32 {\n    %0 = llvm.call @h(%x) : (i32) -> i32\n"
            "    %1 = memref.get_global @gv : memref<2xf32>\n    llvm.return %0 : i32\n  }\n}\n")
    a = DocumentAnalysis("file:///x.mlir", text)
    assert _norm(a) == []
    steps = [("@h(i32) -> i32", "@h(i64) -> i32"), ("@gv : memref<2xf32>\n", "@gv : memref<4xf32>\n"),
             ("llvm.func @h(i64)", "func.func private @h(i64)"), ("func.func private @h(i64)", "llvm.func @h(i32)"),
             ("@gv : memref<4xf32>\n", "@gv : memref<2xf32>\n")]
    counts = []
    for version, (old, new) in enumerate(steps, 1):
        _replace(a, old, new, version)
        assert _norm(a) == _norm(DocumentAnalysis("file:///y.mlir", a.document.text)), (version, a.document.text)
        counts.append(len(_norm(a)))
    assert counts == [1, 2, 2, 1, 0]


def test_editing_a_globals_address_space_updates_its_addressof_as_a_fresh_analysis_does():
    text = ("llvm.mlir.global external @x(42 : i32) : i32\n"
            "llvm.func @f() -> !llvm.ptr<4> {\n  %0 = llvm.mlir.addressof @x : !llvm.ptr<4>\n  llvm.return %0 : !llvm.ptr<4>\n}\n")
    a = DocumentAnalysis("file:///x.mlir", text)
    counts = [len(_norm(a))]
    steps = [("@x(42 : i32) : i32", "@x(42 : i32) {addr_space = 4 : i32} : i32"),
             ("addr_space = 4 : i32", "addr_space = 3 : i32")]
    for version, (old, new) in enumerate(steps, 1):
        _replace(a, old, new, version)
        assert _norm(a) == _norm(DocumentAnalysis("file:///y.mlir", a.document.text)), (version, a.document.text)
        counts.append(len(_norm(a)))
    assert counts == [1, 0, 1]


def test_editing_an_aliass_target_updates_its_ifunc_as_a_fresh_analysis_does():
    text = ("llvm.mlir.global external @r() : !llvm.ptr\nllvm.func @f() -> !llvm.ptr\n"
            "llvm.mlir.alias external @a : !llvm.ptr {\n  %0 = llvm.mlir.addressof @r : !llvm.ptr\n  llvm.return %0 : !llvm.ptr\n}\n"
            "llvm.mlir.ifunc external @i : !llvm.func<void ()>, !llvm.ptr @a\n")
    a = DocumentAnalysis("file:///x.mlir", text)
    counts = [len(_norm(a))]
    steps = [("addressof @r", "addressof @f"), ("llvm.func @f() -> !llvm.ptr\n", "llvm.func @f() -> !llvm.ptr {\n"
             "  %0 = llvm.mlir.zero : !llvm.ptr\n  llvm.return %0 : !llvm.ptr\n}\n"), ("addressof @f", "addressof @r")]
    for version, (old, new) in enumerate(steps, 1):
        _replace(a, old, new, version)
        assert _norm(a) == _norm(DocumentAnalysis("file:///y.mlir", a.document.text)), (version, a.document.text)
        counts.append(len(_norm(a)))
    assert counts == [1, 1, 0, 1]


# ------------------------------------------------------------------ gpu.launch_func

def _launching(kernels: str, launch: str = "args(%a : f32)", attributes: str = " attributes {gpu.container_module}") -> str:
    return (f"module{attributes} {{\n{kernels}"
            "  func.func @host(%sz: index, %a: f32) {\n"
            f"    gpu.launch_func @kernels::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) {launch}\n"
            "    return\n  }\n}\n")


KERNELS = "  gpu.module @kernels {\n    gpu.func @k(%x: f32) kernel {\n      gpu.return\n    }\n  }\n"


@pytest.mark.parametrize("kernels, launch, expected", [
    (KERNELS, "args(%a : f32)", None),
    ("", "args(%a : f32)", "kernel container 'kernels' is undefined"),
    ("  module @kernels {\n  }\n", "args(%a : f32)", "kernel module 'kernels' is undefined"),
    ("  gpu.module @kernels {\n  }\n", "args(%a : f32)", "kernel function '@kernels::@k' is undefined"),
    ('  gpu.module @kernels {\n    memref.global "private" @k : memref<4xi32>\n  }\n', "args(%a : f32)",
     "referenced kernel '@kernels::@k' is not a function"),
    (KERNELS.replace(" kernel {", " {"), "args(%a : f32)", "kernel function is missing the 'gpu.kernel' attribute"),
    (KERNELS, "args(%a : f32, %a : f32)", "got 2 kernel operands but expected 1"),
    (KERNELS, "args(%sz : index)", "type of function argument 0 does not match"),
    ("  gpu.module @kernels {\n    llvm.func @k(%x: f32) attributes {gpu.kernel} {\n      llvm.return\n    }\n  }\n",
     "args(%a : f32, %a : f32)", None),
])
def test_a_launch_against_the_kernel_it_names(kernels, launch, expected):
    errors = _errors(_launching(kernels, launch))
    assert errors == ([("gpu.launch_func", f"'gpu.launch_func' op {expected}")] if expected else [])


def test_a_launch_needs_a_gpu_container_module_around_it():
    expected = "'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute"
    assert _errors(_launching(KERNELS, attributes="")) == [("gpu.launch_func", expected)]
    top = KERNELS + "func.func @host(%sz: index) {\n  gpu.launch_func @kernels::@k blocks in (%sz, %sz, %sz) " \
        "threads in (%sz, %sz, %sz)\n  return\n}\n"
    assert _errors(top) == [("gpu.launch_func", expected)]


def test_an_attribute_in_a_launchs_argument_list_is_refused_where_it_stands():
    text = _launching(KERNELS, "args(%a : f32 {foo})")
    assert _errors(text) == [("{", "expected ')' in argument list")]


def test_editing_a_kernel_or_its_module_updates_the_launch_as_a_fresh_analysis_does():
    a = DocumentAnalysis("file:///x.mlir", _launching(KERNELS))
    assert _norm(a) == []
    steps = [("@k(%x: f32) kernel", "@k(%x: f32, %y: f32) kernel"), ("%y: f32) kernel", "%y: f32)"),
             ("gpu.func @k(%x: f32, %y: f32)", "gpu.func @k(%x: f32) kernel"), ("gpu.module @kernels", "gpu.module @other"),
             ("gpu.module @other", "gpu.module @kernels"), (" attributes {gpu.container_module}", "")]
    counts = []
    for version, (old, new) in enumerate(steps, 1):
        _replace(a, old, new, version)
        assert _norm(a) == _norm(DocumentAnalysis("file:///y.mlir", a.document.text)), (version, a.document.text)
        counts.append(len(_norm(a)))
    assert counts == [1, 1, 0, 1, 0, 1]


def test_editing_a_kernel_its_module_or_next_to_its_header_in_a_broken_file_updates_the_launch():
    """The same with a `{` left open after the module: each edit scans the pieces again, and
    the launch is asked again when a container's shell among them was made, unmade or moved,
    or the kernel's function changed, as a fresh analysis says."""
    a = DocumentAnalysis("file:///x.mlir", _launching(KERNELS) + "func.func @open() {\n  %c = arith.constant 1 : i32\n")
    steps = [("      gpu.return", "      %z = arith.constant 2 : i32\n      gpu.return"), ("%z = arith", "%zz = arith"),
             ("@k(%x: f32) kernel", "@k(%x: f32, %y: f32) kernel"), ("%y: f32) kernel", "%y: f32)"),
             ("gpu.func @k(%x: f32, %y: f32)", "gpu.func @k(%x: f32) kernel"), ("gpu.module @kernels", "gpu.module @other"),
             ("gpu.module @other", "gpu.module @kernels"), ("    }\n  }\n  func.func @host", "    }\n  func.func @host"),
             ("    }\n  func.func @host", "    }\n  }\n  func.func @host"), (" attributes {gpu.container_module}", "")]
    for version, (old, new) in enumerate(steps, 1):
        _replace(a, old, new, version)
        assert _norm(a) == _norm(DocumentAnalysis("file:///y.mlir", a.document.text)), (version, a.document.text)
