"""Messages in MLIR core's own wording, for problems MLIR itself reports (not the spec's).

Each string is the text MLIR emits, taken from llvm/llvm-project:

- mlir/lib/IR/Verifier.cpp: unregistered operation in a registered dialect (generic form);
  `diagnoseInvalidOperandDominance` (an operand whose definition does not dominate its use,
  and the note saying where it is defined).
- mlir/test/IR/invalid.mlir: `custom op '...' is unknown` (custom form).
- mlir/lib/AsmParser/Parser.cpp (OperationParser): `popSSANameScope` and `finalize` (undefined
  blocks, undeclared values), `addDefinition` (redefinition, with its note), `resolveSSAUse`
  (a `#N` past the results of a defined value), `parseOperation` (binding more or fewer
  results than the op defines), `parseBlock` (a block label defined twice),
  `parseGenericOperationAfterOpName` (operand types of the generic form), and the parser's
  messages for the syntax errors the grammar marks.
- mlir/tools/mlir-tblgen/OpDefinitionsGen.cpp: the verifier ODS generates for an op whose
  record requires an attribute the op lacks (`emitOpError`, so prefixed as below).
- mlir/lib/IR/Operation.cpp (`OpTrait::impl::verifyIsIsolatedFromAbove`): a value used inside
  an op that is isolated from above but defined outside it; `emitOpError` prefixes the
  message with `'<op name>' op `.
"""
UNREGISTERED_OPERATION = "unregistered operation '{0}' found in dialect ('{1}') that does not allow unknown operations"
UNKNOWN_CUSTOM_OP = "custom op '{0}' is unknown"
# The same for a name without a dialect, looked up in the default dialect of the op around it
# too (`parseCustomOperation`; at the file's top level, `builtin`); where that op has none, the
# dialect named `` is not found.
TRIED_AS_WELL = " (tried '{0}' as well)"
UNKNOWN_CUSTOM_OP_TRIED = UNKNOWN_CUSTOM_OP + TRIED_AS_WELL.replace("{0}", "{1}")
# cute-ir's own note on an unknown op: the known op of its dialect with the closest name.
NEAREST_OP = "did you mean '{0}'?"
# An op of a dialect no one registered, without --allow-unregistered-dialect
# (mlir/lib/AsmParser/Parser.cpp; the custom form's message ends in a blank).
UNREGISTERED_DIALECT = ("operation being parsed with an unregistered dialect. If this is intended, please use "
                        "-allow-unregistered-dialect with the MLIR tool used")
UNREGISTERED_CUSTOM_DIALECT = "Dialect `{0}' not found for custom op '{1}' "
# cute-ir's own warning for a name the CuTe DSL's dialects are not known to have.
UNKNOWN_DSL_OP = "'{0}' is not an op of the CuTe DSL's '{1}' dialect that cute-ir knows"

# SSA well-formedness (server/cute_ir/ir/ssa.py).
UNDECLARED_VALUE = "use of undeclared SSA value name"
VALUE_REDEFINITION = "redefinition of SSA value '{0}'"
PREVIOUSLY_DEFINED = "previously defined here"
INVALID_RESULT_NUMBER = "reference to invalid result number"
UNDEFINED_BLOCK = "reference to an undefined block"
BLOCK_REDEFINITION = "redefinition of block '{0}'"
RESULT_COUNT = "operation defines {0} results but was provided {1} to bind"
NAMED_NO_RESULTS = "cannot name an operation with no results"
OPERAND_TYPE_COUNT = "expected {0} operand type{1} but had {2}"
NOT_DOMINATING = "operand #{0} does not dominate this use"
# Verifier.cpp: an operand whose value was gone when its op was built (an op's header named it
# before any definition, its parser resolved it, and a definition inside the op's own regions
# then replaced the placeholder the op held).
UNLINKED_OPERAND = "operation's operand is unlinked"
# `resolveSSAUse`: a use whose stated type differs from the value's (the note at the definition);
# `addDefinition`: a definition whose type differs from what a forward reference stated.
TYPED_USE_MISMATCH = "use of value '{0}' expects different type than prior uses: '{1}' vs '{2}'"
PRIOR_USE = "prior use here"
# Parser.cpp (parseRegionBody): a name an op's header binds for its region that the scope
# already defines or references.
REGION_ARGUMENT_IN_USE = "region entry argument '{0}' is already in use"
# Parser.cpp (parseExtendedType / parseExtendedAttr; TopLevelOperationParser's alias
# definitions): an alias no statement defines, one defined twice (`type` / `attribute`).
UNDEFINED_ALIAS = "undefined symbol alias id '{0}'"
ALIAS_REDEFINITION = "redefinition of {0} alias id '{1}'"
# Parser.cpp (parseLocationAlias, and OperationParser::finalize for an alias defined after its
# use): an op's or argument's trailing `loc(#name)` whose alias is no location, or is defined
# nowhere in the file.
LOCATION_ALIAS_NOT_LOCATION = "expected location, but found '{0}'"
LOCATION_ALIAS_NEVER_DEFINED = "operation location alias was never defined"
# LocationParser.cpp (parseLocationInstance): an attribute alias named where a location
# belongs inside another location, `fused[#a]` (MLIR writes no blank before the attribute).
LOCATION_ATTRIBUTE_EXPECTED = "expected location attribute, but got{0}"
PREVIOUSLY_REFERENCED = "previously referenced here"
TYPED_DEFINITION_MISMATCH = "definition of SSA value '{0}#{1}' has type '{2}'"
PREVIOUSLY_USED_WITH_TYPE = "previously used here with type '{0}'"
# The note's relation, from the defining op's block and region to the user's.
DEFINED_BY_OP = "operand defined here ({0})"
DEFINED_BY_OP_RELATION = {
    "block": "op in the same block",
    "region": "op in the same region",
    "parent": "op in a parent region",
    "child": "op in a child region",
    "neither": "op is neither in a parent nor in a child region",
}
DEFINED_AS_ARGUMENT = "operand defined as a block argument (block #{0} {1})"
DEFINED_AS_ARGUMENT_RELATION = {
    "region": "in the same region",
    "parent": "in a parent region",
    "child": "in a child region",
    "neither": "neither in a parent nor in a child region",
}
OUTSIDE_ISOLATED_REGION = "'{0}' op using value defined outside the region"

# An op against its ODS definition (verify/structure.py): mlir/lib/IR/Operation.cpp (the count
# and structural traits' `verify*` functions), the verifier mlir-tblgen generates
# (OpDefinitionsGen.cpp: type constraints, `PredOpTrait` summaries); checked against mlir-opt 22.
OP_ERROR = "'{0}' op {1}"
REQUIRES_ZERO = "requires zero {0}"
REQUIRES_ONE = "requires {0}"
EXPECTED_N = "expected {0} {1}"
EXPECTED_N_OR_MORE = "expected {0} or more {1}"
EXPECTED_N_OPERANDS = "expected {0} operands, but found {1}"
EXPECTED_N_OR_MORE_OPERANDS = "expected {0} or more operands, but found {1}"
# ODS's generated verifier of an op with one optional operand group (OpDefinitionsGen.cpp).
OPTIONAL_OPERAND_GROUP = "operand group starting at #{0} requires 0 or 1 element, but found {1}"
REQUIRES_SUCCESSORS = "requires {0} successor{1} but found {2}"
REQUIRES_AT_LEAST_SUCCESSORS = "requires at least {0} successors but found {1}"
MUST_BE = "{0} #{1} must be {2}, but got '{3}'"
MUST_BE_LAST = "must be the last operation in the parent block"
EXPECTS_PARENT = "expects parent op '{0}'"
EXPECTS_PARENT_ONE_OF = "expects parent op to be one of '{0}'"
# scf (SCF.cpp: ForOp::verify / verifyRegions, IfOp::verify), LoopLikeInterface.cpp
# (verifyLoopLikeOpInterface) and ControlFlowInterfaces.cpp (verifyRegionBranchOpInterface).
LOOP_CARRIED_COUNT = "mismatch in number of loop-carried values and defined values"
LOOP_COUNT = "different number of {0}: {1} != {2}"
LOOP_TYPE = "{0}-th {1} and {2}-th {3} have different type: {4} != {5}"
FOR_INDUCTION_TYPE = "expected induction variable to be same type as bounds and step"
IF_NEEDS_ELSE = "must have an else block if defining values"
BRANCH_EDGE = "'{0}' op along control flow edge from {1} to {2}"
BRANCH_EDGE_COUNT = ": region branch point has {0} operands, but region successor needs {1} inputs"
BRANCH_EDGE_TYPE = ": successor operand type #{0} {1} should match successor input type #{0} {2}"
BRANCH_POINT_NOTE = "region branch point"
# vector (VectorOps.cpp): the memory ops' verifiers (LoadOp, StoreOp, MaskedLoadOp, MaskedStoreOp,
# GatherOp, ScatterOp, ExpandLoadOp, CompressStoreOp), BroadcastOp::verify and TransposeOp::verify.
VECTOR_LOAD_RANK = "destination memref has lower rank than the result vector"
VECTOR_STORE_RANK = "source memref has lower rank than the vector to store"
VECTOR_UNIT_STRIDE = "most minor memref dim must have unit stride"
VECTOR_MEMREF_VECTOR = "base memref and {0} vector types should match"
VECTOR_LOAD_ELEMENT = "base and {0} element types should match"
VECTOR_ELEMENT = "base and {0} element type should match"
VECTOR_INDICES = "requires {0} indices"
VECTOR_INDEX_VECTOR = "expected {0} dim to match indices dim"
VECTOR_MASK = "expected {0} {1} to match mask {1}"
VECTOR_PASS_THRU = "expected pass_thru of same type as result type"
BROADCAST_RANK = "source rank higher than destination rank"
BROADCAST_DIMENSION = "dimension mismatch ({0} vs. {1})"
BROADCAST_NOT_VECTOR = "source type is not a vector"
TRANSPOSE_RANK = "vector result rank mismatch: {0}"
TRANSPOSE_LENGTH = "transposition length mismatch: {0}"
TRANSPOSE_OUT_OF_RANGE = "transposition index out of range: {0}"
TRANSPOSE_DUPLICATE = "duplicate position index: {0}"
TRANSPOSE_DIMENSION = "dimension size mismatch at: {0}"
# ArithOps.cpp, SelectOp::verify.
SELECT_CONDITION_I1 = "expected condition to be a signless i1, but got {0}"
SELECT_CONDITION_SHAPE = "expected condition type to have the same shape as the result type, expected {0}, but got {1}"
# gpu (GPUDialect.cpp): AllReduceOp::verifyRegions and SubgroupReduceOp::verify; the
# REDUCTION_ messages are emitError's, without the `'<op>' op` prefix.
REDUCTION_KIND_TYPE = "`{0}` reduction operation is not compatible with type '{1}'"
REDUCTION_INVALID_KIND = "invalid op kind"
REDUCTION_OP_OR_BODY = "expected either an op attribute or a non-empty body"
REDUCTION_ARGUMENTS = "expected two region arguments"
REDUCTION_ARGUMENT_TYPE = "incorrect region argument type"
REDUCTION_YIELD_COUNT = "expected one gpu.yield operand"
REDUCTION_YIELD_TYPE = "incorrect gpu.yield type"
REDUCTION_NO_YIELD = "expected gpu.yield op in region"
CLUSTER_SIZE = "cluster size {0} is not a power of two"
CLUSTER_STRIDE = "cluster stride {0} is not a power of two"
CLUSTER_STRIDE_WITHOUT_SIZE = "cluster stride can only be specified if cluster size is specified"
# OpDefinition.h (SingleBlock::verifyTrait), Operation.cpp (verifyNoRegionArguments).
REGION_BLOCKS = "expects region #{0} to have 0 or 1 blocks"
EMPTY_BLOCK = "expects a non-empty block"
REGION_ARGUMENTS = "region #{0} should have no arguments"
REGION_NO_ARGUMENTS = "region should have no arguments"
SAME_OPERANDS_AND_RESULT_TYPE = "requires the same type for all operands and results"
SAME_TYPE_OPERANDS = "requires all operands to have the same type"
SAME_OPERANDS_AND_RESULT_SHAPE = "requires the same shape for all operands and results"
SAME_OPERANDS_SHAPE = "requires the same shape for all operands"
SAME_OPERANDS_ELEMENT_TYPE = "requires the same element type for all operands"
SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE = "requires the same element type for all operands and results"
# The parser an assembly format generates checks a type it reads before it derives others from
# it (TypesMatchWith): `custom op '<op>' '<operand>' must be <constraint>, but got '<type>'`.
REQUIRES_ATTRIBUTE_OF_OP = "requires attribute '{0}'"
PARSED_TYPE_MUST_BE = "custom op '{0}' '{1}' must be {2}, but got '{3}'"
FAILED_TO_VERIFY_THAT = "failed to verify that {0}"
ATTRIBUTE_CONSTRAINT = "attribute '{0}' failed to satisfy constraint: {1}"
# What a custom form's parser reports of the op it is reading: `custom op '<op>' <message>`.
CUSTOM_OP = "custom op '{0}' {1}"
# function_interface_impl (FunctionImplementation.cpp, FunctionInterfaces.cpp)
FUNCTION_BODY = "expected non-empty function body"
FUNCTION_ARGUMENT_ATTRIBUTES = "arguments may only have dialect attributes"
# SymbolInterfaces.td (SymbolOpInterface's verifier): a declaration (for func.func, a function
# without a body: FuncOp::isDeclaration) is private or nested, never public (the default).
PUBLIC_DECLARATION = "symbol declaration cannot have public visibility"
FUNCTION_INFERRED_ATTRIBUTE = "'{0}' is an inferred attribute and should not be specified in the explicit attribute dictionary"
FUNCTION_ARGUMENT_ATTRIBUTE_COUNT = ("expects argument attribute array to have the same number of elements as the number "
                                     "of function arguments, got {0}, but expected {1}")
FUNCTION_RESULT_ATTRIBUTE_COUNT = ("expects result attribute array to have the same number of elements as the number "
                                   "of function results, got {0}, but expected {1}")
FUNCTION_RESULT_ATTRIBUTES = "results may only have dialect attributes"
# Parser.cpp (parseRegionBody): an entry block whose arguments the op's header names
NAMED_ARGUMENTS_BLOCK_NAME = "invalid block name in region with named arguments"
# func.constant against the function it names (FuncOps.cpp, ConstantOp::verifySymbolUses)
CONSTANT_UNDEFINED_FUNCTION = "reference to undefined function '{0}'"
CONSTANT_FUNCTION_TYPE = "reference to function with mismatched type"
# NVVMRequiresSM's verifier (NVVMRequiresSMTraits.h): an op against the `#nvvm.target` of the
# gpu.module around it
NOT_SUPPORTED_ON = "is not supported on {0}"
# func.call against its callee (FuncOps.cpp, CallOp::verifySymbolUses)
CALL_NO_FUNCTION = "'{0}' does not reference a valid function"
CALL_OPERAND_COUNT = "incorrect number of operands for callee"
CALL_OPERAND_TYPE = "operand type mismatch: expected operand type {0}, but provided {1} for operand number {2}"
CALL_RESULT_COUNT = "incorrect number of results for callee"
CALL_RESULT_TYPE = "result type mismatch at index {0}"
CALL_OP_RESULTS_NOTE = "      op result types: {0}"
CALL_FUNCTION_RESULTS_NOTE = "function result types: {0}"
# OpAsmParser::parseType<T> (OpImplementation.h): a type of another kind than the class the
# format's constraint reads (`T::name`: builtin.vector, builtin.integer, llvm.ptr, ...); a class
# without a name of its own (`TensorType`, ranked or not) gets the first part alone.
INVALID_TYPE_KIND_UNNAMED = "invalid kind of type specified"
INVALID_TYPE_KIND = INVALID_TYPE_KIND_UNNAMED + ": expected {0}, but found '{1}'"
INVALID_ATTRIBUTE_KIND = "invalid kind of attribute specified"
# CastOpInterface's verifier (mlir/lib/Interfaces/CastInterfaces.cpp), after the op's
# `areCastCompatible` says no.
CAST_INCOMPATIBLE = "operand type '{0}' and result type '{1}' are cast incompatible"
# arith.constant's verifier (mlir/lib/Dialect/Arith/IR/ArithOps.cpp, ConstantOp::verify); "intializing" is MLIR's.
CONSTANT_NOT_SIGNLESS = "integer return type must be signless"
CONSTANT_SCALABLE_NOT_SPLAT = ("intializing scalable vectors with elements attribute is not supported unless it's a "
                               "vector splat")
REQUIRES_ATTRIBUTE = "'{0}' op requires attribute '{1}'"
ISOLATION_NOTE = "required by region isolation constraints"

# Parser messages for the syntax errors the grammar marks.
EMPTY_OPERATION_NAME = "empty operation name is invalid"
ZERO_RESULT_COUNT = "expected named operation to have at least 1 result"
EXPECTED_OPERATION_TYPE = "expected ':' followed by operation type"
EXPECTED_OPERATION_NAME = "expected operation name in quotes"
# Parser.cpp / Lexer.cpp, where the grammar stops at an ERROR (server/cute_ir/syntax/errors.py):
# an alias name with a dot, an alias without its `=`, a lone `.` or `..`, `!` without a name.
TYPE_NAME_RESERVED = "type names with a '.' are reserved for dialect-defined names"
ATTRIBUTE_NAME_RESERVED = "attribute names with a '.' are reserved for dialect-defined names"
TYPE_ALIAS_EQUALS = "expected '=' in type alias definition"
ATTRIBUTE_ALIAS_EQUALS = "expected '=' in attribute alias definition"
ELLIPSIS_DOTS = "expected three consecutive dots for an ellipsis"
INVALID_TYPE_IDENTIFIER = "invalid type identifier"
# Parser.cpp (parseOptionalBlockArgList via parseSSADefOrUseAndType, parseBlock).
EXPECTED_ARGUMENT_COLON_TYPE = "expected ':' and type for SSA operand"
EXPECTED_COLON_AFTER_BLOCK_NAME = "expected ':' after block name"
# Lexer.cpp: `%` with no name after it.
INVALID_SSA_NAME = "invalid SSA name"
# TypeParser.cpp (parseMemRefType's layout): `strided` without its parameters.
STRIDED_LESS = "expected '<' after 'strided'"
# Parser::parseToken's words for a token it did not find (a closing bracket, a colon, an
# affine map's parenthesis), and parseKeyword's for a word (after the op's name).
EXPECTED_TOKEN = "expected '{0}'"
# parseCommaSeparatedList's words after a parenthesised list's element (an assignment list's
# `%a = %init`), and parseFunctionType's where no `->` follows the inputs.
EXPECTED_COMMA_OR_RPAREN = "expected ',' or ')'"
FUNCTION_TYPE_ARROW = "expected '->' in function type"
# ... and where its words say more (parseRegionList; TensorLiteralParser's complex elements).
REGION_LIST_CLOSE = "expected ')' to end region list"
COMPLEX_ELEMENTS_CLOSE = "expected ')' after complex elements"
EXPECTED_TYPE = "expected non-function type"
EXPECTED_RESULT_COUNT = "expected integer number of results"
EXPECTED_LSQUARE = "expected '['"
EXPECTED_RSQUARE = "expected ']'"
# OpAsmParser::parseInteger and parseKeyword (`cf.switch`'s case list: `default`, then integers)
EXPECTED_INTEGER_VALUE = "expected integer value"
EXPECTED_DEFAULT = "expected 'default'"
INVALID_INTEGER_WIDTH = "invalid integer width"
# The builtin shaped and complex types (TypeParser.cpp, BuiltinTypes.cpp; syntax/builtin_types.py)
TENSOR_ELEMENT = "invalid tensor element type"
MEMREF_ELEMENT = "invalid memref element type"
VECTOR_ELEMENT_INTERFACE = "failed to verify 'elementType': VectorElementTypeInterface instance"
VECTOR_SIZES = "vector types must have positive constant sizes but got {0}"
COMPLEX_ELEMENT = "invalid element type for complex"
# TypeParser.cpp: a complex or tuple type's brackets; Parser.cpp: a comma-separated list;
# BuiltinTypes.cpp: a memref's memory space that is no attribute MLIR takes as one.
BRACKETED_TYPE_OPEN = "expected '<' in {0} type"
BRACKETED_TYPE_CLOSE = "expected '>' in {0} type"
EXPECTED_LIST_ELEMENT = "expected list element"
MEMORY_SPACE_UNSUPPORTED = "unsupported memory space Attribute"
DIMENSION_INVALID = "invalid dimension"
MEMREF_MEMORY_SPACES = "multiple memory spaces specified in memref type"
MEMREF_MEMORY_SPACE_LAST = "expected memory space to be last in memref type"
MEMREF_STRIDES_RANK = "expected the number of strides to match the rank"
STRIDED_OFFSET = "expected 'offset' after comma"
STRIDED_OFFSET_COLON = "expected ':' after 'offset'"
STRIDED_OFFSET_VALUE = "expected a 64-bit signed integer or '?'"
MEMREF_LAYOUT_RANK = "memref layout mismatch between rank and affine map: {0} != {1}"
INTEGER_WIDTH_LIMIT = "integer bitwidth is limited to {0} bits"
UNBALANCED_IN_DIALECT_BODY = "unbalanced '{0}' character in pretty dialect name"
EXPECTED_SSA_NAME = "expected valid ssa identifier"
EXPECTED_LOCATION = "expected location instance"
EXPECTED_FUNCTION_TYPE = "expected function type"
EXPECTED_SSA_OPERAND = "expected SSA operand"
# OpAsmParser::parseOperandList with Delimiter::Square (a custom parser's `%m[%i, %j]`): the
# words after an operand that neither a comma nor the `]` follows.
SQUARE_OPERAND_LIST_CLOSE = "expected ']' in operand list"
# Parser.cpp: an op's result names and its `=`; a generic op's operand list and its `)`.
EQUALS_AFTER_RESULTS = "expected '=' after SSA name"
OPERAND_LIST_CLOSE = "expected ')' to end operand list"
EXPECTED_COMMA = "expected ','"
EXPECTED_ATTRIBUTE_VALUE = "expected attribute value"
# custom<DynamicIndexList> (ViewLikeInterface.cpp): a square-bracketed list of values and
# integers; parseCommaSeparatedList's context words follow its bracket's message, and an element
# that is neither is parseInteger's error.
IN_DYNAMIC_INDEX_LIST = " in dynamic index list"
EXPECTED_INTEGER = "expected integer value"
# Parser::parseRegion: a region where the `{` that opens it is missing.
REGION_BRACE = "expected '{' to begin a region"
# Parser::parseSuccessor: a successor is a block name (`^bb1`).
EXPECTED_BLOCK_NAME = "expected block name"
# mlir/lib/Interfaces/FunctionImplementation.cpp: a function op's name and argument list.
EXPECTED_SYMBOL_NAME = "expected valid '@'-identifier for symbol name"
# mlir/lib/AsmParser/Lexer.cpp (lexAtIdentifier): after `@`, a string or a letter or `_`
SYMBOL_START = "@ identifier expected to start with letter or '_'"
EXPECTED_ARGUMENT_TYPE = "expected type instead of SSA identifier"
EXPECTED_ARGUMENT_NAME = "expected SSA identifier"

# mlir/lib/AsmParser/AffineParser.cpp: the body of `affine_map<...>` / `affine_set<...>`
# (server/cute_ir/syntax/affine.py). `{0}` of the list messages is the delimiter, `{1}` the list.
AFFINE_EXPECTED_EXPRESSION = "expected affine expression"
AFFINE_MISSING_LEFT_OPERAND = "missing left operand of binary operator"
AFFINE_MISSING_RIGHT_OPERAND = "missing right operand of binary operator"
AFFINE_EMPTY_PARENTHESES = "no expression inside parentheses"
AFFINE_MISSING_NEGATED = "missing operand of negation"
AFFINE_UNDECLARED = "use of undeclared identifier"
AFFINE_UNEXPECTED_SSA = "unexpected ssa identifier"
AFFINE_EXPECTED_IDENTIFIER = "expected bare identifier"
AFFINE_REDEFINITION = "redefinition of identifier '{0}'"
AFFINE_NON_AFFINE_PRODUCT = ("non-affine expression: at least one of the multiply operands has to be "
                             "either a constant or symbolic")
AFFINE_NON_AFFINE_DIVISOR = "non-affine expression: right operand of {0} has to be either a constant or symbolic"
AFFINE_EXPECTED_IN_LIST = "expected '{0}' in {1}"
AFFINE_EXPECTED_ARROW_OR_COLON = "expected '->' or ':'"
AFFINE_EXPECTED_CONSTRAINT_END = "expected '== affine-expr' or '>= affine-expr' at end of affine constraint"
# AttributeParser.cpp: the `>` after a complete map or set (`affine_map<(d0) -> (d0))>`).
AFFINE_MAP_CLOSE = "expected '>' in affine map"
INTEGER_SET_CLOSE = "expected '>' in integer set"

# mlir/lib/AsmParser/AttributeParser.cpp (TensorLiteralParser, parseElementsLiteralType): the
# literal of `dense<...>` and the type an elements attribute must be given
# (server/cute_ir/syntax/dense.py).
EXPECTED_ELEMENT_LITERAL = "expected element literal of primitive type"
EXPECTED_COMPLEX_COMMA = "expected ',' between complex elements"
EXPECTED_COLON = "expected ':'"

# mlir/lib/AsmParser/AttributeParser.cpp (parseDecOrHexAttr, buildAttributeAPInt,
# parseElementsLiteralType, TensorLiteralParser) and Parser.cpp (parseFloatFromIntegerLiteral,
# parseFloatFromLiteral): a typed attribute's value against its type
# (server/cute_ir/syntax/attribute_values.py).
NEGATIVE_FOR_UNSIGNED = "negative integer literal not valid for unsigned integer type"
INTEGER_OUT_OF_RANGE = "integer constant out of range for attribute"
DECIMAL_FOR_FLOAT = "unexpected decimal integer literal for a floating point value"
DECIMAL_FOR_FLOAT_NOTE = "add a trailing dot to make the literal a float"
HEX_FLOAT_NEGATIVE = "hexadecimal float literal should not have a leading minus"
HEX_FLOAT_OUT_OF_RANGE = "hexadecimal float constant out of range for type"
EXPECTED_FLOAT_LITERAL = "expected floating point literal"
ELEMENTS_NOT_SHAPED = "elements literal must be a shaped type"
# AttributeParser.cpp (parseDenseResourceElementsAttr), at the type.
DENSE_RESOURCE_NOT_SHAPED = "`dense_resource` expected a shaped type"
ELEMENTS_NOT_STATIC = "elements literal type must have static shape"
ELEMENTS_SHAPE_MISMATCH = "inferred shape of elements literal ([{0}]) does not match type ([{1}])"
ELEMENTS_NONE_PARSED = "parsed zero elements, but type ('{0}') expected at least 1"
ELEMENTS_COMPLEX_COUNT = "parsed {0} elements, but type ('{1}') expected {2} elements"
ELEMENTS_RANKS_INCONSISTENT = "tensor literal is invalid; ranks are not consistent between elements"
ELEMENT_NEGATIVE_UNSIGNED = "expected unsigned integer elements, but parsed negative value"
ELEMENT_FLOAT_FOR_INTEGER = "expected integer elements, but parsed floating-point"
ELEMENT_BOOL_NOT_I1 = "expected i1 type for 'true' or 'false' values"
ELEMENT_OUT_OF_RANGE = "integer constant out of range for type"
ARRAY_I1_NOT_BOOL = "expected 'true' or 'false' values for i1 type"
ARRAY_EXPECTED_INTEGER = "expected integer literal"
ARRAY_ELEMENT_TYPE = "expected integer or float type, got: '{0}'"
ARRAY_ELEMENT_WIDTH = "element type bitwidth must be a multiple of 8"
# What the attribute parser (AttributeParser.cpp, DialectSymbolParser.cpp) expects next in an
# `array`, `dense_resource` or `distinct` attribute it stops reading.
ARRAY_LESS = "expected '<' after 'array'"
ARRAY_COLON = "expected ':' after dense array type"
ARRAY_CLOSE = "expected '>' to close an array attribute"
DENSE_RESOURCE_LESS = "expected '<' after 'dense_resource'"
DISTINCT_LSQUARE = "expected '[' after 'distinct'"
DISTINCT_ID = "expected distinct ID"
DISTINCT_ID_RANGE = "expected an unsigned 64-bit integer"
DISTINCT_RSQUARE = "expected ']' to close distinct ID"
DISTINCT_LESS = "expected '<' after distinct ID"
DISTINCT_CLOSE = "expected '>' to close distinct attribute"
ARRAY_OUT_OF_RANGE = "integer constant out of range"
DUPLICATE_KEY = "duplicate key '{0}' in dictionary attribute"
EMPTY_ATTRIBUTE_NAME = "expected valid attribute name"

# mlir/lib/AsmParser/Parser.cpp (TopLevelOperationParser::parseFileMetadataDictionary,
# parseResourceFileMetadata): the `{-# ... #-}` section (server/cute_ir/syntax/metadata.py).
EXPECTED_METADATA_KEY = "expected identifier key in file metadata dictionary"
UNKNOWN_METADATA_KEY = "unknown key '{0}' in file metadata dictionary"
EXPECTED_RESOURCE_KEY = "expected identifier key for 'resource' entry"
EXPECTED_LBRACE = "expected '{'"
# ParsedResourceEntry (Parser.cpp) and OpAsmDialectInterface::parseResource (AsmPrinter.cpp): a
# dialect resource's value, which the dialect that owns it reads.
EXPECTED_HEX_BLOB = "expected hex string blob for key '{0}'"
BLOB_ALIGNMENT = "expected hex string blob for key '{0}' to encode alignment in first 4 bytes"
BLOB_ALIGNMENT_POWER = BLOB_ALIGNMENT + ", but got non-power-of-2 value: {1}"
UNKNOWN_RESOURCE_KEY = "unknown 'resource' key '{0}' for dialect '{1}'"

# mlir/lib/AsmParser/TypeParser.cpp (parseQuantileType): `quantile<storage:expressed, {values}>`.
EXPECTED_IN_QUANTILE = "expected '{0}' in quantile type"
# scf's own verifiers and parsers beyond scf.for / scf.if (SCF.cpp), and Verifier.cpp's block check
REGION_CONSTRAINT = "region #{0} ('{1}') failed to verify constraint: {2}"
EMPTY_BLOCK_TERMINATOR = "empty block: expect at least a terminator"
# (MLIR prints the op after it in the generic form; cute-ir names it as the text writes it)
NO_TERMINATOR = "block with no terminator, has {0}"
# Verifier.cpp (verifyOnEntrance): a branch back to a region's first block.
ENTRY_PREDECESSORS = "entry block of region may not have predecessors"
# Parser.cpp (parseGenericOperationAfterOpName): a generic form's `[^bb]` on an op that is no
# terminator.
SUCCESSORS_IN_NON_TERMINATOR = "successors in non-terminator"
# BranchOpInterface's verifier (ControlFlowInterfaces.cpp, verifyBranchSuccessorOperands)
BRANCH_OPERAND_COUNT = "branch has {0} operands for successor #{1}, but target block has {2}"
BRANCH_OPERAND_TYPE = "type mismatch for bb argument #{0} of successor #{1}"
# WeightedBranchOpInterface's verifier (ControlFlowInterfaces.cpp, verifyBranchWeights)
BRANCH_WEIGHT_COUNT = "expects number of branch weights to match number of successors: {0} vs {1}"
BRANCH_WEIGHTS_ZERO = "branch weights cannot all be zero"
# SymbolOpInterface's verifier (SymbolTable.cpp, detail::verifySymbol)
SYMBOL_PARENT = "symbol's parent must have the SymbolTable trait"
# SymbolTable.cpp (detail::verifySymbol): a symbol's visibility, before its parent is checked
SYMBOL_VISIBILITIES = ("public", "private", "nested")
SYMBOL_VISIBILITY = "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {0}"
TERMINATOR_HERE = "terminator here"
WHILE_INPUT_COUNT = "expected as many input types as operands (expected {0} got {1})"
WHILE_TERMINATOR = "expects the '{0}' region to terminate with '{1}'"
PARALLEL_OPERAND_COUNT = "expected {0} operands"
OPERANDS_AND_TYPES = "number of operands and types do not match: got {0} operands and {1} types"
PARALLEL_NO_TUPLE = "needs at least one tuple element for lowerBound, upperBound and step"
PARALLEL_STEP_POSITIVE = "constant step operand must be positive"
PARALLEL_INDUCTION_COUNT = "expects the same number of induction variables: {0} as bound and step values: {1}"
PARALLEL_INDUCTION_TYPE = "expects arguments for the induction variable to be of index type"
PARALLEL_TERMINATOR = "expects body to terminate with 'scf.reduce'"
PARALLEL_REDUCTIONS = "expects number of results: {0} to be the same as number of reductions: {1}"
PARALLEL_INITS = "expects number of results: {0} to be the same as number of initial values: {1}"
REDUCE_OPERAND_TYPE = "expects type of {0}-th reduction operand: {1} to be the same as the {0}-th result type: {2}"
REDUCE_REGIONS = "expects number of reduction regions: {0} to be the same as number of reduction operands: {1}"
REDUCE_ARGUMENTS = "expected two block arguments with type {0} in the {1}-th reduction region"
REDUCE_TERMINATOR = "reduction bodies must be terminated with an 'scf.reduce.return' op"
REDUCE_RETURN_TYPE = "must have type {0} (the type of the reduction inputs)"
EXECUTE_REGION_ARGUMENTS = "region cannot have any arguments"
SWITCH_CASE_COUNT = "has {0} case regions but {1} case values"
SWITCH_DUPLICATE_CASE = "has duplicate case value: {0}"
SWITCH_TERMINATOR = "expected region to end with scf.yield, but got {0}"
SWITCH_YIELD_COUNT = "expected each region to return {0} values, but {1} returns {2}"
SWITCH_YIELD_NOTE = "see yield operation here"
SWITCH_YIELD_TYPE = "expected result #{0} of each region to be {1}"
SWITCH_YIELD_TYPE_NOTE = "{0} returns {1} here"
# ForallOp::parse / ForallOp::verify, InParallelOp::verify
FORALL_MAPPING_RANK = "mapping attribute size must match op rank"
FORALL_MASKS = '"mapping" supports at most one device masking attribute'
FORALL_OPERAND_TYPES = "number of operands and types do not match: got {0} operands and {1} types"
IN_PARALLEL_OPS = "expected only ParallelCombiningOpInterface ops"
# AffineApplyOp::verify
AFFINE_APPLY_OPERANDS = "operand count and affine map dimension and symbol count must match"
AFFINE_APPLY_RESULTS = "mapping must produce one value"
# SingleBlockImplicitTerminator's region verifier (OpDefinition.h)
IMPLICIT_TERMINATOR = "expects regions to end with '{0}', found '{1}'"
IMPLICIT_TERMINATOR_NOTE = "in custom textual format, the absence of terminator implies '{0}'"
# memref (MemRefOps.cpp): AllocaOp::verify, verifyAllocLikeOp.
ALLOCA_SCOPE = "requires an ancestor op with AutomaticAllocationScope trait"
DYNAMIC_SIZES = "incorrect number of dynamic sizes, has {0}, expected {1}"
ALLOC_SYMBOLS = "symbol operand count does not equal memref symbol count: expected {0}, got {1}"
# ViewOp::verify (emitError, not prefixed), AssumeAlignmentOp::verify
MEMREF_VIEW_SPACES = "different memory spaces specified for base memref type '{0}' and view memref type '{1}'"
MEMREF_ALIGNMENT = "alignment must be power of 2"
# llvm (LLVMDialect.cpp): verifyAtomicMemOp of llvm.load / llvm.store, AtomicCmpXchgOp::verify,
# FenceOp::verify, BitcastOp::verify.
ATOMIC_TYPE = "unsupported type '{0}' for atomic access"
ATOMIC_ORDERING = "unsupported ordering '{0}'"
ATOMIC_ALIGNMENT = "expected alignment for atomic access"
ATOMIC_SYNCSCOPE = "expected syncscope to be null for non-atomic access"
CMPXCHG_TYPE = "unexpected LLVM IR type"
CMPXCHG_ORDERING = "ordering must be at least 'monotonic'"
CMPXCHG_FAILURE_ORDERING = "failure ordering cannot be 'release' or 'acq_rel'"
FENCE_ORDERING = "can be given only acquire, release, acq_rel, and seq_cst orderings"
BITCAST_POINTERS = "can only cast pointers from and to pointers"
BITCAST_TO_VECTOR = "cannot cast pointer to vector of pointers"
BITCAST_FROM_VECTOR = "cannot cast vector of pointers to pointer"
BITCAST_ADDRESS_SPACE = "cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead"
# nvvm (NVVMDialect.cpp): the conversions' own verifiers.
CONVERT_DESTINATION = "Only {0} supported for conversions from {1} to {2}."
CONVERT_TF32_ROUNDING = "Only {rn,rz,rna} rounding modes supported for ConvertFloatToTF32Op."
CONVERT_TF32_RELU = "Relu not supported with rna rounding mode."
# The Elementwise trait (Operation.cpp, OpTrait::impl::verifyElementwise).
ELEMENTWISE_RESULT_SCALAR = "if a result is non-scalar, then at least one operand must be non-scalar"
ELEMENTWISE_NO_RESULT = "if an operand is non-scalar, then there must be at least one non-scalar result"
ELEMENTWISE_ALL_RESULTS = "if an operand is non-scalar, then all results must be non-scalar"
ELEMENTWISE_SAME = "all non-scalar operands/results must have the same shape and base type"
# ODS's generated verifier of AttrSizedOperandSegments.
SEGMENT_SIZES = "operand count ({0}) does not match with the total size ({1}) specified in attribute 'operandSegmentSizes'"


# The vector dialect's verifiers and custom parsers (VectorOps.cpp), by what they check
# (dialects/vector_checks.py).
VECTOR = {
    "extract_0d": "expected a scalar instead of a 0-d vector as the result type",
    "extract_rank": "expected position attribute of rank no greater than vector rank",
    "extract_position": "expected position attribute #{0} to be a non-negative integer smaller than the "
                        "corresponding vector dimension or poison (-1)",
    "insert_0d": "expected a scalar instead of a 0-d vector as the source operand",
    "insert_rank": "expected position attribute of rank no greater than dest vector rank",
    "insert_rank_sum": "expected position attribute rank + source rank to match dest vector rank",
    "insert_rank_scalar": "expected position attribute rank to match the dest vector rank",
    "insert_position": "expected position attribute #{0} to be a non-negative integer smaller than the "
                       "corresponding dest vector dimension",
    "shuffle_v2_element": "failed to verify that second operand v2 and result have same element type",
    "shuffle_rank": "rank mismatch",
    "shuffle_dimension": "dimension mismatch",
    "shuffle_mask_length": "invalid mask length",
    "shuffle_mask_mismatch": "mask length mismatch",
    "shuffle_mask_index": "mask index #{0} out of range",
    "outer_operands": "expected at least 2 operands",
    "outer_vector": "expected vector type for operand #1",
    "outer_lhs_rank": "expected 1-d vector for operand #1",
    "outer_rhs_rank": "expected 1-d vector for operand #2",
    "outer_result_2d": "expected 2-d vector result",
    "outer_result_1d": "expected 1-d vector result",
    "outer_dim": "expected #{0} operand dim to match result dim #{1}",
    "outer_scalable": "expected either both or only #2 operand dim to be scalable",
    "outer_accumulator": "expected operand #3 of same type as result type",
    "combining_kind": "expected 'kind' attribute of type CombiningKind (e.g. 'vector.kind<add>')",
    # TypeCastOp::verify: the operand's layout, canonicalized (canonicalizeStridedLayout)
    "type_cast_layout": "expects operand to be a memref with identity layout",
    # the generated parsers of `vector.reduction`'s format and of its kind (`<` $value `>`)
    "kind_less": "expected '<'",
    "kind_case": "expected {0} to be one of: {1}",
    "reduction_colon": "expected ':'",
    "confined": "expected {0} dimension {1} to be confined to [{2}, {3})",
    "confined_sum": "expected sum({0}, {1}) dimension {2} to be confined to [{3}, {4})",
    "strides": "expected strides to be confined to [1, 2)",
    "insert_slice_offsets": "expected offsets of same size as destination vector rank",
    "insert_slice_strides": "expected strides of same size as source vector rank",
    "insert_slice_rank": "expected source rank to be no greater than destination rank",
    "scalable_flags": "mismatching scalable flags (at source vector idx={0})",
    "scalable_size": "expected size at idx={0} to match the corresponding base size from the input vector ({1} vs {2})",
    "extract_slice_sizes": "expected offsets, sizes and strides attributes of same size",
    "slice_rank": "expected {0} attribute of rank no greater than vector rank",
    "slice_result": "expected result type to be '{0}'",
    "mask_0d_length": "array attr must have length 1 for 0-D vectors",
    "mask_0d_size": "mask dim size must be either 0 or 1 for 0-D vectors",
    "mask_rank": "must specify array attr of size equal vector result rank",
    "mask_bounds": "array attr of size out of bounds of vector result dimension size",
    "mask_scalable": "only supports 'none set' or 'all set' scalable dimensions",
    "mask_zeros": "expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim",
    "create_mask_0d": "must specify exactly one operand for 0-D create_mask",
    "create_mask": "must specify an operand for each result vector dimension",
    "shape_cast_element": "has different source and result element types",
    "shape_cast_count": "has different number of elements at source ({0}) and result ({1})",
    "shape_cast_scalable": "has different number of scalable dims at source ({0}) and result ({1})",
    "bitcast_dimension": TRANSPOSE_DIMENSION,
    "bitcast_0d": "source/result bitwidth of the 0-D vector element types must be equal",
    "bitcast_minor": "source/result bitwidth of the minor 1-D vectors must be equal",
    "reduction_rank": "unsupported reduction rank: {0}",
    "reduction_type": "unsupported reduction type ''{0}'' for kind '{1}'",   # quoted twice, as MLIR prints it
    "multi_reduction": "destination type '{0}' is incompatible with source type '{1}'",
    "scan_dim": "reduction dimension {0} has to be less than {1}",
    "scan_initial_rank": "initial value rank {0} has to be equal to {1}",
    "scan_shapes": "incompatible input/initial value shapes",
    "scan_type": "unsupported reduction type '{0}' for kind '{1}'",
    "two_types": "requires two types",
    "memref_or_tensor": "requires memref or ranked tensor type",
    "vector_type": "requires vector type",
    "custom_map": "expected a custom permutation_map when rank(source) != rank(destination)",
    "transfer_mask_rank": "expected the same rank for the vector and the results of the permutation map",
    "vector_mask": "does not support masks with vector element type",
    "indices": VECTOR_INDICES,
    "broadcast": "should not have broadcast dimensions",
    "bitwidth_vector": "requires the bitwidth of the minor 1-D vector to be an integral multiple of the "
                       "bitwidth of the minor 1-D vector of the source",
    "bitwidth_element": "requires the bitwidth of the minor 1-D vector to be an integral multiple of the "
                        "bitwidth of the source element type",
    "element_rank": "requires source vector element and vector result ranks to match.",
    "map_results": "requires a permutation_map with result dims of the same rank as the vector type",
    "map_symbols": "requires permutation_map without symbols",
    "map_inputs": "requires a permutation_map with input dims of the same rank as the source type",
    "in_bounds": "expects the in_bounds attr of same rank as permutation_map results: {0} vs inBounds of size: {1}",
    "projected": "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)",
    "permutation": "requires a permutation_map that is a permutation (found one dim used more than once)",
    # MaskOp::parse and MaskOp::verify
    "contract_iterators": 'expected "iterator_types" array attribute',
    "contract_iterator": "unexpected iterator_type ({0})",
    "contract_masks": "expected zero or exactly 2 vector mask operands",
    "contract_signless": "only supports signless integer types",
    "contract_maps": "expected an indexing map for each vector operand",
    "contract_symbols": "expected indexing map {0} to have no symbols",
    "contract_inputs": "expected indexing map {0} to have {1} number of inputs",
    "contract_outputs": "expected indexing map {0} to have {1} number of outputs",
    "contract_projected": "expected indexing map {0} to be a projected permutation of its inputs",
    "contract_pair": "expected at least one contracting dimension pair",
    "contract_contracting": "invalid contracting dimension map",
    "contract_batch": "invalid batch dimension map",
    "contract_shape": "invalid accumulator/result vector shape",
    "contract_unused": "expected all dimensions to be either a LHS or a RHS dimension",
    "contract_expected": "invalid accumulator/result vector shape, expected: '{0}'",
    "contract_type": "unsupported contraction type",
    "mask_passthru_result": "expects a result if passthru operand is provided",
    "mask_one_op": "expects only one operation to mask",
    "mask_yield_count": "expects number of results to match mask region yielded values",
    "mask_maskable": "expects a MaskableOpInterface within the mask region",
    "mask_result_type": "expects result type to match maskable operation result type",
    "mask_result_count": "expects number of results to match maskable operation number of results",
    "mask_yield_values": "expects all the results from the MaskableOpInterface to match all the values returned by the terminator",
    "mask_type": "expects a '{0}' mask for the maskable operation",
}


# The LLVM dialect's verifiers beyond its memory ops (LLVMDialect.cpp), by what they check
# (dialects/llvm_checks.py).
LLVM = {
    "string_type": "expected array type of {0} i8 elements for the string constant",
    "struct_array": "expected array attribute for struct type",
    "struct_size": "expected array attribute of size {0}",
    "struct_element_types": "expected struct element types to be floating point type or integer type",
    "struct_element_value": "expected element of array attribute to be floating point or integer",
    "struct_element_type": "struct element at index {0} is of wrong type",
    "target_extension": "does not support target extension type.",
    "constant_kind": "only supports integer, float, string or elements attributes",
    "integer_type": "expected integer type",
    "float_semantics": "attribute and type have different float semantics",
    "integer_width": "expected integer type of width {0}",
    "scalable_splat": "scalable vector type requires a splat attribute",
    "vector_or_array": "expected vector or array type",
    "element_count": "type and attribute have a different number of elements: {0} vs. {1}",
    "integer_elements": "expected integer element type for integer elements attribute",
    "array_or_struct": "expected array or struct type for array attribute",
    "array_size": "array attribute size does not match array type size in dimension {0}: {1} vs. {2}",
    "sub_array": "nested attribute for sub-array in dimension {0} at index {1} must be a zero, or undef, or array attribute",
    "array_struct": "for array with an array attribute must have a struct element type",
    "struct_nested": "nested attribute for struct element at index {0} must be a zero, or undef, or array attribute",
    "struct_nested_size": "nested array attribute size for struct element at index {0} must match struct size: {1} vs. {2}",
    "float_vector_element": "expected LLVM IR floating point type for vector element",
    "float_type": "expected LLVM IR floating point type",
    "xchg_type": "unexpected LLVM IR type for 'xchg' bin_op",
    "integer_type_rmw": "expected LLVM IR integer type",
    "vararg_variadic": "expected var_callee_type to be a variadic function type",
    "vararg_parameters": "expected var_callee_type to have at most {0} parameters",
    "vararg_parameter": "var_callee_type parameter type mismatch: '{0}' != '{1}'",
    "vararg_void": "expected var_callee_type to return void",
    "vararg_result": "var_callee_type return type mismatch: '{0}' != '{1}'",
    # CallOp::verifySymbolUses: the callee, found in the symbol table around the call
    "call_no_callee": "must have either a `callee` attribute or at least an operand",
    "call_indirect_pointer": "indirect call expects a pointer as callee: '{0}'",
    "call_no_symbol": "'{0}' does not reference a symbol in the current scope",
    "call_not_function": "'{0}' does not reference a valid LLVM function or IFunc",
    "call_vararg_missing": "missing var_callee_type attribute for vararg call",
    "call_operand_count": "incorrect number of operands ({0}) for callee (expecting: {1})",
    "call_vararg_operand_count": "incorrect number of operands ({0}) for varargs callee (expecting at least: {1})",
    "call_operand_type": "operand type mismatch for operand {0}: '{1}' != '{2}'",
    "call_no_value": "expected function call to produce a value",
    "call_void_value": "calling function with void result must not produce values",
    "call_result_count": "expected LLVM function call to produce 0 or 1 result",
    "call_result_type": "result type mismatch: '{0}' != '{1}'",
    # the custom parser's trailing types (parseCallTypeAndResolveOperands)
    "call_indirect_types": "expected indirect call to have 2 trailing types",
    "call_direct_types": "expected direct call to have 1 trailing types",
    "call_function_type": "expected trailing function type",
    "call_results": "expected function with 0 or 1 result",
    "call_void_result": "expected a non-void result type",
    # ReturnOp::verify, against the llvm.func around it
    "return_none": "expected no operands",
    "return_one": "expected 1 operand",
    "return_type": "mismatching result types",
    "return_note": "when returning from function",
    "llvm_type": "expected LLVM IR Dialect type, got '{0}'",
    "position": "position out of bounds: {0}",
    "aggregate": "expected LLVM IR structure/array type, got: '{0}'",
    "switch_case_type": "expects case value type to match condition value type",
    "inline_asm_musttail": "tail call kind 'musttail' is not supported by this operation",
    "insert_mismatch": "Type mismatch: cannot insert '{0}' into '{1}'",
    "extract_mismatch": "Type mismatch: extracting from '{0}' should produce '{1}' but this op returns '{2}'",
    "gep_dynamic": "expected as many dynamic indices as specified in 'rawConstantIndices'",
    "gep_inbounds_flag": "'inbounds_flag' cannot be used directly.",
    "gep_struct_constant": "expected index {0} indexing a struct to be constant",
    "gep_struct_bounds": "index {0} indexing a struct is out of bounds",
    "gep_indexed": "type '{0}' cannot be indexed (index #{1})",
    # verifyExtOp (llvm.zext, llvm.sext): emitError, not prefixed with the op's name
    "ext_vector_to_integer": "input type is a vector but output type is an integer",
    "ext_shape": "input and output vectors are of incompatible shape",
    "ext_integer_to_vector": "input type is an integer but output type is a vector",
    "ext_width": "integer width of the output type is smaller or equal to the integer width of the input type",
    # SincosOp::verify
    # GlobalOp::verify, AliasOp::verify / verifyRegions, IFuncOp::verify / verifySymbolUses
    "common_zero": "expected zero value for 'common' linkage",
    "appending_array": "expected array type for 'appending' linkage",
    "alias_type": "expects type to be a valid element type for an LLVM global alias",
    "alias_linkage": "'{0}' linkage not supported in aliases, available options: private, internal, linkonce, weak, "
                     "linkonce_odr, weak_odr, external or available_externally",
    "alias_pointer": "initializer region must always return a pointer",
    "ifunc_linkage": "'{0}' linkage not supported in ifuncs, available options: private, internal, linkonce, weak, "
                     "linkonce_odr, weak_odr, or external linkage",
    "ifunc_resolver": "must have a function resolver",
    "ifunc_definition": "resolver must be a definition",
    # LLVMFuncOp::verify (the inlining message is the function's emitError, not prefixed)
    "function_common": "functions cannot have 'common' linkage",
    "function_external": "external functions must have 'external' or 'extern_weak' linkage",
    "function_inline": "no_inline and always_inline attributes are incompatible",
    "function_optimize_none": "with optimize_none must also be no_inline",
    "sincos_result": "expected result type to be an homogeneous struct with two elements matching the operand type, but got '{0}'",
    # AllocaOp::parse (its own parser, before anything is verified)
    "alloca_alignment": "expected integer alignment",
    "alloca_trailing": "expected trailing function type with one argument and one result",
    # the comparisons' parser (parseCmpOp): the predicate, a string of the enum's
    "predicate_kind": "invalid kind of attribute specified",
    "predicate_value": "'{0}' is an incorrect value of the 'predicate' attribute",
    # GlobalOp::verify's alignment (emitError, not prefixed)
    "global_alignment": "alignment attribute is not a power of 2",
    # GlobalCtorsOp / GlobalDtorsOp: verify (emitError, not prefixed), then verifySymbolUses
    "structors_count": "{0}s, priorities, and data must have the same number of elements",
    "structors_data": "data element must be symbol or #llvm.zero",
    "structor_function": "'{0}' does not reference a valid LLVM function",
    "structor_definition": "'{0}' does not have a definition",
    # LandingpadOp::verify (emitError, not prefixed)
    "landingpad_personality": "llvm.landingpad needs to be in a function with a personality",
    "switch_case_value": "expected integer value",
    "flag_profile_format": "expected one of [{0}] for LLVM ProfileSummary format kinds, got: {1}",
    "shuffle_splat": "expected a splat operation for scalable vectors",
    "addressof_space": "pointer address space must match address space of the referenced global or alias",
    # operand bundles: their parsers' types (resolveOpBundleOperands), their verifier's tags
    "bundle_types": "expected {0} types for operand bundle operands for operand bundle #0, but actually got {1}",
    "bundle_tags": "expected {0} operand bundle tags, but actually got {1}",
    # LLVMFuncOp::verify's walks (emitError, not prefixed; a duplicate tag's at the second tag)
    "landingpad_consistent": "'llvm.landingpad' should have a consistent result type inside a function",
    "resume_consistent": "'llvm.resume' should have a consistent input type inside a function",
    "block_tag_duplicate": "duplicate block tag '{0}' in the same function: ",
    "block_address_tag": "expects an existing block label target in the referenced function",
    # GlobalOp / AliasOp::verifyRegions (emitError at the initializer's op)
    "global_effects": "ops with side effects not allowed in global initializers",
    "alias_effects": "ops with side effects are not allowed in alias initializers",
    # target extension types' properties (AllocaOp::verify, ZeroOp::verify)
    "alloca_target": "this target extension type cannot be used in alloca",
    "zero_target": "target extension type does not support zero-initializer",
    "landingpad_clauses": "landingpad instruction expects at least one clause or cleanup attribute",
    "landingpad_constant": "clause #{0} is not a known constant - null, addressof, bitcast",
    "landingpad_bitcast": "constant clauses expected",
    "landingpad_bitcast_note": "global addresses expected as operand to bitcast used in clauses for landingpad",
    # verifyComdat (globals, functions: emitError, not prefixed), ComdatOp's region
    "comdat_symbol": "expected comdat symbol",
    "comdat_region": "only comdat selector symbols can appear in a comdat region",
    # ModuleFlagAttr::verify, at the flag's parameters
    "flag_value": "only integer and string values are currently supported for unknown key '{0}'",
    "flag_cg_profile": "'CG Profile' key expects an array of '#llvm.cgprofile_entry'",
    "flag_profile_summary": "'ProfileSummary' key expects a '#llvm.profile_summary' attribute",
}


# The xevm dialect's verifiers (XeVMDialect.cpp), by what they check
XEVM = {
    "block_size_8": "vector size must be 2, 4, 8 or 16 for 8-bit element type",
    "block_size": "vector size must be 2, 4 or 8 for element type > 8 bits",
    "mma_c": "type of C operand must match result type",
    "load2d_size": "result size of {0} bits does not match the expected size of {1} bits",
    "store2d_height": "expecting tile_height to be between 1 and 8",
    "store2d_elem_size": "expecting elem_size_in_bits to be 8, 16, 32, or 64",
    "store2d_width": "expecting tile_width to be between {0} and {1}",
}


# The affine dialect's own parsers and verifiers (AffineOps.cpp; dialects/affine_checks.py), by
# what they check. Parser.cpp's own word where an attribute's `-` is followed by no number.
EXPECTED_NUMBER_AFTER_MINUS = "expected constant integer or floating point value"
AFFINE_OPS = {
    # parseBound / AffineIfOp::parse: the operands after a map or set against its dimensions
    # and symbols (the parser's emitError at the op's name)
    "map_dims": "dim operand count and affine map dim count must match",
    "map_symbols": "symbol operand count and affine map symbol count must match",
    "set_dims": "dim operand count and integer set dim count must match",
    "set_symbols": "symbol operand count and integer set symbol count must match",
    "lower_max": "lower loop bound affine map with multiple results requires 'max' prefix",
    "upper_min": "upper loop bound affine map with multiple results requires 'min' prefix",
    "bound_kind": "expected valid affine map representation for loop bounds",
    "step_negative": "expected step to be representable as a positive signed integer",
    # verifyDimAndSymbolIdentifiers (AffineIfOp::verify), of a symbol operand
    "symbol_operand": "operand cannot be used as a symbol",
}


# The gpu dialect's verifiers beyond its reductions (GPUDialect.cpp), by what they check
# (dialects/gpu_checks.py).
GPU = {
    "kernel_void": "expected void return type for kernel function",
    # LaunchOp::verifyRegions (the terminator's an emitError at that op, with a note at the launch)
    "launch_region_arguments": "unexpected number of region arguments",
    "launch_terminator": "expected 'gpu.terminator' or a terminator with successors",
    "launch_terminator_note": "in 'gpu.launch' body region",
    "launch_kernel_kind": "invalid kind of attribute specified",
    # GPUDialect::verifyOperationAttribute: a known launch size on any op
    "launch_size_array": "{0} must be a dense i32 array",
    "launch_size_count": "{0} must contain exactly 3 elements",
    # GPUFuncOp::verifyBody, of the generic form's region
    "func_empty": "expected body with at least one block",
    "func_arguments": "expected at least {0} arguments to body region",
    # RotateOp::verify
    "rotate_offset": "offset must be in the range [0, {0})",
    # parseAsyncDependencies: an `async` op's token is its result, which the text must name
    "async_unnamed": "needs to be named when marked 'async'",
    "attribution_memref": "expected memref type in attribution",
    "attribution_space": "expected memory space {0} in attribution",
    "return_count": "expected {0} result operands",
    "return_note": "return type declared here",
    "return_type": "unexpected type `'{0}'' for operand #{1}",
    "memcpy_element": "arguments have incompatible element type",
    "memcpy_shape": "arguments have incompatible shape",
    "dynamic_space": "address space must be address_space<workgroup>",
    "dynamic_static": "result memref type must be memref<?xi8, #gpu.address_space<workgroup>>",
    # LaunchFuncOp::verify, and its kernel as the symbol table around it holds it
    "launch_container_module": "expected the closest surrounding module to have the 'gpu.container_module' attribute",
    "launch_container": "kernel container '{0}' is undefined",
    "launch_module": "kernel module '{0}' is undefined",
    "launch_function": "kernel function '@{0}::@{1}' is undefined",
    "launch_not_function": "referenced kernel '@{0}::@{1}' is not a function",
    "launch_not_kernel": "kernel function is missing the 'gpu.kernel' attribute",
    "launch_operand_count": "got {0} kernel operands but expected {1}",
    "launch_operand_type": "type of function argument {0} does not match",
    "launch_argument_list": "expected ')' in argument list",
    # WarpExecuteOnLane0Op::verify and verifyDistributedType
    "warp_arguments": "expected same number op arguments and block arguments.",
    "warp_yield": "expected same number of yield operands and return values.",
    "warp_vector": "expected vector type for distributed operands.",
    "warp_rank": "expected distributed vectors to have same rank and element type.",
    "warp_multiple": "expected expanded vector dimension #{0} ({1}) to be a multipler of the distributed vector dimension ({2})",
    "warp_distribution": "incompatible distribution dimensions from '{0}' to '{1}' with warp size = {2}",
    # SubgroupMmaComputeOp / SubgroupMmaStoreMatrixOp::verify (emitError, not prefixed)
    "mma_order": "operands must be in the order AOp, BOp, COp",
    "mma_shapes": "operand shapes do not satisfy matmul constraints",
    "mma_store_c": "expected the operand matrix being stored to have 'COp' operand type",
    # MMAMatrixType::verifyInvariants (the type parser's, at the type)
    "matrix_operand": "operand expected to be one of AOp, BOp or COp",
    "matrix_rank": "MMAMatrixType must have exactly two dimensions",
    "matrix_element": "MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64",
    "func_named_arguments": "gpu.func requires named arguments",
    "kernels_unique": "expected all kernels to be uniquely named",
    "mma_load_stride": "expected source memref most minor dim must have unit stride",
    "mma_store_stride": "expected destination memref most minor dim must have unit stride",
}


# memref.dma_start / dma_wait's verifiers (MemRefOps.cpp), by what they check (dialects/memref_checks.py).
MEMREF_DMA = {
    "at_least": "expected at least {0} operands",
    "memref": "expected {0} to be of memref type",
    "indices": "expected {0} indices to be of index type",
    "num_elements": "expected num elements to be of index type",
    "operand_count": "incorrect number of operands",
    "strides": "expected stride and num elements per stride to be of type index",
    "wait_indices": "expected tagIndices to have the same number of elements as the tagMemRef rank, expected {0}, "
                    "but got {1}",
}

# memref.reinterpret_cast's verifier (emitError: without the op's name).
MEMREF_REINTERPRET = {
    "space": "different memory spaces specified for source type '{0}' and result memref type '{1}'",
    "element": "different element types specified for source type '{0}' and result memref type '{1}'",
    "size": "expected result type with size = {0} instead of {1} in dim = {2}",
    "offset": "expected result type with offset = {0} instead of {1}",
    "stride": "expected result type with stride = {0} instead of {1} in dim = {2}",
    # verifyOffsetSizeAndStrideOp (ViewLikeInterface.cpp), for memref.subview too
    "dynamic_entries": "expected the number of '{0}' to match the number of dynamic entries in 'static_{0}' ({1} vs {2})",
    "offsets_sizes": "expected mixed offsets rank to match mixed sizes rank ({0} vs {1}) so the rank of the result "
                     "type is well-formed.",
    "sizes_strides": "expected mixed sizes rank to match mixed strides rank ({0} vs {1}) so the rank of the result "
                     "type is well-formed.",
    "count": "expected {0} {1} values, got {2}",
    "negative": "expected {0} to be non-negative, but got {1}",
    # SubViewOp::verify (emitError, not prefixed)
    "subview_space": "different memory spaces specified for base memref type '{0}' and subview memref type '{1}'",
    "subview_strided": "base type '{0}' is not strided",
    "subview_rank": "expected result rank to be smaller or equal to the source rank, but got '{0}'",
    "subview_sizes": "expected result type to be '{0}' or a rank-reduced version. (mismatch of result sizes), "
                     "but got '{1}'",
    "subview_element": "expected result element type to be '{0}', but got '{1}'",
    "subview_layout": "expected result type to be '{0}' or a rank-reduced version. (mismatch of result layout), "
                      "but got '{1}'",
    # verifyInBoundsSlice (ViewLikeInterface.cpp)
    "slice_offset": "offset {0} is out-of-bounds: {1} >= {2}",
    "slice_bounds": "slice along dimension {0} runs out-of-bounds: {1} >= {2}",
}

# memref.global's parser and verifier.
MEMREF_GLOBAL = {
    "static": "type should be static shaped memref, but got '{0}'",
    "static_verify": "type should be static shaped memref, but got '{0}'",
    "initial": "initial value should be a unit or elements attribute",
    "element": "initial value element expected to be of type '{0}', but was of type '{1}'",
    "shape": "initial value shape expected to be {0} but was {1}",
    # GetGlobalOp::verifySymbolUses
    "get_missing": "'{0}' does not reference a valid global memref",
    "get_type": "result type '{0}' does not match type '{1}' of the global memref @{2}",
}

# memref.reshape's, memref.atomic_rmw's verifiers and memref.prefetch's parser (MemRefOps.cpp).
MEMREF_OTHER = {
    "reshape_element": "element types of source and destination memref types should be the same",
    "reshape_source_identity": "source memref type should have identity affine map",
    "reshape_result_identity": "result memref type should have identity affine map",
    "reshape_dynamic_shape": "cannot use shape operand with dynamic length to reshape to statically-ranked memref type",
    "reshape_rank": "length of shape operand differs from the result's memref rank",
    "atomic_subscripts": "expects the number of subscripts to be equal to memref rank",
    "atomic_float": "with kind '{0}' expects a floating-point type",
    "atomic_integer": "with kind '{0}' expects an integer type",
    "prefetch_rw": "rw specifier has to be 'read' or 'write'",
    "prefetch_cache": "cache type has to be 'data' or 'instr'",
    # ReallocOp::verify, ViewOp::verify (emitError, not prefixed)
    "realloc_source_layout": "unsupported layout for source memref type '{0}'",
    "realloc_result_layout": "unsupported layout for result memref type '{0}'",
    "realloc_space": "different memory spaces specified for source memref type '{0}' and result memref type '{1}'",
    "realloc_element": "different element types specified for source memref type '{0}' and result memref type '{1}'",
    "realloc_missing": "missing dimension operand for result type '{0}'",
    "realloc_unnecessary": "unnecessary dimension operand for result type '{0}'",
    "view_base_map": "unsupported map for base memref type '{0}'",
    "view_result_map": "unsupported map for result memref type '{0}'",
    # GenericAtomicRMWOp::verify, AtomicYieldOp::verify, DistinctObjectsOp::verify, TransposeOp::verify
    "rmw_arguments": "expected single number of entry block arguments",
    "rmw_argument_type": "expected block argument of the same type result type",
    "rmw_side_effects": "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects",
    "yield_type": "types mismatch between yield op: '{0}' and its parent: '{1}'",
    "distinct_types": "operand types and result types must match",
    "distinct_empty": "expected at least one operand",
    "transpose_permutation": "expected a permutation map",
    "transpose_rank": "expected a permutation map of same rank as the input",
}

# memref.expand_shape / collapse_shape's verifiers (verifyCollapsedShape and the result type).
MEMREF_RESHAPE = {
    "groups": "invalid number of reassociation groups: found {0}, expected {1}",
    "contiguous": "reassociation indices must be contiguous",
    "bounds": "reassociation index {0} is out of bounds",
    "dynamic": "collapsed dim ({0}) must be dynamic if and only if reassociation group is dynamic",
    "size": "collapsed dim size ({0}) must equal reassociation group size ({1})",
    "rank0": "rank 0 memrefs can only be extended/collapsed with/from ones",
    "not_expansion": "has source rank {0} and result rank {1}. This is not an expansion ({0} > {1}).",
    "not_collapse": "has source rank {0} and result rank {1}. This is not a collapse ({0} < {1}).",
    "expanded": "expected expanded type to be '{0}' but found '{1}'",
    "collapsed": "expected collapsed type to be '{0}' but found '{1}'",
    "output_rank": "expected number of static shape bounds to be equal to the output rank ({0}) but found {1} inputs "
                   "instead",
    "output_shape": "invalid output shape provided at pos {0}",
}

# NVVM ops' own verifiers (mlir/lib/Dialect/LLVMIR/IR/NVVMDialect.cpp: WMMALoadOp / WMMAStoreOp /
# WMMAMmaOp / ShflOp::verify, `emitOpError`, so prefixed with the op's name; CpAsyncOp::verify's
# `emitError`, not prefixed).
NVVM = {
    # ConvertF32x2ToF8x2Op / ConvertBF16x2ToF8x2Op::verify, by destination type
    "f8x2_rn": "Only RN rounding mode is supported for conversions from f32x2 to 'f8E4M3FN' and 'f8E5M2' types",
    "f8x2_satfinite": "Only SATFINITE saturation mode is supported for conversions from f32x2 to 'f8E4M3FN' and "
                      "'f8E5M2' types",
    "f8x2_rz_rp": "Only RZ and RP rounding modes are supported for conversions from f32x2 to 'f8E8M0FNU' type",
    "f8x2_relu": "relu not supported for conversions to 'f8E8M0FNU' type",
    "f8x2_types": "Only 'f8E4M3FN', 'f8E5M2', and 'f8E8M0FNU' types are supported for conversions from f32x2 to f8x2",
    "bf16x2_type": "Only 'f8E8M0FNU' type is supported for conversions from bf16x2 to f8x2.",
    "bf16x2_rz_rp": "Only RZ and RP rounding modes are supported for conversions from bf16x2 to f8x2.",
    # NVVMDialect::verifyOperationAttribute / verifyRegionArgAttribute (emitError, not prefixed)
    "kernel_unexpected_op": "'nvvm.kernel' attribute attached to unexpected op",
    "grid_constant_kernel": "'\"nvvm.grid_constant\"' attribute must be present only on kernel arguments",
    "grid_constant_unit": "'\"nvvm.grid_constant\"' must be a unit attribute",
    "grid_constant_byval": "'\"nvvm.grid_constant\"' attribute requires the argument to also have attribute 'llvm.byval'",
    "wmma_load_space": "expected source pointer in memory space 0, 1, 3",
    "wmma_store_space": "expected operands to be a source pointer in memory space 0, 1, 3",
    "wmma_f64": "expected destination type to be f64",
    "wmma_destination": "expected destination type is a structure of {0} elements of type '{1}'",
    "wmma_store_count": "expected {0} data operands",
    "wmma_store_type": "expected data operands of type '{0}'",
    "wmma_arguments": "expected {0} arguments",
    "wmma_argument_type": "expected argument {0} to be of type '{1}'",
    # ShflOp::verify
    "shfl_attribute": '"return_value_and_is_valid" attribute must be specified when the return type is a struct type',
    "shfl_two_elements": "expected return type to be a two-element struct",
    "shfl_type": "expected {0} to be of type '{1}' but got '{2}' instead",
    # CpAsyncOp::verify: emitError, not prefixed
    "cp_async_modifier": "Only CG and CA cache modifiers are supported.",
    "cp_async_size": "expected byte size to be either 4, 8 or 16.",
    "cp_async_cg": "CG cache modifier is only support for 16 bytes copy.",
    # MmaOp::verify ("mma_multiplicand" an emitError, not prefixed; "mma_requires" repeats the
    # op's own "op", as emitOpError("op requires ...") does)
    "mma_multiplicand": "invalid shape or multiplicand type: {0}",
    "mma_ctype": "ctype does not match dtype",
    "mma_variant": "unimplemented variant for MMA shape <{0}, {1}, {2}>",
    "mma_operands": "Could not match types for the {0} operands; expected one of {1}but got {2}",
    "mma_result": "Could not match allowed types for the result; expected one of {0} but got {1}",
    "mma_requires": "op requires {0} attribute",
    "mma_layouts": "requires layoutA = #nvvm.mma_layout<row> and layoutB = #nvvm.mma_layout<col> for shape "
                   "<{0}, {1}, {2}> with element types {3} and {4}. Only m8n8k4 with f16 supports other layouts.",
}

# mlir/lib/AsmParser/LocationParser.cpp: `loc(...)` (server/cute_ir/syntax/location.py), as
# upstream's IR/invalid-locations.mlir words them.
LOCATION_LPAREN = "expected '(' in location"
LOCATION_RPAREN = "expected ')' in location"
LOCATION_NAME_RPAREN = "expected ')' after child location of NameLoc"
LOCATION_CALLSITE_LPAREN = "expected '(' in callsite location"
LOCATION_CALLSITE_AT = "expected 'at' in callsite location"
LOCATION_CALLSITE_RPAREN = "expected ')' in callsite location"
LOCATION_FUSED_GREATER = "expected '>' after fused location metadata"
LOCATION_FUSED_LSQUARE = "expected '[' in fused location"
LOCATION_FUSED_RSQUARE = "expected ']' in fused location"

# The tensor dialect's own verifiers (mlir/lib/Dialect/Tensor/IR/TensorOps.cpp, MLIR 22).
TENSOR = {
    "extract_indices": "incorrect number of indices for extract_element",
    "insert_indices": "incorrect number of indices",
    "empty_sizes": "incorrect number of dynamic sizes, has {0}, expected {1}",
    # produceSliceErrorMsg (TensorOps.cpp; emitError, not prefixed): extract_slice's result and
    # insert_slice's source against the type the sizes infer (isRankReducedType)
    "slice_rank": "expected rank to be smaller or equal to the other rank. ",
    "slice_sizes": "expected type to be '{0}' or a rank-reduced version. (size mismatch) ",
    "slice_element": "expected element type to be '{0}'",
    # PadOp::verify (emitError: not prefixed)
    "pad_infer": "failed to infer expectedType from sourceType '{0}', specified resultType is '{1}'",
    "pad_type": "specified type '{0}' does not match the inferred type '{1}'",
    # ReshapeOp::verify
    "reshape_element": "element types of source and destination tensor types should be the same",
    "reshape_elements": "source and destination tensor should have the same number of elements",
    "reshape_dynamic_shape": "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type",
    "reshape_rank": "length of shape operand differs from the result's tensor rank",
    # ExpandShapeOp / CollapseShapeOp::verify (verifyReshapeLikeTypes, reshapeLikeShapesAreCompatible,
    # verifyTensorReshapeOp); the double blank of "it is  1" is MLIR's
    "output_rank": "expected number of static shape dims to be equal to the output rank ({0}) but found {1} inputs instead",
    "output_dynamic": "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {0} "
                      "dynamic dims while output_shape has {1} values",
    "ranks": "expected the expanded type, '{0}' to have a higher (or same) rank than the collapsed type, '{1}'.",
    "maps": "expected collapsed rank ({0}) to equal the number of reassociation maps ({1}).",
    "map_size": "expected reassociation map #{0} to have size equal to the expanded rank ({1}), but it is  {2}.",
    "contiguous": "expected reassociation map #{0} to be valid and contiguous.",
    "dynamic": "expected dimension {0} of collapsed type to be dynamic since one or more of the corresponding "
               "dimensions in the expanded type is dynamic",
    "static": "expected dimension {0} of collapsed type to be static value of {1}",
    "collapsed": "expected collapsed type to be '{0}', but got '{1}'",
}
