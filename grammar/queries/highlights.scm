; Highlights for MLIR text with the cute_nvgpu / cute / nv_tileas surface.

(comment) @comment
(split_marker) @comment.special

(op_name) @function
(operation name: (string) @function)

(value_id) @variable
(result_index) @variable
(block_argument name: (value_id) @variable.parameter)
(caret_id) @label
(symbol) @function

; types
[
  (integer_type)
  (float_type)
  (index_type)
  (none_type)
] @type.builtin
; only inside the type: the same words are plain keywords of custom assembly elsewhere
(memref_type "memref" @type.builtin)
(tensor_type "tensor" @type.builtin)
(vector_type "vector" @type.builtin)
(complex_type "complex" @type.builtin)
(tuple_type "tuple" @type.builtin)
(quantile_type "quantile" @type.builtin)
(cute_nvgpu_type (dialect_prefix) @module)
(cute_nvgpu_type (mnemonic) @type)
(dialect_type (dialect_prefix) @module)
(dialect_type (type_name) @type)
(type_alias) @type.definition
(dimension_list) @number
(unranked_dimension) @number
(shape) @number

; attributes
(dialect_attribute (dialect_prefix) @module)
(dialect_attribute (type_name) @attribute)
(attribute_alias) @constant
(attribute_entry name: (_) @property)
(key_value key: (bare_id) @property)
(builtin_attribute kind: _ @function.builtin)
(layout_keyword) @type
(scaled_basis) @number
(swizzle "S" @function.builtin)

; cute_nvgpu parameter spellings
(memory_order "mem_order" @property)
(memory_order value: (bare_id) @constant)
(memory_scope "mem_scope" @property)
(memory_scope value: (bare_id) @constant)
(bit_width (unit) @keyword)
(divby "divby" @keyword)

(keyword) @keyword
"loc" @keyword
(unit_attribute) @constant.builtin
(boolean) @boolean
(integer) @number
(float) @number.float
(string) @string
(unclosed_bracket) @error

[
  "("
  ")"
  "["
  "]"
  "{"
  "}"
  "<"
  ">"
] @punctuation.bracket
[
  ","
  ":"
] @punctuation.delimiter
[
  "="
  "->"
] @operator
