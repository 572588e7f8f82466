"""The LLVM dialect's own verifiers beyond its memory ops (dialects/llvm_checks.py), in mlir-opt
22's words for the same input: `llvm.mlir.constant`'s value against its type, `llvm.atomicrmw`,
a call's `var_callee_type`, `llvm.getelementptr`'s indices, `llvm.insertvalue` /
`llvm.extractvalue`'s position, `llvm.zext` / `llvm.sext`'s widths and shapes, `llvm.intr.sincos`'s
result, and the PredOpTraits of `llvm.intr.vector.insert` / `extract` / `interleave2`."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from tests.mlir_oracle import assert_mlir_opt_agrees, needs_mlir_opt

PRELUDE = ("llvm.func @f(%p: !llvm.ptr, %i: i32, %l: i64, %h: f16, %s: f32, %b: i1, %v: vector<3xi32>, "
           "%sv: vector<[2]xf32>, %st: !llvm.struct<(i32, f32)>, %fv: vector<16xf32>, %bv: vector<16385xi8>, "
           "%sv8: vector<[8]xf32>, %hv: vector<[2]xf16>, %nest: !llvm.struct<(struct<(i32, f32)>, i32)>, "
           "%a: !llvm.array<1 x i32>) {\n  ")

CASES = [
    # llvm.mlir.constant (ConstantOp::verify)
    ('%0 = llvm.mlir.constant("abc") : !llvm.array<4 x i8>',
     "'llvm.mlir.constant' op expected array type of 3 i8 elements for the string constant"),
    ("%0 = llvm.mlir.constant(1.0 : f32) : !llvm.struct<(f32, f32)>",
     "'llvm.mlir.constant' op expected array attribute for struct type"),
    ("%0 = llvm.mlir.constant([1.0 : f32]) : !llvm.struct<(f32, f32)>",
     "'llvm.mlir.constant' op expected array attribute of size 2"),
    ("%0 = llvm.mlir.constant([1 : i32, 2.0 : f64]) : !llvm.struct<(i32, f32)>",
     "'llvm.mlir.constant' op struct element at index 1 is of wrong type"),
    ("%0 = llvm.mlir.constant(7 : i32) : f32", "'llvm.mlir.constant' op expected integer type"),
    ("%0 = llvm.mlir.constant(1.5 : f32) : f16", "'llvm.mlir.constant' op attribute and type have different float semantics"),
    ("%0 = llvm.mlir.constant(1.5 : f32) : i16", "'llvm.mlir.constant' op expected integer type of width 32"),
    ("%0 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : vector<3xi32>",
     "'llvm.mlir.constant' op type and attribute have a different number of elements: 3 vs. 2"),
    ("%0 = llvm.mlir.constant(dense<1.0> : vector<2xf32>) : i64", "'llvm.mlir.constant' op expected vector or array type"),
    ("%0 = llvm.mlir.constant(dense<[1.0, 2.0]> : vector<2xf32>) : vector<[2]xf32>",
     "'llvm.mlir.constant' op scalable vector type requires a splat attribute"),
    ("%0 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : vector<2xf32>",
     "'llvm.mlir.constant' op expected integer element type for integer elements attribute"),
    ("%0 = llvm.mlir.constant([1 : i32]) : i32", "'llvm.mlir.constant' op expected array or struct type for array attribute"),
    ("%0 = llvm.mlir.constant([1.0, 2.0]) : !llvm.array<2 x f64>",
     "'llvm.mlir.constant' op for array with an array attribute must have a struct element type"),
    ("%0 = llvm.mlir.constant([[1 : i32]]) : !llvm.array<2 x struct<(i32)>>",
     "'llvm.mlir.constant' op array attribute size does not match array type size in dimension 0: 1 vs. 2"),
    # llvm.atomicrmw (AtomicRMWOp::verify)
    ("%0 = llvm.atomicrmw fadd %p, %i monotonic : !llvm.ptr, i32", "'llvm.atomicrmw' op expected LLVM IR floating point type"),
    ("%0 = llvm.atomicrmw fadd %p, %v monotonic : !llvm.ptr, vector<3xi32>",
     "'llvm.atomicrmw' op expected LLVM IR floating point type for vector element"),
    ("%0 = llvm.atomicrmw xchg %p, %b monotonic : !llvm.ptr, i1", "'llvm.atomicrmw' op unexpected LLVM IR type for 'xchg' bin_op"),
    ("%0 = llvm.atomicrmw max %p, %s monotonic : !llvm.ptr, f32", "'llvm.atomicrmw' op expected LLVM IR integer type"),
    # a call's var_callee_type (verifyCallOpVarCalleeType)
    ("llvm.call %p(%i) vararg(!llvm.func<void (i32)>) : !llvm.ptr, (i32) -> ()",
     "'llvm.call' op expected var_callee_type to be a variadic function type"),
    ("llvm.call %p(%i) vararg(!llvm.func<void (i32, i64, ...)>) : !llvm.ptr, (i32) -> ()",
     "'llvm.call' op expected var_callee_type to have at most 1 parameters"),
    ("llvm.call %p(%i) vararg(!llvm.func<void (i64, ...)>) : !llvm.ptr, (i32) -> ()",
     "'llvm.call' op var_callee_type parameter type mismatch: 'i64' != 'i32'"),
    ("llvm.call %p(%i) vararg(!llvm.func<i8 (i32, ...)>) : !llvm.ptr, (i32) -> ()",
     "'llvm.call' op expected var_callee_type to return void"),
    ("%0 = llvm.call %p(%i) vararg(!llvm.func<i8 (i32, ...)>) : !llvm.ptr, (i32) -> i32",
     "'llvm.call' op var_callee_type return type mismatch: 'i8' != 'i32'"),
    # llvm.getelementptr (GEPOp::verify)
    ("%0 = llvm.getelementptr %p[%i, %i] : (!llvm.ptr, i32, i32) -> !llvm.ptr, !llvm.struct<(i32)>",
     "'llvm.getelementptr' op expected index 1 indexing a struct to be constant"),
    ("%0 = llvm.getelementptr %p[%l, 1, 2] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, struct<(i32, f32)>)>",
     "'llvm.getelementptr' op index 2 indexing a struct is out of bounds"),
    ("%0 = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, f32",
     "'llvm.getelementptr' op type 'f32' cannot be indexed (index #1)"),
    ('%0 = "llvm.getelementptr"(%p) {elem_type = f32, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr) -> !llvm.ptr',
     "'llvm.getelementptr' op expected as many dynamic indices as specified in 'rawConstantIndices'"),
    ("%0 = llvm.getelementptr inbounds_flag %p[%l] : (!llvm.ptr, i64) -> !llvm.ptr, i32",
     "'llvm.getelementptr' op 'inbounds_flag' cannot be used directly."),
    # llvm.insertvalue / extractvalue (their parsers infer the value's type from the position)
    ('%0 = "llvm.extractvalue"(%st) {position = array<i64: 1>} : (!llvm.struct<(i32, f32)>) -> i32',
     "'llvm.extractvalue' op Type mismatch: extracting from '!llvm.struct<(i32, f32)>' should produce 'f32' but this "
     "op returns 'i32'"),
    ("%0 = llvm.extractvalue %st[2] : !llvm.struct<(i32, f32)>",
     "custom op 'llvm.extractvalue' position out of bounds: 2"),
    ("%0 = llvm.extractvalue %st[0, 0] : !llvm.struct<(i32, f32)>",
     "custom op 'llvm.extractvalue' expected LLVM IR structure/array type, got: 'i32'"),
    ("%0 = llvm.insertvalue %i, %st[3] : !llvm.struct<(i32, f32)>",
     "custom op 'llvm.insertvalue' position out of bounds: 3"),
    # llvm.zext / llvm.sext (verifyExtOp: emitError, without the op's name)
    ("%0 = llvm.zext %l : i64 to i32",
     "integer width of the output type is smaller or equal to the integer width of the input type"),
    ("%0 = llvm.sext %i : i32 to i32",
     "integer width of the output type is smaller or equal to the integer width of the input type"),
    ("%0 = llvm.sext %v : vector<3xi32> to i64", "input type is a vector but output type is an integer"),
    ("%0 = llvm.zext %v : vector<3xi32> to vector<2xi64>", "input and output vectors are of incompatible shape"),
    ("%0 = llvm.zext %i : i32 to vector<1xi64>", "input type is an integer but output type is a vector"),
    # llvm.intr.sincos (SincosOp::verify)
    ("%0 = llvm.intr.sincos(%s) : (f32) -> !llvm.struct<(f32, f64)>",
     "'llvm.intr.sincos' op expected result type to be an homogeneous struct with two elements matching the "
     "operand type, but got '!llvm.struct<(f32, f64)>'"),
    ("%0 = llvm.intr.sincos(%s) : (f32) -> f32",
     "'llvm.intr.sincos' op expected result type to be an homogeneous struct with two elements matching the "
     "operand type, but got 'f32'"),
    # the vector intrinsics' PredOpTraits
    ("%0 = llvm.intr.vector.insert %bv, %sv8[0] : vector<16385xi8> into vector<[8]xf32>",
     "'llvm.intr.vector.insert' op failed to verify that vectors are not bigger than 2^17 bits."),
    ("%0 = llvm.intr.vector.insert %sv8, %fv[0] : vector<[8]xf32> into vector<16xf32>",
     "'llvm.intr.vector.insert' op failed to verify that it is not inserting scalable into fixed-length vectors."),
    ("%0 = llvm.intr.vector.extract %bv[0] : vector<16xi8> from vector<16385xi8>",
     "'llvm.intr.vector.extract' op failed to verify that vectors are not bigger than 2^17 bits."),
    ("%0 = llvm.intr.vector.extract %fv[0] : vector<[8]xf32> from vector<16xf32>",
     "'llvm.intr.vector.extract' op failed to verify that it is not extracting scalable from fixed-length vectors."),
    ('%0 = "llvm.intr.vector.interleave2"(%hv, %hv) : (vector<[2]xf16>, vector<[2]xf16>) -> vector<4xf16>',
     "'llvm.intr.vector.interleave2' op failed to verify that result has twice as many elements as 'vec1'"),
    ('%0 = "llvm.intr.vector.interleave2"(%hv, %hv) : (vector<[2]xf16>, vector<[2]xf16>) -> vector<[4]xf32>',
     "'llvm.intr.vector.interleave2' op failed to verify that result has twice as many elements as 'vec1'"),
    # what the custom parsers refuse: llvm.alloca's (AllocaOp::parse), llvm.getelementptr's
    # functional type, the comparisons' predicate (parseCmpOp)
    ("%0 = llvm.alloca %l x i32 : () -> (!llvm.ptr)",
     "custom op 'llvm.alloca' expected trailing function type with one argument and one result"),
    ("%0 = llvm.alloca %l x i32 : !llvm.ptr",
     "custom op 'llvm.alloca' expected trailing function type with one argument and one result"),
    ("%0 = llvm.alloca %l x i32 {alignment = 3.0} : (i64) -> !llvm.ptr", "custom op 'llvm.alloca' expected integer alignment"),
    ("llvm.getelementptr %p[%l] : () -> (), i64",
     "custom op 'llvm.getelementptr' number of operands and types do not match: got 2 operands and 0 types"),
    ("llvm.getelementptr %p[%l] : (!llvm.ptr, i64) -> (), i64", "'llvm.getelementptr' op requires one result"),
    ("llvm.getelementptr %p[%l] : !llvm.ptr",
     "custom op 'llvm.getelementptr' invalid kind of type specified: expected builtin.function, but found '!llvm.ptr'"),
    # TypesMatchWith of the type itself and of getValAndBoolStructType, the parser's own check
    # of the type it derives others from
    ('%0 = "llvm.atomicrmw"(%p, %s) {bin_op = 11, ordering = 1} : (!llvm.ptr, f32) -> i32',
     "'llvm.atomicrmw' op failed to verify that result #0 and operand #1 have the same type"),
    ('%0 = "llvm.cmpxchg"(%p, %i, %l) {success_ordering = 2, failure_ordering = 2} : (!llvm.ptr, i32, i64) '
     '-> !llvm.struct<(i32, i1)>', "'llvm.cmpxchg' op failed to verify that operand #1 and operand #2 have the same type"),
    ('%0 = "llvm.cmpxchg"(%p, %l, %l) {success_ordering = 2, failure_ordering = 2} : (!llvm.ptr, i64, i64) '
     '-> !llvm.struct<(i64, i64)>', "'llvm.cmpxchg' op failed to verify that result #0 has an LLVM struct type "
     "consisting of the type of operand #2 and a bool"),
    ("%0 = llvm.atomicrmw fadd %p, %sv unordered : !llvm.ptr, vector<[2]xf32>",
     "custom op 'llvm.atomicrmw' 'val' must be floating point LLVM type or LLVM pointer type or signless integer or "
     "LLVM dialect-compatible fixed-length vector type, but got 'vector<[2]xf32>'"),
    # the constraints of a generic form's operand segments and of a custom call's result;
    # LLVM's vectors are of rank 1
    ("llvm.call %p() : !llvm.ptr, () -> (tensor<*xi32>)",
     "'llvm.call' op result #0 must be LLVM dialect-compatible type, but got 'tensor<*xi32>'"),
    ('%0 = "llvm.insertvalue"(%a, %a) {position = array<i64: 0>} : (!llvm.array<1 x i32>, !llvm.array<1 x i32>) '
     "-> !llvm.array<1 x i32>",
     "'llvm.insertvalue' op Type mismatch: cannot insert '!llvm.array<1 x i32>' into '!llvm.array<1 x i32>'"),
    ('%0 = llvm.inline_asm tail_call_kind = <musttail> "foo", "=r,=r,r" %i : (i32) -> !llvm.struct<(i8, i8)>',
     "'llvm.inline_asm' op tail call kind 'musttail' is not supported by this operation"),
    ("%0 = llvm.icmp 42 %i, %i : i32", "custom op 'llvm.icmp' invalid kind of attribute specified"),
    ('%0 = llvm.icmp "foo" %i, %i : i32', "custom op 'llvm.icmp' 'foo' is an incorrect value of the 'predicate' attribute"),
    ('%0 = llvm.fcmp "slt" %s, %s : f32', "custom op 'llvm.fcmp' 'slt' is an incorrect value of the 'predicate' attribute"),
    # target extension types by their properties (AllocaOp / ZeroOp::verify, LLVM_LoadableType)
    ('%0 = llvm.alloca %l x !llvm.target<"no_alloca"> : (i64) -> !llvm.ptr',
     "'llvm.alloca' op this target extension type cannot be used in alloca"),
    ('%0 = llvm.mlir.zero : !llvm.target<"invalid_constant">',
     "'llvm.mlir.zero' op target extension type does not support zero-initializer"),
    ('%0 = llvm.load %p : !llvm.ptr -> !llvm.target<"no_load">',
     "'llvm.load' op result #0 must be LLVM type with size, but got '!llvm.target<\"no_load\">'"),
    # ShuffleVectorOp::verify
    ("%0 = llvm.shufflevector %sv, %sv [0, 1] : vector<[2]xf32>",
     "'llvm.shufflevector' op expected a splat operation for scalable vectors"),
]


def _case(line: str) -> str:
    return PRELUDE + line + "\n  llvm.return\n}\n"


def _placed(text: str) -> list[tuple[str, str]]:
    data = text.encode()
    return [(d.message, data[d.span.start:d.span.end].decode())
            for d in DocumentAnalysis("file:///l.mlir", text).diagnostics()]


@pytest.mark.parametrize("line,message", CASES, ids=[m[-50:] for _, m in CASES])
def test_each_rule_in_mlirs_words(line, message):
    assert [m for m, _ in _placed(_case(line))] == [message]


def test_where_each_stands():
    # A verifier's message at the op's name; the aggregate ops' parser where it stands after
    # the op's type: at the token that follows (here the return on the next line).
    assert _placed(_case("%0 = llvm.atomicrmw max %p, %s monotonic : !llvm.ptr, f32"))[0][1] == "llvm.atomicrmw"
    assert _placed(_case("%0 = llvm.extractvalue %st[2] : !llvm.struct<(i32, f32)>"))[0][1] == "l"
    # A parser's error at the token it stopped at (mlir-opt 22's columns), or at the op's name.
    assert _placed(_case("%0 = llvm.alloca %l x i32 : !llvm.ptr"))[0][1] == "!llvm.ptr"
    assert _placed(_case("%0 = llvm.alloca %l x i32 {alignment = 3.0} : (i64) -> !llvm.ptr"))[0][1] == "llvm.alloca"
    assert _placed(_case("llvm.getelementptr %p[%l] : !llvm.ptr"))[0][1] == "!llvm.ptr"
    assert _placed(_case("llvm.getelementptr %p[%l] : () -> (), i64"))[0][1] == "llvm.getelementptr"
    assert _placed(_case('%0 = llvm.icmp "foo" %i, %i : i32'))[0][1] == '"foo"'


WELL_FORMED = [
    '%0 = llvm.mlir.constant("abc") : !llvm.array<3 x i8>',
    "%0 = llvm.mlir.constant([1 : i32, 2.0 : f32]) : !llvm.struct<(i32, f32)>",
    "%0 = llvm.mlir.constant(1.0 : f16) : i16",
    "%0 = llvm.mlir.constant(dense<1.0> : vector<2xf32>) : vector<[2]xf32>",
    "%0 = llvm.mlir.constant(dense<[1, 2, 3, 4]> : tensor<4xi32>) : !llvm.array<2 x array<2 x i32>>",
    "%0 = llvm.mlir.constant([[1 : i32], [2 : i32]]) : !llvm.array<2 x struct<(i32)>>",
    "%0 = llvm.atomicrmw fadd %p, %s monotonic : !llvm.ptr, f32",
    "%0 = llvm.atomicrmw xchg %p, %p monotonic : !llvm.ptr, !llvm.ptr",
    "%0 = llvm.atomicrmw add %p, %l monotonic : !llvm.ptr, i64",
    "%0 = llvm.call %p(%i, %l) vararg(!llvm.func<i32 (i32, ...)>) : !llvm.ptr, (i32, i64) -> i32",
    "%0 = llvm.getelementptr %p[%l, 1, 0] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, array<4 x f32>)>",
    "%0 = llvm.extractvalue %st[1] : !llvm.struct<(i32, f32)>",
    "%0 = llvm.insertvalue %i, %st[0] : !llvm.struct<(i32, f32)>",
    "%0 = llvm.insertvalue %st, %nest[0] : !llvm.struct<(struct<(i32, f32)>, i32)>",
    "%0 = llvm.extractvalue %nest[0] : !llvm.struct<(struct<(i32, f32)>, i32)>",
    "%0 = llvm.zext %i : i32 to i64",
    "%0 = llvm.sext %v : vector<3xi32> to vector<3xi64>",
    "%0 = llvm.intr.sincos(%s) : (f32) -> !llvm.struct<(f32, f32)>",
    "%0 = llvm.intr.vector.insert %fv, %sv8[0] : vector<16xf32> into vector<[8]xf32>",
    "%0 = llvm.intr.vector.extract %sv8[0] : vector<8xf32> from vector<[8]xf32>",
    '%0 = "llvm.intr.vector.interleave2"(%hv, %hv) : (vector<[2]xf16>, vector<[2]xf16>) -> vector<[4]xf16>',
    "%0 = llvm.alloca %l x i32 {alignment = 8} : (i64) -> !llvm.ptr",
    '%0 = "llvm.insertvalue"(%a, %i) {position = array<i64: 0>} : (!llvm.array<1 x i32>, i32) -> !llvm.array<1 x i32>',
    '%0 = llvm.inline_asm tail_call_kind = <tail> "foo", "=r,=r,r" %i : (i32) -> !llvm.struct<(i8, i8)>',
    "%0 = llvm.bitcast %v : vector<3xi32> to vector<3xf32>",
    '%0 = "llvm.cmpxchg"(%p, %l, %l) {success_ordering = 2, failure_ordering = 2} : (!llvm.ptr, i64, i64) '
    '-> !llvm.struct<(i64, i1)>',
    '%0 = "llvm.atomicrmw"(%p, %s) {bin_op = 11, ordering = 2} : (!llvm.ptr, f32) -> f32',
    '%0 = llvm.icmp "ult" %i, %i : i32',
    '%0 = llvm.fcmp "_false" %s, %s : f32',
    '%0 = llvm.alloca %l x !llvm.target<"spirv.Event"> : (i64) -> !llvm.ptr',
    "%0 = llvm.shufflevector %sv, %sv [0, 0, 0] : vector<[2]xf32>",
    "%0 = llvm.shufflevector %v, %v [0, 5, 1] : vector<3xi32>",
    '%0 = llvm.mlir.zero : !llvm.target<"spirv.Image">',
    '%0 = llvm.load %p : !llvm.ptr -> !llvm.target<"aarch64.svcount">',
]


def _together(lines: list[str]) -> str:
    return _case("\n  ".join(line.replace("%0", f"%a{n}") for n, line in enumerate(lines)))


def test_well_formed_ops_are_not_judged():
    assert _placed(_together(WELL_FORMED)) == []


# Symbols of the module: globals, aliases, ifuncs and functions (their linkages and bodies).
_GLOBAL = "llvm.mlir.global external @g(42 : i32) : i32\n"
_INIT = "  %0 = llvm.mlir.addressof @g : !llvm.ptr\n  llvm.return %0 : !llvm.ptr\n}\n"
# A function with a personality whose invoke unwinds to ^bb2, where {1} stands; {0} before it.
_PAD = ("llvm.func @foo(i32) -> i32\nllvm.func @__gxx_personality_v0(...) -> i32\nllvm.mlir.global external @g(0 : i32) : i32\n"
        "llvm.func @pad(%p: !llvm.ptr) -> i32 attributes {{personality = @__gxx_personality_v0}} {{\n"
        "  %1 = llvm.mlir.constant(1 : i32) : i32\n{0}  %0 = llvm.invoke @foo(%1) to ^bb1 unwind ^bb2 : (i32) -> i32\n"
        "^bb1:\n  llvm.return %1 : i32\n^bb2:\n  {1}\n  llvm.return %1 : i32\n}}\n")
MODULE_CASES = [
    ("llvm.mlir.global common @c(42 : i32) : i32\n", "'llvm.mlir.global' op expected zero value for 'common' linkage"),
    ("llvm.mlir.global common @c(dense<[0, 1]> : vector<2xi32>) : !llvm.array<2 x i32>\n",
     "'llvm.mlir.global' op expected zero value for 'common' linkage"),
    ("llvm.mlir.global appending @c() : i32\n", "'llvm.mlir.global' op expected array type for 'appending' linkage"),
    (_GLOBAL + "llvm.mlir.alias external @a : !llvm.label {\n" + _INIT,
     "'llvm.mlir.alias' op expects type to be a valid element type for an LLVM global alias"),
    (_GLOBAL + "llvm.mlir.alias appending @a : i32 {\n" + _INIT,
     "'llvm.mlir.alias' op 'appending' linkage not supported in aliases, available options: private, internal, "
     "linkonce, weak, linkonce_odr, weak_odr, external or available_externally"),
    ("llvm.mlir.alias external @a : i32 {\n  %0 = llvm.mlir.constant(42 : i64) : i64\n  llvm.return %0 : i64\n}\n",
     "'llvm.mlir.alias' op initializer region must always return a pointer"),
    ("llvm.func @r() -> !llvm.ptr\nllvm.mlir.ifunc common @i : !llvm.func<void ()>, !llvm.ptr @r\n",
     "'llvm.mlir.ifunc' op 'common' linkage not supported in ifuncs, available options: private, internal, "
     "linkonce, weak, linkonce_odr, weak_odr, or external linkage"),
    ("llvm.mlir.global external @r() : !llvm.ptr\nllvm.mlir.ifunc external @i : !llvm.func<void ()>, !llvm.ptr @r\n",
     "'llvm.mlir.ifunc' op must have a function resolver"),
    ("llvm.func common @f() {\n  llvm.return\n}\n", "'llvm.func' op functions cannot have 'common' linkage"),
    ("llvm.func internal @f()\n", "'llvm.func' op external functions must have 'external' or 'extern_weak' linkage"),
    ("llvm.func @f() attributes {always_inline, no_inline} {\n  llvm.return\n}\n",
     "no_inline and always_inline attributes are incompatible"),
    ("llvm.func @f() attributes {optimize_none} {\n  llvm.return\n}\n",
     "'llvm.func' op with optimize_none must also be no_inline"),
    ("llvm.mlir.global private @g(42 : i64) {alignment = 63} : i64\n", "alignment attribute is not a power of 2"),
    # llvm.mlir.global_ctors / dtors: their verifiers, then their symbol uses
    ("llvm.func @c() {\n  llvm.return\n}\nllvm.mlir.global_ctors ctors = [@c], priorities = [], data = [#llvm.zero]\n",
     "ctors, priorities, and data must have the same number of elements"),
    ("llvm.func @c() {\n  llvm.return\n}\nllvm.mlir.global_dtors dtors = [@c], priorities = [0 : i32], data = [0 : i32]\n",
     "data element must be symbol or #llvm.zero"),
    ("llvm.mlir.global_ctors ctors = [@c], priorities = [0 : i32], data = [#llvm.zero]\n",
     "'llvm.mlir.global_ctors' op 'c' does not reference a valid LLVM function"),
    ("llvm.func @c()\nllvm.mlir.global_dtors dtors = [@c], priorities = [0 : i32], data = [#llvm.zero]\n",
     "'llvm.mlir.global_dtors' op 'c' does not have a definition"),
    # landing pads (LandingpadOp::verify), in a function that invokes @foo
    (_PAD.format("", "%2 = llvm.landingpad cleanup (catch %1 : i32) : !llvm.struct<(ptr, i32)>"),
     "clause #0 is not a known constant - null, addressof, bitcast"),
    (_PAD.format("  %2 = llvm.bitcast %p : !llvm.ptr to !llvm.ptr\n", "%3 = llvm.landingpad (catch %2 : !llvm.ptr) : "
                 "!llvm.struct<(ptr, i32)>"), "constant clauses expected"),
    (_PAD.format("", "%2 = llvm.landingpad : !llvm.struct<(ptr, i32)>"),
     "landingpad instruction expects at least one clause or cleanup attribute"),
    (_PAD.format("", "%2 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>").replace(
        " attributes {personality = @__gxx_personality_v0}", ""),
     "llvm.landingpad needs to be in a function with a personality"),
    # a generic form's operand segments say whose constraint a value meets; LLVM's vectors
    # are of rank 1
    ('func.func @f(%t: tensor<*xi32>) {\n  "llvm.call"(%t) {operandSegmentSizes = array<i32: 1, 0>, op_bundle_sizes = '
     'array<i32>} : (tensor<*xi32>) -> ()\n  return\n}\n',
     "'llvm.call' op operand #0 must be variadic of LLVM dialect-compatible type, but got 'tensor<*xi32>'"),
    ("func.func @f(%m: vector<2x3xf32>) {\n  %0 = llvm.bitcast %m : vector<2x3xf32> to vector<2x3xi32>\n  return\n}\n",
     "'llvm.bitcast' op operand #0 must be LLVM-compatible non-aggregate type, but got 'vector<2x3xf32>'"),
    # llvm.switch's generic form (SwitchOp::verify: emitError, not prefixed)
    ('func.func @s(%x: i64) {\n  "llvm.switch"(%x)[^bb1, ^bb2] <{case_operand_segments = array<i32: 0>, case_values = '
     'dense<42> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> ()\n^bb1:\n  llvm.return\n'
     '^bb2:\n  llvm.return\n}\n', "expects case value type to match condition value type"),
    # comdats (verifyComdat, ComdatOp's region)
    ("llvm.comdat @c {\n  llvm.return\n}\n", "only comdat selector symbols can appear in a comdat region"),
    ("llvm.mlir.global @n(0 : i32) : i32\nllvm.mlir.global @g(0 : i32) comdat(@n) : i32\n", "expected comdat symbol"),
    ("llvm.func @r() -> !llvm.ptr\nllvm.mlir.ifunc external @i : !llvm.func<void ()>, !llvm.ptr @r\n",
     "'llvm.mlir.ifunc' op resolver must be a definition"),
    ("llvm.func @f() comdat(@foo) {\n  llvm.return\n}\n", "expected comdat symbol"),
    # module flags (ModuleFlagAttr::verify)
    ('llvm.func @foo()\nllvm.module_flags [#llvm.mlir.module_flag<error, "yolo", @foo>]\n',
     "only integer and string values are currently supported for unknown key '\"yolo\"'"),
    ('llvm.module_flags [#llvm.mlir.module_flag<append, "CG Profile", ["yo"]>]\n',
     "'CG Profile' key expects an array of '#llvm.cgprofile_entry'"),
    ('llvm.module_flags [#llvm.mlir.module_flag<append, "ProfileSummary", 3 : i64>]\n',
     "'ProfileSummary' key expects a '#llvm.profile_summary' attribute"),
    # LLVMFuncOp::verify's walks: one landing type across the function, block tags
    (_PAD.format("", "%2 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>\n  llvm.resume %1 : i32").replace(
        "i32\n  llvm.return %1 : i32\n}", "i32\n}"),
     "'llvm.resume' should have a consistent input type inside a function"),
    (_PAD.format("", "%2 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>\n  %3 = llvm.landingpad cleanup : "
                 "!llvm.struct<(ptr, i64)>"), "'llvm.landingpad' should have a consistent result type inside a function"),
    ("llvm.func @t() {\n  llvm.blocktag <id = 1>\n  llvm.br ^bb1\n^bb1:\n  llvm.blocktag <id = 1>\n  llvm.return\n}\n",
     "duplicate block tag '1' in the same function: "),
    ("llvm.func @t() -> !llvm.ptr {\n  %0 = llvm.blockaddress <function = @t, tag = <id = 2>> : !llvm.ptr\n"
     "  llvm.blocktag <id = 1>\n  llvm.return %0 : !llvm.ptr\n}\n",
     "'llvm.blockaddress' op expects an existing block label target in the referenced function"),
    # operand bundles: a type for each value (the call parsers'), a tag for each bundle (verifyOperandBundles)
    ("llvm.func @foo()\nllvm.func @b() {\n  %0 = llvm.mlir.constant(0 : i32) : i32\n"
     '  llvm.call @foo() ["tag"(%0 : i32, i32)] : () -> ()\n  llvm.return\n}\n',
     "custom op 'llvm.call' expected 1 types for operand bundle operands for operand bundle #0, but actually got 2"),
    ("llvm.func @b(%a: i32) -> i32 {\n  %0 = llvm.mlir.constant(0 : i32) : i32\n"
     '  %1 = llvm.call_intrinsic "llvm.riscv.sha256sig0"(%a) ["tag"(%0 : i32, i32)] : (i32 {llvm.signext}) -> (i32)\n'
     "  llvm.return %1 : i32\n}\n",
     "custom op 'llvm.call_intrinsic' expected 1 types for operand bundle operands for operand bundle #0, but actually got 2"),
    ("llvm.func @foo()\nllvm.func @b() {\n  %0 = llvm.mlir.constant(0 : i32) : i32\n"
     '  "llvm.call"(%0, %0) <{op_bundle_tags = ["tag"]}> {callee = @foo, operandSegmentSizes = array<i32: 0, 2>, '
     "op_bundle_sizes = array<i32: 1, 1>} : (i32, i32) -> ()\n  llvm.return\n}\n",
     "expected 2 operand bundle tags, but actually got 1"),
    # llvm.switch's case list (its parser: an integer value after each comma)
    ("llvm.func @s(%x: i32) {\n  llvm.switch %x : i32, ^bb1 [\n    42: ^bb2,\n  ]\n^bb1:\n  llvm.return\n^bb2:\n"
     "  llvm.return\n}\n", "custom op 'llvm.switch' expected integer value"),
    # access groups are `#llvm.access_group<...>` attributes, never symbol references
    ("llvm.func @f1()\nllvm.func @a(%p: !llvm.ptr) {\n  %0 = llvm.load %p {access_groups = [@f1]} : !llvm.ptr -> i32\n"
     "  llvm.return\n}\n",
     "custom op 'llvm.load' 'llvm.load' op attribute 'access_groups' failed to satisfy constraint: LLVM dialect access "
     "group metadata array"),
    ("llvm.func @a(%p: !llvm.ptr, %i: i32) {\n  %0 = llvm.cmpxchg %p, %i, %i acq_rel monotonic "
     "{access_groups = [@m::@s]} : !llvm.ptr, i32\n  llvm.return\n}\n",
     "custom op 'llvm.cmpxchg' 'llvm.cmpxchg' op attribute 'access_groups' failed to satisfy constraint: LLVM dialect "
     "access group metadata array"),
    # an ifunc's resolver through an alias (IFuncOp::verifySymbolUses follows it)
    ("llvm.mlir.global external @r() : !llvm.ptr\nllvm.mlir.alias external @a : !llvm.ptr {\n"
     "  %0 = llvm.mlir.addressof @r : !llvm.ptr\n  llvm.return %0 : !llvm.ptr\n}\n"
     "llvm.mlir.ifunc external @i : !llvm.func<void ()>, !llvm.ptr @a\n", "'llvm.mlir.ifunc' op must have a function resolver"),
    # a ProfileSummary's format kind (the attribute's enum parser, at the string)
    ('llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary",\n  // a comment\n  #llvm.profile_summary<format '
     '= "YoloFmt", total_count = 1, max_count = 1, max_internal_count = 1, max_function_count = 1, num_counts = 1, '
     "num_functions = 1, detailed_summary = <cut_off = 1, min_count = 1, num_counts = 1>>>]\n",
     "expected one of [SampleProfile, InstrProf, CSInstrProf] for LLVM ProfileSummary format kinds, got: YoloFmt"),
    # a global's address space (AddressOfOp::verifySymbolUses)
    (_GLOBAL + "llvm.func @p() -> !llvm.ptr<4> {\n  %0 = llvm.mlir.addressof @g : !llvm.ptr<4>\n"
     "  llvm.return %0 : !llvm.ptr<4>\n}\n",
     "'llvm.mlir.addressof' op pointer address space must match address space of the referenced global or alias"),
    # initializers without memory effects (GlobalOp / AliasOp::verifyRegions)
    ("llvm.mlir.global internal @s() : i8 {\n  %0 = llvm.mlir.constant(1 : i64) : i64\n"
     "  %1 = llvm.alloca %0 x i8 : (i64) -> !llvm.ptr\n  %2 = llvm.load %1 : !llvm.ptr -> i8\n  llvm.return %2 : i8\n}\n",
     "ops with side effects not allowed in global initializers"),
    (_GLOBAL + "llvm.mlir.alias external @a : i32 {\n  %0 = llvm.mlir.addressof @g : !llvm.ptr\n"
     "  %1 = llvm.load %0 : !llvm.ptr -> i32\n  llvm.return %0 : !llvm.ptr\n}\n",
     "ops with side effects are not allowed in alias initializers"),
]
MODULE_WELL_FORMED = (
    "llvm.func @rf() -> !llvm.ptr {\n  %0 = llvm.mlir.zero : !llvm.ptr\n  llvm.return %0 : !llvm.ptr\n}\n"
    "llvm.mlir.alias external @ra : !llvm.ptr {\n  %0 = llvm.mlir.addressof @rf : !llvm.ptr\n  llvm.return %0 : !llvm.ptr\n}\n"
    "llvm.mlir.ifunc external @ri : !llvm.func<void ()>, !llvm.ptr @ra\n"
    "llvm.func @sw(%x: i32) {\n  llvm.switch %x : i32, ^bb1 [\n    42: ^bb2,\n    -3: ^bb1\n  ]\n^bb1:\n  llvm.return\n"
    "^bb2:\n  llvm.return\n}\n"
    "llvm.mlir.global external @g4(42 : i32) {addr_space = 4 : i32} : i32\n"
    "llvm.func @p() -> !llvm.ptr<4> {\n  %0 = llvm.mlir.addressof @g4 : !llvm.ptr<4>\n  %1 = llvm.mlir.constant(0 : i32) : i32\n"
    '  llvm.call @y() ["tag"(%1 : i32)] : () -> ()\n  llvm.return %0 : !llvm.ptr<4>\n}\n'
    "llvm.func @t() -> !llvm.ptr {\n  %0 = llvm.blockaddress <function = @t, tag = <id = 1>> : !llvm.ptr\n"
    "  llvm.blocktag <id = 1>\n  llvm.br ^bb1\n^bb1:\n  llvm.blocktag <id = 2>\n  llvm.return %0 : !llvm.ptr\n}\n"
    "llvm.mlir.global internal @k() : i64 {\n  %0 = llvm.mlir.constant(1 : i64) : i64\n  %1 = llvm.add %0, %0 : i64\n"
    "  llvm.return %1 : i64\n}\n"
    "llvm.mlir.global common @c(0 : i32) : i32\n"
    "llvm.mlir.global common @d(dense<0> : vector<2xi32>) : !llvm.array<2 x i32>\n"
    "llvm.mlir.global appending @e() : !llvm.array<1 x i32>\n" + _GLOBAL
    + "llvm.mlir.alias linkonce @a : i32 {\n" + _INIT
    + "llvm.func @r() -> !llvm.ptr {\n  %0 = llvm.mlir.zero : !llvm.ptr\n  llvm.return %0 : !llvm.ptr\n}\n"
    "llvm.mlir.ifunc weak @i : !llvm.func<void ()>, !llvm.ptr @r\n"
    "llvm.func extern_weak @x()\n"
    "llvm.func @f() attributes {optimize_none, no_inline} {\n  llvm.return\n}\n"
    "llvm.mlir.global private @h(42 : i64) {alignment = 64} : i64\n"
    "llvm.func @y() attributes {} {\n  llvm.return\n}\n"
    "llvm.mlir.global_ctors ctors = [@f, @y], priorities = [0 : i32, 1 : i32], data = [#llvm.zero, @g]\n"
    "llvm.mlir.global_dtors dtors = [], priorities = [], data = []\n"
    'llvm.func @s(%x: i32) {\n  "llvm.switch"(%x)[^bb1, ^bb2] <{case_operand_segments = array<i32: 0>, case_values = '
    'dense<42> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  llvm.return\n'
    '^bb2:\n  llvm.return\n}\n'
    "llvm.comdat @__llvm_comdat {\n  llvm.comdat_selector @any any\n}\n"
    "llvm.mlir.global @in_comdat(0 : i32) comdat(@__llvm_comdat::@any) : i32\n"
    'llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, '
    '#llvm.mlir.module_flag<max, "PIC Level", "big">]\n')


@pytest.mark.parametrize("text,message", MODULE_CASES, ids=[m[-50:] for _, m in MODULE_CASES])
def test_each_symbols_rule_in_mlirs_words(text, message):
    assert [m for m, _ in _placed(text)] == [message]


def test_a_bitcast_clause_notes_the_bitcast():
    text = next(t for t, m in MODULE_CASES if m == "constant clauses expected")
    [(message, _, notes)] = [(d.message, d.span, [(r.message, r.span) for r in d.related])
                             for d in DocumentAnalysis("file:///l.mlir", text).diagnostics()]
    assert message == "constant clauses expected"
    [(note, span)] = notes
    assert note == "global addresses expected as operand to bitcast used in clauses for landingpad"
    assert text.encode()[span.start:span.end] == b"llvm.bitcast"


def test_a_duplicate_tag_and_an_effect_stand_at_their_op():
    tags = "llvm.func @t() {\n  llvm.blocktag <id = 1>\n  llvm.blocktag <id = 1>\n  llvm.return\n}\n"
    [diagnostic] = DocumentAnalysis("file:///l.mlir", tags).diagnostics()
    assert diagnostic.span.start == tags.rindex("llvm.blocktag") and tags.encode()[diagnostic.span.start:diagnostic.span.end] \
        == b"llvm.blocktag"
    text = [t for t, m in MODULE_CASES if m.endswith("alias initializers")][0]
    assert _placed(text) == [("ops with side effects are not allowed in alias initializers", "llvm.load")]


def test_a_bundles_types_stand_at_the_bundle_list():
    text = [t for t, m in MODULE_CASES if m.startswith("custom op 'llvm.call' expected 1 types")][0]
    [(_, under)] = _placed(text)
    assert under == "[" and text.index('["tag"') == [d.span.start for d in DocumentAnalysis("file:///l.mlir", text).diagnostics()][0]


def test_a_switchs_missing_case_value_stands_where_the_value_should():
    text = [t for t, m in MODULE_CASES if m.endswith("expected integer value")][0]
    [(_, under)] = _placed(text)
    assert under == "]"


def test_well_formed_landing_pads_are_not_judged():
    text = _PAD.format("  %a = llvm.mlir.addressof @g : !llvm.ptr\n  %b = llvm.bitcast %a : !llvm.ptr to !llvm.ptr\n"
                       "  %z = llvm.mlir.zero : !llvm.ptr\n",
                       "%2 = llvm.landingpad (catch %b : !llvm.ptr) (catch %z : !llvm.ptr) (catch %a : !llvm.ptr) "
                       ": !llvm.struct<(ptr, i32)>")
    assert _placed(text) == []


def test_a_module_flags_error_stands_at_its_parameters():
    text = 'llvm.module_flags [#llvm.mlir.module_flag<append, "ProfileSummary", 3 : i64>]\n'
    [(_, under)] = _placed(text)
    assert under == "<" and text.index("<") == [d.span.start for d in DocumentAnalysis("file:///l.mlir", text).diagnostics()][0]


def test_well_formed_symbols_are_not_judged():
    assert _placed(MODULE_WELL_FORMED) == []


@needs_mlir_opt
def test_mlir_opt_says_the_same():
    """The oracle: each case through mlir-opt 22 gives the same message, the well-formed none."""
    assert_mlir_opt_agrees(CASES, wrap=_case)
    assert_mlir_opt_agrees(MODULE_CASES, (_together(WELL_FORMED), MODULE_WELL_FORMED))
