"""func.func's parser and verifier beyond its signature's types, and SymbolOpInterface's
verifier, in MLIR's words at MLIR's place (each case checked against mlir-opt 22): the
attributes the custom form infers written in its `attributes` dictionary, `arg_attrs` /
`res_attrs` against the signature, a symbol nested under an op that is no symbol table."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis


def _errors(text: str) -> list[tuple[str, str]]:
    a = DocumentAnalysis("file:///x.mlir", text)
    return [(text[d.span.start:d.span.end], d.message) for d in a.diagnostics()]


INFERRED = "is an inferred attribute and should not be specified in the explicit attribute dictionary"


@pytest.mark.parametrize("text, expected", [
    ('func.func @f() attributes { sym_visibility = "private" }\n',
     [("attributes", f"custom op 'func.func' 'sym_visibility' {INFERRED}")]),
    ('func.func private @f() attributes { sym_name = "x" } {\n  return\n}\n',
     [("attributes", f"custom op 'func.func' 'sym_name' {INFERRED}")]),
    ('func.func private @f() attributes { function_type = "x" }\n',
     [("attributes", f"custom op 'func.func' 'function_type' {INFERRED}")]),
    ("func.func private @f() attributes { arg_attrs = [{}] }\n",
     [("func.func", "'func.func' op expects argument attribute array to have the same number of elements as the "
                    "number of function arguments, got 1, but expected 0")]),
    ("func.func private @f(i32) -> (i32, f32) attributes { res_attrs = [{}] }\n",
     [("func.func", "'func.func' op expects result attribute array to have the same number of elements as the "
                    "number of function results, got 1, but expected 2")]),
    ("func.func private @f(i32) attributes { arg_attrs = [{llvm.noalias}], llvm.emit_c_interface }\n", []),
    ("func.func private @f(i32) -> f32 attributes { res_attrs = [{}] }\n", []),
])
def test_what_func_func_refuses_in_its_attribute_dictionary(text, expected):
    assert _errors(text) == expected


def test_a_symbol_under_an_op_that_is_no_symbol_table():
    text = "func.func @outer() {\n  func.func @inner(f32) {\n    return\n  }\n  return\n}\n"
    assert _errors(text) == [("func.func", "'func.func' op symbol's parent must have the SymbolTable trait")]
    # a module without a name defines no symbol; symbols in modules are where they belong
    assert _errors("func.func @outer() {\n  builtin.module {\n  }\n  return\n}\n") == []
    assert _errors("module {\n  gpu.module @m {\n    func.func private @f()\n  }\n}\n") == []
