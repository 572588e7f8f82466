"""Messages in MLIR core's own wording, for problems MLIR itself reports (not the spec's).

Source: mlir/lib/IR/Verifier.cpp (unregistered operation in a registered dialect, generic
form) and mlir/test/IR/invalid.mlir (`custom op '...' is unknown`, custom form).
"""
UNREGISTERED_OPERATION = "unregistered operation '{0}' found in dialect ('{1}') that does not allow unknown operations"
UNKNOWN_CUSTOM_OP = "custom op '{0}' is unknown"
