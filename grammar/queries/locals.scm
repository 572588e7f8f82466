; Scopes: every region is a scope for the SSA values and blocks defined inside it.
(region) @local.scope

(op_result value: (value_id) @local.definition.var)
(block_argument name: (value_id) @local.definition.parameter)
(block_label name: (caret_id) @local.definition.label)

(value_use name: (value_id) @local.reference)
(successor (caret_id) @local.reference)
