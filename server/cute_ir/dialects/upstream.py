"""Records of the upstream MLIR ops that cute_nvgpu files are built from.

Only what the project relies on (structure, traits, operand and result groups); summaries in
our words. Facts from MLIR's op definitions: BuiltinOps.td (`builtin.module`), FuncOps.td,
ArithOps.td, SCFOps.td, ControlFlowOps.td, GPUOps.td, MemRefOps.td, LLVMOps.td.
"""
from __future__ import annotations

from .ods import AttrDef, OpDef, Trait, TypeSyntax, optional, single, variadic

_ISOLATED_SYMBOL = frozenset({Trait.ISOLATED_FROM_ABOVE, Trait.SYMBOL})
_FUNCTION = _ISOLATED_SYMBOL | {Trait.FUNCTION_LIKE}
_MODULE_TRAITS = frozenset({Trait.ISOLATED_FROM_ABOVE, Trait.GRAPH_REGION, Trait.NO_TERMINATOR,
                            Trait.SYMBOL_TABLE})
_TERMINATOR = frozenset({Trait.TERMINATOR})


def _binary(name: str, summary: str) -> OpDef:
    return OpDef(name, summary, (single("lhs"), single("rhs")), (single("result"),),
                 traits=frozenset({Trait.SAME_OPERANDS_AND_RESULT_TYPE}), source="mlir",
                 type_syntax=TypeSyntax.SAME)


def _unary(name: str, summary: str) -> OpDef:
    return OpDef(name, summary, (single("in"),), (single("out"),), source="mlir")


BUILTIN = (
    OpDef("builtin.module", "A top-level container of ops; its body is a graph region without a terminator.",
          attributes=(AttrDef("sym_name", "string", required=False),), regions=1,
          traits=_MODULE_TRAITS | {Trait.SYMBOL}, syntax="module [@name] [attributes {...}] { ... }",
          source="mlir"),
    OpDef("builtin.unrealized_conversion_cast", "A cast between type systems that a lowering has not resolved yet.",
          (variadic("inputs"),), (variadic("outputs"),), source="mlir"),
)

FUNC = (
    OpDef("func.func", "A function: a symbol with a signature and a body region.",
          attributes=(AttrDef("sym_name", "string"), AttrDef("function_type", "function type"),
                      AttrDef("sym_visibility", "string", required=False),
                      AttrDef("arg_attrs", "array of dictionaries", required=False),
                      AttrDef("res_attrs", "array of dictionaries", required=False)),
          regions=1, traits=_FUNCTION, syntax="func.func @name(%arg: type, ...) -> (types) { ... }",
          source="mlir"),
    OpDef("func.return", "Return from a function.", (variadic("operands"),), traits=_TERMINATOR, source="mlir",
          type_syntax=TypeSyntax.OPERANDS),
    OpDef("func.call", "Call a function by symbol.", (variadic("operands"),), (variadic("results"),),
          (AttrDef("callee", "symbol reference"),), source="mlir"),
)

ARITH = tuple(_binary(f"arith.{op}", summary) for op, summary in (
    ("addi", "Integer addition."), ("subi", "Integer subtraction."), ("muli", "Integer multiplication."),
    ("divsi", "Signed integer division."), ("divui", "Unsigned integer division."),
    ("remsi", "Signed remainder."), ("remui", "Unsigned remainder."), ("andi", "Bitwise and."),
    ("ori", "Bitwise or."), ("xori", "Bitwise exclusive or."), ("shli", "Shift left."),
    ("shrsi", "Arithmetic shift right."), ("shrui", "Logical shift right."), ("maxsi", "Signed maximum."),
    ("minsi", "Signed minimum."), ("addf", "Floating-point addition."), ("subf", "Floating-point subtraction."),
    ("mulf", "Floating-point multiplication."), ("divf", "Floating-point division."),
    ("maximumf", "Floating-point maximum."), ("minimumf", "Floating-point minimum."),
    ("ceildivsi", "Signed division rounding up."), ("floordivsi", "Signed division rounding down."),
)) + tuple(_unary(f"arith.{op}", summary) for op, summary in (
    ("index_cast", "Convert between index and an integer type."), ("extsi", "Sign-extend an integer."),
    ("extui", "Zero-extend an integer."), ("trunci", "Truncate an integer."), ("extf", "Widen a float."),
    ("truncf", "Narrow a float."), ("sitofp", "Signed integer to float."), ("fptosi", "Float to signed integer."),
    ("uitofp", "Unsigned integer to float."), ("fptoui", "Float to unsigned integer."),
    ("bitcast", "Reinterpret the bits of a value."), ("negf", "Floating-point negation."),
)) + (
    OpDef("arith.constant", "A constant of any builtin type.", results=(single("result"),),
          attributes=(AttrDef("value", "typed attribute"),), source="mlir"),
    OpDef("arith.cmpi", "Integer comparison.", (single("lhs"), single("rhs")), (single("result", "i1"),),
          (AttrDef("predicate", "comparison predicate"),), source="mlir"),
    OpDef("arith.cmpf", "Floating-point comparison.", (single("lhs"), single("rhs")), (single("result", "i1"),),
          (AttrDef("predicate", "comparison predicate"),), source="mlir"),
    OpDef("arith.select", "Choose between two values.", (single("condition", "i1"), single("true_value"),
                                                       single("false_value")), (single("result"),), source="mlir"),
)

SCF = (
    OpDef("scf.for", "A counted loop with loop-carried values.",
          (single("lowerBound", "index or integer"), single("upperBound", "index or integer"),
           single("step", "index or integer"), variadic("initArgs")), (variadic("results"),),
          regions=1, syntax="scf.for %iv = %lb to %ub step %step [iter_args(%acc = %init) -> (types)] { ... }",
          source="mlir"),
    OpDef("scf.if", "A conditional with an optional else region.", (single("condition", "i1"),),
          (variadic("results"),), regions=2, source="mlir"),
    OpDef("scf.while", "A generic while loop: a before region that decides and an after region.",
          (variadic("inits"),), (variadic("results"),), regions=2, source="mlir"),
    OpDef("scf.yield", "Yield values to the enclosing scf op.", (variadic("results"),), traits=_TERMINATOR,
          source="mlir", type_syntax=TypeSyntax.OPERANDS),
    OpDef("scf.condition", "Decide whether an scf.while loop continues.", (single("condition", "i1"), variadic("args")),
          traits=_TERMINATOR, source="mlir"),
    OpDef("scf.execute_region", "A region executed once.", results=(variadic("results"),), regions=1, source="mlir"),
)

CF = (
    OpDef("cf.br", "Branch to a block.", (variadic("destOperands"),), successors=1, traits=_TERMINATOR, source="mlir"),
    OpDef("cf.cond_br", "Branch to one of two blocks.",
          (single("condition", "i1"), variadic("trueDestOperands"), variadic("falseDestOperands")),
          successors=2, traits=_TERMINATOR | {Trait.ATTR_SIZED_OPERAND_SEGMENTS}, source="mlir"),
    OpDef("cf.assert", "Abort with a message when the condition is false.", (single("arg", "i1"),),
          attributes=(AttrDef("msg", "string"),), source="mlir"),
)

GPU = (
    OpDef("gpu.module", "A module of device code, optionally with its targets (`[#nvvm.target<...>]`).",
          attributes=(AttrDef("sym_name", "string"), AttrDef("targets", "array of target attributes", required=False)),
          regions=1, traits=_MODULE_TRAITS | {Trait.SYMBOL}, source="mlir"),
    OpDef("gpu.func", "A kernel or device function inside a gpu.module.", regions=1, traits=_FUNCTION,
          source="mlir"),
    OpDef("gpu.return", "Return from a gpu.func.", (variadic("operands"),), traits=_TERMINATOR, source="mlir",
          type_syntax=TypeSyntax.OPERANDS),
    OpDef("gpu.thread_id", "The thread's index in its block along a dimension.", results=(single("result", "index"),),
          attributes=(AttrDef("dimension", "x, y or z"),), source="mlir"),
    OpDef("gpu.block_id", "The block's index in the grid along a dimension.", results=(single("result", "index"),),
          attributes=(AttrDef("dimension", "x, y or z"),), source="mlir"),
    OpDef("gpu.barrier", "Synchronise the threads of a block.", source="mlir"),
    OpDef("gpu.terminator", "End the body of a gpu.launch.", traits=_TERMINATOR, source="mlir"),
)

MEMREF = (
    OpDef("memref.load", "Load an element.", (single("memref"), variadic("indices", "index")), (single("result"),),
          source="mlir"),
    OpDef("memref.store", "Store an element.", (single("value"), single("memref"), variadic("indices", "index")),
          source="mlir"),
    OpDef("memref.alloc", "Allocate a buffer.", (variadic("dynamicSizes", "index"), variadic("symbolOperands", "index")),
          (single("memref"),), traits=frozenset({Trait.ATTR_SIZED_OPERAND_SEGMENTS}), source="mlir"),
    OpDef("memref.alloca", "Allocate a buffer on the stack.", (variadic("dynamicSizes", "index"),
                                                              variadic("symbolOperands", "index")),
          (single("memref"),), traits=frozenset({Trait.ATTR_SIZED_OPERAND_SEGMENTS}), source="mlir"),
    OpDef("memref.cast", "Change a memref's static information.", (single("source"),), (single("dest"),), source="mlir"),
)

LLVM = (
    OpDef("llvm.func", "An LLVM dialect function.", regions=1, traits=_FUNCTION, source="mlir"),
    OpDef("llvm.return", "Return from an llvm.func.", (optional("arg"),), traits=_TERMINATOR, source="mlir"),
)

UPSTREAM_OPS = BUILTIN + FUNC + ARITH + SCF + CF + GPU + MEMREF + LLVM
