"""SSA well-formedness (server/cute_ir/ir/ssa.py): exact ranges, notes, the forms that bind
values, graph regions, deep nesting, and incremental results equal to fresh ones. The messages
themselves are covered by tests/corpus/verify/ssa.ir."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis
from cute_ir.text.positions import Position

from tests.mlir_oracle import errors_at, first_mlir_error, needs_mlir_opt


def ssa(text: str) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(code, text under the range, [(text under the note, note)]) of each SSA diagnostic."""
    analysis = DocumentAnalysis("file:///ssa.ir", text)
    data = text.encode()

    def under(span) -> str:
        return data[span.start:span.end].decode()

    return [(d.code, under(d.span), [(under(r.span), r.message) for r in d.related])
            for d in analysis.diagnostics() if d.code.startswith("ssa.")]


def test_ranges_are_the_tokens_at_fault():
    text = """func.func @f(%i: i32) {
  %a, %b = arith.addi %i, %undefined : i32
  %c = "t.op"(%late) : (i32) -> i32
  %late = "t.op"() : () -> i32
  %c = "t.op"(%c#4) : (i32) -> i32
  cf.br ^nowhere
}
"""
    assert ssa(text) == [
        ("ssa.result-count", "%a, %b", []),
        ("ssa.undeclared-value", "%undefined", []),
        ("ssa.does-not-dominate", "%late", [("\"t.op\"", "operand defined here (op in the same block)")]),
        ("ssa.redefinition", "%c", [("%c", "previously defined here")]),
        ("ssa.invalid-result-number", "%c#4", []),
        ("ssa.undefined-block", "^nowhere", []),
    ]


def test_forms_that_bind_values_for_their_region():
    text = """func.func @f(%lb: index, %ub: index, %n: index, %init: f32, %m: memref<4xf32>) {
  %r = scf.for %iv = %lb to %ub step %n iter_args(%acc = %init) -> (f32) {
    scf.yield %acc : f32
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%n) {
    "t.use"(%i) : (index) -> ()
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) {
    "t.use"(%bx, %tz, %gx, %sz) : (index, index, index, index) -> ()
    gpu.terminator
  }
  %g = "t.r"() ({
  ^bb0(%x: f32, %y: f32):
    "t.yield"(%x) : (f32) -> ()
  }) : () -> f32
  return
}
gpu.module @kernels {
  gpu.func @k(%a: f32) workgroup(%w : memref<32xf32, 3>) kernel {
    "t.use"(%a, %w) : (f32, memref<32xf32, 3>) -> ()
    gpu.return
  }
}
"""
    assert ssa(text) == []


def test_bound_values_are_not_visible_after_the_op():
    text = """func.func @f(%lb: index) {
  scf.for %iv = %lb to %lb step %lb {
  }
  "t.use"(%iv) : (index) -> ()
  return
}
"""
    assert ssa(text) == [("ssa.undeclared-value", "%iv", [])]


def test_a_name_may_be_reused_after_its_region_closes():
    text = """func.func @a() {
  %x = "t.op"() : () -> i32
  return
}
func.func @b() {
  "t.r"() ({
    %y = "t.op"() : () -> i32
  }) : () -> ()
  %y = "t.op"() : () -> i32
  %x = "t.op"() : () -> i32
  return
}
"""
    assert ssa(text) == []


def test_module_statements_are_a_graph_region_and_other_statements_are_not_guessed():
    # The module body is a graph region; a top-level use may name another statement's value.
    text = """module {
  "t.use"(%v) : (i32) -> ()
  %v = "t.op"() : () -> i32
  "t.use"(%elsewhere) : (i32) -> ()
}
"""
    assert ssa(text) == []


def test_isolated_op_sees_no_outer_value_and_notes_the_isolated_op():
    text = """"t.wrap"() ({
  %outer = "t.op"() : () -> i32
  func.func @inner() {
    "t.use"(%outer) : (i32) -> ()
    return
  }
}) : () -> ()
"""
    assert ssa(text) == [("ssa.outside-isolated-region", "%outer",
                          [("func.func", "required by region isolation constraints")])]


def test_an_isolated_op_may_define_the_names_of_the_values_around_it():
    # MLIR's parser starts an isolated region with no names: the inner `%arg0` is a new value,
    # a second one inside is a redefinition, and the outer one is visible again after.
    text = """func.func @outer(%arg0: i32) {
  func.func @inner(%arg0: i32) {
    %arg0 = arith.constant 1 : i32
    return
  }
  %x = arith.addi %arg0, %arg0 : i32
  return
}
"""
    assert ssa(text) == [("ssa.redefinition", "%arg0", [("%arg0", "previously defined here")])]
    inner = text.index("%arg0", text.index("@inner"))
    redefined = text.index("%arg0 =")
    [diagnostic] = [d for d in DocumentAnalysis("file:///ssa.ir", text).diagnostics() if d.code.startswith("ssa.")]
    assert (diagnostic.span.start, diagnostic.related[0].span.start) == (redefined, inner)


def test_unreachable_blocks_are_not_checked_for_dominance():
    text = """func.func @f() {
  return
^dead:
  "t.use"(%later) : (i32) -> ()
  %later = "t.op"() : () -> i32
  return
}
"""
    assert ssa(text) == []


def test_a_unit_with_a_syntax_error_is_left_alone():
    assert ssa("func.func @f() {\n  %x = \"t.op\"(%y) : (i32) -> \n  return\n}\n") == []


def test_a_binding_outside_every_op_is_checked_without_an_exception():
    # Typed into an alias's location (the edit fuzzer's find): `%x =` binds nothing there.
    # The check once raised on it, and the unit lost its SSA diagnostics.
    from cute_ir.ir.ssa import check_ssa
    from cute_ir.syntax import parse
    root = parse(b"#a = loc(%x = f(%y))\n").root
    assert check_ssa(list(root.named_children)) == []


def test_deep_nesting_needs_no_recursion():
    depth = 3000
    text = ("func.func @f() {\n  %v = \"t.op\"() : () -> i32\n" + "\"t.r\"() ({\n" * depth
            + "\"t.use\"(%v, %nothing) : (i32, i32) -> ()\n" + "}) : () -> ()\n" * depth + "  return\n}\n")
    assert ssa(text) == [("ssa.undeclared-value", "%nothing", [])]


def test_incremental_result_equals_a_fresh_one():
    text = """func.func @a(%i: i32) {
  %x = arith.addi %i, %i : i32
  return
}
func.func @b(%i: i32) {
  %y = arith.addi %i, %i : i32
  return
}
"""
    analysis = DocumentAnalysis("file:///ssa.ir", text)
    line = text.splitlines()[5]
    column = line.index("%i, %i")
    # Typing in @b: a use of a value @b does not define, then a second %y.
    analysis.update([(Position(5, column), Position(5, column + 2), "%x")], 2)
    analysis.update([(Position(6, 2), Position(6, 2), "%y = arith.addi %i, %i : i32\n  ")], 3)
    fresh = analysis.reanalysed()
    assert analysis.diagnostics() == fresh.diagnostics()
    assert sorted(d.code for d in analysis.diagnostics()) == ["ssa.redefinition", "ssa.undeclared-value"]


def test_deferred_units_get_their_ssa_diagnostics_later():
    body = "".join(f"func.func @f{i}() {{\n  \"t.use\"(%u{i}) : (i32) -> ()\n  return\n}}\n" for i in range(400))
    analysis = DocumentAnalysis("file:///ssa.ir", body, verify_budget=0.0)
    assert analysis.verification_owed
    while analysis.verify_pending(0.01):
        pass
    assert len([d for d in analysis.diagnostics() if d.code == "ssa.undeclared-value"]) == 400
    assert analysis.diagnostics() == analysis.reanalysed().diagnostics()


def test_a_use_typed_against_its_definition_is_reported_at_the_use():
    """MLIR's parser resolves a typed use against the value's type: the error sits on the use,
    the note on the definition; one per op (the parser stops at the first). A type written
    through an alias is compared as what it stands for, and printed so (as mlir-opt 22 does)."""
    text = """!alias = !t.opaque
func.func @f(%a: i32, %s: !alias) {
  %m = arith.muli %a, %a : i64
  %same = arith.addi %a, %a : i32
  %spaced:2 = "t.p"() : () -> (memref<4 x f32>, i32)
  "t.u"(%spaced#0, %s) : (memref<4xf32>, i64) -> ()
  return
}
"""
    assert ssa(text) == [
        ("ssa.type-mismatch", "%a", [("%a", "prior use here")]),
        ("ssa.type-mismatch", "%s", [("%s", "prior use here")]),
    ]
    assert [d.message for d in DocumentAnalysis("file:///t.ir", text).diagnostics()] == [
        "use of value '%a' expects different type than prior uses: 'i64' vs 'i32'",
        "use of value '%s' expects different type than prior uses: 'i64' vs '!t.opaque'"]


def test_a_cute_dsl_kernel_is_isolated_from_above():
    """cuda.kernel takes everything through its arguments: its body's names are all its own."""
    text = """%outer = "t.def"() : () -> i32
gpu.module @kernels {
  cuda.kernel @k(%arg0: i32) {
    %0 = arith.addi %arg0, %arg1899 : i32
  }
}
"""
    assert ssa(text) == [("ssa.undeclared-value", "%arg1899", [])]


def test_regions_of_unregistered_ops_are_graph_regions_when_single_block():
    # Dominance.cpp: an unregistered op's single-block region has no SSA dominance (MLIR
    # cannot know its region kind), as `test.graph_region` of upstream's IR/parser.mlir;
    # a region of several blocks always has it.
    text = """func.func @f() {
  "unregistered"() ({
    %1 = "foo"(%1, %2) : (i64, i64) -> i64
    %2 = "bar"(%1) : (i64) -> i64
    "unregistered_terminator"() : () -> ()
  }) : () -> ()
  test.graph_region {
    %3:3 = "bar"(%4) : (i64) -> (i1, i1, i1)
    %4 = "baz"(%3#0) : (i1) -> (i64)
  }
  "unregistered"() ({
  ^bb0:
    %5 = "foo"(%6) : (i64) -> i64
    "t.br"()[^bb1] : () -> ()
  ^bb1:
    %6 = "bar"() : () -> i64
    "unregistered_terminator"() : () -> ()
  }) : () -> ()
  return
}
"""
    # as mlir-opt 22 --allow-unregistered-dialect reports it
    assert ssa(text) == [("ssa.does-not-dominate", "%6",
                          [('"bar"', "operand defined here (op in the same region)")])]


def test_a_known_dialect_keeps_ssa_dominance():
    # scf.execute_region is registered: its body is an SSA region.
    text = """func.func @f() {
  scf.execute_region {
    %1 = arith.addi %2, %2 : i32
    %2 = arith.constant 1 : i32
    scf.yield
  }
  return
}
"""
    assert [(code, under) for code, under, _ in ssa(text)] == [
        ("ssa.does-not-dominate", "%2"), ("ssa.does-not-dominate", "%2")]


def test_names_an_unknown_custom_format_binds_for_its_region():
    # `test.polyfor %i, %j, %k {` (IR/parser.mlir): a format cute-ir does not know; names its
    # header uses before any definition are taken as bound for its region. A location between
    # a bound name and its `=` (`affine.for %i loc("iv") = 0 to 8`) still binds it.
    text = """func.func @f(%n: index) {
  test.polyfor %i, %j, %n {
    "foo"(%i, %j) : (index, index) -> ()
  }
  affine.for %i0 loc("IVlocation") = 0 to 8 {
    "foo"(%i0) : (index) -> ()
  }
  "foo"(%i) : (index) -> ()
  return
}
"""
    assert ssa(text) == [("ssa.undeclared-value", "%i", [])]


def test_a_region_entry_argument_already_in_use_is_the_bound_name():
    text = """func.func @f(%n: index) {
  scf.for %i = %n to %n step %n {
    scf.for %i = %n to %n step %n {
    }
  }
  return
}
"""
    assert ssa(text) == [("ssa.redefinition", "%i", [("%i", "previously referenced here")])]
    [diagnostic] = [d for d in DocumentAnalysis("file:///ssa.ir", text).diagnostics() if d.code.startswith("ssa.")]
    assert diagnostic.message == "region entry argument '%i' is already in use"
    assert (diagnostic.span.start, diagnostic.related[0].span.start) == (text.index("%i", 40), text.index("%i"))


# A header operand defined only inside the op's own regions: where the op's parser resolves
# it after reading its regions (the generic form, a declarative format, `scf.for`, the `init`
# operands of `scf.parallel`), the name is gone by then and undeclared at the use; where it
# resolves it before (the other C++ parsers), the definition inside takes the placeholder and
# the verifier finds the op's operand unlinked, at the op. (line, column, message) as
# mlir-opt 22 prints its first error.
_OWN_REGION_CASES = [
    ("""func.func @f(%lb: index) {
  %c1 = arith.constant 1 : index
  scf.for %iv = %lb to %ub step %c1 {
    %ub = arith.constant 4 : index
  }
  return
}
""", (3, 24, "use of undeclared SSA value name")),
    ("""func.func @f(%lb: index) {
  %c1 = arith.constant 1 : index
  scf.for %iv = %lb to %iv step %c1 {
  }
  return
}
""", (3, 24, "use of undeclared SSA value name")),
    ("""func.func @f(%lb: index) -> f32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %iv = %lb to %lb step %c1 iter_args(%a = %z) -> (f32) {
    %z = arith.constant 0.0 : f32
    scf.yield %a : f32
  }
  return %r : f32
}
""", (3, 57, "use of undeclared SSA value name")),
    ("""func.func @f(%lb: index) {
  "scf.for"(%lb, %ub, %lb) ({
  ^bb0(%i: index):
    %ub = arith.constant 4 : index
    scf.yield
  }) : (index, index, index) -> ()
  return
}
""", (2, 18, "use of undeclared SSA value name")),
    ("""func.func @f() {
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %n = arith.constant 4 : index
    %e = arith.constant 0.0 : f32
    tensor.yield %e : f32
  } : tensor<?xf32>
  return
}
""", (2, 24, "use of undeclared SSA value name")),
    ("""func.func @f(%lb: index) -> f32 {
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%c1) init (%z) -> f32 {
    %z = arith.constant 0.0 : f32
    scf.reduce(%z : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }
  return %r : f32
}
""", (3, 60, "use of undeclared SSA value name")),
    ("""func.func @f(%lb: index) {
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%lb) to (%ub) step (%c1) {
    %ub = arith.constant 4 : index
    scf.reduce
  }
  return
}
""", (3, 3, "operation's operand is unlinked")),
    ("""func.func @f() -> i32 {
  %r = scf.while (%a = %init) : (i32) -> (i32) {
    %init = arith.constant 0 : i32
    %c = arith.constant true
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%x: i32):
    scf.yield %x : i32
  }
  return %r : i32
}
""", (2, 8, "operation's operand is unlinked")),
    ("""func.func @f() {
  scf.if %c {
    %c = arith.constant true
  }
  return
}
""", (2, 3, "operation's operand is unlinked")),
    ("""func.func @f() {
  affine.for %i = 0 to %n {
    %n = arith.constant 4 : index
  }
  return
}
""", (2, 3, "operation's operand is unlinked")),
    ("""func.func @f(%m: memref<4xf32>) {
  %x = memref.generic_atomic_rmw %m[%j] : memref<4xf32> {
  ^bb0(%cur: f32):
    %j = arith.constant 1 : index
    memref.atomic_yield %cur : f32
  }
  return
}
""", (2, 8, "operation's operand is unlinked")),
    ("""func.func @f() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %n = arith.constant 4 : index
    gpu.terminator
  }
  return
}
""", (3, 3, "operation's operand is unlinked")),
]


def test_a_header_operand_defined_in_its_own_region_is_judged_by_when_the_parser_resolves_it():
    for text, first in _OWN_REGION_CASES:
        assert errors_at(text) == [first], text


@needs_mlir_opt
def test_a_header_operand_defined_in_its_own_region_as_mlir_opt_judges_it():
    for text, first in _OWN_REGION_CASES:
        assert first_mlir_error(text) == first, text


def test_a_header_operand_defined_after_the_op_resolves_to_that_definition():
    # `scf.for` resolves its bounds after its body: the `%ub` inside is gone, the one after the
    # loop takes the name and does not dominate the loop.
    text = """func.func @f(%lb: index) {
  %c1 = arith.constant 1 : index
  scf.for %iv = %lb to %ub step %c1 {
    %ub = arith.constant 4 : index
  }
  %ub = arith.constant 4 : index
  return
}
"""
    assert ssa(text) == [("ssa.does-not-dominate", "%ub", [("arith.constant", "operand defined here (op in the same block)")])]


# A unit MLIR's parser refuses is not verified: after a use typed against its definition (or an
# undeclared value), the verifier's consequences of the type the parser gave the op are not
# reported. (line, column, message) of every error, as mlir-opt 22 prints its first.
_PARSE_STOPS_CASES = [
    ("""func.func private @callee(i32, f32) -> (f32, i32)
func.func @caller(%a: i32, %f: f32) -> f32 {
  %r:2 = func.call @callee(%a, %f) : (i32, i32) -> (f32, i32)
  return %r#0 : f32
}
""", [(3, 32, "use of value '%f' expects different type than prior uses: 'i32' vs 'f32'")]),
    ("""func.func @f(%m: memref<64xf32>, %i: index) -> vector<4xf32> {
  %v = vector.load %m[%i] : memref<64xf16>, vector<4xf32>
  return %v : vector<4xf32>
}
""", [(2, 20, "use of value '%m' expects different type than prior uses: 'memref<64xf16>' vs 'memref<64xf32>'")]),
    ("""func.func @f(%m: memref<64xf32>, %i: index) -> vector<4xf32> {
  %v = vector.load %m[%i] : memref<64xf32>, vector<4xf16>
  %w = arith.addf %v, %v : vector<4xf32>
  return %w : vector<4xf32>
}
""", [(3, 19, "use of value '%v' expects different type than prior uses: 'vector<4xf32>' vs 'vector<4xf16>'")]),
]


def test_a_unit_the_parser_refuses_is_not_verified():
    for text, errors in _PARSE_STOPS_CASES:
        assert errors_at(text) == errors, text


@needs_mlir_opt
def test_a_unit_the_parser_refuses_is_not_verified_as_mlir_opt_says():
    for text, errors in _PARSE_STOPS_CASES:
        assert first_mlir_error(text) == errors[0], text
