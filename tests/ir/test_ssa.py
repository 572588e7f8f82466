"""SSA well-formedness (server/cute_ir/ir/ssa.py): exact ranges, notes, the forms that bind
values, graph regions, deep nesting, and incremental results equal to fresh ones. The messages
themselves are covered by tests/corpus/verify/ssa.ir."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis
from cute_ir.text.positions import Position


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
