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

// Words that start a builtin construct but are also ordinary keys and keywords of custom op
// assembly (`test.op array = [1, 2]`): where the construct cannot continue they are a keyword.
const RESERVED_WORDS = [
  ...BUILTIN_ATTRIBUTE_KINDS, 'memref', 'tensor', 'vector', 'complex', 'tuple', 'quantile', 'loc',
];

// A comment is `//` and the rest of the line, unless the line is a split marker `// -----`.
// The lexer takes the longest match, so no proper prefix of the marker may be a whole
// comment: a comment that is such a prefix (`//`, `// --`) takes its line end with it. Such a
// prefix that ends the text, with no line end after it, is the scanner's `comment` (see
// `externals`), as a regex cannot tell the end of the text from any other character.
// A NUL byte is one of a comment's characters, as MLIR's lexer skips it with the rest of the
// line. It is spelt apart (`\x00`): tree-sitter leaves 0 out of a negated class, since its
// lexer's lookahead is 0 at the end of the text too, and guards an explicit one with `!eof`.
const COMMENT_REST = '[^\\r\\n]*(\\x00[^\\r\\n]*)*';
const COMMENT_CHAR = (except) => `(\\x00${COMMENT_REST}|[^${except}\\r\\n]${COMMENT_REST})`;
const COMMENT = new RegExp([
  '//(',
  COMMENT_CHAR(' '),
  '| ', COMMENT_CHAR('-'),
  '| -', COMMENT_CHAR('-'),
  '| --', COMMENT_CHAR('-'),
  '| ---', COMMENT_CHAR('-'),
  '| ----', COMMENT_CHAR('-'),
  '|( | -| --| ---| ----)?(\\r\\n?|\\n)',
  ')',
].join(''));

// `else` / `do` (`word`), read as a keyword, and the region the scanner opens after it when
// the line ends there (`braceless`, see `_else`).
const wordBeforeRegion = ($, word, braceless) => seq(
  alias(word, $.keyword),
  optional(alias(braceless, $.region)),
);
// A region whose `{` is the scanner's zero-width `open`.
const bracelessRegion = ($, open) => seq(alias(open, $.missing_region_open), $._region_contents);

module.exports = grammar({
  name: 'cute_ir',

  // The scanner's closers (see src/scanner.c) differ in which next lines end them:
  //  - unclosed_bracket (`{...}` dictionaries): a line starting a statement or a split;
  //  - _unclosed_group (`(...)`, `[...]`, `<...>`): also a `}` line or an op name first on
  //    its line;
  //  - _unclosed_region (`{` of a region): only a split marker `// -----`;
  //  - incomplete_op (a generic op without its `: type`): like _unclosed_group.
  // `split_marker` (`// -----` and the rest of its line) comes from the scanner too: it is the
  // one token error recovery always sees, so recovery ends at it.
  // A statement written over several lines: `_incomplete_results` ends `%x =` only where the
  // next line cannot hold its op's name, and `_trailing_comma` / `_colon` / `_arrow` are a
  // custom op's `,` `:` `->` at a line's end when the next line goes on with the op (a type, a
  // keyword): the grammar then wants more of the op, not the statement's end.
  // `_region_open_missing` / `_else_region_open_missing` / `_do_region_open_missing`: the
  // zero-width `{` of a region written without it; `_region_missing`: that `{` where nothing
  // of the region follows (see `region`).
  externals: ($) => [
    $._stmt_start, $._stmt_end, $._block_start, $.unclosed_bracket, $._error_sentinel,
    $._unclosed_group, $._unclosed_region, $.incomplete_op, $.split_marker, $._split_skipped,
    $._incomplete_results, $._trailing_comma, $._trailing_colon, $._trailing_arrow, $._nul_blank,
    $.string, $.comment, $._region_open_missing, $._else_region_open_missing, $._region_missing,
    $._do_region_open_missing,
  ],

  // `_nul_blank`: a NUL byte inside the text, a blank to MLIR; it comes from the scanner, since
  // the internal lexer's lookahead is 0 at the end of the text too. For the same reason a
  // `string` with a NUL among its characters comes from the scanner (the others are the rule's),
  // and so does a `comment` that is a proper prefix of the split marker ending the text (`// -`
  // with no line end after it).
  extras: ($) => [/\s/, $.comment, $._nul_blank],

  word: ($) => $.bare_id,

  conflicts: ($) => [],

  rules: {
    // Every statement but the last of its list ends with `_stmt_end` (see the header).
    // `// -----` splits the file into buffers parsed on their own (mlir-opt
    // --split-input-file): it is a statement separator at the top level and nowhere else, so
    // error recovery always ends at it and the next split starts fresh.
    source_file: ($) => seq(
      repeat(choice($._terminated_statement, seq($._statement, $.split_marker), $.split_marker)),
      optional($._statement),
    ),

    _terminated_statement: ($) => seq($._statement, $._stmt_end),

    // ------------------------------------------------------------------ statements
    _statement: ($) => choice(
      $.operation, $.type_alias_definition, $.attribute_alias_definition, $.file_metadata,
    ),

    // `{-# dialect_resources: { builtin: { blob: "0x..." } } #-}`
    file_metadata: ($) => seq('{-#', repeat($._metadata_item), choice('#-}', $._unclosed_group)),
    _metadata_item: ($) => choice($.bare_id, $.string, $.metadata_group, ':', ','),
    metadata_group: ($) => seq('{', repeat($._metadata_item), choice('}', $.unclosed_bracket)),

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

    operation: ($) => choice(
      seq(
        optional(seq(field('results', $.result_list), '=')),
        choice($._generic_op_tail, $._custom_op_tail),
      ),
      // `%x =` with the op name still to be typed: the op ends here, the next line is its own
      // (unless that line can be the op's name: MLIR reads `%x =` / `arith.addi ...` as one op).
      seq(field('results', $.result_list), '=', alias($._incomplete_results, $.incomplete_op)),
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
          choice(
            // A non-function type parses too, and is reported ("expected function type"), so the
            // op still ends on its own line.
            seq(':', field('type', choice($.function_type, $._type)), optional(field('location', $.location))),
            $.incomplete_op,
          ),
        ),
        $._closes_group,
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
    custom_body: ($) => repeat1(choice($._custom_item, $._continued_item)),

    // `: index,` / `index` and the like: punctuation that ends a line of an op going on on the next.
    _continued_item: ($) => seq(
      choice(alias($._trailing_comma, ','), alias($._trailing_colon, ':'), alias($._trailing_arrow, '->')),
      $._custom_item,
    ),

    _custom_item: ($) => choice(
      $.value_use,
      $.successor,
      $.symbol_ref,
      $._type,
      $._scalar,
      $._keyed_attribute,
      $.attribute_alias,
      $.keyword,
      $._else,
      $._do,
      $.location,
      $.paren_group,
      $.bracket_group,
      $.angle_group,
      $.region,
      $.attribute_dict,
      $.brace_group,
      $._punctuation,
    ),

    _punctuation: ($) => choice(
      ':', ',', '=', '->', '*', '+', '-', '?', '...', '|', '::', '==', '>=', '<=',
    ),

    // Every bracket may also end with `unclosed_bracket`: a zero-width token the scanner
    // emits when a line inside the bracket clearly starts a new statement. The bracket then
    // ends there, the syntax layer reports it, and the next operation parses normally.
    paren_group: ($) => seq('(', repeat($._custom_item), choice(')', $._closes_group)),
    bracket_group: ($) => seq('[', repeat($._custom_item), choice(']', $._closes_group)),
    angle_group: ($) => seq('<', repeat($._custom_item), choice('>', $._closes_group)),
    // A brace that opens neither a region nor an attribute dictionary, in an op's own format:
    // `transform.structured.match ops{["d.a", "d.b"]} in %root`, `{ (%a), (%b) }`. No op and
    // no dictionary key starts with `[` or `(`, so that first token tells it apart.
    brace_group: ($) => seq(
      '{',
      choice($.bracket_group, $.paren_group),
      repeat($._custom_item),
      choice('}', $._closes_group),
    ),

    _closes_group: ($) => alias($._unclosed_group, $.unclosed_bracket),

    keyword: ($) => choice($.bare_id, ...RESERVED_WORDS.map((w) => prec(-1, w))),

    // `else` (scf.if's, affine.if's) and `do` (scf.while's) are keywords like any other, read
    // as such (`(keyword (bare_id))`); only a region may follow them, so when the line ends
    // after one and the region's first op, block label or `}` follows, deeper than the line of
    // the `}` before the word, the `{` it is missing is supplied as in `region`; where the next
    // line is no deeper (the word typed before its `{`, the rest of the block after it), the
    // region is that `{` alone (`region`'s `_region_missing`), and the lines after it stay the
    // block's.
    _else: ($) => wordBeforeRegion($, $._else_word, $._braceless_else_region),
    _else_word: ($) => alias('else', $.bare_id),
    _braceless_else_region: ($) => bracelessRegion($, $._else_region_open_missing),
    _do: ($) => wordBeforeRegion($, $._do_word, $._braceless_do_region),
    _do_word: ($) => alias('do', $.bare_id),
    _braceless_do_region: ($) => bracelessRegion($, $._do_region_open_missing),

    // ------------------------------------------------------------------ regions and blocks
    // `missing_region_open`: the zero-width `{` the scanner supplies where an op whose parser
    // reads a region next (`scf.if %c`, `scf.for ...`, `scf.execute_region`, scf.index_switch's
    // `case 2` / `default`) ends its line without it and the region's first op (or its `}`)
    // follows; the region and its `}` are then read as written. The server reports the `{`.
    // Where the line after such an op's header is not its region's (indented no deeper than
    // the op's line: `scf.if %c` typed before its `{`, the rest of the block after it), the
    // region is the missing `{` alone (`_region_missing`, zero-width at the header's end), and
    // the lines after it stay the block's.
    region: ($) => prec(1, choice(
      seq(choice('{', alias($._region_open_missing, $.missing_region_open)), $._region_contents),
      alias($._region_missing, $.missing_region_open),
    )),

    _region_contents: ($) => prec(1, seq(
      optional(seq($._stmt_start, repeat($._terminated_statement), optional($._statement))),
      repeat($.block),
      choice('}', alias($._unclosed_region, $.unclosed_bracket)),
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
      $.quantile_type,
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

    type_list: ($) => seq('(', commaSep(choice($._type, $.function_type)), choice(')', $._closes_group)),

    float_type: ($) => choice(...FLOAT_TYPES),
    index_type: ($) => 'index',
    none_type: ($) => 'none',

    memref_type: ($) => seq(
      'memref',
      '<',
      optional(choice(field('shape', $.dimension_list), field('shape', $.unranked_dimension))),
      field('element_type', $._type),
      repeat(seq(',', field('parameter', $._shaped_parameter))),
      choice('>', $._closes_group),
    ),

    tensor_type: ($) => seq(
      'tensor',
      '<',
      optional(choice(field('shape', $.dimension_list), field('shape', $.unranked_dimension))),
      field('element_type', $._type),
      repeat(seq(',', field('parameter', $._shaped_parameter))),
      choice('>', $._closes_group),
    ),

    vector_type: ($) => seq(
      'vector',
      '<',
      optional(field('shape', $.dimension_list)),
      field('element_type', $._type),
      choice('>', $._closes_group),
    ),

    // A memref's layout and memory space, a tensor's encoding: any attribute but a type.
    _shaped_parameter: ($) => choice(
      $.integer, $._keyed_attribute, $.attribute_alias, $.cute_layout, $.string,
      $.attribute_dict, $.array_attribute, $.typed_integer, $.typed_attribute,
    ),

    complex_type: ($) => seq('complex', '<', field('element_type', $._type), choice('>', $._closes_group)),
    tuple_type: ($) => seq('tuple', '<', commaSep($._type), choice('>', $._closes_group)),

    // `quantile<ui4:f16, {-1.0,0.0,1.0}>`, optionally followed by a storage range `<0:7>`.
    quantile_type: ($) => prec.right(seq(
      'quantile',
      field('parameters', $.type_parameters),
      optional(field('range', $.type_parameters)),
    )),

    // `!cute_nvgpu.<mnemonic><parameters>`: the dialect's own type surface.
    cute_nvgpu_type: ($) => prec.right(seq(
      field('dialect', alias('!cute_nvgpu.', $.dialect_prefix)),
      field('mnemonic', $.mnemonic),
      optional(field('parameters', $.type_parameters)),
    )),

    mnemonic: ($) => token.immediate(/[A-Za-z_][A-Za-z0-9_$.]*/),

    // `!dialect.name<...>` of any other dialect, or the opaque `!dialect<...>`.
    dialect_type: ($) => choice(
      prec.right(seq(
        field('dialect', alias($._dialect_type_prefix, $.dialect_prefix)),
        field('name', $.type_name),
        optional(field('parameters', $.type_parameters)),
      )),
      seq(
        field('dialect', alias($._opaque_type_prefix, $.dialect_prefix)),
        field('parameters', alias($._opaque_body, $.type_parameters)),
      ),
    ),

    // After `!dialect<` / `#dialect<` (the prefix token includes the `<`).
    _opaque_body: ($) => seq(repeat($._parameter), choice('>', $._closes_group)),

    type_name: ($) => token.immediate(/[A-Za-z_][A-Za-z0-9_$.]*/),

    // ------------------------------------------------------------------ dialect parameter lists
    type_parameters: ($) => seq('<', repeat($._parameter), choice('>', $._closes_group)),

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
      $.parameter_dict,
      $.type_parameters,
      '->', ':', '*', '+', '-', '?', '@', '=', '==', '>=', '<=', '...', '::', '|',
      $._free_punctuation,
    ),

    // A pretty dialect body is any balanced text: characters that are no token of their own
    // are still part of it (`#d.a<abcd<[f]$$[32]>>`), and so is a slash that does not start a
    // comment (`#test.slash_attr<1 / 2>`: the slash with the character after it).
    _free_punctuation: ($) => token(prec(-2, /[^\s\w<>()\[\]{}"%@#!,:=*+\-?|\/]|[#!]|\/[^\/\n]/)),

    key_value: ($) => prec(1, seq(field('key', $.bare_id), '=', field('value', $._parameter_value))),
    memory_order: ($) => seq('mem_order', '=', field('value', $.bare_id)),
    memory_scope: ($) => seq('mem_scope', '=', field('value', $.bare_id)),
    bit_width: ($) => seq(field('value', $.integer), field('unit', $.unit)),
    unit: ($) => choice('b', 'bit', 'DP'),
    divby: ($) => seq('divby', field('value', $.integer)),

    parameter_group: ($) => seq('(', repeat($._parameter), choice(')', $._closes_group)),
    parameter_list: ($) => seq('[', repeat($._parameter), choice(']', $._closes_group)),
    parameter_dict: ($) => seq('{', repeat($._parameter), choice('}', $.unclosed_bracket)),

    // ------------------------------------------------------------------ CuTe layouts
    // `#cute.layout<(4@0, 32@1)>`, `!cute.layout<"(4,32):(1@0,1@1)">`,
    // `!cute.composed_layout<"S<3,4,3> o 0 o ...">`
    cute_layout: ($) => seq(
      field('kind', $.layout_keyword),
      field('body', choice($.string, $.layout_expression, $.composed_layout_expression)),
      choice('>', $._closes_group),
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
      $.typed_attribute,
      $.array_attribute,
      $.attribute_dict,
      $.symbol_ref,
      $.location,
      $.alias_location,
      $.elided_attribute,
      $._type,
      $.function_type,
    ),

    // `#loc("file":1:0)`, `#loc(callsite(...))`: a location written as an attribute value.
    alias_location: ($) => seq(field('name', $.attribute_alias), token.immediate('('), repeat($._custom_item),
      choice(')', $._closes_group)),

    // Attributes introduced by a keyword or a prefix, unambiguous anywhere.
    _keyed_attribute: ($) => choice(
      $.dialect_attribute,
      $.builtin_attribute,
      $.distinct_attribute,
    ),

    dialect_attribute: ($) => choice(
      prec.right(seq(
        field('dialect', alias($._dialect_attribute_prefix, $.dialect_prefix)),
        field('name', $.type_name),
        optional(field('parameters', $.type_parameters)),
      )),
      seq(
        field('dialect', alias($._opaque_attribute_prefix, $.dialect_prefix)),
        field('parameters', alias($._opaque_body, $.type_parameters)),
      ),
    ),

    // `distinct[0]<42 : i32>`; `distinct[` is one token so that `distinct` stays a keyword.
    distinct_attribute: ($) => seq(
      /distinct\[/,
      field('id', $.integer),
      ']',
      field('parameters', $.type_parameters),
    ),

    builtin_attribute: ($) => seq(
      field('kind', choice(...BUILTIN_ATTRIBUTE_KINDS)),
      field('parameters', $.type_parameters),
    ),

    typed_integer: ($) => seq($.integer, ':', $._type),

    // Any other attribute value with a type: `1.0 : f32`, `dense<5> : tensor<i9>`,
    // `"s" : !d.string`, `#d.a : i32`.
    typed_attribute: ($) => seq(
      field('value', choice(
        $.float, $.string, $.boolean, $._keyed_attribute, $.attribute_alias, $.array_attribute,
      )),
      ':',
      field('type', $._type),
    ),

    array_attribute: ($) => seq('[', commaSep($._attribute_value), choice(']', $._closes_group)),

    elided_attribute: ($) => $.type_parameters,

    attribute_dict: ($) => seq('{', repeat(seq($.attribute_entry, optional(','))), choice('}', $.unclosed_bracket)),

    // An SSA value as an entry's value belongs to an op's own format (pdl's `operation
    // {"attr" = %a}`); anywhere else the syntax layer reports it as MLIR does.
    attribute_entry: ($) => seq(
      field('name', choice($.bare_id, $.string)),
      optional(seq('=', field('value', choice($._attribute_value, $.value_use)))),
    ),

    location: ($) => seq('loc', '(', repeat($._custom_item), choice(')', $._closes_group)),

    // ------------------------------------------------------------------ tokens
    _scalar: ($) => choice($.integer, $.float, $.string, $.boolean, $.unit_attribute),
    boolean: ($) => choice('true', 'false'),
    unit_attribute: ($) => 'unit',

    symbol_ref: ($) => prec.right(seq($.symbol, repeat(seq('::', $.symbol)))),

    // Builtin integer types must be declared before bare_id: for `i32` both match with the
    // same length and tree-sitter then prefers the earlier rule; `index_cast` stays a bare_id.
    integer_type: ($) => /[su]?i[0-9]+/,
    shape: ($) => /([0-9]+|\?)(x([0-9]+|\?))+/,
    // Blanks may surround each `x`: `memref<2 x i32>`, `tensor<* x f32>`.
    dimension_list: ($) => /(([0-9]+|\?|\[[0-9]+\])[ \t]*x[ \t]*)+/,
    unranked_dimension: ($) => /\*[ \t]*x/,

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
    _opaque_type_prefix: ($) => /![A-Za-z_][A-Za-z0-9_$]*</,
    _opaque_attribute_prefix: ($) => /#[A-Za-z_][A-Za-z0-9_$]*</,

    integer: ($) => choice(/-?[0-9]+/, /-?0x[0-9a-fA-F]+/),
    float: ($) => choice(
      /-?[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?/,
      /-?0x[0-9a-fA-F]*(\.[0-9a-fA-F]*)?[pP][-+]?[0-9]+/,   // C-style hexadecimal
    ),
    // (A string with a NUL among its characters comes from the scanner: see `externals`.)
    string: ($) => /"([^"\\\r\n]|\\.)*"/,

    comment: ($) => token(prec(1, COMMENT)),
  },
});
