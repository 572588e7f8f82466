/**
 * tree-sitter grammar for the MLIR textual syntax as used by cute_nvgpu / nv_tileas / cute IR.
 *
 * Shape of the design (see README.md for the node names the server relies on):
 *  - Statements (operations, alias definitions) end with the zero-width token `_stmt_end`,
 *    which the external scanner (src/scanner.c) emits only where a new statement really begins
 *    on the next line: `%r = dialect.op`, `"dialect.op"(`, `#alias =`, `!alias =`, or an op
 *    name that is the first token of its line. Custom op bodies are therefore a flat list of
 *    tokens and balanced groups with no GLR conflicts: an op ends exactly where the next one
 *    starts, and a broken op cannot swallow its neighbours.
 *  - The boundary token ends a statement rather than starting the next one so that every
 *    unchanged statement is reusable whole on an incremental re-parse: tree-sitter reuses a
 *    subtree only if its first token was lexed with the same lookahead set, and a zero-width
 *    token lexed inside the previous op's body never is (docs/benchmarks.md, "Re-parse cost").
 *    For the same reason op names are their own token, not the `word` token `bare_id`.
 *  - A region's first statement is marked by `_stmt_start` instead: after `{` it tells a
 *    region (`{ dialect.op ...`) from an attribute dictionary (`{ key = ... }`).
 *  - `_block_start` likewise marks `^label(...):` so that a successor `^bb1(%x : i32)` inside
 *    a custom body is never mistaken for a block header.
 *  - Dialect type/attribute bodies `<...>` are balanced parameter lists. A few parameter
 *    shapes of the cute_nvgpu surface get their own nodes (bit_width, memory_order,
 *    memory_scope, divby) and CuTe layouts get a structured `cute_layout` node.
 */

const commaSep = (rule) => optional(commaSep1(rule));
const commaSep1 = (rule) => seq(rule, repeat(seq(',', rule)));

const FLOAT_TYPES = [
  'bf16', 'f16', 'f32', 'f64', 'f80', 'f128', 'tf32',
  'f4E2M1FN', 'f6E2M3FN', 'f6E3M2FN',
  'f8E3M4', 'f8E4M3', 'f8E4M3FN', 'f8E4M3FNUZ', 'f8E4M3B11FNUZ', 'f8E5M2', 'f8E5M2FNUZ',
  'f8E8M0FNU',
];

const BUILTIN_ATTRIBUTE_KINDS = [
  'dense', 'dense_resource', 'sparse', 'array', 'affine_map', 'affine_set', 'strided',
  'opaque',
];

module.exports = grammar({
  name: 'cute_ir',

  externals: ($) => [$._stmt_start, $._stmt_end, $._block_start, $.unclosed_bracket, $._error_sentinel],

  extras: ($) => [/\s/, $.split_marker, $.comment],

  word: ($) => $.bare_id,

  conflicts: ($) => [],

  rules: {
    // Every statement but the last of its list ends with `_stmt_end` (see the header).
    source_file: ($) => seq(repeat($._terminated_statement), optional($._statement)),

    _terminated_statement: ($) => seq($._statement, $._stmt_end),

    // ------------------------------------------------------------------ statements
    _statement: ($) => choice($.operation, $.type_alias_definition, $.attribute_alias_definition),

    type_alias_definition: ($) => seq(
      field('name', $.type_alias),
      '=',
      field('value', $._type),
    ),

    attribute_alias_definition: ($) => seq(
      field('name', $.attribute_alias),
      '=',
      field('value', $._attribute_value),
    ),

    operation: ($) => seq(
      optional(seq(field('results', $.result_list), '=')),
      choice($._generic_op_tail, $._custom_op_tail),
    ),

    result_list: ($) => commaSep1($.op_result),

    op_result: ($) => seq(
      field('value', $.value_id),
      optional(seq(token.immediate(':'), field('count', $.integer))),
    ),

    _generic_op_tail: ($) => seq(
      field('name', $.string),
      '(',
      optional(field('operands', $.value_use_list)),
      choice(
        seq(
          ')',
          optional(field('successors', $.successor_list)),
          optional(field('properties', $.properties)),
          optional(field('regions', $.region_list)),
          optional(field('attributes', $.attribute_dict)),
          ':',
          field('type', $.function_type),
          optional(field('location', $.location)),
        ),
        $.unclosed_bracket,
      ),
    ),

    _custom_op_tail: ($) => seq(
      field('name', $.op_name),
      optional(field('body', $.custom_body)),
    ),

    // Its own token, not the `word` token: tree-sitter reuses a statement that starts with a
    // keyword-capture token only when the parse state matches exactly, which it does not after
    // the previous statement has been reused. Lower precedence than `bare_id`, so keywords
    // and keys keep their meaning wherever both could match.
    op_name: ($) => token(prec(-1, /[A-Za-z_][A-Za-z0-9_$.]*/)),

    value_use_list: ($) => commaSep1($.value_use),

    successor_list: ($) => seq('[', commaSep1($.successor), ']'),

    successor: ($) => $.caret_id,

    properties: ($) => seq('<', $.attribute_dict, '>'),

    region_list: ($) => seq('(', commaSep1($.region), ')'),

    // A custom op body: any balanced sequence of tokens until the next statement starts.
    custom_body: ($) => repeat1($._custom_item),

    _custom_item: ($) => choice(
      $.value_use,
      $.successor,
      $.symbol_ref,
      $._type,
      $._scalar,
      $._keyed_attribute,
      $.attribute_alias,
      $.keyword,
      $.location,
      $.paren_group,
      $.bracket_group,
      $.angle_group,
      $.region,
      $.attribute_dict,
      $._punctuation,
    ),

    _punctuation: ($) => choice(':', ',', '=', '->', '*', '+', '-', '?', '...', '|', '::'),

    // Every bracket may also end with `unclosed_bracket`: a zero-width token the scanner
    // emits when a line inside the bracket clearly starts a new statement. The bracket then
    // ends there, the syntax layer reports it, and the next operation parses normally.
    paren_group: ($) => seq('(', repeat($._custom_item), choice(')', $.unclosed_bracket)),
    bracket_group: ($) => seq('[', repeat($._custom_item), choice(']', $.unclosed_bracket)),
    angle_group: ($) => seq('<', repeat($._custom_item), choice('>', $.unclosed_bracket)),

    keyword: ($) => $.bare_id,

    // ------------------------------------------------------------------ regions and blocks
    region: ($) => prec(1, seq(
      '{',
      optional(seq($._stmt_start, repeat($._terminated_statement), optional($._statement))),
      repeat($.block),
      '}',
    )),

    block: ($) => seq(
      $._block_start,
      field('label', $.block_label),
      repeat($._terminated_statement),
      optional($._statement),
    ),

    block_label: ($) => seq(
      field('name', $.caret_id),
      optional(seq('(', commaSep($.block_argument), ')')),
      ':',
    ),

    block_argument: ($) => seq(
      field('name', $.value_id),
      ':',
      field('type', $._type),
      optional(field('location', $.location)),
    ),

    // ------------------------------------------------------------------ types
    _type: ($) => choice(
      $.integer_type,
      $.float_type,
      $.index_type,
      $.none_type,
      $.memref_type,
      $.tensor_type,
      $.vector_type,
      $.complex_type,
      $.tuple_type,
      $.cute_nvgpu_type,
      $.cute_layout,
      $.dialect_type,
      $.type_alias,
    ),

    function_type: ($) => seq(
      field('inputs', $.type_list),
      '->',
      field('results', choice($.type_list, $._type)),
    ),

    type_list: ($) => seq('(', commaSep(choice($._type, $.function_type)), ')'),

    float_type: ($) => choice(...FLOAT_TYPES),
    index_type: ($) => 'index',
    none_type: ($) => 'none',

    memref_type: ($) => seq(
      'memref',
      '<',
      optional(choice(field('shape', $.dimension_list), field('shape', $.unranked_dimension))),
      field('element_type', $._type),
      repeat(seq(',', field('parameter', $._shaped_parameter))),
      '>',
    ),

    tensor_type: ($) => seq(
      'tensor',
      '<',
      optional(choice(field('shape', $.dimension_list), field('shape', $.unranked_dimension))),
      field('element_type', $._type),
      repeat(seq(',', field('parameter', $._shaped_parameter))),
      '>',
    ),

    vector_type: ($) => seq(
      'vector',
      '<',
      optional(field('shape', $.dimension_list)),
      field('element_type', $._type),
      '>',
    ),

    _shaped_parameter: ($) => choice($.integer, $._keyed_attribute, $.attribute_alias, $.cute_layout),

    complex_type: ($) => seq('complex', '<', field('element_type', $._type), '>'),
    tuple_type: ($) => seq('tuple', '<', commaSep($._type), '>'),

    // `!cute_nvgpu.<mnemonic><parameters>`: the dialect's own type surface.
    cute_nvgpu_type: ($) => prec.right(seq(
      field('dialect', alias('!cute_nvgpu.', $.dialect_prefix)),
      field('mnemonic', $.mnemonic),
      optional(field('parameters', $.type_parameters)),
    )),

    mnemonic: ($) => token.immediate(/[A-Za-z_][A-Za-z0-9_$.]*/),

    // `!dialect.name<...>` of any other dialect.
    dialect_type: ($) => prec.right(seq(
      field('dialect', alias($._dialect_type_prefix, $.dialect_prefix)),
      field('name', $.type_name),
      optional(field('parameters', $.type_parameters)),
    )),

    type_name: ($) => token.immediate(/[A-Za-z_][A-Za-z0-9_$.]*/),

    // ------------------------------------------------------------------ dialect parameter lists
    type_parameters: ($) => seq('<', repeat($._parameter), choice('>', $.unclosed_bracket)),

    _parameter: ($) => choice(
      $.key_value,
      $.memory_order,
      $.memory_scope,
      $.bit_width,
      $.divby,
      $._parameter_value,
      ',',
    ),

    _parameter_value: ($) => choice(
      $._type,
      $._keyed_attribute,
      $.attribute_alias,
      $.symbol_ref,
      $._scalar,
      $.shape,
      $.keyword,
      $.parameter_group,
      $.parameter_list,
      $.type_parameters,
      '->', ':', '*', '+', '-', '?', '@',
    ),

    key_value: ($) => seq(field('key', $.bare_id), '=', field('value', $._parameter_value)),
    memory_order: ($) => seq('mem_order', '=', field('value', $.bare_id)),
    memory_scope: ($) => seq('mem_scope', '=', field('value', $.bare_id)),
    bit_width: ($) => seq(field('value', $.integer), field('unit', $.unit)),
    unit: ($) => choice('b', 'bit', 'DP'),
    divby: ($) => seq('divby', field('value', $.integer)),

    parameter_group: ($) => seq('(', repeat($._parameter), choice(')', $.unclosed_bracket)),
    parameter_list: ($) => seq('[', repeat($._parameter), choice(']', $.unclosed_bracket)),

    // ------------------------------------------------------------------ CuTe layouts
    // `#cute.layout<(4@0, 32@1)>`, `!cute.layout<"(4,32):(1@0,1@1)">`,
    // `!cute.composed_layout<"S<3,4,3> o 0 o ...">`
    cute_layout: ($) => seq(
      field('kind', $.layout_keyword),
      field('body', choice($.string, $.layout_expression, $.composed_layout_expression)),
      '>',
    ),

    // One token including its '<', so that it outranks the generic `!dialect.` prefix by
    // length while `!cute.layoutx<...>` or `#cute.layout_foo` stay generic dialect names.
    layout_keyword: ($) => /[!#]cute\.(composed_)?layout</,

    layout_expression: ($) => seq(
      field('shape', $._int_tuple),
      optional(seq(':', field('stride', $._int_tuple))),
    ),

    composed_layout_expression: ($) => seq(
      field('inner', choice($.swizzle, $.layout_expression)),
      'o',
      field('offset', $._int_tuple),
      'o',
      field('outer', $.layout_expression),
    ),

    swizzle: ($) => seq('S', '<', $.integer, ',', $.integer, ',', $.integer, '>'),

    _int_tuple: ($) => choice($.integer, $.scaled_basis, $.dynamic, $.int_tuple),
    int_tuple: ($) => seq('(', commaSep($._int_tuple), ')'),
    dynamic: ($) => '?',
    scaled_basis: ($) => /[0-9]+(@[0-9]+)+/,

    // ------------------------------------------------------------------ attributes
    _attribute_value: ($) => choice(
      $._keyed_attribute,
      $.attribute_alias,
      $._scalar,
      $.typed_integer,
      $.array_attribute,
      $.attribute_dict,
      $.symbol_ref,
      $.location,
      $.elided_attribute,
      $._type,
    ),

    // Attributes introduced by a keyword or a prefix, unambiguous anywhere.
    _keyed_attribute: ($) => choice(
      $.dialect_attribute,
      $.builtin_attribute,
    ),

    dialect_attribute: ($) => prec.right(seq(
      field('dialect', alias($._dialect_attribute_prefix, $.dialect_prefix)),
      field('name', $.type_name),
      optional(field('parameters', $.type_parameters)),
    )),

    builtin_attribute: ($) => seq(
      field('kind', choice(...BUILTIN_ATTRIBUTE_KINDS)),
      field('parameters', $.type_parameters),
    ),

    typed_integer: ($) => seq($.integer, ':', $._type),

    array_attribute: ($) => seq('[', commaSep($._attribute_value), choice(']', $.unclosed_bracket)),

    elided_attribute: ($) => $.type_parameters,

    attribute_dict: ($) => seq('{', repeat(seq($.attribute_entry, optional(','))), choice('}', $.unclosed_bracket)),

    attribute_entry: ($) => seq(
      field('name', choice($.bare_id, $.string)),
      optional(seq('=', field('value', $._attribute_value))),
    ),

    location: ($) => seq('loc', '(', repeat($._custom_item), choice(')', $.unclosed_bracket)),

    // ------------------------------------------------------------------ tokens
    _scalar: ($) => choice($.integer, $.float, $.string, $.boolean, $.unit_attribute),
    boolean: ($) => choice('true', 'false'),
    unit_attribute: ($) => 'unit',

    symbol_ref: ($) => prec.right(seq($.symbol, repeat(seq('::', $.symbol)))),

    // Builtin integer types must be declared before bare_id: for `i32` both match with the
    // same length and tree-sitter then prefers the earlier rule; `index_cast` stays a bare_id.
    integer_type: ($) => /[su]?i[0-9]+/,
    shape: ($) => /([0-9]+|\?)(x([0-9]+|\?))+/,
    dimension_list: ($) => /(([0-9]+|\?|\[[0-9]+\])x)+/,
    unranked_dimension: ($) => '*x',

    bare_id: ($) => /[A-Za-z_][A-Za-z0-9_$.]*/,
    value_id: ($) => /%[A-Za-z0-9_$.\-]+/,
    value_use: ($) => seq(
      field('name', $.value_id),
      optional(field('index', alias(token.immediate(/#[0-9]+/), $.result_index))),
    ),
    caret_id: ($) => /\^[A-Za-z0-9_$.\-]+/,
    symbol: ($) => choice(/@[A-Za-z_$.\-][A-Za-z0-9_$.\-]*/, /@"([^"\\\n]|\\.)*"/),
    type_alias: ($) => /![A-Za-z_][A-Za-z0-9_$]*/,
    attribute_alias: ($) => /#[A-Za-z_][A-Za-z0-9_$]*/,
    _dialect_type_prefix: ($) => /![A-Za-z_][A-Za-z0-9_$]*\./,
    _dialect_attribute_prefix: ($) => /#[A-Za-z_][A-Za-z0-9_$]*\./,

    integer: ($) => choice(/-?[0-9]+/, /0x[0-9a-fA-F]+/),
    float: ($) => /-?[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?/,
    string: ($) => /"([^"\\\r\n]|\\.)*"/,

    split_marker: ($) => token(prec(2, '// -----')),
    comment: ($) => token(prec(1, /\/\/[^\r\n]*/)),
  },
});
