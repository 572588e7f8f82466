; Symbols for code navigation: symbol-defining ops (`func.func @name`, `gpu.func`,
; `llvm.func`, modules) and alias definitions.
(operation
  name: (op_name) @_op
  body: (custom_body (symbol_ref . (symbol) @name))
  (#match? @_op "(^|[.])(func|module)$")) @definition.function

(type_alias_definition name: (type_alias) @name) @definition.type
(attribute_alias_definition name: (attribute_alias) @name) @definition.constant
