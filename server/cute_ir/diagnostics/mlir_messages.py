"""Messages in MLIR core's own wording, for problems MLIR itself reports (not the spec's).

Source: mlir/lib/IR/Verifier.cpp (unregistered operation in a registered dialect, generic
form) and mlir/test/IR/invalid.mlir (`custom op '...' is unknown`, custom form); the parser's
own messages from mlir/lib/AsmParser/Parser.cpp.
"""
UNREGISTERED_OPERATION = "unregistered operation '{0}' found in dialect ('{1}') that does not allow unknown operations"
UNKNOWN_CUSTOM_OP = "custom op '{0}' is unknown"

# Parser messages for the syntax errors the grammar marks.
EMPTY_OPERATION_NAME = "empty operation name is invalid"
ZERO_RESULT_COUNT = "expected named operation to have at least 1 result"
EXPECTED_OPERATION_TYPE = "expected ':' followed by operation type"
EXPECTED_OPERATION_NAME = "expected operation name in quotes"
EXPECTED_TYPE = "expected non-function type"
EXPECTED_RESULT_COUNT = "expected integer number of results"
EXPECTED_STRIDE_LIST = "expected '['"
INVALID_INTEGER_WIDTH = "invalid integer width"
INTEGER_WIDTH_LIMIT = "integer bitwidth is limited to {0} bits"
UNBALANCED_IN_DIALECT_BODY = "unbalanced '{0}' character in pretty dialect name"
EXPECTED_SSA_NAME = "expected valid ssa identifier"
